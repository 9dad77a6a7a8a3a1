"""Measurement hooks of the shop for `mag sites stats` (docs/WORLD.md).

`PAGES` are representative storefront pages (paths valid on the default state, with the
site's logged-in cookie); `counts(conn)` computes the shop's figures from its database
(with `content` attached); `TARGETS` holds the issue's minimum for each figure that has one.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import datetime

from .search import search

PAGES: list[tuple[str, str, str]] = [
    ("Home page", "home", "/"),
    ("Top-level category", "listing", "/home-kitchen.html"),
    ("Leaf category by price", "listing", "/electronics/headphones/over-ear-headphones.html?product_list_order=price"),
    ("Filtered category (colour)", "listing", "/clothing-shoes-jewelry/women.html?color=Black"),
    ("Search results", "search", "/catalogsearch/result/?q=skillet"),
    ("Search with a typo, page 2", "search", "/catalogsearch/result/?q=hedphones+wireless&p=2"),
    ("Product page", "detail", "/lodge-10-25-inch-cast-iron-skillet-pre-seasoned.html"),
    ("Product page (Echo Dot)", "detail", "/echo-dot-3rd-gen-smart-speaker-with-alexa-charcoal.html"),
    ("Order history", "grid", "/sales/order/history/"),
    ("Account dashboard", "profile", "/customer/account/"),
    ("Advanced search form", "form", "/catalogsearch/advanced/"),
    ("Address book form", "form", "/customer/address/edit/id/1/"),
]

TARGETS: dict[str, float] = {
    "products": 20_000,
    "categories": 300,
    "category_depth": 3,
    "configurable_products": 100,
    "variant_products": 1_000,
    "near_duplicate_share": 0.5,
    "customers": 3_000,
    "order_span_years": 2,
    "review_distinct_ratio": 0.9,
    "search_results_skillet": 36,
    "search_results_typo_skilet": 36,
    "menu_top_items": 12,
    "menu_links": 300,
    "picture_kinds": 100,
}

_TAIL = re.compile(r",.*$")


def counts(conn: sqlite3.Connection) -> dict[str, float]:
    one = lambda sql: conn.execute(sql).fetchone()[0]
    shown = "status = 1 AND visibility != 1"
    first, last = conn.execute("SELECT MIN(created_at), MAX(created_at) FROM orders").fetchone()
    span = (datetime.fromisoformat(last) - datetime.fromisoformat(first)).days / 365.25 if first else 0.0
    # near duplicates: listings whose name without brand and without the comma tail
    # (colour, pack, modifier) is shared with another listing
    keys: dict[str, int] = {}
    for name, brand in conn.execute(f"SELECT name, brand FROM products WHERE {shown}"):
        key = _TAIL.sub("", name[len(brand) + 1:] if name.startswith(brand + " ") else name).lower()
        keys[key] = keys.get(key, 0) + 1
    listed = sum(keys.values())
    reviews, distinct_reviews = conn.execute("SELECT COUNT(*), COUNT(DISTINCT text) FROM reviews").fetchone()
    return {
        "products": one(f"SELECT COUNT(*) FROM products WHERE {shown}"),
        "product_rows": one("SELECT COUNT(*) FROM products"),
        "configurable_products": one("SELECT COUNT(*) FROM products WHERE type_id = 'configurable'"),
        "variant_products": one("SELECT COUNT(*) FROM products WHERE parent_id IS NOT NULL"),
        "near_duplicate_share": round(sum(n for n in keys.values() if n > 1) / listed, 3) if listed else 0.0,
        "brands": one(f"SELECT COUNT(DISTINCT brand) FROM products WHERE {shown}"),
        "categories": one("SELECT COUNT(*) FROM categories"),
        "category_depth": one("SELECT MAX(level) FROM categories"),
        "leaf_categories": one("SELECT COUNT(*) FROM categories c WHERE NOT EXISTS"
                               " (SELECT 1 FROM categories k WHERE k.parent_id = c.id)"),
        "customers": one("SELECT COUNT(*) FROM customers"),
        "orders": one("SELECT COUNT(*) FROM orders"),
        "order_span_years": round(span, 2),
        "reviews": reviews,
        "review_distinct_ratio": round(distinct_reviews / reviews, 3) if reviews else 0.0,
        "search_results_skillet": len(search(conn, "skillet").ranked),
        "search_results_typo_skilet": len(search(conn, "skilet").ranked),
        "menu_top_items": one("SELECT COUNT(*) FROM categories WHERE parent_id IS NULL"),
        "menu_links": one("SELECT COUNT(*) FROM categories"),
        "picture_kinds": one("SELECT COUNT(DISTINCT icon) FROM products WHERE icon != ''"),
    }
