"""`mag tasks stats`: docs/TASKS.md is what the stats say about the built-in suite."""

from __future__ import annotations

from pathlib import Path

from mag_mcp.tasks.registry import TaskRegistry
from mag_mcp.tasks.stats import render_stats


def test_committed_stats_are_current() -> None:
    text = render_stats(list(TaskRegistry.builtin().tasks.values()))
    assert (Path(__file__).parents[1] / "docs" / "TASKS.md").read_text(encoding="utf-8") == text


def test_stats_name_templates_in_both_splits() -> None:
    tasks = list(TaskRegistry.builtin().tasks.values())[:2]
    a, b = (t.model_copy(deep=True) for t in tasks)
    b.intent_template_id = a.intent_template_id
    a.mag.split, b.mag.split = "train", "test"
    text = render_stats([a, b])
    assert f"in both splits: {a.intent_template_id}" in text
    assert "| cross-site |" in text
