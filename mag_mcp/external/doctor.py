"""`mag doctor --external`: can MAG run on these live deployments? One row per site named in
the environment (WebArena's variables): the host resolves (else Chromium needs a host rule),
the site answers (status, time), its version banner where it shows one, the log-in (through
its form, saved state reused or renewed), and how its state is reset between tasks."""

from __future__ import annotations

import socket
import time
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

import httpx
from pydantic import BaseModel

from mag_mcp.env.browser import BrowserPool
from mag_mcp.env.site_access import ResetPolicy
from mag_mcp.env.warm import LoginError
from mag_mcp.external.login_flows import FLOWS
from mag_mcp.external.logins import ExternalLogins
from mag_mcp.external.versions import REQUEST_TIMEOUT_S, versions



class SiteHealth(BaseModel):
    site: str
    url: str
    resolves: str  # the address, or why not
    reachable: bool
    status: str  # "HTTP 200 in 35 ms" or the error
    version: str = ""
    login: str = ""  # "" for a site without log-in
    login_ok: bool | None = None
    reset: str = "none"  # how its state is reset between state-changing tasks (`resets`)

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


def _probe(url: str, client: httpx.Client) -> tuple[bool, str]:
    t0 = time.monotonic()
    try:
        r = client.get(url)
    except httpx.HTTPError as e:
        return False, f"no answer: {type(e).__name__}: {str(e)[:120]}"
    return r.status_code < 500, f"HTTP {r.status_code} in {(time.monotonic() - t0) * 1000:.0f} ms"


async def check(base_urls: Mapping[str, str], auth_dir: Path, environ: Mapping[str, str] | None = None,
                resets: Mapping[str, ResetPolicy] | None = None) -> list[SiteHealth]:
    """The health of every deployment in `base_urls`; log-ins are made or checked in `auth_dir`.
    `resets`: each site's reset (described, never run: a reset URL resets when it is asked)."""
    rows: list[SiteHealth] = []
    with httpx.Client(timeout=REQUEST_TIMEOUT_S, follow_redirects=True) as client:
        for site, url in base_urls.items():
            reachable, status = _probe(url, client)
            policy = (resets or {}).get(site)
            rows.append(SiteHealth(site=site, url=url, resolves=_resolve(url), reachable=reachable, status=status,
                                   reset=policy.brief() if policy else "none"))
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
        readable = {r.site: r.url for r in rows if r.reachable and r.login_ok is not False}
        for site, version in (await versions(readable, logins)).items():  # as every transcript records them
            next(r for r in rows if r.site == site).version = version
    finally:
        await pool.close()
    return rows
