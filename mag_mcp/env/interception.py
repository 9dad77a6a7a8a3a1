"""The navigation guard, enforced in the browser: every request of every tab is
checked against the task's origins through the DevTools protocol's Fetch domain.

Playwright's own request routing would do the same, but routing turns the HTTP
cache off for the whole context, and every page load then fetches its images and
styles again (about +50 ms per navigation on the embedded shop). Intercepting
through a CDP session of each tab keeps the cache on:

- requests to other origins are failed (sub-resources) or answered 204 No Content
  (navigations: that cancels them and the tab stays where it was), and reported;
- document responses are checked before the browser acts on them: a redirect to
  another origin, or a download, is answered 204 instead, so the other origin is
  never contacted and nothing is saved;
- windows, WebSockets and WebRTC are refused in the page before they exist
  (settle.js): a new tab's first request can leave before its CDP session is
  attached, and the Fetch domain never sees a WebSocket.

Under the tab guards, one `BrowserGuard` per browser intercepts, at the browser
level, every document and every request a script or worker makes, in every
target: what a tab guard cannot see yet (a new tab's first navigation, before its
guard is attached) or at all (a shared worker) is checked there, against the
origins of the episode whose context made it.
Underneath both, Chromium resolves no host but loopback and the configured
deployments (chromium.py), so the internet and cloud metadata addresses are out
of reach of any socket.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from playwright.async_api import Browser, BrowserContext, CDPSession, Page
from playwright.async_api import Error as PlaywrightError

from mag_mcp.env.guard import NavigationGuard

log = logging.getLogger(__name__)

_PATTERNS = [
    {"urlPattern": "*", "requestStage": "Request"},
    {"urlPattern": "*", "resourceType": "Document", "requestStage": "Response"},
]
# What the browser guard pauses: documents (a new tab's first navigation), and what workers
# and scripts fetch. Images, styles, scripts and fonts come from documents already checked;
# leaving them to the tab guards keeps a page load from paying twice for each.
_BROWSER_PATTERNS = [{"urlPattern": "*", "resourceType": kind, "requestStage": "Request"}
                     for kind in ("Document", "XHR", "Fetch", "EventSource", "Ping", "Other")]
_KNOWN_FRAMES = 4096  # frame -> context answers kept by the browser guard


def js_origins(allowed_base_urls: list[str]) -> str:
    """The allowed origins as a JSON list in the page's own spelling (`URL.origin`)."""
    out = []
    for base in allowed_base_urls:
        p = urlsplit(base)
        out.append(f"{p.scheme}://{p.netloc}".lower())
    return json.dumps(sorted(set(out)))


async def _send(cdp: CDPSession | None, method: str, params: dict) -> None:
    if cdp is None:
        return
    try:
        await cdp.send(method, params)
    except PlaywrightError as e:  # the tab closed, or the request was cancelled meanwhile
        log.debug("%s failed: %s", method, str(e).splitlines()[0])


async def _refuse(cdp: CDPSession | None, rid: str, document: bool) -> None:
    if document:  # 204 No Content cancels a navigation and leaves the tab where it was
        await _send(cdp, "Fetch.fulfillRequest", {"requestId": rid, "responseCode": 204, "responseHeaders": []})
    else:
        await _send(cdp, "Fetch.failRequest", {"requestId": rid, "errorReason": "BlockedByClient"})


def refusal(resource_type: str | None, reason: str) -> str:
    """How a refused request is reported to the agent."""
    if resource_type == "Document":
        return f"navigation to {reason}"
    kind = (resource_type or "other").lower().replace("xhr", "XHR").replace("eventsource", "event stream")
    return f"a page's {kind} request to {reason}"


class TabGuard:
    """Intercepts one tab's requests; `report(page, message)` records what was refused."""

    def __init__(self, page: Page, guard: NavigationGuard, report: Callable[[Page, str], None]) -> None:
        self.page = page
        self.guard = guard
        self.report = report
        self.cdp: CDPSession | None = None
        self.target_id: str | None = None  # also the id of the tab's main frame
        self.context_id: str | None = None  # the browser context, as the DevTools protocol names it

    async def attach(self, context: BrowserContext) -> None:
        self.cdp = await context.new_cdp_session(self.page)
        self.cdp.on("Fetch.requestPaused", self._paused)
        await self.cdp.send("Fetch.enable", {"patterns": _PATTERNS})
        info = (await self.cdp.send("Target.getTargetInfo"))["targetInfo"]
        self.target_id, self.context_id = info.get("targetId"), info.get("browserContextId")

    async def _paused(self, event: dict) -> None:
        try:
            await self._judge(event)
        except Exception:  # a request left paused would hang its page; one not understood is refused
            log.exception("tab guard failed on %s", event.get("request", {}).get("url", "?")[:100])
            await _refuse(self.cdp, event["requestId"], event.get("resourceType") == "Document")

    async def _judge(self, event: dict) -> None:
        rid = event["requestId"]
        url = event["request"]["url"]
        document = event.get("resourceType") == "Document"
        if "responseStatusCode" in event or "responseErrorReason" in event:
            await self._response(rid, url, event)
            return
        reason = self.guard.check(url)
        if reason is None:
            await _send(self.cdp, "Fetch.continueRequest", {"requestId": rid})
            return
        self.report(self.page, refusal(event.get("resourceType"), reason))
        await _refuse(self.cdp, rid, document)

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
            await _send(self.cdp, "Fetch.continueRequest", {"requestId": rid})
            return
        self.report(self.page, message)
        await _refuse(self.cdp, rid, True)


@dataclass
class _Member:
    guard: NavigationGuard
    report: Callable[[str, str], None]  # (frame id, message)


class BrowserGuard:
    """Every request of one browser, checked at the browser level (see the module's notes).

    A request is judged by the origins of the episode whose context made it: the frame
    that made it names its tab (a tab's id is its main frame's), and the tab names its
    context. A request the browser cannot place (a frame inside a page, a worker) must
    at least be allowed for some running episode. Use `BrowserGuard.of(browser)`."""

    _guards: dict[int, BrowserGuard] = {}

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.cdp: CDPSession | None = None
        self.members: dict[str, _Member] = {}  # context id -> the episode's guard
        self._frames: OrderedDict[str, str | None] = OrderedDict()  # frame id -> context id (None: not a tab)
        self._start: asyncio.Future[None] | None = None

    @classmethod
    async def of(cls, browser: Browser) -> BrowserGuard:
        guard = cls._guards.get(id(browser))
        if guard is None or guard.browser is not browser:
            guard = cls._guards[id(browser)] = BrowserGuard(browser)
            browser.on("disconnected", lambda _b: cls._guards.pop(id(browser), None))
        failed = guard._start is not None and guard._start.done() and (
            guard._start.cancelled() or guard._start.exception() is not None)
        if guard._start is None or failed:  # a failed start is tried again by the next session
            guard._start = asyncio.ensure_future(guard._enable())
        await asyncio.shield(guard._start)
        return guard

    async def _enable(self) -> None:
        cdp = await self.browser.new_browser_cdp_session()
        cdp.on("Fetch.requestPaused", self._paused)
        await cdp.send("Fetch.enable", {"patterns": _BROWSER_PATTERNS})
        self.cdp = cdp

    def join(self, context_id: str, guard: NavigationGuard, report: Callable[[str, str], None]) -> None:
        self.members[context_id] = _Member(guard, report)

    def leave(self, context_id: str) -> None:
        self.members.pop(context_id, None)
        for frame in [f for f, c in self._frames.items() if c == context_id]:
            del self._frames[frame]

    async def _context_of(self, frame: str | None) -> str | None:
        if not frame:
            return None
        if frame in self._frames:
            return self._frames[frame]
        context = None
        try:
            assert self.cdp is not None
            info = (await self.cdp.send("Target.getTargetInfo", {"targetId": frame}))["targetInfo"]
            context = info.get("browserContextId")
        except PlaywrightError:  # not a tab: a frame inside a page, or gone
            pass
        self._frames[frame] = context
        while len(self._frames) > _KNOWN_FRAMES:
            self._frames.popitem(last=False)
        return context

    async def _paused(self, event: dict) -> None:
        try:
            await self._judge(event)
        except Exception:  # a request left paused would hang its page: the tab guard still judges it
            log.exception("browser guard failed on %s", event.get("request", {}).get("url", "?")[:100])
            await _send(self.cdp, "Fetch.continueRequest", {"requestId": event["requestId"]})

    async def _judge(self, event: dict) -> None:
        rid, url, frame = event["requestId"], event["request"]["url"], event.get("frameId")
        member = self.members.get(await self._context_of(frame) or "")
        if member is not None:
            reason = member.guard.check(url)
        else:
            reasons = [m.guard.check(url) for m in list(self.members.values())]
            reason = None if not reasons or None in reasons else reasons[0]
        if reason is None:
            await _send(self.cdp, "Fetch.continueRequest", {"requestId": rid})
            return
        if member is not None:
            member.report(frame or "", refusal(event.get("resourceType"), reason))
        await _refuse(self.cdp, rid, event.get("resourceType") == "Document")
