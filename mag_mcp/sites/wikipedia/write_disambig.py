"""Disambiguation pages, surname pages and hatnotes.

Two kinds of page: a name that several generated articles share ("Eberly Mansion"
is a house in two towns) gets "<name> (disambiguation)" when the bare name is one
of the articles, else the bare name itself; a surname that three or more people
carry gets "<surname> (surname)". Every article listed on a disambiguation page
whose title is the bare name gets a hatnote pointing at the page.
"""

from __future__ import annotations

from collections import defaultdict

from .article import Article
from .entities import Person
from .gen_people import OCCUPATIONS
from .prose import life
from .worldgraph import World


def disambiguation_articles(w: World, articles: dict[str, Article]) -> list[Article]:
    out: list[Article] = []
    for name, entries in sorted(w.titles.shared_names().items()):
        entries = [(t, d) for t, d in entries if t in articles]
        if len(entries) < 2:
            continue
        title = f"{name} (disambiguation)" if any(t == name for t, _ in entries) else name
        if not w.titles.claim_exact(title):
            continue
        a = Article(title, "disambiguation", None, "Disambiguation page")
        a.lead = [f"'''{name}''' may refer to:"]
        sec = a.section("Articles")
        sec.items = [f"[[{t}]], {d}" for t, d in entries]
        a.categories = ["Disambiguation pages"]
        out.append(a)
        for t, _ in entries:
            if t == name:
                articles[t].hatnote = f"For other uses, see [[{title}]]."
    by_surname: dict[str, list[Person]] = defaultdict(list)
    for p in w.people:
        by_surname[p.surname].append(p)
    for surname, people in sorted(by_surname.items()):
        if len(people) < 3:
            continue
        title = f"{surname} (surname)"
        if not w.titles.claim_exact(title):
            continue
        a = Article(title, "disambiguation", None, "Surname page")
        a.lead = [f"'''{surname}''' is a surname. Notable people with the surname include:"]
        sec = a.section("People")
        sec.items = [f"[[{p.title}|{p.name}]] ({life(p)}), {OCCUPATIONS[p.occupation][4]}"
                     for p in sorted(people, key=lambda p: p.name)]
        a.categories = ["Surnames", "Disambiguation pages"]
        out.append(a)
    return out
