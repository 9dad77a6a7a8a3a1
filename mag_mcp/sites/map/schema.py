"""The map's two databases: the small per-episode seed and the read-only content database.

Only map notes change during an episode, so the seed an episode copies holds just
``meta``, ``notes`` and ``note_comments`` (a few hundred kilobytes). Everything else -- the
street graph, the places and their tags, the mappers, changesets, diaries and GPS traces --
lives in the content database, built once per seed and attached to every connection as
schema ``content``; SQLite finds an unqualified table name in ``main`` first, then in the
attached databases, so ``SELECT ... FROM places`` reads the content database.

Coordinates and lengths
-----------------------
* ``lat``/``lon`` are WGS84-like degrees (7 decimals) around ``world.CITY_CENTER``;
  ``x_m``/``y_m`` are the same points in metres east / north of the city centre
  (`geo.to_xy` / `geo.to_latlon` convert).
* ``length_m`` is the planar length of an edge's geometry in metres (1 decimal).

Routing model (what `routing.route` computes; checkers may recompute it)
--------------------------------------------------------------------------
* The graph is undirected: ``edges(node_a, node_b)``. An edge is usable by a mode when its
  ``<mode>_kmh`` column is not NULL; travel time over an edge is
  ``length_m / (<mode>_kmh / 3.6)`` seconds. car: every road incl. the motorway
  (motorway 90, primary 45, secondary 40, tertiary 35, residential 25 km/h); bike: roads
  except the motorway (primary and secondary 18, tertiary and residential 16 km/h) plus
  cycleways (20); foot: everything except the motorway (5 km/h).
* A route runs from ``places.node_id`` of the start to ``places.node_id`` of the
  destination and minimises total time (Dijkstra; ties go to the smaller node id). Its
  distance is the summed ``length_m`` of its edges.

Content tables (all ``id`` columns are INTEGER PRIMARY KEY)
--------------
districts(id, name UNIQUE, postcode, lat, lon, relation_id)  -- the 8 districts
streets(id, name UNIQUE, highway)  -- one row per named street; highway is the OSM class:
    motorway | primary | secondary | tertiary | residential | cycleway | footway
ways(id, street_id, name, highway, district, length_m, nodes JSON, importance) -- a street's
    stretch within one district (OSM ways, /way/<id>); way_tags(way_id, key, value)
nodes(id, lat, lon, x_m, y_m)  -- junctions and ends of the road graph (not places)
edges(id, node_a < node_b, street_id, name, highway, length_m, car_kmh, bike_kmh, foot_kmh
    (NULL = no access), bridge 0/1, geometry JSON [[lat, lon], ...] from node_a to node_b, way_id)
places(id, name, category (a key of `categories.CATEGORY_TAGS`), district, street,
    house_number NULL, postcode, city, lat, lon, node_id (a junction on the place's street,
    reachable by car, bike and foot), display_name ('Name, 12, Street, District, Port
    Alder, Alder County, Oregon, 97281, United States'), phone, opening_hours, website,
    description, is_landmark, importance (0..1, Nominatim-like), brand NULL, version,
    changeset_id, user, timestamp) -- ids 1..30 are world.LANDMARKS in order; names repeat
    for chain branches and bus stops named after a landmark (the landmark has the lowest id)
place_tags(place_id, key, value)  -- OSM tags (amenity=cafe, cuisine=italian, addr:street=...)
areas(id, name, kind, district, place_id, polygon JSON)  -- sea, river, park, campus, ...
relations(id, kind 'city' | 'district' | 'bus_route', name, ref, tags JSON);
    relation_members(relation_id, seq, member_type 'node' | 'way' | 'relation', member_id, role)
users(id, name UNIQUE, since, description, home_district)
changesets(id, user_id, created_at, closed_at, comment, created_by, source, changes,
    min_lat, min_lon, max_lat, max_lon); changeset_changes(changeset_id, element_type
    'node' | 'way', element_id, version, action 'create' | 'modify'): every version of every
    place and way; changeset_comments(id, changeset_id, user_id, body, created_at)
diary_entries(id, user_id, title, body, created_at, lat, lon); diary_comments(id,
    entry_id, user_id, body, created_at)
traces(id, user_id, name, description, tags, visibility, created_at, distance_m,
    points JSON [[lat, lon], ...], min_lat, min_lon, max_lat, max_lon)

Seed tables (per episode)
-----------
meta(key PRIMARY KEY, value) -- city, county, state, country, center_lat/lon, bounds
    (min_lat,min_lon,max_lat,max_lon), speeds (JSON), seed
notes(id, lat, lon, place_id NULL (the place the note was added at), status 'open' |
    'closed', created_at, updated_at, closed_at NULL) -- ids 1..len(seed.NOTES) are the
    hand-written notes, then the generated ones; new notes get the next ids
note_comments(id, note_id -> notes, action 'opened' | 'commented' | 'closed' | 'reopened',
    author NULL (anonymous), body ('' when resolved or reactivated without a comment),
    created_at) -- a note's first comment is its text; timestamps 'YYYY-MM-DD HH:MM:SS' UTC
    on a logical clock: one minute after the latest comment, never before SEED_NOW
"""

from __future__ import annotations

SEED_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE notes (id INTEGER PRIMARY KEY, lat REAL NOT NULL, lon REAL NOT NULL, place_id INTEGER,
    status TEXT NOT NULL CHECK (status IN ('open', 'closed')),
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL, closed_at TEXT);
CREATE INDEX notes_place ON notes(place_id);
CREATE INDEX notes_pos ON notes(lat, lon);
CREATE TABLE note_comments (id INTEGER PRIMARY KEY, note_id INTEGER NOT NULL REFERENCES notes(id),
    action TEXT NOT NULL CHECK (action IN ('opened', 'commented', 'closed', 'reopened')), author TEXT,
    body TEXT NOT NULL DEFAULT '', created_at TEXT NOT NULL);
CREATE INDEX note_comments_note ON note_comments(note_id);
CREATE INDEX note_comments_author ON note_comments(author);
"""

CONTENT_SCHEMA = """
CREATE TABLE districts (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, postcode TEXT NOT NULL,
    lat REAL NOT NULL, lon REAL NOT NULL, relation_id INTEGER);
CREATE TABLE streets (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, highway TEXT NOT NULL);
CREATE TABLE ways (id INTEGER PRIMARY KEY, street_id INTEGER NOT NULL, name TEXT NOT NULL, highway TEXT NOT NULL,
    district TEXT NOT NULL, length_m REAL NOT NULL, nodes TEXT NOT NULL, importance REAL NOT NULL DEFAULT 0.2);
CREATE TABLE way_tags (way_id INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (way_id, key));
CREATE TABLE nodes (id INTEGER PRIMARY KEY, lat REAL NOT NULL, lon REAL NOT NULL, x_m REAL NOT NULL, y_m REAL NOT NULL);
CREATE TABLE edges (id INTEGER PRIMARY KEY, node_a INTEGER NOT NULL, node_b INTEGER NOT NULL,
    street_id INTEGER NOT NULL, name TEXT NOT NULL, highway TEXT NOT NULL, length_m REAL NOT NULL,
    car_kmh REAL, bike_kmh REAL, foot_kmh REAL, bridge INTEGER NOT NULL DEFAULT 0, geometry TEXT NOT NULL,
    way_id INTEGER);
CREATE INDEX edges_a ON edges(node_a);
CREATE INDEX edges_b ON edges(node_b);
CREATE INDEX edges_way ON edges(way_id);
CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT NOT NULL,
    district TEXT NOT NULL, street TEXT NOT NULL, house_number TEXT, postcode TEXT NOT NULL, city TEXT NOT NULL,
    lat REAL NOT NULL, lon REAL NOT NULL, node_id INTEGER NOT NULL, display_name TEXT NOT NULL,
    phone TEXT, opening_hours TEXT, website TEXT, description TEXT NOT NULL, is_landmark INTEGER NOT NULL DEFAULT 0,
    importance REAL NOT NULL DEFAULT 0.1, brand TEXT, version INTEGER NOT NULL DEFAULT 1,
    changeset_id INTEGER, user TEXT, timestamp TEXT);
CREATE INDEX places_name ON places(name);
CREATE INDEX places_category ON places(category);
CREATE INDEX places_street ON places(street);
CREATE TABLE place_tags (place_id INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
    PRIMARY KEY (place_id, key));
CREATE INDEX place_tags_kv ON place_tags(key, value);
CREATE TABLE areas (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '', kind TEXT NOT NULL, district TEXT,
    place_id INTEGER, polygon TEXT NOT NULL);
CREATE TABLE relations (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, name TEXT NOT NULL, ref TEXT,
    tags TEXT NOT NULL);
CREATE TABLE relation_members (relation_id INTEGER NOT NULL, seq INTEGER NOT NULL, member_type TEXT NOT NULL,
    member_id INTEGER NOT NULL, role TEXT NOT NULL DEFAULT '', PRIMARY KEY (relation_id, seq));
CREATE INDEX relation_members_member ON relation_members(member_type, member_id);
CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, since TEXT NOT NULL,
    description TEXT NOT NULL, home_district TEXT NOT NULL);
CREATE TABLE changesets (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, created_at TEXT NOT NULL,
    closed_at TEXT NOT NULL, comment TEXT NOT NULL, created_by TEXT NOT NULL, source TEXT NOT NULL,
    changes INTEGER NOT NULL, min_lat REAL, min_lon REAL, max_lat REAL, max_lon REAL);
CREATE INDEX changesets_user ON changesets(user_id, id);
CREATE INDEX changesets_time ON changesets(created_at);
CREATE TABLE changeset_changes (changeset_id INTEGER NOT NULL, element_type TEXT NOT NULL,
    element_id INTEGER NOT NULL, version INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (element_type, element_id, version));
CREATE INDEX changeset_changes_cs ON changeset_changes(changeset_id);
CREATE TABLE changeset_comments (id INTEGER PRIMARY KEY, changeset_id INTEGER NOT NULL, user_id INTEGER NOT NULL,
    body TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX changeset_comments_cs ON changeset_comments(changeset_id);
CREATE TABLE diary_entries (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, title TEXT NOT NULL,
    body TEXT NOT NULL, created_at TEXT NOT NULL, lat REAL, lon REAL);
CREATE INDEX diary_entries_user ON diary_entries(user_id, id);
CREATE TABLE diary_comments (id INTEGER PRIMARY KEY, entry_id INTEGER NOT NULL, user_id INTEGER NOT NULL,
    body TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX diary_comments_entry ON diary_comments(entry_id);
CREATE TABLE traces (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, name TEXT NOT NULL, description TEXT NOT NULL,
    tags TEXT NOT NULL, visibility TEXT NOT NULL, created_at TEXT NOT NULL, distance_m REAL NOT NULL,
    points TEXT NOT NULL, min_lat REAL, min_lon REAL, max_lat REAL, max_lon REAL);
CREATE INDEX traces_user ON traces(user_id, id);
"""
