"""Dashboard (your projects, starred, issues, merge requests, to-dos), Explore, groups
and creating a project."""

from __future__ import annotations

import re

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import (
    current_user,
    form_view,
    now,
    page_view,
    paginate,
    parse_int,
    redirect,
    render,
    require_user,
    visible_projects_sql,
)
from .content import ACCESS_LEVEL, DEFAULT_LABELS
from .queries import PROJECT_SORTS, filters_from, list_items, project_count, project_rows
from .seed import sha_of


def _projects_page(request: Request, tab: str) -> Response:
    conn = db(request)
    me = current_user(request)
    q = request.query_params
    sort = q.get("sort") if q.get("sort") in PROJECT_SORTS else "latest_activity_desc"
    name = (q.get("name") or "").strip()
    if tab == "yours":
        where, params = "p.id IN (SELECT project_id FROM project_members WHERE user_id = ?)", [me["id"]]
    elif tab == "starred":
        where, params = "p.id IN (SELECT project_id FROM stars WHERE user_id = ?)", [me["id"]]
    elif tab == "explore_starred":
        where, params, sort = "1", [], q.get("sort") if q.get("sort") in PROJECT_SORTS else "stars_desc"
    else:
        where, params = "1", []
    pg = paginate(project_count(conn, me, where, params, name), parse_int(q.get("page"), 1) or 1)
    rows = project_rows(conn, me, where, params, sort, name, pg["size"], pg["offset"])
    counts = {}
    if me is not None:
        counts = {
            "yours": conn.execute("SELECT COUNT(*) FROM project_members WHERE user_id = ?", (me["id"],)).fetchone()[0],
            "starred": conn.execute("SELECT COUNT(*) FROM stars WHERE user_id = ?", (me["id"],)).fetchone()[0],
        }
    explore = tab.startswith("explore")
    return render(
        request,
        "projects.html",
        dict(
            title=("Explore projects" if explore else "Projects") + " · GitLab",
            tab=tab,
            explore=explore,
            projects=rows,
            pg=pg,
            sort=sort,
            sorts=PROJECT_SORTS,
            name=name,
            tab_counts=counts,
        ),
    )


@require_user
def dashboard_projects(request: Request) -> Response:
    return _projects_page(request, "yours")


@require_user
def dashboard_starred(request: Request) -> Response:
    return _projects_page(request, "starred")


def home(request: Request) -> Response:
    if current_user(request) is None:
        return redirect(request, "/users/sign_in")
    return _projects_page(request, "yours")


def explore_projects(request: Request) -> Response:
    return _projects_page(request, "explore")


def explore_starred(request: Request) -> Response:
    return _projects_page(request, "explore_starred")


def explore_groups(request: Request) -> Response:
    return _groups_page(request, explore=True)


@require_user
def dashboard_groups(request: Request) -> Response:
    return _groups_page(request, explore=False)


def _groups_page(request: Request, explore: bool) -> Response:
    conn = db(request)
    me = current_user(request)
    sql = (
        "SELECT g.*, (SELECT COUNT(*) FROM projects p WHERE p.group_id = g.id) AS project_count,"
        " (SELECT COUNT(*) FROM group_members m WHERE m.group_id = g.id) AS member_count,"
        " (SELECT role FROM group_members m WHERE m.group_id = g.id AND m.user_id = ?) AS my_role FROM groups g"
    )
    args = [me["id"] if me else -1]
    if not explore:
        sql += " WHERE g.id IN (SELECT group_id FROM group_members WHERE user_id = ?)"
        args.append(me["id"])
    groups = conn.execute(sql + " ORDER BY lower(g.name)", args).fetchall()
    return render(request, "groups.html", dict(title="Groups · GitLab", groups=groups, explore=explore))


# --- groups ----------------------------------------------------------------------------------


def _group(request: Request, path: str):
    row = db(request).execute("SELECT * FROM groups WHERE path = ? COLLATE NOCASE", (path,)).fetchone()
    if row is None:
        raise HTTPException(404)
    return row


@page_view
def group_page(request: Request, group: str) -> Response:
    conn = db(request)
    g = _group(request, group)
    me = current_user(request)
    projects = project_rows(conn, me, "p.group_id = ?", [g["id"]], "name_asc")
    member_count = conn.execute("SELECT COUNT(*) FROM group_members WHERE group_id = ?", (g["id"],)).fetchone()[0]
    return render(
        request,
        "group.html",
        dict(title=f"{g['name']} · GitLab", group=g, projects=projects, member_count=member_count, tab="overview"),
    )


@page_view
def group_members(request: Request, group: str) -> Response:
    conn = db(request)
    g = _group(request, group)
    members = conn.execute(
        "SELECT u.*, m.role, m.access_level, m.created_at AS member_since FROM group_members m"
        " JOIN users u ON u.id = m.user_id WHERE m.group_id = ? ORDER BY m.access_level DESC, lower(u.name)",
        (g["id"],),
    ).fetchall()
    return render(
        request,
        "group.html",
        dict(
            title=f"Members · {g['name']} · GitLab", group=g, members=members, member_count=len(members), tab="members"
        ),
    )


# --- dashboard issues, merge requests, to-dos ---------------------------------------------------


def _dashboard_items(request: Request, kind: str) -> Response:
    conn = db(request)
    me = current_user(request)
    f = filters_from(request)
    if kind == "mr" and not (f["assignee"] or f["author"] or f["reviewer"]) and not request.query_params:
        f["assignee"] = me["username"]
    if kind == "issue" and not (f["assignee"] or f["author"]) and not request.query_params:
        f["assignee"] = me["username"]
    vis, vargs = visible_projects_sql(me)
    data = list_items(conn, kind, f, vis, vargs)
    users = conn.execute(
        "SELECT username, name FROM users WHERE id IN (SELECT m.user_id FROM project_members m WHERE m.project_id IN"
        " (SELECT project_id FROM project_members WHERE user_id = ?)) ORDER BY lower(name)", (me["id"],)).fetchall()
    labels = [r[0] for r in conn.execute("SELECT DISTINCT title FROM labels ORDER BY lower(title)")]
    return render(
        request,
        "dashboard_items.html",
        dict(
            title=("Issues" if kind == "issue" else "Merge requests") + " · GitLab",
            kind=kind,
            f=f,
            users=users,
            label_titles=labels,
            **data,
        ),
    )


@require_user
def dashboard_issues(request: Request) -> Response:
    return _dashboard_items(request, "issue")


@require_user
def dashboard_mrs(request: Request) -> Response:
    return _dashboard_items(request, "mr")


@require_user
def todos(request: Request) -> Response:
    """To-dos are derived: open issues assigned to you and open merge requests you review or are assigned."""
    conn = db(request)
    me = current_user(request)
    items = conn.execute(
        "SELECT 'Issue' AS type, i.iid, i.title, p.full_path, p.name AS project_name, i.updated_at, a.name AS author,"
        " 'assigned you' AS action FROM issues i JOIN projects p ON p.id = i.project_id JOIN users a ON a.id = i.author_id"
        " WHERE i.assignee_id = ?1 AND i.state = 'opened'"
        " UNION ALL SELECT 'MergeRequest', m.iid, m.title, p.full_path, p.name, m.updated_at, a.name,"
        " CASE WHEN m.reviewer_id = ?1 THEN 'requested a review from you' ELSE 'assigned you' END"
        " FROM merge_requests m JOIN projects p ON p.id = m.project_id JOIN users a ON a.id = m.author_id"
        " WHERE (m.reviewer_id = ?1 OR m.assignee_id = ?1) AND m.state = 'opened'"
        " ORDER BY 6 DESC",
        (me["id"],),
    ).fetchall()
    return render(request, "todos.html", dict(title="To-Do List · GitLab", items=items))


# --- new project ---------------------------------------------------------------------------------

PATH_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$")


def _namespaces(conn, me) -> list[tuple[str, str]]:
    out = [(me["username"], me["name"])]
    out += [
        (r["path"], r["name"])
        for r in conn.execute(
            "SELECT g.path, g.name FROM groups g JOIN group_members m ON m.group_id = g.id"
            " WHERE m.user_id = ? AND m.access_level >= 30 ORDER BY lower(g.name)",
            (me["id"],),
        )
    ]
    return out


@require_user
def new_project(request: Request) -> Response:
    conn = db(request)
    me = current_user(request)
    return render(
        request,
        "project_new.html",
        dict(
            title="New project · GitLab",
            namespaces=_namespaces(conn, me),
            errors={},
            values={
                "namespace": request.query_params.get("namespace_id", me["username"]),
                "visibility": "private",
                "initialize_with_readme": "1",
            },
        ),
    )


@form_view
def create_project(request: Request, form: dict) -> Response:
    conn = db(request)
    me = current_user(request)
    namespaces = _namespaces(conn, me)
    values = {
        k: (form.get(f"project[{k}]") or "").strip()
        for k in ("name", "path", "namespace", "description", "visibility", "initialize_with_readme")
    }
    if not values["path"] and values["name"]:
        values["path"] = re.sub(r"[^A-Za-z0-9_.-]+", "-", values["name"]).strip("-.").lower()
    values["visibility"] = (
        values["visibility"] if values["visibility"] in ("private", "internal", "public") else "private"
    )
    errors = {}
    if not values["name"]:
        errors["name"] = "Project name can't be blank"
    if not PATH_RE.match(values["path"] or ""):
        errors["path"] = "Project slug can contain only letters, digits, '_', '-' and '.'"
    if values["namespace"] not in dict(namespaces):
        errors["namespace"] = "Pick a group or namespace where you want to create this project"
    full_path = f"{values['namespace']}/{values['path']}"
    if (
        not errors
        and conn.execute("SELECT 1 FROM projects WHERE full_path = ? COLLATE NOCASE", (full_path,)).fetchone()
    ):
        errors["path"] = "has already been taken"
    if errors:
        return render(
            request,
            "project_new.html",
            dict(
                title="New project · GitLab",
                namespaces=namespaces,
                errors=errors,
                values=values,
                messages=[["alert", "The form contains the following errors: " + "; ".join(errors.values())]],
            ),
        )
    group = conn.execute("SELECT * FROM groups WHERE path = ?", (values["namespace"],)).fetchone()
    ts = now()
    cur = conn.execute(
        "INSERT INTO projects (namespace, path, full_path, name, description, language, license, visibility,"
        " default_branch, group_id, owner_id, creator_id, created_at, last_activity_at)"
        " VALUES (?,?,?,?,?,'','',?, 'main', ?,?,?,?,?)",
        (
            values["namespace"],
            values["path"],
            full_path,
            values["name"],
            values["description"],
            values["visibility"],
            group["id"] if group else None,
            None if group else me["id"],
            me["id"],
            ts,
            ts,
        ),
    )
    pid = cur.lastrowid
    members = {me["id"]: "Owner"}
    if group:
        for m in conn.execute("SELECT user_id, role FROM group_members WHERE group_id = ?", (group["id"],)):
            members.setdefault(m["user_id"], m["role"])
    for user_id, role in members.items():
        conn.execute(
            "INSERT INTO project_members VALUES (?,?,?,?,?,NULL)", (pid, user_id, role, ACCESS_LEVEL[role], ts)
        )
    for title, color, desc in DEFAULT_LABELS:
        conn.execute(
            "INSERT INTO labels (project_id, title, description, color, created_at) VALUES (?,?,?,?,?)",
            (pid, title, desc, color, ts),
        )
    if values["initialize_with_readme"]:
        readme = f"# {values['name']}\n\n{values['description'] or 'A new project.'}\n"
        conn.execute("INSERT INTO blobs VALUES (?,?,?)", (pid, "README.md", readme))
        sha = sha_of(full_path, "main", "Initial commit", ts)
        conn.execute(
            "INSERT INTO commits (project_id, sha, branch, title, message, author_id, author_name,"
            " author_email, created_at) VALUES (?,?,?,?,?,?,?,?,?)",
            (pid, sha, "main", "Initial commit", "", me["id"], me["name"], me["email"], ts),
        )
        conn.execute("INSERT INTO branches (project_id, name, commit_sha, created_at, protected) VALUES (?,?,?,?,1)",
                     (pid, "main", sha, ts))
    return redirect(request, f"/{full_path}", f"Project '{values['name']}' was successfully created.")
