"""List articles over the generated world (National Register listings by county,
people by field, rivers, lakes, mountains, parks, ships, newspapers, seasons,
elections) and over the map's named places in Port Alder (hotels, schools, parks,
banks), read through `mapnames` so the wiki and the map name the same places."""

from __future__ import annotations

from . import mapnames
from .article import Article
from .entities import Person
from .gen_people import OCCUPATIONS
from .grammar import figure
from .prose import life, person_link, thing_link, town_link
from .worldgraph import World

FIELD_LISTS = (("architect", "List of architects from the Alder region"),
               ("writer", "List of writers from the Alder region"),
               ("painter", "List of painters from the Alder region"),
               ("musician", "List of musicians from the Alder region"),
               ("scientist", "List of scientists from the Alder region"),
               ("politician", "List of politicians from the Alder region"),
               ("businessperson", "List of business people from the Alder region"),
               ("footballer", "List of footballers from the Alder region"),
               ("captain", "List of sea captains of the Oregon coast"),
               ("pioneer", "List of pioneers of the Alder region"))


def _list(w: World, title: str, desc: str, lead: str, headers: list[str], rows: list[list[str]],
          cats: list[str]) -> Article:
    w.titles.claim_exact(title)
    a = Article(title, "list", None, "Wikimedia list article")
    a.lead = [lead]
    sec = a.section("List")
    sec.table = (headers, rows)
    a.categories = cats
    a.infobox = [("Entries", str(len(rows)))]
    return a


def list_articles(w: World) -> list[Article]:
    out: list[Article] = []
    for county in w.counties:
        rows = []
        for b in sorted(w.buildings, key=lambda b: b.year):
            listed = next((e for e in b.events if e.kind == "listed"), None)
            if listed and w.county_of(b.place) == county.title:
                t = w.town(b.place)
                makers = [w.by_title[m] for m in b.makers if isinstance(w.by_title.get(m), Person)]
                rows.append([str(len(rows) + 1), thing_link(b), town_link(t, b.place) if t else f"[[{b.place}]]",
                             str(b.year), b.style, ", ".join(person_link(m) for m in makers) or "—",
                             str(listed.year), listed.args["ref"]])
        if rows:
            nrhp = _list(w, f"National Register of Historic Places listings in {county.name}, Oregon",
                         "", f"This is a list of the buildings and structures in [[{county.title}|{county.name}]], "
                             f"Oregon, listed on the [[National Register of Historic Places]] and described in "
                             f"this encyclopedia ({len(rows)} entries).",
                         ["№", "Name", "Location", "Built", "Style", "Architect", "Listed", "Reference"], rows,
                         ["National Register of Historic Places in Oregon", f"Lists of buildings in {county.name}"])
            nrhp.navboxes = [f"county:{county.title}"]  # as on Wikipedia's county lists: the county's navbox
            out.append(nrhp)
    by_occ: dict[str, list] = {}
    for p in w.people:
        by_occ.setdefault(p.occupation, []).append(p)
    for occ, title in FIELD_LISTS:
        ppl = sorted(by_occ.get(occ, []), key=lambda p: p.born)
        rows = [[person_link(p), life(p), town_link(w.town(p.birthplace), p.birthplace) if w.town(p.birthplace)
                 else p.birthplace.replace("Port Alder", "[[Port Alder]]"), p.notable_for or "—"] for p in ppl]
        out.append(_list(w, title, "", f"This is a list of {OCCUPATIONS[occ][4]}s born in or associated with the "
                                       f"region of [[Port Alder]], Oregon, who have an article in this encyclopedia.",
                         ["Name", "Life", "Born in", "Known for"], rows, ["Lists of people from Oregon"]))
    for kind, title, headers in (("river", "List of rivers of the Alder region", ["River", "County", "Length (km)",
                                                                                  "Mouth"]),
                                 ("lake", "List of lakes of the Alder region", ["Lake", "County", "Area (km²)",
                                                                                "Depth (m)"]),
                                 ("mountain", "List of mountains of the Alder region", ["Mountain", "County",
                                                                                        "Elevation (m)", "Range"]),
                                 ("park", "List of state parks of the Alder region", ["Park", "County", "Area (km²)",
                                                                                      "Established"])):
        feats = [f for f in w.features if f.kind == kind]
        rows = []
        for f in sorted(feats, key=lambda f: f.name):
            n = f.numbers
            if kind == "river":
                extra = [figure(n["length_km"]), f.flows_into or ""]
            elif kind == "lake":
                extra = [str(n["area_km2"]), str(int(n["max_depth_m"]))]
            elif kind == "mountain":
                extra = [figure(int(n["elevation_m"])), f.range_name]
            else:
                extra = [str(n["area_km2"]), str(f.established)]
            mouth = extra[1]
            if kind == "river" and mouth in w.by_title:
                extra[1] = f"[[{mouth}|{w.by_title[mouth].name}]]"
            elif kind == "river":
                extra[1] = f"[[{mouth}]]"
            rows.append([f"[[{f.title}|{f.name}]]", f"[[{f.county}|{f.county.split(',')[0]}]]", *extra])
        out.append(_list(w, title, "", f"This is a list of the {kind}s of the region around [[Port Alder]], Oregon, "
                                       f"with an article in this encyclopedia ({len(rows)} entries).", headers, rows,
                         [f"Lists of {kind}s of Oregon"]))
    rows = [[f"''{thing_link(s)}''", s.subtype, str(s.year), str(s.end or ""), town_link(w.town(
        s.facts["wreck_site"]), s.facts["wreck_site"]) if w.town(s.facts["wreck_site"]) else
        f"[[{s.facts['wreck_site']}]]", str(int(s.numbers.get("lost", 0)))] for s in
        sorted(w.ships, key=lambda s: s.end or 0) if s.fate == "wrecked"]
    out.append(_list(w, "List of shipwrecks of the Alder coast", "", "This is a list of ships wrecked on the coast of "
                     "the Alder region and described in this encyclopedia.",
                     ["Ship", "Type", "Launched", "Wrecked", "Site", "Lives lost"], rows, ["Lists of shipwrecks"]))
    rows = [[thing_link(o, True), town_link(w.town(o.place), o.place), str(o.year), o.facts.get("frequency", ""),
             figure(int(o.numbers.get("circulation", 0)))] for o in w.orgs if o.subtype == "newspaper"]
    out.append(_list(w, "List of newspapers in the Alder region", "", "This is a list of newspapers published in the "
                     "towns around [[Port Alder]]; see also ''[[The Alder Gazette]]''.",
                     ["Newspaper", "Town", "Founded", "Frequency", "Circulation"], rows, ["Lists of newspapers"]))
    rows = [[f"[[{e.title}|{e.year}–{str(e.year + 1)[2:]}]]", str(int(e.numbers["position"])),
             str(int(e.numbers["points"])), person_link(w.person(e.facts["manager"])) if e.facts.get("manager") else ""]
            for e in w.seasons]
    out.append(_list(w, "List of Port Alder Herons seasons", "", "This is a list of the seasons of the [[Port Alder "
                     "Herons]] in the [[Cascadia Football League]].", ["Season", "Position", "Points", "Manager"],
                     rows, ["Port Alder Herons seasons"]))
    out += _map_lists(w)
    return out


def _map_lists(w: World) -> list[Article]:
    """Lists of places the map shows in Port Alder (names only: the map says where they are)."""
    out = []
    for title, names, what in (("List of hotels in Port Alder", mapnames.hotels(), "hotels"),
                               ("List of schools in Port Alder", mapnames.schools(), "schools"),
                               ("List of parks in Port Alder", mapnames.parks(), "parks"),
                               ("List of banks in Port Alder", mapnames.banks(), "banks")):
        if not names:
            continue
        rows = [[n, extra] for n, extra in names]
        out.append(_list(w, title, "", f"This is a list of {what} in [[Port Alder]], Oregon, as shown on the city's "
                                       f"map ({len(rows)} entries).", ["Name", "Notes"], rows,
                         ["Lists of places in Port Alder"]))
    return out
