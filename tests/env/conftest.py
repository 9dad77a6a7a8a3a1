"""Two local web servers for environment tests: an allowed origin full of
traps (links, redirects, popups, downloads leaving it) and a forbidden one
that counts every request it gets."""

from __future__ import annotations

import threading
import time

import anyio
import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from mag_mcp.env.browser import BrowserPool
from mag_mcp.sites.runner import listening_socket


def _red_png() -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (120, 120), (220, 0, 0)).save(out, format="PNG")
    return out.getvalue()


SLOW_DOC_S, SLOW_IMG_S, SLOW_DATA_S = 0.8, 0.6, 0.4


def slow_routes() -> list[Route]:
    """A slow page: its document, its image and the data its script fetches all arrive late.
    Settling must wait for every part of it, yet never by sleeping a fixed time."""

    async def slow_home(_: Request) -> HTMLResponse:
        return HTMLResponse("""<!doctype html><title>Slow home</title>
<a href="/slow">Slow page</a>
<button type="button" id="more" onclick="fetch('/slow-data').then(r => r.text()).then(t => {
  const b = document.createElement('button'); b.textContent = t; document.body.appendChild(b); })">Fetch more</button>
<button type="button" onclick="this.textContent = 'Clicked once'">Toggle</button>""")

    async def slow_page(_: Request) -> HTMLResponse:
        await anyio.sleep(SLOW_DOC_S)
        return HTMLResponse("""<!doctype html><title>Slow page</title>
<img id="late-img" src="/slow-img" width="120" height="120" alt="late">
<script>fetch('/slow-data').then(r => r.text()).then(t => {
  const b = document.createElement('button'); b.textContent = t; document.body.appendChild(b); });</script>""")

    async def slow_img(_: Request) -> Response:
        await anyio.sleep(SLOW_IMG_S)
        return Response(_red_png(), media_type="image/png")

    async def slow_data(_: Request) -> Response:
        await anyio.sleep(SLOW_DATA_S)
        return Response("Loaded late", media_type="text/plain")

    return [Route("/slow-home", slow_home), Route("/slow", slow_page), Route("/slow-img", slow_img),
            Route("/slow-data", slow_data)]


class TrapSites:
    def __init__(self) -> None:
        # sockets bound now, so no other process can take the ports before the servers start
        self._sockets = [listening_socket("127.0.0.1", 0), listening_socket("127.0.0.1", 0)]
        self.allowed_port, self.forbidden_port = (s.getsockname()[1] for s in self._sockets)
        self.forbidden_hits: list[str] = []
        self._servers: list[uvicorn.Server] = []
        self._threads: list[threading.Thread] = []

    @property
    def allowed(self) -> str:
        return f"http://127.0.0.1:{self.allowed_port}"

    @property
    def forbidden(self) -> str:
        return f"http://127.0.0.1:{self.forbidden_port}"

    def app_allowed(self) -> Starlette:
        out = self.forbidden

        async def home(_: Request) -> HTMLResponse:
            return HTMLResponse(f"""<!doctype html><html><head><title>Trap home</title></head><body>
<h1>Traps</h1>
<a href="/next">Next page</a>
<a href="{out}/steal">Other port</a>
<a href="http://example.invalid/">Other host</a>
<a href="/redirect-out">Redirect out</a>
<a href="/redirect-in">Redirect in</a>
<a href="/download">Download file</a>
<a href="{out}/popup" target="_blank">Popup out</a>
<a href="/next" target="_blank">Popup in</a>
<a href="file:///etc/passwd">Local file</a>
<a href="data:text/html,<h1>data</h1>">Data URL</a>
<form method="post" action="/post"><label for="q">Query</label><input id="q" name="q">
<button type="submit">Send</button></form>
<button type="button" onclick="window.open('{out}/js-popup')">Script popup</button>
<button type="button" onclick="location.href='{out}/js-nav'">Script navigation</button>
<div style="position:relative;height:60px"><button id="covered" type="button">Covered button</button>
<div style="position:absolute;inset:0;background:#eee">overlay</div></div>
<button type="button" style="display:none">Hidden button</button>
<button type="button" style="position:absolute;top:3000px">Far button</button>
</body></html>""", headers={"set-cookie": "trap=1; Path=/"})

        async def nxt(r: Request) -> HTMLResponse:
            return HTMLResponse(f"<title>Next</title><p>cookie={r.cookies.get('trap')} q={r.query_params.get('q')}</p>")

        async def post(r: Request) -> RedirectResponse:
            form = await r.form()
            return RedirectResponse(f"/next?q={form['q']}", 303)

        async def download(_: Request) -> Response:
            return Response(b"x" * 64, media_type="application/octet-stream",
                            headers={"content-disposition": "attachment; filename=secret.bin"})

        return Starlette(routes=[
            *slow_routes(),
            Route("/", home), Route("/next", nxt), Route("/post", post, methods=["POST"]),
            Route("/redirect-out", lambda _: RedirectResponse(f"{out}/redirected", 302)),
            Route("/redirect-in", lambda _: RedirectResponse("/next", 302)),
            Route("/download", download),
        ])

    def app_forbidden(self) -> Starlette:
        async def any_path(r: Request) -> HTMLResponse:
            self.forbidden_hits.append(str(r.url))
            return HTMLResponse("<title>Forbidden origin</title>you should not be here")

        return Starlette(routes=[Route("/{path:path}", any_path)])

    def start(self) -> None:
        for app, sock in zip((self.app_allowed(), self.app_forbidden()), self._sockets, strict=True):
            server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
            thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
            thread.start()
            self._servers.append(server)
            self._threads.append(thread)
        deadline = time.monotonic() + 10
        while not all(s.started for s in self._servers):
            if time.monotonic() > deadline:
                raise RuntimeError("trap servers did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        for s in self._servers:
            s.should_exit = True
        for t in self._threads:  # the servers stop serving their sockets before they are closed
            t.join(timeout=10)
        for sock in self._sockets:
            sock.close()


@pytest.fixture(scope="module")
def traps():
    t = TrapSites()
    t.start()
    yield t
    t.stop()


@pytest.fixture
async def pool():
    p = BrowserPool()
    await p.start()
    yield p
    await p.close()
