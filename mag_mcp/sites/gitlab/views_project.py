"""Project pages: home (README, stats, star, clone), repository files (tree, blob, raw),
commits, branches, starrers; star / unstar."""

from __future__ import annotations

import hashlib
import sqlite3

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from ..base import db
from .common import (
    current_user,
    form_view,
    get_project,
    now,
    page_view,
    project_page,
    project_url,
    redirect,
    safe_path,
)
from .markdown import render as render_md


def _branches(conn: sqlite3.Connection, project_id: int) -> list[str]:
    return [r[0] for r in conn.execute("SELECT name FROM branches WHERE project_id = ? ORDER BY name", (project_id,))]


def split_ref(conn: sqlite3.Connection, project: sqlite3.Row, rest: str) -> tuple[str, str]:
    """'feature/x/src/a.py' -> ('feature/x', 'src/a.py'): the longest branch name that prefixes `rest`."""
    rest = rest.strip("/")
    branches = sorted(_branches(conn, project["id"]) or [project["default_branch"]], key=len, reverse=True)
    for b in branches:
        if rest == b or rest.startswith(b + "/"):
            return b, rest[len(b) :].strip("/")
    raise HTTPException(404)


def _entries(conn: sqlite3.Connection, project: sqlite3.Row, folder: str) -> tuple[list[dict], list[dict]]:
    prefix = folder + "/" if folder else ""
    rows = conn.execute(
        "SELECT path, length(content) AS size FROM blobs WHERE project_id = ? AND path LIKE ? ORDER BY path",
        (project["id"], prefix.replace("%", r"\%") + "%"),
    ).fetchall()
    dirs: dict[str, dict] = {}
    files: list[dict] = []
    for r in rows:
        rest = r["path"][len(prefix) :]
        if "/" in rest:
            name = rest.split("/", 1)[0]
            dirs.setdefault(name, {"name": name, "path": prefix + name})
        else:
            files.append({"name": rest, "path": r["path"], "size": r["size"]})
    return sorted(dirs.values(), key=lambda d: d["name"].lower()), sorted(files, key=lambda f: f["name"].lower())


def _commit_for(commits: list[sqlite3.Row], path: str) -> sqlite3.Row | None:
    """A stable 'last commit' for a file or folder (files carry no history of their own)."""
    if not commits:
        return None
    if path in ("README.md", "LICENSE"):
        return commits[-1] if len(commits) == 1 else commits[1] if len(commits) > 1 else commits[0]
    n = int(hashlib.sha1(path.encode()).hexdigest(), 16)
    return commits[n % len(commits)]


def _tree_context(conn: sqlite3.Connection, project: sqlite3.Row, ref: str, folder: str) -> dict:
    dirs, files = _entries(conn, project, folder)
    commits = conn.execute(
        "SELECT * FROM commits WHERE project_id = ? AND branch = 'main' ORDER BY created_at, id", (project["id"],)
    ).fetchall()
    for e in dirs + files:
        e["commit"] = _commit_for(commits, e["path"])
    last = conn.execute(
        "SELECT * FROM commits WHERE project_id = ? AND branch = ? ORDER BY created_at DESC, id DESC LIMIT 1",
        (project["id"], ref),
    ).fetchone() or (commits[-1] if commits else None)
    crumbs = []
    acc = []
    for part in [p for p in folder.split("/") if p]:
        acc.append(part)
        crumbs.append({"name": part, "path": "/".join(acc)})
    return dict(
        ref=ref,
        folder=folder,
        dirs=dirs,
        files=files,
        last_commit=last,
        path_crumbs=crumbs,
        branches=_branches(conn, project["id"]),
    )


@page_view
def project_home(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    me = current_user(request)
    ctx = _tree_context(conn, p, p["default_branch"], "")
    readme = conn.execute(
        "SELECT content FROM blobs WHERE project_id = ? AND path = 'README.md'", (p["id"],)
    ).fetchone()
    ctx.update(
        title=f"{p['name']} · GitLab",
        readme_html=render_md(readme[0], f"{project_url(p)}/-/issues") if readme else None,
        starred=bool(
            me
            and conn.execute("SELECT 1 FROM stars WHERE user_id = ? AND project_id = ?", (me["id"], p["id"])).fetchone()
        ),
        stats=dict(
            commits=conn.execute(
                "SELECT COUNT(*) FROM commits WHERE project_id = ? AND branch = 'main'", (p["id"],)
            ).fetchone()[0],
            branches=conn.execute("SELECT COUNT(*) FROM branches WHERE project_id = ?", (p["id"],)).fetchone()[0],
            storage=conn.execute(
                "SELECT COALESCE(SUM(length(content)), 0) FROM blobs WHERE project_id = ?", (p["id"],)
            ).fetchone()[0],
        ),
        host=request.headers.get("host", "127.0.0.1:8023"),
    )
    return project_page(request, p, "project_home.html", ctx, "project")


@page_view
def tree(request: Request, ns: str, project: str, rest: str = "") -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    ref, folder = split_ref(conn, p, rest or p["default_branch"])
    ctx = _tree_context(conn, p, ref, folder)
    if folder and not ctx["dirs"] and not ctx["files"]:
        raise HTTPException(404)
    readme = None
    for f in ctx["files"]:
        if f["name"].lower() == "readme.md":
            readme = conn.execute(
                "SELECT content FROM blobs WHERE project_id = ? AND path = ?", (p["id"], f["path"])
            ).fetchone()[0]
    ctx.update(
        title=f"{folder or 'Files'} · {ref} · {p['name']} · GitLab",
        readme_html=render_md(readme, f"{project_url(p)}/-/issues") if readme else None,
    )
    return project_page(request, p, "tree.html", ctx, "files")


def tree_default(request: Request) -> Response:
    return tree.__wrapped__(request, request.path_params["ns"], request.path_params["project"], "")


def _blob(request: Request, ns: str, project: str, rest: str) -> tuple[sqlite3.Row, str, str, str]:
    conn = db(request)
    p = get_project(request, ns, project)
    ref, path = split_ref(conn, p, rest)
    row = conn.execute("SELECT content FROM blobs WHERE project_id = ? AND path = ?", (p["id"], path)).fetchone()
    if row is None:
        raise HTTPException(404)
    return p, ref, path, row[0]


@page_view
def blob(request: Request, ns: str, project: str, rest: str) -> Response:
    conn = db(request)
    p, ref, path, content = _blob(request, ns, project, rest)
    parts = path.split("/")
    crumbs = [{"name": part, "path": "/".join(parts[: i + 1])} for i, part in enumerate(parts[:-1])]
    commits = conn.execute(
        "SELECT * FROM commits WHERE project_id = ? AND branch = 'main' ORDER BY created_at, id", (p["id"],)
    ).fetchall()
    rendered = None
    if path.lower().endswith(".md") and request.query_params.get("plain") != "1":
        rendered = render_md(content, f"{project_url(p)}/-/issues")
    lines = content.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return project_page(
        request,
        p,
        "blob.html",
        dict(
            title=f"{path} · {ref} · {p['name']} · GitLab",
            ref=ref,
            path=path,
            name=parts[-1],
            path_crumbs=crumbs,
            lines=lines,
            size=len(content.encode()),
            rendered=rendered,
            commit=_commit_for(commits, path),
            branches=_branches(conn, p["id"]),
        ),
        "files",
    )


@page_view
def raw(request: Request, ns: str, project: str, rest: str) -> Response:
    _p, _ref, _path, content = _blob(request, ns, project, rest)
    return PlainTextResponse(content)


@page_view
def commits(request: Request, ns: str, project: str, rest: str = "") -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    ref, _path = split_ref(conn, p, rest or p["default_branch"])
    branch_filter = "branch = ?" if ref == p["default_branch"] else "(branch = ? OR branch = 'main')"
    rows = conn.execute(
        f"SELECT c.*, u.username FROM commits c LEFT JOIN users u ON u.id = c.author_id"
        f" WHERE c.project_id = ? AND {branch_filter} ORDER BY c.created_at DESC, c.id DESC",
        (p["id"], ref),
    ).fetchall()
    if ref != p["default_branch"]:
        tip = conn.execute(
            "SELECT created_at FROM branches WHERE project_id = ? AND name = ?", (p["id"], ref)
        ).fetchone()
        rows = [r for r in rows if r["branch"] == ref or (tip and r["created_at"] <= tip[0])]
    days: list[tuple[str, list]] = []
    for r in rows:
        day = r["created_at"][:10]
        if not days or days[-1][0] != day:
            days.append((day, []))
        days[-1][1].append(r)
    return project_page(
        request,
        p,
        "commits.html",
        dict(
            title=f"Commits · {ref} · {p['name']} · GitLab",
            ref=ref,
            days=days,
            total=len(rows),
            branches=_branches(conn, p["id"]),
        ),
        "commits",
    )


def commits_default(request: Request) -> Response:
    return commits.__wrapped__(request, request.path_params["ns"], request.path_params["project"], "")


@page_view
def commit(request: Request, ns: str, project: str, sha: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    row = conn.execute(
        "SELECT c.*, u.username FROM commits c LEFT JOIN users u ON u.id = c.author_id"
        " WHERE c.project_id = ? AND c.sha LIKE ?",
        (p["id"], sha[:40] + "%"),
    ).fetchone()
    if row is None or len(sha) < 7:
        raise HTTPException(404)
    return project_page(
        request, p, "commit.html", dict(title=f"{row['title']} · {p['name']} · GitLab", commit=row), "commits"
    )


@page_view
def branches(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    rows = conn.execute(
        "SELECT b.*, c.title AS commit_title, c.author_name,"
        " (SELECT m.iid FROM merge_requests m WHERE m.project_id = b.project_id AND m.source_branch = b.name"
        "  ORDER BY m.id DESC LIMIT 1) AS mr_iid,"
        " (SELECT m.state FROM merge_requests m WHERE m.project_id = b.project_id AND m.source_branch = b.name"
        "  ORDER BY m.id DESC LIMIT 1) AS mr_state"
        " FROM branches b LEFT JOIN commits c ON c.sha = b.commit_sha WHERE b.project_id = ?"
        " ORDER BY b.name = ? DESC, b.created_at DESC",
        (p["id"], p["default_branch"]),
    ).fetchall()
    return project_page(
        request, p, "branches.html", dict(title=f"Branches · {p['name']} · GitLab", rows=rows), "branches"
    )


@page_view
def starrers(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    rows = conn.execute(
        "SELECT u.*, s.created_at AS starred_at FROM stars s JOIN users u ON u.id = s.user_id"
        " WHERE s.project_id = ? ORDER BY s.created_at DESC",
        (p["id"],),
    ).fetchall()
    return project_page(
        request, p, "starrers.html", dict(title=f"Starrers · {p['name']} · GitLab", rows=rows), "project"
    )


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
