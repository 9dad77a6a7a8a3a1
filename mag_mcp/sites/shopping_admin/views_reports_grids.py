"""The grid reports: Marketing (products in cart, search terms, abandoned carts, newsletter
problems), Reviews by customers, Products > Low Stock, and Statistics (refresh)."""

from __future__ import annotations

import sqlite3

from starlette.requests import Request

from . import grid as g
from .common import now
from .grid_pages import GridPage

LOW_STOCK_BELOW = 10  # Stores > Configuration > Catalog > Inventory: Notify for Quantity Below

IN_CART_GRID = g.Grid(
    key="report_products_in_cart",
    columns=[g.Column("id", "ID", "t.id", kind="num"), g.Column("name", "Product", "t.name COLLATE NOCASE"),
             g.Column("price", "Price", "t.price", kind="money"), g.Column("carts", "Carts", "t.carts", kind="num"),
             g.Column("orders", "Orders", "t.orders", kind="num"),
             g.Column("action", "Action", kind="action", href="/admin/catalog/product/edit/id/{id}/", text="Edit",
                      aria="Edit {name}")],
    filters=[g.Filter("name", "Product", "text", "t.name"), g.Filter("carts", "Carts", "range", "t.carts")],
    search=["t.name"], default_sort="carts", tiebreak="t.id")
SEARCH_REPORT_GRID = g.Grid(
    key="report_search_queries",
    columns=[g.Column("query_text", "Search Query", "t.query_text"), g.Column("num_results", "Results", "t.num_results",
                                                                               kind="num"),
             g.Column("popularity", "Uses", "t.popularity", kind="num")],
    filters=[g.Filter("query_text", "Search Query", "text", "t.query_text"),
             g.Filter("num_results", "Results", "range", "t.num_results"), g.Filter("popularity", "Uses", "range",
                                                                                     "t.popularity")],
    search=["t.query_text"], default_sort="popularity", tiebreak="t.id")
ABANDONED_GRID = g.Grid(
    key="report_abandoned_carts",
    columns=[g.Column("customer", "Customer", "t.lastname", kind="link", href="/admin/customer/index/edit/id/{id}/?tab=cart",
                      aria="Cart of {customer}"),
             g.Column("email", "Email", "t.email"), g.Column("products", "Products", "t.products", kind="num"),
             g.Column("qty", "Quantity", "t.qty", kind="num"),
             g.Column("subtotal", "Subtotal", "t.subtotal", kind="money"),
             g.Column("coupon", "Applied Coupon"), g.Column("created_at", "Created", "t.created_at", kind="datetime"),
             g.Column("updated_at", "Updated", "t.updated_at", kind="datetime")],
    filters=[g.Filter("email", "Email", "text", "t.email"), g.Filter("subtotal", "Subtotal", "range", "t.subtotal"),
             g.Filter("updated_at", "Updated", "date", "t.updated_at")],
    search=["t.firstname", "t.lastname", "t.email"], default_sort="updated_at", tiebreak="t.id")
PROBLEMS_GRID = g.Grid(
    key="newsletter_problem_grid",
    columns=[g.Column("id", "ID", "pr.id", kind="num"), g.Column("firstname", "Customer First Name", "c.firstname"),
             g.Column("lastname", "Customer Last Name", "c.lastname"),
             g.Column("email", "Email", "c.email", visible=False),
             g.Column("start_at", "Queue Date Start", "q.start_at", kind="datetime"),
             g.Column("subject", "Queue Subject", "q.subject"),
             g.Column("error_code", "Error Code", "pr.error_code", kind="num"),
             g.Column("error_text", "Error Text", "pr.error_text")],
    filters=[g.Filter("subject", "Queue Subject", "text", "q.subject"), g.Filter("error_code", "Error Code", "range",
                                                                                  "pr.error_code")],
    search=["c.firstname", "c.lastname", "c.email", "q.subject", "pr.error_text"], default_sort="id", default_dir="asc",
    mass_actions=(g.MassAction("unsubscribe", "Unsubscribe Selected"),
                  g.MassAction("delete", "Delete Selected Problems", "Are you sure you want to delete {n} problem(s)?")),
    select_aria="Select problem {id}")
BY_CUSTOMER_GRID = g.Grid(
    key="report_review_customer",
    columns=[g.Column("id", "ID", "t.id", kind="num"), g.Column("customer", "Customer", "t.lastname"),
             g.Column("reviews", "Reviews", "t.reviews", kind="num"),
             g.Column("last_review", "Last Review", "t.last_review", kind="datetime"),
             g.Column("action", "Action", kind="action", href="/admin/customer/index/edit/id/{id}/?tab=reviews",
                      text="Show Reviews", aria="Show reviews by {customer}")],
    filters=[g.Filter("customer", "Customer", "text", "t.firstname || ' ' || t.lastname"),
             g.Filter("reviews", "Reviews", "range", "t.reviews")],
    search=["t.firstname", "t.lastname"], default_sort="reviews", tiebreak="t.id")
LOW_STOCK_GRID = g.Grid(
    key="report_low_stock",
    columns=[g.Column("name", "Product", "p.name COLLATE NOCASE"), g.Column("sku", "SKU", "p.sku"),
             g.Column("qty", "Quantity", "p.qty", kind="num"),
             g.Column("brand", "Manufacturer", "p.brand", visible=False),
             g.Column("status", "Status", "p.status", kind="enabled", visible=False),
             g.Column("action", "Action", kind="action", href="/admin/catalog/product/edit/id/{id}/", text="Edit",
                      aria="Edit {name}")],
    filters=[g.Filter("name", "Product", "text", "p.name"), g.Filter("sku", "SKU", "text", "p.sku"),
             g.Filter("qty", "Quantity", "range", "p.qty")],
    search=["p.name", "p.sku", "p.brand"], default_sort="qty", default_dir="asc", tiebreak="p.id")
STATISTICS_GRID = g.Grid(
    key="report_statistics",
    columns=[g.Column("report", "Report", "s.report"),
             g.Column("updated_at", "Updated", "s.updated_at", kind="datetime")],
    filters=[], search=["s.report"], default_sort="report", default_dir="asc",
    mass_actions=(g.MassAction("lifetime", "Refresh Lifetime Statistics",
                               "Are you sure you want to refresh lifetime statistics? This can take a while."),
                  g.MassAction("recent", "Refresh Statistics for the Last Day")),
    select_aria="Select report {report}")


def apply_problem_action(conn: sqlite3.Connection, request: Request, action: str, ids: list[int]) -> str:
    marks = ",".join("?" * len(ids))
    if action == "unsubscribe":
        n = conn.execute(f"UPDATE customers SET newsletter_subscribed = 0 WHERE id IN (SELECT customer_id FROM"
                         f" newsletter_problems WHERE id IN ({marks}))", ids).rowcount
        return f"{n} subscriber(s) were unsubscribed."
    n = conn.execute(f"DELETE FROM newsletter_problems WHERE id IN ({marks})", ids).rowcount
    return f"{n} problem(s) were deleted."


def apply_statistics_action(conn: sqlite3.Connection, request: Request, action: str, ids: list[int]) -> str:
    marks = ",".join("?" * len(ids))
    n = conn.execute(f"UPDATE report_statistics SET updated_at = ? WHERE id IN ({marks})", [now(), *ids]).rowcount
    return f"{n} report(s) have been refreshed" + (" for all time." if action == "lifetime" else " for the last day.")


PAGES = [
    GridPage("/admin/reports/report_shopcart/product/", "Products in Carts", IN_CART_GRID, "t.*",
             "FROM (SELECT p.id, p.name, p.price, COUNT(DISTINCT ci.customer_id) AS carts, (SELECT COUNT(DISTINCT"
             " order_id) FROM order_items WHERE product_id = p.id) AS orders FROM cart_items ci JOIN products p"
             " ON p.id = ci.product_id GROUP BY p.id) t WHERE 1", id_sql="t.id"),
    GridPage("/admin/reports/index/search/", "Search Terms Report", SEARCH_REPORT_GRID, "t.*", "FROM search_queries t WHERE 1",
             id_sql="t.id"),
    GridPage("/admin/reports/report_shopcart/abandoned/", "Abandoned Carts", ABANDONED_GRID, "t.*, '' AS coupon",
             "FROM (SELECT c.id, c.firstname, c.lastname, c.firstname || ' ' || c.lastname AS customer, c.email,"
             " COUNT(*) AS products, SUM(ci.qty) AS qty, ROUND(SUM(ci.qty * p.price), 2) AS subtotal,"
             " MIN(ci.added_at) AS created_at, MAX(ci.added_at) AS updated_at FROM cart_items ci"
             " JOIN customers c ON c.id = ci.customer_id JOIN products p ON p.id = ci.product_id GROUP BY c.id) t WHERE 1",
             id_sql="t.id"),
    GridPage("/admin/newsletter/problem/", "Newsletter Problems Report", PROBLEMS_GRID,
             "pr.*, c.firstname, c.lastname, c.email, q.start_at, q.subject",
             "FROM newsletter_problems pr JOIN newsletter_queue q ON q.id = pr.queue_id LEFT JOIN customers c"
             " ON c.id = pr.customer_id WHERE 1", id_sql="pr.id", apply=apply_problem_action),
    GridPage("/admin/reports/report_review/customer/", "Customer Reviews Report", BY_CUSTOMER_GRID, "t.*",
             "FROM (SELECT c.id, c.firstname, c.lastname, c.firstname || ' ' || c.lastname AS customer, COUNT(r.id)"
             " AS reviews, MAX(r.created_at) AS last_review FROM reviews r JOIN customers c ON c.id = r.customer_id"
             " GROUP BY c.id) t WHERE 1", id_sql="t.id"),
    GridPage("/admin/reports/report_product/lowstock/", "Low Stock Report", LOW_STOCK_GRID, "p.*",
             f"FROM products p WHERE p.qty < {LOW_STOCK_BELOW}", id_sql="p.id",
             intro=f"Products with fewer than {LOW_STOCK_BELOW} units in stock."),
    GridPage("/admin/reports/report_statistics/", "Refresh Statistics", STATISTICS_GRID, "s.*",
             "FROM report_statistics s WHERE 1", id_sql="s.id", apply=apply_statistics_action,
             intro="Statistics are refreshed overnight; refresh a report here to include today's orders."),
]
