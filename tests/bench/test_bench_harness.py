"""The benchmark harness (`make bench`) on a real Chromium and the real shop: one
short interleaved round of plain Playwright and MAG in both groundings, then the
report. Checks that every step is measured and the report's tables and targets
are filled in; never asserts a timing (those belong in BENCHMARKS.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.common import SCRIPT
from bench.report import render
from bench.run import Config, latency

pytestmark = pytest.mark.anyio


async def test_one_round_and_report(tmp_path: Path):
    cfg = Config(rounds=1, warmup=False, subjects={"playwright", "mag-env-coord", "mag-env-som"},
                 slow_peer_every=99, levels=[], steps_per_episode=0, quick=True)
    notes: list[str] = []
    samples, versions = await latency(cfg, tmp_path, notes, None)
    for subject in ("playwright", "mag-env-coord", "mag-env-som"):
        assert len(samples.get(subject, "reset.total")) == 1
        for kind in SCRIPT:
            assert len(samples.get(subject, f"step.{kind}.total")) == 1, (subject, kind)
    # MAG's steps come with their phases: the settle and the screenshot are measured apart
    for kind in SCRIPT:
        assert samples.get("mag-env-som", f"step.{kind}.screenshot")
        assert samples.get("mag-env-som", f"step.{kind}.marking")
    assert samples.get("mag-env-coord", "step.click_nav.settle")
    results = {
        "config": cfg.__dict__, "think_s": 0.5, "versions": versions, "notes": notes, "elapsed_s": 1.0,
        "samples": {f"{s}|{m}": v for (s, m), v in samples.values.items()},
    }
    text = render(results, quick=True)
    assert versions["chromium"] in text
    target = next(line for line in text.splitlines() if "coordinate step ≤ 1.2× plain Playwright — click, loads" in line)
    assert "×" in target and "–" not in target.split("|")[2]  # a measured ratio, not a gap
    # subjects that did not run appear as gaps, not as errors
    bg = next(line for line in text.splitlines() if "BrowserGym (waits at zero) — click, stays" in line)
    assert bg.rstrip().endswith("| – |")
