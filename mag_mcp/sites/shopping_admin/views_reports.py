"""Reports: orders (sales) by period, bestsellers by period, customers by order total / count,
reviews by product.

Period reports take ``from`` and ``to`` (dates as typed: MM/DD/YYYY, M/D/YY or YYYY-MM-DD, both
inclusive, compared with the order's created_at date) and ``period`` (day | month | year). Canceled
orders never count as sales; the orders report shows their amounts in its Canceled column.
"""

from __future__ import annotations

import sqlite3
from datetime import date
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from . import grid as g
from .common import ORDER_STATUSES, fmt_date_input, parse_date, render, require_admin

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


def _filter(request: Request, with_status: bool = False) -> dict[str, Any]:
    """The report form's values, and the date range if the form asks for a report."""
    qp = request.query_params
    period = qp.get("period", "day")
    if period not in _PERIOD_LEN:
        period = "day"
    start, end = parse_date(qp.get("from")), parse_date(qp.get("to"))
    asked = any(qp.get(k) for k in ("from", "to", "period", "order_status"))
    status = qp.get("order_status", "")
    if status not in dict(ORDER_STATUSES):
        status = ""
    out: dict[str, Any] = dict(period=period, periods=PERIODS, asked=asked, start=start, end=end,
                               from_value=fmt_date_input(start) if start else qp.get("from", ""),
                               to_value=fmt_date_input(end) if end else qp.get("to", ""),
                               order_status=status, with_status=with_status, error="", ready=False)
    if asked:
        if start is None or end is None:
            out["error"] = "Please enter both the From and To dates (for example 01/31/2023)."
        elif start > end:
            out["error"] = "The From date must be on or before the To date."
        else:
            out["ready"] = True
    return out


def _key(period: str, col: str = "o.created_at") -> str:
    return f"substr({col}, 1, {_PERIOD_LEN[period]})"


def _range_args(f: dict[str, Any]) -> tuple[str, str]:
    return f["start"].isoformat(), f["end"].isoformat()


RANGE = "substr(o.created_at, 1, 10) BETWEEN ? AND ?"


def bestsellers_rows(conn: sqlite3.Connection, start: str, end: str, period: str) -> list[dict[str, Any]]:
    """Top products by ordered quantity in each period (canceled orders left out)."""
    rows = conn.execute(
        f"SELECT {_key(period)} AS k, COALESCE(oi.product_id, -oi.id) AS pid, MAX(oi.name) AS name,"
        f" MAX(oi.price) AS price, SUM(oi.qty) AS qty FROM order_items oi JOIN orders o ON o.id = oi.order_id"
        f" WHERE o.status != 'canceled' AND {RANGE} GROUP BY k, pid ORDER BY k, qty DESC, name",
        (start, end)).fetchall()
    out, seen = [], {}
    for r in rows:
        n = seen.get(r["k"], 0)
        if n < BESTSELLERS_PER_PERIOD:
            seen[r["k"]] = n + 1
            out.append(dict(interval=interval_label(r["k"], period), product_id=r["pid"] if r["pid"] > 0 else None,
                            name=r["name"], price=r["price"], qty=r["qty"], rank=n + 1))
    return out


@require_admin
def bestsellers(request: Request) -> Response:
    f = _filter(request)
    rows = bestsellers_rows(db(request), *_range_args(f), f["period"]) if f["ready"] else []
    return render(request, "report_bestsellers.html", dict(title="Bestsellers Report", f=f, rows=rows,
                                                           action=request.url.path))


@require_admin
def sales(request: Request) -> Response:
    f = _filter(request, with_status=True)
    rows: list[dict[str, Any]] = []
    totals: dict[str, float] = {}
    if f["ready"]:
        status = f["order_status"]
        by_key: dict[str, dict[str, Any]] = {}
        for o in db(request).execute(
                f"SELECT {_key(f['period'])} AS k, o.* FROM orders o WHERE {RANGE} ORDER BY k", _range_args(f)):
            if status and o["status"] != status:
                continue
            r = by_key.setdefault(o["k"], dict(k=o["k"], orders=0, items=0, total=0.0, invoiced=0.0, shipping=0.0,
                                               subtotal=0.0, canceled=0.0))
            if o["status"] == "canceled":
                r["canceled"] += o["grand_total"]
                if status != "canceled":
                    continue
            r["orders"] += 1
            r["items"] += o["total_qty"]
            r["total"] += o["grand_total"]
            r["subtotal"] += o["subtotal"]
            r["shipping"] += o["shipping_amount"]
            if o["status"] in ("processing", "complete"):
                r["invoiced"] += o["grand_total"]
        for r in by_key.values():
            rows.append(dict({k: round(v, 2) if isinstance(v, float) else v for k, v in r.items()},
                             interval=interval_label(r["k"], f["period"])))
        for key in ("orders", "items", "total", "invoiced", "shipping", "subtotal", "canceled"):
            totals[key] = round(sum(r[key] for r in rows), 2)
    return render(request, "report_sales.html", dict(title="Orders Report", f=f, rows=rows, totals=totals,
                                                     action=request.url.path))


def _customers_report(request: Request, by: str) -> Response:
    f = _filter(request)
    rows: list[dict[str, Any]] = []
    if f["ready"]:
        order = "total DESC, orders DESC" if by == "total" else "orders DESC, total DESC"
        found = db(request).execute(
            f"SELECT {_key(f['period'])} AS k, c.id, c.firstname, c.lastname, COUNT(*) AS orders,"
            f" SUM(o.grand_total) AS total, AVG(o.grand_total) AS average FROM orders o"
            f" JOIN customers c ON c.id = o.customer_id WHERE o.status != 'canceled' AND {RANGE}"
            f" GROUP BY k, c.id ORDER BY k, {order}, c.id", _range_args(f)).fetchall()
        seen: dict[str, int] = {}
        for r in found:
            n = seen.get(r["k"], 0)
            if n < CUSTOMERS_PER_PERIOD:
                seen[r["k"]] = n + 1
                rows.append(dict(r, interval=interval_label(r["k"], f["period"])))
    title = "Order Total Report" if by == "total" else "Order Count Report"
    return render(request, "report_customers.html", dict(title=title, f=f, rows=rows, action=request.url.path))


@require_admin
def customers_totals(request: Request) -> Response:
    return _customers_report(request, "total")


@require_admin
def customers_orders(request: Request) -> Response:
    return _customers_report(request, "count")


REVIEWS_BY_PRODUCT = g.Grid(
    columns=[g.Column("id", "ID", "t.id", num=True), g.Column("name", "Product", "t.name COLLATE NOCASE"),
             g.Column("reviews", "Reviews", "t.reviews", num=True),
             g.Column("avg_rating", "Average", "t.avg_rating", num=True),
             g.Column("avg_approved", "Average (Approved)", "t.avg_approved", num=True),
             g.Column("last_review", "Last Review", "t.last_review"), g.Column("action", "Action")],
    filters=[g.Filter("name", "Product", "text", "t.name"), g.Filter("reviews", "Reviews", "range", "t.reviews")],
    search=["t.name"], default_sort="reviews", default_dir="desc", tiebreak="t.id")


@require_admin
def reviews_by_product(request: Request) -> Response:
    grid = g.run_grid(
        request, db(request), REVIEWS_BY_PRODUCT, "t.*",
        "FROM (SELECT p.id, p.name, COUNT(r.id) AS reviews, AVG(r.rating) AS avg_rating,"
        " AVG(CASE WHEN r.status = 'approved' THEN r.rating END) AS avg_approved, MAX(r.created_at) AS last_review"
        " FROM products p JOIN reviews r ON r.product_id = p.id GROUP BY p.id) t WHERE 1")
    return render(request, "report_reviews.html", dict(title="Product Reviews Report", g=grid))


@require_admin
def reports_index(request: Request) -> Response:
    return render(request, "reports.html", dict(title="Reports"))
