"""Set-of-Mark on a real page: what gets a mark, in which order, and the overlay."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from mag_core.protocol import parse_action
from mag_mcp.env.actions import ActionError, execute

pytestmark = pytest.mark.anyio


async def test_marks(pool, traps):
    s = await pool.new_session([traps.allowed])
    try:
        await execute(s, parse_action(f"goto [{traps.allowed}/]", "som"), [])
        snap = await s.snapshot(with_marks=True)
        names = [m.name for m in snap.marks]
        assert names[:3] == ["Next page", "Other port", "Other host"]  # document order
        assert [m.id for m in snap.marks] == list(range(1, len(snap.marks) + 1))
        assert "Covered button" not in names  # occluded at its centre
        assert "Hidden button" not in names and "Far button" not in names  # not visible
        query = next(m for m in snap.marks if m.name == "Query")
        assert query.role == "textbox" and query.editable and query.line() == f'[{query.id}] textbox "Query"'
        send = next(m for m in snap.marks if m.name == "Send")
        assert send.role == "button" and not send.editable
        img = Image.open(io.BytesIO(snap.png))
        assert img.size == (1280, 720)
        # the overlay paints a label box at the first mark's corner: the pixel is not page white
        m1 = snap.marks[0]
        assert img.getpixel((int(m1.bbox.x) + 1, max(0, int(m1.bbox.y) - 3))) != (255, 255, 255)
        plain = await s.snapshot(with_marks=False)
        assert plain.marks == [] and plain.png != snap.png
        # the marks belong to the observation: a stale id is a clear error
        with pytest.raises(ActionError, match="not on the page"):
            await execute(s, parse_action("click [999]", "som"), snap.marks)
        with pytest.raises(ActionError, match="not an editable field"):
            await execute(s, parse_action(f"type [{send.id}] [x] [0]", "som"), snap.marks)
    finally:
        await s.close()


async def test_coordinate_typing_needs_focus(pool, traps):
    s = await pool.new_session([traps.allowed])
    try:
        await execute(s, parse_action(f"goto [{traps.allowed}/]", "coord"), [])
        with pytest.raises(ActionError, match="click a text field first"):
            await execute(s, parse_action("type [hello] [0]", "coord"), [])
        box, _ = await s.locate(__import__("mag_core.tasks", fromlist=["Locator"]).Locator(role="textbox", name="Query"))
        x, y = box.center
        await execute(s, parse_action(f"click ({x}, {y})", "coord"), [])
        await execute(s, parse_action("type [hello] [1]", "coord"), [])
        assert s.page.url.endswith("/next?q=hello")
    finally:
        await s.close()


async def test_coordinate_typing_in_a_dropdown_jumps_to_the_option(pool, traps):
    """A focused dropdown takes typing as its type-ahead (a long list is chosen by name), and
    Enter chooses; a button still refuses typing."""
    s = await pool.new_session([traps.allowed])
    try:
        await execute(s, parse_action(f"goto [{traps.allowed}/]", "coord"), [])
        names = ["Alder", "Books", "DIY", "DIYHomes", "Dogs", "Drafts"] + [f"Forum {i:03d}" for i in range(100)]
        await s.page.evaluate("names => { const sel = document.createElement('select'); sel.id = 'forum';"
                              " sel.setAttribute('aria-label', 'Forum');"
                              " for (const n of names) sel.add(new Option(n, n.toLowerCase()));"
                              " document.body.prepend(sel); }", names)
        box = await s.page.evaluate("(() => { const r = document.getElementById('forum').getBoundingClientRect();"
                                    " return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)]; })()")
        await execute(s, parse_action(f"click ({box[0]}, {box[1]})", "coord"), [])
        await execute(s, parse_action("type [DIY] [0]", "coord"), [])
        await execute(s, parse_action("press [Enter]", "coord"), [])
        assert await s.page.evaluate("document.getElementById('forum').value") == "diy"
        await s.page.evaluate("document.querySelector('button').focus()")
        with pytest.raises(ActionError, match="not an editable field"):
            await execute(s, parse_action("type [x] [0]", "coord"), [])
    finally:
        await s.close()


async def test_element_at_describes_the_target_like_a_mark(pool, traps):
    """Coordinate steps record the element under the point, named as a mark would be."""
    s = await pool.new_session([traps.allowed])
    try:
        await execute(s, parse_action(f"goto [{traps.allowed}/]", "coord"), [])
        snap = await s.snapshot(with_marks=True)
        send = next(m for m in snap.marks if m.name == "Send")
        hit = await s.element_at(*send.bbox.center)
        assert hit is not None and (hit.id, hit.role, hit.name, hit.tag) == (0, "button", "Send", "button")
        # a point on a link's text lands on the link, not on a text node's parent
        link = snap.marks[0]
        hit = await s.element_at(int(link.bbox.x) + 2, int(link.bbox.y) + 2)
        assert hit is not None and (hit.role, hit.name) == ("link", "Next page")
        # the heading is not interactable: the element itself is described
        heading = await s.element_at(12, 30)
        assert heading is not None and heading.tag in ("h1", "body", "html")
        # asking did not tag anything
        marked = await s.page.evaluate("document.querySelectorAll('[data-mag-mark]').length")
        assert marked == len(snap.marks)
    finally:
        await s.close()


async def test_targets_carry_stable_locator_candidates(pool, traps):
    """A step's target is described with the ways to find it again: by point, by mark, or by a
    page script handing the element itself (the recorder), all the same way."""
    from mag_mcp.env.som import som_script

    s = await pool.new_session([traps.allowed])
    try:
        await execute(s, parse_action(f"goto [{traps.allowed}/]", "coord"), [])
        snap = await s.snapshot(with_marks=True)
        assert all(m.locator is None for m in snap.marks)  # observations carry none
        query = next(m for m in snap.marks if m.name == "Query")
        by_mark = await s.marked_element(query.id)
        assert by_mark is not None and by_mark.id == query.id
        loc = by_mark.locator
        assert loc is not None
        assert (loc.id, loc.role, loc.name, loc.text, loc.css) == ("q", "textbox", "Query", None, "#q")
        by_point = await s.element_at(*query.bbox.center)
        assert by_point is not None and by_point.locator == loc
        covered = await s.page.evaluate(f"(el) => ({som_script()})(el)", await s.page.query_selector("#covered"))
        assert covered["locator"]["css"] == "#covered" and covered["locator"]["role"] == "button"
        nxt = next(m for m in snap.marks if m.name == "Next page")
        link = (await s.marked_element(nxt.id)).locator
        assert (link.role, link.name, link.text) == ("link", "Next page", "Next page")
        assert await s.page.locator(link.css).get_attribute("href") == "/next"
        assert await s.marked_element(10_000) is None
    finally:
        await s.close()


async def test_a_page_that_breaks_the_marks_answer_fails_clearly(pool, traps):
    """The marks come back as one JSON string: a page that replaced JSON.stringify gets a
    Playwright error naming the cause (the observation is retried, then fails), never a
    decoding traceback."""
    from playwright.async_api import Error as PlaywrightError

    s = await pool.new_session([traps.allowed])
    try:
        await execute(s, parse_action(f"goto [{traps.allowed}/]", "som"), [])
        good = await s.snapshot(with_marks=True)
        assert good.marks and good.page_numbers is not None
        await s.page.evaluate("JSON.stringify = () => '{not json'")
        with pytest.raises(PlaywrightError, match="marks could not be read"):
            await s.snapshot(with_marks=True)
        assert (await s.snapshot(with_marks=False)).marks == []  # coordinates do not need the answer
    finally:
        await s.close()


async def test_hidden_subtrees_and_closed_details_get_no_marks(pool, traps):
    """Only what is rendered gets a mark: nothing in a display:none subtree or in a closed
    <details> (whose content keeps a box Chromium does not paint), the children of a
    display:contents wrapper do; opening the details marks its content."""
    s = await pool.new_session([traps.allowed])
    try:
        await execute(s, parse_action(f"goto [{traps.allowed}/]", "som"), [])
        await s.page.set_content("""
          <div style="display:none"><a href="/a">In hidden menu</a><div><button>Deep hidden</button></div></div>
          <div style="display:contents"><button>Through contents</button></div>
          <details><summary>More options</summary><label><input type="checkbox" name="x"> Folded choice</label></details>
          <button style="cursor:pointer"><span style="cursor:pointer">Pointer child</span></button>
        """)
        names = [m.name for m in (await s.snapshot(with_marks=True)).marks]
        assert names == ["Through contents", "More options", "Pointer child"]
        await s.page.evaluate("document.querySelector('details').open = true")
        names = [m.name for m in (await s.snapshot(with_marks=True)).marks]
        assert names == ["Through contents", "More options", "Folded choice", "Pointer child"]
    finally:
        await s.close()
