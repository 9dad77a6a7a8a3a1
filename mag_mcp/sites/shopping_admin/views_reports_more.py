"""The period reports beyond orders and bestsellers: Sales > Tax, Invoiced, Shipping, Refunds,
Coupons; Customers > New; Products > Views and Ordered. Each takes the report form's From, To
and Period (dates compared with the document's own date) and shows one row per interval (and
per rate, carrier, coupon or product where the report has them), with totals."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import render, require_admin
from .views_reports import (
    PERIODS,
    interval_label,
    period_key,
    range_args,
    report_filter,
)

Rows = list[dict[str, Any]]
TOP_PER_PERIOD = 20  # the Ordered report's products per period
TOP_VIEWED = 10  # the Views report's products per period
MONTHS = (("month", "Month"), ("year", "Year"))  # product views are counted per month


@dataclass(frozen=True)
class PeriodReport:
    path: str
    title: str
    columns: tuple[tuple[str, str, str], ...]  # (key, label, kind: text | num | money | link)
    query: Callable[[sqlite3.Connection, str, str, str], Rows]  # (conn, from, to, period) -> rows with "k"
    note: str = ""
    totals: tuple[str, ...] = ()
    periods: tuple[tuple[str, str], ...] = PERIODS


def _rows(conn: sqlite3.Connection, sql: str, args: tuple) -> Rows:
    return [dict(r) for r in conn.execute(sql, args)]


def _tax(conn: sqlite3.Connection, start: str, end: str, period: str) -> Rows:
    """Sales tax included in the prices, by the shipping state's rate (states without a rate: 0%)."""
    return _rows(conn, f"SELECT {period_key(period)} AS k, COALESCE(t.code, 'US-*-*-Rate Zero') AS code,"
                       " COALESCE(t.rate, 0) AS rate, COUNT(*) AS orders,"
                       " ROUND(SUM(o.subtotal - o.subtotal / (1 + COALESCE(t.rate, 0) / 100.0)), 2) AS tax"
                       " FROM orders o LEFT JOIN tax_rates t ON t.region = o.shipping_region AND t.postcode = '*'"
                       " WHERE o.status != 'canceled' AND substr(o.created_at, 1, 10) BETWEEN ? AND ?"
                       " GROUP BY k, code ORDER BY k, code", (start, end))


def _invoiced(conn: sqlite3.Connection, start: str, end: str, period: str) -> Rows:
    """Invoices by their date; a check / money order invoice is paid when it is created."""
    return _rows(conn, f"SELECT {period_key(period, 'i.created_at')} AS k, COUNT(DISTINCT o.id) AS orders,"
                       " COUNT(i.id) AS invoiced_orders, ROUND(SUM(o.grand_total), 2) AS invoiced,"
                       " ROUND(SUM(o.grand_total), 2) AS paid, 0.0 AS unpaid"
                       " FROM invoices i JOIN orders o ON o.id = i.order_id"
                       " WHERE substr(i.created_at, 1, 10) BETWEEN ? AND ? GROUP BY k ORDER BY k", (start, end))


def _shipping(conn: sqlite3.Connection, start: str, end: str, period: str) -> Rows:
    return _rows(conn, f"SELECT {period_key(period)} AS k, o.shipping_method AS method, COUNT(*) AS orders,"
                       " ROUND(SUM(o.shipping_amount), 2) AS sales_shipping, ROUND(SUM(o.shipping_amount), 2) AS shipping"
                       " FROM orders o WHERE o.status != 'canceled' AND substr(o.created_at, 1, 10) BETWEEN ? AND ?"
                       " GROUP BY k, method ORDER BY k, method", (start, end))


def _refunds(conn: sqlite3.Connection, start: str, end: str, period: str) -> Rows:
    return _rows(conn, f"SELECT {period_key(period, 'm.created_at')} AS k, COUNT(DISTINCT m.order_id) AS orders,"
                       " ROUND(SUM(m.grand_total), 2) AS refunded, 0.0 AS online, ROUND(SUM(m.grand_total), 2) AS offline"
                       " FROM creditmemos m WHERE substr(m.created_at, 1, 10) BETWEEN ? AND ? GROUP BY k ORDER BY k",
                 (start, end))


def _coupons(conn: sqlite3.Connection, start: str, end: str, period: str) -> Rows:
    return _rows(conn, f"SELECT {period_key(period)} AS k, c.code, r.name AS rule, COUNT(*) AS uses,"
                       " ROUND(SUM(o.subtotal), 2) AS subtotal, ROUND(SUM(u.discount_amount), 2) AS discount,"
                       " ROUND(SUM(o.grand_total), 2) AS total FROM coupon_uses u JOIN orders o ON o.id = u.order_id"
                       " JOIN salesrule_coupons c ON c.id = u.coupon_id JOIN salesrules r ON r.id = c.rule_id"
                       " WHERE o.status != 'canceled' AND substr(o.created_at, 1, 10) BETWEEN ? AND ?"
                       " GROUP BY k, c.id ORDER BY k, uses DESC, c.code", (start, end))


def _accounts(conn: sqlite3.Connection, start: str, end: str, period: str) -> Rows:
    return _rows(conn, f"SELECT {period_key(period, 'c.created_at')} AS k, COUNT(*) AS accounts FROM customers c"
                       " WHERE substr(c.created_at, 1, 10) BETWEEN ? AND ? GROUP BY k ORDER BY k", (start, end))


def _viewed(conn: sqlite3.Connection, start: str, end: str, period: str) -> Rows:
    key = "v.period" if period == "month" else "substr(v.period, 1, 4)"
    rows = _rows(conn, f"SELECT t.k, p.id AS product_id, p.name, p.price, t.views FROM (SELECT k, product_id, views,"
                       " ROW_NUMBER() OVER (PARTITION BY k ORDER BY views DESC, product_id) AS rank FROM"
                       f" (SELECT {key} AS k, v.product_id, SUM(v.views) AS views FROM product_views v"
                       " WHERE v.period BETWEEN substr(?, 1, 7) AND substr(?, 1, 7) GROUP BY k, v.product_id)) t"
                       " JOIN products p ON p.id = t.product_id WHERE t.rank <= ? ORDER BY t.k, t.rank",
                 (start, end, TOP_VIEWED))
    for r in rows:
        r["name_url"] = f"/admin/catalog/product/edit/id/{r['product_id']}/"
    return rows


def _ordered(conn: sqlite3.Connection, start: str, end: str, period: str) -> Rows:
    return _rows(conn, f"SELECT k, name, sku, qty FROM (SELECT k, name, sku, qty, ROW_NUMBER() OVER (PARTITION BY k"
                       f" ORDER BY qty DESC, name) AS rank FROM (SELECT {period_key(period)} AS k, MAX(oi.name) AS name,"
                       " oi.sku, SUM(oi.qty) AS qty FROM order_items oi JOIN orders o ON o.id = oi.order_id"
                       " WHERE o.status != 'canceled' AND substr(o.created_at, 1, 10) BETWEEN ? AND ?"
                       " GROUP BY k, oi.sku)) WHERE rank <= ? ORDER BY k, rank", (start, end, TOP_PER_PERIOD))


REPORTS = [
    PeriodReport("/admin/reports/report_sales/tax/", "Tax Report",
                 (("code", "Tax", "text"), ("rate", "Rate", "num"), ("orders", "Orders", "num"),
                  ("tax", "Tax Amount", "money")), _tax, "Catalog prices include tax; the tax is the share of the"
                 " subtotal at the shipping state's rate. Canceled orders are left out.", ("orders", "tax")),
    PeriodReport("/admin/reports/report_sales/invoiced/", "Invoice Report",
                 (("orders", "Orders", "num"), ("invoiced_orders", "Invoiced Orders", "num"),
                  ("invoiced", "Total Invoiced", "money"), ("paid", "Paid Invoices", "money"),
                  ("unpaid", "Unpaid Invoices", "money")), _invoiced, "By the invoices' dates.",
                 ("orders", "invoiced_orders", "invoiced", "paid", "unpaid")),
    PeriodReport("/admin/reports/report_sales/shipping/", "Shipping Report",
                 (("method", "Carrier/Method", "text"), ("orders", "Orders", "num"),
                  ("sales_shipping", "Total Sales Shipping", "money"), ("shipping", "Total Shipping", "money")),
                 _shipping, "Canceled orders are left out.", ("orders", "sales_shipping", "shipping")),
    PeriodReport("/admin/reports/report_sales/refunded/", "Refunds Report",
                 (("orders", "Refunded Orders", "num"), ("refunded", "Total Refunded", "money"),
                  ("online", "Online Refunds", "money"), ("offline", "Offline Refunds", "money")), _refunds,
                 "By the credit memos' dates.", ("orders", "refunded", "online", "offline")),
    PeriodReport("/admin/reports/report_sales/coupons/", "Coupons Report",
                 (("code", "Coupon Code", "text"), ("rule", "Price Rule", "text"), ("uses", "Uses", "num"),
                  ("subtotal", "Sales Subtotal", "money"), ("discount", "Sales Discount", "money"),
                  ("total", "Sales Total", "money")), _coupons, "Canceled orders are left out.",
                 ("uses", "subtotal", "discount", "total")),
    PeriodReport("/admin/reports/report_customer/accounts/", "New Accounts Report",
                 (("accounts", "New Accounts", "num"),), _accounts, "", ("accounts",)),
    PeriodReport("/admin/reports/report_product/viewed/", "Product Views Report",
                 (("name", "Product", "link"), ("price", "Price", "money"), ("views", "Views", "num")), _viewed,
                 f"The {TOP_VIEWED} most viewed products of each period; views are counted per month.", ("views",),
                 MONTHS),
    PeriodReport("/admin/reports/report_product/sold/", "Ordered Products Report",
                 (("name", "Product", "text"), ("sku", "SKU", "text"), ("qty", "Ordered Quantity", "num")), _ordered,
                 f"The {TOP_PER_PERIOD} most ordered products of each period; canceled orders are left out.", ("qty",)),
]


def report_view(report: PeriodReport) -> Callable:
    @require_admin
    def view(request: Request) -> Response:
        f = report_filter(request, periods=report.periods)
        rows: Rows = []
        totals: dict[str, float] = {}
        if f["ready"]:
            rows = report.query(db(request), *range_args(f), f["period"])
            for r in rows:
                r["interval"] = interval_label(r["k"], f["period"])
            for key in report.totals:
                totals[key] = round(sum(r[key] or 0 for r in rows), 2)
        return render(request, "report_period.html", dict(title=report.title, f=f, rows=rows, totals=totals,
                                                          columns=report.columns, note=report.note,
                                                          action=request.url.path))

    view.__name__ = "report_" + report.path.strip("/").replace("/", "_")
    return view
