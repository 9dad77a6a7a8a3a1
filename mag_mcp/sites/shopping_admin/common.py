"""Helpers shared by the admin's views: templates, admin session, flash messages, redirects, dates."""

from __future__ import annotations

import math
import re
import sqlite3
from collections.abc import Callable
from datetime import UTC, date, datetime
from functools import wraps
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from mag_mcp.sites.web import here, parse_int, url_with  # noqa: F401 (re-exported)

from ..base import db
from ..pages import Flash, commit_redirect, guest_guard, read_form, render_page
from ..shopping.catalog_data import COUNTRIES, US_STATES
from .menu import menu_context

SESSION_COOKIE = "admin_session"
FLASH = Flash("admin_flash")
HERE = Path(__file__).parent
HOME = "/admin/dashboard/"
LOGIN = "/admin/admin/"

ORDER_STATUSES: list[tuple[str, str]] = [
    ("pending", "Pending"), ("processing", "Processing"), ("complete", "Complete"), ("canceled", "Canceled"),
    ("holded", "On Hold"),
]
REVIEW_STATUSES: list[tuple[str, str]] = [("approved", "Approved"), ("pending", "Pending"),
                                          ("not_approved", "Not Approved")]
STORE_VIEW = "Main Website / Main Website Store / Default Store View"

templates = Jinja2Templates(directory=str(HERE / "templates"))


def money(value: float | None) -> str:
    value = value or 0
    return f"-${-value:,.2f}" if value < 0 else f"${value:,.2f}"


def _dt(ts: str | None) -> datetime | None:
    try:
        return datetime.fromisoformat(ts) if ts else None
    except ValueError:
        return None


def date_admin(ts: str | None) -> str:
    """'Jun 9, 2023' (Magento's admin date)."""
    d = _dt(ts)
    return f"{d.strftime('%b')} {d.day}, {d.year}" if d else ""


def datetime_admin(ts: str | None) -> str:
    """'Jun 9, 2023 4:18:07 AM' (Magento's admin grid date and time)."""
    d = _dt(ts)
    if not d:
        return ""
    hour = d.hour % 12 or 12
    return f"{d.strftime('%b')} {d.day}, {d.year} {hour}:{d.strftime('%M:%S')} {'AM' if d.hour < 12 else 'PM'}"


def order_status_label(status: str) -> str:
    return dict(ORDER_STATUSES).get(status, status.replace("_", " ").title())


def review_status_label(status: str) -> str:
    return dict(REVIEW_STATUSES).get(status, status.replace("_", " ").title())


def fill(template: str | None, row: Any) -> str:
    """`template` ('/admin/sales/order/view/order_id/{id}/') filled with the row's columns."""
    return (template or "").format_map(_RowView(row))


class _RowView(dict):
    """A sqlite3.Row (or dict) as a mapping for str.format_map; a missing column reads ''."""

    def __init__(self, row: Any) -> None:
        super().__init__()
        self.row = row

    def __missing__(self, key: str) -> Any:
        try:
            value = self.row[key]
        except (IndexError, KeyError):
            return ""
        return "" if value is None else value


templates.env.filters.update(money=money, date_admin=date_admin, datetime_admin=datetime_admin,
                             order_status=order_status_label, review_status=review_status_label, fill=fill)
templates.env.globals.update(US_STATES=US_STATES, COUNTRIES=COUNTRIES, COUNTRY_NAMES=dict(COUNTRIES),
                             ORDER_STATUSES=ORDER_STATUSES, REVIEW_STATUSES=REVIEW_STATUSES, STORE_VIEW=STORE_VIEW)


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")


_DATE_FORMATS = ("%m/%d/%Y", "%m/%d/%y", "%Y-%m-%d", "%b %d, %Y", "%B %d, %Y", "%d.%m.%Y")


def parse_date(value: str | None) -> date | None:
    """A date typed by a person: 6/1/2023, 06/01/23, 2023-06-01, Jun 1, 2023."""
    text = re.sub(r"\s+", " ", (value or "").strip())
    if not text:
        return None
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None


def fmt_date_input(d: date | None) -> str:
    return f"{d.month:02d}/{d.day:02d}/{d.year}" if d else ""



def parse_money(value: Any) -> float | None:
    text = str(value or "").strip().replace("$", "").replace(",", "")
    try:
        out = float(text)
    except ValueError:
        return None
    return out if math.isfinite(out) else None


# --- session ----------------------------------------------------------------------------


def current_admin(request: Request) -> sqlite3.Row | None:
    """The signed-in administrator (an `admin_users` row) for the request's cookie, or None."""
    if "admin_user" not in request.scope:
        token = request.cookies.get(SESSION_COOKIE)
        row = None
        if token:
            row = db(request).execute(
                "SELECT u.* FROM admin_sessions s JOIN admin_users u ON u.id = s.admin_user_id"
                " WHERE s.token = ? AND u.is_active = 1", (token,)).fetchone()
        request.scope["admin_user"] = row
    return request.scope["admin_user"]


def safe_path(path: str | None, default: str = HOME) -> str:
    """A local admin path to go back to (never another origin)."""
    if path and path.startswith("/admin") and not path.startswith("//") and "\\" not in path:
        return path
    return default



# --- rendering -------------------------------------------------------------------------


def render(request: Request, name: str, context: dict[str, Any] | None = None, status_code: int = 200) -> Response:
    admin = current_admin(request)
    ctx: dict[str, Any] = dict(admin=admin, current_path=request.url.path)
    if admin is not None:
        conn = db(request)
        ctx["unread_notifications"] = conn.execute("SELECT COUNT(*) FROM admin_notifications WHERE is_read = 0").fetchone()[0]
        ctx["system_messages"] = conn.execute(
            "SELECT title, description FROM admin_notifications WHERE is_read = 0 AND severity <= 2"
            " ORDER BY severity, date_added DESC LIMIT 3").fetchall()
        ctx["latest_notifications"] = conn.execute(
            "SELECT id, severity, title, description, date_added FROM admin_notifications WHERE is_read = 0"
            " ORDER BY date_added DESC, id DESC LIMIT 5").fetchall()
    ctx.update(menu_context(request))
    return render_page(templates, FLASH, request, name, ctx, context, status_code)


def redirect(request: Request, url: str, flash: str | None = None, kind: str = "success") -> Response:
    """Commit the request's writes, then answer 303 (PRG), optionally with a flash message."""
    return commit_redirect(FLASH, request, url, flash, kind)


def login_redirect(request: Request, back: str | None = None) -> Response:
    back = safe_path(back or here(request))
    url = LOGIN if back == HOME else LOGIN + "?" + urlencode({"referer": back})
    return redirect(request, url)


def not_found(request: Request, what: str = "page") -> Response:
    return render(request, "404.html", {"title": "404 Not Found", "what": what}, status_code=404)


def require_admin(fn: Callable) -> Callable:
    """For sync GET views `fn(request)`: guests are sent to the sign-in page (and back after)."""
    return guest_guard(current_admin, login_redirect)(fn)


def form_view(fn: Callable[[Request, dict[str, str]], Response], public: bool = False) -> Callable:
    """Turn a sync `fn(request, form)` into an endpoint that reads the form first (then runs in the
    thread pool). Unless `public`, guests are sent to the sign-in page."""

    @wraps(fn)
    async def endpoint(request: Request) -> Response:
        fields = await read_form(request, lists=True)  # repeated `key[]` fields arrive comma-joined
        data = {k: ",".join(v) if isinstance(v, list) else v for k, v in fields.items()}

        def run() -> Response:
            if not public and current_admin(request) is None:
                return login_redirect(request, HOME)
            return fn(request, data)

        return await run_in_threadpool(run)

    return endpoint


def public_form_view(fn: Callable[[Request, dict[str, str]], Response]) -> Callable:
    return form_view(fn, public=True)
