"""Rebuild docs/examples/demo/shopping-price-1.demo.json: a demonstration recorded with
`mag record`, the browser driven by this script instead of a person.

    .venv/bin/python docs/examples/make_demo_example.py

`mag record --headless` prints its browser's DevTools endpoint; the script connects to it
and does what a person would: search for the product and press Enter, sort the results by
price, apply, open the product, then press the Finish control and give the price as the
answer. The command then writes the file and prints the steps.
"""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page, async_playwright

HERE = Path(__file__).resolve().parent
TASK = "shopping-price-1"
OUT = HERE / "demo" / f"{TASK}.demo.json"
PRODUCT = "Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned"


def start_recording() -> tuple[subprocess.Popen[str], str]:
    """`mag record --headless` and the DevTools endpoint it prints."""
    proc = subprocess.Popen([sys.executable, "-m", "mag_mcp.cli", "record", "--task", TASK, "--headless",
                             "--out", str(OUT)], stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    for line in proc.stderr:
        sys.stderr.write(line)
        found = re.search(r"DevTools endpoint: (http://\S+)", line)
        if found:
            return proc, found.group(1)
    raise SystemExit(f"mag record exited with code {proc.wait()}")


async def act(page: Page) -> None:
    """The demonstration: what a person does for the task."""
    await page.get_by_role("textbox", name="Search").click()
    await page.keyboard.type("cast iron skillet", delay=40)
    async with page.expect_navigation():
        await page.keyboard.press("Enter")
    await page.get_by_role("combobox", name="Sort By").select_option(label="Price")
    async with page.expect_navigation():
        await page.get_by_role("button", name="Apply").click()
    async with page.expect_navigation():
        await page.get_by_role("link", name=PRODUCT).click()
    # the Finish control sits at the bottom right; for this task it asks for the answer
    box = await page.locator("mag-recorder").bounding_box()
    assert box is not None
    await page.mouse.click(box["x"] + box["width"] - 60, box["y"] + box["height"] / 2)
    await page.keyboard.type("$19.90", delay=40)
    try:
        await page.keyboard.press("Enter")
    except PlaywrightError:  # the recording ended and its browser closed at once
        pass


async def main() -> None:
    proc, endpoint = start_recording()
    try:
        async with async_playwright() as p:
            browser = await p.chromium.connect_over_cdp(endpoint)
            await act(browser.contexts[0].pages[0])
        assert proc.stderr is not None
        for line in proc.stderr:
            sys.stderr.write(line)
        if proc.wait(timeout=60) != 0:
            raise SystemExit(f"mag record failed with code {proc.returncode}")
    finally:
        proc.kill()
    print(f"wrote {OUT.relative_to(HERE.parent.parent)}")


if __name__ == "__main__":
    asyncio.run(main())
