"""Isolation: an episode cannot read or change another episode's state by any means an
agent has, and a page cannot either.

- Through the real MCP tools of a running server: two episodes of the shop; A puts a
  product in its cart and signs out; B then tries every way an agent could reach A's
  state: URLs carrying A's episode id (which is also A's state key) in the query, the
  path or the fragment, and guessed paths (state files, debug pages, path traversal).
  B's cart never shows A's product, B stays signed in, the guessed paths serve the
  site's own pages and nothing else (also fetched directly with B's state header), and
  the shared default state is byte for byte unchanged.
- In the browser: a page's own `X-MAG-State` header never replaces its context's, so a
  script cannot select another state; the sites refuse a request naming two states or
  the default one.
"""

from __future__ import annotations

import hashlib
import sqlite3
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import anyio
import httpx
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse
from starlette.routing import Route

from mag_mcp.agents.client import MagClient
from mag_mcp.env.browser import BrowserPool
from mag_mcp.sites.base import STATE_HEADER, SiteSpec, SiteStateStore, StateMiddleware, state_key_of
from mag_mcp.sites.runner import listening_socket
from soak.models import Check

TASK_ID = "shopping-buy-1"  # starts on the shop's home page, signed in
SECRET_MARKERS = ("SQLite format 3", "CREATE TABLE", "import ", "def ")


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else "missing"


def _in_stock_product(db: Path) -> tuple[int, str, str]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        return conn.execute("SELECT id, slug, name FROM products WHERE status = 1 AND qty >= 20 ORDER BY id").fetchone()
    finally:
        conn.close()


def _cart_products(db: Path) -> set[int]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        return {r[0] for r in conn.execute("SELECT product_id FROM cart_items")}
    finally:
        conn.close()


class Agent:
    """One episode driven through the MCP tools, with what it saw last."""

    def __init__(self, c: MagClient, episode_id: str, observation: dict[str, Any]) -> None:
        self.c, self.id, self.obs = c, episode_id, observation

    @classmethod
    async def start(cls, c: MagClient, run_id: str) -> Agent:
        r = await c.call("reset", {"task_id": TASK_ID, "grounding": "som", "run_id": run_id})
        obs = r.structured_content["observation"]
        return cls(c, obs["episode_id"], obs)

    async def goto(self, url: str) -> dict[str, Any]:
        r = await self.c.call("goto_url", {"episode_id": self.id, "url": url, "guide": "Open the page."})
        self.obs = r.structured_content["observation"]
        return self.obs

    async def click(self, css: str) -> dict[str, Any]:
        spot = (await self.c.call("locate", {"episode_id": self.id, "css": css})).structured_content
        r = await self.c.call("click", {"episode_id": self.id, "mark": spot["mark"], "guide": "Click the button."})
        self.obs = r.structured_content["observation"]
        return self.obs

    def names(self) -> set[str]:
        return {m["name"] for m in self.obs.get("marks") or []}


async def mcp_isolation(c: MagClient, state_dir: Path, run_id: str = "isolation") -> tuple[list[Check], int, int]:
    """The isolation scenarios through a real server's tools; returns (checks, episodes, steps)."""
    default_db = state_dir / "default.sqlite"
    default_before = await anyio.to_thread.run_sync(file_digest, default_db)
    a, b = await Agent.start(c, run_id), await Agent.start(c, run_id)
    shop = a.obs["url"].rstrip("/")
    steps = 0
    pid, slug, name = await anyio.to_thread.run_sync(_in_stock_product, state_dir / f"{a.id}.sqlite")
    await a.goto(f"{shop}/{slug}.html")
    await a.click("#product-addtocart-button")
    await a.goto(f"{shop}/customer/account/logout/")
    steps += 3
    a_cart = await anyio.to_thread.run_sync(_cart_products, state_dir / f"{a.id}.sqlite")
    checks = [Check(name="an episode's own change lands in its own state", passed=pid in a_cart and "Sign In" in a.names(),
                    detail=f"A's cart holds product {pid}: {pid in a_cart}; A signed out: {'Sign In' in a.names()}")]

    tried, leaked = [], []
    variants = [f"/checkout/cart/?state={a.id}", f"/checkout/cart/?x-mag-state={a.id}",
                f"/checkout/cart/?episode_id={a.id}", f"/checkout/cart/?{STATE_HEADER}={a.id}&key={a.id}",
                f"/{a.id}/checkout/cart/", f"/checkout/cart/{a.id}", f"/checkout/cart/#{a.id}"]
    for path in variants:
        obs = await b.goto(shop + path)
        steps += 1
        tried.append(path)
        if name in b.names() or obs.get("last_error"):
            leaked.append(f"{path}: {obs.get('last_error') or 'shows A product'}")
    b_cart = await anyio.to_thread.run_sync(_cart_products, state_dir / f"{b.id}.sqlite")
    await b.goto(shop + "/")
    steps += 1
    signed_in = "Sign Out" in b.names()
    checks.append(Check(
        name="URLs with another episode's id never reach its state", passed=not leaked and pid not in b_cart,
        detail=f"{len(tried)} URLs tried by B with A's id; B's cart holds A's product: {pid in b_cart}"
               + (f"; {leaked[0]}" if leaked else "")))
    checks.append(Check(name="cookies are per episode (A signed out, B still signed in)", passed=signed_in,
                        detail=f"B shows 'Sign Out': {signed_in}"))

    guessed = [f"/{a.id}.sqlite", f"/state/shopping/{a.id}.sqlite", "/state", "/debug", "/__state__", "/_mag/state",
               "/.env", "/static/%2e%2e/app.py", "/static/..%2f..%2fbase.py", "/static/%2e%2e/%2e%2e/%2e%2e/state",
               f"/media/catalog/product/..%2f..%2f{a.id}.sqlite", "/admin", "/default.sqlite"]
    exposed = []
    async with httpx.AsyncClient(timeout=30, headers={STATE_HEADER: b.id}, follow_redirects=True) as http:
        for path in guessed:
            obs = await b.goto(shop + path)
            steps += 1
            r = await http.get(shop + path)
            text = r.content[:200_000].decode("latin-1")
            hits = [m for m in SECRET_MARKERS if m in text] + ([name] if name in text else [])
            if hits or not obs["url"].startswith(shop):
                exposed.append(f"{path}: {hits or obs['url']}")
    checks.append(Check(name="guessed state and debug paths serve nothing of any episode", passed=not exposed,
                        detail=f"{len(guessed)} paths tried through goto and over HTTP with B's header"
                               + (f"; {exposed[0]}" if exposed else "")))
    for agent in (a, b):
        await c.stop(agent.id, "")
        steps += 1
    default_after = await anyio.to_thread.run_sync(file_digest, default_db)
    checks.append(Check(name="the shared default state is untouched by episodes", passed=default_before == default_after,
                        detail=f"default.sqlite sha256 {default_before[:12]} before, {default_after[:12]} after"))
    return checks, 2, steps


def _echo_seed(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()


def state_echo_store(root: Path) -> SiteStateStore:
    """A site whose page `/who` answers the state key its request was served from."""
    spec = SiteSpec(key="state-echo", title="State echo", default_port=0, base_path="", seed_version="1",
                    build_seed=_echo_seed, create_app=lambda store: StateMiddleware(_echo_app(), store))
    return SiteStateStore(spec, root)


def _echo_app() -> Starlette:
    async def who(r: Request) -> PlainTextResponse:
        return PlainTextResponse(state_key_of(r))

    async def home(_: Request) -> HTMLResponse:
        return HTMLResponse("<!doctype html><title>State echo</title><p>echo</p>")

    return Starlette(routes=[Route("/who", who), Route("/", home)])


FORGE_JS = """async (key) => {
  const out = [];
  for (const headers of [{'X-MAG-State': key}, {'x-mag-state': 'default'}, {'X-MAG-State': key + ', default'}]) {
    out.push(await (await fetch('/who', {headers})).text());
  }
  return out;
}"""


async def page_cannot_choose_state(pool: BrowserPool) -> list[Check]:
    """A page's script forging `X-MAG-State`, and requests naming two states or the default one."""
    with tempfile.TemporaryDirectory(prefix="mag-state-echo-") as tmp:
        store = state_echo_store(Path(tmp))
        for key in ("episode-a", "episode-b"):
            store.create(key)
        sock = listening_socket("127.0.0.1", 0)
        server = uvicorn.Server(uvicorn.Config(store.spec.create_app(store), log_level="warning"))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        deadline = time.monotonic() + 10
        while not server.started and time.monotonic() < deadline:
            await anyio.sleep(0.02)
        base = f"http://127.0.0.1:{sock.getsockname()[1]}"
        try:
            session = await pool.new_session([base], headers={STATE_HEADER: "episode-a"})
            try:
                await session.page.goto(base + "/")
                seen = await session.page.evaluate(FORGE_JS, "episode-b")
            finally:
                await session.close()
            async with httpx.AsyncClient(base_url=base, timeout=10) as http:
                two = await http.get("/who", headers=[(STATE_HEADER, "episode-a"), (STATE_HEADER, "episode-b")])
                default = await http.get("/who", headers={STATE_HEADER: "default"})
                unknown = await http.get("/who", headers={STATE_HEADER: "episode-z"})
        finally:
            server.should_exit = True
            await anyio.to_thread.run_sync(thread.join, 10)
            sock.close()
    return [
        Check(name="a page's script cannot select another state", passed=seen == ["episode-a"] * 3,
              detail=f"forged headers answered by states {seen}"),
        Check(name="the sites refuse two states, the default one by name, and unknown ones",
              passed=(two.status_code, default.status_code, unknown.status_code) == (400, 410, 410),
              detail=f"two states: {two.status_code}, 'default': {default.status_code}, unknown: {unknown.status_code}"),
    ]
