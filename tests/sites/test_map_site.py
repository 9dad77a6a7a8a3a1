"""The embedded OpenStreetMap (map) site: seed, road graph, routing, search, pages, state isolation."""

from __future__ import annotations

import html
import re
import sqlite3
from collections import deque
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from starlette.testclient import TestClient

from mag_mcp.sites import world
from mag_mcp.sites.base import STATE_HEADER, SiteStateStore
from mag_mcp.sites.map import SITE, build_content, build_seed, routing
from mag_mcp.sites.map.seed import SCHEMA


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> SiteStateStore:
    root = tmp_path_factory.mktemp("maghome")
    return SiteStateStore(SITE, root=root)


@pytest.fixture(scope="module")
def client(store: SiteStateStore) -> TestClient:
    return TestClient(SITE.create_app(store))


@pytest.fixture(scope="module")
def conn(store: SiteStateStore) -> sqlite3.Connection:
    return store.connect("default")


def _place(conn: sqlite3.Connection, name: str) -> sqlite3.Row:
    """The place called `name` (a repeated name -- a bus stop named after a landmark -- gives the original)."""
    row = conn.execute("SELECT * FROM places WHERE name = ? ORDER BY id LIMIT 1", (name,)).fetchone()
    assert row is not None, name
    return row


def _route_url(conn: sqlite3.Connection, a: str, b: str, engine: str) -> str:
    pa, pb = _place(conn, a), _place(conn, b)
    route = f"{pa['lat']:.6f},{pa['lon']:.6f};{pb['lat']:.6f},{pb['lon']:.6f}"
    return "/directions?" + urlencode({"engine": engine, "route": route})


def _field(page: str, name: str) -> str:
    m = re.search(rf'<input id="{name}" name="{name}" type="text" value="([^"]*)"', page)
    assert m, name
    return html.unescape(m.group(1))


# --- spec and seed -------------------------------------------------------------------------


def test_spec() -> None:
    assert SITE.key == "map" and SITE.default_port == 3000 and SITE.base_path == ""
    assert SITE.title == "OpenStreetMap" and SITE.login_cookies == ()


def _dump(path: Path) -> dict[str, list[tuple]]:
    c = sqlite3.connect(path)
    tables = [r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    out = {t: c.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in tables}
    c.close()
    return out


def test_seed_is_deterministic(store: SiteStateStore, tmp_path: Path) -> None:
    """Both databases come out the same on every build (rows and, for the content, bytes)."""
    build_seed(tmp_path / "again.sqlite")
    build_content(tmp_path / "again-content.sqlite")
    assert _dump(tmp_path / "again.sqlite") == _dump(store.seed_path)
    assert store.content_path is not None
    assert (tmp_path / "again-content.sqlite").read_bytes() == store.content_path.read_bytes()


def test_seed_scale_and_landmarks(conn: sqlite3.Connection) -> None:
    assert conn.execute("SELECT COUNT(*) FROM places").fetchone()[0] >= 3000
    for i, lm in enumerate(world.LANDMARKS, 1):
        row = _place(conn, lm.name)
        assert (row["id"], row["category"], row["district"], row["is_landmark"]) == (i, lm.kind, lm.district, 1)
    cats = {r[0] for r in conn.execute("SELECT DISTINCT category FROM places")}
    for c in ("cafe", "restaurant", "supermarket", "school", "bus stop", "park", "hotel", "bar", "parking"):
        assert c in cats, c
    assert {r[0] for r in conn.execute("SELECT name FROM districts")} == set(world.DISTRICTS)
    assert {r[0] for r in conn.execute("SELECT DISTINCT district FROM places")} == set(world.DISTRICTS)
    classes = {r[0] for r in conn.execute("SELECT DISTINCT highway FROM edges")}
    assert {"motorway", "primary", "residential", "cycleway", "footway"} <= classes
    # every place: an address on a real street, a junction of the graph, a Nominatim-style name
    streets = {r[0] for r in conn.execute("SELECT name FROM streets")}
    for p in conn.execute("SELECT * FROM places"):
        assert p["street"] in streets and p["postcode"] and p["city"] == world.CITY
        assert p["display_name"].startswith(p["name"] + ", ") and p["display_name"].endswith(", United States")
        if p["house_number"] is None:
            assert p["category"] == "bus stop" or p["name"] in ("Founders Square", "Alder Bridge", "North Shore Beach")
        else:
            assert f", {p['house_number']}, {p['street']}, " in p["display_name"]
    assert conn.execute("SELECT COUNT(*) FROM places WHERE node_id NOT IN (SELECT id FROM nodes)").fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM places WHERE opening_hours IS NOT NULL").fetchone()[0] > 150
    assert conn.execute("SELECT COUNT(*) FROM places WHERE phone IS NOT NULL").fetchone()[0] > 150
    # the river and its crossings
    bridges = {r[0]: r[1] for r in conn.execute("SELECT DISTINCT name, highway FROM edges WHERE bridge = 1")}
    assert bridges["Alder Bridge"] == "primary" and bridges["Millrace Footbridge"] == "footway"
    assert bridges["Wharf Cycle Bridge"] == "cycleway" and bridges["Cascade Freeway"] == "motorway"


def test_access_rules(conn: sqlite3.Connection) -> None:
    rows = conn.execute("SELECT DISTINCT highway, car_kmh IS NOT NULL, bike_kmh IS NOT NULL, foot_kmh IS NOT NULL "
                        "FROM edges").fetchall()
    access = {r[0]: tuple(bool(v) for v in r[1:]) for r in rows}
    assert access["motorway"] == (True, False, False)
    assert access["cycleway"] == (False, True, True)
    assert access["footway"] == (False, False, True)
    for hw in ("primary", "secondary", "tertiary", "residential"):
        assert access[hw] == (True, True, True)


# --- the road graph ------------------------------------------------------------------------


@pytest.mark.parametrize("mode", routing.MODES)
def test_graph_connects_every_place(conn: sqlite3.Connection, mode: str) -> None:
    g = routing.load_graph(conn, mode)
    start = _place(conn, world.LANDMARKS[0].name)["node_id"]
    seen, todo = {start}, deque([start])
    while todo:
        n = todo.popleft()
        for m, *_ in g.adj[n]:
            if m not in seen:
                seen.add(m)
                todo.append(m)
    missing = [r[0] for r in conn.execute("SELECT name, node_id FROM places") if r[1] not in seen]
    assert missing == []


def _tiny_graph() -> sqlite3.Connection:
    """1 -- 2 -- 3 along a residential street (2 x 1000 m), a motorway 1 -- 3 (3000 m),
    a footway 1 -- 4 -- 3 (2 x 400 m), a cycleway 2 -- 5 -- 3 (300 m + 300 m), a dead end 3 -- 6."""
    c = sqlite3.connect(":memory:")
    c.row_factory = sqlite3.Row
    c.executescript(SCHEMA)
    for i in range(1, 7):
        c.execute("INSERT INTO nodes VALUES (?, ?, ?, ?, ?)", (i, 45.0 + i / 1000, -122.0, 0.0, 0.0))
    for i, (name, hw) in enumerate([("Main Street", "residential"), ("Freeway", "motorway"), ("Path", "footway"),
                                    ("Bikeway", "cycleway")], 1):
        c.execute("INSERT INTO streets VALUES (?, ?, ?)", (i, name, hw))
    edges = [(1, 2, 1, "Main Street", "residential", 1000.0, 25, 16, 5),
             (2, 3, 1, "Main Street", "residential", 1000.0, 25, 16, 5),
             (1, 3, 2, "Freeway", "motorway", 3000.0, 90, None, None),
             (1, 4, 3, "Path", "footway", 400.0, None, None, 5),
             (4, 3, 3, "Path", "footway", 400.0, None, None, 5),
             (2, 5, 4, "Bikeway", "cycleway", 300.0, None, 20, 5),
             (5, 3, 4, "Bikeway", "cycleway", 300.0, None, 20, 5),
             (3, 6, 1, "Main Street", "residential", 50.0, 25, 16, 5)]
    for i, e in enumerate(edges, 1):
        c.execute("INSERT INTO edges VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, '[]', NULL)", (i, *e))
    for pid, node in ((1, 1), (2, 6)):
        c.execute("INSERT INTO places (id, name, category, district, street, postcode, city, lat, lon, node_id, "
                  "display_name, description) VALUES (?, ?, 'cafe', 'X', 'Main Street', '1', 'C', 0, 0, ?, ?, '')",
                  (pid, f"P{pid}", node, f"P{pid}"))
    return c


def test_routing_on_a_tiny_graph() -> None:
    c = _tiny_graph()
    # car: 3000 m at 90 km/h (120 s) beats 2000 m at 25 km/h (288 s); then 50 m at 25 km/h (7.2 s)
    dist, secs, nodes = routing.route(c, 1, 2, "car")
    assert (dist, secs, nodes) == (3050.0, 127.2, [1, 3, 6])
    # bike: no motorway, no footway; 1000 + 300 + 300 m beats 2000 m
    dist, secs, nodes = routing.route(c, 1, 2, "bike")
    assert nodes == [1, 2, 5, 3, 6] and dist == 1650.0
    assert secs == pytest.approx(1000 / (16 / 3.6) + 600 / (20 / 3.6) + 50 / (16 / 3.6), abs=0.1)
    # foot: the footway, 800 + 50 m at 5 km/h
    dist, secs, nodes = routing.route(c, 1, 2, "fossgis_osrm_foot")
    assert (dist, nodes) == (850.0, [1, 4, 3, 6]) and secs == pytest.approx(850 / (5 / 3.6), abs=0.1)
    assert routing.route(c, 1, 1, "car") == (0.0, 0.0, [1])
    assert routing.format_distance(850.0) == "850m" and routing.format_distance(3249.0) == "3.2km"
    assert routing.format_time(540.0) == "0:09" and routing.format_time(3929.0) == "1:05"
    assert routing.summary(3249.0, 540.0) == "Distance: 3.2km. Time: 0:09."
    with pytest.raises(KeyError):
        routing.route(c, 1, 99, "car")
    c.execute("DELETE FROM edges WHERE id = 8")  # cut the dead end off
    with pytest.raises(routing.NoRoute):
        routing.route(c, 1, 2, "foot")


def _edge_classes(conn: sqlite3.Connection, nodes: list[int]) -> list[tuple[str, str]]:
    out = []
    for a, b in zip(nodes, nodes[1:]):
        row = conn.execute("SELECT name, highway FROM edges WHERE (node_a = ? AND node_b = ?) OR (node_a = ? AND "
                           "node_b = ?) ORDER BY length_m LIMIT 1", (min(a, b), max(a, b), min(a, b), max(a, b))
                           ).fetchone()
        out.append((row[0], row[1]))
    return out


def test_modes_take_their_own_ways(conn: sqlite3.Connection) -> None:
    ids = {r["name"]: r["id"] for r in conn.execute("SELECT id, name FROM places WHERE is_landmark = 1")}
    graphs = {m: routing.load_graph(conn, m) for m in routing.MODES}
    # across town: the car takes the freeway, which bikes and walkers may not use
    car = routing.route(conn, ids["Hilltop Observatory"], ids["Eastgate Stadium"], "car", graphs["car"])
    assert "motorway" in {hw for _, hw in _edge_classes(conn, car[2])}
    # over the river from the mill: walkers take the footbridge, bikes cannot and ride further
    a, b = ids["Old Mill Museum"], ids["Science Center"]
    foot = routing.route(conn, a, b, "foot", graphs["foot"])
    bike = routing.route(conn, a, b, "bike", graphs["bike"])
    assert "Millrace Footbridge" in {n for n, _ in _edge_classes(conn, foot[2])}
    assert foot[0] < bike[0] - 1000
    # every mode stays on what it may use, for many pairs
    allowed = {"car": {"motorway", "primary", "secondary", "tertiary", "residential"},
               "bike": {"primary", "secondary", "tertiary", "residential", "cycleway"},
               "foot": {"primary", "secondary", "tertiary", "residential", "cycleway", "footway"}}
    names = list(ids)
    for i in range(0, len(names), 3):
        pa, pb = ids[names[i]], ids[names[(i * 7 + 5) % len(names)]]
        results = {}
        for m in routing.MODES:
            results[m] = routing.route(conn, pa, pb, m, graphs[m])
            assert {hw for _, hw in _edge_classes(conn, results[m][2])} <= allowed[m]
        if pa != pb:
            assert results["car"][1] < results["bike"][1] < results["foot"][1]
    # deterministic
    assert routing.route(conn, a, b, "bike") == bike


# --- pages ---------------------------------------------------------------------------------


def test_home_page(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200
    page = r.text
    assert 'aria-label="Search"' in page and 'value="Go"' in page
    assert 'aria-label="Find directions between two points"' in page
    assert 'aria-label="Zoom in"' in page and 'aria-label="Zoom out"' in page
    assert 'id="sidebar_content"' in page and '<script src="/static/map.js"' in page
    tiles = re.findall(r'<img class="tile" src="(/tile/standard/14/\d+/\d+\.svg)"', page)
    assert len(tiles) >= 12 and client.get(tiles[0]).headers["content-type"].startswith("image/svg+xml")
    zoom_in = re.search(r'href="([^"]+)" aria-label="Zoom in"', page).group(1)
    zoomed = client.get(html.unescape(zoom_in)).text
    assert zoomed.count("Zoom 15") == 1 and "/tile/standard/15/" in zoomed


def test_search_finds_landmarks(client: TestClient, conn: sqlite3.Connection) -> None:
    for lm in world.LANDMARKS:
        page = client.get("/search", params={"query": lm.name}).text
        first = re.search(r'<a class="set_position"[^>]*href="/(node|way|relation)/(\d+)">([^<]*)</a>', page)
        assert first and (first.group(1), int(first.group(2))) == ("node", _place(conn, lm.name)["id"]), lm.name
    page = client.get("/search", params={"query": "cafes near Founders Square"}).text
    dists = [float(d) if u == "m" else float(d) * 1000
             for d, u in re.findall(r'<span class="distance">([\d.]+) (m|km)</span>', page)]
    assert len(dists) >= 10 and dists == sorted(dists)
    assert "Café" in page
    assert "No results found" in client.get("/search", params={"query": "xyzzy plugh"}).text


def test_place_page(client: TestClient, conn: sqlite3.Connection) -> None:
    lib = _place(conn, "Central Library")
    r = client.get(f"/node/{lib['id']}")
    assert r.status_code == 200
    place_page = r.text
    sidebar = place_page.split('id="sidebar_content"', 1)[1]
    assert "Central Library" in sidebar and f"{lib['house_number']} Court Street" in sidebar
    assert "Directions from here" in sidebar and "Directions to here" in sidebar
    assert f"{lib['lat']:.5f}, {lib['lon']:.5f}" in sidebar
    assert lib["opening_hours"] in sidebar
    r = client.get(f"/place/{lib['id']}", follow_redirects=False)
    assert r.status_code == 301 and r.headers["location"] == f"/node/{lib['id']}"
    assert client.get("/node/999999").status_code == 404
    # "Directions to here" opens the form with the place in "To"
    to_url = html.unescape(re.search(r'href="([^"]+)">Directions to here', place_page).group(1))
    assert _field(client.get(to_url).text, "route_to") == lib["display_name"]


@pytest.mark.parametrize("engine,index", [("fossgis_osrm_bike", 0), ("fossgis_osrm_car", 1), ("fossgis_osrm_foot", 2)])
def test_directions_page_matches_routing(client: TestClient, conn: sqlite3.Connection, engine: str,
                                         index: int) -> None:
    a, b = "Old Mill Museum", "Port Alder University"
    page = client.get(_route_url(conn, a, b, engine)).text
    dist, secs, _ = routing.route(conn, _place(conn, a)["id"], _place(conn, b)["id"], engine)
    assert routing.summary(dist, secs) in page
    assert _field(page, "route_from") == _place(conn, a)["display_name"]
    assert _field(page, "route_to") == _place(conn, b)["display_name"]
    options = re.findall(r'<option value="(fossgis_osrm_\w+)"( selected)?>', page)
    assert [o[0] for o in options] == ["fossgis_osrm_bike", "fossgis_osrm_car", "fossgis_osrm_foot"]
    assert options[index][1] == " selected"
    assert 'class="routing_engines"' in page and "Reach destination" in page and 'class="route"' in page


def test_directions_form_resolves_names(client: TestClient, conn: sqlite3.Connection) -> None:
    r = client.get("/directions", params={"route_from": "old mill museum", "route_to": "science center",
                                           "engine": "fossgis_osrm_foot"}, follow_redirects=False)
    assert r.status_code == 303
    loc = urlsplit(r.headers["location"])
    q = parse_qs(loc.query)
    assert loc.path == "/directions" and q["engine"] == ["fossgis_osrm_foot"]
    page = client.get(r.headers["location"]).text
    assert _field(page, "route_from").startswith("Old Mill Museum, ")
    assert "Millrace Footbridge" in page
    # Reverse Directions swaps the two ends
    r = client.get("/directions", params={"route_from": _field(page, "route_from"),
                                           "route_to": _field(page, "route_to"), "engine": "fossgis_osrm_foot",
                                           "reverse": "1"})
    assert _field(r.text, "route_from").startswith("Science Center, ")
    assert _field(r.text, "route_to").startswith("Old Mill Museum, ")
    # unknown names are reported, the typed text stays
    page = client.get("/directions", params={"route_from": "Nowhere Land Qqq", "route_to": "Ferry Terminal"}).text
    assert "Could not find" in page and _field(page, "route_from") == "Nowhere Land Qqq"
    # a point far outside the city gets no route
    page = client.get("/directions", params={"engine": "fossgis_osrm_car", "route": "46.9,-120.1;45.51,-122.65"}).text
    assert "outside the map" in page and "Distance:" not in page
    # half-filled form (Directions from here)
    page = client.get("/directions", params={"route_from": "Ferry Terminal"}).text
    assert _field(page, "route_from").startswith("Ferry Terminal, ") and "Distance:" not in page


def test_reverse_and_svg(client: TestClient, conn: sqlite3.Connection) -> None:
    zoo = _place(conn, "Port Alder Zoo")
    page = client.get("/reverse", params={"lat": zoo["lat"], "lon": zoo["lon"]}).text
    assert re.search(r'<a href="/node/(\d+)">', page).group(1) == str(zoo["id"])
    r = client.get("/map.svg", params={"bbox": "-122.67,45.50,-122.64,45.52"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.startswith("<svg")


def test_unknown_state_is_gone(store: SiteStateStore) -> None:
    r = TestClient(SITE.create_app(store), headers={STATE_HEADER: "no-such-episode"}).get("/")
    assert r.status_code == 410
    store.create("ep1")
    r = TestClient(SITE.create_app(store), headers={STATE_HEADER: "ep1"}).get("/search?query=zoo")
    assert r.status_code == 200 and "Port Alder Zoo" in r.text
    store.drop("ep1")


# --- map notes -----------------------------------------------------------------------------


def _sidebar(page: str) -> str:
    return html.unescape(page.split('id="sidebar_content"', 1)[1].split('id="map"', 1)[0])


def _alert(page: str) -> str:
    m = re.search(r'role="alert">([^<]*)<', page)
    assert m, "no error message on the page"
    return html.unescape(m.group(1))


@pytest.fixture()
def episode(store: SiteStateStore):
    """A fresh episode: its own copy of the seed, reached through the state header."""
    store.create("notes-ep")
    yield TestClient(SITE.create_app(store), headers={STATE_HEADER: "notes-ep"})
    store.drop("notes-ep")


def test_seeded_notes(conn: sqlite3.Connection, client: TestClient) -> None:
    from mag_mcp.sites.map.seed import NOTES, SEED_NOW

    # the hand-written notes come first, then some 300 generated ones (at other places)
    assert conn.execute("SELECT COUNT(*) FROM notes").fetchone()[0] >= len(NOTES) + 300
    assert conn.execute(f"SELECT COUNT(*) FROM notes WHERE id > {len(NOTES)} AND place_id IN "
                        f"(SELECT place_id FROM notes WHERE id <= {len(NOTES)})").fetchone()[0] == 0
    assert conn.execute("SELECT MAX(created_at) FROM note_comments").fetchone()[0] < SEED_NOW
    for nid, (name, comments) in enumerate(NOTES, 1):
        note = conn.execute("SELECT * FROM notes WHERE id = ?", (nid,)).fetchone()
        assert note["place_id"] == _place(conn, name)["id"]
        assert note["status"] == ("closed" if comments[-1][0] == "closed" else "open")
        rows = conn.execute("SELECT action, body FROM note_comments WHERE note_id = ? ORDER BY id", (nid,)).fetchall()
        assert [tuple(r) for r in rows] == [(a, b) for a, _, b, _ in comments] and rows[0][0] == "opened"
        assert all(ts < SEED_NOW for *_, ts in comments)
    # a seeded note on its page and on its place's page
    page = _sidebar(client.get("/note/2").text)
    assert "Unresolved note #2" in page and NOTES[1][1][0][2] in page and "Blue Heron Coffee" in page
    assert "Resolve" in page and "Created by anonymous" in page
    page = _sidebar(client.get("/note/1").text)
    assert "Resolved note #1" in page and "Resolved by harbor_mapper" in page and "Reactivate" in page
    place_page = _sidebar(client.get(f"/node/{_place(conn, 'Blue Heron Coffee')['id']}").text)
    assert "Note #2" in place_page and "Unresolved" in place_page and "Add a note here" in place_page


def test_add_a_note_at_a_place(episode: TestClient, store: SiteStateStore, client: TestClient) -> None:
    ep_conn = store.connect("notes-ep")
    lib = _place(ep_conn, "Central Library")
    place_page = episode.get(f"/node/{lib['id']}").text
    # "Add a note here" and the map's "Add a note to the map" both open the form at the place
    here = html.unescape(re.search(r'href="([^"]+)">Add a note here<', place_page).group(1))
    control = html.unescape(re.search(r'href="([^"]+)" aria-label="Add a note to the map"', place_page).group(1))
    assert here == control == f"/note/new?place={lib['id']}"
    form = episode.get(here)
    assert form.status_code == 200
    sidebar = _sidebar(form.text)
    assert "New Note" in sidebar and "Central Library" in sidebar and 'value="Add Note"' in sidebar
    assert '<label for="note-text">Comment</label>' in sidebar
    before = ep_conn.execute("SELECT MAX(id) FROM notes").fetchone()[0]
    r = episode.post("/note/new", data={"place": str(lib["id"]), "text": "  The reading garden is closed.  "},
                     follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/note/{before + 1}"
    page = _sidebar(episode.get(r.headers["location"]).text)
    assert f"Unresolved note #{before + 1}" in page and "The reading garden is closed." in page
    assert "Central Library" in page and "Created by anonymous" in page
    assert f"Note #{before + 1}" in _sidebar(episode.get(f"/node/{lib['id']}").text)
    row = ep_conn.execute("SELECT place_id, status, lat, lon FROM notes WHERE id = ?", (before + 1,)).fetchone()
    assert tuple(row) == (lib["id"], "open", lib["lat"], lib["lon"])
    assert [tuple(x) for x in ep_conn.execute("SELECT action, author, body FROM note_comments WHERE note_id = ?",
                                              (before + 1,))] == [("opened", None, "The reading garden is closed.")]
    # other episodes (and the shared default state) never see it
    assert client.get(f"/note/{before + 1}").status_code == 404
    assert "The reading garden is closed." not in client.get(f"/node/{lib['id']}").text
    store.create("notes-other")
    other = TestClient(SITE.create_app(store), headers={STATE_HEADER: "notes-other"})
    assert other.get(f"/note/{before + 1}").status_code == 404
    store.drop("notes-other")
    ep_conn.close()


def test_note_at_a_point(episode: TestClient, store: SiteStateStore) -> None:
    ep_conn = store.connect("notes-ep")
    zoo = _place(ep_conn, "Port Alder Zoo")
    # a marker on the home page: the control adds the note there, and a place at that spot is recognised
    home = episode.get("/", params={"mlat": f"{zoo['lat']:.6f}", "mlon": f"{zoo['lon']:.6f}"}).text
    control = html.unescape(re.search(r'href="([^"]+)" aria-label="Add a note to the map"', home).group(1))
    q = parse_qs(urlsplit(control).query)
    r = episode.post("/note/new", data={"lat": q["lat"][0], "lon": q["lon"][0], "text": "Gate"}, follow_redirects=True)
    assert r.status_code == 200 and "Port Alder Zoo" in _sidebar(r.text)
    # anywhere else: just the position
    r = episode.post("/note/new", data={"lat": "45.51", "lon": "-122.64", "text": "Pothole here"},
                     follow_redirects=True)
    page = _sidebar(r.text)
    assert "Unresolved note #" in page and "Pothole here" in page and "45.51000, -122.64000" in page
    assert ep_conn.execute("SELECT place_id FROM notes ORDER BY id DESC LIMIT 1").fetchone()[0] is None
    ep_conn.close()


def test_comment_resolve_reactivate(episode: TestClient, store: SiteStateStore) -> None:
    ep_conn = store.connect("notes-ep")
    r = episode.post("/note/2/comment", data={"text": "Still true today."}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/note/2"
    r = episode.post("/note/2/close", data={"text": "Moved the entrance."}, follow_redirects=True)
    page = _sidebar(r.text)
    assert "Resolved note #2" in page and "Commented by anonymous" in page and "Resolved by anonymous" in page
    assert "Moved the entrance." in page and "Reactivate" in page
    assert ep_conn.execute("SELECT status FROM notes WHERE id = 2").fetchone()[0] == "closed"
    r = episode.post("/note/2/reopen", data={}, follow_redirects=True)
    assert "Unresolved note #2" in _sidebar(r.text) and "Reactivated by anonymous" in _sidebar(r.text)
    rows = ep_conn.execute("SELECT action, body FROM note_comments WHERE note_id = 2 ORDER BY id").fetchall()
    assert [tuple(x) for x in rows[1:]] == [("commented", "Still true today."), ("closed", "Moved the entrance."),
                                            ("reopened", "")]
    stamps = [x[0] for x in ep_conn.execute("SELECT created_at FROM note_comments ORDER BY id")]
    assert stamps[-3:] == sorted(stamps[-3:]) and len(set(stamps[-3:])) == 3
    ep_conn.close()


@pytest.mark.parametrize("path,form,status,message", [
    ("/note/new", {"place": "2", "text": "   "}, 400, "Please write a comment"),
    ("/note/new", {"place": "2", "text": "x" * 2001}, 400, "too long"),
    ("/note/new", {"place": "999999", "text": "x"}, 400, "does not exist"),
    ("/note/new", {"place": "abc", "text": "x"}, 400, "does not exist"),
    ("/note/new", {"text": "x"}, 400, "needs a position"),
    ("/note/new", {"lat": "north", "lon": "-122.6", "text": "x"}, 400, "needs a position"),
    ("/note/new", {"lat": "10", "lon": "10", "text": "x"}, 400, "outside the map"),
    ("/note/new", {"lat": "nan", "lon": "inf", "text": "x"}, 400, "needs a position"),
    ("/note/2/comment", {"text": ""}, 400, "Please write a comment"),
    ("/note/1/comment", {"text": "x"}, 400, "Reactivate it"),
    ("/note/1/close", {"text": "x"}, 400, "Reactivate it"),
    ("/note/2/reopen", {}, 400, "nothing to reactivate"),
])
def test_bad_note_input(episode: TestClient, store: SiteStateStore, path: str, form: dict, status: int,
                        message: str) -> None:
    ep_conn = store.connect("notes-ep")
    counts = ep_conn.execute("SELECT (SELECT COUNT(*) FROM notes), (SELECT COUNT(*) FROM note_comments)").fetchone()
    r = episode.post(path, data=form, follow_redirects=False)
    assert r.status_code == status and "Traceback" not in r.text
    assert message in _alert(r.text) and "OpenStreetMap" in r.text
    assert ep_conn.execute("SELECT (SELECT COUNT(*) FROM notes), (SELECT COUNT(*) FROM note_comments)"
                           ).fetchone() == counts
    ep_conn.close()


def test_missing_notes_and_bad_urls(episode: TestClient) -> None:
    for r in (episode.get("/note/99999"), episode.post("/note/99999/comment", data={"text": "x"}),
              episode.post("/note/2/delete", data={})):
        assert r.status_code == 404 and "could not be found" in r.text
    r = episode.get("/note/new", params={"place": "999999"})
    assert r.status_code == 400 and "does not exist" in _alert(r.text)
    assert episode.get("/note/new").status_code == 400
    r = episode.post("/note/new", content=b"\xff\xfe=\xff", headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 400 and "Traceback" not in r.text
