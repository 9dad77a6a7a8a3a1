"""The MCP server: thin, typed tools over the episode manager (DESIGN §6).

Every tool after `reset` takes the `episode_id` it returned. Observations come
back as an image block, a compact text block and structured content.
"""

from __future__ import annotations

import base64
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import anyio
from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, ImageContent, TextContent, ToolAnnotations
from pydantic import BaseModel, Field

from mag_mcp.env.episode import Episode, EpisodeError
from mag_mcp.env.idle_memory import IdleMemory
from mag_mcp.env.lifecycle import IdleReaper, sweep_interval
from mag_mcp.env.manager import BROWSER_CRASHED, EnvConfig, EpisodeManager
from mag_mcp.env.models import EpisodeOutcome, Observation
from mag_mcp.env.recovery import RecoveryReport, recover_runs
from mag_mcp.hosted.config import HostedSettings, build_policy
from mag_mcp.hosted.policy import HostedPolicy
from mag_mcp.protocol import MAX_GUIDE_CHARS, MAX_TEXT_CHARS, Action, ProtocolError, parse_output
from mag_mcp.sites.runner import EmbeddedSites
from mag_mcp.tasks.registry import TaskRegistry
from mag_mcp.tasks.schema import Grounding, Locator

log = logging.getLogger(__name__)

EpisodeId = Annotated[str, Field(min_length=1, max_length=64, description="The episode_id returned by reset")]
Guide = Annotated[
    str,
    Field(max_length=MAX_GUIDE_CHARS, description="One sentence a person could follow to do this step (no mark ids or coordinates)"),
]
Text = Annotated[str, Field(max_length=MAX_TEXT_CHARS)]
Mark = Annotated[int, Field(description="Mark id from the latest observation")]


class ServerConfig(BaseModel):
    env: EnvConfig = Field(default_factory=EnvConfig)
    embedded_sites: list[str] = Field(default_factory=lambda: ["shopping"])
    site_ports: dict[str, int] = Field(default_factory=dict)
    oracle: bool = True  # the `locate` tool, used by the gold agent; off on public servers
    task_files: list[str] = Field(default_factory=list)  # extra task files; built-in tasks otherwise
    hosted: HostedSettings | None = None  # hosted mode: team tokens, submissions, limits (HTTP only)
    # An episode without a call for this long is reclaimed as `abandoned` (its client is presumed
    # gone); hosted teams have their own (`episode_ttl_s` in the token file). Longer than any
    # model call with its retries, so a slow agent is never cut off.
    idle_ttl_s: float = Field(default=1800.0, gt=0)


class StepResult(BaseModel):
    observation: Observation
    outcome: EpisodeOutcome | None = None


class TaskSummary(BaseModel):
    task_id: str
    sites: list[str]
    intent: str
    kind: str | None
    split: str | None
    gold_steps: dict[str, int]


class TaskList(BaseModel):
    tasks: list[TaskSummary]


class LocateResult(BaseModel):
    mark: int | None
    x: int
    y: int
    bbox: dict[str, float]


class TranscriptView(BaseModel):
    episode_id: str
    task_id: str
    grounding: Grounding
    status: str
    path: str
    steps: list[dict[str, Any]]
    outcome: EpisodeOutcome | None


@dataclass
class AppState:
    config: ServerConfig
    registry: TaskRegistry
    manager: EpisodeManager | None = None
    sites: EmbeddedSites | None = None
    hosted: HostedPolicy | None = None
    reaper: IdleReaper | None = None
    idle_memory: IdleMemory | None = None
    recovery: RecoveryReport | None = None  # what start-up recovery of the runs directory did
    extra: dict[str, Any] = field(default_factory=dict)

    def mgr(self) -> EpisodeManager:
        if self.manager is None:
            raise ToolError("the server is still starting")
        return self.manager


def observation_result(obs: Observation, png: bytes, outcome: EpisodeOutcome | None = None) -> CallToolResult:
    text = obs.text()
    if outcome is not None and outcome.hidden:
        text += f"\nOutcome: {outcome.note} ({outcome.status})"
    elif outcome is not None:
        text += f"\nOutcome: {'SUCCESS' if outcome.success else 'FAILURE'} (score {outcome.score:g}, {outcome.status})"
    content: list[Any] = [TextContent(type="text", text=text)]
    if png:
        content.insert(0, ImageContent(type="image", data=base64.b64encode(png).decode(), mimeType="image/png"))
    sr = StepResult(observation=obs, outcome=outcome)
    return CallToolResult(content=content, structuredContent=sr.model_dump(mode="json"), isError=False)


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
        registry = TaskRegistry.builtin()
        if config.task_files:  # a task in a task file replaces the built-in one of the same id
            extra = TaskRegistry.from_files([Path(p) for p in config.task_files])
            replaced = sorted(set(extra.tasks) & set(registry.tasks))
            if replaced:
                log.info("task files replace built-in task(s): %s", ", ".join(replaced[:10]))
            registry = TaskRegistry({**registry.tasks, **extra.tasks}.values())
    state = AppState(config=config, registry=registry)
    if config.hosted is not None:
        state.hosted = build_policy(config.hosted, Path(config.env.runs_dir))
    if state_box is not None:
        state_box.append(state)

    @asynccontextmanager
    async def lifespan(_: MCPServer) -> AsyncIterator[AppState]:
        env = config.env.model_copy(deep=True)
        state.recovery = await anyio.to_thread.run_sync(recover_at_start, Path(env.runs_dir))
        stores = {}
        if config.embedded_sites:
            sites = EmbeddedSites(config.embedded_sites, ports=config.site_ports)
            await anyio.to_thread.run_sync(sites.start)
            state.sites = sites
            stores = sites.stores
            env.base_urls = {**sites.base_urls, **env.base_urls}
        try:
            async with EpisodeManager(env, registry, stores) as manager, anyio.create_task_group() as tg:
                state.manager = manager
                state.reaper = IdleReaper(lambda: manager.episodes.values(), lambda ep: episode_ttl(state, ep),
                                          sweep_interval(all_ttls(state)))
                tg.start_soon(state.reaper.run, tg)
                state.idle_memory = IdleMemory(lambda: manager.running, lambda: manager.started,
                                              manager.pool.purge_memory)
                tg.start_soon(state.idle_memory.run)
                yield state
                tg.cancel_scope.cancel()
        finally:
            state.manager = None
            state.reaper = None
            state.idle_memory = None
            if state.sites:
                with anyio.CancelScope(shield=True):
                    await anyio.to_thread.run_sync(state.sites.stop)

    server = MCPServer(
        "mag",
        title="MAG web-agent benchmark",
        instructions=(
            "MAG: complete web tasks from screenshots and write one guide sentence per step. "
            "Call list_tasks, then reset(task_id, grounding='som'|'coord') to get an episode_id and the first "
            "screenshot. In 'som' episodes use the mark tools (click, type_text, ...) with mark ids from the "
            "latest observation; in 'coord' episodes use the *_at tools with pixel coordinates. Every action "
            "takes a `guide`: one sentence a person could follow, without mark ids or coordinates. Finish with stop."
        ),
        lifespan=lifespan,
    )
    from mag_mcp.server_resources import register_resources
    from mag_mcp.server_tools import register_tools

    register_tools(server, state)
    register_resources(server, state)
    register_health(server, state)
    if state.hosted is not None:
        from mag_mcp.hosted.tools import register_hosted_tools

        register_hosted_tools(server, state, state.hosted)
    return server


def recover_at_start(runs_dir: Path) -> RecoveryReport | None:
    """Finalize the episodes a crashed server left unfinished (`mag_mcp.env.recovery`); a failure
    is logged and the server starts anyway."""
    try:
        report = recover_runs(runs_dir)
    except Exception:
        log.exception("recovery of %s failed; unfinished transcripts stay as they are", runs_dir)
        return None
    if report.marked_incomplete or report.torn_repaired or report.headerless or report.temp_removed or report.errors:
        log.warning("recovered %s: %s", runs_dir, report.summary())
        for problem in report.errors[:10]:
            log.error("could not recover %s", problem)
    else:
        log.info("runs directory %s: %s", runs_dir, report.summary())
    return report


def episode_ttl(state: AppState, ep: Episode) -> float:
    """An episode's idle time-to-live: its hosted team's, else the server's."""
    ttl = state.hosted.ttl_of(ep.id) if state.hosted is not None else None
    return ttl if ttl is not None else state.config.idle_ttl_s


def all_ttls(state: AppState) -> list[float]:
    ttls = [state.config.idle_ttl_s]
    if state.hosted is not None:
        ttls += [e.limits.episode_ttl_s for e in state.hosted.tokens.entries]
    return ttls


async def reap_idle_episodes(state: AppState, policy: HostedPolicy | None = None) -> None:
    """Reclaim idle episodes now (the background reaper does it anyway; hosted mode also does it
    before every tool call, so a team's freed slot is seen at once). `policy` is kept for callers
    that pass it: the time-to-live comes from `episode_ttl`."""
    if state.reaper is not None:
        await state.reaper.sweep()


def is_test_task(state: AppState, task_id: str) -> bool:
    task = state.registry.tasks.get(task_id)
    return task is not None and task.in_test_split


def present_outcome(state: AppState, outcome: EpisodeOutcome | None) -> EpisodeOutcome | None:
    """The outcome as the caller may see it: withheld for test episodes of an open hosted submission."""
    if outcome is None or state.hosted is None:
        return outcome
    submission = state.hosted.hides(outcome.episode_id, is_test_task(state, outcome.task_id))
    return state.hosted.withheld(outcome, submission) if submission else outcome


def register_health(server: MCPServer, state: AppState) -> None:
    """`GET /health` over HTTP (no authentication): 200 once episodes can start, 503 while starting."""
    from starlette.requests import Request
    from starlette.responses import JSONResponse

    @server.custom_route("/health", methods=["GET"], include_in_schema=False)
    async def health(_: Request) -> JSONResponse:
        manager = state.manager
        body: dict[str, Any] = {
            "status": "ok" if manager else "starting", "running_episodes": manager.running if manager else 0,
            "max_episodes": state.config.env.max_episodes, "sites": sorted(state.sites.base_urls) if state.sites
            else [], "tasks": len(state.registry.tasks), "idle_ttl_s": state.config.idle_ttl_s,
            "abandoned_episodes": state.reaper.reclaimed if state.reaper else 0,
            "idle_memory_trims": state.idle_memory.trims if state.idle_memory else 0,
        }
        if state.recovery is not None:  # counts only: the health check is public, episode ids are not
            body["recovery"] = {**state.recovery.model_dump(exclude={"runs_dir", "recovered", "errors"}),
                                "errors": len(state.recovery.errors)}
        return JSONResponse(body, status_code=200 if manager else 503)


def episode_call(state: AppState, episode_id: str) -> Episode:
    manager = state.mgr()
    try:
        return manager.get_running(episode_id)
    except EpisodeError as e:
        ep = manager.episodes.get(episode_id)
        raise ToolError(ep.finished_message() if ep is not None and ep.finished else str(e)) from None


async def run_action(state: AppState, episode_id: str, action: Action, guide: str) -> CallToolResult:
    """Validate an action against the episode's grounding and take the step."""
    ep = episode_call(state, episode_id)
    try:
        action.validate_for(ep.grounding)
    except ProtocolError as e:
        raise ToolError(str(e)) from None
    guide = " ".join(guide.split())
    raw = f"Action: {action.render()}\nGuide: {guide}"
    try:
        if not guide:
            obs, png = await ep.act(None, guide, raw, "the guide is empty; write one sentence a person could follow")
        else:
            obs, png = await ep.act(action, guide, raw)
    except EpisodeError as e:
        raise ToolError(str(e)) from None
    except Exception as e:
        raise episode_failure(state, ep, f"{action.kind} in episode {episode_id}", e) from None
    return observation_result(obs, png, present_outcome(state, ep.outcome) if ep.finished else None)


def internal_error(what: str, e: Exception) -> ToolError:
    """Log an unexpected failure with its traceback; give the client a message it can act on."""
    log.exception("internal error during %s", what)
    first = str(e).splitlines()[0][:300] if str(e) else ""
    return ToolError(f"internal error during {what}: {type(e).__name__}: {first}. The server keeps serving; "
                     "observe the episode and try again.")


def episode_failure(state: AppState, ep: Episode, what: str, e: Exception) -> ToolError:
    """A call on an episode failed unexpectedly: when its browser has died meanwhile, say so
    (the manager is ending the episode), else report an internal error."""
    manager = state.manager
    if manager is not None and not manager.pool.is_live(ep.session):
        log.info("%s failed: the browser died (%s)", what, type(e).__name__)
        return ToolError(BROWSER_CRASHED)
    return internal_error(what, e)


async def run_text(state: AppState, episode_id: str, output: str) -> CallToolResult:
    ep = episode_call(state, episode_id)
    parsed = parse_output(output, ep.grounding)
    try:
        if parsed.compliant and parsed.action is not None:
            obs, png = await ep.act(parsed.action, parsed.guide, output)
        else:
            obs, png = await ep.act(None, parsed.guide, output, f"non-compliant output: {parsed.error}")
    except EpisodeError as e:
        raise ToolError(str(e)) from None
    except Exception as e:
        raise episode_failure(state, ep, f"act in episode {episode_id}", e) from None
    return observation_result(obs, png, present_outcome(state, ep.outcome) if ep.finished else None)


def locate_tool(state: AppState):  # type: ignore[no-untyped-def]
    async def locate(
        episode_id: EpisodeId,
        role: Annotated[str | None, Field(max_length=40)] = None,
        name: Annotated[str | None, Field(max_length=300)] = None,
        text: Annotated[str | None, Field(max_length=300)] = None,
        css: Annotated[str | None, Field(max_length=300)] = None,
        nth: Annotated[int, Field(ge=0, le=1000)] = 0,
        exact: bool = True,
    ) -> LocateResult:
        """Oracle for gold replay: resolve a stable locator on the current page to its mark id and box."""
        ep = episode_call(state, episode_id)
        try:
            loc = Locator(role=role, name=name, text=text, css=css, nth=nth, exact=exact)
            box, mark = await ep.session.locate(loc)
        except (LookupError, ValueError) as e:
            raise ToolError(str(e)) from None
        if ep.grounding == "som" and mark is None:
            raise ToolError(f"{loc.describe()} is on the page but carries no mark (not visible or not interactable)")
        cx, cy = box.center
        return LocateResult(mark=mark, x=cx, y=cy, bbox=box.model_dump())

    return locate


READ_ONLY = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)
ACTING = ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=False, openWorldHint=False)
# An action on a website may place an order or delete a post: destructive within the episode's sandbox.
STATEFUL = ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=False, openWorldHint=False)
