"""The embedded sites MAG ships, by key."""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping

from mag_mcp.sites.base import SiteSpec

# site key -> module exporting SITE
_MODULES = {
    "shopping": "mag_mcp.sites.shopping",
    "shopping_admin": "mag_mcp.sites.shopping_admin",
    "reddit": "mag_mcp.sites.reddit",
    "gitlab": "mag_mcp.sites.gitlab",
    "map": "mag_mcp.sites.map",
    "wikipedia": "mag_mcp.sites.wikipedia",
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


def webarena_deployments(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The live deployments WebArena's variables name (site key -> base URL), in site order;
    BrowserGym's names (`WA_SHOPPING`, ...) where WebArena's are not set."""
    env = os.environ if environ is None else environ
    out = {}
    for site, var in WEBARENA_ENV_VARS.items():
        url = env.get(var) or env.get(f"WA_{var}")
        if url:
            out[site] = url.rstrip("/")
    return out


def embedded_site_keys() -> list[str]:
    return list(_MODULES)


def site_spec(key: str) -> SiteSpec:
    if key not in _MODULES:
        raise KeyError(f"no embedded site {key!r}; embedded sites: {', '.join(_MODULES)}")
    return importlib.import_module(_MODULES[key]).SITE
