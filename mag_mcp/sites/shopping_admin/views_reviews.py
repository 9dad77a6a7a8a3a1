"""Marketing > User Content: all reviews, pending reviews, the review form, mass actions."""

from __future__ import annotations

import sqlite3

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from ..shopping.views_catalog import update_rating
from . import grid as g
from .common import (
    REVIEW_STATUSES,
    form_view,
    not_found,
    redirect,
    render,
    require_admin,
)
from .grid_pages import GridPage

ALL_URL = "/admin/review/product/"
PENDING_URL = "/admin/review/product/pending/"
MASS_ACTIONS = (("delete", "Delete"), ("approved", "Update Status: Approved"), ("pending", "Update Status: Pending"),
                ("not_approved", "Update Status: Not Approved"))

REVIEW_TYPE = "CASE WHEN r.customer_id IS NULL THEN 'Guest' ELSE 'Customer' END"
REVIEWS_GRID = g.Grid(
    key="review_grid",
    columns=[
        g.Column("id", "ID", "r.id", kind="num"),
        g.Column("created_at", "Created", "r.created_at", kind="date"),
        g.Column("status", "Status", "r.status", kind="badge", labels=tuple(REVIEW_STATUSES)),
        g.Column("title", "Title", "r.summary COLLATE NOCASE", field="summary"),
        g.Column("nickname", "Nickname", "r.nickname COLLATE NOCASE"),
        g.Column("review", "Review", kind="long", field="text"),
        g.Column("rating", "Rating", "r.rating", kind="num"),
        g.Column("visibility", "Visibility"),
        g.Column("type", "Type"),
        g.Column("product", "Product", "p.name COLLATE NOCASE", field="product_name"),
        g.Column("sku", "SKU", "p.sku", field="product_sku"),
        g.Column("action", "Action", kind="action", href="/admin/review/product/edit/id/{id}/{ret}", text="Edit",
                 aria="Edit review {id}"),
    ],
    filters=[
        g.Filter("created_at", "Created", "date", "r.created_at"),
        g.Filter("rating", "Rating", "range", "r.rating"),
        g.Filter("status", "Status", "select", "r.status", tuple(REVIEW_STATUSES)),
        g.Filter("title", "Title", "text", "r.summary"),
        g.Filter("nickname", "Nickname", "text", "r.nickname"),
        g.Filter("review", "Review", "text", "r.text"),
        g.Filter("product", "Product", "text", "p.name"),
        g.Filter("sku", "SKU", "text", "p.sku"),
        g.Filter("id", "ID", "range", "r.id"),
        g.Filter("visibility", "Visibility", "select", "'1'", (("1", "Main Website"),)),
        g.Filter("type", "Type", "select", REVIEW_TYPE, (("Customer", "Customer"), ("Guest", "Guest"))),
    ],
    search=["r.summary", "r.nickname", "r.text", "p.name", "p.sku"],
    default_sort="created_at", default_dir="desc", tiebreak="r.id DESC",
    mass_actions=tuple(g.MassAction(k, label, "Are you sure you want to delete {n} selected review(s)?"
                                    if k == "delete" else "") for k, label in MASS_ACTIONS),
    select_name="reviews[]", select_aria="Select review {id}")


def select_sql(pending: bool) -> str:
    ret = "'?ret=pending'" if pending else "''"
    return (f"r.*, p.name AS product_name, p.sku AS product_sku, {ret} AS ret, 'Main Website' AS visibility,"
            f" {REVIEW_TYPE} AS type")


def apply_review_action(conn: sqlite3.Connection, request: Request, action: str, ids: list[int]) -> str:
    marks = ",".join("?" * len(ids))
    products = [r[0] for r in conn.execute(f"SELECT DISTINCT product_id FROM reviews WHERE id IN ({marks})", ids)]
    if action == "delete":
        n = conn.execute(f"DELETE FROM reviews WHERE id IN ({marks})", ids).rowcount
        message = f"A total of {n} record(s) have been deleted."
    else:
        n = conn.execute(f"UPDATE reviews SET status = ? WHERE id IN ({marks})", [action, *ids]).rowcount
        message = f"A total of {n} record(s) have been updated."
    for pid in products:
        update_rating(conn, pid)
    return message


def _tabs(pending: bool):
    return lambda request: [("All Reviews", ALL_URL, not pending), ("Pending Reviews", PENDING_URL, pending)]


PAGES = [
    GridPage(ALL_URL, "Reviews", REVIEWS_GRID, select_sql(False),
             "FROM reviews r JOIN products p ON p.id = r.product_id WHERE 1", id_sql="r.id", two_phase=True,
             apply=apply_review_action, tabs=_tabs(False)),
    GridPage(PENDING_URL, "Pending Reviews", REVIEWS_GRID, select_sql(True),
             "FROM reviews r JOIN products p ON p.id = r.product_id WHERE r.status = 'pending'", id_sql="r.id",
             two_phase=True, apply=apply_review_action, tabs=_tabs(True)),
]
SELECT = "r.*, p.name AS product_name, p.sku AS product_sku"


def _review(request: Request) -> sqlite3.Row | None:
    return db(request).execute(
        f"SELECT {SELECT}, c.firstname AS c_firstname, c.lastname AS c_lastname FROM reviews r"
        " JOIN products p ON p.id = r.product_id LEFT JOIN customers c ON c.id = r.customer_id WHERE r.id = ?",
        (request.path_params["review_id"],)).fetchone()


def _back(value: str | None) -> str:
    return PENDING_URL if value == "pending" else ALL_URL


@require_admin
def review_edit(request: Request) -> Response:
    review = _review(request)
    if review is None:
        return not_found(request, "review")
    ret = "pending" if request.query_params.get("ret") == "pending" else ""
    return render(request, "review_edit.html", dict(title="Edit Review", review=review, values=dict(review),
                                                    errors={}, ret=ret, back=_back(ret)))


@form_view
def review_save(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    review = _review(request)
    if review is None:
        return not_found(request, "review")
    values = {k: (form.get(k) or "").strip() for k in ("status", "nickname", "summary", "text")}
    errors = {k: f"\u201c{label}\u201d is a required value." for k, label in
              (("nickname", "Nickname"), ("summary", "Summary of Review"), ("text", "Review")) if not values[k]}
    if values["status"] not in dict(REVIEW_STATUSES):
        errors["status"] = "Please select a status."
    ret = form.get("ret", "")
    if errors:
        return render(request, "review_edit.html", dict(
            title="Edit Review", review=review, values={**dict(review), **values}, errors=errors, ret=ret,
            back=_back(ret), messages=[["error", next(iter(errors.values()))]]))
    conn.execute("UPDATE reviews SET status = ?, nickname = ?, summary = ?, text = ? WHERE id = ?",
                 (values["status"], values["nickname"][:100], values["summary"][:255], values["text"][:5000],
                  review["id"]))
    update_rating(conn, review["product_id"])
    return redirect(request, _back(ret), "You saved the review.")


@form_view
def review_delete(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    review = _review(request)
    if review is None:
        return not_found(request, "review")
    conn.execute("DELETE FROM reviews WHERE id = ?", (review["id"],))
    update_rating(conn, review["product_id"])
    return redirect(request, _back(form.get("ret")), "The review has been deleted.")
