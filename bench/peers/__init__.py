"""Peers that `make bench` measures MAG against: BrowserGym and Playwright MCP.

Both are installed apart from MAG's own environment (`python -m bench.peers.setup`):
BrowserGym pins an older Playwright, and Playwright MCP is a Node package.
"""

from __future__ import annotations


class PeerUnavailable(RuntimeError):
    """A peer cannot run here (not installed, or no Chromium); the message says why."""
