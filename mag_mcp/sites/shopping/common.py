"""Helpers shared by the storefront's views: templates, session, flash messages, redirects."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from datetime import datetime, UTC
from functools import wraps
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.templating import Jinja2Templates

from ..base import db
from .catalog_data import COUNTRIES, US_STATES
from mag_mcp.sites.web import here, parse_int, safe_path, url_with  # noqa: F401 (re-exported)

SESSION_COOKIE = "shop_session"
FLASH_COOKIE = "shop_flash"
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


def _flash_messages(request: Request) -> list[list[str]]:
    raw = request.cookies.get(FLASH_COOKIE)
    if not raw:
        return []
    try:
        msgs = json.loads(unquote(raw))
        return [[str(k), str(t)] for k, t in msgs][:5]
    except (ValueError, TypeError):
        return []


def render(request: Request, name: str, context: dict[str, Any] | None = None, status_code: int = 200) -> Response:
    conn = db(request)
    customer = current_customer(request)
    cart_count = wish_count = 0
    if customer is not None:
        cart_count = conn.execute("SELECT COALESCE(SUM(qty), 0) FROM cart_items WHERE customer_id = ?",
                                  (customer["id"],)).fetchone()[0]
        wish_count = conn.execute("SELECT COUNT(*) FROM wishlist_items WHERE customer_id = ?",
                                  (customer["id"],)).fetchone()[0]
    messages = _flash_messages(request) + (context or {}).pop("messages", [])
    ctx = dict(customer=customer, cart_count=cart_count, wish_count=wish_count, nav=_nav(conn),
               messages=messages, search_query=request.query_params.get("q", ""), current_path=request.url.path)
    ctx.update(context or {})
    resp = templates.TemplateResponse(request, name, ctx, status_code=status_code)
    if request.cookies.get(FLASH_COOKIE):
        resp.delete_cookie(FLASH_COOKIE, path="/")
    return resp


def redirect(request: Request, url: str, flash: str | None = None, kind: str = "success") -> Response:
    """Commit the request's writes, then answer 303 (PRG), optionally with a flash message."""
    db(request).commit()  # commit before the browser can follow the redirect
    resp = RedirectResponse(url, status_code=303)
    if flash:
        resp.set_cookie(FLASH_COOKIE, quote(json.dumps([[kind, flash]])), path="/", httponly=True, samesite="lax")
    return resp


def login_redirect(request: Request, back: str | None = None) -> Response:
    back = safe_path(back or here(request), "/customer/account/")
    return redirect(request, "/customer/account/login/?" + urlencode({"referer": back}),
                    "Please sign in to continue.", "notice")


def not_found(request: Request) -> Response:
    return render(request, "404.html", {"title": "404 Not Found"}, status_code=404)


def form_view(fn: Callable[[Request, dict[str, str]], Response]) -> Callable:
    """Turn a sync `fn(request, form)` into an async endpoint that reads the form first.

    The database work still runs in the thread pool, never on the event loop.
    """

    @wraps(fn)
    async def endpoint(request: Request) -> Response:
        form = await request.form()
        data = {k: v for k, v in form.multi_items() if isinstance(v, str)}
        await form.close()
        return await run_in_threadpool(fn, request, data)

    return endpoint


def require_customer(fn: Callable) -> Callable:
    """For sync GET views `fn(request, ...)`: guests are sent to the sign-in page (and back after)."""

    @wraps(fn)
    def view(request: Request, *args: Any) -> Response:
        if current_customer(request) is None:
            return login_redirect(request)
        return fn(request, *args)

    return view


