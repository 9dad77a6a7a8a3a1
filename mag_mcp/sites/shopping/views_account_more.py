"""The customer account's smaller sections Magento's sidebar links to: My Downloadable Products
(downloadable/customer/products), Stored Payment Methods (vault/cards/listaction) and Billing
Agreements (paypal/billing_agreement). The shop sells no downloadable products, stores no cards
and has no PayPal billing agreements, so each page shows Magento's empty-state message."""

from __future__ import annotations

import secrets

from starlette.requests import Request
from starlette.responses import Response

from .common import current_customer, render, require_customer
from .seed import hash_password, verify_password

# section key -> (page title, Magento's empty-state message)
SECTIONS = {
    "downloadable": ("My Downloadable Products", "You have not purchased any downloadable products yet."),
    "vault": ("Stored Payment Methods", "You have no stored payment methods."),
    "billing_agreement": ("Billing Agreements", "There are no billing agreements yet."),
}


def _section(request: Request, key: str) -> Response:
    title, empty = SECTIONS[key]
    return render(request, "account_section.html", dict(title=title, empty=empty, section=key))


@require_customer
def downloadable_products(request: Request) -> Response:
    return _section(request, "downloadable")


@require_customer
def stored_payment_methods(request: Request) -> Response:
    return _section(request, "vault")


@require_customer
def billing_agreements(request: Request) -> Response:
    return _section(request, "billing_agreement")


# --- Change Password (customer/account/edit/changepass/1: the account form, its password part open) ---


@require_customer
def change_password(request: Request) -> Response:
    c = current_customer(request)
    values = dict(firstname=c["firstname"], lastname=c["lastname"], email=c["email"], change_password="1")
    return render(request, "account_edit.html", dict(title="Edit Account Information", values=values, errors={},
                                                     section="info"))


def password_change(form: dict[str, str], customer, errors: dict[str, str]) -> str | None:
    """The account form's password part as Magento checks it: when "Change Password" is ticked, the
    current password must match and the new one (8+ characters) be confirmed. Returns the new
    password's hash (None when not asked or invalid); problems go to `errors`."""
    if not form.get("change_password"):
        return None
    current, new, confirm = (form.get(k) or "" for k in ("current_password", "password", "password_confirmation"))
    for key, value in (("current_password", current), ("password", new), ("password_confirmation", confirm)):
        if not value:
            errors[key] = "This is a required field."
    if current and not verify_password(current, customer["password_hash"]):
        errors["current_password"] = "The password doesn't match this account. Verify the password and try again."
    if new and len(new) < 8:
        errors["password"] = "Minimum length of this field must be equal or greater than 8 symbols."
    if new and confirm and new != confirm:
        errors["password_confirmation"] = "Please enter the same value again."
    if any(k in errors for k in ("current_password", "password", "password_confirmation")):
        return None
    return hash_password(new, secrets.token_hex(4))
