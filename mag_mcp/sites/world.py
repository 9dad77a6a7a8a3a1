"""One consistent world for the embedded sites (issue: cross-site tasks).

Every site draws the entities it shares with others from here, so a task can
connect them: the city and its landmarks (map, wiki, forum), the people and
their user names (forum, GitLab, shop customers), the software projects
(GitLab, wiki, forum) and the shop's brands (shop, admin, wiki). Sites add
their own detail around these; they never rename them.

Everything here is fixed data: changing it changes several sites' seeds.
"""

from __future__ import annotations

from dataclasses import dataclass

CITY = "Port Alder"
STATE = "Oregon"
COUNTRY = "United States"
CITY_CENTER = (45.512, -122.658)  # lat, lon of the city hall square


@dataclass(frozen=True)
class Person:
    username: str
    name: str
    bio: str


PEOPLE: tuple[Person, ...] = (
    Person("emma_lopez", "Emma Lopez", "Shopper, home cook and weekend hiker in Port Alder."),
    Person("byteblaze", "Ari Blaze", "Maintainer of a few command-line tools; coffee first."),
    Person("primer", "Priya Mehta", "Front-end developer. Design systems, accessibility, and tea."),
    Person("sam_rivera", "Sam Rivera", "Cyclist and transit nerd mapping every bike lane in the city."),
    Person("harbor_hannah", "Hannah Okafor", "Runs the Saturday market stall at Alder Wharf."),
    Person("jkowalski", "Jan Kowalski", "Backend engineer; databases and queues."),
    Person("mia_chen", "Mia Chen", "Photographer. Lighthouses, bridges, fog."),
    Person("diego_m", "Diego Martinez", "High-school teacher and board-game collector."),
    Person("noor_a", "Noor Abbasi", "Data scientist working on city open data."),
    Person("liam_oconnor", "Liam O'Connor", "Bakes sourdough, fixes bikes, writes Rust."),
    Person("grace_kim", "Grace Kim", "Product manager and amateur botanist."),
    Person("tom_baker", "Tom Baker", "Retired ferry captain; knows every pier by name."),
    Person("zoe_walsh", "Zoe Walsh", "Student at Port Alder University, computer science."),
    Person("omar_haddad", "Omar Haddad", "Chef at a Riverside Row bistro."),
    Person("lucy_nguyen", "Lucy Nguyen", "Librarian at the Central Library; runs the book club."),
    Person("kai_tanaka", "Kai Tanaka", "Game developer and speedrunner."),
    Person("rosa_garcia", "Rosa Garcia", "Nurse at Alder General Hospital."),
    Person("ben_foster", "Ben Foster", "Contributor to open-source mapping tools."),
    Person("ivy_patel", "Ivy Patel", "Security engineer; CTF player."),
    Person("max_weber", "Max Weber", "Amateur astronomer at the Hilltop Observatory club."),
    Person("ella_brooks", "Ella Brooks", "Runs the neighbourhood association of Old Mill."),
    Person("yusuf_kaya", "Yusuf Kaya", "DevOps engineer, CI pipelines and containers."),
    Person("chloe_martin", "Chloe Martin", "Florist in the Lantern Quarter."),
    Person("adam_novak", "Adam Novak", "Writes documentation for a living and for fun."),
)


@dataclass(frozen=True)
class Project:
    path: str  # namespace/name as on GitLab
    name: str
    description: str
    language: str


PROJECTS: tuple[Project, ...] = (
    Project("byteblaze/a11y-syntax-highlighting", "a11y-syntax-highlighting", "Accessible syntax highlighting themes for code editors.", "CSS"),
    Project("byteblaze/dotfiles", "dotfiles", "Shell, editor and terminal configuration.", "Shell"),
    Project("byteblaze/cloud-to-butt", "cloud-to-butt", "A browser extension that replaces words on web pages.", "JavaScript"),
    Project("primer/design", "design", "Design guidelines, patterns and components.", "JavaScript"),
    Project("primer/octicons", "octicons", "A scalable set of icons handcrafted for interfaces.", "JavaScript"),
    Project("portalder/transit-feed", "transit-feed", "GTFS feed of Port Alder's buses and ferries.", "Python"),
    Project("portalder/open-data-portal", "open-data-portal", "The city's open data catalogue.", "Python"),
    Project("portalder/bike-lanes", "bike-lanes", "Survey of the city's bike lanes with a routing graph.", "Python"),
    Project("portalder/library-catalog", "library-catalog", "Catalogue search for the Central Library.", "Ruby"),
    Project("alder-labs/routekit", "routekit", "Shortest-path routing on road graphs for car, bike and foot.", "Rust"),
    Project("alder-labs/tilecache", "tilecache", "A small map tile cache and renderer.", "Go"),
    Project("alder-labs/geocoder", "geocoder", "Place search and address geocoding.", "Python"),
    Project("jkowalski/queue-lite", "queue-lite", "A tiny persistent job queue on SQLite.", "Python"),
    Project("jkowalski/pg-migrate", "pg-migrate", "Schema migrations for PostgreSQL.", "Go"),
    Project("liam_oconnor/sourdough-timer", "sourdough-timer", "A command-line timer for bread baking schedules.", "Rust"),
    Project("kai_tanaka/speedrun-splits", "speedrun-splits", "Split timer for speedrunners.", "C++"),
    Project("ivy_patel/ctf-writeups", "ctf-writeups", "Write-ups of capture-the-flag challenges.", "Markdown"),
    Project("yusuf_kaya/ci-templates", "ci-templates", "Reusable CI pipeline templates.", "YAML"),
    Project("adam_novak/docs-style", "docs-style", "A style guide for technical documentation.", "Markdown"),
    Project("noor_a/air-quality", "air-quality", "Analysis of Port Alder's air quality sensors.", "Python"),
    Project("ben_foster/osm-tools", "osm-tools", "Utilities for editing and validating map data.", "Python"),
    Project("zoe_walsh/compilers-course", "compilers-course", "Coursework for the compilers class.", "OCaml"),
    Project("max_weber/star-charts", "star-charts", "Printable star charts for the northern sky.", "Python"),
    Project("grace_kim/plant-journal", "plant-journal", "A journal app for houseplant care.", "TypeScript"),
    Project("diego_m/board-game-night", "board-game-night", "Scheduling and scoring for board game evenings.", "TypeScript"),
    Project("lucy_nguyen/book-club", "book-club", "Reading lists and meeting notes of the library book club.", "Markdown"),
    Project("mia_chen/lighthouse-gallery", "lighthouse-gallery", "A static gallery of lighthouse photographs.", "HTML"),
    Project("omar_haddad/recipe-scaler", "recipe-scaler", "Scale recipes and convert units.", "Python"),
    Project("sam_rivera/commute-stats", "commute-stats", "Statistics of a year of cycling commutes.", "R"),
    Project("chloe_martin/florist-site", "florist-site", "Website of a Lantern Quarter florist.", "HTML"),
    Project("rosa_garcia/shift-planner", "shift-planner", "Shift planning for hospital wards.", "Java"),
    Project("ella_brooks/old-mill-association", "old-mill-association", "Minutes and projects of the Old Mill neighbourhood association.", "Markdown"),
)


@dataclass(frozen=True)
class Landmark:
    name: str
    kind: str  # e.g. museum, park, hospital, university, restaurant, station
    district: str
    summary: str


DISTRICTS = ("Old Mill", "Alder Wharf", "Lantern Quarter", "Riverside Row", "Hilltop", "Eastgate", "North Shore",
             "University Park")

LANDMARKS: tuple[Landmark, ...] = (
    Landmark("Port Alder City Hall", "town hall", "Lantern Quarter", "Seat of the city council, on Founders Square."),
    Landmark("Central Library", "library", "Lantern Quarter", "The main public library, with a reading garden."),
    Landmark("Alder General Hospital", "hospital", "Eastgate", "The city's largest hospital and trauma centre."),
    Landmark("Port Alder University", "university", "University Park", "A public research university founded in 1891."),
    Landmark("Hilltop Observatory", "observatory", "Hilltop", "A historic observatory open to the public on Fridays."),
    Landmark("Alder Wharf Market", "market", "Alder Wharf", "A Saturday market of farmers and makers by the harbour."),
    Landmark("North Shore Lighthouse", "lighthouse", "North Shore", "A white lighthouse built in 1872 at the harbour mouth."),
    Landmark("Old Mill Museum", "museum", "Old Mill", "A museum of the city's timber and milling history."),
    Landmark("Riverside Park", "park", "Riverside Row", "A long park along the Alder River with a cycle path."),
    Landmark("Eastgate Station", "train station", "Eastgate", "The main railway station, with regional trains."),
    Landmark("Ferry Terminal", "ferry terminal", "Alder Wharf", "Ferries to the islands leave every hour."),
    Landmark("Founders Square", "square", "Lantern Quarter", "The central square with the Founders' fountain."),
    Landmark("Alder Bridge", "bridge", "Riverside Row", "A steel arch bridge over the Alder River, opened in 1931."),
    Landmark("Maritime Museum", "museum", "Alder Wharf", "Ships, maps and the story of the harbour."),
    Landmark("Botanical Garden", "garden", "University Park", "Glasshouses and a rose garden run by the university."),
    Landmark("Lantern Theatre", "theatre", "Lantern Quarter", "A restored 1920s theatre for plays and concerts."),
    Landmark("Eastgate Stadium", "stadium", "Eastgate", "Home ground of the Port Alder Herons football club."),
    Landmark("Hilltop Reservoir", "reservoir", "Hilltop", "A reservoir with a walking loop and city views."),
    Landmark("Old Mill Brewery", "brewery", "Old Mill", "A brewery in the old grain mill."),
    Landmark("One Stop Market Warehouse", "warehouse", "Eastgate", "The distribution centre of the One Stop Market shop."),
    Landmark("Riverside Row Bistro", "restaurant", "Riverside Row", "A bistro known for seafood and river views."),
    Landmark("Harbor Coffee Roasters", "cafe", "Alder Wharf", "A roastery and café by the ferry terminal."),
    Landmark("North Shore Beach", "beach", "North Shore", "A sandy beach with tide pools."),
    Landmark("Port Alder Zoo", "zoo", "Hilltop", "A small zoo with a sea lion pool."),
    Landmark("Science Center", "museum", "University Park", "A hands-on science museum with a planetarium."),
    Landmark("Alder Tech Hub", "office", "Lantern Quarter", "Co-working space, home of Alder Labs."),
    Landmark("Eastgate Mall", "shopping mall", "Eastgate", "The city's largest shopping centre."),
    Landmark("St. Mary's Church", "church", "Old Mill", "A stone church from 1858."),
    Landmark("Fire Station No. 1", "fire station", "Lantern Quarter", "The oldest fire station still in use."),
    Landmark("Central Police Station", "police station", "Lantern Quarter", "Headquarters of the city police."),
)


def brands() -> list[str]:
    """Brands sold by the shop (the wiki writes articles about some of them)."""
    from mag_mcp.sites.shopping.catalog_data import CATALOG

    out: set[str] = set()

    def walk(nodes: list[tuple]) -> None:
        for node in nodes:
            if len(node) == 3:
                walk(node[2])
            else:
                for line in node[3].strip().splitlines():
                    out.add(line.split("|")[0].strip())

    walk(CATALOG)
    return sorted(out)
