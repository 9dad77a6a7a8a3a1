"""Small request helpers every embedded site shares."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request


def parse_int(value: Any, default: int | None = None) -> int | None:
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return default


def here(request: Request) -> str:
    """The request's path plus query string."""
    q = request.url.query
    return request.url.path + (f"?{q}" if q else "")


def url_with(request: Request, **changes: Any) -> str:
    """The current URL with some query parameters changed (None or "" removes one)."""
    params = dict(request.query_params)
    for key, value in changes.items():
        if value is None or value == "":
            params.pop(key, None)
        else:
            params[key] = str(value)
    query = urlencode(params)
    return request.url.path + (f"?{query}" if query else "")


def safe_path(path: str | None, default: str = "/") -> str:
    """A local path to go back to (never another origin)."""
    if path and path.startswith("/") and not path.startswith("//") and "\\" not in path:
        return path
    return default
