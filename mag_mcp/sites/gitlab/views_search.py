"""Global search (`/search`): GitLab's scope tabs with their counts (projects, issues, merge
requests, milestones, users, code, commits, wiki), the group and project filters, the state and
confidentiality filters of the sidebar, sorting and a page of results."""

from __future__ import annotations

import re
import sqlite3
from typing import Any

from markupsafe import Markup, escape
from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import current_user, paginate, parse_int, render, visible_projects_sql
from .queries import project_count, project_rows

SCOPES = (
    ("projects", "Projects"),
    ("issues", "Issues"),
    ("merge_requests", "Merge requests"),
    ("milestones", "Milestones"),
    ("users", "Users"),
    ("blobs", "Code"),
    ("commits", "Commits"),
    ("wiki_blobs", "Wiki"),
)
NOUNS = {"blobs": "code results", "wiki_blobs": "wiki results"}
SORTS = (
    ("updated_desc", "Updated date", "i.updated_at DESC, i.id DESC"),
    ("updated_asc", "Updated date (oldest first)", "i.updated_at ASC, i.id ASC"),
    ("created_desc", "Created date", "i.created_at DESC, i.id DESC"),
    ("created_asc", "Created date (oldest first)", "i.created_at ASC, i.id ASC"),
)
STATES = {
    "issues": (("all", "Any"), ("opened", "Open"), ("closed", "Closed")),
    "merge_requests": (("all", "Any"), ("opened", "Open"), ("merged", "Merged"), ("closed", "Closed")),
}
CONFIDENTIAL = (("all", "Any"), ("yes", "Confidential"), ("no", "Not confidential"))
PAGE_SIZE = 20


_MD = [(re.compile(r"!?\[([^\]]*)\]\([^)]*\)"), r"\1"), (re.compile(r"(?m)^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+"), ""),
       (re.compile(r"[`*~]{1,3}|(?<![A-Za-z0-9])_+|_+(?![A-Za-z0-9])"), ""), (re.compile(r"<[^>]+>"), "")]


def _plain(text: str) -> str:
    """Markdown source as the text it renders to (roughly: no markup characters)."""
    for pattern, repl in _MD:
        text = pattern.sub(repl, text)
    return text


def snippet(text: str, term: str, width: int = 180, plain: bool = True) -> Markup:
    """A one-line excerpt of `text` around the first match of `term`, matches in <mark>."""
    flat = " ".join(_plain(text or "").split()) if plain else (text or "").rstrip().expandtabs(4)
    at = flat.lower().find(term.lower()) if term else -1
    start = max(0, at - width // 3) if at > 0 else 0
    cut = flat[start:start + width]
    out = ("…" if start else "") + cut + ("…" if start + width < len(flat) else "")
    if not term:
        return Markup(escape(out))
    parts = re.split(f"({re.escape(term)})", out, flags=re.IGNORECASE)
    return Markup("".join(f"<mark>{escape(p)}</mark>" if i % 2 else str(escape(p)) for i, p in enumerate(parts)))


def _where(scope: str, f: dict[str, Any], me: sqlite3.Row | None) -> tuple[str, list[Any]]:
    """The visibility, group/project and sidebar conditions of a project-bound scope."""
    vis, args = visible_projects_sql(me)
    sql = [vis]
    if f["group"]:
        sql.append("p.group_id = ?")
        args.append(f["group"]["id"])
    if f["project"]:
        sql.append("p.id = ?")
        args.append(f["project"]["id"])
    if scope in STATES and f["state"] != "all":
        sql.append("i.state = ?")
        args.append(f["state"])
    if scope == "issues" and f["confidential"] != "all":
        sql.append("i.confidential = ?")
        args.append(1 if f["confidential"] == "yes" else 0)
    return " AND ".join(sql), args


_FROM = {
    "issues": ("issues i", "(i.title LIKE ?1 OR i.description LIKE ?1)"),
    "merge_requests": ("merge_requests i", "(i.title LIKE ?1 OR i.description LIKE ?1)"),
    "milestones": ("milestones i", "(i.title LIKE ?1 OR i.description LIKE ?1)"),
    "blobs": ("content.blobs i", "(i.path LIKE ?1 OR i.content LIKE ?1)"),
    "commits": ("content.commits i", "(i.title LIKE ?1 OR i.message LIKE ?1) AND i.on_main = 1"),
    "wiki_blobs": ("wiki_pages i", "(i.title LIKE ?1 OR i.content LIKE ?1)"),
}
_SELECT = {
    "issues": "i.*, a.name AS author_name, a.username AS author_username,"
              " (SELECT COUNT(*) FROM notes n WHERE n.noteable_type = 'Issue' AND n.noteable_id = i.id"
              "  AND n.system = 0) AS note_count,"
              " (SELECT COUNT(*) FROM award_emoji e WHERE e.awardable_type = 'Issue' AND e.awardable_id = i.id"
              "  AND e.name = 'thumbsup') AS upvotes",
    "merge_requests": "i.*, a.name AS author_name, a.username AS author_username,"
                      " (SELECT COUNT(*) FROM notes n WHERE n.noteable_type = 'MergeRequest'"
                      "  AND n.noteable_id = i.id AND n.system = 0) AS note_count,"
                      " (SELECT COUNT(*) FROM award_emoji e WHERE e.awardable_type = 'MergeRequest'"
                      "  AND e.awardable_id = i.id AND e.name = 'thumbsup') AS upvotes",
    "milestones": "i.*",
    "blobs": "i.path, i.content",
    "commits": "i.sha, i.title, i.message, i.created_at, i.author_name, i.branch,"
               " (SELECT username FROM users u WHERE u.id = i.author_id) AS author_username",
    "wiki_blobs": "i.slug, i.title, i.content, i.updated_at",
}


def _count(conn: sqlite3.Connection, scope: str, term: str, f: dict[str, Any], me: sqlite3.Row | None) -> int:
    table, match = _FROM[scope]
    cond, args = _where(scope, f, me)
    return conn.execute(f"SELECT COUNT(*) FROM {table} JOIN projects p ON p.id = i.project_id"
                        f" WHERE {match} AND {cond}", [f"%{term}%"] + args).fetchone()[0]


def _rows(conn: sqlite3.Connection, scope: str, term: str, f: dict[str, Any], me: sqlite3.Row | None,
          pg: dict[str, int]) -> list[dict[str, Any]]:
    table, match = _FROM[scope]
    cond, args = _where(scope, f, me)
    join = " JOIN users a ON a.id = i.author_id" if scope in STATES else ""
    order = {"blobs": "p.full_path, i.path", "commits": "i.created_at DESC, i.id DESC",
             "wiki_blobs": "i.updated_at DESC, i.id DESC", "milestones": "i.updated_at DESC, i.id DESC"}.get(
        scope, dict((k, o) for k, _, o in SORTS)[f["sort"]])
    rows = conn.execute(
        f"SELECT {_SELECT[scope]}, p.full_path, p.name AS project_name, p.default_branch FROM {table}"
        f" JOIN projects p ON p.id = i.project_id{join} WHERE {match} AND {cond} ORDER BY {order} LIMIT ? OFFSET ?",
        [f"%{term}%"] + args + [pg["size"], pg["offset"]]).fetchall()
    out = [dict(r) for r in rows]
    if scope == "blobs":
        for r in out:
            r["lines"] = _matching_lines(r.pop("content"), term)
    return out


def _matching_lines(content: str, term: str, most: int = 3) -> list[tuple[int, Markup]]:
    """The first matching lines of a file (line number, highlighted text); its head if only the path matches."""
    lines = content.splitlines()
    hits = [n for n, line in enumerate(lines, 1) if term.lower() in line.lower()][:most] or list(
        range(1, min(most, len(lines)) + 1))
    return [(n, snippet(lines[n - 1], term, 140, plain=False)) for n in hits]


def _filters(conn: sqlite3.Connection, request: Request, scope: str) -> dict[str, Any]:
    q = request.query_params
    group = conn.execute("SELECT id, name, path FROM groups WHERE id = ?",
                         (parse_int(q.get("group_id"), 0),)).fetchone()
    project = conn.execute("SELECT id, name, full_path, group_id FROM projects WHERE id = ?",
                           (parse_int(q.get("project_id"), 0),)).fetchone()
    if project and group and project["group_id"] != group["id"]:
        project = None
    states = dict(STATES.get(scope, ()))
    return dict(
        group=group,
        project=project,
        state=q.get("state") if q.get("state") in states else "all",
        confidential=q.get("confidential") if q.get("confidential") in dict(CONFIDENTIAL) else "all",
        sort=q.get("sort") if q.get("sort") in {k for k, _, _ in SORTS} else "updated_desc",
    )


def search(request: Request) -> Response:
    conn = db(request)
    me = current_user(request)
    q = request.query_params
    term = (q.get("search") or "").strip()
    scope = q.get("scope") if q.get("scope") in dict(SCOPES) else "projects"
    f = _filters(conn, request, scope)
    counts = {k: 0 for k, _ in SCOPES}
    rows: list[Any] = []
    pg = paginate(0, 1, PAGE_SIZE)
    if term:
        where, params = "1", []
        if f["group"]:
            where, params = "p.group_id = ?", [f["group"]["id"]]
        if f["project"]:
            where, params = "p.id = ?", [f["project"]["id"]]
        counts["projects"] = project_count(conn, me, where, params, term)
        for key in _FROM:
            counts[key] = _count(conn, key, term, f, me)
        like = f"%{term}%"
        counts["users"] = conn.execute("SELECT COUNT(*) FROM users WHERE username LIKE ? OR name LIKE ?",
                                       (like, like)).fetchone()[0]
        if not q.get("scope"):
            scope = next((k for k, _ in SCOPES if counts[k]), "projects")
            f = _filters(conn, request, scope)
        pg = paginate(counts[scope], parse_int(q.get("page"), 1), PAGE_SIZE)
        if scope == "projects":
            rows = project_rows(conn, me, where, params, "stars_desc", term, pg["size"], pg["offset"])
        elif scope == "users":
            rows = conn.execute("SELECT * FROM users WHERE username LIKE ? OR name LIKE ? ORDER BY lower(name)"
                                " LIMIT ? OFFSET ?", (like, like, pg["size"], pg["offset"])).fetchall()
        else:
            rows = _rows(conn, scope, term, f, me, pg)
    vis, vargs = visible_projects_sql(me)
    groups = conn.execute("SELECT id, name, path FROM groups ORDER BY lower(name)").fetchall()
    pick_where = "p.group_id = ?" if f["group"] else "p.id IN (SELECT project_id FROM project_members WHERE user_id = ?)"
    pick_args = [f["group"]["id"] if f["group"] else (me["id"] if me else -1)]
    projects = conn.execute(f"SELECT p.id, p.name, p.full_path FROM projects p WHERE {vis} AND ({pick_where})"
                            " ORDER BY lower(p.full_path)", vargs + pick_args).fetchall()
    return render(
        request,
        "search.html",
        dict(
            title=f"{term or 'Search'} · Search · GitLab",
            term=term,
            scope=scope,
            scopes=SCOPES,
            noun=NOUNS.get(scope, dict(SCOPES)[scope].lower()),
            rows=rows,
            counts=counts,
            pg=pg,
            f=f,
            sorts=SORTS,
            sort_text=next(t for k, t, _ in SORTS if k == f["sort"]),
            states=STATES.get(scope, ()),
            confidential_options=CONFIDENTIAL,
            groups=groups,
            projects=projects,
            snippet=snippet,
        ),
    )


def header_autocomplete(request: Request, term: str) -> dict[str, list[sqlite3.Row]]:
    """The header search's suggestions (GitLab's /search/autocomplete): up to 5 projects the
    user may see, 5 groups and 5 users matching `term`."""
    conn, like = db(request), f"%{term.strip()}%"
    user = current_user(request)
    vis, params = visible_projects_sql(user)
    group_vis = "g.visibility != 'private'" if user else "g.visibility = 'public'"
    return {
        "projects": conn.execute(f"SELECT p.id, p.name, p.full_path FROM projects p WHERE {vis} AND (p.name LIKE ?"
                                 " OR p.full_path LIKE ?) ORDER BY lower(p.name) LIMIT 5", [*params, like, like]
                                 ).fetchall(),
        "groups": conn.execute(f"SELECT g.id, g.name, g.path FROM groups g WHERE {group_vis} AND (g.name LIKE ?"
                               " OR g.path LIKE ?) ORDER BY lower(g.name) LIMIT 5", (like, like)).fetchall(),
        "users": conn.execute("SELECT username, name FROM users WHERE username LIKE ? OR name LIKE ?"
                              " ORDER BY lower(name) LIMIT 5", (like, like)).fetchall(),
    }
