"""The whole seeded GitLab: accounts, groups, follows, every project (`gen_project`) and stars.

`generate()` returns the rows of the episode database and of the content database; it is a
pure function (fixed name pools, `random.Random` streams keyed by what they generate), cached
for the process, so that `build_seed` and `build_content` share one generation.
"""

from __future__ import annotations

import hashlib
import random
from functools import lru_cache

from .. import world
from . import content as C
from .catalog import generated_projects
from .gen_items import after, between
from .gen_project import Source, World, build_project
from .people import EXTRA_GROUPS, generated_accounts
from .rows import Rows

SEED = 8023
DEFAULT_SESSION_TOKEN = "glpat-7d3e9a41c5b24f0e8a6d1c2b9f4e7a30"
# groups byteblaze works in beyond the world's two (their projects join byteblaze's list)
BYTEBLAZE_GROUPS = {"kelp-systems": "Developer", "lighthouse-docs": "Maintainer", "brackish": "Developer"}
LICENSES = ("MIT", "MIT", "MIT", "Apache-2.0", "Apache-2.0", "BSD-3-Clause", "GPL-3.0")
WORLD_DOMAINS_LANG = {"Markdown", "HTML", "CSS", "YAML", "Shell", "R", "OCaml"}


def hash_password(password: str, salt: str) -> str:
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), 1000).hex()
    return f"pbkdf2_sha256$1000${salt}${digest}"


def _users(rows: Rows, rng: random.Random) -> list[str]:
    names: list[str] = []
    password = hash_password(C.PASSWORD, "u-shared")  # generated accounts share one salt: they never sign in
    for i, p in enumerate(world.PEOPLE, start=1):
        emoji, status, website, job = C.PROFILES.get(p.username, ("", "", "", ""))
        created = "2020-09-14 10:00:00" if p.username == C.DEFAULT_USER else between(rng, "2020-06-01 00:00:00",
                                                                                       "2021-06-01 00:00:00")
        rows.add("users", i, p.username, p.name, f"{p.username.replace('_', '.')}@example.com", p.bio,
                 f"{world.CITY}, {world.STATE}", website, job, emoji, status, hash_password(C.PASSWORD, f"u{i:04d}"), 0, created)
        names.append(p.username)
    statuses = [(k, s) for k, s in (("coffee", "Deep in a refactor"), ("sunny", "On holiday until Monday"),
                                     ("keyboard", "Heads down"), ("house", "Working from home"), ("anchor", "At Alder Wharf"))]
    for i, a in enumerate(generated_accounts(), start=len(names) + 1):
        emoji, status = rng.choice(statuses) if rng.random() < 0.12 else ("", "")
        website = f"https://{a.username.replace('_', '-').replace('.', '-')}.example.net" if rng.random() < 0.15 else ""
        rows.add("users", i, a.username, a.name, a.email, a.bio, a.location, website, a.job_title, emoji, status,
                 password, 0, a.created_at)
        names.append(a.username)
    return names


def _groups(rows: Rows, rng: random.Random, uid: dict[str, int], accounts: list[str]) -> dict[str, list[tuple[str, str]]]:
    members: dict[str, list[tuple[str, str]]] = {}
    for g in C.GROUPS:
        members[g.path] = list(g.members)
    pool = accounts[24:]
    for g in EXTRA_GROUPS:
        chosen = rng.sample(pool, rng.randint(4, 16)) + rng.sample([u for u in accounts[:24] if u != C.DEFAULT_USER],
                                                                    rng.randint(0, 2))
        roles = ["Owner"] + [rng.choice(("Maintainer", "Developer", "Developer", "Developer", "Reporter", "Guest"))
                             for _ in chosen[1:]]
        members[g.path] = list(zip(chosen, roles, strict=True))
        if g.path in BYTEBLAZE_GROUPS:
            members[g.path].append((C.DEFAULT_USER, BYTEBLAZE_GROUPS[g.path]))
    created = {g.path: g.created_at for g in C.GROUPS} | {g.path: g.created_at for g in EXTRA_GROUPS}
    for gid, g in enumerate(list(C.GROUPS) + list(EXTRA_GROUPS), start=1):
        rows.add("groups", gid, g.path, g.name, g.description, "public", g.created_at)
        for user, role in members[g.path]:
            rows.add("group_members", gid, uid[user], role, C.ACCESS_LEVEL[role],
                     created[g.path] if role == "Owner" else after(created[g.path], rng, 24, 24 * 300))
    return members


def _sources(rng: random.Random, names: dict[str, str], groups: dict[str, str]) -> list[Source]:
    out: list[Source] = []
    from .repo_tree import WORLD_DOMAINS

    for pid, proj in enumerate(list(world.PROJECTS) + list(C.EXTRA_PROJECTS), start=1):
        info = C.INFO[proj.path]
        ns = proj.path.split("/")[0]
        group = ns if ns in groups else None
        out.append(Source(pid, proj.path, proj.name, proj.description, proj.language, WORLD_DOMAINS[proj.path],
                          info.license, info.visibility, info.created_at, group, groups.get(ns) or names[ns], info,
                          topics=proj.language.lower()))
    group_created = {g.path: g.created_at for g in EXTRA_GROUPS}
    for pid, pd in enumerate(generated_projects(), start=len(out) + 1):
        ns = pd.path.split("/")[0]
        start = max(group_created.get(ns, "2020-06-01 00:00:00"), "2020-07-01 00:00:00")
        created = between(rng, start, "2023-03-31 00:00:00")
        visibility = rng.choices(("public", "internal", "private"), weights=(86, 9, 5))[0]
        out.append(Source(pid, pd.path, pd.name, pd.description, pd.language, pd.domain, rng.choice(LICENSES), visibility,
                          created, pd.group, groups.get(ns) or names[ns], None,
                          topics=", ".join(dict.fromkeys([pd.domain, pd.language.lower()]))))
    return out


def _follows(rows: Rows, rng: random.Random, uid: dict[str, int], accounts: list[str]) -> None:
    follows: set[tuple[int, int]] = set()
    for who, targets in C.FOLLOWING.items():
        follows.update((uid[who], uid[t]) for t in targets)
    for u in accounts:
        if u in C.FOLLOWING:
            continue
        pool = accounts[:24] if rng.random() < 0.5 else accounts
        for t in rng.sample([x for x in pool if x != u], rng.randint(0, 4)):
            follows.add((uid[u], uid[t]))
    for f, t in sorted(follows):
        rows.add("follows", f, t, between(rng, "2021-06-01 00:00:00", "2023-06-01 00:00:00"))


def _stars(rows: Rows, rng: random.Random, uid: dict[str, int], accounts: list[str], sources: list[Source]) -> None:
    project_rows = {r[0]: r for r in rows.tables["projects"]}
    members: dict[int, set[int]] = {}
    for pid, user_id, *_ in rows.tables["project_members"]:
        members.setdefault(pid, set()).add(user_id)
    starrers = [u for u in accounts if u != C.DEFAULT_USER]
    out = []
    for src in sources:
        prng = random.Random(f"{SEED}:stars:{src.path}")
        if src.info is not None:
            n = src.info.stars - (1 if src.path in C.BYTEBLAZE_STARS else 0)
            pool = starrers[:23] + prng.sample(starrers[23:], 20)
        else:
            n = min(140, int(prng.paretovariate(0.9) * 2) - 2)
            pool = starrers
        chosen = prng.sample(pool, max(0, min(n, len(pool))))
        if src.visibility == "private":
            chosen = [u for u in chosen if uid[u] in members.get(src.pid, set())]
        if src.path in C.BYTEBLAZE_STARS:
            chosen.append(C.DEFAULT_USER)
        for u in chosen:
            out.append((uid[u], src.pid, between(prng, project_rows[src.pid][13], "2023-06-10 00:00:00")))
    for row in sorted(out):
        rows.add("stars", *row)


@lru_cache(maxsize=1)
def generate() -> tuple[Rows, Rows]:
    """(episode database rows, content database rows) of the whole seed."""
    rng = random.Random(SEED)
    rows, content = Rows(), Rows()
    accounts = _users(rows, rng)
    uid = {u: i for i, u in enumerate(accounts, start=1)}
    user_rows = {r[1]: r for r in rows.tables["users"]}
    rows.add("sessions", DEFAULT_SESSION_TOKEN, uid[C.DEFAULT_USER], "2023-06-12 08:00:00")
    _follows(rows, rng, uid, accounts)
    group_members = _groups(rows, rng, uid, accounts)
    group_names = {r[1]: r[2] for r in rows.tables["groups"]}
    gid = {r[1]: r[0] for r in rows.tables["groups"]}
    names = {u: user_rows[u][2] for u in accounts}
    w = World(uid, names, {u: user_rows[u][3] for u in accounts}, accounts, group_members, gid)
    sources = _sources(rng, names, group_names)
    for src in sources:
        build_project(rows, content, src, w)
    _stars(rows, rng, uid, accounts, sources)
    return rows, content
