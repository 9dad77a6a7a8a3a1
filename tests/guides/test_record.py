"""`mag record`: a person's demonstration, recorded from a real Chromium on the real embedded
sites. Playwright acts as the person would (clicks, typing, a dropdown, Enter, back and
forward, the Finish control); the demonstration's steps, values, pages and locators are
checked, each gold locator is resolved on the live site to the element the person used,
and the gold trajectory made from the demonstration is replayed through the MCP server."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import anyio
import pytest
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page, async_playwright

from mag_core.observations import ElementLocator
from mag_core.protocol import VIEWPORT_HEIGHT
from mag_core.tasks import GoldTrajectory, Locator, Task, resolve_placeholders
from mag_mcp.env.actions import SCROLL_FRACTION
from mag_mcp.env.browser import BrowserPool
from mag_mcp.env.session import BrowserSession
from mag_mcp.env.warm import EpisodePreparer
from mag_mcp.guides.demo import Demonstration, DemoStep, gold_locator
from mag_mcp.guides.record import TabHistory, portable_url, recording
from mag_mcp.guides.record_events import FINISH_CONTROL
from mag_mcp.sites.runner import EmbeddedSites
from mag_mcp.tasks.registry import TaskRegistry

pytestmark = pytest.mark.anyio

TASK = "shopping-price-1"
PRODUCT = "Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned"
PRODUCT_PAGE = "__SHOPPING__/lodge-10-25-inch-cast-iron-skillet-pre-seasoned.html"
# A search whose results, sorted by price, show the product on their first page (a broader one such
# as "cast iron skillet" matches hundreds of products in the catalogue at scale).
QUERY = "lodge"


@pytest.fixture(scope="module")
def shop():
    with EmbeddedSites(["shopping"], ports={"shopping": 0}) as sites:
        yield sites


def task(task_id: str = TASK) -> Task:
    return TaskRegistry.builtin().get(task_id)


async def finish_with_answer(page: Page, answer: str, closes: bool = False) -> None:
    """Press the floating Finish control (bottom right), type the answer it asks for, Enter.
    `closes`: `mag record` closes the browser as soon as it has the answer, maybe before the
    key press is acknowledged."""
    box = await page.locator(FINISH_CONTROL).bounding_box()
    assert box is not None
    await page.mouse.click(box["x"] + box["width"] - 60, box["y"] + box["height"] / 2)
    await page.keyboard.type(answer)
    try:
        await page.keyboard.press("Enter")
    except PlaywrightError:  # the page is gone
        if not closes:
            raise


async def live_element(session: BrowserSession, demo: Demonstration, index: int,
                       base_urls: dict[str, str]) -> ElementLocator | None:
    """Open step `index`'s page as a replay reaches it (its scroll steps included), resolve the
    step's gold locator the way replay does, and describe the element found there."""
    step = demo.steps[index]
    page = await session.ensure_page()
    await page.goto(resolve_placeholders(step.url, base_urls))
    scrolls = 0
    while index - scrolls - 1 >= 0 and demo.steps[index - scrolls - 1].action == "scroll":
        scrolls += 1
    for s in demo.steps[index - scrolls:index]:
        dy = int(VIEWPORT_HEIGHT * SCROLL_FRACTION) * (1 if s.value == "down" else -1)
        await page.evaluate("dy => window.scrollBy(0, dy)", dy)
    target = step.gold_target()
    assert target is not None
    box, _mark = await session.locate(target)  # raises when not found or out of view
    found = await session.element_at(*box.center)
    return found.locator if found else None


def non_scroll(demo: Demonstration) -> list[DemoStep]:
    return [s for s in demo.steps if s.action != "scroll"]


# ---------------------------------------------------------------------------- pure parts


def test_urls_are_written_with_site_placeholders():
    urls = {"shopping": "http://127.0.0.1:7770", "shopping_admin": "http://127.0.0.1:7770/admin"}
    assert portable_url("http://127.0.0.1:7770/", urls) == "__SHOPPING__/"
    assert portable_url("http://127.0.0.1:7770/admin/sales?x=1", urls) == "__SHOPPING_ADMIN__/sales?x=1"
    assert portable_url("http://127.0.0.1:7770/administrator", urls) == "__SHOPPING__/administrator"
    assert portable_url("http://elsewhere.test/", urls) == "http://elsewhere.test/"
    back = resolve_placeholders(portable_url("http://127.0.0.1:7770/a?q=1", urls), urls)
    assert back == "http://127.0.0.1:7770/a?q=1"


def test_history_tells_back_from_forward():
    h = TabHistory()
    for url in ("a", "b", "c"):
        h.push(url)
    assert h.traverse("b") == -1 and h.traverse("c") == 1 and h.traverse("a") == -2
    h.push("d")  # a new page after going back drops the forward entries
    assert h.entries == ["a", "d"] and h.traverse("c") == 0


def test_the_checked_target_is_the_gold_target():
    c = ElementLocator(role="link", name="Home & Kitchen", text="Home & Kitchen", css="body > nav > a")
    assert DemoStep(action="click", candidates=c, url="u").gold_target() == Locator(role="link", name="Home & Kitchen")
    checked = Locator(role="link", name="Home & Kitchen", nth=1)
    assert DemoStep(action="click", candidates=c, url="u", target=checked).gold_target() == checked
    long = ElementLocator(role="link", name="x" * 77 + "...")  # som.js clips names past 80 characters
    assert gold_locator(long) == Locator(role="link", name="x" * 77, exact=False)


# ---------------------------------------------------------------------------- recording in a browser


@pytest.mark.timeout(180)
async def test_recorded_search_replays_as_gold(shop, tmp_path):
    """Search with Enter, sort with the dropdown, Apply, open the product, Finish with the answer:
    the demonstration holds those steps with checked locators, each resolves on the live site to
    the element used, and its gold trajectory succeeds through the MCP server."""
    t0 = time.monotonic()
    async with recording(task(), shop.base_urls, shop.stores, headless=True) as rec:
        page = rec.page
        await page.get_by_role("textbox", name="Search").click()
        await page.keyboard.type(QUERY)
        async with page.expect_navigation():
            await page.keyboard.press("Enter")
        await page.get_by_role("combobox", name="Sort By").select_option(label="Price")
        async with page.expect_navigation():
            await page.get_by_role("button", name="Apply").click()
        async with page.expect_navigation():
            await page.get_by_role("link", name=PRODUCT, exact=True).click()
        await finish_with_answer(page, "$19.90")
        with anyio.fail_after(10):
            await rec.recorder.finished.wait()
        demo = rec.recorder.demonstration()
    recorded_s = time.monotonic() - t0

    steps = non_scroll(demo)
    assert [s.action for s in steps] == ["type", "select", "click", "click", "stop"]
    typed, chosen, apply, product, stop = steps
    assert (typed.value, typed.enter, typed.url) == (QUERY, True, "__SHOPPING__/")
    assert (typed.candidates.id, typed.candidates.role, typed.candidates.name) == ("search", "textbox", "Search")
    assert typed.target == Locator(role="textbox", name="Search")
    results = "__SHOPPING__/catalogsearch/result/?q=" + QUERY
    assert (chosen.value, chosen.url, chosen.candidates.id) == ("Price", results, "sorter")
    assert chosen.target == Locator(role="combobox", name="Sort By")
    assert apply.url == results and apply.target == Locator(role="button", name="Apply") and apply.value is None
    assert product.url.startswith(results) and "product_list_order=price" in product.url
    assert product.target == Locator(role="link", name=PRODUCT)
    assert (stop.value, stop.url, stop.candidates) == ("$19.90", PRODUCT_PAGE, None)
    assert demo.task_id == TASK and demo.start_url == "__SHOPPING__"
    assert Demonstration.model_validate_json(demo.model_dump_json()) == demo

    # every gold locator finds, on the live site as an episode opens it, the element the person used
    await assert_targets_resolve(demo, shop)

    # the gold trajectory written from it (real guides) succeeds through the MCP server
    guides = iter([
        f"Type “{QUERY}” into the search box at the top and press Enter.",
        "Choose “Price” in the Sort By dropdown above the results.",
        "Click Apply to sort the results by price.",
        f"Open “{PRODUCT}” from the results.",
        "The product page shows the price in large type: $19.90.",
    ])
    gold = GoldTrajectory(steps=[
        s.to_gold("Scroll down to see more of the page." if s.action == "scroll" else next(guides))
        for s in demo.steps
    ])
    original = task()
    assert original.mag is not None
    replayed = original.model_copy(update={"mag": original.mag.model_copy(update={"gold": {"som": gold}})})
    result = await replay_gold(replayed, tmp_path)
    episode = result.episodes[0]
    assert episode.success and episode.error is None, episode
    assert episode.steps == len(demo.steps) and episode.answer == "$19.90"
    assert recorded_s < 60


async def assert_targets_resolve(demo: Demonstration, sites: EmbeddedSites) -> None:
    pool = BrowserPool()
    await pool.start()
    try:
        prepared = await EpisodePreparer(pool, sites.stores, sites.base_urls, spares_per_kind=0).prepare(
            task(demo.task_id))
        try:
            for i, step in enumerate(demo.steps):
                if step.candidates is not None:
                    assert step.target is not None, f"step {i + 1} was not checked"
                    found = await live_element(prepared.session, demo, i, sites.base_urls)
                    assert found == step.candidates, (i, step.target)
        finally:
            await prepared.discard()
    finally:
        await pool.close()


async def replay_gold(replayed: Task, tmp_path: Path):  # type: ignore[no-untyped-def]
    """Run the gold agent over `replayed` through a real `mag serve --transport http` (shop only)."""
    from mag_servers import start_http_server, wait_http_server

    from mag_mcp.agents.gold import AGENTS
    from mag_mcp.agents.runner import run_agent

    runs = tmp_path / "server"
    runs.mkdir()
    proc = start_http_server(runs, "--sites", "shopping")
    try:
        url = wait_http_server(proc, runs)
        return await run_agent("gold", AGENTS["gold"], [replayed], ["som"], tmp_path / "gold", servers=[url],
                               concurrency=1)
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.mark.timeout(60)
def test_cli_refuses_unknown_task_and_missing_display(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    cmd = [sys.executable, "-m", "mag_mcp.cli", "record"]
    unknown = subprocess.run([*cmd, "--task", "no-such-task", "--headless"], env=env, capture_output=True,
                             text=True, timeout=60, check=False)
    assert unknown.returncode == 2 and "unknown task 'no-such-task'" in unknown.stderr
    assert "mag tasks list" in unknown.stderr
    headed = subprocess.run([*cmd, "--task", TASK, "--out", str(tmp_path / "d.json")], env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert headed.returncode == 2 and "no display" in headed.stderr and "--headless" in headed.stderr
    assert not (tmp_path / "d.json").exists()


@pytest.mark.timeout(120)
async def test_navigation_keys_and_ambiguous_targets(shop):
    """A footer link far down the page (scroll steps a replay needs), back, forward, a typed URL,
    a click on plain text (nothing interactable: no step), a link whose role and name are not
    unique (CSS path or nth), typing ended by Escape, a checkbox clicked through its label and
    directly; each locator resolves on the live site to the element used."""
    async with recording(task(), shop.base_urls, shop.stores, headless=True) as rec:
        page = rec.page
        async with page.expect_navigation():
            await page.get_by_role("link", name="Contact Us").click()
        await page.go_back()
        await page.go_forward()
        await page.goto(resolve_placeholders(PRODUCT_PAGE, shop.base_urls))
        await page.get_by_role("heading", level=1).click()
        async with page.expect_navigation():  # the breadcrumb's "Home & Kitchen": the menu has one too
            await page.locator("#maincontent nav").get_by_role("link", name="Home & Kitchen").click()
        await page.go_back()
        async with page.expect_navigation():  # the menu's, first of the two
            await page.locator("nav.navigation").get_by_role("link", name="Home & Kitchen").click()
        await page.get_by_role("textbox", name="Search").click()
        await page.keyboard.type("kettle")
        await page.keyboard.press("Escape")
        await page.goto(resolve_placeholders("__SHOPPING__/newsletter/manage/", shop.base_urls))
        await page.get_by_text("General Subscription", exact=True).click()  # the checkbox's label
        await page.get_by_role("checkbox", name="General Subscription").click()
        async with page.expect_navigation():
            await page.get_by_role("link", name="One Stop Market home page").click()
        await finish_with_answer(page, "none")
        with anyio.fail_after(10):
            await rec.recorder.finished.wait()
        demo = rec.recorder.demonstration()

    actions = [s.action for s in demo.steps]
    first_click = actions.index("click")
    assert first_click >= 1 and set(actions[:first_click]) == {"scroll"}  # the footer is below the fold
    assert all(s.value == "down" for s in demo.steps[:first_click])
    steps = non_scroll(demo)
    assert [s.action for s in steps] == ["click", "go_back", "go_forward", "goto", "click", "go_back", "click",
                                         "type", "press", "goto", "click", "click", "click", "stop"]
    contact, back, forward, goto, crumb, back2, menu = steps[:7]
    assert contact.target == Locator(role="link", name="Contact Us") and contact.url == "__SHOPPING__/"
    assert (back.url, forward.url) == ("__SHOPPING__/contact/", "__SHOPPING__/")  # the pages they were taken on
    assert (goto.value, goto.url) == (PRODUCT_PAGE, "__SHOPPING__/contact/")
    # two links are named "Home & Kitchen": the breadcrumb's CSS path starts at an id (stable);
    # the menu's has none, so role + name is kept with its index among the matches
    assert crumb.url == PRODUCT_PAGE and crumb.target is not None and crumb.target.css == crumb.candidates.css
    assert crumb.target.css.startswith("#maincontent")
    assert menu.target == Locator(role="link", name="Home & Kitchen", nth=0) and menu.url == PRODUCT_PAGE
    assert back2.url == "__SHOPPING__/home-kitchen.html"
    typed, pressed, goto2, by_label, box, home, stop = steps[7:]
    assert (typed.value, typed.enter, typed.target) == ("kettle", False, Locator(role="textbox", name="Search"))
    assert (pressed.value, pressed.candidates) == ("Escape", None)  # Escape ends the typing first
    assert (goto2.value, goto2.url) == ("__SHOPPING__/newsletter/manage/", "__SHOPPING__/home-kitchen.html")
    # the label forwards its click to the checkbox: one step, on the checkbox
    assert by_label.target == box.target == Locator(role="checkbox", name="General Subscription")
    assert home.target == Locator(role="link", name="One Stop Market home page")
    assert home.url == "__SHOPPING__/newsletter/manage/" and (stop.value, stop.url) == ("none", "__SHOPPING__/")
    await assert_targets_resolve(demo, shop)


@pytest.mark.timeout(120)
async def test_acting_in_another_tab_records_the_switch(tmp_path):
    """A task opening two sites in two tabs: acting in the second tab writes `tab_focus 1` first,
    coming back writes `tab_focus 0`; finishing from outside the page (Ctrl+C) keeps typing
    not yet ended."""
    with EmbeddedSites(["wikipedia", "map"], ports={"wikipedia": 0, "map": 0}) as sites:
        async with recording(task("cross-architect-walk-1"), sites.base_urls, sites.stores, headless=True) as rec:
            wiki, atlas = rec.session.pages
            await wiki.get_by_role("textbox", name="Search").click()
            await wiki.keyboard.type("Thaddeus Crane library")
            async with wiki.expect_navigation():
                await wiki.keyboard.press("Enter")
            async with wiki.expect_navigation():
                await wiki.get_by_role("link", name="Central Library").click()
            async with atlas.expect_navigation():
                await atlas.get_by_role("link", name="Directions", exact=True).click()
            await wiki.get_by_role("textbox", name="Search").click()
            await wiki.keyboard.type("Eastgate")
            await rec.recorder.finish()
            demo = rec.recorder.demonstration(answer="a walk")
    steps = non_scroll(demo)
    assert [(s.action, s.value) for s in steps] == [
        ("type", "Thaddeus Crane library"), ("click", None), ("tab_focus", "1"), ("click", None),
        ("tab_focus", "0"), ("type", "Eastgate"), ("stop", "a walk"),
    ]
    assert steps[2].url == "__MAP__/" and steps[3].target == Locator(role="link", name="Directions")
    assert steps[0].url.startswith("__WIKIPEDIA__/") and steps[0].enter and not steps[5].enter


# ---------------------------------------------------------------------------- the command


def start_cli(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], str]:
    """`mag record --headless ...` in a process of its own; returns it and its DevTools endpoint."""
    proc = subprocess.Popen([sys.executable, "-m", "mag_mcp.cli", "record", "--task", TASK, "--headless",
                             "--out", str(tmp_path / "demo.json"), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    seen = []
    assert proc.stderr is not None
    while True:
        line = proc.stderr.readline()
        seen.append(line)
        found = re.search(r"DevTools endpoint: (http://\S+)", line)
        if found:
            return proc, found.group(1)
        if not line and proc.poll() is not None:
            raise AssertionError("mag record exited: " + "".join(seen))


@pytest.mark.timeout(120)
async def test_cli_records_what_a_script_does_over_devtools(tmp_path):
    """`mag record --headless` prints its DevTools endpoint; a script drives the browser through it
    and presses Finish; the command writes the demonstration and prints its steps."""
    proc, endpoint = start_cli(tmp_path)
    try:
        async with async_playwright() as p:
            browser = await p.chromium.connect_over_cdp(endpoint)
            page = browser.contexts[0].pages[0]
            await page.get_by_role("textbox", name="Search").click()
            await page.keyboard.type("lodge 10.25")
            async with page.expect_navigation():
                await page.keyboard.press("Enter")
            async with page.expect_navigation():
                await page.get_by_role("link", name=PRODUCT, exact=True).click()
            await finish_with_answer(page, "$19.90", closes=True)
            out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    demo = Demonstration.load(tmp_path / "demo.json")
    steps = [(s.action, s.value) for s in non_scroll(demo)]
    assert steps == [("type", "lodge 10.25"), ("click", None), ("stop", "$19.90")]
    assert all(s.target is not None for s in demo.steps if s.candidates)
    assert "demonstration of shopping-price-1" in out and 'textbox "Search"' in out and "every target checked" in out
    assert f"written to {tmp_path / 'demo.json'}" in err.replace("\n", "")
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.timeout(120)
async def test_cli_ctrl_c_keeps_unfinished_typing(tmp_path):
    """Ctrl+C ends the recording (the signal goes to the whole process group, as from a terminal):
    typing not yet ended is kept and checked, the answer comes from --answer."""
    proc, endpoint = start_cli(tmp_path, "--answer", "$19.90")
    try:
        async with async_playwright() as p:
            browser = await p.chromium.connect_over_cdp(endpoint)
            page = browser.contexts[0].pages[0]
            await page.get_by_role("textbox", name="Search").click()
            await page.keyboard.type("skillet")
            os.killpg(proc.pid, signal.SIGINT)
            _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    demo = Demonstration.load(tmp_path / "demo.json")
    assert [(s.action, s.value, s.enter) for s in demo.steps] == [("type", "skillet", False), ("stop", "$19.90", False)]
    assert demo.steps[0].target == Locator(role="textbox", name="Search")
    assert json.loads((tmp_path / "demo.json").read_text())["task_id"] == TASK
