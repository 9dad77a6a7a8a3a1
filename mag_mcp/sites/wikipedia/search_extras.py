"""What the full-text search page shows beside the ranked hits: each hit's categories,
the articles whose title (or a redirect title) holds the pattern, the categories
whose name holds it and the categories most common among all the hits, like the title
and category matches of MediaWiki's Special:Search.
Every entry links to an existing article or category page."""

from __future__ import annotations

import sqlite3

from .search import WORD_RE, Hit, _queries

HIT_CATEGORIES = 4  # categories shown under each hit
TITLE_MATCHES = 20
CATEGORY_MATCHES = 12
PAGE_LENGTHS = (10, 25, 50, 100)


def hit_categories(conn: sqlite3.Connection, hits: list[Hit]) -> dict[str, list[str]]:
    """title -> the first categories of that article, in the article's order."""
    if not hits:
        return {}
    titles = [h.title for h in hits]
    out: dict[str, list[str]] = {}
    for title, name in conn.execute(
            f"SELECT a.title, c.name FROM categories c JOIN articles a ON a.id = c.article_id "
            f"WHERE a.title IN ({','.join('?' * len(titles))}) AND c.position <= ? ORDER BY a.title, c.position",
            (*titles, HIT_CATEGORIES)):
        out.setdefault(title, []).append(name)
    return out


def _like_terms(pattern: str) -> list[str]:
    words = (w.replace("_", "") for w in WORD_RE.findall(pattern.lower()))
    return [f"%{w}%" for w in words if w][:4]


def title_matches(conn: sqlite3.Connection, pattern: str) -> list[str]:
    """Articles whose title or a redirect title holds every word of the pattern, shortest titles first."""
    terms = _like_terms(pattern)
    if not terms:
        return []
    where = " AND ".join("t.lower_title LIKE ?" for _ in terms)
    return [r[0] for r in conn.execute(
        f"SELECT a.title FROM titles t JOIN articles a ON a.id = t.target_id WHERE {where} "
        "GROUP BY a.id ORDER BY MIN(length(t.title)), a.title LIMIT ?", (*terms, TITLE_MATCHES))]


def category_matches(conn: sqlite3.Connection, pattern: str) -> list[tuple[str, int]]:
    """(name, members) of the categories whose name holds every word of the pattern, largest first."""
    terms = _like_terms(pattern)
    if not terms:
        return []
    where = " AND ".join("lower(name) LIKE ?" for _ in terms)
    return [(r[0], r[1]) for r in conn.execute(
        f"SELECT name, members FROM category_sizes WHERE {where} ORDER BY members DESC, name LIMIT ?",
        (*terms, CATEGORY_MATCHES))]


FACETS = 10


def common_categories(conn: sqlite3.Connection, pattern: str) -> list[tuple[str, int]]:
    """(name, hits in it) of the categories most common among all the pattern's hits (the
    query the search itself answered with), largest first; a category of one hit is left out."""
    for q in _queries(pattern):
        rows = conn.execute(
            "SELECT c.name, COUNT(*) AS n FROM search_index s JOIN categories c ON c.article_id = s.rowid "
            "WHERE search_index MATCH ? GROUP BY c.name HAVING n > 1 ORDER BY n DESC, c.name LIMIT ?",
            (q, FACETS)).fetchall()
        if conn.execute("SELECT 1 FROM search_index WHERE search_index MATCH ? LIMIT 1", (q,)).fetchone():
            return [(r[0], r[1]) for r in rows]
    return []
