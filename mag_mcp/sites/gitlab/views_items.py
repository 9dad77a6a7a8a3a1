"""Issues and merge requests of a project: lists with filters, the detail (Overview) pages,
creation and the edit page. The POST actions on one item are in `item_actions`, the merge
request's other tabs in `views_mr`.

Both kinds share the code; `items_common.KINDS` holds what differs.
"""

from __future__ import annotations

import sqlite3

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import (
    access_level,
    current_user,
    forbidden,
    form_view,
    get_project,
    login_redirect,
    now,
    page_view,
    parse_date,
    parse_int,
    project_page,
    redirect,
    touch_project,
    user_by_name,
)
from .item_detail import detail_context
from .items_common import ISSUE, MR, Kind, _item, _item_url, _labels, _milestones
from .queries import ISSUE_SORTS, filters_from, list_items, project_users

REPORTER, DEVELOPER = 20, 30



def _list(request: Request, kind: Kind, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    f = filters_from(request)
    data = list_items(conn, kind.key, f, "i.project_id = ?", [p["id"]])
    return project_page(
        request,
        p,
        "items.html",
        dict(
            title=("Issues" if kind is ISSUE else "Merge requests") + f" · {p['name']} · GitLab",
            kind=kind,
            f=f,
            sorts=ISSUE_SORTS,
            labels_all=_labels(conn, p["id"]),
            milestones=_milestones(conn, p["id"]),
            members=project_users(conn, p["id"]),
            **data,
        ),
        kind.section,
    )


@page_view
def issues(request: Request, ns: str, project: str) -> Response:
    return _list(request, ISSUE, ns, project)


@page_view
def merge_requests(request: Request, ns: str, project: str) -> Response:
    return _list(request, MR, ns, project)


# --- detail -------------------------------------------------------------------------------------------


def _show(request: Request, kind: Kind, ns: str, project: str, iid: int) -> Response:
    p, ctx = detail_context(request, kind, ns, project, iid)
    item = ctx["item"]
    ctx["title"] = f"{item['title']} ({kind.sigil}{iid}) · {kind.noun.capitalize()}s · {p['name']} · GitLab"
    ctx["tab"] = "overview"
    return project_page(request, p, "item.html", ctx, kind.section)


@page_view
def issue(request: Request, ns: str, project: str, iid: int) -> Response:
    return _show(request, ISSUE, ns, project, iid)


@page_view
def merge_request(request: Request, ns: str, project: str, iid: int) -> Response:
    return _show(request, MR, ns, project, iid)


# --- creation ---------------------------------------------------------------------------------------------


def _new_form(
    request: Request, kind: Kind, p: sqlite3.Row, values: dict, errors: dict, status_code: int = 200
) -> Response:
    conn = db(request)
    ctx = dict(
        title=f"New {kind.noun} · {p['name']} · GitLab",
        kind=kind,
        values=values,
        errors=errors,
        labels_all=_labels(conn, p["id"]),
        milestones=_milestones(conn, p["id"], active_only=True),
        members=project_users(conn, p["id"]),
        branches=[
            r[0] for r in conn.execute("SELECT name FROM branches WHERE project_id = ? ORDER BY name", (p["id"],))
        ],
    )
    if errors:
        ctx["messages"] = [["alert", "; ".join(errors.values())]]
    return project_page(request, p, "item_new.html", ctx, kind.section, status_code)


def _new(request: Request, kind: Kind, ns: str, project: str) -> Response:
    p = get_project(request, ns, project)
    me = current_user(request)
    if me is None:
        return login_redirect(request)
    conn = db(request)
    if kind is MR and access_level(conn, me, p) < DEVELOPER:
        return forbidden(request, "You need the Developer role or higher to create merge requests in this project.")
    q = request.query_params
    values = {
        "title": q.get("issue[title]") or q.get("merge_request[title]") or "",
        "source_branch": q.get("merge_request[source_branch]") or "",
        "target_branch": p["default_branch"],
        "labels": [],
        "description": "",
    }
    if kind is MR and values["source_branch"] and not values["title"]:
        values["title"] = values["source_branch"].split("/")[-1].replace("-", " ").capitalize()
    return _new_form(request, kind, p, values, {})


@page_view
def issue_new(request: Request, ns: str, project: str) -> Response:
    return _new(request, ISSUE, ns, project)


@page_view
def mr_new(request: Request, ns: str, project: str) -> Response:
    return _new(request, MR, ns, project)


def _create(request: Request, kind: Kind, form: dict, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    me = current_user(request)
    level = access_level(conn, me, p)
    prefix = "issue" if kind is ISSUE else "merge_request"
    values = {
        k: (form.get(f"{prefix}[{k}]") or "").strip()
        for k in (
            "title",
            "description",
            "assignee_username",
            "reviewer_username",
            "milestone_id",
            "due_date",
            "source_branch",
            "target_branch",
        )
    }
    values["description"] = form.get(f"{prefix}[description]") or ""
    values["labels"] = form.get(f"{prefix}[label_names][]") or []
    errors = {}
    if not values["title"]:
        errors["title"] = "Title can't be blank"
    assignee = user_by_name(conn, values["assignee_username"]) if values["assignee_username"] else None
    reviewer = user_by_name(conn, values["reviewer_username"]) if values["reviewer_username"] else None
    if values["assignee_username"] and assignee is None:
        errors["assignee"] = "Assignee not found"
    milestone = None
    if values["milestone_id"]:
        milestone = conn.execute(
            "SELECT * FROM milestones WHERE project_id = ? AND id = ?", (p["id"], parse_int(values["milestone_id"], -1))
        ).fetchone()
    try:
        due = parse_date(values["due_date"]) if kind is ISSUE else None
    except ValueError:
        errors["due_date"] = "Due date is not a valid date"
        due = None
    if kind is MR:
        if level < DEVELOPER:
            return forbidden(request, "You need the Developer role or higher to create merge requests.")
        branches = {r[0] for r in conn.execute("SELECT name FROM branches WHERE project_id = ?", (p["id"],))}
        if values["source_branch"] not in branches:
            errors["source_branch"] = "Source branch is required and must exist"
        if not values["target_branch"]:
            values["target_branch"] = p["default_branch"]
        if values["target_branch"] not in branches:
            errors["target_branch"] = "Target branch must exist"
        if values["source_branch"] and values["source_branch"] == values["target_branch"]:
            errors["target_branch"] = "You must select different branches"
        if (
            not errors
            and conn.execute(
                "SELECT 1 FROM merge_requests WHERE project_id = ? AND source_branch = ? AND target_branch = ?"
                " AND state = 'opened'",
                (p["id"], values["source_branch"], values["target_branch"]),
            ).fetchone()
        ):
            errors["source_branch"] = "Another open merge request already exists for this source branch"
    if errors:
        return _new_form(request, kind, p, values, errors, status_code=422)
    if level < REPORTER:  # non-members may open issues, but not set their metadata
        assignee = reviewer = milestone = None
        due = None
        values["labels"] = []
    iid = conn.execute(
        f"SELECT COALESCE(MAX(iid), 0) + 1 FROM {kind.table} WHERE project_id = ?", (p["id"],)
    ).fetchone()[0]
    ts = now()
    if kind is ISSUE:
        cur = conn.execute(
            "INSERT INTO issues (project_id, iid, title, description, state, author_id, assignee_id, milestone_id,"
            " due_date, confidential, created_at, updated_at) VALUES (?,?,?,?,'opened',?,?,?,?,0,?,?)",
            (
                p["id"],
                iid,
                values["title"],
                values["description"],
                me["id"],
                assignee["id"] if assignee else None,
                milestone["id"] if milestone else None,
                due,
                ts,
                ts,
            ),
        )
    else:
        cur = conn.execute(
            "INSERT INTO merge_requests (project_id, iid, title, description, state, author_id, assignee_id,"
            " reviewer_id, source_branch, target_branch, milestone_id, created_at, updated_at)"
            " VALUES (?,?,?,?,'opened',?,?,?,?,?,?,?,?)",
            (
                p["id"],
                iid,
                values["title"],
                values["description"],
                me["id"],
                assignee["id"] if assignee else None,
                reviewer["id"] if reviewer else None,
                values["source_branch"],
                values["target_branch"],
                milestone["id"] if milestone else None,
                ts,
                ts,
            ),
        )
    for title in values["labels"]:
        label = conn.execute("SELECT id FROM labels WHERE project_id = ? AND title = ?", (p["id"], title)).fetchone()
        if label is not None:
            conn.execute(f"INSERT OR IGNORE INTO {kind.link_table} VALUES (?,?)", (cur.lastrowid, label["id"]))
    touch_project(conn, p["id"])
    return redirect(request, _item_url(kind, p, iid))


@form_view
def issue_create(request: Request, form: dict, ns: str, project: str) -> Response:
    return _create(request, ISSUE, form, ns, project)


@form_view
def mr_create(request: Request, form: dict, ns: str, project: str) -> Response:
    return _create(request, MR, form, ns, project)


# --- actions on one item ----------------------------------------------------------------------------------


def _edit_page(request: Request, kind: Kind, ns: str, project: str, iid: int) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    item = _item(conn, kind, p, iid)
    me = current_user(request)
    if me is None:
        return login_redirect(request)
    if not (access_level(conn, me, p) >= REPORTER or me["id"] == item["author_id"]):
        return forbidden(request, f"You are not allowed to edit this {kind.noun}.")
    return project_page(
        request,
        p,
        "item_edit.html",
        dict(
            title=f"Edit {kind.noun} {kind.sigil}{iid} · {p['name']} · GitLab",
            kind=kind,
            item=item,
            item_url=_item_url(kind, p, iid),
        ),
        kind.section,
    )


@page_view
def issue_edit(request: Request, ns: str, project: str, iid: int) -> Response:
    return _edit_page(request, ISSUE, ns, project, iid)


@page_view
def mr_edit(request: Request, ns: str, project: str, iid: int) -> Response:
    return _edit_page(request, MR, ns, project, iid)
