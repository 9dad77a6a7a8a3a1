"""Chromium's switches: MAG's features are merged into Playwright's own list (Chromium
keeps only the last `--disable-features`), and a browser context no longer gets the
omnibox popup's WebUI renderer, which a headless episode never shows."""

from __future__ import annotations

import pytest

from mag_mcp.env.browser import BrowserPool
from mag_mcp.env.chromium import LAUNCH_ARGS, UNUSED_FEATURES, playwright_disabled_features


def test_one_disable_features_switch_keeps_playwrights_list():
    switches = [a for a in LAUNCH_ARGS if a.startswith("--disable-features=")]
    assert len(switches) == 1
    features = switches[0].removeprefix("--disable-features=").split(",")
    ours = playwright_disabled_features()
    # read from the installed driver, not the fallback copy: it has entries the copy lacks
    assert "AvoidCorsURLLoaderRestartOnRedirect" in ours and "msForceBrowserSignIn" in ours
    assert features[: len(ours)] == ours
    assert set(UNUSED_FEATURES) <= set(features)


@pytest.mark.anyio
async def test_context_has_no_omnibox_popup_renderer(pool: BrowserPool):
    session = await pool.new_session(["http://127.0.0.1:9"])
    browser = pool._browser
    assert browser is not None
    cdp = await browser.new_browser_cdp_session()
    targets = (await cdp.send("Target.getTargets"))["targetInfos"]
    urls = [t["url"] for t in targets]
    assert any(t["type"] == "page" for t in targets)
    assert not [u for u in urls if u.startswith("chrome://")], urls
    await session.close()
