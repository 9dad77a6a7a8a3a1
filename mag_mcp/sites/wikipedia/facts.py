"""Hand-written facts of the wiki's world (Port Alder, its people, brands, languages).

`world.py` names the shared entities; this module adds the facts the wiki states
about them (years, architects, founders, populations...). Every article that
mentions a fact takes it from here, so a fact reads the same everywhere (the
North Shore Lighthouse is built in 1872 in its own article, in the district's,
the city's, the architect's and the history article).

Brand facts are real-world facts about the shop's brands (kept to what is well
known); Port Alder, its landmarks, people and projects are invented.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- the city -------------------------------------------------------------------------

CITY_FACTS = {
    "founded": 1847,
    "founders": ("Elias Marsh", "Abigail Penrose"),
    "incorporated": 1853,
    "mayor": "Diane Castellanos",
    "mayor_since": 2019,
    "population": 412_380,  # 2020 census; the sum of the districts' populations
    "area_km2": 148.6,  # the sum of the districts' areas
    "elevation_m": 15,
    "nickname": "The Lantern City",
    "motto": "Light on the water",
    "named_for": "Alder River",
    "area_code": "503",
    "zip_codes": "97380–97399",
}


@dataclass(frozen=True)
class DistrictFacts:
    name: str
    population: int
    area_km2: float
    established: int
    ward: int
    center: tuple[float, float]
    neighbours: tuple[str, ...]
    character: tuple[str, ...]  # hand-written sentences


DISTRICT_FACTS: dict[str, DistrictFacts] = {d.name: d for d in (
    DistrictFacts("Old Mill", 38_240, 14.2, 1851, 1, (45.498, -122.628), ("Riverside Row", "Eastgate", "Hilltop"), (
        "The district grew around the sawmill that Elias Marsh built on the Alder River in 1851, and many of its "
        "brick warehouses date from the timber boom of the late nineteenth century.",
        "Today the old mill buildings hold a museum, a brewery, artists' studios and small workshops.",
    )),
    DistrictFacts("Alder Wharf", 29_615, 9.8, 1847, 2, (45.508, -122.680), ("Lantern Quarter", "North Shore", "Riverside Row"), (
        "Alder Wharf is the city's harbour district, where the first settlers landed in 1847.",
        "Its piers are home to the ferry terminal, the Saturday market and a fishing fleet that still lands crab "
        "and salmon.",
    )),
    DistrictFacts("Lantern Quarter", 46_870, 7.5, 1847, 3, (45.512, -122.658), ("Alder Wharf", "University Park", "Riverside Row", "Eastgate"), (
        "The Lantern Quarter is the historic centre of Port Alder and the seat of the city government.",
        "It takes its name from the oil lanterns that lit its streets in the 1850s; most of the quarter was rebuilt "
        "in brick and stone after the Great Fire of 1888.",
    )),
    DistrictFacts("Riverside Row", 52_305, 16.4, 1868, 4, (45.502, -122.650), ("Lantern Quarter", "Old Mill", "Hilltop", "Alder Wharf"), (
        "Riverside Row stretches along the south bank of the Alder River, linked to the centre by the Alder Bridge.",
        "Its long riverside park, restaurants and rowing clubs make it one of the city's most popular places to "
        "live.",
    )),
    DistrictFacts("Hilltop", 61_480, 27.9, 1894, 5, (45.488, -122.668), ("Riverside Row", "Old Mill"), (
        "Hilltop occupies the wooded hills south of the river, the highest ground in the city.",
        "Building the reservoir in 1894 brought piped water to the hills and the district grew quickly afterwards.",
    )),
    DistrictFacts("Eastgate", 88_910, 31.6, 1883, 6, (45.514, -122.622), ("Lantern Quarter", "Old Mill", "University Park"), (
        "Eastgate is the most populous district of Port Alder and grew up around the railway station that opened "
        "in 1883.",
        "It combines housing estates with the city's hospital, stadium, largest shopping mall and its logistics "
        "centres.",
    )),
    DistrictFacts("North Shore", 41_725, 22.1, 1872, 7, (45.532, -122.684), ("Alder Wharf", "University Park"), (
        "North Shore lies on the northern side of Alder Bay, facing the harbour mouth.",
        "Once a scattering of fishing cottages around the lighthouse, it is now a quiet residential district with "
        "sandy beaches and tide pools.",
    )),
    DistrictFacts("University Park", 53_235, 19.1, 1891, 8, (45.528, -122.645), ("Lantern Quarter", "Eastgate", "North Shore"), (
        "University Park developed around the campus of Port Alder University after its foundation in 1891.",
        "Student housing, laboratories, the botanical garden and the science center give the district a young "
        "population.",
    )),
)}


@dataclass(frozen=True)
class LandmarkFacts:
    name: str
    year: int
    year_label: str  # infobox label of `year`: Built, Opened, Founded, Established
    maker_label: str  # Architect, Engineer, Landscape architect, Founder(s)
    maker: str  # a person (with an article when listed in PEOPLE_FACTS) or a plain name
    operator: str
    extras: tuple[tuple[str, str], ...] = ()  # extra infobox rows
    history: tuple[str, ...] = ()  # hand-written sentences (wiki markup)


LANDMARK_FACTS: dict[str, LandmarkFacts] = {f.name: f for f in (
    LandmarkFacts("Port Alder City Hall", 1912, "Built", "Architect", "Ada Lindqvist", "City of Port Alder",
                  (("Style", "Beaux-Arts"), ("Floors", "4")),
                  ("The first city hall, a timber building on the same site, burned down in the [[Great Fire of 1888]].",
                   "The council chamber on the second floor holds the meetings of the [[Port Alder City Council]].")),
    LandmarkFacts("Central Library", 1904, "Opened", "Architect", "Thaddeus Crane", "Port Alder Public Library",
                  (("Collection", "about 1.2 million items"), ("Style", "Neoclassical")),
                  ("The library was funded by a gift of the Penrose family, heirs of co-founder [[Abigail Penrose]].",
                   "A reading garden was laid out behind the building in 1931.")),
    LandmarkFacts("Alder General Hospital", 1887, "Opened", "Architect", "Thaddeus Crane", "Alder Health",
                  (("Beds", "640"), ("Emergency department", "Level I trauma center")),
                  ("The hospital began as a thirty-bed infirmary for injured mill and dock workers.",
                   "A new east wing with the trauma centre opened in 1998.")),
    LandmarkFacts("Port Alder University", 1891, "Founded", "Founder", "Samuel Whitlock", "State of Oregon",
                  (("Students", "24,300"), ("Campus", "Urban, 74 hectares"), ("Colors", "Green and silver"),
                   ("Nickname", "Herons")),
                  ("The university opened with 112 students in a single hall designed by [[Thaddeus Crane]].",
                   "It runs the [[Botanical Garden]] and, since 1921, the [[Hilltop Observatory]].")),
    LandmarkFacts("Hilltop Observatory", 1896, "Opened", "Founder", "Henrietta Vale", "Port Alder University",
                  (("Telescope", "16-inch refractor"), ("Altitude", "231 m")),
                  ("Astronomer [[Henrietta Vale]] led the observatory from its opening until 1925.",
                   "The observatory was given to [[Port Alder University]] in 1921 and opens to the public on "
                   "Friday evenings.")),
    LandmarkFacts("Alder Wharf Market", 1978, "Established", "Founder", "Alder Wharf Traders' Association",
                  "Alder Wharf Traders' Association", (("Open", "Saturdays, 8 am – 3 pm"), ("Stalls", "about 140")),
                  ("The market started with eleven farmers selling from the backs of their trucks on an empty pier.",
                   "Since 1992 it has been held under the restored cargo shed of Pier 3.")),
    LandmarkFacts("North Shore Lighthouse", 1872, "Built", "Engineer", "Cornelius Bright", "United States Coast Guard",
                  (("Height", "31 m"), ("Focal height", "38 m"), ("Range", "19 nautical miles"), ("Automated", "1967")),
                  ("The light was first lit on 1 November 1872 to guide ships through the narrow harbour mouth of "
                   "[[Alder Bay]].",
                   "The last keeper left when the light was automated in 1967; the keeper's cottage is now a small "
                   "museum.")),
    LandmarkFacts("Old Mill Museum", 1969, "Opened", "Architect", "Louis Tamura", "Old Mill Heritage Trust",
                  (("Building", "Marsh Sawmill (1851)"), ("Collection", "timber and milling history")),
                  ("The museum occupies the sawmill that [[Elias Marsh]] built in 1851, which closed in 1958.",
                   "Its steam engine of 1879 is run on the first Sunday of each month.")),
    LandmarkFacts("Riverside Park", 1909, "Opened", "Landscape architect", "Oliver Pennington", "Port Alder Parks",
                  (("Area", "48 hectares"), ("Length", "4.2 km of riverbank")),
                  ("The park replaced the log ponds and rafting yards that lined the river in the nineteenth century.",
                   "Its cycle path, opened in 1978, runs along the whole south bank of the [[Alder River]].")),
    LandmarkFacts("Eastgate Station", 1883, "Opened", "Architect", "Edwin Harrow", "Alder Valley Railway",
                  (("Platforms", "6"), ("Lines", "Alder Valley Railway"), ("Passengers", "about 3.1 million a year")),
                  ("The station opened with the arrival of the [[Alder Valley Railway]] in 1883.",
                   "Its red-brick hall, designed by Edwin Harrow, was restored in 2003.")),
    LandmarkFacts("Ferry Terminal", 1926, "Opened", "Architect", "Ada Lindqvist", "Alder Bay Ferry",
                  (("Routes", "Gull Island, Cedar Island, Heron Island"), ("Renovated", "1998, by Beatrix Holloway")),
                  ("The terminal replaced the wooden landing stages used by the [[Alder Bay Ferry]] since 1868.",
                   "[[Beatrix Holloway]] renovated and extended the terminal in 1998.")),
    LandmarkFacts("Founders Square", 1853, "Established", "Designer", "Elias Marsh", "Port Alder Parks",
                  (("Fountain", "Founders' Fountain (1897)"), ("Area", "1.1 hectares")),
                  ("The square was laid out in 1853, the year the city was incorporated, in front of the first city hall.",
                   "The [[Founders' Fountain]], by sculptor [[Clara Bellamy]], was unveiled in 1897.")),
    LandmarkFacts("Alder Bridge", 1931, "Opened", "Engineer", "Ruth Halvorsen", "City of Port Alder",
                  (("Carries", "four traffic lanes, cycle path, footways"), ("Crosses", "Alder River"),
                   ("Total length", "412 m"), ("Main span", "186 m")),
                  ("The steel arch replaced a wooden toll bridge that had stood since 1869.",
                   "When it opened in 1931 its 186-metre main span was the longest in the state.")),
    LandmarkFacts("Maritime Museum", 1951, "Opened", "Architect", "Louis Tamura", "Port Alder Maritime Society",
                  (("Collection", "ship models, charts, the tugboat Marsh"), ("Visitors", "about 160,000 a year")),
                  ("The museum was founded by retired sailors and ferry crews of the harbour.",
                   "Its outdoor pier displays the steam tug ''Marsh'', launched in 1908.")),
    LandmarkFacts("Botanical Garden", 1902, "Opened", "Landscape architect", "Oliver Pennington", "Port Alder University",
                  (("Area", "18 hectares"), ("Glasshouses", "3"), ("Species", "about 9,000")),
                  ("[[Oliver Pennington]] designed the garden for [[Port Alder University]] in 1902.",
                   "The Palm House, the largest of its three glasshouses, dates from 1911.")),
    LandmarkFacts("Lantern Theatre", 1924, "Opened", "Architect", "Ada Lindqvist", "Lantern Theatre Trust",
                  (("Capacity", "1,150"), ("Restored", "2009")),
                  ("The theatre opened in 1924 as a music hall and cinema.",
                   "After years as a cinema it was restored in 2009 and now stages plays and concerts.")),
    LandmarkFacts("Eastgate Stadium", 1967, "Opened", "Architect", "Louis Tamura", "City of Port Alder",
                  (("Capacity", "22,400"), ("Tenants", "Port Alder Herons"), ("Surface", "Grass")),
                  ("The stadium has been the home ground of the [[Port Alder Herons]] since it opened in 1967.",
                   "A roof over the east stand was added in 2012.")),
    LandmarkFacts("Hilltop Reservoir", 1894, "Built", "Engineer", "Isaac Morrow", "Port Alder Water Bureau",
                  (("Capacity", "190 million litres"), ("Walking loop", "2.6 km")),
                  ("City engineer [[Isaac Morrow]] built the reservoir to bring piped water to the new hillside "
                   "neighbourhoods.",
                   "The walking loop around it was opened to the public in 1952.")),
    LandmarkFacts("Old Mill Brewery", 1996, "Founded", "Founders", "Nate and Ellen Corbin", "Old Mill Brewing Company",
                  (("Building", "grain mill (1879)"), ("Beers", "pale ale, porter, seasonal lagers")),
                  ("The brewery occupies the grain mill of 1879, which stood empty from 1961 until 1995.",)),
    LandmarkFacts("One Stop Market Warehouse", 2015, "Opened", "Architect", "Beatrix Holloway", "One Stop Market",
                  (("Floor area", "38,000 m²"), ("Employees", "about 450")),
                  ("The warehouse is the distribution centre of the online shop [[One Stop Market]].",
                   "Orders placed before noon are dispatched the same day from its loading docks.")),
    LandmarkFacts("Riverside Row Bistro", 2004, "Opened", "Founder", "Lena Marchetti", "Lena Marchetti",
                  (("Cuisine", "Seafood, Pacific Northwest"), ("Head chef", "Omar Haddad")),
                  ("Lena Marchetti opened the bistro in a former boathouse in 2004.",
                   "Its head chef is Omar Haddad, known for dishes of local crab and salmon.")),
    LandmarkFacts("Harbor Coffee Roasters", 2011, "Founded", "Founders", "Jonas Feld and Marisol Ortega",
                  "Harbor Coffee Roasters", (("Products", "coffee, roasting classes"),),
                  ("The roastery opened in a former net loft next to the [[Ferry Terminal]].",)),
    LandmarkFacts("North Shore Beach", 1935, "Protected", "Managed by", "Port Alder Parks", "Port Alder Parks",
                  (("Length", "2.3 km"), ("Features", "tide pools, dunes")),
                  ("The beach was protected as a public park in 1935.",
                   "Its tide pools below the [[North Shore Lighthouse]] are a favourite of school classes.")),
    LandmarkFacts("Port Alder Zoo", 1921, "Opened", "Founder", "Port Alder Zoological Society", "Port Alder Zoological Society",
                  (("Animals", "about 600"), ("Species", "120"), ("Area", "12 hectares")),
                  ("The zoo opened in 1921 with a bear pit and a small aviary.",
                   "Its sea lion pool, built in 1988, is the best-known attraction.")),
    LandmarkFacts("Science Center", 1987, "Opened", "Architect", "Louis Tamura", "Port Alder University",
                  (("Planetarium", "Vale Planetarium, 120 seats"), ("Visitors", "about 250,000 a year")),
                  ("The Science Center was the last building designed by [[Louis Tamura]].",
                   "Its planetarium is named after astronomer [[Henrietta Vale]].")),
    LandmarkFacts("Alder Tech Hub", 2016, "Opened", "Architect", "Beatrix Holloway", "Alder Tech Hub Cooperative",
                  (("Tenants", "about 60 companies"), ("Floors", "5")),
                  ("The building is the headquarters of [[Alder Labs]], a maker of open-source mapping software.",)),
    LandmarkFacts("Eastgate Mall", 1974, "Opened", "Architect", "Harold Quincey", "Eastgate Retail Partners",
                  (("Stores", "about 180"), ("Floor area", "96,000 m²"), ("Parking", "4,200 spaces")),
                  ("When it opened in 1974 the mall was the first enclosed shopping centre in the region.",)),
    LandmarkFacts("St. Mary's Church", 1858, "Built", "Architect", "Thaddeus Crane", "Parish of St. Mary",
                  (("Style", "Gothic Revival"), ("Material", "basalt stone")),
                  ("The church is the oldest stone building in Port Alder and survived the [[Great Fire of 1888]].",)),
    LandmarkFacts("Fire Station No. 1", 1889, "Built", "Architect", "Thaddeus Crane", "Port Alder Fire & Rescue",
                  (("Engines", "2 engines, 1 ladder truck"),),
                  ("The station was built a year after the [[Great Fire of 1888]], when the city formed its first "
                   "paid fire brigade.",)),
    LandmarkFacts("Central Police Station", 1929, "Built", "Architect", "Ada Lindqvist", "Port Alder Police Bureau",
                  (("Style", "Art Deco"),),
                  ("The Art Deco building replaced a police office in the old city hall.",)),
)}


@dataclass(frozen=True)
class PersonFacts:
    name: str
    born: int
    died: int | None
    birthplace: str
    occupation: str
    known_for: str  # wiki markup
    notable_works: tuple[str, ...]  # titles of articles (wiki links) or plain names
    bio: tuple[str, ...]  # hand-written sentences (wiki markup)


PEOPLE_FACTS: dict[str, PersonFacts] = {p.name: p for p in (
    PersonFacts("Elias Marsh", 1809, 1881, "Salem, Massachusetts", "Sea captain, mill owner, politician",
                "Co-founding [[Port Alder]]", ("Founders Square",), (
                    "Marsh sailed the brig ''Heron'' into [[Alder Bay]] in the spring of 1847 and chose the site of "
                    "the town with [[Abigail Penrose]].",
                    "In 1851 he built a sawmill on the [[Alder River]], the start of the [[Old Mill]] district.",
                    "He served as the first mayor of Port Alder from 1853 to 1857.")),
    PersonFacts("Abigail Penrose", 1815, 1897, "Portland, Maine", "Merchant, postmaster",
                "Co-founding [[Port Alder]]", (), (
                    "Penrose financed the 1847 expedition that founded the town and opened its first general store "
                    "at [[Alder Wharf]].",
                    "She was the town's first postmaster and led the campaign for its incorporation in 1853.",
                    "Her heirs funded the [[Central Library]], opened in 1904.")),
    PersonFacts("Thaddeus Crane", 1831, 1909, "Hartford, Connecticut", "Architect",
                "Public buildings of nineteenth-century Port Alder",
                ("St. Mary's Church", "Alder General Hospital", "Fire Station No. 1", "Central Library"), (
                    "Crane arrived in Port Alder in 1856 and designed most of its early public buildings.",
                    "His rebuilding plans for the [[Lantern Quarter]] after the [[Great Fire of 1888]] required "
                    "brick or stone for every new building.")),
    PersonFacts("Cornelius Bright", 1834, 1902, "New Bedford, Massachusetts", "Civil engineer",
                "Designing the [[North Shore Lighthouse]]", ("North Shore Lighthouse",), (
                    "Bright worked for the United States Lighthouse Board on the Pacific coast.",
                    "His tower at the mouth of [[Alder Bay]] was built in 1872 on a basalt ledge.")),
    PersonFacts("Jonah Pike", 1829, 1896, "Bangor, Maine", "Shipowner",
                "Founding the [[Alder Bay Ferry]]", (), (
                    "Pike founded the Alder Bay Ferry Company in 1868 with a single side-wheel steamer.",
                    "By his death the company ran daily boats to all three islands of the bay.")),
    PersonFacts("Walter Greaves", 1841, 1918, "Chicago, Illinois", "Railway promoter",
                "Building the [[Alder Valley Railway]]", ("Eastgate Station",), (
                    "Greaves raised the capital for the [[Alder Valley Railway]], which reached the city in 1883.",
                    "The railway's terminus, [[Eastgate Station]], opened the same year.")),
    PersonFacts("Samuel Whitlock", 1838, 1911, "Albany, New York", "Educator",
                "Founding [[Port Alder University]]", ("Port Alder University",), (
                    "Whitlock founded [[Port Alder University]] in 1891 and was its first president until 1908.",)),
    PersonFacts("Henrietta Vale", 1855, 1932, "Boston, Massachusetts", "Astronomer",
                "First director of the [[Hilltop Observatory]]", ("Hilltop Observatory",), (
                    "Vale founded the [[Hilltop Observatory]] in 1896 and directed it until 1925.",
                    "She catalogued more than four thousand variable stars; the planetarium of the "
                    "[[Science Center]] bears her name.")),
    PersonFacts("Isaac Morrow", 1850, 1920, "Pittsburgh, Pennsylvania", "Civil engineer",
                "Building the [[Hilltop Reservoir]]", ("Hilltop Reservoir",), (
                    "As city engineer from 1886 to 1910 Morrow built the water system of Port Alder.",)),
    PersonFacts("Clara Bellamy", 1862, 1940, "Port Alder, Oregon", "Sculptor",
                "The [[Founders' Fountain]]", ("Founders' Fountain",), (
                    "Bellamy was born in Port Alder and trained in Paris.",
                    "Her bronze [[Founders' Fountain]] of 1897 shows [[Elias Marsh]] and [[Abigail Penrose]].")),
    PersonFacts("Oliver Pennington", 1860, 1935, "Baltimore, Maryland", "Landscape architect",
                "Parks and gardens of Port Alder", ("Botanical Garden", "Riverside Park"), (
                    "Pennington laid out the [[Botanical Garden]] in 1902 and [[Riverside Park]] in 1909.",)),
    PersonFacts("Ada Lindqvist", 1874, 1951, "Minneapolis, Minnesota", "Architect",
                "Civic buildings of the 1910s and 1920s",
                ("Port Alder City Hall", "Lantern Theatre", "Ferry Terminal", "Central Police Station"), (
                    "Lindqvist was the first woman licensed as an architect in Oregon.",
                    "She designed [[Port Alder City Hall]] (1912), the [[Lantern Theatre]] (1924), the "
                    "[[Ferry Terminal]] (1926) and the [[Central Police Station]] (1929).")),
    PersonFacts("Ruth Halvorsen", 1889, 1972, "Tacoma, Washington", "Civil engineer",
                "Designing the [[Alder Bridge]]", ("Alder Bridge",), (
                    "Halvorsen designed the steel arch of the [[Alder Bridge]], opened in 1931.",)),
    PersonFacts("Louis Tamura", 1921, 2008, "Port Alder, Oregon", "Architect",
                "Modernist buildings in Port Alder",
                ("Maritime Museum", "Eastgate Stadium", "Old Mill Museum", "Science Center"), (
                    "Tamura designed the [[Maritime Museum]] (1951), [[Eastgate Stadium]] (1967), the conversion "
                    "of the old sawmill into the [[Old Mill Museum]] (1969) and the [[Science Center]] (1987).",)),
    PersonFacts("Beatrix Holloway", 1948, None, "Seattle, Washington", "Architect",
                "Waterfront and workplace architecture",
                ("Ferry Terminal", "Alder Tech Hub", "One Stop Market Warehouse"), (
                    "Holloway renovated the [[Ferry Terminal]] in 1998 and designed the [[Alder Tech Hub]] (2016).",)),
    PersonFacts("Diane Castellanos", 1971, None, "Port Alder, Oregon", "Politician",
                "Mayor of [[Port Alder]] since 2019", (), (
                    "Castellanos was a member of the [[Port Alder City Council]] from 2011 before she was elected "
                    "mayor in 2019.",)),
)}

# Mayors of Port Alder (a selection; the list article shows them in order).
MAYORS: tuple[tuple[str, str], ...] = (
    ("Elias Marsh", "1853–1857"), ("Josiah Webb", "1857–1863"), ("Abner Collins", "1863–1871"),
    ("Henry Ashford", "1887–1893"), ("Margaret Doyle", "1931–1939"), ("Frank Ito", "1963–1975"),
    ("Carol Mendes", "1999–2011"), ("Robert Haines", "2011–2019"), ("Diane Castellanos", "2019–present"),
)

# --- software projects (world.PROJECTS) ------------------------------------------------


@dataclass(frozen=True)
class ProjectFacts:
    genre: str  # what kind of software
    first_release: int
    license: str  # title of a license article
    version: str


PROJECT_FACTS: dict[str, ProjectFacts] = {
    "byteblaze/a11y-syntax-highlighting": ProjectFacts("Syntax highlighting theme", 2019, "MIT License", "2.3.0"),
    "byteblaze/dotfiles": ProjectFacts("Configuration files", 2014, "MIT License", "—"),
    "byteblaze/cloud-to-butt": ProjectFacts("Browser extension", 2015, "MIT License", "1.4.1"),
    "primer/design": ProjectFacts("Design system", 2018, "MIT License", "4.0.2"),
    "primer/octicons": ProjectFacts("Icon set", 2016, "MIT License", "19.1.0"),
    "portalder/transit-feed": ProjectFacts("Transit data feed", 2017, "Apache License", "2022.05"),
    "portalder/open-data-portal": ProjectFacts("Open data catalogue", 2016, "GNU General Public License", "3.2.0"),
    "portalder/bike-lanes": ProjectFacts("Geographic data set and routing graph", 2020, "Apache License", "1.1.0"),
    "portalder/library-catalog": ProjectFacts("Library catalogue search", 2015, "GNU General Public License", "5.0.1"),
    "alder-labs/routekit": ProjectFacts("Routing library", 2017, "Apache License", "0.9.4"),
    "alder-labs/tilecache": ProjectFacts("Map tile server", 2018, "BSD licenses", "1.6.0"),
    "alder-labs/geocoder": ProjectFacts("Geocoding library", 2019, "Apache License", "2.1.3"),
    "jkowalski/queue-lite": ProjectFacts("Job queue library", 2020, "MIT License", "0.7.2"),
    "jkowalski/pg-migrate": ProjectFacts("Database migration tool", 2018, "MIT License", "3.4.0"),
    "liam_oconnor/sourdough-timer": ProjectFacts("Command-line utility", 2021, "MIT License", "1.0.3"),
    "kai_tanaka/speedrun-splits": ProjectFacts("Split timer", 2019, "GNU General Public License", "2.8.1"),
    "ivy_patel/ctf-writeups": ProjectFacts("Write-up collection", 2018, "Creative Commons license", "—"),
    "yusuf_kaya/ci-templates": ProjectFacts("Continuous integration templates", 2020, "MIT License", "1.12.0"),
    "adam_novak/docs-style": ProjectFacts("Style guide", 2017, "Creative Commons license", "2.0"),
    "noor_a/air-quality": ProjectFacts("Data analysis", 2021, "MIT License", "0.4.0"),
    "ben_foster/osm-tools": ProjectFacts("Map data utilities", 2016, "GNU General Public License", "3.1.2"),
    "zoe_walsh/compilers-course": ProjectFacts("Coursework", 2022, "MIT License", "—"),
    "max_weber/star-charts": ProjectFacts("Astronomy charts", 2019, "Creative Commons license", "1.3.0"),
    "grace_kim/plant-journal": ProjectFacts("Journal application", 2021, "MIT License", "0.8.5"),
    "diego_m/board-game-night": ProjectFacts("Scheduling application", 2020, "Mozilla Public License", "1.2.0"),
    "lucy_nguyen/book-club": ProjectFacts("Reading lists", 2018, "Creative Commons license", "—"),
    "mia_chen/lighthouse-gallery": ProjectFacts("Static website", 2017, "Creative Commons license", "—"),
    "omar_haddad/recipe-scaler": ProjectFacts("Cooking utility", 2020, "MIT License", "1.5.0"),
    "sam_rivera/commute-stats": ProjectFacts("Data analysis", 2021, "MIT License", "—"),
    "chloe_martin/florist-site": ProjectFacts("Static website", 2019, "MIT License", "—"),
    "rosa_garcia/shift-planner": ProjectFacts("Scheduling application", 2018, "GNU General Public License", "2.2.0"),
    "ella_brooks/old-mill-association": ProjectFacts("Meeting records", 2016, "Creative Commons license", "—"),
}

# Who maintains a project whose namespace is an organisation, not a person.
NAMESPACE_OWNERS = {"portalder": "City of Port Alder", "alder-labs": "Alder Labs", "primer": "Priya Mehta"}

# --- programming languages -------------------------------------------------------------


@dataclass(frozen=True)
class LanguageFacts:
    name: str  # as GitLab shows it (world.Project.language)
    title: str  # article title
    first_appeared: int
    designers: str
    developer: str
    paradigm: str
    typing: str
    extensions: str
    kind: str  # "programming language", "markup language"...
    influenced_by: tuple[str, ...]  # language names (keys of LANGUAGES)
    note: str  # one hand-written sentence


LANGUAGES: dict[str, LanguageFacts] = {f.name: f for f in (
    LanguageFacts("Python", "Python (programming language)", 1991, "Guido van Rossum", "Python Software Foundation",
                  "Multi-paradigm: object-oriented, procedural, functional", "Dynamic, strong", ".py", "programming language",
                  ("C", "Haskell", "Perl"), "Its design emphasises code readability with significant indentation."),
    LanguageFacts("JavaScript", "JavaScript", 1995, "Brendan Eich", "Netscape; Ecma International", "Event-driven, functional, imperative",
                  "Dynamic, weak", ".js, .mjs", "programming language", ("Java", "Scheme"),
                  "It is one of the core technologies of the World Wide Web, alongside HTML and CSS."),
    LanguageFacts("TypeScript", "TypeScript", 2012, "Anders Hejlsberg", "Microsoft", "Multi-paradigm",
                  "Static, gradual", ".ts, .tsx", "programming language", ("JavaScript", "Java"),
                  "It adds optional static types to JavaScript and compiles to plain JavaScript."),
    LanguageFacts("Rust", "Rust (programming language)", 2015, "Graydon Hoare", "Rust Foundation",
                  "Multi-paradigm: concurrent, functional, imperative", "Static, strong, inferred", ".rs", "programming language",
                  ("C++", "OCaml", "Haskell"), "It guarantees memory safety without a garbage collector through its ownership system."),
    LanguageFacts("Go", "Go (programming language)", 2009, "Robert Griesemer, Rob Pike and Ken Thompson", "Google",
                  "Concurrent, imperative", "Static, strong, inferred", ".go", "programming language", ("C",),
                  "It is known for its fast compilation and its goroutines for concurrency."),
    LanguageFacts("Ruby", "Ruby (programming language)", 1995, "Yukihiro Matsumoto", "Yukihiro Matsumoto and others",
                  "Object-oriented", "Dynamic, strong", ".rb", "programming language", ("Perl", "Lisp"),
                  "In Ruby everything, including a number, is an object."),
    LanguageFacts("C++", "C++", 1985, "Bjarne Stroustrup", "ISO/IEC JTC 1/SC 22", "Multi-paradigm: procedural, object-oriented, generic",
                  "Static, nominative", ".cpp, .hpp, .cc", "programming language", ("C",),
                  "It began as an extension of C with classes."),
    LanguageFacts("C", "C (programming language)", 1972, "Dennis Ritchie", "Bell Labs", "Imperative, procedural",
                  "Static, weak", ".c, .h", "programming language", (),
                  "It was created to write the Unix operating system."),
    LanguageFacts("Java", "Java (programming language)", 1995, "James Gosling", "Sun Microsystems; Oracle", "Object-oriented",
                  "Static, strong", ".java", "programming language", ("C++",),
                  "Its programs run on the Java virtual machine: write once, run anywhere."),
    LanguageFacts("OCaml", "OCaml", 1996, "Xavier Leroy, Jérôme Vouillon, Damien Doligez and Didier Rémy", "Inria",
                  "Functional, imperative, object-oriented", "Static, inferred", ".ml, .mli", "programming language",
                  ("Lisp",), "It is widely used to teach compilers and in theorem provers."),
    LanguageFacts("R", "R (programming language)", 1993, "Ross Ihaka and Robert Gentleman", "R Core Team",
                  "Functional, procedural", "Dynamic", ".r, .R", "programming language", ("Lisp",),
                  "It is a language and environment for statistical computing and graphics."),
    LanguageFacts("HTML", "HTML", 1993, "Tim Berners-Lee", "WHATWG", "Markup", "—", ".html, .htm", "markup language", (),
                  "It describes the structure of web pages."),
    LanguageFacts("CSS", "CSS", 1996, "Håkon Wium Lie", "World Wide Web Consortium", "Declarative", "—", ".css",
                  "style sheet language", ("HTML",), "It describes how HTML documents are presented."),
    LanguageFacts("Markdown", "Markdown", 2004, "John Gruber", "John Gruber", "Markup", "—", ".md", "markup language",
                  ("HTML",), "It was designed to be easy to read and write as plain text."),
    LanguageFacts("YAML", "YAML", 2001, "Clark Evans, Oren Ben-Kiki and Ingy döt Net", "YAML community", "Data serialization",
                  "—", ".yaml, .yml", "data serialization language", ("Python", "Perl"),
                  "It is widely used for configuration files, such as those of continuous integration pipelines."),
    LanguageFacts("Shell", "Unix shell", 1979, "Stephen Bourne", "Bell Labs", "Imperative, scripting", "Untyped",
                  ".sh", "command language", ("C",), "Shell scripts automate the commands a user would type at a terminal."),
    LanguageFacts("SQL", "SQL", 1974, "Donald D. Chamberlin and Raymond F. Boyce", "ISO/IEC JTC 1/SC 32", "Declarative",
                  "Static, strong", ".sql", "query language", (), "It is the standard language of relational databases."),
    LanguageFacts("Haskell", "Haskell", 1990, "a committee of researchers", "The Haskell Committee", "Purely functional",
                  "Static, strong, inferred", ".hs", "programming language", ("Lisp",),
                  "It is named after the logician Haskell Curry."),
    LanguageFacts("Lua", "Lua (programming language)", 1993, "Roberto Ierusalimschy, Waldemar Celes and Luiz Henrique de Figueiredo",
                  "PUC-Rio", "Multi-paradigm: scripting, imperative", "Dynamic", ".lua", "programming language", ("C",),
                  "It is designed to be embedded in other applications, notably video games."),
    LanguageFacts("PHP", "PHP", 1995, "Rasmus Lerdorf", "The PHP Group", "Imperative, object-oriented", "Dynamic, weak",
                  ".php", "programming language", ("C", "Perl"), "It powers a large share of the world's websites."),
    LanguageFacts("Perl", "Perl", 1987, "Larry Wall", "Perl community", "Multi-paradigm", "Dynamic", ".pl",
                  "programming language", ("C",), "It was long known as the duct tape of the Internet."),
    LanguageFacts("Kotlin", "Kotlin (programming language)", 2011, "JetBrains", "JetBrains", "Multi-paradigm",
                  "Static, inferred", ".kt", "programming language", ("Java",),
                  "It runs on the Java virtual machine and is the preferred language for Android apps."),
    LanguageFacts("Swift", "Swift (programming language)", 2014, "Chris Lattner", "Apple", "Multi-paradigm",
                  "Static, strong, inferred", ".swift", "programming language", ("Rust", "Haskell"),
                  "It is the main language for apps on Apple platforms."),
    LanguageFacts("Lisp", "Lisp (programming language)", 1958, "John McCarthy", "various", "Functional, multi-paradigm",
                  "Dynamic, strong", ".lisp", "programming language", (),
                  "It is the second-oldest high-level programming language still in use."),
    LanguageFacts("Scheme", "Scheme (programming language)", 1975, "Guy L. Steele and Gerald Jay Sussman", "IEEE",
                  "Functional, multi-paradigm", "Dynamic, strong", ".scm", "programming language", ("Lisp",),
                  "It is a minimalist dialect of Lisp."),
)}

# --- brands (world.brands()) -----------------------------------------------------------
# shop brand | article title ('' = same) | founded | founders ('; ' separated, '' = none given) |
# headquarters | industry | parent ('' = none) | products | short description

BRAND_LINES = """
Apple||1976|Steve Jobs; Steve Wozniak; Ronald Wayne|Cupertino, California, United States|Consumer electronics||iPhone, Mac, iPad, AirPods|American technology company
Sony||1946|Masaru Ibuka; Akio Morita|Tokyo, Japan|Electronics||PlayStation, televisions, headphones, cameras|Japanese electronics and entertainment company
Bose|Bose Corporation|1964|Amar Bose|Framingham, Massachusetts, United States|Audio equipment||headphones, loudspeakers, sound bars|American audio equipment company
JBL||1946|James B. Lansing|Northridge, California, United States|Audio equipment|Harman International|loudspeakers, headphones|American audio equipment brand
Panasonic||1918|Kōnosuke Matsushita|Kadoma, Osaka, Japan|Electronics||appliances, batteries, headphones, cameras|Japanese electronics company
Canon|Canon Inc.|1937|Takeshi Mitarai; Goro Yoshida; Saburo Uchida|Ōta, Tokyo, Japan|Imaging and optics||cameras, lenses, printers|Japanese imaging company
Fujifilm||1934||Tokyo, Japan|Imaging||cameras, instant film, medical imaging|Japanese imaging company
GoPro||2002|Nick Woodman|San Mateo, California, United States|Consumer electronics||action cameras, mounts|American action camera maker
Logitech||1981|Daniel Borel; Pierluigi Zappacosta; Giacomo Marini|Lausanne, Switzerland|Computer peripherals||mice, keyboards, webcams, headsets|Swiss computer peripherals company
NETGEAR||1996|Patrick Lo|San Jose, California, United States|Networking hardware||routers, switches, Wi-Fi systems|American networking hardware company
SAMSUNG|Samsung Electronics|1969|Lee Byung-chul|Suwon, South Korea|Electronics|Samsung Group|smartphones, televisions, memory chips, storage|South Korean electronics company
SanDisk||1988|Eli Harari; Sanjay Mehrotra; Jack Yuan|Milpitas, California, United States|Flash memory|Western Digital|memory cards, USB flash drives, solid-state drives|American flash memory brand
TP-Link||1996|Zhao Jianjun; Zhao Jiaxing|Shenzhen, China|Networking hardware||routers, smart plugs, Wi-Fi systems|Chinese networking hardware company
Anker||2011|Steven Yang|Changsha, China|Consumer electronics|Anker Innovations|chargers, power banks, cables|Chinese charging accessories brand
Belkin||1983|Chet Pipkin|Los Angeles, California, United States|Consumer electronics|Foxconn|chargers, cables, surge protectors|American electronics accessories company
Roku||2002|Anthony Wood|San Jose, California, United States|Streaming media||streaming players, smart TV platform|American streaming media company
Sonos||2002|John MacFarlane; Craig Shelburne; Tom Cullen; Trung Mai|Santa Barbara, California, United States|Audio equipment||wireless speakers, sound bars|American wireless audio company
Microsoft||1975|Bill Gates; Paul Allen|Redmond, Washington, United States|Software and consumer electronics||Windows, Office, Xbox|American technology company
Nintendo||1889|Fusajiro Yamauchi|Kyoto, Japan|Video games||Nintendo Switch, Mario, Zelda|Japanese video game company
Seagate|Seagate Technology|1979|Al Shugart; Finis Conner; Tom Mitchell; Doug Mahon; Syed Iftikar|Dublin, Ireland|Data storage||hard disk drives, game drives|Data storage company
Rockstar Games||1998|Sam Houser; Dan Houser; Terry Donovan; Jamie King; Gary Foreman|New York City, United States|Video games|Take-Two Interactive|Grand Theft Auto, Red Dead Redemption|American video game publisher
Warner Bros|Warner Bros.|1923|Harry Warner; Albert Warner; Sam Warner; Jack Warner|Burbank, California, United States|Entertainment|Warner Bros. Discovery|films, television, video games|American entertainment company
HP|HP Inc.|1939|Bill Hewlett; David Packard|Palo Alto, California, United States|Computers and printers||printers, laptops, ink|American technology company
Epson|Seiko Epson|1942|Hisao Yamazaki|Suwa, Nagano, Japan|Electronics||printers, projectors, scanners|Japanese electronics company
Brother|Brother Industries|1908|Kanekichi Yasui|Nagoya, Japan|Electronics||printers, label makers, sewing machines|Japanese electronics company
Texas Instruments||1930|J. Clarence Karcher; Eugene McDermott|Dallas, Texas, United States|Semiconductors||calculators, semiconductors|American semiconductor company
Fellowes|Fellowes Brands|1917|Harry Fellowes|Itasca, Illinois, United States|Office products||paper shredders, laminators, desk accessories|American office products company
Pilot|Pilot Corporation|1918|Ryosuke Namiki; Masao Wada|Tokyo, Japan|Writing instruments||pens, fountain pens, markers|Japanese pen maker
Post-it||1980|Spencer Silver; Art Fry|Saint Paul, Minnesota, United States|Office products|3M|repositionable notes, flags|Brand of repositionable notes
Swingline||1925|Jack Linsky|Lake Zurich, Illinois, United States|Office products|ACCO Brands|staplers, punches|American stapler brand
BLACK+DECKER|Black & Decker|1910|S. Duncan Black; Alonzo G. Decker|Towson, Maryland, United States|Power tools|Stanley Black & Decker|power tools, household appliances|American tool brand
Bosch|Robert Bosch GmbH|1886|Robert Bosch|Gerlingen, Germany|Engineering and technology||power tools, automotive parts, appliances|German engineering company
DEWALT||1924|Raymond E. DeWalt|Towson, Maryland, United States|Power tools|Stanley Black & Decker|power tools, hand tools|American power tool brand
Makita||1915|Mosaburo Makita|Anjō, Aichi, Japan|Power tools||cordless tools, saws, drills|Japanese power tool company
CRAFTSMAN||1927||Towson, Maryland, United States|Tools|Stanley Black & Decker|hand tools, tool storage|American tool brand
STANLEY|Stanley Works|1843|Frederick Trent Stanley|New Britain, Connecticut, United States|Tools|Stanley Black & Decker|hand tools, tape measures|American tool brand
Klein Tools||1857|Mathias Klein|Lincolnshire, Illinois, United States|Tools||pliers, screwdrivers, electricians' tools|American hand tool company
Philips||1891|Gerard Philips; Frederik Philips|Amsterdam, Netherlands|Electronics and health technology||lighting, shavers, health devices|Dutch technology company
Hunter|Hunter Fan Company|1886|John Hunter; James C. Hunter|Memphis, Tennessee, United States|Ceiling fans||ceiling fans, lighting|American ceiling fan maker
Cuisinart||1971|Carl Sontheimer|Stamford, Connecticut, United States|Kitchen appliances|Conair|food processors, coffee makers, grills|American kitchen appliance brand
Instant Pot||2009|Robert Wang|Ottawa, Ontario, Canada|Kitchen appliances|Instant Brands|electric pressure cookers, air fryers|Canadian kitchen appliance brand
Keurig||1992|John Sylvan; Peter Dragone|Burlington, Massachusetts, United States|Beverages|Keurig Dr Pepper|single-serve coffee brewers, K-Cup pods|American coffee brewer brand
Lodge|Lodge Cast Iron|1896|Joseph Lodge|South Pittsburg, Tennessee, United States|Cookware||cast-iron skillets, Dutch ovens|American cookware maker
OXO||1990|Sam Farber|New York City, United States|Kitchenware|Helen of Troy|kitchen utensils, storage containers|American kitchenware brand
Pyrex||1915||Corning, New York, United States|Glassware|Corelle Brands|glass bakeware, measuring cups|Glassware brand introduced by Corning
Yankee Candle||1969|Mike Kittredge|South Deerfield, Massachusetts, United States|Candles|Newell Brands|scented candles, home fragrance|American candle maker
Calvin Klein||1968|Calvin Klein; Barry Schwartz|New York City, United States|Fashion|PVH|clothing, fragrances, underwear|American fashion house
Versace||1978|Gianni Versace|Milan, Italy|Fashion|Capri Holdings|clothing, fragrances, accessories|Italian fashion house
Bath & Body Works||1990|Leslie Wexner|Columbus, Ohio, United States|Retail||fragrance mists, candles, soaps|American personal care retailer
L'Oreal Paris|L'Oréal|1909|Eugène Schueller|Clichy, France|Cosmetics||makeup, hair care, skin care|French cosmetics company
Maybelline||1915|Thomas Lyle Williams|New York City, United States|Cosmetics|L'Oréal|mascara, foundation, lipstick|American cosmetics brand
Neutrogena||1930|Emanuel Stolaroff|Los Angeles, California, United States|Personal care|Kenvue|skin care, sunscreen|American skin care brand
CeraVe||2005||New York City, United States|Personal care|L'Oréal|moisturizers, cleansers|American skin care brand
Revlon||1932|Charles Revson; Joseph Revson; Charles Lachman|New York City, United States|Cosmetics||makeup, hair tools, fragrances|American cosmetics company
Elizabeth Arden||1910|Elizabeth Arden|New York City, United States|Cosmetics|Revlon|fragrances, skin care|American cosmetics company
The Ordinary||2016|Brandon Truaxe|Toronto, Ontario, Canada|Personal care|Deciem|serums, skin care|Canadian skin care brand
NYX Professional Makeup||1999|Toni Ko|Los Angeles, California, United States|Cosmetics|L'Oréal|makeup, lip gloss|American cosmetics brand
e.l.f.|e.l.f. Beauty|2004|Joseph Shamah; Scott Vincent Borba|Oakland, California, United States|Cosmetics||makeup, primers, brushes|American cosmetics company
Oral-B||1950|Robert W. Hutson|Cincinnati, Ohio, United States|Oral care|Procter & Gamble|toothbrushes, electric toothbrushes|American oral care brand
Crest||1955||Cincinnati, Ohio, United States|Oral care|Procter & Gamble|toothpaste, whitening strips|American toothpaste brand
Listerine||1879|Joseph Lawrence|Skillman, New Jersey, United States|Oral care|Kenvue|mouthwash|Brand of antiseptic mouthwash
Waterpik||1962|Gerald Moyer; John Mattingly|Fort Collins, Colorado, United States|Oral care||water flossers, shower heads|American oral care company
Nike|Nike, Inc.|1964|Bill Bowerman; Phil Knight|Beaverton, Oregon, United States|Sportswear||athletic shoes, apparel, equipment|American sportswear company
adidas||1949|Adolf Dassler|Herzogenaurach, Germany|Sportswear||athletic shoes, apparel|German sportswear company
New Balance||1906|William J. Riley|Boston, Massachusetts, United States|Footwear||running shoes, apparel|American footwear company
Brooks|Brooks Sports|1914|John Brooks Goldenberg|Seattle, Washington, United States|Footwear|Berkshire Hathaway|running shoes, apparel|American running shoe company
Clarks||1825|Cyrus Clark; James Clark|Street, Somerset, England|Footwear||shoes, boots|British shoe company
Timberland||1952|Nathan Swartz|Stratham, New Hampshire, United States|Footwear|VF Corporation|boots, outdoor apparel|American outdoor footwear company
Crocs||2002|Scott Seamans; Lyndon Hanson; George Boedecker Jr.|Broomfield, Colorado, United States|Footwear||foam clogs, sandals|American footwear company
Skechers||1992|Robert Greenberg|Manhattan Beach, California, United States|Footwear||sneakers, walking shoes|American footwear company
Dr. Scholl's||1906|William Mathias Scholl|Chicago, Illinois, United States|Foot care||insoles, shoes, foot care|American foot care brand
Columbia|Columbia Sportswear|1938|Paul Lamfrom|Portland, Oregon, United States|Outdoor apparel||jackets, fleece, hiking boots|American outdoor apparel company
Levi's|Levi Strauss & Co.|1853|Levi Strauss|San Francisco, California, United States|Clothing||jeans, denim jackets|American clothing company
Hanes||1901|Pleasant H. Hanes|Winston-Salem, North Carolina, United States|Clothing|Hanesbrands|T-shirts, underwear, socks|American clothing brand
Carhartt||1889|Hamilton Carhartt|Dearborn, Michigan, United States|Workwear||work jackets, overalls, beanies|American workwear company
Champion||1919|Abe Feinbloom; William Feinbloom|Winston-Salem, North Carolina, United States|Sportswear|Hanesbrands|sweatshirts, athletic apparel|American sportswear brand
Under Armour||1996|Kevin Plank|Baltimore, Maryland, United States|Sportswear||performance apparel, shoes|American sportswear company
Fossil|Fossil Group|1984|Tom Kartsotis; Kosta Kartsotis|Richardson, Texas, United States|Fashion accessories||watches, bags, jewelry|American fashion accessories company
Pandora||1982|Per Enevoldsen; Winnie Enevoldsen|Copenhagen, Denmark|Jewelry||charm bracelets, rings|Danish jewelry company
Timex|Timex Group|1854||Middlebury, Connecticut, United States|Watches||wristwatches|American watch company
Alex and Ani||2004|Carolyn Rafaelian|Cranston, Rhode Island, United States|Jewelry||bangles, charms|American jewelry company
Coleman|Coleman Company|1900|William Coffin Coleman|Chicago, Illinois, United States|Outdoor recreation|Newell Brands|tents, lanterns, camp stoves, coolers|American outdoor equipment company
Osprey|Osprey Packs|1974|Mike Pfotenhauer|Cortez, Colorado, United States|Outdoor equipment|Helen of Troy|backpacks, hydration packs|American backpack maker
Hydro Flask||2009|Travis Rosbach|Bend, Oregon, United States|Drinkware|Helen of Troy|insulated bottles, tumblers|American drinkware brand
Black Diamond|Black Diamond Equipment|1989|Peter Metcalf|Salt Lake City, Utah, United States|Outdoor equipment||climbing gear, headlamps, trekking poles|American climbing equipment company
CamelBak||1989|Michael Eidson|Petaluma, California, United States|Outdoor equipment|Vista Outdoor|hydration packs, water bottles|American hydration equipment company
Kryptonite|Kryptonite lock|1972|Michael Zane|Canton, Massachusetts, United States|Security products|Allegion|bicycle locks|American bicycle lock maker
Schwinn|Schwinn Bicycle Company|1895|Ignaz Schwinn; Adolph Arnold|Madison, Wisconsin, United States|Bicycles|Pacific Cycle|bicycles, exercise bikes, bike accessories|American bicycle brand
Wahoo|Wahoo Fitness|2009|Chip Hawkins|Atlanta, Georgia, United States|Fitness technology||bike computers, indoor trainers|American cycling technology company
Bowflex||1986|Tessema Shifferaw|Vancouver, Washington, United States|Fitness equipment|Johnson Health Tech|home gyms, adjustable dumbbells|American fitness equipment brand
Gaiam||1988|Jirka Rysavy|Louisville, Colorado, United States|Fitness||yoga mats, balance balls|American yoga and fitness brand
TRX|TRX Training|2005|Randy Hetrick|San Francisco, California, United States|Fitness equipment||suspension trainers|American fitness equipment company
Weber|Weber Inc.|1952|George Stephen|Palatine, Illinois, United States|Grills||charcoal grills, gas grills|American grill maker
Traeger||1987|Joe Traeger|Salt Lake City, Utah, United States|Grills||wood pellet grills, pellets|American pellet grill maker
Solo Stove||2010|Spencer Jan; Jeff Jan|Southlake, Texas, United States|Outdoor equipment||fire pits, camp stoves|American fire pit maker
Fiskars||1649|Peter Thorwöste|Helsinki, Finland|Consumer goods||scissors, garden tools, axes|Finnish consumer goods company
Miracle-Gro||1951|Horace Hagedorn; Otto Stern|Marysville, Ohio, United States|Lawn and garden|Scotts Miracle-Gro|plant food, potting soil|American plant food brand
Scotts|Scotts Miracle-Gro|1868|Orlando McLean Scott|Marysville, Ohio, United States|Lawn and garden||lawn seed, fertilizer|American lawn care company
Tide||1946||Cincinnati, Ohio, United States|Household products|Procter & Gamble|laundry detergent|American laundry detergent brand
Bounty||1965||Cincinnati, Ohio, United States|Household products|Procter & Gamble|paper towels|American paper towel brand
Charmin||1928||Cincinnati, Ohio, United States|Household products|Procter & Gamble|toilet paper|American toilet paper brand
Clorox|Clorox Company|1913|Archibald Taft; Edward Hughes; Charles Husband; Rufus Myers; William Murray|Oakland, California, United States|Household products||bleach, disinfecting wipes, cat litter|American household products company
Seventh Generation||1988|Alan Newman; Jeffrey Hollender|Burlington, Vermont, United States|Household products|Unilever|plant-based detergents, cleaners|American household products company
Nature Made||1971||West Hills, California, United States|Dietary supplements|Pharmavite|vitamins, minerals|American vitamin brand
Garden of Life||2000|Jordan Rubin|Palm Beach Gardens, Florida, United States|Dietary supplements|Nestlé Health Science|vitamins, protein powders|American supplement brand
Optimum Nutrition||1986|Tony Costello; Mike Costello|Downers Grove, Illinois, United States|Sports nutrition|Glanbia|protein powders|American sports nutrition brand
Band-Aid||1920|Earle Dickson|New Brunswick, New Jersey, United States|Medical supplies|Kenvue|adhesive bandages|Brand of adhesive bandages
OMRON|Omron|1933|Kazuma Tateisi|Kyoto, Japan|Electronics and health care||blood pressure monitors, sensors|Japanese electronics company
Starbucks||1971|Jerry Baldwin; Zev Siegl; Gordon Bowker|Seattle, Washington, United States|Coffee||coffee, packaged coffee, tea|American coffeehouse chain
Lavazza||1895|Luigi Lavazza|Turin, Italy|Coffee||espresso, ground coffee, coffee beans|Italian coffee company
Twinings||1706|Thomas Twining|London, England|Tea|Associated British Foods|tea, infusions|British tea company
Celestial Seasonings||1969|Mo Siegel|Boulder, Colorado, United States|Tea|Hain Celestial Group|herbal tea|American tea company
LaCroix||1981||Fort Lauderdale, Florida, United States|Beverages|National Beverage|sparkling water|American sparkling water brand
Vita Coco||2004|Michael Kirban; Ira Liran|New York City, United States|Beverages||coconut water|American coconut water brand
HARIBO||1920|Hans Riegel|Grafschaft, Germany|Confectionery||gummy bears, sweets|German confectionery company
Lindt|Lindt & Sprüngli|1845|David Sprüngli; Rudolf Sprüngli|Kilchberg, Switzerland|Confectionery||chocolate, truffles|Swiss chocolate maker
KIND|Kind (company)|2004|Daniel Lubetzky|New York City, United States|Food|Mars, Incorporated|snack bars, granola|American snack company
Pringles||1968|Fredric Baur|Chicago, Illinois, United States|Snack food|Kellanova|potato crisps|Brand of potato crisps
Planters||1906|Amedeo Obici; Mario Peruzzi|Wilkes-Barre, Pennsylvania, United States|Snack food|Hormel Foods|peanuts, mixed nuts|American snack nut brand
Blue Diamond|Blue Diamond Growers|1910||Sacramento, California, United States|Food||almonds, almond milk|American almond cooperative
Kellogg's||1906|W. K. Kellogg|Battle Creek, Michigan, United States|Food|Kellanova|breakfast cereals, snacks|American food brand
Quaker|Quaker Oats Company|1877||Chicago, Illinois, United States|Food|PepsiCo|oatmeal, granola bars|American food company
Bob's Red Mill||1978|Bob Moore; Charlee Moore|Milwaukie, Oregon, United States|Food||flours, oats, grains|American whole-grain food company
Kodiak Cakes||1982|Joel Clark|Park City, Utah, United States|Food||pancake mixes, oatmeal|American breakfast food company
Nature Valley||1975||Minneapolis, Minnesota, United States|Food|General Mills|granola bars|American granola bar brand
Barilla||1877|Pietro Barilla|Parma, Italy|Food||pasta, sauces|Italian food company
King Arthur|King Arthur Baking Company|1790|Henry Wood|Norwich, Vermont, United States|Food||flour, baking mixes|American flour company
McCormick|McCormick & Company|1889|Willoughby M. McCormick|Hunt Valley, Maryland, United States|Food||spices, seasonings|American spice company
Kirkland Signature||1992||Issaquah, Washington, United States|Retail|Costco|groceries, household goods|Private label of Costco
Krusteaz||1932||Seattle, Washington, United States|Food|Continental Mills|pancake mix, baking mixes|American baking mix brand
Jiffy|Chelsea Milling Company|1930|Mabel White Holmes|Chelsea, Michigan, United States|Food||corn muffin mix, baking mixes|American baking mix maker
Beyond Meat||2009|Ethan Brown|El Segundo, California, United States|Food||plant-based burgers, sausages|American plant-based meat company
Impossible Foods||2011|Patrick O. Brown|Redwood City, California, United States|Food||plant-based meat|American plant-based meat company
Tofurky||1980|Seth Tibbott|Hood River, Oregon, United States|Food||plant-based roasts, deli slices|American plant-based food company
LEGO|The Lego Group|1932|Ole Kirk Christiansen|Billund, Denmark|Toys||construction toys, sets|Danish toy company
Mega Bloks||1967|Victor Bertrand|Montreal, Quebec, Canada|Toys|Mattel|construction toys|Canadian toy brand
Ravensburger||1883|Otto Robert Maier|Ravensburg, Germany|Toys and games||jigsaw puzzles, board games|German toy and game company
Hasbro Gaming|Hasbro|1923|Henry Hassenfeld; Hillel Hassenfeld; Helal Hassenfeld|Pawtucket, Rhode Island, United States|Toys and games||board games, toys|American toy and game company
Mattel Games|Mattel|1945|Harold Matson; Ruth Handler; Elliot Handler|El Segundo, California, United States|Toys and games||Barbie, Hot Wheels, UNO|American toy company
Barbie||1959|Ruth Handler|El Segundo, California, United States|Toys|Mattel|fashion dolls|Fashion doll brand
Exploding Kittens||2015|Elan Lee; Matthew Inman; Shane Small|Los Angeles, California, United States|Games||card games|American card game publisher
Melissa & Doug||1988|Melissa Bernstein; Doug Bernstein|Wilton, Connecticut, United States|Toys||wooden toys, puzzles|American toy company
Jellycat||1999|Thomas Gatacre; William Gatacre|London, England|Toys||plush toys|British plush toy company
KONG|Kong Company|1976|Joe Markham|Golden, Colorado, United States|Pet supplies||rubber dog toys|American pet toy company
Purina Pro Plan|Purina|1894|William H. Danforth|St. Louis, Missouri, United States|Pet food|Nestlé|dog food, cat food|American pet food brand
Amazon||1994|Jeff Bezos|Seattle, Washington, United States|E-commerce and technology||online retail, Echo, Kindle, Fire TV|American technology company
Amazon Basics||2009||Seattle, Washington, United States|Retail|Amazon|cables, batteries, household goods|Private label of Amazon
OtterBox||1998|Curt Richardson|Fort Collins, Colorado, United States|Phone accessories||protective phone cases|American phone case maker
Spigen||2009|Kim Dae-young|Seoul, South Korea|Phone accessories||phone cases, screen protectors|South Korean phone accessory company
ZAGG||2005|Robert Pedersen|Midvale, Utah, United States|Phone accessories||screen protectors, cases|American phone accessory company
UGREEN||2012|Zhang Qingsen|Shenzhen, China|Consumer electronics||chargers, cables, hubs|Chinese electronics accessory company
Astro Gaming||2006||San Francisco, California, United States|Gaming peripherals|Logitech|gaming headsets|American gaming headset brand
Kasa|Kasa Smart|2015||San Jose, California, United States|Smart home|TP-Link|smart plugs, smart bulbs, cameras|Smart home brand of TP-Link
Globe Electric||1932||Montreal, Quebec, Canada|Lighting||light fixtures, bulbs|Canadian lighting company
Vital Proteins||2013|Kurt Seidensticker|Chicago, Illinois, United States|Dietary supplements|Nestlé Health Science|collagen peptides|American supplement brand
Biore|Bioré|1980||Tokyo, Japan|Personal care|Kao Corporation|cleansers, pore strips|Japanese skin care brand
essence|Essence (cosmetics)|2002||Sulzbach am Taunus, Germany|Cosmetics|Cosnova|mascara, makeup|German cosmetics brand
"""

# Short definitions of the shop's leaf categories (by shop leaf name); the wiki
# writes one article per category title.
CATEGORY_ARTICLES: dict[str, tuple[str, str]] = {
    # shop leaf name: (article title, one-sentence definition)
    "Skin Care": ("Skin care", "Skin care is the range of practices and products that support the health and appearance of the skin."),
    "Hair Care": ("Hair care", "Hair care covers the cleaning, conditioning and styling of hair, and the tools used for it."),
    "Makeup": ("Makeup", "Makeup is the cosmetics applied to the face to change or enhance its appearance."),
    "Oral Care": ("Oral care", "Oral care is the practice of keeping the mouth, teeth and gums clean and healthy."),
    "Fragrance": ("Fragrance", "A fragrance, or perfume, is a mixture of aromatic oils worn to give the body a pleasant scent."),
    "Exercise & Fitness": ("Exercise equipment", "Exercise equipment is any apparatus used during physical activity to build strength or fitness."),
    "Camping & Hiking": ("Camping and hiking equipment", "Camping and hiking equipment is the gear people carry to travel and sleep outdoors."),
    "Cycling": ("Cycling equipment", "Cycling equipment covers the accessories, locks, lights and tools used with bicycles."),
    "Shoes": ("Shoes", "A shoe is an item of footwear that protects and comforts the human foot."),
    "Clothing": ("Clothing", "Clothing is the garments worn on the body, from everyday shirts to outdoor jackets."),
    "Jewelry & Watches": ("Jewelry and watches", "Jewelry and watches are personal accessories worn for adornment and for telling time."),
    "Kitchen & Dining": ("Kitchenware", "Kitchenware is the tools, utensils, appliances and cookware used to prepare and serve food."),
    "Bedding": ("Bedding", "Bedding is the materials laid on a bed, such as sheets, pillows, duvets and mattresses."),
    "Home Decor": ("Home decor", "Home decor is the furnishing and decoration of interior spaces, from candles to wall art."),
    "Furniture": ("Furniture", "Furniture is the movable objects that support human activities such as sitting, eating and sleeping."),
    "Storage & Organization": ("Home storage", "Home storage products keep belongings organised: bins, shelves, drawers and baskets."),
    "Office & School Supplies": ("Office supplies", "Office supplies are the consumables and equipment used in offices and schools, such as pens, paper and staplers."),
    "Office Electronics": ("Office electronics", "Office electronics are devices such as printers, calculators, shredders and label makers."),
    "Office Furniture & Lighting": ("Office furniture", "Office furniture is the desks, chairs and lamps designed for workplaces."),
    "Power Tools": ("Power tools", "A power tool is a tool driven by a motor rather than by hand, such as a drill or a saw."),
    "Hand Tools": ("Hand tools", "A hand tool is any tool powered by hand rather than by a motor, such as a hammer or pliers."),
    "Lighting & Ceiling Fans": ("Lighting and ceiling fans", "Lighting and ceiling fans are fixtures that light and ventilate rooms."),
    "Household Supplies": ("Household supplies", "Household supplies are everyday consumables such as detergent, paper towels and cleaners."),
    "Vitamins & Dietary Supplements": ("Dietary supplements", "A dietary supplement is a product taken to add nutrients such as vitamins, minerals or protein to the diet."),
    "Medical Supplies & Equipment": ("Medical supplies", "Medical supplies are products used to treat minor injuries and monitor health at home."),
    "Gardening & Lawn Care": ("Gardening", "Gardening is the practice of growing and cultivating plants, with tools, soil and fertilizer."),
    "Grills & Outdoor Cooking": ("Barbecue grill", "A barbecue grill is a device that cooks food by applying heat from below, usually outdoors."),
    "Headphones": ("Headphones", "Headphones are a pair of small loudspeakers worn on or around the head over a user's ears."),
    "Computers & Accessories": ("Computer accessories", "Computer accessories are peripherals such as mice, keyboards, routers and storage."),
    "Camera & Photo": ("Cameras", "A camera is an instrument used to capture and store images and videos."),
    "Home Audio": ("Home audio", "Home audio is audio equipment for the home, such as speakers, sound bars and receivers."),
    "Television & Video": ("Television sets", "A television set is a device for viewing broadcast, cable and streamed video."),
    "Cases, Holsters & Sleeves": ("Phone cases", "A phone case protects a mobile phone from scratches and drops."),
    "Chargers, Cables & Adapters": ("Chargers and cables", "Chargers, cables and adapters supply power and data connections to mobile devices."),
    "Screen Protectors": ("Screen protectors", "A screen protector is a thin sheet of glass or plastic that protects a device's display."),
    "Accessories": ("Video game accessories", "Video game accessories are controllers, headsets, storage and other add-ons for game consoles."),
    "Games": ("Video games", "A video game is an electronic game played with a controller on a console, computer or handheld."),
    "Beverages": ("Beverages", "A beverage is a liquid intended for drinking, such as coffee, tea or sparkling water."),
    "Snacks & Sweets": ("Snack foods", "A snack is a small portion of food eaten between meals, from nuts to chocolate."),
    "Breakfast Foods": ("Breakfast foods", "Breakfast foods are the cereals, oats, pancakes and bars eaten at the first meal of the day."),
    "Meat Substitutes": ("Meat substitutes", "A meat substitute is a food made from plants that approximates the taste and texture of meat."),
    "Pantry Staples": ("Pantry staples", "Pantry staples are shelf-stable foods such as flour, pasta and spices."),
    "Building Toys": ("Construction toys", "Construction toys are sets of pieces that children join together to build models."),
    "Puzzles & Board Games": ("Board games", "A board game is a tabletop game played with pieces moved on a board, often with cards or dice."),
    "Dolls & Stuffed Animals": ("Dolls and stuffed toys", "Dolls and stuffed toys are figures of people and animals made for play and comfort."),
    "Dogs": ("Dog supplies", "Dog supplies are the food, toys, beds and accessories kept for pet dogs."),
    "Cats": ("Cat supplies", "Cat supplies are the food, litter, treats and toys kept for pet cats."),
}

# --- transport -------------------------------------------------------------------------

# Port Alder Transit bus routes serving each district.
DISTRICT_BUS_ROUTES: dict[str, tuple[int, ...]] = {
    "Old Mill": (4, 14), "Alder Wharf": (2, 9, 20), "Lantern Quarter": (2, 4, 6, 9, 12),
    "Riverside Row": (6, 14, 17), "Hilltop": (12, 17), "Eastgate": (4, 6, 22, 23),
    "North Shore": (9, 20), "University Park": (12, 22),
}

# Alder Bay Ferry: island -> (crossing time in minutes, island population, note)
FERRY_ROUTES: dict[str, tuple[int, int, str]] = {
    "Gull Island": (25, 340, "a fishing village and a lighthouse-keepers' graveyard"),
    "Cedar Island": (40, 1250, "farms, orchards and holiday cottages"),
    "Heron Island": (55, 85, "a bird reserve with a colony of great blue herons"),
}

TRANSPORT_FACTS = {
    "ferry_founded": 1868,
    "ferry_founder": "Jonah Pike",
    "ferry_vessels": 4,
    "railway_opened": 1883,
    "railway_founder": "Walter Greaves",
    "railway_length_km": 142,
    "railway_stations": 11,
    "railway_terminus": "Albany, Oregon",
    "transit_founded": 1972,
    "transit_routes": 24,
    "river_length_km": 87,
    "river_source": "Mount Hollis in the Cascade foothills",
    "herons_founded": 1909,
}
