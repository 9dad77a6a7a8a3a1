"""Search (`/search?q=...`): submissions whose title or text match any of the words, best first.

Like Postmill's full-text search it is loose: a word matches its forms ("bake" finds
"baking"), results need not contain every word, and many loosely related posts come back,
ranked by relevance (a title match counts most); `&sort=new` orders them newest first.
Seeded submissions are searched through the content database's index; submissions
written or edited at run time, which that index cannot know, are matched in the mutable
database (every word, anywhere in the title, text or address) and come first.
"""

from __future__ import annotations

import re
import sqlite3

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import PAGE_SIZE, SUBMISSION_COLUMNS, SUBMISSION_FROM, current_user, page_number, render
from .views_listing import popular_forums
from .votes import user_votes

MAX_RESULTS = 1000
_WORD = re.compile(r"[A-Za-z0-9]+")


def _fts_query(words: list[str]) -> str:
    return " OR ".join(f'"{w}"*' if len(w) > 2 else f'"{w}"' for w in words)


def _like(word: str) -> str:
    return "%" + word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def search_ids(conn: sqlite3.Connection, q: str, sort: str) -> list[int]:
    """Ids of the matching submissions, in result order (at most `MAX_RESULTS`)."""
    words = [w.lower() for w in _WORD.findall(q)][:12]
    if not words:
        return []
    cond = " AND ".join(["(lower(s.title) LIKE ? ESCAPE '\\' OR lower(COALESCE(s.body, '')) LIKE ? ESCAPE '\\'"
                         " OR lower(COALESCE(s.url, '')) LIKE ? ESCAPE '\\')"] * len(words))
    params: list = []
    for w in words:
        params += [_like(w)] * 3
    last_seeded = conn.execute("SELECT value FROM content.meta WHERE key = 'last_submission_id'").fetchone()[0]
    fresh = [r[0] for r in conn.execute(
        f"SELECT s.id FROM submissions s WHERE (s.id > ? OR s.edited_at IS NOT NULL) AND {cond}"
        " ORDER BY s.id DESC LIMIT ?", (last_seeded, *params, MAX_RESULTS)).fetchall()]
    order = "s.id DESC" if sort == "new" else "rank"
    seeded = [r[0] for r in conn.execute(
        "SELECT x.rowid FROM content.submission_search x JOIN submissions s ON s.id = x.rowid"
        " WHERE submission_search MATCH ? AND s.edited_at IS NULL"
        f" ORDER BY {order.replace('rank', 'bm25(submission_search, 4.0, 1.0)')} LIMIT ?",
        (_fts_query(words), MAX_RESULTS)).fetchall()]
    seen = set(fresh)
    return (fresh + [i for i in seeded if i not in seen])[:MAX_RESULTS]


def search(request: Request) -> Response:
    conn = db(request)
    user = current_user(request)
    q = request.query_params.get("q", "").strip()[:200]
    sort = "new" if request.query_params.get("sort") == "new" else "relevance"
    page = page_number(request)
    ids = search_ids(conn, q, sort) if q else []
    chunk = ids[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
    rows: list[sqlite3.Row] = []
    if chunk:
        marks = ",".join("?" * len(chunk))
        found = {r["id"]: r for r in conn.execute(f"SELECT {SUBMISSION_COLUMNS} {SUBMISSION_FROM} WHERE s.id IN ({marks})",
                                                  chunk)}
        rows = [found[i] for i in chunk if i in found]
    votes = user_votes(conn, user, "submission", [r["id"] for r in rows])
    return render(request, "search.html", dict(title=f"Search results for \u201c{q}\u201d" if q else "Search",
                                               q=q, rows=rows, votes=votes, total=len(ids), page=page,
                                               has_next=len(ids) > page * PAGE_SIZE, sort=sort,
                                               capped=len(ids) >= MAX_RESULTS, popular=popular_forums(conn)))
