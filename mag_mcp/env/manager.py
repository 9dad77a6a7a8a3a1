"""The episode table: reset creates an episode (own context, own state copy),
later calls find it by `episode_id`.

When Chromium dies under the server, every running episode on it is ended with
status `error` and a clear reason (its transcript keeps its steps and gets its
outcome record), spares prepared on it are discarded, and a new browser is
launched at once, so the next reset works as soon as it is up. Ending an
episode is bounded in time: a call that cannot finish never holds the recovery.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from contextlib import AsyncExitStack
from importlib.metadata import version
from pathlib import Path

import anyio
from anyio.abc import TaskGroup
from playwright.async_api import Browser
from pydantic import BaseModel, Field

from mag_core.observations import Observation
from mag_core.tasks import Grounding, Task
from mag_mcp.env.browser import BrowserPool
from mag_mcp.env.episode import Episode, EpisodeError
from mag_mcp.env.session import BrowserSession
from mag_mcp.env.site_access import AccessError, Lease, SiteAccess
from mag_mcp.env.transcript import TranscriptWriter
from mag_mcp.env.warm import EpisodePreparer, LoginError, Prepared, SiteLogins, StartPageError
from mag_mcp.sites.base import SiteStateStore
from mag_mcp.tasks.registry import TaskRegistry

log = logging.getLogger(__name__)

KEEP_FINISHED = 2000  # finished episodes kept in memory for get_transcript / stop replays
ABORT_TIMEOUT_S = 60.0  # ending an episode (checker, outcome record, context close) may take this long at most
BROWSER_CRASHED = "the browser crashed; this episode ended. Call reset to start a new one."
BROWSER_CRASHED_AT_RESET = ("the browser crashed while this episode was starting; it is being relaunched. "
                            "Call reset again.")


class EnvConfig(BaseModel):
    runs_dir: Path = Path("runs")
    base_urls: dict[str, str] = Field(default_factory=dict)  # site key -> base URL
    max_episodes: int = 16  # concurrently running
    default_run_id: str = "default"
    spares_per_kind: int = 2  # episodes prepared ahead per kind of task (0: always cold)
    # Return the checker's full verdict (references included) to clients, and say so in every
    # transcript header: for task authors and debugging only (`mag serve --reveal-checks`).
    reveal_checks: bool = False


class CrashRecovery(BaseModel):
    """What the manager did after one browser crash (for logs and reliability reports)."""

    episodes_ended: int = 0
    spares_discarded: int = 0
    relaunched_after_s: float | None = None  # None: the relaunch failed (the next reset retries)
    recovered_after_s: float | None = None


def _versions(browser: str) -> dict[str, str]:
    out = {"chromium": browser}
    for dist in ("mag-mcp", "mcp", "playwright"):
        try:
            out[dist] = version(dist)
        except Exception:
            out[dist] = "unknown"
    return out


class EpisodeManager:
    """Use as `async with EpisodeManager(...) as manager:` (starts the browser
    and the background preparation of spares)."""

    def __init__(self, config: EnvConfig, registry: TaskRegistry, stores: dict[str, SiteStateStore],
                 logins: Callable[[BrowserPool], SiteLogins] | None = None, access: SiteAccess | None = None) -> None:
        """`logins`: makes the log-ins of live deployments on the manager's browser pool.
        `access`: who may use the live deployments' sites when, and their resets (`site_access`)."""
        self.config = config
        self.registry = registry
        self.stores = stores  # embedded sites only; external deployments have none
        self.pool = BrowserPool()
        self.logins = logins(self.pool) if logins is not None else None
        self.access = access
        self.preparer = EpisodePreparer(self.pool, stores, config.base_urls, spares_per_kind=config.spares_per_kind,
                                        logins=self.logins, spares_for=self._spares_for)
        self.episodes: OrderedDict[str, Episode] = OrderedDict()
        self.started = 0  # episodes started, ever
        self._exit: AsyncExitStack | None = None
        self._tg: TaskGroup | None = None
        self.crash_recoveries: list[CrashRecovery] = []
        self._admitted = 0  # resets past the max_episodes check that have not answered yet
        self._starting: set[str] = set()  # their episodes, while they start (counted by `_admitted`)
        self.pool.on_crash(self._browser_crashed)

    async def __aenter__(self) -> EpisodeManager:
        await self.pool.start()
        self._exit = AsyncExitStack()
        tg = await self._exit.enter_async_context(anyio.create_task_group())
        self.preparer.attach(tg)
        if self.access is not None:
            self.access.attach(tg)
        self._tg = tg
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._tg is not None:
            self._tg.cancel_scope.cancel()  # stop preparing spares
        self._tg = None
        if self._exit:
            await self._exit.aclose()
        with anyio.CancelScope(shield=True):
            await self.close()

    async def close(self) -> None:
        for ep in list(self.episodes.values()):
            if not ep.finished:
                await self._abort(ep, "server shutting down")
        await self.preparer.close()
        await self.pool.close()

    async def _abort(self, ep: Episode, reason: str) -> bool:
        """End `ep` with status error, bounded in time; False if it could not be ended."""
        with anyio.move_on_after(ABORT_TIMEOUT_S):
            try:
                await ep.abort(reason)
            except Exception:
                log.exception("ending episode %s", ep.id)
            return ep.finished
        log.error("episode %s could not be ended within %.0f s (%s)", ep.id, ABORT_TIMEOUT_S, reason)
        return ep.finished

    # ------------------------------------------------------------ browser crashes

    def _browser_crashed(self, dead: Browser) -> None:
        """The pool's crash listener (runs on the event loop): recover in the background."""
        if self._tg is None:  # shutting down: close() ends what is left
            return
        self._tg.start_soon(self._recover, dead)

    async def _recover(self, dead: Browser) -> None:
        t0 = time.monotonic()
        victims = [e for e in self.episodes.values() if not e.finished and e.session.context.browser is dead]
        log.error("the browser crashed: ending %d running episode(s) and relaunching it", len(victims))
        record = CrashRecovery(episodes_ended=len(victims))
        self.crash_recoveries.append(record)

        async def relaunch() -> None:
            try:
                await self.pool.start()
                record.relaunched_after_s = round(time.monotonic() - t0, 2)
            except Exception as e:  # the next reset tries again
                log.error("relaunching Chromium failed: %s", e)

        async def discard_spares() -> None:
            record.spares_discarded = await self.preparer.discard_dead()

        async with anyio.create_task_group() as tg:
            tg.start_soon(relaunch)
            tg.start_soon(discard_spares)
            for ep in victims:
                tg.start_soon(self._abort, ep, BROWSER_CRASHED)
        record.recovered_after_s = round(time.monotonic() - t0, 2)
        log.warning("browser crash handled in %.1f s: %d episode(s) ended, %d spare(s) discarded",
                    record.recovered_after_s, record.episodes_ended, record.spares_discarded)

    def _browser_died(self, crashes_before: int, session: BrowserSession | None = None) -> bool:
        if self.pool.crashes > crashes_before:
            return True
        return session is not None and not self.pool.is_live(session)

    @property
    def running(self) -> int:
        """Episodes not yet over: running, or ended with their check and transcript still being written
        (so a health check that reads 0 finds every transcript complete)."""
        return sum(not e.finished or e.finalizing for e in self.episodes.values())

    def get(self, episode_id: str) -> Episode:
        ep = self.episodes.get(episode_id)
        if ep is None:
            raise EpisodeError(f"unknown episode_id {episode_id[:80]!r}; call reset to start an episode")
        return ep

    def get_running(self, episode_id: str) -> Episode:
        ep = self.get(episode_id)
        if ep.finished:
            raise EpisodeError(f"episode {episode_id} is finished ({ep.status}); call reset for a new one")
        return ep

    @property
    def occupied(self) -> int:
        """Slots of `max_episodes` taken: running episodes plus resets admitted and not answered
        yet (an episode that is still starting is counted once, by its reset)."""
        return sum(not e.finished and e.id not in self._starting for e in self.episodes.values()) + self._admitted

    async def reset(self, task_id: str, grounding: Grounding, run_id: str | None = None, agent: str = "mcp-client",
                    folder: str | None = None) -> tuple[Episode, Observation, bytes]:
        """Start an episode; its transcript goes to RUNS_DIR/<folder or run id>/<episode id>/.
        The slot is taken before the first await (the check and the count are atomic on the event
        loop), so resets sent together never start more than `max_episodes`; it is given back
        whatever ends the reset."""
        task = self.registry.get(task_id)
        missing = [s for s in task.sites if s not in self.config.base_urls]
        if missing:
            raise EpisodeError(f"task {task_id} needs site(s) {', '.join(missing)}, which this server does not serve")
        if self.occupied >= self.config.max_episodes:
            raise EpisodeError(
                f"too many running episodes ({self.occupied}/{self.config.max_episodes}); stop one first"
            )
        self._admitted += 1
        started: list[str] = []
        lease: Lease | None = None
        try:
            if self.access is not None and self.access.covers(task):
                try:  # before the start page loads: refused, or a state change waits for its sites, reset first
                    lease = await self.access.acquire(task)
                except AccessError as e:
                    raise EpisodeError(str(e)) from None
            return await self._start(task, grounding, run_id or self.config.default_run_id, agent, folder, started,
                                     lease)
        except BaseException:
            if lease is not None:  # the reset failed: its sites are let go (idempotent if an episode did)
                with anyio.CancelScope(shield=True):
                    await lease.release()
            raise
        finally:
            self._admitted -= 1
            self._starting.difference_update(started)

    def _spares_for(self, task: Task) -> bool:
        return self.access is None or self.access.may_prepare_ahead(task)

    async def _start(self, task: Task, grounding: Grounding, run_id: str, agent: str, folder: str | None,
                     started: list[str], lease: Lease | None = None) -> tuple[Episode, Observation, bytes]:
        for attempt in (1, 2):  # a browser that dies while the episode starts: once more, on the new one
            prepared = await self._prepare(task)
            crashes_before = self.pool.crashes
            ep = Episode(
                id=prepared.key, run_id=run_id, agent=agent, task=task, grounding=grounding,
                session=prepared.session,
                writer=TranscriptWriter(self.config.runs_dir, folder or run_id, prepared.key),
                base_urls=self.config.base_urls, state_keys=prepared.state_keys, stores=self.stores,
                versions=_versions(self.pool.browser_version), checks_revealed=self.config.reveal_checks,
                lease=lease,
            )
            self.episodes[ep.id] = ep
            self._starting.add(ep.id)
            started.append(ep.id)
            self.started += 1
            self._trim()
            try:
                obs, png = await ep.start()
                break
            except Exception:
                if not self._browser_died(crashes_before, ep.session):
                    ep.status = "error"
                    with anyio.CancelScope(shield=True):
                        await ep.release()
                    raise
                if attempt == 1:
                    ep.lease = None  # kept for the episode started next, on the relaunched browser
                with anyio.CancelScope(shield=True):
                    await self._abort(ep, BROWSER_CRASHED)  # its transcript records the failed start
                if attempt == 2:
                    raise EpisodeError(BROWSER_CRASHED_AT_RESET) from None
                log.warning("the browser died while episode %s was starting: starting another", ep.id)
            except BaseException:
                ep.status = "error"
                with anyio.CancelScope(shield=True):
                    await ep.release()
                raise
        self.preparer.refill(task)  # the next reset of this kind adopts a spare prepared meanwhile
        return ep, obs, png

    async def _prepare(self, task: Task) -> Prepared:
        """Prepare an episode; one that failed because the browser died is prepared again,
        once, on the relaunched browser."""
        for attempt in (1, 2):
            crashes_before = self.pool.crashes
            try:
                return await self.preparer.prepare(task)
            except Exception as e:
                if not self._browser_died(crashes_before) and self.pool.connected:
                    if isinstance(e, (StartPageError, LoginError)):
                        raise EpisodeError(str(e)) from None
                    raise
                if attempt == 2:
                    raise EpisodeError(BROWSER_CRASHED_AT_RESET) from None
                log.warning("the browser died while an episode of %s was prepared: preparing it again", task.id)
        raise AssertionError("unreachable")

    def _trim(self) -> None:
        finished = [k for k, e in self.episodes.items() if e.finished]
        for k in finished[: max(0, len(finished) - KEEP_FINISHED)]:
            del self.episodes[k]
