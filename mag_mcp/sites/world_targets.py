"""The world's targets (MAG issue 19), checked against what `mag sites stats` measured.

- every site provides its hooks, and each of its `counts` reaches its `TARGETS` minimum;
- pages: at least `MIN_PAGES` representative pages, all of them loading; the median of the
  marks in the viewport at least `MEDIAN_MARKS_MIN` and the median DOM at least
  `MEDIAN_DOM_MIN` nodes; on each site, the medians of each page kind within
  `WEBARENA_FACTOR`× of WebArena's figure for that kind (`webarena_figures`);
- state: each per-episode (mutable) database at most `MAX_MUTABLE_MB`, so that a reset
  copies it in milliseconds (what no task changes belongs in the content database).
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel

from mag_mcp.sites.page_metrics import PageMeasure
from mag_mcp.sites.webarena_figures import Figure, dom_figure, marks_figure

if TYPE_CHECKING:
    from mag_mcp.sites.world_stats import SiteStats, StoreFigures

MIN_PAGES = 40
MEDIAN_MARKS_MIN = 60
MEDIAN_DOM_MIN = 1500
WEBARENA_FACTOR = 2.0
MAX_MUTABLE_MB = 20.0


class TargetCheck(BaseModel):
    """One target: where it applies (a site key, or "world"), what it asks, what was measured, and
    its area: the site's content and menus ("content"), its pages loading ("loads"), the density of
    its pages against WebArena's ("pages") or the size of its per-episode state ("state")."""

    scope: str
    target: str
    measured: str
    met: bool
    area: Literal["content", "loads", "pages", "state"] = "content"


def median_of(values: Iterable[float | int | None]) -> float | None:
    xs = [float(v) for v in values if v is not None]
    return statistics.median(xs) if xs else None


def fmt(x: float | None) -> str:
    if x is None:
        return "–"
    if float(x).is_integer() or abs(x) >= 100:
        return f"{x:,.0f}"
    return f"{x:,.2f}" if abs(x) < 10 else f"{x:,.1f}"


def band_text(fig: Figure, factor: float = WEBARENA_FACTOR) -> str:
    lo, hi = fig.band(factor)
    return f"{fmt(lo)}–{fmt(hi)}" if hi is not None else f"≥ {fmt(lo)}"


def check_counts(site: SiteStats) -> list[TargetCheck]:
    """The site's counts against its TARGETS; a site without hooks has one unmet target saying so."""
    if site.counts is None:
        why = "; ".join(site.problems) or "no counts"
        return [TargetCheck(scope=site.site, target="counts and TARGETS reported (world_stats.py)",
                            measured=f"unknown: {why}"[:300], met=False)]
    checks = []
    for key, minimum in site.targets.items():
        value = site.counts.get(key)
        checks.append(TargetCheck(scope=site.site, target=f"{key} ≥ {fmt(minimum)}",
                                  measured="not reported by counts()" if value is None else fmt(value),
                                  met=value is not None and value >= minimum))
    if not site.targets:
        checks.append(TargetCheck(scope=site.site, target="TARGETS declared", measured="none", met=False))
    return checks


def _within(scope: str, kind: str, what: str, value: float | None, fig: Figure) -> TargetCheck:
    return TargetCheck(scope=scope, target=f"{kind} pages: median {what} within {WEBARENA_FACTOR:g}× of WebArena "
                                           f"({fig.stated}: {band_text(fig)})",
                       measured=fmt(value), met=value is not None and fig.within(value, WEBARENA_FACTOR),
                       area="pages")


def check_pages(pages: list[PageMeasure], note: str = "") -> list[TargetCheck]:
    ok = [p for p in pages if p.measured]
    checks = [
        TargetCheck(scope="world", target=f"≥ {MIN_PAGES} representative pages measured{note}",
                    measured=f"{len(ok)} of {len(pages)}", met=len(ok) >= MIN_PAGES, area="loads"),
    ]
    for p in pages:
        if not p.measured or p.error:
            checks.append(TargetCheck(scope=p.site, target=f"page {p.name!r} loads and is measured",
                                      measured=p.error or "not measured", met=False, area="loads"))
    marks, dom = median_of(p.marks_viewport for p in ok), median_of(p.dom_nodes for p in ok)
    checks += [
        TargetCheck(scope="world", target=f"median marks in the viewport ≥ {MEDIAN_MARKS_MIN}{note}",
                    measured=fmt(marks), met=marks is not None and marks >= MEDIAN_MARKS_MIN, area="pages"),
        TargetCheck(scope="world", target=f"median DOM nodes ≥ {MEDIAN_DOM_MIN:,}{note}",
                    measured=fmt(dom), met=dom is not None and dom >= MEDIAN_DOM_MIN, area="pages"),
    ]
    groups: dict[tuple[str, str], list[PageMeasure]] = {}
    for p in ok:
        groups.setdefault((p.site, p.kind), []).append(p)
    for (site, kind), group in groups.items():
        checks.append(_within(site, kind, "marks in the viewport", median_of(p.marks_viewport for p in group),
                              marks_figure(site, kind)))
        checks.append(_within(site, kind, "DOM nodes", median_of(p.dom_nodes for p in group), dom_figure(site, kind)))
    return checks


def check_stores(stores: list[StoreFigures]) -> list[TargetCheck]:
    return [TargetCheck(scope=s.owner, target=f"per-episode (mutable) database ≤ {MAX_MUTABLE_MB:g} MB",
                        measured=f"{s.seed_bytes / 1e6:.1f} MB, copied in {s.copy_ms:.1f} ms",
                        met=s.seed_bytes / 1e6 <= MAX_MUTABLE_MB, area="state") for s in stores]


def check_targets(sites: list[SiteStats], pages: list[PageMeasure], stores: list[StoreFigures],
                  all_sites: bool = True) -> list[TargetCheck]:
    """Every target, met or not, in the order of the report."""
    checks: list[TargetCheck] = []
    for site in sites:
        checks += check_counts(site)
    checks += check_pages(pages, "" if all_sites else " (over the sites measured in this run)")
    checks += check_stores(stores)
    return checks
