"""Drawing a rectangle of the map as SVG, in one of the `style` layers: land and water,
parks, buildings (zoom >= 16), roads with casings, bridges and the motorway on top,
place icons and the labels `labels` placed. Tiles and the /map.svg export both draw
through `draw_frame`; overlays (routes, markers) are the page's business, not the map's.

Geometry is clipped to the frame (polygons by Sutherland-Hodgman, lines by runs of
segments that touch it) and thinned to what shows at the frame's zoom, so a tile's SVG
stays small however large the sea polygon or long the street.
"""

from __future__ import annotations

import html
import math
from collections import defaultdict
from dataclasses import dataclass

from . import layout as L
from .geo import local_of_px, metres_per_px, origin_px
from .labels import Label, labels_in
from .mapdata import MapData
from .style import AREA_ORDER, ROAD_ORDER, MapStyle, poi_group, road_width

Pt = tuple[float, float]


@dataclass(frozen=True)
class Frame:
    """A rectangle of global pixels at one zoom: a tile, or a whole map view."""

    zoom: int
    left: float
    top: float
    w: int
    h: int

    @property
    def mpp(self) -> float:
        return metres_per_px(self.zoom)

    def px(self, x: float, y: float) -> Pt:
        ox, oy = origin_px(self.zoom)
        m = self.mpp
        return ox + x / m - self.left, oy - y / m - self.top

    def local_bbox(self, margin_px: float = 0.0) -> tuple[float, float, float, float]:
        x0, y1 = local_of_px(self.left - margin_px, self.top - margin_px, self.zoom)
        x1, y0 = local_of_px(self.left + self.w + margin_px, self.top + self.h + margin_px, self.zoom)
        return x0, y0, x1, y1


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


def _visible(b: tuple[float, float, float, float], r: tuple[float, float, float, float]) -> bool:
    return b[2] >= r[0] and b[0] <= r[2] and b[3] >= r[1] and b[1] <= r[3]


def clip_polygon(pts: list[Pt], x0: float, y0: float, x1: float, y1: float) -> list[Pt]:
    """Sutherland-Hodgman against an axis-aligned rectangle (pixels)."""
    def clip(poly: list[Pt], inside, cross) -> list[Pt]:
        out: list[Pt] = []
        for i, cur in enumerate(poly):
            prev = poly[i - 1]
            if inside(cur):
                if not inside(prev):
                    out.append(cross(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cross(prev, cur))
        return out

    def at_x(x: float):
        return lambda a, b: (x, a[1] + (b[1] - a[1]) * (x - a[0]) / ((b[0] - a[0]) or 1e-9))

    def at_y(y: float):
        return lambda a, b: (a[0] + (b[0] - a[0]) * (y - a[1]) / ((b[1] - a[1]) or 1e-9), y)

    poly = pts
    for inside, cross in ((lambda p: p[0] >= x0, at_x(x0)), (lambda p: p[0] <= x1, at_x(x1)),
                          (lambda p: p[1] >= y0, at_y(y0)), (lambda p: p[1] <= y1, at_y(y1))):
        if not poly:
            break
        poly = clip(poly, inside, cross)
    return poly


def _touches(a: Pt, b: Pt, r: tuple[float, float, float, float]) -> bool:
    return max(a[0], b[0]) >= r[0] and min(a[0], b[0]) <= r[2] and max(a[1], b[1]) >= r[1] and min(a[1], b[1]) <= r[3]


def clip_line(pts: list[Pt], r: tuple[float, float, float, float]) -> list[list[Pt]]:
    """Runs of consecutive segments whose bounding boxes touch `r` (pixels)."""
    runs: list[list[Pt]] = []
    cur: list[Pt] = []
    for a, b in zip(pts, pts[1:]):
        if _touches(a, b, r):
            if not cur:
                cur.append(a)
            cur.append(b)
        elif cur:
            runs.append(cur)
            cur = []
    if cur:
        runs.append(cur)
    return runs


def _d(pts: list[Pt], closed: bool = False, tol: float = 0.8) -> str:
    out: list[str] = []
    last: Pt | None = None
    n = len(pts)
    for i, (x, y) in enumerate(pts):
        if last is not None and i != n - 1 and abs(x - last[0]) < tol and abs(y - last[1]) < tol:
            continue
        out.append(f"{'M' if last is None else 'L'}{x:.1f} {y:.1f}")
        last = (x, y)
    if closed and out:
        out.append("Z")
    return "".join(out)


def draw_frame(data: MapData, style: MapStyle, f: Frame, *, labels: bool = True) -> list[str]:
    """The SVG elements of the map inside frame `f` (coordinates relative to its top left)."""
    out: list[str] = [f'<rect width="{f.w}" height="{f.h}" fill="{style.land}"/>']
    m = 6.0
    clip = (-m, -m, f.w + m, f.h + m)
    local = f.local_bbox(40.0)
    for kind in AREA_ORDER:
        fill, stroke = style.areas[kind]
        for a in data.areas:
            if a.kind != kind or not _visible(a.bbox, local):
                continue
            poly = clip_polygon([f.px(x, y) for x, y in a.pts], *clip)
            if len(poly) < 3:
                continue
            st = f' stroke="{stroke}" stroke-width="1"' if stroke else ""
            if kind == "zoo":
                st += ' stroke-dasharray="6 3"'
            out.append(f'<path d="{_d(poly, True, 1.0)}" fill="{fill}"{st}/>')
            if kind == "stadium" and f.zoom >= 15:
                x0, y0, x1, y1 = a.bbox
                cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
                p0, p1 = f.px(cx - 80, cy + 45), f.px(cx + 80, cy - 45)
                out.append(f'<rect x="{p0[0]:.1f}" y="{p0[1]:.1f}" width="{p1[0] - p0[0]:.1f}" '
                           f'height="{p1[1] - p0[1]:.1f}" fill="#aae0cb" stroke="#88c4a8"/>')
    if f.zoom >= 16:
        _buildings(data, style, f, local, out)
    _roads(data, style, f, clip, local, out)
    _pois(data, style, f, local, out)
    if labels:
        _labels(labels_in(data, style, f.zoom, f.left, f.top, f.w, f.h), f, out)
    return out


def _buildings(data: MapData, style: MapStyle, f: Frame, local: tuple[float, float, float, float],
               out: list[str]) -> None:
    j0 = max(0, int((local[0] - L.XS[0]) // L.BLOCK) - 1)
    j1 = min(len(L.XS) - 2, int((local[2] - L.XS[0]) // L.BLOCK) + 1)
    k0 = max(0, int((local[1] - L.YS[0]) // L.BLOCK) - 1)
    k1 = min(len(L.YS) - 2, int((local[3] - L.YS[0]) // L.BLOCK) + 1)
    rects = []
    for j in range(j0, j1 + 1):
        for k in range(k0, k1 + 1):
            for r in data.buildings(j, k):
                if not _visible(r, local):
                    continue
                a, b = f.px(r[0], r[3]), f.px(r[2], r[1])
                rects.append(f"M{a[0]:.1f} {a[1]:.1f}H{b[0]:.1f}V{b[1]:.1f}H{a[0]:.1f}Z")
    if rects:
        out.append(f'<path d="{"".join(rects)}" fill="{style.building[0]}" stroke="{style.building[1]}" '
                   f'stroke-width="0.8"/>')


def _roads(data: MapData, style: MapStyle, f: Frame, clip: tuple[float, float, float, float],
           local: tuple[float, float, float, float], out: list[str]) -> None:
    z = f.zoom
    index = data.edge_index
    assert index is not None
    paths: dict[tuple[str, bool], list[str]] = defaultdict(list)
    tol = 1.5 if z <= 14 else 0.8
    for ei in index.in_rect(*local):
        e = data.edges[ei]
        for run in clip_line([f.px(x, y) for x, y in e.pts], clip):
            paths[(e.highway, e.bridge)].append(_d(run, tol=tol))
    for hw, (color, w, dash) in (("footway", style.footway), ("cycleway", style.cycleway)):
        d = "".join(paths.get((hw, False), []))
        if d and z >= 13:
            ww = w * (1.4 if z >= 17 else 1.0)
            out.append(f'<path d="{d}" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="{ww + 2:.1f}" '
                       f'stroke-linecap="round"/>')
            dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
            out.append(f'<path d="{d}" fill="none" stroke="{color}" stroke-width="{ww:.1f}"{dash_attr}/>')
    for layer in ("case", "fill"):
        for hw in ROAD_ORDER[:-1]:
            d = "".join(paths.get((hw, False), []))
            if not d:
                continue
            w = road_width(hw, z)
            if layer == "case":
                if z >= 13 or hw != "residential":
                    out.append(f'<path d="{d}" fill="none" stroke="{style.road_case[hw]}" stroke-width="{w + 1.6:.1f}" '
                               f'stroke-linecap="round" stroke-linejoin="round"/>')
            else:
                out.append(f'<path d="{d}" fill="none" stroke="{style.road_fill[hw]}" stroke-width="{w:.1f}" '
                           f'stroke-linecap="round" stroke-linejoin="round"/>')
    for hw in ("footway", "cycleway", "residential", "tertiary", "secondary", "primary", "motorway"):
        for bridge in ((True,) if hw != "motorway" else (False, True)):
            d = "".join(paths.get((hw, bridge), []))
            if not d:
                continue
            if hw in ("footway", "cycleway"):
                w = 2.2 if z < 16 else 3.5
                color = (style.footway if hw == "footway" else style.cycleway)[0]
                out.append(f'<path d="{d}" fill="none" stroke="#555" stroke-width="{w + 3:.1f}"/>')
                out.append(f'<path d="{d}" fill="none" stroke="#fff" stroke-width="{w + 1:.1f}"/>')
                out.append(f'<path d="{d}" fill="none" stroke="{color}" stroke-width="{w / 1.6:.1f}" '
                           f'stroke-dasharray="{"3 2.5" if hw == "footway" else "5 3"}"/>')
                continue
            w = road_width(hw, z)
            case = "#444" if bridge else style.road_case[hw]
            out.append(f'<path d="{d}" fill="none" stroke="{case}" stroke-width="{w + (2.4 if bridge else 1.6):.1f}" '
                       f'stroke-linejoin="round"/>')
            out.append(f'<path d="{d}" fill="none" stroke="{style.road_fill[hw]}" stroke-width="{w:.1f}" '
                       f'stroke-linejoin="round"/>')


def _pois(data: MapData, style: MapStyle, f: Frame, local: tuple[float, float, float, float], out: list[str]) -> None:
    z = f.zoom
    if z < 13:
        return
    area_place = {a.place_id for a in data.areas if a.place_id is not None}
    for p in data.places_in(*local):
        if p.id in area_place and p.category != "university":
            continue  # the area carries its own label
        emph = p.category in style.emphasis
        if p.category == "bus stop":
            if z < style.stops_min_zoom:
                continue
        elif not p.is_landmark and z < (style.poi_min_zoom - (1 if emph else 0)) or not p.named and z < 18 and not emph:
            continue
        px, py = f.px(p.x, p.y)
        color = style.poi.get(poi_group(p.category), "#4e4e4e")
        if p.category == "bus stop":
            s = 4.5 if emph else 3.5
            out.append(f'<rect class="poi" x="{px - s:.1f}" y="{py - s:.1f}" width="{2 * s}" height="{2 * s}" '
                       f'rx="1.5" fill="{color}"/>')
        else:
            r = 4.5 if p.is_landmark else (4.8 if emph else (3.5 if p.named else 2.6))
            out.append(f'<circle class="poi" cx="{px:.1f}" cy="{py:.1f}" r="{r}" fill="{color}"/>')


def _labels(labels: list[Label], f: Frame, out: list[str]) -> None:
    for n, lb in enumerate(labels, 1):
        if lb.on_path:
            d = "".join(f"{'M' if i == 0 else 'L'}{x - f.left:.1f} {y - f.top:.1f}" for i, (x, y) in enumerate(lb.pts))
            out.append(f'<path id="l{n}" d="{d}" fill="none" stroke="none"/>')
            out.append(f'<text class="{lb.cls}" font-size="{lb.fs:.0f}" dy="{lb.fs * 0.35:.1f}"><textPath href="#l{n}" '
                       f'startOffset="50%" text-anchor="middle">{_esc(lb.text)}</textPath></text>')
        else:
            (x, y), = lb.pts
            fill = f' fill="{lb.fill}"' if lb.fill else ""
            out.append(f'<text class="{lb.cls}" x="{x - f.left:.1f}" y="{y - f.top:.1f}" font-size="{lb.fs:.0f}" '
                       f'text-anchor="{lb.anchor}"{fill}>{_esc(lb.text)}</text>')


SVG_STYLE = (
    "<style>text{font-family:'DejaVu Sans','Helvetica Neue',Arial,sans-serif}"
    ".lbl-road{fill:#222;stroke:#fff;stroke-width:3px;paint-order:stroke;stroke-linejoin:round}"
    ".lbl-path{fill:#555;stroke:#fff;stroke-width:3px;paint-order:stroke;font-style:italic}"
    ".lbl-district{fill:#6b6b6b;stroke:#f2efe9;stroke-width:3px;paint-order:stroke;letter-spacing:2px;font-weight:600}"
    ".lbl-water{fill:#4a77a8;font-style:italic;stroke:#aad3df;stroke-width:2px;paint-order:stroke}"
    ".lbl-park{fill:#2f7a2f;stroke:#fff;stroke-width:3px;paint-order:stroke;font-style:italic}"
    ".lbl-poi{stroke:#fff;stroke-width:3px;paint-order:stroke}.poi{stroke:#fff;stroke-width:1.5}</style>")


def svg_document(f: Frame, body: list[str], title: str = "") -> str:
    t = f"<title>{_esc(title)}</title>" if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{f.w}" height="{f.h}" viewBox="0 0 {f.w} {f.h}">'
            f"{t}{SVG_STYLE}{''.join(body)}</svg>")


def view_frame(x: float, y: float, zoom: int, w: int, h: int) -> Frame:
    """The frame of a `w` x `h` view centred on local metres (x, y)."""
    ox, oy = origin_px(zoom)
    m = metres_per_px(zoom)
    return Frame(zoom, ox + x / m - w / 2, oy - y / m - h / 2, w, h)


def trace_lines(traces: list[list[Pt]], f: Frame) -> list[str]:
    """GPS traces as thin lines (the "Public GPS traces" overlay)."""
    clip = (-4.0, -4.0, f.w + 4.0, f.h + 4.0)
    ds = []
    for pts in traces:
        for run in clip_line([f.px(x, y) for x, y in pts], clip):
            ds.append(_d(run, tol=0.6))
    if not ds:
        return []
    w = 2.0 if f.zoom >= 15 else 1.4
    return [f'<path d="{"".join(ds)}" fill="none" stroke="#1e40ff" stroke-opacity="0.55" stroke-width="{w}" '
            f'stroke-linejoin="round"/>']


def dist(a: Pt, b: Pt) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
