"""Scripted episodes over real MCP clients (streamable HTTP), for the life cycle checks.

Every episode plays the shop's buying task in the coordinate grounding with cheap steps
(scrolling); the guides are the agent's own words, so a guide can carry a marker that
the faulty judge reacts to (`soak.fake_judge`). Every call is bounded in time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import anyio

from mag_mcp.agents.client import MagClient, connect

TASK_ID = "shopping-buy-1"
CALL_TIMEOUT_S = 120.0
GUIDES = ("Scroll down the page to see more of the store", "Scroll back up to the top of the page")


async def call(c: MagClient, name: str, args: dict[str, Any]) -> Any:
    with anyio.fail_after(CALL_TIMEOUT_S):
        return await c.call(name, args)


async def reset(c: MagClient, run_id: str) -> str:
    r = await call(c, "reset", {"task_id": TASK_ID, "grounding": "coord", "run_id": run_id})
    return r.structured_content["observation"]["episode_id"]


async def scroll(c: MagClient, episode_id: str, step: int, note: str = "") -> None:
    """One step: scroll down on even steps, up on odd ones; `note` is appended to the guide."""
    direction = "down" if step % 2 == 0 else "up"
    guide = GUIDES[step % 2] + (f" ({note})" if note else "") + "."
    await call(c, "scroll_at", {"episode_id": episode_id, "x": 640, "y": 400, "direction": direction, "guide": guide})


@dataclass
class Tally:
    """Episodes and steps a scenario ran, and what went wrong."""

    episodes: list[str] = field(default_factory=list)
    steps: int = 0
    errors: list[str] = field(default_factory=list)

    def error(self, where: str, e: BaseException) -> None:
        while isinstance(e, BaseExceptionGroup) and e.exceptions:  # the MCP client's task groups wrap errors
            e = e.exceptions[0]
        self.errors.append(f"{where}: {type(e).__name__}: {str(e)[:200]}")


async def finished_episode(url: str, run_id: str, note: str, steps: int, tally: Tally) -> str | None:
    """Reset, take `steps` steps, stop; every guide carries `note`. Returns the episode id."""
    try:
        async with connect(url) as c:
            ep = await reset(c, run_id)
            tally.episodes.append(ep)
            for i in range(steps):
                await scroll(c, ep, i, note)
                tally.steps += 1
            with anyio.fail_after(CALL_TIMEOUT_S):
                await c.stop(ep, "", f"Stop here: the store page has been looked through ({note})." if note
                             else "Stop here: the store page has been looked through.")
            tally.steps += 1
            return ep
    except Exception as e:  # noqa: BLE001 - counted, the scenario goes on
        tally.error(f"finished episode ({note})", e)
        return None


async def stepping_episode(url: str, run_id: str, tally: Tally, steps_of: dict[str, int]) -> None:
    """Reset, then step until cancelled (or the server dies: the error is expected and not counted)."""
    async with connect(url) as c:
        ep = await reset(c, run_id)
        tally.episodes.append(ep)
        steps_of[ep] = 0
        i = 0
        while True:
            await scroll(c, ep, i)
            tally.steps += 1
            steps_of[ep] += 1
            i += 1
