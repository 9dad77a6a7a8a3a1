"""Creating (with the form's sidebar and Markdown preview), editing, deleting and locking submissions
(locks and moderator deletions are logged)."""

from __future__ import annotations

import sqlite3
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from ..base import db
from .common import (active_ban, current_user, forbidden, form_view, forum_by_name, is_moderator, login_redirect,
                     markdown, not_found, redirect, render, require_user, site_now)
from .seed import slugify
from .timeline import hot_ranking
from .views_listing import forum_context, subscriptions_of
from .views_post import BODY_MAX, load_post

TITLE_MAX = 300
URL_MAX = 2000


def _validate(form: dict[str, str], with_forum: bool, conn: sqlite3.Connection
              ) -> tuple[dict[str, str], dict[str, str], sqlite3.Row | None]:
    values = {k: (form.get(k) or "").strip() for k in ("title", "url", "body", "forum")}
    errors: dict[str, str] = {}
    if not values["title"]:
        errors["title"] = "This value should not be blank."
    elif len(values["title"]) > TITLE_MAX:
        errors["title"] = f"This value is too long. It should have {TITLE_MAX} characters or less."
    if values["url"]:
        parts = urlsplit(values["url"])
        if parts.scheme not in ("http", "https") or not parts.netloc or len(values["url"]) > URL_MAX:
            errors["url"] = "This value is not a valid URL."
    if len(values["body"]) > BODY_MAX:
        errors["body"] = f"This value is too long. It should have {BODY_MAX} characters or less."
    forum = None
    if with_forum:
        forum = forum_by_name(conn, values["forum"]) if values["forum"] else None
        if forum is None:
            errors["forum"] = "Please choose a forum." if not values["forum"] else "This forum does not exist."
    return values, errors, forum


def _forums(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    return conn.execute("SELECT name, title FROM forums ORDER BY name COLLATE NOCASE").fetchall()


def _submit_page(request: Request, values: dict[str, str], errors: dict[str, str], status_code: int = 200
                 ) -> Response:
    """The submission form with its sidebar: the chosen forum's sidebar (description, rules, moderators,
    subscribe button), the user's subscribed forums and every forum by category, each a link that
    preselects it."""
    conn = db(request)
    user = current_user(request)
    forum = forum_by_name(conn, values.get("forum") or "") if values.get("forum") else None
    categories: list[tuple[str, list[sqlite3.Row]]] = []
    for r in conn.execute("SELECT name, title, category FROM forums ORDER BY category = '', category,"
                          " name COLLATE NOCASE"):
        if not categories or categories[-1][0] != (r["category"] or "Other"):
            categories.append((r["category"] or "Other", []))
        categories[-1][1].append(r)
    ctx = dict(title="Create submission", forums=_forums(conn), errors=errors, values=values, editing=None,
               forum=forum, subscriptions=subscriptions_of(conn, user), categories=categories,
               title_max=TITLE_MAX, body_max=BODY_MAX)
    if forum is not None:
        ctx.update(forum_context(conn, forum, user))
    return render(request, "submit.html", ctx, status_code=status_code)


@require_user
def submit_form(request: Request) -> Response:
    """GET /submit and /submit/<forum> (the forum preselected)."""
    conn = db(request)
    name = request.path_params.get("forum", "")
    forum = forum_by_name(conn, name) if name else None
    if name and forum is None:
        return not_found(request, f"There is no forum named \u201c{name}\u201d.")
    return _submit_page(request, {"forum": forum["name"] if forum else ""}, {})


@form_view
def submit_post(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    user = current_user(request)
    if user is None:
        return login_redirect(request, "/submit")
    values, errors, forum = _validate(form, True, conn)
    now = site_now(conn)
    if forum is not None and active_ban(conn, user, forum["id"], now):
        errors["forum"] = "You are banned from this forum."
    if errors:
        return _submit_page(request, values, errors, status_code=400)
    cur = conn.execute(
        "INSERT INTO submissions (forum_id, user_id, title, url, body, body_in_content, slug, created_at, upvotes,"
        " downvotes, net_score, comment_count, ranking, last_active) VALUES (?,?,?,?,?,0,?,?,1,0,1,0,?,?)",
        (forum["id"], user["id"], values["title"], values["url"] or None, values["body"] or None,
         slugify(values["title"]), now, hot_ranking(now, 1), now))
    conn.execute("INSERT INTO submission_votes (submission_id, user_id, choice, created_at) VALUES (?,?,1,?)",
                 (cur.lastrowid, user["id"], now))
    return redirect(request, f"/f/{forum['name']}/{cur.lastrowid}/{slugify(values['title'])}")


@form_view
def markdown_preview(request: Request, form: dict[str, str]) -> Response:
    """POST /markdown_preview: the body as it will be shown (the form's Preview tab)."""
    return HTMLResponse(str(markdown((form.get("markdown") or "")[:BODY_MAX])))


def _own_post(request: Request, moderators_too: bool = True) -> tuple[sqlite3.Row | None, Response | None]:
    post, error = load_post(request)
    if error:
        return None, error
    user = current_user(request)
    if user is None:
        return None, login_redirect(request)
    if post["user_id"] != user["id"] and not (moderators_too and is_moderator(db(request), user, post["forum_id"])):
        return None, forbidden(request)
    return post, None


def edit_form(request: Request) -> Response:
    post, error = _own_post(request)
    if error:
        return error
    values = {"title": post["title"], "url": post["url"] or "", "body": post["body"] or "",
              "forum": post["forum_name"]}
    return render(request, "submit.html", dict(title="Edit submission", forums=[], errors={}, values=values,
                                                editing=post))


@form_view
def edit_post(request: Request, form: dict[str, str]) -> Response:
    post, error = _own_post(request)
    if error:
        return error
    conn = db(request)
    values, errors, _ = _validate(form, False, conn)
    if errors:
        values["forum"] = post["forum_name"]
        return render(request, "submit.html", dict(title="Edit submission", forums=[], errors=errors,
                                                    values=values, editing=post), status_code=400)
    slug = slugify(values["title"])
    conn.execute("UPDATE submissions SET title = ?, url = ?, body = ?, body_in_content = 0, slug = ?, edited_at = ?"
                 " WHERE id = ?", (values["title"], values["url"] or None, values["body"] or None, slug,
                                   site_now(conn), post["id"]))
    return redirect(request, f"/f/{post['forum_name']}/{post['id']}/{slug}", "The submission was edited.")


@form_view
def delete_post(request: Request, form: dict[str, str]) -> Response:
    """Delete a submission: its author, or a moderator (logged, with the reason given)."""
    post, error = _own_post(request)
    if error:
        return error
    conn = db(request)
    user = current_user(request)
    assert user is not None
    if post["user_id"] != user["id"]:
        conn.execute("INSERT INTO moderation_log (forum_id, moderator_id, action, author_id, title, reason, created_at)"
                     " VALUES (?,?,'submission_deletion',?,?,?,?)",
                     (post["forum_id"], user["id"], post["user_id"], post["title"],
                      (form.get("reason") or "").strip()[:300], site_now(conn)))
    conn.execute("UPDATE moderation_log SET submission_id = NULL WHERE submission_id = ?", (post["id"],))
    conn.execute("DELETE FROM submissions WHERE id = ?", (post["id"],))
    return redirect(request, f"/f/{post['forum_name']}", "The submission was deleted.")


def _lock(request: Request, form: dict[str, str], locked: int) -> Response:
    post, error = load_post(request)
    if error:
        return error
    conn = db(request)
    user = current_user(request)
    if user is None:
        return login_redirect(request)
    if not is_moderator(conn, user, post["forum_id"]):
        return forbidden(request)
    if post["locked"] != locked:
        conn.execute("UPDATE submissions SET locked = ? WHERE id = ?", (locked, post["id"]))
        conn.execute("INSERT INTO moderation_log (forum_id, moderator_id, action, author_id, submission_id, title,"
                     " reason, created_at) VALUES (?,?,?,?,?,?,'',?)",
                     (post["forum_id"], user["id"], "submission_lock" if locked else "submission_unlock",
                      post["user_id"], post["id"], post["title"], site_now(conn)))
    return redirect(request, f"/f/{post['forum_name']}/{post['id']}/{post['slug']}",
                    "The submission was locked." if locked else "The submission was unlocked.")


@form_view
def lock_post(request: Request, form: dict[str, str]) -> Response:
    """POST /f/<forum>/<id>/-/lock (moderators)."""
    return _lock(request, form, 1)


@form_view
def unlock_post(request: Request, form: dict[str, str]) -> Response:
    """POST /f/<forum>/<id>/-/unlock (moderators)."""
    return _lock(request, form, 0)
