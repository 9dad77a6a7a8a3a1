"""Helpers shared by the storefront's views: templates, session, flash messages, redirects."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from mag_mcp.sites.web import here, parse_int, safe_path, url_with  # noqa: F401 (re-exported)

from ..base import db
from ..pages import Flash, commit_redirect, guest_guard, render_page
from ..pages import form_view  # noqa: F401 (re-exported)
from .catalog_data import COUNTRIES, US_STATES

SESSION_COOKIE = "shop_session"
FLASH = Flash("shop_flash")
HERE = Path(__file__).parent

templates = Jinja2Templates(directory=str(HERE / "templates"))


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
templates.env.globals.update(US_STATES=US_STATES, COUNTRIES=COUNTRIES, COUNTRY_NAMES=dict(COUNTRIES))


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


def _nav(conn: sqlite3.Connection) -> list[dict]:
    rows = conn.execute("SELECT id, parent_id, name, url_path FROM categories ORDER BY level, position").fetchall()
    tops = [dict(r, children=[]) for r in rows if r["parent_id"] is None]
    by_id = {t["id"]: t for t in tops}
    for r in rows:
        if r["parent_id"] in by_id:
            by_id[r["parent_id"]]["children"].append(dict(r))
    return tops


def render(request: Request, name: str, context: dict[str, Any] | None = None, status_code: int = 200) -> Response:
    conn = db(request)
    customer = current_customer(request)
    cart_count = wish_count = 0
    if customer is not None:
        cart_count = conn.execute("SELECT COALESCE(SUM(qty), 0) FROM cart_items WHERE customer_id = ?",
                                  (customer["id"],)).fetchone()[0]
        wish_count = conn.execute("SELECT COUNT(*) FROM wishlist_items WHERE customer_id = ?",
                                  (customer["id"],)).fetchone()[0]
    ctx = dict(customer=customer, cart_count=cart_count, wish_count=wish_count, nav=_nav(conn),
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
