"""Resets between state-changing tasks on live deployments, end to end: the embedded sites run as
deployments with a reset endpoint of their own (`mag sites --reset-port`); `mag serve --external
--reset-url` runs a state-changing task (a WebArena-style post task: program_html on the live
page, MAG's state check besides) by gold replay in both groundings, two workers at once, one
episode at a time on the forum with a reset before each; its results are the embedded mode's; a server without a reset
refuses the task, naming the ways out."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from live_sites import live_reset, webarena_env
from mag_servers import start_http_server, wait_http_server

from mag_core.transcripts import DeploymentRecord, read_transcript
from mag_mcp.external.resets import ResetConfigError, reset_policies, run_reset
from mag_mcp.sites.base import DEFAULT_STATE_KEY
from mag_mcp.tasks.registry import TaskRegistry

pytestmark = pytest.mark.timeout(900)
__all__ = ["live_reset"]
TITLE = "Best glue for wood repairs?"


def post_task_file(folder: Path) -> Path:
    """MAG's reddit-new-post-1 as WebArena checks a post task (the new post's page, read live),
    its own state check kept: on a live deployment only the page check can run."""
    task = TaskRegistry.builtin().get("reddit-new-post-1").model_dump(mode="json", exclude_none=True)
    task["task_id"] = "live-new-post-1"
    task["eval"]["eval_types"] = ["program_html", "state_check"]
    task["eval"]["program_html"] = [
        {"url": "func:reddit_get_post_url('__last_url__')",
         "locator": "document.querySelector('.submission__title').outerText",
         "required_contents": {"exact_match": TITLE}},
        {"url": "func:reddit_get_post_url('__last_url__')",
         "locator": "document.querySelector('.submission__body').outerText",
         "required_contents": {"must_include": ["Looking for a glue that holds up outdoors."]}},
    ]
    path = folder / "live_tasks.json"
    path.write_text(json.dumps([task]), encoding="utf-8")
    return path


def run_gold(url: str, task_file: Path, out: Path, samples: int = 1) -> list[dict]:
    done = subprocess.run([sys.executable, "-m", "mag_mcp.cli", "run", "--agent", "gold", "--tasks", "live-new-post-1",
                           "--task-file", str(task_file), "--server", url, "--out", str(out), "--grounding", "both",
                           "--samples", str(samples), "--concurrency", "2"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return [json.loads(line) for line in (out / "episodes.jsonl").read_text().splitlines()]


def posts_titled(path: Path, title: str) -> int:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT COUNT(*) FROM submissions WHERE title = ?", (title,)).fetchone()[0]


def test_state_changes_run_one_at_a_time_after_a_reset_with_the_embedded_results(
        live_reset, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    urls, reset_url, sites = live_reset
    task_file = post_task_file(tmp_path)
    for var, url in webarena_env(urls).items():
        monkeypatch.setenv(var, url)
    monkeypatch.delenv("WA_FULL_RESET", raising=False)
    runs = tmp_path / "runs"
    runs.mkdir()
    proc = start_http_server(runs, "--external", "--sites", "none", "--auth-dir", str(tmp_path / "auth"),
                             "--reset-url", reset_url, "--task-file", str(task_file))
    try:
        server = wait_http_server(proc, runs)
        external = run_gold(server, task_file, tmp_path / "external")
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert len(external) == 2 and all(e["success"] for e in external), [(e["task_id"], e.get("error")) for e in external]

    records = []
    for path in sorted(runs.glob("*/*/transcript.jsonl")):
        header = read_transcript(path)[0]
        end = read_transcript(path)[-1]
        records.append((header["started_at"], DeploymentRecord.model_validate(header["deployment"]), end))
    assert len(records) == 2
    (_, first, first_end), (second_start, second, _) = sorted(records, key=lambda r: r[0])
    assert first_end["ended_at"] <= second_start  # the forum's state changes ran one after the other
    assert first.resets[0] != second.resets[0]  # with a reset of their own before each
    for _, record, end in records:
        assert record.changes_state and record.condition == {"reddit": "reset"} and not record.dirty
        # --reset-url resets the whole deployment: one reset of all four sites before each episode
        assert len(record.resets) == 1 and set(record.resets[0].sites) == set(urls) and record.resets[0].how == "url"
        assert record.base_urls == {"reddit": urls["reddit"]} and record.versions.get("reddit") == "Postmill"
        details = {d["eval_type"]: d for d in end["check"]["details"]}
        assert details["program_html"]["passed"] and details["state_check"]["skipped"]  # skipped, and said so
        assert "live deployment" in details["state_check"]["message"]
    summary = json.loads((tmp_path / "external" / "results.json").read_text())["deployment"]
    assert summary["resets"] == 2 and summary["base_urls"] == {"reddit": urls["reddit"]} and not summary["dirty_episodes"]
    assert all(e["deployment"]["condition"] == {"reddit": "reset"} for e in external)
    status = httpx.get(reset_url.replace("/reset", "/status"), timeout=10).text
    assert status.startswith("ready; 2 reset(s)"), status  # one before each state change
    store = sites.stores["reddit"]  # each post was undone before the next: only the last is left
    assert posts_titled(store.path_for(DEFAULT_STATE_KEY), TITLE) == posts_titled(store.seed_path, TITLE) + 1

    runs2 = tmp_path / "runs-embedded"
    runs2.mkdir()
    proc = start_http_server(runs2, "--sites", "reddit", "--task-file", str(task_file))
    try:
        embedded = run_gold(wait_http_server(proc, runs2), task_file, tmp_path / "embedded")
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    key = lambda e: (e["task_id"], e["grounding"], e["sample"])  # noqa: E731
    assert sorted((key(e), e["success"], e["score"], e["steps"]) for e in external) == sorted(
        (key(e), e["success"], e["score"], e["steps"]) for e in embedded)
    for path in runs2.glob("*/*/transcript.jsonl"):
        header, end = read_transcript(path)[0], read_transcript(path)[-1]
        assert header.get("deployment") is None
        assert all(not d.get("skipped") for d in end["check"]["details"])  # the state check ran here


@pytest.mark.anyio
async def test_a_server_without_a_reset_refuses_state_changes(live_reset, tmp_path: Path,  # noqa: ANN001
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from fastmcp import Client

    urls, _, _ = live_reset
    for var, url in webarena_env(urls).items():
        monkeypatch.setenv(var, url)
    monkeypatch.delenv("WA_FULL_RESET", raising=False)
    runs = tmp_path / "runs"
    runs.mkdir()
    proc = start_http_server(runs, "--external", "--sites", "none", "--auth-dir", str(tmp_path / "auth"))
    try:
        async with Client(wait_http_server(proc, runs)) as client:
            r = await client.call_tool("reset", {"task_id": "reddit-new-post-1", "grounding": "som"},
                                       raise_on_error=False)
            assert r.is_error and "no way to reset it" in r.content[0].text and "--allow-dirty" in r.content[0].text
            ok = await client.call_tool("reset", {"task_id": "gitlab-open-issues-1", "grounding": "som"},
                                        raise_on_error=False)
            assert not ok.is_error, ok.content[0].text  # a task that only reads runs
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    started = [read_transcript(p)[0]["task_id"] for p in runs.glob("*/*/transcript.jsonl")]
    assert started == ["gitlab-open-issues-1"]


@pytest.mark.anyio
async def test_reset_policies_and_their_runs(live_reset, tmp_path: Path) -> None:  # noqa: ANN001
    _, reset_url, _ = live_reset
    env = {"WA_FULL_RESET": reset_url, "MAG_GITLAB_RESET_COMMAND": "true"}
    policies = reset_policies(["reddit", "shopping", "gitlab"], environ=env)
    assert policies["reddit"] is policies["shopping"] and policies["reddit"].sites == ["reddit", "shopping", "gitlab"]
    assert policies["reddit"].source == "WA_FULL_RESET" and policies["gitlab"].how == "command"
    assert reset_policies(["reddit"], url="http://other:7565/reset", environ=env)["reddit"].source == "--reset-url"
    assert reset_policies(["reddit"], environ={})["reddit"].how == "none"
    with pytest.raises(ResetConfigError, match="either --reset-url or --reset-command"):
        reset_policies(["reddit"], url="http://x/reset", command="true", environ={})
    with pytest.raises(ResetConfigError, match="starts with http"):
        reset_policies(["reddit"], environ={"MAG_REDDIT_RESET_URL": "reset-host:7565"})

    await run_reset(policies["reddit"])  # the embedded sites' reset endpoint answers 200
    marker = tmp_path / "reset-ran"
    await run_reset(reset_policies(["gitlab"], command=f"touch {marker}", environ={})["gitlab"])
    assert marker.exists()
    with pytest.raises(RuntimeError, match="exited 3.*broken"):
        await run_reset(reset_policies(["gitlab"], command="echo broken >&2; exit 3", environ={})["gitlab"])
    with pytest.raises(RuntimeError, match="HTTP 404"):
        await run_reset(reset_policies(["gitlab"], url=reset_url.replace("/reset", "/nothing"), environ={})["gitlab"])
