"""Peers that `make bench` measures MAG against: BrowserGym and Playwright MCP.

Both are installed apart from MAG's own environment (`python -m bench.peers.setup`):
BrowserGym pins an older Playwright, and Playwright MCP is a Node package.
"""

from __future__ import annotations

from pathlib import Path

from mag_mcp.env.chromium import system_chromium


class PeerUnavailable(RuntimeError):
    """A peer cannot run here (not installed, or no Chromium); the message says why."""


def peer_chromium(chromium: str | Path | None, peer: str) -> Path:
    """The Chromium a peer drives: the one given (MAG's own), else the system's."""
    path = Path(chromium) if chromium else system_chromium()
    if path is None or not path.exists():
        raise PeerUnavailable(f"no system Chromium for {peer} (install chromium or set MAG_CHROMIUM)")
    return path
