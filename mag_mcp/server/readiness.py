"""Where the server's start-up stands, and tools that wait for it.

The server answers `initialize` at once and starts its environment (the embedded sites,
Chromium, the episode manager) in the background (`mag_mcp.server.startup`). Until that is
done, a tool that needs the environment waits for it, at most `ServerConfig.startup_wait_s`
seconds: it then runs, or fails with a message that says what the server is doing and for
how long it has been at it, or why its start-up failed. Tools, prompts and resources that
need no browser (`list_tasks`, `mag://tasks`, `mag_agent`) never wait.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable
from typing import Any, Literal, TypeVar

import anyio
from mcp.server.mcpserver.exceptions import ToolError

from mag_core.tool_results import STILL_STARTING

F = TypeVar("F", bound=Callable[..., Any])

Status = Literal["starting", "ready", "failed"]


class Readiness:
    """The start-up's status: `starting` (with the step it is at), `ready`, or `failed` (with the
    reason). Waiting calls are woken on every change. Made outside any event loop (when the server
    is built); each lifespan calls `begin` once it runs inside one. Threads can wait too: `settled`
    is set once the start-up is ready or failed, `closed` once the environment is closed again
    (after a failure, or when the server stops); `mag serve --transport stdio` uses them to exit."""

    def __init__(self) -> None:
        self.status: Status = "starting"
        self.step = "waiting for the server to run"
        self.failure: str | None = None
        self.settled = threading.Event()
        self.closed = threading.Event()
        self._since = time.monotonic()
        self._ready_after_s: float | None = None
        self._changed: anyio.Event | None = None

    def begin(self) -> None:
        """A (new) start-up begins: back to `starting`."""
        self.status, self.failure, self._ready_after_s = "starting", None, None
        self.step = "starting"
        self._since = time.monotonic()
        self._changed = anyio.Event()
        self.settled.clear()
        self.closed.clear()

    def at(self, step: str) -> None:
        """The start-up moved on to `step` (said in the messages of waiting calls)."""
        self.step = step

    def set_ready(self) -> None:
        self.status, self._ready_after_s = "ready", time.monotonic() - self._since
        self._wake()

    def fail(self, reason: str) -> None:
        self.status, self.failure = "failed", reason
        self._wake()

    def _wake(self) -> None:
        self.settled.set()
        if self._changed is not None:
            self._changed.set()
            self._changed = anyio.Event()

    @property
    def ready(self) -> bool:
        return self.status == "ready"

    @property
    def elapsed_s(self) -> float:
        """Seconds since the start-up began (until it was ready, once it is)."""
        return self._ready_after_s if self._ready_after_s is not None else time.monotonic() - self._since

    def problem(self) -> str | None:
        """Why an episode cannot run now (None once ready)."""
        if self.status == "ready":
            return None
        if self.status == "failed":
            return (f"the server could not start its environment: {self.failure}. Episodes cannot run until it "
                    "is restarted")
        return (f"{STILL_STARTING} ({self.step}, {self.elapsed_s:.0f} s so far); "
                "call again in a few seconds")

    async def wait(self, timeout_s: float) -> None:
        """Return once ready; raise ToolError when the start-up failed or is not done within `timeout_s`."""
        deadline = anyio.current_time() + timeout_s
        while self.status == "starting" and self._changed is not None:
            with anyio.move_on_after(deadline - anyio.current_time()) as scope:
                await self._changed.wait()
            if scope.cancelled_caught:
                break
        problem = self.problem()
        if problem is not None:
            raise ToolError(problem)


def when_ready(readiness: Readiness, timeout_s: Callable[[], float], fn: F) -> F:
    """`fn` behind a wait for the start-up (`Readiness.wait`, at most `timeout_s()` seconds)."""

    @functools.wraps(fn)
    async def waiting(*args: Any, **kwargs: Any) -> Any:
        if not readiness.ready:
            await readiness.wait(timeout_s())
        return await fn(*args, **kwargs)

    return waiting  # type: ignore[return-value]
