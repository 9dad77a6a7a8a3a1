"""Task registry: MAG's task files (tasks/data/*.json) indexed by id, with selectors."""

from __future__ import annotations

import difflib
import json
import logging
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import get_args

from pydantic import ValidationError

from mag_core.tasks import LengthBucket, SiteKey, Task


class TaskNotFound(LookupError):
    pass


class SelectorError(TaskNotFound, ValueError):
    """A task selector with an unknown term, value or task id; the message lists what is valid."""


SPLITS = ("train", "test")
KINDS = ("information", "navigation", "state_change")
# length selector values -> bucket of Set-of-Mark gold steps (Task.length_bucket)
LENGTHS: dict[str, LengthBucket] = {
    "short": "short", "medium": "medium", "long": "long", "1-4": "short", "5-9": "medium", ">9": "long",
}


log = logging.getLogger(__name__)


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

    @classmethod
    def with_files(cls, paths: Iterable[Path]) -> TaskRegistry:
        """The built-in tasks and those of `paths` (a task file's task replaces the built-in one of
        its id); raises ValueError naming the file when one cannot be read."""
        registry = cls.builtin()
        paths = list(paths)
        if not paths:
            return registry
        extra = cls.from_files(paths)
        replaced = sorted(set(extra.tasks) & set(registry.tasks))
        if replaced:
            log.info("task files replace built-in task(s): %s", ", ".join(replaced[:10]))
        return cls({**registry.tasks, **extra.tasks}.values())

    def get(self, task_id: str) -> Task:
        task = self.tasks.get(str(task_id))
        if task is None:
            raise TaskNotFound(f"unknown task {str(task_id)[:80]!r}; list_tasks shows the available ones")
        return task

    def select(self, selector: str = "all") -> list[Task]:
        """Tasks matching `selector`, in registry order.

        Terms: `all`; a site key (`shopping`: every task that uses the site); `cross_site`
        (tasks that need more than one site); `split:train|test`; `template:<id>[,<id>...]`
        (intent template ids); `length:short|medium|long` (Set-of-Mark gold steps 1-4,
        5-9, >9; `length:1-4`, `length:5-9`, `length:>9` too); `kind:information|navigation|
        state_change`; or comma-separated task ids (site keys and `cross_site` may be mixed
        in: a union). Terms joined with `+` must all hold (`split:test+shopping+length:long`).
        Raises `SelectorError` for an unknown term, value or task id.
        """
        sel = selector.strip()
        chosen: list[Task] | None = None
        for term in sel.split("+") if sel else ["all"]:
            matched = self._term(term.strip())
            if chosen is None:
                chosen = matched
            else:
                ids = {t.id for t in matched}
                chosen = [t for t in chosen if t.id in ids]
        return chosen or []

    def sites(self) -> list[str]:
        """Every site key a task can name (whether or not a task uses it)."""
        return sorted(set(get_args(SiteKey)) | {s for t in self.tasks.values() for s in t.sites})

    def templates(self) -> list[int]:
        return sorted({t.intent_template_id for t in self.tasks.values() if t.intent_template_id is not None})

    def _term(self, term: str) -> list[Task]:
        if not term:
            raise SelectorError(f"empty term in the task selector. {self.selector_help()}")
        prefix, colon, value = term.partition(":")
        if colon:
            values = [v.strip() for v in value.split(",") if v.strip()]
            if prefix == "split":
                bad = [v for v in values if v not in SPLITS]
                if not values or bad:
                    raise SelectorError(f"unknown split {value!r}; choose from {', '.join(SPLITS)}")
                return [t for t in self.tasks.values() if t.mag and t.mag.split in values]
            if prefix == "template":
                return self._templates(value, values)
            if prefix == "length":
                buckets = set()
                for v in values:
                    if v not in LENGTHS:
                        raise SelectorError(f"unknown length {v!r}; choose from {', '.join(LENGTHS)}")
                    buckets.add(LENGTHS[v])
                if not buckets:
                    raise SelectorError(f"length: wants a value; choose from {', '.join(LENGTHS)}")
                return [t for t in self.tasks.values() if t.length_bucket("som") in buckets]
            if prefix == "kind":
                bad = [v for v in values if v not in KINDS]
                if not values or bad:
                    raise SelectorError(f"unknown kind {value!r}; choose from {', '.join(KINDS)}")
                return [t for t in self.tasks.values() if t.mag and t.mag.tags.kind in values]
            raise SelectorError(f"unknown selector {prefix + ':'!r}. {self.selector_help()}")
        items = [x.strip() for x in term.split(",") if x.strip()]
        sites = self.sites()
        picked: dict[str, Task] = {}
        for item in items:
            if item == "all":
                group = list(self.tasks.values())
            elif item == "cross_site":
                group = [t for t in self.tasks.values() if len(t.sites) > 1]
            elif item in sites:
                group = [t for t in self.tasks.values() if item in t.sites]
            elif item in self.tasks:
                group = [self.tasks[item]]
            else:
                close = difflib.get_close_matches(item, list(self.tasks), n=3)
                hint = f" (did you mean {', '.join(close)}?)" if close else ""
                raise SelectorError(f"unknown task {item[:80]!r}{hint}. {self.selector_help()}")
            for t in group:
                picked.setdefault(t.id, t)
        return list(picked.values())

    def _templates(self, value: str, values: list[str]) -> list[Task]:
        known = self.templates()
        wanted: set[int] = set()
        for v in values:
            if not v.isdigit() or int(v) not in known:
                shown = ", ".join(map(str, known))
                raise SelectorError(f"unknown template {v!r}; intent template ids: {shown}")
            wanted.add(int(v))
        if not wanted:
            raise SelectorError(f"template: wants ids, e.g. template:{known[0] if known else 1}")
        return [t for t in self.tasks.values() if t.intent_template_id in wanted]

    def selector_help(self) -> str:
        return (
            "Valid selectors: all, cross_site, a site (" + ", ".join(self.sites()) + "), split:train|test, "
            "template:<id>[,<id>], length:short|medium|long (or 1-4, 5-9, >9), "
            "kind:information|navigation|state_change, comma-separated task ids (`mag tasks list` shows them); "
            "join terms with + for AND, e.g. split:test+shopping+length:long"
        )
