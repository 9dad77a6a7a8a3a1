"""Reading start pages through a real episode reset, for the answer-on-start-page rule.

For every information task whose record is missing or not current (`Observed`), the start
page is taken from the local page cache when it holds this page on these site versions, and
otherwise read live: the task's sites are started (embedded, on free ports), an episode
manager resets the task in the Set-of-Mark grounding exactly as the server does, and the
first observation's marks plus the visible text of every open tab (innerText and the values
of visible form fields, read before anything else happens) are kept. Tasks that open the
same start page on the same site versions share one reset. The episode is then ended (its
transcript lands in a temporary folder that is removed).
"""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Callable
from pathlib import Path

import anyio

from mag_core.tasks import Task
from mag_mcp.tasks.stats.observed import (
    Observed,
    StartPage,
    StartPageRecord,
    cache_page,
    cached_page,
)
from mag_mcp.tasks.stats.shortcuts import (
    answer_lines,
    named_entities,
    reference_entries,
)
from mag_mcp.tasks.stats.world_keys import answer_key, page_id, world_key

log = logging.getLogger(__name__)

# The text of the page as a person reads it: rendered text (no hidden parts, scripts or
# styles) and what visible form fields hold.
VISIBLE_TEXT_JS = """() => {
  const parts = [document.body ? document.body.innerText : document.documentElement.innerText];
  for (const el of document.querySelectorAll('input, textarea, select')) {
    const type = (el.getAttribute('type') || '').toLowerCase();
    if (type !== 'hidden' && type !== 'password' && el.value) parts.push(el.value);
  }
  return parts.join('\\n');
}"""


def judge_start_page(task: Task, page: StartPage) -> StartPageRecord:
    """Where the task's reference answer appears on `page` (shortcuts.answer_lines)."""
    entries = reference_entries(task) or []
    found = None
    where: list[str] = []
    if entries:
        for kind, lines in (("text", page.lines()), ("marks", page.marks)):
            hit = answer_lines(entries, lines, task.intent, named_entities(task))
            if hit is not None:
                found, where = kind, [line[:160] for line in hit]
                break
    return StartPageRecord(page=page_id(task), answer=answer_key(task), world=world_key(task.sites),
                           found=found, where=where)  # type: ignore[arg-type]


def needs_start_page(task: Task) -> bool:
    """Information tasks with an answer to look for (an N/A task has none)."""
    return bool(task.mag and task.mag.tags.kind == "information" and reference_entries(task))


def stale_start_pages(tasks: list[Task], observed: Observed) -> list[Task]:
    return [t for t in tasks if needs_start_page(t) and not observed.start_page_current(t)]


async def read_start_pages(tasks: list[Task], cache: Path | None = None,
                           progress: Callable[[str], None] | None = None) -> dict[str, StartPage]:
    """The start page of each task (task id -> page), from the cache or through a reset."""
    from mag_mcp.env.manager import EnvConfig, EpisodeManager
    from mag_mcp.sites.runner import EmbeddedSites
    from mag_mcp.tasks.registry import TaskRegistry

    pages: dict[str, StartPage] = {}
    todo: dict[tuple[str, str], list[Task]] = {}
    for t in tasks:
        page = cached_page(t, cache)
        if page is not None:
            pages[t.id] = page
        else:
            todo.setdefault((page_id(t), world_key(t.sites)), []).append(t)
    if not todo:
        return pages
    sites = sorted({s for group in todo.values() for s in group[0].sites})
    running = EmbeddedSites(sites, ports={s: 0 for s in sites})
    await anyio.to_thread.run_sync(running.start)
    try:
        with tempfile.TemporaryDirectory(prefix="mag-start-pages-") as runs:
            config = EnvConfig(runs_dir=Path(runs), base_urls=running.base_urls, max_episodes=2, spares_per_kind=0)
            registry = TaskRegistry(group[0] for group in todo.values())
            async with EpisodeManager(config, registry, running.stores) as manager:
                for n, group in enumerate(todo.values(), 1):
                    if progress:
                        progress(f"start page {n}/{len(todo)}: {group[0].start_url[:80]}")
                    page = await _read_one(manager, group[0])
                    for t in group:
                        cache_page(t, page, cache)
                        pages[t.id] = page
    finally:
        await anyio.to_thread.run_sync(running.stop)
    return pages


async def _read_one(manager: object, task: Task) -> StartPage:
    from mag_mcp.env.manager import EpisodeManager

    assert isinstance(manager, EpisodeManager)
    ep, obs, _ = await manager.reset(task.id, "som", run_id="start-pages", agent="mag-tasks-stats")
    try:
        texts = [str(await ep.session.page_call(p, p.evaluate(VISIBLE_TEXT_JS))) for p in list(ep.session.pages)]
        return StartPage(url=obs.url, title=obs.title, texts=texts, marks=[m.name for m in obs.marks if m.name])
    finally:
        await ep.abort("start page read by mag tasks stats")


async def refresh_start_pages(tasks: list[Task], observed: Observed, cache: Path | None = None,
                              progress: Callable[[str], None] | None = None) -> int:
    """Record the start page of every information task whose record is not current; returns
    how many records were (re)made."""
    stale = stale_start_pages(tasks, observed)
    if not stale:
        return 0
    pages = await read_start_pages(stale, cache, progress)
    for t in stale:
        observed.start_pages[t.id] = judge_start_page(t, pages[t.id])
    return len(stale)
