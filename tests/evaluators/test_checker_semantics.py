"""WebArena's behaviours that no shipped configuration reaches but a user's may
(null locators, prep_actions, the N/A overwrite, the approaches' order), URL
rules of both modes, and state_check's collateral-edit guard on real SQLite."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import anyio
import pytest

from evaluators.checkers import CheckContext, check_task
from evaluators.checkers.program_html import iife
from evaluators.judges.answer_llm import ua_prompt
from mag_core.checks import CheckResult
from mag_core.tasks import Task

BASE_URLS = {"shopping": "http://localhost:7770", "shopping_admin": "http://localhost:7780/admin",
             "reddit": "http://localhost:9999", "gitlab": "http://localhost:8023",
             "wikipedia": "http://localhost:8888"}


def make(eval_: dict[str, Any], intent: str = "Is the order canceled?") -> Task:
    return Task.model_validate({"sites": ["shopping_admin"], "task_id": 1, "start_url": "__SHOPPING_ADMIN__",
                                "intent": intent, "eval": eval_})


def run(task: Task, ctx: CheckContext, mode: str) -> CheckResult:
    async def go() -> CheckResult:
        return await check_task(task, ctx, mode)  # type: ignore[arg-type]

    return anyio.run(go)


class Judge:
    def __init__(self, verdict: float) -> None:
        self.name, self.verdict, self.calls = "fixed", verdict, 0

    async def fuzzy_match(self, pred: str, reference: str, question: str) -> float:
        self.calls += 1
        return self.verdict

    async def ua_match(self, pred: str, reference: str, question: str) -> float:
        self.calls += 1
        return self.verdict


class Page:
    """Answers each expression from a table; an Exception value is raised."""

    def __init__(self, answers: dict[str, Any]) -> None:
        self.answers, self.seen, self.current = answers, [], "http://localhost:7780/admin/x"

    async def url(self) -> str:
        return self.current

    async def goto(self, url: str) -> None:
        self.current = url

    async def evaluate(self, expression: str) -> Any:
        self.seen.append(expression)
        value = self.answers.get(expression)
        if isinstance(value, Exception):
            raise value
        return value


# ---------------------------------------------------------------------------
# string_match: the approaches in the configuration's order, the N/A overwrite
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("refs", "answer", "judge", "webarena", "strict"),
    [
        # a failed must_include before N/A: WebArena's judge verdict replaces the 0
        ({"must_include": ["zzz"], "fuzzy_match": "N/A"}, "It does not exist", 1.0, 1.0, 0.0),
        # after N/A the later approach multiplies the judge's verdict
        ({"fuzzy_match": "N/A", "must_include": ["zzz"]}, "It does not exist", 1.0, 0.0, 0.0),
        # an exact "N/A" needs no judge, unless an earlier approach failed (then WebArena asks it)
        ({"must_include": ["zzz"], "fuzzy_match": "N/A"}, "N/A", 0.0, 0.0, 0.0),
        ({"must_include": ["zzz"], "fuzzy_match": "N/A"}, "N/A", 1.0, 1.0, 0.0),
        ({"must_include": ["n/a"], "fuzzy_match": "N/A"}, "N/A", 0.0, 1.0, 1.0),
        ({"fuzzy_match": "N/A"}, "N/A.", 0.0, 0.0, 1.0),
    ],
)
def test_not_achievable_overwrites_in_config_order(refs: dict, answer: str, judge: float, webarena: float,
                                                   strict: float) -> None:
    task = make({"eval_types": ["string_match"], "reference_answers": refs, "string_note": "no such order"})
    assert task.eval.reference_answers is not None and task.eval.reference_answers.approaches == list(refs)
    for mode, expected in (("webarena", webarena), ("strict", strict)):
        result = run(task, CheckContext(answer=answer, judge=Judge(judge)), mode)
        assert result.score == expected, (mode, result.summary())


@pytest.mark.parametrize(
    ("refs", "answer", "intent", "webarena", "strict"),
    [  # rows of the table in docs/EVALUATION.md not covered above in both modes
        ({"exact_match": "Reporter"}, "Chloe Martin is a Reporter", "What is Chloe Martin's role?", 0.0, 1.0),
        ({"must_include": ["3"]}, "2, 3 or 4", "How many orders?", 1.0, 0.0),
        ({"must_include": ["GPL-3.0"]}, "MIT, GPL-3.0 or Apache-2.0", "What license does the project use?", 1.0, 0.0),
        ({"must_include": ["06516"]}, "6516", "What is the zip code of Yale University?", 0.0, 0.0),
    ],
)
def test_documented_rows(refs: dict, answer: str, intent: str, webarena: float, strict: float) -> None:
    task = make({"eval_types": ["string_match"], "reference_answers": refs}, intent)
    assert run(task, CheckContext(answer=answer), "webarena").score == webarena
    assert run(task, CheckContext(answer=answer), "strict").score == strict


def test_swapped_labelled_values_fail_in_strict_and_wait_for_the_judge_in_webarena() -> None:
    task = make({"eval_types": ["string_match"],
                 "reference_answers": {"fuzzy_match": ["driving: 2min", "walking: 16min"]}})
    pending = run(task, CheckContext(answer="driving: 16min, walking: 2min"), "webarena")
    assert pending.needs_judge and pending.score == 0.0
    decided = run(task, CheckContext(answer="driving: 16min, walking: 2min"), "strict")
    assert not decided.needs_judge and decided.score == 0.0
    assert "another value next to 'driving'" in decided.details[0].message


def test_approach_order_survives_a_saved_task() -> None:
    task = make({"eval_types": ["string_match"], "reference_answers": {"fuzzy_match": "N/A", "exact_match": "x"}})
    again = Task.model_validate_json(task.model_dump_json())
    assert again.eval.reference_answers is not None
    assert again.eval.reference_answers.approaches == ["fuzzy_match", "exact_match"]
    plain = make({"eval_types": ["string_match"], "reference_answers": {"exact_match": "x"}})
    assert list(plain.model_dump()["eval"]["reference_answers"]) == ["exact_match", "must_include", "fuzzy_match"]


def test_the_unachievable_prompt_is_webarenas_current_one() -> None:
    text = ua_prompt("no such order", "order 9 does not exist", "Show order 9")[-1]["content"]
    assert text.startswith("task: Show order 9\nactual unachievable reason: order 9 does not exist\n"
                           "reported unachievable reason: no such order\n")
    assert "respond with 'same'. Otherwise, respond with 'different'." in text
    assert "Task_1" not in text and "Report_1" not in text


def test_placeholders_in_references_resolve() -> None:
    task = make({"eval_types": ["string_match"], "reference_answers": {"must_include": ["__GITLAB__/a/b"]}})
    ctx = CheckContext(answer="see http://localhost:8023/a/b", base_urls=BASE_URLS)
    assert run(task, ctx, "webarena").success and run(task, ctx, "strict").success


# ---------------------------------------------------------------------------
# program_html: null, lists, prep_actions
# ---------------------------------------------------------------------------

LOC = "document.querySelector('#status').value"


@pytest.mark.parametrize(
    ("value", "required", "webarena", "strict"),
    [
        (None, {"exact_match": "None"}, 1.0, 0.0),
        (None, {"must_include": ["none"]}, 1.0, 0.0),
        (2, {"exact_match": "2"}, 1.0, 1.0),
        (2.5, {"exact_match": "2.5"}, 1.0, 1.0),
        ([1, "a"], {"must_include": ["[1, 'a']"]}, 1.0, 1.0),  # both modes: Python's repr
        (False, {"exact_match": "False"}, 1.0, 1.0),
        (RuntimeError("no element"), {"exact_match": ""}, 1.0, 1.0),
    ],
)
def test_locator_values_read_as_pythons_str(value: Any, required: dict, webarena: float, strict: float) -> None:
    task = make({"eval_types": ["program_html"],
                 "program_html": [{"url": "last", "locator": LOC, "required_contents": required}]})
    for mode, expected in (("webarena", webarena), ("strict", strict)):
        assert run(task, CheckContext(page=Page({iife(LOC): value})), mode).score == expected, mode


def test_prep_actions_stop_at_the_first_failure() -> None:
    preps = ["document.querySelector('#a').click()", "document.querySelector('#missing').click()",
             "document.querySelector('#c').click()"]
    page = Page({iife(preps[1]): RuntimeError("null has no click"), iife(LOC): "ok"})
    task = make({"eval_types": ["program_html"], "program_html": [
        {"url": "last", "locator": LOC, "prep_actions": preps, "required_contents": {"exact_match": "ok"}}]})
    assert run(task, CheckContext(page=page), "webarena").success
    assert page.seen == [iife(preps[0]), iife(preps[1]), iife(LOC)]  # the third never ran


# ---------------------------------------------------------------------------
# url_match
# ---------------------------------------------------------------------------

ISSUES = "__GITLAB__/a11yproject/a11yproject.com/-/issues/?label_name%5B%5D=bug"
SECTION = "__WIKIPEDIA__/wikipedia_en_all_maxi_2022-05/A/Eastgate#Transport"
WIKI = "http://localhost:8888/wikipedia_en_all_maxi_2022-05/A/Eastgate"


@pytest.mark.parametrize(
    ("reference", "final", "webarena", "strict"),
    [
        # WebArena keeps netloc + path as is: the "/" before the query matters
        (ISSUES, "http://localhost:8023/a11yproject/a11yproject.com/-/issues/?label_name%5B%5D=bug", 1.0, 1.0),
        (ISSUES, "http://localhost:8023/a11yproject/a11yproject.com/-/issues?label_name%5B%5D=bug", 0.0, 1.0),
        (ISSUES, "http://localhost:8023/a11yproject/a11yproject.com/-/issuesedasdf?label_name%5B%5D=bug", 0.0, 0.0),
        ("__SHOPPING__/checkout/cart/", "http://localhost:7770/checkout/cart", 1.0, 1.0),
        # strict compares the fragment where the reference has one (a section of a page)
        (SECTION, WIKI + "#Transport", 1.0, 1.0),
        (SECTION, WIKI, 1.0, 0.0),
        (SECTION, WIKI + "#History", 1.0, 0.0),
        (SECTION, WIKI + "#Trans%70ort", 1.0, 1.0),
        ("__WIKIPEDIA__/wikipedia_en_all_maxi_2022-05/A/Eastgate", WIKI + "#History", 1.0, 1.0),
    ],
)
def test_url_rules(reference: str, final: str, webarena: float, strict: float) -> None:
    task = make({"eval_types": ["url_match"], "reference_url": reference, "url_note": "GOLD in PRED"})
    ctx = CheckContext(final_url=final, base_urls=BASE_URLS)
    assert run(task, ctx, "webarena").score == webarena
    assert run(task, ctx, "strict").score == strict


# ---------------------------------------------------------------------------
# state_check: the collateral-edit guard
# ---------------------------------------------------------------------------


@pytest.fixture()
def dbs(tmp_path: Path) -> tuple[Path, Path]:
    seed = tmp_path / "seed.sqlite"
    conn = sqlite3.connect(seed)
    conn.executescript(
        "CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT, note TEXT, updated_at TEXT);"
        "INSERT INTO orders VALUES (1, 'pending', NULL, 't0'), (2, 'pending', 'gift', 't0'), (3, 'complete', NULL, 't0');"
    )
    conn.commit()
    conn.close()
    episode = tmp_path / "episode.sqlite"
    shutil.copyfile(seed, episode)
    return seed, episode


def edit(path: Path, sql: str) -> None:
    conn = sqlite3.connect(path)
    conn.executescript(sql)
    conn.commit()
    conn.close()


def guarded(**guard: Any) -> Task:
    return make({"eval_types": ["state_check"],
                 "state_checks": [{"site": "shopping_admin", "sql": "SELECT status FROM orders WHERE id = 1",
                                   "expected": [["canceled"]]}],
                 "state_guards": [{"site": "shopping_admin", "table": "orders", **guard}]})


GUARD_CASES = [
    ("UPDATE orders SET status = 'canceled' WHERE id = 1", True),
    ("UPDATE orders SET status = 'canceled', updated_at = 't1' WHERE id = 1", True),
    ("UPDATE orders SET status = 'canceled' WHERE status = 'pending'", False),  # the bulk action
    ("UPDATE orders SET status = 'canceled' WHERE id = 1; UPDATE orders SET note = NULL WHERE id = 2", False),
    ("UPDATE orders SET status = 'canceled' WHERE id = 1; DELETE FROM orders WHERE id = 3", False),
    ("UPDATE orders SET status = 'canceled' WHERE id = 1; INSERT INTO orders VALUES (4, 'new', NULL, 't1')", False),
    ("UPDATE orders SET status = 'canceled' WHERE id = 1; UPDATE orders SET updated_at = 't9' WHERE id = 2", True),
]


@pytest.mark.parametrize(("sql", "expected"), GUARD_CASES)
def test_state_guard_fails_collateral_edits(dbs: tuple[Path, Path], sql: str, expected: bool) -> None:
    seed, episode = dbs
    edit(episode, sql)
    task = guarded(allowed="id = ?", params=[1], ignore_columns=["updated_at"], note="no other order changed")
    ctx = CheckContext(state_db=lambda site: episode, seed_db=lambda site: seed)
    for mode in ("webarena", "strict"):
        result = run(task, ctx, mode)
        assert result.success is expected, result.summary()
    if not expected:
        assert "orders changed outside 'id = ?'" in result.details[0].message


def test_state_guard_reports_and_refuses_bad_input(dbs: tuple[Path, Path]) -> None:
    seed, episode = dbs
    edit(episode, "UPDATE orders SET status = 'canceled'")
    ctx = CheckContext(state_db=lambda site: episode, seed_db=lambda site: seed)
    message = run(guarded(allowed="id = ?", params=[1]), ctx, "strict").details[0].message
    assert "2 row(s) now differ from the seed" in message and "[2, 'canceled', 'gift', 't0']" in message
    assert "was [[2, 'pending', 'gift', 't0']" in message
    everything = run(guarded(), ctx, "strict")  # allowed "": no row may change
    assert not everything.success and "(all rows)" in everything.details[0].message
    broken = run(guarded(allowed="no_such_column = 1"), ctx, "strict")
    assert broken.score == 0.0 and "guard query failed" in broken.details[0].message
    unknown = run(guarded(ignore_columns=["nope"]), ctx, "strict")
    assert "no such column(s) in orders: nope" in unknown.details[0].message
    with pytest.raises(ValueError, match="needs CheckContext.seed_db"):
        run(guarded(), CheckContext(state_db=lambda site: episode), "strict")
    with pytest.raises(ValueError, match="table must be a plain SQL name"):
        guarded(table="orders; DROP TABLE orders")
    conn = sqlite3.connect(seed)  # the seed is only read
    assert conn.execute("SELECT COUNT(*) FROM orders WHERE status = 'pending'").fetchone() == (2,)
    conn.close()
