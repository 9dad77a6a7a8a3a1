"""The verification record (`mag_mcp/tasks/verified.json`): which tasks `mag tasks verify
--record` verified, against which version of the task and of its sites.

Replaying the whole suite's gold takes the better part of an hour on a laptop, so `make test`
replays one task per template and checks this record for the rest: every task must have an
entry whose task fingerprint (the task's JSON, gold trajectories included) and world fingerprint
(the source and content files of every site it uses, and of the site owning their
state) are today's, and whose negatives fingerprint is that of the task's negatives. Editing a
task or a site makes its entries stale; `mag tasks verify --stale --record` replays exactly those
and rewrites them. The `mag` block's design declarations (negatives, distractors, answer space)
are no input to a replay, so they stay out of the task fingerprint: a task whose negatives alone
changed has them checked again (offline, in seconds) without replaying its gold.
Code shared by every site (the environment, the server) is not fingerprinted: the per-template
replay in `make test` is what guards it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from datetime import date
from functools import cache
from importlib import resources
from pathlib import Path

from pydantic import BaseModel, Field

from mag_core.tasks import Grounding, Task
from mag_mcp.tasks.verify import VerifyReport

RECORD_NAME = "verified.json"
SCHEMA = 2
# The `mag` block's declarations that no replay reads (negatives have their own fingerprint).
DESIGN_KEYS = ("negatives", "distractors", "answer_space")
NEGATIVES_CHANGED = "its negatives changed"
_SKIPPED_PARTS = {"__pycache__"}
_SKIPPED_SUFFIXES = {".pyc", ".pyo"}


class TaskRecord(BaseModel):
    """One task as verified: gold succeeded in every grounding listed, the no-op failed where it must."""

    task: str  # task fingerprint
    world: str  # world fingerprint of the task's sites
    gold_steps: dict[Grounding, int]  # grounding -> steps of the gold episode that succeeded
    noop_checked: bool  # the no-op agent was run (navigation and state-changing tasks) and failed
    negatives: int = 0  # negatives checked, none passing its checker
    negatives_fp: str = ""  # negatives fingerprint of the negatives checked
    verified: str  # ISO date


class VerificationRecord(BaseModel):
    schema_version: int = SCHEMA
    chromium: str | None = None  # of the last run that wrote entries
    tasks: dict[str, TaskRecord] = Field(default_factory=dict)


def _digest(data: object) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def task_fingerprint(task: Task) -> str:
    """sha256 of the task's canonical JSON as a replay reads it: intent, checker, gold, everything
    but the `mag` block's design declarations (`DESIGN_KEYS`)."""
    data = task.model_dump(mode="json", exclude_none=True)
    for key in DESIGN_KEYS:
        (data.get("mag") or {}).pop(key, None)
    return _digest(data)


def negatives_fingerprint(task: Task) -> str:
    """sha256 of the task's negatives (and of the checker that judges them: the task fingerprint)."""
    negatives = [n.model_dump(mode="json", exclude_none=True) for n in (task.mag.negatives if task.mag else [])]
    return _digest([task_fingerprint(task), negatives])


def _site_folder(site: str) -> Path:
    return Path(str(resources.files("mag_mcp.sites").joinpath(site)))


@cache
def site_fingerprint(site: str) -> str:
    """sha256 over every source and content file of one embedded site's package, by relative path."""
    folder = _site_folder(site)
    h = hashlib.sha256()
    files = sorted(p for p in folder.rglob("*") if p.is_file() and not _SKIPPED_PARTS & set(p.parts)
                   and p.suffix not in _SKIPPED_SUFFIXES)
    for p in files:
        h.update(p.relative_to(folder).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def world_sites(task: Task) -> list[str]:
    """The site packages a task's pages come from: its sites, and the site that owns the state of
    one that has none of its own (the shop admin is served on the shop's database)."""
    from mag_mcp.sites.registry import site_spec

    found = set(task.sites)
    for key in task.sites:
        owner = site_spec(key).state_owner
        if owner:
            found.add(owner)
    return sorted(found)


def world_fingerprint(task: Task) -> str:
    return "+".join(site_fingerprint(s) for s in world_sites(task))


def record_path() -> Path:
    return Path(str(resources.files("mag_mcp.tasks").joinpath(RECORD_NAME)))


def load_record(path: Path | None = None) -> VerificationRecord:
    path = path or record_path()
    if not path.exists():
        return VerificationRecord()
    return VerificationRecord.model_validate_json(path.read_text(encoding="utf-8"))


def staleness(task: Task, record: VerificationRecord, groundings: Iterable[Grounding] = ("som", "coord")) -> str | None:
    """Why `task` needs verifying again (None when its entry is current for every grounding)."""
    entry = record.tasks.get(task.id)
    if entry is None:
        return "never verified"
    if entry.task != task_fingerprint(task):
        return "the task changed"
    if entry.world != world_fingerprint(task):
        return "a site it uses changed (" + ", ".join(world_sites(task)) + ")"
    missing = [g for g in groundings if g not in entry.gold_steps]
    if missing:
        return "not verified in " + ", ".join(missing)
    if entry.negatives_fp != negatives_fingerprint(task):
        return NEGATIVES_CHANGED
    return None


def stale_tasks(tasks: Iterable[Task], record: VerificationRecord | None = None) -> dict[str, str]:
    """task id -> why it is stale, for every task whose entry is missing or out of date."""
    record = record if record is not None else load_record()
    found = {t.id: staleness(t, record) for t in tasks}
    return {k: v for k, v in found.items() if v}


def update_record(record: VerificationRecord, tasks: list[Task], report: VerifyReport,
                  chromium: str | None = None) -> tuple[int, int]:
    """Write the entries of the tasks that verified, drop those of the tasks that failed;
    returns (written, dropped). A negatives-only verdict (no gold replayed) updates the negatives
    of an entry whose replay is current, and only when none of them passed."""
    by_id = {t.id: t for t in tasks}
    written = dropped = 0
    today = date.today().isoformat()
    for v in report.verdicts:
        task = by_id[v.task_id]
        if not v.gold:
            current = record.tasks.get(v.task_id)
            if (current is not None and v.ok and (current.task, current.world)
                    == (task_fingerprint(task), world_fingerprint(task))):
                current.negatives, current.negatives_fp = len(v.negatives), negatives_fingerprint(task)
                current.verified = today
                written += 1
            continue
        if not v.ok:
            dropped += record.tasks.pop(v.task_id, None) is not None
            continue
        entry = TaskRecord(task=task_fingerprint(task), world=world_fingerprint(task), gold_steps=v.gold_steps,
                           noop_checked=bool(v.noop_passed), negatives=len(v.negatives),
                           negatives_fp=negatives_fingerprint(task), verified=today)
        old = record.tasks.get(v.task_id)
        if old is not None and (old.task, old.world) == (entry.task, entry.world):
            # a run in one grounding keeps what an earlier run verified in the other
            entry.gold_steps = {**old.gold_steps, **entry.gold_steps}
            entry.noop_checked = entry.noop_checked or old.noop_checked
        record.tasks[v.task_id] = entry
        written += 1
    if written and chromium:
        record.chromium = chromium
    return written, dropped


def save_record(record: VerificationRecord, path: Path | None = None) -> Path:
    path = path or record_path()
    record.tasks = dict(sorted(record.tasks.items(), key=lambda kv: (len(kv[0]), kv[0])))
    path.write_text(record.model_dump_json(indent=1) + "\n", encoding="utf-8")
    return path
