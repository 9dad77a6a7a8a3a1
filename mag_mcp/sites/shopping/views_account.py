"""Customer account: sign in/out, registration, dashboard, orders, wish list, addresses, reviews,
newsletter and the contact form."""

from __future__ import annotations

import math
import re
import secrets

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import (SESSION_COOKIE, current_customer, form_view, login_redirect, not_found, now, parse_int,
                     redirect, render, require_customer, safe_path)
from .seed import hash_password, verify_password
from .views_account_more import password_change
from .views_checkout import add_to_cart, address_values, street_of, validate_address

ORDER_PAGE_SIZES = (10, 20, 50)
EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def _start_session(request: Request, customer_id: int, target: str, flash: str | None = None) -> Response:
    conn = db(request)
    old = request.cookies.get(SESSION_COOKIE)
    if old:
        conn.execute("DELETE FROM sessions WHERE token = ?", (old,))
    token = secrets.token_hex(16)
    conn.execute("INSERT INTO sessions (token, customer_id, created_at) VALUES (?,?,?)", (token, customer_id, now()))
    resp = redirect(request, target, flash)
    resp.set_cookie(SESSION_COOKIE, token, path="/", httponly=True, samesite="lax")
    return resp


# --- sign in / out / register ----------------------------------------------------


def login(request: Request) -> Response:
    if current_customer(request) is not None:
        return redirect(request, "/customer/account/")
    return render(request, "login.html", dict(title="Customer Login", email="",
                                              referer=safe_path(request.query_params.get("referer"), "")))


@form_view
def login_post(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    email = (form.get("login[username]") or "").strip().lower()
    password = form.get("login[password]") or ""
    referer = safe_path(form.get("referer"), "/customer/account/")
    row = conn.execute("SELECT * FROM customers WHERE lower(email) = ?", (email,)).fetchone()
    if row is None or not verify_password(password, row["password_hash"]):
        msg = ("A login and a password are required." if not email or not password else
               "The account sign-in was incorrect or your account is disabled temporarily. "
               "Please wait and try again later.")
        return render(request, "login.html", dict(title="Customer Login", email=email, referer=referer,
                                                  messages=[["error", msg]]))
    return _start_session(request, row["id"], referer)


def logout(request: Request) -> Response:
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        db(request).execute("DELETE FROM sessions WHERE token = ?", (token,))
    resp = redirect(request, "/customer/account/logoutSuccess/")
    resp.delete_cookie(SESSION_COOKIE, path="/")
    return resp


def logout_success(request: Request) -> Response:
    return render(request, "logout.html", dict(title="You are signed out"))


def register(request: Request) -> Response:
    if current_customer(request) is not None:
        return redirect(request, "/customer/account/")
    return render(request, "register.html", dict(title="Create New Customer Account", values={}, errors={}))


@form_view
def register_post(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    values = {k: (form.get(k) or "").strip() for k in ("firstname", "lastname", "email")}
    values["email"] = values["email"].lower()
    password, confirm = form.get("password") or "", form.get("password_confirmation") or ""
    errors = {k: "This is a required field." for k in ("firstname", "lastname", "email") if not values[k]}
    if values["email"] and not EMAIL_RE.match(values["email"]):
        errors["email"] = "Please enter a valid email address (Ex: johndoe@domain.com)."
    elif values["email"] and conn.execute("SELECT 1 FROM customers WHERE lower(email) = ?",
                                          (values["email"],)).fetchone():
        errors["email"] = "There is already an account with this email address."
    if len(password) < 8:
        errors["password"] = "Minimum length of this field must be equal or greater than 8 symbols."
    if password != confirm:
        errors["password_confirmation"] = "Please enter the same value again."
    if errors:
        return render(request, "register.html", dict(title="Create New Customer Account", values=values,
                                                     errors=errors))
    cur = conn.execute(
        "INSERT INTO customers (firstname, lastname, email, password_hash, created_at) VALUES (?,?,?,?,?)",
        (values["firstname"], values["lastname"], values["email"], "", now()))
    conn.execute("UPDATE customers SET password_hash = ? WHERE id = ?",
                 (hash_password(password, f"s{cur.lastrowid:04d}"), cur.lastrowid))
    return _start_session(request, cur.lastrowid, "/customer/account/",
                          "Thank you for registering with One Stop Market.")


# --- dashboard and account information ------------------------------------------------


@require_customer
def dashboard(request: Request) -> Response:
    conn = db(request)
    customer = current_customer(request)
    billing = conn.execute("SELECT * FROM addresses WHERE customer_id = ? AND is_default_billing = 1",
                           (customer["id"],)).fetchone()
    shipping = conn.execute("SELECT * FROM addresses WHERE customer_id = ? AND is_default_shipping = 1",
                            (customer["id"],)).fetchone()
    orders = conn.execute("SELECT * FROM orders WHERE customer_id = ? ORDER BY created_at DESC, id DESC LIMIT 5",
                          (customer["id"],)).fetchall()
    return render(request, "account.html", dict(title="My Account", billing=billing, shipping=shipping,
                                                 orders=orders, section="dashboard"))


@require_customer
def account_edit(request: Request) -> Response:
    c = current_customer(request)
    values = dict(firstname=c["firstname"], lastname=c["lastname"], email=c["email"])
    return render(request, "account_edit.html", dict(title="Edit Account Information", values=values, errors={},
                                                     section="info"))


@form_view
def account_edit_post(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    customer = current_customer(request)
    if customer is None:
        return login_redirect(request, "/customer/account/edit/")
    values = {k: (form.get(k) or "").strip() for k in ("firstname", "lastname", "email")}
    values["email"] = values["email"].lower()
    errors = {k: "This is a required field." for k in values if not values[k]}
    if values["email"] and not EMAIL_RE.match(values["email"]):
        errors["email"] = "Please enter a valid email address (Ex: johndoe@domain.com)."
    elif values["email"] and conn.execute("SELECT 1 FROM customers WHERE lower(email) = ? AND id != ?",
                                          (values["email"], customer["id"])).fetchone():
        errors["email"] = "There is already an account with this email address."
    new_hash = password_change(form, customer, errors)
    if errors:
        values["change_password"] = form.get("change_password") or ""
        return render(request, "account_edit.html", dict(title="Edit Account Information", values=values,
                                                         errors=errors, section="info"))
    conn.execute("UPDATE customers SET firstname = ?, lastname = ?, email = ? WHERE id = ?",
                 (values["firstname"], values["lastname"], values["email"], customer["id"]))
    if new_hash:
        conn.execute("UPDATE customers SET password_hash = ? WHERE id = ?", (new_hash, customer["id"]))
    return redirect(request, "/customer/account/", "You saved the account information.")


# --- orders -----------------------------------------------------------------------------


@require_customer
def order_history(request: Request) -> Response:
    conn = db(request)
    customer = current_customer(request)
    limit = parse_int(request.query_params.get("limit"), ORDER_PAGE_SIZES[0])
    if limit not in ORDER_PAGE_SIZES:
        limit = ORDER_PAGE_SIZES[0]
    total = conn.execute("SELECT COUNT(*) FROM orders WHERE customer_id = ?", (customer["id"],)).fetchone()[0]
    pages = max(1, math.ceil(total / limit))
    page = min(max(1, parse_int(request.query_params.get("p"), 1) or 1), pages)
    orders = conn.execute(
        "SELECT * FROM orders WHERE customer_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
        (customer["id"], limit, (page - 1) * limit)).fetchall()
    return render(request, "order_history.html", dict(
        title="My Orders", orders=orders, total=total, page=page, pages=pages, limit=limit,
        first=(page - 1) * limit + 1 if total else 0, last=min(page * limit, total),
        page_sizes=ORDER_PAGE_SIZES, section="orders"))


def _own_order(request: Request):
    customer = current_customer(request)
    return db(request).execute("SELECT * FROM orders WHERE id = ? AND customer_id = ?",
                               (parse_int(request.path_params["order_id"]), customer["id"])).fetchone()


@require_customer
def order_view(request: Request) -> Response:
    order = _own_order(request)
    if order is None:
        return not_found(request)
    items = db(request).execute(
        "SELECT oi.*, COALESCE(parent.slug, p.slug) AS slug FROM order_items oi"
        " LEFT JOIN products p ON p.id = oi.product_id LEFT JOIN products parent ON parent.id = p.parent_id"
        " WHERE oi.order_id = ? ORDER BY oi.id", (order["id"],)).fetchall()
    return render(request, "order_view.html", dict(title=f"Order # {order['increment_id']}", order=order,
                                                   items=items, section="orders"))


@form_view
def reorder(request: Request, form: dict[str, str]) -> Response:
    if current_customer(request) is None:
        return login_redirect(request, "/sales/order/history/")
    order = _own_order(request)
    if order is None:
        return not_found(request)
    conn = db(request)
    problems = []
    for item in conn.execute("SELECT * FROM order_items WHERE order_id = ?", (order["id"],)).fetchall():
        product = conn.execute("SELECT * FROM products WHERE id = ? AND status = 1", (item["product_id"],)).fetchone()
        error = "This product is no longer available." if product is None else add_to_cart(
            conn, order["customer_id"], product, item["qty"])
        if error:
            problems.append(f"{item['name']}: {error}")
    if problems:
        return redirect(request, "/checkout/cart/", " ".join(problems), "error")
    return redirect(request, "/checkout/cart/", f"The items of order # {order['increment_id']} were added to your "
                                                "shopping cart.")


# --- wish list ---------------------------------------------------------------------------


@require_customer
def wishlist(request: Request) -> Response:
    items = db(request).execute(
        "SELECT w.id AS item_id, w.added_at, p.* FROM wishlist_items w JOIN products p ON p.id = w.product_id"
        " WHERE w.customer_id = ? ORDER BY w.id", (current_customer(request)["id"],)).fetchall()
    return render(request, "wishlist.html", dict(title="My Wish List", items=items, section="wishlist"))


@form_view
def wishlist_add(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    customer = current_customer(request)
    if customer is None:
        return login_redirect(request, safe_path(form.get("return"), "/wishlist/"))
    product = conn.execute("SELECT * FROM products WHERE id = ? AND status = 1",
                           (parse_int(form.get("product")),)).fetchone()
    if product is None:
        return redirect(request, "/wishlist/", "This product is no longer available.", "error")
    conn.execute("INSERT OR IGNORE INTO wishlist_items (customer_id, product_id, added_at) VALUES (?,?,?)",
                 (customer["id"], product["id"], now()))
    return redirect(request, "/wishlist/", f"{product['name']} has been added to your Wish List.")


def _wish_item(request: Request, form: dict[str, str]):
    return db(request).execute(
        "SELECT w.id AS item_id, p.* FROM wishlist_items w JOIN products p ON p.id = w.product_id"
        " WHERE w.id = ? AND w.customer_id = ?", (parse_int(form.get("item")), current_customer(request)["id"])
    ).fetchone()


@form_view
def wishlist_remove(request: Request, form: dict[str, str]) -> Response:
    if current_customer(request) is None:
        return login_redirect(request, "/wishlist/")
    item = _wish_item(request, form)
    if item is None:
        return redirect(request, "/wishlist/")
    db(request).execute("DELETE FROM wishlist_items WHERE id = ?", (item["item_id"],))
    return redirect(request, "/wishlist/", f"{item['name']} has been removed from your Wish List.")


@form_view
def wishlist_cart(request: Request, form: dict[str, str]) -> Response:
    """Move a wish list item into the cart (Magento's default: it leaves the wish list)."""
    customer = current_customer(request)
    if customer is None:
        return login_redirect(request, "/wishlist/")
    item = _wish_item(request, form)
    if item is None:
        return redirect(request, "/wishlist/")
    error = add_to_cart(db(request), customer["id"], item, 1)
    if error:
        return redirect(request, "/wishlist/", error, "error")
    db(request).execute("DELETE FROM wishlist_items WHERE id = ?", (item["item_id"],))
    return redirect(request, "/wishlist/", f"You added {item['name']} to your shopping cart.")


# --- address book ---------------------------------------------------------------------------


@require_customer
def address_book(request: Request) -> Response:
    conn = db(request)
    cid = current_customer(request)["id"]
    rows = conn.execute("SELECT * FROM addresses WHERE customer_id = ? ORDER BY id", (cid,)).fetchall()
    billing = next((a for a in rows if a["is_default_billing"]), None)
    shipping = next((a for a in rows if a["is_default_shipping"]), None)
    others = [a for a in rows if not a["is_default_billing"] and not a["is_default_shipping"]]
    return render(request, "address_book.html", dict(title="Address Book", billing=billing, shipping=shipping,
                                                     others=others, section="address"))


def _address_form(request: Request, address, values, errors) -> Response:
    return render(request, "address_edit.html", dict(
        title="Edit Address" if address else "Add New Address", address=address, values=values, errors=errors,
        section="address", messages=[["error", "Please correct the highlighted fields below."]] if errors else []))


def _load_address(request: Request):
    aid = request.path_params.get("address_id")
    if aid is None:
        return None, False
    row = db(request).execute("SELECT * FROM addresses WHERE id = ? AND customer_id = ?",
                              (parse_int(aid), current_customer(request)["id"])).fetchone()
    return row, row is None


@require_customer
def address_edit(request: Request) -> Response:
    address, missing = _load_address(request)
    if missing:
        return not_found(request)
    values = address_values(address)
    if address is None:
        c = current_customer(request)
        values.update(firstname=c["firstname"], lastname=c["lastname"])
    values["default_billing"] = "1" if address is not None and address["is_default_billing"] else ""
    values["default_shipping"] = "1" if address is not None and address["is_default_shipping"] else ""
    return _address_form(request, address, values, {})


@form_view
def address_edit_post(request: Request, form: dict[str, str]) -> Response:
    customer = current_customer(request)
    if customer is None:
        return login_redirect(request, "/customer/address/")
    address, missing = _load_address(request)
    if missing:
        return not_found(request)
    conn = db(request)
    values, errors = validate_address(form)
    values["default_billing"] = "1" if form.get("default_billing") else ""
    values["default_shipping"] = "1" if form.get("default_shipping") else ""
    if errors:
        return _address_form(request, address, values, errors)
    cols = (values["firstname"], values["lastname"], values["company"], street_of(values), values["city"],
            values["region"], values["postcode"], values["country_id"], values["telephone"])
    if address is None:
        aid = conn.execute(
            "INSERT INTO addresses (customer_id, firstname, lastname, company, street, city, region, postcode,"
            " country_id, telephone) VALUES (?,?,?,?,?,?,?,?,?,?)", (customer["id"], *cols)).lastrowid
    else:
        aid = address["id"]
        conn.execute("UPDATE addresses SET firstname = ?, lastname = ?, company = ?, street = ?, city = ?,"
                     " region = ?, postcode = ?, country_id = ?, telephone = ? WHERE id = ?", (*cols, aid))
    for kind in ("billing", "shipping"):
        has_default = conn.execute(f"SELECT 1 FROM addresses WHERE customer_id = ? AND is_default_{kind} = 1"
                                   " AND id != ?", (customer["id"], aid)).fetchone()
        if values[f"default_{kind}"] or not has_default:
            conn.execute(f"UPDATE addresses SET is_default_{kind} = (id = ?) WHERE customer_id = ?",
                         (aid, customer["id"]))
    return redirect(request, "/customer/address/", "You saved the address.")


# --- reviews, newsletter, contact ------------------------------------------------------------


@require_customer
def my_reviews(request: Request) -> Response:
    reviews = db(request).execute(
        "SELECT r.*, p.name AS product_name, p.slug FROM reviews r JOIN products p ON p.id = r.product_id"
        " WHERE r.customer_id = ? ORDER BY r.created_at DESC, r.id DESC", (current_customer(request)["id"],)
    ).fetchall()
    return render(request, "my_reviews.html", dict(title="My Product Reviews", reviews=reviews, section="reviews"))


@require_customer
def newsletter(request: Request) -> Response:
    return render(request, "newsletter.html", dict(title="Newsletter Subscription", section="newsletter"))


@form_view
def newsletter_post(request: Request, form: dict[str, str]) -> Response:
    customer = current_customer(request)
    if customer is None:
        return login_redirect(request, "/newsletter/manage/")
    subscribed = 1 if form.get("is_subscribed") else 0
    db(request).execute("UPDATE customers SET newsletter_subscribed = ? WHERE id = ?", (subscribed, customer["id"]))
    msg = "We have saved your subscription." if subscribed else "We have removed your newsletter subscription."
    return redirect(request, "/customer/account/", msg)


def contact(request: Request) -> Response:
    c = current_customer(request)
    values = dict(name=f"{c['firstname']} {c['lastname']}" if c else "", email=c["email"] if c else "",
                  telephone="", comment="")
    return render(request, "contact.html", dict(title="Contact Us", values=values, errors={}))


@form_view
def contact_post(request: Request, form: dict[str, str]) -> Response:
    values = {k: (form.get(k) or "").strip() for k in ("name", "email", "telephone", "comment")}
    errors = {k: "This is a required field." for k in ("name", "email", "comment") if not values[k]}
    if values["email"] and not EMAIL_RE.match(values["email"]):
        errors["email"] = "Please enter a valid email address (Ex: johndoe@domain.com)."
    if errors:
        return render(request, "contact.html", dict(title="Contact Us", values=values, errors=errors))
    customer = current_customer(request)
    db(request).execute(
        "INSERT INTO contact_messages (customer_id, name, email, telephone, comment, created_at) VALUES (?,?,?,?,?,?)",
        (customer["id"] if customer else None, values["name"], values["email"], values["telephone"],
         values["comment"], now()))
    return redirect(request, "/contact/", "Thanks for contacting us with your comments and questions. "
                                          "We'll respond to you very soon.")
