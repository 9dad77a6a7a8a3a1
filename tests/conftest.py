"""Shared fixtures: a private MAG_HOME, an anyio backend, trap sites for guard tests."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

_HOME = Path(tempfile.mkdtemp(prefix="mag-test-home-"))
os.environ.setdefault("MAG_HOME", str(_HOME))


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def mag_home() -> Path:
    return Path(os.environ["MAG_HOME"])


def _spawn_http_server(runs_dir: Path):
    import subprocess
    import sys
    import time

    import httpx

    from mag_mcp.sites.runner import free_port

    port = free_port()
    log = open(runs_dir / "server.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "mag_mcp.cli", "serve", "--transport", "http", "--port", str(port),
         "--free-ports", "--runs-dir", str(runs_dir), "--max-episodes", "24"],
        stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 90
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {(runs_dir / 'server.log').read_text()[-2000:]}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
            break
        except httpx.HTTPError:
            if time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("server did not start") from None
            time.sleep(0.2)
    return proc, f"http://127.0.0.1:{port}/mcp"


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
