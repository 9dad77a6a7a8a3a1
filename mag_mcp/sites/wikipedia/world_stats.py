"""Measurement hooks of the wiki for `mag sites stats` (docs/WORLD.md).

`PAGES` are representative pages of the Kiwix reader (paths valid on the default
state); `counts(conn)` computes the wiki's figures from its databases (the content
database attached as `content`); `TARGETS` holds the issue's minimum for each figure
that has one.

Figures: ``articles`` counts content articles (disambiguation and surname pages, and
redirects, are counted apart). ``median_article_chars`` is the median length of an
article as read: lead, sections (lists and tables included), infobox and references
(`articles.page_chars`); ``median_body_chars`` is the same without infobox and
references. ``long_article_links_median`` is the median number of distinct internal
links (navigation boxes included) of the articles of at least 15,000 characters.
``sentence_distinct_ratio`` is the share of distinct sentences among all sentences
of the articles' bodies.
"""

from __future__ import annotations

import re
import sqlite3
import statistics

from .markup import BOOK

_A = f"/{BOOK}/A/"

PAGES: list[tuple[str, str, str]] = [
    ("Main page", "home", f"{_A}Main_Page"),
    ("City article (Port Alder)", "detail", f"{_A}Port_Alder"),
    ("Landmark article", "detail", f"{_A}North_Shore_Lighthouse"),
    ("Town article", "detail", f"{_A}Lost_Station,_Oregon"),
    ("Biography (a mayor)", "profile", f"{_A}Frank_Ito"),
    ("Category page", "listing", f"{_A}Category:Populated_places_in_Oregon"),
    ("Register listings table", "grid", f"{_A}National_Register_of_Historic_Places_listings_in_Alder_County,_Oregon"),
    ("Year article", "listing", f"{_A}1910_in_Alder_County"),
    ("Full-text search", "search", f"/search?content={BOOK}&pattern=lighthouse"),
]

TARGETS: dict[str, float] = {
    "articles": 3_000,
    "median_article_chars": 5_000,
    "disambiguation_pages": 1,
    "redirects": 1,
    "category_pages": 1,
    "articles_with_infobox_share": 0.9,
    "articles_with_references_share": 0.8,
    "long_article_links_median": 100,
}

_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def counts(conn: sqlite3.Connection) -> dict[str, float]:
    one = lambda sql: conn.execute(sql).fetchone()[0]  # noqa: E731
    content = "kind != 'disambiguation'"
    chars = [r[0] for r in conn.execute(f"SELECT page_chars FROM articles WHERE {content}")]
    body = [r[0] for r in conn.execute(f"SELECT length(plain_text) FROM articles WHERE {content}")]
    long_links = [r[0] for r in conn.execute(
        f"SELECT COUNT(DISTINCT l.target_id) FROM articles a JOIN links l ON l.source_id = a.id "
        f"WHERE a.{content} AND a.page_chars >= 15000 GROUP BY a.id")]
    sentences: list[str] = []
    for (text,) in conn.execute(f"SELECT plain_text FROM articles WHERE {content}"):
        sentences += [s for s in _SENTENCE.split(text) if len(s) > 30]
    n = len(chars) or 1
    return {
        "articles": float(len(chars)),
        "disambiguation_pages": float(one("SELECT COUNT(*) FROM articles WHERE kind = 'disambiguation'")),
        "redirects": float(one("SELECT COUNT(*) FROM redirects")),
        "category_pages": float(one("SELECT COUNT(*) FROM category_sizes")),
        "median_article_chars": float(statistics.median(chars)) if chars else 0.0,
        "median_body_chars": float(statistics.median(body)) if body else 0.0,
        "articles_over_5000_chars_share": round(sum(c >= 5000 for c in chars) / n, 3),
        "max_article_chars": float(max(chars, default=0)),
        "articles_with_infobox_share": round(one(
            f"SELECT COUNT(*) FROM articles a WHERE {content} AND EXISTS "
            "(SELECT 1 FROM infobox_rows r WHERE r.article_id = a.id)") / n, 3),
        "articles_with_references_share": round(one(
            f"SELECT COUNT(*) FROM articles WHERE {content} AND references_html != ''") / n, 3),
        "internal_links": float(one("SELECT COUNT(*) FROM links")),
        "long_articles": float(len(long_links)),
        "long_article_links_median": float(statistics.median(long_links)) if long_links else 0.0,
        "images": float(one("SELECT COUNT(*) FROM images")),
        "sentence_distinct_ratio": round(len(set(sentences)) / max(1, len(sentences)), 3),
    }
