"""The static episode viewer, with and without scores, opened from file:// in Chromium."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from evaluators.viewer import write_viewer

# the run-directory builders live beside the report tests; load them by path (any import mode)
_spec = importlib.util.spec_from_file_location("_mag_report_fixtures", Path(__file__).with_name("test_report.py"))
assert _spec and _spec.loader
fx = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fx)


def test_viewer_files_and_relative_paths(tmp_path: Path) -> None:
    run = fx.make_run(tmp_path)
    index = write_viewer(run, fx.make_scores(run))
    assert index == run / "viewer" / "index.html"
    pages = sorted(p.name for p in index.parent.glob("ep-*.html"))
    assert pages == ["ep-ep-coord.html", "ep-ep-som.html"]
    page = (index.parent / "ep-ep-som.html").read_text()
    assert 'src="../transcripts/r1/ep-som/step_001.png"' in page
    assert not list(index.parent.rglob("*.png"))  # screenshots are referenced, not copied
    for p in index.parent.glob("*.html"):
        assert fx.external_refs(p.read_text()) == [], p.name
    # the step URL is shown as text only
    assert "http://127.0.0.1:7770/" in page


def test_viewer_without_scores(tmp_path: Path) -> None:
    run = fx.make_run(tmp_path)
    index = write_viewer(run, None, tmp_path / "elsewhere" / "view")
    html = index.read_text()
    assert html.count("not scored") == 4  # GQ and leaks of two episodes
    page = (index.parent / "ep-ep-coord.html").read_text()
    assert "gold step 1 (same index; not scored)" in page
    assert fx.GOLD["coord"][0] in page
    assert 'src="../../run-a/transcripts/r1/ep-coord/step_001.png"' in page


@pytest.mark.browser
@pytest.mark.anyio
async def test_viewer_renders_in_chromium(tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    run = fx.make_run(tmp_path)
    index = write_viewer(run, fx.make_scores(run))
    async with async_playwright() as pw:
        browser = await fx.open_browser(pw)
        try:
            page = await browser.new_page(viewport={"width": 1400, "height": 900})
            requests: list[str] = []
            page.on("request", lambda r: requests.append(r.url))

            # index: both episodes, filter box
            await page.goto(index.as_uri())
            rows = page.locator("#episodes tbody tr")
            assert await rows.count() == 2
            texts = await rows.all_inner_texts()
            assert any("som" in t and "✓" in t and "80.0%" in t for t in texts)
            assert any("coord" in t and "✗" in t and "50.0%" in t for t in texts)
            await page.fill("#filter", "coord")
            assert await page.locator("#episodes tbody tr:visible").count() == 1
            assert "1 of 2 shown" in await page.locator("#shown").inner_text()
            await page.fill("#filter", "")

            # coord episode page, reached through its link
            await page.locator("#episodes a", has_text="shop-1").nth(1).click()
            await page.wait_for_load_state("load")
            assert page.url.endswith("ep-ep-coord.html")
            assert fx.INTENT in await page.locator("#intent").inner_text()
            steps = page.locator("section.step")
            assert await steps.count() == 3
            widths = await page.eval_on_selector_all(
                "img.screenshot", "els => els.map(e => e.complete ? e.naturalWidth : 0)")
            assert widths == [1280, 1280, 1280]
            # the click marker sits over the image at (640, 60) scaled to the displayed size
            step1 = page.locator("#step-1")
            assert await step1.locator(".click-marker").count() == 1
            img = await step1.locator("img.screenshot").bounding_box()
            mark = await step1.locator(".click-marker").bounding_box()
            assert img and mark
            cx, cy = mark["x"] + mark["width"] / 2, mark["y"] + mark["height"] / 2
            assert abs(cx - (img["x"] + 640 * img["width"] / 1280)) < 3
            assert abs(cy - (img["y"] + 60 * img["height"] / 720)) < 3
            assert await page.locator("#step-2 .click-marker").count() == 0  # type has no point
            # the gold guide beside the agent's guide, the judge and the leak badge
            agent = await step1.locator(".agent-guide").bounding_box()
            gold = await step1.locator(".gold-guide").bounding_box()
            assert agent and gold and gold["x"] > agent["x"] + agent["width"] - 1 and abs(gold["y"] - agent["y"]) < 2
            assert fx.COORD_STEPS[0][2] in await step1.locator(".agent-guide").inner_text()
            assert fx.GOLD["coord"][0] in await step1.locator(".gold-guide").inner_text()
            assert "coord reason 1" in await step1.locator(".judge").inner_text()
            assert "(640, 60)" in await step1.locator(".badge.leak").inner_text()
            verdict = await page.locator("#verdict").inner_text()
            assert "done" in verdict and "failure" in verdict and "does not match the reference" in verdict

            # som episode: screenshots loaded, no click marker, gold guides aligned
            await page.goto((index.parent / "ep-ep-som.html").as_uri())
            assert await page.locator("section.step").count() == 3
            widths = await page.eval_on_selector_all(
                "img.screenshot", "els => els.map(e => e.complete ? e.naturalWidth : 0)")
            assert all(w > 0 for w in widths) and len(widths) == 3
            assert await page.locator(".click-marker").count() == 0
            assert "searchbox “Search”" in await page.locator("#step-1 .action").inner_text()
            golds = await page.locator(".gold-guide").all_inner_texts()
            assert all(g in t for g, t in zip(fx.GOLD["som"], golds))
            assert "success" in await page.locator("#verdict").inner_text()
            assert all(u.startswith("file:") for u in requests), requests
        finally:
            await browser.close()
