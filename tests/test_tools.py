"""Tool list, schemas and annotations, with an in-process client."""

from __future__ import annotations

import pytest
from mcp import Client

from mag_mcp.server import ServerConfig, build_server

pytestmark = pytest.mark.anyio

SOM_TOOLS = {"click", "hover", "type_text", "select_option", "scroll"}
COORD_TOOLS = {"click_at", "double_click_at", "hover_at", "type_focused", "scroll_at"}
COMMON = {"press_key", "goto_url", "go_back", "go_forward", "tab_focus", "close_tab"}


async def test_tools_and_annotations(tmp_path):
    server = build_server(ServerConfig(site_ports={"shopping": 0}, env={"runs_dir": tmp_path}))
    async with Client(server) as c:
        tools = {t.name: t for t in (await c.list_tools()).tools}
        assert {"list_tasks", "reset", "observe", "act", "stop", "get_transcript", "locate"} <= set(tools)
        assert SOM_TOOLS | COORD_TOOLS | COMMON <= set(tools)
        for name in SOM_TOOLS | COORD_TOOLS | COMMON:
            schema = tools[name].input_schema
            assert "guide" in schema["required"] and "episode_id" in schema["required"], name
            assert tools[name].output_schema is not None, name
            assert tools[name].annotations.read_only_hint is False
        for name in SOM_TOOLS - {"scroll"}:
            assert "mark" in tools[name].input_schema["required"]
        for name in COORD_TOOLS - {"type_focused"}:
            assert {"x", "y"} <= set(tools[name].input_schema["required"])
        for name in ("list_tasks", "observe", "get_transcript", "locate"):
            assert tools[name].annotations.read_only_hint is True
        assert tools["click"].annotations.destructive_hint is True  # a click can place an order
        assert tools["goto_url"].annotations.open_world_hint is False  # only the task's sites


async def test_public_server_hides_the_oracle(tmp_path):
    server = build_server(ServerConfig(site_ports={"shopping": 0}, oracle=False, env={"runs_dir": tmp_path}))
    async with Client(server) as c:
        names = {t.name for t in (await c.list_tools()).tools}
        assert "locate" not in names and "reset" in names
