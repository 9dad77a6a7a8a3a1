"""An order's sales documents (invoices, shipments with tracking numbers, credit memos, payment
transactions) and what the admin may do next, with Magento's rules:

* Invoice: once, for the whole order, while it is pending or processing. The order becomes
  processing, or complete if it was already shipped.
* Ship: once, for the whole order, while it is pending or processing. The order becomes
  complete if it was invoiced, else processing.
* Credit Memo (refund offline): any number, while the order is invoiced and not fully refunded
  (and neither canceled nor on hold). An order refunded in full is closed.

A document's number is printf('%09d', id); an invoice's or shipment's amounts are its order's.
"""

from __future__ import annotations

import sqlite3
from typing import Any

CARRIER_TITLES: dict[str, str] = {"ups": "United Parcel Service", "usps": "United States Postal Service",
                                  "fedex": "Federal Express", "custom": "Port Alder Courier"}
INVOICE_STATES = (("paid", "Paid"), ("open", "Pending"), ("canceled", "Canceled"))
CREDITMEMO_STATES = (("refunded", "Refunded"), ("open", "Pending"), ("canceled", "Canceled"))


def number(doc_id: int) -> str:
    return f"{doc_id:09d}"


def order_documents(conn: sqlite3.Connection, order: sqlite3.Row) -> dict[str, Any]:
    """The order's documents and totals, and which of Invoice / Ship / Credit Memo it allows."""
    oid = order["id"]
    invoices = conn.execute("SELECT i.*, printf('%09d', i.id) AS number FROM invoices i WHERE i.order_id = ?"
                            " ORDER BY i.id", (oid,)).fetchall()
    shipments = conn.execute("SELECT s.*, printf('%09d', s.id) AS number FROM shipments s WHERE s.order_id = ?"
                             " ORDER BY s.id", (oid,)).fetchall()
    tracks = conn.execute("SELECT t.* FROM shipment_tracks t JOIN shipments s ON s.id = t.shipment_id"
                          " WHERE s.order_id = ? ORDER BY t.id", (oid,)).fetchall()
    memos = conn.execute("SELECT c.*, printf('%09d', c.id) AS number FROM creditmemos c WHERE c.order_id = ?"
                         " ORDER BY c.id", (oid,)).fetchall()
    transactions = conn.execute("SELECT * FROM payment_transactions WHERE order_id = ? ORDER BY id", (oid,)).fetchall()
    refunded = round(sum(m["grand_total"] for m in memos), 2)
    paid = order["grand_total"] if invoices else 0.0
    status = order["status"]
    open_ = status in ("pending", "processing")
    return dict(
        invoices=invoices, shipments=shipments, tracks=tracks, creditmemos=memos, transactions=transactions,
        paid=paid, refunded=refunded, due=round(0 if invoices or status == "canceled" else order["grand_total"], 2),
        can_invoice=open_ and not invoices, can_ship=open_ and not shipments,
        can_creditmemo=bool(invoices) and refunded < order["grand_total"] and status not in ("canceled", "holded",
                                                                                             "closed"),
    )


def refundable_items(conn: sqlite3.Connection, order_id: int) -> list[dict[str, Any]]:
    """The order's items with the quantity still refundable."""
    out = []
    for r in conn.execute(
            "SELECT oi.*, COALESCE((SELECT SUM(ci.qty) FROM creditmemo_items ci WHERE ci.order_item_id = oi.id), 0)"
            " AS refunded FROM order_items oi WHERE oi.order_id = ? ORDER BY oi.id", (order_id,)):
        out.append(dict(r, left=r["qty"] - r["refunded"]))
    return out


def create_invoice(conn: sqlite3.Connection, order: sqlite3.Row, at: str) -> int:
    shipped = conn.execute("SELECT 1 FROM shipments WHERE order_id = ?", (order["id"],)).fetchone()
    inv = conn.execute("INSERT INTO invoices (order_id, created_at) VALUES (?,?)", (order["id"], at)).lastrowid
    conn.execute("UPDATE orders SET status = ? WHERE id = ?", ("complete" if shipped else "processing", order["id"]))
    return int(inv)


def create_shipment(conn: sqlite3.Connection, order: sqlite3.Row, at: str, tracks: list[tuple[str, str]],
                    email: bool) -> int:
    invoiced = conn.execute("SELECT 1 FROM invoices WHERE order_id = ?", (order["id"],)).fetchone()
    sid = conn.execute("INSERT INTO shipments (order_id, created_at, email_sent) VALUES (?,?,?)",
                       (order["id"], at, int(email))).lastrowid
    conn.executemany("INSERT INTO shipment_tracks (shipment_id, carrier, track_number) VALUES (?,?,?)",
                     [(sid, c, n) for c, n in tracks])
    conn.execute("UPDATE orders SET status = ? WHERE id = ?", ("complete" if invoiced else "processing", order["id"]))
    return int(sid)


def create_creditmemo(conn: sqlite3.Connection, order: sqlite3.Row, at: str, qtys: dict[int, int], shipping: float,
                      adjustment: float, fee: float, comment: str, back_to_stock: bool) -> int:
    """Refund `qtys` (order item id -> quantity) plus shipping and adjustments; restock the items
    if asked; close the order once everything is refunded."""
    items = {i["id"]: i for i in refundable_items(conn, order["id"])}
    subtotal = round(sum(items[i]["price"] * q for i, q in qtys.items()), 2)
    total = round(subtotal + shipping + adjustment - fee, 2)
    invoice = conn.execute("SELECT id FROM invoices WHERE order_id = ? ORDER BY id LIMIT 1", (order["id"],)).fetchone()
    cid = conn.execute(
        "INSERT INTO creditmemos (order_id, invoice_id, state, created_at, subtotal, shipping_amount, adjustment_refund,"
        " adjustment_fee, grand_total, comment) VALUES (?,?,'refunded',?,?,?,?,?,?,?)",
        (order["id"], invoice[0] if invoice else None, at, subtotal, shipping, adjustment, fee, total, comment)).lastrowid
    for item_id, qty in qtys.items():
        conn.execute("INSERT INTO creditmemo_items (creditmemo_id, order_item_id, qty, row_total, back_to_stock)"
                     " VALUES (?,?,?,?,?)", (cid, item_id, qty, round(items[item_id]["price"] * qty, 2),
                                             int(back_to_stock)))
        if back_to_stock and items[item_id]["product_id"] is not None:
            conn.execute("UPDATE products SET qty = qty + ? WHERE id = ?", (qty, items[item_id]["product_id"]))
    refunded = conn.execute("SELECT SUM(grand_total) FROM creditmemos WHERE order_id = ?", (order["id"],)).fetchone()[0]
    if refunded >= order["grand_total"] - 0.005:
        conn.execute("UPDATE orders SET status = 'closed' WHERE id = ?", (order["id"],))
    return int(cid)
