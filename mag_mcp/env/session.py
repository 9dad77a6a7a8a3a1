"""A browser session: one context, its tabs, the navigation guard and what it
refused, screenshots with Set-of-Mark, and locator resolution. Settling after
actions is in settling.py; tabs that crash, hang or hoard memory are replaced
(tab_health.py)."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import re
import time
from dataclasses import dataclass, field
from typing import Any

import anyio
from playwright.async_api import BrowserContext, Download, Page, Request
from playwright.async_api import Error as PlaywrightError

from mag_core.observations import BBox, Mark, TabInfo
from mag_core.tasks import Locator
from mag_mcp.env.guard import NavigationGuard
from mag_mcp.env.interception import BrowserGuard, TabGuard
from mag_mcp.env.locators import locate_on, playwright_locator  # noqa: F401 - playwright_locator: recording
from mag_mcp.env.page_scripts import (
    DESCRIBE_JS,
    NUMBERS_MARK_AND_DRAW_FULL_JS,
    NUMBERS_MARK_AND_DRAW_JS,
    NO_SOM,
    PAGE_NUMBERS_JS,
    init_script,
    remove_overlay,
)
from mag_mcp.env.refusing_proxy import RefusingProxy
from mag_mcp.env.settling import Settling
from mag_mcp.env.som import parse_marks, som_script
from mag_mcp.env.tab_health import TabRecovery, TabTrouble, title_of

log = logging.getLogger(__name__)

NAV_TIMEOUT_S = 15.0
SCREENSHOT_PARAMS = {"format": "png", "optimizeForSpeed": True}
REFUSED_BINDING = "__magRefused"  # settle.js tells the session at once what a page was refused


@dataclass
class _PageNav:
    """Counts navigations of a page's main frame so `settle` knows when it has loaded,
    and the page's other requests in flight (network idle)."""

    started: int = 0
    finished: int = 0
    last_change: float = field(default_factory=time.monotonic)
    in_flight: int = 0


@dataclass
class Snapshot:
    """A screenshot as the agent sees it, plus the marks it shows."""

    png: bytes
    marks: list[Mark]
    url: str
    title: str
    tabs: list[TabInfo]
    page_numbers: list[int] | None = None  # the numbers of the page's visible text (page_numbers.js)


async def close_context(context: BrowserContext, proxy: RefusingProxy | None) -> None:
    """Close a context (already gone is fine) and its refusing proxy."""
    try:
        await context.close()
    except PlaywrightError:
        pass
    finally:
        if proxy is not None:
            await proxy.close()


def _marked(answer: object) -> tuple[list[int], list[Mark]]:
    """The page numbers and marks of NUMBERS_MARK_AND_DRAW_JS's JSON answer. A page whose
    scripts broke the answer (a replaced JSON.stringify) fails like a page mid-navigation."""
    try:
        marked = json.loads(answer)  # type: ignore[arg-type]
        return [int(n) for n in marked["numbers"]], parse_marks(marked["marks"])
    except (TypeError, ValueError, KeyError) as e:
        raise PlaywrightError(f"the page's marks could not be read ({type(e).__name__})") from None


class BrowserSession(Settling, TabRecovery):
    def __init__(self, context: BrowserContext, allowed_base_urls: list[str],
                 proxy: RefusingProxy | None = None, extra_headers: dict[str, str] | None = None) -> None:
        self.context = context
        self.extra_headers = dict(extra_headers or {})  # what the context sends on every request
        self.proxy = proxy  # where the context's requests for other origins go, refused
        self.allowed_base_urls = allowed_base_urls
        self._attaching: list[asyncio.Task[None]] = []  # tab guards being attached
        self.timings: dict[str, float] = {}  # phases of the last observation, ms (for benchmarks)
        self.guard = NavigationGuard(allowed_base_urls)
        self.pages: list[Page] = []
        self.active = 0
        self.blocked: list[str] = []  # guard events not yet reported to the agent
        self._nav: dict[int, _PageNav] = {}
        self._tab_guards: dict[int, TabGuard] = {}  # by id(page); their CDP sessions also take screenshots
        self._refused_popups: set[int] = set()
        self._refused_targets: set[str] = set()  # new tabs whose first navigation the browser guard refused
        self._crashed: set[int] = set()  # tabs (by id(page)) whose renderer crashed
        self._browser_guard: BrowserGuard | None = None
        self._context_id: str | None = None
        self._navigations = 0  # main-frame navigations started and tabs opened, ever (never goes down)

    # ------------------------------------------------------------ set-up

    async def start(self) -> None:
        if self.proxy is not None:
            self.proxy.on_refused(self._on_proxy_refused)
        await self.context.expose_binding(REFUSED_BINDING, self._on_page_refused)
        await self.context.add_init_script(init_script(self.allowed_base_urls))
        self.context.on("page", self._on_new_page)
        page = await self.context.new_page()
        if page not in self.pages:  # the "page" event may or may not have fired yet
            self._on_new_page(page)
        self.active = self.pages.index(page)
        await self.guarded()  # the first tab is guarded before it loads anything
        await self._join_browser_guard(page)

    async def _join_browser_guard(self, page: Page) -> None:
        """Put this context's origins under the browser-wide guard (interception.py)."""
        browser = self.context.browser
        tab = self._tab_guards.get(id(page))
        if browser is None or tab is None or tab.context_id is None:
            return  # a persistent context (the recording browser) has no browser-level session
        try:
            guard = await BrowserGuard.of(browser)
        except PlaywrightError as e:
            log.warning("no browser-level guard: %s", str(e).splitlines()[0])
            return
        guard.join(tab.context_id, self.guard, self._refused_by_browser)
        self._browser_guard, self._context_id = guard, tab.context_id

    async def guarded(self) -> None:
        """Wait until every open tab's requests are intercepted."""
        while self._attaching:
            task = self._attaching.pop()
            try:
                await task
            except PlaywrightError as e:  # the tab closed before its guard attached
                log.debug("tab guard not attached: %s", str(e).splitlines()[0])

    def _tell(self, message: str) -> None:
        if message not in self.blocked:  # a page that repeats a refused request is told once
            self.blocked.append(message)

    def _report_refused(self, page: Page, message: str) -> None:
        self._tell(message)
        if page.url == "about:blank":  # a new tab whose first navigation was refused
            self._refused_popups.add(id(page))

    def _refused_by_browser(self, frame_id: str, message: str) -> None:
        for page in self.pages:
            tab = self._tab_guards.get(id(page))
            if tab is not None and tab.target_id == frame_id:
                self._report_refused(page, message)
                return
        self._tell(message)
        self._refused_targets.add(frame_id)  # a tab the session has not seen yet

    def _on_page_refused(self, _source: dict, what: str, url: str) -> None:
        """settle.js refused a link, a window, a WebSocket or a WebRTC connection before it existed."""
        if what in ("window", "link"):
            where = " (a new window)" if what == "window" else ""
            self._tell(f"navigation to {self.guard.check(url) or url[:100]}{where}")
        elif what == "WebSocket":  # judged as the http(s) URL it upgrades
            self._tell(f"a page's WebSocket to {self.guard.check(re.sub('^ws', 'http', url)) or url[:100]}")
        else:
            self._tell(f"a page's {what} (WebRTC reaches any host and port)")

    def _on_proxy_refused(self, target: str) -> None:
        """A request no in-browser guard saw (a worker's WebSocket, say) reached the refusing proxy."""
        self._tell(f"a connection to {target} (outside this task's sites)")

    def _on_new_page(self, page: Page) -> None:
        if page in self.pages:
            return
        self.pages.append(page)
        self._navigations += 1
        tab_guard = TabGuard(page, self.guard, self._report_refused)
        self._tab_guards[id(page)] = tab_guard
        self._attaching.append(asyncio.ensure_future(tab_guard.attach(self.context)))
        self.active = len(self.pages) - 1  # a click that opens a tab switches to it
        nav = self._nav.setdefault(id(page), _PageNav())

        def on_request(req: Request) -> None:
            if req.is_navigation_request() and req.frame == page.main_frame:
                nav.started += 1
                nav.last_change = time.monotonic()
                self._navigations += 1
            elif not req.is_navigation_request():
                nav.in_flight += 1

        def on_request_done(req: Request) -> None:
            if not req.is_navigation_request():
                nav.in_flight = max(0, nav.in_flight - 1)

        def done(*_: object) -> None:
            nav.finished = nav.started
            nav.last_change = time.monotonic()

        def on_failed(req: Request) -> None:
            if req.is_navigation_request() and req.frame == page.main_frame:
                done()
            on_request_done(req)

        def on_download(d: Download) -> None:
            self.blocked.append(f"download of {d.suggested_filename!r} refused")
            done()

        page.on("request", on_request)
        page.on("load", done)
        page.on("requestfailed", on_failed)
        page.on("requestfinished", on_request_done)
        page.on("download", on_download)
        page.on("close", lambda _p: self._on_close(page))
        page.on("crash", lambda _p: self._crashed.add(id(page)))
        page.on("dialog", lambda d: d.dismiss())

    def _on_close(self, page: Page) -> None:
        if page in self.pages:
            i = self.pages.index(page)
            self.pages.remove(page)
            if self.active >= i and self.active > 0:
                self.active -= 1
        self._nav.pop(id(page), None)
        self._tab_guards.pop(id(page), None)

    # ------------------------------------------------------------ tabs

    @property
    def page(self) -> Page:
        if not self.pages:
            raise RuntimeError("no open tab")
        return self.pages[self.active]

    async def ensure_page(self) -> Page:
        if not self.pages:
            page = await self.context.new_page()
            self._on_new_page(page)
        self.active = min(self.active, len(self.pages) - 1)
        return self.page

    async def tabs(self) -> list[TabInfo]:
        out = []
        for i, p in enumerate(self.pages):
            title = "" if id(p) in self._crashed else await title_of(p)
            out.append(TabInfo(index=i, url=p.url, title=title, active=i == self.active))
        return out

    async def focus_tab(self, index: int) -> None:
        if not 0 <= index < len(self.pages):
            raise ValueError(f"no tab {index}; open tabs are 0..{len(self.pages) - 1}")
        self.active = index
        await self.page.bring_to_front()

    async def close_tab(self) -> None:
        page = self.page
        await page.close()
        self._on_close(page)
        await self.ensure_page()

    # ------------------------------------------------------------ the guard sweep

    async def sweep(self) -> None:
        """Close or reset any tab that ended up outside the allowed origins, and new tabs left
        empty because their first navigation was refused."""
        for page in list(self.pages):
            tab = self._tab_guards.get(id(page))
            refused = id(page) in self._refused_popups or (tab is not None and tab.target_id in self._refused_targets)
            if refused and page.url == "about:blank" and len(self.pages) > 1:
                self._refused_popups.discard(id(page))
                await page.close()
                self._on_close(page)
                continue
            reason = self.guard.check(page.url)
            if reason is None or page.url.startswith("chrome-error://"):  # Chromium's page for a failed load
                continue
            self._tell(f"page at {reason}")
            if len(self.pages) > 1:
                await page.close()
                self._on_close(page)
            else:
                try:
                    await page.goto("about:blank", timeout=NAV_TIMEOUT_S * 1000)
                except PlaywrightError as e:
                    log.warning("could not leave %s: %s", page.url[:100], str(e).splitlines()[0])

    def take_blocked(self) -> list[str]:
        out, self.blocked = self.blocked, []
        return out

    # ------------------------------------------------------------ observation

    async def snapshot(self, with_marks: bool) -> Snapshot:
        """Screenshot (with the Set-of-Mark overlay if asked) of the active tab.

        A page that is still navigating can destroy the execution context
        mid-way; that is retried after settling, a few times.
        """
        for attempt in range(4):
            try:
                return await self._snapshot_once(with_marks)
            except TabTrouble:  # the tab was replaced (the agent is told in `blocked`): show the new one
                continue
            except PlaywrightError as e:
                if attempt == 3:
                    raise
                log.debug("snapshot retried (%s)", str(e).splitlines()[0])
                await anyio.sleep(0.1 * (attempt + 1))
                await self.settle()
        raise AssertionError("unreachable")

    async def _snapshot_once(self, with_marks: bool) -> Snapshot:
        page = await self.check_active()
        t_numbers = time.perf_counter()
        marks: list[Mark] = []
        if with_marks:  # the numbers are read before the overlay is drawn, in the same call
            page_numbers, marks = _marked(await self.page_call(
                page, self._evaluate_som(page, NUMBERS_MARK_AND_DRAW_JS, NUMBERS_MARK_AND_DRAW_FULL_JS, None)))
            t = t_numbers
        else:
            page_numbers = await self.page_call(page, page.evaluate(PAGE_NUMBERS_JS))
            t = time.perf_counter()
        t_marks = time.perf_counter()
        try:
            await self.check_memory(page)
            png = await self._capture(page)
        finally:
            if with_marks:
                await remove_overlay(page)
        t_shot = time.perf_counter()
        tabs = await self.tabs()
        self.timings.update(page_numbers=(t - t_numbers) * 1000, marking=(t_marks - t) * 1000,
                            screenshot=(t_shot - t_marks) * 1000, tabs=(time.perf_counter() - t_shot) * 1000)
        return Snapshot(png=png, marks=marks, url=page.url, title=tabs[self.active].title, tabs=tabs,
                        page_numbers=page_numbers)

    async def _capture(self, page: Page) -> bytes:
        """The viewport as PNG, through the tab's CDP session.

        Playwright's `page.screenshot` compresses harder and adds round trips (caret
        hiding, font waits): ~65 ms against ~30 ms on the shop's home page. The PNG
        is still lossless, about twice the bytes (~230 KB at 1280x720)."""
        tab = self._tab_guards.get(id(page))
        if tab is None or tab.cdp is None:
            return await self.page_call(page, page.screenshot(type="png", timeout=NAV_TIMEOUT_S * 1000))
        out = await self.page_call(page, tab.cdp.send("Page.captureScreenshot", SCREENSHOT_PARAMS))
        return base64.b64decode(out["data"])

    async def element_at(self, x: int, y: int) -> Mark | None:
        """The element an action at (x, y) lands on, described like a mark (id 0) with its
        locator candidates, or None when nothing is there or the page is mid-navigation."""
        return await self._describe({"x": x, "y": y})

    async def marked_element(self, mark: int) -> Mark | None:
        """The element of mark `mark` (last collection), with its locator candidates."""
        return await self._describe({"mark": mark})

    async def _describe(self, arg: dict[str, int]) -> Mark | None:
        page = await self.ensure_page()
        try:
            raw = await self.page_call(page, self._evaluate_som(page, DESCRIBE_JS, som_script(), arg))
        except (PlaywrightError, TabTrouble):  # the agent is told of a replaced tab in `blocked`
            return None
        return Mark.model_validate(raw) if raw else None

    @staticmethod
    async def _evaluate_som(page: Page, short: str, full: str, arg: object) -> Any:
        """Evaluate through the installed som.js, or through the whole script where the
        document does not have it."""
        out = await page.evaluate(short, arg)
        return await page.evaluate(full, arg) if out == NO_SOM else out

    # ------------------------------------------------------------ locators (gold replay / oracle)

    async def locate(self, loc: Locator) -> tuple[BBox, int | None]:
        """Resolve a stable locator on the active tab: its visible box and mark id (if marked)."""
        page = await self.ensure_page()
        try:
            return await self.page_call(page, locate_on(page, loc))
        except TabTrouble as e:
            raise LookupError(str(e)) from None

    async def close(self) -> None:
        if self._browser_guard is not None and self._context_id is not None:
            self._browser_guard.leave(self._context_id)
        await close_context(self.context, self.proxy)

