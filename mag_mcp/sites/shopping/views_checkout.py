"""Shopping cart, one-page checkout and the order success page."""

from __future__ import annotations

import re
import secrets
import sqlite3
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .catalog_data import COUNTRIES, US_STATES
from .common import (
    SESSION_COOKIE,
    current_customer,
    form_view,
    login_redirect,
    now,
    parse_int,
    redirect,
    render,
    require_customer,
    safe_path,
)
from .seed import PAYMENT_METHOD, SHIPPING_METHODS, shipping_cost

STATE_NAMES = {name for _, name in US_STATES}
COUNTRY_CODES = {code for code, _ in COUNTRIES}
ADDRESS_FIELDS = ("firstname", "lastname", "company", "street_1", "street_2", "city", "region", "postcode",
                  "country_id", "telephone")


# --- cart ------------------------------------------------------------------


CHOOSE_OPTIONS = "You need to choose options for your item."


def cart_rows(conn: sqlite3.Connection, customer_id: int) -> list[dict[str, Any]]:
    """The customer's cart lines. A configurable product's child shows under its parent's
    name and link, with its options ("Size: M, Color: Black")."""
    rows = conn.execute(
        "SELECT ci.id AS item_id, ci.qty AS cart_qty, p.*, parent.name AS parent_name, parent.slug AS parent_slug"
        " FROM cart_items ci JOIN products p ON p.id = ci.product_id LEFT JOIN products parent ON parent.id = p.parent_id"
        " WHERE ci.customer_id = ? ORDER BY ci.id", (customer_id,)).fetchall()
    out = []
    for r in rows:
        line = dict(r, row_total=round(r["price"] * r["cart_qty"], 2), options="")
        if r["parent_name"]:
            line.update(name=r["parent_name"], slug=r["parent_slug"],
                        options=option_text(r["size"], r["color"]))
        out.append(line)
    return out


def option_text(size: str, color: str) -> str:
    return ", ".join(f"{k}: {v}" for k, v in (("Size", size), ("Color", color)) if v)


def resolve_variant(conn: sqlite3.Connection, product: sqlite3.Row, form: dict[str, str]) -> sqlite3.Row | None:
    """The child of configurable `product` with the chosen colour and size (None when an option is missing)."""
    color = (form.get("super_attribute_color") or "").strip()
    size = (form.get("super_attribute_size") or "").strip()
    return conn.execute("SELECT * FROM products WHERE parent_id = ? AND status = 1 AND color = ? AND size = ?",
                        (product["id"], color, size)).fetchone()


def add_to_cart(conn: sqlite3.Connection, customer_id: int, product: sqlite3.Row, qty: int) -> str | None:
    """Add `qty` of `product`; returns an error message or None."""
    if product["type_id"] == "configurable":
        return CHOOSE_OPTIONS
    label = product["name"]
    if product["parent_id"] is not None:
        parent = conn.execute("SELECT name FROM products WHERE id = ?", (product["parent_id"],)).fetchone()
        label = f"{parent['name']} ({option_text(product['size'], product['color'])})" if parent else label
    if product["qty"] <= 0:
        return f"{label} is out of stock."
    # one atomic upsert, so concurrent adds of the same product never lose an update
    conn.execute(
        "INSERT INTO cart_items (customer_id, product_id, qty, added_at) VALUES (?,?,?,?)"
        " ON CONFLICT(customer_id, product_id) DO UPDATE SET qty = cart_items.qty + excluded.qty",
        (customer_id, product["id"], qty, now()))
    total = conn.execute("SELECT qty FROM cart_items WHERE customer_id = ? AND product_id = ?",
                         (customer_id, product["id"])).fetchone()["qty"]
    if total > product["qty"]:
        conn.execute("UPDATE cart_items SET qty = qty - ? WHERE customer_id = ? AND product_id = ?",
                     (qty, customer_id, product["id"]))
        conn.execute("DELETE FROM cart_items WHERE customer_id = ? AND product_id = ? AND qty <= 0",
                     (customer_id, product["id"]))
        return f"The requested qty is not available. Only {product['qty']} left in stock."
    return None


@require_customer
def cart(request: Request) -> Response:
    conn = db(request)
    rows = cart_rows(conn, current_customer(request)["id"])
    subtotal = round(sum(r["row_total"] for r in rows), 2)
    return render(request, "cart.html", dict(title="Shopping Cart", rows=rows, subtotal=subtotal,
                                             total_qty=sum(r["cart_qty"] for r in rows)))


@form_view
def cart_add(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    back = safe_path(form.get("return"), "/checkout/cart/")
    customer = current_customer(request)
    if customer is None:
        return login_redirect(request, back)
    product = conn.execute("SELECT * FROM products WHERE id = ? AND status = 1",
                           (parse_int(form.get("product")),)).fetchone()
    if product is None:
        return redirect(request, back, "This product is no longer available.", "error")
    qty = parse_int(form.get("qty"), 1)
    if qty is None or qty < 1:
        return redirect(request, back, "Please enter a quantity greater than 0.", "error")
    name = product["name"]
    if product["type_id"] == "configurable":
        variant = resolve_variant(conn, product, form)
        if variant is None:  # Magento sends the shopper to the product page to choose
            return redirect(request, f"/{product['slug']}.html", CHOOSE_OPTIONS, "notice")
        product = variant
    error = add_to_cart(conn, customer["id"], product, qty)
    if error:
        return redirect(request, back, error, "error")
    return redirect(request, back, f"You added {name} to your shopping cart.")


@form_view
def cart_add_group(request: Request, form: dict[str, str]) -> Response:
    """Add one of each checked product (`item_<product id>` fields: "Recently Ordered" in the
    account sidebar)."""
    conn = db(request)
    customer = current_customer(request)
    if customer is None:
        return login_redirect(request, "/checkout/cart/")
    ids = [i for i in (parse_int(k.removeprefix("item_")) for k in form if k.startswith("item_")) if i is not None]
    if not ids:
        return redirect(request, "/sales/order/history/", "Please select products to add to your cart.", "error")
    errors = []
    for pid in ids:
        product = conn.execute("SELECT * FROM products WHERE id = ? AND status = 1", (pid,)).fetchone()
        error = "This product is no longer available." if product is None else add_to_cart(
            conn, customer["id"], product, 1)
        if error:
            errors.append(error)
    if errors:
        return redirect(request, "/checkout/cart/", " ".join(errors), "error")
    return redirect(request, "/checkout/cart/", "The products were added to your shopping cart.")


@form_view
def cart_update(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    customer = current_customer(request)
    if customer is None:
        return login_redirect(request, "/checkout/cart/")
    errors = []
    for row in cart_rows(conn, customer["id"]):
        key = f"qty_{row['item_id']}"
        if key not in form:
            continue
        qty = parse_int(form[key])
        if qty is None or qty < 0:
            errors.append(f"Please enter a valid quantity for {row['name']}.")
        elif qty == 0:
            conn.execute("DELETE FROM cart_items WHERE id = ?", (row["item_id"],))
        elif qty > row["qty"]:
            errors.append(f"The requested qty of {row['name']} is not available. Only {row['qty']} left in stock.")
        else:
            conn.execute("UPDATE cart_items SET qty = ? WHERE id = ?", (qty, row["item_id"]))
    if errors:
        return redirect(request, "/checkout/cart/", " ".join(errors), "error")
    return redirect(request, "/checkout/cart/", "Your shopping cart has been updated.")


@form_view
def cart_delete(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    customer = current_customer(request)
    if customer is None:
        return login_redirect(request, "/checkout/cart/")
    row = conn.execute(
        "SELECT ci.id, p.name FROM cart_items ci JOIN products p ON p.id = ci.product_id"
        " WHERE ci.id = ? AND ci.customer_id = ?", (parse_int(form.get("item_id")), customer["id"])).fetchone()
    if row is None:
        return redirect(request, "/checkout/cart/")
    conn.execute("DELETE FROM cart_items WHERE id = ?", (row["id"],))
    return redirect(request, "/checkout/cart/", f"You removed {row['name']} from your shopping cart.")


# --- addresses -------------------------------------------------------------------


def address_values(addr: sqlite3.Row | None) -> dict[str, str]:
    if addr is None:
        return {k: "" for k in ADDRESS_FIELDS} | {"country_id": "US"}
    lines = addr["street"].split("\n")
    return dict(firstname=addr["firstname"], lastname=addr["lastname"], company=addr["company"],
                street_1=lines[0], street_2=" ".join(lines[1:]), city=addr["city"], region=addr["region"],
                postcode=addr["postcode"], country_id=addr["country_id"], telephone=addr["telephone"])


def validate_address(form: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    values = {k: " ".join((form.get(k) or "").split()) for k in ADDRESS_FIELDS}
    errors: dict[str, str] = {}
    for key in ("firstname", "lastname", "street_1", "city", "postcode", "country_id", "telephone"):
        if not values[key]:
            errors[key] = "This is a required field."
    if values["country_id"] and values["country_id"] not in COUNTRY_CODES:
        errors["country_id"] = "Please select a valid country."
    if values["country_id"] == "US":
        if not values["region"]:
            errors["region"] = "This is a required field."
        elif values["region"] not in STATE_NAMES:
            errors["region"] = "Please select a valid state."
        if values["postcode"] and not re.fullmatch(r"\d{5}(-\d{4})?", values["postcode"]):
            errors["postcode"] = "Please enter a valid ZIP code (Ex: 90602 or 90602-1234)."
    if values["telephone"] and len(re.sub(r"\D", "", values["telephone"])) < 7:
        errors["telephone"] = "Please enter a valid phone number."
    return values, errors


def default_address(conn: sqlite3.Connection, customer_id: int, kind: str = "shipping") -> sqlite3.Row | None:
    return conn.execute(
        f"SELECT * FROM addresses WHERE customer_id = ? ORDER BY is_default_{kind} DESC, id LIMIT 1",
        (customer_id,)).fetchone()


def street_of(values: dict[str, str]) -> str:
    return "\n".join(v for v in (values["street_1"], values["street_2"]) if v)


# --- checkout -----------------------------------------------------------------------


def _checkout_page(request: Request, rows: list[dict], values: dict[str, str], errors: dict[str, str],
                   method: str | None) -> Response:
    subtotal = round(sum(r["row_total"] for r in rows), 2)
    total_qty = sum(r["cart_qty"] for r in rows)
    methods = [dict(code=code, name=name, label=f"{name} (${price:.2f} {'per item' if per_item else 'per order'})",
                    cost=shipping_cost(code, total_qty))
               for code, (name, price, per_item) in SHIPPING_METHODS.items()]
    shipping = shipping_cost(method, total_qty) if method in SHIPPING_METHODS else None
    messages = [["error", "Please correct the highlighted fields below."]] if errors else []
    return render(request, "checkout.html", dict(
        title="Checkout", rows=rows, values=values, errors=errors, method=method, methods=methods,
        subtotal=subtotal, total_qty=total_qty, shipping=shipping,
        grand_total=round(subtotal + (shipping or 0), 2), payment_method=PAYMENT_METHOD, messages=messages))


@require_customer
def checkout(request: Request) -> Response:
    conn = db(request)
    customer = current_customer(request)
    rows = cart_rows(conn, customer["id"])
    if not rows:
        return redirect(request, "/checkout/cart/", "Your shopping cart is empty.", "notice")
    values = address_values(default_address(conn, customer["id"]))
    if not values["firstname"]:
        values.update(firstname=customer["firstname"], lastname=customer["lastname"])
    return _checkout_page(request, rows, values, {}, None)


@form_view
def checkout_post(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    customer = current_customer(request)
    if customer is None:
        return login_redirect(request, "/checkout/")
    rows = cart_rows(conn, customer["id"])
    if not rows:
        return redirect(request, "/checkout/cart/", "Your shopping cart is empty.", "notice")
    values, errors = validate_address(form)
    method = form.get("shipping_method")
    if method not in SHIPPING_METHODS:
        errors["shipping_method"] = "Please specify a shipping method."
        method = None
    short = [r for r in rows if r["cart_qty"] > r["qty"] or r["status"] != 1]
    if short:
        errors["cart"] = "Not all of your products are available in the requested quantity: " + ", ".join(
            r["name"] for r in short) + "."
    if errors:
        return _checkout_page(request, rows, values, errors, method)
    total_qty = sum(r["cart_qty"] for r in rows)
    subtotal = round(sum(r["row_total"] for r in rows), 2)
    ship = shipping_cost(method, total_qty)
    cur = conn.execute(
        "INSERT INTO orders (increment_id, customer_id, status, created_at, shipping_firstname, shipping_lastname,"
        " shipping_company, shipping_street, shipping_city, shipping_region, shipping_postcode,"
        " shipping_country_id, shipping_telephone, shipping_method, payment_method, total_qty, subtotal,"
        " shipping_amount, grand_total) VALUES (?,?,'pending',?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (f"tmp-{secrets.token_hex(8)}", customer["id"], now(), values["firstname"], values["lastname"],
         values["company"], street_of(values), values["city"], values["region"], values["postcode"],
         values["country_id"], values["telephone"], SHIPPING_METHODS[method][0], PAYMENT_METHOD, total_qty,
         subtotal, ship, round(subtotal + ship, 2)))
    order_id = cur.lastrowid
    conn.execute("UPDATE orders SET increment_id = ? WHERE id = ?", (f"{order_id:09d}", order_id))
    for r in rows:
        conn.execute(
            "INSERT INTO order_items (order_id, product_id, sku, name, price, qty, row_total, product_options)"
            " VALUES (?,?,?,?,?,?,?,?)",
            (order_id, r["id"], r["sku"], r["name"], r["price"], r["cart_qty"], r["row_total"], r["options"]))
        conn.execute("UPDATE products SET qty = MAX(qty - ?, 0) WHERE id = ?", (r["cart_qty"], r["id"]))
    conn.execute("DELETE FROM cart_items WHERE customer_id = ?", (customer["id"],))
    conn.execute("UPDATE sessions SET last_order_id = ? WHERE token = ?",
                 (order_id, request.cookies.get(SESSION_COOKIE)))
    return redirect(request, "/checkout/onepage/success/")


@require_customer
def checkout_success(request: Request) -> Response:
    conn = db(request)
    customer = current_customer(request)
    order = conn.execute(
        "SELECT o.* FROM sessions s JOIN orders o ON o.id = s.last_order_id WHERE s.token = ? AND o.customer_id = ?",
        (request.cookies.get(SESSION_COOKIE), customer["id"])).fetchone()
    if order is None:
        return redirect(request, "/checkout/cart/")
    return render(request, "success.html", dict(title="Success Page", order=order))

