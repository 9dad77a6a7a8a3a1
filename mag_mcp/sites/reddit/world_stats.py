"""The forum's figures for `mag sites stats` (docs/WORLD.md): representative pages, counts and
the issue's minimums.

`counts` reads an episode's (or the default) database with ``content`` attached. Keys:

forums, submissions, comments            rows (comments: live ones, not deleted or removed)
distinct_comment_ratio                   distinct comment bodies / live comments
distinct_title_ratio                     distinct submission titles / submissions
artefact_free_title_ratio                titles without a doubled phrase ("X vs X", "X or X")
users, users_with_100_comments           accounts; accounts with a long history
median_active_days_top_100               median span (days) between first and last comment of the
                                         100 most active commenters
max_comment_depth, wiki_pages, wiki_revisions, moderation_log_entries, bans, flairs
nav_menu_items, sort_orders, forum_categories   menu sizes: header links, listing sorts, categories
"""

from __future__ import annotations

import sqlite3

from .textgen.engine import doubled_phrase

PAGES: list[tuple[str, str, str]] = [
    ("Front page (subscribed forums, hot)", "home", "/"),
    ("Forum AskReddit (hot)", "listing", "/f/AskReddit"),
    ("All forums, newest", "listing", "/all/new"),
    ("Forum books, top of the year", "listing", "/f/books/top?t=year"),
    ("Busy submission with its comment tree", "detail", "/f/AskReddit/5824"),
    ("Submission in books", "detail", "/f/books/10749"),
    ("List of forums", "grid", "/forums"),
    ("Moderation log of PortAlder", "grid", "/f/PortAlder/moderation_log"),
    ("Search: lighthouse", "search", "/search?q=lighthouse"),
    ("User page of the default user", "profile", "/user/MarvelsGrantMan136"),
    ("Create submission", "form", "/submit"),
    ("Wiki: frequently asked questions", "detail", "/wiki/faq"),
]

TARGETS: dict[str, float] = {
    "forums": 90,
    "submissions": 20000,
    "comments": 100000,
    "distinct_comment_ratio": 0.9,
    "artefact_free_title_ratio": 1.0,
}

NAV_MENU = ("Forums", "All", "Wiki", "Search", "Submit", "Profile", "Log out")
SORT_ORDERS = ("hot", "new", "active", "top", "controversial", "most_commented")
has_artefact = doubled_phrase


def counts(conn: sqlite3.Connection) -> dict[str, float]:
    one = lambda sql: conn.execute(sql).fetchone()[0] or 0  # noqa: E731
    live = one("SELECT COUNT(*) FROM comments WHERE deleted = 0")
    distinct = one(
        "SELECT COUNT(DISTINCT CASE WHEN c.body_in_content THEN t.body ELSE c.body END) FROM comments c"
        " LEFT JOIN content.comment_texts t ON t.id = c.id WHERE c.deleted = 0")
    titles = [r[0] for r in conn.execute("SELECT title FROM submissions")]
    spans = [r[0] for r in conn.execute(
        "SELECT julianday(MAX(created_at)) - julianday(MIN(created_at)) FROM comments GROUP BY user_id"
        " ORDER BY COUNT(*) DESC LIMIT 100")]
    spans.sort()
    depth = one("WITH RECURSIVE d(id, n) AS (SELECT id, 0 FROM comments WHERE parent_id IS NULL UNION ALL"
                " SELECT c.id, d.n + 1 FROM comments c JOIN d ON c.parent_id = d.id) SELECT MAX(n) FROM d")
    return {
        "forums": one("SELECT COUNT(*) FROM forums"),
        "submissions": len(titles),
        "comments": live,
        "distinct_comment_ratio": round(distinct / live, 4) if live else 0.0,
        "distinct_title_ratio": round(len(set(titles)) / len(titles), 4) if titles else 0.0,
        "artefact_free_title_ratio": round(sum(not has_artefact(t) for t in titles) / len(titles), 4) if titles else 0.0,
        "users": one("SELECT COUNT(*) FROM users"),
        "users_with_100_comments": one("SELECT COUNT(*) FROM (SELECT user_id FROM comments GROUP BY user_id"
                                       " HAVING COUNT(*) >= 100)"),
        "median_active_days_top_100": round(spans[len(spans) // 2], 1) if spans else 0.0,
        "max_comment_depth": depth,
        "wiki_pages": one("SELECT COUNT(*) FROM wiki_pages"),
        "wiki_revisions": one("SELECT COUNT(*) FROM wiki_revisions"),
        "moderation_log_entries": one("SELECT COUNT(*) FROM moderation_log"),
        "bans": one("SELECT COUNT(*) FROM forum_bans"),
        "flairs": one("SELECT COUNT(*) FROM user_flairs"),
        "nav_menu_items": len(NAV_MENU),
        "sort_orders": len(SORT_ORDERS),
        "forum_categories": one("SELECT COUNT(DISTINCT category) FROM forums WHERE category != ''"),
    }
