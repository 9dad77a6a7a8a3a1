"""BENCHMARKS.md's sections on the world at scale (bench/world_scale.py's results): target rows
for the densest pages, resets and world generation, and the tables behind them."""

from __future__ import annotations

import math
from typing import Any

from bench.common import median

SOM_EXTRA_MS = 60.0
RATIO = 1.2
RESET_BUDGET_MS = 250.0
SITE_BUILD_BUDGET_S = 60.0  # each site's share of `make demo`'s 10 minutes on a fresh 2-core machine
DEMO_BUDGET_S = 600.0
MUTABLE_BUDGET_MB = 20.0
THINK_S_TEXT = "0.5 s"  # bench.world_scale.THINK_S
DENSE_PAGES_TEXT = "4"  # bench.world_scale.DENSE_PAGES

Row = tuple[str, str, bool | None]


def _pooled(world: dict[str, Any], subject: str, step: str) -> float:
    return median([x for p in world.get("pages", []) for x in p["samples"][subject][step]])


def _ms(x: float) -> str:
    return "–" if math.isnan(x) else f"{x:.0f}"


def world_targets(results: dict[str, Any]) -> list[Row]:
    """Target rows for the Targets table (empty when the run had no world section)."""
    world, build = results.get("world") or {}, results.get("world_build") or {}
    rows: list[Row] = []
    if world.get("pages"):
        marks, dense = min(p["marks"] for p in world["pages"]), world.get("dense_marks", 150)
        where = (f"on the densest pages (≥ {dense} marks; {len(world['pages'])} pages)" if marks >= dense else
                 f"on the densest page ({marks} marks: no page reaches {dense})")
        for step, label in (("goto", "loads the page"), ("scroll", "scroll, stays")):
            floor = _pooled(world, "playwright", step)
            som, coord = _pooled(world, "mag-env-som", step), _pooled(world, "mag-env-coord", step)
            limit = RATIO * floor + SOM_EXTRA_MS
            rows.append((f"Set-of-Mark step ≤ 1.2× plain Playwright + 60 ms {where} — {label}",
                         f"{_ms(som)} ms (limit {_ms(limit)} ms)", None if math.isnan(som) else som <= limit))
            rows.append((f"coordinate step ≤ 1.2× plain Playwright {where} — {label}",
                         f"{coord / floor:.2f}× (limit 1.20×)", None if math.isnan(coord) else coord / floor <= RATIO))
    elif world:
        rows.append(("Set-of-Mark step on the densest pages", "– (no page measured)", None))
    for grounding, values in (world.get("cold_resets") or {}).items():
        m = median(values)
        rows.append((f"… a cold reset (no spare prepared), {grounding} (not a target: spares make the reset)",
                     f"{_ms(m)} ms", None))
    for c in world.get("copies", []):
        rows.append((f"per-episode database ≤ {MUTABLE_BUDGET_MB:g} MB, copied in milliseconds — {c['owner']}",
                     f"{c['mutable_mb']} MB in {c['copy_ms']} ms", c["mutable_mb"] <= MUTABLE_BUDGET_MB))
    for s in build.get("sites", []):
        rows.append((f"world generation ≤ {SITE_BUILD_BUDGET_S:g} s per site (fresh MAG_HOME) — {s['site']}",
                     f"{s['total_s']} s", s["total_s"] <= SITE_BUILD_BUDGET_S))
    if build.get("sites"):
        rows.append(("world generation, every site, within `make demo`'s 10 minutes on a fresh machine",
                     f"{build['total_s']} s (limit {DEMO_BUDGET_S:.0f} s)", build["total_s"] <= DEMO_BUDGET_S))
    return rows


def world_sections(results: dict[str, Any]) -> list[str]:
    world, build = results.get("world") or {}, results.get("world_build") or {}
    if not world and not build:
        return []
    L = ["", "## The world at scale", ""]
    if world:
        L += [f"**Densest pages.** Every site's representative pages (those `mag sites stats` measures) were opened "
              f"once and their marks in the viewport counted; the densest (≥ {world['dense_marks']} marks, at most "
              f"{DENSE_PAGES_TEXT}; the densest one when none is that dense) were measured in {world['rounds']} "
              "interleaved round(s) after a dropped warm-up: MAG directly (an episode of a task of that site, `goto` the page, then scroll once) "
              "against plain Playwright (a logged-in context; `page.goto` + screenshot, wheel + screenshot), "
              f"{THINK_S_TEXT} between calls. Median ms:", "",
              "| site | page | marks | playwright goto | coord goto | som goto | playwright scroll | coord scroll "
              "| som scroll |", "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
        for p in world.get("pages", []):
            s = p["samples"]
            cells = [_ms(median(s[subj][step])) for step in ("goto", "scroll")
                     for subj in ("playwright", "mag-env-coord", "mag-env-som")]
            L.append(f"| {p['site']} | {p['page']} | {p['marks']} | " + " | ".join(cells) + " |")
        counted = world.get("all_pages", [])
        if counted:
            top = ", ".join(f"{p['site']} {p['page']} {p['marks']}" for p in counted[:8])
            L += ["", f"Marks in the viewport over {len(counted)} pages, densest first: {top}."]
        L += ["", "**Resets and the per-episode copy.** A reset adopts a spare prepared in the background (its own "
              "state copy, context, log-in and start page), so the copy is not in the reset's latency unless resets "
              "of one kind come faster than spares are prepared; a cold reset pays all of it. The copy of each "
              "per-episode database (median of 10, `SiteStateStore.create`), and the read-only content database "
              "attached to every connection instead of copied:", "",
              "| database of | mutable MB (copied) | copy ms | content MB (attached, never copied) |",
              "|---|---:|---:|---:|"]
        for c in world.get("copies", []):
            L.append(f"| {c['owner']} | {c['mutable_mb']} | {c['copy_ms']} | {c['content_mb'] or '–'} |")
        cold = world.get("cold_resets") or {}
        if cold:
            L += ["", "Cold resets (no spare; the shop's home page, median ms): "
                  + ", ".join(f"{g} {_ms(median(v))}" for g, v in cold.items()) + "."]
    if build.get("sites"):
        L += ["", "**World generation from nothing** (every site's databases built in a fresh `MAG_HOME`, one site "
              "at a time, as `make demo` does on a fresh machine; seconds):", "",
              "| site | seed s | content s | total s | mutable MB | content MB |", "|---|---:|---:|---:|---:|---:|"]
        for s in build["sites"]:
            L.append(f"| {s['site']} | {s.get('seed_s', '–')} | {s.get('content_s', '–')} | {s['total_s']} | "
                     f"{s['mutable_mb']} | {s['content_mb'] or '–'} |")
        L.append(f"| **all** | | | {build['total_s']} | | |")
    return L
