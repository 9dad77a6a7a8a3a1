"""How live deployments are reset between state-changing tasks, the ways WebArena's users do it.

- A reset URL: one GET that restores the deployment and answers 200 once done (BrowserGym's
  `WA_FULL_RESET`, served by the reset server of the WebArena set-up scripts; it takes minutes).
- A reset command: a shell command that restores it and exits 0 (e.g. restarting the containers
  from their images: `docker compose down && docker compose up -d`).
- None: state-changing tasks are refused, or run with `--allow-dirty`.

Where a policy comes from, most specific first: `MAG_<SITE>_RESET_URL` / `MAG_<SITE>_RESET_COMMAND`
(that site alone); `--reset-url` / `--reset-command`, else `MAG_RESET_URL` / `MAG_RESET_COMMAND`,
else `WA_FULL_RESET` (every live site, one reset for all of them).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

import anyio
import httpx

from mag_mcp.env.site_access import RESET_TIMEOUT_S, ResetPolicy

CONNECT_TIMEOUT_S = 3.05  # BrowserGym's


class ResetConfigError(ValueError):
    """Two resets given for the same sites, or a reset that cannot be a URL."""


def _var(site: str, what: str) -> str:
    return f"MAG_{site.upper()}_RESET_{what}"


def reset_policies(live_sites: list[str], *, url: str | None = None, command: str | None = None,
                   environ: Mapping[str, str] | None = None, timeout_s: float = RESET_TIMEOUT_S
                   ) -> dict[str, ResetPolicy]:
    """One policy per live site (sites sharing the deployment-wide reset share one policy)."""
    env = os.environ if environ is None else environ
    if url and command:
        raise ResetConfigError("give either --reset-url or --reset-command, not both")
    shared: ResetPolicy | None = None
    if url or command:
        shared = _policy(live_sites, url, command, "--reset-url" if url else "--reset-command", timeout_s)
    elif env.get("MAG_RESET_URL") or env.get("MAG_RESET_COMMAND"):
        if env.get("MAG_RESET_URL") and env.get("MAG_RESET_COMMAND"):
            raise ResetConfigError("MAG_RESET_URL and MAG_RESET_COMMAND are both set: keep one")
        which = "MAG_RESET_URL" if env.get("MAG_RESET_URL") else "MAG_RESET_COMMAND"
        shared = _policy(live_sites, env.get("MAG_RESET_URL"), env.get("MAG_RESET_COMMAND"), which, timeout_s)
    elif env.get("WA_FULL_RESET"):
        shared = _policy(live_sites, env["WA_FULL_RESET"], None, "WA_FULL_RESET", timeout_s)
    out: dict[str, ResetPolicy] = {}
    for site in live_sites:
        own_url, own_command = env.get(_var(site, "URL")), env.get(_var(site, "COMMAND"))
        if own_url and own_command:
            raise ResetConfigError(f"{_var(site, 'URL')} and {_var(site, 'COMMAND')} are both set: keep one")
        if own_url or own_command:
            out[site] = _policy([site], own_url, own_command, _var(site, "URL" if own_url else "COMMAND"), timeout_s)
        elif shared is not None:
            out[site] = shared
        else:
            out[site] = ResetPolicy(sites=[site], how="none")
    return out


def _policy(sites: list[str], url: str | None, command: str | None, source: str, timeout_s: float) -> ResetPolicy:
    if url:
        if not url.startswith(("http://", "https://")):
            raise ResetConfigError(f"{source}: a reset URL starts with http:// or https://, got {url[:100]!r}")
        return ResetPolicy(sites=list(sites), how="url", target=url, source=source, timeout_s=timeout_s)
    return ResetPolicy(sites=list(sites), how="command", target=str(command), source=source, timeout_s=timeout_s)


async def run_reset(policy: ResetPolicy) -> None:
    """Reset as `policy` says; raises RuntimeError with the reason when it did not work."""
    if policy.how == "url":
        timeout = httpx.Timeout(policy.timeout_s, connect=CONNECT_TIMEOUT_S)
        async with httpx.AsyncClient(timeout=timeout, follow_redirects=True) as client:
            try:
                r = await client.get(policy.target)
            except httpx.HTTPError as e:
                raise RuntimeError(f"GET {policy.target}: {type(e).__name__}: {str(e)[:200]}") from None
        if r.status_code != 200:
            raise RuntimeError(f"GET {policy.target} answered HTTP {r.status_code}: {r.text[:200]!r}")
        return
    if policy.how == "command":
        done = await anyio.run_process(policy.target, check=False)  # a string: run by the shell
        if done.returncode != 0:
            tail = (done.stderr or done.stdout or b"").decode("utf-8", "replace").strip()[-300:]
            raise RuntimeError(f"the command exited {done.returncode}: {tail!r}")
        return
    raise RuntimeError("this site has no reset")
