"""The review page of `mag annotate` in a real browser, on a real task: the demonstration comes
from a gold run's transcript of shopping-price-1; `mag annotate` replays it through a real MAG
server in both groundings, serves the page, and its save verifies the gold before writing."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from mag_mcp.guides.annotate_source import load_source
from mag_mcp.tasks.registry import TaskRegistry

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]
TASK = "shopping-price-1"
EDITED = "Type “lodge 10.25 inch cast” into the search box at the top of the page and press Enter."


@pytest.fixture(scope="module")
def transcript(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The transcript of a Set-of-Mark gold run of the task (what a person's successful episode looks like)."""
    out = tmp_path_factory.mktemp("gold-run")
    p = subprocess.run([sys.executable, "-m", "mag_mcp.cli", "run", "--agent", "gold", "--tasks", TASK,
                        "--grounding", "som", "--out", str(out)], check=False, capture_output=True, text=True,
                       timeout=120, stdin=subprocess.DEVNULL)
    assert p.returncode == 0, p.stderr[-2000:]
    (path,) = out.rglob("transcript.jsonl")
    return path


class Annotate:
    """A running `mag annotate --no-open` and the URL of its review page."""

    def __init__(self, *args: str, log: Path) -> None:
        self.log = log
        self.proc = subprocess.Popen([sys.executable, "-m", "mag_mcp.cli", "annotate", *args, "--no-open"],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=open(log, "w"))  # noqa: SIM115 - the process holds it
        self.url = self._wait()

    def _wait(self, timeout: float = 90) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.log.read_text()
            found = re.search(r"Review page: (http://\S+)", text)
            if found:
                return found.group(1)
            if self.proc.poll() is not None:
                raise AssertionError(f"mag annotate exited: {text[-2000:]}")
            time.sleep(0.2)
        self.stop()
        raise AssertionError(f"no review page within {timeout}s: {self.log.read_text()[-2000:]}")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        assert "Traceback" not in self.log.read_text()


@pytest.fixture
def chromium_page() -> Iterator:
    from playwright.sync_api import sync_playwright

    from mag_mcp.env.chromium import LAUNCH_ARGS, ensure_chromium

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(ensure_chromium()), args=LAUNCH_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        yield page
        browser.close()


def test_edit_approve_and_save_with_the_keyboard(tmp_path: Path, transcript: Path, chromium_page) -> None:
    """Edit a guide, approve every step with the keyboard, reload (nothing lost), save with
    Ctrl+S: the gold is verified by replay in both groundings, then written into the task file
    next to the tasks already there."""
    mine = TaskRegistry.builtin().get("shopping-price-2").model_dump(mode="json")
    mine["task_id"] = "my-own-task"
    task_file = tmp_path / "tasks.json"
    task_file.write_text(json.dumps([mine], indent=1))
    out = tmp_path / "annotate"
    run = Annotate(str(transcript), "--task-file", str(task_file), "--out", str(out), "--no-llm", "--redraft",
                   log=tmp_path / "annotate.log")
    page = chromium_page
    try:
        page.goto(run.url)
        page.wait_for_selector("#cards .card")
        cards = page.locator("#cards .card")
        assert cards.count() == 3
        assert "Replay in coordinates: the task's checker passed" in page.inner_text("#replay")
        assert "j" in page.inner_text(".keys") and "Ctrl" in page.inner_text(".keys")
        assert page.locator("#step-1 .source").inner_text() == "template draft: rewrite it"
        assert page.locator("#step-1 .coord input").count() == 3  # click, select-all, type with coordinates
        assert page.locator("#step-1 .shot img").evaluate("img => img.complete && img.naturalWidth") == 1280

        page.keyboard.press("e")
        page.keyboard.press("Control+a")
        page.keyboard.type(EDITED)
        page.keyboard.press("Escape")
        for _ in range(3):
            page.keyboard.press("a")
        page.wait_for_function("document.querySelector('#progress-text').textContent.startsWith('3 / 3')")
        assert page.locator("#step-1 .status").inner_text().lower() == "edited"
        assert page.locator("#step-3 .status").inner_text().lower() == "approved"

        page.reload()
        page.wait_for_selector("#cards .card")
        assert page.locator("#step-1 .guide").input_value() == EDITED
        assert page.inner_text("#progress-text").startswith("3 / 3")

        page.keyboard.press("Control+s")
        page.wait_for_selector("#save-status.ok, #save-status.bad", timeout=90_000)
        status = page.inner_text("#save-status")
        assert status.startswith("Saved: verified in Set-of-Mark (3 steps) and coordinates (5 steps)"), status
    finally:
        run.stop()

    saved = json.loads(task_file.read_text())
    assert [t["task_id"] for t in saved] == ["my-own-task", TASK] and saved[0] == mine
    gold = saved[1]["mag"]["gold"]
    assert gold["som"]["steps"][0]["guide"] == EDITED
    assert gold["som"]["steps"][0]["target"] == {"role": "textbox", "name": "Search", "exact": True, "nth": 0}
    assert [s["action"] for s in gold["coord"]["steps"]] == ["click", "press", "type", "click", "stop"]
    assert gold["som"]["steps"][-1] == {"action": "stop", "value": "$19.90", "enter": False,
                                        "guide": "The answer is “$19.90”."}
    verified = json.loads((out / "verify" / "gold" / "results.json").read_text())
    assert {(e["grounding"], e["success"]) for e in verified["episodes"]} == {("som", True), ("coord", True)}
    assert json.loads((out / f"{TASK}.gold.json").read_text()) == gold


def test_a_broken_step_is_reported_and_nothing_is_saved(tmp_path: Path, transcript: Path, chromium_page) -> None:
    """A step whose locator no longer matches fails its replay in both groundings; saving
    reports on the page which step failed in which grounding, and the task file is not written."""
    demo = load_source(transcript).demo
    assert demo.steps[1].action == "click"
    demo.steps[1].candidates = demo.steps[1].candidates.model_copy(
        update={"role": "link", "name": "A product that is not in the shop", "testid": None})
    path = tmp_path / "demo.json"
    demo.save(path)
    task_file = tmp_path / "tasks.json"
    args = (str(path), "--task-file", str(task_file), "--out", str(tmp_path / "annotate"), "--no-llm")
    run = Annotate(*args, log=tmp_path / "annotate.log")
    page = chromium_page
    try:
        state = httpx.get(run.url + "api/state", timeout=10).json()
        step = state["steps"][1]
        assert not step["replay"]["som"]["ok"] and not step["replay"]["coord"]["ok"]
        assert "A product that is not in the shop" in step["replay"]["coord"]["error"]
        # the replay goes on past a failing step (here the answer alone still satisfies the checker)
        assert state["replay"]["som"]["failed_steps"] == [2] and state["replay"]["coord"]["failed_steps"] == [2]
        for n in (1, 2, 3):
            r = httpx.post(f"{run.url}api/steps/{n}", json={"status": "approved"}, timeout=10)
            assert r.status_code == 200, r.text
        assert httpx.post(f"{run.url}api/steps/9", json={"status": "approved"}).status_code == 404
        assert httpx.post(f"{run.url}api/steps/1", json={"status": "maybe"}).status_code == 422

        page.goto(run.url)
        page.wait_for_selector("#cards .card")
        assert "step 2 failed" in page.inner_text("#replay")
        assert "Set-of-Mark: locate" in page.inner_text("#step-2 .replays")
        page.keyboard.press("Control+s")
        page.wait_for_selector("#save-status.ok, #save-status.bad", timeout=90_000)
        shown = page.inner_text("#save-status")
        assert shown.startswith("Not saved: verification failed; nothing was written"), shown
        assert "step 2 · Set-of-Mark · gold step 2" in shown and "step 2 · coordinates · gold step 4" in shown
        assert "failed" in (page.get_attribute("#step-2", "class") or "")
        report = httpx.get(run.url + "api/state", timeout=10).json()["last_save"]
    finally:
        run.stop()
    assert not report["ok"]
    where = {(f["grounding"], f["step"]) for f in report["failures"]}
    assert where == {("som", 2), ("coord", 2)}, report["failures"]
    assert all("A product that is not in the shop" in f["message"] for f in report["failures"])
    assert report["verified"] == {"som": False, "coord": False}
    assert not task_file.exists()

    # a second `mag annotate` on the same demonstration resumes the review instead of starting over
    again = Annotate(*args, log=tmp_path / "again.log")
    try:
        state = httpx.get(again.url + "api/state", timeout=10).json()
    finally:
        again.stop()
    assert "resuming the review" in (tmp_path / "again.log").read_text()
    assert [s["status"] for s in state["steps"]] == ["approved"] * 3 and not state["last_save"]["ok"]


def test_a_dropdown_choice_gets_its_keys_with_coordinates(tmp_path: Path) -> None:
    """map-travel-time-2 chooses a travel mode in a native dropdown: `select` with marks; with
    coordinates the replay reads off the page which keys reach the option (the built-in gold
    uses the same), and the saved gold passes verification in both groundings."""
    out = tmp_path / "gold"
    p = subprocess.run([sys.executable, "-m", "mag_mcp.cli", "run", "--agent", "gold", "--tasks", "map-travel-time-2",
                        "--grounding", "som", "--out", str(out)], check=False, capture_output=True, text=True,
                       timeout=120, stdin=subprocess.DEVNULL)
    assert p.returncode == 0, p.stderr[-2000:]
    task_file = tmp_path / "tasks.json"
    run = Annotate(str(out), "--task-file", str(task_file), "--out", str(tmp_path / "annotate"), "--no-llm",
                   log=tmp_path / "annotate.log")
    try:
        state = httpx.get(run.url + "api/state", timeout=10).json()
        choice = next(s for s in state["steps"] if s["action"] == "select")
        assert choice["replay"]["coord"]["ok"] and choice["replay"]["som"]["ok"]
        for s in state["steps"]:
            assert httpx.post(f"{run.url}api/steps/{s['number']}", json={"status": "approved"}, timeout=10).is_success
        report = httpx.post(run.url + "api/save", timeout=90).json()
    finally:
        run.stop()
    builtin = TaskRegistry.builtin().get("map-travel-time-2").mag.gold["coord"].steps
    assert [c["action"] for c in choice["coord_steps"]] == [
        'click combobox "Mode of transport"', *[f"press “{s.value}”" for s in builtin if s.action == "press"]]
    assert report["ok"], report
    saved = json.loads(task_file.read_text())[0]["mag"]["gold"]
    assert [s["value"] for s in saved["coord"]["steps"] if s["action"] == "press"] == \
        ["Control+a", "Control+a", *[s.value for s in builtin if s.action == "press"]]
