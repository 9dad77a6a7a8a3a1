"""Deterministic seed database of the One Stop Market storefront.

Everything comes from `catalog_data` plus `random.Random` streams with fixed seeds
(one per product, keyed by its name, for SKU/description/stock/reviews; one for the
rest); timestamps
are fixed strings (the seed's "today" is 2023-06-12), so two builds give
byte-for-byte identical table contents.

Conventions
-----------
* Money is REAL dollars rounded to 2 decimals (``round(x, 2)`` on every write),
  so checkers can compare with ``=`` or ``ROUND(col, 2)``.
* Timestamps are TEXT ``'YYYY-MM-DD HH:MM:SS'`` (UTC). Seed rows are dated up to
  2023-06-12; rows written by the running site use the real clock, so they sort
  after every seed row and have the highest ids. Among seed rows, "latest" means
  highest ``created_at`` (see "Ids and dates" below).
* Street addresses may span lines: ``street`` joins the lines with ``'\\n'``.
* Regions are full US state names (``'California'``), countries ISO codes (``'US'``).

Schema (all ``id`` columns are INTEGER PRIMARY KEY)
------
categories(id, parent_id NULL for top level, name, slug, url_path UNIQUE -- e.g.
    'video-games/playstation-4/accessories'; page URL is '/<url_path>.html',
    level 1..3, position)  -- 348 categories: 14 top levels, every leaf at level 3
    (`taxonomy.category_tree()`: the original 64 keep ids 1..64; original second-level
    leaves became parents, their products moved into the new leaves under them)
products(id, sku UNIQUE -- ASIN-like: 'B0' and 8 letters or digits (a configurable product's child:
    '<parent sku>-<size>-<colour>'), name, slug UNIQUE -- page URL is '/<slug>.html',
    brand, price, category_id -> categories (always a leaf),
    description -- the short description, lines joined by '\\n', lines starting '- ' are
    bullet points (the long Details text is content.product_texts); NULL for a generated
    product until it is edited: its seed text is content.product_descriptions (read through
    `common.DESCRIPTION_SQL` / `common.description_of`),
    rating_summary INTEGER 0..100 -- Magento-style percent = average stars * 20,
    review_count, qty -- units in stock (0 = out of stock; a configurable parent has 0: its
    stock is its children's), status INTEGER 1 enabled / 0 disabled, is_featured INTEGER 0/1
    (home page grid), created_at,
    type_id 'simple'|'configurable', parent_id -> products (the configurable parent of a
    child, else NULL), visibility INTEGER 4 'Catalog, Search' | 1 'Not Visible Individually'
    (children), color, size ('' when none; a child's options), icon (the emoji its
    picture shows; '' -> its category's), position (the category listing's "Position" order))
    -- ids 1..344 are the original catalogue, unchanged; generated products follow
    (`generator.catalog()`), each configurable parent directly followed by its children
search_dirty(product_id PRIMARY KEY)  -- products added, or whose name, brand, description or
    category changed, since the seed (kept by triggers; the storefront's search scores
    these from this database, the rest from content.product_search)
compare_items(id, customer_id, product_id, added_at; UNIQUE(customer_id, product_id))
reviews(id, product_id, customer_id NULL for anonymous shoppers, nickname, summary,
    text, rating INTEGER 1..5, status 'approved'|'pending'|'not_approved', created_at)
    -- only approved reviews show on the storefront; products.rating_summary/review_count
    count approved reviews only and are kept in sync by both sites. Seed: reviews 1..1265
    are approved; 1266.. are recent ones awaiting moderation (pending / not_approved).
customers(id, firstname, lastname, email UNIQUE, password_hash, created_at,
    newsletter_subscribed INTEGER 0/1)
sessions(token PRIMARY KEY, customer_id, created_at, last_order_id NULL)
addresses(id, customer_id, firstname, lastname, company, street, city, region,
    postcode, country_id, telephone, is_default_billing 0/1, is_default_shipping 0/1)
cart_items(id, customer_id, product_id, qty, added_at; UNIQUE(customer_id, product_id))
wishlist_items(id, customer_id, product_id, added_at; UNIQUE(customer_id, product_id))
orders(id -- the number in '/sales/order/view/order_id/<id>/', increment_id -- the
    order number shown to people, '%09d' % id, e.g. '000000190', customer_id,
    status 'pending'|'processing'|'complete'|'canceled'|'holded' (Magento's code for
    "On Hold"), created_at,
    shipping_firstname, shipping_lastname, shipping_company, shipping_street,
    shipping_city, shipping_region, shipping_postcode, shipping_country_id,
    shipping_telephone, shipping_method 'Flat Rate - Fixed'|'Best Way - Table Rate',
    payment_method 'Check / Money order', total_qty, subtotal, shipping_amount,
    grand_total)  -- billing address = shipping address
order_items(id, order_id, product_id, sku, name, price, qty, row_total, product_options)
    -- a configurable product's line: product_id/sku of the child bought, name of the
    parent, product_options 'Size: M, Color: Black' ('' for simple products)
contact_messages(id, customer_id NULL, name, email, telephone, comment, created_at)
sendfriend_log(id, customer_id, product_id, sender_name, sender_email, message, recipients JSON
    [{name, email}], created_at)   "Email to a Friend" sends (storefront)
order_status_history(id, order_id, status -- the order's status after this entry, comment
    ('' when only the status changed), is_customer_notified 0/1, is_visible_on_front 0/1,
    author -- admin username, created_at)  -- the admin's "Comments History"
admin_users(id, username UNIQUE, firstname, lastname, email UNIQUE, password_hash, role,
    is_active 0/1, created_at)  -- 'admin' / 'admin1234' is the default administrator
admin_sessions(token PRIMARY KEY, admin_user_id, created_at)

Ids and dates
-------------
Rows of the original shop seed keep their ids: customers 1..21, orders 1..295 (sorted by
date), reviews 1..1265, products 1..344. The admin-scale rows come after them: customers 22..44 are the
Port Alder residents of ``mag_mcp.sites.world.PEOPLE`` (same names; e-mail
``<username with '.' for '_'>@gmail.com``), customers 45.. are generated shoppers;
their orders (ids 296.., sorted by date among themselves) are spread over 2022-01..2023-06
too, so among seed rows "latest" means highest ``created_at``, not highest id.

The world-scale rows (`world_scale.py`) come last: generated products (ids 345..) and their
approved reviews (ids 1296..), about 3,000 more customers (ids 111..) and their orders (ids
604.., sorted by date among themselves, dated 2021-05 .. 2023-06), with order comments.
Read-only texts (long details, specification rows, the search index) are in the content
database (`content_db.py`), attached as `content`.

Shipping methods: 'Flat Rate - Fixed' costs $5.00 per item (per unit of qty);
'Best Way - Table Rate' costs $15.00 per order.
"""

from __future__ import annotations

import hashlib
import random
import re
import sqlite3
import unicodedata
from datetime import datetime, timedelta
from pathlib import Path

from ..world import PEOPLE
from . import catalog_data as data
from . import world_scale
from .generator import catalog
from .seed_util import ts as _ts

SEED = 7770
SEED_TODAY = "2023-06-12"
DEFAULT_SESSION_TOKEN = "5b1f0c9e8d7a4e2f9c3b6a1d0e8f7c2a"
DEFAULT_CUSTOMER_EMAIL = "emma.lopez@gmail.com"
DEFAULT_PASSWORD = "Password.123"
PAYMENT_METHOD = "Check / Money order"
ADMIN_SESSION_TOKEN = "9e4c2a7b1d8f4c3e8a6b0f5d2c7e9a13"  # the admin's logged-in cookie (shopping_admin)
ADMIN_USERNAME = "admin"
ADMIN_PASSWORD = "admin1234"
FLAT_RATE = "Flat Rate - Fixed"
BEST_WAY = "Best Way - Table Rate"
SHIPPING_METHODS = {
    # code: (stored name, price, per item?)
    "flatrate": (FLAT_RATE, 5.00, True),
    "bestway": (BEST_WAY, 15.00, False),
}

SCHEMA = """
CREATE TABLE categories (
    id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES categories(id), name TEXT NOT NULL,
    slug TEXT NOT NULL, url_path TEXT NOT NULL UNIQUE, level INTEGER NOT NULL, position INTEGER NOT NULL);
CREATE TABLE products (
    id INTEGER PRIMARY KEY, sku TEXT NOT NULL UNIQUE, name TEXT NOT NULL, slug TEXT NOT NULL UNIQUE,
    brand TEXT NOT NULL, price REAL NOT NULL, category_id INTEGER NOT NULL REFERENCES categories(id),
    description TEXT, rating_summary INTEGER NOT NULL DEFAULT 0, review_count INTEGER NOT NULL DEFAULT 0,
    qty INTEGER NOT NULL, status INTEGER NOT NULL DEFAULT 1, is_featured INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL, type_id TEXT NOT NULL DEFAULT 'simple',
    parent_id INTEGER REFERENCES products(id), visibility INTEGER NOT NULL DEFAULT 4,
    color TEXT NOT NULL DEFAULT '', size TEXT NOT NULL DEFAULT '', icon TEXT NOT NULL DEFAULT '',
    position INTEGER NOT NULL DEFAULT 0);
CREATE INDEX products_category ON products(category_id, position);
CREATE INDEX products_parent ON products(parent_id) WHERE parent_id IS NOT NULL;
CREATE TABLE search_dirty (product_id INTEGER PRIMARY KEY);
CREATE TABLE customers (
    id INTEGER PRIMARY KEY, firstname TEXT NOT NULL, lastname TEXT NOT NULL, email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL, created_at TEXT NOT NULL, newsletter_subscribed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE sessions (
    token TEXT PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), created_at TEXT NOT NULL,
    last_order_id INTEGER);
CREATE TABLE addresses (
    id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), firstname TEXT NOT NULL,
    lastname TEXT NOT NULL, company TEXT NOT NULL DEFAULT '', street TEXT NOT NULL, city TEXT NOT NULL,
    region TEXT NOT NULL, postcode TEXT NOT NULL, country_id TEXT NOT NULL, telephone TEXT NOT NULL,
    is_default_billing INTEGER NOT NULL DEFAULT 0, is_default_shipping INTEGER NOT NULL DEFAULT 0);
CREATE TABLE reviews (
    id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL REFERENCES products(id),
    customer_id INTEGER REFERENCES customers(id), nickname TEXT NOT NULL, summary TEXT NOT NULL,
    text TEXT NOT NULL, rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    status TEXT NOT NULL DEFAULT 'approved', created_at TEXT NOT NULL);
CREATE INDEX reviews_product ON reviews(product_id);
CREATE TABLE cart_items (
    id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id),
    product_id INTEGER NOT NULL REFERENCES products(id), qty INTEGER NOT NULL, added_at TEXT NOT NULL,
    UNIQUE(customer_id, product_id));
CREATE TABLE compare_items (
    id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id),
    product_id INTEGER NOT NULL REFERENCES products(id), added_at TEXT NOT NULL,
    UNIQUE(customer_id, product_id));
CREATE TABLE wishlist_items (
    id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id),
    product_id INTEGER NOT NULL REFERENCES products(id), added_at TEXT NOT NULL,
    UNIQUE(customer_id, product_id));
CREATE TABLE orders (
    id INTEGER PRIMARY KEY, increment_id TEXT NOT NULL UNIQUE, customer_id INTEGER NOT NULL REFERENCES customers(id),
    status TEXT NOT NULL, created_at TEXT NOT NULL,
    shipping_firstname TEXT NOT NULL, shipping_lastname TEXT NOT NULL, shipping_company TEXT NOT NULL DEFAULT '',
    shipping_street TEXT NOT NULL, shipping_city TEXT NOT NULL, shipping_region TEXT NOT NULL,
    shipping_postcode TEXT NOT NULL, shipping_country_id TEXT NOT NULL, shipping_telephone TEXT NOT NULL,
    shipping_method TEXT NOT NULL, payment_method TEXT NOT NULL, total_qty INTEGER NOT NULL,
    subtotal REAL NOT NULL, shipping_amount REAL NOT NULL, grand_total REAL NOT NULL);
CREATE INDEX orders_customer ON orders(customer_id);
CREATE TABLE order_items (
    id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders(id),
    product_id INTEGER REFERENCES products(id), sku TEXT NOT NULL, name TEXT NOT NULL,
    price REAL NOT NULL, qty INTEGER NOT NULL, row_total REAL NOT NULL, product_options TEXT NOT NULL DEFAULT '');
CREATE INDEX order_items_order ON order_items(order_id);
CREATE TABLE contact_messages (
    id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id), name TEXT NOT NULL,
    email TEXT NOT NULL, telephone TEXT NOT NULL DEFAULT '', comment TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE sendfriend_log (
    id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id),
    product_id INTEGER NOT NULL REFERENCES products(id), sender_name TEXT NOT NULL, sender_email TEXT NOT NULL,
    message TEXT NOT NULL, recipients TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE order_status_history (
    id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders(id), status TEXT NOT NULL,
    comment TEXT NOT NULL DEFAULT '', is_customer_notified INTEGER NOT NULL DEFAULT 0,
    is_visible_on_front INTEGER NOT NULL DEFAULT 0, author TEXT NOT NULL DEFAULT '', created_at TEXT NOT NULL);
CREATE INDEX order_status_history_order ON order_status_history(order_id);
CREATE TABLE admin_users (
    id INTEGER PRIMARY KEY, username TEXT NOT NULL UNIQUE, firstname TEXT NOT NULL, lastname TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL, role TEXT NOT NULL, is_active INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL);
CREATE TABLE admin_sessions (
    token TEXT PRIMARY KEY, admin_user_id INTEGER NOT NULL REFERENCES admin_users(id), created_at TEXT NOT NULL);
"""

# Created once the seed's rows are in: from then on, a product added or whose searchable text
# changes (by either site) is listed in search_dirty, and the storefront's search scores it
# from this database instead of the content database's prebuilt index.
SEARCH_TRIGGERS = """
CREATE TRIGGER products_search_insert AFTER INSERT ON products
BEGIN INSERT OR IGNORE INTO search_dirty (product_id) VALUES (NEW.id); END;
CREATE TRIGGER products_search_update AFTER UPDATE OF name, brand, description, category_id ON products
WHEN OLD.name IS NOT NEW.name OR OLD.brand IS NOT NEW.brand OR OLD.description IS NOT NEW.description
  OR OLD.category_id IS NOT NEW.category_id
BEGIN INSERT OR IGNORE INTO search_dirty (product_id) VALUES (NEW.id); END;
"""

# The default customer's order history: (date time, status, method code, [(product name, qty)]).
EMMA_ORDERS: list[tuple[str, str, str, list[tuple[str, int]]]] = [
    ("2022-03-02 10:14:31", "complete", "flatrate", [
        ("Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned", 1),
        ("Bounty Select-A-Size Paper Towels, 12 Double Rolls", 1)]),
    ("2022-04-05 19:02:11", "canceled", "flatrate", [
        ("Instant Pot Duo 7-in-1 Electric Pressure Cooker, 6 Quart", 1)]),
    ("2022-05-17 08:45:52", "complete", "bestway", [
        ("Echo Dot (3rd Gen) Smart Speaker with Alexa, Charcoal", 1),
        ("Amazon Basics High-Speed HDMI Cable, 6 Feet, 3 Pack", 1)]),
    ("2022-07-08 16:30:05", "complete", "flatrate", [
        ("Hydro Flask Wide Mouth Water Bottle with Flex Cap, 32 oz, Pacific", 2),
        ("Coleman Sundome Camping Tent, 4 Person", 1)]),
    ("2022-09-14 12:12:40", "complete", "flatrate", [
        ("Americanflat 16x24 Picture Frame in Black with Polished Glass for Wall Display", 1),
        ("Yankee Candle Large Jar Candle, Clean Cotton, 22 oz", 2)]),
    ("2022-10-21 09:05:18", "complete", "flatrate", [
        ("Tide PODS Spring Meadow Scent HE Turbo Laundry Detergent Pacs, 81 Count", 1),
        ("Charmin Ultra Soft Toilet Paper, 18 Mega Rolls", 1),
        ("Clorox Disinfecting Wipes, Bleach Free Cleaning Wipes, 75 Count, Pack of 3", 2)]),
    ("2022-11-25 21:48:09", "complete", "bestway", [
        ("Sony WH-CH710N/H Wireless Bluetooth Noise Cancelling Headphones, Gray", 1),
        ("Anker PowerCore 10000 Portable Charger, Ultra-Compact Power Bank", 1)]),
    ("2022-12-12 14:20:33", "complete", "bestway", [
        ("LEGO Classic Large Creative Brick Box 10698", 1),
        ("Squishmallows Original 16-Inch Wendy the Frog Plush", 2),
        ("Ravensburger Disney Castle 1000 Piece Jigsaw Puzzle", 1)]),
    ("2023-01-09 07:55:47", "complete", "flatrate", [
        ("Vital Proteins Collagen Peptides Powder, Unflavored, 20 oz", 1),
        ("Nature Made Vitamin D3 2000 IU, 220 Softgels", 2)]),
    ("2023-02-03 18:03:26", "complete", "flatrate", [
        ("Brightech Sky LED Torchiere Floor Lamp, Dimmable, Black", 1)]),
    ("2023-02-27 11:37:59", "canceled", "flatrate", [
        ("ZINUS 9 Inch Metal Smart Box Spring Mattress Foundation, Queen", 1)]),
    ("2023-03-11 13:26:14", "complete", "flatrate", [
        ("Jiffy Corn Muffin Mix, 8.5 oz, Pack of 6", 2),
        ("Twinings English Breakfast Black Tea, 100 Tea Bags", 1),
        ("Quaker Old Fashioned Rolled Oats, 42 oz", 1)]),
    ("2023-03-24 17:41:02", "complete", "flatrate", [
        ("Ailun Tempered Glass Screen Protector for iPhone 13 and 13 Pro, 3 Pack", 1),
        ("EYZUTAK Phone Case for iPhone 12 Pro Max, Plating Square Edge Soft TPU Cover with Camera Protection, Pink", 1)]),
    ("2023-04-13 10:09:50", "complete", "bestway", [
        ("Purina Pro Plan Adult Sensitive Skin and Stomach Dry Dog Food, Salmon and Rice, 30 lb", 1),
        ("KONG Classic Dog Toy, Medium, Red", 1)]),
    ("2023-05-02 20:15:37", "processing", "flatrate", [
        ("Ninja AF101 Air Fryer, 4 Quart, Black/Grey", 1)]),
    ("2023-05-18 15:58:21", "pending", "flatrate", [
        ("CeraVe Moisturizing Cream for Normal to Dry Skin, 16 Ounce", 1),
        ("Oral-B Kids Extra Soft Replacement Brush Heads featuring Disney's Frozen, 4 Count", 1)]),
    ("2023-05-30 09:31:44", "canceled", "bestway", [
        ("HEIYING Game Card Case for Nintendo Switch and Switch OLED, Portable Game Memory Card Case with 24 Storage Slots", 1),
        ("Mario Kart 8 Deluxe - Nintendo Switch", 1)]),
]
EMMA_WISHLIST = [
    ("Hydro Flask Wide Mouth Water Bottle with Flex Cap, 40 oz, Pacific", "2023-04-02 09:12:00"),
    ("Bose QuietComfort 45 Bluetooth Wireless Noise Cancelling Headphones, Triple Black", "2023-05-21 22:40:00"),
]
EMMA_REVIEW = ("Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned", "Emma", "Great skillet",
               "Heats evenly and the seasoning held up well. I use it almost every day.", 5, "2022-03-20 18:05:00")
EMMA_ADDRESS = ("Emma", "Lopez", "101 S San Mateo Dr", "San Mateo", "California", "94010", "6505551212")


def slugify(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def hash_password(password: str, salt: str) -> str:
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), 1000).hex()
    return f"pbkdf2_sha256$1000${salt}${digest}"


def verify_password(password: str, stored: str) -> bool:
    try:
        _, iters, salt, digest = stored.split("$")
    except ValueError:
        return False
    return hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), int(iters)).hex() == digest


def shipping_cost(method_code: str, total_qty: int) -> float:
    _, price, per_item = SHIPPING_METHODS[method_code]
    return round(price * total_qty if per_item else price, 2)


def _review_text(rng: random.Random, rating: int, pros: list[str], cons: list[str]) -> str:
    parts = [rng.choice(data.REVIEW_OPENERS[rating])]
    if rating >= 4:
        parts += rng.sample(pros, 2 if rating == 5 else 1)
        if rating == 4 and rng.random() < 0.5:
            con = rng.choice(cons)
            parts.append("The only downside: " + con[0].lower() + con[1:])
    elif rating == 3:
        parts += [rng.choice(pros), rng.choice(cons)]
    else:
        parts += rng.sample(cons, 2 if rating == 1 else 1)
    closer = rng.choice(data.REVIEW_CLOSERS[rating])
    if closer:
        parts.append(closer)
    return " ".join(parts)


def build_seed(path: Path) -> None:
    """Write a fresh, deterministic One Stop Market database to `path`."""
    path = Path(path)
    path.unlink(missing_ok=True)
    rng = random.Random(SEED)
    conn = sqlite3.connect(path)
    try:
        conn.executescript(SCHEMA)
        _fill(conn, rng)
        world_scale.fill(conn, catalog())
        from ..shopping_admin.seed_admin import (
            extend_seed,  # the admin's own tables (imported late: no cycle)
        )
        extend_seed(conn)
        conn.executescript(SEARCH_TRIGGERS)
        conn.commit()
        conn.execute("ANALYZE")
        conn.commit()
        conn.execute("VACUUM")
    finally:
        conn.close()


def _fill(conn: sqlite3.Connection, rng: random.Random) -> None:
    # --- categories (the original tree keeps its ids; generated ones follow) ---------
    world = catalog()
    conn.executemany(
        "INSERT INTO categories (id, parent_id, name, slug, url_path, level, position) VALUES (?,?,?,?,?,?,?)",
        [(c.id, c.parent_id, c.name, c.slug, c.url_path, c.level, c.position) for c in world.categories])

    # --- the original products (generator.catalog() draws them as this seed always did) ---
    products: list[dict] = [dict(
        id=p.id, sku=p.sku, name=p.name, slug=p.slug, brand=p.brand, price=p.price, category_id=p.category_id,
        top=p.top, description=p.description, qty=p.qty, created_at=p.created_at, icon=p.icon, color=p.color,
        position=p.position) for p in world.products[:world.originals]]
    by_name = {p["name"]: p for p in products}
    assert len(by_name) == len(products), "duplicate product names"

    # --- reviews -------------------------------------------------------------
    reviews: list[tuple] = []
    for p in products:
        rrng = random.Random(f"{SEED}:reviews:{p['name']}")
        roll = rrng.random()
        n = 0 if roll < 0.07 else 1 if roll < 0.13 else rrng.randint(2, 6)
        quality = rrng.uniform(2.4, 4.9)
        pros, cons = data.REVIEW_ASPECTS[p["top"]]
        for nick in rrng.sample(data.NICKNAMES, n):
            rating = max(1, min(5, round(rrng.gauss(quality, 0.9))))
            reviews.append((p["id"], None, nick, rrng.choice(data.REVIEW_SUMMARIES[rating]),
                            _review_text(rrng, rating, pros, cons), rating,
                            _ts(rrng, "2020-02-01 00:00:00", "2023-06-01 00:00:00")))

    # --- customers, addresses --------------------------------------------------
    people = [(EMMA_ADDRESS[0], EMMA_ADDRESS[1], DEFAULT_CUSTOMER_EMAIL, *EMMA_ADDRESS[2:])] + list(data.CUSTOMERS)
    for cid, (first, last, email, street, city, region, postcode, phone) in enumerate(people, start=1):
        created = "2021-11-04 09:30:00" if cid == 1 else _ts(rng, "2021-03-01 00:00:00", "2022-01-01 00:00:00")
        conn.execute(
            "INSERT INTO customers (id, firstname, lastname, email, password_hash, created_at, newsletter_subscribed)"
            " VALUES (?,?,?,?,?,?,?)",
            (cid, first, last, email, hash_password(DEFAULT_PASSWORD, f"s{cid:04d}"), created,
             0 if cid == 1 else int(rng.random() < 0.4)),
        )
        conn.execute(
            "INSERT INTO addresses (customer_id, firstname, lastname, company, street, city, region, postcode,"
            " country_id, telephone, is_default_billing, is_default_shipping) VALUES (?,?,?,?,?,?,?,?,?,?,1,1)",
            (cid, first, last, "", street, city, region, postcode, "US", phone),
        )
    conn.execute("INSERT INTO sessions (token, customer_id, created_at) VALUES (?,?,?)",
                 (DEFAULT_SESSION_TOKEN, 1, "2023-06-12 08:00:00"))

    # --- orders ------------------------------------------------------------------
    raw_orders: list[tuple] = []  # (created_at, customer_id, status, method, [(product, qty)])
    for created, status, method, items in EMMA_ORDERS:
        raw_orders.append((created, 1, status, method, [(by_name[n], q) for n, q in items]))
    for cid in range(2, len(people) + 1):
        for _ in range(rng.randint(8, 20)):
            created = _ts(rng, "2022-01-05 00:00:00", "2023-06-11 00:00:00")
            if created >= "2023-05-25":
                status = rng.choice(["pending", "processing"])
            else:
                status = "canceled" if rng.random() < 0.13 else "complete"
            picks = rng.sample(products, rng.choice([1, 1, 2, 2, 3, 4]))
            raw_orders.append((created, cid, status, rng.choice(["flatrate", "flatrate", "bestway"]),
                               [(p, rng.choice([1, 1, 1, 2, 3])) for p in picks]))
    raw_orders.sort(key=lambda o: (o[0], o[1]))
    addr = {cid: people[cid - 1] for cid in range(1, len(people) + 1)}
    for oid, (created, cid, status, method, items) in enumerate(raw_orders, start=1):
        first, last, _, street, city, region, postcode, phone = addr[cid]
        total_qty = sum(q for _, q in items)
        subtotal = round(sum(p["price"] * q for p, q in items), 2)
        ship = shipping_cost(method, total_qty)
        conn.execute(
            "INSERT INTO orders (id, increment_id, customer_id, status, created_at, shipping_firstname,"
            " shipping_lastname, shipping_company, shipping_street, shipping_city, shipping_region,"
            " shipping_postcode, shipping_country_id, shipping_telephone, shipping_method, payment_method,"
            " total_qty, subtotal, shipping_amount, grand_total) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (oid, f"{oid:09d}", cid, status, created, first, last, "", street, city, region, postcode, "US",
             phone, SHIPPING_METHODS[method][0], PAYMENT_METHOD, total_qty, subtotal, ship,
             round(subtotal + ship, 2)),
        )
        for p, q in items:
            conn.execute(
                "INSERT INTO order_items (order_id, product_id, sku, name, price, qty, row_total)"
                " VALUES (?,?,?,?,?,?,?)",
                (oid, p["id"], p["sku"], p["name"], p["price"], q, round(p["price"] * q, 2)),
            )

    # --- the default customer's review and wish list -----------------------------------
    name, nick, summary, text, rating, created = EMMA_REVIEW
    reviews.append((by_name[name]["id"], 1, nick, summary, text, rating, created))
    reviews.sort(key=lambda r: (r[6], r[0]))
    conn.executemany(
        "INSERT INTO reviews (product_id, customer_id, nickname, summary, text, rating, status, created_at)"
        " VALUES (?,?,?,?,?,?,'approved',?)", reviews)
    wished = set()
    for name, added in EMMA_WISHLIST:
        wished.add(by_name[name]["id"])
        conn.execute("INSERT INTO wishlist_items (customer_id, product_id, added_at) VALUES (1,?,?)",
                     (by_name[name]["id"], added))

    # --- stock, featured flags, rating summaries ----------------------------------------
    stats: dict[int, list[int]] = {}
    for r in reviews:
        stats.setdefault(r[0], []).append(r[5])
    ordered_by_emma = {p["id"] for o in raw_orders if o[1] == 1 for p, _ in o[4]}
    featured: set[int] = set()
    tops_seen: set[str] = set()
    ranked = sorted(products, key=lambda p: (-len(stats.get(p["id"], [])),
                                             -sum(stats.get(p["id"], [0])), p["id"]))
    for p in ranked:
        if p["top"] not in tops_seen and len(featured) < 10 and p["id"] not in wished:
            tops_seen.add(p["top"])
            featured.add(p["id"])
    candidates = [p for p in products if p["id"] not in featured | wished | ordered_by_emma]
    out_of_stock = {p["id"] for p in rng.sample(candidates, 5)}
    for p in products:
        ratings = stats.get(p["id"], [])
        summary = round(sum(ratings) / len(ratings) * 20) if ratings else 0
        conn.execute(
            "INSERT INTO products (id, sku, name, slug, brand, price, category_id, description, rating_summary,"
            " review_count, qty, status, is_featured, created_at, icon, color, position)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,1,?,?,?,?,?)",
            (p["id"], p["sku"], p["name"], p["slug"], p["brand"], p["price"], p["category_id"], p["description"],
             summary, len(ratings), 0 if p["id"] in out_of_stock else p["qty"], int(p["id"] in featured),
             p["created_at"], p["icon"], p["color"], p["position"]),
        )
    _fill_admin_scale(conn, products)


# --- admin scale: more customers and orders, moderation queue, order comments, admin users -----------
# Drawn from their own random stream, after every row above, so the original rows never change.

N_GENERATED_CUSTOMERS = 66
_ORDER_COUNTS = (0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6, 8)


def _order_status(rng: random.Random, created: str) -> str:
    if created >= "2023-05-20":
        return rng.choices(["pending", "processing", "holded"], [5, 4, 1])[0]
    return rng.choices(["complete", "canceled", "holded", "processing", "pending"], [80, 12, 3, 3, 2])[0]


def _later(rng: random.Random, ts: str, max_hours: int, cap: str = f"{SEED_TODAY} 08:00:00") -> str:
    t = datetime.fromisoformat(ts) + timedelta(minutes=rng.randint(20, max_hours * 60))
    return min(t.strftime("%Y-%m-%d %H:%M:%S"), max(cap, ts))


def _fill_admin_scale(conn: sqlite3.Connection, products: list[dict]) -> None:
    rng = random.Random(f"{SEED}:admin-scale-33")
    first_id = conn.execute("SELECT MAX(id) FROM customers").fetchone()[0] + 1
    # --- customers: Port Alder residents of the shared world, then generated shoppers
    people: list[tuple[str, str, str, str, str, str, str, str, str]] = []  # + company of a 2nd address
    for person in PEOPLE:
        if person.username not in data.PORT_ALDER_ADDRESSES:
            continue  # Emma Lopez is customer 1
        street, _district, postcode, phone = data.PORT_ALDER_ADDRESSES[person.username]
        first, last = person.name.split(" ", 1)
        people.append((first, last, f"{person.username.replace('_', '.')}@gmail.com", street,
                       *data.PORT_ALDER, postcode, phone))
    names = {(r[0], r[1]) for r in conn.execute("SELECT firstname, lastname FROM customers")}
    emails = {r[0] for r in conn.execute("SELECT email FROM customers")} | {p[2] for p in people}
    names |= {(p[0], p[1]) for p in people}
    while len(people) < len(data.PORT_ALDER_ADDRESSES) + N_GENERATED_CUSTOMERS:
        first, last = rng.choice(data.MORE_FIRST_NAMES), rng.choice(data.MORE_LAST_NAMES)
        if (first, last) in names:
            continue
        f, l_ = first.lower(), last.lower()
        local = rng.choice([f"{f}.{l_}", f"{f}{l_}", f"{f[0]}{l_}", f"{f}.{l_}{rng.randint(1, 99)}", f"{f}_{l_}"])
        email = f"{local}@{rng.choice(data.EMAIL_DOMAINS)}"
        if email in emails:
            continue
        names.add((first, last))
        emails.add(email)
        city, region, zip3, area = rng.choice(data.MORE_PLACES)
        people.append((first, last, email, f"{rng.randint(12, 9870)} {rng.choice(data.STREET_NAMES)}", city,
                       region, f"{zip3}{rng.randrange(100):02d}", f"{area}555{rng.randrange(10000):04d}"))
    popularity = products[:]
    rng.shuffle(popularity)
    weights = [1 / (rank + 3) ** 0.9 for rank in range(len(popularity))]
    raw_orders: list[tuple] = []  # (created_at, customer_id, status, method, address, [(product, qty)])
    customers_out: list[dict] = []
    for cid, (first, last, email, street, city, region, postcode, phone) in enumerate(people, start=first_id):
        since = _ts(rng, "2021-03-01 00:00:00", "2023-04-30 00:00:00")
        addresses = [(first, last, "", street, city, region, postcode, phone, 1)]
        if rng.random() < 0.15:
            other = (first, last, rng.choice(["Alder Labs", "City Library", "Harbor Freight Co.", "Riverside Clinic",
                                              "Northwind Traders", "Blue Sky Dental"]),
                     f"{rng.randint(100, 2999)} {rng.choice(data.STREET_NAMES)}\nSuite {rng.randint(100, 450)}",
                     city, region, postcode, phone, 0)
            addresses.append(other)
        customers_out.append(dict(id=cid, first=first, last=last, email=email, since=since, addresses=addresses))
        start = max(since, "2022-01-03 00:00:00")
        for _ in range(rng.choice(_ORDER_COUNTS)):
            created = _ts(rng, start, "2023-06-11 20:00:00")
            picks: list[dict] = []
            for _ in range(rng.choice([1, 1, 1, 2, 2, 2, 3, 3, 4])):
                p = rng.choices(popularity, weights)[0]
                if p not in picks:
                    picks.append(p)
            items = [(p, rng.choice([1, 1, 1, 1, 2, 2, 3] if p["price"] < 60 else [1, 1, 1, 1, 1, 2])) for p in picks]
            status = _order_status(rng, created)
            raw_orders.append((created, cid, status, rng.choice(["flatrate", "flatrate", "bestway"]),
                               rng.choice(addresses), items))
    for c in customers_out:
        conn.execute(
            "INSERT INTO customers (id, firstname, lastname, email, password_hash, created_at, newsletter_subscribed)"
            " VALUES (?,?,?,?,?,?,?)",
            (c["id"], c["first"], c["last"], c["email"], hash_password(DEFAULT_PASSWORD, f"s{c['id']:04d}"),
             c["since"], int(rng.random() < 0.35)))
        for first, last, company, street, city, region, postcode, phone, default in c["addresses"]:
            conn.execute(
                "INSERT INTO addresses (customer_id, firstname, lastname, company, street, city, region, postcode,"
                " country_id, telephone, is_default_billing, is_default_shipping) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (c["id"], first, last, company, street, city, region, postcode, "US", phone, default, default))
    # --- orders 296..
    raw_orders.sort(key=lambda o: (o[0], o[1]))
    next_oid = conn.execute("SELECT MAX(id) FROM orders").fetchone()[0] + 1
    for oid, (created, cid, status, method, addr, items) in enumerate(raw_orders, start=next_oid):
        first, last, company, street, city, region, postcode, phone, _ = addr
        total_qty = sum(q for _, q in items)
        subtotal = round(sum(p["price"] * q for p, q in items), 2)
        ship = shipping_cost(method, total_qty)
        conn.execute(
            "INSERT INTO orders (id, increment_id, customer_id, status, created_at, shipping_firstname,"
            " shipping_lastname, shipping_company, shipping_street, shipping_city, shipping_region,"
            " shipping_postcode, shipping_country_id, shipping_telephone, shipping_method, payment_method,"
            " total_qty, subtotal, shipping_amount, grand_total) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (oid, f"{oid:09d}", cid, status, created, first, last, company, street, city, region, postcode, "US",
             phone, SHIPPING_METHODS[method][0], PAYMENT_METHOD, total_qty, subtotal, ship,
             round(subtotal + ship, 2)))
        conn.executemany(
            "INSERT INTO order_items (order_id, product_id, sku, name, price, qty, row_total) VALUES (?,?,?,?,?,?,?)",
            [(oid, p["id"], p["sku"], p["name"], p["price"], q, round(p["price"] * q, 2)) for p, q in items])
    # --- comments history (for orders old and new)
    share = {"pending": 0.3, "processing": 0.5, "complete": 0.3, "canceled": 0.7, "holded": 1.0}
    authors = [u[0] for u in data.ADMIN_USERS if u[5]]
    history = []
    for o in conn.execute("SELECT id, status, created_at FROM orders ORDER BY id").fetchall():
        oid, status, created = o
        if rng.random() < share[status]:
            history.append((_later(rng, created, 96), oid, status, rng.choice(data.ORDER_COMMENTS[status]),
                            int(rng.random() < 0.5), 0, rng.choice(authors)))
    history.sort()
    conn.executemany(
        "INSERT INTO order_status_history (created_at, order_id, status, comment, is_customer_notified,"
        " is_visible_on_front, author) VALUES (?,?,?,?,?,?,?)", history)
    # --- reviews waiting for moderation (they change no product's rating)
    pending = []
    reviewers = customers_out[:]
    for p in rng.sample(products, 30):
        c = rng.choice(reviewers)
        rating = rng.choice([1, 2, 2, 3, 4, 4, 5, 5, 5])
        pros, cons = data.REVIEW_ASPECTS[p["top"]]
        pending.append((_ts(rng, "2023-05-10 00:00:00", "2023-06-11 23:00:00"), p["id"], c["id"], c["first"],
                        rng.choice(data.REVIEW_SUMMARIES[rating]), _review_text(rng, rating, pros, cons), rating,
                        "not_approved" if rng.random() < 0.2 else "pending"))
    pending.sort()
    conn.executemany(
        "INSERT INTO reviews (created_at, product_id, customer_id, nickname, summary, text, rating, status)"
        " VALUES (?,?,?,?,?,?,?,?)", pending)
    # --- administrators
    for uid, (username, first, last, email, role, active) in enumerate(data.ADMIN_USERS, start=1):
        password = ADMIN_PASSWORD if username == ADMIN_USERNAME else f"{username}.Pass123"
        conn.execute(
            "INSERT INTO admin_users (id, username, firstname, lastname, email, password_hash, role, is_active,"
            " created_at) VALUES (?,?,?,?,?,?,?,?,?)",
            (uid, username, first, last, email, hash_password(password, f"a{uid:04d}"), role, active,
             f"2021-0{uid}-15 09:00:00"))
    conn.execute("INSERT INTO admin_sessions (token, admin_user_id, created_at) VALUES (?,?,?)",
                 (ADMIN_SESSION_TOKEN, 1, f"{SEED_TODAY} 08:00:00"))


if __name__ == "__main__":  # pragma: no cover - manual inspection helper
    import sys
    import time

    t0 = time.perf_counter()
    build_seed(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shopping-seed.sqlite"))
    print(f"built in {time.perf_counter() - t0:.2f}s")
