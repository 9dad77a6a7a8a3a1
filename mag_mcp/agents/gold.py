"""Agents that need no model: gold replay and the no-op floor.

The gold agent replays a task's gold trajectory through the MCP tools. Gold
steps name their targets by stable locators; the server's `locate` oracle
resolves each to a mark id (Set-of-Mark) or a point (coordinates) on the page
as it is now.
"""

from __future__ import annotations

from typing import Any

from mag_core.tasks import GoldStep, Grounding, Task
from mag_core.transcripts import EpisodeOutcome
from mag_mcp.agents.base import EpisodeResult
from mag_mcp.agents.client import MagClient, ToolCallError


def _result(task: Task, grounding: Grounding, agent: str, ep: str | None, out: EpisodeOutcome | None,
            error: str | None = None, transcript: str | None = None) -> EpisodeResult:
    return EpisodeResult(
        task_id=task.id, grounding=grounding, agent=agent, episode_id=ep,
        success=bool(out and out.success), score=out.score if out else 0.0, steps=out.steps if out else 0,
        status=out.status if out else "error", answer=out.answer if out else "", error=error, transcript=transcript,
        deployment=out.deployment if out else None,
    )


async def _transcript(client: MagClient, ep: str) -> str | None:
    try:
        r = await client.call("get_transcript", {"episode_id": ep})
        return r.structured_content.get("path")
    except ToolCallError:
        return None


async def _locate(client: MagClient, ep: str, step: GoldStep) -> dict[str, Any]:
    assert step.target is not None
    args = {"episode_id": ep, **step.target.model_dump(exclude_none=True)}
    r = await client.call("locate", args)
    return r.structured_content


async def gold_tool_call(client: MagClient, ep: str, grounding: Grounding, step: GoldStep) -> tuple[str, dict]:
    """Translate one gold step into the MCP tool call of the grounding."""
    base: dict[str, Any] = {"episode_id": ep, "guide": step.guide}
    k = step.action
    if k in ("click", "hover", "double_click", "select") or (k == "type" and grounding == "som"):
        if step.target is None:
            raise ValueError(f"gold step '{k}' has no target")
        where = await _locate(client, ep, step)
        if grounding == "som":
            base["mark"] = where["mark"]
            if k == "type":
                return "type_text", {**base, "text": step.value or "", "press_enter": step.enter}
            if k == "select":
                return "select_option", {**base, "option": step.value or ""}
            return k, base
        base |= {"x": where["x"], "y": where["y"]}
        if k == "select":
            raise ValueError("select is a Set-of-Mark action; coordinate trajectories click and press keys")
        return f"{k}_at", base
    if k == "type":
        return "type_focused", {**base, "text": step.value or "", "press_enter": step.enter}
    if k == "scroll":
        direction = step.value or "down"
        if grounding == "som":
            return "scroll", {**base, "direction": direction}
        x, y = 640, 360
        if step.target is not None:
            where = await _locate(client, ep, step)
            x, y = where["x"], where["y"]
        return "scroll_at", {**base, "x": x, "y": y, "direction": direction}
    if k == "press":
        return "press_key", {**base, "key": step.value or ""}
    if k == "goto":
        return "goto_url", {**base, "url": step.value or ""}
    if k == "tab_focus":
        return "tab_focus", {**base, "index": int(step.value or 0)}
    if k in ("go_back", "go_forward", "close_tab"):
        return k, base
    raise ValueError(f"unsupported gold action {k}")


async def run_gold(client: MagClient, task: Task, grounding: Grounding, run_id: str) -> EpisodeResult:
    agent = "gold"
    if not task.mag or grounding not in task.mag.gold:
        return _result(task, grounding, agent, None, None, f"task {task.id} has no gold trajectory for {grounding}")
    first = await client.step("reset", {"task_id": task.id, "grounding": grounding, "run_id": run_id, "agent": agent})
    ep = first.observation.episode_id
    outcome: EpisodeOutcome | None = None
    error = None
    try:
        for i, step in enumerate(task.mag.gold[grounding].steps, start=1):
            if step.action == "stop":
                outcome = await client.stop(ep, step.value or "", step.guide)
                break
            name, args = await gold_tool_call(client, ep, grounding, step)
            res = await client.step(name, args)
            if res.observation.last_error:
                error = f"step {i} ({name}): {res.observation.last_error}"
            if res.outcome is not None:
                outcome = res.outcome
                break
        else:
            outcome = await client.stop(ep, "")
    except (ToolCallError, ValueError) as e:
        error = f"{e}"
        try:
            outcome = await client.stop(ep, "")
        except ToolCallError:
            pass
    return _result(task, grounding, agent, ep, outcome, error, await _transcript(client, ep))


async def run_noop(client: MagClient, task: Task, grounding: Grounding, run_id: str) -> EpisodeResult:
    first = await client.step("reset", {"task_id": task.id, "grounding": grounding, "run_id": run_id, "agent": "noop"})
    ep = first.observation.episode_id
    outcome = await client.stop(ep, "", "Nothing to do.")
    return _result(task, grounding, "noop", ep, outcome, None, await _transcript(client, ep))


AGENTS = {"gold": run_gold, "noop": run_noop}
