"""What the issue and merge request pages share: the two kinds, lookups, and writing a note."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from starlette.exceptions import HTTPException

from .common import now, project_url, touch_project

@dataclass(frozen=True)
class Kind:
    key: str  # 'issue' | 'mr'
    table: str
    link_table: str
    link_col: str
    noteable: str
    url: str  # URL segment
    sigil: str
    noun: str  # 'issue' | 'merge request'
    section: str  # sidebar section


ISSUE = Kind("issue", "issues", "issue_labels", "issue_id", "Issue", "issues", "#", "issue", "issues")
MR = Kind(
    "mr",
    "merge_requests",
    "mr_labels",
    "merge_request_id",
    "MergeRequest",
    "merge_requests",
    "!",
    "merge request",
    "mrs",
)
KINDS = {"issue": ISSUE, "mr": MR}


def _labels(conn: sqlite3.Connection, project_id: int) -> list[sqlite3.Row]:
    return conn.execute("SELECT * FROM labels WHERE project_id = ? ORDER BY lower(title)", (project_id,)).fetchall()


def _milestones(conn: sqlite3.Connection, project_id: int, active_only: bool = False) -> list[sqlite3.Row]:
    sql = "SELECT * FROM milestones WHERE project_id = ?" + (" AND state = 'active'" if active_only else "")
    return conn.execute(sql + " ORDER BY due_date IS NULL, due_date, title", (project_id,)).fetchall()


def _item(conn: sqlite3.Connection, kind: Kind, project: sqlite3.Row, iid: int) -> sqlite3.Row:
    row = conn.execute(f"SELECT * FROM {kind.table} WHERE project_id = ? AND iid = ?", (project["id"], iid)).fetchone()
    if row is None:
        raise HTTPException(404)
    return row


def _item_url(kind: Kind, project: sqlite3.Row, iid: int) -> str:
    return f"{project_url(project)}/-/{kind.url}/{iid}"


def _note(conn: sqlite3.Connection, kind: Kind, item: sqlite3.Row, author_id: int, body: str, system: int = 0,
          discussion_id: str | None = None) -> None:
    """Add a note (a comment, or a system note such as "closed"); a comment starts its own thread
    unless it replies to `discussion_id`. Merge request comments are resolvable threads."""
    ts = now()
    cur = conn.execute(
        "INSERT INTO notes (project_id, noteable_type, noteable_id, author_id, body, system, created_at, discussion_id,"
        " resolvable) VALUES (?,?,?,?,?,?,?,?,?)",
        (item["project_id"], kind.noteable, item["id"], author_id, body, system, ts, discussion_id,
         int(kind.key == "mr" and not system)),
    )
    if discussion_id is None and not system:
        conn.execute("UPDATE notes SET discussion_id = ? WHERE id = ?", (f"n{cur.lastrowid}", cur.lastrowid))
    conn.execute(f"UPDATE {kind.table} SET updated_at = ? WHERE id = ?", (ts, item["id"]))
    touch_project(conn, item["project_id"])


# --- lists -----------------------------------------------------------------------------------------
