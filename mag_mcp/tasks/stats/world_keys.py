"""Keys that say which recorded observation of the live world belongs to a task, and whether
it is still current.

`mag tasks stats` records what it saw on the sites (the start page of every information task,
whether each declared distractor exists in its site's seed) under keys made of what decides
it:

- `site_version(site)`: a digest of every file of the site's package (code, templates,
  static files, seed data), of the package of the site whose database it serves (the shop
  admin serves the shop's), and of the modules shared by all sites (`mag_mcp/sites/*.py`),
  with the site's `seed_version`. Any edit to a site changes it.
- `page_id(task)`: the start page as the task configures it: start URL, storage state,
  geolocation, sites, and the version of the page reader (`READER_VERSION`);
- `answer_key(task)`: the references and the intent the start-page rule compares, with the
  rule's version (`RULE_VERSION`);
- `distractor_id(distractor)`: the distractor's lookup;
- `world_key(sites)`: the versions of the sites a record was made on.

A record is *matched* by the task-side keys (page, answer, lookup): docs/TASKS.md uses every
matched record, so editing a site does not change the suite's document. It is *current*
when its world key is the sites' versions now; `mag tasks stats` re-gathers what is not
current, and the suite's target test wants every record current.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
from functools import cache
from pathlib import Path
from typing import Any

from mag_core.task_design import Distractor
from mag_core.tasks import Task

READER_VERSION = "1"  # what is read from a start page (stats.start_pages); bump when it changes
RULE_VERSION = "1"  # how an answer is found in a start page (stats.shortcuts); bump when it changes
SKIPPED_PARTS = {"__pycache__", ".pytest_cache"}


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def _sites_root() -> Path:
    spec = importlib.util.find_spec("mag_mcp.sites")
    assert spec is not None and spec.submodule_search_locations
    return Path(next(iter(spec.submodule_search_locations)))


def _files_digest(folder: Path, recursive: bool) -> str:
    h = hashlib.sha256()
    files = folder.rglob("*") if recursive else folder.glob("*.py")
    for f in sorted(p for p in files if p.is_file() and not SKIPPED_PARTS & set(p.parts)
                    and p.suffix != ".pyc"):
        h.update(str(f.relative_to(folder)).encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


@cache
def site_version(site: str) -> str:
    """A digest that changes whenever anything the site's pages or seed are made of changes."""
    from mag_mcp.sites.registry import site_spec

    root = _sites_root()
    parts = {"shared": _files_digest(root, recursive=False)}
    try:
        spec = site_spec(site)
        parts["seed_version"], owner = spec.seed_version, spec.state_owner or site
    except Exception as e:  # noqa: BLE001 - a site that does not import (mid-edit): its records go stale
        parts["seed_version"], owner = f"unavailable: {type(e).__name__}", site
    for key in dict.fromkeys([site, owner]):
        parts[key] = _files_digest(root / key, recursive=True)
    return _digest(parts)


def page_id(task: Task) -> str:
    """The start page a task opens, as the task configures it (not the sites' versions)."""
    return _digest({
        "start_url": task.start_url, "storage_state": task.storage_state, "geolocation": task.geolocation,
        "require_login": task.require_login, "sites": sorted(task.sites), "reader": READER_VERSION,
    })


def world_key(sites: list[str]) -> str:
    """The versions of `sites`: a record made on other versions is stale."""
    return _digest({s: site_version(s) for s in sorted(set(sites))})


def answer_key(task: Task) -> str:
    refs = task.eval.reference_answers
    return _digest({
        "refs": refs.model_dump(mode="json", exclude_none=True) if refs else None, "intent": task.intent,
        "rule": RULE_VERSION,
    })


def distractor_id(d: Distractor) -> str:
    """A distractor's lookup (what is looked for, where), without its site's version."""
    return _digest(d.model_dump(mode="json", include={"site", "name", "sql", "params"}))
