"""'Your work' pages of the top menu: milestones, snippets and activity across your projects,
and the help page."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import current_user, render, require_user


def _mine(alias: str = "p") -> str:
    return f"{alias}.id IN (SELECT project_id FROM project_members WHERE user_id = ?)"


@require_user
def milestones(request: Request) -> Response:
    conn = db(request)
    me = current_user(request)
    state = request.query_params.get("state") or "opened"
    where = {"opened": "m.state = 'active'", "closed": "m.state = 'closed'"}.get(state, "1")
    rows = conn.execute(
        "SELECT m.*, p.full_path, p.name AS project_name,"
        " (SELECT COUNT(*) FROM issues i WHERE i.milestone_id = m.id) AS issues,"
        " (SELECT COUNT(*) FROM issues i WHERE i.milestone_id = m.id AND i.state = 'closed') AS closed_issues"
        f" FROM milestones m JOIN projects p ON p.id = m.project_id WHERE {_mine()} AND {where}"
        " ORDER BY m.due_date IS NULL, m.due_date, m.title LIMIT 100", (me["id"],)).fetchall()
    return render(request, "work_milestones.html", dict(title="Milestones · GitLab", rows=rows, state=state))


@require_user
def snippets(request: Request) -> Response:
    conn = db(request)
    me = current_user(request)
    rows = conn.execute(
        "SELECT s.*, p.full_path, p.name AS project_name, u.username, u.name AS author_name FROM snippets s"
        " JOIN projects p ON p.id = s.project_id JOIN users u ON u.id = s.author_id"
        f" WHERE {_mine()} OR s.author_id = ? ORDER BY s.id DESC", (me["id"], me["id"])).fetchall()
    return render(request, "work_snippets.html", dict(title="Snippets · GitLab", rows=rows))


@require_user
def activity(request: Request) -> Response:
    conn = db(request)
    me = current_user(request)
    rows = conn.execute(
        "SELECT e.*, u.username, u.name, p.full_path, p.name AS project_name FROM ("
        " SELECT 'opened issue' AS action, i.created_at AS at, i.author_id AS user_id, i.iid AS iid, i.title AS title,"
        "  'issues' AS kind, i.project_id AS project_id FROM issues i"
        " UNION ALL SELECT 'opened merge request', m.created_at, m.author_id, m.iid, m.title, 'merge_requests', m.project_id"
        "  FROM merge_requests m"
        " UNION ALL SELECT 'accepted merge request', m.merged_at, m.merged_by_id, m.iid, m.title, 'merge_requests',"
        "  m.project_id FROM merge_requests m WHERE m.merged_at IS NOT NULL"
        f") e JOIN projects p ON p.id = e.project_id LEFT JOIN users u ON u.id = e.user_id WHERE {_mine()}"
        " ORDER BY e.at DESC LIMIT 40", (me["id"],)).fetchall()
    return render(request, "work_activity.html", dict(title="Activity · GitLab", rows=rows))


def help_page(request: Request) -> Response:
    return render(request, "help.html", dict(title="Help · GitLab"))
