"""Moderation pages as Postmill has them: a forum's moderation log (`/f/<forum>/moderation_log`),
the log of every forum (`/moderation_log`), a forum's bans (`/f/<forum>/bans`) and its
moderators (`/f/<forum>/moderators`). Pages of 25 entries, newest first, `?page=N`."""

from __future__ import annotations

import sqlite3

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import PAGE_SIZE, current_user, forum_by_name, not_found, page_number, render, site_now
from .views_listing import MAX_PAGE, forum_context

_LOG_ROWS = (
    "SELECT l.*, f.name AS forum_name, m.username AS moderator, a.username AS author, s.slug AS submission_slug,"
    " b.expires_at AS ban_expires, b.lifted_at AS ban_lifted FROM moderation_log l JOIN forums f ON f.id = l.forum_id"
    " JOIN users m ON m.id = l.moderator_id LEFT JOIN users a ON a.id = l.author_id"
    " LEFT JOIN submissions s ON s.id = l.submission_id LEFT JOIN forum_bans b ON b.id = l.ban_id")


def _forum(request: Request) -> tuple[sqlite3.Row | None, Response | None]:
    forum = forum_by_name(db(request), request.path_params["forum"])
    if forum is None:
        return None, not_found(request, f"There is no forum named \u201c{request.path_params['forum']}\u201d.")
    return forum, None


def _page(request: Request) -> int | None:
    page = page_number(request)
    return None if page > MAX_PAGE else page


def moderation_log(request: Request) -> Response:
    forum, error = _forum(request)
    page = _page(request)
    if error or page is None:
        return error or not_found(request)
    conn = db(request)
    rows = conn.execute(f"{_LOG_ROWS} WHERE l.forum_id = ? ORDER BY l.id DESC LIMIT ? OFFSET ?",
                        (forum["id"], PAGE_SIZE + 1, (page - 1) * PAGE_SIZE)).fetchall()
    return render(request, "moderation_log.html", dict(
        title=f"Moderation log for /f/{forum['name']}", forum=forum, entries=rows[:PAGE_SIZE], page=page,
        has_next=len(rows) > PAGE_SIZE, now=site_now(conn), **forum_context(conn, forum, current_user(request))))


def global_moderation_log(request: Request) -> Response:
    page = _page(request)
    if page is None:
        return not_found(request)
    conn = db(request)
    rows = conn.execute(f"{_LOG_ROWS} ORDER BY l.id DESC LIMIT ? OFFSET ?",
                        (PAGE_SIZE + 1, (page - 1) * PAGE_SIZE)).fetchall()
    return render(request, "moderation_log.html", dict(title="Moderation log", forum=None, entries=rows[:PAGE_SIZE],
                                                        page=page, has_next=len(rows) > PAGE_SIZE, now=site_now(conn)))


def bans(request: Request) -> Response:
    """The forum's bans in force (newest first); `?all=1` lists expired and lifted ones too."""
    forum, error = _forum(request)
    page = _page(request)
    if error or page is None:
        return error or not_found(request)
    conn = db(request)
    now = site_now(conn)
    show_all = request.query_params.get("all") == "1"
    where = "" if show_all else " AND b.lifted_at IS NULL AND (b.expires_at IS NULL OR b.expires_at > :now)"
    rows = conn.execute(
        "SELECT b.*, u.username, m.username AS moderator FROM forum_bans b JOIN users u ON u.id = b.user_id"
        f" JOIN users m ON m.id = b.banned_by WHERE b.forum_id = :f{where} ORDER BY b.id DESC LIMIT :n OFFSET :o",
        {"f": forum["id"], "now": now, "n": PAGE_SIZE + 1, "o": (page - 1) * PAGE_SIZE}).fetchall()
    return render(request, "bans.html", dict(title=f"Bans in /f/{forum['name']}", forum=forum, bans=rows[:PAGE_SIZE],
                                              page=page, has_next=len(rows) > PAGE_SIZE, show_all=show_all, now=now,
                                              **forum_context(conn, forum, current_user(request))))


def moderators(request: Request) -> Response:
    forum, error = _forum(request)
    if error:
        return error
    conn = db(request)
    rows = conn.execute(
        "SELECT u.username, m.created_at, (SELECT COUNT(*) FROM moderation_log l WHERE l.forum_id = m.forum_id"
        " AND l.moderator_id = m.user_id) AS actions FROM moderators m JOIN users u ON u.id = m.user_id"
        " WHERE m.forum_id = ? ORDER BY m.created_at, u.username COLLATE NOCASE", (forum["id"],)).fetchall()
    return render(request, "moderators.html", dict(title=f"Moderators of /f/{forum['name']}", forum=forum, mods=rows,
                                                    **forum_context(conn, forum, current_user(request))))
