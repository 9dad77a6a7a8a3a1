"""The episode table: reset creates an episode (own context, own state copy),
later calls find it by `episode_id`."""

from __future__ import annotations

import logging
from collections import OrderedDict
from contextlib import AsyncExitStack
from importlib.metadata import version
from pathlib import Path

import anyio
from pydantic import BaseModel, Field

from mag_mcp.env.browser import BrowserPool
from mag_mcp.env.episode import Episode, EpisodeError
from mag_mcp.env.transcript import TranscriptWriter
from mag_mcp.env.warm import EpisodePreparer, StartPageError
from mag_mcp.sites.base import SiteStateStore
from mag_mcp.tasks.registry import TaskRegistry
from mag_mcp.tasks.schema import Grounding

log = logging.getLogger(__name__)

KEEP_FINISHED = 2000  # finished episodes kept in memory for get_transcript / stop replays


class EnvConfig(BaseModel):
    runs_dir: Path = Path("runs")
    base_urls: dict[str, str] = Field(default_factory=dict)  # site key -> base URL
    max_episodes: int = 16  # concurrently running
    default_run_id: str = "default"
    spares_per_kind: int = 2  # episodes prepared ahead per kind of task (0: always cold)


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

    def __init__(self, config: EnvConfig, registry: TaskRegistry, stores: dict[str, SiteStateStore]) -> None:
        self.config = config
        self.registry = registry
        self.stores = stores  # embedded sites only; external deployments have none
        self.pool = BrowserPool()
        self.preparer = EpisodePreparer(self.pool, stores, config.base_urls, spares_per_kind=config.spares_per_kind)
        self.episodes: OrderedDict[str, Episode] = OrderedDict()
        self._exit: AsyncExitStack | None = None

    async def __aenter__(self) -> EpisodeManager:
        await self.pool.start()
        self._exit = AsyncExitStack()
        tg = await self._exit.enter_async_context(anyio.create_task_group())
        self.preparer.attach(tg)
        self._tg = tg
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._tg.cancel_scope.cancel()  # stop preparing spares
        if self._exit:
            await self._exit.aclose()
        with anyio.CancelScope(shield=True):
            await self.close()

    async def close(self) -> None:
        for ep in list(self.episodes.values()):
            if not ep.finished:
                try:
                    await ep.abort("server shutting down")
                except Exception:
                    log.exception("closing episode %s", ep.id)
        await self.preparer.close()
        await self.pool.close()

    @property
    def running(self) -> int:
        return sum(not e.finished for e in self.episodes.values())

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

    async def reset(self, task_id: str, grounding: Grounding, run_id: str | None = None, agent: str = "mcp-client"):
        task = self.registry.get(task_id)
        missing = [s for s in task.sites if s not in self.config.base_urls]
        if missing:
            raise EpisodeError(f"task {task_id} needs site(s) {', '.join(missing)}, which this server does not serve")
        if self.running >= self.config.max_episodes:
            raise EpisodeError(
                f"too many running episodes ({self.running}/{self.config.max_episodes}); stop one first"
            )
        run_id = run_id or self.config.default_run_id
        try:
            prepared = await self.preparer.prepare(task)
        except StartPageError as e:
            raise EpisodeError(str(e)) from None
        ep = Episode(
            id=prepared.key, run_id=run_id, agent=agent, task=task, grounding=grounding, session=prepared.session,
            writer=TranscriptWriter(self.config.runs_dir, run_id, prepared.key), base_urls=self.config.base_urls,
            state_keys=prepared.state_keys, stores=self.stores, versions=_versions(self.pool.browser_version),
        )
        self.episodes[ep.id] = ep
        self._trim()
        try:
            obs, png = await ep.start()
        except BaseException:
            ep.status = "error"
            with anyio.CancelScope(shield=True):
                await ep.release()
            raise
        self.preparer.refill(task)  # the next reset of this kind adopts a spare prepared meanwhile
        return ep, obs, png

    def _trim(self) -> None:
        finished = [k for k, e in self.episodes.items() if e.finished]
        for k in finished[: max(0, len(finished) - KEEP_FINISHED)]:
            del self.episodes[k]
