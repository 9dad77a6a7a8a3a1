"""The version banners live deployments show (the Magento admin's footer, GitLab's help page,
Postmill's and Kiwix's names): what `mag doctor --external` prints and every transcript of an
episode on them records (`DeploymentRecord.versions`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Protocol

import httpx

from mag_mcp.external.login_flows import join

REQUEST_TIMEOUT_S = 10.0
# (page below the base URL, pattern whose first group is the version, shown signed in only)
BANNERS: dict[str, tuple[str, str, bool]] = {
    "shopping_admin": ("/dashboard", r"Magento(?:</\w+>)?\s*ver\.\s*([0-9][\w.-]*)", True),
    "gitlab": ("/help", r"GitLab (?:Community|Enterprise) Edition\s+([0-9][\w.-]*)", False),
    "reddit": ("", r"(Postmill)", False),
    "wikipedia": ("", r"(Kiwix)", False),
}


class SignedInFetch(Protocol):
    async def fetch(self, site: str, url: str) -> str: ...


def banner(site: str, page: str) -> str:
    m = re.search(BANNERS[site][1], page)
    return m.group(1) if m else ""


def banner_url(site: str, base_url: str) -> str:
    path = BANNERS[site][0]
    return join(base_url, path) if path else base_url


def needs_login(site: str) -> bool:
    return site in BANNERS and BANNERS[site][2]


async def versions(base_urls: Mapping[str, str], logins: SignedInFetch | None) -> dict[str, str]:
    """site -> version banner, for the sites that show one ('' where it could not be read)."""
    out: dict[str, str] = {}
    async with httpx.AsyncClient(timeout=REQUEST_TIMEOUT_S, follow_redirects=True) as client:
        for site, base in base_urls.items():
            if site not in BANNERS:
                continue
            url = banner_url(site, base)
            try:
                if needs_login(site):
                    page = await logins.fetch(site, url) if logins is not None else ""
                else:
                    page = (await client.get(url)).text
            except (httpx.HTTPError, OSError):
                page = ""
            out[site] = banner(site, page)
    return out
