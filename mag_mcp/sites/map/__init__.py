"""OpenStreetMap: the embedded map of Port Alder mirroring WebArena's map (OSM + OSRM, port 3000).

Modules: `layout` (the city's geography and street network), `seed` (the
database and its schema), `routing` (car / bike / foot routes, also for
checkers), `search` (place search), `render` (the SVG map), `views` / `app`
(pages), `notes` (map notes: the only state a visitor changes, per episode).
"""

from __future__ import annotations

from ..base import SiteSpec
from .app import create_app
from .seed import build_seed

SEED_VERSION = "2026.11.2"  # bump whenever the seed data changes

SITE = SiteSpec(
    key="map",
    title="OpenStreetMap",
    default_port=3000,
    base_path="",
    seed_version=SEED_VERSION,
    build_seed=build_seed,
    create_app=create_app,
    login_cookies=(),
)

__all__ = ["SITE", "SEED_VERSION", "build_seed", "create_app"]
