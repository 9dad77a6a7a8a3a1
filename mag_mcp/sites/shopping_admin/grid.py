"""Magento-style data grids: keyword search, filters, sort by column header, pagination.

A grid is described once (`Grid`: columns, filters, searchable expressions) and run over a
`FROM ... WHERE ...` SQL fragment. Query parameters (all optional):

    search=<keywords>        every word must match one of the searchable expressions (LIKE)
    <filter>=<value>         text filters (LIKE), select filters (=)
    <filter>_from / _to      range filters (numbers, or dates typed as MM/DD/YYYY or YYYY-MM-DD)
    sort=<column key>, dir=asc|desc, p=<page>, limit=20|30|50|100|200
"""

from __future__ import annotations

import math
import sqlite3
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request

from .common import fmt_date_input, parse_date, parse_int, parse_money

PAGE_SIZES = (20, 30, 50, 100, 200)


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    sql: str | None = None  # ORDER BY expression; None: not sortable
    num: bool = False  # right-aligned (numbers, money)


@dataclass(frozen=True)
class Filter:
    key: str
    label: str
    kind: str  # "text" | "select" | "range" (numbers) | "date" (date range)
    sql: str
    options: tuple[tuple[str, str], ...] = ()


@dataclass
class Grid:
    columns: list[Column]
    filters: list[Filter]
    search: list[str]  # expressions a keyword may match
    default_sort: str
    default_dir: str = "desc"
    tiebreak: str = ""  # appended to ORDER BY for a stable order
    keep: tuple[str, ...] = field(default_factory=tuple)  # other query params to keep (e.g. tab)

    def param_names(self) -> list[str]:
        names = ["search"]
        for f in self.filters:
            names += [f"{f.key}_from", f"{f.key}_to"] if f.kind in ("range", "date") else [f.key]
        return names


def _clean(request: Request, grid: Grid) -> dict[str, str]:
    qp = request.query_params
    return {k: qp[k].strip() for k in (*grid.param_names(), *grid.keep) if qp.get(k, "").strip()}


def _url(request: Request, params: dict[str, Any]) -> str:
    query = urlencode({k: v for k, v in params.items() if v not in (None, "")})
    return request.url.path + (f"?{query}" if query else "")


def run_grid(request: Request, conn: sqlite3.Connection, grid: Grid, select: str, from_where: str,
             args: tuple = ()) -> dict[str, Any]:
    """Run `SELECT <select> <from_where>` with the request's search, filters, sort and page.
    `from_where` must end in a WHERE clause ("... WHERE 1" if there is nothing to restrict).

    Returns the template context of the `grid` macro (rows, totals, urls, active filters).
    """
    qp = request.query_params
    params = _clean(request, grid)
    where: list[str] = []
    wargs: list[Any] = list(args)
    chips: list[dict[str, str]] = []
    values: dict[str, str] = {}

    words = params.get("search", "").split()
    for w in words:
        where.append("(" + " OR ".join(f"{e} LIKE ?" for e in grid.search) + ")")
        wargs += [f"%{w}%"] * len(grid.search)
    for f in grid.filters:
        if f.kind == "text" and f.key in params:
            where.append(f"{f.sql} LIKE ?")
            wargs.append(f"%{params[f.key]}%")
            values[f.key] = params[f.key]
            chips.append(dict(label=f.label, value=params[f.key], key=f.key))
        elif f.kind == "select" and f.key in params:
            opts = dict(f.options)
            if params[f.key] in opts:
                where.append(f"{f.sql} = ?")
                wargs.append(params[f.key])
                values[f.key] = params[f.key]
                chips.append(dict(label=f.label, value=opts[params[f.key]], key=f.key))
        elif f.kind == "range":
            for end, op in (("from", ">="), ("to", "<=")):
                v = parse_money(params.get(f"{f.key}_{end}"))
                if v is not None:
                    where.append(f"{f.sql} {op} ?")
                    wargs.append(v)
                    values[f"{f.key}_{end}"] = f"{v:g}"
                    chips.append(dict(label=f"{f.label} {end}", value=f"{v:g}", key=f"{f.key}_{end}"))
        elif f.kind == "date":
            for end, op in (("from", ">="), ("to", "<=")):
                d = parse_date(params.get(f"{f.key}_{end}"))
                if d is not None:
                    where.append(f"substr({f.sql}, 1, 10) {op} ?")
                    wargs.append(d.isoformat())
                    values[f"{f.key}_{end}"] = fmt_date_input(d)
                    chips.append(dict(label=f"{f.label} {end}", value=fmt_date_input(d), key=f"{f.key}_{end}"))
    full = from_where + "".join(f" AND {w}" for w in where)  # from_where always has a WHERE

    total = conn.execute(f"SELECT COUNT(*) {full}", wargs).fetchone()[0]
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
    rows = conn.execute(f"SELECT {select} {full} ORDER BY {order} LIMIT ? OFFSET ?",
                        [*wargs, limit, (page - 1) * limit]).fetchall()

    state = dict(params, sort=sort if sort != grid.default_sort else None,
                 dir=direction if (sort, direction) != (grid.default_sort, grid.default_dir) else None,
                 limit=limit if limit != PAGE_SIZES[0] else None)
    headers = []
    for c in grid.columns:
        h: dict[str, Any] = dict(key=c.key, label=c.label, sortable=bool(c.sql), sorted=None, url=None, num=c.num)
        if c.sql:
            if c.key == sort:
                h["sorted"] = direction
                nxt = "desc" if direction == "asc" else "asc"
            else:
                nxt = "asc"
            h["url"] = _url(request, {**state, "sort": c.key, "dir": nxt, "p": None})
        headers.append(h)
    for chip in chips:
        chip["remove_url"] = _url(request, {**state, chip["key"]: None, "p": None})
    hidden_for_search = [(k, v) for k, v in state.items() if k not in ("search", "p") and v not in (None, "")]
    hidden_for_filters = [(k, v) for k, v in state.items()
                          if k in ("search", "sort", "dir", "limit", *grid.keep) and v not in (None, "")]
    hidden_for_pager = [(k, v) for k, v in state.items() if k not in ("p", "limit") and v not in (None, "")]
    return dict(
        rows=rows, total=total, page=page, pages=pages, limit=limit, page_sizes=PAGE_SIZES, headers=headers,
        search=params.get("search", ""), chips=chips, filter_values=values, filters=grid.filters,
        show_filters=qp.get("filters") == "1",
        filters_toggle_url=_url(request, {**state, "filters": None if qp.get("filters") == "1" else "1"}),
        clear_all_url=_url(request, {k: state.get(k) for k in ("sort", "dir", "limit", *grid.keep)}),
        prev_url=_url(request, {**state, "p": page - 1}) if page > 1 else None,
        next_url=_url(request, {**state, "p": page + 1}) if page < pages else None,
        hidden_for_search=hidden_for_search, hidden_for_filters=hidden_for_filters,
        hidden_for_pager=hidden_for_pager, action=request.url.path,
    )
