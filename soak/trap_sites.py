"""Two local web servers for escape tests: an allowed origin full of traps (links, forms,
scripts, redirects, frames, sub-resources and popups that try to leave it, pages that
allocate without bound or never stop) and a forbidden origin that counts every
connection it gets, so "never contacted" is measured, not assumed.

The forbidden origin is a plain TCP server: a WebSocket handshake, a beacon or a bare
preconnect counts exactly like a page load. Each trap aims at `/hit/<trap name>`, so a
hit names the path that leaked.
"""

from __future__ import annotations

import asyncio
import io
import threading
import time
from urllib.parse import quote

import anyio
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from mag_mcp.sites.runner import listening_socket
from soak.trap_pages import WORKER_JS, abuse_pages, trap_pages

CONNECTION_WITHOUT_REQUEST = "(a connection without a request)"


def _red_png() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (120, 120), (220, 0, 0)).save(out, format="PNG")
    return out.getvalue()


class ForbiddenOrigin:
    """A TCP server that answers every connection with a small page and records it
    (the request line, or that none came)."""

    def __init__(self) -> None:
        self.socket = listening_socket("127.0.0.1", 0)
        self.port = self.socket.getsockname()[1]
        self.hits: list[str] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.base_events.Server | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        index = len(self.hits)
        self.hits.append(CONNECTION_WITHOUT_REQUEST)  # counted at once: a connection is a contact
        try:
            line = await asyncio.wait_for(reader.readline(), timeout=5)
        except (TimeoutError, ConnectionError):
            line = b""
        self.hits[index] = line.decode("latin-1").strip() or CONNECTION_WITHOUT_REQUEST
        body = b"<title>Forbidden origin</title>you should not be here"
        try:
            writer.write(b"HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: "
                         + str(len(body)).encode() + b"\r\nconnection: close\r\n\r\n" + body)
            await writer.drain()
        except ConnectionError:
            pass
        finally:
            writer.close()

    def start(self) -> None:
        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop

            async def main() -> None:
                self._server = await asyncio.start_server(self._handle, sock=self.socket)
                self._ready.set()
                await self._server.serve_forever()

            try:
                loop.run_until_complete(main())
            except asyncio.CancelledError:
                pass
            finally:
                loop.close()

        self._thread = threading.Thread(target=run, name="forbidden-origin", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the forbidden origin did not start")

    def stop(self) -> None:
        if self._loop is not None and self._server is not None:
            self._loop.call_soon_threadsafe(self._server.close)
            for task in asyncio.all_tasks(self._loop):
                self._loop.call_soon_threadsafe(task.cancel)
        if self._thread is not None:
            self._thread.join(timeout=10)
        self.socket.close()


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
    """The allowed origin (`allowed`) and the forbidden one (`forbidden`, its `forbidden_hits`)."""

    def __init__(self) -> None:
        # sockets bound now, so no other process can take the ports before the servers start
        self._socket = listening_socket("127.0.0.1", 0)
        self.allowed_port = self._socket.getsockname()[1]
        self._forbidden = ForbiddenOrigin()
        self.forbidden_port = self._forbidden.port
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def allowed(self) -> str:
        return f"http://127.0.0.1:{self.allowed_port}"

    @property
    def forbidden(self) -> str:
        return f"http://127.0.0.1:{self.forbidden_port}"

    @property
    def forbidden_hits(self) -> list[str]:
        """Every connection the forbidden origin received, as its request line."""
        return self._forbidden.hits

    def hits_of(self, name: str) -> list[str]:
        """The forbidden origin's hits that trap `name` caused."""
        return [h for h in self._forbidden.hits if hit_name(h) == name]

    def app_allowed(self) -> Starlette:
        out = self.forbidden
        pages = {**trap_pages(self.allowed, out, self.forbidden_port), **abuse_pages()}

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

        async def trap(r: Request) -> HTMLResponse:
            name = r.path_params["name"]
            if name == "landing":
                return HTMLResponse("<!doctype html><title>Landing</title><p>an allowed page</p>")
            body = pages.get(name)
            if body is None:
                return HTMLResponse("<title>No such trap</title>", status_code=404)
            title = "" if "<title>" in body else f"<title>Trap {name}</title>"
            return HTMLResponse(f"<!doctype html><html><head>{title}</head><body>{body}</body></html>")

        async def redirect(r: Request) -> Response:
            code = int(r.path_params["code"])
            return Response(status_code=code, headers={"location": r.query_params.get("to", "/t/landing")})

        async def chain(r: Request) -> RedirectResponse:
            return RedirectResponse("/r/302?to=" + quote(r.query_params.get("to", "/t/landing"), safe=""), 302)

        async def worker(r: Request) -> Response:
            script = WORKER_JS.get(r.query_params.get("kind", ""), "").replace("TO", repr(r.query_params.get("to", "")))
            return Response(script, media_type="text/javascript")

        return Starlette(routes=[
            *slow_routes(),
            Route("/", home), Route("/next", nxt), Route("/post", post, methods=["POST"]),
            Route("/redirect-out", lambda _: RedirectResponse(f"{out}/redirected", 302)),
            Route("/redirect-in", lambda _: RedirectResponse("/next", 302)),
            Route("/download", download),
            Route("/t/{name}", trap),
            Route("/r/chain", chain),
            Route("/r/{code:int}", redirect, methods=["GET", "POST"]),
            Route("/worker.js", worker),
            Route("/robots.txt", lambda _: PlainTextResponse("")),
        ])

    def start(self) -> None:
        self._forbidden.start()
        self._server = uvicorn.Server(uvicorn.Config(self.app_allowed(), log_level="warning"))
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [self._socket]}, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("trap servers did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:  # the server stops serving its socket before it is closed
            self._thread.join(timeout=10)
        self._socket.close()
        self._forbidden.stop()

    def __enter__(self) -> TrapSites:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def hit_name(hit: str) -> str | None:
    """The trap a hit came from: the name after `/hit/` in its request line."""
    parts = hit.split(" ")
    path = parts[1] if len(parts) > 1 else ""
    if "/hit/" not in path:
        return None
    return path.split("/hit/", 1)[1].split("?", 1)[0].split("/", 1)[0]
