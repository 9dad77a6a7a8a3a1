"""Compare Products (Magento's catalog/product_compare) and Advanced Search (catalogsearch/advanced)."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from . import listing
from .common import (
    DESCRIPTION_SQL,
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

MAX_COMPARE = 8


@form_view
def compare_add(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    back = safe_path(form.get("return"), "/catalog/product_compare/")
    customer = current_customer(request)
    if customer is None:
        return login_redirect(request, back)
    product = conn.execute("SELECT id, name FROM products WHERE id = ? AND status = 1 AND visibility != 1",
                           (parse_int(form.get("product")),)).fetchone()
    if product is None:
        return redirect(request, back, "This product is no longer available.", "error")
    count = conn.execute("SELECT COUNT(*) FROM compare_items WHERE customer_id = ?", (customer["id"],)).fetchone()[0]
    if count >= MAX_COMPARE:
        return redirect(request, back, f"You can compare up to {MAX_COMPARE} products.", "error")
    conn.execute("INSERT OR IGNORE INTO compare_items (customer_id, product_id, added_at) VALUES (?,?,?)",
                 (customer["id"], product["id"], now()))
    return redirect(request, back, f"You added product {product['name']} to the comparison list.")


@form_view
def compare_remove(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    customer = current_customer(request)
    if customer is None:
        return login_redirect(request, "/catalog/product_compare/")
    conn.execute("DELETE FROM compare_items WHERE customer_id = ? AND product_id = ?",
                 (customer["id"], parse_int(form.get("product"))))
    return redirect(request, "/catalog/product_compare/", "You removed the product from the comparison list.")


@form_view
def compare_clear(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    customer = current_customer(request)
    if customer is None:
        return login_redirect(request, "/catalog/product_compare/")
    conn.execute("DELETE FROM compare_items WHERE customer_id = ?", (customer["id"],))
    return redirect(request, "/catalog/product_compare/", "You cleared the comparison list.")


@require_customer
def compare(request: Request) -> Response:
    conn = db(request)
    ids = [r[0] for r in conn.execute("SELECT product_id FROM compare_items WHERE customer_id = ? ORDER BY id",
                                      (current_customer(request)["id"],))]
    products = listing.page_products(conn, ids)
    specs: dict[int, dict[str, str]] = {}
    for pid, raw in conn.execute("SELECT product_id, specs FROM content.product_texts WHERE product_id IN"
                                 " (SELECT value FROM json_each(?))", (json.dumps(ids),)):
        specs[pid] = dict(json.loads(raw))
    labels = list(dict.fromkeys(label for s in specs.values() for label in s))
    return render(request, "compare.html", dict(title="Compare Products", products=products, specs=specs,
                                                labels=labels))


# The attributes Magento's advanced search lists as multi-selects ("Use in Advanced Search"):
# the manufacturer (our brand), the configurable options colour and size, and the material (a
# product's "Material" in its More Information specs).
ATTRIBUTES = (("brand", "Manufacturer"), ("color", "Color"), ("size", "Size"), ("material", "Material"),
              ("tax_class_id", "Tax Class"))
# Magento's product tax classes (the admin's, shopping_admin.product_defaults.TAX_CLASSES): a product's
# class is in product_attribute_values when it is not the default, Taxable Goods (2).
TAX_CLASSES = {"None": "0", "Taxable Goods": "2", "Gift Options": "4", "Refund Adjustments": "5"}
TAX_CLASS_SQL = ("COALESCE((SELECT a.value FROM product_attribute_values a WHERE a.product_id = p.id"
                 " AND a.code = 'tax_class_id'), '2') IN (SELECT value FROM json_each(?))")
# The short description: the description's first paragraph (the product page's overview).
SHORT_DESCRIPTION_SQL = (f"substr({DESCRIPTION_SQL}, 1, instr({DESCRIPTION_SQL} || char(10), char(10)) - 1)")
MATERIAL_SQL = ("EXISTS (SELECT 1 FROM content.product_texts t, json_each(t.specs) j WHERE t.product_id = p.id"
                " AND j.value->>0 = 'Material' AND j.value->>1 IN (SELECT value FROM json_each(?)))")


def _attribute_options(conn) -> dict[str, list[str]]:
    """Each attribute's values in the catalogue (the options of its multi-select)."""
    def compute() -> dict[str, list[str]]:
        return {
            "brand": [r[0] for r in conn.execute(
                f"SELECT DISTINCT p.brand FROM products p WHERE {listing.SHOWN} ORDER BY p.brand")],
            "color": [r[0] for r in conn.execute(
                "SELECT DISTINCT color FROM products WHERE status = 1 AND color != '' ORDER BY color")],
            "size": [r[0] for r in conn.execute(
                "SELECT size FROM products WHERE status = 1 AND size != '' GROUP BY size"
                " ORDER BY MIN(id)")],
            "material": [r[0] for r in conn.execute(
                "SELECT DISTINCT j.value->>1 AS v FROM content.product_texts t, json_each(t.specs) j"
                " WHERE j.value->>0 = 'Material' ORDER BY v")],
            "tax_class_id": list(TAX_CLASSES),
        }
    return listing.cached(conn, ("advanced-options",), compute)


def _advanced_form(request: Request, values: dict[str, Any], messages: list | None = None) -> Response:
    ctx: dict[str, Any] = {"title": "Advanced Search", "values": values, "attributes": ATTRIBUTES,
                           "options": _attribute_options(db(request))}
    if messages:
        ctx["messages"] = messages
    return render(request, "advanced_search.html", ctx)


def advanced(request: Request) -> Response:
    return _advanced_form(request, {})


def advanced_result(request: Request) -> Response:
    """Products whose name, SKU and description hold the given texts and whose price is in range."""
    conn = db(request)
    qp = request.query_params
    values = {k: (qp.get(k) or "").strip() for k in ("name", "sku", "description", "short_description",
                                                     "price_from", "price_to")}
    where, params, asked = [], [], []
    for key, column, label in (("name", "p.name", "Name"), ("sku", "p.sku", "SKU"),
                               ("description", DESCRIPTION_SQL, "Description"),
                               ("short_description", SHORT_DESCRIPTION_SQL, "Short Description")):
        if values[key]:
            where.append(f"{column} LIKE ?")
            params.append(f"%{values[key]}%")
            asked.append(f"{label}: {values[key]}")
    for key, op, label in (("price_from", ">=", "Price from"), ("price_to", "<=", "Price to")):
        value = parse_float(values[key])
        if value is not None:
            where.append(f"p.price {op} ?")
            params.append(value)
            asked.append(f"{label}: {value:.2f}")
    for key, label in ATTRIBUTES:
        chosen = [v for v in qp.getlist(f"{key}[]") if v]  # not `brand`/`color`: the layered navigation's
        values[key] = chosen
        if not chosen:
            continue
        if key == "brand":
            where.append("p.brand IN (SELECT value FROM json_each(?))")
            params.append(json.dumps(chosen))
        elif key == "material":
            where.append(MATERIAL_SQL)
            params.append(json.dumps(chosen))
        elif key == "tax_class_id":
            where.append(TAX_CLASS_SQL)
            params.append(json.dumps([TAX_CLASSES.get(v, "") for v in chosen]))
        else:  # a configurable product matches through its variants
            where.append(f"(p.{key} IN (SELECT value FROM json_each(?)) OR EXISTS (SELECT 1 FROM products k"
                         f" WHERE k.parent_id = p.id AND k.status = 1 AND k.{key} IN (SELECT value FROM json_each(?))))")
            params += [json.dumps(chosen)] * 2
        asked.append(f"{label}: {', '.join(chosen)}")
    if not where:
        return _advanced_form(request, values, [["error", "Enter a search term and try again."]])
    rows = listing.candidates(conn, " AND ".join(where), params)
    ctx: dict[str, Any] = dict(title="Advanced Search Results", q=None, category=None, advanced=asked,
                               category_filters=[], corrections={})
    ctx.update(listing.listing_context(request, conn, rows, "name"))
    return render(request, "listing.html", ctx)


def parse_float(value: str) -> float | None:
    try:
        return float(value) if value else None
    except ValueError:
        return None
