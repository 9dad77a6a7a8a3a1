"""Customers > Now Online (the visitors of the last 15 minutes) and Customer Groups (grid and form)."""

from __future__ import annotations

from . import grid as g
from .grid_pages import GridPage
from .record_forms import Field, RecordForm

VISITOR_TYPES = (("Customer", "Customer"), ("Visitor", "Visitor"))
ONLINE_GRID = g.Grid(
    key="customer_online_grid",
    columns=[g.Column("customer_id", "ID", "v.customer_id", kind="num"),
             g.Column("firstname", "First Name", "c.firstname"),
             g.Column("lastname", "Last Name", "c.lastname"), g.Column("email", "Email", "c.email"),
             g.Column("first_visit_at", "Last Activity", "v.last_visit_at", kind="datetime", field="last_visit_at"),
             g.Column("session_start", "Session Start", "v.first_visit_at", kind="datetime", field="first_visit_at"),
             g.Column("type", "Type", "visitor_type"), g.Column("last_url", "Last URL", "v.last_url"),
             g.Column("action", "Action", kind="link", href="/admin/customer/index/edit/id/{customer_id}/",
                      field="edit", aria="Edit customer {firstname} {lastname}")],
    filters=[g.Filter("email", "Email", "text", "c.email"), g.Filter("lastname", "Last Name", "text", "c.lastname"),
             g.Filter("type", "Type", "select", "CASE WHEN v.customer_id IS NULL THEN 'Visitor' ELSE 'Customer' END",
                      VISITOR_TYPES)],
    search=["c.firstname", "c.lastname", "c.email", "v.last_url"], default_sort="first_visit_at", tiebreak="v.id DESC")
TAX_CLASSES = (("Retail Customer", "Retail Customer"), ("Tax Exempt Org", "Tax Exempt Org"))
GROUPS_GRID = g.Grid(
    key="customer_group_listing",
    columns=[g.Column("id", "ID", "cg.id", kind="num"), g.Column("code", "Group", "cg.code COLLATE NOCASE"),
             g.Column("tax_class", "Tax Class", "cg.tax_class"),
             g.Column("members", "Customers", "members", kind="num"),
             g.Column("action", "Action", kind="action", href="/admin/customer/group/edit/id/{id}/", text="Edit",
                      aria="Edit customer group {code}")],
    filters=[g.Filter("code", "Group", "text", "cg.code"), g.Filter("tax_class", "Tax Class", "select", "cg.tax_class",
                                                                     TAX_CLASSES)],
    search=["cg.code", "cg.tax_class"], default_sort="id", default_dir="asc")
GROUP_FORM = RecordForm(
    base="/admin/customer/group/", key="id", table="customer_groups", noun="customer group", title_field="code",
    new_title="New Customer Group", protected_ids=(0, 1),
    fields=[Field("code", "Group Name", required=True, unique=True, note="Maximum length must be less then 32 characters."),
            Field("tax_class", "Tax Class", "select", TAX_CLASSES, required=True, default="Retail Customer")],
    validate=lambda conn, v, rid: {"code": "The group name must be shorter than 32 characters."}
    if len(v.get("code") or "") >= 32 else {})


# group 1 (General) holds every customer without a membership row
MEMBERS_SQL = ("(CASE WHEN cg.id = 1 THEN (SELECT COUNT(*) FROM customers) - (SELECT COUNT(*) FROM customer_group_members)"
               " ELSE (SELECT COUNT(*) FROM customer_group_members m WHERE m.group_id = cg.id) END)")


PAGES = [
    GridPage("/admin/customer/online/", "Customers Now Online", ONLINE_GRID,
             "v.*, c.firstname, c.lastname, c.email, CASE WHEN v.customer_id IS NULL THEN 'Visitor' ELSE 'Customer' END"
             " AS visitor_type, CASE WHEN v.customer_id IS NULL THEN NULL ELSE 'Edit' END AS edit",
             "FROM customer_visitors v LEFT JOIN customers c ON c.id = v.customer_id WHERE 1", id_sql="v.id",
             intro="Visitors seen in the last 15 minutes (Stores > Configuration > Customers > Online Customers Options)."),
    GridPage("/admin/customer/group/", "Customer Groups", GROUPS_GRID, f"cg.*, {MEMBERS_SQL} AS members",
             "FROM customer_groups cg WHERE 1", id_sql="cg.id",
             buttons=(("Add New Customer Group", GROUP_FORM.base + "new/"),)),
]
FORMS = [GROUP_FORM]
