"""Project pages: home (README, stats, star, clone, files), activity, starrers; star / unstar."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from . import repo
from .common import current_user, form_view, get_project, now, page_view, project_page, project_url, redirect, safe_path
from .markdown import render as render_md
from .views_repo import tree_context

ACTIVITY_TABS = {
    "all": ("All", None), "push": ("Push events", "push"), "merged": ("Merge events", "mr"),
    "issue": ("Issue events", "issue"), "comments": ("Comments", "comment"),
}


@page_view
def project_home(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    me = current_user(request)
    ctx = tree_context(conn, p, p["default_branch"], "")
    readme = repo.blob(conn, p["id"], p["default_branch"], "README.md")
    files = {f["name"] for f in ctx["files"]}
    pipeline = None
    if ctx["last_commit"] is not None:
        pipeline = conn.execute("SELECT id, status FROM content.pipelines WHERE project_id = ? AND sha = ? ORDER BY id DESC"
                                " LIMIT 1", (p["id"], ctx["last_commit"]["sha"])).fetchone()
    ctx.update(
        title=f"{p['name']} · GitLab",
        readme_html=render_md(readme, f"{project_url(p)}/-/issues") if readme else None,
        starred=bool(me and conn.execute("SELECT 1 FROM stars WHERE user_id = ? AND project_id = ?",
                                         (me["id"], p["id"])).fetchone()),
        stats=dict(
            commits=repo.commit_count(conn, p["id"], p["default_branch"], p["default_branch"]),
            branches=conn.execute("SELECT COUNT(*) FROM branches WHERE project_id = ?", (p["id"],)).fetchone()[0],
            tags=conn.execute("SELECT COUNT(*) FROM tags WHERE project_id = ?", (p["id"],)).fetchone()[0],
            releases=conn.execute("SELECT COUNT(*) FROM releases WHERE project_id = ?", (p["id"],)).fetchone()[0],
            storage=repo.storage_size(conn, p["id"]),
            environments=conn.execute("SELECT COUNT(*) FROM content.environments WHERE project_id = ?",
                                      (p["id"],)).fetchone()[0],
        ),
        shortcuts=[(name, f"{project_url(p)}/-/blob/{p['default_branch']}/{path}") for name, path in (
            ("README", "README.md"), ("LICENSE", "LICENSE"), ("CHANGELOG", "CHANGELOG.md"),
            ("CONTRIBUTING", "CONTRIBUTING.md"), ("CI/CD configuration", ".gitlab-ci.yml")) if path in files],
        pipeline=pipeline,
        host=request.headers.get("host", "127.0.0.1:8023"),
    )
    return project_page(request, p, "project_home.html", ctx, "project")


def _activity_rows(conn, project_id: int, kind: str | None, limit: int = 40) -> list:
    parts = []
    if kind in (None, "push"):
        parts.append("SELECT 'pushed to branch' AS action, c.created_at AS at, c.author_id AS user_id, NULL AS iid,"
                     " c.title AS title, 'push' AS kind, c.branch AS ref, c.sha AS sha FROM content.commits c"
                     " WHERE c.project_id = :p")
    if kind in (None, "issue"):
        parts.append("SELECT 'opened issue' AS action, created_at AS at, author_id AS user_id, iid, title, 'issue' AS kind,"
                     " NULL AS ref, NULL AS sha FROM issues WHERE project_id = :p")
        parts.append("SELECT 'closed issue', closed_at, closed_by_id, iid, title, 'issue', NULL, NULL FROM issues"
                     " WHERE project_id = :p AND closed_at IS NOT NULL")
    if kind in (None, "mr"):
        parts.append("SELECT 'opened merge request' AS action, created_at AS at, author_id AS user_id, iid, title,"
                     " 'mr' AS kind, NULL AS ref, NULL AS sha FROM merge_requests WHERE project_id = :p")
        parts.append("SELECT 'accepted merge request', merged_at, merged_by_id, iid, title, 'mr', NULL, NULL"
                     " FROM merge_requests WHERE project_id = :p AND merged_at IS NOT NULL")
    if kind in (None, "comment"):
        parts.append("SELECT 'commented on issue' AS action, n.created_at AS at, n.author_id AS user_id, i.iid AS iid,"
                     " n.body AS title, 'issue_note' AS kind, NULL AS ref, NULL AS sha"
                     " FROM notes n JOIN issues i ON i.id = n.noteable_id WHERE n.project_id = :p AND n.system = 0"
                     " AND n.noteable_type = 'Issue'")
        parts.append("SELECT 'commented on merge request', n.created_at, n.author_id, m.iid, n.body, 'mr_note', NULL, NULL"
                     " FROM notes n JOIN merge_requests m ON m.id = n.noteable_id WHERE n.project_id = :p AND n.system = 0"
                     " AND n.noteable_type = 'MergeRequest'")
    sql = (f"SELECT e.*, u.username, u.name FROM ({' UNION ALL '.join(parts)}) e LEFT JOIN users u ON u.id = e.user_id"
           " ORDER BY e.at DESC LIMIT :limit")
    return conn.execute(sql, {"p": project_id, "limit": limit}).fetchall()


@page_view
def activity(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    tab = request.query_params.get("event_filter") or "all"
    if tab not in ACTIVITY_TABS:
        raise HTTPException(404)
    rows = _activity_rows(conn, p["id"], ACTIVITY_TABS[tab][1])
    return project_page(request, p, "activity.html", dict(title=f"Activity · {p['name']} · GitLab", rows=rows,
                                                          tab=tab, tabs=ACTIVITY_TABS), "activity")


@page_view
def starrers(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    rows = conn.execute(
        "SELECT u.*, s.created_at AS starred_at FROM stars s JOIN users u ON u.id = s.user_id"
        " WHERE s.project_id = ? ORDER BY s.created_at DESC",
        (p["id"],),
    ).fetchall()
    return project_page(request, p, "starrers.html", dict(title=f"Starrers · {p['name']} · GitLab", rows=rows), "project")


@form_view
def toggle_star(request: Request, form: dict, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    me = current_user(request)
    if conn.execute("SELECT 1 FROM stars WHERE user_id = ? AND project_id = ?", (me["id"], p["id"])).fetchone():
        conn.execute("DELETE FROM stars WHERE user_id = ? AND project_id = ?", (me["id"], p["id"]))
    else:
        conn.execute("INSERT INTO stars (user_id, project_id, created_at) VALUES (?,?,?)", (me["id"], p["id"], now()))
    return redirect(request, safe_path(form.get("return_to"), project_url(p)))
