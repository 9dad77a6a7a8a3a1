"""Settling after an action waits on the page's own signals: a slow page is never
screenshot half-loaded, and staying actions wait for the requests they started."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from mag_core.protocol import parse_action
from mag_mcp.env.actions import execute

pytestmark = pytest.mark.anyio


async def _open(pool, traps, path):
    s = await pool.new_session([traps.allowed])
    await execute(s, parse_action(f"goto [{traps.allowed}{path}]", "som"), [])
    return s


async def _click(s, name, grounding="som"):
    snap = await s.snapshot(with_marks=True)
    mark = next(m for m in snap.marks if m.name == name)
    text = f"click [{mark.id}]" if grounding == "som" else "click ({}, {})".format(*mark.bbox.center)
    await execute(s, parse_action(text, grounding), snap.marks)


@pytest.mark.parametrize("grounding", ["som", "coord"])
async def test_slow_page_is_complete_when_observed(pool, traps, grounding):
    s = await _open(pool, traps, "/slow-home")
    try:
        await _click(s, "Slow page", grounding)
        snap = await s.snapshot(with_marks=True)
        assert snap.url.endswith("/slow") and snap.title == "Slow page"
        assert any(m.name == "Loaded late" for m in snap.marks)  # what its script fetched is shown
        # the late image is drawn: its pixels are red in the screenshot
        box = await s.page.evaluate("(() => { const r = document.getElementById('late-img').getBoundingClientRect();"
                                    " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        img = Image.open(io.BytesIO(snap.png)).convert("RGB")
        r, g, b = img.getpixel((int(box[0]), int(box[1])))
        assert r > 180 and g < 60 and b < 60, (r, g, b)
        # the document is fully loaded (its image waited for): no half-loaded page
        assert await s.page.evaluate("document.readyState") == "complete"
        # the action itself waited for the slow document and its image, not for a fixed time
        assert s.timings["settle"] + s.timings["action"] >= 1000 * 0.8
    finally:
        await s.close()


async def test_staying_click_waits_for_its_requests(pool, traps):
    s = await _open(pool, traps, "/slow-home")
    try:
        await _click(s, "Fetch more")
        snap = await s.snapshot(with_marks=True)
        assert snap.url.endswith("/slow-home")
        assert any(m.name == "Loaded late" for m in snap.marks)  # the fetched content is on screen
    finally:
        await s.close()


async def test_staying_click_without_requests_does_not_wait(pool, traps):
    s = await _open(pool, traps, "/slow-home")
    try:
        await _click(s, "Toggle")
        snap = await s.snapshot(with_marks=True)
        assert any(m.name == "Clicked once" for m in snap.marks)
        # no navigation window, no network wait: settling ends with the DOM quiet period
        assert s.timings["settle"] < 400, s.timings
    finally:
        await s.close()


async def test_overlay_is_drawn_for_the_screenshot_only(pool, traps):
    s = await _open(pool, traps, "/")
    try:
        snap = await s.snapshot(with_marks=True)
        plain = await s.snapshot(with_marks=False)
        m = snap.marks[0]
        img = Image.open(io.BytesIO(snap.png)).convert("RGB")
        base = Image.open(io.BytesIO(plain.png)).convert("RGB")
        x, y = int(m.bbox.x) + 1, int(m.bbox.y + m.bbox.height / 2)
        assert img.getpixel((x, y)) != base.getpixel((x, y))  # the box border is drawn on the marked shot
        # and gone from the page afterwards: nothing of it is left for the agent's actions
        assert await s.page.evaluate("document.getElementById('__mag_overlay')") is None
    finally:
        await s.close()


async def test_keyboard_scroll_is_done_when_observed(pool, traps):
    """End scrolls at once (Chromium animates keyboard scrolls unless told not to): the
    observation after the step is of the page's bottom, its marks where the screenshot shows them."""
    s = await _open(pool, traps, "/slow-home")
    try:
        await s.page.evaluate("document.body.insertAdjacentHTML('afterbegin', '<div style=\"height:30000px\"></div>');"
                              "document.body.insertAdjacentHTML('beforeend', '<button>At the bottom</button>')")
        await execute(s, parse_action("press [End]", "som"), [])
        snap = await s.snapshot(with_marks=True)
        bottom = await s.page.evaluate("document.scrollingElement.scrollHeight - innerHeight")
        assert await s.page.evaluate("scrollY") == bottom > 29000
        assert any(m.name == "At the bottom" for m in snap.marks)
    finally:
        await s.close()
