"""Writes the wiki's articles (as markup drafts) from `world` and `facts`.

Each generator returns a `Draft`: title, infobox rows, lead, sections, "See also"
titles, categories and an optional image. Sentences come from small sets of
templates; the choice among them is drawn from a `random.Random` keyed by the
article's title, so an article reads the same in every build and editing one
article never rewords another.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field

from .. import world
from ..map.geo import to_latlon
from ..map.places_data import LANDMARK_SPOTS
from ..shopping.catalog_data import CATALOG
from . import facts as F

SEED = 8888


# --- the draft model -------------------------------------------------------------------


@dataclass
class ImageSpec:
    file: str  # e.g. 'North_Shore_Lighthouse.png'
    caption: str  # wiki markup
    alt: str
    kind: str  # drawing routine: skyline | locator | landmark | citymap
    params: dict = field(default_factory=dict)


@dataclass
class Section:
    heading: str
    paragraphs: list[str] = field(default_factory=list)
    items: list[str] = field(default_factory=list)  # a bullet list after the paragraphs
    table: tuple[list[str], list[list[str]]] | None = None  # (headers, rows), after the items
    level: int = 2
    image: ImageSpec | None = None  # a thumbnail floated at the top of the section
    table_caption: str = ""


@dataclass
class Draft:
    title: str
    kind: str  # city | district | landmark | project | brand | language | person | product_category | topic | list
    entity: str | None  # the world's key: district/landmark name, project path, shop brand or category...
    description: str  # Wikipedia's "short description"
    infobox: list[tuple[str, str]]  # (label, wiki markup value)
    lead: list[str]
    sections: list[Section]
    see_also: list[str] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    image: ImageSpec | None = None
    infobox_title: str | None = None
    redirects: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)  # citations (wiki markup), cited as [#n] in the text
    hatnote: str = ""  # markup shown above the article ("For other uses, see ...")
    navboxes: list[str] = field(default_factory=list)  # keys of the navigation boxes at the foot


# --- phrasing helpers ------------------------------------------------------------------


def rng_for(title: str) -> random.Random:
    return random.Random(f"{SEED}:{title}")


def pick(rng: random.Random, options: list[str]) -> str:
    return options[rng.randrange(len(options))]


def join_names(names: list[str] | tuple[str, ...]) -> str:
    names = list(names)
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def a_an(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def plural(noun: str) -> str:
    head, _, last = noun.rpartition(" ")
    if last.endswith("y") and last[-2:-1] not in "aeiou":
        last = last[:-1] + "ies"
    elif last.endswith(("ch", "sh", "s", "x")):
        last += "es"
    else:
        last += "s"
    return f"{head} {last}".strip()


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


_NO_THE = {"Alder General Hospital", "Eastgate Station", "Eastgate Stadium", "Eastgate Mall", "Port Alder University",
           "Port Alder City Hall", "Founders Square", "Riverside Park", "North Shore Beach", "Harbor Coffee Roasters",
           "St. Mary's Church", "Fire Station No. 1", "Port Alder Zoo"}


def the(name: str) -> str:
    """'the Central Library' but 'Port Alder City Hall', 'Eastgate Station', 'St. Mary's Church'."""
    if name in _NO_THE or name not in LANDMARK_NAMES:
        return name
    return "the " + name


_PROPER_FIRST = {"American", "Japanese", "Swiss", "German", "Chinese", "South", "Danish", "Dutch", "Italian", "French",
                 "Finnish", "British", "Canadian", "Korean", "Port", "Oregon", "GTFS", "Python", "Rust", "Alder"}


def lc_first(s: str) -> str:
    """Lower-case the first letter of a phrase unless it starts with a proper word or an acronym."""
    first = s.split(" ")[0].strip(",.")
    if first in _PROPER_FIRST or len(s) < 2 or not s[1].islower():
        return s
    return s[:1].lower() + s[1:]


_SUMMARY_PREFIXES = {"Seat of": "It is the seat of", "Home ground": "It is the home ground",
                     "Co-working": "It is a co-working", "Headquarters": "It is the headquarters",
                     "Ships, maps": "Its exhibits cover ships, maps", "Glasshouses": "It has glasshouses"}


def summary_sentence(summary: str) -> str:
    """world.Landmark.summary as a sentence about the landmark."""
    for prefix, repl in _SUMMARY_PREFIXES.items():
        if summary.startswith(prefix):
            return repl + summary[len(prefix):]
    if summary.startswith(("A ", "An ", "The ")):
        return "It is " + summary[0].lower() + summary[1:]
    return summary


def The(name: str) -> str:
    return cap(the(name))


def link_the(name: str) -> str:
    t = the(name)
    return ("the " if t.startswith("the ") else "") + f"[[{name}]]"


def Link_the(name: str) -> str:
    return cap(link_the(name))


def number(n: float) -> str:
    return f"{n:,}" if isinstance(n, int) else f"{n:,.1f}"


def coords(lat: float, lon: float) -> str:
    return f"{abs(lat):.4f}°{'N' if lat >= 0 else 'S'} {abs(lon):.4f}°{'W' if lon < 0 else 'E'}"


FEMALE = {"Abigail Penrose", "Henrietta Vale", "Clara Bellamy", "Ada Lindqvist", "Ruth Halvorsen", "Beatrix Holloway",
          "Diane Castellanos"}


def pron(name: str) -> tuple[str, str]:
    return ("she", "her") if name in FEMALE else ("he", "his")


def maker_link(name: str) -> str:
    return f"[[{name}]]" if name in F.PEOPLE_FACTS else name


# --- derived world data ----------------------------------------------------------------

LANDMARKS = {lm.name: lm for lm in world.LANDMARKS}
LANDMARK_NAMES = set(LANDMARKS)
PEOPLE_BY_USER = {p.username: p for p in world.PEOPLE}


def landmark_coords(name: str) -> tuple[float, float]:
    """Where the map puts the landmark, so the two sites agree."""
    lat, lon = to_latlon(*LANDMARK_SPOTS[name]["xy"])
    return round(lat, 4), round(lon, 4)


def landmarks_in(district: str) -> list[world.Landmark]:
    return [lm for lm in world.LANDMARKS if lm.district == district]


def _catalog_leaves() -> list[tuple[str, str, list[str]]]:
    """(department, shop leaf name, brands) for every leaf of the shop's catalogue."""
    out: list[tuple[str, str, list[str]]] = []

    def walk(nodes: list[tuple], top: str | None) -> None:
        for node in nodes:
            if len(node) == 3:
                walk(node[2], top or node[1])
            else:
                brands = sorted({line.split("|")[0].strip() for line in node[3].strip().splitlines()})
                out.append((top or node[1], node[1], brands))

    walk(CATALOG, None)
    return out


CATALOG_LEAVES = _catalog_leaves()
DEPARTMENTS = [node[1] for node in CATALOG]


def category_title(leaf: str) -> str:
    return F.CATEGORY_ARTICLES[leaf][0]


def brand_categories() -> dict[str, list[str]]:
    """shop brand -> category article titles it is sold under (in catalogue order)."""
    out: dict[str, list[str]] = defaultdict(list)
    for _, leaf, brands in CATALOG_LEAVES:
        for b in brands:
            t = category_title(leaf)
            if t not in out[b]:
                out[b].append(t)
    return out


@dataclass(frozen=True)
class Brand:
    shop: str
    title: str
    founded: int
    founders: tuple[str, ...]
    hq: str
    industry: str
    parent: str
    products: str
    description: str


BRANDS: dict[str, Brand] = {}
for _line in F.BRAND_LINES.strip().splitlines():
    _p = [x.strip() for x in _line.split("|")]
    BRANDS[_p[0]] = Brand(_p[0], _p[1] or _p[0], int(_p[2]), tuple(x.strip() for x in _p[3].split(";") if x.strip()),
                          _p[4], _p[5], _p[6], _p[7], _p[8])
BRAND_TITLES = {b.title for b in BRANDS.values()}
TITLE_OF_BRAND = {b.shop: b.title for b in BRANDS.values()}


def brand_ref(shop_brand: str) -> str:
    """A link to the brand's article when the wiki has one, else the plain name."""
    t = TITLE_OF_BRAND.get(shop_brand)
    if t is None:
        return shop_brand
    return f"[[{t}]]" if t == shop_brand else f"[[{t}|{shop_brand}]]"


def lang_link(name: str) -> str:
    lf = F.LANGUAGES[name]
    return f"[[{lf.title}]]" if lf.title == name else f"[[{lf.title}|{name}]]"


def maintainer_of(path: str) -> tuple[str, str]:
    """(wiki markup name, plain name) of a project's maintainer."""
    ns = path.split("/")[0]
    if ns in PEOPLE_BY_USER:
        name = PEOPLE_BY_USER[ns].name
        return f"{name} ({ns})", name
    owner = F.NAMESPACE_OWNERS[ns]
    if owner == "Alder Labs":
        return "[[Alder Labs]]", owner
    if owner == "City of Port Alder":
        return "City of [[Port Alder]]", owner
    return owner, owner


# --- landmarks -------------------------------------------------------------------------

KIND_TEXT: dict[str, list[str]] = {
    "town hall": ["The building houses the mayor's office, the council chamber and the city clerk.",
                  "Its clock tower is visible from most of the [[Lantern Quarter]]."],
    "library": ["The library lends books, music and films and offers free Internet access and reading rooms.",
                "It is the main branch of the public library system, with a local history collection."],
    "hospital": ["It is the largest hospital in the region and a teaching hospital of [[Port Alder University]].",
                 "The hospital has an emergency department, maternity wards and a cancer centre."],
    "university": ["The university offers degrees in the arts, sciences, engineering, medicine and law.",
                   "Its sports teams, the Herons, compete in regional college leagues."],
    "observatory": ["Its copper dome holds a sixteen-inch refracting telescope.",
                    "Public viewing nights are held on clear Friday evenings."],
    "market": ["Stalls sell vegetables, fish, bread, cheese and crafts from the region.",
               "The market is busiest in summer, when berry and cherry growers come down from the valley."],
    "lighthouse": ["The white conical tower stands on a basalt ledge at the harbour mouth.",
                   "Its light flashes white every ten seconds and can be seen far out at sea."],
    "museum": ["The museum's galleries combine original objects with models, photographs and hands-on exhibits.",
               "It runs school programmes and temporary exhibitions throughout the year."],
    "park": ["Lawns, playgrounds and a riverside promenade make it a popular place for picnics.",
             "The park's paths form part of the city's cycling network."],
    "train station": ["Regional trains of the [[Alder Valley Railway]] leave from its platforms.",
                      "Bus routes of [[Port Alder Transit]] stop on the forecourt."],
    "ferry terminal": ["Ferries of the [[Alder Bay Ferry]] leave every hour for the islands of [[Alder Bay]].",
                       "The terminal has a waiting hall, ticket offices and a car ramp."],
    "square": ["The square is the traditional meeting place of the city and hosts markets and festivals.",
               "It is paved in granite setts and lined with plane trees."],
    "bridge": ["The bridge links the [[Lantern Quarter]] with [[Riverside Row]] across the [[Alder River]].",
               "Its arch is lit at night and has become a symbol of the city."],
    "garden": ["Its glasshouses hold tropical and desert plants; outdoors there is a rose garden and an arboretum.",
               "The garden is used for teaching and research by the university."],
    "theatre": ["The auditorium keeps its original gilded plasterwork and a painted ceiling.",
                "Touring companies, local drama groups and orchestras perform there."],
    "stadium": ["The stadium is used mostly for football and hosts concerts in summer.",
                "Its floodlights are a landmark of the eastern skyline."],
    "reservoir": ["The reservoir still supplies part of the city's drinking water.",
                  "A walking loop around the water offers views over the whole city and the bay."],
    "brewery": ["The brewery has a taproom and offers tours of its brewhouse.",
                "Its beers are served in many pubs of the city."],
    "warehouse": ["Conveyor lines sort parcels for deliveries across the region.",
                  "The site is one of the largest employers in [[Eastgate]]."],
    "restaurant": ["The restaurant serves seafood from the harbour and produce from local farms.",
                   "Its terrace overlooks the [[Alder River]]."],
    "cafe": ["Coffee is roasted on site in small batches and sold in the café and online.",
             "Ferry passengers queue there for coffee before the morning boats."],
    "beach": ["Sand dunes back the beach, and rock pools appear at low tide.",
              "Swimming is popular in summer, though the water stays cold all year."],
    "zoo": ["The zoo keeps animals of the Pacific coast and of other continents.",
            "Keeper talks are held at the sea lion pool every afternoon."],
    "office": ["The building offers co-working desks, offices and meeting rooms for technology companies.",
               "Its roof terrace looks out over [[Founders Square]]."],
    "shopping mall": ["The mall has department stores, a food court and a cinema.",
                      "Several [[Port Alder Transit]] bus routes end at its bus station."],
    "church": ["The church has a tall spire and stained-glass windows from the 1860s.",
               "Services are held every Sunday, and concerts on summer evenings."],
    "fire station": ["The station's brick engine house still has its original hose-drying tower.",
                     "It serves the [[Lantern Quarter]] and the harbour."],
    "police station": ["It is the headquarters of the city police.",
                       "A small museum in the entrance hall tells the history of policing in the city."],
}

_YEAR_SENTENCES = {
    "Built": ["It was built in {year}.", "Construction was completed in {year}.", "The structure dates from {year}."],
    "Opened": ["It opened in {year}.", "It was opened to the public in {year}.", "It first opened its doors in {year}."],
    "Founded": ["It was founded in {year}.", "It was established in {year}.", "Its history goes back to {year}, when it was founded."],
    "Established": ["It was established in {year}.", "It has existed since {year}.", "It was laid out in {year}."],
    "Protected": ["It has been a protected public park since {year}.", "It was protected as a park in {year}."],
}

_MAKER_SENTENCES = {
    "Architect": ["It was designed by the architect {maker}.", "The architect was {maker}.", "{Maker} was its architect."],
    "Engineer": ["It was designed by the engineer {maker}.", "The engineer {maker} designed it."],
    "Landscape architect": ["It was laid out by the landscape architect {maker}.", "{Maker} designed its grounds."],
    "Founder": ["Its founder was {maker}.", "It was founded by {maker}."],
    "Founders": ["It was founded by {maker}.", "Its founders were {maker}."],
    "Designer": ["It was laid out by {maker}.", "{Maker} chose its site and plan."],
    "Managed by": ["It is managed by {maker}.", "{Maker} looks after it."],
}


def landmark_article(lm: world.Landmark) -> Draft:
    f = F.LANDMARK_FACTS[lm.name]
    rng = rng_for(lm.name)
    lat, lon = landmark_coords(lm.name)
    kind = lm.kind
    bold = f"'''{lm.name}'''"
    subj = ("The " + bold) if the(lm.name).startswith("the ") else bold
    lead1 = pick(rng, [
        f"{subj} is {a_an(kind)} in the [[{lm.district}]] district of [[Port Alder]], Oregon, United States.",
        f"{subj} is {a_an(kind)} located in [[{lm.district}]], a district of [[Port Alder]], Oregon.",
        f"{subj} is {a_an(kind)} in [[Port Alder]], Oregon, situated in the city's [[{lm.district}]] district.",
    ])
    summary = summary_sentence(lm.summary)
    year_variants = list(_YEAR_SENTENCES[f.year_label])
    rng.shuffle(year_variants)
    year_s, year_s2 = (v.format(year=f.year) for v in year_variants[:2])
    mk = maker_link(f.maker)
    maker_s = pick(rng, _MAKER_SENTENCES[f.maker_label]).format(maker=mk, Maker=cap(mk))
    lead = [f"{lead1} {summary}" + ("" if str(f.year) in summary else f" {year_s}")]
    others = [o for o in landmarks_in(lm.district) if o.name != lm.name]
    history = [" ".join([year_s2, maker_s, *f.history])]
    if f.year < 1940 and kind not in ("beach", "park", "square"):
        history.append(pick(rng, [
            f"{The(lm.name)} is listed on the Port Alder Register of Historic Places.",
            f"Since 1978 {the(lm.name)} has been listed on the city's register of historic places.",
        ]))
    desc = list(KIND_TEXT.get(kind, []))
    rng.shuffle(desc)
    routes = F.DISTRICT_BUS_ROUTES[lm.district]
    access = [pick(rng, [
        f"{The(lm.name)} is served by [[Port Alder Transit]] bus routes {join_names([str(r) for r in routes])}.",
        f"[[Port Alder Transit]] buses {join_names([str(r) for r in routes])} stop nearby.",
    ])]
    if others:
        near = rng.sample(others, min(2, len(others)))
        access.append(pick(rng, [
            f"Nearby landmarks include {join_names([link_the(o.name) for o in near])}.",
            f"It lies within walking distance of {join_names([link_the(o.name) for o in near])}.",
        ]))
    if lm.district == "Alder Wharf" and kind != "ferry terminal":
        access.append("The [[Ferry Terminal]] and the ferries of the [[Alder Bay Ferry]] are a short walk away.")
    if lm.district == "Eastgate" and kind != "train station":
        access.append("[[Eastgate Station]], on the [[Alder Valley Railway]], is the nearest railway station.")
    infobox: list[tuple[str, str]] = [
        ("Type", cap(kind)),
        ("Location", f"[[{lm.district}]], [[Port Alder]], Oregon"),
        ("Coordinates", coords(lat, lon)),
        (f.year_label, str(f.year)),
        (f.maker_label, mk),
        ("Operator" if kind not in ("restaurant", "cafe", "brewery") else "Owner", f.operator),
        *f.extras,
    ]
    sections = [Section("History", history), Section("Description", [" ".join(desc)] if desc else []),
                Section("Location and access", [" ".join(access)])]
    see_also = [o.name for o in others if o.kind == kind][:2] or [o.name for o in others][:2]
    same_kind = [o.name for o in world.LANDMARKS if o.kind == kind and o.name != lm.name and o.name not in see_also]
    see_also += same_kind[:2]
    see_also.append("List of landmarks in Port Alder")
    if lm.name == "North Shore Lighthouse":
        see_also.append("Lighthouse")
    cats = ["Landmarks in Port Alder", f"{cap(plural(kind))} in Oregon", f"Places in {lm.district}",
            f"{f.year} establishments in Oregon"]
    image = ImageSpec(f"{lm.name.replace(' ', '_').replace('.', '').replace(chr(39), '')}.png",
                      f"{The(lm.name)}, [[{lm.district}]]", f"Illustration of {the(lm.name)}", "landmark",
                      {"kind": kind, "name": lm.name})
    return Draft(lm.name, "landmark", lm.name, f"{cap(kind)} in Port Alder, Oregon", infobox, lead, sections,
                 see_also, cats, image)


# --- districts -------------------------------------------------------------------------


def district_article(name: str) -> Draft:
    d = F.DISTRICT_FACTS[name]
    rng = rng_for(name)
    lms = landmarks_in(name)
    density = round(d.population / d.area_km2)
    ranks = sorted(F.DISTRICT_FACTS.values(), key=lambda x: -x.population)
    rank = [x.name for x in ranks].index(name) + 1
    ordinal = {1: "most populous", 2: "second most populous", 3: "third most populous", 4: "fourth most populous",
               5: "fifth most populous", 6: "sixth most populous", 7: "seventh most populous",
               8: "least populous"}[rank]
    lead = [pick(rng, [
        f"'''{name}''' is a district of [[Port Alder]], Oregon, United States.",
        f"'''{name}''' is one of the eight districts of the city of [[Port Alder]] in Oregon.",
    ]) + " " + d.character[0] + " " + pick(rng, [
        f"At the 2020 census it had a population of {number(d.population)}.",
        f"Its population was {number(d.population)} at the 2020 census.",
    ])]
    history = [pick(rng, [
        f"The area became part of the city in {d.established}.",
        f"{name} has been a district of Port Alder since {d.established}.",
    ]) + " " + " ".join(d.character[1:])]
    oldest = min(lms, key=lambda lm: F.LANDMARK_FACTS[lm.name].year) if lms else None
    if oldest:
        history.append(f"Its oldest landmark is {link_the(oldest.name)}, from "
                       f"{F.LANDMARK_FACTS[oldest.name].year}.")
    geo = [pick(rng, [
        f"{name} covers {d.area_km2} km² and borders {join_names([f'[[{n}]]' for n in d.neighbours])}.",
        f"The district has an area of {d.area_km2} km². Its neighbours are "
        f"{join_names([f'[[{n}]]' for n in d.neighbours])}.",
    ])]
    if name in ("Old Mill", "Riverside Row", "Lantern Quarter", "Alder Wharf"):
        geo.append("The [[Alder River]] runs through the district on its way to [[Alder Bay]].")
    if name in ("North Shore", "Alder Wharf"):
        geo.append("It faces the waters of [[Alder Bay]].")
    items = [f"{Link_the(lm.name)} – {lm.kind}, {F.LANDMARK_FACTS[lm.name].year}" for lm in
             sorted(lms, key=lambda x: F.LANDMARK_FACTS[x.name].year)]
    demo = [f"At the 2020 census {name} had {number(d.population)} inhabitants, a density of about "
            f"{number(density)} per square kilometre. It is the {ordinal} of the city's eight districts."]
    routes = F.DISTRICT_BUS_ROUTES[name]
    transport = [f"[[Port Alder Transit]] bus routes {join_names([str(r) for r in routes])} serve the district."]
    if name == "Alder Wharf":
        transport.append("The [[Ferry Terminal]] is the departure point of the [[Alder Bay Ferry]] to the islands.")
    if name == "Eastgate":
        transport.append("[[Eastgate Station]] is the terminus of the [[Alder Valley Railway]].")
    if name in ("Riverside Row", "Lantern Quarter"):
        transport.append("The [[Alder Bridge]] carries road and cycle traffic across the river.")
    infobox = [("Country", "United States"), ("State", "Oregon"), ("City", "[[Port Alder]]"),
               ("Established", str(d.established)), ("Council ward", f"Ward {d.ward}"),
               ("Area", f"{d.area_km2} km²"), ("Population (2020)", number(d.population)),
               ("Density", f"{number(density)}/km²"),
               ("Bus routes", ", ".join(str(r) for r in routes))]
    sections = [Section("History", history), Section("Geography", [" ".join(geo)]),
                Section("Landmarks", [f"{name} has {len(lms)} of the city's listed landmarks:"], items),
                Section("Demographics", demo), Section("Transport", [" ".join(transport)])]
    see_also = [*d.neighbours, "List of landmarks in Port Alder"]
    cats = ["Districts of Port Alder", f"{d.established} establishments in Oregon"]
    image = ImageSpec(f"{name.replace(' ', '_')}_locator_map.png", f"Location of {name} within [[Port Alder]]",
                      f"Map of Port Alder with {name} highlighted", "locator", {"district": name})
    return Draft(name, "district", name, "District of Port Alder, Oregon", infobox, lead, sections, see_also, cats,
                 image, redirects=[f"{name}, Port Alder", f"{name} (Port Alder)"])


# --- the city --------------------------------------------------------------------------


def city_article() -> Draft:
    c = F.CITY_FACTS
    founders = join_names([f"[[{n}]]" for n in c["founders"]])
    density = round(c["population"] / c["area_km2"])
    districts = sorted(F.DISTRICT_FACTS.values(), key=lambda d: d.name)
    lf = F.LANDMARK_FACTS
    lead = [
        f"'''Port Alder''' is a port city in Oregon, United States, on [[Alder Bay]] at the mouth of the "
        f"[[Alder River]]. With a population of {number(c['population'])} at the 2020 census, it is the seat of a "
        f"busy harbour, a public university and a growing technology sector.",
        f"The city was founded in {c['founded']} by {founders} and incorporated in {c['incorporated']}. It is known as "
        f"\"{c['nickname']}\" after the lanterns of its historic centre and the [[North Shore Lighthouse]] "
        f"({lf['North Shore Lighthouse'].year}).",
    ]
    history = [
        f"Captain [[Elias Marsh]] and the merchant [[Abigail Penrose]] landed at what is now [[Alder Wharf]] in "
        f"{c['founded']}. Marsh's sawmill of 1851 gave the [[Old Mill]] district its name, and the town was "
        f"incorporated in {c['incorporated']}, when [[Founders Square]] was laid out.",
        f"The [[Alder Bay Ferry]] began service in {F.TRANSPORT_FACTS['ferry_founded']}, the "
        f"[[North Shore Lighthouse]] was lit in {lf['North Shore Lighthouse'].year} and the [[Alder Valley Railway]] "
        f"reached [[Eastgate Station]] in {F.TRANSPORT_FACTS['railway_opened']}. The [[Great Fire of 1888]] destroyed "
        f"most of the wooden [[Lantern Quarter]], which was rebuilt in brick and stone.",
        f"[[Port Alder University]] was founded in {lf['Port Alder University'].year}, and the "
        f"[[Alder Bridge]] opened in {lf['Alder Bridge'].year}. See [[History of Port Alder]] for a full account.",
    ]
    geo = [f"The city covers {c['area_km2']} km² at an average elevation of {c['elevation_m']} m. It is divided "
           f"into eight districts:"]
    geo_items = [f"[[{d.name}]] – population {number(d.population)}, {d.area_km2} km²" for d in districts]
    economy = [
        "The harbour, timber and fishing built the city's economy; today health care, education, logistics and "
        "software are the largest employers. The online retailer [[One Stop Market]] runs its distribution centre, "
        "the [[One Stop Market Warehouse]], in [[Eastgate]], and [[Alder Labs]] is based at the [[Alder Tech Hub]]. "
        "See [[Economy of Port Alder]]."]
    transport = [
        f"The [[Alder Bay Ferry]] links the [[Ferry Terminal]] with three islands. The [[Alder Valley Railway]] runs "
        f"from [[Eastgate Station]] to {F.TRANSPORT_FACTS['railway_terminus']}, and [[Port Alder Transit]] operates "
        f"{F.TRANSPORT_FACTS['transit_routes']} bus routes. The [[Alder Bridge]] is the main crossing of the river. "
        "See [[Transport in Port Alder]]."]
    culture = [
        "The city's cultural venues include the [[Lantern Theatre]], the [[Maritime Museum]], the [[Old Mill Museum]] "
        "and the [[Science Center]]. Each June the city celebrates [[Founders' Day (Port Alder)|Founders' Day]], and "
        "in November the [[Lantern Festival (Port Alder)|Lantern Festival]]. The football club "
        "[[Port Alder Herons]] plays at [[Eastgate Stadium]]. The daily newspaper is ''[[The Alder Gazette]]''."]
    gov = [f"Port Alder has a mayor–council government. [[{c['mayor']}]] has been mayor since {c['mayor_since']}; "
           "the [[Port Alder City Council]] meets at [[Port Alder City Hall]]. See [[List of mayors of Port Alder]]."]
    infobox = [
        ("Country", "United States"), ("State", "[[Oregon]]"), ("Founded", str(c["founded"])),
        ("Founded by", founders), ("Incorporated", str(c["incorporated"])),
        ("Named for", f"[[{c['named_for']}]]"), ("Nickname", c["nickname"]), ("Motto", c["motto"]),
        ("Mayor", f"[[{c['mayor']}]]"), ("Area", f"{c['area_km2']} km²"),
        ("Population (2020)", number(c["population"])), ("Density", f"{number(density)}/km²"),
        ("Elevation", f"{c['elevation_m']} m"), ("Time zone", "UTC−8 (PST)"),
        ("ZIP codes", c["zip_codes"]), ("Area code", c["area_code"]), ("Districts", "8"),
    ]
    sections = [
        Section("History", history), Section("Geography", geo, geo_items),
        Section("Landmarks", ["Notable landmarks include "
                              + join_names([link_the(n) for n in ("North Shore Lighthouse", "Alder Bridge",
                                                                  "Port Alder City Hall", "Hilltop Observatory",
                                                                  "Alder Wharf Market")])
                              + ". See [[List of landmarks in Port Alder]]."]),
        Section("Economy", economy), Section("Transport", transport), Section("Culture and sport", culture),
        Section("Education", [f"[[Port Alder University]], founded in {lf['Port Alder University'].year}, is the "
                              f"largest institution of higher education, with "
                              f"{dict(lf['Port Alder University'].extras)['Students']} students. The "
                              f"[[Central Library]] is the main public library."]),
        Section("Government", gov),
    ]
    see_also = ["History of Port Alder", "Geography of Port Alder", "List of people from Port Alder", "Oregon"]
    cats = ["Port Alder", "Cities in Oregon", "Port cities in the United States", "1847 establishments in Oregon"]
    image = ImageSpec("Port_Alder_skyline.png", "The skyline of [[Port Alder]] from [[Alder Bay]]",
                      "Skyline of Port Alder seen from the bay", "skyline", {})
    return Draft("Port Alder", "city", world.CITY, "City in Oregon, United States", infobox, lead, sections,
                 see_also, cats, image, infobox_title="Port Alder, Oregon",
                 redirects=["Port Alder, Oregon", "City of Port Alder"])


# --- people ----------------------------------------------------------------------------


def person_article(p: F.PersonFacts) -> Draft:
    rng = rng_for(p.name)
    he, his = pron(p.name)
    life = f"{p.born}–{p.died}" if p.died else f"born {p.born}"
    occ = p.occupation.lower()
    tense = "was" if p.died else "is"
    lead = [f"'''{p.name}''' ({life}) {tense} an American {occ}, known for "
            f"{p.known_for[0].lower() + p.known_for[1:]}."]
    early = [pick(rng, [
        f"{p.name} was born in {p.birthplace} in {p.born}.",
        f"Born in {p.birthplace} in {p.born}, {p.name.split()[0]} grew up there"
        + (" and trained locally." if "Port Alder" in p.birthplace else " before moving west to Oregon."),
    ])]
    career = [" ".join(p.bio)]
    works = []
    for w in p.notable_works:
        if w in F.LANDMARK_FACTS:
            works.append(f"{Link_the(w)} ({F.LANDMARK_FACTS[w].year})")
        elif w == "Founders' Fountain":
            works.append("The [[Founders' Fountain]] (1897)")
        else:
            works.append(f"[[{w}]]")
    legacy = [pick(rng, [
        f"A street in Port Alder is named after {'her' if he == 'she' else 'him'}.",
        f"{cap(his)} papers are kept in the local history collection of the [[Central Library]].",
        f"{cap(his)} portrait hangs in [[Port Alder City Hall]].",
    ])]
    if p.died:
        legacy.insert(0, f"{p.name} died in Port Alder in {p.died}.")
    infobox = [("Born", f"{p.born}, {p.birthplace}"), ("Died", f"{p.died}, Port Alder, Oregon" if p.died else "—"),
               ("Nationality", "American"), ("Occupation", p.occupation), ("Known for", p.known_for)]
    if works:
        infobox.append(("Notable work", ", ".join(f"[[{w}]]" for w in p.notable_works)))
    if p.died is None:
        infobox = [r for r in infobox if r[0] != "Died"]
    sections = [Section("Early life", early), Section("Career", career)]
    if works:
        sections.append(Section("Works", [], works))
    sections.append(Section("Legacy", [" ".join(legacy)]))
    see_also = ["List of people from Port Alder", "History of Port Alder"]
    cats = ["People from Port Alder", f"{p.born} births"] + ([f"{p.died} deaths"] if p.died else ["Living people"])
    cats.append(f"American {plural(p.occupation.split(',')[0].lower())}")
    return Draft(p.name, "person", p.name, f"American {occ} ({life})", infobox, lead, sections, see_also, cats)


# --- projects --------------------------------------------------------------------------

PROJECT_NOTES: dict[str, str] = {
    "byteblaze/a11y-syntax-highlighting": "Its colour themes meet the contrast ratios of the Web Content Accessibility "
        "Guidelines; see [[Syntax highlighting]] and [[Web accessibility]].",
    "byteblaze/dotfiles": "The repository collects configuration for the [[Unix shell]], a text editor and a terminal.",
    "byteblaze/cloud-to-butt": "It is a humorous [[Browser extension]] that rewrites words on the pages a user visits.",
    "primer/design": "It documents the colours, typography and components of a [[Design system]].",
    "primer/octicons": "The icons are drawn on a 16- and 24-pixel grid and published as SVG files and packages; see "
        "[[Design system]].",
    "portalder/transit-feed": "It publishes the timetables of [[Port Alder Transit]] and the [[Alder Bay Ferry]] in "
        "the [[General Transit Feed Specification]].",
    "portalder/open-data-portal": "It powers the city's [[Open data]] catalogue of budgets, permits and sensor data.",
    "portalder/bike-lanes": "The survey maps every bike lane of the city, including the cycle path of "
        "[[Riverside Park]], and exports a routing graph derived from [[OpenStreetMap]].",
    "portalder/library-catalog": "It is the search front end of the [[Central Library]]'s catalogue.",
    "alder-labs/routekit": "It computes shortest paths for car, bike and foot with [[Dijkstra's algorithm]] and "
        "contraction hierarchies.",
    "alder-labs/tilecache": "It renders and caches the squares of a [[Tiled web map]].",
    "alder-labs/geocoder": "It turns addresses and place names into coordinates, a process called [[Geocoding]].",
    "jkowalski/queue-lite": "Jobs are stored in a single [[SQLite]] file, so the queue needs no separate server.",
    "jkowalski/pg-migrate": "It applies versioned [[Schema migration|schema migrations]] to [[PostgreSQL]] databases.",
    "liam_oconnor/sourdough-timer": "It schedules the feeding, proofing and baking steps of [[Sourdough]] bread.",
    "kai_tanaka/speedrun-splits": "It times the segments of a run, a tool used in [[Speedrunning]].",
    "ivy_patel/ctf-writeups": "It explains the solutions of [[Capture the flag (cybersecurity)|capture-the-flag]] "
        "challenges.",
    "yusuf_kaya/ci-templates": "It provides reusable pipeline definitions for [[Continuous integration]].",
    "adam_novak/docs-style": "The guide itself is written in [[Markdown]] and covers tone, structure and formatting.",
    "noor_a/air-quality": "It analyses the readings of the city's air quality sensors published as [[Open data]].",
    "ben_foster/osm-tools": "It validates and edits [[OpenStreetMap]] data.",
    "zoe_walsh/compilers-course": "It holds coursework of the compilers class at [[Port Alder University]].",
    "max_weber/star-charts": "The charts are printed for the public nights of the [[Hilltop Observatory]].",
    "grace_kim/plant-journal": "It reminds its users when to water and feed their houseplants.",
    "diego_m/board-game-night": "It schedules evenings of [[Board games]] and keeps the scores.",
    "lucy_nguyen/book-club": "It keeps the reading lists of the book club of the [[Central Library]].",
    "mia_chen/lighthouse-gallery": "Its photographs include many of the [[North Shore Lighthouse]].",
    "omar_haddad/recipe-scaler": "It was written by the head chef of the [[Riverside Row Bistro]].",
    "sam_rivera/commute-stats": "It records a year of cycling commutes across the [[Alder Bridge]].",
    "chloe_martin/florist-site": "It is the website of a florist in the [[Lantern Quarter]].",
    "rosa_garcia/shift-planner": "It plans the shifts of wards at [[Alder General Hospital]].",
    "ella_brooks/old-mill-association": "It records the meetings of the neighbourhood association of [[Old Mill]].",
}


def project_article(pr: world.Project) -> Draft:
    pf = F.PROJECT_FACTS[pr.path]
    rng = rng_for(pr.name)
    m_markup, _ = maintainer_of(pr.path)
    lang = lang_link(pr.language)
    lic = pf.license
    genre = pf.genre.lower()
    lead = [
        f"'''{pr.name}''' is {a_an('open-source ' + genre)} project hosted on [[GitLab]] as ''{pr.path}''. "
        + pick(rng, [f"Its repository describes it as: ''{pr.description}''",
                     f"The project describes itself as follows: ''{pr.description}''",
                     f"In the words of its README: ''{pr.description}''"]),
        pick(rng, [f"It is written mainly in {lang} and maintained by {m_markup}.",
                   f"The project is maintained by {m_markup} and written in {lang}.",
                   f"Maintained by {m_markup}, it is written primarily in {lang}."]),
    ]
    overview = [PROJECT_NOTES[pr.path] + " " + pick(rng, [
        f"Like most {plural(genre)}, it is meant to be small and easy to adopt.",
        "Its documentation includes a quick-start guide and examples.",
        "Contributions are made through merge requests and reviewed by the maintainer.",
    ])]
    ns = pr.path.split("/")[0]
    history = [pick(rng, [f"The first public release appeared in {pf.first_release}.",
                          f"It was first released in {pf.first_release}.",
                          f"Development began in {pf.first_release}, the year of its first release."])]
    if pf.version != "—":
        history.append(f"The latest stable release is version {pf.version}.")
    if ns == "alder-labs":
        history.append("It is developed by [[Alder Labs]] at the [[Alder Tech Hub]] in the [[Lantern Quarter]].")
    elif ns == "portalder":
        history.append("It is published by the digital services team of the City of [[Port Alder]].")
    licensing = [f"{pr.name} is distributed under the [[{lic}]]" + (
        "." if lic != "Creative Commons license" else ", the usual choice for documentation and media."
    ) + " " + pick(rng, ["Anyone may use, study, change and share it; see [[Open-source software]].",
                         "It is therefore [[Open-source software|open-source]]."])]
    infobox = [("Developer(s)", m_markup), ("Initial release", str(pf.first_release))]
    if pf.version != "—":
        infobox.append(("Stable release", pf.version))
    infobox += [("Repository", f"{pr.path} on [[GitLab]]"), ("Written in", lang), ("Type", pf.genre),
                ("License", f"[[{lic}]]")]
    same_lang = [p.name for p in world.PROJECTS if p.language == pr.language and p.path != pr.path]
    same_ns = [p.name for p in world.PROJECTS if p.path.split("/")[0] == ns and p.path != pr.path]
    see_also = list(dict.fromkeys(same_ns[:2] + same_lang[:2]))
    see_also += [F.LANGUAGES[pr.language].title, "List of software projects from Port Alder"]
    cats = [f"Software programmed in {pr.language}" if F.LANGUAGES[pr.language].kind == "programming language"
            else f"Projects written in {pr.language}", f"{pf.first_release} software",
            f"Works under the {lic}", "Software from Port Alder"]
    return Draft(pr.name, "project", pr.path, f"{pf.genre} written in {pr.language}", infobox, lead,
                 [Section("Overview", overview), Section("History", [" ".join(history)]),
                  Section("Licensing", licensing)], see_also, cats, redirects=[pr.path])


# --- languages -------------------------------------------------------------------------


def language_article(lf: F.LanguageFacts) -> Draft:
    rng = rng_for(lf.title)
    projects = [p for p in world.PROJECTS if p.language == lf.name]
    influenced = [o for o in F.LANGUAGES.values() if lf.name in o.influenced_by]
    lead = [pick(rng, [
        f"'''{lf.name}''' is {a_an(lf.kind)} that first appeared in {lf.first_appeared}. {lf.note}",
        f"'''{lf.name}''' is {a_an(lf.kind)} designed by {lf.designers}, first released in {lf.first_appeared}. "
        f"{lf.note}",
    ])]
    history = [pick(rng, [
        f"{lf.name} was designed by {lf.designers} and first appeared in {lf.first_appeared}.",
        f"{lf.designers} created {lf.name}, which first appeared in {lf.first_appeared}.",
    ]) + f" Its developer is {_org(lf.developer)}."]
    design = [f"In terms of paradigm, {lf.name} is classed as {lf.paradigm.lower()}."]
    if lf.typing != "—":
        design.append(f"Its typing discipline is {lf.typing.lower()}.")
    design.append(f"Source files use the extension{'s' if ',' in lf.extensions else ''} {lf.extensions}.")
    sections = [Section("History", history), Section("Design", [" ".join(design)])]
    if lf.influenced_by or influenced:
        parts = []
        if lf.influenced_by:
            parts.append(f"{lf.name} was influenced by {join_names([lang_link(n) for n in lf.influenced_by])}.")
        if influenced:
            parts.append(f"It in turn influenced {join_names([lang_link(o.name) for o in influenced])}.")
        sections.append(Section("Influences", [" ".join(parts)]))
    if projects:
        sections.append(Section("Use in Port Alder", [
            f"{len(projects)} of the open-source projects of Port Alder hosted on [[GitLab]] are written in "
            f"{lf.name}:"], [f"[[{p.name}]] – {lc_first(p.description)}" for p in projects]))
    infobox = [("Paradigm", lf.paradigm), ("Designed by", lf.designers), ("Developer", lf.developer),
               ("First appeared", str(lf.first_appeared))]
    if lf.typing != "—":
        infobox.append(("Typing discipline", lf.typing))
    infobox.append(("Filename extensions", lf.extensions))
    if lf.influenced_by:
        infobox.append(("Influenced by", ", ".join(lang_link(n) for n in lf.influenced_by)))
    see_also = [F.LANGUAGES[n].title for n in lf.influenced_by][:2] + ["List of programming languages"]
    cats = [f"{cap(plural(lf.kind))}", f"Programming languages created in {lf.first_appeared}"
            if lf.kind == "programming language" else f"{lf.first_appeared} introductions"]
    redirects = [] if lf.title == lf.name or lf.name in ("Go", "C", "R", "Shell") else [lf.name]
    if lf.name in ("Go", "C", "R"):
        redirects = [f"{lf.name} language"]
    if lf.name == "Shell":
        redirects = ["Shell script", "Shell (computing)"]
    return Draft(lf.title, "language", lf.name, cap(lf.kind), infobox, lead, sections, see_also, cats,
                 infobox_title=lf.name, redirects=redirects)


def _org(name: str) -> str:
    return ("the " + name) if name.endswith(("Foundation", "Consortium", "Committee", "Group", "Team", "community")) \
        else name


# --- brands ----------------------------------------------------------------------------


def The_company(b: Brand) -> str:
    return "The brand" if b.parent else "The company"


def _region(hq: str) -> str:
    parts = [x.strip() for x in hq.split(",")]
    if parts[-1] == "United States" and len(parts) >= 3:
        return parts[-2]
    if parts[-1] == "United States":
        return "New York" if "New York" in parts[0] else "the United States"
    return parts[-1]


def brand_article(b: Brand, cats_of: dict[str, list[str]]) -> Draft:
    rng = rng_for(b.title)
    short = b.title.lower().startswith(b.shop.lower())
    bold = f"'''{b.title}'''" + ("" if short else f" (brand '''{b.shop}''')")
    lead = [f"{bold} is {a_an(lc_first(b.description))}"
            + pick(rng, [f", headquartered in {b.hq}.", f" based in {b.hq}.", f" with headquarters in {b.hq}."])]
    if b.founders:
        variants = [f"It was founded in {b.founded} by {join_names(b.founders)}.",
                    f"{join_names(b.founders)} founded it in {b.founded}.",
                    f"The company traces its origins to {b.founded}, when {join_names(b.founders)} founded it."]
    else:
        variants = [f"It was established in {b.founded}.", f"The brand dates from {b.founded}.",
                    f"Its history goes back to {b.founded}."]
    rng.shuffle(variants)
    found, found2 = variants[:2]
    lead[0] += " " + found
    parent = b.parent
    parent_md = f"[[{parent}]]" if parent in BRAND_TITLES else parent
    history = [found2]
    corporate = [pick(rng, [f"{The_company(b)} is headquartered in {b.hq}.", f"Its headquarters are in {b.hq}.",
                            f"The head office is located in {b.hq}."])]
    if parent:
        corporate.append(pick(rng, [f"It is owned by {parent_md}.", f"Today it is part of {parent_md}.",
                                    f"Its parent company is {parent_md}."]))
    corporate.append(pick(rng, [f"It operates in the {b.industry.lower()} industry.",
                                f"Its business belongs to the {b.industry.lower()} sector."]))
    if b.founders:
        history.append(pick(rng, [
            f"In its early years the business was run by its founder{'s' if len(b.founders) > 1 else ''}.",
            f"{b.founders[0]} is remembered as the driving force of its first years.",
        ]))
    history.append(pick(rng, [
        f"Over the following decades the {'brand' if parent else 'company'} expanded well beyond its home market.",
        "It grew from a small business into an internationally known name.",
        "Its products are now sold in many countries, online and in stores.",
    ]))
    cats = cats_of.get(b.shop, [])
    peers: list[str] = []
    products = [f"Its main products are {b.products}."]
    if cats:
        products.append(pick(rng, [
            f"[[One Stop Market]] lists {b.shop} products under "
            f"{join_names([f'[[{c}]]' for c in cats])}.",
            f"At [[One Stop Market]], {b.shop} products are found in the {join_names([f'[[{c}]]' for c in cats])} "
            f"{'category' if len(cats) == 1 else 'categories'}.",
        ]))
        for _, leaf, brands in CATALOG_LEAVES:
            if category_title(leaf) in cats:
                peers += [x for x in brands if x != b.shop and x in BRANDS and x not in peers]
        if peers:
            chosen = peers[:3]
            products.append(f"Other brands sold there in the same "
                            f"{'category' if len(cats) == 1 else 'categories'} include "
                            f"{join_names([brand_ref(x) for x in chosen])}.")
    sections = [Section("History", [" ".join(history)]), Section("Corporate affairs", [" ".join(corporate)]),
                Section("Products", [" ".join(products)])]
    if "Oregon" in b.hq:
        others = [x.title for x in BRANDS.values() if "Oregon" in x.hq and x.shop != b.shop]
        sections.append(Section("Oregon", [
            f"{b.title} is one of several companies whose products are sold at [[One Stop Market]] that are based in "
            f"[[Oregon]], together with {join_names([f'[[{t}]]' for t in others])}."]))
    infobox = [("Type", "Subsidiary" if parent else "Company"), ("Industry", b.industry),
               ("Founded", str(b.founded))]
    if b.founders:
        infobox.append(("Founder" + ("s" if len(b.founders) > 1 else ""), ", ".join(b.founders)))
    infobox += [("Headquarters", b.hq), ("Products", cap(b.products))]
    if parent:
        infobox.append(("Parent", parent_md))
    infobox.append(("Sold at", "[[One Stop Market]]"))
    see_also = cats[:2] + [TITLE_OF_BRAND[x] for x in peers[:2]]
    see_also = list(dict.fromkeys(see_also))
    categories = [f"Companies established in {b.founded}", f"Companies based in {_region(b.hq)}",
                  f"{b.industry} companies", "Brands sold at One Stop Market"]
    return Draft(b.title, "brand", b.shop, b.description, infobox, lead, sections, see_also, categories,
                 redirects=[b.shop] if b.shop != b.title else [])


# --- product categories ----------------------------------------------------------------


def category_articles() -> list[Draft]:
    by_title: dict[str, dict] = {}
    for dept, leaf, brands in CATALOG_LEAVES:
        title, definition = F.CATEGORY_ARTICLES[leaf]
        e = by_title.setdefault(title, {"leaves": [], "depts": [], "brands": [], "definition": definition})
        e["leaves"].append(leaf)
        if dept not in e["depts"]:
            e["depts"].append(dept)
        e["brands"] += [b for b in brands if b not in e["brands"]]
    out = []
    for title, e in by_title.items():
        rng = rng_for(title)
        depts = e["depts"]
        brands = e["brands"]
        lead = [_bold_first(e["definition"], title)]
        lead.append(pick(rng, [
            f"The online shop [[One Stop Market]] sells {title.lower()} in its {join_names(depts)} department"
            f"{'s' if len(depts) > 1 else ''}.",
            f"At [[One Stop Market]], {title.lower()} are listed in the {join_names(depts)} department"
            f"{'s' if len(depts) > 1 else ''}.",
        ]))
        with_article = [b for b in brands if b in BRANDS]
        brands_p = [f"{len(brands)} brands of {title.lower()} are sold at [[One Stop Market]]"
                    + (f", {len(with_article)} of them with an article in this encyclopedia:" if with_article else ".")]
        items = [brand_ref(b) + (f" – {lc_first(BRANDS[b].description)}"
                                 if b in BRANDS else "") for b in brands]
        siblings = []
        for dept, leaf, _ in CATALOG_LEAVES:
            t = category_title(leaf)
            if dept in depts and t != title and t not in siblings:
                siblings.append(t)
        shop_sections = [f"In the shop's catalogue the category appears as "
                         f"{join_names([f'{d} > {lf}' for d, lf in _paths_of(title)])}."]
        infobox = [("Department", ", ".join(depts)), ("Sold at", "[[One Stop Market]]"),
                   ("Shop category", "; ".join(f"{d} > {lf}" for d, lf in _paths_of(title))),
                   ("Brands", str(len(brands)))]
        if with_article:
            infobox.append(("Notable brands", ", ".join(brand_ref(b) for b in with_article[:3])))
        sections = [Section("Brands", brands_p, items), Section("At One Stop Market", shop_sections)]
        redirects = [lf for lf in e["leaves"] if lf != title and lf not in ("Accessories", "Games", "Shoes",
                                                                             "Clothing")]
        out.append(Draft(title, "product_category", "; ".join(e["leaves"]), "Category of consumer products",
                         infobox, lead, sections, siblings[:4], ["Consumer goods", f"{depts[0]} products"],
                         redirects=redirects))
    return out


def _bold_first(definition: str, title: str) -> str:
    first = title.split()[0]
    low = first.lower()
    for cand in (title, title.lower(), first, low):
        i = definition.find(cand)
        if i >= 0:
            return definition[:i] + "'''" + cand + "'''" + definition[i + len(cand):]
    return f"'''{title}''': " + definition


def _paths_of(title: str) -> list[tuple[str, str]]:
    out = []
    for dept, leaf, _ in CATALOG_LEAVES:
        if category_title(leaf) == title:
            out.append((dept, leaf))
    # the shop's own paths for the nested departments (Clothing > Women > Shoes...)
    return out


# --- everything ------------------------------------------------------------------------


def all_drafts() -> list[Draft]:
    from .topics import topic_articles

    cats_of = brand_categories()
    drafts: list[Draft] = [city_article()]
    drafts += [district_article(d) for d in world.DISTRICTS]
    drafts += [landmark_article(lm) for lm in world.LANDMARKS]
    drafts += [person_article(p) for p in F.PEOPLE_FACTS.values()]
    drafts += [project_article(p) for p in world.PROJECTS]
    drafts += [language_article(lf) for lf in F.LANGUAGES.values()]
    drafts += [brand_article(b, cats_of) for b in BRANDS.values()]
    drafts += category_articles()
    drafts += topic_articles()
    return drafts
