"""The embedded Wikipedia's databases (a Kiwix-served ZIM, as in WebArena).

The wiki is read-only, like Kiwix, so almost everything lives in the content
database (`content.build_content`), built once, cached beside the seeds and
attached read-only as schema ``content`` to every episode's connection. The
per-episode (mutable) database built here holds only the counter behind
"Random article", so a reset copies a few kilobytes.

Articles come from two sources, rendered by `content`: the hand-written drafts
(`writer`, `topics`: Port Alder, its districts and landmarks, people, software
projects, languages, the shop's brands and categories) and the generated world
(`worldgraph` + the `write_*` modules: the six counties of the Alder region and
their towns, rivers, lakes, mountains, parks, about a thousand biographies,
historic buildings, companies, organisations, bands, books, albums, films,
artworks, ships, disasters, elections, football seasons, railway stations,
"year in Alder County" articles, lists, and disambiguation and surname pages).
Phrasing is drawn from `random.Random` streams keyed by article title; no clock
is read: two builds write identical databases.

Conventions
-----------
* An article's URL is ``/wikipedia_en_all_maxi_2022-05/A/<slug>``; ``slug`` is the
  title with spaces replaced by underscores (``North_Shore_Lighthouse``). A
  category's page is ``/A/Category:<Name_with_underscores>``.
* Text columns come in pairs: ``*_html`` (what the page shows) and ``*_text``
  (the same words without markup: links become their anchor text, footnote
  markers vanish). Checkers should read the ``*_text`` / ``value`` columns.
* ``kind`` of a hand-written article: ``city`` (Port Alder), ``district``,
  ``landmark`` (world.LANDMARKS), ``person``, ``project`` (world.PROJECTS),
  ``language``, ``brand``, ``product_category``, ``topic``, ``software_topic``,
  ``list``; of a generated one: ``county``, ``town``, ``river``, ``lake``,
  ``mountain``, ``island``, ``park``, ``person``, ``building``, ``company``,
  ``organization``, ``band``, ``book``, ``album``, ``film``, ``artwork``, ``ship``,
  ``event``, ``election``, ``season``, ``station``, ``year``, ``list``, ``topic``
  and ``disambiguation`` (disambiguation and surname pages). ``entity`` is the
  world's key of the thing described (hand-written: the district / landmark name,
  the project path, the GitLab language name, the shop brand, the shop leaf
  categories; generated: the article's own title), NULL for topics and lists.

Content database (schema ``content``)
-------------------------------------
articles(id, title UNIQUE, slug UNIQUE, kind, entity NULL, description -- the short description,
    infobox_title, hatnote_html, lead_html, lead_text, plain_text -- lead and all sections, word_count,
    page_chars -- characters of the article as read: lead, sections, infobox and references,
    references_html -- the numbered references list, navboxes -- navboxes.key, one a line,
    aliases -- the redirect titles, space-separated, image_file NULL -> images.file,
    random_rank UNIQUE -- 0..N-1, the order of /random)
sections(id, article_id, position 1.., heading, anchor -- the '#fragment' (heading with '_'), level 2|3,
    html, text)  -- the lead is not a section; 'See also' is the last section when present
infobox_rows(id, article_id, position 1.., label, value -- plain text, value_html)
    Labels of the hand-written kinds: landmark: Type, Location, Coordinates, Built|Opened|Founded|Established|
    Protected (year), Architect|Engineer|Landscape architect|Founder|Founders|Designer|Managed by, Operator|Owner,
    + extras; district: Country, State, City, Established, Council ward, Area, Population (2020), Density,
    Bus routes, ZIP code; city: Country, State, Founded, Founded by, Incorporated, Named for, Nickname, Motto,
    Mayor, Area, Population (2020), Density, Elevation, ...; project: Developer(s), Initial release, Stable
    release, Repository, Written in, Type, License; language: Paradigm, Designed by, Developer, First appeared,
    Typing discipline, Filename extensions, Influenced by; brand: Type, Industry, Founded, Founder|Founders,
    Headquarters, Products, Parent, Sold at; person: Born, Died, Nationality, Occupation, Known for, Notable work.
    Generated towns: Country, State, County, Founded, Founded by, Incorporated, Mayor, Area, Elevation,
    Population (2020), Density, ZIP code, Area code, Coordinates; people: Born, Died, Occupation, Office, ...
links(id, source_id, target_id, anchor, section -- 'infobox', 'hatnote', 'lead', a section heading,
    'See also', 'References', 'image' or 'navbox')  -- every internal link, redirects followed
categories(article_id, position, name)  -- listed at the foot of the article, each a link to its page
category_sizes(name PRIMARY KEY, members)
navboxes(key PRIMARY KEY, title, html)  -- navigation boxes shown at the foot of the articles naming them
redirects(title UNIQUE, slug UNIQUE, target_id)  -- e.g. 'Python' -> 'Python (programming language)'
titles(lower_title, title, target_id)  -- articles and redirects, for the search box's title suggestions
images(file PRIMARY KEY, article_id, caption_html, caption_text, alt, kind, params -- JSON)
    -- drawn on first request, served at /wikipedia_en_all_maxi_2022-05/I/<file>
main_page(id, block 'featured'|'dyk'|'news', position, html, text)  -- the book's Main_Page
search_docs  -- a view (id, title, aliases, infobox -- the infobox values, body = plain_text) over articles
search_index  -- FTS5(title, aliases, infobox, body), external content search_docs (porter stemming)

Episode database (schema ``main``)
----------------------------------
kiwix_state(id = 1, random_counter)  -- /random answers the article of random_rank
    (random_counter mod N) and increments the counter: deterministic per episode state.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .content import FEATURED, build_content

SEED = 8888

SCHEMA = "CREATE TABLE kiwix_state (id INTEGER PRIMARY KEY CHECK (id = 1), random_counter INTEGER NOT NULL);"

__all__ = ["FEATURED", "SEED", "build_content", "build_seed"]


def build_seed(path: Path) -> None:
    """Write a fresh episode database at `path` (which must not exist)."""
    conn = sqlite3.connect(path)
    try:
        conn.executescript(SCHEMA)
        conn.execute("INSERT INTO kiwix_state VALUES (1, 0)")
        conn.commit()
    finally:
        conn.close()
