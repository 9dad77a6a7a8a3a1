"""Helpers shared by the GitLab views: templates, session, permissions, project lookup, flash
messages, redirects."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import UTC, date, datetime
from functools import wraps
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from ..base import db
from ..pages import Flash, commit_redirect, guest_guard, read_form, render_page
from . import markdown
from .content import ACCESS_LEVEL, ROLES, STATUS_EMOJI
from .sidebar import SECTION_OF, sections_for
from mag_mcp.sites.web import here, parse_int, safe_path  # noqa: F401 (re-exported)

SESSION_COOKIE = "gitlab_session"
FLASH = Flash("gitlab_flash")
HERE = Path(__file__).parent
PAGE_SIZE = 20
RESERVED = {
    "users",
    "groups",
    "dashboard",
    "explore",
    "search",
    "projects",
    "static",
    "-",
    "help",
    "admin",
    "api",
    "assets",
    "uploads",
}

templates = Jinja2Templates(directory=str(HERE / "templates"))


# --- formatting -------------------------------------------------------------------------


def _dt(ts: str | None) -> datetime | None:
    if not ts:
        return None
    try:
        return datetime.fromisoformat(ts)
    except ValueError:
        return None


def date_short(ts: str | None) -> str:
    """'Jun 5, 2023' (GitLab's date format)."""
    d = _dt(ts)
    return f"{d.strftime('%b')} {d.day}, {d.year}" if d else ""


def date_time(ts: str | None) -> str:
    d = _dt(ts)
    return f"{d.strftime('%b')} {d.day}, {d.year} {d.strftime('%-I:%M%p').lower()}" if d else ""


def overdue(due: str | None, state: str = "opened") -> bool:
    d = _dt(due)
    return bool(d and state == "opened" and d.date() < datetime.now(UTC).date())


def text_color(bg: str) -> str:
    """Black or white text for a label background colour."""
    try:
        r, g, b = (int(bg.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return "#fff"
    return "#1f1e24" if (0.299 * r + 0.587 * g + 0.114 * b) > 160 else "#fff"


def human_size(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    if n < 1024 * 1024:
        return f"{n / 1024:.1f} KiB"
    return f"{n / 1024 / 1024:.1f} MiB"


def initials(name: str) -> str:
    return (name or "?").strip()[:1].upper()


def avatar_color(key: Any) -> int:
    return sum(str(key).encode()) % 7 + 1


def emoji(name: str) -> str:
    return STATUS_EMOJI.get(name, "")


def md(source: str, issue_base: str | None = None) -> str:
    return markdown.render(source, issue_base)


def md_inline(source: str) -> str:
    return markdown.inline(source)


def task_status(description: str | None) -> str:
    """'2 of 4 checklist items completed' for a description with Markdown task lists, else ''."""
    text = description or ""
    done = text.count("- [x]") + text.count("- [X]")
    total = done + text.count("- [ ]")
    return f"{done} of {total} checklist item{'s' if total != 1 else ''} completed" if total else ""


VISIBILITY_TEXT = {
    "public": "Public - The project can be accessed without any authentication.",
    "internal": "Internal - The project can be accessed by any logged in user.",
    "private": "Private - Project access must be granted explicitly to each user. If this project is part of a "
    "group, access is granted to members of the group.",
}
GROUP_VISIBILITY_TEXT = {
    "public": "Public - The group and any public projects can be viewed without any authentication."
}

templates.env.filters.update(
    date_short=date_short,
    date_time=date_time,
    text_color=text_color,
    human_size=human_size,
    initials=initials,
    avatar_color=avatar_color,
    emoji=emoji,
    md=md,
    md_inline=md_inline,
    task_status=task_status,
)


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")


def parse_date(value: str | None) -> str | None:
    """'YYYY-MM-DD' or None (raises ValueError on anything else non-empty)."""
    value = (value or "").strip()
    if not value:
        return None
    return date.fromisoformat(value).isoformat()


# --- session -----------------------------------------------------------------------------


def current_user(request: Request) -> sqlite3.Row | None:
    if "gl_user" not in request.scope:
        token = request.cookies.get(SESSION_COOKIE)
        row = None
        if token:
            row = (
                db(request)
                .execute("SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token = ?", (token,))
                .fetchone()
            )
        request.scope["gl_user"] = row
    return request.scope["gl_user"]



def url_with(request: Request, **changes: Any) -> str:
    """The current URL with some query parameters changed (None removes one); keeps repeated keys."""
    items = [(k, v) for k, v in request.query_params.multi_items() if k not in changes]
    for key, value in changes.items():
        if value is None or value == "":
            continue
        if isinstance(value, (list, tuple)):
            items += [(key, str(v)) for v in value]
        else:
            items.append((key, str(value)))
    query = urlencode(items)
    return request.url.path + (f"?{query}" if query else "")


# --- permissions and lookups -------------------------------------------------------------


def access_level(conn: sqlite3.Connection, user: sqlite3.Row | None, project: sqlite3.Row) -> int:
    """The user's access level on the project (0 when not a member)."""
    if user is None:
        return 0
    row = conn.execute(
        "SELECT access_level FROM project_members WHERE project_id = ? AND user_id = ?", (project["id"], user["id"])
    ).fetchone()
    return row[0] if row else 0


def can_read(conn: sqlite3.Connection, user: sqlite3.Row | None, project: sqlite3.Row) -> bool:
    if project["visibility"] == "public":
        return True
    if user is None:
        return False
    if project["visibility"] == "internal":
        return True
    return access_level(conn, user, project) > 0


def visible_projects_sql(user: sqlite3.Row | None, alias: str = "p") -> tuple[str, list]:
    """A WHERE fragment (and its parameters) for the projects the user may see."""
    if user is None:
        return f"{alias}.visibility = 'public'", []
    return (
        f"({alias}.visibility IN ('public', 'internal') OR EXISTS (SELECT 1 FROM project_members vm"
        f" WHERE vm.project_id = {alias}.id AND vm.user_id = ?))",
        [user["id"]],
    )


def get_project(request: Request, ns: str, name: str) -> sqlite3.Row:
    """The project at /<ns>/<name>, or a 404 (also for projects the user may not see)."""
    conn = db(request)
    row = conn.execute("SELECT * FROM projects WHERE full_path = ? COLLATE NOCASE", (f"{ns}/{name}",)).fetchone()
    if row is None or not can_read(conn, current_user(request), row):
        raise HTTPException(404)
    return row


def user_by_name(conn: sqlite3.Connection, username: str | None) -> sqlite3.Row | None:
    if not username:
        return None
    return conn.execute(
        "SELECT * FROM users WHERE username = ? COLLATE NOCASE", (username.strip().lstrip("@"),)
    ).fetchone()


def project_url(project: sqlite3.Row) -> str:
    return "/" + project["full_path"]


def role_name(level: int) -> str:
    for name, lvl in ACCESS_LEVEL.items():
        if lvl == level:
            return name
    return ""


def project_counts(conn: sqlite3.Connection, project_id: int) -> dict[str, int]:
    row = conn.execute(
        "SELECT (SELECT COUNT(*) FROM issues WHERE project_id = ?1 AND state = 'opened'),"
        " (SELECT COUNT(*) FROM merge_requests WHERE project_id = ?1 AND state = 'opened'),"
        " (SELECT COUNT(*) FROM stars WHERE project_id = ?1),"
        " (SELECT COUNT(*) FROM project_members WHERE project_id = ?1)",
        (project_id,),
    ).fetchone()
    return {"issues": row[0], "mrs": row[1], "stars": row[2], "members": row[3]}


def touch_project(conn: sqlite3.Connection, project_id: int) -> None:
    conn.execute("UPDATE projects SET last_activity_at = ? WHERE id = ?", (now(), project_id))


# --- rendering ---------------------------------------------------------------------------------


def render(request: Request, name: str, context: dict[str, Any] | None = None, status_code: int = 200) -> Response:
    conn = db(request)
    user = current_user(request)
    ctx: dict[str, Any] = dict(
        user=user,
        current_path=request.url.path,
        here=here(request),
        search_query=request.query_params.get("search", ""),
    )
    if user is not None:
        ctx["my_issue_count"] = conn.execute(
            "SELECT COUNT(*) FROM issues WHERE assignee_id = ? AND state = 'opened'", (user["id"],)
        ).fetchone()[0]
        ctx["my_mr_count"] = conn.execute(
            "SELECT COUNT(*) FROM merge_requests WHERE state = 'opened' AND (assignee_id = ?1 OR reviewer_id = ?1)",
            (user["id"],),
        ).fetchone()[0]
        ctx["frequent_projects"] = conn.execute(
            "SELECT p.id, p.name, p.full_path FROM projects p JOIN project_members m ON m.project_id = p.id"
            " WHERE m.user_id = ? ORDER BY p.last_activity_at DESC LIMIT 5", (user["id"],)).fetchall()
        ctx["frequent_groups"] = conn.execute(
            "SELECT g.id, g.name, g.path FROM groups g JOIN group_members m ON m.group_id = g.id WHERE m.user_id = ?"
            " ORDER BY g.name LIMIT 3", (user["id"],)).fetchall()
    return render_page(templates, FLASH, request, name, ctx, context, status_code)


def project_page(
    request: Request, project: sqlite3.Row, name: str, context: dict[str, Any], section: str, status_code: int = 200
) -> Response:
    """Render a page inside a project (left sidebar, breadcrumbs)."""
    conn = db(request)
    user = current_user(request)
    level = access_level(conn, user, project)
    ctx = dict(
        project=project,
        counts=project_counts(conn, project["id"]),
        section=section,
        my_level=level,
        sidebar_sections=sections_for(level),
        # existing branches and tags: pages link a ref only while it exists
        refs={r[0] for r in conn.execute("SELECT name FROM branches WHERE project_id = ?1 UNION SELECT name FROM tags"
                                         " WHERE project_id = ?1", (project["id"],))},
        purl=project_url(project),
        ns_url=(f"/groups/{project['namespace']}" if project["group_id"] else f"/{project['namespace']}"),
        ns_name=namespace_name(conn, project),
    )
    ctx.update(context)
    return render(request, name, ctx, status_code)


def namespace_name(conn: sqlite3.Connection, project: sqlite3.Row) -> str:
    if project["group_id"]:
        return conn.execute("SELECT name FROM groups WHERE id = ?", (project["group_id"],)).fetchone()[0]
    row = conn.execute("SELECT name FROM users WHERE id = ?", (project["owner_id"],)).fetchone()
    return row[0] if row else project["namespace"]


def redirect(request: Request, url: str, flash: str | None = None, kind: str = "notice") -> Response:
    """Commit the request's writes, then answer 303 (PRG), optionally with a flash message."""
    return commit_redirect(FLASH, request, url, flash, kind)


def login_redirect(request: Request, back: str | None = None) -> Response:
    back = safe_path(back or here(request), "/")
    return redirect(
        request,
        "/users/sign_in?" + urlencode({"redirect_to": back}),
        "You need to sign in or sign up before continuing.",
        "alert",
    )


def not_found(request: Request) -> Response:
    return render(request, "404.html", {"title": "Page Not Found · GitLab"}, status_code=404)


def forbidden(request: Request, message: str = "You are not allowed to perform this action.") -> Response:
    return render(request, "403.html", {"title": "Access Denied · GitLab", "message": message}, status_code=403)


def form_view(fn: Callable[..., Response]) -> Callable:
    """Turn a sync `fn(request, form, **path_params)` into an endpoint that reads the form first
    (repeated keys become lists under 'key[]'-style names) and runs the database work in the
    thread pool. Guests are sent to the sign-in page (and back to the page they came from)."""

    @wraps(fn)
    async def endpoint(request: Request) -> Response:
        data = await read_form(request, lists=True)

        def run() -> Response:
            if current_user(request) is None and not getattr(fn, "allow_guest", False):
                referer = request.headers.get("referer", "")
                back = referer.split(str(request.base_url).rstrip("/"), 1)[-1] if referer else "/"
                return login_redirect(request, back)
            return fn(request, data, **request.path_params)

        return await run_in_threadpool(run)

    return endpoint


def allow_guest(fn: Callable) -> Callable:
    fn.allow_guest = True  # type: ignore[attr-defined]
    return fn


def page_view(fn: Callable[..., Response]) -> Callable:
    """A sync GET view `fn(request, **path_params)`."""

    @wraps(fn)
    def view(request: Request) -> Response:
        return fn(request, **request.path_params)

    return view


def require_user(fn: Callable[..., Response]) -> Callable:
    """A sync GET view `fn(request, **path_params)` that needs a signed-in user."""
    return guest_guard(current_user, login_redirect, path_params=True)(fn)


def paginate(total: int, page: int, size: int = PAGE_SIZE) -> dict[str, int]:
    pages = max(1, (total + size - 1) // size)
    page = min(max(1, page), pages)
    return {"page": page, "pages": pages, "offset": (page - 1) * size, "size": size, "total": total}


def page_url(request: Request, n: int) -> str:
    return url_with(request, page=n if n > 1 else None)


templates.env.globals.update(
    ROLES=ROLES,
    page_url=page_url,
    url_with=url_with,
    VISIBILITY_TEXT=VISIBILITY_TEXT,
    overdue=overdue,
    GROUP_VISIBILITY_TEXT=GROUP_VISIBILITY_TEXT,
    SECTION_OF=SECTION_OF,
)
