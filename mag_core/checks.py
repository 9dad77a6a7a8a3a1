"""What a functional checker returns (DESIGN §3: Transcript -> checkers -> CheckResult).

`CheckResult.score` is the product of the per-eval-type `CheckDetail.score`s
(WebArena semantics). `success` is derived, never set by hand: a task succeeds
only with score 1.0 and no outstanding judge decision.
"""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

CheckerModeName = Literal["webarena", "strict"]


class CheckDetail(BaseModel):
    """The outcome of one eval type (string_match, url_match, program_html, state_check)."""

    model_config = ConfigDict(extra="forbid")

    eval_type: str
    score: float = Field(ge=0.0, le=1.0)
    passed: bool
    message: str
    needs_judge: bool = False
    # Not run here (MAG's state check on a live deployment, whose database MAG cannot read): it
    # neither passes nor fails; the message says why. Its score is 1 so the product is the others'.
    skipped: bool = False


class CheckResult(BaseModel):
    """The checker's verdict on one episode.

    `needs_judge` is True when the outcome still depends on a judge that was not
    available (e.g. fuzzy_match without an LLM judge); such a result never counts
    as a success, and its score is provisional (0 for the undecided parts).
    """

    model_config = ConfigDict(extra="forbid")

    task_id: str
    mode: CheckerModeName
    score: float = Field(ge=0.0, le=1.0)
    success: bool = False
    details: list[CheckDetail] = Field(default_factory=list)
    needs_judge: bool = False

    @model_validator(mode="before")
    @classmethod
    def _derive_success(cls, data: Any) -> Any:
        if isinstance(data, dict):
            data = dict(data)
            score = float(data.get("score", 0.0))
            derived = score == 1.0 and not bool(data.get("needs_judge", False))
            if "success" in data and bool(data["success"]) != derived:
                raise ValueError(
                    f"success={data['success']!r} contradicts score={score} and "
                    f"needs_judge={data.get('needs_judge', False)!r}"
                )
            data["success"] = derived
        return data

    @classmethod
    def from_details(
        cls, task_id: str, mode: CheckerModeName, details: list[CheckDetail]
    ) -> CheckResult:
        """Combine per-eval-type details: score = product; a judge is needed only
        when some detail awaits one and no other detail already failed outright
        (a judge cannot rescue a definitive 0)."""
        run = [d for d in details if not d.skipped]
        score = math.prod(d.score for d in run) if run else 0.0  # nothing run: nothing shown
        definitive_fail = any(d.score == 0.0 and not d.needs_judge for d in details)
        needs_judge = any(d.needs_judge for d in details) and not definitive_fail
        return cls(
            task_id=task_id, mode=mode, score=score, details=details, needs_judge=needs_judge
        )

    def summary(self) -> str:
        """One line per detail, for logs and reports."""
        head = f"task {self.task_id} [{self.mode}] score={self.score:g} success={self.success}"
        if self.needs_judge:
            head += " (needs judge)"
        return "\n".join([head] + [f"  {d.eval_type}{' (skipped)' if d.skipped else ''}: {d.message}"
                                    for d in self.details])
