"""The embedded sites MAG ships, by key."""

from __future__ import annotations

import importlib

from mag_mcp.sites.base import SiteSpec

# site key -> module exporting SITE
_MODULES = {
    "shopping": "mag_mcp.sites.shopping",
}

# WebArena's environment variables for real deployments (DESIGN §4)
WEBARENA_ENV_VARS = {
    "shopping": "SHOPPING",
    "shopping_admin": "SHOPPING_ADMIN",
    "reddit": "REDDIT",
    "gitlab": "GITLAB",
    "map": "MAP",
    "wikipedia": "WIKIPEDIA",
}


def embedded_site_keys() -> list[str]:
    return list(_MODULES)


def site_spec(key: str) -> SiteSpec:
    if key not in _MODULES:
        raise KeyError(f"no embedded site {key!r}; embedded sites: {', '.join(_MODULES)}")
    return importlib.import_module(_MODULES[key]).SITE
