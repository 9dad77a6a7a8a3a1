"""`mag tasks stats`: docs/TASKS.md is what the stats say about the built-in suite; the figures,
targets and failing templates on the suite and on crafted copies of its tasks; the command with
`--json`."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from mag_core.tasks import Task
from mag_mcp.tasks.registry import TaskRegistry
from mag_mcp.tasks.stats import Observed, compute, load_observed, render_stats
from mag_mcp.tasks.stats.figures import steps_without_stop
from mag_mcp.tasks.stats.observed import OBSERVED_PATH
from mag_mcp.tasks.stats.suite import SuiteStats

ROOT = Path(__file__).parents[1]


def suite() -> list[Task]:
    return list(TaskRegistry.builtin().tasks.values())


def target(stats: SuiteStats, key: str):  # type: ignore[no-untyped-def]
    return next(t for t in stats.targets if t.key == key)


def test_committed_stats_are_current() -> None:
    text = render_stats(suite())
    assert (ROOT / "docs" / "TASKS.md").read_text(encoding="utf-8") == text


def test_observation_record_is_valid_and_pruned() -> None:
    """observed.json parses, and holds records only for tasks and distractors the suite has."""
    observed = load_observed()
    tasks = suite()
    assert observed.model_dump() == observed.pruned(tasks).model_dump()
    assert OBSERVED_PATH.exists()


def test_stats_name_templates_in_both_splits() -> None:
    a, b = (t.model_copy(deep=True) for t in suite()[:2])
    b.intent_template_id = a.intent_template_id
    a.mag.split, b.mag.split = "train", "test"
    stats = compute([a, b], Observed())
    assert not target(stats, "split_by_template").ok
    assert "in both splits" in stats.failing_templates[str(a.intent_template_id)]
    assert "| cross-site |" in render_stats([a, b], Observed())


def test_lengths_leave_out_stop() -> None:
    tasks = suite()
    for t in tasks[:20]:
        steps = t.mag.gold["som"].steps
        assert steps_without_stop(t, "som") == len(steps) - sum(s.action == "stop" for s in steps)
    stats = compute(tasks, Observed())
    som = [f.som for f in stats.task_figures]
    assert target(stats, "som_mean").measured == f"{sum(som) / len(som):.2f}"
    # a template's lengths are those of its instances
    tf = stats.template_figures[0]
    mine = [f.som for f in stats.task_figures if f.template == tf.template]
    assert tf.som_lengths == sorted(set(mine)) and tf.tasks == len(mine)


def test_today_suite_figures() -> None:
    """The figures the issue quotes for today's suite, measured by the suite's own statistics."""
    stats = compute(suite(), load_observed())
    assert stats.tasks >= 300 and stats.templates >= 60
    som = float(target(stats, "som_mean").measured)
    assert 4.0 < som < 8.5  # the issue: 5.1 Set-of-Mark steps without stop
    assert not target(stats, "fixed_length").ok  # the issue: 91% of templates have one length
    assert not target(stats, "search_copy").ok  # the issue: 62% start by searching for the intent
    assert target(stats, "split_by_template").ok
    assert stats.webarena["mapped"] >= 60 and not stats.webarena_problems


def test_failing_templates_follow_the_targets() -> None:
    """A suite-share target names templates only while the suite misses it."""
    tasks = suite()
    stats = compute(tasks, Observed())
    copying = {tid for tid, why in stats.failing_templates.items()
               if "starts by searching for a phrase of the intent" in why}
    assert not target(stats, "search_copy").ok and copying
    # keep only tasks that do not start with a copied search: the target is met, no template named
    kept = [t for t, f in zip(tasks, stats.task_figures, strict=True) if not f.copies_intent]
    again = compute(kept, Observed())
    assert target(again, "search_copy").ok
    assert not any("starts by searching" in w for why in again.failing_templates.values() for w in why)


def test_features_are_counted() -> None:
    tasks = [t.model_copy(deep=True) for t in suite() if t.mag.tags.kind == "navigation"][:4]
    for t in tasks[:2]:
        t.mag.tags.features = ["sorted_view"]
    stats = compute(tasks, Observed())
    assert stats.by_feature["sorted_view"] == 2
    assert target(stats, "kind_filtered_or_sorted").measured == "50.0%"


def test_stats_command_writes_markdown_and_json(tmp_path: Path) -> None:
    from mag_mcp.cli import app

    md, js = tmp_path / "TASKS.md", tmp_path / "stats.json"
    res = CliRunner().invoke(app, ["tasks", "stats", "--no-gather", "--out", str(md), "--json", str(js)])
    assert res.exit_code == 0, res.output
    assert md.read_text(encoding="utf-8") == render_stats(suite())
    data = json.loads(js.read_text(encoding="utf-8"))
    assert SuiteStats.model_validate(data).tasks == len(suite())
    assert {t["key"] for t in data["targets"]} >= {"tasks", "som_mean", "search_copy", "answer_hidden",
                                                    "answer_space", "distractors", "webarena_map"}
    assert len(data["task_figures"]) == len(suite())
