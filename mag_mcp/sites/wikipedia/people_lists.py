"""The lists and tables at the end of a biography, as Wikipedia has them by field:
electoral history, list of works, bibliography, discography, selected publications,
career statistics. A person's own records (with links) come first; the rest are
minor works that exist only in the list."""

from __future__ import annotations

import re

from .article import Article
from .entities import Person, Thing
from .grammar import figure
from .prose import thing_link, town_link
from .worldgraph import World
from . import wordbanks as W

_MARKUP_LINK = re.compile(r"\[\[(?:[^|\]]*\|)?([^\]]*)\]\]")  # [[Title|shown]] or [[Title]] -> its shown text
JOURNALS = ("Journal of Pacific Coast Science", "Northwest Science", "Oregon Historical Quarterly",
            "Bulletin of the Alder County Medical Society", "Coastal Ecology", "Journal of Regional Geology",
            "Proceedings of the Oregon Academy of Science", "Marine Biology Letters")


def _title(a: Article) -> str:
    return a.pick(W.TITLE_PATTERNS).format(adj=a.pick(W.TITLE_ADJ), noun=a.pick(W.TITLE_NOUNS),
                                           noun2=a.pick(W.TITLE_NOUNS), place=a.pick(("the Coast", "Alder Bay",
                                                                                      "the Valley", "the Hills")))


def _years(a: Article, p: Person, n: int, lo: int = 24) -> list[int]:
    end = min(2021, p.died[0] if p.died else 2021)
    start = p.born[0] + lo
    if start >= end:
        return []
    return sorted(a.rng.randrange(start, end) for _ in range(n))


def add_lists(a: Article, w: World, p: Person, made: list[Thing]) -> None:
    g = p.occupation
    towns = [t for t in w.towns if t.status != "ghost town"]
    if g in ("politician", "judge") and p.offices:
        rows = []
        for start, _end, office in p.offices:
            for y in (start, *([start + 4] if a.rng.random() < 0.5 else [])):
                if y < 2021:
                    share = a.rng.uniform(50.5, 71.0)
                    rows.append([str(y), _MARKUP_LINK.sub(r"\1", office),
                                 figure(a.rng.randrange(800, 60_000)), f"{share:.1f}%", "Won"])
        for y in _years(a, p, a.rng.randrange(0, 3), 30):
            rows.append([str(y), a.pick(("County commissioner", "State senate", "City council", "State house")),
                         figure(a.rng.randrange(500, 30_000)), f"{a.rng.uniform(28.0, 49.4):.1f}%", "Lost"])
        rows.sort()
        sec = a.section("Electoral history")
        sec.table = (["Year", "Office", "Votes", "Share", "Result"], rows)
    elif g in ("architect", "engineer"):
        items = [f"{thing_link(x)}, {town_link(w.town(x.place), x.place) if w.town(x.place) else x.place} ({x.year})"
                 for x in made if x.kind == "building"]
        for y in _years(a, p, a.rng.randrange(4, 11), 26):
            t = a.pick(towns)
            items.append(a.v("<{s} House|Addition to the {t} school|{s} Block|Store for {s} & Sons|Bridge over "
                             "{f} Creek|Farmhouse for the {s} family|Parsonage of the {t} church>, {t} ({y})",
                             s=a.pick(W.SURNAMES), t=t.name, f=a.pick(W.PLACE_FIRST), y=y))
        sec = a.section("List of works")
        sec.items = items
    elif g in ("writer", "journalist"):
        items = [f"''{thing_link(x)}'' ({x.year}, {x.subtype})" for x in made if x.kind == "book"]
        for y in _years(a, p, a.rng.randrange(3, 9)):
            items.append(f"''{_title(a)}'' ({y}, {a.pick(('novel', 'stories', 'poems', 'essays', 'memoir'))}, "
                         f"{a.pick(W.PUBLISHERS)})")
        sec = a.section("Bibliography")
        sec.items = items
    elif g in ("musician", "actor", "director"):
        label = {"musician": "Discography", "actor": "Filmography", "director": "Filmography"}[g]
        rows = [[f"''{thing_link(x)}''", str(x.year), x.kind] for x in made if x.kind in ("film", "album")]
        if p.band:
            rows += [[f"''{thing_link(x)}''", str(x.year), f"album ({w.by_title[p.band].name})"]
                     for x in w.works if x.kind == "album" and x.makers == [p.band]]
        for y in _years(a, p, a.rng.randrange(3, 8), 18):
            rows.append([f"''{_title(a)}''", str(y), a.pick(("single", "EP", "live album", "short film", "television "
                                                             "film", "stage production"))])
        sec = a.section(label)
        sec.table = (["Title", "Year", "Notes"], sorted(rows, key=lambda r: r[1]))
    elif g in ("painter", "sculptor", "photographer"):
        items = [f"''{thing_link(x)}'' ({x.year}, {x.subtype})" for x in made if x.kind == "artwork"]
        for y in _years(a, p, a.rng.randrange(4, 10), 20):
            items.append(f"''{_title(a)}'' ({y}), {a.pick(W.ART_MEDIA)}")
        sec = a.section("Selected works")
        sec.items = items
    elif g in ("scientist", "physician", "educator"):
        items = []
        initials = "".join(x[0] + "." for x in p.name.split()[:-1])
        for y in _years(a, p, a.rng.randrange(4, 10), 25):
            paper = a.v("<On|Notes on|A survey of|Observations of|The> {t}", t=_topic(a))
            pages = f"{a.rng.randrange(1, 400)}–{a.rng.randrange(401, 480)}"
            items.append(f"{p.surname}, {initials} ({y}). \"{paper}\". ''{a.pick(JOURNALS)}''. "
                         f"{a.rng.randrange(2, 60)} ({a.rng.randrange(1, 12)}): {pages}.")
        sec = a.section("Selected publications")
        sec.items = items
    elif g in ("footballer", "rower", "runner") and p.teams:
        rows = []
        for s0, e0, club in p.teams:
            for y in range(s0, e0 + 1):
                apps = a.rng.randrange(4, 34)
                rows.append([f"{y}–{str(y + 1)[2:]}", f"[[{club}]]", "Cascadia Football League", str(apps),
                             str(a.rng.randrange(0, max(1, apps // 3)))])
        sec = a.section("Career statistics")
        sec.table = (["Season", "Club", "League", "Apps", "Goals"], rows)
    elif g == "captain":
        items = [f"''{thing_link(x)}'' ({x.subtype}, {x.year})" for x in made if x.kind == "ship"]
        for y in _years(a, p, a.rng.randrange(2, 6), 22):
            items.append(f"''{a.pick(W.FEMALE_OLD)} {a.pick(('Belle', 'Queen', 'Star', ''))}''".replace(" ''", "''")
                         + f" ({a.pick(('schooner', 'steam schooner', 'tug', 'barkentine'))}, from {y})")
        sec = a.section("Ships commanded")
        sec.items = items


def _topic(a: Article) -> str:
    from .people_events import TOPICS
    return a.pick(TOPICS) + a.v("< in Alder Bay|| of the Oregon coast| in the Alder valley| near Port Alder>")
