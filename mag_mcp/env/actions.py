"""Execute protocol actions on a browser session with Playwright.

`execute` returns None on success or a short error the agent will read;
it never raises for the agent's mistakes.
"""

from __future__ import annotations

import logging
import time

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeout

from mag_core.observations import Mark
from mag_core.protocol import VIEWPORT_HEIGHT, Action
from mag_mcp.env.session import NAV_TIMEOUT_S, BrowserSession
from mag_mcp.env.tab_health import TabTrouble, within

log = logging.getLogger(__name__)

ACTION_TIMEOUT_MS = 5_000
# The longest any action may take (a navigation's own limit, and a margin); an action on a page
# whose script never ends waits on the page for ever otherwise (mouse events wait for its answer).
ACTION_DEADLINE_S = NAV_TIMEOUT_S + 5
SCROLL_FRACTION = 0.8

_FOCUSED_EDITABLE_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const tag = el.tagName.toLowerCase();
  const t = (el.getAttribute('type') || 'text').toLowerCase();
  const ok = el.isContentEditable || tag === 'textarea' ||
    (tag === 'input' && !['button','submit','reset','image','checkbox','radio','range','color','file','hidden'].includes(t));
  return ok && !el.disabled && !el.readOnly ? tag : ('!' + tag);
}"""


# After a wheel event: wait (frame by frame) until the scroll position under the point
# has moved and stopped moving, or has not moved for a few frames (nothing to scroll).
_SCROLL_DONE_JS = """async ([x, y]) => {
  const at = () => {
    let t = window.scrollY;
    for (let el = document.elementFromPoint(x, y); el; el = el.parentElement) t += el.scrollTop;
    return t;
  };
  const frame = () => new Promise(r => requestAnimationFrame(r));
  const start = at(), t0 = performance.now();
  let last = start, still = 0;
  while (performance.now() - t0 < 1000) {
    await frame();
    const now = at();
    still = now === last ? still + 1 : 0;
    last = now;
    if (still >= (now === start ? 4 : 2)) break;
  }
}"""


class ActionError(Exception):
    """An action that could not be carried out; the message is for the agent."""


def _short(e: Exception) -> str:
    msg = str(e).split("\n", 1)[0]
    return msg[:200]


def _mark(marks: list[Mark], mark_id: int) -> Mark:
    for m in marks:
        if m.id == mark_id:
            return m
    span = f"valid marks are 1–{len(marks)}" if marks else "no marks are visible"
    raise ActionError(f"mark {mark_id} is not on the page ({span}; marks are renewed at every observation)")


# Actions Playwright itself waits on (or that cannot start a navigation in the page).
_WAITED_KINDS = {"goto", "go_back", "go_forward", "tab_focus", "close_tab"}


async def execute(session: BrowserSession, action: Action, marks: list[Mark]) -> None:
    """Carry out one action on the active tab and settle; raise ActionError with a clear message.

    A tab that crashed or stopped responding (before or during the action) is replaced
    and the error says so (tab_health.py). Phases (ms) go to `session.timings`: `action`,
    then `settle` (waiting on the page's own signals: a navigation it announced, DOM
    quiet, requests in flight)."""
    baseline = session.nav_count()
    t0 = time.perf_counter()
    try:
        armed = None if action.kind in _WAITED_KINDS else await session.arm()
        t1 = time.perf_counter()
        page = await session.ensure_page()
        try:
            await within(_execute(session, action, marks), ACTION_DEADLINE_S)
        except ActionError:
            raise
        except TimeoutError as e:
            raise await session.trouble(page) or ActionError(
                f"{action.kind} did not finish within {ACTION_DEADLINE_S:.0f} s") from e
        except PlaywrightTimeout as e:
            raise await session.trouble(page, e) or ActionError(f"{action.kind} timed out: {_short(e)}") from e
        except PlaywrightError as e:
            raise await session.trouble(page, e) or ActionError(f"{action.kind} failed: {_short(e)}") from e
        finally:
            t2 = time.perf_counter()
            await session.settle_after(baseline, armed)
            session.timings.update(arm=(t1 - t0) * 1000, action=(t2 - t1) * 1000,
                                   settle=(time.perf_counter() - t2) * 1000)
    except TabTrouble as e:
        raise ActionError(session.own_report(e)) from e


async def _execute(session: BrowserSession, a: Action, marks: list[Mark]) -> None:
    page = await session.ensure_page()
    k = a.kind
    if k == "goto":
        url = (a.text or "").strip()
        reason = session.guard.check(url)
        if reason:
            session.blocked.append(f"goto {reason}")
            raise ActionError(f"blocked: {reason}")
        try:
            await page.goto(url, wait_until="load", timeout=NAV_TIMEOUT_S * 1000)
        except PlaywrightError as e:
            if session.blocked:
                raise ActionError(f"blocked: {session.blocked[-1]}") from e
            raise
        return
    if k == "go_back":
        await page.go_back(timeout=NAV_TIMEOUT_S * 1000)
        return
    if k == "go_forward":
        await page.go_forward(timeout=NAV_TIMEOUT_S * 1000)
        return
    if k == "tab_focus":
        try:
            await session.focus_tab(a.tab or 0)
        except ValueError as e:
            raise ActionError(str(e)) from e
        return
    if k == "close_tab":
        await session.close_tab()
        return
    if k == "press":
        await page.keyboard.press(a.text or "")
        return
    if k == "scroll":
        dy = int(VIEWPORT_HEIGHT * SCROLL_FRACTION) * (1 if a.direction == "down" else -1)
        if a.x is not None and a.y is not None:
            await page.mouse.move(a.x, a.y)
            await page.mouse.wheel(0, dy)
            await page.evaluate(_SCROLL_DONE_JS, [a.x, a.y])
        else:
            await page.evaluate("dy => window.scrollBy(0, dy)", dy)
        return
    if a.mark is not None:
        await _mark_action(page, a, _mark(marks, a.mark))
        return
    await _coord_action(page, a)


async def _mark_action(page, a: Action, mark: Mark) -> None:  # type: ignore[no-untyped-def]
    loc = page.locator(f'[data-mag-mark="{mark.id}"]')
    if await loc.count() == 0:
        raise ActionError(f"mark {mark.id} is gone from the page (it changed); observe again")
    label = f'{mark.role} "{mark.name}"'
    # Clicks and hovers land where the mark was drawn: its centre passed the
    # occlusion test when the observation was taken, and the page has not
    # changed since (marks are renewed at every observation).
    cx, cy = mark.bbox.center
    if a.kind == "click":
        await page.mouse.click(cx, cy)
    elif a.kind == "hover":
        await page.mouse.move(cx, cy)
    elif a.kind == "type":
        if mark.tag == "select":
            raise ActionError(f"cannot type into {label}: it is a dropdown; use select [{mark.id}] [option]")
        if not mark.editable:
            raise ActionError(f"cannot type into {label}: it is not an editable field")
        await loc.first.fill(a.text or "", timeout=ACTION_TIMEOUT_MS)
        if a.enter:
            await loc.first.press("Enter", timeout=ACTION_TIMEOUT_MS)
    elif a.kind == "select":
        if mark.tag != "select":
            raise ActionError(f"cannot select in {label}: it is not a dropdown")
        options = await loc.first.evaluate(
            "el => Array.from(el.options).map(o => [o.label || o.text, o.value])"
        )
        wanted = (a.text or "").strip()
        for label_text, value in options:
            if label_text.strip() == wanted or value == wanted:
                await loc.first.select_option(value=value, timeout=ACTION_TIMEOUT_MS)
                return
        for label_text, value in options:
            if label_text.strip().lower() == wanted.lower():
                await loc.first.select_option(value=value, timeout=ACTION_TIMEOUT_MS)
                return
        names = ", ".join(repr(o[0].strip()) for o in options[:15])
        raise ActionError(f"{label} has no option {wanted!r}; options: {names}")
    else:
        raise ActionError(f"'{a.kind}' does not take a mark")


async def _coord_action(page, a: Action) -> None:  # type: ignore[no-untyped-def]
    if a.kind == "click":
        await page.mouse.click(a.x, a.y)
    elif a.kind == "double_click":
        await page.mouse.dblclick(a.x, a.y)
    elif a.kind == "hover":
        await page.mouse.move(a.x, a.y)
    elif a.kind == "type":
        focused = await page.evaluate(_FOCUSED_EDITABLE_JS)
        if focused is None:
            raise ActionError("no field has focus: click a text field first, then type")
        if focused == "!select":
            # a focused dropdown takes typing as a person's keyboard gives it: its type-ahead
            # jumps to the first option that starts with what is typed (Enter then chooses it)
            await page.keyboard.type(a.text or "")
        elif focused.startswith("!"):
            raise ActionError(f"the focused element ({focused[1:]}) is not an editable field: click a text field first")
        else:
            await page.keyboard.insert_text(a.text or "")
        if a.enter:
            await page.keyboard.press("Enter")
    else:
        raise ActionError(f"'{a.kind}' is not a coordinate action")
