"""Writes the map's read-only content database (the tables of `schema.CONTENT_SCHEMA`) from
the generated world. Rows go in id order, so two builds give identical bytes."""

from __future__ import annotations

import json
import sqlite3

from .. import world
from . import layout as L
from . import places_data as D
from .builder import SPEEDS
from .geo import to_latlon
from .schema import CONTENT_SCHEMA
from .ways_gen import tags_json, way_importance
from .world_build import MapWorld


def _ll(pts: list[tuple[float, float]]) -> str:
    return json.dumps([list(to_latlon(x, y)) for x, y in pts], separators=(",", ":"))


def write_content(conn: sqlite3.Connection, w: MapWorld) -> None:
    b = w.builder
    conn.executescript(CONTENT_SCHEMA)
    for i, name in enumerate(world.DISTRICTS, 1):
        lat, lon = to_latlon(*L.DISTRICT_CENTERS[name])
        rel = next(r.id for r in w.relations if r.kind == "district" and r.name == name)
        conn.execute("INSERT INTO districts VALUES (?, ?, ?, ?, ?, ?)", (i, name, D.POSTCODES[name], lat, lon, rel))
    street_ids = {}
    for i, name in enumerate(sorted(b.street_class), 1):
        street_ids[name] = i
        conn.execute("INSERT INTO streets VALUES (?, ?, ?)", (i, name, b.street_class[name]))
    conn.executemany("INSERT INTO ways VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                     [(x.id, street_ids[x.name], x.name, x.highway, x.district, x.length,
                       json.dumps(x.nodes, separators=(",", ":")), way_importance(x)) for x in w.ways])
    conn.executemany("INSERT INTO way_tags VALUES (?, ?, ?)",
                     [(x.id, k, v) for x in w.ways for k, v in sorted(x.tags.items())])
    conn.executemany("INSERT INTO nodes VALUES (?, ?, ?, ?, ?)",
                     [(i, *to_latlon(x, y), round(x, 2), round(y, 2)) for i, (x, y) in enumerate(b.net.nodes, 1)])
    rows = []
    for i, e in enumerate(b.edges, 1):
        car, bike, foot = SPEEDS[e.highway]
        rows.append((i, e.a, e.b, street_ids[e.name], e.name, e.highway, round(e.length, 1), car, bike, foot,
                     int(e.bridge), _ll(e.pts), w.edge_way[i - 1]))
    conn.executemany("INSERT INTO edges VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    place_rows, tag_rows = [], []
    for p in b.places:
        lat, lon = to_latlon(p["x"], p["y"])
        place_rows.append((p["id"], p["name"], p["category"], p["district"], p["street"], p["house_number"],
                           p["postcode"], world.CITY, lat, lon, p["node_id"], p["display_name"], p["phone"],
                           p["opening_hours"], p["website"], p["description"], p["is_landmark"], p["importance"],
                           p["brand"], p["version"], p["changeset_id"], p["user"], p["timestamp"]))
        tag_rows += [(p["id"], k, v) for k, v in sorted(p["tags"].items())]
    conn.executemany(f"INSERT INTO places VALUES ({', '.join('?' * 23)})", place_rows)
    conn.executemany("INSERT INTO place_tags VALUES (?, ?, ?)", tag_rows)
    by_name: dict[str, int] = {}
    for p in b.places:
        by_name.setdefault(p["name"], p["id"])
    for i, a in enumerate(b.areas, 1):
        pid = a.get("place_id") or (by_name.get(a["name"]) if a["kind"] not in ("sea", "river") else None)
        conn.execute("INSERT INTO areas VALUES (?, ?, ?, ?, ?, ?)",
                     (i, a["name"], a["kind"], a.get("district"), pid, _ll(a["pts"])))
    for r in w.relations:
        conn.execute("INSERT INTO relations VALUES (?, ?, ?, ?, ?)", (r.id, r.kind, r.name, r.ref, tags_json(r.tags)))
        conn.executemany("INSERT INTO relation_members VALUES (?, ?, ?, ?, ?)",
                         [(r.id, seq, t, mid, role) for seq, (t, mid, role) in enumerate(r.members, 1)])
    c = w.community
    conn.executemany("INSERT INTO users VALUES (?, ?, ?, ?, ?)", c.users)
    conn.executemany(f"INSERT INTO changesets VALUES ({', '.join('?' * 12)})", c.changesets)
    conn.executemany("INSERT INTO changeset_changes VALUES (?, ?, ?, ?, ?)", c.changes)
    conn.executemany("INSERT INTO changeset_comments VALUES (?, ?, ?, ?, ?)", c.cs_comments)
    conn.executemany("INSERT INTO diary_entries VALUES (?, ?, ?, ?, ?, ?, ?)", c.diaries)
    conn.executemany("INSERT INTO diary_comments VALUES (?, ?, ?, ?, ?)", c.diary_comments)
    conn.executemany(f"INSERT INTO traces VALUES ({', '.join('?' * 13)})", c.traces)
