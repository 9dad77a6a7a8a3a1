"""The measurement hooks each site provides for `mag sites stats`, read and checked.

A site's `mag_mcp/sites/<site>/world_stats.py` exports:

- `PAGES: list[tuple[str, str, str]]`: `(name, kind, path)` of its representative pages
  (kinds: home, listing, detail, form, grid, search, profile), paths valid on the default
  state, below the site's base URL (a path that already carries the base URL's prefix, such
  as the admin's `/admin/...`, is taken as it is);
- `def counts(conn: sqlite3.Connection) -> dict[str, float]`: the site's figures (counts,
  distinct-text ratios, menu sizes), computed on the default state's connection (with the
  content database attached as `content` where the site has one);
- `TARGETS: dict[str, float]`: the issue's minimum for each key of `counts`.

A site without the module is measured on the pages of `world_pages.FALLBACK_PAGES` and its
counts are reported as unknown. A module that is there but broken (it fails to import, or a
hook has the wrong shape) is reported with the reason, never as a traceback.
"""

from __future__ import annotations

import importlib
import math
import sqlite3
from collections.abc import Callable
from types import ModuleType
from typing import Literal

from pydantic import BaseModel, ConfigDict

from mag_mcp.sites.world_pages import FALLBACK_PAGES, PAGE_KINDS, PageRef

CountsFn = Callable[[sqlite3.Connection], dict[str, float]]


class SiteHooks(BaseModel):
    """What a site provides for measurement (or the fallback in its place)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    site: str
    pages: list[PageRef]
    source: Literal["site", "fallback"]  # where `pages` came from
    targets: dict[str, float] = {}
    counts: CountsFn | None = None
    problems: list[str] = []  # why (part of) the site's module could not be used


def hooks_module_name(site: str) -> str:
    return f"mag_mcp.sites.{site}.world_stats"


def _pages(raw: object) -> list[PageRef]:
    if not isinstance(raw, list | tuple) or not raw:
        raise ValueError("PAGES must be a non-empty list of (name, kind, path) tuples")
    pages = []
    for i, item in enumerate(raw):
        if not (isinstance(item, list | tuple) and len(item) == 3 and all(isinstance(x, str) for x in item)):
            raise ValueError(f"PAGES[{i}] must be a (name, kind, path) tuple of strings, got {item!r}"[:200])
        name, kind, path = item
        if kind not in PAGE_KINDS:
            raise ValueError(f"PAGES[{i}] ({name!r}) has kind {kind!r}; kinds are {', '.join(PAGE_KINDS)}")
        if not path.startswith("/"):
            raise ValueError(f"PAGES[{i}] ({name!r}): the path must start with '/', got {path!r}")
        pages.append(PageRef(name=name, kind=kind, path=path))  # type: ignore[arg-type]
    return pages


def _targets(raw: object) -> dict[str, float]:
    if not isinstance(raw, dict):
        raise ValueError("TARGETS must be a dict of key -> minimum")
    out: dict[str, float] = {}
    for k, v in raw.items():
        if not isinstance(k, str) or isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
            raise ValueError(f"TARGETS[{k!r}] must be a finite number, got {v!r}"[:200])
        out[k] = float(v)
    return out


def hooks_from_module(site: str, module: ModuleType) -> SiteHooks:
    """The hooks of an imported module; a hook with the wrong shape is a problem, and its
    part falls back (pages) or stays empty (counts, targets)."""
    problems: list[str] = []
    pages, source = FALLBACK_PAGES.get(site, []), "fallback"
    try:
        pages, source = _pages(getattr(module, "PAGES", None)), "site"
    except ValueError as e:
        problems.append(str(e))
    targets: dict[str, float] = {}
    try:
        targets = _targets(getattr(module, "TARGETS", {}))
    except ValueError as e:
        problems.append(str(e))
    counts = getattr(module, "counts", None)
    if counts is not None and not callable(counts):
        problems.append("counts must be a function counts(conn) -> dict[str, float]")
        counts = None
    elif counts is None:
        problems.append("the module has no counts(conn) function")
    return SiteHooks(site=site, pages=pages, source=source, targets=targets,  # type: ignore[arg-type]
                     counts=counts, problems=problems)


def load_hooks(site: str) -> SiteHooks:
    """The site's hooks, or its fallback pages (with the reason) when it has no usable module."""
    name = hooks_module_name(site)
    fallback = FALLBACK_PAGES.get(site, [])
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name and (name == e.name or name.startswith(e.name + ".")):  # the module (or its site) is not there
            return SiteHooks(site=site, pages=fallback, source="fallback",
                             problems=[f"no {name.replace('.', '/')}.py yet: its counts are unknown"])
        return SiteHooks(site=site, pages=fallback, source="fallback", problems=[f"{name} failed to import: {e}"])
    except Exception as e:  # a broken module must not stop the other sites' figures
        return SiteHooks(site=site, pages=fallback, source="fallback",
                         problems=[f"{name} failed to import: {type(e).__name__}: {e}"[:300]])
    return hooks_from_module(site, module)


def run_counts(hooks: SiteHooks, conn: sqlite3.Connection) -> tuple[dict[str, float] | None, str | None]:
    """`counts(conn)` checked to be a dict of finite numbers: (figures, None) or (None, why not)."""
    if hooks.counts is None:
        return None, None
    try:
        raw = hooks.counts(conn)
    except Exception as e:  # the site's own code: report it, measure the rest
        return None, f"counts(conn) failed: {type(e).__name__}: {e}"[:300]
    if not isinstance(raw, dict):
        return None, f"counts(conn) returned {type(raw).__name__}, not a dict"
    out: dict[str, float] = {}
    for k, v in raw.items():
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
            return None, f"counts(conn)[{k!r}] is {v!r}, not a finite number"[:300]
        out[str(k)] = float(v)
    return out, None
