"""System: Import / Export / Import History, Integrations, Cache Management, Index Management,
All Users, Locked Users, User Roles, Bulk Actions, Notifications, Custom Variables and Manage
Encryption Key."""

from __future__ import annotations

import secrets
import sqlite3
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from ..shopping.seed import hash_password
from . import grid as g
from .admin_data import ADMIN_ROLES, IMPORT_ENTITIES
from .common import current_admin, form_view, now, redirect, render, require_admin
from .grid_pages import GridPage
from .record_forms import Field, RecordForm

SEVERITY = (("1", "Critical"), ("2", "Major"), ("3", "Minor"), ("4", "Notice"))
EXPORT_ENTITIES = ("Advanced Pricing", "Products", "Customers Main File", "Customer Addresses", "Stock Sources")

HISTORY_GRID = g.Grid(
    key="import_history_grid",
    columns=[g.Column("id", "ID", "h.id", kind="num"),
             g.Column("started_at", "Start Date&Time", "h.started_at", kind="datetime"),
             g.Column("username", "User", "h.username"), g.Column("imported_file", "Imported File", "h.imported_file"),
             g.Column("execution_time", "Execution Time", "h.execution_time"),
             g.Column("summary", "Summary", "h.summary"),
             g.Column("error_file", "Error File", "h.error_file")],
    filters=[g.Filter("started_at", "Start Date", "date", "h.started_at"),
             g.Filter("username", "User", "text", "h.username")],
    search=["h.imported_file", "h.username", "h.summary"], default_sort="started_at")
INTEGRATIONS_GRID = g.Grid(
    key="integration_grid",
    columns=[g.Column("name", "Name", "i.name"), g.Column("status", "Status", "i.status"),
             g.Column("email", "Email", "i.email", visible=False), g.Column("endpoint", "Callback URL", "i.endpoint",
                                                                               visible=False),
             g.Column("action", "Action", kind="action", href="/admin/admin/integration/edit/id/{id}/", text="Edit",
                      aria="Edit integration {name}")],
    filters=[g.Filter("name", "Name", "text", "i.name"),
             g.Filter("status", "Status", "select", "i.status", (("Active", "Active"), ("Inactive", "Inactive")))],
    search=["i.name", "i.email"], default_sort="name", default_dir="asc")
INTEGRATION_FORM = RecordForm(
    base="/admin/admin/integration/", key="id", table="integrations", noun="integration", title_field="name",
    new_title="New Integration", stamps=("created_at",),
    fields=[Field("name", "Name", required=True, unique=True, section="Integration Info"),
            Field("email", "Email", section="Integration Info"),
            Field("endpoint", "Callback URL", section="Integration Info"),
            Field("status", "Status", "select", (("Active", "Active"), ("Inactive", "Inactive")), section="Integration Info",
                  default="Inactive")])
CACHE_GRID = g.Grid(
    key="cache_grid",
    columns=[g.Column("position", "#", "c.position", kind="num", visible=False),
             g.Column("label", "Cache Type", "c.label"),
             g.Column("description", "Description", "c.description"),
             g.Column("tags", "Tags", "c.tags"),
             g.Column("state", "Status", kind="badge", labels=(("enabled", "ENABLED"), ("invalidated", "INVALIDATED"),
                                                                ("disabled", "DISABLED")))],
    filters=[], search=["c.label", "c.description"], default_sort="position", default_dir="asc",
    mass_actions=(g.MassAction("refresh", "Refresh"),
                  g.MassAction("enable", "Enable"),
                  g.MassAction("disable", "Disable")),
    select_aria="Select cache type {label}", id_field="position")
INDEX_GRID = g.Grid(
    key="indexer_grid",
    columns=[g.Column("position", "#", "i.position", kind="num", visible=False),
             g.Column("title", "Indexer", "i.title"),
             g.Column("description", "Description", "i.description"),
             g.Column("mode", "Mode", "i.mode"),
             g.Column("status", "Status", "i.status", kind="badge",
                      labels=(("valid", "READY"), ("invalid", "REINDEX REQUIRED"), ("working", "PROCESSING"))),
             g.Column("schedule", "Schedule Status"),
             g.Column("updated_at", "Updated", "i.updated_at", kind="datetime")],
    filters=[], search=["i.title", "i.description"], default_sort="position", default_dir="asc",
    mass_actions=(g.MassAction("realtime", "Update on Save"), g.MassAction("schedule", "Update by Schedule"),
                  g.MassAction("invalidate", "Invalidate index")),
    select_aria="Select indexer {title}", id_field="position")
ROLES = tuple((r, r) for r, _ in ADMIN_ROLES)
USERS_GRID = g.Grid(
    key="admin_user_grid",
    columns=[g.Column("id", "ID", "u.id", kind="num"), g.Column("username", "User Name", "u.username"),
             g.Column("firstname", "First Name", "u.firstname"), g.Column("lastname", "Last Name", "u.lastname"),
             g.Column("email", "Email", "u.email"), g.Column("role", "Role", "u.role"),
             g.Column("is_active", "Status", "u.is_active", kind="badge", labels=(("1", "Active"), ("0", "Inactive"))),
             g.Column("action", "Action", kind="action", href="/admin/admin/user/edit/user_id/{id}/", text="Edit",
                      aria="Edit user {username}")],
    filters=[g.Filter("username", "User Name", "text", "u.username"), g.Filter("email", "Email", "text", "u.email"),
             g.Filter("role", "Role", "select", "u.role", ROLES)],
    search=["u.username", "u.firstname", "u.lastname", "u.email"], default_sort="id", default_dir="asc")


def _user_check(conn: sqlite3.Connection, v: dict[str, Any], rid: int | None) -> dict[str, str]:
    if "@" not in (v.get("email") or ""):
        return {"email": "Please enter a valid email address (Ex: johndoe@domain.com)."}
    return {}


USER_FORM = RecordForm(
    base="/admin/admin/user/", key="user_id", table="admin_users", noun="user", title_field="username", new_title="New User",
    protected_ids=(1,),
    fields=[Field("username", "User Name", required=True, unique=True, section="Account Information"),
            Field("firstname", "First Name", required=True, section="Account Information"),
            Field("lastname", "Last Name", required=True, section="Account Information"),
            Field("email", "Email", required=True, unique=True, section="Account Information"),
            Field("is_active", "This account is", "select", (("1", "Active"), ("0", "Inactive")),
                  section="Account Information", default="1"),
            Field("role", "User Role", "select", ROLES, required=True, section="User Role", default="Customer Support")],
    validate=_user_check,
    insert_values=lambda conn: {"password_hash": hash_password(secrets.token_hex(8), "new"), "created_at": now()})
LOCKS_GRID = g.Grid(
    key="locked_users_grid",
    columns=[g.Column("id", "ID", "u.id", kind="num"), g.Column("username", "User Name", "u.username"),
             g.Column("first_failure", "Last login", "l.first_failure", kind="datetime"),
             g.Column("failures_num", "Failures", "l.failures_num", kind="num"),
             g.Column("lock_expires", "Unlock", "l.lock_expires", kind="datetime")],
    filters=[], search=["u.username"], default_sort="id", default_dir="asc",
    mass_actions=(g.MassAction("unlock", "Unlock"),), select_aria="Select locked user {username}")
ROLES_GRID = g.Grid(
    key="user_roles_grid",
    columns=[g.Column("id", "ID", "r.id", kind="num"), g.Column("name", "Role", "r.name"),
             g.Column("resources", "Resources", kind="long"), g.Column("users", "Users", "users", kind="num"),
             g.Column("action", "Action", kind="action", href="/admin/admin/user_role/edit/rid/{id}/", text="Edit",
                      aria="Edit role {name}")],
    filters=[g.Filter("name", "Role", "text", "r.name")], search=["r.name", "r.resources"], default_sort="id",
    default_dir="asc")
ROLE_FORM = RecordForm(
    base="/admin/admin/user_role/", key="rid", table="admin_roles", noun="role", title_field="name", new_title="New Role",
    protected_ids=(1,),
    fields=[Field("name", "Role Name", required=True, unique=True, section="Role Information"),
            Field("resources", "Resources", "area", required=True, section="Role Resources",
                  note="The menu sections this role may use, comma-separated, or All.")])
BULK_GRID = g.Grid(
    key="bulk_actions_grid",
    columns=[g.Column("id", "ID", "b.id", kind="num"),
             g.Column("started_at", "Start Time", "b.started_at", kind="datetime"),
             g.Column("description", "Description", "b.description"), g.Column("status", "Status", "b.status"),
             g.Column("username", "User", "b.username", visible=False),
             g.Column("operations_total", "Operations", "b.operations_total", kind="num"),
             g.Column("operations_failed", "Failed", "b.operations_failed", kind="num")],
    filters=[g.Filter("started_at", "Start Time", "date", "b.started_at"),
             g.Filter("status", "Status", "select", "b.status",
             (("Finished successfully", "Finished successfully"), ("Finished with failures", "Finished with failures")))],
    search=["b.description", "b.username"], default_sort="started_at")
NOTIFICATIONS_GRID = g.Grid(
    key="notification_grid",
    columns=[g.Column("severity", "Severity", "n.severity", kind="badge", labels=SEVERITY),
             g.Column("date_added", "Date Added", "n.date_added", kind="datetime"),
             g.Column("title", "Message", "n.title"),
             g.Column("description", "Description", kind="long"),
             g.Column("is_read", "Read", "n.is_read", kind="yesno")],
    filters=[g.Filter("severity", "Severity", "select", "n.severity", SEVERITY),
             g.Filter("is_read", "Read", "select", "n.is_read", (("1", "Yes"), ("0", "No")))],
    search=["n.title", "n.description"], default_sort="date_added",
    mass_actions=(g.MassAction("read", "Mark as Read"),
                  g.MassAction("remove", "Remove", "Are you sure you want to remove {n} message(s)?")),
    select_aria="Select message {title}")
VARIABLES_GRID = g.Grid(
    key="custom_variable_grid",
    columns=[g.Column("id", "Variable ID", "v.id", kind="num"), g.Column("code", "Variable Code", "v.code"),
             g.Column("name", "Name", "v.name"),
             g.Column("action", "Action", kind="action", href="/admin/admin/system_variable/edit/variable_id/{id}/",
                      text="Edit", aria="Edit variable {code}")],
    filters=[g.Filter("code", "Variable Code", "text", "v.code")], search=["v.code", "v.name", "v.plain_value"],
    default_sort="id", default_dir="asc")
VARIABLE_FORM = RecordForm(
    base="/admin/admin/system_variable/", key="variable_id", table="custom_variables", noun="custom variable",
    title_field="name", new_title="New Custom Variable",
    fields=[Field("code", "Variable Code", required=True, unique=True), Field("name", "Variable Name", required=True),
            Field("html_value", "Variable HTML Value", "area"), Field("plain_value", "Variable Plain Value", "area")])


def _apply_cache(conn: sqlite3.Connection, request: Request, action: str, ids: list[int]) -> str:
    marks = ",".join("?" * len(ids))
    sql = {"refresh": "is_invalidated = 0", "enable": "is_enabled = 1", "disable": "is_enabled = 0"}[action]
    n = conn.execute(f"UPDATE cache_types SET {sql} WHERE position IN ({marks})", ids).rowcount
    verb = {"refresh": "refreshed", "enable": "enabled", "disable": "disabled"}[action]
    return f"{n} cache type(s) {verb}."


def _apply_index(conn: sqlite3.Connection, request: Request, action: str, ids: list[int]) -> str:
    marks = ",".join("?" * len(ids))
    if action == "invalidate":
        n = conn.execute(f"UPDATE indexers SET status = 'invalid' WHERE position IN ({marks})", ids).rowcount
        return f"{n} indexer(s) are invalidated."
    mode = "Update on Save" if action == "realtime" else "Update by Schedule"
    n = conn.execute(f"UPDATE indexers SET mode = ? WHERE position IN ({marks})", [mode, *ids]).rowcount
    return f"{n} indexer(s) are in \u201c{mode}\u201d mode."


def _apply_unlock(conn: sqlite3.Connection, request: Request, action: str, ids: list[int]) -> str:
    marks = ",".join("?" * len(ids))
    n = conn.execute(f"DELETE FROM admin_user_locks WHERE admin_user_id IN ({marks})", ids).rowcount
    return f"Unlocked {n} user(s)."


def _apply_notifications(conn: sqlite3.Connection, request: Request, action: str, ids: list[int]) -> str:
    marks = ",".join("?" * len(ids))
    if action == "read":
        n = conn.execute(f"UPDATE admin_notifications SET is_read = 1 WHERE id IN ({marks})", ids).rowcount
        return f"A total of {n} record(s) have been marked as Read."
    n = conn.execute(f"DELETE FROM admin_notifications WHERE id IN ({marks})", ids).rowcount
    return f"Total of {n} record(s) have been removed."


PAGES = [
    GridPage("/admin/admin/history/", "Import History", HISTORY_GRID, "h.*", "FROM import_history h WHERE 1", id_sql="h.id"),
    GridPage("/admin/admin/integration/", "Integrations", INTEGRATIONS_GRID, "i.*", "FROM integrations i WHERE 1",
             id_sql="i.id", buttons=(("Add New Integration", INTEGRATION_FORM.base + "new/"),)),
    GridPage("/admin/admin/cache/", "Cache Management", CACHE_GRID,
             "c.*, CASE WHEN c.is_enabled = 0 THEN 'disabled' WHEN c.is_invalidated THEN 'invalidated' ELSE 'enabled' END"
             " AS state", "FROM cache_types c WHERE 1", id_sql="c.position", apply=_apply_cache,
             intro="Cache types marked INVALIDATED need a refresh for the storefront to show recent changes."),
    GridPage("/admin/indexer/indexer/list/", "Index Management", INDEX_GRID,
             "i.*, CASE WHEN i.mode = 'Update by Schedule' THEN 'Idle (0 in backlog)' ELSE '' END AS schedule",
             "FROM indexers i WHERE 1", id_sql="i.position", apply=_apply_index),
    GridPage("/admin/admin/user/", "Users", USERS_GRID, "u.*", "FROM admin_users u WHERE 1", id_sql="u.id",
             buttons=(("Add New User", USER_FORM.base + "new/"),)),
    GridPage("/admin/admin/locks/", "Locked Users", LOCKS_GRID, "u.*, l.failures_num, l.first_failure, l.lock_expires",
             "FROM admin_user_locks l JOIN admin_users u ON u.id = l.admin_user_id WHERE 1", id_sql="u.id",
             apply=_apply_unlock),
    GridPage("/admin/admin/user_role/", "Roles", ROLES_GRID,
             "r.*, (SELECT COUNT(*) FROM admin_users u WHERE u.role = r.name) AS users", "FROM admin_roles r WHERE 1",
             id_sql="r.id", buttons=(("Add New Role", ROLE_FORM.base + "new/"),)),
    GridPage("/admin/bulk/index/index/", "Bulk Actions Log", BULK_GRID, "b.*", "FROM bulk_actions b WHERE 1", id_sql="b.id"),
    GridPage("/admin/admin/notification/", "Notifications", NOTIFICATIONS_GRID, "n.*", "FROM admin_notifications n WHERE 1",
             id_sql="n.id", apply=_apply_notifications),
    GridPage("/admin/admin/system_variable/", "Custom Variables", VARIABLES_GRID, "v.*", "FROM custom_variables v WHERE 1",
             id_sql="v.id", buttons=(("Add New Variable", VARIABLE_FORM.base + "new/"),)),
]
FORMS = [INTEGRATION_FORM, USER_FORM, ROLE_FORM, VARIABLE_FORM]


# --- import, export, encryption key ------------------------------------------------------------------------

@require_admin
def data_transfer(request: Request) -> Response:
    kind = "import" if request.url.path.startswith("/admin/admin/import/") else "export"
    return render(request, "data_transfer.html", dict(title="Import" if kind == "import" else "Export", kind=kind,
                                                      entities=IMPORT_ENTITIES if kind == "import" else EXPORT_ENTITIES))


@form_view
def data_transfer_post(request: Request, form: dict[str, str]) -> Response:
    kind = request.path_params["kind"]
    entity = form.get("entity", "")
    if kind == "import":
        if entity not in IMPORT_ENTITIES:
            return redirect(request, "/admin/admin/import/", "Please select an Entity Type.", "error")
        return redirect(request, "/admin/admin/import/", "Please select a file to import (Select File to Import).",
                        "error")
    if entity not in EXPORT_ENTITIES:
        return redirect(request, "/admin/admin/export/", "Please select an Entity Type.", "error")
    conn = db(request)
    count = {"Products": "products", "Advanced Pricing": "product_tier_prices", "Customers Main File": "customers",
             "Customer Addresses": "addresses", "Stock Sources": "products"}[entity]
    n = conn.execute(f"SELECT COUNT(*) FROM {count}").fetchone()[0]
    conn.execute("INSERT INTO bulk_actions (description, started_at, status, username, operations_total,"
                 " operations_failed) VALUES (?,?,?,?,?,0)",
                 (f"Export of {n} {entity.lower()} ({form.get('file_format', 'CSV')})", now(), "Finished successfully",
                  current_admin(request)["username"], n))
    return redirect(request, "/admin/admin/export/", "Message is added to queue, wait to get your file soon."
                    " Make sure your cron job is running to export the file.")


@require_admin
def crypt_key(request: Request) -> Response:
    changed = db(request).execute("SELECT value FROM store_config WHERE path = 'crypt/key_changed_at'").fetchone()
    return render(request, "crypt_key.html", dict(title="Encryption Key", changed=changed[0] if changed else ""))


@form_view
def crypt_key_save(request: Request, form: dict[str, str]) -> Response:
    key = (form.get("crypt_key") or "").strip()
    if form.get("generate_random") != "1" and len(key) < 16:
        return redirect(request, "/admin/admin/crypt_key/", "The encryption key must be at least 16 characters.", "error")
    db(request).execute("INSERT INTO store_config (path, value) VALUES ('crypt/key_changed_at', ?) ON CONFLICT (path)"
                        " DO UPDATE SET value = excluded.value", (now(),))
    return redirect(request, "/admin/admin/crypt_key/", "The encryption key has been changed.")
