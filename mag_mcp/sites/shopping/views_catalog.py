"""Catalogue pages: home, search results, category listings, product pages, reviews."""

from __future__ import annotations

import math
import re
import sqlite3
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import (current_customer, form_view, money, not_found, now, parse_int, redirect, render,
                     url_with)

PAGE_SIZES = (12, 24, 36)
SORT_LABELS = {"position": "Position", "relevance": "Relevance", "name": "Product Name", "price": "Price"}
PRICE_STEPS = (10, 25, 50, 100, 250, 500, 1000)
_WORD = re.compile(r"[a-z0-9]+")


# --- shared ------------------------------------------------------------------


def categories(conn: sqlite3.Connection) -> dict[int, sqlite3.Row]:
    return {r["id"]: r for r in conn.execute("SELECT * FROM categories ORDER BY level, position")}


def category_path(cats: dict[int, sqlite3.Row], cat_id: int) -> list[sqlite3.Row]:
    path = []
    while cat_id is not None:
        path.append(cats[cat_id])
        cat_id = cats[cat_id]["parent_id"]
    return path[::-1]


def subtree(cats: dict[int, sqlite3.Row], root: int) -> set[int]:
    ids = {root}
    changed = True
    while changed:
        changed = False
        for c in cats.values():
            if c["parent_id"] in ids and c["id"] not in ids:
                ids.add(c["id"])
                changed = True
    return ids


def update_rating(conn: sqlite3.Connection, product_id: int) -> None:
    """Recompute a product's rating_summary (percent) and review_count from its approved reviews."""
    avg, count = conn.execute(
        "SELECT AVG(rating), COUNT(*) FROM reviews WHERE product_id = ? AND status = 'approved'", (product_id,)
    ).fetchone()
    conn.execute("UPDATE products SET rating_summary = ?, review_count = ? WHERE id = ?",
                 (round((avg or 0) * 20), count, product_id))


def _stem(word: str) -> str:
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _tokens(text: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(text.lower())}


def _matches(term: str, tokens: set[str]) -> bool:
    return term in tokens or (len(term) >= 3 and any(t.startswith(term) for t in tokens))


def _parse_price(value: str | None) -> tuple[float, float] | None:
    m = re.fullmatch(r"\s*(\d*(?:\.\d+)?)-(\d*(?:\.\d+)?)\s*", value or "")
    if not m or not (m.group(1) or m.group(2)):
        return None
    low = float(m.group(1)) if m.group(1) else 0.0
    high = float(m.group(2)) if m.group(2) else math.inf
    return (low, high) if high > low else None


def _price_label(low: float, high: float) -> str:
    if math.isinf(high):
        return f"{money(low)} and above"
    return f"{money(low)} - {money(high - 0.01)}"


def _price_buckets(request: Request, prices: list[float]) -> list[dict[str, Any]]:
    if not prices:
        return []
    top = max(prices)
    step = next((s for s in PRICE_STEPS if math.ceil((top + 0.01) / s) <= 6), PRICE_STEPS[-1])
    buckets = []
    for i in range(math.ceil((top + 0.01) / step)):
        low, high = i * step, (i + 1) * step
        count = sum(1 for p in prices if low <= p < high)
        if count:
            buckets.append(dict(label=_price_label(low, high), count=count,
                                url=url_with(request, price=f"{low}-{high}", p=None)))
    return buckets


def _listing(request: Request, items: list[tuple[float, sqlite3.Row]], default_order: str) -> dict[str, Any]:
    """Price filter, sort and paginate `(relevance, product)` pairs; returns template context."""
    qp = request.query_params
    price = _parse_price(qp.get("price"))
    buckets = _price_buckets(request, [p["price"] for _, p in items])
    if price:
        items = [(s, p) for s, p in items if price[0] <= p["price"] < price[1]]
    order = qp.get("product_list_order", default_order)
    if order not in SORT_LABELS or (order == "relevance" and default_order != "relevance"):
        order = default_order
    direction = qp.get("product_list_dir")
    if direction not in ("asc", "desc"):
        direction = "desc" if order == "relevance" else "asc"
    if order == "relevance":
        items.sort(key=lambda sp: (-sp[0], sp[1]["id"]))
        if direction == "asc":
            items.reverse()
    else:
        key = {"position": lambda sp: sp[1]["id"], "name": lambda sp: (sp[1]["name"].lower(), sp[1]["id"]),
               "price": lambda sp: (sp[1]["price"], sp[1]["id"])}[order]
        items.sort(key=key, reverse=direction == "desc")
    limit = parse_int(qp.get("product_list_limit"), PAGE_SIZES[0])
    if limit not in PAGE_SIZES:
        limit = PAGE_SIZES[0]
    total = len(items)
    pages = max(1, math.ceil(total / limit))
    page = min(max(1, parse_int(qp.get("p"), 1) or 1), pages)
    start = (page - 1) * limit
    products = [p for _, p in items[start:start + limit]]
    return dict(
        products=products, total=total, page=page, pages=pages, first=start + 1 if total else 0,
        last=min(start + limit, total), limit=limit, page_sizes=PAGE_SIZES, order=order, direction=direction,
        sort_options=[(k, v) for k, v in SORT_LABELS.items() if k != "relevance" or default_order == "relevance"],
        price_buckets=[] if price else buckets,
        price_active=_price_label(*price) if price else None,
        price_clear_url=url_with(request, price=None, p=None),
        page_urls={n: url_with(request, p=n if n > 1 else None) for n in range(1, pages + 1)},
        hidden=[(k, v) for k, v in request.query_params.items()
                if k not in ("product_list_order", "product_list_dir", "product_list_limit", "p")],
    )


def _enabled_products(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    return conn.execute("SELECT * FROM products WHERE status = 1 ORDER BY id").fetchall()


# --- pages ------------------------------------------------------------------------


def home(request: Request) -> Response:
    conn = db(request)
    featured = conn.execute("SELECT * FROM products WHERE status = 1 AND is_featured = 1 ORDER BY id").fetchall()
    newest = conn.execute(
        "SELECT * FROM products WHERE status = 1 AND is_featured = 0 AND review_count >= 4"
        " ORDER BY rating_summary DESC, id LIMIT 5").fetchall()
    return render(request, "home.html", {"title": "Home Page", "featured": featured, "top_rated": newest})


def search(request: Request) -> Response:
    conn = db(request)
    q = (request.query_params.get("q") or "").strip()
    cats = categories(conn)
    ctx: dict[str, Any] = {"title": f"Search results for: '{q}'" if q else "Search", "q": q, "partial": False}
    if not q:
        ctx.update(_listing(request, [], "relevance"), empty_query=True, category_filters=[], cat_active=None)
        return render(request, "listing.html", ctx)
    terms = [_stem(t) for t in _WORD.findall(q.lower())]
    cat_tokens = {cid: _tokens(" ".join(c["name"] for c in category_path(cats, cid))) for cid in cats}
    scored_all, scored_any = [], []
    for p in _enabled_products(conn):
        name_t = _tokens(p["name"])
        other_t = _tokens(f"{p['brand']} {p['sku']} {p['description']}") | cat_tokens[p["category_id"]]
        score, hits = 0.0, 0
        for t in terms:
            if _matches(t, name_t):
                score, hits = score + 10, hits + 1
            elif _matches(t, cat_tokens[p["category_id"]]):
                score, hits = score + 3, hits + 1
            elif _matches(t, other_t):
                score, hits = score + 1, hits + 1
        if terms and hits == len(terms):
            scored_all.append((score, p))
        elif hits:
            scored_any.append((score, p))
    items = scored_all
    if not items and scored_any:
        items, ctx["partial"] = scored_any, True
    # category filter (top-level categories of the matches)
    top_of = {cid: category_path(cats, cid)[0] for cid in cats}
    counts: dict[int, int] = {}
    for _, p in items:
        counts[top_of[p["category_id"]]["id"]] = counts.get(top_of[p["category_id"]]["id"], 0) + 1
    cat_active = parse_int(request.query_params.get("cat"))
    if cat_active in cats:
        keep = subtree(cats, cat_active)
        items = [(s, p) for s, p in items if p["category_id"] in keep]
        ctx["cat_active"] = cats[cat_active]["name"]
        ctx["cat_clear_url"] = url_with(request, cat=None, p=None)
        ctx["category_filters"] = []
    else:
        ctx["cat_active"] = None
        ctx["category_filters"] = [
            dict(label=cats[cid]["name"], count=n, url=url_with(request, cat=cid, p=None))
            for cid, n in sorted(counts.items(), key=lambda kv: cats[kv[0]]["position"])]
    ctx.update(_listing(request, items, "relevance"))
    return render(request, "listing.html", ctx)


def catalog_page(request: Request) -> Response:
    """`/<slug>.html`: a category (slug = its url_path) or a product (slug = its url key)."""
    conn = db(request)
    slug = request.path_params["slug"]
    cat = conn.execute("SELECT * FROM categories WHERE url_path = ?", (slug,)).fetchone()
    if cat is not None:
        return _category(request, conn, cat)
    product = conn.execute("SELECT * FROM products WHERE slug = ? AND status = 1", (slug,)).fetchone()
    if product is not None:
        return product_page(request, product)
    return not_found(request)


def _category(request: Request, conn: sqlite3.Connection, cat: sqlite3.Row) -> Response:
    cats = categories(conn)
    ids = subtree(cats, cat["id"])
    rows = [p for p in _enabled_products(conn) if p["category_id"] in ids]
    children = [c for c in cats.values() if c["parent_id"] == cat["id"]]
    child_filters = []
    for c in children:
        sub = subtree(cats, c["id"])
        child_filters.append(dict(label=c["name"], url=f"/{c['url_path']}.html",
                                  count=sum(1 for p in rows if p["category_id"] in sub)))
    ctx = dict(title=cat["name"], category=cat, breadcrumbs=category_path(cats, cat["id"])[:-1],
               category_filters=child_filters, cat_active=None, q=None)
    ctx.update(_listing(request, [(0.0, p) for p in rows], "position"))
    return render(request, "listing.html", ctx)


def product_page(request: Request, product: sqlite3.Row, errors: dict[str, str] | None = None,
                 values: dict[str, str] | None = None) -> Response:
    conn = db(request)
    cats = categories(conn)
    reviews = conn.execute(
        "SELECT * FROM reviews WHERE product_id = ? AND status = 'approved' ORDER BY created_at DESC, id DESC",
        (product["id"],)).fetchall()
    customer = current_customer(request)
    if values is None:
        values = {"nickname": customer["firstname"] if customer else ""}
    in_wishlist = customer is not None and conn.execute(
        "SELECT 1 FROM wishlist_items WHERE customer_id = ? AND product_id = ?", (customer["id"], product["id"])
    ).fetchone() is not None
    path = category_path(cats, product["category_id"])
    return render(request, "product.html", dict(
        title=product["name"], product=product, reviews=reviews, breadcrumbs=path, category=path[-1],
        errors=errors or {}, values=values, in_wishlist=in_wishlist,
        description_blocks=_description_blocks(product["description"])))


def _description_blocks(text: str) -> list[tuple[str, Any]]:
    """Paragraphs and bullet lists ("- " lines) of a product description."""
    blocks: list[tuple[str, Any]] = []
    for line in text.split("\n"):
        if line.startswith("- "):
            if not blocks or blocks[-1][0] != "ul":
                blocks.append(("ul", []))
            blocks[-1][1].append(line[2:])
        elif line.strip():
            blocks.append(("p", line))
    return blocks


@form_view
def review_post(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    product_id = parse_int(request.path_params["product_id"])
    product = conn.execute("SELECT * FROM products WHERE id = ? AND status = 1", (product_id,)).fetchone()
    if product is None:
        return not_found(request)
    values = {k: (form.get(k) or "").strip() for k in ("nickname", "summary", "review", "rating")}
    errors = {}
    for key, label in (("nickname", "Nickname"), ("summary", "Summary"), ("review", "Review")):
        if not values[key]:
            errors[key] = "This is a required field."
    rating = parse_int(values["rating"])
    if rating not in (1, 2, 3, 4, 5):
        errors["rating"] = "Please select one of each of the ratings above."
    if errors:
        return product_page(request, product, errors=errors, values=values)
    customer = current_customer(request)
    conn.execute(
        "INSERT INTO reviews (product_id, customer_id, nickname, summary, text, rating, status, created_at)"
        " VALUES (?,?,?,?,?,?,'approved',?)",
        (product["id"], customer["id"] if customer else None, values["nickname"][:100], values["summary"][:255],
         values["review"][:5000], rating, now()))
    update_rating(conn, product["id"])
    return redirect(request, f"/{product['slug']}.html", "Thank you! Your review has been submitted.")
