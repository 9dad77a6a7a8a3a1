"""What `mag tasks stats` reads from the live world: start pages through a real episode reset
(embedded sites, Chromium), cached per page and site version; distractors looked up in a real
seed; records current until a site changes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import anyio
import pytest

from mag_core.task_design import Distractor
from mag_core.tasks import Task
from mag_mcp.tasks.registry import TaskRegistry
from mag_mcp.tasks.stats import start_pages
from mag_mcp.tasks.stats.distractors import (
    check_distractor,
    refresh_distractors,
    seed_files,
)
from mag_mcp.tasks.stats.observed import Observed, StartPage, cached_page
from mag_mcp.tasks.stats.shortcuts import named_entities
from mag_mcp.tasks.stats.start_pages import read_start_pages, refresh_start_pages
from mag_mcp.tasks.stats.world_keys import distractor_id, page_id, world_key

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]


def shop_task() -> Task:
    return TaskRegistry.builtin().get("shopping-price-1")


def test_start_page_through_a_reset_then_from_the_cache(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    task = shop_task()
    twin = TaskRegistry.builtin().get("shopping-price-2")  # the same start page
    pages = anyio.run(read_start_pages, [task, twin], tmp_path)
    page = pages[task.id]
    assert pages[twin.id] == page  # one reset for both
    assert page.url.startswith("http://127.0.0.1:") and page.title
    assert len(page.texts) == 1 and len(page.texts[0]) > 200 and len(page.marks) > 10
    assert cached_page(task, tmp_path) == page
    assert len(list(tmp_path.glob(f"{page_id(task)}-{world_key(task.sites)}.json"))) == 1

    def no_sites(*_a: object, **_k: object) -> None:
        raise AssertionError("the cache should have answered")

    monkeypatch.setattr("mag_mcp.sites.runner.EmbeddedSites.start", no_sites)
    assert anyio.run(read_start_pages, [task], tmp_path)[task.id] == page


def test_records_are_made_for_stale_tasks_only(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    task = shop_task()
    seen: list[list[str]] = []

    async def fake_read(tasks: list[Task], cache: Path | None = None, progress=None):  # type: ignore[no-untyped-def]
        seen.append([t.id for t in tasks])
        price = task.eval.reference_answers.must_include[0]
        product = named_entities(task)[0]  # the price is stated next to the product the intent names
        return {t.id: StartPage(url="http://x/", title="Home", texts=[product, f"Price ${price}"],
                                marks=[]) for t in tasks}

    monkeypatch.setattr(start_pages, "read_start_pages", fake_read)
    observed = Observed()
    assert anyio.run(refresh_start_pages, [task], observed) == 1
    rec = observed.start_page(task)
    assert rec is not None and rec.found == "text" and observed.start_page_current(task)
    assert anyio.run(refresh_start_pages, [task], observed) == 0 and seen == [[task.id]]
    # a record made on other site versions is matched (docs use it) but not current (re-read)
    observed.start_pages[task.id] = rec.model_copy(update={"world": "older"})
    assert observed.start_page(task) is not None and not observed.start_page_current(task)
    assert anyio.run(refresh_start_pages, [task], observed) == 1
    # a changed reference is a new question: the old record does not match it
    changed = task.model_copy(deep=True)
    changed.eval.reference_answers.must_include = ["21.00"]
    assert observed.start_page(changed) is None


def test_distractors_are_looked_up_in_the_seed() -> None:
    seed, _ = seed_files("shopping")
    with sqlite3.connect(seed) as db:
        name = db.execute("SELECT name FROM products ORDER BY id LIMIT 1").fetchone()[0]
    found = check_distractor(Distractor(site="shopping", name=name, relation="similar"))
    assert found.exists is True
    missing = check_distractor(Distractor(site="shopping", name="A product no shop sells 0xBEEF", relation="similar"))
    assert missing.exists is False and "no text column" in missing.note
    by_sql = check_distractor(Distractor(site="shopping_admin", name="older order", relation="older_version",
                                         sql="SELECT 1 FROM products WHERE name = ?", params=[name]))
    assert by_sql.exists is True  # the admin's seed is the shop's
    broken = check_distractor(Distractor(site="shopping", name="x", relation="other", sql="SELECT * FROM nowhere"))
    assert broken.exists is None and "query failed" in broken.note


def test_refresh_checks_each_distractor_once() -> None:
    t = shop_task().model_copy(deep=True)
    t.mag.distractors = [Distractor(site="shopping", name="A product no shop sells 0xBEEF", relation="same_name")]
    observed = Observed()
    assert refresh_distractors([t], observed) == 1
    assert observed.distractor(distractor_id(t.mag.distractors[0])).exists is False
    assert refresh_distractors([t], observed) == 0
