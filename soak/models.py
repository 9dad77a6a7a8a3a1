"""What every soak section reports: the figures RELIABILITY.md is generated from."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Scale = Literal["test", "soak"]  # test: the fast subset `make test` runs; soak: `make soak`


class Check(BaseModel):
    """One property a section verified, with what it measured."""

    name: str
    passed: bool
    detail: str = ""


class Section(BaseModel):
    """One section's result. Counters a section does not use stay 0."""

    name: str  # e.g. "fuzz", "browser faults", "escapes", "load"
    key: str = ""  # the section's key in soak.run.SECTIONS (set by the runner)
    scale: Scale
    cases: int = 0  # generated inputs tried (fuzz) or scenarios run
    faults_injected: int = 0  # processes killed, servers stopped, clients dropped, judge faults
    episodes_run: int = 0
    steps_run: int = 0
    data_lost: int = 0  # transcripts or records lost or corrupt: must stay 0
    escapes_attempted: int = 0
    escapes_blocked: int = 0
    checks: list[Check] = Field(default_factory=list)
    elapsed_s: float = 0.0
    details: dict[str, Any] = Field(default_factory=dict)  # section-specific figures for the report

    @property
    def passed(self) -> bool:
        return bool(self.checks) and all(c.passed for c in self.checks) and self.data_lost == 0 \
            and self.escapes_blocked == self.escapes_attempted

    def check(self, name: str, passed: bool, detail: str = "") -> bool:
        self.checks.append(Check(name=name, passed=bool(passed), detail=detail))
        return bool(passed)

    def failures(self) -> list[str]:
        out = [f"{c.name}: {c.detail}" for c in self.checks if not c.passed]
        if self.data_lost:
            out.append(f"{self.data_lost} record(s) lost or corrupt")
        if self.escapes_blocked != self.escapes_attempted:
            out.append(f"{self.escapes_attempted - self.escapes_blocked} escape(s) not blocked")
        return out
