"""What the MCP tools return, as typed records shared by the server and its clients (the
agents, annotation replay, tests): a step's observation and outcome, task listings, the
oracle's answer and a transcript view."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from mag_core.observations import Observation
from mag_core.tasks import Grounding
from mag_core.transcripts import EpisodeOutcome

# How a tool that needs the environment answers while the server is still starting it (its sites,
# Chromium; a first run also builds the sites' databases): the call did nothing and may be sent
# again. Clients (`mag_mcp.agents.client`) wait and call again rather than fail an episode.
STILL_STARTING = "the server is still starting"
# How a reset answers while the live deployment it needs is held by a state-changing episode or is
# being reset (`mag_mcp.env.site_access`): nothing started, call reset again (clients do, waiting).
SITES_BUSY = "the deployment is busy"


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
    """One page of the tasks that match a listing's filters."""

    tasks: list[TaskSummary]
    total: int = Field(description="tasks that match the filters, on every page")
    remaining: int = Field(default=0, description="matching tasks after this page")
    next_cursor: str | None = Field(default=None, description="pass as `cursor` for the next page; None on the last")


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
