"""Sign in and out, entry redirects, and the small read-only sections (content, stores, newsletter)."""

from __future__ import annotations

import secrets

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ..base import db
from ..pages import render_page
from ..shopping.seed import verify_password
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


# --- global search --------------------------------------------------------------------------------------

SEARCH_LIMIT = 5


@require_admin
def global_search(request: Request) -> Response:
    """The header's "Search globally": products, customers, orders and pages matching every word."""
    conn = db(request)
    query = (request.query_params.get("query") or "").strip()[:100]
    words = query.split()
    groups: list[tuple[str, list[tuple[str, str, str]]]] = []
    if words:
        def find(sql: str, exprs: list[str], label: str, url: str, note: str) -> list[tuple[str, str, str]]:
            where = " AND ".join("(" + " OR ".join(f"{e} LIKE ?" for e in exprs) + ")" for _ in words)
            args = [f"%{w}%" for w in words for _ in exprs]
            return [(r[label], url.format_map(dict(r)), note.format_map(dict(r)))
                    for r in conn.execute(f"{sql} WHERE {where} LIMIT {SEARCH_LIMIT}", args)]
        groups = [
            ("Products", find("SELECT id, name, sku FROM products", ["name", "sku"], "name",
                              "/admin/catalog/product/edit/id/{id}/", "SKU: {sku}")),
            ("Customers", find("SELECT id, firstname || ' ' || lastname AS name, email FROM customers",
                               ["firstname", "lastname", "email"], "name", "/admin/customer/index/edit/id/{id}/",
                               "{email}")),
            ("Orders", find("SELECT id, 'Order #' || increment_id AS name, shipping_firstname || ' ' || shipping_lastname"
                            " AS who FROM orders", ["increment_id", "shipping_lastname"], "name",
                            "/admin/sales/order/view/order_id/{id}/", "{who}")),
            ("Pages", find("SELECT id, title, identifier FROM cms_pages", ["title", "identifier"], "title",
                           "/admin/cms/page/edit/page_id/{id}/", "{identifier}")),
        ]
    return render(request, "global_search.html", dict(title="Global Search", global_query=query, groups=groups))
