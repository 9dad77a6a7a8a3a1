"""Run an agent over tasks and groundings through an MCP server; write results."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

import anyio
from pydantic import BaseModel
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from mag_mcp.agents.base import EpisodeResult
from mag_mcp.agents.client import ToolCallError, connect, stdio_params
from mag_mcp.agents.gold import AGENTS
from mag_mcp.tasks.schema import Grounding, Task


class RunResults(BaseModel):
    run_id: str
    agent: str
    server: str
    started_at: str
    finished_at: str
    success_rate: float
    by_grounding: dict[str, float]
    episodes: list[EpisodeResult]


def _write_json_atomic(path: Path, data: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(data, encoding="utf-8")
    os.replace(tmp, path)


async def run_agent(
    agent: str, tasks: list[Task], groundings: list[Grounding], out: Path, server: str | None = None,
    concurrency: int = 2, console: Console | None = None,
) -> RunResults:
    console = console or Console(stderr=True)
    run_fn = AGENTS[agent]
    run_id = out.resolve().name.replace(" ", "_") or "run"
    started = datetime.now(UTC).isoformat(timespec="seconds")
    target = server or stdio_params(runs_dir=out.resolve() / "transcripts")
    jobs = [(t, g) for t in tasks for g in groundings]
    results: list[EpisodeResult | None] = [None] * len(jobs)
    async with connect(target) as client:
        limit = anyio.Semaphore(max(1, concurrency))
        with Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
            TextColumn("success {task.fields[ok]}"), TimeElapsedColumn(), console=console,
        ) as progress:
            bar = progress.add_task(f"{agent} agent", total=len(jobs), ok=0)
            ok = 0

            async def one(i: int, task: Task, grounding: Grounding) -> None:
                nonlocal ok
                async with limit:
                    try:
                        res = await run_fn(client, task, grounding, run_id)
                    except ToolCallError as e:
                        res = EpisodeResult(task_id=task.id, grounding=grounding, agent=agent, episode_id=None,
                                            success=False, score=0.0, steps=0, status="error", error=str(e))
                results[i] = res
                ok += res.success
                progress.update(bar, advance=1, ok=ok)

            async with anyio.create_task_group() as tg:
                for i, (task, grounding) in enumerate(jobs):
                    tg.start_soon(one, i, task, grounding)
    episodes = [r for r in results if r is not None]
    by_g = {}
    for g in groundings:
        rs = [r for r in episodes if r.grounding == g]
        by_g[g] = sum(r.success for r in rs) / len(rs) if rs else 0.0
    res = RunResults(
        run_id=run_id, agent=agent, server=server or "stdio (spawned)", started_at=started,
        finished_at=datetime.now(UTC).isoformat(timespec="seconds"),
        success_rate=sum(r.success for r in episodes) / len(episodes) if episodes else 0.0,
        by_grounding=by_g, episodes=episodes,
    )
    _write_json_atomic(out / "results.json", json.dumps(res.model_dump(mode="json"), indent=2))
    return res


def results_table(res: RunResults) -> Table:
    table = Table(title=f"{res.agent} agent — run {res.run_id}")
    for col in ("task", "grounding", "steps", "status", "success"):
        table.add_column(col)
    for e in sorted(res.episodes, key=lambda e: (e.task_id, e.grounding)):
        mark = "[green]✓[/]" if e.success else "[red]✗[/]"
        status = e.status + (f" ({e.error[:60]})" if e.error else "")
        table.add_row(e.task_id, e.grounding, str(e.steps), status, mark)
    by = ", ".join(f"{g}: {v:.0%}" for g, v in res.by_grounding.items())
    table.caption = f"success rate {res.success_rate:.1%} ({by})"
    return table
