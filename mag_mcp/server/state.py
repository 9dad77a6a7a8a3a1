"""What every tool of one server shares: its configuration and state (the episode manager,
the embedded sites, the hosted policy), set up by the lifespan in `mag_mcp.server.app`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel, Field, model_validator

from mag_mcp.env.episode import Episode
from mag_mcp.env.idle_memory import IdleMemory
from mag_mcp.env.lifecycle import IdleReaper
from mag_mcp.env.manager import EnvConfig, EpisodeManager
from mag_mcp.env.site_access import ResetPolicy
from mag_mcp.env.recovery import RecoveryReport
from mag_mcp.hosted.config import HostedSettings
from mag_mcp.hosted.policy import HostedPolicy
from mag_mcp.server.readiness import Readiness
from mag_mcp.sites.runner import EmbeddedSites
from mag_mcp.tasks.registry import TaskRegistry


class ServerConfig(BaseModel):
    env: EnvConfig = Field(default_factory=EnvConfig)
    embedded_sites: list[str] = Field(default_factory=lambda: ["shopping"])
    site_ports: dict[str, int] = Field(default_factory=dict)
    # The `locate` oracle (exact targets, for gold replay): opt-in (`mag serve --oracle`); every call is
    # recorded in the transcript, and a run that used it is not leaderboard-eligible.
    oracle: bool = False
    task_files: list[str] = Field(default_factory=list)  # extra task files; built-in tasks otherwise
    hosted: HostedSettings | None = None  # hosted mode: team tokens, submissions, limits (HTTP only)
    # An episode without a call for this long is reclaimed as `abandoned` (its client is presumed
    # gone); hosted teams have their own (`episode_ttl_s` in the token file). Longer than any
    # model call with its retries, so a slow agent is never cut off.
    idle_ttl_s: float = Field(default=1800.0, gt=0)
    # The sites and Chromium start in the background (`mag_mcp.server.startup`); a tool that needs
    # them waits this long for the start-up before it answers that the server is still starting.
    startup_wait_s: float = Field(default=90.0, ge=0)
    # Live deployments (`env.base_urls` of sites not embedded) are logged in to through their
    # forms, their storage states kept here (`<dir>/<site>_state.json`); None: no log-in.
    auth_dir: Path | None = None
    # Live deployments: how each site is reset between state-changing tasks (`site_access`; none:
    # such tasks are refused unless `allow_dirty`, which every transcript records).
    resets: dict[str, ResetPolicy] = Field(default_factory=dict)
    allow_dirty: bool = False

    @model_validator(mode="after")
    def _hosted_never_reveals_checks(self) -> ServerConfig:
        if self.hosted is not None and self.env.reveal_checks:
            raise ValueError("a hosted server never returns the checker's verdict (reveal_checks): teams would "
                             "see the references of the tasks")
        if self.hosted is not None and self.oracle:
            raise ValueError("a hosted server never offers the locate oracle: it returns exact targets")
        return self


@dataclass
class AppState:
    config: ServerConfig
    registry: TaskRegistry
    manager: EpisodeManager | None = None
    sites: EmbeddedSites | None = None
    hosted: HostedPolicy | None = None
    reaper: IdleReaper | None = None
    idle_memory: IdleMemory | None = None
    recovery: RecoveryReport | None = None  # what start-up recovery of the runs directory did
    readiness: Readiness = field(default_factory=Readiness)  # where the background start-up stands
    extra: dict[str, Any] = field(default_factory=dict)

    def mgr(self) -> EpisodeManager:
        if self.manager is None:
            raise ToolError(self.readiness.problem() or "the server is stopping")
        return self.manager


def episode_ttl(state: AppState, ep: Episode) -> float:
    """An episode's idle time-to-live: its hosted team's, else the server's."""
    ttl = state.hosted.ttl_of(ep.id) if state.hosted is not None else None
    return ttl if ttl is not None else state.config.idle_ttl_s


def all_ttls(state: AppState) -> list[float]:
    ttls = [state.config.idle_ttl_s]
    if state.hosted is not None:
        ttls += [e.limits.episode_ttl_s for e in state.hosted.tokens.entries]
    return ttls


def is_test_task(state: AppState, task_id: str) -> bool:
    task = state.registry.tasks.get(task_id)
    return task is not None and task.in_test_split
