"""Routing over the map's road graph (car / bike / foot), as the directions page does it.

Pure functions over a sqlite3 connection to a map database (see `seed` for the
schema and the routing model). Checkers call `route` (or `directions` for the
same numbers and the texts the page shows):

    >>> dist_m, time_s, nodes = route(conn, 1, 8, "car")

* Dijkstra over ``edges`` (undirected), minimising travel time; an edge is
  usable when its ``<mode>_kmh`` is not NULL, and costs
  ``length_m / (kmh / 3.6)`` seconds. Ties go to the smaller node id, so
  results are deterministic.
* A route between two places runs between their ``node_id`` junctions.
* The page shows ``Distance: 3.2km. Time: 0:09.`` -- `format_distance`
  and `format_time` (OpenStreetMap's own formats).
"""

from __future__ import annotations

import heapq
import json
import math
import sqlite3
from dataclasses import dataclass, field

MODES = ("car", "bike", "foot")
ENGINES = {"fossgis_osrm_bike": "bike", "fossgis_osrm_car": "car", "fossgis_osrm_foot": "foot"}
ENGINE_OF = {mode: engine for engine, mode in ENGINES.items()}
ENGINE_LABELS = {"fossgis_osrm_bike": "Bicycle (OSRM)", "fossgis_osrm_car": "Car (OSRM)",
                 "fossgis_osrm_foot": "Foot (OSRM)"}
_ALIASES = {"car": "car", "drive": "car", "driving": "car", "auto": "car", "bike": "bike", "bicycle": "bike",
            "cycling": "bike", "cycle": "bike", "foot": "foot", "walk": "foot", "walking": "foot",
            "pedestrian": "foot"}


class NoRoute(LookupError):
    """No path between the two points for this mode."""


def mode_of(value: str | None, default: str = "car") -> str:
    """'car' / 'bike' / 'foot' from a mode name or an engine id ('fossgis_osrm_bike', 'graphhopper_foot', ...)."""
    if not value:
        return default
    v = value.strip().lower()
    if v in _ALIASES:
        return _ALIASES[v]
    for part in reversed(v.replace("-", "_").split("_")):
        if part in _ALIASES:
            return _ALIASES[part]
    raise ValueError(f"unknown travel mode {value!r}")


@dataclass
class Graph:
    """Adjacency of one mode: node -> [(neighbour, seconds, metres, edge id)], sorted by edge id."""

    mode: str
    adj: dict[int, list[tuple[int, float, float, int]]]
    coords: dict[int, tuple[float, float]] = field(default_factory=dict)  # node -> (lat, lon)

    def nearest_node(self, lat: float, lon: float) -> int:
        """The junction of this mode's graph closest to a point (ties: smaller id)."""
        from .geo import to_xy

        x, y = to_xy(lat, lon)
        best, best_d = 0, math.inf
        for n in sorted(self.adj):
            nx, ny = to_xy(*self.coords[n])
            d = math.hypot(nx - x, ny - y)
            if d < best_d:
                best, best_d = n, d
        return best


def load_graph(conn: sqlite3.Connection, mode: str) -> Graph:
    mode = mode_of(mode)
    col = {"car": "car_kmh", "bike": "bike_kmh", "foot": "foot_kmh"}[mode]
    adj: dict[int, list[tuple[int, float, float, int]]] = {}
    for eid, a, b, length, kmh in conn.execute(
            f"SELECT id, node_a, node_b, length_m, {col} FROM edges WHERE {col} IS NOT NULL ORDER BY id"):
        secs = length / (kmh / 3.6)
        adj.setdefault(a, []).append((b, secs, length, eid))
        adj.setdefault(b, []).append((a, secs, length, eid))
    coords = {n: (lat, lon) for n, lat, lon in conn.execute("SELECT id, lat, lon FROM nodes") if n in adj}
    return Graph(mode, adj, coords)


def shortest_path(graph: Graph, src: int, dst: int) -> tuple[float, float, list[int], list[int]]:
    """(metres, seconds, nodes, edge ids) of the fastest path; raises NoRoute."""
    if src not in graph.adj or dst not in graph.adj:
        raise NoRoute(f"node {src if src not in graph.adj else dst} is not reachable by {graph.mode}")
    if src == dst:
        return 0.0, 0.0, [src], []
    best: dict[int, float] = {src: 0.0}
    prev: dict[int, tuple[int, int, float]] = {}
    heap: list[tuple[float, int]] = [(0.0, src)]
    done: set[int] = set()
    while heap:
        cost, n = heapq.heappop(heap)
        if n in done:
            continue
        done.add(n)
        if n == dst:
            break
        for m, secs, length, eid in graph.adj[n]:
            c = cost + secs
            if m not in done and (c < best.get(m, math.inf) - 1e-9):
                best[m] = c
                prev[m] = (n, eid, length)
                heapq.heappush(heap, (c, m))
    if dst not in done:
        raise NoRoute(f"no {graph.mode} route from node {src} to node {dst}")
    nodes, edges, lengths = [dst], [], []
    n = dst
    while n != src:
        p, eid, length = prev[n]
        nodes.append(p)
        edges.append(eid)
        lengths.append(length)
        n = p
    nodes.reverse()
    edges.reverse()
    lengths.reverse()
    return round(sum(lengths), 1), round(best[dst], 1), nodes, edges


def place_node(conn: sqlite3.Connection, place_id: int) -> int:
    row = conn.execute("SELECT node_id FROM places WHERE id = ?", (place_id,)).fetchone()
    if row is None:
        raise KeyError(f"no place {place_id}")
    return int(row[0])


def route(conn: sqlite3.Connection, from_place_id: int, to_place_id: int, mode: str,
          graph: Graph | None = None) -> tuple[float, float, list[int]]:
    """(distance in metres, duration in seconds, node ids) of the fastest `mode` route between two places."""
    g = graph if graph is not None and graph.mode == mode_of(mode) else load_graph(conn, mode)
    dist, secs, nodes, _ = shortest_path(g, place_node(conn, from_place_id), place_node(conn, to_place_id))
    return dist, secs, nodes


# --- what the page shows --------------------------------------------------------------


def format_distance(m: float) -> str:
    """OSM's total distance: '850m', '3.2km' (one decimal from 1 km up)."""
    if m < 1000:
        return f"{round(m)}m"
    return f"{m / 1000:.1f}km"


def format_step_distance(m: float) -> str:
    if m < 1000:
        return f"{int(round(m / 10.0) * 10)}m"
    return f"{m / 1000:.1f}km"


def format_time(s: float) -> str:
    """OSM's duration: hours:minutes, minutes rounded ('0:09', '1:05')."""
    minutes = int(math.floor(s / 60.0 + 0.5))
    return f"{minutes // 60}:{minutes % 60:02d}"


def summary(distance_m: float, duration_s: float) -> str:
    return f"Distance: {format_distance(distance_m)}. Time: {format_time(duration_s)}."


@dataclass
class Step:
    instruction: str
    street: str
    distance_m: float
    maneuver: str  # depart, straight, slight-left, left, sharp-left, ..., uturn, arrive
    lat: float
    lon: float


@dataclass
class Directions:
    mode: str
    distance_m: float
    duration_s: float
    nodes: list[int]
    edges: list[int]
    steps: list[Step]
    geometry: list[tuple[float, float]]  # [(lat, lon)] along the route

    @property
    def summary(self) -> str:
        return summary(self.distance_m, self.duration_s)

    @property
    def distance_text(self) -> str:
        return format_distance(self.distance_m)

    @property
    def time_text(self) -> str:
        return format_time(self.duration_s)


def _turn(delta: float) -> tuple[str, str]:
    a = abs(delta)
    side = "right" if delta > 0 else "left"
    if a < 25:
        return "straight", ""
    if a < 60:
        return f"slight-{side}", f"slight {side}"
    if a < 135:
        return side, side
    if a < 170:
        return f"sharp-{side}", f"sharp {side}"
    return "uturn", "U-turn"


def _unnamed(name: str, highway: str) -> str:
    return name or {"footway": "the footpath", "cycleway": "the cycleway"}.get(highway, "the road")


def build_directions(conn: sqlite3.Connection, graph: Graph, src: int, dst: int) -> Directions:
    """The route between two nodes with OSRM-like turn-by-turn steps."""
    from .geo import bearing, compass, to_xy

    dist, secs, nodes, edge_ids = shortest_path(graph, src, dst)
    info: dict[int, sqlite3.Row | tuple] = {}
    if edge_ids:
        q = ",".join("?" * len(edge_ids))
        for row in conn.execute(f"SELECT id, node_a, node_b, name, highway, length_m, geometry FROM edges "
                                f"WHERE id IN ({q})", edge_ids):
            info[row[0]] = row
    geometry: list[tuple[float, float]] = []
    legs = []  # (name, highway, length, [xy...])
    for i, eid in enumerate(edge_ids):
        _, a, _b, name, highway, length, geom = info[eid]
        pts = [tuple(p) for p in json.loads(geom)]
        if nodes[i] != a:
            pts.reverse()
        geometry.extend(pts if not geometry else pts[1:])
        legs.append((name, highway, length, [to_xy(*p) for p in pts]))
    if not geometry:
        geometry = [graph.coords[src]] if src in graph.coords else []
    steps: list[Step] = []
    i = 0
    while i < len(legs):
        name, highway = legs[i][0], legs[i][1]
        j, total = i, 0.0
        while j < len(legs) and legs[j][0] == name:
            total += legs[j][2]
            j += 1
        first = legs[i][3]
        lat, lon = _latlon_of(first[0])
        label = _unnamed(name, highway)
        if i == 0:
            heading = compass(bearing(*first[0], *_ahead(first)))
            steps.append(Step(f"Start on {label} heading {heading}", name, total, "depart", lat, lon))
        else:
            prev_pts = legs[i - 1][3]
            b_in = bearing(*_behind(prev_pts), *prev_pts[-1])
            b_out = bearing(*first[0], *_ahead(first))
            delta = (b_out - b_in + 540.0) % 360.0 - 180.0
            maneuver, words = _turn(delta)
            if maneuver == "straight":
                text = f"Continue onto {label}"
            elif maneuver == "uturn":
                text = f"Make a U-turn onto {label}"
            else:
                text = f"Turn {words} onto {label}"
            steps.append(Step(text, name, total, maneuver, lat, lon))
        i = j
    end = geometry[-1] if geometry else (0.0, 0.0)
    steps.append(Step("Reach destination", "", 0.0, "arrive", end[0], end[1]))
    return Directions(graph.mode, dist, secs, nodes, edge_ids, steps, geometry)


def directions(conn: sqlite3.Connection, from_place_id: int, to_place_id: int, mode: str,
               graph: Graph | None = None) -> Directions:
    g = graph if graph is not None and graph.mode == mode_of(mode) else load_graph(conn, mode)
    return build_directions(conn, g, place_node(conn, from_place_id), place_node(conn, to_place_id))


def _latlon_of(xy: tuple[float, float]) -> tuple[float, float]:
    from .geo import to_latlon

    return to_latlon(*xy)


def _ahead(pts: list[tuple[float, float]], dist: float = 25.0) -> tuple[float, float]:
    """A point about `dist` metres along the polyline (for a stable heading)."""
    x0, y0 = pts[0]
    for p in pts[1:]:
        if math.hypot(p[0] - x0, p[1] - y0) >= dist:
            return p
    return pts[-1]


def _behind(pts: list[tuple[float, float]], dist: float = 25.0) -> tuple[float, float]:
    x0, y0 = pts[-1]
    for p in reversed(pts[:-1]):
        if math.hypot(p[0] - x0, p[1] - y0) >= dist:
            return p
    return pts[0]
