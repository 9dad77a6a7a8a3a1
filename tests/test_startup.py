"""Start-up: the server answers `initialize` at once and starts the sites and Chromium in the
background. Tools that need them wait (bounded) and say what the server is doing; what needs no
browser answers at once; a failed start-up (a site's port held) is told to the caller in one
clear line, on /health, and over stdio ends the process with that line.

Before, `initialize` waited for the whole start-up (3 s idle, 15 s under load, more on a first
run that builds the sites' databases), so clients with a 5 s initialize timeout failed; a held
port gave a 267-line traceback and "Connection closed"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import anyio
import httpx
import pytest
from mcp import Client

from mag_mcp.agents.client import stdio_params
from mag_mcp.server import ServerConfig, build_http_app, build_server
from mag_mcp.sites.runner import EmbeddedSites, listening_socket

pytestmark = pytest.mark.anyio

TASK = "shopping-price-1"
INITIALIZE_TIMEOUT_S = 5.0  # openai-agents' default client session timeout


class HeldStart:
    """The embedded sites' start, held: it waits for `release` (at most 30 s); `entered` is set
    once the start-up has reached it."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.gate = threading.Event()

    def release(self) -> None:
        self.gate.set()


@pytest.fixture
def held_start(monkeypatch):
    held = HeldStart()
    real_start = EmbeddedSites.start

    def start(self: EmbeddedSites, timeout: float = 30.0) -> None:
        held.entered.set()
        held.gate.wait(30)
        real_start(self, timeout)

    monkeypatch.setattr(EmbeddedSites, "start", start)
    yield held
    held.release()


@pytest.fixture
def held_port():
    with listening_socket("127.0.0.1", 0) as sock:
        yield sock.getsockname()[1]


async def test_initialize_is_answered_while_the_environment_starts(tmp_path, held_start):
    config = ServerConfig(site_ports={"shopping": 0}, startup_wait_s=0.5, env={"runs_dir": tmp_path})
    async with Client(build_server(config)) as c:
        # a server that started everything before answering would still be starting
        with anyio.fail_after(20):
            listed = await c.call_tool("list_tasks", {"site": "shopping", "limit": 1})  # needs no browser
            assert not listed.is_error and listed.structured_content["total"] > 0
            assert json.loads((await c.read_resource("mag://tasks")).contents[0].text)["count"] > 0
            assert (await c.get_prompt("mag_agent", {"grounding": "som"})).messages

            assert await anyio.to_thread.run_sync(held_start.entered.wait, 10)
            early = await c.call_tool("reset", {"task_id": TASK, "grounding": "som"})
        assert early.is_error
        text = early.content[0].text
        assert "the server is still starting (starting the embedded sites (shopping)" in text
        assert "call again in a few seconds" in text

        # released, the start-up goes on (building the shop's databases on a first run: a minute or more)
        config.startup_wait_s = 240
        held_start.release()
        with anyio.fail_after(300):
            r = await c.call_tool("reset", {"task_id": TASK, "grounding": "som"})
        assert not r.is_error, r.content
        episode = r.structured_content["observation"]["episode_id"]
        assert not (await c.call_tool("stop", {"episode_id": episode, "answer": ""})).is_error


async def test_a_held_site_port_is_told_to_the_caller(tmp_path, held_port):
    config = ServerConfig(site_ports={"shopping": held_port}, env={"runs_dir": tmp_path})
    async with Client(build_server(config)) as c:
        r = await c.call_tool("reset", {"task_id": TASK, "grounding": "som"})
        assert r.is_error
        text = r.content[0].text
        assert f"port {held_port} for site shopping is already in use by pid {os.getpid()}" in text
        assert "--free-ports" in text and "--site-port shopping=PORT" in text
        assert not (await c.call_tool("list_tasks", {"limit": 1})).is_error  # still answers


class Uvicorn:
    """An HTTP server in this process (so the test can hold its start-up), on a free port."""

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        import uvicorn

        self.sock = listening_socket("127.0.0.1", 0)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def health(self) -> httpx.Response:
        deadline = time.monotonic() + 60
        while True:
            try:
                return httpx.get(self.url + "/health", timeout=5)
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "the HTTP server does not answer"
                time.sleep(0.1)

    def __enter__(self) -> Uvicorn:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        self.sock.close()


def test_health_says_starting_then_ok_over_http(tmp_path, held_start):
    config = ServerConfig(site_ports={"shopping": 0}, env={"runs_dir": tmp_path})
    with Uvicorn(build_http_app(config, "127.0.0.1")) as http:
        assert held_start.entered.wait(60)
        r = http.health()
        assert r.status_code == 503, r.text
        body = r.json()
        assert body["status"] == "starting" and body["starting"]["step"] == "starting the embedded sites (shopping)"
        held_start.release()
        deadline = time.monotonic() + 150
        while (r := http.health()).status_code == 503:
            assert r.json()["status"] == "starting" and time.monotonic() < deadline, r.text
            time.sleep(0.2)
        assert r.status_code == 200 and r.json()["status"] == "ok" and r.json()["sites"] == ["shopping"]


def test_health_says_why_the_start_up_failed(tmp_path, held_port):
    config = ServerConfig(site_ports={"shopping": held_port}, env={"runs_dir": tmp_path})
    with Uvicorn(build_http_app(config, "127.0.0.1")) as http:
        deadline = time.monotonic() + 60
        while (r := http.health()).json()["status"] == "starting":
            assert time.monotonic() < deadline, r.text
            time.sleep(0.1)
        assert r.status_code == 503 and r.json()["status"] == "failed"
        assert f"port {held_port} for site shopping is already in use" in r.json()["error"]


def rpc(method: str, params: dict | None = None, id: int | None = None) -> bytes:
    message: dict = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    if id is not None:
        message["id"] = id
    return (json.dumps(message) + "\n").encode()


def test_a_held_port_over_stdio_ends_the_server_with_one_line(tmp_path, held_port):
    """The client's first calls are written before the server reads any: they are answered (the
    reset with the reason), then the process exits with code 2 and one error line, no traceback."""
    args = [sys.executable, "-m", "mag_mcp.cli", "serve", "--transport", "stdio", "--sites", "shopping",
            "--site-port", f"shopping={held_port}", "--runs-dir", str(tmp_path / "runs")]
    proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    init = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "0"}}
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write(rpc("initialize", init, 1) + rpc("notifications/initialized")
                     + rpc("tools/call", {"name": "reset", "arguments": {"task_id": TASK, "grounding": "som"}}, 2))
    proc.stdin.flush()
    try:
        answers = [json.loads(proc.stdout.readline()) for _ in range(2)]
        assert proc.wait(timeout=60) == 2  # while its stdin is still open: the server ends by itself
    finally:
        proc.kill()
    stderr = proc.stderr.read().decode()
    assert answers[0]["id"] == 1 and "result" in answers[0]
    reset = answers[1]["result"]
    assert reset["isError"] and f"port {held_port} for site shopping is already in use" in reset["content"][0]["text"]
    assert "Traceback" not in stderr
    failures = [line for line in stderr.splitlines() if "ERROR" in line]
    assert len(failures) == 1, stderr
    line = failures[0]
    assert f"port {held_port}" in line and f"pid {os.getpid()}" in line and "--free-ports" in line


def test_a_held_http_port_names_its_holder_and_the_option(tmp_path, held_port):
    p = subprocess.run([sys.executable, "-m", "mag_mcp.cli", "serve", "--transport", "http", "--port", str(held_port),
                        "--sites", "none", "--runs-dir", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    line = next(line for line in p.stderr.splitlines() if line.startswith("error:"))
    assert f"cannot listen on 127.0.0.1:{held_port}" in line and f"held by pid {os.getpid()}" in line
    assert "choose another --port (0 = any free port)" in line


class CpuBurners:
    """Processes that keep all but one core busy (the server under test gets the one left)."""

    def __init__(self) -> None:
        count = max(1, (os.cpu_count() or 2) - 1)
        self.procs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]

    def stop(self) -> None:
        for p in self.procs:
            p.kill()
            p.wait()


def import_floor_s(env: dict[str, str]) -> float:
    """How long this machine takes now to start Python and import the server: the part of the
    `initialize` latency no server design can remove."""
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import mag_mcp.cli, mag_mcp.server; "
                    "from mag_mcp.tasks.registry import TaskRegistry; TaskRegistry.builtin()"], env=env, check=True)
    return time.perf_counter() - t0


async def test_initialize_within_5_s_on_a_busy_machine_over_stdio(tmp_path):
    """A first run (a fresh MAG_HOME: every site builds its database) of all the sites, with CPU
    burners: the start-up takes far more than 5 s, `initialize` does not wait for it."""
    params = stdio_params(tmp_path / "runs", ["--sites", "all"])
    assert params.env is not None
    params.env["MAG_HOME"] = str(tmp_path / "home")
    burners = CpuBurners()
    try:
        floor = import_floor_s(params.env)
        if floor > INITIALIZE_TIMEOUT_S - 1.5:
            pytest.skip(f"this machine is too loaded to measure a {INITIALIZE_TIMEOUT_S:g} s initialize: "
                        f"importing the server alone took {floor:.1f} s")
        async with Client(params, read_timeout_seconds=INITIALIZE_TIMEOUT_S, mode="legacy") as c:
            listed = await c.call_tool("list_tasks", {"limit": 1})
            assert not listed.is_error and listed.structured_content["total"] > 0
            burners.stop()
            r = await c.call_tool("reset", {"task_id": TASK, "grounding": "coord"}, read_timeout_seconds=150)
            assert not r.is_error, r.content
            await c.call_tool("stop", {"episode_id": r.structured_content["observation"]["episode_id"]})
    finally:
        burners.stop()
    assert (Path(tmp_path / "home") / "state" / "shopping").is_dir()  # the sites did build their state


async def test_a_client_waits_for_a_starting_server_instead_of_failing(tmp_path, held_start):
    """`mag run`'s client calls again while the server says it is still starting (a first run
    builds the sites' databases for minutes), so the episode runs instead of erroring."""
    from mag_mcp.agents.client import MagClient

    config = ServerConfig(site_ports={"shopping": 0}, startup_wait_s=0.2, env={"runs_dir": tmp_path})
    async with Client(build_server(config)) as c:
        client = MagClient(c)
        assert await anyio.to_thread.run_sync(held_start.entered.wait, 10)
        threading.Timer(1.0, held_start.release).start()  # the start-up finishes while the client waits
        with anyio.fail_after(300):
            first = await client.step("reset", {"task_id": TASK, "grounding": "som"})
        assert first.observation.episode_id
        await client.stop(first.observation.episode_id, "")
