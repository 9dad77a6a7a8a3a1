"""The episode table: reset creates an episode (own context, own state copy),
later calls find it by `episode_id`."""

from __future__ import annotations

import logging
import uuid
from collections import OrderedDict
from importlib.metadata import version
from pathlib import Path
from urllib.parse import urlsplit

import anyio
from pydantic import BaseModel, Field

from mag_mcp.env.browser import BrowserPool
from mag_mcp.env.episode import Episode, EpisodeError
from mag_mcp.env.transcript import TranscriptWriter
from mag_mcp.sites.base import STATE_HEADER, SiteStateStore
from mag_mcp.tasks.registry import TaskRegistry
from mag_mcp.tasks.schema import Grounding

log = logging.getLogger(__name__)

KEEP_FINISHED = 2000  # finished episodes kept in memory for get_transcript / stop replays


class EnvConfig(BaseModel):
    runs_dir: Path = Path("runs")
    base_urls: dict[str, str] = Field(default_factory=dict)  # site key -> base URL
    max_episodes: int = 16  # concurrently running
    default_run_id: str = "default"


def _versions(browser: str) -> dict[str, str]:
    out = {"chromium": browser}
    for dist in ("mag-mcp", "mcp", "playwright"):
        try:
            out[dist] = version(dist)
        except Exception:
            out[dist] = "unknown"
    return out


class EpisodeManager:
    def __init__(self, config: EnvConfig, registry: TaskRegistry, stores: dict[str, SiteStateStore]) -> None:
        self.config = config
        self.registry = registry
        self.stores = stores  # embedded sites only; external deployments have none
        self.pool = BrowserPool()
        self.episodes: OrderedDict[str, Episode] = OrderedDict()

    async def start(self) -> None:
        await self.pool.start()

    async def close(self) -> None:
        for ep in list(self.episodes.values()):
            if not ep.finished:
                try:
                    await ep.abort("server shutting down")
                except Exception:
                    log.exception("closing episode %s", ep.id)
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
        episode_id = uuid.uuid4().hex[:16]
        run_id = run_id or self.config.default_run_id
        SiteStateStore.check_key(run_id.replace(".", "_"))  # run ids become folder names
        state_keys: dict[str, str] = {}
        cookies: list[dict] = []
        for site in task.sites:
            base = self.config.base_urls[site]
            store = self.stores.get(site)
            if store is not None:
                await anyio.to_thread.run_sync(store.create, episode_id)
                state_keys[site] = episode_id
                if task.require_login:
                    host = urlsplit(base).hostname or "127.0.0.1"
                    cookies += [
                        {"name": c.name, "value": c.value, "domain": host, "path": "/"}
                        for c in store.spec.login_cookies
                    ]
        headers = {STATE_HEADER: episode_id} if state_keys else {}
        allowed = [self.config.base_urls[s] for s in task.sites]
        session = await self.pool.new_session(allowed, cookies=cookies, headers=headers)
        ep = Episode(
            id=episode_id, run_id=run_id, agent=agent, task=task, grounding=grounding, session=session,
            writer=TranscriptWriter(self.config.runs_dir, run_id, episode_id), base_urls=self.config.base_urls,
            state_keys=state_keys, stores=self.stores, versions=_versions(self.pool.browser_version),
        )
        self.episodes[episode_id] = ep
        self._trim()
        try:
            obs, png = await ep.start()
        except BaseException:
            await ep.release()
            ep.status = "error"
            raise
        return ep, obs, png

    def _trim(self) -> None:
        finished = [k for k, e in self.episodes.items() if e.finished]
        for k in finished[: max(0, len(finished) - KEEP_FINISHED)]:
            del self.episodes[k]
