"""Which benchmark a task file comes from, and its import as MAG tasks with the skips counted.

Three formats (`mag tasks import-webarena FILE --format ...`):
- `webarena`: WebArena's `config_files/test.raw.json` (web-arena-x/webarena), webarena_import.py;
- `webarena-verified`: WebArena-Verified's `assets/dataset/webarena-verified.json`
  (ServiceNow/platform-labs-webarena-verified), webarena_verified_import.py;
- `visualwebarena`: VisualWebArena's `config_files/vwa/test_*.raw.json`
  (web-arena-x/visualwebarena), visualwebarena_import.py.

`detect_format` tells them apart by the fields present: an `eval` that is a list of
evaluators (and `start_urls`) is Verified's; an `eval` block with `eval_types` is WebArena's,
VisualWebArena's when some task has VisualWebArena's own fields (`image`, the difficulty
ratings, `viewport_size`), eval types, or the `classifieds` site.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from mag_mcp.tasks import visualwebarena_import as vwa
from mag_mcp.tasks import webarena_import as wa
from mag_mcp.tasks import webarena_verified_import as wav
from mag_mcp.tasks.webarena_import import ImportProblem, SkipTask

__all__ = ["FORMATS", "ImportProblem", "ImportResult", "detect_format", "import_tasks"]

Format = Literal["webarena", "webarena-verified", "visualwebarena"]
FORMATS: tuple[Format, ...] = ("webarena", "webarena-verified", "visualwebarena")
LABELS: dict[str, str] = {"webarena": "WebArena", "webarena-verified": "WebArena-Verified",
                          "visualwebarena": "VisualWebArena"}
CONVERTERS: dict[str, Callable[[Any, dict[str, str]], dict[str, Any]]] = {
    "webarena": wa.convert, "webarena-verified": wav.convert, "visualwebarena": vwa.convert,
}
ENV_PREFIXES: dict[str, tuple[str, ...]] = {
    "webarena": ("",), "webarena-verified": wav.ENV_PREFIXES, "visualwebarena": vwa.ENV_PREFIXES,
}
VWA_FIELDS = frozenset({"image", "reasoning_difficulty", "visual_difficulty", "overall_difficulty", "viewport_size"})
VWA_EVAL_TYPES = frozenset({"page_image_query"})
VWA_SITES = frozenset({"classifieds"})


def _kind(config: Any) -> str | None:
    if not isinstance(config, dict):
        return None
    ev = config.get("eval")
    if isinstance(ev, list) or ("start_urls" in config and "start_url" not in config):
        return "webarena-verified"
    if not isinstance(ev, dict) or "eval_types" not in ev:
        return None
    types = ev.get("eval_types") if isinstance(ev.get("eval_types"), list) else []
    sites = config.get("sites") if isinstance(config.get("sites"), list) else []
    if VWA_FIELDS & config.keys() or VWA_EVAL_TYPES & set(map(str, types)) or VWA_SITES & set(map(str, sites)):
        return "visualwebarena"
    return "webarena"


def detect_format(data: Any) -> Format:
    """The format of a task file's parsed JSON (a list of tasks, or one task)."""
    configs = data if isinstance(data, list) else [data]
    if not configs:
        raise ImportProblem("the file holds no task")
    kinds: set[str] = set()
    for i, config in enumerate(configs):
        kind = _kind(config)
        if kind is None:
            name = config.get("task_id", f"#{i}") if isinstance(config, dict) else f"#{i}"
            raise ImportProblem(
                f"task {name!r} is in no known format: WebArena and VisualWebArena tasks have an `eval` "
                "object with `eval_types`, WebArena-Verified tasks an `eval` list of evaluators")
        kinds.add(kind)
    if "webarena-verified" in kinds and len(kinds) > 1:
        raise ImportProblem("the file mixes WebArena-Verified tasks with WebArena-style ones: import them apart")
    # VisualWebArena's configurations are WebArena's plus fields: one such task makes the file VWA's
    return "webarena-verified" if "webarena-verified" in kinds else (
        "visualwebarena" if "visualwebarena" in kinds else "webarena")


@dataclass
class ImportResult:
    format: Format
    tasks: list[dict[str, Any]]
    urls: dict[str, str]
    skipped: dict[str, list[str]] = field(default_factory=dict)  # reason -> task ids, in file order

    @property
    def skipped_count(self) -> int:
        return sum(len(ids) for ids in self.skipped.values())

    def skip_lines(self, shown: int = 5) -> list[str]:
        """One line per reason: how many, and the first few ids."""
        out = []
        for reason, ids in sorted(self.skipped.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            more = ", ..." if len(ids) > shown else ""
            out.append(f"  {len(ids)} skipped: {reason} (ids {', '.join(ids[:shown])}{more})")
        return out


def import_tasks(path: Path, fmt: str = "auto", environ: Mapping[str, str] | None = None) -> ImportResult:
    """Read `path`, detect its format unless `fmt` names one, convert every task it can."""
    data = wa.read_configs(path)
    if fmt == "auto":
        chosen: Format = detect_format(data)
    elif fmt in FORMATS:
        chosen = fmt  # type: ignore[assignment]
    else:
        raise ImportProblem(f"unknown format {fmt!r}: auto, {', '.join(FORMATS)}")
    urls = wa.env_base_urls(dict(environ) if environ is not None else None, ENV_PREFIXES[chosen])
    result = ImportResult(chosen, [], urls)
    convert = CONVERTERS[chosen]
    for config in data:
        try:
            result.tasks.append(convert(config, urls))
        except SkipTask as skip:
            task_id = config.get("task_id") if isinstance(config, dict) else None
            result.skipped.setdefault(skip.reason, []).append(str(task_id))
    return result
