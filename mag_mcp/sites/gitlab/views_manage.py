"""Project management pages: labels, milestones and members."""

from __future__ import annotations

import re
import sqlite3

from starlette.exceptions import HTTPException
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
    project_page,
    project_url,
    redirect,
    user_by_name,
)
from .content import ACCESS_LEVEL, ROLES

REPORTER, MAINTAINER, OWNER = 20, 40, 50
COLOR_RE = re.compile(r"^#[0-9A-Fa-f]{6}$")
SUGGESTED_COLORS = (
    "#009966",
    "#8fbc8f",
    "#3cb371",
    "#00b140",
    "#013220",
    "#6699cc",
    "#0000ff",
    "#e6e6fa",
    "#9400d3",
    "#330066",
    "#808080",
    "#36454f",
    "#f7e7ce",
    "#c21e56",
    "#cc338b",
    "#dc143c",
    "#ff0000",
    "#cd5b45",
    "#eee600",
    "#ed9121",
    "#c39953",
)


# --- labels -----------------------------------------------------------------------------------------


@page_view
def labels(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    search = (request.query_params.get("search") or "").strip()
    rows = conn.execute(
        "SELECT l.*, (SELECT COUNT(*) FROM issue_labels il JOIN issues i ON i.id = il.issue_id"
        "  WHERE il.label_id = l.id AND i.state = 'opened') AS open_issues,"
        " (SELECT COUNT(*) FROM mr_labels ml JOIN merge_requests m ON m.id = ml.merge_request_id"
        "  WHERE ml.label_id = l.id AND m.state = 'opened') AS open_mrs"
        " FROM labels l WHERE l.project_id = ? AND l.title LIKE ? ORDER BY lower(l.title)",
        (p["id"], f"%{search}%"),
    ).fetchall()
    return project_page(
        request,
        p,
        "labels.html",
        dict(
            title=f"Labels · {p['name']} · GitLab",
            rows=rows,
            search=search,
            can_manage=access_level(conn, current_user(request), p) >= REPORTER,
        ),
        "labels",
    )


def _label_form(request: Request, p: sqlite3.Row, values: dict, errors: dict, status_code: int = 200) -> Response:
    return project_page(
        request,
        p,
        "label_new.html",
        dict(
            title=f"New Label · {p['name']} · GitLab",
            values=values,
            errors=errors,
            colors=SUGGESTED_COLORS,
            messages=[["alert", e] for e in errors.values()],
        ),
        "labels",
        status_code,
    )


@page_view
def label_new(request: Request, ns: str, project: str) -> Response:
    p = get_project(request, ns, project)
    if current_user(request) is None:
        return login_redirect(request)
    if access_level(db(request), current_user(request), p) < REPORTER:
        return forbidden(request, "You need the Reporter role or higher to manage labels.")
    return _label_form(request, p, {"title": "", "description": "", "color": "#6699cc"}, {})


@form_view
def label_create(request: Request, form: dict, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    if access_level(conn, current_user(request), p) < REPORTER:
        return forbidden(request, "You need the Reporter role or higher to manage labels.")
    values = {k: (form.get(f"label[{k}]") or "").strip() for k in ("title", "description", "color")}
    if values["color"] and not values["color"].startswith("#"):
        values["color"] = "#" + values["color"]
    errors = {}
    if not values["title"]:
        errors["title"] = "Title can't be blank"
    elif conn.execute("SELECT 1 FROM labels WHERE project_id = ? AND title = ?", (p["id"], values["title"])).fetchone():
        errors["title"] = "Title has already been taken"
    if not COLOR_RE.match(values["color"]):
        errors["color"] = "Color must be a valid color code"
    if errors:
        return _label_form(request, p, values, errors, 422)
    conn.execute(
        "INSERT INTO labels (project_id, title, description, color, created_at) VALUES (?,?,?,?,?)",
        (p["id"], values["title"], values["description"], values["color"].lower(), now()),
    )
    return redirect(request, f"{project_url(p)}/-/labels", f"Label {values['title']} was created.")


@form_view
def label_delete(request: Request, form: dict, ns: str, project: str, label_id: int) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    if access_level(conn, current_user(request), p) < REPORTER:
        return forbidden(request, "You need the Reporter role or higher to manage labels.")
    row = conn.execute("SELECT * FROM labels WHERE project_id = ? AND id = ?", (p["id"], label_id)).fetchone()
    if row is None:
        raise HTTPException(404)
    conn.execute("DELETE FROM issue_labels WHERE label_id = ?", (label_id,))
    conn.execute("DELETE FROM mr_labels WHERE label_id = ?", (label_id,))
    conn.execute("DELETE FROM labels WHERE id = ?", (label_id,))
    return redirect(request, f"{project_url(p)}/-/labels", f"{row['title']} was removed")


# --- milestones -------------------------------------------------------------------------------------------


def _milestone_stats(conn: sqlite3.Connection, mid: int) -> dict:
    row = conn.execute(
        "SELECT (SELECT COUNT(*) FROM issues WHERE milestone_id = ?1),"
        " (SELECT COUNT(*) FROM issues WHERE milestone_id = ?1 AND state = 'closed'),"
        " (SELECT COUNT(*) FROM merge_requests WHERE milestone_id = ?1)",
        (mid,),
    ).fetchone()
    total, closed, mrs = row
    return {
        "issues": total,
        "closed": closed,
        "open": total - closed,
        "mrs": mrs,
        "percent": round(100 * closed / total) if total else 0,
    }


@page_view
def milestones(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    state = request.query_params.get("state") or "opened"
    where = {"opened": " AND state = 'active'", "closed": " AND state = 'closed'"}.get(state, "")
    rows = conn.execute(
        "SELECT * FROM milestones WHERE project_id = ?" + where + " ORDER BY due_date IS NULL, due_date, title",
        (p["id"],),
    ).fetchall()
    counts = dict(
        conn.execute(
            "SELECT state, COUNT(*) FROM milestones WHERE project_id = ? GROUP BY state", (p["id"],)
        ).fetchall()
    )
    return project_page(
        request,
        p,
        "milestones.html",
        dict(
            title=f"Milestones · {p['name']} · GitLab",
            rows=[(r, _milestone_stats(conn, r["id"])) for r in rows],
            state=state,
            counts=counts,
            can_manage=access_level(conn, current_user(request), p) >= REPORTER,
        ),
        "milestones",
    )


def _milestone_form(request: Request, p: sqlite3.Row, values: dict, errors: dict, status_code: int = 200) -> Response:
    return project_page(
        request,
        p,
        "milestone_new.html",
        dict(
            title=f"New Milestone · {p['name']} · GitLab",
            values=values,
            errors=errors,
            messages=[["alert", e] for e in errors.values()],
        ),
        "milestones",
        status_code,
    )


@page_view
def milestone_new(request: Request, ns: str, project: str) -> Response:
    p = get_project(request, ns, project)
    if current_user(request) is None:
        return login_redirect(request)
    if access_level(db(request), current_user(request), p) < REPORTER:
        return forbidden(request, "You need the Reporter role or higher to manage milestones.")
    return _milestone_form(request, p, {}, {})


@form_view
def milestone_create(request: Request, form: dict, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    if access_level(conn, current_user(request), p) < REPORTER:
        return forbidden(request, "You need the Reporter role or higher to manage milestones.")
    values = {
        k: (form.get(f"milestone[{k}]") or "").strip() for k in ("title", "description", "start_date", "due_date")
    }
    errors = {}
    if not values["title"]:
        errors["title"] = "Title can't be blank"
    elif conn.execute(
        "SELECT 1 FROM milestones WHERE project_id = ? AND title = ?", (p["id"], values["title"])
    ).fetchone():
        errors["title"] = "Title has already been taken"
    dates = {}
    for k in ("start_date", "due_date"):
        try:
            dates[k] = parse_date(values[k])
        except ValueError:
            errors[k] = f"{'Start' if k == 'start_date' else 'Due'} date is not a valid date (YYYY-MM-DD)"
    if not errors and dates["start_date"] and dates["due_date"] and dates["due_date"] < dates["start_date"]:
        errors["due_date"] = "Due date must be greater than start date"
    if errors:
        return _milestone_form(request, p, values, errors, 422)
    iid = conn.execute("SELECT COALESCE(MAX(iid), 0) + 1 FROM milestones WHERE project_id = ?", (p["id"],)).fetchone()[
        0
    ]
    ts = now()
    conn.execute(
        "INSERT INTO milestones (project_id, iid, title, description, state, start_date, due_date, created_at,"
        " updated_at) VALUES (?,?,?,?,'active',?,?,?,?)",
        (p["id"], iid, values["title"], values["description"], dates["start_date"], dates["due_date"], ts, ts),
    )
    return redirect(request, f"{project_url(p)}/-/milestones/{iid}")


@page_view
def milestone(request: Request, ns: str, project: str, iid: int) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    row = conn.execute("SELECT * FROM milestones WHERE project_id = ? AND iid = ?", (p["id"], iid)).fetchone()
    if row is None:
        raise HTTPException(404)
    issues = conn.execute(
        "SELECT i.*, u.name AS assignee_name FROM issues i LEFT JOIN users u ON u.id = i.assignee_id"
        " WHERE i.milestone_id = ? ORDER BY i.iid",
        (row["id"],),
    ).fetchall()
    mrs = conn.execute("SELECT * FROM merge_requests WHERE milestone_id = ? ORDER BY iid", (row["id"],)).fetchall()
    return project_page(
        request,
        p,
        "milestone.html",
        dict(
            title=f"{row['title']} · Milestones · {p['name']} · GitLab",
            m=row,
            stats=_milestone_stats(conn, row["id"]),
            issues=issues,
            mrs=mrs,
            can_manage=access_level(conn, current_user(request), p) >= REPORTER,
        ),
        "milestones",
    )


def _milestone_state(new_state: str):
    def endpoint(request: Request, form: dict, ns: str, project: str, iid: int) -> Response:
        conn = db(request)
        p = get_project(request, ns, project)
        if access_level(conn, current_user(request), p) < REPORTER:
            return forbidden(request, "You need the Reporter role or higher to manage milestones.")
        conn.execute(
            "UPDATE milestones SET state = ?, updated_at = ? WHERE project_id = ? AND iid = ?",
            (new_state, now(), p["id"], iid),
        )
        return redirect(request, f"{project_url(p)}/-/milestones/{iid}")

    endpoint.__name__ = f"milestone_{new_state}"
    return form_view(endpoint)


milestone_close = _milestone_state("closed")
milestone_reopen = _milestone_state("active")


# --- members ---------------------------------------------------------------------------------------------


@page_view
def members(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    me = current_user(request)
    search = (request.query_params.get("search") or "").strip()
    rows = conn.execute(
        "SELECT u.*, m.role, m.access_level, m.created_at AS member_since, m.expires_at FROM project_members m"
        " JOIN users u ON u.id = m.user_id WHERE m.project_id = ? AND (u.username LIKE ? OR u.name LIKE ?)"
        " ORDER BY m.access_level DESC, lower(u.name)",
        (p["id"], f"%{search}%", f"%{search}%"),
    ).fetchall()
    level = access_level(conn, me, p)
    return project_page(
        request,
        p,
        "members.html",
        dict(
            title=f"Members · {p['name']} · GitLab",
            rows=rows,
            search=search,
            can_manage=level >= MAINTAINER,
            my_level=level,
            invite_roles=[r for r in ROLES if ACCESS_LEVEL[r] <= max(level, 40)] if level >= MAINTAINER else [],
        ),
        "members",
    )


@form_view
def member_invite(request: Request, form: dict, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    me = current_user(request)
    level = access_level(conn, me, p)
    back = f"{project_url(p)}/-/project_members"
    if level < MAINTAINER:
        return forbidden(request, "You need the Maintainer role or higher to invite members.")
    usernames = [u for u in re.split(r"[\s,]+", form.get("username") or "") if u]
    role = form.get("access_level") or ""
    if role not in ACCESS_LEVEL and role.isdigit():
        role = next((r for r, lvl in ACCESS_LEVEL.items() if lvl == int(role)), "")
    if not usernames:
        return redirect(request, back, "Select at least one member to invite.", "alert")
    if role not in ACCESS_LEVEL:
        return redirect(request, back, "Select a role for the new members.", "alert")
    if ACCESS_LEVEL[role] > level:
        return forbidden(request, "You cannot give a role higher than your own.")
    try:
        expires = parse_date(form.get("expires_at"))
    except ValueError:
        return redirect(request, back, "Access expiration date is not a valid date.", "alert")
    added, missing, existing = [], [], []
    for name in usernames:
        person = user_by_name(conn, name)
        if person is None:
            missing.append(name)
            continue
        if conn.execute(
            "SELECT 1 FROM project_members WHERE project_id = ? AND user_id = ?", (p["id"], person["id"])
        ).fetchone():
            existing.append(person["username"])
            continue
        conn.execute(
            "INSERT INTO project_members VALUES (?,?,?,?,?,?)",
            (p["id"], person["id"], role, ACCESS_LEVEL[role], now(), expires),
        )
        added.append(person["username"])
    if missing or existing:
        msg = "; ".join(
            ([f"User not found: {', '.join(missing)}"] if missing else [])
            + ([f"Already a member: {', '.join(existing)}"] if existing else [])
        )
        return redirect(request, back, ("Members were successfully added. " if added else "") + msg, "alert")
    return redirect(request, back, "Members were successfully added.")


@form_view
def member_update(request: Request, form: dict, ns: str, project: str, username: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    me = current_user(request)
    level = access_level(conn, me, p)
    back = f"{project_url(p)}/-/project_members"
    if level < MAINTAINER:
        return forbidden(request, "You need the Maintainer role or higher to change roles.")
    person = user_by_name(conn, username)
    role = form.get("access_level") or ""
    row = (
        person
        and conn.execute(
            "SELECT * FROM project_members WHERE project_id = ? AND user_id = ?", (p["id"], person["id"])
        ).fetchone()
    )
    if not row:
        raise HTTPException(404)
    if role not in ACCESS_LEVEL:
        return redirect(request, back, "Select a role.", "alert")
    if ACCESS_LEVEL[role] > level or row["access_level"] > level:
        return forbidden(request, "You cannot change the role of a member with a higher role than yours.")
    if (
        row["role"] == "Owner"
        and role != "Owner"
        and conn.execute(
            "SELECT COUNT(*) FROM project_members WHERE project_id = ? AND role = 'Owner'", (p["id"],)
        ).fetchone()[0]
        == 1
    ):
        return redirect(request, back, "A project needs at least one owner.", "alert")
    conn.execute(
        "UPDATE project_members SET role = ?, access_level = ? WHERE project_id = ? AND user_id = ?",
        (role, ACCESS_LEVEL[role], p["id"], person["id"]),
    )
    return redirect(request, back, f"Role of @{person['username']} changed to {role}.")


@form_view
def member_remove(request: Request, form: dict, ns: str, project: str, username: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    me = current_user(request)
    level = access_level(conn, me, p)
    back = f"{project_url(p)}/-/project_members"
    person = user_by_name(conn, username)
    row = (
        person
        and conn.execute(
            "SELECT * FROM project_members WHERE project_id = ? AND user_id = ?", (p["id"], person["id"])
        ).fetchone()
    )
    if not row:
        raise HTTPException(404)
    leaving = person["id"] == me["id"]
    if not leaving and (level < MAINTAINER or row["access_level"] > level):
        return forbidden(request, "You are not allowed to remove this member.")
    if (
        row["role"] == "Owner"
        and conn.execute(
            "SELECT COUNT(*) FROM project_members WHERE project_id = ? AND role = 'Owner'", (p["id"],)
        ).fetchone()[0]
        == 1
    ):
        return redirect(request, back, "A project needs at least one owner.", "alert")
    conn.execute("DELETE FROM project_members WHERE project_id = ? AND user_id = ?", (p["id"], person["id"]))
    return redirect(request, back, f"@{person['username']} was removed from the project.")
