"""Biographies of the generated people.

A biography tells what the world records about the person (birth, schooling,
marriage, the works, offices, clubs and ships tied to them, awards, death, what
was named after them) in the occupation's own vocabulary (`people_text`), with a
works table or list where there is something to list. Years and places come from
the records, so a building's article and its architect's biography agree.
"""

from __future__ import annotations

from .article import Article
from .entities import Person, Thing
from .gen_people import OCCUPATIONS
from .grammar import a_an, join, mdy, words
from .people_lists import add_lists
from .people_life import career_steps, write_steps
from .people_text import CAREER, DEATH, DECADE, FAMILY, FIELDS, HOBBIES, LEGACY, PERSONAL, STYLE
from .prose import life, person_link, thing_link, town_link
from .worldgraph import World
from . import context as C
from . import enrich as E
from .writer import ImageSpec
from . import wordbanks as W

CEMETERIES = ("Pioneer Cemetery", "Riverview Cemetery", "Odd Fellows Cemetery", "Hillside Cemetery",
              "Mount Calvary Cemetery", "Seaview Memorial Park")


_LINKED_SCHOOLS = {"Port Alder University"}


def _pron(p: Person) -> dict[str, str]:
    f = p.gender == "f"
    return {"he": "she" if f else "he", "his": "her" if f else "his", "him": "her" if f else "him",
            "He": "She" if f else "He", "His": "Her" if f else "His"}


def _place(w: World, title: str) -> str:
    t = w.town(title)
    if t:
        return town_link(t, title)
    return "[[Port Alder]]" if title == "Port Alder" else title


def _kids(n: int) -> str:
    return "no children" if n == 0 else "one child" if n == 1 else f"{words(n)} children"


def person_article(w: World, p: Person) -> Article:
    occ_label = OCCUPATIONS[p.occupation][4]
    pr = _pron(p)
    a = Article(p.title, "person", p.title, f"American {occ_label} ({life(p)})", infobox_title=p.name)
    made = w.made_by.get(p.title, [])
    tense = "was" if p.died else "is"
    dates = f"{mdy(*p.born)} – {mdy(*p.died)}" if p.died else f"born {mdy(*p.born)}"
    known = _known_for(w, p, made)
    p.notable_for = known
    a.lead = [a.v("'''{name}''' ({dates}) {t} an American {occ}<| from {bp}>" + (", known for {k}." if known else "."),
                  name=p.name, dates=dates, t=tense, occ=occ_label, bp=_place(w, p.birthplace), k=known)]
    summary = []
    if p.offices:
        summary.append(a.v("{He} served as {o}.", o=join([f"{o[2].replace('Member of', 'a member of')} "
                                                          f"({o[0]}–{o[1] or 'present'})" for o in p.offices[:3]]),
                           **pr))
    if p.awards:
        summary.append(a.v("{His} honours include the {aw}.", aw=join(sorted({x[1] for x in p.awards})), **pr))
    if summary:
        a.lead.append(" ".join(summary))
    # early life
    born_place = _place(w, p.birthplace)
    parents = a_an(a.pick(("farmer and his wife", "schoolteacher and a carpenter", "logger and his wife",
                           "storekeeper and a seamstress", "fisherman and a cannery worker", "minister and his wife",
                           "doctor and a nurse", "mill hand and a laundress", "family of Norwegian immigrants",
                           "family of Japanese immigrants", "ship's carpenter and a teacher",
                           "dairy farmer and his wife", "railway clerk and a milliner")))
    early = [a.v("{name} was born on {d} in {bp}<, the {ord} of {k} children of {par}| to {par}>.",
                 name=p.name, d=mdy(*p.born), bp=born_place, ord=a.pick(("eldest", "second", "third", "youngest")),
                 k=words(a.rng.randrange(2, 9)), par=parents) + a.cite_any(p.name, p.born[0]),
             a.v("<{He} grew up|The family lived> <on a farm outside town|above the family store|near the harbour|in "
                 "a house by the river|in a company house by the mill>, and {he} <attended|went to> <the local public "
                 "schools|a one-room school|the town's high school>.", **pr),
             a.v("<As a child|In {his} teens|At school>, {he} <was known for|showed> <a talent for drawing|a quick "
                 "temper|an interest in machines|a love of books|a strong singing voice|a gift for numbers|an "
                 "interest in the natural world><|, and {he} <worked|spent summers working> <on the family farm|in a "
                 "cannery|as a delivery boy|on a survey crew>>.", **pr).replace("delivery boy", "delivery girl" if
                                                                                p.gender == "f" else "delivery boy"),
             a.v("<A teacher|An aunt|The local minister|A neighbour> <encouraged|persuaded> {him} to <continue {his} "
                 "studies|leave home|apply for a scholarship|take up {occ}>.", occ=_field_word(p.occupation), **pr)]
    if w.town(p.birthplace) is None and p.birthplace != "Port Alder":
        early.append(a.v("The family moved west to [[Oregon]] when {he} was {k}<|, settling in the Alder valley>.",
                         k=words(a.rng.randrange(2, 17)), **pr))
    for year, inst, degree in p.education:
        early.append(a.v("{He} <graduated from {i} in {y}|studied at {i}, graduating in {y}> with {deg}.",
                         i=f"[[{inst}]]" if inst in ("Port Alder University",) or inst in w.by_title else inst, y=year,
                         deg=degree, **pr))
    a.para("Early life and education", early)
    a.para("Early life and education", [a.v(x, n=p.surname, f=f"{a.pick(W.MALE_OLD + W.MALE_MID)} {p.surname}",
                                            m=f"{a.pick(W.FEMALE_OLD + W.FEMALE_MID)}", k=words(a.rng.randrange(1, 8)),
                                            **pr) for x in FAMILY])
    if w.town(p.birthplace):
        a.para("Early life and education", C.town_then(a, w, p.birthplace, p.born[0]))
    a.para("Career", C.era(a, p.born[0] + 30)[:1]) if p.occupation != "pioneer" else None
    _career(a, w, p, made, pr)
    _decades(a, w, p, pr)
    from .people_events import GROUP
    a.para("Style and assessment", [a.v(x, n=p.surname, **pr) for x in STYLE[GROUP[p.occupation]]])
    _personal(a, w, p, pr)
    add_lists(a, w, p, made)
    E.person_chronology(a, w, p, made)
    _infobox_and_rest(a, w, p, made, known)
    return a


def _decades(a: Article, w: World, p: Person, pr: dict[str, str]) -> None:
    """One short paragraph per decade of the working life, set against the region's history."""
    start = p.born[0] + 25
    end = min(2021, p.died[0] if p.died else 2021, p.born[0] + 75)
    towns = [t for t in w.towns if t.status == "city"]
    heading = "Later career" if p.occupation != "pioneer" else "Later years"
    for dec in range(start // 10 * 10, end, 10):
        t = a.pick(towns)
        a.para(heading, [C.era(a, dec)[0], a.v(a.pick(DECADE), dec=f"{dec}s", n=p.surname,
                                                  town=town_link(t, t.title), **pr)], level=3)


def _field_word(occ: str) -> str:
    return {"architect": "architecture", "engineer": "engineering", "writer": "writing", "journalist": "journalism",
            "musician": "music", "painter": "painting", "sculptor": "sculpture", "photographer": "photography",
            "actor": "acting", "director": "film", "scientist": "science", "physician": "medicine",
            "educator": "teaching", "footballer": "football", "rower": "rowing", "runner": "running",
            "captain": "a life at sea", "clergy": "the ministry", "activist": "public speaking", "judge": "the law",
            "politician": "public life", "businessperson": "business", "pioneer": "farming"}[occ]


def _known_for(w: World, p: Person, made: list[Thing]) -> str:
    if made:
        best = made[0]
        verb = {"building": "designing", "company": "founding", "organization": "founding", "book": "writing",
                "film": "directing", "artwork": "creating", "ship": "commanding", "album": "recording",
                "band": "co-founding"}.get(best.kind, "creating")
        italic = best.kind in ("book", "film", "album", "ship")
        return f"{verb} {'the ' if best.kind in ('building', 'company', 'organization') else ''}" \
               f"{thing_link(best, italic)}"
    if p.works and w.town(p.works[0]):
        t = w.town(p.works[0])
        return f"founding {town_link(t, t.title)}"
    if p.band:
        return f"playing in [[{p.band}|{w.by_title[p.band].name}]]"
    if p.offices:
        return p.offices[0][2].replace("Member of the", "serving in the").replace("Mayor of", "serving as mayor of")
    if p.teams:
        return f"playing for [[{p.teams[0][2]}]]"
    return ""


def _career(a: Article, w: World, p: Person, made: list[Thing], pr: dict[str, str]) -> None:
    bank = CAREER[p.occupation]
    field = a.pick(FIELDS.get(p.occupation, ("the history of the region",)))
    heading = {"politician": "Political career", "footballer": "Playing career", "rower": "Rowing career",
               "runner": "Running career", "writer": "Writing career", "musician": "Music career",
               "pioneer": "Settlement", "captain": "At sea", "judge": "Legal career"}.get(p.occupation, "Career")
    opening = [a.v(x, n=p.surname, field=field, k=words(a.rng.randrange(12, 40)), **pr) for x in bank[:2]]
    opening[-1] += a.cite_any(p.name, p.born[0] + 30)
    a.para(heading, opening)
    write_steps(a, heading, career_steps(a, w, p, pr, made))
    if len(bank) > 2:
        a.para(heading, [a.v(x, n=p.surname, field=field, k=words(a.rng.randrange(12, 40)), **pr) for x in bank[2:]])
    towns = [w.town(x) for x in p.works if w.town(x)]
    for t in towns:
        a.para(heading, [a.v("In {y}, {n} <founded|laid out|established> {t}<| on {his} land claim>, which "
                             "<grew into|became> {desc}.", y=t.founded, n=p.surname, t=town_link(t, t.title),
                             desc={"city": "a city", "ghost town": "a busy camp before it was abandoned"}.get(
                                 t.status, "a small community"), **pr) + a.cite_book(t.name)])
    by_kind: dict[str, list[Thing]] = {}
    for x in made:
        by_kind.setdefault(x.kind, []).append(x)
    sentences = []
    for b in by_kind.get("building", [])[:6]:
        sentences.append(a.v("<In {y}|{y}> <saw the completion of|brought> the {b} in {pl}<|, a {st} {sub}>.",
                             y=b.year, b=thing_link(b), pl=_place(w, b.place), st=b.style, sub=b.subtype))
    for c in by_kind.get("company", []):
        sentences.append(a.v("In {y} {n} <founded|co-founded|started> the {c} in {pl}<|, a {sub} business>.",
                             y=c.year, n=p.surname, c=thing_link(c), pl=_place(w, c.place), sub=c.subtype))
        if c.end:
            sentences.append(a.v("The company {f} in {y}.", f={"acquired": f"was acquired by [[{c.owner}]]" if c.owner
                                                                 else "was sold", "bankrupt": "went bankrupt",
                                                                 "closed": "closed"}[c.fate or "closed"], y=c.end))
    for o in by_kind.get("organization", []):
        sentences.append(a.v("{n} <founded|helped to found|was the first head of> the {o} in {y}.", n=p.surname,
                             o=thing_link(o, o.subtype == "newspaper"), y=o.year))
    for s in by_kind.get("ship", []):
        sentences.append(a.v("{He} <commanded|was master of> the {sub} {s}<| for several years>.", sub=s.subtype,
                             s=thing_link(s, True), **pr))
        if s.fate == "wrecked":
            sentences.append(a.v("The ship was wrecked in {y}<| off the coast>.", y=s.end))
    for i in range(0, len(sentences), 4):
        a.para(heading, sentences[i:i + 4])
    if p.band:
        band = w.by_title[p.band]
        albums = [x for x in w.works if x.kind == "album" and x.makers == [band.title]]
        a.para(heading, [a.v("In {y} {n} <co-founded|joined> the {g} band {b}<|, which {v} in {e}>.", y=band.year,
                             n=p.surname, g=band.subtype, b=thing_link(band), e=band.end or "", v="split up" if
                             band.end else "")] + ([a.v("The band released {k} albums<|, including {x}>.",
                                                       k=words(len(albums)), x=thing_link(albums[0], True))]
                                                   if albums else []))
    if p.offices:
        a.para("Public office", [a.v("{n} <served|was> {o} from {s} to {e}.", n=p.surname, o=o.replace(
            "Member of", "a member of").replace("Mayor of", "mayor of").replace("Judge of", "a judge of"),
                                 s=s0, e=e0 or "the present") for s0, e0, o in p.offices])
        won = [e for e in w.elections if e.rows and e.rows[0][0] == p.title]
        lost = [e for e in w.elections if p.title in [r[0] for r in e.rows[1:]]]
        if won or lost:
            a.para("Public office", [a.v("{He} won the {e}.", e=join([f"[[{e.title}|{e.year} election]]"
                                                                       for e in won]), **pr) if won else "",
                                     a.v("{He} <lost|was defeated in> the {e}.", e=join(
                                         [f"[[{e.title}|{e.year} mayoral election]]" for e in lost]), **pr)
                                     if lost else ""])
    if p.teams:
        a.para(heading, [a.v("{n} played for {c} from {s} to {e}.", n=p.surname, c=f"[[{c}]]", s=s0, e=e0)
                         for s0, e0, c in p.teams])


def _works_table(a: Article, w: World, p: Person, by_kind: dict[str, list[Thing]]) -> None:
    rows = []
    for kind in ("building", "book", "film", "artwork"):
        for x in sorted(by_kind.get(kind, []), key=lambda x: x.year):
            place = _place(w, x.place) if kind == "building" else (f"[[{x.related[0]}]]" if x.related else "—")
            rows.append([thing_link(x, kind in ("book", "film")), str(x.year),
                         x.subtype if kind != "building" else f"{x.style} {x.subtype}", place])
    if rows:
        sec = a.section("Works" if by_kind.get("building") else "Selected works")
        sec.paragraphs.append(a.v("<The following table lists|Works by {n} include> <the main works|those with "
                                  "an article in this encyclopedia>.", n=p.name))
        sec.table = (["Work", "Year", "Type", "Location" if by_kind.get("building") else "Published by / held at"], rows)


def _personal(a: Article, w: World, p: Person, pr: dict[str, str]) -> None:
    s = []
    if p.spouse:
        wed = p.born[0] + a.rng.randrange(21, 36)
        if p.died is None or wed < p.died[0]:
            s.append(a.v(a.pick(PERSONAL), n=p.surname, sp=p.spouse, y=wed, kids=_kids(p.children), **pr))
    for tpl in a.rng.sample(HOBBIES, 2):
        s.append(a.v(tpl, n=p.surname, **pr))
    s.append(a.v("<For many years|Later in life|From the {d}> the family <lived|made its home> <in|at> {pl}<| in a house "
                 "that still stands>.", d=f"{p.born[0] // 10 * 10 + 40}s", pl=_place(w, p.deathplace or p.birthplace)))
    a.para("Personal life", s)
    if p.died:
        age = p.died[0] - p.born[0] - (1 if (p.died[1], p.died[2]) < (p.born[1], p.born[2]) else 0)
        place = _place(w, p.deathplace or "Port Alder")
        cem = f"{(w.town(p.deathplace).name if w.town(p.deathplace) else 'Port Alder')} {a.pick(CEMETERIES)}"
        a.para("Death", [a.v(a.pick(DEATH), n=p.surname, place=place, date=mdy(*p.died), age=age, cem=cem, **pr)
                         + a.cite_news(f"{p.name}, {OCCUPATIONS[p.occupation][4]}, dies at {age}", p.died[0]),
                         a.v("<Obituaries|Tributes> <appeared|were published> in <newspapers across the state|the local "
                             "press|The Alder Gazette>, and <hundreds|several hundred people> <attended|came to> the "
                             "funeral<| at {pl}>.", pl=a.pick(("the Methodist church", "the town hall", "St. Mary's",
                                                               "the Grange hall")))])
    leg = [a.v(tpl, occ=OCCUPATIONS[p.occupation][4] + "s", **pr) for tpl in LEGACY]
    if a.rng.random() < 0.5:
        leg.append(a.v("A <biography|full-length study>, ''{t}'', <appeared|was published> in {y}.",
                       t=a.v("<The Life of|Remembering|A Life:|In Search of> {n}", n=p.name),
                       y=min(2021, (p.died[0] if p.died else p.born[0] + 50) + a.rng.randrange(3, 30)))
                   + a.cite_book(p.name))
    for t in p.named_after:
        x = w.by_title.get(t)
        if isinstance(x, Thing):
            leg.append(a.v("The {x} <is named after|honours|bears the name of> {him}.", x=thing_link(x), **pr))
    a.para("Legacy", leg)
    if p.awards:
        sec = a.section("Awards and honours")
        sec.items = [f"{y} – {aw}" for y, aw in p.awards]


def _infobox_and_rest(a: Article, w: World, p: Person, made: list[Thing], known: str) -> None:
    a.infobox = [("Born", f"{mdy(*p.born)}, {_place(w, p.birthplace)}")]
    if p.died:
        a.infobox.append(("Died", f"{mdy(*p.died)}, {_place(w, p.deathplace or 'Port Alder')}"))
    a.infobox.append(("Occupation", OCCUPATIONS[p.occupation][4].capitalize()))
    for s0, e0, office in p.offices[:2]:
        a.infobox.append(("Office", f"{office} ({s0}–{e0 or 'present'})"))
    if p.education:
        a.infobox.append(("Alma mater", join([f"[[{e[1]}]]" if e[1] in w.by_title or e[1] in _LINKED_SCHOOLS
                                              else e[1] for e in p.education])))
    if p.spouse:
        a.infobox.append(("Spouse", p.spouse))
    if known:
        a.infobox.append(("Known for", known[0].upper() + known[1:]))
    if made:
        a.infobox.append(("Notable work", ", ".join(thing_link(x, x.kind in ("book", "film", "album", "ship"))
                                                    for x in made[:3])))
    if p.awards:
        a.infobox.append(("Awards", p.awards[0][1]))
    occ = OCCUPATIONS[p.occupation][4]
    a.categories = [f"{p.born[0]} births", f"{p.died[0]} deaths" if p.died else "Living people",
                    f"American {occ}s" if not occ.endswith("s") else f"American {occ}",
                    f"People from {w.town(p.birthplace).name + ', Oregon' if w.town(p.birthplace) else p.birthplace}"]
    if p.offices:
        a.categories.append("Oregon politicians")
    a.navboxes = [f"people:{p.occupation}"]
    if made or p.band or p.teams:
        more = [thing_link(x, x.kind in ("book", "film", "album", "ship")) for x in made[1:5]]
        bits = []
        if more:
            bits.append(a.v("<{His} other works include|Among {his} other works are|{He} is also known for> {x}.",
                            x=join(more), **_pron(p)))
        if p.teams:
            bits.append(a.v("{He} played for {c}.", c=join([f"[[{c}]]" for _, _, c in p.teams]), **_pron(p)))
        place = w.town(p.birthplace)
        if place:
            bits.append(a.v("<{He} was born in|A native of> {t}<|, in [[{c}|{cn}]]>.", t=town_link(place, place.title),
                            c=place.county, cn=place.county.split(",")[0], **_pron(p)))
        if bits:
            a.lead.append(" ".join(bits))
    if a.rng.random() < 0.6:
        year = min(2020, p.born[0] + a.rng.randrange(30, 60))
        a.image = ImageSpec(f"{p.title.replace(' ', '_').replace('.', '').replace(chr(39), '')}_portrait.png",
                            a.v("{n}< in {y}|, c. {y}|>", n=p.name, y=year), f"Portrait of {p.name}", "portrait",
                            {"name": p.name, "gender": p.gender, "year": p.born[0]})
    same_occ = [x for x in w.people if x.occupation == p.occupation and x.title != p.title
                and abs(x.born[0] - p.born[0]) < 15][:3]
    a.see_also = [x.title for x in same_occ]
