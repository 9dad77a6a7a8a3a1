"""Stores: All Stores, Configuration (saved to `store_config`), Terms and Conditions, Order Status,
Tax Rules, Tax Zones and Rates, Currency Rates and Symbols, product attributes, attribute sets
and ratings."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from ..shopping.catalog_data import US_STATES
from . import grid as g
from .admin_data import CONFIG_SECTIONS, CONFIG_TABS
from .common import form_view, not_found, parse_money, redirect, render, require_admin
from .grid_pages import GridPage
from .record_forms import Field, RecordForm

YES_NO = (("1", "Yes"), ("0", "No"))
ENABLED = (("1", "Enabled"), ("0", "Disabled"))
REGIONS = (("*", "*"),) + tuple((n, n) for _, n in US_STATES)
SCOPES = (("Store View", "Store View"), ("Website", "Website"), ("Global", "Global"))
CLASSES = (("Retail Customer", "Retail Customer"), ("Tax Exempt Org", "Tax Exempt Org"))
PRODUCT_CLASSES = (("Taxable Goods", "Taxable Goods"), ("Gift Options", "Gift Options"),
                   ("Refund Adjustments", "Refund Adjustments"))

TERMS_GRID = g.Grid(
    key="checkout_agreement_grid",
    columns=[g.Column("id", "ID", "a.id", kind="num"), g.Column("name", "Condition", "a.name"),
             g.Column("is_active", "Status", "a.is_active", kind="enabled"), g.Column("mode", "Applied", "a.mode"),
             g.Column("action", "Action", kind="action", href="/admin/checkout/agreement/edit/id/{id}/", text="Edit",
                      aria="Edit condition {name}")],
    filters=[g.Filter("name", "Condition", "text", "a.name"),
             g.Filter("is_active", "Status", "select", "a.is_active", ENABLED)],
    search=["a.name", "a.content"], default_sort="id", default_dir="asc")
TERMS_FORM = RecordForm(
    base="/admin/checkout/agreement/", key="id", table="checkout_agreements", noun="condition", title_field="name",
    new_title="New Condition",
    fields=[Field("name", "Condition Name", required=True), Field("is_active", "Status", "switch", default="1"),
            Field("mode", "Applied", "select", (("Automatically", "Automatically"), ("Manually", "Manually")),
                  default="Manually"),
            Field("checkbox_text", "Checkbox Text", "area", required=True),
            Field("content", "Content", "area", required=True)])
STATUS_GRID = g.Grid(
    key="order_status_grid",
    columns=[g.Column("label", "Status", "s.label"), g.Column("status", "Status Code", "s.status"),
             g.Column("is_default", "Default Status", "s.is_default", kind="yesno"),
             g.Column("state", "State Code and Title", "s.state"),
             g.Column("visible_on_front", "Visible On Storefront", "s.visible_on_front", kind="yesno")],
    filters=[g.Filter("label", "Status", "text", "s.label"), g.Filter("state", "State Code", "text", "s.state")],
    search=["s.label", "s.status", "s.state"], default_sort="label", default_dir="asc")
RULES_GRID = g.Grid(
    key="tax_rule_grid",
    columns=[g.Column("code", "Tax Rule", "r.code"), g.Column("customer_tax_classes", "Customer Tax Class"),
             g.Column("product_tax_classes", "Product Tax Class"), g.Column("rates", "Tax Rate", kind="long",
                                                                             field="rate_codes"),
             g.Column("priority", "Priority", "r.priority", kind="num"),
             g.Column("position", "Sort Order", "r.position",
                                                                                   kind="num"),
             g.Column("action", "Action", kind="action", href="/admin/tax/rule/edit/rule/{id}/", text="Edit",
                      aria="Edit tax rule {code}")],
    filters=[g.Filter("code", "Tax Rule", "text", "r.code"), g.Filter("rates", "Tax Rate", "text", "r.rate_codes")],
    search=["r.code", "r.rate_codes"], default_sort="code", default_dir="asc")
RULE_FORM = RecordForm(
    base="/admin/tax/rule/", key="rule", table="tax_rules", noun="tax rule", title_field="code", new_title="New Tax Rule",
    fields=[Field("code", "Name", required=True, unique=True, section="Tax Rule Information"),
            Field("rate_codes", "Tax Rate", "area", required=True, section="Tax Rule Information",
                  note="Comma-separated tax rate codes."),
            Field("customer_tax_classes", "Customer Tax Class", "select", CLASSES, section="Additional Settings",
                  default="Retail Customer"),
            Field("product_tax_classes", "Product Tax Class", "select", PRODUCT_CLASSES, section="Additional Settings",
                  default="Taxable Goods"),
            Field("priority", "Priority", "int", section="Additional Settings", default="0"),
            Field("position", "Sort Order", "int", section="Additional Settings", default="0")])
RATES_GRID = g.Grid(
    key="tax_rate_grid",
    columns=[g.Column("code", "Tax Identifier", "t.code"),
             g.Column("country", "Country", "t.country_id", kind="country",
                                                                     field="country_id"),
             g.Column("region", "State/Region", "t.region"), g.Column("postcode", "Zip/Post Code", "t.postcode"),
             g.Column("rate", "Rate", "t.rate", kind="num"),
             g.Column("action", "Action", kind="action", href="/admin/tax/rate/edit/rate/{id}/", text="Edit",
                      aria="Edit tax rate {code}")],
    filters=[g.Filter("code", "Tax Identifier", "text", "t.code"),
             g.Filter("region", "State/Region", "select", "t.region",
                                                                             REGIONS),
             g.Filter("rate", "Rate", "range", "t.rate")],
    search=["t.code", "t.region", "t.postcode"], default_sort="code", default_dir="asc")
RATE_FORM = RecordForm(
    base="/admin/tax/rate/", key="rate", table="tax_rates", noun="tax rate", title_field="code", new_title="New Tax Rate",
    fields=[Field("code", "Tax Identifier", required=True, unique=True),
            Field("country_id", "Country", "select", (("US", "United States"),), default="US"),
            Field("region", "State", "select", REGIONS, default="*"), Field("postcode", "Zip/Post Code", default="*"),
            Field("rate", "Rate Percent", "decimal", required=True)],
    validate=lambda conn, v, rid: {"rate": "The rate must be 100% or less."} if (v.get("rate") or 0) > 100 else {})
ATTRIBUTES_GRID = g.Grid(
    key="product_attribute_grid",
    columns=[g.Column("code", "Attribute Code", "a.code"), g.Column("label", "Default Label", "a.label"),
             g.Column("is_required", "Required", "a.is_required", kind="yesno"),
             g.Column("is_user_defined", "System", "a.is_user_defined", kind="yesno", field="is_system"),
             g.Column("is_visible_on_front", "Visible", "a.is_visible_on_front", kind="yesno"),
             g.Column("scope", "Scope", "a.scope"),
             g.Column("is_searchable", "Searchable", "a.is_searchable", kind="yesno"),
             g.Column("is_filterable", "Use in Layered Navigation", "a.is_filterable", kind="yesno"),
             g.Column("is_comparable", "Comparable", "a.is_comparable", kind="yesno"),
             g.Column("input_type", "Catalog Input Type", "a.input_type", visible=False),
             g.Column("action", "Action", kind="action", href="/admin/catalog/product_attribute/edit/attribute_id/{id}/",
                      text="Edit", aria="Edit attribute {code}")],
    filters=[g.Filter("code", "Attribute Code", "text", "a.code"),
             g.Filter("label", "Default Label", "text", "a.label"),
             g.Filter("is_required", "Required", "select", "a.is_required", YES_NO),
             g.Filter("is_searchable", "Searchable", "select", "a.is_searchable", YES_NO)],
    search=["a.code", "a.label"], default_sort="code", default_dir="asc")
ATTRIBUTE_FORM = RecordForm(
    base="/admin/catalog/product_attribute/", key="attribute_id", table="product_attributes", noun="product attribute",
    title_field="label", new_title="New Product Attribute",
    fields=[Field("label", "Default Label", required=True, section="Attribute Properties"),
            Field("input_type", "Catalog Input Type for Store Owner", "select", tuple(
                (t, t) for t in ("Text Field", "Text Area", "Text Editor", "Page Builder", "Date", "Yes/No", "Multiple Select",
                                 "Dropdown", "Price", "Weight")), section="Attribute Properties", default="Text Field"),
            Field("is_required", "Values Required", "switch", section="Attribute Properties"),
            Field("code", "Attribute Code", required=True, unique=True, section="Advanced Attribute Properties"),
            Field("scope", "Scope", "select", SCOPES, section="Advanced Attribute Properties", default="Store View"),
            Field("is_searchable", "Use in Search", "switch", section="Storefront Properties"),
            Field("is_filterable", "Use in Layered Navigation", "switch", section="Storefront Properties"),
            Field("is_comparable", "Comparable on Storefront", "switch", section="Storefront Properties"),
            Field("is_visible_on_front", "Visible on Catalog Pages on Storefront", "switch", section="Storefront Properties")],
    insert_values=lambda conn: {"is_user_defined": 1})
SETS_GRID = g.Grid(
    key="attribute_set_grid",
    columns=[g.Column("name", "Set", "s.name"), g.Column("attributes", "Attributes", "attributes", kind="num"),
             g.Column("action", "Action", kind="action", href="/admin/catalog/product_set/edit/id/{id}/", text="Edit",
                      aria="Edit attribute set {name}")],
    filters=[g.Filter("name", "Set", "text", "s.name")], search=["s.name"], default_sort="name", default_dir="asc")
SET_FORM = RecordForm(
    base="/admin/catalog/product_set/", key="id", table="attribute_sets", noun="attribute set", title_field="name",
    new_title="Add New Attribute Set", protected_ids=(1,),
    fields=[Field("name", "Name", required=True, unique=True),
            Field("attribute_codes", "Groups", "area", note="The attribute codes of the set, comma-separated.")])
RATINGS_GRID = g.Grid(
    key="rating_grid",
    columns=[g.Column("id", "ID", "r.id", kind="num"), g.Column("code", "Rating", "r.code"),
             g.Column("position", "Sort Order", "r.position", kind="num"),
             g.Column("is_active", "Is Active", "r.is_active", kind="badge", labels=(("1", "Active"), ("0", "Inactive"))),
             g.Column("action", "Action", kind="action", href="/admin/review/rating/edit/id/{id}/", text="Edit",
                      aria="Edit rating {code}")],
    filters=[g.Filter("code", "Rating", "text", "r.code")], search=["r.code"], default_sort="position", default_dir="asc")
RATING_FORM = RecordForm(
    base="/admin/review/rating/", key="id", table="ratings", noun="rating", title_field="code", new_title="New Rating",
    fields=[Field("code", "Default Value", required=True, unique=True), Field("position", "Sort Order", "int", default="0"),
            Field("is_active", "Is Active", "switch", default="1")])

PAGES = [
    GridPage("/admin/checkout/agreement/", "Terms and Conditions", TERMS_GRID, "a.*", "FROM checkout_agreements a WHERE 1",
             id_sql="a.id", buttons=(("Add New Condition", TERMS_FORM.base + "new/"),)),
    GridPage("/admin/sales/order_status/", "Order Status", STATUS_GRID, "s.*", "FROM order_statuses s WHERE 1",
             id_sql="s.status"),
    GridPage("/admin/tax/rule/", "Tax Rules", RULES_GRID, "r.*", "FROM tax_rules r WHERE 1", id_sql="r.id",
             buttons=(("Add New Tax Rule", RULE_FORM.base + "new/"),)),
    GridPage("/admin/tax/rate/", "Tax Zones and Rates", RATES_GRID, "t.*", "FROM tax_rates t WHERE 1", id_sql="t.id",
             buttons=(("Add New Tax Rate", RATE_FORM.base + "new/"),)),
    GridPage("/admin/catalog/product_attribute/", "Product Attributes", ATTRIBUTES_GRID,
             "a.*, 1 - a.is_user_defined AS is_system", "FROM product_attributes a WHERE 1", id_sql="a.id",
             buttons=(("Add New Attribute", ATTRIBUTE_FORM.base + "new/"),)),
    GridPage("/admin/catalog/product_set/", "Attribute Sets", SETS_GRID,
             "s.*, length(s.attribute_codes) - length(replace(s.attribute_codes, ',', '')) + 1 AS attributes",
             "FROM attribute_sets s WHERE 1", id_sql="s.id", buttons=(("Add Attribute Set", SET_FORM.base + "new/"),)),
    GridPage("/admin/review/rating/", "Ratings", RATINGS_GRID, "r.*", "FROM ratings r WHERE 1", id_sql="r.id",
             buttons=(("Add New Rating", RATING_FORM.base + "new/"),)),
]
FORMS = [TERMS_FORM, RULE_FORM, RATE_FORM, ATTRIBUTE_FORM, SET_FORM, RATING_FORM]


# --- stores, configuration, currency -------------------------------------------------------------------

@require_admin
def stores(request: Request) -> Response:
    return render(request, "stores.html", dict(title="Stores"))


@require_admin
def config(request: Request) -> Response:
    section = request.path_params.get("section", "general")
    if section not in CONFIG_SECTIONS:
        return not_found(request, "configuration section")
    conn = db(request)
    values = dict(conn.execute("SELECT path, value FROM store_config"))
    fields = [(path, label, values.get(path, default)) for path, label, default in CONFIG_SECTIONS[section]]
    return render(request, "config.html", dict(title="Configuration", section=section, tabs=CONFIG_TABS, fields=fields))


@form_view
def config_save(request: Request, form: dict[str, str]) -> Response:
    section = request.path_params["section"]
    if section not in CONFIG_SECTIONS:
        return not_found(request, "configuration section")
    conn = db(request)
    for path, label, _ in CONFIG_SECTIONS[section]:
        if path in form:
            value = (form.get(path) or "").strip()[:500]
            if not value:
                return redirect(request, f"/admin/admin/system_config/edit/section/{section}/",
                                f"\u201c{label}\u201d is a required value.", "error")
            conn.execute("INSERT INTO store_config (path, value) VALUES (?,?) ON CONFLICT (path) DO UPDATE"
                         " SET value = excluded.value", (path, value))
    return redirect(request, f"/admin/admin/system_config/edit/section/{section}/", "You saved the configuration.")


@require_admin
def currency(request: Request) -> Response:
    conn = db(request)
    return render(request, "currency.html", dict(
        title="Currency Rates", kind="rates",
        rows=conn.execute("SELECT r.*, s.name FROM currency_rates r JOIN currency_symbols s ON s.code = r.currency_to"
                          " ORDER BY r.currency_to = 'USD' DESC, r.currency_to").fetchall()))


@require_admin
def currency_symbols(request: Request) -> Response:
    conn = db(request)
    return render(request, "currency.html", dict(
        title="Currency Symbols", kind="symbols",
        rows=conn.execute("SELECT * FROM currency_symbols ORDER BY code = 'USD' DESC, code").fetchall()))


@form_view
def currency_save(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    kind = request.path_params["kind"]
    if kind == "rates":
        for (code,) in conn.execute("SELECT currency_to FROM currency_rates WHERE currency_to != 'USD'").fetchall():
            raw = form.get(f"rate[USD][{code}]")
            if raw is None:
                continue
            rate = parse_money(raw)
            if rate is None or rate <= 0:
                return redirect(request, "/admin/admin/system_currency/", f"Please correct the input data for {code}.",
                                "error")
            conn.execute("UPDATE currency_rates SET rate = ? WHERE currency_from = 'USD' AND currency_to = ?",
                         (round(rate, 4), code))
        return redirect(request, "/admin/admin/system_currency/", "All valid rates have been saved.")
    for (code,) in conn.execute("SELECT code FROM currency_symbols").fetchall():
        symbol = (form.get(f"custom_currency_symbol[{code}]") or "").strip()[:8]
        default = 1 if form.get(f"inherit_custom_currency_symbol[{code}]") else 0
        if symbol:
            conn.execute("UPDATE currency_symbols SET symbol = ?, use_default = ? WHERE code = ?", (symbol, default, code))
    return redirect(request, "/admin/admin/system_currencysymbol/", "You applied the custom currency symbols.")
