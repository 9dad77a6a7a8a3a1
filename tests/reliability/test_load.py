"""The load section at test scale: agents at once on one real server, each episode's
database compared with what its agent did, memory back to idle afterwards."""

from __future__ import annotations

import pytest

from soak import load

pytestmark = pytest.mark.anyio


async def test_load_without_errors_or_crosstalk():
    section = await load.run("test")
    assert section.passed, section.failures()
    plan = load.PLANS["test"]
    assert section.steps_run == 2 * plan.agents * plan.steps  # the warm-up load has the same shape
    assert section.episodes_run >= 2 * plan.agents  # warm-up episodes, then the load's
    assert {c.name for c in section.checks} >= {"no errors", "no cross-talk: each episode's database holds exactly its own changes"}
    assert section.details["idle_memory_trims"] >= 3  # memory handed back after the first episode and each load
    assert section.details["memory_after"]["pss_by_role_mb"]["playwright driver"] > 0
