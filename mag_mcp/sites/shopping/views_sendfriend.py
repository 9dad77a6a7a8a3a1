"""Email to a Friend (Magento's SendFriend: sendfriend/product/send/id/<id>/ and .../sendmail/).

As Magento's defaults have it: only signed-in customers may send (guests go to the sign-in page),
one message goes to at most 5 invitees, and a customer may send at most 5 messages an hour.
Every send is recorded in `sendfriend_log` (no mail leaves the world)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import current_customer, form_view, login_redirect, not_found, now, redirect, render

MAX_RECIPIENTS = 5
MAX_PER_HOUR = 5
EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def _product(request: Request):
    return db(request).execute("SELECT id, name, slug FROM products WHERE id = ? AND status = 1 AND visibility != 1",
                               (request.path_params["product_id"],)).fetchone()


def _form(request: Request, product, values: dict, recipients: list, errors: dict, messages=None) -> Response:
    ctx = dict(title=f"Email to a Friend: {product['name']}", product=product, values=values,
               recipients=recipients or [{"name": "", "email": ""}], errors=errors, max_recipients=MAX_RECIPIENTS)
    if messages:
        ctx["messages"] = messages
    return render(request, "sendfriend.html", ctx)


def send(request: Request) -> Response:
    product = _product(request)
    if product is None:
        return not_found(request)
    customer = current_customer(request)
    if customer is None:
        return login_redirect(request, f"/sendfriend/product/send/id/{product['id']}/")
    values = {"name": f"{customer['firstname']} {customer['lastname']}", "email": customer["email"], "message": ""}
    return _form(request, product, values, [], {})


def _recipients(form: dict[str, str]) -> list[dict[str, str]]:
    """The invitees in index order (recipients[name][i], recipients[email][i]), blank rows left out."""
    indexes = sorted({int(m.group(1)) for k in form for m in [re.fullmatch(r"recipients\[(?:name|email)\]\[(\d+)\]", k)]
                      if m})
    rows = [{"name": (form.get(f"recipients[name][{i}]") or "").strip(),
             "email": (form.get(f"recipients[email][{i}]") or "").strip()} for i in indexes]
    return [r for r in rows if r["name"] or r["email"]]


@form_view
def sendmail(request: Request, form: dict[str, str]) -> Response:
    product = _product(request)
    if product is None:
        return not_found(request)
    customer = current_customer(request)
    if customer is None:
        return login_redirect(request, f"/sendfriend/product/send/id/{product['id']}/")
    conn = db(request)
    values = {k: (form.get(f"sender[{k}]") or "").strip() for k in ("name", "email", "message")}
    recipients = _recipients(form)
    errors: dict[str, str] = {}
    for key in ("name", "email", "message"):
        if not values[key]:
            errors[f"sender-{key}"] = "This is a required field."
    if values["email"] and not EMAIL_RE.match(values["email"]):
        errors["sender-email"] = "Please enter a valid email address (Ex: johndoe@domain.com)."
    if not recipients:
        errors["recipients-name0"] = errors["recipients-email0"] = "This is a required field."
    for i, r in enumerate(recipients):
        if not r["name"]:
            errors[f"recipients-name{i}"] = "This is a required field."
        if not r["email"]:
            errors[f"recipients-email{i}"] = "This is a required field."
        elif not EMAIL_RE.match(r["email"]):
            errors[f"recipients-email{i}"] = "Please enter a valid email address (Ex: johndoe@domain.com)."
    messages = None
    if len(recipients) > MAX_RECIPIENTS:
        messages = [["error", f"No more than {MAX_RECIPIENTS} emails can be sent at a time."]]
    else:
        hour_ago = (datetime.now(UTC) - timedelta(hours=1)).strftime("%Y-%m-%d %H:%M:%S")
        sent = conn.execute("SELECT COUNT(*) FROM sendfriend_log WHERE customer_id = ? AND created_at > ?",
                            (customer["id"], hour_ago)).fetchone()[0]
        if sent >= MAX_PER_HOUR:
            messages = [["error", f"You can't send messages more than {MAX_PER_HOUR} times an hour."]]
    if errors or messages:
        return _form(request, product, values, recipients, errors, messages)
    conn.execute("INSERT INTO sendfriend_log (customer_id, product_id, sender_name, sender_email, message, recipients,"
                 " created_at) VALUES (?,?,?,?,?,?,?)",
                 (customer["id"], product["id"], values["name"], values["email"], values["message"],
                  json.dumps(recipients), now()))
    return redirect(request, f"/{product['slug']}.html", "The link to a friend was sent.")
