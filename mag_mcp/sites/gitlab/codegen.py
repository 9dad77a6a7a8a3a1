"""Source code for the generated repositories, written from templates over a domain's vocabulary.

A module is a header (imports, constants) followed by top-level *shapes*: small, idiomatic
functions or types (filter, group, validate, summarise, parse, load, retry, index, ...) whose
identifiers come from the project's domain (`catalog.DOMAINS`): a transit project gets
`group_by_direction(trips)`, a storage project `batched_segments(segments)`. Which shapes a
module has, and its constants, are drawn from the project's own `random.Random`, so
projects of one domain still differ.

Templates use `@name@` placeholders (filled by `fill`), so the code's own braces need no
escaping. This module holds the vocabulary helpers and the Python writer; `codegen_ts` and
`codegen_langs` hold the others.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from .catalog import Domain

_PLACEHOLDER = re.compile(r"@(\w+)@")


def fill(template: str, words: dict[str, str]) -> str:
    """Replace every `@key@` in `template` by `words[key]`."""
    return _PLACEHOLDER.sub(lambda m: words[m.group(1)], template)


def plural(noun: str) -> str:
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def camel(snake: str) -> str:
    """'service_id' -> 'serviceId'."""
    head, *rest = snake.split("_")
    return head + "".join(w.capitalize() for w in rest)


def pascal(snake: str) -> str:
    return "".join(w.capitalize() for w in snake.split("_"))


@dataclass(frozen=True)
class ModuleWords:
    """The identifiers one module is written with (one noun of the domain)."""

    words: dict[str, str]

    @classmethod
    def make(cls, rng: random.Random, domain: Domain, noun: str, pkg: str) -> ModuleWords:
        a, a2 = rng.sample(domain.numbers, 2)
        t = rng.choice(domain.texts)
        ns = plural(noun)
        limit = rng.choice((10, 12, 16, 24, 50, 64, 100, 120, 250, 500, 1000, 3600))
        w = {
            "n": noun, "ns": ns, "N": pascal(noun), "Ns": pascal(ns), "a": a, "a2": a2, "t": t,
            "A": a.upper(), "T": t.upper(), "CN": noun.upper(), "C": f"MAX_{a.upper()}", "K": str(rng.choice((8, 16, 32, 64, 128))),
            "LIMIT": str(limit), "pkg": pkg, "nC": camel(noun), "nsC": camel(ns), "aC": camel(a), "a2C": camel(a2),
            "tC": camel(t), "AP": pascal(a), "TP": pascal(t), "A2P": pascal(a2),
        }
        return cls(w)


def pick_shapes(rng: random.Random, shapes: dict[str, str], k_min: int, k_max: int) -> list[str]:
    """A random subset of shape names, kept in the templates' order (so modules read naturally)."""
    names = list(shapes)
    chosen = set(rng.sample(names, min(len(names), rng.randint(k_min, k_max))))
    return [n for n in names if n in chosen]


# --- Python ------------------------------------------------------------------------------------

PY_IMPORTS = {
    "group": "from collections import defaultdict", "load": "import csv", "dump": "import json",
    "stats": "import statistics", "parse": "import re", "retry": "import time", "weight": "import functools\nimport math",
}
PY_SHAPES = {
    "active": '''def active_@ns@(@ns@: Iterable[@N@], *, minimum: float = 0.0) -> list[@N@]:
    """Return the @ns@ whose @a@ is at least `minimum`, largest first."""
    kept = [item for item in @ns@ if item.@a@ >= minimum]
    return sorted(kept, key=lambda item: item.@a@, reverse=True)
''',
    "group": '''def group_by_@t@(@ns@: Iterable[@N@]) -> dict[str, list[@N@]]:
    """Group @ns@ by their @t@ (an empty @t@ is grouped under "unknown")."""
    groups: dict[str, list[@N@]] = defaultdict(list)
    for item in @ns@:
        groups[item.@t@ or "unknown"].append(item)
    return dict(groups)
''',
    "load": '''def load_@ns@(path: Path) -> list[@N@]:
    """Read @ns@ from a CSV file with a header row; bad rows are logged and skipped."""
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    out = []
    for number, row in enumerate(rows, start=2):
        try:
            out.append(@N@.from_row(row))
        except (KeyError, ValueError) as exc:
            log.warning("%s:%d: skipping row: %s", path, number, exc)
    return out
''',
    "dump": '''def dump_@ns@(@ns@: Iterable[@N@], path: Path, *, indent: int = 2) -> int:
    """Write @ns@ to `path` as a JSON array; returns how many were written."""
    items = [item.to_dict() for item in @ns@]
    path.write_text(json.dumps(items, indent=indent, sort_keys=True) + "\\n", encoding="utf-8")
    return len(items)
''',
    "validate": '''def validate_@n@(@n@: @N@) -> list[str]:
    """Problems with one @n@, as readable messages (empty when it is valid)."""
    problems = []
    if not @n@.name.strip():
        problems.append("name is empty")
    if @n@.@a@ < 0:
        problems.append(f"@a@ must not be negative (got {@n@.@a@})")
    if @n@.@a@ > @C@:
        problems.append(f"@a@ is above the limit of {@C@}")
    return problems
''',
    "stats": '''def summarize_@ns@(@ns@: Iterable[@N@]) -> dict[str, float]:
    """Count, mean and median of the @a@ of some @ns@."""
    values = [item.@a@ for item in @ns@]
    if not values:
        return {"count": 0, "mean": 0.0, "median": 0.0}
    return {"count": len(values), "mean": statistics.fmean(values), "median": statistics.median(values)}
''',
    "parse": '''_@CN@_RE = re.compile(r"^(?P<name>[\\w .-]+?)\\s*\\((?P<value>-?\\d+(?:\\.\\d+)?)\\)$")


def parse_@n@(text: str) -> @N@:
    """Parse '<name> (<@a@>)', e.g. 'north (12.5)'."""
    match = _@CN@_RE.match(text.strip())
    if match is None:
        raise ValueError(f"not a @n@: {text!r}")
    name = match["name"].strip()
    return @N@(id=name.lower().replace(" ", "-"), name=name, @a@=float(match["value"]))
''',
    "retry": '''def fetch_@ns@(client: Client, *, attempts: int = 3, backoff_s: float = 0.5) -> list[@N@]:
    """Fetch all @ns@ from the API, retrying on timeouts with exponential backoff."""
    for attempt in range(1, attempts + 1):
        try:
            payload = client.get("/@ns@")
        except TimeoutError:
            if attempt == attempts:
                raise
            log.info("timeout fetching @ns@ (attempt %d of %d)", attempt, attempts)
            time.sleep(backoff_s * 2 ** (attempt - 1))
        else:
            return [@N@.from_dict(entry) for entry in payload]
    return []
''',
    "index": '''class @N@Index:
    """@Ns@ by id, with lookups by name."""

    def __init__(self, @ns@: Iterable[@N@] = ()) -> None:
        self._by_id: dict[str, @N@] = {}
        for item in @ns@:
            self.add(item)

    def __len__(self) -> int:
        return len(self._by_id)

    def add(self, @n@: @N@) -> None:
        if @n@.id in self._by_id:
            raise KeyError(f"duplicate @n@ id {@n@.id!r}")
        self._by_id[@n@.id] = @n@

    def get(self, @n@_id: str) -> @N@:
        try:
            return self._by_id[@n@_id]
        except KeyError:
            raise KeyError(f"no @n@ with id {@n@_id!r}") from None

    def find(self, name: str) -> list[@N@]:
        needle = name.casefold()
        return [item for item in self._by_id.values() if needle in item.name.casefold()]
''',
    "batched": '''def batched_@ns@(@ns@: Iterable[@N@], size: int = @K@) -> Iterator[list[@N@]]:
    """Yield @ns@ in lists of at most `size`."""
    if size < 1:
        raise ValueError("size must be at least 1")
    batch: list[@N@] = []
    for item in @ns@:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
''',
    "describe": '''def describe_@n@(@n@: @N@) -> str:
    """One line about a @n@, for logs and the command line."""
    @t@ = @n@.@t@ or "-"
    return f"{@n@.name:<24} {@t@:<12} {@n@.@a@:>10.2f}"
''',
    "merge": '''def merge_@ns@(old: Iterable[@N@], new: Iterable[@N@]) -> list[@N@]:
    """Combine two lists of @ns@; a @n@ in `new` replaces the one with the same id in `old`."""
    merged = {item.id: item for item in old}
    for item in new:
        if item.id in merged:
            log.debug("replacing @n@ %s", item.id)
        merged[item.id] = item
    return sorted(merged.values(), key=lambda item: item.name)
''',
    "weight": '''@functools.lru_cache(maxsize=@K@)
def @n@_weight(@a@: float, @a2@: float) -> float:
    """A normalised weight of a @n@ from its @a@ and @a2@ (0 when @a2@ is not positive)."""
    if @a2@ <= 0:
        return 0.0
    return round(math.log1p(@a@) / math.log1p(@a2@), 4)
''',
    "over": '''def over_limit(@ns@: Iterable[@N@], limit: float = @C@) -> Iterator[tuple[@N@, float]]:
    """The @ns@ whose @a@ is over `limit`, with how far over they are."""
    for item in @ns@:
        excess = item.@a@ - limit
        if excess > 0:
            yield item, excess
''',
}
PY_CLASS = '''@dataclass
class @N@:
    """One @n@ (`@a@` and `@a2@` are plain numbers; `@t@` is free text)."""

    id: str
    name: str
    @a@: float = 0.0
    @a2@: float = 0.0
    @t@: str = ""
    tags: list[str] = field(default_factory=list)

    @classmethod
    def from_row(cls, row: dict[str, str]) -> @N@:
        return cls(id=row["id"], name=row["name"], @a@=float(row.get("@a@") or 0),
                   @a2@=float(row.get("@a2@") or 0), @t@=row.get("@t@", ""))

    @classmethod
    def from_dict(cls, data: dict) -> @N@:
        return cls(**{key: data[key] for key in ("id", "name", "@a@", "@a2@", "@t@", "tags") if key in data})

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "@a@": self.@a@, "@a2@": self.@a2@, "@t@": self.@t@,
                "tags": list(self.tags)}
'''
PY_TESTS = {
    "active": '''def test_active_@ns@_keeps_large_values_first() -> None:
    small, big = @N@("a", "A", @a@=1), @N@("b", "B", @a@=5)
    assert active_@ns@([small, big], minimum=2) == [big]
''',
    "group": '''def test_group_by_@t@() -> None:
    items = [@N@("a", "A", @t@="x"), @N@("b", "B", @t@="x"), @N@("c", "C")]
    groups = group_by_@t@(items)
    assert sorted(groups) == ["unknown", "x"] and len(groups["x"]) == 2
''',
    "validate": '''def test_validate_@n@_reports_negative_@a@() -> None:
    assert validate_@n@(@N@("a", "A", @a@=-1)) == ["@a@ must not be negative (got -1)"]
    assert validate_@n@(@N@("a", "A", @a@=1)) == []
''',
    "stats": '''def test_summarize_empty_and_some() -> None:
    assert summarize_@ns@([])["count"] == 0
    result = summarize_@ns@([@N@("a", "A", @a@=2), @N@("b", "B", @a@=4)])
    assert result["mean"] == 3 and result["median"] == 3
''',
    "parse": '''@pytest.mark.parametrize("text", ["", "no value", "x (abc)"])
def test_parse_@n@_rejects(text: str) -> None:
    with pytest.raises(ValueError):
        parse_@n@(text)


def test_parse_@n@() -> None:
    assert parse_@n@("North Pier (12.5)").@a@ == 12.5
''',
    "batched": '''def test_batched_@ns@_sizes() -> None:
    items = [@N@(str(i), f"n{i}") for i in range(5)]
    assert [len(b) for b in batched_@ns@(items, size=2)] == [2, 2, 1]
''',
    "merge": '''def test_merge_@ns@_prefers_new() -> None:
    old, new = [@N@("a", "Old")], [@N@("a", "New")]
    assert [item.name for item in merge_@ns@(old, new)] == ["New"]
''',
    "index": '''def test_index_rejects_duplicates() -> None:
    index = @N@Index([@N@("a", "Alpha")])
    with pytest.raises(KeyError):
        index.add(@N@("a", "Again"))
    assert index.find("alp")[0].id == "a"
''',
}


def python_module(rng: random.Random, w: ModuleWords, domain_text: str) -> tuple[str, str, list[str]]:
    """(module source, test source, shape names) for one noun."""
    shapes = pick_shapes(rng, PY_SHAPES, 4, 8)
    imports = sorted({line for s in shapes if s in PY_IMPORTS for line in PY_IMPORTS[s].split("\n")})
    head = [f'"""{w.words["Ns"]}: {domain_text}"""', "", "from __future__ import annotations", ""]
    head += sorted([line for line in imports if line.startswith("import")] + ["import logging"])
    head += [line for line in imports if line.startswith("from")]
    head += ["from dataclasses import dataclass, field"]
    if "load" in shapes or "dump" in shapes:
        head.append("from pathlib import Path")
    head.append("from typing import Iterable, Iterator" if {"batched", "over"} & set(shapes) else "from typing import Iterable")
    if "retry" in shapes:
        head.append("\nfrom .client import Client")
    head += ["", "log = logging.getLogger(__name__)", "", f"{w.words['C']} = {w.words['LIMIT']}", "", "", ""]
    body = [fill(PY_CLASS, w.words)] + [fill(PY_SHAPES[s], w.words) for s in shapes]
    module = "\n".join(head) + "\n\n".join(body)
    module = re.sub(r"\n{3,}(?=\S)", "\n\n\n", module)
    tested = [s for s in shapes if s in PY_TESTS]
    names = [s for s in shapes]
    test_imports = ", ".join([w.words["N"]] + [_py_name(s, w) for s in tested])
    tests = [f'"""Tests of {w.words["pkg"]}.{w.words["n"]}."""', "", "import pytest", "",
             f"from {w.words['pkg']}.{w.words['n']} import {test_imports}", "", "",
             fill('''def test_@n@_round_trip() -> None:
    item = @N@("a1", "Alpha", @a@=3.5, @t@="north", tags=["x"])
    assert @N@.from_dict(item.to_dict()) == item
''', w.words)]
    test_src = "\n".join(tests) + "".join("\n\n" + fill(PY_TESTS[s], w.words) for s in tested)
    return module, test_src, names


def _py_name(shape: str, w: ModuleWords) -> str:
    return fill({"active": "active_@ns@", "group": "group_by_@t@", "validate": "validate_@n@",
                 "stats": "summarize_@ns@", "parse": "parse_@n@", "batched": "batched_@ns@",
                 "merge": "merge_@ns@", "index": "@N@Index"}[shape], w.words)
