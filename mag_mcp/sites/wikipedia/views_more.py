"""Category pages and the search box's title suggestions.

* ``/A/Category:<Name>`` lists a category's members as MediaWiki does: alphabetically, under
  first-letter headings, 200 per page (``?from=<offset>`` for the next ones); an unknown
  category is a 404.
* ``/suggest?content=<book>&term=<text>[&count=N]`` answers kiwix-serve's JSON: up to N
  (default 10, at most 50) titles starting with the text (articles and redirects,
  case-insensitive, shortest first), then words inside titles, then a last entry that
  offers the full-text search for the text.
"""

from __future__ import annotations

import string
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..base import db
from .common import not_found, render
from .content import category_url
from .markup import BOOK, article_url, slug_of, title_of

CATEGORY_PAGE_SIZE = 200
SUGGEST_DEFAULT, SUGGEST_MAX = 10, 50


def _int(value: str | None, default: int) -> int:
    try:
        return int(value) if value not in (None, "") else default
    except ValueError:
        return default


def _from_offset(conn, name: str, value: str | None) -> int:
    """`?from=`: an offset into the members (our pager's links), or as on MediaWiki a title
    prefix ("B", the category contents bar's letters): the first member sorting at or after it."""
    value = (value or "").strip()
    if not value or value.isdigit():
        return _int(value, 0)
    return conn.execute("SELECT COUNT(*) FROM categories c JOIN articles a ON a.id = c.article_id "
                        "WHERE c.name = ? AND a.title < ? COLLATE NOCASE", (name, value)).fetchone()[0]


def category_toc(name: str) -> list[tuple[str, str]]:
    """The category contents bar of a large category ({{Category TOC}}): Top, 0–9, A–Z."""
    base = article_url(f"Category:{name}")
    return [("Top", base), ("0–9", f"{base}?from=0-9")] + [(c, f"{base}?from={c}") for c in string.ascii_uppercase]


def category_page(request: Request, slug: str) -> Response:
    conn = db(request)
    name = title_of(slug)
    row = conn.execute("SELECT members FROM category_sizes WHERE name = ?", (name,)).fetchone()
    if row is None:
        return not_found(request, f"Category:{name}")
    total = row[0]
    start = max(0, min(_from_offset(conn, name, request.query_params.get("from")), max(0, total - 1)))
    members = [r[0] for r in conn.execute(
        "SELECT a.title FROM categories c JOIN articles a ON a.id = c.article_id WHERE c.name = ? "
        "ORDER BY a.title COLLATE NOCASE LIMIT ? OFFSET ?", (name, CATEGORY_PAGE_SIZE, start))]
    groups: list[tuple[str, list[str]]] = []
    for t in members:
        letter = t[:1].upper() if t[:1].isalpha() else "#"
        if not groups or groups[-1][0] != letter:
            groups.append((letter, []))
        groups[-1][1].append(t)
    prev_url = category_url(name, max(0, start - CATEGORY_PAGE_SIZE)) if start else None
    next_url = category_url(name, start + CATEGORY_PAGE_SIZE) if start + CATEGORY_PAGE_SIZE < total else None
    if prev_url and start - CATEGORY_PAGE_SIZE <= 0:
        prev_url = category_url(name)
    related = [r[0] for r in conn.execute(
        "SELECT DISTINCT c2.name FROM categories c1 JOIN categories c2 ON c2.article_id = c1.article_id "
        "WHERE c1.name = ? AND c2.name != ? ORDER BY c2.name LIMIT 12", (name, name))]
    return render(request, "category.html", {
        "title": f"Category:{name}", "name": name, "groups": groups, "total": total, "shown": len(members),
        "first": start + 1, "prev_url": prev_url, "next_url": next_url,
        "related": [(r, category_url(r)) for r in related],
        "toc": category_toc(name) if total > CATEGORY_PAGE_SIZE else []})


def suggest(request: Request) -> Response:
    book = request.query_params.get("content") or request.query_params.get("books.name")
    if book not in (None, BOOK):
        return JSONResponse([], status_code=404)
    term = " ".join(request.query_params.get("term", "").split())[:200]
    count = min(SUGGEST_MAX, max(1, _int(request.query_params.get("count"), SUGGEST_DEFAULT)))
    out: list[dict[str, str]] = []
    if term:
        low = term.lower()
        seen: set[str] = set()
        rows = db(request).execute(
            "SELECT t.title, a.title FROM titles t JOIN articles a ON a.id = t.target_id "
            "WHERE t.lower_title >= ? AND t.lower_title < ? ORDER BY length(t.title), t.lower_title LIMIT ?",
            (low, low + "\U0010ffff", count * 3)).fetchall()
        if len(rows) < count:
            rows += db(request).execute(
                "SELECT t.title, a.title FROM titles t JOIN articles a ON a.id = t.target_id "
                "WHERE t.lower_title LIKE ? ORDER BY length(t.title), t.lower_title LIMIT ?",
                (f"% {low.replace('%', '').replace('_', '')}%", count * 3)).fetchall()
        for shown, target in rows:
            if target in seen:
                continue
            seen.add(target)
            out.append({"label": shown if shown == target else f"{shown} → {target}", "value": shown,
                        "kind": "path", "path": f"A/{quote(slug_of(target), safe='/:(),')}"})
            if len(out) >= count:
                break
        out.append({"label": f"containing '{term}'...", "value": f"{term} ", "kind": "pattern"})
    return JSONResponse(out)
