"""Settling after an action, on the page's own signals rather than sleeps (settle.js
reports navigations it saw start, and when the DOM last changed)."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import anyio
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from mag_mcp.env.guard import NavigationGuard
from mag_mcp.env.page_scripts import (
    ARM_JS, DOM_QUIET_CAP_MS, DOM_QUIET_MS, NAV_START_TIMEOUT_S, NETWORK_IDLE_CAP_S, PROBE_JS,
)

T = TypeVar("T")
SETTLE_TIMEOUT_S = 8.0


class Settling:
    """The part of `BrowserSession` that waits for a page to settle after an action.

    Needs the session's tabs (`pages`, `page`), its per-tab navigation counters (`_nav`,
    `_navigations`), its guard, and its hooks (`check_active`, `page_call`, `guarded`,
    `sweep`, `_tell`)."""

    pages: list[Page]
    guard: NavigationGuard
    _nav: dict[int, Any]
    _navigations: int
    _tell: Callable[[str], None]

    if TYPE_CHECKING:  # provided by the session and by TabRecovery
        @property
        def page(self) -> Page: ...

        async def check_active(self) -> Page: ...

        async def page_call(self, page: Page, call: Awaitable[T]) -> T: ...

        async def guarded(self) -> None: ...

        async def sweep(self) -> None: ...

    def nav_count(self) -> int:
        """Navigations started so far in all tabs (a baseline for `settle`)."""
        return self._navigations

    async def arm(self) -> int | None:
        """Before an action that may navigate: the page's navigation count (None when the
        page cannot say, e.g. mid-navigation), for `settle_after`. A tab that crashed or
        hung raises TabTrouble: the action is not carried out."""
        page = await self.check_active()
        try:
            return await self.page_call(page, page.evaluate(ARM_JS))
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
            signalled, refused = await self.page_call(page, page.evaluate(PROBE_JS, [armed, DOM_QUIET_MS, DOM_QUIET_CAP_MS]))
        except PlaywrightError as e:  # the document went away under us: it is navigating
            return "destroyed" in str(e) or "navigat" in str(e)
        for url in refused:  # windows the page was not allowed to open (when the binding was not there)
            self._tell(f"navigation to {self.guard.check(url) or url[:100]} (a new window)")
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
