"""The admin's main menu: Magento 2.4's menu tree (sections, groups, items), every item a
working page of this site.

The menu bar shows the sections; clicking one opens its flyout (`?menu=<section>` on the
current page, as a second page load: the site has no scripts). Every section's flyout is in
the page, hidden unless open, as in Magento, where the whole tree ships with each page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from starlette.requests import Request

from mag_mcp.sites.web import url_with


@dataclass(frozen=True)
class Section:
    key: str
    label: str
    icon: str
    landing: str | None  # a section that is a page itself (Dashboard), else None
    groups: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]  # (group title, ((item, url), ...))


MENU: tuple[Section, ...] = (
    Section("dashboard", "Dashboard", "\u25d4", "/admin/dashboard/", ()),
    Section("sales", "Sales", "$", None, (
        ("Operations", (("Orders", "/admin/sales/order/"), ("Invoices", "/admin/sales/invoice/"),
                        ("Shipments", "/admin/sales/shipment/"), ("Credit Memos", "/admin/sales/creditmemo/"),
                        ("Billing Agreements", "/admin/paypal/billing_agreement/"),
                        ("Transactions", "/admin/sales/transactions/"))),
    )),
    Section("catalog", "Catalog", "\u25a6", None, (
        ("Inventory", (("Products", "/admin/catalog/product/"),)),
        ("Categories", (("Categories", "/admin/catalog/category/"),)),
    )),
    Section("customer", "Customers", "\u263a", None, (
        ("Customers", (("All Customers", "/admin/customer/index/"), ("Now Online", "/admin/customer/online/"),
                       ("Customer Groups", "/admin/customer/group/"))),
    )),
    Section("marketing", "Marketing", "\u2709", None, (
        ("Promotions", (("Catalog Price Rule", "/admin/catalog_rule/promo_catalog/"),
                        ("Cart Price Rules", "/admin/sales_rule/promo_quote/"))),
        ("Communications", (("Email Templates", "/admin/admin/email_template/"),
                            ("Newsletter Templates", "/admin/newsletter/template/"),
                            ("Newsletter Queue", "/admin/newsletter/queue/"),
                            ("Newsletter Subscribers", "/admin/newsletter/subscriber/"))),
        ("SEO & Search", (("URL Rewrites", "/admin/admin/url_rewrite/index/"),
                          ("Search Terms", "/admin/search/term/index/"),
                          ("Search Synonyms", "/admin/search/synonyms/index/"),
                          ("Site Map", "/admin/admin/sitemap/"))),
        ("User Content", (("All Reviews", "/admin/review/product/"),
                          ("Pending Reviews", "/admin/review/product/pending/"))),
    )),
    Section("content", "Content", "\u25a4", None, (
        ("Elements", (("Pages", "/admin/cms/page/"), ("Blocks", "/admin/cms/block/"),
                      ("Widgets", "/admin/admin/widget_instance/"))),
        ("Design", (("Configuration", "/admin/theme/design_config/"), ("Themes", "/admin/admin/system_design_theme/"),
                    ("Schedule", "/admin/admin/system_design/"))),
    )),
    Section("reports", "Reports", "\u2593", None, (
        ("Marketing", (("Products in Cart", "/admin/reports/report_shopcart/product/"),
                       ("Search Terms", "/admin/reports/index/search/"),
                       ("Abandoned Carts", "/admin/reports/report_shopcart/abandoned/"),
                       ("Newsletter Problem Reports", "/admin/newsletter/problem/"))),
        ("Reviews", (("By Customers", "/admin/reports/report_review/customer/"),
                     ("By Products", "/admin/reports/report_review/product/"))),
        ("Sales", (("Orders", "/admin/reports/report_sales/sales/"), ("Tax", "/admin/reports/report_sales/tax/"),
                   ("Invoiced", "/admin/reports/report_sales/invoiced/"),
                   ("Shipping", "/admin/reports/report_sales/shipping/"),
                   ("Refunds", "/admin/reports/report_sales/refunded/"),
                   ("Coupons", "/admin/reports/report_sales/coupons/"))),
        ("Customers", (("Order Total", "/admin/reports/report_customer/totals/"),
                       ("Order Count", "/admin/reports/report_customer/orders/"),
                       ("New", "/admin/reports/report_customer/accounts/"))),
        ("Products", (("Views", "/admin/reports/report_product/viewed/"),
                      ("Bestsellers", "/admin/reports/report_sales/bestsellers/"),
                      ("Low Stock", "/admin/reports/report_product/lowstock/"),
                      ("Ordered", "/admin/reports/report_product/sold/"))),
        ("Statistics", (("Refresh Statistics", "/admin/reports/report_statistics/"),)),
    )),
    Section("stores", "Stores", "\u2302", None, (
        ("Settings", (("All Stores", "/admin/admin/system_store/"), ("Configuration", "/admin/admin/system_config/"),
                      ("Terms and Conditions", "/admin/checkout/agreement/"),
                      ("Order Status", "/admin/sales/order_status/"))),
        ("Taxes", (("Tax Rules", "/admin/tax/rule/"), ("Tax Zones and Rates", "/admin/tax/rate/"))),
        ("Currency", (("Currency Rates", "/admin/admin/system_currency/"),
                      ("Currency Symbols", "/admin/admin/system_currencysymbol/"))),
        ("Attributes", (("Product", "/admin/catalog/product_attribute/"), ("Attribute Set", "/admin/catalog/product_set/"),
                        ("Rating", "/admin/review/rating/"))),
        ("Other Settings", (("Customer Groups", "/admin/customer/group/"),)),
    )),
    Section("system", "System", "\u2699", None, (
        ("Data Transfer", (("Import", "/admin/admin/import/"), ("Export", "/admin/admin/export/"),
                           ("Import History", "/admin/admin/history/"))),
        ("Extensions", (("Integrations", "/admin/admin/integration/"),)),
        ("Tools", (("Cache Management", "/admin/admin/cache/"), ("Index Management", "/admin/indexer/indexer/list/"))),
        ("Permissions", (("All Users", "/admin/admin/user/"), ("Locked Users", "/admin/admin/locks/"),
                         ("User Roles", "/admin/admin/user_role/"))),
        ("Action Logs", (("Bulk Actions", "/admin/bulk/index/index/"),)),
        ("Other Settings", (("Notifications", "/admin/admin/notification/"),
                            ("Custom Variables", "/admin/admin/system_variable/"),
                            ("Manage Encryption Key", "/admin/admin/crypt_key/"))),
    )),
)

# pages that belong to a section without being one of its items (detail pages live under their grid)
_EXTRA_PREFIXES = (("/admin/review/", "marketing"), ("/admin/system_store", "stores"), ("/admin/system_config", "stores"),
                   ("/admin/sales/order_", "sales"))


def menu_urls() -> list[tuple[str, str, str, str]]:
    """Every menu item: (section label, group title, item label, url)."""
    return [(s.label, group, label, url) for s in MENU for group, items in s.groups for label, url in items]


def _section_of(path: str) -> str:
    """The section whose item's URL is the longest prefix of `path` (ties: the first section)."""
    best, best_len = "", 0
    for s in MENU:
        urls = [s.landing] if s.landing else [u for _, items in s.groups for _, u in items]
        for u in urls:
            stem = u.rstrip("/")
            if stem and (path == stem or path.startswith(stem + "/")) and len(stem) > best_len:
                best, best_len = s.key, len(stem)
    if not best:
        best = next((key for prefix, key in _EXTRA_PREFIXES if path.startswith(prefix)), "")
    return best


def menu_context(request: Request) -> dict[str, Any]:
    """The menu bar's items, the open flyout and every section's flyout for the page."""
    active = _section_of(request.url.path)
    open_key = request.query_params.get("menu", "")
    items, flyouts = [], []
    for s in MENU:
        is_open = s.key == open_key and not s.landing
        if s.landing:
            href = s.landing
        elif is_open:
            href = url_with(request, menu=None)  # a second click closes the flyout
        else:
            href = url_with(request, menu=s.key)
        items.append(dict(key=s.key, label=s.label, icon=s.icon, href=href, active=s.key == active, open=is_open,
                          flyout=not s.landing))
        if not s.landing:
            flyouts.append(dict(key=s.key, label=s.label, groups=s.groups, open=is_open))
    return dict(menu_items=items, flyouts=flyouts, flyout_close=url_with(request, menu=None))
