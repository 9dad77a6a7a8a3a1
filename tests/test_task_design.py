"""The `mag` block's design declarations (mag_core/task_design.py): features, negatives,
distractors and answer space load and dump unchanged, contradictions with the checker are
refused when a task loads, old task files load as before, and the authoring helpers write
them only where given."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from mag_core.task_design import FEATURES, design_problems
from mag_core.tasks import Task
from mag_mcp.tasks.authoring.common import Design, distractor, make_task, near_entity, s, same, stale, string_eval
from mag_mcp.tasks.registry import TaskRegistry


def price_task(**design: object) -> dict:
    return make_task(
        site="shopping", task_id="design-1", intent="What did the cheaper of my two skillets cost?",
        template="What did the cheaper of my two {thing} cost?", values={"thing": "skillets"}, template_id=99001,
        kind="information", gold=same(s("stop", "Read the price: $19.90.", value="$19.90")),
        eval_=string_eval(must_include=["19.90"]), split="test", start_url="__SHOPPING__",
        design=Design(**design) if design else None,  # type: ignore[arg-type]
    )


def test_design_is_written_only_where_given() -> None:
    plain = price_task()
    assert set(plain["mag"]) == {"split", "gold", "tags", "checker_mode"}
    assert "features" not in plain["mag"]["tags"]
    full = price_task(features=["comparison"], negatives=[near_entity("$24.50", "the other skillet"), stale("$17.90")],
                      distractors=[distractor("shopping", "Lodge 12 Inch Cast Iron Skillet", "similar")],
                      answer_space=30)
    t = Task.model_validate(full)
    assert t.mag.tags.features == ["comparison"] and len(t.mag.negatives) == 2
    assert t.mag.distractors[0].relation == "similar" and t.mag.answer_space == 30
    assert Task.model_validate(json.loads(json.dumps(t.model_dump(mode="json", exclude_none=True)))) == t


@pytest.mark.parametrize(("features", "message"), [
    (["unachievable"], "unachievable"),
    (["summary"], "fuzzy_match references"),
    (["sorted_view"], "url_match or program_html"),
    (["multi_entity"], "state_change"),
    (["count", "count"], "repeats"),
])
def test_contradictions_are_refused(features: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        price_task(features=features)


def test_unknown_feature_and_bad_distractor_are_refused() -> None:
    with pytest.raises(ValueError, match="literal_error|Input should be"):
        price_task(features=["aggregation"])
    with pytest.raises(ValueError, match="SELECT"):
        price_task(distractors=[distractor("shopping", "x", "similar", sql="DELETE FROM products")])


def test_an_na_task_must_say_it_is_unachievable() -> None:
    data = price_task()
    data["eval"]["reference_answers"] = {"fuzzy_match": "N/A"}
    with pytest.raises(ValueError, match="unachievable"):
        Task.model_validate(data)
    data["mag"]["tags"]["features"] = ["unachievable"]
    assert design_problems(Task.model_validate(data)) == []


def test_every_feature_has_a_meaning_and_old_files_load() -> None:
    """The task files written before the design fields, and WebArena's configurations, load unchanged."""
    from mag_core.task_design import FEATURE_MEANINGS

    assert set(FEATURE_MEANINGS) == set(FEATURES)
    folder = resources.files("mag_mcp.tasks").joinpath("data")
    raw = [t for p in folder.iterdir() if p.name.endswith(".json") for t in json.loads(p.read_text())]
    loaded = [Task.model_validate(t) for t in raw]
    assert len(loaded) == len(TaskRegistry.builtin().tasks) and all(t.mag for t in loaded)
    webarena = json.loads((Path(__file__).parent / "fixtures" / "webarena" / "test.raw.json").read_text())
    assert all(Task.model_validate(c).mag is None for c in webarena)
