"""Organisations, bands, ships and creative works of the region.

Organisations: newspapers, radio stations, schools, colleges, hospitals, museums,
football clubs, record labels and publishers. Works: books by the writers, albums
by bands and musicians, films by the directors (with the actors as cast) and
paintings and sculptures by the artists. Ships are built by the shipyards among
the companies and owned by the shipping companies; many end as wrecks on the coast.
Every work's maker was of working age in its year.
"""

from __future__ import annotations

import random

from . import wordbanks as W
from .entities import Person, Thing, Town
from .gen_people_pool import Pool
from .titles import TitleBook

# subtype -> (count, first year, last year, name patterns)
ORGS: dict[str, tuple[int, int, int, tuple[str, ...]]] = {
    "newspaper": (14, 1856, 1985, ("The {t} Courier", "{t} Herald", "The {c} Sentinel", "{t} Tribune",
                                   "The {t} Argus", "{t} Weekly News")),
    "radio station": (10, 1924, 1995, ("K{l}",)),
    "high school": (44, 1880, 1995, ("{t} High School", "{t} Union High School")),
    "college": (3, 1868, 1966, ()),
    "hospital": (9, 1885, 1985, ("{t} Memorial Hospital", "{t} Community Hospital", "St. {saint} Hospital ({t})")),
    "museum": (14, 1920, 2012, ("{t} Historical Museum", "{c} Museum of Art", "{f} Valley Heritage Museum",
                                "{t} Railway Museum", "{t} Maritime Center")),
    "football club": (14, 1895, 1990, ("{t} FC", "{t} Rovers", "{t} Athletic", "{t} United", "{t} City FC")),
    "record label": (6, 1952, 2010, ("{f} Records", "{f}line Records", "{f} Sound")),
    "publisher": (10, 1868, 2005, ()),
}
COLLEGES = ("Alder Valley College", "Coastal Oregon Institute", "Hollis State College")
BAND_PATTERNS = ("The {noun}s", "{adj} {noun}", "The {adj} {noun}s", "{noun} Parade", "{place} {noun} Band",
                 "{noun} & {noun2}", "The {place} {noun}s")


def _org_name(rng: random.Random, pattern: str, towns: list[Town]) -> tuple[str, Town]:
    town = rng.choice(towns)
    name = pattern.format(t=town.name, c=town.county.split(" County")[0], f=rng.choice(W.PLACE_FIRST),
                          saint=rng.choice(W.SAINTS), l="".join(rng.choice("ABCDEFGHJKLMNPRSTVWXYZ") for _ in range(3)))
    return name, town


def make_orgs(rng: random.Random, book: TitleBook, pool: Pool, towns: list[Town]) -> list[Thing]:
    out: list[Thing] = []
    living = [t for t in towns if t.status in ("city", "census-designated place")]
    for sub, (n, lo, hi, patterns) in ORGS.items():
        fixed = COLLEGES if sub == "college" else W.PUBLISHERS if sub == "publisher" else ()
        for i in range(n):
            if fixed:
                name, town = fixed[i], rng.choice(living)
            else:
                name, town = _org_name(rng, rng.choice(patterns), living)
            year = rng.randrange(max(lo, town.founded + 2), max(lo, town.founded + 2, hi) + 1)
            title = book.take(name, [f"{town.name}, Oregon", sub], f"a {sub} in {town.name}")
            if title != name and sub in ("college", "publisher"):
                continue
            maker_occ = {"newspaper": "journalist", "radio station": "businessperson", "high school": "educator",
                         "college": "educator", "hospital": "physician", "museum": "educator",
                         "football club": "businessperson", "record label": "musician",
                         "publisher": "writer"}[sub]
            makers = pool.pick_many(rng, maker_occ, year, rng.choice((1, 1, 2)))
            org = Thing(name=name, title=title, kind="organization", subtype=sub, year=year, place=town.title,
                        makers=[p.title for p in makers])
            for p in makers:
                p.works.append(title)
            if sub == "radio station":
                org.facts["frequency"] = (f"{rng.randrange(881, 1079, 2) / 10:.1f} MHz" if rng.random() < 0.6
                                          else f"{rng.randrange(55, 170) * 10} kHz")
                org.facts["format"] = rng.choice(("news/talk", "classic rock", "country", "public radio",
                                                  "adult contemporary", "sports", "jazz", "Spanish-language"))
            if sub == "high school":
                org.numbers["students"] = rng.randrange(180, 2_300)
                org.facts["mascot"] = rng.choice(("Loggers", "Eagles", "Salmon", "Pioneers", "Wolves", "Hawks",
                                                  "Mariners", "Bears", "Falcons", "Ravens", "Otters", "Elks"))
                org.facts["colors"] = rng.choice(("Green and gold", "Blue and white", "Red and black",
                                                  "Maroon and grey", "Orange and black", "Navy and silver"))
            if sub == "newspaper":
                org.numbers["circulation"] = rng.randrange(900, 32_000)
                org.facts["frequency"] = rng.choice(("Daily", "Weekly", "Twice weekly"))
            if sub in ("hospital", "college"):
                org.numbers["size"] = rng.randrange(40, 420) if sub == "hospital" else rng.randrange(900, 9_000)
            if sub == "football club":
                org.facts["nickname"] = rng.choice(("the Loggers", "the Gulls", "the Millers", "the Anchors",
                                                    "the Foxes", "the Stags", "the Mariners", "the Pines"))
            out.append(org)
    return out


def _work_title(rng: random.Random, places: list[str]) -> str:
    pat = rng.choice(W.TITLE_PATTERNS)
    return pat.format(adj=rng.choice(W.TITLE_ADJ), noun=rng.choice(W.TITLE_NOUNS), noun2=rng.choice(W.TITLE_NOUNS),
                      place=rng.choice(places))


def make_bands(rng: random.Random, book: TitleBook, pool: Pool, towns: list[Town]) -> list[Thing]:
    out = []
    for _ in range(36):
        year = rng.randrange(1958, 2016)
        town = rng.choice(towns)
        name = rng.choice(BAND_PATTERNS).format(noun=rng.choice(W.TITLE_NOUNS), noun2=rng.choice(W.TITLE_NOUNS),
                                                adj=rng.choice(W.TITLE_ADJ), place=town.name.split()[0])
        title = book.take(name, ["band", f"{town.name} band"], f"a band from {town.name}")
        members = pool.pick_many(rng, "musician", year, rng.randrange(2, 5), 17, 40)
        band = Thing(name=name, title=title, kind="band", subtype=rng.choice(W.MUSIC_GENRES), year=year,
                     place=town.title, makers=[m.title for m in members])
        if rng.random() < 0.5:
            band.end = min(2021, year + rng.randrange(3, 30))
        for m in members:
            m.band = title
        out.append(band)
    return out


def make_works(rng: random.Random, book: TitleBook, pool: Pool, towns: list[Town], bands: list[Thing],
               orgs: list[Thing], people: list[Person]) -> list[Thing]:
    out: list[Thing] = []
    places = [t.name for t in towns[:120]] + ["Port Alder"]
    publishers = [o for o in orgs if o.subtype == "publisher"]
    labels = [o for o in orgs if o.subtype == "record label"]
    museums = [o for o in orgs if o.subtype == "museum"]
    actors = [p for p in people if p.occupation == "actor"]
    by_title = {p.title: p for p in people}
    specs = [("book", 142, "writer"), ("album", 112, ""), ("film", 30, "director"), ("artwork", 42, "")]
    for kind, n, occ in specs:
        for _ in range(n):
            if kind == "album":
                band = rng.choice(bands)
                year = rng.randrange(band.year + 1, (band.end or 2021) + 1) if band.year < 2021 else 2021
                makers = [band.title]
                subtype = band.subtype
            else:
                year = rng.randrange(1870 if kind == "book" else 1925 if kind == "film" else 1860, 2021)
                who = pool.pick(rng, occ or rng.choice(("painter", "painter", "sculptor", "photographer")), year)
                if who is None:
                    continue
                makers = [who.title]
                subtype = (rng.choice(W.BOOK_GENRES) if kind == "book" else rng.choice(W.FILM_GENRES)
                           if kind == "film" else {"painter": rng.choice(("oil on canvas", "watercolour",
                                                                          "oil on board", "tempera", "mural")),
                                                   "sculptor": rng.choice(("bronze", "marble")),
                                                   "photographer": "gelatin silver print"}[who.occupation])
            name = _work_title(rng, places)
            what = {"book": subtype, "album": "album", "film": "film", "artwork": "painting"}[kind]
            maker_name = makers[0].split(" (")[0]
            title = book.take(name, [what, f"{maker_name} {what}", f"{year} {what}"],
                              f"a {year} {what} by {maker_name}")
            w = Thing(name=name, title=title, kind=kind, subtype=subtype, year=year, place=rng.choice(towns).title,
                      makers=makers)
            if kind == "book":
                w.related = [rng.choice(publishers).title]
                w.numbers["pages"] = rng.randrange(96, 640)
            elif kind == "album":
                w.related = [rng.choice(labels).title]
                w.items = _tracks(rng, places)
            elif kind == "film":
                w.related = [p.title for p in rng.sample(actors, min(len(actors), rng.randrange(2, 5)))
                             if p.born[0] + 12 < year and (p.died is None or p.died[0] > year)]
                w.numbers["runtime"] = rng.randrange(78, 142)
                w.numbers["budget"] = round(rng.uniform(0.2, 18.0), 1)
            else:
                w.related = [rng.choice(museums).title] if museums else []
                w.numbers["height_cm"] = rng.randrange(30, 240)
                w.numbers["width_cm"] = rng.randrange(30, 320)
            if rng.random() < 0.18 and kind in ("book", "album", "film"):
                w.facts["award"] = f"{rng.choice(W.AWARDS)}|{min(2021, year + 1)}"
            out.append(w)
            for m in makers:
                if m in by_title:
                    by_title[m].works.append(title)
    return out


def _tracks(rng: random.Random, places: list[str]) -> list[str]:
    out: list[str] = []
    for _ in range(rng.randrange(8, 14)):
        t = _work_title(rng, places) if rng.random() < 0.6 else rng.choice(W.TITLE_NOUNS)
        if t not in out:
            out.append(t)
    return out


def make_ships(rng: random.Random, book: TitleBook, pool: Pool, companies: list[Thing], coast: list[str]) -> list[Thing]:
    yards = [c for c in companies if c.subtype == "shipbuilding"]
    owners = [c for c in companies if c.subtype in ("shipping", "fish canning")]
    out = []
    types = (("steamship", "SS", 1860, 1935), ("sternwheeler", "", 1858, 1915), ("schooner", "", 1850, 1920),
             ("ferry", "MV", 1925, 2015), ("tugboat", "", 1880, 1990), ("fishing vessel", "FV", 1900, 2010),
             ("lightship", "", 1890, 1950))
    for _ in range(58):
        sub, prefix, lo, hi = rng.choice(types)
        year = rng.randrange(lo, hi + 1)
        base = rng.choice((rng.choice(W.PLACE_FIRST), rng.choice(W.SURNAMES[:150]), rng.choice(W.FEMALE_OLD),
                           f"{rng.choice(W.TITLE_ADJ)} {rng.choice(W.TITLE_NOUNS)}"))
        name = f"{prefix} {base}".strip()
        title = book.take(name, [f"{year}", f"{sub}, {year}"] if prefix else [sub, f"{sub}, {year}"],
                          f"a {sub} launched in {year}")
        yard = [y for y in yards if y.year <= year and (y.end is None or y.end >= year)]
        owner = [o for o in owners if o.year <= year and (o.end is None or o.end > year)]
        captain = pool.pick(rng, "captain", year, 25, 65)
        ship = Thing(name=name, title=title, kind="ship", subtype=sub, year=year,
                     place=rng.choice(coast), makers=[rng.choice(yard).title] if yard else [],
                     owner=rng.choice(owner).title if owner else None,
                     related=[captain.title] if captain else [])
        if captain:
            captain.works.append(title)
        ship.numbers["length_m"] = round(rng.uniform(14, 74), 1)
        ship.numbers["tonnage"] = rng.randrange(40, 2_400)
        ship.numbers["speed_kn"] = rng.randrange(6, 17)
        r = rng.random()
        if r < 0.45:
            ship.end = year + rng.randrange(2, 45)
            ship.fate = "wrecked"
            ship.facts["wreck_site"] = rng.choice(coast)
            ship.numbers["lost"] = rng.choice((0, 0, 0, 1, 2, 3, 5, 8, 14))
        elif r < 0.85:
            ship.end = year + rng.randrange(15, 60)
            ship.fate = "scrapped"
        else:
            ship.fate = "preserved"
        if ship.end and ship.end > 2021:
            ship.end, ship.fate = None, "in service"
        out.append(ship)
    return out
