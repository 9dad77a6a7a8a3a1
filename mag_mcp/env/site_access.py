"""Who may use a shared live deployment when, and resets between state changes.

On embedded sites every episode has its own copy of the state. A live deployment (`mag serve
--external`) has one state for everybody, so, per site:
- tasks that only read (`Task.changes_state` false) run together;
- a task that changes state runs alone: it waits for the site's readers to end, and new readers
  wait for it (a waiting writer goes first);
- before a state-changing task, and before any task after one, the site is reset with its
  `ResetPolicy` (a reset URL or command; one may cover several sites, e.g. BrowserGym's
  WA_FULL_RESET covers all). The reset runs in the background once nobody uses its sites, so a
  reset that takes minutes never outlives a client's call: a reset call that has waited
  `wait_s` answers `SITES_BUSY` (nothing started) and the client calls again.
- a site without a reset refuses state-changing tasks, unless the server runs with
  `--allow-dirty`, which every transcript records.

Each episode holds a `Lease` from before its start page loads until its context closes; the
lease says what the episode met (`DeploymentRecord.condition`) and which resets it waited for.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Literal

import anyio
from anyio.abc import TaskGroup
from pydantic import BaseModel, Field

from mag_core.tasks import Task
from mag_core.tool_results import SITES_BUSY
from mag_core.transcripts import DeploymentRecord, SiteCondition, SiteReset

log = logging.getLogger(__name__)

WAIT_S = 60.0  # a reset call waits this long for its sites before answering SITES_BUSY
RESET_TIMEOUT_S = 300.0  # BrowserGym's for WA_FULL_RESET ("2-3 minutes in practice")


class ResetPolicy(BaseModel):
    """How the state of `sites` is put back (`how` "none": it is not)."""

    sites: list[str]
    how: Literal["url", "command", "none"]
    target: str = ""  # the URL to GET, or the shell command
    timeout_s: float = Field(default=RESET_TIMEOUT_S, gt=0)
    source: str = ""  # where it was configured (an option, an environment variable)

    @property
    def key(self) -> tuple[str, str, tuple[str, ...]]:
        return self.how, self.target, tuple(self.sites)

    def brief(self) -> str:
        """For a table cell: how, from where, and how many sites one reset covers."""
        if self.how == "none":
            return "none"
        scope = f", {len(self.sites)} sites at once" if len(self.sites) > 1 else ""
        return f"{self.how} from {self.source}{scope}" if self.source else f"{self.how}{scope}"


class AccessError(Exception):
    """The episode cannot use its sites: refused (no reset), a reset failed, or busy (`SITES_BUSY`)."""


RunReset = Callable[[ResetPolicy], Awaitable[None]]  # raises on failure


@dataclass
class _Site:
    policy: ResetPolicy
    condition: SiteCondition = "unknown"
    readers: int = 0
    writer: bool = False
    waiting_writers: int = 0
    resetting: bool = False  # a reset of its policy is pending or running
    reset_serial: int = 0  # len(SiteAccess.resets) after its last reset


@dataclass
class Lease:
    """An episode's hold on its live sites; `release` once its context is closed (idempotent)."""

    access: SiteAccess
    sites: list[str]
    write: bool
    record: DeploymentRecord
    released: bool = field(default=False)

    async def release(self) -> None:
        if not self.released:
            self.released = True
            await self.access._release(self)


class SiteAccess:
    def __init__(self, policies: dict[str, ResetPolicy], run_reset: RunReset, *, allow_dirty: bool = False,
                 base_urls: dict[str, str] | None = None, versions: dict[str, str] | None = None,
                 after_reset: Callable[[list[str]], None] | None = None, wait_s: float = WAIT_S) -> None:
        """`policies`: one per live site (sites sharing a reset share one policy object's key)."""
        self.sites = {s: _Site(p) for s, p in policies.items()}
        self.run_reset = run_reset
        self.allow_dirty = allow_dirty
        self.base_urls = dict(base_urls or {})
        self.versions = dict(versions or {})
        self.after_reset = after_reset
        self.wait_s = wait_s
        self.resets: list[SiteReset] = []  # every reset made, in order
        self._attempts = 0  # resets ended, failed or not
        self._failures: dict[tuple[str, str, tuple[str, ...]], tuple[int, str]] = {}  # policy key -> (attempt, why it failed)
        self._cond = anyio.Condition()
        self._tg: TaskGroup | None = None

    def attach(self, tg: TaskGroup) -> None:
        """The task group resets run in (they outlive the call that asked for them)."""
        self._tg = tg

    def covers(self, task: Task) -> bool:
        return any(s in self.sites for s in task.sites)

    def may_prepare_ahead(self, task: Task) -> bool:
        """Whether an episode of `task` may be prepared before it is asked for (a spare): only where
        nothing can change under it, not for a state change or on a site that is ever reset (its
        start page must load after the reset)."""
        live = [self.sites[s] for s in task.sites if s in self.sites]
        return not live or (not task.changes_state and all(s.policy.how == "none" for s in live))

    def refusal(self, task: Task) -> str | None:
        """Why this server refuses `task` at once (a state change on a site it cannot reset)."""
        if not task.changes_state or self.allow_dirty:
            return None
        stuck = [s for s in task.sites if s in self.sites and self.sites[s].policy.how == "none"]
        if not stuck:
            return None
        return (f"task {task.id} changes the state of {', '.join(stuck)}, and this server has no way to reset "
                f"{'it' if len(stuck) == 1 else 'them'} for the next task: give a reset (--reset-url, "
                "--reset-command, or MAG_<SITE>_RESET_URL / _COMMAND), or run with --allow-dirty (recorded in "
                "every transcript)")

    async def acquire(self, task: Task) -> Lease:
        """Hold `task`'s live sites (reading or, for a state change, alone), resetting first where
        needed; raises AccessError (SITES_BUSY after `wait_s`, the call may be sent again)."""
        why = self.refusal(task)
        if why:
            raise AccessError(why)
        sites = sorted(s for s in task.sites if s in self.sites)
        write = task.changes_state
        t0 = time.monotonic()
        seen, attempts = len(self.resets), self._attempts
        with anyio.move_on_after(self.wait_s) as scope:
            async with self._cond:
                if write:
                    for s in sites:
                        self.sites[s].waiting_writers += 1
                try:
                    while True:
                        self._raise_failures(sites, attempts)
                        pending = [s for s in sites if self._needs_reset(self.sites[s], write)]
                        if pending:
                            self._start_resets(pending)
                        elif all(self._free(self.sites[s], write) for s in sites):
                            break
                        await self._cond.wait()
                finally:
                    if write:
                        for s in sites:
                            self.sites[s].waiting_writers -= 1
                condition = {s: self._condition_now(self.sites[s], seen) for s in sites}
                for s in sites:
                    if write:
                        self.sites[s].writer = True
                    else:
                        self.sites[s].readers += 1
        if scope.cancelled_caught:
            busy = [s for s in sites if self.sites[s].writer or self.sites[s].resetting]
            what = (f"{', '.join(busy)} {'is' if len(busy) == 1 else 'are'} held by a state-changing episode "
                    "or being reset") if busy else "its sites are in use"
            raise AccessError(f"{SITES_BUSY}: {what}; waited {time.monotonic() - t0:.0f} s, nothing started. "
                              "Call reset again.")
        # the reset that gave each site the state the episode meets, when it was made while it waited
        serials = sorted({self.sites[s].reset_serial for s in sites if self.sites[s].reset_serial > seen})
        made = [self.resets[i - 1] for i in serials]
        record = DeploymentRecord(base_urls={s: self.base_urls.get(s, "") for s in sites},
                                  versions={s: v for s, v in self.versions.items() if s in sites and v},
                                  resets=made, condition=condition, allow_dirty=self.allow_dirty,
                                  changes_state=write)
        return Lease(self, sites, write, record)

    # ------------------------------------------------------------ inside the condition

    def _needs_reset(self, site: _Site, write: bool) -> bool:
        if site.policy.how == "none":
            return False
        return site.condition == "dirty" or (write and site.condition == "unknown")

    def _free(self, site: _Site, write: bool) -> bool:
        if site.writer or site.resetting:
            return False
        return site.readers == 0 if write else site.waiting_writers == 0

    def _condition_now(self, site: _Site, seen: int) -> SiteCondition:
        return "reset" if site.condition == "clean" and site.reset_serial > seen else site.condition

    def _raise_failures(self, sites: list[str], attempts: int) -> None:
        """A reset that failed since this acquirer began waiting ends its wait (a later one tries again)."""
        for s in sites:
            attempt, why = self._failures.get(self.sites[s].policy.key, (0, ""))
            if attempt > attempts:
                raise AccessError(why)

    def _start_resets(self, pending: list[str]) -> None:
        if self._tg is None:
            raise AccessError("this server cannot reset live deployments (no task group attached)")
        for s in pending:
            policy = self.sites[s].policy
            group = [k for k, v in self.sites.items() if v.policy.key == policy.key]
            if any(self.sites[k].resetting for k in group):
                continue
            for k in group:
                self.sites[k].resetting = True
            self._tg.start_soon(self._reset, policy, group)

    async def _reset(self, policy: ResetPolicy, group: list[str]) -> None:
        with anyio.CancelScope(shield=True):
            async with self._cond:  # wait until nobody uses the group's sites
                while any(self.sites[k].readers or self.sites[k].writer for k in group):
                    await self._cond.wait()
            t0 = time.monotonic()
            log.info("resetting %s: %s %s", ", ".join(group), policy.how, policy.target)
            failure = None
            try:
                with anyio.fail_after(policy.timeout_s):
                    await self.run_reset(policy)
            except TimeoutError:
                failure = f"the reset of {', '.join(group)} ({policy.how} {policy.target}) took over {policy.timeout_s:.0f} s"
            except Exception as e:  # noqa: BLE001 - reported to the episodes that wait for it
                failure = f"the reset of {', '.join(group)} ({policy.how} {policy.target}) failed: {str(e)[:300]}"
            seconds = round(time.monotonic() - t0, 2)
            if failure is None and self.after_reset is not None:
                self.after_reset(group)  # e.g. log-ins are checked again: a restored database may forget sessions
            async with self._cond:
                self._attempts += 1
                if failure is None:
                    self.resets.append(SiteReset(sites=group, how=policy.how, seconds=seconds,  # type: ignore[arg-type]
                                                 at=datetime.now(timezone.utc).isoformat(timespec="seconds")))
                    log.info("reset %s in %.1f s", ", ".join(group), seconds)
                else:
                    log.error("%s", failure)
                    self._failures[policy.key] = (self._attempts, failure)
                for k in group:
                    self.sites[k].resetting = False
                    if failure is None:
                        self.sites[k].condition = "clean"
                        self.sites[k].reset_serial = len(self.resets)
                self._cond.notify_all()

    async def _release(self, lease: Lease) -> None:
        with anyio.CancelScope(shield=True):
            async with self._cond:
                for s in lease.sites:
                    site = self.sites[s]
                    if lease.write:
                        site.writer = False
                        site.condition = "dirty"
                    else:
                        site.readers -= 1
                self._cond.notify_all()
