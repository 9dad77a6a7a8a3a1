"""What a task's `mag` block declares about its own design, beside the gold (issue 20):

- `negatives`: wrong-but-plausible outcomes the task's checker must fail (`mag tasks verify`
  checks each one: an answer in place of the gold answer, or another final URL);
- `distractors`: near-duplicate entities on the gold path (the same name in another store,
  project or forum, a similar product, an older version), each checked to exist in the
  site's seed where the site can tell (`mag tasks stats`);
- `tags.features`: the kinds of problem the paper's tasks have (aggregation, filtered or
  sorted views, multi-entity changes, multi-step forms, summaries, unachievable tasks);
- `answer_space`: how many plausible answers the question has, where the author knows better
  than the suite's estimate (a checker that demands a justification widens it).

`design_problems(task)` says what is inconsistent between these declarations and the task's
checker (an `unachievable` task without WebArena's "N/A" reference, a URL negative on a task
that never reads a URL, ...); `Task` refuses such a task when it loads.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

if TYPE_CHECKING:
    from mag_core.tasks import Task

SiteKey = Literal["shopping", "shopping_admin", "reddit", "gitlab", "map", "wikipedia"]

TaskFeature = Literal[
    "count", "sum", "superlative", "comparison", "most_recent",
    "filtered_view", "sorted_view", "multi_entity", "multi_step_form", "summary", "unachievable",
]
FEATURES: tuple[str, ...] = get_args(TaskFeature)
# Information seeking that needs aggregation over several pages.
AGGREGATION_FEATURES: frozenset[str] = frozenset({"count", "sum", "superlative", "comparison", "most_recent"})
FEATURE_MEANINGS: dict[str, str] = {
    "count": "counts things over one or more listing pages",
    "sum": "adds up values over several pages",
    "superlative": "finds the most / least / highest / lowest of several",
    "comparison": "compares values read on different pages",
    "most_recent": "finds the most recent (or first) item that meets a condition",
    "filtered_view": "ends on a listing filtered by the task's conditions",
    "sorted_view": "ends on a listing sorted as the task asks",
    "multi_entity": "changes several rows (entities) of a site",
    "multi_step_form": "fills a form over several steps or pages",
    "summary": "answers in free text scored by the fuzzy judge",
    "unachievable": "cannot be done on the site: the answer is N/A (WebArena's way)",
}

DistractorRelation = Literal["same_name", "similar", "older_version", "other"]
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class Negative(BaseModel):
    """A wrong-but-plausible outcome: an `answer` put in place of the gold answer, or a final
    `url` (a `__SITE__` placeholder allowed) for a task whose checker reads the final URL.
    `why` says what makes it plausible ("near entity's value", "permuted multi-value",
    "hedged list", "stale value before the change", ...)."""

    model_config = ConfigDict(extra="forbid")

    answer: str | None = None
    url: str | None = None
    why: str

    @model_validator(mode="after")
    def _one_outcome(self) -> Negative:
        if (self.answer is None) == (self.url is None):
            raise ValueError("a negative has exactly one of `answer` and `url`")
        if not self.why.strip():
            raise ValueError("a negative says `why` it is plausible")
        return self

    @property
    def label(self) -> str:
        return f"answer {self.answer!r}" if self.answer is not None else f"final URL {self.url!r}"


class Distractor(BaseModel):
    """A near-duplicate entity on the gold path, as the site shows it (`name`).

    Existence is checked on the site's seed: with `sql` (and `params`), the query must return
    a row; without it, some text column of some table of the seed (or of its read-only
    content database) must hold `name` exactly. A site whose seed cannot be read leaves the
    check undecided, never failed."""

    model_config = ConfigDict(extra="forbid")

    site: SiteKey
    name: str = Field(min_length=1)
    relation: DistractorRelation
    note: str = ""
    sql: str | None = None
    params: list[str | int | float] = Field(default_factory=list)

    @field_validator("sql")
    @classmethod
    def _read_only(cls, v: str | None) -> str | None:
        if v is not None and not re.match(r"^\s*(select|with)\b", v, re.IGNORECASE):
            raise ValueError("a distractor's sql is a SELECT query")
        return v


def _string_refs(task: Task) -> tuple[bool, object]:
    refs = task.eval.reference_answers
    return refs is not None, refs.fuzzy_match if refs is not None else None


def design_problems(task: Task) -> list[str]:
    """What contradicts between the `mag` block's declarations and the task's checker."""
    mag = task.mag
    if mag is None:
        return []
    out: list[str] = []
    types = set(task.eval.eval_types)
    features = set(mag.tags.features)
    if len(features) != len(mag.tags.features):
        out.append("tags.features repeats a feature")
    has_refs, fuzzy = _string_refs(task)
    not_achievable = "string_match" in types and fuzzy == "N/A"
    if ("unachievable" in features) != not_achievable:
        out.append("an unachievable task is tagged `unachievable` and has the string_match reference "
                   "fuzzy_match \"N/A\" (WebArena's way); this task has one without the other")
    if "summary" in features and not (isinstance(fuzzy, list) and fuzzy):
        out.append("a `summary` task is scored by the fuzzy judge: it needs fuzzy_match references")
    if features & {"filtered_view", "sorted_view"} and not types & {"url_match", "program_html"}:
        out.append("a filtered or sorted view is checked on the final page: url_match or program_html")
    if features & {"multi_entity", "multi_step_form"} and mag.tags.kind != "state_change":
        out.append("`multi_entity` and `multi_step_form` describe state changes (kind state_change)")
    for n in mag.negatives:
        if n.answer is not None and "string_match" not in types:
            out.append(f"negative {n.label}: the checker reads no answer (no string_match)")
        if n.url is not None and "url_match" not in types:
            out.append(f"negative {n.label}: the checker reads no final URL (no url_match)")
    if "string_match" in types and not has_refs:
        out.append("string_match without reference_answers")
    return out
