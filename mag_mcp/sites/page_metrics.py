"""Measure pages as an agent sees them: through MAG's own browser session, in a real Chromium.

For each page, on a logged-in session of the site (the cookies of WebArena's `.auth` files):

- **marks in the viewport**: the marks of `BrowserSession.snapshot(with_marks=True)` at
  1280×720 (som.js: the visible, unoccluded interactable elements an agent is shown);
- **interactables**: the same som.js collection with the viewport stretched to the page's
  full height (at most `TALL_VIEWPORT_CAP` px), i.e. every interactable an agent could
  reach by scrolling; the viewport is put back afterwards;
- **DOM nodes**: elements in the document (`document.getElementsByTagName('*')`, MAG's
  own overlay excluded: it is drawn only during the snapshot);
- **text length**: characters of the page's visible text (`document.body.innerText`);
- **server time**: the median of `SERVER_SAMPLES` plain HTTP GETs of the page's HTML
  (the site's rendering, without the browser).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import anyio
import httpx
from playwright.async_api import Error as PlaywrightError
from pydantic import BaseModel

from mag_core.protocol import VIEWPORT_HEIGHT, VIEWPORT_WIDTH
from mag_mcp.env.browser import BrowserPool
from mag_mcp.env.page_scripts import INSTALLED_SOM
from mag_mcp.env.session import NAV_TIMEOUT_S, BrowserSession
from mag_mcp.sites.world_pages import PageNotFound, PageRef, resolve

TALL_VIEWPORT_CAP = 16000  # px: a taller page has its interactables counted over its first 16,000 px
SERVER_SAMPLES = 3
PAGE_FIGURES_JS = """() => ({
  dom: document.getElementsByTagName('*').length,
  text: document.body ? document.body.innerText.length : 0,
  height: Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0),
})"""
COUNT_MARKS_JS = f"() => {INSTALLED_SOM} ? {INSTALLED_SOM}(null).length : null"


class PageMeasure(BaseModel):
    """One page's figures (None where it could not be measured; `error` says why)."""

    site: str
    name: str
    kind: str
    url: str = ""
    status: int | None = None
    marks_viewport: int | None = None
    interactables: int | None = None
    dom_nodes: int | None = None
    text_chars: int | None = None
    page_height: int | None = None
    server_ms: float | None = None
    error: str | None = None

    @property
    def measured(self) -> bool:
        return self.error is None and self.marks_viewport is not None


def _server_ms(client: httpx.Client, url: str, cookies: dict[str, str]) -> tuple[float, int]:
    """Median time of plain GETs of `url` (redirects followed), and the last status."""
    times, status = [], 0
    for _ in range(SERVER_SAMPLES):
        t = time.perf_counter()
        r = client.get(url, cookies=cookies, follow_redirects=True)
        times.append((time.perf_counter() - t) * 1000)
        status = r.status_code
    return statistics.median(times), status


async def _measure_in_browser(session: BrowserSession, url: str, out: PageMeasure) -> None:
    page = await session.ensure_page()
    response = await page.goto(url, wait_until="load", timeout=NAV_TIMEOUT_S * 1000)
    await session.settle()
    out.url = page.url
    out.status = response.status if response is not None else None
    figures = await page.evaluate(PAGE_FIGURES_JS)
    out.dom_nodes, out.text_chars, out.page_height = int(figures["dom"]), int(figures["text"]), int(figures["height"])
    snap = await session.snapshot(with_marks=True)
    out.marks_viewport = len(snap.marks)
    tall = min(max(out.page_height, VIEWPORT_HEIGHT), TALL_VIEWPORT_CAP)
    try:
        if tall > VIEWPORT_HEIGHT:
            await page.set_viewport_size({"width": VIEWPORT_WIDTH, "height": tall})
        count = await page.evaluate(COUNT_MARKS_JS)
        out.interactables = int(count) if count is not None else None
    finally:
        if tall > VIEWPORT_HEIGHT:
            await page.set_viewport_size({"width": VIEWPORT_WIDTH, "height": VIEWPORT_HEIGHT})


async def measure_site_pages(
    pool: BrowserPool, site: str, base_url: str, cookies: dict[str, str], pages: list[PageRef],
    on_page: Callable[[PageMeasure], None] | None = None,
) -> list[PageMeasure]:
    """Measure `pages` of one site in one logged-in browser session, in order. A page that
    cannot be resolved, loaded or measured gets its `error`; the others are still measured."""
    host = httpx.URL(base_url).host
    cookie_list = [{"name": k, "value": v, "domain": host, "path": "/"} for k, v in cookies.items()]
    session = await pool.new_session([base_url], cookies=cookie_list)
    results: list[PageMeasure] = []
    try:
        with httpx.Client(timeout=30) as client:
            for ref in pages:
                out = PageMeasure(site=site, name=ref.name, kind=ref.kind)
                try:
                    url = await anyio.to_thread.run_sync(resolve, ref, base_url, cookies, client)
                    out.url = url
                    out.server_ms, status = await anyio.to_thread.run_sync(_server_ms, client, url, cookies)
                    await _measure_in_browser(session, url, out)
                    if (out.status or status) >= 400:
                        out.error = f"HTTP {out.status or status}"
                except PageNotFound as e:
                    out.error = f"page not found: {e}"[:300]
                except (PlaywrightError, httpx.HTTPError, TimeoutError) as e:
                    out.error = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"[:300]
                results.append(out)
                if on_page is not None:
                    on_page(out)
    finally:
        await session.close()
    return results
