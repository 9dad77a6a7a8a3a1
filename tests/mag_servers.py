"""Starting real `mag serve --transport http` processes for tests (a plain module,
so test files can import it whatever the order in which conftest files load)."""

from __future__ import annotations

from pathlib import Path


def start_http_server(runs_dir: Path, *extra: str):
    """Start `mag serve --transport http` on a free port without waiting; returns (proc, port)."""
    import subprocess
    import sys

    from mag_mcp.sites.runner import free_port

    port = free_port()
    log = open(runs_dir / "server.log", "w")  # noqa: SIM115 - the server process holds it
    proc = subprocess.Popen(
        [sys.executable, "-m", "mag_mcp.cli", "serve", "--transport", "http", "--port", str(port),
         "--free-ports", "--runs-dir", str(runs_dir), "--max-episodes", "24", *extra],
        stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
    )
    return proc, port


def wait_http_server(proc, port: int, runs_dir: Path, timeout: float = 120) -> str:  # type: ignore[no-untyped-def]
    """Wait until the server answers; returns its MCP URL."""
    import time

    import httpx

    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {(runs_dir / 'server.log').read_text()[-2000:]}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
            return f"http://127.0.0.1:{port}/mcp"
        except httpx.HTTPError:
            if time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("server did not start") from None
            time.sleep(0.2)
