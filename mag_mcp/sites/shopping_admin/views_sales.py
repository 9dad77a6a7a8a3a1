"""Dashboard and Sales: the orders grid, an order's page, cancel, comments history."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from . import grid as g
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

LIVE = "o.status != 'canceled'"  # orders that count as sales (Magento leaves canceled orders out)
OPEN_STATUSES = ("pending", "processing", "holded")
CANCELABLE = ("pending", "processing")
COMMENT_STATUSES = ("pending", "processing", "holded", "complete")


# --- dashboard ----------------------------------------------------------------------------------


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
    if tab not in ("bestsellers", "new_customers", "customers"):
        tab = "bestsellers"
    bestsellers = conn.execute(
        f"SELECT oi.product_id, oi.name, p.price, SUM(oi.qty) AS qty FROM order_items oi"
        f" JOIN orders o ON o.id = oi.order_id LEFT JOIN products p ON p.id = oi.product_id WHERE {LIVE}"
        f" GROUP BY oi.product_id ORDER BY qty DESC, oi.name LIMIT 5").fetchall()
    customers_sql = (
        f"SELECT c.id, c.firstname, c.lastname, c.created_at, COUNT(o.id) AS orders,"
        f" COALESCE(SUM(o.grand_total), 0) AS total, COALESCE(AVG(o.grand_total), 0) AS average"
        f" FROM customers c LEFT JOIN orders o ON o.customer_id = c.id AND {LIVE} GROUP BY c.id")
    new_customers = conn.execute(customers_sql + " ORDER BY c.created_at DESC, c.id DESC LIMIT 5").fetchall()
    top_customers = conn.execute(customers_sql + " ORDER BY total DESC, c.id LIMIT 5").fetchall()
    avg = totals["sales"] / totals["n"] if totals["n"] else 0
    return render(request, "dashboard.html", dict(
        title="Dashboard", totals=totals, average=avg, last_orders=last_orders, tab=tab, bestsellers=bestsellers,
        new_customers=new_customers, top_customers=top_customers))


# --- orders grid ----------------------------------------------------------------------------------

BILL_TO = "(o.shipping_firstname || ' ' || o.shipping_lastname)"
ORDERS_GRID = g.Grid(
    columns=[
        g.Column("increment_id", "ID", "o.id"),
        g.Column("created_at", "Purchase Date", "o.created_at"),
        g.Column("billing_name", "Bill-to Name", BILL_TO),
        g.Column("shipping_name", "Ship-to Name", BILL_TO),
        g.Column("customer_email", "Customer Email", "c.email"),
        g.Column("grand_total", "Grand Total", "o.grand_total", num=True),
        g.Column("status", "Status", "o.status"),
        g.Column("action", "Action"),
    ],
    filters=[
        g.Filter("created_at", "Purchase Date", "date", "o.created_at"),
        g.Filter("grand_total", "Grand Total", "range", "o.grand_total"),
        g.Filter("increment_id", "ID", "text", "o.increment_id"),
        g.Filter("billing_name", "Bill-to Name", "text", BILL_TO),
        g.Filter("customer_email", "Customer Email", "text", "c.email"),
        g.Filter("status", "Status", "select", "o.status", tuple(ORDER_STATUSES)),
    ],
    search=["o.increment_id", "o.shipping_firstname", "o.shipping_lastname", "c.email", "c.firstname",
            "c.lastname"],
    default_sort="created_at", default_dir="desc", tiebreak="o.id DESC")


@require_admin
def orders(request: Request) -> Response:
    grid = g.run_grid(request, db(request), ORDERS_GRID, "o.*, c.email AS customer_email",
                      "FROM orders o JOIN customers c ON c.id = o.customer_id WHERE 1")
    return render(request, "orders.html", dict(title="Orders", g=grid))


# --- one order ----------------------------------------------------------------------------------------


def _order(request: Request):
    return db(request).execute(
        "SELECT o.*, c.firstname AS c_firstname, c.lastname AS c_lastname, c.email AS c_email FROM orders o"
        " JOIN customers c ON c.id = o.customer_id WHERE o.id = ?", (request.path_params["order_id"],)).fetchone()


@require_admin
def order_view(request: Request) -> Response:
    conn = db(request)
    order = _order(request)
    if order is None:
        return not_found(request, "order")
    items = conn.execute(
        "SELECT oi.*, p.slug FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id"
        " WHERE oi.order_id = ? ORDER BY oi.id", (order["id"],)).fetchall()
    history = conn.execute("SELECT * FROM order_status_history WHERE order_id = ? ORDER BY created_at DESC, id DESC",
                           (order["id"],)).fetchall()
    if order["status"] in OPEN_STATUSES:
        statuses = [(s, order_status_label(s)) for s in COMMENT_STATUSES]
    else:
        statuses = [(order["status"], order_status_label(order["status"]))]
    return render(request, "order_view.html", dict(
        title=f"#{order['increment_id']}", order=order, items=items, history=history, statuses=statuses,
        can_cancel=order["status"] in CANCELABLE))


@form_view
def order_cancel(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    order = _order(request)
    if order is None:
        return not_found(request, "order")
    url = f"/admin/sales/order/view/order_id/{order['id']}/"
    if order["status"] not in CANCELABLE:
        return redirect(request, url, "You have not canceled the item.", "error")
    conn.execute("UPDATE orders SET status = 'canceled' WHERE id = ?", (order["id"],))
    conn.execute("INSERT INTO order_status_history (order_id, status, comment, is_customer_notified, author,"
                 " created_at) VALUES (?, 'canceled', '', 0, ?, ?)",
                 (order["id"], current_admin(request)["username"], now()))
    return redirect(request, url, "You canceled the order.")


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
