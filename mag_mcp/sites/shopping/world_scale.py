"""The shop at WebArena scale, written after the original and admin-scale rows of the seed
(`seed.build_seed`), from their own random streams, so those rows never change:

* the generated products of `generator.catalog()` (ids after the originals), with their
  approved reviews (ids after the seed's earlier reviews) and rating summaries;
* about 3,000 more customers (ids after the admin-scale ones), with addresses;
* their orders, spread over 2021-05 .. 2023-06 (ids after the earlier orders, sorted by date
  among themselves), of visible products or, for configurable ones, of a child;
* admin comments on some of those orders.
"""

from __future__ import annotations

import random
import sqlite3

from . import catalog_data as data
from . import texts
from .generator import NOT_VISIBLE, Catalog, Item
from .seed_util import SEED, ts

N_MORE_CUSTOMERS = 2960
ORDERS_FROM, ORDERS_TO = "2021-05-03 00:00:00", "2023-06-11 20:00:00"
# Names beyond catalog_data's lists, so that every generated customer's name is unique.
FIRST_NAMES = (
    "Aidan", "Alana", "Alex", "Alyssa", "Amir", "Ana", "Arjun", "Ava", "Beatrice", "Bianca", "Blake", "Bruno",
    "Carmen", "Cecilia", "Chris", "Clara", "Colin", "Daisy", "Dario", "Diana", "Dylan", "Eleanor", "Eli",
    "Emil", "Esther", "Ethan", "Evan", "Farah", "Fiona", "Gavin", "Gemma", "Grant", "Hana", "Harvey", "Helena",
    "Henry", "Imani", "Iris", "Isaac", "Jade", "James", "Javier", "Joel", "Josie", "Kai", "Karen", "Kenji",
    "Kiara", "Lara", "Lena", "Lila", "Lorenzo", "Lucia", "Malik", "Maria", "Mason", "Mateo", "Nina", "Noel",
    "Nora", "Oscar", "Penelope", "Quinn", "Rafael", "Reza", "Rhea", "Rosa", "Ruby", "Samir", "Selena",
    "Simon", "Talia", "Theo", "Uma", "Vera", "Wade", "Willa", "Yara", "Zach", "Zara",
)
LAST_NAMES = (
    "Abbott", "Acosta", "Alvarez", "Andersen", "Archer", "Banks", "Barnes", "Becker", "Bishop", "Blake",
    "Bowen", "Boyd", "Bradley", "Burke", "Castillo", "Chan", "Chen", "Cole", "Conway", "Dalton", "Delgado",
    "Dixon", "Doyle", "Duarte", "Ellis", "Estrada", "Farrell", "Fleming", "Ford", "Fox", "Garner", "Gibson",
    "Gill", "Gordon", "Graham", "Hale", "Hansen", "Harper", "Hart", "Holt", "Ibrahim", "Ito", "Jensen",
    "Kang", "Keller", "Khan", "Kim", "Knight", "Lam", "Lane", "Larsen", "Lin", "Lowe", "Mack", "Malone",
    "Marsh", "Mendoza", "Meyer", "Molina", "Nash", "Nguyen", "Norris", "Olsen", "Osei", "Pace", "Patel",
    "Pham", "Quinn", "Ramos", "Rao", "Reid", "Rios", "Santos", "Shah", "Silva", "Soto", "Stone", "Tran",
    "Vargas", "Vega", "Wade", "Walsh", "Weber", "Wolfe", "Yamamoto", "Young", "Zhang",
)


def _product_row(p: Item, rating_summary: int, review_count: int) -> tuple:
    # The description stays NULL here: its text is the content database's (`content_db`), so
    # the per-episode copy does not carry 2.6 MB no task reads before editing it.
    return (p.id, p.sku, p.name, p.slug, p.brand, p.price, p.category_id, None, rating_summary,
            review_count, p.qty, p.created_at, p.type_id, p.parent_id, p.visibility, p.color, p.size, p.icon,
            p.position)


PRODUCT_INSERT = (
    "INSERT INTO products (id, sku, name, slug, brand, price, category_id, description, rating_summary,"
    " review_count, qty, created_at, type_id, parent_id, visibility, color, size, icon, position)"
    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")


def fill(conn: sqlite3.Connection, catalog: Catalog) -> None:
    generated = catalog.products[catalog.originals:]
    customers = _customers(conn)
    reviews = _reviews(generated, customers)
    stats: dict[int, list[int]] = {}
    for r in reviews:
        stats.setdefault(r[1], []).append(r[6])
    conn.executemany(PRODUCT_INSERT, [
        _product_row(p, round(sum(stats[p.id]) / len(stats[p.id]) * 20) if p.id in stats else 0,
                     len(stats.get(p.id, []))) for p in generated])
    conn.executemany(
        "INSERT INTO reviews (created_at, product_id, customer_id, nickname, summary, text, rating, status)"
        " VALUES (?,?,?,?,?,?,?,'approved')", sorted(reviews, key=lambda r: (r[0], r[1])))
    _orders(conn, catalog, customers)


def _customers(conn: sqlite3.Connection) -> list[tuple[int, str, str, tuple]]:
    """Insert the generated customers; returns (id, first, last, address row) of each."""
    from .seed import DEFAULT_PASSWORD, hash_password

    rng = random.Random(f"{SEED}:world-customers")
    first_id = conn.execute("SELECT MAX(id) FROM customers").fetchone()[0] + 1
    names = {(r[0], r[1]) for r in conn.execute("SELECT firstname, lastname FROM customers")}
    emails = {r[0] for r in conn.execute("SELECT email FROM customers")}
    firsts = sorted(set(FIRST_NAMES) | set(data.MORE_FIRST_NAMES))
    lasts = sorted(set(LAST_NAMES) | set(data.MORE_LAST_NAMES))
    out: list[tuple[int, str, str, tuple]] = []
    rows, addresses = [], []
    while len(out) < N_MORE_CUSTOMERS:
        first, last = rng.choice(firsts), rng.choice(lasts)
        if (first, last) in names:
            continue
        f, l_ = first.lower(), last.lower()
        local = rng.choice([f"{f}.{l_}", f"{f}{l_}", f"{f[0]}{l_}", f"{f}.{l_}{rng.randint(1, 99)}", f"{f}_{l_}",
                            f"{l_}.{f}", f"{f}{rng.randint(70, 99)}"])
        email = f"{local}@{rng.choice(data.EMAIL_DOMAINS)}"
        if email in emails:
            continue
        names.add((first, last))
        emails.add(email)
        cid = first_id + len(out)
        city, region, zip3, area = rng.choice(data.MORE_PLACES)
        street = f"{rng.randint(12, 9870)} {rng.choice(data.STREET_NAMES)}"
        if rng.random() < 0.12:
            street += f"\nApt {rng.randint(1, 40)}{rng.choice('ABCD')}"
        addr = (first, last, "", street, city, region, f"{zip3}{rng.randrange(100):02d}",
                f"{area}555{rng.randrange(10000):04d}")
        since = ts(rng, "2020-06-01 00:00:00", "2023-05-30 00:00:00")
        rows.append((cid, first, last, email, hash_password(DEFAULT_PASSWORD, f"s{cid:04d}"), since,
                     int(rng.random() < 0.3)))
        addresses.append((cid, *addr, "US", 1, 1))
        out.append((cid, first, last, addr))
    conn.executemany("INSERT INTO customers (id, firstname, lastname, email, password_hash, created_at,"
                     " newsletter_subscribed) VALUES (?,?,?,?,?,?,?)", rows)
    conn.executemany("INSERT INTO addresses (customer_id, firstname, lastname, company, street, city, region,"
                     " postcode, telephone, country_id, is_default_billing, is_default_shipping)"
                     " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", addresses)
    return out


def _reviews(generated: list[Item], customers: list[tuple[int, str, str, tuple]]) -> list[tuple]:
    """Approved reviews of generated visible products: (created_at, product_id, customer_id,
    nickname, summary, text, rating)."""
    out: list[tuple] = []
    for p in generated:
        if p.visibility == NOT_VISIBLE:
            continue
        rng = random.Random(f"{SEED}:reviews:{p.sku}")
        roll = rng.random()
        n = 0 if roll < 0.76 else 1 if roll < 0.88 else rng.randint(2, 7)
        quality = rng.uniform(2.3, 4.9)
        for _ in range(n):
            rating = max(1, min(5, round(rng.gauss(quality, 0.9))))
            if rng.random() < 0.3:
                cid, first, last, _ = rng.choice(customers)
                who, nick = cid, rng.choice([first, f"{first} {last[0]}.", f"{first} {last}"])
            else:
                who, nick = None, texts.nickname(rng)
            out.append((ts(rng, "2020-01-15 00:00:00", "2023-06-10 00:00:00"), p.id, who, nick,
                        rng.choice(data.REVIEW_SUMMARIES[rating]),
                        texts.review_text(rng, rating, p.kind, p.color, p.top), rating))
    return out


def _orders(conn: sqlite3.Connection, catalog: Catalog, customers: list[tuple[int, str, str, tuple]]) -> None:
    from .seed import (
        PAYMENT_METHOD,
        SHIPPING_METHODS,
        _later,
        _order_status,
        shipping_cost,
    )

    rng = random.Random(f"{SEED}:world-orders")
    visible = [p for p in catalog.products if p.visibility != NOT_VISIBLE and p.qty >= 0]
    children: dict[int, list[Item]] = {}
    for p in catalog.products:
        if p.parent_id is not None:
            children.setdefault(p.parent_id, []).append(p)
    rng.shuffle(visible)
    weights = [1 / (rank + 8) ** 0.8 for rank in range(len(visible))]
    raw: list[tuple] = []
    for cid, _first, _last, addr in customers:
        for _ in range(rng.choice((0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6))):
            created = ts(rng, ORDERS_FROM, ORDERS_TO)
            picks: list[Item] = []
            for p in rng.choices(visible, weights, k=rng.choice((1, 1, 1, 2, 2, 3, 4))):
                if p.type_id == "configurable":
                    p = rng.choice(children[p.id])
                if p not in picks:
                    picks.append(p)
            items = [(p, rng.choice((1, 1, 1, 1, 2, 2, 3) if p.price < 60 else (1, 1, 1, 1, 2))) for p in picks]
            raw.append((created, cid, _order_status(rng, created), rng.choice(("flatrate", "flatrate", "bestway")),
                        addr, items))
    raw.sort(key=lambda o: (o[0], o[1]))
    next_id = conn.execute("SELECT MAX(id) FROM orders").fetchone()[0] + 1
    orders, lines = [], []
    for oid, (created, cid, status, method, addr, items) in enumerate(raw, start=next_id):
        first, last, company, street, city, region, postcode, phone = addr
        total_qty = sum(q for _, q in items)
        subtotal = round(sum(p.price * q for p, q in items), 2)
        ship = shipping_cost(method, total_qty)
        orders.append((oid, f"{oid:09d}", cid, status, created, first, last, company, street, city, region, postcode,
                       "US", phone, SHIPPING_METHODS[method][0], PAYMENT_METHOD, total_qty, subtotal, ship,
                       round(subtotal + ship, 2)))
        for p, q in items:
            parent = catalog.by_id(p.parent_id) if p.parent_id else None
            options = ", ".join(f"{k}: {v}" for k, v in (("Size", p.size), ("Color", p.color)) if v) if parent else ""
            lines.append((oid, p.id, p.sku, parent.name if parent else p.name, p.price, q, round(p.price * q, 2),
                          options))
    conn.executemany(
        "INSERT INTO orders (id, increment_id, customer_id, status, created_at, shipping_firstname,"
        " shipping_lastname, shipping_company, shipping_street, shipping_city, shipping_region,"
        " shipping_postcode, shipping_country_id, shipping_telephone, shipping_method, payment_method,"
        " total_qty, subtotal, shipping_amount, grand_total) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", orders)
    conn.executemany("INSERT INTO order_items (order_id, product_id, sku, name, price, qty, row_total, product_options)"
                     " VALUES (?,?,?,?,?,?,?,?)", lines)
    authors = [u[0] for u in data.ADMIN_USERS if u[5]]
    share = {"pending": 0.2, "processing": 0.4, "complete": 0.15, "canceled": 0.6, "holded": 1.0}
    history = []
    for oid, _inc, _cid, status, created, *_ in orders:
        if rng.random() < share[status]:
            history.append((_later(rng, created, 96), oid, status, rng.choice(data.ORDER_COMMENTS[status]),
                            int(rng.random() < 0.5), 0, rng.choice(authors)))
    history.sort()
    conn.executemany("INSERT INTO order_status_history (created_at, order_id, status, comment, is_customer_notified,"
                     " is_visible_on_front, author) VALUES (?,?,?,?,?,?,?)", history)
