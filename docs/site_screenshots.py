"""Regenerate docs/sites/*.png: each embedded site's main pages as an agent sees them (logged
in where WebArena's tasks are), at half size.

`<site>.png` is the site's front page (the one the README shows); `<site>-<kind>.png` are its
first listing, detail, grid and form pages from the pages `mag sites stats` measures
(`mag_mcp/sites/<site>/world_stats.py`, else the fallback list), at most `EXTRA_PER_SITE` of them.

    .venv/bin/python docs/site_screenshots.py [site ...]
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from urllib.parse import urlsplit

import anyio
import httpx
from PIL import Image

from mag_mcp.env.browser import BrowserPool
from mag_mcp.env.session import BrowserSession
from mag_mcp.sites.registry import embedded_site_keys, site_spec
from mag_mcp.sites.runner import EmbeddedSites
from mag_mcp.sites.world_hooks import load_hooks
from mag_mcp.sites.world_pages import PageNotFound, PageRef, absolute_url, resolve
from mag_mcp.sites.world_stats import site_groups

OUT = Path(__file__).parent / "sites"
FRONT = {"wikipedia": "/wikipedia_en_all_maxi_2022-05/A/North_Shore_Lighthouse",
         "map": "/directions?engine=fossgis_osrm_car&route="}
EXTRA_KINDS = ("listing", "detail", "grid", "form")
EXTRA_PER_SITE = 3


def extra_pages(key: str) -> list[PageRef]:
    """The site's first page of each of EXTRA_KINDS, in that order, at most EXTRA_PER_SITE."""
    pages = load_hooks(key).pages
    chosen = [next(p for p in pages if p.kind == kind) for kind in EXTRA_KINDS if any(p.kind == kind for p in pages)]
    return chosen[:EXTRA_PER_SITE]


async def shoot(session: BrowserSession, url: str, out: Path) -> None:
    await session.page.goto(url, wait_until="load")
    await session.settle()
    snap = await session.snapshot(with_marks=False)
    img = Image.open(io.BytesIO(snap.png)).convert("RGB").resize((640, 360), Image.LANCZOS)
    img.quantize(colors=192, method=Image.Quantize.MEDIANCUT).save(out, optimize=True)
    print(f"{snap.url} -> {out}")


async def shoot_site(pool: BrowserPool, key: str, base: str) -> None:
    cookies = {c.name: c.value for c in site_spec(key).login_cookies}
    host = urlsplit(base).hostname
    session = await pool.new_session([base], cookies=[{"name": k, "value": v, "domain": host, "path": "/"}
                                                      for k, v in cookies.items()])
    try:
        front = FRONT.get(key, "/" if not site_spec(key).base_path else "")
        await shoot(session, absolute_url(base, front) if front else base, OUT / f"{key}.png")
        with httpx.Client(timeout=30) as client:
            for page in extra_pages(key):
                try:
                    url = resolve(page, base, cookies, client)
                except PageNotFound as e:
                    print(f"{key}: {page.name} skipped ({e})", file=sys.stderr)
                    continue
                await shoot(session, url, OUT / f"{key}-{page.kind}.png")
    finally:
        await session.close()


async def main(keys: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    pool = BrowserPool()
    await pool.start()
    try:
        for group in site_groups(keys):
            with EmbeddedSites(group, ports={k: 0 for k in group}) as sites:
                for key in group:
                    await shoot_site(pool, key, sites.base_urls[key])
    finally:
        await pool.close()


if __name__ == "__main__":
    chosen = sys.argv[1:] or embedded_site_keys()
    unknown = [k for k in chosen if k not in embedded_site_keys()]
    if unknown:
        sys.exit(f"no embedded site {', '.join(unknown)}; embedded sites: {', '.join(embedded_site_keys())}")
    anyio.run(main, chosen)
