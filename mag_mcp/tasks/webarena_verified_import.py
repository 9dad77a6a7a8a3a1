"""Import WebArena-Verified tasks as MAG tasks (no gold trajectories).

Source: ServiceNow's WebArena-Verified (repository ServiceNow/platform-labs-webarena-verified,
task file `assets/dataset/webarena-verified.json`, shipped in the `webarena-verified` package
and read by BrowserGym's `browsergym-webarena-verified`). Each task has `sites`, `task_id`,
`intent_template_id`, `start_urls` (a list), `intent`, `intent_template`, `instantiation_dict`,
`revision` and `eval`, a list of evaluators:

- `AgentResponseEvaluator`: the agent's final JSON response — `expected.task_type` (retrieve,
  mutate, navigate), `expected.status` (SUCCESS, NOT_FOUND_ERROR, ACTION_NOT_ALLOWED_ERROR,
  PERMISSION_DENIED_ERROR, ...), `expected.retrieved_data` (the revised reference answers, a
  list; a nested list is one item with alternatives) and `results_schema` (their JSON schema,
  with `format`s such as date, currency, duration that its comparison normalises);
- `NetworkEventEvaluator`: a request the browser must (or must not) have sent — URL (maybe a
  regular expression), method, query, POST data, headers, response content or cookies.

Verified has no `program_html`: the page-content checks of WebArena's state-changing tasks
became network-event checks. The mapping to MAG's (WebArena's) checks:

- a retrieve task answered SUCCESS with plain string or number items → `string_match` with
  the revised answers: one item → `exact_match`, several → `must_include` (each);
- a task whose expected status is an error and that checks no network event → WebArena's
  unachievable form: `fuzzy_match: "N/A"`, the status's meaning as `string_note`, tagged
  `unachievable`;
- a navigate task whose one network event is a plain page load (GET, no headers, body or
  response checks, literal URL) → `url_match`, `reference_url` the URL with its expected query
  (several URLs, with the same query, joined by " |OR| ");
- `start_urls` → `start_url` joined by " |AND| " (WebArena's way), `revision` kept.

Skipped, by reason (never approximated): sites MAG does not serve (`homepage`); every other
network-event check (state changes, requests sent, URL patterns: MAG sees the final page and
the answer, not the traffic); URL alternatives whose queries differ (WebArena's url_match
pools them, which would demand them all); typed or structured answers (objects, booleans,
dates, amounts, durations, ...: Verified normalises them, a string check cannot); items with
alternatives; an ordered list; only a status to check; evaluators it does not know.
Placeholders are WebArena's (`__SHOPPING__`, ...); a task with another one (`__SSH_HOST__`) is
skipped as naming a site MAG does not serve. URLs are substituted from
SHOPPING, ... or BrowserGym's WA_SHOPPING, ... when set.
"""

from __future__ import annotations

from typing import Any, get_args
from urllib.parse import urlencode, urlsplit

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError

from mag_core.task_design import SiteKey
from mag_mcp.tasks import webarena_import as wa
from mag_mcp.tasks.webarena_import import ImportProblem, SkipTask

ENV_PREFIXES = ("", "WA_")
SITES: tuple[str, ...] = get_args(SiteKey)

SITE_NOT_SERVED = "a site MAG does not serve"
NETWORK_EVENTS = "checked on network events (the requests the browser sent), which MAG does not observe"
TYPED_ANSWER = "a typed or structured answer (objects, booleans, dates, amounts, ...) MAG's string checks cannot compare"
ALTERNATIVES = "an answer item with alternatives, which WebArena's string checks cannot express"
ORDERED = "an ordered list answer, whose order must_include cannot check"
STATUS_ONLY = "only the agent's reported status is checked, which MAG does not read"
URL_ALTERNATIVES = "URL alternatives with different queries, which WebArena's url_match would merge into one"
UNKNOWN_EVALUATOR = "an evaluator MAG does not know"

# What Verified's statuses mean (its documentation), as the reason an unachievable task gives.
STATUS_NOTES = {
    "NOT_FOUND_ERROR": "the target entity or resource cannot be found",
    "ACTION_NOT_ALLOWED_ERROR": "the platform does not support the requested action or does not allow it here",
    "PERMISSION_DENIED_ERROR": "the current user lacks the permission to perform the action",
    "DATA_VALIDATION_ERROR": "required input data is missing or invalid",
    "UNKNOWN_ERROR": "the task cannot be completed",
}


class _Foreign(BaseModel):
    model_config = ConfigDict(extra="allow")


class AgentExpected(_Foreign):
    task_type: str = Field(validation_alias=AliasChoices("task_type", "performed_operation"))
    status: str
    retrieved_data: list[Any] | None = None


class AgentResponseCheck(_Foreign):
    evaluator: str
    expected: AgentExpected
    results_schema: dict[str, Any] = Field(default_factory=dict)
    ordered: bool = False


class NetworkExpected(_Foreign):
    url: str | list[str]
    http_method: str = "GET"
    headers: dict[str, Any] | None = None
    query_params: dict[str, list[str] | str] | None = None
    post_data: dict[str, Any] | None = None
    response_content: dict[str, Any] | None = None
    response_cookies: dict[str, Any] | None = None
    response_status: int = 200


class NetworkEventCheck(_Foreign):
    evaluator: str
    expected: NetworkExpected
    last_event_only: bool = True
    should_not_exist: bool = False
    decode_base64_query: bool = False
    query_params_schema: dict[str, Any] | None = None


class VerifiedTask(_Foreign):
    sites: list[str] = Field(min_length=1)
    task_id: int | str
    intent_template_id: int | None = None
    start_urls: list[str] = Field(min_length=1)
    intent: str = Field(min_length=1)
    intent_template: str = ""
    instantiation_dict: dict[str, Any] = Field(default_factory=dict)
    eval: list[dict[str, Any]] = Field(min_length=1)
    revision: int | None = None


EVALUATORS: dict[str, type[_Foreign]] = {
    "AgentResponseEvaluator": AgentResponseCheck,
    "NetworkEventEvaluator": NetworkEventCheck,
}


def _problem(task_id: Any, where: str, e: ValidationError) -> ImportProblem:
    return ImportProblem(f"WebArena-Verified task {task_id!r}: {where}{wa.first_error(e)}")


def parse(raw: Any) -> tuple[VerifiedTask, AgentResponseCheck, list[NetworkEventCheck]]:
    """The task and its evaluators, or an ImportProblem on one line naming the task."""
    task_id = raw.get("task_id") if isinstance(raw, dict) else None
    try:
        task = VerifiedTask.model_validate(raw)
    except ValidationError as e:
        raise _problem(task_id, "", e) from None
    agents: list[AgentResponseCheck] = []
    events: list[NetworkEventCheck] = []
    for i, item in enumerate(task.eval):
        name = item.get("evaluator")
        if not isinstance(name, str):
            raise ImportProblem(f"WebArena-Verified task {task.task_id!r}: eval.{i}: no `evaluator` name")
        model = EVALUATORS.get(name)
        if model is None:
            raise SkipTask(UNKNOWN_EVALUATOR, name)
        try:
            check = model.model_validate(item)
        except ValidationError as e:
            raise _problem(task.task_id, f"eval.{i}.", e) from None
        (agents if isinstance(check, AgentResponseCheck) else events).append(check)  # type: ignore[arg-type]
    if len(agents) != 1:
        raise ImportProblem(f"WebArena-Verified task {task.task_id!r}: expected one AgentResponseEvaluator, "
                            f"found {len(agents)}")
    return task, agents[0], events


def _site(name: str) -> str:
    return name.strip("_").lower()


def _text(item: Any) -> str:
    if isinstance(item, float) and item.is_integer():
        return str(int(item))
    return str(item)


def _string_eval(agent: AgentResponseCheck) -> dict[str, Any]:
    data = agent.expected.retrieved_data
    items_schema = agent.results_schema.get("items")
    items_schema = items_schema if isinstance(items_schema, dict) else {}
    if not data:
        raise SkipTask(TYPED_ANSWER, "no expected item")
    if any(isinstance(item, list) for item in data):
        raise SkipTask(ALTERNATIVES)
    kinds = {type(item).__name__ for item in data}
    if items_schema.get("format") or items_schema.get("type") in ("object", "boolean", "array") \
            or not all(isinstance(i, (str, int, float)) and not isinstance(i, bool) for i in data):
        raise SkipTask(TYPED_ANSWER, str(items_schema.get("format") or "/".join(sorted(kinds))))
    if agent.ordered and len(data) > 1:
        raise SkipTask(ORDERED)
    texts = [_text(item) for item in data]
    refs = {"exact_match": texts[0]} if len(texts) == 1 else {"must_include": texts}
    return {"eval_types": ["string_match"], "reference_answers": refs, "reference_url": "",
            "program_html": [], "string_note": ""}


def _not_achievable(status: str) -> dict[str, Any]:
    note = STATUS_NOTES.get(status, "the task cannot be completed")
    return {"eval_types": ["string_match"], "reference_answers": {"fuzzy_match": "N/A"}, "reference_url": "",
            "program_html": [], "string_note": note}


def _is_pattern(url: str) -> bool:
    return url.startswith("^") or url.endswith("$") or ".*" in url or "\\" in url


def _page_load(check: NetworkEventCheck) -> bool:
    """A check that only says which page was loaded last: what url_match reads."""
    x = check.expected
    return (x.http_method.upper() == "GET" and not x.headers and x.post_data is None
            and x.response_content is None and not x.response_cookies and x.response_status == 200
            and check.last_event_only and not check.should_not_exist and not check.decode_base64_query
            and not check.query_params_schema)


def _with_query(url: str, params: dict[str, list[str] | str] | None) -> str:
    if not params:
        return url
    pairs = [(k, v) for k, vs in params.items() for v in ([vs] if isinstance(vs, str) else vs)]
    return url + ("&" if "?" in url else "?") + urlencode(pairs)


def _url_eval(events: list[NetworkEventCheck]) -> dict[str, Any]:
    if not events:
        raise SkipTask(STATUS_ONLY)
    if len(events) > 1 or not _page_load(events[0]):
        raise SkipTask(NETWORK_EVENTS)
    x = events[0].expected
    urls = [x.url] if isinstance(x.url, str) else list(x.url)
    if not urls or any(_is_pattern(u) for u in urls):
        raise SkipTask(NETWORK_EVENTS, "a URL pattern")
    refs = [_with_query(u, x.query_params) for u in urls]
    if len({urlsplit(r).query for r in refs}) > 1:  # WebArena pools the alternatives' queries
        raise SkipTask(URL_ALTERNATIVES)
    return {"eval_types": ["url_match"], "reference_answers": None, "reference_url": " |OR| ".join(refs),
            "program_html": [], "url_note": "GOLD in PRED"}


def _eval_block(agent: AgentResponseCheck, events: list[NetworkEventCheck]) -> dict[str, Any]:
    expected = agent.expected
    status, kind = expected.status.upper(), expected.task_type.lower()
    if status != "SUCCESS":
        if events:
            raise SkipTask(NETWORK_EVENTS)
        return _not_achievable(status)
    if kind == "retrieve":
        if events:
            raise SkipTask(NETWORK_EVENTS)
        return _string_eval(agent)
    if kind == "navigate":
        return _url_eval(events)
    raise SkipTask(NETWORK_EVENTS if events else STATUS_ONLY)


def convert(raw: Any, urls: dict[str, str] | None = None) -> dict[str, Any]:
    """One WebArena-Verified task → one MAG task; SkipTask when MAG cannot check it faithfully."""
    task, agent, events = parse(raw)
    sites = [_site(s) for s in task.sites]
    unserved = [s for s in sites if s not in SITES]
    if unserved:
        raise SkipTask(SITE_NOT_SERVED, ", ".join(unserved))
    config: dict[str, Any] = {
        "sites": sites,
        "task_id": task.task_id,
        "require_login": True,
        "storage_state": None,
        "start_url": " |AND| ".join(task.start_urls),
        "geolocation": None,
        "intent_template": task.intent_template,
        "instantiation_dict": task.instantiation_dict,
        "intent": task.intent,
        "require_reset": False,
        "eval": _eval_block(agent, events),
        "intent_template_id": task.intent_template_id,
    }
    if task.revision is not None:
        config["revision"] = task.revision
    foreign = wa.unserved_placeholders(config)
    if foreign:
        raise SkipTask(SITE_NOT_SERVED, ", ".join(sorted(foreign)))
    return wa.convert(config, urls, brief=True)
