"""WebArena's own figures that MAG's world is compared with, each with its source.

Only figures someone has published are here. The issue that set the scale targets (MAG
issue 19, "The world at WebArena scale") states what real WebArena pages carry; no paper or
the WebArena / BrowserGym repositories' documentation gives per-page counts of marks or DOM
nodes by page kind that we could find, so where the issue's figure is the only one, it is
the one used, and where none exists the report says "no published figure". Nothing here is
an estimate of ours.

A figure is a range: `low` (and `high`, when the source gives one). "Within 2× of WebArena"
means between half the low end and twice the high end (no upper limit when the source
gives none).
"""

from __future__ import annotations

from pydantic import BaseModel

ISSUE = "MAG issue 19, \"The world at WebArena scale\" (the figures it states for real WebArena pages)"
WEBARENA_README = ("web-arena-x/webarena README.md, \"Quick Walkthrough\": `viewport_size={\"width\": 1280, "
                   "\"height\": 720}`, `current_viewport_only=True`")
NO_FIGURE = "no published figure"


class Figure(BaseModel):
    """A published figure: the range it gives, its words as stated, and where it is stated."""

    low: float
    high: float | None = None
    stated: str
    short: str  # the figure in a table cell
    source: str

    def band(self, factor: float = 2.0) -> tuple[float, float | None]:
        """The range "within `factor`× of" this figure."""
        return self.low / factor, None if self.high is None else self.high * factor

    def within(self, value: float, factor: float = 2.0) -> bool:
        lo, hi = self.band(factor)
        return value >= lo and (hi is None or value <= hi)


# Marks in the viewport: the issue's "100–300+ marks" for real WebArena pages, all kinds.
MARKS_ANY = Figure(low=100, high=300, stated="100–300+ marks", short="100–300+", source=ISSUE)
# DOM nodes: "thousands of DOM nodes" (read as at least 1,000; the issue gives no upper end) ...
DOM_ANY = Figure(low=1000, stated="thousands of DOM nodes (read as ≥ 1,000)", short="thousands", source=ISSUE)
# ... and for the Magento admin's grids, "3–10k".
DOM_ADMIN_GRID = Figure(low=3000, high=10000, stated="Magento admin grids 3–10k DOM nodes", short="3k–10k",
                        source=ISSUE)

VIEWPORT = (1280, 720)  # WebArena's default observation viewport (WEBARENA_README)


def marks_figure(site: str, kind: str) -> Figure:
    """WebArena's figure for the marks in the viewport of a page of this site and kind."""
    return MARKS_ANY


def dom_figure(site: str, kind: str) -> Figure:
    """WebArena's figure for the DOM nodes of a page of this site and kind."""
    return DOM_ADMIN_GRID if site == "shopping_admin" and kind == "grid" else DOM_ANY


class ContentFigure(BaseModel):
    """A figure of a WebArena site's content or menus, as the issue states it."""

    site: str
    what: str
    stated: str
    source: str = ISSUE


# What the issue says of the real sites' content and menus (for the per-site tables).
CONTENT_FIGURES: tuple[ContentFigure, ...] = (
    ContentFigure(site="shopping", what="products", stated="≈ 90k"),
    ContentFigure(site="shopping_admin", what="Marketing menu items", stated="≈ 12"),
    ContentFigure(site="shopping_admin", what="Reports menu items", stated="≈ 20"),
    ContentFigure(site="shopping_admin", what="product form", stated="collapsible sections (Content, Images, SEO, "
                  "Advanced Pricing, Advanced Inventory, Customizable Options, Websites…)"),
    ContentFigure(site="gitlab", what="project sidebar links", stated="≈ 60"),
    ContentFigure(site="shopping_admin", what="grid pages", stated="3–10k DOM nodes"),
)
