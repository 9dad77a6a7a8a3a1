"""One Chromium per server process; one browser context per episode.

A browser that dies under the server (killed, out of memory, crashed) is noticed
through Playwright's `disconnected` event. Calls made on it afterwards fail at
once with a "target closed" error, but a call already in flight may never return
(a new tab being opened at the moment of the crash waits forever): work on a
browser that must not hang goes through `run_on`, which cancels it when that
browser goes away. Listeners (the episode manager) are told which browser died;
the next launch replaces it. Launches are serialised by one lock, so resets that
arrive together during a relaunch share one new browser instead of starting
several.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

import anyio
from playwright.async_api import Browser, BrowserContext, Playwright, async_playwright
from playwright.async_api import Error as PlaywrightError

from mag_core.protocol import VIEWPORT_HEIGHT, VIEWPORT_WIDTH
from mag_mcp.env.chromium import LAUNCH_ARGS, context_proxy, system_chromium
from mag_mcp.env.refusing_proxy import RefusingProxy
from mag_mcp.env.session import BrowserSession, close_context

log = logging.getLogger(__name__)


class BrowserGone(PlaywrightError):
    """The browser went away while a call on it was in flight."""


CrashListener = Callable[[Browser], None]
T = TypeVar("T")
SESSION_TIMEOUT_S = 30.0  # a new context with its first tab, on a live but unresponsive browser
# A page whose load failed (its site was down) is reloaded by Chromium on its own once the
# site is back: a navigation the agent never made, which also aborts the agent's next one.
EPISODE_ARGS = ["--disable-auto-reload"]


class BrowserPool:
    """Owns the Playwright driver and the one Chromium; hands out sessions."""

    def __init__(self) -> None:
        self._pw: Playwright | None = None
        self._browser: Browser | None = None
        self._lock = anyio.Lock()
        self._closing = False
        self._listeners: list[CrashListener] = []
        self._in_flight: dict[int, set[anyio.CancelScope]] = {}  # id(browser) -> work to cancel if it dies
        self.executable: str | None = None
        self.launches = 0  # browsers started, the first one included
        self.crashes = 0  # browsers that went away without `close`
        self.last_launch_s = 0.0  # how long the latest launch took

    def on_crash(self, listener: CrashListener) -> None:
        """Call `listener(dead_browser)` (on the event loop, synchronously) when a browser dies."""
        self._listeners.append(listener)

    @property
    def browser(self) -> Browser | None:
        """The current browser (None before the first launch)."""
        return self._browser

    @property
    def playwright(self) -> Playwright:
        """The Playwright driver (started with the first browser): for HTTP requests that
        carry a storage state's cookies as Chromium would (`playwright.request`)."""
        if self._pw is None:
            raise RuntimeError("the browser pool has not started")
        return self._pw

    @property
    def connected(self) -> bool:
        return self._browser is not None and self._browser.is_connected()

    def is_live(self, session: BrowserSession) -> bool:
        """Whether the session's context belongs to the current, connected browser."""
        return self.connected and session.context.browser is self._browser

    async def start(self) -> None:
        """Launch Chromium unless a connected one is running (also the relaunch after a crash)."""
        async with self._lock:
            if self.connected:
                return
            self._closing = False
            if self._pw is None:
                self._pw = await async_playwright().start()
            own = Path(self._pw.chromium.executable_path)
            exe = None if own.exists() else system_chromium()
            if not own.exists() and exe is None:
                raise RuntimeError(
                    "no Chromium found: run `make install`, `playwright install chromium`, or set MAG_CHROMIUM"
                )
            self.executable = str(exe or own)
            relaunch = self.launches > 0
            log.info("%s Chromium %s", "relaunching" if relaunch else "launching", self.executable)
            t0 = time.perf_counter()
            browser = await self._pw.chromium.launch(
                headless=True, executable_path=str(exe) if exe else None, args=[*LAUNCH_ARGS, *EPISODE_ARGS]
            )
            browser.on("disconnected", self._on_disconnected)
            self._browser = browser
            self.launches += 1
            self.last_launch_s = time.perf_counter() - t0
            if relaunch:
                log.warning("Chromium relaunched in %.1f s (launch %d)", self.last_launch_s, self.launches)

    def _on_disconnected(self, browser: Browser) -> None:
        for scope in self._in_flight.pop(id(browser), set()):
            scope.cancel()
        if self._closing:
            return
        self.crashes += 1
        log.error("Chromium went away (crashed or killed); its episodes end and it is relaunched")
        for listener in list(self._listeners):
            try:
                listener(browser)
            except Exception:  # a listener's failure must not stop the others
                log.exception("browser crash listener failed")

    async def run_on(self, browser: Browser | None, work: Callable[[], Awaitable[T]],
                     timeout: float | None = None) -> T:
        """Await `work()`; if `browser` goes away first, cancel it and raise BrowserGone
        (and a PlaywrightError after `timeout` seconds, if given)."""
        if browser is None or not browser.is_connected():
            raise BrowserGone("the browser went away (crashed or killed)")
        scopes = self._in_flight.setdefault(id(browser), set())
        with anyio.CancelScope() as scope:
            if timeout is not None:
                scope.deadline = anyio.current_time() + timeout
            scopes.add(scope)
            try:
                return await work()
            finally:
                scopes.discard(scope)
        if not browser.is_connected():
            raise BrowserGone("the browser went away (crashed or killed)")
        raise PlaywrightError(f"the browser did not answer within {timeout:.0f} s")

    async def purge_memory(self) -> None:
        """Signal critical memory pressure to every Chromium process: caches are dropped and
        free pages returned to the system (idle_memory.py). Nothing to do without a browser."""
        browser = self._browser
        if browser is None or not browser.is_connected():
            return

        async def purge() -> None:
            cdp = await browser.new_browser_cdp_session()
            try:
                await cdp.send("Memory.simulatePressureNotification", {"level": "critical"})
            finally:
                await cdp.detach()

        await self.run_on(browser, purge, timeout=10.0)

    @property
    def browser_version(self) -> str:
        return self._browser.version if self._browser else ""

    async def new_session(
        self,
        allowed_base_urls: list[str],
        cookies: list[dict] | None = None,
        headers: dict[str, str] | None = None,
    ) -> BrowserSession:
        """A fresh context with its first tab on the live browser; a browser found dead is
        relaunched once. Bounded in time, and cancelled if the browser dies meanwhile."""
        for attempt in (1, 2):
            if not self.connected:
                await self.start()
            browser = self._browser
            try:
                work = partial(self._open_session, browser, allowed_base_urls, cookies, headers)
                return await self.run_on(browser, work, SESSION_TIMEOUT_S)
            except PlaywrightError:
                if attempt == 2 or (browser is not None and browser.is_connected()):
                    raise
                # it died between the check and the call: relaunch and try again
        raise AssertionError("unreachable")

    async def _open_session(self, browser: Browser | None, allowed_base_urls: list[str], cookies: list[dict] | None,
                            headers: dict[str, str] | None) -> BrowserSession:
        assert browser is not None
        proxy = await RefusingProxy().start()
        try:
            context = await self._new_context(browser, allowed_base_urls, headers, proxy)
        except BaseException:
            await proxy.close()
            raise
        try:
            if cookies:
                await context.add_cookies(cookies)
            session = BrowserSession(context, allowed_base_urls, proxy, extra_headers=headers)
            await session.start()
        except BaseException:
            with anyio.move_on_after(5, shield=True):
                await close_context(context, proxy)
            raise
        return session

    @staticmethod
    async def _new_context(browser: Browser, allowed_base_urls: list[str], headers: dict[str, str] | None,
                           proxy: RefusingProxy) -> BrowserContext:
        return await browser.new_context(
            viewport={"width": VIEWPORT_WIDTH, "height": VIEWPORT_HEIGHT},
            device_scale_factor=1,
            accept_downloads=False,
            service_workers="block",
            extra_http_headers=headers or {},
            locale="en-US",
            timezone_id="America/New_York",
            proxy=context_proxy(allowed_base_urls, proxy.port),
        )

    async def close(self) -> None:
        async with self._lock:
            self._closing = True
            if self._browser:
                try:
                    await self._browser.close()
                except Exception:  # already gone
                    pass
                self._browser = None
            if self._pw:
                await self._pw.stop()
                self._pw = None
