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
    reset_url: Annotated[str | None, typer.Option(help="The deployment's reset URL, as `mag serve` takes it "
                                                       "(default: MAG_RESET_URL, else WA_FULL_RESET); not called")] = None,
    reset_command: Annotated[str | None, typer.Option(help="The deployment's reset command, as `mag serve` takes "
                                                           "it; not run")] = None,
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
    from mag_mcp.external.resets import ResetConfigError, reset_policies
    from mag_mcp.sites.registry import WEBARENA_ENV_VARS, webarena_deployments

    urls = webarena_deployments()
    if not urls:
        raise fail("no deployment named: export WebArena's variables for the sites you run "
                   f"({', '.join(WEBARENA_ENV_VARS.values())}), e.g. SHOPPING=http://my-host:7770")
    try:
        resets = reset_policies(list(urls), url=reset_url, command=reset_command)
    except ResetConfigError as e:
        raise fail(str(e)) from None
    rows = anyio.run(check, urls, auth_dir, None, resets)
    table = Table(title="Live deployments", show_lines=True)
    for col in ("site", "URL", "host", "answers", "version", "log-in", "reset"):
        table.add_column(col, overflow="fold")
    for r in rows:
        login = "–" if r.login_ok is None else ("[green]ok[/] " if r.login_ok else "[red]failed[/] ") + r.login
        answers = ("[green]" if r.reachable else "[red]") + r.status + "[/]"
        table.add_row(r.site, r.url, r.resolves, answers, r.version or "–", login, r.reset)
    out.print(table)
    out.print(f"Log-in states: {auth_dir.resolve()}/<site>_state.json (WebArena's format).")
    targets: dict[str, list[str]] = {}
    for site, policy in resets.items():
        if policy.how != "none":
            targets.setdefault(f"{policy.how} {policy.target}", []).append(site)
    for target, sites in targets.items():  # described, never run: a reset URL resets when asked
        out.print(f"Reset {', '.join(sites)}: {target}", soft_wrap=True)
    unreset = [r.site for r in rows if r.reset == "none"]
    if unreset:
        out.print(f"Reset: none for {', '.join(unreset)}: `mag serve --external` refuses the tasks that change "
                  "them (give --reset-url / --reset-command, or run with --allow-dirty).")
    bad = [r.site for r in rows if not r.ok]
    if bad:
        out.print(f"[red]Not ready: {', '.join(bad)}.[/]")
        raise typer.Exit(1)
    out.print(f"[green]All {len(rows)} deployments answer and every log-in works.[/]")


def register(app: typer.Typer) -> None:
    app.command()(doctor)
