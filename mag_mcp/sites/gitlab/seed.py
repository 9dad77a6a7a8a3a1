"""Deterministic seed database of the embedded GitLab (mirrors WebArena's GitLab, port 8023).

Everything comes from `world` (people, projects), `content` (groups, hand-written issues and
merge requests, phrase pools) and `repo_files` (file trees), plus `random.Random` streams
with fixed seeds, one per project (keyed by its path), so editing one project never
reshuffles another. Timestamps are fixed strings (the seed's "today" is 2023-06-12); no
clock is read, and two builds are identical row for row.

Conventions
-----------
* Timestamps are TEXT ``'YYYY-MM-DD HH:MM:SS'`` (UTC); dates (``due_date``, ``start_date``)
  are TEXT ``'YYYY-MM-DD'``. Rows written by the running site use the real clock, so they
  sort after every seed row. "Latest" = highest ``id`` as well.
* Roles are TEXT, one of 'Guest', 'Reporter', 'Developer', 'Maintainer', 'Owner', always
  stored together with ``access_level`` 10, 20, 30, 40, 50.
* Issue states are 'opened' | 'closed'; merge request states 'opened' | 'merged' | 'closed';
  milestone states 'active' | 'closed' (GitLab's own words).
* ``iid`` is the number in the URL (``/<ns>/<project>/-/issues/<iid>``), counted per project;
  issues and merge requests count separately, milestones too.
* A project's ``full_path`` is ``'<namespace>/<path>'`` exactly as in its URL, e.g.
  ``'byteblaze/dotfiles'``, and equals ``world.Project.path``.
* Group membership is copied onto the group's projects as direct ``project_members`` rows
  at seed time; the site does not compute inherited membership.
* Stars are only rows of ``stars``; a project's star count is ``COUNT(*)`` over them.
* All repositories keep their files on the default branch ``main``; other branches
  (``branches`` rows) show the same files.

Schema (``id`` columns are INTEGER PRIMARY KEY)
------
users(id, username UNIQUE, name, email UNIQUE, bio, location, website_url, job_title,
    status_emoji -- a name like 'coffee' or '', status_message, password_hash, is_admin 0/1,
    created_at)
sessions(token PRIMARY KEY, user_id, created_at)
follows(follower_id, followee_id, created_at; PRIMARY KEY(follower_id, followee_id))
groups(id, path UNIQUE -- URL '/groups/<path>', name, description, visibility, created_at)
group_members(group_id, user_id, role, access_level, created_at; PRIMARY KEY(group_id, user_id))
projects(id, namespace -- the first URL segment (user name or group path), path -- the
    second, full_path UNIQUE, name, description, language, license, visibility
    'public'|'internal'|'private', default_branch 'main', group_id NULL for user
    namespaces, owner_id NULL for group namespaces, creator_id, created_at,
    last_activity_at)
project_members(project_id, user_id, role, access_level, created_at, expires_at NULL;
    PRIMARY KEY(project_id, user_id))
stars(user_id, project_id, created_at; PRIMARY KEY(user_id, project_id))
blobs(project_id, path -- e.g. 'src/routekit/graph.rs', no leading slash, content TEXT;
    PRIMARY KEY(project_id, path))
branches(project_id, name, commit_sha, created_at; PRIMARY KEY(project_id, name))
commits(id, project_id, sha UNIQUE -- 40 hex, branch, title, message, author_id,
    author_name, author_email, created_at)
labels(id, project_id, title, description, color '#rrggbb', created_at;
    UNIQUE(project_id, title))
milestones(id, project_id, iid, title, description, state 'active'|'closed',
    start_date NULL, due_date NULL, created_at, updated_at; UNIQUE(project_id, title))
issues(id, project_id, iid, title, description, state, author_id, assignee_id NULL,
    milestone_id NULL, due_date NULL, confidential 0/1, created_at, updated_at,
    closed_at NULL, closed_by_id NULL; UNIQUE(project_id, iid))
issue_labels(issue_id, label_id; PRIMARY KEY(issue_id, label_id))
merge_requests(id, project_id, iid, title, description, state, author_id, assignee_id NULL,
    reviewer_id NULL, source_branch, target_branch, milestone_id NULL, created_at,
    updated_at, merged_at NULL, merged_by_id NULL, closed_at NULL; UNIQUE(project_id, iid))
mr_labels(merge_request_id, label_id; PRIMARY KEY(merge_request_id, label_id))
notes(id, project_id, noteable_type 'Issue'|'MergeRequest', noteable_id -- issues.id or
    merge_requests.id (not the iid), author_id, body, system 0/1 -- 1 for events such as
    "closed", created_at)

Example checker queries
-----------------------
    -- open issues of a project with a label, by assignee
    SELECT i.iid, i.title, u.username FROM issues i JOIN projects p ON p.id = i.project_id
      LEFT JOIN users u ON u.id = i.assignee_id
     WHERE p.full_path = 'primer/design' AND i.state = 'opened'
       AND EXISTS (SELECT 1 FROM issue_labels il JOIN labels l ON l.id = il.label_id
                    WHERE il.issue_id = i.id AND l.title = 'documentation');
    -- a member's role
    SELECT m.role FROM project_members m JOIN projects p ON p.id = m.project_id
      JOIN users u ON u.id = m.user_id WHERE p.full_path = 'byteblaze/dotfiles' AND u.username = 'zoe_walsh';
    -- the last comment on a merge request
    SELECT n.body FROM notes n JOIN merge_requests mr ON mr.id = n.noteable_id AND n.noteable_type = 'MergeRequest'
      JOIN projects p ON p.id = mr.project_id
     WHERE p.full_path = 'primer/design' AND mr.iid = 3 AND n.system = 0 ORDER BY n.id DESC LIMIT 1;
"""

from __future__ import annotations

import hashlib
import random
import re
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

from .. import world
from . import content as C
from .repo_files import project_files

SEED = 8023
SEED_TODAY = "2023-06-12"
LAST_SEED_TIME = "2023-06-11 23:00:00"
DEFAULT_SESSION_TOKEN = "glpat-7d3e9a41c5b24f0e8a6d1c2b9f4e7a30"
DEFAULT_USERNAME = C.DEFAULT_USER
DEFAULT_PASSWORD = C.PASSWORD

SCHEMA = """
CREATE TABLE users (
    id INTEGER PRIMARY KEY, username TEXT NOT NULL UNIQUE, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE,
    bio TEXT NOT NULL DEFAULT '', location TEXT NOT NULL DEFAULT '', website_url TEXT NOT NULL DEFAULT '',
    job_title TEXT NOT NULL DEFAULT '', status_emoji TEXT NOT NULL DEFAULT '',
    status_message TEXT NOT NULL DEFAULT '', password_hash TEXT NOT NULL, is_admin INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL);
CREATE TABLE sessions (token TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL);
CREATE TABLE follows (follower_id INTEGER NOT NULL REFERENCES users(id),
    followee_id INTEGER NOT NULL REFERENCES users(id), created_at TEXT NOT NULL,
    PRIMARY KEY (follower_id, followee_id));
CREATE TABLE groups (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '', visibility TEXT NOT NULL DEFAULT 'public', created_at TEXT NOT NULL);
CREATE TABLE group_members (group_id INTEGER NOT NULL REFERENCES groups(id),
    user_id INTEGER NOT NULL REFERENCES users(id), role TEXT NOT NULL, access_level INTEGER NOT NULL,
    created_at TEXT NOT NULL, PRIMARY KEY (group_id, user_id));
CREATE TABLE projects (
    id INTEGER PRIMARY KEY, namespace TEXT NOT NULL, path TEXT NOT NULL, full_path TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL, description TEXT NOT NULL DEFAULT '', language TEXT NOT NULL DEFAULT '',
    license TEXT NOT NULL DEFAULT '', visibility TEXT NOT NULL DEFAULT 'public',
    default_branch TEXT NOT NULL DEFAULT 'main', group_id INTEGER REFERENCES groups(id),
    owner_id INTEGER REFERENCES users(id), creator_id INTEGER NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL, last_activity_at TEXT NOT NULL);
CREATE TABLE project_members (project_id INTEGER NOT NULL REFERENCES projects(id),
    user_id INTEGER NOT NULL REFERENCES users(id), role TEXT NOT NULL, access_level INTEGER NOT NULL,
    created_at TEXT NOT NULL, expires_at TEXT, PRIMARY KEY (project_id, user_id));
CREATE TABLE stars (user_id INTEGER NOT NULL REFERENCES users(id),
    project_id INTEGER NOT NULL REFERENCES projects(id), created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, project_id));
CREATE TABLE blobs (project_id INTEGER NOT NULL REFERENCES projects(id), path TEXT NOT NULL,
    content TEXT NOT NULL, PRIMARY KEY (project_id, path));
CREATE TABLE branches (project_id INTEGER NOT NULL REFERENCES projects(id), name TEXT NOT NULL,
    commit_sha TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (project_id, name));
CREATE TABLE commits (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL REFERENCES projects(id),
    sha TEXT NOT NULL UNIQUE, branch TEXT NOT NULL, title TEXT NOT NULL, message TEXT NOT NULL DEFAULT '',
    author_id INTEGER REFERENCES users(id), author_name TEXT NOT NULL, author_email TEXT NOT NULL,
    created_at TEXT NOT NULL);
CREATE INDEX commits_project ON commits(project_id, branch, created_at);
CREATE TABLE labels (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL REFERENCES projects(id),
    title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '', color TEXT NOT NULL, created_at TEXT NOT NULL,
    UNIQUE (project_id, title));
CREATE TABLE milestones (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL REFERENCES projects(id),
    iid INTEGER NOT NULL, title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT 'active', start_date TEXT, due_date TEXT, created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL, UNIQUE (project_id, title), UNIQUE (project_id, iid));
CREATE TABLE issues (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL REFERENCES projects(id),
    iid INTEGER NOT NULL, title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT 'opened', author_id INTEGER NOT NULL REFERENCES users(id),
    assignee_id INTEGER REFERENCES users(id), milestone_id INTEGER REFERENCES milestones(id),
    due_date TEXT, confidential INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
    closed_at TEXT, closed_by_id INTEGER REFERENCES users(id), UNIQUE (project_id, iid));
CREATE TABLE issue_labels (issue_id INTEGER NOT NULL REFERENCES issues(id),
    label_id INTEGER NOT NULL REFERENCES labels(id), PRIMARY KEY (issue_id, label_id));
CREATE TABLE merge_requests (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL REFERENCES projects(id),
    iid INTEGER NOT NULL, title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT 'opened', author_id INTEGER NOT NULL REFERENCES users(id),
    assignee_id INTEGER REFERENCES users(id), reviewer_id INTEGER REFERENCES users(id),
    source_branch TEXT NOT NULL, target_branch TEXT NOT NULL, milestone_id INTEGER REFERENCES milestones(id),
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL, merged_at TEXT, merged_by_id INTEGER REFERENCES users(id),
    closed_at TEXT, UNIQUE (project_id, iid));
CREATE TABLE mr_labels (merge_request_id INTEGER NOT NULL REFERENCES merge_requests(id),
    label_id INTEGER NOT NULL REFERENCES labels(id), PRIMARY KEY (merge_request_id, label_id));
CREATE TABLE notes (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL REFERENCES projects(id),
    noteable_type TEXT NOT NULL, noteable_id INTEGER NOT NULL, author_id INTEGER NOT NULL REFERENCES users(id),
    body TEXT NOT NULL, system INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL);
CREATE INDEX notes_noteable ON notes(noteable_type, noteable_id);
CREATE INDEX issues_project ON issues(project_id, state);
CREATE INDEX mrs_project ON merge_requests(project_id, state);
"""


def hash_password(password: str, salt: str) -> str:
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), 1000).hex()
    return f"pbkdf2_sha256$1000${salt}${digest}"


def verify_password(password: str, stored: str) -> bool:
    try:
        _, iters, salt, digest = stored.split("$")
    except ValueError:
        return False
    return hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), int(iters)).hex() == digest


def sha_of(*parts: str) -> str:
    return hashlib.sha1("\x1f".join(parts).encode()).hexdigest()


def slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _ts(rng: random.Random, start: str, end: str) -> str:
    a = datetime.fromisoformat(start)
    span = max(60, int((datetime.fromisoformat(end) - a).total_seconds()))
    return (a + timedelta(seconds=rng.randrange(span))).strftime("%Y-%m-%d %H:%M:%S")


def _after(ts: str, rng: random.Random, min_h: int = 1, max_h: int = 24 * 20, cap: str = LAST_SEED_TIME) -> str:
    t = datetime.fromisoformat(ts) + timedelta(minutes=rng.randint(min_h * 60, max_h * 60))
    out = t.strftime("%Y-%m-%d %H:%M:%S")
    return min(out, cap) if out > ts else ts


def all_projects() -> list[world.Project]:
    return list(world.PROJECTS) + list(C.EXTRA_PROJECTS)


def build_seed(path: Path) -> None:
    """Write a fresh, deterministic GitLab database to `path`."""
    path = Path(path)
    path.unlink(missing_ok=True)
    conn = sqlite3.connect(path)
    try:
        conn.executescript(SCHEMA)
        _fill(conn)
        conn.commit()
    finally:
        conn.close()


def _fill(conn: sqlite3.Connection) -> None:
    rng = random.Random(SEED)
    people = list(world.PEOPLE)
    uid = {p.username: i for i, p in enumerate(people, start=1)}
    usernames = [p.username for p in people]

    # --- users -----------------------------------------------------------------
    for p in people:
        emoji, status, website, job = C.PROFILES.get(p.username, ("", "", "", ""))
        created = (
            "2020-09-14 10:00:00"
            if p.username == C.DEFAULT_USER
            else _ts(rng, "2020-06-01 00:00:00", "2021-06-01 00:00:00")
        )
        conn.execute(
            "INSERT INTO users (id, username, name, email, bio, location, website_url, job_title, status_emoji,"
            " status_message, password_hash, is_admin, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,0,?)",
            (
                uid[p.username],
                p.username,
                p.name,
                f"{p.username.replace('_', '.')}@example.com",
                p.bio,
                f"{world.CITY}, {world.STATE}",
                website,
                job,
                emoji,
                status,
                hash_password(C.PASSWORD, f"u{uid[p.username]:04d}"),
                created,
            ),
        )
    conn.execute(
        "INSERT INTO sessions (token, user_id, created_at) VALUES (?,?,?)",
        (DEFAULT_SESSION_TOKEN, uid[C.DEFAULT_USER], "2023-06-12 08:00:00"),
    )

    # --- follows -------------------------------------------------------------------
    follows: set[tuple[int, int]] = set()
    for who, targets in C.FOLLOWING.items():
        for t in targets:
            follows.add((uid[who], uid[t]))
    for u in usernames:
        if u in C.FOLLOWING:
            continue
        for t in rng.sample([x for x in usernames if x != u], rng.randint(0, 3)):
            follows.add((uid[u], uid[t]))
    for f, t in sorted(follows):
        conn.execute(
            "INSERT INTO follows VALUES (?,?,?)", (f, t, _ts(rng, "2021-06-01 00:00:00", "2023-06-01 00:00:00"))
        )

    # --- groups --------------------------------------------------------------------
    gid: dict[str, int] = {}
    for i, g in enumerate(C.GROUPS, start=1):
        gid[g.path] = i
        conn.execute(
            "INSERT INTO groups (id, path, name, description, visibility, created_at) VALUES (?,?,?,?,?,?)",
            (i, g.path, g.name, g.description, "public", g.created_at),
        )
        for user, role in g.members:
            conn.execute(
                "INSERT INTO group_members VALUES (?,?,?,?,?)", (i, uid[user], role, C.ACCESS_LEVEL[role], g.created_at)
            )
    groups = {g.path: g for g in C.GROUPS}

    # --- projects --------------------------------------------------------------------
    ids = {"label": 0, "milestone": 0, "issue": 0, "mr": 0, "note": 0, "commit": 0}

    def next_id(kind: str) -> int:
        ids[kind] += 1
        return ids[kind]

    star_rows: list[tuple[int, int, str]] = []
    for pid, proj in enumerate(all_projects(), start=1):
        info = C.INFO[proj.path]
        prng = random.Random(f"{SEED}:project:{proj.path}")
        ns, pname = proj.path.split("/")
        group = groups.get(ns)
        owner = None if group else ns
        creator = group.members[0][0] if group else ns

        # members: owner / group members, then the project's extras, then a few random ones
        members: dict[str, str] = {}
        if group:
            members.update(dict(group.members))
        else:
            members[ns] = "Owner"
        for user, role in info.members:
            members[user] = role
        if not info.members and not group:
            for user in prng.sample(
                [u for u in usernames if u not in members and u != C.DEFAULT_USER], prng.randint(1, 3)
            ):
                members[user] = prng.choice(("Guest", "Reporter", "Developer", "Developer", "Maintainer"))
        member_since = {}
        for user, role in members.items():
            since = (
                info.created_at if role == "Owner" or user == creator else _after(info.created_at, prng, 24, 24 * 200)
            )
            member_since[user] = since
        devs = [u for u, r in members.items() if C.ACCESS_LEVEL[r] >= 30]
        everyone_else = [u for u in usernames if u not in members]

        # --- files and commits ---------------------------------------------------------
        holder = group.name if group else next(p.name for p in people if p.username == ns)
        files = project_files(
            proj.path,
            proj.name,
            proj.description,
            proj.language,
            info.license,
            holder,
            list(info.features) or [f"{proj.description}", "Tests and continuous integration", f"Made in {world.CITY}"],
            extra_files=C.extra_files(proj.path),
        )
        comps = list(info.comps)

        # --- labels and milestones -------------------------------------------------------
        label_id: dict[str, int] = {}
        for title, color, desc in C.DEFAULT_LABELS + info.labels:
            lid = next_id("label")
            label_id[title] = lid
            conn.execute("INSERT INTO labels VALUES (?,?,?,?,?,?)", (lid, pid, title, desc, color, info.created_at))
        milestone_specs = list(info.milestones)
        if not milestone_specs and info.issues >= 7:
            milestone_specs = [("v1.0", "active", "2023-04-01", "2023-08-31", f"First stable release of {proj.name}.")]
        milestone_id: dict[str, int] = {}
        for miid, (title, state, start, due, desc) in enumerate(milestone_specs, start=1):
            mid = next_id("milestone")
            milestone_id[title] = mid
            created = min(f"{start} 09:00:00", max(info.created_at, f"{start} 09:00:00"))
            conn.execute(
                "INSERT INTO milestones VALUES (?,?,?,?,?,?,?,?,?,?)",
                (mid, pid, miid, title, desc, state, start, due, created, created),
            )
        active_milestones = [t for t, s, *_ in milestone_specs if s == "active"]

        # --- issues ---------------------------------------------------------------------------
        specs: list[C.IssueSpec] = list(C.ISSUES.get(proj.path, ()))
        used_titles = {s.title for s in specs}
        pools = [
            ("bug", C.BUG_TITLES),
            ("enhancement", C.FEATURE_TITLES),
            ("documentation", C.DOC_TITLES),
            ("question", C.QUESTION_TITLES),
        ]
        start = _after(info.created_at, prng, 24, 24 * 30)
        while len(specs) < info.issues:
            kind, pool = prng.choices(pools, weights=(4, 3, 2, 1))[0]
            comp = prng.choice(comps)
            title = prng.choice(pool).format(comp=comp, Comp=comp[0].upper() + comp[1:])
            if title in used_titles:
                continue
            used_titles.add(title)
            if kind == "bug":
                body = C.BUG_BODY.format(comp=comp, what=prng.choice(C.BUG_WHAT), expected=prng.choice(C.BUG_EXPECTED))
            elif kind == "enhancement":
                body = C.FEATURE_BODY.format(comp=comp, why=prng.choice(C.FEATURE_WHY))
            elif kind == "documentation":
                body = C.DOC_BODY.format(comp=comp)
            else:
                body = C.QUESTION_BODY.format(why=prng.choice(C.FEATURE_WHY))
            labels = [kind]
            extra = prng.random()
            if extra < 0.15:
                labels.append("good first issue")
            elif extra < 0.3:
                labels.append("help wanted")
            elif extra < 0.45 and info.labels:
                labels.append(prng.choice(info.labels)[0])
            created = _ts(prng, start, "2023-06-10 18:00:00")
            closed = prng.random() < 0.35
            author = prng.choice(list(members) + everyone_else[:6] if everyone_else else list(members))
            comments = tuple(
                (prng.choice(list(members) + [author]), prng.choice(C.COMMENTS))
                for _ in range(prng.choice((0, 0, 1, 1, 2, 3)))
            )
            specs.append(
                C.IssueSpec(
                    title,
                    body,
                    author,
                    created,
                    state="closed" if closed else "opened",
                    labels=tuple(labels),
                    assignee=prng.choice(devs) if devs and prng.random() < 0.5 else None,
                    milestone=(
                        prng.choice(active_milestones)
                        if active_milestones and not closed and prng.random() < 0.4
                        else None
                    ),
                    closed_at=_after(created, prng, 2, 24 * 40) if closed else None,
                    comments=comments,
                )
            )
        specs.sort(key=lambda s: (s.created_at, s.title))
        issue_iid = {s.title: n for n, s in enumerate(specs, start=1)}

        # --- merge requests --------------------------------------------------------------------
        mr_specs: list[C.MRSpec] = list(C.MRS.get(proj.path, ()))
        used_branches = {m.source_branch for m in mr_specs} | set(info.branches) | {"main"}
        while len(mr_specs) < info.mrs:
            comp = prng.choice(comps)
            title_t, branch_t = prng.choice(C.MR_TITLES)
            branch = branch_t.format(slug=slugify(comp.replace("the ", "")))
            if branch in used_branches:
                continue
            used_branches.add(branch)
            title = title_t.format(comp=comp)
            author = prng.choice(devs or list(members))
            created = _ts(prng, start, "2023-06-09 18:00:00")
            roll = prng.random()
            state = "merged" if roll < 0.5 else "opened" if roll < 0.85 else "closed"
            reviewers = [u for u in devs if u != author]
            comments = tuple(
                (prng.choice(reviewers or [author]), prng.choice(C.MR_COMMENTS))
                for _ in range(prng.choice((0, 1, 1, 2)))
            )
            mr_specs.append(
                C.MRSpec(
                    title,
                    f"This merge request changes {comp}.\n\n- keeps the public interface\n- adds tests",
                    author,
                    branch,
                    created,
                    state=state,
                    reviewer=prng.choice(reviewers) if reviewers and prng.random() < 0.7 else None,
                    done_at=_after(created, prng, 2, 24 * 10) if state != "opened" else None,
                    comments=comments,
                )
            )
        mr_specs.sort(key=lambda s: (s.created_at, s.title))
        mr_iid = {s.title: n for n, s in enumerate(mr_specs, start=1)}

        def refs(text: str, issue_iid: dict = issue_iid, mr_iid: dict = mr_iid) -> str:
            """Resolve '#{issue title}' and '!{merge request title}' into '#<iid>' / '!<iid>'."""
            text = re.sub(r"#\{([^}]+)\}", lambda g: f"#{issue_iid[g.group(1)]}", text)
            return re.sub(r"!\{([^}]+)\}", lambda g: f"!{mr_iid[g.group(1)]}", text)

        # --- commits and branches ------------------------------------------------------------
        commit_rows: list[tuple] = []  # (branch, title, message, author, created)
        commit_rows.append(("main", "Initial commit", "", creator, info.created_at))
        commit_rows.append(("main", "Add README and LICENSE", "", creator, _after(info.created_at, prng, 1, 48)))
        t = _after(info.created_at, prng, 48, 24 * 60)
        for _ in range(prng.randint(2, 5)):
            title = prng.choice(C.COMMIT_TITLES).format(comp=prng.choice(comps))
            commit_rows.append(("main", title, "", prng.choice(devs or [creator]), t))
            t = _after(t, prng, 24, 24 * 90)
        for m in mr_specs:
            commit_rows.append(
                (
                    m.source_branch,
                    m.title,
                    m.description.split("\n")[0],
                    m.author,
                    _after(m.created_at, prng, 0, 2, cap=m.created_at[:10] + " 23:59:59"),
                )
            )
            if m.state == "merged":
                commit_rows.append(
                    (
                        "main",
                        f"Merge branch '{m.source_branch}' into '{m.target_branch}'",
                        f"{m.title}\n\nSee merge request {proj.path}!{mr_iid[m.title]}",
                        m.reviewer or creator,
                        m.done_at,
                    )
                )
        for b in info.branches:
            commit_rows.append(
                (
                    b,
                    f"WIP: {b.split('/')[-1].replace('-', ' ')}",
                    "",
                    creator,
                    _after(info.created_at, prng, 24 * 30, 24 * 400),
                )
            )
        commit_rows.sort(key=lambda r: (r[4], r[0], r[1]))
        tips: dict[str, tuple[str, str]] = {}
        for branch, title, message, author, created in commit_rows:
            sha = sha_of(proj.path, branch, title, created)
            person = next(p for p in people if p.username == author)
            conn.execute(
                "INSERT INTO commits (id, project_id, sha, branch, title, message, author_id, author_name,"
                " author_email, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (
                    next_id("commit"),
                    pid,
                    sha,
                    branch,
                    title,
                    message,
                    uid[author],
                    person.name,
                    f"{author.replace('_', '.')}@example.com",
                    created,
                ),
            )
            tips[branch] = (sha, created)
        for branch, (sha, created) in sorted(tips.items()):
            conn.execute("INSERT INTO branches VALUES (?,?,?,?)", (pid, branch, sha, created))
        last_activity = max(
            [r[4] for r in commit_rows] + [s.created_at for s in specs] + [s.created_at for s in mr_specs]
        )

        # --- rows ---------------------------------------------------------------------------------
        conn.execute(
            "INSERT INTO projects (id, namespace, path, full_path, name, description, language, license, visibility,"
            " default_branch, group_id, owner_id, creator_id, created_at, last_activity_at)"
            " VALUES (?,?,?,?,?,?,?,?,?,'main',?,?,?,?,?)",
            (
                pid,
                ns,
                pname,
                proj.path,
                proj.name,
                proj.description,
                proj.language,
                info.license,
                info.visibility,
                gid.get(ns),
                uid[owner] if owner else None,
                uid[creator],
                info.created_at,
                last_activity,
            ),
        )
        for user, role in members.items():
            conn.execute(
                "INSERT INTO project_members VALUES (?,?,?,?,?,NULL)",
                (pid, uid[user], role, C.ACCESS_LEVEL[role], member_since[user]),
            )
        conn.executemany("INSERT INTO blobs VALUES (?,?,?)", [(pid, p, c) for p, c in files.items()])

        def add_note(
            ntype: str, nid: int, author: str, body: str, created: str, system: int = 0, pid: int = pid
        ) -> None:
            conn.execute(
                "INSERT INTO notes VALUES (?,?,?,?,?,?,?,?)",
                (next_id("note"), pid, ntype, nid, uid[author], body, system, created),
            )

        for s in specs:
            iid = next_id("issue")
            times = []
            t = s.created_at
            for _author, _body in s.comments:
                t = _after(t, prng, 1, 24 * 5)
                times.append(t)
            updated = max([s.created_at, s.closed_at or ""] + times)
            closer = None
            if s.state == "closed":
                closer = s.assignee or (next(iter(members)))
            conn.execute(
                "INSERT INTO issues (id, project_id, iid, title, description, state, author_id, assignee_id,"
                " milestone_id, due_date, confidential, created_at, updated_at, closed_at, closed_by_id)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,0,?,?,?,?)",
                (
                    iid,
                    pid,
                    issue_iid[s.title],
                    s.title,
                    refs(s.description),
                    s.state,
                    uid[s.author],
                    uid[s.assignee] if s.assignee else None,
                    milestone_id.get(s.milestone) if s.milestone else None,
                    s.due_date,
                    s.created_at,
                    updated,
                    s.closed_at,
                    uid[closer] if closer else None,
                ),
            )
            for lab in s.labels:
                conn.execute("INSERT INTO issue_labels VALUES (?,?)", (iid, label_id[lab]))
            events = [(tm, a, refs(b), 0) for (a, b), tm in zip(s.comments, times, strict=True)]
            if s.state == "closed":
                events.append((s.closed_at, closer, "closed", 1))
            for tm, a, b, system in sorted(events, key=lambda e: e[0]):
                add_note("Issue", iid, a, b, tm, system)

        for s in mr_specs:
            mid = next_id("mr")
            times = []
            t = s.created_at
            for _ in s.comments:
                t = _after(t, prng, 1, 24 * 3, cap=s.done_at or LAST_SEED_TIME)
                times.append(t)
            updated = max([s.created_at, s.done_at or ""] + times)
            merged_by = (s.reviewer or creator) if s.state == "merged" else None
            conn.execute(
                "INSERT INTO merge_requests (id, project_id, iid, title, description, state, author_id,"
                " assignee_id, reviewer_id, source_branch, target_branch, milestone_id, created_at, updated_at,"
                " merged_at, merged_by_id, closed_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    mid,
                    pid,
                    mr_iid[s.title],
                    s.title,
                    refs(s.description),
                    s.state,
                    uid[s.author],
                    uid[s.assignee] if s.assignee else None,
                    uid[s.reviewer] if s.reviewer else None,
                    s.source_branch,
                    s.target_branch,
                    milestone_id.get(s.milestone) if s.milestone else None,
                    s.created_at,
                    updated,
                    s.done_at if s.state == "merged" else None,
                    uid[merged_by] if merged_by else None,
                    s.done_at if s.state == "closed" else None,
                ),
            )
            for lab in s.labels:
                conn.execute("INSERT INTO mr_labels VALUES (?,?)", (mid, label_id[lab]))
            events = [(tm, a, refs(b), 0) for (a, b), tm in zip(s.comments, times, strict=True)]
            if s.state == "merged":
                events.append((s.done_at, merged_by, "merged", 1))
            elif s.state == "closed":
                events.append((s.done_at, s.author, "closed", 1))
            for tm, a, b, system in sorted(events, key=lambda e: e[0]):
                add_note("MergeRequest", mid, a, b, tm, system)

        # --- stars ----------------------------------------------------------------------------------
        starrers = [u for u in usernames if u != C.DEFAULT_USER]
        n_other = info.stars - (1 if proj.path in C.BYTEBLAZE_STARS else 0)
        chosen = prng.sample(starrers, max(0, min(n_other, len(starrers))))
        if info.visibility == "private":
            chosen = [u for u in chosen if u in members]
        if proj.path in C.BYTEBLAZE_STARS:
            chosen.append(C.DEFAULT_USER)
        for u in chosen:
            star_rows.append((uid[u], pid, _ts(prng, info.created_at, "2023-06-10 00:00:00")))

    conn.executemany("INSERT INTO stars VALUES (?,?,?)", sorted(star_rows))


if __name__ == "__main__":  # pragma: no cover - manual inspection helper
    import sys
    import time

    t0 = time.perf_counter()
    build_seed(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/gitlab-seed.sqlite"))
    print(f"built in {time.perf_counter() - t0:.2f}s")
