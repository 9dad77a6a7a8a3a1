"""What every benchmark subject does, on which page, and how samples are summarised.

A *subject* is one way of driving a browser through the same short script on
the embedded shop's home page (MAG through its environment or its MCP server,
plain Playwright, BrowserGym, Playwright MCP). Rounds interleave the subjects so
that a noisy machine slows them all alike, and the report gives ratios.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Literal, Protocol

StepKind = Literal["first_click", "click_stay", "scroll", "click_focus", "type", "goto", "click_nav"]


@dataclass
class PagePlan:
    """Points on the shop home page at 1280x720. `search` and `product` are measured on the page
    as it is rendered when the bench starts (`bench.plan.locate_plan`, in place); the defaults
    are only a starting point."""

    blank: tuple[int, int] = (5, 700)  # page margin: a click that stays, nothing to activate
    search: tuple[int, int] = (885, 70)  # the search box
    product: tuple[int, int] = (639, 577)  # a product link below the banner: a click that loads a page
    scroll_at: tuple[int, int] = (640, 400)
    scroll_dy: int = 576  # 0.8 of the viewport, as MAG scrolls
    text: str = "walking shoes"
    home_path: str = "/"


PLAN = PagePlan()
# One episode's script after the reset, in order: every step starts where the one before left off.
# `first_click` is the click that stays, as the first step after a reset: it is measured apart
# because work a subject does in the background after a reset (MAG prepares the next episode)
# shares the CPU with it.
SCRIPT: tuple[StepKind, ...] = ("first_click", "click_focus", "type", "scroll", "goto", "click_stay", "click_nav")


def action_kind(kind: StepKind) -> StepKind:
    """The action a step kind performs (`first_click` is a click that stays)."""
    return "click_stay" if kind == "first_click" else kind


class Subject(Protocol):
    """A driver under test. Each call returns the phases it measured, in milliseconds,
    with at least `total` (the call as its user waits for it, observation included)."""

    name: str

    async def start(self, base_url: str) -> None: ...
    async def reset(self) -> dict[str, float]: ...
    async def step(self, kind: StepKind) -> dict[str, float]: ...
    async def close(self) -> None: ...


@dataclass
class Samples:
    """Samples in ms keyed by (subject, measure), e.g. ("mag-coord", "step.click_nav.total")."""

    values: dict[tuple[str, str], list[float]] = field(default_factory=dict)

    def add(self, subject: str, measure: str, ms: float) -> None:
        self.values.setdefault((subject, measure), []).append(ms)

    def add_phases(self, subject: str, prefix: str, phases: dict[str, float]) -> None:
        for k, v in phases.items():
            self.add(subject, f"{prefix}.{k}", v)

    def get(self, subject: str, measure: str) -> list[float]:
        return self.values.get((subject, measure), [])


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def percentile(xs: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100); NaN when there are no samples."""
    if not xs:
        return float("nan")
    s = sorted(xs)
    k = max(0, min(len(s) - 1, int(round(q / 100 * len(s) + 0.5)) - 1))
    return s[k]
