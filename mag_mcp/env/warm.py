"""Preparing an episode's browser: state copies, logged-in context, start pages.

A cold preparation costs a new context, a new page and the first page load
(most of a reset). So after each reset of a kind of task (same sites, start
URL and log-in), one spare is prepared in the background with its own fresh
state copy, and the next reset of that kind adopts it at once. A spare is
indistinguishable from a cold start: the seed is immutable, and nothing else
touches the spare's state before it is adopted. A spare whose browser died (a
Chromium crash) is discarded, never handed out.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import urlsplit

import anyio
from anyio.abc import TaskGroup
from playwright.async_api import Error as PlaywrightError

from mag_core.tasks import Task, resolve_placeholders
from mag_mcp.env.browser import BrowserPool
from mag_mcp.env.session import NAV_TIMEOUT_S, BrowserSession
from mag_mcp.sites.base import STATE_HEADER, SiteStateStore
from mag_mcp.sites.registry import site_spec

log = logging.getLogger(__name__)

SpareKey = tuple[tuple[str, ...], str, bool]
COLD_AT_ONCE = 4  # cold preparations in flight together; more wait their turn


class StartPageError(Exception):
    """The task's start page could not be opened."""


class LoginError(Exception):
    """A live deployment could not be logged in to (its name and URL are in the message)."""

    def __init__(self, site: str, url: str, detail: str) -> None:
        super().__init__(f"could not log in to {site} at {url}: {detail}")
        self.site, self.url, self.detail = site, url, detail


class SiteLogins(Protocol):
    """Log-ins of live deployments (`mag_mcp.external.logins.ExternalLogins`); raises LoginError."""

    async def cookies(self, sites: list[str]) -> list[dict]: ...

    def forget(self, sites: list[str]) -> None: ...  # after a reset: check the saved log-ins again


@dataclass
class Prepared:
    key: str  # becomes the episode id and the state key
    state_keys: dict[str, str]
    session: BrowserSession
    stores: dict[str, SiteStateStore]

    async def discard(self) -> None:
        await self.session.close()
        for site, key in self.state_keys.items():
            self.stores[site].drop(key)


def spare_key(task: Task) -> SpareKey:
    return tuple(task.sites), task.start_url, task.require_login


class EpisodePreparer:
    def __init__(
        self, pool: BrowserPool, stores: dict[str, SiteStateStore], base_urls: dict[str, str],
        spares_per_kind: int = 1, max_kinds: int = 4, logins: SiteLogins | None = None,
        spares_for: Callable[[Task], bool] | None = None,
    ) -> None:
        """`spares_for`: whether a kind of task may have spares (default: every kind)."""
        self.pool = pool
        self.spares_for = spares_for
        self.logins = logins  # live deployments' log-ins (their sites have no store)
        self.stores = stores
        self.base_urls = base_urls
        self.spares_per_kind = spares_per_kind
        self.max_kinds = max_kinds
        self._spares: dict[SpareKey, list[Prepared]] = {}
        self._filling: dict[SpareKey, anyio.Event] = {}
        self._tg: TaskGroup | None = None
        # Cold preparations open a context and load a start page: dozens at once (a burst of
        # resets on an empty pool) share the CPU so thinly that start pages time out; past
        # this many, they queue instead (the reset takes longer but succeeds).
        self._cold_limit = anyio.Semaphore(COLD_AT_ONCE)

    @property
    def spares_ready(self) -> int:
        """Spares prepared and waiting to be adopted, all kinds together."""
        return sum(len(ps) for ps in self._spares.values())

    def attach(self, tg: TaskGroup) -> None:
        """Give the preparer a task group for background refills (none: no spares)."""
        self._tg = tg

    async def prepare(self, task: Task) -> Prepared:
        """A spare if one is ready, else a cold preparation. Call `refill` once the
        episode's first observation is taken, so the spare is prepared while the agent
        thinks rather than during the reset."""
        k = spare_key(task)
        if not self._spares.get(k) and k in self._filling:
            # a spare is already on its way: waiting for it beats starting another cold
            with anyio.move_on_after(NAV_TIMEOUT_S):
                await self._filling[k].wait()
        spares = self._spares.get(k) or []
        while spares:
            ready = spares.pop(0)
            if ready.session.context.pages and self.pool.is_live(ready.session):
                return ready
            await ready.discard()  # its tab closed, or its browser died: never handed out
        return await self._prepare_cold(task)

    async def discard_dead(self) -> int:
        """Discard the spares whose browser is gone (after a crash); returns how many."""
        dead: list[Prepared] = []
        for spares in self._spares.values():  # taken out at once, before anything awaits
            dead += [p for p in spares if not self.pool.is_live(p.session)]
            spares[:] = [p for p in spares if self.pool.is_live(p.session)]
        for p in dead:
            await p.discard()
        return len(dead)

    def refill(self, task: Task) -> None:
        """Top up the spares of this kind of task in the background."""
        if self.spares_for is None or self.spares_for(task):
            self._refill(spare_key(task), task)

    def _refill(self, k: SpareKey, task: Task) -> None:
        if self._tg is None or self.spares_per_kind <= 0 or k in self._filling:
            return
        if k not in self._spares and len(self._spares) >= self.max_kinds:
            return
        self._spares.setdefault(k, [])
        if len(self._spares[k]) >= self.spares_per_kind:
            return
        done = self._filling[k] = anyio.Event()

        async def fill() -> None:
            spare = None
            try:
                spare = await self._prepare_cold(task)
                if self.pool.is_live(spare.session):
                    self._spares.setdefault(k, []).append(spare)
                else:  # the browser died while it was prepared
                    await spare.discard()
                    spare = None
            except Exception as e:  # a failed spare only means the next reset is cold
                log.warning("could not prepare a spare for %s: %s", task.id, str(e).splitlines()[0] if str(e) else e)
            finally:
                self._filling.pop(k, None)
                done.set()
            if spare is not None:  # keep topping up to spares_per_kind; after a failure, the next reset retries
                self._refill(k, task)

        self._tg.start_soon(fill)

    async def _prepare_cold(self, task: Task) -> Prepared:
        async with self._cold_limit:
            return await self._prepare_cold_now(task)

    async def _prepare_cold_now(self, task: Task) -> Prepared:
        key = uuid.uuid4().hex[:16]
        state_keys: dict[str, str] = {}
        cookies: list[dict] = []
        copied: set[int] = set()
        for site in task.sites:
            store = self.stores.get(site)
            if store is None:
                continue
            if id(store) not in copied:  # sites that share a database share one copy
                await anyio.to_thread.run_sync(store.create, key)
                copied.add(id(store))
            state_keys[site] = key
            if task.require_login:
                host = urlsplit(self.base_urls[site]).hostname or "127.0.0.1"
                cookies += [{"name": c.name, "value": c.value, "domain": host, "path": "/"}
                            for c in site_spec(site).login_cookies]
        external = [s for s in task.sites if s not in self.stores]
        if task.require_login and external and self.logins is not None:
            cookies += await self.logins.cookies(external)  # checked, renewed if expired
        headers = {STATE_HEADER: key} if state_keys else {}
        allowed = [self.base_urls[s] for s in task.sites]
        prepared: Prepared | None = None
        try:
            session = await self.pool.new_session(allowed, cookies=cookies, headers=headers)
            prepared = Prepared(key=key, state_keys=state_keys, session=session, stores=self.stores)
            await self.pool.run_on(session.context.browser, lambda: self._open_start_pages(session, task))
        except BaseException:
            if prepared is not None:
                with anyio.CancelScope(shield=True):
                    await prepared.discard()
            else:
                for site, k in state_keys.items():
                    self.stores[site].drop(k)
            raise
        return prepared

    async def _open_start_pages(self, session: BrowserSession, task: Task) -> None:
        start = resolve_placeholders(task.start_url, self.base_urls)
        urls = [u.strip() for u in start.split(" |AND| ") if u.strip()]
        for i, url in enumerate(urls):
            page = session.page if i == 0 else await session.context.new_page()
            try:
                await page.goto(url, wait_until="load", timeout=NAV_TIMEOUT_S * 1000)
            except PlaywrightError as e:
                raise StartPageError(f"could not open the start page {url}: {str(e).splitlines()[0]}") from e
        if len(urls) > 1:
            await session.focus_tab(0)
        await session.settle()
        session.take_blocked()

    async def close(self) -> None:
        spares = [p for ps in self._spares.values() for p in ps]
        self._spares.clear()
        for p in spares:
            await p.discard()
