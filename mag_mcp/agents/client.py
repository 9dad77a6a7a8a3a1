"""Connecting to a MAG server over a real MCP transport, and typed tool calls."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from mag_core.tool_results import SITES_BUSY, STILL_STARTING, StepResult
from mag_core.transcripts import EpisodeOutcome


class ToolCallError(RuntimeError):
    """The server answered a tool call with an error result."""


class UnsendableArguments(ToolCallError):
    """A call refused before it is sent: its arguments are not valid JSON text (NaN or an infinity, a
    lone surrogate). A ToolCallError, so callers that handle failed calls handle it."""


def check_sendable(name: str, args: dict[str, Any]) -> None:
    """Refuse, with a clear error, arguments the transport cannot carry as they are: the MCP client would
    send NaN as null, and a lone surrogate in a string tears down its HTTP connection."""
    try:  # other Python types are left to the client's own serialisation
        json.dumps(args, ensure_ascii=False, allow_nan=False, default=lambda _: None).encode("utf-8")
    except (ValueError, RecursionError) as e:  # UnicodeEncodeError is a ValueError
        reason = "a string holds a lone surrogate" if isinstance(e, UnicodeEncodeError) else str(e)[:200]
        raise UnsendableArguments(f"{name}: the arguments cannot be sent as JSON ({reason})") from None


def stdio_params(runs_dir: Path | None = None, extra_args: list[str] | None = None) -> StdioServerParameters:
    # a private server: its sites on free ports, so it never collides with another
    args = ["-m", "mag_mcp.cli", "serve", "--transport", "stdio", "--free-ports"]
    if runs_dir is not None:
        args += ["--runs-dir", str(runs_dir)]
    args += extra_args or []
    env = dict(os.environ)
    return StdioServerParameters(command=sys.executable, args=args, env=env)


@asynccontextmanager
async def connect(server: str | StdioServerParameters) -> AsyncIterator[MagClient]:
    """`server` is a streamable-HTTP URL or stdio parameters for a server to spawn."""
    async with Client(server, read_timeout_seconds=120) as c:
        yield MagClient(c)


# A server that is still starting (a first run builds the sites' databases: minutes on a slow
# machine) is asked again every few seconds, this long at most, before the call fails.
STARTUP_RETRY_S = 900.0
STARTUP_POLL_S = 3.0
# A reset whose live deployment is held by a state-changing episode, or being reset, is sent again
# this long at most (a deployment reset takes minutes; an episode holding a site, its length).
SITES_BUSY_RETRY_S = 3600.0


class MagClient:
    def __init__(self, client: Client, startup_retry_s: float = STARTUP_RETRY_S) -> None:
        self.client = client
        self.startup_retry_s = startup_retry_s

    async def call(self, name: str, args: dict[str, Any]) -> Any:
        check_sendable(name, args)
        t0 = anyio.current_time()
        while True:
            r = await self.client.call_tool(name, args)
            if not r.is_error:
                return r
            text = " ".join(getattr(c, "text", "") for c in r.content)
            # the tool did nothing (it waits for the start-up, or for busy sites, before it runs): safe
            # to send again
            waited = anyio.current_time() - t0 + STARTUP_POLL_S
            if (STILL_STARTING in text and waited < self.startup_retry_s) or (
                    SITES_BUSY in text and waited < SITES_BUSY_RETRY_S):
                await anyio.sleep(STARTUP_POLL_S)
                continue
            raise ToolCallError(f"{name}: {text}")

    async def step(self, name: str, args: dict[str, Any]) -> StepResult:
        r = await self.call(name, args)
        return StepResult.model_validate(r.structured_content)

    async def stop(self, episode_id: str, answer: str, guide: str | None = None) -> EpisodeOutcome:
        r = await self.call("stop", {"episode_id": episode_id, "answer": answer, "guide": guide})
        return EpisodeOutcome.model_validate(r.structured_content)
