"""Alignment of agent steps with gold steps: anchors by target / URL, DTW for the rest."""

from __future__ import annotations

from evaluators.alignment import MIN_SIMILARITY, Alignment, align, step_similarity
from evaluators.models import GoldStepView, StepView, TargetView

BASE = "http://shop.test"


def tv(role: str, name: str) -> TargetView:
    return TargetView(role=role, name=name)


def a(index: int, kind: str | None, target: TargetView | None = None, value: str | None = None,
      url: str = f"{BASE}/", url_after: str | None = None) -> StepView:
    return StepView(index=index, url=url, url_after=url_after if url_after is not None else url,
                    action_kind=kind, action_text=None if kind is None else f"{kind} ...", value=value,
                    target=target, guide="a guide", compliant=kind is not None)


def g(index: int, kind: str, target: TargetView | None = None, value: str | None = None,
      url_after: str | None = None) -> GoldStepView:
    return GoldStepView(index=index, action_kind=kind, target=target, value=value, guide=f"gold guide {index}",
                        url_after=url_after)


def pairs(result: list[Alignment]) -> list[tuple[int, int | None, str | None]]:
    return [(r.agent_index, r.gold_index, r.by) for r in result]


SEARCH = tv("searchbox", "Search")
GO = tv("button", "Search")
ORDERS = tv("link", "My Orders")


def gold_search() -> list[GoldStepView]:
    return [
        g(0, "click", SEARCH),
        g(1, "type", SEARCH, "running shoes"),
        g(2, "click", GO),
        g(3, "stop", value="N/A"),
    ]


def test_identical_sequences_align_one_to_one_by_target() -> None:
    gold = gold_search()
    agent = [a(1, "click", SEARCH), a(2, "type", SEARCH, "running shoes"), a(3, "click", GO),
             a(4, "stop", value="N/A")]
    out = align(agent, gold)
    assert pairs(out) == [(1, 0, "target"), (2, 1, "target"), (3, 2, "target"), (4, 3, "target")]
    assert all(r.similarity == 1.0 for r in out)


def test_target_match_is_case_and_whitespace_insensitive_and_text_only_gold() -> None:
    gold = [g(0, "click", TargetView(name="My   orders")), g(1, "click", tv("Button", "Search"))]
    agent = [a(1, "click", tv("link", "my orders")), a(2, "double_click", tv("button", " search "))]
    assert pairs(align(agent, gold)) == [(1, 0, "target"), (2, 1, "target")]


def test_extra_misclick_in_the_middle_is_unaligned() -> None:
    gold = gold_search()
    agent = [a(1, "click", SEARCH), a(2, "click", tv("link", "Sale banner")),
             a(3, "type", SEARCH, "running shoes"), a(4, "click", GO), a(5, "stop", value="N/A")]
    assert pairs(align(agent, gold)) == [
        (1, 0, "target"), (2, None, None), (3, 1, "target"), (4, 2, "target"), (5, 3, "target"),
    ]


def test_coordinate_agent_type_without_target_aligns_by_dtw() -> None:
    gold = gold_search()
    agent = [a(1, "click", SEARCH), a(2, "type", None, "running shoes"), a(3, "click", GO),
             a(4, "stop", value="N/A")]
    out = align(agent, gold)
    assert pairs(out) == [(1, 0, "target"), (2, 1, "dtw"), (3, 2, "target"), (4, 3, "target")]
    assert out[1].similarity == 1.0  # same kind, the typed text is all the agent step says


def test_goto_url_transition_anchors() -> None:
    gold = [g(0, "goto", value=f"{BASE}/customer/orders/"), g(1, "click", tv("link", "View Order 42")),
            g(2, "stop", value="3")]
    agent = [a(1, "scroll", value="down"),
             a(2, "goto", value="https://shop.test/customer/orders#top", url_after=f"{BASE}/customer/orders"),
             a(3, "click", tv("link", "View Order 42")), a(4, "stop", value="3")]
    assert pairs(align(agent, gold)) == [(1, None, None), (2, 0, "url"), (3, 1, "target"), (4, 2, "target")]


def test_click_that_navigates_anchors_on_a_known_gold_url_after() -> None:
    gold = [g(0, "click", tv("link", "Orders"), url_after=f"{BASE}/orders"), g(1, "go_back")]
    agent = [a(1, "click", tv("menuitem", "Your orders"), url=f"{BASE}/", url_after=f"{BASE}/orders/"),
             a(2, "go_back", url=f"{BASE}/orders", url_after=f"{BASE}/")]
    assert pairs(align(agent, gold)) == [(1, 0, "url"), (2, 1, "dtw")]


def test_a_page_that_did_not_change_is_no_url_anchor() -> None:
    gold = [g(0, "scroll", value="down", url_after=f"{BASE}/"), g(1, "scroll", value="down", url_after=f"{BASE}/")]
    agent = [a(1, "hover", tv("img", "logo"), url=f"{BASE}/", url_after=f"{BASE}/")]
    assert pairs(align(agent, gold)) == [(1, None, None)]


def test_order_is_preserved_a_crossing_match_is_not_taken() -> None:
    gold = [g(0, "click", tv("link", "A")), g(1, "click", tv("link", "B")), g(2, "click", tv("link", "C"))]
    agent = [a(1, "click", tv("link", "C")), a(2, "click", tv("link", "A")), a(3, "click", tv("link", "B"))]
    out = align(agent, gold)
    assert pairs(out)[1:] == [(2, 0, "target"), (3, 1, "target")]
    assert out[0].gold_index is None  # C comes before the A/B anchors: nothing left to align it with
    aligned = [r.gold_index for r in out if r.gold_index is not None]
    assert aligned == sorted(aligned)


def test_two_agent_steps_map_onto_one_gold_step_by_dtw() -> None:
    gold = [g(0, "click", SEARCH), g(1, "type", None, "blue running shoes"), g(2, "click", GO)]
    agent = [a(1, "click", SEARCH), a(2, "type", None, "blue running"), a(3, "type", None, "shoes"),
             a(4, "click", GO)]
    assert pairs(align(agent, gold)) == [(1, 0, "target"), (2, 1, "dtw"), (3, 1, "dtw"), (4, 2, "target")]


def test_non_compliant_step_is_unaligned() -> None:
    gold = gold_search()
    agent = [a(1, "click", SEARCH), a(2, None), a(3, "type", SEARCH, "running shoes"), a(4, "click", GO),
             a(5, "stop", value="N/A")]
    out = align(agent, gold)
    assert (out[1].gold_index, out[1].by, out[1].similarity) == (None, None, 0.0)
    assert [r.gold_index for r in out] == [0, None, 1, 2, 3]


def test_dissimilar_steps_between_anchors_stay_unaligned() -> None:
    gold = [g(0, "click", SEARCH), g(1, "press", value="Enter"), g(2, "click", ORDERS)]
    agent = [a(1, "click", SEARCH), a(2, "scroll", value="down"), a(3, "click", ORDERS)]
    assert step_similarity(agent[1], gold[1]) < MIN_SIMILARITY
    assert pairs(align(agent, gold)) == [(1, 0, "target"), (2, None, None), (3, 2, "target")]


def test_stop_without_gold_stop_is_not_forced() -> None:
    gold = [g(0, "click", ORDERS)]
    agent = [a(1, "click", ORDERS), a(2, "stop", value="done")]
    assert pairs(align(agent, gold)) == [(1, 0, "target"), (2, None, None)]


def test_empty_inputs() -> None:
    assert align([], []) == []
    assert align([], gold_search()) == []
    agent = [a(1, "click", SEARCH), a(2, "stop", value="x")]
    assert pairs(align(agent, [])) == [(1, None, None), (2, None, None)]


def test_deterministic() -> None:
    gold = gold_search()
    agent = [a(1, "click", SEARCH), a(2, "type", None, "running"), a(3, "type", None, "shoes"),
             a(4, "click", tv("button", "Go")), a(5, "stop", value="N/A")]
    assert align(agent, gold) == align(agent, gold)


def test_steps_without_targets_walk_the_gold_steps_in_order():
    """Equally similar pairs (clicks whose targets are unknown) align on the diagonal,
    not all onto one gold step."""
    agent = [StepView(index=i, url="u", action_kind="click", action_text=f"click ({i}, 1)", guide="g",
                      compliant=True) for i in (1, 2, 3)]
    gold = [GoldStepView(index=i, action_kind="click", target=TargetView(role="link", name=n), guide="g")
            for i, n in enumerate(["Sales", "Orders", "Filters"])]
    assert [a.gold_index for a in align(agent, gold)] == [0, 1, 2]
