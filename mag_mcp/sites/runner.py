"""Serve embedded sites with uvicorn on a background thread with its own event
loop, so page rendering never competes with the MCP server's loop."""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
import time
from pathlib import Path

import uvicorn

from mag_mcp.sites.base import SiteSpec, SiteStateStore
from mag_mcp.sites.registry import site_spec

log = logging.getLogger(__name__)


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def port_in_use(host: str, port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex((host, port)) == 0


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to (host, port) and listening; port 0 takes a free one.

    Binding before serving closes the race of `free_port`, where another process
    may take the port between choosing it and the server binding it."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


class EmbeddedSites:
    """Start the given sites; `base_urls` and `stores` describe them once started.

    ports: site -> port; 0 picks a free port; missing uses the site's default.
    """

    def __init__(
        self, sites: list[str], host: str = "127.0.0.1", ports: dict[str, int] | None = None,
        home: Path | None = None,
    ) -> None:
        self.host = host
        self.sites = sites
        self.ports = dict(ports or {})
        self.home = home
        self.stores: dict[str, SiteStateStore] = {}
        self.base_urls: dict[str, str] = {}
        self._servers: list[uvicorn.Server] = []
        self._sockets: list[socket.socket] = []
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def start(self, timeout: float = 30.0) -> None:
        apps = []
        for key in self.sites:
            spec = site_spec(key)
            wanted = self.ports.get(key, spec.default_port)
            if wanted and port_in_use(self.host, wanted):
                self._close_sockets()
                raise RuntimeError(
                    f"port {wanted} for site {key} is already in use (another MAG server?). "
                    f"Stop it, choose another port, or use the running sites with --external."
                )
            try:
                sock = listening_socket(self.host, wanted)
            except OSError as e:
                self._close_sockets()
                raise RuntimeError(f"cannot listen on {self.host}:{wanted} for site {key}: {e}") from None
            self._sockets.append(sock)
            port = sock.getsockname()[1]
            store = self._store_for(spec)
            self.stores[key] = store
            self.base_urls[key] = f"http://{self.host}:{port}{spec.base_path}"
            config = uvicorn.Config(
                spec.create_app(store), host=self.host, port=port, log_level="warning",
                access_log=False, lifespan="off",
            )
            apps.append(uvicorn.Server(config))
        self._servers = apps
        ready = threading.Event()

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            asyncio.set_event_loop(loop)

            async def main() -> None:
                tasks = [asyncio.create_task(s.serve(sockets=[sock]))
                         for s, sock in zip(self._servers, self._sockets, strict=True)]
                while not all(s.started for s in self._servers):
                    if any(t.done() for t in tasks):
                        break
                    await asyncio.sleep(0.02)
                ready.set()
                await asyncio.gather(*tasks, return_exceptions=True)

            loop.run_until_complete(main())
            loop.close()

        self._thread = threading.Thread(target=run, name="mag-sites", daemon=True)
        self._thread.start()
        if not ready.wait(timeout) or not all(s.started for s in self._servers):
            raise RuntimeError(f"embedded sites did not start within {timeout:.0f}s")
        log.info("embedded sites: %s", ", ".join(f"{k}={u}" for k, u in self.base_urls.items()))

    def _store_for(self, spec: SiteSpec) -> SiteStateStore:
        """The site's own store, or the store of the site whose database it serves (shared)."""
        owner = spec.state_owner or spec.key
        for store in self.stores.values():
            if store.spec.key == owner:
                return store
        return SiteStateStore(site_spec(owner), self.home)

    def stop(self) -> None:
        for s in self._servers:
            s.should_exit = True
        if self._thread:
            self._thread.join(timeout=10)
            self._thread = None
        self._close_sockets()

    def _close_sockets(self) -> None:
        for sock in self._sockets:
            sock.close()
        self._sockets = []

    def __enter__(self) -> EmbeddedSites:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def wait_until_serving(urls: list[str], timeout: float = 30.0) -> None:
    import httpx

    deadline = time.monotonic() + timeout
    for url in urls:
        while True:
            try:
                httpx.get(url, timeout=2)
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{url} is not answering") from None
                time.sleep(0.2)
