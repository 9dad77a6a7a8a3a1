"""Memory handed back once per quiet spell, never while an episode runs."""

from __future__ import annotations

import anyio
import pytest

from mag_mcp.env import idle_memory
from mag_mcp.env.idle_memory import IdleMemory, trim_process_heap

pytestmark = pytest.mark.anyio


async def _until(condition, timeout: float = 10.0) -> None:
    with anyio.fail_after(timeout):
        while not condition():
            await anyio.sleep(0.01)


async def test_trims_once_after_each_busy_spell(monkeypatch):
    monkeypatch.setattr(idle_memory, "LOOK_S", 0.01)
    heap_trims: list[bool] = []
    monkeypatch.setattr(idle_memory, "trim_process_heap", lambda: heap_trims.append(True) or True)
    running, started = [0], [0]
    purges: list[int] = []

    async def purge() -> None:
        purges.append(running[0])
        if len(purges) == 2:
            raise RuntimeError("browser gone")  # a failed purge still trims the heap

    looks: list[int] = []  # what each look saw running

    def now_running() -> int:
        looks.append(running[0])
        return running[0]

    watcher = IdleMemory(now_running, lambda: started[0], purge, quiet_s=0.05)
    async with anyio.create_task_group() as tg:
        tg.start_soon(watcher.run)
        await anyio.sleep(0.2)
        assert watcher.trims == 0  # never busy: nothing to hand back
        running[0] = 3
        looks.clear()
        await _until(lambda: looks.count(3) >= 5)
        assert watcher.trims == 0  # busy: never while episodes run
        running[0] = 0
        await _until(lambda: watcher.trims == 1)
        await anyio.sleep(0.2)
        assert watcher.trims == 1  # once per quiet spell, not once per look
        running[0] = 1
        looks.clear()
        await _until(lambda: 1 in looks)  # the watcher saw it busy...
        running[0] = 0
        await _until(lambda: watcher.trims == 2)  # ...and trims again once it is quiet
        started[0] += 1  # an episode that started and ended between two looks
        await _until(lambda: watcher.trims == 3)
        tg.cancel_scope.cancel()
    assert purges == [0, 0, 0] and len(heap_trims) == 3


def test_heap_trim_returns_freed_pages():
    """Freed blocks held between live ones stay in the process until trimmed (glibc)."""
    import gc
    import platform

    import psutil

    if platform.libc_ver()[0] != "glibc":
        pytest.skip("malloc_trim is glibc's")
    blocks = [bytes(100_000) + b"x" for _ in range(2000)]  # ~200 MB in heap-sized blocks
    keep = blocks[::50]  # live blocks spread through the heap: it cannot shrink from the top
    del blocks
    gc.collect()
    before = psutil.Process().memory_info().rss
    assert trim_process_heap()
    after = psutil.Process().memory_info().rss
    assert before - after > 100 * 2**20, (before, after)
    assert len(keep) == 40
