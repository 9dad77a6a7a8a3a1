"""The scripts MAG runs in pages, and the constants of settling.

Every document of an episode gets `init_script`: settle.js (navigation and DOM
signals; navigations, windows, WebSockets and WebRTC to other origins refused
before they start) and som.js as `window.__magSom`, so
the per-step calls (`ARM_JS`, `PROBE_JS`, `NUMBERS_MARK_AND_DRAW_JS`, `DESCRIBE_JS`) are
a few bytes each.
"""

from __future__ import annotations

import anyio
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from mag_mcp.env.interception import js_origins
from mag_mcp.env.som import env_script, overlay_script, som_script

NAV_START_TIMEOUT_S = 1.5  # a navigation the page has signalled must start within this
DOM_QUIET_MS = 40  # the DOM counts as settled after this long without a mutation...
DOM_QUIET_CAP_MS = 500  # ...or after this long in all (pages that animate forever)
NETWORK_IDLE_CAP_S = 1.0  # requests a staying action started are awaited this long at most
OVERLAY_REMOVAL_TIMEOUT_S = 3.0  # a page that does not answer keeps no overlay: it is replaced

# Before an action: note the page's navigation count and forget pending events.
ARM_JS = """() => {
  const s = window.__magSettle;
  if (!s) return null;
  s.pending = [];
  return s.navigations;
}"""

# After an action: let queued tasks run, then report whether a navigation is on its
# way; if not, wait for the DOM to go quiet (bounded) and report again.
PROBE_JS = """async ([before, quietMs, capMs]) => {
  const s = window.__magSettle;
  if (!s) return [false, []];
  const signalled = () => s.navigations > before || s.pending.some(e => !e.defaultPrevented);
  const answer = () => { const r = [signalled(), s.refused]; s.refused = []; return r; };
  await new Promise(r => setTimeout(r, 0));
  if (signalled()) return answer();
  await new Promise(r => setTimeout(r, 0));  // tasks the first turn queued (a script's form.submit())
  if (signalled()) return answer();
  const t0 = performance.now();
  while (performance.now() - s.lastMutation < quietMs && performance.now() - t0 < capMs) {
    await new Promise(r => setTimeout(r, 10));
    if (signalled()) return answer();
  }
  return answer();
}"""


# The page's numbers, then the marks collected and drawn in the page, in one round trip.
# som.js is installed in every document (as `window.__magSom`, see `init_script`), so the calls
# below are short; a document without it (one that began before the session) gets the
# whole script instead (`_som_call`). The answer is one JSON string: Playwright's own
# serialisation of the marks as objects costs ~10 ms more on a page of 80 marks.
_NUMBERS_MARK_AND_DRAW = """(som) => {{
  const numbers = ({numbers})();
  const marks = som(null);
  ({overlay})(marks);
  return JSON.stringify({{numbers, marks}});
}}"""
INSTALLED_SOM = "window.__magSom"
NO_SOM = "__mag_no_som__"


def _som_call(body: str, som: str | None = None) -> str:
    """`body` (a function of som.js and `arg`) bound to `som`, or to the installed som.js
    (answering NO_SOM where the document does not have it)."""
    if som is not None:
        return f"(arg) => ({body})({som}, arg)"
    return f"(arg) => {INSTALLED_SOM} ? ({body})({INSTALLED_SOM}, arg) : {NO_SOM!r}"


# The numbers of the page's visible text (page_numbers.js), for the transcript's step record.
PAGE_NUMBERS_JS = env_script("page_numbers.js")
_MARKING = _NUMBERS_MARK_AND_DRAW.format(numbers=PAGE_NUMBERS_JS.strip(), overlay=overlay_script().strip())
NUMBERS_MARK_AND_DRAW_JS = _som_call(_MARKING)
NUMBERS_MARK_AND_DRAW_FULL_JS = _som_call(_MARKING, f"({som_script()})")
DESCRIBE_JS = _som_call("(som, arg) => som(arg)")


async def remove_overlay(page: Page) -> None:
    try:
        with anyio.fail_after(OVERLAY_REMOVAL_TIMEOUT_S):
            await page.evaluate(overlay_script(), None)
    except (PlaywrightError, TimeoutError):
        pass  # the page is gone, navigating or hung (then it is replaced): the overlay went with it


def init_script(allowed_base_urls: list[str]) -> str:
    """What runs in every document of an episode before the page's own scripts."""
    settle = env_script("settle.js").replace("__MAG_ALLOWED_ORIGINS__", js_origins(allowed_base_urls))
    return settle + f"\n{INSTALLED_SOM} = {INSTALLED_SOM} || ({som_script().strip()});"
