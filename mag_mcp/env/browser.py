"""One Chromium per server process; one browser context per episode."""

from __future__ import annotations

import logging
from pathlib import Path

import anyio
from playwright.async_api import Browser, Playwright, async_playwright

from mag_mcp.env.chromium import LAUNCH_ARGS, system_chromium
from mag_mcp.env.session import BrowserSession
from mag_mcp.protocol import VIEWPORT_HEIGHT, VIEWPORT_WIDTH

log = logging.getLogger(__name__)


class BrowserPool:
    """Owns the Playwright driver and the one Chromium; hands out sessions."""

    def __init__(self) -> None:
        self._pw: Playwright | None = None
        self._browser: Browser | None = None
        self._lock = anyio.Lock()
        self.executable: str | None = None

    async def start(self) -> None:
        async with self._lock:
            if self._browser and self._browser.is_connected():
                return
            if self._pw is None:
                self._pw = await async_playwright().start()
            own = Path(self._pw.chromium.executable_path)
            exe = None if own.exists() else system_chromium()
            if not own.exists() and exe is None:
                raise RuntimeError(
                    "no Chromium found: run `make install`, `playwright install chromium`, or set MAG_CHROMIUM"
                )
            self.executable = str(exe or own)
            log.info("launching Chromium %s", self.executable)
            self._browser = await self._pw.chromium.launch(
                headless=True, executable_path=str(exe) if exe else None, args=LAUNCH_ARGS
            )

    @property
    def browser_version(self) -> str:
        return self._browser.version if self._browser else ""

    async def new_session(
        self,
        allowed_base_urls: list[str],
        cookies: list[dict] | None = None,
        headers: dict[str, str] | None = None,
    ) -> BrowserSession:
        if self._browser is None or not self._browser.is_connected():
            await self.start()
        assert self._browser is not None
        context = await self._browser.new_context(
            viewport={"width": VIEWPORT_WIDTH, "height": VIEWPORT_HEIGHT},
            device_scale_factor=1,
            accept_downloads=False,
            service_workers="block",
            extra_http_headers=headers or {},
            locale="en-US",
            timezone_id="America/New_York",
        )
        if cookies:
            await context.add_cookies(cookies)
        session = BrowserSession(context, allowed_base_urls)
        await session.start()
        return session

    async def close(self) -> None:
        async with self._lock:
            if self._browser:
                try:
                    await self._browser.close()
                except Exception:  # already gone
                    pass
                self._browser = None
            if self._pw:
                await self._pw.stop()
                self._pw = None
