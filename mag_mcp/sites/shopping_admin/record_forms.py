"""Edit forms declared once over one table: new, edit, save and delete for the admin's own
records (price rules, CMS pages and blocks, templates, tax rates, groups, variables, ...).

    RecordForm(base="/admin/cms/page/", key="page_id", table="cms_pages", noun="page", title_field="title",
               fields=[Field("title", "Page Title", required=True), ...])

gives GET `base + "new/"`, GET `base + "edit/<key>/<id>/"`, POST `base + "save/"` (a new record),
POST `base + "save/<key>/<id>/"` and POST `base + "delete/<key>/<id>/"`. Fields are grouped in
collapsible sections (`Field.section`; "" is the always-open first fieldset). Values are
checked by kind (required, numbers, dates, choices, unique); dates are stored as YYYY-MM-DD,
multiselects as comma-joined choice values, switches as 0/1.
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
from .common import (
    fmt_date_input,
    form_view,
    not_found,
    now,
    parse_date,
    parse_int,
    parse_money,
    redirect,
    render,
    require_admin,
)

Choices = tuple[tuple[str, str], ...]
FIELD_KINDS = ("text", "area", "select", "multiselect", "switch", "date", "money", "int", "decimal", "static")


@dataclass(frozen=True)
class Field:
    name: str  # the column
    label: str
    kind: str = "text"
    choices: Choices | Callable[[sqlite3.Connection], Choices] = ()
    required: bool = False
    note: str = ""
    section: str = ""
    unique: bool = False
    default: str = ""

    def __post_init__(self) -> None:
        if self.kind not in FIELD_KINDS:
            raise ValueError(f"unknown field kind {self.kind!r} for {self.name}")

    def options(self, conn: sqlite3.Connection) -> Choices:
        return self.choices(conn) if callable(self.choices) else self.choices


@dataclass
class RecordForm:
    base: str  # the grid's path, e.g. "/admin/cms/page/"
    key: str  # the id's name in the URL, e.g. "page_id"
    table: str
    noun: str  # "page", "rule", ...
    title_field: str
    fields: list[Field]
    new_title: str = ""
    stamps: tuple[str, ...] = ()  # columns set to now on save ("updated_at"), and on insert ("created_at")
    validate: Callable[[sqlite3.Connection, dict[str, Any], int | None], dict[str, str]] | None = None
    after_save: Callable[[sqlite3.Connection, int, dict[str, Any]], None] | None = None
    extra: Callable[[sqlite3.Connection, sqlite3.Row | None], dict[str, Any]] | None = None  # more to show
    extra_template: str = ""  # included below the form, with `extra`'s context
    can_delete: bool = True
    protected_ids: tuple[int, ...] = ()  # records that can't be deleted
    default_values: dict[str, str] = field(default_factory=dict)
    insert_values: Callable[[sqlite3.Connection], dict[str, Any]] | None = None  # more columns of a new record

    def edit_url(self, rid: int) -> str:
        return f"{self.base}edit/{self.key}/{rid}/"

    def sections(self) -> list[tuple[str, list[Field]]]:
        out: dict[str, list[Field]] = {}
        for f in self.fields:
            out.setdefault(f.section, []).append(f)
        return list(out.items())


def _show(f: Field, value: Any) -> str:
    if value is None:
        return ""
    if f.kind == "date":
        d = parse_date(str(value))
        return fmt_date_input(d) if d else ""
    if f.kind == "money":
        return f"{float(value):.2f}"
    if f.kind == "decimal":
        return f"{float(value):g}"
    return str(value)


def _page(request: Request, form: RecordForm, row: sqlite3.Row | None, values: dict[str, str],
          errors: dict[str, str], status_code: int = 200) -> Response:
    conn = db(request)
    title = (row[form.title_field] if row is not None else "") or form.new_title or f"New {form.noun.title()}"
    ctx: dict[str, Any] = dict(title=title, form=form, row=row, values=values, errors=errors,
                               options={f.name: f.options(conn) for f in form.fields if f.kind in ("select", "multiselect")},
                               action=form.base + ("save/" if row is None else f"save/{form.key}/{row['id']}/"),
                               delete_url=None if row is None or not form.can_delete or row["id"] in form.protected_ids
                               else f"{form.base}delete/{form.key}/{row['id']}/",
                               messages=[["error", m] for m in errors.values()][:1])
    if form.extra:
        ctx.update(form.extra(conn, row))
    return render(request, "record_edit.html", ctx, status_code=status_code)


def _row(request: Request, form: RecordForm) -> sqlite3.Row | None:
    return db(request).execute(f"SELECT * FROM {form.table} WHERE id = ?", (request.path_params["rid"],)).fetchone()


def _read(conn: sqlite3.Connection, form: RecordForm, data: dict[str, str], rid: int | None
          ) -> tuple[dict[str, Any], dict[str, str], dict[str, str]]:
    """(values to store, values to show again, errors) from the submitted form."""
    store: dict[str, Any] = {}
    shown: dict[str, str] = {}
    errors: dict[str, str] = {}
    for f in form.fields:
        if f.kind == "static":
            continue
        raw = (data.get(f.name + "[]") if f.kind == "multiselect" else data.get(f.name)) or ""
        raw = raw.replace("\r\n", "\n").strip()
        shown[f.name] = raw
        if f.kind == "switch":
            store[f.name] = 1 if raw else 0
            shown[f.name] = "1" if raw else "0"
            continue
        if not raw:
            if f.required:
                errors[f.name] = f"\u201c{f.label}\u201d is a required value."
            # blank numbers are 0; a blank choice of a record (a *_id column) is no record (NULL)
            store[f.name] = 0 if f.kind in ("money", "int", "decimal") else None if f.name.endswith("_id") else ""
            continue
        if f.kind == "select":
            if raw not in {v for v, _ in f.options(conn)}:
                errors[f.name] = f"Please select a valid \u201c{f.label}\u201d."
            store[f.name] = raw
        elif f.kind == "multiselect":
            allowed = {v for v, _ in f.options(conn)}
            picked = [v for v in raw.split(",") if v in allowed]
            store[f.name] = ",".join(picked)
        elif f.kind == "date":
            d = parse_date(raw)
            if d is None:
                errors[f.name] = f"Please enter a valid date (MM/DD/YYYY) in \u201c{f.label}\u201d."
            store[f.name] = d.isoformat() if d else ""
        elif f.kind in ("money", "decimal"):
            v = parse_money(raw)
            if v is None or v < 0:
                errors[f.name] = f"Please enter a number 0 or greater in \u201c{f.label}\u201d."
            store[f.name] = round(v, 4) if v is not None else None
        elif f.kind == "int":
            v = parse_int(raw)
            if v is None or v < 0:
                errors[f.name] = f"Please enter a whole number 0 or greater in \u201c{f.label}\u201d."
            store[f.name] = v
        else:
            store[f.name] = raw[:20000]
        if f.unique and f.name not in errors and conn.execute(
                f"SELECT 1 FROM {form.table} WHERE {f.name} = ? AND id != ?", (store[f.name], rid or -1)).fetchone():
            errors[f.name] = f"A {form.noun} with the same {f.label} already exists."
    if form.validate and not errors:
        errors.update(form.validate(conn, store, rid))
    return store, shown, errors


def _values(form: RecordForm, row: sqlite3.Row | None) -> dict[str, str]:
    if row is None:
        return {f.name: form.default_values.get(f.name, f.default) for f in form.fields}
    columns = set(row.keys())  # a Row: `in row` would look at its values
    return {f.name: _show(f, row[f.name]) if f.name in columns else f.default for f in form.fields}


def routes(form: RecordForm) -> list[Route]:
    @require_admin
    def new(request: Request) -> Response:
        return _page(request, form, None, _values(form, None), {})

    @require_admin
    def edit(request: Request) -> Response:
        row = _row(request, form)
        if row is None:
            return not_found(request, form.noun)
        return _page(request, form, row, _values(form, row), {})

    def save(request: Request, data: dict[str, str]) -> Response:
        conn = db(request)
        row = _row(request, form) if "rid" in request.path_params else None
        if "rid" in request.path_params and row is None:
            return not_found(request, form.noun)
        store, shown, errors = _read(conn, form, data, row["id"] if row else None)
        if errors:
            return _page(request, form, row, shown, errors)
        stamp = now()
        for column in ("updated_at", "modified_at"):
            if column in form.stamps:
                store[column] = stamp
        if row is None:
            if "created_at" in form.stamps:
                store["created_at"] = stamp
            if "added_at" in form.stamps:
                store["added_at"] = stamp
            if form.insert_values:
                store.update(form.insert_values(conn))
            cols = list(store)
            rid = conn.execute(f"INSERT INTO {form.table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                               [store[c] for c in cols]).lastrowid
        else:
            rid = row["id"]
            conn.execute(f"UPDATE {form.table} SET {', '.join(f'{c} = ?' for c in store)} WHERE id = ?",
                         [*store.values(), rid])
        if form.after_save:
            form.after_save(conn, int(rid), store)
        target = form.edit_url(int(rid)) if data.get("back") == "edit" else form.base
        return redirect(request, target, f"You saved the {form.noun}.")

    def delete(request: Request, data: dict[str, str]) -> Response:
        conn = db(request)
        row = _row(request, form)
        if row is None:
            return not_found(request, form.noun)
        if not form.can_delete or row["id"] in form.protected_ids:
            return redirect(request, form.edit_url(row["id"]), f"This {form.noun} can't be deleted.", "error")
        if data.get("confirmed") != "1":
            return render(request, "confirm.html", dict(
                title=row[form.title_field] or form.noun.title(), heading=f"Delete {form.noun.title()}", fields=[],
                question=f"Are you sure you want to delete this {form.noun}?", back=form.edit_url(row["id"]),
                action=f"{form.base}delete/{form.key}/{row['id']}/"))
        conn.execute(f"DELETE FROM {form.table} WHERE id = ?", (row["id"],))
        return redirect(request, form.base, f"You deleted the {form.noun}.")

    for fn, name in ((new, "new"), (edit, "edit"), (save, "save"), (delete, "delete")):
        fn.__name__ = f"{form.table}_{name}"
    save_view, delete_view = form_view(save), form_view(delete)
    return [
        Route(form.base + "new/", new),
        Route(form.base + f"edit/{form.key}/{{rid:int}}/", edit),
        Route(form.base + "save/", save_view, methods=["POST"]),
        Route(form.base + f"save/{form.key}/{{rid:int}}/", save_view, methods=["POST"]),
        Route(form.base + f"delete/{form.key}/{{rid:int}}/", delete_view, methods=["POST"]),
    ]
