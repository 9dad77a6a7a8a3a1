"""Analytics pages computed from the project's own data: value stream (median time from issue to
merge), CI/CD analytics (pipeline success rates and durations), issue analytics (opened and
closed per month) and repository analytics (languages, commits per weekday and per month)."""

from __future__ import annotations

import statistics
from collections import Counter
from datetime import datetime

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from . import repo
from .common import get_project, page_view, project_page

TIME = "%Y-%m-%d %H:%M:%S"
EXT_LANG = {".py": "Python", ".ts": "TypeScript", ".js": "JavaScript", ".go": "Go", ".rs": "Rust", ".java": "Java",
            ".rb": "Ruby", ".cpp": "C++", ".hpp": "C++", ".md": "Markdown", ".yml": "YAML", ".toml": "TOML",
            ".json": "JSON", ".sh": "Shell", ".css": "CSS", ".html": "HTML", ".tf": "HCL", ".csv": "CSV", ".lua": "Lua"}


def _days(a: str | None, b: str | None) -> float | None:
    if not a or not b:
        return None
    return (datetime.strptime(b[:19], TIME) - datetime.strptime(a[:19], TIME)).total_seconds() / 86400


def _median(values: list[float | None]) -> str:
    vals = [v for v in values if v is not None and v >= 0]
    return f"{statistics.median(vals):.1f} days" if vals else "–"


@page_view
def value_stream(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    issues = conn.execute("SELECT created_at, closed_at, milestone_id, assignee_id FROM issues WHERE project_id = ?",
                          (p["id"],)).fetchall()
    mrs = conn.execute("SELECT created_at, merged_at FROM merge_requests WHERE project_id = ? AND state = 'merged'",
                       (p["id"],)).fetchall()
    stages = [
        ("Issue", "Time before an issue gets scheduled", _median([_days(i["created_at"], i["closed_at"]) for i in issues
                                                                  if i["milestone_id"]]), len(issues)),
        ("Plan", "Time before an issue starts implementation", _median([_days(i["created_at"], i["closed_at"]) for i in issues
                                                                        if i["assignee_id"]]), sum(1 for i in issues if i["assignee_id"])),
        ("Code", "Time until first merge request", _median([_days(m["created_at"], m["merged_at"]) for m in mrs]), len(mrs)),
        ("Test", "Total test time for all commits/merges", "–", 0),
        ("Review", "Time between merge request creation and merge/close", _median([_days(m["created_at"], m["merged_at"])
                                                                                  for m in mrs]), len(mrs)),
        ("Staging", "From merge request merge until deploy to production", "–", 0),
    ]
    key = {"new_issues": len(issues), "deploys": conn.execute("SELECT COUNT(*) FROM content.deployments WHERE project_id = ?",
                                                              (p["id"],)).fetchone()[0],
           "commits": repo.commit_count(conn, p["id"], p["default_branch"], p["default_branch"])}
    return project_page(request, p, "value_stream.html", dict(title=f"Value Stream Analytics · {p['name']} · GitLab",
                                                              stages=stages, key=key), "value_stream")


@page_view
def ci_analytics(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    rows = conn.execute("SELECT substr(created_at, 1, 7) AS month, status, duration FROM content.pipelines WHERE project_id = ?",
                        (p["id"],)).fetchall()
    total = len(rows)
    ok = sum(1 for r in rows if r["status"] == "success")
    failed = sum(1 for r in rows if r["status"] == "failed")
    months: dict[str, Counter] = {}
    for r in rows:
        months.setdefault(r["month"], Counter())[r["status"]] += 1
    durations = conn.execute("SELECT id, duration, status FROM content.pipelines WHERE project_id = ? AND duration IS NOT NULL"
                             " ORDER BY id DESC LIMIT 30", (p["id"],)).fetchall()
    return project_page(request, p, "ci_analytics.html", dict(
        title=f"CI/CD Analytics · {p['name']} · GitLab", total=total, ok=ok, failed=failed,
        rate=f"{ok * 100 / total:.0f}%" if total else "–", months=sorted(months.items())[-12:],
        durations=durations[::-1], longest=max((d["duration"] for d in durations), default=1)), "ci_analytics")


@page_view
def issue_analytics(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    opened = Counter(r[0] for r in conn.execute("SELECT substr(created_at, 1, 7) FROM issues WHERE project_id = ?", (p["id"],)))
    closed = Counter(r[0] for r in conn.execute("SELECT substr(closed_at, 1, 7) FROM issues WHERE project_id = ? AND closed_at"
                                                " IS NOT NULL", (p["id"],)))
    months = sorted(set(opened) | set(closed))[-12:]
    rows = [(m, opened.get(m, 0), closed.get(m, 0)) for m in months]
    return project_page(request, p, "issue_analytics.html", dict(
        title=f"Issue Analytics · {p['name']} · GitLab", rows=rows, peak=max([o for _, o, _ in rows] + [1])), "issue_analytics")


@page_view
def repository_analytics(request: Request, ns: str, project: str, ref: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    sizes: Counter = Counter()
    for path, size in repo.files_under(conn, p["id"], p["default_branch"], ""):
        ext = "." + path.rsplit(".", 1)[-1] if "." in path.rsplit("/", 1)[-1] else ""
        sizes[EXT_LANG.get(ext, "Other")] += size
    total = sum(sizes.values()) or 1
    langs = [(k, v * 100 / total) for k, v in sizes.most_common(8)]
    commits = conn.execute("SELECT created_at, author_name FROM content.commits WHERE project_id = ? AND on_main = 1",
                           (p["id"],)).fetchall()
    weekdays = Counter(datetime.strptime(c["created_at"], TIME).strftime("%A") for c in commits)
    hours = Counter(int(c["created_at"][11:13]) for c in commits)
    authors = Counter(c["author_name"] for c in commits)
    order = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
    return project_page(request, p, "repository_analytics.html", dict(
        title=f"Repository Analytics · {p['name']} · GitLab", langs=langs, weekdays=[(d, weekdays.get(d, 0)) for d in order],
        hours=[(h, hours.get(h, 0)) for h in range(24)], total=len(commits), authors=authors.most_common(10),
        peak_day=max(list(weekdays.values()) + [1]), peak_hour=max(list(hours.values()) + [1]),
        first=min((c["created_at"] for c in commits), default=""), ref=ref), "repository_analytics")
