"""A model agent: any OpenAI-compatible chat model plays MAG episodes through the MCP tools.

    agent = make_model_agent(ModelAgentConfig(llm=LLMConfig(base_url=URL, model="qwen2.5-vl-7b")))
    result = await agent(client, task, "som", run_id)   # an EpisodeResult with usage per step
    await agent.aclose()

Each step the agent renders the shared prompt (`protocol.render_messages`: system
prompt, step text, screenshot), asks the model once and sends its raw text to the
server's text-protocol tool, which parses it with the shared parser: output that
does not parse costs a step there and counts towards the early stop, exactly as
for any other client. The agent parses the same text only to write the history
of later prompts. Refusals and empty replies are sent as they are and flagged in
the step's usage. When the endpoint stays unavailable, the episode is abandoned
on the server (status "error") and the result says why; no model failure raises.
"""

from __future__ import annotations

import base64
import logging
import time
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from mag_core.chat import ChatReply, JudgeError, LLMClient, LLMConfig
from mag_core.observations import Observation
from mag_core.protocol import (
    MAX_ACT_INPUT_CHARS,
    MAX_STEPS,
    HistoryEntry,
    StepPrompt,
    parse_output,
    render_messages,
    strip_thinking,
)
from mag_core.tasks import Grounding, Task
from mag_core.tool_results import StepResult
from mag_core.transcripts import EpisodeOutcome
from mag_core.usage import ModelUsage, StepUsage
from mag_mcp.agents.base import EpisodeResult
from mag_mcp.agents.client import MagClient, ToolCallError

log = logging.getLogger(__name__)

# Agent defaults where they differ from the judges' (a step's output is longer; vision prompts are slow).
AGENT_LLM_DEFAULTS: dict[str, Any] = {"temperature": 0.0, "max_tokens": 1024, "timeout_s": 120}
NONCOMPLIANT = "(non-compliant output)"
MAX_REASON_CHARS = 300


class ModelAgentConfig(BaseModel):
    """Which model to ask and how much history its prompt shows."""

    model_config = ConfigDict(extra="forbid")

    llm: LLMConfig
    history_window: int = Field(default=5, ge=0, description="earlier steps shown in each prompt")
    label: str | None = Field(default=None, max_length=100, description="agent name in transcripts; default: the model")

    @field_validator("llm", mode="before")
    @classmethod
    def _agent_defaults(cls, value: Any) -> Any:
        """Fill in the agent defaults for the LLM settings that were not given explicitly."""
        if isinstance(value, dict):
            return {**AGENT_LLM_DEFAULTS, **value}
        if isinstance(value, LLMConfig):
            unset = {k: v for k, v in AGENT_LLM_DEFAULTS.items() if k not in value.model_fields_set}
            return value.model_copy(update=unset)
        return value

    @property
    def name(self) -> str:
        return self.label or self.llm.model


def step_prompt(obs: Observation, history: list[HistoryEntry]) -> StepPrompt:
    """The prompt fields of an observation (marks only in the Set-of-Mark grounding)."""
    return StepPrompt(
        intent=obs.intent, grounding=obs.grounding, url=obs.url, tabs=[t.title for t in obs.tabs],
        marks_text=obs.marks_text() if obs.grounding == "som" else None,
        last_error=obs.last_error, steps_left=obs.steps_left, history=list(history),
    )


def screenshot_of(result: Any) -> bytes | None:
    """The PNG of a tool result's image block, if it has one."""
    for block in getattr(result, "content", None) or []:
        if getattr(block, "type", None) == "image" and getattr(block, "data", None):
            return base64.b64decode(block.data)
    return None


def step_usage(step: int, reply: ChatReply) -> StepUsage:
    """One model call's record; a refusal is a refusal field or a content-filter finish."""
    return StepUsage(
        step=step, calls=1, retries=reply.retries, prompt_tokens=reply.prompt_tokens,
        completion_tokens=reply.completion_tokens, cost_usd=reply.cost_usd, latency_s=reply.latency_s,
        finish_reason=reply.finish_reason, refused=bool(reply.refusal) or reply.finish_reason == "content_filter",
        empty=not reply.text.strip(),
    )


def history_entry(raw: str, grounding: Grounding, error: str | None) -> HistoryEntry:
    """What a later prompt says about this step: its action and guide, or that it did not comply."""
    parsed = parse_output(raw, grounding)
    if parsed.compliant and parsed.action is not None:
        return HistoryEntry(action=parsed.action.render(), guide=parsed.guide, error=error)
    return HistoryEntry(action=NONCOMPLIANT, error=error or parsed.error)


class ModelAgent:
    """An `AgentFn` backed by one chat model; one LLM client shared by all its episodes."""

    def __init__(self, config: ModelAgentConfig) -> None:
        self.config = config
        self.name = config.name
        self.llm = LLMClient(config.llm)

    async def aclose(self) -> None:
        """Close the model client's connections (call once, when the run ends)."""
        await self.llm.aclose()

    async def __call__(self, client: MagClient, task: Task, grounding: Grounding, run_id: str) -> EpisodeResult:
        episode = _Episode(self, client, task, grounding)
        return await episode.run(run_id)


def make_model_agent(config: ModelAgentConfig) -> ModelAgent:
    """The agent for `config`; the runner calls it like any `AgentFn` and `aclose()`s it at the end."""
    return ModelAgent(config)


class _Episode:
    """One episode's loop and bookkeeping."""

    def __init__(self, agent: ModelAgent, client: MagClient, task: Task, grounding: Grounding) -> None:
        self.agent, self.client, self.task, self.grounding = agent, client, task, grounding
        self.episode_id: str | None = None
        self.error: str | None = None  # why the model could not be asked
        self.usage = ModelUsage()
        self.steps: list[StepUsage] = []

    async def run(self, run_id: str) -> EpisodeResult:
        try:
            first = await self.client.call(
                "reset", {"task_id": self.task.id, "grounding": self.grounding, "run_id": run_id,
                          "agent": self.agent.name})
        except ToolCallError as e:
            return self._result(None, f"could not start the episode: {e}")
        current = StepResult.model_validate(first.structured_content)
        self.episode_id = current.observation.episode_id
        png = screenshot_of(first)
        history: list[HistoryEntry] = []
        try:
            for _ in range(MAX_STEPS + 1):  # the server ends the episode at its budget
                if current.outcome is not None or current.observation.done:
                    break
                obs = current.observation
                messages = render_messages(step_prompt(obs, history), png, self.agent.config.history_window)
                reply = await self._ask(obs.step + 1, messages)
                if reply is None:
                    return await self._abandon()
                # a reasoning model's thinking block is not sent; over MAX_OUTPUT_CHARS is
                # non-compliant; the tool takes up to MAX_ACT_INPUT_CHARS
                # a lone surrogate cannot be sent over MCP: replaced, so the step is recorded as it is
                output = strip_thinking(reply.text)[:MAX_ACT_INPUT_CHARS].encode("utf-8", "replace").decode("utf-8")
                r = await self.client.call("act", {"episode_id": self.episode_id, "output": output})
                current, png = StepResult.model_validate(r.structured_content), screenshot_of(r)
                history.append(history_entry(output, self.grounding, current.observation.last_error))
            if current.outcome is None:
                r = await self.client.call("stop", {"episode_id": self.episode_id, "answer": ""})
                current = StepResult(observation=current.observation,
                                     outcome=EpisodeOutcome.model_validate(r.structured_content))
        except ToolCallError as e:
            return await self._abandon(f"the server failed during the episode: {e}")
        return self._result(current.outcome, None, await self._transcript())

    async def _ask(self, step: int, messages: list[dict[str, Any]]) -> ChatReply | None:
        """One model call, recorded; None when the endpoint is unavailable (the error is kept)."""
        t0 = time.perf_counter()
        try:
            reply = await self.agent.llm.chat(messages)
        except JudgeError as e:
            attempts = getattr(e, "attempts", 1)
            self._record(StepUsage(step=step, calls=1, retries=max(0, attempts - 1),
                                   latency_s=time.perf_counter() - t0))
            self.error = f"model {self.agent.config.llm.model!r} failed at step {step}: {e}"
            log.warning("%s", self.error)
            return None
        self._record(step_usage(step, reply))
        return reply

    def _record(self, usage: StepUsage) -> None:
        self.steps.append(usage)
        self.usage.add(usage)

    async def _abandon(self, error: str | None = None) -> EpisodeResult:
        """End the episode on the server with status "error" and report why."""
        error = error or self.error or "the model failed"
        outcome = None
        if self.episode_id is not None:
            try:
                r = await self.client.call("abandon", {"episode_id": self.episode_id,
                                                       "reason": error[:MAX_REASON_CHARS]})
                outcome = EpisodeOutcome.model_validate(r.structured_content)
            except ToolCallError as e:
                log.warning("could not abandon episode %s: %s", self.episode_id, e)
        return self._result(outcome, error, await self._transcript(), force_error=True)

    async def _transcript(self) -> str | None:
        if self.episode_id is None:
            return None
        try:
            r = await self.client.call("get_transcript", {"episode_id": self.episode_id})
            return (r.structured_content or {}).get("path")
        except ToolCallError:
            return None

    def _result(self, out: EpisodeOutcome | None, error: str | None, transcript: str | None = None,
                force_error: bool = False) -> EpisodeResult:
        return EpisodeResult(
            task_id=self.task.id, grounding=self.grounding, agent=self.agent.name, episode_id=self.episode_id,
            success=bool(out and out.success and not force_error), score=out.score if out and not force_error else 0.0,
            steps=out.steps if out else 0, status="error" if force_error or out is None else out.status,
            answer=out.answer if out else "", error=error, transcript=transcript,
            deployment=out.deployment if out else None,
            usage=self.usage, step_usage=self.steps,
        )
