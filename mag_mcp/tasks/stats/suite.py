"""The whole suite's statistics (`mag tasks stats --json` writes this model)."""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel

from mag_core.task_design import FEATURES
from mag_core.tasks import Task
from mag_mcp.tasks.stats.figures import (
    TaskFigures,
    TemplateFigures,
    by_template,
    site_of,
    task_figures,
    template_figures,
)
from mag_mcp.tasks.stats.observed import Observed
from mag_mcp.tasks.stats.targets import Suite, TargetResult, evaluate
from mag_mcp.tasks.webarena_map import WebArenaMap, map_problems


class LengthRow(BaseModel):
    group: str
    tasks: int
    som_mean: float
    coord_mean: float
    long_tasks: int


class SuiteStats(BaseModel):
    tasks: int
    with_gold: int
    templates: int
    cross_site: int
    by_split: dict[str, int]
    by_kind: dict[str, int]
    by_feature: dict[str, int]
    lengths_by_split: list[LengthRow]
    lengths_by_site: list[LengthRow]
    targets: list[TargetResult]
    failing_templates: dict[str, list[str]]
    webarena: dict[str, int]
    webarena_problems: list[str]
    start_pages_stale: int  # matched records made on other site versions
    task_figures: list[TaskFigures]
    template_figures: list[TemplateFigures]

    @property
    def all_targets_met(self) -> bool:
        return all(t.ok for t in self.targets) and not self.failing_templates


def _lengths(group: str, figures: list[TaskFigures]) -> LengthRow:
    som = [f.som for f in figures if f.som is not None]
    coord = [f.coord for f in figures if f.coord is not None]
    return LengthRow(group=group, tasks=len(figures), som_mean=round(sum(som) / len(som), 2) if som else 0.0,
                     coord_mean=round(sum(coord) / len(coord), 2) if coord else 0.0,
                     long_tasks=sum(f.long for f in figures))


def compute_stats(tasks: list[Task], observed: Observed, wmap: WebArenaMap) -> SuiteStats:
    """Every figure and target of the suite (fast: no browser, live observations from `observed`)."""
    figures = [task_figures(t, observed) for t in tasks]
    fig_of = {f.task_id: f for f in figures}
    templates = [template_figures(tid, ts, [fig_of[t.id] for t in ts]) for tid, ts in by_template(tasks).items()]
    suite_ids = {t.intent_template_id for t in tasks if t.intent_template_id is not None}
    counts = wmap.counts()
    targets, failing = evaluate(Suite(tasks=figures, templates=templates, webarena_mapped=counts["mapped"]))
    features = Counter(x for f in figures for x in f.features)
    splits = sorted({f.split or "—" for f in figures})
    sites = sorted({site_of(t) for t in tasks}, key=lambda s: (s == "cross-site", s))
    return SuiteStats(
        tasks=len(tasks), with_gold=sum(f.som is not None and f.coord is not None for f in figures),
        templates=len(templates), cross_site=sum(len(t.sites) > 1 for t in tasks),
        by_split=dict(sorted(Counter(f.split or "—" for f in figures).items())),
        by_kind=dict(sorted(Counter(f.kind or "—" for f in figures).items())),
        by_feature={x: features.get(x, 0) for x in FEATURES},
        lengths_by_split=[_lengths(s, [f for f in figures if (f.split or "—") == s]) for s in splits],
        lengths_by_site=[_lengths(s, [fig_of[t.id] for t in tasks if site_of(t) == s]) for s in sites],
        targets=targets, failing_templates=failing, webarena=counts,
        webarena_problems=map_problems(wmap, suite_ids),
        start_pages_stale=sum(f.start_page_current is False and f.answer_on_start_page != "not gathered"
                              for f in figures),
        task_figures=figures, template_figures=templates,
    )
