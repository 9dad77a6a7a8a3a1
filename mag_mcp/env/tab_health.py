"""Tabs that crash or stop responding: bounded calls, a clear message, a fresh tab.

A page can take its renderer down (out of memory past the JavaScript heap cap of
chromium.py, or a renderer process killed from outside) or keep its main thread busy
forever (a script that never ends). Either way every later call into it would fail or
wait without end. So every call MAG makes into a page is bounded in time; a tab that
crashed, or that does not answer a trivial script once a call ran out of time, is
closed (which ends its renderer) and replaced by an empty tab, and the agent is told
which page failed and what to do next. Other tabs, and other episodes, are untouched:
every browser context has its own renderer processes.

On a machine loaded past its cores, every page answers late: both time limits stretch
with the load average per core (`slowness`, up to MAX_SLOWNESS times), so a busy
machine is not taken for a hung page, while on a quiet one a hung page is found fast.

The tab is replaced by an empty one rather than reloaded: a page that crashed or hung
by itself would do it again on reload, at the cost of seconds of CPU each time. The
message names the page's URL, so the agent can `goto` it again if it chooses.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Awaitable
from typing import TYPE_CHECKING, TypeVar

import anyio
from playwright.async_api import BrowserContext, Page
from playwright.async_api import Error as PlaywrightError

from mag_mcp.env.chromium import RENDERER_HEAP_MB

if TYPE_CHECKING:
    from collections.abc import Callable

log = logging.getLogger(__name__)

T = TypeVar("T")

PAGE_ANSWER_TIMEOUT_S = 10.0  # a script MAG runs in a page (marks, settle probes) answers within this
ALIVE_TIMEOUT_S = 3.0  # after a call ran out of time: a trivial script answers within this, or the tab is hung
TITLE_TIMEOUT_S = 2.0  # a background tab's title; a tab that does not answer shows none
# A tab whose script heap passes this is closed before a screenshot is taken: Chromium itself
# crashes (the whole browser, every episode with it) when a renderer dies of out-of-memory while
# a screenshot of it is being taken, and a page this close to the heap cap is about to.
HEAP_ALARM_MB = RENDERER_HEAP_MB * 0.5
HEAP_JS = "() => (performance.memory && performance.memory.usedJSHeapSize) || 0"
MAX_SLOWNESS = 4.0


def slowness() -> float:
    """How many times its usual time a page may take now: the 1-minute load average per
    core, between 1 and MAX_SLOWNESS."""
    try:
        per_core = os.getloadavg()[0] / (os.cpu_count() or 1)
    except OSError:  # no load average on this system
        return 1.0
    return min(max(per_core, 1.0), MAX_SLOWNESS)


class TabTrouble(Exception):
    """The active tab crashed or stopped responding and was replaced; the message is for the agent."""


def crashed_message(url: str) -> str:
    return (f"the page at {url[:120]} crashed (out of memory, or its renderer was killed); its tab was "
            "replaced by an empty one: use goto to open a page again")


def memory_message(url: str, used_mb: float) -> str:
    return (f"the page at {url[:120]} used too much memory ({used_mb:.0f} MB of script heap; a tab may use "
            f"{HEAP_ALARM_MB:.0f} MB); its tab was closed and replaced by an empty one: use goto to open a page again")


def hung_message(url: str) -> str:
    return (f"the page at {url[:120]} stopped responding (a script on it never ends); its tab was closed "
            "and replaced by an empty one: use goto to open a page again")


def is_crash(e: BaseException) -> bool:
    """Playwright's error for a call into (or waiting on) a crashed tab."""
    text = str(e)
    return isinstance(e, PlaywrightError) and ("Target crashed" in text or "Page crashed" in text)


async def within(call: Awaitable[T], seconds: float) -> T:
    """`await call`, raising TimeoutError after `seconds`."""
    with anyio.fail_after(seconds):
        return await call


async def answers(page: Page) -> bool:
    """Whether the page's main thread runs a trivial script in time (False: hung or gone)."""
    try:
        await within(page.evaluate("1"), ALIVE_TIMEOUT_S * slowness())
        return True
    except TimeoutError:
        return False
    except PlaywrightError as e:
        return not is_crash(e) and not page.is_closed()


async def title_of(page: Page) -> str:
    """The tab's title, or "" when the tab does not answer in time."""
    try:
        return await within(page.title(), TITLE_TIMEOUT_S)
    except (TimeoutError, PlaywrightError):
        return ""


class TabRecovery:
    """The part of `BrowserSession` that finds and replaces crashed or hung tabs.

    Needs the session's tabs (`pages`, `active`, `page`), its context, and its hooks for
    opening, closing and reporting (`_on_new_page`, `_on_close`, `guarded`, `_tell`);
    `_crashed` holds the tabs whose renderer crashed (set by their `crash` event)."""

    context: BrowserContext
    pages: list[Page]
    active: int
    blocked: list[str]
    _crashed: set[int]
    _on_new_page: Callable[[Page], None]
    _on_close: Callable[[Page], None]
    _tell: Callable[[str], None]

    if TYPE_CHECKING:  # provided by the session
        @property
        def page(self) -> Page: ...

        async def ensure_page(self) -> Page: ...

        async def guarded(self) -> None: ...

    async def page_call(self, page: Page, call: Awaitable[T]) -> T:
        """A call into `page`, bounded in time; a tab that crashed or hung raises TabTrouble
        (it has been replaced), a slow one PlaywrightError."""
        limit = PAGE_ANSWER_TIMEOUT_S * slowness()
        try:
            return await within(call, limit)
        except TimeoutError:
            trouble = await self.trouble(page)
            if trouble is not None:
                raise trouble from None
            raise PlaywrightError(f"the page did not answer within {limit:.0f} s") from None
        except PlaywrightError as e:
            if is_crash(e) or id(page) in self._crashed:
                raise TabTrouble(await self._recover(page, crashed_message(page.url))) from None
            raise

    async def trouble(self, page: Page, error: BaseException | None = None) -> TabTrouble | None:
        """After a call into `page` failed or ran out of time: TabTrouble if the tab crashed or does
        not answer (it is replaced), None if it is well (the call itself was the problem)."""
        crashed = id(page) in self._crashed or (error is not None and is_crash(error))
        if not crashed and (page.is_closed() or await answers(page)):
            return None
        crashed = crashed or id(page) in self._crashed
        return TabTrouble(await self._recover(page, crashed_message(page.url) if crashed else hung_message(page.url)))

    async def check_active(self) -> Page:
        """The active tab, first replaced if its renderer crashed since the last call (TabTrouble)."""
        page = await self.ensure_page()
        if id(page) in self._crashed:
            raise TabTrouble(await self._recover(page, crashed_message(page.url)))
        return page

    async def check_memory(self, page: Page) -> None:
        """Before a screenshot: a tab close to the heap cap is replaced (TabTrouble), see HEAP_ALARM_MB."""
        used_mb = await self.page_call(page, page.evaluate(HEAP_JS)) / 2**20
        if used_mb > HEAP_ALARM_MB:
            raise TabTrouble(await self._recover(page, memory_message(page.url, used_mb)))

    def own_report(self, trouble: TabTrouble) -> str:
        """The message of `trouble`, taken out of `blocked` (the step's error says it)."""
        message = str(trouble)
        if message in self.blocked:
            self.blocked.remove(message)
        return message

    async def _recover(self, page: Page, message: str) -> str:
        """Close a broken tab and put an empty tab in its place (made active if it was); `message`
        tells the agent why."""
        if page in self.pages:
            index, focused = self.pages.index(page), self.page
            try:
                await within(page.close(), PAGE_ANSWER_TIMEOUT_S)
            except (TimeoutError, PlaywrightError) as e:
                log.warning("closing a broken tab: %s", e)
            self._on_close(page)
            fresh = await self.context.new_page()
            self._on_new_page(fresh)
            await self.guarded()
            self.pages.remove(fresh)
            self.pages.insert(min(index, len(self.pages)), fresh)
            self.active = self.pages.index(fresh if focused is page or focused not in self.pages else focused)
            log.info("episode tab replaced: %s", message)
        self._crashed.discard(id(page))
        self._tell(message)
        return message
