"""Browser and site faults: the section at test scale (a real server whose Chromium is
killed under running episodes; embedded sites killed under an episode), plus focused
checks of the recovery paths: spares from a dead browser, concurrent resets during the
relaunch, and every way a site's server can die."""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

import anyio
import httpx
import psutil
import pytest

from mag_mcp.env.manager import BROWSER_CRASHED, EnvConfig, EpisodeManager
from mag_mcp.sites.runner import EmbeddedSites, accepting
from mag_mcp.tasks.registry import TaskRegistry
from soak import faults_browser
from soak.server import CHROMIUM_NAMES

pytestmark = pytest.mark.anyio


async def test_browser_and_site_faults_section_passes():
    section = await faults_browser.run("test")
    assert section.passed, section.failures()
    plan = faults_browser.PLANS["test"]
    assert section.faults_injected == plan.browser_kills + len(plan.site_kills)
    assert section.data_lost == 0
    assert section.episodes_run >= plan.browser_kills * plan.episodes
    names = {c.name for c in section.checks}
    assert "every affected episode ended with status error and the crash as its last_error" in names
    assert "a step on a dead site gives a clear error (unreachable), not a hang" in names
    assert len(section.details["first_good_reset_s"]) == plan.browser_kills
    assert {k["how"] for k in section.details["site_kills"]} == set(faults_browser.SITE_KILLS)
    assert all(r["port"] == section.details["restarts"][0]["port"] for r in section.details["restarts"])


def _browser_mains() -> set[int]:
    """Chromium browser processes (no `--type=`) under this test process."""
    out = set()
    for p in psutil.Process().children(recursive=True):
        try:
            cmd = p.cmdline()
        except psutil.Error:
            continue
        if cmd and Path(cmd[0]).name in CHROMIUM_NAMES and not any(a.startswith("--type=") for a in cmd):
            out.add(p.pid)
    return out


async def test_crash_discards_spares_and_concurrent_resets_share_one_relaunch(tmp_path):
    """A spare prepared on the dead browser is never handed out, and resets that arrive
    together after the crash start one browser between them."""
    before = _browser_mains()
    with EmbeddedSites(["shopping"], ports={"shopping": 0}, home=tmp_path / "home") as sites:
        config = EnvConfig(runs_dir=tmp_path / "runs", base_urls=sites.base_urls, spares_per_kind=1)
        async with EpisodeManager(config, TaskRegistry.builtin(), sites.stores) as manager:
            first, _, _ = await manager.reset(faults_browser.TASK_ID, "coord", "crash")
            with anyio.fail_after(60):
                while manager.preparer.spares_ready < 1:
                    await anyio.sleep(0.1)
            ours = _browser_mains() - before
            assert len(ours) == 1
            psutil.Process(ours.pop()).kill()
            with anyio.fail_after(60):
                while first.status == "running":
                    await anyio.sleep(0.1)
            assert first.status == "error" and first.last_error == BROWSER_CRASHED
            records = [json.loads(line) for line in first.writer.path.read_text().splitlines()]
            assert records[0]["type"] == "header" and records[-1]["type"] == "end"
            assert records[-1]["status"] == "error"

            episodes = []

            async def reset() -> None:
                ep, obs, _ = await manager.reset(faults_browser.TASK_ID, "coord", "after-crash")
                assert obs.url.startswith(sites.base_urls["shopping"])
                episodes.append(ep)

            with anyio.fail_after(120):
                async with anyio.create_task_group() as tg:
                    for _ in range(3):
                        tg.start_soon(reset)
            assert manager.pool.launches == 2 and manager.pool.crashes == 1
            assert len(_browser_mains() - before) == 1
            assert all(manager.pool.is_live(ep.session) for ep in episodes)
            assert manager.crash_recoveries[-1].spares_discarded == 1
            assert manager.crash_recoveries[-1].episodes_ended == 1
            for ep in episodes:
                outcome = await ep.stop("")
                assert outcome.status == "stopped"


@pytest.mark.parametrize("how", faults_browser.SITE_KILLS)
def test_dead_site_is_restarted_on_its_port(how):
    """Each way a site's server can die: refused while restarts are held, served again
    on the same port (same base URL) once released, the restart recorded with its cause."""
    with tempfile.TemporaryDirectory() as home, EmbeddedSites(["wikipedia"], ports={"wikipedia": 0},
                                                              home=Path(home)) as sites:
        url = sites.base_urls["wikipedia"]
        site = sites.servers["wikipedia"]
        assert httpx.get(url, timeout=10).status_code == 200
        with sites.restarts_held():
            faults_browser.inject_site_fault(sites, site, how)
            deadline = time.monotonic() + 15
            while accepting(sites.host, site.port, 1.0):
                assert time.monotonic() < deadline, "the site never went down"
                time.sleep(0.1)
            with pytest.raises(httpx.ConnectError):
                httpx.get(url, timeout=5)
        deadline = time.monotonic() + 30
        while not sites.restarts:
            assert time.monotonic() < deadline, "the site was not restarted"
            time.sleep(0.1)
        assert sites.base_urls["wikipedia"] == url
        assert httpx.get(url, timeout=10).status_code == 200
        restart = sites.restarts[-1]
        assert restart.site == "wikipedia" and restart.port == site.port
        expected = {"exit": "server exited", "crash": "cancelled", "socket": "refused connections",
                    "loop": "event loop ended"}[how]
        assert expected in restart.cause


async def test_a_failed_page_is_not_reloaded_when_its_site_comes_back():
    """Chromium retries a failed load by itself once the site answers again: a navigation the
    agent never made (and one that aborts the agent's next). Episodes' browsers turn that off."""
    import http.server
    import threading

    from mag_mcp.env.browser import BrowserPool
    from mag_mcp.sites.runner import free_port

    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    pool = BrowserPool()
    await pool.start()
    served: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            served.append(self.path)
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = None
    try:
        session = await pool.new_session([url])
        with pytest.raises(Exception, match="ERR_CONNECTION_REFUSED"):
            await session.page.goto(url + "failed")
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        await anyio.sleep(4)  # Chromium's first automatic retry comes about a second after the failure
        assert served == []
        await session.close()
    finally:
        if server is not None:
            server.shutdown()
        await pool.close()


async def test_work_in_flight_on_a_browser_that_dies_is_cancelled():
    """A call in flight when Chromium dies may never return (a tab being opened at that
    moment waits forever); work run through the pool is cancelled with a clear error."""
    from mag_mcp.env.browser import BrowserGone, BrowserPool

    before = _browser_mains()
    pool = BrowserPool()
    await pool.start()
    try:
        browser = pool.browser
        ours = _browser_mains() - before
        assert len(ours) == 1

        async def kill_soon() -> None:
            await anyio.sleep(0.5)
            psutil.Process(ours.pop()).kill()

        with anyio.fail_after(30):
            async with anyio.create_task_group() as tg:
                tg.start_soon(kill_soon)
                with pytest.raises(BrowserGone, match="went away"):
                    await pool.run_on(browser, anyio.sleep_forever)
        assert pool.crashes == 1 and not pool.connected
        session = await pool.new_session(["http://127.0.0.1:1/"])  # relaunched on demand
        assert pool.launches == 2 and pool.is_live(session)
        await session.close()
    finally:
        await pool.close()
