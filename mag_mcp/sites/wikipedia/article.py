"""Building one generated article: its random stream, sections, references and draft.

`Article` is what every generated-article writer fills in: paragraphs go into
sections with `para`, footnote markers come from `cite` (which also writes the
citation into the article's reference list), and `draft()` returns the `Draft`
the seed renders. Citations name invented sources only: the region's newspapers
(the wiki's own articles where they have one), its historical society, local
publishers and public agencies; book citations carry a well-formed ISBN-13.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from . import wordbanks as W
from .grammar import MONTHS, cite, mdy, random_date, vary
from .writer import Draft, ImageSpec, Section, rng_for

PUBLISHER_TITLES = set(W.PUBLISHERS)
_YEAR_RE = re.compile(r"\b(1[89]\d\d|20[0-2]\d)\b")
_STRIP_RE = re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]|''+|\[#\d+\]")
# sources that have an article of their own
LINKED_PUBLICATIONS = {"The Alder Gazette"}


def isbn13(rng: random.Random) -> str:
    digits = [9, 7, 8, 0] + [rng.randrange(10) for _ in range(8)]
    check = (10 - sum(d * (3 if i % 2 else 1) for i, d in enumerate(digits)) % 10) % 10
    s = "".join(map(str, digits + [check]))
    return f"{s[:3]}-{s[3]}-{s[4:8]}-{s[8:12]}-{s[12]}"


@dataclass
class Article:
    title: str
    kind: str
    entity: str | None
    description: str
    infobox: list[tuple[str, str]] = field(default_factory=list)
    lead: list[str] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    see_also: list[str] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    image: ImageSpec | None = None
    infobox_title: str | None = None
    redirects: list[str] = field(default_factory=list)
    hatnote: str = ""
    navboxes: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    local_papers: list[str] = field(default_factory=list)  # titles of newspapers that cover the subject

    def __post_init__(self) -> None:
        self.rng = rng_for(self.title)

    # --- writing -----------------------------------------------------------------

    def section(self, heading: str, level: int = 2) -> Section:
        s = Section(heading, level=level)
        self.sections.append(s)
        return s

    def para(self, heading: str, sentences: list[str], level: int = 2, cite: bool = True) -> Section:
        """Append a paragraph to the section `heading` (created when missing). Unless `cite` is
        False, one or two of its sentences that carry no footnote yet get one (a source for the
        fact, as an encyclopedia gives)."""
        sec = next((s for s in self.sections if s.heading == heading), None) or self.section(heading, level)
        sentences = [x for x in sentences if x]
        if cite and sentences:
            self.footnote(sentences)
        text = " ".join(sentences)
        if text:
            sec.paragraphs.append(text)
        return sec

    def footnote(self, sentences: list[str]) -> None:
        """Add citations to up to two sentences of `sentences` (in place) that have none."""
        free = [i for i, x in enumerate(sentences) if "[#" not in x and len(x) > 40]
        if not free or all("[#" in x for x in sentences[-1:]) and self.rng.random() < 0.5:
            return
        for i in self.rng.sample(free, min(len(free), self.rng.choice((1, 1, 2)))):
            m = _YEAR_RE.search(sentences[i])
            year = int(m.group(0)) if m else self.rng.randrange(1950, 2021)
            words_ = _STRIP_RE.sub(lambda m: m.group(1) or "", sentences[i]).split()[:7]
            headline = " ".join(words_).rstrip(",.;:")
            sentences[i] = sentences[i] + self.cite_any(self.title, year, headline[:1].upper() + headline[1:])

    def v(self, template: str, **slots: object) -> str:
        return vary(self.rng, template, **slots)

    def pick(self, options: list[str] | tuple[str, ...]) -> str:
        return options[self.rng.randrange(len(options))]

    # --- references --------------------------------------------------------------

    def _add(self, text: str) -> str:
        self.references.append(text)
        return cite(len(self.references))

    def cite_free_isbn(self) -> str:
        """A well-formed ISBN-13 for an edition table (not a citation)."""
        return isbn13(self.rng)

    def cite_news(self, headline: str, year: int, paper: str | None = None) -> str:
        rng = self.rng
        y, m, d = random_date(rng, min(2022, max(1850, year)))
        paper = paper or (rng.choice(self.local_papers) if self.local_papers and rng.random() < 0.6
                          else rng.choice(W.PUBLICATIONS))
        name = paper if paper not in LINKED_PUBLICATIONS and paper not in self.local_papers else f"[[{paper}]]"
        author = f"{rng.choice(W.SURNAMES)}, {rng.choice(W.MALE_MID + W.FEMALE_MID)}. " if y > 1905 else ""
        page = f" p. {rng.randrange(1, 28)}." if rng.random() < 0.7 else ""
        return self._add(f"{author}\"{headline}\". ''{name}''. {mdy(y, m, d)}.{page}")

    def cite_book(self, subject: str, year: int | None = None) -> str:
        rng = self.rng
        y = year or rng.randrange(1950, 2021)
        author = f"{rng.choice(W.SURNAMES)}, {rng.choice(W.MALE_NEW + W.FEMALE_NEW + W.MALE_MID + W.FEMALE_MID)}"
        book_title = vary(rng, "<A History of|The Story of|Chronicles of|Notes on|Remembering|Building> {s}"
                               "<| : <The First Hundred Years|An Illustrated History|Places and People|A Centennial "
                               "History>>", s=subject)
        pub = rng.choice(W.PUBLISHERS)
        return self._add(f"{author} ({y}). ''{book_title}''. [[{pub}]]. p. {rng.randrange(3, 420)}. "
                         f"ISBN {isbn13(rng)}.")

    def cite_web(self, page: str, publisher: str, year: int | None = None) -> str:
        rng = self.rng
        y, m, d = random_date(rng, year or rng.randrange(2009, 2023))
        return self._add(f"\"{page}\". {publisher}. Retrieved {mdy(y, m, d)}.")

    def cite_archive(self, what: str, year: int) -> str:
        rng = self.rng
        archive = rng.choice(W.ARCHIVES)
        box = f"Box {rng.randrange(1, 90)}, folder {rng.randrange(1, 40)}"
        return self._add(f"{what}, {year}. {archive}, {box}.")

    def cite_any(self, subject: str, year: int, headline: str | None = None) -> str:
        """A citation of the most plausible kind for a fact of `year` about `subject`."""
        r = self.rng.random()
        if headline and r < 0.55:
            return self.cite_news(headline, year + (0 if self.rng.random() < 0.8 else 1))
        if r < 0.75:
            return self.cite_book(subject)
        if year < 1950 and r < 0.9:
            return self.cite_archive(self.pick(("Minutes of the county commission", "Deed records", "Letters",
                                                "Annual report", "Survey field notes", "Photograph collection")),
                                     year)
        return self.cite_web(f"{subject}", self.pick(("Alder County Historical Society", "Oregon Heritage Commission",
                                                      "Port Alder City Archives", "Oregon Parks and Recreation")))

    # --- output ------------------------------------------------------------------

    def cite_lead(self) -> None:
        """Footnotes for the lead, as for any paragraph."""
        self.footnote(self.lead)

    def draft(self) -> Draft:
        if self.lead and not any("[#" in x for x in self.lead):
            self.cite_lead()
        d = Draft(self.title, self.kind, self.entity, self.description, self.infobox, self.lead,
                  [s for s in self.sections if s.paragraphs or s.items or s.table], self.see_also,
                  self.categories, self.image, self.infobox_title, self.redirects)
        d.references = self.references
        d.hatnote = self.hatnote
        d.navboxes = self.navboxes
        return d


def month_name(m: int) -> str:
    return MONTHS[m - 1]
