"""A task's negatives through its own checker (`mag tasks verify`): each must fail.

A negative is the gold outcome with one thing replaced: the answer (`answer`), or the final
URL (`url`). The checker's score is the product over the task's eval types, and only
string_match reads the answer and only url_match (and program_html's `last` page) the final
URL; every other part sees what the gold left, which passes (the gold replay checks that).
So:

- an answer negative is decided offline by string_match alone: the task's verdict with that
  answer is string_match's, since the other parts pass as they did for the gold;
- a URL negative is decided offline by url_match when url_match fails it (the product is 0),
  or when no program_html item reads the final page; otherwise (url_match passes it and a
  program_html item reads `last`) it is checked on the live page: the gold is replayed, the
  negative URL opened, and the episode's own checker decides (`live_negatives`).

Offline, `__SITE__` placeholders in references and negatives resolve to the same fixed
addresses (`OFFLINE_BASE_URLS`), so a negative URL should be written with placeholders. A
fuzzy reference the strict rules cannot decide needs the answer judge: without one the
negative is `undecided` (reported, not counted as failing).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel
from rich.console import Console

from evaluators.checkers import CheckContext, Judge
from evaluators.checkers.string_match import check_string_match
from evaluators.checkers.url_match import check_url_match
from mag_core.task_design import Negative
from mag_core.tasks import SITE_PLACEHOLDERS, GoldStep, Grounding, Task
from mag_core.transcripts import EpisodeOutcome
from mag_mcp.agents.base import AgentFn, EpisodeResult
from mag_mcp.agents.client import MagClient, ToolCallError

OFFLINE_BASE_URLS = {site: f"http://{site.replace('_', '-')}.offline.invalid" for site in SITE_PLACEHOLDERS.values()}
Outcome = Literal["failed", "passed", "undecided"]
LIVE_GROUNDING: Grounding = "som"  # the checker reads the page and the database, not the grounding


class NegativeVerdict(BaseModel):
    """What the checker said about one negative. `failed` is what a negative must do."""

    task_id: str
    index: int  # position in the task's `mag.negatives`
    label: str
    why: str
    outcome: Outcome
    how: Literal["offline", "live"]
    message: str

    @property
    def passes(self) -> bool:
        return self.outcome == "passed"


def _reads_last_page(task: Task) -> bool:
    return "program_html" in task.eval.eval_types and any(
        item.url == "last" for item in task.eval.program_html or [])


def needs_live_page(task: Task, negative: Negative) -> bool:
    """Whether a negative that url_match passes still depends on the final page."""
    return negative.url is not None and _reads_last_page(task)


async def offline_verdict(task: Task, index: int, judge: Judge | None = None) -> NegativeVerdict | None:
    """The verdict on `task.mag.negatives[index]` without a browser, or None when only the live
    page can decide it (see the module doc)."""
    assert task.mag is not None
    neg = task.mag.negatives[index]
    mode = task.checker_mode
    if neg.answer is not None:
        detail = await check_string_match(task, CheckContext(answer=neg.answer, base_urls=OFFLINE_BASE_URLS,
                                                             judge=judge), mode)
        if detail.needs_judge:
            return _verdict(task, index, "undecided", "offline", f"needs the answer judge: {detail.message}")
        return _verdict(task, index, "passed" if detail.passed else "failed", "offline", detail.message)
    assert neg.url is not None
    final = _resolve(neg.url)
    detail = await check_url_match(task, CheckContext(final_url=final, base_urls=OFFLINE_BASE_URLS), mode)
    if not detail.passed:
        return _verdict(task, index, "failed", "offline", detail.message)
    if needs_live_page(task, neg):
        return None
    return _verdict(task, index, "passed", "offline", detail.message)


def _resolve(url: str) -> str:
    for placeholder, site in SITE_PLACEHOLDERS.items():
        url = url.replace(placeholder, OFFLINE_BASE_URLS[site])
    return url


def _verdict(task: Task, index: int, outcome: Outcome, how: Literal["offline", "live"],
             message: str) -> NegativeVerdict:
    assert task.mag is not None
    neg = task.mag.negatives[index]
    return NegativeVerdict(task_id=task.id, index=index, label=neg.label, why=neg.why, outcome=outcome,
                           how=how, message=message)


async def check_offline(tasks: list[Task], judge: Judge | None = None) -> tuple[list[NegativeVerdict],
                                                                                  list[tuple[Task, int]]]:
    """Every negative of `tasks` decided offline, and the (task, index) pairs left for the live page."""
    verdicts: list[NegativeVerdict] = []
    live: list[tuple[Task, int]] = []
    for t in tasks:
        for i in range(len(t.mag.negatives) if t.mag else 0):
            v = await offline_verdict(t, i, judge)
            if v is None:
                live.append((t, i))
            else:
                verdicts.append(v)
    return verdicts, live


def _gold_answer(task: Task, grounding: Grounding) -> tuple[list[GoldStep], str]:
    """The gold steps before its stop, and the stop's answer."""
    assert task.mag is not None
    steps = list(task.mag.gold[grounding].steps)
    answer = ""
    if steps and steps[-1].action == "stop":
        answer = steps.pop().value or ""
    return steps, answer


def live_agent(index_of: dict[str, int]) -> AgentFn:
    """An agent that replays the gold, opens the negative URL (`task.mag.negatives[index_of[id]]`)
    and stops with the gold answer: the episode's checker then judges the negative's page."""
    from mag_mcp.agents.gold import gold_tool_call

    async def run_negative(client: MagClient, task: Task, grounding: Grounding, run_id: str) -> EpisodeResult:
        assert task.mag is not None
        neg = task.mag.negatives[index_of[task.id]]
        first = await client.step("reset", {"task_id": task.id, "grounding": grounding, "run_id": run_id,
                                            "agent": "gold-negative"})
        ep = first.observation.episode_id
        steps, answer = _gold_answer(task, grounding)
        error: str | None = None
        outcome: EpisodeOutcome | None = None
        try:
            for i, step in enumerate(steps, start=1):
                name, args = await gold_tool_call(client, ep, grounding, step)
                res = await client.step(name, args)
                if res.observation.last_error:
                    error = f"step {i} ({name}): {res.observation.last_error}"
                if res.outcome is not None:
                    outcome = res.outcome
                    error = error or "the episode ended before the negative's page was opened"
                    break
            if outcome is None and neg.url is not None:
                await client.step("goto_url", {"episode_id": ep, "url": neg.url, "guide": "Open the page."})
            if outcome is None:
                outcome = await client.stop(ep, neg.answer if neg.answer is not None else answer, "Stop here.")
        except (ToolCallError, ValueError) as e:
            error = str(e)
            try:
                outcome = await client.stop(ep, "")
            except ToolCallError:
                pass
        return EpisodeResult(
            task_id=task.id, grounding=grounding, agent="gold", episode_id=ep,
            success=bool(outcome and outcome.success), score=outcome.score if outcome else 0.0,
            steps=outcome.steps if outcome else 0, status=outcome.status if outcome else "error",
            answer=outcome.answer if outcome else "", error=error,
        )

    return run_negative


async def check_live(pairs: list[tuple[Task, int]], out: Path, server: str | None, concurrency: int,
                     console: Console | None = None) -> list[NegativeVerdict]:
    """The negatives only the live page can decide, each in an episode of its own (one grounding:
    the checker does not depend on it). A replay that breaks leaves the negative undecided."""
    from mag_mcp.agents.runner import run_agent

    verdicts: list[NegativeVerdict] = []
    rounds: dict[int, list[tuple[Task, int]]] = {}
    for t, i in pairs:  # one run per round: a task appears at most once in each
        n = sum(1 for r in rounds.values() if any(x.id == t.id for x, _ in r))
        rounds.setdefault(n, []).append((t, i))
    for n, batch in sorted(rounds.items()):
        index_of = {t.id: i for t, i in batch}
        res = await run_agent("gold", live_agent(index_of), [t for t, _ in batch], [LIVE_GROUNDING],
                              out / f"live-{n}", [server] if server else None, concurrency, console=console,
                              fresh=True)
        by_id = {e.task_id: e for e in res.episodes}
        for t, i in batch:
            e = by_id.get(t.id)
            if e is None or e.error or e.status == "error":
                why = (e.error or e.status) if e else "not run"
                verdicts.append(_verdict(t, i, "undecided", "live", f"the replay broke: {why}"))
            else:
                verdicts.append(_verdict(t, i, "passed" if e.success else "failed", "live",
                                         f"episode {e.episode_id}: the checker scored {e.score:g}"))
    return verdicts
