"""The `mag_agent` prompt and the `mag://` resources, over both real transports with our client."""

from __future__ import annotations

import json
import re

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from mag_core.protocol import render_system_prompt
from mag_mcp.agents.client import connect, stdio_params
from mag_mcp.tasks.registry import TaskRegistry

pytestmark = pytest.mark.anyio

BUILTIN_TASKS = 378
TASK = "shopping-price-1"
# what would give a task away: the checker's references and the reference trajectories
SECRETS = ("reference_answers", "gold", "state_checks", "reference_url", "program_html", "must_include", '"eval"')


async def check_listing(c: Client) -> None:
    prompts = {p.name: p for p in (await c.list_prompts()).prompts}
    assert set(prompts) == {"mag_agent"}
    assert {a.name for a in prompts["mag_agent"].arguments or []} == {"grounding", "task_id"}
    resources = {str(r.uri): r for r in (await c.list_resources()).resources}
    assert set(resources) == {"mag://tasks", "mag://protocol/som", "mag://protocol/coord"}
    assert resources["mag://tasks"].mime_type == "application/json"
    templates = {t.uri_template for t in (await c.list_resource_templates()).resource_templates}
    assert templates == {"mag://tasks/{task_id}", "mag://tasks/page/{page}", "mag://protocol/{grounding}"}


async def read_text(c: Client, uri: str) -> str:
    result = await c.read_resource(uri)
    assert len(result.contents) == 1
    return result.contents[0].text


async def test_listing_over_stdio(tmp_path):
    async with connect(stdio_params(tmp_path, ["--sites", "none"])) as mag:
        await check_listing(mag.client)
        tasks = json.loads(await read_text(mag.client, "mag://tasks"))
        assert tasks["count"] == BUILTIN_TASKS and tasks["tasks"] and tasks["next"] == "mag://tasks/page/2"
        prompt = await mag.client.get_prompt("mag_agent", {"grounding": "coord"})
        assert "click (x, y)" in prompt.messages[0].content.text


async def test_listing_over_http(http_server):
    async with connect(http_server[0]) as mag:
        await check_listing(mag.client)


@pytest.mark.parametrize("grounding", ["som", "coord"])
async def test_agent_prompt(http_server, grounding):
    async with connect(http_server[0]) as mag:
        c = mag.client
        result = await c.get_prompt("mag_agent", {"grounding": grounding})
        assert len(result.messages) == 1 and result.messages[0].role == "user"
        text = result.messages[0].content.text
        assert text.startswith(render_system_prompt(grounding))  # the one copy of the protocol, verbatim
        grammar = "type [id] [text] [1|0]" if grounding == "som" else "double_click (x, y)"
        assert grammar in text and "Guide:" in text
        assert f'reset(task_id, grounding="{grounding}")' in text and "stop(episode_id, answer, guide)" in text
        # every tool the prompt names exists on the server, and the other grounding's tools are not offered
        tools = {t.name for t in (await c.list_tools()).tools}
        named = set(re.findall(r"\b([a-z_]+)\(episode_id", text)) | {"reset"}
        assert named <= tools, named - tools
        assert ("click_at" in named) == (grounding == "coord") and ("type_text" in named) == (grounding == "som")
        assert "Your task" not in text

        with_task = (await c.get_prompt("mag_agent", {"grounding": grounding, "task_id": TASK})).messages[0].content.text
        task = TaskRegistry.builtin().get(TASK)
        assert task.intent in with_task and f'reset(task_id="{TASK}", grounding="{grounding}")' in with_task


async def test_agent_prompt_errors(http_server):
    async with connect(http_server[0]) as mag:
        with pytest.raises(MCPError, match="unknown task 'no-such-task'.*mag://tasks"):
            await mag.client.get_prompt("mag_agent", {"grounding": "som", "task_id": "no-such-task"})
        with pytest.raises(MCPError, match="unknown grounding 'pixels'"):
            await mag.client.get_prompt("mag_agent", {"grounding": "pixels"})


async def test_task_list_resource(http_server):
    pages = []
    async with connect(http_server[0]) as mag:
        uri: str | None = "mag://tasks"
        while uri:
            pages.append(await read_text(mag.client, uri))
            uri = json.loads(pages[-1])["next"]
    for text in pages:
        for secret in SECRETS:
            assert secret not in text.lower(), secret
    data = json.loads(pages[0])
    tasks = [t for text in pages for t in json.loads(text)["tasks"]]
    registry = TaskRegistry.builtin()
    assert data["count"] == len(tasks) == len(registry.tasks) == BUILTIN_TASKS and data["pages"] == len(pages)
    by_id = {t["task_id"]: t for t in tasks}
    one = by_id[TASK]
    assert one == {
        "task_id": TASK, "sites": ["shopping"], "intent": registry.get(TASK).intent, "split": "train",
        "kind": "information", "cross_site": False, "steps": {"som": 3, "coord": 4},
    }
    assert sum(t["cross_site"] for t in tasks) == len(registry.select("cross_site")) == data["cross_site"]
    assert {t["split"] for t in tasks} == {"train", "test"}


async def test_one_task_resource(http_server):
    async with connect(http_server[0]) as mag:
        text = await read_text(mag.client, f"mag://tasks/{TASK}")
        cross = json.loads(await read_text(mag.client, "mag://tasks/cross-route-post-1"))
    for secret in SECRETS:
        assert secret not in text.lower(), secret
    task = json.loads(text)
    assert task["task_id"] == TASK and task["steps"] == {"som": 3, "coord": 4}
    assert task["start_url"] == "__SHOPPING__" and task["site_placeholders"] == {"__SHOPPING__": "shopping"}
    assert {"task_id": TASK, "grounding": "coord"} in task["reset"]
    assert cross["site_placeholders"] == {"__MAP__": "map", "__REDDIT__": "reddit"}


async def test_unknown_task_and_grounding_resources(http_server):
    async with connect(http_server[0]) as mag:
        with pytest.raises(MCPError, match="unknown task 'no-such-task'") as err:
            await mag.client.read_resource("mag://tasks/no-such-task")
        assert err.value.error.code == -32602  # invalid params: the resource does not exist
        with pytest.raises(MCPError, match="unknown grounding 'pixels'"):
            await mag.client.read_resource("mag://protocol/pixels")


@pytest.mark.parametrize("grounding", ["som", "coord"])
async def test_protocol_resource(http_server, grounding):
    async with connect(http_server[0]) as mag:
        listed = await read_text(mag.client, f"mag://protocol/{grounding}")
        result = await mag.client.read_resource(f"mag://protocol/{grounding}")
    assert listed == render_system_prompt(grounding)
    assert result.contents[0].mime_type == "text/plain"
