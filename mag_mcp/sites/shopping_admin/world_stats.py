"""The shop admin's figures for `mag sites stats` (docs/WORLD.md): representative pages to measure
in a browser, and counts of the admin's world (menu sizes, grids, forms, sales documents,
promotions, content) with the issue's minimum for each."""

from __future__ import annotations

import sqlite3

from . import grid as g
from .menu import MENU

# (name, kind, path) on the default state, signed in as the administrator
PAGES: list[tuple[str, str, str]] = [
    ("Dashboard", "home", "/admin/dashboard/"),
    ("Orders grid", "grid", "/admin/sales/order/"),
    ("Products grid", "grid", "/admin/catalog/product/"),
    ("Customers grid", "grid", "/admin/customer/index/"),
    ("Reviews grid", "grid", "/admin/review/product/"),
    ("Invoices grid", "grid", "/admin/sales/invoice/"),
    ("CMS pages grid", "grid", "/admin/cms/page/"),
    ("Product search in the grid", "search", "/admin/catalog/product/?search=cast+iron+skillet"),
    ("Product form", "form", "/admin/catalog/product/edit/id/1/"),
    ("Cart price rule form", "form", "/admin/sales_rule/promo_quote/edit/id/1/"),
    ("Order view", "detail", "/admin/sales/order/view/order_id/1/"),
    ("Customer page", "profile", "/admin/customer/index/edit/id/1/"),
    ("Orders report", "listing", "/admin/reports/report_sales/sales/?from=01/01/2023&to=06/12/2023&period=month"),
]

PRODUCT_FORM_SECTIONS = ("Configurations", "Content", "Images And Videos", "Search Engine Optimization",
                         "Related Products, Up-Sells, and Cross-Sells", "Customizable Options", "Product in Websites",
                         "Design", "Gift Options", "Advanced Pricing", "Advanced Inventory")

TARGETS: dict[str, float] = {
    "menu_sections": 9, "menu_items": 60, "menu_sales_items": 6, "menu_marketing_items": 12,
    "menu_reports_items": 20, "menu_content_items": 6, "grids": 40, "grids_with_mass_actions": 12,
    "grids_with_column_chooser": 40, "product_form_sections": 9, "invoices": 1000, "shipments": 1000,
    "credit_memos": 50, "transactions": 1000, "billing_agreements": 20, "cart_price_rules": 12,
    "catalog_price_rules": 10, "coupons": 100, "cms_pages": 20, "cms_blocks": 20, "search_terms": 1000,
    "url_rewrites": 20000, "customer_groups": 4, "configurable_products": 100,
}


def _count(conn: sqlite3.Connection, sql: str) -> float:
    return float(conn.execute(sql).fetchone()[0] or 0)


def counts(conn: sqlite3.Connection) -> dict[str, float]:
    """The admin's figures on the database `conn` (the shop's seed with the admin's tables)."""
    from . import app  # noqa: F401  (building the routes declares every grid)

    sections = {s.key: sum(len(items) for _, items in s.groups) for s in MENU}
    out: dict[str, float] = {
        "menu_sections": float(len(MENU)), "menu_items": float(sum(sections.values())),
        "menu_sales_items": float(sections["sales"]), "menu_marketing_items": float(sections["marketing"]),
        "menu_reports_items": float(sections["reports"]), "menu_content_items": float(sections["content"]),
        "grids": float(len(g.GRIDS)), "grids_with_mass_actions": float(sum(1 for x in g.GRIDS.values() if x.mass_actions)),
        "grids_with_column_chooser": float(len(g.GRIDS)), "product_form_sections": float(len(PRODUCT_FORM_SECTIONS)),
    }
    for key, sql in {
        "orders": "SELECT COUNT(*) FROM orders", "invoices": "SELECT COUNT(*) FROM invoices",
        "shipments": "SELECT COUNT(*) FROM shipments", "credit_memos": "SELECT COUNT(*) FROM creditmemos",
        "transactions": "SELECT COUNT(*) FROM payment_transactions",
        "billing_agreements": "SELECT COUNT(*) FROM billing_agreements",
        "cart_price_rules": "SELECT COUNT(*) FROM salesrules", "catalog_price_rules": "SELECT COUNT(*) FROM catalogrules",
        "coupons": "SELECT COUNT(*) FROM salesrule_coupons", "cms_pages": "SELECT COUNT(*) FROM cms_pages",
        "cms_blocks": "SELECT COUNT(*) FROM cms_blocks", "search_terms": "SELECT COUNT(*) FROM search_queries",
        "url_rewrites": "SELECT COUNT(*) FROM url_rewrites", "customer_groups": "SELECT COUNT(*) FROM customer_groups",
        "configurable_products": "SELECT COUNT(*) FROM products WHERE type_id = 'configurable'",
    }.items():
        out[key] = _count(conn, sql)
    return out
