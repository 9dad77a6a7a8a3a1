"""Playwright MCP (`@playwright/mcp` 0.0.83, vision capability) as a benchmark subject.

The server is started with Node over stdio (installed by `python -m bench.peers.setup`
under `bench/.peers/node`) and driven with the `mcp` client library, exactly as an
agent would drive it; every time is taken on the client side, around the tool calls
(what an agent waits for), transport included. The server's stderr goes to
`bench/.peers/logs/<name>.log`.

Server flags: `--headless --browser chromium --executable-path <system Chromium>
--isolated --caps vision --viewport-size 1280x720 --no-sandbox --output-dir <temp dir>`
(a temporary directory, removed on close, in place of the default `.playwright-mcp`
under the working directory; the server also runs there). All else is left at its defaults, notably
`--timeout-settle` (500 ms), `--snapshot-mode` (full) and `--image-responses` (allow).

What the tools return (0.0.83, as observed): every result has a "Ran Playwright code"
section; `browser_navigate`, `browser_mouse_click_xy` and `browser_type` with
`slowly` also take the page's full accessibility snapshot, which this version writes
to a `.yml` file in the output directory (12-16 kB on the shop) and links from the
result ("### Snapshot"), with the page's URL and title, instead of inlining it
(`--snapshot-mode none` would skip the snapshot; it is kept, as the default).
`browser_take_screenshot` returns the PNG inline (an image part, about 200 kB of
base64) and also writes it to the output directory.

Each call: one tool call for the action, then `browser_take_screenshot` (scale "css",
PNG): the observation a vision agent on Playwright MCP asks for. Phases: `action`,
`screenshot`, `total` (their sum).

- reset: `browser_navigate` to the home page, then the screenshot. The browser is
  launched once, in `start` (Playwright MCP launches it lazily on the first tool call;
  `start` makes that call), so a reset is a navigation in the same browser and
  context: no new context, cookies and storage are kept.
- click_stay / click_focus / click_nav: `browser_mouse_click_xy` (vision). It waits
  for completion: the click, then a fixed settle of `--timeout-settle` (500 ms, a
  `setTimeout` in the page); if the click started a navigation, the `load` event
  (up to 10 s); otherwise the requests it started (up to 5 s) and, if there were any,
  another settle; then the accessibility snapshot (above).
- scroll: `browser_mouse_wheel` (vision) with deltaY = PLAN.scroll_dy. It has no
  position argument: it wheels wherever the previous click left the mouse (in the
  script, the search box in the page's header), and the document scrolls from there.
  Moving the mouse to PLAN.scroll_at first would take another tool call
  (`browser_mouse_move_xy`, with its own round trip); it is not made, which favours
  this peer. The wheel neither waits nor settles, and takes no snapshot.
- type: Playwright MCP has no tool that types into the focused element without a
  target: `browser_type` needs `target` (a snapshot ref or a selector) and
  `browser_press_key` presses one key. So `browser_type` with target `:focus`
  (the CSS selector of the focused element, the search box after `click_focus`)
  and `slowly: true` (`locator.pressSequentially`: keyboard events per character,
  as the other subjects type; the default would `fill` the field at once, with no
  settle and no snapshot). With `slowly` it waits for completion as a click does
  (500 ms settle) and takes a snapshot.
- goto: `browser_navigate` (waits for `domcontentloaded`; takes a snapshot).

`chromium` is the browser to drive; None means `mag_mcp.env.chromium.system_chromium()`.

A step whose tool the server does not list returns None (with 0.0.83 every step
kind has one).
"""

from __future__ import annotations

import shutil
import tempfile
import time
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from bench.common import PLAN, StepKind
from bench.peers import PeerUnavailable, peer_chromium
from bench.peers.setup import LOG_DIR, playwright_mcp_cli

VIEWPORT = "1280x720"
SCREENSHOT = ("browser_take_screenshot", {"scale": "css", "type": "png"})


class PlaywrightMCPSubject:
    def __init__(self, name: str, chromium: str | Path | None = None) -> None:
        self.name = name
        self.chromium = chromium  # None: the system Chromium
        self.tools: set[str] = set()  # the tools the server lists
        self._client: Client | None = None
        self._stack: AsyncExitStack | None = None
        self._out_dir: Path | None = None
        self._home = ""
        self._steps: dict[str, tuple[str, dict[str, Any]]] = {}

    async def _tool(self, name: str, args: dict[str, Any]) -> float:
        assert self._client is not None, f"{self.name}: not started"
        t = time.perf_counter()
        r = await self._client.call_tool(name, args)
        ms = (time.perf_counter() - t) * 1000
        if r.is_error:
            text = " ".join(getattr(c, "text", "") for c in r.content)
            raise RuntimeError(f"{self.name}: {name}: {text.strip()[:500]}")
        return ms

    async def _act_and_look(self, name: str, args: dict[str, Any]) -> dict[str, float]:
        action = await self._tool(name, args)
        screenshot = await self._tool(*SCREENSHOT)
        return {"action": action, "screenshot": screenshot, "total": action + screenshot}

    async def start(self, base_url: str) -> None:
        cli = playwright_mcp_cli()
        if cli is None:
            raise PeerUnavailable("Playwright MCP is not installed (run `python -m bench.peers.setup`)")
        chromium = peer_chromium(self.chromium, "Playwright MCP")
        node = shutil.which("node")
        if node is None:
            raise PeerUnavailable("Playwright MCP needs Node.js (node is not on PATH)")
        self._home = base_url.rstrip("/") + PLAN.home_path
        self._out_dir = Path(tempfile.mkdtemp(prefix="mag-bench-playwright-mcp-"))
        LOG_DIR.mkdir(parents=True, exist_ok=True)
        stack = AsyncExitStack()
        try:
            log = stack.enter_context((LOG_DIR / f"{self.name}.log").open("w"))
            params = StdioServerParameters(
                command=node,
                args=[
                    str(cli), "--headless", "--browser", "chromium", "--executable-path", str(chromium),
                    "--isolated", "--caps", "vision", "--viewport-size", VIEWPORT, "--no-sandbox",
                    "--output-dir", str(self._out_dir),
                ],
                cwd=self._out_dir,
            )
            self._client = await stack.enter_async_context(
                Client(stdio_client(params, errlog=log), mode="legacy", read_timeout_seconds=120)
            )
            self._stack = stack
        except BaseException:
            await stack.aclose()
            raise
        self.tools = {t.name for t in (await self._client.list_tools()).tools}
        bx, by = PLAN.blank
        sx, sy = PLAN.search
        px, py = PLAN.product
        wanted: dict[str, tuple[str, dict[str, Any]]] = {
            "click_stay": ("browser_mouse_click_xy", {"x": bx, "y": by}),
            "scroll": ("browser_mouse_wheel", {"deltaX": 0, "deltaY": PLAN.scroll_dy}),
            "click_focus": ("browser_mouse_click_xy", {"x": sx, "y": sy}),
            "type": ("browser_type", {"target": ":focus", "text": PLAN.text, "slowly": True}),
            "goto": ("browser_navigate", {"url": self._home}),
            "click_nav": ("browser_mouse_click_xy", {"x": px, "y": py}),
        }
        self._steps = {k: v for k, v in wanted.items() if v[0] in self.tools}
        missing = {"browser_navigate", SCREENSHOT[0]} - self.tools
        if missing:
            raise PeerUnavailable(f"Playwright MCP lacks {', '.join(sorted(missing))}")
        await self.reset()  # launches the browser (lazily, on the first tool call)

    async def reset(self) -> dict[str, float]:
        return await self._act_and_look("browser_navigate", {"url": self._home})

    async def step(self, kind: StepKind) -> dict[str, float] | None:
        if kind not in self._steps:
            return None  # no equivalent tool
        return await self._act_and_look(*self._steps[kind])

    async def close(self) -> None:
        stack, self._stack, self._client = self._stack, None, None
        try:
            if stack is not None:
                await stack.aclose()
        finally:
            if self._out_dir is not None:
                shutil.rmtree(self._out_dir, ignore_errors=True)
                self._out_dir = None
