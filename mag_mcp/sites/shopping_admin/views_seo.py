"""Marketing > SEO & Search: URL rewrites (every category, product and CMS page, plus custom
redirects), search terms, search synonyms and site maps: grids, mass actions and edit forms."""

from __future__ import annotations

import sqlite3
from typing import Any

from starlette.requests import Request

from . import grid as g
from .common import now
from .grid_pages import GridPage
from .record_forms import Field, RecordForm

REDIRECT_TYPES = (("0", "No"), ("301", "Permanent (301)"), ("302", "Temporary (302)"))
ENTITY_TYPES = (("category", "Category"), ("product", "Product"), ("cms-page", "CMS Page"), ("custom", "Custom"))
SYNONYM_SCOPES = (("All Websites", "All Websites"), ("Main Website", "Main Website"),
                  ("Default Store View", "Default Store View"))

REWRITES_GRID = g.Grid(
    key="url_rewrite_grid",
    columns=[g.Column("id", "ID", "u.id", kind="num"), g.Column("store", "Store View"),
             g.Column("request_path", "Request Path", "u.request_path"),
             g.Column("target_path", "Target Path", "u.target_path"),
             g.Column("redirect_type", "Redirect Type", "u.redirect_type", kind="badge", labels=REDIRECT_TYPES),
             g.Column("entity", "Entity Type", "u.entity", kind="badge", labels=ENTITY_TYPES, visible=False),
             g.Column("edit", "Action", kind="link", href="/admin/admin/url_rewrite/edit/id/{entity_id}/",
                      aria="Edit URL rewrite {request_path}")],
    filters=[g.Filter("id", "ID", "range", "u.id"), g.Filter("request_path", "Request Path", "text", "u.request_path"),
             g.Filter("target_path", "Target Path", "text", "u.target_path"),
             g.Filter("redirect_type", "Redirect Type", "select", "u.redirect_type", REDIRECT_TYPES),
             g.Filter("entity", "Entity Type", "select", "u.entity", ENTITY_TYPES)],
    search=["u.request_path"], default_sort="id", default_dir="asc",
    mass_actions=(g.MassAction("delete", "Delete", "Are you sure you want to delete {n} selected URL rewrite(s)?"),),
    select_aria="Select URL rewrite {request_path}")
REWRITE_FORM = RecordForm(
    base="/admin/admin/url_rewrite/", key="id", table="url_redirects", noun="URL rewrite", title_field="request_path",
    new_title="Add New URL Rewrite",
    fields=[Field("store", "Store", "static", default="Default Store View"),
            Field("request_path", "Request Path", required=True, unique=True,
                  note="If you use a URL key, it must be unique."),
            Field("target_path", "Target Path", required=True),
            Field("redirect_type", "Redirect Type", "select", REDIRECT_TYPES[1:], default="301")])


def apply_rewrite_action(conn: sqlite3.Connection, request: Request, action: str, ids: list[int]) -> str:
    """Delete the selected custom rewrites (a category's, product's or page's rewrite follows it)."""
    custom = [i - 950000 for i in ids if i > 950000]
    if not custom:
        return "!Only custom URL rewrites can be deleted; the others follow their category, product or page."
    marks = ",".join("?" * len(custom))
    n = conn.execute(f"DELETE FROM url_redirects WHERE id IN ({marks})", custom).rowcount
    skipped = len(ids) - len(custom)
    return f"A total of {n} record(s) have been deleted." + (f" {skipped} system rewrite(s) were kept." if skipped else "")


TERMS_GRID = g.Grid(
    key="search_term_grid",
    columns=[g.Column("id", "ID", "t.id", kind="num"), g.Column("query_text", "Search Query", "t.query_text"),
             g.Column("store", "Store"), g.Column("num_results", "Results", "t.num_results", kind="num"),
             g.Column("popularity", "Uses", "t.popularity", kind="num"),
             g.Column("redirect", "Redirect URL", "t.redirect"),
             g.Column("display_in_terms", "Display in Suggested Terms", "t.display_in_terms", kind="yesno"),
             g.Column("updated_at", "Updated", "t.updated_at", kind="datetime", visible=False),
             g.Column("action", "Action", kind="action", href="/admin/search/term/edit/id/{id}/", text="Edit",
                      aria="Edit search term {query_text}")],
    filters=[g.Filter("id", "ID", "range", "t.id"), g.Filter("query_text", "Search Query", "text", "t.query_text"),
             g.Filter("num_results", "Results", "range", "t.num_results"),
             g.Filter("popularity", "Uses", "range", "t.popularity"),
             g.Filter("display_in_terms", "Display in Suggested Terms", "select", "t.display_in_terms",
                      (("1", "Yes"), ("0", "No")))],
    search=["t.query_text", "t.redirect"], default_sort="id", default_dir="asc",
    mass_actions=(g.MassAction("delete", "Delete", "Are you sure you want to delete {n} selected search term(s)?"),),
    select_aria="Select search term {query_text}")
TERM_FORM = RecordForm(
    base="/admin/search/term/", key="id", table="search_queries", noun="search term", title_field="query_text",
    new_title="New Search", stamps=("updated_at",),
    fields=[Field("query_text", "Search Query", required=True, unique=True),
            Field("store", "Store", "static", default="Default Store View"),
            Field("num_results", "Number of results", "int", default="0",
                  note="For newly created queries it will be updated automatically after the first search."),
            Field("popularity", "Number of Uses", "int", default="0"),
            Field("redirect", "Redirect URL", note="ex. http://domain.com"),
            Field("display_in_terms", "Display in Suggested Terms", "switch", default="1")])
SYNONYMS_GRID = g.Grid(
    key="search_synonyms_grid",
    columns=[g.Column("id", "Group ID", "s.id", kind="num"), g.Column("synonyms", "Synonyms", "s.synonyms"),
             g.Column("scope", "Scope", "s.scope"),
             g.Column("action", "Action", kind="action", href="/admin/search/synonyms/edit/group_id/{id}/", text="Edit",
                      aria="Edit synonym group {id}")],
    filters=[g.Filter("synonyms", "Synonyms", "text", "s.synonyms"),
             g.Filter("scope", "Scope", "select", "s.scope", SYNONYM_SCOPES)],
    search=["s.synonyms"], default_sort="id", default_dir="asc",
    mass_actions=(g.MassAction("delete", "Delete", "Are you sure you want to delete {n} selected synonym group(s)?"),),
    select_aria="Select synonym group {id}")
SYNONYM_FORM = RecordForm(
    base="/admin/search/synonyms/", key="group_id", table="search_synonyms", noun="synonym group", title_field="synonyms",
    new_title="New Synonym Group",
    fields=[Field("scope", "Scope", "select", SYNONYM_SCOPES, default="All Websites"),
            Field("synonyms", "Synonyms", "area", required=True,
                  note="Comma-separated list of synonyms. The words are interchangeable in searches.")])
SITEMAP_GRID = g.Grid(
    key="sitemap_grid",
    columns=[g.Column("id", "ID", "m.id", kind="num"), g.Column("filename", "Filename", "m.filename"),
             g.Column("path", "Path", "m.path"), g.Column("link", "Link for Google"),
             g.Column("generated_at", "Last Generated", "m.generated_at", kind="datetime"),
             g.Column("store", "Store View"),
             g.Column("action", "Action", kind="action", href="/admin/admin/sitemap/edit/sitemap_id/{id}/", text="Edit",
                      aria="Edit site map {filename}")],
    filters=[g.Filter("filename", "Filename", "text", "m.filename"), g.Filter("path", "Path", "text", "m.path")],
    search=["m.filename", "m.path"], default_sort="id", default_dir="asc",
    mass_actions=(g.MassAction("generate", "Generate"),
                  g.MassAction("delete", "Delete", "Are you sure you want to delete {n} selected site map(s)?")),
    select_aria="Select site map {filename}")
SITEMAP_FORM = RecordForm(
    base="/admin/admin/sitemap/", key="sitemap_id", table="sitemaps", noun="sitemap", title_field="filename",
    new_title="New Site Map",
    fields=[Field("filename", "Filename", required=True, note="example: sitemap.xml"),
            Field("path", "Path", required=True, note='example: "/media/sitemap/" (path must be writeable)'),
            Field("store", "Store View", "static", default="Default Store View")],
    validate=lambda conn, values, rid: {} if values.get("filename", "").endswith(".xml") else
    {"filename": "Please use only letters, numbers, underscores and a .xml extension in the filename."})


def _delete_from(table: str) -> Any:
    def apply(conn: sqlite3.Connection, request: Request, action: str, ids: list[int]) -> str:
        marks = ",".join("?" * len(ids))
        if action == "generate":
            n = conn.execute(f"UPDATE {table} SET generated_at = ? WHERE id IN ({marks})", [now(), *ids]).rowcount
            return f"{n} site map(s) have been generated."
        n = conn.execute(f"DELETE FROM {table} WHERE id IN ({marks})", ids).rowcount
        return f"A total of {n} record(s) have been deleted."
    return apply


PAGES = [
    GridPage("/admin/admin/url_rewrite/index/", "URL Rewrites", REWRITES_GRID,
             "u.*, 'Default Store View' AS store, CASE WHEN u.entity = 'custom' THEN 'Edit' END AS edit",
             "FROM url_rewrites u WHERE 1", id_sql="u.id", apply=apply_rewrite_action,
             buttons=(("Add URL Rewrite", REWRITE_FORM.base + "new/"),)),
    GridPage("/admin/search/term/index/", "Search Terms", TERMS_GRID, "t.*, 'Default Store View' AS store",
             "FROM search_queries t WHERE 1", id_sql="t.id", apply=_delete_from("search_queries"),
             buttons=(("Add New Search Term", TERM_FORM.base + "new/"),)),
    GridPage("/admin/search/synonyms/index/", "Search Synonyms", SYNONYMS_GRID, "s.*", "FROM search_synonyms s WHERE 1",
             id_sql="s.id", apply=_delete_from("search_synonyms"),
             buttons=(("New Synonym Group", SYNONYM_FORM.base + "new/"),)),
    GridPage("/admin/admin/sitemap/", "Site Map", SITEMAP_GRID,
             "m.*, 'http://onestopmarket.com' || m.path || m.filename AS link, 'Default Store View' AS store",
             "FROM sitemaps m WHERE 1", id_sql="m.id", apply=_delete_from("sitemaps"),
             buttons=(("Add Sitemap", SITEMAP_FORM.base + "new/"),)),
]
FORMS = [REWRITE_FORM, TERM_FORM, SYNONYM_FORM, SITEMAP_FORM]
