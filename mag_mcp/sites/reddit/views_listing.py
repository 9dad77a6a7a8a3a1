"""Listings: front page, /all, forum pages, the forum list, a forum's latest comments and user pages."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ..base import db
from .common import (COMMENT_BODY, PAGE_SIZE, SORTS, SUBMISSION_COLUMNS, SUBMISSION_FROM, TIME_FILTERS, current_user,
                     flair_map, forum_by_name, is_moderator, is_subscribed, not_found, page_number, render, site_now)
from .votes import user_votes

_ORDER = {
    "hot": "s.ranking DESC, s.id DESC",
    "new": "s.id DESC",
    "active": "s.last_active DESC, s.id DESC",
    "top": "s.net_score DESC, s.id DESC",
    "controversial": "MIN(s.upvotes, s.downvotes) DESC, (s.upvotes + s.downvotes) DESC, s.id DESC",
    "most_commented": "s.comment_count DESC, s.id DESC",
}
MAX_PAGE = 400  # deeper pages answer 404 (as a pager would have no link there)


def fetch_listing(conn: sqlite3.Connection, where: str, params: list, sort: str, t: str, page: int,
                  stickies: bool = False) -> tuple[list[sqlite3.Row], bool]:
    """One page of submissions (and whether there is a next page). With `stickies`, pinned posts lead
    the "hot" order (a forum's own page)."""
    seconds = TIME_FILTERS.get(t) if sort in ("top", "controversial") else None
    if seconds:
        cutoff = (datetime.fromisoformat(site_now(conn)) - timedelta(seconds=seconds)).strftime("%Y-%m-%d %H:%M:%S")
        where += " AND s.created_at >= ?"
        params = [*params, cutoff]
    order = _ORDER[sort]
    if stickies and sort == "hot":
        order = "s.sticky DESC, " + order
    rows = conn.execute(
        f"SELECT {SUBMISSION_COLUMNS} {SUBMISSION_FROM} WHERE {where} ORDER BY {order} LIMIT ? OFFSET ?",
        (*params, PAGE_SIZE + 1, (page - 1) * PAGE_SIZE)).fetchall()
    return rows[:PAGE_SIZE], len(rows) > PAGE_SIZE


def _sort_and_time(request: Request, sort: str | None) -> tuple[str, str] | None:
    sort = sort or "hot"
    if sort not in SORTS:
        return None
    t = request.query_params.get("t", "all")
    return sort, (t if t in TIME_FILTERS else "all")


def subscriptions_of(conn: sqlite3.Connection, user: sqlite3.Row | None) -> list[sqlite3.Row]:
    if user is None:
        return []
    return conn.execute("SELECT f.* FROM subscriptions x JOIN forums f ON f.id = x.forum_id WHERE x.user_id = ?"
                        " ORDER BY f.name COLLATE NOCASE", (user["id"],)).fetchall()


def popular_forums(conn: sqlite3.Connection, limit: int = 20) -> list[sqlite3.Row]:
    return conn.execute(
        "SELECT f.*, (SELECT COUNT(*) FROM subscriptions x WHERE x.forum_id = f.id) AS subscribers FROM forums f"
        " ORDER BY subscribers DESC, f.name COLLATE NOCASE LIMIT ?", (limit,)).fetchall()


def _listing_page(request: Request, *, kind: str, heading: str, where: str, params: list, base: str,
                  sort: str, t: str, forum: sqlite3.Row | None = None, extra: dict | None = None) -> Response:
    conn = db(request)
    user = current_user(request)
    page = page_number(request)
    if page > MAX_PAGE:
        return not_found(request)
    rows, has_next = fetch_listing(conn, where, params, sort, t, page, stickies=forum is not None)
    votes = user_votes(conn, user, "submission", [r["id"] for r in rows])
    ctx = dict(title=heading, heading=heading, kind=kind, rows=rows, votes=votes, sort=sort, t=t, page=page,
               has_next=has_next, base=base, forum=forum, subscriptions=subscriptions_of(conn, user),
               popular=popular_forums(conn), flairs={}, mods=set())
    if forum is not None:
        ctx["flairs"] = flair_map(conn, forum["id"], {r["user_id"] for r in rows})
        ctx["mods"] = {r[0] for r in conn.execute("SELECT user_id FROM moderators WHERE forum_id = ?", (forum["id"],))}
    if forum is None:
        cutoff = (datetime.fromisoformat(site_now(conn)) - timedelta(days=7)).strftime("%Y-%m-%d %H:%M:%S")
        ctx["week_top"] = conn.execute(
            f"SELECT {SUBMISSION_COLUMNS} {SUBMISSION_FROM} WHERE s.created_at >= ? ORDER BY s.net_score DESC, s.id DESC"
            " LIMIT 8", (cutoff,)).fetchall()
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
    subscribed = bool(subscriptions_of(conn, user))
    if subscribed:
        # "+s.forum_id": filter while walking the sort's own index instead of sorting every subscribed post
        where, params = "+s.forum_id IN (SELECT forum_id FROM subscriptions WHERE user_id = ?)", [user["id"]]
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


def forum_context(conn: sqlite3.Connection, forum: sqlite3.Row, user: sqlite3.Row | None) -> dict:
    """What a forum's sidebar shows: counts, moderators, subscription, related forums, the wiki page."""
    info = conn.execute(
        "SELECT (SELECT COUNT(*) FROM subscriptions WHERE forum_id = :f) AS subscribers,"
        " (SELECT COUNT(*) FROM submissions WHERE forum_id = :f) AS submissions", {"f": forum["id"]}).fetchone()
    moderators = conn.execute("SELECT u.username FROM moderators m JOIN users u ON u.id = m.user_id"
                              " WHERE m.forum_id = ? ORDER BY m.created_at, u.username COLLATE NOCASE",
                              (forum["id"],)).fetchall()
    related = conn.execute("SELECT name, title FROM forums WHERE category = ? AND id != ? AND category != ''"
                           " ORDER BY name COLLATE NOCASE LIMIT 12", (forum["category"], forum["id"])).fetchall()
    wiki = conn.execute("SELECT path FROM wiki_pages WHERE path = ?", (f"forums/{forum['name'].lower()}",)).fetchone()
    return dict(subscribed=is_subscribed(conn, user, forum["id"]), forum_info=info,
                moderators=[m["username"] for m in moderators], can_moderate=is_moderator(conn, user, forum["id"]),
                related=related, wiki_path=wiki["path"] if wiki else None)


def _canonical(request: Request, forum: sqlite3.Row, name: str) -> Response | None:
    if forum["name"] == name:
        return None
    return RedirectResponse(request.url.path.replace(f"/f/{name}", f"/f/{forum['name']}", 1)
                            + (f"?{request.url.query}" if request.url.query else ""), status_code=301)


def forum_page(request: Request) -> Response:
    conn = db(request)
    name = request.path_params["forum"]
    forum = forum_by_name(conn, name)
    if forum is None:
        return not_found(request, f"There is no forum named \u201c{name}\u201d.")
    moved = _canonical(request, forum, name)
    if moved:
        return moved
    st = _sort_and_time(request, request.path_params.get("sort"))
    if st is None:
        return not_found(request)
    return _listing_page(request, kind="forum", heading=forum["title"], where="s.forum_id = ?",
                         params=[forum["id"]], base=f"/f/{forum['name']}", sort=st[0], t=st[1], forum=forum,
                         extra=forum_context(conn, forum, current_user(request)))


_FORUM_ORDER = {
    "by_name": "f.name COLLATE NOCASE",
    "all": "f.name COLLATE NOCASE",
    "by_title": "f.title COLLATE NOCASE",
    "by_subscribers": "subscribers DESC, f.name COLLATE NOCASE",
    "by_submissions": "submissions DESC, f.name COLLATE NOCASE",
    "by_category": "f.category, f.name COLLATE NOCASE",
}


def forum_list(request: Request) -> Response:
    """`/forums` (alphabetical) and `/forums/by_name|by_title|by_subscribers|by_submissions|by_category`."""
    order = request.path_params.get("order", "by_name")
    if order not in _FORUM_ORDER:
        return not_found(request)
    conn = db(request)
    user = current_user(request)
    rows = conn.execute(
        "SELECT f.*, (SELECT COUNT(*) FROM subscriptions x WHERE x.forum_id = f.id) AS subscribers,"
        " (SELECT COUNT(*) FROM submissions s WHERE s.forum_id = f.id) AS submissions FROM forums f"
        f" ORDER BY {_FORUM_ORDER[order]}").fetchall()
    mine = {r["id"] for r in subscriptions_of(conn, user)}
    groups: list[tuple[str, list]] = []
    if order == "by_category":
        for r in rows:
            if not groups or groups[-1][0] != (r["category"] or "Other"):
                groups.append((r["category"] or "Other", []))
            groups[-1][1].append(r)
    return render(request, "forums.html", dict(title="List of forums", forums=rows, order=order, mine=mine,
                                               groups=groups))


def forum_comments(request: Request) -> Response:
    """`/f/<forum>/comments`: the forum's latest comments, newest first."""
    conn = db(request)
    name = request.path_params["forum"]
    forum = forum_by_name(conn, name)
    if forum is None:
        return not_found(request, f"There is no forum named \u201c{name}\u201d.")
    moved = _canonical(request, forum, name)
    if moved:
        return moved
    page = page_number(request)
    if page > MAX_PAGE:
        return not_found(request)
    user = current_user(request)
    rows = conn.execute(f"{_COMMENT_ROWS} WHERE s.forum_id = ? AND c.deleted = 0 ORDER BY c.id DESC LIMIT ? OFFSET ?",
                        (forum["id"], PAGE_SIZE + 1, (page - 1) * PAGE_SIZE)).fetchall()
    items = [("comment", r) for r in rows[:PAGE_SIZE]]
    return render(request, "forum_comments.html", dict(
        title=f"Comments in /f/{forum['name']}", forum=forum, items=items, page=page, has_next=len(rows) > PAGE_SIZE,
        votes={}, comment_votes=user_votes(conn, user, "comment", [r["id"] for _, r in items]),
        flairs=flair_map(conn, forum["id"], {r["user_id"] for _, r in items}), **forum_context(conn, forum, user)))


# --- user pages ----------------------------------------------------------------------------

# comments first (CROSS JOIN keeps that order): pages walk comments newest first and stop early
_COMMENT_ROWS = (
    f"SELECT {COMMENT_BODY} AS body, c.*, u.username AS author, s.title AS submission_title,"
    " s.slug AS submission_slug, f.name AS forum_name FROM comments c CROSS JOIN submissions s ON s.id = c.submission_id"
    " JOIN users u ON u.id = c.user_id JOIN forums f ON f.id = s.forum_id")


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
    if page > MAX_PAGE:
        return not_found(request)
    start = (page - 1) * PAGE_SIZE
    items: list[tuple[str, sqlite3.Row]] = []
    if tab == "overview":
        limit = page * PAGE_SIZE + 1
        subs = conn.execute(f"SELECT {SUBMISSION_COLUMNS} {SUBMISSION_FROM} WHERE s.user_id = ?"
                            " ORDER BY s.id DESC LIMIT ?", (profile["id"], limit)).fetchall()
        comments = conn.execute(f"{_COMMENT_ROWS} WHERE c.user_id = ? AND c.deleted = 0 ORDER BY c.id DESC LIMIT ?",
                                (profile["id"], limit)).fetchall()
        items = [("submission", r) for r in subs] + [("comment", r) for r in comments]
        items.sort(key=lambda it: (it[1]["created_at"], it[1]["id"]), reverse=True)
        has_next = len(items) > start + PAGE_SIZE
        items = items[start:start + PAGE_SIZE]
    elif tab == "submissions":
        rows = conn.execute(f"SELECT {SUBMISSION_COLUMNS} {SUBMISSION_FROM} WHERE s.user_id = ?"
                            " ORDER BY s.id DESC LIMIT ? OFFSET ?", (profile["id"], PAGE_SIZE + 1, start)).fetchall()
        items, has_next = [("submission", r) for r in rows[:PAGE_SIZE]], len(rows) > PAGE_SIZE
    else:
        rows = conn.execute(f"{_COMMENT_ROWS} WHERE c.user_id = ? AND c.deleted = 0 ORDER BY c.id DESC LIMIT ? OFFSET ?",
                            (profile["id"], PAGE_SIZE + 1, start)).fetchall()
        items, has_next = [("comment", r) for r in rows[:PAGE_SIZE]], len(rows) > PAGE_SIZE
    sub_votes = user_votes(conn, user, "submission", [r["id"] for k, r in items if k == "submission"])
    com_votes = user_votes(conn, user, "comment", [r["id"] for k, r in items if k == "comment"])
    stats = conn.execute(
        "SELECT (SELECT COUNT(*) FROM submissions WHERE user_id = :u) AS submissions,"
        " (SELECT COUNT(*) FROM comments WHERE user_id = :u AND deleted = 0) AS comments,"
        " (SELECT COALESCE(SUM(net_score), 0) FROM submissions WHERE user_id = :u) AS submission_karma,"
        " (SELECT COALESCE(SUM(net_score), 0) FROM comments WHERE user_id = :u AND deleted = 0) AS comment_karma,"
        " (SELECT MIN(created_at) FROM (SELECT created_at FROM submissions WHERE user_id = :u UNION ALL"
        "  SELECT created_at FROM comments WHERE user_id = :u)) AS first_post",
        {"u": profile["id"]}).fetchone()
    moderates = conn.execute("SELECT f.name FROM moderators m JOIN forums f ON f.id = m.forum_id"
                             " WHERE m.user_id = ? ORDER BY f.name COLLATE NOCASE", (profile["id"],)).fetchall()
    active_in = conn.execute(
        "SELECT f.name, COUNT(*) AS n FROM comments c JOIN submissions s ON s.id = c.submission_id"
        " JOIN forums f ON f.id = s.forum_id WHERE c.user_id = ? GROUP BY f.id ORDER BY n DESC, f.name LIMIT 8",
        (profile["id"],)).fetchall()
    flairs = conn.execute("SELECT f.name, x.flair FROM user_flairs x JOIN forums f ON f.id = x.forum_id"
                          " WHERE x.user_id = ? ORDER BY f.name COLLATE NOCASE", (profile["id"],)).fetchall()
    return render(request, "user.html", dict(
        title=f"{profile['username']}", profile=profile, tab=tab, items=items, votes=sub_votes,
        comment_votes=com_votes, page=page, has_next=has_next, stats=stats,
        moderates=[m["name"] for m in moderates], active_in=active_in, user_flairs=flairs,
        is_self=user is not None and user["id"] == profile["id"]))
