"""The history sections of a town's article: a dated timeline of civic milestones
(schools, churches, utilities, roads, mills, fires, wars, renewal) merged with the
world's own records for the town (its companies, buildings, newspapers, schools,
disasters), told in order with varied connectives and split into eras."""

from __future__ import annotations

import re

from .article import Article
from .entities import Town
from .grammar import figure, join, words
from .prose import person_link, thing_link
from .worldgraph import World

# (kind, earliest offset from founding, latest offset, templates) — only milestones before 2021 are told
MILESTONES: tuple[tuple[str, int, int, tuple[str, ...]], ...] = (
    ("school", 1, 9, ("The first school, a one-room <log|frame|clapboard> building, opened in {y}<| with {k} pupils>.",
                      "<Classes|Lessons> were first held in {y} in <a settler's kitchen|the back of the store|a log "
                      "cabin>, with {k} <pupils|children>.")),
    ("store", 0, 6, ("<A general store|The first store> opened in {y}, selling <flour, tools and cloth|"
                     "supplies to loggers and farmers|everything from nails to coffee>.",)),
    ("smithy", 1, 10, ("<A blacksmith|A smithy> set up shop in {y}<|, shoeing horses for the freight wagons>.",)),
    ("road", 2, 20, ("A <wagon road|plank road|county road> <to|towards> {dest} was <opened|completed|graded> in {y}.",
                     "In {y} the county <opened|built> a road <over the hills|along the river> to {dest}.")),
    ("lodge", 8, 35, ("The <Odd Fellows|Masons|Grange> <built a hall|organised a lodge> in {y}.",
                      "A <fraternal lodge|chapter of the Grange> was organised in {y}<| and built a two-storey hall>.")),
    ("telephone", 1888, 1925, ("<Telephone service|The first telephone line> <reached|arrived in> the town in {y}.",)),
    ("electricity", 1898, 1938, ("<Electric lights|Electricity> <came to|reached> {n} in {y}<|, powered by a dam on a nearby "
                             "creek|, supplied from the valley line>.",)),
    ("water", 1905, 1960, ("A <municipal|public> water system, <fed by|drawing on> {src}, <was built|opened> in {y}.",)),
    ("fire", 10, 60, ("In {y} a fire <destroyed|burned> <several buildings|a block of the main street|the hotel and "
                      "two stores>; the town <rebuilt|was rebuilt> in brick.",
                      "A fire in {y} <gutted|swept through> <the business district|the main street><|, after which "
                      "a volunteer fire company was formed>.")),
    ("war1", 1917, 1918, ("During the [[World War I|First World War]], {k} men from {n} served in the armed forces.",)),
    ("depression", 1930, 1936, ("The <Great Depression|depression of the 1930s> <hit the town hard|closed {k} "
                                "businesses|brought relief work to the town>; the <Works Progress Administration|Civilian"
                                " Conservation Corps> <built|improved> <a park|the school gymnasium|roads> in {y}.",)),
    ("war2", 1942, 1945, ("During the [[World War II|Second World War]], <the town's mill ran three shifts|a coastal "
                          "watch station stood on the headland|residents collected scrap metal and rubber>.",)),
    ("consolidation", 1948, 1972, ("In {y} the <rural schools|small school districts> around {n} were "
                                   "<consolidated|merged> into one district.",)),
    ("subdivision", 1955, 1985, ("<New housing|Suburban subdivisions> <spread|grew> <along the highway|on former farmland> "
                                 "in the {dec}.",)),
    ("library", 1960, 2015, ("A new public library opened in {y}<|, replacing a reading room above the fire hall>.",)),
    ("district", 1975, 2015, ("In {y} the <old main street|historic downtown> was listed <as a historic district|on "
                              "the National Register of Historic Places>.",)),
    ("renewal", 1995, 2020, ("<Since the|In the> <late 1990s|2000s|2010s>, <tourism|new businesses|commuters to Port "
                             "Alder> have <revived|changed> the town<|; the old depot now houses {use}>.",)),
)


def _offset_year(a: Article, t: Town, lo: int, hi: int) -> int:
    if lo > 1800:  # absolute years, never before the town's third year
        return max(t.founded + 2, a.rng.randrange(lo, hi + 1))
    return t.founded + a.rng.randrange(lo, max(lo + 1, hi))


def timeline(a: Article, w: World, t: Town) -> list[tuple[int, str]]:
    """(year, sentence) pairs of the town's history, in order."""
    out: list[tuple[int, str]] = []
    seat = w.by_title[t.county].seat
    for kind, lo, hi, templates in MILESTONES:
        y = _offset_year(a, t, lo, hi)
        if y >= 2021 or y <= t.founded or (kind.startswith("war") and t.founded > y - 5):
            continue
        if t.status == "ghost town" and y > 1940:
            continue
        if a.rng.random() < (0.35 if kind in ("smithy", "lodge", "fire", "library") else 0.15):
            continue
        out.append((y, a.v(a.pick(templates), y=y, n=t.name, k=words(a.rng.randrange(6, 19)),
                           dest="[[Port Alder]]" if seat == t.title else f"[[{seat}|{seat.split(',')[0]}]]",
                           src=f"the [[{t.river}|{w.by_title[t.river].name}]]" if t.river else "wells", dec=f"{y // 10 * 10}s",
                           use=a.pick(("a museum", "a café", "the chamber of commerce", "an art gallery")))))
    for c in w.things(t.title, "company"):
        out.append((c.year, a.v("In {y}, {f} <founded|established|opened> the {c}<|, a {s} business>.",
                                y=c.year, f=join([person_link(w.person(m)) for m in c.makers]) or "local investors",
                                c=thing_link(c), s=c.subtype) + a.cite_any(c.name, c.year,
                                                                           f"New {c.subtype} company for {t.name}")))
        if c.end:
            out.append((c.end, a.v("The {c} {fate} in {y}<|, a blow to the town's economy>.", c=thing_link(c), y=c.end,
                                   fate={"acquired": f"was sold to [[{c.owner}]]" if c.owner else "was sold",
                                         "bankrupt": "went bankrupt", "closed": "closed its doors"}[c.fate or "closed"])))
    for b in w.things(t.title, "building"):
        verb = {"church": "was dedicated", "house": "was built", "covered bridge": "was built",
                "courthouse": "was completed", "hotel": "opened"}.get(b.subtype, "opened")
        who = f", designed by {person_link(w.person(b.makers[0]))}" if b.makers else ""
        out.append((b.year, a.v("The {b} {verb} in {y}{who}.", b=thing_link(b), verb=verb, y=b.year, who=who)))
    for o in w.things(t.title, "organization"):
        out.append((o.year, a.v("<The|In {y} the> {o} <was founded|first opened|began> <in {y}|that year>.",
                                o=thing_link(o, o.subtype == "newspaper"), y=o.year)))
    for ev in w.occurrences(t.title):
        if ev.subtype == "festival":
            out.append((ev.year, a.v("The first [[{e}|{n}]] was held in {y}.", e=ev.title, n=ev.name, y=ev.year)))
        else:
            deaths = int(ev.numbers.get("deaths", 0))
            out.append((ev.year, a.v("The [[{e}]] of {y} <destroyed|damaged> {h} homes" + (
                ", and {d} people died." if deaths else "<|; no one was killed>."), e=ev.title, y=ev.year,
                h=figure(int(ev.numbers.get("homes", 10))), d=words(deaths))
                + a.cite_news(f"{ev.name.split(' of ')[0]} leaves damage across {t.name}", ev.year)))
    if t.station:
        out.append((1883 + a.rng.randrange(0, 3), a.v("The [[Alder Valley Railway]] <reached|arrived in> {n} and "
                                                      "[[{st}]] opened<|, giving farmers a way to ship their "
                                                      "produce>.", n=t.name, st=t.station)))
    if t.incorporated:
        out.append((t.incorporated, a.v("{n} was incorporated< as a city|> in {y}.", n=t.name, y=t.incorporated)))
    out.sort(key=lambda e: e[0])
    return out


def connective(a: Article, prev: int | None, year: int) -> str:
    """A relative time phrase ("Two years later, ") when `year` follows `prev` closely, else ""."""
    if prev is None:
        return ""
    gap = year - prev
    if gap == 0:
        return a.pick(("The same year, ", "That year, ", "Also that year, "))
    if gap <= 3:
        return f"{words(gap).capitalize()} year{'s' if gap > 1 else ''} later, "
    return ""


LOWER_OK = {"The", "A", "An", "Classes", "Lessons", "Electric", "Electricity", "Telephone", "New", "Suburban",
            "Since", "Public"}
_LEADING_YEAR = re.compile(r"^(?:In|During) \d{4},? ")


def _joined(lead: str, s: str) -> str:
    """`s` after a connective: a leading "In 1902," dropped, a common first word lower-cased."""
    if not lead:
        return s
    s = _LEADING_YEAR.sub("", s)
    s = re.sub(r" (?:in|during) \d{4}(?=[ ,.;])", "", s, count=1)
    first = s.split(" ", 1)[0]
    if first in LOWER_OK:
        s = s[0].lower() + s[1:]
    return lead + s


def write_history(a: Article, w: World, t: Town, opening: list[str]) -> None:
    events = timeline(a, w, t)
    eras = (("Founding and early years", 0, 1900), ("Twentieth century", 1900, 1970), ("Recent history", 1970, 2100))
    a.para("History", opening)
    for heading, lo, hi in eras:
        chunk = [(y, s) for y, s in events if lo <= y < hi]
        if not chunk:
            continue
        sentences, prev = [], None
        for y, s in chunk:
            sentences.append(_joined(connective(a, prev, y), s))
            prev = y
        for i in range(0, len(sentences), 4):
            a.para(heading, sentences[i:i + 4], level=3)
