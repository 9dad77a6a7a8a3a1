"""Rebuild docs/examples/leaderboard/ and docs/leaderboard.png: a leaderboard of three bundles.

    .venv/bin/python docs/examples/make_leaderboard_example.py

- a gold run, packed as `mag submit` packs it (self-reported);
- a no-op run, packed and signed with an example key, as a hosted server packs a
  finalized submission (verified (hosted));
- a copy of the gold bundle with one screenshot changed (listed as invalid).

The runs cover two tasks in both groundings. Screenshots are re-encoded with a
256-colour palette and results.json's paths made run-relative before scoring
and packing, so the folder stays small and names no local path.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from PIL import Image

HERE = Path(__file__).resolve().parent
SITE = HERE / "leaderboard"
PICTURE = HERE.parent / "leaderboard.png"
TASKS = "shopping-price-1,reddit-subscribe-1"
EXAMPLE_KEY = b"example-server-key-not-a-secret-0001"  # stands in for a hosted server's key


def mag(*args: str, cwd: Path) -> None:
    subprocess.run([sys.executable, "-m", "mag_mcp.cli", *args], check=True, cwd=cwd)


def tidy(run: Path) -> None:
    """Small screenshots, and transcript paths relative to the run."""
    for png in run.rglob("step_*.png"):
        Image.open(png).convert("RGB").quantize(colors=256).save(png, optimize=True)
    results = run / "results.json"
    data = json.loads(results.read_text())
    data["episodes"] = [relative(e, run) for e in data["episodes"]]
    results.write_text(json.dumps(data, indent=2) + "\n")
    lines = (run / "episodes.jsonl").read_text().splitlines()
    (run / "episodes.jsonl").write_text("".join(json.dumps(relative(json.loads(x), run)) + "\n" for x in lines))


def relative(episode: dict, run: Path) -> dict:
    if episode.get("transcript"):
        episode["transcript"] = Path(episode["transcript"]).resolve().relative_to(run.resolve()).as_posix()
    return episode


def tampered_copy(bundle: Path, out: Path) -> None:
    """`bundle` with the last byte of its first screenshot changed."""
    with zipfile.ZipFile(bundle) as zin, zipfile.ZipFile(out, "w") as zout:
        shot = next(n for n in zin.namelist() if n.endswith("step_001.png"))
        for info in zin.infolist():
            data = zin.read(info)
            zout.writestr(info, data[:-1] + bytes([data[-1] ^ 1]) if info.filename == shot else data)


async def picture() -> None:
    from playwright.async_api import async_playwright

    from mag_mcp.env.chromium import LAUNCH_ARGS, ensure_chromium

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(ensure_chromium()), args=LAUNCH_ARGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 760})
        await page.goto((SITE / "index.html").as_uri())
        await page.screenshot(path=str(PICTURE), full_page=True)
        await browser.close()
    Image.open(PICTURE).convert("RGB").quantize(colors=256).save(PICTURE, optimize=True)


def main() -> None:
    from evaluators.bundle import pack_run
    from evaluators.leaderboard import build_leaderboard, find_bundles

    with tempfile.TemporaryDirectory(prefix="mag-leaderboard-") as tmp:
        work = Path(tmp)
        bundles = work / "bundles"
        bundles.mkdir()
        for agent in ("gold", "noop"):
            mag("run", "--agent", agent, "--tasks", TASKS, "--grounding", "both", "--out", agent, cwd=work)
            tidy(work / agent)
            mag("score", agent, cwd=work)
        pack_run(work / "gold", bundles / "gold.zip", {
            "team": "MAG maintainers", "agent": "Gold replay", "model": "reference trajectories",
            "notes": "Replays each task's gold trajectory and gold guides."})
        pack_run(work / "noop", bundles / "noop.zip", {
            "team": "MAG maintainers", "agent": "No-op", "model": "none",
            "notes": "Stops at once: the floor of the scale."}, key=EXAMPLE_KEY)
        tampered_copy(bundles / "gold.zip", bundles / "gold-edited.zip")
        shutil.rmtree(SITE, ignore_errors=True)
        board = build_leaderboard(find_bundles(bundles), SITE, EXAMPLE_KEY)
    print(f"wrote {SITE / 'index.html'}: {len(board.rows)} rows, {len(board.invalid)} invalid")
    asyncio.run(picture())
    print(f"wrote {PICTURE}")


if __name__ == "__main__":
    main()
