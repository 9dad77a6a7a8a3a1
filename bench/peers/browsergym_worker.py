"""BrowserGym as a benchmark peer: a worker that runs inside BrowserGym's own
environment (`bench/.peers/browsergym-venv`, set up by `python -m bench.peers.setup`)
and is driven over JSON lines by `bench.peers.browsergym.BrowserGymSubject`.

It imports only the standard library, BrowserGym and the Playwright (1.44) that
BrowserGym pins: it never imports MAG.

Protocol, one JSON object a line, one reply per command:

    {"op": "start", "base_url": "...", "chromium": "/path/to/chromium",
     "pre_observation_delay": 0.5, "slow_mo": null, "plan": {...PagePlan fields...}}
    {"op": "reset"}
    {"op": "step", "kind": "click_stay" | "scroll" | "click_focus" | "type" | "goto" | "click_nav"}
    {"op": "close"}

    -> {"ok": true, "phases": {"total": ms, ...}, "url": "..."}   or   {"ok": false, "error": "..."}

(`url`: the page's url in the latest observation, a check that the step did its work.)

Timings are taken here, around BrowserGym's own calls, so the pipe is not counted.

What is measured
----------------
The environment is `browsergym.core.env.BrowserEnv` with `browsergym.core.task.OpenEndedTask`
(start_url = the shop's home page), headless, viewport 1280x720, and a
`HighLevelActionSet(subsets=["coord", "nav"], strict=False, multiaction=False,
demo_mode="off")`, so every step is one BrowserGym action string:

- click_stay / click_focus / click_nav: `mouse_click(x, y)`
- scroll: `scroll_at(x, y, 0, dy)` (the "coord" subset's scroll: `page.mouse.move(x, y)`
  then `page.mouse.wheel(0, dy)`; the plain `scroll(dx, dy)` belongs to the "bid" subset
  and wheels wherever the mouse is)
- type: `keyboard_type(text)` (`page.keyboard.type`, no Enter)
- goto: `goto(url)`

Phases of a step, from the timestamps BrowserGym puts in its `info` dict:
`action` (action_exec_start..stop), `wait` (wait_for_page_loading_start..stop: the
`pre_observation_delay` sleep, then `domcontentloaded` on every page and frame),
`validate` (the task's validate(), trivial for an open-ended task), `observation`
(get_observation_start..stop: marking the DOM, DOM snapshot, merged AX tree, focused
element, extra element properties, CDP screenshot), `env` (the whole `env.step` call),
then `som_overlay`: BrowserGym's own Set-of-Mark drawing
(`browsergym.utils.obs.overlay_som(obs["screenshot"], obs["extra_element_properties"])`),
what a vision agent on BrowserGym shows its model. `total` = `env` + `som_overlay`.
A reset reports `env` (the whole `env.reset`), `som_overlay` and `total`.
Both also report `viewport_restore`, which is not part of `total` (see below).

The two configurations (chosen by the caller through `pre_observation_delay` and `slow_mo`):

- waits at default: `pre_observation_delay=0.5` (BrowserEnv's default) and `slow_mo`
  unset, so the task's own default applies: `AbstractBrowserTask.slow_mo = 1000` ms,
  which `OpenEndedTask` keeps. Playwright then sleeps that long after each input or
  navigation call on the page's browser (`mouse.click`, `mouse.move`, `mouse.wheel`,
  `keyboard.type`, `goto`, ...; not after evaluate or CDP calls), so each
  BrowserGym action takes about a second more (`scroll_at` two seconds: move + wheel),
  and so does a reset (the task's `page.goto`).
- waits at zero: `pre_observation_delay=0` and `slow_mo=0` (BrowserEnv's override of
  the task's value; BrowserGym logs a warning that it overrides the task). These are
  the artificial delays that arguments control. The others are left as they are: the
  0.5 s retry sleep in `_get_obs` (only after a failed extraction, not on the normal
  path), and `_wait_dom_loaded` (a real wait for `domcontentloaded`, up to 3 s per page
  and frame, which returns at once on a loaded page). `demo_mode="off"` (no cursor
  animation or typing delay) in both configurations; `wait_for_user_message` is False
  (its default).

Facts about BrowserGym 0.14.3 that shape the numbers
----------------------------------------------------
- Every `env.reset()` tears everything down and relaunches: it closes the previous
  task, context, chat and browser, then launches a new Chromium for the page, a new
  context and page, and a *second* Chromium for the chat window (`browsergym.core.chat.Chat`
  calls `pw.chromium.launch` itself, even when headless, and adds two chat messages).
  So a BrowserGym reset includes two browser launches and two browser closes.
- The chat's browser is launched without `pw_chromium_kwargs`, so it ignores the
  `executable_path` given for the page's browser and looks for Playwright 1.44's own
  Chromium build, which is not installed (MAG does not need it, and it cannot be
  downloaded on an offline machine). Rather than patch BrowserGym, this worker
  points Playwright's documented `PLAYWRIGHT_BROWSERS_PATH` at a small directory under
  `bench/.peers/` whose `chromium-<revision>/chrome-linux/chrome` is a link to the same
  system Chromium, so both browsers are the same binary.
- Steps do not touch the chat (no message is added unless the task sends one).
- The viewport. BrowserGym's screenshot (`extract_screenshot`) opens its own CDP
  session, sets `Emulation.setDeviceMetricsOverride`, captures, sets the metrics again
  ("restore") and detaches. With a current Chromium (156 when this was written, far
  newer than the 125 that Playwright 1.44 pins), detaching that session clears the device-metrics
  emulation altogether, including Playwright's own 1280x720 viewport: after the first
  observation the page falls back to the headless window (780x493 inside), while
  `page.viewport_size` still says 1280x720. Coordinates meant for 1280x720 then miss
  (the search box is off-screen, the typed text lands on the body and its space
  scrolls the page); each screenshot still comes out 1280x720, since it sets the
  metrics while capturing. So after every reset and step, outside the timed calls,
  the worker sets the 1280x720 metrics again through a CDP session of its own and
  checks `innerWidth`/`innerHeight`, so each action meets the page BrowserGym
  expects; the time this takes is reported as `viewport_restore`, left out of
  `total`. (Playwright 1.44's Chromium could not be downloaded to compare; the
  alternative, BrowserEnv's `resizeable_window=True`, sizes the window instead but
  leaves a 1280x633 page in new headless mode.)
- With `pre_observation_delay=0`, a click that starts a navigation (click_nav) can
  race the extraction ("Execution context was destroyed"); `_get_obs` then retries
  after its fixed 0.5 s sleep, so that step sometimes pays half a second.
- The Playwright driver (a Node process) is started once, in `start`, through
  BrowserGym's global Playwright instance, so no reset pays for it.
"""

from __future__ import annotations

import json
import os
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Run as a script, this file's folder leads sys.path, and its neighbour browsergym.py
# (the MAG side) would shadow the browsergym package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
PEERS_DIR = HERE.parent / ".peers"  # bench/.peers
VIEWPORT = {"width": 1280, "height": 720}


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def _provide_playwright_chromium(chromium: str) -> None:
    """Make the system Chromium visible as Playwright 1.44's own build (for the chat's
    browser, which BrowserGym launches without an executable path)."""
    import playwright

    browsers_json = Path(playwright.__file__).parent / "driver" / "package" / "browsers.json"
    revision = next(b["revision"] for b in json.loads(browsers_json.read_text())["browsers"] if b["name"] == "chromium")
    root = PEERS_DIR / "playwright-1.44-browsers"
    exe = root / f"chromium-{revision}" / "chrome-linux" / "chrome"
    exe.parent.mkdir(parents=True, exist_ok=True)
    if exe.is_symlink() and (os.readlink(exe) != chromium or not exe.exists()):
        exe.unlink()
    if not exe.exists():
        exe.symlink_to(chromium)
    os.environ["PLAYWRIGHT_BROWSERS_PATH"] = str(root)  # read when the driver starts


def _actions(plan: dict, base_url: str) -> dict[str, str]:
    bx, by = plan["blank"]
    sx, sy = plan["search"]
    px, py = plan["product"]
    cx, cy = plan["scroll_at"]
    return {
        "click_stay": f"mouse_click({bx}, {by})",
        "scroll": f"scroll_at({cx}, {cy}, 0, {plan['scroll_dy']})",
        "click_focus": f"mouse_click({sx}, {sy})",
        "type": f"keyboard_type({plan['text']!r})",
        "goto": f"goto({base_url + plan['home_path']!r})",
        "click_nav": f"mouse_click({px}, {py})",
    }


class Worker:
    def __init__(self) -> None:
        self.env = None
        self.actions: dict[str, str] = {}
        self.url = ""  # the page's url in the last observation
        self._cdp = None  # our own CDP session on the page, to restore its viewport
        self._cdp_page = None

    def start(self, base_url: str, chromium: str, pre_observation_delay: float, slow_mo: int | None,
              plan: dict) -> dict:
        _provide_playwright_chromium(chromium)
        import browsergym.core
        from browsergym.core.action.highlevel import HighLevelActionSet
        from browsergym.core.env import BrowserEnv
        from browsergym.core.task import OpenEndedTask

        base_url = base_url.rstrip("/")
        self.actions = _actions(plan, base_url)
        action_set = HighLevelActionSet(subsets=["coord", "nav"], strict=False, multiaction=False, demo_mode="off")
        t = time.perf_counter()
        browsergym.core._get_global_playwright()  # the driver, once (BrowserEnv starts it lazily otherwise)
        driver_ms = _ms(time.perf_counter() - t)
        self.env = BrowserEnv(
            task_entrypoint=OpenEndedTask,
            task_kwargs={"start_url": base_url + plan["home_path"]},
            headless=True,
            viewport=dict(VIEWPORT),
            pw_chromium_kwargs={"executable_path": chromium},
            action_mapping=action_set.to_python_code,
            pre_observation_delay=pre_observation_delay,
            slow_mo=slow_mo,  # None: the task's default (1000 ms)
        )
        return {"driver_start": driver_ms}

    @staticmethod
    def _som(obs: dict) -> float:
        from browsergym.utils.obs import overlay_som

        t = time.perf_counter()
        overlay_som(obs["screenshot"], obs["extra_element_properties"])
        return _ms(time.perf_counter() - t)

    def _restore_viewport(self) -> float:
        """Put the 1280x720 emulation back after an observation dropped it (see the
        module docstring); untimed by the caller's total. Returns the time it took."""
        t = time.perf_counter()
        page = self.env.page
        if self._cdp_page is not page:
            self._cdp = page.context.new_cdp_session(page)
            self._cdp_page = page
        want = [VIEWPORT["width"], VIEWPORT["height"]]
        size = None
        for _ in range(3):  # the renderer applies the metrics asynchronously; a navigation may be under way
            self._cdp.send("Emulation.setDeviceMetricsOverride", {
                "width": want[0], "height": want[1], "deviceScaleFactor": 1, "mobile": False,
            })
            try:
                page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=want, timeout=2000)
                return _ms(time.perf_counter() - t)
            except Exception:
                try:
                    size = page.evaluate("() => [innerWidth, innerHeight]")
                except Exception as e:
                    size = repr(e)
        raise RuntimeError(f"the page's viewport stays {size}, not {want[0]}x{want[1]}")

    def reset(self) -> dict:
        t = time.perf_counter()
        obs, _info = self.env.reset()
        env_ms = _ms(time.perf_counter() - t)
        som_ms = self._som(obs)
        self.url = obs["url"]
        self._cdp = self._cdp_page = None  # a new browser and page
        restore_ms = self._restore_viewport()
        return {"env": env_ms, "som_overlay": som_ms, "total": round(env_ms + som_ms, 3),
                "viewport_restore": restore_ms}

    def step(self, kind: str) -> dict:
        action = self.actions[kind]
        t = time.perf_counter()
        obs, _reward, _terminated, _truncated, info = self.env.step(action)
        env_ms = _ms(time.perf_counter() - t)
        if obs.get("last_action_error"):
            raise RuntimeError(f"{action}: {obs['last_action_error']}")
        som_ms = self._som(obs)
        self.url = obs["url"]
        try:
            restore_ms = self._restore_viewport()
        except RuntimeError as e:
            raise RuntimeError(f"after {action}: {e}") from None

        def span(name: str) -> float:
            return _ms(info[f"{name}_stop"] - info[f"{name}_start"])

        return {
            "action": span("action_exec"),
            "wait": span("wait_for_page_loading"),
            "validate": span("validation"),
            "observation": span("get_observation"),
            "env": env_ms,
            "som_overlay": som_ms,
            "total": round(env_ms + som_ms, 3),
            "viewport_restore": restore_ms,
        }

    def close(self) -> dict:
        self._cdp = self._cdp_page = None
        if self.env is not None:
            self.env.close()
            self.env = None
        import browsergym.core

        pw = browsergym.core._PLAYWRIGHT
        if pw is not None:
            pw.stop()
            browsergym.core._set_global_playwright(None)
        return {}


def main() -> None:
    # Replies go to the real stdout; anything a library prints goes to stderr instead.
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "w", buffering=1)
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    worker = Worker()
    for line in sys.stdin:
        if not line.strip():
            continue
        op = None
        try:
            cmd = json.loads(line)
            op = cmd.get("op")
            if op == "start":
                slow_mo = cmd.get("slow_mo")
                phases = worker.start(cmd["base_url"], cmd["chromium"], float(cmd.get("pre_observation_delay", 0.5)),
                                      None if slow_mo is None else int(slow_mo), cmd["plan"])
            elif op == "reset":
                phases = worker.reset()
            elif op == "step":
                phases = worker.step(cmd["kind"])  # raises with the action's text
            elif op == "close":
                phases = worker.close()
            else:
                raise ValueError(f"unknown op {op!r}")
            reply = {"ok": True, "phases": phases, "url": worker.url}
        except Exception as e:  # report, keep serving (the caller decides)
            traceback.print_exc(file=sys.stderr)
            reply = {"ok": False, "error": f"{type(e).__name__}: {e}"}
        replies.write(json.dumps(reply) + "\n")
        if op == "close":
            break


if __name__ == "__main__":
    main()
