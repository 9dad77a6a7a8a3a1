"""What every agent returns for an episode."""

from __future__ import annotations

from pydantic import BaseModel

from mag_mcp.tasks.schema import Grounding


class EpisodeResult(BaseModel):
    task_id: str
    grounding: Grounding
    agent: str
    episode_id: str | None
    success: bool
    score: float
    steps: int
    status: str
    answer: str = ""
    error: str | None = None
    transcript: str | None = None
