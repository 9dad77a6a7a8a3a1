"""Shared fixtures: a private MAG_HOME, an anyio backend, trap sites for guard tests."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

# shared test helpers (fake_openai) import from any test folder
sys.path.insert(0, str(Path(__file__).parent))

_HOME = Path(tempfile.mkdtemp(prefix="mag-test-home-"))
os.environ.setdefault("MAG_HOME", str(_HOME))


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def mag_home() -> Path:
    return Path(os.environ["MAG_HOME"])


def start_http_server(runs_dir: Path, *extra: str):
    """Start `mag serve --transport http` on a free port without waiting; returns (proc, port)."""
    import subprocess
    import sys

    from mag_mcp.sites.runner import free_port

    port = free_port()
    log = open(runs_dir / "server.log", "w")  # noqa: SIM115 - the server process holds it
    proc = subprocess.Popen(
        [sys.executable, "-m", "mag_mcp.cli", "serve", "--transport", "http", "--port", str(port),
         "--free-ports", "--runs-dir", str(runs_dir), "--max-episodes", "24", *extra],
        stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
    )
    return proc, port


def wait_http_server(proc, port: int, runs_dir: Path, timeout: float = 120) -> str:  # type: ignore[no-untyped-def]
    """Wait until the server answers; returns its MCP URL."""
    import time

    import httpx

    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {(runs_dir / 'server.log').read_text()[-2000:]}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
            return f"http://127.0.0.1:{port}/mcp"
        except httpx.HTTPError:
            if time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("server did not start") from None
            time.sleep(0.2)


def _spawn_http_server(runs_dir: Path):
    proc, port = start_http_server(runs_dir)
    return proc, wait_http_server(proc, port, runs_dir)


@pytest.fixture(scope="session")
def http_server(tmp_path_factory):
    """A real `mag serve --transport http` process; yields (url, runs_dir)."""
    runs = tmp_path_factory.mktemp("http-runs")
    proc, url = _spawn_http_server(runs)
    yield url, runs
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except Exception:
        proc.kill()


@pytest.fixture(scope="session")
def shop_tasks():
    from mag_mcp.tasks.registry import TaskRegistry

    return [t for t in TaskRegistry.builtin().select("shopping") if t.sites == ["shopping"]]
