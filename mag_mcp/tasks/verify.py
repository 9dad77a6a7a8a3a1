"""`mag tasks verify`: every gold trajectory must succeed through the server in
each grounding, the no-op agent must fail every navigation and state-changing
task (a task a no-op passes checks nothing), and every negative of a task (a
wrong-but-plausible answer or final URL, `mag.negatives`) must fail its checker
(mag_mcp.tasks.negatives: offline where no page is needed, else on the live page), and
no gold guide gives the answer away at the step it was replayed at (the observation-aware leak
detector scoring uses). `--record` keeps the outcome in mag_mcp/tasks/verification.py's record."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, Field
from rich.console import Console
from rich.table import Table

from evaluators.checkers import Judge
from mag_core.tasks import Grounding, Task
from mag_mcp.agents.base import EpisodeResult
from mag_mcp.agents.runner import run_agent
from mag_mcp.tasks.negatives import NegativeVerdict, check_live, check_offline

NOOP_MUST_FAIL = ("navigation", "state_change")


class TaskVerdict(BaseModel):
    task_id: str
    gold: dict[str, bool]  # grounding -> success
    gold_steps: dict[str, int] = Field(default_factory=dict)  # grounding -> steps of the gold episode
    gold_errors: dict[str, str]
    noop_passed: dict[str, bool]  # grounding -> the no-op agent succeeded (bad for nav/state tasks)
    guide_leaks: list[str] = Field(default_factory=list)  # gold steps whose guide gives away the answer
    negatives: list[NegativeVerdict] = Field(default_factory=list)

    @property
    def negatives_passing(self) -> list[NegativeVerdict]:
        return [n for n in self.negatives if n.passes]

    @property
    def ok(self) -> bool:
        """Gold passes everywhere, the no-op nowhere, and no negative passes (an undecided one,
        waiting for the answer judge, is reported but does not fail the task)."""
        return (all(self.gold.values()) and not any(self.noop_passed.values()) and not self.negatives_passing
                and not self.guide_leaks)


class VerifyReport(BaseModel):
    verdicts: list[TaskVerdict]
    chromium: str | None = None  # the browser the gold was replayed in

    @property
    def failures(self) -> list[TaskVerdict]:
        return [v for v in self.verdicts if not v.ok]

    @property
    def negatives(self) -> list[NegativeVerdict]:
        return [n for v in self.verdicts for n in v.negatives]

    def negatives_summary(self) -> str:
        """One line: how many negatives were checked and how each came out."""
        negs = self.negatives
        failed = sum(n.outcome == "failed" for n in negs)
        passed = sum(n.outcome == "passed" for n in negs)
        undecided = sum(n.outcome == "undecided" for n in negs)
        live = sum(n.how == "live" for n in negs)
        tasks = sum(bool(v.negatives) for v in self.verdicts)
        return (f"{len(negs)} negatives checked over {tasks} tasks ({live} on the live page): {failed} fail as they "
                f"must, {passed} pass" + (f", {undecided} undecided (need the answer judge or a replay)"
                                          if undecided else ""))


async def verify_negatives(tasks: list[Task], out: Path, concurrency: int = 3, server: str | None = None,
                           console: Console | None = None, judge: Judge | None = None) -> list[NegativeVerdict]:
    """Every negative of `tasks` through the task's checker (offline first, the rest live)."""
    offline, live = await check_offline(tasks, judge)
    if live:
        offline += await check_live(live, out / "negatives", server, concurrency, console)
    return offline


async def verify_tasks(
    tasks: list[Task], groundings: list[Grounding], out: Path, concurrency: int = 3, server: str | None = None,
    console: Console | None = None, judge: Judge | None = None, replay: bool = True,
) -> VerifyReport:
    """Gold replay, no-op floor and negatives; `replay=False` checks only the negatives (those
    that need the live page are still replayed)."""
    from mag_mcp.agents.gold import AGENTS

    negatives = await verify_negatives(tasks, out, concurrency, server, console, judge)
    servers = [server] if server else None
    gold = noop = None
    if replay:
        # fresh: a second verify into the same folder replays everything instead of resuming
        gold = await run_agent("gold", AGENTS["gold"], tasks, groundings, out / "gold", servers, concurrency,
                               console=console, fresh=True)
        checked = [t for t in tasks if t.mag and t.mag.tags.kind in NOOP_MUST_FAIL]
        noop = await run_agent("noop", AGENTS["noop"], checked, groundings, out / "noop", servers, concurrency,
                               console=console, fresh=True) if checked else None
    leaks = gold_guide_leaks(out / "gold") if gold else {}
    verdicts = []
    for t in tasks:
        g = {e.grounding: e for e in (gold.episodes if gold else []) if e.task_id == t.id}
        n = {e.grounding: e.success for e in (noop.episodes if noop else []) if e.task_id == t.id}
        verdicts.append(TaskVerdict(
            task_id=t.id, gold={k: v.success for k, v in g.items()}, gold_steps={k: v.steps for k, v in g.items()},
            gold_errors={k: (v.error or v.status) for k, v in g.items() if not v.success}, noop_passed=n,
            negatives=[v for v in negatives if v.task_id == t.id], guide_leaks=leaks.get(t.id, []),
        ))
    return VerifyReport(verdicts=verdicts, chromium=_chromium(gold.episodes if gold else []))


def gold_guide_leaks(run_dir: Path) -> dict[str, list[str]]:
    """task id -> the gold steps of a replay whose guide the observation-aware detector (the one
    scoring uses) flags as giving the answer away, read from the run's transcripts."""
    from evaluators.run_data import RunDirError, load_run
    from mag_core.guide_leaks import LeakContext, find_step_leak

    found: dict[str, list[str]] = {}
    try:
        episodes = load_run(run_dir)
    except RunDirError:
        return found  # no episode got as far as a transcript: the gold failures say why
    for ep in episodes:
        for step in ep.steps:
            leak = find_step_leak(step.guide or "", LeakContext.from_step(step, ep.task.intent))
            if leak:
                found.setdefault(ep.task.id, []).append(
                    f"{ep.header.grounding} step {step.index}: {leak.fragment!r} ({leak.why})")
    return found


def _chromium(episodes: list[EpisodeResult]) -> str | None:
    """The Chromium version a transcript header names (None without a transcript)."""
    from mag_core.transcripts import read_transcript

    for e in episodes:
        if e.transcript and Path(e.transcript).exists():
            header = read_transcript(Path(e.transcript))[0]
            return header.get("versions", {}).get("chromium")
    return None


def verify_table(report: VerifyReport, groundings: list[Grounding], only_failures: bool = False) -> Table:
    table = Table(title="gold replay, no-op floor and negatives")
    table.add_column("task")
    for g in groundings:
        table.add_column(f"gold {g}")
    table.add_column("no-op")
    table.add_column("negatives")
    table.add_column("problem")
    for v in report.verdicts:
        if only_failures and v.ok:
            continue
        cells = ["[green]✓[/]" if v.gold.get(g) else ("[red]✗[/]" if v.gold else "—") for g in groundings]
        noop = "[red]passes![/]" if any(v.noop_passed.values()) else ("fails" if v.noop_passed else "—")
        bad = v.negatives_passing
        negs = (f"[red]{len(bad)} of {len(v.negatives)} pass![/]" if bad else
                f"{sum(n.outcome == 'failed' for n in v.negatives)}/{len(v.negatives)} fail") if v.negatives else "—"
        problem = "; ".join([f"{g}: {e[:60]}" for g, e in v.gold_errors.items()]
                            + [f"{n.label[:50]} passes ({n.why})" for n in bad]
                            + [f"guide leak, {leak[:80]}" for leak in v.guide_leaks])
        table.add_row(v.task_id, *cells, noop, negs, problem)
    n, bad_tasks = len(report.verdicts), len(report.failures)
    table.caption = (f"{n - bad_tasks}/{n} tasks verified" + (f", {bad_tasks} failing" if bad_tasks else "")
                     + f"; {report.negatives_summary()}")
    return table
