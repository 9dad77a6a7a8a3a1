"""The map's figures for `mag sites stats` (docs/WORLD.md): representative pages and counts.

`PAGES` are (name, kind, path) of pages valid on the default state; the directions page
routes between two landmarks whose positions are fixed by `places_data`, so its URL never
changes. `counts(conn)` reads the map's databases (the seed with ``content`` attached);
`TARGETS` are the issue's minimums for the keys it sets one for.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from urllib.parse import urlencode

from .geo import to_latlon
from .places_data import LANDMARK_SPOTS
from .style import STYLES


def _route_path(a: str, b: str, engine: str) -> str:
    (la, lo), (lb, lob) = (to_latlon(*LANDMARK_SPOTS[n]["xy"]) for n in (a, b))
    return "/directions?" + urlencode({"engine": engine, "route": f"{la:.6f},{lo:.6f};{lb:.6f},{lob:.6f}"})


PAGES: list[tuple[str, str, str]] = [
    ("Map (home)", "home", "/"),
    ("Search results: coffee", "search", "/search?query=coffee"),
    ("Search results: an ambiguous name", "search", "/search?query=Tidewater+Coffee"),
    ("Place page (node)", "detail", "/node/2"),
    ("Directions with a route", "detail", _route_path("Hilltop Observatory", "Eastgate Stadium", "fossgis_osrm_car")),
    ("Street page (way)", "detail", "/way/10"),
    ("New note form", "form", "/note/new?place=22"),
    ("Export form", "form", "/export"),
    ("Changesets (History)", "listing", "/history"),
    ("Notes grid", "grid", "/notes"),
    ("Mapper profile", "profile", "/user/sam_rivera"),
]

TARGETS: dict[str, float] = {
    "places": 3000,
    "places_with_osm_tags": 3000,
}

_TEMPLATES = Path(__file__).parent / "templates"


def _menu_sizes() -> dict[str, float]:
    base = (_TEMPLATES / "base.html").read_text(encoding="utf-8")
    pane = (_TEMPLATES / "_map.html").read_text(encoding="utf-8")
    header = base.split('<header id="header">', 1)[1].split("</header>", 1)[0]
    return {
        "header_menu_items": float(len(re.findall(r"<a [^>]*href=", header))),
        "map_controls": float(pane.count('class="control-button')),
        "base_layers_offered": float(len(STYLES)),
        "map_overlays_offered": float(len(re.findall(r'name="overlay"', pane))),
        "context_menu_items": float(pane.count("data-ctx=")),
    }


def counts(conn: sqlite3.Connection) -> dict[str, float]:
    one = lambda sql: float(conn.execute(sql).fetchone()[0] or 0)
    places = one("SELECT COUNT(*) FROM places")
    out = {
        "places": places,
        "places_with_osm_tags": one("SELECT COUNT(*) FROM places p WHERE (SELECT COUNT(*) FROM place_tags t "
                                    "WHERE t.place_id = p.id) >= 5"),
        "osm_tags_per_place": round(one("SELECT COUNT(*) FROM place_tags") / max(1.0, places), 2),
        "place_categories": one("SELECT COUNT(DISTINCT category) FROM places"),
        "places_with_opening_hours": one("SELECT COUNT(*) FROM places WHERE opening_hours IS NOT NULL"),
        "distinct_place_name_ratio": round(one("SELECT COUNT(DISTINCT name) FROM places") / max(1.0, places), 3),
        # names several places share in different districts (chain branches, bus stops named after landmarks)
        "ambiguous_names_across_districts": one("SELECT COUNT(*) FROM (SELECT name FROM places GROUP BY name "
                                                "HAVING COUNT(DISTINCT district) >= 2)"),
        "streets": one("SELECT COUNT(*) FROM streets"),
        "ways": one("SELECT COUNT(*) FROM ways"),
        "streets_in_several_districts": one("SELECT COUNT(*) FROM (SELECT name FROM ways GROUP BY name "
                                            "HAVING COUNT(DISTINCT district) >= 2)"),
        "road_nodes": one("SELECT COUNT(*) FROM nodes"),
        "road_edges": one("SELECT COUNT(*) FROM edges"),
        "bus_routes": one("SELECT COUNT(*) FROM relations WHERE kind = 'bus_route'"),
        "mappers": one("SELECT COUNT(*) FROM users"),
        "changesets": one("SELECT COUNT(*) FROM changesets"),
        "element_versions": one("SELECT COUNT(*) FROM changeset_changes"),
        "diary_entries": one("SELECT COUNT(*) FROM diary_entries"),
        "distinct_diary_body_ratio": round(one("SELECT COUNT(DISTINCT body) FROM diary_entries")
                                           / max(1.0, one("SELECT COUNT(*) FROM diary_entries")), 3),
        "gps_traces": one("SELECT COUNT(*) FROM traces"),
        "notes": one("SELECT COUNT(*) FROM notes"),
        "note_comments": one("SELECT COUNT(*) FROM note_comments"),
    }
    out.update(_menu_sizes())
    return out
