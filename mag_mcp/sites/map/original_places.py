"""The original hand-named places of the map (`places_data`'s lists), as the first seed made them.

`OriginalPlaces` is mixed into the builder: the draws from its ``random.Random(SEED)``
stream happen in exactly the original order, so these places keep their ids (31..348
after the 30 landmarks), positions, house numbers, phones and hours.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import TYPE_CHECKING

from .. import world
from . import layout as L
from . import places_data as D
from .categories import CATEGORY_TAGS
from .spatial import rect

if TYPE_CHECKING:
    from .builder import Builder

    _Base = Builder
else:
    _Base = object

ROAD_CLASSES = ("primary", "secondary", "tertiary", "residential")


class OriginalPlaces(_Base):
    """The hand-named places: cafés, restaurants, shops, ... parks and the first 50 bus stops."""

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
        label = CATEGORY_TAGS[category][2]
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
                                   pts=rect(x0, y0, x1, y1)))

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


