"""Ports: servers bind their sockets before serving, so a port cannot be taken in
between; a port that is already taken gives a clear error, not a traceback."""

from __future__ import annotations

import socket
import subprocess
import sys

import httpx
import pytest

from mag_mcp.sites.runner import EmbeddedSites, listening_socket


@pytest.fixture
def taken_port():
    with listening_socket("127.0.0.1", 0) as sock:
        yield sock.getsockname()[1]


def test_listening_socket_accepts_connections_on_the_port_it_reports():
    with listening_socket("127.0.0.1", 0) as sock:
        port = sock.getsockname()[1]
        assert port > 0
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            pass
        with pytest.raises(OSError):
            listening_socket("127.0.0.1", port)


def test_embedded_site_on_a_free_port_serves_it(tmp_path):
    with EmbeddedSites(["wikipedia"], ports={"wikipedia": 0}, home=tmp_path) as sites:
        url = sites.base_urls["wikipedia"]
        assert httpx.get(url, timeout=10).status_code == 200


def test_embedded_site_on_a_taken_port_names_the_port(tmp_path, taken_port):
    sites = EmbeddedSites(["wikipedia"], ports={"wikipedia": taken_port}, home=tmp_path)
    with pytest.raises(RuntimeError, match=f"port {taken_port} for site wikipedia is already in use"):
        sites.start()


def test_serve_on_a_taken_port_fails_at_once_with_a_clear_error(tmp_path, taken_port):
    proc = subprocess.run(
        [sys.executable, "-m", "mag_mcp.cli", "serve", "--transport", "http", "--port", str(taken_port),
         "--sites", "none", "--runs-dir", str(tmp_path)],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 2
    assert f"cannot listen on 127.0.0.1:{taken_port}" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_health_endpoint_answers_without_authentication(tmp_path):
    import re
    import time

    log = tmp_path / "server.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "mag_mcp.cli", "serve", "--transport", "http", "--port", "0",
                                 "--sites", "none", "--runs-dir", str(tmp_path)],
                                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while not (found := re.search(r"MAG MCP server on (http://\S+)/mcp", log.read_text())):
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()[-2000:]
            time.sleep(0.2)
        while True:
            try:
                r = httpx.get(found.group(1) + "/health", timeout=2)
                if r.status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, log.read_text()[-2000:]
            time.sleep(0.2)
        body = r.json()
        assert body["status"] == "ok" and body["sites"] == [] and body["tasks"] > 300
        assert body["running_episodes"] == 0 and body["max_episodes"] > 0
    finally:
        proc.terminate()
        proc.wait(timeout=20)
