"""The middle of a biography: a dated sequence of career steps (first jobs with the
region's employers, moves, war service, the person's own works told one by one,
teaching, boards, retirement) so that every life reads as a life, not a list.

Employers are the world's companies and organisations that existed at the time;
colleagues are people of the same occupation who were working then. Every step
is dated inside the person's working life.
"""

from __future__ import annotations

from .article import Article
from .entities import Person, Thing
from .grammar import join, words
from .prose import person_link, the_thing, thing_link, town_link
from .worldgraph import World
from . import wordbanks as W

WAR_SERVICE = (
    (1917, 1918, 1890, 1899, "<served in|joined> the [[United States Army]] <in France|with the American Expeditionary "
                             "Forces> during the [[World War I|First World War]]"),
    (1942, 1945, 1912, 1926, "<served in|joined> the <United States Navy|United States Army|Army Air Forces|Coast "
                             "Guard> during the [[World War II|Second World War]]<|, in the Pacific|, in Europe>"),
    (1951, 1953, 1925, 1933, "<was drafted|served> <in Korea|in the Army> during the Korean War"),
)

WORK_DETAIL = {
    "building": ("The {sub} <is built of|was built in> {mat} and <has|features> {f1} and {f2}.",
                 "<The commission|The design> <came from|was won in a competition held by> <the town council|a local "
                 "congregation|a prominent family|the county> <and|, and> <cost|was built for> about ${cost}.",
                 "<Contemporary reports|The local press> <praised|admired> its {f1}<|, calling it the finest {sub} in the "
                 "county>."),
    "book": ("''{x}'' <tells the story of|follows|is about> {plot}.",
             "<Reviewers|Critics> <praised|admired> its <atmosphere|characters|prose|sense of place>, <though|while> "
             "<some found|others thought> the <ending|pace|plot> <abrupt|slow|contrived>.",
             "<The book|It> <was reprinted|went through several printings|remained in print for decades>."),
    "film": ("''{x}'' <was shot|was filmed> <on location|largely> in {pl} <with a small crew|on a modest budget>.",
             "<The film|It> <premiered|opened> at <the Lantern Theatre|a festival in Portland|cinemas across the "
             "region> and <drew|received> <mixed|warm|enthusiastic> reviews."),
    "artwork": ("''{x}'' ({sub}) <shows|depicts> <the harbour at dawn|a logging crew|a farmhouse in the rain|the river "
                "in flood|a woman reading|the lighthouse in fog>.",
                "<It was acquired by|It entered the collection of|It now hangs in> {held}<| in {y2}>."),
    "company": ("The {x} <began|started out> <with|as> <a single workshop|a small mill|a storefront|a rented loft> "
                "and <grew|expanded> <to employ|until it employed> <about|some> {emp} people.",),
    "organization": ("<Under {his} leadership|With {him} at its head>, the {x} <grew|became> <one of the best-known|"
                     "an important> {sub}s of the region.",),
    "ship": ("<As|While> master of the {x}, {n} <carried|ran> <timber|passengers and mail|salmon|freight> <along the "
             "coast|between the bay and San Francisco|across Alder Bay>.",),
}

PLOTS = ("a family of settlers who lose their claim in a flood", "a lighthouse keeper's daughter during a long winter",
         "two brothers who run rival mills on the same river", "a schoolteacher who arrives in a logging town",
         "a fisherman searching for his missing son", "a journalist investigating a fire at a cannery",
         "three generations of women on a dairy farm", "an architect rebuilding a town after a fire",
         "a boy who stows away on a coastal steamer", "a strike at a sawmill and its aftermath",
         "a ferry captain and the passengers of a single crossing", "a photographer who documents a vanishing town",
         "a young doctor in a valley without roads", "an old woman remembering the town of her childhood")


_OCC_CACHE: dict[int, dict[str, list[Person]]] = {}


def _by_occ(w: World) -> dict[str, list[Person]]:
    if id(w) not in _OCC_CACHE:
        out: dict[str, list[Person]] = {}
        for x in w.people:
            out.setdefault(x.occupation, []).append(x)
        _OCC_CACHE.clear()
        _OCC_CACHE[id(w)] = out
    return _OCC_CACHE[id(w)]


def _employers(w: World, year: int, occ: str) -> list[Thing]:
    kinds = {"journalist": ("newspaper",), "educator": ("high school", "college"), "physician": ("hospital",),
             "scientist": ("college",), "musician": ("record label", "radio station"), "writer": ("newspaper",
                                                                                                 "publisher"),
             "actor": ("radio station",), "footballer": ("football club",)}.get(occ)
    if kinds:
        pool = [o for o in w.orgs if o.subtype in kinds]
    else:
        pool = w.companies
    return [x for x in pool if x.year <= year and (x.end is None or x.end > year)]


def career_steps(a: Article, w: World, p: Person, pr: dict[str, str], made: list[Thing]) -> list[tuple[int, str]]:
    steps: list[tuple[int, str]] = []
    start = max([p.born[0] + a.rng.randrange(19, 26)] + [e[0] + 1 for e in p.education])
    end = min(2021, p.died[0] if p.died else 2021, p.born[0] + a.rng.randrange(62, 75))
    if start >= end:
        return steps
    emp = _employers(w, start, p.occupation)
    if emp:
        e = a.pick(emp)
        steps.append((start, a.v("<After leaving school|In {y}>, {n} <found work at|took a job with|was hired by> "
                                 "{e} in {pl}<|, where {he} stayed {k} years>.", y=start, n=p.surname,
                                 e=the_thing(e, e.subtype == "newspaper"), pl=_place_name(w, e.place),
                                 k=words(a.rng.randrange(2, 9)), **pr)))
    colleagues = [x for x in _by_occ(w).get(p.occupation, []) if x.title != p.title
                  and 30 <= start - x.born[0] <= 70 and (x.died is None or x.died[0] > start)]
    if colleagues:
        c = a.pick(colleagues[:40])
        steps.append((start + 1, a.v("<There|In those years> {he} <met|worked under|learned from> {c}, <whose|and "
                                     "later credited {c2}'s> <example|advice|methods> <shaped|influenced> {his} "
                                     "<work|career>.", c=person_link(c), c2=c.surname, **pr)))
    for lo, hi, blo, bhi, text in WAR_SERVICE:
        if blo <= p.born[0] <= bhi and p.gender == "m" and a.rng.random() < 0.7:
            steps.append((lo, a.v("{n} " + text + ".", n=p.surname)))
    move = start + a.rng.randrange(3, 15)
    if move < end:
        dest = a.pick([t for t in w.towns if t.status == "city" and t.founded < move] or w.towns)
        steps.append((move, a.v("In {y} {he} moved to {t}<|, where {he} would spend most of {his} career>.", y=move,
                                t=a.pick(("[[Port Alder]]", town_link(dest, dest.title))), **pr)))
    for x in made[:6]:
        detail = WORK_DETAIL.get(x.kind)
        if not detail:
            continue
        feats = W.STYLES.get(x.style, (0, 0, (), ("a simple plan", "plain walls")))[3]
        f1, f2 = (a.rng.sample(feats, 2) if len(feats) >= 2 else ("a simple plan", "plain walls"))
        held = f"[[{x.related[0]}]]" if x.related else "a private collection"
        for tpl in detail:
            steps.append((x.year, a.v(tpl, x=x.name, sub=x.subtype, mat=x.facts.get("material", "timber"), f1=f1,
                                      f2=f2, cost=f"{int(x.numbers.get('cost', 5000)):,}", plot=a.pick(PLOTS),
                                      pl=_place_name(w, x.place), held=held, y2=x.year + a.rng.randrange(1, 30),
                                      emp=f"{int(x.numbers.get('employees_peak', 40)):,}", n=p.surname, **pr)))
    if p.occupation in ("architect", "engineer", "scientist", "writer", "painter", "musician") and a.rng.random() < 0.6:
        y = p.born[0] + a.rng.randrange(45, 60)
        if y < end:
            steps.append((y, a.v("From {y} {he} <taught|lectured> <part-time|for several years> at [[Port Alder "
                                 "University]]<|, where {his} students included several future {o}s>.", y=y,
                                 o=p.occupation if p.occupation != "businessperson" else "business leader", **pr)))
    if a.rng.random() < 0.5:
        y = p.born[0] + a.rng.randrange(40, 65)
        if y < end:
            steps.append((y, a.v("{n} <served on|was elected to> the board of the <county historical society|public "
                                 "library|county fair|hospital|chamber of commerce> <in {y}|from {y}>.", n=p.surname,
                                 y=y)))
    steps += episodes(a, w, p, pr, end)
    if p.died is None or end < p.died[0] - 1:
        steps.append((end, a.v("{n} <retired|stepped back from {his} work> in {y}<|, but remained active in local "
                               "affairs>.", n=p.surname, y=end, **pr)))
    return sorted(steps, key=lambda s: s[0])


def episodes(a: Article, w: World, p: Person, pr: dict[str, str], end: int) -> list[tuple[int, str]]:
    """The occupation group's career episodes, each dated inside the person's life (see `people_events`)."""
    from .people_events import EPISODES, GROUP, TOPICS
    out: list[tuple[int, str]] = []
    county = [t for t in w.towns if t.status in ("city", "census-designated place")]
    colleagues = [x for x in _by_occ(w).get(p.occupation, []) if x.title != p.title
                  and abs(x.born[0] - p.born[0]) < 30]
    for lo, hi, templates in EPISODES[GROUP[p.occupation]]:
        for i, tpl in enumerate(a.rng.sample(templates, len(templates))):
            if i and a.rng.random() < 0.08:
                break
            y = p.born[0] + a.rng.randrange(lo, hi + 1)
            if y >= min(end + 1, 2022):
                continue
            emp = _employers(w, y, p.occupation)
            town = a.pick(county)
            out.append((y, a.v(tpl, y=y, n=p.surname, town=town_link(town, town.title),
                               org=thing_link(a.pick(emp), False) if emp else "[[Port Alder University]]",
                               rival=person_link(a.pick(colleagues)) if colleagues else "an older colleague",
                               k=words(a.rng.randrange(3, 19)), num=f"{a.rng.randrange(12, 950) * 10:,}",
                               title=_invented_title(a), pub=f"''{a.pick(W.PUBLICATIONS)}''",
                               topic=a.pick(TOPICS), unit=UNITS.get(p.occupation, "titles"), **pr)))
    return out


UNITS = {"footballer": "goals", "rower": "races", "runner": "races"}


def _invented_title(a: Article) -> str:
    return a.pick(W.TITLE_PATTERNS).format(adj=a.pick(W.TITLE_ADJ), noun=a.pick(W.TITLE_NOUNS),
                                           noun2=a.pick(W.TITLE_NOUNS), place=a.pick(("the Coast", "the Valley",
                                                                                      "Alder Bay", "the River")))


def _place_name(w: World, title: str) -> str:
    t = w.town(title)
    return town_link(t, title) if t else (f"the [[{title}]]" if title in ("Lantern Quarter",) else f"[[{title}]]")


def write_steps(a: Article, heading: str, steps: list[tuple[int, str]]) -> None:
    for i in range(0, len(steps), 4):
        a.para(heading, [s for _, s in steps[i:i + 4]])
