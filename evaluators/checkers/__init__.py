"""Functional checkers: did the episode accomplish the task? (DESIGN §5)

    result = await check_task(task, CheckContext(answer=..., final_url=...,
                              base_urls=..., page=..., state_db=...))

The score is the product over `task.eval.eval_types` (WebArena semantics); each
eval type contributes one `CheckDetail` with a human-readable message.

Two modes (`mode=None` takes `task.checker_mode`: "webarena" for a bare
WebArena configuration, the `mag` block's choice otherwise):

- ``webarena`` reproduces WebArena's evaluators, brittleness included, so that
  scores are comparable with published WebArena numbers (nltk's real
  word_tokenize, netloc+path kept as is, null read as "None", the N/A judge
  overwriting the score). It agrees with WebArena's own code on every case of
  tests/fixtures/webarena/verdicts.jsonl.
- ``strict`` fixes the known false positives and negatives (strict.py lists its
  rules: whole words, values by value, identifiers as digit strings, hedged
  answers, labelled values by role, short sentences around a value, ...), URLs
  match on host, whole path segments, query and fragment, program_html's
  whole-page locator reads the visible text, and state checks may guard the rows
  a task must not touch.
- state_check (MAG's SQL check on the episode's own database) is the same in
  both modes.

====================================  =======================  ========  ======
check / reference                     input                    webarena  strict
====================================  =======================  ========  ======
exact_match "blue"                    answer "'Blue' "         1         1
exact_match "0"                       answer "$0.00"           0         1
exact_match "Reporter"                "Chloe Martin is a       0         1
                                      Reporter"
must_include ["6"]                    "There are 6. Nothing…"  0         1
must_include ["0", "orders"]          answer "10 orders"       1         0
must_include ["3"]                    answer "2, 3 or 4"       1         0
must_include ["06516"]                answer "6516"            0         0
url_match ".../view"                  final ".../viewedasdf"   1         0
url_match ".../issues/?x=1"           final ".../issues?x=1"   0         1
program_html locator "" (whole page)  text in an attribute     1         0
====================================  =======================  ========  ======

A state check of a site that is a live deployment (`CheckContext.embedded` names the sites
with a database of their own) is skipped, never silently: its detail says so (`skipped`) and
the score is the product of the other details (no detail run: score 0).

WebArena's helper functions that read the Magento REST API (`shopping_get_latest_order_url()`
and friends, api_helpers.py) ask the shop's API, embedded or live, through the episode's
browser context; one that cannot answer scores its item 0 with a message saying why; malformed
configurations (unknown url_note, missing references, missing page or database
for a check that needs one) raise ValueError.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from mag_core.checks import CheckDetail, CheckResult
from mag_core.tasks import CheckerMode, Task

from .context import CheckContext, Judge, PageProbe
from .program_html import check_program_html
from .state_check import check_state
from .string_match import check_string_match
from .text import clean_answer
from .tokenizer import word_tokenize
from .url_match import check_url_match
from .values import find_values

__all__ = [
    "CHECKERS",
    "CheckContext",
    "CheckDetail",
    "CheckResult",
    "Judge",
    "PageProbe",
    "check_task",
    "clean_answer",
    "find_values",
    "word_tokenize",
]

Checker = Callable[[Task, CheckContext, CheckerMode], Awaitable[CheckDetail]]

CHECKERS: dict[str, Checker] = {
    "string_match": check_string_match,
    "url_match": check_url_match,
    "program_html": check_program_html,
    "state_check": check_state,
}


async def check_task(
    task: Task, ctx: CheckContext, mode: CheckerMode | None = None
) -> CheckResult:
    """Score one finished episode of `task`; `mode` defaults to `task.checker_mode`."""
    mode = mode or task.checker_mode
    if mode not in ("webarena", "strict"):
        raise ValueError(f"unknown checker mode {mode!r}")
    if not task.eval.eval_types:
        raise ValueError(f"task {task.id}: eval.eval_types is empty")
    details = []
    for eval_type in task.eval.eval_types:
        checker = CHECKERS.get(eval_type)
        if checker is None:
            raise ValueError(f"task {task.id}: eval_type {eval_type!r} is not supported")
        live = _live_state_sites(task, ctx) if eval_type == "state_check" else []
        if live:
            details.append(CheckDetail(
                eval_type=eval_type, score=1.0, passed=False, skipped=True,
                message=f"skipped: {', '.join(live)} {'is a live deployment' if len(live) == 1 else 'are live deployments'}"
                        ", whose database MAG's state check cannot read; the score is the other checks' alone"))
            continue
        details.append(await checker(task, ctx, mode))
    return CheckResult.from_details(task.id, mode, details)


def _live_state_sites(task: Task, ctx: CheckContext) -> list[str]:
    """The sites of `task`'s state checks that `ctx` has no database for (`ctx.embedded`)."""
    sites = {c.site for c in task.eval.state_checks} | {g.site for g in task.eval.state_guards}
    if ctx.embedded is None:
        return []
    return sorted(s for s in sites if s not in ctx.embedded)
