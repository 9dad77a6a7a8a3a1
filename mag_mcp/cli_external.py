"""`mag doctor`: can MAG run here? With `--external`, on the live deployments the environment
names (WebArena's SHOPPING, SHOPPING_ADMIN, REDDIT, GITLAB, MAP, WIKIPEDIA): a table a user reads."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from mag_mcp.cli_common import fail


def doctor(
    external: Annotated[bool, typer.Option(help="Check the live deployments named by SHOPPING, REDDIT, ... "
                                                "(reachability, version, log-in, reset, host rules)")] = False,
    auth_dir: Annotated[Path, typer.Option(help="Where the log-in states are kept (<site>_state.json)")] = Path(
        ".auth"),
) -> None:
    """Check that MAG can run: Chromium, and with --external every live deployment."""
    import anyio

    from mag_mcp.env.chromium import find_chromium

    out = Console()
    chromium = find_chromium()
    out.print(f"Chromium: {chromium or 'not found (install chromium, or run: playwright install chromium)'}")
    if not external:
        if chromium is None:
            raise typer.Exit(1)
        out.print("Add --external to check live WebArena deployments.")
        return
    from mag_mcp.external.doctor import check
    from mag_mcp.sites.registry import WEBARENA_ENV_VARS, webarena_deployments

    urls = webarena_deployments()
    if not urls:
        raise fail("no deployment named: export WebArena's variables for the sites you run "
                   f"({', '.join(WEBARENA_ENV_VARS.values())}), e.g. SHOPPING=http://my-host:7770")
    rows = anyio.run(check, urls, auth_dir)
    table = Table(title="Live deployments", show_lines=True)
    for col in ("site", "URL", "host", "answers", "version", "log-in", "reset"):
        table.add_column(col, overflow="fold")
    for r in rows:
        login = "–" if r.login_ok is None else ("[green]ok[/] " if r.login_ok else "[red]failed[/] ") + r.login
        answers = ("[green]" if r.reachable else "[red]") + r.status + "[/]"
        table.add_row(r.site, r.url, r.resolves, answers, r.version or "–", login, r.reset)
    out.print(table)
    out.print(f"Log-in states: {auth_dir.resolve()}/<site>_state.json (WebArena's format).")
    if any(r.reset == "none" for r in rows):
        out.print("Reset: none configured; a task that changes a site leaves it changed for the next one.")
    bad = [r.site for r in rows if not r.ok]
    if bad:
        out.print(f"[red]Not ready: {', '.join(bad)}.[/]")
        raise typer.Exit(1)
    out.print(f"[green]All {len(rows)} deployments answer and every log-in works.[/]")


def register(app: typer.Typer) -> None:
    app.command()(doctor)
