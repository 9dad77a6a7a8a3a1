"""Shared prose helpers of the generated-article writers: places, directions, climate
tables, census paragraphs and link markup for the world's records."""

from __future__ import annotations

import math
import random

from .entities import Person, Thing, Town
from .gen_region import PORT_ALDER_LATLON, distance_km
from .grammar import figure, join, percent, vary

COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
MONTH_ABBR = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def direction(frm: tuple[float, float], to: tuple[float, float]) -> str:
    """The compass direction from `frm` to `to` ('south-east')."""
    dy = to[0] - frm[0]
    dx = (to[1] - frm[1]) * math.cos(math.radians(frm[0]))
    ang = (math.degrees(math.atan2(dx, dy)) + 360) % 360
    return COMPASS[int((ang + 22.5) // 45) % 8]


def where_from_port_alder(lat: float, lon: float) -> str:
    km = distance_km(PORT_ALDER_LATLON, (lat, lon))
    return f"about {round(km):,} kilometres ({round(km * 0.621):,} mi) {direction(PORT_ALDER_LATLON, (lat, lon))} of [[Port Alder]]"


def town_link(t: Town | None, title: str) -> str:
    """Markup of a town's link showing its short name ('[[Fernbrook, Oregon|Fernbrook]]')."""
    if t is None:
        return f"[[{title}]]" if title in ("Port Alder",) else title
    return f"[[{t.title}|{t.name}]]"


def person_link(p: Person) -> str:
    return f"[[{p.title}|{p.name}]]" if p.title != p.name else f"[[{p.name}]]"


def thing_link(x: Thing, italic: bool = False) -> str:
    shown = x.name
    inner = f"[[{x.title}|{shown}]]" if x.title != shown else f"[[{shown}]]"
    return f"''{inner}''" if italic else inner


def the_thing(x: Thing, italic: bool = False) -> str:
    """'the [[Fernbrook Courier]]', but '[[The Otterbrook Courier]]' for a name that starts with 'The'."""
    link = thing_link(x, italic)
    return link if x.name.startswith(("The ", "St. ")) or x.kind in ("book", "album", "film", "artwork") \
        else "the " + link


def life(p: Person) -> str:
    return f"{p.born[0]}–{p.died[0]}" if p.died else f"born {p.born[0]}"


def climate(rng: random.Random, terrain: str, elevation: int) -> dict[str, list[float]]:
    """Monthly means for a place: mild and wet on the coast, colder and snowier in the hills."""
    base_hi = {"coast": (10.5, 21.0), "valley": (8.0, 28.5), "mountains": (3.5, 24.0)}[terrain]
    lapse = elevation * 0.0055
    winter_hi, summer_hi = base_hi[0] - lapse, base_hi[1] - lapse + rng.uniform(-1, 1)
    rain_year = {"coast": rng.uniform(1600, 2400), "valley": rng.uniform(950, 1350),
                 "mountains": rng.uniform(1500, 2800)}[terrain]
    shape = (0.15, 0.12, 0.11, 0.07, 0.05, 0.03, 0.01, 0.015, 0.03, 0.08, 0.15, 0.175)
    hi, lo, pr, sn, days = [], [], [], [], []
    for m in range(12):
        t = (1 - math.cos((m - 0.5) / 12 * 2 * math.pi)) / 2  # 0 in January, 1 in July
        h = winter_hi + (summer_hi - winter_hi) * t
        spread = {"coast": 6.0, "valley": 10.5, "mountains": 12.0}[terrain] * (0.8 + 0.4 * t)
        hi.append(round(h, 1))
        lo.append(round(h - spread, 1))
        rain = rain_year * shape[m] * rng.uniform(0.9, 1.1) / sum(shape) * 1.0
        pr.append(round(rain, 0))
        cold = max(0.0, 1.5 - (h - spread))
        sn.append(round(cold * rng.uniform(4, 12) if terrain != "coast" or cold > 1 else 0.0, 0))
        days.append(round(4 + rain / 18, 0))
    return {"hi": hi, "lo": lo, "precip": pr, "snow": sn, "days": days}


def climate_table(c: dict[str, list[float]]) -> tuple[list[str], list[list[str]]]:
    headers = ["Month", *MONTH_ABBR, "Year"]

    def row(label: str, vals: list[float], total: bool) -> list[str]:
        agg = sum(vals) if total else sum(vals) / len(vals)
        fmt = (lambda x: f"{x:.0f}") if total else (lambda x: f"{x:.1f}")
        return [label, *(fmt(v) for v in vals), fmt(agg)]

    mean = [round((h + lo) / 2, 1) for h, lo in zip(c["hi"], c["lo"])]
    rows = [row("Mean daily maximum °C", c["hi"], False), row("Daily mean °C", mean, False),
            row("Mean daily minimum °C", c["lo"], False), row("Average precipitation mm", c["precip"], True)]
    if sum(c["snow"]) > 0:
        rows.append(row("Average snowfall cm", c["snow"], True))
    rows.append(row("Average precipitation days", c["days"], True))
    return headers, rows


def census_table(census: dict[int, int]) -> tuple[list[str], list[list[str]]]:
    rows, prev = [], None
    for y in sorted(census):
        pop = census[y]
        change = "—" if not prev else f"{(pop - prev) / prev * 100:+.1f}%"
        rows.append([str(y), figure(pop), change])
        prev = pop
    return ["Census", "Pop.", "%±"], rows


def makeup(rng: random.Random) -> list[tuple[str, float]]:
    """Shares of a population by race as the census counts it (summing to 100)."""
    raw = [("White", rng.uniform(68, 92)), ("Hispanic or Latino (of any race)", 0.0),
           ("Native American", rng.uniform(0.4, 4.5)), ("Asian", rng.uniform(0.3, 6.5)),
           ("African American", rng.uniform(0.1, 2.2)), ("Pacific Islander", rng.uniform(0.05, 0.6)),
           ("from other races", rng.uniform(0.5, 5.0)), ("from two or more races", rng.uniform(2.0, 8.0))]
    total = sum(v for _, v in raw)
    out = [(k, round(v / total * 100, 1)) for k, v in raw if k != "Hispanic or Latino (of any race)"]
    out.append(("Hispanic or Latino (of any race)", round(rng.uniform(3.0, 21.0), 1)))
    return out


def census_paragraph(rng: random.Random, name: str, year: int, pop: int, area: float, city: bool) -> list[str]:
    """Sentences in the style of the census summaries of American place articles."""
    hh = max(1, int(pop / rng.uniform(2.2, 2.7)))
    fam = int(hh * rng.uniform(0.55, 0.7))
    density = pop / max(0.1, area)
    units = int(hh * rng.uniform(1.04, 1.18))
    shares = makeup(rng)
    race = join([f"{percent(v)} {k}" for k, v in shares[:-1]])
    kids = rng.uniform(18, 31)
    married = rng.uniform(42, 58)
    age = rng.uniform(34, 51)
    under18, over65 = rng.uniform(17, 27), rng.uniform(13, 27)
    s = [vary(rng, "<As of|At> the [[United States census|census]] of {y}, there were {p} people, {h} households, "
                   "and {f} families <residing|living> in the {kind}.",
              y=year, p=figure(pop), h=figure(hh), f=figure(fam), kind="city" if city else "community"),
         vary(rng, "The population density was {d} inhabitants per square kilometre. There were {u} housing units.",
              d=figure(round(density, 1)), u=figure(units)),
         f"The racial makeup of the {'city' if city else 'community'} was {race}. "
         f"Hispanic or Latino of any race were {percent(shares[-1][1])} of the population.",
         vary(rng, "There were {h} households, of which {k} had children under the age of 18 living with them and "
                   "{m} were married couples living together.", h=figure(hh), k=percent(kids), m=percent(married)),
         vary(rng, "The median age <was|in the {kind} was> {a} years; {u} of residents were under the age of 18 and "
                   "{o} were 65 years of age or older.", a=f"{age:.1f}", u=percent(under18), o=percent(over65),
              kind="city" if city else "community")]
    if city and pop > 400:
        income = int(rng.uniform(38_000, 92_000) * (0.45 if year < 2000 else 1.0))
        s.append(vary(rng, "The median income for a household was ${i}, and about {pov} of the population lived "
                           "below the poverty line.", i=figure(income), pov=percent(rng.uniform(5, 21))))
    return s


def ranked(items: list, key, n: int) -> list:
    return sorted(items, key=key)[:n]
