"""Negatives on the live page: a URL negative that url_match passes, on a task whose program_html
reads the final page, is decided by replaying the gold through a real `mag serve`, opening the
negative's page and letting the episode's own checker judge it; `mag tasks verify` then reports
the negatives that fail and the one that passes. The gold and the no-op run in the same
verification."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mag_servers import start_http_server, wait_http_server

from mag_core.tasks import Task
from mag_mcp.tasks.negatives import needs_live_page
from mag_mcp.tasks.registry import TaskRegistry
from mag_mcp.tasks.verify import verify_tasks

pytestmark = [pytest.mark.anyio, pytest.mark.browser, pytest.mark.timeout(1200)]
TASK_ID = "shopping-order-page-live-negatives"


def order_page_task() -> Task:
    """Open order 292: url_match on the order pages' prefix, program_html on the final page's title."""
    data = TaskRegistry.builtin().get("shopping-open-order-1").model_dump(mode="json", exclude_none=True)
    data.update(task_id=TASK_ID, intent_template_id=None)
    data["eval"] = {
        "eval_types": ["url_match", "program_html"],
        "reference_url": "__SHOPPING__/sales/order/view/",
        "url_note": "GOLD in PRED",
        "program_html": [{"url": "last", "locator": "document.querySelector('h1.page-title').outerText",
                          "required_contents": {"must_include": ["Order # 000000292"]}}],
    }
    data["mag"]["negatives"] = [
        {"url": "__SHOPPING__/sales/order/view/order_id/291/", "why": "another order's page (url_match passes)"},
        {"url": "__SHOPPING__/sales/order/history/", "why": "the order list (url_match fails it)"},
        {"url": "__SHOPPING__/sales/order/view/order_id/292/", "why": "the gold's own page: must be reported"},
    ]
    return Task.model_validate(data)


def wait_ready(url: str, timeout: float = 900) -> None:
    """Until /health says episodes can start (the sites and Chromium start after the server answers)."""
    import time

    import httpx

    deadline = time.monotonic() + timeout
    while httpx.get(url.removesuffix("/mcp") + "/health", timeout=10).status_code != 200:
        assert time.monotonic() < deadline, "the server did not get ready"
        time.sleep(1)


async def test_live_negatives_through_a_server(tmp_path: Path) -> None:
    task = order_page_task()
    assert [needs_live_page(task, n) for n in task.mag.negatives] == [True, True, True]
    task_file = tmp_path / "tasks.json"
    task_file.write_text(json.dumps([task.model_dump(mode="json", exclude_none=True)]))
    runs = tmp_path / "runs"
    runs.mkdir()
    proc = start_http_server(runs, "--sites", "shopping", "--task-file", str(task_file))
    try:
        url = wait_http_server(proc, runs, timeout=600)
        wait_ready(url)
        report = await verify_tasks([task], ["som"], tmp_path / "verify", concurrency=2, server=url)
    finally:
        proc.terminate()
        proc.wait(timeout=60)
    verdict = report.verdicts[0]
    assert verdict.gold == {"som": True} and verdict.noop_passed == {"som": False}
    by_index = {n.index: n for n in verdict.negatives}
    assert by_index[0].outcome == "failed" and by_index[0].how == "live"
    assert by_index[1].outcome == "failed" and by_index[1].how == "offline"
    assert by_index[2].outcome == "passed" and by_index[2].how == "live"
    assert not verdict.ok and [n.index for n in verdict.negatives_passing] == [2]
    assert report.negatives_summary().startswith("3 negatives checked over 1 tasks (2 on the live page): 2 fail")
