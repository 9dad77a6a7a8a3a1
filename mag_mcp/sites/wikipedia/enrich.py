"""The tables and extra sections that make the generated articles as long and as dense
as Wikipedia's: timelines, owners and leaders, yearly figures, editions, charts,
ward results, crossings, routes. Each function appends to an `Article` from the
record it is given; names that are not records (owners, principals, editors,
minor characters) exist only in the table that lists them."""

from __future__ import annotations

import re

from .article import Article
from .entities import Occurrence, Person, Thing
from .grammar import figure, mdy, random_date, words
from .prose import person_link, thing_link, town_link
from .worldgraph import World
from . import wordbanks as W

_MARKUP_LINK = re.compile(r"\[\[(?:[^|\]]*\|)?([^\]]*)\]\]")  # [[Title|shown]] or [[Title]] -> its shown text


def _name(a: Article, year: int) -> str:
    if year < 1870:
        given = W.MALE_OLD + W.FEMALE_OLD
    elif year < 1945:
        given = W.MALE_MID + W.FEMALE_MID
    else:
        given = W.MALE_NEW + W.FEMALE_NEW
    return f"{a.pick(given)} {a.pick(W.SURNAMES)}"


def timeline_table(a: Article, heading: str, rows: list[tuple[int, str]]) -> None:
    if len(rows) < 3:
        return
    sec = a.section(heading)
    sec.table = (["Year", "Event"], [[str(y), t] for y, t in sorted(rows)])


def holders_table(a: Article, heading: str, role: str, start: int, end: int, first: list[str]) -> None:
    """A table of who held a post (owner, president, principal, editor) from `start` to `end`."""
    rows, y, i = [], start, 0
    while y < end:
        length = a.rng.randrange(4, 22)
        who = first[i] if i < len(first) else _name(a, y)
        rows.append([f"{y}–{min(end, y + length) if y + length < end else ('present' if end >= 2021 else end)}",
                     who, role])
        y += length
        i += 1
    sec = a.section(heading)
    sec.table = (["Years", "Name", "Role"], rows)


def yearly_table(a: Article, heading: str, start: int, end: int, cols: list[str], base: list[float],
                 growth: list[float]) -> None:
    rows, vals = [], list(base)
    step = max(1, (end - start) // 14)
    for y in range(start, end + 1, step):
        rows.append([str(y)] + [figure(int(v)) for v in vals])
        vals = [v * (1 + g * a.rng.uniform(0.3, 1.7)) for v, g in zip(vals, growth)]
    sec = a.section(heading)
    sec.table = (["Year", *cols], rows)


def building_extras(a: Article, w: World, b: Thing) -> None:
    rows = [(b.year, "Completed")]
    rows += [(e.year, {"addition": f"{e.args.get('part', 'an addition')} added".capitalize(), "fire": "Damaged by fire",
                       "listed": "Listed on the National Register of Historic Places", "restored": "Restored",
                       "new_use": f"Converted into {e.args.get('use', 'other use')}"}.get(e.kind, e.kind))
             for e in b.events]
    if b.end:
        rows.append((b.end, b.fate.capitalize()))
    timeline_table(a, "Timeline", rows)
    holders_table(a, "Owners", "Owner", b.year, b.end or 2021, [])
    a.para("Interior", [a.v("<The ground floor|The main floor> <holds|contains> <a central hall|a large meeting room|"
                            "the main office|a banking hall> <with|and> <a pressed-tin ceiling|fir floors|a marble "
                            "counter|a fireplace>."),
                        a.v("<A stair|A staircase of carved oak|A narrow stair> <leads|rises> to <the upper floor|the "
                            "gallery|offices and storerooms>, <where|and> <the original|period> <doors|windows|light "
                            "fittings> <survive|remain>."),
                        a.v("<The basement|A cellar> <once held|was used for> <a boiler room|coal storage|a printing "
                            "press|storage for the store above>.")], level=3)
    a.para("Heritage status", [
        a.v("<The nomination|The listing> <cited|recognised> the {sub} under <Criterion A, for its association with the "
            "growth of {pl}|Criterion C, as an example of {style} design|Criteria A and C>.", sub=b.subtype,
            pl=w.by_title[b.place].name if b.place in w.by_title else b.place, style=b.style),
        a.v("<Its integrity|Its condition> was <judged|described as> <good|excellent|fair> <in|at the time of> the "
            "survey<|, with few changes to the exterior>."),
        a.v("<Local preservationists|The county historical society> <campaigned|pressed> for its protection <in the "
            "1970s|after a demolition threat|when a highway widening was proposed>.")])


def building_construction(a: Article, w: World, b: Thing) -> None:
    """Where the materials came from, who built it and how it was used."""
    suppliers = [x for x in w.companies if x.subtype in ("lumber", "shipping", "retail") and x.year <= b.year
                 and (x.end is None or x.end > b.year)]
    s = [a.v("<The contract|The building contract> went to <a local builder|a contractor from Port Alder|the firm of "
             "{s} & Sons>, <whose crew|and a crew> of {k} men <finished the work|completed it> in <about|some> {m} "
             "months.", s=a.pick(W.SURNAMES), k=words(a.rng.randrange(6, 40)), m=words(a.rng.randrange(5, 20)))]
    if suppliers:
        sup = a.pick(suppliers)
        s.append(a.v("<Timber|Lumber and shingles|Materials> <came from|were supplied by> the {c}<|, whose yard stood "
                     "nearby>.", c=thing_link(sup)))
    s.append(a.v("<The foundations|The footings> <are of|were laid in> <basalt|river stone|poured concrete|brick>, "
                 "<and|while> the <roof|frame> <is|was> <cedar|Douglas fir|steel>."))
    s.append(a.v("<At the opening|When it opened>, <the building|it> <was hailed|was described> <in the local "
                 "press|by the newspapers> as <a credit to the town|the finest of its kind in the county|a sign of "
                 "progress>."))
    a.para("Construction", s)
    a.para("Use", [a.v("<For most of its history|For decades> the {sub} <served|was used> <as|for> <its original "
                       "purpose|{use}><|, and it remained in use after <the town declined|the mills closed>>.",
                       sub=b.subtype, use=a.pick(("offices", "storage", "meetings", "community events"))),
                   a.v("<It has hosted|The building has hosted> <weddings|dances|elections|concerts|meetings of the "
                       "Grange> <and|as well as> <school graduations|town meetings|exhibitions>.")])


def company_extras(a: Article, w: World, c: Thing) -> None:
    end = c.end or 2021
    rivals = [x for x in w.companies if x.subtype == c.subtype and x.title != c.title
              and x.year < end and (x.end is None or x.end > c.year)][:4]
    if rivals:
        a.para("Competition", [a.v("<Its main competitors|Rival firms> <included|were> {r}.",
                                   r=", ".join(thing_link(x) for x in rivals)),
                               a.v("<Competition|Price competition> <was fierce|grew sharper> <in the {d}|after the "
                                   "war|as larger firms entered the market>, <and|but> the company <held|kept> its "
                                   "<share|customers> <through|by> <quality|lower prices|new products>.",
                                   d=f"{(c.year + 20) // 10 * 10}s")])
    sec = a.para("Products", [a.v("<The company's|Its> <principal|best-known> products <were|included>:")])
    sec.items = [f"{p.capitalize()} – {a.pick(('its first and longest-running line', 'sold across the West', 'made for local customers', 'exported through the bay', 'its most profitable line', 'introduced in the ' + str((c.year + a.rng.randrange(0, 40)) // 10 * 10) + 's'))}"
                 for p in c.items]
    holders_table(a, "Leadership", "President", c.year, end, [person_link(w.person(m)) for m in c.makers])
    yearly_table(a, "Yearly figures", c.year + 1, end, ["Employees", "Output (units)"],
                 [max(4, c.numbers.get("employees_peak", 50) * 0.1), a.rng.uniform(200, 5000)], [0.12, 0.15])
    sites = a.rng.sample([t for t in w.towns if t.status != "ghost town"], 4)
    sec = a.para("Facilities", [a.v("<At various times|Over its history> the company <operated|ran> <plants|sites> in "
                                    "several towns:")])
    sec.items = [f"{town_link(t, t.title)} – {a.pick(('mill', 'warehouse', 'plant', 'office', 'depot', 'shop'))}, "
                 f"{max(c.year, t.founded + 1) + a.rng.randrange(0, 30)}" for t in sites]
    a.para("Labour relations", [a.v("<Workers at the company|The company's workers> <joined|organised> <a union|the "
                                    "International Woodworkers|the local union> in {y}.", y=min(end, c.year + a.rng.randrange(5, 40))),
                                a.v("<Relations with the union|Labour relations> were <generally good|often tense|"
                                    "stormy in the 1930s>, <and|but> the company <avoided|survived> <long strikes|"
                                    "major walkouts>.")])


def org_extras(a: Article, w: World, o: Thing) -> None:
    role = {"newspaper": "Editor", "radio station": "Station manager", "high school": "Principal",
            "college": "President", "hospital": "Director", "museum": "Director", "football club": "Manager",
            "record label": "Owner", "publisher": "Publisher"}[o.subtype]
    holders_table(a, f"{role}s", role, o.year, 2021, [person_link(w.person(m)) for m in o.makers])
    if o.subtype in ("high school", "college", "newspaper", "hospital", "museum"):
        col = {"high school": "Students", "college": "Students", "newspaper": "Circulation", "hospital": "Beds",
               "museum": "Visitors"}[o.subtype]
        target = o.numbers.get("students", o.numbers.get("circulation", o.numbers.get("size", 3000)))
        yearly_table(a, f"{col} over time", o.year + 1, 2020, [col], [max(10, target * 0.15)], [0.1])


def book_extras(a: Article, w: World, b: Thing) -> None:
    pub = b.related[0] if b.related else "Alder Press"
    rows = [[str(b.year), f"[[{pub}]]", "Hardcover", a.cite_free_isbn()]]
    y = b.year
    for fmt in ("Paperback", "Paperback", "Audiobook", "E-book"):
        y += a.rng.randrange(1, 18)
        if y > 2021 or (fmt == "E-book" and y < 2005) or (fmt == "Audiobook" and y < 1985):
            continue
        rows.append([str(y), a.pick(W.PUBLISHERS), fmt, a.cite_free_isbn()])
    sec = a.section("Editions")
    sec.table = (["Year", "Publisher", "Format", "ISBN"], rows)
    a.para("Themes", [a.v("<Critics|Scholars> <have read|read> the book as <a study of|a meditation on|an account of> "
                          "<memory and place|the end of a way of life|family loyalty|the cost of progress>."),
                      a.v("<Water|Fog|The river|Fire> <recurs|appears again and again> <as an image|as a symbol> "
                          "<of|for> <change|loss|renewal>."),
                      a.v("<Its|The book's> <treatment of|attention to> <work|labour|the landscape|women's lives> "
                          "<has been compared|was compared> to <earlier regional writing|the novels of the "
                          "Willamette Valley|oral histories of the coast>.")])
    if a.rng.random() < 0.35:
        a.para("Adaptations", [a.v("<A stage adaptation|A radio adaptation|A film adaptation> <was produced|appeared> in "
                                   "{y}<| at the Lantern Theatre>.", y=min(2021, b.year + a.rng.randrange(2, 40)))])


def album_extras(a: Article, w: World, x: Thing) -> None:
    rows = []
    for region in ("United States", "Canada", "United Kingdom", "Japan"):
        y, m, d = random_date(a.rng, x.year + (0 if region == "United States" else a.rng.randrange(0, 2)))
        rows.append([region, mdy(y, m, d), a.pick(("LP", "CD", "cassette", "digital download", "LP, CD"))])
    sec = a.section("Release history")
    sec.table = (["Region", "Date", "Format"], rows)
    sec = a.section("Charts")
    sec.table = (["Chart", "Peak position"], [[c, str(a.rng.randrange(3, 190))] for c in
                                               ("US Billboard 200", "US Independent Albums", "US Heatseekers",
                                                "Oregon regional chart")])


def election_extras(a: Article, w: World, e: Occurrence) -> None:
    from .facts import DISTRICT_FACTS
    rows = []
    for d in sorted(DISTRICT_FACTS.values(), key=lambda d: d.ward):
        shares = [a.rng.uniform(0.2, 1.0) for _ in e.rows]
        tot = sum(shares)
        rows.append([f"Ward {d.ward} ([[{d.name}]])"] + [f"{s / tot * 100:.1f}%" for s in shares])
    sec = a.section("Results by ward")
    names = [(w.by_title[r[0]].name if r[0] in w.by_title and hasattr(w.by_title[r[0]], "name") else r[0])
             for r in e.rows]
    sec.table = (["Ward", *names], rows)
    polls = []
    for k in range(4):
        y, m, d = e.year, a.rng.randrange(6, 11), a.rng.randrange(1, 28)
        polls.append([mdy(y, m, d), a.pick(("Alder Gazette poll", "KPAL survey", "university poll", "campaign poll")),
                      *[f"{a.rng.randrange(8, 55)}%" for _ in e.rows]])
    sec = a.section("Opinion polls")
    sec.table = (["Date", "Pollster", *names], sorted(polls))


def ship_extras(a: Article, w: World, s: Thing) -> None:
    sec = a.section("Specifications")
    sec.table = (["Property", "Value"], [["Length", f"{s.numbers['length_m']} m"],
                                         ["Beam", f"{round(s.numbers['length_m'] / a.rng.uniform(4.5, 7), 1)} m"],
                                         ["Draught", f"{round(a.rng.uniform(1.5, 6.5), 1)} m"],
                                         ["Tonnage", f"{figure(int(s.numbers['tonnage']))} GRT"],
                                         ["Propulsion", a.pick(("Steam engine", "Sail", "Diesel engine",
                                                                "Steam engine and sails"))],
                                         ["Speed", f"{int(s.numbers['speed_kn'])} knots"],
                                         ["Crew", str(a.rng.randrange(4, 40))]])
    holders_table(a, "Service history", "Owner", s.year, s.end or 2021, [f"[[{s.owner}]]"] if s.owner else [])


def feature_extras(a: Article, w: World, f) -> None:
    if f.kind == "river":
        rows = []
        km = f.numbers["length_km"]
        for t in f.towns:
            x = w.town(t)
            rows.append([f"Bridge at {town_link(x, t)}" if x else t, f"{a.rng.uniform(0, km):.1f}",
                         a.pick(("Road bridge", "Railway bridge", "Footbridge", "Covered bridge")),
                         str(a.rng.randrange(1880, 2015))])
        for _ in range(a.rng.randrange(2, 6)):
            rows.append([f"{a.pick(W.PLACE_FIRST)} Road bridge", f"{a.rng.uniform(0, km):.1f}",
                         a.pick(("Road bridge", "Footbridge", "Logging road bridge")), str(a.rng.randrange(1900, 2015))])
        sec = a.section("Crossings")
        sec.table = (["Crossing", "River km", "Type", "Built"], sorted(rows, key=lambda r: float(r[1])))
    elif f.kind == "lake":
        sec = a.section("Fish species")
        sec.table = (["Species", "Status"], [[s, a.pick(("Native", "Stocked", "Introduced", "Native, declining"))]
                                             for s in a.rng.sample(("Rainbow trout", "Cutthroat trout", "Kokanee",
                                                                    "Largemouth bass", "Yellow perch", "Brown bullhead",
                                                                    "Coho salmon", "Bluegill", "Crappie"), 5)])
    elif f.kind == "mountain":
        sec = a.section("Routes")
        sec.table = (["Route", "Grade", "Length"], [[f"{a.pick(('North', 'South', 'East', 'West'))} "
                                                     f"{a.pick(('ridge', 'face', 'gully', 'trail', 'shoulder'))}",
                                                     a.pick(("Class 1", "Class 2", "Class 3", "Class 4")),
                                                     f"{a.rng.uniform(3, 18):.1f} km"] for _ in range(4)])
    elif f.kind == "park":
        sec = a.section("Trails")
        sec.table = (["Trail", "Length", "Difficulty"], [[f"{a.pick(W.PLACE_FIRST)} {a.pick(('Loop', 'Trail', 'Path'))}",
                                                          f"{a.rng.uniform(0.5, 12):.1f} km",
                                                          a.pick(("Easy", "Moderate", "Difficult"))] for _ in range(5)])


def person_chronology(a: Article, w: World, p: Person, made: list[Thing]) -> None:
    rows = [(p.born[0], f"Born in {p.birthplace.split(',')[0]}")]
    rows += [(y, f"Graduates from {inst}") for y, inst, _ in p.education]
    rows += [(x.year, f"{x.kind.capitalize()}: ''{x.name}''" if x.kind in ("book", "album", "film", "artwork")
              else f"{x.kind.capitalize()}: {x.name}") for x in made[:8]]
    rows += [(s0, "Takes office: " + _MARKUP_LINK.sub(r"\1", o)) for s0, _, o in p.offices]
    rows += [(y, f"Receives the {aw}") for y, aw in p.awards]
    rows += [(s0, f"Joins {c}") for s0, _, c in p.teams]
    if p.died:
        rows.append((p.died[0], "Dies"))
    timeline_table(a, "Chronology", rows)
