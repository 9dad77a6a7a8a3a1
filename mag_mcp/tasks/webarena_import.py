"""Import WebArena task configurations as MAG tasks (no gold trajectories).

The configuration is kept field for field — `eval` in particular survives a
round trip unchanged — and gains a `mag` block with `checker_mode:
"webarena"`, so the checkers apply WebArena's exact semantics. Site URLs:
WebArena's placeholders (`__SHOPPING__`, ...) are replaced by the values of
the environment variables WebArena uses (SHOPPING, SHOPPING_ADMIN, REDDIT,
GITLAB, MAP, WIKIPEDIA) when they are set, and kept otherwise (MAG resolves
them against the sites it serves at run time).

The helpers here (placeholder substitution, the environment's URLs, the `mag` block, the
Task validation, reading a file of configurations) are shared with the importers of
WebArena-Verified and VisualWebArena (webarena_verified_import.py, visualwebarena_import.py,
chosen by import_formats.py).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from mag_core.tasks import SITE_PLACEHOLDERS, Task
from mag_mcp.sites.registry import WEBARENA_ENV_VARS


class ImportProblem(ValueError):
    pass


class SkipTask(Exception):
    """A task MAG cannot check faithfully: left out of the import, counted under `reason`."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


_PLACEHOLDER = re.compile(r"__[A-Z][A-Z_]*[A-Z]__")


def _substitute(value: Any, urls: dict[str, str]) -> Any:
    if isinstance(value, str):
        for placeholder, site in SITE_PLACEHOLDERS.items():
            if site in urls:
                value = value.replace(placeholder, urls[site].rstrip("/"))
        return value
    if isinstance(value, list):
        return [_substitute(v, urls) for v in value]
    if isinstance(value, dict):
        return {k: _substitute(v, urls) for k, v in value.items()}
    return value


def unserved_placeholders(value: Any) -> set[str]:
    """`__SITE__`-style placeholders in `value` that name no site MAG serves (`__CLASSIFIEDS__`)."""
    return set(_PLACEHOLDER.findall(json.dumps(value))) - set(SITE_PLACEHOLDERS)


def env_base_urls(environ: dict[str, str] | None = None, prefixes: tuple[str, ...] = ("",)) -> dict[str, str]:
    """Site key -> base URL from WebArena's variables; with `prefixes` ("", "WA_"), the first
    prefixed name that is set wins (BrowserGym's `WA_SHOPPING`, `VWA_SHOPPING`, ...)."""
    env = os.environ if environ is None else environ
    out = {}
    for site, var in WEBARENA_ENV_VARS.items():
        url = next((env[p + var] for p in prefixes if env.get(p + var)), None)
        if url:
            out[site] = url
    return out


def mag_block(unachievable: bool) -> dict[str, Any]:
    """The `mag` block of an imported task: test split, no gold, WebArena's checker semantics."""
    return {"split": "test", "gold": {}, "tags": {"features": ["unachievable"]} if unachievable else {},
            "checker_mode": "webarena"}


def first_error(e: ValidationError) -> str:
    """A pydantic error on one line: where and what (the first of them, and how many more)."""
    errors = e.errors()
    where = ".".join(str(part) for part in errors[0]["loc"]) or "(top)"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where}: {errors[0]['msg']}{more}"


def validate_task(out: dict[str, Any], task_id: Any, brief: bool = False) -> dict[str, Any]:
    """`out` as it is, once it validates as a MAG Task; an ImportProblem naming the task otherwise
    (`brief`: on one line)."""
    try:
        Task.model_validate(out)
    except ValidationError as e:
        detail = first_error(e) if brief else f"\n{e}"
        raise ImportProblem(f"task {task_id!r} does not fit the task schema:{' ' if brief else ''}{detail}") from e
    return out


def read_configs(path: Path) -> list[Any]:
    """The task configurations of a JSON file (a list, or one configuration)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ImportProblem(f"cannot read {path}: {e}") from e
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        raise ImportProblem(f"{path}: expected a list of task configurations")
    return data


def convert(config: dict[str, Any], urls: dict[str, str] | None = None, brief: bool = False) -> dict[str, Any]:
    """One WebArena configuration → one MAG task (as JSON-ready dict)."""
    if not isinstance(config, dict):
        raise ImportProblem(f"expected a task configuration (an object), got {type(config).__name__}")
    out = _substitute(config, urls or {})
    # WebArena marks an unachievable task by the reference fuzzy_match "N/A": MAG tags it so
    refs = (out.get("eval") or {}).get("reference_answers") or {}
    unachievable = isinstance(refs, dict) and refs.get("fuzzy_match") == "N/A"
    out.setdefault("mag", mag_block(unachievable))
    return validate_task(out, config.get("task_id"), brief)


def import_file(path: Path, urls: dict[str, str] | None = None) -> list[dict[str, Any]]:
    return [convert(c, urls) for c in read_configs(path)]
