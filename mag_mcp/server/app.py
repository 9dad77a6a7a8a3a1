"""Building the MCP server (DESIGN §6): the lifespan, which answers at once and starts the
embedded sites, the browser pool and the background sweepers in the background
(`mag_mcp.server.startup`); the tools, resources and prompts; `/health`; the streamable-HTTP app."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
from mcp.server import MCPServer

from mag_mcp.hosted.config import build_policy
from mag_mcp.server.action_tools import register_action_tools
from mag_mcp.server.arguments import ArgumentCheck
from mag_mcp.server.episode_tools import register_episode_tools
from mag_mcp.server.resources import register_resources
from mag_mcp.server.startup import run_environment
from mag_mcp.server.state import AppState, ServerConfig
from mag_mcp.tasks.registry import TaskRegistry

log = logging.getLogger(__name__)


def build_http_app(config: ServerConfig, host: str, transport_security: Any = None) -> Any:
    """The streamable-HTTP ASGI app of a server; hosted mode puts bearer authentication in front."""
    state_box: list[AppState] = []
    server = build_server(config, state_box=state_box)
    app = server.streamable_http_app(transport_security=transport_security, host=host)
    policy = state_box[0].hosted
    if policy is None:
        return app
    from mag_mcp.hosted.auth import BearerAuth

    return BearerAuth(app, policy.tokens)


def build_server(config: ServerConfig | None = None, registry: TaskRegistry | None = None,
                 state_box: list[AppState] | None = None) -> MCPServer:
    """The MCP server; `state_box`, if given, receives its AppState."""
    config = config or ServerConfig()
    if registry is None:
        registry = TaskRegistry.with_files([Path(p) for p in config.task_files])
    state = AppState(config=config, registry=registry)
    if config.hosted is not None:
        state.hosted = build_policy(config.hosted, Path(config.env.runs_dir))
    if state_box is not None:
        state_box.append(state)

    @asynccontextmanager
    async def lifespan(_: MCPServer) -> AsyncIterator[AppState]:
        # Yields at once, so `initialize` is answered while the sites and Chromium start in the
        # background; tools that need them wait for `state.readiness` (mag_mcp.server.readiness).
        state.readiness.begin()
        async with anyio.create_task_group() as tg:
            tg.start_soon(run_environment, state)
            yield state
            tg.cancel_scope.cancel()

    server = MCPServer(
        "mag",
        title="MAG web-agent benchmark",
        instructions=(
            "MAG: complete web tasks from screenshots and write one guide sentence per step. "
            "Call list_tasks (a page at a time; filters site, split, kind, length), then "
            "reset(task_id, grounding='som'|'coord') to get an episode_id and the first "
            "screenshot. In 'som' episodes use the mark tools (click, type_text, ...) with mark ids from the "
            "latest observation; in 'coord' episodes use the *_at tools with pixel coordinates. Every action "
            "takes a `guide`: one sentence a person could follow, without mark ids or coordinates. Finish with stop."
        ),
        lifespan=lifespan,
    )
    server.middleware.append(ArgumentCheck(server))
    register_episode_tools(server, state)
    register_action_tools(server, state)
    register_resources(server, state)
    register_health(server, state)
    if state.hosted is not None:
        from mag_mcp.hosted.tools import register_hosted_tools

        register_hosted_tools(server, state, state.hosted)
    return server


def register_health(server: MCPServer, state: AppState) -> None:
    """`GET /health` over HTTP (no authentication): 200 once episodes can start; 503 while starting
    (`status` "starting", with the start-up's current step) or after a failed start-up (`status`
    "failed"; the reason too, unless the server is hosted: the check is public)."""
    from starlette.requests import Request
    from starlette.responses import JSONResponse

    @server.custom_route("/health", methods=["GET"], include_in_schema=False)
    async def health(_: Request) -> JSONResponse:
        manager = state.manager if state.readiness.ready else None
        readiness = state.readiness
        status = "ok" if manager else "stopping" if readiness.ready else readiness.status
        body: dict[str, Any] = {
            "status": status, "running_episodes": manager.running if manager else 0,
            "max_episodes": state.config.env.max_episodes, "sites": sorted(state.sites.base_urls) if state.sites
            else [], "tasks": len(state.registry.tasks), "idle_ttl_s": state.config.idle_ttl_s,
            "abandoned_episodes": state.reaper.reclaimed if state.reaper else 0,
            "idle_memory_trims": state.idle_memory.trims if state.idle_memory else 0,
        }
        if readiness.status == "starting":
            body["starting"] = {"step": readiness.step, "for_s": round(readiness.elapsed_s, 1)}
        elif readiness.status == "failed" and state.hosted is None:
            body["error"] = readiness.failure
        if state.recovery is not None:  # counts only: the health check is public, episode ids are not
            body["recovery"] = {**state.recovery.model_dump(exclude={"runs_dir", "recovered", "errors"}),
                                "errors": len(state.recovery.errors)}
        return JSONResponse(body, status_code=200 if manager else 503)
