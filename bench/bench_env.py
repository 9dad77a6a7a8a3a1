"""`make bench`: reset and step latency of MAG, against raw Playwright doing the
same browser work in the same run (the peer), so ratios survive a noisy machine.

Writes a markdown table (and the raw samples as JSON beside it).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import anyio
from mcp import Client

from mag_mcp.env.browser import BrowserPool
from mag_mcp.protocol import VIEWPORT_HEIGHT, VIEWPORT_WIDTH
from mag_mcp.server import ServerConfig, build_server


async def _timed(fn, *args):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    r = await fn(*args)
    return (time.perf_counter() - t) * 1000, r


THINK_S = 1.5  # an agent's pause before each call (a model call); spares are prepared meanwhile


async def bench(n: int, runs_dir: Path) -> dict[str, list[float]]:
    samples: dict[str, list[float]] = {k: [] for k in (
        "mag_reset_som", "mag_reset_coord", "mag_step_som", "mag_step_coord", "env_reset_cold", "state_copy",
        "peer_reset", "peer_step",
    )}
    server = build_server(ServerConfig(site_ports={"shopping": 0}, env={"runs_dir": runs_dir, "max_episodes": 4}))
    async with Client(server) as c:
        tasks = (await c.call_tool("list_tasks", {"site": "shopping"})).structured_content["tasks"]
        task_id = next(t["task_id"] for t in tasks if t["kind"] == "navigation")
        for i in range(n + 1):  # the first round warms up (first context, first render, seeds)
            for g in ("som", "coord"):
                await anyio.sleep(THINK_S)
                ms, r = await _timed(c.call_tool, "reset", {"task_id": task_id, "grounding": g, "run_id": "bench"})
                assert not r.is_error, r.content
                obs = r.structured_content["observation"]
                ep = obs["episode_id"]
                await anyio.sleep(THINK_S)
                # one step: follow a product link (what a person would do first)
                if g == "som":
                    mark = next(m["id"] for m in obs["marks"] if m["role"] == "link" and m["bbox"]["y"] > 400)
                    step_ms, r = await _timed(c.call_tool, "click", {"episode_id": ep, "mark": mark, "guide": "Open it."})
                else:
                    step_ms, r = await _timed(c.call_tool, "click_at", {"episode_id": ep, "x": 640, "y": 577, "guide": "Open it."})
                assert not r.is_error, r.content
                await c.call_tool("stop", {"episode_id": ep})
                if i:
                    samples[f"mag_reset_{g}"].append(ms)
                    samples[f"mag_step_{g}"].append(step_ms)
    # environment-level cold reset: state copy + logged-in context + first page, no spare
    from mag_mcp.env.warm import EpisodePreparer
    from mag_mcp.sites.runner import EmbeddedSites
    from mag_mcp.tasks.registry import TaskRegistry

    task = TaskRegistry.builtin().get(task_id)
    with EmbeddedSites(["shopping"], ports={"shopping": 0}) as sites:
        base_url = sites.base_urls["shopping"]
        pool = BrowserPool()
        await pool.start()
        prep = EpisodePreparer(pool, sites.stores, sites.base_urls, spares_per_kind=0)
        for i in range(n + 1):
            ms, prepared = await _timed(prep.prepare, task)
            await prepared.discard()
            if i:
                samples["env_reset_cold"].append(ms)
        store = sites.stores["shopping"]
        for i in range(n):
            t = time.perf_counter()
            store.create(f"bench{i}")
            samples["state_copy"].append((time.perf_counter() - t) * 1000)
            store.drop(f"bench{i}")
        # the peer: raw Playwright doing the same browser work, no MAG in between
        assert pool._browser is not None
        for i in range(n + 1):
            t = time.perf_counter()
            ctx = await pool._browser.new_context(viewport={"width": VIEWPORT_WIDTH, "height": VIEWPORT_HEIGHT})
            page = await ctx.new_page()
            await page.goto(base_url + "/", wait_until="load")
            reset_ms = (time.perf_counter() - t) * 1000
            await page.screenshot(type="png")
            t = time.perf_counter()
            async with page.expect_navigation(wait_until="load"):
                await page.mouse.click(640, 577)
            await page.screenshot(type="png")
            step_ms = (time.perf_counter() - t) * 1000
            await ctx.close()
            if i:
                samples["peer_reset"].append(reset_ms)
                samples["peer_step"].append(step_ms)
        await pool.close()
    return samples


def report(samples: dict[str, list[float]], n: int) -> str:
    med = {k: statistics.median(v) for k, v in samples.items() if v}
    rows = [
        ("reset, environment, cold (state copy + context + first page)", "env_reset_cold", "peer_reset", 250),
        ("reset tool, Set-of-Mark (spare ready; + first observation)", "mag_reset_som", "peer_reset", 250),
        ("reset tool, coordinates (spare ready; + first observation)", "mag_reset_coord", "peer_reset", 250),
        ("step tool, Set-of-Mark click + observation", "mag_step_som", "peer_step", None),
        ("step tool, coordinate click + observation", "mag_step_coord", "peer_step", None),
        ("state copy (SQLite file)", "state_copy", None, None),
    ]
    lines = [
        "# MAG environment benchmark",
        "",
        f"{datetime.now(UTC).isoformat(timespec='seconds')} · {platform.machine()} · Python {platform.python_version()} · "
        f"n = {n} per row · command: `make bench`",
        "",
        "Peer: raw Playwright on the same Chromium and the same embedded shop, in the same run "
        "(reset = new context + first page loaded; step = click a product + load + screenshot). "
        "MAG adds the state copy, the log-in cookies, the navigation guard, Set-of-Mark, the transcript and "
        "the MCP layer (in-process client, so no transport). The reset tool adopts a spare episode prepared "
        f"in the background while the agent thinks ({THINK_S:.1f} s before each call here) and includes the first "
        "observation (screenshot, marks, overlay).",
        "",
        "| measure | median ms | p90 ms | peer median ms | ratio | target |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for label, key, peer, target in rows:
        v = sorted(samples[key])
        p90 = v[min(len(v) - 1, int(0.9 * len(v)))]
        peer_med = med.get(peer) if peer else None
        ratio = f"{med[key] / peer_med:.2f}×" if peer_med else ""
        tgt = f"≤ {target} ms: {'met' if med[key] <= target else 'NOT met'}" if target else ""
        lines.append(f"| {label} | {med[key]:.1f} | {p90:.1f} | {f'{peer_med:.1f}' if peer_med else ''} | {ratio} | {tgt} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=20)
    ap.add_argument("--out", type=Path, default=Path("bench/results.md"))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as runs:
        samples = anyio.run(bench, args.n, Path(runs))
    text = report(samples, args.n)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    args.out.with_suffix(".json").write_text(json.dumps(samples, indent=1), encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
