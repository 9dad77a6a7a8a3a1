"""A real `mag serve --transport http` process for soak sections: start it, read its
URL, find its Chromium, stop it (gently, or with SIGKILL for the whole tree)."""

from __future__ import annotations

import atexit
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psutil

CHROMIUM_NAMES = {"chromium", "chromium-browser", "chrome", "google-chrome", "headless_shell", "chrome-headless-shell"}
_STARTED: list[ServerProcess] = []  # killed at exit if still running (a run cut short must not leave servers)
URL_LINE = re.compile(r"MAG MCP server on (http://\S+/mcp)")


@dataclass
class ServerProcess:
    """One server; `runs_dir` holds its transcripts and `server.log`."""

    runs_dir: Path
    args: list[str] = field(default_factory=list)  # extra `mag serve` options
    env: dict[str, str] = field(default_factory=dict)  # extra environment (e.g. MAG_HOME)
    proc: subprocess.Popen[bytes] | None = None
    url: str = ""
    log_name: str = "server.log"

    @property
    def pid(self) -> int:
        assert self.proc is not None, "not started"
        return self.proc.pid

    @property
    def base(self) -> str:
        """The server's root URL (no `/mcp`)."""
        return self.url.removesuffix("/mcp")

    def start(self, timeout: float = 120) -> ServerProcess:
        """Start and wait until `/health` answers 200; appends to the log across restarts."""
        self.runs_dir.mkdir(parents=True, exist_ok=True)
        log_path = self.runs_dir / self.log_name
        offset = log_path.stat().st_size if log_path.exists() else 0
        with open(log_path, "ab") as log:  # the server keeps its own copy of the descriptor
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "mag_mcp.cli", "serve", "--transport", "http", "--port", "0",
                 "--free-ports", "--runs-dir", str(self.runs_dir), *self.args],
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                env={**os.environ, **self.env}, start_new_session=True,
            )
        _STARTED.append(self)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with open(log_path, "rb") as f:
                f.seek(offset)
                text = f.read().decode("utf-8", "replace")
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited ({self.proc.returncode}): {text[-2000:]}")
            found = URL_LINE.search(text)
            if found:
                self.url = found.group(1)
                try:
                    if httpx.get(self.base + "/health", timeout=2).status_code == 200:
                        return self
                except httpx.HTTPError:
                    pass
            time.sleep(0.2)
        self.kill()
        raise RuntimeError(f"server did not start in {timeout:.0f} s: {log_path.read_text()[-2000:]}")

    def health(self) -> dict:
        """The server's `/health` body."""
        return httpx.get(self.base + "/health", timeout=10).json()

    def log_tail(self, chars: int = 3000) -> str:
        path = self.runs_dir / self.log_name
        return path.read_text(errors="replace")[-chars:] if path.exists() else ""

    def tree(self) -> list[psutil.Process]:
        """The server and all its descendants (Playwright's driver, every Chromium process)."""
        try:
            root = psutil.Process(self.pid)
            return [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def chromium_main(self) -> psutil.Process | None:
        """Chromium's browser process: a Chromium descendant without a `--type=` switch."""
        mains = self.chromium_mains()
        return mains[0] if mains else None

    def chromium_mains(self) -> list[psutil.Process]:
        """Every Chromium browser process (no `--type=`) in the tree: one, unless a second was launched."""
        out = []
        for p in self.tree():
            try:
                cmd = p.cmdline()
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                continue
            if cmd and Path(cmd[0]).name in CHROMIUM_NAMES and not any(a.startswith("--type=") for a in cmd):
                out.append(p)
        return out

    def stop(self, timeout: float = 30) -> None:
        """SIGTERM, then SIGKILL of the whole tree if it does not exit in time."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()

    def kill(self) -> None:
        """SIGKILL the server and every descendant at once (as a machine failure would)."""
        if self.proc is None:
            return
        procs = self.tree()
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)  # its own session: Chromium included
        except (ProcessLookupError, PermissionError):
            pass
        for p in procs:
            try:
                p.kill()
            except psutil.NoSuchProcess:
                pass
        psutil.wait_procs(procs, timeout=10)
        self.proc.wait(10)


@atexit.register
def _kill_leftovers() -> None:
    for server in _STARTED:
        if server.proc is not None and server.proc.poll() is None:
            server.kill()
