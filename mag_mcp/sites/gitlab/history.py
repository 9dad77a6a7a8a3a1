"""The commit history of one repository, told backwards from its final tree.

Every file is split into blocks (`blocks`). The story starts with an initial commit (README,
LICENSE, manifest), then files are introduced with part of their blocks, later commits add
the remaining blocks, fix some blocks that first appeared in another form, and release
commits move the version and grow `CHANGELOG.md`; at the end the tree is exactly the final
one. Runs of main-line commits are grouped into merged merge requests (their commits live on
the source branch, followed by a merge commit); open and closed merge requests, and branches
without one, carry further edits on top of the final tree (`History.overlays`).

All of it is a pure function of its inputs and a `random.Random` keyed by the project.
"""

from __future__ import annotations

import random
import re
from datetime import datetime, timedelta

from . import blocks as B
from .history_branches import branch_work, group_merges
from .history_model import FIRST, TIME, VERSION_RE, Change, Commit, History, Inputs
from .history_model import kind_of as _kind
from .history_model import later as _later
from .history_model import sha as _sha

def _stem(path: str) -> str:
    stem = path.rsplit("/", 1)[-1].split(".", 1)[0]
    return re.sub(r"^test_|_test$|_spec$|Test$", "", stem) or stem


def _title_for(rng: random.Random, op: tuple, state: B.FileState) -> str:
    what, path, j = op[:3]
    kind, stem = _kind(path), _stem(path)
    name = B.block_name(state.blocks[j]) if j >= 0 else ""
    if what == "intro":
        return rng.choice({
            "code": (f"Add {stem} module", f"Start {stem}", f"Add {path.rsplit('/', 1)[-1]}", f"Introduce {stem}"),
            "test": (f"Add tests for {stem}", f"Test the {stem} module", f"Start testing {stem}"),
            "doc": (f"Document {stem}", f"Add {path}", f"Docs: {stem}"),
            "other": (f"Add {path}", f"Add {stem}", "Set up CI" if path == ".gitlab-ci.yml" else f"Add {stem} config"),
            "first": (f"Add {path}",),
        }[kind])
    if what == "insert":
        if kind == "doc":
            return rng.choice((f"Docs: add “{name}”" if name else f"Extend {path}", f"Expand {stem} docs"))
        if kind == "test":
            subject = re.sub(r"^(test_?|Test)", "", name) if name else ""
            return rng.choice((f"Test {subject.replace('_', ' ')}" if subject else f"More tests for {stem}",
                               f"Cover {stem} edge cases", f"Add a test for {stem}"))
        return rng.choice((f"Add {name}" if name else f"Extend {stem}", f"Implement {name}" if name else f"Grow {stem}",
                           f"Add {name} to {stem}" if name else f"Add to {stem}"))
    return rng.choice((f"Fix {name}" if name else f"Fix {stem}", f"Handle edge cases in {name or stem}",
                       f"Correct {name or stem}", f"Fix off-by-one in {name or stem}" if name else f"Tidy {stem}"))


class _Builder:
    def __init__(self, inp: Inputs) -> None:
        self.inp = inp
        self.rng = random.Random(f"gitlab:history:{inp.path}")
        self.states = {p: B.FileState(p, B.split_blocks(t)) for p, t in inp.files.items()}
        self.version_file, self.final_version = self._find_version()

    def _find_version(self) -> tuple[str | None, str | None]:
        for p in self.inp.files:
            if p in FIRST[3:] or p.endswith(("__init__.py", ".gemspec", "/main.go")) or p == "src/main.rs":
                m = VERSION_RE.search(self.inp.files[p])
                if m:
                    return p, m.group(1)
        return None, None

    # --- the plan: operations on blocks -----------------------------------------------------------
    def plan(self) -> tuple[list[tuple], list[tuple]]:
        """(initial ops, later ops in order) over (what, path, block)."""
        rng, first, later_files = self.rng, [], []
        order = sorted(self.states, key=lambda p: ({"first": 0, "code": 1, "test": 1, "doc": 2, "other": 3}[_kind(p)], p))
        pending: dict[str, list[tuple]] = {}
        for p in order:
            st, kind = self.states[p], _kind(p)
            n = len(st.blocks)
            split = kind in ("code", "test") and n > 2 or kind == "doc" and n > 4 and p != "README.md"
            k = max(1, round(n * rng.uniform(0.35, 0.7))) if split else n
            ops = [("intro", p, -1, list(range(k)))]
            rest = [("insert", p, j) for j in range(k, n)]
            fixes = []
            if kind == "code" and p != self.version_file:
                for j in range(1, n):
                    if rng.random() < 0.2:
                        v = B.mutate(rng, st.blocks[j], p)
                        if v is not None and v != st.blocks[j]:
                            st.variant[j] = v
                            fixes.append(("fix", p, j))
            pending[p] = rest + fixes
            (first if p in FIRST else later_files).append(ops[0])
        later: list[tuple] = []
        intros = list(later_files)
        live: list[str] = []
        while intros or any(pending[p] for p in live):
            if intros and (not any(pending[p] for p in live) or rng.random() < 0.45):
                op = intros.pop(0)
                later.append(op)
                live.append(op[1])
            else:
                p = rng.choice([p for p in live if pending[p]])
                later.append(pending[p].pop(0))
        return first, later

    # --- applying ops -----------------------------------------------------------------------------
    def apply(self, op: tuple) -> B.Change:
        what, p = op[0], op[1]
        st = self.states[p]
        if what == "intro":
            for j in op[3]:
                st.present[j] = True
            st.exists = True
            return Change(p, "added", B.added_diff(st.render()))
        j = op[2]
        old = st.render()
        start, old_len = st.offset(j), len(st.lines_of(j))
        if what == "insert":
            st.present[j] = True
        else:
            st.variant.pop(j, None)
        new = st.render()
        return Change(p, "modified", B.diff(old, new, start, old_len, len(st.lines_of(j))))


def _times(rng: random.Random, start: str, end: str, n: int) -> list[str]:
    a, b = datetime.strptime(start, TIME), datetime.strptime(end, TIME)
    span = max(3600, int((b - a).total_seconds()))
    points = sorted(rng.randrange(span) for _ in range(n))
    out = []
    for s in points:
        t = a + timedelta(seconds=s)
        if t.hour < 8:
            t += timedelta(hours=9)
        out.append(min(t, b).strftime(TIME))
    return _strictly_after(start, sorted(out))


def _strictly_after(start: str, times: list[str]) -> list[str]:
    """`times` (sorted) moved on by whole seconds where needed so that each is later than the one
    before and the first is later than `start`: commits are ordered by time, and a tie would let
    two commits of the main line swap places, breaking the replay of their diffs."""
    out: list[str] = []
    prev = datetime.strptime(start, TIME)
    for ts in times:
        t = max(datetime.strptime(ts, TIME), prev + timedelta(seconds=1))
        out.append(t.strftime(TIME))
        prev = t
    return out


def build_history(inp: Inputs) -> History:
    """The full history of one repository; see the module docstring."""
    bld = _Builder(inp)
    rng = bld.rng
    first_ops, later_ops = bld.plan()
    # group later ops into commits, never touching one file twice in a commit
    groups: list[list[tuple]] = []
    i = 0
    while i < len(later_ops):
        size = rng.choices((1, 2, 3), weights=(6, 3, 1))[0]
        group, paths = [], set()
        while i < len(later_ops) and len(group) < size and later_ops[i][1] not in paths:
            group.append(later_ops[i])
            paths.add(later_ops[i][1])
            i += 1
        groups.append(group)
    n_releases = max(1, min(9, len(groups) // 7))
    release_at = set(sorted(rng.sample(range(2, len(groups) + 1), min(n_releases, max(1, len(groups) - 1)))))
    release_at.add(len(groups))
    versions = _versions(rng, bld.final_version or f"0.{len(release_at) + 1}.0", len(release_at))
    release_at = set(sorted(release_at)[-len(versions):])
    releases = sorted(release_at)
    times = _times(rng, _later(inp.created_at, rng, 0, 1, inp.end_at), inp.end_at, len(groups) + len(releases) + 1)
    times = _strictly_after(inp.created_at, times)
    commits: list[Commit] = []
    parent = ""
    author_w = [max(1, len(inp.authors) - k) ** 2 for k in range(len(inp.authors))]

    def author() -> str:
        return rng.choices(inp.authors, weights=author_w)[0]

    def add(title: str, message: str, who: str, ts: str, changes: list[Change], kind: str, branch: str = "main") -> Commit:
        nonlocal parent
        c = Commit(_sha(inp.path, parent, title, ts, branch), parent, branch, title, message, who, ts, changes, kind)
        commits.append(c)
        parent = c.sha
        return c

    # the version file starts at the first version
    vfile = bld.version_file
    if vfile:
        _set_version(bld.states[vfile], bld.final_version, versions[0])
    add("Initial commit", "", inp.authors[0], inp.created_at, [bld.apply(op) for op in first_ops], "initial")
    changelog: list[tuple[str, str, list[str]]] = []  # (version, date, entries)
    since: list[str] = []
    t_index = 1
    for g_index, group in enumerate(groups, start=1):
        changes = [bld.apply(op) for op in group]
        title = _title_for(rng, group[0], bld.states[group[0][1]])
        message = "" if len(group) == 1 or rng.random() < 0.4 else "\n".join(
            f"- {_title_for(rng, op, bld.states[op[1]])}" for op in group)
        add(title, message, author(), times[t_index], changes, "change")
        since.append(title)
        t_index += 1
        if g_index in release_at:
            r = releases.index(g_index)
            version = versions[r]
            rel_changes = []
            if vfile and r > 0:
                st = bld.states[vfile]
                old = st.render()
                _set_version(st, bld.final_version, version)
                new = st.render()
                k = next((x for x in range(min(len(old), len(new))) if old[x] != new[x]), None)
                if k is not None and st.exists:
                    rel_changes.append(Change(vfile, "modified", B.diff(old, new, k, 1, 1)))
            changelog.append((version, times[t_index][:10], since[-8:]))
            since = []
            c = add(f"Release v{version}", "", inp.maintainers[0] if inp.maintainers else inp.authors[0], times[t_index],
                    rel_changes, "release")
            c.changes += [_changelog_change(changelog, bld)]
            t_index += 1
    drift = [p for p, text in inp.files.items() if bld.states[p].text() != text]
    if drift:
        raise AssertionError(f"history of {inp.path} does not end at the final tree: {drift}")
    files = dict(inp.files)
    files["CHANGELOG.md"] = bld.states["CHANGELOG.md"].text()
    tags = [(f"v{v}", c.sha, "\n".join(f"- {e}" for e in entries), c.created_at)
            for (v, _, entries), c in zip(changelog, [c for c in commits if c.kind == "release"], strict=True)]
    merged = group_merges(rng, inp, commits)
    work = [branch_work(rng, inp, commits, files, b, who, ts, title) for b, who, ts, title in inp.work_branches]
    commits.sort(key=lambda c: (c.created_at, c.sha))
    branches = {"main": next(c.sha for c in reversed(commits) if c.branch == "main")}
    for w in work:
        branches[w.branch] = w.shas[-1]
    return History(commits, dict(sorted(files.items())), tags, merged, work, branches)


def _versions(rng: random.Random, final: str, n: int) -> list[str]:
    """`n` (or fewer, if the numbers run out) distinct versions, oldest first, ending at `final`."""
    major, minor, patch = (int(x) for x in final.split("."))
    out = [final]
    while len(out) < n:
        if patch > 0 and (rng.random() < 0.6 or minor == 0 and major == 0):
            patch -= 1
        elif minor > 0:
            minor, patch = minor - 1, rng.randint(0, 3)
        elif major > 0:
            major, minor, patch = major - 1, rng.randint(3, 9), rng.randint(0, 2)
        else:
            break
        if major == minor == patch == 0:
            break
        out.append(f"{major}.{minor}.{patch}")
    return out[::-1]


def _set_version(st: B.FileState, final: str | None, current: str) -> None:
    """Show `current` instead of the final version string in the file's version line."""
    for j, block in enumerate(st.blocks):
        for k, line in enumerate(block):
            if final and final in line and VERSION_RE.search(line):
                if current == final:
                    st.variant.pop(j, None)
                else:
                    st.variant[j] = block[:k] + [line.replace(final, current)] + block[k + 1:]
                return


def _changelog_change(changelog: list[tuple[str, str, list[str]]], bld: _Builder) -> Change:
    header = ["# Changelog", "", "All notable changes to this project are documented here.", ""]
    blocks = [header] + [[f"## v{v} ({d})", ""] + [f"- {e}" for e in entries] + [""] for v, d, entries in changelog[::-1]]
    blocks[-1] = blocks[-1][:-1]
    old = bld.states.get("CHANGELOG.md")
    new = B.FileState("CHANGELOG.md", blocks, [True] * len(blocks), exists=True)
    bld.states["CHANGELOG.md"] = new
    if old is None:
        return Change("CHANGELOG.md", "added", B.added_diff(new.render()))
    return Change("CHANGELOG.md", "modified", B.diff(old.render(), new.render(), len(header), 0, len(blocks[1])))
