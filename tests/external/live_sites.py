"""The embedded sites run as if they were live WebArena deployments: started on their own, on
free ports, reached only through their URLs (what `--external` and `mag doctor` get)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mag_mcp.sites.registry import WEBARENA_ENV_VARS
from mag_mcp.sites.runner import EmbeddedSites

LIVE = ["shopping", "shopping_admin", "reddit", "gitlab"]  # the sites with a log-in


@pytest.fixture(scope="module")
def live() -> Iterator[dict[str, str]]:
    """site -> base URL of each 'deployment'."""
    sites = EmbeddedSites(LIVE, ports={k: 0 for k in LIVE})
    sites.start()
    try:
        yield dict(sites.base_urls)
    finally:
        sites.stop()


def webarena_env(urls: dict[str, str]) -> dict[str, str]:
    """WebArena's variables for these deployments (SHOPPING=..., GITLAB=...)."""
    return {WEBARENA_ENV_VARS[s]: u for s, u in urls.items()}


@pytest.fixture(scope="module")
def live_reset() -> Iterator[tuple[dict[str, str], str, EmbeddedSites]]:
    """Deployments with a reset endpoint of their own (`mag sites --reset-port`): (site -> base URL,
    the reset URL, the running sites)."""
    sites = EmbeddedSites(LIVE, ports={k: 0 for k in LIVE}, reset_port=0)
    sites.start()
    try:
        assert sites.reset_url is not None
        yield dict(sites.base_urls), sites.reset_url, sites
    finally:
        sites.stop()
