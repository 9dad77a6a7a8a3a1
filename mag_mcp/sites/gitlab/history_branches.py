"""Branches in a repository's history: runs of main-line commits grouped into merged merge
requests (their commits move to the source branch, a merge commit joins them to main), and
work on branches that never reached main (open and closed merge requests, plain branches),
written as edits on top of the final tree."""

from __future__ import annotations

import random
import re
from datetime import datetime, timedelta

from . import blocks as B
from .history_model import (
    TIME,
    BranchWork,
    Change,
    Commit,
    Inputs,
    MergedMR,
    kind_of,
    later,
    sha,
)


def _between(ts: str, lo: str | None, hi: str | None) -> str:
    """`ts` moved inside the open interval (lo, hi), to the second."""
    if lo is not None and ts <= lo:
        ts = (datetime.strptime(lo, TIME) + timedelta(seconds=1)).strftime(TIME)
    if hi is not None and ts >= hi:
        ts = (datetime.strptime(hi, TIME) - timedelta(seconds=1)).strftime(TIME)
    return ts


def group_merges(rng: random.Random, inp: Inputs, commits: list[Commit]) -> list[MergedMR]:
    """Turn runs of main-line commits into merged merge requests: hand-written ones at their
    dates, then about a third of the rest."""
    free = [c for c in commits if c.kind == "change"]
    merged: list[MergedMR] = []
    merge_commits: list[Commit] = []
    position = {c.sha: i for i, c in enumerate(commits)}

    def claim(run: list[Commit], branch: str, title: str, who: str, created: str, done: str, by: str) -> None:
        for k, c in enumerate(run):
            c.branch = branch
            c.author = who
            # re-timed near the merge request's creation, but never past a neighbour on the main
            # line: the commits are later ordered by time, and their diffs only replay in this order
            i = position[c.sha]
            lo = commits[i - 1].created_at if i > 0 else None
            hi = commits[i + 1].created_at if i + 1 < len(commits) else None
            c.created_at = _between(later(created, rng, 0.2 + k, 2 + k * 3, done), lo, hi)
        mc = Commit(sha(inp.path, "merge", branch, done), run[-1].sha, "main", f"Merge branch '{branch}' into 'main'",
                    f"{title}\n\nSee merge request {inp.path}!", by, done, [], "merge")
        merge_commits.append(mc)
        merged.append(MergedMR(branch, title, who, created, done, by, [c.sha for c in run], mc.sha))

    for branch, title, who, created, done, by in inp.fixed_merges:
        run = [c for c in free if c.created_at >= created][: rng.randint(1, 2)]
        if not run:
            continue
        for c in run:
            free.remove(c)
        claim(run, branch, title, who, created, done, by)
    used = {m.source_branch for m in merged}
    k = 0
    while k < len(free):
        if rng.random() < 0.33 and k + 1 < len(free):
            run = free[k:k + rng.randint(1, 3)]
            k += len(run)
            who = run[0].author
            slug = re.sub(r"[^a-z0-9]+", "-", run[0].title.lower()).strip("-")[:40]
            branch = f"{rng.choice(('feature', 'fix', 'docs', 'chore', who))}/{slug}" if rng.random() < 0.8 else slug
            if branch in used:
                continue
            used.add(branch)
            created = later(run[0].created_at, rng, -30, -1, run[0].created_at)
            done = later(run[-1].created_at, rng, 2, 24 * 4, inp.end_at)
            by = rng.choice(inp.maintainers or inp.authors)
            claim(run, branch, run[0].title, who, created, done, by)
        else:
            k += 1
    commits += merge_commits
    return merged


def branch_work(rng: random.Random, inp: Inputs, commits: list[Commit], files: dict[str, str], branch: str,
                 who: str, created: str, title: str) -> BranchWork:
    """One or two commits of edits on top of the final tree, on `branch`."""
    candidates = [p for p in files if kind_of(p) in ("code", "doc") and p != "CHANGELOG.md"]
    overlay: dict[str, str] = {}
    shas: list[str] = []
    base = [c for c in commits if c.branch == "main" and c.created_at <= created]
    parent = max(base, key=lambda c: c.created_at).sha if base else ""
    n_commits = rng.randint(1, 2)
    t = created
    for n in range(n_commits):
        changes = []
        for p in rng.sample(candidates, min(len(candidates), rng.randint(1, 2))):
            st = B.FileState(p, B.split_blocks(overlay.get(p, files[p])))
            st.present = [True] * len(st.blocks)
            spots = [j for j in range(1, len(st.blocks)) if len(st.blocks[j]) > 2] or list(range(len(st.blocks)))
            j = rng.choice(spots)
            v = B.mutate(rng, st.blocks[j], p)
            if v is None or v == st.blocks[j]:
                continue
            old = st.render()
            start, old_len = st.offset(j), len(st.blocks[j])
            st.variant[j] = v
            changes.append(Change(p, "modified", B.diff(old, st.render(), start, old_len, len(v))))
            overlay[p] = st.text()
        if not changes:
            p = next((x for x in files if x.endswith(".md")), "README.md")
            old_text = overlay.get(p, files.get(p, ""))
            old = old_text.split("\n")[:-1] if old_text else []
            new = old + ["", f"{B.SENTENCES[n % len(B.SENTENCES)]}"]
            changes.append(Change(p, "modified" if old else "added", B.diff(old, new, len(old), 0, 2)))
            overlay[p] = "\n".join(new) + "\n"
        t = later(t, rng, 0.3, 30, inp.end_at)
        ctitle = title if n == 0 else rng.choice(("Address review comments", "Fix tests", "Apply suggestion", "Rename"))
        c = Commit(sha(inp.path, branch, ctitle, t), shas[-1] if shas else parent, branch, ctitle, "", who, t, changes)
        commits.append(c)
        shas.append(c.sha)
    return BranchWork(branch, who, created, shas, overlay)

