"""The shop's store (seed and content databases), built once per test session and shared.

The shop's world takes seconds to build (tens of thousands of products) and its store seconds
to open (the source digest); `shop_store()` gives every test the session's store with a fresh
default state and no episode states left from earlier tests, so only the small per-state
copy is made per test.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from mag_mcp.sites.base import DEFAULT_STATE_KEY, SiteStateStore
from mag_mcp.sites.shopping import SITE

_SESSION_ROOT = Path(os.environ["MAG_HOME"]) / "shop-session"
_LOCK = threading.Lock()
_STORE: list[SiteStateStore] = []


def shop_store() -> SiteStateStore:
    """The session's shop store, reset: the default state copied anew, episode states dropped."""
    with _LOCK:
        if not _STORE:
            _STORE.append(SiteStateStore(SITE, root=_SESSION_ROOT))
        store = _STORE[0]
        for f in store.root.glob("*.sqlite"):
            if f.stem != DEFAULT_STATE_KEY:
                store.drop(f.stem)
        store.create(DEFAULT_STATE_KEY)
        return store
