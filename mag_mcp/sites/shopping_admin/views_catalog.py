"""Catalog > Products: the products grid (Delete / Change status mass actions) and the product
form in Magento's collapsible sections; the product pictures served on the admin's origin.
Saving the form is `catalog_save`."""

from __future__ import annotations

import sqlite3
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from ..shopping.common import description_of
from ..shopping.media import product_image
from . import grid as g
from . import product_defaults as pd
from .common import not_found, render, require_admin
from .grid_pages import GridPage

STATUS_OPTIONS = (("1", "Enabled"), ("0", "Disabled"))
STOCK_OPTIONS = (("1", "In Stock"), ("0", "Out of Stock"))
TYPE_LABELS = (("simple", "Simple Product"), ("configurable", "Configurable Product"), ("virtual", "Virtual Product"))
VISIBILITY_LABELS = pd.VISIBILITY


def attr(code: str) -> str:
    return f"(SELECT value FROM product_attribute_values WHERE product_id = p.id AND code = '{code}')"


PRODUCTS_GRID = g.Grid(
    key="product_listing",
    columns=[
        g.Column("id", "ID", "p.id", kind="num"),
        g.Column("thumbnail", "Thumbnail", kind="thumb", href="/admin/media/catalog/product/{id}.png?size=64"),
        g.Column("name", "Name", "p.name COLLATE NOCASE", kind="link", href="/admin/catalog/product/edit/id/{id}/"),
        g.Column("type", "Type", "p.type_id", kind="option", labels=TYPE_LABELS, field="type_id"),
        g.Column("attribute_set", "Attribute Set"),
        g.Column("sku", "SKU", "p.sku"),
        g.Column("price", "Price", "p.price", kind="money"),
        g.Column("qty", "Quantity", "p.qty", kind="num"),
        g.Column("salable", "Salable Quantity"),
        g.Column("visibility", "Visibility", "p.visibility", kind="option", labels=VISIBILITY_LABELS),
        g.Column("status", "Status", "p.status", kind="option", labels=STATUS_OPTIONS),
        g.Column("websites", "Websites"),
        g.Column("brand", "Manufacturer", "p.brand", visible=False),
        g.Column("category", "Categories", visible=False),
        g.Column("special_price", "Special Price", kind="money", visible=False),
        g.Column("cost", "Cost", kind="money", visible=False),
        g.Column("weight", "Weight", visible=False),
        g.Column("country_of_manufacture", "Country of Manufacture", visible=False),
        g.Column("url_key", "URL Key", "p.slug", visible=False, field="slug"),
        g.Column("color", "Color", "p.color", visible=False),
        g.Column("size", "Size", "p.size", visible=False),
        g.Column("rating", "Rating", "p.rating_summary", kind="num", visible=False, field="rating_summary"),
        g.Column("created_at", "Created", "p.created_at", kind="datetime", visible=False),
        g.Column("action", "Action", kind="action", href="/admin/catalog/product/edit/id/{id}/", text="Edit",
                 aria="Edit {name}"),
    ],
    filters=[
        g.Filter("id", "ID", "range", "p.id"),
        g.Filter("price", "Price", "range", "p.price"),
        g.Filter("qty", "Quantity", "range", "p.qty"),
        g.Filter("name", "Name", "text", "p.name"),
        g.Filter("sku", "SKU", "text", "p.sku"),
        g.Filter("brand", "Manufacturer", "text", "p.brand"),
        g.Filter("status", "Status", "select", "p.status", STATUS_OPTIONS),
        g.Filter("visibility", "Visibility", "select", "p.visibility", VISIBILITY_LABELS),
        g.Filter("type", "Type", "select", "p.type_id", TYPE_LABELS),
        g.Filter("attribute_set", "Attribute Set", "select", f"COALESCE({attr('attribute_set')}, 'Default')",
                 pd.ATTRIBUTE_SET_CHOICES),
        g.Filter("websites", "Websites", "select", "'1'", (("1", "Main Website"),)),
    ],
    search=["p.name", "p.sku", "p.brand"],
    default_sort="id", default_dir="asc", tiebreak="p.id",
    mass_actions=(g.MassAction("delete", "Delete", "Are you sure you want to delete {n} selected item(s)?"),
                  g.MassAction("enable", "Change status: Enable"), g.MassAction("disable", "Change status: Disable")),
    select_aria="Select {name}")
PRODUCTS_SELECT = (
    "p.*, COALESCE(" + attr("attribute_set") + ", 'Default') AS attribute_set,"
    " 'Default Stock: ' || p.qty AS salable,"
    " 'Main Website' AS websites, (SELECT name FROM categories WHERE id = p.category_id) AS category,"
    f" {attr('special_price')} AS special_price, {attr('cost')} AS cost, {attr('weight')} AS weight,"
    f" {attr('country_of_manufacture')} AS country_of_manufacture")


def products_page(apply: Any) -> GridPage:
    return GridPage(path="/admin/catalog/product/", title="Products", grid=PRODUCTS_GRID, select=PRODUCTS_SELECT,
                    from_where="FROM products p WHERE 1", id_sql="p.id", two_phase=True, apply=apply,
                    buttons=(("Add Product", "/admin/catalog/product/new/"),))


# --- the product form ----------------------------------------------------------------------------------

def category_choices(conn: sqlite3.Connection) -> list[tuple[int, str]]:
    """Leaf categories as (id, "Top / Middle / Leaf"), sorted by that path."""
    cats = {r["id"]: r for r in conn.execute("SELECT id, parent_id, name FROM categories")}
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


def form_context(conn: sqlite3.Connection, product: sqlite3.Row | None, values: dict[str, Any],
                 errors: dict[str, str] | None = None) -> dict[str, Any]:
    pid = product["id"] if product else 0
    links = {kind: conn.execute(
        "SELECT l.position, p.id, p.name, p.sku, p.price, p.status FROM product_links l JOIN products p"
        " ON p.id = l.linked_product_id WHERE l.product_id = ? AND l.link_type = ? ORDER BY l.position, p.id",
        (pid, kind)).fetchall() for kind in ("related", "upsell", "crosssell")}
    options = conn.execute("SELECT * FROM product_options WHERE product_id = ? ORDER BY sort_order, id", (pid,)).fetchall()
    option_values = {o["id"]: conn.execute("SELECT * FROM product_option_values WHERE option_id = ? ORDER BY sort_order",
                                           (o["id"],)).fetchall() for o in options}
    tiers = conn.execute("SELECT t.*, COALESCE(cg.code, 'ALL GROUPS') AS group_code FROM product_tier_prices t"
                         " LEFT JOIN customer_groups cg ON cg.id = t.customer_group_id WHERE t.product_id = ?"
                         " ORDER BY t.qty", (pid,)).fetchall()
    stats = conn.execute("SELECT COUNT(DISTINCT oi.order_id) AS orders, COALESCE(SUM(oi.qty), 0) AS qty FROM order_items oi"
                         " WHERE oi.product_id = ?", (pid,)).fetchone()
    reviews = conn.execute("SELECT id, nickname, summary, rating, status, created_at FROM reviews WHERE product_id = ?"
                           " ORDER BY created_at DESC, id DESC LIMIT 10", (pid,)).fetchall()
    groups = conn.execute("SELECT id, code FROM customer_groups ORDER BY id").fetchall()
    return dict(
        title=product["name"] if product else "New Product", product=product, values=values, errors=errors or {},
        categories=category_choices(conn), stock_options=STOCK_OPTIONS, fields=pd.FIELDS, links=links,
        options=options, option_values=option_values, tiers=tiers, stats=stats, reviews=reviews, groups=groups,
        variants=_variants(conn, product), parent=_parent(conn, product),
        messages=[["error", m] for m in (errors or {}).values()][:1])


def _variants(conn: sqlite3.Connection, product: sqlite3.Row | None) -> list[sqlite3.Row]:
    """A configurable product's simple products (its size / color variants)."""
    if product is None or product["type_id"] != "configurable":
        return []
    return conn.execute("SELECT id, name, sku, price, qty, status, color, size FROM products WHERE parent_id = ?"
                        " ORDER BY id", (product["id"],)).fetchall()


def _parent(conn: sqlite3.Connection, product: sqlite3.Row | None) -> sqlite3.Row | None:
    if product is None or product["parent_id"] is None:
        return None
    return conn.execute("SELECT id, name, sku FROM products WHERE id = ?", (product["parent_id"],)).fetchone()


def values_of(conn: sqlite3.Connection, product: sqlite3.Row) -> dict[str, Any]:
    values: dict[str, Any] = dict(
        status="1" if product["status"] else "0", name=product["name"], sku=product["sku"],
        price=f"{product['price']:.2f}", qty=str(product["qty"]), stock_status="1" if product["qty"] > 0 else "0",
        category_id=str(product["category_id"]), brand=product["brand"], description=description_of(conn, product))
    values.update(pd.attribute_values(conn, product))
    return values


def new_values() -> dict[str, Any]:
    blank = dict(id=0, price=0.0, slug="", name="", description="", visibility=4)
    values: dict[str, Any] = dict(status="1", name="", sku="", price="", qty="0", stock_status="1", category_id="",
                                  brand="", description="")
    values.update(pd.defaults(blank))
    values.update(weight="", url_key="", meta_title="", meta_keyword="", meta_description="", image_alt="")
    return values


# the product form's scope switcher: (store query value, label, depth); the shop has one store view
STORE_SCOPES = (("", "All Store Views", 0), ("website_1", "Main Website", 1), ("group_1", "Main Website Store", 2),
                ("1", "Default Store View", 3))


def form_page(request: Request, product: sqlite3.Row | None, values: dict[str, Any],
              errors: dict[str, str] | None = None, status_code: int = 200) -> Response:
    ctx = form_context(db(request), product, values, errors)
    scope = request.query_params.get("store", "")
    scope = scope if scope in ("", "1") else ""
    ctx.update(store_scopes=STORE_SCOPES, store_scope=scope,
               store_label="Default Store View" if scope else "All Store Views")
    return render(request, "product_edit.html", ctx, status_code=status_code)


@require_admin
def product_edit(request: Request) -> Response:
    conn = db(request)
    product = conn.execute("SELECT * FROM products WHERE id = ?", (request.path_params["product_id"],)).fetchone()
    if product is None:
        return not_found(request, "product")
    return form_page(request, product, values_of(conn, product))


@require_admin
def product_new(request: Request) -> Response:
    return form_page(request, None, new_values())


def product_thumbnail(request: Request) -> Response:
    """The storefront's product image, served on the admin's origin."""
    pid = request.path_params["product_id"]
    if db(request).execute("SELECT 1 FROM products WHERE id = ?", (pid,)).fetchone() is None:
        return Response(status_code=404)
    return product_image(request)
