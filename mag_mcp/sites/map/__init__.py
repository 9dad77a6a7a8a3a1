"""OpenStreetMap: the embedded map of Port Alder mirroring WebArena's map (OSM + OSRM, port 3000).

The world: `layout` (geography and street network), `builder` + `original_places`
(the hand-named places), `poi_gen` / `poi_specs` / `names_data` (some 3,000 generated
places), `transit_gen` (bus stops), `ways_gen` (OSM ways and relations), `community_gen`
(mappers, changesets, diaries, GPS traces, notes), `world_build` (all of it, once per
process); `seed` writes the per-episode database (notes) and `content_writer` the
read-only content database (`schema` documents both).
The site: `mapdata` (geometry in memory), `geocoder` (Nominatim-like search),
`routing` (car / bike / foot, also for checkers), `style` / `labels` / `draw` / `tiles`
(the tile server), `mapview` + `static/map.js` (the slippy map), `views*`, `notes`,
`api` and `app` (pages); `world_stats` feeds `mag sites stats`.
"""

from __future__ import annotations

from ..base import SiteSpec
from .app import create_app
from .seed import build_content, build_seed

SEED_VERSION = "2026.12.1"  # bump whenever the seed data changes

SITE = SiteSpec(
    key="map",
    title="OpenStreetMap",
    default_port=3000,
    base_path="",
    seed_version=SEED_VERSION,
    build_seed=build_seed,
    create_app=create_app,
    login_cookies=(),
    build_content=build_content,
)

__all__ = ["SITE", "SEED_VERSION", "build_content", "build_seed", "create_app"]
