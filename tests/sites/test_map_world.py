"""The map at WebArena scale: the targets on the real seed, the two databases, Nominatim-like
search, the tile server and the OSM pages beyond the map (ways, relations, history, mappers,
notes, diaries, traces, export, the API). Real seed, real SQLite, real HTTP (test client)."""

from __future__ import annotations

import html
import json
import math
import re
import sqlite3
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mag_mcp.sites.base import STATE_HEADER, SiteStateStore
from mag_mcp.sites.map import SITE, world_stats
from mag_mcp.sites.map.geo import TILE_SIZE, origin_px


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> SiteStateStore:
    return SiteStateStore(SITE, root=tmp_path_factory.mktemp("maphome"))


@pytest.fixture(scope="module")
def client(store: SiteStateStore) -> TestClient:
    return TestClient(SITE.create_app(store))


@pytest.fixture(scope="module")
def conn(store: SiteStateStore) -> sqlite3.Connection:
    return store.connect("default")


def _results(page: str) -> list[tuple[str, str, int, str]]:
    """(type, kind, id, display name) of every search result, in order."""
    return [(html.unescape(t), k, int(i), html.unescape(n)) for t, k, i, n in re.findall(
        r'<span class="type">([^<]*)</span>\s*<a class="set_position" data-kind="(\w+)"[^>]*href="/\w+/(\d+)">([^<]+)</a>',
        page)]


def _search(client: TestClient, query: str, **params: str) -> str:
    r = client.get("/search", params={"query": query, **params})
    assert r.status_code == 200
    return r.text


# --- scale, the two databases -----------------------------------------------------------------


def test_targets_hold_on_the_real_seed(conn: sqlite3.Connection) -> None:
    figures = world_stats.counts(conn)
    for key, minimum in world_stats.TARGETS.items():
        assert figures[key] >= minimum, (key, figures[key], minimum)
    assert figures["place_categories"] >= 100 and figures["osm_tags_per_place"] >= 8
    assert figures["ambiguous_names_across_districts"] >= 10 and figures["streets_in_several_districts"] >= 20
    assert figures["mappers"] >= 300 and figures["changesets"] >= 2000 and figures["bus_routes"] >= 20
    assert figures["map_controls"] >= 8 and figures["header_menu_items"] >= 12
    assert len(world_stats.PAGES) >= 7 and {k for _, k, _ in world_stats.PAGES} >= {"home", "search", "detail",
                                                                                   "form", "listing", "grid", "profile"}


def test_places_carry_osm_tags(conn: sqlite3.Connection) -> None:
    keys = {r[0]: r[1] for r in conn.execute("SELECT key, COUNT(*) FROM place_tags GROUP BY key")}
    for k in ("amenity", "shop", "tourism", "leisure", "office", "addr:street", "addr:housenumber", "opening_hours",
              "cuisine", "phone", "website", "brand", "wheelchair", "check_date"):
        assert keys.get(k, 0) >= 20, k
    # every place's address tags agree with its row, and its category tag is the one its kind names
    bad = conn.execute("SELECT COUNT(*) FROM places p WHERE (SELECT value FROM place_tags WHERE place_id = p.id AND "
                       "key = 'addr:street') IS NOT p.street").fetchone()[0]
    assert bad == 0
    hours = [r[0] for r in conn.execute("SELECT opening_hours FROM places WHERE opening_hours IS NOT NULL")]
    assert all(re.fullmatch(r"24/7|([A-Z][a-z](-[A-Z][a-z])? [\d:,-]+(; )?)+", h) for h in hours)


def test_episode_copy_is_small_and_content_is_shared(store: SiteStateStore) -> None:
    assert store.content_path is not None and store.content_path.stat().st_size > 4_000_000
    copy = store.create("small-ep")
    try:
        assert copy.stat().st_size < 1_000_000  # only meta and notes are per episode
        c = store.connect("small-ep")
        main = {r[0] for r in c.execute("SELECT name FROM main.sqlite_master WHERE type = 'table'")}
        assert main == {"meta", "notes", "note_comments"}
        assert c.execute("SELECT COUNT(*) FROM places").fetchone()[0] >= 3000  # read from `content`
        with pytest.raises(sqlite3.OperationalError):
            c.execute("UPDATE places SET name = 'x' WHERE id = 1")
        c.close()
    finally:
        store.drop("small-ep")


# --- search ---------------------------------------------------------------------------------------


def test_ambiguous_names_list_every_branch(client: TestClient, conn: sqlite3.Connection) -> None:
    res = _results(_search(client, "Tidewater Coffee"))
    branches = conn.execute("SELECT id, district FROM places WHERE name = 'Tidewater Coffee'").fetchall()
    assert len(branches) >= 5 and len({d for _, d in branches}) >= 3
    # the branches come first (an exact name), then looser matches
    assert {(k, i) for _, k, i, _ in res[:len(branches)]} == {("node", i) for i, _ in branches}
    assert len({n for _, _, _, n in res}) == len(res)  # each with its own address


def test_streets_in_several_districts_and_loose_matches(client: TestClient, conn: sqlite3.Connection) -> None:
    res = _results(_search(client, "Court Street"))
    ways = [r for r in res if r[1] == "way"]
    districts = {r[0] for r in conn.execute("SELECT district FROM ways WHERE name = 'Court Street'")}
    assert len(ways) == len(districts) >= 2 and res[0][1] == "way"
    assert all(t.endswith("Road") for t, *_ in ways)
    # places named after the street follow the street itself
    assert any(k == "node" and "Court Street" in n.split(",")[0] for _, k, _, n in res)


def test_landmark_before_the_bus_stop_of_the_same_name(client: TestClient, conn: sqlite3.Connection) -> None:
    res = _results(_search(client, "Central Library"))
    same = conn.execute("SELECT id, category FROM places WHERE name = 'Central Library' ORDER BY id").fetchall()
    assert [c for _, c in same] == ["library", "bus stop"]
    assert [(t, i) for t, _, i, _ in res[:2]] == [("Library", same[0][0]), ("Bus Stop", same[1][0])]


def test_partial_words_typos_and_districts(client: TestClient) -> None:
    assert _results(_search(client, "central lib"))[0][3].startswith("Central Library, ")
    assert _results(_search(client, "maritime mus"))[0][3].startswith("Maritime Museum, ")
    page = _search(client, "cofee")
    assert re.search(r'Did you mean <a href="/search\?query=coffee">coffee</a>', page)
    assert {t for t, *_ in _results(page)} == {"Café"}
    first = _results(_search(client, "Old Mill"))[0]
    assert first[:2] == ("Suburb", "relation") and first[3].startswith("Old Mill, Port Alder")
    assert _results(_search(client, "97284"))[0][0] == "Postcode"
    assert "No results found" in _search(client, "xyzzy plugh")


def test_house_numbers_and_pages_of_results(client: TestClient, conn: sqlite3.Connection) -> None:
    hall = conn.execute("SELECT id, house_number, street FROM places WHERE name = 'Port Alder City Hall'").fetchone()
    assert _results(_search(client, f"{hall[1]} {hall[2]}"))[0][2] == hall[0]
    first, second = _search(client, "coffee"), _search(client, "coffee", page="2")
    one, two = _results(first), _results(second)
    assert len(one) == len(two) == 20 and not {i for _, _, i, _ in one} & {i for _, _, i, _ in two}
    assert 'href="/search?query=coffee&amp;page=2">More results</a>' in first
    assert "Previous results" in second and re.search(r'<span class="num" aria-hidden="true">21</span>', second)


# --- tiles and the map pane -----------------------------------------------------------------------


def _centre_tile(zoom: int) -> tuple[int, int]:
    ox, oy = origin_px(zoom)
    return int(ox // TILE_SIZE), int(oy // TILE_SIZE)


def test_tiles_are_drawn_cached_and_seamless(client: TestClient, store: SiteStateStore) -> None:
    x, y = _centre_tile(16)
    r = client.get(f"/tile/standard/16/{x}/{y}.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert "max-age" in r.headers["cache-control"] and r.text.startswith("<svg") and 'width="256"' in r.text
    assert client.get(f"/tile/standard/16/{x}/{y}.svg").content == r.content
    cached = list((store.root.parent.parent / "tiles").glob(f"*/standard/16/{x}/{y}.svg"))
    assert cached and cached[0].read_bytes() == r.content
    # a label crossing a tile edge is drawn, the same, on both sides
    labels = []
    for dx in range(4):
        labels.append(set(re.findall(r">([^<>]{4,})</textPath>", client.get(f"/tile/standard/16/{x + dx}/{y}.svg").text)))
    assert any(a & b for a, b in zip(labels, labels[1:]))
    for layer in ("cyclemap", "transport", "hot", "gps"):
        assert client.get(f"/tile/{layer}/15/{x // 2}/{y // 2}.svg").status_code == 200
    for bad in ("/tile/standard/11/1/1.svg", "/tile/standard/20/1/1.svg", "/tile/nope/15/1/1.svg",
                f"/tile/standard/15/{2 ** 15}/1.svg"):
        assert client.get(bad).status_code == 404


def test_map_pane_and_click_targets(client: TestClient, conn: sqlite3.Connection) -> None:
    page = client.get("/node/2").text  # the Central Library, at zoom 17
    params = json.loads(html.unescape(re.search(r"data-params='([^']+)'", page).group(1)))
    assert params["zoom"] == 17 and params["tile"] == "/tile/{layer}/{z}/{x}/{y}.svg" and params["layer"] == "standard"
    hits = re.findall(r'<a class="poi-hit" href="/node/(\d+)" aria-label="([^"]+)"', page)
    assert 20 <= len(hits) <= 220 and "2" not in {i for i, _ in hits}  # the page's own place has its marker
    for label in ("Zoom in", "Zoom out", "Show My Location", "Layers", "Map Key", "Share", "Add a note to the map",
                  "Query features"):
        assert f'aria-label="{label}"' in page, label
    assert page.count('name="base-layer"') == 4 and page.count('name="overlay"') == 3
    assert client.get("/static/map.js").status_code == 200
    home = client.get("/", params={"layers": "C"}).text
    assert "/tile/cyclemap/14/" in home and 'value="cyclemap" checked' in home


def test_api_for_the_map_script(client: TestClient, store: SiteStateStore) -> None:
    pois = client.get("/api/pois", params={"bbox": "-122.665,45.508,-122.65,45.515", "zoom": "17"}).json()
    assert pois and all(len(p) == 4 and isinstance(p[0], int) for p in pois)
    assert client.get("/api/ways", params={"bbox": "-122.665,45.508,-122.65,45.515", "zoom": "14"}).json() == []
    ways = client.get("/api/ways", params={"bbox": "-122.665,45.508,-122.65,45.515", "zoom": "16"}).json()
    assert ways and all(len(w[2]) >= 2 for w in ways)
    r = client.get("/api/pois", params={"bbox": "nonsense"})
    assert r.status_code == 400 and "bbox" in r.json()["error"]
    store.create("api-ep")
    try:
        ep = TestClient(SITE.create_app(store), headers={STATE_HEADER: "api-ep"})
        nid = int(ep.post("/note/new", data={"lat": "45.5101", "lon": "-122.6601", "text": "Pothole"},
                          follow_redirects=False).headers["location"].rsplit("/", 1)[1])
        notes = ep.get("/api/notes", params={"bbox": "-122.661,45.51,-122.659,45.5102"}).json()
        assert [nid, 45.5101, -122.6601, True] in notes
        assert nid not in [n[0] for n in client.get("/api/notes", params={"bbox": "-122.661,45.51,-122.659,45.5102"}).json()]
    finally:
        store.drop("api-ep")


def test_osm_xml(client: TestClient) -> None:
    node = client.get("/api/0.6/node/2").text
    assert '<node id="2"' in node and '<tag k="amenity" v="library"/>' in node
    data = client.get("/api/0.6/map", params={"bbox": "-122.660,45.511,-122.656,45.513"}).text
    assert data.count("<node ") >= 5 and "<way " in data and "<bounds " in data
    assert client.get("/api/0.6/map", params={"bbox": "-123.5,45.0,-122.0,46.0"}).status_code == 400
    assert client.get("/api/0.6/map", params={"bbox": "x"}, follow_redirects=False).status_code == 303
    assert client.get("/api/0.6/way/999999").status_code == 404


# --- the OSM pages --------------------------------------------------------------------------------


def test_ways_relations_and_history(client: TestClient, conn: sqlite3.Connection) -> None:
    way = conn.execute("SELECT id, name, district FROM ways WHERE name = 'Court Street' ORDER BY id LIMIT 1").fetchone()
    page = html.unescape(client.get(f"/way/{way[0]}").text)
    on_it = conn.execute("SELECT COUNT(*) FROM places WHERE street = ? AND district = ?", way[1:]).fetchone()[0]
    assert f"Way: Court Street ({way[0]})" in page and f"Places on this way ({min(on_it, 60)})" in page
    assert "in other districts" in page and "maxspeed" in page
    district = conn.execute("SELECT relation_id FROM districts WHERE name = 'Old Mill'").fetchone()[0]
    page = html.unescape(client.get(f"/relation/{district}").text)
    assert "Relation: Old Mill" in page and "admin_level" in page and "Places in Old Mill" in page
    route = conn.execute("SELECT id FROM relations WHERE kind = 'bus_route' ORDER BY id LIMIT 1").fetchone()[0]
    assert client.get(f"/relation/{route}").text.count('as platform') >= 2
    versions = conn.execute("SELECT version FROM places WHERE id = 2").fetchone()[0]
    assert client.get("/node/2/history").text.count('<li class="version">') == versions
    cs = conn.execute("SELECT changeset_id FROM places WHERE id = 2").fetchone()[0]
    page = html.unescape(client.get(f"/changeset/{cs}").text)
    assert f"Changeset: {cs}" in page and 'href="/node/2"' in page
    history = client.get("/history").text
    assert history.count('class="changeset-item"') == 20 and "Older changesets" in history
    assert client.get("/changeset/99999").status_code == 404 and client.get("/relation/99999").status_code == 404


def test_mappers_notes_diaries_traces(client: TestClient, conn: sqlite3.Connection) -> None:
    page = html.unescape(client.get("/user/sam_rivera").text)
    assert "Cyclist and transit nerd" in page and "Send Message" in page
    edits = conn.execute("SELECT COUNT(*) FROM changesets c JOIN users u ON u.id = c.user_id "
                         "WHERE u.name = 'sam_rivera'").fetchone()[0]
    assert re.search(rf'Edits <span class="count">{edits}</span>', page)
    grid = client.get("/user/harbor_mapper/notes").text
    assert 'href="/note/1"' in grid and "<th>Creator</th>" in grid
    assert client.get("/notes", params={"status": "open"}).text.count('<tr class="open">') == 20
    entry = conn.execute("SELECT d.id, u.name, d.title FROM diary_entries d JOIN users u ON u.id = d.user_id "
                         "ORDER BY d.id LIMIT 1").fetchone()
    assert entry[2] in html.unescape(client.get(f"/user/{entry[1]}/diary/{entry[0]}").text)
    assert html.unescape(client.get("/diary").text).count('class="diary-item"') == 20
    trace = conn.execute("SELECT t.id, u.name FROM traces t JOIN users u ON u.id = t.user_id ORDER BY t.id LIMIT 1"
                         ).fetchone()
    page = client.get(f"/user/{trace[1]}/traces/{trace[0]}").text
    assert 'class="route"' in page and "Download GPX" in page
    assert "<trkpt" in client.get(f"/user/{trace[1]}/traces/{trace[0]}/data").text
    assert client.get("/user/nobody-at-all").status_code == 404


def test_forms_and_information_pages(client: TestClient) -> None:
    export = client.get("/export").text
    assert 'action="/api/0.6/map"' in export and 'id="maxlat"' in export and 'value="Export"' in export
    r = client.post("/login", data={"username": "sam_rivera", "password": "x"})
    assert r.status_code == 403 and "not possible" in r.text and "Traceback" not in r.text
    assert client.get("/edit", follow_redirects=False).headers["location"].startswith("/login")
    assert client.get("/go/17/45.51/-122.65", follow_redirects=False).headers["location"] == "/#map=17/45.5100/-122.6500"
    assert "amenity=cafe is used on" in client.get("/wiki/Tag:amenity=cafe").text
    query = html.unescape(client.get("/query", params={"lat": "45.5121", "lon": "-122.6581"}).text)
    assert "Nearby Features" in query and "Enclosing Features" in query and "City Boundary" in query
    for page in ("/about", "/help", "/copyright", "/communities", "/donate", "/terms"):
        assert client.get(page).status_code == 200, page


def test_directions_steps_and_route_files(client: TestClient, conn: sqlite3.Connection) -> None:
    a, b = (conn.execute("SELECT lat, lon FROM places WHERE name = ? ORDER BY id LIMIT 1", (n,)).fetchone()
            for n in ("Hilltop Observatory", "Eastgate Stadium"))
    route = f"{a[0]:.6f},{a[1]:.6f};{b[0]:.6f},{b[1]:.6f}"
    page = client.get("/directions", params={"engine": "fossgis_osrm_car", "route": route}).text
    steps = re.findall(r'<a class="step-link" href="#map=17/(-?[\d.]+)/(-?[\d.]+)">', page)
    assert len(steps) >= 4 and all(math.isfinite(float(v)) for s in steps for v in s)
    gpx = client.get("/directions/route.gpx", params={"engine": "fossgis_osrm_car", "route": route}).text
    assert gpx.count("<trkpt") >= 10
    geo = client.get("/directions/route.geojson", params={"engine": "fossgis_osrm_foot", "route": route}).json()
    assert geo["geometry"]["type"] == "LineString" and geo["properties"]["mode"] == "foot"
    assert client.get("/directions/route.gpx", params={"route": "x"}).status_code == 400


def test_page_paths_of_the_stats_are_valid(client: TestClient) -> None:
    for name, _kind, path in world_stats.PAGES:
        assert client.get(path).status_code == 200, name


def test_seed_cache_folder(store: SiteStateStore) -> None:
    seeds = {p.name for p in (store.root.parent.parent / "seeds").iterdir()}
    assert any(n.startswith("map-content-") for n in seeds) and any(re.match(r"map-\d", n) for n in seeds)
    assert Path(store.seed_path).stat().st_size < 1_000_000
