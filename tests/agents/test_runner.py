"""The runner over real MAG servers: resume after an interruption, two servers in one
run, samples, failing episodes, and `mag run`'s bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from mag_servers import start_http_server, wait_http_server
from typer.testing import CliRunner

from mag_core.tasks import Grounding, Task
from mag_core.usage import ModelUsage, StepUsage
from mag_mcp.agents.base import EpisodeResult
from mag_mcp.agents.client import MagClient, ToolCallError
from mag_mcp.agents.gold import run_noop
from mag_mcp.agents.run_store import EPISODES_NAME, results_json, summarize
from mag_mcp.agents.runner import RunnerError, run_agent
from mag_mcp.cli import app
from mag_mcp.sites.runner import free_port
from mag_mcp.tasks.registry import TaskRegistry

TASK_IDS = "shopping-price-1,shopping-sku-1"  # short gold (3 Set-of-Mark steps): the tests run on 2 cores


@pytest.fixture(scope="module")
def tasks() -> list[Task]:
    return TaskRegistry.builtin().select(TASK_IDS)


@pytest.fixture(scope="module")
def _second_server_started(tmp_path_factory):
    """Start another `mag serve --transport http` (the shop only: the tests' tasks are shop
    tasks) on its own port without waiting for it, so that it boots while `http_server` does."""
    runs = tmp_path_factory.mktemp("second-runs")
    proc = start_http_server(runs, "--sites", "shopping")
    yield proc, runs
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="module")
def second_server(_second_server_started, http_server):
    """A second real server on another port (runs dir of its own); yields (url, runs_dir)."""
    proc, runs = _second_server_started
    return wait_http_server(proc, runs), runs


def comparable(out: Path) -> dict:
    """results.json without what legitimately differs between two runs of the same jobs."""
    data = json.loads((out / "results.json").read_text())
    for key in ("run_id", "started_at", "finished_at", "servers"):
        data.pop(key)
    for e in data["episodes"]:
        for key in ("episode_id", "transcript", "server"):
            e.pop(key)
    return data


def _mag(*args: str, timeout: int = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mag_mcp.cli", *args], check=False, capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


class CancelAfter:
    """An agent that plays noop and cancels the whole run after `n` finished episodes (a kill)."""

    def __init__(self, n: int, scope: anyio.CancelScope) -> None:
        self.n, self.scope, self.done = n, scope, 0

    async def __call__(self, client: MagClient, task: Task, grounding: Grounding, run_id: str) -> EpisodeResult:
        res = await run_noop(client, task, grounding, run_id)
        self.done += 1
        if self.done >= self.n:
            self.scope.cancel()
        return res


@pytest.mark.anyio
async def test_resume_after_interruption_matches_an_uninterrupted_run(tasks, second_server):
    url, runs = second_server
    # the server files transcripts under <runs>/<run id>/, i.e. inside each output folder here
    full, cut = runs / "full", runs / "cut"
    both: list[Grounding] = ["som", "coord"]
    res = await run_agent("noop", run_noop, tasks, both, full, [url], concurrency=4, samples=2)
    assert len(res.episodes) == 8 and res.skipped == 0 and res.errors == 0

    with anyio.CancelScope() as scope:  # killed after four episodes, others in flight
        await run_agent("noop", CancelAfter(4, scope), tasks, both, cut, [url], concurrency=4, samples=2)
    assert scope.cancelled_caught and not (cut / "results.json").exists()
    lines = (cut / EPISODES_NAME).read_text().splitlines()
    assert 3 <= len(lines) < 8
    # keep three records, mark the second as errored, and tear a fourth line in the middle
    kept = [EpisodeResult.model_validate_json(x) for x in lines[:3]]
    errored = kept[1].model_copy(update={"status": "error", "error": "boom"})
    errored_dir = Path(errored.transcript).parent
    assert errored_dir.is_dir() and errored_dir.is_relative_to(cut)
    dropped = [Path(EpisodeResult.model_validate_json(x).transcript).parent for x in lines[3:]]
    torn = lines[3][: len(lines[3]) // 2] if len(lines) > 3 else '{"task_id": "shop'
    body = "".join(e.model_dump_json() + "\n" for e in (kept[0], errored, kept[2])) + torn
    (cut / EPISODES_NAME).write_text(body)

    res2 = await run_agent("noop", run_noop, tasks, both, cut, [url], concurrency=4, samples=2)
    assert res2.skipped == 2 and len(res2.episodes) == 8 and res2.errors == 0
    assert not errored_dir.exists()  # the errored episode's old transcript is gone ...
    assert not any(d.exists() for d in dropped)  # ... and so are those no record mentions
    assert comparable(full) == comparable(cut)
    # one transcript per job: scoring never sees two episodes for one job
    transcripts = sorted(cut.rglob("transcript.jsonl"))
    assert {str(p) for p in transcripts} == {e.transcript for e in res2.episodes} and len(transcripts) == 8
    # the log is whole again: the torn line is gone, 3 old records and 6 new ones
    log = [EpisodeResult.model_validate_json(x) for x in (cut / EPISODES_NAME).read_text().splitlines()]
    assert len(log) == 3 + 6
    # a third run has nothing left to do and writes the same results
    res3 = await run_agent("noop", run_noop, tasks, both, cut, [url], concurrency=4, samples=2)
    assert res3.skipped == 8 and comparable(full) == comparable(cut)
    # another agent's run in the folder is refused, not mixed in
    with pytest.raises(RunnerError, match="holds episodes of agent noop"):
        await run_agent("gold", run_noop, tasks, ["som"], cut, [url])


class Flaky:
    """noop, except that the first episode of each (task, grounding) in `bad` raises; counts aclose."""

    def __init__(self, bad: dict[tuple[str, str], Exception]) -> None:
        self.bad, self.closed, self.calls = dict(bad), 0, 0

    async def __call__(self, client: MagClient, task: Task, grounding: Grounding, run_id: str) -> EpisodeResult:
        self.calls += 1
        exc = self.bad.pop((task.id, grounding), None)
        if exc is not None:
            raise exc
        return await run_noop(client, task, grounding, run_id)

    async def aclose(self) -> None:
        self.closed += 1


@pytest.mark.anyio
async def test_samples_and_failing_episodes(tmp_path, tasks, http_server):
    url, _ = http_server
    task = tasks[0]
    agent = Flaky({(task.id, "som"): ToolCallError("reset: no such task"), (task.id, "coord"): ValueError("bug")})
    out = tmp_path / "s3"
    res = await run_agent("noop", agent, [task], ["som", "coord"], out, [url], concurrency=3, samples=3)
    assert agent.closed == 1 and agent.calls == 6
    assert [(e.task_id, e.grounding, e.sample) for e in res.episodes] == [
        (task.id, g, s) for g in ("coord", "som") for s in range(3)
    ]
    bad = {e.grounding: e for e in res.episodes if e.status == "error"}
    assert set(bad) == {"som", "coord"} and res.errors == 2 and res.success_rate == 0.0
    assert "ToolCallError: reset: no such task" in bad["som"].error and "ValueError: bug" in bad["coord"].error
    assert all(e.server == url and e.agent == "noop" for e in res.episodes)
    assert all(e.status == "stopped" for e in res.episodes if e not in bad.values())
    # the rerun redoes only the errored episodes
    again = Flaky({})
    res2 = await run_agent("noop", again, [task], ["som", "coord"], out, [url], concurrency=3, samples=3)
    assert again.calls == 2 and res2.skipped == 4 and res2.errors == 0 and again.closed == 1
    assert [e.sample for e in res2.episodes] == [0, 1, 2, 0, 1, 2]


@pytest.mark.anyio
async def test_an_unreachable_server_leaves_its_jobs_to_the_others(tmp_path, tasks, http_server):
    url, _ = http_server
    dead = f"http://127.0.0.1:{free_port()}/mcp"  # nothing listens there
    res = await run_agent("noop", run_noop, tasks[:1], ["som", "coord"], tmp_path / "one-dead", [dead, url],
                          concurrency=2)
    assert [e.server for e in res.episodes] == [url, url] and res.errors == 0
    with pytest.raises(RunnerError, match="2 episodes not run"):
        await run_agent("noop", run_noop, tasks[:1], ["som", "coord"], tmp_path / "all-dead", [dead])
    assert not (tmp_path / "all-dead" / "results.json").exists()


def test_cli_two_servers_share_one_run(tmp_path, http_server, second_server):
    (url1, runs1), (url2, runs2) = http_server, second_server
    out = tmp_path / "two"
    p = _mag("run", "--agent", "gold", "--tasks", TASK_IDS, "--grounding", "both", "--server", url1,
             "--server", url2, "--concurrency", "4", "--out", str(out), timeout=240)
    assert p.returncode == 0, p.stderr[-3000:]
    data = json.loads((out / "results.json").read_text())
    assert data["servers"] == [url1, url2] and data["success_rate"] == 1.0 and data["errors"] == 0
    assert len(data["episodes"]) == 4 and all(e["success"] for e in data["episodes"])
    assert {e["server"] for e in data["episodes"]} == {url1, url2}
    for e in data["episodes"]:
        runs = runs1 if e["server"] == url1 else runs2
        path = Path(e["transcript"])
        assert path.is_relative_to(runs / "two") and path.exists()
    assert not list(out.rglob("transcript.jsonl"))  # nothing spawned locally
    assert len((out / EPISODES_NAME).read_text().splitlines()) == 4


def test_cli_openai_agent_against_a_local_endpoint(tmp_path, http_server):
    """`--agent openai` builds the model agent from the options; tokens and cost reach results.json."""
    from fake_openai import FakeOpenAI

    url, _ = http_server
    out = tmp_path / "model"
    stop = "Thought: nothing to do\nAction: stop [N/A]\nGuide: Nothing needs doing on this page."
    with FakeOpenAI(handler=lambda body: stop) as fake:
        p = _mag("run", "--agent", "openai", "--model", "fake-model", "--base-url", fake.base_url,
                 "--api-key-env", "MAG_TEST_NO_KEY", "--prices", "1,2", "--label", "fake-agent", "--samples", "2",
                 "--tasks", "shopping-price-1", "--grounding", "som", "--server", url, "--out", str(out), timeout=120)
        assert p.returncode == 0, p.stderr[-3000:]
        assert len(fake.requests) == 2 and fake.requests[0]["model"] == "fake-model"
    data = json.loads((out / "results.json").read_text())
    assert data["agent"] == "fake-agent" and [e["sample"] for e in data["episodes"]] == [0, 1]
    assert data["usage"]["calls"] == 2 and data["usage"]["prompt_tokens"] + data["usage"]["completion_tokens"] > 0
    assert data["usage"]["cost_usd"] > 0 and "tokens in 2 calls" in p.stdout


def test_cli_exits_non_zero_when_an_episode_could_not_be_run(tmp_path, http_server):
    """An endpoint that refuses every call leaves an errored episode: no result, and the exit status says so."""
    from fake_openai import FakeOpenAI, Reply

    url, _ = http_server
    out = tmp_path / "refused"
    with FakeOpenAI(handler=lambda body: Reply.error(401, "Incorrect API key provided")) as fake:
        p = _mag("run", "--agent", "openai", "--model", "fake-model", "--base-url", fake.base_url,
                 "--api-key-env", "MAG_TEST_NO_KEY", "--tasks", "shopping-price-1", "--grounding", "som",
                 "--server", url, "--out", str(out), timeout=120)
    assert p.returncode == 1, p.stderr[-3000:]
    assert "1 episode(s) could not be run to their end" in p.stderr
    assert json.loads((out / "results.json").read_text())["episodes"][0]["status"] == "error"


def test_results_json_has_no_wall_clock_inside_episodes():
    usage = ModelUsage(calls=2, prompt_tokens=100, completion_tokens=20, cost_usd=0.5, latency_s=3.2)
    e = EpisodeResult(task_id="t", grounding="som", agent="m", episode_id="x", success=True, score=1.0, steps=2,
                      status="stopped", usage=usage, step_usage=[StepUsage(step=1, latency_s=1.5, calls=1)])
    res = summarize("r", "m", ["u"], 1, ["som"], "2026-01-01T00:00:00+00:00", [e], skipped=1)
    data = json.loads(results_json(res))
    assert "latency_s" not in json.dumps(data["episodes"]) and "skipped" not in data
    assert data["usage"] == {"calls": 2, "retries": 0, "prompt_tokens": 100, "completion_tokens": 20,
                             "cost_usd": 0.5}


@pytest.mark.parametrize(
    "args,fragment",
    [
        (["--agent", "gpt"], "unknown agent 'gpt'; choose from gold, noop, openai"),
        (["--agent", "openai"], "--agent openai needs --model (or MAG_MODEL) and --base-url (or MAG_BASE_URL)"),
        (["--agent", "openai", "--model", "m"], "needs --base-url"),
        (["--agent", "openai", "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--prices", "cheap"],
         "--prices wants IN,OUT"),
        (["--samples", "0"], "--samples must be at least 1"),
        (["--concurrency", "0"], "--concurrency must be at least 1"),
        (["--tasks", "length:huge"], "unknown length 'huge'"),
        (["--tasks", "split:test+nope"], "unknown task 'nope'"),
        (["--grounding", "pixels"], "grounding must be som, coord or both"),
        (["--server", "localhost:8000"], "--server wants an http(s) URL"),
    ],
)
def test_cli_bad_input(args, fragment, monkeypatch):
    monkeypatch.delenv("MAG_MODEL", raising=False)
    monkeypatch.delenv("MAG_BASE_URL", raising=False)
    r = CliRunner().invoke(app, ["run", *args])
    assert r.exit_code == 2, r.output
    assert fragment in r.stderr and isinstance(r.exception, SystemExit)


def test_cli_bad_input_has_no_traceback():
    p = _mag("run", "--samples", "0")
    assert p.returncode == 2 and "--samples must be at least 1" in p.stderr and "Traceback" not in p.stderr
