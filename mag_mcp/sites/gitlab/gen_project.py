"""Everything of one seeded project: members, labels, milestones, the repository with its
history, branches, tags and releases, issues and merge requests, CI, wiki pages, snippets
and stars. Rows for the episode database go to `rows`, rows for the content database to
`content` (see `schema`).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from . import content as C
from .blocks import block_name, split_blocks
from .ci import make_pipeline
from .gen_items import LAST, Project, after, between, plan_issues, plan_mrs, write_issues, write_mrs
from .history import Inputs, build_history
from .repo_tree import Repo, RepoSpec, build_repo
from .rows import Rows
from .texts import RUNTIMES, Writer, components

EXTRA_LABELS = (
    ("priority::high", "#b60205", "Needs attention soon"), ("priority::low", "#c5def5", "Nice to have"),
    ("frontend", "#1d76db", "User interface"), ("backend", "#5319e7", "Server side"),
    ("performance", "#e4e669", "Speed and memory use"), ("security", "#d93f0b", "Security problems"),
    ("regression", "#b60205", "Worked before"), ("blocked", "#000000", "Waiting on something else"),
    ("needs review", "#fbca04", "Waiting for a reviewer"), ("ux", "#f9d0c4", "User experience"),
    ("ci", "#0e8a16", "Continuous integration"), ("dependencies", "#0366d6", "Dependency updates"),
)
WORK_TITLES = (("Fix {n} edge cases", "fix/{n}-edge-cases"), ("Refactor the {n} module", "refactor/{n}"),
               ("Add tests for {n} parsing", "test/{n}-parsing"), ("Speed up {n} loading", "perf/{n}-loading"),
               ("Update docs for {ns}", "docs/{n}"), ("Support {n} export", "feature/{n}-export"),
               ("Validate {n} input", "feature/validate-{n}"), ("Clean up {n} logging", "chore/{n}-logging"))


@dataclass
class Source:
    """A project to seed: a world project (with `info`) or a generated one."""

    pid: int
    path: str
    name: str
    description: str
    language: str
    domain: str
    license: str
    visibility: str
    created_at: str
    group: str | None
    holder: str
    info: C.ProjectInfo | None
    topics: str = ""


@dataclass
class World:
    """The seed-wide facts a project needs."""

    uid: dict[str, int]
    names: dict[str, str]
    emails: dict[str, str]
    accounts: list[str]  # every username, in id order
    group_members: dict[str, list[tuple[str, str]]]
    gid: dict[str, int]


def _members(rng: random.Random, src: Source, w: World) -> dict[str, str]:
    members: dict[str, str] = {}
    if src.group:
        members.update(dict(w.group_members[src.group]))
    else:
        members[src.path.split("/")[0]] = "Owner"
    if src.info is not None:
        for user, role in src.info.members:
            members[user] = role
        if not src.info.members and not src.group:
            for user in rng.sample([u for u in w.accounts[:24] if u not in members and u != C.DEFAULT_USER], rng.randint(1, 3)):
                members[user] = rng.choice(("Guest", "Reporter", "Developer", "Developer", "Maintainer"))
    else:
        pool = [u for u in w.accounts[24:] if u not in members]
        for user in rng.sample(pool, rng.randint(1, 6)):
            members.setdefault(user, rng.choice(("Guest", "Reporter", "Developer", "Developer", "Developer", "Maintainer")))
    return members


def build_project(rows: Rows, content: Rows, src: Source, w: World) -> None:
    rng = random.Random(f"8023:project:{src.path}")
    info, pid = src.info, src.pid
    ns = src.path.split("/")[0]
    members = _members(rng, src, w)
    creator = w.group_members[src.group][0][0] if src.group else ns
    since = {u: src.created_at if r == "Owner" or u == creator else after(src.created_at, rng, 24, 24 * 200)
             for u, r in members.items()}
    devs = [u for u, r in members.items() if C.ACCESS_LEVEL[r] >= 30]
    maintainers = [u for u, r in members.items() if C.ACCESS_LEVEL[r] >= 40]
    features = list(info.features) if info and info.features else [src.description, "Tests and continuous integration"]
    spec = RepoSpec(src.path, src.name, src.description, src.language, src.domain, src.license, src.holder, features,
                    world=info is not None, extra_files=C.extra_files(src.path) if info else {})
    repo = build_repo(spec)

    # --- labels and milestones ------------------------------------------------------------------
    label_rows = list(C.DEFAULT_LABELS) + (list(info.labels) if info else rng.sample(EXTRA_LABELS, rng.randint(0, 5)))
    labels: dict[str, int] = {}
    for title, color, desc in label_rows:
        if title not in labels:
            labels[title] = rows.next_id("labels")
            rows.add("labels", labels[title], pid, title, desc, color, src.created_at)

    # --- branch work and history -----------------------------------------------------------------
    hand_mrs = list(C.MRS.get(src.path, ())) if info else []
    fixed = [(m.source_branch, m.title, m.author, m.created_at, m.done_at, m.reviewer or creator)
             for m in hand_mrs if m.state == "merged"]
    work = [(m.source_branch, m.author, m.created_at, m.title) for m in hand_mrs if m.state != "merged"]
    work_state = {m.source_branch: m.state for m in hand_mrs if m.state != "merged"}
    for b in (info.branches if info else ()):
        if b in {x[0] for x in work} or b in {x[0] for x in fixed}:
            continue
        work.append((b, creator, after(src.created_at, rng, 24 * 30, 24 * 400), f"WIP: {b.split('/')[-1].replace('-', ' ')}"))
    taken = {b for b, *_ in work} | {b for b, *_ in fixed}
    n_work = rng.randint(0, 3) if info else rng.choice((0, 1, 1, 2, 2, 3, 4, 5, 6))
    for _ in range(n_work + (0 if info else rng.randint(0, 2))):
        noun = rng.choice(repo.nouns)
        title_t, branch_t = rng.choice(WORK_TITLES)
        branch = branch_t.format(n=noun.replace("_", "-"))
        if branch in taken:
            continue
        taken.add(branch)
        who = rng.choice(devs or [creator])
        created = between(rng, "2022-09-01 00:00:00" if src.created_at < "2022-09-01" else src.created_at, "2023-06-09 18:00:00")
        work.append((branch, who, created, title_t.format(n=noun.replace("_", " "), ns=noun.replace("_", " ") + "s")))
        roll = rng.random()
        if len(work_state) < n_work + len([m for m in hand_mrs if m.state != "merged"]) and roll < 0.85:
            work_state[branch] = "opened" if roll < 0.65 else "closed"
    authors = [creator] + [u for u in devs if u != creator]
    rng.shuffle(authors[1:])
    hist = build_history(Inputs(src.path, repo.files, src.created_at, LAST, authors, maintainers or [creator], work, fixed))

    # --- issues and merge requests --------------------------------------------------------------
    code_paths = [p for p in hist.files if p.endswith((".py", ".go", ".rs", ".ts", ".js", ".rb", ".java", ".cpp"))]
    funcs = sorted({n for p in code_paths for b in split_blocks(hist.files[p])[1:]
                    if (n := block_name(b)) and re.fullmatch(r"[A-Za-z_]\w{3,}", n)})
    funcs = rng.sample(funcs, min(12, len(funcs))) or ["main"]
    comps = list(info.comps) if info else components(repo.nouns, funcs, src.language)
    tag_names = [t[0] for t in hist.tags] or ["main"]
    milestone_specs = list(info.milestones) if info else []
    if not milestone_specs and (not info and rng.random() < 0.6 or info and info.issues >= 7):
        nxt = _next_version(tag_names[-1])
        milestone_specs = [(nxt, "active", "2023-05-01", "2023-08-31", f"The next release of {src.name}.")]
        if len(tag_names) > 1 and not info:
            milestone_specs.append((tag_names[-1], "closed", "2023-01-09", "2023-04-28", f"Released as {tag_names[-1]}."))
    milestones: dict[str, int] = {}
    for miid, (title, state, start, due, desc) in enumerate(milestone_specs, start=1):
        milestones[title] = rows.next_id("milestones")
        created = max(src.created_at, f"{start} 09:00:00") if start else src.created_at
        rows.add("milestones", milestones[title], pid, miid, title, desc, state, start, due, created, created)
    ctx = {"versions": tag_names, "branches": ["main"] + [b for b, *_ in work], "runtimes": RUNTIMES.get(src.language, ("",)),
           "paths": code_paths or list(hist.files), "doc_paths": [p for p in hist.files if p.endswith(".md")],
           "funcs": funcs, "n_mrs": max(1, len(hist.merged) + len(work_state)), "n_issues": 1,
           "milestones": list(milestones), "people": list(members), "language": src.language}
    n_issues = info.issues if info else min(160, int(rng.paretovariate(1.25) * 9))
    ctx["n_issues"] = max(1, n_issues)
    writer = Writer(rng, comps, ctx)
    proj = Project(pid, src.path, src.created_at, creator, members, devs,
                   [u for u in w.accounts if u not in members][:: max(1, len(w.accounts) // 40)], labels, milestones,
                   [t for t, s, *_ in milestone_specs if s == "active"], writer, rng, n_issues,
                   list(C.ISSUES.get(src.path, ())) if info else [], hand_mrs)
    specs = plan_issues(proj)
    issue_iid = {s.title: n for n, s in enumerate(specs, start=1)}
    mr_plans = plan_mrs(proj, hist, work_state)
    mr_iid = {m.title: n for n, m in enumerate(mr_plans, start=1)}
    mr_by_branch = {m.source_branch: n for n, m in enumerate(mr_plans, start=1)}
    closed_gen = [s for s in specs if s.state == "closed" and s.title not in {x.title for x in proj.hand_issues}]
    open_gen = [issue_iid[s.title] for s in specs if s.state == "opened"]
    closes_of, closing = {}, {}
    for m in mr_plans:
        if m.hand:
            continue
        if m.state == "merged" and closed_gen and rng.random() < 0.3:
            s = closed_gen.pop(rng.randrange(len(closed_gen)))
            closes_of[m.source_branch], closing[s.title] = issue_iid[s.title], mr_by_branch[m.source_branch]
        elif m.state == "opened" and open_gen and rng.random() < 0.25:
            closes_of[m.source_branch] = rng.choice(open_gen)
    write_issues(rows, proj, specs, w.uid, issue_iid, mr_iid, closing)
    changes_of = {c.sha: [(ch.path, _first_added_line(ch.diff.hunks)) for ch in c.changes if ch.diff.additions]
                  for c in hist.commits}
    titles_of = {c.sha: c.title for c in hist.commits}
    write_mrs(rows, proj, mr_plans, w.uid, issue_iid, mr_iid, mr_by_branch, changes_of, titles_of, closes_of)

    # --- repository rows ------------------------------------------------------------------------
    merge_msg = {m.merge_sha: f"{m.title}\n\nSee merge request {src.path}!{mr_by_branch[m.source_branch]}"
                 for m in mr_plans if m.merge_sha}
    main_shas = _main_line(hist)
    for c in hist.commits:
        cid = content.next_id("commits")
        content.add("commits", cid, pid, c.sha, c.parent, c.branch, c.title, merge_msg.get(c.sha, c.message),
                    w.uid.get(c.author), w.names[c.author], w.emails[c.author], c.created_at, c.additions, c.deletions,
                    int(c.sha in main_shas))
        for ch in c.changes:
            content.add("commit_files", cid, ch.path, ch.status, ch.diff.additions, ch.diff.deletions, ch.diff.hunks)
    for path, text in hist.files.items():
        content.add("blobs", pid, path, text)
    for wk in hist.work:
        for path, text in wk.overlay.items():
            content.add("branch_blobs", pid, wk.branch, path, text)
    by_sha = {c.sha: c for c in hist.commits}
    rows.add("branches", pid, "main", hist.branches["main"], by_sha[hist.branches["main"]].created_at, 1)
    for wk in hist.work:
        rows.add("branches", pid, wk.branch, wk.shas[-1], by_sha[wk.shas[-1]].created_at, 0)
    for m in hist.merged:
        if rng.random() < 0.25 and m.source_branch not in hist.branches:
            rows.add("branches", pid, m.source_branch, m.shas[-1], by_sha[m.shas[-1]].created_at, 0)
    for k, (tag, sha, notes, created) in enumerate(hist.tags):
        rows.add("tags", pid, tag, sha, f"Release {tag}", created)
        if k >= len(hist.tags) - 4 or rng.random() < 0.5:
            rows.add("releases", rows.next_id("releases"), pid, tag, tag, f"## What's changed\n\n{notes}\n",
                     w.uid[by_sha[sha].author], created)
    _pipelines(content, rng, src, repo, hist, mr_plans, mr_by_branch, w, members)
    _wiki_and_snippets(rows, rng, src, repo, hist, creator, w)
    last = max([c.created_at for c in hist.commits] + [s.created_at for s in specs] + [m.created_at for m in mr_plans])
    rows.add("projects", pid, ns, src.path.split("/")[1], src.path, src.name, src.description, src.language, src.license,
             src.visibility, "main", w.gid[src.group] if src.group else None, None if src.group else w.uid[ns], w.uid[creator], src.created_at, last, src.topics,
             rng.choice((0, 0, 1, 1, 2)) if devs else 0, "")
    for user, role in members.items():
        rows.add("project_members", pid, w.uid[user], role, C.ACCESS_LEVEL[role], since[user], None)


def _next_version(tag: str) -> str:
    m = re.match(r"v?(\d+)\.(\d+)\.(\d+)", tag)
    return f"v{m.group(1)}.{int(m.group(2)) + 1}.0" if m else "v1.0"


def _first_added_line(hunks: str) -> int:
    new = 0
    for line in hunks.split("\n"):
        if line.startswith("@@"):
            new = int(line.split("+")[1].split(",")[0]) - 1
        elif line.startswith("+"):
            return new + 1
        elif not line.startswith("-"):
            new += 1
    return 1


def _main_line(hist) -> set[str]:
    """Commits reachable from main: the main-line ones and those of merged merge requests."""
    merged = {s for m in hist.merged for s in m.shas}
    return {c.sha for c in hist.commits if c.branch == "main" or c.sha in merged}


def _pipelines(content: Rows, rng: random.Random, src: Source, repo: Repo, hist, mr_plans, mr_by_branch, w: World,
               members: dict[str, str]) -> None:
    if not repo.jobs:
        return
    main = [c for c in hist.commits if c.branch == "main" and c.kind != "initial" and c.created_at >= "2022-06-01"][-30:]
    todo: list[tuple] = [(c.created_at, c.sha, "main", c.author, None, False, "push") for c in main]
    by_sha = {c.sha: c for c in hist.commits}
    for tag, sha, _notes, created in hist.tags[-4:]:
        todo.append((after(created, rng, 0, 1), sha, tag, by_sha[sha].author, None, True, "push"))
    for m in mr_plans:
        if m.shas:
            head = by_sha[m.shas[-1]]
            status = "running" if m.state == "opened" and head.created_at > "2023-06-08" else None
            todo.append((after(head.created_at, rng, 0, 0.2), head.sha, m.source_branch, m.author,
                         mr_by_branch[m.source_branch], False, "merge_request_event", status))
    todo.sort(key=lambda t: (t[0], t[1]))
    env_id = None
    deploys = 0
    for iid, item in enumerate(todo, start=1):
        created, sha, ref, who, mr_iid, tag, source = item[:7]
        status = item[7] if len(item) > 7 else None
        pl = make_pipeline(rng, src.pid, iid, sha, ref, w.uid[who], created, repo.jobs, mr_iid=mr_iid, tag=tag,
                           status=status, source=source)
        plid = content.next_id("pipelines")
        content.add("pipelines", plid, src.pid, iid, sha, ref, pl.status, pl.source, pl.user_id, pl.mr_iid, pl.created_at,
                    pl.started_at, pl.finished_at, pl.duration, pl.coverage, pl.tag)
        for job in pl.jobs:
            jid = content.next_id("jobs")
            content.add("jobs", jid, plid, src.pid, *job)
            if job[2] == "deploy-production" and job[3] == "success":
                if env_id is None:
                    env_id = content.next_id("environments")
                    content.add("environments", env_id, src.pid, "production", "available",
                                f"https://{src.name}.portalder.dev", src.created_at)
                deploys += 1
                content.add("deployments", content.next_id("deployments"), src.pid, env_id, deploys, sha, ref, "success",
                            w.uid[who], job[7], jid)
    if rng.random() < 0.3:
        content.add("schedules", content.next_id("schedules"), src.pid, rng.choice(("Nightly build", "Weekly dependency check",
                    "Nightly tests")), rng.choice(("0 2 * * *", "30 3 * * 1", "0 4 * * *")), "UTC", "main", 1,
                    "2023-06-13 02:00:00", w.uid[next(iter(members))], None)


def _wiki_and_snippets(rows: Rows, rng: random.Random, src: Source, repo: Repo, hist, creator: str, w: World) -> None:
    if rng.random() < 0.35:
        pages = [("home", "Home", hist.files.get("README.md", f"# {src.name}\n\n{src.description}\n"))]
        for n in repo.nouns[:rng.randint(1, 4)]:
            doc = hist.files.get(f"docs/{n}.md")
            if doc:
                pages.append((n.replace("_", "-"), n.replace("_", " ").capitalize(), doc))
        if "docs/faq.md" in hist.files:
            pages.append(("faq", "FAQ", hist.files["docs/faq.md"]))
        pages.append(("release-process", "Release process",
                      "# Release process\n\n1. Update `CHANGELOG.md`\n2. Bump the version\n3. Tag `vX.Y.Z` on `main`\n"
                      "4. The pipeline publishes the release\n"))
        for slug, title, text in pages:
            created = after(src.created_at, rng, 24, 24 * 300)
            rows.add("wiki_pages", rows.next_id("wiki_pages"), src.pid, slug, title, text, w.uid[creator], created,
                     after(created, rng, 0, 24 * 100))
    if rng.random() < 0.15:
        path = rng.choice([p for p in hist.files if p.startswith(("scripts/", "src/", "docs/"))] or list(hist.files))
        text = "\n".join(hist.files[path].split("\n")[:30]) + "\n"
        created = after(src.created_at, rng, 24, 24 * 300)
        rows.add("snippets", rows.next_id("snippets"), src.pid, w.uid[creator], f"Example: {path.rsplit('/', 1)[-1]}",
                 f"A trimmed copy of `{path}` for the docs.", path.rsplit("/", 1)[-1], text, "public", created, created)
