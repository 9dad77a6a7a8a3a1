"""Server-side map rendering: one inline SVG per page, in OpenStreetMap's colours.

`MapData` holds the city's geometry (loaded once per seed from the database:
the map never writes), `View` is a centre plus a Web-Mercator-like zoom level
(ground resolution `geo.metres_per_px(zoom)`), and `render_map` draws water,
parks, buildings (zoom >= 16), roads with casings, bridges, street and place
labels, then the overlays: a route as a thick blue line and clickable markers.
"""

from __future__ import annotations

import html
import math
import random
import sqlite3
import threading
from collections import defaultdict
from dataclasses import dataclass, field

from . import layout as L
from .geo import metres_per_px, to_latlon, to_xy
from .routing import MODES, Graph, load_graph
from .search import Place, load_places
from .seed import EdgeIndex

MAP_W, MAP_H = 930, 668
MIN_ZOOM, MAX_ZOOM = 12, 19
DEFAULT_ZOOM = 14

# --- data ------------------------------------------------------------------------------


@dataclass
class EdgeGeo:
    id: int
    a: int
    b: int
    name: str
    highway: str
    bridge: bool
    pts: list[tuple[float, float]]


@dataclass
class AreaGeo:
    id: int
    name: str
    kind: str
    place_id: int | None
    pts: list[tuple[float, float]]
    bbox: tuple[float, float, float, float]


@dataclass
class Chain:
    name: str
    highway: str
    pts: list[tuple[float, float]]
    bbox: tuple[float, float, float, float]


def _bbox(pts: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


@dataclass
class MapData:
    edges: list[EdgeGeo]
    areas: list[AreaGeo]
    places: list[Place]
    chains: list[Chain] = field(default_factory=list)
    graphs: dict[str, Graph] = field(default_factory=dict)
    _buildings: dict[tuple[int, int], list[tuple[float, float, float, float]]] = field(default_factory=dict)
    _index: EdgeIndex | None = None

    @classmethod
    def load(cls, conn: sqlite3.Connection) -> MapData:
        import json

        edges = []
        for eid, a, b, name, hw, bridge, geom in conn.execute(
                "SELECT id, node_a, node_b, name, highway, bridge, geometry FROM edges ORDER BY id"):
            edges.append(EdgeGeo(eid, a, b, name, hw, bool(bridge), [to_xy(la, lo) for la, lo in json.loads(geom)]))
        areas = []
        for aid, name, kind, pid, poly in conn.execute("SELECT id, name, kind, place_id, polygon FROM areas ORDER BY id"):
            pts = [to_xy(la, lo) for la, lo in json.loads(poly)]
            areas.append(AreaGeo(aid, name, kind, pid, pts, _bbox(pts)))
        data = cls(edges, areas, load_places(conn))
        data.chains = _chains(edges)
        data.graphs = {m: load_graph(conn, m) for m in MODES}
        data._index = EdgeIndex(edges)  # type: ignore[arg-type]
        return data

    def place(self, pid: int) -> Place | None:
        for p in self.places:
            if p.id == pid:
                return p
        return None

    def buildings(self, j: int, k: int) -> list[tuple[float, float, float, float]]:
        if (j, k) not in self._buildings:
            self._buildings[(j, k)] = _block_buildings(self, j, k)
        return self._buildings[(j, k)]


def _chains(edges: list[EdgeGeo]) -> list[Chain]:
    """Join each street's edges into long polylines (for labels)."""
    by_name: dict[str, list[EdgeGeo]] = defaultdict(list)
    for e in edges:
        if e.name:
            by_name[e.name].append(e)
    out: list[Chain] = []
    for name in sorted(by_name):
        es = by_name[name]
        adj: dict[int, list[EdgeGeo]] = defaultdict(list)
        for e in es:
            adj[e.a].append(e)
            adj[e.b].append(e)
        used: set[int] = set()
        starts = sorted(n for n in adj if len(adj[n]) != 2) + sorted(adj)
        for s in starts:
            for e0 in adj[s]:
                if e0.id in used:
                    continue
                pts, cur, e = [], s, e0
                while e is not None and e.id not in used:
                    used.add(e.id)
                    seg = e.pts if e.a == cur else e.pts[::-1]
                    pts.extend(seg if not pts else seg[1:])
                    cur = e.b if e.a == cur else e.a
                    nxt = [f for f in adj[cur] if f.id not in used]
                    e = nxt[0] if len(adj[cur]) == 2 and nxt else None
                out.append(Chain(name, es[0].highway, pts, _bbox(pts)))
    return out


_DENSITY = {"Lantern Quarter": (2, 5, 0.0), "Alder Wharf": (3, 8, 0.1), "Eastgate": (4, 10, 0.15),
            "Riverside Row": (3, 9, 0.1), "University Park": (5, 12, 0.2), "Old Mill": (4, 10, 0.2),
            "North Shore": (6, 16, 0.3), "Hilltop": (8, 20, 0.4)}


def _block_buildings(data: MapData, j: int, k: int) -> list[tuple[float, float, float, float]]:
    if not (0 <= j < len(L.XS) - 1 and 0 <= k < len(L.YS) - 1):
        return []
    x0, x1, y0, y1 = L.XS[j], L.XS[j + 1], L.YS[k], L.YS[k + 1]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    for x, y in ((x0 + 20, y0 + 20), (x1 - 20, y0 + 20), (x1 - 20, y1 - 20), (x0 + 20, y1 - 20), (cx, cy)):
        if L.in_sea(x, y, 20.0) or L.drive_x(y) - 10 < x < L.waterfront_x(y) + 10:
            return []
        if any(z.contains(x, y, 20.0) for z in L.ZONES):
            return []
    blockers = [a.bbox for a in data.areas if a.kind in ("park", "square", "campus", "garden", "stadium", "zoo",
                                                          "reservoir", "beach")]
    rng = random.Random(j * 7919 + k * 104729 + 17)
    gap_lo, gap_hi, skip = _DENSITY[L.district_of(cx, cy)]
    out: list[tuple[float, float, float, float]] = []
    index = data._index
    assert index is not None
    setback = 14.0
    for side in range(4):
        pos = 22.0
        while pos < 250.0 - 36.0:
            w, d = rng.uniform(12, 26), rng.uniform(11, 22)
            if pos + w > 250.0 - 22.0:
                break
            if rng.random() >= skip:
                if side == 0:  # south side, facing the street below
                    r = (x0 + pos, y0 + setback, x0 + pos + w, y0 + setback + d)
                elif side == 1:  # north side
                    r = (x1 - pos - w, y1 - setback - d, x1 - pos, y1 - setback)
                elif side == 2:  # west side
                    r = (x0 + setback, y1 - pos - w, x0 + setback + d, y1 - pos)
                else:  # east side
                    r = (x1 - setback - d, y0 + pos, x1 - setback, y0 + pos + w)
                ok = index.rect_clear(r[0] - 7, r[1] - 7, r[2] + 7, r[3] + 7)
                ok = ok and not any(r[0] < b[2] and b[0] < r[2] and r[1] < b[3] and b[1] < r[3] for b in blockers)
                ok = ok and not any(r[0] < o[2] + 2 and o[0] < r[2] + 2 and r[1] < o[3] + 2 and o[1] < r[3] + 2
                                    for o in out)
                if ok:
                    out.append(r)
            pos += w + rng.uniform(gap_lo, gap_hi)
    return out


_LOCK = threading.Lock()
_CACHE: dict[str, MapData] = {}


def map_data(conn: sqlite3.Connection, key: str) -> MapData:
    """The cached geometry of one seed (`key` names the seed; the map site never writes)."""
    with _LOCK:
        if key not in _CACHE:
            _CACHE[key] = MapData.load(conn)
        return _CACHE[key]


# --- view --------------------------------------------------------------------------------


@dataclass
class View:
    x: float  # centre, local metres
    y: float
    zoom: int
    w: int = MAP_W
    h: int = MAP_H

    @property
    def mpp(self) -> float:
        return metres_per_px(self.zoom)

    def px(self, x: float, y: float) -> tuple[float, float]:
        return self.w / 2 + (x - self.x) / self.mpp, self.h / 2 - (y - self.y) / self.mpp

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        hw, hh = self.w / 2 * self.mpp, self.h / 2 * self.mpp
        return self.x - hw, self.y - hh, self.x + hw, self.y + hh

    @property
    def lat(self) -> float:
        return to_latlon(self.x, self.y)[0]

    @property
    def lon(self) -> float:
        return to_latlon(self.x, self.y)[1]

    def moved(self, dx_frac: float = 0.0, dy_frac: float = 0.0, dzoom: int = 0) -> View:
        z = max(MIN_ZOOM, min(MAX_ZOOM, self.zoom + dzoom))
        return View(self.x + dx_frac * self.w * self.mpp, self.y + dy_frac * self.h * self.mpp, z, self.w, self.h)


def view_at(lat: float, lon: float, zoom: int) -> View:
    x, y = to_xy(lat, lon)
    return View(x, y, max(MIN_ZOOM, min(MAX_ZOOM, zoom)))


def fit_view(points: list[tuple[float, float]], max_zoom: int = 17, pad: float = 70.0) -> View:
    """The closest view showing every point (local metres)."""
    if not points:
        return View(0.0, 0.0, DEFAULT_ZOOM)
    x0, y0, x1, y1 = _bbox(points)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    for z in range(max_zoom, MIN_ZOOM - 1, -1):
        mpp = metres_per_px(z)
        if (x1 - x0) / mpp <= MAP_W - 2 * pad and (y1 - y0) / mpp <= MAP_H - 2 * pad:
            return View(cx, cy, z)
    return View(cx, cy, MIN_ZOOM)


# --- styles ------------------------------------------------------------------------------

AREA_STYLE = {
    "sea": ("#aad3df", None), "river": ("#aad3df", None), "reservoir": ("#aad3df", "#8fc1d2"),
    "park": ("#c8facc", "#a8dca8"), "garden": ("#cdebb0", "#a9cc8c"), "campus": ("#ffffe5", "#d9cfa6"),
    "stadium": ("#dffce2", "#9bd3a2"), "zoo": ("#d6f5c6", "#7fb27f"), "square": ("#dddde8", "#c4c4d4"),
    "beach": ("#fff1ba", "#efd98a"), "pier": ("#e8e3dc", "#b9b1a6"), "residential": ("#e6e4e0", None),
}
AREA_ORDER = ("residential", "campus", "park", "garden", "zoo", "stadium", "square", "beach", "sea", "river", "reservoir", "pier")
ROAD_ORDER = ("residential", "tertiary", "secondary", "primary", "motorway")
ROAD_FILL = {"motorway": "#e892a2", "primary": "#fcd6a4", "secondary": "#f7fabf", "tertiary": "#ffffff",
             "residential": "#ffffff"}
ROAD_CASE = {"motorway": "#c24e6b", "primary": "#c38b3f", "secondary": "#a7ad6d", "tertiary": "#a9a9a9",
             "residential": "#bbbbbb"}
ROAD_W16 = {"motorway": 13.0, "primary": 12.0, "secondary": 11.0, "tertiary": 10.0, "residential": 8.0}
ROAD_MIN = {"motorway": 3.0, "primary": 2.6, "secondary": 2.2, "tertiary": 1.8, "residential": 1.1}
LABEL_MIN_ZOOM = {"motorway": 13, "primary": 14, "secondary": 14, "tertiary": 15, "residential": 15,
                  "cycleway": 16, "footway": 17}
POI_COLORS = {
    "food": "#c77400", "shop": "#ac39ac", "culture": "#734a08", "transport": "#0078c8", "health": "#bf0000",
    "education": "#8a5a2b", "leisure": "#0c7f0c", "civic": "#4e4e4e",
}
_POI_GROUP = {
    "cafe": "food", "restaurant": "food", "fast food": "food", "bar": "food", "pub": "food", "brewery": "food",
    "supermarket": "shop", "convenience store": "shop", "bakery": "shop", "bookshop": "shop", "florist": "shop",
    "bicycle shop": "shop", "hardware store": "shop", "clothes shop": "shop", "gift shop": "shop",
    "shopping mall": "shop", "market": "shop", "museum": "culture", "theatre": "culture", "cinema": "culture",
    "observatory": "culture", "lighthouse": "culture", "zoo": "culture", "hotel": "culture", "hostel": "culture",
    "bus stop": "transport", "train station": "transport", "ferry terminal": "transport", "parking": "transport",
    "fuel station": "transport", "bridge": "transport", "hospital": "health", "clinic": "health",
    "pharmacy": "health", "dentist": "health", "school": "education", "kindergarten": "education",
    "university": "education", "library": "education", "park": "leisure", "garden": "leisure",
    "stadium": "leisure", "beach": "leisure", "reservoir": "leisure", "gym": "leisure", "square": "leisure",
}


def poi_color(category: str) -> str:
    return POI_COLORS[_POI_GROUP.get(category, "civic")]


def road_width(highway: str, zoom: int) -> float:
    return max(ROAD_MIN[highway], ROAD_W16[highway] * 2.0 ** ((zoom - 16) * 0.75))


@dataclass
class Marker:
    lat: float
    lon: float
    title: str
    href: str | None = None
    label: str = ""
    color: str = "#2a6fdb"


# --- drawing -----------------------------------------------------------------------------


def _path_d(view: View, pts: list[tuple[float, float]], closed: bool = False, tol: float = 0.8) -> str:
    out: list[str] = []
    last = None
    n = len(pts)
    for i, (x, y) in enumerate(pts):
        px, py = view.px(x, y)
        if last is not None and i != n - 1 and abs(px - last[0]) < tol and abs(py - last[1]) < tol:
            continue
        out.append(f"{'M' if last is None else 'L'}{px:.1f} {py:.1f}")
        last = (px, py)
    if closed and out:
        out.append("Z")
    return "".join(out)


def _visible(b: tuple[float, float, float, float], vb: tuple[float, float, float, float], margin: float) -> bool:
    return b[2] >= vb[0] - margin and b[0] <= vb[2] + margin and b[3] >= vb[1] - margin and b[1] <= vb[3] + margin


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


class _Labels:
    """Greedy label placement without overlaps (boxes in pixels)."""

    def __init__(self) -> None:
        self.boxes: list[tuple[float, float, float, float]] = []

    def free(self, box: tuple[float, float, float, float], pad: float = 3.0) -> bool:
        x0, y0, x1, y1 = box
        for b in self.boxes:
            if x0 - pad < b[2] and b[0] < x1 + pad and y0 - pad < b[3] and b[1] < y1 + pad:
                return False
        return True

    def take(self, box: tuple[float, float, float, float]) -> None:
        self.boxes.append(box)


def _street_labels(data: MapData, view: View, labels: _Labels, out: list[str]) -> None:
    vb = view.bbox
    order = ("motorway", "primary", "secondary", "tertiary", "residential", "cycleway", "footway")
    chains = sorted((c for c in data.chains if view.zoom >= LABEL_MIN_ZOOM.get(c.highway, 99)
                     and _visible(c.bbox, vb, 0)), key=lambda c: (order.index(c.highway), c.name))
    n = 0
    inner = (12.0, 12.0, view.w - 12.0, view.h - 24.0)
    for c in chains:
        fs = 12.0 if c.highway in ("motorway", "primary", "secondary") else 11.0
        if c.highway in ("footway", "cycleway"):
            fs = 10.0
        tl = len(c.name) * fs * 0.56 + 8
        pts = [view.px(x, y) for x, y in c.pts]
        runs: list[list[tuple[float, float]]] = []
        cur: list[tuple[float, float]] = []
        for p in pts:
            if inner[0] <= p[0] <= inner[2] and inner[1] <= p[1] <= inner[3]:
                cur.append(p)
            elif cur:
                runs.append(cur)
                cur = []
        if cur:
            runs.append(cur)
        for run in runs:
            if len(run) < 2:
                continue
            seg = [math.hypot(run[i + 1][0] - run[i][0], run[i + 1][1] - run[i][1]) for i in range(len(run) - 1)]
            total = sum(seg)
            if total < tl + 30:
                continue
            if run[-1][0] < run[0][0] - 1 or (abs(run[-1][0] - run[0][0]) <= 1 and run[-1][1] < run[0][1]):
                run = run[::-1]
                seg = seg[::-1]
            count = 1 if total < 3 * tl + 500 else 2
            for ci in range(count):
                mid = total * (ci + 1) / (count + 1)
                lo, hi = mid - tl / 2, mid + tl / 2
                acc, box_pts = 0.0, []
                for i, s in enumerate(seg):
                    if acc + s >= lo and acc <= hi:
                        box_pts.extend((run[i], run[i + 1]))
                    acc += s
                if not box_pts:
                    continue
                xs, ys = [p[0] for p in box_pts], [p[1] for p in box_pts]
                box = (min(xs) - fs / 2, min(ys) - fs / 2, max(xs) + fs / 2, max(ys) + fs / 2)
                if not labels.free(box):
                    continue
                # too curly to read?
                if math.hypot(box_pts[-1][0] - box_pts[0][0], box_pts[-1][1] - box_pts[0][1]) < tl * 0.75:
                    continue
                labels.take(box)
                n += 1
                pid = f"lbl{n}"
                d = "".join(f"{'M' if i == 0 else 'L'}{x:.1f} {y:.1f}" for i, (x, y) in enumerate(run))
                out.append(f'<path id="{pid}" d="{d}" fill="none" stroke="none"/>')
                cls = "lbl-road" if c.highway not in ("footway", "cycleway") else "lbl-path"
                out.append(f'<text class="{cls}" font-size="{fs:.0f}" dy="{fs * 0.35:.1f}">'
                           f'<textPath href="#{pid}" startOffset="{100 * mid / total:.1f}%" text-anchor="middle">'
                           f'{_esc(c.name)}</textPath></text>')


def _area_labels(data: MapData, view: View, labels: _Labels, out: list[str]) -> None:
    vb = view.bbox
    if view.zoom <= 15:
        fs = 15 if view.zoom <= 13 else 14
        for name, (x, y) in L.DISTRICT_CENTERS.items():
            px, py = view.px(x, y)
            if not (0 < px < view.w and 0 < py < view.h):
                continue
            tl = len(name) * fs * 0.75
            box = (px - tl / 2, py - fs, px + tl / 2, py + 4)
            if box[0] < 4 or box[2] > view.w - 4 or box[1] < 4 or box[3] > view.h - 26 or not labels.free(box, 0):
                continue
            labels.take(box)
            out.append(f'<text class="lbl-district" x="{px:.1f}" y="{py:.1f}" font-size="{fs}" '
                       f'text-anchor="middle">{_esc(name.upper())}</text>')
    for name, (x, y) in (("Alder Bay", (1800.0, 2950.0)), ("Alder Bay", (-2400.0, 3050.0))):
        px, py = view.px(x, y)
        if 0 < px < view.w and 0 < py < view.h:
            out.append(f'<text class="lbl-water" x="{px:.1f}" y="{py:.1f}" font-size="16" '
                       f'text-anchor="middle">{name}</text>')
    if view.zoom >= 13:  # the river, along its bed
        ys = L._frange(vb[1], vb[3], 20.0)
        pts = [view.px(L.river_x(y), y) for y in ys if y < L.coast_y(L.river_x(y)) - 50]
        pts = [p for p in pts if 20 < p[0] < view.w - 20 and 20 < p[1] < view.h - 30]
        if len(pts) > 5:
            pts = pts[::-1]  # read south to north
            k = len(pts) // 3
            part = pts[k:k + max(8, len(pts) // 3)]
            if len(part) >= 2:
                d = "".join(f"{'M' if i == 0 else 'L'}{x:.1f} {y:.1f}" for i, (x, y) in enumerate(part))
                out.append(f'<path id="river-lbl" d="{d}" fill="none" stroke="none"/>')
                out.append('<text class="lbl-water" font-size="13" dy="4"><textPath href="#river-lbl" '
                           'startOffset="50%" text-anchor="middle">Alder River</textPath></text>')
                xs, ys2 = [p[0] for p in part], [p[1] for p in part]
                labels.take((min(xs) - 8, min(ys2) - 8, max(xs) + 8, max(ys2) + 8))
    if view.zoom >= 14:
        for a in data.areas:
            if a.kind not in ("park", "garden", "campus", "zoo", "stadium", "beach", "square") or a.place_id is None:
                continue
            if not _visible(a.bbox, vb, 0):
                continue
            w_px = (a.bbox[2] - a.bbox[0]) / view.mpp
            if w_px < 60 and view.zoom < 16:
                continue
            x, y = (a.bbox[0] + a.bbox[2]) / 2, (a.bbox[1] + a.bbox[3]) / 2
            if a.name == "Riverside Park":
                x, y = L.river_x(700.0) - 110.0, 700.0
            px, py = view.px(x, y)
            fs = 12
            tl = len(a.name) * fs * 0.56
            box = (px - tl / 2, py - fs, px + tl / 2, py + 4)
            if box[0] > 4 and box[2] < view.w - 4 and 4 < box[1] and box[3] < view.h - 20 and labels.free(box):
                labels.take(box)
                out.append(f'<text class="lbl-park" x="{px:.1f}" y="{py:.1f}" font-size="{fs}" '
                           f'text-anchor="middle">{_esc(a.name)}</text>')


def _pois(data: MapData, view: View, labels: _Labels, out: list[str], skip: set[int], landmarks: bool) -> None:
    vb = view.bbox
    z = view.zoom
    if z < 14:
        return
    area_places = {a.place_id for a in data.areas if a.place_id is not None}
    for p in sorted(data.places, key=lambda p: (not p.is_landmark, p.id)):
        if p.is_landmark != landmarks:
            continue
        if p.id in skip or not (vb[0] <= p.x <= vb[2] and vb[1] <= p.y <= vb[3]):
            continue
        if not p.is_landmark and z < 16:
            continue
        if p.category == "bus stop" and z < 17:
            continue
        px, py = view.px(p.x, p.y)
        color = poi_color(p.category)
        show_label = p.is_landmark or z >= 17
        if p.id in area_places and p.category not in ("university",):
            continue  # the area carries its own label
        r = 4.5 if p.is_landmark else 3.5
        if p.category == "bus stop":
            out.append(f'<rect class="poi" x="{px - 3.5:.1f}" y="{py - 3.5:.1f}" width="7" height="7" rx="1.5" '
                       f'fill="{color}"/>')
        else:
            out.append(f'<circle class="poi" cx="{px:.1f}" cy="{py:.1f}" r="{r}" fill="{color}"/>')
        if show_label:
            fs = 11.0
            tl = len(p.name) * fs * 0.56
            box = (px + 6, py - fs / 2 - 1, px + 8 + tl, py + fs / 2 + 1)
            if box[2] < view.w - 4 and box[1] > 2 and box[3] < view.h - 20 and labels.free(box, 2.0):
                labels.take(box)
                out.append(f'<text class="lbl-poi" x="{px + 7:.1f}" y="{py + 4:.1f}" font-size="{fs:.0f}" '
                           f'fill="{color}">{_esc(p.name)}</text>')


_PIN = "M0 0 C-3 -8 -11 -13 -11 -21 A11 11 0 1 1 11 -21 C11 -13 3 -8 0 0 Z"


def _markers(view: View, markers: list[Marker], out: list[str]) -> None:
    for m in markers:
        x, y = to_xy(m.lat, m.lon)
        px, py = view.px(x, y)
        if not (-20 < px < view.w + 20 and -20 < py < view.h + 40):
            continue
        body = (f'<g transform="translate({px:.1f} {py:.1f})"><path d="{_PIN}" fill="{m.color}" stroke="#fff" '
                f'stroke-width="1.5"/>' + (f'<text x="0" y="-17" class="pin-label">{_esc(m.label)}</text>'
                                           if m.label else '<circle cx="0" cy="-21" r="4" fill="#fff"/>') + '</g>')
        title = f"<title>{_esc(m.title)}</title>"
        if m.href:
            out.append(f'<a class="marker" href="{_esc(m.href)}" aria-label="{_esc(m.title)}">{title}{body}</a>')
        else:
            out.append(f'<g class="marker">{title}{body}</g>')


def _scale_bar(view: View, out: list[str]) -> None:
    for metres in (20, 50, 100, 200, 500, 1000, 2000, 5000):
        px = metres / view.mpp
        if px >= 70:
            break
    label = f"{metres // 1000} km" if metres >= 1000 else f"{metres} m"
    x0, y0 = 12.0, view.h - 14.0
    out.append(f'<g class="scale" aria-hidden="true"><rect x="{x0 - 4}" y="{y0 - 16}" width="{px + 8:.1f}" '
               f'height="22" fill="#fff" fill-opacity="0.75"/>'
               f'<path d="M{x0} {y0 - 6} V{y0} H{x0 + px:.1f} V{y0 - 6}" fill="none" stroke="#333" stroke-width="2"/>'
               f'<text x="{x0 + 4}" y="{y0 - 4}" font-size="11">{label}</text></g>')


def render_map(data: MapData, view: View, markers: list[Marker] | None = None,
               route: list[tuple[float, float]] | None = None, highlight_place: int | None = None,
               title: str = "Map of Port Alder") -> str:
    """The map as an inline SVG element (no scripts)."""
    vb = view.bbox
    z = view.zoom
    # role="group", not "img": the markers inside are links people and agents can use
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="map-svg" viewBox="0 0 {view.w} {view.h}" '
            f'preserveAspectRatio="xMidYMid slice" role="group" aria-label="{_esc(title)}">')
    out: list[str] = [head, f'<rect width="{view.w}" height="{view.h}" fill="#f2efe9"/>']
    margin = 60 * view.mpp
    for kind in AREA_ORDER:
        fill, stroke = AREA_STYLE[kind]
        for a in data.areas:
            if a.kind != kind or not _visible(a.bbox, vb, margin):
                continue
            st = f' stroke="{stroke}" stroke-width="1"' if stroke else ""
            if kind == "zoo":
                st += ' stroke-dasharray="6 3"'
            out.append(f'<path d="{_path_d(view, a.pts, True, 1.2)}" fill="{fill}"{st}/>')
            if kind == "stadium" and z >= 15:
                x0, y0, x1, y1 = a.bbox
                cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
                p0, p1 = view.px(cx - 80, cy + 45), view.px(cx + 80, cy - 45)
                out.append(f'<rect x="{p0[0]:.1f}" y="{p0[1]:.1f}" width="{p1[0] - p0[0]:.1f}" height="{p1[1] - p0[1]:.1f}" '
                           f'fill="#aae0cb" stroke="#88c4a8"/>')
    if z >= 16:
        j0 = max(0, int((vb[0] - L.XS[0]) // L.BLOCK) - 1)
        j1 = min(len(L.XS) - 2, int((vb[2] - L.XS[0]) // L.BLOCK) + 1)
        k0 = max(0, int((vb[1] - L.YS[0]) // L.BLOCK) - 1)
        k1 = min(len(L.YS) - 2, int((vb[3] - L.YS[0]) // L.BLOCK) + 1)
        rects = []
        for j in range(j0, j1 + 1):
            for k in range(k0, k1 + 1):
                for r in data.buildings(j, k):
                    a, b = view.px(r[0], r[3]), view.px(r[2], r[1])
                    rects.append(f"M{a[0]:.1f} {a[1]:.1f}H{b[0]:.1f}V{b[1]:.1f}H{a[0]:.1f}Z")
        if rects:
            out.append(f'<path d="{"".join(rects)}" fill="#d9d0c9" stroke="#c4b6ab" stroke-width="0.8"/>')
    if highlight_place is not None:
        for a in data.areas:
            if a.place_id == highlight_place and a.kind not in ("sea", "river"):
                out.append(f'<path d="{_path_d(view, a.pts, True)}" fill="#ff7800" fill-opacity="0.12" '
                           f'stroke="#ff7800" stroke-width="3"/>')
    # roads
    vis = [e for e in data.edges if _visible(_bbox(e.pts), vb, margin)]
    paths: dict[tuple[str, bool], list[str]] = defaultdict(list)
    tol = 1.5 if z <= 14 else 0.8
    for e in vis:
        paths[(e.highway, e.bridge)].append(_path_d(view, e.pts, tol=tol))
    for hw, dash, color, w in (("footway", "3 2.5", "#fa8072", 1.6), ("cycleway", "5 3", "#2a3eff", 1.7)):
        d = "".join(paths.get((hw, False), []))
        if d and z >= 14:
            ww = w * (1.4 if z >= 17 else 1.0)
            out.append(f'<path d="{d}" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="{ww + 2:.1f}" '
                       f'stroke-linecap="round"/>')
            out.append(f'<path d="{d}" fill="none" stroke="{color}" stroke-width="{ww:.1f}" stroke-dasharray="{dash}"/>')
    for layer in ("case", "fill"):
        for hw in ROAD_ORDER[:-1]:
            d = "".join(paths.get((hw, False), []))
            if not d:
                continue
            w = road_width(hw, z)
            if layer == "case":
                if z >= 13 or hw != "residential":
                    out.append(f'<path d="{d}" fill="none" stroke="{ROAD_CASE[hw]}" stroke-width="{w + 1.6:.1f}" '
                               f'stroke-linecap="round" stroke-linejoin="round"/>')
            else:
                out.append(f'<path d="{d}" fill="none" stroke="{ROAD_FILL[hw]}" stroke-width="{w:.1f}" '
                           f'stroke-linecap="round" stroke-linejoin="round"/>')
    # bridges and the (grade-separated) motorway on top
    for hw in ("footway", "cycleway", "residential", "tertiary", "secondary", "primary", "motorway"):
        for bridge in ((True,) if hw != "motorway" else (False, True)):
            d = "".join(paths.get((hw, bridge), []))
            if not d:
                continue
            if hw in ("footway", "cycleway"):
                w = 2.2 if z < 16 else 3.5
                color = "#fa8072" if hw == "footway" else "#2a3eff"
                out.append(f'<path d="{d}" fill="none" stroke="#555" stroke-width="{w + 3:.1f}"/>')
                out.append(f'<path d="{d}" fill="none" stroke="#fff" stroke-width="{w + 1:.1f}"/>')
                out.append(f'<path d="{d}" fill="none" stroke="{color}" stroke-width="{w / 1.6:.1f}" '
                           f'stroke-dasharray="{"3 2.5" if hw == "footway" else "5 3"}"/>')
                continue
            w = road_width(hw, z)
            case = "#444" if bridge else ROAD_CASE[hw]
            out.append(f'<path d="{d}" fill="none" stroke="{case}" stroke-width="{w + (2.4 if bridge else 1.6):.1f}" '
                       f'stroke-linejoin="round"/>')
            out.append(f'<path d="{d}" fill="none" stroke="{ROAD_FILL[hw]}" stroke-width="{w:.1f}" '
                       f'stroke-linejoin="round"/>')
    if route and len(route) >= 2:
        pts = [to_xy(la, lo) for la, lo in route]
        d = _path_d(view, pts, tol=0.5)
        out.append(f'<path class="route" d="{d}" fill="none" stroke="#ffffff" stroke-opacity="0.8" stroke-width="11" '
                   f'stroke-linecap="round" stroke-linejoin="round"/>')
        out.append(f'<path class="route" d="{d}" fill="none" stroke="#1a56db" stroke-opacity="0.85" stroke-width="7" '
                   f'stroke-linecap="round" stroke-linejoin="round"/>')
    labels = _Labels()
    # keep labels off the map's buttons, the scale bar and the footer
    for box in ((0, 0, 95, 95), (view.w - 56, 0, view.w, 96), (0, view.h - 40, 150, view.h),
                (view.w - 330, view.h - 24, view.w, view.h)):
        labels.take(box)
    markers = markers or []
    for m in markers:  # keep labels off the pins
        px, py = view.px(*to_xy(m.lat, m.lon))
        labels.take((px - 12, py - 34, px + 12, py + 2))
    lbl: list[str] = []
    skip = {int(m.href.rsplit("/", 1)[-1]) for m in markers if m.href and m.href.startswith("/node/")}
    _area_labels(data, view, labels, lbl)
    _pois(data, view, labels, lbl, skip, landmarks=True)
    _street_labels(data, view, labels, lbl)
    _pois(data, view, labels, lbl, skip, landmarks=False)
    out.append('<g class="labels" aria-hidden="true">')  # drawn text, not page content
    out.extend(lbl)
    out.append("</g>")
    _markers(view, markers, out)
    _scale_bar(view, out)
    out.append("</svg>")
    return "".join(out)
