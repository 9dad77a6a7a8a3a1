"""The refusing proxy behind every browser context: real sockets, real Chromium rules."""

from __future__ import annotations

import anyio
import pytest
from mag_mcp.env.chromium import context_proxy
from mag_mcp.env.refusing_proxy import RefusingProxy, target_of

pytestmark = pytest.mark.anyio


def test_request_line_targets():
    assert target_of(b"CONNECT 127.0.0.1:9000 HTTP/1.1\r\n") == "127.0.0.1:9000"
    assert target_of(b"GET http://evil.example/x HTTP/1.1\r\n") == "http://evil.example/x"
    assert target_of(b"\x16\x03\x01 garbage") is None
    assert target_of(b"") is None


def test_only_the_episode_origins_bypass_the_proxy():
    proxy = context_proxy(["http://127.0.0.1:7770/admin", "http://[::1]:8023", "https://Shop.example", "nope"], 4242)
    assert proxy["server"] == "http://127.0.0.1:4242"
    assert proxy["bypass"].split(",") == ["<-loopback>", "127.0.0.1:7770", "[::1]:8023", "shop.example:443"]


async def _send(port: int, data: bytes) -> bytes:
    async with await anyio.connect_tcp("127.0.0.1", port) as stream:
        if data:
            await stream.send(data)
        else:
            await stream.send_eof()
        out = b""
        with anyio.fail_after(5):
            try:
                while True:
                    out += await stream.receive()
            except (anyio.EndOfStream, anyio.BrokenResourceError, ConnectionResetError):
                return out


async def test_refuses_reports_and_answers_nothing():
    proxy = await RefusingProxy().start()
    seen: list[str] = []
    try:
        assert await _send(proxy.port, b"CONNECT 127.0.0.1:1234 HTTP/1.1\r\nHost: x\r\n\r\n") == b""
        proxy.on_refused(seen.append)  # refused before a listener was set: reported now
        assert seen == ["127.0.0.1:1234"]
        assert await _send(proxy.port, b"GET http://evil.example/ HTTP/1.1\r\n\r\n") == b""
        assert await _send(proxy.port, b"") == b""  # a preconnect sends nothing: nothing to report
        await anyio.sleep(0.1)
        assert seen == ["127.0.0.1:1234", "http://evil.example/"] and proxy.count == 2
    finally:
        await proxy.close()
