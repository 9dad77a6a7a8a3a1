"""Votes at run time over two stores: the mutable votes tables (the default user's seeded votes
and every vote cast while the site runs) and the crowd's seeded votes in the read-only
``content`` database.

A user's vote on a target is their row in the mutable table if there is one; otherwise
their crowd row, unless `withdrawn_votes` lists it (a crowd vote changed at run time is
withdrawn there and, if not retracted, written to the mutable table). Scores are counters
on the target row, moved by the difference between the old and the new vote, so they stay
equal to the count of effective vote rows.
"""

from __future__ import annotations

import sqlite3

from .timeline import hot_ranking

_KINDS = {
    "submission": ("submission_votes", "submission_id", "content.crowd_submission_votes", "submissions"),
    "comment": ("comment_votes", "comment_id", "content.crowd_comment_votes", "comments"),
}


def user_votes(conn: sqlite3.Connection, user: sqlite3.Row | None, kind: str, ids: list[int]) -> dict[int, int]:
    """{target id: +1 or -1} of `user`'s votes among `ids`."""
    if user is None or not ids:
        return {}
    table, key, crowd, _ = _KINDS[kind]
    marks = ",".join("?" * len(ids))
    out = {r[0]: r[1] for r in conn.execute(
        f"SELECT {key}, choice FROM {crowd} WHERE user_id = ? AND {key} IN ({marks}) AND {key} NOT IN"
        f" (SELECT target_id FROM withdrawn_votes WHERE kind = ? AND user_id = ?)", (user["id"], *ids, kind, user["id"]))}
    out.update({r[0]: r[1] for r in conn.execute(
        f"SELECT {key}, choice FROM {table} WHERE user_id = ? AND {key} IN ({marks})", (user["id"], *ids))})
    return out


def cast_vote(conn: sqlite3.Connection, user_id: int, kind: str, target_id: int, choice: int, now: str) -> None:
    """Set `user_id`'s vote on a target to `choice` (1, -1, or 0 to retract) and move its score."""
    table, key, crowd, target_table = _KINDS[kind]
    old = conn.execute(f"SELECT choice FROM {table} WHERE {key} = ? AND user_id = ?", (target_id, user_id)).fetchone()
    if old is None:
        old = conn.execute(
            f"SELECT choice FROM {crowd} WHERE user_id = ? AND {key} = ? AND NOT EXISTS (SELECT 1 FROM withdrawn_votes"
            " WHERE kind = ? AND target_id = ? AND user_id = ?)", (user_id, target_id, kind, target_id, user_id)
        ).fetchone()
        if old is not None:
            conn.execute("INSERT OR IGNORE INTO withdrawn_votes (kind, target_id, user_id) VALUES (?,?,?)",
                         (kind, target_id, user_id))
    before = old[0] if old else 0
    conn.execute(f"DELETE FROM {table} WHERE {key} = ? AND user_id = ?", (target_id, user_id))
    if choice:
        conn.execute(f"INSERT INTO {table} ({key}, user_id, choice, created_at) VALUES (?,?,?,?)",
                     (target_id, user_id, choice, now))
    up = (choice == 1) - (before == 1)
    down = (choice == -1) - (before == -1)
    if up or down:
        conn.execute(f"UPDATE {target_table} SET upvotes = upvotes + ?, downvotes = downvotes + ?,"
                     " net_score = net_score + ? WHERE id = ?", (up, down, up - down, target_id))
        if kind == "submission":
            created, net = conn.execute("SELECT created_at, net_score FROM submissions WHERE id = ?",
                                        (target_id,)).fetchone()
            conn.execute("UPDATE submissions SET ranking = ? WHERE id = ?", (hot_ranking(created, net), target_id))


def drop_votes(conn: sqlite3.Connection, kind: str, target_id: int) -> None:
    """Forget every vote on a target (a deleted comment keeps no score)."""
    table, key, crowd, target_table = _KINDS[kind]
    conn.execute(f"DELETE FROM {table} WHERE {key} = ?", (target_id,))
    conn.execute(f"INSERT OR IGNORE INTO withdrawn_votes (kind, target_id, user_id) SELECT ?, {key}, user_id"
                 f" FROM {crowd} WHERE {key} = ?", (kind, target_id))
    conn.execute(f"UPDATE {target_table} SET upvotes = 0, downvotes = 0, net_score = 0 WHERE id = ?", (target_id,))
