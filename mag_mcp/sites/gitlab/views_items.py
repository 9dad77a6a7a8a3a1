"""Issues and merge requests of a project: lists with filters, detail pages, creation, comments,
close / reopen / merge, and sidebar edits (labels, assignee, reviewer, milestone, due date).

Both kinds share the code; `KINDS` holds what differs. Every change of state also writes a
system note ("closed", "added ~bug label", ...), as GitLab does.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import (
    access_level,
    current_user,
    date_short,
    forbidden,
    form_view,
    get_project,
    login_redirect,
    now,
    page_view,
    parse_date,
    parse_int,
    project_page,
    project_url,
    redirect,
    touch_project,
    user_by_name,
)
from .queries import ISSUE_SORTS, filters_from, labels_of, list_items, project_users
from .seed import sha_of

REPORTER, DEVELOPER = 20, 30


@dataclass(frozen=True)
class Kind:
    key: str  # 'issue' | 'mr'
    table: str
    link_table: str
    link_col: str
    noteable: str
    url: str  # URL segment
    sigil: str
    noun: str  # 'issue' | 'merge request'
    section: str  # sidebar section


ISSUE = Kind("issue", "issues", "issue_labels", "issue_id", "Issue", "issues", "#", "issue", "issues")
MR = Kind(
    "mr",
    "merge_requests",
    "mr_labels",
    "merge_request_id",
    "MergeRequest",
    "merge_requests",
    "!",
    "merge request",
    "mrs",
)
KINDS = {"issue": ISSUE, "mr": MR}


def _labels(conn: sqlite3.Connection, project_id: int) -> list[sqlite3.Row]:
    return conn.execute("SELECT * FROM labels WHERE project_id = ? ORDER BY lower(title)", (project_id,)).fetchall()


def _milestones(conn: sqlite3.Connection, project_id: int, active_only: bool = False) -> list[sqlite3.Row]:
    sql = "SELECT * FROM milestones WHERE project_id = ?" + (" AND state = 'active'" if active_only else "")
    return conn.execute(sql + " ORDER BY due_date IS NULL, due_date, title", (project_id,)).fetchall()


def _item(conn: sqlite3.Connection, kind: Kind, project: sqlite3.Row, iid: int) -> sqlite3.Row:
    row = conn.execute(f"SELECT * FROM {kind.table} WHERE project_id = ? AND iid = ?", (project["id"], iid)).fetchone()
    if row is None:
        raise HTTPException(404)
    return row


def _item_url(kind: Kind, project: sqlite3.Row, iid: int) -> str:
    return f"{project_url(project)}/-/{kind.url}/{iid}"


def _note(conn: sqlite3.Connection, kind: Kind, item: sqlite3.Row, author_id: int, body: str, system: int = 0) -> None:
    ts = now()
    conn.execute(
        "INSERT INTO notes (project_id, noteable_type, noteable_id, author_id, body, system, created_at)"
        " VALUES (?,?,?,?,?,?,?)",
        (item["project_id"], kind.noteable, item["id"], author_id, body, system, ts),
    )
    conn.execute(f"UPDATE {kind.table} SET updated_at = ? WHERE id = ?", (ts, item["id"]))
    touch_project(conn, item["project_id"])


# --- lists -----------------------------------------------------------------------------------------


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
    conn = db(request)
    p = get_project(request, ns, project)
    item = _item(conn, kind, p, iid)
    me = current_user(request)
    level = access_level(conn, me, p)
    people = {
        r["id"]: r
        for r in conn.execute(
            "SELECT * FROM users WHERE id IN (?,?,?,?)",
            (
                item["author_id"],
                item["assignee_id"] or -1,
                (item["reviewer_id"] if kind is MR else None) or -1,
                (item["closed_by_id"] if kind is ISSUE else item["merged_by_id"]) or -1,
            ),
        )
    }
    notes = conn.execute(
        "SELECT n.*, u.username, u.name FROM notes n JOIN users u ON u.id = n.author_id"
        " WHERE n.noteable_type = ? AND n.noteable_id = ? ORDER BY n.created_at, n.id",
        (kind.noteable, item["id"]),
    ).fetchall()
    milestone = conn.execute("SELECT * FROM milestones WHERE id = ?", (item["milestone_id"] or -1,)).fetchone()
    is_author = bool(me and me["id"] == item["author_id"])
    ctx: dict[str, Any] = dict(
        title=f"{item['title']} ({kind.sigil}{iid}) · {kind.noun.capitalize()}s · {p['name']} · GitLab",
        kind=kind,
        item=item,
        people=people,
        notes=notes,
        milestone=milestone,
        item_labels=labels_of(conn, kind.key, [item["id"]])[item["id"]],
        labels_all=_labels(conn, p["id"]),
        milestones=_milestones(conn, p["id"]),
        members=project_users(conn, p["id"]),
        item_url=_item_url(kind, p, iid),
        can_edit=level >= REPORTER,
        can_close=level >= REPORTER or is_author,
        can_merge=level >= DEVELOPER,
        can_retitle=level >= REPORTER or is_author,
        participants=conn.execute(
            "SELECT DISTINCT u.* FROM users u WHERE u.id = ? OR u.id IN (SELECT author_id FROM notes"
            " WHERE noteable_type = ? AND noteable_id = ?) ORDER BY lower(u.name)",
            (item["author_id"], kind.noteable, item["id"]),
        ).fetchall(),
    )
    if kind is MR:
        ctx["commit_count"] = conn.execute(
            "SELECT COUNT(*) FROM commits WHERE project_id = ? AND branch = ?", (p["id"], item["source_branch"])
        ).fetchone()[0]
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


def _action(kind: Kind, name: str):
    """A POST endpoint for one action on one issue / merge request."""

    def endpoint(request: Request, form: dict, ns: str, project: str, iid: int) -> Response:
        conn = db(request)
        p = get_project(request, ns, project)
        item = _item(conn, kind, p, iid)
        me = current_user(request)
        level = access_level(conn, me, p)
        url = _item_url(kind, p, iid)
        is_author = me["id"] == item["author_id"]
        if name == "notes":
            body = (form.get("note[note]") or "").strip()
            if not body:
                return redirect(request, url, "Your comment could not be submitted because it is empty.", "alert")
            _note(conn, kind, item, me["id"], body)
            return redirect(request, url + "#notes")
        if name in ("close", "reopen"):
            if not (level >= REPORTER or is_author):
                return forbidden(request, f"You are not allowed to {name} this {kind.noun}.")
            if name == "close" and item["state"] == "opened":
                extra = ", closed_by_id = ?" if kind is ISSUE else ""
                args = [now()] + ([me["id"]] if kind is ISSUE else []) + [item["id"]]
                conn.execute(f"UPDATE {kind.table} SET state = 'closed', closed_at = ?{extra} WHERE id = ?", args)
                _note(conn, kind, item, me["id"], "closed", 1)
            elif name == "reopen" and item["state"] == "closed":
                extra = ", closed_by_id = NULL" if kind is ISSUE else ""
                conn.execute(
                    f"UPDATE {kind.table} SET state = 'opened', closed_at = NULL{extra} WHERE id = ?", (item["id"],)
                )
                _note(conn, kind, item, me["id"], "reopened", 1)
            return redirect(request, url)
        if name == "merge":
            if level < DEVELOPER:
                return forbidden(request, "You need the Developer role or higher to merge.")
            if item["state"] == "opened":
                ts = now()
                conn.execute(
                    "UPDATE merge_requests SET state = 'merged', merged_at = ?, merged_by_id = ? WHERE id = ?",
                    (ts, me["id"], item["id"]),
                )
                conn.execute(
                    "INSERT INTO commits (project_id, sha, branch, title, message, author_id, author_name,"
                    " author_email, created_at) VALUES (?,?,?,?,?,?,?,?,?)",
                    (
                        p["id"],
                        sha_of(p["full_path"], item["target_branch"], item["source_branch"], ts),
                        item["target_branch"],
                        f"Merge branch '{item['source_branch']}' into '{item['target_branch']}'",
                        f"{item['title']}\n\nSee merge request {p['full_path']}!{iid}",
                        me["id"],
                        me["name"],
                        me["email"],
                        ts,
                    ),
                )
                _note(conn, kind, item, me["id"], "merged", 1)
            return redirect(request, url)
        if name == "edit":
            if not (level >= REPORTER or is_author):
                return forbidden(request, f"You are not allowed to edit this {kind.noun}.")
            title = (form.get("title") or "").strip()
            if not title:
                return redirect(request, url + "/edit", "Title can't be blank", "alert")
            description = form.get("description") or ""
            conn.execute(
                f"UPDATE {kind.table} SET title = ?, description = ?, updated_at = ? WHERE id = ?",
                (title, description, now(), item["id"]),
            )
            if title != item["title"]:
                _note(conn, kind, item, me["id"], f"changed title from **{item['title']}** to **{title}**", 1)
            elif description != item["description"]:
                _note(conn, kind, item, me["id"], "changed the description", 1)
            return redirect(request, url)
        # --- sidebar metadata: Reporter or higher ---
        if level < REPORTER:
            return forbidden(request, f"You need the Reporter role or higher to change this {kind.noun}.")
        if name == "labels":
            wanted = set(form.get("label_names[]") or [])
            if form.get("add_label"):
                wanted |= {
                    t
                    for (t,) in conn.execute(
                        f"SELECT l.title FROM {kind.link_table} x JOIN labels l ON l.id = x.label_id"
                        f" WHERE x.{kind.link_col} = ?",
                        (item["id"],),
                    )
                } | {form["add_label"]}
            _set_labels(conn, kind, item, p, me, wanted)
            return redirect(request, url)
        if name == "remove_label":
            current = {
                t
                for (t,) in conn.execute(
                    f"SELECT l.title FROM {kind.link_table} x JOIN labels l ON l.id = x.label_id WHERE x.{kind.link_col} = ?",
                    (item["id"],),
                )
            }
            _set_labels(conn, kind, item, p, me, current - {form.get("label", "")})
            return redirect(request, url)
        if name in ("assignee", "reviewer"):
            col = f"{name}_id"
            username = (form.get(f"{name}_username") or "").strip()
            if form.get("assign_self"):
                username = me["username"]
            person = user_by_name(conn, username) if username else None
            if username and person is None:
                return redirect(request, url, f"User {username} not found.", "alert")
            new_id = person["id"] if person else None
            if new_id != item[col]:
                conn.execute(
                    f"UPDATE {kind.table} SET {col} = ?, updated_at = ? WHERE id = ?", (new_id, now(), item["id"])
                )
                if name == "assignee":
                    body = f"assigned to @{person['username']}" if person else "removed assignee"
                else:
                    body = f"requested review from @{person['username']}" if person else "removed review request"
                _note(conn, kind, item, me["id"], body, 1)
            return redirect(request, url)
        if name == "milestone":
            mid = parse_int(form.get("milestone_id"))
            ms = conn.execute(
                "SELECT * FROM milestones WHERE project_id = ? AND id = ?", (p["id"], mid or -1)
            ).fetchone()
            if (ms["id"] if ms else None) != item["milestone_id"]:
                conn.execute(
                    f"UPDATE {kind.table} SET milestone_id = ?, updated_at = ? WHERE id = ?",
                    (ms["id"] if ms else None, now(), item["id"]),
                )
                _note(
                    conn, kind, item, me["id"], f"changed milestone to %{ms['title']}" if ms else "removed milestone", 1
                )
            return redirect(request, url)
        if name == "due_date" and kind is ISSUE:
            try:
                due = parse_date(form.get("due_date"))
            except ValueError:
                return redirect(request, url, "Due date is not a valid date.", "alert")
            if due != item["due_date"]:
                conn.execute("UPDATE issues SET due_date = ?, updated_at = ? WHERE id = ?", (due, now(), item["id"]))
                _note(
                    conn,
                    kind,
                    item,
                    me["id"],
                    f"changed due date to {date_short(due)}" if due else "removed due date",
                    1,
                )
            return redirect(request, url)
        raise HTTPException(404)

    endpoint.__name__ = f"{kind.key}_{name}"
    return form_view(endpoint)


def _set_labels(
    conn: sqlite3.Connection, kind: Kind, item: sqlite3.Row, p: sqlite3.Row, me: sqlite3.Row, wanted: set[str]
) -> None:
    by_title = {r["title"]: r for r in _labels(conn, p["id"])}
    wanted = {t for t in wanted if t in by_title}
    current = {
        t
        for (t,) in conn.execute(
            f"SELECT l.title FROM {kind.link_table} x JOIN labels l ON l.id = x.label_id WHERE x.{kind.link_col} = ?",
            (item["id"],),
        )
    }
    added, removed = sorted(wanted - current), sorted(current - wanted)
    for t in added:
        conn.execute(f"INSERT OR IGNORE INTO {kind.link_table} VALUES (?,?)", (item["id"], by_title[t]["id"]))
    for t in removed:
        conn.execute(
            f"DELETE FROM {kind.link_table} WHERE {kind.link_col} = ? AND label_id = ?", (item["id"], by_title[t]["id"])
        )
    parts = []
    if added:
        parts.append(
            "added "
            + " ".join(f'~"{t}"' if " " in t else f"~{t}" for t in added)
            + (" labels" if len(added) > 1 else " label")
        )
    if removed:
        parts.append(
            "removed "
            + " ".join(f'~"{t}"' if " " in t else f"~{t}" for t in removed)
            + (" labels" if len(removed) > 1 else " label")
        )
    if parts:
        _note(conn, kind, item, me["id"], " and ".join(parts), 1)


ACTIONS = {
    "issue": ("notes", "close", "reopen", "edit", "labels", "remove_label", "assignee", "milestone", "due_date"),
    "mr": ("notes", "close", "reopen", "merge", "edit", "labels", "remove_label", "assignee", "reviewer", "milestone"),
}
ACTION_VIEWS = {(k, a): _action(KINDS[k], a) for k, names in ACTIONS.items() for a in names}


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
