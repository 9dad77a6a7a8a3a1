"""Facts and reusable gold-trajectory parts for tasks on the wiki, read from the real
site at authoring time (the templates are in `wikipedia_tasks`)."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache

from mag_mcp.sites.wikipedia.common import LANDING_SLUG
from mag_mcp.sites.wikipedia.markup import ARTICLE_PREFIX, BOOK, article_url
from mag_mcp.tasks.authoring.common import (
    Part,
    SiteFacts,
    chain,
    pick,
    role,
    s,
    same,
    type_and_enter,
)

SITE = "wikipedia"
HOME = "__WIKIPEDIA__"
START = f"{HOME}{ARTICLE_PREFIX}{LANDING_SLUG}"  # WebArena's start page of the book: the main page
# Infobox labels that date a landmark, in the order the seed may use them.
YEAR_LABELS = ("Built", "Opened", "Founded", "Established", "Protected")
# Infobox labels that name who designed a landmark.
DESIGN_LABELS = ("Architect", "Engineer", "Landscape architect", "Designer")
ANCHOR_RE = re.compile(r"<a\b([^>]*)>(.*?)</a>", re.DOTALL)
TAG_RE = re.compile(r"<[^>]+>")


def link_name(attrs: str, inner: str) -> str:
    """A link's accessible name: its aria-label, else its text."""
    m = re.search(r'aria-label="([^"]*)"', attrs)
    text = m.group(1) if m else TAG_RE.sub("", inner)
    return " ".join(html.unescape(text).split())


@dataclass(frozen=True)
class Article:
    id: int
    title: str
    kind: str
    infobox: dict[str, str]  # label -> plain value, in page order
    sections: list[tuple[str, str]]  # (heading, anchor), in page order
    levels: tuple[int, ...] = ()  # each section's heading level (2 or 3), in page order

    @property
    def url(self) -> str:
        return HOME + article_url(self.title)

    def year(self) -> tuple[str, int]:
        """The infobox row that dates the thing (label, year)."""
        for label in self.infobox:
            if label in YEAR_LABELS:
                m = re.fullmatch(r"\d{4}", self.infobox[label])
                if m is None:
                    raise ValueError(f"{self.title}: {label} is {self.infobox[label]!r}, not a year")
                return label, int(self.infobox[label])
        raise LookupError(f"{self.title} has no year in its infobox")


class WikiFacts(SiteFacts):
    """The seed database (with the wiki's read-only content database attached, where the
    articles live) and the real pages, for authoring."""

    def __init__(self) -> None:
        super().__init__(SITE)
        if "content" not in [r[1] for r in self.db.execute("PRAGMA database_list")]:
            from pathlib import Path

            from mag_mcp.sites.base import SiteStateStore, attach_content
            from mag_mcp.sites.registry import site_spec

            store = SiteStateStore(site_spec(SITE), Path(self._tmp.name))  # the files built just now
            if store.content_path is not None:
                attach_content(self.db, store.content_path)

    def article(self, title: str) -> Article:
        r = self.db.execute("SELECT id, title, kind FROM articles WHERE title = ?", (title,)).fetchone()
        if r is None:
            raise KeyError(title)
        box = {x["label"]: x["value"] for x in self.db.execute(
            "SELECT label, value FROM infobox_rows WHERE article_id = ? ORDER BY position", (r["id"],))}
        rows = self.db.execute("SELECT heading, anchor, level FROM sections WHERE article_id = ? ORDER BY position",
                               (r["id"],)).fetchall()
        return Article(r["id"], r["title"], r["kind"], box, [(x["heading"], x["anchor"]) for x in rows],
                       tuple(x["level"] for x in rows))

    def exists(self, title: str) -> bool:
        return self.db.execute("SELECT 1 FROM articles WHERE title = ?", (title,)).fetchone() is not None

    def page(self, title: str) -> str:
        resp = self.client.get(article_url(title))
        if resp.status_code != 200:
            raise LookupError(f"{title}: HTTP {resp.status_code}")
        return resp.text

    def search_page(self, pattern: str) -> str:
        return self.client.get("/search", params={"content": BOOK, "pattern": pattern}).text

    def hits(self, pattern: str) -> list[str]:
        page = self.search_page(pattern)
        results = page.split('class="results"', 1)[1] if 'class="results"' in page else ""
        return [html.unescape(t) for t in re.findall(r'<li>\s*<a href="[^"]+">([^<]+)</a>', results)]

    def links_to(self, source: str, target: str) -> bool:
        return self.db.execute(
            "SELECT 1 FROM links l JOIN articles a ON a.id = l.source_id JOIN articles b ON b.id = l.target_id "
            "WHERE a.title = ? AND b.title = ?", (source, target)).fetchone() is not None

    def county_towns(self, county: str) -> list[str]:
        """The towns whose infobox names `county`, by title."""
        return [r[0] for r in self.db.execute(
            "SELECT a.title FROM articles a JOIN infobox_rows r ON r.article_id = a.id WHERE a.kind = 'town' "
            "AND r.label = 'County' AND r.value = ? ORDER BY a.title", (county,))]

    def with_label(self, kind: str, label: str) -> list[str]:
        """The articles of `kind` whose infobox has a `label` row, by title."""
        return [r[0] for r in self.db.execute(
            "SELECT a.title FROM articles a JOIN infobox_rows r ON r.article_id = a.id WHERE a.kind = ? "
            "AND r.label = ? ORDER BY a.title", (kind, label))]

    def lookalikes(self, title: str, n: int = 2) -> list[str]:
        """Other articles among the first results for `title` whose titles start with its first word:
        the near-duplicates a reader may open instead."""
        first = title.split()[0].lower()
        out = []
        for hit in self.hits(title)[:8]:
            if hit != title and hit.split()[0].lower() == first and hit not in out:
                self.article(hit)
                out.append(hit)
        return out[:n]

    def redirect_target(self, alias: str) -> str:
        r = self.db.execute("SELECT a.title FROM redirects r JOIN articles a ON a.id = r.target_id "
                            "WHERE r.title = ?", (alias,)).fetchone()
        if r is None:
            raise KeyError(alias)
        return r[0]


@lru_cache(maxsize=1)
def facts() -> WikiFacts:
    return WikiFacts()


def search_url(query: str) -> str:
    """The results page for `query`, as the search box submits it."""
    return f"{HOME}/search?content={BOOK}&pattern={query.replace(' ', '+')}"


def nth_link(page: str, name: str, after: str = "") -> int:
    """Which of the page's links named `name` (0-based, page order) is the first one after the text `after`."""
    start = page.index(after) if after else 0
    seen = 0
    for m in ANCHOR_RE.finditer(page):
        if link_name(m.group(1), m.group(2)) != name:
            continue
        if m.start() >= start:
            return seen
        seen += 1
    raise LookupError(f"no link {name!r} after {after[:60]!r}")


def row_marker(label: str) -> str:
    return f'<th scope="row">{html.escape(label, quote=False)}</th>'


def row_links(page: str, label: str) -> list[str]:
    """The names of the links in one infobox row, in order."""
    i = page.index(row_marker(label))
    cell = page[i:page.index("</tr>", i)]
    return [link_name(a, t) for a, t in ANCHOR_RE.findall(cell)]


def toc_name(art: Article, heading: str) -> str:
    """The accessible name of a section's entry in the table of contents: "3 Landmarks", or
    "3.1 Climate" for a level-3 heading (numbered as the site's sidebar numbers them)."""
    headings = [h for h, _ in art.sections]
    if len(headings) < 4:
        raise LookupError(f"{art.title} has no table of contents")
    top = sub = 0
    for (h, _), level in zip(art.sections, art.levels or (2,) * len(headings)):
        if level <= 2 or top == 0:
            top, sub = top + 1, 0
            number = str(top)
        else:
            sub += 1
            number = f"{top}.{sub}"
        if h == heading:
            return f"{number} {heading}"
    raise LookupError(f"{art.title} has no section {heading!r}")


def number_ref(value: str) -> str:
    """A value's number ("186 m" -> "186", "22,400" -> "22,400"); the whole value when it holds none."""
    m = re.match(r"^([\d][\d,]*(?:\.\d+)?)(?:\s|$)", value)
    return m.group(1) if m else value


# ------------------------------------------------------------ reusable parts

def search_part(key: str, query: str) -> Part:
    """The top bar's search box (labelled "Search"), submitted with Enter."""
    return type_and_enter("Search", query, pick(key + "search", [
        f"Type “{query}” into the search box at the top of the page and press Enter.",
        f"Search the wiki for “{query}” with the box in the top bar.",
        f"In the “Search 'Wikipedia'” box at the top, enter “{query}” and press Enter.",
    ]), "Click the search box in the top bar.")


def open_hit(key: str, f: WikiFacts, query: str, title: str) -> Part:
    """Click `title` in the results for `query`; it must be the first result."""
    hits = f.hits(query)
    if not hits or hits[0] != title:
        raise LookupError(f"searching {query!r} does not list {title!r} first: {hits[:3]}")
    nth = nth_link(f.search_page(query), title)
    return same(s("click", pick(key + "hit", [
        f"Click “{title}”, the first search result.",
        f"Open the top result, “{title}”.",
        f"In the results, click the link “{title}” at the top of the list.",
    ]), role("link", title, nth=nth)))


def find_article(key: str, f: WikiFacts, title: str) -> Part:
    return chain(search_part(key, title), open_hit(key, f, title, title))


def infobox_link(key: str, f: WikiFacts, art: Article, label: str, name: str) -> Part:
    """Follow the link `name` in the infobox row `label` of `art`."""
    page = f.page(art.title)
    if name not in row_links(page, label):
        raise LookupError(f"{art.title}: no link {name!r} in the {label!r} row")
    after = row_marker(label)
    return same(s("click", pick(key + "ibx" + name, [
        f"In the infobox on the right, click “{name}” in the “{label}” row.",
        f"Follow the link “{name}” next to “{label}” in the infobox.",
        f"Click “{name}”, shown as the {label.lower()} in the box on the right.",
    ]), role("link", name, nth=nth_link(page, name, after))))


def toc_click(key: str, art: Article, heading: str) -> Part:
    return same(s("click", pick(key + "toc", [
        f"In the “Contents” box, click “{heading}”.",
        f"Jump to the section with the “{heading}” entry of the table of contents.",
        f"Click “{heading}” in the list of contents under the introduction.",
    ]), role("link", toc_name(art, heading))))


def ordinal_year(label: str, year: int) -> str:
    return {"Built": f"built in {year}", "Opened": f"opened in {year}", "Founded": f"founded in {year}",
            "Established": f"established in {year}", "Protected": f"protected in {year}"}[label]


def linked_title(f: WikiFacts, source: str, label: str) -> str:
    """The article the (single) link in an infobox row points to."""
    page = f.page(source)
    i = page.index(row_marker(label))
    cell = page[i:page.index("</tr>", i)]
    titles = re.findall(r'<a href="[^"]+" title="([^"]+)">', cell)
    if len(titles) != 1:
        raise LookupError(f"{source}: the {label!r} row holds {len(titles)} links")
    title = html.unescape(titles[0])
    f.article(title)
    return title
