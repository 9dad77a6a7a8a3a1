"""Catalogue pages: home, search results, category listings, product pages, reviews."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from . import listing
from .common import (
    current_customer,
    description_of,
    form_view,
    not_found,
    now,
    parse_int,
    redirect,
    render,
    url_with,
)
from .search import search as run_search
from .vocab import COLORS

RELATED_COUNT = 8
UPSELL_COUNT = 6


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
    children: dict[int, list[int]] = {}
    for c in cats.values():
        if c["parent_id"] is not None:
            children.setdefault(c["parent_id"], []).append(c["id"])
    ids, todo = set(), [root]
    while todo:
        cid = todo.pop()
        ids.add(cid)
        todo.extend(children.get(cid, []))
    return ids


def update_rating(conn: sqlite3.Connection, product_id: int) -> None:
    """Recompute a product's rating_summary (percent) and review_count from its approved reviews."""
    avg, count = conn.execute(
        "SELECT AVG(rating), COUNT(*) FROM reviews WHERE product_id = ? AND status = 'approved'", (product_id,)
    ).fetchone()
    conn.execute("UPDATE products SET rating_summary = ?, review_count = ? WHERE id = ?",
                 (round((avg or 0) * 20), count, product_id))


def _in_ids(ids: set[int]) -> tuple[str, tuple[str]]:
    return "p.category_id IN (SELECT value FROM json_each(?))", (json.dumps(sorted(ids)),)


# --- pages ------------------------------------------------------------------------


def _home_ids(conn: sqlite3.Connection) -> tuple[int, list[int], list[int], list[int]]:
    def ids(sql: str) -> list[int]:
        return [r[0] for r in conn.execute(sql)]

    total = conn.execute(f"SELECT COUNT(*) FROM products p WHERE {listing.SHOWN}").fetchone()[0]
    return (total, ids(f"SELECT p.id FROM products p WHERE {listing.SHOWN} AND p.is_featured = 1 ORDER BY p.id"),
            ids(f"SELECT p.id FROM products p WHERE {listing.SHOWN} AND p.is_featured = 0 AND p.review_count >= 4"
                " ORDER BY p.rating_summary DESC, p.review_count DESC, p.id LIMIT 10"),
            ids(f"SELECT p.id FROM products p WHERE {listing.SHOWN} ORDER BY p.created_at DESC, p.id LIMIT 10"))


def home(request: Request) -> Response:
    conn = db(request)
    total, featured, top_rated, newest = listing.cached(conn, ("home",), lambda: _home_ids(conn))
    return render(request, "home.html", {"title": "Home Page", "product_total": total,
                                         "featured": listing.page_products(conn, featured),
                                         "top_rated": listing.page_products(conn, top_rated),
                                         "newest": listing.page_products(conn, newest)})


def search(request: Request) -> Response:
    conn = db(request)
    q = (request.query_params.get("q") or "").strip()
    cats = categories(conn)
    ctx: dict[str, Any] = {"title": f"Search results for: '{q}'" if q else "Search", "q": q, "category": None}
    def compute() -> tuple[Any, dict[int, float], list]:
        outcome = run_search(conn, q) if q else None
        scores = dict(outcome.ranked) if outcome else {}
        return outcome, scores, listing.candidates_by_id(conn, list(scores)) if scores else []

    outcome, scores, rows = listing.cached(conn, ("search", q), compute)
    tops: dict[int, sqlite3.Row] = {}
    for cid in cats:  # categories come parents first
        parent = cats[cid]["parent_id"]
        tops[cid] = cats[cid] if parent is None else tops[parent]
    cat_active = parse_int(request.query_params.get("cat"))
    if cat_active in cats:
        keep = subtree(cats, cat_active)
        rows = [r for r in rows if r[listing.CATEGORY] in keep]
        ctx["active_category"] = dict(name="Category", value=cats[cat_active]["name"],
                                      url=url_with(request, cat=None, p=None))
        ctx["category_filters"] = []
    else:
        counts: dict[int, int] = {}
        for r in rows:
            top = tops[r[listing.CATEGORY]]["id"]
            counts[top] = counts.get(top, 0) + 1
        ctx["category_filters"] = [
            dict(label=cats[cid]["name"], count=n, url=url_with(request, cat=cid, p=None))
            for cid, n in sorted(counts.items(), key=lambda kv: cats[kv[0]]["position"])]
    ctx.update(listing.listing_context(request, conn, rows, "relevance", scores))
    ctx["empty_query"] = not q
    ctx["corrections"] = outcome.corrections if outcome else {}
    return render(request, "listing.html", ctx)


def catalog_page(request: Request) -> Response:
    """`/<slug>.html`: a category (slug = its url_path) or a product (slug = its url key)."""
    conn = db(request)
    slug = request.path_params["slug"]
    cat = conn.execute("SELECT * FROM categories WHERE url_path = ?", (slug,)).fetchone()
    if cat is not None:
        return _category(request, conn, cat)
    product = conn.execute("SELECT * FROM products WHERE slug = ? AND status = 1 AND visibility != 1",
                           (slug,)).fetchone()
    if product is not None:
        return product_page(request, product)
    return not_found(request)


def _category(request: Request, conn: sqlite3.Connection, cat: sqlite3.Row) -> Response:
    cats = categories(conn)
    children_of: dict[int, list[int]] = {}
    for c in cats.values():
        if c["parent_id"] is not None:
            children_of.setdefault(c["parent_id"], []).append(c["id"])
    owner: dict[int, int] = {}  # category id -> the child of `cat` it is under
    for child in children_of.get(cat["id"], []):
        todo = [child]
        while todo:
            cid = todo.pop()
            owner[cid] = child
            todo.extend(children_of.get(cid, []))
    where, params = _in_ids(set(owner) | {cat["id"]})
    rows = listing.cached(conn, ("category", cat["id"]), lambda: listing.candidates(conn, where, params))
    counts: dict[int, int] = {}
    for r in rows:
        o = owner.get(r[listing.CATEGORY])
        if o is not None:
            counts[o] = counts.get(o, 0) + 1
    child_filters = [dict(label=cats[c]["name"], url=f"/{cats[c]['url_path']}.html", count=counts.get(c, 0))
                     for c in children_of.get(cat["id"], [])]
    ctx = dict(title=cat["name"], category=cat, breadcrumbs=category_path(cats, cat["id"])[:-1],
               category_filters=child_filters, q=None, corrections={})
    ctx.update(listing.listing_context(request, conn, rows, "position"))
    return render(request, "listing.html", ctx)


def _options(conn: sqlite3.Connection, product: sqlite3.Row) -> dict[str, Any] | None:
    """A configurable product's children as swatches: colours, sizes and the variants."""
    if product["type_id"] != "configurable":
        return None
    kids = conn.execute("SELECT id, sku, color, size, qty, price FROM products WHERE parent_id = ? AND status = 1"
                        " ORDER BY id", (product["id"],)).fetchall()
    colors = list(dict.fromkeys(k["color"] for k in kids if k["color"]))
    sizes = list(dict.fromkeys(k["size"] for k in kids if k["size"]))
    return dict(colors=[(c, "#%02x%02x%02x" % COLORS.get(c, (200, 200, 200))) for c in colors], sizes=sizes,
                variants=[dict(k) for k in kids], in_stock=any(k["qty"] > 0 for k in kids),
                price_from=min((k["price"] for k in kids), default=product["price"]))


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
    texts = conn.execute("SELECT details, specs FROM content.product_texts WHERE product_id = ?",
                         (product["id"],)).fetchone()
    options = _options(conn, product)
    related = listing.page_products(conn, [r[0] for r in conn.execute(
        f"SELECT p.id FROM products p WHERE {listing.SHOWN} AND p.category_id = ? AND p.id != ?"
        " ORDER BY (p.brand = ?) DESC, ABS(p.price - ?), p.id LIMIT ?",
        (product["category_id"], product["id"], product["brand"], product["price"], RELATED_COUNT))])
    upsell = listing.page_products(conn, [r[0] for r in conn.execute(
        f"SELECT p.id FROM products p WHERE {listing.SHOWN} AND p.brand = ? AND p.category_id != ?"
        " ORDER BY p.review_count DESC, p.id LIMIT ?", (product["brand"], product["category_id"], UPSELL_COUNT))])
    return render(request, "product.html", dict(
        title=product["name"], product=product, reviews=reviews, breadcrumbs=path, category=path[-1],
        errors=errors or {}, values=values, in_wishlist=in_wishlist, options=options, related=related,
        upsell=upsell,
        in_stock=options["in_stock"] if options else product["qty"] > 0,
        description_blocks=_description_blocks(description_of(conn, product)),
        details_blocks=_description_blocks(texts["details"]) if texts else [],
        specs=json.loads(texts["specs"]) if texts else []))


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
    for key, _label in (("nickname", "Nickname"), ("summary", "Summary"), ("review", "Review")):
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
