"""The episodes fuzz cases aim at: one live episode per grounding, one finished per grounding,
and a canary the cases never touch, which must keep acting normally between batches.

Cases name episodes by reference (`<live:som>` ...); `resolve` turns a case's references into
ids, and `after` keeps the pool whole: a live episode a case ended (stop, abandon, budget, an
early stop) is replaced, and an episode a fuzzed `reset` started is ended at once, so the
server's episode limit is never reached by leftovers.
"""

from __future__ import annotations

import secrets
from typing import Any

from soak.fuzz_calls import CallOutcome, Caller
from soak.fuzz_cases import FuzzCase
from soak.fuzz_strategies import FINISHED, LIVE, UNKNOWN

GROUNDINGS = ("som", "coord")
RUN_ID = "fuzz"


class PoolError(RuntimeError):
    """The pool could not start or replace an episode: the server is not serving."""


class EpisodePool:
    def __init__(self, caller: Caller, task_id: str) -> None:
        self.caller = caller
        self.task_id = task_id
        self.live: dict[str, str] = {}
        self.finished: dict[str, str] = {}
        self.canary = ""
        self.canary_steps = 0
        self.episodes_started = 0
        self.spawned_ended = 0  # episodes started by fuzzed resets, ended by the pool

    async def start(self) -> None:
        for g in GROUNDINGS:
            ended = await self._reset(g)
            await self._call("stop", {"episode_id": ended, "answer": ""})
            self.finished[g] = ended
            self.live[g] = await self._reset(g)
        self.canary = await self._reset("som")

    async def _call(self, name: str, args: dict[str, Any]) -> CallOutcome:
        out = await self.caller.call_tool(name, args)
        if out.is_error or out.transport_error:
            raise PoolError(f"{name} failed: {out.transport_error or out.text[:300]}")
        return out

    async def _reset(self, grounding: str) -> str:
        out = await self._call("reset", {"task_id": self.task_id, "grounding": grounding, "run_id": RUN_ID})
        self.episodes_started += 1
        return str((out.structured or {})["observation"]["episode_id"])

    def resolve(self, case: FuzzCase) -> tuple[Any, str | None]:
        """The case's arguments with episode references replaced by ids; and the episode aimed at."""
        refs = {**{LIVE[g]: i for g, i in self.live.items()}, **{FINISHED[g]: i for g, i in self.finished.items()},
                UNKNOWN: secrets.token_hex(8)}
        args = case.arguments
        if not isinstance(args, dict) or not isinstance(args.get("episode_id"), str):
            return args, None
        episode = refs.get(args["episode_id"], args["episode_id"])
        return {**args, "episode_id": episode}, episode

    async def after(self, case: FuzzCase, episode: str | None, out: CallOutcome) -> None:
        """Keep the pool whole after a case."""
        if case.target.name == "reset" and not out.is_error and out.structured:
            spawned = out.structured.get("observation", {}).get("episode_id")
            if spawned:
                await self._call("abandon", {"episode_id": spawned, "reason": "started by a fuzzed reset"})
                self.spawned_ended += 1
        for g, live in list(self.live.items()):
            if episode == live and self._ended(case, out):
                self.live[g] = await self._reset(g)

    @staticmethod
    def _ended(case: FuzzCase, out: CallOutcome) -> bool:
        if out.is_error:
            return "is finished" in out.text
        if case.target.name in ("stop", "abandon"):
            return True
        observation = (out.structured or {}).get("observation") or {}
        return bool(observation.get("done"))

    async def canary_step(self) -> str | None:
        """One normal step of the canary (scrolling down and up by turns); None if it went normally."""
        direction = "down" if self.canary_steps % 2 == 0 else "up"
        out = await self.caller.call_tool("scroll", {"episode_id": self.canary, "direction": direction,
                                                        "guide": f"Scroll {direction} the page."})
        if out.transport_error or out.is_error:
            return f"canary scroll: {out.transport_error or out.text[:300]}"
        observation = (out.structured or {}).get("observation") or {}
        if observation.get("episode_id") != self.canary or observation.get("last_error"):
            return f"canary scroll: {observation.get('last_error') or 'answered for another episode'}"
        self.canary_steps += 1
        if observation.get("done"):
            self.canary = await self._reset("som")
        return None
