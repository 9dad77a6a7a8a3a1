"""The wiki's pages: Kiwix library, the book's main page, articles, search, random article."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ..base import db
from .common import (
    BOOK_DESCRIPTION,
    BOOK_TITLE,
    LANDING_SLUG,
    MAIN_PAGE,
    MAIN_PAGE_URL,
    not_found,
    render,
    search_url,
)
from .markup import BOOK, article_url, slug_of, title_of
from .search import DEFAULT_PAGE_LENGTH, MAX_PAGE_LENGTH, search
from .search_extras import PAGE_LENGTHS, category_matches, common_categories, hit_categories, title_matches
from .content import category_url
from .views_more import category_page
from .navbox_state import state_navbox
from .officeholder import officeholder
from .seed import FEATURED

TOC_MIN_SECTIONS = 4  # like MediaWiki: a table of contents from four headings on

# Main page topic boxes: (heading, article kinds, at most N links, category page for the rest or None)
TOPIC_BOXES = (
    ("Port Alder", ("city", "district"), None, None),
    ("Landmarks", ("landmark",), None, "Landmarks in Port Alder"),
    ("History, places and society", ("topic",), None, None),
    ("The Alder region", ("county",), None, "Oregon counties"),
    ("Towns", ("town",), 60, "Populated places in Oregon"),
    ("People", ("person",), 60, "People from Port Alder"),
    ("Historic buildings", ("building",), 40, "National Register of Historic Places in Oregon"),
    ("Companies and organizations", ("company", "organization"), 40, None),
    ("Books, music and film", ("book", "album", "film", "band"), 40, "Books set in Oregon"),
    ("Events and elections", ("event", "election", "season"), 40, "Mayoral elections in Port Alder"),
    ("Rivers, lakes and mountains", ("river", "lake", "mountain", "island", "park"), 40, None),
    ("Software projects", ("project",), None, "Software from Port Alder"),
    ("Programming languages", ("language",), None, None),
    ("Software and computing", ("software_topic",), None, None),
    ("Companies and brands", ("brand",), None, "Brands sold at One Stop Market"),
    ("Products", ("product_category",), None, "Consumer goods"),
    ("Lists", ("list",), None, None),
)
# The portal bar under the welcome box: (label, category)
PORTALS = (("Port Alder", "Port Alder"), ("Towns", "Populated places in Oregon"), ("People", "People from Port Alder"),
           ("Historic places", "National Register of Historic Places in Oregon"),
           ("Companies", "Companies based in Alder County, Oregon"), ("Books", "Books set in Oregon"),
           ("Music", "Musical groups from Oregon"), ("Ships", "Ships built in Oregon"),
           ("Elections", "Mayoral elections in Port Alder"), ("Sport", "Port Alder Herons seasons"),
           ("Rivers", "Rivers of Oregon"), ("Software", "Software from Port Alder"))


def _article_count(conn) -> int:
    return conn.execute("SELECT COUNT(*) FROM articles").fetchone()[0]


def library(request: Request) -> Response:
    """Kiwix's welcome page: the library with its one book."""
    conn = db(request)
    return render(request, "library.html", {
        "title": "Welcome to Kiwix Server", "show_topbar": False, "book_title": BOOK_TITLE,
        "book_description": BOOK_DESCRIPTION, "article_count": _article_count(conn)})


def book_root(request: Request) -> Response:
    return RedirectResponse(MAIN_PAGE_URL, status_code=302)


def main_page(request: Request, title: str = "Wikipedia, the free encyclopedia") -> Response:
    conn = db(request)
    blocks: dict[str, list] = {}
    for row in conn.execute("SELECT block, html FROM main_page ORDER BY block, position"):
        blocks.setdefault(row["block"], []).append(row["html"])
    featured = conn.execute("SELECT a.title, a.image_file, i.alt, i.caption_html FROM articles a "
                            "LEFT JOIN images i ON i.file = a.image_file WHERE a.title = ?", (FEATURED,)).fetchone()
    topics = []
    for heading, kinds, limit, category in TOPIC_BOXES:
        q = (f"SELECT title FROM articles WHERE kind IN ({','.join('?' * len(kinds))}) "
             "ORDER BY kind = 'city' DESC, random_rank" + (" LIMIT ?" if limit else ""))
        titles = [r[0] for r in conn.execute(q, (*kinds, limit) if limit else kinds)]
        if limit:
            titles.sort(key=str.lower)
        else:
            titles.sort(key=lambda t: (t != "Port Alder", t.lower()))
        total = conn.execute(f"SELECT COUNT(*) FROM articles WHERE kind IN ({','.join('?' * len(kinds))})",
                             kinds).fetchone()[0]
        topics.append((heading, titles, total, category_url(category) if category else None))
    return render(request, "main_page.html", {
        "title": title, "article_count": _article_count(conn), "featured": featured,
        "featured_html": (blocks.get("featured") or [""])[0], "dyk": blocks.get("dyk", []),
        "news": blocks.get("news", []), "topics": topics,
        "portals": [(label, category_url(cat)) for label, cat in PORTALS]})


def article(request: Request) -> Response:
    conn = db(request)
    slug = request.path_params["slug"]
    if not slug:
        return RedirectResponse(MAIN_PAGE_URL, status_code=302)
    if slug == MAIN_PAGE:
        return main_page(request)
    if slug == LANDING_SLUG:
        return main_page(request, "User:The other Kiwix guy/Landing")
    if slug.startswith("Category:"):
        return category_page(request, slug[len("Category:"):])
    row = conn.execute("SELECT * FROM articles WHERE slug = ?", (slug,)).fetchone()
    if row is None:
        target = _resolve(conn, slug)
        if target is None:
            return not_found(request, title_of(slug))
        return RedirectResponse(article_url(target), status_code=302)
    aid = row["id"]
    infobox = conn.execute("SELECT label, value_html FROM infobox_rows WHERE article_id = ? ORDER BY position",
                           (aid,)).fetchall()
    sections = conn.execute("SELECT heading, anchor, level, html FROM sections WHERE article_id = ? "
                            "ORDER BY position", (aid,)).fetchall()
    categories = [(r[0], category_url(r[0])) for r in conn.execute(
        "SELECT name FROM categories WHERE article_id = ? ORDER BY position", (aid,))]
    image = None
    if row["image_file"]:
        image = conn.execute("SELECT * FROM images WHERE file = ?", (row["image_file"],)).fetchone()
    keys = [k for k in row["navboxes"].split("\n") if k]
    boxes = [r[0] for r in conn.execute(f"SELECT html FROM navboxes WHERE key IN ({','.join('?' * len(keys))})",
                                        keys)] if keys else []
    toc = toc_entries(sections)
    if toc and row["references_html"]:  # like MediaWiki's contents, which list the references heading too
        toc.append((str(sum(level == 2 for *_, level in toc) + 1), "References", "References", 2))
    office = officeholder(conn, row["title"], infobox) if row["kind"] == "person" else None
    return render(request, "article.html", {
        "title": row["title"], "article": row, "infobox": office["infobox"] if office else infobox,
        "sections": sections, "toc": toc, "categories": categories, "image": image, "navboxes": boxes,
        "succession": office["succession"] if office else [],
        "mayor_navboxes": office["mayor_navboxes"] if office else [],
        "state_navbox": state_navbox(conn, row["title"], row["kind"], collapsed=bool(boxes))})


def toc_entries(sections) -> list[tuple[str, str, str, int]]:
    """(number, heading, anchor, level) of the table of contents: "3", then "3.1" for a level-3 heading."""
    out, top, sub = [], 0, 0
    if len(sections) < TOC_MIN_SECTIONS:
        return out
    for s in sections:
        if s["level"] <= 2 or top == 0:
            top, sub = top + 1, 0
            out.append((str(top), s["heading"], s["anchor"], 2))
        else:
            sub += 1
            out.append((f"{top}.{sub}", s["heading"], s["anchor"], 3))
    return out


def _resolve(conn, slug: str) -> str | None:
    """The canonical title for a redirect, a differently-cased title or a title typed with spaces."""
    slug = slug_of(slug)
    r = conn.execute("SELECT a.title FROM redirects r JOIN articles a ON a.id = r.target_id WHERE r.slug = ?",
                     (slug,)).fetchone()
    if r:
        return r[0]
    for q in ("SELECT title FROM articles WHERE slug = ?",
              "SELECT title FROM articles WHERE lower(slug) = lower(?) ORDER BY id LIMIT 1",
              "SELECT a.title FROM redirects r JOIN articles a ON a.id = r.target_id "
              "WHERE lower(r.slug) = lower(?) ORDER BY a.id LIMIT 1"):
        r = conn.execute(q, (slug,)).fetchone()
        if r:
            return r[0]
    return None


def _int(value: str | None, default: int) -> int:
    try:
        return int(value) if value not in (None, "") else default
    except ValueError:
        return default


def _book_param(request: Request) -> str | None:
    return request.query_params.get("content") or request.query_params.get("books.name")


def search_page(request: Request) -> Response:
    book = _book_param(request)
    if book not in (None, BOOK):
        return not_found(request, None)
    pattern = request.query_params.get("pattern", "").strip()
    start = max(0, _int(request.query_params.get("start"), 0))
    page_length = min(MAX_PAGE_LENGTH, max(1, _int(request.query_params.get("pageLength"), DEFAULT_PAGE_LENGTH)))
    conn = db(request)
    total, hits = search(conn, pattern, start, page_length) if pattern else (0, [])
    pages = []
    if total > page_length:
        current = start // page_length
        last = (total - 1) // page_length
        lo, hi = max(0, current - 2), min(last, current + 2)
        pages = [(p + 1, search_url(pattern, p * page_length, page_length if page_length != DEFAULT_PAGE_LENGTH
                                    else None), p == current) for p in range(lo, hi + 1)]
        prev_url = search_url(pattern, max(0, start - page_length),
                              page_length if page_length != DEFAULT_PAGE_LENGTH else None) if start > 0 else None
        next_url = search_url(pattern, start + page_length,
                              page_length if page_length != DEFAULT_PAGE_LENGTH else None) \
            if start + page_length < total else None
        length = page_length if page_length != DEFAULT_PAGE_LENGTH else None
        first_url = search_url(pattern, None, length) if lo > 0 else None
        last_url = search_url(pattern, last * page_length, length) if hi < last else None
    else:
        prev_url = next_url = first_url = last_url = None
    lengths = [(n, search_url(pattern, None, n if n != DEFAULT_PAGE_LENGTH else None), n == page_length)
               for n in PAGE_LENGTHS] if total > PAGE_LENGTHS[0] else []
    return render(request, "search.html", {
        "title": f"Search: {pattern}" if pattern else "Search", "pattern": pattern, "total": total, "hits": hits,
        "first": start + 1, "last": start + len(hits), "pages": pages, "prev_url": prev_url, "next_url": next_url,
        "first_url": first_url, "last_url": last_url,
        "hit_categories": {t: [(c, category_url(c)) for c in cats] for t, cats in hit_categories(conn, hits).items()},
        "lengths": lengths, "title_matches": title_matches(conn, pattern) if pattern else [],
        "category_matches": [(c, n, category_url(c)) for c, n in category_matches(conn, pattern)] if pattern else [],
        "common_categories": [(c, n, category_url(c)) for c, n in common_categories(conn, pattern)] if total else []})


def random_article(request: Request) -> Response:
    """Kiwix's random article: here the article of rank (counter mod N), then the counter moves on."""
    book = _book_param(request)
    if book not in (None, BOOK):
        return not_found(request, None)
    conn = db(request)
    counter = conn.execute("UPDATE kiwix_state SET random_counter = random_counter + 1 WHERE id = 1 "
                           "RETURNING random_counter - 1").fetchone()[0]
    n = _article_count(conn)
    title = conn.execute("SELECT title FROM articles WHERE random_rank = ?", (counter % n,)).fetchone()[0]
    conn.commit()
    return RedirectResponse(article_url(title), status_code=302)
