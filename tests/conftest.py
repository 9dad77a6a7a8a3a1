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


def _share_seed_cache(home: Path) -> None:
    """The private MAG_HOME's seed databases live in one cache kept between test sessions
    (`.mag/test-seeds`, beside the checkout): building the six sites' databases from scratch takes
    minutes, and `make test` and `make test-train` would each pay it. Seeds are keyed by a digest
    of their sources and written atomically, so a stale one is never reused and two sessions may
    share the folder; the two newest of each database are kept. Tests that need a fresh build use
    a MAG_HOME of their own."""
    cache = Path(__file__).resolve().parents[1] / ".mag" / "test-seeds"
    try:
        cache.mkdir(parents=True, exist_ok=True)
        by_name: dict[str, list[Path]] = {}
        for f in cache.glob("*.sqlite"):
            by_name.setdefault(f.name.rsplit("-", 1)[0], []).append(f)
        for files in by_name.values():
            for old in sorted(files, key=lambda f: f.stat().st_mtime, reverse=True)[2:]:
                old.unlink(missing_ok=True)
        if not (home / "seeds").exists():
            (home / "seeds").symlink_to(cache, target_is_directory=True)
    except OSError:
        pass  # a read-only checkout: the private MAG_HOME builds its own


if Path(os.environ["MAG_HOME"]) == _HOME:
    _share_seed_cache(_HOME)


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


@pytest.fixture(scope="session")
def gold_sample(tmp_path_factory):
    """`mag tasks verify` of the longest task of every template, both groundings (tests/gold_sample.py);
    one replay shared by the gold tests and the guide-leak test."""
    from gold_sample import replay_sample

    from mag_mcp.tasks.registry import TaskRegistry

    return replay_sample(list(TaskRegistry.builtin().tasks.values()), tmp_path_factory.mktemp("gold-sample"), 2400)
