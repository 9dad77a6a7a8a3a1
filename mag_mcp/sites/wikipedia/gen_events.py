"""Dated happenings of the region: floods, fires, gales, strikes, earthquakes and
festivals; Port Alder's mayors and mayoral elections; offices held by the region's
politicians and judges; and the Port Alder Herons' seasons in the (invented)
Cascadia Football League with their fixtures and league tables.

The mayors keep the terms the hand-written list gives; the list's gaps are filled
with generated politicians, and from 1963 on every term starts with an election
(one every four years), so the election articles and the list agree.
"""

from __future__ import annotations

import random

from . import facts as F
from .entities import Occurrence, Person, Thing, Town
from .gen_people_pool import Pool
from .grammar import random_date
from .titles import TitleBook

LEAGUE = "Cascadia Football League"
HERONS = "Port Alder Herons"
SEASONS = range(1990, 2022)

EVENT_KINDS = (
    # subtype, count, first year, last year, name patterns ({t}: town, {r}: river, {y}: year)
    ("flood", 10, 1861, 2015, ("{r} flood of {y}", "Great Flood of {y} ({c})", "{y} {t} flood")),
    ("fire", 11, 1870, 2020, ("{t} fire of {y}", "Great {t} Fire", "{y} {c} wildfire")),
    ("storm", 8, 1875, 2016, ("Great Gale of {y}", "{y} {c} windstorm", "Storm of {y} ({c})")),
    ("strike", 7, 1886, 1985, ("{y} {t} mill strike", "{t} cannery strike of {y}", "{y} Port Alder waterfront strike")),
    ("earthquake", 3, 1873, 1993, ("{y} {c} earthquake",)),
    ("mine disaster", 3, 1880, 1935, ("{t} mine disaster", "{y} {t} mine collapse")),
    ("festival", 12, 1895, 2012, ("{t} Blackberry Festival", "{t} Salmon Days", "{c} Fair",
                                  "{t} Timber Carnival", "{t} Jazz Festival", "{t} Cranberry Festival")),
)


def _term_gaps() -> list[tuple[int, int]]:
    """The years of Port Alder's history that the hand-written list of mayors leaves open."""
    terms = sorted((int(t[:4]), 2030 if "present" in t else int(t[5:9])) for _, t in F.MAYORS)
    gaps, prev = [], terms[0][0]
    for start, end in terms:
        if start > prev:
            gaps.append((prev, start))
        prev = max(prev, end)
    return gaps


def make_mayors(rng: random.Random, pool: Pool) -> list[tuple[str, int, int]]:
    """(person title or name, first year, last year) for every mayor of Port Alder, in order."""
    by_name = {p.name: p for ps in pool.by_occ.values() for p in ps}
    out: list[tuple[str, int, int]] = []
    for name, term in F.MAYORS:
        start = int(term[:4])
        end = 0 if "present" in term else int(term[5:9])
        who = by_name[name].title if name in by_name else name
        out.append((who, start, end))
    for lo, hi in _term_gaps():
        y = lo
        while y < hi:
            length = 4 * rng.randrange(1, 4) if lo >= 1963 else rng.choice((2, 2, 4, 4, 6, 8))
            end = min(hi, y + length)
            p = pool.pick(rng, "politician", y, 35, 70)
            if p is None:
                y = end
                continue
            out.append((p.title, y, end))
            p.offices.append((y, end, "Mayor of [[Port Alder]]"))
            y = end
    for title, start, end in out:
        p = next((x for x in by_name.values() if x.title == title), None)
        if p is not None and not any("Port Alder]]" in o[2] for o in p.offices):
            p.offices.append((start, end or None, "Mayor of [[Port Alder]]"))
    return sorted(out, key=lambda m: m[1])


def make_elections(rng: random.Random, book: TitleBook, pool: Pool, mayors: list[tuple[str, int, int]]) -> list[Occurrence]:
    out = []
    for year in range(1963, 2020, 4):
        winner = next(m for m in mayors if m[1] <= year and (m[2] == 0 or m[2] > year))[0]
        incumbent = next((m[0] for m in mayors if m[1] < year and (m[2] == year or m[2] > year)), None)
        rivals = [p.title for p in pool.pick_many(rng, "politician", year, rng.randrange(1, 4), 30, 72)
                  if p.title != winner]
        title = f"{year} Port Alder mayoral election"
        book.claim_exact(title)
        turnout = rng.uniform(0.28, 0.62)
        voters = int(F.CITY_FACTS["population"] * (0.45 + 0.3 * (year - 1963) / 60) * 0.72)
        votes = int(voters * turnout)
        shares = sorted((rng.uniform(0.05, 0.5) for _ in rivals), reverse=True)
        total_rivals = sum(shares)
        win_share = rng.uniform(0.42, 0.71)
        rows = [[winner, str(int(votes * win_share))]]
        for t, s in zip(rivals, shares):
            rows.append([t, str(int(votes * (1 - win_share) * s / total_rivals))])
        ev = Occurrence(name=title, title=title, kind="election", subtype="mayoral", year=year, place="Port Alder",
                        date=(year, 11, rng.randrange(2, 9)), people=[winner, *rivals], rows=rows,
                        numbers={"turnout": round(turnout * 100, 1), "voters": voters},
                        facts={"incumbent": incumbent or ""})
        out.append(ev)
    return out


def assign_offices(rng: random.Random, pool: Pool, towns: list[Town]) -> None:
    """Town mayors, state legislators, county commissioners and judges."""
    for t in towns:
        if t.incorporated is None:
            continue
        y = t.incorporated
        for _ in range(rng.randrange(1, 4)):
            y += rng.randrange(2, 30)
            if y > 2018:
                break
            p = pool.pick(rng, "politician", y, 30, 70)
            if p:
                p.offices.append((y, min(2021, y + rng.randrange(2, 13)), f"Mayor of [[{t.title}|{t.name}]]"))
    for p in pool.by_occ["politician"]:
        if rng.random() < 0.55:
            start = p.born[0] + rng.randrange(30, 50)
            if start < 2020 and (p.died is None or start < p.died[0] - 2):
                office = rng.choice(("Member of the [[Oregon]] House of Representatives",
                                     "Member of the [[Oregon]] State Senate",
                                     "[[Alder County, Oregon|Alder County]] Commissioner",
                                     "[[Hollis County, Oregon|Hollis County]] Commissioner",
                                     "Member of the [[Port Alder City Council]]"))
                end = min(2021, start + rng.randrange(2, 20))
                p.offices.append((start, end, office))
        p.offices.sort()
    for p in pool.by_occ["judge"]:
        start = p.born[0] + rng.randrange(35, 50)
        if start < 2020:
            p.offices.append((start, min(2021, start + rng.randrange(6, 28)),
                              "Judge of the [[{0} County, Oregon|{0} County]] Circuit Court".format(
                                  rng.choice(('Alder', 'Hollis', 'Tamarack', 'Brannock')))))


def make_events(rng: random.Random, book: TitleBook, pool: Pool, towns: list[Town], rivers: list[str],
                buildings: list[Thing]) -> list[Occurrence]:
    out: list[Occurrence] = []
    for sub, n, lo, hi, patterns in EVENT_KINDS:
        for _ in range(n):
            town = rng.choice([t for t in towns if t.status != "ghost town"])
            year = rng.randrange(max(lo, town.founded + 2), max(lo, town.founded + 2, hi) + 1)
            river = town.river or rng.choice(rivers)
            name = rng.choice(patterns).format(t=town.name, r=river.split(" (")[0], y=year,
                                               c=town.county.split(" County")[0] + " County")
            title = book.take(name, [f"{year}", f"{town.name}, {year}"], f"a {sub} in {year}")
            date = random_date(rng, year)
            ev = Occurrence(name=name, title=title, kind="event", subtype=sub, year=year, place=town.title, date=date)
            ev.related = [river] if sub == "flood" else []
            if sub != "festival":
                ev.numbers["deaths"] = rng.choice((0, 0, 1, 2, 3, 4, 7, 11, 19, 26))
                ev.numbers["damage"] = round(rng.uniform(0.05, 40.0) * (1 + max(0, year - 1900) / 15), 2)
                ev.numbers["homes"] = rng.randrange(3, 900)
                hit = [b for b in buildings if b.place == town.title and b.year < year and (b.end is None or b.end > year)]
                if hit:
                    ev.related.append(rng.choice(hit).title)
                officials = pool.pick_many(rng, "politician", year, 1, 30, 75)
                ev.people = [p.title for p in officials]
            else:
                ev.numbers["visitors"] = rng.randrange(2, 90) * 1000
            if sub == "strike":
                ev.numbers["strikers"] = rng.randrange(120, 4_500)
                ev.numbers["weeks"] = rng.randrange(1, 16)
                leaders = pool.pick_many(rng, "activist", year, 1, 20, 70)
                ev.people += [p.title for p in leaders]
            if sub == "earthquake":
                ev.numbers["magnitude"] = round(rng.uniform(4.8, 6.9), 1)
            out.append(ev)
    return out


def make_seasons(rng: random.Random, book: TitleBook, pool: Pool, clubs: list[Thing]) -> list[Occurrence]:
    """One article per Herons season: all home-and-away results against the league's other clubs."""
    others = [c.title for c in clubs][:13]
    players = pool.by_occ["footballer"]
    for p in players:
        start = p.born[0] + rng.randrange(18, 23)
        end = min(2021, start + rng.randrange(2, 14))
        if start <= 2021:
            club = HERONS if rng.random() < 0.6 else rng.choice(others)
            p.teams.append((start, end, club))
    out = []
    for year in SEASONS:
        title = f"{year}–{str(year + 1)[2:]} {HERONS} season"
        book.claim_exact(title)
        squad = [p.title for p in players if any(a <= year <= b and c == HERONS for a, b, c in p.teams)]
        rows = []
        points = {c: 0 for c in [HERONS, *others]}
        for opp in others:
            for home in (True, False):
                gf, ga = rng.choice((0, 1, 1, 2, 2, 3, 4)), rng.choice((0, 1, 1, 2, 2, 3))
                month = rng.choice((8, 9, 10, 11, 12)) if home else rng.choice((1, 2, 3, 4, 5))
                y = year if month >= 8 else year + 1
                day = rng.randrange(1, 28)
                scorer = rng.choice(squad) if squad and gf else ""
                rows.append([f"{y}-{month:02d}-{day:02d}", opp, "H" if home else "A", f"{gf}–{ga}", scorer])
                points[HERONS] += 3 if gf > ga else 1 if gf == ga else 0
                points[opp] += 3 if ga > gf else 1 if gf == ga else 0
        for c in others:  # the other clubs' games among themselves
            points[c] += rng.randrange(18, 56)
        rows.sort(key=lambda r: r[0])
        table = sorted(points.items(), key=lambda kv: (-kv[1], kv[0]))
        position = [c for c, _ in table].index(HERONS) + 1
        managers = [p for p in players if p.born[0] + 38 <= year <= p.born[0] + 62]
        manager = rng.choice(managers).title if managers else ""
        ev = Occurrence(name=title, title=title, kind="season", subtype="football", year=year, place="Port Alder",
                        people=squad, rows=rows, numbers={"position": position, "points": points[HERONS]},
                        facts={"manager": manager, "table": ";".join(f"{c}={pts}" for c, pts in table)})
        out.append(ev)
    return out
