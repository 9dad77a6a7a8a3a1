"""Who may use a shared live deployment when (`mag_mcp.env.site_access`), under concurrent
resets: readers side by side, a state change alone and after a reset, readers after a state
change only once it is reset, one reset for the sites a full reset covers, refusals, busy answers
after the wait, failed resets reported to every episode that waited for them."""

from __future__ import annotations

import anyio
import pytest

from mag_core.tasks import Task
from mag_core.tool_results import SITES_BUSY
from mag_mcp.agents.runner import Job, order_jobs
from mag_mcp.env.site_access import AccessError, ResetPolicy, SiteAccess

pytestmark = pytest.mark.anyio


def task(tid: str, sites: list[str], writes: bool) -> Task:
    return Task.model_validate({
        "sites": sites, "task_id": tid, "start_url": "__REDDIT__", "intent": tid,
        "eval": {"eval_types": ["program_html"] if writes else ["string_match"],
                 "reference_answers": None if writes else {"exact_match": "x"},
                 "program_html": [{"url": "last", "locator": "", "required_contents": {"must_include": ["x"]}}]
                 if writes else None},
    })


class Resets:
    """A reset that takes a moment and records what it reset, and whether anyone held its sites."""

    def __init__(self, access_ref: list[SiteAccess], fail: bool = False, seconds: float = 0.05) -> None:
        self.done: list[list[str]] = []
        self.held_during: list[bool] = []
        self.ref, self.fail, self.seconds = access_ref, fail, seconds

    async def __call__(self, policy: ResetPolicy) -> None:
        access = self.ref[0]
        self.held_during.append(any(access.sites[s].readers or access.sites[s].writer for s in policy.sites))
        await anyio.sleep(self.seconds)
        if self.fail:
            raise RuntimeError("HTTP 500 from the reset server")
        self.done.append(list(policy.sites))


def make(policies: dict[str, ResetPolicy], **kw) -> tuple[SiteAccess, Resets]:
    ref: list[SiteAccess] = []
    resets = Resets(ref, fail=kw.pop("fail", False))
    access = SiteAccess(policies, resets, base_urls={s: f"http://{s}.test" for s in policies}, **kw)
    ref.append(access)
    return access, resets


def url_policy(sites: list[str]) -> ResetPolicy:
    return ResetPolicy(sites=sites, how="url", target="http://reset.test/reset", source="WA_FULL_RESET")


async def test_readers_share_a_state_change_runs_alone_after_a_reset() -> None:
    full = url_policy(["reddit", "gitlab"])
    access, resets = make({"reddit": full, "gitlab": full})
    async with anyio.create_task_group() as tg:
        access.attach(tg)
        r1 = await access.acquire(task("r1", ["reddit"], False))
        r2 = await access.acquire(task("r2", ["reddit"], False))
        assert r1.record.condition == {"reddit": "unknown"} and not resets.done  # readers: no reset needed
        order: list[str] = []

        async def writer() -> None:
            w = await access.acquire(task("w", ["reddit"], True))
            order.append("writer in")
            assert w.record.condition == {"reddit": "reset"} and [r.sites for r in w.record.resets] == [
                ["reddit", "gitlab"]]
            assert w.record.changes_state and w.record.base_urls == {"reddit": "http://reddit.test"}
            await anyio.sleep(0.05)
            order.append("writer out")
            await w.release()

        async def late_reader() -> None:
            await anyio.sleep(0.02)  # arrives while the writer waits: the writer goes first
            r = await access.acquire(task("r3", ["reddit"], False))
            order.append("late reader in")
            assert r.record.condition == {"reddit": "reset"}  # reset again after the writer
            await r.release()

        tg.start_soon(writer)
        tg.start_soon(late_reader)
        await anyio.sleep(0.1)
        assert order == []  # both wait for the two readers
        await r1.release()
        await r2.release()
        with anyio.fail_after(5):
            while len(order) < 3:
                await anyio.sleep(0.01)
        tg.cancel_scope.cancel()
    assert order == ["writer in", "writer out", "late reader in"]
    assert resets.done == [["reddit", "gitlab"], ["reddit", "gitlab"]]  # one full reset before, one after
    assert resets.held_during == [False, False]  # never while an episode used the sites


async def test_state_changes_on_one_site_are_serialised_other_sites_run_alongside() -> None:
    access, resets = make({"reddit": ResetPolicy(sites=["reddit"], how="command", target="true"),
                           "gitlab": ResetPolicy(sites=["gitlab"], how="command", target="true")})
    inside: dict[str, int] = {"reddit": 0, "gitlab": 0}
    most: dict[str, int] = {"reddit": 0, "gitlab": 0}

    async def one(i: int, site: str) -> None:
        lease = await access.acquire(task(f"{site}-{i}", [site], True))
        inside[site] += 1
        most[site] = max(most[site], inside[site])
        await anyio.sleep(0.02)
        inside[site] -= 1
        await lease.release()

    async with anyio.create_task_group() as tg:
        access.attach(tg)
        async with anyio.create_task_group() as jobs:
            for i in range(4):
                for site in ("reddit", "gitlab"):
                    jobs.start_soon(one, i, site)
        tg.cancel_scope.cancel()
    assert most == {"reddit": 1, "gitlab": 1}
    assert sorted(map(tuple, resets.done)) == [("gitlab",)] * 4 + [("reddit",)] * 4  # a reset before each
    assert len(access.resets) == 8 and all(r.how == "command" and r.seconds >= 0 for r in access.resets)


async def test_no_reset_refuses_state_changes_unless_allow_dirty_which_is_recorded() -> None:
    none = {"reddit": ResetPolicy(sites=["reddit"], how="none")}
    access, _ = make(none)
    with pytest.raises(AccessError, match="changes the state of reddit.*no way to reset it.*--allow-dirty"):
        await access.acquire(task("w", ["reddit"], True))
    reader = await access.acquire(task("r", ["reddit"], False))  # reading is fine
    await reader.release()

    dirty, resets = make(none, allow_dirty=True)
    first = await dirty.acquire(task("w1", ["reddit"], True))
    assert first.record.condition == {"reddit": "unknown"} and first.record.allow_dirty and not first.record.dirty
    await first.release()
    second = await dirty.acquire(task("w2", ["reddit"], True))
    assert second.record.condition == {"reddit": "dirty"} and second.record.dirty
    await second.release()
    assert resets.done == []


async def test_a_busy_site_answers_busy_after_the_wait_and_nothing_is_held() -> None:
    access, _ = make({"reddit": url_policy(["reddit"])}, wait_s=0.2)
    async with anyio.create_task_group() as tg:
        access.attach(tg)
        writer = await access.acquire(task("w", ["reddit"], True))
        with pytest.raises(AccessError, match=SITES_BUSY + ".*reddit is held"):
            await access.acquire(task("r", ["reddit"], False))
        assert access.sites["reddit"].readers == 0 and access.sites["reddit"].waiting_writers == 0
        await writer.release()
        await writer.release()  # idempotent
        reader = await access.acquire(task("r", ["reddit"], False))  # after a reset
        assert reader.record.condition == {"reddit": "reset"}
        await reader.release()
        tg.cancel_scope.cancel()


async def test_a_failed_reset_fails_every_waiting_episode_and_is_tried_again_later() -> None:
    access, resets = make({"reddit": url_policy(["reddit"])}, fail=True)
    errors: list[str] = []

    async def waiter(i: int) -> None:
        try:
            await access.acquire(task(f"w{i}", ["reddit"], True))
        except AccessError as e:
            errors.append(str(e))

    async with anyio.create_task_group() as tg:
        access.attach(tg)
        async with anyio.create_task_group() as jobs:
            for i in range(3):
                jobs.start_soon(waiter, i)
        assert len(errors) == 3 and all("HTTP 500 from the reset server" in e for e in errors)
        assert len(resets.held_during) == 1  # one reset for the three that waited together
        resets.fail = False
        lease = await access.acquire(task("w", ["reddit"], True))  # a later episode: tried again
        assert lease.record.condition == {"reddit": "reset"}
        await lease.release()
        tg.cancel_scope.cancel()


def test_runs_take_readers_first_then_state_changes_site_by_site() -> None:
    tasks = [task("w-reddit-1", ["reddit"], True), task("w-reddit-2", ["reddit"], True),
             task("read-1", ["gitlab"], False), task("w-gitlab-1", ["gitlab"], True), task("read-2", ["reddit"], False)]
    jobs = [Job(t, "som", 0) for t in tasks]
    assert [j.task.id for j in order_jobs(jobs)] == ["read-1", "read-2", "w-reddit-1", "w-gitlab-1", "w-reddit-2"]
