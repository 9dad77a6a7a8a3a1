"""Serve embedded sites with uvicorn on a background thread with its own event
loop, so page rendering never competes with the MCP server's loop.

A site whose server dies is restarted on the same host and port (base URLs and
episodes' cookies stay valid), and every restart is logged and recorded in
`EmbeddedSites.restarts`. A site counts as dead when:

- its server task ended: uvicorn exited (`should_exit`), failed with an
  exception, or was cancelled. The supervisor on the sites' loop sees it within
  `WATCH_INTERVAL_S`;
- the sites' event loop (the thread) ended: every site is restarted on a new
  loop. A watchdog thread sees it within `WATCH_INTERVAL_S`;
- its port refuses connections although its server looks alive (its listening
  socket was closed). The watchdog connects to every port each
  `PROBE_INTERVAL_S`; a refused connection stops that server, which is then
  restarted. A connection that is only slow to be accepted (a busy site) is
  not a death.

While a site is down, its port refuses connections, so a page load fails at
once (Chromium's `net::ERR_CONNECTION_REFUSED`) rather than hanging.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import uvicorn
from pydantic import BaseModel
from starlette.types import ASGIApp

from mag_mcp.sites.base import SiteSpec, SiteStateStore
from mag_mcp.sites.registry import site_spec
from mag_mcp.sites.reset_server import RESET_SERVER_KEY, reset_app

log = logging.getLogger(__name__)

WATCH_INTERVAL_S = 0.5  # how often ended server tasks and the loop thread are looked for
PROBE_INTERVAL_S = 2.0  # how often every site's port is probed with a TCP connect
PROBE_TIMEOUT_S = 2.0  # a connect slower than this is a busy site, not a dead one
GRACEFUL_SHUTDOWN_S = 3.0  # requests in flight when a site's server stops get this long
LOOP_EXIT = "the sites' event loop ended"


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def port_in_use(host: str, port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex((host, port)) == 0


def accepting(host: str, port: int, timeout: float = PROBE_TIMEOUT_S) -> bool:
    """Whether something listens on (host, port); a slow accept counts as listening."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except TimeoutError:
        return True
    except OSError:
        return False


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


class PortTaken(RuntimeError):
    """A site's port is held by another process (a RuntimeError, as every start-up failure here)."""

    def __init__(self, message: str, site: str, port: int) -> None:
        super().__init__(message)
        self.site = site
        self.port = port


class SiteRestart(BaseModel):
    """One restart of a site's server: why it was down and for how long."""

    site: str
    port: int
    cause: str
    down_s: float
    at: str  # when it served again (ISO 8601, UTC)


@dataclass
class SiteServer:
    """One site's app, its fixed port, and the server and socket serving it now."""

    key: str
    app: ASGIApp
    port: int
    sock: socket.socket | None = None
    server: uvicorn.Server | None = None
    task: asyncio.Task[None] | None = None
    down_since: float | None = None  # monotonic time it was found dead; None while serving
    cause: str = ""  # why it is down (or why the watchdog stopped it)

    @property
    def serving(self) -> bool:
        return self.server is not None and self.server.started and self.task is not None and not self.task.done()

    def end_cause(self) -> str:
        if self.cause:
            return self.cause
        if self.task is None:
            return "server not started"
        if self.task.cancelled():
            return "server task cancelled"
        exc = self.task.exception()
        return f"server failed: {type(exc).__name__}: {exc}"[:300] if exc else "server exited"

    def release(self) -> None:
        """Stop accepting on the old socket and end the old server's connections, whatever
        state its server and loop are in (a keep-alive connection left to a dead loop would
        take the browser's next request and never answer it)."""
        for srv in getattr(self.server, "servers", None) or []:
            try:
                srv.close()
            except RuntimeError:  # its loop is closed; closing the socket below is enough
                pass
        for conn in list(self.server.server_state.connections) if self.server is not None else []:
            raw = conn.transport.get_extra_info("socket") if getattr(conn, "transport", None) else None
            try:
                if raw is not None:
                    raw.shutdown(socket.SHUT_RDWR)
            except OSError:  # already closed
                pass
        if self.sock is not None:
            self.sock.close()
        self.sock = None


class EmbeddedSites:
    """Start the given sites; `base_urls` and `stores` describe them once started.

    ports: site -> port; 0 picks a free port; missing uses the site's default.
    reset_port: also serve the sites' reset endpoint (`reset_server`) there (0: a free port);
    `reset_url` is then its `/reset` URL.
    """

    def __init__(
        self, sites: list[str], host: str = "127.0.0.1", ports: dict[str, int] | None = None,
        home: Path | None = None, reset_port: int | None = None,
    ) -> None:
        self.host = host
        self.reset_port = reset_port
        self.reset_url: str | None = None
        self.sites = sites
        self.ports = dict(ports or {})
        self.home = home
        self.stores: dict[str, SiteStateStore] = {}
        self.base_urls: dict[str, str] = {}
        self.servers: dict[str, SiteServer] = {}
        self.restarts: list[SiteRestart] = []
        self._thread: threading.Thread | None = None
        self._watchdog: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping = threading.Event()
        self._held = threading.Event()
        self._lock = threading.Lock()  # the watchdog's loop restart against stop()

    @property
    def loop(self) -> asyncio.AbstractEventLoop | None:
        """The event loop the sites are served on (None before start)."""
        return self._loop

    def start(self, timeout: float = 30.0) -> None:
        for key in self.sites:
            spec = site_spec(key)
            wanted = self.ports.get(key, spec.default_port)
            if wanted and port_in_use(self.host, wanted):
                self._close_sockets()
                raise PortTaken(
                    f"port {wanted} for site {key} is already in use (another MAG server?). "
                    f"Stop it, choose another port, or use the running sites with --external.", key, wanted
                )
            try:
                sock = listening_socket(self.host, wanted)
            except OSError as e:
                self._close_sockets()
                message = f"cannot listen on {self.host}:{wanted} for site {key}: {e}"
                if e.errno == errno.EADDRINUSE:
                    raise PortTaken(message, key, wanted) from None
                raise RuntimeError(message) from None
            port = sock.getsockname()[1]
            store = self._store_for(spec)
            self.stores[key] = store
            self.base_urls[key] = f"http://{self.host}:{port}{spec.base_path}"
            self.servers[key] = SiteServer(key=key, app=spec.create_app(store), port=port, sock=sock)
        if self.reset_port is not None:
            self._add_reset_server(self.reset_port)
        self._stopping.clear()
        if not self._start_loop(timeout):
            self.stop()
            raise RuntimeError(f"embedded sites did not start within {timeout:.0f}s")
        self._watchdog = threading.Thread(target=self._watch, name="mag-sites-watchdog", daemon=True)
        self._watchdog.start()
        log.info("embedded sites: %s", ", ".join(f"{k}={u}" for k, u in self.base_urls.items()))

    def _add_reset_server(self, wanted: int) -> None:
        try:
            sock = listening_socket(self.host, wanted)
        except OSError as e:
            self._close_sockets()
            raise RuntimeError(f"cannot listen on {self.host}:{wanted} for the reset endpoint: {e}") from None
        port = sock.getsockname()[1]
        self.reset_url = f"http://{self.host}:{port}/reset"
        self.servers[RESET_SERVER_KEY] = SiteServer(key=RESET_SERVER_KEY, app=reset_app(dict(self.stores)), port=port,
                                                    sock=sock)

    def _store_for(self, spec: SiteSpec) -> SiteStateStore:
        """The site's own store, or the store of the site whose database it serves (shared)."""
        owner = spec.state_owner or spec.key
        for store in self.stores.values():
            if store.spec.key == owner:
                return store
        return SiteStateStore(site_spec(owner), self.home)

    # ------------------------------------------------------------ the sites' loop and its supervisor

    def _start_loop(self, timeout: float) -> bool:
        """Serve every site on a new loop thread; True once all of them serve."""
        ready = threading.Event()

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(self._serve_all(ready))
            except Exception as e:  # the loop was stopped or broke: the watchdog restarts the sites
                if not self._stopping.is_set():
                    log.error("%s: %s", LOOP_EXIT, e)
            finally:
                loop.close()

        self._thread = threading.Thread(target=run, name="mag-sites", daemon=True)
        self._thread.start()
        return ready.wait(timeout) and all(s.serving for s in self.servers.values())

    async def _serve_all(self, ready: threading.Event) -> None:
        for site in self.servers.values():
            if site.sock is not None:
                self._launch(site)
        deadline = time.monotonic() + 30
        while not all(s.serving for s in self.servers.values()) and time.monotonic() < deadline:
            if any(s.task is None or s.task.done() for s in self.servers.values()):
                break
            await asyncio.sleep(0.02)
        for site in self.servers.values():
            if site.serving and site.down_since is not None:  # back after the loop was restarted
                self._record_restart(site)
        ready.set()
        while not self._stopping.is_set():
            tasks = [s.task for s in self.servers.values() if s.task is not None and not s.task.done()]
            if tasks:
                await asyncio.wait(tasks, timeout=WATCH_INTERVAL_S, return_when=asyncio.FIRST_COMPLETED)
            else:
                await asyncio.sleep(WATCH_INTERVAL_S)
            for site in self.servers.values():
                if not self._stopping.is_set() and (site.task is None or site.task.done()):
                    await self._restart(site)
        for site in self.servers.values():
            if site.server is not None:
                site.server.should_exit = True
        await asyncio.gather(*(s.task for s in self.servers.values() if s.task), return_exceptions=True)

    def _launch(self, site: SiteServer) -> None:
        config = uvicorn.Config(
            site.app, host=self.host, port=site.port, log_level="warning", access_log=False, lifespan="off",
            timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_S,
        )
        site.server = uvicorn.Server(config)
        site.task = asyncio.create_task(site.server.serve(sockets=[site.sock]), name=f"mag-site-{site.key}")

    async def _restart(self, site: SiteServer) -> None:
        """A site found dead: serve it again on its port (unless restarts are held)."""
        if site.down_since is None:
            site.down_since = time.monotonic()
            site.cause = site.end_cause()
            log.error("site %s stopped serving on port %d (%s)", site.key, site.port, site.cause)
        site.release()
        if self._held.is_set():
            return
        try:
            site.sock = listening_socket(self.host, site.port)
        except OSError as e:  # the port is not free yet (or was taken): tried again next round
            log.warning("site %s cannot listen on port %d yet: %s", site.key, site.port, e)
            return
        self._launch(site)
        deadline = time.monotonic() + 10
        while site.task is not None and not site.task.done() and not site.serving and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        if site.serving:
            self._record_restart(site)

    def _record_restart(self, site: SiteServer) -> None:
        assert site.down_since is not None
        down = time.monotonic() - site.down_since
        self.restarts.append(SiteRestart(site=site.key, port=site.port, cause=site.cause, down_s=round(down, 3),
                                         at=datetime.now(UTC).isoformat(timespec="milliseconds")))
        log.warning("site %s restarted on %s:%d after %.2f s down (%s)", site.key, self.host, site.port, down,
                    site.cause)
        site.down_since, site.cause = None, ""

    # ------------------------------------------------------------ the watchdog thread

    def _watch(self) -> None:
        next_probe = time.monotonic() + PROBE_INTERVAL_S
        while not self._stopping.wait(WATCH_INTERVAL_S):
            thread = self._thread
            if thread is not None and not thread.is_alive():
                self._restart_loop()
                continue
            if self._held.is_set():
                continue
            if time.monotonic() < next_probe:
                continue
            next_probe = time.monotonic() + PROBE_INTERVAL_S
            for site in list(self.servers.values()):
                if site.serving and site.down_since is None and not accepting(self.host, site.port):
                    self._stop_server(site, f"port {site.port} refused connections")

    def _stop_server(self, site: SiteServer, cause: str) -> None:
        """Make a live-looking but dead server exit, so the supervisor restarts it."""
        loop = self._loop
        if loop is None or loop.is_closed() or self._held.is_set():
            return
        log.error("site %s: %s; restarting it", site.key, cause)

        def exit_server() -> None:
            if site.server is not None and site.down_since is None:
                site.cause = cause
                site.server.should_exit = True

        try:
            loop.call_soon_threadsafe(exit_server)
        except RuntimeError:  # the loop closed meanwhile: the loop restart covers it
            pass

    def _restart_loop(self) -> None:
        """The loop thread ended: its sockets are closed at once (a port nobody serves must
        refuse connections, not accept them and never answer), and unless restarts are held,
        every site is served again on a new loop."""
        with self._lock:
            if self._stopping.is_set():
                return
            now = time.monotonic()
            for site in self.servers.values():
                if site.down_since is None:
                    site.down_since, site.cause = now, LOOP_EXIT
                    log.error("site %s stopped serving on port %d (%s)", site.key, site.port, LOOP_EXIT)
                site.release()
            if self._held.is_set():
                return
            log.error("%s; restarting every site", LOOP_EXIT)
            for site in self.servers.values():
                try:
                    site.sock = listening_socket(self.host, site.port)
                except OSError as e:  # the supervisor on the new loop tries again
                    log.warning("site %s cannot listen on port %d yet: %s", site.key, site.port, e)
            self._start_loop(timeout=30)

    @contextmanager
    def restarts_held(self) -> Iterator[None]:
        """Keep sites that stop down until the block ends (maintenance, or to observe an outage);
        they are restarted right after it."""
        self._held.set()
        try:
            yield
        finally:
            self._held.clear()

    # ------------------------------------------------------------ shutdown

    def stop(self) -> None:
        with self._lock:
            self._stopping.set()
        loop = self._loop
        if loop is not None and not loop.is_closed():
            def exit_all() -> None:
                for site in self.servers.values():
                    if site.server is not None:
                        site.server.should_exit = True

            try:
                loop.call_soon_threadsafe(exit_all)
            except RuntimeError:  # closed meanwhile
                pass
        if self._thread:
            self._thread.join(timeout=10 + GRACEFUL_SHUTDOWN_S)
            self._thread = None
        if self._watchdog:
            self._watchdog.join(timeout=5)
            self._watchdog = None
        self._close_sockets()

    def _close_sockets(self) -> None:
        for site in self.servers.values():
            site.release()

    def __enter__(self) -> EmbeddedSites:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

