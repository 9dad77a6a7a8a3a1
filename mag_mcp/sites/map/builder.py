"""The builder of the map's world: streets, areas, the hand-made places and their addresses.

`Builder` turns `layout`'s street network into places with addresses: every place stands
beside a street (20-30 m from its centre line), gets a house number on that street (even
numbers on the left of the street's direction, odd on the right, counted every 5 m from
its start) and a junction of the road graph that car, bike and foot can all reach. The
original 348 places (`original_places`) come first and draw from ``random.Random(SEED)``
in a fixed order, so their ids, positions and numbers never change when generated places
(`poi_gen`) are added after them from streams of their own.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict

from .. import world
from . import layout as L
from . import places_data as D
from .categories import CATEGORY_TAGS, category_importance
from .spatial import EdgeIndex, ellipse, point_at, rect

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


class Builder:
    """The city's places and areas as they are generated (local metres; see the module doc)."""

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
        add(dict(name="Founders Square", kind="square", district="Lantern Quarter", pts=rect(-112, -112, 112, 112)))
        for z in L.ZONES:
            if z.ellipse:
                cx, cy = L.RESERVOIR_C
                add(dict(name="Hilltop Reservoir", kind="park", district="Hilltop",
                         pts=ellipse(cx, cy, L.RESERVOIR_LOOP[0] + 35, L.RESERVOIR_LOOP[1] + 30)))
                add(dict(name="Hilltop Reservoir", kind="reservoir", district="Hilltop",
                         pts=ellipse(cx, cy, L.RESERVOIR_LOOP[0] - 45, L.RESERVOIR_LOOP[1] - 42)))
            else:
                g = 13.0
                add(dict(name=z.name, kind=z.kind, district=L.district_of((z.x0 + z.x1) / 2, (z.y0 + z.y1) / 2),
                         pts=rect(z.x0 - g, z.y0 - g, z.x1 + g, z.y1 + g)))
        xs = L._frange(-2950.0, -1900.0, 40.0)
        beach = [(x, L.coast_y(x) + 8.0) for x in xs] + [(x, L.coast_y(x) - 48.0) for x in reversed(xs)]
        add(dict(name="North Shore Beach", kind="beach", district="North Shore", pts=beach))
        for i, px in enumerate((150.0, 520.0, 880.0, 1240.0)):
            base = L.coast_y(px) - 20.0
            add(dict(name=f"Pier {i + 1}", kind="pier", district="Alder Wharf",
                     pts=rect(px - 9, base, px + 9, base + 150.0)))
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
        for cell in cands:
            if len(chosen) >= len(D.PARKS):
                break
            cx, cy = (cell[0] + cell[2]) / 2, (cell[1] + cell[3]) / 2
            dist = L.district_of(cx, cy)
            if by_district[dist] >= 2:
                continue
            if any(math.hypot(cx - (r[0] + r[2]) / 2, cy - (r[1] + r[3]) / 2) < 900 for r in chosen):
                continue
            chosen.append(cell)
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
            px, py, dx, dy = point_at(e.pts, self.rng.uniform(0.15, 0.85))
            side = self.rng.choice((-1.0, 1.0))
            off = self.rng.uniform(20.0, 30.0)
            x, y = px - dy * off * side, py + dx * off * side
            if self._valid_spot(x, y):
                return x, y, e, px, py
        raise RuntimeError(f"no spot for a place in {district} {street}")

    def add_place(self, name: str, category: str, x: float, y: float, street: str, district: str, node: int,
                  number: str | None, *, landmark: bool = False, description: str = "", phone: str | None = None,
                  hours: str | None = None, website: str | None = None, tags: dict[str, str] | None = None,
                  named: bool = True) -> dict:
        """Add a place (its display name, OSM tags and importance follow from the arguments).
        An unnamed feature (`named` false: a post box) is called by its label and has no name tag."""
        postcode = D.POSTCODES[district]
        parts = [name] + ([number] if number else []) + [street, district, world.CITY, D.COUNTY, world.STATE,
                                                         postcode, world.COUNTRY]
        if name == street:  # the bridge: no need to say its name twice
            parts = parts[:1] + parts[2:]
        key, value, label = CATEGORY_TAGS[category]
        all_tags = {key: value, "name": name} if named else {key: value}
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
                 tags=all_tags, importance=category_importance(category, landmark), brand=all_tags.get("brand"))
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

