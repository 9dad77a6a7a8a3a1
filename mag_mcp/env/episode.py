"""Episode life cycle: start, observe, act (budget and early stop), stop,
check, transcript (DESIGN §3, §6)."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio
from playwright.async_api import Error as PlaywrightError

from evaluators.checkers import CheckContext, check_task
from mag_core.observations import EpisodeStatus, Mark, Observation
from mag_core.protocol import MAX_CONSECUTIVE_NONCOMPLIANT, MAX_REPEATED_ACTION, MAX_STEPS, Action
from mag_core.tasks import Grounding, Task, resolve_placeholders
from mag_core.transcripts import EpisodeOutcome, StepRecord, TranscriptHeader
from mag_mcp.env.actions import ActionError, execute
from mag_mcp.env.page_probe import PlaywrightProbe, shop_api_credentials
from mag_mcp.env.session import BrowserSession, Snapshot
from mag_mcp.env.site_access import Lease
from mag_mcp.env.tab_health import TabTrouble
from mag_mcp.env.transcript import TranscriptWriter
from mag_mcp.sites.base import SiteStateStore

log = logging.getLogger(__name__)


class EpisodeError(Exception):
    """A request about an episode that cannot be served (unknown, finished, wrong grounding)."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass
class Episode:
    id: str
    run_id: str
    agent: str
    task: Task
    grounding: Grounding
    session: BrowserSession
    writer: TranscriptWriter
    base_urls: dict[str, str]
    state_keys: dict[str, str]  # site -> state key, for embedded sites
    stores: dict[str, SiteStateStore]
    versions: dict[str, str]
    checks_revealed: bool = False  # recorded in the header: see EnvConfig.reveal_checks
    # Its hold on live deployments' sites (`site_access`), released with its context; its record
    # (deployment URLs, versions, resets, the state met) goes into the header.
    lease: Lease | None = None

    def __post_init__(self) -> None:
        self.lock = anyio.Lock()
        self.steps: list[StepRecord] = []
        self.status: EpisodeStatus = "running"
        self.outcome: EpisodeOutcome | None = None
        self.finalizing = False  # ended, its check and transcript end record still being written
        self.last_error: str | None = None
        self._consecutive_noncompliant = 0
        self._snapshot: Snapshot | None = None
        self.last_activity = time.monotonic()
        self.timings: dict[str, float] = {}  # phases of the last step, ms (for benchmarks)

    # ------------------------------------------------------------ life cycle

    @property
    def finished(self) -> bool:
        return self.status != "running"

    @property
    def steps_left(self) -> int:
        return max(0, MAX_STEPS - len(self.steps))

    async def start(self) -> tuple[Observation, bytes]:
        """Record the header and take the first observation (the start pages are already open)."""
        header = TranscriptHeader(
            episode_id=self.id, run_id=self.run_id, task_id=self.task.id,
            task=self.task.model_dump(mode="json", exclude_none=True), grounding=self.grounding,
            agent=self.agent, versions=self.versions, base_urls=self.base_urls, started_at=_now(),
            writer=self.writer.writer_id, checks_revealed=self.checks_revealed,
            deployment=self.lease.record if self.lease is not None else None,
        )
        await self.writer.record(header)
        try:
            return await self._observe()
        finally:
            self.last_activity = time.monotonic()  # the idle clock starts when reset answers

    @asynccontextmanager
    async def _call(self) -> AsyncIterator[None]:
        """A client's call: holds the episode's lock; the idle clock restarts when the call begins
        and again when it ends (a slow step is not idle time)."""
        async with self.lock:
            self.last_activity = time.monotonic()
            try:
                yield
            finally:
                self.last_activity = time.monotonic()

    async def observe(self) -> tuple[Observation, bytes]:
        async with self._call():
            if self.finished:
                return self._final_observation()
            return await self._observe()

    async def act(
        self, action: Action | None, guide: str | None, raw_output: str | None, parse_error: str | None = None
    ) -> tuple[Observation, bytes]:
        """One step. `action=None` is a non-compliant output (`parse_error` says why)."""
        async with self._call():
            self._ensure_running()
            if action is not None and action.kind == "stop":
                await self._stop(action.text or "", guide, raw_output)
                return self._final_observation()
            t0 = time.perf_counter()
            self.session.timings.clear()
            snap = self._snapshot or await self._take_snapshot()
            error = parse_error
            target = None
            t_target = t0
            if action is None:
                self._consecutive_noncompliant += 1
            else:
                self._consecutive_noncompliant = 0
                target = await self._target_of(action, snap)
                t_target = time.perf_counter()
                if action.kind == "goto" and action.text:  # `__SHOPPING__/...` as in task files and demos
                    action = action.model_copy(update={"text": resolve_placeholders(action.text, self.base_urls)})
                try:
                    await execute(self.session, action, snap.marks)
                except ActionError as e:
                    error = str(e)
            blocked = self.session.take_blocked()
            if blocked and not error:
                error = "blocked: " + "; ".join(blocked)
            t_record = time.perf_counter()
            await self._record_step(
                snap, action, guide, raw_output, action is not None, error, blocked, t0, target
            )
            t_observe = time.perf_counter()
            self.last_error = error
            status = self._early_stop_status()
            if status:
                await self._finish(status, "")
                return self._final_observation()
            obs, png = await self._observe()
            t_end = time.perf_counter()
            self.timings = {
                "target": (t_target - t0) * 1000, **self.session.timings,
                "record": (t_observe - t_record) * 1000, "total": (t_end - t0) * 1000,
            }
            return obs, png

    async def stop(self, answer: str, guide: str | None = None, raw_output: str | None = None) -> EpisodeOutcome:
        async with self._call():
            self._ensure_running()
            await self._stop(answer, guide, raw_output)
            assert self.outcome is not None
            return self.outcome

    async def abort(self, reason: str) -> None:
        """End an episode that can't go on (server shutdown, the agent gives up); still checked and recorded."""
        async with self.lock:
            if not self.finished:
                self.last_error = reason
                await self._finish("error", "")

    def idle_s(self, now: float | None = None) -> float:
        """Seconds since the last call on this episode."""
        return (time.monotonic() if now is None else now) - self.last_activity

    async def reclaim_if_idle(self, ttl_s: float) -> bool:
        """End the episode as `abandoned` when no call came for longer than `ttl_s` (its client is
        presumed gone): checked, recorded and its context closed like any other ending. The idle
        time is measured again under the lock, so a call that got in first keeps the episode."""
        if self.finished or self.idle_s() <= ttl_s:
            return False
        async with self.lock:
            idle = self.idle_s()
            if self.finished or idle <= ttl_s:
                return False
            self.last_error = (f"abandoned after {idle:.0f} s without a call, longer than the idle time-to-live "
                               f"of {ttl_s:g} s: its client is presumed gone")
            with anyio.CancelScope(shield=True):  # a shutdown meanwhile must not leave it half-finalized
                await self._finish("abandoned", "")
            return True

    def finished_message(self) -> str:
        """Why a call on this finished episode is refused, and what to do instead."""
        why = self.last_error if self.status == "abandoned" and self.last_error else self.status
        return f"episode {self.id} is finished ({why}); call reset for a new one"

    # ------------------------------------------------------------ internals

    def _ensure_running(self) -> None:
        if self.finished:
            raise EpisodeError(self.finished_message())

    async def _stop(self, answer: str, guide: str | None, raw_output: str | None) -> None:
        snap = self._snapshot or await self._take_snapshot()
        action = Action(kind="stop", text=answer)
        await self._record_step(snap, action, guide, raw_output, True, None, [], time.perf_counter())
        await self._finish("stopped", answer)

    def _early_stop_status(self) -> EpisodeStatus | None:
        if self._consecutive_noncompliant >= MAX_CONSECUTIVE_NONCOMPLIANT:
            return "early_stop_noncompliant"
        recent = [s.action_text for s in self.steps[-MAX_REPEATED_ACTION:]]
        if len(recent) == MAX_REPEATED_ACTION and recent[0] is not None and len(set(recent)) == 1:
            return "early_stop_repeated"
        if len(self.steps) >= MAX_STEPS:
            return "budget_exhausted"
        return None

    async def _target_of(self, action: Action, snap: Snapshot) -> Mark | None:
        """What the action is aimed at, for the transcript (scoring aligns on it)."""
        if action.mark is not None:
            mark = next((m for m in snap.marks if m.id == action.mark), None)
            if mark is None:
                return None
            found = await self.session.marked_element(mark.id)  # adds the locator candidates
            return mark.model_copy(update={"locator": found.locator}) if found else mark
        if action.x is not None and action.y is not None and action.kind != "scroll":
            return await self.session.element_at(action.x, action.y)
        return None

    async def _take_snapshot(self) -> Snapshot:
        self._snapshot = await self.session.snapshot(with_marks=self.grounding == "som")
        return self._snapshot

    async def _observe(self) -> tuple[Observation, bytes]:
        snap = await self._take_snapshot()
        blocked = self.session.take_blocked()
        obs = Observation(
            episode_id=self.id, task_id=self.task.id, intent=self.task.intent, grounding=self.grounding,
            step=len(self.steps), steps_left=self.steps_left, url=snap.url, title=snap.title, tabs=snap.tabs,
            marks=snap.marks, last_error=self.last_error, blocked=blocked,
        )
        return obs, snap.png

    def _final_observation(self) -> tuple[Observation, bytes]:
        snap = self._snapshot
        obs = Observation(
            episode_id=self.id, task_id=self.task.id, intent=self.task.intent, grounding=self.grounding,
            step=len(self.steps), steps_left=self.steps_left, url=snap.url if snap else "",
            title=snap.title if snap else "", tabs=snap.tabs if snap else [], marks=[],
            last_error=self.last_error, status=self.status, done=True,
        )
        png = snap.png if snap else b""
        if snap is not None:
            # finished episodes stay in memory (transcript views, replays): the last screenshot
            # goes out once, with the outcome, then is dropped (the transcript has it on disk)
            snap.png = b""
        return obs, png

    async def _record_step(
        self, snap: Snapshot, action: Action | None, guide: str | None, raw_output: str | None,
        compliant: bool, error: str | None, blocked: list[str], t0: float, target: Mark | None = None,
    ) -> None:
        index = len(self.steps) + 1
        shot = f"step_{index:03d}.png"
        await self.writer.screenshot(shot, snap.png)
        rec = StepRecord(
            index=index, url=snap.url, tabs=[t.title for t in snap.tabs], marks=snap.marks, screenshot=shot, action=action,
            action_text=action.render() if action else None, guide=guide, raw_output=raw_output,
            compliant=compliant, error=error, blocked=blocked, target=target, page_numbers=snap.page_numbers,
            elapsed_ms=round((time.perf_counter() - t0) * 1000, 1),
        )
        self.steps.append(rec)
        await self.writer.record(rec)

    async def _finish(self, status: EpisodeStatus, answer: str) -> None:
        self.status = status  # no call gets in from here on; `finalizing` until the transcript ends
        self.finalizing = True
        try:
            await self._check_and_record(status, answer)
        finally:
            self.finalizing = False

    async def _check_and_record(self, status: EpisodeStatus, answer: str) -> None:
        final_url = ""
        check: dict[str, Any] | None = None
        score, success = 0.0, False
        try:
            final_url = (await self.session.ensure_page()).url
            ctx = CheckContext(
                answer=answer, final_url=final_url, base_urls=self.base_urls,
                page=PlaywrightProbe(self.session), state_db=self._state_path,
                seed_db=self._seed_path, embedded=set(self.stores),
                shopping_api=shop_api_credentials(embedded="shopping" in self.state_keys),
            )
            result = await check_task(self.task, ctx)
            check = result.model_dump(mode="json")
            score, success = result.score, result.success
        except (PlaywrightError, TabTrouble) as e:  # the page or the browser is gone, or hung: one line
            log.warning("checker could not read the page of %s: %s", self.id, str(e).splitlines()[0][:200])
            check = {"error": f"checker failed: {e}"}
        except Exception as e:  # a checker crash must not lose the episode
            log.exception("checker failed for %s", self.id)
            check = {"error": f"checker failed: {e}"}
        self.outcome = EpisodeOutcome(
            episode_id=self.id, task_id=self.task.id, grounding=self.grounding, status=status, answer=answer,
            steps=len(self.steps), compliant_steps=sum(s.compliant for s in self.steps), final_url=final_url,
            success=success, score=score, check=check, ended_at=_now(),
            deployment=self.lease.record if self.lease is not None else None,
        )
        await self.writer.record(self.outcome)
        await self.release()

    def _state_path(self, site: str) -> Path:
        if site not in self.state_keys:
            raise LookupError(f"no embedded state for site {site!r} (external deployment?)")
        return self.stores[site].path_for(self.state_keys[site])

    def _seed_path(self, site: str) -> Path:
        """The seed the episode's copy of `site` was made from (collateral-edit guards)."""
        if site not in self.state_keys:
            raise LookupError(f"no embedded state for site {site!r} (external deployment?)")
        return self.stores[site].seed_path

    async def release(self) -> None:
        """Close the browser context, drop the episode's state copies, let go of live sites."""
        try:
            await self.session.close()
            for site, key in self.state_keys.items():
                self.stores[site].drop(key)
            self.state_keys = {}
        finally:
            if self.lease is not None:
                await self.lease.release()
