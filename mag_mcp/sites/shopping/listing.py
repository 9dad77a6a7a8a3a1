"""Product lists (category pages and search results): layered-navigation filters (price,
brand, colour), their facet counts, sorting and windowed pagination.

A list starts as light candidate rows (`CANDIDATE_COLUMNS`, one query) for every visible,
enabled product of the category or search; filters, facets, sorting and paging run on
those rows, and only the page's products are then read in full (`page_products`).
"""

from __future__ import annotations

import json
import math
import os
import re
import sqlite3
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from starlette.requests import Request

from .common import DESCRIPTION_SQL, money, parse_int, url_with

PAGE_SIZES = (12, 24, 36)
SORT_LABELS = {"position": "Position", "relevance": "Relevance", "name": "Product Name", "price": "Price"}
PRICE_STEPS = (10, 25, 50, 100, 250, 500, 1000)
PAGE_WINDOW = 2  # page links shown on each side of the current page
BRAND_FACET_SIZE = 12
CANDIDATE_COLUMNS = "p.id, p.name, p.price, p.brand, p.color, p.category_id, p.type_id, p.position"
ID, NAME, PRICE, BRAND, COLOR, CATEGORY, TYPE, POSITION = range(8)  # a candidate row is a plain tuple
SHOWN = "p.status = 1 AND p.visibility != 1"  # enabled and visible in catalog/search
Candidate = tuple


def _tuples(conn: sqlite3.Connection, sql: str, params: tuple | list) -> list[Candidate]:
    cur = conn.cursor()
    cur.row_factory = None  # plain tuples: a list of thousands is built several times faster
    return cur.execute(sql, params).fetchall()


def candidates(conn: sqlite3.Connection, where: str, params: tuple | list = ()) -> list[Candidate]:
    return _tuples(conn, f"SELECT {CANDIDATE_COLUMNS} FROM products p WHERE {SHOWN} AND ({where})", params)


def candidates_by_id(conn: sqlite3.Connection, ids: list[int]) -> list[Candidate]:
    return _tuples(conn, f"SELECT {CANDIDATE_COLUMNS} FROM json_each(?) j JOIN products p ON p.id = j.value"
                         f" WHERE {SHOWN}", (json.dumps(ids),))


_CACHE: OrderedDict[tuple, tuple[Any, int]] = OrderedDict()
CACHE_ROWS = 120_000  # candidate rows kept in all (a few MB)


def _cost(value: Any) -> int:
    if isinstance(value, list):
        return len(value) + 1
    if isinstance(value, tuple):
        return sum(_cost(v) for v in value) + 1
    if isinstance(value, dict):
        return len(value) + 1
    return 1


def cached(conn: sqlite3.Connection, key: tuple, compute: Callable[[], Any]) -> Any:
    """`compute()`, remembered for this database file as it is now: the key includes the
    file's path, size and modification time, so any committed write (by the shop, the admin
    or a reset) makes a fresh entry. For read-only work of GET pages (lists, search); the
    least recently used entries go once the cache holds `CACHE_ROWS` rows."""
    path = conn.execute("PRAGMA database_list").fetchone()[2]
    try:
        st = os.stat(path)
    except OSError:
        return compute()
    full = (path, st.st_mtime_ns, st.st_size, *key)
    if full in _CACHE:
        _CACHE.move_to_end(full)
        return _CACHE[full][0]
    value = compute()
    _CACHE[full] = (value, _cost(value))
    total = sum(c for _, c in _CACHE.values())
    while total > CACHE_ROWS and len(_CACHE) > 1:
        _, (_, cost) = _CACHE.popitem(last=False)
        total -= cost
    return value


def child_colors(conn: sqlite3.Connection, rows: list[Candidate]) -> dict[int, set[str]]:
    """Colours of the children of the configurable products among `rows`."""
    parents = [r[ID] for r in rows if r[TYPE] == "configurable"]
    out: dict[int, set[str]] = {}
    if parents:
        for pid, color in _tuples(
                conn, "SELECT parent_id, color FROM products WHERE parent_id IN (SELECT value FROM json_each(?))"
                " AND color != ''", (json.dumps(parents),)):
            out.setdefault(pid, set()).add(color)
    return out


def parse_price(value: str | None) -> tuple[float, float] | None:
    m = re.fullmatch(r"\s*(\d*(?:\.\d+)?)-(\d*(?:\.\d+)?)\s*", value or "")
    if not m or not (m.group(1) or m.group(2)):
        return None
    low = float(m.group(1)) if m.group(1) else 0.0
    high = float(m.group(2)) if m.group(2) else math.inf
    return (low, high) if high > low else None


def price_label(low: float, high: float) -> str:
    if math.isinf(high):
        return f"{money(low)} and above"
    return f"{money(low)} - {money(high - 0.01)}"


def _price_buckets(request: Request, prices: list[float]) -> list[dict[str, Any]]:
    if not prices:
        return []
    top = max(prices)
    step = next((s for s in PRICE_STEPS if math.ceil((top + 0.01) / s) <= 6), PRICE_STEPS[-1])
    counts: dict[int, int] = {}
    for p in prices:
        counts[int(p // step)] = counts.get(int(p // step), 0) + 1
    return [dict(label=price_label(i * step, (i + 1) * step), count=n,
                 url=url_with(request, price=f"{i * step}-{(i + 1) * step}", p=None)) for i, n in sorted(counts.items())]


def _facet(request: Request, key: str, counts: dict[str, int], limit: int | None = None) -> list[dict[str, Any]]:
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:limit] if limit else sorted(counts.items())
    return [dict(label=v, count=n, url=url_with(request, **{key: v, "p": None})) for v, n in ranked]


def _window(page: int, pages: int) -> list[int | None]:
    """Page numbers to link: the first, the last and a window around `page` (None = a gap)."""
    shown = sorted({1, pages, *range(max(1, page - PAGE_WINDOW), min(pages, page + PAGE_WINDOW) + 1)})
    out: list[int | None] = []
    for n in shown:
        if out and n - (out[-1] or 0) > 1:
            out.append(None)
        out.append(n)
    return out


def listing_context(request: Request, conn: sqlite3.Connection, rows: list[Candidate], default_order: str,
                    scores: dict[int, float] | None = None) -> dict[str, Any]:
    """Filter, facet, sort and page candidate `rows`; the template context of a product list."""
    qp = request.query_params
    colors = child_colors(conn, rows)
    color_sets = {r[ID]: colors.get(r[ID], set()) | {r[COLOR]} if r[COLOR] else colors.get(r[ID], set())
                  for r in rows}
    price = parse_price(qp.get("price"))
    brand, color = qp.get("brand") or None, qp.get("color") or None
    active: list[dict[str, str]] = []
    facets: dict[str, Any] = {}
    # each facet counts the rows the *other* filters keep (Magento's layered navigation)
    everyone = {r[ID] for r in rows}
    ok_price = {r[ID] for r in rows if price[0] <= r[PRICE] < price[1]} if price else everyone
    ok_brand = {r[ID] for r in rows if r[BRAND] == brand} if brand else everyone
    ok_color = {r[ID] for r in rows if color in color_sets[r[ID]]} if color else everyone
    if price:
        active.append(dict(name="Price", value=price_label(*price), url=url_with(request, price=None, p=None)))
    else:
        keep = ok_brand & ok_color
        facets["price"] = _price_buckets(request, [r[PRICE] for r in rows if r[ID] in keep])
    if brand:
        active.append(dict(name="Brand", value=brand, url=url_with(request, brand=None, p=None)))
    else:
        keep = ok_price & ok_color
        counts: dict[str, int] = {}
        for r in rows:
            if r[ID] in keep:
                counts[r[BRAND]] = counts.get(r[BRAND], 0) + 1
        facets["brand"] = _facet(request, "brand", counts, BRAND_FACET_SIZE)
    if color:
        active.append(dict(name="Color", value=color, url=url_with(request, color=None, p=None)))
    else:
        keep = ok_price & ok_brand
        counts = {}
        for pid in keep:
            for c in color_sets[pid]:
                counts[c] = counts.get(c, 0) + 1
        facets["color"] = _facet(request, "color", counts)
    kept = ok_price & ok_brand & ok_color
    items = rows if len(kept) == len(rows) else [r for r in rows if r[ID] in kept]

    order = qp.get("product_list_order", default_order)
    if order not in SORT_LABELS or (order == "relevance" and scores is None):
        order = default_order
    direction = qp.get("product_list_dir")
    if direction not in ("asc", "desc"):
        direction = "desc" if order == "relevance" else "asc"
    if order == "relevance" and scores is not None:
        items = sorted(items, key=lambda r: (-scores.get(r[ID], 0.0), r[ID]), reverse=direction == "asc")
    else:
        key = {"position": lambda r: (r[POSITION], r[ID]), "name": lambda r: (r[NAME].lower(), r[ID]),
               "price": lambda r: (r[PRICE], r[ID])}[order]
        items = sorted(items, key=key, reverse=direction == "desc")
    limit = parse_int(qp.get("product_list_limit"), PAGE_SIZES[0])
    if limit not in PAGE_SIZES:
        limit = PAGE_SIZES[0]
    mode = "list" if qp.get("product_list_mode") == "list" else "grid"
    total = len(items)
    pages = max(1, math.ceil(total / limit))
    page = min(max(1, parse_int(qp.get("p"), 1) or 1), pages)
    start = (page - 1) * limit
    window = _window(page, pages)
    return dict(
        products=page_products(conn, [r[ID] for r in items[start:start + limit]]),
        total=total, page=page, pages=pages, first=start + 1 if total else 0, last=min(start + limit, total),
        limit=limit, page_sizes=PAGE_SIZES, order=order, direction=direction, mode=mode,
        mode_urls={m: url_with(request, product_list_mode=None if m == "grid" else m) for m in ("grid", "list")},
        sort_options=[(k, v) for k, v in SORT_LABELS.items() if k != "relevance" or scores is not None],
        facets=facets, active_filters=active, clear_all_url=url_with(request, price=None, brand=None, color=None,
                                                                     cat=None, p=None),
        page_window=window, page_urls={n: url_with(request, p=n if n > 1 else None) for n in window if n},
        prev_url=url_with(request, p=page - 1 if page > 2 else None) if page > 1 else None,
        next_url=url_with(request, p=page + 1) if page < pages else None,
        hidden=[(k, v) for k, v in request.query_params.items()
                if k not in ("product_list_order", "product_list_dir", "product_list_limit", "p")],
    )


def page_products(conn: sqlite3.Connection, ids: list[int]) -> list[dict[str, Any]]:
    """Full rows of `ids`, in that order, with `in_stock` (a configurable product is in stock
    while one of its children is) and `price_from` (the lowest child price)."""
    if not ids:
        return []
    rows = {r["id"]: dict(r) for r in conn.execute(
        "SELECT p.*, (SELECT MAX(c.qty) FROM products c WHERE c.parent_id = p.id AND c.status = 1) AS child_qty,"
        " (SELECT MIN(c.price) FROM products c WHERE c.parent_id = p.id AND c.status = 1) AS child_price,"
        f" {DESCRIPTION_SQL} AS seen_description"
        " FROM products p WHERE p.id IN (SELECT value FROM json_each(?))", (json.dumps(ids),))}
    out = []
    for pid in ids:
        r = rows[pid]
        r["description"] = r.pop("seen_description")
        configurable = r["type_id"] == "configurable"
        r["in_stock"] = (r["child_qty"] or 0) > 0 if configurable else r["qty"] > 0
        r["price_from"] = r["child_price"] if configurable and r["child_price"] is not None else r["price"]
        out.append(r)
    return out
