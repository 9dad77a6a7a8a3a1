"""Catalogue search as Magento's (Elasticsearch behind it) behaves: every word of the query
is optional (a product matching any word is a result), results are ranked by relevance
(BM25 over name > brand > category > keywords > description, then by how many query
words the name holds), stemming matches plurals ("skillets" finds "skillet") and a word
the catalogue does not know is also searched as the known words one or two edits away
("skilet" finds "skillet").

The index is the content database's `product_search` (built with the seed); products
added or edited in this episode (`search_dirty`) are scored from the episode's own rows
instead, so an edit made in the admin shows in the storefront's search at once.
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass, field

from .common import DESCRIPTION_SQL
from .content_db import MIN_TYPO_LENGTH, TWO_EDITS_FROM, deletes

WORD = re.compile(r"[a-z0-9]+")
MAX_TERMS = 12
WEIGHTS = (10.0, 4.0, 2.0, 1.0, 0.5)  # name, brand, category, keywords, description
NAME_WORD_BONUS = 6.0  # per query word found in the product name
EXACT_BONUS = 1000.0
EXACT_LOOKAHEAD = 40  # a full product name ranks among these before its bonus
# Words too common to rank by (dropped unless the query has nothing else).
STOP_WORDS = frozenset(["a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on", "or", "the", "to", "with"])


@dataclass
class SearchOutcome:
    ranked: list[tuple[int, float]]  # (product id, relevance), best first
    corrections: dict[str, list[str]] = field(default_factory=dict)  # word -> known words also searched


def _stem(word: str) -> str:
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def edit_distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (adjacent swaps count one), or limit + 1 when larger."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


def _known(conn: sqlite3.Connection, word: str) -> bool:
    if conn.execute("SELECT 1 FROM content.search_terms WHERE term = ?", (word,)).fetchone():
        return True
    return conn.execute("SELECT 1 FROM content.product_search WHERE product_search MATCH ? LIMIT 1",
                        (f'"{word}"',)).fetchone() is not None


def corrections(conn: sqlite3.Connection, word: str) -> list[str]:
    """Known words at the smallest edit distance from an unknown `word` (most common first, at
    most two); none for short words, numbers and words the catalogue knows."""
    if len(word) < MIN_TYPO_LENGTH or word.isdigit() or _known(conn, word):
        return []
    limit = 2 if len(word) >= TWO_EDITS_FROM else 1
    keys = sorted(deletes(word) | {word})
    marks = ",".join("?" * len(keys))
    found = {r[0] for r in conn.execute(f"SELECT term FROM content.search_deletes WHERE del IN ({marks})", keys)}
    found |= {r[0] for r in conn.execute(f"SELECT term FROM content.search_terms WHERE term IN ({marks})", keys)}
    scored = sorted((edit_distance(word, t, limit), t) for t in found)
    scored = [(d, t) for d, t in scored if d <= limit]
    if not scored:
        return []
    best = scored[0][0]
    near = [t for d, t in scored if d == best]
    docs = dict(conn.execute(f"SELECT term, docs FROM content.search_terms WHERE term IN ({','.join('?' * len(near))})",
                             near).fetchall())
    return sorted(near, key=lambda t: (-docs.get(t, 0), t))[:2]


def _rows(conn: sqlite3.Connection, sql: str, params: tuple = ()) -> list[tuple]:
    cur = conn.cursor()
    cur.row_factory = None  # plain tuples (thousands of rows)
    return cur.execute(sql, params).fetchall()


def _fts_group(words: list[str]) -> str:
    return "(" + " OR ".join(f'"{w}"' for w in words) + ")"


def search(conn: sqlite3.Connection, query: str) -> SearchOutcome:
    """Rank the products matching `query` (enabled or not: the caller filters)."""
    words = list(dict.fromkeys(WORD.findall(query.lower())))
    terms = [w for w in words if w not in STOP_WORDS][:MAX_TERMS] or words[:MAX_TERMS]
    if not terms:
        return SearchOutcome([])
    outcome = SearchOutcome([])
    groups: list[list[str]] = []
    for t in terms:
        extra = corrections(conn, t)
        if extra:
            outcome.corrections[t] = extra
        groups.append([t, *extra])
    match = " OR ".join(_fts_group(g) for g in groups)
    w = ", ".join(str(x) for x in WEIGHTS)
    scores: dict[int, float] = {
        rowid: -rank for rowid, rank in _rows(
            conn, f"SELECT rowid, bm25(product_search, {w}) FROM content.product_search WHERE product_search MATCH ?"
            " AND rowid NOT IN (SELECT product_id FROM search_dirty)", (match,))}
    for g in groups:  # rank names holding more of the query's words first
        for (rowid,) in _rows(conn, "SELECT rowid FROM content.product_search WHERE product_search MATCH ?",
                              (f"name : {_fts_group(g)}",)):
            if rowid in scores:
                scores[rowid] += NAME_WORD_BONUS
    scores.update(_dirty_scores(conn, groups))
    # an exact SKU, or a name typed in full, comes first
    exact = [r[0] for r in conn.execute("SELECT id FROM products WHERE sku = ?", (query.strip().upper(),))]
    wanted = query.strip().lower()
    top = sorted(scores, key=lambda pid: -scores[pid])[:EXACT_LOOKAHEAD]
    if top:
        exact += [pid for pid, name in _rows(conn, "SELECT p.id, p.name FROM json_each(?) j JOIN products p"
                                                   " ON p.id = j.value", (json.dumps(top),)) if name.lower() == wanted]
    for pid in exact:
        scores[pid] = scores.get(pid, 0.0) + EXACT_BONUS
    outcome.ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
    return outcome


def _dirty_scores(conn: sqlite3.Connection, groups: list[list[str]]) -> dict[int, float]:
    """Scores of the products this episode added or edited, from their current rows."""
    rows = conn.execute(
        f"SELECT p.id, p.name, p.brand, {DESCRIPTION_SQL} AS description, c.name AS category FROM search_dirty d"
        " JOIN products p ON p.id = d.product_id JOIN categories c ON c.id = p.category_id").fetchall()
    out: dict[int, float] = {}
    stems = [{_stem(w) for w in g} for g in groups]
    for r in rows:
        fields = [{_stem(w) for w in WORD.findall((r[k] or "").lower())} for k in ("name", "brand", "category",
                                                                                  "description")]
        score = 0.0
        for g in stems:
            hit = [bool(g & f) for f in fields]
            if hit[0]:
                score += WEIGHTS[0] + NAME_WORD_BONUS
            elif hit[1]:
                score += WEIGHTS[1]
            elif hit[2]:
                score += WEIGHTS[2]
            elif hit[3]:
                score += WEIGHTS[4]
        if score:
            out[r["id"] if isinstance(r, sqlite3.Row) else r[0]] = score
    return out
