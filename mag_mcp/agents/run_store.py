"""A run folder's durable state: `episodes.jsonl` (one EpisodeResult per finished
episode, appended with flush + fsync the moment it finishes) and `results.json`
(the run's summary, written atomically at the end).

Resuming reads `episodes.jsonl` back: a job (task, grounding, sample) whose latest
record did not error is kept; the rest are redone. A torn last line (a crash in
the middle of a write) is ignored and cut off so the next append starts clean.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio
from pydantic import BaseModel, Field, ValidationError

from mag_core.transcripts import TRANSCRIPT_NAME
from mag_core.usage import ModelUsage
from mag_mcp.agents.base import EpisodeResult

log = logging.getLogger(__name__)

EPISODES_NAME = "episodes.jsonl"
RESULTS_NAME = "results.json"
# A transcripts folder the runner owns: where a server it spawns writes (OUT/transcripts).
LOCAL_TRANSCRIPTS = "transcripts"

JobKey = tuple[str, str, int]  # (task_id, grounding, sample)


def job_key(e: EpisodeResult) -> JobKey:
    return (e.task_id, e.grounding, e.sample)


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class DeploymentSummary(BaseModel):
    """The live deployments a run used (`mag serve --external`): which, and how its episodes met them."""

    base_urls: dict[str, str]
    versions: dict[str, str]
    resets: int  # distinct resets made before the run's episodes
    reset_seconds: float
    dirty_episodes: int  # episodes that met changes an earlier one left (`--allow-dirty`)
    allow_dirty: bool


def deployment_summary(episodes: list[EpisodeResult]) -> DeploymentSummary | None:
    records = [e.deployment for e in episodes if e.deployment is not None]
    if not records:
        return None
    resets = {(r.at, tuple(r.sites)): r.seconds for d in records for r in d.resets}
    return DeploymentSummary(
        base_urls={k: v for d in records for k, v in d.base_urls.items()},
        versions={k: v for d in records for k, v in d.versions.items()},
        resets=len(resets), reset_seconds=round(sum(resets.values()), 2),
        dirty_episodes=sum(d.dirty for d in records), allow_dirty=any(d.allow_dirty for d in records))


class RunResults(BaseModel):
    """`OUT/results.json`. The episodes carry no wall-clock field, so a resumed run
    writes the same file as an uninterrupted one apart from episode ids, transcript
    paths, servers and the timestamps at the top (with, on live deployments, the reset figures of
    `deployment`)."""

    run_id: str
    agent: str
    servers: list[str]
    samples: int
    groundings: list[str]
    started_at: str
    finished_at: str
    success_rate: float
    by_grounding: dict[str, float]
    errors: int  # episodes with status "error" (a rerun into the same folder redoes them)
    usage: ModelUsage | None = None  # totals over the episodes that report usage (latency left out)
    episodes: list[EpisodeResult]
    deployment: DeploymentSummary | None = None  # live deployments only
    skipped: int = Field(default=0, exclude=True)  # kept from an earlier run into the folder (not written)


# Wall-clock fields left out of results.json (they stay in episodes.jsonl).
_NO_CLOCK: dict[str, Any] = {
    "usage": {"latency_s"},
    "episodes": {"__all__": {"usage": {"latency_s"}, "step_usage": {"__all__": {"latency_s"}},
                             "deployment": {"resets"}}},  # the run's own `deployment` counts them
}


def summarize(
    run_id: str, agent: str, servers: list[str], samples: int, groundings: list[str], started_at: str,
    episodes: list[EpisodeResult], skipped: int = 0,
) -> RunResults:
    """The run's summary over `episodes` (sorted by task, grounding, sample)."""
    eps = sorted(episodes, key=job_key)
    by_g: dict[str, float] = {}
    for g in groundings:
        rs = [e for e in eps if e.grounding == g]
        by_g[g] = sum(e.success for e in rs) / len(rs) if rs else 0.0
    usage: ModelUsage | None = None
    for e in eps:
        if e.usage is not None:
            usage = usage or ModelUsage()
            usage.add(e.usage)
    return RunResults(
        run_id=run_id, agent=agent, servers=servers, samples=samples, groundings=groundings,
        started_at=started_at, finished_at=now_iso(),
        success_rate=sum(e.success for e in eps) / len(eps) if eps else 0.0,
        by_grounding=by_g, errors=sum(e.status == "error" for e in eps), usage=usage, episodes=eps,
        deployment=deployment_summary(eps), skipped=skipped,
    )


def results_json(res: RunResults) -> str:
    return json.dumps(res.model_dump(mode="json", exclude=_NO_CLOCK), indent=2, ensure_ascii=False) + "\n"


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to a temp file beside `path`, fsync it, then rename over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def write_results(out: Path, res: RunResults) -> Path:
    path = out / RESULTS_NAME
    write_atomic(path, results_json(res))
    return path


class EpisodeLog:
    """`OUT/episodes.jsonl`: read back for resume, appended one record at a time."""

    def __init__(self, out: Path) -> None:
        self.path = out / EPISODES_NAME
        self._lock = anyio.Lock()

    def load(self) -> list[EpisodeResult]:
        """Every readable record in file order. A torn last line is cut off; an unreadable
        line elsewhere is skipped with a warning."""
        if not self.path.exists():
            return []
        raw = self.path.read_bytes()
        end = raw.rfind(b"\n") + 1
        if end < len(raw):  # a torn last line: drop it so the next append starts on a line of its own
            log.warning("%s: ignoring a torn last line (%d bytes)", self.path, len(raw) - end)
            with open(self.path, "r+b") as f:
                f.truncate(end)
                f.flush()
                os.fsync(f.fileno())
        records: list[EpisodeResult] = []
        for n, line in enumerate(raw[:end].decode("utf-8", errors="replace").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                records.append(EpisodeResult.model_validate_json(line))
            except ValidationError:
                log.warning("%s:%d: not an episode record; skipped", self.path, n)
        return records

    def _append_sync(self, line: str) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(line + "\n")
            f.flush()
            os.fsync(f.fileno())

    async def append(self, e: EpisodeResult) -> None:
        async with self._lock:
            await anyio.to_thread.run_sync(self._append_sync, e.model_dump_json())


def latest(records: list[EpisodeResult]) -> dict[JobKey, EpisodeResult]:
    """The last record of every job."""
    out: dict[JobKey, EpisodeResult] = {}
    for r in records:
        out[job_key(r)] = r
    return out


def _inside(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


def _run_of(transcript: Path) -> str | None:
    """The run id in a transcript's header line, None if unreadable."""
    try:
        with open(transcript, encoding="utf-8") as f:
            head = json.loads(f.readline())
        return head.get("run_id") if isinstance(head, dict) and head.get("type") == "header" else None
    except (OSError, ValueError):
        return None


def stale_transcript_dirs(
    out: Path, run_id: str, records: list[EpisodeResult], redo: list[EpisodeResult], resumed: bool,
) -> list[Path]:
    """Episode folders inside `out` that would give scoring a second episode for a job:
    those of the errored records being redone and, when resuming, this run's episodes
    (`<run_id>/<episode_id>/transcript.jsonl` with this run id in the header) that no record
    mentions: cut off by an interruption before their result was logged, so their jobs are
    redone too. Transcripts a remote server keeps elsewhere are never touched."""
    stale: list[Path] = []
    root = out.resolve()
    for r in redo:
        if r.transcript:
            d = Path(r.transcript).parent
            if d.is_dir() and _inside(d, root) and d.resolve() != root:
                stale.append(d)
    if resumed:
        known = {r.episode_id for r in records if r.episode_id}
        for path in sorted(root.rglob(TRANSCRIPT_NAME)):
            d = path.parent
            if d.name in known or d.parent.name != run_id or d in stale or d == root:
                continue
            if _run_of(path) == run_id:
                stale.append(d)
    return stale


def remove_dirs(dirs: list[Path]) -> None:
    for d in dirs:
        shutil.rmtree(d, ignore_errors=True)
