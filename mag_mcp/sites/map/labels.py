"""Where the map's text goes, the same on every tile: labels are placed per *metatile*
(8 x 8 tiles of one zoom) in global pixels, greedily in priority order without overlaps,
and a tile draws the labels of its metatile that touch it. A label never crosses a
metatile's edge, so two tiles that share a label draw the same one, each its own half.

Priority: district names (zoom <= 15), water, landmarks, parks and campuses, streets (by
class, repeated along long streets), then other named places (zoom >= 17). Street labels
run along the street (an SVG textPath over a piece of the street's line), always reading
left to right.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass

from . import layout as L
from .geo import TILE_SIZE, local_of_px, metres_per_px, world_px
from .mapdata import MapData
from .style import LABEL_MIN_ZOOM, MapStyle, poi_group

META = 8
META_PX = META * TILE_SIZE
_ORDER = ("motorway", "primary", "secondary", "tertiary", "residential", "cycleway", "footway")


@dataclass(frozen=True)
class Label:
    cls: str  # CSS class of the text: lbl-road, lbl-path, lbl-district, lbl-water, lbl-park, lbl-poi
    text: str
    fs: float
    bbox: tuple[float, float, float, float]  # global px
    pts: tuple[tuple[float, float], ...]  # a path (textPath labels) or one anchor point
    on_path: bool
    fill: str | None = None
    anchor: str = "middle"


class _Boxes:
    """Taken label boxes in a coarse grid (global px)."""

    CELL = 128.0

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}

    def _keys(self, b: tuple[float, float, float, float]):
        c = self.CELL
        for cx in range(math.floor(b[0] / c), math.floor(b[2] / c) + 1):
            for cy in range(math.floor(b[1] / c), math.floor(b[3] / c) + 1):
                yield cx, cy

    def free(self, b: tuple[float, float, float, float], pad: float = 3.0) -> bool:
        for k in self._keys(b):
            for o in self.cells.get(k, ()):
                if b[0] - pad < o[2] and o[0] < b[2] + pad and b[1] - pad < o[3] and o[1] < b[3] + pad:
                    return False
        return True

    def take(self, b: tuple[float, float, float, float]) -> None:
        for k in self._keys(b):
            self.cells.setdefault(k, []).append(b)


def text_width(text: str, fs: float) -> float:
    return len(text) * fs * 0.56


class _Placer:
    def __init__(self, data: MapData, style: MapStyle, zoom: int, mx: int, my: int) -> None:
        self.data, self.style, self.zoom = data, style, zoom
        self.box = (mx * META_PX + 2.0, my * META_PX + 2.0, (mx + 1) * META_PX - 2.0, (my + 1) * META_PX - 2.0)
        x0, y1 = local_of_px(self.box[0], self.box[1], zoom)
        x1, y0 = local_of_px(self.box[2], self.box[3], zoom)
        self.local = (x0, y0, x1, y1)
        self.taken = _Boxes()
        self.out: list[Label] = []

    def inside(self, b: tuple[float, float, float, float]) -> bool:
        return self.box[0] <= b[0] and b[2] <= self.box[2] and self.box[1] <= b[1] and b[3] <= self.box[3]

    def point(self, cls: str, text: str, fs: float, gx: float, gy: float, anchor: str = "middle",
              fill: str | None = None, pad: float = 3.0) -> bool:
        tl = text_width(text, fs) * (1.3 if cls == "lbl-district" else 1.0)
        if anchor == "middle":
            b = (gx - tl / 2, gy - fs, gx + tl / 2, gy + 4)
        else:
            b = (gx - 1, gy - fs, gx + tl + 2, gy + 3)
        if not self.inside(b) or not self.taken.free(b, pad):
            return False
        self.taken.take(b)
        self.out.append(Label(cls, text, fs, b, ((gx, gy),), False, fill, anchor))
        return True

    def along(self, cls: str, text: str, fs: float, gpts: list[tuple[float, float]], spacing: float) -> None:
        """Labels along a polyline (global px): one in the middle of a short line, else one every `spacing`."""
        if len(gpts) < 2:
            return
        cum = [0.0]
        for (ax, ay), (bx, by) in zip(gpts, gpts[1:]):
            cum.append(cum[-1] + math.hypot(bx - ax, by - ay))
        total = cum[-1]
        tl = text_width(text, fs) + 8
        if total < tl + 30:
            return
        spots = [total / 2] if total < spacing else [spacing * (k + 0.5) for k in range(int(total // spacing))]
        for s in spots:
            core = _sub(gpts, cum, s - tl / 2, s + tl / 2)
            if len(core) < 2:
                continue
            xs, ys = [p[0] for p in core], [p[1] for p in core]
            b = (min(xs) - fs / 2, min(ys) - fs / 2, max(xs) + fs / 2, max(ys) + fs / 2)
            if not self.inside(b) or not self.taken.free(b):
                continue
            if math.hypot(core[-1][0] - core[0][0], core[-1][1] - core[0][1]) < tl * 0.8:
                continue  # too curly to read
            path = _sub(gpts, cum, s - tl * 0.8, s + tl * 0.8)
            if path[-1][0] < path[0][0]:
                path = path[::-1]
            self.taken.take(b)
            self.out.append(Label(cls, text, fs, b, tuple(path), True))

    def run(self) -> list[Label]:
        z, d = self.zoom, self.data
        if z <= 15:
            fs = 15 if z <= 13 else 14
            for name, (x, y) in L.DISTRICT_CENTERS.items():
                self.point("lbl-district", name.upper(), fs, *world_px(x, y, z), pad=0.0)
        for x, y in ((1800.0, 2950.0), (-2400.0, 3050.0)):
            self.point("lbl-water", "Alder Bay", 16, *world_px(x, y, z))
        if z >= 13:
            ys = L._frange(-3300.0, 2400.0, 20.0)
            river = [world_px(L.river_x(y), y, z) for y in reversed(ys)]
            self.along("lbl-water", "Alder River", 13, river, 900.0)
        landmarks = [p for p in d.places_in(*self._grown(0.0)) if p.is_landmark]
        area_place = {a.place_id for a in d.areas if a.place_id is not None}
        if z >= 13:
            for p in landmarks:
                if p.id in area_place and p.category != "university":
                    continue
                gx, gy = world_px(p.x, p.y, z)
                self.point("lbl-poi", p.name, 11, gx + 7, gy + 4, "start", self.style.poi.get(poi_group(p.category)))
        if z >= 14:
            for a in d.areas:
                if a.kind not in ("park", "garden", "campus", "zoo", "stadium", "beach", "square") or a.place_id is None:
                    continue
                w_px = (a.bbox[2] - a.bbox[0]) / metres_per_px(z)
                if w_px < 60 and z < 16:
                    continue
                x, y = (a.bbox[0] + a.bbox[2]) / 2, (a.bbox[1] + a.bbox[3]) / 2
                if a.name == "Riverside Park":
                    x, y = L.river_x(700.0) - 110.0, 700.0
                self.point("lbl-park", a.name, 12, *world_px(x, y, z))
        grown = self._grown(2000.0)
        chains = [c for c in d.chains if z >= LABEL_MIN_ZOOM.get(c.highway, 99) and _hits(c.bbox, grown)]
        chains.sort(key=lambda c: (_ORDER.index(c.highway), c.name))
        for c in chains:
            fs = 12.0 if c.highway in ("motorway", "primary", "secondary") else 11.0
            cls = "lbl-road"
            if c.highway in ("footway", "cycleway"):
                fs, cls = 10.0, "lbl-path"
            gpts = [world_px(x, y, z) for x, y in c.pts]
            self.along(cls, c.name, fs, gpts, max(3 * text_width(c.name, fs) + 200, 700.0))
        if z >= 17:
            for p in d.places_in(*self._grown(0.0)):
                if p.is_landmark or not p.named or (p.id in area_place) or p.category == "bus stop" and z < 18:
                    continue
                gx, gy = world_px(p.x, p.y, z)
                self.point("lbl-poi", p.name, 11, gx + 7, gy + 4, "start", self.style.poi.get(poi_group(p.category)))
        return self.out

    def _grown(self, m: float) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = self.local
        return x0 - m, y0 - m, x1 + m, y1 + m


def _hits(b: tuple[float, float, float, float], r: tuple[float, float, float, float]) -> bool:
    return b[2] >= r[0] and b[0] <= r[2] and b[3] >= r[1] and b[1] <= r[3]


def _sub(pts: list[tuple[float, float]], cum: list[float], a: float, b: float) -> list[tuple[float, float]]:
    """The piece of a polyline between arc lengths a and b (clamped to the line)."""
    a, b = max(0.0, a), min(cum[-1], b)
    out: list[tuple[float, float]] = []
    for i in range(len(pts) - 1):
        s0, s1 = cum[i], cum[i + 1]
        if s1 < a or s0 > b or s1 == s0:
            continue
        (x0, y0), (x1, y1) = pts[i], pts[i + 1]
        ta, tb = max(0.0, (a - s0) / (s1 - s0)), min(1.0, (b - s0) / (s1 - s0))
        pa = (x0 + (x1 - x0) * ta, y0 + (y1 - y0) * ta)
        if not out:
            out.append(pa)
        out.append((x0 + (x1 - x0) * tb, y0 + (y1 - y0) * tb))
    return out


_LOCK = threading.Lock()
_CACHE: dict[tuple, list[Label]] = {}
_MAX = 4000


def metatile_labels(data: MapData, style: MapStyle, zoom: int, mx: int, my: int) -> list[Label]:
    key = (id(data), style.key, zoom, mx, my)
    with _LOCK:
        hit = _CACHE.get(key)
    if hit is not None:
        return hit
    labels = _Placer(data, style, zoom, mx, my).run()
    with _LOCK:
        if len(_CACHE) >= _MAX:
            _CACHE.clear()
        _CACHE[key] = labels
    return labels


def labels_in(data: MapData, style: MapStyle, zoom: int, left: float, top: float, w: float, h: float,
              margin: float = 8.0) -> list[Label]:
    """The labels touching a rectangle of global pixels, metatile by metatile."""
    out = []
    for mx in range(math.floor((left - margin) / META_PX), math.floor((left + w + margin) / META_PX) + 1):
        for my in range(math.floor((top - margin) / META_PX), math.floor((top + h + margin) / META_PX) + 1):
            for lb in metatile_labels(data, style, zoom, mx, my):
                b = lb.bbox
                if b[2] >= left - margin and b[0] <= left + w + margin and b[3] >= top - margin and b[1] <= top + h + margin:
                    out.append(lb)
    return out
