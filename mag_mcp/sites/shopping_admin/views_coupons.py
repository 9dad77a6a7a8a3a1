"""Magento's "Manage Coupon Codes" generator of a cart price rule whose Coupon is "Auto":

    POST /admin/sales_rule/promo_quote/generate/   rule_id, qty, length, format (alphanum|alpha|num),
                                                  prefix, suffix, dash

The new codes go to `salesrule_coupons` (each unique, the rule's To date as their expiry) and are
listed under the form, as in Magento.
"""

from __future__ import annotations

import secrets
import sqlite3

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import form_view, not_found, redirect

CODE_FORMATS = (("alphanum", "Alphanumeric"), ("alpha", "Alphabetical"), ("num", "Numeric"))
_ALPHABETS = {"alphanum": "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", "alpha": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
              "num": "0123456789"}
MAX_QTY = 1000


def _int(raw: str | None, default: int) -> int | None:
    raw = (raw or "").strip()
    if not raw:
        return default
    return int(raw) if raw.isdigit() else None


def _code(fmt: str, length: int, prefix: str, suffix: str, dash: int) -> str:
    body = "".join(secrets.choice(_ALPHABETS[fmt]) for _ in range(length))
    if dash:
        body = "-".join(body[i:i + dash] for i in range(0, len(body), dash))
    return prefix + body + suffix


def generate(conn: sqlite3.Connection, rule: sqlite3.Row, qty: int, length: int, fmt: str, prefix: str,
             suffix: str, dash: int) -> list[str]:
    codes: list[str] = []
    tries = 0
    while len(codes) < qty and tries < qty * 20:
        tries += 1
        code = _code(fmt, length, prefix, suffix, dash)
        if code in codes or conn.execute("SELECT 1 FROM salesrule_coupons WHERE code = ?", (code,)).fetchone():
            continue
        codes.append(code)
    conn.executemany("INSERT INTO salesrule_coupons (rule_id, code, usage_limit, created_at, expiration_date)"
                     " VALUES (?, ?, ?, datetime('now'), ?)",
                     [(rule["id"], c, rule["uses_per_coupon"], rule["to_date"] or "") for c in codes])
    return codes


@form_view
def coupons_generate(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    rid = _int(form.get("rule_id"), 0)
    rule = conn.execute("SELECT * FROM salesrules WHERE id = ?", (rid or 0,)).fetchone()
    if rule is None:
        return not_found(request, "rule")
    back = f"/admin/sales_rule/promo_quote/edit/id/{rule['id']}/"
    if rule["coupon_type"] != "auto":
        return redirect(request, back, "Coupons can be generated only for a rule with an Auto coupon.", "error")
    qty, length, dash = _int(form.get("qty"), 0), _int(form.get("length"), 12), _int(form.get("dash"), 0)
    fmt = form.get("format") or "alphanum"
    if not qty or qty > MAX_QTY or not length or length > 32 or dash is None or fmt not in _ALPHABETS:
        return redirect(request, back, f"Please enter a Coupon Qty from 1 to {MAX_QTY}, a Code Length from 1 to 32"
                        " and a valid Code Format.", "error")
    prefix, suffix = (form.get("prefix") or "").strip(), (form.get("suffix") or "").strip()
    codes = generate(conn, rule, qty, length, fmt, prefix, suffix, dash)
    return redirect(request, back, f"{len(codes)} coupon(s) have been generated.")
