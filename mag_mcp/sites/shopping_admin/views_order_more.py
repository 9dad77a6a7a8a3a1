"""More of the order page's actions: "Send Email" (the order email again, noted in the order's
history) and the order address form behind the "Edit" links of the Address Information block.

    POST /admin/sales/order/email/order_id/<id>/
    GET  /admin/sales/order/address/address_id/<order id>/   POST .../addressSave/address_id/<order id>/

The shop keeps one address per order (`orders.shipping_*`), used for billing and shipping alike,
so both "Edit" links open the same form.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import (
    COUNTRIES,
    current_admin,
    form_view,
    not_found,
    now,
    redirect,
    render,
    require_admin,
)
from .views_sales import load_order

ADDRESS_FIELDS = (("firstname", "First Name", True), ("lastname", "Last Name", True), ("company", "Company", False),
                  ("street", "Street Address", True), ("city", "City", True), ("region", "State/Province", False),
                  ("postcode", "Zip/Postal Code", True), ("country_id", "Country", True),
                  ("telephone", "Phone Number", True))


def _view_url(order_id: int) -> str:
    return f"/admin/sales/order/view/order_id/{order_id}/"


@form_view
def order_email(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    order = load_order(conn, request.path_params["order_id"])
    if order is None:
        return not_found(request, "order")
    conn.execute(
        "INSERT INTO order_status_history (order_id, status, comment, is_customer_notified, is_visible_on_front,"
        " author, created_at) VALUES (?,?,?,?,?,?,?)",
        (order["id"], order["status"], "The order confirmation email was sent.", 1, 0,
         current_admin(request)["username"], now()))
    return redirect(request, _view_url(order["id"]), "You sent the order email.")


def _address_page(request: Request, order, values: dict[str, str], errors: dict[str, str]) -> Response:
    return render(request, "order_address.html", {
        "title": f"Edit Order {order['increment_id']} Address", "order": order, "values": values, "errors": errors,
        "fields": ADDRESS_FIELDS, "countries": COUNTRIES, "address_type": request.query_params.get("type", "billing")})


@require_admin
def order_address(request: Request) -> Response:
    order = load_order(db(request), request.path_params["order_id"])
    if order is None:
        return not_found(request, "order")
    values = {key: order[f"shipping_{key}"] or "" for key, _, _ in ADDRESS_FIELDS}
    return _address_page(request, order, values, {})


@form_view
def order_address_save(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    order = load_order(conn, request.path_params["order_id"])
    if order is None:
        return not_found(request, "order")
    values = {key: (form.get(key) or "").strip() for key, _, _ in ADDRESS_FIELDS}
    errors = {key: "This is a required field." for key, _, required in ADDRESS_FIELDS if required and not values[key]}
    if values["country_id"] and values["country_id"] not in dict(COUNTRIES):
        errors["country_id"] = "Please select a country."
    if errors:
        return _address_page(request, order, values, errors)
    conn.execute("UPDATE orders SET " + ", ".join(f"shipping_{key} = ?" for key, _, _ in ADDRESS_FIELDS) + " WHERE id = ?",
                 [*values.values(), order["id"]])
    return redirect(request, _view_url(order["id"]), "You updated the order address.")
