"""Deterministic seed database of the OpenStreetMap-like map of Port Alder.

The city comes from `layout` (fixed functions plus ``random.Random`` streams
with fixed seeds); places from `places_data` plus ``random.Random(SEED)``. No
clock is read: two builds give identical table contents.

Coordinates and lengths
-----------------------
* ``lat``/``lon`` are WGS84-like degrees (7 decimals) around
  ``world.CITY_CENTER``; ``x_m``/``y_m`` are the same points in metres east /
  north of the city centre (`geo.to_xy` / `geo.to_latlon` convert).
* ``length_m`` is the planar length of an edge's geometry in metres (1 decimal).

Routing model (what `routing.route` computes; checkers may recompute it)
--------------------------------------------------------------------------
* The graph is undirected: ``edges(node_a, node_b)``. An edge is usable by a
  mode when its ``<mode>_kmh`` column is not NULL; travel time over an edge is
  ``length_m / (<mode>_kmh / 3.6)`` seconds.
  car: every road incl. the motorway (motorway 90, primary 45, secondary 40,
  tertiary 35, residential 25 km/h); bike: roads except the motorway (primary
  and secondary 18, tertiary and residential 16 km/h) plus cycleways (20);
  foot: everything except the motorway (5 km/h) -- roads, cycleways, footways.
* A route runs from ``places.node_id`` of the start to ``places.node_id`` of
  the destination and minimises total time (Dijkstra; ties go to the smaller
  node id). Its distance is the summed ``length_m`` of its edges.

Schema (all ``id`` columns are INTEGER PRIMARY KEY)
------
meta(key PRIMARY KEY, value)  -- city, county, state, country, center_lat/lon,
    bounds (min_lat,min_lon,max_lat,max_lon), speeds (JSON)
districts(id, name UNIQUE, postcode, lat, lon)  -- the 8 districts of world.DISTRICTS
streets(id, name UNIQUE, highway)  -- one row per named way; highway is the OSM
    class: motorway | primary | secondary | tertiary | residential | cycleway | footway
nodes(id, lat, lon, x_m, y_m)  -- junctions and ends of the road graph (not places)
edges(id, node_a, node_b (node_a < node_b), street_id -> streets, name, highway,
    length_m, car_kmh, bike_kmh, foot_kmh (NULL = no access), bridge 0/1,
    geometry -- JSON [[lat, lon], ...] from node_a to node_b)
places(id, name UNIQUE, category -- lower-case words, e.g. 'cafe', 'restaurant',
    'hotel', 'bus stop', 'park', 'school', 'town hall' (landmarks keep
    world.LANDMARKS' kind), district, street, house_number TEXT NULL (NULL only
    for the bus stops and for Founders Square, Alder Bridge, North Shore Beach),
    postcode, city, lat, lon, node_id -> nodes (a junction on the place's
    street, reachable by car, bike and foot), display_name -- Nominatim style:
    'Name, 12, Street, District, Port Alder, Alder County, Oregon, 97281,
    United States', phone NULL, opening_hours NULL (OSM syntax), website NULL,
    description, is_landmark 0/1)
    -- ids 1..30 are world.LANDMARKS in their order.
place_tags(place_id, key, value; PRIMARY KEY(place_id, key))  -- OSM tags, e.g.
    amenity=cafe, cuisine=italian, stars=3, ref=Stop 4012, route_ref=4;12
areas(id, name, kind, district NULL, place_id NULL, polygon -- JSON [[lat, lon], ...])
    kind: residential (the built-up city) | sea | river | park | square |
    campus | garden | stadium | zoo | reservoir | beach | pier

Map notes (the only state a visitor changes; OSM's anonymous notes)
---------
notes(id, lat, lon, place_id NULL -> places (the place the note was added at:
    the place page's "Add a note here", or a position within 3 m of a place),
    status 'open' | 'closed', created_at, updated_at, closed_at NULL)
    -- the seed's notes are ids 1..len(NOTES); new notes get the next ids.
note_comments(id, note_id -> notes, action 'opened' | 'commented' | 'closed' |
    'reopened', author NULL (NULL = anonymous; every note written on the site is
    anonymous), body TEXT ('' when a note is resolved or reactivated without a
    comment), created_at)
    -- a note's first comment (action 'opened') is its text. Timestamps are
    'YYYY-MM-DD HH:MM:SS' UTC on a logical clock: one minute after the latest
    comment, never before SEED_NOW.
"""

from __future__ import annotations

import json
import math
import random
import sqlite3
from collections import defaultdict
from pathlib import Path

from .. import world
from . import layout as L
from . import places_data as D
from .geo import to_latlon

SEED = 3000
ROAD_CLASSES = ("primary", "secondary", "tertiary", "residential")
# highway -> (car, bike, foot) km/h; None = no access
SPEEDS: dict[str, tuple[float | None, float | None, float | None]] = {
    "motorway": (90.0, None, None),
    "primary": (45.0, 18.0, 5.0),
    "secondary": (40.0, 18.0, 5.0),
    "tertiary": (35.0, 16.0, 5.0),
    "residential": (25.0, 16.0, 5.0),
    "cycleway": (None, 20.0, 5.0),
    "footway": (None, None, 5.0),
}

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE districts (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, postcode TEXT NOT NULL,
    lat REAL NOT NULL, lon REAL NOT NULL);
CREATE TABLE streets (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, highway TEXT NOT NULL);
CREATE TABLE nodes (id INTEGER PRIMARY KEY, lat REAL NOT NULL, lon REAL NOT NULL, x_m REAL NOT NULL, y_m REAL NOT NULL);
CREATE TABLE edges (id INTEGER PRIMARY KEY, node_a INTEGER NOT NULL REFERENCES nodes(id),
    node_b INTEGER NOT NULL REFERENCES nodes(id), street_id INTEGER NOT NULL REFERENCES streets(id),
    name TEXT NOT NULL, highway TEXT NOT NULL, length_m REAL NOT NULL, car_kmh REAL, bike_kmh REAL, foot_kmh REAL,
    bridge INTEGER NOT NULL DEFAULT 0, geometry TEXT NOT NULL);
CREATE INDEX edges_a ON edges(node_a);
CREATE INDEX edges_b ON edges(node_b);
CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, category TEXT NOT NULL,
    district TEXT NOT NULL, street TEXT NOT NULL, house_number TEXT, postcode TEXT NOT NULL, city TEXT NOT NULL,
    lat REAL NOT NULL, lon REAL NOT NULL, node_id INTEGER NOT NULL REFERENCES nodes(id), display_name TEXT NOT NULL,
    phone TEXT, opening_hours TEXT, website TEXT, description TEXT NOT NULL, is_landmark INTEGER NOT NULL DEFAULT 0);
CREATE INDEX places_category ON places(category);
CREATE TABLE place_tags (place_id INTEGER NOT NULL REFERENCES places(id), key TEXT NOT NULL, value TEXT NOT NULL,
    PRIMARY KEY (place_id, key));
CREATE TABLE areas (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '', kind TEXT NOT NULL, district TEXT,
    place_id INTEGER REFERENCES places(id), polygon TEXT NOT NULL);
CREATE TABLE notes (id INTEGER PRIMARY KEY, lat REAL NOT NULL, lon REAL NOT NULL,
    place_id INTEGER REFERENCES places(id), status TEXT NOT NULL CHECK (status IN ('open', 'closed')),
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL, closed_at TEXT);
CREATE INDEX notes_place ON notes(place_id);
CREATE TABLE note_comments (id INTEGER PRIMARY KEY, note_id INTEGER NOT NULL REFERENCES notes(id),
    action TEXT NOT NULL CHECK (action IN ('opened', 'commented', 'closed', 'reopened')), author TEXT,
    body TEXT NOT NULL DEFAULT '', created_at TEXT NOT NULL);
CREATE INDEX note_comments_note ON note_comments(note_id);
"""

# The logical clock of map notes starts here (the seed's notes are all older).
SEED_NOW = "2026-11-01 12:00:00"

# Seeded notes: (place name, [(action, author or None for anonymous, body, created_at), ...]); a note is
# resolved when its last comment closes it.
NOTES: list[tuple[str, list[tuple[str, str | None, str, str]]]] = [
    ("Ferry Terminal", [
        ("opened", None, "The ticket office is missing from the map.", "2026-08-14 09:12:00"),
        ("closed", "harbor_mapper", "Added the ticket office inside the terminal building, thanks!",
         "2026-08-20 17:40:00")]),
    ("Blue Heron Coffee", [
        ("opened", None, "The entrance has moved around the corner to the side street.", "2026-09-02 08:31:00")]),
    ("Old Mill Brewery", [
        ("opened", None, "Opening hours have changed: they are closed on Mondays now.", "2026-09-11 19:05:00"),
        ("commented", "millrace_jo", "Can anyone confirm this? The website still says every day.",
         "2026-09-13 10:22:00")]),
    ("Central Library", [
        ("opened", None, "The book drop box is on the Court Street side.", "2026-09-18 14:47:00"),
        ("closed", "lantern_mapper", "Added the drop box as a separate point.", "2026-09-25 11:03:00")]),
    ("Maritime Museum", [
        ("opened", None, "The wheelchair entrance is on the harbor side, please add it.", "2026-09-30 16:20:00")]),
    ("Eastgate Stadium", [
        ("opened", None, "The north parking lot is closed for construction until spring.", "2026-10-04 12:58:00")]),
    ("Hilltop Observatory", [
        ("opened", None, "The road up to the observatory is one-way (uphill) now.", "2026-10-09 21:14:00"),
        ("commented", None, "Saw the new signs too, only uphill traffic allowed.", "2026-10-10 07:45:00")]),
    ("Port Alder Zoo", [
        ("opened", None, "There is a new entrance gate on the east side of the zoo.", "2026-10-15 10:30:00"),
        ("closed", "zoo_volunteer", "Mapped the east gate.", "2026-10-18 15:02:00")]),
    ("Science Center", [
        ("opened", None, "The cafe inside the Science Center has closed.", "2026-10-21 13:11:00")]),
    ("St. Mary's Church", [
        ("opened", None, "The sign at the door says St. Mary's Parish Church.", "2026-10-27 09:54:00")]),
]


# --- geometry helpers ------------------------------------------------------------------


def _seg_dist(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> tuple[float, float, float]:
    """Distance from P to segment AB, and the closest point."""
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L2))
    cx, cy = ax + t * dx, ay + t * dy
    return math.hypot(px - cx, py - cy), cx, cy


def _seg_hits_rect(ax: float, ay: float, bx: float, by: float, x0: float, y0: float, x1: float, y1: float) -> bool:
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
    """Spatial hash over edge segments (local metres)."""

    CELL = 100.0

    def __init__(self, edges: list[L.Edge]) -> None:
        self.edges = edges
        self.cells: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
        for ei, e in enumerate(edges):
            for si in range(len(e.pts) - 1):
                (ax, ay), (bx, by) = e.pts[si], e.pts[si + 1]
                for cx in range(math.floor(min(ax, bx) / self.CELL), math.floor(max(ax, bx) / self.CELL) + 1):
                    for cy in range(math.floor(min(ay, by) / self.CELL), math.floor(max(ay, by) / self.CELL) + 1):
                        self.cells[(cx, cy)].append((ei, si))

    def _near(self, x0: float, y0: float, x1: float, y1: float):
        seen = set()
        for cx in range(math.floor(x0 / self.CELL), math.floor(x1 / self.CELL) + 1):
            for cy in range(math.floor(y0 / self.CELL), math.floor(y1 / self.CELL) + 1):
                for item in self.cells.get((cx, cy), ()):
                    if item not in seen:
                        seen.add(item)
                        yield item

    def nearest(self, x: float, y: float, ok=lambda e: True, radius: float = 300.0):
        best = (math.inf, None, 0.0, 0.0)
        for r in (radius, radius * 4, radius * 16):
            for ei, si in self._near(x - r, y - r, x + r, y + r):
                e = self.edges[ei]
                if not ok(e):
                    continue
                (ax, ay), (bx, by) = e.pts[si], e.pts[si + 1]
                d, cx, cy = _seg_dist(x, y, ax, ay, bx, by)
                if d < best[0]:
                    best = (d, e, cx, cy)
            if best[1] is not None:
                return best
        return best

    def clear_of(self, x: float, y: float, dist: float) -> bool:
        for ei, si in self._near(x - dist, y - dist, x + dist, y + dist):
            (ax, ay), (bx, by) = self.edges[ei].pts[si], self.edges[ei].pts[si + 1]
            if _seg_dist(x, y, ax, ay, bx, by)[0] < dist:
                return False
        return True

    def rect_clear(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        for ei, si in self._near(x0, y0, x1, y1):
            (ax, ay), (bx, by) = self.edges[ei].pts[si], self.edges[ei].pts[si + 1]
            if _seg_hits_rect(ax, ay, bx, by, x0, y0, x1, y1):
                return False
        return True


def _point_at(pts: list[tuple[float, float]], t: float) -> tuple[float, float, float, float]:
    """Point at fraction t of the polyline's length, plus the unit direction there."""
    total = L.poly_length(pts)
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


def _ll(pts) -> str:
    return json.dumps([list(to_latlon(x, y)) for x, y in pts], separators=(",", ":"))


def _rect(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _ellipse(cx: float, cy: float, rx: float, ry: float, n: int = 48) -> list[tuple[float, float]]:
    return [(cx + rx * math.cos(2 * math.pi * i / n), cy + ry * math.sin(2 * math.pi * i / n)) for i in range(n)]


# --- the builder -------------------------------------------------------------------------


class _Builder:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        self.net = L.build_network()
        self.edges = self.net.edges
        self.index = EdgeIndex(self.edges)
        self.street_class: dict[str, str] = {}
        for e in self.edges:
            self.street_class.setdefault(e.name, e.highway)
        self._street_axes()
        self.eligible = self._eligible_nodes()
        self.places: list[dict] = []
        self.taken_numbers: set[tuple[str, str]] = set()
        self.areas: list[dict] = []
        self.park_rects: list[tuple[float, float, float, float]] = []
        self.phones = self._phone_numbers()
        self._cands: dict[tuple, list[L.Edge]] = {}
        self.edge_district = {id(e): L.district_of((e.pts[0][0] + e.pts[-1][0]) / 2, (e.pts[0][1] + e.pts[-1][1]) / 2)
                              for e in self.edges}

    # streets and numbers
    def _street_axes(self) -> None:
        pts: dict[str, list[tuple[float, float]]] = defaultdict(list)
        for e in self.edges:
            pts[e.name].extend(e.pts)
        self.axis: dict[str, tuple[float, float, float]] = {}
        for name, ps in pts.items():
            xs, ys = [p[0] for p in ps], [p[1] for p in ps]
            ax, ay = (1.0, 0.0) if max(xs) - min(xs) >= max(ys) - min(ys) else (0.0, 1.0)
            self.axis[name] = (ax, ay, min(x * ax + y * ay for x, y in ps))

    def house_number(self, street: str, x: float, y: float, fx: float, fy: float) -> str:
        ax, ay, origin = self.axis[street]
        n = 100 + 2 * int(((fx * ax + fy * ay) - origin) / 5.0)
        if ax * (y - fy) - ay * (x - fx) < 0:  # right-hand side of the street's direction: odd numbers
            n += 1
        while (street, str(n)) in self.taken_numbers:
            n += 2
        self.taken_numbers.add((street, str(n)))
        return str(n)

    def _eligible_nodes(self) -> set[int]:
        """Junctions on ordinary roads that every mode can reach from every other."""
        out: set[int] | None = None
        for mode in range(3):
            adj: dict[int, list[int]] = defaultdict(list)
            for e in self.edges:
                if SPEEDS[e.highway][mode] is not None:
                    adj[e.a].append(e.b)
                    adj[e.b].append(e.a)
            best: set[int] = set()
            seen: set[int] = set()
            for s in sorted(adj):
                if s in seen:
                    continue
                comp, stack = {s}, [s]
                while stack:
                    n = stack.pop()
                    for m in adj[n]:
                        if m not in comp:
                            comp.add(m)
                            stack.append(m)
                seen |= comp
                if len(comp) > len(best):
                    best = comp
            out = best if out is None else out & best
        road_nodes = {n for e in self.edges if e.highway in ROAD_CLASSES for n in (e.a, e.b)}
        return (out or set()) & road_nodes

    def _phone_numbers(self) -> list[str]:
        nums = [f"+1 {area}-555-{i:04d}" for area in (503, 971, 458) for i in range(100, 200)]
        self.rng.shuffle(nums)
        return nums

    def node_for(self, e: L.Edge, x: float, y: float) -> int:
        cands = [(math.hypot(self.net.nodes[n - 1][0] - x, self.net.nodes[n - 1][1] - y), n)
                 for n in (e.a, e.b) if n in self.eligible]
        if cands:
            return min(cands)[1]
        return min(self.eligible, key=lambda n: (math.hypot(self.net.nodes[n - 1][0] - x,
                                                            self.net.nodes[n - 1][1] - y), n))

    # areas
    def build_areas(self) -> None:
        add = self.areas.append
        coast = [(x, L.coast_y(x)) for x in L._frange(-20000.0, 20000.0, 50.0)]
        add(dict(name="Alder Bay", kind="sea", pts=coast + [(20000.0, 20000.0), (-20000.0, 20000.0)]))
        ys = L._frange(-20000.0, 3400.0, 40.0)
        left = [(L.river_x(y) - L.RIVER_HALF_WIDTH, y) for y in ys]
        right = [(L.river_x(y) + L.RIVER_HALF_WIDTH, y) for y in reversed(ys)]
        add(dict(name="Alder River", kind="river", pts=left + right))
        xs = L._frange(L.X_MIN + 60, L.X_MAX - 60, 100.0)
        town = [(L.X_MIN + 60, L.Y_MIN + 60), (L.X_MAX - 60, L.Y_MIN + 60)] + [
            (x, L.coast_y(x) + 5.0) for x in reversed(xs)]
        add(dict(name="Port Alder", kind="residential", pts=town))
        ys = L._frange(-450.0, 1950.0, 40.0)
        park = [(L.drive_x(y) + 12.0, y) for y in ys] + [(L.river_x(y) - L.RIVER_HALF_WIDTH, y) for y in reversed(ys)]
        add(dict(name="Riverside Park", kind="park", district="Riverside Row", pts=park))
        add(dict(name="Founders Square", kind="square", district="Lantern Quarter", pts=_rect(-112, -112, 112, 112)))
        for z in L.ZONES:
            if z.ellipse:
                cx, cy = L.RESERVOIR_C
                add(dict(name="Hilltop Reservoir", kind="park", district="Hilltop",
                         pts=_ellipse(cx, cy, L.RESERVOIR_LOOP[0] + 35, L.RESERVOIR_LOOP[1] + 30)))
                add(dict(name="Hilltop Reservoir", kind="reservoir", district="Hilltop",
                         pts=_ellipse(cx, cy, L.RESERVOIR_LOOP[0] - 45, L.RESERVOIR_LOOP[1] - 42)))
            else:
                g = 13.0
                add(dict(name=z.name, kind=z.kind, district=L.district_of((z.x0 + z.x1) / 2, (z.y0 + z.y1) / 2),
                         pts=_rect(z.x0 - g, z.y0 - g, z.x1 + g, z.y1 + g)))
        xs = L._frange(-2950.0, -1900.0, 40.0)
        beach = [(x, L.coast_y(x) + 8.0) for x in xs] + [(x, L.coast_y(x) - 48.0) for x in reversed(xs)]
        add(dict(name="North Shore Beach", kind="beach", district="North Shore", pts=beach))
        for i, px in enumerate((150.0, 520.0, 880.0, 1240.0)):
            base = L.coast_y(px) - 20.0
            add(dict(name=f"Pier {i + 1}", kind="pier", district="Alder Wharf",
                     pts=_rect(px - 9, base, px + 9, base + 150.0)))
        self._parks()

    def _cell_ok(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1), ((x0 + x1) / 2, (y0 + y1) / 2)):
            if L.in_sea(x, y, 40.0) or L.drive_x(y) - 30 < x < L.waterfront_x(y) + 30:
                return False
            if any(z.contains(x, y, 40.0) for z in L.ZONES):
                return False
        return abs((x0 + x1) / 2) > 300 or abs((y0 + y1) / 2) > 300  # not Founders Square's block

    def _parks(self) -> None:
        cands = []
        for j in range(len(L.XS) - 1):
            for k in range(len(L.YS) - 1):
                x0, x1, y0, y1 = L.XS[j] + 24, L.XS[j + 1] - 24, L.YS[k] + 24, L.YS[k + 1] - 24
                if self._cell_ok(x0, y0, x1, y1) and self.index.rect_clear(x0 - 6, y0 - 6, x1 + 6, y1 + 6):
                    cands.append((x0, y0, x1, y1))
        self.rng.shuffle(cands)
        chosen: list[tuple[float, float, float, float]] = []
        by_district: dict[str, int] = defaultdict(int)
        for rect in cands:
            if len(chosen) >= len(D.PARKS):
                break
            cx, cy = (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2
            dist = L.district_of(cx, cy)
            if by_district[dist] >= 2:
                continue
            if any(math.hypot(cx - (r[0] + r[2]) / 2, cy - (r[1] + r[3]) / 2) < 900 for r in chosen):
                continue
            chosen.append(rect)
            by_district[dist] += 1
        self.park_rects = chosen

    # places
    def _valid_spot(self, x: float, y: float) -> bool:
        if L.in_sea(x, y, 15.0) or L.in_river(x, y, 60.0) or L.drive_x(y) < x < L.waterfront_x(y):
            return False
        if any(z.contains(x, y, 12.0) for z in L.ZONES) or (abs(x) < 130 and abs(y) < 130):
            return False
        if any(r[0] - 5 < x < r[2] + 5 and r[1] - 5 < y < r[3] + 5 for r in self.park_rects):
            return False
        if not self.index.clear_of(x, y, 14.0):
            return False
        return all(math.hypot(p["x"] - x, p["y"] - y) > 22.0 for p in self.places)

    def spot(self, district: str | None = None, street: str | None = None,
             near: tuple[float, float] | None = None) -> tuple[float, float, L.Edge, float, float]:
        def usable(e: L.Edge) -> bool:
            if e.highway not in ROAD_CLASSES or e.bridge or e.length < 80:
                return False
            if e.a not in self.eligible and e.b not in self.eligible:
                return False
            if street and e.name != street:
                return False
            mx, my = (e.pts[0][0] + e.pts[-1][0]) / 2, (e.pts[0][1] + e.pts[-1][1]) / 2
            if near and math.hypot(mx - near[0], my - near[1]) > 420:
                return False
            return not (district and self.edge_district[id(e)] != district)

        key = (district, street, near)
        if key not in self._cands:
            self._cands[key] = [e for e in self.edges if usable(e)]
        cands = self._cands[key]
        if not cands:
            cands = [e for e in self.edges if e.highway in ROAD_CLASSES and not e.bridge and e.length >= 80]
        for _ in range(400):
            e = self.rng.choice(cands)
            px, py, dx, dy = _point_at(e.pts, self.rng.uniform(0.15, 0.85))
            side = self.rng.choice((-1.0, 1.0))
            off = self.rng.uniform(20.0, 30.0)
            x, y = px - dy * off * side, py + dx * off * side
            if self._valid_spot(x, y):
                return x, y, e, px, py
        raise RuntimeError(f"no spot for a place in {district} {street}")

    def add_place(self, name: str, category: str, x: float, y: float, street: str, district: str, node: int,
                  number: str | None, *, landmark: bool = False, description: str = "", phone: str | None = None,
                  hours: str | None = None, website: str | None = None, tags: dict[str, str] | None = None) -> dict:
        postcode = D.POSTCODES[district]
        parts = [name] + ([number] if number else []) + [street, district, world.CITY, D.COUNTY, world.STATE,
                                                         postcode, world.COUNTRY]
        if name == street:  # the bridge: no need to say its name twice
            parts = parts[:1] + parts[2:]
        key, value, label = D.CATEGORY_TAGS[category]
        all_tags = {key: value, "name": name}
        if number:
            all_tags["addr:housenumber"] = number
        all_tags.update({"addr:street": street, "addr:city": world.CITY, "addr:postcode": postcode,
                         "addr:state": "OR"})
        if phone:
            all_tags["phone"] = phone
        if hours:
            all_tags["opening_hours"] = hours
        if website:
            all_tags["website"] = website
        all_tags.update(tags or {})
        p = dict(id=len(self.places) + 1, name=name, category=category, district=district, street=street,
                 house_number=number, postcode=postcode, x=x, y=y, node_id=node, display_name=", ".join(parts),
                 phone=phone, opening_hours=hours, website=website,
                 description=description or f"{label} in {district}, {world.CITY}.", is_landmark=int(landmark),
                 tags=all_tags)
        self.places.append(p)
        return p

    def landmarks(self) -> None:
        for lm in world.LANDMARKS:
            spec = D.LANDMARK_SPOTS[lm.name]
            x, y = spec["xy"]
            _, e, fx, fy = self.index.nearest(x, y, lambda e, s=spec["street"]: e.name == s, radius=400.0)
            assert e is not None, lm.name
            number = self.house_number(e.name, x, y, fx, fy) if spec.get("number", True) else None
            self.add_place(lm.name, lm.kind, x, y, e.name, lm.district, self.node_for(e, x, y), number,
                           landmark=True, description=lm.summary, hours=spec.get("hours"),
                           phone=self.phones.pop() if lm.kind not in ("bridge", "square", "beach", "reservoir")
                           else None, website=spec.get("website"), tags=spec.get("tags"))

    def generic(self, name: str, category: str, *, hours: list[str] | None = None, p_hours: float = 0.85,
                p_phone: float = 0.8, p_web: float = 0.4, tags: dict[str, str] | None = None,
                description: str = "", weights: dict[str, float] | None = None) -> dict:
        street = next((s for s in sorted(self.street_class, key=len, reverse=True)
                       if s in name and self.street_class[s] in ROAD_CLASSES), None)
        near = None
        if name in _NEAR:
            lm = next(p for p in self.places if p["name"] == _NEAR[name])
            near = (lm["x"], lm["y"])
        district = None
        if street is None and near is None:
            district = _district_hint(name) or self._pick_district(weights or COMMERCIAL_WEIGHTS)
        x, y, e, fx, fy = self.spot(district, street, near)
        dist = L.district_of(x, y)
        number = self.house_number(e.name, x, y, fx, fy)
        label = D.CATEGORY_TAGS[category][2]
        h = self.rng.choice(hours) if hours and self.rng.random() < p_hours else None
        ph = self.phones.pop() if self.rng.random() < p_phone else None
        web = f"https://www.{_slug(name)}.example" if self.rng.random() < p_web else None
        desc = description or f"{label} in {dist}, {world.CITY}."
        return self.add_place(name, category, x, y, e.name, dist, self.node_for(e, x, y), number, description=desc,
                              hours=h, phone=ph, website=web, tags=tags)

    def _pick_district(self, weights: dict[str, float]) -> str:
        names = sorted(weights)
        return self.rng.choices(names, [weights[n] for n in names])[0]

    def generated(self) -> None:
        g = self.generic
        for n in D.CAFES:
            g(n, "cafe", hours=CAFE_HOURS, tags={"cuisine": "coffee_shop"})
        for n, cuisine in D.RESTAURANTS:
            g(n, "restaurant", hours=RESTAURANT_HOURS, tags={"cuisine": cuisine},
              description=f"{_cuisine_label(cuisine)} restaurant in {{d}}.")
        for n, cuisine in D.FAST_FOOD:
            g(n, "fast food", hours=["Mo-Su 10:30-22:00", "Mo-Su 11:00-23:00"], tags={"cuisine": cuisine})
        for n in D.BARS:
            g(n, "bar", hours=BAR_HOURS)
        for n in D.PUBS:
            g(n, "pub", hours=BAR_HOURS)
        for n, stars in D.HOTELS:
            g(n, "hotel", hours=["24/7"], p_hours=1.0, p_phone=1.0, p_web=0.9, tags={"stars": stars},
              description=f"{stars}-star hotel in {{d}}.")
        for n in D.HOSTELS:
            g(n, "hostel", hours=["24/7"], p_phone=1.0)
        shop_hours = SHOP_HOURS
        for n in D.SUPERMARKETS:
            g(n, "supermarket", hours=["Mo-Su 07:00-23:00", "Mo-Su 06:00-24:00", "Mo-Sa 08:00-22:00; Su 09:00-21:00"])
        for n in D.CONVENIENCE:
            g(n, "convenience store", hours=["Mo-Su 06:00-24:00", "24/7"])
        for n in D.BAKERIES:
            g(n, "bakery", hours=["Mo-Sa 06:30-15:00", "Tu-Su 07:00-14:00"])
        for cat, names in (("bookshop", D.BOOKSHOPS), ("florist", D.FLORISTS), ("bicycle shop", D.BIKE_SHOPS),
                           ("hardware store", D.HARDWARE), ("clothes shop", D.CLOTHES), ("gift shop", D.GIFTS)):
            for n in names:
                g(n, cat, hours=shop_hours)
        for n in D.PHARMACIES:
            g(n, "pharmacy", hours=["Mo-Fr 08:00-21:00; Sa-Su 09:00-18:00", "Mo-Su 08:00-22:00"])
        for n in D.BANKS:
            g(n, "bank", hours=["Mo-Fr 09:00-17:00", "Mo-Fr 09:00-17:00; Sa 09:00-13:00"], tags={"atm": "yes"})
        for n in D.POST_OFFICES:
            g(n, "post office", hours=["Mo-Fr 08:30-17:30; Sa 09:00-12:00"], p_web=0.0)
        for n, brand in D.FUEL:
            g(n, "fuel station", hours=["24/7", "Mo-Su 06:00-23:00"], tags={"brand": brand}, weights=OUTER_WEIGHTS)
        for n in D.PARKINGS:
            g(n, "parking", hours=["24/7"], p_hours=0.5, p_phone=0.0, p_web=0.0,
              tags={"parking": "multi-storey" if ("Garage" in n or "Structure" in n) else "surface",
                    "fee": "yes"})
        for n in D.DENTISTS:
            g(n, "dentist", hours=["Mo-Fr 08:00-17:00"])
        for n in D.CLINICS:
            g(n, "clinic", hours=["Mo-Fr 08:00-20:00; Sa-Su 09:00-17:00", "Mo-Fr 08:00-18:00"])
        for n in D.GYMS:
            g(n, "gym", hours=["Mo-Fr 05:00-23:00; Sa-Su 07:00-21:00"])
        for n in D.CINEMAS:
            g(n, "cinema", hours=["Mo-Su 12:00-23:30"])
        for n, religion in D.WORSHIP:
            g(n, "place of worship", p_hours=0.0, tags={"religion": religion}, weights=RESIDENTIAL_WEIGHTS)
        for n in D.SCHOOLS:
            g(n, "school", hours=["Mo-Fr 08:00-15:30"], p_hours=0.5, p_phone=0.9, weights=RESIDENTIAL_WEIGHTS)
        for n in D.KINDERGARTENS:
            g(n, "kindergarten", hours=["Mo-Fr 07:30-18:00"], weights=RESIDENTIAL_WEIGHTS)
        self._park_places()
        self._bus_stops()
        for p in self.places:
            p["description"] = p["description"].replace("{d}", f"{p['district']}, {world.CITY}")

    def _park_places(self) -> None:
        for name, (x0, y0, x1, y1) in zip(D.PARKS, self.park_rects):
            x, y = (x0 + x1) / 2, (y0 + y1) / 2
            _, e, fx, fy = self.index.nearest(x, y, lambda e: e.highway in ROAD_CLASSES and not e.bridge)
            dist = L.district_of(x, y)
            p = self.add_place(name, "park", x, y, e.name, dist, self.node_for(e, x, y),
                               self.house_number(e.name, x, y, fx, fy), hours="Mo-Su 05:00-22:00",
                               tags={"playground": "yes"} if self.rng.random() < 0.5 else None)
            self.areas.append(dict(name=name, kind="park", district=dist, place_id=p["id"],
                                   pts=_rect(x0, y0, x1, y1)))

    def _bus_stops(self, count: int = 50) -> None:
        inc: dict[int, list[L.Edge]] = defaultdict(list)
        for e in self.edges:
            if e.highway in ROAD_CLASSES:
                inc[e.a].append(e)
                inc[e.b].append(e)
        rank = {c: i for i, c in enumerate(ROAD_CLASSES)}
        cands = []
        for n in sorted(inc):
            es = inc[n]
            names = {e.name for e in es}
            if n not in self.eligible or len(names) < 2 or min(rank[e.highway] for e in es) > 2:
                continue
            cands.append(n)
        self.rng.shuffle(cands)
        used_names: set[str] = set()
        stops = 0
        lines = {}
        for n in cands:
            if stops >= count:
                break
            es = sorted(inc[n], key=lambda e: (rank[e.highway], e.name))
            main = es[0]
            cross = next(e for e in es if e.name != main.name)
            name = f"{main.name} & {cross.name}"
            nx, ny = self.net.nodes[n - 1]
            if name in used_names or any(math.hypot(p["x"] - nx, p["y"] - ny) < 300 for p in self.places
                                         if p["category"] == "bus stop"):
                continue
            # stand 14 m along the main street, on its right-hand side
            far = main.pts[1] if main.a == n else main.pts[-2]
            dx, dy = far[0] - nx, far[1] - ny
            dn = math.hypot(dx, dy) or 1.0
            dx, dy = dx / dn, dy / dn
            x, y = nx + 14.0 * dx + 9.0 * dy, ny + 14.0 * dy - 9.0 * dx
            route = lines.setdefault(main.name, str(len(lines) * 3 % 40 + 2))
            route_ref = route if self.rng.random() < 0.5 else f"{route};{int(route) + 10}"
            used_names.add(name)
            stops += 1
            self.add_place(name, "bus stop", x, y, main.name, L.district_of(x, y), n, None,
                           description=f"Bus stop served by line{'s' if ';' in route_ref else ''} "
                                       f"{route_ref.replace(';', ' and ')}.",
                           tags={"ref": f"Stop {4000 + 7 * len(self.places) % 1000:04d}", "route_ref": route_ref,
                                 "shelter": self.rng.choice(("yes", "no")), "bench": "yes"})

    # writing
    def write(self, conn: sqlite3.Connection) -> None:
        conn.executescript(SCHEMA)
        lat0, lon0 = world.CITY_CENTER
        (la, lo), (lb, lob) = to_latlon(L.X_MIN, L.Y_MIN), to_latlon(L.X_MAX, L.Y_MAX)
        meta = {"city": world.CITY, "county": D.COUNTY, "state": world.STATE, "country": world.COUNTRY,
                "center_lat": str(lat0), "center_lon": str(lon0), "bounds": f"{la},{lo},{lb},{lob}",
                "speeds": json.dumps(SPEEDS), "seed": str(SEED)}
        conn.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
        for i, name in enumerate(world.DISTRICTS, 1):
            lat, lon = to_latlon(*L.DISTRICT_CENTERS[name])
            conn.execute("INSERT INTO districts VALUES (?, ?, ?, ?, ?)", (i, name, D.POSTCODES[name], lat, lon))
        street_ids = {}
        for i, name in enumerate(sorted(self.street_class), 1):
            street_ids[name] = i
            conn.execute("INSERT INTO streets VALUES (?, ?, ?)", (i, name, self.street_class[name]))
        conn.executemany("INSERT INTO nodes VALUES (?, ?, ?, ?, ?)",
                         [(i, *to_latlon(x, y), round(x, 2), round(y, 2)) for i, (x, y) in enumerate(self.net.nodes, 1)])
        rows = []
        for i, e in enumerate(self.edges, 1):
            car, bike, foot = SPEEDS[e.highway]
            rows.append((i, e.a, e.b, street_ids[e.name], e.name, e.highway, round(e.length, 1), car, bike, foot,
                         int(e.bridge), _ll(e.pts)))
        conn.executemany("INSERT INTO edges VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        for p in self.places:
            lat, lon = to_latlon(p["x"], p["y"])
            conn.execute("INSERT INTO places VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (p["id"], p["name"], p["category"], p["district"], p["street"], p["house_number"],
                          p["postcode"], world.CITY, lat, lon, p["node_id"], p["display_name"], p["phone"],
                          p["opening_hours"], p["website"], p["description"], p["is_landmark"]))
            conn.executemany("INSERT INTO place_tags VALUES (?, ?, ?)",
                             [(p["id"], k, v) for k, v in sorted(p["tags"].items())])
        by_name = {p["name"]: p["id"] for p in self.places}
        for i, a in enumerate(self.areas, 1):
            pid = a.get("place_id") or (by_name.get(a["name"]) if a["kind"] not in ("sea", "river") else None)
            conn.execute("INSERT INTO areas VALUES (?, ?, ?, ?, ?, ?)",
                         (i, a["name"], a["kind"], a.get("district"), pid, _ll(a["pts"])))
        self._write_notes(conn, by_name)

    def _write_notes(self, conn: sqlite3.Connection, by_name: dict[str, int]) -> None:
        cid = 0
        for nid, (name, comments) in enumerate(NOTES, 1):
            p = self.places[by_name[name] - 1]
            lat, lon = to_latlon(p["x"], p["y"])
            closed = comments[-1][0] == "closed"
            conn.execute("INSERT INTO notes VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                         (nid, lat, lon, p["id"], "closed" if closed else "open", comments[0][3], comments[-1][3],
                          comments[-1][3] if closed else None))
            for action, author, body, ts in comments:
                cid += 1
                conn.execute("INSERT INTO note_comments VALUES (?, ?, ?, ?, ?, ?)", (cid, nid, action, author, body, ts))


COMMERCIAL_WEIGHTS = {"Lantern Quarter": 3.0, "Alder Wharf": 2.0, "Riverside Row": 2.0, "Eastgate": 2.0,
                      "University Park": 1.5, "Old Mill": 1.3, "North Shore": 1.0, "Hilltop": 0.7}
RESIDENTIAL_WEIGHTS = {"Lantern Quarter": 1.0, "Alder Wharf": 1.0, "Riverside Row": 1.5, "Eastgate": 1.5,
                       "University Park": 1.5, "Old Mill": 1.5, "North Shore": 1.5, "Hilltop": 1.5}
OUTER_WEIGHTS = {"Lantern Quarter": 0.3, "Alder Wharf": 0.5, "Riverside Row": 1.0, "Eastgate": 2.0,
                 "University Park": 1.0, "Old Mill": 1.0, "North Shore": 1.0, "Hilltop": 1.5}
CAFE_HOURS = ["Mo-Fr 07:00-18:00; Sa-Su 08:00-17:00", "Mo-Su 06:30-19:00", "Mo-Sa 07:00-16:00",
              "Mo-Fr 06:00-15:00; Sa 07:00-15:00"]
RESTAURANT_HOURS = ["Mo-Su 11:00-22:00", "Tu-Su 17:00-22:00", "Mo-Th 11:30-21:30; Fr-Sa 11:30-23:00; Su 12:00-21:00",
                    "Mo-Sa 11:00-21:00"]
BAR_HOURS = ["Mo-Su 16:00-02:00", "Mo-Th 15:00-24:00; Fr-Sa 15:00-02:00; Su 15:00-23:00"]
SHOP_HOURS = ["Mo-Sa 09:00-20:00; Su 10:00-18:00", "Mo-Fr 10:00-19:00; Sa 10:00-17:00", "Tu-Sa 10:00-18:00"]

_HINTS = (
    ("North Shore", "North Shore"), ("Lighthouse", "North Shore"), ("Hilltop", "Hilltop"), ("Old Mill", "Old Mill"),
    ("Miller", "Old Mill"), ("Riverside", "Riverside Row"), ("Eastgate", "Eastgate"), ("Station", "Eastgate"),
    ("Campus", "University Park"), ("University", "University Park"), ("Lantern", "Lantern Quarter"),
    ("Chloe", "Lantern Quarter"), ("Harbor", "Alder Wharf"), ("Wharf", "Alder Wharf"), ("Dock", "Alder Wharf"),
    ("Ferry", "Alder Wharf"), ("Quayside", "Alder Wharf"), ("Tugboat", "Alder Wharf"), ("Saltwater", "Alder Wharf"),
    ("Anchor", "Alder Wharf"), ("Oyster", "Alder Wharf"), ("Crab", "Alder Wharf"), ("Salmon", "Alder Wharf"),
    ("Mill", "Old Mill"),
)
_NEAR = {
    "Eastgate Station Park & Ride": "Eastgate Station", "Hospital Parking Garage": "Alder General Hospital",
    "University Parking Structure": "Port Alder University", "Stadium Parking Lot": "Eastgate Stadium",
    "Library Parking": "Central Library", "Eastgate Mall Parking North": "Eastgate Mall",
    "Wharf Parking Lot": "Alder Wharf Market", "Old Mill Parking": "Old Mill Museum",
    "Station Hotel": "Eastgate Station", "Station Diner": "Eastgate Station", "University Inn": "Port Alder University",
    "Campus Pharmacy": "Port Alder University", "Campus Health Clinic": "Port Alder University",
    "Campus Corner Coffee": "Port Alder University", "Campus Convenience": "Port Alder University",
    "Lighthouse Gifts": "North Shore Lighthouse", "The Lighthouse Inn": "North Shore Lighthouse",
    "Harborview Inn": "Ferry Terminal", "Marriott Port Alder Waterfront": "Alder Wharf Market",
    "Lantern Cinema": "Lantern Theatre", "Eastgate Cinema 8": "Eastgate Mall",
    "Eastgate Sports Bar": "Eastgate Stadium", "The Reading Room Café": "Central Library",
    "St. Mary's Catholic School": "St. Mary's Church",
}


def _district_hint(name: str) -> str | None:
    for word, district in _HINTS:
        if word in name:
            return district
    return None


def _slug(name: str) -> str:
    out = "".join(ch.lower() if ch.isalnum() else "-" for ch in name.replace("'", "").replace("&", "and"))
    out = out.replace("é", "e")
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-")


def _cuisine_label(c: str) -> str:
    return {"steak_house": "Steak house", "barbecue": "Barbecue"}.get(c, c.replace("_", " ").capitalize())


def build_seed(path: Path) -> None:
    """Write the map's seed database to `path` (deterministic)."""
    b = _Builder()
    b.build_areas()
    b.landmarks()
    b.generated()
    path = Path(path)
    path.unlink(missing_ok=True)
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA journal_mode=MEMORY")
        conn.execute("PRAGMA synchronous=OFF")
        b.write(conn)
        conn.commit()
    finally:
        conn.close()
