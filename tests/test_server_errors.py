"""Bad input gets a clear error result and the server keeps serving (real HTTP transport)."""

from __future__ import annotations

import pytest

from mag_mcp.agents.client import connect

pytestmark = pytest.mark.anyio


def _text(r) -> str:
    return " ".join(getattr(c, "text", "") for c in r.content)


async def _alive(c) -> None:
    r = await c.client.call_tool("list_tasks", {})
    assert not r.is_error and r.structured_content["tasks"]


async def _reset(c, task_id: str, grounding: str) -> str:
    r = await c.client.call_tool("reset", {"task_id": task_id, "grounding": grounding, "run_id": "errors"})
    assert not r.is_error, _text(r)
    return r.structured_content["observation"]["episode_id"]


async def test_bad_input(http_server, shop_tasks):
    url, _ = http_server
    task_id = shop_tasks[0].id
    async with connect(url) as c:
        cases = []
        r = await c.client.call_tool("reset", {"task_id": "no-such-task", "grounding": "som"})
        cases.append((r, "unknown task"))
        r = await c.client.call_tool("reset", {"task_id": task_id, "grounding": "pixels"})
        cases.append((r, "grounding"))
        r = await c.client.call_tool("observe", {"episode_id": "nope"})
        cases.append((r, "unknown episode_id"))
        som = await _reset(c, task_id, "som")
        coord = await _reset(c, task_id, "coord")
        r = await c.client.call_tool("click", {"episode_id": coord, "mark": 1, "guide": "Click it."})
        cases.append((r, "coordinate grounding"))
        r = await c.client.call_tool("click_at", {"episode_id": som, "x": 5, "y": 5, "guide": "Click it."})
        cases.append((r, "Set-of-Mark grounding"))
        r = await c.client.call_tool("click_at", {"episode_id": coord, "x": 1300, "y": 5, "guide": "Click it."})
        cases.append((r, "outside"))
        r = await c.client.call_tool("act", {"episode_id": coord, "output": "Action: click (640, 9999)\nGuide: x"})
        cases.append((r, "outside"))  # non-compliant: costs a step, the observation says why
        r = await c.client.call_tool("type_text", {"episode_id": som, "mark": 1, "text": "x" * 1_000_000, "guide": "g"})
        cases.append((r, "at most"))
        r = await c.client.call_tool("act", {"episode_id": som, "output": "x" * 1_000_000})
        cases.append((r, "at most"))
        for r, fragment in cases:
            assert fragment in _text(r), (fragment, _text(r))
        # mark not on the page: a step is spent and the observation explains
        r = await c.client.call_tool("click", {"episode_id": som, "mark": 9999, "guide": "Click the thing."})
        obs = r.structured_content["observation"]
        assert "mark 9999 is not on the page" in obs["last_error"] and obs["step"] == 1
        # malformed text output: non-compliant, a step, a clear error
        r = await c.client.call_tool("act", {"episode_id": som, "output": "I think I should click the button"})
        obs = r.structured_content["observation"]
        assert "non-compliant" in obs["last_error"] and obs["step"] == 2
        # the coordinate episode's malformed step was recorded too
        r = await c.client.call_tool("observe", {"episode_id": coord})
        assert r.structured_content["observation"]["step"] == 1
        # finished episodes refuse actions
        r = await c.client.call_tool("stop", {"episode_id": som, "answer": ""})
        assert not r.is_error and r.structured_content["status"] == "stopped"
        r = await c.client.call_tool("click", {"episode_id": som, "mark": 1, "guide": "Click."})
        assert r.is_error and "finished" in _text(r)
        await c.client.call_tool("stop", {"episode_id": coord, "answer": ""})
        await _alive(c)


async def test_three_noncompliant_outputs_end_the_episode(http_server, shop_tasks):
    url, _ = http_server
    async with connect(url) as c:
        ep = await _reset(c, shop_tasks[0].id, "som")
        for i in range(3):
            r = await c.client.call_tool("act", {"episode_id": ep, "output": f"no action here {i}"})
        obs = r.structured_content["observation"]
        assert obs["done"] and obs["status"] == "early_stop_noncompliant"
        assert r.structured_content["outcome"]["success"] is False
        r = await c.client.call_tool("get_transcript", {"episode_id": ep})
        assert [s["compliant"] for s in r.structured_content["steps"]] == [False, False, False]


async def test_same_action_three_times_ends_the_episode(http_server, shop_tasks):
    url, _ = http_server
    async with connect(url) as c:
        ep = await _reset(c, shop_tasks[0].id, "som")
        for _ in range(3):
            r = await c.client.call_tool("scroll", {"episode_id": ep, "direction": "down", "guide": "Scroll down."})
        assert r.structured_content["observation"]["status"] == "early_stop_repeated"
