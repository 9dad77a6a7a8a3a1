"""Helpers shared by the forum's views: templates, session, logical clock, text rendering, redirects,
and the queries every page needs (submissions with their bodies, forums, moderators, flair, bans)."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from markupsafe import Markup, escape
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from ..base import db
from ..pages import Flash, commit_redirect, guest_guard, render_page
from ..pages import form_view  # noqa: F401 (re-exported)
from .timeline import SEED_NOW
from mag_mcp.sites.web import here, parse_int, safe_path, url_with  # noqa: F401 (re-exported)

SESSION_COOKIE = "reddit_session"
FLASH = Flash("reddit_flash")
HERE = Path(__file__).parent
PAGE_SIZE = 25
SORTS = ("hot", "new", "active", "top", "controversial", "most_commented")
SORT_LABELS = {"hot": "Hot", "new": "New", "active": "Active", "top": "Top", "controversial": "Controversial",
               "most_commented": "Most commented"}
TIME_FILTERS = {"day": 86400, "week": 7 * 86400, "month": 30 * 86400, "year": 365 * 86400, "all": None}
TIME_LABELS = {"day": "Past day", "week": "Past week", "month": "Past month", "year": "Past year", "all": "All time"}

templates = Jinja2Templates(directory=str(HERE / "templates"))


# --- clock and dates -------------------------------------------------------------


def site_now(conn: sqlite3.Connection) -> str:
    """The logical clock: one minute after the latest submission or comment, never before SEED_NOW.
    (Ids grow with time, so the newest row of each table is its last id.)"""
    latest = conn.execute(
        "SELECT MAX(t) FROM (SELECT (SELECT created_at FROM submissions ORDER BY id DESC LIMIT 1) AS t UNION ALL"
        " SELECT (SELECT created_at FROM comments ORDER BY id DESC LIMIT 1))").fetchone()[0]
    base = max(latest or SEED_NOW, SEED_NOW)
    return (datetime.fromisoformat(base) + timedelta(minutes=1)).strftime("%Y-%m-%d %H:%M:%S")


def ago(ts: str | None) -> str:
    """A relative date against the seed's "now" (rows written later read "just now")."""
    if not ts:
        return ""
    seconds = int((datetime.fromisoformat(SEED_NOW) - datetime.fromisoformat(ts)).total_seconds())
    if seconds < 60:
        return "just now"
    for unit, size in (("year", 365 * 86400), ("month", 30 * 86400), ("week", 7 * 86400), ("day", 86400),
                       ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            n = seconds // size
            return f"{n} {unit}{'s' if n != 1 else ''} ago"
    return "just now"


def full_date(ts: str | None) -> str:
    if not ts:
        return ""
    d = datetime.fromisoformat(ts)
    return f"{d.strftime('%B')} {d.day}, {d.year} at {d.strftime('%H:%M')}"


def iso(ts: str | None) -> str:
    return (ts or "").replace(" ", "T") + ("+00:00" if ts else "")


# --- text ---------------------------------------------------------------------------

_URL = re.compile(r"(https?://[^\s<>\"']+[^\s<>\"'.,;:!?)\]])")
_LOCAL = re.compile(r"(?<![\w/.])/(f|u|wiki)/([A-Za-z0-9_][A-Za-z0-9_/-]{1,60}[A-Za-z0-9_])")
_MD_LINK = re.compile(r"\[([^\]]{1,120})\]\((/[^\s)]{0,200}|https?://[^\s)]{1,300})\)")
_CODE = re.compile(r"`([^`]{1,200})`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")


def markdown(text: str | None) -> Markup:
    """A small, safe subset of Markdown: paragraphs, line breaks, **bold**, *italic*, `code`, > quotes,
    `## headings`, `- lists`, `1. lists`, [text](links), bare links and /f/forum, /u/user, /wiki/page links."""
    if not text:
        return Markup("")
    out = []
    for block in re.split(r"\n\s*\n", text.strip().replace("\r\n", "\n")):
        lines = block.split("\n")
        if all(ln.startswith(">") for ln in lines):
            html = "<br>\n".join(_inline(ln[1:].lstrip()) for ln in lines)
            out.append(f"<blockquote><p>{html}</p></blockquote>")
        elif len(lines) == 1 and re.match(r"^#{1,3} ", lines[0]):
            level = max(2, min(len(lines[0]) - len(lines[0].lstrip("#")), 4))  # "#" and "##": h2 (h1 is the page's)
            out.append(f"<h{level}>{_inline(lines[0].lstrip('#').strip())}</h{level}>")
        elif all(re.match(r"^(?:[-*]|\d{1,2}\.) ", ln) for ln in lines):
            tag = "ol" if lines[0][0].isdigit() else "ul"
            items = "".join(f"<li>{_inline(ln.split(' ', 1)[1])}</li>" for ln in lines)
            out.append(f"<{tag}>{items}</{tag}>")
        else:
            out.append("<p>" + "<br>\n".join(_inline(ln) for ln in lines) + "</p>")
    return Markup("\n".join(out))


def _inline(line: str) -> str:
    s = str(escape(line))
    links: list[str] = []

    def keep(html: str) -> str:  # set links aside so later rules don't touch them
        links.append(html)
        return f"\x00{len(links) - 1}\x00"

    s = _CODE.sub(lambda m: keep(f"<code>{m.group(1)}</code>"), s)
    s = _MD_LINK.sub(lambda m: keep(f'<a href="{m.group(2)}"{_rel(m.group(2))}>{m.group(1)}</a>'), s)
    s = _URL.sub(lambda m: keep(f'<a href="{m.group(1)}" rel="nofollow noopener">{m.group(1)}</a>'), s)
    s = _LOCAL.sub(lambda m: keep(f'<a href="/{"user" if m.group(1) == "u" else m.group(1)}/{m.group(2)}">'
                                  f"/{m.group(1)}/{m.group(2)}</a>"), s)
    s = _BOLD.sub(r"<strong>\1</strong>", s)
    s = _ITALIC.sub(r"<em>\1</em>", s)
    return re.sub(r"\x00(\d+)\x00", lambda m: links[int(m.group(1))], s)


def _rel(href: str) -> str:
    return ' rel="nofollow noopener"' if href.startswith("http") else ""


def domain(url: str | None) -> str:
    if not url:
        return ""
    host = urlsplit(url).netloc.lower()
    return host.removeprefix("www.")


def submission_url(post: Any, forum_name: str | None = None) -> str:
    forum = forum_name or post["forum_name"]
    return f"/f/{forum}/{post['id']}/{post['slug']}"


def comment_url(forum_name: str, submission_id: int, comment_id: int) -> str:
    return f"/f/{forum_name}/{submission_id}/-/comment/{comment_id}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


templates.env.filters.update(ago=ago, full_date=full_date, iso=iso, markdown=markdown, domain=domain,
                             plural=plural)
templates.env.globals.update(submission_url=submission_url, comment_url=comment_url, SORT_LABELS=SORT_LABELS,
                             TIME_LABELS=TIME_LABELS)


# --- session ---------------------------------------------------------------------------


def current_user(request: Request) -> sqlite3.Row | None:
    """The signed-in user (a `users` row) for the request's session cookie, or None."""
    if "reddit_user" not in request.scope:
        token = request.cookies.get(SESSION_COOKIE)
        row = None
        if token:
            row = db(request).execute(
                "SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token = ?", (token,)
            ).fetchone()
        request.scope["reddit_user"] = row
    return request.scope["reddit_user"]



# --- rendering ---------------------------------------------------------------------------


def render(request: Request, name: str, context: dict[str, Any] | None = None, status_code: int = 200) -> Response:
    ctx = dict(user=current_user(request), search_query=request.query_params.get("q", ""), current_path=here(request))
    return render_page(templates, FLASH, request, name, ctx, context, status_code)


def redirect(request: Request, url: str, flash: str | None = None, kind: str = "success") -> Response:
    """Commit the request's writes, then answer 303 (PRG), optionally with a flash message."""
    return commit_redirect(FLASH, request, url, flash, kind)


def login_redirect(request: Request, back: str | None = None) -> Response:
    back = safe_path(back or here(request), "/")
    return redirect(request, "/login?" + urlencode({"_target_path": back}), "You need to log in first.", "notice")


def not_found(request: Request, what: str = "The page you requested does not exist.") -> Response:
    return render(request, "error.html", {"title": "Page not found", "heading": "404 Not Found", "text": what},
                  status_code=404)


def forbidden(request: Request) -> Response:
    return render(request, "error.html", {"title": "Access denied", "heading": "403 Forbidden",
                                          "text": "You are not allowed to do that."}, status_code=403)


def require_user(fn: Callable) -> Callable:
    """For sync GET views: guests are sent to the login page (and back after)."""
    return guest_guard(current_user, login_redirect)(fn)


def page_number(request: Request) -> int:
    return max(1, parse_int(request.query_params.get("page"), 1) or 1)


# --- data access ---------------------------------------------------------------------------

SUBMISSION_COLUMNS = ("s.*, f.name AS forum_name, f.title AS forum_title, u.username AS author")
SUBMISSION_FROM = ("FROM submissions s JOIN forums f ON f.id = s.forum_id JOIN users u ON u.id = s.user_id")
# a submission's text, wherever it is kept (see seed: seeded bodies live in the content database)
SUBMISSION_BODY = ("CASE WHEN s.body_in_content THEN (SELECT t.body FROM content.submission_texts t WHERE t.id = s.id)"
                   " ELSE s.body END")
COMMENT_BODY = ("CASE WHEN c.body_in_content THEN (SELECT t.body FROM content.comment_texts t WHERE t.id = c.id)"
                " ELSE c.body END")


def forum_by_name(conn: sqlite3.Connection, name: str) -> sqlite3.Row | None:
    return conn.execute("SELECT * FROM forums WHERE name = ?", (name,)).fetchone()


def submission(conn: sqlite3.Connection, sid: int) -> sqlite3.Row | None:
    """A submission with its forum, author and body text."""
    # the computed body comes first: a row's first column of a name is the one its name reads
    return conn.execute(f"SELECT {SUBMISSION_BODY} AS body, {SUBMISSION_COLUMNS} {SUBMISSION_FROM} WHERE s.id = ?",
                        (sid,)).fetchone()


def flair_map(conn: sqlite3.Connection, forum_id: int, user_ids: set[int]) -> dict[int, str]:
    """{user id: flair} in one forum, for the given users (moderators read "Moderator")."""
    if not user_ids:
        return {}
    marks = ",".join("?" * len(user_ids))
    return {r[0]: r[1] for r in conn.execute(
        f"SELECT user_id, flair FROM user_flairs WHERE forum_id = ? AND user_id IN ({marks})", (forum_id, *user_ids))}


def active_ban(conn: sqlite3.Connection, user: sqlite3.Row | None, forum_id: int, now: str) -> sqlite3.Row | None:
    """The user's ban from a forum in force at `now`, if any."""
    if user is None:
        return None
    return conn.execute("SELECT * FROM forum_bans WHERE forum_id = ? AND user_id = ? AND lifted_at IS NULL AND"
                        " (expires_at IS NULL OR expires_at > ?) ORDER BY id DESC LIMIT 1",
                        (forum_id, user["id"], now)).fetchone()


def is_subscribed(conn: sqlite3.Connection, user: sqlite3.Row | None, forum_id: int) -> bool:
    if user is None:
        return False
    return conn.execute("SELECT 1 FROM subscriptions WHERE user_id = ? AND forum_id = ?",
                        (user["id"], forum_id)).fetchone() is not None


def is_moderator(conn: sqlite3.Connection, user: sqlite3.Row | None, forum_id: int) -> bool:
    if user is None:
        return False
    if user["is_admin"]:
        return True
    return conn.execute("SELECT 1 FROM moderators WHERE user_id = ? AND forum_id = ?",
                        (user["id"], forum_id)).fetchone() is not None


def refresh_comment_count(conn: sqlite3.Connection, sid: int) -> None:
    conn.execute(
        "UPDATE submissions SET comment_count = (SELECT COUNT(*) FROM comments WHERE submission_id = ?"
        " AND deleted = 0), last_active = MAX(created_at, COALESCE((SELECT MAX(created_at) FROM comments"
        " WHERE submission_id = ?), created_at)) WHERE id = ?", (sid, sid, sid))

