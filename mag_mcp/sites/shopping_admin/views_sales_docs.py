"""Sales > Invoices, Shipments, Credit Memos, Billing Agreements and Transactions: their grids and
pages, and creating an order's invoice, shipment or credit memo from the order page."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from . import grid as g
from . import sales_docs as docs
from .common import (
    form_view,
    not_found,
    now,
    parse_int,
    parse_money,
    redirect,
    render,
    require_admin,
)
from .grid_pages import GridPage
from .views_sales import BILL_TO, load_order

NAME = BILL_TO
ORDER_LINK = "/admin/sales/order/view/order_id/{order_id}/"
_HIDDEN_ORDER_COLUMNS = [
    g.Column("customer_name", "Customer Name", "c.lastname", visible=False),
    g.Column("customer_email", "Customer Email", "c.email", visible=False),
    g.Column("billing_address", "Billing Address", visible=False),
    g.Column("shipping_address", "Shipping Address", visible=False, field="billing_address"),
    g.Column("payment_method", "Payment Method", visible=False),
    g.Column("shipping_method", "Shipping Information", "o.shipping_method", visible=False),
]
_ORDER_FIELDS = ("o.increment_id AS order_number, o.created_at AS order_date, o.status AS order_status,"
                 f" o.grand_total, o.subtotal, o.shipping_amount, o.payment_method, o.shipping_method, o.total_qty,"
                 f" {NAME} AS bill_name, c.email AS customer_email, c.firstname || ' ' || c.lastname AS customer_name,"
                 " o.shipping_street || ', ' || o.shipping_city || ', ' || o.shipping_region || ' ' ||"
                 " o.shipping_postcode AS billing_address")

INVOICES_GRID = g.Grid(
    key="sales_order_invoice_grid",
    columns=[g.Column("number", "Invoice", "i.id", kind="link", href="/admin/sales/invoice/view/invoice_id/{id}/"),
             g.Column("created_at", "Invoice Date", "i.created_at", kind="datetime"),
             g.Column("order_number", "Order #", "o.id", kind="link", href=ORDER_LINK),
             g.Column("order_date", "Order Date", "o.created_at", kind="datetime"),
             g.Column("bill_name", "Bill-to Name", NAME), g.Column("state", "Status", kind="badge",
                                                                    labels=docs.INVOICE_STATES),
             g.Column("base_total", "Grand Total (Base)", "o.grand_total", kind="money", field="grand_total"),
             g.Column("grand_total", "Grand Total (Purchased)", "o.grand_total", kind="money"),
             *_HIDDEN_ORDER_COLUMNS,
             g.Column("subtotal", "Subtotal", "o.subtotal", kind="money", visible=False),
             g.Column("shipping_amount", "Shipping and Handling", "o.shipping_amount", kind="money", visible=False),
             g.Column("action", "Action", kind="action", href="/admin/sales/invoice/view/invoice_id/{id}/", text="View",
                      aria="View invoice {number}")],
    filters=[g.Filter("created_at", "Invoice Date", "date", "i.created_at"),
             g.Filter("order_date", "Order Date", "date", "o.created_at"),
             g.Filter("grand_total", "Grand Total", "range", "o.grand_total"),
             g.Filter("number", "Invoice", "text", "printf('%09d', i.id)"),
             g.Filter("order_number", "Order #", "text", "o.increment_id"),
             g.Filter("bill_name", "Bill-to Name", "text", NAME)],
    search=["printf('%09d', i.id)", "o.increment_id", "o.shipping_firstname", "o.shipping_lastname", "c.email"],
    default_sort="created_at", tiebreak="i.id DESC")
SHIPMENTS_GRID = g.Grid(
    key="sales_order_shipment_grid",
    columns=[g.Column("number", "Shipment", "s.id", kind="link", href="/admin/sales/shipment/view/shipment_id/{id}/"),
             g.Column("created_at", "Ship Date", "s.created_at", kind="datetime"),
             g.Column("order_number", "Order #", "o.id", kind="link", href=ORDER_LINK),
             g.Column("order_date", "Order Date", "o.created_at", kind="datetime"),
             g.Column("bill_name", "Ship-to Name", NAME),
             g.Column("total_qty", "Total Quantity", "o.total_qty", kind="num"),
             g.Column("tracking", "Tracking Number", visible=False),
             g.Column("order_status", "Order Status", "o.status", visible=False), *_HIDDEN_ORDER_COLUMNS,
             g.Column("action", "Action", kind="action", href="/admin/sales/shipment/view/shipment_id/{id}/",
                      text="View", aria="View shipment {number}")],
    filters=[g.Filter("created_at", "Ship Date", "date", "s.created_at"),
             g.Filter("order_date", "Order Date", "date", "o.created_at"),
             g.Filter("total_qty", "Total Quantity", "range", "o.total_qty"),
             g.Filter("number", "Shipment", "text", "printf('%09d', s.id)"),
             g.Filter("order_number", "Order #", "text", "o.increment_id"),
             g.Filter("bill_name", "Ship-to Name", "text", NAME)],
    search=["printf('%09d', s.id)", "o.increment_id", "o.shipping_firstname", "o.shipping_lastname", "c.email"],
    default_sort="created_at", tiebreak="s.id DESC")
CREDITMEMOS_GRID = g.Grid(
    key="sales_order_creditmemo_grid",
    columns=[g.Column("number", "Credit Memo", "m.id", kind="link",
                        href="/admin/sales/creditmemo/view/creditmemo_id/{id}/"),
             g.Column("created_at", "Created", "m.created_at", kind="datetime"),
             g.Column("order_number", "Order", "o.id", kind="link", href=ORDER_LINK),
             g.Column("order_date", "Order Date", "o.created_at", kind="datetime"),
             g.Column("bill_name", "Bill-to Name", NAME),
             g.Column("state", "Status", "m.state", kind="badge", labels=docs.CREDITMEMO_STATES),
             g.Column("refunded", "Refunded", "m.grand_total", kind="money", field="memo_total"),
             g.Column("order_status", "Order Status", "o.status", visible=False), *_HIDDEN_ORDER_COLUMNS,
             g.Column("adjustment_refund", "Adjustment Refund", "m.adjustment_refund", kind="money", visible=False),
             g.Column("adjustment_fee", "Adjustment Fee", "m.adjustment_fee", kind="money", visible=False),
             g.Column("memo_subtotal", "Subtotal", "m.subtotal", kind="money", visible=False),
             g.Column("action", "Action", kind="action", href="/admin/sales/creditmemo/view/creditmemo_id/{id}/",
                      text="View", aria="View credit memo {number}")],
    filters=[g.Filter("created_at", "Created", "date", "m.created_at"),
             g.Filter("order_date", "Order Date", "date", "o.created_at"),
             g.Filter("refunded", "Refunded", "range", "m.grand_total"),
             g.Filter("number", "Credit Memo", "text", "printf('%09d', m.id)"),
             g.Filter("order_number", "Order", "text", "o.increment_id"),
             g.Filter("bill_name", "Bill-to Name", "text", NAME),
             g.Filter("state", "Status", "select", "m.state", docs.CREDITMEMO_STATES)],
    search=["printf('%09d', m.id)", "o.increment_id", "o.shipping_firstname", "o.shipping_lastname", "c.email"],
    default_sort="created_at", tiebreak="m.id DESC")
AGREEMENT_STATUSES = (("active", "Active"), ("canceled", "Canceled"), ("suspended", "Suspended"))
AGREEMENTS_GRID = g.Grid(
    key="billing_agreement_grid",
    columns=[g.Column("id", "ID", "b.id", kind="num"), g.Column("email", "Email", "c.email"),
             g.Column("firstname", "First Name", "c.firstname"), g.Column("lastname", "Last Name", "c.lastname"),
             g.Column("reference_id", "Reference ID", "b.reference_id"),
             g.Column("status", "Status", "b.status", kind="badge", labels=AGREEMENT_STATUSES),
             g.Column("created_at", "Created", "b.created_at", kind="datetime"),
             g.Column("updated_at", "Updated", "b.updated_at", kind="datetime"),
             g.Column("action", "Action", kind="action", href="/admin/paypal/billing_agreement/view/agreement/{id}/",
                      text="View", aria="View billing agreement {reference_id}")],
    filters=[g.Filter("created_at", "Created", "date", "b.created_at"), g.Filter("email", "Email", "text", "c.email"),
             g.Filter("reference_id", "Reference ID", "text", "b.reference_id"),
             g.Filter("status", "Status", "select", "b.status", AGREEMENT_STATUSES)],
    search=["c.email", "c.firstname", "c.lastname", "b.reference_id"], default_sort="id", default_dir="desc")
TXN_TYPES = (("authorization", "Authorization"), ("capture", "Capture"), ("refund", "Refund"), ("void", "Void"))
TRANSACTIONS_GRID = g.Grid(
    key="sales_transactions_grid",
    columns=[g.Column("id", "ID", "t.id", kind="num"),
             g.Column("order_number", "Order ID", "t.order_id", kind="link", href=ORDER_LINK),
             g.Column("txn_id", "Transaction ID", "t.txn_id"), g.Column("parent_txn_id", "Parent Transaction ID"),
             g.Column("payment_method", "Payment Method"),
             g.Column("txn_type", "Transaction Type", "t.txn_type", kind="badge", labels=TXN_TYPES),
             g.Column("is_closed", "Closed", "t.is_closed", kind="yesno"),
             g.Column("created_at", "Created", "t.created_at", kind="datetime"),
             g.Column("action", "Action", kind="action", href="/admin/sales/transactions/view/txn_id/{id}/", text="View",
                      aria="View transaction {txn_id}")],
    filters=[g.Filter("created_at", "Created", "date", "t.created_at"),
             g.Filter("txn_id", "Transaction ID", "text", "t.txn_id"),
             g.Filter("order_number", "Order ID", "text", "o.increment_id"),
             g.Filter("txn_type", "Transaction Type", "select", "t.txn_type", TXN_TYPES)],
    search=["t.txn_id", "o.increment_id"], default_sort="created_at", tiebreak="t.id DESC")

PAGES = [
    GridPage("/admin/sales/invoice/", "Invoices", INVOICES_GRID,
             f"i.*, 'paid' AS state, printf('%09d', i.id) AS number, {_ORDER_FIELDS}",
             "FROM invoices i JOIN orders o ON o.id = i.order_id JOIN customers c ON c.id = o.customer_id WHERE 1",
             id_sql="i.id", two_phase=True),
    GridPage("/admin/sales/shipment/", "Shipments", SHIPMENTS_GRID,
             f"s.*, printf('%09d', s.id) AS number, {_ORDER_FIELDS}, (SELECT group_concat(track_number, ', ')"
             " FROM shipment_tracks WHERE shipment_id = s.id) AS tracking",
             "FROM shipments s JOIN orders o ON o.id = s.order_id JOIN customers c ON c.id = o.customer_id WHERE 1",
             id_sql="s.id", two_phase=True),
    GridPage("/admin/sales/creditmemo/", "Credit Memos", CREDITMEMOS_GRID,
             f"m.*, m.grand_total AS memo_total, m.subtotal AS memo_subtotal, printf('%09d', m.id) AS number,"
             f" {_ORDER_FIELDS}",
             "FROM creditmemos m JOIN orders o ON o.id = m.order_id JOIN customers c ON c.id = o.customer_id WHERE 1",
             id_sql="m.id"),
    GridPage("/admin/paypal/billing_agreement/", "Billing Agreements", AGREEMENTS_GRID,
             "b.*, c.email, c.firstname, c.lastname",
             "FROM billing_agreements b JOIN customers c ON c.id = b.customer_id WHERE 1", id_sql="b.id"),
    GridPage("/admin/sales/transactions/", "Transactions", TRANSACTIONS_GRID,
             "t.*, o.increment_id AS order_number, o.payment_method",
             "FROM payment_transactions t JOIN orders o ON o.id = t.order_id WHERE 1", id_sql="t.id"),
]


# --- document pages ---------------------------------------------------------------------------------

def _doc_page(request: Request, kind: str, table: str, key: str) -> Response:
    conn = db(request)
    doc = conn.execute(f"SELECT d.*, printf('%09d', d.id) AS number FROM {table} d WHERE d.id = ?",
                       (request.path_params[key],)).fetchone()
    if doc is None:
        return not_found(request, kind)
    order = load_order(conn, doc["order_id"])
    items = conn.execute("SELECT * FROM order_items WHERE order_id = ? ORDER BY id", (order["id"],)).fetchall()
    ctx: dict[str, Any] = dict(kind=kind, doc=doc, order=order, items=items, carriers=docs.CARRIER_TITLES,
                               title=f"#{doc['number']}")
    if kind == "shipment":
        ctx["tracks"] = conn.execute("SELECT * FROM shipment_tracks WHERE shipment_id = ? ORDER BY id",
                                     (doc["id"],)).fetchall()
    if kind == "credit memo":
        ctx["memo_items"] = conn.execute(
            "SELECT ci.*, oi.name, oi.sku, oi.price FROM creditmemo_items ci JOIN order_items oi ON oi.id = ci.order_item_id"
            " WHERE ci.creditmemo_id = ? ORDER BY ci.id", (doc["id"],)).fetchall()
    return render(request, "doc_view.html", ctx)


@require_admin
def invoice_view(request: Request) -> Response:
    return _doc_page(request, "invoice", "invoices", "invoice_id")


@require_admin
def shipment_view(request: Request) -> Response:
    return _doc_page(request, "shipment", "shipments", "shipment_id")


@require_admin
def creditmemo_view(request: Request) -> Response:
    return _doc_page(request, "credit memo", "creditmemos", "creditmemo_id")


@require_admin
def agreement_view(request: Request) -> Response:
    conn = db(request)
    row = conn.execute("SELECT b.*, c.firstname, c.lastname, c.email FROM billing_agreements b JOIN customers c"
                       " ON c.id = b.customer_id WHERE b.id = ?", (request.path_params["agreement_id"],)).fetchone()
    if row is None:
        return not_found(request, "billing agreement")
    return render(request, "agreement_view.html", dict(title=f"Billing Agreement # {row['reference_id']}", a=row,
                                                       statuses=dict(AGREEMENT_STATUSES)))


@form_view
def agreement_cancel(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    aid = request.path_params["agreement_id"]
    row = conn.execute("SELECT status FROM billing_agreements WHERE id = ?", (aid,)).fetchone()
    if row is None:
        return not_found(request, "billing agreement")
    url = f"/admin/paypal/billing_agreement/view/agreement/{aid}/"
    if row["status"] == "canceled":
        return redirect(request, url, "The billing agreement is already canceled.", "error")
    conn.execute("UPDATE billing_agreements SET status = 'canceled', updated_at = ? WHERE id = ?", (now(), aid))
    return redirect(request, url, "The billing agreement has been canceled.")


@require_admin
def transaction_view(request: Request) -> Response:
    conn = db(request)
    t = conn.execute("SELECT t.*, o.increment_id AS order_number, o.payment_method FROM payment_transactions t"
                     " JOIN orders o ON o.id = t.order_id WHERE t.id = ?", (request.path_params["txn_id"],)).fetchone()
    if t is None:
        return not_found(request, "transaction")
    return render(request, "transaction_view.html", dict(title=f"Transaction # {t['txn_id']} | {t['created_at']}", t=t,
                                                         types=dict(TXN_TYPES)))


# --- creating documents -------------------------------------------------------------------------------

def _order_or_404(request: Request) -> Any:
    return load_order(db(request), request.path_params["order_id"])


@require_admin
def new_document(request: Request) -> Response:
    """The New Invoice / New Shipment / New Memo page of an order (`kind` from the URL)."""
    conn = db(request)
    order = _order_or_404(request)
    if order is None:
        return not_found(request, "order")
    kind = request.path_params["kind"]
    allowed = order_documents_flags(conn, order)
    if not allowed.get(kind):
        return redirect(request, f"/admin/sales/order/view/order_id/{order['id']}/",
                        {"invoice": "The order does not allow an invoice to be created.",
                         "shipment": "The order does not allow a shipment to be created.",
                         "creditmemo": "The order does not allow a credit memo to be created."}[kind], "error")
    title = {"invoice": "New Invoice", "shipment": "New Shipment", "creditmemo": "New Memo"}[kind]
    return render(request, "doc_new.html", dict(title=title, kind=kind, order=order,
                                                items=docs.refundable_items(conn, order["id"]),
                                                carriers=docs.CARRIER_TITLES))


def order_documents_flags(conn: Any, order: Any) -> dict[str, bool]:
    d = docs.order_documents(conn, order)
    return {"invoice": d["can_invoice"], "shipment": d["can_ship"], "creditmemo": d["can_creditmemo"]}


@form_view
def save_document(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    order = _order_or_404(request)
    if order is None:
        return not_found(request, "order")
    kind = request.path_params["kind"]
    url = f"/admin/sales/order/view/order_id/{order['id']}/"
    if not order_documents_flags(conn, order).get(kind):
        return redirect(request, url, "This document can't be created for the order.", "error")
    at = now()
    comment = (form.get("comment_text") or "").strip()[:2000]
    if kind == "invoice":
        docs.create_invoice(conn, order, at)
        message = "The invoice has been created."
    elif kind == "shipment":
        carrier, track = form.get("tracking[carrier_code]", ""), (form.get("tracking[number]") or "").strip()
        tracks = [(carrier if carrier in docs.CARRIER_TITLES else "custom", track[:64])] if track else []
        docs.create_shipment(conn, order, at, tracks, bool(form.get("send_email")))
        message = "The shipment has been created."
    else:
        items = docs.refundable_items(conn, order["id"])
        qtys: dict[int, int] = {}
        for it in items:
            q = parse_int(form.get(f"creditmemo[items][{it['id']}][qty]"), 0) or 0
            if q < 0 or q > it["left"]:
                return redirect(request, f"/admin/sales/order_creditmemo/new/order_id/{order['id']}/",
                                f"You can refund at most {it['left']} of {it['name']}.", "error")
            if q:
                qtys[it["id"]] = q
        shipping, adjustment, fee = (max(0.0, parse_money(form.get(k)) or 0.0) for k in
                                     ("creditmemo[shipping_amount]", "creditmemo[adjustment_positive]",
                                      "creditmemo[adjustment_negative]"))
        shipping = min(shipping, order["shipping_amount"])
        if not qtys and not shipping and not adjustment:
            return redirect(request, f"/admin/sales/order_creditmemo/new/order_id/{order['id']}/",
                            "The credit memo's total must be positive.", "error")
        docs.create_creditmemo(conn, order, at, qtys, round(shipping, 2), round(adjustment, 2), round(fee, 2), comment,
                               bool(form.get("creditmemo[do_return]")))
        message = "You created the credit memo."
    if comment and kind != "creditmemo":
        conn.execute("INSERT INTO order_status_history (order_id, status, comment, is_customer_notified, author,"
                     " created_at) SELECT id, status, ?, 0, 'admin', ? FROM orders WHERE id = ?", (comment, at, order["id"]))
    return redirect(request, url, message)


@form_view
def add_track(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    sid = request.path_params["shipment_id"]
    if conn.execute("SELECT 1 FROM shipments WHERE id = ?", (sid,)).fetchone() is None:
        return not_found(request, "shipment")
    url = f"/admin/sales/shipment/view/shipment_id/{sid}/"
    number = (form.get("number") or "").strip()[:64]
    carrier = form.get("carrier", "custom")
    if not number:
        return redirect(request, url, "Please enter a tracking number.", "error")
    conn.execute("INSERT INTO shipment_tracks (shipment_id, carrier, track_number) VALUES (?,?,?)",
                 (sid, carrier if carrier in docs.CARRIER_TITLES else "custom", number))
    return redirect(request, url, "The tracking number has been added.")
