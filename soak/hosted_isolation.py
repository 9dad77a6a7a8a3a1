"""Hosted mode: a team never sees another team's episodes, transcripts or submissions.

A real `mag serve --hosted` process with two teams. Team A starts an episode and opens
a submission; team B then calls every tool that takes an `episode_id` with A's id, and
with ids it made up, and every submission tool with A's submission: each answer is the
one an unknown id gets (word for word, but for the id), so B cannot even learn that A's
id exists. B's resources hold no transcript, and a guessed transcript URI is not found.
A can still use its episode afterwards.
"""

from __future__ import annotations

import json
import secrets
import tempfile
from pathlib import Path
from typing import Any

import anyio
from fastmcp import Client
from fastmcp.client.transports import StreamableHttpTransport
from fastmcp.exceptions import ToolError

from soak.models import Check
from soak.server import ServerProcess

TOKEN_A = "soak-team-a-" + "a" * 20
TOKEN_B = "soak-team-b-" + "b" * 20
TRAIN_TASK = "shopping-price-1"  # train split: open without a submission
FILLERS: dict[str, Any] = {"guide": "Do the step.", "mark": 1, "x": 10, "y": 10, "direction": "down", "index": 0,
                           "reason": "checking isolation", "output": "Action: scroll [down]\nGuide: Scroll down.",
                           "answer": "", "press_enter": False}


def client(url: str, token: str) -> Client:
    return Client(StreamableHttpTransport(url, headers={"Authorization": f"Bearer {token}"}))


def _arguments(schema: dict[str, Any], episode_id: str) -> dict[str, Any]:
    """Valid arguments for a tool's required parameters, with `episode_id` set."""
    out: dict[str, Any] = {}
    for name in schema.get("required", []):
        if name == "episode_id":
            out[name] = episode_id
        elif name in FILLERS:
            out[name] = FILLERS[name]
        else:
            kind = schema.get("properties", {}).get(name, {}).get("type")
            out[name] = 1 if kind == "integer" else False if kind == "boolean" else "x"
    return out


async def _error(c: Client, tool: str, args: dict[str, Any]) -> str | None:
    """The tool's error text, or None if the call succeeded."""
    try:
        await c.call_tool(tool, args)
    except ToolError as e:
        return str(e)
    return None


async def hosted_isolation() -> tuple[list[Check], int]:
    """Start a hosted server, run the scenarios; returns (checks, episodes started)."""
    with tempfile.TemporaryDirectory(prefix="mag-soak-hosted-") as tmp:
        root = Path(tmp)
        (root / "tokens.json").write_text(json.dumps([{"team": "team-a", "token": TOKEN_A},
                                                       {"team": "team-b", "token": TOKEN_B}]))
        (root / "server.key").write_text("s" * 32)
        server = ServerProcess(root / "runs", args=["--hosted", "--tokens-file", str(root / "tokens.json"),
                                                    "--server-key-file", str(root / "server.key"), "--sites", "shopping"])
        await anyio.to_thread.run_sync(server.start)
        try:
            return await _scenarios(server.url)
        finally:
            await anyio.to_thread.run_sync(server.stop)


async def _scenarios(url: str) -> tuple[list[Check], int]:
    checks: list[Check] = []
    async with client(url, TOKEN_A) as a, client(url, TOKEN_B) as b:
        r = await a.call_tool("reset", {"task_id": TRAIN_TASK, "grounding": "som"})
        ep = r.structured_content["observation"]["episode_id"]
        sub = (await a.call_tool("open_submission", {"agent": "soak", "model": "none", "grounding": "som"})
               ).structured_content["id"]
        tools = {t.name: t.input_schema for t in await b.list_tools()}
        episode_tools = sorted(n for n, s in tools.items() if "episode_id" in s.get("properties", {}))
        differing = []
        for tool in episode_tools:
            theirs = await _error(b, tool, _arguments(tools[tool], ep))
            made_up = secrets.token_hex(8)
            unknown = await _error(b, tool, _arguments(tools[tool], made_up))
            if theirs is None or "unknown episode_id" not in theirs or unknown is None \
                    or theirs.replace(ep, "<id>") != unknown.replace(made_up, "<id>"):
                differing.append(f"{tool}: {theirs!r} vs {unknown!r}")
        checks.append(Check(
            name="another team's episode id is answered like an unknown one, by every episode tool",
            passed=bool(episode_tools) and not differing,
            detail=f"{len(episode_tools)} tools tried with A's id and a made-up one" + (f"; {differing[0]}" if differing else "")))
        refused = []
        for tool, args in (("submission_status", {"submission_id": sub}), ("finalize_submission", {"submission_id": sub}),
                           ("reset", {"task_id": TRAIN_TASK, "grounding": "som", "submission_id": sub})):
            err = await _error(b, tool, args)
            if err is None or "no submission" not in err:
                refused.append(f"{tool}: {err!r}")
        checks.append(Check(name="another team's submission is unknown to every submission tool", passed=not refused,
                            detail="status, finalize and reset into it tried" + (f"; {refused[0]}" if refused else "")))
        resources = [str(x.uri) for x in await b.list_resources()]
        templates = [x.uri_template for x in await b.list_resource_templates()]
        leaking = [u for u in resources + templates if "transcript" in u or "episode" in u or ep in u]
        guessed = []
        for uri in (f"mag://transcripts/{ep}", f"mag://episodes/{ep}", f"mag://runs/team-a-dev/{ep}"):
            try:
                await b.read_resource(uri)
                guessed.append(uri)
            except Exception:  # noqa: BLE001 - any refusal will do; reading it is the failure
                pass
        checks.append(Check(name="no transcript is reachable as a resource", passed=not leaking and not guessed,
                            detail=f"{len(resources)} resources and {len(templates)} templates listed; "
                                   f"{len(guessed)} guessed transcript URIs readable"))
        mine = await _error(a, "get_transcript", {"episode_id": ep})
        await a.call_tool("stop", {"episode_id": ep})
        checks.append(Check(name="the owner still reaches its own episode", passed=mine is None,
                            detail="team A read its transcript and stopped its episode" if mine is None else mine))
    return checks, 1
