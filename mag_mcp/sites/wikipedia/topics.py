"""General-topic articles: Port Alder's history, geography and transport, lists,
and the software topics the project articles link to.

Bodies are wiki markup; a section body is paragraphs separated by blank lines,
where lines starting with ``* `` form a bullet list. Facts are taken from
`facts` and `world` wherever another article states them too.
"""

from __future__ import annotations

from .. import world
from . import facts as F
from .writer import BRANDS, Draft, ImageSpec, Section, join_names, number

LF = F.LANDMARK_FACTS
TF = F.TRANSPORT_FACTS
CF = F.CITY_FACTS


def _section(heading: str, body: str, level: int = 2) -> Section:
    paras, items = [], []
    for block in body.strip().split("\n\n"):
        lines = [ln.strip() for ln in block.strip().splitlines() if ln.strip()]
        if lines and all(ln.startswith("* ") for ln in lines):
            items += [ln[2:] for ln in lines]
        elif lines:
            paras.append(" ".join(lines))
    return Section(heading, paras, items, level=level)


def T(title: str, description: str, infobox: list[tuple[str, str]], lead: str, sections: list[tuple[str, str]],
      see_also: list[str], categories: list[str], *, kind: str = "topic", redirects: list[str] | None = None,
      entity: str | None = None, image: ImageSpec | None = None,
      tables: dict[str, tuple[list[str], list[list[str]]]] | None = None) -> Draft:
    secs = [_section(h, b) for h, b in sections]
    for s in secs:
        if tables and s.heading in tables:
            s.table = tables[s.heading]
    lead_paras = [" ".join(p.split()) for p in lead.strip().split("\n\n")]
    return Draft(title, kind, entity, description, infobox, lead_paras, secs, see_also, categories, image,
                 redirects=redirects or [])


def _y(name: str) -> int:
    return LF[name].year


# --- Port Alder topics -----------------------------------------------------------------


def city_topics() -> list[Draft]:
    ferry_islands = list(F.FERRY_ROUTES)
    timeline = sorted([
        (CF["founded"], "[[Elias Marsh]] and [[Abigail Penrose]] found the settlement at [[Alder Wharf]]."),
        (1851, "Marsh's sawmill opens on the [[Alder River]] in what becomes [[Old Mill]]."),
        (CF["incorporated"], "Port Alder is incorporated as a city; [[Founders Square]] is laid out."),
        (_y("St. Mary's Church"), "[[St. Mary's Church]], the first stone building, is completed."),
        (TF["ferry_founded"], "[[Jonah Pike]] founds the [[Alder Bay Ferry]]."),
        (_y("North Shore Lighthouse"), "The [[North Shore Lighthouse]] is first lit."),
        (TF["railway_opened"], "The [[Alder Valley Railway]] reaches [[Eastgate Station]]."),
        (_y("Alder General Hospital"), "[[Alder General Hospital]] opens."),
        (1888, "The [[Great Fire of 1888]] destroys most of the [[Lantern Quarter]]."),
        (_y("Port Alder University"), "[[Samuel Whitlock]] founds [[Port Alder University]]."),
        (_y("Hilltop Reservoir"), "The [[Hilltop Reservoir]] brings piped water to the hills."),
        (_y("Hilltop Observatory"), "[[Henrietta Vale]] opens the [[Hilltop Observatory]]."),
        (_y("Central Library"), "The [[Central Library]] opens."),
        (_y("Port Alder City Hall"), "The new [[Port Alder City Hall]] by [[Ada Lindqvist]] is completed."),
        (_y("Lantern Theatre"), "The [[Lantern Theatre]] opens."),
        (_y("Alder Bridge"), "The [[Alder Bridge]] opens across the Alder River."),
        (_y("Maritime Museum"), "The [[Maritime Museum]] opens at Alder Wharf."),
        (_y("Eastgate Stadium"), "[[Eastgate Stadium]] opens; the [[Port Alder Herons]] move in."),
        (TF["transit_founded"], "[[Port Alder Transit]] takes over the city's bus lines."),
        (_y("Alder Wharf Market"), "The [[Alder Wharf Market]] holds its first Saturday market."),
        (_y("Science Center"), "The [[Science Center]] opens in [[University Park]]."),
        (_y("Alder Tech Hub"), "The [[Alder Tech Hub]] opens; [[Alder Labs]] moves in."),
        (CF["mayor_since"], f"[[{CF['mayor']}]] becomes mayor."),
    ])
    out: list[Draft] = []
    out.append(T(
        "History of Port Alder", "Aspect of history",
        [("Founded", str(CF["founded"])), ("Founders", "[[Elias Marsh]], [[Abigail Penrose]]"),
         ("Incorporated", str(CF["incorporated"])), ("Great Fire", "1888")],
        f"""The '''history of Port Alder''' begins in {CF['founded']}, when settlers led by [[Elias Marsh]] and
        [[Abigail Penrose]] landed on the shore of [[Alder Bay]]. The town grew on timber, fishing and shipping,
        burned in the [[Great Fire of 1888]] and became a university and technology city in the twentieth century.""",
        [("Founding", f"""Marsh, a sea captain from Salem, and Penrose, a merchant from Portland, Maine, chose the
          sheltered bay at the mouth of the [[Alder River]] in {CF['founded']}. Marsh built a sawmill in 1851 and the
          town was incorporated in {CF['incorporated']}, with Marsh as its first mayor."""),
         ("Growth", f"""The [[Alder Bay Ferry]] was founded in {TF['ferry_founded']} and the
          [[North Shore Lighthouse]] was lit in {_y('North Shore Lighthouse')}. The arrival of the
          [[Alder Valley Railway]] in {TF['railway_opened']} opened the eastern plain, where [[Eastgate]] grew up
          around the station."""),
         ("The Great Fire and rebuilding", """In 1888 a fire destroyed most of the wooden buildings of the
          [[Lantern Quarter]]. The city rebuilt in brick and stone under plans by [[Thaddeus Crane]] and formed a paid
          fire brigade, housed in [[Fire Station No. 1]]."""),
         ("Twentieth century", f"""[[Port Alder University]] ({_y('Port Alder University')}), the
          [[Central Library]] ({_y('Central Library')}), [[Port Alder City Hall]] ({_y('Port Alder City Hall')}) and
          the [[Alder Bridge]] ({_y('Alder Bridge')}) shaped the modern city. The sawmill closed in 1958 and became the
          [[Old Mill Museum]] in {_y('Old Mill Museum')}."""),
         ("Timeline", "\n".join(f"* {y} – {e}" for y, e in timeline))],
        ["Port Alder", "Great Fire of 1888", "List of mayors of Port Alder"],
        ["History of Port Alder", "History of Oregon"]))
    out.append(T(
        "Geography of Port Alder", "Geography of a city in Oregon",
        [("Area", f"{CF['area_km2']} km²"), ("Elevation", f"{CF['elevation_m']} m"),
         ("Highest point", "Hilltop, 231 m"), ("River", "[[Alder River]]"), ("Bay", "[[Alder Bay]]"),
         ("Climate", "Oceanic (Köppen Cfb)")],
        f"""'''Port Alder''' lies on the Pacific coast of Oregon where the [[Alder River]] flows into
        [[Alder Bay]]. The city covers {CF['area_km2']} km² and is divided into eight districts.""",
        [("Districts", "\n".join(
            f"* [[{d.name}]] – {d.area_km2} km², population {number(d.population)}"
            for d in F.DISTRICT_FACTS.values())),
         ("Topography", """The flat harbour districts of [[Alder Wharf]] and the [[Lantern Quarter]] rise southwards to
          the wooded hills of [[Hilltop]], whose highest point, by the [[Hilltop Observatory]], is 231 m above sea
          level. [[North Shore]] faces the city across the bay."""),
         ("Climate", """Port Alder has a mild oceanic climate with cool, dry summers and wet winters. Sea fog often
          covers the bay on summer mornings. Snow is rare.""")],
        ["Port Alder", "Alder River", "Alder Bay"], ["Geography of Oregon", "Port Alder"],
        image=ImageSpec("Port_Alder_districts_map.png", "The eight districts of [[Port Alder]]",
                        "Map of the districts of Port Alder", "citymap", {})))
    out.append(T(
        "Economy of Port Alder", "Economy of a city in Oregon",
        [("Main sectors", "Health care, education, logistics, software, tourism"),
         ("Largest employer", "[[Alder General Hospital]]"), ("Port", "[[Alder Wharf]]")],
        """The '''economy of Port Alder''' grew from timber, fishing and shipping. Today health care, education,
        logistics and software employ most of its workers.""",
        [("History", """Timber was floated down the [[Alder River]] to the sawmills of [[Old Mill]] until the 1950s;
          the harbour shipped lumber and salmon."""),
         ("Today", f"""[[Alder General Hospital]] and [[Port Alder University]] are the largest employers. The online
          retailer [[One Stop Market]] runs the [[One Stop Market Warehouse]] in [[Eastgate]], which opened in
          {_y('One Stop Market Warehouse')}. Software companies such as [[Alder Labs]] cluster around the
          [[Alder Tech Hub]]. Tourism centres on the waterfront, the [[Alder Wharf Market]] and the islands.""")],
        ["Port Alder", "One Stop Market", "Alder Labs"], ["Economy of Oregon", "Port Alder"]))
    out.append(T(
        "Transport in Port Alder", "Overview of transport in a city in Oregon",
        [("Ferry", "[[Alder Bay Ferry]]"), ("Railway", "[[Alder Valley Railway]]"),
         ("Buses", f"[[Port Alder Transit]], {TF['transit_routes']} routes"),
         ("Main bridge", "[[Alder Bridge]]")],
        """'''Transport in Port Alder''' combines ferries across [[Alder Bay]], a regional railway, a city bus
        network and a growing network of cycle paths.""",
        [("Ferries", f"""The [[Alder Bay Ferry]] sails every hour from the [[Ferry Terminal]] at [[Alder Wharf]] to
          {join_names([f'[[{i}]]' for i in ferry_islands])}."""),
         ("Rail", f"""The [[Alder Valley Railway]], opened in {TF['railway_opened']}, runs
          {TF['railway_length_km']} km from [[Eastgate Station]] to {TF['railway_terminus']}."""),
         ("Buses", f"""[[Port Alder Transit]] runs {TF['transit_routes']} bus routes; its timetables are published as
          open data by the [[transit-feed]] project."""),
         ("Cycling and roads", """The [[Alder Bridge]] carries cars, bicycles and pedestrians across the river. The
          riverside path through [[Riverside Park]] is the spine of the cycle network, surveyed by the
          [[bike-lanes]] project.""")],
        ["Port Alder", "Alder Bay Ferry", "Alder Valley Railway", "Port Alder Transit"],
        ["Transport in Oregon", "Port Alder"]))
    out.append(T(
        "Alder River", "River in Oregon, United States",
        [("Length", f"{TF['river_length_km']} km"), ("Source", TF["river_source"]), ("Mouth", "[[Alder Bay]]"),
         ("Cities", "[[Port Alder]]"), ("Crossings", "[[Alder Bridge]] and others")],
        f"""The '''Alder River''' is a {TF['river_length_km']}-kilometre river in Oregon that rises on
        {TF['river_source']} and flows west into [[Alder Bay]] at [[Port Alder]]. The city is named after it.""",
        [("Course", """Below the foothills the river meanders through farmland before entering the city at
          [[Old Mill]]. It passes [[Riverside Row]] and the [[Lantern Quarter]], where it is crossed by the
          [[Alder Bridge]], and reaches the bay at [[Alder Wharf]]."""),
         ("History", """The river carried logs to the sawmills of Old Mill from 1851 until the 1950s. It is named after
          the [[Red alder]] trees that line its banks."""),
         ("Recreation", """The cycle path of [[Riverside Park]] follows the south bank for 4.2 km; rowing clubs train
          on the lower river.""")],
        ["Alder Bay", "Alder Bridge", "Riverside Park"], ["Rivers of Oregon", "Port Alder"]))
    out.append(T(
        "Alder Bay", "Bay of the Pacific Ocean in Oregon",
        [("Location", "Pacific coast of Oregon"), ("River sources", "[[Alder River]]"),
         ("Islands", ", ".join(f"[[{i}]]" for i in ferry_islands)), ("Cities", "[[Port Alder]]")],
        """'''Alder Bay''' is a sheltered bay on the Pacific coast of Oregon, at the mouth of the [[Alder River]].
        The harbour of [[Port Alder]] lies on its southern shore.""",
        [("Geography", f"""The bay is entered through a narrow mouth guarded by the [[North Shore Lighthouse]]. It holds
          three inhabited islands: {join_names([f'[[{i}]]' for i in ferry_islands])}."""),
         ("Shipping", """The [[Alder Bay Ferry]] connects the islands with the [[Ferry Terminal]]. Fishing boats land
          crab and salmon at [[Alder Wharf]].""")],
        ["Port Alder", "Alder River", "North Shore Lighthouse"], ["Bays of Oregon", "Port Alder"]))
    out.append(T(
        "Alder Bay Ferry", "Ferry service in Port Alder, Oregon",
        [("Founded", str(TF["ferry_founded"])), ("Founder", "[[Jonah Pike]]"), ("Terminal", "[[Ferry Terminal]]"),
         ("Routes", str(len(F.FERRY_ROUTES))), ("Vessels", str(TF["ferry_vessels"])), ("Frequency", "Hourly")],
        f"""The '''Alder Bay Ferry''' is the ferry service of [[Port Alder]], Oregon, linking the city with the
        islands of [[Alder Bay]]. It was founded in {TF['ferry_founded']} by [[Jonah Pike]].""",
        [("Routes", "\n".join(
            f"* [[Ferry Terminal]] – [[{i}]]: {t} minutes" for i, (t, _, _) in F.FERRY_ROUTES.items())),
         ("History", f"""Pike's first steamer sailed from wooden landing stages at [[Alder Wharf]]. The present
          [[Ferry Terminal]] opened in {_y('Ferry Terminal')} and was renovated in 1998. The company runs
          {TF['ferry_vessels']} vessels today, all leaving on the hour.""")],
        ["Ferry Terminal", "Transport in Port Alder", "Alder Bay"],
        ["Ferries of Oregon", "Transport in Port Alder", f"{TF['ferry_founded']} establishments in Oregon"],
        redirects=["Port Alder ferry", "Alder Bay Ferry Company"]))
    for island, (minutes, pop, note) in F.FERRY_ROUTES.items():
        out.append(T(
            island, "Island in Alder Bay, Oregon",
            [("Location", "[[Alder Bay]]"), ("Population", number(pop)), ("Ferry", "[[Alder Bay Ferry]]"),
             ("Crossing time", f"{minutes} minutes")],
            f"""'''{island}''' is an island in [[Alder Bay]], Oregon, with a population of {number(pop)}.
            It is known for {note}.""",
            [("Access", f"""The [[Alder Bay Ferry]] reaches the island in {minutes} minutes from the
              [[Ferry Terminal]] in [[Port Alder]].""")],
            ["Alder Bay", "Alder Bay Ferry"], ["Islands of Oregon", "Alder Bay"]))
    out.append(T(
        "Alder Valley Railway", "Regional railway in Oregon",
        [("Opened", str(TF["railway_opened"])), ("Founder", "[[Walter Greaves]]"),
         ("Length", f"{TF['railway_length_km']} km"), ("Stations", str(TF["railway_stations"])),
         ("Termini", f"[[Eastgate Station]]; {TF['railway_terminus']}")],
        f"""The '''Alder Valley Railway''' is a {TF['railway_length_km']}-kilometre regional railway in Oregon
        between [[Port Alder]] and {TF['railway_terminus']}. It opened in {TF['railway_opened']}.""",
        [("History", f"""[[Walter Greaves]] raised the capital for the line, which reached the city's
          [[Eastgate Station]] in {TF['railway_opened']}. The railway carried timber and grain to the harbour and made
          [[Eastgate]] the city's fastest-growing district."""),
         ("Service", f"""Regional trains call at {TF['railway_stations']} stations along the Alder valley, roughly
          every hour.""")],
        ["Eastgate Station", "Transport in Port Alder"], ["Railway lines in Oregon", "Transport in Port Alder"],
        redirects=["Port Alder railway"]))
    out.append(T(
        "Port Alder Transit", "Public transport agency in Oregon",
        [("Founded", str(TF["transit_founded"])), ("Routes", str(TF["transit_routes"])),
         ("Service area", "[[Port Alder]]"), ("Open data", "[[transit-feed]]")],
        f"""'''Port Alder Transit''' is the public bus operator of [[Port Alder]], Oregon, founded in
        {TF['transit_founded']}. It runs {TF['transit_routes']} bus routes.""",
        [("Routes by district", "\n".join(
            f"* [[{d}]]: routes {join_names([str(r) for r in rs])}" for d, rs in F.DISTRICT_BUS_ROUTES.items())),
         ("Open data", """Its timetables, together with those of the [[Alder Bay Ferry]], are published in the
          [[General Transit Feed Specification]] by the [[transit-feed]] project.""")],
        ["Transport in Port Alder", "transit-feed"], ["Bus transport in Oregon", "Transport in Port Alder"]))
    out.append(T(
        "Great Fire of 1888", "Fire in Port Alder, Oregon",
        [("Date", "14–15 August 1888"), ("Location", "[[Lantern Quarter]], [[Port Alder]]"),
         ("Buildings destroyed", "about 320"), ("Deaths", "4")],
        """The '''Great Fire of 1888''' destroyed most of the wooden buildings of the [[Lantern Quarter]] of
        [[Port Alder]] on 14 and 15 August 1888.""",
        [("The fire", """The fire started in a chandler's store near the harbour and spread with a dry east wind. About
          320 buildings burned, including the first city hall. [[St. Mary's Church]], built of stone, survived."""),
         ("Aftermath", f"""The city required brick or stone for new buildings, following plans by
          [[Thaddeus Crane]], and formed a paid fire brigade housed in [[Fire Station No. 1]]
          ({_y('Fire Station No. 1')}). The new [[Port Alder City Hall]] was completed in
          {_y('Port Alder City Hall')}.""")],
        ["History of Port Alder", "Fire Station No. 1"], ["Fires in Oregon", "History of Port Alder"]))
    out.append(T(
        "Port Alder Herons", "Football club in Port Alder, Oregon",
        [("Founded", str(TF["herons_founded"])), ("Ground", "[[Eastgate Stadium]]"),
         ("Capacity", dict(LF["Eastgate Stadium"].extras)["Capacity"]), ("Colors", "Blue and white")],
        f"""The '''Port Alder Herons''' are a football club based in [[Port Alder]], Oregon, founded in
        {TF['herons_founded']}. They play at [[Eastgate Stadium]].""",
        [("History", f"""The club was founded by dock workers in {TF['herons_founded']} and played in
          [[Riverside Park]] until [[Eastgate Stadium]] opened in {_y('Eastgate Stadium')}."""),
         ("Stadium", f"""Eastgate Stadium holds {dict(LF['Eastgate Stadium'].extras)['Capacity']} spectators.""")],
        ["Eastgate Stadium", "Port Alder"], ["Sports clubs in Oregon", "Sport in Port Alder"]))
    out.append(T(
        "Alder Labs", "Software company in Port Alder, Oregon",
        [("Type", "Private"), ("Industry", "Software, mapping"), ("Founded", "2016"),
         ("Headquarters", "[[Alder Tech Hub]], [[Lantern Quarter]], Port Alder"),
         ("Products", "[[routekit]], [[tilecache]], [[geocoder]]")],
        """'''Alder Labs''' is a software company in [[Port Alder]], Oregon, that builds open-source mapping
        software. It was founded in 2016 and is based at the [[Alder Tech Hub]].""",
        [("Products", """* [[routekit]] – shortest-path routing for car, bike and foot
          * [[tilecache]] – a map tile cache and renderer
          * [[geocoder]] – place search and address geocoding"""),
         ("Open source", """All of the company's projects are hosted on [[GitLab]] under the ''alder-labs''
          group and published as [[Open-source software]].""")],
        ["Alder Tech Hub", "OpenStreetMap", "List of software projects from Port Alder"],
        ["Software companies of the United States", "Companies based in Port Alder"]))
    depts = [node for node in world_departments()]
    out.append(T(
        "One Stop Market", "Online retailer",
        [("Type", "Online retailer"), ("Founded", "2012"), ("Headquarters", "[[Port Alder]], Oregon"),
         ("Distribution centre", "[[One Stop Market Warehouse]], [[Eastgate]]"),
         ("Departments", str(len(depts)))],
        f"""'''One Stop Market''' is an online shop based in [[Port Alder]], Oregon, founded in 2012. It sells
        groceries, household goods, electronics, clothing and toys from several hundred brands, and ships from the
        [[One Stop Market Warehouse]] in [[Eastgate]], opened in {_y('One Stop Market Warehouse')}.""",
        [("Departments", "\n".join(f"* {d}" for d in depts)),
         ("Brands", f"""The shop sells products of {len(world.brands())} brands, among them
          {join_names([f'[[{BRANDS[b].title}]]' for b in ('Apple', 'Sony', 'LEGO', 'Nike')])}.""")],
        ["One Stop Market Warehouse", "Economy of Port Alder"],
        ["Online retailers of the United States", "Companies based in Port Alder"],
        redirects=["OneStopShop", "One Stop Shop"]))
    out.append(T(
        "The Alder Gazette", "Daily newspaper in Port Alder, Oregon",
        [("Type", "Daily newspaper"), ("Founded", "1859"), ("Headquarters", "[[Lantern Quarter]], Port Alder"),
         ("Language", "English")],
        """'''''The Alder Gazette''''' is the daily newspaper of [[Port Alder]], Oregon, published since 1859.""",
        [("History", """Its first printing press was saved from the [[Great Fire of 1888]] and is displayed at the
          [[Old Mill Museum]].""")],
        ["Port Alder"], ["Newspapers published in Oregon", "Port Alder"], redirects=["Alder Gazette"]))
    out.append(T(
        "Founders' Day (Port Alder)", "Annual festival in Port Alder, Oregon",
        [("Date", "Second Saturday of June"), ("Location", "[[Founders Square]]"), ("First held", "1897")],
        f"""'''Founders' Day''' is an annual festival in [[Port Alder]], Oregon, held on the second Saturday of June
        to remember the landing of [[Elias Marsh]] and [[Abigail Penrose]] in {CF['founded']}.""",
        [("Celebrations", """A parade leaves [[Alder Wharf]] for [[Founders Square]], where the mayor lays flowers at
          the [[Founders' Fountain]]. The first festival marked the unveiling of the fountain in 1897.""")],
        ["Founders' Fountain", "Lantern Festival (Port Alder)"], ["Festivals in Oregon", "Port Alder"]))
    out.append(T(
        "Lantern Festival (Port Alder)", "Annual festival in Port Alder, Oregon",
        [("Date", "First weekend of November"), ("Location", "[[Lantern Quarter]]"), ("First held", "1953")],
        """The '''Lantern Festival''' is held in the [[Lantern Quarter]] of [[Port Alder]] on the first weekend of
        November, when thousands of paper lanterns recall the oil lamps that once lit the quarter's streets.""",
        [("Events", """A lantern procession crosses the [[Alder Bridge]] and ends at [[Port Alder City Hall]]. Boats
          in the harbour are lit up and the [[North Shore Lighthouse]] is floodlit.""")],
        ["Founders' Day (Port Alder)", "Lantern Quarter"], ["Festivals in Oregon", "Port Alder"]))
    out.append(T(
        "Founders' Fountain", "Fountain in Port Alder, Oregon",
        [("Artist", "[[Clara Bellamy]]"), ("Year", "1897"), ("Medium", "Bronze, granite"),
         ("Location", "[[Founders Square]], [[Lantern Quarter]]")],
        """The '''Founders' Fountain''' is a bronze fountain by [[Clara Bellamy]] in [[Founders Square]],
        [[Port Alder]], unveiled in 1897.""",
        [("Description", """The fountain shows [[Elias Marsh]] and [[Abigail Penrose]] on the prow of a ship, above a
          granite basin fed by four bronze herons.""")],
        ["Founders Square", "Founders' Day (Port Alder)"], ["Fountains in Oregon", "1897 sculptures"]))
    out.append(T(
        "Red alder", "Species of tree",
        [("Kingdom", "Plantae"), ("Family", "Betulaceae"), ("Genus", "Alnus"), ("Species", "A. rubra"),
         ("Native range", "Pacific coast of North America")],
        """The '''red alder''' (''Alnus rubra'') is a deciduous tree of the birch family, native to the Pacific coast
        of North America. It gave its name to the [[Alder River]] and so to [[Port Alder]].""",
        [("Description", """Red alders grow quickly on disturbed ground and along rivers, reaching 20–30 m. Their
          bark turns rust-red when cut, which gives the tree its name."""),
         ("Uses", """Its wood is used for furniture and for smoking salmon.""")],
        ["Alder River"], ["Alnus", "Trees of the Pacific Northwest"], redirects=["Alnus rubra"]))
    out.append(T(
        "Port Alder City Council", "Legislature of Port Alder, Oregon",
        [("Type", "Unicameral"), ("Members", "8 councillors and the mayor"), ("Mayor", f"[[{CF['mayor']}]]"),
         ("Meeting place", "[[Port Alder City Hall]]")],
        """The '''Port Alder City Council''' is the legislative body of [[Port Alder]], Oregon. Each of its eight
        members represents one ward, which matches one of the city's districts.""",
        [("Wards", "\n".join(f"* Ward {d.ward} – [[{d.name}]]" for d in
                             sorted(F.DISTRICT_FACTS.values(), key=lambda x: x.ward)))],
        ["List of mayors of Port Alder", "Port Alder City Hall"], ["Government of Port Alder"]))
    out.append(T(
        "Oregon", "State of the United States",
        [("Country", "United States"), ("Admitted to the Union", "February 14, 1859"), ("Capital", "Salem"),
         ("Largest city", "Portland"), ("Nickname", "Beaver State")],
        """'''Oregon''' is a state in the Pacific Northwest region of the United States. Its capital is Salem and its
        largest city is Portland. It joined the Union in 1859.""",
        [("Cities", """Besides Portland, Salem and Eugene, the state's cities include the port of
          [[Port Alder]] on [[Alder Bay]]."""),
         ("Companies", "Companies based in Oregon include " + join_names(
             [f"[[{b.title}]]" for b in BRANDS.values() if "Oregon" in b.hq]) + ".")],
        ["Port Alder"], ["States of the United States"]))
    out.append(T(
        "Lighthouse", "Tower that emits light to guide ships",
        [("Purpose", "Navigational aid"), ("Example", "[[North Shore Lighthouse]]")],
        """A '''lighthouse''' is a tower that emits light from a system of lamps and lenses to guide ships at sea or
        on inland waterways.""",
        [("Operation", f"""Most lighthouses are now automated; the [[North Shore Lighthouse]] in [[Port Alder]], built
          in {_y('North Shore Lighthouse')}, was automated in 1967.""")],
        ["North Shore Lighthouse"], ["Lighthouses", "Navigation"]))
    # lists
    rows = [[f"[[{lm.name}]]", lm.kind, f"[[{lm.district}]]", str(LF[lm.name].year)] for lm in
            sorted(world.LANDMARKS, key=lambda x: x.name)]
    out.append(T(
        "List of landmarks in Port Alder", "Wikimedia list article",
        [("City", "[[Port Alder]]"), ("Landmarks", str(len(world.LANDMARKS))), ("Districts", "8")],
        f"""This is a '''list of landmarks in [[Port Alder]]''', Oregon: the {len(world.LANDMARKS)} buildings, parks
        and places listed by the city, with their type, district and year.""",
        [("Landmarks", "")], ["Port Alder", "History of Port Alder"], ["Lists of landmarks", "Port Alder"],
        kind="list", tables={"Landmarks": (["Name", "Type", "District", "Year"], rows)}))
    out.append(T(
        "List of mayors of Port Alder", "Wikimedia list article",
        [("City", "[[Port Alder]]"), ("First mayor", "[[Elias Marsh]]"), ("Current mayor", f"[[{CF['mayor']}]]")],
        """This is a '''list of mayors of [[Port Alder]]''', Oregon (a selection).""",
        [("Mayors", "")], ["Port Alder City Council", "Port Alder"], ["Lists of mayors", "Port Alder"], kind="list",
        tables={"Mayors": (["Mayor", "Term"], [[f"[[{n}]]" if n in F.PEOPLE_FACTS else n, t]
                                               for n, t in F.MAYORS])}))
    out.append(T(
        "List of people from Port Alder", "Wikimedia list article",
        [("City", "[[Port Alder]]"), ("People", str(len(F.PEOPLE_FACTS)))],
        """This is a '''list of notable people from [[Port Alder]]''', Oregon, or associated with the city.""",
        [("People", "\n".join((f"* [[{p.name}]] ({p.born}–{p.died})" if p.died else
                               f"* [[{p.name}]] (born {p.born})") + f" – {p.occupation.lower()}"
                              for p in sorted(F.PEOPLE_FACTS.values(), key=lambda x: x.born)))],
        ["Port Alder", "History of Port Alder"], ["Lists of people", "Port Alder"], kind="list"))
    prow = [[f"[[{p.name}]]", p.path, F.LANGUAGES[p.language].name, str(F.PROJECT_FACTS[p.path].first_release)]
            for p in sorted(world.PROJECTS, key=lambda x: x.name)]
    for r, p in zip(prow, sorted(world.PROJECTS, key=lambda x: x.name)):
        from .writer import lang_link
        r[2] = lang_link(p.language)
    out.append(T(
        "List of software projects from Port Alder", "Wikimedia list article",
        [("Projects", str(len(world.PROJECTS))), ("Hosted on", "[[GitLab]]")],
        """This is a '''list of open-source software projects from [[Port Alder]]''' hosted on [[GitLab]], with
        their repository, main language and first release.""",
        [("Projects", "")], ["Alder Labs", "Open-source software"], ["Lists of software", "Port Alder"], kind="list",
        tables={"Projects": (["Project", "Repository", "Language", "First release"], prow)}))
    lrows = [[f"[[{lf.title}]]" if lf.title == lf.name else f"[[{lf.title}|{lf.name}]]", str(lf.first_appeared),
              lf.designers] for lf in sorted(F.LANGUAGES.values(), key=lambda x: x.first_appeared)]
    out.append(T(
        "List of programming languages", "Wikimedia list article",
        [("Languages", str(len(F.LANGUAGES))), ("Oldest", "[[Lisp (programming language)|Lisp]] (1958)")],
        """This is a '''list of programming, markup and data languages''' described in this encyclopedia, by the
        year they first appeared.""",
        [("Languages", "")], ["List of software projects from Port Alder"], ["Lists of programming languages"],
        kind="list", tables={"Languages": (["Language", "First appeared", "Designed by"], lrows)}))
    return out


def world_departments() -> list[str]:
    from .writer import DEPARTMENTS
    return DEPARTMENTS


# --- software topics ---------------------------------------------------------------------


def tech_topics() -> list[Draft]:
    out: list[Draft] = []

    def add(title: str, desc: str, infobox: list[tuple[str, str]], lead: str, sections: list[tuple[str, str]],
            see_also: list[str], cats: list[str], redirects: list[str] | None = None) -> None:
        out.append(T(title, desc, infobox, lead, sections, see_also, cats, redirects=redirects,
                     kind="software_topic"))

    def projects_using(pred) -> str:
        ps = [p for p in world.PROJECTS if pred(p)]
        return join_names([f"[[{p.name}]]" for p in ps])

    add("Git", "Distributed version control system",
        [("Original author", "Linus Torvalds"), ("Initial release", "2005"), ("Written in", "[[C (programming language)|C]], shell, Perl"),
         ("Type", "[[Version control]]"), ("License", "[[GNU General Public License]] v2")],
        """'''Git''' is a distributed [[Version control|version control]] system created by Linus Torvalds in 2005 for
        the development of the Linux kernel.""",
        [("Design", """Every clone of a Git repository holds its full history. Branches are cheap, and changes are
          exchanged by pushing and pulling commits."""),
         ("Hosting", """Services such as [[GitLab]] host Git repositories with issue trackers and merge requests.""")],
        ["GitLab", "Version control"], ["Free version control software", "2005 software"])
    add("GitLab", "Software forge",
        [("Developer", "GitLab Inc."), ("Initial release", "2011"),
         ("Original authors", "Dmytro Zaporozhets, Valery Sizov"),
         ("Written in", "[[Ruby (programming language)|Ruby]], [[Go (programming language)|Go]]"),
         ("Type", "Software forge"), ("License", "[[MIT License]] (Community Edition)")],
        """'''GitLab''' is a web-based platform for hosting [[Git]] repositories, with issue tracking, merge requests
        and [[Continuous integration|continuous integration]]. It was first released in 2011.""",
        [("Features", """Projects belong to users or groups; each has a repository, issues, milestones, labels and
          merge requests."""),
         ("Projects from Port Alder", "Many open-source projects of [[Port Alder]] are hosted on GitLab, including "
          + projects_using(lambda p: p.path.split('/')[0] in ('alder-labs', 'portalder'))
          + ". See [[List of software projects from Port Alder]].")],
        ["Git", "Continuous integration", "List of software projects from Port Alder"],
        ["Software forges", "2011 software"])
    add("Version control", "Management of changes to documents and code",
        [("Also known as", "Revision control, source control"), ("Examples", "[[Git]]")],
        """'''Version control''' is the practice of tracking and managing changes to files, especially source
        code.""",
        [("Systems", """Distributed systems such as [[Git]] give every developer a full copy of the history.""")],
        ["Git", "GitLab"], ["Version control"], redirects=["Revision control", "Source control"])
    add("SQLite", "Embedded relational database engine",
        [("Developer", "D. Richard Hipp"), ("Initial release", "2000"),
         ("Written in", "[[C (programming language)|C]]"), ("Type", "Relational database"),
         ("License", "Public domain")],
        """'''SQLite''' is a small, self-contained [[SQL]] database engine, written in C by D. Richard Hipp and
        first released in 2000. A whole database is stored in a single file.""",
        [("Use", "SQLite is embedded in browsers, phones and many applications; the [[queue-lite]] job queue stores "
          "its jobs in it.")],
        ["PostgreSQL", "SQL"], ["Database engines", "2000 software"])
    add("PostgreSQL", "Relational database management system",
        [("Developer", "PostgreSQL Global Development Group"), ("Initial release", "1996"),
         ("Written in", "[[C (programming language)|C]]"), ("Type", "Relational database"),
         ("License", "PostgreSQL License")],
        """'''PostgreSQL''' is a free and open-source relational database management system that descends from the
        POSTGRES project led by Michael Stonebraker at the University of California, Berkeley.""",
        [("Tools", "Tools such as [[pg-migrate]] manage [[Schema migration|schema migrations]] for PostgreSQL.")],
        ["SQLite", "SQL", "Schema migration"], ["Database engines", "1996 software"], redirects=["Postgres"])
    add("Schema migration", "Versioned changes to a database schema",
        [("Field", "Databases"), ("Tools", "[[pg-migrate]]")],
        """A '''schema migration''' is a versioned, repeatable change to the structure of a relational database,
        applied by a migration tool.""",
        [("Practice", "Migrations are kept in [[Version control|version control]] next to the code and applied in "
          "order; [[pg-migrate]] does this for [[PostgreSQL]].")],
        ["PostgreSQL"], ["Databases"])
    add("OpenStreetMap", "Collaborative map of the world",
        [("Founder", "Steve Coast"), ("Launched", "2004"), ("License", "Open Database License"),
         ("Type", "Collaborative mapping")],
        """'''OpenStreetMap''' (OSM) is a free, editable map of the world, founded by Steve Coast in 2004 and built by
        volunteers.""",
        [("Data", "Map data is stored as nodes, ways and relations with tags. Projects such as [[osm-tools]] and "
          "[[bike-lanes]] validate or reuse it; [[routekit]] computes routes on graphs built from it.")],
        ["Geocoding", "Tiled web map", "Dijkstra's algorithm"], ["Collaborative mapping", "2004 establishments"],
        redirects=["OSM"])
    add("General Transit Feed Specification", "Data format for public transport schedules",
        [("Abbreviation", "GTFS"), ("Introduced", "2005"), ("Developed by", "Google and TriMet"),
         ("Origin", "Portland, Oregon")],
        """The '''General Transit Feed Specification''' ('''GTFS''') is a data format for public transport
        timetables and stops. It was created in 2005 by Google and TriMet, the transit agency of Portland,
        [[Oregon]].""",
        [("Format", "A feed is a ZIP archive of text tables: agencies, stops, routes, trips and stop times."),
         ("Use in Port Alder", "The [[transit-feed]] project publishes the schedules of [[Port Alder Transit]] and "
          "the [[Alder Bay Ferry]] as GTFS.")],
        ["transit-feed", "Open data"], ["Transport data formats"], redirects=["GTFS"])
    add("Open data", "Data free for anyone to use",
        [("Principle", "Free to use, reuse and redistribute"), ("Example", "[[open-data-portal]]")],
        """'''Open data''' is data that anyone can freely use, reuse and redistribute.""",
        [("In Port Alder", "The city publishes budgets, permits, transit schedules and sensor readings through the "
          "[[open-data-portal]]; projects such as [[air-quality]] and [[transit-feed]] build on it.")],
        ["General Transit Feed Specification"], ["Open data"])
    licenses = [
        ("MIT License", "Permissive free software license", "Massachusetts Institute of Technology", "1987",
         "Permissive", "The '''MIT License''' is a short permissive license: anyone may use, copy, change and "
         "distribute the software, provided the copyright notice is kept."),
        ("Apache License", "Permissive free software license", "Apache Software Foundation", "2004 (version 2.0)",
         "Permissive", "The '''Apache License''' is a permissive license written by the Apache Software Foundation "
         "that also grants patent rights from contributors."),
        ("GNU General Public License", "Copyleft free software license", "Richard Stallman", "1989",
         "Copyleft", "The '''GNU General Public License''' (GPL) is a copyleft license: changed versions must be "
         "distributed under the same license, with their source code."),
        ("BSD licenses", "Family of permissive free software licenses", "University of California, Berkeley", "1988",
         "Permissive", "The '''BSD licenses''' are a family of permissive licenses first used for the Berkeley "
         "Software Distribution."),
        ("Mozilla Public License", "Weak copyleft free software license", "Mitchell Baker; Mozilla Foundation", "1998",
         "Weak copyleft", "The '''Mozilla Public License''' (MPL) is a weak copyleft license that applies file by "
         "file."),
        ("Creative Commons license", "Public copyright licenses for creative works", "Creative Commons", "2002",
         "Various", "A '''Creative Commons license''' lets authors share creative works such as text, images and "
         "documentation under chosen conditions, for example attribution (CC BY)."),
    ]
    for title, desc, author, year, kind, lead in licenses:
        users = [p for p in world.PROJECTS if F.PROJECT_FACTS[p.path].license == title]
        body = (f"Projects from [[Port Alder]] distributed under the {title.replace('licenses', 'license')} include "
                f"{join_names([f'[[{p.name}]]' for p in users])}." if users else
                "No project from Port Alder uses it yet.")
        add(title, desc, [("Author", author), ("Published", year), ("Type", kind),
                          ("Projects from Port Alder", str(len(users)))],
            lead, [("Use", body)], ["Open-source software"], ["Free and open-source software licenses"],
            redirects={"MIT License": ["MIT license"], "Apache License": ["Apache License 2.0", "Apache-2.0"],
                       "GNU General Public License": ["GPL", "GNU GPL"], "BSD licenses": ["BSD license"],
                       "Mozilla Public License": ["MPL"], "Creative Commons license": ["CC BY"]}[title])
    add("Open-source software", "Software with source code that anyone can inspect, modify and enhance",
        [("Licenses", "[[MIT License]], [[Apache License]], [[GNU General Public License]] and others"),
         ("Hosting", "[[GitLab]] and others")],
        """'''Open-source software''' is software released under a license that lets anyone use, study, change and
        distribute it and its source code.""",
        [("Licenses", """Permissive licenses such as the [[MIT License]], the [[Apache License]] and the
          [[BSD licenses]] allow almost any reuse; copyleft licenses such as the [[GNU General Public License]]
          require changed versions to stay open."""),
         ("In Port Alder", "See [[List of software projects from Port Alder]].")],
        ["List of software projects from Port Alder", "GitLab"], ["Free software"],
        redirects=["Open source", "Free software"])
    add("Continuous integration", "Software engineering practice",
        [("Coined by", "Grady Booch"), ("Year", "1991"), ("Related", "[[Version control]]")],
        """'''Continuous integration''' (CI) is the practice of merging developers' changes into a shared branch
        several times a day, each time building and testing the software automatically.""",
        [("Tools", "Pipelines are usually configured in [[YAML]] files; [[ci-templates]] collects reusable ones, and "
          "[[GitLab]] runs them.")],
        ["GitLab", "YAML"], ["Software engineering"], redirects=["CI/CD"])
    add("Syntax highlighting", "Display of source code in different colours",
        [("Used in", "Code editors, web pages"), ("Example", "[[a11y-syntax-highlighting]]")],
        """'''Syntax highlighting''' displays source code in colours and fonts according to the category of each
        term, such as keywords, strings and comments.""",
        [("Accessibility", "Themes such as [[a11y-syntax-highlighting]] choose colours with enough contrast for "
          "readers with low vision; see [[Web accessibility]].")],
        ["Web accessibility"], ["Text editor features"])
    add("Web accessibility", "Inclusive design of websites",
        [("Abbreviation", "a11y"), ("Standard", "Web Content Accessibility Guidelines"), ("Published", "1999 (WCAG 1.0)")],
        """'''Web accessibility''' ('''a11y''') is the practice of building websites that people with disabilities
        can use, for example with screen readers or keyboards alone.""",
        [("Guidelines", "The Web Content Accessibility Guidelines of the World Wide Web Consortium set contrast "
          "ratios, text alternatives and keyboard access. [[HTML]] elements with labels and roles help assistive "
          "technology.")],
        ["Syntax highlighting", "Design system"], ["Web accessibility"], redirects=["A11y"])
    add("Design system", "Set of standards for designing interfaces",
        [("Parts", "Guidelines, components, icons"), ("Examples", "[[design]], [[octicons]]")],
        """A '''design system''' is a collection of reusable components, patterns and guidelines for building
        consistent user interfaces.""",
        [("Examples", "The Primer project publishes [[design]], its guidelines, and [[octicons]], its icon set.")],
        ["Web accessibility"], ["User interface design"])
    add("Browser extension", "Software module that customizes a web browser",
        [("Platforms", "Chromium-based browsers, Firefox, Safari"), ("Written in", "[[JavaScript]], [[HTML]], [[CSS]]")],
        """A '''browser extension''' is a small program that adds features to a web browser or changes the pages it
        shows.""",
        [("Examples", "[[cloud-to-butt]] is a humorous extension that replaces words on web pages.")],
        ["JavaScript"], ["Web browsers"])
    add("Capture the flag (cybersecurity)", "Computer security competition",
        [("Type", "Security competition"), ("First held", "1996 (DEF CON)")],
        """In computer security, '''capture the flag''' (CTF) is a competition in which teams solve security
        challenges to find hidden strings called flags.""",
        [("Write-ups", "Players publish write-ups of their solutions, such as the [[ctf-writeups]] collection.")],
        ["Open-source software"], ["Computer security"], redirects=["Capture the flag (CTF)"])
    add("Dijkstra's algorithm", "Graph search algorithm",
        [("Class", "Shortest path problem"), ("Inventor", "Edsger W. Dijkstra"), ("Year", "1956"),
         ("Published", "1959")],
        """'''Dijkstra's algorithm''' finds the shortest paths from a source node to all other nodes of a weighted
        graph. Edsger W. Dijkstra conceived it in 1956 and published it in 1959.""",
        [("Applications", "Route planners such as [[routekit]] run it, with speed-ups, on road graphs built from "
          "[[OpenStreetMap]] to give directions by car, bike or foot.")],
        ["OpenStreetMap", "Geocoding"], ["Graph algorithms", "Routing algorithms"], redirects=["Dijkstra algorithm"])
    add("Geocoding", "Conversion of addresses to coordinates",
        [("Inverse", "Reverse geocoding"), ("Example", "[[geocoder]]")],
        """'''Geocoding''' is the process of turning a description of a place, such as an address or a name, into
        geographic coordinates.""",
        [("Software", "[[geocoder]] by [[Alder Labs]] geocodes places in [[Port Alder]] from [[OpenStreetMap]] "
          "data.")],
        ["OpenStreetMap", "Tiled web map"], ["Geographic information systems"])
    add("Tiled web map", "Map displayed by joining many image tiles",
        [("Tile size", "256 × 256 pixels"), ("Example", "[[tilecache]]")],
        """A '''tiled web map''' is a map shown in a browser by joining many small square images, or tiles, fetched
        from a server for each zoom level.""",
        [("Servers", "Tile servers such as [[tilecache]] render tiles once and serve them from a cache.")],
        ["OpenStreetMap", "Geocoding"], ["Web mapping"], redirects=["Slippy map"])
    add("Speedrunning", "Playing a video game as fast as possible",
        [("Type", "Video game practice"), ("Tools", "Split timers such as [[speedrun-splits]]")],
        """'''Speedrunning''' is the practice of playing through a video game, or a part of it, as fast as possible.""",
        [("Timing", "Runners time each segment, or split, of a run with tools such as [[speedrun-splits]].")],
        ["Video games"], ["Video game culture"], redirects=["Speedrun"])
    add("Sourdough", "Bread made by fermentation with wild yeast",
        [("Type", "Bread"), ("Leavening", "Wild yeast and lactobacilli")],
        """'''Sourdough''' is bread leavened by a starter culture of wild yeast and lactic acid bacteria, which gives it
        a slightly sour taste.""",
        [("Baking", "A starter must be fed regularly; bakers time feeding, proofing and baking, for example with "
          "[[sourdough-timer]].")],
        ["Pantry staples"], ["Breads"])
    return out


def topic_articles() -> list[Draft]:
    return city_topics() + tech_topics()
