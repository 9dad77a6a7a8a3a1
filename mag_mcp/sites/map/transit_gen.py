"""More bus stops: along every main street a stop about every 350 m, and next to the big
landmarks a stop that carries the landmark's own name ("Central Library"), as bus stops in
OpenStreetMap often do -- a search for the landmark then lists both, the landmark first.

Mixed into the builder after the generated places. Stops stand 14 m along the main street
from a junction, on its right-hand side, and are served by the line of that street (the
lines the original stops gave the main streets, new numbers for streets that had none).
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from typing import TYPE_CHECKING

from . import layout as L
from .poi_specs import EXTRA_BUS_STOPS
from .spatial import PointGrid

if TYPE_CHECKING:
    from .builder import Builder

    _Base = Builder
else:
    _Base = object

TRANSIT_SEED = 3202
MAIN_CLASSES = ("primary", "secondary", "tertiary")
STOP_GAP_M = 330.0
# landmarks that get a stop of their own name
NAMED_STOPS = ("Central Library", "Eastgate Station", "Alder General Hospital", "Port Alder University",
               "Eastgate Mall", "Old Mill Museum", "Port Alder Zoo", "Science Center", "Eastgate Stadium",
               "Ferry Terminal", "Maritime Museum", "Lantern Theatre")


class TransitStops(_Base):
    def extra_bus_stops(self) -> None:
        rng = random.Random(TRANSIT_SEED)
        stops = [p for p in self.places if p["category"] == "bus stop"]
        line_of: dict[str, str] = {}
        for p in stops:
            line_of.setdefault(p["street"], p["tags"]["route_ref"].split(";")[0])
        grid = PointGrid(100.0)
        for p in stops:
            grid.add(p["x"], p["y"], p["id"])
        taken = PointGrid(50.0)
        for p in self.places:
            taken.add(p["x"], p["y"], p["id"])
        names = {p["name"] for p in stops}
        next_line = [60]

        def line(street: str) -> str:
            if street not in line_of:
                line_of[street] = str(next_line[0])
                next_line[0] += 1
            return line_of[street]

        def add(name: str, x: float, y: float, main: L.Edge, node: int) -> None:
            ref = line(main.name)
            route_ref = ref if rng.random() < 0.6 else f"{ref};{int(ref) + 10}"
            p = self.add_place(name, "bus stop", x, y, main.name, L.district_of(x, y), node, None,
                               description=f"Bus stop served by line{'s' if ';' in route_ref else ''} "
                                           f"{route_ref.replace(';', ' and ')}.",
                               tags={"ref": f"Stop {5000 + len(self.places)}", "route_ref": route_ref,
                                     "shelter": rng.choice(("yes", "no")), "bench": rng.choice(("yes", "no")),
                                     "public_transport": "platform", "bus": "yes", "operator": "Alder Transit"})
            grid.add(x, y, p["id"])
            taken.add(x, y, p["id"])
            names.add(name)

        # stops named after landmarks, on the nearest ordinary street
        for lm_name in NAMED_STOPS:
            lm = next(p for p in self.places if p["name"] == lm_name and p["is_landmark"])
            spot = self._stop_spot(lm["x"], lm["y"], taken, ok=lambda e: e.highway in MAIN_CLASSES + ("residential",))
            if spot is not None:
                x, y, e, node = spot
                add(lm_name, x, y, e, node)
        # one stop about every STOP_GAP_M along the main streets, at junctions
        inc: dict[int, list[L.Edge]] = defaultdict(list)
        for e in self.edges:
            if e.highway in MAIN_CLASSES + ("residential",):
                inc[e.a].append(e)
                inc[e.b].append(e)
        rank = {"primary": 0, "secondary": 1, "tertiary": 2, "residential": 3}
        cands = [n for n in sorted(inc) if n in self.eligible and len({e.name for e in inc[n]}) >= 2
                 and min(rank[e.highway] for e in inc[n]) <= 2]
        rng.shuffle(cands)
        added = 0
        for n in cands:
            if added >= EXTRA_BUS_STOPS:
                break
            es = sorted(inc[n], key=lambda e: (rank[e.highway], e.name))
            main = es[0]
            cross = next(e for e in es if e.name != main.name)
            name = f"{main.name} & {cross.name}"
            nx, ny = self.net.nodes[n - 1]
            if name in names or grid.any_within(nx, ny, STOP_GAP_M):
                continue
            far = main.pts[1] if main.a == n else main.pts[-2]
            dx, dy = far[0] - nx, far[1] - ny
            dn = math.hypot(dx, dy) or 1.0
            dx, dy = dx / dn, dy / dn
            x, y = nx + 14.0 * dx + 9.0 * dy, ny + 14.0 * dy - 9.0 * dx
            if taken.any_within(x, y, 8.0) or L.in_sea(x, y, 10.0) or L.in_river(x, y, 50.0):
                continue
            add(name, x, y, main, n)
            added += 1

    def _stop_spot(self, x: float, y: float, taken: PointGrid, ok) -> tuple[float, float, L.Edge, int] | None:
        """A kerbside point 9 m off the nearest usable street, clear of other places."""
        _, e, fx, fy = self.index.nearest(x, y, lambda e: ok(e) and not e.bridge, radius=300.0)
        if e is None:
            return None
        dx, dy = x - fx, y - fy
        dn = math.hypot(dx, dy) or 1.0
        for along in (0.0, 18.0, -18.0, 36.0, -36.0):
            ux, uy = -dy / dn, dx / dn
            px, py = fx + 9.0 * dx / dn + along * ux, fy + 9.0 * dy / dn + along * uy
            if not taken.any_within(px, py, 8.0) and not L.in_sea(px, py, 10.0):
                return px, py, e, self.node_for(e, px, py)
        return None
