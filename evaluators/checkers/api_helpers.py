"""WebArena's Magento helpers for program_html, answered by the shop's REST API.

WebArena's evaluator (`evaluation_harness/helper_functions.py`) computes some program_html
URLs and locators by calling the shop's Magento REST API with an admin token:

- `shopping_get_auth_token()`: POST `{SHOPPING}/rest/default/V1/integration/admin/token` with
  the shop admin's `{"username", "password"}` -> the token (a JSON string).
- `shopping_get_latest_order_url()`: GET `{SHOPPING}/rest/V1/orders`, sorted by `created_at`
  descending, one item -> `{SHOPPING}/sales/order/view/order_id/<n>/`. webarena mode takes
  `<n>` = `int(increment_id)`, as WebArena does (it uses the order's number as its id, which
  holds only while the two sequences agree); strict mode takes the order's `entity_id`, the id
  the order page is addressed by.
- `shopping_get_sku_latest_review_author(sku)` / `shopping_get_sku_latest_review_rating(sku)`:
  GET `{SHOPPING}/rest/V1/products/<sku>/reviews` -> the last review's `nickname` /
  `str(ratings[0].percent)` ("" when the product has no review). The last review is the
  API's last, by review id ascending. webarena mode reads the first vote of that review and
  requires the first review's first vote to be named "Rating", as WebArena asserts; strict
  mode reads the vote named "Rating".

The calls go through the episode's browser context (`RequestProbe.request`): its cookies and
extra headers, so an embedded episode reaches its own state and a live deployment is reached
as the browser reaches it. The admin's account or a ready token comes from
`CheckContext.shopping_api`, which the environment fills; the checkers never know it.
Any failure (no credentials, an HTTP error, a body that is not what Magento answers, no
order) raises HelperError with a one-line reason: the item scores 0, the check goes on.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from mag_core.tasks import CheckerMode

from .context import CheckContext, PageProbe, RequestProbe
from .text import shorten

# name -> the number of (string) arguments it takes
SHOP_HELPERS: dict[str, int] = {
    "shopping_get_auth_token": 0,
    "shopping_get_latest_order_url": 0,
    "shopping_get_sku_latest_review_author": 1,
    "shopping_get_sku_latest_review_rating": 1,
}
TOKEN_PATH = "/rest/default/V1/integration/admin/token"
ORDERS_PATH = "/rest/V1/orders"
REVIEWS_PATH = "/rest/V1/products/{sku}/reviews"
LATEST_ORDER_QUERY = {
    "searchCriteria[sortOrders][0][field]": "created_at",
    "searchCriteria[sortOrders][0][direction]": "DESC",
    "searchCriteria[pageSize]": "1",
}
JSON_HEADERS = {"Content-Type": "application/json"}


class HelperError(Exception):
    """A Magento helper that could not compute its value (the message is one line)."""


def is_shop_helper(name: str) -> bool:
    return name in SHOP_HELPERS


def _why(status: int, body: Any) -> str:
    message = body.get("message") if isinstance(body, dict) else None
    return f"HTTP {status}" + (f" ({shorten(str(message), 100)})" if message else "")


class _Shop:
    """One helper call's view of the shop: its base URL, the probe, the credentials."""

    def __init__(self, call_text: str, page: PageProbe, ctx: CheckContext) -> None:
        self.call_text = call_text
        if ctx.shopping_api is None:
            raise HelperError(
                f"helper function {call_text} not supported against embedded sites without the shop "
                "admin's REST API credentials (CheckContext.shopping_api is unset; WebArena computes "
                "it from the Magento REST API with an admin token)"
            )
        base = ctx.base_urls.get("shopping")
        if not base:
            raise HelperError(f"helper function {call_text}: no base URL for the shop (shopping)")
        if not isinstance(page, RequestProbe):
            raise HelperError(f"helper function {call_text}: the page probe cannot send HTTP requests")
        self.base = base.rstrip("/")
        self.page: RequestProbe = page
        self.credentials = ctx.shopping_api

    def fail(self, what: str) -> HelperError:
        return HelperError(f"helper function {self.call_text}: {what}")

    async def call(self, method: str, path: str, *, headers: dict[str, str], json: Any = None) -> tuple[int, Any]:
        url = self.base + path
        try:
            return await self.page.request(method, url, headers=headers, json=json)
        except Exception as exc:  # the request failed or the body is not JSON
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise self.fail(f"{method} {shorten(url, 100)} failed: {shorten(first, 120)}") from None

    async def token(self) -> str:
        if self.credentials.token:
            return self.credentials.token
        status, body = await self.call(
            "POST", TOKEN_PATH, headers=dict(JSON_HEADERS),
            json={"username": self.credentials.username, "password": self.credentials.password},
        )
        if status != 200:
            raise self.fail(f"admin token request for {self.credentials.username!r} answered {_why(status, body)}")
        if not isinstance(body, str) or not body:
            raise self.fail(f"admin token request answered {shorten(repr(body), 80)}, not a token")
        return body

    async def get(self, path: str) -> Any:
        headers = {"Authorization": f"Bearer {await self.token()}", **JSON_HEADERS}
        status, body = await self.call("GET", path, headers=headers)
        if status != 200:
            raise self.fail(f"GET {shorten(path, 100)} answered {_why(status, body)}")
        return body


async def latest_order_url(shop: _Shop, mode: CheckerMode) -> str:
    body = await shop.get(f"{ORDERS_PATH}?{urlencode(LATEST_ORDER_QUERY)}")
    items = body.get("items") if isinstance(body, dict) else None
    if not isinstance(items, list):
        raise shop.fail(f"the orders answer has no items list: {shorten(repr(body), 80)}")
    if not items or not isinstance(items[0], dict):
        raise shop.fail("the shop has no order")
    order = items[0]
    key = "increment_id" if mode == "webarena" else "entity_id"
    try:
        number = int(order[key])
    except (KeyError, TypeError, ValueError):
        raise shop.fail(f"the latest order's {key} is {shorten(repr(order.get(key)), 40)}, not a number") from None
    return f"{shop.base}/sales/order/view/order_id/{number}/"


async def _reviews(shop: _Shop, sku: str) -> list[Any]:
    body = await shop.get(REVIEWS_PATH.format(sku=quote(sku, safe="")))
    if not isinstance(body, list):
        raise shop.fail(f"the reviews answer is not a list: {shorten(repr(body), 80)}")
    return body


def _vote(shop: _Shop, review: Any, mode: CheckerMode) -> dict[str, Any]:
    ratings = review.get("ratings") if isinstance(review, dict) else None
    votes = [v for v in ratings if isinstance(v, dict)] if isinstance(ratings, list) else []
    if mode == "strict":
        votes = [v for v in votes if v.get("rating_name") == "Rating"]
    if not votes:
        raise shop.fail(f"review {shorten(repr(review.get('id') if isinstance(review, dict) else review), 20)} "
                        "has no vote named 'Rating'")
    return votes[0]


async def latest_review_author(shop: _Shop, sku: str) -> str:
    reviews = await _reviews(shop, sku)
    if not reviews:
        return ""
    last = reviews[-1]
    if not isinstance(last, dict) or "nickname" not in last:
        raise shop.fail(f"the latest review has no nickname: {shorten(repr(last), 80)}")
    return str(last["nickname"])


async def latest_review_rating(shop: _Shop, sku: str, mode: CheckerMode) -> str:
    reviews = await _reviews(shop, sku)
    if not reviews:
        return ""
    if mode == "webarena" and _vote(shop, reviews[0], mode).get("rating_name") != "Rating":
        raise shop.fail("the first review's first vote is not named 'Rating' (WebArena asserts it is)")
    vote = _vote(shop, reviews[-1], mode)
    if "percent" not in vote:
        raise shop.fail(f"the latest review's vote has no percent: {shorten(repr(vote), 80)}")
    return str(vote["percent"])


async def shop_helper(name: str, args: list[Any], call_text: str, page: PageProbe, ctx: CheckContext,
                      mode: CheckerMode) -> str:
    """The value of WebArena's helper `name(*args)` (a URL or a locator's text)."""
    if len(args) != SHOP_HELPERS[name] or not all(type(a) is str for a in args):
        raise HelperError(f"helper function {call_text}: {name} takes {SHOP_HELPERS[name]} string argument(s)")
    shop = _Shop(call_text, page, ctx)
    if name == "shopping_get_auth_token":
        return await shop.token()
    if name == "shopping_get_latest_order_url":
        return await latest_order_url(shop, mode)
    if name == "shopping_get_sku_latest_review_author":
        return await latest_review_author(shop, str(args[0]))
    return await latest_review_rating(shop, str(args[0]), mode)
