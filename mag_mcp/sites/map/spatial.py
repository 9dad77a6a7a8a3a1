"""Plane geometry and spatial hashes in the map's local metres (see `geo`)."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import Any, Protocol


class HasPts(Protocol):
    pts: list[tuple[float, float]]


def seg_dist(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> tuple[float, float, float]:
    """Distance from P to segment AB, and the closest point."""
    dx, dy = bx - ax, by - ay
    l2 = dx * dx + dy * dy
    t = 0.0 if l2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / l2))
    cx, cy = ax + t * dx, ay + t * dy
    return math.hypot(px - cx, py - cy), cx, cy


def seg_hits_rect(ax: float, ay: float, bx: float, by: float, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Liang-Barsky: does segment AB touch the axis-aligned rectangle?"""
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q < 0:
                return False
        else:
            r = q / p
            if p < 0:
                t0 = max(t0, r)
            else:
                t1 = min(t1, r)
            if t0 > t1:
                return False
    return True


class EdgeIndex:
    """Spatial hash over the segments of polylines (local metres)."""

    CELL = 100.0

    def __init__(self, edges: list[Any]) -> None:
        self.edges = edges
        self.cells: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
        for ei, e in enumerate(edges):
            for si in range(len(e.pts) - 1):
                (ax, ay), (bx, by) = e.pts[si], e.pts[si + 1]
                for cx in range(math.floor(min(ax, bx) / self.CELL), math.floor(max(ax, bx) / self.CELL) + 1):
                    for cy in range(math.floor(min(ay, by) / self.CELL), math.floor(max(ay, by) / self.CELL) + 1):
                        self.cells[(cx, cy)].append((ei, si))

    def _near(self, x0: float, y0: float, x1: float, y1: float) -> Iterator[tuple[int, int]]:
        seen = set()
        for cx in range(math.floor(x0 / self.CELL), math.floor(x1 / self.CELL) + 1):
            for cy in range(math.floor(y0 / self.CELL), math.floor(y1 / self.CELL) + 1):
                for item in self.cells.get((cx, cy), ()):
                    if item not in seen:
                        seen.add(item)
                        yield item

    def nearest(self, x: float, y: float, ok: Callable[[Any], bool] = lambda e: True,
                radius: float = 300.0) -> tuple[float, Any, float, float]:
        """(distance, edge, foot x, foot y) of the closest edge accepted by `ok`."""
        best: tuple[float, Any, float, float] = (math.inf, None, 0.0, 0.0)
        for r in (radius, radius * 4, radius * 16):
            for ei, si in self._near(x - r, y - r, x + r, y + r):
                e = self.edges[ei]
                if not ok(e):
                    continue
                (ax, ay), (bx, by) = e.pts[si], e.pts[si + 1]
                d, cx, cy = seg_dist(x, y, ax, ay, bx, by)
                if d < best[0]:
                    best = (d, e, cx, cy)
            if best[1] is not None:
                return best
        return best

    def clear_of(self, x: float, y: float, dist: float) -> bool:
        for ei, si in self._near(x - dist, y - dist, x + dist, y + dist):
            (ax, ay), (bx, by) = self.edges[ei].pts[si], self.edges[ei].pts[si + 1]
            if seg_dist(x, y, ax, ay, bx, by)[0] < dist:
                return False
        return True

    def rect_clear(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        for ei, si in self._near(x0, y0, x1, y1):
            (ax, ay), (bx, by) = self.edges[ei].pts[si], self.edges[ei].pts[si + 1]
            if seg_hits_rect(ax, ay, bx, by, x0, y0, x1, y1):
                return False
        return True

    def in_rect(self, x0: float, y0: float, x1: float, y1: float) -> list[int]:
        """Indexes of the polylines with a segment in the cells the rectangle touches (sorted)."""
        return sorted({ei for ei, _ in self._near(x0, y0, x1, y1)})


class SegmentGrid:
    """Segments of polylines in small square cells: a fast "is anything within d of here"."""

    def __init__(self, lines: list[Any], cell: float = 30.0) -> None:
        self.cell = cell
        self.cells: dict[tuple[int, int], list[tuple[float, float, float, float]]] = defaultdict(list)
        for ln in lines:
            for (ax, ay), (bx, by) in zip(ln.pts, ln.pts[1:]):
                for cx in range(math.floor(min(ax, bx) / cell), math.floor(max(ax, bx) / cell) + 1):
                    for cy in range(math.floor(min(ay, by) / cell), math.floor(max(ay, by) / cell) + 1):
                        self.cells[(cx, cy)].append((ax, ay, bx, by))

    def clear_of(self, x: float, y: float, dist: float) -> bool:
        c = self.cell
        for cx in range(math.floor((x - dist) / c), math.floor((x + dist) / c) + 1):
            for cy in range(math.floor((y - dist) / c), math.floor((y + dist) / c) + 1):
                for ax, ay, bx, by in self.cells.get((cx, cy), ()):
                    if seg_dist(x, y, ax, ay, bx, by)[0] < dist:
                        return False
        return True


class PointGrid:
    """Points (with a payload) in square cells, for "what is within r of here" in O(1)."""

    def __init__(self, cell: float = 50.0) -> None:
        self.cell = cell
        self.cells: dict[tuple[int, int], list[tuple[float, float, Any]]] = defaultdict(list)

    def add(self, x: float, y: float, item: Any) -> None:
        self.cells[(math.floor(x / self.cell), math.floor(y / self.cell))].append((x, y, item))

    def within(self, x: float, y: float, r: float) -> Iterator[tuple[float, Any]]:
        c = self.cell
        for cx in range(math.floor((x - r) / c), math.floor((x + r) / c) + 1):
            for cy in range(math.floor((y - r) / c), math.floor((y + r) / c) + 1):
                for px, py, item in self.cells.get((cx, cy), ()):
                    d = math.hypot(px - x, py - y)
                    if d <= r:
                        yield d, item

    def any_within(self, x: float, y: float, r: float) -> bool:
        return next(self.within(x, y, r), None) is not None

    def in_rect(self, x0: float, y0: float, x1: float, y1: float) -> Iterator[Any]:
        c = self.cell
        for cx in range(math.floor(x0 / c), math.floor(x1 / c) + 1):
            for cy in range(math.floor(y0 / c), math.floor(y1 / c) + 1):
                for px, py, item in self.cells.get((cx, cy), ()):
                    if x0 <= px <= x1 and y0 <= py <= y1:
                        yield item


def poly_length(pts: list[tuple[float, float]]) -> float:
    return sum(math.hypot(pts[i + 1][0] - pts[i][0], pts[i + 1][1] - pts[i][1]) for i in range(len(pts) - 1))


def point_at(pts: list[tuple[float, float]], t: float) -> tuple[float, float, float, float]:
    """Point at fraction t of the polyline's length, plus the unit direction there."""
    total = poly_length(pts)
    target, run = t * total, 0.0
    for i in range(len(pts) - 1):
        (ax, ay), (bx, by) = pts[i], pts[i + 1]
        seg = math.hypot(bx - ax, by - ay)
        if run + seg >= target and seg > 0:
            f = (target - run) / seg
            return ax + (bx - ax) * f, ay + (by - ay) * f, (bx - ax) / seg, (by - ay) / seg
        run += seg
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    seg = math.hypot(bx - ax, by - ay) or 1.0
    return bx, by, (bx - ax) / seg, (by - ay) / seg


def rect(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def ellipse(cx: float, cy: float, rx: float, ry: float, n: int = 48) -> list[tuple[float, float]]:
    return [(cx + rx * math.cos(2 * math.pi * i / n), cy + ry * math.sin(2 * math.pi * i / n)) for i in range(n)]


def bbox(pts: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)
