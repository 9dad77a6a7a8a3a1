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


from mag_servers import start_http_server, wait_http_server  # noqa: E402 - needs the sys.path entry above


def _spawn_http_server(runs_dir: Path):
    proc = start_http_server(runs_dir)
    return proc, wait_http_server(proc, runs_dir)


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


@pytest.fixture
async def pool():
    """A started browser pool (one Chromium), closed after the test."""
    from mag_mcp.env.browser import BrowserPool

    p = BrowserPool()
    await p.start()
    yield p
    await p.close()
