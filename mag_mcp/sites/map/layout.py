"""The fixed geography of Port Alder: coast, river, parks and the street network.

All shapes are functions of fixed constants plus one `random.Random(SEED)`
stream, so every build yields the same city. Coordinates are local metres
(x east, y north of the city hall square; see `geo`).

The street network is made of *lines* (named polylines with an OSM highway
class). `planarize` cuts every line where it crosses another one (grade-separated
lines, the motorway, only connect at interchanges), merges junctions closer
than `MERGE_M`, drops short dead-end stubs left by clipping and keeps the
largest connected piece. The result is a list of junction nodes and edges.

City plan
---------
* A street grid of 250 m blocks: east-west "Streets" at y = -3125 + 250k and
  north-south "Avenues" at x = -3875 + 250j, gently wavy (hilly in Hilltop).
* The Alder River runs south to north at x ~ -900 into Alder Bay (north).
  Riverside Drive follows its west bank, Waterfront Avenue its east bank.
  Crossings: Alder Bridge (primary road, y ~ 375), Wharf Cycle Bridge
  (cycleway, y ~ 1875), Millrace Footbridge (footway, y ~ -1125) and the
  Cascade Freeway (motorway, y ~ -2750). Only cars use the freeway; only
  bikes and walkers use the cycle bridge; only walkers use the footbridge.
* Harbor Boulevard runs diagonally from Founders Square to the Ferry Terminal;
  the University Greenway (cycleway) from Founders Square to the campus.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

SEED = 3000
BLOCK = 250.0
XS = [-3875.0 + BLOCK * j for j in range(32)]
YS = [-3125.0 + BLOCK * k for k in range(24)]
X_MIN, X_MAX = -4150.0, 4150.0
Y_MIN, Y_MAX = -3400.0, 3300.0
MERGE_M = 10.0
STUB_M = 150.0
RIVER_HALF_WIDTH = 45.0

# --- water -------------------------------------------------------------------


def river_x(y: float) -> float:
    """x of the Alder River's centre line at northing y."""
    return -900.0 + 220.0 * math.sin(y / 700.0) + 90.0 * math.sin(y / 260.0 + 1.0)


def coast_y(x: float) -> float:
    """Northing of the shore of Alder Bay at easting x (sea to the north)."""
    return 2650.0 + 250.0 * math.sin((x + 3000.0) / 1100.0) - 350.0 * math.exp(-(((x - 400.0) / 900.0) ** 2))


def drive_x(y: float) -> float:
    """Riverside Drive (west bank)."""
    return river_x(y) - 170.0


def waterfront_x(y: float) -> float:
    """Waterfront Avenue (east bank)."""
    return river_x(y) + 150.0


def in_sea(x: float, y: float, margin: float = 0.0) -> bool:
    return y > coast_y(x) - margin


def in_river(x: float, y: float, half: float = RIVER_HALF_WIDTH) -> bool:
    return abs(x - river_x(y)) < half and y < coast_y(x) + 400


def west_of_river(x: float, y: float) -> bool:
    return x < river_x(y)


# --- districts -------------------------------------------------------------------

DISTRICT_CENTERS: dict[str, tuple[float, float]] = {
    "North Shore": (-2600.0, 2100.0),
    "Riverside Row": (-1700.0, 400.0),
    "Old Mill": (-2000.0, -1100.0),
    "Hilltop": (-2900.0, -2400.0),
    "Lantern Quarter": (100.0, 200.0),
    "Alder Wharf": (400.0, 2000.0),
    "Eastgate": (2500.0, 200.0),
    "University Park": (700.0, -1900.0),
}
WEST_DISTRICTS = ("North Shore", "Riverside Row", "Old Mill", "Hilltop")
EAST_DISTRICTS = ("Lantern Quarter", "Alder Wharf", "Eastgate", "University Park")


def district_of(x: float, y: float) -> str:
    names = WEST_DISTRICTS if west_of_river(x, y) else EAST_DISTRICTS
    return min(names, key=lambda n: (x - DISTRICT_CENTERS[n][0]) ** 2 + (y - DISTRICT_CENTERS[n][1]) ** 2)


HILL = (-3300.0, -1900.0)


def wobble_amplitude(x: float, y: float) -> float:
    d2 = (x - HILL[0]) ** 2 + (y - HILL[1]) ** 2
    return 5.0 + 30.0 * math.exp(-d2 / 750.0 ** 2)


# --- zones without roads (paths may cross them) -------------------------------------


@dataclass(frozen=True)
class Zone:
    name: str
    kind: str  # campus, garden, stadium, zoo, reservoir
    x0: float
    x1: float
    y0: float
    y1: float
    ellipse: bool = False

    def contains(self, x: float, y: float, grow: float = 0.0) -> bool:
        if self.ellipse:
            cx, cy = (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2
            rx, ry = (self.x1 - self.x0) / 2 + grow, (self.y1 - self.y0) / 2 + grow
            return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 < 1.0
        return self.x0 - grow < x < self.x1 + grow and self.y0 - grow < y < self.y1 + grow


def _grid_zone(name: str, kind: str, x0: float, x1: float, y0: float, y1: float, margin: float = 25.0) -> Zone:
    return Zone(name, kind, x0 + margin, x1 - margin, y0 + margin, y1 - margin)


RESERVOIR_C = (-3000.0, -2250.0)
RESERVOIR_LOOP = (203.0, 162.0)  # radii of the Reservoir Loop footway
ZONES: tuple[Zone, ...] = (
    _grid_zone("Port Alder University", "campus", 375, 875, -1875, -1375),
    _grid_zone("Botanical Garden", "garden", 875, 1375, -2375, -1875),
    _grid_zone("Eastgate Stadium", "stadium", 2625, 3125, 375, 625),
    _grid_zone("Port Alder Zoo", "zoo", -2625, -2125, -2625, -2125),
    Zone("Hilltop Reservoir", "reservoir", RESERVOIR_C[0] - RESERVOIR_LOOP[0] + 15, RESERVOIR_C[0] + RESERVOIR_LOOP[0] - 15,
         RESERVOIR_C[1] - RESERVOIR_LOOP[1] + 15, RESERVOIR_C[1] + RESERVOIR_LOOP[1] - 15, ellipse=True),
)


def in_zone(x: float, y: float) -> Zone | None:
    for z in ZONES:
        if z.contains(x, y):
            return z
    return None


# --- street names -------------------------------------------------------------------

# y-lines, south to north: (name, highway class)
STREETS: tuple[tuple[str, str], ...] = (
    ("Southgate Road", "tertiary"), ("Quarry Street", "residential"), ("Summit Street", "tertiary"),
    ("Terrace Street", "residential"), ("Garden Street", "residential"), ("College Street", "tertiary"),
    ("Mill Street", "tertiary"), ("University Street", "secondary"), ("Millrace Street", "residential"),
    ("Hawthorn Street", "residential"), ("Division Street", "secondary"), ("Elm Street", "residential"),
    ("Market Street", "secondary"), ("Court Street", "tertiary"), ("Alder Street", "primary"),
    ("Oak Street", "residential"), ("Pine Street", "tertiary"), ("Ash Street", "residential"),
    ("Birch Street", "residential"), ("Harbor Street", "secondary"), ("Dock Street", "residential"),
    ("Cannery Street", "tertiary"), ("Beacon Street", "residential"), ("Lighthouse Street", "residential"),
)
# x-lines, west to east
AVENUES: tuple[tuple[str, str], ...] = (
    ("Cedar Avenue", "residential"), ("Spruce Avenue", "residential"), ("Observatory Avenue", "tertiary"),
    ("Hemlock Avenue", "residential"), ("Juniper Avenue", "residential"), ("Hillcrest Avenue", "secondary"),
    ("Willow Avenue", "residential"), ("Chapel Avenue", "tertiary"), ("Laurel Avenue", "residential"),
    ("Miller Avenue", "secondary"), ("Hazel Avenue", "residential"), ("Rowan Avenue", "residential"),
    ("Aspen Avenue", "residential"), ("Linden Avenue", "residential"), ("Grand Avenue", "secondary"),
    ("Lantern Avenue", "tertiary"), ("Broadway", "primary"), ("Fremont Avenue", "residential"),
    ("Clay Avenue", "tertiary"), ("Madison Avenue", "residential"), ("Jefferson Avenue", "residential"),
    ("Monroe Avenue", "tertiary"), ("College Avenue", "secondary"), ("Station Avenue", "tertiary"),
    ("Harrison Avenue", "residential"), ("Gateway Avenue", "primary"), ("Kingsley Avenue", "residential"),
    ("Franklin Avenue", "tertiary"), ("Ridge Avenue", "residential"), ("Pioneer Avenue", "residential"),
    ("Foundry Avenue", "tertiary"), ("Eastview Avenue", "residential"),
)
MOTORWAY = "Cascade Freeway"
INTERCHANGES = {"Hillcrest Avenue", "Broadway", "College Avenue", "Market Street", "Harbor Street", "Cannery Street"}
# y-lines that cross the river, and what the crossing is: (bridge name, bridge class, corridor keeps street?)
BRIDGE_LINES: dict[str, tuple[str, str, bool]] = {
    "Alder Street": ("Alder Bridge", "primary", True),
    "Dock Street": ("Wharf Cycle Bridge", "cycleway", False),
    "Millrace Street": ("Millrace Footbridge", "footway", False),
}


@dataclass
class Line:
    name: str
    highway: str
    pts: list[tuple[float, float]]
    layer: int = 0  # 1: the grade-separated motorway

    @property
    def interchange(self) -> bool:
        return self.name in INTERCHANGES


# --- clipping -----------------------------------------------------------------------

State = Callable[[float, float], Hashable]


def clip(pts: list[tuple[float, float]], state: State) -> list[tuple[Hashable, list[tuple[float, float]]]]:
    """Split a polyline into runs of equal state (None = blocked), refining boundaries by bisection."""
    labels = [state(x, y) for x, y in pts]
    runs: list[tuple[Hashable, list[tuple[float, float]]]] = []
    cur: list[tuple[float, float]] = [pts[0]] if labels[0] is not None else []
    for i in range(len(pts) - 1):
        a, b = pts[i], pts[i + 1]
        la, lb = labels[i], labels[i + 1]
        if la == lb:
            if lb is not None:
                cur.append(b)
            continue
        lo, hi = 0.0, 1.0
        for _ in range(12):
            mid = (lo + hi) / 2
            if state(a[0] + (b[0] - a[0]) * mid, a[1] + (b[1] - a[1]) * mid) == la:
                lo = mid
            else:
                hi = mid
        p = (a[0] + (b[0] - a[0]) * lo, a[1] + (b[1] - a[1]) * lo)
        if la is not None:
            cur.append(p)
            runs.append((la, cur))
        cur = [p, b] if lb is not None else []
    if cur and labels[-1] is not None:
        runs.append((labels[-1], cur))
    return runs


def poly_length(pts: list[tuple[float, float]]) -> float:
    return sum(math.hypot(pts[i + 1][0] - pts[i][0], pts[i + 1][1] - pts[i][1]) for i in range(len(pts) - 1))


def _frange(a: float, b: float, step: float) -> list[float]:
    n = max(1, int(math.ceil((b - a) / step)))
    return [a + (b - a) * i / n for i in range(n + 1)]


def _corridor_ew(x: float, y: float) -> bool:
    return drive_x(y) + 15.0 < x < waterfront_x(y) - 15.0


def _corridor_ns(x: float, y: float) -> bool:
    return drive_x(y) - 60.0 < x < waterfront_x(y) + 60.0


def _road_state(x: float, y: float) -> Hashable:
    if in_sea(x, y, 40.0) or in_zone(x, y) or in_river(x, y, 60.0):
        return None
    return "land"


def _path_state(x: float, y: float) -> Hashable:
    if in_sea(x, y, 10.0) or in_river(x, y, 50.0):
        return None
    return "land"


# --- the street lines -----------------------------------------------------------------


def street_lines(rng: random.Random) -> list[Line]:
    lines: list[Line] = []

    def add(runs, labels: dict[Hashable, tuple[str, str]], min_len: float = 40.0) -> None:
        for label, pts in runs:
            name, hw = labels[label]
            if len(pts) >= 2 and (poly_length(pts) >= min_len or label != "land"):
                lines.append(Line(name, hw, pts))

    # east-west streets
    for (name, hw), y0 in zip(STREETS, YS):
        lam, phi = rng.uniform(180, 320), rng.uniform(0, 2 * math.pi)
        pts = [(x, y0 + wobble_amplitude(x, y0) * math.sin(x / lam + phi)) for x in _frange(X_MIN, X_MAX, 40.0)]
        bridge = BRIDGE_LINES.get(name)

        def state(x: float, y: float, bridge=bridge) -> Hashable:
            if in_sea(x, y, 100.0) or in_zone(x, y):
                return None
            if bridge is not None and drive_x(y) < x < waterfront_x(y):
                # the crossing starts right at the bank roads, so its ends are junctions
                return "water" if in_river(x, y, 50.0) else "corridor"
            if _corridor_ew(x, y):
                return None
            return "land"

        labels = {"land": (name, hw), "corridor": (name, hw), "water": (name, hw)}
        if bridge:
            bname, bhw, keep = bridge
            labels["water"] = (bname, bhw)
            if not keep:
                labels["corridor"] = (bname, bhw)
        add(clip(pts, state), labels)

    # north-south avenues
    for (name, hw), x0 in zip(AVENUES, XS):
        lam, phi = rng.uniform(180, 320), rng.uniform(0, 2 * math.pi)
        pts = [(x0 + wobble_amplitude(x0, y) * math.sin(y / lam + phi), y) for y in _frange(Y_MIN, Y_MAX, 40.0)]

        def state_ns(x: float, y: float) -> Hashable:
            if in_sea(x, y, 40.0) or in_zone(x, y) or _corridor_ns(x, y):
                return None
            return "land"

        add(clip(pts, state_ns), {"land": (name, hw)})

    # the river banks
    ys = _frange(Y_MIN, 3000.0, 30.0)
    add(clip([(drive_x(y), y) for y in ys], _road_state), {"land": ("Riverside Drive", "secondary")})
    add(clip([(waterfront_x(y), y) for y in ys], _road_state), {"land": ("Waterfront Avenue", "secondary")})
    # the shore
    xw = _frange(X_MIN, drive_x(coast_y(-1200.0)) - 15.0, 40.0)
    add(clip([(x, coast_y(x) - 60.0) for x in xw], _road_state), {"land": ("Shore Road", "tertiary")})
    xe = _frange(waterfront_x(coast_y(-700.0)) + 15.0, X_MAX, 40.0)
    add(clip([(x, coast_y(x) - 60.0) for x in xe], _road_state), {"land": ("Wharf Street", "tertiary")})

    # Harbor Boulevard: Founders Square -> Ferry Terminal
    end = (950.0, coast_y(950.0) - 45.0)
    d = (end[0] - 125.0, end[1] - 125.0)
    n = math.hypot(*d)
    start = (125.0 - 15.0 * d[0] / n, 125.0 - 15.0 * d[1] / n)
    add(clip(_straight(start, end, 40.0), _road_state), {"land": ("Harbor Boulevard", "primary")})

    # Old Mill Road: the old diagonal from the mill to the hill
    om_end = (-2625.0, -2125.0)
    om_start = (-1330.0, -830.0)
    d = (om_end[0] - om_start[0], om_end[1] - om_start[1])
    n = math.hypot(*d)
    om_end = (om_end[0] + 15.0 * d[0] / n, om_end[1] + 15.0 * d[1] / n)
    om = [(om_start[0] + d[0] * i / 40 + 25.0 * math.sin(math.pi * i / 20), om_start[1] + d[1] * i / 40)
          for i in range(41)]
    om[-1] = om_end
    add(clip(om, _road_state), {"land": ("Old Mill Road", "tertiary")})

    # paths
    trail = [(drive_x(-520.0) - 15.0, -520.0)] + [(river_x(y) - 110.0, y) for y in _frange(-450.0, 1950.0, 30.0)]
    trail.append((drive_x(2010.0) - 15.0, 2010.0))
    add(clip(trail, _path_state), {"land": ("Riverside Trail", "cycleway")})
    g_end = (600.0, -1390.0)
    d = (g_end[0] - 125.0, g_end[1] + 125.0)
    n = math.hypot(*d)
    g_start = (125.0 - 15.0 * d[0] / n, -125.0 - 15.0 * d[1] / n)
    add(clip(_straight(g_start, g_end, 40.0), _path_state), {"land": ("University Greenway", "cycleway")})
    for a, b in (((-135.0, -135.0), (135.0, 135.0)), ((-135.0, 135.0), (135.0, -135.0))):
        add(clip(_straight(a, b, 30.0), _path_state), {"land": ("Founders Square Walk", "footway")})
    add(clip(_straight((600.0, -1360.0), (600.0, -1890.0), 30.0), _path_state), {"land": ("Campus Walk", "footway")})
    add(clip(_straight((360.0, -1600.0), (890.0, -1600.0), 30.0), _path_state), {"land": ("Campus Walk", "footway")})
    add(clip(_straight((860.0, -1860.0), (1390.0, -2390.0), 30.0), _path_state), {"land": ("Garden Path", "footway")})
    add(clip(_straight((1390.0, -1860.0), (860.0, -2390.0), 30.0), _path_state), {"land": ("Rose Garden Walk", "footway")})
    loop = [(RESERVOIR_C[0] + RESERVOIR_LOOP[0] * math.cos(a), RESERVOIR_C[1] + RESERVOIR_LOOP[1] * math.sin(a))
            for a in _frange(0.0, 2 * math.pi, 2 * math.pi / 64)]
    lines.append(Line("Reservoir Loop", "footway", loop))

    # the motorway: west edge -> south of the city -> up the east side
    mw = [(x, -2750.0) for x in _frange(X_MIN, 2700.0, 100.0)]
    mw += [(2700.0 + 800.0 * math.cos(a), -1950.0 + 800.0 * math.sin(a))
           for a in _frange(-math.pi / 2, 0.0, math.pi / 24)][1:]
    mw += [(3500.0, y) for y in _frange(-1950.0, 2140.0, 100.0)][1:]
    lines.append(Line(MOTORWAY, "motorway", mw, layer=1))
    return lines


def _straight(a: tuple[float, float], b: tuple[float, float], step: float) -> list[tuple[float, float]]:
    n = max(1, int(math.ceil(math.hypot(b[0] - a[0], b[1] - a[1]) / step)))
    return [(a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n) for i in range(n + 1)]


# --- planarization ---------------------------------------------------------------------


@dataclass
class Edge:
    a: int
    b: int
    name: str
    highway: str
    pts: list[tuple[float, float]]
    length: float = 0.0
    bridge: bool = False


@dataclass
class Network:
    nodes: list[tuple[float, float]]  # index = node id - 1
    edges: list[Edge] = field(default_factory=list)


def _connectable(a: Line, b: Line) -> bool:
    if a.layer == b.layer:
        return True
    return (a.layer == 1 and b.interchange) or (b.layer == 1 and a.interchange)


def _intersect(ax: float, ay: float, bx: float, by: float, cx: float, cy: float, dx: float, dy: float):
    if max(ax, bx) < min(cx, dx) or max(cx, dx) < min(ax, bx) or max(ay, by) < min(cy, dy) or max(cy, dy) < min(ay, by):
        return None
    rx, ry, sx, sy = bx - ax, by - ay, dx - cx, dy - cy
    den = rx * sy - ry * sx
    if abs(den) < 1e-9:
        return None
    qx, qy = cx - ax, cy - ay
    t = (qx * sy - qy * sx) / den
    u = (qx * ry - qy * rx) / den
    if -1e-9 <= t <= 1 + 1e-9 and -1e-9 <= u <= 1 + 1e-9:
        return t, u, ax + t * rx, ay + t * ry
    return None


class _UF:
    def __init__(self, n: int) -> None:
        self.p = list(range(n))

    def find(self, i: int) -> int:
        while self.p[i] != i:
            self.p[i] = self.p[self.p[i]]
            i = self.p[i]
        return i

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.p[max(ra, rb)] = min(ra, rb)


def planarize(lines: list[Line]) -> Network:
    cell = 120.0
    segs: list[tuple[int, int, float, float, float, float]] = []
    buckets: dict[tuple[int, int], list[int]] = defaultdict(list)
    for li, ln in enumerate(lines):
        p = ln.pts
        for si in range(len(p) - 1):
            (ax, ay), (bx, by) = p[si], p[si + 1]
            idx = len(segs)
            segs.append((li, si, ax, ay, bx, by))
            for cx in range(math.floor(min(ax, bx) / cell), math.floor(max(ax, bx) / cell) + 1):
                for cy in range(math.floor(min(ay, by) / cell), math.floor(max(ay, by) / cell) + 1):
                    buckets[(cx, cy)].append(idx)
    points: list[tuple[float, float]] = []
    cuts: dict[int, list[tuple[float, int]]] = defaultdict(list)
    seen: set[tuple[int, int]] = set()
    for key in sorted(buckets):
        b = buckets[key]
        for i in range(len(b)):
            s = segs[b[i]]
            for j in range(i + 1, len(b)):
                u = segs[b[j]]
                if s[0] == u[0] or not _connectable(lines[s[0]], lines[u[0]]):
                    continue
                pair = (b[i], b[j])
                if pair in seen:
                    continue
                seen.add(pair)
                hit = _intersect(s[2], s[3], s[4], s[5], u[2], u[3], u[4], u[5])
                if hit is None:
                    continue
                t, v, x, y = hit
                pid = len(points)
                points.append((x, y))
                cuts[s[0]].append((s[1] + t, pid))
                cuts[u[0]].append((u[1] + v, pid))
    raw_edges: list[Edge] = []
    for li, ln in enumerate(lines):
        p = ln.pts
        start, end = len(points), len(points) + 1
        points.append(p[0])
        points.append(p[-1])
        cs = sorted([(0.0, start)] + cuts.get(li, []) + [(float(len(p) - 1), end)])
        for (pa, ida), (pb, idb) in zip(cs, cs[1:]):
            geom = [points[ida]] + [p[i] for i in range(math.floor(pa) + 1, math.ceil(pb)) if pa < i < pb] + [points[idb]]
            raw_edges.append(Edge(ida, idb, ln.name, ln.highway, geom))
    # merge junctions closer than MERGE_M
    uf = _UF(len(points))
    grid: dict[tuple[int, int], list[int]] = defaultdict(list)
    for i, (x, y) in enumerate(points):
        gx, gy = math.floor(x / MERGE_M), math.floor(y / MERGE_M)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for j in grid.get((gx + dx, gy + dy), ()):
                    if math.hypot(points[j][0] - x, points[j][1] - y) < MERGE_M:
                        uf.union(i, j)
        grid[(gx, gy)].append(i)
    best: dict[tuple[int, int, str], Edge] = {}
    for e in raw_edges:
        a, b = uf.find(e.a), uf.find(e.b)
        if a == b:
            continue
        e.pts = [points[a]] + e.pts[1:-1] + [points[b]]
        e.a, e.b = a, b
        e.length = poly_length(e.pts)
        k = (min(a, b), max(a, b), e.name)
        if k not in best or e.length < best[k].length:
            best[k] = e
    edges = list(best.values())
    edges = _prune_stubs(edges)
    edges = _largest_component(edges)
    edges = _thin(edges, random.Random(SEED + 1))
    # renumber nodes: north-west first
    used = sorted({n for e in edges for n in (e.a, e.b)}, key=lambda n: (-round(points[n][1], 1), round(points[n][0], 1)))
    new = {old: i + 1 for i, old in enumerate(used)}
    net = Network(nodes=[points[o] for o in used])
    for e in edges:
        e.a, e.b = new[e.a], new[e.b]
        if e.a > e.b:
            e.a, e.b, e.pts = e.b, e.a, e.pts[::-1]
        e.bridge = any(in_river(x, y, RIVER_HALF_WIDTH) for x, y in e.pts[1:-1]) or in_river(
            (e.pts[0][0] + e.pts[-1][0]) / 2, (e.pts[0][1] + e.pts[-1][1]) / 2)
    net.edges = sorted(edges, key=lambda e: (e.a, e.b, e.name))
    return net


def _adjacency(edges: list[Edge]) -> dict[int, list[Edge]]:
    adj: dict[int, list[Edge]] = defaultdict(list)
    for e in edges:
        adj[e.a].append(e)
        adj[e.b].append(e)
    return adj


def _prune_stubs(edges: list[Edge]) -> list[Edge]:
    """Drop dead-end chains shorter than STUB_M (clipping leftovers); the motorway stays."""
    for _ in range(6):
        adj = _adjacency(edges)
        drop: set[int] = set()
        for n in sorted(adj):
            if len(adj[n]) != 1:
                continue
            chain: list[Edge] = []
            total, cur, prev = 0.0, n, None
            while True:
                nxt = [e for e in adj[cur] if e is not prev]
                if not nxt:
                    break
                e = nxt[0]
                if e.highway == "motorway":
                    total = math.inf
                    break
                chain.append(e)
                total += e.length
                prev = e
                cur = e.b if e.a == cur else e.a
                if len(adj[cur]) != 2:
                    break
            if chain and total < STUB_M:
                drop.update(id(e) for e in chain)
        if not drop:
            break
        edges = [e for e in edges if id(e) not in drop]
    return edges


def _largest_component(edges: list[Edge]) -> list[Edge]:
    adj = _adjacency(edges)
    seen: dict[int, int] = {}
    comps: list[int] = []
    for start in sorted(adj):
        if start in seen:
            continue
        cid = len(comps)
        stack, size = [start], 0
        seen[start] = cid
        while stack:
            n = stack.pop()
            size += 1
            for e in adj[n]:
                m = e.b if e.a == n else e.a
                if m not in seen:
                    seen[m] = cid
                    stack.append(m)
        comps.append(size)
    keep = max(range(len(comps)), key=lambda c: comps[c])
    return [e for e in edges if seen[e.a] == keep]


_ROADS = ("primary", "secondary", "tertiary", "residential")


def _thin(edges: list[Edge], rng: random.Random, share: float = 0.06) -> list[Edge]:
    """Close a few residential blocks (dead ends, cul-de-sacs), never disconnecting the road grid."""
    adj = _adjacency(edges)
    cands = [e for e in edges if e.highway == "residential" and not e.bridge and e.length > 60
             and len(adj[e.a]) >= 3 and len(adj[e.b]) >= 3]
    rng.shuffle(cands)
    target = int(share * sum(1 for e in edges if e.highway == "residential"))
    removed: set[int] = set()
    for e in cands:
        if len(removed) >= target:
            break
        if len(adj[e.a]) < 3 or len(adj[e.b]) < 3:
            continue
        # still connected over ordinary roads without this edge?
        seen, stack = {e.a}, [e.a]
        while stack and e.b not in seen:
            n = stack.pop()
            for f in adj[n]:
                if f is e or id(f) in removed or f.highway not in _ROADS:
                    continue
                m = f.b if f.a == n else f.a
                if m not in seen:
                    seen.add(m)
                    stack.append(m)
        if e.b in seen:
            removed.add(id(e))
            adj[e.a] = [f for f in adj[e.a] if f is not e]
            adj[e.b] = [f for f in adj[e.b] if f is not e]
    return [e for e in edges if id(e) not in removed]


def build_network() -> Network:
    return planarize(street_lines(random.Random(SEED)))
