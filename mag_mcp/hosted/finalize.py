"""Finalizing a hosted submission: the server scores its own transcripts and packs them
into a bundle signed with the server key (`evaluators.bundle`), so the numbers on the
leaderboard trace back to what this server recorded."""

from __future__ import annotations

from pathlib import Path

from evaluators.bundle import pack_run
from evaluators.bundle_models import SubmissionInfo
from mag_mcp.hosted.submissions import Submission

BUNDLES_DIR = "bundles"


def pack_submission(run_dir: Path, sub: Submission, key: bytes) -> Path:
    """Score (offline reference judge) and pack the submission's episodes; returns the bundle path,
    RUNS_DIR/bundles/ID.zip. Blocking: call it in a worker thread."""
    out = run_dir.parent / BUNDLES_DIR / f"{sub.id}.zip"
    out.parent.mkdir(parents=True, exist_ok=True)
    info = SubmissionInfo(team=sub.team, agent=sub.agent, model=sub.model, notes=sub.notes,
                          submission_id=sub.id, samples_per_task=sub.samples)
    pack_run(run_dir, out, info, key=key)
    return out
