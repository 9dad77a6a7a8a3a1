"""The `mag` command."""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path
from typing import Annotated, Literal

import typer
from rich.console import Console

app = typer.Typer(add_completion=False, no_args_is_help=True, help="MAG: web tasks with per-step guides, over MCP.")
err = Console(stderr=True)


def _logging(verbose: bool) -> None:
    logging.basicConfig(
        level=logging.DEBUG if verbose else logging.INFO, stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    for noisy in ("httpx", "uvicorn.access", "mcp"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


def _external_base_urls() -> dict[str, str]:
    from mag_mcp.sites.registry import WEBARENA_ENV_VARS

    return {site: os.environ[var] for site, var in WEBARENA_ENV_VARS.items() if os.environ.get(var)}


@app.command()
def serve(
    transport: Annotated[str, typer.Option(help="stdio or http")] = "stdio",
    host: Annotated[str, typer.Option(help="HTTP bind address")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="HTTP port")] = 8000,
    runs_dir: Annotated[Path, typer.Option(help="Where transcripts are written")] = Path("runs"),
    sites: Annotated[str, typer.Option(help="Embedded sites to start (comma-separated), or 'none'")] = "shopping",
    site_port: Annotated[list[str], typer.Option(help="SITE=PORT (0 = any free port); repeatable")] = [],  # noqa: B006
    external: Annotated[bool, typer.Option(help="Use real deployments from SHOPPING, REDDIT, ... env vars")] = False,
    max_episodes: Annotated[int, typer.Option(help="Concurrent running episodes")] = 16,
    oracle: Annotated[bool, typer.Option(help="Expose the `locate` tool used by gold replay")] = True,
    allowed_host: Annotated[list[str], typer.Option(help="Public Host names accepted over HTTP; repeatable")] = [],  # noqa: B006
    verbose: Annotated[bool, typer.Option("-v")] = False,
) -> None:
    """Run the MCP server (embedded sites start with it)."""
    _logging(verbose)
    from mag_mcp.env.manager import EnvConfig
    from mag_mcp.server import ServerConfig, build_server

    if transport not in ("stdio", "http"):
        raise typer.BadParameter("transport must be stdio or http")
    ports: dict[str, int] = {}
    for item in site_port:
        name, _, value = item.partition("=")
        if not value.isdigit():
            raise typer.BadParameter(f"--site-port wants SITE=PORT, got {item!r}")
        ports[name] = int(value)
    embedded = [] if sites in ("none", "") else [s.strip() for s in sites.split(",")]
    base_urls = _external_base_urls() if external else {}
    if external:
        embedded = [s for s in embedded if s not in base_urls]
    config = ServerConfig(
        env=EnvConfig(runs_dir=runs_dir.resolve(), base_urls=base_urls, max_episodes=max_episodes),
        embedded_sites=embedded, site_ports=ports, oracle=oracle,
    )
    try:
        server = build_server(config)
    except ValueError as e:
        err.print(f"[red]error:[/] {e}")
        raise typer.Exit(2) from None
    if transport == "stdio":
        server.run("stdio")
        return
    from mcp.server.transport_security import TransportSecuritySettings

    security = None
    if allowed_host:
        hosts = ["127.0.0.1", "localhost", *allowed_host]
        security = TransportSecuritySettings(
            enable_dns_rebinding_protection=True,
            allowed_hosts=[f"{h}:*" for h in hosts] + hosts,
            allowed_origins=[f"http://{h}:*" for h in hosts] + [f"https://{h}" for h in hosts],
        )
    err.print(f"MAG MCP server on http://{host}:{port}/mcp")
    import uvicorn

    http_app = server.streamable_http_app(transport_security=security, host=host)
    uvicorn.run(http_app, host=host, port=port, log_level="warning")


@app.command()
def run(
    agent: Annotated[str, typer.Option(help="gold or noop")] = "gold",
    tasks: Annotated[str, typer.Option(help="all, a site key, split:test, or comma-separated ids")] = "shopping",
    grounding: Annotated[str, typer.Option(help="som, coord or both")] = "both",
    server: Annotated[str | None, typer.Option(help="URL of a running server (default: spawn one over stdio)")] = None,
    out: Annotated[Path, typer.Option(help="Output folder for results.json and transcripts")] = Path("runs/latest"),
    concurrency: Annotated[int, typer.Option(help="Episodes at once")] = 2,
) -> None:
    """Run an agent on tasks through an MCP server and print the results table."""
    import anyio

    from mag_mcp.agents.gold import AGENTS
    from mag_mcp.agents.runner import results_table, run_agent
    from mag_mcp.tasks.registry import TaskNotFound, TaskRegistry

    if agent not in AGENTS:
        raise typer.BadParameter(f"unknown agent {agent!r}; choose from {', '.join(AGENTS)}")
    groundings: list[Literal["som", "coord"]]
    if grounding == "both":
        groundings = ["som", "coord"]
    elif grounding in ("som", "coord"):
        groundings = [grounding]  # type: ignore[list-item]
    else:
        raise typer.BadParameter("grounding must be som, coord or both")
    try:
        selected = TaskRegistry.builtin().select(tasks)
    except TaskNotFound as e:
        raise typer.BadParameter(str(e)) from None
    if not selected:
        raise typer.BadParameter(f"no task matches {tasks!r}")
    res = anyio.run(run_agent, agent, selected, groundings, out, server, concurrency)
    Console().print(results_table(res))
    err.print(f"results: {out / 'results.json'}")


@app.command("tasks")
def list_tasks(selector: Annotated[str, typer.Argument()] = "all", as_json: bool = False) -> None:
    """List the built-in tasks."""
    from rich.table import Table

    from mag_mcp.tasks.registry import TaskRegistry

    chosen = TaskRegistry.builtin().select(selector)
    if as_json:
        print(json.dumps([t.model_dump(mode="json", exclude_none=True) for t in chosen], indent=1))
        return
    table = Table()
    for col in ("id", "site", "kind", "som", "coord", "intent"):
        table.add_column(col)
    for t in chosen:
        table.add_row(t.id, ",".join(t.sites), t.mag.tags.kind or "" if t.mag else "",
                      str(t.gold_length("som") or ""), str(t.gold_length("coord") or ""), t.intent)
    Console().print(table)


@app.command()
def sites(
    names: Annotated[str, typer.Option(help="Comma-separated site keys")] = "shopping",
) -> None:
    """Serve the embedded sites for a person to browse (Ctrl+C to stop)."""
    import time

    from mag_mcp.sites.runner import EmbeddedSites

    _logging(False)
    with EmbeddedSites([s.strip() for s in names.split(",")]) as running:
        for key, url in running.base_urls.items():
            err.print(f"{key}: {url}")
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


@app.command()
def demo(out: Annotated[Path, typer.Option(help="Output folder")] = Path("runs/demo")) -> None:
    """Start the server over HTTP, replay every shop task in both groundings, show the results."""
    from mag_mcp.demo import main

    main(out)


if __name__ == "__main__":
    app()
