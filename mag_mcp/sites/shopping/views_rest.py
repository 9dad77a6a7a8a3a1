"""Magento 2.4's REST API, the slice WebArena's evaluator calls (its `shopping_get_*` helpers).

=================================================  =============================================
POST /rest/V1/integration/admin/token               {"username", "password"} of an active admin
                                                    (the shop admin's accounts) -> the token, a
                                                    JSON string; 401 on a wrong account
GET  /rest/V1/orders?searchCriteria[...]            orders: {"items", "search_criteria",
                                                    "total_count"}; sortOrders, pageSize,
                                                    currentPage, filterGroups (eq, neq, gt, gteq,
                                                    lt, lteq, like, nlike, in, nin)
GET  /rest/V1/products/<sku>/reviews                the product's reviews, every status, by review
                                                    id ascending (Magento's order): id, title,
                                                    detail, nickname, ratings [{rating_name:
                                                    "Rating", percent, value}], created_at, ...
anything else under /rest/                          404 {"message": "Request does not match any route."}
=================================================  =============================================

Each path is also served under a store code, `/rest/default/V1/...` and `/rest/all/V1/...`, as
Magento does. The GET endpoints need `Authorization: Bearer <token>`; without a valid one they
answer 401 with Magento's JSON error body.

Tokens are derived, never stored (an episode's database must not change because a checker
read it): a token is the HMAC-SHA256, under a secret of the seed (`token_secret`), of the
episode's state key and the admin's id, user name and password hash, cut to 32 hex digits.
A request's token is verified by recomputing it for each active admin of the request's own
database, so a token opens only the episode state it was issued in, and stops working once
that admin's password changes or the account is disabled. Unlike Magento's, tokens do not
expire.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import sqlite3
from collections.abc import Sequence
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..base import SiteStateStore, db
from .seed import verify_password

STORE_CODES = ("", "/default", "/all")
SIGN_IN_ERROR = ("The account sign-in was incorrect or your account is disabled temporarily. "
                 "Please wait and try again later.")
UNAUTHORIZED = "The consumer isn't authorized to access %resources."
NO_PRODUCT = "The product that was requested doesn't exist. Verify the product and try again."

# Magento's order state for each status the shop uses
STATES = {"pending": "new", "processing": "processing", "complete": "complete", "canceled": "canceled",
          "holded": "holded", "closed": "closed"}
UPDATED_AT = ("COALESCE((SELECT MAX(h.created_at) FROM order_status_history h WHERE h.order_id = o.id),"
              " o.created_at)")
# searchCriteria field -> SQL expression over orders o JOIN customers c
ORDER_FIELDS = {
    "entity_id": "o.id", "increment_id": "o.increment_id", "created_at": "o.created_at",
    "updated_at": UPDATED_AT, "status": "o.status", "customer_id": "o.customer_id",
    "customer_email": "c.email", "customer_firstname": "c.firstname", "customer_lastname": "c.lastname",
    "grand_total": "o.grand_total", "base_grand_total": "o.grand_total", "subtotal": "o.subtotal",
    "shipping_amount": "o.shipping_amount", "total_qty_ordered": "o.total_qty",
}
CONDITIONS = {"eq": "=", "neq": "!=", "gt": ">", "gteq": ">=", "lt": "<", "lteq": "<=",
              "like": "LIKE", "nlike": "NOT LIKE", "in": "IN", "nin": "NOT IN"}
_KEY = re.compile(r"\[([^\]]*)\]")


class RestError(Exception):
    def __init__(self, status: int, message: str, parameters: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.parameters = status, message, parameters


def _error(exc: RestError) -> JSONResponse:
    body: dict[str, Any] = {"message": exc.message}
    if exc.parameters:
        body["parameters"] = exc.parameters
    return JSONResponse(body, status_code=exc.status)


# --- tokens -----------------------------------------------------------------------------------------


def token_secret(store: SiteStateStore) -> bytes:
    """The secret tokens are derived under: one per seed database."""
    return hashlib.sha256(b"mag rest admin token\0" + store.seed_path.name.encode()).digest()


def _token(request: Request, user: sqlite3.Row) -> str:
    message = "\0".join((request.scope.get("mag_state_key", ""), str(user["id"]), user["username"],
                         user["password_hash"]))
    return hmac.new(request.app.state.rest_token_secret, message.encode(), hashlib.sha256).hexdigest()[:32]


def _require_admin(request: Request, resource: str) -> sqlite3.Row:
    """The active admin whose token the request carries (401 otherwise)."""
    scheme, _, token = request.headers.get("authorization", "").strip().partition(" ")
    token = token.strip()
    if scheme.lower() == "bearer" and token:
        for user in db(request).execute("SELECT * FROM admin_users WHERE is_active = 1 ORDER BY id"):
            if hmac.compare_digest(_token(request, user), token):
                return user
    raise RestError(401, UNAUTHORIZED, {"resources": resource})


async def admin_token(request: Request) -> Response:
    try:
        body = json.loads(await request.body() or b"null")
    except ValueError:
        return _error(RestError(400, "Decoding error: the request body is not valid JSON."))
    if not isinstance(body, dict):
        return _error(RestError(400, "Invalid request body: expected a JSON object."))
    username, password = body.get("username"), body.get("password")
    missing = [k for k, v in (("username", username), ("password", password)) if not isinstance(v, str) or not v]
    if missing:
        return JSONResponse({"message": "One or more input exceptions have occurred.",
                             "errors": [{"message": '"%fieldName" is required. Enter and try again.',
                                         "parameters": {"fieldName": k}} for k in missing]}, status_code=400)
    user = db(request).execute("SELECT * FROM admin_users WHERE username = ? AND is_active = 1",
                               (username.strip(),)).fetchone()
    if user is None or not verify_password(password, user["password_hash"]):
        return _error(RestError(401, SIGN_IN_ERROR))
    return JSONResponse(_token(request, user))


# --- orders -----------------------------------------------------------------------------------------


def _snake(key: str) -> str:
    return re.sub(r"(?<!^)([A-Z])", r"_\1", key).lower()


def search_criteria(params: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """`searchCriteria[sortOrders][0][field]=x` query parameters as nested dicts (snake_case keys;
    Magento takes both spellings)."""
    tree: dict[str, Any] = {}
    for name, value in params:
        if not name.startswith("searchCriteria["):
            continue
        keys = [_snake(k) for k in _KEY.findall(name[len("searchCriteria"):])]
        node = tree
        for k in keys[:-1]:
            child = node.setdefault(k, {})
            if not isinstance(child, dict):
                break
            node = child
        else:
            if keys:
                node[keys[-1]] = value
    return tree


def _indexed(node: Any) -> list[Any]:
    """A `[0]`, `[1]`... dict as a list, in index order."""
    if not isinstance(node, dict):
        return []
    return [node[k] for k in sorted(node, key=lambda k: int(k) if k.isdigit() else 1 << 30)]


def _int(value: Any, what: str) -> int | None:
    if value in (None, ""):
        return None
    try:
        n = int(value)
    except (TypeError, ValueError):
        raise RestError(400, f'Invalid value of "{value}" provided for the {what} field.') from None
    if n < 0:
        raise RestError(400, f'Invalid value of "{value}" provided for the {what} field.')
    return n


def _field(name: Any) -> str:
    expr = ORDER_FIELDS.get(str(name))
    if expr is None:
        raise RestError(400, f'Invalid field "{name}" in searchCriteria.')
    return expr


def _order_query(criteria: dict[str, Any]) -> tuple[str, list[Any], str, dict[str, Any]]:
    """WHERE, its arguments, ORDER BY and the search_criteria echoed back."""
    where, args, echo_groups = [], [], []
    for group in _indexed(criteria.get("filter_groups")):
        ors, echo = [], []
        for f in _indexed(group.get("filters") if isinstance(group, dict) else None):
            if not isinstance(f, dict):
                continue
            cond = str(f.get("condition_type") or "eq").lower()
            if cond not in CONDITIONS:
                raise RestError(400, f'Invalid condition type "{cond}" in searchCriteria.')
            expr, value = _field(f.get("field")), str(f.get("value", ""))
            if cond in ("in", "nin"):
                values = [v.strip() for v in value.split(",")]
                ors.append(f"{expr} {CONDITIONS[cond]} ({','.join('?' * len(values))})")
                args += values
            else:
                ors.append(f"{expr} {CONDITIONS[cond]} ?")
                args.append(value)
            echo.append({"field": f.get("field"), "value": value, "condition_type": cond})
        if ors:
            where.append("(" + " OR ".join(ors) + ")")
            echo_groups.append({"filters": echo})
    order, echo_sorts = [], []
    for s in _indexed(criteria.get("sort_orders")):
        if not isinstance(s, dict):
            continue
        direction = "DESC" if str(s.get("direction") or "ASC").upper() == "DESC" else "ASC"
        order.append(f"{_field(s.get('field'))} {direction}")
        echo_sorts.append({"field": s.get("field"), "direction": direction})
    # ties (orders placed in the same second) in entity order, the way the sort runs
    order.append("o.id " + (order[0].rsplit(" ", 1)[1] if order else "ASC"))
    echo: dict[str, Any] = {"filter_groups": echo_groups}
    if echo_sorts:
        echo["sort_orders"] = echo_sorts
    return " AND ".join(where) or "1", args, ", ".join(order), echo


def _order_json(row: sqlite3.Row, lines: list[sqlite3.Row]) -> dict[str, Any]:
    return {
        "entity_id": row["id"], "increment_id": row["increment_id"], "created_at": row["created_at"],
        "updated_at": row["updated_at"], "state": STATES.get(row["status"], row["status"]),
        "status": row["status"], "customer_id": row["customer_id"], "customer_email": row["email"],
        "customer_firstname": row["firstname"], "customer_lastname": row["lastname"], "customer_is_guest": 0,
        "store_id": 1, "base_currency_code": "USD", "order_currency_code": "USD",
        "grand_total": row["grand_total"], "base_grand_total": row["grand_total"], "subtotal": row["subtotal"],
        "shipping_amount": row["shipping_amount"], "shipping_description": row["shipping_method"],
        "total_qty_ordered": row["total_qty"], "total_item_count": len(lines),
        "payment": {"method": row["payment_method"]},
        "items": [{"item_id": li["id"], "order_id": row["id"], "product_id": li["product_id"], "sku": li["sku"],
                   "name": li["name"], "price": li["price"], "qty_ordered": li["qty"], "row_total": li["row_total"]}
                  for li in lines],
    }


def orders(request: Request) -> Response:
    try:
        _require_admin(request, "Magento_Sales::actions_view")
        criteria = search_criteria(request.query_params.multi_items())
        where, args, order, echo = _order_query(criteria)
        page_size = _int(criteria.get("page_size"), "pageSize")
        current = _int(criteria.get("current_page"), "currentPage") or 1
    except RestError as exc:
        return _error(exc)
    conn = db(request)
    base = " FROM orders o JOIN customers c ON c.id = o.customer_id WHERE " + where
    total = conn.execute("SELECT COUNT(*)" + base, args).fetchone()[0]
    sql = f"SELECT o.*, c.email, c.firstname, c.lastname, {UPDATED_AT} AS updated_at{base} ORDER BY {order}"
    if page_size:
        sql += f" LIMIT {page_size} OFFSET {(current - 1) * page_size}"
        echo.update(page_size=page_size, current_page=current)
    rows = conn.execute(sql, args).fetchall()
    lines: dict[int, list[sqlite3.Row]] = {r["id"]: [] for r in rows}
    ids = list(lines)
    for chunk in (ids[i:i + 500] for i in range(0, len(ids), 500)):
        for li in conn.execute(f"SELECT * FROM order_items WHERE order_id IN ({','.join('?' * len(chunk))})"
                               " ORDER BY id", chunk):
            lines[li["order_id"]].append(li)
    return JSONResponse({"items": [_order_json(r, lines[r["id"]]) for r in rows],
                         "search_criteria": echo, "total_count": total})


# --- reviews ----------------------------------------------------------------------------------------

REVIEW_STATUS = {"approved": 1, "pending": 2, "not_approved": 3}


def product_reviews(request: Request) -> Response:
    try:
        _require_admin(request, "Magento_Review::reviews")
    except RestError as exc:
        return _error(exc)
    conn = db(request)
    product = conn.execute("SELECT id FROM products WHERE sku = ?", (request.path_params["sku"],)).fetchone()
    if product is None:
        return _error(RestError(404, NO_PRODUCT))
    rows = conn.execute("SELECT * FROM reviews WHERE product_id = ? ORDER BY id", (product["id"],)).fetchall()
    return JSONResponse([{
        "id": r["id"], "title": r["summary"], "detail": r["text"], "nickname": r["nickname"],
        "customer_id": r["customer_id"],
        "ratings": [{"rating_name": "Rating", "percent": r["rating"] * 20, "value": r["rating"]}],
        "review_entity": "product", "review_status": REVIEW_STATUS.get(r["status"], 2),
        "entity_pk_value": product["id"], "store_id": 1, "stores": [1], "created_at": r["created_at"],
    } for r in rows])


def no_route(request: Request) -> Response:
    return _error(RestError(404, "Request does not match any route."))


def routes() -> list[Route]:
    """The REST routes, to come before the storefront's catch-all routes."""
    out = []
    for code in STORE_CODES:
        v1 = f"/rest{code}/V1"
        out += [
            Route(f"{v1}/integration/admin/token", admin_token, methods=["POST"]),
            Route(f"{v1}/orders", orders, methods=["GET"]),
            Route(f"{v1}/products/{{sku}}/reviews", product_reviews, methods=["GET"]),
        ]
    out.append(Route("/rest/{rest:path}", no_route, methods=["GET", "POST", "PUT", "DELETE"]))
    return out
