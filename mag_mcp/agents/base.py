"""What every agent returns for an episode, and the agent signature the runner calls."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from mag_mcp.tasks.schema import Grounding, Task

if TYPE_CHECKING:
    from mag_mcp.agents.client import MagClient


class ModelUsage(BaseModel):
    """Model calls of one step or one episode: tokens, retries, cost (None when unpriced)."""

    calls: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = None
    latency_s: float = 0.0

    def add(self, other: ModelUsage) -> None:
        self.calls += other.calls
        self.retries += other.retries
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.latency_s += other.latency_s
        if other.cost_usd is not None:
            self.cost_usd = (self.cost_usd or 0.0) + other.cost_usd

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


class StepUsage(ModelUsage):
    """One model call's record: its usage and what came back."""

    step: int  # 1-based step index in the episode
    finish_reason: str | None = None
    refused: bool = False  # the model refused (refusal field or refusal finish reason)
    empty: bool = False  # the model returned no text


class EpisodeResult(BaseModel):
    task_id: str
    grounding: Grounding
    agent: str
    episode_id: str | None
    success: bool
    score: float
    steps: int
    status: str  # the episode's end status, or "error" when it could not be run to its end
    answer: str = ""
    error: str | None = None
    transcript: str | None = None
    sample: int = 0  # 0-based sample index (mag run --samples k)
    server: str | None = None  # which MCP server ran it
    usage: ModelUsage | None = None  # model agents only
    step_usage: list[StepUsage] = Field(default_factory=list)


# An agent plays one episode of `task` in `grounding` through a connected client;
# the last argument is the run id the transcripts are filed under.
AgentFn = Callable[["MagClient", Task, Grounding, str], Awaitable[EpisodeResult]]
