"""`mag score`, `mag report`, `mag view` end to end: real gold and no-op runs
through the MCP server and Chromium, scored with the real packaged reference model."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

TASKS = "shopping-price-1,shopping-open-order-1"


def _mag(*args: str, timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mag_mcp.cli", *args], capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("scored")
    out = {}
    for agent in ("gold", "noop"):
        out[agent] = root / agent
        p = _mag("run", "--agent", agent, "--tasks", TASKS, "--grounding", "both", "--out", str(out[agent]))
        assert p.returncode == 0, p.stderr[-2000:]
        p = _mag("score", str(out[agent]))
        assert p.returncode == 0, p.stderr[-2000:]
        assert "reference(all-MiniLM-L6-v2+ROUGE-L)" in p.stdout and "Traceback" not in p.stderr
    return out


def _scores(run: Path) -> dict:
    return json.loads((run / "scores.json").read_text())


@pytest.mark.timeout(900)
def test_gold_scores_full_marks_and_noop_scores_nothing(runs):
    gold, noop = _scores(runs["gold"]), _scores(runs["noop"])
    assert len(gold["episodes"]) == 4 and len(noop["episodes"]) == 4
    for e in gold["episodes"]:
        assert e["success"] and e["gq"] == pytest.approx(1.0, abs=1e-3) and e["ggs"] == pytest.approx(e["gq"])
        # every step aligns with its gold step; clicks align by their target, coordinates
        # included (the element under the point is recorded); typing into the focused field by DTW
        assert [s["gold_index"] for s in e["step_scores"]] == list(range(e["steps"]))
        for s in e["step_scores"]:
            typing = s["action_text"].startswith("type [") and e["grounding"] == "coord"
            assert s["aligned_by"] == ("dtw" if typing else "target"), s
    for e in noop["episodes"]:
        assert not e["success"] and e["ggs"] == 0.0 and e["steps"] == 1
    assert gold["judges"] == {"guide_judge": "reference(all-MiniLM-L6-v2+ROUGE-L)", "answer_judge": None}


@pytest.mark.timeout(900)
def test_report_and_viewer(runs, tmp_path):
    p = _mag("report", str(runs["gold"]), str(runs["noop"]), "--out", str(tmp_path / "rep"))
    assert p.returncode == 0, p.stderr[-2000:]
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "| gold | som | 2 | 100.0%" in md and "| noop | coord | 2 | 0.0%" in md
    assert "McNemar" in md and "reference(all-MiniLM-L6-v2+ROUGE-L)" in md
    html = (tmp_path / "rep" / "report.html").read_text()
    assert html.count("<svg") >= 4
    p = _mag("view", str(runs["gold"]))
    assert p.returncode == 0, p.stderr[-2000:]
    index = runs["gold"] / "viewer" / "index.html"
    assert "shopping-open-order-1" in index.read_text()
    assert len(list(index.parent.glob("ep-*.html"))) == 4


@pytest.mark.parametrize(
    "args,fragment",
    [
        (["score", "/no/such/run"], "does not exist"),
        (["score", ".", "--judge", "llm"], "needs --judge-base-url"),
        (["score", ".", "--judge", "gpt"], "must be reference or llm"),
        (["score", ".", "--judge-prices", "cheap"], "--judge-prices wants"),
        (["report", "/no/such/run"], "is not a directory"),
        (["view", "/no/such/run"], "does not exist"),
    ],
)
def test_bad_input_is_a_clear_error(args, fragment, tmp_path):
    p = _mag(*args, timeout=120)
    assert p.returncode != 0
    assert fragment in p.stderr and "Traceback" not in p.stderr


def test_report_without_scores_says_what_to_do(tmp_path):
    p = _mag("report", str(tmp_path), timeout=120)
    assert p.returncode != 0 and "run `mag score" in p.stderr and "Traceback" not in p.stderr
