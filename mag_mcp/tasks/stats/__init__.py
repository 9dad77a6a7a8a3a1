"""`mag tasks stats`: the suite's figures and targets (issue 20), docs/TASKS.md and `--json`.

    stats = compute(tasks)                     # fast: no browser (observations as recorded)
    text = render_stats(tasks)                 # docs/TASKS.md
    await refresh_observed(tasks, observed)    # re-read start pages and seeds that changed

Modules: figures (per task and template), shortcuts (the shortcut-resistance rules),
targets (the targets and the templates failing them), start_pages and distractors (what is
read from the live world), observed and world_keys (how it is recorded and when a record is
current), suite (the whole suite's model), render (the markdown).
"""

from __future__ import annotations

from collections.abc import Callable

from mag_core.tasks import Task
from mag_mcp.tasks.stats.distractors import refresh_distractors
from mag_mcp.tasks.stats.observed import Observed, load_observed, save_observed
from mag_mcp.tasks.stats.render import render_markdown
from mag_mcp.tasks.stats.start_pages import refresh_start_pages
from mag_mcp.tasks.stats.suite import SuiteStats, compute_stats
from mag_mcp.tasks.webarena_map import WebArenaMap, load_map

__all__ = ["Observed", "SuiteStats", "compute", "load_observed", "refresh_observed", "render_stats",
           "save_observed"]


def compute(tasks: list[Task], observed: Observed | None = None, wmap: WebArenaMap | None = None) -> SuiteStats:
    """The suite's statistics; `observed` defaults to the recorded observations, `wmap` to the map."""
    return compute_stats(tasks, observed if observed is not None else load_observed(), wmap or load_map())


def render_stats(tasks: list[Task], observed: Observed | None = None, wmap: WebArenaMap | None = None) -> str:
    """docs/TASKS.md for `tasks`."""
    wmap = wmap or load_map()
    return render_markdown(compute(tasks, observed, wmap), wmap)


async def refresh_observed(tasks: list[Task], observed: Observed,
                           progress: Callable[[str], None] | None = None) -> tuple[int, int]:
    """Re-read the start pages and re-check the distractors whose records are missing or were made
    on other site versions (in place); returns (start pages, distractors) refreshed."""
    import anyio

    pages = await refresh_start_pages(tasks, observed, progress=progress)
    seeds = await anyio.to_thread.run_sync(refresh_distractors, tasks, observed)
    return pages, seeds
