"""WebArena's Magento helpers in program_html (`shopping_get_latest_order_url()`, the latest
review's author and rating), answered by the embedded shop's REST API: the endpoints over real
HTTP, the checker on a real episode's browser context, and the failures that score an item 0."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from evaluators.checkers import CheckContext, check_task
from evaluators.checkers.context import RequestProbe, ShopApiCredentials
from mag_core.tasks import Task
from mag_mcp.env.episode import Episode
from mag_mcp.env.page_probe import shop_api_credentials
from mag_mcp.env.transcript import TranscriptWriter
from mag_mcp.sites.base import STATE_HEADER, SiteStateStore
from mag_mcp.sites.runner import EmbeddedSites
from mag_mcp.sites.shopping import SESSION_COOKIE
from mag_mcp.sites.shopping.common import now
from mag_mcp.sites.shopping.seed import DEFAULT_SESSION_TOKEN

TOKEN = "/rest/default/V1/integration/admin/token"
LATEST = {"searchCriteria[sortOrders][0][field]": "created_at",
          "searchCriteria[sortOrders][0][direction]": "DESC", "searchCriteria[pageSize]": "1"}
EMMA = 1  # the customer the shop's login cookie signs in
NEW_SKU, NEW_NAME = "MAG-REST-TEST-1", "MAG REST test lamp"


@pytest.fixture(scope="module")
def shop() -> Iterator[tuple[str, SiteStateStore]]:
    sites = EmbeddedSites(["shopping"], ports={"shopping": 0})
    sites.start()
    try:
        yield sites.base_urls["shopping"], sites.stores["shopping"]
    finally:
        sites.stop()


@pytest.fixture
def state(shop: tuple[str, SiteStateStore]) -> Iterator[str]:
    """A fresh episode state of the shop (its key)."""
    key = uuid.uuid4().hex[:16]
    shop[1].create(key)
    yield key
    shop[1].drop(key)


def client(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={STATE_HEADER: key}, timeout=30)


def admin_token(c: httpx.Client) -> str:
    r = c.post(TOKEN, json={"username": "admin", "password": "admin1234"})
    assert r.status_code == 200, r.text
    return r.json()


def db(store: SiteStateStore, key: str) -> sqlite3.Connection:
    conn = store.connect(key)
    conn.row_factory = sqlite3.Row
    return conn


def place_order(store: SiteStateStore, key: str, increment_id: str | None = None) -> int:
    """A new order of Emma's, placed now, for one NEW_SKU (its entity id)."""
    with db(store, key) as conn:
        row = dict(conn.execute("SELECT * FROM orders WHERE customer_id = ? LIMIT 1", (EMMA,)).fetchone())
        del row["id"]
        row.update(increment_id=f"tmp-{uuid.uuid4().hex}", created_at=now(), status="pending")
        oid = conn.execute(f"INSERT INTO orders ({','.join(row)}) VALUES ({','.join('?' * len(row))})",
                           list(row.values())).lastrowid
        conn.execute("UPDATE orders SET increment_id = ? WHERE id = ?", (increment_id or f"{oid:09d}", oid))
        conn.execute("INSERT INTO order_items (order_id, product_id, sku, name, price, qty, row_total)"
                     " VALUES (?, NULL, ?, ?, 9.5, 1, 9.5)", (oid, NEW_SKU, NEW_NAME))
    return oid


def review_product(store: SiteStateStore, key: str) -> tuple[int, str]:
    """(id, sku) of a product with reviews of several statuses."""
    with db(store, key) as conn:
        row = conn.execute("SELECT p.id, p.sku FROM products p JOIN reviews r ON r.product_id = p.id"
                           " GROUP BY p.id HAVING COUNT(DISTINCT r.status) > 1 ORDER BY p.id LIMIT 1").fetchone()
    return row["id"], row["sku"]


def add_review(store: SiteStateStore, key: str, product_id: int, nickname: str, rating: int) -> None:
    with db(store, key) as conn:
        conn.execute("INSERT INTO reviews (product_id, customer_id, nickname, summary, text, rating, status,"
                     " created_at) VALUES (?, ?, ?, 'Nice', 'Works well.', ?, 'pending', ?)",
                     (product_id, EMMA, nickname, rating, now()))


# --- the REST endpoints, over HTTP --------------------------------------------------------------------


def test_admin_token(shop: tuple[str, SiteStateStore], state: str) -> None:
    base, store = shop
    with client(base, state) as c:
        token = admin_token(c)
        assert isinstance(token, str) and len(token) == 32
        assert c.post("/rest/V1/integration/admin/token", json={"username": "admin", "password": "admin1234"}
                      ).json() == token  # the same account, the same state: the same token
        wrong = c.post(TOKEN, json={"username": "admin", "password": "admin12345"})
        assert wrong.status_code == 401
        assert wrong.json() == {"message": "The account sign-in was incorrect or your account is disabled "
                                           "temporarily. Please wait and try again later."}
        # a disabled admin gets none, with the right password either
        assert c.post(TOKEN, json={"username": "former_intern", "password": "former_intern.Pass123"}
                      ).status_code == 401
        missing = c.post(TOKEN, json={"username": "admin"})
        assert missing.status_code == 400 and missing.json()["errors"][0]["parameters"] == {"fieldName": "password"}
        assert c.post(TOKEN, content=b"{not json", headers={"content-type": "application/json"}).status_code == 400


def test_endpoints_need_a_token_of_this_state(shop: tuple[str, SiteStateStore], state: str) -> None:
    base, store = shop
    with client(base, state) as c:
        token = admin_token(c)
        sku = review_product(store, state)[1]
        for path, resource in (("/rest/V1/orders", "Magento_Sales::actions_view"),
                               (f"/rest/V1/products/{sku}/reviews", "Magento_Review::reviews")):
            for headers in ({}, {"Authorization": "Bearer nottherighttoken"}, {"Authorization": token}):
                r = c.get(path, headers=headers)
                assert r.status_code == 401, (path, headers)
                assert r.json() == {"message": "The consumer isn't authorized to access %resources.",
                                    "parameters": {"resources": resource}}
            assert c.get(path, headers={"Authorization": f"Bearer {token}"}).status_code == 200
        # another episode's state does not take it
        other = uuid.uuid4().hex[:16]
        store.create(other)
        try:
            with client(base, other) as c2:
                assert c2.get("/rest/V1/orders", headers={"Authorization": f"Bearer {token}"}).status_code == 401
        finally:
            store.drop(other)
        # a new password ends the old tokens
        with db(store, state) as conn:
            conn.execute("UPDATE admin_users SET password_hash = 'x$1$y$z' WHERE username = 'admin'")
        assert c.get("/rest/V1/orders", headers={"Authorization": f"Bearer {token}"}).status_code == 401
        assert c.get("/rest/V1/nothing/here").json() == {"message": "Request does not match any route."}


def test_orders_sorted_and_limited(shop: tuple[str, SiteStateStore], state: str) -> None:
    base, store = shop
    with db(store, state) as conn:
        expected = [r[0] for r in conn.execute("SELECT id FROM orders ORDER BY created_at DESC, id DESC LIMIT 5")]
        total = conn.execute("SELECT COUNT(*) FROM orders").fetchone()[0]
        emma = [r[0] for r in conn.execute("SELECT id FROM orders WHERE customer_id = ? ORDER BY created_at",
                                           (EMMA,))]
    with client(base, state) as c:
        auth = {"Authorization": f"Bearer {admin_token(c)}"}
        body = c.get("/rest/V1/orders", params=LATEST, headers=auth).json()
        assert body["total_count"] == total and len(body["items"]) == 1
        assert body["search_criteria"]["sort_orders"] == [{"field": "created_at", "direction": "DESC"}]
        latest = body["items"][0]
        assert latest["entity_id"] == expected[0] and latest["increment_id"] == f"{expected[0]:09d}"
        assert {"created_at", "customer_email", "grand_total", "status", "items"} <= set(latest)
        page = c.get("/rest/V1/orders", headers=auth, params={**LATEST, "searchCriteria[pageSize]": "2",
                                                              "searchCriteria[currentPage]": "2"}).json()
        assert [o["entity_id"] for o in page["items"]] == expected[2:4]
        mine = c.get("/rest/V1/orders", headers=auth, params={
            "searchCriteria[filterGroups][0][filters][0][field]": "customer_email",
            "searchCriteria[filterGroups][0][filters][0][value]": "emma.lopez@gmail.com",
            "searchCriteria[sortOrders][0][field]": "created_at"}).json()
        assert [o["entity_id"] for o in mine["items"]] == emma and mine["total_count"] == len(emma)
        assert {o["customer_email"] for o in mine["items"]} == {"emma.lopez@gmail.com"}
        oid = place_order(store, state)
        latest = c.get("/rest/V1/orders", params=LATEST, headers=auth).json()["items"][0]
        assert latest["entity_id"] == oid and latest["status"] == "pending" and latest["state"] == "new"
        assert [(i["sku"], i["qty_ordered"]) for i in latest["items"]] == [(NEW_SKU, 1)]
        bad = c.get("/rest/V1/orders", headers=auth, params={"searchCriteria[sortOrders][0][field]": "password"})
        assert bad.status_code == 400


def test_reviews_of_a_sku(shop: tuple[str, SiteStateStore], state: str) -> None:
    base, store = shop
    product_id, sku = review_product(store, state)
    with db(store, state) as conn:
        rows = conn.execute("SELECT * FROM reviews WHERE product_id = ? ORDER BY id", (product_id,)).fetchall()
    with client(base, state) as c:
        auth = {"Authorization": f"Bearer {admin_token(c)}"}
        reviews = c.get(f"/rest/V1/products/{sku}/reviews", headers=auth).json()
        assert [r["id"] for r in reviews] == [r["id"] for r in rows]  # every status, by id
        assert [(r["nickname"], r["title"], r["detail"], r["created_at"]) for r in reviews] == [
            (r["nickname"], r["summary"], r["text"], r["created_at"]) for r in rows]
        assert [r["ratings"] for r in reviews] == [
            [{"rating_name": "Rating", "percent": r["rating"] * 20, "value": r["rating"]}] for r in rows]
        add_review(store, state, product_id, "RestTester", 4)
        last = c.get(f"/rest/V1/products/{sku}/reviews", headers=auth).json()[-1]
        assert (last["nickname"], last["ratings"][0]["percent"], last["review_status"]) == ("RestTester", 80, 2)
        missing = c.get("/rest/V1/products/NO-SUCH-SKU/reviews", headers=auth)
        assert missing.status_code == 404 and "doesn't exist" in missing.json()["message"]


# --- the checker on a real episode ------------------------------------------------------------------------

ORDER_ITEM = {"url": "func:shopping_get_latest_order_url()",
              "locator": "document.querySelector(\".order-details-items.ordered\").outerText",
              "required_contents": {"must_include": [NEW_SKU]}}


def shop_task(items: list[dict[str, Any]], mode: str) -> Task:
    return Task.model_validate({
        "sites": ["shopping"], "task_id": 9001, "start_url": "__SHOPPING__", "intent": "Buy the lamp.",
        "require_login": True, "mag": {"checker_mode": mode},
        "eval": {"eval_types": ["program_html"], "program_html": items}})


async def episode_check(pool: Any, shop: tuple[str, SiteStateStore], key: str, task: Task,
                        runs: Path) -> dict[str, Any]:
    """End an episode of `task` on state `key` as the environment does and return its check."""
    base, store = shop
    session = await pool.new_session(
        [base], cookies=[{"name": SESSION_COOKIE, "value": DEFAULT_SESSION_TOKEN, "domain": "127.0.0.1", "path": "/"}],
        headers={STATE_HEADER: key})
    ep = Episode(id=uuid.uuid4().hex[:12], run_id="api", agent="test", task=task, grounding="som", session=session,
                 writer=TranscriptWriter(runs, "api", "ep"), base_urls={"shopping": base},
                 state_keys={"shopping": key}, stores={"shopping": store}, versions={})
    await ep._check_and_record("stopped", "")
    assert ep.outcome is not None and ep.outcome.check is not None
    return ep.outcome.check


def fresh(store: SiteStateStore) -> str:
    key = uuid.uuid4().hex[:16]
    store.create(key)
    return key


@pytest.mark.anyio
async def test_latest_order_url_on_a_real_episode(pool: Any, shop: tuple[str, SiteStateStore], tmp_path: Path) -> None:
    store = shop[1]
    missing = f"must_include {NEW_SKU!r} not in text"
    before = await episode_check(pool, shop, fresh(store), shop_task([ORDER_ITEM], "webarena"), tmp_path)
    assert before["score"] == 0.0 and missing in before["details"][0]["message"], before  # not Emma's lamp
    for mode in ("webarena", "strict"):
        key = fresh(store)  # the order is in this episode's state only: its context's header reaches it
        place_order(store, key)
        after = await episode_check(pool, shop, key, shop_task([ORDER_ITEM], mode), tmp_path)
        assert after["score"] == 1.0, after
        assert "must_include 1 item(s) found" in after["details"][0]["message"]
    # WebArena addresses the order by its increment id: right while the two agree, wrong here
    key = fresh(store)
    place_order(store, key, increment_id="800000001")
    webarena = await episode_check(pool, shop, key, shop_task([ORDER_ITEM], "webarena"), tmp_path)
    assert webarena["score"] == 0.0 and missing in webarena["details"][0]["message"], webarena  # order 800000001
    key = fresh(store)
    place_order(store, key, increment_id="800000001")
    strict = await episode_check(pool, shop, key, shop_task([ORDER_ITEM], "strict"), tmp_path)
    assert strict["score"] == 1.0, strict


@pytest.mark.anyio
async def test_review_helpers_on_a_real_episode(pool: Any, shop: tuple[str, SiteStateStore], tmp_path: Path) -> None:
    store = shop[1]
    product_id, sku = review_product(store, "default")
    items = [{"url": "last", "locator": f"func:shopping_get_sku_latest_review_rating('{sku}')",
              "required_contents": {"must_include": ["80"]}},
             {"url": "last", "locator": f"func:shopping_get_sku_latest_review_author('{sku}')",
              "required_contents": {"must_include": ["ShoppingEmma"]}}]
    before = await episode_check(pool, shop, fresh(store), shop_task(items, "webarena"), tmp_path)
    assert before["score"] == 0.0 and "ShoppingEmma" in before["details"][0]["message"], before
    for mode in ("webarena", "strict"):
        key = fresh(store)
        add_review(store, key, product_id, "ShoppingEmma", 4)
        after = await episode_check(pool, shop, key, shop_task(items, mode), tmp_path)
        assert after["score"] == 1.0, after


# --- credentials and failures, with a fake probe --------------------------------------------------------


class FakeApi:
    """A RequestProbe answering from `routes` (method, path without query) -> (status, body)."""

    def __init__(self, routes: dict[tuple[str, str], Any]) -> None:
        self.routes = routes
        self.calls: list[tuple[str, str, dict[str, str], Any]] = []
        self.current = "http://shop.test/"

    async def url(self) -> str:
        return self.current

    async def goto(self, url: str) -> None:
        self.current = url

    async def evaluate(self, expression: str) -> Any:
        return f"page at {self.current}"

    async def request(self, method: str, url: str, *, headers: dict[str, str] | None = None,
                      json: Any = None) -> tuple[int, Any]:
        self.calls.append((method, url, dict(headers or {}), json))
        answer = self.routes.get((method, url.split("?")[0].removeprefix("http://shop.test")))
        if isinstance(answer, Exception):
            raise answer
        return answer if answer is not None else (404, {"message": "Request does not match any route."})


def fake_check(items: list[dict[str, Any]], page: Any, mode: str,
               creds: ShopApiCredentials | None = ShopApiCredentials("admin", "admin1234")) -> Any:
    ctx = CheckContext(page=page, base_urls={"shopping": "http://shop.test"}, shopping_api=creds)
    return anyio.run(check_task, shop_task(items, mode), ctx)


ORDER = {"entity_id": 12, "increment_id": "000000034", "created_at": "2024-01-01 00:00:00"}


def test_latest_order_url_quirk_and_token_use() -> None:
    assert isinstance(FakeApi({}), RequestProbe)
    routes = {("POST", TOKEN): (200, "tok"), ("GET", "/rest/V1/orders"): (200, {"items": [ORDER], "total_count": 9})}
    item = {"url": "func:shopping_get_latest_order_url()", "locator": "", "required_contents": {"must_include": ["x"]}}
    for mode, number in (("webarena", 34), ("strict", 12)):
        page = FakeApi(routes)
        fake_check([item], page, mode)
        assert page.current == f"http://shop.test/sales/order/view/order_id/{number}/"
        (m1, u1, h1, j1), (m2, u2, h2, j2) = page.calls
        assert (m1, u1, j1) == ("POST", "http://shop.test" + TOKEN, {"username": "admin", "password": "admin1234"})
        assert m2 == "GET" and h2["Authorization"] == "Bearer tok"
        assert httpx.URL(u2).params == httpx.QueryParams(LATEST)
    page = FakeApi(routes)
    fake_check([item], page, "webarena", ShopApiCredentials(token="ready"))
    assert [c[0] for c in page.calls] == ["GET"] and page.calls[0][2]["Authorization"] == "Bearer ready"


@pytest.mark.parametrize(("routes", "says"), [
    ({("POST", TOKEN): (401, {"message": "The account sign-in was incorrect"})}, "answered HTTP 401 (The account"),
    ({("POST", TOKEN): (200, {"no": "token"})}, "not a token"),
    ({("POST", TOKEN): ValueError("HTTP 200, not JSON: '<html>'")}, "failed: HTTP 200, not JSON"),
    ({("POST", TOKEN): (200, "t"), ("GET", "/rest/V1/orders"): (200, {"items": []})}, "the shop has no order"),
    ({("POST", TOKEN): (200, "t"), ("GET", "/rest/V1/orders"): (200, [1])}, "no items list"),
    ({("POST", TOKEN): (200, "t"), ("GET", "/rest/V1/orders"): (503, "busy")}, "answered HTTP 503"),
    ({("POST", TOKEN): (200, "t"), ("GET", "/rest/V1/orders"): (200, {"items": [{"increment_id": "A-1"}]})},
     "not a number"),
])
def test_failures_score_the_item_zero(routes: dict, says: str) -> None:
    items = [{"url": "func:shopping_get_latest_order_url()", "locator": "", "required_contents": {"must_include": ["x"]}},
             {"url": "last", "locator": "", "required_contents": {"must_include": ["page at"]}}]
    result = fake_check(items, FakeApi(routes), "webarena")
    message = result.details[0].message
    assert result.score == 0.0 and says in message, message
    assert "#2 page @ last: must_include 1 item(s) found" in message and "\n" not in message


def test_review_helpers_read_the_last_review() -> None:
    reviews = [{"id": 1, "nickname": "A", "ratings": [{"rating_name": "Rating", "percent": 40, "value": 2}]},
               {"id": 2, "nickname": "B", "ratings": [{"rating_name": "Quality", "percent": 20, "value": 1},
                                                      {"rating_name": "Rating", "percent": 100, "value": 5}]}]
    path = "/rest/V1/products/SKU%201/reviews"
    routes = {("POST", TOKEN): (200, "t"), ("GET", path): (200, reviews)}

    def read(helper: str, expected: str, mode: str, answer: Any = None) -> Any:
        item = {"url": "last", "locator": f"func:{helper}('SKU 1')", "required_contents": {"exact_match": expected}}
        return fake_check([item], FakeApi({**routes, **({("GET", path): answer} if answer else {})}), mode)

    assert read("shopping_get_sku_latest_review_author", "B", "webarena").success
    assert read("shopping_get_sku_latest_review_rating", "20", "webarena").success  # the first vote, as WebArena
    assert read("shopping_get_sku_latest_review_rating", "100", "strict").success  # the vote named Rating
    assert read("shopping_get_sku_latest_review_author", "", "webarena", (200, [])).success  # no review: ""
    assert read("shopping_get_sku_latest_review_rating", "", "strict", (200, [])).success
    bad = read("shopping_get_sku_latest_review_author", "B", "webarena", (404, {"message": "no such product"}))
    assert bad.score == 0.0 and "answered HTTP 404 (no such product)" in bad.details[0].message


def test_without_credentials_or_requests() -> None:
    item = {"url": "last", "locator": "func:shopping_get_sku_latest_review_author('X')",
            "required_contents": {"must_include": ["x"]}}
    result = fake_check([item], FakeApi({}), "strict", None)
    assert result.score == 0.0 and "CheckContext.shopping_api is unset" in result.details[0].message

    class NoRequests:
        async def url(self) -> str:
            return "http://shop.test/"

        async def goto(self, url: str) -> None: ...

        async def evaluate(self, expression: str) -> Any:
            return ""

    result = fake_check([item], NoRequests(), "webarena")
    assert result.score == 0.0 and "cannot send HTTP requests" in result.details[0].message


def test_episode_credentials() -> None:
    env = {"MAG_SHOPPING_ADMIN_PASSWORD": "live-secret", "MAG_SHOPPING_API_TOKEN": "live-token"}
    assert shop_api_credentials(embedded=True, environ=env) == ShopApiCredentials("admin", "admin1234")
    assert shop_api_credentials(embedded=False, environ=env) == ShopApiCredentials(token="live-token")
    assert shop_api_credentials(embedded=False, environ={"MAG_SHOPPING_ADMIN_PASSWORD": "live-secret"}) == \
        ShopApiCredentials("admin", "live-secret")
    assert "live-secret" not in repr(ShopApiCredentials("admin", "live-secret", "tok"))
