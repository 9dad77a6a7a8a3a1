"""Articles on the region's buildings, companies, organisations and ships.

Each draws on its record (year, makers, place, style, events, fate) and on the
phrase banks of `things_text`; tables (financial history, fleet data, enrolment)
come from the record's numbers. Links point at the town or district, the makers
and related records, so the biographies and town articles say the same.
"""

from __future__ import annotations

from .article import Article
from .entities import Thing
from .grammar import figure, join, mdy, words
from .prose import person_link, the_thing, thing_link, town_link
from .things_text import BUILDING_EVENTS, COMPANY_EVENTS, DESCRIPTION, ORG_TEXT, SHIP_TEXT
from .worldgraph import World
from . import context as C
from . import enrich as E
from .writer import ImageSpec
from . import wordbanks as W

LANDMARK_KIND = {"house": "house", "church": "church", "courthouse": "town hall", "hotel": "theatre",
                 "library": "library", "school building": "university", "covered bridge": "bridge",
                 "railway depot": "train station", "grange hall": "church", "theatre": "theatre",
                 "post office": "town hall", "bank building": "library", "lighthouse": "lighthouse", "mill": "brewery",
                 "office building": "office"}


def _place(w: World, title: str) -> str:
    t = w.town(title)
    if t:
        return town_link(t, title)
    return f"the [[{title}]] district of [[Port Alder]]" if title in w.in_place or title else title


def _short_place(w: World, title: str) -> str:
    t = w.town(title)
    return t.name if t else title


def _makers(w: World, x: Thing) -> str:
    return join([person_link(w.person(m)) if m in w.by_title and hasattr(w.by_title[m], "born")
                 else f"[[{m}]]" for m in x.makers])


def building_article(w: World, b: Thing) -> Article:
    place = _short_place(w, b.place)
    a = Article(b.title, "building", b.title, f"{b.style} {b.subtype} in {place}, Oregon", infobox_title=b.name)
    arch = w.person(b.makers[0]) if b.makers else None
    status = b.fate.capitalize() if b.end else "Standing"
    lead = a.v("The '''{n}''' <is|was> {art} {style} {sub} in {pl}, Oregon, United States.", n=b.name,
               art="an" if b.style[0] in "AEIOU" else "a", style=b.style, sub=b.subtype, pl=_place(w, b.place))
    lead += " " + a.v("<It was built in {y}|Completed in {y}, it|Built in {y}, it> <to a design by {ar}|was designed "
                      "by {ar}>.", y=b.year, ar=person_link(arch) if arch else "an unknown builder")
    listed = next((e for e in b.events if e.kind == "listed"), None)
    if listed:
        lead += " " + a.v("It was <added to|listed on> the [[National Register of Historic Places]] in {y}.",
                          y=listed.year)
    if b.end:
        lead += " " + a.v("The building was {f} in {y}.", f=b.fate, y=b.end)
    a.lead = [lead]
    a.para("Background", C.town_then(a, w, b.place, b.year) + C.era(a, b.year)[:1])
    # history
    hist = [a.v("<By {y}|In the years before {y}>, {pl} <needed|lacked|had outgrown> <a proper|a larger|a permanent> "
                "{sub}<|, and {who} <raised|subscribed> the money>.", y=b.year, pl=place, sub=b.subtype,
                who=a.pick(("the congregation", "the town council", "a committee of merchants", "the county",
                            "a local family", "the school district"))),
            a.v("<Construction began|Work started|Ground was broken> in {y0} and <the building was finished|it was "
                "completed|it opened> in {y}<|, at a cost of ${c}>.", y0=b.year - a.rng.randrange(0, 3), y=b.year,
                c=figure(int(b.numbers.get("cost", 10000)))) + a.cite_any(b.name, b.year,
                                                                          f"New {b.subtype} for {place}")]
    if arch:
        hist.append(a.v("{ar} <was chosen|won the commission|was engaged> <after a competition|on the strength of "
                        "earlier work|at the recommendation of the building committee>; the {sub} <is|was> one of "
                        "{his} <first|best-known|larger> works.", ar=person_link(arch), sub=b.subtype,
                        his="her" if arch.gender == "f" else "his"))
    a.para("History", hist)
    later = []
    for e in b.events:
        later.append(a.v(a.pick(BUILDING_EVENTS[e.kind]), y=e.year, **{k: str(v) for k, v in e.args.items()},
                         sub=b.subtype, n=b.name) + (a.cite_news(f"{b.name} {e.kind.replace('_', ' ')}", e.year)
                                                      if a.rng.random() < 0.5 else ""))
    if later:
        a.para("Later history", later, level=3)
    # description
    lo, hi, mats, feats = W.STYLES.get(b.style, (0, 0, ("timber",), ("a simple plan", "plain walls", "a gabled roof")))
    fs = a.rng.sample(feats, min(3, len(feats)))
    desc = [a.v(a.pick(DESCRIPTION), sub=b.subtype, mat=b.facts.get("material", mats[0]), f=join(fs), style=b.style,
                fl=words(int(b.numbers.get("floors", 1)) or 1))]
    desc.append(a.v("The {style} style, <popular|common|fashionable> in Oregon between {lo} and {hi}, <shows in|is "
                    "seen in> {f}.", style=b.style, lo=lo or b.year - 10, hi=hi or b.year + 10, f=fs[0]))
    desc.append(a.v("<Inside|The interior>, <the main room|the hall|the ground floor> <keeps|retains> <its original|"
                    "much of its original> <woodwork|plaster ceilings|fir floors|staircase|light fixtures><|, though "
                    "the <kitchen|offices|upper floor> <were|was> <modernised|altered> later>."))
    if b.subtype == "covered bridge":
        desc.append(a.v("The bridge spans {len} metres across [[{r}]] on a <single|double> Howe truss.",
                        len=int(b.numbers.get("length_m", 30)), r=b.facts.get("crosses", "Alder River")))
    if b.subtype == "lighthouse":
        desc.append(a.v("The tower stands {h} metres high and its light <can be seen|is visible> {r} nautical miles "
                        "out to sea.", h=int(b.numbers.get("height_m", 20)), r=int(b.numbers.get("range_nmi", 12))))
    a.para("Architecture", desc)
    a.para("Architecture", C.style(a, w, b) if b.style in W.STYLES else [])
    if arch:
        a.para("Architect", C.person_summary(a, w, arch, b.year), level=3)
    if "named_for" in b.facts:
        hon = w.person(b.facts["named_for"])
        a.para("Name", [a.v("The {sub} <is named after|honours|takes its name from> {p}<|, who {v} in {pl}>.",
                            sub=b.subtype, p=person_link(hon), v="was born" if hon.birthplace == b.place else "lived",
                            pl=place)])
    near = [x for x in w.things(b.place, "building") if x.title != b.title][:4]
    if near:
        a.para("Location", [a.v("<The building stands|It stands> <on the main street|near the river|at the edge of "
                                "town|on a hill above town> <of|in> {pl}<|, not far from {x}>.", pl=place,
                                x=join([the_thing(x) for x in near[:2]]))])
    E.building_construction(a, w, b)
    E.building_extras(a, w, b)
    a.infobox = [("Location", _place(w, b.place).replace("the [[", "[[")), ("Built", str(b.year)),
                 ("Architect" if b.subtype != "covered bridge" else "Engineer",
                  person_link(arch) if arch else "Unknown"),
                 ("Architectural style", b.style), ("Material", b.facts.get("material", "timber").capitalize())]
    if b.numbers.get("floors"):
        a.infobox.append(("Floors", str(int(b.numbers["floors"]))))
    if listed:
        a.infobox += [("NRHP reference No.", listed.args["ref"]), ("Added to NRHP", str(listed.year))]
    a.infobox.append(("Status", status))
    a.image = ImageSpec(f"{b.title.replace(' ', '_').replace('.', '').replace(chr(39), '').replace(',', '')}.png",
                        a.v("The {n}<| in {y}>", n=b.name, y=min(2020, b.year + a.rng.randrange(5, 100))),
                        f"Drawing of the {b.name}", "landmark", {"kind": LANDMARK_KIND.get(b.subtype, "house"),
                                                                  "name": b.title})
    a.categories = [f"{b.style} architecture in Oregon", f"Buildings and structures completed in {b.year}",
                    f"Buildings and structures in {w.county_of(b.place).split(',')[0]}, Oregon"]
    if listed:
        a.categories.append("National Register of Historic Places in Oregon")
    if arch:
        a.categories.append(f"Works by {arch.name}")
    a.see_also = [x.title for x in near[:3]]
    a.navboxes = [f"county:{w.county_of(b.place)}"]
    return a


def company_article(w: World, c: Thing) -> Article:
    place = _short_place(w, c.place)
    a = Article(c.title, "company", c.title, f"{c.subtype.capitalize()} company based in {place}, Oregon",
                infobox_title=c.name)
    founders = [w.person(m) for m in c.makers if m in w.by_title]
    tense = "was" if c.end else "is"
    a.lead = [a.v("The '''{n}''' {t} an American {sub} company <based|headquartered> in {pl}, Oregon.", n=c.name, t=tense,
                  sub=c.subtype, pl=_place(w, c.place))
              + " " + a.v("<It was founded|Founded> in {y}" + (" by {f}" if founders else "") + "<, it|; it> <made|"
                          "produced|sold|dealt in> {p}.", y=c.year, f=join([person_link(p) for p in founders]),
                          p=join(c.items))]
    if c.end:
        a.lead[0] += " " + a.v("The company {f} in {y}.", f={"acquired": f"was acquired by [[{c.owner}]]" if c.owner
                                                              else "was sold", "bankrupt": "went bankrupt",
                                                              "closed": "closed"}[c.fate or "closed"], y=c.end)
    hist = [a.v("<The business began|It started> <in a rented shed|with a single|as a small partnership|in a storefront> "
                "<on the river|in {pl}|near the railway> in {y}<|, with {k} employees>.", pl=place, y=c.year,
                k=words(a.rng.randrange(2, 15))) + a.cite_any(c.name, c.year, f"New firm opens in {place}")]
    for p in founders:
        hist.append(a.v("{f} <had worked|had been|was> <in the trade|a clerk|a mill hand|a ship's purser> <before|"
                        "for years before> <starting|founding> the company<|, and ran it until {y}>.",
                        f=person_link(p), y=min(c.end or 2021, c.year + a.rng.randrange(8, 35))))
    for e in c.events:
        args = {k: (f"[[{v}]]" if k == "target" else town_link(w.town(v), v) if k == "town" else v)
                for k, v in e.args.items()}
        hist.append(a.v(a.pick(COMPANY_EVENTS[e.kind]), y=e.year, n=c.name, **args)
                    + (a.cite_news(f"{c.name} {e.kind.replace('_', ' ')}", e.year) if a.rng.random() < 0.4 else ""))
    if c.end:
        hist.append(a.v({"acquired": "In {y} the company was <bought|taken over> by [[{o}]]<|, which closed the "
                                     "old plant>.",
                         "bankrupt": "<Falling prices|Debts|Competition from larger firms> <forced|drove> the company "
                                     "into bankruptcy in {y}.",
                         "closed": "The owners <closed|wound up> the business in {y}<|, selling its buildings>."}[
            c.fate or "closed"], y=c.end, o=c.owner or ""))
    a.para("Background", C.town_then(a, w, c.place, c.year) + C.industry(a, c.subtype) + C.era(a, c.year)[:1])
    for i in range(0, len(hist), 4):
        a.para("History", hist[i:i + 4])
    for p in founders:
        a.para("Founders", C.person_summary(a, w, p, c.year), level=3)
    a.para("Products and operations", [a.v("<The company's main products were|It made|Its business was> {p}.",
                                           p=join(c.items)),
                                       a.v("<At its peak|At the height of its business> it employed about {e} people"
                                           "<| in {pl} and elsewhere>.",
                                           e=figure(int(c.numbers.get("employees_peak", 50))), pl=place),
                                       a.v("<Its goods were sold|It sold> <across the region|along the coast|as far "
                                           "as California|through the ports of Alder Bay>.")])
    series = [tuple(x.split(":")) for x in c.facts.get("series", "").split(";") if x]
    if series:
        sec = a.para("Financial history", [a.v("The table shows the company's staff and sales "
                                               "(in thousands of dollars of the time) by decade.")], level=2)
        sec.table = (["Year", "Employees", "Sales ($ thousands)"], [[y, figure(int(s)), figure(int(v))]
                                                                    for y, s, v in series])
    E.company_extras(a, w, c)
    a.infobox = [("Type", "Private" if not any(e.kind == "ipo" for e in c.events) else "Public"),
                 ("Industry", c.subtype.capitalize()), ("Founded", f"{c.year} in {place}")]
    if founders:
        a.infobox.append(("Founders", ", ".join(person_link(p) for p in founders)))
    if c.end:
        a.infobox.append(("Defunct", str(c.end)))
        if c.owner:
            a.infobox.append(("Fate", f"Acquired by [[{c.owner}]]"))
    a.infobox += [("Headquarters", _place(w, c.place).replace("the [[", "[[")), ("Products", ", ".join(c.items)),
                  ("Employees", figure(int(c.numbers.get("employees_peak", 50))))]
    a.navboxes = [f"county:{w.county_of(c.place)}"]
    a.categories = [f"Companies established in {c.year}", f"{c.subtype.capitalize()} companies of the United States",
                    f"Companies based in {w.county_of(c.place).split(',')[0]}, Oregon"]
    if c.end:
        a.categories.append(f"Defunct companies based in Oregon")
    peers = [x for x in w.companies if x.subtype == c.subtype and x.title != c.title][:3]
    a.see_also = [x.title for x in peers]
    return a


def org_article(w: World, o: Thing) -> Article:
    place = _short_place(w, o.place)
    a = Article(o.title, "organization", o.title, f"{o.subtype.capitalize()} in {place}, Oregon", infobox_title=o.name,
                local_papers=[o.title] if o.subtype == "newspaper" else [])
    founders = [w.person(m) for m in o.makers if m in w.by_title]
    name = f"'''''{o.name}'''''" if o.subtype == "newspaper" else f"'''{o.name}'''"
    bank = ORG_TEXT[o.subtype]
    a.lead = [a.v("{n} is {art} {sub} in {pl}, Oregon, <founded|established> in {y}" +
                  (" by {f}." if founders else "."), n=name, art="an" if o.subtype[0] in "aeiou" else "a",
                  sub=o.subtype, pl=_place(w, o.place), y=o.year, f=join([person_link(p) for p in founders]))]
    slots = {"n": o.name, "pl": place, "y": o.year, "k": words(a.rng.randrange(3, 15)),
             "num": figure(int(o.numbers.get("students", o.numbers.get("circulation", o.numbers.get("size", 500))))),
             "freq": o.facts.get("frequency", ""), "fmt": o.facts.get("format", ""),
             "mascot": o.facts.get("mascot", ""), "colors": o.facts.get("colors", "")}
    a.para("Background", C.town_then(a, w, o.place, o.year) + C.era(a, o.year)[:1])
    for p in founders:
        a.para("Founders", C.person_summary(a, w, p, o.year), level=3)
    for heading, templates in bank:
        sents = []
        for t in templates:
            y = o.year + a.rng.randrange(1, max(2, 2021 - o.year))
            sents.append(a.v(t, yy=y, **slots))
        sents[0] += a.cite_any(o.name, o.year)
        a.para(heading, sents)
    E.org_extras(a, w, o)
    people = [p for p in w.born_in.get(o.place, [])][:8]
    if o.subtype in ("high school", "college") and people:
        sec = a.section("Notable alumni")
        sec.items = [person_link(p) for p in people]
    a.infobox = [("Type", o.subtype.capitalize()), ("Founded", str(o.year)), ("Location", _place(w, o.place)
                                                                               .replace("the [[", "[["))]
    if founders:
        a.infobox.append(("Founder", ", ".join(person_link(p) for p in founders)))
    for k in ("frequency", "format", "mascot", "colors", "nickname"):
        if k in o.facts:
            a.infobox.append((k.capitalize(), o.facts[k]))
    if "students" in o.numbers:
        a.infobox.append(("Enrollment", figure(int(o.numbers["students"]))))
    if "circulation" in o.numbers:
        a.infobox.append(("Circulation", figure(int(o.numbers["circulation"]))))
    a.navboxes = [f"county:{w.county_of(o.place)}"]
    a.categories = [f"{o.subtype.capitalize()}s in Oregon", f"{o.year} establishments in Oregon",
                    f"Organizations based in {w.county_of(o.place).split(',')[0]}, Oregon"]
    return a


def ship_article(w: World, s: Thing) -> Article:
    a = Article(s.title, "ship", s.title, f"{s.subtype.capitalize()} launched in {s.year}", infobox_title=s.name)
    yard = w.by_title.get(s.makers[0]) if s.makers else None
    captain = w.person(s.related[0]) if s.related else None
    a.lead = [a.v("''{n}'' was {art} {sub} <built|launched> in {y}" + (" by the {yd}" if yard else "") +
                  "<| for the coastal trade>.", n=f"'''{s.name}'''", art="an" if s.subtype[0] in "aeiou" else "a",
                  sub=s.subtype, y=s.year, yd=thing_link(yard) if yard else "")]
    if s.fate == "wrecked":
        a.lead[0] += " " + a.v("She was wrecked <near|off> {pl} in {y}<|, with the loss of {k} lives>.",
                               pl=_place(w, s.facts.get("wreck_site", "Alder Wharf")), y=s.end,
                               k=words(int(s.numbers.get("lost", 0))))
    slots = {"n": s.name, "y": s.year, "sub": s.subtype, "len": s.numbers.get("length_m", 30),
             "t": figure(int(s.numbers.get("tonnage", 300))), "kn": int(s.numbers.get("speed_kn", 9)),
             "own": f"[[{s.owner}]]" if s.owner else "private owners",
             "cap": person_link(captain) if captain else "her first master",
             "end": s.end or 2021, "wreck": _place(w, s.facts.get("wreck_site", "Alder Wharf")),
             "lost": words(int(s.numbers.get("lost", 0)))}
    a.para("Background", C.industry(a, "shipbuilding") + C.era(a, s.year) + (
        [a.v("<Her builder,|She was built by> the {y}, <had opened|was founded> in {yr}<| in {pl}>.", y=thing_link(yard),
             yr=yard.year, pl=_short_place(w, yard.place))] if isinstance(yard, Thing) else []))
    if captain:
        a.para("Background", C.person_summary(a, w, captain, s.year))
    for heading, templates in SHIP_TEXT["common"] + SHIP_TEXT[s.fate or "in service"]:
        sents = [a.v(t, yy=s.year + a.rng.randrange(1, 8), **slots) for t in templates]
        sents[0] += a.cite_any(s.name, s.year, f"{s.name} launched")
        a.para(heading, sents)
    E.ship_extras(a, w, s)
    a.infobox = [("Name", s.name), ("Type", s.subtype.capitalize()), ("Launched", str(s.year))]
    if yard:
        a.infobox.append(("Builder", thing_link(yard)))
    if s.owner:
        a.infobox.append(("Owner", f"[[{s.owner}]]"))
    a.infobox += [("Length", f"{s.numbers.get('length_m')} m"), ("Tonnage", f"{figure(int(s.numbers['tonnage']))} GRT"),
                  ("Speed", f"{int(s.numbers['speed_kn'])} knots"),
                  ("Fate", {"wrecked": f"Wrecked {s.end}", "scrapped": f"Scrapped {s.end}",
                            "preserved": "Preserved", "in service": "In service"}[s.fate or "in service"])]
    a.categories = [f"Ships built in Oregon", f"{s.year} ships", f"{s.subtype.capitalize()}s of the United States"]
    if s.fate == "wrecked":
        a.categories.append(f"Shipwrecks of the Oregon coast")
    a.image = ImageSpec(f"{s.title.replace(' ', '_').replace('(', '').replace(')', '').replace(',', '')}.png",
                        a.v("''{n}''< at her moorings| under way| in {y}>", n=s.name, y=s.year + 3),
                        f"Drawing of the {s.subtype} {s.name}", "ship", {"kind": s.subtype, "name": s.title})
    return a
