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
