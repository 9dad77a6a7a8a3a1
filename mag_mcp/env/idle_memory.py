"""Memory handed back when the server goes idle.

A burst of episodes leaves memory behind that nothing leaked: freed blocks the C
allocators keep for next time, in the server (glibc's malloc arenas, after thousands
of screenshots passed through) and in Chromium (PartitionAlloc's free pages, caches
of the browser process and of the spare contexts' renderers). A server that serves a
batch and then waits would hold that high-water mark for hours. So once no episode
has run for `QUIET_S` after some have, the server hands it back, once per quiet spell:

- Chromium gets a critical memory-pressure signal in all its processes (the
  DevTools `Memory.simulatePressureNotification`): caches are purged and free pages
  returned to the system, as under real memory pressure;
- the server collects garbage and asks glibc to return free heap pages
  (`malloc_trim`; skipped where the C library is not glibc).

Nothing here touches a running episode: the trim only runs while none runs.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
import time
from collections.abc import Awaitable, Callable

import anyio

log = logging.getLogger(__name__)

QUIET_S = 5.0  # no episode running for this long after some ran: hand memory back
LOOK_S = 1.0


def trim_process_heap() -> bool:
    """Collect garbage and return the C heap's free pages to the system (glibc only)."""
    gc.collect()
    name = ctypes.util.find_library("c")
    if not name:
        return False
    try:
        trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):  # not glibc
        return False
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return bool(trim(0))


class IdleMemory:
    """Watches `running()` (episodes running now) and `started()` (episodes started, ever:
    an episode shorter than a look still counts); after a busy spell followed by `quiet_s`
    of none running, calls `purge_browser()` and trims the server's heap."""

    def __init__(self, running: Callable[[], int], started: Callable[[], int],
                 purge_browser: Callable[[], Awaitable[None]], quiet_s: float = QUIET_S) -> None:
        self.running = running
        self.started = started
        self.purge_browser = purge_browser
        self.quiet_s = quiet_s
        self.trims = 0

    async def trim(self) -> None:
        t0 = time.perf_counter()
        try:
            await self.purge_browser()
        except Exception as e:  # a browser gone or going: nothing to purge
            log.debug("browser memory purge skipped: %s", str(e).splitlines()[0] if str(e) else type(e).__name__)
        trimmed = await anyio.to_thread.run_sync(trim_process_heap)
        self.trims += 1
        log.info("idle: memory handed back (browser purged, heap %s) in %.0f ms",
                 "trimmed" if trimmed else "not trimmable", (time.perf_counter() - t0) * 1000)

    async def run(self) -> None:
        """Until cancelled: trim once after each busy spell that ends in `quiet_s` of no episode."""
        busy = False
        idle_since: float | None = None
        seen = self.started()
        while True:
            await anyio.sleep(LOOK_S)
            if self.running() > 0 or self.started() != seen:
                busy, idle_since, seen = True, None, self.started()
                continue
            if not busy:
                continue
            now = time.monotonic()
            idle_since = idle_since if idle_since is not None else now
            if now - idle_since >= self.quiet_s:
                busy = False
                try:
                    await self.trim()
                except Exception:  # the watcher must keep going
                    log.exception("handing idle memory back")
