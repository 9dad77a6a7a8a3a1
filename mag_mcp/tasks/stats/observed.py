"""What `mag tasks stats` saw on the live world, kept in `observed.json` beside this module
(committed, so docs/TASKS.md is rebuilt without a browser), and the local cache of the start
pages it read (MAG's home, `start_pages/`: page text is large and stays on the machine).

`observed.json` holds, per information task, whether its reference answer appears on its
start page (and on which line), and, per declared distractor lookup, whether the distractor
exists in its site's seed; each record carries the keys of `world_keys` that say which task
state it belongs to and which site versions it was made on.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from mag_core.tasks import Task
from mag_mcp.sites.base import mag_home
from mag_mcp.tasks.stats.world_keys import answer_key, distractor_id, page_id, world_key

OBSERVED_PATH = Path(__file__).with_name("observed.json")


class StartPageRecord(BaseModel):
    page: str  # world_keys.page_id
    answer: str  # world_keys.answer_key
    world: str  # world_keys.world_key of the task's sites when it was read
    found: Literal["text", "marks"] | None
    where: list[str] = Field(default_factory=list)  # the lines that state the answer


class DistractorRecord(BaseModel):
    world: str  # world_keys.world_key([site])
    exists: bool | None  # None: the seed could not tell (unreadable, a query error)
    note: str = ""


class Observed(BaseModel):
    start_pages: dict[str, StartPageRecord] = Field(default_factory=dict)  # task id ->
    distractors: dict[str, DistractorRecord] = Field(default_factory=dict)  # world_keys.distractor_id ->

    def start_page(self, task: Task) -> StartPageRecord | None:
        """The record of the task's start page, if one matches the task as it is now."""
        r = self.start_pages.get(task.id)
        return r if r is not None and r.page == page_id(task) and r.answer == answer_key(task) else None

    def start_page_current(self, task: Task) -> bool:
        r = self.start_page(task)
        return r is not None and r.world == world_key(task.sites)

    def distractor(self, lookup: str) -> DistractorRecord | None:
        return self.distractors.get(lookup)

    def pruned(self, tasks: list[Task]) -> Observed:
        """Only the records the suite still has a use for."""
        ids = {t.id for t in tasks}
        lookups = {distractor_id(d) for t in tasks if t.mag for d in t.mag.distractors}
        return Observed(start_pages={k: v for k, v in sorted(self.start_pages.items()) if k in ids},
                        distractors={k: v for k, v in sorted(self.distractors.items()) if k in lookups})


def load_observed(path: Path = OBSERVED_PATH) -> Observed:
    """The recorded observations (none when the file is missing); a broken file is an error."""
    if not path.exists():
        return Observed()
    try:
        return Observed.model_validate_json(path.read_text(encoding="utf-8"))
    except ValueError as e:
        raise ValueError(f"{path} is not a valid observation record ({e}); delete it and run `mag tasks stats`") from e


def save_observed(observed: Observed, path: Path = OBSERVED_PATH) -> None:
    text = json.dumps(observed.model_dump(mode="json"), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


# ------------------------------------------------------------------ the local page cache

class StartPage(BaseModel):
    """A start page as the agent sees it after reset: every tab's visible text, the marks."""

    url: str
    title: str
    texts: list[str]  # one per open tab
    marks: list[str]  # the accessible names of the Set-of-Mark marks (active tab)

    def lines(self) -> list[str]:
        return [line.strip() for text in self.texts for line in text.splitlines() if line.strip()]


def page_cache_dir() -> Path:
    return mag_home() / "start_pages"


def cached_page(task: Task, folder: Path | None = None) -> StartPage | None:
    path = (folder or page_cache_dir()) / f"{page_id(task)}-{world_key(task.sites)}.json"
    try:
        return StartPage.model_validate_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def cache_page(task: Task, page: StartPage, folder: Path | None = None) -> None:
    folder = folder or page_cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{page_id(task)}-{world_key(task.sites)}.json"
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(page.model_dump_json(), encoding="utf-8")
    os.replace(tmp, path)
