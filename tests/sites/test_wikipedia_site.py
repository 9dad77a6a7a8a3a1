"""The embedded Wikipedia (Kiwix reader): seed and content databases, consistency with the shared
world and across articles, pages (articles, categories, main page), search, suggestions, random."""

from __future__ import annotations

import hashlib
import html as htmllib
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from starlette.testclient import TestClient

from mag_mcp.sites import world
from mag_mcp.sites.base import STATE_HEADER, SiteStateStore
from mag_mcp.sites.wikipedia import BOOK, SITE, article_url, build_seed
from mag_mcp.sites.wikipedia import world_stats
from mag_mcp.sites.wikipedia.facts import CITY_FACTS, DISTRICT_FACTS, LANDMARK_FACTS, MAYORS

A = f"/{BOOK}/A/"
HREF_RE = re.compile(r'href="([^"]+)"')


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory):
    """One seed and content database for the module (the wiki is read-only; tests that write use
    their own state keys)."""
    root = tmp_path_factory.mktemp("wikipedia")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("MAG_HOME", str(root))
        yield SiteStateStore(SITE, root=root)


@pytest.fixture
def client(store: SiteStateStore) -> TestClient:
    return TestClient(SITE.create_app(store))


@pytest.fixture
def conn(store: SiteStateStore):
    c = store.connect("default")
    yield c
    c.close()


def _infobox(conn: sqlite3.Connection, title: str) -> dict[str, str]:
    rows = conn.execute("SELECT r.label, r.value FROM infobox_rows r JOIN articles a ON a.id = r.article_id "
                        "WHERE a.title = ? ORDER BY r.position", (title,)).fetchall()
    assert rows, title
    return {r[0]: r[1] for r in rows}


def _search(client: TestClient, pattern: str, **params: int) -> tuple[str, list[str]]:
    r = client.get("/search", params={"content": BOOK, "pattern": pattern, **params})
    assert r.status_code == 200
    results = r.text.split('class="results"')[1] if 'class="results"' in r.text else ""
    titles = re.findall(r'<li>\s*<a href="[^"]+">([^<]+)</a>', results)
    return r.text, [htmllib.unescape(t) for t in titles]


def _text(conn: sqlite3.Connection, title: str) -> str:
    row = conn.execute("SELECT plain_text FROM articles WHERE title = ?", (title,)).fetchone()
    assert row, title
    return row[0]


def _links(conn: sqlite3.Connection, title: str) -> set[str]:
    return {r[0] for r in conn.execute(
        "SELECT t.title FROM links l JOIN articles s ON s.id = l.source_id JOIN articles t ON t.id = l.target_id "
        "WHERE s.title = ?", (title,))}


# --- databases -------------------------------------------------------------------------


def test_episode_database_is_tiny_and_the_articles_are_attached(store: SiteStateStore,
                                                                 conn: sqlite3.Connection) -> None:
    assert store.seed_path.stat().st_size < 64 * 1024  # a reset copies a few kilobytes
    assert store.content_path is not None and store.content_path.stat().st_size > 20 * 1024 * 1024
    assert [r[1] for r in conn.execute("PRAGMA database_list")] == ["main", "content"]
    assert {r[0] for r in conn.execute("SELECT name FROM main.sqlite_master WHERE type = 'table'")} == {"kiwix_state"}
    with pytest.raises(sqlite3.OperationalError, match="readonly|read-only"):
        conn.execute("UPDATE content.articles SET title = 'x' WHERE id = 1")


def test_seed_and_content_are_deterministic(store: SiteStateStore, tmp_path: Path) -> None:
    """Same bytes in every build: the mutable seed twice here, the content database once more in a
    fresh interpreter (another hash seed), compared with the one the fixture built."""
    build_seed(tmp_path / "a.sqlite")
    build_seed(tmp_path / "b.sqlite")
    assert (tmp_path / "a.sqlite").read_bytes() == (tmp_path / "b.sqlite").read_bytes()
    out = tmp_path / "content.sqlite"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; "
                    "from mag_mcp.sites.wikipedia import build_content; build_content(Path(sys.argv[1]))", str(out)],
                   check=True, env=env, timeout=600)
    assert store.content_path is not None
    digest = lambda p: hashlib.sha256(p.read_bytes()).hexdigest()  # noqa: E731
    assert digest(out) == digest(store.content_path)


# --- scale (issue 19) ------------------------------------------------------------------


def test_scale_targets_hold(conn: sqlite3.Connection) -> None:
    got = world_stats.counts(conn)
    missed = {k: (got.get(k), v) for k, v in world_stats.TARGETS.items() if got.get(k, 0) < v}
    assert not missed, missed
    assert got["max_article_chars"] >= 15_000 and got["long_articles"] >= 3
    assert got["sentence_distinct_ratio"] >= 0.6
    kinds = dict(conn.execute("SELECT kind, COUNT(*) FROM articles GROUP BY kind").fetchall())
    for kind, least in {"town": 300, "person": 900, "building": 200, "company": 150, "county": 6,
                        "book": 100, "album": 80, "river": 30, "election": 15, "season": 30, "year": 50}.items():
        assert kinds.get(kind, 0) >= least, (kind, kinds.get(kind))


def test_measurement_pages_are_served(client: TestClient) -> None:
    assert len(world_stats.PAGES) >= 7
    assert {k for _, k, _ in world_stats.PAGES} >= {"home", "detail", "listing", "search", "profile"}
    for name, _kind, path in world_stats.PAGES:
        assert client.get(path).status_code == 200, name


# --- consistency -------------------------------------------------------------------------


def test_hand_written_facts_agree_with_the_world(conn: sqlite3.Connection) -> None:
    by_kind = lambda kind: {r[0] for r in conn.execute("SELECT entity FROM articles WHERE kind = ?", (kind,))}  # noqa: E731
    assert by_kind("landmark") == {lm.name for lm in world.LANDMARKS}
    assert by_kind("district") == set(world.DISTRICTS)
    assert by_kind("project") == {p.path for p in world.PROJECTS}
    assert by_kind("city") == {world.CITY}
    assert len(by_kind("brand")) >= 60 and by_kind("brand") <= set(world.brands())
    for lm in world.LANDMARKS:
        box = _infobox(conn, lm.name)
        assert box["Type"].lower() == lm.kind
        assert box["Location"].startswith(f"{lm.district}, Port Alder")
        assert box[LANDMARK_FACTS[lm.name].year_label] == str(LANDMARK_FACTS[lm.name].year)
    for p in world.PROJECTS:
        box = _infobox(conn, p.name)
        assert box["Written in"] == p.language and box["Repository"] == f"{p.path} on GitLab"
    populations = 0
    for name in world.DISTRICTS:
        box = _infobox(conn, name)
        assert box["Population (2020)"] == f"{DISTRICT_FACTS[name].population:,}"
        populations += DISTRICT_FACTS[name].population
    assert _infobox(conn, "Port Alder")["Population (2020)"] == f"{populations:,}" == f"{CITY_FACTS['population']:,}"
    rows = conn.execute("SELECT s.text FROM sections s JOIN articles a ON a.id = s.article_id "
                        "WHERE a.title = 'List of landmarks in Port Alder'").fetchone()[0]
    assert "North Shore Lighthouse – lighthouse – North Shore – 1872" in rows
    assert "North Shore Lighthouse – lighthouse, 1872" in _text(conn, "North Shore")
    assert "North Shore Lighthouse (1872)" in _text(conn, "Cornelius Bright")
    assert _infobox(conn, "Nike, Inc.")["Founders"] == "Bill Bowerman, Phil Knight"


def test_generated_records_agree_across_articles(conn: sqlite3.Connection) -> None:
    """A town's founder, a building's architect, an album's band and a mayor's term read the same in
    every article that states them."""
    def infobox_person(title: str, label: str) -> str:
        cell = conn.execute("SELECT r.value_html FROM infobox_rows r JOIN articles a ON a.id = r.article_id "
                            "WHERE a.title = ? AND r.label = ?", (title, label)).fetchone()[0]
        m = re.search(r'title="([^"]+)"', cell)
        assert m, (title, label, cell)
        return htmllib.unescape(m.group(1))

    towns = [r[0] for r in conn.execute("SELECT a.title FROM articles a JOIN infobox_rows r ON r.article_id = a.id "
                                        "WHERE a.kind = 'town' AND r.label = 'Founded by' ORDER BY a.id LIMIT 40")]
    assert len(towns) >= 20
    for town in towns:
        founder = infobox_person(town, "Founded by")
        assert town in _links(conn, founder), (founder, town)
    blds = [r[0] for r in conn.execute("SELECT a.title FROM articles a JOIN infobox_rows r ON r.article_id = a.id "
                                       "WHERE a.kind = 'building' AND r.label = 'Architect' AND r.value != 'Unknown' "
                                       "ORDER BY a.id LIMIT 40")]
    assert len(blds) >= 20
    for building in blds:
        architect = infobox_person(building, "Architect")
        name = conn.execute("SELECT infobox_title FROM articles WHERE title = ?", (building,)).fetchone()[0]
        year = _infobox(conn, building)["Built"]
        assert building in _links(conn, architect)
        assert re.search(rf"{re.escape(name)}[^\n]*{year}", _text(conn, architect)), (architect, building)
    # the mayors of the hand-written list keep their terms in the city's table and in the elections
    city = _text(conn, "Port Alder")
    for name, term in MAYORS:
        assert f"{name} – {term}" in city, (name, term)
    for year, winner in conn.execute("SELECT substr(a.title, 1, 4), r.value FROM articles a JOIN infobox_rows r "
                                     "ON r.article_id = a.id WHERE a.kind = 'election' AND r.label = 'Winner'"):
        term = next((t for n, t in MAYORS if n == winner), None)
        if term:
            end = 9999 if "present" in term else int(term[5:9])
            assert int(term[:4]) <= int(year) < end, (winner, year, term)
    # the map's hotels are the wiki's list of hotels
    from mag_mcp.sites.wikipedia import mapnames
    hotels = _text(conn, "List of hotels in Port Alder")
    assert mapnames.hotels() and all(name in hotels for name, _ in mapnames.hotels())


def test_links_resolve(client: TestClient, conn: sqlite3.Connection) -> None:
    assert conn.execute("SELECT COUNT(*) FROM links").fetchone()[0] > 100_000
    assert conn.execute("SELECT COUNT(*) FROM links l LEFT JOIN articles a ON a.id = l.target_id "
                        "WHERE a.id IS NULL").fetchone()[0] == 0
    assert set(world.DISTRICTS) <= _links(conn, "Port Alder")
    assert "Rust (programming language)" in _links(conn, "routekit")
    assert "Headphones" in _links(conn, "Sony") and "Sony" in _links(conn, "Headphones")
    # every href of a sample of pages of every kind points at an article, a category, an image or a tool
    slugs = {r[0] for r in conn.execute("SELECT slug FROM articles")} | {"Main_Page"}
    cats = {"Category:" + r[0].replace(" ", "_") for r in conn.execute("SELECT name FROM category_sizes")}
    images = {r[0] for r in conn.execute("SELECT file FROM images")}
    sample = [r[0] for r in conn.execute("SELECT slug FROM articles WHERE id % 40 = 1 OR kind IN "
                                         "('city', 'district', 'landmark', 'county')")]
    assert len(sample) > 90
    seen: set[str] = set()
    for slug in sample + ["Main_Page", "Category:Populated_places_in_Oregon"]:
        r = client.get(A + slug)
        assert r.status_code == 200, slug
        seen.update(htmllib.unescape(h) for h in HREF_RE.findall(r.text))
    for href in seen:
        path = unquote(urlsplit(href).path)
        if path.startswith(A):
            assert path[len(A):] in slugs | cats, href
        elif path.startswith(f"/{BOOK}/I/"):
            assert path.rsplit("/", 1)[1] in images, href
        else:
            assert href.startswith(("/search?", "/random?", "/skin/", "#", "data:")) or href == "/", href


# --- pages -----------------------------------------------------------------------------


def test_library_main_page_and_top_bar(client: TestClient) -> None:
    home = client.get("/")
    assert home.status_code == 200 and "Welcome to Kiwix Server" in home.text
    assert f'href="{A}Main_Page" aria-label="Wikipedia"' in home.text
    r = client.get(f"/{BOOK}", follow_redirects=False)
    assert r.status_code == 302 and r.headers["location"] == f"{A}Main_Page"
    main = client.get(f"{A}Main_Page")
    assert main.status_code == 200
    assert "From today's featured article" in main.text and "North Shore Lighthouse" in main.text
    assert "Did you know" in main.text and "All " in main.text and "Category:Populated_places_in_Oregon" in main.text
    landing = client.get(f"{A}User:The_other_Kiwix_guy/Landing")
    assert landing.status_code == 200 and "From today's featured article" in landing.text
    assert '<label class="sr-only" for="kiwixsearchbox">Search</label>' in main.text
    assert 'id="kiwixsearchbox" type="text" name="pattern"' in main.text
    assert '<button type="submit" class="kiwix-search-button">Search</button>' in main.text
    assert 'aria-label="Home"' in main.text and "<span>Random</span>" in main.text
    assert f'href="/random?content={BOOK}"' in main.text and 'src="/skin/suggest.js"' in main.text


def test_article_page(client: TestClient) -> None:
    r = client.get(f"{A}North_Shore_Lighthouse")
    assert r.status_code == 200
    html = r.text
    assert '<h1 id="firstHeading" class="firstHeading">North Shore Lighthouse</h1>' in html
    assert 'class="infobox"' in html and "<th scope=\"row\">Built</th><td>1872</td>" in html
    assert f'<a href="{A}North_Shore" title="North Shore">North Shore</a>' in html
    # the contents sidebar, numbered like the sections; See also; categories as links; the city's navbox
    assert 'id="toc"' in html and '<span class="tocnumber">1</span> <span class="toctext">History</span>' in html
    assert 'id="History"' in html and 'id="See_also"' in html
    assert f'href="{A}Category:Lighthouses_in_Oregon">Lighthouses in Oregon</a>' in html
    assert 'class="navbox"' in html and 'aria-label="Port Alder, Oregon"' in html
    img = re.search(rf'src="(/{BOOK}/I/[^"]+\.png)"', html)
    assert img
    png = client.get(img.group(1))
    assert png.status_code == 200 and png.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert client.get(f"/{BOOK}/I/Nope.png").status_code == 404


def test_generated_article_has_references_subsections_and_tables(client: TestClient, conn: sqlite3.Connection) -> None:
    slug = conn.execute("SELECT slug FROM articles WHERE kind = 'town' AND page_chars > 6000 ORDER BY id").fetchone()[0]
    html = client.get(A + slug).text
    notes = re.findall(r'<sup class="reference" id="cite_ref-(\d+)-\d+"><a href="#cite_note-(\d+)">', html)
    assert notes and all(a == b for a, b in notes)
    for n in {b for _, b in notes}:  # every footnote has its entry, which links back
        assert f'<li id="cite_note-{n}">' in html and f'href="#cite_ref-{n}-0"' in html
    assert re.search(r'<span class="tocnumber">\d+\.1</span>', html)  # level-3 entries in the contents
    assert "<caption>Climate data for" in html and "Historical population" in html
    assert 'class="navbox"' in html
    # the images of every generated kind draw
    for kind in ("regionmap", "portrait", "cover", "ship", "landmark"):
        f = conn.execute("SELECT file FROM images WHERE kind = ? ORDER BY file LIMIT 1", (kind,)).fetchone()
        assert f, kind
        assert client.get(f"/{BOOK}/I/{f[0]}").content[:4] == b"\x89PNG", kind


def test_category_pages(client: TestClient, conn: sqlite3.Connection) -> None:
    name = "Populated places in Oregon"
    total = conn.execute("SELECT members FROM category_sizes WHERE name = ?", (name,)).fetchone()[0]
    assert total > 200
    first = client.get(A + "Category:" + name.replace(" ", "_"))
    assert first.status_code == 200 and f'Pages in category "{name}"' in first.text
    assert f"The following 200 pages are in this category, out of {total:,} total." in first.text
    members = lambda page: re.findall(r'<li><a href="/[^"]+">([^<]+)</a></li>',  # noqa: E731
                                      page.split('class="mw-category"')[1].split('class="catlinks"')[0])
    titles1 = members(first.text)
    assert len(titles1) == 200 and titles1 == sorted(titles1, key=str.lower)
    nxt = re.search(r'<a href="([^"]+)">next page</a>', first.text)
    assert nxt
    second = client.get(htmllib.unescape(nxt.group(1)))
    titles2 = members(second.text)
    assert titles2 and not set(titles1) & set(titles2) and len(titles1) + len(titles2) == total
    assert client.get(A + "Category:No_such_category").status_code == 404


def test_disambiguation_pages_and_hatnotes(client: TestClient, conn: sqlite3.Connection) -> None:
    rows = conn.execute("SELECT title FROM articles WHERE kind = 'disambiguation' AND title LIKE '%(disambiguation)'"
                        " ORDER BY id LIMIT 5").fetchall()
    assert rows
    page = rows[0][0]
    listed = _links(conn, page)
    assert len(listed) >= 2
    base = page.removesuffix(" (disambiguation)")
    html = client.get(article_url(base)).text
    assert 'class="hatnote"' in html and htmllib.escape(page, quote=False) in htmllib.unescape(html)
    surnames = conn.execute("SELECT COUNT(*) FROM articles WHERE title LIKE '% (surname)'").fetchone()[0]
    assert surnames >= 20


def test_redirects_and_title_forms(client: TestClient) -> None:
    for path, target in [("Python", "Python (programming language)"), ("north_shore_lighthouse", "North Shore Lighthouse"),
                         ("alder-labs/routekit", "routekit"), ("SAMSUNG", "Samsung Electronics"),
                         ("Port Alder, Oregon", "Port Alder"), ("Hollis County", "Hollis County, Oregon")]:
        r = client.get(A + path, follow_redirects=False)
        assert r.status_code == 302, path
        assert r.headers["location"] == article_url(target)
    assert client.get(article_url("C++")).status_code == 200
    assert client.get(article_url("St. Mary's Church")).status_code == 200
    assert client.get(article_url("Bath & Body Works")).status_code == 200


def test_unknown_article_is_a_404_with_a_search_suggestion(client: TestClient) -> None:
    r = client.get(f"{A}Lighthouse_of_Atlantis")
    assert r.status_code == 404
    assert "was not found on this server" in r.text and "Make a full text search for" in r.text
    assert f'href="/search?content={BOOK}&amp;pattern=Lighthouse+of+Atlantis"' in r.text
    assert client.get("/search", params={"content": "other_book", "pattern": "x"}).status_code == 404


def test_unknown_state_key_is_410(store: SiteStateStore) -> None:
    c = TestClient(SITE.create_app(store), headers={STATE_HEADER: "no-such-episode"})
    assert c.get(f"{A}Main_Page").status_code == 410


# --- search, suggestions and random ----------------------------------------------------


def test_search_by_title_and_by_body_words(client: TestClient) -> None:
    html, titles = _search(client, "Hilltop Observatory")
    assert titles[0] == "Hilltop Observatory"
    assert "from Wikipedia" in html and re.search(r"[\d,]+ words", html)
    _, titles = _search(client, "Bowerman")  # a body word only (a founder of Nike)
    assert "Nike, Inc." in titles
    _, titles = _search(client, "lighthouses")  # stemming
    assert "North Shore Lighthouse" in titles
    _, titles = _search(client, "routekit rust")
    assert titles[0] == "routekit"
    _, titles = _search(client, "Slippy map")  # a redirect title comes first
    assert titles[0] == "Tiled web map"
    html, titles = _search(client, "xyzzyplugh")
    assert not titles and "No results were found" in html


def test_search_returns_many_results_with_snippets_and_pages(client: TestClient) -> None:
    html1, page1 = _search(client, "sawmill", pageLength=10)
    total = int(re.search(r"of <b>([\d,]+)</b>", html1).group(1).replace(",", ""))
    assert total > 100 and len(page1) == 10
    assert "Results <b>1-10</b>" in html1 and 'rel="next"' in html1 and "<cite>" in html1 and "<b>" in html1
    html2, page2 = _search(client, "sawmill", pageLength=10, start=10)
    assert len(page2) == 10 and not set(page1) & set(page2)
    assert "Results <b>11-20</b>" in html2 and 'rel="prev"' in html2
    _, default = _search(client, "sawmill")
    assert len(default) == 25


def test_title_suggestions(client: TestClient) -> None:
    r = client.get("/suggest", params={"content": BOOK, "term": "north shore", "count": 5})
    assert r.status_code == 200
    entries = r.json()
    paths = [e for e in entries if e["kind"] == "path"]
    assert paths and all(e["value"].lower().startswith("north shore") for e in paths) and len(paths) <= 5
    assert entries[-1] == {"label": "containing 'north shore'...", "value": "north shore ", "kind": "pattern"}
    assert client.get(f"/{BOOK}/" + paths[0]["path"]).status_code == 200
    redirected = client.get("/suggest", params={"content": BOOK, "term": "postgres"}).json()
    assert any(e.get("path") == "A/PostgreSQL" for e in redirected)
    assert client.get("/suggest", params={"content": BOOK, "term": ""}).json() == []
    assert client.get("/suggest", params={"content": "other", "term": "x"}).status_code == 404


def test_random_returns_an_article_deterministically_per_state(store: SiteStateStore) -> None:
    def first_two(key: str) -> list[str]:
        store.create(key)
        c = TestClient(SITE.create_app(store), headers={STATE_HEADER: key})
        out = []
        for _ in range(2):
            r = c.get(f"/random?content={BOOK}", follow_redirects=False)
            assert r.status_code == 302 and r.headers["location"].startswith(A)
            assert c.get(r.headers["location"]).status_code == 200
            out.append(r.headers["location"])
        return out

    a, b = first_two("ep-a"), first_two("ep-b")
    assert a == b and a[0] != a[1]


def test_caches_of_the_content_are_keyed_by_the_content_database(tmp_path) -> None:
    """Every episode has its own state database; what is cached from the read-only content
    database is kept once for all of them, not once per episode."""
    import sqlite3

    from mag_mcp.sites.wikipedia.navbox_state import db_key

    content = tmp_path / "content.sqlite"
    sqlite3.connect(content).close()
    keys = set()
    for episode in ("a", "b"):
        conn = sqlite3.connect(tmp_path / f"{episode}.sqlite")
        conn.execute("ATTACH DATABASE ? AS content", (str(content),))
        keys.add(db_key(conn))
    assert keys == {str(content)}
