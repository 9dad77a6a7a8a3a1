"""What the checkers read of a finished episode's browser (`evaluators.checkers.context`):
its active tab (`PageProbe`), HTTP requests sent as its context sends them (`RequestProbe`,
for WebArena's Magento API helpers), and the shop admin's API credentials."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import httpx

from evaluators.checkers.context import ShopApiCredentials
from mag_mcp.env.session import NAV_TIMEOUT_S, BrowserSession
from mag_mcp.external.accounts import account_for


def shop_api_credentials(embedded: bool, environ: Mapping[str, str] | None = None) -> ShopApiCredentials:
    """The shop admin's REST API credentials for program_html's Magento helpers: WebArena's
    `shopping_site_admin` account (`accounts.account_for("shopping_admin")`). A live shop: with
    the environment's overrides, and `MAG_SHOPPING_API_TOKEN`, if set, is the token itself (no
    token request). An embedded shop: its own admin, WebArena's account as seeded (the overrides
    are for live deployments)."""
    env = os.environ if environ is None else environ
    if not embedded and env.get("MAG_SHOPPING_API_TOKEN"):
        return ShopApiCredentials(token=env["MAG_SHOPPING_API_TOKEN"])
    account = account_for("shopping_admin", {} if embedded else env)
    return ShopApiCredentials(username=account.username, password=account.password)


class PlaywrightProbe:
    """Adapts the episode's active tab to the checkers' PageProbe protocol (and RequestProbe's)."""

    def __init__(self, session: BrowserSession) -> None:
        self.session = session

    async def url(self) -> str:
        return (await self.session.ensure_page()).url

    async def goto(self, url: str) -> None:
        page = await self.session.ensure_page()
        await page.goto(url, wait_until="load", timeout=NAV_TIMEOUT_S * 1000)

    async def evaluate(self, expression: str) -> Any:
        """Bounded in time like every call into a page: a page that hangs or crashes fails the
        check (TabTrouble) instead of holding the episode's end."""
        page = await self.session.ensure_page()
        return await self.session.page_call(page, page.evaluate(expression))

    async def request(self, method: str, url: str, *, headers: dict[str, str] | None = None,
                      json: Any = None) -> tuple[int, Any]:
        """(status, JSON body) of an HTTP request sent as the context sends one: to one of its
        sites only, with its cookies for `url` and its extra headers (over `headers`, as the
        context's replace a page's), directly. Not through `context.request`: Playwright's API
        requests carry the cookies and headers but match the proxy bypass list by host name
        only, so they would send the sites (listed as host:port) to the refusing proxy."""
        refused = self.session.guard.check(url)
        if refused:
            raise ValueError(f"not one of the episode's sites: {refused}")
        sent = dict(headers or {})
        cookies = await self.session.context.cookies(url)
        if cookies:
            sent["Cookie"] = "; ".join(f"{c['name']}={c['value']}" for c in cookies)
        sent.update(self.session.extra_headers)
        async with httpx.AsyncClient(timeout=NAV_TIMEOUT_S, trust_env=False) as client:
            resp = await client.request(method, url, headers=sent, json=json)
        try:
            return resp.status_code, resp.json()
        except ValueError:
            raise ValueError(f"HTTP {resp.status_code}, not JSON: {resp.text[:80]!r}") from None
