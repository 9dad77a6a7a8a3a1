"""The transcript of an episode: `runs/<run_id>/<episode_id>/transcript.jsonl`, one JSON
record a line — a header, one record per step, an end record (DESIGN §3) — plus one
screenshot per step. The environment writes it (`mag_mcp.env.transcript`); evaluators,
viewers and bundles read it with `read_transcript`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from mag_core.observations import EpisodeStatus, Mark
from mag_core.protocol import Action
from mag_core.tasks import Grounding

TRANSCRIPT_NAME = "transcript.jsonl"


class StepRecord(BaseModel):
    """One step in a transcript."""

    type: Literal["step"] = "step"
    index: int  # 1-based
    url: str
    tabs: list[str] = Field(default_factory=list)  # tab titles the agent saw (the prompt lists them)
    marks: list[Mark] = Field(default_factory=list)
    screenshot: str  # file name of the screenshot the agent acted on
    action: Action | None
    action_text: str | None
    guide: str | None
    raw_output: str | None
    compliant: bool
    error: str | None = None
    blocked: list[str] = Field(default_factory=list)
    elapsed_ms: float
    # The element the action was aimed at: the mark (Set-of-Mark) or the element
    # under the point (coordinates, id 0); None for actions without a target.
    target: Mark | None = None
    # The distinct whole numbers (1-4 digits) of the page's visible text and form values when
    # the agent saw it, sorted: scoring tells a number the page shows from a leaked mark id or
    # coordinate (`mag_core.guide_leaks`). None in transcripts of older versions.
    page_numbers: list[int] | None = None


SiteCondition = Literal["reset", "clean", "unknown", "dirty"]


class SiteReset(BaseModel):
    """One reset of a live deployment's state (a reset URL or command covers `sites`)."""

    sites: list[str]
    how: Literal["url", "command"]
    seconds: float
    at: str


class DeploymentRecord(BaseModel):
    """The live deployments an episode ran on (`mag serve --external`); None on embedded sites.

    `condition`, per site, is the state the episode started from: "reset" (reset just before it),
    "clean" (reset earlier and not changed since), "unknown" (not reset by this server: as the
    deployment was given) or "dirty" (changed by an earlier episode and not reset since, which
    only `--allow-dirty` lets a state-changing task meet)."""

    base_urls: dict[str, str]
    versions: dict[str, str] = Field(default_factory=dict)  # version banners, where a site shows one
    resets: list[SiteReset] = Field(default_factory=list)  # made before this episode started
    condition: dict[str, SiteCondition] = Field(default_factory=dict)
    allow_dirty: bool = False  # the server ran with --allow-dirty
    changes_state: bool = False  # the task changes its sites (it held them alone)

    @property
    def dirty(self) -> bool:
        """The episode may have met changes an earlier episode left (its result is not clean)."""
        return any(c == "dirty" for c in self.condition.values())


class TranscriptHeader(BaseModel):
    type: Literal["header"] = "header"
    episode_id: str
    run_id: str
    task_id: str
    task: dict[str, Any]
    grounding: Grounding
    agent: str
    versions: dict[str, str]
    base_urls: dict[str, str]
    started_at: str
    # The process writing the transcript (`mag_mcp.env.owners`): start-up recovery finalizes an
    # unfinished transcript only once that process is gone. None in transcripts of older versions.
    writer: str | None = None
    # The server returned the checker's full verdict (references included) to the client
    # (`mag serve --reveal-checks`, for task authors): such runs are not leaderboard-eligible.
    checks_revealed: bool = False
    # Live deployments: which (URLs, versions), resets made before the episode, the state it met.
    deployment: DeploymentRecord | None = None


class OracleRecord(BaseModel):
    """A call of the `locate` oracle (`mag serve --oracle`, for gold replay): what was asked and
    what it answered, exact targets included. Any such record makes the run ineligible for a
    leaderboard; readers that do not know the type skip it (transcripts of older versions have none)."""

    type: Literal["oracle"] = "oracle"
    tool: str = "locate"
    after_step: int  # steps taken when it was called
    locator: dict[str, Any]
    mark: int | None = None
    x: float | None = None
    y: float | None = None
    error: str | None = None  # the locator matched nothing usable
    at: str


class EpisodeOutcome(BaseModel):
    """End record of a transcript and the result of `stop`.

    On disk it carries the checker's full verdict (`check`: what was compared with which
    reference, for people reading transcripts, scores and reports). What a client receives is
    `for_agent()`: the outcome without anything derived from the task's references.
    """

    type: Literal["end"] = "end"
    episode_id: str
    task_id: str
    grounding: Grounding
    status: EpisodeStatus
    answer: str
    steps: int
    compliant_steps: int
    final_url: str
    success: bool
    score: float
    check: dict[str, Any] | None  # mag_core.checks.CheckResult as a dict
    ended_at: str
    # A hosted server withholds the result of test episodes until their submission is
    # finalized: then hidden is true, success/score are placeholders and note says why.
    hidden: bool = False
    note: str | None = None
    # Live deployments: the one the episode ran on and the state it met (as in the header).
    deployment: DeploymentRecord | None = None

    def for_agent(self) -> EpisodeOutcome:
        """The outcome as an agent may see it: status, steps, answer, final URL, success and
        score, but no `check` — its messages quote reference answers, URLs, locators and
        expected rows, which an agent running the task again (pass@k samples, a retry, prompt
        development on the train split) could learn the answer from."""
        return self.model_copy(update={"check": None})


def read_transcript(path: Path) -> list[dict]:
    """Read the records of a transcript; a torn last line (crash mid-write) is skipped."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                break
    return out
