"""Seed rows for the sales documents the shop's orders imply: an invoice for every invoiced
order, a shipment (with a tracking number) for every complete one, partial refunds (credit
memos) for a few complete ones, and the customers' PayPal billing agreements.

Which orders get which document follows Magento's order states: pending orders have none,
processing ones are invoiced, complete ones invoiced and shipped, on-hold ones invoiced or not,
canceled ones none. The shop's rows are only read, never changed.
"""

from __future__ import annotations

import random
import sqlite3
import string

from .seed_settings import shift, stamp

CARRIERS = [("ups", "United Parcel Service"), ("usps", "United States Postal Service"), ("fedex", "Federal Express"),
            ("custom", "Port Alder Courier")]
CARRIER_WEIGHTS = [5, 3, 2, 1]
REFUND_REASONS = ["Item arrived damaged; refunded without return.", "Customer returned one unit unopened.",
                  "Price adjustment after a price match request.", "Missing item in the package.",
                  "Late delivery goodwill refund.", "Wrong color shipped; customer kept the item at a discount.", ""]


_ALNUM = string.ascii_uppercase + string.digits


def _track_number(rng: random.Random, carrier: str) -> str:
    if carrier == "ups":
        return "1Z" + "".join(rng.choices(_ALNUM, k=16))
    if carrier == "usps":
        return "9400" + "".join(rng.choices(string.digits, k=18))
    if carrier == "fedex":
        return "".join(rng.choices(string.digits, k=12))
    return "PAC-" + "".join(rng.choices(string.digits, k=7))


def _capped(ts: str, today: str, floor: str) -> str:
    return max(floor, min(ts, today))


def fill_sales_docs(conn: sqlite3.Connection, today: str) -> None:
    rng = random.Random("osm-admin:sales-docs")
    orders = conn.execute("SELECT id, status, created_at FROM orders ORDER BY id").fetchall()
    invoices, shipments = [], []
    for oid, status, created in orders:
        invoiced = status in ("processing", "complete") or (status == "holded" and rng.random() < 0.5)
        if not invoiced:
            continue
        inv_at = _capped(shift(created, minutes=rng.randint(3, 2880)), today, created)
        invoices.append((inv_at, oid))
        if status == "complete":
            shipments.append((_capped(shift(inv_at, minutes=rng.randint(240, 5760)), today, inv_at), oid))
    invoices.sort()
    conn.executemany("INSERT INTO invoices (id, order_id, created_at) VALUES (?,?,?)",
                     [(i, oid, at) for i, (at, oid) in enumerate(invoices, 1)])
    shipments.sort()
    conn.executemany("INSERT INTO shipments (id, order_id, created_at, email_sent) VALUES (?,?,?,?)",
                     [(i, oid, at, int(rng.random() < 0.9)) for i, (at, oid) in enumerate(shipments, 1)])
    codes = [c for c, _ in CARRIERS]
    tracks = []
    for i in range(1, len(shipments) + 1):
        if rng.random() < 0.92:
            code = rng.choices(codes, CARRIER_WEIGHTS)[0]
            tracks.append((i, code, _track_number(rng, code)))
    conn.executemany("INSERT INTO shipment_tracks (shipment_id, carrier, track_number) VALUES (?,?,?)", tracks)
    _credit_memos(conn, rng, today)
    _billing_agreements(conn, rng, today)
    _carts(conn, rng, today)


def _credit_memos(conn: sqlite3.Connection, rng: random.Random, today: str) -> None:
    """Partial refunds of about 3% of the complete orders older than two weeks (never the
    default customer's, whose storefront history tasks rely on)."""
    rows = conn.execute(
        "SELECT o.id, i.id, i.created_at FROM orders o JOIN invoices i ON i.order_id = o.id"
        " WHERE o.status = 'complete' AND o.customer_id != 1 AND o.created_at < ? ORDER BY o.id",
        (shift(today, days=-14),)).fetchall()
    memos = []
    for oid, inv_id, inv_at in rows:
        if rng.random() >= 0.03:
            continue
        items = conn.execute("SELECT id, price, qty FROM order_items WHERE order_id = ? ORDER BY id", (oid,)).fetchall()
        item = rng.choice(items)
        qty = 1 if item[2] > 1 or len(items) > 1 else 0
        subtotal = round(item[1] * qty, 2)
        adjustment = round(rng.choice([0, 0, 0, 2.5, 5.0]), 2)
        fee = round(rng.choice([0, 0, 0, 0, 3.0]), 2) if subtotal else 0.0
        if subtotal + adjustment - fee <= 0:
            adjustment, fee = 5.0, 0.0
        at = _capped(shift(inv_at, days=rng.randint(3, 40)), today, inv_at)
        memos.append((at, oid, inv_id, subtotal, adjustment, fee, rng.choice(REFUND_REASONS), item[0] if qty else None,
                      qty))
    memos.sort()
    for i, (at, oid, inv_id, sub, adj, fee, comment, item_id, qty) in enumerate(memos, 1):
        conn.execute(
            "INSERT INTO creditmemos (id, order_id, invoice_id, state, created_at, subtotal, shipping_amount,"
            " adjustment_refund, adjustment_fee, grand_total, comment) VALUES (?,?,?,'refunded',?,?,0,?,?,?,?)",
            (i, oid, inv_id, at, sub, adj, fee, round(sub + adj - fee, 2), comment))
        if item_id is not None:
            conn.execute("INSERT INTO creditmemo_items (creditmemo_id, order_item_id, qty, row_total, back_to_stock)"
                         " VALUES (?,?,?,?,?)", (i, item_id, qty, sub, int(rng.random() < 0.4)))


def _billing_agreements(conn: sqlite3.Connection, rng: random.Random, today: str) -> None:
    customers = conn.execute("SELECT id, created_at FROM customers WHERE id > 1 ORDER BY id").fetchall()
    picked = [c for c in customers if rng.random() < 0.025][:120]
    rows = []
    for cid, since in picked:
        created = stamp(rng, since, today) if since < today else today
        status = rng.choices(["active", "canceled", "suspended"], [7, 2, 1])[0]
        updated = created if status == "active" else stamp(rng, created, today) if created < today else today
        ref = "B-" + "".join(rng.choices(_ALNUM, k=17))
        rows.append((created, cid, ref, status, updated))
    rows.sort()
    conn.executemany("INSERT INTO billing_agreements (customer_id, reference_id, method, status, created_at, updated_at)"
                     " VALUES (?,?,'PayPal Billing Agreement',?,?,?)",
                     [(cid, ref, status, created, updated) for created, cid, ref, status, updated in rows])


def _carts(conn: sqlite3.Connection, rng: random.Random, today: str) -> None:
    """Shopping carts left by about 4% of the customers (never the default customer, whose cart the
    storefront's tasks start from), for the abandoned-cart and products-in-cart reports. Only
    when the shop's seed has no such carts itself."""
    if conn.execute("SELECT 1 FROM cart_items WHERE customer_id != 1 LIMIT 1").fetchone():
        return
    products = [r[0] for r in conn.execute("SELECT id FROM products WHERE status = 1 AND qty > 0 AND visibility = 4"
                                           " AND type_id = 'simple' ORDER BY id")]
    customers = [r[0] for r in conn.execute("SELECT id FROM customers WHERE id > 1 ORDER BY id")]
    if not products or not customers:
        return
    rows = []
    for cid in rng.sample(customers, max(1, len(customers) // 25)):
        start = shift(today, days=-rng.randint(1, 60))
        for pid in rng.sample(products, rng.randint(1, 4)):
            rows.append((cid, pid, rng.choice([1, 1, 1, 2, 3]), stamp(rng, start, today)))
    rows.sort(key=lambda r: (r[3], r[0]))
    conn.executemany("INSERT INTO cart_items (customer_id, product_id, qty, added_at) VALUES (?,?,?,?)", rows)
