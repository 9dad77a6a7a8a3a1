"""`mag tasks review --template T`: the read-only review page of a template's gold guides, from the
task files alone and from a real gold run (screenshots with the target outlined)."""

from __future__ import annotations

import re
from pathlib import Path

import anyio
import pytest
from typer.testing import CliRunner

from mag_mcp.agents.gold import AGENTS
from mag_mcp.agents.runner import run_agent
from mag_mcp.tasks.registry import TaskRegistry
from mag_mcp.tasks.review import write_review_page


def template_tasks(template: int):  # type: ignore[no-untyped-def]
    return [t for t in TaskRegistry.builtin().tasks.values() if t.intent_template_id == template]


def test_page_lists_every_instance_and_guide(tmp_path: Path) -> None:
    tasks = template_tasks(9001)
    page = write_review_page(tasks, None, tmp_path)
    html = page.read_text(encoding="utf-8")
    for t in tasks:
        assert f'id="{t.id}"' in html and t.intent in html
        for g in ("som", "coord"):
            for step in t.mag.gold[g].steps:
                assert step.guide.replace("'", "&#39;").replace('"', "&#34;") in html
    assert "read-only" in html and "<textarea" not in html  # nothing to edit
    assert "--accent" in html  # the annotate review page's stylesheet


def test_repeated_and_leaking_guides_are_flagged(tmp_path: Path) -> None:
    tasks = [t.model_copy(deep=True) for t in template_tasks(9001)]
    for t in tasks:
        t.mag.gold["som"].steps[0].guide = "Click mark [12] at (300, 40)."
    html = write_review_page(tasks, None, tmp_path).read_text(encoding="utf-8")
    # the edited step is one of the guides noted as repeated (a generic step may be too)
    assert html.count("the same guide in every instance of the template") >= len(tasks)
    assert html.count("names a mark id or a coordinate") == len(tasks)


def test_review_command(tmp_path: Path) -> None:
    from mag_mcp.cli import app

    res = CliRunner().invoke(app, ["tasks", "review", "--template", "9002", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "index.html").exists()
    bad = CliRunner().invoke(app, ["tasks", "review", "--template", "1", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "no task of template 1" in bad.output
    missing = CliRunner().invoke(app, ["tasks", "review", "--template", "9002", "--run", str(tmp_path / "nothing")])
    assert missing.exit_code == 2 and "results.json" in missing.output


@pytest.mark.browser
@pytest.mark.timeout(900)
def test_page_shows_the_gold_run_screenshots(tmp_path: Path) -> None:
    tasks = template_tasks(9013)  # one instance: subscribe to the newsletter
    run = tmp_path / "gold"
    res = anyio.run(lambda: run_agent("gold", AGENTS["gold"], tasks, ["som", "coord"], run, concurrency=2))
    assert res.success_rate == 1.0
    html = write_review_page(tasks, run, tmp_path / "review").read_text(encoding="utf-8")
    shots = sorted((tmp_path / "review" / "shots").glob("*.png"))
    steps = sum(len(t.mag.gold[g].steps) for t in tasks for g in ("som", "coord"))
    assert len(shots) == steps and all(s.stat().st_size > 1000 for s in shots)
    assert all(f"shots/{s.name}" in html for s in shots)
    assert re.search(r'class="target" style="left:[\d.]+%;top:[\d.]+%', html)  # a clicked target, outlined
