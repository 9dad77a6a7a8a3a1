"""Regenerate docs/sites/*.png: each embedded site's main page as an agent sees it
(logged in where WebArena's tasks are), scaled to half size.

    .venv/bin/python docs/site_screenshots.py
"""

from __future__ import annotations

import io
from pathlib import Path
from urllib.parse import urlsplit

import anyio
from PIL import Image

from mag_mcp.env.browser import BrowserPool
from mag_mcp.sites.registry import embedded_site_keys, site_spec
from mag_mcp.sites.runner import EmbeddedSites

OUT = Path(__file__).parent / "sites"
PAGES = {"wikipedia": "/wikipedia_en_all_maxi_2022-05/A/North_Shore_Lighthouse", "map": "/directions?engine=fossgis_osrm_car&route="}


async def main() -> None:
    keys = embedded_site_keys()
    OUT.mkdir(parents=True, exist_ok=True)
    with EmbeddedSites(keys, ports={k: 0 for k in keys}) as sites:
        pool = BrowserPool()
        await pool.start()
        for key in keys:
            base = sites.base_urls[key]
            host = urlsplit(base).hostname
            cookies = [{"name": c.name, "value": c.value, "domain": host, "path": "/"} for c in site_spec(key).login_cookies]
            session = await pool.new_session([base], cookies=cookies)
            await session.page.goto(base + PAGES.get(key, "/" if not site_spec(key).base_path else ""), wait_until="load")
            snap = await session.snapshot(with_marks=False)
            img = Image.open(io.BytesIO(snap.png)).convert("RGB").resize((640, 360), Image.LANCZOS)
            img.save(OUT / f"{key}.png", optimize=True)
            print(f"{key}: {snap.url} -> {OUT / (key + '.png')}")
            await session.close()
        await pool.close()


if __name__ == "__main__":
    anyio.run(main)
