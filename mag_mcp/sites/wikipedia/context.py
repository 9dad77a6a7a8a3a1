"""Background paragraphs that set a record in its time and place: the town as it was
in a given year (its population at the nearest census, founder, industries), a
short account of a person (drawn from their record, the same facts their own
article states), the region's history in the decade, a style, an industry or a
genre. Writers add these as the "Background" or "Context" parts of articles."""

from __future__ import annotations

from .article import Article
from .context_text import ERAS, GENRE_TEXT, INDUSTRY_TEXT, STYLE_TEXT
from .entities import Person, Thing
from .gen_people import OCCUPATIONS
from .grammar import figure, join, mdy
from .prose import person_link, thing_link, town_link
from .worldgraph import World
from . import wordbanks as W


def town_then(a: Article, w: World, place: str, year: int) -> list[str]:
    t = w.town(place)
    if t is None:
        if place == "Port Alder" or place in w.in_place:
            return [a.v("<At the time|In {y}>, [[Port Alder]] was <a growing|the largest> <port|city> of the "
                        "coast<|, and the [[{d}]] district was <still being built up|already busy>>.", y=year,
                        d=place if place != "Port Alder" else "Lantern Quarter")]
        return []
    census = [y for y in sorted(t.census) if y <= year] or sorted(t.census)
    near = census[-1]
    s = [a.v("<When|At the time> {x}, {tn} was {art} {st} of about {p} people<| in {c}>.",
             x=a.pick((f"the work began in {year}", f"this happened in {year}", f"{year} came")),
             tn=town_link(t, t.title), art="an" if t.status[0] in "aeiou" else "a",
             st="town" if t.status == "city" else "small community", p=figure(t.census[near]),
             c=t.county.split(",")[0])]
    if t.founder and year - t.founded < 60:
        f = w.person(t.founder)
        s.append(a.v("It had been founded in {y} by {f}<|, whose family still owned much of the land>.", y=t.founded,
                     f=person_link(f)))
    s.append(a.v("<Its economy rested on|The town lived from|Most residents worked in> {i}.",
                 i=join(list(t.industries[:3]))))
    if t.station and year > 1885:
        s.append(a.v("<Trains of the|The> [[Alder Valley Railway]] <stopped|called> at [[{st}]]<| several times a day>.",
                     st=t.station))
    return s


def person_summary(a: Article, w: World, p: Person, year: int | None = None) -> list[str]:
    occ = OCCUPATIONS[p.occupation][4]
    he = "she" if p.gender == "f" else "he"
    s = [a.v("{p} (<born|b.> {b}) was <then|at the time> {age}<| years old> and <had trained|had been working> as "
             "{art} {occ}.", p=person_link(p), b=p.born[0], age=(year or p.born[0] + 35) - p.born[0],
             art="an" if occ[0] in "aeiou" else "a", occ=occ)]
    if p.education:
        y, inst, deg = p.education[0]
        s.append(a.v("{He} had <studied at|graduated from> {i} in {y}.", He=he.capitalize(), i=inst, y=y))
    others = [x for x in w.made_by.get(p.title, []) if x.year != year][:3]
    if others:
        s.append(a.v("<Other works by|Elsewhere,> {n} <include|included|also produced> {x}.", n=p.surname,
                     x=join([f"{thing_link(x, x.kind in ('book', 'film', 'album'))} ({x.year})" for x in others])))
    if p.died:
        s.append(a.v("{n} died in {y}.", n=p.surname, y=p.died[0]))
    return s


def era(a: Article, year: int) -> list[str]:
    dec = max(1840, min(2010, year // 10 * 10))
    return [a.v(x) for x in ERAS[dec]]


def style(a: Article, w: World, b: Thing) -> list[str]:
    feats = W.STYLES.get(b.style, (0, 0, (), ("a simple plan", "plain walls", "a gabled roof")))[3]
    county = w.county_of(b.place).split(",")[0]
    return [a.v(x, style=b.style, f=join(list(feats[:4])), county=county, n=b.name) for x in STYLE_TEXT]


def industry(a: Article, sub: str) -> list[str]:
    return [a.v(x) for x in INDUSTRY_TEXT.get(sub, ())]


def genre(a: Article, kind: str) -> list[str]:
    return [a.v(x) for x in GENRE_TEXT.get(kind, ())]


def dated(year: int, month: int, day: int) -> str:
    return mdy(year, month, day)
