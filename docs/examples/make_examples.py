"""Rebuild docs/examples: a gold run and a no-op run on the same tasks, scored with
the offline reference judge, one report comparing them and a viewer per run.

    .venv/bin/python docs/examples/make_examples.py

Screenshots are re-encoded with a 256-colour palette so the folder stays small,
and absolute paths in results.json are made relative to the run, so the folder
can be committed and opened from anywhere.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
from pathlib import Path

from PIL import Image

HERE = Path(__file__).resolve().parent
TASKS = "shopping-price-1,reddit-subscribe-1,map-nearest-1"
RUNS = ("gold", "noop")


def mag(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "mag_mcp.cli", *args], check=True, cwd=HERE)


def shrink_screenshots(run: Path) -> None:
    for png in run.rglob("step_*.png"):
        Image.open(png).convert("RGB").quantize(colors=256).save(png, optimize=True)


def relative_results(run: Path) -> None:
    path = run / "results.json"
    data = json.loads(path.read_text())
    for e in data["episodes"]:
        if e.get("transcript"):
            e["transcript"] = Path(e["transcript"]).resolve().relative_to(run.resolve()).as_posix()
    path.write_text(json.dumps(data, indent=2) + "\n")


async def pictures() -> None:
    """report.png and viewer.png: what the two pages look like."""
    from playwright.async_api import async_playwright

    from mag_mcp.env.chromium import LAUNCH_ARGS, ensure_chromium

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(ensure_chromium()), args=LAUNCH_ARGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 1100})
        await page.goto((HERE / "report.html").as_uri())
        await page.screenshot(path=str(HERE / "report.png"))
        viewer = HERE / "gold" / "viewer"
        episode = sorted(viewer.glob("ep-*.html"))[0]
        await page.goto(episode.as_uri())
        await page.wait_for_timeout(300)
        await page.screenshot(path=str(HERE / "viewer.png"))
        await browser.close()


def main() -> None:
    for name in RUNS:
        shutil.rmtree(HERE / name, ignore_errors=True)
        mag("run", "--agent", name, "--tasks", TASKS, "--grounding", "both", "--out", name)
        shrink_screenshots(HERE / name)
        relative_results(HERE / name)
        mag("score", name)
        mag("view", name)
    mag("report", *RUNS, "--out", ".")
    asyncio.run(pictures())
    for png in (HERE / "report.png", HERE / "viewer.png"):
        Image.open(png).convert("RGB").quantize(colors=256).save(png, optimize=True)


if __name__ == "__main__":
    main()
