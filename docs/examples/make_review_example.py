"""The example pipeline, from a recorded demonstration to a tour on the live site:
`mag annotate` on docs/examples/demo/<task>.demo.json (made by make_demo_example.py),
reviewed in a browser the way a person would — rewrite the template drafts, approve each
step with the keyboard, save (which verifies the gold by replay in both groundings before
writing it) — then the Set-of-Mark verification replay of the reviewed gold exported as a
product tour (make_tour_example.py). Writes docs/review_page.png,
docs/examples/demo/<task>.gold.json, docs/examples/demo/tour/ and docs/tour_overlay.png.

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

import make_tour_example
from PIL import Image

HERE = Path(__file__).resolve().parent
DOCS = HERE.parent
TASK = "shopping-price-1"
# What a reviewer writes over the template drafts, step by step.
GUIDES = [
    "In the search field at the top of the page, enter “cast iron skillet” and press Enter.",
    "Above the results, open the “Sort By” menu and choose “Price”.",
    "Click “Apply” next to the sort options to reorder the results.",
    "Click the product name “Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned”.",
    "The price, in large type below the product title, is $19.90.",
]


def mag(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "mag_mcp.cli", *args], check=True, stdin=subprocess.DEVNULL)


def start_annotate(source: Path, work: Path) -> tuple[subprocess.Popen, str]:
    """`mag annotate` in the background; returns the process and the review page's URL."""
    log = work / "annotate.log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "mag_mcp.cli", "annotate", str(source), "--task-file", str(work / "tasks.json"),
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


def som_replay(runs: Path) -> Path:
    """The folder of the successful Set-of-Mark episode among the verification replays."""
    import json

    for transcript in sorted(runs.rglob("transcript.jsonl")):
        lines = [json.loads(x) for x in transcript.read_text(encoding="utf-8").splitlines()]
        if lines[0].get("grounding") == "som" and lines[-1].get("type") == "end" and lines[-1].get("success"):
            return transcript.parent
    raise SystemExit(f"no successful Set-of-Mark replay under {runs}")


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="mag-review-example-") as tmp:
        work = Path(tmp)
        proc, url = start_annotate(HERE / "demo" / f"{TASK}.demo.json", work)
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
        make_tour_example.main(som_replay(work / "annotate" / "server-runs" / "gold"))
    png = DOCS / "review_page.png"
    Image.open(png).convert("RGB").quantize(colors=256).save(png, optimize=True)
    print(f"wrote {png} and {target / f'{TASK}.gold.json'}")


if __name__ == "__main__":
    main()
