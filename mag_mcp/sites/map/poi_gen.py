"""The generated places: some 3,000 shops, offices, services and street furniture (`poi_specs`).

They are added after the original places, from random streams of their own, so the
original places never move. Where they stand: *slots* every 24 m along both sides of
every ordinary street (22 m from its centre line), kept only where a building could be
(not in water, parks, campuses, nor within 14 m of another road or 22 m of another
place). Each kind of place takes slots in a weighted random order: shops favour main
roads in the commercial districts, schools and playgrounds residential streets, car
repair and fuel the outer districts. Chain branches (`names_data.CHAINS`) share a name and
brand and stand at least 600 m apart, so a search for a chain lists branches in several
districts, as Nominatim does.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import world
from . import layout as L
from . import names_data as N
from .categories import CATEGORY_TAGS
from .original_places import (
    COMMERCIAL_WEIGHTS,
    OUTER_WEIGHTS,
    RESIDENTIAL_WEIGHTS,
    _slug,
)
from .poi_specs import SPECS, Spec
from .spatial import PointGrid, SegmentGrid, point_at

if TYPE_CHECKING:
    from .builder import Builder

    _Base = Builder
else:
    _Base = object

GEN_SEED = 3101
SLOT_STEP_M = 24.0
SLOT_OFFSET_M = 22.0
MIN_GAP_M = 22.0
CHAIN_GAP_M = 600.0
ROADS = ("primary", "secondary", "tertiary", "residential")
_ROAD_FACTOR = {
    "commercial": {"primary": 3.0, "secondary": 2.5, "tertiary": 1.6, "residential": 0.6},
    "residential": {"primary": 0.4, "secondary": 0.6, "tertiary": 1.0, "residential": 2.0},
    "outer": {"primary": 2.0, "secondary": 2.0, "tertiary": 1.0, "residential": 0.5},
    "main": {"primary": 1.0, "secondary": 1.0, "tertiary": 0.0, "residential": 0.0},
    "anywhere": {"primary": 1.0, "secondary": 1.0, "tertiary": 1.0, "residential": 1.0},
}
_DISTRICT_WEIGHTS = {"commercial": COMMERCIAL_WEIGHTS, "residential": RESIDENTIAL_WEIGHTS, "outer": OUTER_WEIGHTS}


@dataclass
class Slot:
    x: float
    y: float
    edge: int  # index into the builder's edges
    fx: float  # foot of the perpendicular on the street
    fy: float
    district: str
    highway: str


class GeneratedPlaces(_Base):
    """Mixed into the builder after `OriginalPlaces`: `generated_places` adds the generated ones."""

    def _slots(self) -> list[Slot]:
        self._fine = SegmentGrid(self.edges)
        taken = PointGrid(50.0)
        for p in self.places:
            taken.add(p["x"], p["y"], p["id"])
        out: list[Slot] = []
        for ei, e in enumerate(self.edges):
            if e.highway not in ROADS or e.bridge or e.length < 50:
                continue
            if e.a not in self.eligible and e.b not in self.eligible:
                continue
            for k in range(int((e.length - 30.0) // SLOT_STEP_M) + 1):
                px, py, dx, dy = point_at(e.pts, (15.0 + SLOT_STEP_M * k) / e.length)
                for side in (1.0, -1.0):
                    x, y = px - dy * SLOT_OFFSET_M * side, py + dx * SLOT_OFFSET_M * side
                    if self._slot_ok(x, y) and not taken.any_within(x, y, MIN_GAP_M):
                        out.append(Slot(x, y, ei, px, py, L.district_of(x, y), e.highway))
        return out

    def _slot_ok(self, x: float, y: float) -> bool:
        if L.in_sea(x, y, 50.0) or L.in_river(x, y, 60.0) or L.drive_x(y) < x < L.waterfront_x(y):
            return False
        if any(z.contains(x, y, 12.0) for z in L.ZONES) or (abs(x) < 130 and abs(y) < 130):
            return False
        if any(r[0] - 5 < x < r[2] + 5 and r[1] - 5 < y < r[3] + 5 for r in self.park_rects):
            return False
        return self._fine.clear_of(x, y, 14.0)

    def generated_places(self) -> None:
        """Add every place of `poi_specs.SPECS` and the chains' branches (deterministic)."""
        rng = random.Random(GEN_SEED)
        slots = self._slots()
        grid = PointGrid(50.0)
        for i, s in enumerate(slots):
            grid.add(s.x, s.y, i)
        blocked = [False] * len(slots)
        orders: dict[str, list[int]] = {}
        cursor: dict[str, int] = {}
        for where, factors in _ROAD_FACTOR.items():
            dw = _DISTRICT_WEIGHTS.get(where, {})
            keyed = []
            for i, s in enumerate(slots):
                w = factors[s.highway] * dw.get(s.district, 1.0)
                if w > 0:
                    keyed.append((rng.random() ** (1.0 / w), i))
            keyed.sort(reverse=True)
            orders[where] = [i for _, i in keyed]
            cursor[where] = 0
        self._gen = _Namer(rng, {p["name"] for p in self.places})
        phones = rng.sample(range(3 * 9700), 4000)
        self._gen_phones = [f"+1 {(503, 971, 458)[n // 9700]}-555-{200 + n % 9700:04d}" for n in phones]

        def take(where: str, keep=None) -> Slot | None:
            """The next free slot of `where`'s order (that `keep` accepts); it and its neighbours get blocked."""
            order = orders[where]
            i = cursor[where]
            while i < len(order) and blocked[order[i]]:
                i += 1
            cursor[where] = i
            for k in range(i, len(order)):
                si = order[k]
                if blocked[si] or (keep is not None and not keep(slots[si])):
                    continue
                for _, j in grid.within(slots[si].x, slots[si].y, MIN_GAP_M):
                    blocked[j] = True
                blocked[si] = True
                return slots[si]
            return None

        for brand, category, branches, tags in N.CHAINS:
            spots: list[Slot] = []
            for _ in range(branches):
                s = take("commercial" if category not in ("charging station",) else "anywhere",
                         lambda s, spots=spots: all(math.hypot(s.x - o.x, s.y - o.y) >= CHAIN_GAP_M for o in spots))
                if s is None:
                    break
                spots.append(s)
                self._gen_place(rng, _chain_spec(category), s, brand, dict(tags))
        for spec in SPECS:
            for k in range(spec.count):
                s = take(spec.where)
                if s is None:
                    raise RuntimeError(f"no room left for {spec.category}")
                name = self._gen.name(spec, s, self.edges[s.edge].name, k) if spec.names else None
                self._gen_place(rng, spec, s, name, {})

    def _gen_place(self, rng: random.Random, spec: Spec, s: Slot, name: str | None, tags: dict[str, str]) -> dict:
        e = self.edges[s.edge]
        label = CATEGORY_TAGS[spec.category][2]
        named = name is not None
        title = name or label
        number = self.house_number(e.name, s.x, s.y, s.fx, s.fy)
        hours = rng.choice(spec.hours) if spec.hours and rng.random() < spec.p_hours else None
        phone = self._gen_phones.pop() if named and rng.random() < spec.p_phone else None
        website = None
        if named and rng.random() < spec.p_web:
            brand = tags.get("brand")
            website = (f"https://www.{_slug(brand)}.example/locations/{_slug(e.name)}" if brand
                       else f"https://www.{_slug(title)}.example")
        all_tags = dict(spec.tags)
        all_tags.update(tags)
        if spec.category in ("restaurant", "fast food"):
            all_tags["cuisine"] = self._gen.cuisine_of.get(title, all_tags.get("cuisine", "regional"))
        for key, values, p in spec.extras:
            if rng.random() < p:
                all_tags[key] = rng.choice(values)
        if named and rng.random() < 0.15 and website:
            all_tags["email"] = "info@" + website.split("//www.", 1)[1].split("/", 1)[0]
        if rng.random() < 0.35:
            all_tags["check_date"] = f"{rng.randint(2021, 2026)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        what = label
        if "cuisine" in all_tags and spec.category == "restaurant":
            what = all_tags["cuisine"].replace("_", " ").capitalize() + " restaurant"
        desc = f"{what} on {e.name} in {s.district}, {world.CITY}."
        return self.add_place(title, spec.category, s.x, s.y, e.name, s.district, self.node_for(e, s.x, s.y), number,
                              description=desc, phone=phone, hours=hours, website=website, tags=all_tags, named=named)


def _chain_spec(category: str) -> Spec:
    base = next((sp for sp in SPECS if sp.category == category), None)
    if base is None:
        return Spec(category, 0)
    return Spec(category, 0, (), base.hours, max(base.p_hours, 0.9), 0.9, 0.9, base.where, dict(base.tags), base.extras)


_FAST_WORD = {"burger": "Burgers", "pizza": "Pizza", "mexican": "Burritos", "chinese": "Wok", "sandwich": "Subs",
              "chicken": "Chicken", "hot_dog": "Dogs", "fish_and_chips": "Fish & Chips", "kebab": "Kebab",
              "noodles": "Noodles", "bagel": "Bagels", "donut": "Donuts"}
_RESTAURANT_FORMS: dict[str, tuple[str, ...]] = {
    "italian": ("Trattoria {w}", "Osteria {w}", "Ristorante {w}", "Cucina {w}"),
    "mexican": ("Taqueria {w}", "Cocina {w}", "Casa {w}", "El {w}"),
    "chinese": ("{w}", "{w} Restaurant", "{w} Kitchen"),
    "japanese": ("{w} Sushi", "{w} Ramen", "{w} Izakaya", "{w} Japanese Kitchen"),
    "thai": ("{w} Thai", "{w} Thai Kitchen", "{w} Thai Cuisine"),
    "indian": ("{w} Indian Kitchen", "{w} Palace", "{w} House of India"),
    "vietnamese": ("{w} Noodle House", "{w} Kitchen", "{w} Bistro"),
    "korean": ("{w} BBQ", "{w} Korean Kitchen", "{w} House"),
    "greek": ("{w} Taverna", "{w} Greek Grill"),
    "french": ("{w} Bistro", "Brasserie {w}", "Chez {f}"),
    "seafood": ("The {n} {w}", "{n} {w} House", "{s}'s {w}"),
    "american": ("{s}'s {w}", "The {a} {w}", "{n} {w}", "{street} {w}"),
    "pizza": ("{n} {w}", "{f}'s {w}", "{a} {w} Co."),
    "mediterranean": ("{w} Kitchen", "{w} Grill", "{w} Table"),
    "ethiopian": ("{w} Restaurant", "{w} Ethiopian Kitchen"),
    "lebanese": ("{w} Restaurant", "{w} Lebanese Grill"),
    "spanish": ("{w} Tapas Bar", "Bar {w}"),
    "sushi": ("{n} {w}", "{w} {n}", "{a} {w} Bar"),
}


class _Namer:
    """Unique names from the word tables (a name already taken is drawn again)."""

    def __init__(self, rng: random.Random, taken: set[str]) -> None:
        self.rng = rng
        self.taken = taken
        self.cuisine_of: dict[str, str] = {}
        self.counters: dict[str, int] = {}
        self._cuisines = [c for c, w in N.CUISINES_WEIGHTED for _ in range(w)]

    def _fill(self, scheme: str, street: str, district: str, k: int) -> str:
        r = self.rng
        n, n2 = r.sample(N.NATURE, 2)
        s, s2 = r.sample(N.SURNAMES, 2)
        f, f2 = r.sample(N.FIRST_NAMES, 2)
        values = {"n": n, "n2": n2, "s": s, "s2": s2, "f": f, "f2": f2, "a": r.choice(N.ADJECTIVES),
                  "p": r.choice(N.PLACES_WORDS), "street": street, "street_short": street, "district": district,
                  "num": str(k + 2)}
        return re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], scheme)

    def name(self, spec: Spec, slot: Slot, street: str, k: int) -> str:
        for attempt in range(30):
            if spec.category == "restaurant":
                cuisine = self.rng.choice(self._cuisines)
                form = self.rng.choice(_RESTAURANT_FORMS[cuisine])
                name = self._fill(form.replace("{w}", self.rng.choice(N.CUISINE_WORDS[cuisine])), street,
                                  slot.district, k)
            elif spec.category == "fast food":
                cuisine = self.rng.choice(sorted(_FAST_WORD))
                form = self.rng.choice(("{a} " + _FAST_WORD[cuisine], "{n} " + _FAST_WORD[cuisine],
                                        "{f}'s " + _FAST_WORD[cuisine], "{street} " + _FAST_WORD[cuisine]))
                name = self._fill(form, street, slot.district, k)
            else:
                cuisine = ""
                name = self._fill(self.rng.choice(spec.names), street, slot.district, k + attempt * 97)
            if name not in self.taken:
                self.taken.add(name)
                if cuisine:
                    self.cuisine_of[name] = cuisine
                return name
        name = f"{name} ({street})"
        self.taken.add(name)
        return name
