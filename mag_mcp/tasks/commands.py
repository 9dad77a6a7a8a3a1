"""What `mag tasks stats`, `mag tasks verify` and `mag tasks review` do (mag_mcp/cli.py holds
only their options). Each raises `CommandError` with a one-line message for a bad input or a
world that cannot be read; the command prints it without a traceback."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table

from mag_core.tasks import Grounding, Task

err = Console(stderr=True)


class CommandError(RuntimeError):
    """A failure to report in one line (exit code 2)."""


# ------------------------------------------------------------------ mag tasks stats

def run_stats(tasks: list[Task], out: Path, json_out: Path | None, gather: bool) -> bool:
    """Refresh the live observations (unless `gather` is False), write the markdown (and the
    JSON), print the targets; True when every target is met."""
    import anyio

    from mag_mcp.tasks.stats import (
        compute,
        load_observed,
        refresh_observed,
        save_observed,
    )
    from mag_mcp.tasks.stats.render import render_markdown
    from mag_mcp.tasks.webarena_map import load_map

    try:
        observed, wmap = load_observed(), load_map()
    except ValueError as e:
        raise CommandError(str(e)) from None
    if gather:
        try:
            pages, seeds = anyio.run(refresh_observed, tasks, observed, lambda msg: err.print(msg, soft_wrap=True))
        except Exception as e:  # noqa: BLE001 - sites or a browser that cannot start: said in one line
            raise CommandError(f"reading the live world failed ({type(e).__name__}: {str(e)[:300]}); "
                               "rerun with --no-gather to use the recorded observations") from None
        if pages or seeds:
            err.print(f"read {pages} start pages and checked {seeds} distractors")
        save_observed(observed.pruned(tasks))
    stats = compute(tasks, observed, wmap)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_markdown(stats, wmap), encoding="utf-8")
    if json_out is not None:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_text(stats.model_dump_json(indent=1) + "\n", encoding="utf-8")
    table = Table(title=f"{stats.tasks} tasks, {stats.templates} templates")
    for col in ("target", "measured", ""):
        table.add_column(col)
    for t in stats.targets:
        table.add_row(t.target, t.measured, "[green]✓[/]" if t.ok else "[red]✗[/]")
    Console().print(table)
    if stats.start_pages_stale:
        err.print(f"[yellow]{stats.start_pages_stale} start-page records were made on older site versions "
                  "(run without --no-gather to re-read them)[/]")
    err.print(f"{len(stats.failing_templates)} templates fail a target; wrote {out}"
              + (f" and {json_out}" if json_out else ""))
    return stats.all_targets_met


# ------------------------------------------------------------------ mag tasks verify

def answer_judge(base_url: str | None, model: str | None, api_key_env: str, cache: Path):  # type: ignore[no-untyped-def]
    """The LLM answer judge for negatives the strict rules leave open (None without a model)."""
    if not base_url and not model:
        return None
    if not (base_url and model):
        raise CommandError("the answer judge needs both --judge-base-url and --judge-model")
    from evaluators.judges.answer_llm import LLMAnswerJudge
    from mag_core.chat import LLMClient, LLMConfig

    return LLMAnswerJudge(LLMClient(LLMConfig(base_url=base_url, model=model, api_key_env=api_key_env,
                                              timeout_s=60.0, max_retries=2, cache_dir=cache)))


def stale_selection(tasks: list[Task], groundings: list[Grounding]) -> tuple[list[Task], list[Task]]:
    """The tasks whose verification record is missing or out of date, as (to replay, whose
    negatives alone changed); says why, or that none is."""
    from mag_mcp.tasks.verification import (
        NEGATIVES_CHANGED,
        load_record,
        record_path,
        staleness,
    )

    record = load_record()
    why = {t.id: staleness(t, record, groundings) for t in tasks}
    chosen = [t for t in tasks if why[t.id]]
    if not chosen:
        err.print(f"all {len(tasks)} tasks are verified against today's tasks and sites ({record_path().name})")
        return [], []
    reasons: dict[str, int] = {}
    for t in chosen:
        reasons[why[t.id] or ""] = reasons.get(why[t.id] or "", 0) + 1
    err.print(f"{len(chosen)} of {len(tasks)} tasks to verify: "
              + "; ".join(f"{n} {reason}" for reason, n in sorted(reasons.items(), key=lambda kv: -kv[1])))
    return ([t for t in chosen if why[t.id] != NEGATIVES_CHANGED],
            [t for t in chosen if why[t.id] == NEGATIVES_CHANGED])


def run_verify(tasks: list[Task], groundings: list[Grounding], out: Path, concurrency: int, server: str | None,
               negatives_only: bool, judge: object | None, record: bool = False) -> bool:
    """Gold, no-op and negatives (or the negatives only); prints the table, the count of negatives
    checked and every negative that passes; with `record`, writes the outcome into the verification
    record. True when everything verified."""
    import anyio

    from mag_mcp.tasks.verify import verify_table, verify_tasks

    report = anyio.run(lambda: verify_tasks(tasks, groundings, out, concurrency, server, judge=judge,  # type: ignore[arg-type]
                                            replay=not negatives_only))
    Console().print(verify_table(report, groundings, only_failures=negatives_only))
    if record:
        from mag_mcp.tasks.verification import load_record, save_record, update_record

        book = load_record()
        written, dropped = update_record(book, tasks, report, report.chromium)
        path = save_record(book)
        err.print(f"verification record: {written} entries written, {dropped} dropped; "
                  f"{len(book.tasks)} tasks in {path}")
    err.print(report.negatives_summary(), soft_wrap=True)
    for n in report.negatives:
        if n.outcome != "failed":
            colour = "red" if n.passes else "yellow"
            err.print(f"[{colour}]{n.task_id}: negative {n.label} ({n.why}) {n.outcome}[/]: {n.message[:200]}",
                      soft_wrap=True)
    if report.failures:
        err.print(f"[red]{len(report.failures)} task(s) failed verification[/]")
    return not report.failures


# ------------------------------------------------------------------ mag tasks review

def run_review(tasks: list[Task], template: int, run_dir: Path | None, out: Path) -> Path:
    """Write the read-only review page of every instance of `template`; returns its path."""
    from mag_mcp.tasks.review import write_review_page

    chosen = [t for t in tasks if t.intent_template_id == template]
    if not chosen:
        known = sorted({t.intent_template_id for t in tasks if t.intent_template_id is not None})
        raise CommandError(f"no task of template {template}; templates: {', '.join(map(str, known))}")
    if run_dir is not None and not (run_dir / "results.json").exists():
        raise CommandError(f"{run_dir} holds no results.json: give a gold run's folder (e.g. runs/verify/gold)")
    page = write_review_page(chosen, run_dir, out)
    err.print(f"wrote {page} ({len(chosen)} instances of template {template})"
              + ("" if run_dir else "; add --run RUN_DIR (a gold run) for each step's screenshot"))
    return page
