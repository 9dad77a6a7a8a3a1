"""`mag export-guide`: a successful episode as a product tour (mag_mcp/guides/export.py)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, cast

import typer

from mag_mcp.cli_common import fail


def export_guide(
    transcript: Annotated[Path, typer.Argument(help="A transcript.jsonl, or the episode directory holding one")],
    format_name: Annotated[str, typer.Option("--format", help="json (the tour), driverjs (a script for the live "
                                                          "site) or html (a page with the tour over the "
                                                          "screenshots, a userscript and a bookmarklet)")],
    out: Annotated[str | None, typer.Option(help="File to write, or a directory (existing, or ending in /) for "
                                                 "tour.json / tour.js / tour.html (default: the episode "
                                                 "directory)")] = None,
    match: Annotated[list[str], typer.Option(help="html: userscript @match pattern, repeatable "
                                                  "(default: the recorded hosts, any port)")] = [],  # noqa: B006
) -> None:
    """Export a successful episode as a product tour: one popover per step, on the element
    the agent acted on, with the step's guide sentence."""
    from mag_mcp.guides.export import TourError, build_tour, load_successful_episode
    from mag_mcp.guides.tour_render import FILE_NAMES, FORMATS, Format, render

    if format_name not in FORMATS:
        raise fail(f"--format must be one of {', '.join(FORMATS)}, got {format_name!r}")
    fmt = cast(Format, format_name)
    if match and fmt != "html":
        raise fail("--match sets the userscript's @match lines: it goes with --format html")
    try:
        episode = load_successful_episode(transcript)
    except TourError as e:
        raise fail(str(e)) from None
    tour = build_tour(episode)
    target = Path(out) if out else episode.dir
    if target.is_dir() or (out or "").endswith(("/", os.sep)):
        target = target / FILE_NAMES[fmt]
    text = render(tour, fmt, episode.dir, match)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    except OSError as e:
        raise fail(f"cannot write {target}: {e.strerror or e}") from None
    typer.echo(f"wrote {target} ({fmt}, {len(tour.steps)} steps, task {tour.task_id})")


def register(app: typer.Typer) -> None:
    """Add this module's commands to `mag`."""
    app.command("export-guide")(export_guide)
