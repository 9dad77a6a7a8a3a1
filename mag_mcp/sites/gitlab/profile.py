"""A user's contributions for the profile pages: the events of their activity feed (comments and
actions on issues and merge requests, issues and merge requests opened, pushes) in public
projects, and the contribution calendar of the last year, as GitLab draws it."""

from __future__ import annotations

import sqlite3
from datetime import date, timedelta
from typing import Any

from .seed import SEED_TODAY

# One row per event: at, action, kind ('issues', 'merge_requests' or 'push'), iid, title,
# project, plus the commit (sha, branch, count) of a push.
_EVENTS = """
SELECT n.created_at AS at, CASE WHEN n.system = 1 THEN replace(replace(n.body, ' this merge request', ''), ' this issue', '')
  ELSE 'commented on' END AS action,
  CASE WHEN n.noteable_type = 'Issue' THEN 'issues' ELSE 'merge_requests' END AS kind,
  COALESCE(i.iid, m.iid) AS iid, COALESCE(i.title, m.title) AS title, n.project_id AS project_id,
  CASE WHEN n.system = 0 THEN n.body END AS note, NULL AS sha, NULL AS branch, 0 AS commits
 FROM notes n
 LEFT JOIN issues i ON n.noteable_type = 'Issue' AND i.id = n.noteable_id
 LEFT JOIN merge_requests m ON n.noteable_type = 'MergeRequest' AND m.id = n.noteable_id
 WHERE n.author_id = :uid
UNION ALL SELECT created_at, 'opened', 'issues', iid, title, project_id, NULL, NULL, NULL, 0
 FROM issues WHERE author_id = :uid
UNION ALL SELECT created_at, 'opened', 'merge_requests', iid, title, project_id, NULL, NULL, NULL, 0
 FROM merge_requests WHERE author_id = :uid
UNION ALL SELECT MAX(created_at), 'pushed to branch', 'push', NULL, title, project_id, NULL, sha, branch, COUNT(*)
 FROM content.commits WHERE author_id = :uid GROUP BY project_id, branch, date(created_at)
"""
CELL_DAYS = 7 * 53


def _public(sql: str) -> str:
    return (f"SELECT e.*, p.full_path, p.name AS project_name FROM ({sql}) e JOIN projects p ON p.id = e.project_id"
            " WHERE p.visibility = 'public'")


def events(conn: sqlite3.Connection, uid: int, limit: int = 20, offset: int = 0,
           day: str | None = None) -> list[sqlite3.Row]:
    """The user's events, newest first (only those of `day`, 'YYYY-MM-DD', when given)."""
    where = " AND date(e.at) = :day" if day else ""
    return conn.execute(_public(_EVENTS) + where + " ORDER BY e.at DESC LIMIT :limit OFFSET :offset",
                        dict(uid=uid, day=day, limit=limit, offset=offset)).fetchall()


def event_count(conn: sqlite3.Connection, uid: int) -> int:
    return conn.execute(f"SELECT COUNT(*) FROM ({_public(_EVENTS)})", dict(uid=uid)).fetchone()[0]


def level(n: int) -> int:
    """GitLab's five shades of a calendar day."""
    return 0 if n == 0 else 1 if n < 10 else 2 if n < 20 else 3 if n < 30 else 4


def calendar(conn: sqlite3.Connection, uid: int) -> dict[str, Any]:
    """The contribution calendar of the year up to the seed's today: 53 week columns of 7 days
    (Sunday first), the month labels over them and the total."""
    today = date.fromisoformat(SEED_TODAY)
    first = today - timedelta(days=CELL_DAYS - 1 - (6 - (today.isoweekday() % 7)))
    per_day = dict(conn.execute(
        f"SELECT date(at), COUNT(*) FROM ({_public(_EVENTS)}) WHERE date(at) BETWEEN :a AND :b GROUP BY 1",
        dict(uid=uid, a=first.isoformat(), b=today.isoformat())).fetchall())
    weeks: list[list[dict[str, Any]]] = []
    months: list[tuple[int, str]] = []
    for w in range(53):
        col = []
        for d in range(7):
            day = first + timedelta(days=w * 7 + d)
            if day > today:
                break
            n = per_day.get(day.isoformat(), 0)
            col.append(dict(date=day.isoformat(), label=f"{day:%b} {day.day}, {day.year}", count=n, level=level(n),
                            weekday=d))
            if day.day == 1 and w < 52:
                months.append((w, f"{day:%b}"))
        weeks.append(col)
    return dict(weeks=weeks, months=months, total=sum(per_day.values()),
                first=f"{first:%b} {first.day}, {first.year}")
