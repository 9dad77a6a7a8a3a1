"""Task selectors against the built-in suite (figures as in docs/TASKS.md)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mag_mcp.tasks.registry import SelectorError, TaskNotFound, TaskRegistry


@pytest.fixture(scope="module")
def reg() -> TaskRegistry:
    return TaskRegistry.builtin()


def ids(tasks) -> set[str]:  # type: ignore[no-untyped-def]
    return {t.id for t in tasks}


@pytest.mark.parametrize(
    "selector,count",
    [
        ("all", 378), ("", 378), ("cross_site", 34), ("split:train", 259), ("split:test", 119),
        ("split:train,test", 378), ("length:short", 131), ("length:medium", 174), ("length:long", 73),
        ("length:1-4", 131), ("length:5-9", 174), ("length:>9", 73), ("length:short,long", 204),
        ("kind:information", 147), ("kind:navigation", 77), ("kind:state_change", 154),
        ("shopping_admin", 61), ("template:9001", 5), ("template:9006", 6), ("template:9001,9002", 10),
    ],
)
def test_selector_counts(reg, selector, count):
    assert len(reg.select(selector)) == count


def test_site_selector_counts_own_and_cross_site_tasks(reg):
    # docs/TASKS.md: 62 own shopping tasks plus 5 cross-site tasks using the shop
    shop = reg.select("shopping")
    assert len(shop) == 62 + 5 and all("shopping" in t.sites for t in shop)


def test_length_buckets_follow_set_of_mark_gold_steps(reg):
    for t in reg.select("length:long"):
        assert t.gold_length("som") > 9
    for t in reg.select("length:5-9"):
        assert 5 <= t.gold_length("som") <= 9
    for t in reg.select("length:short"):
        assert 1 <= t.gold_length("som") <= 4


def test_and_combinations(reg):
    combo = reg.select("split:test+length:long")
    assert combo and ids(combo) == ids(reg.select("split:test")) & ids(reg.select("length:long"))
    three = reg.select("split:train+shopping+length:medium")
    expected = ids(reg.select("split:train")) & ids(reg.select("shopping")) & ids(reg.select("length:medium"))
    assert three and ids(three) == expected
    assert all(t.mag.split == "train" and "shopping" in t.sites for t in three)
    # a valid combination may select nothing; AND with a template keeps only its tasks
    tmpl = reg.select("template:9001+split:train")
    assert ids(tmpl) == ids(reg.select("template:9001"))
    assert reg.select("template:9001+split:test") == []


def test_templates_and_splits_partition(reg):
    train, test = ids(reg.select("split:train")), ids(reg.select("split:test"))
    assert not train & test and len(train | test) == 378
    for tid in {t.intent_template_id for t in reg.select("cross_site")}:
        assert {t.intent_template_id for t in reg.select(f"template:{tid}")} == {tid}


def test_ids_and_unions(reg):
    two = reg.select("shopping-price-1, shopping-open-order-1")
    assert [t.id for t in two] == ["shopping-price-1", "shopping-open-order-1"]
    assert len(reg.select("shopping-price-1,shopping-price-1")) == 1
    union = reg.select("shopping_admin,cross_site")
    assert ids(union) == ids(reg.select("shopping_admin")) | ids(reg.select("cross_site"))


@pytest.mark.parametrize(
    "selector,fragment",
    [
        ("no-such-task", "unknown task 'no-such-task'"),
        ("shoping-price-1", "did you mean shopping-price-1"),
        ("split:dev", "choose from train, test"),
        ("template:1", "intent template ids: 9001"),
        ("template:abc", "unknown template 'abc'"),
        ("length:huge", "choose from short, medium, long, 1-4, 5-9, >9"),
        ("kind:fun", "unknown kind"),
        ("colour:red", "unknown selector 'colour:'"),
        ("shopping+", "empty term"),
        ("split:test+nope", "unknown task 'nope'"),
    ],
)
def test_unknown_selectors_say_what_is_valid(reg, selector, fragment):
    with pytest.raises(SelectorError) as info:
        reg.select(selector)
    assert fragment in str(info.value)
    assert isinstance(info.value, TaskNotFound)


def test_unknown_selector_message_lists_the_forms(reg):
    with pytest.raises(SelectorError) as info:
        reg.select("bogus")
    for form in ("split:train|test", "template:<id>", "length:short|medium|long", "cross_site", "shopping_admin"):
        assert form in str(info.value)


def test_cli_prints_selector_errors_without_traceback():
    p = subprocess.run([sys.executable, "-m", "mag_mcp.cli", "tasks", "list", "length:huge"],
                       check=False, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert p.returncode == 2 and "unknown length 'huge'" in p.stderr and "Traceback" not in p.stderr
    p = subprocess.run([sys.executable, "-m", "mag_mcp.cli", "tasks", "list", "template:9001+split:train", "--as-json"],
                       check=False, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert p.returncode == 0, p.stderr
    assert p.stdout.count('"intent_template_id": 9001') == 5
