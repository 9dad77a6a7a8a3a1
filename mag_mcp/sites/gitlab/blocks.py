"""Files as sequences of top-level blocks, their small edits, and unified diffs between states.

A file's history is told as blocks appearing (a function is added), blocks changing (a bug is
fixed) and one version string moving (a release). `FileState` renders the file at any point
of that story, and `diff` turns two renderings of one changed block into unified-diff hunks
with their real line numbers, without diffing whole files.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher

CONTEXT = 3
_NAME_RES = (
    re.compile(r"^\s*(?:export\s+)?(?:async\s+)?(?:def|class|func|fn|function\*?|struct|enum|interface|type|record|"
               r"module|impl(?:<[^>]*>)?)\s+(?:\([^)]*\)\s*)?(?:[\w:]+\s+for\s+)?([A-Za-z_][\w]*)"),
    re.compile(r"^\s*pub\s+(?:fn|struct|enum|const|mod)\s+([A-Za-z_]\w*)"),
    re.compile(r"^\s*(?:public|private|protected)\s+(?:static\s+)?(?:final\s+)?[\w<>\[\], ]+\s+(\w+)\s*\("),
    re.compile(r"^#+\s+(.+?)\s*$"),
    re.compile(r"^([A-Za-z_][\w.-]*)\s*[:=]"),
)
COMMENT = {".py": "#", ".rb": "#", ".sh": "#", ".yml": "#", ".yaml": "#", ".toml": "#", ".tf": "#", ".r": "#",
           ".R": "#", ".lua": "--", ".ml": None, ".md": None, ".html": None, ".css": None, ".json": None,
           ".csv": None, ".txt": None}
NOTES = (
    "Keep the order stable: callers rely on it.", "Empty input is valid and returns nothing.",
    "Cheap enough to call on every request.", "See the discussion on the merge request for the trade-offs.",
    "Values come straight from the config file, so check them here.", "Do not log the raw value: it can be large.",
    "This mirrors the behaviour of the previous release.", "Only used by the command line for now.",
    "Rounded so that reports are stable between runs.", "The limit is documented in the README.",
)
SENTENCES = (
    "This section was rewritten after feedback from the last release.",
    "The examples below assume the default configuration.",
    "If something here is unclear, please open an issue.",
    "Numbers in this table are measured on a laptop, not in CI.",
    "Older versions behave differently; see the changelog.",
)


def split_blocks(text: str) -> list[list[str]]:
    """Top-level blocks of a file: a new block starts at an unindented line after a blank line
    (closing brackets and `end` lines stay with the block above). The first block is the header."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    blocks: list[list[str]] = [[]]
    for i, line in enumerate(lines):
        starts = (i > 0 and lines[i - 1] == "" and line and not line[0].isspace()
                  and not line.startswith(("}", ")", "]", "end", "#endif", "#[cfg")))
        if starts and blocks[-1] and any(x.strip() for x in blocks[-1]):
            blocks.append([])
        blocks[-1].append(line)
    return blocks


def block_name(block: list[str]) -> str:
    """A readable name for a block: its function, type or heading, else ''."""
    for line in block[:4]:
        for rx in _NAME_RES:
            m = rx.match(line)
            if m:
                return m.group(1).strip("`*")[:60]
    return ""


def comment_prefix(path: str) -> str | None:
    for ext, prefix in COMMENT.items():
        if path.endswith(ext):
            return prefix
    return "//"


@dataclass
class FileState:
    """One file during its history: which blocks exist and in which form."""

    path: str
    blocks: list[list[str]]
    present: list[bool] = field(default_factory=list)
    variant: dict[int, list[str]] = field(default_factory=dict)  # blocks shown in another form than the final one
    exists: bool = False

    def __post_init__(self) -> None:
        if not self.present:
            self.present = [False] * len(self.blocks)

    def lines_of(self, j: int) -> list[str]:
        return self.variant.get(j, self.blocks[j]) if self.present[j] else []

    def render(self) -> list[str]:
        out: list[str] = []
        for j in range(len(self.blocks)):
            out += self.lines_of(j)
        return out

    def text(self) -> str:
        lines = self.render()
        return "\n".join(lines) + "\n" if lines else ""

    def offset(self, j: int) -> int:
        return sum(len(self.lines_of(k)) for k in range(j))


def mutate(rng: random.Random, block: list[str], path: str) -> list[str] | None:
    """Another plausible form of a block: a different number, a missing guard line or one
    more comment. None when no edit fits."""
    body = [i for i in range(1, len(block)) if block[i].strip()]
    if not body:
        return None
    numeric = [i for i in body if re.search(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])", block[i]) and "version" not in block[i]]
    roll = rng.random()
    if numeric and roll < 0.4:
        i = rng.choice(numeric)
        nums = list(re.finditer(r"(?<![\w.])(\d+)(?:\.\d+)?(?![\w.])", block[i]))
        m = rng.choice(nums)
        old = int(m.group(1))
        new = str(old + rng.choice((1, 2, 5, 10)) if old < 3 else max(0, old - rng.choice((1, old // 2 or 1))))
        if new == m.group(1):
            return None
        out = list(block)
        out[i] = block[i][: m.start(1)] + new + block[i][m.end(1):]
        return out
    guards = [i for i in body[:-1] if re.match(r"\s+(if|raise|return|assert|guard|unless)\b", block[i])]
    if guards and roll < 0.75:
        i = rng.choice(guards)
        nxt = i + 1
        while nxt < len(block) and len(block[nxt]) - len(block[nxt].lstrip()) > len(block[i]) - len(block[i].lstrip()):
            nxt += 1
        return block[:i] + block[nxt:]
    prefix = comment_prefix(path)
    if prefix is None:
        if path.endswith(".md"):
            return block + [rng.choice(SENTENCES), ""] if block[-1] == "" else block + ["", rng.choice(SENTENCES)]
        return None
    i = rng.choice(body)
    indent = re.match(r"\s*", block[i]).group(0)
    return block[:i] + [f"{indent}{prefix} {rng.choice(NOTES)}"] + block[i:]


@dataclass(frozen=True)
class Diff:
    hunks: str
    additions: int
    deletions: int


def diff(old: list[str], new: list[str], start: int, old_len: int, new_len: int) -> Diff:
    """Unified hunks between `old` and `new`, which agree outside old[start:start+old_len] ->
    new[start:start+new_len]."""
    a, b = old[start:start + old_len], new[start:start + new_len]
    ops = [(tag, i1 + start, i2 + start, j1 + start, j2 + start)
           for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes() if tag != "equal"]
    if not ops:
        return Diff("", 0, 0)
    groups: list[list[tuple]] = [[ops[0]]]
    for op in ops[1:]:
        if op[1] - groups[-1][-1][2] <= 2 * CONTEXT:
            groups[-1].append(op)
        else:
            groups.append([op])
    out: list[str] = []
    adds = dels = 0
    for g in groups:
        i0, j0 = max(0, g[0][1] - CONTEXT), max(0, g[0][3] - CONTEXT)
        i_end, j_end = min(len(old), g[-1][2] + CONTEXT), min(len(new), g[-1][4] + CONTEXT)
        body: list[str] = []
        i = i0
        for _tag, i1, i2, j1, j2 in g:
            body += [" " + x for x in old[i:i1]]
            body += ["-" + x for x in old[i1:i2]]
            body += ["+" + x for x in new[j1:j2]]
            dels, adds, i = dels + (i2 - i1), adds + (j2 - j1), i2
        body += [" " + x for x in old[i:i_end]]
        old_n, new_n = i_end - i0, j_end - j0
        out.append(f"@@ -{i0 + 1 if old_n else i0},{old_n} +{j0 + 1 if new_n else j0},{new_n} @@")
        out += body
    return Diff("\n".join(out), adds, dels)


def added_diff(lines: list[str]) -> Diff:
    return Diff(f"@@ -0,0 +1,{len(lines)} @@\n" + "\n".join("+" + x for x in lines), len(lines), 0)
