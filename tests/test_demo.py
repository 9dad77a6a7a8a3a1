"""`mag demo` replays a few tasks of every site and a few cross-site ones."""

from __future__ import annotations

from collections import Counter

from mag_mcp.demo import demo_tasks
from mag_mcp.sites.registry import embedded_site_keys
from mag_mcp.tasks.registry import TaskRegistry


def test_demo_reaches_every_site_and_mixes_kinds() -> None:
    tasks = demo_tasks(TaskRegistry.builtin(), per_site=3)
    groups = Counter(t.sites[0] if len(t.sites) == 1 else "cross_site" for t in tasks)
    assert set(groups) == {*embedded_site_keys(), "cross_site"}
    assert all(n == 3 for n in groups.values())
    for site in groups:
        kinds = {t.mag.tags.kind for t in tasks if (t.sites[0] if len(t.sites) == 1 else "cross_site") == site}
        assert len(kinds) >= 2, site
