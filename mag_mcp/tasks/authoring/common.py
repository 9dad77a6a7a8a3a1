"""Building blocks for writing tasks: gold steps in both groundings, evals,
and guide phrasing that varies between instances of one template.

A gold trajectory is written once as a list of `Part`s; each part says what
a step looks like with marks and with coordinates (a typed field is one step
with marks, a click and typing with coordinates).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from pathlib import Path
from typing import Any

from mag_core.tasks import GoldStep, Locator, Task

Part = dict[str, list[GoldStep]]  # grounding -> steps


def role(r: str, name: str, exact: bool = True, nth: int = 0) -> Locator:
    return Locator(role=r, name=name, exact=exact, nth=nth)


def s(action: str, guide: str, target: Locator | None = None, value: str | None = None, enter: bool = False) -> GoldStep:
    return GoldStep(action=action, target=target, value=value, enter=enter, guide=guide)  # type: ignore[arg-type]


def pick(key: str, options: list[str]) -> str:
    """A deterministic choice among phrasings, different across instances of a template."""
    h = int(hashlib.sha256(key.encode()).hexdigest()[:8], 16)
    return options[h % len(options)]


def same(*steps: GoldStep) -> Part:
    return {"som": list(steps), "coord": list(steps)}


def chain(*parts: Part) -> Part:
    out: Part = {"som": [], "coord": []}
    for p in parts:
        out["som"] += p["som"]
        out["coord"] += p["coord"]
    return out


def field(label: str, value: str, guide_som: str, clear: bool = True, kind: str = "textbox") -> Part:
    """Fill a text field: one step with marks; click (+ select all) + type with coordinates."""
    coord = [s("click", f"Click the “{label}” field.", role(kind, label))]
    if clear:
        coord.append(s("press", f"Select the text already in “{label}”.", None, "Control+a"))
    coord.append(s("type", f"Type “{value}”.", None, value))
    return {"som": [s("type", guide_som, role(kind, label), value)], "coord": coord}


def type_and_enter(label: str, value: str, guide_som: str, guide_click: str, kind: str = "textbox") -> Part:
    """Type into a field and press Enter (a search box)."""
    return {
        "som": [s("type", guide_som, role(kind, label), value, enter=True)],
        "coord": [
            s("click", guide_click, role(kind, label)),
            s("type", f"Type “{value}” and press Enter.", None, value, enter=True),
        ],
    }


def select(label: str, option: str, arrow_downs: int, guide: str) -> Part:
    """A native dropdown: `select` with marks; click, arrow keys and Enter with coordinates.
    (Never three identical key presses in a row: that ends an episode.)"""
    if arrow_downs >= 3:
        raise ValueError("use select_last or a typed letter for options three or more down")
    coord = [s("click", f"Click the “{label}” dropdown.", role("combobox", label))]
    coord += [s("press", "Move down the list with the Down arrow key.", None, "ArrowDown") for _ in range(arrow_downs)]
    coord.append(s("press", f"Press Enter to choose “{option}”.", None, "Enter"))
    return {"som": [s("select", guide, role("combobox", label), option)], "coord": coord}


def select_last(label: str, option: str, guide: str) -> Part:
    return {
        "som": [s("select", guide, role("combobox", label), option)],
        "coord": [
            s("click", f"Click the “{label}” dropdown.", role("combobox", label)),
            s("press", f"Press End to jump to the last choice, “{option}”.", None, "End"),
            s("press", f"Press Enter to choose “{option}”.", None, "Enter"),
        ],
    }


# ------------------------------------------------------------ design declarations
# Negatives: wrong-but-plausible outcomes the task's checker must fail (`mag tasks verify` runs
# each through the checker). The helpers below derive the standard ones from the gold answer.


def negative(answer: str, why: str) -> dict[str, str]:
    """An answer the checker must fail, and what makes it plausible."""
    return {"answer": answer, "why": why}


def url_negative(url: str, why: str) -> dict[str, str]:
    """A final URL the checker must fail (`__SITE__` placeholders allowed)."""
    return {"url": url, "why": why}


def near_entity(value: str, entity: str) -> dict[str, str]:
    """The value the question's near entity has (`entity`: which one, for the reader)."""
    return negative(value, f"near entity's value ({entity})")


def stale(value: str) -> dict[str, str]:
    """The value before the task's change (or before the latest update the question is about)."""
    return negative(value, "stale value before the change")


def permuted(values: Sequence[str], sep: str = ", ") -> dict[str, str]:
    """The gold's values in another order (for a question whose order matters: a ranking, a
    route): the list rotated by one. Raises ValueError when no other order exists."""
    items = list(values)
    if len(set(items)) < 2:
        raise ValueError(f"a permuted negative needs two different values, got {items}")
    rotated = items[1:] + items[:1]
    return negative(sep.join(rotated), "permuted multi-value")


def hedged(gold: str, *others: str) -> dict[str, str]:
    """The gold value offered among near values ("X, GOLD or Y"): an answer that hedges.
    `others` are plausible values the page shows nearby (at least one)."""
    if not others:
        raise ValueError("a hedged negative names at least one other value")
    if gold in others:
        raise ValueError(f"a hedged negative's other values must differ from the gold {gold!r}")
    items = [others[0], gold, *others[1:]]
    return negative(", ".join(items[:-1]) + " or " + items[-1], "hedged list")


def standard_negatives(gold: str | Sequence[str], *, near: dict[str, str] | None = None,
                       before: str | None = None, ordered: bool = False) -> list[dict[str, str]]:
    """The usual negatives of an information task: the near entities' values (`near`: entity ->
    its value), a hedged list around the gold with those values, the stale value `before` a
    change, and, for an `ordered` multi-value gold, the permuted list."""
    values = [gold] if isinstance(gold, str) else list(gold)
    out = [near_entity(v, e) for e, v in (near or {}).items()]
    others = [v for v in (near or {}).values() if v not in values]
    if len(values) == 1 and others:
        out.append(hedged(values[0], *others))
    if before is not None:
        out.append(stale(before))
    if ordered and len(values) > 1:
        out.append(permuted(values))
    return out


def distinct(pairs: dict[str, str] | Iterable[tuple[str, str]], gold: str, n: int | None = None) -> dict[str, str]:
    """The (entity, value) pairs, in order, whose values are set and differ from the gold and from
    an earlier entity's (the first `n` of them): the `near` of `standard_negatives`."""
    out: dict[str, str] = {}
    for entity, value in (pairs.items() if isinstance(pairs, dict) else pairs):
        if value and value != gold and value not in out.values() and (n is None or len(out) < n):
            out[entity] = value
    return out


def distractor(site: str, name: str, relation: str, note: str = "", sql: str | None = None,
               params: Sequence[str | int | float] = ()) -> dict[str, Any]:
    """A near-duplicate entity on the gold path (`relation`: same_name, similar, older_version,
    other); `sql` (a SELECT returning a row when it exists) where a plain name lookup in the
    site's seed would not find it."""
    out: dict[str, Any] = {"site": site, "name": name, "relation": relation}
    if note:
        out["note"] = note
    if sql is not None:
        out["sql"] = sql
        out["params"] = list(params)
    return out


@dataclass
class Design:
    """The design declarations of one task (`make_task(design=...)`), written into its `mag`
    block only where given: `features` (mag_core.task_design.FEATURES), `negatives`,
    `distractors`, and `answer_space` (plausible answers, where the suite's estimate is wrong)."""

    features: list[str] = dataclass_field(default_factory=list)
    negatives: list[dict[str, str]] = dataclass_field(default_factory=list)
    distractors: list[dict[str, Any]] = dataclass_field(default_factory=list)
    answer_space: int | None = None

    def apply(self, mag: dict[str, Any]) -> None:
        if self.features:
            mag["tags"]["features"] = list(self.features)
        if self.negatives:
            mag["negatives"] = list(self.negatives)
        if self.distractors:
            mag["distractors"] = list(self.distractors)
        if self.answer_space is not None:
            mag["answer_space"] = self.answer_space


def make_task(
    *, site: str, task_id: str, intent: str, template: str, values: dict[str, Any], template_id: int, kind: str,
    gold: Part, eval_: dict[str, Any], split: str, start_url: str, storage_state: str | None = None,
    sites: list[str] | None = None, design: Design | None = None,
) -> dict[str, Any]:
    """One task configuration; `design` adds the `mag` block's design declarations (negatives,
    distractors, features, answer space), each written only when given."""
    t = {
        "sites": sites or [site],
        "task_id": task_id,
        "require_login": storage_state is not None,
        "storage_state": storage_state,
        "start_url": start_url,
        "geolocation": None,
        "intent_template": template,
        "instantiation_dict": values,
        "intent": intent,
        "require_reset": kind == "state_change",
        "eval": eval_,
        "intent_template_id": template_id,
        "mag": {
            "split": split,
            "gold": {g: {"steps": [st.model_dump(exclude_none=True) for st in steps]} for g, steps in gold.items()},
            "tags": {"kind": kind, "cross_site": len(sites or [site]) > 1},
            "checker_mode": "strict",
        },
    }
    if design is not None:
        design.apply(t["mag"])
    Task.model_validate(t)  # fail early on a typo
    return t


def string_eval(**refs: Any) -> dict[str, Any]:
    return {"eval_types": ["string_match"], "reference_answers": refs, "reference_url": "", "program_html": []}


def url_eval(url: str) -> dict[str, Any]:
    return {"eval_types": ["url_match"], "reference_answers": None, "reference_url": url,
            "url_note": "GOLD in PRED", "program_html": []}


def state_eval(site: str, *checks: dict[str, Any], guards: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    """A state_check eval; `guards` are collateral-edit guards (`StateGuard`: a table
    whose rows outside `allowed` must stay as in the seed)."""
    out: dict[str, Any] = {"eval_types": ["state_check"], "reference_answers": None, "reference_url": "",
                           "program_html": [], "state_checks": [{"site": site, **c} for c in checks]}
    if guards:
        out["state_guards"] = [{"site": site, **g} for g in guards]
    return out


def unchanged(table: str, allowed: str = "", *params: Any, note: str = "",
              ignore_columns: Sequence[str] = ()) -> dict[str, Any]:
    """A collateral-edit guard: `table` outside `allowed` (with `params`) as in the seed, its
    volatile `ignore_columns` (e.g. an activity time every edit bumps) aside."""
    guard: dict[str, Any] = {"table": table, "allowed": allowed, "params": list(params)}
    if note:
        guard["note"] = note
    if ignore_columns:
        guard["ignore_columns"] = list(ignore_columns)
    return guard


class SiteFacts:
    """A fresh seed of one embedded site, its database (the owner's, for a site that serves
    another's) and its real pages (a logged-in test client where the site has a log-in),
    for reading task facts."""

    def __init__(self, site: str) -> None:
        import sqlite3
        import tempfile
        from pathlib import Path

        from starlette.testclient import TestClient

        from mag_mcp.sites.base import SiteStateStore
        from mag_mcp.sites.registry import site_spec

        spec = site_spec(site)
        self._tmp = tempfile.TemporaryDirectory(prefix="mag-authoring-")
        # a site that serves another's database (the admin over the shop) reads that seed
        store = SiteStateStore(site_spec(spec.state_owner or site), Path(self._tmp.name))
        self.db = sqlite3.connect(store.path_for("default"))
        self.db.row_factory = sqlite3.Row
        self.client = TestClient(spec.create_app(store))
        for cookie in spec.login_cookies:
            self.client.cookies.set(cookie.name, cookie.value)

    def max_id(self, table: str) -> int:
        """The highest id of `table` in the seed (0 when empty): rows above it are an episode's."""
        return int(self.db.execute(f"SELECT COALESCE(MAX(id), 0) FROM {table}").fetchone()[0])


def write_task_file(name: str, build: Callable[[], list[dict[str, Any]]]) -> None:
    """Regenerate `tasks/data/<name>.json` from an authoring module's `build()`."""
    out = Path(__file__).resolve().parents[1] / "data" / f"{name}.json"
    tasks = build()
    out.write_text(json.dumps(tasks, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {out} ({len(tasks)} tasks)")


class TaskBook:
    """The tasks an authoring module builds: ids `<prefix>-<short>-<n>`, intents from the
    template, the split from the template (train when it is in `train_templates`). A
    cross-site task passes its `sites` and, with them, its own start URL and storage state."""

    def __init__(self, site: str, prefix: str, train_templates: set[int], start_url: str,
                 storage_state: str | None = None) -> None:
        self.site, self.prefix, self.train_templates = site, prefix, train_templates
        self.start_url, self.storage_state = start_url, storage_state
        self.tasks: list[dict[str, Any]] = []

    def add(self, tid: int, n: int, short: str, template: str, values: dict[str, Any], kind: str, gold: Part,
            eval_: dict[str, Any], *, sites: list[str] | None = None, start_url: str | None = None,
            storage_state: str | None = None, design: Design | None = None) -> None:
        self.tasks.append(make_task(
            site=self.site, sites=sites, task_id=f"{self.prefix}-{short}-{n}", intent=template.format(**values),
            template=template, values=values, template_id=tid, kind=kind, gold=gold, eval_=eval_,
            split="train" if tid in self.train_templates else "test", start_url=start_url or self.start_url,
            storage_state=storage_state if sites else self.storage_state, design=design,
        ))
