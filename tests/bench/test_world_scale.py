"""The bench's world-at-scale section (bench/world_scale.py): a seed build timed without
changing which cached database it is, the densest page of a real site measured for MAG in
both groundings and plain Playwright, and the report's target rows computed from the samples.
Never asserts a timing (those belong in BENCHMARKS.md)."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from bench.world_report import world_sections, world_targets
from bench.world_scale import DENSE_MARKS, DENSE_PAGES, _timed, run_world_scale
from mag_mcp.sites.base import SiteSpec, SiteStateStore, _source_digest


def build_seed(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (x INTEGER)")


SPEC = SiteSpec(key="timeddemo", title="Timed demo", default_port=0, base_path="", seed_version="1",
                build_seed=build_seed, create_app=lambda store: None)  # type: ignore[arg-type,return-value]


def test_a_timed_build_is_the_same_cached_database(tmp_path: Path) -> None:
    took: dict[str, float] = {}
    timed = _timed(build_seed, took, "seed_s")
    assert _source_digest(timed) == _source_digest(build_seed)  # the site's own sources name the cache file
    store = SiteStateStore(replace(SPEC, build_seed=timed), root=tmp_path)
    assert "seed_s" in took and store.seed_path == SiteStateStore(SPEC, root=tmp_path).seed_path


def test_target_rows_follow_the_samples() -> None:
    samples = {"playwright": {"goto": [100.0, 110.0], "scroll": [50.0]},
               "mag-env-coord": {"goto": [105.0, 115.0], "scroll": [55.0]},
               "mag-env-som": {"goto": [200.0, 210.0], "scroll": [90.0]}}
    results = {"world": {"dense_marks": 150, "rounds": 2, "cold_resets": {"som": [400.0]},
                         "pages": [{"site": "reddit", "page": "front", "marks": 180, "samples": samples}],
                         "copies": [{"owner": "shopping", "mutable_mb": 21.0, "copy_ms": 12.0, "content_mb": 30.0}]},
               "world_build": {"sites": [{"site": "reddit", "total_s": 45.0, "mutable_mb": 9.0, "content_mb": None}],
                               "total_s": 45.0}}
    rows = {label: (value, met) for label, value, met in world_targets(results)}
    som_goto = next(v for k, v in rows.items() if k.startswith("Set-of-Mark") and k.endswith("loads the page"))
    assert som_goto == ("205 ms (limit 186 ms)", False)  # 1.2 × 105 + 60
    coord_scroll = next(v for k, v in rows.items() if k.startswith("coordinate") and k.endswith("stays"))
    assert coord_scroll == ("1.10× (limit 1.20×)", True)
    assert rows["per-episode database ≤ 20 MB, copied in milliseconds — shopping"][1] is False
    assert rows["world generation ≤ 60 s per site (fresh MAG_HOME) — reddit"][1] is True
    text = "\n".join(world_sections(results))
    assert "| reddit | front | 180 | 105 | 110 | 205 | 50 | 55 | 90 |" in text


@pytest.mark.anyio
async def test_the_densest_page_of_a_real_site_is_measured(tmp_path: Path) -> None:
    notes: list[str] = []
    world = await run_world_scale(1, tmp_path, notes, sites=["map"], warmup=False)
    assert world["all_pages"] and all(p["site"] == "map" and p["marks"] > 0 for p in world["all_pages"])
    dense = [p for p in world["all_pages"] if p["marks"] >= DENSE_MARKS]
    # the densest pages (≥ 150 marks, at most DENSE_PAGES); with none that dense, the densest one all the same
    assert len(world["pages"]) == (min(len(dense), DENSE_PAGES) or 1)
    assert world["pages"][0]["marks"] == max(p["marks"] for p in world["all_pages"])
    for page in world["pages"]:
        for subject in ("playwright", "mag-env-coord", "mag-env-som"):
            assert len(page["samples"][subject]["goto"]) == 1 and len(page["samples"][subject]["scroll"]) == 1
    assert [c["owner"] for c in world["copies"]] == ["map"] and world["copies"][0]["copy_ms"] > 0
    assert world["cold_resets"] == {}  # the shop was not started: no cold resets on its task
