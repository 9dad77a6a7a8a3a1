"""docs/WORLD.md from a `WorldStats`: per-site counts against the targets, the page table next
to WebArena's figures (with their sources), the per-episode state, and the targets not met."""

from __future__ import annotations

from mag_mcp.sites.page_metrics import SERVER_SAMPLES, TALL_VIEWPORT_CAP, PageMeasure
from mag_mcp.sites.webarena_figures import (
    CONTENT_FIGURES,
    DOM_ADMIN_GRID,
    DOM_ANY,
    ISSUE,
    MARKS_ANY,
    VIEWPORT,
    WEBARENA_README,
    dom_figure,
    marks_figure,
)
from mag_mcp.sites.world_stats import SiteStats, StoreFigures, WorldStats
from mag_mcp.sites.world_targets import (
    MAX_MUTABLE_MB,
    MEDIAN_DOM_MIN,
    MEDIAN_MARKS_MIN,
    MIN_PAGES,
    WEBARENA_FACTOR,
    TargetCheck,
    fmt,
    median_of,
)

METHOD = f"""\
**How pages are measured.** Each page is opened in Chromium through MAG's own browser session
(`mag_mcp/env/session.py`), logged in as WebArena's tasks are, at {VIEWPORT[0]}×{VIEWPORT[1]}
(WebArena's observation viewport), and settled as after an agent's step.
_Marks_ are the Set-of-Mark marks of that observation (`mag_mcp/env/som.js`: the visible,
unoccluded interactable elements in the viewport), i.e. what an agent is shown.
_Interactables_ are the same collection with the viewport stretched to the page's full height
(at most {TALL_VIEWPORT_CAP:,} px): every interactable an agent can reach by scrolling.
_DOM_ is the number of elements in the document; _text_ the characters of its visible text
(`innerText`); _server ms_ the median of {SERVER_SAMPLES} plain HTTP requests for the page's HTML
(the site's rendering time, no browser). Each site names its representative pages in
`mag_mcp/sites/<site>/world_stats.py` (`PAGES`); a site without that module is measured on the
pages listed in `mag_mcp/sites/world_pages.py` and marked _fallback_.
"""

STATE = f"""\
**What an episode gets.** Every site keeps two SQLite databases, both built deterministically
at first use and cached under `mag_home()/seeds` (keyed by the seed version and a digest of the
seed's sources):

- the **mutable database** (`SiteSpec.build_seed`): everything a task can change (carts,
  orders, posts, votes, issues, notes, prices, stock). Each episode gets its own copy
  (`SiteStateStore.create`, a plain file copy to `mag_home()/state/<site>/<episode>.sqlite`),
  selected per request by the `X-MAG-State` header its browser context sends, and dropped at
  the episode's end. The shop and its admin share one copy (`state_owner`).
- the **content database** (`SiteSpec.build_content`, optional): what no task changes (article
  bodies, review texts, repository files, pictures' metadata). It is never copied: every
  connection attaches it read-only and immutable as the schema `content`.

A reset does not wait for the copy: after each reset of a kind of task, a spare episode (its
own state copy, a logged-in browser context and the loaded start page) is prepared in the
background (`mag_mcp/env/warm.py`) and the next reset of that kind adopts it. The copy is paid
at reset time only when resets of one kind come faster than spares are prepared. So that it
stays a matter of milliseconds either way, the mutable database must stay at most
{MAX_MUTABLE_MB:g} MB; large immutable text belongs in the content database. Reset latency
itself, per grounding, is measured by `make bench` (BENCHMARKS.md).
"""


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"


def _site_section(site: SiteStats) -> list[str]:
    title = f"### {site.site}" + (f" — {site.title}" if site.title else "")
    source = "its own `world_stats.py`" if site.pages_from == "site" else "the fallback list (no usable `world_stats.py`)"
    lines = [title, "", f"Pages from {source}.", ""]
    if site.counts is None:
        lines += ["Counts: **unknown** (the site does not report them yet).", ""]
    else:
        lines += [_row(["figure", "measured", "target (minimum)", "met"]), "|---|---:|---:|---|"]
        for key, value in site.counts.items():
            target = site.targets.get(key)
            met = "–" if target is None else ("yes" if value >= target else "**no**")
            lines.append(_row([key, fmt(value), fmt(target) if target is not None else "–", met]))
        for key, target in site.targets.items():
            if key not in site.counts:
                lines.append(_row([key, "not reported", fmt(target), "**no**"]))
        lines.append("")
    webarena = [f for f in CONTENT_FIGURES if f.site == site.site]
    if webarena:
        lines += ["WebArena, as the issue states it: " + "; ".join(f"{f.what} {f.stated}" for f in webarena) + ".", ""]
    for problem in site.problems:
        lines.append(f"- _{problem}_")
    return lines + ([""] if site.problems else [])


def _page_cells(p: PageMeasure) -> list[str]:
    m, d = marks_figure(p.site, p.kind), dom_figure(p.site, p.kind)
    path = p.url.split("//", 1)[-1].split("/", 1)[-1] if p.url else ""
    if p.error and not p.measured:
        return [p.site, p.name, p.kind, "–", m.short, "–", "–", d.short, "–", "–", f"/{path} — {p.error}"]
    return [p.site, p.name, p.kind, fmt(p.marks_viewport), m.short, fmt(p.interactables), fmt(p.dom_nodes),
            d.short, fmt(p.text_chars), fmt(p.server_ms), f"`/{path}`"[:120]]


def _pages_section(pages: list[PageMeasure]) -> list[str]:
    lines = [_row(["site", "page", "kind", "marks (viewport)", "WebArena marks", "interactables", "DOM nodes",
                   "WebArena DOM", "text chars", "server ms", "path"]),
             "|---|---|---|---:|---|---:|---:|---|---:|---:|---|"]
    lines += [_row(_page_cells(p)) for p in pages]
    lines += ["", "Medians (measured pages only):", "",
              _row(["site", "pages", "marks (viewport)", "interactables", "DOM nodes", "text chars", "server ms"]),
              "|---|---:|---:|---:|---:|---:|---:|"]
    sites = list(dict.fromkeys(p.site for p in pages))
    for site in [*sites, "all"]:
        group = [p for p in pages if p.measured and (site == "all" or p.site == site)]
        label = "**all sites**" if site == "all" else site
        lines.append(_row([label, str(len(group)), fmt(median_of(p.marks_viewport for p in group)),
                           fmt(median_of(p.interactables for p in group)), fmt(median_of(p.dom_nodes for p in group)),
                           fmt(median_of(p.text_chars for p in group)), fmt(median_of(p.server_ms for p in group))]))
    return lines + [""]


def _state_section(stores: list[StoreFigures]) -> list[str]:
    lines = [STATE, _row(["database of", "serves", "mutable MB (copied per episode)", "content MB (attached)",
                          "copy ms (median)", "sites ready in s", "built in this run"]),
             "|---|---|---:|---:|---:|---:|---|"]
    for s in stores:
        content = f"{s.content_bytes / 1e6:.1f}" if s.content_bytes is not None else "–"
        lines.append(_row([s.owner, ", ".join(s.sites), f"{s.seed_bytes / 1e6:.1f}", content, f"{s.copy_ms:.1f}",
                           f"{s.ready_s:.1f}", ", ".join(s.built) or "nothing (cached)"]))
    if stores:
        biggest = max(stores, key=lambda s: s.copy_ms)
        lines += ["", f"The largest copy is {biggest.owner}'s: {biggest.seed_bytes / 1e6:.1f} MB in "
                      f"{biggest.copy_ms:.1f} ms. _Sites ready_ includes building the databases the cache lacked."]
    return lines + [""]


def _sources() -> list[str]:
    return [
        "**Sources of WebArena's figures.**", "",
        f"- Marks in the viewport, all page kinds — {MARKS_ANY.stated}: {MARKS_ANY.source}.",
        f"- DOM nodes, all page kinds — {DOM_ANY.stated}: {DOM_ANY.source}.",
        f"- DOM nodes of the shop admin's grids — {DOM_ADMIN_GRID.stated}: {DOM_ADMIN_GRID.source}.",
        f"- The viewport, {VIEWPORT[0]}×{VIEWPORT[1]}, current viewport only: {WEBARENA_README}.",
        "- Content and menus (per-site sections): " + ISSUE + ".",
        "- We found no paper or WebArena / BrowserGym documentation that publishes marks or DOM counts per page "
        "kind; there is no published figure per kind beyond the issue's.", "",
    ]


def _checks_section(checks: list[TargetCheck]) -> list[str]:
    unmet = [c for c in checks if not c.met]
    lines = [f"## Targets not met ({len(unmet)} of {len(checks)})", ""]
    if not unmet:
        return lines + ["Every target is met.", ""]
    lines += [_row(["where", "target", "measured"]), "|---|---|---|"]
    lines += [_row([c.scope, c.target, c.measured]) for c in unmet]
    return lines + [""]


def _screenshots_section(shots: dict[str, list[str]]) -> list[str]:
    if not shots:
        return []
    lines = ["## Screenshots", "", "Regenerated by `python docs/site_screenshots.py` (half size).", ""]
    for site, names in shots.items():
        lines.append(f"**{site}**: " + " ".join(f"[{n.removesuffix('.png')}](sites/{n})" for n in names))
        lines.append("")
    return lines


def render_world(stats: WorldStats, screenshots: dict[str, list[str]] | None = None) -> str:
    """The report; `screenshots` (site -> file names under docs/sites/) adds links to them."""
    met = sum(c.met for c in stats.checks)
    lines = [
        "# The world at WebArena scale", "",
        f"_Written by `mag sites stats` on {stats.generated_at} ({stats.cores} cores, Chromium {stats.chromium}); "
        "do not edit by hand._", "",
        f"**{met} of {len(stats.checks)} targets met.** Page targets: ≥ {MIN_PAGES} pages, median marks in the "
        f"viewport ≥ {MEDIAN_MARKS_MIN}, median DOM ≥ {MEDIAN_DOM_MIN:,} nodes, each site's page kinds within "
        f"{WEBARENA_FACTOR:g}× of WebArena's figures; the list of unmet targets is at the end.", "",
        "## Sites", "",
    ]
    for site in stats.sites:
        lines += _site_section(site)
    lines += ["## Pages", "", METHOD, *_pages_section(stats.pages), *_sources()]
    lines += ["## Per-episode state", "", *_state_section(stats.stores)]
    lines += _screenshots_section(screenshots or {})
    lines += _checks_section(stats.checks)
    return "\n".join(lines).rstrip() + "\n"
