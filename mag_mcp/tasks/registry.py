"""Task registry: MAG's task files (tasks/data/*.json) indexed by id, with selectors."""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

from pydantic import ValidationError

from mag_mcp.tasks.schema import Task


class TaskNotFound(LookupError):
    pass


class TaskRegistry:
    def __init__(self, tasks: Iterable[Task]) -> None:
        self.tasks: dict[str, Task] = {}
        for t in tasks:
            if t.id in self.tasks:
                raise ValueError(f"duplicate task id {t.id}")
            self.tasks[t.id] = t

    @classmethod
    def from_files(cls, paths: Iterable[Path]) -> TaskRegistry:
        tasks: list[Task] = []
        for p in paths:
            try:
                data = json.loads(Path(p).read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError) as e:
                raise ValueError(f"cannot read task file {p}: {e}") from e
            items = data if isinstance(data, list) else [data]
            for i, item in enumerate(items):
                try:
                    tasks.append(Task.model_validate(item))
                except ValidationError as e:
                    raise ValueError(f"{p}: task #{i} is invalid:\n{e}") from e
        return cls(tasks)

    @classmethod
    def builtin(cls) -> TaskRegistry:
        folder = resources.files("mag_mcp.tasks").joinpath("data")
        paths = sorted(Path(str(p)) for p in folder.iterdir() if p.name.endswith(".json"))
        return cls.from_files(paths)

    def get(self, task_id: str) -> Task:
        task = self.tasks.get(str(task_id))
        if task is None:
            raise TaskNotFound(f"unknown task {str(task_id)[:80]!r}; list_tasks shows the available ones")
        return task

    def select(self, selector: str = "all") -> list[Task]:
        """`all`, a site key (`shopping`: every task that uses the site), `cross_site` (tasks that
        need more than one site), `split:test`, or comma-separated task ids."""
        sel = selector.strip()
        if sel in ("", "all"):
            return list(self.tasks.values())
        if sel == "cross_site":
            return [t for t in self.tasks.values() if len(t.sites) > 1]
        if sel.startswith("split:"):
            split = sel.split(":", 1)[1]
            return [t for t in self.tasks.values() if t.mag and t.mag.split == split]
        sites = {s for t in self.tasks.values() for s in t.sites}
        if sel in sites:
            return [t for t in self.tasks.values() if sel in t.sites]
        ids = [x.strip() for x in sel.split(",") if x.strip()]
        return [self.get(i) for i in ids]
