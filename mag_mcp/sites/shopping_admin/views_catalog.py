"""Catalog: the products grid, the product form (edit / new), categories, product images."""

from __future__ import annotations

import sqlite3
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from ..shopping.media import product_image
from ..shopping.seed import slugify
from . import grid as g
from .common import (
    form_view,
    not_found,
    now,
    parse_int,
    parse_money,
    redirect,
    render,
    require_admin,
)

STATUS_OPTIONS = (("1", "Enabled"), ("0", "Disabled"))
STOCK_OPTIONS = (("1", "In Stock"), ("0", "Out of Stock"))

PRODUCTS_GRID = g.Grid(
    columns=[
        g.Column("id", "ID", "p.id", num=True),
        g.Column("thumbnail", "Thumbnail"),
        g.Column("name", "Name", "p.name COLLATE NOCASE"),
        g.Column("type", "Type"),
        g.Column("sku", "SKU", "p.sku"),
        g.Column("price", "Price", "p.price", num=True),
        g.Column("qty", "Quantity", "p.qty", num=True),
        g.Column("visibility", "Visibility"),
        g.Column("status", "Status", "p.status"),
        g.Column("action", "Action"),
    ],
    filters=[
        g.Filter("id", "ID", "range", "p.id"),
        g.Filter("price", "Price", "range", "p.price"),
        g.Filter("qty", "Quantity", "range", "p.qty"),
        g.Filter("name", "Name", "text", "p.name"),
        g.Filter("sku", "SKU", "text", "p.sku"),
        g.Filter("status", "Status", "select", "p.status", STATUS_OPTIONS),
    ],
    search=["p.name", "p.sku", "p.brand"],
    default_sort="id", default_dir="asc", tiebreak="p.id")


@require_admin
def products(request: Request) -> Response:
    grid = g.run_grid(request, db(request), PRODUCTS_GRID, "p.*", "FROM products p WHERE 1")
    return render(request, "products.html", dict(title="Products", g=grid))


def _leaf_categories(conn: sqlite3.Connection) -> list[tuple[int, str]]:
    cats = {r["id"]: r for r in conn.execute("SELECT * FROM categories")}
    parents = {r["parent_id"] for r in cats.values()}
    out = []
    for cid, c in cats.items():
        if cid in parents:
            continue
        path, cur = [], c
        while cur is not None:
            path.append(cur["name"])
            cur = cats.get(cur["parent_id"])
        out.append((cid, " / ".join(reversed(path))))
    return sorted(out, key=lambda x: x[1].lower())


def _form_page(request: Request, product: sqlite3.Row | None, values: dict[str, Any],
               errors: dict[str, str] | None = None, status_code: int = 200) -> Response:
    conn = db(request)
    title = product["name"] if product else "New Product"
    return render(request, "product_edit.html", dict(
        title=title, product=product, values=values, errors=errors or {},
        categories=_leaf_categories(conn), stock_options=STOCK_OPTIONS,
        messages=[["error", m] for m in (errors or {}).values()][:1]), status_code=status_code)


def _values_of(product: sqlite3.Row) -> dict[str, Any]:
    return dict(status="1" if product["status"] else "0", name=product["name"], sku=product["sku"],
                price=f"{product['price']:.2f}", qty=str(product["qty"]),
                stock_status="1" if product["qty"] > 0 else "0", category_id=str(product["category_id"]),
                brand=product["brand"], description=product["description"])


@require_admin
def product_edit(request: Request) -> Response:
    product = db(request).execute("SELECT * FROM products WHERE id = ?",
                                  (request.path_params["product_id"],)).fetchone()
    if product is None:
        return not_found(request, "product")
    return _form_page(request, product, _values_of(product))


@require_admin
def product_new(request: Request) -> Response:
    values = dict(status="1", name="", sku="", price="", qty="0", stock_status="1", category_id="", brand="",
                  description="")
    return _form_page(request, None, values)


@form_view
def product_save(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    pid = request.path_params.get("product_id")
    product = None
    if pid is not None:
        product = conn.execute("SELECT * FROM products WHERE id = ?", (pid,)).fetchone()
        if product is None:
            return not_found(request, "product")
    values = {k: (form.get(k) or "").strip() for k in ("name", "sku", "price", "qty", "stock_status", "category_id",
                                                          "brand")}
    values["description"] = (form.get("description") or "").replace("\r\n", "\n").strip()
    values["status"] = "1" if form.get("status") else "0"
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
    in_stock = values["stock_status"] != "0"
    if not errors and in_stock and qty == 0:
        errors["qty"] = "A product that is In Stock needs a Quantity greater than 0."
    category_id = parse_int(values["category_id"])
    if category_id not in {c for c, _ in _leaf_categories(conn)}:
        errors["category_id"] = "Please select a category."
    if errors:
        return _form_page(request, product, values, errors)
    assert price is not None and qty is not None
    stock = qty if in_stock else 0
    cols = (values["name"], values["sku"], round(price, 2), stock, int(values["status"]), category_id,
            values["brand"], values["description"])
    if product is not None:
        conn.execute("UPDATE products SET name = ?, sku = ?, price = ?, qty = ?, status = ?, category_id = ?,"
                     " brand = ?, description = ? WHERE id = ?", (*cols, product["id"]))
        pid = product["id"]
    else:
        slug = base = slugify(values["name"]) or "product"
        n = 2
        while conn.execute("SELECT 1 FROM products WHERE slug = ? UNION SELECT 1 FROM categories WHERE url_path = ?",
                           (slug, slug)).fetchone():
            slug, n = f"{base}-{n}", n + 1
        pid = conn.execute(
            "INSERT INTO products (name, sku, price, qty, status, category_id, brand, description, slug, created_at)"
            " VALUES (?,?,?,?,?,?,?,?,?,?)", (*cols, slug, now())).lastrowid
    return redirect(request, f"/admin/catalog/product/edit/id/{pid}/", "You saved the product.")


@require_admin
def categories(request: Request) -> Response:
    conn = db(request)
    rows = conn.execute(
        "SELECT c.*, (SELECT COUNT(*) FROM products p WHERE p.category_id = c.id) AS direct FROM categories c"
        " ORDER BY c.url_path").fetchall()
    counts: dict[int, int] = {r["id"]: r["direct"] for r in rows}
    by_id = {r["id"]: r for r in rows}
    for r in rows:  # add each category's products to its ancestors
        cur = by_id.get(r["parent_id"])
        while cur is not None:
            counts[cur["id"]] += r["direct"]
            cur = by_id.get(cur["parent_id"])
    return render(request, "categories.html", dict(title="Categories", rows=rows, counts=counts))


def product_thumbnail(request: Request) -> Response:
    """The storefront's product image, served on the admin's origin."""
    pid = request.path_params["product_id"]
    if db(request).execute("SELECT 1 FROM products WHERE id = ?", (pid,)).fetchone() is None:
        return Response(status_code=404)
    return product_image(request)
