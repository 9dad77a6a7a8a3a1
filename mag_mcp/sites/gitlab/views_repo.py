"""Repository pages: files (tree, blob, raw), commits (list, one commit with its diff),
branches, tags, contributors, the commit graph and compare."""

from __future__ import annotations

import sqlite3

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from ..base import db
from . import repo
from .common import get_project, page_view, paginate, parse_int, project_page, project_url
from .highlight import diff_rows, family, line_html
from .markdown import render as render_md

COMMITS_PER_PAGE = 40
BLOB_LINE_LIMIT = 2000


def branch_names(conn: sqlite3.Connection, project_id: int) -> list[str]:
    return [r[0] for r in conn.execute("SELECT name FROM branches WHERE project_id = ? ORDER BY name", (project_id,))]


def tag_names(conn: sqlite3.Connection, project_id: int) -> list[str]:
    return [r[0] for r in conn.execute("SELECT name FROM tags WHERE project_id = ? ORDER BY created_at DESC", (project_id,))]


def split_ref(conn: sqlite3.Connection, project: sqlite3.Row, rest: str) -> tuple[str, str]:
    """'feature/x/src/a.py' -> ('feature/x', 'src/a.py'): the longest branch (or tag) name that prefixes `rest`."""
    rest = rest.strip("/")
    refs = branch_names(conn, project["id"]) or [project["default_branch"]]
    refs = sorted(refs + tag_names(conn, project["id"]), key=len, reverse=True)
    for b in refs:
        if rest == b or rest.startswith(b + "/"):
            return b, rest[len(b):].strip("/")
    raise HTTPException(404)


def _ref_for_files(conn: sqlite3.Connection, project: sqlite3.Row, ref: str) -> str:
    """Tags show the files of main (tags point into main's history; the tree at the tip stands in)."""
    return project["default_branch"] if ref in tag_names(conn, project["id"]) else ref


def tree_context(conn: sqlite3.Connection, project: sqlite3.Row, ref: str, folder: str) -> dict:
    files_ref = _ref_for_files(conn, project, ref)
    entries = repo.files_under(conn, project["id"], files_ref, folder)
    prefix = folder + "/" if folder else ""
    last_by_path = repo.last_commits_by_path(conn, project["id"])
    dirs: dict[str, dict] = {}
    files: list[dict] = []
    for path, size in entries:
        rest = path[len(prefix):]
        if "/" in rest:
            name = rest.split("/", 1)[0]
            d = dirs.setdefault(name, {"name": name, "path": prefix + name, "commit": None})
            c = last_by_path.get(path)
            if c is not None and (d["commit"] is None or c["created_at"] > d["commit"]["created_at"]):
                d["commit"] = c
        else:
            files.append({"name": rest, "path": path, "size": size, "commit": last_by_path.get(path)})
    crumbs, acc = [], []
    for part in [p for p in folder.split("/") if p]:
        acc.append(part)
        crumbs.append({"name": part, "path": "/".join(acc)})
    return dict(ref=ref, folder=folder, dirs=sorted(dirs.values(), key=lambda d: d["name"].lower()),
                files=sorted(files, key=lambda f: f["name"].lower()), path_crumbs=crumbs,
                last_commit=repo.last_commit(conn, project["id"], files_ref, project["default_branch"]),
                branches=branch_names(conn, project["id"]), tags=tag_names(conn, project["id"])[:20])


@page_view
def tree(request: Request, ns: str, project: str, rest: str = "") -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    ref, folder = split_ref(conn, p, rest or p["default_branch"])
    ctx = tree_context(conn, p, ref, folder)
    if folder and not ctx["dirs"] and not ctx["files"]:
        raise HTTPException(404)
    readme = next((f for f in ctx["files"] if f["name"].lower() == "readme.md"), None)
    text = repo.blob(conn, p["id"], _ref_for_files(conn, p, ref), readme["path"]) if readme else None
    ctx.update(title=f"{folder or 'Files'} · {ref} · {p['name']} · GitLab",
               readme_html=render_md(text, f"{project_url(p)}/-/issues") if text else None)
    return project_page(request, p, "tree.html", ctx, "files")


def tree_default(request: Request) -> Response:
    return tree.__wrapped__(request, request.path_params["ns"], request.path_params["project"], "")


def _blob(request: Request, ns: str, project: str, rest: str) -> tuple[sqlite3.Row, str, str, str]:
    conn = db(request)
    p = get_project(request, ns, project)
    ref, path = split_ref(conn, p, rest)
    text = repo.blob(conn, p["id"], _ref_for_files(conn, p, ref), path)
    if text is None:
        raise HTTPException(404)
    return p, ref, path, text


@page_view
def blob(request: Request, ns: str, project: str, rest: str) -> Response:
    conn = db(request)
    p, ref, path, content = _blob(request, ns, project, rest)
    parts = path.split("/")
    crumbs = [{"name": part, "path": "/".join(parts[: i + 1])} for i, part in enumerate(parts[:-1])]
    rendered = None
    if path.lower().endswith(".md") and request.query_params.get("plain") != "1":
        rendered = render_md(content, f"{project_url(p)}/-/issues")
    lines = content.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    fam = family(path)
    shown = [line_html(x, fam) for x in lines[:BLOB_LINE_LIMIT]]
    return project_page(request, p, "blob.html", dict(
        title=f"{path} · {ref} · {p['name']} · GitLab", ref=ref, path=path, name=parts[-1], path_crumbs=crumbs,
        lines=shown, truncated=len(lines) > BLOB_LINE_LIMIT, line_count=len(lines), size=len(content.encode()),
        rendered=rendered, commit=repo.last_commits_by_path(conn, p["id"]).get(path),
        branches=branch_names(conn, p["id"])), "files")


@page_view
def raw(request: Request, ns: str, project: str, rest: str) -> Response:
    _p, _ref, _path, content = _blob(request, ns, project, rest)
    return PlainTextResponse(content)


def _days(rows: list[sqlite3.Row]) -> list[tuple[str, list]]:
    days: list[tuple[str, list]] = []
    for r in rows:
        day = r["created_at"][:10]
        if not days or days[-1][0] != day:
            days.append((day, []))
        days[-1][1].append(r)
    return days


@page_view
def commits(request: Request, ns: str, project: str, rest: str = "") -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    ref, _path = split_ref(conn, p, rest or p["default_branch"])
    search = (request.query_params.get("search") or "").strip()
    total = repo.commit_count(conn, p["id"], ref, p["default_branch"], search)
    pg = paginate(total, parse_int(request.query_params.get("page"), 1) or 1, COMMITS_PER_PAGE)
    rows = repo.commits(conn, p["id"], ref, p["default_branch"], pg["size"], pg["offset"], search)
    pipelines = _pipeline_status(conn, p["id"], [r["sha"] for r in rows])
    return project_page(request, p, "commits.html", dict(
        title=f"Commits · {ref} · {p['name']} · GitLab", ref=ref, days=_days(rows), total=total, pg=pg, search=search,
        branches=branch_names(conn, p["id"]), pipelines=pipelines), "commits")


def _pipeline_status(conn: sqlite3.Connection, project_id: int, shas: list[str]) -> dict[str, sqlite3.Row]:
    if not shas:
        return {}
    marks = ",".join("?" * len(shas))
    return {r["sha"]: r for r in conn.execute(
        f"SELECT sha, id, status FROM content.pipelines WHERE project_id = ? AND sha IN ({marks}) ORDER BY id",
        [project_id, *shas])}


def commits_default(request: Request) -> Response:
    return commits.__wrapped__(request, request.path_params["ns"], request.path_params["project"], "")


@page_view
def commit(request: Request, ns: str, project: str, sha: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    row = repo.commit_by_sha(conn, p["id"], sha)
    if row is None:
        raise HTTPException(404)
    files = []
    for f in repo.commit_files(conn, row):
        rows, cut = diff_rows(f.diff, f.path)
        files.append({"file": f, "rows": rows, "cut": cut})
    mrs = conn.execute(
        "SELECT m.iid, m.title FROM mr_commits c JOIN merge_requests m ON m.id = c.merge_request_id"
        " WHERE m.project_id = ? AND (c.sha = ? OR m.merge_commit_sha = ?) ORDER BY m.iid",
        (p["id"], row["sha"], row["sha"])).fetchall()
    pipeline = _pipeline_status(conn, p["id"], [row["sha"]]).get(row["sha"])
    return project_page(request, p, "commit.html", dict(
        title=f"{row['title']} ({row['sha'][:8]}) · Commits · {p['name']} · GitLab", commit=row, files=files,
        additions=sum(f["file"].additions for f in files), deletions=sum(f["file"].deletions for f in files),
        mrs=mrs, pipeline=pipeline), "commits")


@page_view
def branches(request: Request, ns: str, project: str, tab: str = "overview") -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    if tab not in ("overview", "active", "stale", "all"):
        raise HTTPException(404)
    search = (request.query_params.get("search") or "").strip()
    rows = conn.execute(
        "SELECT b.*, (SELECT m.iid FROM merge_requests m WHERE m.project_id = b.project_id AND m.source_branch = b.name"
        "  ORDER BY m.id DESC LIMIT 1) AS mr_iid,"
        " (SELECT m.state FROM merge_requests m WHERE m.project_id = b.project_id AND m.source_branch = b.name"
        "  ORDER BY m.id DESC LIMIT 1) AS mr_state FROM branches b WHERE b.project_id = ? AND b.name LIKE ?"
        " ORDER BY b.name = ? DESC, b.created_at DESC", (p["id"], f"%{search}%", p["default_branch"])).fetchall()
    tips = {}
    for r in rows:
        c = repo.commit_by_sha(conn, p["id"], r["commit_sha"])
        tips[r["name"]] = c
    stale_before = "2023-03-13 00:00:00"
    if tab == "active":
        rows = [r for r in rows if r["created_at"] >= stale_before]
    elif tab == "stale":
        rows = [r for r in rows if r["created_at"] < stale_before]
    ahead = {r["name"]: conn.execute("SELECT COUNT(*) FROM content.commits WHERE project_id = ? AND branch = ? AND on_main = 0",
                                     (p["id"], r["name"])).fetchone()[0] for r in rows}
    pipelines = _pipeline_status(conn, p["id"], [r["commit_sha"] for r in rows])
    return project_page(request, p, "branches.html", dict(
        title=f"Branches · {p['name']} · GitLab", rows=rows, tips=tips, tab=tab, search=search, ahead=ahead,
        stale_before=stale_before, pipelines=pipelines), "branches")


def branches_tab(request: Request) -> Response:
    pp = request.path_params
    return branches.__wrapped__(request, pp["ns"], pp["project"], pp["tab"])


@page_view
def tags(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    search = (request.query_params.get("search") or "").strip()
    rows = conn.execute(
        "SELECT t.*, r.name AS release_name FROM tags t LEFT JOIN releases r ON r.project_id = t.project_id"
        " AND r.tag_name = t.name WHERE t.project_id = ? AND t.name LIKE ? ORDER BY t.created_at DESC",
        (p["id"], f"%{search}%")).fetchall()
    commits_of = {r["name"]: repo.commit_by_sha(conn, p["id"], r["commit_sha"]) for r in rows}
    return project_page(request, p, "tags.html", dict(
        title=f"Tags · {p['name']} · GitLab", rows=rows, commits_of=commits_of, search=search,
        pipelines=_pipeline_status(conn, p["id"], [r["commit_sha"] for r in rows])), "tags")


@page_view
def tag(request: Request, ns: str, project: str, name: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    row = conn.execute("SELECT * FROM tags WHERE project_id = ? AND name = ?", (p["id"], name)).fetchone()
    if row is None:
        raise HTTPException(404)
    release = conn.execute("SELECT * FROM releases WHERE project_id = ? AND tag_name = ?", (p["id"], name)).fetchone()
    return project_page(request, p, "tag.html", dict(
        title=f"{name} · Tags · {p['name']} · GitLab", tag=row, release=release,
        commit=repo.commit_by_sha(conn, p["id"], row["commit_sha"])), "tags")


@page_view
def contributors(request: Request, ns: str, project: str, rest: str = "") -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    rows = repo.contributors(conn, p["id"])
    months: dict[str, int] = {}
    for r in conn.execute("SELECT substr(created_at, 1, 7) AS m, COUNT(*) FROM content.commits WHERE project_id = ?"
                          " AND on_main = 1 GROUP BY m ORDER BY m", (p["id"],)):
        months[r[0]] = r[1]
    return project_page(request, p, "contributors.html", dict(
        title=f"Contributors · {p['name']} · GitLab", rows=rows, months=months, peak=max(months.values(), default=1),
        ref=rest.split("/")[0] or p["default_branch"]), "contributors")


@page_view
def graph(request: Request, ns: str, project: str, rest: str = "") -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    rows = conn.execute(
        "SELECT c.sha, c.parent_sha, c.branch, c.title, c.author_name, c.created_at, c.on_main FROM content.commits c"
        " WHERE c.project_id = ? ORDER BY c.created_at DESC, c.id DESC LIMIT 120", (p["id"],)).fetchall()
    lanes: dict[str, int] = {p["default_branch"]: 0}
    out = []
    for r in rows:
        lane = lanes.setdefault(r["branch"], 1 + (len(lanes) - 1) % 4)
        out.append((r, lane))
    refs: dict[str, list[str]] = {}
    for b in conn.execute("SELECT name, commit_sha FROM branches WHERE project_id = ?", (p["id"],)):
        refs.setdefault(b["commit_sha"], []).append(b["name"])
    for t in conn.execute("SELECT name, commit_sha FROM tags WHERE project_id = ?", (p["id"],)):
        refs.setdefault(t["commit_sha"], []).append(t["name"])
    return project_page(request, p, "graph.html", dict(
        title=f"Graph · {p['name']} · GitLab", rows=out, refs=refs, ref=rest or p["default_branch"]), "graph")


@page_view
def compare(request: Request, ns: str, project: str, spec: str = "") -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    q = request.query_params
    if not spec and q.get("from") and q.get("to"):
        spec = f"{q['from']}...{q['to']}"
    source = target = ""
    found: list[sqlite3.Row] = []
    files: list[dict] = []
    if spec:
        if "..." not in spec:
            raise HTTPException(404)
        target, source = spec.split("...", 1)
        names = branch_names(conn, p["id"])
        if source not in names or target not in names:
            raise HTTPException(404)
        found = conn.execute(
            "SELECT c.*, 'content' AS origin, u.username FROM content.commits c LEFT JOIN users u ON u.id = c.author_id"
            " WHERE c.project_id = ? AND c.branch = ? AND c.on_main = 0 ORDER BY c.created_at DESC", (p["id"], source)).fetchall()
        for c in found:
            for f in repo.commit_files(conn, c):
                rows, cut = diff_rows(f.diff, f.path)
                files.append({"file": f, "rows": rows, "cut": cut, "sha": c["sha"]})
    return project_page(request, p, "compare.html", dict(
        title=f"Compare · {p['name']} · GitLab", branches=branch_names(conn, p["id"]), source=source, target=target,
        commits=found, files=files, spec=spec), "compare")


def compare_spec(request: Request) -> Response:
    pp = request.path_params
    return compare.__wrapped__(request, pp["ns"], pp["project"], pp["spec"])
