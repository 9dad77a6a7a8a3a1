"""Catalog > Categories: the category tree (with product counts, subcategories included) beside
the selected category's form (Enable Category, Include in Menu, Name; Content, Display Settings,
Search Engine Optimization, Products in Category, Design), and saving it.

The name is the shop's own column (the storefront shows it); the other settings are the
admin's (`category_attribute_values`, a row only where a value differs from the default). The
URL key is shown, not edited: the storefront's category paths depend on it.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import form_view, not_found, parse_int, redirect, render, require_admin

DISPLAY_MODES = (("PRODUCTS", "Products only"), ("PAGE", "Static block only"),
                 ("PRODUCTS_AND_PAGE", "Static block and products"))
SORT_BY = (("position", "Position"), ("name", "Product Name"), ("price", "Price"))
LAYOUTS = (("", "No layout updates"), ("1column", "1 column"), ("2columns-left", "2 columns with left bar"),
           ("2columns-right", "2 columns with right bar"), ("3columns", "3 columns"))
DEFAULTS = {"is_active": "1", "include_in_menu": "1", "description": "", "display_mode": "PRODUCTS", "is_anchor": "1",
            "default_sort_by": "position", "meta_title": "", "meta_keywords": "", "meta_description": "",
            "page_layout": "", "landing_page": ""}
PRODUCTS_PER_PAGE = 20


def tree(conn: sqlite3.Connection) -> list[dict[str, Any]]:
    """Every category in tree order with its product count (its subcategories' included)."""
    rows = conn.execute(
        "SELECT c.id, c.parent_id, c.name, c.level, c.position, c.url_path, COUNT(p.id) AS direct FROM categories c"
        " LEFT JOIN products p ON p.category_id = c.id GROUP BY c.id").fetchall()
    by_id = {r["id"]: dict(r, total=r["direct"]) for r in rows}
    children: dict[int | None, list[dict[str, Any]]] = {}
    for r in by_id.values():
        children.setdefault(r["parent_id"], []).append(r)
        cur = by_id.get(r["parent_id"])
        while cur is not None:
            cur["total"] += r["direct"]
            cur = by_id.get(cur["parent_id"])
    out: list[dict[str, Any]] = []

    def walk(parent: int | None) -> None:
        for r in sorted(children.get(parent, []), key=lambda x: (x["position"], x["id"])):
            out.append(r)
            walk(r["id"])

    walk(None)
    return out


def _values(conn: sqlite3.Connection, category: sqlite3.Row) -> dict[str, str]:
    values = dict(DEFAULTS, name=category["name"])
    values.update({k: v for k, v in conn.execute(
        "SELECT code, value FROM category_attribute_values WHERE category_id = ?", (category["id"],))})
    return values


def _page(request: Request, category: sqlite3.Row, values: dict[str, str], errors: dict[str, str]) -> Response:
    conn = db(request)
    page = max(1, parse_int(request.query_params.get("p"), 1) or 1)
    ids = [category["id"]] + [r["id"] for r in conn.execute(
        "SELECT id FROM categories WHERE url_path LIKE ?", (category["url_path"] + "/%",))]
    marks = ",".join("?" * len(ids))
    total = conn.execute(f"SELECT COUNT(*) FROM products WHERE category_id IN ({marks})", ids).fetchone()[0]
    products = conn.execute(f"SELECT id, name, sku, price, status, qty FROM products WHERE category_id IN ({marks})"
                            " ORDER BY id LIMIT ? OFFSET ?", [*ids, PRODUCTS_PER_PAGE, (page - 1) * PRODUCTS_PER_PAGE])
    blocks = conn.execute("SELECT identifier, title FROM cms_blocks ORDER BY title").fetchall()
    return render(request, "category_edit.html", dict(
        title=f"{category['name']} (ID: {category['id']})", category=category, values=values, errors=errors,
        tree=tree(conn), products=products.fetchall(), total=total, page=page,
        pages=max(1, -(-total // PRODUCTS_PER_PAGE)), display_modes=DISPLAY_MODES, sort_by=SORT_BY, layouts=LAYOUTS,
        blocks=blocks, messages=[["error", m] for m in errors.values()][:1]))


def _category(request: Request) -> sqlite3.Row | None:
    conn = db(request)
    cid = request.path_params.get("category_id")
    if cid is None:
        return conn.execute("SELECT * FROM categories ORDER BY level, position, id LIMIT 1").fetchone()
    return conn.execute("SELECT * FROM categories WHERE id = ?", (cid,)).fetchone()


@require_admin
def categories(request: Request) -> Response:
    category = _category(request)
    if category is None:
        return not_found(request, "category")
    return _page(request, category, _values(db(request), category), {})


@form_view
def category_save(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    category = _category(request)
    if category is None:
        return not_found(request, "category")
    values = {k: (form.get(k) or "").replace("\r\n", "\n").strip() for k in ("name", *DEFAULTS)}
    for flag in ("is_active", "include_in_menu", "is_anchor"):
        values[flag] = "1" if form.get(flag) else "0"
    errors: dict[str, str] = {}
    if not values["name"]:
        errors["name"] = "The \u201cCategory Name\u201d field is required."
    for key, choices in (("display_mode", DISPLAY_MODES), ("default_sort_by", SORT_BY), ("page_layout", LAYOUTS)):
        if values[key] not in dict(choices):
            errors[key] = "Please select a valid option."
    if errors:
        return _page(request, category, values, errors)
    conn.execute("UPDATE categories SET name = ? WHERE id = ?", (values["name"][:255], category["id"]))
    for code, default in DEFAULTS.items():
        if values[code] == default:
            conn.execute("DELETE FROM category_attribute_values WHERE category_id = ? AND code = ?", (category["id"], code))
        else:
            conn.execute("INSERT INTO category_attribute_values (category_id, code, value) VALUES (?,?,?) ON CONFLICT"
                         " (category_id, code) DO UPDATE SET value = excluded.value", (category["id"], code, values[code]))
    return redirect(request, f"/admin/catalog/category/edit/id/{category['id']}/", "You saved the category.")
