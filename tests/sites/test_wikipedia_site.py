"""The embedded Wikipedia (Kiwix reader): seed, consistency with the shared world, pages, search, random."""

from __future__ import annotations

import html as htmllib
import re
import sqlite3
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from starlette.testclient import TestClient

from mag_mcp.sites import world
from mag_mcp.sites.base import STATE_HEADER, SiteStateStore
from mag_mcp.sites.wikipedia import BOOK, SITE, article_url, build_seed
from mag_mcp.sites.wikipedia.facts import CITY_FACTS, DISTRICT_FACTS, LANDMARK_FACTS

A = f"/{BOOK}/A/"
HREF_RE = re.compile(r'href="([^"]+)"')


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory):
    """One seed for the module (the wiki is read-only; tests that write use their own state keys)."""
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
    return r.text, [t.replace("&#39;", "'").replace("&amp;", "&") for t in titles]


# --- seed ----------------------------------------------------------------------------


def _dump(path: Path) -> dict[str, list[tuple]]:
    c = sqlite3.connect(path)
    tables = [r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    out = {t: c.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall() for t in tables}
    c.close()
    return out


def test_seed_is_deterministic(tmp_path: Path) -> None:
    build_seed(tmp_path / "a.sqlite")
    build_seed(tmp_path / "b.sqlite")
    assert _dump(tmp_path / "a.sqlite") == _dump(tmp_path / "b.sqlite")


def test_seed_scale_covers_the_world(conn: sqlite3.Connection) -> None:
    assert conn.execute("SELECT COUNT(*) FROM articles").fetchone()[0] >= 300
    # every article has an infobox, and most have several sections
    assert conn.execute("SELECT COUNT(*) FROM articles a WHERE NOT EXISTS "
                        "(SELECT 1 FROM infobox_rows r WHERE r.article_id = a.id)").fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM articles a WHERE (SELECT COUNT(*) FROM sections s "
                        "WHERE s.article_id = a.id) >= 3").fetchone()[0] >= 300
    by_kind = lambda kind: {r[0] for r in conn.execute("SELECT entity FROM articles WHERE kind = ?", (kind,))}
    assert by_kind("landmark") == {lm.name for lm in world.LANDMARKS}
    assert by_kind("district") == set(world.DISTRICTS)
    assert by_kind("project") == {p.path for p in world.PROJECTS}
    assert by_kind("city") == {world.CITY}
    brands = by_kind("brand")
    assert len(brands) >= 60 and brands <= set(world.brands())
    assert {p.language for p in world.PROJECTS} <= by_kind("language")
    assert conn.execute("SELECT COUNT(*) FROM images").fetchone()[0] >= 10
    assert conn.execute("SELECT COUNT(*) FROM categories").fetchone()[0] >= 300


def test_infobox_facts_agree_with_the_world(conn: sqlite3.Connection) -> None:
    for lm in world.LANDMARKS:
        box = _infobox(conn, lm.name)
        assert box["Type"].lower() == lm.kind
        assert box["Location"].startswith(f"{lm.district}, Port Alder")
        f = LANDMARK_FACTS[lm.name]
        assert box[f.year_label] == str(f.year)
        for year in re.findall(r"\b1[89]\d\d\b", lm.summary):  # years world.py states must match
            assert year == str(f.year), lm.name
    for p in world.PROJECTS:
        box = _infobox(conn, p.name)
        assert box["Written in"] == p.language
        assert box["Repository"] == f"{p.path} on GitLab"
    populations = 0
    for name in world.DISTRICTS:
        box = _infobox(conn, name)
        assert box["City"] == "Port Alder"
        assert box["Population (2020)"] == f"{DISTRICT_FACTS[name].population:,}"
        populations += DISTRICT_FACTS[name].population
    city = _infobox(conn, "Port Alder")
    assert city["Population (2020)"] == f"{populations:,}" == f"{CITY_FACTS['population']:,}"
    assert city["Founded"] == "1847"
    # the same year wherever the landmarks are listed
    rows = conn.execute("SELECT s.text FROM sections s JOIN articles a ON a.id = s.article_id "
                        "WHERE a.title = 'List of landmarks in Port Alder'").fetchone()[0]
    assert "North Shore Lighthouse – lighthouse – North Shore – 1872" in rows
    north_shore = conn.execute("SELECT plain_text FROM articles WHERE title = 'North Shore'").fetchone()[0]
    assert "North Shore Lighthouse – lighthouse, 1872" in north_shore
    bright = conn.execute("SELECT plain_text FROM articles WHERE title = 'Cornelius Bright'").fetchone()[0]
    assert "North Shore Lighthouse (1872)" in bright
    assert _infobox(conn, "Nike, Inc.")["Founders"] == "Bill Bowerman, Phil Knight"
    assert conn.execute("SELECT entity FROM articles WHERE title = 'Python (programming language)'").fetchone()[0] \
        == "Python"


def test_links_resolve_and_are_recorded(conn: sqlite3.Connection) -> None:
    assert conn.execute("SELECT COUNT(*) FROM links").fetchone()[0] > 2000
    assert conn.execute("SELECT COUNT(*) FROM links l LEFT JOIN articles a ON a.id = l.target_id "
                        "WHERE a.id IS NULL").fetchone()[0] == 0
    # city -> districts -> landmarks; projects -> languages; brands -> categories
    def targets(title: str) -> set[str]:
        return {r[0] for r in conn.execute(
            "SELECT t.title FROM links l JOIN articles s ON s.id = l.source_id JOIN articles t ON t.id = l.target_id "
            "WHERE s.title = ?", (title,))}
    assert set(world.DISTRICTS) <= targets("Port Alder")
    assert {lm.name for lm in world.LANDMARKS if lm.district == "Hilltop"} <= targets("Hilltop")
    assert "Rust (programming language)" in targets("routekit")
    assert "routekit" in targets("Rust (programming language)")
    assert "Headphones" in targets("Sony") and "Sony" in targets("Headphones")


def test_every_link_on_every_article_page_resolves(client: TestClient, conn: sqlite3.Connection) -> None:
    slugs = {r[0] for r in conn.execute("SELECT slug FROM articles")} | {"Main_Page"}
    images = {r[0] for r in conn.execute("SELECT file FROM images")}
    seen: set[str] = set()
    for (slug,) in conn.execute("SELECT slug FROM articles ORDER BY id"):
        r = client.get(A + slug)
        assert r.status_code == 200, slug
        for href in HREF_RE.findall(r.text):
            seen.add(htmllib.unescape(href))
    assert len(seen) > 300
    for href in seen:
        path = unquote(urlsplit(href).path)
        if path.startswith(A):
            assert path[len(A):] in slugs, href
        elif path.startswith(f"/{BOOK}/I/"):
            assert path.rsplit("/", 1)[1] in images, href
        else:
            assert href.startswith(("/search?", "/random?", "/skin/", "#", "data:")) or href == "/", href


# --- pages ---------------------------------------------------------------------------


def test_library_main_page_and_top_bar(client: TestClient) -> None:
    home = client.get("/")
    assert home.status_code == 200 and "Welcome to Kiwix Server" in home.text
    assert f'href="{A}Main_Page" aria-label="Wikipedia"' in home.text
    r = client.get(f"/{BOOK}", follow_redirects=False)
    assert r.status_code == 302 and r.headers["location"] == f"{A}Main_Page"
    main = client.get(f"{A}Main_Page")
    assert main.status_code == 200
    assert "From today's featured article" in main.text and "North Shore Lighthouse" in main.text
    assert "Did you know" in main.text
    landing = client.get(f"{A}User:The_other_Kiwix_guy/Landing")
    assert landing.status_code == 200 and "From today's featured article" in landing.text
    # the Kiwix top bar: labelled controls
    assert '<label class="sr-only" for="kiwixsearchbox">Search</label>' in main.text
    assert 'id="kiwixsearchbox" type="text" name="pattern"' in main.text
    assert '<button type="submit" class="kiwix-search-button">Search</button>' in main.text
    assert 'aria-label="Home"' in main.text and "<span>Random</span>" in main.text
    assert f'href="/random?content={BOOK}"' in main.text


def test_article_page(client: TestClient) -> None:
    r = client.get(f"{A}North_Shore_Lighthouse")
    assert r.status_code == 200
    html = r.text
    assert '<h1 id="firstHeading" class="firstHeading">North Shore Lighthouse</h1>' in html
    assert 'class="infobox"' in html and "<th scope=\"row\">Built</th><td>1872</td>" in html
    assert f'<a href="{A}North_Shore" title="North Shore">North Shore</a>' in html
    assert 'id="toc"' in html and 'id="History"' in html and 'id="See_also"' in html
    assert 'class="catlinks"' in html and "Lighthouses in Oregon" in html
    img = re.search(rf'src="(/{BOOK}/I/[^"]+\.png)"', html)
    assert img
    png = client.get(img.group(1))
    assert png.status_code == 200 and png.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert client.get(f"/{BOOK}/I/Nope.png").status_code == 404


def test_redirects_and_title_forms(client: TestClient) -> None:
    for path, target in [("Python", "Python (programming language)"), ("north_shore_lighthouse", "North Shore Lighthouse"),
                         ("alder-labs/routekit", "routekit"), ("SAMSUNG", "Samsung Electronics"),
                         ("Port Alder, Oregon", "Port Alder")]:
        r = client.get(A + path, follow_redirects=False)
        assert r.status_code == 302, path
        assert r.headers["location"] == article_url(target)
    assert client.get(article_url("C++")).status_code == 200
    assert client.get(article_url("St. Mary's Church")).status_code == 200
    assert client.get(article_url("Bath & Body Works")).status_code == 200


def test_unknown_article_is_a_404_with_a_search_suggestion(client: TestClient) -> None:
    r = client.get(f"{A}Lighthouse_of_Atlantis")
    assert r.status_code == 404
    assert "was not found on this server" in r.text
    assert "Make a full text search for" in r.text
    assert f'href="/search?content={BOOK}&amp;pattern=Lighthouse+of+Atlantis"' in r.text
    assert client.get("/search", params={"content": "other_book", "pattern": "x"}).status_code == 404


def test_unknown_state_key_is_410(store: SiteStateStore) -> None:
    c = TestClient(SITE.create_app(store), headers={STATE_HEADER: "no-such-episode"})
    assert c.get(f"{A}Main_Page").status_code == 410


# --- search and random -----------------------------------------------------------------


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
    html, titles = _search(client, "xyzzyplugh")
    assert not titles and "No results were found" in html


def test_search_pagination(client: TestClient) -> None:
    html1, page1 = _search(client, "company", pageLength=10)
    total = int(re.search(r"of <b>([\d,]+)</b>", html1).group(1).replace(",", ""))
    assert total > 20 and len(page1) == 10
    assert "Results <b>1-10</b>" in html1 and 'rel="next"' in html1
    html2, page2 = _search(client, "company", pageLength=10, start=10)
    assert len(page2) == 10 and not set(page1) & set(page2)
    assert "Results <b>11-20</b>" in html2 and 'rel="prev"' in html2
    _, default = _search(client, "company")
    assert len(default) == min(25, total)


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
