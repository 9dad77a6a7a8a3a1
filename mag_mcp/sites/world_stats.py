"""`mag sites stats`: the world's figures, measured on the running sites, against the targets.

For every embedded site (sites that share a database, the shop and its admin, start together)
it starts the site (building its seed when the cache has none), reads the site's hooks
(`world_hooks`), computes its counts on the default state, measures its pages in Chromium
through MAG's session code (`page_metrics`), and times the per-episode copy of its mutable
database. `check_targets` then compares everything with the issue's targets; `world_report`
writes docs/WORLD.md from the result.

A site that fails to start, a hook that is broken and a page that does not load are reported
in the result (and as unmet targets), never as a traceback, and the other sites are still
measured.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import anyio
from pydantic import BaseModel

from mag_mcp.env.browser import BrowserPool
from mag_mcp.sites.base import DEFAULT_STATE_KEY, SiteStateStore, mag_home
from mag_mcp.sites.page_metrics import PageMeasure, measure_site_pages
from mag_mcp.sites.registry import embedded_site_keys, site_spec
from mag_mcp.sites.runner import EmbeddedSites
from mag_mcp.sites.world_hooks import SiteHooks, load_hooks, run_counts
from mag_mcp.sites.world_targets import TargetCheck, check_targets

COPY_SAMPLES = 5
COPY_KEY = "world-stats-copy"


class SiteStats(BaseModel):
    """One site's hooks and counts."""

    site: str
    title: str = ""
    pages_from: str = "fallback"  # "site": the site's own PAGES; "fallback": world_pages.FALLBACK_PAGES
    has_module: bool = False
    counts: dict[str, float] | None = None
    targets: dict[str, float] = {}
    problems: list[str] = []


class StoreFigures(BaseModel):
    """One per-episode database (a site's, or one shared by several sites) and its copy."""

    owner: str
    sites: list[str]
    seed_bytes: int
    content_bytes: int | None  # None: the site has no content database
    copy_ms: float  # median time to give an episode its own copy (SiteStateStore.create)
    ready_s: float  # starting the sites, the build of what was missing included
    built: list[str]  # the databases built during this run ("seed", "content"); empty: all cached


class WorldStats(BaseModel):
    """Everything `mag sites stats` measured, and the targets checked against it."""

    generated_at: str
    chromium: str = ""
    cores: int = 0
    sites: list[SiteStats]
    pages: list[PageMeasure]
    stores: list[StoreFigures]
    checks: list[TargetCheck] = []

    @property
    def unmet(self) -> list[TargetCheck]:
        return [c for c in self.checks if not c.met]


def site_groups(sites: list[str]) -> list[list[str]]:
    """`sites` grouped by the database they serve (a site and those whose state it owns)."""
    groups: dict[str, list[str]] = {}
    for key in sites:
        try:
            owner = site_spec(key).state_owner or key
        except Exception:  # reported when the group starts
            owner = key
        groups.setdefault(owner, []).append(key)
    return [sorted(g, key=lambda k: k != owner) for owner, g in groups.items()]


def copy_ms(store: SiteStateStore, samples: int = COPY_SAMPLES) -> float:
    """Median time of giving an episode its own copy of the store's seed (and dropping it)."""
    times = []
    for _ in range(samples):
        t = time.perf_counter()
        store.create(COPY_KEY)
        times.append((time.perf_counter() - t) * 1000)
        store.drop(COPY_KEY)
    return statistics.median(times)


def _site_stats(key: str, hooks: SiteHooks, store: SiteStateStore | None) -> SiteStats:
    stats = SiteStats(site=key, pages_from=hooks.source, has_module=hooks.counts is not None or hooks.source == "site",
                      targets=hooks.targets, problems=list(hooks.problems))
    try:
        stats.title = site_spec(key).title
    except Exception:
        pass
    if store is not None and hooks.counts is not None:
        conn = store.connect(DEFAULT_STATE_KEY)
        try:
            stats.counts, problem = run_counts(hooks, conn)
        finally:
            conn.close()
        if problem:
            stats.problems.append(problem)
    return stats


def _start(group: list[str], home: Path | None) -> EmbeddedSites:
    sites = EmbeddedSites(group, ports={k: 0 for k in group}, home=home)
    sites.start(timeout=120)
    return sites


async def _measure_group(
    pool: BrowserPool, group: list[str], home: Path | None, on_page: Callable[[PageMeasure], None],
    on_status: Callable[[str], None],
) -> tuple[list[SiteStats], list[PageMeasure], StoreFigures | None]:
    seeds = (home or mag_home()) / "seeds"
    before = set(os.listdir(seeds)) if seeds.is_dir() else set()
    hooks = {key: load_hooks(key) for key in group}
    on_status(f"starting {', '.join(group)} (building what the seed cache lacks)")
    t = time.perf_counter()
    try:
        running = await anyio.to_thread.run_sync(_start, group, home)
    except Exception as e:  # a site mid-edit that cannot import, or cannot build its seed
        why = f"the site did not start: {type(e).__name__}: {e}"[:300]
        stats = [_site_stats(key, hooks[key], None) for key in group]
        for s in stats:
            s.problems.append(why)
        pages = [PageMeasure(site=key, name=p.name, kind=p.kind, error=why) for key in group for p in hooks[key].pages]
        for p in pages:
            on_page(p)
        return stats, pages, None
    ready_s = time.perf_counter() - t
    try:
        store = running.stores[group[0]]
        built = sorted({("content" if "-content-" in n else "seed") for n in set(os.listdir(seeds)) - before
                        if n.startswith(store.spec.key + "-")})
        stats = [_site_stats(key, hooks[key], running.stores[key]) for key in group]
        pages: list[PageMeasure] = []
        for key in group:
            cookies = {c.name: c.value for c in site_spec(key).login_cookies}
            pages += await measure_site_pages(pool, key, running.base_urls[key], cookies, hooks[key].pages, on_page)
        figures = StoreFigures(
            owner=store.spec.key, sites=group, seed_bytes=store.seed_path.stat().st_size,
            content_bytes=store.content_path.stat().st_size if store.content_path else None,
            copy_ms=await anyio.to_thread.run_sync(copy_ms, store), ready_s=ready_s, built=built)
    finally:
        await anyio.to_thread.run_sync(running.stop)
    return stats, pages, figures


def planned_pages(sites: list[str]) -> int:
    """How many pages a run over `sites` measures (for a progress bar)."""
    return sum(len(load_hooks(k).pages) for k in sites)


async def collect_world(
    sites: list[str] | None = None, home: Path | None = None,
    on_page: Callable[[PageMeasure], None] = lambda _p: None, on_status: Callable[[str], None] = lambda _s: None,
) -> WorldStats:
    """Measure `sites` (default: all embedded sites) and check the targets."""
    keys = sites or embedded_site_keys()
    pool = BrowserPool()
    await pool.start()
    out = WorldStats(generated_at=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"), chromium=pool.browser_version,
                     cores=os.cpu_count() or 0, sites=[], pages=[], stores=[])
    try:
        for group in site_groups(keys):
            stats, pages, store = await _measure_group(pool, group, home, on_page, on_status)
            out.sites += stats
            out.pages += pages
            if store is not None:
                out.stores.append(store)
    finally:
        await pool.close()
    out.checks = check_targets(out.sites, out.pages, out.stores, all_sites=set(keys) == set(embedded_site_keys()))
    return out
