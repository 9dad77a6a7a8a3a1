"""The figures `mag tasks stats` computes for every task and every intent template (no browser:
live observations come from `Observed`)."""

from __future__ import annotations

from collections.abc import Iterable
from statistics import mean
from typing import Literal

from pydantic import BaseModel, Field

from mag_core.tasks import Grounding, Task
from mag_mcp.tasks.stats.observed import Observed
from mag_mcp.tasks.stats.shortcuts import (
    AnswerSpace,
    SearchCopy,
    answer_space,
    search_copy,
)
from mag_mcp.tasks.stats.start_pages import needs_start_page
from mag_mcp.tasks.stats.world_keys import distractor_id, world_key

LONG = 9  # a task is long when its Set-of-Mark gold has more steps than this (without stop)
MIN_ANSWER_NEGATIVES = 2  # per task whose checker reads an answer
MIN_URL_NEGATIVES = 1  # per task whose checker reads the final URL
StartPageFinding = Literal["no", "text", "marks", "not gathered"]


def steps_without_stop(task: Task, grounding: Grounding) -> int | None:
    if not task.mag or grounding not in task.mag.gold:
        return None
    return sum(s.action != "stop" for s in task.mag.gold[grounding].steps)


def site_of(task: Task) -> str:
    return task.sites[0] if len(task.sites) == 1 else "cross-site"


class TaskFigures(BaseModel):
    task_id: str
    template: int | None
    sites: list[str]
    split: str | None
    kind: str | None
    features: list[str]
    som: int | None  # gold steps without stop
    coord: int | None
    search_copy: SearchCopy | None
    answer_on_start_page: StartPageFinding | None  # None: no answer to look for
    start_page_current: bool | None
    start_page_where: list[str] = Field(default_factory=list)
    distractors: int
    distractors_missing: list[str] = Field(default_factory=list)  # not in the seed
    distractors_undecided: list[str] = Field(default_factory=list)  # the seed could not tell, or not checked yet
    answer_negatives: int
    url_negatives: int
    state_guards: int
    coverage_problems: list[str] = Field(default_factory=list)

    @property
    def long(self) -> bool:
        return self.som is not None and self.som > LONG

    @property
    def copies_intent(self) -> bool:
        return self.search_copy is not None and self.search_copy.copied

    @property
    def has_distractor(self) -> bool:
        return self.distractors > 0 and not self.distractors_missing


def _coverage(task: Task, answer_negs: int, url_negs: int, guards: int) -> list[str]:
    types = set(task.eval.eval_types)
    out = []
    if "string_match" in types and answer_negs < MIN_ANSWER_NEGATIVES:
        out.append(f"{answer_negs} answer negatives (at least {MIN_ANSWER_NEGATIVES})")
    if "url_match" in types and url_negs < MIN_URL_NEGATIVES:
        out.append(f"{url_negs} URL negatives (at least {MIN_URL_NEGATIVES})")
    if task.mag and task.mag.tags.kind == "state_change" and guards == 0:
        out.append("a state change without state guards (non-target rows unchecked)")
    return out


def task_figures(task: Task, observed: Observed) -> TaskFigures:
    mag = task.mag
    negs = mag.negatives if mag else []
    answer_negs = sum(n.answer is not None for n in negs)
    url_negs = sum(n.url is not None for n in negs)
    guards = len(task.eval.state_guards)
    finding: StartPageFinding | None = None
    current: bool | None = None
    where: list[str] = []
    if needs_start_page(task):
        rec = observed.start_page(task)
        finding = "not gathered" if rec is None else (rec.found or "no")
        current = rec is not None and rec.world == world_key(task.sites)
        where = rec.where if rec else []
    missing, undecided = [], []
    for d in mag.distractors if mag else []:
        rec = observed.distractor(distractor_id(d))
        if rec is None or rec.exists is None:
            undecided.append(d.name)
        elif not rec.exists:
            missing.append(d.name)
    return TaskFigures(
        task_id=task.id, template=task.intent_template_id, sites=list(task.sites), split=mag.split if mag else None,
        kind=mag.tags.kind if mag else None, features=list(mag.tags.features) if mag else [],
        som=steps_without_stop(task, "som"), coord=steps_without_stop(task, "coord"), search_copy=search_copy(task),
        answer_on_start_page=finding, start_page_current=current, start_page_where=where,
        distractors=len(mag.distractors) if mag else 0, distractors_missing=missing,
        distractors_undecided=undecided, answer_negatives=answer_negs, url_negatives=url_negs, state_guards=guards,
        coverage_problems=_coverage(task, answer_negs, url_negs, guards),
    )


class TemplateFigures(BaseModel):
    template: int | None
    sites: str  # the site, or "cross-site: a,b"
    splits: list[str]
    intent_template: str
    tasks: int
    som_mean: float | None
    coord_mean: float | None
    som_lengths: list[int]  # the distinct Set-of-Mark lengths of its instances
    long_tasks: int
    answer_space: AnswerSpace | None
    search_copies: int
    answers_on_start_page: int
    not_gathered: int
    with_distractors: int
    distractors_missing: int
    coverage_problems: int

    @property
    def fixed_length(self) -> bool | None:
        """Whether every instance has the same length (None for a single instance)."""
        return None if self.tasks < 2 else len(self.som_lengths) == 1


def _mean(values: Iterable[int | None]) -> float | None:
    xs = [v for v in values if v is not None]
    return round(mean(xs), 2) if xs else None


def template_figures(template: int | None, tasks: list[Task], figures: list[TaskFigures]) -> TemplateFigures:
    t0 = tasks[0]
    sites = t0.sites[0] if len(t0.sites) == 1 else "cross-site: " + ",".join(t0.sites)
    return TemplateFigures(
        template=template, sites=sites, splits=sorted({f.split for f in figures if f.split}),
        intent_template=t0.intent_template, tasks=len(tasks), som_mean=_mean(f.som for f in figures),
        coord_mean=_mean(f.coord for f in figures), som_lengths=sorted({f.som for f in figures if f.som is not None}),
        long_tasks=sum(f.long for f in figures), answer_space=answer_space(tasks),
        search_copies=sum(f.copies_intent for f in figures),
        answers_on_start_page=sum(f.answer_on_start_page in ("text", "marks") for f in figures),
        not_gathered=sum(f.answer_on_start_page == "not gathered" for f in figures),
        with_distractors=sum(f.has_distractor for f in figures),
        distractors_missing=sum(bool(f.distractors_missing) for f in figures),
        coverage_problems=sum(bool(f.coverage_problems) for f in figures),
    )


def by_template(tasks: list[Task]) -> dict[int | None, list[Task]]:
    out: dict[int | None, list[Task]] = {}
    for t in tasks:
        out.setdefault(t.intent_template_id, []).append(t)
    return dict(sorted(out.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)))
