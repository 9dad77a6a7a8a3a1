"""OSM ways and relations over the street graph: what /way/<id> and /relation/<id> show and
what the geocoder lists for a street or a district.

A *way* is a street's stretch within one district: the edges of one name whose midpoints
lie in one district, joined where they meet (a street cut by a park or the river makes
two ways in one district). Its tags follow the street's class the way US data is tagged
(maxspeed in mph, TIGER county tags on residential streets). Relations: the city
(admin_level 8) with the districts (admin_level 10) as sub-areas, and one bus route per
line with its stops in order along the street.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from dataclasses import dataclass, field

from . import layout as L
from .categories import HIGHWAY_IMPORTANCE

_MAXSPEED = {"motorway": "60 mph", "primary": "35 mph", "secondary": "30 mph", "tertiary": "25 mph",
             "residential": "20 mph"}
_LANES = {"motorway": "3", "primary": "4", "secondary": "2", "tertiary": "2"}


@dataclass
class Way:
    id: int
    name: str
    highway: str
    district: str
    edges: list[int]  # indexes into the builder's edges
    nodes: list[int] = field(default_factory=list)
    length: float = 0.0
    tags: dict[str, str] = field(default_factory=dict)


def build_ways(edges: list[L.Edge]) -> tuple[list[Way], list[int]]:
    """The ways, and for every edge (by index) the id of its way."""
    groups: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, e in enumerate(edges):
        mx, my = (e.pts[0][0] + e.pts[-1][0]) / 2, (e.pts[0][1] + e.pts[-1][1]) / 2
        groups[(e.name, L.district_of(mx, my))].append(i)
    ways: list[Way] = []
    edge_way = [0] * len(edges)
    for (name, district) in sorted(groups, key=lambda k: (min(groups[k]), k)):
        members = groups[(name, district)]
        for comp in _components(edges, members):
            w = Way(len(ways) + 1, name, edges[comp[0]].highway, district, comp)
            w.nodes = _node_order(edges, comp)
            w.length = round(sum(edges[i].length for i in comp), 1)
            w.tags = _tags(w, any(edges[i].bridge for i in comp))
            ways.append(w)
            for i in comp:
                edge_way[i] = w.id
    return ways, edge_way


def _components(edges: list[L.Edge], members: list[int]) -> list[list[int]]:
    at: dict[int, list[int]] = defaultdict(list)
    for i in members:
        at[edges[i].a].append(i)
        at[edges[i].b].append(i)
    seen: set[int] = set()
    out = []
    for start in members:
        if start in seen:
            continue
        comp, stack = [], [start]
        seen.add(start)
        while stack:
            i = stack.pop()
            comp.append(i)
            for n in (edges[i].a, edges[i].b):
                for j in at[n]:
                    if j not in seen:
                        seen.add(j)
                        stack.append(j)
        out.append(sorted(comp))
    return out


def _node_order(edges: list[L.Edge], comp: list[int]) -> list[int]:
    """The way's junctions from one end to the other (a branching way lists each branch after)."""
    at: dict[int, list[int]] = defaultdict(list)
    for i in comp:
        at[edges[i].a].append(i)
        at[edges[i].b].append(i)
    ends = sorted(n for n in at if len(at[n]) == 1) or [edges[comp[0]].a]
    used: set[int] = set()
    order: list[int] = []
    for start in ends + sorted(at):
        cur = start
        while True:
            nxt = [i for i in at[cur] if i not in used]
            if not nxt:
                break
            i = nxt[0]
            used.add(i)
            if not order or order[-1] != cur:
                order.append(cur)
            cur = edges[i].b if edges[i].a == cur else edges[i].a
            order.append(cur)
        if len(used) == len(comp):
            break
    return order


def _tags(w: Way, bridge: bool) -> dict[str, str]:
    t = {"highway": w.highway, "name": w.name}
    if w.highway in _MAXSPEED:
        t["maxspeed"] = _MAXSPEED[w.highway]
        t["surface"] = "asphalt"
        t["lit"] = "yes" if w.highway != "residential" or w.district in ("Lantern Quarter", "Alder Wharf") else "no"
    if w.highway in _LANES:
        t["lanes"] = _LANES[w.highway]
    if w.highway in ("primary", "secondary", "tertiary", "residential"):
        t["sidewalk"] = "both" if w.highway != "residential" or w.id % 3 else "separate"
    if w.highway == "secondary" and w.id % 2 == 0:
        t["cycleway"] = "lane"
    if w.highway == "residential":
        t["tiger:county"] = "Alder, OR"
        t["tiger:cfcc"] = "A41"
    if w.highway == "cycleway":
        t.update({"bicycle": "designated", "foot": "designated", "surface": "asphalt", "segregated": "no"})
    if w.highway == "footway":
        t.update({"foot": "designated", "surface": "paving_stones" if w.district == "Lantern Quarter" else "gravel"})
    if w.highway == "motorway":
        t.update({"ref": "I 405", "oneway": "no", "toll": "no"})
    if bridge:
        t.update({"bridge": "yes", "layer": "1"})
    return t


def way_importance(w: Way) -> float:
    """Longer and bigger streets rank first among streets (Nominatim-like, 0..1)."""
    return round(HIGHWAY_IMPORTANCE.get(w.highway, 0.15) + min(0.05, w.length / 100_000.0), 4)


@dataclass
class Relation:
    id: int
    kind: str  # city | district | bus_route
    name: str
    ref: str | None
    tags: dict[str, str]
    members: list[tuple[str, int, str]]  # (member type, member id, role)


def admin_relations(districts: list[str], city: str, postcodes: dict[str, str]) -> list[Relation]:
    """Relation 1 the city, 2.. the districts (in `districts` order). (No population tags: the
    wiki's articles are where the city's figures live.)"""
    rels = [Relation(1, "city", city, None, {"type": "boundary", "boundary": "administrative", "admin_level": "8",
                                             "name": city, "place": "city", "border_type": "city"},
                     [("relation", i + 2, "subarea") for i in range(len(districts))])]
    for i, d in enumerate(districts):
        rels.append(Relation(i + 2, "district", d, None, {
            "type": "boundary", "boundary": "administrative", "admin_level": "10", "name": d, "place": "suburb",
            "addr:postcode": postcodes[d]}, []))
    return rels


def bus_relations(first_id: int, stops: list[dict], street_ways: dict[str, list[int]]) -> list[Relation]:
    """One route per line number found in the stops' ``route_ref`` tags, stops in order along the street."""
    lines: dict[str, list[dict]] = defaultdict(list)
    for p in stops:
        for ref in p["tags"].get("route_ref", "").split(";"):
            if ref:
                lines[ref].append(p)
    out = []
    for ref in sorted(lines, key=lambda r: (int(r) if r.isdigit() else 999, r)):
        ps = lines[ref]
        xs = [p["x"] for p in ps]
        ys = [p["y"] for p in ps]
        along_x = (max(xs) - min(xs)) >= (max(ys) - min(ys))
        ps = sorted(ps, key=lambda p: (p["x"] if along_x else -p["y"], p["id"]))
        streets = sorted({p["street"] for p in ps})
        members = [("node", p["id"], "platform") for p in ps]
        for s in streets:
            members += [("way", w, "") for w in street_ways.get(s, [])]
        name = f"Bus {ref}: {ps[0]['name']} => {ps[-1]['name']}"
        out.append(Relation(first_id + len(out), "bus_route", name, ref, {
            "type": "route", "route": "bus", "ref": ref, "name": name, "network": "Port Alder Transit",
            "operator": "Alder Transit", "from": ps[0]["name"], "to": ps[-1]["name"], "public_transport:version": "2",
            "colour": _COLOURS[int(ref) % len(_COLOURS)] if ref.isdigit() else "#1f77b4"}, members))
    return out


_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")


def tags_json(tags: dict[str, str]) -> str:
    return json.dumps(tags, sort_keys=True, separators=(",", ":"))


def centroid(points: list[tuple[float, float]]) -> tuple[float, float]:
    n = max(1, len(points))
    return sum(p[0] for p in points) / n, sum(p[1] for p in points) / n


def dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
