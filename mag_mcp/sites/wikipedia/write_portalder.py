"""Sections the generated world adds to the hand-written Port Alder articles.

The city's article gains what a city article of Wikipedia has at length: a census
history, a climate table, the buildings, companies and organisations of its
districts, its mayors and elections, the Herons' seasons, the map's schools and
parks, and the people born there. A district's article gains its generated
buildings and organisations, a landmark's a short historical context. Sections
are only appended after the hand-written ones, so the hand-written sections,
their order and their links stay as they were (tasks read them).
"""

from __future__ import annotations

from .. import world as shared
from . import facts as F
from . import mapnames
from .article import Article
from .context import era
from .gen_people import OCCUPATIONS
from .prose import census_paragraph, census_table, climate, climate_table, life, person_link, thing_link
from .worldgraph import World
from .writer import Draft, Section

CITY_CENSUS = {1860: 2_140, 1870: 4_980, 1880: 11_230, 1890: 27_400, 1900: 41_870, 1910: 78_300, 1920: 104_900,
               1930: 139_600, 1940: 152_300, 1950: 201_800, 1960: 236_400, 1970: 271_900, 1980: 298_300,
               1990: 331_700, 2000: 366_200, 2010: 389_900, 2020: F.CITY_FACTS["population"]}


def _sections_from(a: Article) -> list[Section]:
    d = a.draft()
    return d.sections


def expand_city(d: Draft, w: World) -> None:
    a = Article(d.title, d.kind, d.entity, d.description)
    a.local_papers = ["The Alder Gazette"]
    sec = a.para("Demographics", census_paragraph(a.rng, "Port Alder", 2020, F.CITY_FACTS["population"],
                                                  F.CITY_FACTS["area_km2"], True))
    sec.table = census_table(CITY_CENSUS)
    sec.table_caption = "Historical population"
    c = climate(a.rng, "coast", F.CITY_FACTS["elevation_m"])
    sec = a.para("Climate", [a.v("Port Alder has a warm-summer Mediterranean climate (Köppen ''Csb''): mild, wet "
                                 "winters and dry summers with morning fog over [[Alder Bay]].")])
    sec.table = climate_table(c)
    sec.table_caption = "Climate data for Port Alder"
    in_city = set(shared.DISTRICTS) | {"Port Alder"}
    blds = sorted((b for b in w.buildings if b.place in in_city), key=lambda b: b.year)
    sec = a.para("Historic buildings", [a.v("Besides its listed landmarks, the city has {k} other buildings described "
                                            "in this encyclopedia:", k=len(blds))])
    sec.items = [f"{thing_link(b)} ({b.year}), [[{b.place}]]" for b in blds]
    comps = sorted((x for x in w.companies + w.orgs if x.place in in_city), key=lambda x: x.year)
    if comps:
        sec = a.para("Companies and organizations", [a.v("Companies and organizations based in the city include:")])
        sec.items = [f"{thing_link(x)} ({x.subtype}, founded {x.year})" for x in comps]
    sec = a.para("Mayors", [a.v("The city has had {k} mayors since its incorporation in {y}; see [[List of mayors of "
                                "Port Alder]].", k=len(w.mayors), y=F.CITY_FACTS["incorporated"])])
    sec.table = (["Mayor", "Term"], [[person_link(w.person(t)) if t in w.by_title else f"[[{t}]]",
                                      f"{s}–{e or 'present'}"] for t, s, e in w.mayors])
    sec = a.para("Elections", [a.v("Mayoral elections are held every four years:")])
    sec.items = [f"[[{e.title}]]" for e in w.elections]
    sec = a.para("Sport", [a.v("The [[Port Alder Herons]] play in the [[Cascadia Football League]]; their recent "
                               "seasons:")])
    sec.items = [f"[[{e.title}|{e.year}–{str(e.year + 1)[2:]}]] – position {int(e.numbers['position'])}"
                 for e in w.seasons]
    schools, parks = mapnames.schools(), mapnames.parks()
    if schools:
        sec = a.para("Schools", [a.v("Schools in the city include (see [[List of schools in Port Alder]]):")],
                     level=3)
        sec.items = [n for n, _ in schools]
    if parks:
        sec = a.para("Parks", [a.v("City parks include (see [[List of parks in Port Alder]]):")], level=3)
        sec.items = [n for n, _ in parks]
    people = sorted(w.born_in.get("Port Alder", []), key=lambda p: p.born)
    sec = a.para("Notable people", [a.v("People born in Port Alder who have an article in this encyclopedia "
                                        "include:")])
    sec.items = [f"{person_link(p)} ({life(p)}), {OCCUPATIONS[p.occupation][4]}" for p in people]
    for y in range(1850, 2020, 20):
        a.para("Through the decades", era(a, y), level=2)
    see = [s for s in d.sections if s.heading == "See also"]
    d.sections = [s for s in d.sections if s.heading != "See also"] + _sections_from(a) + see
    d.references = d.references + a.references


def expand_district(d: Draft, w: World) -> None:
    a = Article(d.title, d.kind, d.entity, d.description)
    blds = sorted((b for b in w.buildings if b.place == d.title), key=lambda b: b.year)
    if blds:
        sec = a.para("Other historic buildings", [a.v("Other buildings of the district described in this "
                                                      "encyclopedia:")])
        sec.items = [f"{thing_link(b)} ({b.year}), {b.style} {b.subtype}" for b in blds]
    orgs = sorted((x for x in w.companies + w.orgs if x.place == d.title), key=lambda x: x.year)
    if orgs:
        sec = a.para("Companies and organizations", [a.v("Based in the district:")])
        sec.items = [f"{thing_link(x)} ({x.subtype}, {x.year})" for x in orgs]
    est = F.DISTRICT_FACTS[d.title].established
    a.para("Historical context", era(a, est) + era(a, est + 40))
    see = [s for s in d.sections if s.heading == "See also"]
    d.sections = [s for s in d.sections if s.heading != "See also"] + _sections_from(a) + see
    d.references = d.references + a.references


def expand_landmark(d: Draft, w: World) -> None:
    a = Article(d.title, d.kind, d.entity, d.description)
    year = F.LANDMARK_FACTS[d.title].year
    a.para("Historical context", era(a, year))
    see = [s for s in d.sections if s.heading == "See also"]
    d.sections = [s for s in d.sections if s.heading != "See also"] + _sections_from(a) + see
    d.references = d.references + a.references
