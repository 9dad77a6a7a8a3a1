"""Deterministic databases of the OpenStreetMap-like map of Port Alder.

`build_seed` writes the small per-episode database (meta and map notes), `build_content`
the read-only content database (streets, places, tags, ways, relations, mappers,
changesets, diaries, GPS traces); `schema` documents both. The world they are written
from comes from `world_build` (fixed functions plus ``random.Random`` streams with fixed
seeds); no clock is read: two builds give identical table contents.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from .. import world
from . import layout as L
from . import places_data as D
from .builder import ROAD_CLASSES, SEED, SPEEDS
from .content_writer import write_content
from .geo import to_latlon
from .schema import CONTENT_SCHEMA, SEED_SCHEMA
from .spatial import EdgeIndex
from .world_build import forget_world, map_world

# Both schemas in one database (what a self-contained test database uses).
SCHEMA = SEED_SCHEMA + CONTENT_SCHEMA

# The logical clock of map notes starts here (the seed's notes are all older).
SEED_NOW = "2026-11-01 12:00:00"

# Seeded notes: (place name, [(action, author or None for anonymous, body, created_at), ...]); a note is
# resolved when its last comment closes it.
NOTES: list[tuple[str, list[tuple[str, str | None, str, str]]]] = [
    ("Ferry Terminal", [
        ("opened", None, "The ticket office is missing from the map.", "2026-08-14 09:12:00"),
        ("closed", "harbor_mapper", "Added the ticket office inside the terminal building, thanks!",
         "2026-08-20 17:40:00")]),
    ("Blue Heron Coffee", [
        ("opened", None, "The entrance has moved around the corner to the side street.", "2026-09-02 08:31:00")]),
    ("Old Mill Brewery", [
        ("opened", None, "Opening hours have changed: they are closed on Mondays now.", "2026-09-11 19:05:00"),
        ("commented", "millrace_jo", "Can anyone confirm this? The website still says every day.",
         "2026-09-13 10:22:00")]),
    ("Central Library", [
        ("opened", None, "The book drop box is on the Court Street side.", "2026-09-18 14:47:00"),
        ("closed", "lantern_mapper", "Added the drop box as a separate point.", "2026-09-25 11:03:00")]),
    ("Maritime Museum", [
        ("opened", None, "The wheelchair entrance is on the harbor side, please add it.", "2026-09-30 16:20:00")]),
    ("Eastgate Stadium", [
        ("opened", None, "The north parking lot is closed for construction until spring.", "2026-10-04 12:58:00")]),
    ("Hilltop Observatory", [
        ("opened", None, "The road up to the observatory is one-way (uphill) now.", "2026-10-09 21:14:00"),
        ("commented", None, "Saw the new signs too, only uphill traffic allowed.", "2026-10-10 07:45:00")]),
    ("Port Alder Zoo", [
        ("opened", None, "There is a new entrance gate on the east side of the zoo.", "2026-10-15 10:30:00"),
        ("closed", "zoo_volunteer", "Mapped the east gate.", "2026-10-18 15:02:00")]),
    ("Science Center", [
        ("opened", None, "The cafe inside the Science Center has closed.", "2026-10-21 13:11:00")]),
    ("St. Mary's Church", [
        ("opened", None, "The sign at the door says St. Mary's Parish Church.", "2026-10-27 09:54:00")]),
]




def _world():
    return map_world(frozenset(name for name, _ in NOTES))


def _connect(path: Path) -> sqlite3.Connection:
    path = Path(path)
    path.unlink(missing_ok=True)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=MEMORY")
    conn.execute("PRAGMA synchronous=OFF")
    return conn


def build_seed(path: Path) -> None:
    """Write the map's per-episode seed database to `path` (deterministic): meta and notes."""
    w = _world()
    conn = _connect(path)
    try:
        conn.executescript(SEED_SCHEMA)
        lat0, lon0 = world.CITY_CENTER
        (la, lo), (lb, lob) = to_latlon(L.X_MIN, L.Y_MIN), to_latlon(L.X_MAX, L.Y_MAX)
        meta = {"city": world.CITY, "county": D.COUNTY, "state": world.STATE, "country": world.COUNTRY,
                "center_lat": str(lat0), "center_lon": str(lon0), "bounds": f"{la},{lo},{lb},{lob}",
                "speeds": json.dumps(SPEEDS), "seed": str(SEED)}
        conn.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
        _write_notes(conn, w)
        conn.commit()
    finally:
        conn.close()


def build_content(path: Path) -> None:
    """Write the map's read-only content database to `path` (deterministic)."""
    w = _world()
    conn = _connect(path)
    try:
        write_content(conn, w)
        conn.commit()
    finally:
        conn.close()
    forget_world()  # the seed is written first; both are built together


def _write_notes(conn: sqlite3.Connection, w) -> None:
    by_name: dict[str, dict] = {}
    for p in w.places:
        by_name.setdefault(p["name"], p)
    cid = 0
    for nid, (name, comments) in enumerate(NOTES, 1):
        p = by_name[name]
        lat, lon = to_latlon(p["x"], p["y"])
        closed = comments[-1][0] == "closed"
        conn.execute("INSERT INTO notes VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                     (nid, lat, lon, p["id"], "closed" if closed else "open", comments[0][3], comments[-1][3],
                      comments[-1][3] if closed else None))
        for action, author, body, ts in comments:
            cid += 1
            conn.execute("INSERT INTO note_comments VALUES (?, ?, ?, ?, ?, ?)", (cid, nid, action, author, body, ts))
    c = w.community
    for k, (note, comments) in enumerate(zip(c.notes, c.note_comments), len(NOTES) + 1):
        conn.execute("INSERT INTO notes VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (k, *note))
        for action, author, body, ts in comments:
            cid += 1
            conn.execute("INSERT INTO note_comments VALUES (?, ?, ?, ?, ?, ?)", (cid, k, action, author, body, ts))
