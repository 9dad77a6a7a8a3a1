"""The WebArena template map (mag_mcp/tasks/webarena/map.json): every one of WebArena's 190
intent templates exactly once, every MAG template it names in the suite, and broken maps refused
with a clear message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mag_mcp.tasks.registry import TaskRegistry
from mag_mcp.tasks.webarena_map import (
    WEBARENA_TEMPLATES,
    load_map,
    map_path,
    map_problems,
    webarena_template_ids,
)

FIXTURE = Path(__file__).parent / "fixtures" / "webarena" / "test.raw.json"


def webarena_configs() -> list[dict]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_map_covers_webarena_and_names_suite_templates() -> None:
    wmap = load_map()
    ids = webarena_template_ids(webarena_configs())
    assert len(ids) == WEBARENA_TEMPLATES
    suite = set(TaskRegistry.builtin().templates())
    assert map_problems(wmap, suite, ids) == []
    assert sum(wmap.counts().values()) == WEBARENA_TEMPLATES


def test_map_quotes_webarena_faithfully() -> None:
    """Each entry's sites and intent template are WebArena's own."""
    first: dict[int, dict] = {}
    for c in webarena_configs():
        first.setdefault(c["intent_template_id"], c)
    for e in load_map().templates:
        assert e.sites == first[e.webarena]["sites"], e.webarena
        assert e.intent_template == first[e.webarena]["intent_template"], e.webarena


def test_map_problems_name_what_is_wrong() -> None:
    wmap = load_map()
    suite = set(TaskRegistry.builtin().templates())
    some_mag = next(iter(wmap.mag_templates()))
    problems = map_problems(wmap, suite - {some_mag}, webarena_template_ids(webarena_configs()) | {99999})
    assert any(str(some_mag) in p and "not in the suite" in p for p in problems)
    assert any("99999" in p and "missing from the map" in p for p in problems)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["templates"].append(dict(d["templates"][0])), "more than once"),
    (lambda d: d["templates"][0].update(status="mapped", mag=[]), "names no MAG template"),
    (lambda d: d["templates"][0].update(status="none", mag=[], reason=""), "say why"),
    (lambda d: d["templates"][0].update(status="unmapped_yet", mag=[9001]), "names MAG templates"),
])
def test_broken_maps_are_refused(tmp_path: Path, change, message) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(map_path().read_text(encoding="utf-8"))
    change(data)
    broken = tmp_path / "map.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        load_map(broken)


def test_unreadable_map_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "map.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="cannot read the WebArena map"):
        load_map(bad)
