"""What every agent returns for an episode, and the agent signature the runner calls."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from mag_core.tasks import Grounding, Task
from mag_core.transcripts import DeploymentRecord
from mag_core.usage import ModelUsage, StepUsage

if TYPE_CHECKING:
    from mag_mcp.agents.client import MagClient


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
    deployment: DeploymentRecord | None = None  # a live deployment's URLs, versions, resets, state met


# An agent plays one episode of `task` in `grounding` through a connected client;
# the last argument is the run id the transcripts are filed under.
AgentFn = Callable[["MagClient", Task, Grounding, str], Awaitable[EpisodeResult]]
