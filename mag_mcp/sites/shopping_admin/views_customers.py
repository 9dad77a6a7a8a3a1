"""Customers: the customers grid and the customer page (view, account, addresses, orders, reviews)."""

from __future__ import annotations

import re
import sqlite3
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from ..shopping.catalog_data import COUNTRIES, US_STATES
from . import grid as g
from .common import form_view, not_found, redirect, render, require_admin

EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
TABS = (("view", "Customer View"), ("account", "Account Information"), ("addresses", "Addresses"),
        ("orders", "Orders"), ("reviews", "Product Reviews"), ("newsletter", "Newsletter"))
ADDRESS_FIELDS = ("firstname", "lastname", "company", "street_1", "street_2", "city", "region", "postcode",
                  "country_id", "telephone")
NAME = "(c.firstname || ' ' || c.lastname)"

CUSTOMERS_FROM = ("FROM customers c LEFT JOIN addresses a ON a.id = (SELECT id FROM addresses WHERE customer_id = c.id"
                  " ORDER BY is_default_billing DESC, id LIMIT 1) WHERE 1")
CUSTOMERS_GRID = g.Grid(
    columns=[
        g.Column("id", "ID", "c.id", num=True),
        g.Column("name", "Name", f"{NAME} COLLATE NOCASE"),
        g.Column("email", "Email", "c.email"),
        g.Column("group", "Group"),
        g.Column("phone", "Phone", "a.telephone"),
        g.Column("postcode", "ZIP", "a.postcode"),
        g.Column("country", "Country", "a.country_id"),
        g.Column("region", "State/Province", "a.region"),
        g.Column("created_at", "Customer Since", "c.created_at"),
        g.Column("action", "Action"),
    ],
    filters=[
        g.Filter("id", "ID", "range", "c.id"),
        g.Filter("created_at", "Customer Since", "date", "c.created_at"),
        g.Filter("name", "Name", "text", NAME),
        g.Filter("email", "Email", "text", "c.email"),
        g.Filter("phone", "Phone", "text", "a.telephone"),
        g.Filter("postcode", "ZIP", "text", "a.postcode"),
        g.Filter("country", "Country", "select", "a.country_id", tuple(COUNTRIES)),
        g.Filter("region", "State/Province", "select", "a.region", tuple((n, n) for _, n in US_STATES)),
    ],
    search=["c.firstname", "c.lastname", "c.email", "a.telephone", "a.postcode", "a.city", "a.street", "a.region"],
    default_sort="id", default_dir="asc", tiebreak="c.id")


@require_admin
def customers(request: Request) -> Response:
    grid = g.run_grid(request, db(request), CUSTOMERS_GRID, "c.*, a.telephone, a.postcode, a.country_id, a.region",
                      CUSTOMERS_FROM)
    return render(request, "customers.html", dict(title="Customers", g=grid))


CUSTOMER_ORDERS_GRID = g.Grid(
    columns=[g.Column("increment_id", "Order", "o.id"), g.Column("created_at", "Purchased", "o.created_at"),
             g.Column("billing_name", "Bill-to Name"), g.Column("shipping_name", "Ship-to Name"),
             g.Column("grand_total", "Order Total", "o.grand_total", num=True),
             g.Column("status", "Status", "o.status"),
             g.Column("action", "Action")],
    filters=[], search=["o.increment_id", "o.shipping_firstname", "o.shipping_lastname"],
    default_sort="created_at", default_dir="desc", tiebreak="o.id DESC", keep=("tab",))


def _address_values(a: sqlite3.Row | None) -> dict[str, Any]:
    if a is None:
        return dict(country_id="US", default_billing="1", default_shipping="1")
    lines = a["street"].split("\n")
    out = {k: a[k] for k in ADDRESS_FIELDS if k not in ("street_1", "street_2")}
    out.update(street_1=lines[0], street_2=" ".join(lines[1:]), default_billing=str(a["is_default_billing"]),
               default_shipping=str(a["is_default_shipping"]))
    return out


def _customer_page(request: Request, customer: sqlite3.Row, errors: dict[str, str] | None = None,
                   values: dict[str, Any] | None = None, tab: str | None = None, status_code: int = 200) -> Response:
    conn = db(request)
    tab = tab or request.query_params.get("tab", "view")
    if tab not in dict(TABS):
        tab = "view"
    addresses = conn.execute("SELECT * FROM addresses WHERE customer_id = ? ORDER BY is_default_billing DESC, id",
                             (customer["id"],)).fetchall()
    default = addresses[0] if addresses else None
    ctx: dict[str, Any] = dict(title=f"{customer['firstname']} {customer['lastname']}", customer=customer, tab=tab,
                               tabs=TABS, addresses=addresses, default_address=default, errors=errors or {},
                               messages=[["error", m] for m in (errors or {}).values()][:1])
    stats = conn.execute(
        "SELECT COUNT(*) AS n, COALESCE(SUM(grand_total), 0) AS total FROM orders WHERE customer_id = ?"
        " AND status != 'canceled'", (customer["id"],)).fetchone()
    ctx["stats"] = stats
    if tab == "account":
        ctx["values"] = values or dict(firstname=customer["firstname"], lastname=customer["lastname"],
                                       email=customer["email"])
    elif tab == "addresses":
        edit_id = (values or {}).get("address_id") or request.query_params.get("address_id")
        editing = next((a for a in addresses if str(a["id"]) == str(edit_id)), None)
        if edit_id == "new":
            editing = None
        elif editing is None:
            editing = default
        ctx["editing"] = editing
        ctx["address_id"] = "new" if editing is None else editing["id"]
        ctx["values"] = values or _address_values(editing)
    elif tab == "orders":
        ctx["g"] = g.run_grid(request, conn, CUSTOMER_ORDERS_GRID, "o.*",
                              "FROM orders o WHERE o.customer_id = ?", (customer["id"],))
    elif tab == "reviews":
        ctx["reviews"] = conn.execute(
            "SELECT r.*, p.name AS product_name FROM reviews r JOIN products p ON p.id = r.product_id"
            " WHERE r.customer_id = ? ORDER BY r.created_at DESC, r.id DESC", (customer["id"],)).fetchall()
    return render(request, "customer_edit.html", ctx, status_code=status_code)


def _customer(request: Request) -> sqlite3.Row | None:
    return db(request).execute("SELECT * FROM customers WHERE id = ?",
                               (request.path_params["customer_id"],)).fetchone()


@require_admin
def customer_edit(request: Request) -> Response:
    customer = _customer(request)
    if customer is None:
        return not_found(request, "customer")
    return _customer_page(request, customer)


@form_view
def customer_save(request: Request, form: dict[str, str]) -> Response:
    """One endpoint for the customer page's forms: `section` is account, address or newsletter."""
    conn = db(request)
    customer = _customer(request)
    if customer is None:
        return not_found(request, "customer")
    cid = customer["id"]
    url = f"/admin/customer/index/edit/id/{cid}/"
    section = form.get("section", "")
    if section == "account":
        values = {k: (form.get(k) or "").strip() for k in ("firstname", "lastname", "email")}
        errors = {k: f"\u201c{label}\u201d is a required value." for k, label in
                  (("firstname", "First Name"), ("lastname", "Last Name"), ("email", "Email")) if not values[k]}
        if values["email"] and not EMAIL_RE.match(values["email"]):
            errors["email"] = "Please enter a valid email address (Ex: johndoe@domain.com)."
        elif values["email"] and conn.execute("SELECT 1 FROM customers WHERE email = ? AND id != ?",
                                              (values["email"], cid)).fetchone():
            errors["email"] = "A customer with the same email address already exists in an associated website."
        if errors:
            return _customer_page(request, customer, errors, values, "account")
        conn.execute("UPDATE customers SET firstname = ?, lastname = ?, email = ? WHERE id = ?",
                     (values["firstname"], values["lastname"], values["email"], cid))
        return redirect(request, url + "?tab=account", "You saved the customer.")
    if section == "newsletter":
        conn.execute("UPDATE customers SET newsletter_subscribed = ? WHERE id = ?",
                     (1 if form.get("subscription") else 0, cid))
        return redirect(request, url + "?tab=newsletter", "You saved the customer.")
    if section == "address":
        values: dict[str, Any] = {k: (form.get(k) or "").strip() for k in ADDRESS_FIELDS}
        values["address_id"] = form.get("address_id", "new")
        values["default_billing"] = "1" if form.get("default_billing") else "0"
        values["default_shipping"] = "1" if form.get("default_shipping") else "0"
        labels = dict(firstname="First Name", lastname="Last Name", street_1="Street Address", city="City",
                      postcode="Zip/Postal Code", country_id="Country", telephone="Phone Number")
        errors = {k: f"\u201c{label}\u201d is a required value." for k, label in labels.items() if not values[k]}
        if values["country_id"] == "US" and values["region"] not in {n for _, n in US_STATES}:
            errors["region"] = "\u201cState/Province\u201d is a required value."
        address = None
        if values["address_id"] != "new":
            address = conn.execute("SELECT * FROM addresses WHERE id = ? AND customer_id = ?",
                                   (values["address_id"], cid)).fetchone()
            if address is None:
                return not_found(request, "address")
        if errors:
            return _customer_page(request, customer, errors, values, "addresses")
        street = "\n".join(s for s in (values["street_1"], values["street_2"]) if s)
        cols = (values["firstname"], values["lastname"], values["company"], street, values["city"],
                values["region"], values["postcode"], values["country_id"], values["telephone"])
        if address is None:
            aid = conn.execute(
                "INSERT INTO addresses (customer_id, firstname, lastname, company, street, city, region, postcode,"
                " country_id, telephone) VALUES (?,?,?,?,?,?,?,?,?,?)", (cid, *cols)).lastrowid
        else:
            aid = address["id"]
            conn.execute("UPDATE addresses SET firstname = ?, lastname = ?, company = ?, street = ?, city = ?,"
                         " region = ?, postcode = ?, country_id = ?, telephone = ? WHERE id = ?", (*cols, aid))
        for kind in ("billing", "shipping"):
            has_other = conn.execute(f"SELECT 1 FROM addresses WHERE customer_id = ? AND is_default_{kind} = 1"
                                     " AND id != ?", (cid, aid)).fetchone()
            if values[f"default_{kind}"] == "1" or not has_other:
                conn.execute(f"UPDATE addresses SET is_default_{kind} = (id = ?) WHERE customer_id = ?", (aid, cid))
        return redirect(request, url + f"?tab=addresses&address_id={aid}", "You saved the customer.")
    return redirect(request, url, "Nothing to save.", "notice")
