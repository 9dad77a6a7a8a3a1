"""Task schema: a WebArena task configuration plus MAG's `mag` block (DESIGN §5).

Every field WebArena defines is kept with its original name so the 812 upstream
configurations load unchanged; MAG-only additions live in `eval.state_checks`
and in the `mag` block.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    field_validator,
    model_serializer,
    model_validator,
)

from mag_core.task_design import (
    Distractor,
    Negative,
    SiteKey,
    TaskFeature,
    design_problems,
)

Grounding = Literal["som", "coord"]
GROUNDINGS: tuple[Grounding, ...] = ("som", "coord")
CheckerMode = Literal["webarena", "strict"]
EvalType = Literal["string_match", "url_match", "program_html", "state_check"]
LengthBucket = Literal["short", "medium", "long"]


class Locator(BaseModel):
    """A stable way to find an element: role + accessible name, visible text, or CSS.

    Mark ids and pixels are resolved from it at replay time, never stored.
    """

    model_config = ConfigDict(extra="forbid")

    role: str | None = None
    name: str | None = None
    text: str | None = None
    css: str | None = None
    exact: bool = True
    nth: int = 0

    @field_validator("nth")
    @classmethod
    def _nth_non_negative(cls, v: int) -> int:
        if v < 0:
            raise ValueError("nth must be >= 0")
        return v

    def describe(self) -> str:
        if self.css:
            return f"css={self.css}" + (f" nth={self.nth}" if self.nth else "")
        if self.role:
            return f'{self.role} "{self.name or ""}"' + (f" nth={self.nth}" if self.nth else "")
        return f'text "{self.text}"' + (f" nth={self.nth}" if self.nth else "")


GoldActionKind = Literal[
    "click", "double_click", "hover", "type", "select", "scroll", "press",
    "goto", "go_back", "go_forward", "tab_focus", "close_tab", "stop",
]


class GoldStep(BaseModel):
    """One step of a gold trajectory: what to do, on which element, and the guide."""

    model_config = ConfigDict(extra="forbid")

    action: GoldActionKind
    target: Locator | None = None
    value: str | None = None
    enter: bool = False
    guide: str


class GoldTrajectory(BaseModel):
    model_config = ConfigDict(extra="forbid")

    steps: list[GoldStep]


APPROACHES: tuple[str, ...] = ("exact_match", "must_include", "fuzzy_match")


class StringReference(BaseModel):
    """WebArena's reference_answers block.

    WebArena applies the approaches in the order the configuration writes them
    (it matters for a fuzzy_match "N/A", whose judge verdict replaces the score
    so far); `approaches` keeps that order.
    """

    model_config = ConfigDict(extra="allow")

    exact_match: str | None = None
    must_include: list[str] | None = None
    fuzzy_match: list[str] | str | None = None
    _written_order: tuple[str, ...] = PrivateAttr(default=())

    @model_validator(mode="wrap")
    @classmethod
    def _remember_order(cls, data: Any, handler: Any) -> Any:
        model = handler(data)
        if isinstance(data, dict) and isinstance(model, StringReference):
            model._written_order = tuple(k for k in data if k in APPROACHES)
        return model

    @model_serializer(mode="wrap")
    def _dump_in_order(self, handler: Any) -> dict[str, Any]:
        """A dump keeps an unusual written order (so a saved task re-loads the same)."""
        out = handler(self)
        order = self.approaches
        if not isinstance(out, dict) or order == [a for a in APPROACHES if a in order]:
            return out
        return {**{k: out[k] for k in order if k in out}, **{k: v for k, v in out.items() if k not in order}}

    @property
    def approaches(self) -> list[str]:
        """The approaches that have a value, in the configuration's order (then the declared one)."""
        present = [a for a in APPROACHES if getattr(self, a) is not None]
        written = [a for a in self._written_order if a in present]
        return written + [a for a in present if a not in written]


class ProgramHtmlCheck(BaseModel):
    model_config = ConfigDict(extra="allow")

    url: str
    locator: str = ""
    required_contents: dict[str, Any]


class StateCheck(BaseModel):
    """MAG extension: a SQL query over the episode's own copy of a site's database.

    The query's rows (as lists) must equal `expected` exactly, or, when
    `expected_contains` is given, include each of those rows.
    """

    model_config = ConfigDict(extra="forbid")

    site: SiteKey
    sql: str
    params: list[Any] = Field(default_factory=list)
    expected: list[list[Any]] | None = None
    expected_contains: list[list[Any]] | None = None
    note: str = ""


_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class StateGuard(BaseModel):
    """MAG extension: a collateral-edit guard over one table (eval type state_check).

    Every row of `table` that the SQL condition `allowed` (with `params`) does not
    select must be the same in the episode's database as in the site's seed,
    column by column except `ignore_columns` (volatile ones, such as timestamps):
    outside `allowed` no row may be changed, added or deleted. `allowed` is
    evaluated on each database apart, so it should name the rows the task may
    touch by key ("id = ?"), not by a column the task changes; "" allows none.
    """

    model_config = ConfigDict(extra="forbid")

    site: SiteKey
    table: str
    allowed: str = ""
    params: list[Any] = Field(default_factory=list)
    ignore_columns: list[str] = Field(default_factory=list)
    note: str = ""

    @field_validator("table")
    @classmethod
    def _table_name(cls, v: str) -> str:
        if not _IDENTIFIER.match(v):
            raise ValueError(f"table must be a plain SQL name, got {v!r}")
        return v

    @field_validator("ignore_columns")
    @classmethod
    def _column_names(cls, v: list[str]) -> list[str]:
        bad = [c for c in v if not _IDENTIFIER.match(c)]
        if bad:
            raise ValueError(f"ignore_columns must be plain SQL names, got {bad}")
        return v


class EvalSpec(BaseModel):
    model_config = ConfigDict(extra="allow")

    eval_types: list[EvalType]
    reference_answers: StringReference | None = None
    reference_url: str | None = None
    program_html: list[ProgramHtmlCheck] | None = None
    url_note: str | None = None
    string_note: str | None = None
    state_checks: list[StateCheck] = Field(default_factory=list)
    state_guards: list[StateGuard] = Field(default_factory=list)


class TaskTags(BaseModel):
    """`features`: the kinds of problem the task poses (mag_core.task_design.FEATURES)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["information", "navigation", "state_change"] | None = None
    cross_site: bool = False
    features: list[TaskFeature] = Field(default_factory=list)


class MagBlock(BaseModel):
    """MAG's additions to a WebArena configuration. `negatives`, `distractors` and
    `answer_space` are the task's design declarations (mag_core.task_design)."""

    model_config = ConfigDict(extra="forbid")

    split: Literal["train", "test"] = "test"
    gold: dict[Grounding, GoldTrajectory] = Field(default_factory=dict)
    tags: TaskTags = Field(default_factory=TaskTags)
    checker_mode: CheckerMode = "strict"
    negatives: list[Negative] = Field(default_factory=list)
    distractors: list[Distractor] = Field(default_factory=list)
    answer_space: int | None = Field(default=None, ge=1)


class Task(BaseModel):
    """A WebArena configuration (field names unchanged) plus the optional `mag` block."""

    model_config = ConfigDict(extra="allow")

    sites: list[SiteKey]
    task_id: int | str
    require_login: bool = True
    storage_state: str | None = None
    start_url: str
    geolocation: Any = None
    intent_template: str = ""
    instantiation_dict: dict[str, Any] = Field(default_factory=dict)
    intent: str
    require_reset: bool = False
    eval: EvalSpec
    intent_template_id: int | None = None
    mag: MagBlock | None = None

    @model_validator(mode="after")
    def _design_consistent(self) -> Task:
        """The `mag` block's declarations agree with the checker (task_design.design_problems)."""
        problems = design_problems(self)
        if problems:
            raise ValueError(f"task {self.task_id}: " + "; ".join(problems))
        return self

    @property
    def id(self) -> str:
        return str(self.task_id)

    @property
    def in_test_split(self) -> bool:
        """A MAG test-split task (a hosted server withholds its outcomes until a submission ends)."""
        return self.mag is not None and self.mag.split == "test"

    @property
    def changes_state(self) -> bool:
        """The task changes its sites' state (on a shared live deployment it runs alone, after a
        reset): MAG's own tag when it has one, else WebArena's signs: `require_reset`, or a
        check of the sites' state (`program_html`, `state_check`) rather than of the answer or URL."""
        if self.mag is not None and self.mag.tags.kind is not None:
            return self.mag.tags.kind == "state_change"
        return self.require_reset or bool({"program_html", "state_check"} & set(self.eval.eval_types))

    @property
    def checker_mode(self) -> CheckerMode:
        return self.mag.checker_mode if self.mag else "webarena"

    def gold_length(self, grounding: Grounding) -> int | None:
        if not self.mag or grounding not in self.mag.gold:
            return None
        return len(self.mag.gold[grounding].steps)

    def length_bucket(self, grounding: Grounding) -> LengthBucket | None:
        n = self.gold_length(grounding)
        if n is None:
            return None
        return "short" if n <= 4 else "medium" if n <= 9 else "long"


# Placeholders WebArena uses in start_url / reference_url / program_html urls.
SITE_PLACEHOLDERS: dict[str, SiteKey] = {
    "__SHOPPING__": "shopping",
    "__SHOPPING_ADMIN__": "shopping_admin",
    "__REDDIT__": "reddit",
    "__GITLAB__": "gitlab",
    "__MAP__": "map",
    "__WIKIPEDIA__": "wikipedia",
}


def resolve_placeholders(text: str, base_urls: dict[str, str]) -> str:
    """Replace `__SHOPPING__`-style placeholders with the base URLs in force.

    WebArena joins several start pages with ` |AND| `; that is kept as is.
    """
    for placeholder, site in SITE_PLACEHOLDERS.items():
        if placeholder in text and site in base_urls:
            text = text.replace(placeholder, base_urls[site].rstrip("/"))
    return text
