"""program_html: open a page (or stay on the last one), read something from it, check its text.

For each item of `eval.program_html`, as WebArena's HTMLContentEvaluator does:
- url "last": stay on the current page; otherwise resolve `__SITE__` placeholders
  and navigate there. `func:reddit_get_post_url('__last_url__')` is computed from
  the current URL (it is pure URL manipulation); `func:shopping_get_latest_order_url()`
  asks the shop's Magento REST API for the latest order (api_helpers.py: through the
  episode's browser context, with the admin credentials of `CheckContext.shopping_api`;
  webarena mode addresses the order by its increment id, as WebArena does, strict by its
  entity id) and opens its page.
- locator "": the whole page — in webarena mode its HTML, as Playwright's
  `page.content()` returns it (WebArena's choice; attribute values and hidden
  inputs count), in strict mode `document.body.outerText` (what a person sees).
- locator "document..." / "[...document...": evaluated in the page as the body of
  an arrow function, after running any `prep_actions` the same way (in order,
  inside one try: the first that throws stops the rest, the error is ignored);
  an exception gives "", other values go through Python's str() as WebArena's
  do (null -> "None", 2 -> "2", a list -> its Python repr; strict reads null as "").
- locator `func:gitlab_get_project_memeber_role(__page__, 'name')`: the role
  column of that member on the current GitLab members page, read from the DOM as
  WebArena's helper does. `func:shopping_get_sku_latest_review_author('SKU')` /
  `..._rating('SKU')` read the product's latest review from the shop's REST API
  (api_helpers.py). A helper that fails (no credentials, an HTTP error, an answer
  that is not Magento's, no order) scores its item 0 with a one-line message; an
  unknown helper likewise.
- the text is HTML-unescaped, then `required_contents` (with `__SITE__`
  placeholders resolved, as WebArena's generated configurations have them) is checked: exact_match
  (cleaned equality) or must_include (each entry split on " |OR| " into
  alternatives, any of which must be a substring; all entries must hold).
  strict mode (strict.py, rules 1-4) finds text on whole words ("hall" is not
  in "hallxyz"), compares values by value ("47.00" == "47") and identifiers as
  digit strings ("$10001.00" is no zip code).
The detail's score is the product over items.
"""

from __future__ import annotations

import ast
import html
import json
import re
from typing import Any
from urllib.parse import urlparse

from mag_core.checks import CheckDetail
from mag_core.tasks import CheckerMode, ProgramHtmlCheck, Task

from .api_helpers import SHOP_HELPERS, HelperError, is_shop_helper, shop_helper
from .context import CheckContext, PageProbe
from .strict import strict_contains_text, strict_exact_text
from .text import exact_match, must_include, shorten, split_alternatives
from .url_match import resolve

EVAL_TYPE = "program_html"

# Playwright's page.content(): the doctype plus the document element's HTML.
PAGE_CONTENT_JS = (
    "(() => { let s = ''; "
    "if (document.doctype) s = new XMLSerializer().serializeToString(document.doctype); "
    "if (document.documentElement) s += document.documentElement.outerHTML; "
    "return s; })()"
)
BODY_TEXT_JS = "(() => document.body ? document.body.outerText : '')()"

# Helpers WebArena computes from the shop's Magento REST API (api_helpers.py).
API_HELPERS = SHOP_HELPERS
_FUNC = re.compile(r"^\s*func:\s*(.*?)\s*$", re.S)


class Unsupported(Exception):
    """A WebArena helper function that cannot run against the embedded sites."""


def iife(body: str) -> str:
    """`body` as a self-invoking arrow function: WebArena's `page.evaluate(f"() => {body}")`."""
    return f"(() => {body})()"


def _parse_helper(spec: str) -> tuple[str, list[Any], str]:
    """Parse "func:name(args)" without eval: (name, args, call text).

    Arguments may be literals or the bare names __page__ / __last_url__.
    """
    m = _FUNC.match(spec)
    call_text = m.group(1) if m else spec
    try:
        node = ast.parse(call_text, mode="eval").body
    except SyntaxError as exc:
        raise Unsupported(
            f"helper function {call_text} not supported against embedded sites "
            f"(cannot be parsed: {exc.msg})"
        ) from None
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.keywords:
        raise Unsupported(
            f"helper function {call_text} not supported against embedded sites (not a plain call)"
        )
    args: list[Any] = []
    for a in node.args:
        if isinstance(a, ast.Constant):
            args.append(a.value)
        elif isinstance(a, ast.Name):
            args.append(_Name(a.id))
        else:
            raise Unsupported(
                f"helper function {call_text} not supported against embedded sites "
                "(non-literal argument)"
            )
    return node.func.id, args, call_text


class _Name(str):
    """A bare identifier argument such as __page__."""


def _unsupported_message(name: str, call_text: str) -> str:
    return f"helper function {call_text} not supported against embedded sites (unknown helper)"


def reddit_get_post_url(url: str) -> str:
    """WebArena's helper: a Postmill post or comment URL -> the post's URL."""
    parsed = urlparse(url)
    parts = parsed.path.split("/")
    if len(parts) < 4 or parts[1] != "f":
        return url
    return f"{parsed.scheme}://{parsed.netloc}/f/{parts[2]}/{parts[3]}/"


def gitlab_member_role_js(account_name: str) -> str:
    """WebArena's gitlab_get_project_memeber_role, as one in-page expression."""
    handle = json.dumps("@" + account_name)
    return (
        "(() => { "
        "const accounts = document.querySelectorAll(\"td[data-label='Account'] "
        "span.gl-avatar-labeled-sublabel\"); "
        "let index = -1; "
        f"for (let i = 0; i < accounts.length; i++) {{ if (accounts[i].outerText === {handle}) "
        "{ index = i; break; } } "
        'return document.querySelectorAll("td.col-max-role span")[index].outerText; '
        "})()"
    )


def as_text(value: Any, mode: CheckerMode) -> str:
    """What a locator's value reads as. webarena: Python's str() of what Playwright
    returns, as WebArena does (null -> "None", 2 -> "2", a list -> its Python repr);
    strict: null reads as "" (an absent element is not the text "None")."""
    if value is None:
        return "None" if mode == "webarena" else ""
    return value if isinstance(value, str) else str(value)


async def _evaluate(page: PageProbe, expression: str, mode: CheckerMode) -> str:
    """Evaluate; a page error yields "" (WebArena: "the page is wrong, return empty")."""
    try:
        return as_text(await page.evaluate(expression), mode)
    except Exception:
        return ""


async def _member_role(page: PageProbe, account: str) -> str:
    """WebArena's gitlab_get_project_memeber_role: any failure (no such member) gives ""."""
    try:
        role = await page.evaluate(gitlab_member_role_js(account))
    except Exception:
        return ""
    return "" if role is None else str(role)


async def _prepare(page: PageProbe, actions: list[str]) -> None:
    """Run `prep_actions` in order inside one try, as WebArena does: the first one
    that throws stops the rest, and the error is ignored."""
    try:
        for action in actions:
            await page.evaluate(iife(action))
    except Exception:
        return


async def _target_url(item: ProgramHtmlCheck, page: PageProbe, ctx: CheckContext, mode: CheckerMode) -> str:
    url = item.url
    if url.startswith("func"):
        name, args, call_text = _parse_helper(url)
        if is_shop_helper(name):
            return await shop_helper(name, args, call_text, page, ctx, mode)
        if name != "reddit_get_post_url" or len(args) != 1 or not isinstance(args[0], str):
            raise Unsupported(_unsupported_message(name, call_text))
        current = await page.url()
        url = reddit_get_post_url(str(args[0]).replace("__last_url__", current))
    return url if url == "last" else resolve(url, ctx.base_urls)


async def _select(item: ProgramHtmlCheck, page: PageProbe, ctx: CheckContext, mode: CheckerMode) -> str:
    locator = item.locator
    if not locator.strip():
        return await _evaluate(page, PAGE_CONTENT_JS if mode == "webarena" else BODY_TEXT_JS, mode)
    if locator.startswith("document.") or locator.startswith("[...document."):
        prep = (item.model_extra or {}).get("prep_actions")
        if prep:
            if not isinstance(prep, list) or not all(isinstance(a, str) for a in prep):
                raise ValueError(f"program_html prep_actions must be a list of strings, got {prep!r}")
            await _prepare(page, prep)
        return await _evaluate(page, iife(locator), mode)
    if locator.startswith("func:"):
        name, args, call_text = _parse_helper(locator)
        if (
            name == "gitlab_get_project_memeber_role"
            and len(args) == 2
            and args[0] == "__page__"
            and isinstance(args[1], str)
        ):
            return await _member_role(page, str(args[1]))
        if is_shop_helper(name):
            return await shop_helper(name, args, call_text, page, ctx, mode)
        raise Unsupported(_unsupported_message(name, call_text))
    raise ValueError(f"unknown program_html locator {locator!r}")


def _check_contents(
    required: dict[str, Any], text: str, mode: CheckerMode, base_urls: dict[str, str], intent: str
) -> tuple[float, str]:
    if "exact_match" in required:
        ref = resolve(str(required["exact_match"]), base_urls)
        ok = strict_exact_text(ref, text, intent) if mode == "strict" else exact_match(ref, text)
        return float(ok), (
            f"exact_match {shorten(ref)!r} "
            + ("== text" if ok else f"!= text {shorten(text)!r}")
        )
    if "must_include" in required:
        contents = required["must_include"]
        if not isinstance(contents, list):
            raise ValueError(f"program_html must_include must be a list, got {contents!r}")
        score = 1.0
        missing = []
        for content in contents:
            alternatives = split_alternatives(resolve(str(content), base_urls))
            if mode == "strict":
                ok = any(strict_contains_text(alt, text, intent) for alt in alternatives)
            else:
                ok = any(must_include(alt, text, tokenize=False) for alt in alternatives)
            score *= float(ok)
            if not ok:
                missing.append(" or ".join(repr(shorten(a, 60)) for a in alternatives))
        if not missing:
            return score, f"must_include {len(contents)} item(s) found"
        return score, f"must_include {', '.join(missing)} not in text {shorten(text)!r}"
    raise ValueError(f"unknown program_html required_contents {sorted(required)}")


async def check_program_html(task: Task, ctx: CheckContext, mode: CheckerMode) -> CheckDetail:
    items = task.eval.program_html
    if not items:
        raise ValueError(f"task {task.id}: program_html without eval.program_html items")
    page = ctx.page
    if page is None:
        raise ValueError(f"task {task.id}: program_html needs CheckContext.page")
    score = 1.0
    notes: list[str] = []
    for i, item in enumerate(items, 1):
        where = item.url if item.url == "last" else shorten(item.url, 70)
        what = repr(shorten(item.locator, 60)) if item.locator.strip() else "page"
        prefix = f"#{i} {what} @ {where}"
        try:
            url = await _target_url(item, page, ctx, mode)
            if url != "last":
                try:
                    await page.goto(url)
                except Exception as exc:  # navigation failure: this item fails
                    score = 0.0
                    notes.append(f"{prefix}: could not open {shorten(url, 100)!r}: {shorten(str(exc))}")
                    continue
            text = html.unescape(await _select(item, page, ctx, mode))
        except (Unsupported, HelperError) as exc:
            score = 0.0
            notes.append(f"{prefix}: {exc}")
            continue
        item_score, msg = _check_contents(item.required_contents, text, mode, ctx.base_urls, task.intent)
        score *= item_score
        notes.append(f"{prefix}: {msg}")
    return CheckDetail(
        eval_type=EVAL_TYPE, score=score, passed=score == 1.0, message="; ".join(notes)
    )
