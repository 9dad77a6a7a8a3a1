"""Listings: front page, /all, forum pages, the forum list, search and user pages."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ..base import db
from .common import (PAGE_SIZE, SORTS, SUBMISSION_COLUMNS, SUBMISSION_FROM, TIME_FILTERS, current_user,
                     forum_by_name, is_moderator, is_subscribed, not_found, page_number, render, site_now,
                     user_votes)

_ORDER = {
    "hot": "s.ranking DESC, s.id DESC",
    "new": "s.created_at DESC, s.id DESC",
    "active": "s.last_active DESC, s.id DESC",
    "top": "s.net_score DESC, s.id DESC",
    "controversial": "MIN(s.upvotes, s.downvotes) DESC, (s.upvotes + s.downvotes) DESC, s.id DESC",
    "most_commented": "s.comment_count DESC, s.id DESC",
}


def fetch_listing(conn: sqlite3.Connection, where: str, params: list, sort: str, t: str,
                  page: int) -> tuple[list[sqlite3.Row], bool]:
    """One page of submissions (and whether there is a next page)."""
    seconds = TIME_FILTERS.get(t) if sort in ("top", "controversial") else None
    if seconds:
        cutoff = (datetime.fromisoformat(site_now(conn)) - timedelta(seconds=seconds)).strftime("%Y-%m-%d %H:%M:%S")
        where += " AND s.created_at >= ?"
        params = [*params, cutoff]
    rows = conn.execute(
        f"SELECT {SUBMISSION_COLUMNS} {SUBMISSION_FROM} WHERE {where} ORDER BY {_ORDER[sort]} LIMIT ? OFFSET ?",
        (*params, PAGE_SIZE + 1, (page - 1) * PAGE_SIZE)).fetchall()
    return rows[:PAGE_SIZE], len(rows) > PAGE_SIZE


def _sort_and_time(request: Request, sort: str | None) -> tuple[str, str] | None:
    sort = sort or "hot"
    if sort not in SORTS:
        return None
    t = request.query_params.get("t", "all")
    return sort, (t if t in TIME_FILTERS else "all")


def _subscriptions(conn: sqlite3.Connection, user: sqlite3.Row | None) -> list[sqlite3.Row]:
    if user is None:
        return []
    return conn.execute("SELECT f.* FROM subscriptions x JOIN forums f ON f.id = x.forum_id WHERE x.user_id = ?"
                        " ORDER BY f.name COLLATE NOCASE", (user["id"],)).fetchall()


def _popular_forums(conn: sqlite3.Connection, limit: int = 10) -> list[sqlite3.Row]:
    return conn.execute(
        "SELECT f.*, (SELECT COUNT(*) FROM subscriptions x WHERE x.forum_id = f.id) AS subscribers FROM forums f"
        " ORDER BY subscribers DESC, f.name COLLATE NOCASE LIMIT ?", (limit,)).fetchall()


def _listing_page(request: Request, *, kind: str, heading: str, where: str, params: list, base: str,
                  sort: str, t: str, forum: sqlite3.Row | None = None, extra: dict | None = None) -> Response:
    conn = db(request)
    user = current_user(request)
    page = page_number(request)
    rows, has_next = fetch_listing(conn, where, params, sort, t, page)
    votes = user_votes(conn, user, "submission_votes", "submission_id", [r["id"] for r in rows])
    ctx = dict(title=heading, heading=heading, kind=kind, rows=rows, votes=votes, sort=sort, t=t, page=page,
               has_next=has_next, base=base, forum=forum, subscriptions=_subscriptions(conn, user),
               popular=_popular_forums(conn))
    ctx.update(extra or {})
    return render(request, "listing.html", ctx)


def front(request: Request) -> Response:
    """`/` and `/<sort>`: submissions from the user's subscribed forums (all forums for guests or users
    without subscriptions)."""
    st = _sort_and_time(request, request.path_params.get("sort"))
    if st is None:
        return not_found(request)
    conn = db(request)
    user = current_user(request)
    subscribed = bool(_subscriptions(conn, user))
    if subscribed:
        where, params = "s.forum_id IN (SELECT forum_id FROM subscriptions WHERE user_id = ?)", [user["id"]]
    else:
        where, params = "1 = 1", []
    return _listing_page(request, kind="front", heading="Subscribed forums" if subscribed else "All forums",
                         where=where, params=params, base="", sort=st[0], t=st[1],
                         extra=dict(front_subscribed=subscribed))


def all_posts(request: Request) -> Response:
    st = _sort_and_time(request, request.path_params.get("sort"))
    if st is None:
        return not_found(request)
    return _listing_page(request, kind="all", heading="All forums", where="1 = 1", params=[], base="/all",
                         sort=st[0], t=st[1])


def forum_page(request: Request) -> Response:
    conn = db(request)
    name = request.path_params["forum"]
    forum = forum_by_name(conn, name)
    if forum is None:
        return not_found(request, f"There is no forum named \u201c{name}\u201d.")
    sort = request.path_params.get("sort")
    if forum["name"] != name:  # canonical capitalisation
        return RedirectResponse(request.url.path.replace(f"/f/{name}", f"/f/{forum['name']}", 1)
                                + (f"?{request.url.query}" if request.url.query else ""), status_code=301)
    st = _sort_and_time(request, sort)
    if st is None:
        return not_found(request)
    user = current_user(request)
    info = conn.execute(
        "SELECT (SELECT COUNT(*) FROM subscriptions WHERE forum_id = :f) AS subscribers,"
        " (SELECT COUNT(*) FROM submissions WHERE forum_id = :f) AS submissions", {"f": forum["id"]}).fetchone()
    moderators = conn.execute("SELECT u.username FROM moderators m JOIN users u ON u.id = m.user_id"
                              " WHERE m.forum_id = ? ORDER BY u.username COLLATE NOCASE", (forum["id"],)).fetchall()
    return _listing_page(request, kind="forum", heading=forum["title"], where="s.forum_id = ?",
                         params=[forum["id"]], base=f"/f/{forum['name']}", sort=st[0], t=st[1], forum=forum,
                         extra=dict(subscribed=is_subscribed(conn, user, forum["id"]), forum_info=info,
                                    moderators=[m["username"] for m in moderators],
                                    can_moderate=is_moderator(conn, user, forum["id"])))


_FORUM_ORDER = {
    "by_name": "f.name COLLATE NOCASE",
    "all": "f.name COLLATE NOCASE",
    "by_title": "f.title COLLATE NOCASE",
    "by_subscribers": "subscribers DESC, f.name COLLATE NOCASE",
    "by_submissions": "submissions DESC, f.name COLLATE NOCASE",
}


def forum_list(request: Request) -> Response:
    """`/forums` (alphabetical) and `/forums/by_name|by_title|by_subscribers|by_submissions`."""
    order = request.path_params.get("order", "by_name")
    if order not in _FORUM_ORDER:
        return not_found(request)
    conn = db(request)
    user = current_user(request)
    rows = conn.execute(
        "SELECT f.*, (SELECT COUNT(*) FROM subscriptions x WHERE x.forum_id = f.id) AS subscribers,"
        " (SELECT COUNT(*) FROM submissions s WHERE s.forum_id = f.id) AS submissions FROM forums f"
        f" ORDER BY {_FORUM_ORDER[order]}").fetchall()
    mine = {r["id"] for r in _subscriptions(conn, user)}
    return render(request, "forums.html", dict(title="List of forums", forums=rows, order=order, mine=mine))


def search(request: Request) -> Response:
    conn = db(request)
    user = current_user(request)
    q = request.query_params.get("q", "").strip()
    page = page_number(request)
    rows: list[sqlite3.Row] = []
    has_next = False
    total = 0
    words = [w for w in q.lower().split() if w][:10]
    if words:
        cond = " AND ".join(["(lower(s.title) LIKE ? OR lower(COALESCE(s.body, '')) LIKE ?"
                             " OR lower(COALESCE(s.url, '')) LIKE ?)"] * len(words))
        params: list = []
        for w in words:
            like = "%" + w.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            params += [like, like, like]
        cond = cond.replace("LIKE ?", "LIKE ? ESCAPE '\\'")
        total = conn.execute(f"SELECT COUNT(*) {SUBMISSION_FROM} WHERE {cond}", params).fetchone()[0]
        rows, has_next = fetch_listing(conn, cond, params, "new", "all", page)
    votes = user_votes(conn, user, "submission_votes", "submission_id", [r["id"] for r in rows])
    return render(request, "search.html", dict(title=f"Search results for \u201c{q}\u201d" if q else "Search",
                                               q=q, rows=rows, votes=votes, total=total, page=page,
                                               has_next=has_next))


# --- user pages ----------------------------------------------------------------------------

_COMMENT_ROWS = (
    "SELECT c.*, u.username AS author, s.title AS submission_title, s.slug AS submission_slug,"
    " f.name AS forum_name FROM comments c JOIN users u ON u.id = c.user_id"
    " JOIN submissions s ON s.id = c.submission_id JOIN forums f ON f.id = s.forum_id")


def user_page(request: Request) -> Response:
    """`/user/<name>` (overview), `/user/<name>/submissions`, `/user/<name>/comments`."""
    conn = db(request)
    name = request.path_params["username"]
    tab = request.path_params.get("tab", "overview")
    if tab not in ("overview", "submissions", "comments"):
        return not_found(request)
    profile = conn.execute("SELECT * FROM users WHERE username = ?", (name,)).fetchone()
    if profile is None:
        return not_found(request, f"There is no user named \u201c{name}\u201d.")
    user = current_user(request)
    page = page_number(request)
    limit = page * PAGE_SIZE + 1
    items: list[tuple[str, sqlite3.Row]] = []
    if tab in ("overview", "submissions"):
        subs = conn.execute(f"SELECT {SUBMISSION_COLUMNS} {SUBMISSION_FROM} WHERE s.user_id = ?"
                            " ORDER BY s.created_at DESC, s.id DESC LIMIT ?", (profile["id"], limit)).fetchall()
        items += [("submission", r) for r in subs]
    if tab in ("overview", "comments"):
        comments = conn.execute(f"{_COMMENT_ROWS} WHERE c.user_id = ? AND c.deleted = 0"
                                " ORDER BY c.created_at DESC, c.id DESC LIMIT ?", (profile["id"], limit)).fetchall()
        items += [("comment", r) for r in comments]
    items.sort(key=lambda it: (it[1]["created_at"], it[1]["id"]), reverse=True)
    start = (page - 1) * PAGE_SIZE
    has_next = len(items) > start + PAGE_SIZE
    items = items[start:start + PAGE_SIZE]
    sub_votes = user_votes(conn, user, "submission_votes", "submission_id",
                           [r["id"] for k, r in items if k == "submission"])
    com_votes = user_votes(conn, user, "comment_votes", "comment_id", [r["id"] for k, r in items if k == "comment"])
    stats = conn.execute(
        "SELECT (SELECT COUNT(*) FROM submissions WHERE user_id = :u) AS submissions,"
        " (SELECT COUNT(*) FROM comments WHERE user_id = :u AND deleted = 0) AS comments,"
        " (SELECT COALESCE(SUM(net_score), 0) FROM submissions WHERE user_id = :u) AS submission_karma,"
        " (SELECT COALESCE(SUM(net_score), 0) FROM comments WHERE user_id = :u AND deleted = 0) AS comment_karma",
        {"u": profile["id"]}).fetchone()
    moderates = conn.execute("SELECT f.name FROM moderators m JOIN forums f ON f.id = m.forum_id"
                             " WHERE m.user_id = ? ORDER BY f.name COLLATE NOCASE", (profile["id"],)).fetchall()
    return render(request, "user.html", dict(
        title=f"{profile['username']}", profile=profile, tab=tab, items=items, votes=sub_votes,
        comment_votes=com_votes, page=page, has_next=has_next, stats=stats,
        moderates=[m["name"] for m in moderates],
        is_self=user is not None and user["id"] == profile["id"]))
