"""Dashboard and Sales > Orders: the orders grid (with Cancel / Hold / Unhold mass actions), an
order's page (information, invoices, credit memos, shipments, comments history, transactions),
cancel, hold, unhold and comments."""

from __future__ import annotations

import sqlite3
from datetime import date, timedelta
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from . import grid as g
from .admin_data import CUSTOMER_GROUPS
from .common import (
    ORDER_STATUSES,
    current_admin,
    form_view,
    not_found,
    now,
    order_status_label,
    redirect,
    render,
    require_admin,
)
from .grid_pages import GridPage
from .sales_docs import CARRIER_TITLES, order_documents

LIVE = "o.status != 'canceled'"  # orders that count as sales (Magento leaves canceled orders out)
OPEN_STATUSES = ("pending", "processing", "holded")
CANCELABLE = ("pending", "processing")
HOLDABLE = ("pending", "processing")
COMMENT_STATUSES = ("pending", "processing", "holded", "complete")
ORDER_TABS = (("information", "Information"), ("invoices", "Invoices"), ("creditmemos", "Credit Memos"),
              ("shipments", "Shipments"), ("history", "Comments History"), ("transactions", "Transactions"))
GROUP_OF = "COALESCE((SELECT group_id FROM customer_group_members WHERE customer_id = {c}), 1)"


# --- dashboard ----------------------------------------------------------------------------------

# the dashboard's scope switcher: (store query value, label, depth); one website, store and store view
DASHBOARD_SCOPES = (("", "All Store Views", 0), ("website_1", "Main Website", 1), ("group_1", "Main Website Store", 2),
                    ("1", "Default Store View", 3))
DASHBOARD_TABS = (("bestsellers", "Bestsellers"), ("viewed", "Most Viewed Products"), ("new_customers", "New Customers"),
                  ("customers", "Customers"))


@require_admin
def dashboard(request: Request) -> Response:
    conn = db(request)
    totals = conn.execute(
        f"SELECT COUNT(*) AS n, COALESCE(SUM(grand_total), 0) AS sales, COALESCE(SUM(shipping_amount), 0) AS ship,"
        f" COALESCE(SUM(total_qty), 0) AS qty FROM orders o WHERE {LIVE}").fetchone()
    last_orders = conn.execute(
        "SELECT o.*, (SELECT SUM(qty) FROM order_items WHERE order_id = o.id) AS items FROM orders o"
        " ORDER BY o.created_at DESC, o.id DESC LIMIT 5").fetchall()
    tab = request.query_params.get("tab", "bestsellers")
    if tab not in dict(DASHBOARD_TABS):
        tab = "bestsellers"
    scope = request.query_params.get("store", "")
    scope = scope if scope in {k for k, _, _ in DASHBOARD_SCOPES} else ""
    ctx: dict[str, Any] = dict(title="Dashboard", totals=totals, last_orders=last_orders, tab=tab, tabs=DASHBOARD_TABS,
                               scopes=DASHBOARD_SCOPES, scope=scope,
                               scope_label=next(label for k, label, _ in DASHBOARD_SCOPES if k == scope),
                               average=totals["sales"] / totals["n"] if totals["n"] else 0)
    # every tab's table is in the page (hidden unless open), as Magento's dashboard tabs are
    ctx["bestsellers"] = conn.execute(
        f"SELECT t.product_id, COALESCE(p.name, t.name) AS name, p.price, t.qty FROM (SELECT oi.product_id,"
        f" MAX(oi.name) AS name, SUM(oi.qty) AS qty FROM order_items oi JOIN orders o ON o.id = oi.order_id"
        f" WHERE {LIVE} GROUP BY oi.product_id ORDER BY qty DESC, MAX(oi.name) LIMIT 5) t"
        f" LEFT JOIN products p ON p.id = t.product_id ORDER BY t.qty DESC, name").fetchall()
    ctx["viewed"] = conn.execute(
        "SELECT p.id AS product_id, p.name, p.price, SUM(v.views) AS views FROM product_views v"
        " JOIN products p ON p.id = v.product_id GROUP BY p.id ORDER BY views DESC, p.id LIMIT 5").fetchall()
    customers_sql = (
        f"SELECT c.id, c.firstname, c.lastname, c.created_at, COUNT(o.id) AS orders,"
        f" COALESCE(SUM(o.grand_total), 0) AS total, COALESCE(AVG(o.grand_total), 0) AS average"
        f" FROM customers c LEFT JOIN orders o ON o.customer_id = c.id AND {LIVE}")
    ctx["new_customers"] = conn.execute(
        customers_sql + " WHERE c.id IN (SELECT id FROM customers ORDER BY created_at DESC, id DESC LIMIT 5)"
        " GROUP BY c.id ORDER BY c.created_at DESC, c.id DESC").fetchall()
    ctx["customers"] = conn.execute(customers_sql + " GROUP BY c.id ORDER BY total DESC, c.id LIMIT 5").fetchall()
    ctx["last_searches"] = conn.execute("SELECT query_text, num_results, popularity FROM search_queries"
                                        " ORDER BY updated_at DESC, id DESC LIMIT 5").fetchall()
    ctx["top_searches"] = conn.execute("SELECT query_text, num_results, popularity FROM search_queries"
                                       " ORDER BY popularity DESC, id LIMIT 5").fetchall()
    period = request.query_params.get("period", "1y")
    measure = request.query_params.get("chart", "orders")
    ctx["chart"] = _chart(conn, period if period in dict(CHART_RANGES) else "1y",
                          measure if measure in ("orders", "amounts") else "orders")
    return render(request, "dashboard.html", ctx)


CHART_RANGES = (("24h", "Last 24 Hours"), ("7d", "Last 7 Days"), ("1m", "Current Month"), ("1y", "YTD"),
                ("2y", "2YTD"))


def _orders_of(key: str) -> str:
    """The orders grid filtered to the days of a chart bar (`key`: YYYY-MM, YYYY-MM-DD or YYYY-MM-DD HH)."""
    y, m = int(key[:4]), int(key[5:7])
    first = date(y, m, int(key[8:10])) if len(key) >= 10 else date(y, m, 1)
    last = first if len(key) >= 10 else date(y + m // 12, m % 12 + 1, 1) - timedelta(days=1)
    return "/admin/sales/order/?" + urlencode({"created_at_from": first.strftime("%m/%d/%Y"),
                                                "created_at_to": last.strftime("%m/%d/%Y")})


def _chart(conn: sqlite3.Connection, period: str, measure: str) -> dict[str, Any]:
    """The dashboard chart: orders (or amounts) per hour, day or month of the chosen range, which
    ends at the latest order; and the range's revenue, shipping and quantity."""
    latest = conn.execute("SELECT MAX(created_at) FROM orders").fetchone()[0] or "2023-06-12 00:00:00"
    start, key = {
        "24h": (f"datetime('{latest}', '-1 day')", "substr(created_at, 1, 13)"),
        "7d": (f"date('{latest}', '-6 days')", "substr(created_at, 1, 10)"),
        "1m": (f"date('{latest}', 'start of month')", "substr(created_at, 1, 10)"),
        "1y": (f"date('{latest}', 'start of year')", "substr(created_at, 1, 7)"),
        "2y": (f"date('{latest}', 'start of year', '-1 year')", "substr(created_at, 1, 7)"),
    }[period]
    rows = conn.execute(f"SELECT {key} AS k, COUNT(*) AS n, SUM(grand_total) AS total, SUM(shipping_amount) AS ship,"
                        f" SUM(total_qty) AS qty FROM orders o WHERE {LIVE} AND created_at >= {start}"
                        f" GROUP BY k ORDER BY k").fetchall()
    value = "n" if measure == "orders" else "total"
    top = max((r[value] for r in rows), default=0) or 1
    bars = [dict(label=r["k"][-5:] if period != "24h" else r["k"][-2:] + ":00", orders=r["n"], total=r["total"],
                 height=max(2, round(100 * r[value] / top)), url=_orders_of(r["k"])) for r in rows]
    return dict(bars=bars, revenue=sum(r["total"] for r in rows), shipping=sum(r["ship"] for r in rows),
                quantity=sum(r["qty"] for r in rows), period=period, measure=measure, ranges=CHART_RANGES)


# --- orders grid ----------------------------------------------------------------------------------

BILL_TO = "(o.shipping_firstname || ' ' || o.shipping_lastname)"
ORDER_STATUS_LABELS = tuple(ORDER_STATUSES) + (("closed", "Closed"),)
ORDER_ADDRESS = ("(o.shipping_street || ', ' || o.shipping_city || ', ' || o.shipping_region || ' '"
                 " || o.shipping_postcode)")
ORDERS_GRID = g.Grid(
    key="sales_order_grid",
    columns=[
        g.Column("increment_id", "ID", "o.id", kind="link", href="/admin/sales/order/view/order_id/{id}/"),
        g.Column("store", "Purchase Point", kind="store"),
        g.Column("created_at", "Purchase Date", "o.created_at", kind="datetime"),
        g.Column("billing_name", "Bill-to Name", BILL_TO),
        g.Column("shipping_name", "Ship-to Name", BILL_TO),
        g.Column("customer_email", "Customer Email", "c.email", visible=False),
        g.Column("base_grand_total", "Grand Total (Base)", "o.grand_total", kind="money", field="grand_total"),
        g.Column("grand_total", "Grand Total (Purchased)", "o.grand_total", kind="money"),
        g.Column("status", "Status", "o.status", kind="option", labels=ORDER_STATUS_LABELS),
        g.Column("billing_address", "Billing Address", visible=False),
        g.Column("shipping_address", "Shipping Address", visible=False, field="billing_address"),
        g.Column("shipping_method", "Shipping Information", "o.shipping_method", visible=False),
        g.Column("customer_name", "Customer Name", "c.lastname", visible=False),
        g.Column("customer_group", "Customer Group", visible=False),
        g.Column("subtotal", "Subtotal", "o.subtotal", kind="money", visible=False),
        g.Column("shipping_amount", "Shipping and Handling", "o.shipping_amount", kind="money", visible=False),
        g.Column("payment_method", "Payment Method", visible=False),
        g.Column("total_refunded", "Total Refunded", kind="money", visible=False),
        g.Column("action", "Action", kind="action", href="/admin/sales/order/view/order_id/{id}/", text="View",
                 aria="View order {increment_id}"),
    ],
    filters=[
        g.Filter("created_at", "Purchase Date", "date", "o.created_at"),
        g.Filter("grand_total", "Grand Total", "range", "o.grand_total"),
        g.Filter("increment_id", "ID", "text", "o.increment_id"),
        g.Filter("billing_name", "Bill-to Name", "text", BILL_TO),
        g.Filter("shipping_name", "Ship-to Name", "text", BILL_TO),
        g.Filter("customer_email", "Customer Email", "text", "c.email"),
        g.Filter("status", "Status", "select", "o.status", tuple(ORDER_STATUSES)),
        g.Filter("store", "Purchase Point", "select", "'1'", (("1", "Default Store View"),)),
        g.Filter("customer_group", "Customer Group", "select", GROUP_OF.format(c="o.customer_id"),
                 tuple((str(i), code) for i, code, _ in CUSTOMER_GROUPS)),
        g.Filter("shipping_method", "Shipping Information", "select", "o.shipping_method",
                 (("Flat Rate - Fixed", "Flat Rate - Fixed"), ("Best Way - Table Rate", "Best Way - Table Rate"))),
        g.Filter("billing_address", "Billing Address", "text", ORDER_ADDRESS),
        g.Filter("shipping_address", "Shipping Address", "text", ORDER_ADDRESS),
        g.Filter("customer_name", "Customer Name", "text", "(c.firstname || ' ' || c.lastname)"),
        g.Filter("subtotal", "Subtotal", "range", "o.subtotal"),
        g.Filter("shipping_amount", "Shipping and Handling", "range", "o.shipping_amount"),
        g.Filter("payment_method", "Payment Method", "select", "o.payment_method",
                 (("Check / Money order", "Check / Money order"),)),
        g.Filter("total_refunded", "Total Refunded", "range",
                 "(SELECT COALESCE(SUM(grand_total), 0) FROM creditmemos WHERE order_id = o.id)"),
    ],
    search=["o.increment_id", "o.shipping_firstname", "o.shipping_lastname", "c.email", "c.firstname",
            "c.lastname"],
    default_sort="created_at", default_dir="desc", tiebreak="o.id DESC",
    mass_actions=(g.MassAction("cancel", "Cancel"), g.MassAction("hold", "Hold"), g.MassAction("unhold", "Unhold")),
    select_aria="Select order {increment_id}")
ORDERS_SELECT = (
    f"o.*, {BILL_TO} AS billing_name, {BILL_TO} AS shipping_name, c.email AS customer_email,"
    " c.firstname || ' ' || c.lastname AS customer_name,"
    " 'Main Website / Main Website Store / Default Store View' AS store,"
    f" {ORDER_ADDRESS} AS billing_address,"
    f" (SELECT code FROM customer_groups WHERE id = {GROUP_OF.format(c='o.customer_id')}) AS customer_group,"
    " (SELECT SUM(grand_total) FROM creditmemos WHERE order_id = o.id) AS total_refunded")
ORDERS_FROM = "FROM orders o JOIN customers c ON c.id = o.customer_id WHERE 1"


def apply_order_action(conn: sqlite3.Connection, request: Request, action: str, ids: list[int]) -> str:
    """Cancel, hold or unhold the selected orders that allow it; the others are left as they are."""
    allowed = {"cancel": CANCELABLE, "hold": HOLDABLE, "unhold": ("holded",)}[action]
    done = 0
    for oid in ids:
        row = conn.execute("SELECT status FROM orders WHERE id = ?", (oid,)).fetchone()
        if row is None or row["status"] not in allowed:
            continue
        _set_status(conn, request, oid, _after(conn, oid, action))
        done += 1
    verb = {"cancel": "canceled", "hold": "put on hold", "unhold": "released from hold"}[action]
    skipped = len(ids) - done
    if not done:
        return f"!No order(s) were {verb}."
    return f"{done} order(s) have been {verb}." + (f" {skipped} order(s) could not be." if skipped else "")


def _after(conn: sqlite3.Connection, oid: int, action: str) -> str:
    if action == "cancel":
        return "canceled"
    if action == "hold":
        return "holded"
    invoiced = conn.execute("SELECT 1 FROM invoices WHERE order_id = ?", (oid,)).fetchone()
    return "processing" if invoiced else "pending"


def _set_status(conn: sqlite3.Connection, request: Request, oid: int, status: str, comment: str = "") -> None:
    conn.execute("UPDATE orders SET status = ? WHERE id = ?", (status, oid))
    conn.execute("INSERT INTO order_status_history (order_id, status, comment, is_customer_notified, author,"
                 " created_at) VALUES (?, ?, ?, 0, ?, ?)",
                 (oid, status, comment, current_admin(request)["username"], now()))


ORDERS_PAGE = GridPage(
    path="/admin/sales/order/", title="Orders", grid=ORDERS_GRID, select=ORDERS_SELECT, from_where=ORDERS_FROM,
    id_sql="o.id", two_phase=True, apply=apply_order_action)


# --- one order ----------------------------------------------------------------------------------------


def load_order(conn: sqlite3.Connection, order_id: int) -> sqlite3.Row | None:
    return conn.execute(
        "SELECT o.*, c.firstname AS c_firstname, c.lastname AS c_lastname, c.email AS c_email,"
        f" (SELECT code FROM customer_groups WHERE id = {GROUP_OF.format(c='o.customer_id')}) AS c_group"
        " FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.id = ?", (order_id,)).fetchone()


def _order(request: Request) -> sqlite3.Row | None:
    return load_order(db(request), request.path_params["order_id"])


@require_admin
def order_view(request: Request) -> Response:
    conn = db(request)
    order = _order(request)
    if order is None:
        return not_found(request, "order")
    tab = request.query_params.get("tab", "information")
    if tab not in dict(ORDER_TABS):
        tab = "information"
    items = conn.execute(
        "SELECT oi.*, p.slug, (SELECT SUM(ci.qty) FROM creditmemo_items ci WHERE ci.order_item_id = oi.id) AS refunded"
        " FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id WHERE oi.order_id = ? ORDER BY oi.id",
        (order["id"],)).fetchall()
    history = conn.execute("SELECT * FROM order_status_history WHERE order_id = ? ORDER BY created_at DESC, id DESC",
                           (order["id"],)).fetchall()
    if order["status"] in OPEN_STATUSES:
        statuses = [(s, order_status_label(s)) for s in COMMENT_STATUSES]
    else:
        statuses = [(order["status"], order_status_label(order["status"]))]
    docs = order_documents(conn, order)
    return render(request, "order_view.html", dict(
        title=f"#{order['increment_id']}", order=order, items=items, history=history, statuses=statuses, tab=tab,
        tabs=ORDER_TABS, docs=docs, carriers=CARRIER_TITLES,
        can_cancel=order["status"] in CANCELABLE, can_hold=order["status"] in HOLDABLE,
        can_unhold=order["status"] == "holded"))


def _status_change(action: str, ok: str) -> Any:
    def endpoint(request: Request, form: dict[str, str]) -> Response:
        conn = db(request)
        order = _order(request)
        if order is None:
            return not_found(request, "order")
        url = f"/admin/sales/order/view/order_id/{order['id']}/"
        allowed = {"cancel": CANCELABLE, "hold": HOLDABLE, "unhold": ("holded",)}[action]
        if order["status"] not in allowed:
            return redirect(request, url, {"cancel": "You have not canceled the item.",
                                           "hold": "You have not put the order on hold.",
                                           "unhold": "The order was not on hold."}[action], "error")
        _set_status(conn, request, order["id"], _after(conn, order["id"], action))
        return redirect(request, url, ok)

    endpoint.__name__ = f"order_{action}"
    return form_view(endpoint)


order_cancel = _status_change("cancel", "You canceled the order.")
order_hold = _status_change("hold", "You put the order on hold.")
order_unhold = _status_change("unhold", "You released the order from holding status.")


@form_view
def order_comment(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    order = _order(request)
    if order is None:
        return not_found(request, "order")
    url = f"/admin/sales/order/view/order_id/{order['id']}/"
    comment = (form.get("history[comment]") or "").strip()
    status = form.get("history[status]") or order["status"]
    allowed = COMMENT_STATUSES if order["status"] in OPEN_STATUSES else (order["status"],)
    if status not in allowed:
        return redirect(request, url, f"The order status \u201c{order_status_label(status)}\u201d can't be set "
                                      f"on this order.", "error")
    if not comment and status == order["status"]:
        return redirect(request, url, "Please enter a comment.", "error")
    conn.execute("UPDATE orders SET status = ? WHERE id = ?", (status, order["id"]))
    conn.execute(
        "INSERT INTO order_status_history (order_id, status, comment, is_customer_notified, is_visible_on_front,"
        " author, created_at) VALUES (?,?,?,?,?,?,?)",
        (order["id"], status, comment[:5000], int(bool(form.get("history[is_customer_notified]"))),
         int(bool(form.get("history[is_visible_on_front]"))), current_admin(request)["username"], now()))
    return redirect(request, url, "You added a comment to the order.")
