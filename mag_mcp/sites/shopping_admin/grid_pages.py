"""Grid pages declared once: the page (title, SQL, grid, buttons) and, for a grid with mass
actions, the POST endpoint that applies them.

    GridPage(path="/admin/cms/page/", title="Pages", grid=..., select="g.*", from_where="FROM cms_pages g WHERE 1",
             apply=apply_cms_page_action)

`routes(pages)` gives the Starlette routes: GET `path` (the grid), GET `path + "export/"` (its rows as
CSV or Excel XML, see grid_export.py) and POST `path + "massAction/"`
(`selected[]` ids or `select_all`, `action`, `back`; a mass action with a `confirm` question
first answers a confirmation page, then runs once the form comes back with `confirmed=1`).
The column chooser of every grid posts to `/admin/mui/bookmark/save/` (`bookmark_save`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..base import db
from . import grid as g
from .common import (
    current_admin,
    form_view,
    parse_int,
    redirect,
    render,
    require_admin,
    safe_path,
)
from .grid_export import export_view

# (connection, request, action key, ids) -> the flash message (kind "success" unless it starts with "!")
Apply = Callable[[sqlite3.Connection, Request, str, list[int]], str]


@dataclass
class GridPage:
    path: str
    title: str
    grid: g.Grid
    select: str
    from_where: str
    id_sql: str = "id"  # the SQL of a row's id, for "Select All" (and the two-phase read)
    two_phase: bool = False  # read the page's ids first, then their rows (see `grid.run_grid`)
    count_from: str | None = None  # a cheaper FROM ... WHERE to count the unfiltered grid
    buttons: tuple[tuple[str, str], ...] = ()  # page actions: (label, url); the last one is primary
    intro: str = ""
    outro: str = ""
    apply: Apply | None = None
    tabs: Callable[[Request], list[tuple[str, str, bool]]] | None = None
    extra: Callable[[Request, sqlite3.Connection], dict[str, Any]] | None = None  # more template context
    template: str = "grid_page.html"
    args: tuple = field(default_factory=tuple)

    @property
    def mass_path(self) -> str:
        return self.path.rstrip("/") + "/massAction/"

    @property
    def export_path(self) -> str:
        return self.path.rstrip("/") + "/export/"


def grid_view(page: GridPage) -> Callable:
    @require_admin
    def view(request: Request) -> Response:
        conn = db(request)
        ctx: dict[str, Any] = dict(title=page.title, buttons=page.buttons, intro=page.intro, outro=page.outro,
                                   g=g.run_grid(request, conn, page.grid, page.select, page.from_where, page.args,
                                                page.id_sql if page.two_phase else None, page.count_from),
                                   mass_url=page.mass_path, export_url=page.export_path, tabs=page.tabs(request) if page.tabs else None)
        if page.extra:
            ctx.update(page.extra(request, conn))
        return render(request, page.template, ctx)

    view.__name__ = "grid_" + page.grid.key
    return view


def mass_view(page: GridPage) -> Callable:
    def endpoint(request: Request, form: dict[str, str]) -> Response:
        conn = db(request)
        back = safe_path(form.get("back"), page.path)
        if not back.startswith(page.path):
            back = page.path
        actions = {a.key: a for a in page.grid.mass_actions}
        action = actions.get(form.get("action", ""))
        if form.get("select_all"):
            ids = g.matching_ids(conn, page.grid, page.id_sql, page.from_where, back, page.args)
        else:
            ids = [i for i in (parse_int(x) for x in (form.get(page.grid.select_name) or "").split(",")) if i is not None]
        if not ids:
            return redirect(request, back, "Please select item(s).", "error")
        if action is None or page.apply is None:
            return redirect(request, back, "Please select an action.", "error")
        if action.confirm and form.get("confirmed") != "1":
            fields = [(page.grid.select_name, str(i)) for i in ids] + [("action", action.key), ("back", back)]
            return render(request, "confirm.html", dict(
                title=page.title, heading=action.label, back=back, action=page.mass_path, fields=fields,
                question=action.confirm.format(n=len(ids))))
        message = page.apply(conn, request, action.key, ids)
        kind = "error" if message.startswith("!") else "success"
        return redirect(request, back, message.lstrip("!"), kind)

    endpoint.__name__ = "mass_" + page.grid.key
    return form_view(endpoint)


def routes(pages: list[GridPage]) -> list[Route]:
    out = []
    for page in pages:
        out.append(Route(page.path, grid_view(page)))
        out.append(Route(page.export_path, export_view(page)))
        if page.grid.mass_actions:
            out.append(Route(page.mass_path, mass_view(page), methods=["POST"]))
    return out


@form_view
def bookmark_save(request: Request, form: dict[str, str]) -> Response:
    """Save (or with `reset`, forget) the signed-in administrator's columns for a grid."""
    conn = db(request)
    back = safe_path(form.get("back"))
    grid = g.GRIDS.get(form.get("grid", ""))
    admin = current_admin(request)
    if grid is None or admin is None:
        return redirect(request, back, "This grid can't be changed.", "error")
    if form.get("reset"):
        conn.execute("DELETE FROM admin_bookmarks WHERE admin_user_id = ? AND grid = ?", (admin["id"], grid.key))
        return redirect(request, back)
    keys = {c.key for c in grid.columns}
    chosen = [k for k in (form.get("columns[]") or "").split(",") if k in keys]
    if not chosen:
        return redirect(request, back, "Choose at least one column.", "error")
    conn.execute("INSERT INTO admin_bookmarks (admin_user_id, grid, columns) VALUES (?,?,?)"
                 " ON CONFLICT (admin_user_id, grid) DO UPDATE SET columns = excluded.columns",
                 (admin["id"], grid.key, ",".join(chosen)))
    return redirect(request, back)
