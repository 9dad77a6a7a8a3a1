"""The gold sample `make test` replays: the longest task of every template (per site set), in both
groundings, through `mag tasks verify` (a real server over stdio, Chromium, the checkers, the no-op
floor and the negatives). The rest of the suite is covered by the verification record
(mag_mcp/tasks/verified.json), which tests/test_gold_replay.py checks is current."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from pydantic import BaseModel

from mag_core.tasks import Task


class GoldSample(BaseModel):
    task_ids: list[str]
    out: Path  # the verify folder: gold/ and noop/ runs, negatives/
    returncode: int
    log: str  # the command's stderr and stdout tail


def sample_tasks(tasks: list[Task]) -> list[Task]:
    """The longest Set-of-Mark gold of every (sites, template); ties go to the first in suite order."""
    chosen: dict[tuple[tuple[str, ...], object], Task] = {}
    for t in tasks:
        if not (t.mag and t.mag.gold):
            continue
        key = (tuple(t.sites), t.intent_template_id)
        if key not in chosen or t.gold_length("som") > chosen[key].gold_length("som"):
            chosen[key] = t
    return list(chosen.values())


def replay_sample(tasks: list[Task], out: Path, timeout: float) -> GoldSample:
    ids = [t.id for t in sample_tasks(tasks)]
    p = subprocess.run([sys.executable, "-m", "mag_mcp.cli", "tasks", "verify", "--site", ",".join(ids),
                        "--grounding", "both", "--concurrency", "3", "--out", str(out)],
                       capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    return GoldSample(task_ids=ids, out=out, returncode=p.returncode, log=(p.stderr + p.stdout)[-4000:])
