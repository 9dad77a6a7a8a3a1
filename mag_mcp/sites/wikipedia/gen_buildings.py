"""Historic buildings and companies of the region.

A building gets a type, a style whose period fits its year, an architect who was
working then, a place (a town, or one of Port Alder's districts), a history of
later events (additions, fires, restorations, listing on the National Register)
and sometimes a demolition. A company gets an industry whose era fits its founding
year, founders who were adults then, a headquarters town, staff and sales figures
over time and, for many old ones, an end: bankruptcy, a merger or a takeover by
an older company that outlived it.
"""

from __future__ import annotations

import random

from .. import world
from . import wordbanks as W
from .entities import County, Event, Thing, Town
from .gen_people_pool import Pool
from .titles import TitleBook

BUILDING_COUNT = 265
COMPANY_COUNT = 205
# industry -> (first founding year, last founding year)
ERAS = {"lumber": (1850, 1955), "fish canning": (1866, 1940), "shipbuilding": (1855, 1950), "dairy": (1875, 1960),
        "brewing": (1856, 2015), "banking": (1860, 1990), "publishing": (1870, 2005), "retail": (1858, 2010),
        "software": (1978, 2018), "shipping": (1855, 1935), "food": (1880, 2012), "utilities": (1888, 1935),
        "furniture": (1870, 1965), "outdoor equipment": (1948, 2014)}


def _fill(rng: random.Random, pattern: str, town: str, county: str) -> str:
    return pattern.format(s=rng.choice(W.SURNAMES[:150]), s2=rng.choice(W.SURNAMES[150:]), t=town,
                          f=rng.choice(W.PLACE_FIRST), county=county, saint=rng.choice(W.SAINTS))


def _places(towns: list[Town]) -> list[tuple[str, str, str, int]]:
    """(place title, short name, county name, founding year) of every town and Port Alder district."""
    out = [(t.title, t.name, t.county.split(",")[0], t.founded) for t in towns if t.status != "ghost town"]
    out += [(d, d, "Alder County", 1847) for d in world.DISTRICTS]
    return out


def make_buildings(rng: random.Random, book: TitleBook, pool: Pool, towns: list[Town], counties: list[County],
                   rivers: list[str]) -> list[Thing]:
    places = _places(towns)
    out: list[Thing] = []
    # one courthouse per county seat
    plan = [("courthouse", c.seat, c.name) for c in counties]
    types = [bt for bt in W.BUILDING_TYPES if bt[0] != "courthouse"]
    weights = [9 if bt[0] == "house" else 2 if bt[0] in ("lighthouse", "mill", "post office") else 4 for bt in types]
    while len(plan) < BUILDING_COUNT:
        plan.append((rng.choices(types, weights)[0][0], "", ""))
    by_type = {bt[0]: bt for bt in W.BUILDING_TYPES}
    town_by_title = {t.title: t for t in towns}
    for btype, seat, county_name in plan:
        _, patterns, styles = by_type[btype]
        if seat == "Port Alder":
            place = ("Lantern Quarter", "Lantern Quarter", "Alder County", 1847)
        elif seat:
            place = next(p for p in places if p[0] == seat)
        else:
            place = rng.choice(places)
        ptitle, pname, cname, founded = place
        style = rng.choice(styles)
        lo, hi = (1870, 1925) if style == "Howe truss" else W.STYLES[style][:2]
        lo = max(lo, founded + 2)
        if lo > hi:
            style = "Contemporary" if founded > 1990 else "Craftsman"
            lo, hi = max(W.STYLES[style][0], founded + 2), W.STYLES[style][1]
        year = rng.randrange(lo, hi + 1)
        name = _fill(rng, rng.choice(patterns), pname, county_name or cname)
        qual = f"{pname}, Oregon" if ptitle in town_by_title else "Port Alder"
        title = book.take(name, [qual, f"{qual}, {year}"], f"a {btype} in {pname}, built in {year}")
        architect = pool.pick(rng, "engineer" if btype == "covered bridge" else "architect", year, 25, 75)
        b = Thing(name=name, title=title, kind="building", subtype=btype, year=year, place=ptitle,
                  makers=[architect.title] if architect else [], style=style)
        materials = ("Douglas fir timber",) if style == "Howe truss" else W.STYLES[style][2]
        b.facts["material"] = rng.choice(materials)
        b.numbers["floors"] = {"house": rng.randrange(1, 4), "church": 1, "courthouse": rng.randrange(2, 5),
                               "hotel": rng.randrange(2, 7), "office building": rng.randrange(3, 14),
                               "lighthouse": 0, "covered bridge": 0}.get(btype, rng.randrange(1, 4))
        b.numbers["cost"] = round(rng.uniform(2, 60) * (1 + max(0, year - 1900) / 8), 0) * 1000
        if btype == "covered bridge":
            b.numbers["length_m"] = rng.randrange(18, 72)
            b.facts["crosses"] = rng.choice(rivers)
        if btype == "lighthouse":
            b.numbers["height_m"] = rng.randrange(9, 34)
            b.numbers["range_nmi"] = rng.randrange(9, 22)
        _building_events(rng, b, pool)
        if architect:
            architect.works.append(title)
        out.append(b)
    return out


def _building_events(rng: random.Random, b: Thing, pool: Pool) -> None:
    y = b.year
    if rng.random() < 0.5 and y < 1990:
        b.events.append(Event(y + rng.randrange(8, 40), "addition", {"part": rng.choice(
            ("a rear wing", "a second storey", "a porch", "a bell tower", "an annex", "a reading room", "a garage"))}))
    if rng.random() < 0.25 and y < 1980:
        b.events.append(Event(y + rng.randrange(10, 60), "fire", {"damage": rng.choice(
            ("the roof", "the interior", "the east wing", "the upper floor"))}))
    if y < 1972 and rng.random() < 0.7:
        listed = max(y + 50, 1970) + rng.randrange(0, 40)
        if listed < 2021:
            b.events.append(Event(listed, "listed", {"ref": str(rng.randrange(70_000_000, 16_000_000_000))}))
    if y < 1975 and rng.random() < 0.55:
        b.events.append(Event(max(y + 30, 1975) + rng.randrange(0, 40), "restored", {"cost": rng.randrange(2, 90)}))
    if rng.random() < 0.35:
        b.events.append(Event(min(2019, y + rng.randrange(20, 90)), "new_use", {"use": rng.choice(
            ("a museum", "offices", "a community centre", "apartments", "a restaurant", "an arts centre",
             "a bed and breakfast", "a visitor centre"))}))
    if rng.random() < 0.1 and y < 1960:
        b.end = y + rng.randrange(30, 70)
        b.fate = rng.choice(("demolished", "destroyed by fire", "demolished after years of neglect"))
    b.events = sorted([e for e in b.events if e.year < 2022 and (b.end is None or e.year < b.end)],
                      key=lambda e: e.year)


def make_companies(rng: random.Random, book: TitleBook, pool: Pool, towns: list[Town]) -> list[Thing]:
    places = [p for p in _places(towns)]
    out: list[Thing] = []
    for _ in range(COMPANY_COUNT):
        industry, patterns, products = rng.choice(W.COMPANY_KINDS)
        lo, hi = ERAS[industry]
        ptitle, pname, _, founded = rng.choice(places)
        year = rng.randrange(max(lo, founded + 1), max(lo, founded + 1, hi) + 1)
        name = _fill(rng, rng.choice(patterns), pname, "")
        if not name.strip():
            continue
        title = book.take(name, [f"{pname}, Oregon" if ptitle != pname else "Port Alder", f"{industry} company"],
                          f"a {industry} company founded in {year}")
        founders = pool.pick_many(rng, "businessperson", year, rng.choice((1, 1, 1, 2, 2, 3)), 22, 62)
        c = Thing(name=name, title=title, kind="company", subtype=industry, year=year, place=ptitle,
                  makers=[p.title for p in founders], items=rng.sample(products, min(len(products), 3)))
        for p in founders:
            p.works.append(title)
        c.numbers["employees_peak"] = int(rng.uniform(20, 2_400))
        if year < 1975 and rng.random() < 0.55:
            c.end = year + rng.randrange(12, 80)
            c.end = min(c.end, 2020)
        out.append(c)
    # takeovers: an older company still alive at the end buys a younger one
    for c in out:
        if c.end is None:
            continue
        buyers = [o for o in out if o is not c and o.year < c.end and (o.end is None or o.end > c.end + 1)
                  and o.subtype == c.subtype]
        r = rng.random()
        if buyers and r < 0.45:
            buyer = rng.choice(buyers)
            c.fate = "acquired"
            c.owner = buyer.title
            buyer.events.append(Event(c.end, "acquired", {"target": c.title}))
        elif r < 0.75:
            c.fate = "bankrupt"
        else:
            c.fate = "closed"
    for c in out:
        _company_events(rng, c, towns)
    return out


def _company_events(rng: random.Random, c: Thing, towns: list[Town]) -> None:
    end = c.end or 2021
    span = end - c.year
    if span > 4:
        c.events.append(Event(c.year + rng.randrange(1, min(6, span)), "first_product", {"product": c.items[0]}))
    if span > 10 and rng.random() < 0.7:
        town = rng.choice(towns)
        c.events.append(Event(c.year + rng.randrange(5, span), "new_plant", {"town": town.title}))
    if span > 15 and rng.random() < 0.35 and c.year < 1960:
        c.events.append(Event(c.year + rng.randrange(8, span), "strike", {"weeks": rng.randrange(2, 14)}))
    if span > 20 and rng.random() < 0.4:
        c.events.append(Event(c.year + rng.randrange(10, span), "renamed_product",
                              {"product": c.items[-1], "share": rng.randrange(8, 60)}))
    if c.end is None and c.year > 1960 and rng.random() < 0.3:
        c.events.append(Event(min(2020, c.year + rng.randrange(5, max(6, span))), "ipo", {}))
    # staff and sales by decade (thousands of dollars, in the money of the time)
    series = []
    peak = c.numbers["employees_peak"]
    years = [y for y in range((c.year // 10 + 1) * 10, end + 1, 10)] or [end]
    for i, y in enumerate(years):
        f = min(1.0, (i + 1) / max(1, len(years) * 0.6)) * rng.uniform(0.85, 1.1)
        staff = max(4, int(peak * f))
        sales = round(staff * rng.uniform(0.6, 1.6) * (1 + max(0, y - 1900) / 12), 0)
        series.append((y, staff, sales))
    c.facts["series"] = ";".join(f"{y}:{s}:{v:.0f}" for y, s, v in series)
    c.events.sort(key=lambda e: e.year)
