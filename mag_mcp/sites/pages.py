"""Page plumbing the embedded sites share: flash messages carried in a cookie across a
redirect, rendering with them, commit-then-redirect (PRG), form endpoints that do their
database work in the thread pool, and a guard that sends guests to a sign-in page.

Each site keeps its own look: it passes its templates, its context and its cookie name.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import quote, unquote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.templating import Jinja2Templates

from .base import db

MAX_FLASH = 5


class Flash:
    """Messages shown once on the next page, in a cookie named per site."""

    def __init__(self, cookie: str) -> None:
        self.cookie = cookie

    def read(self, request: Request) -> list[list[str]]:
        raw = request.cookies.get(self.cookie)
        if not raw:
            return []
        try:
            return [[str(k), str(t)] for k, t in json.loads(unquote(raw))][:MAX_FLASH]
        except (ValueError, TypeError):
            return []

    def set(self, response: Response, kind: str, text: str) -> None:
        response.set_cookie(self.cookie, quote(json.dumps([[kind, text]])), path="/", httponly=True, samesite="lax")

    def consumed(self, request: Request, response: Response) -> None:
        if request.cookies.get(self.cookie):
            response.delete_cookie(self.cookie, path="/")


def render_page(templates: Jinja2Templates, flash: Flash, request: Request, name: str, ctx: dict[str, Any],
                context: dict[str, Any] | None, status_code: int = 200) -> Response:
    """Render `name` with the site's `ctx`, the view's `context` on top, and the flash messages
    (plus any `messages` the view passes) under `messages`."""
    context = dict(context or {})
    ctx = {**ctx, "messages": flash.read(request) + context.pop("messages", [])}
    ctx.update(context)
    resp = templates.TemplateResponse(request, name, ctx, status_code=status_code)
    flash.consumed(request, resp)
    return resp


def commit_redirect(flash: Flash, request: Request, url: str, message: str | None = None,
                    kind: str = "success") -> Response:
    """Commit the request's writes before the browser can follow, then answer 303 (PRG),
    optionally with a flash message."""
    db(request).commit()
    resp = RedirectResponse(url, status_code=303)
    if message:
        flash.set(resp, kind, message)
    return resp


async def read_form(request: Request, lists: bool = False) -> dict[str, Any]:
    """The submitted form's text fields; with `lists`, repeated `key[]` fields become lists."""
    form = await request.form()
    data: dict[str, Any] = {}
    for k, v in form.multi_items():
        if not isinstance(v, str):
            continue
        if lists and k.endswith("[]"):
            data.setdefault(k, []).append(v)
        else:
            data[k] = v
    await form.close()
    return data


def form_view(fn: Callable[[Request, dict[str, str]], Response]) -> Callable:
    """Turn a sync `fn(request, form)` into an async endpoint that reads the form first; the
    database work still runs in the thread pool, never on the event loop."""

    @wraps(fn)
    async def endpoint(request: Request) -> Response:
        data = await read_form(request)
        return await run_in_threadpool(fn, request, data)

    return endpoint


def guest_guard(signed_in: Callable[[Request], Any], to_login: Callable[[Request], Response],
                path_params: bool = False) -> Callable[[Callable], Callable]:
    """A decorator for sync GET views: guests are sent to the sign-in page (and back after).
    The view gets `(request, *args)`, or `(request, **path_params)` with `path_params`."""

    def decorate(fn: Callable) -> Callable:
        @wraps(fn)
        def view(request: Request, *args: Any) -> Response:
            if signed_in(request) is None:
                return to_login(request)
            return fn(request, **request.path_params) if path_params else fn(request, *args)

        return view

    return decorate
