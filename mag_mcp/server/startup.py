"""The server's environment, started in the background while the server already answers.

`run_environment` is started by the lifespan (`mag_mcp.server.app`) in its task group and
runs until the server stops. In order, it recovers the runs directory, starts the embedded
sites, launches Chromium with the episode manager, and starts the idle reaper and the
idle-memory watcher; then it marks the server ready (`AppState.readiness`) and waits. When
the server stops, everything is closed in reverse order, whatever step the start-up was at.

A start-up that fails is reported in one line (`describe_failure`: a held port names the
port, the process holding it when it can be found, and the options that avoid it; no
traceback): in the log, to every tool call that waits for the environment, and on
`/health`. The server keeps answering what needs no browser; `mag serve --transport stdio`
ends the process instead (a stdio server that cannot run episodes has no use), once the
calls that were waiting have their answer.
"""

from __future__ import annotations

import logging
from contextlib import AsyncExitStack
from pathlib import Path

import anyio

from mag_mcp.env.browser import BrowserPool
from mag_mcp.env.idle_memory import IdleMemory
from mag_mcp.env.lifecycle import IdleReaper, sweep_interval
from mag_mcp.env.manager import EpisodeManager
from mag_mcp.env.recovery import RecoveryReport, recover_runs
from mag_mcp.env.site_access import ResetPolicy, SiteAccess
from mag_mcp.env.warm import LoginError
from mag_mcp.external.logins import ExternalLogins
from mag_mcp.external.resets import run_reset
from mag_mcp.external.versions import versions
from mag_mcp.server.state import AppState, ServerConfig, all_ttls, episode_ttl
from mag_mcp.sites.port_owner import port_owner
from mag_mcp.sites.runner import EmbeddedSites, PortTaken

log = logging.getLogger(__name__)


async def run_environment(state: AppState) -> None:
    """Start the environment, mark the server ready, and keep the environment until cancelled
    (see the module doc for failures)."""
    config, readiness = state.config, state.readiness
    env = config.env.model_copy(deep=True)
    async with AsyncExitStack() as stack:
        stack.push_async_callback(_stop, state)
        try:
            readiness.at("recovering the runs directory")
            state.recovery = await anyio.to_thread.run_sync(recover_at_start, Path(env.runs_dir))
            stores = {}
            if config.embedded_sites:
                readiness.at(f"starting the embedded sites ({', '.join(config.embedded_sites)})")
                sites = EmbeddedSites(config.embedded_sites, ports=config.site_ports)
                state.sites = sites  # before it starts: stopped on the way out, however far it got
                await anyio.to_thread.run_sync(sites.start)
                stores = sites.stores
                env.base_urls = {**sites.base_urls, **env.base_urls}
            readiness.at("launching Chromium")
            live = {s: u for s, u in env.base_urls.items() if s not in stores}
            logins = None
            if config.auth_dir is not None and live:
                auth_dir = config.auth_dir

                def logins(pool: BrowserPool) -> ExternalLogins:
                    return ExternalLogins(pool, live, auth_dir)
            access = live_access(config, live) if live else None
            manager = EpisodeManager(env, state.registry, stores, logins=logins, access=access)
            stack.push_async_callback(_close_pool, manager)  # a launch that failed half-way leaves a driver
            await stack.enter_async_context(manager)
            if manager.logins is not None and manager.logins.base_urls:
                readiness.at(f"logging in to {', '.join(manager.logins.base_urls)}")
                await manager.logins.ensure()  # a failed log-in fails the start-up, before any episode
            if access is not None:
                readiness.at("reading the deployments' versions")
                access.versions = await versions(live, manager.logins)
                if manager.logins is not None:
                    access.after_reset = manager.logins.forget
            tg = await stack.enter_async_context(anyio.create_task_group())
        except Exception as e:
            reason = describe_failure(e)
            log.error("start-up failed: %s", reason)
            readiness.fail(reason)
            return
        state.manager = manager
        state.reaper = IdleReaper(lambda: manager.episodes.values(), lambda ep: episode_ttl(state, ep),
                                  sweep_interval(all_ttls(state)))
        tg.start_soon(state.reaper.run, tg)
        state.idle_memory = IdleMemory(lambda: manager.running, lambda: manager.started,
                                       manager.pool.purge_memory)
        tg.start_soon(state.idle_memory.run)
        readiness.set_ready()
        log.info("ready after %.1f s: %s", readiness.elapsed_s,
                 ", ".join(sorted(env.base_urls)) or "no sites")
        await anyio.sleep_forever()


def live_access(config: ServerConfig, live: dict[str, str]) -> SiteAccess:
    """Who may use the live deployments when, resetting them as configured (none: `mag serve`
    refuses state-changing tasks on them, unless --allow-dirty)."""
    policies = {s: config.resets.get(s) or ResetPolicy(sites=[s], how="none") for s in live}
    return SiteAccess(policies, run_reset, allow_dirty=config.allow_dirty, base_urls=live)


async def _stop(state: AppState) -> None:
    state.manager = None
    state.reaper = None
    state.idle_memory = None
    try:
        if state.sites is not None:
            with anyio.CancelScope(shield=True):
                await anyio.to_thread.run_sync(state.sites.stop)
    finally:
        state.readiness.closed.set()


async def _close_pool(manager: EpisodeManager) -> None:
    with anyio.CancelScope(shield=True):
        try:
            await manager.pool.close()  # closed already after a normal stop: then a no-op
        except Exception as e:
            log.debug("closing the browser pool: %s", e)


def describe_failure(e: Exception) -> str:
    """One line that says why the start-up failed and, where there is one, what avoids it."""
    if isinstance(e, PortTaken):
        owner = port_owner(e.port)
        held = f" by {owner}" if owner else " by another process"
        return (f"port {e.port} for site {e.site} is already in use{held}; stop that process, or start this server "
                f"with --free-ports (every embedded site on a free port) or --site-port {e.site}=PORT")
    first = str(e).splitlines()[0][:300] if str(e) else ""
    if isinstance(e, (RuntimeError, LoginError)) and first:  # the sites' and the browser's own clear messages
        return first
    log.debug("start-up failed", exc_info=e)  # the traceback, with -v
    return f"{type(e).__name__}: {first}".rstrip(": ") + " (run the server with -v for the traceback)"


def recover_at_start(runs_dir: Path) -> RecoveryReport | None:
    """Finalize the episodes a crashed server left unfinished (`mag_mcp.env.recovery`); a failure
    is logged and the server starts anyway."""
    try:
        report = recover_runs(runs_dir)
    except Exception:
        log.exception("recovery of %s failed; unfinished transcripts stay as they are", runs_dir)
        return None
    if report.marked_incomplete or report.torn_repaired or report.headerless or report.temp_removed or report.errors:
        log.warning("recovered %s: %s", runs_dir, report.summary())
        for problem in report.errors[:10]:
            log.error("could not recover %s", problem)
    else:
        log.info("runs directory %s: %s", runs_dir, report.summary())
    return report
