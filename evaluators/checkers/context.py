"""What a checker may look at: the live objects of the finished episode."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class PageProbe(Protocol):
    """The slice of a browser page that program_html needs.

    The environment adapts a Playwright page to it. `goto` should return once the
    page has loaded (WebArena slept 3 s after each navigation instead).
    `evaluate` runs a JavaScript expression in the page and returns its value
    (promises awaited); the checkers only pass self-invoking expressions such as
    `(() => document.title)()`, which mean the same whether the adapter treats the
    string as an expression or, like Playwright, as a function to call.
    A probe that can also send HTTP requests implements `RequestProbe`.
    """

    async def url(self) -> str: ...

    async def goto(self, url: str) -> None: ...

    async def evaluate(self, expression: str) -> Any: ...


@runtime_checkable
class RequestProbe(PageProbe, Protocol):
    """A PageProbe that can also send HTTP requests as the episode's browser context does
    (its cookies and extra headers, such as an embedded episode's state header, the same
    network route). program_html's Magento helpers (`shopping_get_latest_order_url()` and
    friends, api_helpers.py) need it; a probe without `request` fails those items only.

    `request` returns the response's status and its body parsed as JSON, and raises
    (ValueError) when the body is not JSON or the request could not be sent.
    """

    async def request(
        self, method: str, url: str, *, headers: dict[str, str] | None = None, json: Any = None
    ) -> tuple[int, Any]: ...


@dataclass(frozen=True)
class ShopApiCredentials:
    """The shop admin's account for Magento's REST API (WebArena's `shopping_site_admin`),
    which the `shopping_get_*` helpers get an admin token with; or `token`, a ready token
    used as is (no token request)."""

    username: str = ""
    password: str = field(default="", repr=False)
    token: str = field(default="", repr=False)


@runtime_checkable
class Judge(Protocol):
    """An answer judge for WebArena's LLM-graded checks (optional).

    `fuzzy_match`: is `pred` semantically equivalent to `reference` for `question`?
    `ua_match`: does `pred` report the reason `reference` why the task is
    unachievable? Both return a score in [0, 1]. `name` is reported in the
    check's message, so every number names the judge that produced it.
    """

    name: str

    async def fuzzy_match(self, pred: str, reference: str, question: str) -> float: ...

    async def ua_match(self, pred: str, reference: str, question: str) -> float: ...


@dataclass
class CheckContext:
    """Everything a checker reads about one finished episode.

    answer: the agent's `stop [answer]` text ("" when it stopped without one).
    final_url: URL of the active page at the end of the episode (url_match).
    base_urls: site key -> base URL in force, to resolve `__SHOPPING__`-style
        placeholders in reference URLs and program_html URLs.
    page: the episode's active page (program_html), or None.
    state_db: site key -> path of this episode's own SQLite copy (state_check), or None.
    seed_db: site key -> path of that site's seed database, the state every episode
        starts from (state_check's collateral-edit guards, `eval.state_guards`), or None.
    judge: answers fuzzy_match / unachievable-task checks; None means such checks
        are reported as needing a judge instead of being decided.
    embedded: the sites that have a database of the episode's own (`state_db`); a state check
        of another site (a live deployment) is skipped with a note. None: not known (every
        state check runs).
    shopping_api: the shop admin's REST API credentials for program_html's Magento helpers;
        None: those items score 0 with a message saying the credentials are missing.
    """

    answer: str = ""
    final_url: str = ""
    base_urls: dict[str, str] = field(default_factory=dict)
    page: PageProbe | None = None
    state_db: Callable[[str], Path] | None = None
    judge: Judge | None = None
    seed_db: Callable[[str], Path] | None = None
    embedded: set[str] | None = None
    shopping_api: ShopApiCredentials | None = None
