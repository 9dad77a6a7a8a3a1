"""The WebArena template map (`tasks/webarena/map.json`): each of WebArena's 190 intent
templates, with the MAG template(s) posing the same kind of problem on the mirrored site, or
why there is none (see tasks/webarena/README.md).

`load_map()` reads and checks the file's own shape (each WebArena template once, a MAG id for
every `mapped` entry, a reason for every `none`); `map_problems(map, suite_templates,
webarena_ids)` checks it against the suite (every named MAG template exists) and, when given,
against WebArena's configurations (every template id present exactly once).
"""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from mag_core.tasks import SiteKey

MapStatus = Literal["mapped", "unmapped_yet", "none"]
WEBARENA_TEMPLATES = 190


class MapEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    webarena: int
    sites: list[SiteKey]
    intent_template: str
    status: MapStatus
    mag: list[int] = Field(default_factory=list)
    note: str = ""
    reason: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> MapEntry:
        if self.status == "mapped" and not self.mag:
            raise ValueError(f"WebArena template {self.webarena} is mapped but names no MAG template")
        if self.status != "mapped" and self.mag:
            raise ValueError(f"WebArena template {self.webarena} names MAG templates but is {self.status}")
        if self.status == "none" and not self.reason.strip():
            raise ValueError(f"WebArena template {self.webarena} has no counterpart: say why in `reason`")
        return self


class WebArenaMap(BaseModel):
    model_config = ConfigDict(extra="forbid")

    about: str = ""
    templates: list[MapEntry]

    @model_validator(mode="after")
    def _each_once(self) -> WebArenaMap:
        twice = sorted(k for k, n in Counter(e.webarena for e in self.templates).items() if n > 1)
        if twice:
            raise ValueError(f"WebArena templates listed more than once: {twice}")
        return self

    def counts(self) -> dict[str, int]:
        c = Counter(e.status for e in self.templates)
        return {s: c.get(s, 0) for s in ("mapped", "unmapped_yet", "none")}

    def mag_templates(self) -> set[int]:
        return {m for e in self.templates for m in e.mag}


def map_path() -> Path:
    return Path(str(resources.files("mag_mcp.tasks").joinpath("webarena/map.json")))


def load_map(path: Path | None = None) -> WebArenaMap:
    """The map, checked for shape; a clear ValueError when the file is broken."""
    path = path or map_path()
    try:
        return WebArenaMap.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, json.JSONDecodeError) as e:
        raise ValueError(f"cannot read the WebArena map {path}: {e}") from e
    except ValidationError as e:
        raise ValueError(f"the WebArena map {path} is invalid:\n{e}") from e


def webarena_template_ids(configs: list[dict]) -> set[int]:
    """The intent template ids of WebArena configurations (test.raw.json's list)."""
    return {int(c["intent_template_id"]) for c in configs}


def map_problems(wmap: WebArenaMap, suite_templates: set[int], webarena_ids: set[int] | None = None) -> list[str]:
    """What is wrong with the map against the suite (and WebArena's template ids, when given)."""
    out = []
    unknown = sorted(wmap.mag_templates() - suite_templates)
    if unknown:
        out.append(f"MAG templates named in the map but not in the suite: {unknown}")
    listed = {e.webarena for e in wmap.templates}
    if webarena_ids is not None:
        if webarena_ids - listed:
            out.append(f"WebArena templates missing from the map: {sorted(webarena_ids - listed)}")
        if listed - webarena_ids:
            out.append(f"the map lists templates WebArena does not have: {sorted(listed - webarena_ids)}")
    elif len(listed) != WEBARENA_TEMPLATES:
        out.append(f"the map lists {len(listed)} WebArena templates, not {WEBARENA_TEMPLATES}")
    return out
