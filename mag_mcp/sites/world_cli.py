"""`mag sites stats`: measure the world with a progress bar, write docs/WORLD.md (and JSON)."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)

from mag_mcp.sites.page_metrics import PageMeasure
from mag_mcp.sites.registry import embedded_site_keys
from mag_mcp.sites.world_report import render_world
from mag_mcp.sites.world_stats import WorldStats, collect_world, planned_pages


class UnknownSite(ValueError):
    """A site key that is not an embedded site."""


def chosen_sites(names: str) -> list[str]:
    """'all' or comma-separated embedded site keys, checked."""
    keys = embedded_site_keys()
    if names.strip() in ("", "all"):
        return keys
    chosen = [s.strip() for s in names.split(",") if s.strip()]
    unknown = [s for s in chosen if s not in keys]
    if unknown:
        raise UnknownSite(f"no embedded site {', '.join(map(repr, unknown))}; embedded sites: {', '.join(keys)}")
    return chosen


def measure_with_progress(sites: list[str], console: Console) -> WorldStats:
    """`collect_world` with a progress bar over the pages (on `console`)."""
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        job = bar.add_task("starting", total=planned_pages(sites))

        def on_page(p: PageMeasure) -> None:
            bar.update(job, advance=1, description=f"{p.site}: {p.name}")
            if p.error:
                console.print(f"[yellow]{p.site} / {p.name}: {p.error}[/]")

        def on_status(text: str) -> None:
            bar.update(job, description=text)

        return anyio.run(lambda: collect_world(sites, on_page=on_page, on_status=on_status))


def screenshots_beside(out: Path, sites: list[str]) -> dict[str, list[str]]:
    """The screenshots under `sites/` next to the report (docs/sites/<site>.png, <site>-<kind>.png)."""
    folder = out.parent / "sites"
    return {s: sorted(p.name for p in folder.glob(f"{s}*.png") if p.stem == s or p.stem.startswith(f"{s}-"))
            for s in sites if (folder / f"{s}.png").exists()}


def run(out: Path, json_out: Path | None, names: str) -> WorldStats:
    """Measure, write the report (and the JSON), and print the summary to stderr."""
    err = Console(stderr=True)
    sites = chosen_sites(names)
    stats = measure_with_progress(sites, err)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_world(stats, screenshots_beside(out, sites)), encoding="utf-8")
    if json_out is not None:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_text(json.dumps(stats.model_dump(mode="json"), indent=1), encoding="utf-8")
    met = len(stats.checks) - len(stats.unmet)
    err.print(f"{met} of {len(stats.checks)} targets met; wrote {out}" + (f" and {json_out}" if json_out else ""))
    for c in stats.unmet[:40]:
        err.print(f"  [red]not met[/] {c.scope}: {c.target} — {c.measured}")
    if len(stats.unmet) > 40:
        err.print(f"  … and {len(stats.unmet) - 40} more (see {out})")
    return stats
