"""All generated articles, in a fixed order, plus the navigation boxes they use.

`generated_drafts()` writes every article of the generated world (towns, counties,
features, people, buildings, companies, organisations, bands, works, ships, events,
elections, seasons, stations, years, lists, a few general topics the others link
to, then disambiguation pages) and returns their drafts. `navboxes()` returns the
boxes shown at the foot of articles: key -> (title, groups of (label, titles)).
"""

from __future__ import annotations

from functools import lru_cache

from .article import Article
from .gen_events import HERONS, LEAGUE
from .grammar import figure, join, words
from .prose import person_link, town_link
from .worldgraph import World, world
from .write_disambig import disambiguation_articles
from .write_events import election_article, event_article, season_article
from .write_features import feature_article
from .write_lists import list_articles
from .write_people import person_article
from .write_things import building_article, company_article, org_article, ship_article
from .write_towns import county_article, town_article
from .write_works import album_article, artwork_article, band_article, book_article, film_article
from .write_years import year_articles
from .writer import Draft

# Real-world subjects the generated articles link to: (title, description, lead, redirects)
GENERAL = (
    ("National Register of Historic Places", "United States federal list of historic places",
     "The '''National Register of Historic Places''' (NRHP) is the United States federal government's official list "
     "of districts, sites, buildings and structures deemed worthy of preservation, created by the National Historic "
     "Preservation Act of 1966.", ["NRHP"]),
    ("United States Census Bureau", "Agency of the United States government",
     "The '''United States Census Bureau''' is the agency of the United States government responsible for the "
     "decennial census of population, held every ten years since 1790.", ["United States census", "US census"]),
    ("World War I", "Global war from 1914 to 1918",
     "'''World War I''', or the '''First World War''', was a global conflict fought from 1914 to 1918. The United "
     "States entered the war in April 1917.", ["First World War"]),
    ("World War II", "Global war from 1939 to 1945",
     "'''World War II''', or the '''Second World War''', was a global conflict fought from 1939 to 1945. The United "
     "States entered the war after the attack on Pearl Harbor in December 1941.", ["Second World War"]),
    ("United States Army", "Land service branch of the United States Armed Forces",
     "The '''United States Army''' is the land service branch of the United States Armed Forces.", ["US Army"]),
    (LEAGUE, "Regional association football league",
     f"The '''{LEAGUE}''' is a regional association football league of clubs from western Oregon, among them the "
     f"[[{HERONS}]].", []),
)


def _general(title: str, desc: str, lead: str, redirects: list[str]) -> Article:
    a = Article(title, "topic", None, desc, redirects=redirects)
    a.lead = [lead]
    a.categories = ["General reference"]
    return a


def _station(w: World, i: int) -> Article:
    t = w.railway[i]
    name = t.station or f"{t.name} station"
    prev = "[[Eastgate Station]]" if i == 0 else f"[[{w.railway[i - 1].station}]]"
    nxt = f"[[{w.railway[i + 1].station}]]" if i + 1 < len(w.railway) else "Albany, Oregon"
    a = Article(name, "station", name, f"Railway station in {t.name}, Oregon")
    opened = 1883 + a.rng.randrange(0, 3)
    a.lead = [a.v("'''{n}''' is a railway station on the [[Alder Valley Railway]] in {t}, Oregon, United States. It "
                  "opened in {y}.", n=name, t=town_link(t, t.title), y=opened)]
    a.para("History", [a.v("The <first|original> station, a <wooden depot|clapboard building>, <opened|was built> in {y} "
                           "when the line reached {t}.", y=opened, t=t.name)
                       + a.cite_book("the Alder Valley Railway"),
                       a.v("<Freight traffic|Timber and grain shipments> <peaked|were heaviest> in <the 1920s|the years "
                           "after the war> <and|; it> <declined|fell away> <after|with> <the new highway|trucking>.")])
    a.para("Services", [a.v("Regional trains <call|stop> about {k} times a day in each direction.",
                            k=words(a.rng.randrange(4, 13))),
                        a.v("The station has {p} <platforms|platform tracks><| and a small waiting room>.",
                            p=words(a.rng.randrange(1, 3)))])
    sec = a.section("Adjacent stations")
    sec.table = (["Preceding", "Line", "Following"], [[prev, "[[Alder Valley Railway]]", nxt]])
    a.infobox = [("Location", town_link(t, t.title)), ("Line", "[[Alder Valley Railway]]"), ("Opened", str(opened)),
                 ("Distance from Eastgate", f"{(i + 1) * 13 + a.rng.randrange(0, 6)} km")]
    a.categories = ["Railway stations in Oregon", "Alder Valley Railway"]
    return a


def write_all(w: World) -> list[Article]:
    arts: list[Article] = []
    arts += [county_article(w, c) for c in w.counties]
    arts += [town_article(w, t) for t in w.towns]
    arts += [feature_article(w, f) for f in w.features]
    arts += [person_article(w, p) for p in w.people]
    arts += [building_article(w, b) for b in w.buildings]
    arts += [company_article(w, c) for c in w.companies]
    arts += [org_article(w, o) for o in w.orgs]
    arts += [band_article(w, b) for b in w.bands]
    writers = {"book": book_article, "album": album_article, "film": film_article, "artwork": artwork_article}
    arts += [writers[x.kind](w, x) for x in w.works]
    arts += [ship_article(w, s) for s in w.ships]
    arts += [event_article(w, e) for e in w.events]
    arts += [election_article(w, e) for e in w.elections]
    arts += [season_article(w, e) for e in w.seasons]
    arts += [_station(w, i) for i in range(len(w.railway))]
    arts += year_articles(w)
    arts += list_articles(w)
    arts += [_general(*g) for g in GENERAL]
    by_title = {a.title: a for a in arts}
    arts += disambiguation_articles(w, by_title)
    return arts


@lru_cache(maxsize=1)
def generated_drafts() -> tuple[Draft, ...]:
    return tuple(a.draft() for a in write_all(world()))


def navboxes() -> dict[str, tuple[str, list[tuple[str, list[tuple[str, str]]]]]]:
    """key -> (box title, [(group label, [(title, shown text)])])."""
    w = world()
    out: dict[str, tuple[str, list[tuple[str, list[tuple[str, str]]]]]] = {}
    for c in w.counties:
        towns = [w.town(t) for t in c.towns]
        groups = []
        for status, label in (("city", "Cities"), ("census-designated place", "Census-designated places"),
                              ("unincorporated community", "Unincorporated communities"),
                              ("ghost town", "Ghost towns")):
            members = sorted(((t.title, t.name) for t in towns if t and t.status == status), key=lambda x: x[1])
            if members:
                groups.append((label, members))
        feats = sorted(((f.title, f.name) for f in w.features if f.county == c.title), key=lambda x: x[1])
        if feats:
            groups.append(("Natural features and parks", feats))
        seat = [("Port Alder", "Port Alder")] if c.name == "Alder County" else [(c.seat, w.town(c.seat).name)]
        out[f"county:{c.title}"] = (f"Municipalities and communities of {c.name}, Oregon",
                                    [("County seat", seat)] + groups)
    from .gen_people import OCCUPATIONS
    for occ in OCCUPATIONS:
        ppl = sorted((p for p in w.people if p.occupation == occ), key=lambda p: p.born)
        groups = []
        for lo in range(1780, 2010, 40):
            members = [(p.title, p.name) for p in ppl if lo <= p.born[0] < lo + 40]
            if members:
                groups.append((f"Born {lo}–{lo + 39}", members))
        out[f"people:{occ}"] = (f"{OCCUPATIONS[occ][4].capitalize()}s of the Alder region", groups)
    from .. import world as shared
    from .facts import DISTRICT_FACTS
    out["portalder"] = ("Port Alder, Oregon", [
        ("Districts", [(d, d) for d in sorted(DISTRICT_FACTS)]),
        ("Landmarks", [(lm.name, lm.name) for lm in sorted(shared.LANDMARKS, key=lambda x: x.name)]),
        ("History", [(t, t) for t in ("History of Port Alder", "Great Fire of 1888", "List of mayors of Port Alder",
                                      "Founders' Day (Port Alder)", "Lantern Festival (Port Alder)")]),
        ("Geography", [(t, t) for t in ("Geography of Port Alder", "Alder River", "Alder Bay", "Gull Island",
                                        "Cedar Island", "Heron Island")]),
        ("Transport", [(t, t) for t in ("Transport in Port Alder", "Alder Bay Ferry", "Alder Valley Railway",
                                        "Port Alder Transit")]),
        ("Society", [(t, t) for t in ("Economy of Port Alder", "Port Alder City Council", "Port Alder Herons",
                                      "The Alder Gazette", "One Stop Market", "Alder Labs")]),
    ])
    out["elections"] = ("Port Alder mayoral elections", [("Elections", [(e.title, str(e.year)) for e in w.elections])])
    out["seasons"] = (f"{HERONS} seasons", [("Seasons", [(e.title, f"{e.year}–{str(e.year + 1)[2:]}")
                                                          for e in w.seasons])])
    years = [d.title for d in generated_drafts() if d.kind == "year"]
    out["years"] = ("Years in Alder County", [(f"{c}s", [(t, t[:4]) for t in years if t[:3] == str(c)[:3]])
                                              for c in range(1840, 2030, 10)
                                              if any(t[:3] == str(c)[:3] for t in years)])
    return out
