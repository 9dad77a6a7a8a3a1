"""A grid's "Export" control: every row the grid's keyword search and filters match (in the
grid's sort order), in the columns the administrator shows, as CSV or Excel XML.

    GET <grid>/export/?format=csv|xml&<the grid's search, filters, sort and dir>
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from . import grid as g
from .common import COUNTRIES, require_admin
from .report_export import EXPORT_FORMATS, export_report

SKIPPED_KINDS = ("action", "thumb")  # columns with nothing to export


def _value(c: g.Column, row: Any) -> Any:
    name = c.field or c.key
    v = row[name] if name in row.keys() else None  # noqa: SIM118 (a sqlite3.Row: `in` looks at values)
    if v is None:
        return ""
    if c.kind in ("badge", "option"):
        return dict(c.labels).get(str(v), v)
    if c.kind == "yesno":
        return "Yes" if v else "No"
    if c.kind == "enabled":
        return "Enabled" if v else "Disabled"
    if c.kind == "country":
        return dict(COUNTRIES).get(v, v)
    if c.kind == "money":
        return round(float(v), 2)
    return v


def export_view(page: Any) -> Callable:
    """The export endpoint of a `grid_pages.GridPage`."""
    grid: g.Grid = page.grid

    @require_admin
    def view(request: Request) -> Response:
        conn = db(request)
        qp = request.query_params
        fmt = qp.get("format", "csv")
        fmt = fmt if fmt in dict(EXPORT_FORMATS) else "csv"
        w = g.grid_where(grid, qp)
        sortable = {c.key: c for c in grid.columns if c.sql}
        sort = qp.get("sort", grid.default_sort)
        sort = sort if sort in sortable else grid.default_sort
        direction = qp.get("dir", grid.default_dir if sort == grid.default_sort else "asc")
        direction = direction if direction in ("asc", "desc") else "asc"
        order = f"{sortable[sort].sql} {direction.upper()}" + (f", {grid.tiebreak}" if grid.tiebreak else "")
        rows = conn.execute(f"SELECT {page.select} {page.from_where}{w.sql} ORDER BY {order}",
                            [*page.args, *w.args]).fetchall()
        columns = [c for c in g.visible_columns(request, conn, grid) if c.kind not in SKIPPED_KINDS]
        table = [{c.key: _value(c, r) for c in columns} for r in rows]
        return export_report(fmt, grid.key, [(c.key, c.label) for c in columns], table, {})

    view.__name__ = "export_" + grid.key
    return view
