"""Import WebArena task configurations as MAG tasks (no gold trajectories).

The configuration is kept field for field — `eval` in particular survives a
round trip unchanged — and gains a `mag` block with `checker_mode:
"webarena"`, so the checkers apply WebArena's exact semantics. Site URLs:
WebArena's placeholders (`__SHOPPING__`, ...) are replaced by the values of
the environment variables WebArena uses (SHOPPING, SHOPPING_ADMIN, REDDIT,
GITLAB, MAP, WIKIPEDIA) when they are set, and kept otherwise (MAG resolves
them against the sites it serves at run time).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from mag_core.tasks import SITE_PLACEHOLDERS, Task
from mag_mcp.sites.registry import WEBARENA_ENV_VARS


class ImportProblem(ValueError):
    pass


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


def env_base_urls(environ: dict[str, str] | None = None) -> dict[str, str]:
    env = os.environ if environ is None else environ
    return {site: env[var] for site, var in WEBARENA_ENV_VARS.items() if env.get(var)}


def convert(config: dict[str, Any], urls: dict[str, str] | None = None) -> dict[str, Any]:
    """One WebArena configuration → one MAG task (as JSON-ready dict)."""
    out = _substitute(config, urls or {})
    # WebArena marks an unachievable task by the reference fuzzy_match "N/A": MAG tags it so
    refs = (out.get("eval") or {}).get("reference_answers") or {}
    unachievable = isinstance(refs, dict) and refs.get("fuzzy_match") == "N/A"
    out.setdefault("mag", {"split": "test", "gold": {}, "tags": {"features": ["unachievable"]} if unachievable else {},
                           "checker_mode": "webarena"})
    try:
        Task.model_validate(out)
    except ValidationError as e:
        raise ImportProblem(f"task {config.get('task_id')!r} does not fit the task schema:\n{e}") from e
    return out


def import_file(path: Path, urls: dict[str, str] | None = None) -> list[dict[str, Any]]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ImportProblem(f"cannot read {path}: {e}") from e
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        raise ImportProblem(f"{path}: expected a list of task configurations")
    return [convert(c, urls) for c in data]
