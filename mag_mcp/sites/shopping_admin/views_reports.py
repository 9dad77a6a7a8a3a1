"""Reports: orders (sales) by period, bestsellers by period, customers by order total / count,
reviews by product.

Period reports take ``from`` and ``to`` (dates as typed: MM/DD/YYYY, M/D/YY or YYYY-MM-DD, both
inclusive, compared with the order's created_at date) and ``period`` (day | month | year). Canceled
orders never count as sales; the orders report shows their amounts in its Canceled column.
"""

from __future__ import annotations

import sqlite3
from datetime import date, timedelta
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from . import grid as g
from .common import ORDER_STATUSES, fmt_date_input, parse_date, render, require_admin
from .grid_pages import GridPage
from .menu import menu_urls
from .report_export import EXPORT_FORMATS, export_report

PERIODS = (("day", "Day"), ("month", "Month"), ("year", "Year"))
_PERIOD_LEN = {"day": 10, "month": 7, "year": 4}
BESTSELLERS_PER_PERIOD = 5  # Magento's bestsellers report shows the top five of each period
CUSTOMERS_PER_PERIOD = 5


def interval_label(key: str, period: str) -> str:
    if period == "year":
        return key
    if period == "month":
        return f"{int(key[5:7])}/{key[:4]}"
    d = date.fromisoformat(key)
    return f"{d.strftime('%b')} {d.day}, {d.year}"


def report_filter(request: Request, with_status: bool = False, periods: tuple[tuple[str, str], ...] = PERIODS
                  ) -> dict[str, Any]:
    """The report form's values, and the date range if the form asks for a report."""
    qp = request.query_params
    period = qp.get("period", periods[0][0])
    if period not in dict(periods):
        period = periods[0][0]
    start, end = parse_date(qp.get("from")), parse_date(qp.get("to"))
    asked = any(qp.get(k) for k in ("from", "to", "period", "order_status"))
    status = qp.get("order_status", "")
    if status not in dict(ORDER_STATUSES):
        status = ""
    out: dict[str, Any] = dict(period=period, periods=periods, asked=asked, start=start, end=end,
                               from_value=fmt_date_input(start) if start else qp.get("from", ""),
                               to_value=fmt_date_input(end) if end else qp.get("to", ""),
                               order_status=status, with_status=with_status, error="", ready=False,
                               empty_rows=qp.get("show_empty_rows") == "1")
    if asked:
        if start is None or end is None:
            out["error"] = "Please enter both the From and To dates (for example 01/31/2023)."
        elif start > end:
            out["error"] = "The From date must be on or before the To date."
        else:
            out["ready"] = True
    return out


def interval_keys(f: dict[str, Any]) -> list[str]:
    """Every interval key (YYYY-MM-DD, YYYY-MM or YYYY) of the report's range, in order."""
    keys: list[str] = []
    day, end, size = f["start"], f["end"], _PERIOD_LEN[f["period"]]
    while day <= end:
        key = day.isoformat()[:size]
        if not keys or keys[-1] != key:
            keys.append(key)
        day += timedelta(days=1)
    return keys


def period_key(period: str, col: str = "o.created_at") -> str:
    return f"substr({col}, 1, {_PERIOD_LEN[period]})"


def range_args(f: dict[str, Any]) -> tuple[str, str]:
    return f["start"].isoformat(), f["end"].isoformat()


RANGE = "substr(o.created_at, 1, 10) BETWEEN ? AND ?"


def interval_links(key: str, f: dict[str, Any], **extra: tuple[str, str]) -> dict[str, str]:
    """Grid URLs listing the records behind a report row: the interval `key` (YYYY, YYYY-MM or
    YYYY-MM-DD) within the report's range, as (grid path, date filter) pairs by name (plus
    `extra` query values after a "|" in the filter, e.g. "created_at|status=canceled")."""
    y = int(key[:4])
    if len(key) == 4:
        first, last = date(y, 1, 1), date(y, 12, 31)
    elif len(key) == 7:
        m = int(key[5:7])
        first, last = date(y, m, 1), date(y + m // 12, m % 12 + 1, 1) - timedelta(days=1)
    else:
        first = last = date.fromisoformat(key)
    first, last = max(first, f["start"]), min(last, f["end"])
    out = {}
    for name, (path, spec) in extra.items():
        flt, _, more = spec.partition("|")
        params = {f"{flt}_from": first.strftime("%m/%d/%Y"), f"{flt}_to": last.strftime("%m/%d/%Y")}
        params.update(dict(kv.split("=", 1) for kv in more.split("&") if kv))
        out[name] = path + "?" + urlencode(params)
    return out


def bestsellers_rows(conn: sqlite3.Connection, start: str, end: str, period: str) -> list[dict[str, Any]]:
    """Top products by ordered quantity in each period (canceled orders left out)."""
    rows = conn.execute(
        f"SELECT k, pid, name, price, qty, rank FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY qty DESC, name)"
        f" AS rank FROM (SELECT {period_key(period)} AS k, COALESCE(oi.product_id, -oi.id) AS pid, MAX(oi.name) AS name,"
        f" MAX(oi.price) AS price, SUM(oi.qty) AS qty FROM order_items oi JOIN orders o ON o.id = oi.order_id"
        f" WHERE o.status != 'canceled' AND {RANGE} GROUP BY k, pid)) WHERE rank <= ? ORDER BY k, rank",
        (start, end, BESTSELLERS_PER_PERIOD)).fetchall()
    return [dict(interval=interval_label(r["k"], period), product_id=r["pid"] if r["pid"] > 0 else None, name=r["name"],
                 price=r["price"], qty=r["qty"], rank=r["rank"]) for r in rows]


@require_admin
def bestsellers(request: Request) -> Response:
    f = report_filter(request)
    rows = bestsellers_rows(db(request), *range_args(f), f["period"]) if f["ready"] else []
    return render(request, "report_bestsellers.html", dict(title="Bestsellers Report", f=f, rows=rows,
                                                           action=request.url.path))


SALES_EXPORT = (("interval", "Interval"), ("orders", "Orders"), ("items", "Sales Items"), ("total", "Sales Total"),
                ("invoiced", "Invoiced"), ("refunded", "Refunded"), ("shipping", "Sales Shipping"), ("canceled", "Canceled"))
SALES_COLUMNS = ("orders", "items", "total", "invoiced", "refunded", "shipping", "subtotal", "canceled")


@require_admin
def sales(request: Request) -> Response:
    """Orders by period: with Order Status "Any", canceled orders count only in the Canceled column;
    with a status, only that status's orders (Canceled then shows their amounts too)."""
    f = report_filter(request, with_status=True)
    rows: list[dict[str, Any]] = []
    totals: dict[str, float] = {}
    if f["ready"]:
        conn = db(request)
        status = f["order_status"]
        counted = "o.status = ?" if status else "o.status != 'canceled'"
        canceled = "o.status = 'canceled'" + (" AND o.status = ?" if status else "")
        args: list[Any] = [*([status] * 7 if status else []), *range_args(f)]  # 6 x counted, 1 x canceled
        found = conn.execute(
            f"SELECT {period_key(f['period'])} AS k,"
            f" SUM(CASE WHEN {counted} THEN 1 ELSE 0 END) AS orders,"
            f" SUM(CASE WHEN {counted} THEN o.total_qty ELSE 0 END) AS items,"
            f" SUM(CASE WHEN {counted} THEN o.grand_total ELSE 0 END) AS total,"
            f" SUM(CASE WHEN {counted} AND o.status IN ('processing', 'complete') THEN o.grand_total ELSE 0 END) AS invoiced,"
            f" SUM(CASE WHEN {counted} THEN o.shipping_amount ELSE 0 END) AS shipping,"
            f" SUM(CASE WHEN {counted} THEN o.subtotal ELSE 0 END) AS subtotal,"
            f" SUM(CASE WHEN {canceled} THEN o.grand_total ELSE 0 END) AS canceled"
            f" FROM orders o WHERE {RANGE} GROUP BY k ORDER BY k", args).fetchall()
        refunds = dict(conn.execute(
            f"SELECT {period_key(f['period'], 'm.created_at')} AS k, SUM(m.grand_total) FROM creditmemos m"
            f" WHERE substr(m.created_at, 1, 10) BETWEEN ? AND ? GROUP BY k", range_args(f)).fetchall())
        by_key = {r["k"]: r for r in found}
        # "Empty Rows: Yes" lists every interval of the range, those without orders as zeros (as Magento)
        for k in interval_keys(f) if f["empty_rows"] else [r["k"] for r in found]:
            r = by_key.get(k)
            if (r is None or (not r["orders"] and not r["canceled"])) and not f["empty_rows"]:
                continue
            row = {key: (round(r[key] or 0, 2) if key not in ("orders", "items") else (r[key] or 0)) if r else 0
                   for key in SALES_COLUMNS if key != "refunded"}
            row.update(k=k, refunded=round(refunds.get(k, 0.0), 2), interval=interval_label(k, f["period"]))
            row["links"] = interval_links(
                k, f, orders=("/admin/sales/order/", "created_at" + (f"|status={status}" if status else "")),
                invoiced=("/admin/sales/invoice/", "order_date"), refunded=("/admin/sales/creditmemo/", "created_at"),
                canceled=("/admin/sales/order/", "created_at|status=canceled"))
            rows.append(row)
        for key in SALES_COLUMNS:
            totals[key] = round(sum(r[key] for r in rows), 2)
    if f["ready"] and request.query_params.get("export") in dict(EXPORT_FORMATS):
        return export_report(request.query_params["export"], "orders_report", SALES_EXPORT, rows, totals)
    updated = db(request).execute("SELECT updated_at FROM report_statistics WHERE code = 'report_order'").fetchone()
    return render(request, "report_sales.html", dict(title="Orders Report", f=f, rows=rows, totals=totals,
                                                     action=request.url.path, updated_at=updated[0] if updated else None,
                                                     export_formats=EXPORT_FORMATS))


def _customers_report(request: Request, by: str) -> Response:
    f = report_filter(request)
    rows: list[dict[str, Any]] = []
    if f["ready"]:
        order = "total DESC, orders DESC" if by == "total" else "orders DESC, total DESC"
        found = db(request).execute(
            f"SELECT t.*, c.firstname, c.lastname FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY {order}, id)"
            f" AS rank FROM (SELECT {period_key(f['period'])} AS k, o.customer_id AS id, COUNT(*) AS orders,"
            f" SUM(o.grand_total) AS total, AVG(o.grand_total) AS average FROM orders o"
            f" WHERE o.status != 'canceled' AND {RANGE} GROUP BY k, o.customer_id)) t"
            f" JOIN customers c ON c.id = t.id WHERE t.rank <= ? ORDER BY t.k, t.rank",
            (*range_args(f), CUSTOMERS_PER_PERIOD)).fetchall()
        rows = [dict(r, interval=interval_label(r["k"], f["period"])) for r in found]
    title = "Order Total Report" if by == "total" else "Order Count Report"
    return render(request, "report_customers.html", dict(title=title, f=f, rows=rows, action=request.url.path))


@require_admin
def customers_totals(request: Request) -> Response:
    return _customers_report(request, "total")


@require_admin
def customers_orders(request: Request) -> Response:
    return _customers_report(request, "count")


REVIEWS_BY_PRODUCT = g.Grid(
    key="report_review_product",
    columns=[g.Column("id", "ID", "t.id", kind="num"), g.Column("name", "Product", "t.name COLLATE NOCASE"),
             g.Column("reviews", "Reviews", "t.reviews", kind="num"),
             g.Column("avg_rating", "Average", "t.avg_rating", kind="num", field="avg_rating_text"),
             g.Column("avg_approved", "Average (Approved)", "t.avg_approved", kind="num", field="avg_approved_text"),
             g.Column("last_review", "Last Review", "t.last_review", kind="datetime"),
             g.Column("action", "Action", kind="action", href="/admin/review/product/?product={name_query}",
                      text="Show Reviews", aria="Show reviews of {name}")],
    filters=[g.Filter("name", "Product", "text", "t.name"), g.Filter("reviews", "Reviews", "range", "t.reviews")],
    search=["t.name"], default_sort="reviews", default_dir="desc", tiebreak="t.id")
REVIEWS_BY_PRODUCT_PAGE = GridPage(
    "/admin/reports/report_review/product/", "Product Reviews Report", REVIEWS_BY_PRODUCT,
    "t.*, printf('%.1f', t.avg_rating) AS avg_rating_text, printf('%.1f', COALESCE(t.avg_approved, 0))"
    " AS avg_approved_text, replace(replace(t.name, '&', '%26'), ' ', '+') AS name_query",
    "FROM (SELECT r.product_id AS id, p.name, r.reviews, r.avg_rating, r.avg_approved, r.last_review FROM"
    " (SELECT product_id, COUNT(*) AS reviews, AVG(rating) AS avg_rating,"
    " AVG(CASE WHEN status = 'approved' THEN rating END) AS avg_approved, MAX(created_at) AS last_review"
    " FROM reviews GROUP BY product_id) r JOIN products p ON p.id = r.product_id) t WHERE 1", id_sql="t.id",
    count_from="FROM (SELECT DISTINCT product_id FROM reviews) t WHERE 1")


@require_admin
def reports_index(request: Request) -> Response:
    groups: dict[str, list[tuple[str, str]]] = {}
    for section, group, label, url in menu_urls():
        if section == "Reports":
            groups.setdefault(group, []).append((label, url))
    return render(request, "reports.html", dict(title="Reports", groups=groups))
