"""One real gold run (two short tasks, both groundings) shared by the training tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

GOLD_TASKS = ["shopping-price-1", "map-nearest-1"]


@pytest.fixture(scope="session")
def gold_run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("training-gold") / "gold"
    p = subprocess.run([sys.executable, "-m", "mag_mcp.cli", "run", "--agent", "gold", "--tasks", ",".join(GOLD_TASKS),
                        "--grounding", "both", "--out", str(out)],
                       check=False, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert p.returncode == 0, p.stderr[-2000:]
    return out


@pytest.fixture(scope="module")
def one_thread():
    """Torch on one thread for the module (small models: threads cost more than they give)."""
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.fixture(scope="module")
def sft_dataset(gold_run, tmp_path_factory):
    """The SFT dataset of the gold run (history window 5), saved and loaded back."""
    from training.data import build_sft_dataset, load_sft_dataset

    path = tmp_path_factory.mktemp("sft") / "ds"
    build_sft_dataset(gold_run, history_window=5, out_dir=path)
    return load_sft_dataset(path)
