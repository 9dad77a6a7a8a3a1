"""Fixtures of the verl tests (`make test-train`, in the training environment `.venv-train`):
a real gold run (the experts), a real MAG HTTP server, a tiny model and the CPU stand-in of
verl's rollout server. Not collected where verl is not installed (the main environment's
`make test`): `make test-train` runs them."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
from mag_servers import start_http_server, wait_http_server  # tests/ is on sys.path (tests/conftest.py)

if importlib.util.find_spec("verl") is None:
    collect_ignore_glob = ["test_*.py"]

GOLD_TASKS = ["shopping-price-1", "map-nearest-1"]
# The first test to use the server or the gold run waits for the sites' databases (minutes on a
# fresh checkout, before tests/conftest.py's seed cache holds them); ordinary tests keep 300 s.
SETUP_TIMEOUT_S = 1200
_failed_setup: dict[str, str] = {}


def pytest_collection_modifyitems(items):  # type: ignore[no-untyped-def]
    for item in items:
        if "mag_server" in item.fixturenames or "gold_run" in item.fixturenames:
            item.add_marker(pytest.mark.timeout(SETUP_TIMEOUT_S))


def _once(name: str):  # type: ignore[no-untyped-def]
    """A session fixture that failed fails every later test at once (pytest would set it up
    again for each one, waiting out the same failure every time)."""
    if name in _failed_setup:
        pytest.fail(f"{name} could not be set up (see the first test that used it): {_failed_setup[name]}")


@pytest.fixture(scope="session", autouse=True)
def _offline_and_few_threads():
    import os

    import torch

    os.environ["HF_HUB_OFFLINE"] = "1"
    threads = torch.get_num_threads()
    torch.set_num_threads(2)
    yield
    torch.set_num_threads(threads)


@pytest.fixture(scope="session")
def gold_run(tmp_path_factory) -> Path:
    _once("gold_run")
    out = tmp_path_factory.mktemp("rl-gold") / "gold"
    try:
        p = subprocess.run([sys.executable, "-m", "mag_mcp.cli", "run", "--agent", "gold", "--tasks",
                            ",".join(GOLD_TASKS), "--grounding", "som", "--out", str(out)],
                           check=False, capture_output=True, text=True, timeout=SETUP_TIMEOUT_S - 60,
                           stdin=subprocess.DEVNULL)
        assert p.returncode == 0, p.stderr[-2000:]
        episodes = json.loads((out / "results.json").read_text())["episodes"]  # the experts exist: gold succeeded
        assert episodes and all(e["success"] for e in episodes), [(e["task_id"], e["error"]) for e in episodes]
    except BaseException as e:
        _failed_setup["gold_run"] = repr(e)[:500]
        raise
    return out


@pytest.fixture(scope="session")
def mag_server(tmp_path_factory):
    _once("mag_server")
    runs = tmp_path_factory.mktemp("rl-server")
    proc = start_http_server(runs)
    try:
        try:
            url = wait_http_server(proc, runs, timeout=SETUP_TIMEOUT_S - 60)
        except BaseException as e:
            _failed_setup["mag_server"] = repr(e)[:500]
            raise
        yield url, runs
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def tiny():
    """A tiny random Qwen2.5-VL and its processor (the faster family on CPU)."""
    from training.tiny import build_tiny

    return build_tiny("qwen2.5-vl", seed=0)


@pytest.fixture(scope="session")
def verl_config(tmp_path_factory, mag_server, gold_run):
    """verl's `ppo_trainer` config composed with the recipe's overrides (G = 2, short answers)."""
    import os

    import verl
    from hydra import compose, initialize_config_dir

    from training.rl.recipe import GRPOSettings, prepare

    url, _ = mag_server
    out = tmp_path_factory.mktemp("rl-recipe")
    settings = GRPOSettings(model=str(out / "model"), tasks=GOLD_TASKS, eval_tasks=GOLD_TASKS[:1], servers=[url],
                            experts_dir=gold_run, out_dir=out, G=2, tasks_per_step=2, tasks_per_update=1,
                            response_length=8, prompt_length=4096, gpus_per_node=1)
    command = prepare(settings)
    config_dir = os.path.join(os.path.dirname(verl.__file__), "trainer", "config")
    with initialize_config_dir(config_dir=config_dir, version_base=None):
        config = compose(config_name="ppo_trainer", overrides=command[3:])
    return config, settings, command

