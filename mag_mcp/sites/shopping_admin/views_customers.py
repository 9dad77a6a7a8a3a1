"""Customers > All Customers: the customers grid (Delete / Newsletter / Assign a Customer Group mass
actions) and the customer page (view, account, addresses, orders, cart, newsletter, billing
agreements, reviews, wish list)."""

from __future__ import annotations

import re
import secrets
import sqlite3
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from ..shopping.catalog_data import COUNTRIES, US_STATES
from ..shopping.seed import hash_password
from . import grid as g
from .admin_data import CUSTOMER_GROUPS
from .common import form_view, not_found, now, redirect, render, require_admin
from .grid_pages import GridPage
from .views_sales import ORDER_STATUS_LABELS

EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
TABS = (("view", "Customer View"), ("account", "Account Information"), ("addresses", "Addresses"),
        ("orders", "Orders"), ("cart", "Shopping cart"), ("newsletter", "Newsletter"),
        ("agreements", "Billing Agreements"), ("reviews", "Product Reviews"), ("wishlist", "Wish List"))
ADDRESS_FIELDS = ("firstname", "lastname", "company", "street_1", "street_2", "city", "region", "postcode",
                  "country_id", "telephone")
NAME = "(c.firstname || ' ' || c.lastname)"

CUSTOMERS_FROM = ("FROM customers c LEFT JOIN addresses a ON a.id = (SELECT id FROM addresses WHERE customer_id = c.id"
                  " ORDER BY is_default_billing DESC, id LIMIT 1) WHERE 1")
GROUP_SQL = "COALESCE((SELECT group_id FROM customer_group_members WHERE customer_id = c.id), 1)"
CUSTOMERS_GRID = g.Grid(
    key="customer_listing",
    columns=[
        g.Column("id", "ID", "c.id", kind="num"),
        g.Column("name", "Name", f"{NAME} COLLATE NOCASE", kind="link", href="/admin/customer/index/edit/id/{id}/"),
        g.Column("email", "Email", "c.email"),
        g.Column("group", "Group", GROUP_SQL, field="group_code"),
        g.Column("phone", "Phone", "a.telephone", field="telephone"),
        g.Column("postcode", "ZIP", "a.postcode", field="postcode"),
        g.Column("country", "Country", "a.country_id", kind="country", field="country_id"),
        g.Column("region", "State/Province", "a.region", field="region"),
        g.Column("created_at", "Customer Since", "c.created_at", kind="datetime"),
        g.Column("website", "Web Site"),
        g.Column("created_in", "Account Created in"),
        g.Column("city", "City", "a.city", visible=False),
        g.Column("street", "Street Address", visible=False),
        g.Column("company", "Company", "a.company", visible=False),
        g.Column("billing_full", "Billing Address", visible=False),
        g.Column("newsletter", "Newsletter", "c.newsletter_subscribed", kind="yesno", visible=False,
                 field="newsletter_subscribed"),
        g.Column("confirmed", "Confirmed email", visible=False),
        g.Column("action", "Action", kind="action", href="/admin/customer/index/edit/id/{id}/", text="Edit",
                 aria="Edit customer {firstname} {lastname}"),
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
        g.Filter("group", "Group", "select", GROUP_SQL, tuple((str(i), code) for i, code, _ in CUSTOMER_GROUPS if i)),
    ],
    search=["c.firstname", "c.lastname", "c.email", "a.telephone", "a.postcode", "a.city", "a.street", "a.region"],
    default_sort="id", default_dir="asc", tiebreak="c.id",
    mass_actions=(g.MassAction("delete", "Delete", "Are you sure you want to delete {n} selected customer(s)?"),
                  g.MassAction("subscribe", "Subscribe to Newsletter"),
                  g.MassAction("unsubscribe", "Unsubscribe from Newsletter"),
                  *(g.MassAction(f"group_{i}", f"Assign a Customer Group: {code}") for i, code, _ in CUSTOMER_GROUPS if i)),
    select_aria="Select customer {firstname} {lastname}")
CUSTOMERS_SELECT = (
    f"c.*, {NAME} AS name, a.telephone, a.postcode, a.country_id, a.region, a.city, a.company,"
    " replace(a.street, char(10), ', ') AS street,"
    " a.street || ', ' || a.city || ', ' || a.region || ' ' || a.postcode AS billing_full,"
    f" (SELECT code FROM customer_groups WHERE id = {GROUP_SQL}) AS group_code, 'Main Website' AS website,"
    " 'Default Store View' AS created_in, 'Confirmed' AS confirmed")


def apply_customer_action(conn: sqlite3.Connection, request: Request, action: str, ids: list[int]) -> str:
    """Delete (customers without orders only: their orders must keep a customer), (un)subscribe,
    or move the selected customers to a group."""
    marks = ",".join("?" * len(ids))
    if action == "delete":
        keep = {r[0] for r in conn.execute(f"SELECT DISTINCT customer_id FROM orders WHERE customer_id IN ({marks})", ids)}
        gone = [i for i in ids if i not in keep]
        if gone:
            m2 = ",".join("?" * len(gone))
            for table in ("addresses", "cart_items", "wishlist_items", "sessions", "billing_agreements"):
                conn.execute(f"DELETE FROM {table} WHERE customer_id IN ({m2})", gone)
            conn.execute(f"UPDATE reviews SET customer_id = NULL WHERE customer_id IN ({m2})", gone)
            conn.execute(f"DELETE FROM customers WHERE id IN ({m2})", gone)
        note = f" {len(keep)} customer(s) with orders were kept." if keep else ""
        return (f"A total of {len(gone)} record(s) were deleted." + note) if gone else "!" + note.strip()
    if action in ("subscribe", "unsubscribe"):
        n = conn.execute(f"UPDATE customers SET newsletter_subscribed = ? WHERE id IN ({marks})",
                         [int(action == "subscribe"), *ids]).rowcount
        return f"A total of {n} record(s) were updated."
    group = int(action.removeprefix("group_"))
    for cid in ids:
        set_group(conn, cid, group)
    return f"A total of {len(ids)} record(s) were assigned to the group."


def set_group(conn: sqlite3.Connection, customer_id: int, group_id: int) -> None:
    if group_id == 1:
        conn.execute("DELETE FROM customer_group_members WHERE customer_id = ?", (customer_id,))
    else:
        conn.execute("INSERT INTO customer_group_members (customer_id, group_id) VALUES (?,?) ON CONFLICT (customer_id)"
                     " DO UPDATE SET group_id = excluded.group_id", (customer_id, group_id))


CUSTOMERS_PAGE = GridPage(
    path="/admin/customer/index/", title="Customers", grid=CUSTOMERS_GRID, select=CUSTOMERS_SELECT,
    from_where=CUSTOMERS_FROM, id_sql="c.id", two_phase=True, apply=apply_customer_action,
    buttons=(("Add New Customer", "/admin/customer/index/new/"),))

CUSTOMER_ORDERS_GRID = g.Grid(
    key="customer_orders",
    columns=[g.Column("increment_id", "Order", "o.id"),
             g.Column("created_at", "Purchased", "o.created_at", kind="datetime"),
             g.Column("billing_name", "Bill-to Name"), g.Column("shipping_name", "Ship-to Name"),
             g.Column("grand_total", "Order Total", "o.grand_total", kind="money"),
             g.Column("status", "Status", "o.status", kind="badge", labels=ORDER_STATUS_LABELS),
             g.Column("store", "Purchase Point", visible=False),
             g.Column("action", "Action", kind="action", href="/admin/sales/order/view/order_id/{id}/", text="View",
                      aria="View order {increment_id}")],
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
    ctx["group"] = conn.execute(f"SELECT id, code FROM customer_groups WHERE id = {GROUP_SQL.replace('c.id', '?')}",
                                (customer["id"],)).fetchone()
    ctx["groups"] = [(str(i), code) for i, code, _ in CUSTOMER_GROUPS if i]
    ctx["online"] = conn.execute("SELECT MAX(last_visit_at) FROM customer_visitors WHERE customer_id = ?",
                                 (customer["id"],)).fetchone()[0]
    ctx["recent_orders"] = conn.execute("SELECT * FROM orders WHERE customer_id = ? ORDER BY created_at DESC, id DESC"
                                        " LIMIT 10", (customer["id"],)).fetchall()
    # every tab's panel is in the page (hidden unless open), as in Magento's customer form; of the
    # forms whose fields share ids (account / address / newsletter), only the open one
    if tab not in ("addresses", "newsletter"):
        ctx["values"] = values or dict(firstname=customer["firstname"], lastname=customer["lastname"],
                                       email=customer["email"], group_id=str(ctx["group"]["id"]))
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
    ctx["g"] = g.run_grid(request, conn, CUSTOMER_ORDERS_GRID, "o.*",
                          "FROM orders o WHERE o.customer_id = ?", (customer["id"],))
    ctx["cart"] = conn.execute(
        "SELECT ci.*, p.name, p.sku, p.price FROM cart_items ci JOIN products p ON p.id = ci.product_id"
        " WHERE ci.customer_id = ? ORDER BY ci.added_at DESC, ci.id DESC", (customer["id"],)).fetchall()
    ctx["wishlist"] = conn.execute(
        "SELECT w.*, p.name, p.sku, p.price FROM wishlist_items w JOIN products p ON p.id = w.product_id"
        " WHERE w.customer_id = ? ORDER BY w.added_at DESC, w.id DESC", (customer["id"],)).fetchall()
    ctx["agreements"] = conn.execute("SELECT * FROM billing_agreements WHERE customer_id = ? ORDER BY id",
                                     (customer["id"],)).fetchall()
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
        values = {k: (form.get(k) or "").strip() for k in ("firstname", "lastname", "email", "group_id")}
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
        if values["group_id"]:
            group = int(values["group_id"]) if values["group_id"].isdigit() else 1
            if group in {i for i, _, _ in CUSTOMER_GROUPS if i}:
                set_group(conn, cid, group)
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


# --- a new customer ------------------------------------------------------------------------------------

@require_admin
def customer_new(request: Request) -> Response:
    return _new_page(request, dict(firstname="", lastname="", email="", group_id="1"), {})


def _new_page(request: Request, values: dict[str, str], errors: dict[str, str]) -> Response:
    return render(request, "customer_new.html", dict(
        title="New Customer", values=values, errors=errors, groups=[(str(i), code) for i, code, _ in CUSTOMER_GROUPS if i],
        messages=[["error", m] for m in errors.values()][:1]))


@form_view
def customer_create(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    values = {k: (form.get(k) or "").strip() for k in ("firstname", "lastname", "email", "group_id")}
    errors = {k: f"\u201c{label}\u201d is a required value." for k, label in
              (("firstname", "First Name"), ("lastname", "Last Name"), ("email", "Email")) if not values[k]}
    if values["email"] and not EMAIL_RE.match(values["email"]):
        errors["email"] = "Please enter a valid email address (Ex: johndoe@domain.com)."
    elif values["email"] and conn.execute("SELECT 1 FROM customers WHERE email = ?", (values["email"],)).fetchone():
        errors["email"] = "A customer with the same email address already exists in an associated website."
    group = int(values["group_id"]) if values["group_id"].isdigit() else 1
    if group not in {i for i, _, _ in CUSTOMER_GROUPS if i}:
        errors["group_id"] = "Please select a customer group."
    if errors:
        return _new_page(request, values, errors)
    cid = conn.execute(
        "INSERT INTO customers (firstname, lastname, email, password_hash, created_at, newsletter_subscribed)"
        " VALUES (?,?,?,?,?,0)", (values["firstname"], values["lastname"], values["email"],
                                  hash_password(secrets.token_hex(8), "adm"), now())).lastrowid
    set_group(conn, int(cid), group)
    return redirect(request, f"/admin/customer/index/edit/id/{cid}/", "You saved the customer.")


# --- page actions: delete, reset password, force sign-in ---------------------------------------------------

@form_view
def customer_delete(request: Request, form: dict[str, str]) -> Response:
    """Delete a customer (after a confirmation); one with orders is kept, as their orders need them."""
    conn = db(request)
    customer = _customer(request)
    if customer is None:
        return not_found(request, "customer")
    url = f"/admin/customer/index/edit/id/{customer['id']}/"
    if form.get("confirmed") != "1":
        return render(request, "confirm.html", dict(
            title=f"{customer['firstname']} {customer['lastname']}", heading="Delete Customer", fields=[], back=url,
            question="Are you sure you want to do this?", action=f"/admin/customer/index/delete/id/{customer['id']}/"))
    message = apply_customer_action(conn, request, "delete", [customer["id"]])
    if message.startswith("!"):
        return redirect(request, url, "The customer can't be deleted: they have orders.", "error")
    return redirect(request, "/admin/customer/index/", "You deleted the customer.")


@form_view
def customer_reset_password(request: Request, form: dict[str, str]) -> Response:
    customer = _customer(request)
    if customer is None:
        return not_found(request, "customer")
    return redirect(request, f"/admin/customer/index/edit/id/{customer['id']}/",
                    "The customer will receive an email with a link to reset password.")


@form_view
def customer_force_sign_in(request: Request, form: dict[str, str]) -> Response:
    """Sign the customer out of the storefront everywhere (their sessions end)."""
    customer = _customer(request)
    if customer is None:
        return not_found(request, "customer")
    db(request).execute("DELETE FROM sessions WHERE customer_id = ?", (customer["id"],))
    return redirect(request, f"/admin/customer/index/edit/id/{customer['id']}/",
                    "You have revoked the customer’s tokens.")
