"""SQL shared by several pages: project lists with their counters, issue and merge request
filters (GitLab's query parameters), labels of listed items."""

from __future__ import annotations

import sqlite3
from typing import Any

from starlette.requests import Request

from .common import paginate, parse_int, visible_projects_sql

PROJECT_COLUMNS = """
    p.*,
    (SELECT COUNT(*) FROM stars s WHERE s.project_id = p.id) AS star_count,
    (SELECT COUNT(*) FROM issues i WHERE i.project_id = p.id AND i.state = 'opened') AS open_issues,
    (SELECT COUNT(*) FROM merge_requests m WHERE m.project_id = p.id AND m.state = 'opened') AS open_mrs,
    COALESCE((SELECT g.name FROM groups g WHERE g.id = p.group_id),
             (SELECT u.name FROM users u WHERE u.id = p.owner_id), p.namespace) AS ns_name,
    (SELECT pl.status FROM content.pipelines pl WHERE pl.project_id = p.id AND pl.ref = p.default_branch
      ORDER BY pl.id DESC LIMIT 1) AS pipeline_status,
    (SELECT pl.id FROM content.pipelines pl WHERE pl.project_id = p.id AND pl.ref = p.default_branch
      ORDER BY pl.id DESC LIMIT 1) AS pipeline_id
"""

PROJECT_SORTS = {
    "latest_activity_desc": ("Last updated", "p.last_activity_at DESC, p.id DESC"),
    "name_asc": ("Name", "lower(p.name), p.full_path"),
    "created_desc": ("Created date", "p.created_at DESC, p.id DESC"),
    "stars_desc": ("Stars", "star_count DESC, p.last_activity_at DESC"),
}


def _project_where(user: sqlite3.Row | None, where: str, params: list | None, name: str) -> tuple[str, list[Any]]:
    vis, vparams = visible_projects_sql(user)
    sql = f"{vis} AND ({where})"
    args: list[Any] = vparams + list(params or [])
    if name:
        sql += " AND (p.name LIKE ? OR p.full_path LIKE ? OR p.description LIKE ?)"
        args += [f"%{name}%"] * 3
    return sql, args


def project_rows(
    conn: sqlite3.Connection,
    user: sqlite3.Row | None,
    where: str = "1",
    params: list | None = None,
    sort: str = "latest_activity_desc",
    name: str = "",
    limit: int = -1,
    offset: int = 0,
) -> list[sqlite3.Row]:
    """Visible projects with their counters, sorted; `limit`/`offset` page them in SQL."""
    cond, args = _project_where(user, where, params, name)
    my_role = "(SELECT role FROM project_members pm WHERE pm.project_id = p.id AND pm.user_id = ?) AS my_role"
    sql = (f"SELECT {PROJECT_COLUMNS}, {my_role} FROM projects p WHERE {cond} ORDER BY "
           + PROJECT_SORTS.get(sort, PROJECT_SORTS["latest_activity_desc"])[1] + " LIMIT ? OFFSET ?")
    return conn.execute(sql, [user["id"] if user else -1] + args + [limit, offset]).fetchall()


def project_count(conn: sqlite3.Connection, user: sqlite3.Row | None, where: str = "1", params: list | None = None,
                  name: str = "") -> int:
    cond, args = _project_where(user, where, params, name)
    return conn.execute(f"SELECT COUNT(*) FROM projects p WHERE {cond}", args).fetchone()[0]


ISSUE_SORTS = {
    "created_date": ("Created date", "{t}.created_at DESC, {t}.id DESC"),
    "created_asc": ("Created date (oldest first)", "{t}.created_at ASC, {t}.id ASC"),
    "updated_desc": ("Updated date", "{t}.updated_at DESC, {t}.id DESC"),
    "updated_asc": ("Updated date (oldest first)", "{t}.updated_at ASC, {t}.id ASC"),
    "due_date": ("Due date", "{t}.due_date IS NULL, {t}.due_date ASC, {t}.id DESC"),
    "title_asc": ("Title", "lower({t}.title) ASC, {t}.id"),
    "popularity": (
        "Popularity",
        "(SELECT COUNT(*) FROM notes n WHERE n.noteable_id = {t}.id AND n.system = 0"
        " AND n.noteable_type = '{nt}') DESC, {t}.id DESC",
    ),
}


def filters_from(request: Request) -> dict[str, Any]:
    q = request.query_params
    labels = [v for v in q.getlist("label_name[]") + q.getlist("label_name") if v]
    return {
        "state": q.get("state") or "opened",
        "labels": labels,
        "assignee": q.get("assignee_username") or ("None" if q.get("assignee_id") == "None" else ""),
        "author": q.get("author_username") or "",
        "reviewer": q.get("reviewer_username") or "",
        "milestone": q.get("milestone_title") or "",
        "search": (q.get("search") or "").strip(),
        "sort": q.get("sort") if q.get("sort") in ISSUE_SORTS else "created_date",
        "page": parse_int(q.get("page"), 1) or 1,
    }


def _filter_sql(kind: str, f: dict[str, Any], states: tuple[str, ...]) -> tuple[str, list[Any]]:
    """WHERE fragment for issues (kind 'issue', alias i) or merge requests (kind 'mr', alias i)."""
    link = (
        "issue_labels il WHERE il.issue_id = i.id"
        if kind == "issue"
        else "mr_labels il WHERE il.merge_request_id = i.id"
    )
    where: list[str] = []
    args: list[Any] = []
    if f["state"] in states:
        where.append("i.state = ?")
        args.append(f["state"])
    for title in f["labels"]:
        if title == "None":
            where.append(f"NOT EXISTS (SELECT 1 FROM {link})")
        elif title == "Any":
            where.append(f"EXISTS (SELECT 1 FROM {link})")
        else:
            where.append(
                f"EXISTS (SELECT 1 FROM {link} AND il.label_id IN"
                " (SELECT id FROM labels WHERE title = ? COLLATE NOCASE))"
            )
            args.append(title)
    for key, col in (("assignee", "assignee_id"), ("author", "author_id"), ("reviewer", "reviewer_id")):
        value = f.get(key)
        if not value or (key == "reviewer" and kind == "issue"):
            continue
        if value == "None":
            where.append(f"i.{col} IS NULL")
        elif value == "Any":
            where.append(f"i.{col} IS NOT NULL")
        else:
            where.append(f"i.{col} = (SELECT id FROM users WHERE username = ? COLLATE NOCASE)")
            args.append(value.lstrip("@"))
    if f["milestone"]:
        if f["milestone"] == "None":
            where.append("i.milestone_id IS NULL")
        elif f["milestone"] == "Any":
            where.append("i.milestone_id IS NOT NULL")
        else:
            where.append("i.milestone_id IN (SELECT id FROM milestones WHERE title = ?)")
            args.append(f["milestone"])
    if f["search"]:
        for word in f["search"].split():
            where.append("(i.title LIKE ? OR i.description LIKE ?)")
            args += [f"%{word}%", f"%{word}%"]
    return (" AND ".join(where) or "1"), args


def list_items(
    conn: sqlite3.Connection, kind: str, f: dict[str, Any], scope_sql: str, scope_args: list[Any], page_size: int = 20
) -> dict[str, Any]:
    """Filtered, sorted, paginated issues or merge requests with their labels, plus state counts."""
    table = "issues" if kind == "issue" else "merge_requests"
    states = ("opened", "closed") if kind == "issue" else ("opened", "merged", "closed")
    f_nostate = dict(f, state="all")
    base_where, base_args = _filter_sql(kind, f_nostate, states)
    counts = {s: 0 for s in states}
    for state, n in conn.execute(
        f"SELECT i.state, COUNT(*) FROM {table} i JOIN projects p ON p.id = i.project_id"
        f" WHERE ({scope_sql}) AND {base_where} GROUP BY i.state",
        scope_args + base_args,
    ):
        counts[state] = n
    counts["all"] = sum(counts[s] for s in states)
    where, args = _filter_sql(kind, f, states)
    total = counts["all"] if f["state"] not in states else counts[f["state"]]
    pg = paginate(total, f["page"], page_size)
    nt = "Issue" if kind == "issue" else "MergeRequest"
    order = ISSUE_SORTS[f["sort"]][1].format(t="i", nt=nt)
    mr_cols = (", (SELECT pl.status FROM content.pipelines pl WHERE pl.project_id = i.project_id AND pl.mr_iid = i.iid"
               " ORDER BY pl.id DESC LIMIT 1) AS pipeline_status, (SELECT pl.id FROM content.pipelines pl WHERE"
               " pl.project_id = i.project_id AND pl.mr_iid = i.iid ORDER BY pl.id DESC LIMIT 1) AS pipeline_id,"
               " (SELECT COUNT(*) FROM approvals ap WHERE ap.merge_request_id = i.id) AS approvals") if kind == "mr" else ""
    rows = conn.execute(
        f"SELECT i.*, p.full_path, p.name AS project_name, a.username AS author_username, a.name AS author_name,"
        f" s.username AS assignee_username, s.name AS assignee_name, ms.title AS milestone_title,"
        f" (SELECT COUNT(*) FROM notes n WHERE n.noteable_type = '{nt}' AND n.noteable_id = i.id"
        f"  AND n.system = 0) AS note_count,"
        f" (SELECT COUNT(*) FROM award_emoji a WHERE a.awardable_type = '{nt}' AND a.awardable_id = i.id"
        f"  AND a.name = 'thumbsup') AS upvotes,"
        f" (SELECT COUNT(*) FROM award_emoji a WHERE a.awardable_type = '{nt}' AND a.awardable_id = i.id"
        f"  AND a.name = 'thumbsdown') AS downvotes"
        f"{mr_cols}"
        f" FROM {table} i JOIN projects p ON p.id = i.project_id JOIN users a ON a.id = i.author_id"
        f" LEFT JOIN users s ON s.id = i.assignee_id LEFT JOIN milestones ms ON ms.id = i.milestone_id"
        f" WHERE ({scope_sql}) AND {where} ORDER BY {order} LIMIT ? OFFSET ?",
        scope_args + args + [pg["size"], pg["offset"]],
    ).fetchall()
    return {"rows": rows, "labels": labels_of(conn, kind, [r["id"] for r in rows]), "state_counts": counts, "pg": pg}


def labels_of(conn: sqlite3.Connection, kind: str, ids: list[int]) -> dict[int, list[sqlite3.Row]]:
    if not ids:
        return {}
    link, col = ("issue_labels", "issue_id") if kind == "issue" else ("mr_labels", "merge_request_id")
    marks = ",".join("?" * len(ids))
    out: dict[int, list[sqlite3.Row]] = {i: [] for i in ids}
    for row in conn.execute(
        f"SELECT x.{col} AS owner, l.* FROM {link} x JOIN labels l ON l.id = x.label_id"
        f" WHERE x.{col} IN ({marks}) ORDER BY lower(l.title)",
        ids,
    ):
        out[row["owner"]].append(row)
    return out


def project_users(conn: sqlite3.Connection, project_id: int) -> list[sqlite3.Row]:
    """Members of a project (for assignee / reviewer selects), by name."""
    return conn.execute(
        "SELECT u.*, m.role FROM project_members m JOIN users u ON u.id = m.user_id"
        " WHERE m.project_id = ? ORDER BY lower(u.name)",
        (project_id,),
    ).fetchall()
