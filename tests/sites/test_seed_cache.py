"""The seed cache key covers everything a site's seed is built from, so an edit to the shared
world (or to another site's module a seed imports) rebuilds the seed instead of reusing it."""

from __future__ import annotations

from pathlib import Path

import pytest

from mag_mcp.sites import base
from mag_mcp.sites.registry import embedded_site_keys, site_spec

SITES = Path(base.__file__).parent


@pytest.mark.parametrize("key", embedded_site_keys())
def test_seed_sources_include_the_shared_world(key: str) -> None:
    sources = base._seed_sources(SITES / key)
    assert SITES / "world.py" in sources
    assert set((SITES / key).glob("*.py")) <= set(sources)
    assert not [p for p in sources if p.parent == SITES and p.name in ("registry.py", "runner.py")]


def test_admin_seed_follows_the_shop_it_extends() -> None:
    assert SITES / "shopping" / "seed.py" in base._seed_sources(SITES / "shopping_admin")


def test_digest_changes_when_a_shared_source_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    build = site_spec("reddit").build_seed
    before = base._source_digest(build)
    world = SITES / "world.py"
    real_read = Path.read_bytes

    def edited(self: Path) -> bytes:
        data = real_read(self)
        return data + b"\n# edited\n" if self == world else data

    monkeypatch.setattr(Path, "read_bytes", edited)
    assert base._source_digest(build) != before
