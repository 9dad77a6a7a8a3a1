"""The agent never sees the reference (an MCP client keeps one conversation across episodes:
whatever `stop` or `get_transcript` says about the first try of a task, it knows on the second).

Over a real `mag serve --transport http` process, a right and a wrong answer to a string_match,
a url_match, a program_html and a state_check task, in both groundings: no reference value of the
task (every string of its eval block, placeholders resolved, the expected rows' values) appears in
what the client receives once the episode is over (the results of `stop`, `get_transcript`,
`observe` and `abandon`), apart from what the agent itself sent or saw (its answer, the pages it
visited, the text it typed). The transcript on disk still holds the checker's full verdict. A
server started with `--reveal-checks` does return it, says so in every transcript header, and
`mag score` marks the run not eligible for a leaderboard: the same detector finds the references
there, which shows it would have found a leak.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mag_servers import start_http_server, wait_http_server

from evaluators.models import GuideInput, GuideVerdict
from evaluators.scoring import ScoringSetup, score_run
from mag_core.tasks import Grounding, Task, resolve_placeholders
from mag_core.tool_results import StepResult
from mag_core.transcripts import TRANSCRIPT_NAME, read_transcript
from mag_mcp.agents.client import MagClient, ToolCallError, connect
from mag_mcp.agents.gold import gold_tool_call
from mag_mcp.tasks.registry import TaskRegistry

pytestmark = [pytest.mark.anyio, pytest.mark.browser]

STRING, URL, STATE = "shopping-price-1", "shopping-open-order-1", "shopping-buy-3"
HTML = "shopping-order-title-html"  # a program_html task made from URL's gold trajectory (the suite has none)
TASKS = (STRING, URL, HTML, STATE)
WRONG = {STRING: "$21.50", URL: "", HTML: "", STATE: ""}
MIN_CHARS = 3  # shorter strings ("1", "0") occur everywhere: they say nothing
NOT_REFERENCES = {"eval_types", "url_note", "site"}  # eval-block keys that name how to check, not what


def program_html_task(base: Task) -> Task:
    data = base.model_dump(mode="json", exclude_none=True)
    data.update(task_id=HTML, intent_template_id=None)
    data["mag"]["negatives"] = []  # the URL task's wrong final URLs: this checker reads no final URL
    data["eval"] = {
        "eval_types": ["program_html"],
        "program_html": [
            {"url": "last", "locator": "document.querySelector('h1.page-title').outerText",
             "required_contents": {"must_include": ["Order # 000000292"]}},
            {"url": "__SHOPPING__/sales/order/view/order_id/292/", "locator": "",
             "required_contents": {"must_include": ["Lodge 10.25 Inch Cast Iron Skillet |OR| Order Information"]}},
        ],
    }
    return Task.model_validate(data)


@pytest.fixture(scope="module")
def tasks() -> dict[str, Task]:
    builtin = TaskRegistry.builtin().tasks
    out = {tid: builtin[tid] for tid in (STRING, URL, STATE)}
    out[HTML] = program_html_task(builtin[URL])
    return out


class FlatJudge:
    """A guide judge that needs no model (guide quality is not what this file tests)."""

    name = "flat"

    async def judge(self, item: GuideInput) -> GuideVerdict:
        return GuideVerdict(score=0.5, reason="not judged here", judge=self.name)


def strings_in(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        yield str(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in NOT_REFERENCES:
                yield from strings_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings_in(v)


def secrets_of(task: Task, base_urls: dict[str, str]) -> set[str]:
    """Every reference value of the task's eval block, " |OR| " alternatives split, placeholders
    resolved; minus what the task shows anyway (its intent and start page)."""
    public = " ".join([task.intent, resolve_placeholders(task.start_url, base_urls)]).lower()
    found: set[str] = set()
    for raw in strings_in(task.eval.model_dump(mode="json")):
        if raw == "last":  # program_html's "stay on the last page", a keyword
            continue
        for part in raw.split(" |OR| "):
            resolved = resolve_placeholders(part, base_urls)
            forms = {part, resolved, resolved.rstrip("/")}
            if resolved.startswith("http"):  # a URL is also quoted as host + path, or as its path
                url = urlsplit(resolved)
                forms |= {url.netloc + url.path, url.path, url.path.rstrip("/")}
            for text in forms:
                text = text.strip()
                if len(text) >= MIN_CHARS and text.lower() not in public:
                    found.add(text)
    return found


class Received:
    """What the client got back after the episode ended, and what the agent itself sent or saw."""

    def __init__(self) -> None:
        self.blobs: list[str] = []
        self.own: set[str] = set()

    def add(self, result: Any) -> None:
        if result.structured_content is not None:
            self.blobs.append(json.dumps(result.structured_content, ensure_ascii=False))
        self.blobs += [c.text for c in result.content if getattr(c, "text", None)]

    def saw(self, step: StepResult) -> None:
        """An observation is the page itself: its URL, titles and marks are what the agent sees anyway."""
        obs = step.observation
        self.own |= {obs.url, obs.title, *(t.url for t in obs.tabs), *(t.title for t in obs.tabs),
                     *(m.name for m in obs.marks)}

    def leaks(self, secrets: set[str]) -> list[str]:
        own = sorted(self.own | {json.dumps(o, ensure_ascii=False)[1:-1] for o in self.own}, key=len, reverse=True)
        text = "\n".join(self.blobs)
        for o in own:
            if o:
                text = text.replace(o, " ")
        low = text.lower()
        return sorted(s for s in secrets if s.lower() in low)


async def play(client: MagClient, task: Task, grounding: Grounding, right: bool, run_id: str) -> tuple[str, Received]:
    got = Received()
    first = await client.step("reset", {"task_id": task.id, "grounding": grounding, "run_id": run_id})
    ep = first.observation.episode_id
    got.saw(first)
    answer = WRONG[task.id]
    assert task.mag is not None
    for step in task.mag.gold[grounding].steps if right else []:
        if step.action == "stop":
            answer = step.value or ""
            break
        name, args = await gold_tool_call(client, ep, grounding, step)
        got.own.update(str(v) for k, v in args.items() if k in ("text", "url", "option", "guide"))
        got.saw(await client.step(name, args))
    got.own.add(answer)
    got.add(await client.call("stop", {"episode_id": ep, "answer": answer, "guide": "Read it off the page."}))
    got.add(await client.call("get_transcript", {"episode_id": ep}))
    for name, args in (("observe", {}), ("abandon", {"reason": "checking what a finished episode returns"})):
        try:
            result = await client.call(name, {"episode_id": ep, **args})
            if name == "observe":
                got.saw(StepResult.model_validate(result.structured_content))
            got.add(result)
        except ToolCallError as e:  # a finished episode may refuse: the message must not leak either
            got.blobs.append(str(e))
    return ep, got


def end_record(runs: Path, run_id: str, ep: str) -> dict[str, Any]:
    records = read_transcript(runs / run_id / ep / TRANSCRIPT_NAME)
    assert records[0]["type"] == "header" and records[-1]["type"] == "end"
    return {"header": records[0], "end": records[-1]}


async def run_all(tmp_path: Path, tasks: dict[str, Task], *extra: str) -> tuple[Path, dict, dict[str, str]]:
    task_file = tmp_path / "tasks.json"
    task_file.write_text(json.dumps([tasks[HTML].model_dump(mode="json", exclude_none=True)]))
    runs = tmp_path / "runs"
    runs.mkdir()
    proc = start_http_server(runs, "--sites", "shopping", "--task-file", str(task_file), *extra)
    results: dict[tuple[str, str, bool], tuple[str, Received]] = {}
    try:
        url = wait_http_server(proc, runs)
        async with connect(url) as client:
            for tid in TASKS:
                for grounding in ("som", "coord"):
                    for right in (True, False):
                        results[(tid, grounding, right)] = await play(client, tasks[tid], grounding, right, "leak")
    finally:
        proc.terminate()
        proc.wait(timeout=60)
    # the base URLs the server used, from any transcript header
    some_ep = next(iter(results.values()))[0]
    base_urls = end_record(runs, "leak", some_ep)["header"]["base_urls"]
    return runs, results, base_urls


async def test_no_reference_reaches_the_client(tmp_path: Path, tasks: dict[str, Task]) -> None:
    runs, results, base_urls = await run_all(tmp_path, tasks)
    for (tid, grounding, right), (ep, got) in results.items():
        secrets = secrets_of(tasks[tid], base_urls)
        assert secrets, f"{tid}: the test found no reference values to look for"
        assert got.leaks(secrets) == [], f"{tid} {grounding} {'right' if right else 'wrong'} answer leaked"
        rec = end_record(runs, "leak", ep)
        end = rec["end"]
        assert end["success"] is right, (tid, grounding, right, end["check"])
        # the people's copy keeps the full verdict, references and all
        assert end["check"] and end["check"]["details"] and rec["header"]["checks_revealed"] is False
        quoted = any(s.lower() in json.dumps(end["check"], ensure_ascii=False).lower() for s in secrets)
        assert quoted or right, f"{tid} {grounding}: the transcript's check quotes no reference: {end['check']}"
    scores = await score_run(runs / "leak", ScoringSetup(guide_judge=FlatJudge()))
    assert not any(e.checks_revealed for e in scores.episodes)
    # the right answers were replayed with the `locate` oracle: that, and only that, is why it is not eligible
    assert "--reveal-checks" not in (scores.not_eligible or "")


async def test_reveal_checks_returns_the_verdict_and_marks_the_run(tmp_path: Path, tasks: dict[str, Task]) -> None:
    """The task author's switch: the same detector now finds the references in what comes back."""
    small = {tid: tasks[tid] for tid in (STRING, URL, HTML, STATE)}
    runs, results, base_urls = await run_all(tmp_path, small, "--reveal-checks")
    wrong = [(tid, got) for (tid, _, right), (_, got) in results.items() if not right]
    for tid, got in wrong:
        assert got.leaks(secrets_of(tasks[tid], base_urls)), f"{tid}: --reveal-checks returned no reference"
    for _, (ep, _) in results.items():
        assert end_record(runs, "leak", ep)["header"]["checks_revealed"] is True
    scores = await score_run(runs / "leak", ScoringSetup(guide_judge=FlatJudge()))
    assert scores.not_eligible and "--reveal-checks" in scores.not_eligible
