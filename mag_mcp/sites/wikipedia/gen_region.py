"""The region around Port Alder: six counties, their towns, rivers, lakes, mountains,
islands and parks (all invented; Oregon and Albany are the only real places named).

Port Alder is the seat of Alder County, as the map has it. The other counties lie
up the Alder valley (Hollis, with Mount Hollis where the Alder River rises), south
towards Albany (Tamarack), along the coast (Brannock) and in the Cascade foothills
(Coldwater, Juniper). Nine towns of the Alder and Tamarack valleys are the
intermediate stations of the Alder Valley Railway (eleven stations with Eastgate
Station and Albany, as the railway's article says).

Everything is drawn from one `random.Random` in a fixed order, so the region is
the same in every build.
"""

from __future__ import annotations

import math
import random

from . import wordbanks as W
from .entities import County, Feature, Town
from .titles import TitleBook

STATE = "Oregon"
PORT_ALDER_LATLON = (45.512, -122.658)

# county name, terrain, seat-to-be index, established, named for (markup), number of towns, centre (lat, lon)
COUNTIES: tuple[tuple[str, str, int, str, int, tuple[float, float]], ...] = (
    ("Alder County", "coast", 1854, "the [[Alder River]]", 70, (45.50, -122.75)),
    ("Hollis County", "mountains", 1862, "[[Mount Hollis]]", 55, (45.55, -122.05)),
    ("Tamarack County", "valley", 1859, "the western larch, or tamarack, of its hills", 60, (45.05, -122.90)),
    ("Brannock County", "coast", 1871, "the pioneer ferryman Silas Brannock", 50, (45.95, -123.10)),
    ("Coldwater County", "mountains", 1889, "Coldwater Creek", 45, (45.95, -122.20)),
    ("Juniper County", "valley", 1893, "the juniper woodland of its eastern plateau", 50, (45.00, -122.10)),
)
CENSUS_YEARS = tuple(range(1860, 2021, 10))


def _town_name(rng: random.Random, used: set[str]) -> str:
    for _ in range(1000):
        if rng.random() < 0.22:
            name = rng.choice(W.SURNAME_TOWN).format(s=rng.choice(W.SURNAMES[:150]))
        else:
            first, suffix = rng.choice(W.PLACE_FIRST), rng.choice(W.TOWN_SUFFIX)
            if not suffix.startswith(" ") and first.endswith(suffix[:1]):
                continue
            name = first + suffix if suffix.startswith(" ") else first + suffix.lower()
        if name not in used and "Alder" not in name:
            used.add(name)
            return name
    raise RuntimeError("ran out of town names")


def _census(rng: random.Random, founded: int, status: str, terrain: str) -> dict[int, int]:
    """A census series that ends at a 2020 population fitting the town's status."""
    final = {"city": int(math.exp(rng.uniform(math.log(900), math.log(48_000)))),
             "census-designated place": rng.randrange(250, 6_500),
             "unincorporated community": rng.randrange(15, 700),
             "ghost town": rng.randrange(0, 12)}[status]
    shape = "boom-bust" if status == "ghost town" else rng.choice(("steady", "steady", "suburban", "decline"))
    peak_at = rng.uniform(0.35, 0.7)

    def f(t: float) -> float:
        if shape == "steady":
            return 0.05 + t ** 1.4
        if shape == "suburban":
            return 0.1 + 0.15 * t if t < 0.55 else 0.18 + 2.2 * (t - 0.55)
        if shape == "decline":
            return 0.1 + 1.8 * t / peak_at if t < peak_at else 1.9 - 0.9 * (t - peak_at) / (1 - peak_at)
        return min(1.0, 3.0 * t) if t < peak_at else max(0.002, 1.0 - 1.6 * (t - peak_at))

    years = [y for y in CENSUS_YEARS if y >= founded + 3] or [2020]
    n = len(years)
    peak = rng.randrange(300, 2_500)
    out: dict[int, int] = {}
    for i, y in enumerate(years):
        t = (i + 1) / n
        if status == "ghost town":
            val = peak * f(t)
        else:
            val = final * f(t) / f(1.0) * (rng.uniform(0.95, 1.05) if i < n - 1 else 1.0)
        out[y] = max(0 if status == "ghost town" else 8, int(val))
    out[2020] = final
    return out


def _industries(rng: random.Random, terrain: str) -> tuple[str, ...]:
    pool = {"coast": ("fishing", "canning", "shipbuilding", "tourism", "oyster farming", "timber", "cranberry growing"),
            "valley": ("dairy farming", "fruit growing", "hop growing", "grain milling", "wine making", "timber",
                       "furniture making", "printing"),
            "mountains": ("logging", "timber", "mining", "tourism", "brewing", "dairy farming")}[terrain]
    k = rng.randrange(2, 4)
    picks = rng.sample(pool, k)
    if rng.random() < 0.2:
        picks.append(rng.choice(("software", "health care", "retail")))
    return tuple(picks)


def make_counties(book: TitleBook) -> list[County]:
    out = []
    for name, terrain, est, named_for, _, _ in COUNTIES:
        title = f"{name}, {STATE}"
        book.claim_exact(title)
        out.append(County(name, title, established=est, named_for=named_for, terrain=terrain))
    return out


def make_towns(rng: random.Random, book: TitleBook, counties: list[County]) -> list[Town]:
    used: set[str] = set()
    zips = iter(rng.sample(range(97301, 97499), 197) + rng.sample(range(97001, 97199), 150))
    towns: list[Town] = []
    for county, (_, terrain, est, _, n, (clat, clon)) in zip(counties, COUNTIES):
        for i in range(n):
            name = _town_name(rng, used)
            status = "city" if i == 0 else rng.choices(
                ("city", "census-designated place", "unincorporated community", "ghost town"), (40, 18, 35, 7))[0]
            town_terrain = terrain if rng.random() < 0.75 else rng.choice(("coast", "valley", "mountains"))
            if county.name == "Alder County" and i < 8:
                town_terrain = "coast"
            founded = rng.randrange(max(1848, est - 12), 1912) if i else rng.randrange(max(1848, est - 10), est + 1)
            incorporated = founded + rng.randrange(3, 40) if status == "city" else None
            lat = round(clat + rng.uniform(-0.28, 0.28), 4)
            lon = round(clon + rng.uniform(-0.38, 0.38), 4)
            elev = {"coast": rng.randrange(3, 60), "valley": rng.randrange(40, 260),
                    "mountains": rng.randrange(280, 1250)}[town_terrain]
            area = round({"city": rng.uniform(1.2, 38.0), "census-designated place": rng.uniform(0.8, 14.0),
                          "unincorporated community": rng.uniform(0.3, 5.0), "ghost town": rng.uniform(0.1, 2.0)}
                         [status], 1)
            title = book.take(f"{name}, {STATE}", [county.name], f"a {status} in {county.name}")
            town = Town(name=name, title=title, county=county.title, status=status, terrain=town_terrain,
                        founded=founded, incorporated=incorporated, lat=lat, lon=lon, elevation_m=elev,
                        area_km2=area, zip_code=str(next(zips)), area_code=rng.choice(("503", "541", "971")),
                        census=_census(rng, founded, status, town_terrain), industries=_industries(rng, town_terrain))
            towns.append(town)
            county.towns.append(title)
        county.seat = "Port Alder" if county.name == "Alder County" else county.towns[0]
        county.area_km2 = round(rng.uniform(1_900, 4_800), 0)
    return towns


def _feature_name(rng: random.Random, used: set[str], words: tuple[str, ...], mount: bool = False) -> str:
    for _ in range(1000):
        if mount and rng.random() < 0.45:
            name = f"Mount {rng.choice(W.SURNAMES[:160])}"
        else:
            name = f"{rng.choice(W.PLACE_FIRST)} {rng.choice(words)}"
        if name not in used and "Alder" not in name:
            used.add(name)
            return name
    raise RuntimeError("ran out of feature names")


def make_features(rng: random.Random, book: TitleBook, counties: list[County], towns: list[Town]) -> list[Feature]:
    """Mountains first (rivers rise on them), then rivers, lakes, islands and state parks."""
    used: set[str] = {"Mount Hollis"}
    by_county = {c.title: [t for t in towns if t.county == c.title] for c in counties}
    out: list[Feature] = []
    mountains: list[Feature] = []
    hollis = Feature("Mount Hollis", "Mount Hollis", "mountain", "Hollis County, Oregon", 45.62, -121.98,
                     {"elevation_m": 1_584, "prominence_m": 702}, rock="andesite", range_name="Hollis Range")
    book.claim_exact(hollis.title)
    mountains.append(hollis)
    ranges = ("Hollis Range", "Coldwater Hills", "Brannock Coast Range", "Juniper Rim", "Tamarack Hills")
    for _ in range(36):
        county = rng.choice(counties[1:])
        name = _feature_name(rng, used, W.MOUNTAIN_WORDS, mount=True)
        c_lat, c_lon = COUNTIES[counties.index(county)][5]
        title = book.take(name, [county.name, "Oregon"], f"a summit in {county.name}")
        mountains.append(Feature(name, title, "mountain", county.title, round(c_lat + rng.uniform(-0.3, 0.3), 4),
                                 round(c_lon + rng.uniform(-0.3, 0.3), 4),
                                 {"elevation_m": rng.randrange(540, 2_350), "prominence_m": rng.randrange(60, 900)},
                                 rock=rng.choice(("basalt", "andesite", "sandstone", "granite", "tuff", "siltstone")),
                                 range_name=rng.choice(ranges)))
    out += mountains
    rivers: list[Feature] = []
    for i in range(46):
        county = rng.choice(counties)
        name = _feature_name(rng, used, W.RIVER_WORDS)
        title = book.take(name, [county.name, "Oregon"], f"a stream in {county.name}")
        big = name.endswith("River")
        length = round(rng.uniform(40, 130) if big else rng.uniform(4, 48), 1)
        if i < 12 or not rivers:
            mouth = "Alder River" if county.terrain != "coast" or rng.random() < 0.5 else "Alder Bay"
        else:
            mouth = rng.choice([r.title for r in rivers[:i]])
        src = rng.choice(mountains)
        feats = Feature(name, title, "river", county.title, round(src.lat + rng.uniform(-0.2, 0.2), 4),
                        round(src.lon + rng.uniform(-0.2, 0.2), 4),
                        {"length_km": length, "discharge_m3s": round(length * rng.uniform(0.15, 0.6), 1),
                         "basin_km2": round(length * rng.uniform(6, 14), 0),
                         "source_elevation_m": src.numbers["elevation_m"] - rng.randrange(50, 400)},
                        flows_into=mouth, source=src.title)
        along = rng.sample(by_county[county.title], min(len(by_county[county.title]), rng.randrange(1, 4)))
        for t in along:
            if t.river is None:
                t.river = title
                feats.towns.append(t.title)
        rivers.append(feats)
    for r in rivers:
        for other in rivers:
            if other.flows_into == r.title:
                r.tributaries.append(other.title)
    out += rivers
    for _ in range(26):
        county = rng.choice(counties)
        name = _feature_name(rng, used, W.LAKE_WORDS)
        title = book.take(name, [county.name, "Oregon"], f"a lake in {county.name}")
        feeder = rng.choice(rivers)
        lake = Feature(name, title, "lake", county.title, round(feeder.lat + rng.uniform(-0.1, 0.1), 4),
                       round(feeder.lon + rng.uniform(-0.1, 0.1), 4),
                       {"area_km2": round(rng.uniform(0.2, 14.0), 2), "max_depth_m": rng.randrange(4, 120),
                        "elevation_m": rng.randrange(20, 1_600), "shore_km": round(rng.uniform(2, 40), 1)},
                       flows_into=feeder.title,
                       towns=[t.title for t in rng.sample(by_county[county.title], 1)])
        lake.numbers["volume_hm3"] = round(lake.numbers["area_km2"] * lake.numbers["max_depth_m"] * 0.35, 1)
        out.append(lake)
    for _ in range(6):
        name = _feature_name(rng, used, ("Island", "Rock", "Island", "Isle"))
        title = book.take(name, ["Oregon"], "an island off the coast of Oregon")
        out.append(Feature(name, title, "island", "Brannock County, Oregon", round(45.9 + rng.uniform(-0.3, 0.3), 4),
                           round(-123.5 + rng.uniform(-0.1, 0.1), 4),
                           {"area_km2": round(rng.uniform(0.05, 6.0), 2), "elevation_m": rng.randrange(8, 160),
                            "population": rng.choice((0, 0, 0, rng.randrange(4, 220)))}))
    natural = [f for f in out if f.kind in ("mountain", "lake", "river")]
    for _ in range(26):
        county = rng.choice(counties)
        anchor = rng.choice([f for f in natural if f.county == county.title] or natural)
        base = anchor.name.replace("Mount ", "")
        name = f"{base} State Park" if rng.random() < 0.8 else f"{base} State Natural Area"
        if name in used:
            continue
        used.add(name)
        title = book.take(name, ["Oregon"], f"a state park in {county.name}")
        out.append(Feature(name, title, "park", county.title, anchor.lat, anchor.lon,
                           {"area_km2": round(rng.uniform(0.3, 45.0), 1), "visitors": rng.randrange(20, 900) * 1000,
                            "trails_km": round(rng.uniform(1.5, 60), 1)},
                           source=anchor.title, established=rng.randrange(1925, 2006),
                           towns=[t.title for t in rng.sample(by_county[county.title], 1)]))
    for c in counties:
        c.rivers = [r.title for r in rivers if r.county == c.title]
    return out


def distance_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    dy = (a[0] - b[0]) * 111.1
    dx = (a[1] - b[1]) * 111.3 * math.cos(math.radians(a[0]))
    return round(math.hypot(dx, dy), 1)


def railway_towns(towns: list[Town]) -> list[Town]:
    """The nine towns between Eastgate Station and Albany, in order from Port Alder."""
    south = [t for t in towns if t.county in ("Alder County, Oregon", "Tamarack County, Oregon")
             and t.status in ("city", "census-designated place") and t.terrain != "mountains"]
    south.sort(key=lambda t: (round(distance_km(PORT_ALDER_LATLON, (t.lat, t.lon)) / 8), t.title))
    picks = south[1::max(1, len(south) // 9)][:9]
    return sorted(picks, key=lambda t: distance_km(PORT_ALDER_LATLON, (t.lat, t.lon)))
