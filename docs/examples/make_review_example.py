"""Rebuild docs/review_page.png and docs/examples/demo/<task>.gold.json: `mag annotate` on the
transcript of a gold run of one task, reviewed in a browser the way a person would — rewrite
the template drafts, approve each step with the keyboard, save (which verifies the gold by
replay in both groundings before writing it).

    .venv/bin/python docs/examples/make_review_example.py

Drafts come from templates (--no-llm), so no model endpoint is needed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

HERE = Path(__file__).resolve().parent
DOCS = HERE.parent
TASK = "shopping-price-1"
# What a reviewer writes over the template drafts, step by step.
GUIDES = [
    "In the search field at the top of the page, enter “lodge 10.25 inch cast” and press Enter.",
    "In the search results, click the product name “Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned”.",
    "The price, in large type below the product title, is $19.90.",
]


def mag(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "mag_mcp.cli", *args], check=True, stdin=subprocess.DEVNULL)


def start_annotate(transcript: Path, work: Path) -> tuple[subprocess.Popen, str]:
    """`mag annotate` in the background; returns the process and the review page's URL."""
    log = work / "annotate.log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "mag_mcp.cli", "annotate", str(transcript), "--task-file", str(work / "tasks.json"),
         "--out", str(work / "annotate"), "--no-llm", "--redraft", "--no-open"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(log, "w"),  # noqa: SIM115
    )
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        found = re.search(r"Review page: (http://\S+)", log.read_text())
        if found:
            return proc, found.group(1)
        if proc.poll() is not None:
            break
        time.sleep(0.3)
    proc.terminate()
    raise SystemExit(f"mag annotate did not serve its page:\n{log.read_text()[-2000:]}")


def review(url: str, picture: Path) -> str:
    """Rewrite every guide, approve with the keyboard, save with Ctrl+S, photograph the page."""
    from playwright.sync_api import sync_playwright

    from mag_mcp.env.chromium import LAUNCH_ARGS, ensure_chromium

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(ensure_chromium()), args=LAUNCH_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.goto(url)
        page.wait_for_selector("#cards .card")
        for guide in GUIDES:
            page.keyboard.press("e")
            page.keyboard.press("Control+a")
            page.keyboard.type(guide)
            page.keyboard.press("Escape")
            page.keyboard.press("a")
        page.wait_for_function(f"document.querySelector('#progress-text').textContent.startsWith('{len(GUIDES)} /')")
        page.keyboard.press("Control+s")
        page.wait_for_selector("#save-status.ok, #save-status.bad", timeout=180_000)
        status = page.inner_text("#save-status")
        page.evaluate("window.scrollTo(0, 0)")
        page.locator("#step-1").click(position={"x": 900, "y": 20})  # the first card as the current one
        page.wait_for_timeout(400)
        page.screenshot(path=str(picture))
        browser.close()
    return status


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="mag-review-example-") as tmp:
        work = Path(tmp)
        mag("run", "--agent", "gold", "--tasks", TASK, "--grounding", "som", "--out", str(work / "gold"))
        (transcript,) = (work / "gold").rglob("transcript.jsonl")
        proc, url = start_annotate(transcript, work)
        try:
            status = review(url, DOCS / "review_page.png")
        finally:
            proc.terminate()
            proc.wait(timeout=30)
        print(status)
        if not status.startswith("Saved"):
            raise SystemExit("the reviewed gold did not pass verification")
        target = HERE / "demo"
        target.mkdir(exist_ok=True)
        shutil.copy(work / "annotate" / f"{TASK}.gold.json", target / f"{TASK}.gold.json")
    png = DOCS / "review_page.png"
    Image.open(png).convert("RGB").quantize(colors=256).save(png, optimize=True)
    print(f"wrote {png} and {target / f'{TASK}.gold.json'}")


if __name__ == "__main__":
    main()
