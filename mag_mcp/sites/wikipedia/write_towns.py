"""Articles on the region's towns and counties.

A town's article is assembled from the world: its founder, the companies,
buildings, newspapers, schools and festivals the generators placed there, the
disasters that struck it, the people born there, its census series and a
climate drawn from its terrain and height. Nothing is stated that another
record contradicts: the founding year, the founder and the station appear the
same way in the founder's, the company's and the railway's articles.
"""

from __future__ import annotations

from .article import Article
from .entities import County, Thing, Town
from .grammar import figure, join, ordinal_word, plural, words
from .town_history import write_history
from .prose import (census_paragraph, census_table, climate, climate_table, direction, person_link,
                    thing_link, town_link, where_from_port_alder)
from .worldgraph import World
from .writer import ImageSpec

STATUS_NOUN = {"city": "city", "census-designated place": "census-designated place",
               "unincorporated community": "unincorporated community", "ghost town": "ghost town"}
TERRAIN_TEXT = {
    "coast": ("on the Pacific coast", "<low dunes|sandy flats|rocky headlands> and <tidal marsh|salt meadows>"),
    "valley": ("in the <broad|fertile|gently rolling> valley floor", "<orchards|hop yards|pastures> and <oak woodland|"
               "ash groves|fields of grass seed>"),
    "mountains": ("in the <forested|steep|wooded> foothills", "<Douglas fir|western hemlock|mixed conifer> forest and "
                  "<steep ravines|basalt cliffs|high meadows>"),
}


def _img(t: Town) -> ImageSpec:
    return ImageSpec(f"{t.title.replace(', ', '_').replace(' ', '_').replace(chr(39), '')}_locator.png",
                     f"Location of {t.name} in [[{t.county}|{t.county.split(',')[0]}]]",
                     f"Map of {t.county.split(',')[0]} with {t.name} marked", "regionmap",
                     {"lat": t.lat, "lon": t.lon, "county": t.county})


def town_article(w: World, t: Town) -> Article:
    county = t.county.split(",")[0]
    papers = [o for o in w.things(t.title, "organization") if o.subtype == "newspaper"]
    a = Article(t.title, "town", t.title, f"{STATUS_NOUN[t.status].capitalize()} in {county}, Oregon",
                local_papers=[p.title for p in papers], infobox_title=t.name, redirects=[t.name] if
                w.titles.free(t.name) else [])
    if t.name in a.redirects:
        w.titles.claim_exact(t.name)
    pop = t.population
    censuses = sorted(t.census)
    prev = t.census[censuses[-2]] if len(censuses) > 1 else None
    seat = any(c.seat == t.title for c in w.counties)
    founder = w.person(t.founder) if t.founder else None
    # --- lead
    lead1 = a.v("'''{n}''' is {art} {status} in [[{ct}|{c}]], [[Oregon]], United States.", n=t.name,
                art="an" if t.status[0] in "aeiou" else "a", status=STATUS_NOUN[t.status], ct=t.county, c=county)
    if t.status == "ghost town":
        lead1 += a.v(" Once a <busy|thriving> <mill town|mining camp|railway stop>, it <had|counted> {p} "
                     "residents <at|in> the 2020 census.", p=words(pop))
    else:
        lead1 += a.v(" The population was {p} at the 2020 census" + (", {chg} from {pp} in 2010." if prev else "."),
                     p=figure(pop), chg="up" if prev and pop >= prev else "down", pp=figure(prev or 0))
    if seat:
        lead1 += a.v(" It is the county seat<| of {c}>.", c=county)
    lead1 += " " + a.v("It lies {where}<|, at an elevation of {e} metres>.", where=where_from_port_alder(t.lat, t.lon),
                       e=figure(t.elevation_m))
    lead2 = a.v("{n} was founded in {y}" + (" by {f}" if founder else "") + "<| and grew on {ind}>.",
                n=t.name, y=t.founded, f=person_link(founder) if founder else "", ind=join(list(t.industries[:2])))
    if t.station:
        lead2 += " " + a.v("It <is|has been> a station on the [[Alder Valley Railway]] since <the 1880s|1883>.")
    if t.incorporated:
        lead2 += " " + a.v("The town was incorporated< as a city|> in {y}.", y=t.incorporated)
    a.lead = [lead1, lead2]
    blds = sorted(w.things(t.title, "building"), key=lambda b: b.year)
    fests = [e for e in w.occurrences(t.title) if e.subtype == "festival"]
    near = sorted((x for x in w.towns if x.county == t.county and x.title != t.title),
                  key=lambda x: (x.lat - t.lat) ** 2 + (x.lon - t.lon) ** 2)[:4]
    geo = [a.v("<Neighbouring communities include|Its neighbours are|Nearby towns include> {n}.",
               n=join([town_link(x, x.title) for x in near]))]
    if t.river:
        geo.append(a.v("The town lies on the [[{r}|{rn}]]<|, a tributary system of the [[Alder River]]>.", r=t.river,
                       rn=w.by_title[t.river].name))
    people = w.born_in.get(t.title, [])[:3]
    if people:
        geo.append(a.v("<People born in {n} include|Natives of {n} include> {p}.", n=t.name,
                       p=join([person_link(p) for p in people])))
    a.lead.append(" ".join(geo))
    if blds or fests:
        bits = []
        if blds:
            bits.append(a.v("<Its landmarks include|Notable buildings include|Visitors know it for> {b}.", b=join(
                [f"{thing_link(b)} ({b.year})" for b in blds[:3]])))
        if fests:
            bits.append(a.v("<Each year|Every summer> the town <hosts|holds> the [[{e}|{n}]].", e=fests[0].title,
                            n=fests[0].name))
        a.lead.append(" ".join(bits))
    # --- history
    _history(a, w, t, founder)
    # --- geography
    _geography(a, w, t)
    # --- demographics
    _demographics(a, t)
    # --- economy, culture, government, education, media, transport, people
    _economy(a, w, t)
    _culture(a, w, t)
    _government(a, w, t, seat)
    _education_media(a, w, t, papers)
    _infrastructure(a, w, t)
    _transport(a, w, t)
    _notable_people(a, w, t)
    # --- infobox, categories, see also
    a.infobox = [("Country", "United States"), ("State", "[[Oregon]]"), ("County", f"[[{t.county}|{county}]]"),
                 ("Founded", str(t.founded))]
    if founder:
        a.infobox.append(("Founded by", person_link(founder)))
    if t.incorporated:
        a.infobox.append(("Incorporated", str(t.incorporated)))
    if t.named_for:
        a.infobox.append(("Named for", t.named_for))
    mayor = _mayor(w, t)
    if mayor:
        a.infobox += [("Government", "Mayor–council"), ("Mayor", mayor)]
    water = round(t.area_km2 * (0.04 if t.terrain != "coast" else 0.11), 2)
    a.infobox += [("Area", f"{t.area_km2} km²"), ("Land", f"{round(t.area_km2 - water, 2)} km²"),
                  ("Water", f"{water} km²"), ("Elevation", f"{t.elevation_m} m"),
                  ("Population (2020)", figure(pop))]
    if t.area_km2:
        a.infobox.append(("Density", f"{figure(round(pop / t.area_km2, 1))}/km²"))
    a.infobox += [("Time zone", "UTC−8 (Pacific)"), ("ZIP code", t.zip_code), ("Area code", t.area_code),
                  ("Coordinates", f"{abs(t.lat):.4f}°N {abs(t.lon):.4f}°W")]
    a.image = _img(t)
    a.categories = [f"{plural(t.status).capitalize()} in {county}, Oregon" if t.status != "city"
                    else f"Cities in {county}, Oregon", f"{t.founded} establishments in Oregon",
                    f"Populated places established in {t.founded}", "Populated places in Oregon"]
    if seat:
        a.categories.append("County seats in Oregon")
    if t.terrain == "coast":
        a.categories.append("Populated coastal places in Oregon")
    near = sorted((x for x in w.towns if x.county == t.county and x.title != t.title),
                  key=lambda x: (x.lat - t.lat) ** 2 + (x.lon - t.lon) ** 2)[:3]
    a.see_also = [x.title for x in near] + [t.county]
    a.navboxes = [f"county:{t.county}"]
    return a


def _history(a: Article, w: World, t: Town, founder) -> None:
    county = t.county.split(",")[0]
    h = "History"
    s1 = []
    if founder:
        s1.append(a.v("{f}, <a settler|a pioneer|an emigrant> from {bp}, <arrived in|reached> the area in {y} "
                      "<and staked a land claim|and built a cabin|with his family|with a party of settlers>.",
                      f=person_link(founder), bp=founder.birthplace if "," in founder.birthplace
                      else f"[[{founder.birthplace}]]", y=t.founded).replace("his family", "her family" if
                                                                             founder.gender == "f" else "his family"))
        s1.append(a.v("<The settlement that grew around the claim|The small settlement|The community> <took|was "
                      "given> the name {n}<| in {y2}>.", n=t.name, y2=t.founded + a.rng.randrange(0, 6)))
    else:
        s1.append(a.v("<The first settlers|Settlers from the Willamette Valley|Families from the East> <arrived|"
                      "came> in {y}, <drawn by|attracted by|looking for> {why}.", y=t.founded, why=a.pick(
                          ("the timber of the hills", "free land under the Donation Land Claim Act",
                           "the salmon runs", "good farmland", "rumours of gold", "the new wagon road"))))
    name_bits = t.name.replace(" ", "").lower()
    if any(k in name_bits for k in ("creek", "falls", "springs", "river", "lake", "bay")):
        s1.append(a.v("The name refers to <the nearby|a local> <stream|watercourse|natural feature> <noted by|named by> "
                      "early surveyors."))
    elif founder and founder.surname in t.name:
        t.named_for = person_link(founder)
        s1.append(a.v("The town was named after its founder<|, {f}>.", f=founder.name))
    else:
        s1.append(a.v("<Its name|The name> is said to come from {why}.", why=a.pick(
            ("the trees that grew along the stream", "a surveyor's notebook", "a family of early settlers",
             "a landmark on the old wagon road", "the birds the first settlers saw", "a suggestion of the first "
             "postmaster"))))
    s1[-1] += a.cite_any(t.name, t.founded)
    po = t.founded + a.rng.randrange(1, 12)
    s1.append(a.v("A post office <opened|was established> in {y}<|, with {pm} as the first postmaster>.", y=po,
                  pm=a.pick(("a storekeeper", "the blacksmith", "the founder's wife", "a local miller")))
              + a.cite_web(f"Post offices of {county}", "Oregon Historical Records Index"))
    write_history(a, w, t, s1)
    peak_year = max(t.census, key=t.census.get)
    if peak_year < 2020 and t.census[peak_year] > t.population * 1.15:
        a.para("Recent history", [a.v("The population peaked at {p} in {y}<| and has declined since>, <as the mills "
                                      "closed|as logging declined|as the railway lost its traffic|as younger residents "
                                      "left for Port Alder>.", p=figure(t.census[peak_year]), y=peak_year)], level=3)


def _when(date) -> str:
    if not date:
        return "In an unknown year"
    from .grammar import mdy
    return f"On {mdy(*date)}"


def _geography(a: Article, w: World, t: Town) -> None:
    county = w.by_title[t.county]
    seat = w.town(county.seat)
    g = "Geography"
    place, land = TERRAIN_TEXT[t.terrain]
    s = [a.v("{n} lies " + place + " of {c}<|, {where}>.", n=t.name, c=t.county.split(",")[0],
             where=where_from_port_alder(t.lat, t.lon))]
    if seat and seat.title != t.title:
        s.append(a.v("The county seat, {s}, is {d} to the {dir}.", s=town_link(seat, seat.title),
                     d=f"{round(((seat.lat - t.lat) ** 2 + (seat.lon - t.lon) ** 2) ** 0.5 * 95)} km",
                     dir=direction((t.lat, t.lon), (seat.lat, seat.lon))))
    if t.river:
        r = w.by_title[t.river]
        s.append(a.v("The [[{r}|{rn}]] <flows through|runs past|passes> the town on its way to {m}.", r=t.river,
                     rn=r.name, m=_mouth(r.flows_into)))
    s.append(a.v("The surrounding land is " + land + "."))
    s.append(a.v("According to the [[United States Census Bureau]], the {k} has a total area of {ar} km², "
                 "<almost all of it land|of which a small part is water>.", k="city" if t.status == "city"
                 else "community", ar=t.area_km2))
    mts = [f for f in w.features if f.kind == "mountain" and f.county == t.county][:2]
    if mts:
        s.append(a.v("<To the east rise|Nearby peaks include|The skyline is dominated by> {m}.", m=join(
            [f"[[{m.title}|{m.name}]] ({figure(int(m.numbers['elevation_m']))} m)" for m in mts])))
    a.para(g, s)
    c = climate(a.rng, t.terrain, t.elevation_m)
    kind = {"coast": "a warm-summer Mediterranean climate (Köppen ''Csb'')",
            "valley": "a Mediterranean climate (Köppen ''Csb'') with dry summers",
            "mountains": "a cool climate with snowy winters (Köppen ''Dsb'')"}[t.terrain]
    a.para("Climate", [a.v("{n} has " + kind + ".", n=t.name),
                       a.v("<Most|Nearly all> of its {p} mm of yearly precipitation falls between October and April"
                           "<|, and summers are dry and sunny>.", p=figure(int(sum(c["precip"])))),
                       a.v("July is the warmest month, with an average high of {h} °C; January highs average {j} °C.",
                           h=c["hi"][6], j=c["hi"][0])], level=3)
    sec = next(x for x in a.sections if x.heading == "Climate")
    sec.table = climate_table(c)
    sec.table_caption = f"Climate data for {t.name}"


def _mouth(m: str | None) -> str:
    if m in (None, "Alder Bay"):
        return "[[Alder Bay]]"
    if m == "Alder River":
        return "the [[Alder River]]"
    return f"[[{m}|{m.split(' (')[0]}]]"


def _demographics(a: Article, t: Town) -> None:
    years = sorted(t.census)
    city = t.status == "city"
    d = "Demographics"
    sec = a.section(d)
    sec.table = census_table(t.census)
    sec.table_caption = "Historical population"
    if t.status == "ghost town":
        a.para(d, [a.v("Only a handful of people still live in {n}<|, most of them retirees>.", n=t.name)])
        return
    a.para("2020 census", census_paragraph(a.rng, t.name, 2020, t.census[2020], t.area_km2, city), level=3)
    if 2010 in t.census:
        a.para("2010 census", census_paragraph(a.rng, t.name, 2010, t.census[2010], t.area_km2, city)[:3], level=3)
    if len(years) > 4:
        a.para(d, [a.v("<The census first counted {n}|{n} first appeared in the census> in {y}, with {p} residents.",
                       n=t.name, y=years[0], p=figure(t.census[years[0]]))
                   + a.cite_web("Decennial census of population and housing", "United States Census Bureau")])


def _economy(a: Article, w: World, t: Town) -> None:
    comps = w.things(t.title, "company")
    s = [a.v("The economy of {n} <rests on|is based on|depends on> {ind}.", n=t.name, ind=join(list(t.industries)))]
    alive = [c for c in comps if c.end is None]
    if alive:
        s.append(a.v("<Employers based in the town include|Companies headquartered there include|Local employers "
                     "include> {c}.", c=join([thing_link(c) for c in alive[:5]])))
    if "tourism" in t.industries:
        s.append(a.v("<Visitors come for|Tourism centres on|Summer visitors come for> <the beaches|fishing|hiking "
                     "trails|the historic main street|the river>."))
    if "dairy farming" in t.industries:
        s.append(a.v("Dairy farms <ring the town|line the valley roads>, and milk is <shipped|trucked> to creameries "
                     "<in the valley|in Port Alder>."))
    if "timber" in t.industries or "logging" in t.industries:
        s.append(a.v("<Logging|The timber industry> <remains important|still employs many residents|declined after "
                     "the 1980s but remains part of the economy>."))
    if t.status in ("city", "census-designated place") and t.population > 300:
        shares = sorted(((a.rng.uniform(4, 26), k) for k in (
            "education and health care", "retail trade", "manufacturing", "agriculture, forestry and fishing",
            "construction", "arts, recreation and food services", "public administration")), reverse=True)[:4]
        s.append(a.v("According to the <American Community Survey|census estimates> of 2019, the largest "
                     "<employment sectors|industries by employment> were {x}.", x=join(
                         [f"{k} ({v:.1f}%)" for v, k in shares])))
        s.append(a.v("<About|Roughly> {p}% of working residents <commute|drive> to jobs <outside the town|in other "
                     "towns><|, many of them to [[Port Alder]]>.", p=a.rng.randrange(22, 71)))
    if t.terrain == "valley":
        s.append(a.v("Farms around {n} grow <hazelnuts|grass seed|hops|berries|wheat|Christmas trees> and "
                     "<raise cattle|keep dairy herds|grow wine grapes>.", n=t.name))
    a.para("Economy", s)


def _culture(a: Article, w: World, t: Town) -> None:
    fest = [e for e in w.occurrences(t.title) if e.subtype == "festival"]
    blds = sorted(w.things(t.title, "building"), key=lambda b: b.year)
    museums = [o for o in w.things(t.title, "organization") if o.subtype == "museum"]
    s = []
    for e in fest:
        s.append(a.v("The [[{e}|{n}]], first held in {y}, <draws|attracts> <about|some> {v} visitors each "
                     "<summer|year>.", e=e.title, n=e.name, y=e.year, v=figure(int(e.numbers.get("visitors", 5000)))))
    for m in museums:
        s.append(a.v("The {m}, <founded|opened> in {y}, <shows|presents|tells> the <history|story> of the "
                     "<town|area|valley>.", m=thing_link(m), y=m.year))
    if s:
        a.para("Arts and culture", s)
    if blds:
        sec = a.para("Historic buildings", [a.v("<Several|A number of> buildings in {n} <are listed|appear> on the "
                                                "[[National Register of Historic Places]] or are otherwise notable:",
                                                n=t.name)], level=3)
        sec.items = [f"{thing_link(b)} ({b.year}), {b.style} {b.subtype}" for b in blds]
    parks = [f for f in w.in_place.get(t.title, []) if getattr(f, "kind", "") in ("park", "lake")]
    if parks:
        a.para("Parks and recreation", [a.v("<Nearby|Close to town are|Outdoor attractions include> {p}.",
                                            p=join([f"[[{f.title}|{f.name}]]" for f in parks]))])


def _mayor(w: World, t: Town) -> str:
    label = f"Mayor of [[{t.title}|{t.name}]]"
    best = None
    for p in w.people:
        for start, end, office in p.offices:
            if office == label and (best is None or start > best[0]):
                best = (start, p)
    return person_link(best[1]) if best else ""


def _government(a: Article, w: World, t: Town, seat: bool) -> None:
    if t.status == "city":
        s = [a.v("{n} has a <mayor–council|council–manager> government<|, with a <five|seven>-member city council>.",
                 n=t.name)]
        label = f"Mayor of [[{t.title}|{t.name}]]"
        holders = sorted((start, end, p) for p in w.people for start, end, off in p.offices if off == label)
        if holders:
            s.append(a.v("<Past mayors include|Mayors of the city have included|Among its mayors were> {m}.",
                         m=join([f"{person_link(p)} ({s0}–{e0})" for s0, e0, p in holders])))
        if seat:
            s.append(a.v("As the county seat it is home to the [[{c} Courthouse|county courthouse]].",
                         c=t.county.split(",")[0]))
    else:
        s = [a.v("As {kind}, {n} has no municipal government; it is <administered|governed> by [[{c}|{cn}]].",
                 kind="an unincorporated place" if t.status != "census-designated place"
                 else "a census-designated place", n=t.name, c=t.county, cn=t.county.split(",")[0])]
    a.para("Government", s)


def _education_media(a: Article, w: World, t: Town, papers: list[Thing]) -> None:
    orgs = w.things(t.title, "organization")
    schools = [o for o in orgs if o.subtype in ("high school", "college")]
    district = f"{t.name} School District" if t.status == "city" else f"{t.county.split(',')[0]} School District"
    s = [a.v("Public schools are run by the {d}.", d=district)]
    if schools:
        s.append(a.v("<Schools in the town include|The town is home to|Students attend> {s}.",
                     s=join([thing_link(o) for o in schools])))
    a.para("Education", s)
    radio = [o for o in orgs if o.subtype == "radio station"]
    if papers or radio:
        s = []
        if papers:
            s.append(a.v("<The local newspaper is|News is covered by> {p}.", p=join([thing_link(x, True) for x in papers])))
        if radio:
            s.append(a.v("<Radio station|The radio station> {r} broadcasts from the town.", r=join([thing_link(x) for x in radio])))
        a.para("Media", s)


def _infrastructure(a: Article, w: World, t: Town) -> None:
    hospitals = [o for o in w.orgs if o.subtype == "hospital" and w.county_of(o.place) == t.county]
    utilities = [c for c in w.companies if c.subtype == "utilities" and c.end is None
                 and ("Electric" in c.name or "Power" in c.name)]
    s = [a.v("<Water and sewer service is|Drinking water is> provided by <the city|a local water district|wells "
             "and a small treatment plant>.")]
    if utilities:
        s.append(a.v("Electricity is supplied by the {u}.", u=thing_link(a.pick(utilities))))
    s.append(a.v("Fire protection comes from the {n} <Rural Fire Protection District|Volunteer Fire Department|Fire "
                 "District>, and <policing|law enforcement> from {p}.", n=t.name, p="the city police" if
                 t.status == "city" and t.population > 4000 else f"the {t.county.split(',')[0]} Sheriff's Office"))
    if hospitals:
        h = a.pick(hospitals)
        s.append(a.v("The nearest hospital is the {h}<| in {p}>.", h=thing_link(h),
                     p=w.by_title[h.place].name if h.place in w.by_title else h.place))
    a.para("Infrastructure", s)


def _transport(a: Article, w: World, t: Town) -> None:
    s = []
    if t.station:
        idx = [x.title for x in w.railway].index(t.title) + 1
        s.append(a.v("[[{st}]] is the {o} station on the [[Alder Valley Railway]] from [[Eastgate Station]] in "
                     "[[Port Alder]].", st=t.station, o=ordinal_word(idx + 1)))
    s.append(a.v("<The main road through town|The town's main street> <connects|links> it with <the county seat|"
                 "Port Alder|neighbouring towns><| and the coast highway>."))
    a.para("Transportation", s)


def _notable_people(a: Article, w: World, t: Town) -> None:
    people = sorted(w.born_in.get(t.title, []), key=lambda p: p.born)
    if not people:
        return
    from .gen_people import OCCUPATIONS
    from .prose import life
    sec = a.section("Notable people")
    sec.items = [f"{person_link(p)} ({life(p)}), {OCCUPATIONS[p.occupation][4]}" for p in people]


def shared_districts() -> tuple[str, ...]:
    from .. import world as shared
    return shared.DISTRICTS


def county_article(w: World, c: County) -> Article:
    towns = [w.town(x) for x in c.towns]
    towns = [x for x in towns if x]
    seat = w.town(c.seat)
    pop = sum(x.population for x in towns) + (412_380 if c.name == "Alder County" else 0)
    a = Article(c.title, "county", c.title, f"County in Oregon, United States", infobox_title=c.name,
                redirects=[c.name])
    w.titles.claim_exact(c.name)
    a.lead = [a.v("'''{n}''' is <one of the 36 counties|a county> in the U.S. state of [[Oregon]]. <As of the 2020 "
                  "census, the population was {p}.|Its population was {p} at the 2020 census.> Its county seat is "
                  "{s}.", n=c.name, p=figure(pop), s="[[Port Alder]]" if c.name == "Alder County" else
                  town_link(seat, c.seat)),
              a.v("The county was <established|created> in {y} and is named after {nf}.", y=c.established,
                  nf=c.named_for)]
    a.para("History", [a.v("{n} was <formed|created> by the territorial legislature in {y} from parts of <older "
                           "counties|the neighbouring counties>.", n=c.name, y=c.established)
                       + a.cite_book(c.name),
                       a.v("<Its early economy rested on|Settlers came for> {ind}.", ind=join(sorted(
                           {i for x in towns for i in x.industries})[:4]))])
    a.para("Geography", [a.v("The county has a total area of {ar} km².", ar=figure(int(c.area_km2))),
                         a.v("<Its rivers include|Rivers in the county include> {r}.", r=join(
                             [f"[[{r}|{w.by_title[r].name}]]" for r in c.rivers[:8]]) or "the [[Alder River]]")])
    cities = sorted((x for x in towns if x.status == "city"), key=lambda x: -x.population)
    sec = a.para("Communities", [a.v("The county has {n} incorporated cities and many smaller communities.",
                                     n=words(len(cities)))])
    sec.table = (["Community", "Status", "Population (2020)", "Founded"],
                 [[town_link(x, x.title), x.status, figure(x.population), str(x.founded)]
                  for x in sorted(towns, key=lambda x: -x.population)])
    courthouse = [b for b in w.buildings if b.subtype == "courthouse" and b.name.startswith(c.name)]
    if courthouse:
        a.para("Government", [a.v("The county is governed by a <three|five>-member board of commissioners that meets "
                                  "at the {h} in {s}.", h=thing_link(courthouse[0]), s=town_link(seat, c.seat))])
    from . import context as C
    from .gen_people import OCCUPATIONS
    from .prose import life
    for dec in range(max(1840, c.established // 10 * 10), 2020, 10):
        founded = [x for x in towns if dec <= x.founded < dec + 10]
        extra = [a.v("<Towns founded in the {d} include|The {d} saw the founding of> {t}.", d=f"{dec}s",
                     t=join([town_link(x, x.title) for x in founded[:6]]))] if founded else []
        a.para("Through the decades", C.era(a, dec)[:1] + extra, level=3)
    in_county = {x.title for x in towns} | ({"Port Alder", *shared_districts()} if c.name == "Alder County" else set())
    blds = sorted((b for b in w.buildings if b.place in in_county), key=lambda b: b.year)
    if blds:
        sec = a.para("Historic buildings", [a.v("Buildings of the county described in this encyclopedia include:")])
        sec.items = [f"{thing_link(b)} ({b.year}), {town_link(w.town(b.place), b.place) if w.town(b.place) else b.place}"
                     for b in blds]
    comps = sorted((x for x in w.companies if x.place in in_county), key=lambda x: x.year)
    if comps:
        sec = a.para("Economy", [a.v("Companies founded in the county include:")])
        sec.items = [f"{thing_link(x)} ({x.subtype}, {x.year}" + (f"–{x.end})" if x.end else ")") for x in comps]
    people = sorted((p for p in w.people if p.birthplace in in_county), key=lambda p: p.born)
    if people:
        sec = a.para("Notable people", [a.v("People born in the county who have an article in this encyclopedia:")])
        sec.items = [f"{person_link(p)} ({life(p)}), {OCCUPATIONS[p.occupation][4]}" for p in people]
    a.infobox = [("Country", "United States"), ("State", "[[Oregon]]"), ("Founded", str(c.established)),
                 ("Named for", c.named_for), ("Seat", "[[Port Alder]]" if c.name == "Alder County"
                                              else town_link(seat, c.seat)),
                 ("Area", f"{figure(int(c.area_km2))} km²"), ("Population (2020)", figure(pop)),
                 ("Communities", str(len(towns)))]
    a.categories = ["Oregon counties", f"{c.established} establishments in Oregon"]
    a.navboxes = [f"county:{c.title}"]
    return a
