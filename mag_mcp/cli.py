"""The `mag` command."""

from __future__ import annotations

import json
import logging
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Annotated, Literal

import typer
from rich.console import Console

from mag_mcp.cli_annotate import register as register_annotate_commands
from mag_mcp.cli_common import fail
from mag_mcp.cli_eval import register as register_eval_commands
from mag_mcp.cli_export import register as register_export_commands
from mag_mcp.cli_external import register as register_external_commands
from mag_mcp.cli_record import register as register_record_commands
from mag_mcp.cli_serving import held_by, serve_stdio
from mag_mcp.cli_submit import register as register_submit_commands

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
    from mag_mcp.sites.registry import webarena_deployments

    return webarena_deployments()


@app.command()
def serve(
    transport: Annotated[str, typer.Option(help="stdio or http")] = "stdio",
    host: Annotated[str, typer.Option(help="HTTP bind address")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="HTTP port (0 = any free port; the URL is printed)")] = 8000,
    runs_dir: Annotated[Path, typer.Option(help="Where transcripts are written")] = Path("runs"),
    sites: Annotated[str, typer.Option(help="Embedded sites to start: 'all', comma-separated keys, or 'none'")] = "all",
    site_port: Annotated[list[str], typer.Option(help="SITE=PORT (0 = any free port); repeatable")] = [],  # noqa: B006
    free_ports: Annotated[bool, typer.Option(help="Put every embedded site on a free port")] = False,
    task_file: Annotated[list[Path], typer.Option(help="Extra task file (JSON list); repeatable")] = [],  # noqa: B006
    external: Annotated[bool, typer.Option(help="Use real deployments from SHOPPING, REDDIT, ... env vars")] = False,
    auth_dir: Annotated[Path, typer.Option(help="--external: where the sites' log-in states are kept "
                                                "(<site>_state.json; made through each site's form)")] = Path(".auth"),
    reset_url: Annotated[str | None, typer.Option(help="--external: GET this URL to reset the deployment between "
                                                       "state-changing tasks (default: MAG_RESET_URL, else "
                                                       "WA_FULL_RESET); MAG_<SITE>_RESET_URL for one site")] = None,
    reset_command: Annotated[str | None, typer.Option(help="--external: run this shell command to reset the "
                                                           "deployment instead (e.g. restarting its containers)")] = None,
    allow_dirty: Annotated[bool, typer.Option(help="--external: run state-changing tasks on sites without a reset "
                                                   "(every transcript records it)")] = False,
    max_episodes: Annotated[int, typer.Option(help="Concurrent running episodes")] = 16,
    idle_ttl: Annotated[float, typer.Option(help="Seconds without a call after which an episode is reclaimed as "
                                                 "'abandoned' (hosted teams: episode_ttl_s of their token)")] = 1800.0,
    oracle: Annotated[bool, typer.Option(help="Expose the `locate` oracle for gold replay (exact targets; every "
                                              "call is recorded and makes the run leaderboard-ineligible)")] = False,
    allowed_host: Annotated[list[str], typer.Option(help="Public Host names accepted over HTTP; repeatable")] = [],  # noqa: B006
    hosted: Annotated[bool, typer.Option(help="Public service: team tokens, submissions, limits, no oracle "
                                              "(HTTP only; see docs/HOSTED.md)")] = False,
    release_test_outcomes: Annotated[bool, typer.Option(help="Hosted: show teams the per-task test outcomes of "
                                                             "finalized submissions (else only aggregates)")] = False,
    tokens_file: Annotated[Path | None, typer.Option(help="Hosted: team tokens (JSON list or 'TEAM TOKEN' "
                                                          "lines); MAG_TOKENS adds more")] = None,
    server_key_file: Annotated[Path | None, typer.Option(help="Hosted: HMAC key signing finalized "
                                                              "submissions (else MAG_SERVER_KEY)")] = None,
    reveal_checks: Annotated[bool, typer.Option(help="For task authors and debugging: return the checker's "
                                                     "full verdict (references included) to the client. Such "
                                                     "runs are marked not eligible for a leaderboard")] = False,
    verbose: Annotated[bool, typer.Option("-v")] = False,
) -> None:
    """Run the MCP server (embedded sites start with it)."""
    _logging(verbose)
    from mag_mcp.env.manager import EnvConfig
    from mag_mcp.hosted.config import HostedSettings
    from mag_mcp.server import ServerConfig, build_http_app

    if transport not in ("stdio", "http"):
        raise typer.BadParameter("transport must be stdio or http")
    if hosted and transport != "http":
        raise fail("--hosted serves remote teams: use --transport http")
    if (tokens_file or server_key_file) and not hosted:
        raise fail("--tokens-file and --server-key-file are hosted-mode options: add --hosted")
    if reveal_checks and hosted:
        raise fail("--reveal-checks would show teams the references of the tasks: a hosted server never reveals them")
    if oracle and hosted:
        raise fail("--oracle returns exact targets (gold replay's tool): a hosted server never offers it")
    if release_test_outcomes and not hosted:
        raise fail("--release-test-outcomes is a hosted-mode option: add --hosted")
    from mag_mcp.server.http_safety import RunsDirError, check_runs_dir

    try:  # at start, not at the first episode
        check_runs_dir(runs_dir.resolve())
    except RunsDirError as e:
        raise fail(str(e)) from None
    if not idle_ttl > 0 or idle_ttl == float("inf"):
        raise fail(f"--idle-ttl must be a number of seconds above 0, got {idle_ttl:g}")
    ports: dict[str, int] = {}
    for item in site_port:
        name, _, value = item.partition("=")
        if not value.isdigit():
            raise typer.BadParameter(f"--site-port wants SITE=PORT, got {item!r}")
        ports[name] = int(value)
    from mag_mcp.sites.registry import embedded_site_keys

    if sites == "all":
        embedded = embedded_site_keys()
    else:
        embedded = [] if sites in ("none", "") else [s.strip() for s in sites.split(",")]
    unknown = [s for s in embedded if s not in embedded_site_keys()]
    if unknown:
        raise typer.BadParameter(f"no embedded site {', '.join(unknown)}; choose from {', '.join(embedded_site_keys())}")
    if free_ports:
        ports = {**{s: 0 for s in embedded}, **ports}
    base_urls = _external_base_urls() if external else {}
    if (reset_url or reset_command or allow_dirty) and not external:
        raise fail("--reset-url, --reset-command and --allow-dirty are for live deployments: add --external")
    resets = {}
    if external:
        embedded = [s for s in embedded if s not in base_urls]
        from mag_mcp.external.resets import ResetConfigError, reset_policies

        try:
            resets = reset_policies(list(base_urls), url=reset_url, command=reset_command)
        except ResetConfigError as e:
            raise fail(str(e)) from None
    config = ServerConfig(
        env=EnvConfig(runs_dir=runs_dir.resolve(), base_urls=base_urls, max_episodes=max_episodes,
                      reveal_checks=reveal_checks),
        embedded_sites=embedded, site_ports=ports, oracle=oracle,
        task_files=[str(p) for p in task_file],
        hosted=HostedSettings(tokens_file=tokens_file, key_file=server_key_file,
                              release_test_outcomes=release_test_outcomes) if hosted else None,
        idle_ttl_s=idle_ttl,
        auth_dir=auth_dir.resolve() if external else None,
        resets=resets, allow_dirty=allow_dirty,
    )
    sock = None
    if transport == "http":  # bound before anything starts, so a taken port fails at once
        from mag_mcp.sites.runner import listening_socket

        try:
            sock = listening_socket(host, port)
        except OSError as e:
            raise fail(f"cannot listen on {host}:{port}: {e.strerror or e}{held_by(port, e)}") from None
    if transport == "stdio":
        serve_stdio(config)
        return
    from mag_mcp.server.http_safety import transport_security, uvicorn_config

    security, notice = transport_security(host, allowed_host)
    if notice:
        err.print(f"[yellow]{notice}[/]", soft_wrap=True)
    import uvicorn

    assert sock is not None
    port = sock.getsockname()[1]
    try:  # TokenError is a ValueError: a bad token file or server key
        http_app = build_http_app(config, host, security)
    except ValueError as e:
        raise fail(str(e)) from None
    err.print(f"MAG MCP server on http://{host}:{port}/mcp" + (" (hosted: bearer tokens required)" if hosted
                                                                 else ""), soft_wrap=True)
    uvicorn.Server(uvicorn_config(http_app)).run(sockets=[sock])


RUN_AGENTS = ("gold", "noop", "openai")


@app.command()
def run(
    agent: Annotated[str, typer.Option(help="gold, noop, or openai (any OpenAI-compatible endpoint)")] = "gold",
    tasks: Annotated[str, typer.Option(help="Task selector: all, a site, cross_site, split:test, template:ID, "
                                            "length:long, ids; join with + for AND")] = "shopping",
    grounding: Annotated[str, typer.Option(help="som, coord or both")] = "both",
    server: Annotated[list[str], typer.Option(help="URL of a running server; repeatable, episodes are spread "
                                                   "over them (default: spawn one over stdio)")] = [],  # noqa: B006
    out: Annotated[Path, typer.Option(help="Output folder: results.json, episodes.jsonl, transcripts; "
                                           "rerunning into it resumes")] = Path("runs/latest"),
    concurrency: Annotated[int, typer.Option(help="Episodes at once, over all servers")] = 2,
    samples: Annotated[int, typer.Option(help="Episodes per task and grounding")] = 1,
    task_file: Annotated[list[Path], typer.Option(help="Select among this file's tasks (e.g. from `mag tasks "
                                                       "import-webarena`) instead of the built-in ones; give "
                                                       "the server the same file. Repeatable")] = [],  # noqa: B006
    fresh: Annotated[bool, typer.Option(help="Start over instead of resuming a run in --out")] = False,
    model: Annotated[str | None, typer.Option(envvar="MAG_MODEL", help="openai: model name")] = None,
    base_url: Annotated[str | None, typer.Option(envvar="MAG_BASE_URL", help="openai: endpoint, e.g. "
                                                                            "http://localhost:8001/v1")] = None,
    api_key_env: Annotated[str, typer.Option(help="openai: environment variable holding the API key")] = "OPENAI_API_KEY",
    temperature: Annotated[str, typer.Option(help="openai: sampling temperature, or 'omit' to send none "
                                                  "(reasoning models take only their default)")] = "0",
    max_tokens: Annotated[int | None, typer.Option(help="openai: completion token limit per step")] = None,
    max_tokens_param: Annotated[str, typer.Option(help="openai: send the limit as auto, max_tokens or "
                                                       "max_completion_tokens (auto: switch when refused)")] = "auto",
    reasoning_effort: Annotated[str | None, typer.Option(help="openai: reasoning models' effort: none, minimal, "
                                                              "low, medium, high, xhigh or max")] = None,
    history_window: Annotated[int, typer.Option(help="openai: earlier steps shown to the model")] = 5,
    timeout: Annotated[float, typer.Option(help="openai: seconds per model call")] = 120.0,
    prices: Annotated[str | None, typer.Option(help="openai: IN,OUT prices in USD per million tokens")] = None,
    label: Annotated[str | None, typer.Option(help="openai: the agent's name in results (default: the model)")] = None,
) -> None:
    """Run an agent on tasks through one or more MCP servers and print the results table.
    Rerunning into the same --out skips finished episodes and redoes errored ones."""
    if agent not in RUN_AGENTS:
        raise fail(f"unknown agent {agent!r}; choose from {', '.join(RUN_AGENTS)}")
    if samples < 1:
        raise fail(f"--samples must be at least 1, got {samples}")
    if concurrency < 1:
        raise fail(f"--concurrency must be at least 1, got {concurrency}")
    bad_urls = [u for u in server if not u.startswith(("http://", "https://"))]
    if bad_urls:
        raise fail(f"--server wants an http(s) URL such as http://127.0.0.1:8000/mcp, got {bad_urls[0]!r}")
    if len(set(server)) != len(server):
        raise fail("the same --server is given twice")
    groundings = _groundings(grounding)
    selected = _select(tasks, task_file)
    if agent == "openai":
        from mag_mcp.cli_model import openai_agent

        agent_name, agent_fn = openai_agent(model, base_url, api_key_env, temperature, max_tokens, max_tokens_param,
                                            reasoning_effort, history_window, timeout, prices, label)
    else:
        from mag_mcp.agents.gold import AGENTS

        agent_name, agent_fn = agent, AGENTS[agent]
    import anyio

    from mag_mcp.agents.runner import RunnerError, results_table, run_agent

    try:
        res = anyio.run(lambda: run_agent(agent_name, agent_fn, selected, groundings, out, server or None,
                                          concurrency, samples, err, fresh, task_files=task_file))
    except RunnerError as e:
        err.print(f"[red]error:[/] {e}", soft_wrap=True)
        raise typer.Exit(1) from None
    Console().print(results_table(res))
    if res.deployment is not None:
        d = res.deployment
        sites = ", ".join(f"{k} {v}" + (f" ({d.versions[k]})" if d.versions.get(k) else "") for k, v in d.base_urls.items())
        err.print(f"live deployments: {sites}; {d.resets} reset(s) in {d.reset_seconds:.1f} s; "
                  f"{d.dirty_episodes} episode(s) met an unreset change" + (" (--allow-dirty)" if d.allow_dirty else ""),
                  soft_wrap=True)
    err.print(f"results: {out / 'results.json'}  episodes: {out / 'episodes.jsonl'}", soft_wrap=True)
    errored = sum(e.status == "error" for e in res.episodes)
    if errored:  # an episode that could not be run is no result: say so in the exit status too
        err.print(f"[red]{errored} episode(s) could not be run to their end[/]; rerun into the same --out "
                  "to redo just those", soft_wrap=True)
        raise typer.Exit(1)


tasks_app = typer.Typer(no_args_is_help=True, help="List, verify, count, review and import tasks.")
app.add_typer(tasks_app, name="tasks")


def _groundings(grounding: str) -> list[Literal["som", "coord"]]:
    if grounding == "both":
        return ["som", "coord"]
    if grounding in ("som", "coord"):
        return [grounding]  # type: ignore[list-item]
    raise fail(f"grounding must be som, coord or both, got {grounding!r}")


def _select(selector: str, task_files: list[Path] | None = None):  # type: ignore[no-untyped-def]
    """The tasks `selector` picks among the built-in ones, or among those of `task_files` when
    given; an unknown or empty selection exits with code 2."""
    from mag_mcp.tasks.registry import TaskNotFound, TaskRegistry

    try:
        registry = TaskRegistry.from_files(task_files) if task_files else TaskRegistry.builtin()
        chosen = registry.select(selector)
    except TaskNotFound as e:
        raise fail(str(e)) from None
    except ValueError as e:  # a task file that cannot be read
        raise fail(str(e)) from None
    if not chosen:
        raise fail(f"no task matches {selector!r}")
    return chosen


@tasks_app.command("list")
def tasks_list(selector: Annotated[str, typer.Argument()] = "all", as_json: bool = False) -> None:
    """List the built-in tasks."""
    from rich.table import Table

    chosen = _select(selector)
    if as_json:
        print(json.dumps([t.model_dump(mode="json", exclude_none=True) for t in chosen], indent=1))
        return
    table = Table()
    for col in ("id", "site", "kind", "som", "coord", "intent"):
        table.add_column(col)
    for t in chosen:
        table.add_row(t.id, ",".join(t.sites), (t.mag.tags.kind or "") if t.mag else "",
                      str(t.gold_length("som") or ""), str(t.gold_length("coord") or ""), t.intent)
    Console().print(table)


@tasks_app.command("verify")
def tasks_verify(
    site: Annotated[str, typer.Option(help="Only tasks using this site, cross_site, split:train|test or task ids (default: all)")] = "all",
    grounding: Annotated[str, typer.Option(help="som, coord or both")] = "both",
    concurrency: Annotated[int, typer.Option(help="Episodes at once")] = 3,
    out: Annotated[Path, typer.Option(help="Where the verification runs go")] = Path("runs/verify"),
    server: Annotated[str | None, typer.Option(help="URL of a running server (default: spawn one)")] = None,
    negatives_only: Annotated[bool, typer.Option(help="Check only the negatives (no gold or no-op replay; "
                                                      "those that need the live page are still replayed)")] = False,
    judge_base_url: Annotated[str | None, typer.Option(envvar="MAG_JUDGE_BASE_URL", help="Answer judge for "
                                                       "negatives the strict rules leave open (fuzzy, N/A)")] = None,
    judge_model: Annotated[str | None, typer.Option(envvar="MAG_JUDGE_MODEL", help="Answer judge model")] = None,
    judge_api_key_env: Annotated[str, typer.Option(help="Environment variable holding the judge's key")] = "OPENAI_API_KEY",
    stale: Annotated[bool, typer.Option(
        "--stale", help="Only the tasks whose entry in the verification record is missing or out of date "
                        "(the task or a site changed: replayed; only its negatives changed: those checked)")] = False,
    record: Annotated[bool, typer.Option(
        "--record", help="Write the outcome into the verification record (mag_mcp/tasks/verified.json) "
                         "that `make test` checks (with --negatives-only: the negatives of entries whose "
                         "replay is current)")] = False,
) -> None:
    """Replay every gold trajectory (all must pass), the no-op agent (must fail navigation and
    state-changing tasks), and check every negative of a task (must fail its checker); prints the
    count of negatives checked and any that pass. Exits non-zero on any failure."""
    from mag_mcp.tasks.commands import (
        CommandError,
        answer_judge,
        run_verify,
        stale_selection,
    )

    groundings = _groundings(grounding)
    chosen = [t for t in _select(site) if t.mag and t.mag.gold]
    negatives_changed: list = []
    if stale:
        chosen, negatives_changed = stale_selection(chosen, groundings)
        if negatives_only:
            chosen, negatives_changed = [], chosen + negatives_changed
        if not chosen and not negatives_changed:
            return
    elif not chosen:
        raise typer.BadParameter("no task with gold trajectories matches")
    elif negatives_only:
        chosen, negatives_changed = [], chosen
    try:
        judge = answer_judge(judge_base_url, judge_model, judge_api_key_env, out / "judge-cache")
        ok = True
        if chosen:
            ok = run_verify(chosen, groundings, out, concurrency, server, False, judge, record)
        if negatives_changed:  # recorded only where the entry's replay is current
            ok = run_verify(negatives_changed, groundings, out / "negatives" if chosen else out, concurrency, server,
                            True, judge, record) and ok
    except CommandError as e:
        raise fail(str(e)) from None
    if not ok:
        raise typer.Exit(1)


@tasks_app.command("stats")
def tasks_stats(
    out: Annotated[Path, typer.Option(help="Markdown file to write")] = Path("docs/TASKS.md"),
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write every figure as JSON")] = None,
    gather: Annotated[bool, typer.Option(help="Re-read the start pages and seeds that changed (sites and "
                                              "Chromium start); --no-gather uses what is recorded")] = True,
) -> None:
    """Measure the suite against its targets (lengths, shortcut resistance, kinds, the WebArena map);
    write docs/TASKS.md and, with --json, every figure."""
    from mag_mcp.tasks.commands import CommandError, run_stats

    try:
        run_stats(_select("all"), out, json_out, gather)
    except CommandError as e:
        raise fail(str(e)) from None


@tasks_app.command("review")
def tasks_review(
    template: Annotated[int, typer.Option(help="Intent template id")],
    run: Annotated[Path | None, typer.Option(help="A gold run's folder (e.g. runs/verify/gold) for the "
                                                  "screenshots of each step")] = None,
    out: Annotated[Path | None, typer.Option(help="Folder of the page (default: runs/review/TEMPLATE)")] = None,
    open_browser: Annotated[bool, typer.Option("--open/--no-open", help="Open the page in a browser")] = False,
) -> None:
    """A read-only review page of the gold guides of every instance of a template."""
    from mag_mcp.tasks.commands import CommandError, run_review

    try:
        page = run_review(_select("all"), template, run, out or Path("runs") / "review" / str(template))
    except CommandError as e:
        raise fail(str(e)) from None
    if open_browser:
        import webbrowser

        webbrowser.open(page.resolve().as_uri())


@tasks_app.command("import-webarena")
def tasks_import_webarena(
    file: Annotated[Path, typer.Argument(help="WebArena configurations (e.g. test.raw.json), WebArena-Verified's "
                                              "webarena-verified.json or VisualWebArena's test_*.raw.json")],
    out: Annotated[Path, typer.Option(help="MAG task file to write")] = Path("webarena_tasks.json"),
    fmt: Annotated[str, typer.Option("--format", help="auto (from the fields present), webarena, "
                                                      "webarena-verified or visualwebarena")] = "auto",
) -> None:
    """Convert WebArena, WebArena-Verified or VisualWebArena tasks into MAG tasks (no gold); tasks
    MAG cannot serve or check faithfully are skipped and counted by reason. Site URLs come from
    SHOPPING, SHOPPING_ADMIN, REDDIT, GITLAB, MAP and WIKIPEDIA when set (or BrowserGym's WA_* / VWA_*)."""
    from mag_mcp.tasks.import_formats import FORMATS, LABELS, ImportProblem, import_tasks

    if fmt not in ("auto", *FORMATS):
        raise fail(f"--format must be auto, {', '.join(FORMATS)}; got {fmt!r}")
    try:
        result = import_tasks(file, fmt)
    except ImportProblem as e:
        raise fail(str(e)) from None
    tasks, urls = result.tasks, result.urls
    out.write_text(json.dumps(tasks, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    placeholders = "substituted from the environment" if urls else "kept as placeholders (set SHOPPING=... to substitute)"
    what = "tasks" if result.format == "webarena" else f"{LABELS[result.format]} tasks"
    skipped = f", skipped {result.skipped_count}" if result.skipped else ""
    err.print(f"converted {len(tasks)} {what}{skipped} → {out}; site URLs {placeholders}. "
              f"Serve them with: mag serve --external --task-file {out}", soft_wrap=True, markup=False)
    for line in result.skip_lines():
        err.print(line, soft_wrap=True, markup=False, highlight=False)


sites_app = typer.Typer(invoke_without_command=True, help="Serve the embedded sites for a person to browse "
                        "(Ctrl+C to stop); `mag sites stats` measures them.")
app.add_typer(sites_app, name="sites")


@sites_app.callback()
def sites(
    ctx: typer.Context,
    names: Annotated[str, typer.Option(help="'all' or comma-separated site keys")] = "all",
    reset_port: Annotated[int | None, typer.Option(help="Also serve GET /reset (puts every site's state back to "
                                                         "its seed) and GET /status on this port, as WebArena's "
                                                         "reset server does (0: a free port)")] = None,
) -> None:
    """Serve the embedded sites for a person to browse (Ctrl+C to stop)."""
    if ctx.invoked_subcommand is not None:
        return
    import time

    from mag_mcp.sites.registry import embedded_site_keys
    from mag_mcp.sites.runner import EmbeddedSites

    _logging(False)
    keys = embedded_site_keys() if names == "all" else [s.strip() for s in names.split(",")]
    try:
        running = EmbeddedSites(keys, reset_port=reset_port)
        running.start()
    except RuntimeError as e:
        raise fail(str(e)) from None
    try:
        for key, url in running.base_urls.items():
            err.print(f"{key}: {url}")
        if running.reset_url:
            err.print(f"reset: {running.reset_url}  (e.g. mag serve --external --reset-url {running.reset_url})")
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
    finally:
        running.stop()


@sites_app.command("stats")
def sites_stats(
    out: Annotated[Path, typer.Option(help="Markdown report to write")] = Path("docs/WORLD.md"),
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the figures as JSON")] = None,
    names: Annotated[str, typer.Option(help="'all' or comma-separated site keys")] = "all",
) -> None:
    """Measure every site's counts against its targets and its pages in Chromium; write docs/WORLD.md."""
    from mag_mcp.sites.world_cli import UnknownSite, run

    try:
        run(out, json_out, names)
    except UnknownSite as e:
        raise fail(str(e)) from None


@app.command()
def demo(out: Annotated[Path, typer.Option(help="Output folder")] = Path("runs/demo")) -> None:
    """Start the server over HTTP, replay every shop task in both groundings, show the results."""
    from mag_mcp.demo import main

    main(out)


register_eval_commands(app)
register_submit_commands(app)
register_record_commands(app)
register_annotate_commands(app)
register_export_commands(app)
register_external_commands(app)


def register_plugin_commands(app: typer.Typer) -> None:
    """Command groups of the packages above the server (`mag train` from `training`), found through
    the `mag.commands` entry points, so the server package never imports them. A group that cannot
    be loaded is left out with a warning; the other commands still work."""
    for ep in sorted(entry_points(group=PLUGIN_GROUP), key=lambda e: e.name):
        try:
            group = ep.load()
        except Exception as e:  # a broken optional package must not break `mag`
            logging.getLogger(__name__).warning("`mag %s` is unavailable: %s: %s", ep.name, type(e).__name__, e)
            continue
        app.add_typer(group, name=ep.name)


PLUGIN_GROUP = "mag.commands"
register_plugin_commands(app)

if __name__ == "__main__":
    app()
