"""Life cycle faults: servers killed mid-episode, clients that go away, a judge that fails.

On one runs directory, with real `mag serve --transport http` processes and real MCP
clients (`soak.lifecycle`):

1. kill rounds: episodes finished, eight others running, SIGKILL of the server's whole
   tree (Chromium included), crash leftovers injected (a torn record, a stray temp file,
   a torn header); a new server starts on the same runs directory and its recovery must
   lose nothing: finished transcripts byte for byte the same, every complete record of
   the killed episodes kept and an `incomplete` end record added, torn bytes kept aside,
   every line parsing and every screenshot decoding, no temp file left;
2. a second server starting on the same runs directory leaves a live episode alone;
3. clients that go away mid-episode: their episodes end `abandoned` after the idle
   time-to-live, contexts closed, and a later call says so;
4. judge faults: `mag score` against an endpoint that hangs or answers garbage
   reports each failed episode, writes nothing partial as final, and resumes;
5. recovery on thousands of transcripts: timed, and no finished one touched.
"""

from __future__ import annotations

import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio

from soak.fake_judge import FAULTS, Fault
from soak.lifecycle.idle import IdleResult, SharedResult, health, idle_clients, second_server
from soak.lifecycle.integrity import Integrity, snapshot, verify
from soak.lifecycle.judge import EXPECTED_KIND, JudgeFaults, judge_faults
from soak.lifecycle.kill import KillRound, inject_crash_leftovers, play_round
from soak.lifecycle.scale import ScaleResult, recover_many
from soak.models import Scale, Section
from soak.server import ServerProcess

IDLE_TTL_S = 5.0


@dataclass(frozen=True)
class LifecyclePlan:
    rounds: int  # kill rounds
    finished: int  # episodes played to their end before each kill
    running: int  # episodes running at each kill
    idle_clients: int
    bulk_transcripts: int  # for the recovery timing


PLANS = {
    "test": LifecyclePlan(rounds=1, finished=5, running=8, idle_clients=4, bulk_transcripts=1000),
    "soak": LifecyclePlan(rounds=5, finished=10, running=8, idle_clients=8, bulk_transcripts=10000),
}


def fault_plan(n: int) -> list[Fault | None]:
    """Each judge fault in turn, every fifth episode without one."""
    kinds: list[Fault | None] = [*FAULTS, None]
    return [kinds[i % len(kinds)] for i in range(n)]


async def run(scale: Scale) -> Section:
    plan = PLANS[scale]
    section = Section(name="life cycle faults", scale=scale)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mag-soak-lifecycle-") as tmp:
        root = Path(tmp)
        runs = root / "runs"
        env = {"MAG_HOME": str(root / "home")}
        args = ["--sites", "shopping", "--idle-ttl", f"{IDLE_TTL_S:g}", "--max-episodes", str(plan.running + 8)]
        server = ServerProcess(runs, args=args, env=env)
        await anyio.to_thread.run_sync(server.start)
        rounds: list[tuple[KillRound, Integrity, dict[str, Any]]] = []
        try:
            for r in range(plan.rounds):
                server, result = await _kill_round(server, r + 1, plan)
                rounds.append(result)
            shared = await second_server(server, args, env)
            idle = await idle_clients(server, plan.idle_clients, IDLE_TTL_S)
        finally:
            log_tail = server.log_tail()
            await anyio.to_thread.run_sync(server.stop)
        final = await anyio.to_thread.run_sync(verify, runs, {}, {})
        judged = await judge_faults(runs, root / "judge-cache", root / "report")
        bulk = await anyio.to_thread.run_sync(recover_many, root / "bulk", plan.bulk_transcripts,
                                              max(1, plan.bulk_transcripts // 100))
    _kill_checks(section, plan, rounds, final)
    _shared_checks(section, shared)
    _idle_checks(section, plan, idle)
    faults = {ep: f for rnd, _, _ in rounds for ep, f in rnd.finished.items()}
    _judge_checks(section, judged, faults, [ep for rnd, _, _ in rounds for ep in rnd.running],
                  [ep for ep, s in idle.statuses.items() if s == "abandoned"])
    _scale_checks(section, bulk)
    section.elapsed_s = round(time.perf_counter() - t0, 1)
    tallies = [rnd.tally for rnd, _, _ in rounds] + [shared.tally, idle.tally]
    section.episodes_run = sum(len(t.episodes) for t in tallies)
    section.steps_run = sum(t.steps for t in tallies)
    section.cases = plan.rounds + 4  # kill rounds, shared runs directory, idle clients, judge passes, bulk recovery
    section.faults_injected = (sum(1 + len(rnd.injected) for rnd, _, _ in rounds) + idle.dropped + idle.cut_off
                               + sum(1 for f in faults.values() if f))
    section.data_lost = sum(i.lost for _, i, _ in rounds) + final.lost
    section.details = {
        "kill_rounds": [{"finished": len(rnd.finished), "running_at_kill": len(rnd.running),
                         "processes_killed": rnd.killed_pids, "injected": rnd.injected, **recovery,
                         "transcripts": integ.transcripts, "records": integ.records,
                         "screenshots": integ.screenshots, "problems": integ.problems}
                        for rnd, integ, recovery in rounds],
        "idle": {"ttl_s": IDLE_TTL_S, "dropped": idle.dropped, "cut_off": idle.cut_off,
                 "reclaimed_within_s": idle.reclaimed_s, "renderers": [idle.renderers_before, idle.renderers_after]},
        "judge": {k: {"exit_code": p.returncode, "complete": p.complete, "scored": len(p.scored),
                      "failed": dict(Counter(p.failed.values())), "requests": p.requests}
                  for k, p in (("first", judged.first), ("resumed", judged.second)) if p is not None},
        "bulk_recovery": {"transcripts": bulk.report.scanned, "ms": bulk.report.elapsed_ms,
                          "ms_per_1000": round(bulk.report.elapsed_ms * 1000 / max(1, bulk.report.scanned), 1),
                          "marked_incomplete": bulk.report.marked_incomplete},
        "errors": [e for t in tallies for e in t.errors][:10],
        "server_log_tail": log_tail if not section.passed else "",
    }
    return section


async def _kill_round(server: ServerProcess, round_no: int,
                      plan: LifecyclePlan) -> tuple[ServerProcess, tuple[KillRound, Integrity, dict[str, Any]]]:
    """Play, kill, inject, restart on the same runs directory, verify; returns the new server."""
    rnd = await play_round(server, round_no, fault_plan(plan.finished), plan.running)
    before = await anyio.to_thread.run_sync(snapshot, server.runs_dir)
    await anyio.to_thread.run_sync(inject_crash_leftovers, server.runs_dir, rnd, round_no)
    restarted = ServerProcess(server.runs_dir, args=server.args, env=server.env)
    await anyio.to_thread.run_sync(restarted.start)
    try:
        recovery = (await anyio.to_thread.run_sync(health, restarted)).get("recovery") or {}
        integrity = await anyio.to_thread.run_sync(verify, server.runs_dir, before, rnd.set_aside)
    except BaseException:
        with anyio.CancelScope(shield=True):
            await anyio.to_thread.run_sync(restarted.kill)
        raise
    keep = {k: recovery.get(k) for k in ("marked_incomplete", "torn_repaired", "headerless", "temp_removed",
                                         "writers_removed", "elapsed_ms", "errors")}
    return restarted, (rnd, integrity, keep)


def _kill_checks(section: Section, plan: LifecyclePlan, rounds: list[tuple[KillRound, Integrity, dict[str, Any]]],
                 final: Integrity) -> None:
    errors = [e for rnd, _, _ in rounds for e in rnd.tally.errors]
    running = [len(rnd.running) for rnd, _, _ in rounds]
    section.check(f"{plan.rounds} kill round(s): {plan.finished} episodes finished, {plan.running} running at "
                  "each SIGKILL of the whole tree", not errors and all(n == plan.running for n in running)
                  and all(rnd.chromium_killed for rnd, _, _ in rounds) and
                  all(len(rnd.finished) == plan.finished for rnd, _, _ in rounds),
                  f"running at the kills: {running}; processes killed: {[r.killed_pids for r, _, _ in rounds]}"
                  + (f"; first error: {errors[0]}" if errors else ""))
    untouched = sum(i.untouched for _, i, _ in rounds)
    changed = [p for _, i, _ in rounds for p in i.problems if "finished episode" in p]
    section.check("finished transcripts byte for byte untouched by recovery", not changed,
                  f"{untouched} finished episode folders compared" + (f"; {changed[0]}" if changed else ""))
    marked = sum(i.marked_incomplete for _, i, _ in rounds)
    want = sum(len(r.running) for r, _, _ in rounds)
    section.check("killed episodes keep every complete record and end `incomplete`", marked == want and
                  not any(i.problems for _, i, _ in rounds) and not any(rec.get("errors") for _, _, rec in rounds),
                  f"{marked} of {want} marked incomplete; {sum(i.records for _, i, _ in rounds)} records read back"
                  + "".join(f"; {p}" for _, i, _ in rounds for p in i.problems[:2]))
    kept = sum(i.torn_kept for _, i, _ in rounds)
    set_aside = sum(len(r.set_aside) for r, _, _ in rounds)
    section.check("torn records and torn headers kept aside in transcript.jsonl.torn", kept == set_aside,
                  f"{kept} of {set_aside}")
    section.check("no file corrupt: every line parses, every screenshot decodes, no temp file left",
                  final.lost == 0 and final.temp_left == 0 and all(i.temp_left == 0 for _, i, _ in rounds),
                  f"{final.transcripts} transcripts, {final.records} records, {final.screenshots} screenshots; "
                  f"{final.temp_left} temp file(s) left" + (f"; {final.problems[0]}" if final.problems else ""))


def _shared_checks(section: Section, shared: SharedResult) -> None:
    section.check("a second server on the same runs directory leaves a live episode alone",
                  shared.live_untouched and shared.live_finished == "stopped" and shared.second_saw_live >= 1
                  and shared.second_recovered == 0,
                  f"live episode untouched: {shared.live_untouched}, then ended {shared.live_finished!r}; the second "
                  f"server's recovery left {shared.second_saw_live} to a running writer and marked "
                  f"{shared.second_recovered}" + (f"; {shared.tally.errors[0]}" if shared.tally.errors else ""))


def _idle_checks(section: Section, plan: LifecyclePlan, idle: IdleResult) -> None:
    abandoned = sum(s == "abandoned" for s in idle.statuses.values())
    section.check(f"{plan.idle_clients} clients gone mid-episode: episodes reclaimed as `abandoned`",
                  abandoned == plan.idle_clients and not idle.tally.errors,
                  f"{abandoned} of {plan.idle_clients} abandoned ({idle.dropped} closed, {idle.cut_off} cut off "
                  f"mid-call), all reclaimed {idle.reclaimed_s} s after the last client went (time-to-live "
                  f"{IDLE_TTL_S:g} s)" + ("" if abandoned == plan.idle_clients else
                                          f"; ended as {sorted(map(str, idle.statuses.values()))}")
                  + (f"; {idle.tally.errors[0]}" if idle.tally.errors else ""))
    section.check("abandoned episodes' contexts closed (renderers back to the idle count)",
                  idle.renderers_after <= idle.renderers_before,
                  f"{idle.renderers_before} renderers before, {idle.renderers_after} after")
    section.check("a later call on an abandoned episode says so; new resets work",
                  "abandoned" in idle.later_call_error and idle.reset_after, idle.later_call_error[:200])


def _judge_checks(section: Section, judged: JudgeFaults, faults: dict[str, Fault | None], killed: list[str],
                  abandoned: list[str]) -> None:
    first, second = judged.first, judged.second
    assert first is not None and second is not None
    faulty = {ep for ep, f in faults.items() if f}
    finished = set(faults) | set(abandoned)
    wrong_kind = [f"{ep}: {faults[ep]} -> {first.failed.get(ep)}" for ep in faulty
                  if first.failed.get(ep) != EXPECTED_KIND[faults[ep]]]  # type: ignore[index]
    section.check("judge faults reported per episode, with the reason", set(first.failed) == faulty and
                  not wrong_kind and all(first.reasons.values()),
                  f"{len(first.failed)} failed of {len(faulty)} with a faulty judge: {dict(Counter(first.failed.values()))}"
                  + (f"; {wrong_kind[0]}" if wrong_kind else ""))
    section.check("nothing partial written as final: complete = false, failed episodes unscored, exit code 1",
                  not first.complete and first.returncode == 1 and not (first.scored & faulty)
                  and "run `mag score" in first.stderr_tail and "again to resume" in first.stderr_tail,
                  f"complete={first.complete}, exit code {first.returncode}, {len(first.scored & faulty)} faulty "
                  f"episode(s) scored; {first.stderr_tail[-200:]}")
    section.check("unfinished (incomplete) episodes counted, never scored; abandoned ones scored",
                  first.incomplete == len(killed) and not (first.scored & set(killed))
                  and all(first.statuses.get(ep) == "abandoned" for ep in abandoned),
                  f"{first.incomplete} incomplete counted of {len(killed)} killed; "
                  f"{sum(first.statuses.get(ep) == 'abandoned' for ep in abandoned)} abandoned scored")
    section.check("`mag report` flags incomplete scores", judged.report_flagged and judged.report_warned,
                  f"flagged in report.md: {judged.report_flagged}, warned: {judged.report_warned}")
    rejudged_only_failed = all("fault-" in g for g in second.guides)
    section.check("`mag score` again resumes: only failed episodes re-judged, scores complete",
                  second.returncode == 0 and second.complete and not second.failed and second.scored >= finished
                  and rejudged_only_failed,
                  f"exit code {second.returncode}, complete={second.complete}, {len(second.scored)} scored, "
                  f"{second.requests} judge request(s), all for failed episodes: {rejudged_only_failed}")


def _scale_checks(section: Section, bulk: ScaleResult) -> None:
    r = bulk.report
    section.check(f"recovery of {r.scanned} transcripts touches no finished one",
                  bulk.untouched == bulk.finished and r.marked_incomplete == bulk.unfinished and not r.errors,
                  f"{r.elapsed_ms:.0f} ms for {r.scanned} transcripts ({r.elapsed_ms * 1000 / max(1, r.scanned):.1f} ms "
                  f"per 1000); {bulk.untouched} of {bulk.finished} finished untouched, {r.marked_incomplete} of "
                  f"{bulk.unfinished} marked incomplete")
