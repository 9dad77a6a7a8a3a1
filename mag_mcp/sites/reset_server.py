"""The embedded sites' own reset endpoint, for when they stand in for live deployments (`mag sites
--reset-port`, the external-mode tests): what the reset server of WebArena's set-up scripts is to
the real sites. `GET /reset` puts every site's shared state (the one a request without an episode
header uses) back to its seed and answers 200 once done; `GET /status` says it is up."""

from __future__ import annotations

import logging
import time

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from mag_mcp.sites.base import DEFAULT_STATE_KEY, SiteStateStore

log = logging.getLogger(__name__)

RESET_SERVER_KEY = "reset"  # its key among EmbeddedSites.servers (it is no site)


def reset_app(stores: dict[str, SiteStateStore]) -> Starlette:
    lock = anyio.Lock()
    counts = {"resets": 0}

    def restore() -> None:
        for store in {id(s): s for s in stores.values()}.values():  # sites sharing a database: once
            store.create(DEFAULT_STATE_KEY)

    async def reset(request: Request) -> PlainTextResponse:
        async with lock:  # one at a time: a second waits and resets again
            t0 = time.monotonic()
            await anyio.to_thread.run_sync(restore)
            counts["resets"] += 1
        log.info("embedded sites reset in %.2f s", time.monotonic() - t0)
        return PlainTextResponse(f"Reset done: {', '.join(sorted(stores))} ({time.monotonic() - t0:.2f} s)\n")

    async def status(request: Request) -> PlainTextResponse:
        return PlainTextResponse(f"ready; {counts['resets']} reset(s) so far\n")

    return Starlette(routes=[Route("/reset", reset), Route("/status", status)])
