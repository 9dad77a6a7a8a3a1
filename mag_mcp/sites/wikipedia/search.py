"""Full-text search over the book (Kiwix's /search), on SQLite FTS5.

All words of the pattern must occur (porter-stemmed, so "lighthouses" finds
"lighthouse"); when nothing matches, the last word becomes a prefix, and then
any word may match. An exact title match comes first, then an article one of
whose redirect titles matches exactly; then articles before the navigational
pages (year articles, lists, disambiguation pages); within each, BM25 with the
title weighted above the redirect titles, above the infobox, above the body.
"""

from __future__ import annotations

import html
import re
import sqlite3
from dataclasses import dataclass

WORD_RE = re.compile(r"\w+", re.UNICODE)
DEFAULT_PAGE_LENGTH = 25
MAX_PAGE_LENGTH = 140  # kiwix-serve's cap


@dataclass(frozen=True)
class Hit:
    title: str
    slug: str
    snippet_html: str
    word_count: int


def _queries(pattern: str) -> list[str]:
    words = WORD_RE.findall(pattern.lower())
    if not words:
        return []
    quoted = [f'"{w}"' for w in words]
    out = [" AND ".join(quoted), " AND ".join(quoted[:-1] + [quoted[-1] + "*"])]
    if len(words) > 1:
        out.append(" OR ".join(quoted))
    return out


def search(conn: sqlite3.Connection, pattern: str, start: int = 0,
           page_length: int = DEFAULT_PAGE_LENGTH) -> tuple[int, list[Hit]]:
    """(total number of matches, the hits of this page).

    An article whose title, or one of whose redirect titles, is the pattern itself comes
    first; the rest are ranked by BM25. Ranking reads no text; snippets are made for the
    page's hits only (a separate query), so a common word stays fast."""
    exact = pattern.strip().lower()
    for q in _queries(pattern):
        total = conn.execute("SELECT COUNT(*) FROM search_index WHERE search_index MATCH ?", (q,)).fetchone()[0]
        if not total:
            continue
        ranked = conn.execute(
            "SELECT s.rowid FROM search_index s JOIN articles a ON a.id = s.rowid "
            "WHERE search_index MATCH ? "
            "ORDER BY (lower(a.title) = ?) DESC, "
            "         EXISTS (SELECT 1 FROM titles t WHERE t.lower_title = ? AND t.target_id = a.id) DESC, "
            "         a.kind IN ('year', 'list', 'disambiguation') ASC, "
            "         bm25(search_index, 10.0, 6.0, 3.0, 1.0), a.title "
            "LIMIT ? OFFSET ?", (q, exact, exact, page_length, start)).fetchall()
        ids = [r[0] for r in ranked]
        if not ids:
            return total, []
        marks = ",".join("?" * len(ids))
        snips = {r[0]: r[1] for r in conn.execute(
            f"SELECT rowid, snippet(search_index, 3, char(2), char(3), '…', 28) FROM search_index "
            f"WHERE search_index MATCH ? AND rowid IN ({marks})", (q, *ids))}
        info = {r[0]: (r[1], r[2], r[3]) for r in conn.execute(
            f"SELECT id, title, slug, word_count FROM articles WHERE id IN ({marks})", ids)}
        hits = [Hit(info[i][0], info[i][1], _snippet_html(snips.get(i, "")), info[i][2]) for i in ids]
        return total, hits
    return 0, []


def _snippet_html(raw: str) -> str:
    text = " ".join(raw.split())
    return html.escape(text, quote=False).replace("\x02", "<b>").replace("\x03", "</b>")
