"""`mag doctor --external`: can MAG run on these live deployments? One row per site named in
the environment (WebArena's variables): the host resolves (else Chromium needs a host rule),
the site answers (status, time), its version banner where it shows one, the log-in (through
its form, saved state reused or renewed), and how its state is reset between tasks."""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

import httpx
from pydantic import BaseModel

from mag_mcp.env.browser import BrowserPool
from mag_mcp.env.warm import LoginError
from mag_mcp.external.login_flows import FLOWS, join
from mag_mcp.external.logins import ExternalLogins

REQUEST_TIMEOUT_S = 10.0
# (page below the base URL, pattern whose first group is the version, shown signed in only):
# where each site shows one (the Magento admin's footer, GitLab's help page)
BANNERS: dict[str, tuple[str, str, bool]] = {
    "shopping_admin": ("/dashboard", r"Magento(?:</\w+>)?\s*ver\.\s*([0-9][\w.-]*)", True),
    "gitlab": ("/help", r"GitLab (?:Community|Enterprise) Edition\s+([0-9][\w.-]*)", False),
    "reddit": ("", r"(Postmill)", False),
    "wikipedia": ("", r"(Kiwix)", False),
}


class SiteHealth(BaseModel):
    site: str
    url: str
    resolves: str  # the address, or why not
    reachable: bool
    status: str  # "HTTP 200 in 35 ms" or the error
    version: str = ""
    login: str = ""  # "" for a site without log-in
    login_ok: bool | None = None
    reset: str = "none"  # how its state is reset between tasks (no reset is configurable yet)

    @property
    def ok(self) -> bool:
        return self.reachable and self.login_ok is not False


def _resolve(url: str) -> str:
    host = urlsplit(url).hostname or ""
    try:
        address = socket.getaddrinfo(host, None)[0][4][0]
    except OSError as e:
        return (f"{host} does not resolve ({e.strerror or e}): add it to /etc/hosts, or give Chromium a "
                "--host-resolver-rules entry")
    return f"{host} → {address}"


def _probe(site: str, url: str, client: httpx.Client) -> tuple[bool, str, str]:
    t0 = time.monotonic()
    try:
        r = client.get(url)
    except httpx.HTTPError as e:
        return False, f"no answer: {type(e).__name__}: {str(e)[:120]}", ""
    status = f"HTTP {r.status_code} in {(time.monotonic() - t0) * 1000:.0f} ms"
    version = ""
    if site in BANNERS and not BANNERS[site][2]:
        path = BANNERS[site][0]
        try:
            version = banner(site, r.text if not path else client.get(join(url, path)).text)
        except httpx.HTTPError:
            pass
    return r.status_code < 500, status, version


def banner(site: str, page: str) -> str:
    m = re.search(BANNERS[site][1], page)
    return m.group(1) if m else ""


async def check(base_urls: Mapping[str, str], auth_dir: Path, environ: Mapping[str, str] | None = None
                ) -> list[SiteHealth]:
    """The health of every deployment in `base_urls`; log-ins are made or checked in `auth_dir`."""
    rows: list[SiteHealth] = []
    with httpx.Client(timeout=REQUEST_TIMEOUT_S, follow_redirects=True) as client:
        for site, url in base_urls.items():
            reachable, status, version = _probe(site, url, client)
            rows.append(SiteHealth(site=site, url=url, resolves=_resolve(url), reachable=reachable, status=status,
                                   version=version))
    pool = BrowserPool()
    await pool.start()
    try:
        logins = ExternalLogins(pool, {r.site: r.url for r in rows if r.reachable}, auth_dir, environ=environ)
        for row in rows:
            if row.site not in FLOWS:
                continue
            if not row.reachable:
                row.login, row.login_ok = "not tried (the site does not answer)", False
                continue
            try:
                (s,) = await logins.ensure([row.site])
            except LoginError as e:
                row.login, row.login_ok = e.detail, False
                continue
            how = "signed in through the form" if s.renewed else "saved state still valid"
            row.login, row.login_ok = f"{s.username}: {how} ({s.seconds:.1f} s)", True
            if row.site in BANNERS and BANNERS[row.site][2]:
                row.version = banner(row.site, await logins.fetch(row.site, join(row.url, BANNERS[row.site][0])))
    finally:
        await pool.close()
    return rows
