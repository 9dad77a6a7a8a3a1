"""Deterministic seed database of the embedded Wikipedia (a Kiwix-served ZIM, as in WebArena).

Everything comes from `world` (the shared city, landmarks, projects, brands),
`facts` (the wiki's own facts about them) and `topics`, rendered by `writer`;
phrasing is chosen by `random.Random` streams keyed by article title, and the
random-article order by `random.Random(SEED)`. No clock is read: two builds
give identical table contents. The wiki is read-only, except for the counter
behind "Random article" (see `kiwix_state`).

Conventions
-----------
* An article's URL is ``/wikipedia_en_all_maxi_2022-05/A/<slug>``; ``slug`` is the
  title with spaces replaced by underscores (``North_Shore_Lighthouse``).
* Text columns come in pairs: ``*_html`` (what the page shows) and ``*_text``
  (the same words without markup: links become their anchor text). Checkers
  should read the ``*_text`` / ``value`` columns.
* ``kind`` of an article: ``city`` (Port Alder), ``district`` (world.DISTRICTS),
  ``landmark`` (world.LANDMARKS), ``person``, ``project`` (world.PROJECTS),
  ``language``, ``brand`` (shop brands), ``product_category`` (shop categories),
  ``topic`` (Port Alder's history, geography, transport, culture), ``software_topic``
  (licenses, tools, algorithms the project articles link to) and ``list``. ``entity`` is the world's key of the thing described:
  the district / landmark name, the project path (``alder-labs/routekit``), the
  language name as GitLab shows it (``Python``), the shop's brand name
  (``Samsung Electronics`` has entity ``SAMSUNG``), the shop leaf categories
  (``;``-separated); NULL for topics and lists.

Schema
------
articles(id INTEGER PRIMARY KEY, title UNIQUE, slug UNIQUE, kind, entity NULL, description -- the short
    description, infobox_title, lead_html, lead_text, plain_text -- lead and all sections, word_count,
    image_file NULL -> images.file, random_rank UNIQUE -- 0..N-1, the order of /random)
sections(id, article_id, position 1.., heading, anchor -- the '#fragment' (heading with '_'), level 2|3,
    html, text)  -- the lead is not a section; 'See also' is the last section when present
infobox_rows(id, article_id, position 1.., label, value -- plain text, value_html)
    Labels by kind: landmark: Type, Location, Coordinates, Built|Opened|Founded|Established|Protected (year),
    Architect|Engineer|Landscape architect|Founder|Founders|Designer|Managed by, Operator|Owner, + extras
    (e.g. Height, Main span, Capacity); district: Country, State, City, Established, Council ward, Area,
    Population (2020), Density, Bus routes; city: Country, State, Founded, Founded by, Incorporated, Named for,
    Nickname, Motto, Mayor, Area, Population (2020), Density, Elevation, ...; project: Developer(s), Initial
    release, Stable release, Repository, Written in, Type, License; language: Paradigm, Designed by, Developer,
    First appeared, Typing discipline, Filename extensions, Influenced by; brand: Type, Industry, Founded,
    Founder|Founders, Headquarters, Products, Parent, Sold at; person: Born, Died, Nationality, Occupation,
    Known for, Notable work; product_category: Department, Sold at, Shop category, Brands, Notable brands.
links(id, source_id, target_id, anchor, section -- 'infobox', 'lead', a section heading or 'See also')
    -- every internal link, resolved to its target article (redirects followed)
categories(article_id, position, name)  -- shown at the bottom of the article (plain text, as in Kiwix)
redirects(title UNIQUE, slug UNIQUE, target_id)  -- e.g. 'Python' -> 'Python (programming language)'
images(file PRIMARY KEY, article_id, caption_html, caption_text, alt, kind, params -- JSON)
    -- drawn on first request, served at /wikipedia_en_all_maxi_2022-05/I/<file>
main_page(id, block 'featured'|'dyk'|'news', position, html, text)  -- the book's Main_Page
search_index  -- FTS5(title, aliases, body), rowid = articles.id (porter stemming)
kiwix_state(id = 1, random_counter)  -- /random answers the article of random_rank
    (random_counter mod N) and increments the counter: deterministic per episode state.
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

from .markup import Renderer, slug_of
from .writer import Draft, all_drafts

SEED = 8888
FEATURED = "North Shore Lighthouse"

SCHEMA = """
CREATE TABLE images (
    file TEXT PRIMARY KEY, article_id INTEGER NOT NULL, caption_html TEXT NOT NULL, caption_text TEXT NOT NULL,
    alt TEXT NOT NULL, kind TEXT NOT NULL, params TEXT NOT NULL);
CREATE TABLE articles (
    id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE, slug TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,
    entity TEXT, description TEXT NOT NULL, infobox_title TEXT NOT NULL, lead_html TEXT NOT NULL,
    lead_text TEXT NOT NULL, plain_text TEXT NOT NULL, word_count INTEGER NOT NULL,
    image_file TEXT REFERENCES images(file), random_rank INTEGER NOT NULL UNIQUE);
CREATE INDEX articles_kind ON articles(kind);
CREATE TABLE sections (
    id INTEGER PRIMARY KEY, article_id INTEGER NOT NULL REFERENCES articles(id), position INTEGER NOT NULL,
    heading TEXT NOT NULL, anchor TEXT NOT NULL, level INTEGER NOT NULL, html TEXT NOT NULL, text TEXT NOT NULL);
CREATE INDEX sections_article ON sections(article_id, position);
CREATE TABLE infobox_rows (
    id INTEGER PRIMARY KEY, article_id INTEGER NOT NULL REFERENCES articles(id), position INTEGER NOT NULL,
    label TEXT NOT NULL, value TEXT NOT NULL, value_html TEXT NOT NULL);
CREATE INDEX infobox_article ON infobox_rows(article_id, position);
CREATE TABLE links (
    id INTEGER PRIMARY KEY, source_id INTEGER NOT NULL REFERENCES articles(id),
    target_id INTEGER NOT NULL REFERENCES articles(id), anchor TEXT NOT NULL, section TEXT NOT NULL);
CREATE INDEX links_source ON links(source_id);
CREATE INDEX links_target ON links(target_id);
CREATE TABLE categories (
    article_id INTEGER NOT NULL REFERENCES articles(id), position INTEGER NOT NULL, name TEXT NOT NULL,
    PRIMARY KEY (article_id, position));
CREATE INDEX categories_name ON categories(name);
CREATE TABLE redirects (
    title TEXT NOT NULL UNIQUE, slug TEXT NOT NULL UNIQUE, target_id INTEGER NOT NULL REFERENCES articles(id));
CREATE TABLE main_page (
    id INTEGER PRIMARY KEY, block TEXT NOT NULL, position INTEGER NOT NULL, html TEXT NOT NULL, text TEXT NOT NULL);
CREATE VIRTUAL TABLE search_index USING fts5(title, aliases, body, tokenize = 'porter unicode61');
CREATE TABLE kiwix_state (id INTEGER PRIMARY KEY CHECK (id = 1), random_counter INTEGER NOT NULL);
"""

# The Main_Page's "Did you know ..." and "In the news" items (wiki markup).
DID_YOU_KNOW = (
    "... that the [[North Shore Lighthouse]] was built in 1872 to a design by the engineer [[Cornelius Bright]]?",
    "... that [[Ada Lindqvist]], architect of [[Port Alder City Hall]], was the first woman licensed as an "
    "architect in Oregon?",
    "... that the [[Alder Bridge]]'s 186-metre main span was the longest in the state when it opened in 1931?",
    "... that [[routekit]], a routing library written in [[Rust (programming language)|Rust]], is developed at the "
    "[[Alder Tech Hub]]?",
    "... that [[St. Mary's Church]] survived the [[Great Fire of 1888]] because it was built of stone?",
    "... that the planetarium of the [[Science Center]] is named after the astronomer [[Henrietta Vale]]?",
)
IN_THE_NEWS = (
    "The [[Alder Bay Ferry]] adds a late evening sailing to [[Cedar Island]] for the summer.",
    "[[Port Alder University]] opens a new laboratory building in [[University Park]].",
    "The [[Port Alder Herons]] win the regional cup at [[Eastgate Stadium]].",
    "The [[Lantern Festival (Port Alder)|Lantern Festival]] draws a record crowd to the [[Lantern Quarter]].",
)


def _resolver(titles: set[str], redirects: dict[str, str]):
    missing: set[str] = set()

    def resolve(target: str) -> str:
        if target in titles:
            return target
        if target in redirects:
            return redirects[target]
        missing.add(target)
        return target

    return resolve, missing


def build_seed(path: Path) -> None:
    """Write a fresh seed database at `path` (which must not exist)."""
    drafts = all_drafts()
    titles: set[str] = set()
    for d in drafts:
        if d.title in titles:
            raise ValueError(f"duplicate article title {d.title!r}")
        titles.add(d.title)
    redirects: dict[str, str] = {}
    for d in drafts:
        for r in d.redirects:
            if r in titles or r in redirects:
                raise ValueError(f"redirect {r!r} clashes with an article or another redirect")
            redirects[r] = d.title
    resolve, missing = _resolver(titles, redirects)
    conn = sqlite3.connect(path)
    try:
        conn.executescript(SCHEMA)
        _fill(conn, drafts, redirects, resolve)
        if missing:
            raise ValueError(f"links to missing articles: {sorted(missing)}")
        conn.commit()
    finally:
        conn.close()


def _collector(rend: Renderer, rows: list[tuple[str, str, str]]):
    """take(section): move the links `rend` met so far into `rows`, tagged with `section`."""

    def take(section: str) -> None:
        rows.extend((ln.target, ln.anchor, section) for ln in rend.links)
        rend.links.clear()

    return take


def _fill(conn: sqlite3.Connection, drafts: list[Draft], redirects: dict[str, str], resolve) -> None:
    ids = {d.title: i for i, d in enumerate(drafts, start=1)}
    ranks = list(range(len(drafts)))
    random.Random(SEED).shuffle(ranks)
    aliases: dict[str, list[str]] = {}
    for r, t in redirects.items():
        aliases.setdefault(t, []).append(r)
    for d in drafts:
        aid = ids[d.title]
        rend = Renderer(resolve)
        link_rows: list[tuple[str, str, str]] = []  # (target, anchor, section)
        take = _collector(rend, link_rows)
        # infobox
        rows = []
        for pos, (label, value) in enumerate(d.infobox, start=1):
            h, t = rend.inline(value)
            rows.append((aid, pos, label, t, h))
        take("infobox")
        lead_html, lead_text = rend.paragraphs(d.lead)
        take("lead")
        texts = [lead_text]
        index_texts = [lead_text]  # the search index leaves headings out of snippets
        sec_rows = []
        pos = 0
        for s in d.sections:
            parts_h, parts_t = [], []
            ph, pt = rend.paragraphs(s.paragraphs)
            parts_h.append(ph)
            parts_t.append(pt)
            ih, it = rend.items(s.items)
            parts_h.append(ih)
            parts_t.append(it)
            if s.table:
                th, tt = rend.table(*s.table)
                parts_h.append(th)
                parts_t.append(tt)
            take(s.heading)
            html_ = "\n".join(x for x in parts_h if x)
            text = "\n".join(x for x in parts_t if x)
            if not text:
                continue
            pos += 1
            sec_rows.append((aid, pos, s.heading, slug_of(s.heading), s.level, html_, text))
            texts.append(f"{s.heading}\n{text}")
            index_texts.append(text)
        if d.see_also:
            sh, st = rend.items([f"[[{t}]]" for t in dict.fromkeys(d.see_also) if t != d.title])
            take("See also")
            if st:
                pos += 1
                sec_rows.append((aid, pos, "See also", "See_also", 2, sh, st))
                texts.append(f"See also\n{st}")
        plain = "\n\n".join(texts)
        image_file = None
        if d.image:
            ch, ct = rend.inline(d.image.caption)
            take("image")
            image_file = d.image.file
            conn.execute("INSERT INTO images VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (d.image.file, aid, ch, ct, d.image.alt, d.image.kind,
                          json.dumps(d.image.params, sort_keys=True)))
        conn.execute("INSERT INTO articles VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                     (aid, d.title, slug_of(d.title), d.kind, d.entity, d.description, d.infobox_title or d.title,
                      lead_html, lead_text, plain, len(plain.split()), image_file, ranks[aid - 1]))
        conn.executemany("INSERT INTO infobox_rows (article_id, position, label, value, value_html) "
                         "VALUES (?, ?, ?, ?, ?)", rows)
        conn.executemany("INSERT INTO sections (article_id, position, heading, anchor, level, html, text) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?)", sec_rows)
        conn.executemany("INSERT INTO links (source_id, target_id, anchor, section) VALUES (?, ?, ?, ?)",
                         [(aid, ids.get(t, 0), a, s) for t, a, s in link_rows if t in ids])
        conn.executemany("INSERT INTO categories VALUES (?, ?, ?)",
                         [(aid, i, c) for i, c in enumerate(dict.fromkeys(d.categories), start=1)])
        conn.execute("INSERT INTO search_index (rowid, title, aliases, body) VALUES (?, ?, ?, ?)",
                     (aid, d.title, " ".join(aliases.get(d.title, [])), "\n\n".join(index_texts)))
    conn.executemany("INSERT INTO redirects VALUES (?, ?, ?)",
                     [(r, slug_of(r), ids[t]) for r, t in sorted(redirects.items())])
    # the main page
    rend = Renderer(resolve)
    featured = next(d for d in drafts if d.title == FEATURED)
    fh, ft = rend.paragraphs(featured.lead)
    blocks = [("featured", fh, ft)]
    blocks += [("dyk", *rend.inline(x)) for x in DID_YOU_KNOW]
    blocks += [("news", *rend.inline(x)) for x in IN_THE_NEWS]
    counters: dict[str, int] = {}
    for block, h, t in blocks:
        counters[block] = counters.get(block, 0) + 1
        conn.execute("INSERT INTO main_page (block, position, html, text) VALUES (?, ?, ?, ?)",
                     (block, counters[block], h, t))
    conn.execute("INSERT INTO kiwix_state VALUES (1, 0)")
