"""The verification record's bookkeeping: what makes an entry stale, what a verify run writes,
keeps and drops (mag_mcp/tasks/verification.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mag_mcp.tasks import verification as v
from mag_mcp.tasks.registry import TaskRegistry
from mag_mcp.tasks.verify import TaskVerdict, VerifyReport


@pytest.fixture
def task():
    return next(t for t in TaskRegistry.builtin().tasks.values() if t.mag.tags.kind == "state_change")


def _verdict(task, ok: bool = True, groundings=("som", "coord")) -> TaskVerdict:
    return TaskVerdict(task_id=task.id, gold={g: ok for g in groundings},
                       gold_steps={g: task.gold_length(g) for g in groundings},
                       gold_errors={} if ok else {"som": "failed"}, noop_passed={g: False for g in groundings})


def test_a_written_entry_is_current_until_the_task_changes(task, tmp_path: Path):
    record = v.VerificationRecord()
    assert v.staleness(task, record) == "never verified"
    assert v.update_record(record, [task], VerifyReport(verdicts=[_verdict(task)]), "156.0") == (1, 0)
    path = v.save_record(record, tmp_path / "verified.json")
    again = v.load_record(path)
    assert v.staleness(task, again) is None and again.chromium == "156.0"
    assert again.tasks[task.id].gold_steps == {"som": task.gold_length("som"), "coord": task.gold_length("coord")}
    edited = task.model_copy(update={"intent": task.intent + " today"})
    assert v.staleness(edited, again) == "the task changed"
    assert v.stale_tasks([task, edited], again) == {task.id: "the task changed"}


def test_a_changed_site_makes_its_tasks_stale(task, monkeypatch):
    record = v.VerificationRecord()
    v.update_record(record, [task], VerifyReport(verdicts=[_verdict(task)]))
    monkeypatch.setattr(v, "site_fingerprint", lambda site: "edited")
    assert v.staleness(task, record).startswith("a site it uses changed")


def test_one_grounding_at_a_time_adds_up_and_a_failure_drops_the_entry(task):
    record = v.VerificationRecord()
    v.update_record(record, [task], VerifyReport(verdicts=[_verdict(task, groundings=("som",))]))
    assert v.staleness(task, record) == "not verified in coord"
    v.update_record(record, [task], VerifyReport(verdicts=[_verdict(task, groundings=("coord",))]))
    assert v.staleness(task, record) is None
    assert v.update_record(record, [task], VerifyReport(verdicts=[_verdict(task, ok=False)])) == (0, 1)
    assert task.id not in record.tasks


def _with_negatives(task, *answers: str):
    from mag_core.task_design import Negative

    negatives = [Negative(answer=a, why="near entity's value") for a in answers]
    return task.model_copy(update={"mag": task.mag.model_copy(update={"negatives": negatives})})


def _negatives_verdict(task, outcome: str = "failed") -> TaskVerdict:
    from mag_mcp.tasks.negatives import NegativeVerdict

    negatives = [NegativeVerdict(task_id=task.id, index=i, label=n.label, why=n.why, outcome=outcome, how="offline",
                                 message="") for i, n in enumerate(task.mag.negatives)]
    return TaskVerdict(task_id=task.id, gold={}, gold_errors={}, noop_passed={}, negatives=negatives)


def test_new_negatives_are_checked_without_a_replay(task):
    """Negatives are no input to a replay: adding some leaves the replay current and makes only
    the negatives stale; a negatives-only run that sees none pass brings the entry up to date."""
    record = v.VerificationRecord()
    v.update_record(record, [task], VerifyReport(verdicts=[_verdict(task)]))
    declared = _with_negatives(task, "12", "13")
    assert v.task_fingerprint(declared) == v.task_fingerprint(task)
    assert v.staleness(declared, record) == v.NEGATIVES_CHANGED
    assert v.update_record(record, [declared], VerifyReport(verdicts=[_negatives_verdict(declared, "passed")])) \
        == (0, 0)
    assert v.staleness(declared, record) == v.NEGATIVES_CHANGED  # a negative the checker accepts: still stale
    assert v.update_record(record, [declared], VerifyReport(verdicts=[_negatives_verdict(declared)])) == (1, 0)
    assert v.staleness(declared, record) is None and record.tasks[task.id].negatives == 2
    assert v.staleness(_with_negatives(task, "12"), record) == v.NEGATIVES_CHANGED


def test_a_negatives_only_run_never_writes_an_entry_whose_replay_is_stale(task):
    record = v.VerificationRecord()
    assert v.update_record(record, [task], VerifyReport(verdicts=[_negatives_verdict(task)])) == (0, 0)
    v.update_record(record, [task], VerifyReport(verdicts=[_verdict(task)]))
    edited = task.model_copy(update={"intent": task.intent + " today"})
    assert v.update_record(record, [edited], VerifyReport(verdicts=[_negatives_verdict(edited)])) == (0, 0)
    assert v.staleness(edited, record) == "the task changed"


def test_the_world_fingerprint_reads_the_site_package_files():
    a, b = v.site_fingerprint("wikipedia"), v.site_fingerprint("shopping")
    assert len(a) == 16 and a != b and a == v.site_fingerprint("wikipedia")
