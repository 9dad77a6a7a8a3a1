"""Run any agent over tasks × groundings × samples through one or more MCP servers.

Jobs go into one shared queue. Each server gets one MCP connection and a share of
the `concurrency` workers, which pull jobs as they free up, so a slow server simply
takes fewer. Every finished episode is appended to `OUT/episodes.jsonl` at once; a
rerun into the same folder keeps what finished and redoes what errored or never
finished. `OUT/results.json` is written at the end (see `run_store`).
"""

from __future__ import annotations

import inspect
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

import anyio
import httpx
from mcp.client.stdio import StdioServerParameters
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from mag_core.tasks import Grounding, Task
from mag_mcp.agents.base import AgentFn, EpisodeResult
from mag_mcp.agents.client import MagClient, connect, stdio_params
from mag_mcp.agents.run_store import (
    LOCAL_TRANSCRIPTS,
    EpisodeLog,
    JobKey,
    RunResults,
    job_key,
    latest,
    now_iso,
    remove_dirs,
    stale_transcript_dirs,
    summarize,
    write_results,
)

__all__ = ["RunResults", "RunnerError", "results_table", "run_agent"]

STDIO_LABEL = "stdio (spawned)"
ORACLE_AGENTS = frozenset({"gold"})  # agents that call the `locate` oracle: their spawned server offers it
# Transport failures in a row after which a server's workers stop taking jobs.
MAX_TRANSPORT_FAILURES = 3
# a rerun into the same folder redoes episodes that ended this way (a fault, not the agent)
REDONE = frozenset({"error", "abandoned", "incomplete"})
_TRANSPORT_ERRORS = (httpx.HTTPError, anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream,
                     ConnectionError)


class RunnerError(RuntimeError):
    """The run could not go on: bad arguments, a folder holding another agent's run, or no
    server left to run the remaining jobs (finished episodes are kept for a rerun)."""


@dataclass(frozen=True)
class Job:
    task: Task
    grounding: Grounding
    sample: int

    @property
    def key(self) -> JobKey:
        return (self.task.id, self.grounding, self.sample)


@dataclass
class _Server:
    label: str
    target: str | StdioServerParameters
    workers: int
    failures_in_a_row: int = 0
    retired: str | None = None  # why it stopped taking jobs


@dataclass
class _Tally:
    done: int = 0
    ok: int = 0
    errors: int = 0
    tokens: int = 0
    new: list[EpisodeResult] = field(default_factory=list)


def _error_result(job: Job, agent_name: str, message: str) -> EpisodeResult:
    return EpisodeResult(task_id=job.task.id, grounding=job.grounding, agent=agent_name, episode_id=None,
                         success=False, score=0.0, steps=0, status="error", error=message)


def order_jobs(jobs: list[Job]) -> list[Job]:
    """The order workers take jobs in: the tasks that only read first (on a live deployment they run
    side by side), then those that change state, taking their sites in turn (a live deployment runs
    one state change per site at a time, with a reset before it, so consecutive jobs on other sites
    keep the workers busy). Within each, the given order."""
    readers = [j for j in jobs if not j.task.changes_state]
    by_sites: dict[tuple[str, ...], deque[Job]] = {}
    for j in jobs:
        if j.task.changes_state:
            by_sites.setdefault(tuple(sorted(j.task.sites)), deque()).append(j)
    writers: list[Job] = []
    while by_sites:
        for key in list(by_sites):
            writers.append(by_sites[key].popleft())
            if not by_sites[key]:
                del by_sites[key]
    return readers + writers


def _share(concurrency: int, n_servers: int) -> list[int]:
    """Workers per server: `concurrency` in total, spread as evenly as it goes."""
    return [concurrency // n_servers + (i < concurrency % n_servers) for i in range(n_servers)]


async def run_agent(
    agent_name: str,
    agent: AgentFn,
    tasks: list[Task],
    groundings: list[Grounding],
    out: Path,
    servers: list[str] | None = None,
    concurrency: int = 2,
    samples: int = 1,
    console: Console | None = None,
    fresh: bool = False,
    task_files: list[Path] | None = None,
) -> RunResults:
    """Run `agent` on every (task, grounding, sample) and write `out/results.json`.

    `servers`: streamable-HTTP URLs (one connection each); None or empty spawns one stdio
    server writing its transcripts under `out/transcripts`. Episodes already finished in
    `out/episodes.jsonl` (status other than "error") are kept, not rerun. An exception in
    one episode is recorded as status "error" and the run goes on. If the agent has an
    `aclose` coroutine method it is awaited at the end. `fresh` forgets an earlier run
    into `out` first (its episode log and its transcripts under `out/transcripts`).
    `task_files`: given to a spawned stdio server (`--task-file`), which then serves their tasks.
    """
    if concurrency < 1 or samples < 1:
        raise RunnerError("concurrency and samples must be at least 1")
    console = console or Console(stderr=True)
    out.mkdir(parents=True, exist_ok=True)
    run_id = out.resolve().name.replace(" ", "_") or "run"
    started = now_iso()
    jobs = [Job(t, g, s) for s in range(samples) for t in tasks for g in groundings]

    episode_log = EpisodeLog(out)
    if fresh:
        episode_log.path.unlink(missing_ok=True)
        remove_dirs([out / LOCAL_TRANSCRIPTS / run_id])
    resumed = episode_log.path.exists()
    records = episode_log.load()
    last = latest(records)
    wanted = {j.key for j in jobs}
    others = sorted({r.agent for k, r in last.items() if k in wanted and r.agent != agent_name})
    if others:
        raise RunnerError(f"{out} holds episodes of agent {', '.join(others)}, not {agent_name}; "
                          "choose another output folder")
    kept = {k: r for k, r in last.items() if k in wanted and r.status not in REDONE}
    redo = [r for k, r in last.items() if k in wanted and r.status in REDONE]
    remove_dirs(stale_transcript_dirs(out, run_id, records, redo, resumed))
    todo: deque[Job] = deque(order_jobs([j for j in jobs if j.key not in kept]))
    if resumed:
        console.print(f"resuming {out}: {len(kept)} of {len(jobs)} episodes already finished, skipped; "
                      f"{len(todo)} to run ({len(redo)} ended by an error, abandoned or incomplete before)")

    if servers:
        slots = [_Server(url, url, n) for url, n in zip(servers, _share(concurrency, len(servers)), strict=True)]
        if concurrency < len(servers):
            console.print(f"[yellow]concurrency {concurrency} < {len(servers)} servers: "
                          f"only the first {concurrency} get a worker[/]")
    else:
        extra = ["--oracle"] if agent_name in ORACLE_AGENTS else []  # gold replay resolves targets with `locate`
        for f in task_files or []:
            extra += ["--task-file", str(Path(f).resolve())]
        slots = [_Server(STDIO_LABEL, stdio_params(runs_dir=out.resolve() / LOCAL_TRANSCRIPTS, extra_args=extra),
                         concurrency)]
    tally = _Tally()
    t0 = time.monotonic()

    try:
        if todo:
            with Progress(
                TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                TextColumn("success {task.fields[ok]}"), TextColumn("errors {task.fields[errors]}"),
                TextColumn("tokens {task.fields[tokens]}"), TimeElapsedColumn(), console=console,
            ) as progress:
                bar = progress.add_task(f"{agent_name} agent", total=len(todo), ok=0, errors=0, tokens=0)

                async def record(res: EpisodeResult) -> None:
                    await episode_log.append(res)
                    tally.new.append(res)
                    tally.done += 1
                    tally.ok += res.success
                    tally.errors += res.status == "error"
                    tally.tokens += res.usage.tokens if res.usage else 0
                    progress.update(bar, advance=1, ok=tally.ok, errors=tally.errors, tokens=tally.tokens)

                async def one(slot: _Server, client: MagClient, job: Job) -> EpisodeResult:
                    try:
                        res = await agent(client, job.task, job.grounding, run_id)
                        if not isinstance(res, EpisodeResult):
                            raise TypeError(f"the agent returned {type(res).__name__}, not an EpisodeResult")
                        slot.failures_in_a_row = 0
                    except Exception as e:  # noqa: BLE001 - one episode's failure never stops the run
                        if isinstance(e, _TRANSPORT_ERRORS):
                            slot.failures_in_a_row += 1
                            if slot.failures_in_a_row >= MAX_TRANSPORT_FAILURES:
                                slot.retired = f"{slot.failures_in_a_row} transport failures in a row: {e!r}"
                        res = _error_result(job, agent_name, f"{type(e).__name__}: {e}")
                    return res.model_copy(update={"task_id": job.task.id, "grounding": job.grounding,
                                                  "sample": job.sample, "server": slot.label, "agent": agent_name})

                async def worker(slot: _Server, client: MagClient) -> None:
                    while todo and not slot.retired:
                        job = todo.popleft()
                        try:
                            res = await one(slot, client, job)
                        except BaseException:  # cancelled mid-episode: the job is not done
                            todo.appendleft(job)
                            raise
                        await record(res)

                async def serve(slot: _Server) -> None:
                    try:
                        async with connect(slot.target) as client, anyio.create_task_group() as tg:
                            for _ in range(slot.workers):
                                tg.start_soon(worker, slot, client)
                    except Exception as e:  # noqa: BLE001 - the other servers carry on
                        slot.retired = slot.retired or f"{type(e).__name__}: {e}"
                    if slot.retired:
                        console.print(f"[red]server {slot.label} stopped taking jobs:[/] {slot.retired[:300]}")

                async with anyio.create_task_group() as tg:
                    for slot in slots:
                        if slot.workers:
                            tg.start_soon(serve, slot)
            if todo:
                why = "; ".join(f"{s.label}: {s.retired}" for s in slots if s.retired)
                raise RunnerError(f"{len(todo)} episodes not run: no server left ({why[:600]}). "
                                  f"Rerun into {out} to resume.")
    finally:
        aclose = getattr(agent, "aclose", None)
        if aclose is not None and inspect.iscoroutinefunction(aclose):
            with anyio.CancelScope(shield=True):  # closed even when the run is cancelled
                await aclose()

    labels = [s.label for s in slots]
    res = summarize(run_id, agent_name, labels, samples, list(groundings), started,
                    [*kept.values(), *tally.new], skipped=len(kept))
    write_results(out, res)
    elapsed = time.monotonic() - t0
    console.print(f"{tally.done} episodes run in {elapsed:.0f}s ({tally.errors} errors), {len(kept)} skipped")
    if res.errors:
        console.print(f"[yellow]{res.errors} episodes errored; rerun into {out} to redo them[/]")
    return res


def results_table(res: RunResults) -> Table:
    """One row per episode (sample column when there are several), success rates below."""
    table = Table(title=f"{res.agent} agent — run {res.run_id}")
    cols = ["task", "grounding", *(["sample"] if res.samples > 1 else []), "steps", "status", "success"]
    for col in cols:
        table.add_column(col)
    for e in sorted(res.episodes, key=job_key):
        mark = "[green]✓[/]" if e.success else "[red]✗[/]"
        status = e.status + (f" ({e.error[:60]})" if e.error else "")
        sample = [str(e.sample)] if res.samples > 1 else []
        table.add_row(e.task_id, e.grounding, *sample, str(e.steps), status, mark)
    by = ", ".join(f"{g}: {v:.0%}" for g, v in res.by_grounding.items())
    caption = f"success rate {res.success_rate:.1%} ({by})"
    if res.usage is not None:
        cost = f", ${res.usage.cost_usd:.4f}" if res.usage.cost_usd is not None else ""
        caption += f"; {res.usage.tokens} tokens in {res.usage.calls} calls{cost}"
    table.caption = caption
    return table
