"""The MCP tools, registered on a server built by `mag_mcp.server.build_server`."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult, ToolAnnotations
from playwright.async_api import Error as PlaywrightError
from pydantic import Field

from mag_mcp.env.episode import EpisodeError
from mag_mcp.env.models import EpisodeOutcome
from mag_mcp.env.transcript import read_transcript
from mag_mcp.protocol import MAX_ACT_INPUT_CHARS, Action, grounding_name
from mag_mcp.server_arguments import ArgumentCheck
from mag_mcp.server import (
    ACTING, READ_ONLY, STATEFUL, AppState, EpisodeId, Guide, Mark, StepResult, TaskList, TaskSummary, Text,
    TranscriptView, episode_call, internal_error, is_test_task, locate_tool, observation_result, present_outcome,
    reap_idle_episodes, run_action, run_text,
)
from mag_mcp.hosted.submissions import Submission, SubmissionError
from mag_mcp.tasks.registry import TaskNotFound
from mag_mcp.tasks.schema import Grounding

Direction = Literal["up", "down"]
# A run id names a folder under the runs directory: no leading dot, so never "." or ".." (a way out of it).
RUN_ID_PATTERN = r"^[A-Za-z0-9_-][A-Za-z0-9_.-]*$"
F = TypeVar("F", bound=Callable[..., Any])


def hosted_guard(state: AppState, fn: F, annotations: ToolAnnotations) -> F:
    """In hosted mode, every tool call first: identifies the team, ends idle episodes, checks that
    an `episode_id` is the team's own and, for tools that take a step, the steps-per-minute limit."""
    policy = state.hosted
    if policy is None:
        return fn
    sig = inspect.signature(fn)
    takes_episode = "episode_id" in sig.parameters
    # ending an episode frees a slot: never refused by the step limit
    counts_as_step = annotations is not READ_ONLY and fn.__name__ not in ("stop", "abandon")

    @functools.wraps(fn)
    async def guarded(*args: Any, **kwargs: Any) -> Any:
        team = policy.team()
        await reap_idle_episodes(state, policy)
        if takes_episode:
            policy.check_owner(team, sig.bind(*args, **kwargs).arguments["episode_id"])
            if counts_as_step:
                policy.check_step(team)
        return await fn(*args, **kwargs)

    return guarded  # type: ignore[return-value]


def clear_failures(fn: F) -> F:
    """A failure a tool did not anticipate still reaches the client as a message it can act on (the SDK
    would answer a bare 'Error executing tool X'); the traceback goes to the server's log. A locator the
    browser cannot parse (`locate`) is the caller's mistake, said as such."""

    @functools.wraps(fn)
    async def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return await fn(*args, **kwargs)
        except (ToolError, MCPError):
            raise
        except PlaywrightError as e:
            if fn.__name__ != "locate":
                raise internal_error(fn.__name__, e) from None
            raise ToolError(f"the browser cannot evaluate this locator: {str(e).splitlines()[0][:300]}") from None
        except Exception as e:
            raise internal_error(fn.__name__, e) from None

    return guarded  # type: ignore[return-value]


def register_tools(server: MCPServer, state: AppState) -> None:
    server.middleware.append(ArgumentCheck(server))

    def tool(annotations: ToolAnnotations) -> Callable[[F], F]:
        def deco(fn: F) -> F:
            server.add_tool(hosted_guard(state, clear_failures(fn), annotations), annotations=annotations)
            return fn

        return deco

    def som_only(ep_id: str, what: str, alt: str) -> None:
        ep = episode_call(state, ep_id)
        if ep.grounding != "som":
            raise ToolError(f"episode {ep_id} uses the {grounding_name(ep.grounding)} grounding: '{what}' takes a mark; use {alt}")

    def coord_only(ep_id: str, what: str, alt: str) -> None:
        ep = episode_call(state, ep_id)
        if ep.grounding != "coord":
            raise ToolError(f"episode {ep_id} uses the Set-of-Mark grounding: '{what}' takes coordinates; use {alt}")

    # ------------------------------------------------------------ episodes

    @tool(READ_ONLY)
    async def list_tasks(
        site: Annotated[str | None, Field(max_length=40, description="Only tasks on this site, e.g. 'shopping'")] = None,
    ) -> TaskList:
        """List the tasks this server offers (id, site, intent, gold length per grounding)."""
        out = []
        for t in state.registry.tasks.values():
            if site and site not in t.sites:
                continue
            out.append(TaskSummary(
                task_id=t.id, sites=list(t.sites), intent=t.intent,
                kind=t.mag.tags.kind if t.mag else None, split=t.mag.split if t.mag else None,
                gold_steps={g: len(tr.steps) for g, tr in (t.mag.gold.items() if t.mag else [])},
            ))
        return TaskList(tasks=out)

    async def reset(
        task_id: Annotated[str, Field(min_length=1, max_length=100)],
        grounding: Grounding,
        run_id: Annotated[str | None, Field(max_length=64, pattern=RUN_ID_PATTERN, description=(
            "Groups transcripts under runs/<run_id>/: letters, digits, '_', '-', '.', not starting with '.'"))] = None,
        agent: Annotated[str, Field(max_length=100)] = "mcp-client",
        submission_id: Annotated[str | None, Field(max_length=40, description=(
            "Hosted servers: the submission this episode belongs to (required for test-split tasks)"))] = None,
    ) -> Annotated[CallToolResult, StepResult]:
        """Start an episode of a task in a grounding ('som' = Set-of-Mark, 'coord' = pixel coordinates).
        Returns the episode_id (in the structured result and the text) and the first observation."""
        submission, run_id = admit(task_id, grounding, run_id, submission_id)
        try:
            ep, obs, png = await state.mgr().reset(task_id, grounding, run_id, agent)
        except (EpisodeError, TaskNotFound, ValueError) as e:
            raise ToolError(str(e)) from None
        except Exception as e:
            raise internal_error(f"reset of task {task_id}", e) from None
        if state.hosted is not None:
            state.hosted.note_reset(state.hosted.team(), ep.id)
            if submission is not None:
                state.hosted.submissions.record_episode(submission, task_id, ep.id)
        return observation_result(obs, png)

    def admit(task_id: str, grounding: Grounding, run_id: str | None,
              submission_id: str | None) -> tuple[Submission | None, str | None]:
        """Hosted mode: the submission rules and the team's limits; returns (submission, run id).
        A hosted team's episodes are written under its own run ids."""
        policy = state.hosted
        if policy is None:
            if submission_id:
                raise ToolError("this server is not hosted: submissions exist only under `mag serve --hosted`")
            return None, run_id
        team = policy.team()
        submission = None
        try:
            if submission_id:
                submission = policy.submissions.get(team.team, submission_id)
                policy.submissions.start_attempt(submission, task_id, grounding)
            elif is_test_task(state, task_id):
                raise ToolError(f"task {task_id} is in the test split: run it inside a submission "
                                "(open_submission, then reset(..., submission_id=...)); train tasks are open")
        except SubmissionError as e:
            raise ToolError(str(e)) from None
        running = [i for i, e in state.mgr().episodes.items() if not e.finished]
        policy.check_reset(team, policy.running_of(team, running))
        return submission, submission.id if submission else f"{team.team}-{run_id or 'dev'}"

    tool(ACTING)(reset)

    @tool(READ_ONLY)
    async def observe(episode_id: EpisodeId) -> Annotated[CallToolResult, StepResult]:
        """Take a fresh screenshot of the current page (marks renewed); costs no step."""
        try:
            ep = state.mgr().get(episode_id)
            obs, png = await ep.observe()
        except EpisodeError as e:
            raise ToolError(str(e)) from None
        return observation_result(obs, png, present_outcome(state, ep.outcome))

    @tool(STATEFUL)
    async def act(
        episode_id: EpisodeId,
        output: Annotated[str, Field(max_length=MAX_ACT_INPUT_CHARS, description="Thought/Action/Guide text")],
    ) -> Annotated[CallToolResult, StepResult]:
        """Take one step from text in the MAG protocol:
        'Thought: ...' (optional), 'Action: <action in the grammar>', 'Guide: <one sentence>'.
        Output that does not parse costs a step and the next observation says why."""
        return await run_text(state, episode_id, output)

    @tool(STATEFUL)
    async def stop(
        episode_id: EpisodeId,
        answer: Annotated[str, Field(max_length=4000, description="The answer if the task asks for one, else empty")] = "",
        guide: Annotated[str | None, Field(max_length=600)] = None,
    ) -> EpisodeOutcome:
        """Finish the episode with an answer; the checker scores it and the outcome is returned."""
        ep = episode_call(state, episode_id)
        try:
            outcome = await ep.stop(answer, guide, f"Action: stop [{answer}]" + (f"\nGuide: {guide}" if guide else ""))
            return present_outcome(state, outcome) or outcome
        except EpisodeError as e:
            raise ToolError(str(e)) from None
        except Exception as e:
            raise internal_error(f"stop of episode {episode_id}", e) from None

    @tool(STATEFUL)
    async def abandon(
        episode_id: EpisodeId,
        reason: Annotated[str, Field(min_length=1, max_length=300, description="Why the episode cannot go on")],
    ) -> EpisodeOutcome:
        """End a running episode that the agent cannot finish (e.g. its model endpoint is down):
        the episode is recorded with status 'error' and the reason, and the outcome is returned."""
        ep = episode_call(state, episode_id)
        try:
            await ep.abort(" ".join(reason.split()))
        except Exception as e:
            raise internal_error(f"abandon of episode {episode_id}", e) from None
        if ep.outcome is None or ep.status != "error":  # another call finished it meanwhile
            raise ToolError(f"episode {episode_id} is finished ({ep.status}); nothing to abandon")
        return present_outcome(state, ep.outcome) or ep.outcome

    @tool(READ_ONLY)
    async def get_transcript(episode_id: EpisodeId) -> TranscriptView:
        """The episode's steps (action, guide, compliance, error) and outcome, and where its files are."""
        try:
            ep = state.mgr().get(episode_id)
        except EpisodeError as e:
            raise ToolError(str(e)) from None
        records = read_transcript(ep.writer.path) if ep.writer.path.exists() else []
        steps = [
            {k: r.get(k) for k in ("index", "url", "action_text", "guide", "compliant", "error")}
            for r in records if r.get("type") == "step"
        ]
        path = ep.writer.path
        if state.hosted is not None:  # no server paths for remote clients
            path = path.relative_to(state.config.env.runs_dir)
        return TranscriptView(
            episode_id=ep.id, task_id=ep.task.id, grounding=ep.grounding, status=ep.status,
            path=str(path), steps=steps, outcome=present_outcome(state, ep.outcome),
        )

    if state.config.oracle:
        server.add_tool(clear_failures(locate_tool(state)), name="locate", annotations=READ_ONLY)

    # ------------------------------------------------------------ Set-of-Mark actions

    @tool(STATEFUL)
    async def click(episode_id: EpisodeId, mark: Mark, guide: Guide) -> Annotated[CallToolResult, StepResult]:
        """Set-of-Mark: click the element with this mark id."""
        som_only(episode_id, "click", "click_at(x, y)")
        return await run_action(state, episode_id, Action(kind="click", mark=mark), guide)

    @tool(ACTING)
    async def hover(episode_id: EpisodeId, mark: Mark, guide: Guide) -> Annotated[CallToolResult, StepResult]:
        """Set-of-Mark: hover over the element with this mark id."""
        som_only(episode_id, "hover", "hover_at(x, y)")
        return await run_action(state, episode_id, Action(kind="hover", mark=mark), guide)

    @tool(STATEFUL)
    async def type_text(
        episode_id: EpisodeId, mark: Mark, text: Text, guide: Guide, press_enter: bool = False,
    ) -> Annotated[CallToolResult, StepResult]:
        """Set-of-Mark: replace the content of an editable field with text (optionally press Enter after)."""
        som_only(episode_id, "type_text", "click_at(x, y) then type_focused(text)")
        return await run_action(state, episode_id, Action(kind="type", mark=mark, text=text, enter=press_enter), guide)

    @tool(STATEFUL)
    async def select_option(
        episode_id: EpisodeId, mark: Mark, option: Text, guide: Guide,
    ) -> Annotated[CallToolResult, StepResult]:
        """Set-of-Mark: choose an option of a dropdown by its visible text."""
        som_only(episode_id, "select_option", "click_at(x, y) on the dropdown")
        return await run_action(state, episode_id, Action(kind="select", mark=mark, text=option), guide)

    @tool(ACTING)
    async def scroll(episode_id: EpisodeId, direction: Direction, guide: Guide) -> Annotated[CallToolResult, StepResult]:
        """Set-of-Mark: scroll the page up or down."""
        som_only(episode_id, "scroll", "scroll_at(x, y, direction)")
        return await run_action(state, episode_id, Action(kind="scroll", direction=direction), guide)

    # ------------------------------------------------------------ coordinate actions

    @tool(STATEFUL)
    async def click_at(episode_id: EpisodeId, x: int, y: int, guide: Guide) -> Annotated[CallToolResult, StepResult]:
        """Coordinates: click at pixel (x, y) of the 1280x720 screenshot."""
        coord_only(episode_id, "click_at", "click(mark)")
        return await run_action(state, episode_id, Action(kind="click", x=x, y=y), guide)

    @tool(STATEFUL)
    async def double_click_at(episode_id: EpisodeId, x: int, y: int, guide: Guide) -> Annotated[CallToolResult, StepResult]:
        """Coordinates: double-click at pixel (x, y)."""
        coord_only(episode_id, "double_click_at", "click(mark)")
        return await run_action(state, episode_id, Action(kind="double_click", x=x, y=y), guide)

    @tool(ACTING)
    async def hover_at(episode_id: EpisodeId, x: int, y: int, guide: Guide) -> Annotated[CallToolResult, StepResult]:
        """Coordinates: move the mouse to pixel (x, y)."""
        coord_only(episode_id, "hover_at", "hover(mark)")
        return await run_action(state, episode_id, Action(kind="hover", x=x, y=y), guide)

    @tool(STATEFUL)
    async def type_focused(
        episode_id: EpisodeId, text: Text, guide: Guide, press_enter: bool = False,
    ) -> Annotated[CallToolResult, StepResult]:
        """Coordinates: type text into the focused field (click it first); press Enter after if asked."""
        coord_only(episode_id, "type_focused", "type_text(mark, text)")
        return await run_action(state, episode_id, Action(kind="type", text=text, enter=press_enter), guide)

    @tool(ACTING)
    async def scroll_at(
        episode_id: EpisodeId, x: int, y: int, direction: Direction, guide: Guide,
    ) -> Annotated[CallToolResult, StepResult]:
        """Coordinates: scroll the area under pixel (x, y) up or down."""
        coord_only(episode_id, "scroll_at", "scroll(direction)")
        return await run_action(state, episode_id, Action(kind="scroll", x=x, y=y, direction=direction), guide)

    # ------------------------------------------------------------ both groundings

    @tool(STATEFUL)
    async def press_key(
        episode_id: EpisodeId, key: Annotated[str, Field(min_length=1, max_length=60, description="e.g. Enter, Control+a")],
        guide: Guide,
    ) -> Annotated[CallToolResult, StepResult]:
        """Press a key or key combination."""
        return await run_action(state, episode_id, Action(kind="press", text=key), guide)

    @tool(ACTING)
    async def goto_url(episode_id: EpisodeId, url: Text, guide: Guide) -> Annotated[CallToolResult, StepResult]:
        """Open a URL (only the task's websites are reachable)."""
        return await run_action(state, episode_id, Action(kind="goto", text=url), guide)

    @tool(ACTING)
    async def go_back(episode_id: EpisodeId, guide: Guide) -> Annotated[CallToolResult, StepResult]:
        """Go back in the tab's history."""
        return await run_action(state, episode_id, Action(kind="go_back"), guide)

    @tool(ACTING)
    async def go_forward(episode_id: EpisodeId, guide: Guide) -> Annotated[CallToolResult, StepResult]:
        """Go forward in the tab's history."""
        return await run_action(state, episode_id, Action(kind="go_forward"), guide)

    @tool(ACTING)
    async def tab_focus(
        episode_id: EpisodeId, index: Annotated[int, Field(ge=0, le=100)], guide: Guide,
    ) -> Annotated[CallToolResult, StepResult]:
        """Switch to the tab with this index (0-based)."""
        return await run_action(state, episode_id, Action(kind="tab_focus", tab=index), guide)

    @tool(ACTING)
    async def close_tab(episode_id: EpisodeId, guide: Guide) -> Annotated[CallToolResult, StepResult]:
        """Close the current tab."""
        return await run_action(state, episode_id, Action(kind="close_tab"), guide)
