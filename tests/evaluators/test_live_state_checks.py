"""MAG's SQL state checks on a live deployment: skipped and said so, never silently passed or
failed; the score is the other checks' (none run: 0)."""

from __future__ import annotations

import pytest

from evaluators.checkers import CheckContext, check_task
from mag_core.tasks import Task

pytestmark = pytest.mark.anyio


def task(eval_types: list[str]) -> Task:
    return Task.model_validate({
        "sites": ["reddit"], "task_id": "t", "start_url": "__REDDIT__", "intent": "Post it.",
        "eval": {"eval_types": eval_types, "reference_url": "__REDDIT__/f/books",
                 "state_checks": [{"site": "reddit", "sql": "SELECT 1", "expected": [[1]]}]},
    })


async def test_a_live_sites_state_check_is_skipped_with_a_note() -> None:
    ctx = CheckContext(final_url="http://forum.test/f/books", base_urls={"reddit": "http://forum.test"}, embedded=set())
    both = await check_task(task(["url_match", "state_check"]), ctx)
    skipped = [d for d in both.details if d.skipped]
    assert both.success and both.score == 1.0 and len(skipped) == 1
    assert "reddit is a live deployment" in skipped[0].message and not skipped[0].passed
    assert "(skipped)" in both.summary()
    alone = await check_task(task(["state_check"]), ctx)
    assert alone.score == 0.0 and not alone.success  # nothing could be checked: no success


async def test_an_embedded_sites_state_check_runs(tmp_path) -> None:  # noqa: ANN001
    import sqlite3

    db = tmp_path / "state.sqlite"
    sqlite3.connect(db).close()
    ctx = CheckContext(final_url="http://forum.test/f/books", base_urls={"reddit": "http://forum.test"},
                       embedded={"reddit"}, state_db=lambda site: db)
    result = await check_task(task(["state_check"]), ctx)
    assert result.success and not any(d.skipped for d in result.details)
