"""`--external` end to end on the embedded sites run as live deployments: `mag doctor
--external` reads every site and logs in; `mag serve --external` logs in before its first
episode and gold trajectories of tasks that need a log-in (the shop's order history, the
admin's reports, GitLab's dashboard) pass in both groundings; a wrong password stops the
server's start-up with the site and URL named, and no episode starts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from fastmcp import Client
from live_sites import live, webarena_env
from mag_servers import start_http_server, wait_http_server
from typer.testing import CliRunner

from mag_mcp.cli import app

pytestmark = pytest.mark.timeout(900)
__all__ = ["live"]
TASKS = "shopping-order-total-1,admin-sales-total-1,gitlab-open-issues-1"


def test_doctor_reads_every_deployment_and_logs_in(live: dict[str, str], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    for var, url in webarena_env(live).items():
        monkeypatch.setenv(var, url)
    monkeypatch.setenv("COLUMNS", "250")  # the table, unfolded
    result = CliRunner().invoke(app, ["doctor", "--external", "--auth-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "All 4 deployments answer and every log-in works." in out
    assert "2.4.6" in out and "15.7.0" in out  # the admin's and GitLab's version banners
    assert out.count("signed in through the form") == 4 and "127.0.0.1 → 127.0.0.1" in out
    again = CliRunner().invoke(app, ["doctor", "--external", "--auth-dir", str(tmp_path)])
    assert again.output.count("saved state still valid") == 4
    monkeypatch.setenv("MAG_GITLAB_PASSWORD", "wrong")
    for f in tmp_path.glob("*_state.json"):
        f.unlink()
    bad = CliRunner().invoke(app, ["doctor", "--external", "--auth-dir", str(tmp_path)])
    assert bad.exit_code == 1 and "Not ready: gitlab." in bad.output and "wrong username or password" in bad.output


def _serve(live: dict[str, str], runs: Path, auth: Path, monkeypatch: pytest.MonkeyPatch, **env: str):
    for var, url in {**webarena_env(live), **env}.items():
        monkeypatch.setenv(var, url)
    proc = start_http_server(runs, "--external", "--sites", "none", "--auth-dir", str(auth))
    return proc, wait_http_server(proc, runs)


def test_serve_external_logs_in_and_gold_passes(live: dict[str, str], tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    runs, auth, out = tmp_path / "runs", tmp_path / "auth", tmp_path / "out"
    runs.mkdir()
    proc, url = _serve(live, runs, auth, monkeypatch)
    try:
        done = subprocess.run([sys.executable, "-m", "mag_mcp.cli", "run", "--agent", "gold", "--tasks", TASKS,
                               "--server", url, "--out", str(out), "--grounding", "both"],
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    episodes = [json.loads(line) for line in (out / "episodes.jsonl").read_text().splitlines()]
    assert len(episodes) == 6 and all(e["success"] for e in episodes), [(e["task_id"], e.get("error")) for e in episodes]
    assert {p.name for p in auth.glob("*_state.json")} == {f"{s}_state.json" for s in live}  # all, at start


@pytest.mark.anyio
async def test_a_failed_log_in_stops_the_start_up(live: dict[str, str], tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    runs = tmp_path / "runs"
    runs.mkdir()
    proc, url = _serve(live, runs, tmp_path / "auth", monkeypatch, MAG_SHOPPING_ADMIN_PASSWORD="wrong")
    try:
        async with Client(url) as client:
            r = await client.call_tool("reset", {"task_id": "admin-sales-total-1", "grounding": "som"},
                                       raise_on_error=False)
        assert r.is_error
        text = r.content[0].text
        assert f"could not log in to shopping_admin at {live['shopping_admin']}" in text, text
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert not list(runs.glob("*/*/transcript.jsonl"))  # no episode started
