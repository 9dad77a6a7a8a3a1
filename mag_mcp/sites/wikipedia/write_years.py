""""{year} in Alder County" articles: everything the wiki dates to that year in Alder
County (Port Alder included): landmarks, towns, buildings, companies, organisations,
ships, disasters, festivals, elections, seasons, births and deaths.

Items are collected from the hand-written facts and from the generated world, so
a year article repeats what the articles it links to say. A year with fewer than
six items gets no article.
"""

from __future__ import annotations

from collections import defaultdict

from .. import world as shared
from . import facts as F
from .article import Article
from .entities import Person
from .grammar import mdy
from .prose import person_link, thing_link, town_link
from .worldgraph import World
from .gen_people import OCCUPATIONS

COUNTY = "Alder County, Oregon"
FIRST_YEAR, LAST_YEAR = 1847, 2021
MIN_ITEMS = 6


def year_title(y: int) -> str:
    return f"{y} in Alder County"


def _in_county(w: World, place: str) -> bool:
    return place == "Port Alder" or place in shared.DISTRICTS or w.county_of(place) == COUNTY and bool(w.town(place))


def collect(w: World) -> dict[int, dict[str, list[str]]]:
    """year -> {'events': [...], 'births': [...], 'deaths': [...]} as wiki markup list items."""
    out: dict[int, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for lm in shared.LANDMARKS:
        f = F.LANDMARK_FACTS[lm.name]
        out[f.year]["events"].append(f"{'The ' if not lm.name.startswith(('Port', 'St.', 'Eastgate', 'Founders')) else ''}"
                                     f"[[{lm.name}]] is {f.year_label.lower()} in [[{lm.district}]].")
    for p in F.PEOPLE_FACTS.values():
        out[p.born]["births"].append(f"[[{p.name}]], {p.occupation.lower()} (died {p.died})" if p.died
                                     else f"[[{p.name}]], {p.occupation.lower()}")
        if p.died:
            out[p.died]["deaths"].append(f"[[{p.name}]], {p.occupation.lower()} (born {p.born})")
    out[F.CITY_FACTS["founded"]]["events"].append("[[Elias Marsh]] and [[Abigail Penrose]] found [[Port Alder]].")
    out[F.CITY_FACTS["incorporated"]]["events"].append("[[Port Alder]] is incorporated as a city.")
    out[1888]["events"].append("The [[Great Fire of 1888]] destroys most of the [[Lantern Quarter]].")
    out[F.TRANSPORT_FACTS["ferry_founded"]]["events"].append("[[Jonah Pike]] founds the [[Alder Bay Ferry]].")
    out[F.TRANSPORT_FACTS["railway_opened"]]["events"].append(
        "The [[Alder Valley Railway]] reaches [[Eastgate Station]].")
    for t in w.towns:
        if t.county != COUNTY:
            continue
        out[t.founded]["events"].append(f"{town_link(t, t.title)} is founded.")
        if t.incorporated:
            out[t.incorporated]["events"].append(f"{town_link(t, t.title)} is incorporated as a city.")
    for group, verb in ((w.buildings, "is completed"), (w.companies, "is founded"), (w.orgs, "is founded")):
        for x in group:
            if _in_county(w, x.place):
                out[x.year]["events"].append(f"The {thing_link(x)} {verb} in {_pl(w, x.place)}.")
                if x.end and x.kind == "company":
                    out[x.end]["events"].append(f"The {thing_link(x)} {x.fate or 'closes'}"
                                                .replace("acquired", "is acquired").replace("bankrupt",
                                                                                            "goes bankrupt"))
    for s in w.ships:
        if _in_county(w, s.place):
            out[s.year]["events"].append(f"The {s.subtype} ''{thing_link(s)}'' is launched.")
        if s.fate == "wrecked" and _in_county(w, s.facts.get("wreck_site", "")):
            out[s.end or s.year]["events"].append(f"''{thing_link(s)}'' is wrecked off {_pl(w, s.facts['wreck_site'])}.")
    for e in w.events:
        if _in_county(w, e.place):
            when = f"{mdy(*e.date)} – " if e.date and e.subtype != "festival" else ""
            text = f"the first [[{e.title}|{e.name}]] is held" if e.subtype == "festival" else f"the [[{e.title}]]"
            out[e.year]["events"].append(f"{when}{text[0].upper() + text[1:]} ({_pl(w, e.place)}).")
    for e in w.elections:
        winner = w.by_title.get(e.rows[0][0])
        name = person_link(winner) if isinstance(winner, Person) else f"[[{e.rows[0][0]}]]"
        out[e.year]["events"].append(f"{mdy(*e.date)} – {name} wins the [[{e.title}]].")
    for e in w.seasons:
        out[e.year + 1]["events"].append(f"The [[Port Alder Herons]] finish the [[{e.title}|{e.year}–{str(e.year + 1)[2:]} "
                                         f"season]] in position {int(e.numbers['position'])}.")
    for p in w.people:
        occ = OCCUPATIONS[p.occupation][4]
        if _in_county(w, p.birthplace):
            out[p.born[0]]["births"].append(f"{mdy(*p.born)} – {person_link(p)}, {occ}"
                                            + (f" (died {p.died[0]})" if p.died else ""))
        if p.died and _in_county(w, p.deathplace or ""):
            out[p.died[0]]["deaths"].append(f"{mdy(*p.died)} – {person_link(p)}, {occ} (born {p.born[0]})")
    return out


def _pl(w: World, place: str) -> str:
    t = w.town(place)
    return town_link(t, place) if t else f"[[{place}]]"


def mayor_in(w: World, y: int) -> str:
    for who, start, end in w.mayors:
        if start <= y and (end == 0 or y < end):
            x = w.by_title.get(who)
            return person_link(x) if isinstance(x, Person) else f"[[{who}]]"
    return ""


def _county_office(w: World, office: str) -> bool:
    """An office of the county itself or of one of its towns (markup, see gen_events.assign_offices)."""
    if f"[[{COUNTY}|" in office:
        return True
    if office.startswith("Mayor of [[") and office != "Mayor of [[Port Alder]]":
        t = w.town(office[len("Mayor of [["):].split("|")[0].split("]]")[0])
        return t is not None and t.county == COUNTY
    return False


def incumbents_in(w: World, y: int) -> list[str]:
    """The county's office holders in year `y` other than Port Alder's mayor: '<office>: <person>'."""
    out = []
    for p in w.people:
        for start, end, office in p.offices:
            if start <= y < (end or LAST_YEAR + 1) and _county_office(w, office):
                out.append((office.split("[[")[-1], f"{office}: {person_link(p)}"))
    return [item for _, item in sorted(out)]


def year_articles(w: World) -> list[Article]:
    items = collect(w)
    years = [y for y in range(FIRST_YEAR, LAST_YEAR + 1)
             if sum(len(v) for v in items.get(y, {}).values()) >= MIN_ITEMS]
    out = []
    for i, y in enumerate(years):
        got = items[y]
        title = year_title(y)
        w.titles.claim_exact(title)
        a = Article(title, "year", str(y), f"Events of {y} in Alder County, Oregon")
        total = sum(len(v) for v in got.values())
        a.lead = [a.v("The following <lists|is a list of> events <that happened|of the year> {y} in [[Alder County, "
                      "Oregon|Alder County]], Oregon, whose seat is [[Port Alder]]. <The year saw|It records> {k} "
                      "<entries|items> in this encyclopedia.", y=y, k=total)]
        mayor = mayor_in(w, y)
        incumbents = ([f"Mayor of [[Port Alder]]: {mayor}"] if mayor else []) + incumbents_in(w, y)
        if incumbents:
            sec = a.section("Incumbents")
            sec.items = incumbents
        for key, heading in (("events", "Events"), ("births", "Births"), ("deaths", "Deaths")):
            if got.get(key):
                sec = a.section(heading)
                sec.items = list(dict.fromkeys(got[key]))
        nav = [year_title(years[i - 1])] if i else []
        if i + 1 < len(years):
            nav.append(year_title(years[i + 1]))
        a.see_also = nav + ["History of Port Alder"]
        a.categories = [f"{y} in Oregon", f"Years of the {y // 100 + 1}th century in Alder County"]
        a.infobox = [("Year", str(y)), ("County", "[[Alder County, Oregon|Alder County]]"), ("Entries", str(total))]
        a.navboxes = ["years", f"county:{COUNTY}"]
        out.append(a)
    return out
