"""The wiki's read-only content database: every article, its sections, infobox,
references, links, categories, images, navigation boxes, the title index for
suggestions and the full-text index (schema in `seed`'s docstring).

`build_content(path)` renders the hand-written drafts (`writer`, `topics`) and the
generated world (`generated`) once, in a fixed order, so two builds write the same
rows; a link to a title that is neither an article nor a redirect is an error.
No clock is read and nothing depends on hash order.
"""

from __future__ import annotations

import copy
import html
import json
import random
import sqlite3
from functools import lru_cache
from pathlib import Path

from .content_schema import SCHEMA
from .generated import generated_drafts, navboxes
from .markup import Renderer, article_url, slug_of
from .reserved import hand_written
from .writer import Draft

SEED = 8888
FEATURED = "North Shore Lighthouse"

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


class MissingLinks(ValueError):
    """Some markup links to a title that is neither an article nor a redirect."""


PORT_ALDER_KINDS = {"city", "district", "landmark", "topic"}


@lru_cache(maxsize=1)
def all_drafts() -> tuple[Draft, ...]:
    """The hand-written drafts (Port Alder's with the city's navigation box and the sections the
    generated world adds, see `write_portalder`) and the generated ones; computed once."""
    from .worldgraph import world
    from .write_portalder import expand_city, expand_district, expand_landmark
    w = world()
    own = [copy.deepcopy(d) for d in hand_written()]
    for d in own:
        if d.kind in PORT_ALDER_KINDS and not d.navboxes:
            d.navboxes = ["portalder"]
        if d.kind == "city":
            expand_city(d, w)
        elif d.kind == "district":
            expand_district(d, w)
        elif d.kind == "landmark":
            expand_landmark(d, w)
    return tuple(own) + generated_drafts()


def build_content(path: Path) -> None:
    """Write the content database at `path` (which must not exist)."""
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
    missing: set[str] = set()

    def resolve(target: str) -> str:
        if target in titles:
            return target
        if target in redirects:
            return redirects[target]
        missing.add(target)
        return target

    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA journal_mode=OFF")
        conn.execute("PRAGMA synchronous=OFF")
        conn.executescript(SCHEMA)
        _fill(conn, drafts, redirects, resolve)
        if missing:
            raise MissingLinks(f"links to missing articles: {sorted(missing)[:40]}")
        conn.execute("INSERT INTO search_index(search_index) VALUES ('rebuild')")
        conn.commit()
        conn.execute("VACUUM")
    finally:
        conn.close()


def _navbox_html(rend: Renderer, title: str, groups: list[tuple[str, list[tuple[str, str]]]]) -> str:
    rows = []
    for label, members in groups:
        items = "".join(f"<li>{rend.inline(f'[[{t}|{n}]]' if t != n else f'[[{t}]]')[0]}</li>" for t, n in members)
        rows.append(f'<tr><th scope="row" class="navbox-group">{html.escape(label)}</th>'
                    f'<td class="navbox-list"><ul>{items}</ul></td></tr>')
    return (f'<table class="navbox" aria-label="{html.escape(title)}"><caption class="navbox-title">'
            f"{html.escape(title)}</caption><tbody>{''.join(rows)}</tbody></table>")


def _fill(conn: sqlite3.Connection, drafts: list[Draft], redirects: dict[str, str], resolve) -> None:
    ids = {d.title: i for i, d in enumerate(drafts, start=1)}
    ranks = list(range(len(drafts)))
    random.Random(SEED).shuffle(ranks)
    aliases: dict[str, list[str]] = {}
    for r, t in redirects.items():
        aliases.setdefault(t, []).append(r)
    boxes = navboxes()
    box_rend = Renderer(resolve)
    box_links: dict[str, list[str]] = {}
    for key, (title, groups) in boxes.items():
        conn.execute("INSERT INTO navboxes VALUES (?, ?, ?)", (key, title, _navbox_html(box_rend, title, groups)))
        box_links[key] = [ln.target for ln in box_rend.links]
        box_rend.links.clear()
    for d in drafts:
        _article(conn, d, ids, aliases, ranks, resolve, box_links)
    conn.executemany("INSERT INTO redirects VALUES (?, ?, ?)",
                     [(r, slug_of(r), ids[t]) for r, t in sorted(redirects.items())])
    conn.executemany("INSERT INTO titles VALUES (?, ?, ?)",
                     [(d.title.lower(), d.title, ids[d.title]) for d in drafts]
                     + [(r.lower(), r, ids[t]) for r, t in sorted(redirects.items())])
    conn.execute("INSERT INTO category_sizes SELECT name, COUNT(*) FROM categories GROUP BY name")
    _main_page(conn, drafts, resolve)


def _article(conn: sqlite3.Connection, d: Draft, ids: dict[str, int], aliases: dict[str, list[str]],
             ranks: list[int], resolve, box_links: dict[str, list[str]]) -> None:
    aid = ids[d.title]
    rend = Renderer(resolve)
    link_rows: list[tuple[str, str, str]] = []

    def take(section: str) -> None:
        link_rows.extend((ln.target, ln.anchor, section) for ln in rend.links)
        rend.links.clear()

    rows = []
    for pos, (label, value) in enumerate(d.infobox, start=1):
        h, t = rend.inline(value)
        rows.append((aid, pos, label, t, h))
    take("infobox")
    hat_html = rend.inline(d.hatnote)[0] if d.hatnote else ""
    take("hatnote")
    lead_html, lead_text = rend.paragraphs(d.lead)
    take("lead")
    texts = [lead_text]
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
            th, tt = rend.table(*s.table, caption=s.table_caption)
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
    if d.see_also:
        sh, st = rend.items([f"[[{t}]]" for t in dict.fromkeys(d.see_also) if t != d.title])
        take("See also")
        if st:
            pos += 1
            sec_rows.append((aid, pos, "See also", "See_also", 2, sh, st))
            texts.append(f"See also\n{st}")
    refs_html, refs_text = rend.references(d.references)
    take("References")
    plain = "\n\n".join(texts)
    image_file = None
    if d.image:
        ch, ct = rend.inline(d.image.caption)
        take("image")
        image_file = d.image.file
        conn.execute("INSERT INTO images VALUES (?, ?, ?, ?, ?, ?, ?)",
                     (d.image.file, aid, ch, ct, d.image.alt, d.image.kind,
                      json.dumps(d.image.params, sort_keys=True)))
    nav = [k for k in d.navboxes if k in box_links]
    for k in nav:
        link_rows.extend((t, t, "navbox") for t in box_links[k])
    page_chars = len(plain) + len(refs_text) + sum(len(r[2]) + len(r[3]) for r in rows)
    conn.execute("INSERT INTO articles VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                 (aid, d.title, slug_of(d.title), d.kind, d.entity, d.description, d.infobox_title or d.title,
                  hat_html, lead_html, lead_text, plain, len(plain.split()), page_chars, refs_html,
                  "\n".join(nav), " ".join(aliases.get(d.title, [])), image_file, ranks[aid - 1]))
    conn.executemany("INSERT INTO infobox_rows (article_id, position, label, value, value_html) "
                     "VALUES (?, ?, ?, ?, ?)", rows)
    conn.executemany("INSERT INTO sections (article_id, position, heading, anchor, level, html, text) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?)", sec_rows)
    conn.executemany("INSERT INTO links (source_id, target_id, anchor, section) VALUES (?, ?, ?, ?)",
                     [(aid, ids[t], a, s) for t, a, s in link_rows if t in ids])
    conn.executemany("INSERT INTO categories VALUES (?, ?, ?)",
                     [(aid, i, c) for i, c in enumerate(dict.fromkeys(d.categories), start=1)])


def _main_page(conn: sqlite3.Connection, drafts: list[Draft], resolve) -> None:
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


def category_url(name: str, start: int = 0) -> str:
    url = article_url(f"Category:{name}")
    return url + (f"?from={start}" if start else "")
