"""Judge faults: `mag score --judge llm` against an endpoint that hangs or answers garbage.

First pass: every episode whose guides carry a fault marker must be listed under
`failed` with the reason (and no score), the others scored, unfinished transcripts
counted and never scored; scores.json says `complete: false`, the command says how to
resume and exits non-zero, and `mag report` flags the scores as not final. Second pass,
the endpoint healed: only the failed episodes are judged again, and the scores are
complete.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio

from soak.fake_judge import Fault, FaultyJudge

EXPECTED_KIND: dict[Fault, str] = {"hang": "judge_timeout", "not_json": "judge_bad_output",
                                   "wrong_schema": "judge_bad_output", "http_500": "judge_unavailable"}
JUDGE_TIMEOUT_S = 2.0  # generous for a local answer on a busy machine; a hang outlasts it
HANG_S = 6.0


def _mag(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mag_mcp.cli", *args], capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


@dataclass
class ScorePass:
    returncode: int
    complete: bool
    scored: set[str]
    failed: dict[str, str]  # episode -> failure kind
    reasons: dict[str, str]
    statuses: dict[str, str]  # scored episode -> end status
    incomplete: int
    stderr_tail: str
    requests: int
    guides: list[str]


@dataclass
class JudgeFaults:
    first: ScorePass | None = None
    second: ScorePass | None = None
    report_flagged: bool = False
    report_warned: bool = False
    problems: list[str] = field(default_factory=list)


def _score(runs_dir: Path, judge: FaultyJudge, cache: Path) -> ScorePass:
    judge.reset_counts()
    p = _mag("score", str(runs_dir), "--judge", "llm", "--judge-base-url", judge.base_url, "--judge-model",
             "soak-judge", "--judge-cache", str(cache), "--no-judge-images", "--judge-timeout", str(JUDGE_TIMEOUT_S),
             "--judge-retries", "1", "--concurrency", "4")
    data: dict[str, Any] = {}
    if (runs_dir / "scores.json").is_file():
        data = json.loads((runs_dir / "scores.json").read_text())
    return ScorePass(
        returncode=p.returncode, complete=bool(data.get("complete")),
        scored={e["episode_id"] for e in data.get("episodes", [])},
        failed={f["episode_id"]: f.get("kind", "") for f in data.get("failed", [])},
        reasons={f["episode_id"]: f.get("error", "") for f in data.get("failed", [])},
        statuses={e["episode_id"]: e["status"] for e in data.get("episodes", [])},
        incomplete=int(data.get("incomplete", 0)), stderr_tail=" ".join(p.stderr.split())[-1500:],
        requests=sum(judge.answered.values()), guides=list(judge.guides),
    )


async def judge_faults(runs_dir: Path, cache: Path, report_dir: Path) -> JudgeFaults:
    out = JudgeFaults()
    with FaultyJudge(hang_s=HANG_S) as judge:
        out.first = await anyio.to_thread.run_sync(_score, runs_dir, judge, cache)
        p = await anyio.to_thread.run_sync(lambda: _mag("report", str(runs_dir), "--out", str(report_dir)))
        md = report_dir / "report.md"
        out.report_flagged = p.returncode == 0 and md.is_file() and "Incomplete scores — not final" in md.read_text()
        out.report_warned = "scores are incomplete" in " ".join(p.stderr.split())
        judge.healed = True
        out.second = await anyio.to_thread.run_sync(_score, runs_dir, judge, cache)
    return out
