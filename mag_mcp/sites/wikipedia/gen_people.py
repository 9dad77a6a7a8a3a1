"""The people of the generated world: about a thousand biographies' subjects.

Each occupation has a head count, a span of birth years and a share of women; a
person gets a unique name (given names follow the birth decade), a birth date and
place (a town of the region whose founding precedes the birth, or a city
elsewhere for settlers and newcomers), schooling, a spouse, and a death for those
born long enough ago. What people did (the buildings they designed, the books they
wrote, the offices they held) is added by the generators of those things.

Port Alder's mayors that the hand-written list names without an article are
people here too, with their terms unchanged.
"""

from __future__ import annotations

import random

from . import facts as F
from . import wordbanks as W
from .entities import Person, Town
from .grammar import random_date
from .titles import TitleBook

# key -> (head count, first birth year, last birth year, share of women, occupation as written, qualifier)
OCCUPATIONS: dict[str, tuple[int, int, int, float, str, str]] = {
    "pioneer": (95, 1790, 1840, 0.3, "pioneer and settler", "pioneer"),
    "politician": (150, 1815, 1985, 0.35, "politician", "politician"),
    "architect": (42, 1830, 1975, 0.3, "architect", "architect"),
    "engineer": (26, 1825, 1970, 0.2, "civil engineer", "engineer"),
    "businessperson": (105, 1810, 1985, 0.3, "businessperson", "businessperson"),
    "writer": (72, 1830, 1990, 0.5, "writer", "writer"),
    "musician": (62, 1900, 1998, 0.45, "musician", "musician"),
    "painter": (30, 1840, 1990, 0.45, "painter", "painter"),
    "sculptor": (10, 1850, 1980, 0.45, "sculptor", "sculptor"),
    "photographer": (12, 1850, 1985, 0.45, "photographer", "photographer"),
    "actor": (16, 1890, 1995, 0.5, "actor", "actor"),
    "director": (12, 1900, 1985, 0.3, "film director", "director"),
    "scientist": (52, 1840, 1980, 0.4, "scientist", "scientist"),
    "physician": (20, 1830, 1975, 0.45, "physician", "physician"),
    "educator": (24, 1820, 1970, 0.55, "educator", "educator"),
    "journalist": (24, 1840, 1985, 0.45, "journalist", "journalist"),
    "footballer": (82, 1950, 2001, 0.0, "footballer", "footballer"),
    "rower": (20, 1900, 1998, 0.5, "rower", "rower"),
    "runner": (14, 1920, 1999, 0.5, "long-distance runner", "runner"),
    "captain": (24, 1800, 1950, 0.05, "sea captain", "captain"),
    "clergy": (14, 1800, 1950, 0.2, "clergyman", "minister"),
    "activist": (20, 1840, 1985, 0.6, "activist", "activist"),
    "judge": (14, 1820, 1965, 0.35, "judge", "judge"),
}

ELSEWHERE = ("Boston, Massachusetts", "Hartford, Connecticut", "Bangor, Maine", "Albany, New York",
             "Cincinnati, Ohio", "St. Louis, Missouri", "Chicago, Illinois", "Philadelphia, Pennsylvania",
             "Baltimore, Maryland", "Providence, Rhode Island", "Burlington, Vermont", "Concord, New Hampshire",
             "Bergen, Norway", "Gothenburg, Sweden", "Hamburg, Germany", "Cork, Ireland", "Glasgow, Scotland",
             "Hiroshima, Japan", "Guangzhou, China", "Guadalajara, Mexico", "Manila, Philippines",
             "Seattle, Washington", "San Francisco, California", "Portland, Oregon", "Tacoma, Washington",
             "Boise, Idaho", "Sacramento, California", "Minneapolis, Minnesota", "Denver, Colorado",
             "Honolulu, Hawaii", "Spokane, Washington", "Salem, Oregon", "Eugene, Oregon", "Vancouver, British Columbia")
# the mayors of the hand-written list who have no article of their own yet
LISTED_MAYORS = [(n, t) for n, t in F.MAYORS if n not in F.PEOPLE_FACTS]
FEMALE_MAYORS = {"Margaret Doyle", "Carol Mendes"}
PORT_ALDER = "Port Alder"  # a birthplace too: the city's article


def _given(rng: random.Random, gender: str, year: int) -> str:
    if year < 1870:
        bank = W.FEMALE_OLD if gender == "f" else W.MALE_OLD
    elif year < 1945:
        bank = W.FEMALE_MID if gender == "f" else W.MALE_MID
    else:
        bank = W.FEMALE_NEW if gender == "f" else W.MALE_NEW
    return rng.choice(bank)


def _initial(rng: random.Random) -> str:
    return rng.choice("ABCDEFGHJKLMNPRSTW") + "."


def make_people(rng: random.Random, book: TitleBook, towns: list[Town], reserved_names: set[str]) -> list[Person]:
    people: list[Person] = []
    used = set(reserved_names)
    for occ, (n, lo, hi, women, label, qual) in OCCUPATIONS.items():
        for _ in range(n):
            gender = "f" if rng.random() < women else "m"
            year = rng.randrange(lo, hi + 1)
            for _ in range(50):
                given = _given(rng, gender, year)
                middle = f" {_initial(rng)}" if rng.random() < 0.18 else ""
                name = f"{given}{middle} {rng.choice(W.SURNAMES)}"
                if name not in used:
                    break
            used.add(name)
            people.append(_person(rng, book, name, gender, occ, year, towns, label, qual))
    for name, _term in LISTED_MAYORS:
        gender = "f" if name in FEMALE_MAYORS else "m"
        start = int(_term[:4])
        people.append(_person(rng, book, name, gender, "politician", start - rng.randrange(38, 55), towns,
                              "politician", "mayor"))
    return people


def _person(rng: random.Random, book: TitleBook, name: str, gender: str, occ: str, year: int, towns: list[Town],
            label: str, qual: str) -> Person:
    local = [t.title for t in towns if t.founded < year - 2]
    if year > F.CITY_FACTS["founded"] + 2:
        local += [PORT_ALDER] * max(1, len(local) // 6)
    if occ in ("pioneer", "captain") and year < 1835 or not local or rng.random() < 0.22:
        birthplace = rng.choice(ELSEWHERE)
    else:
        birthplace = rng.choice(local)
    born = random_date(rng, year)
    died = None
    lifespan = rng.randrange(48, 97)
    if year + lifespan < 2022 and (year < 1945 or rng.random() < 0.25):
        died = random_date(rng, year + lifespan)
    title = book.take(name, [qual, f"{qual}, born {year}"], f"{label} ({year}–{died[0] if died else ''})")
    p = Person(name=name, title=title, gender=gender, occupation=occ, born=born, birthplace=birthplace, died=died)
    if died:
        here = [t.title for t in towns if t.founded < died[0]] + [PORT_ALDER] * 20
        p.deathplace = rng.choice(here) if rng.random() < 0.8 else rng.choice(ELSEWHERE)
    if occ not in ("pioneer",) and rng.random() < 0.85:
        uni = rng.choice(W.UNIVERSITIES)
        degree = {"architect": "a degree in architecture", "engineer": "a degree in civil engineering",
                  "physician": "a medical degree", "judge": "a law degree", "scientist": "a doctorate in "
                  + rng.choice(("biology", "physics", "chemistry", "geology", "astronomy", "oceanography")),
                  "musician": "a degree in music", "journalist": "a degree in journalism"}.get(
            occ, rng.choice(W.DEGREES))
        grad = born[0] + rng.randrange(21, 27)
        if grad < 2022 and (died is None or grad < died[0]):
            p.education.append((grad, uni, degree))
    if rng.random() < 0.8 and year < 1998:
        sp_gender = "m" if gender == "f" else "f"
        p.spouse = f"{_given(rng, sp_gender, year)} {rng.choice(W.SURNAMES)}"
        p.children = rng.choice((0, 1, 2, 2, 3, 3, 4, 5, 6)) if year < 1900 else rng.choice((0, 1, 2, 2, 3))
    return p
