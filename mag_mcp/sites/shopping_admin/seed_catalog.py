"""Seed rows for the catalog's admin-only data, sparse: the attribute values a merchant set on
some products (cost, special price, MSRP, country of manufacture, new-from dates), related /
up-sell / cross-sell links, customizable options, tier prices, category descriptions and the
monthly product view counts of Reports > Products > Views. A product or category without a row
has the default value (see `product_defaults`)."""

from __future__ import annotations

import random
import sqlite3
from datetime import date
from itertools import accumulate

from .admin_data import COUNTRIES_OF_MANUFACTURE
from .seed_settings import shift

OPTION_SETS = [
    ("Gift Wrap", "checkbox", 0, [("Gift wrap with a card", 4.99)]),
    ("Engraving", "field", 0, []),
    ("Extended Warranty", "drop_down", 0, [("1 year", 7.99), ("2 years", 12.99), ("3 years", 16.99)]),
    ("Delivery Date", "date", 0, []),
    ("Monogram Color", "drop_down", 1, [("Gold", 0.0), ("Silver", 0.0), ("Black", 0.0)]),
]


def _months_back(today: str, n: int) -> list[str]:
    d = date.fromisoformat(today[:10]).replace(day=1)
    out = []
    for _ in range(n):
        out.append(d.strftime("%Y-%m"))
        d = (d.replace(day=1) - date.resolution).replace(day=1)
    return out[::-1]


def _attribute_values(conn: sqlite3.Connection, rng: random.Random, products: list[tuple], today: str) -> None:
    rows = []
    for pid, _cat, price, _created in products:
        if rng.random() < 0.2:
            rows.append((pid, "cost", f"{price * rng.uniform(0.45, 0.7):.2f}"))
        if rng.random() < 0.04:
            rows.append((pid, "special_price", f"{price * rng.uniform(0.8, 0.95):.2f}"))
            start = shift(today, days=-rng.randint(1, 40))[:10]
            rows += [(pid, "special_from_date", start), (pid, "special_to_date", shift(today, days=rng.randint(3, 45))[:10])]
        if rng.random() < 0.08:
            rows.append((pid, "msrp", f"{price * rng.uniform(1.1, 1.3):.2f}"))
        if rng.random() < 0.2:
            rows.append((pid, "country_of_manufacture", rng.choice(COUNTRIES_OF_MANUFACTURE)))
        if rng.random() < 0.03:
            start = shift(today, days=-rng.randint(1, 30))[:10]
            rows += [(pid, "news_from_date", start), (pid, "news_to_date", shift(start + " 00:00:00", days=60)[:10])]
        if rng.random() < 0.05:
            rows.append((pid, "gift_message_available", "1"))
    conn.executemany("INSERT INTO product_attribute_values (product_id, code, value) VALUES (?,?,?)", rows)


def _links(conn: sqlite3.Connection, rng: random.Random, products: list[tuple]) -> None:
    by_cat: dict[int, list[tuple]] = {}
    for p in products:
        by_cat.setdefault(p[1], []).append(p)
    rows = []
    for pid, cat, price, _ in products:
        if rng.random() >= 0.12:
            continue
        same = [p for p in by_cat[cat] if p[0] != pid]
        related = rng.sample(same, min(len(same), rng.randint(2, 4)))
        upsell = [p for p in same if p[2] > price]
        upsell = rng.sample(upsell, min(len(upsell), rng.randint(0, 2)))
        cross = [rng.choice(products) for _ in range(rng.randint(0, 2))]
        for kind, picks in (("related", related), ("upsell", upsell), ("crosssell", cross)):
            seen = set()
            for pos, p in enumerate(picks, 1):
                if p[0] != pid and p[0] not in seen:
                    seen.add(p[0])
                    rows.append((pid, kind, p[0], pos))
    conn.executemany("INSERT INTO product_links (product_id, link_type, linked_product_id, position) VALUES (?,?,?,?)",
                     rows)


def _options_and_tiers(conn: sqlite3.Connection, rng: random.Random, products: list[tuple]) -> None:
    for pid, _cat, price, _ in products:
        if rng.random() < 0.015:
            for order, (title, kind, required, values) in enumerate(rng.sample(OPTION_SETS, rng.randint(1, 2)), 1):
                option_price = 9.99 if kind == "field" else 0.0
                oid = conn.execute(
                    "INSERT INTO product_options (product_id, title, type, is_require, price, price_type, sku,"
                    " max_characters, sort_order) VALUES (?,?,?,?,?,'fixed',?,?,?)",
                    (pid, title, kind, required, option_price, title.upper().replace(" ", "-")[:12],
                     20 if kind == "field" else 0, order)).lastrowid
                conn.executemany(
                    "INSERT INTO product_option_values (option_id, title, price, price_type, sku, sort_order)"
                    " VALUES (?,?,?,'fixed',?,?)",
                    [(oid, t, p, f"{title[:3].upper()}-{i}", i) for i, (t, p) in enumerate(values, 1)])
        if rng.random() < 0.02:
            conn.executemany("INSERT INTO product_tier_prices (product_id, customer_group_id, qty, value) VALUES (?,?,?,?)",
                             [(pid, 2, 10, round(price * 0.9, 2)), (pid, 2, 50, round(price * 0.85, 2))])


def _categories(conn: sqlite3.Connection) -> None:
    rows = []
    for cid, name, level in conn.execute("SELECT id, name, level FROM categories ORDER BY id"):
        if level <= 2:
            rows.append((cid, "description", (f"<p>Shop {name} at One Stop Market: fast shipping from our Port Alder "
                                             f"warehouse and free store pickup in Eastgate.</p>")))
            rows.append((cid, "meta_title", f"{name} | One Stop Market"))
    conn.executemany("INSERT INTO category_attribute_values (category_id, code, value) VALUES (?,?,?)", rows)


def _views(conn: sqlite3.Connection, rng: random.Random, products: list[tuple], today: str) -> None:
    ordered = {pid: n for pid, n in conn.execute(
        "SELECT product_id, COUNT(*) FROM order_items WHERE product_id IS NOT NULL GROUP BY product_id")}
    pool = [p[0] for p in products]
    cumulative = list(accumulate(1 + 4 * ordered.get(pid, 0) for pid in pool))
    rows = []
    for month in _months_back(today, 24):
        picked: set[int] = set()
        while len(picked) < min(60, len(pool)):
            picked.update(rng.choices(pool, cum_weights=cumulative, k=60 - len(picked)))
        rows += [(month, pid, int(rng.uniform(30, 900) * (1 + ordered.get(pid, 0)) ** 0.5)) for pid in sorted(picked)]
    conn.executemany("INSERT INTO product_views (period, product_id, views) VALUES (?,?,?)", rows)


def fill_catalog(conn: sqlite3.Connection, today: str) -> None:
    rng = random.Random("osm-admin:catalog")
    products = conn.execute("SELECT id, category_id, price, created_at FROM products ORDER BY id").fetchall()
    _attribute_values(conn, rng, products, today)
    _links(conn, rng, products)
    _options_and_tiers(conn, rng, products)
    _categories(conn)
    _views(conn, rng, products, today)
