"""The things the wiki's generated articles describe, as plain records.

The generators (`gen_region`, `gen_people`, `gen_things`, `gen_events`) create these
once per build from seeded random streams; `worldgraph.World` holds them all and
the relations between them (who designed what, who was born where). Writers only
read them, so a fact has one source: the record. Titles are unique across the
whole wiki (`worldgraph.TitleBook` hands them out).

A `Happening` is one dated fact for the "year in Alder County" articles and the
timelines: the year, an optional month and day, the sentence (wiki markup) and
the titles it concerns.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Date = tuple[int, int, int]  # (year, month, day)


@dataclass
class Happening:
    year: int
    text: str  # wiki markup, a full sentence
    about: tuple[str, ...]  # titles of the articles concerned
    month: int = 0
    day: int = 0
    kind: str = "event"  # event | birth | death


@dataclass
class Event:
    """One dated step in an entity's own history (the narrative writers turn these into prose)."""

    year: int
    kind: str  # a key of the writer's phrase bank, e.g. 'post_office', 'launched'
    args: dict[str, object] = field(default_factory=dict)


@dataclass
class County:
    name: str  # 'Hollis County'
    title: str
    seat: str = ""  # town title
    established: int = 0
    named_for: str = ""  # markup
    area_km2: float = 0.0
    towns: list[str] = field(default_factory=list)
    rivers: list[str] = field(default_factory=list)
    terrain: str = "valley"  # coast | valley | mountains


@dataclass
class Town:
    name: str
    title: str  # 'Fernbrook, Oregon'
    county: str  # county title
    status: str  # city | census-designated place | unincorporated community | ghost town
    terrain: str  # coast | valley | mountains
    founded: int
    incorporated: int | None
    lat: float
    lon: float
    elevation_m: int
    area_km2: float
    zip_code: str
    area_code: str
    census: dict[int, int]  # census year -> population
    industries: tuple[str, ...]
    river: str | None = None  # title of the river it lies on
    founder: str | None = None  # person title
    named_for: str = ""  # markup of what the name honours
    station: str | None = None  # railway station title on the Alder Valley Railway
    events: list[Event] = field(default_factory=list)
    school_district: str = ""
    nickname: str = ""

    @property
    def population(self) -> int:
        return self.census[max(self.census)]


@dataclass
class Feature:
    """A river, lake, mountain, island or park."""

    name: str
    title: str
    kind: str  # river | lake | mountain | island | park
    county: str
    lat: float
    lon: float
    numbers: dict[str, float] = field(default_factory=dict)  # length_km, elevation_m, area_km2, depth_m...
    flows_into: str | None = None  # river/lake title or 'Alder Bay' / 'Pacific Ocean'
    source: str | None = None  # mountain title or markup
    towns: list[str] = field(default_factory=list)
    tributaries: list[str] = field(default_factory=list)
    first_ascent: tuple[int, str] | None = None  # (year, person title)
    established: int = 0
    named_for: str = ""
    rock: str = ""
    range_name: str = ""
    events: list[Event] = field(default_factory=list)


@dataclass
class Person:
    name: str
    title: str
    gender: str  # f | m
    occupation: str  # key of gen_people.OCCUPATIONS
    born: Date
    birthplace: str  # town title, or a plain 'City, State' markup for people born outside the region
    died: Date | None = None
    deathplace: str | None = None
    education: list[tuple[int, str, str]] = field(default_factory=list)  # (year, institution, degree)
    spouse: str = ""
    children: int = 0
    works: list[str] = field(default_factory=list)  # titles of works, buildings, companies...
    offices: list[tuple[int, int | None, str]] = field(default_factory=list)  # (from, to, office markup)
    awards: list[tuple[int, str]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    named_after: list[str] = field(default_factory=list)  # titles of things named after the person
    teams: list[tuple[int, int, str]] = field(default_factory=list)  # (from, to, club title)
    band: str | None = None
    relatives: list[tuple[str, str]] = field(default_factory=list)  # (relation, person title)
    notable_for: str = ""  # markup phrase: 'designing the Fernbrook Carnegie Library'

    @property
    def surname(self) -> str:
        return self.name.split()[-1]


@dataclass
class Thing:
    """A building, company, organisation, ship, band or work: anything with a maker and a year."""

    name: str
    title: str
    kind: str  # building | company | organization | ship | band | book | album | film | artwork
    subtype: str  # 'covered bridge', 'lumber', 'newspaper', 'steamship', 'novel', ...
    year: int  # built / founded / launched / published
    place: str  # town or district title
    makers: list[str] = field(default_factory=list)  # person titles: architect, founders, author, members
    end: int | None = None  # demolished / defunct / wrecked
    fate: str = ""  # markup
    style: str = ""
    numbers: dict[str, float] = field(default_factory=dict)
    facts: dict[str, str] = field(default_factory=dict)  # infobox-ready extra values (markup)
    events: list[Event] = field(default_factory=list)
    related: list[str] = field(default_factory=list)  # titles: owner, operator, publisher, label, builder...
    items: list[str] = field(default_factory=list)  # tracks, chapters, products, members...
    owner: str | None = None


@dataclass
class Occurrence:
    """A flood, fire, storm, strike, election, festival or sports season."""

    name: str
    title: str
    kind: str  # event | election | season
    subtype: str
    year: int
    place: str
    date: Date | None = None
    people: list[str] = field(default_factory=list)
    numbers: dict[str, float] = field(default_factory=dict)
    rows: list[list[str]] = field(default_factory=list)  # results, matches...
    facts: dict[str, str] = field(default_factory=dict)
    related: list[str] = field(default_factory=list)
