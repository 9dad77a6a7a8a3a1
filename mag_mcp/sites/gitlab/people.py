"""The GitLab instance's community beyond `world.PEOPLE`: about 500 generated accounts and the
extra groups they work in.

Everything is a pure function of fixed name pools and one `random.Random` stream, so two
builds agree row for row. The world's 24 people keep their names, user names and the first
24 ids; generated accounts follow them. All names are invented for Port Alder; the e-mail
domains are reserved example domains.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .. import world

N_GENERATED_USERS = 500

FIRST_NAMES = (
    "Aaron Abigail Ada Adele Adrian Aisha Alana Albert Alejandro Alex Alice Alma Amara Amir Ana Anders Andre Angela "
    "Anika Anton Ari Arjun Arthur Astrid Aurora Ayesha Beatriz Benedikt Bianca Bo Bruno Caleb Camila Carl Carmen "
    "Cecilia Chidi Clara Colin Dalia Damian Dana Daniela Dario Dev Dmitri Dora Eamon Edith Elena Eli Elif Elsa Emil "
    "Enzo Erin Esme Ethan Eva Fatima Felix Fern Finn Freya Gabriel Gemma Gideon Greta Hana Harvey Hector Helga "
    "Hiro Ida Ines Ingrid Isaac Isla Ivan Jae Jamal Jasper Jaya Joan Jonas Jorge Josie Julian Juno Kamal Kara "
    "Keanu Kenji Kira Lars Laila Lena Leo Lila Linus Lorenzo Luca Lukas Mabel Magnus Maia Malik Marco Marta Mateo "
    "Maya Meera Milo Mira Nadia Nico Nina Nils Noah Nora Odile Olga Oren Oscar Paloma Paulo Petra Pia Quentin Rafael "
    "Rania Ravi Reza Rhea Rina Ronan Ruth Sabine Sacha Salma Santiago Sara Selma Seo-yeon Silas Sofia Soren Stella "
    "Sven Talia Tariq Tess Theo Tomas Uma Valentina Vera Victor Wen Willa Xavier Yara Yuki Zainab Zara Zeke"
).split()
LAST_NAMES = (
    "Abe Achterberg Adeyemi Ahn Alvarez Amundsen Andersson Arce Asante Bach Baptiste Barros Becker Bell Bianchi "
    "Bjork Blanco Bose Brandt Byrne Calloway Campos Carvalho Castell Chan Chaudhry Cho Cohen Costa Cruz Dahl Dang "
    "Das Delacroix Dietrich Dubois Duarte Eklund Engel Esposito Falk Farouk Fischer Fleming Fonseca Fox Fujita "
    "Gallo Garland Gomes Greco Gruber Gupta Haas Hale Hansen Hartley Hayashi Herrera Holm Horvat Hughes Ibarra "
    "Ikeda Ivanova Jansen Jensen Joshi Juarez Kang Karlsson Kato Keller Khan Kim Klein Koch Kovacs Kumar Lam Lange "
    "Larsen Laurent Lindqvist Lopes Lund Madsen Maier Marsh Mendes Meyer Molina Moreau Mori Murphy Nair Nakamura "
    "Navarro Nielsen Nowak Ochoa Olsen Ortiz Osei Park Pereira Pham Quinn Rahman Ramos Reyes Rossi Ruiz Saito "
    "Salazar Sato Schmidt Silva Sorensen Stein Suzuki Svensson Takahashi Thorne Torres Tran Ueda Vance Varga Vega "
    "Vogel Wagner Walker Wang Weiss Winter Wolff Wu Yamada Yilmaz Young Zhang Zielinski"
).split()
JOBS = (
    "Software engineer", "Senior software engineer", "Backend developer", "Frontend developer", "Data engineer",
    "Site reliability engineer", "QA engineer", "Technical writer", "Engineering manager", "Student",
    "Research assistant", "GIS analyst", "Web developer", "Mobile developer", "Security analyst", "DevOps engineer",
    "Product designer", "Open source maintainer", "Hardware tinkerer", "Data analyst", "",
)
LOCATIONS = (
    f"{world.CITY}, {world.STATE}", f"{world.CITY}, {world.STATE}", f"{world.CITY}, {world.STATE}",
    "Old Mill, Port Alder", "Alder Wharf, Port Alder", "Lantern Quarter, Port Alder", "Hilltop, Port Alder",
    "Eastgate, Port Alder", "North Shore, Port Alder", "University Park, Port Alder", "Remote", "",
)
BIO_PARTS = (
    ("Writes {lang} for a living", "Likes tidy {thing}", "Mostly {lang}, some {lang2}", "Learning {lang2}",
     "Maintains a few {thing}", "Ex-{old}, now writing {lang}", "Builds {thing} in {district}"),
    ("coffee at Harbor Coffee Roasters.", "weekends at North Shore Beach.", "cycling over Alder Bridge.",
     "board games on Fridays.", "sourdough on Sundays.", "runs along Riverside Park.", "volunteers at the Central Library.",
     "plays in the Port Alder Herons supporters' band.", "stargazing at Hilltop Observatory.", "reads a lot of sci-fi."),
)
LANGS = ("Python", "Go", "Rust", "TypeScript", "Java", "Ruby", "C++", "Kotlin", "Elixir", "shell")
THINGS = ("CLIs", "data pipelines", "dashboards", "maps", "APIs", "test suites", "build scripts", "static sites")
OLD_JOBS = ("barista", "ferry deckhand", "physics teacher", "sound engineer", "line cook", "librarian", "cartographer")
EMAIL_DOMAINS = ("example.com", "example.org", "example.net", "mail.example.com")
RESERVED_NAMES = {"users", "groups", "dashboard", "explore", "search", "projects", "static", "help", "admin", "api",
                  "assets", "uploads", "root", "ghost"}


@dataclass(frozen=True)
class Account:
    username: str
    name: str
    bio: str
    location: str
    job_title: str
    email: str
    created_at: str


def _username(rng: random.Random, first: str, last: str) -> str:
    f, ln = first.lower().replace("-", ""), last.lower()
    style = rng.randrange(7)
    if style == 0:
        return f"{f}_{ln}"
    if style == 1:
        return f"{f}{ln}"
    if style == 2:
        return f"{f[0]}{ln}"
    if style == 3:
        return f"{f}.{ln}"
    if style == 4:
        return f"{f}{ln[0]}{rng.randint(1, 99)}"
    if style == 5:
        return f"{ln}{f[0]}"
    return f"{f}-{ln[:4]}"


def _bio(rng: random.Random) -> str:
    if rng.random() < 0.2:
        return ""
    head = rng.choice(BIO_PARTS[0]).format(
        lang=rng.choice(LANGS), lang2=rng.choice(LANGS), thing=rng.choice(THINGS), old=rng.choice(OLD_JOBS),
        district=rng.choice(world.DISTRICTS))
    return f"{head}; {rng.choice(BIO_PARTS[1])}"


def generated_accounts() -> list[Account]:
    """The generated accounts, in id order (after `world.PEOPLE`)."""
    rng = random.Random("gitlab:people")
    taken = {p.username for p in world.PEOPLE} | RESERVED_NAMES
    names_taken = {p.name for p in world.PEOPLE}
    out: list[Account] = []
    while len(out) < N_GENERATED_USERS:
        first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
        name = f"{first} {last}"
        username = _username(rng, first, last)
        if username in taken or name in names_taken:
            continue
        taken.add(username)
        names_taken.add(name)
        day = rng.randrange(0, 3 * 365)
        year, rest = 2020 + day // 365, day % 365
        month, dom = 1 + rest // 31 % 12, 1 + rest % 28
        created = f"{year}-{month:02d}-{dom:02d} {rng.randrange(7, 23):02d}:{rng.randrange(60):02d}:00"
        out.append(Account(username, name, _bio(rng), rng.choice(LOCATIONS), rng.choice(JOBS),
                           f"{username.replace('-', '.')}@{rng.choice(EMAIL_DOMAINS)}", min(created, "2023-05-30")))
    return out


@dataclass(frozen=True)
class GroupDef:
    path: str
    name: str
    description: str
    created_at: str


# Groups of the wider community (the world's two groups, portalder and alder-labs, are in `content`).
EXTRA_GROUPS: tuple[GroupDef, ...] = (
    GroupDef("pau-cs", "Port Alder University CS", "Computer science department of Port Alder University: courses, "
             "research prototypes and student projects.", "2020-09-01 09:00:00"),
    GroupDef("pau-hackers", "PAU Hackers", "The student hacking club of Port Alder University.", "2021-01-20 18:00:00"),
    GroupDef("harbor-robotics", "Harbor Robotics", "Underwater drones and harbour monitoring, from a workshop at "
             "Alder Wharf.", "2020-11-05 10:00:00"),
    GroupDef("lantern-makers", "Lantern Quarter Makers", "A makerspace in the Lantern Quarter: firmware, 3D prints "
             "and workshop tools.", "2021-03-11 19:00:00"),
    GroupDef("alder-river-trust", "Alder River Trust", "A charity that monitors the Alder River: water quality data "
             "and volunteer tools.", "2021-05-02 12:00:00"),
    GroupDef("hilltop-astro", "Hilltop Astronomy Club", "Software of the amateur astronomers at Hilltop "
             "Observatory.", "2020-10-14 20:00:00"),
    GroupDef("kelp-systems", "Kelp Systems", "Infrastructure tooling from a small Port Alder consultancy.",
             "2020-07-21 09:30:00"),
    GroupDef("foghorn", "Foghorn Labs", "Observability and incident tooling. Loud when it matters.",
             "2021-02-02 09:00:00"),
    GroupDef("gullwing-games", "Gullwing Games", "An indie game studio in Old Mill.", "2021-06-30 15:00:00"),
    GroupDef("tidewater", "Tidewater Analytics", "Data engineering and analytics libraries.", "2020-08-08 08:00:00"),
    GroupDef("ferrywell", "Ferrywell", "Booking and scheduling software for ferry operators.", "2021-04-19 10:00:00"),
    GroupDef("old-mill-coop", "Old Mill Co-op", "Web services of the Old Mill food co-operative.",
             "2021-09-09 11:00:00"),
    GroupDef("civic-tech-pa", "Civic Tech Port Alder", "Volunteers building tools for the city's residents.",
             "2020-12-01 18:30:00"),
    GroupDef("driftwood", "Driftwood UI", "A component library and its documentation site.", "2021-07-12 10:00:00"),
    GroupDef("beacon-security", "Beacon Security", "Security tools, scanners and CTF infrastructure.",
             "2021-01-08 09:00:00"),
    GroupDef("saltmarsh", "Saltmarsh Bio", "Bioinformatics pipelines from the estuary research station.",
             "2021-08-23 09:00:00"),
    GroupDef("northshore-ml", "North Shore ML", "Machine learning experiments and small models.",
             "2022-01-17 09:00:00"),
    GroupDef("quayside", "Quayside Commerce", "E-commerce plugins and integrations for local shops.",
             "2021-10-04 09:00:00"),
    GroupDef("pa-health", "Alder General IT", "Internal tools of the Alder General Hospital IT team.",
             "2021-03-29 08:00:00"),
    GroupDef("lighthouse-docs", "Lighthouse Docs", "Documentation tooling: linters, site generators, style checks.",
             "2021-05-25 14:00:00"),
    GroupDef("cobblestone", "Cobblestone DB", "An embedded key-value store and its drivers.", "2020-06-15 09:00:00"),
    GroupDef("heron-fc", "Port Alder Herons FC", "Website and match statistics of the Port Alder Herons.",
             "2021-08-01 12:00:00"),
    GroupDef("eastgate-transit", "Eastgate Transit Lab", "Research on regional rail and bus timetables.",
             "2022-02-14 09:00:00"),
    GroupDef("wharfside-audio", "Wharfside Audio", "Audio plugins, synthesizers and DSP experiments.",
             "2021-11-11 20:00:00"),
    GroupDef("pa-library", "Central Library Digital", "Digital services of the Central Library.",
             "2021-02-26 10:00:00"),
    GroupDef("sealion", "Sealion Cloud", "Container and deployment tooling.", "2020-09-30 09:00:00"),
    GroupDef("maritime-museum", "Maritime Museum Digital", "Collection database and exhibit kiosks of the Maritime "
             "Museum.", "2021-12-06 10:00:00"),
    GroupDef("fernlight", "Fernlight", "Mobile apps for hikers and gardeners.", "2022-03-03 09:00:00"),
    GroupDef("brackish", "Brackish", "Compilers, interpreters and language tools.", "2020-10-01 09:00:00"),
    GroupDef("pa-schools", "Port Alder Schools", "Classroom software for the city's public schools.",
             "2021-08-30 08:00:00"),
)
