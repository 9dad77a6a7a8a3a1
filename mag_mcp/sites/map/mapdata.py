"""The map's geometry and places in memory: loaded once per content database (it never
changes) and shared by every page, tile and episode.

Everything is in local metres (`geo`); spatial indexes answer "what is in this
rectangle" for the tile renderer and "what is near here" for the pages. Buildings are
not stored: each 250 m block draws its own from a random stream seeded by the block, the
first time a tile needs it.
"""

from __future__ import annotations

import json
import random
import sqlite3
import threading
from collections import defaultdict
from dataclasses import dataclass, field

from . import layout as L
from .categories import label_of
from .geo import to_xy
from .routing import MODES, Graph, load_graph
from .spatial import EdgeIndex, PointGrid, bbox


@dataclass
class EdgeGeo:
    id: int
    a: int
    b: int
    name: str
    highway: str
    bridge: bool
    way_id: int
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
    """A street's edges joined into one long polyline (what street labels run along)."""

    name: str
    highway: str
    pts: list[tuple[float, float]]
    bbox: tuple[float, float, float, float]


@dataclass
class Place:
    id: int
    name: str
    category: str
    district: str
    street: str
    house_number: str | None
    postcode: str
    lat: float
    lon: float
    node_id: int
    display_name: str
    is_landmark: bool
    importance: float = 0.1
    brand: str | None = None
    named: bool = True
    cuisine: str = ""
    x: float = 0.0
    y: float = 0.0

    @property
    def label(self) -> str:
        return label_of(self.category)

    @property
    def address(self) -> str:
        """US style: '1760 Court Street'."""
        return f"{self.house_number} {self.street}" if self.house_number else self.street


@dataclass
class WayGeo:
    id: int
    name: str
    highway: str
    district: str
    importance: float
    length_m: float
    display_name: str
    pts: list[tuple[float, float]] = field(default_factory=list)

    @property
    def centre(self) -> tuple[float, float]:
        return self.pts[len(self.pts) // 2] if self.pts else (0.0, 0.0)


@dataclass
class District:
    id: int
    name: str
    postcode: str
    relation_id: int
    x: float
    y: float


@dataclass
class MapData:
    edges: list[EdgeGeo]
    areas: list[AreaGeo]
    places: list[Place]
    ways: list[WayGeo]
    districts: list[District]
    chains: list[Chain] = field(default_factory=list)
    graphs: dict[str, Graph] = field(default_factory=dict)
    edge_index: EdgeIndex | None = None
    place_grid: PointGrid = field(default_factory=lambda: PointGrid(100.0))
    _by_id: dict[int, Place] = field(default_factory=dict)
    _ways: dict[int, WayGeo] = field(default_factory=dict)
    _buildings: dict[tuple[int, int], list[tuple[float, float, float, float]]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def load(cls, conn: sqlite3.Connection) -> MapData:
        edges = [EdgeGeo(r[0], r[1], r[2], r[3], r[4], bool(r[5]), r[6] or 0, [to_xy(la, lo) for la, lo in json.loads(r[7])])
                 for r in conn.execute("SELECT id, node_a, node_b, name, highway, bridge, way_id, geometry FROM edges "
                                       "ORDER BY id")]
        areas = []
        for aid, name, kind, pid, poly in conn.execute("SELECT id, name, kind, place_id, polygon FROM areas ORDER BY id"):
            pts = [to_xy(la, lo) for la, lo in json.loads(poly)]
            areas.append(AreaGeo(aid, name, kind, pid, pts, bbox(pts)))
        data = cls(edges, areas, load_places(conn), _load_ways(conn, edges), _load_districts(conn))
        data.chains = _chains(edges)
        data.graphs = {m: load_graph(conn, m) for m in MODES}
        data.edge_index = EdgeIndex(edges)
        for p in data.places:
            data._by_id[p.id] = p
            data.place_grid.add(p.x, p.y, p)
        data._ways = {w.id: w for w in data.ways}
        return data

    def place(self, pid: int | None) -> Place | None:
        return self._by_id.get(pid) if pid is not None else None

    def way(self, wid: int) -> WayGeo | None:
        return self._ways.get(wid)

    def district(self, name: str) -> District | None:
        return next((d for d in self.districts if d.name == name), None)

    def places_in(self, x0: float, y0: float, x1: float, y1: float) -> list[Place]:
        return sorted(self.place_grid.in_rect(x0, y0, x1, y1), key=lambda p: p.id)

    def nearest_places(self, x: float, y: float, n: int, radius: float = 400.0) -> list[tuple[Place, float]]:
        """The `n` places closest to a point (ties: smaller id); widens the search until it finds them."""
        r = radius
        while True:
            found = sorted(((p, d) for d, p in self.place_grid.within(x, y, r)), key=lambda pd: (pd[1], pd[0].id))
            if len(found) >= n or r > 20_000:
                return found[:n]
            r *= 3

    def buildings(self, j: int, k: int) -> list[tuple[float, float, float, float]]:
        with self._lock:
            if (j, k) not in self._buildings:
                self._buildings[(j, k)] = _block_buildings(self, j, k)
            return self._buildings[(j, k)]


def load_places(conn: sqlite3.Connection) -> list[Place]:
    cuisines = dict(conn.execute("SELECT place_id, value FROM place_tags WHERE key = 'cuisine'").fetchall())
    named = {r[0] for r in conn.execute("SELECT place_id FROM place_tags WHERE key = 'name'")}
    out = []
    for r in conn.execute("SELECT id, name, category, district, street, house_number, postcode, lat, lon, node_id, "
                          "display_name, is_landmark, importance, brand FROM places ORDER BY id"):
        p = Place(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], bool(r[11]), r[12], r[13],
                  r[0] in named, cuisines.get(r[0], ""))
        p.x, p.y = to_xy(p.lat, p.lon)
        out.append(p)
    return out


def _load_ways(conn: sqlite3.Connection, edges: list[EdgeGeo]) -> list[WayGeo]:
    from .places_data import COUNTY, POSTCODES

    by_way: dict[int, list[EdgeGeo]] = defaultdict(list)
    for e in edges:
        by_way[e.way_id].append(e)
    out = []
    for wid, name, hw, district, imp, length in conn.execute(
            "SELECT id, name, highway, district, importance, length_m FROM ways ORDER BY id"):
        disp = ", ".join([name, district, "Port Alder", COUNTY, "Oregon", POSTCODES.get(district, ""), "United States"])
        w = WayGeo(wid, name, hw, district, imp, length, disp)
        chains = _chains(by_way[wid])
        w.pts = max(chains, key=lambda c: len(c.pts)).pts if chains else []
        out.append(w)
    return out


def _load_districts(conn: sqlite3.Connection) -> list[District]:
    out = []
    for did, name, pc, lat, lon, rel in conn.execute("SELECT id, name, postcode, lat, lon, relation_id FROM districts "
                                                     "ORDER BY id"):
        x, y = to_xy(lat, lon)
        out.append(District(did, name, pc, rel, x, y))
    return out


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
                pts: list[tuple[float, float]] = []
                cur, e = s, e0
                while e is not None and e.id not in used:
                    used.add(e.id)
                    seg = e.pts if e.a == cur else e.pts[::-1]
                    pts.extend(seg if not pts else seg[1:])
                    cur = e.b if e.a == cur else e.a
                    nxt = [f for f in adj[cur] if f.id not in used]
                    e = nxt[0] if len(adj[cur]) == 2 and nxt else None
                out.append(Chain(name, es[0].highway, pts, bbox(pts)))
    return out


_DENSITY = {"Lantern Quarter": (2, 5, 0.0), "Alder Wharf": (3, 8, 0.1), "Eastgate": (4, 10, 0.15),
            "Riverside Row": (3, 9, 0.1), "University Park": (5, 12, 0.2), "Old Mill": (4, 10, 0.2),
            "North Shore": (6, 16, 0.3), "Hilltop": (8, 20, 0.4)}
_BLOCKERS = ("park", "square", "campus", "garden", "stadium", "zoo", "reservoir", "beach")


def _block_buildings(data: MapData, j: int, k: int) -> list[tuple[float, float, float, float]]:
    """The buildings of block (j, k) of the street grid: rows along its four sides, denser downtown."""
    if not (0 <= j < len(L.XS) - 1 and 0 <= k < len(L.YS) - 1):
        return []
    x0, x1, y0, y1 = L.XS[j], L.XS[j + 1], L.YS[k], L.YS[k + 1]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    for x, y in ((x0 + 20, y0 + 20), (x1 - 20, y0 + 20), (x1 - 20, y1 - 20), (x0 + 20, y1 - 20), (cx, cy)):
        if L.in_sea(x, y, 20.0) or L.drive_x(y) - 10 < x < L.waterfront_x(y) + 10:
            return []
        if any(z.contains(x, y, 20.0) for z in L.ZONES):
            return []
    blockers = [a.bbox for a in data.areas if a.kind in _BLOCKERS]
    rng = random.Random(j * 7919 + k * 104729 + 17)
    gap_lo, gap_hi, skip = _DENSITY[L.district_of(cx, cy)]
    out: list[tuple[float, float, float, float]] = []
    index = data.edge_index
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
    """The cached geometry of one content database (`key` names it; the map's content never changes)."""
    with _LOCK:
        if key not in _CACHE:
            while len(_CACHE) >= 2:  # a rebuilt seed replaces the oldest one
                _CACHE.pop(next(iter(_CACHE)))
            _CACHE[key] = MapData.load(conn)
        return _CACHE[key]
