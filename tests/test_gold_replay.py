"""Gold replay through the real MCP transports. Over stdio, `mag tasks verify` of the longest task
of every template (both groundings, the no-op floor and the negatives: tests/gold_sample.py); the
rest of the suite through the verification record, which must be current for every task (the task
and its sites unchanged since `mag tasks verify --record` replayed it). Over streamable HTTP, a
task of every site and of the cross-site tasks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mag_core.transcripts import read_transcript
from mag_mcp.agents.gold import AGENTS
from mag_mcp.agents.runner import run_agent
from mag_mcp.tasks.registry import TaskRegistry
from mag_mcp.tasks.verification import load_record, stale_tasks

pytestmark = pytest.mark.anyio
# Replaying gold (and the HTTP server's first start, which builds every seed) takes minutes on
# two cores; the suite-wide 300 s limit is for ordinary tests.
REPLAY_TIMEOUT = pytest.mark.timeout(2400)


def test_suite_shape(shop_tasks):
    kinds = [t.mag.tags.kind for t in shop_tasks]
    assert len(shop_tasks) >= 12
    assert kinds.count("information") >= 3 and kinds.count("navigation") >= 3 and kinds.count("state_change") >= 6
    assert sum(t.gold_length("coord") > 9 for t in shop_tasks) >= 3
    for t in shop_tasks:
        assert {"som", "coord"} <= set(t.mag.gold)
        assert all(t.gold_length(g) < 30 for g in ("som", "coord"))
    # a template instantiated many times does not repeat one guide for every task
    by_template: dict[int, set[str]] = {}
    for t in shop_tasks:
        guides = " | ".join(st.guide for st in t.mag.gold["som"].steps)
        by_template.setdefault(t.intent_template_id, set()).add(guides)
    assert all(len(v) > 1 for k, v in by_template.items() if sum(t.intent_template_id == k for t in shop_tasks) > 1)


def assert_nothing_refused(verify_dir: Path) -> None:
    """No gold step was refused anything: neither by the in-browser guards nor by the context's
    refusing proxy (which would also catch Chromium's own traffic, were any left on)."""
    episodes = json.loads((verify_dir / "gold" / "results.json").read_text())["episodes"]
    refused = [(e["task_id"], e["grounding"], r["blocked"]) for e in episodes
               for r in read_transcript(Path(e["transcript"])) if r["type"] == "step" and r.get("blocked")]
    assert not refused, refused[:5]


@REPLAY_TIMEOUT
def test_gold_sample_verifies_over_stdio(gold_sample):
    """`mag tasks verify`: gold succeeds in both groundings, the no-op fails navigation and state tasks,
    no negative passes, for the longest task of every template."""
    assert gold_sample.returncode == 0, gold_sample.log
    suite = TaskRegistry.builtin().tasks
    data = json.loads((gold_sample.out / "gold" / "results.json").read_text())
    assert data["success_rate"] == 1.0 and len(data["episodes"]) == 2 * len(gold_sample.task_ids)
    assert {"task_id", "grounding", "success", "steps"} <= set(data["episodes"][0])
    assert {s for i in gold_sample.task_ids for s in suite[i].sites} == {s for t in suite.values() for s in t.sites}
    # every gold episode left a complete transcript with one screenshot per step
    for e in data["episodes"]:
        path = Path(e["transcript"])
        records = read_transcript(path)
        assert records[0]["type"] == "header" and records[-1]["type"] == "end"
        steps = [r for r in records if r["type"] == "step"]
        assert len(steps) == e["steps"] == suite[e["task_id"]].gold_length(e["grounding"])
        assert records[-1]["success"] is True
        for r in steps:
            assert (path.parent / r["screenshot"]).stat().st_size > 1000
            assert r["guide"] and r["compliant"]
        assert records[0]["versions"]["chromium"]
    assert_nothing_refused(gold_sample.out)
    noop = json.loads((gold_sample.out / "noop" / "results.json").read_text())["episodes"]
    assert noop and not any(e["success"] for e in noop)


def test_every_task_is_verified_against_todays_tasks_and_sites():
    """The verification record covers the whole suite: an entry per task, made by a replay of today's
    task (gold included) on today's sites, in both groundings, with the gold's own length. After
    editing a task or a site: `mag tasks verify --stale --record`."""
    tasks = list(TaskRegistry.builtin().tasks.values())
    stale = stale_tasks(tasks)
    assert not stale, f"{len(stale)} stale, e.g. {sorted(stale.items())[:5]}: run `mag tasks verify --stale --record`"
    record = load_record()
    assert set(record.tasks) == {t.id for t in tasks}  # no entry for a task that is gone
    for t in tasks:
        entry = record.tasks[t.id]
        assert entry.gold_steps == {g: t.gold_length(g) for g in ("som", "coord")}, t.id
        assert entry.noop_checked == (t.mag.tags.kind in ("navigation", "state_change")), t.id
        assert entry.negatives == len(t.mag.negatives), t.id


@REPLAY_TIMEOUT
async def test_gold_over_http(http_server, tmp_path):
    """Gold over streamable HTTP: the first task of every site and of the cross-site tasks."""
    url, runs = http_server
    first: dict[object, object] = {}
    for t in TaskRegistry.builtin().tasks.values():
        first.setdefault(tuple(t.sites) if len(t.sites) == 1 else "cross", t)
    tasks = list(first.values())
    assert len(tasks) >= 7
    res = await run_agent("gold", AGENTS["gold"], tasks, ["som", "coord"], tmp_path / "gold-http", servers=[url],
                          concurrency=3)
    failed = [(e.task_id, e.grounding, e.status, e.error) for e in res.episodes if not e.success]
    assert not failed and res.success_rate == 1.0
    assert all(e.transcript and e.transcript.startswith(str(runs)) for e in res.episodes)


AUTHORING = sorted(p.stem for p in (Path(__file__).parents[1] / "mag_mcp" / "tasks" / "authoring").glob("*_tasks.py"))


@pytest.mark.parametrize("module", AUTHORING)
def test_task_file_matches_its_source(module):
    """tasks/data/<site>.json is generated from tasks/authoring/<site>_tasks.py: they never drift."""
    import importlib
    from importlib import resources

    build = importlib.import_module(f"mag_mcp.tasks.authoring.{module}").build
    name = module.removesuffix("_tasks") + ".json"
    committed = json.loads(resources.files("mag_mcp.tasks").joinpath(f"data/{name}").read_text())
    assert committed == json.loads(json.dumps(build(), ensure_ascii=False))


def test_builtin_registry_loads():
    from mag_mcp.tasks.registry import TaskRegistry

    reg = TaskRegistry.builtin()
    assert len(reg.tasks) >= 12
    for t in reg.tasks.values():
        assert t.mag and t.mag.gold and t.mag.tags.kind, t.id


def test_suite_size_split_and_lengths():
    """The suite's shape (docs/TASKS.md): size, every site, cross-site, split by template, length mix."""
    from collections import Counter

    from mag_mcp.sites.registry import embedded_site_keys
    from mag_mcp.tasks.registry import TaskRegistry

    tasks = list(TaskRegistry.builtin().tasks.values())
    assert len(tasks) >= 300 and len({t.intent_template_id for t in tasks}) >= 60
    own = Counter(t.sites[0] for t in tasks if len(t.sites) == 1)
    assert all(own[s] >= 30 for s in embedded_site_keys()), own
    assert sum(len(t.sites) > 1 for t in tasks) >= 20
    splits: dict[object, set[str]] = {}
    for t in tasks:
        splits.setdefault(t.intent_template_id, set()).add(t.mag.split)
    assert all(len(v) == 1 for v in splits.values())
    test_share = sum(t.mag.split == "test" for t in tasks) / len(tasks)
    assert 0.25 <= test_share <= 0.35
    buckets = Counter(t.length_bucket("som") for t in tasks)
    assert buckets["medium"] >= 0.25 * len(tasks) and buckets["long"] >= 0.15 * len(tasks)
