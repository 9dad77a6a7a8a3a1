"""Saving the product form (every section: the shop's own columns, the admin attributes, related
products, customizable options, tier prices) and the products grid's mass actions."""

from __future__ import annotations

import sqlite3
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from ..shopping.seed import slugify
from . import product_defaults as pd
from .common import (
    form_view,
    not_found,
    now,
    parse_date,
    parse_int,
    parse_money,
    redirect,
)
from .views_catalog import category_choices, form_page, values_of

CORE = ("name", "sku", "price", "qty", "stock_status", "category_id", "brand")
LINK_KINDS = ("related", "upsell", "crosssell")
OPTION_TYPES = ("field", "area", "drop_down", "checkbox", "radio", "date")


def _read_attributes(form: dict[str, str], errors: dict[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for code, (label, kind, choices) in pd.FIELDS.items():
        if f"product[{code}]" not in form:
            continue
        raw = (form.get(f"product[{code}]") or "").replace("\r\n", "\n").strip()
        if kind == "select" and raw not in {v for v, _ in choices}:
            errors[code] = f"Please select a valid \u201c{label}\u201d."
        elif kind in ("money", "decimal") and raw:
            v = parse_money(raw)
            if v is None or v < 0:
                errors[code] = f"Please enter a number 0 or greater in the \u201c{label}\u201d field."
            else:
                raw = f"{v:.2f}" if kind == "money" else f"{v:g}"
        elif kind == "int" and raw:
            v = parse_int(raw)
            if v is None or v < 0:
                errors[code] = f"Please enter a whole number 0 or greater in the \u201c{label}\u201d field."
            else:
                raw = str(v)
        elif kind == "date" and raw:
            d = parse_date(raw)
            if d is None:
                errors[code] = f"Please enter a valid date (MM/DD/YYYY) in the \u201c{label}\u201d field."
            else:
                raw = d.isoformat()
        out[code] = raw[:2000]
    return out


def _check(conn: sqlite3.Connection, values: dict[str, Any], pid: Any) -> dict[str, str]:
    errors: dict[str, str] = {}
    if not values["name"]:
        errors["name"] = "The \u201cProduct Name\u201d field is required."
    if not values["sku"]:
        errors["sku"] = "The \u201cSKU\u201d field is required."
    elif conn.execute("SELECT 1 FROM products WHERE sku = ? AND id != ?", (values["sku"], pid or 0)).fetchone():
        errors["sku"] = f"The value specified in the SKU field is already used by another product: {values['sku']}."
    price = parse_money(values["price"])
    if price is None or price < 0:
        errors["price"] = "Please enter a number 0 or greater in the \u201cPrice\u201d field."
    qty = parse_int(values["qty"].replace(",", "") if values["qty"] else "0")
    if qty is None or qty < 0:
        errors["qty"] = "Please enter a whole number 0 or greater in the \u201cQuantity\u201d field."
    if not errors and values["stock_status"] != "0" and qty == 0:
        errors["qty"] = "A product that is In Stock needs a Quantity greater than 0."
    if parse_int(values["category_id"]) not in {c for c, _ in category_choices(conn)}:
        errors["category_id"] = "Please select a category."
    key = values.get("url_key", "")
    if key and (slugify(key) != key or conn.execute(
            "SELECT 1 FROM products WHERE slug = ? AND id != ? UNION SELECT 1 FROM categories WHERE url_path = ?",
            (key, pid or 0, key)).fetchone()):
        errors["url_key"] = ("The value specified in the URL Key field would generate a URL that already exists."
                             if slugify(key) == key else "URL key may contain lowercase letters, digits and dashes only.")
    return errors


def _unique_slug(conn: sqlite3.Connection, name: str) -> str:
    slug = base = slugify(name) or "product"
    n = 2
    while conn.execute("SELECT 1 FROM products WHERE slug = ? UNION SELECT 1 FROM categories WHERE url_path = ?",
                       (slug, slug)).fetchone():
        slug, n = f"{base}-{n}", n + 1
    return slug


def _save_relations(conn: sqlite3.Connection, pid: int, form: dict[str, str]) -> str | None:
    """Links, options and tier prices of the form; an error message, or None."""
    for kind in LINK_KINDS:
        for linked in (parse_int(x) for x in (form.get(f"links[{kind}][remove][]") or "").split(",") if x):
            conn.execute("DELETE FROM product_links WHERE product_id = ? AND link_type = ? AND linked_product_id = ?",
                         (pid, kind, linked))
        sku = (form.get(f"links[{kind}][add_sku]") or "").strip()
        if sku:
            other = conn.execute("SELECT id FROM products WHERE sku = ?", (sku,)).fetchone()
            if other is None or other[0] == pid:
                return f"No other product has the SKU {sku}."
            pos = conn.execute("SELECT COALESCE(MAX(position), 0) + 1 FROM product_links WHERE product_id = ?"
                               " AND link_type = ?", (pid, kind)).fetchone()[0]
            conn.execute("INSERT OR IGNORE INTO product_links (product_id, link_type, linked_product_id, position)"
                         " VALUES (?,?,?,?)", (pid, kind, other[0], pos))
    for oid in (parse_int(x) for x in (form.get("options[remove][]") or "").split(",") if x):
        conn.execute("DELETE FROM product_options WHERE id = ? AND product_id = ?", (oid, pid))
    title = (form.get("options[new][title]") or "").strip()
    if title:
        kind = form.get("options[new][type]", "field")
        if kind not in OPTION_TYPES:
            return "Please select an option type."
        price = parse_money(form.get("options[new][price]") or "0")
        if price is None or price < 0:
            return "Please enter an option price 0 or greater."
        order = conn.execute("SELECT COALESCE(MAX(sort_order), 0) + 1 FROM product_options WHERE product_id = ?",
                             (pid,)).fetchone()[0]
        conn.execute("INSERT INTO product_options (product_id, title, type, is_require, price, price_type, sku,"
                     " max_characters, sort_order) VALUES (?,?,?,?,?,'fixed',?,0,?)",
                     (pid, title[:255], kind, int(bool(form.get("options[new][is_require]"))), round(price, 2),
                      (form.get("options[new][sku]") or "").strip()[:64], order))
    for tid in (parse_int(x) for x in (form.get("tier[remove][]") or "").split(",") if x):
        conn.execute("DELETE FROM product_tier_prices WHERE id = ? AND product_id = ?", (tid, pid))
    qty, value = parse_money(form.get("tier[new][qty]")), parse_money(form.get("tier[new][price]"))
    if form.get("tier[new][qty]") or form.get("tier[new][price]"):
        group = parse_int(form.get("tier[new][group]"), 32000)
        if qty is None or qty <= 0 or value is None or value < 0:
            return "Please enter a tier price quantity above 0 and a price 0 or greater."
        conn.execute("INSERT INTO product_tier_prices (product_id, customer_group_id, qty, value) VALUES (?,?,?,?)",
                     (pid, group, qty, round(value, 2)))
    return None


@form_view
def product_save(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    pid = request.path_params.get("product_id")
    product = None
    if pid is not None:
        product = conn.execute("SELECT * FROM products WHERE id = ?", (pid,)).fetchone()
        if product is None:
            return not_found(request, "product")
    values: dict[str, Any] = {k: (form.get(k) or "").strip() for k in CORE}
    values["description"] = (form.get("description") or "").replace("\r\n", "\n").strip()
    values["status"] = "1" if form.get("status") else "0"
    errors: dict[str, str] = {}
    attrs = _read_attributes(form, errors)
    values.update(attrs)
    errors = {**_check(conn, values, pid), **errors}
    if errors:
        shown = {**(values_of(conn, product) if product else {}), **values}
        return form_page(request, product, shown, errors)
    price, qty = parse_money(values["price"]), parse_int(values["qty"].replace(",", "") if values["qty"] else "0")
    assert price is not None and qty is not None
    stock = qty if values["stock_status"] != "0" else 0
    cols = (values["name"], values["sku"], round(price, 2), stock, int(values["status"]), parse_int(values["category_id"]),
            values["brand"], values["description"])
    visibility = int(attrs.get("visibility") or (product["visibility"] if product is not None else 4))
    if product is not None:
        slug = attrs.get("url_key") or product["slug"]
        conn.execute("UPDATE products SET name = ?, sku = ?, price = ?, qty = ?, status = ?, category_id = ?,"
                     " brand = ?, description = ?, slug = ?, visibility = ? WHERE id = ?",
                     (*cols, slug, visibility, product["id"]))
        pid = product["id"]
    else:
        slug = attrs.get("url_key") or _unique_slug(conn, values["name"])
        pid = conn.execute(
            "INSERT INTO products (name, sku, price, qty, status, category_id, brand, description, slug, visibility,"
            " created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)", (*cols, slug, visibility, now())).lastrowid
    saved = conn.execute("SELECT * FROM products WHERE id = ?", (pid,)).fetchone()
    pd.store_attributes(conn, saved, attrs)
    problem = _save_relations(conn, int(pid), form)
    if problem:
        conn.rollback()
        return form_page(request, product, {**(values_of(conn, product) if product else {}), **values},
                         {"relations": problem})
    after = {"new": "/admin/catalog/product/new/", "close": "/admin/catalog/product/"}  # Save & New, Save & Close
    return redirect(request, after.get(form.get("back", ""), f"/admin/catalog/product/edit/id/{pid}/"),
                    "You saved the product.")


def delete_products(conn: sqlite3.Connection, ids: list[int]) -> int:
    """Delete products and what hangs on them; orders keep their items (without the link), and a
    deleted configurable product's variants stay as products of their own."""
    marks = ",".join("?" * len(ids))
    for table in ("reviews", "cart_items", "wishlist_items", "compare_items"):
        conn.execute(f"DELETE FROM {table} WHERE product_id IN ({marks})", ids)
    conn.execute(f"UPDATE order_items SET product_id = NULL WHERE product_id IN ({marks})", ids)
    conn.execute(f"UPDATE products SET parent_id = NULL WHERE parent_id IN ({marks})", ids)  # variants stay
    return conn.execute(f"DELETE FROM products WHERE id IN ({marks})", ids).rowcount


def apply_product_action(conn: sqlite3.Connection, request: Request, action: str, ids: list[int]) -> str:
    if action == "delete":
        return f"A total of {delete_products(conn, ids)} record(s) have been deleted."
    marks = ",".join("?" * len(ids))
    n = conn.execute(f"UPDATE products SET status = ? WHERE id IN ({marks})", [int(action == "enable"), *ids]).rowcount
    return f"A total of {n} record(s) have been updated."
