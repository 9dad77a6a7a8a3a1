"""No gold guide of the built-in suite is a leak: every guide of `mag_mcp/tasks/data/*.json`
under the context-free detector, and, under the observation-aware detector scoring uses, every
step of a real gold replay (the MCP server and Chromium) of the longest task of every template
(the gold sample `make test` replays once, tests/gold_sample.py)."""

from __future__ import annotations

import json
import re

import pytest

from evaluators.run_data import load_run
from mag_core.guide_leaks import LeakContext, find_guide_leak, find_step_leak
from mag_core.tasks import Task
from mag_mcp.tasks.registry import TaskRegistry

ORDER_ID = re.compile(r"\border\b\D*\b(0\d{5,})\b", re.I)  # "order 000000292", "order number 000000292"
# a number the detector must weigh: a whole number not glued to letters, not a decimal, no leading zero
WEIGHED_NUMBER = re.compile(r"(?<![\w.])[1-9]\d{0,3}(?![\w]|\.\d)|(?<![\w.])0(?![\w]|\.\d)")


def _guides(task: Task) -> list[str]:
    return [s.guide for gold in (task.mag.gold.values() if task.mag else []) for s in gold.steps]


@pytest.fixture(scope="module")
def suite() -> list[Task]:
    return list(TaskRegistry.builtin().tasks.values())


def test_no_gold_guide_of_the_suite_is_flagged_without_an_observation(suite):
    flagged = [(t.id, g, find_guide_leak(g)) for t in suite for g in _guides(t) if find_guide_leak(g)]
    assert not flagged, flagged[:10]
    guides = [g for t in suite for g in _guides(t)]
    assert len(guides) > 5000  # the whole suite, both groundings
    assert sum(bool(ORDER_ID.search(g)) for g in guides) >= 40  # order-id guides are among them


@pytest.mark.timeout(2400)
def test_no_gold_guide_is_flagged_against_its_own_observation(suite, gold_sample):
    assert gold_sample.returncode == 0, gold_sample.log
    numbered = [i for i in gold_sample.task_ids if any(WEIGHED_NUMBER.search(g) for g in _guides(
        next(t for t in suite if t.id == i)))]
    assert len(numbered) >= 30  # the replayed guides give the detector numbers to weigh (36 templates)
    episodes = load_run(gold_sample.out / "gold")
    assert len(episodes) == 2 * len(gold_sample.task_ids)
    # every gold step was replayed as written (success is the checkers' business, tested elsewhere)
    for ep in episodes:
        assert ep.outcome is not None and len(ep.steps) == ep.task.gold_length(ep.header.grounding), ep.task.id
        assert all(s.error is None and s.compliant for s in ep.steps), ep.task.id
    flagged, order_steps, note_steps = [], 0, 0
    for ep in episodes:
        for step in ep.steps:
            # the environment recorded the page's numbers at every step
            assert step.page_numbers is not None, (ep.task.id, step.index)
            leak = find_step_leak(step.guide or "", LeakContext.from_step(step, ep.task.intent))
            if leak:
                flagged.append((ep.task.id, ep.header.grounding, step.index, step.guide, leak.fragment, leak.why))
            order = ORDER_ID.search(step.guide or "")
            if order and step.action is not None and step.action.kind == "click":
                order_steps += 1  # the row the guide names is on the page it was written for
                assert int(order.group(1)) in step.page_numbers, (ep.task.id, step.guide)
            note = re.search(r"Note #(\d+)", step.guide or "")
            if note and step.action is not None and step.action.kind == "click":
                note_steps += 1  # "#2" is page text here, though a mark 2 is shown too
                assert int(note.group(1)) in step.page_numbers
    assert not flagged, json.dumps(flagged[:10], indent=1)
    assert order_steps >= 5 and note_steps >= 2  # the sample's order-id and note clicks (8 and 4)
