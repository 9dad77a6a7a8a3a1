"""Content > Elements (pages, blocks, widgets) and Design (configuration, themes, schedule):
grids, mass actions and edit forms."""

from __future__ import annotations

import sqlite3

from starlette.requests import Request

from . import grid as g
from .grid_pages import GridPage
from .record_forms import Field, RecordForm

ENABLED = (("1", "Enabled"), ("0", "Disabled"))
LAYOUTS = (("empty", "Empty"), ("1column", "1 column"), ("2columns-left", "2 columns with left bar"),
           ("2columns-right", "2 columns with right bar"), ("3columns", "3 columns"))
STATUS_ACTIONS = (g.MassAction("disable", "Disable"), g.MassAction("enable", "Enable"))


def _themes(conn: sqlite3.Connection) -> tuple[tuple[str, str], ...]:
    return tuple((str(r[0]), r[1]) for r in conn.execute("SELECT id, title FROM design_themes ORDER BY id"))


def _blocks(conn: sqlite3.Connection) -> tuple[tuple[str, str], ...]:
    return (("", "-- Please Select --"),) + tuple((str(r[0]), r[1]) for r in conn.execute(
        "SELECT id, title FROM cms_blocks ORDER BY title"))


PAGES_GRID = g.Grid(
    key="cms_page_listing",
    columns=[g.Column("id", "ID", "p.id", kind="num"), g.Column("title", "Title", "p.title COLLATE NOCASE"),
             g.Column("identifier", "URL Key", "p.identifier"), g.Column("page_layout", "Layout", "p.page_layout",
                                                                          kind="badge", labels=LAYOUTS),
             g.Column("store", "Store View"), g.Column("is_active", "Status", "p.is_active", kind="enabled"),
             g.Column("created_at", "Created", "p.created_at", kind="datetime"),
             g.Column("updated_at", "Modified", "p.updated_at", kind="datetime"),
             g.Column("meta_title", "Meta Title", "p.meta_title", visible=False),
             g.Column("meta_keywords", "Meta Keywords", visible=False),
             g.Column("meta_description", "Meta Description", visible=False),
             g.Column("content_heading", "Content Heading", visible=False),
             g.Column("action", "Action", kind="menu", aria="Edit page {title}",
                      labels=(("Edit", "/admin/cms/page/edit/page_id/{id}/"),
                              ("Delete", "post:/admin/cms/page/delete/page_id/{id}/")))],
    filters=[g.Filter("id", "ID", "range", "p.id"), g.Filter("title", "Title", "text", "p.title"),
             g.Filter("identifier", "URL Key", "text", "p.identifier"),
             g.Filter("page_layout", "Layout", "select", "p.page_layout", LAYOUTS),
             g.Filter("is_active", "Status", "select", "p.is_active", ENABLED),
             g.Filter("created_at", "Created", "date", "p.created_at"),
             g.Filter("updated_at", "Modified", "date", "p.updated_at"),
             g.Filter("meta_title", "Meta Title", "text", "p.meta_title"),
             g.Filter("meta_keywords", "Meta Keywords", "text", "p.meta_keywords"),
             g.Filter("meta_description", "Meta Description", "text", "p.meta_description"),
             g.Filter("content_heading", "Content Heading", "text", "p.content_heading")],
    search=["p.title", "p.identifier", "p.content", "p.meta_keywords"], default_sort="id", default_dir="asc",
    mass_actions=(g.MassAction("delete", "Delete", "Are you sure you want to delete {n} selected page(s)?"), *STATUS_ACTIONS),
    select_aria="Select page {title}")
PAGE_FORM = RecordForm(
    base="/admin/cms/page/", key="page_id", table="cms_pages", noun="page", title_field="title", new_title="New Page",
    stamps=("created_at", "updated_at"), protected_ids=(1, 2),
    fields=[Field("is_active", "Enable Page", "switch", default="1"), Field("title", "Page Title", required=True),
            Field("content_heading", "Content Heading", section="Content"),
            Field("content", "Content", "area", section="Content"),
            Field("identifier", "URL Key", required=True, unique=True, section="Search Engine Optimization",
                  note="The storefront address of the page."),
            Field("meta_title", "Meta Title", section="Search Engine Optimization"),
            Field("meta_keywords", "Meta Keywords", "area", section="Search Engine Optimization"),
            Field("meta_description", "Meta Description", "area", section="Search Engine Optimization"),
            Field("store", "Store View", "static", section="Page in Websites", default="All Store Views"),
            Field("page_layout", "Layout", "select", LAYOUTS, section="Design", default="1column")])
BLOCKS_GRID = g.Grid(
    key="cms_block_listing",
    columns=[g.Column("id", "ID", "b.id", kind="num"), g.Column("title", "Title", "b.title COLLATE NOCASE"),
             g.Column("identifier", "Identifier", "b.identifier"), g.Column("store", "Store View"),
             g.Column("is_active", "Status", "b.is_active", kind="enabled"),
             g.Column("created_at", "Created", "b.created_at", kind="datetime"),
             g.Column("updated_at", "Modified", "b.updated_at", kind="datetime"),
             g.Column("action", "Action", kind="action", href="/admin/cms/block/edit/block_id/{id}/", text="Edit",
                      aria="Edit block {title}")],
    filters=[g.Filter("id", "ID", "range", "b.id"), g.Filter("title", "Title", "text", "b.title"),
             g.Filter("identifier", "Identifier", "text", "b.identifier"),
             g.Filter("is_active", "Status", "select", "b.is_active", ENABLED)],
    search=["b.title", "b.identifier", "b.content"], default_sort="id", default_dir="asc",
    mass_actions=(g.MassAction("delete", "Delete", "Are you sure you want to delete {n} selected block(s)?"), *STATUS_ACTIONS),
    select_aria="Select block {title}")
BLOCK_FORM = RecordForm(
    base="/admin/cms/block/", key="block_id", table="cms_blocks", noun="block", title_field="title", new_title="New Block",
    stamps=("created_at", "updated_at"),
    fields=[Field("is_active", "Enable Block", "switch", default="1"), Field("title", "Block Title", required=True),
            Field("identifier", "Identifier", required=True, unique=True),
            Field("store", "Store View", "static", default="All Store Views"), Field("content", "Content", "area")])
WIDGETS_GRID = g.Grid(
    key="widget_instance_grid",
    columns=[g.Column("id", "Widget ID", "w.id", kind="num"), g.Column("title", "Widget", "w.title COLLATE NOCASE"),
             g.Column("type", "Type", "w.type"), g.Column("theme", "Design Theme", "w.theme"),
             g.Column("sort_order", "Sort Order", "w.sort_order", kind="num"),
             g.Column("layout_handle", "Layout Handle", "w.layout_handle", visible=False),
             g.Column("action", "Action", kind="action", href="/admin/admin/widget_instance/edit/instance_id/{id}/",
                      text="Edit", aria="Edit widget {title}")],
    filters=[g.Filter("title", "Widget", "text", "w.title"), g.Filter("type", "Type", "text", "w.type"),
             g.Filter("sort_order", "Sort Order", "range", "w.sort_order")],
    search=["w.title", "w.type", "w.layout_handle"], default_sort="id", default_dir="asc")
WIDGET_TYPES = tuple((t, t) for t in ("CMS Page Link", "CMS Static Block", "Catalog Category Link",
                                       "Catalog New Products List", "Catalog Product Link", "Catalog Products List",
                                       "Orders and Returns", "Recently Compared Products", "Recently Viewed Products"))
WIDGET_FORM = RecordForm(
    base="/admin/admin/widget_instance/", key="instance_id", table="widgets", noun="widget", title_field="title",
    new_title="Widgets",
    fields=[Field("type", "Type", "select", WIDGET_TYPES, required=True, section="Storefront Properties"),
            Field("theme", "Design Theme", required=True, section="Storefront Properties", default="One Stop Market"),
            Field("title", "Widget Title", required=True, section="Storefront Properties"),
            Field("sort_order", "Sort Order", "int", section="Storefront Properties", default="0",
                  note="Sort Order of widget instances in the same container"),
            Field("layout_handle", "Display on", required=True, section="Layout Updates", default="default"),
            Field("block_id", "Block", "select", _blocks, section="Widget Options")])
DESIGN_GRID = g.Grid(
    key="design_config_listing",
    columns=[g.Column("id", "ID", "d.id", kind="num"), g.Column("website", "Website", "d.website"),
             g.Column("store", "Store", "d.store"), g.Column("store_view", "Store View", "d.store_view"),
             g.Column("theme", "Theme Name", "t.title"),
             g.Column("action", "Action", kind="action", href="/admin/theme/design_config/edit/scope/{id}/", text="Edit",
                      aria="Edit design configuration {id}")],
    filters=[g.Filter("theme", "Theme Name", "text", "t.title")], search=["d.website", "d.store_view", "t.title"],
    default_sort="id", default_dir="asc")
DESIGN_FORM = RecordForm(
    base="/admin/theme/design_config/", key="scope", table="design_config", noun="design configuration",
    title_field="store_view", new_title="Design Configuration", can_delete=False,
    fields=[Field("theme_id", "Applied Theme", "select", _themes, required=True, section="Default Theme",
                  note="If no value is specified, the system default is used.")])
THEMES_GRID = g.Grid(
    key="design_theme_grid",
    columns=[g.Column("title", "Theme Title", "t.title"), g.Column("parent", "Parent Theme", "t.parent"),
             g.Column("code", "Theme Path", "t.code"),
             g.Column("action", "Action", kind="action", href="/admin/admin/system_design_theme/edit/id/{id}/",
                      text="Edit", aria="Edit theme {title}")],
    filters=[g.Filter("title", "Theme Title", "text", "t.title")], search=["t.title", "t.code"], default_sort="title",
    default_dir="asc")
THEME_FORM = RecordForm(
    base="/admin/admin/system_design_theme/", key="id", table="design_themes", noun="theme", title_field="title",
    can_delete=False,
    fields=[Field("title", "Theme Title", required=True), Field("parent", "Parent Theme", "static"),
            Field("code", "Theme Path", "static")])
SCHEDULE_GRID = g.Grid(
    key="design_schedule_grid",
    columns=[g.Column("store_view", "Store", "s.store_view"), g.Column("theme", "Design", "t.title"),
             g.Column("date_from", "Date From", "s.date_from", kind="date"),
             g.Column("date_to", "Date To", "s.date_to", kind="date"),
             g.Column("action", "Action", kind="action", href="/admin/admin/system_design/edit/id/{id}/", text="Edit",
                      aria="Edit design change {id}")],
    filters=[g.Filter("date_from", "Date From", "date", "s.date_from"),
             g.Filter("date_to", "Date To", "date", "s.date_to")],
    search=["t.title", "s.store_view"], default_sort="date_from")
SCHEDULE_FORM = RecordForm(
    base="/admin/admin/system_design/", key="id", table="design_schedule", noun="design change", title_field="store_view",
    new_title="New Store Design Change",
    fields=[Field("store_view", "Store", "select", (("Default Store View", "Default Store View"),), required=True,
                  default="Default Store View"),
            Field("theme_id", "Custom Design", "select", _themes, required=True),
            Field("date_from", "Date From", "date", required=True), Field("date_to", "Date To", "date", required=True)],
    validate=lambda conn, v, rid: {"date_to": "The Date To must be after the Date From."}
    if v.get("date_to") and v.get("date_from") and v["date_to"] < v["date_from"] else {})


def _status_apply(table: str, noun: str):
    def apply(conn: sqlite3.Connection, request: Request, action: str, ids: list[int]) -> str:
        marks = ",".join("?" * len(ids))
        if action == "delete":
            kept = [i for i in ids if table == "cms_pages" and i in PAGE_FORM.protected_ids]
            ids2 = [i for i in ids if i not in kept]
            n = conn.execute(f"DELETE FROM {table} WHERE id IN ({','.join('?' * len(ids2)) or 'NULL'})", ids2).rowcount
            return f"A total of {n} record(s) have been deleted." + (f" {len(kept)} required {noun}(s) were kept."
                                                                     if kept else "")
        n = conn.execute(f"UPDATE {table} SET is_active = ? WHERE id IN ({marks})", [int(action == "enable"), *ids]).rowcount
        return f"A total of {n} record(s) have been {'enabled' if action == 'enable' else 'disabled'}."
    return apply


PAGES = [
    GridPage("/admin/cms/page/", "Pages", PAGES_GRID, "p.*, 'All Store Views' AS store", "FROM cms_pages p WHERE 1",
             id_sql="p.id", apply=_status_apply("cms_pages", "page"), buttons=(("Add New Page", PAGE_FORM.base + "new/"),)),
    GridPage("/admin/cms/block/", "Blocks", BLOCKS_GRID, "b.*, 'All Store Views' AS store", "FROM cms_blocks b WHERE 1",
             id_sql="b.id", apply=_status_apply("cms_blocks", "block"),
             buttons=(("Add New Block", BLOCK_FORM.base + "new/"),)),
    GridPage("/admin/admin/widget_instance/", "Widgets", WIDGETS_GRID, "w.*", "FROM widgets w WHERE 1", id_sql="w.id",
             buttons=(("Add Widget", WIDGET_FORM.base + "new/"),)),
    GridPage("/admin/theme/design_config/", "Design Configuration", DESIGN_GRID,
             "d.*, t.title AS theme", "FROM design_config d JOIN design_themes t ON t.id = d.theme_id WHERE 1", id_sql="d.id"),
    GridPage("/admin/admin/system_design_theme/", "Themes", THEMES_GRID, "t.*", "FROM design_themes t WHERE 1",
             id_sql="t.id"),
    GridPage("/admin/admin/system_design/", "Store Design Schedule", SCHEDULE_GRID, "s.*, t.title AS theme",
             "FROM design_schedule s JOIN design_themes t ON t.id = s.theme_id WHERE 1", id_sql="s.id",
             buttons=(("Add Design Change", SCHEDULE_FORM.base + "new/"),)),
]
FORMS = [PAGE_FORM, BLOCK_FORM, WIDGET_FORM, DESIGN_FORM, THEME_FORM, SCHEDULE_FORM]
