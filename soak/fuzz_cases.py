"""Fuzz cases: what a case calls (`Target`), in which mode, with which arguments, and the
hypothesis strategy of cases for each kind of target, built from the values of
`soak.fuzz_strategies` and the target's published input schema.

Modes are weighted so most cases are hostile and cheap (refused by validation in a few ms);
"valid" and "hostile_value" cases reach the browser (~0.1-0.3 s each).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from hypothesis import strategies as st

from soak.fuzz_strategies import (
    EPISODE_REFS, LIVE, PAYLOADS, any_json, hostile_text, in_schema_hostile, over_limit, plausible,
    protocol_output, raw_value, wrong_type_for, non_null_branch,
)


@dataclass(frozen=True)
class Target:
    """What a case calls: a tool, the `mag_agent` prompt, a resource URI, an unknown tool name."""

    kind: Literal["tool", "prompt", "resource", "unknown_tool"]
    name: str
    schema: dict[str, Any] = field(default_factory=dict)  # tools: input schema; prompts: argument names
    grounding: str | None = None  # a tool of one grounding only ("som" / "coord")

    @property
    def label(self) -> str:
        return self.name if self.kind == "tool" else f"{self.kind}:{self.name}"


@dataclass
class FuzzCase:
    """One generated call; its repr is what a failure reports (megabyte values shortened)."""

    target: Target
    mode: str
    arguments: Any  # usually a dict; raw mode may send any JSON value

    def __repr__(self) -> str:
        return f"{self.target.label} [{self.mode}] {_short_repr(self.arguments)}"


def _short_repr(value: Any, limit: int = 300) -> str:
    if isinstance(value, str) and len(value) > 60:
        return f"{value[:40]!r}...[{len(value):,} chars]"
    if isinstance(value, dict):
        text = "{" + ", ".join(f"{k!r}: {_short_repr(v)}" for k, v in value.items()) + "}"
    elif isinstance(value, list):
        text = "[" + ", ".join(_short_repr(v) for v in value[:5]) + (", ..." if len(value) > 5 else "") + "]"
    else:
        text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


# ------------------------------------------------------------ cases

# Modes and their weights, cheapest first (hypothesis shrinks towards the first): most cases are
# refused by validation in a few ms; "valid" and "hostile_value" reach the browser.
CHEAP_MODES = {"missing": 2, "extra_key": 2, "wrong_type": 3, "bad_episode": 3, "over_limit": 2, "raw": 1}
ACTING_MODES = {"valid": 3, "hostile_value": 3}
ENDING_TOOLS = {"reset", "stop", "abandon"}  # a valid call costs an episode: drawn less often
_UNKNOWN_KEYS = ["episodeId", "pressEnter", "Mark", "__proto__", "constructor", "", " ", "guide ", "x\x00",
                 "$ref", "_meta", "arguments", "name"]


def _modes(target: Target) -> list[str]:
    props = target.schema.get("properties", {})
    weights = dict(CHEAP_MODES)
    weights.update({m: (1 if target.name in ENDING_TOOLS else w) for m, w in ACTING_MODES.items()})
    if "episode_id" not in props:
        weights.pop("bad_episode")
    if not target.schema.get("required"):
        weights.pop("missing")
    if not props:
        for m in ("wrong_type", "over_limit", "hostile_value"):
            weights.pop(m, None)
    return [m for m, w in weights.items() for _ in range(w)]


def _valid_args(target: Target, task_ids: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    props: dict[str, Any] = target.schema.get("properties", {})
    required = set(target.schema.get("required", []))
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for name, schema in props.items():
        if name == "episode_id":
            fields[name] = st.sampled_from([LIVE[target.grounding]] if target.grounding else list(LIVE.values()))
        else:
            fields[name] = plausible(name, schema, task_ids)
    optional = sorted(set(props) - required)
    return st.builds(lambda values, keep: {k: v for k, v in values.items() if k in required or k in keep},
                     st.fixed_dictionaries(fields), st.sets(st.sampled_from(optional)) if optional else st.just(set()))


def _replace_one(args: st.SearchStrategy[dict[str, Any]], props: dict[str, Any],
                 value_for: Any, names: list[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Valid arguments with one argument (among `names`) replaced by a value drawn for its schema."""
    pick = st.sampled_from(names or sorted(props))
    return st.tuples(args, pick).flatmap(
        lambda ap: value_for(ap[1], props[ap[1]]).map(lambda v: {**ap[0], ap[1]: v}))


def tool_case(target: Target, task_ids: list[str]) -> st.SearchStrategy[FuzzCase]:
    props: dict[str, Any] = target.schema.get("properties", {})
    valid = _valid_args(target, task_ids)
    others = [r for r in EPISODE_REFS if r != LIVE.get(target.grounding or "", "")]
    unknown_keys = st.one_of(st.sampled_from(_UNKNOWN_KEYS), hostile_text(30)).filter(lambda k: k not in props)
    by_mode: dict[str, st.SearchStrategy[Any]] = {
        "valid": valid,
        "extra_key": st.tuples(valid, st.dictionaries(unknown_keys, any_json(3), min_size=1, max_size=3)).map(
            lambda ae: {**ae[0], **ae[1]}),
        "bad_episode": st.tuples(valid, st.one_of(st.sampled_from(others), hostile_text(64))).map(
            lambda ae: {**ae[0], "episode_id": ae[1]}),
        "raw": st.one_of(
            st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=20), st.lists(any_json(3), max_size=3),
                      raw_value()),
            _replace_one(valid, props, lambda _n, _s: raw_value()) if props else st.just([])),
    }
    if target.schema.get("required"):
        by_mode["missing"] = st.tuples(valid, st.sampled_from(sorted(target.schema["required"]))).map(
            lambda ak: {k: v for k, v in ak[0].items() if k != ak[1]})
    if props:
        by_mode["wrong_type"] = _replace_one(valid, props, lambda _n, s: wrong_type_for(s))
        by_mode["over_limit"] = _replace_one(valid, props, lambda _n, s: over_limit(s))
        hostile_names = [n for n, s in props.items() if n != "episode_id" and "enum" not in non_null_branch(s)] or None
        by_mode["hostile_value"] = _replace_one(
            valid, props, lambda n, s: protocol_output() if n == "output" else in_schema_hostile(s), hostile_names)
    return st.sampled_from(_modes(target)).flatmap(
        lambda mode: by_mode[mode].map(lambda args: FuzzCase(target, mode, args)))


def prompt_case(target: Target, task_ids: list[str]) -> st.SearchStrategy[FuzzCase]:
    """`prompts/get`: arguments are strings by the protocol; hostile ones, other types over raw JSON-RPC."""
    names: list[str] = list(target.schema.get("properties", {}))
    valid = st.fixed_dictionaries({n: plausible(n, {}, task_ids) for n in names}).map(
        lambda d: {k: v for k, v in d.items() if v is not None})
    by_mode = {
        "valid": valid,
        "hostile_value": st.dictionaries(st.sampled_from(names), hostile_text(), min_size=1),
        "extra_key": st.tuples(valid, st.dictionaries(hostile_text(20), st.text(max_size=10), min_size=1, max_size=2)).map(
            lambda ae: {**ae[0], **{k: v for k, v in ae[1].items() if k not in names}}),
        "wrong_type": st.dictionaries(st.sampled_from(names), any_json(3).filter(lambda v: not isinstance(v, str)),
                                      min_size=1),
        "raw": st.one_of(st.lists(st.text(max_size=5), max_size=2), st.integers(), raw_value()),
    }
    modes = ["extra_key", "wrong_type", "raw", "valid", "hostile_value", "hostile_value"]
    return st.sampled_from(modes).flatmap(lambda m: by_mode[m].map(lambda a: FuzzCase(target, m, a)))


def resource_case(target: Target, task_ids: list[str]) -> st.SearchStrategy[FuzzCase]:
    """`resources/read`: a template filled with plausible and hostile values, or any URI at all."""
    prefix, _, rest = target.name.partition("{")
    valid = plausible(rest.partition("}")[0], {"type": "string"}, task_ids)  # e.g. {task_id}, {grounding}
    by_mode = {
        "valid": valid.map(lambda v: prefix + v),
        "hostile_value": st.one_of(valid, hostile_text(300)).map(lambda v: prefix + v),
        "raw": st.one_of(st.sampled_from(PAYLOADS), hostile_text(), st.just("mag://tasks/../../etc/passwd"),
                         st.just("mag://"), st.just("MAG://TASKS")),
    }
    modes = ["raw", "valid", "hostile_value", "hostile_value"]
    return st.sampled_from(modes).flatmap(lambda m: by_mode[m].map(lambda uri: FuzzCase(target, m, {"uri": uri})))


def unknown_tool_case(target: Target, tool_names: list[str]) -> st.SearchStrategy[FuzzCase]:
    near = [n for t in tool_names for n in (t.upper(), t + " ", t + "\x00", t.replace("_", "-"), t + "2")
            if n not in tool_names]
    name = st.one_of(st.sampled_from(near), hostile_text(200)).filter(lambda n: n not in tool_names)
    return st.tuples(name, st.dictionaries(st.text(max_size=8), any_json(3), max_size=3)).map(
        lambda na: FuzzCase(target, "unknown_tool", {"name": na[0], "arguments": na[1]}))


def case_strategy(target: Target, task_ids: list[str], tool_names: list[str]) -> st.SearchStrategy[FuzzCase]:
    if target.kind == "prompt":
        return prompt_case(target, task_ids)
    if target.kind == "resource":
        return resource_case(target, task_ids)
    if target.kind == "unknown_tool":
        return unknown_tool_case(target, tool_names)
    return tool_case(target, task_ids)
