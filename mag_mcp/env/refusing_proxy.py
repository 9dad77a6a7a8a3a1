"""A proxy that refuses every connection, one per browser context.

Each episode's browser context sends every request that is not for one of its sites
to this proxy (chromium.context_proxy): the allowed origins bypass it. The in-browser
guards refuse what they can see first (navigations, sub-resources, a page's WebSocket);
what reaches the proxy is what they cannot see, such as a worker's WebSocket to another
local port, or a preconnect. The proxy reads the request's first line to learn where it
was going, closes the connection unanswered (the page sees a network error, never a
page of the proxy's) and tells the episode, which reports it to the agent.

A connection that sends nothing (a preconnect) is closed after `IDLE_S` with nothing
reported: no request was made.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable

log = logging.getLogger(__name__)

IDLE_S = 10.0  # a connection that sends no request line within this is closed
MAX_LINE = 8192
# `CONNECT host:port HTTP/1.1` (https and WebSockets) or `GET http://host:port/path HTTP/1.1`
_REQUEST_LINE = re.compile(rb"^([A-Z]+) (\S+) HTTP/\d(?:\.\d)?\r?$")

Report = Callable[[str], None]


def target_of(request_line: bytes) -> str | None:
    """Where a proxied request was going (`host:port`, or the absolute URL), or None."""
    found = _REQUEST_LINE.match(request_line.rstrip(b"\n"))
    if not found:
        return None
    method, target = found.group(1), found.group(2).decode("ascii", "replace")
    if method == b"CONNECT":
        return target
    return target[:200]


class RefusingProxy:
    """Listens on a loopback port; refuses and reports every request sent to it."""

    def __init__(self) -> None:
        self._server: asyncio.Server | None = None
        self._report: Report | None = None
        self._connections: set[asyncio.StreamWriter] = set()
        self._pending: list[str] = []  # refused before a listener was set (bounded)
        self.count = 0  # requests refused, ever

    @property
    def port(self) -> int:
        if self._server is None:
            raise RuntimeError("the refusing proxy is not started")
        return self._server.sockets[0].getsockname()[1]

    async def start(self) -> RefusingProxy:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0, limit=MAX_LINE)
        return self

    def on_refused(self, report: Report) -> None:
        """Call `report(target)` for each request refused from now on (targets refused
        before, while the context was being set up, are reported at once)."""
        self._report = report
        pending, self._pending = self._pending, []
        for target in pending:
            report(target)

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._connections.add(writer)
        try:
            line = await asyncio.wait_for(reader.readline(), IDLE_S)
        except (TimeoutError, ValueError, ConnectionError, asyncio.IncompleteReadError):
            line = b""  # a preconnect, or a line too long to be a request line
        finally:
            self._connections.discard(writer)
            writer.close()
        target = target_of(line) if line else None
        if target is None:
            return
        self.count += 1
        if self._report is None:
            if len(self._pending) < 100:
                self._pending.append(target)
        else:
            try:
                self._report(target)
            except Exception:  # the episode's reporting must never break the proxy
                log.exception("reporting a refused connection failed")

    async def close(self) -> None:
        if self._server is None:
            return
        self._server.close()
        for writer in list(self._connections):
            writer.close()
        self._server = None
