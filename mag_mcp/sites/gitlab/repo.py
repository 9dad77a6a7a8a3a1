"""A project's repository as pages see it: files and commits from the seeded content database
(`content.blobs`, `content.branch_blobs`, `content.commits`, `content.commit_files`) together
with what the episode wrote itself (`main.blobs`, `main.commits`: a new project's README, a
merge commit).

Files of a ref: the episode's own files win over the branch's work (`branch_blobs`), which
wins over the tip of `main` (`content.blobs`). Commits of `main` are those with `on_main = 1`
(the main line and the commits of merged merge requests); a branch's commits are its own plus
the main line up to the branch's first commit.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

COMMIT_COLS = ("id, sha, parent_sha, branch, title, message, author_id, author_name, author_email, created_at, additions,"
               " deletions, on_main")


def _range(prefix: str) -> tuple[str, str]:
    """[lo, hi) bounds of the paths under `prefix` ('' = everything), usable by the primary key."""
    return (prefix, prefix[:-1] + chr(ord(prefix[-1]) + 1)) if prefix else ("", "\U0010ffff")


def files_under(conn: sqlite3.Connection, project_id: int, ref: str, folder: str) -> list[tuple[str, int]]:
    """(path, size in characters) of every file under `folder` at `ref`, sorted by path."""
    prefix = folder.strip("/") + "/" if folder.strip("/") else ""
    lo, hi = _range(prefix)
    rows = conn.execute(
        "SELECT path, length(content), 2 FROM main.blobs WHERE project_id = ?1 AND path >= ?3 AND path < ?4"
        " UNION ALL SELECT path, length(content), 1 FROM content.branch_blobs WHERE project_id = ?1 AND branch = ?2"
        " AND path >= ?3 AND path < ?4"
        " UNION ALL SELECT path, length(content), 0 FROM content.blobs WHERE project_id = ?1 AND path >= ?3 AND path < ?4",
        (project_id, ref, lo, hi)).fetchall()
    best: dict[str, tuple[int, int]] = {}
    for path, size, pri in rows:
        if path not in best or pri > best[path][1]:
            best[path] = (size, pri)
    return sorted((p, s) for p, (s, _) in best.items())


def blob(conn: sqlite3.Connection, project_id: int, ref: str, path: str) -> str | None:
    row = conn.execute(
        "SELECT content FROM (SELECT content, 2 AS pri FROM main.blobs WHERE project_id = ?1 AND path = ?3"
        " UNION ALL SELECT content, 1 FROM content.branch_blobs WHERE project_id = ?1 AND branch = ?2 AND path = ?3"
        " UNION ALL SELECT content, 0 FROM content.blobs WHERE project_id = ?1 AND path = ?3) ORDER BY pri DESC LIMIT 1",
        (project_id, ref, path)).fetchone()
    return row[0] if row else None


def storage_size(conn: sqlite3.Connection, project_id: int) -> int:
    row = conn.execute(
        "SELECT (SELECT COALESCE(SUM(length(content)), 0) FROM content.blobs WHERE project_id = ?1)"
        " + (SELECT COALESCE(SUM(length(content)), 0) FROM main.blobs WHERE project_id = ?1)", (project_id,)).fetchone()
    return row[0]


# --- commits ---------------------------------------------------------------------------------------

def _ref_filter(conn: sqlite3.Connection, project_id: int, ref: str, default: str) -> tuple[str, list]:
    """WHERE fragment (over a commits table) and parameters for the commits of `ref`."""
    if ref == default:
        return "on_main = 1", []
    first = conn.execute(
        "SELECT MIN(created_at) FROM (SELECT created_at FROM content.commits WHERE project_id = ?1 AND branch = ?2"
        " UNION ALL SELECT created_at FROM main.commits WHERE project_id = ?1 AND branch = ?2)",
        (project_id, ref)).fetchone()[0]
    return "(branch = ? OR (on_main = 1 AND created_at <= ?))", [ref, first or ""]


def _union(where: str) -> str:
    return (f"SELECT {COMMIT_COLS}, 'content' AS origin FROM content.commits WHERE project_id = ? AND {where}"
            f" UNION ALL SELECT {COMMIT_COLS}, 'main' FROM main.commits WHERE project_id = ? AND {where}")


def commits(conn: sqlite3.Connection, project_id: int, ref: str, default: str, limit: int, offset: int = 0,
            search: str = "", author_id: int | None = None) -> list[sqlite3.Row]:
    where, args = _ref_filter(conn, project_id, ref, default)
    if search:
        where += " AND title LIKE ?"
        args = args + [f"%{search}%"]
    if author_id is not None:
        where += " AND author_id = ?"
        args = args + [author_id]
    sql = (f"SELECT c.*, u.username FROM ({_union(where)}) c LEFT JOIN users u ON u.id = c.author_id"
           " ORDER BY c.created_at DESC, c.sha DESC LIMIT ? OFFSET ?")
    return conn.execute(sql, [project_id, *args, project_id, *args, limit, offset]).fetchall()


def commit_count(conn: sqlite3.Connection, project_id: int, ref: str, default: str, search: str = "") -> int:
    where, args = _ref_filter(conn, project_id, ref, default)
    if search:
        where += " AND title LIKE ?"
        args = args + [f"%{search}%"]
    return conn.execute(f"SELECT COUNT(*) FROM ({_union(where)})", [project_id, *args, project_id, *args]).fetchone()[0]


def commit_by_sha(conn: sqlite3.Connection, project_id: int, sha: str) -> sqlite3.Row | None:
    """A commit by its full or abbreviated (7+ characters) sha."""
    if len(sha) < 7 or not all(c in "0123456789abcdef" for c in sha.lower()):
        return None
    lo = sha.lower()
    hi = lo + "g"
    row = conn.execute(
        f"SELECT c.*, u.username FROM ({_union('sha >= ? AND sha < ?')}) c LEFT JOIN users u ON u.id = c.author_id"
        " LIMIT 1", (project_id, lo, hi, project_id, lo, hi)).fetchone()
    return row


def last_commit(conn: sqlite3.Connection, project_id: int, ref: str, default: str) -> sqlite3.Row | None:
    rows = commits(conn, project_id, ref, default, 1)
    return rows[0] if rows else None


@dataclass(frozen=True)
class FileDiff:
    path: str
    status: str
    additions: int
    deletions: int
    diff: str


def commit_files(conn: sqlite3.Connection, commit: sqlite3.Row) -> list[FileDiff]:
    if commit["origin"] != "content":
        return []
    return [FileDiff(*r) for r in conn.execute(
        "SELECT path, status, additions, deletions, diff FROM content.commit_files WHERE commit_id = ? ORDER BY path",
        (commit["id"],))]


def last_commits_by_path(conn: sqlite3.Connection, project_id: int) -> dict[str, sqlite3.Row]:
    """For every file ever changed on main: the latest main commit that changed it."""
    out: dict[str, sqlite3.Row] = {}
    for row in conn.execute(
        "SELECT f.path, c.sha, c.title, c.created_at, c.author_name FROM content.commits c"
        " JOIN content.commit_files f ON f.commit_id = c.id WHERE c.project_id = ? AND c.on_main = 1"
        " ORDER BY c.created_at, c.id", (project_id,)):
        out[row["path"]] = row
    return out


def contributors(conn: sqlite3.Connection, project_id: int) -> list[sqlite3.Row]:
    return conn.execute(
        "SELECT c.author_name, c.author_email, u.username, COUNT(*) AS commits, SUM(c.additions) AS additions,"
        " SUM(c.deletions) AS deletions, MIN(c.created_at) AS first_at, MAX(c.created_at) AS last_at"
        f" FROM ({_union('on_main = 1')}) c LEFT JOIN users u ON u.id = c.author_id"
        " GROUP BY c.author_email ORDER BY commits DESC, c.author_name", (project_id, project_id)).fetchall()


def mr_commit_rows(conn: sqlite3.Connection, mr_id: int) -> list[sqlite3.Row]:
    return conn.execute(
        "SELECT c.*, 'content' AS origin, u.username FROM mr_commits m JOIN content.commits c ON c.sha = m.sha"
        " LEFT JOIN users u ON u.id = c.author_id WHERE m.merge_request_id = ? ORDER BY m.position DESC",
        (mr_id,)).fetchall()
