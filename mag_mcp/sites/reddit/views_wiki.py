"""The wiki, at Postmill's addresses: `/wiki` (the index page), `/wiki/<path>` (a page),
`/wiki/_history/<path>` (its revisions), `/wiki/_revision/<id>`, `/wiki/_all` (every page),
`/wiki/_recent` (recent changes), and `/wiki/_edit/<path>` / `/wiki/_create/<path>` (signed-in
users; a locked page only by admins). A missing page offers to create it."""

from __future__ import annotations

import re
import sqlite3

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import (PAGE_SIZE, current_user, forbidden, form_view, login_redirect, not_found, page_number, redirect,
                     render, require_user, site_now)

PATH_RE = re.compile(r"^[A-Za-z0-9_-]{1,40}(?:/[A-Za-z0-9_-]{1,40}){0,3}$")
TITLE_MAX = 100
BODY_MAX = 50000

_CURRENT = ("SELECT p.*, r.id AS revision_id, r.title, r.body, r.created_at AS revised_at, u.username AS editor,"
            " (SELECT COUNT(*) FROM wiki_revisions x WHERE x.page_id = p.id) AS revisions FROM wiki_pages p"
            " JOIN wiki_revisions r ON r.id = (SELECT MAX(id) FROM wiki_revisions WHERE page_id = p.id)"
            " JOIN users u ON u.id = r.user_id")


def _page(conn: sqlite3.Connection, path: str) -> sqlite3.Row | None:
    return conn.execute(f"{_CURRENT} WHERE p.path = ?", (path,)).fetchone()


def wiki_page(request: Request) -> Response:
    path = request.path_params.get("path", "index")
    if not PATH_RE.match(path):
        return not_found(request)
    page = _page(db(request), path)
    if page is None:
        return render(request, "wiki_missing.html", dict(title="Page not found", path=path), status_code=404)
    return render(request, "wiki_page.html", dict(title=page["title"], page=page, **_sidebar(db(request))))


def _sidebar(conn: sqlite3.Connection) -> dict:
    """Postmill's wiki sidebar: every page of the wiki, and the latest edits."""
    pages = conn.execute("SELECT p.path, r.title FROM wiki_pages p JOIN wiki_revisions r ON r.id ="
                         " (SELECT MAX(id) FROM wiki_revisions WHERE page_id = p.id)"
                         " ORDER BY p.path COLLATE NOCASE LIMIT 200").fetchall()
    recent = conn.execute("SELECT r.id, r.title, r.created_at, p.path, u.username AS editor FROM wiki_revisions r"
                          " JOIN wiki_pages p ON p.id = r.page_id JOIN users u ON u.id = r.user_id"
                          " ORDER BY r.id DESC LIMIT 8").fetchall()
    return {"wiki_pages": pages, "wiki_recent": recent}


def wiki_history(request: Request) -> Response:
    path = request.path_params["path"]
    conn = db(request)
    page = _page(conn, path) if PATH_RE.match(path) else None
    if page is None:
        return not_found(request, "There is no wiki page at that address.")
    n = page_number(request)
    rows = conn.execute("SELECT r.id, r.title, r.created_at, length(r.body) AS size, u.username AS editor"
                        " FROM wiki_revisions r JOIN users u ON u.id = r.user_id WHERE r.page_id = ?"
                        " ORDER BY r.id DESC LIMIT ? OFFSET ?", (page["id"], PAGE_SIZE + 1, (n - 1) * PAGE_SIZE)).fetchall()
    return render(request, "wiki_history.html", dict(title=f"History of {page['title']}", page=page,
                                                     revisions=rows[:PAGE_SIZE], page_no=n, has_next=len(rows) > PAGE_SIZE))


def wiki_revision(request: Request) -> Response:
    row = db(request).execute("SELECT r.*, p.path, u.username AS editor FROM wiki_revisions r JOIN wiki_pages p"
                              " ON p.id = r.page_id JOIN users u ON u.id = r.user_id WHERE r.id = ?",
                              (request.path_params["id"],)).fetchone()
    if row is None:
        return not_found(request, "There is no such revision.")
    return render(request, "wiki_revision.html", dict(title=f"Revision of {row['title']}", rev=row))


def wiki_all(request: Request) -> Response:
    rows = db(request).execute(f"{_CURRENT} ORDER BY p.path COLLATE NOCASE").fetchall()
    return render(request, "wiki_list.html", dict(title="All wiki pages", pages=rows, recent=False))


def wiki_recent(request: Request) -> Response:
    n = page_number(request)
    rows = db(request).execute(
        "SELECT r.id, r.title, r.created_at, p.path, u.username AS editor FROM wiki_revisions r"
        " JOIN wiki_pages p ON p.id = r.page_id JOIN users u ON u.id = r.user_id ORDER BY r.id DESC LIMIT ? OFFSET ?",
        (PAGE_SIZE + 1, (n - 1) * PAGE_SIZE)).fetchall()
    return render(request, "wiki_list.html", dict(title="Recent changes", changes=rows[:PAGE_SIZE], recent=True,
                                                  page_no=n, has_next=len(rows) > PAGE_SIZE))


def _editable(request: Request, path: str) -> tuple[sqlite3.Row | None, Response | None]:
    user = current_user(request)
    if user is None:
        return None, login_redirect(request)
    if not PATH_RE.match(path):
        return None, not_found(request)
    page = _page(db(request), path)
    if page is not None and page["locked"] and not user["is_admin"]:
        return page, forbidden(request)
    return page, None


@require_user
def wiki_edit_form(request: Request) -> Response:
    path = request.path_params["path"]
    page, error = _editable(request, path)
    if error:
        return error
    values = {"title": page["title"], "body": page["body"]} if page else {"title": "", "body": ""}
    return render(request, "wiki_edit.html", dict(title=f"Edit {path}" if page else f"Create {path}", path=path,
                                                  page=page, values=values, errors={}))


@form_view
def wiki_edit_post(request: Request, form: dict[str, str]) -> Response:
    path = request.path_params["path"]
    page, error = _editable(request, path)
    if error:
        return error
    values = {"title": (form.get("title") or "").strip(), "body": (form.get("body") or "").strip()}
    errors = {}
    if not values["title"] or len(values["title"]) > TITLE_MAX:
        errors["title"] = "This value should not be blank." if not values["title"] else "This value is too long."
    if not values["body"] or len(values["body"]) > BODY_MAX:
        errors["body"] = "This value should not be blank." if not values["body"] else "This value is too long."
    if errors:
        return render(request, "wiki_edit.html", dict(title=f"Edit {path}", path=path, page=page, values=values,
                                                      errors=errors), status_code=400)
    conn = db(request)
    now = site_now(conn)
    user = current_user(request)
    assert user is not None
    page_id = page["id"] if page else conn.execute("INSERT INTO wiki_pages (path, locked, created_at) VALUES (?,0,?)",
                                                   (path, now)).lastrowid
    conn.execute("INSERT INTO wiki_revisions (page_id, user_id, title, body, created_at) VALUES (?,?,?,?,?)",
                 (page_id, user["id"], values["title"], values["body"], now))
    return redirect(request, f"/wiki/{path}", "The wiki page was saved.")
