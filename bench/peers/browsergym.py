"""BrowserGym (browsergym-core 0.14.3) as a benchmark subject, driven from MAG's side.

BrowserGym pins Playwright 1.44, so it runs in its own environment
(`python -m bench.peers.setup`) as a worker process
(`bench/peers/browsergym_worker.py`, which documents what is measured and how),
spoken to in JSON lines. Timings are taken inside the worker, around BrowserGym's
own `env.reset()` / `env.step()` plus its Set-of-Mark overlay, so the pipe is not
counted. The worker's stderr goes to `bench/.peers/logs/<name>.log`. Besides `total`
and its parts, each reply has `viewport_restore`: untimed work the worker does between
calls to keep the page at 1280x720 with a current Chromium; it is not part of `total`
(the worker's docstring says why).

Two configurations are meant to be reported:

- `BrowserGymSubject("browsergym", pre_observation_delay=0.5)`: waits at default
  (BrowserEnv's 0.5 s pre-observation sleep, the task's 1000 ms Playwright slow_mo);
- `BrowserGymSubject("browsergym-nowait", pre_observation_delay=0)`: waits at zero
  (no pre-observation sleep, slow_mo 0).

`slow_mo` can be given explicitly; left at None it follows `pre_observation_delay`:
the task's default (1000 ms) when the delay is positive, 0 when it is zero.
`chromium` is the browser to drive (both of BrowserGym's browsers); None means
`mag_mcp.env.chromium.system_chromium()`. Pass MAG's own executable
(`BrowserPool.executable`) where MAG runs another build.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
from anyio.abc import Process
from anyio.streams.buffered import BufferedByteReceiveStream

from bench.common import PLAN, StepKind
from bench.peers import PeerUnavailable, peer_chromium
from bench.peers.setup import LOG_DIR, browsergym_python

WORKER = Path(__file__).with_name("browsergym_worker.py")
START_TIMEOUT_S = 120.0
CALL_TIMEOUT_S = 120.0


class BrowserGymSubject:
    def __init__(self, name: str, pre_observation_delay: float, slow_mo: int | None = None,
                 chromium: str | Path | None = None) -> None:
        self.name = name
        self.chromium = chromium  # None: the system Chromium
        self.pre_observation_delay = float(pre_observation_delay)
        self.slow_mo = slow_mo if slow_mo is not None else (None if self.pre_observation_delay > 0 else 0)
        self.last_url = ""  # the page's url in the latest observation
        self._proc: Process | None = None
        self._reader: BufferedByteReceiveStream | None = None
        self._log: Any = None

    async def _call(self, cmd: dict[str, Any], timeout: float = CALL_TIMEOUT_S) -> dict[str, float]:
        if self._proc is None or self._proc.stdin is None or self._reader is None:
            raise RuntimeError(f"{self.name}: not started")
        with anyio.fail_after(timeout):
            await self._proc.stdin.send((json.dumps(cmd) + "\n").encode())
            try:
                line = await self._reader.receive_until(b"\n", 1 << 20)
            except (anyio.EndOfStream, anyio.IncompleteRead) as e:
                raise RuntimeError(f"{self.name}: the BrowserGym worker exited (see {self._log_path()})") from e
        reply = json.loads(line)
        if not reply.get("ok"):
            raise RuntimeError(f"{self.name}: {cmd.get('op')} {cmd.get('kind', '')}: {reply.get('error')}")
        self.last_url = reply.get("url", self.last_url)
        return reply["phases"]

    def _log_path(self) -> Path:
        return LOG_DIR / f"{self.name}.log"

    async def start(self, base_url: str) -> None:
        python = browsergym_python()
        if python is None:
            raise PeerUnavailable("BrowserGym is not installed (run `python -m bench.peers.setup`)")
        chromium = peer_chromium(self.chromium, "BrowserGym")
        LOG_DIR.mkdir(parents=True, exist_ok=True)
        self._log = self._log_path().open("w")
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
        env["PYTHONUNBUFFERED"] = "1"
        self._proc = await anyio.open_process(
            [str(python), str(WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._log, env=env
        )
        assert self._proc.stdout is not None
        self._reader = BufferedByteReceiveStream(self._proc.stdout)
        await self._call({
            "op": "start",
            "base_url": base_url,
            "chromium": str(chromium),
            "pre_observation_delay": self.pre_observation_delay,
            "slow_mo": self.slow_mo,
            "plan": dataclasses.asdict(PLAN),
        }, timeout=START_TIMEOUT_S)

    async def reset(self) -> dict[str, float]:
        return await self._call({"op": "reset"})

    async def step(self, kind: StepKind) -> dict[str, float]:
        return await self._call({"op": "step", "kind": kind})

    async def close(self) -> None:
        proc = self._proc
        if proc is not None:
            try:
                await self._call({"op": "close"}, timeout=30)
            except Exception as e:  # closing anyway
                print(f"{self.name}: close: {e}", file=sys.stderr)
            self._proc = self._reader = None
            with anyio.move_on_after(10, shield=True):
                await proc.wait()
            if proc.returncode is None:
                proc.kill()
                with anyio.move_on_after(5, shield=True):
                    await proc.wait()
            await proc.aclose()
        if self._log is not None:
            self._log.close()
            self._log = None
