"""`make bench` / `make bench-quick`: MAG against plain Playwright, BrowserGym and
Playwright MCP on the same page, in interleaved rounds; then the concurrency sweep,
the evaluators' throughput, and the world at scale (the densest pages, state copies,
cold resets, world generation). Writes BENCHMARKS.md and bench/results.json."""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio
from rich.progress import Progress

from bench.common import PLAN, SCRIPT, Samples, Subject, action_kind
from bench.concurrency import run_concurrency, start_server
from bench.evaluator_throughput import run_evaluators
from bench.floor_concurrency import run_floor_concurrency
from bench.floor import PlaywrightFloor
from bench.mag_subjects import MagEnvSubject, MagMCPSubject
from bench.peers import PeerUnavailable
from bench.peers.browsergym import BrowserGymSubject
from bench.peers.playwright_mcp import PlaywrightMCPSubject
from bench.plan import locate_plan
from bench.report import write_report
from bench.world_scale import run_world_build, run_world_scale
from mag_mcp.agents.client import stdio_params
from mag_mcp.env.browser import BrowserPool
from mag_mcp.sites.runner import EmbeddedSites

THINK_S = 0.5  # a pause between a subject's calls, as an agent's model call would leave


@dataclass
class Config:
    rounds: int
    warmup: bool  # run a first round that is dropped (first contexts, first renders, spares)
    subjects: set[str] | None  # None: all
    slow_peer_every: int  # BrowserGym with its default waits runs every Nth round (it is slow)
    levels: list[int]
    steps_per_episode: int
    quick: bool
    dense_rounds: int = 3  # interleaved rounds on the densest pages (bench/world_scale.py)
    world_build: bool = True  # build every site's databases in a fresh MAG_HOME (minutes)


FULL = Config(rounds=8, warmup=True, subjects=None, slow_peer_every=3, levels=[1, 4, 16, 32],
              steps_per_episode=10, quick=False)
QUICK = Config(rounds=1, warmup=False, subjects={"playwright", "mag-env-coord", "mag-env-som", "mag-http-coord",
                                                 "browsergym-nowait", "playwright-mcp"},
               slow_peer_every=99, levels=[1, 4], steps_per_episode=4, quick=True, dense_rounds=1,
               world_build=False)


async def _episode(subject: Subject, samples: Samples) -> None:
    samples.add_phases(subject.name, "reset", await subject.reset())
    for kind in SCRIPT:
        await anyio.sleep(THINK_S)
        phases = await subject.step(action_kind(kind))
        if phases is not None:  # None: the subject has no such action
            samples.add_phases(subject.name, f"step.{kind}", phases)


async def latency(cfg: Config, runs: Path, notes: list[str], only: set[str] | None) -> tuple[Samples, dict[str, str]]:
    samples = Samples()
    versions: dict[str, str] = {}
    with EmbeddedSites(["shopping"], ports={"shopping": 0}) as sites:
        base = sites.base_urls["shopping"]
        pool = BrowserPool()
        await pool.start()
        versions["chromium"] = pool.browser_version
        found = await locate_plan(pool, base)  # the points on the home page as it is rendered now
        notes.append(f"points on the shop's home page (measured): search box {PLAN.search}, "
                     f"product link {PLAN.product} ({found['product_href']})")
        wanted = only or cfg.subjects
        http_proc, http_url = None, ""
        if wanted is None or any(w.startswith("mag-http") for w in wanted):
            (runs / "http").mkdir(parents=True, exist_ok=True)
            http_proc, http_url = await anyio.to_thread.run_sync(start_server, runs / "http")
        stdio = stdio_params(runs / "stdio", ["--sites", "shopping"])
        subjects: list[Any] = [
            PlaywrightFloor(pool),
            MagEnvSubject("mag-env-coord", "coord", sites, runs / "env"),
            MagEnvSubject("mag-env-som", "som", sites, runs / "env"),
            MagMCPSubject("mag-stdio-coord", "coord", stdio),
            MagMCPSubject("mag-http-coord", "coord", http_url),
            MagMCPSubject("mag-http-som", "som", http_url),
            BrowserGymSubject("browsergym-nowait", 0.0, chromium=pool.executable),
            *([] if cfg.quick else [BrowserGymSubject("browsergym-default", 0.5, chromium=pool.executable)]),
            PlaywrightMCPSubject("playwright-mcp", chromium=pool.executable),
        ]
        subjects = [s for s in subjects if wanted is None or s.name in wanted]
        started: list[Any] = []
        try:
            for s in subjects:
                try:
                    await s.start(base)
                    started.append(s)
                except PeerUnavailable as e:
                    notes.append(f"{s.name} skipped: {e}")
            rng = random.Random(0)
            with Progress(transient=True) as bar:
                job = bar.add_task("interleaved rounds", total=cfg.rounds)
                for r in range(0 if cfg.warmup else 1, cfg.rounds + 1):  # round 0 warms up and is dropped
                    order = [s for s in started
                             if s.name != "browsergym-default" or (r and r % cfg.slow_peer_every == 0)]
                    rng.shuffle(order)
                    into = samples if r else Samples()
                    for s in order:
                        bar.update(job, description=f"round {r}/{cfg.rounds}: {s.name}")
                        await _episode(s, into)
                    if r:
                        bar.advance(job)
        finally:
            for s in reversed(started):  # each holds task groups: leave them in the reverse order
                try:
                    await s.close()
                except Exception as e:  # a peer failing to close must not lose the samples
                    notes.append(f"{s.name} did not close cleanly: {e}")
            await pool.close()
            if http_proc is not None:
                http_proc.terminate()
                http_proc.wait(20)
    return samples, versions


def main() -> None:
    ap = argparse.ArgumentParser(description="MAG performance against its peers -> BENCHMARKS.md")
    ap.add_argument("--quick", action="store_true", help="a short run (under 2 minutes)")
    ap.add_argument("--rounds", type=int, help="interleaved rounds (default 10, quick 2)")
    ap.add_argument("--out", type=Path, default=Path("BENCHMARKS.md"))
    ap.add_argument("--json", type=Path, default=Path("bench/results.json"))
    ap.add_argument("--only", help="comma-separated subjects to run (e.g. playwright,mag-env-coord); "
                    "skips the concurrency and evaluator sections")
    args = ap.parse_args()
    cfg = QUICK if args.quick else FULL
    if args.rounds:
        cfg.rounds = args.rounds
    t0 = time.perf_counter()
    notes: list[str] = []
    with tempfile.TemporaryDirectory(prefix="mag-bench-") as tmp:
        runs = Path(tmp)
        print("1/5 latency: MAG, plain Playwright, BrowserGym, Playwright MCP (interleaved rounds)", file=sys.stderr)
        only = set(args.only.split(",")) if args.only else None
        samples, versions = anyio.run(latency, cfg, runs, notes, only)
        conc: dict[str, Any] = {}
        evals: dict[str, Any] = {}
        world: dict[str, Any] = {}
        build: dict[str, Any] = {}
        if only is None:
            print(f"2/5 concurrency: {cfg.levels} episodes", file=sys.stderr)
            conc = anyio.run(run_concurrency, cfg.levels, cfg.steps_per_episode, runs / "concurrency")
            conc["floor"] = anyio.run(run_floor_concurrency, cfg.levels, cfg.steps_per_episode)
            print("3/5 evaluators", file=sys.stderr)
            evals = run_evaluators(cfg.quick)
            print("4/5 the world at scale: the densest pages, copies, cold resets", file=sys.stderr)
            world = anyio.run(run_world_scale, cfg.dense_rounds, runs / "world", notes)
            if cfg.world_build:
                print("5/5 world generation in a fresh MAG_HOME", file=sys.stderr)
                build = run_world_build(notes)
    elapsed = time.perf_counter() - t0
    results: dict[str, Any] = {
        "generated_at": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "config": {**cfg.__dict__, "subjects": sorted(cfg.subjects) if cfg.subjects else None},
        "think_s": THINK_S, "versions": versions, "notes": notes, "elapsed_s": round(elapsed, 1),
        "samples": {f"{s}|{m}": v for (s, m), v in samples.values.items()},
        "concurrency": conc, "evaluators": evals, "world": world, "world_build": build,
    }
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    text = write_report(results, args.out, quick=cfg.quick)
    print(text)
    print(f"wrote {args.out} and {args.json} in {elapsed:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
