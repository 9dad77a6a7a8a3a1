"""Log-ins on live deployments: one Playwright storage state per site, made by signing in
through the site's real form (`login_flows`), saved as WebArena saves its own
(`<auth dir>/<site>_state.json`), checked with one cheap authenticated request before it is
used (again when the last check is older than `recheck_s`), and made anew when it has expired.

Every episode's browser context of a task that needs a log-in gets the cookies of each of its
sites (a multi-site task gets all of them). A log-in that fails raises `LoginError`, naming
the site and the URL, before any episode starts."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import anyio
from playwright.async_api import Error as PlaywrightError
from pydantic import BaseModel

from mag_mcp.env.browser import BrowserPool
from mag_mcp.env.warm import LoginError
from mag_mcp.external.accounts import Account, account_for
from mag_mcp.external.login_flows import FLOWS, LoginFlow

log = logging.getLogger(__name__)

CHECK_TIMEOUT_S = 15.0
LOGIN_TIMEOUT_S = 60.0
FORM_TIMEOUT_S = 10.0  # finding a field of the sign-in form
RECHECK_S = 300.0  # a state checked this recently is used without asking the site again


class LoginStatus(BaseModel):
    site: str
    base_url: str
    username: str
    account_source: str
    state_file: str
    renewed: bool  # a new log-in was made (no saved state, or it had expired)
    checked_url: str
    seconds: float  # log-in and check together


def sites_with_login(sites: list[str] | tuple[str, ...]) -> list[str]:
    return [s for s in sites if s in FLOWS]


class ExternalLogins:
    """The log-ins of the deployments in `base_urls` (site key -> URL) that have one."""

    def __init__(self, pool: BrowserPool, base_urls: Mapping[str, str], auth_dir: Path,
                 environ: Mapping[str, str] | None = None, recheck_s: float = RECHECK_S) -> None:
        self.pool = pool
        self.base_urls = {s: u for s, u in base_urls.items() if s in FLOWS}
        self.auth_dir = auth_dir
        self.recheck_s = recheck_s
        self._environ = environ
        self._states: dict[str, dict[str, Any]] = {}
        self._checked_at: dict[str, float] = {}
        self._locks: dict[str, anyio.Lock] = {}

    def account(self, site: str) -> Account:
        return account_for(site, self._environ)

    def state_file(self, site: str) -> Path:
        return self.auth_dir / f"{site}_state.json"

    # ------------------------------------------------------------ use

    async def ensure(self, sites: list[str] | tuple[str, ...] | None = None) -> list[LoginStatus]:
        """Check (and renew where needed) the log-ins of `sites` (default: all); raises LoginError."""
        wanted = [s for s in (sites if sites is not None else list(self.base_urls)) if s in self.base_urls]
        return [await self._ensure_one(s, force_check=True) for s in wanted]

    async def cookies(self, sites: list[str] | tuple[str, ...]) -> list[dict[str, Any]]:
        """The cookies a context of these sites starts with (checked, renewed if expired)."""
        out: list[dict[str, Any]] = []
        for site in sites:
            if site in self.base_urls:
                await self._ensure_one(site, force_check=False)
                out += self._states[site].get("cookies", [])
        return out

    async def fetch(self, site: str, url: str) -> str:
        """The text of `url` as the signed-in user of `site` gets it ('' when it does not answer)."""
        await self._ensure_one(site, force_check=False)
        request = await self.pool.playwright.request.new_context(storage_state=self._states[site],
                                                                 ignore_https_errors=True)
        try:
            return await (await request.get(url, timeout=CHECK_TIMEOUT_S * 1000)).text()
        except PlaywrightError:
            return ""
        finally:
            await request.dispose()

    def forget(self, sites: list[str]) -> None:
        """Drop the checked states of `sites` in memory (the next use checks the saved ones): after a
        reset, whose restored database may not know their sessions any more."""
        for site in sites:
            self._states.pop(site, None)
            self._checked_at.pop(site, None)

    # ------------------------------------------------------------ work

    async def _ensure_one(self, site: str, force_check: bool) -> LoginStatus:
        lock = self._locks.setdefault(site, anyio.Lock())
        async with lock:
            t0 = time.monotonic()
            flow, base, account = FLOWS[site], self.base_urls[site], self.account(site)
            check_url = flow.check_url(base, account)
            fresh = time.monotonic() - self._checked_at.get(site, -1e9) < self.recheck_s
            if site in self._states and fresh and not force_check:
                return self._status(site, False, check_url, t0)
            state = self._states.get(site) or self._load(site)
            if state is not None and await self._valid(flow, base, account, state):
                self._keep(site, state)
                return self._status(site, False, check_url, t0)
            log.info("logging in to %s at %s as %s", site, flow.login_url(base), account.username)
            state = await self._log_in(flow, base, account)
            if not await self._valid(flow, base, account, state):
                raise LoginError(site, flow.login_url(base),
                                 f"signed in as {account.username!r} ({account.source} account), but {check_url} "
                                 "still answers as to a signed-out visitor: wrong username or password?")
            self._save(site, state)
            self._keep(site, state)
            return self._status(site, True, check_url, t0)

    def _keep(self, site: str, state: dict[str, Any]) -> None:
        self._states[site] = state
        self._checked_at[site] = time.monotonic()

    def _status(self, site: str, renewed: bool, check_url: str, t0: float) -> LoginStatus:
        a = self.account(site)
        return LoginStatus(site=site, base_url=self.base_urls[site], username=a.username, account_source=a.source,
                           state_file=str(self.state_file(site)), renewed=renewed, checked_url=check_url,
                           seconds=round(time.monotonic() - t0, 3))

    def _load(self, site: str) -> dict[str, Any] | None:
        path = self.state_file(site)
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return state if isinstance(state, dict) and isinstance(state.get("cookies"), list) else None

    def _save(self, site: str, state: dict[str, Any]) -> None:
        self.auth_dir.mkdir(parents=True, exist_ok=True)
        path = self.state_file(site)
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_text(json.dumps(state, indent=1), encoding="utf-8")
        tmp.chmod(0o600)  # session cookies: the account's log-in
        tmp.replace(path)

    async def _valid(self, flow: LoginFlow, base: str, account: Account, state: dict[str, Any]) -> bool:
        """One request to a page only a signed-in user gets, with the state's cookies."""
        url = flow.check_url(base, account)
        request = await self.pool.playwright.request.new_context(storage_state=state, ignore_https_errors=True)
        try:
            response = await request.get(url, timeout=CHECK_TIMEOUT_S * 1000, max_redirects=10)
            body = await response.text() if flow.check_keyword else ""
            final = response.url
        except PlaywrightError as e:
            raise LoginError(flow.site, url, f"the site did not answer ({str(e).splitlines()[0]})") from None
        finally:
            await request.dispose()
        if response.status >= 500:
            raise LoginError(flow.site, url, f"the site answered HTTP {response.status}")
        same_page = urlsplit(final).path.rstrip("/") == urlsplit(url).path.rstrip("/")
        return response.ok and same_page and (flow.check_keyword in body if flow.check_keyword else True)

    async def _log_in(self, flow: LoginFlow, base: str, account: Account) -> dict[str, Any]:
        url = flow.login_url(base)
        session = await self.pool.new_session([base])
        try:
            page = session.page
            page.set_default_timeout(FORM_TIMEOUT_S * 1000)
            try:
                with anyio.fail_after(LOGIN_TIMEOUT_S):
                    await page.goto(url, wait_until="load", timeout=LOGIN_TIMEOUT_S * 1000)
                    async with page.expect_navigation(wait_until="load", timeout=LOGIN_TIMEOUT_S * 1000):
                        await flow.fill(page, account)
            except PlaywrightError as e:
                raise LoginError(flow.site, url, f"the sign-in form could not be used ({str(e).splitlines()[0]})"
                                 ) from None
            except TimeoutError:
                raise LoginError(flow.site, url, f"no answer within {LOGIN_TIMEOUT_S:.0f} s") from None
            return await session.context.storage_state()
        finally:
            await session.close()
