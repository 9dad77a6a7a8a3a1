"""Helpers shared by the storefront's views: templates, session, flash messages, redirects."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from mag_mcp.sites.web import here, parse_int, safe_path, url_with

from ..base import db
from ..pages import (
    Flash,
    commit_redirect,
    form_view,
    guest_guard,
    render_page,
)
from .catalog_data import COUNTRIES, US_STATES
from .vocab import COLORS

SESSION_COOKIE = "shop_session"
FLASH = Flash("shop_flash")
HERE = Path(__file__).parent

templates = Jinja2Templates(directory=str(HERE / "templates"))


# A product's short description: its own column once set (the original catalogue, or an edit),
# else the generated product's seed text in the content database (`content_db`).
DESCRIPTION_SQL = ("COALESCE(p.description, (SELECT d.description FROM content.product_descriptions d"
                   " WHERE d.product_id = p.id), '')")


def description_of(conn: sqlite3.Connection, product: sqlite3.Row) -> str:
    """The short description of `product` (a `products` row), wherever it is kept."""
    if product["description"] is not None:
        return product["description"]
    row = conn.execute("SELECT description FROM content.product_descriptions WHERE product_id = ?",
                       (product["id"],)).fetchone()
    return row[0] if row else ""


def money(value: float | None) -> str:
    return f"${(value or 0):,.2f}"


def date_short(ts: str) -> str:
    d = datetime.fromisoformat(ts)
    return f"{d.month}/{d.day}/{d.strftime('%y')}"


def date_long(ts: str) -> str:
    d = datetime.fromisoformat(ts)
    return f"{d.strftime('%B')} {d.day}, {d.year}"


def stars(rating_summary: int) -> str:
    """A five-star string for a 0..100 rating summary (rounded to the nearest star)."""
    full = max(0, min(5, round(rating_summary / 20)))
    return "\u2605" * full + "\u2606" * (5 - full)


def status_label(status: str) -> str:
    return {"canceled": "Canceled", "complete": "Complete", "pending": "Pending",
            "processing": "Processing", "holded": "On Hold"}.get(status, status.title())


templates.env.filters.update(money=money, date_short=date_short, date_long=date_long, stars=stars,
                             status_label=status_label)
templates.env.globals.update(US_STATES=US_STATES, COUNTRIES=COUNTRIES, COUNTRY_NAMES=dict(COUNTRIES),
                             COLOR_HEX={name: "#%02x%02x%02x" % rgb for name, rgb in COLORS.items()})


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")


# --- session ---------------------------------------------------------------


def current_customer(request: Request) -> sqlite3.Row | None:
    """The signed-in customer (a `customers` row) for the request's session cookie, or None."""
    if "shop_customer" not in request.scope:
        token = request.cookies.get(SESSION_COOKIE)
        row = None
        if token:
            row = db(request).execute(
                "SELECT c.* FROM sessions s JOIN customers c ON c.id = s.customer_id WHERE s.token = ?", (token,)
            ).fetchone()
        request.scope["shop_customer"] = row
    return request.scope["shop_customer"]



# --- rendering -----------------------------------------------------------------


_NAV_CACHE: dict[int, tuple[list[dict], Markup]] = {}


def _nav(conn: sqlite3.Connection) -> tuple[list[dict], Markup]:
    """The three-level category tree and its mega-menu markup, rendered once per distinct tree."""
    rows = conn.execute("SELECT id, parent_id, name, url_path FROM categories ORDER BY level, position").fetchall()
    key = hash(tuple(tuple(r) for r in rows))
    if key not in _NAV_CACHE:
        by_id: dict[int, dict] = {}
        tops: list[dict] = []
        for r in rows:
            node = dict(r, children=[])
            by_id[r["id"]] = node
            if r["parent_id"] is None:
                tops.append(node)
            elif r["parent_id"] in by_id:
                by_id[r["parent_id"]]["children"].append(node)
        if len(_NAV_CACHE) > 32:
            _NAV_CACHE.clear()
        _NAV_CACHE[key] = (tops, Markup(templates.env.get_template("_nav.html").render(nav=tops)))
    return _NAV_CACHE[key]


def render(request: Request, name: str, context: dict[str, Any] | None = None, status_code: int = 200) -> Response:
    conn = db(request)
    customer = current_customer(request)
    cart_count = wish_count = 0
    cart_subtotal = 0.0
    if customer is not None:
        cart_count, cart_subtotal = conn.execute(
            "SELECT COALESCE(SUM(ci.qty), 0), COALESCE(SUM(ci.qty * p.price), 0) FROM cart_items ci"
            " JOIN products p ON p.id = ci.product_id WHERE ci.customer_id = ?", (customer["id"],)).fetchone()
        wish_count = conn.execute("SELECT COUNT(*) FROM wishlist_items WHERE customer_id = ?",
                                  (customer["id"],)).fetchone()[0]
    compare_items = wish_items = mini_cart = []
    compare_count = 0
    if customer is not None:
        compare_count = conn.execute("SELECT COUNT(*) FROM compare_items WHERE customer_id = ?",
                                     (customer["id"],)).fetchone()[0]
        # the minicart dropdown (Magento_Checkout's minicart): the latest items, as Luma lists them
        mini_cart = conn.execute(
            "SELECT ci.id, ci.qty, p.id AS product_id, COALESCE(parent.name, p.name) AS name,"
            " COALESCE(parent.slug, p.slug) AS slug, p.price"
            " FROM cart_items ci JOIN products p ON p.id = ci.product_id"
            " LEFT JOIN products parent ON parent.id = p.parent_id"
            " WHERE ci.customer_id = ? ORDER BY ci.id DESC LIMIT 10", (customer["id"],)).fetchall()
        compare_items = conn.execute(
            "SELECT p.id, p.name, p.slug FROM compare_items c JOIN products p ON p.id = c.product_id"
            " WHERE c.customer_id = ? ORDER BY c.id DESC LIMIT 5", (customer["id"],)).fetchall()
        wish_items = conn.execute(
            "SELECT w.id AS item_id, p.id, p.name, p.slug, p.price, p.qty, p.type_id"
            " FROM wishlist_items w JOIN products p ON p.id = w.product_id"
            " WHERE w.customer_id = ? ORDER BY w.id DESC LIMIT 3", (customer["id"],)).fetchall()
    def recent_ordered() -> list[sqlite3.Row]:
        """The customer's five most recently ordered products (Magento's "Recently Ordered")."""
        if customer is None:
            return []
        return conn.execute(
            "SELECT oi.product_id, MAX(o.created_at) AS at, COALESCE(parent.name, p.name) AS name,"
            " COALESCE(parent.slug, p.slug) AS slug FROM order_items oi JOIN orders o ON o.id = oi.order_id"
            " JOIN products p ON p.id = oi.product_id LEFT JOIN products parent ON parent.id = p.parent_id"
            " WHERE o.customer_id = ? AND p.status = 1 GROUP BY oi.product_id ORDER BY at DESC, oi.product_id"
            " LIMIT 5", (customer["id"],)).fetchall()

    nav, nav_html = _nav(conn)
    ctx = dict(customer=customer, cart_count=cart_count, wish_count=wish_count, nav=nav, nav_html=nav_html,
               compare_items=compare_items, wish_items=wish_items, recent_ordered=recent_ordered,
               compare_count=compare_count, mini_cart=mini_cart, cart_subtotal=cart_subtotal,
               search_query=request.query_params.get("q", ""), current_path=request.url.path)
    return render_page(templates, FLASH, request, name, ctx, context, status_code)


def redirect(request: Request, url: str, flash: str | None = None, kind: str = "success") -> Response:
    """Commit the request's writes, then answer 303 (PRG), optionally with a flash message."""
    return commit_redirect(FLASH, request, url, flash, kind)


def login_redirect(request: Request, back: str | None = None) -> Response:
    back = safe_path(back or here(request), "/customer/account/")
    return redirect(request, "/customer/account/login/?" + urlencode({"referer": back}),
                    "Please sign in to continue.", "notice")


def not_found(request: Request) -> Response:
    return render(request, "404.html", {"title": "404 Not Found"}, status_code=404)


def require_customer(fn: Callable) -> Callable:
    """For sync GET views `fn(request, ...)`: guests are sent to the sign-in page (and back after)."""
    return guest_guard(current_customer, login_redirect)(fn)
