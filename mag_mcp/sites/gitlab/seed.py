"""Deterministic seed of the embedded GitLab (mirrors WebArena's GitLab, port 8023).

Two databases are written from one generation (`gen_world.generate`, cached per process):

* the per-episode database (`build_seed`): people, groups, projects, members, stars, labels,
  milestones, issues, merge requests, notes, approvals, award emoji, branches, tags,
  releases, wiki pages and snippets; it stays small so that a reset copies it in
  milliseconds;
* the read-only content database (`build_content`), attached as `content`: the seeded
  repository files and commits with their diffs, and CI (pipelines, jobs, environments,
  deployments, schedules).

`schema` documents every table. The seed's "today" is 2023-06-12; rows written by the
running site use the real clock, so they sort after every seed row ("latest" = highest id
as well). Two builds are identical byte for byte: everything is drawn from fixed tables and
`random.Random` streams keyed by what they generate (a project's by its path, so editing
one project never reshuffles another).

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
import re
import sqlite3
from pathlib import Path

from .. import world
from . import content as C
from .gen_world import DEFAULT_SESSION_TOKEN, generate, hash_password
from .schema import CONTENT_SCHEMA, SCHEMA

SEED = 8023
SEED_TODAY = "2023-06-12"
LAST_SEED_TIME = "2023-06-11 23:00:00"
DEFAULT_USERNAME = C.DEFAULT_USER
DEFAULT_PASSWORD = C.PASSWORD
MAIN_ORDER = ["users", "sessions", "groups", "group_members", "projects", "project_members"]

__all__ = ["DEFAULT_SESSION_TOKEN", "DEFAULT_USERNAME", "DEFAULT_PASSWORD", "build_seed", "build_content",
           "hash_password", "verify_password", "sha_of", "slugify", "all_projects"]


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


def all_projects() -> list[world.Project]:
    return list(world.PROJECTS) + list(C.EXTRA_PROJECTS)


def _write(path: Path, schema: str, which: int) -> None:
    path = Path(path)
    path.unlink(missing_ok=True)
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA journal_mode = OFF")
        conn.execute("PRAGMA synchronous = OFF")
        conn.executescript(schema)
        generate()[which].write(conn, MAIN_ORDER if which == 0 else None)
        conn.commit()
        conn.execute("ANALYZE")
        conn.commit()
    finally:
        conn.close()


def build_seed(path: Path) -> None:
    """Write a fresh, deterministic episode database to `path`."""
    _write(path, SCHEMA, 0)


def build_content(path: Path) -> None:
    """Write the read-only content database (repository files, commits, CI) to `path`."""
    _write(path, CONTENT_SCHEMA, 1)


if __name__ == "__main__":  # pragma: no cover - manual inspection helper
    import sys
    import time

    t0 = time.perf_counter()
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "gitlab-seed.sqlite")
    build_seed(out)
    build_content(out.with_name(out.stem + "-content.sqlite"))
    print(f"built in {time.perf_counter() - t0:.2f}s")
