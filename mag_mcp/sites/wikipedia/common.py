"""Shared helpers of the wiki's views: the book's identity, templates and rendering."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from .markup import ARTICLE_PREFIX, BOOK, article_url

HERE = Path(__file__).parent
BOOK_TITLE = "Wikipedia"
BOOK_DESCRIPTION = "The free encyclopedia"
MAIN_PAGE = "Main_Page"
MAIN_PAGE_URL = f"{ARTICLE_PREFIX}{MAIN_PAGE}"
LANDING_SLUG = "User:The_other_Kiwix_guy/Landing"  # WebArena's start page of this book
RANDOM_URL = f"/random?{urlencode({'content': BOOK})}"

templates = Jinja2Templates(directory=str(HERE / "templates"))


def search_url(pattern: str, start: int | None = None, page_length: int | None = None) -> str:
    params: dict[str, Any] = {"content": BOOK, "pattern": pattern}
    if start:
        params["start"] = start
    if page_length:
        params["pageLength"] = page_length
    return "/search?" + urlencode(params)


def thousands(n: int) -> str:
    return f"{n:,}"


templates.env.filters.update(thousands=thousands, article_url=article_url)
templates.env.globals.update(BOOK=BOOK, BOOK_TITLE=BOOK_TITLE, MAIN_PAGE_URL=MAIN_PAGE_URL, RANDOM_URL=RANDOM_URL,
                             article_url=article_url, search_url=search_url, IMAGE_PREFIX=f"/{BOOK}/I/")


def render(request: Request, name: str, context: dict[str, Any], status_code: int = 200) -> Response:
    ctx = {"pattern": "", "show_topbar": True}
    ctx.update(context)
    return templates.TemplateResponse(request, name, ctx, status_code=status_code)


def not_found(request: Request, missing: str | None = None) -> Response:
    """Kiwix's 404 page, with a full-text search suggestion for the missing title."""
    path = request.url.path
    if missing is None and path.startswith(ARTICLE_PREFIX):
        missing = path[len(ARTICLE_PREFIX):].replace("_", " ")
    return render(request, "404.html", {"title": "Content not found", "missing_url": path,
                                        "suggestion": (missing or "").strip()}, status_code=404)
