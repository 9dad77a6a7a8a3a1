"""The product attributes the admin shows beyond the shop's own columns, their choices and
their defaults. A product's value lives in `product_attribute_values` only when it differs from
the default, so the table stays small however large the catalog is.

Defaults: weight is derived from the product (id and price, stable across builds); URL key is
the storefront slug and visibility the shop's own column (both saved there, not here); meta
title is the name; tax class "Taxable Goods"; everything else empty or "Use config".
"""

from __future__ import annotations

import sqlite3
from typing import Any

from ..shopping.catalog_data import COUNTRIES
from ..shopping.common import description_of
from .admin_data import ATTRIBUTE_SETS, COUNTRIES_OF_MANUFACTURE, WORLD_COUNTRIES

VISIBILITY = (("1", "Not Visible Individually"), ("2", "Catalog"), ("3", "Search"), ("4", "Catalog, Search"))
TAX_CLASSES = (("0", "None"), ("2", "Taxable Goods"), ("4", "Gift Options"), ("5", "Refund Adjustments"))
YES_NO = (("1", "Yes"), ("0", "No"))
USE_CONFIG_YES_NO = (("", "Use config"), ("1", "Yes"), ("0", "No"))
PAGE_LAYOUTS = (("", "No layout updates"), ("empty", "Empty"), ("1column", "1 column"),
                ("2columns-left", "2 columns with left bar"), ("2columns-right", "2 columns with right bar"),
                ("3columns", "3 columns"), ("product-full-width", "Product -- Full Width"))
OPTIONS_CONTAINERS = (("container2", "Block after Info Column"), ("container1", "Product Info Column"))
BACKORDERS = (("0", "No Backorders"), ("1", "Allow Qty Below 0"), ("2", "Allow Qty Below 0 and Notify Customer"))
WEIGHT_KINDS = (("1", "This item has weight"), ("0", "This item has no weight"))
COUNTRY_CHOICES = tuple([("", " ")] + [(c, c) for c in sorted(set(WORLD_COUNTRIES) | set(COUNTRIES_OF_MANUFACTURE)
                                                                | {n for _, n in COUNTRIES})])
ATTRIBUTE_SET_CHOICES = tuple((name, name) for name in ATTRIBUTE_SETS)
PRICE_DISPLAY = (("0", "Use config"), ("1", "On Gesture"), ("2", "In Cart"), ("3", "Before Order Confirmation"),
                 ("4", "Use config"))

# code -> (label, kind, choices); kind: text | money | date | select | int | decimal | area
FIELDS: dict[str, tuple[str, str, tuple[tuple[str, str], ...]]] = {
    "attribute_set": ("Attribute Set", "select", ATTRIBUTE_SET_CHOICES),
    "tax_class_id": ("Tax Class", "select", TAX_CLASSES),
    "product_has_weight": ("Weight", "select", WEIGHT_KINDS),
    "weight": ("Weight", "decimal", ()),
    "visibility": ("Visibility", "select", VISIBILITY),
    "news_from_date": ("Set Product as New From", "date", ()),
    "news_to_date": ("Set Product as New To", "date", ()),
    "country_of_manufacture": ("Country of Manufacture", "select", COUNTRY_CHOICES),
    "short_description": ("Short Description", "area", ()),
    "url_key": ("URL Key", "text", ()),
    "meta_title": ("Meta Title", "text", ()),
    "meta_keyword": ("Meta Keywords", "area", ()),
    "meta_description": ("Meta Description", "area", ()),
    "page_layout": ("Layout", "select", PAGE_LAYOUTS),
    "options_container": ("Display Product Options In", "select", OPTIONS_CONTAINERS),
    "gift_message_available": ("Allow Gift Message", "select", USE_CONFIG_YES_NO),
    "special_price": ("Special Price", "money", ()),
    "special_from_date": ("Special Price From", "date", ()),
    "special_to_date": ("Special Price To", "date", ()),
    "cost": ("Cost", "money", ()),
    "msrp": ("Minimum Advertised Price", "money", ()),
    "msrp_display_actual_price_type": ("Display Actual Price", "select", PRICE_DISPLAY),
    "manage_stock": ("Manage Stock", "select", YES_NO),
    "min_qty": ("Out-of-Stock Threshold", "int", ()),
    "min_sale_qty": ("Minimum Qty Allowed in Shopping Cart", "int", ()),
    "max_sale_qty": ("Maximum Qty Allowed in Shopping Cart", "int", ()),
    "is_qty_decimal": ("Qty Uses Decimals", "select", YES_NO),
    "is_decimal_divided": ("Allow Multiple Boxes for Shipping", "select", YES_NO),
    "backorders": ("Backorders", "select", BACKORDERS),
    "notify_stock_qty": ("Notify for Quantity Below", "int", ()),
    "enable_qty_increments": ("Enable Qty Increments", "select", YES_NO),
    "qty_increments": ("Qty Increments", "int", ()),
    "website_main": ("Main Website", "select", YES_NO),
    "image_alt": ("Alt Text", "text", ()),
}


def default_weight(product: Any) -> str:
    """A plausible shipping weight in lbs, stable for a product (from its id and price)."""
    base = 0.3 + (product["id"] * 7919 % 97) / 24.0
    return f"{round(base + min(product['price'], 400) / 60.0, 2):g}"


def defaults(product: Any, description: str | None = None) -> dict[str, str]:
    """The admin attributes `product` has unless stored otherwise (`description`: its short
    description when the row does not hold it, see `shopping.common.description_of`)."""
    first_line = (description if description is not None else product["description"] or "").split("\n", 1)[0]
    return {
        "attribute_set": "Default", "tax_class_id": "2", "product_has_weight": "1", "weight": default_weight(product),
        "visibility": str(product["visibility"]) if "visibility" in product.keys() else "4",  # noqa: SIM118 (a Row)
        "news_from_date": "", "news_to_date": "", "country_of_manufacture": "",
        "short_description": "", "url_key": product["slug"], "meta_title": product["name"],
        "meta_keyword": product["name"], "meta_description": first_line[:255], "page_layout": "",
        "options_container": "container2", "gift_message_available": "", "special_price": "",
        "special_from_date": "", "special_to_date": "", "cost": "", "msrp": "", "msrp_display_actual_price_type": "0",
        "manage_stock": "1", "min_qty": "0", "min_sale_qty": "1", "max_sale_qty": "10000", "is_qty_decimal": "0",
        "is_decimal_divided": "0", "backorders": "0", "notify_stock_qty": "1", "enable_qty_increments": "0",
        "qty_increments": "1", "website_main": "1", "image_alt": product["name"],
    }


def attribute_values(conn: sqlite3.Connection, product: Any) -> dict[str, str]:
    """Every admin attribute of `product`: its stored value, else the default."""
    values = defaults(product, description_of(conn, product))
    for code, value in conn.execute("SELECT code, value FROM product_attribute_values WHERE product_id = ?",
                                    (product["id"],)):
        if code in values:
            values[code] = value
    return values


SHOP_COLUMNS = {"url_key": "slug", "visibility": "visibility"}  # attributes that are the shop's own columns


def store_attributes(conn: sqlite3.Connection, product: Any, values: dict[str, str]) -> None:
    """Keep the values that differ from the defaults (the shop's own columns are saved by the caller)."""
    base = defaults(product, description_of(conn, product))
    for code, value in values.items():
        if code not in FIELDS or code in SHOP_COLUMNS:
            continue
        if value == base.get(code, ""):
            conn.execute("DELETE FROM product_attribute_values WHERE product_id = ? AND code = ?", (product["id"], code))
        else:
            conn.execute("INSERT INTO product_attribute_values (product_id, code, value) VALUES (?,?,?)"
                         " ON CONFLICT (product_id, code) DO UPDATE SET value = excluded.value",
                         (product["id"], code, value))
