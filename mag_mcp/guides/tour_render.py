"""Write a tour (mag_mcp.guides.export) in the formats of `mag export-guide`.

- json: the `Tour` model.
- driverjs: one JavaScript file that, run in a page of the live site, shows the tour
  with driver.js and keeps it going across page loads. It bundles driver.js, its
  stylesheet, `tour_runtime.js`, som.js (so elements are named as when recorded) and
  the tour; it loads nothing from the network.
- html: a self-contained page that plays the tour over the episode's screenshots
  (embedded as JPEG data URIs) and offers the script as a userscript (with @match
  lines) and as a bookmarklet.

driver.js is vendored (vendor/driverjs, MIT): version 1.8.0, the newest on npm, which
has `advanceOnClick` (used for click steps) and `waitForElement`. The runtime looks
for elements itself instead of using `waitForElement`, which only works when driver.js
drives a list of steps on one page and takes one selector, not ranked fallbacks.
"""

from __future__ import annotations

import base64
import io
import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Literal
from urllib.parse import quote, urlsplit

from jinja2 import Environment, FileSystemLoader, select_autoescape
from PIL import Image

from mag_mcp.env.som import som_script
from mag_mcp.guides.export import Tour, TourStep

Format = Literal["json", "driverjs", "html"]
FORMATS: tuple[Format, ...] = ("json", "driverjs", "html")
FILE_NAMES: dict[Format, str] = {"json": "tour.json", "driverjs": "tour.js", "html": "tour.html"}
DRIVER_JS_VERSION = "1.8.0"
SCREENSHOT_WIDTH = 960  # embedded screenshots are scaled to this width and stored as JPEG
SCREENSHOT_QUALITY = 70
VIEWPORT = (1280, 720)  # the size of recorded screenshots and of the boxes on them

_HOW: dict[str, str] = {
    "click": "Click the highlighted element to go on.",
    "double_click": "Double-click the highlighted element to go on.",
    "change": "Choose the option to go on.",
    "hover": "Point at the highlighted element to go on.",
    "navigate": "The button in the popover takes you there.",
    "next": "Click Next when done.",
    "done": "The end of the tour.",
}


@cache
def _package_text(*parts: str) -> str:
    return resources.files("mag_mcp.guides").joinpath(*parts).read_text(encoding="utf-8")


def tour_json(tour: Tour) -> str:
    return tour.model_dump_json(indent=2) + "\n"


def tour_script(tour: Tour, mode: Literal["auto", "manual"] = "auto") -> str:
    """The driver.js script of `tour`. mode auto: start when the page matches step 1
    and resume after page loads (for injection on every page); manual: start or resume
    now (for a bookmarklet)."""
    license_text = _package_text("vendor", "driverjs", "LICENSE").replace("*/", "* /").rstrip()
    data = json.dumps(tour.model_dump(mode="json"), ensure_ascii=True)
    return "\n".join([
        f"/* MAG tour {tour.id} (task {tour.task_id}), written by `mag export-guide`.",
        f"   It includes driver.js {DRIVER_JS_VERSION} (https://www.npmjs.com/package/driver.js), under this license:",
        "",
        license_text,
        "*/",
        "(function () {",
        "  var ns = {};",
        "  (function () {",
        _package_text("vendor", "driverjs", "driver.js.iife.js").rstrip(),
        "  }).call(ns);",
        "  var runtime = (",
        _package_text("tour_runtime.js").rstrip(),
        "  );",
        "  var describe = (",
        som_script().rstrip(),
        "  );",
        f"  var css = {json.dumps(_package_text('vendor', 'driverjs', 'driver.css').strip())};",
        f"  runtime(ns.driver.js.driver, describe, css).run({data}, {{mode: {json.dumps(mode)}}});",
        "})();",
        "",
    ])


def default_matches(tour: Tour) -> list[str]:
    """Userscript @match patterns for the sites the tour was recorded on: scheme, host
    and base path, any port (a match pattern without a port matches every port)."""
    out: list[str] = []
    for base in tour.sites.values():
        parts = urlsplit(base)
        pattern = f"{parts.scheme}://{parts.hostname}{parts.path.rstrip('/') or '/'}*"
        if pattern not in out:
            out.append(pattern)
    return out


def userscript(tour: Tour, matches: list[str]) -> str:
    """The script as a userscript: a userscript manager runs it on every matching page,
    so the tour resumes after each page load."""
    title = " ".join(tour.title.split())
    lines = ["// ==UserScript==", f"// @name         MAG tour: {title[:80]}", "// @namespace    mag-tours",
             f"// @version      {tour.version}", f"// @description  {title}"]
    lines += [f"// @match        {m}" for m in matches]
    lines += ["// @grant        none", "// @run-at       document-idle", "// ==/UserScript==", ""]
    return "\n".join(lines) + tour_script(tour, "auto")


def bookmarklet(tour: Tour) -> str:
    """A javascript: URL that starts or resumes the tour on the page it is clicked on
    (it has to be clicked again after each page load)."""
    return "javascript:" + quote(tour_script(tour, "manual"), safe="!$&'()*+,-./:;=?@_~[]{}")


def tour_html(tour: Tour, episode_dir: Path, matches: list[str]) -> str:
    """The self-contained HTML page: the tour over the screenshots, the userscript and
    the bookmarklet."""
    env = Environment(loader=FileSystemLoader(str(Path(__file__).parent)),
                      autoescape=select_autoescape(default=True), trim_blocks=True, lstrip_blocks=True)
    views = [_step_view(step, episode_dir) for step in tour.steps]
    return env.get_template("tour_page.html.j2").render(
        tour=tour, steps=views, userscript=userscript(tour, matches), bookmarklet=bookmarklet(tour),
        matches=matches, driver_version=DRIVER_JS_VERSION,
    )


def render(tour: Tour, fmt: Format, episode_dir: Path, matches: list[str] | None = None) -> str:
    """`tour` in format `fmt`; userscript @match patterns default to `default_matches`."""
    if fmt == "json":
        return tour_json(tour)
    if fmt == "driverjs":
        return tour_script(tour)
    return tour_html(tour, episode_dir, matches or default_matches(tour))


def _step_view(step: TourStep, episode_dir: Path) -> dict[str, object]:
    """What the page template shows for one step: the screenshot, the box of the
    element in percent of the screenshot, and where the popover goes."""
    width, height = VIEWPORT
    view: dict[str, object] = {"step": step, "image": _screenshot_uri(episode_dir, step.screenshot),
                               "how": _how(step), "box": None}
    if step.target:
        b = step.target.bbox
        view["box"] = {"left": 100 * b.x / width, "top": 100 * b.y / height,
                       "width": 100 * b.width / width, "height": 100 * b.height / height}
        # the popover sits below the element, or above it in the lower half of the screen
        view["below"] = b.y + b.height / 2 < height / 2
        view["card_left"] = min(max(0.0, 100 * b.x / width), 70.0)
        view["card_top"] = 100 * (b.y + b.height) / height
        view["card_bottom"] = 100 * (height - b.y) / height
    return view


def _how(step: TourStep) -> str:
    if step.advance == "type":
        return "Type the text, then press Enter." if step.enter else "Type the text; the tour goes on when it is in."
    if step.advance == "key":
        return f"Press {step.value} to go on."
    return _HOW[step.advance]


def _screenshot_uri(episode_dir: Path, name: str | None) -> str | None:
    if not name or not (episode_dir / name).is_file():
        return None
    img = Image.open(episode_dir / name).convert("RGB")
    if img.width > SCREENSHOT_WIDTH:
        img = img.resize((SCREENSHOT_WIDTH, round(img.height * SCREENSHOT_WIDTH / img.width)), Image.LANCZOS)
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=SCREENSHOT_QUALITY, optimize=True)
    return "data:image/jpeg;base64," + base64.b64encode(buf.getvalue()).decode("ascii")
