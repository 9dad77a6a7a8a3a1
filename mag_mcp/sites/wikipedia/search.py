"""Full-text search over the book (Kiwix's /search), on SQLite FTS5.

All words of the pattern must occur (porter-stemmed, so "lighthouses" finds
"lighthouse"); when nothing matches, the last word becomes a prefix, and then
any word may match. Results are ranked by BM25 with the title weighted above
redirect titles above the body; an exact title match comes first.
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
    """(total number of matches, the hits of this page)."""
    for q in _queries(pattern):
        total = conn.execute("SELECT COUNT(*) FROM search_index WHERE search_index MATCH ?", (q,)).fetchone()[0]
        if not total:
            continue
        rows = conn.execute(
            "SELECT a.title, a.slug, a.word_count, "
            "       snippet(search_index, 2, char(2), char(3), '…', 28) AS snip "
            "FROM search_index JOIN articles a ON a.id = search_index.rowid "
            "WHERE search_index MATCH ? "
            "ORDER BY (lower(a.title) = lower(?)) DESC, bm25(search_index, 10.0, 6.0, 1.0), a.title "
            "LIMIT ? OFFSET ?", (q, pattern.strip(), page_length, start)).fetchall()
        hits = [Hit(r[0], r[1], _snippet_html(r[3]), r[2]) for r in rows]
        return total, hits
    return 0, []


def _snippet_html(raw: str) -> str:
    text = " ".join(raw.split())
    return html.escape(text, quote=False).replace("\x02", "<b>").replace("\x03", "</b>")
