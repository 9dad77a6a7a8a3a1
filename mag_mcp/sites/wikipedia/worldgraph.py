"""The generated world in one place: every record and the indexes the writers read.

`build_world(reserved)` runs the generators in a fixed order, each from its own
seeded stream, so adding a generator at the end never changes what the earlier
ones made. `World` then answers the questions the article writers ask: what
stands in a town, who was born there, which works a person made, who held an
office in a year. The indexes are built once; the records are never changed after
`build_world` returns.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

from . import gen_buildings, gen_events, gen_people, gen_region, gen_works
from .entities import County, Feature, Occurrence, Person, Thing, Town
from .gen_people_pool import Pool
from .titles import TitleBook

SEED = 8888


def _rng(stream: str) -> random.Random:
    return random.Random(f"{SEED}:world:{stream}")


@dataclass
class World:
    counties: list[County]
    towns: list[Town]
    features: list[Feature]
    people: list[Person]
    buildings: list[Thing]
    companies: list[Thing]
    orgs: list[Thing]
    bands: list[Thing]
    works: list[Thing]
    ships: list[Thing]
    events: list[Occurrence]
    elections: list[Occurrence]
    seasons: list[Occurrence]
    mayors: list[tuple[str, int, int]]
    railway: list[Town]
    titles: TitleBook
    by_title: dict[str, object] = field(default_factory=dict)
    in_place: dict[str, list[object]] = field(default_factory=lambda: defaultdict(list))
    born_in: dict[str, list[Person]] = field(default_factory=lambda: defaultdict(list))
    died_in: dict[str, list[Person]] = field(default_factory=lambda: defaultdict(list))
    made_by: dict[str, list[Thing]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for group in (self.counties, self.towns, self.features, self.people, self.buildings, self.companies,
                      self.orgs, self.bands, self.works, self.ships, self.events, self.elections, self.seasons):
            for x in group:
                self.by_title[x.title] = x
        for group in (self.buildings, self.companies, self.orgs, self.bands, self.works, self.events):
            for x in group:
                self.in_place[x.place].append(x)
        for p in self.people:
            self.born_in[p.birthplace].append(p)
            if p.deathplace:
                self.died_in[p.deathplace].append(p)
        for group in (self.buildings, self.companies, self.orgs, self.bands, self.works, self.ships):
            for x in group:
                for m in x.makers:
                    self.made_by[m].append(x)
        for f in self.features:
            for t in f.towns:
                self.in_place[t].append(f)

    def get(self, title: str) -> object | None:
        return self.by_title.get(title)

    def person(self, title: str) -> Person:
        p = self.by_title[title]
        assert isinstance(p, Person), title
        return p

    def town(self, title: str) -> Town | None:
        t = self.by_title.get(title)
        return t if isinstance(t, Town) else None

    def county_of(self, place: str) -> str:
        """The county (title) of a town, a district of Port Alder or Port Alder itself."""
        t = self.town(place)
        return t.county if t else "Alder County, Oregon"

    def things(self, place: str, kind: str) -> list[Thing]:
        return [x for x in self.in_place.get(place, []) if isinstance(x, Thing) and x.kind == kind]

    def occurrences(self, place: str) -> list[Occurrence]:
        return [x for x in self.in_place.get(place, []) if isinstance(x, Occurrence)]


def build_world(reserved_titles: frozenset[str], reserved_names: frozenset[str]) -> World:
    book = TitleBook(set(reserved_titles))
    counties = gen_region.make_counties(book)
    towns = gen_region.make_towns(_rng("towns"), book, counties)
    features = gen_region.make_features(_rng("features"), book, counties, towns)
    people = gen_people.make_people(_rng("people"), book, towns, set(reserved_names))
    pool = Pool(people)
    rivers = [f.title for f in features if f.kind == "river"]
    buildings = gen_buildings.make_buildings(_rng("buildings"), book, pool, towns, counties, rivers)
    companies = gen_buildings.make_companies(_rng("companies"), book, pool, towns)
    orgs = gen_works.make_orgs(_rng("orgs"), book, pool, towns)
    bands = gen_works.make_bands(_rng("bands"), book, pool, towns)
    works = gen_works.make_works(_rng("works"), book, pool, towns, bands, orgs, people)
    coast = [t.title for t in towns if t.terrain == "coast"][:30] + ["Alder Wharf"]
    ships = gen_works.make_ships(_rng("ships"), book, pool, companies, coast)
    events = gen_events.make_events(_rng("events"), book, pool, towns, rivers, buildings)
    mayors = gen_events.make_mayors(_rng("mayors"), pool)
    elections = gen_events.make_elections(_rng("elections"), book, pool, mayors)
    gen_events.assign_offices(_rng("offices"), pool, towns)
    clubs = [o for o in orgs if o.subtype == "football club"]
    seasons = gen_events.make_seasons(_rng("seasons"), book, pool, clubs)
    railway = gen_region.railway_towns(towns)
    _founders(_rng("founders"), pool, towns)
    _awards(_rng("awards"), people)
    _named_after(_rng("named"), people, towns, buildings, orgs)
    for i, t in enumerate(railway):
        t.station = f"{t.name} station"
        book.claim_exact(t.station)
    return World(counties, towns, features, people, buildings, companies, orgs, bands, works, ships, events,
                 elections, seasons, mayors, railway, book)


def _founders(rng: random.Random, pool: Pool, towns: list[Town]) -> None:
    for t in towns:
        if rng.random() < 0.5:
            p = pool.pick(rng, "pioneer", t.founded, 20, 62)
            if p is not None:
                t.founder = p.title
                p.works.append(t.title)


def _awards(rng: random.Random, people: list[Person]) -> None:
    from . import wordbanks as W
    for p in people:
        if p.occupation in ("pioneer", "footballer") or rng.random() < 0.55:
            continue
        for _ in range(rng.randrange(1, 4)):
            year = p.born[0] + rng.randrange(30, 75)
            if year < 2022 and (p.died is None or year <= p.died[0]):
                p.awards.append((year, rng.choice(W.AWARDS)))
        p.awards.sort()


def _named_after(rng: random.Random, people: list[Person], towns: list[Town], buildings: list[Thing],
                 orgs: list[Thing]) -> None:
    """Some buildings and schools carry a person's surname; that person is who they honour."""
    by_surname: dict[str, list[Person]] = defaultdict(list)
    for p in people:
        by_surname[p.surname].append(p)
    for x in buildings + [o for o in orgs if o.subtype == "high school"]:
        for word in x.name.replace("–", " ").split():
            cands = [p for p in by_surname.get(word, []) if p.born[0] + 20 < x.year]
            if cands:
                honoured = rng.choice(cands)
                x.facts["named_for"] = honoured.title
                honoured.named_after.append(x.title)
                break


@lru_cache(maxsize=1)
def world() -> World:
    """The world for the hand-written articles' titles (computed once per process)."""
    from .reserved import reserved_names, reserved_titles
    return build_world(reserved_titles(), reserved_names())
