"""A project's wiki (pages rendered from Markdown, the page list) and its snippets."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import get_project, page_view, project_page, project_url
from .markdown import render as render_md


def _pages(conn, project_id: int) -> list:
    return conn.execute("SELECT w.*, u.username, u.name AS author_name FROM wiki_pages w JOIN users u ON u.id = w.author_id"
                        " WHERE w.project_id = ? ORDER BY w.slug = 'home' DESC, lower(w.title)", (project_id,)).fetchall()


@page_view
def wiki_page(request: Request, ns: str, project: str, slug: str = "home") -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    pages = _pages(conn, p["id"])
    page = next((w for w in pages if w["slug"] == slug), None)
    if page is None and (pages or slug != "home"):
        raise HTTPException(404)
    html = render_md(page["content"], f"{project_url(p)}/-/issues") if page else None
    return project_page(request, p, "wiki.html", dict(
        title=f"{page['title'] if page else 'Wiki'} · Wiki · {p['name']} · GitLab", page=page, html=html, pages=pages),
        "wiki")


@page_view
def wiki_pages(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    return project_page(request, p, "wiki_pages.html", dict(title=f"Pages · Wiki · {p['name']} · GitLab",
                                                            pages=_pages(conn, p["id"])), "wiki")


@page_view
def snippets(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    rows = conn.execute("SELECT s.*, u.username, u.name AS author_name FROM snippets s JOIN users u ON u.id = s.author_id"
                        " WHERE s.project_id = ? ORDER BY s.id DESC", (p["id"],)).fetchall()
    return project_page(request, p, "snippets.html", dict(title=f"Snippets · {p['name']} · GitLab", rows=rows), "snippets")


@page_view
def snippet(request: Request, ns: str, project: str, snippet_id: int) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    row = conn.execute("SELECT s.*, u.username, u.name AS author_name FROM snippets s JOIN users u ON u.id = s.author_id"
                       " WHERE s.project_id = ? AND s.id = ?", (p["id"], snippet_id)).fetchone()
    if row is None:
        raise HTTPException(404)
    return project_page(request, p, "snippet.html", dict(title=f"{row['title']} · Snippets · {p['name']} · GitLab",
                                                         snippet=row, lines=row["content"].rstrip("\n").split("\n")), "snippets")
