"""Connecting to a MAG server over a real MCP transport, and typed tool calls."""

from __future__ import annotations

import os
import sys
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from collections.abc import AsyncIterator

from mcp import Client
from mcp.client.stdio import StdioServerParameters

from mag_mcp.env.models import EpisodeOutcome
from mag_mcp.server import StepResult


class ToolCallError(RuntimeError):
    """The server answered a tool call with an error result."""


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


class MagClient:
    def __init__(self, client: Client) -> None:
        self.client = client

    async def call(self, name: str, args: dict[str, Any]) -> Any:
        r = await self.client.call_tool(name, args)
        if r.is_error:
            text = " ".join(getattr(c, "text", "") for c in r.content)
            raise ToolCallError(f"{name}: {text}")
        return r

    async def step(self, name: str, args: dict[str, Any]) -> StepResult:
        r = await self.call(name, args)
        return StepResult.model_validate(r.structured_content)

    async def stop(self, episode_id: str, answer: str, guide: str | None = None) -> EpisodeOutcome:
        r = await self.call("stop", {"episode_id": episode_id, "answer": answer, "guide": guide})
        return EpisodeOutcome.model_validate(r.structured_content)
