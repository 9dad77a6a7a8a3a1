"""`mag record`: record a person's demonstration of a task (see mag_mcp/guides/record.py)."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import anyio
import typer
from rich.console import Console
from rich.table import Table

from mag_mcp.cli_common import fail

if TYPE_CHECKING:
    from mag_core.tasks import Task
    from mag_mcp.guides.demo import Demonstration
    from mag_mcp.sites.base import SiteStateStore

err = Console(stderr=True)

NO_DISPLAY = (
    "recording shows the task in a browser window, and there is no display (neither DISPLAY nor "
    "WAYLAND_DISPLAY is set). Run it in a desktop session (or under xvfb-run / a VNC server), or pass "
    "--headless to drive the browser from a script through its DevTools endpoint."
)


def has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def running_sites(sites: str, external: bool) -> dict[str, str]:
    """Base URLs of running deployments to use: `--external`'s environment variables (SHOPPING,
    REDDIT, ...), then `--sites SITE=URL,...` on top."""
    from mag_mcp.sites.registry import WEBARENA_ENV_VARS, webarena_deployments

    urls = webarena_deployments() if external else {}
    for item in filter(None, (p.strip() for p in sites.split(","))):
        key, _, url = item.partition("=")
        if key not in WEBARENA_ENV_VARS or not url.startswith(("http://", "https://")):
            raise fail(f"--sites wants SITE=URL with SITE one of {', '.join(WEBARENA_ENV_VARS)}, got {item!r}")
        urls[key] = url.rstrip("/")
    return urls


def steps_table(demo: Demonstration) -> Table:
    """One row per recorded step: what, on which target (the gold locator), value, page."""
    table = Table(title=f"demonstration of {demo.task_id}")
    for col in ("#", "action", "target", "value", "page", "checked"):
        table.add_column(col)
    unchecked = 0
    for i, step in enumerate(demo.steps, start=1):
        target = step.gold_target()
        checked = "" if step.candidates is None else "✓" if step.target is not None else "[yellow]no[/]"
        unchecked += step.candidates is not None and step.target is None
        value = (step.value or "") + (" ⏎" if step.enter else "")
        table.add_row(str(i), step.action, target.describe() if target else "", value[:60], step.url[:70], checked)
    table.caption = f"{len(demo.steps)} steps" + (
        f"; {unchecked} target(s) could not be checked: review them" if unchecked else "; every target checked")
    return table


async def _record(task: Task, base_urls: dict[str, str], stores: dict[str, SiteStateStore], headless: bool,
                  debug_port: int | None) -> Demonstration:
    from mag_mcp.guides.record import recording

    async with recording(task, base_urls, stores, headless=headless, debug_port=debug_port) as rec:
        if rec.debug_url:
            err.print(f"DevTools endpoint: {rec.debug_url}", soft_wrap=True)
        err.print(f"Recording task {task.id}: {task.intent}", soft_wrap=True)
        err.print("Do the task in the browser, then press [bold]Finish recording[/] at the bottom right "
                  "(or Ctrl+C here).")
        with anyio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
            async with anyio.create_task_group() as tg:

                async def finish_on_signal() -> None:
                    async for _ in signals:
                        await rec.recorder.finish()
                        return

                tg.start_soon(finish_on_signal)
                await rec.recorder.finished.wait()
                tg.cancel_scope.cancel()
        return rec.recorder.demonstration()


def register(app: typer.Typer) -> None:
    """Add this module's commands to `mag`."""

    @app.command()
    def record(
        task: Annotated[str, typer.Option(help="Id of the task to demonstrate (`mag tasks list`)")],
        out: Annotated[Path | None, typer.Option(help="Demonstration file to write [default: TASK.demo.json]")] = None,
        headless: Annotated[bool, typer.Option(help="No window: a script drives the browser through its "
                                                    "DevTools endpoint (printed)")] = False,
        debug_port: Annotated[int | None, typer.Option(help="Open the browser's DevTools endpoint on this port "
                                                             "(0: any free port) [default: 0 with --headless]")] = None,
        sites: Annotated[str, typer.Option(help="Running sites to use instead of embedded ones: "
                                                "SITE=URL, comma-separated")] = "",
        external: Annotated[bool, typer.Option(help="Use running deployments from SHOPPING, REDDIT, ... "
                                                    "env vars")] = False,
        answer: Annotated[str | None, typer.Option(help="The final answer, when the recording ends without "
                                                        "the Finish control asking for it (Ctrl+C)")] = None,
        task_file: Annotated[list[Path], typer.Option(help="Extra task file (JSON list); repeatable")] = [],  # noqa: B006
    ) -> None:
        """Record a person doing a task in the browser: steps, checked target locators, answer."""
        from playwright.async_api import Error as PlaywrightError

        from mag_mcp.guides.record import RecordError, needs_answer
        from mag_mcp.sites.runner import EmbeddedSites
        from mag_mcp.tasks.registry import TaskNotFound, TaskRegistry

        try:
            registry = TaskRegistry.builtin()
            if task_file:
                registry = TaskRegistry([*registry.tasks.values(), *TaskRegistry.from_files(task_file).tasks.values()])
            chosen = registry.get(task)
        except TaskNotFound:
            raise fail(f"unknown task {task[:80]!r}; `mag tasks list` shows the available ones") from None
        except ValueError as e:
            raise fail(str(e)) from None
        if not headless and not has_display():
            raise fail(NO_DISPLAY)
        base_urls = running_sites(sites, external)
        embedded = [s for s in chosen.sites if s not in base_urls]
        path = out or Path(f"{chosen.id}.demo.json")
        port = 0 if headless and debug_port is None else debug_port
        try:
            with EmbeddedSites(embedded, ports={s: 0 for s in embedded}) as running:
                demo = anyio.run(_record, chosen, {**running.base_urls, **base_urls}, running.stores, headless, port)
        except (RecordError, RuntimeError) as e:
            raise fail(str(e)) from None
        except PlaywrightError as e:
            raise fail(f"the browser failed: {str(e).splitlines()[0]}") from None
        stop = demo.steps[-1]
        if needs_answer(chosen) and stop.value is None:
            if answer is None and sys.stdin.isatty():
                answer = typer.prompt("Final answer")
            if answer is None:
                err.print("[yellow]no final answer was given: the stop step has none (pass --answer)[/]")
            demo.steps[-1] = stop.model_copy(update={"value": answer})
        demo.save(path)
        Console().print(steps_table(demo))
        err.print(f"demonstration written to {path}")
