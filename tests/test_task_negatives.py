"""Negatives (`mag.negatives`): the authoring helpers derive them from the gold, the task's own
checker fails them offline (string_match, url_match), and `mag tasks verify --negatives-only`
reports the count and every negative that passes."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest
from typer.testing import CliRunner

from mag_core.task_design import Negative
from mag_core.tasks import Task
from mag_mcp.tasks.authoring.common import (
    hedged,
    near_entity,
    permuted,
    stale,
    standard_negatives,
    url_negative,
)
from mag_mcp.tasks.negatives import check_offline, offline_verdict
from mag_mcp.tasks.registry import TaskRegistry
from mag_mcp.tasks.verify import verify_tasks


def with_negatives(task_id: str, *negatives: dict[str, str]) -> Task:
    t = TaskRegistry.builtin().get(task_id).model_copy(deep=True)
    t.mag.negatives = [Negative.model_validate(n) for n in negatives]
    return Task.model_validate(t.model_dump(mode="json"))  # through validation, as a task file loads


def outcomes(task: Task) -> list[str]:
    return [anyio.run(offline_verdict, task, i).outcome for i in range(len(task.mag.negatives))]


def test_helpers_derive_the_standard_negatives() -> None:
    assert permuted(["Ada", "Bo", "Cy"]) == {"answer": "Bo, Cy, Ada", "why": "permuted multi-value"}
    with pytest.raises(ValueError):
        permuted(["Ada", "Ada"])
    assert hedged("$19.90", "$18.00", "$24.50")["answer"] == "$18.00, $19.90 or $24.50"
    with pytest.raises(ValueError):
        hedged("$19.90")
    negs = standard_negatives("$19.90", near={"the 12 inch skillet": "$29.90"}, before="$17.90")
    assert [n["why"] for n in negs] == ["near entity's value (the 12 inch skillet)", "hedged list",
                                       "stale value before the change"]
    assert [n["answer"] for n in standard_negatives(["A", "B"], ordered=True)] == ["B, A"]


def test_a_price_task_fails_its_plausible_wrong_answers() -> None:
    t = with_negatives("shopping-price-1", near_entity("$29.90", "the 12 inch skillet"),
                       hedged("$19.90", "$18.00", "$24.50"), stale("$17.90"))
    assert outcomes(t) == ["failed", "failed", "failed"]


def test_a_negative_the_checker_accepts_is_reported() -> None:
    """The gold's own answer, or the value with a unit the reference leaves out, passes: verify says so."""
    t = with_negatives("shopping-price-1", {"answer": "It costs $19.90.", "why": "the gold, reworded"})
    v = anyio.run(offline_verdict, t, 0)
    assert v.outcome == "passed" and v.passes and v.how == "offline"


def test_a_permuted_list_passes_a_checker_that_ignores_order() -> None:
    """must_include of bare values accepts them in any order: a permuted negative shows that the
    checker of an ordered question (a ranking, a route) needs labelled references, which the
    suite's three-mode route task has."""
    task = with_negatives("map-compare-modes-1", permuted(["driving 3.3 km", "cycling 2.7 km", "walking 2.9 km"]))
    assert task.eval.reference_answers.must_include == ["driving: 3.3km", "cycling: 2.9km", "walking: 2.7km"]
    assert outcomes(task) == ["failed"]
    bare = task.model_copy(deep=True)
    bare.eval.reference_answers.must_include = ["3.3km", "2.9km", "2.7km"]
    bare.mag.negatives = [Negative(**permuted(["3.3 km", "2.9 km", "2.7 km"]))]
    assert outcomes(bare) == ["passed"]


def test_url_negatives_offline() -> None:
    t = TaskRegistry.builtin().get("shopping-open-order-1")
    ref = t.eval.reference_url
    other = ref.rstrip("/").rsplit("/", 1)[0] + "/1/"
    t = with_negatives("shopping-open-order-1", url_negative(other, "another order's page"),
                       url_negative("__SHOPPING__/sales/order/history/", "the order list, not the order"),
                       url_negative(ref, "the gold itself"))
    assert outcomes(t) == ["failed", "failed", "passed"]


def test_negatives_must_match_what_the_checker_reads() -> None:
    t = TaskRegistry.builtin().get("shopping-open-order-1").model_dump(mode="json")
    t["mag"]["negatives"] = [{"answer": "order 12", "why": "another order"}]
    with pytest.raises(ValueError, match="reads no answer"):
        Task.model_validate(t)
    t["mag"]["negatives"] = [{"answer": "x", "url": "y", "why": "both"}]
    with pytest.raises(ValueError, match="exactly one"):
        Task.model_validate(t)


def test_an_unachievable_negative_needs_the_judge() -> None:
    """A plausible answer to an N/A task is left to the answer judge: undecided without one."""
    data = TaskRegistry.builtin().get("shopping-price-1").model_dump(mode="json")
    data["eval"]["reference_answers"] = {"fuzzy_match": "N/A"}
    data["eval"]["string_note"] = "the shop does not sell this product"
    data["mag"]["tags"]["features"] = ["unachievable"]
    data["mag"]["negatives"] = [{"answer": "$19.90", "why": "a near product's price"}, {"answer": "N/A", "why": "x"}]
    t = Task.model_validate(data)

    class Refuses:
        name = "refuses"

        async def fuzzy_match(self, pred: str, reference: str, question: str) -> float:
            return 0.0

        async def ua_match(self, pred: str, reference: str, question: str) -> float:
            return 0.0

    undecided = anyio.run(offline_verdict, t, 0)
    assert undecided.outcome == "undecided" and "judge" in undecided.message
    assert anyio.run(offline_verdict, t, 0, Refuses()).outcome == "failed"
    assert anyio.run(offline_verdict, t, 1).outcome == "passed"


def test_verify_counts_negatives_without_replay(tmp_path: Path) -> None:
    a = with_negatives("shopping-price-1", near_entity("$29.90", "a near skillet"), stale("$17.90"))
    b = with_negatives("shopping-sku-1", {"answer": TaskRegistry.builtin().get("shopping-sku-1")
                                          .eval.reference_answers.exact_match, "why": "the gold"})
    report = anyio.run(lambda: verify_tasks([a, b], ["som"], tmp_path, replay=False))
    assert len(report.negatives) == 3
    assert [v.task_id for v in report.failures] == [b.id]
    assert report.negatives_summary().startswith("3 negatives checked over 2 tasks (0 on the live page): 2 fail")
    verdicts, live = anyio.run(check_offline, [a, b])
    assert len(verdicts) == 3 and not live


def test_verify_command_prints_the_negatives(tmp_path: Path) -> None:
    """The price task declares its neighbours' prices and the hedged list: all three fail."""
    from mag_mcp.cli import app

    declared = len(TaskRegistry.builtin().get("shopping-price-1").mag.negatives)
    assert declared == 3
    res = CliRunner().invoke(app, ["tasks", "verify", "--site", "shopping-price-1", "--negatives-only",
                                   "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert f"{declared} negatives checked over 1 tasks (0 on the live page): {declared} fail as they must, 0 pass" \
        in " ".join(res.output.split())
