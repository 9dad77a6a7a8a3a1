"""The forum's seed for tests: built once per machine into MAG's seed cache (the same files every
test run and every server reuse while the sources are unchanged), linked into each test's own
store so that no test sees another's writes."""

from __future__ import annotations

import os
import shutil
from functools import cache
from pathlib import Path

from mag_mcp.sites.base import SiteStateStore, mag_home
from mag_mcp.sites.reddit import SITE


@cache
def seed_files() -> tuple[Path, Path]:
    """(mutable seed, content database), built if this version of the sources has none yet."""
    store = SiteStateStore(SITE, root=mag_home())
    assert store.content_path is not None
    return store.seed_path, store.content_path


def make_store(root: Path) -> SiteStateStore:
    """A store under `root` whose seed and content are the cached ones (hard links, or copies)."""
    seeds = root / "seeds"
    seeds.mkdir(parents=True, exist_ok=True)
    for f in seed_files():
        target = seeds / f.name
        if not target.exists():
            try:
                os.link(f, target)
            except OSError:
                shutil.copyfile(f, target)
    return SiteStateStore(SITE, root=root)
