"""Marketing > Promotions (catalog and cart price rules, with their coupons) and Communications
(e-mail templates, newsletter templates, queue and subscribers): grids and edit forms."""

from __future__ import annotations

import sqlite3
from typing import Any

from starlette.requests import Request

from . import grid as g
from .admin_data import CART_ACTIONS, CATALOG_ACTIONS, CUSTOMER_GROUPS
from .grid_pages import GridPage
from .views_coupons import CODE_FORMATS
from .record_forms import Field, RecordForm

ACTIVE = (("1", "Active"), ("0", "Inactive"))
GROUP_CHOICES = tuple((str(i), code) for i, code, _ in CUSTOMER_GROUPS)
ALL_GROUPS = ",".join(v for v, _ in GROUP_CHOICES)
COUPON_TYPES = (("no_coupon", "No Coupon"), ("specific", "Specific Coupon"), ("auto", "Auto"))
SCOPES = (("Main Website", "Main Website"),)
WEBSITE_CHOICES = (("1", "Main Website"),)


def _rule_columns(coupons: bool) -> list[g.Column]:
    cols = [g.Column("id", "ID", "r.id", kind="num"), g.Column("name", "Rule", "r.name COLLATE NOCASE")]
    if coupons:
        cols.append(g.Column("coupon_code", "Coupon Code", "r.coupon_code"))
    cols += [g.Column("from_date", "Start", "r.from_date", kind="date"),
             g.Column("to_date", "End", "r.to_date", kind="date"),
             g.Column("is_active", "Status", "r.is_active", kind="badge", labels=ACTIVE),
             g.Column("website", "Web Site"), g.Column("sort_order", "Priority", "r.sort_order", kind="num")]
    if coupons:
        cols.append(g.Column("uses", "Uses", "uses", kind="num"))
    return cols


def _rule_filters(coupons: bool) -> list[g.Filter]:
    out = [g.Filter("id", "ID", "range", "r.id"), g.Filter("name", "Rule", "text", "r.name")]
    if coupons:
        out.append(g.Filter("coupon_code", "Coupon Code", "text", "r.coupon_code"))
    return out + [g.Filter("from_date", "Start", "date", "r.from_date"),
                  g.Filter("to_date", "End", "date", "r.to_date"),
                  g.Filter("is_active", "Status", "select", "r.is_active", ACTIVE)]


CART_RULES_GRID = g.Grid(
    key="sales_rule_grid",
    columns=[*_rule_columns(True),
             g.Column("action", "Action", kind="action", href="/admin/sales_rule/promo_quote/edit/id/{id}/",
                      text="Edit", aria="Edit rule {name}")],
    filters=_rule_filters(True), search=["r.name", "r.coupon_code", "r.description"], default_sort="id",
    default_dir="asc")
CATALOG_RULES_GRID = g.Grid(
    key="catalog_rule_grid",
    columns=[*_rule_columns(False), g.Column("action", "Action", kind="action",
                                             href="/admin/catalog_rule/promo_catalog/edit/id/{id}/", text="Edit",
                                             aria="Edit rule {name}")],
    filters=_rule_filters(False), search=["r.name", "r.description", "r.conditions"], default_sort="id",
    default_dir="asc")


def _coupon_check(conn: sqlite3.Connection, values: dict[str, Any], rid: int | None) -> dict[str, str]:
    if "website_ids" in values and not values["website_ids"]:
        values["website_ids"] = "1"  # the one website (a save that names none keeps the rule in it)
    if values.get("coupon_type") == "specific":
        code = values.get("coupon_code") or ""
        if not code:
            return {"coupon_code": "\u201cCoupon Code\u201d is a required value for a Specific Coupon."}
        other = conn.execute("SELECT rule_id FROM salesrule_coupons WHERE code = ?", (code,)).fetchone()
        if other is not None and other[0] != rid:
            return {"coupon_code": f"The coupon code \u201c{code}\u201d is already used by another rule."}
    elif values.get("coupon_code"):
        values["coupon_code"] = None
    if values.get("from_date") and values.get("to_date") and values["to_date"] < values["from_date"]:
        return {"to_date": "The End date must be on or after the Start date."}
    return {}


def _sync_coupon(conn: sqlite3.Connection, rid: int, values: dict[str, Any]) -> None:
    """A Specific Coupon rule owns exactly its one code; switching away drops it."""
    if values.get("coupon_type") == "specific":
        conn.execute("DELETE FROM salesrule_coupons WHERE rule_id = ? AND code != ? AND times_used = 0",
                     (rid, values["coupon_code"]))
        conn.execute("INSERT INTO salesrule_coupons (rule_id, code, created_at, expiration_date) SELECT ?, ?,"
                     " datetime('now'), ? WHERE NOT EXISTS (SELECT 1 FROM salesrule_coupons WHERE code = ?)",
                     (rid, values["coupon_code"], values.get("to_date") or "", values["coupon_code"]))
    elif values.get("coupon_type") == "no_coupon":
        conn.execute("DELETE FROM salesrule_coupons WHERE rule_id = ? AND times_used = 0", (rid,))


def _coupons(conn: sqlite3.Connection, row: sqlite3.Row | None) -> dict[str, Any]:
    if row is None:
        return dict(coupons=[], coupons_total=0, code_formats=CODE_FORMATS)
    rows = conn.execute("SELECT * FROM salesrule_coupons WHERE rule_id = ? ORDER BY id LIMIT 100", (row["id"],)).fetchall()
    total = conn.execute("SELECT COUNT(*) FROM salesrule_coupons WHERE rule_id = ?", (row["id"],)).fetchone()[0]
    return dict(coupons=rows, coupons_total=total, code_formats=CODE_FORMATS)


CART_RULE_FORM = RecordForm(
    base="/admin/sales_rule/promo_quote/", key="id", table="salesrules", noun="rule", title_field="name",
    new_title="New Cart Price Rule", stamps=("created_at",),
    fields=[
        Field("name", "Rule Name", required=True, section="Rule Information"),
        Field("description", "Description", "area", section="Rule Information"),
        Field("is_active", "Active", "switch", section="Rule Information", default="1"),
        Field("website_ids", "Websites", "multiselect", WEBSITE_CHOICES, section="Rule Information", default="1"),
        Field("customer_group_ids", "Customer Groups", "multiselect", GROUP_CHOICES, required=True,
              section="Rule Information", default=ALL_GROUPS),
        Field("coupon_type", "Coupon", "select", COUPON_TYPES, section="Rule Information", default="no_coupon"),
        Field("coupon_code", "Coupon Code", section="Rule Information"),
        Field("uses_per_coupon", "Uses per Coupon", "int", section="Rule Information", default="0"),
        Field("uses_per_customer", "Uses per Customer", "int", section="Rule Information", default="0",
              note="Usage limit enforced for logged in customers only."),
        Field("from_date", "From", "date", section="Rule Information"),
        Field("to_date", "To", "date", section="Rule Information"),
        Field("sort_order", "Priority", "int", section="Rule Information", default="0"),
        Field("is_rss", "Public In RSS Feed", "switch", section="Rule Information", default="1"),
        Field("simple_action", "Apply", "select", tuple(CART_ACTIONS), section="Actions", default="by_percent"),
        Field("discount_amount", "Discount Amount", "decimal", required=True, section="Actions", default="0"),
        Field("discount_qty", "Maximum Qty Discount is Applied To", "decimal", section="Actions", default="0"),
        Field("discount_step", "Discount Qty Step (Buy X)", "int", section="Actions", default="0"),
        Field("apply_to_shipping", "Apply to Shipping Amount", "switch", section="Actions"),
        Field("stop_rules_processing", "Discard subsequent rules", "switch", section="Actions"),
        Field("simple_free_shipping", "Free Shipping", "switch", section="Actions"),
        Field("label", "Default Rule Label for All Store Views", section="Labels"),
        Field("store_label", "Main Website / Main Website Store / Default Store View", section="Labels",
              note="Store View Specific Labels: the label shown in this store view (the default label when empty)."),
    ],
    validate=_coupon_check, after_save=_sync_coupon, extra=_coupons, extra_template="_rule_coupons.html")
CATALOG_RULE_FORM = RecordForm(
    base="/admin/catalog_rule/promo_catalog/", key="id", table="catalogrules", noun="rule", title_field="name",
    new_title="New Catalog Price Rule", stamps=("created_at",),
    fields=[
        Field("name", "Rule Name", required=True, section="Rule Information"),
        Field("description", "Description", "area", section="Rule Information"),
        Field("is_active", "Active", "switch", section="Rule Information", default="1"),
        Field("website", "Websites", "static", section="Rule Information", default="Main Website"),
        Field("customer_group_ids", "Customer Groups", "multiselect", GROUP_CHOICES, required=True,
              section="Rule Information", default=ALL_GROUPS),
        Field("from_date", "From", "date", section="Rule Information"),
        Field("to_date", "To", "date", section="Rule Information"),
        Field("sort_order", "Priority", "int", section="Rule Information", default="0"),
        Field("conditions", "Conditions", "area", section="Conditions",
              note="Apply the rule only if the following conditions are met (e.g. Category is Electronics)."),
        Field("simple_action", "Apply", "select", tuple(CATALOG_ACTIONS), section="Actions", default="by_percent"),
        Field("discount_amount", "Discount Amount", "decimal", required=True, section="Actions", default="0"),
        Field("stop_rules_processing", "Discard subsequent rules", "switch", section="Actions"),
    ],
    validate=_coupon_check)

# --- communications ------------------------------------------------------------------------------------

EMAIL_GRID = g.Grid(
    key="email_template_grid",
    columns=[g.Column("id", "ID", "t.id", kind="num"), g.Column("code", "Template", "t.code COLLATE NOCASE"),
             g.Column("subject", "Subject", "t.subject"), g.Column("orig_code", "Template", visible=False),
             g.Column("type", "Template Type"), g.Column("added_at", "Added", "t.added_at", kind="datetime"),
             g.Column("modified_at", "Updated", "t.modified_at", kind="datetime"),
             g.Column("action", "Action", kind="action", href="/admin/admin/email_template/edit/id/{id}/", text="Edit",
                      aria="Edit template {code}")],
    filters=[g.Filter("code", "Template", "text", "t.code"), g.Filter("subject", "Subject", "text", "t.subject")],
    search=["t.code", "t.subject", "t.orig_code"], default_sort="id", default_dir="asc")
EMAIL_FORM = RecordForm(
    base="/admin/admin/email_template/", key="id", table="email_templates", noun="email template", title_field="code",
    new_title="New Template", stamps=("added_at", "modified_at"),
    fields=[Field("orig_code", "Load Default Template", note="The template it is based on."),
            Field("code", "Template Name", required=True, unique=True), Field("subject", "Template Subject", required=True),
            Field("text", "Template Content", "area", required=True)])
NEWSLETTER_TEMPLATE_GRID = g.Grid(
    key="newsletter_template_grid",
    columns=[g.Column("id", "ID", "t.id", kind="num"), g.Column("code", "Template", "t.code COLLATE NOCASE"),
             g.Column("subject", "Subject", "t.subject"), g.Column("sender_name", "Sender", "t.sender_name"),
             g.Column("sender_email", "Sender Email", "t.sender_email"), g.Column("type", "Template Type"),
             g.Column("added_at", "Added", "t.added_at", kind="datetime"),
             g.Column("modified_at", "Updated", "t.modified_at", kind="datetime"),
             g.Column("action", "Action", kind="action", href="/admin/newsletter/template/edit/id/{id}/", text="Edit",
                      aria="Edit newsletter template {code}")],
    filters=[g.Filter("code", "Template", "text", "t.code"), g.Filter("subject", "Subject", "text", "t.subject")],
    search=["t.code", "t.subject"], default_sort="id", default_dir="asc")
NEWSLETTER_TEMPLATE_FORM = RecordForm(
    base="/admin/newsletter/template/", key="id", table="newsletter_templates", noun="newsletter template",
    title_field="code", new_title="New Newsletter Template", stamps=("added_at", "modified_at"),
    fields=[Field("code", "Template Name", required=True, unique=True), Field("subject", "Template Subject", required=True),
            Field("sender_name", "Sender Name", required=True, default="One Stop Market"),
            Field("sender_email", "Sender Email", required=True, default="news@onestopmarket.com"),
            Field("text", "Template Content", "area", required=True)])
QUEUE_STATUSES = (("Not Sent", "Not Sent"), ("Sending", "Sending"), ("Sent", "Sent"), ("Paused", "Paused"),
                  ("Cancelled", "Cancelled"))
QUEUE_GRID = g.Grid(
    key="newsletter_queue_grid",
    columns=[g.Column("id", "ID", "q.id", kind="num"),
             g.Column("start_at", "Queue Start", "q.start_at", kind="datetime"),
             g.Column("finish_at", "Queue End", "q.finish_at", kind="datetime"),
             g.Column("subject", "Subject", "q.subject"),
             g.Column("status", "Status", "q.status"), g.Column("processed", "Processed", "q.processed", kind="num"),
             g.Column("recipients", "Recipients", "q.recipients", kind="num"),
             g.Column("template", "Template", "t.code", visible=False)],
    filters=[g.Filter("start_at", "Queue Start", "date", "q.start_at"),
             g.Filter("subject", "Subject", "text", "q.subject"),
             g.Filter("status", "Status", "select", "q.status", QUEUE_STATUSES)],
    search=["q.subject", "t.code"], default_sort="start_at")
SUBSCRIBER_STATUSES = (("1", "Subscribed"), ("0", "Unsubscribed"))
SUBSCRIBERS_GRID = g.Grid(
    key="newsletter_subscriber_grid",
    columns=[g.Column("id", "ID", "c.id", kind="num"), g.Column("email", "Email", "c.email"), g.Column("type", "Type"),
             g.Column("firstname", "Customer First Name", "c.firstname"),
             g.Column("lastname", "Customer Last Name", "c.lastname"), g.Column("status", "Status"),
             g.Column("website", "Web Site"), g.Column("store", "Store"), g.Column("store_view", "Store View"),
             g.Column("action", "Action", kind="action", href="/admin/customer/index/edit/id/{id}/?tab=newsletter",
                      text="Edit", aria="Edit subscriber {email}")],
    filters=[g.Filter("email", "Email", "text", "c.email"),
             g.Filter("firstname", "Customer First Name", "text", "c.firstname"),
             g.Filter("lastname", "Customer Last Name", "text", "c.lastname")],
    search=["c.email", "c.firstname", "c.lastname"], default_sort="id", default_dir="asc",
    mass_actions=(g.MassAction("unsubscribe", "Unsubscribe"),), select_aria="Select subscriber {email}")


def apply_subscriber_action(conn: sqlite3.Connection, request: Request, action: str, ids: list[int]) -> str:
    marks = ",".join("?" * len(ids))
    n = conn.execute(f"UPDATE customers SET newsletter_subscribed = 0 WHERE id IN ({marks})", ids).rowcount
    return f"A total of {n} record(s) have been unsubscribed."


PAGES = [
    GridPage("/admin/catalog_rule/promo_catalog/", "Catalog Price Rule", CATALOG_RULES_GRID,
             "r.*, 'Main Website' AS website", "FROM catalogrules r WHERE 1", id_sql="r.id",
             buttons=(("Add New Rule", "/admin/catalog_rule/promo_catalog/new/"),),
             intro="Catalog price rules change the prices shown in the catalog; cart price rules apply in the cart."),
    GridPage("/admin/sales_rule/promo_quote/", "Cart Price Rules", CART_RULES_GRID,
             "r.*, 'Main Website' AS website, (SELECT COALESCE(SUM(times_used), 0) FROM salesrule_coupons"
             " WHERE rule_id = r.id) AS uses", "FROM salesrules r WHERE 1", id_sql="r.id",
             buttons=(("Add New Rule", "/admin/sales_rule/promo_quote/new/"),)),
    GridPage("/admin/admin/email_template/", "Email Templates", EMAIL_GRID, "t.*, 'HTML' AS type",
             "FROM email_templates t WHERE 1", id_sql="t.id", buttons=(("Add New Template", EMAIL_FORM.base + "new/"),)),
    GridPage("/admin/newsletter/template/", "Newsletter Templates", NEWSLETTER_TEMPLATE_GRID, "t.*, 'HTML' AS type",
             "FROM newsletter_templates t WHERE 1", id_sql="t.id",
             buttons=(("Add New Template", NEWSLETTER_TEMPLATE_FORM.base + "new/"),)),
    GridPage("/admin/newsletter/queue/", "Newsletter Queue", QUEUE_GRID, "q.*, t.code AS template",
             "FROM newsletter_queue q JOIN newsletter_templates t ON t.id = q.template_id WHERE 1", id_sql="q.id"),
    GridPage("/admin/newsletter/subscriber/", "Newsletter Subscribers", SUBSCRIBERS_GRID,
             "c.*, 'Customer' AS type, 'Subscribed' AS status, 'Main Website' AS website, 'Main Website Store' AS store,"
             " 'Default Store View' AS store_view", "FROM customers c WHERE c.newsletter_subscribed = 1",
             id_sql="c.id", apply=apply_subscriber_action),
]
FORMS = [CART_RULE_FORM, CATALOG_RULE_FORM, EMAIL_FORM, NEWSLETTER_TEMPLATE_FORM]
