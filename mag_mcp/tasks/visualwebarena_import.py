"""Import VisualWebArena task configurations as MAG tasks (no gold trajectories).

Source: VisualWebArena (repository web-arena-x/visualwebarena, files
`config_files/vwa/test_classifieds.raw.json`, `test_reddit.raw.json`, `test_shopping.raw.json`;
BrowserGym's `browsergym-visualwebarena` reads the same configurations). They are WebArena
configurations with more: `sites` may name `classifieds`; `image` (a path or URL, or a list)
is an input image the intent refers to; `eval_types` add `page_image_query` (a question about
an image on the page, answered by a captioning model); reference answers and program_html
contents add `one_of`, `must_exclude` and `required_values` (numeric comparisons); locators
add `lambda:` and helpers of their own (`get_query_text`, `shopping_get_order_product_quantity`,
...); and `reasoning_difficulty`, `visual_difficulty`, `overall_difficulty`, `viewport_size`.

A task is imported — kept field for field, through webarena_import.convert, so N/A tasks are
tagged `unachievable` as WebArena's are — when its sites are all MAG's, it needs no input
image, its eval types are string_match, url_match and program_html only, and its checks are
ones MAG's WebArena-mode checkers run as written: answers by exact_match, must_include (no
" |OR| " inside an entry: WebArena's string_match reads it literally, VisualWebArena's splits
it) and fuzzy_match; page contents by exact_match or must_include; helpers that WebArena
itself has; URL alternatives with one query (WebArena's url_match pools their queries). The rest is skipped and counted by reason. Two differences stay, stated here
rather than approximated away: VisualWebArena's url_match compares whole URLs (`url_note`
"EXACT") where MAG applies WebArena's rule (the reference's path within the final one and
its query values present), which accepts at least what EXACT accepts; and a one-word
must_include entry among several is found as a substring, not as a whole word.

Task ids are VisualWebArena's, which count from 0 in each file. URLs are substituted from
SHOPPING, ... or BrowserGym's VWA_SHOPPING, ... when set.
"""

from __future__ import annotations

import re
from typing import Any, get_args
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from evaluators.checkers.program_html import API_HELPERS
from mag_core.task_design import SiteKey
from mag_mcp.tasks import webarena_import as wa
from mag_mcp.tasks.webarena_import import ImportProblem, SkipTask

ENV_PREFIXES = ("", "VWA_")
SITES: tuple[str, ...] = get_args(SiteKey)
SUPPORTED_EVAL_TYPES = ("string_match", "url_match", "program_html")
ANSWER_APPROACHES = {"exact_match", "must_include", "fuzzy_match"}
CONTENT_APPROACHES = {"exact_match", "must_include"}
# WebArena's helper functions: MAG runs the first two; the API ones it reports at check time,
# as it does for WebArena's own tasks.
WEBARENA_HELPERS = {"reddit_get_post_url", "gitlab_get_project_memeber_role", *API_HELPERS}

SITE_NOT_SERVED = "a site MAG does not serve"
NEEDS_IMAGE = "needs an input image"
EVAL_TYPE = "an eval type MAG does not support"
CHECK = "a check MAG's WebArena-mode checkers do not run as VisualWebArena does"

_HELPER = re.compile(r"^\s*func:\s*([A-Za-z_][A-Za-z0-9_]*)")


class _Foreign(BaseModel):
    model_config = ConfigDict(extra="allow")


class ProgramHtmlItem(_Foreign):
    url: str
    locator: str = ""
    required_contents: dict[str, Any]


class VwaEval(_Foreign):
    eval_types: list[str] = Field(min_length=1)
    reference_answers: dict[str, Any] | None = None
    reference_url: str | None = None
    program_html: list[ProgramHtmlItem] | None = None


class VwaTask(_Foreign):
    sites: list[str] = Field(min_length=1)
    task_id: int | str
    start_url: str
    intent: str = Field(min_length=1)
    eval: VwaEval
    image: str | list[str] | None = None


def parse(raw: Any) -> VwaTask:
    """The task, or an ImportProblem on one line naming it."""
    try:
        return VwaTask.model_validate(raw)
    except ValidationError as e:
        task_id = raw.get("task_id") if isinstance(raw, dict) else None
        raise ImportProblem(f"VisualWebArena task {task_id!r}: {wa.first_error(e)}") from None


def _helper(spec: str) -> str | None:
    m = _HELPER.match(spec)
    return m.group(1) if m else None


def _answer_problem(refs: dict[str, Any] | None) -> str | None:
    if refs is None:
        return None
    other = sorted(set(refs) - ANSWER_APPROACHES)
    if other:
        return f"reference_answers {', '.join(other)}"
    if any(" |OR| " in str(v) for v in refs.get("must_include") or []):
        return "a must_include answer with ' |OR| ' alternatives"
    return None


def _item_problem(item: ProgramHtmlItem) -> str | None:
    other = sorted(set(item.required_contents) - CONTENT_APPROACHES)
    if other or not item.required_contents:
        return f"program_html required_contents {', '.join(other) or '(none)'}"
    for spec in (item.url, item.locator):
        if spec.startswith("func"):
            name = _helper(spec)
            if name not in WEBARENA_HELPERS:
                return f"program_html helper {name or spec!r}"
    locator = item.locator
    if locator.strip() and not locator.startswith(("document.", "[...document.", "func:")):
        return f"program_html locator {locator.split(':', 1)[0]!r}"
    return None


def _url_problem(reference_url: str | None) -> str | None:
    alternatives = (reference_url or "").split(" |OR| ")
    if len({urlsplit(u).query for u in alternatives}) > 1:  # WebArena's url_match pools their queries
        return "url_match alternatives with different queries"
    return None


def _check_problem(ev: VwaEval) -> str | None:
    problem = _answer_problem(ev.reference_answers) if "string_match" in ev.eval_types else None
    if "url_match" in ev.eval_types:
        problem = problem or _url_problem(ev.reference_url)
    if "program_html" in ev.eval_types:
        for item in ev.program_html or []:
            problem = problem or _item_problem(item)
    return problem


def convert(raw: Any, urls: dict[str, str] | None = None) -> dict[str, Any]:
    """One VisualWebArena configuration → one MAG task; SkipTask when MAG cannot serve or check it."""
    task = parse(raw)
    unserved = [s for s in task.sites if s not in SITES]
    if unserved:
        raise SkipTask(SITE_NOT_SERVED, ", ".join(unserved))
    if task.image:
        raise SkipTask(NEEDS_IMAGE)
    other = [t for t in task.eval.eval_types if t not in SUPPORTED_EVAL_TYPES]
    if other:
        raise SkipTask(EVAL_TYPE, ", ".join(other))
    problem = _check_problem(task.eval)
    if problem:
        raise SkipTask(CHECK, problem)
    foreign = wa.unserved_placeholders(raw)
    if foreign:
        raise SkipTask(SITE_NOT_SERVED, ", ".join(sorted(foreign)))
    return wa.convert(dict(raw), urls, brief=True)
