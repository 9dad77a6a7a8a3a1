"""Magento-style data grids: keyword search, filters, sort by column header, pagination and
page size, a column chooser, and row checkboxes for mass actions.

A grid is described once (`Grid`: columns, filters, searchable expressions, mass actions) and
run over a `FROM ... WHERE ...` SQL fragment. Query parameters (all optional):

    search=<keywords>        every word must match one of the searchable expressions (LIKE)
    <filter>=<value>         text filters (LIKE), select filters (=)
    <filter>_from / _to      range filters (numbers, or dates typed as MM/DD/YYYY or YYYY-MM-DD)
    sort=<column key>, dir=asc|desc, p=<page>, limit=20|30|50|100|200
    filters=1                the filter panel is open

Which columns show is the signed-in administrator's choice, kept per grid in
`admin_bookmarks` (the column chooser posts it to /admin/mui/bookmark/save/); a grid without a
saved choice shows the columns marked `visible`.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from starlette.requests import Request

from .common import current_admin, fmt_date_input, parse_date, parse_int, parse_money

PAGE_SIZES = (20, 30, 50, 100, 200)
CELL_KINDS = ("text", "num", "money", "date", "datetime", "badge", "option", "yesno", "enabled", "link", "action",
              "thumb", "country", "long", "store", "menu")


GRIDS: dict[str, Grid] = {}  # every grid by key (the column chooser checks its choices against it)


@dataclass(frozen=True)
class Column:
    """One grid column. `kind` says how a cell shows (see the `cell` macro): text, num, money,
    date, datetime, badge (a status with `labels`, as a colored tag), option (the value's label in
    `labels`, as text), yesno, enabled, link (the value, linked to
    `href`), action (`text`, linked to `href`), thumb (product picture), country, long (clipped), store
    (a "Website / Store / Store View" path, one level a line), menu (a "Select" menu of actions:
    `labels` are (label, URL template) pairs, a URL "post:..." is a form button; the first item
    takes `aria`).
    `href`, `aria` and `text` are `str.format` templates over the row."""

    key: str
    label: str
    sql: str | None = None  # ORDER BY expression; None: not sortable
    kind: str = "text"
    field: str | None = None  # the row's value (default: key)
    visible: bool = True  # shown until the administrator chooses otherwise
    href: str | None = None
    aria: str | None = None
    text: str | None = None
    labels: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in CELL_KINDS:
            raise ValueError(f"unknown cell kind {self.kind!r} for column {self.key}")

    @property
    def num(self) -> bool:
        return self.kind in ("num", "money")


@dataclass(frozen=True)
class Filter:
    key: str
    label: str
    kind: str  # "text" | "select" | "range" (numbers) | "date" (date range)
    sql: str
    options: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class MassAction:
    key: str
    label: str
    confirm: str = ""  # a question asked before the action runs ("" = none)


@dataclass
class Grid:
    key: str  # names the grid's saved column choice
    columns: list[Column]
    filters: list[Filter]
    search: list[str]  # expressions a keyword may match
    default_sort: str
    default_dir: str = "desc"
    tiebreak: str = ""  # appended to ORDER BY for a stable order
    keep: tuple[str, ...] = field(default_factory=tuple)  # other query params to keep (e.g. tab)
    mass_actions: tuple[MassAction, ...] = ()
    select_name: str = "selected[]"  # the row checkboxes' field name
    select_aria: str = "Select {id}"  # the row checkbox's accessible name, over the row
    id_field: str = "id"

    def __post_init__(self) -> None:
        if self.key in GRIDS and GRIDS[self.key] is not self:
            raise ValueError(f"two grids are named {self.key!r}")
        GRIDS[self.key] = self

    def param_names(self) -> list[str]:
        names = ["search"]
        for f in self.filters:
            names += [f"{f.key}_from", f"{f.key}_to"] if f.kind in ("range", "date") else [f.key]
        return names


@dataclass
class Where:
    """The SQL a grid's search and filters add, and what the page shows about them."""

    sql: str
    args: list[Any]
    chips: list[dict[str, str]]
    values: dict[str, str]


def clean_params(params: Mapping[str, str], grid: Grid) -> dict[str, str]:
    return {k: str(params[k]).strip() for k in (*grid.param_names(), *grid.keep) if str(params.get(k, "")).strip()}


def grid_where(grid: Grid, params: Mapping[str, str]) -> Where:
    """The WHERE conditions (` AND ...`) for the grid's keyword search and filters in `params`."""
    params = clean_params(params, grid)
    where: list[str] = []
    args: list[Any] = []
    chips: list[dict[str, str]] = []
    values: dict[str, str] = {}
    for w in params.get("search", "").split():
        where.append("(" + " OR ".join(f"{e} LIKE ?" for e in grid.search) + ")")
        args += [f"%{w}%"] * len(grid.search)
    for f in grid.filters:
        if f.kind == "text" and f.key in params:
            where.append(f"{f.sql} LIKE ?")
            args.append(f"%{params[f.key]}%")
            values[f.key] = params[f.key]
            chips.append(dict(label=f.label, value=params[f.key], key=f.key))
        elif f.kind == "select" and f.key in params:
            opts = dict(f.options)
            if params[f.key] in opts:
                where.append(f"{f.sql} = ?")
                args.append(params[f.key])
                values[f.key] = params[f.key]
                chips.append(dict(label=f.label, value=opts[params[f.key]], key=f.key))
        elif f.kind == "range":
            for end, op in (("from", ">="), ("to", "<=")):
                v = parse_money(params.get(f"{f.key}_{end}"))
                if v is not None:
                    where.append(f"{f.sql} {op} ?")
                    args.append(v)
                    values[f"{f.key}_{end}"] = f"{v:g}"
                    chips.append(dict(label=f"{f.label} {end}", value=f"{v:g}", key=f"{f.key}_{end}"))
        elif f.kind == "date":
            for end, op in (("from", ">="), ("to", "<=")):
                d = parse_date(params.get(f"{f.key}_{end}"))
                if d is not None:
                    where.append(f"substr({f.sql}, 1, 10) {op} ?")
                    args.append(d.isoformat())
                    values[f"{f.key}_{end}"] = fmt_date_input(d)
                    chips.append(dict(label=f"{f.label} {end}", value=fmt_date_input(d), key=f"{f.key}_{end}"))
    return Where("".join(f" AND {w}" for w in where), args, chips, values)


def matching_ids(conn: sqlite3.Connection, grid: Grid, id_sql: str, from_where: str, back: str,
                 args: tuple = ()) -> list[int]:
    """Every id (`id_sql`) the grid lists with the search and filters of the `back` URL: what
    a mass action with "Select All" applies to."""
    params = dict(parse_qsl(urlsplit(back).query))
    w = grid_where(grid, params)
    return [r[0] for r in conn.execute(f"SELECT {id_sql} {from_where}{w.sql}", [*args, *w.args])]


def _url(path: str, params: dict[str, Any]) -> str:
    query = urlencode({k: v for k, v in params.items() if v not in (None, "")})
    return path + (f"?{query}" if query else "")


def visible_columns(request: Request, conn: sqlite3.Connection, grid: Grid) -> list[Column]:
    """The columns the signed-in administrator chose for this grid (else the default ones)."""
    admin = current_admin(request)
    chosen: list[str] | None = None
    if admin is not None:
        row = conn.execute("SELECT columns FROM admin_bookmarks WHERE admin_user_id = ? AND grid = ?",
                           (admin["id"], grid.key)).fetchone()
        if row is not None:
            chosen = [c for c in row[0].split(",") if c]
    keys = {c.key for c in grid.columns}
    if chosen is None or not (set(chosen) & keys):
        return [c for c in grid.columns if c.visible]
    return [c for c in grid.columns if c.key in chosen]


def run_grid(request: Request, conn: sqlite3.Connection, grid: Grid, select: str, from_where: str,
             args: tuple = (), id_sql: str | None = None, count_from: str | None = None) -> dict[str, Any]:
    """Run `SELECT <select> <from_where>` with the request's search, filters, sort and page.
    `from_where` must end in a WHERE clause ("... WHERE 1" if there is nothing to restrict).
    With `id_sql` (a row's unique id, e.g. "o.id"), the page's ids are found first and only
    those rows are then read with `select`: costly select expressions (subqueries) run for the
    page's rows only, not for every row the sort looks at. `count_from`, when given, counts the
    rows while no search or filter is active (a cheaper equivalent of `from_where`).

    Returns the template context of the grid macros (rows, totals, urls, active filters,
    columns shown and the chooser's choices).
    """
    qp = request.query_params
    path = request.url.path
    params = clean_params(qp, grid)
    w = grid_where(grid, qp)
    full = from_where + w.sql
    wargs = [*args, *w.args]
    total = conn.execute(f"SELECT COUNT(*) {full if w.sql or not count_from else count_from}",
                         wargs if w.sql or not count_from else list(args)).fetchone()[0]
    sortable = {c.key: c for c in grid.columns if c.sql}
    sort = qp.get("sort", grid.default_sort)
    if sort not in sortable:
        sort = grid.default_sort
    direction = qp.get("dir", grid.default_dir if sort == grid.default_sort else "asc")
    if direction not in ("asc", "desc"):
        direction = "asc"
    limit = parse_int(qp.get("limit"), PAGE_SIZES[0])
    if limit not in PAGE_SIZES:
        limit = PAGE_SIZES[0]
    pages = max(1, math.ceil(total / limit))
    page = min(max(1, parse_int(qp.get("p"), 1) or 1), pages)
    order = f"{sortable[sort].sql} {direction.upper()}" + (f", {grid.tiebreak}" if grid.tiebreak else "")
    if id_sql:
        ids = [r[0] for r in conn.execute(f"SELECT {id_sql} {full} ORDER BY {order} LIMIT ? OFFSET ?",
                                          [*wargs, limit, (page - 1) * limit])]
        marks = ",".join("?" * len(ids))
        found = {r["_grid_id"]: r for r in conn.execute(
            f"SELECT {id_sql} AS _grid_id, {select} {from_where} AND {id_sql} IN ({marks or 'NULL'})", [*args, *ids])}
        rows = [found[i] for i in ids if i in found]
    else:
        rows = conn.execute(f"SELECT {select} {full} ORDER BY {order} LIMIT ? OFFSET ?",
                            [*wargs, limit, (page - 1) * limit]).fetchall()

    state = dict(params, sort=sort if sort != grid.default_sort else None,
                 dir=direction if (sort, direction) != (grid.default_sort, grid.default_dir) else None,
                 limit=limit if limit != PAGE_SIZES[0] else None)
    shown = visible_columns(request, conn, grid)
    headers = []
    for c in shown:
        h: dict[str, Any] = dict(key=c.key, label=c.label, sortable=bool(c.sql), sorted=None, url=None, num=c.num)
        if c.sql:
            nxt = ("desc" if direction == "asc" else "asc") if c.key == sort else "asc"
            h["sorted"] = direction if c.key == sort else None
            h["url"] = _url(path, {**state, "sort": c.key, "dir": nxt, "p": None})
        headers.append(h)
    for chip in w.chips:
        chip["remove_url"] = _url(path, {**state, chip["key"]: None, "p": None})
    here = _url(path, {**state, "p": page if page > 1 else None, "filters": qp.get("filters")})
    return dict(
        key=grid.key, rows=rows, total=total, page=page, pages=pages, limit=limit, page_sizes=PAGE_SIZES,
        headers=headers, columns=shown, all_columns=grid.columns, shown_keys={c.key for c in shown},
        search=params.get("search", ""), chips=w.chips, filter_values=w.values, filters=grid.filters,
        show_filters=qp.get("filters") == "1",
        filters_toggle_url=_url(path, {**state, "filters": None if qp.get("filters") == "1" else "1"}),
        clear_all_url=_url(path, {k: state.get(k) for k in ("sort", "dir", "limit", *grid.keep)}),
        prev_url=_url(path, {**state, "p": page - 1}) if page > 1 else None,
        next_url=_url(path, {**state, "p": page + 1}) if page < pages else None,
        hidden_for_search=[(k, v) for k, v in state.items() if k not in ("search", "p") and v not in (None, "")],
        hidden_for_filters=[(k, v) for k, v in state.items()
                            if k in ("search", "sort", "dir", "limit", *grid.keep) and v not in (None, "")],
        hidden_for_pager=[(k, v) for k, v in state.items() if k not in ("p", "limit") and v not in (None, "")],
        action=path, here=here, mass_actions=grid.mass_actions, select_name=grid.select_name,
        select_aria=grid.select_aria, id_field=grid.id_field, mass_url=path.rstrip("/") + "/massAction/",
    )
