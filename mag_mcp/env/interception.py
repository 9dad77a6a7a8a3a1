"""The navigation guard, enforced in the browser: every request of every tab is
checked against the task's origins through the DevTools protocol's Fetch domain.

Playwright's own request routing would do the same, but routing turns the HTTP
cache off for the whole context, and every page load then fetches its images and
styles again (about +50 ms per navigation on the embedded shop). Intercepting
through a CDP session of each tab keeps the cache on:

- requests to other origins are failed (sub-resources) or answered 204 No Content
  (navigations: that cancels them and the tab stays where it was);
- document responses are checked before the browser acts on them: a redirect to
  another origin, or a download, is answered 204 instead, so the other origin is
  never contacted and nothing is saved;
- windows the page opens (window.open, links and forms aimed at another window)
  are checked in the page before they open (settle.js): a new tab's first
  request can leave before its CDP session is attached.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from urllib.parse import urljoin, urlsplit

from playwright.async_api import BrowserContext, CDPSession, Page
from playwright.async_api import Error as PlaywrightError

from mag_mcp.env.guard import NavigationGuard

log = logging.getLogger(__name__)

_PATTERNS = [
    {"urlPattern": "*", "requestStage": "Request"},
    {"urlPattern": "*", "resourceType": "Document", "requestStage": "Response"},
]


def js_origins(allowed_base_urls: list[str]) -> str:
    """The allowed origins as a JSON list in the page's own spelling (`URL.origin`)."""
    out = []
    for base in allowed_base_urls:
        p = urlsplit(base)
        out.append(f"{p.scheme}://{p.netloc}".lower())
    return json.dumps(sorted(set(out)))


class TabGuard:
    """Intercepts one tab's requests; `report(page, message)` records what was refused."""

    def __init__(self, page: Page, guard: NavigationGuard, report: Callable[[Page, str], None]) -> None:
        self.page = page
        self.guard = guard
        self.report = report
        self.cdp: CDPSession | None = None

    async def attach(self, context: BrowserContext) -> None:
        self.cdp = await context.new_cdp_session(self.page)
        self.cdp.on("Fetch.requestPaused", self._paused)
        await self.cdp.send("Fetch.enable", {"patterns": _PATTERNS})

    async def _send(self, method: str, params: dict) -> None:
        assert self.cdp is not None
        try:
            await self.cdp.send(method, params)
        except PlaywrightError as e:  # the tab closed, or the request was cancelled meanwhile
            log.debug("%s failed: %s", method, str(e).splitlines()[0])

    async def _paused(self, event: dict) -> None:
        rid = event["requestId"]
        url = event["request"]["url"]
        document = event.get("resourceType") == "Document"
        if "responseStatusCode" in event or "responseErrorReason" in event:
            await self._response(rid, url, event)
            return
        reason = self.guard.check(url)
        if reason is None:
            await self._send("Fetch.continueRequest", {"requestId": rid})
        elif document:
            self.report(self.page, f"navigation to {reason}")
            await self._refuse(rid)
        else:
            await self._send("Fetch.failRequest", {"requestId": rid, "errorReason": "BlockedByClient"})

    async def _response(self, rid: str, url: str, event: dict) -> None:
        status = event.get("responseStatusCode") or 0
        headers = {h["name"].lower(): h["value"] for h in event.get("responseHeaders") or []}
        message = None
        if 300 <= status < 400 and "location" in headers:
            reason = self.guard.check(urljoin(url, headers["location"]))
            if reason:
                message = f"redirect to {reason}"
        elif headers.get("content-disposition", "").lower().startswith("attachment"):
            message = f"download from {url[:100]} refused"
        if message is None:
            await self._send("Fetch.continueRequest", {"requestId": rid})
            return
        self.report(self.page, message)
        await self._refuse(rid)

    async def _refuse(self, rid: str) -> None:
        # 204 No Content cancels a navigation and leaves the tab where it was.
        await self._send("Fetch.fulfillRequest", {"requestId": rid, "responseCode": 204, "responseHeaders": []})
