"""The world at scale: Set-of-Mark on the densest pages, resets and state copies per site,
and building the world from nothing.

- **Dense pages.** Every site's representative pages (`mag sites stats`'s list) are opened
  once and their marks in the viewport counted; the densest (at least `DENSE_MARKS` marks,
  at most `DENSE_PAGES` of them) are then measured in interleaved rounds: MAG (both
  groundings, direct environment calls, an episode of a task of that site) and plain
  Playwright (a logged-in context, `page.goto` + screenshot; the wheel + screenshot) each
  load the page (`goto`) and scroll it once, with the think time of the latency section.
- **Resets and copies.** Each per-episode database is copied `COPY_SAMPLES` times
  (`SiteStateStore.create`, what every episode pays, in the background when a spare is
  prepared); cold resets (no spare: copy, context, log-in and start page all in the reset)
  are timed beside the latency section's resets, which adopt spares.
- **World generation.** Every site's seed (and content database) is built in a fresh
  `MAG_HOME`, one site at a time: what `make demo` builds on a fresh machine.
"""

from __future__ import annotations

import functools
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import anyio
import httpx

from mag_core.protocol import VIEWPORT_HEIGHT, VIEWPORT_WIDTH, Action
from mag_mcp.env.browser import BrowserPool
from mag_mcp.env.manager import EnvConfig, EpisodeManager
from mag_mcp.sites.base import SiteStateStore
from mag_mcp.sites.registry import embedded_site_keys, site_spec
from mag_mcp.sites.runner import EmbeddedSites
from mag_mcp.sites.world_hooks import load_hooks
from mag_mcp.sites.world_pages import resolve
from mag_mcp.sites.world_stats import site_groups
from mag_mcp.tasks.registry import TaskRegistry

DENSE_MARKS = 150  # the "densest pages (≥ 150 marks)"
DENSE_PAGES = 4
COPY_SAMPLES = 10
COLD_RESETS = 5
THINK_S = 0.5
RESET_TASK = "shopping-price-1"  # the latency section's task (the shop's home page)


def _cookies(key: str, base: str) -> tuple[dict[str, str], list[dict[str, str]]]:
    plain = {c.name: c.value for c in site_spec(key).login_cookies}
    host = httpx.URL(base).host
    return plain, [{"name": k, "value": v, "domain": host, "path": "/"} for k, v in plain.items()]


async def _count_marks(pool: BrowserPool, sites: dict[str, str], notes: list[str]) -> list[dict[str, Any]]:
    """Every site's pages with their marks in the viewport (one snapshot each)."""
    found: list[dict[str, Any]] = []
    with httpx.Client(timeout=30) as client:
        for key, base in sites.items():
            plain, cookies = _cookies(key, base)
            session = await pool.new_session([base], cookies=cookies)
            try:
                for ref in load_hooks(key).pages:
                    try:
                        url = await anyio.to_thread.run_sync(resolve, ref, base, plain, client)
                        await session.page.goto(url, wait_until="load")
                        await session.settle()
                        marks = len((await session.snapshot(with_marks=True)).marks)
                    except Exception as e:  # a page mid-edit (or not found): noted, not measured
                        notes.append(f"dense pages: {key} {ref.name} skipped ({str(e).splitlines()[0][:120]})")
                        continue
                    found.append({"site": key, "page": ref.name, "kind": ref.kind, "url": url, "marks": marks})
            finally:
                await session.close()
    return sorted(found, key=lambda p: -p["marks"])


def _task_for(registry: TaskRegistry, site: str) -> str | None:
    """A built-in task on `site` alone (its episodes may go to any page of the site)."""
    return next((t.id for t in registry.select(site) if t.sites == [site]), None)


class _Floor:
    """Plain Playwright on a dense page: a logged-in context; goto + screenshot, wheel + screenshot."""

    def __init__(self, pool: BrowserPool, cookies: list[dict[str, str]], start_url: str) -> None:
        self.pool, self.cookies, self.start_url = pool, cookies, start_url

    async def episode(self, url: str) -> dict[str, float]:
        browser = self.pool.browser
        assert browser is not None
        context = await browser.new_context(viewport={"width": VIEWPORT_WIDTH, "height": VIEWPORT_HEIGHT})
        try:
            await context.add_cookies(self.cookies)
            page = await context.new_page()
            await page.goto(self.start_url, wait_until="load")  # as an episode starts on its task's page
            await anyio.sleep(THINK_S)
            t = time.perf_counter()
            await page.goto(url, wait_until="load")
            await page.screenshot(type="png")
            goto = (time.perf_counter() - t) * 1000
            await anyio.sleep(THINK_S)
            t = time.perf_counter()
            await page.mouse.move(VIEWPORT_WIDTH // 2, VIEWPORT_HEIGHT // 2)
            await page.mouse.wheel(0, int(VIEWPORT_HEIGHT * 0.8))
            await page.screenshot(type="png")
            return {"goto": goto, "scroll": (time.perf_counter() - t) * 1000}
        finally:
            await context.close()


async def _mag_episode(manager: EpisodeManager, task_id: str, grounding: str, url: str) -> dict[str, float]:
    episode, _obs, _ = await manager.reset(task_id, grounding, "bench-dense")  # type: ignore[arg-type]
    try:
        await anyio.sleep(THINK_S)
        t = time.perf_counter()
        obs, _ = await episode.act(Action(kind="goto", text=url), "Open the page.", f"goto {url}")
        goto = (time.perf_counter() - t) * 1000
        if obs.last_error:
            raise RuntimeError(f"goto {url}: {obs.last_error}")
        await anyio.sleep(THINK_S)
        scroll = Action(kind="scroll", direction="down") if grounding == "som" else \
            Action(kind="scroll", x=VIEWPORT_WIDTH // 2, y=VIEWPORT_HEIGHT // 2, direction="down")
        t = time.perf_counter()
        await episode.act(scroll, "Scroll down.", scroll.render())
        return {"goto": goto, "scroll": (time.perf_counter() - t) * 1000, "marks": float(len(obs.marks))}
    finally:
        if not episode.finished:
            await episode.stop("done")


def _copy_ms(store: SiteStateStore) -> float:
    times = []
    for i in range(COPY_SAMPLES):
        t = time.perf_counter()
        store.create(f"bench-copy-{i}")
        times.append((time.perf_counter() - t) * 1000)
        store.drop(f"bench-copy-{i}")
    return statistics.median(times)


async def _cold_resets(running: dict[str, EmbeddedSites], runs: Path, rounds: int) -> dict[str, list[float]]:
    """Resets with no spare prepared (spares_per_kind=0), per grounding, on the latency section's task."""
    shop = running.get("shopping")
    if shop is None:
        return {}
    config = EnvConfig(runs_dir=runs / "cold", base_urls=shop.base_urls, max_episodes=8, spares_per_kind=0)
    out: dict[str, list[float]] = {"som": [], "coord": []}
    async with EpisodeManager(config, TaskRegistry.builtin(), shop.stores) as manager:
        for _ in range(rounds):
            for grounding in ("coord", "som"):
                t = time.perf_counter()
                episode, _obs, _ = await manager.reset(RESET_TASK, grounding, "bench-cold")  # type: ignore[arg-type]
                out[grounding].append((time.perf_counter() - t) * 1000)
                await episode.stop("done")
                await anyio.sleep(THINK_S)
    return out


def _start_groups(keys: list[str], notes: list[str]) -> dict[str, EmbeddedSites]:
    running: dict[str, EmbeddedSites] = {}
    for group in site_groups(keys):
        sites = EmbeddedSites(group, ports={k: 0 for k in group})
        try:
            sites.start(timeout=120)
        except Exception as e:  # a site mid-edit: the others are measured
            notes.append(f"world at scale: {', '.join(group)} did not start ({type(e).__name__}: {e})"[:300])
            continue
        for key in group:
            running[key] = sites
    return running


async def run_world_scale(rounds: int, runs: Path, notes: list[str], sites: list[str] | None = None,
                          warmup: bool = True) -> dict[str, Any]:
    """Dense pages, copies and cold resets on `sites` (default: every embedded site); `warmup`
    runs a first round on each dense page that is dropped."""
    running = await anyio.to_thread.run_sync(_start_groups, sites or embedded_site_keys(), notes)
    out: dict[str, Any] = {"dense_marks": DENSE_MARKS, "rounds": rounds, "pages": [], "copies": [], "cold_resets": {}}
    try:
        base_urls = {k: s.base_urls[k] for k, s in running.items()}
        stores = {k: s.stores[k] for k, s in running.items()}
        for owner in dict.fromkeys(s.spec.key for s in stores.values()):
            store = next(s for s in stores.values() if s.spec.key == owner)
            out["copies"].append({"owner": owner, "mutable_mb": round(store.seed_path.stat().st_size / 1e6, 2),
                                  "content_mb": round(store.content_path.stat().st_size / 1e6, 2)
                                  if store.content_path else None,
                                  "copy_ms": round(await anyio.to_thread.run_sync(_copy_ms, store), 2)})
        out["cold_resets"] = await _cold_resets(running, runs, max(rounds, COLD_RESETS))
        pool = BrowserPool()
        await pool.start()
        try:
            counted = await _count_marks(pool, base_urls, notes)
        finally:
            await pool.close()
        out["all_pages"] = counted
        dense = [p for p in counted if p["marks"] >= DENSE_MARKS][:DENSE_PAGES] or counted[:1]
        config = EnvConfig(runs_dir=runs / "dense", base_urls=base_urls, max_episodes=8)
        registry = TaskRegistry.builtin()
        rng = random.Random(0)
        async with EpisodeManager(config, registry, stores) as manager:
            for page in dense:
                task_id = _task_for(registry, page["site"])
                if task_id is None:
                    notes.append(f"dense pages: no task on {page['site']} alone; {page['page']} not measured")
                    continue
                site_base = base_urls[page["site"]]
                floor = _Floor(manager.pool, _cookies(page["site"], site_base)[1], site_base)
                samples: dict[str, dict[str, list[float]]] = {s: {"goto": [], "scroll": []}
                                                              for s in ("playwright", "mag-env-coord", "mag-env-som")}
                for r in range(0 if warmup else 1, rounds + 1):  # round 0 warms up (spares, caches): dropped
                    order = list(samples)
                    rng.shuffle(order)
                    for name in order:
                        if name == "playwright":
                            got = await floor.episode(page["url"])
                        else:
                            got = await _mag_episode(manager, task_id, name.rsplit("-", 1)[1], page["url"])
                        if r:
                            for step in ("goto", "scroll"):
                                samples[name][step].append(got[step])
                out["pages"].append({**page, "task": task_id, "samples": samples})
    finally:
        for group in dict.fromkeys(running.values()):
            await anyio.to_thread.run_sync(group.stop)
    return out


def _timed(build: Callable[[Path], None], into: dict[str, float], what: str) -> Callable[[Path], None]:
    @functools.wraps(build)  # keeps the site's module, so the seed's source digest is the site's own
    def run(path: Path) -> None:
        t = time.perf_counter()
        build(path)
        into[what] = round(time.perf_counter() - t, 2)

    return run


def run_world_build(notes: list[str]) -> dict[str, Any]:
    """Build every site's databases in a fresh MAG_HOME, one site at a time (seconds, sizes)."""
    out: dict[str, Any] = {"sites": []}
    with tempfile.TemporaryDirectory(prefix="mag-bench-home-") as home:
        for key in embedded_site_keys():
            try:
                spec = site_spec(key)
            except Exception as e:
                notes.append(f"world build: {key} did not import ({type(e).__name__}: {e})"[:300])
                continue
            if spec.build_seed is None:
                continue  # serves another site's database
            took: dict[str, float] = {}
            timed = replace(spec, build_seed=_timed(spec.build_seed, took, "seed_s"),
                            build_content=_timed(spec.build_content, took, "content_s") if spec.build_content else None)
            t = time.perf_counter()
            try:
                store = SiteStateStore(timed, root=Path(home))
            except Exception as e:
                notes.append(f"world build: {key} failed ({type(e).__name__}: {e})"[:300])
                continue
            out["sites"].append({
                "site": key, "total_s": round(time.perf_counter() - t, 2), **took,
                "mutable_mb": round(store.seed_path.stat().st_size / 1e6, 2),
                "content_mb": round(store.content_path.stat().st_size / 1e6, 2) if store.content_path else None,
            })
    out["total_s"] = round(sum(s["total_s"] for s in out["sites"]), 1)
    return out
