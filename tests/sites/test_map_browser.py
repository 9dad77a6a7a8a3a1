"""The map's slippy map in a real Chromium over real HTTP: tiles load, the wheel, a drag, the
keyboard and the buttons move the view (into the URL's #map= hash), layers switch, the
click targets over place icons open places, Query features asks about a point; and the
page stays in Set-of-Mark's budget."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mag_mcp.env.browser import BrowserPool
from mag_mcp.sites.runner import EmbeddedSites

pytestmark = pytest.mark.anyio
SOM = (Path(__file__).parents[2] / "mag_mcp" / "env" / "som.js").read_text()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory):
    with EmbeddedSites(["map"], ports={"map": 0}, home=tmp_path_factory.mktemp("maphome")) as sites:
        yield sites.base_urls["map"]


def _hash(url: str) -> tuple[int, float, float]:
    m = re.search(r"#map=(\d+)/(-?[\d.]+)/(-?[\d.]+)", url)
    assert m, url
    return int(m.group(1)), float(m.group(2)), float(m.group(3))


async def _view_after(page, before: str) -> tuple[int, float, float]:
    """The view the page wrote into its #map= hash once it differs from `before` (a page URL).
    Read from the page itself: `page.url` learns of a history.replaceState only from a later
    DevTools event, so right after an input it may still hold the previous hash."""
    await page.wait_for_function("before => location.href !== before", arg=before)
    return _hash(await page.evaluate("location.href"))


async def _loaded_tiles(page) -> int:
    await page.wait_for_function("document.querySelectorAll('img.tile.loaded').length >= 12", timeout=20_000)
    return await page.evaluate("document.querySelectorAll('img.tile.loaded').length")


@pytest.mark.timeout(180)
async def test_pan_zoom_and_layers(site: str, pool: BrowserPool) -> None:
    session = await pool.new_session([site])
    page = session.page
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        await page.goto(site + "/", wait_until="load")
        assert await _loaded_tiles(page) >= 12 and "#map=" not in page.url  # the first view writes no hash
        await page.mouse.move(800, 400)
        await page.mouse.wheel(0, -300)
        await page.wait_for_function("location.hash.startsWith('#map=15/')")
        assert await page.evaluate("[...document.querySelectorAll('img.tile')].every(i => i.src.includes('/15/'))")
        at_zoom = await page.evaluate("location.href")
        zoom, lat, lon = _hash(at_zoom)
        await page.mouse.move(800, 400)
        await page.mouse.down()
        await page.mouse.move(650, 300, steps=6)
        await page.mouse.up()
        z2, lat2, lon2 = await _view_after(page, at_zoom)
        assert z2 == zoom and lon2 > lon and lat2 < lat  # dragged up-left: the view moved south-east
        await page.click("#map", position={"x": 600, "y": 20})
        dragged = await page.evaluate("location.href")
        await page.keyboard.press("ArrowLeft")
        assert (await _view_after(page, dragged))[2] < lon2
        panned = await page.evaluate("location.href")
        await page.get_by_role("link", name="Zoom out").click()
        assert (await _view_after(page, panned))[0] == zoom - 1
        await page.get_by_role("button", name="Layers").click()
        await page.get_by_label("Transport Map").check()
        await page.wait_for_function("document.querySelector('img.tile').src.includes('/tile/transport/')")
        assert "layers=T" in await page.evaluate("location.href")
        await page.get_by_label("Map Notes").check()
        await page.wait_for_function("document.querySelectorAll('.note-pin').length > 0", timeout=20_000)
        await page.get_by_role("button", name="Share").click()
        assert "#map=" in await page.input_value("#share-url")
        assert not errors, errors
    finally:
        await session.close()


@pytest.mark.timeout(180)
async def test_click_targets_query_and_marks(site: str, pool: BrowserPool) -> None:
    session = await pool.new_session([site])
    page = session.page
    try:
        await page.goto(site + "/node/2", wait_until="load")
        await _loaded_tiles(page)
        marks = await page.evaluate(SOM)
        assert 60 <= len(marks) <= 300
        assert sum(m["role"] == "link" and m["tag"] == "a" for m in marks) >= 40
        hit = page.locator("a.poi-hit").first
        target = await hit.get_attribute("href")
        await hit.click()
        await page.wait_for_url(re.compile(re.escape(target) + "$"))
        await page.get_by_role("button", name="Query features").click()
        await page.mouse.click(900, 400)
        await page.wait_for_url(re.compile(r"/query\?lat="))
        assert await page.get_by_text("Nearby Features").is_visible()
    finally:
        await session.close()
