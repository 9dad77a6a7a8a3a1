"""A browser session: one context, its tabs, the navigation guard, settling
after actions, screenshots with Set-of-Mark, and locator resolution."""

from __future__ import annotations

import asyncio
import base64
import logging
import time
from dataclasses import dataclass, field
from typing import Any

import anyio
from playwright.async_api import BrowserContext, Download, Page, Request
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Locator as PlaywrightLocator

from mag_mcp.env.guard import NavigationGuard
from mag_mcp.env.interception import TabGuard
from mag_mcp.env.models import BBox, Mark, TabInfo
from mag_mcp.env.page_scripts import (
    ARM_JS, DESCRIBE_JS, DOM_QUIET_CAP_MS, DOM_QUIET_MS, MARK_AND_DRAW_FULL_JS, MARK_AND_DRAW_JS, NAV_START_TIMEOUT_S,
    NETWORK_IDLE_CAP_S, NO_SOM, PROBE_JS, init_script, remove_overlay,
)
from mag_mcp.env.som import parse_marks, som_script
from mag_mcp.protocol import VIEWPORT_HEIGHT, VIEWPORT_WIDTH
from mag_mcp.tasks.schema import Locator

log = logging.getLogger(__name__)

NAV_TIMEOUT_S = 15.0
SETTLE_TIMEOUT_S = 8.0
SCREENSHOT_PARAMS = {"format": "png", "optimizeForSpeed": True}


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


_HIT_BOX_JS = """el => {
  for (const r of el.getClientRects()) {
    if (r.width <= 0 || r.height <= 0) continue;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && (hit === el || el.contains(hit))) return {x: r.left, y: r.top, width: r.width, height: r.height};
  }
  return null;
}"""


class BrowserSession:
    def __init__(self, context: BrowserContext, allowed_base_urls: list[str]) -> None:
        self.context = context
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
        self._navigations = 0  # main-frame navigations started and tabs opened, ever (never goes down)

    # ------------------------------------------------------------ set-up

    async def start(self) -> None:
        await self.context.add_init_script(init_script(self.allowed_base_urls))
        self.context.on("page", self._on_new_page)
        page = await self.context.new_page()
        if page not in self.pages:  # the "page" event may or may not have fired yet
            self._on_new_page(page)
        self.active = self.pages.index(page)
        await self.guarded()  # the first tab is guarded before it loads anything

    async def guarded(self) -> None:
        """Wait until every open tab's requests are intercepted."""
        while self._attaching:
            task = self._attaching.pop()
            try:
                await task
            except PlaywrightError as e:  # the tab closed before its guard attached
                log.debug("tab guard not attached: %s", str(e).splitlines()[0])

    def _report_refused(self, page: Page, message: str) -> None:
        self.blocked.append(message)
        if page.url == "about:blank":  # a new tab whose first navigation was refused
            self._refused_popups.add(id(page))

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
            try:
                title = await p.title()
            except PlaywrightError:
                title = ""
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

    # ------------------------------------------------------------ settling and the guard sweep

    def nav_count(self) -> int:
        """Navigations started so far in all tabs (a baseline for `settle`)."""
        return self._navigations

    async def arm(self) -> int | None:
        """Before an action that may navigate: the page's navigation count (None when the
        page cannot say, e.g. mid-navigation), for `settle_after`."""
        try:
            return await (await self.ensure_page()).evaluate(ARM_JS)
        except PlaywrightError:
            return None

    async def settle_after(self, baseline: int, armed: int | None) -> None:
        """Settle after an action, on signals rather than sleeps.

        The page says whether the action started a navigation (or opened a window);
        if so, wait for it to start and load. Otherwise wait for the DOM to go quiet.
        Then wait for the requests still in flight (a script's fetch) to finish, within
        a short cap.
        """
        navigating = self.nav_count() > baseline
        if not navigating and armed is not None:
            navigating = await self._probe(armed)
        if navigating:
            deadline = time.monotonic() + NAV_START_TIMEOUT_S
            while self.nav_count() <= baseline and time.monotonic() < deadline:
                await anyio.sleep(0.005)
        await self.settle()
        await self._network_idle()

    async def _probe(self, armed: int) -> bool:
        page = self.page if self.pages else None
        if page is None or page.is_closed():
            return False
        try:
            signalled, refused = await page.evaluate(PROBE_JS, [armed, DOM_QUIET_MS, DOM_QUIET_CAP_MS])
        except PlaywrightError as e:  # the document went away under us: it is navigating
            return "destroyed" in str(e) or "navigat" in str(e)
        for url in refused:  # windows the page was not allowed to open
            self.blocked.append(f"navigation to {self.guard.check(url) or url[:100]} (a new window)")
        return bool(signalled)

    async def _network_idle(self) -> None:
        nav = self._nav.get(id(self.page)) if self.pages else None
        if nav is None or nav.in_flight == 0:
            return
        deadline = time.monotonic() + NETWORK_IDLE_CAP_S
        while nav.in_flight > 0 and time.monotonic() < deadline:
            await anyio.sleep(0.005)
        # The responses may have changed the DOM: let it go quiet once more (a navigation
        # they started, or a window the page tried to open, is handled as after an action).
        if await self._probe(2**31):
            await self.settle()

    async def settle(self) -> None:
        """Wait until the navigations under way in any tab have loaded (bounded), then sweep."""
        await self.guarded()
        deadline = time.monotonic() + SETTLE_TIMEOUT_S
        while time.monotonic() < deadline:
            pending = [n for n in self._nav.values() if n.started > n.finished]
            if not pending:
                break
            await anyio.sleep(0.005)
        await self.sweep()

    async def sweep(self) -> None:
        """Close or reset any tab that ended up outside the allowed origins."""
        for page in list(self.pages):
            if id(page) in self._refused_popups and page.url == "about:blank" and len(self.pages) > 1:
                self._refused_popups.discard(id(page))
                await page.close()
                self._on_close(page)
                continue
            reason = self.guard.check(page.url)
            if reason is None:
                continue
            self.blocked.append(f"page at {reason}")
            if len(self.pages) > 1:
                await page.close()
                self._on_close(page)
            else:
                await page.goto("about:blank")

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
            except PlaywrightError as e:
                if attempt == 3:
                    raise
                log.debug("snapshot retried (%s)", str(e).splitlines()[0])
                await anyio.sleep(0.1 * (attempt + 1))
                await self.settle()
        raise AssertionError("unreachable")

    async def _snapshot_once(self, with_marks: bool) -> Snapshot:
        page = await self.ensure_page()
        t = time.perf_counter()
        marks: list[Mark] = []
        if with_marks:
            marks = parse_marks(await self._evaluate_som(page, MARK_AND_DRAW_JS, MARK_AND_DRAW_FULL_JS, None))
        t_marks = time.perf_counter()
        try:
            png = await self._capture(page)
        finally:
            if with_marks:
                await remove_overlay(page)
        t_shot = time.perf_counter()
        tabs = await self.tabs()
        self.timings.update(marking=(t_marks - t) * 1000, screenshot=(t_shot - t_marks) * 1000,
                            tabs=(time.perf_counter() - t_shot) * 1000)
        return Snapshot(png=png, marks=marks, url=page.url, title=tabs[self.active].title, tabs=tabs)

    async def _capture(self, page: Page) -> bytes:
        """The viewport as PNG, through the tab's CDP session.

        Playwright's `page.screenshot` compresses harder and adds round trips (caret
        hiding, font waits): ~65 ms against ~30 ms on the shop's home page. The PNG
        is still lossless, about twice the bytes (~230 KB at 1280x720)."""
        tab = self._tab_guards.get(id(page))
        if tab is None or tab.cdp is None:
            return await page.screenshot(type="png", timeout=NAV_TIMEOUT_S * 1000)
        with anyio.move_on_after(NAV_TIMEOUT_S) as scope:
            out = await tab.cdp.send("Page.captureScreenshot", SCREENSHOT_PARAMS)
        if scope.cancelled_caught:
            raise PlaywrightError(f"screenshot timed out after {NAV_TIMEOUT_S:.0f} s")
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
            raw = await self._evaluate_som(page, DESCRIBE_JS, som_script(), arg)
        except PlaywrightError:
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
        target = playwright_locator(page, loc)
        count = await target.count()
        if count <= loc.nth:
            raise LookupError(f"no element matches {loc.describe()} on {page.url}")
        el = target.nth(loc.nth)
        # A link that wraps over two lines has a bounding box whose centre can fall between
        # the lines, on its parent: prefer the first line box whose centre hits the element.
        box = await el.evaluate(_HIT_BOX_JS) or await el.bounding_box()
        if box is None:
            raise LookupError(f"{loc.describe()} is not visible")
        mark = await el.get_attribute("data-mag-mark")
        x0, y0 = max(0.0, box["x"]), max(0.0, box["y"])
        x1 = min(float(VIEWPORT_WIDTH), box["x"] + box["width"])
        y1 = min(float(VIEWPORT_HEIGHT), box["y"] + box["height"])
        if x1 <= x0 or y1 <= y0:
            raise LookupError(f"{loc.describe()} is outside the viewport (scroll first)")
        return BBox(x=x0, y=y0, width=x1 - x0, height=y1 - y0), int(mark) if mark else None

    async def close(self) -> None:
        try:
            await self.context.close()
        except PlaywrightError:
            pass


def playwright_locator(page: Page, loc: Locator) -> PlaywrightLocator:
    """`loc` as a Playwright locator (without `nth`): CSS, else role + accessible name, else text."""
    if loc.css:
        return page.locator(loc.css)
    if loc.role:
        return page.get_by_role(loc.role, name=loc.name, exact=loc.exact)  # type: ignore[arg-type]
    if loc.text:
        return page.get_by_text(loc.text, exact=loc.exact)
    raise ValueError("locator needs css, role or text")
