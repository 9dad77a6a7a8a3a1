"""Issues, merge requests and their activity for one seeded project: comments in threads
(replies share a `discussion_id`), resolvable review threads on changed lines, system notes,
approvals and award emoji.

Hand-written items (`content.ISSUES`, `content.MRS`) keep their titles, texts and dates;
generated ones come from `texts.Writer`. Merge requests follow the repository's history:
merged ones own the commits `history` grouped into them, open and closed ones own the work on
their source branch.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from . import content as C
from .history import History
from .rows import Rows
from .texts import EMOJI, Writer

LAST = "2023-06-11 23:00:00"
DEFAULT_LABEL_TITLES = {title for title, _, _ in C.DEFAULT_LABELS}
TIME = "%Y-%m-%d %H:%M:%S"


def after(ts: str, rng: random.Random, lo_h: float, hi_h: float, cap: str = LAST) -> str:
    t = (datetime.strptime(ts, TIME) + timedelta(minutes=rng.randint(int(lo_h * 60), int(hi_h * 60)))).strftime(TIME)
    return min(t, cap) if t > ts else ts


def between(rng: random.Random, a: str, b: str) -> str:
    ta, tb = datetime.strptime(a, TIME), datetime.strptime(b, TIME)
    return (ta + timedelta(seconds=rng.randrange(max(60, int((tb - ta).total_seconds()))))).strftime(TIME)


@dataclass
class Project:
    """What item generation needs to know about one project."""

    pid: int
    path: str
    created_at: str
    creator: str
    members: dict[str, str]
    devs: list[str]
    outsiders: list[str]
    labels: dict[str, int]
    milestones: dict[str, int]
    active_milestones: list[str]
    writer: Writer
    rng: random.Random
    n_issues: int
    hand_issues: list[C.IssueSpec] = field(default_factory=list)
    hand_mrs: list[C.MRSpec] = field(default_factory=list)


def _labels_for(rng: random.Random, p: Project, kind: str) -> list[str]:
    out = [kind] if kind in p.labels else []
    extra = [t for t in p.labels if t not in DEFAULT_LABEL_TITLES]
    roll = rng.random()
    if roll < 0.15 and "good first issue" in p.labels:
        out.append("good first issue")
    elif roll < 0.3 and "help wanted" in p.labels:
        out.append("help wanted")
    elif roll < 0.55 and extra:
        out.append(rng.choice(extra))
    return out


def plan_issues(p: Project) -> list[C.IssueSpec]:
    """Hand-written issues plus generated ones up to the project's count, in creation order."""
    rng, specs = p.rng, list(p.hand_issues)
    titles = {s.title for s in specs}
    start = after(p.created_at, rng, 24, 24 * 30)
    authors = list(p.members) + p.outsiders[:12]
    tries = 0
    while len(specs) < p.n_issues and tries < p.n_issues * 20:
        tries += 1
        kind, title, body = p.writer.issue()
        if title in titles:
            continue
        titles.add(title)
        created = between(rng, start, "2023-06-10 18:00:00")
        closed = rng.random() < 0.4
        specs.append(C.IssueSpec(
            title, body, rng.choice(authors), created, state="closed" if closed else "opened",
            labels=tuple(_labels_for(rng, p, kind)), assignee=rng.choice(p.devs) if p.devs and rng.random() < 0.5 else None,
            milestone=rng.choice(p.active_milestones) if p.active_milestones and not closed and rng.random() < 0.35 else None,
            due_date=after(created, rng, 24 * 7, 24 * 90, "2023-09-30 00:00:00")[:10] if not closed and rng.random() < 0.12 else None,
            closed_at=after(created, rng, 2, 24 * 60) if closed else None,
            comments=tuple((rng.choice(authors), p.writer.comment()) for _ in range(rng.choice((0, 0, 1, 1, 2, 2, 3, 4, 6))))))
    specs.sort(key=lambda s: (s.created_at, s.title))
    return specs


def refs(text: str, issue_iid: dict[str, int], mr_iid: dict[str, int]) -> str:
    """Resolve '#{issue title}' and '!{merge request title}' of hand-written texts into numbers."""
    text = re.sub(r"#\{([^}]+)\}", lambda g: f"#{issue_iid[g.group(1)]}", text)
    return re.sub(r"!\{([^}]+)\}", lambda g: f"!{mr_iid[g.group(1)]}", text)


@dataclass
class MRPlan:
    title: str
    description: str
    author: str
    source_branch: str
    created_at: str
    state: str
    done_at: str | None
    reviewer: str | None
    assignee: str | None = None
    labels: tuple[str, ...] = ()
    milestone: str | None = None
    comments: tuple[tuple[str, str], ...] = ()
    shas: list[str] = field(default_factory=list)
    merge_sha: str | None = None
    merged_by: str | None = None
    draft: bool = False
    hand: bool = False


def plan_mrs(p: Project, hist: History, work_state: dict[str, str]) -> list[MRPlan]:
    """Merge requests from the history: merged runs and branch work (`work_state`: branch -> state)."""
    rng = p.rng
    hand = {m.source_branch: m for m in p.hand_mrs}
    plans: list[MRPlan] = []
    reviewers = [u for u in p.devs] or [p.creator]
    for m in hist.merged:
        spec = hand.get(m.source_branch)
        if spec is not None:
            plans.append(MRPlan(spec.title, spec.description, spec.author, spec.source_branch, spec.created_at, "merged",
                                spec.done_at, spec.reviewer, spec.assignee, spec.labels, spec.milestone, spec.comments,
                                m.shas, m.merge_sha, m.merged_by, hand=True))
        else:
            rev = rng.choice([u for u in reviewers if u != m.author] or reviewers)
            plans.append(MRPlan(m.title, "", m.author, m.source_branch, m.created_at, "merged", m.merged_at,
                                rev if rng.random() < 0.8 else None, shas=m.shas, merge_sha=m.merge_sha, merged_by=m.merged_by))
    for w in hist.work:
        state = work_state.get(w.branch)
        if state is None:
            continue
        spec = hand.get(w.branch)
        if spec is not None:
            plans.append(MRPlan(spec.title, spec.description, spec.author, spec.source_branch, spec.created_at, spec.state,
                                spec.done_at, spec.reviewer, spec.assignee, spec.labels, spec.milestone, spec.comments,
                                w.shas, hand=True))
        else:
            rev = rng.choice([u for u in reviewers if u != w.author] or reviewers)
            done = after(w.created_at, rng, 24, 24 * 30) if state == "closed" else None
            title = w.branch.split("/", 1)[-1].replace("-", " ").capitalize()
            plans.append(MRPlan(title, "", w.author, w.branch, w.created_at, state, done, rev if rng.random() < 0.75 else None,
                                shas=w.shas, draft=state == "opened" and rng.random() < 0.15))
    covered = {m.source_branch for m in plans}
    for spec in p.hand_mrs:  # a hand-written merge request the history found no commits for
        if spec.source_branch not in covered:
            plans.append(MRPlan(spec.title, spec.description, spec.author, spec.source_branch, spec.created_at, spec.state,
                                spec.done_at, spec.reviewer, spec.assignee, spec.labels, spec.milestone, spec.comments,
                                hand=True, merged_by=spec.reviewer if spec.state == "merged" else None))
    plans.sort(key=lambda m: (m.created_at, m.title))
    return plans


def write_issues(rows: Rows, p: Project, specs: list[C.IssueSpec], uid: dict[str, int], issue_iid: dict[str, int],
                 mr_iid: dict[str, int], closing: dict[str, int]) -> list[tuple[int, int, str]]:
    """Issue rows with labels, threads, system notes and award emoji; returns (id, iid, state) per issue."""
    rng = p.rng
    out = []
    everyone = list(uid)
    for s in specs:
        iid = rows.next_id("issues")
        n = issue_iid[s.title]
        times, t = [], s.created_at
        for _ in s.comments:
            t = after(t, rng, 1, 24 * 5)
            times.append(t)
        closer = (s.assignee or next(iter(p.members))) if s.state == "closed" else None
        updated = max([s.created_at, s.closed_at or ""] + times)
        rows.add("issues", iid, p.pid, n, s.title, refs(s.description, issue_iid, mr_iid), s.state, uid[s.author],
                 uid[s.assignee] if s.assignee else None, p.milestones.get(s.milestone) if s.milestone else None,
                 s.due_date, 0, s.created_at, updated, s.closed_at, uid[closer] if closer else None, "issue")
        for lab in s.labels:
            rows.add("issue_labels", iid, p.labels[lab])
        events: list[tuple[str, str, str, int, str | None]] = []
        discussion = None
        for (a, b), tm in zip(s.comments, times, strict=True):
            if discussion is not None and rng.random() < 0.35:
                disc = discussion
            else:
                disc = f"i{iid}-{len(events)}"
                discussion = disc
            events.append((tm, a, refs(b, issue_iid, mr_iid), 0, disc))
        if s.labels and rng.random() < 0.6:
            lab_text = " ".join(f'~"{x}"' if " " in x else f"~{x}" for x in s.labels)
            events.append((after(s.created_at, rng, 0, 1), s.author if s.author in p.members else p.creator,
                           f"added {lab_text} label{'s' if len(s.labels) > 1 else ''}", 1, None))
        if s.assignee and rng.random() < 0.7:
            events.append((after(s.created_at, rng, 0, 48), p.creator, f"assigned to @{s.assignee}", 1, None))
        if s.state == "closed":
            mr = closing.get(s.title)
            events.append((s.closed_at, closer, f"closed via merge request !{mr}" if mr else "closed", 1, None))
        for tm, a, b, system, disc in sorted(events, key=lambda e: e[0]):
            rows.add("notes", rows.next_id("notes"), p.pid, "Issue", iid, uid[a], b, system, tm, disc, 0, 0, None, None, None)
        k = min(len(everyone), int(rng.paretovariate(1.6)) - 1 if rng.random() < 0.5 else 0)
        for voter in rng.sample(everyone, k):
            rows.add("award_emoji", rows.next_id("award_emoji"), "Issue", iid, uid[voter], rng.choice(EMOJI),
                     after(s.created_at, rng, 1, 24 * 20))
        out.append((iid, n, s.state))
    return out


def write_mrs(rows: Rows, p: Project, plans: list[MRPlan], uid: dict[str, int], issue_iid: dict[str, int],
              mr_iid: dict[str, int], mr_by_branch: dict[str, int], changes_of: dict[str, list[tuple[str, int]]],
              titles_of: dict[str, str], closes_of: dict[str, int]) -> dict[str, int]:
    """Merge request rows with their commits, threads, approvals and system notes; returns
    source branch -> merge request id."""
    rng = p.rng
    ids: dict[str, int] = {}
    for m in plans:
        mid = rows.next_id("merge_requests")
        ids[m.source_branch] = mid
        n = mr_by_branch[m.source_branch]
        closes = closes_of.get(m.source_branch)
        desc = refs(m.description, issue_iid, mr_iid) if m.hand else p.writer.mr_description(
            [titles_of[s] for s in m.shas if s in titles_of], closes)
        title = ("Draft: " if m.draft else "") + m.title
        notes: list[tuple[str, str, str, int, str | None, int, int, str | None, int | None]] = []
        t = m.created_at
        cap = m.done_at or LAST
        if m.reviewer:
            notes.append((after(t, rng, 0, 2, cap), m.author, f"requested review from @{m.reviewer}", 1, None, 0, 0, None, None))
        if len(m.shas) > 1:
            notes.append((after(t, rng, 1, 20, cap), m.author, f"added {len(m.shas) - 1} commit{'s' if len(m.shas) > 2 else ''}",
                          1, None, 0, 0, None, None))
        for k, (a, b) in enumerate(m.comments):
            t = after(t, rng, 1, 24 * 3, cap)
            notes.append((t, a, refs(b, issue_iid, mr_iid), 0, f"m{mid}-h{k}", 1, int(m.state != "opened"), None, None))
        if not m.hand:
            spots = [c for s in m.shas for c in changes_of.get(s, [])]
            for k in range(rng.choice((0, 1, 1, 2, 3))):
                t = after(t, rng, 1, 24 * 3, cap)
                who = m.reviewer or rng.choice(p.devs or [p.creator])
                path, line = rng.choice(spots) if spots and rng.random() < 0.7 else (None, None)
                body = p.writer.review() if path else p.writer.mr_comment()
                disc = f"m{mid}-{k}"
                resolved = int(m.state == "merged" or rng.random() < 0.4)
                notes.append((t, who, body, 0, disc, 1, resolved, path, line))
                for _ in range(rng.choice((0, 1, 1, 2))):
                    t = after(t, rng, 0.5, 24 * 2, cap)
                    notes.append((t, m.author if rng.random() < 0.7 else who, p.writer.reply(), 0, disc, 1, resolved, path, line))
        approvers: list[str] = []
        if m.state == "merged" or (m.state == "opened" and rng.random() < 0.35):
            pool = [u for u in p.devs if u != m.author] or [p.creator]
            approvers = rng.sample(pool, min(len(pool), 1 if m.state == "opened" else rng.choice((1, 1, 2))))
            for a in approvers:
                ta = after(t, rng, 1, 24 * 2, cap)
                rows.add("approvals", mid, uid[a], ta)
                notes.append((ta, a, "approved this merge request", 1, None, 0, 0, None, None))
        if m.state == "merged":
            by = m.merged_by or m.reviewer or p.creator
            notes.append((m.done_at, by, "merged", 1, None, 0, 0, None, None))
            if m.merge_sha:
                notes.append((m.done_at, by, f"mentioned in commit {m.merge_sha[:8]}", 1, None, 0, 0, None, None))
        elif m.state == "closed":
            notes.append((m.done_at, m.author, "closed", 1, None, 0, 0, None, None))
        notes.sort(key=lambda x: x[0])
        updated = max([m.created_at, m.done_at or ""] + [x[0] for x in notes])
        merged_by = (m.merged_by or m.reviewer or p.creator) if m.state == "merged" else None
        rows.add("merge_requests", mid, p.pid, n, title, desc, m.state, uid[m.author], uid[m.assignee] if m.assignee else None,
                 uid[m.reviewer] if m.reviewer else None, m.source_branch, "main",
                 p.milestones.get(m.milestone) if m.milestone else None, m.created_at, updated,
                 m.done_at if m.state == "merged" else None, uid[merged_by] if merged_by else None,
                 m.done_at if m.state == "closed" else None, int(m.draft), m.merge_sha)
        for lab in m.labels:
            rows.add("mr_labels", mid, p.labels[lab])
        if not m.hand and rng.random() < 0.5:
            kinds = [x for x in ("bug", "enhancement", "documentation") if x in p.labels]
            if kinds:
                rows.add("mr_labels", mid, p.labels[rng.choice(kinds)])
        for pos, sha in enumerate(m.shas):
            rows.add("mr_commits", mid, sha, pos)
        for tm, a, b, system, disc, resolvable, resolved, path, line in notes:
            rows.add("notes", rows.next_id("notes"), p.pid, "MergeRequest", mid, uid[a], b, system, tm, disc, resolvable,
                     resolved, uid[m.author] if resolved and resolvable else None, path, line)
    return ids
