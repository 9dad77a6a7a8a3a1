"""Idle episodes: a client that goes away (closed, crashed, network gone) says nothing,
so an episode with no call for longer than its idle time-to-live is reclaimed from a
background task: finalized as `abandoned` (checked and recorded like any other
ending), its browser context closed and its state copy dropped, its slot freed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

import anyio
from anyio.abc import TaskGroup

from mag_mcp.env.episode import Episode

log = logging.getLogger(__name__)

MIN_INTERVAL_S = 0.2
MAX_INTERVAL_S = 10.0


def sweep_interval(ttls: Iterable[float]) -> float:
    """How often to look: a quarter of the shortest time-to-live, within bounds."""
    shortest = min(ttls, default=MAX_INTERVAL_S * 4)
    return max(MIN_INTERVAL_S, min(MAX_INTERVAL_S, shortest / 4))


class IdleReaper:
    """Reclaims idle episodes. `episodes` returns the episodes to look at (the manager's
    table, or none while the server starts); `ttl_of` gives an episode's time-to-live."""

    def __init__(self, episodes: Callable[[], Iterable[Episode]], ttl_of: Callable[[Episode], float],
                 interval_s: float) -> None:
        self.episodes = episodes
        self.ttl_of = ttl_of
        self.interval_s = interval_s
        self.reclaimed = 0
        self._busy: set[str] = set()  # episodes being reclaimed now

    def idle(self) -> list[tuple[Episode, float]]:
        """Running episodes idle longer than their time-to-live, with that time-to-live."""
        out = []
        for ep in list(self.episodes()):
            if ep.finished or ep.id in self._busy:
                continue
            ttl = self.ttl_of(ep)
            if ep.idle_s() > ttl:
                out.append((ep, ttl))
        return out

    async def reclaim(self, ep: Episode, ttl: float) -> bool:
        """Reclaim one episode; a failure is logged, never raised (the reaper must keep going)."""
        self._busy.add(ep.id)
        try:
            if await ep.reclaim_if_idle(ttl):
                self.reclaimed += 1
                log.info("episode %s abandoned: idle for more than %g s; context closed, transcript finalized",
                         ep.id, ttl)
                return True
        except Exception:
            log.exception("reclaiming idle episode %s", ep.id)
        finally:
            self._busy.discard(ep.id)
        return False

    async def sweep(self) -> int:
        """Reclaim every idle episode now, concurrently (one slow check does not hold up the others)."""
        found = self.idle()
        done = [False] * len(found)

        async def one(i: int, ep: Episode, ttl: float) -> None:
            done[i] = await self.reclaim(ep, ttl)

        async with anyio.create_task_group() as tg:
            for i, (ep, ttl) in enumerate(found):
                tg.start_soon(one, i, ep, ttl)
        return sum(done)

    async def run(self, tg: TaskGroup) -> None:
        """Look every `interval_s` until cancelled; each reclaim runs in `tg`, so an episode whose
        check hangs (a browser gone bad) delays nothing else."""
        while True:
            await anyio.sleep(self.interval_s)
            try:
                for ep, ttl in self.idle():
                    self._busy.add(ep.id)  # before the task starts: the next look must skip it
                    tg.start_soon(self.reclaim, ep, ttl)
            except Exception:
                log.exception("looking for idle episodes")
