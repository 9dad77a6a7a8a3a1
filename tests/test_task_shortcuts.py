"""The shortcut-resistance rules of `mag tasks stats` (mag_mcp/tasks/stats/shortcuts.py) on real
tasks of the suite and on copies changed the way a re-authored task would be."""

from __future__ import annotations

from mag_core.tasks import GoldStep, Locator, Task
from mag_mcp.tasks.registry import TaskRegistry
from mag_mcp.tasks.stats.observed import StartPage
from mag_mcp.tasks.stats.shortcuts import (
    answer_space,
    copied_share,
    first_search,
    search_copy,
)
from mag_mcp.tasks.stats.start_pages import judge_start_page


def task(task_id: str) -> Task:
    return TaskRegistry.builtin().get(task_id).model_copy(deep=True)


def by_template(template: int) -> list[Task]:
    return [t.model_copy(deep=True) for t in TaskRegistry.builtin().tasks.values() if t.intent_template_id == template]


def test_copied_share_on_word_ngrams() -> None:
    intent = "What is the price of the Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned?"
    assert copied_share("Lodge 10.25 inch cast-iron skillet", intent) == 1.0
    assert copied_share("skillet", intent) == 1.0  # one word: a unigram of the intent
    assert copied_share("pan", intent) == 0.0
    assert copied_share("cast iron pan for camping", intent) == 0.25  # "cast iron" of 4 bigrams
    assert copied_share("", intent) == 0.0


def test_first_search_of_a_shop_task() -> None:
    """The shop's price tasks start by typing the product's full name into the search box."""
    t = task("shopping-price-1")
    step = first_search(t)
    assert step is not None and step.action == "type"
    found = search_copy(t)
    assert found is not None and found.copied and found.query == step.value


def test_a_search_by_property_is_not_a_copy() -> None:
    t = task("shopping-price-1")
    step = first_search(t)
    assert step is not None
    step.value = "heavy frying pan"  # what it is, in other words than the intent's
    found = search_copy(t)
    assert found is not None and not found.copied


def test_a_task_that_browses_first_has_no_first_search() -> None:
    t = task("shopping-price-1")
    t.mag.gold["som"].steps.insert(0, GoldStep(action="click", target=Locator(role="link", name="Beauty"),
                                               guide="Open the Beauty category."))
    assert first_search(t) is None and search_copy(t) is None


def page(text: str, marks: tuple[str, ...] = ()) -> StartPage:
    return StartPage(url="http://x/", title="Home", texts=[text], marks=list(marks))


def test_a_labelled_count_on_the_start_page_is_found() -> None:
    t = task("gitlab-open-issues-1")
    count = t.eval.reference_answers.must_include[0] if t.eval.reference_answers.must_include else \
        t.eval.reference_answers.exact_match
    project = t.instantiation_dict["project"]
    rec = judge_start_page(t, page(f"Projects\n{project}\nIssues: {count}\nStars 12"))
    assert rec.found == "text" and rec.where == [f"Issues: {count}"]
    # the same number with no word of the question beside it is no answer
    assert judge_start_page(t, page(f"Projects\n{project}\nUpdated {count} days ago")).found is None
    # nor the count of another project (the intent names this one)
    assert judge_start_page(t, page(f"Projects\nbyteblaze/a11y\nIssues: {count}\nStars 12")).found is None


def test_a_name_in_the_marks_is_found() -> None:
    t = task("map-nearest-1")
    name = t.eval.reference_answers.must_include[0]
    assert judge_start_page(t, page("Port Alder map", ("Search", name))).found == "marks"
    assert judge_start_page(t, page("Port Alder map", ("Search",))).found is None


def test_every_reference_must_appear() -> None:
    t = task("map-compare-modes-1")
    entries = t.eval.reference_answers.must_include or []
    assert len(entries) >= 2
    only_first = judge_start_page(t, page(f"driving {entries[0].split(' |OR| ')[0]}"))
    assert only_first.found is None


def test_answer_space_of_yes_no_and_choices() -> None:
    older = by_template(9503)  # "Which is older, {a} or {b}?": one of the two names in the question
    space = answer_space(older)
    assert space is not None and space.size == 2 and space.too_small
    yes_no = by_template(9001)
    for t in yes_no:
        t.mag.gold["som"].steps[-1].value = "Yes" if t.id.endswith(("1", "3")) else "No"
    assert answer_space(yes_no).size == 2
    prices = by_template(9001)
    assert answer_space(prices).size is None  # five different prices: open


def test_declared_space_and_justification() -> None:
    older = by_template(9503)
    for t in older:
        t.mag.answer_space = 40
    assert not answer_space(older).too_small
    justified = by_template(9503)
    for t in justified:  # the name and the year it was founded: two references
        refs = t.eval.reference_answers
        refs.must_include = [*(refs.must_include or [refs.exact_match]), "1890"]
        refs.exact_match = None
    space = answer_space(justified)
    assert space.justified and not space.too_small
