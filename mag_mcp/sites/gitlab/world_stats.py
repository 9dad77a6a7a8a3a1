"""Measurement hooks of the embedded GitLab for `mag sites stats` (docs/WORLD.md).

`PAGES` are representative pages (paths valid on the default state, signed in as byteblaze);
`counts(conn)` computes GitLab's figures from its database (with `content` attached);
`TARGETS` holds the issue's minimum for each figure that has one (≥ 150 projects, ≥ 500 users
and groups, a project sidebar of about 60 links).
"""

from __future__ import annotations

import sqlite3
import statistics

from .sidebar import SECTIONS, link_count

PAGES: list[tuple[str, str, str]] = [
    ("Your projects (dashboard)", "home", "/"),
    ("Explore projects", "listing", "/explore/projects"),
    ("Project overview", "detail", "/primer/design"),
    ("Repository files", "listing", "/alder-labs/routekit/-/tree/main"),
    ("Source file", "detail", "/alder-labs/routekit/-/blob/main/src/graph.rs"),
    ("Commits", "listing", "/kelp-systems/kelp-deploy/-/commits/main"),
    ("Issues", "grid", "/primer/design/-/issues"),
    ("Issue", "detail", "/primer/design/-/issues/1"),
    ("Merge requests", "grid", "/primer/design/-/merge_requests?state=all"),
    ("Merge request changes", "detail", "/kelp-systems/kelp-deploy/-/merge_requests/4/diffs"),
    ("Pipelines", "grid", "/alder-labs/routekit/-/pipelines"),
    ("Project members", "grid", "/alder-labs/routekit/-/project_members"),
    ("New issue", "form", "/primer/design/-/issues/new"),
    ("Project settings", "form", "/byteblaze/dotfiles/edit"),
    ("Search: cache", "search", "/search?search=cache&scope=issues"),
    ("User profile", "profile", "/users/byteblaze"),
]

TARGETS: dict[str, float] = {
    "projects": 150,
    "users_and_groups": 500,
    "sidebar_links": 60,
}


def counts(conn: sqlite3.Connection) -> dict[str, float]:
    one = lambda sql: conn.execute(sql).fetchone()[0]  # noqa: E731
    users, groups = one("SELECT COUNT(*) FROM users"), one("SELECT COUNT(*) FROM groups")
    comments, distinct_comments = conn.execute("SELECT COUNT(*), COUNT(DISTINCT body) FROM notes WHERE system = 0").fetchone()
    issues, distinct_titles = conn.execute("SELECT COUNT(*), COUNT(DISTINCT title) FROM issues").fetchone()
    per_project = [r[0] for r in conn.execute("SELECT COUNT(*) FROM content.commits GROUP BY project_id")]
    first, last = conn.execute("SELECT MIN(created_at), MAX(created_at) FROM content.commits").fetchone()
    threads = conn.execute("SELECT COUNT(*), SUM(n > 1), SUM(resolvable), SUM(resolved) FROM (SELECT discussion_id,"
                           " COUNT(*) AS n, MAX(resolvable) AS resolvable, MIN(resolved) AS resolved FROM notes"
                           " WHERE system = 0 AND discussion_id IS NOT NULL GROUP BY noteable_type, noteable_id,"
                           " discussion_id)").fetchone()
    return {
        "projects": one("SELECT COUNT(*) FROM projects"),
        "users": users,
        "groups": groups,
        "users_and_groups": users + groups,
        "issues": issues,
        "issue_title_distinct_ratio": round(distinct_titles / issues, 3) if issues else 0.0,
        "merge_requests": one("SELECT COUNT(*) FROM merge_requests"),
        "merge_requests_with_diffs": one("SELECT COUNT(DISTINCT merge_request_id) FROM mr_commits"),
        "comments": comments,
        "comment_distinct_ratio": round(distinct_comments / comments, 3) if comments else 0.0,
        "discussion_threads": threads[0] or 0,
        "threads_with_replies": threads[1] or 0,
        "resolvable_threads": threads[2] or 0,
        "resolved_threads": threads[3] or 0,
        "diff_notes": one("SELECT COUNT(*) FROM notes WHERE position_path IS NOT NULL"),
        "approvals": one("SELECT COUNT(*) FROM approvals"),
        "labels": one("SELECT COUNT(*) FROM labels"),
        "milestones": one("SELECT COUNT(*) FROM milestones"),
        "repository_files": one("SELECT COUNT(*) FROM content.blobs"),
        "commits": sum(per_project),
        "commits_per_project_median": statistics.median(per_project) if per_project else 0,
        "commit_span_years": round((int(last[:4]) - int(first[:4])) + (int(last[5:7]) - int(first[5:7])) / 12, 2)
        if first else 0.0,
        "changed_files": one("SELECT COUNT(*) FROM content.commit_files"),
        "branches": one("SELECT COUNT(*) FROM branches"),
        "tags": one("SELECT COUNT(*) FROM tags"),
        "releases": one("SELECT COUNT(*) FROM releases"),
        "pipelines": one("SELECT COUNT(*) FROM content.pipelines"),
        "jobs": one("SELECT COUNT(*) FROM content.jobs"),
        "wiki_pages": one("SELECT COUNT(*) FROM wiki_pages"),
        "sidebar_links": link_count(50),
        "sidebar_top_items": len(SECTIONS),
    }
