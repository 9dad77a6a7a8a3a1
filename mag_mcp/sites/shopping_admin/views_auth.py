"""Sign in and out, entry redirects, and the small read-only sections (content, stores, newsletter)."""

from __future__ import annotations

import secrets

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ..base import db
from ..pages import render_page
from ..shopping.seed import verify_password
from . import grid as g
from .common import (
    FLASH,
    HOME,
    LOGIN,
    SESSION_COOKIE,
    current_admin,
    now,
    public_form_view,
    redirect,
    render,
    require_admin,
    safe_path,
    templates,
)

SIGN_IN_ERROR = ("The account sign-in was incorrect or your account is disabled temporarily. "
                 "Please wait and try again later.")


def root(request: Request) -> Response:
    return RedirectResponse("/admin/", status_code=303)


def admin_root(request: Request) -> Response:
    """`/admin`: the dashboard for an administrator, the sign-in page for a guest."""
    return RedirectResponse(HOME if current_admin(request) else LOGIN, status_code=303)


def _login_page(request: Request, error: str = "", username: str = "", status_code: int = 200) -> Response:
    # the login page has no menu: it renders outside the admin frame, with its own messages
    return render_page(templates, FLASH, request, "login.html", {}, dict(
        title="Magento Admin", error=error, username=username,
        referer=safe_path(request.query_params.get("referer"), "")), status_code)


def login(request: Request) -> Response:
    if current_admin(request) is not None:
        return RedirectResponse(safe_path(request.query_params.get("referer")), status_code=303)
    return _login_page(request)


@public_form_view
def login_post(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    username = (form.get("login[username]") or form.get("username") or "").strip()
    password = form.get("login[password]") or form.get("password") or ""
    user = conn.execute("SELECT * FROM admin_users WHERE username = ? AND is_active = 1", (username,)).fetchone()
    if user is None or not verify_password(password, user["password_hash"]):
        return _login_page(request, SIGN_IN_ERROR, username)
    token = secrets.token_hex(16)
    conn.execute("INSERT INTO admin_sessions (token, admin_user_id, created_at) VALUES (?,?,?)",
                 (token, user["id"], now()))
    resp = redirect(request, safe_path(form.get("referer") or request.query_params.get("referer")))
    resp.set_cookie(SESSION_COOKIE, token, path="/", httponly=True, samesite="lax")
    return resp


def logout(request: Request) -> Response:
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        db(request).execute("DELETE FROM admin_sessions WHERE token = ?", (token,))
    resp = redirect(request, LOGIN, "You have logged out.")
    resp.delete_cookie(SESSION_COOKIE, path="/")
    return resp


# --- small read-only sections ------------------------------------------------------------------

CMS_PAGES = [
    (1, "404 Not Found", "no-route", "Enabled", "2021-01-04 00:00:00"),
    (2, "Home Page", "home", "Enabled", "2021-01-04 00:00:00"),
    (3, "Enable Cookies", "enable-cookies", "Enabled", "2021-01-04 00:00:00"),
    (4, "Privacy and Cookie Policy", "privacy-policy-cookie-restriction-mode", "Enabled", "2021-01-04 00:00:00"),
    (5, "About us", "about-us", "Enabled", "2021-02-11 10:20:00"),
    (6, "Customer Service", "customer-service", "Enabled", "2021-02-11 10:25:00"),
]


@require_admin
def cms_pages(request: Request) -> Response:
    return render(request, "cms_pages.html", dict(title="Pages", pages=CMS_PAGES))


@require_admin
def stores(request: Request) -> Response:
    return render(request, "stores.html", dict(title="Stores"))


@require_admin
def config(request: Request) -> Response:
    from ..shopping.seed import PAYMENT_METHOD, SHIPPING_METHODS

    return render(request, "config.html", dict(title="Configuration", shipping=list(SHIPPING_METHODS.values()),
                                               payment=PAYMENT_METHOD))


NEWSLETTER_GRID = g.Grid(
    columns=[g.Column("id", "ID", "c.id", num=True), g.Column("email", "Email", "c.email"),
             g.Column("firstname", "Customer First Name", "c.firstname"),
             g.Column("lastname", "Customer Last Name", "c.lastname"), g.Column("status", "Status")],
    filters=[g.Filter("email", "Email", "text", "c.email")],
    search=["c.email", "c.firstname", "c.lastname"], default_sort="id", default_dir="asc")


@require_admin
def newsletter(request: Request) -> Response:
    grid = g.run_grid(request, db(request), NEWSLETTER_GRID, "c.*",
                      "FROM customers c WHERE c.newsletter_subscribed = 1")
    return render(request, "newsletter.html", dict(title="Newsletter Subscribers", g=grid))
