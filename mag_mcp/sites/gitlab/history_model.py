"""The records a repository's history is made of (commits with their changed files, merged merge
requests, branch work) and the small helpers `history` and `history_branches` share."""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from . import blocks as B

CODE_EXT = (".py", ".ts", ".js", ".go", ".rs", ".java", ".rb", ".cpp", ".hpp", ".h", ".c", ".sh", ".lua", ".cs", ".tf")
FIRST = ("README.md", "LICENSE", ".gitignore", "pyproject.toml", "package.json", "go.mod", "Cargo.toml", "pom.xml",
         "Gemfile", "CMakeLists.txt")
VERSION_RE = re.compile(r"""(?:version|VERSION)\s*[=:(]?\s*["']?v?(\d+\.\d+\.\d+)""")
TIME = "%Y-%m-%d %H:%M:%S"


@dataclass
class Change:
    path: str
    status: str  # 'added' | 'modified'
    diff: B.Diff


@dataclass
class Commit:
    sha: str
    parent: str
    branch: str
    title: str
    message: str
    author: str
    created_at: str
    changes: list[Change] = field(default_factory=list)
    kind: str = "change"  # 'change' | 'merge' | 'release' | 'initial'

    @property
    def additions(self) -> int:
        return sum(c.diff.additions for c in self.changes)

    @property
    def deletions(self) -> int:
        return sum(c.diff.deletions for c in self.changes)


@dataclass
class MergedMR:
    source_branch: str
    title: str
    author: str
    created_at: str
    merged_at: str
    merged_by: str
    shas: list[str]
    merge_sha: str


@dataclass
class BranchWork:
    """Work on a branch that is not in main: an open or closed merge request, or a plain branch."""

    branch: str
    author: str
    created_at: str
    shas: list[str]
    overlay: dict[str, str]


@dataclass
class History:
    commits: list[Commit]
    files: dict[str, str]  # the final tree of main, CHANGELOG.md included
    tags: list[tuple[str, str, str, str]]  # (name, sha, release notes, created_at)
    merged: list[MergedMR]
    work: list[BranchWork]
    branches: dict[str, str]  # name -> tip sha


@dataclass
class Inputs:
    path: str
    files: dict[str, str]
    created_at: str
    end_at: str
    authors: list[str]  # weighted: earlier names commit more
    maintainers: list[str]
    work_branches: list[tuple[str, str, str, str]]  # (branch, author, created_at, title) for unmerged work
    fixed_merges: list[tuple[str, str, str, str, str, str]]  # hand-written merged MRs: (branch, title, author, created, done, by)


def sha(*parts: str) -> str:
    return hashlib.sha1("\x1f".join(parts).encode()).hexdigest()


def kind_of(path: str) -> str:
    if path in FIRST or path == "CONTRIBUTING.md":
        return "first" if path in FIRST else "doc"
    if re.search(r"(^|/)(tests?|spec)/|_test\.go$|\.test\.[jt]s$|Test\.java$", path):
        return "test"
    if path.endswith(CODE_EXT):
        return "code"
    return "doc" if path.endswith(".md") else "other"


def later(ts: str, rng: random.Random, lo_h: float, hi_h: float, cap: str) -> str:
    t = datetime.strptime(ts, TIME) + timedelta(minutes=rng.randint(int(lo_h * 60), int(hi_h * 60)))
    return min(t.strftime(TIME), cap) if t.strftime(TIME) > ts else ts
