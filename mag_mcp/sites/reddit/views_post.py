"""Submissions and comments: post pages, comment trees, votes, submit, edit and delete."""

from __future__ import annotations

import sqlite3
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ..base import db
from .common import (comment_url, current_user, forbidden, form_view, forum_by_name, is_moderator,
                     login_redirect, not_found, parse_int, redirect, refresh_comment_count,
                     refresh_comment_score, refresh_submission_score, render, require_user, safe_path,
                     site_now, submission, submission_url, user_votes)
from .seed import hot_ranking, slugify

TITLE_MAX = 300
BODY_MAX = 25000
URL_MAX = 2000


# --- loading -----------------------------------------------------------------------------------


def _load(request: Request) -> tuple[sqlite3.Row | None, Response | None]:
    """The submission named by /f/<forum>/<id>/..., or an error response."""
    conn = db(request)
    post = submission(conn, request.path_params["id"])
    if post is None or post["forum_name"].lower() != request.path_params["forum"].lower():
        return None, not_found(request, "The submission you requested does not exist.")
    return post, None


def _comment_tree(conn: sqlite3.Connection, sid: int) -> tuple[list[dict], dict[int, dict]]:
    """All comments of a submission as a tree: children sorted by score (then age)."""
    rows = conn.execute(
        "SELECT c.*, u.username AS author FROM comments c JOIN users u ON u.id = c.user_id"
        " WHERE c.submission_id = ? ORDER BY c.id", (sid,)).fetchall()
    nodes = {r["id"]: dict(row=r, children=[]) for r in rows}
    roots = []
    for r in rows:
        node = nodes[r["id"]]
        parent = nodes.get(r["parent_id"]) if r["parent_id"] else None
        (parent["children"] if parent else roots).append(node)

    def order(items: list[dict]) -> None:
        items.sort(key=lambda n: (-n["row"]["net_score"], n["row"]["id"]))
        for n in items:
            order(n["children"])

    order(roots)
    return roots, nodes


def _post_context(request: Request, post: sqlite3.Row) -> dict[str, Any]:
    conn = db(request)
    user = current_user(request)
    roots, nodes = _comment_tree(conn, post["id"])
    votes = user_votes(conn, user, "submission_votes", "submission_id", [post["id"]])
    cvotes = user_votes(conn, user, "comment_votes", "comment_id", list(nodes))
    forum = forum_by_name(conn, post["forum_name"])
    subscribed = user is not None and conn.execute(
        "SELECT 1 FROM subscriptions WHERE user_id = ? AND forum_id = ?", (user["id"], forum["id"])).fetchone()
    subscribers = conn.execute("SELECT COUNT(*) FROM subscriptions WHERE forum_id = ?", (forum["id"],)).fetchone()[0]
    return dict(title=post["title"], post=post, roots=roots, nodes=nodes, votes=votes, comment_votes=cvotes,
                forum=forum, subscribed=bool(subscribed), subscribers=subscribers,
                can_moderate=is_moderator(conn, user, forum["id"]), errors={}, values={})


def post_page(request: Request) -> Response:
    post, error = _load(request)
    if error:
        return error
    if post["forum_name"] != request.path_params["forum"]:
        return RedirectResponse(submission_url(post), status_code=301)
    return render(request, "submission.html", _post_context(request, post))


def comment_page(request: Request) -> Response:
    """`/f/<forum>/<id>/-/comment/<cid>` (permalink: the comment and its replies) and `.../reply`."""
    post, error = _load(request)
    if error:
        return error
    ctx = _post_context(request, post)
    cid = request.path_params["cid"]
    node = ctx["nodes"].get(cid)
    if node is None:
        return not_found(request, "The comment you requested does not exist.")
    replying = request.url.path.endswith("/reply")
    if replying and current_user(request) is None:
        return login_redirect(request)
    ctx.update(title=f"Comment by {node['row']['author']} on \u201c{post['title']}\u201d", roots=[node],
               permalink=node, replying_to=cid if replying else None)
    return render(request, "submission.html", ctx)


# --- votes -------------------------------------------------------------------------------------


def _vote(request: Request, form: dict[str, str], table: str, key: str, target_id: int) -> Response | None:
    conn = db(request)
    user = current_user(request)
    if user is None:
        return login_redirect(request, safe_path(form.get("back")))
    choice = parse_int(form.get("choice"), None)
    if choice not in (-1, 0, 1):
        return render(request, "error.html", dict(title="Bad request", heading="400 Bad Request",
                                                   text="Invalid vote."), status_code=400)
    conn.execute(f"DELETE FROM {table} WHERE {key} = ? AND user_id = ?", (target_id, user["id"]))
    if choice:
        conn.execute(f"INSERT INTO {table} ({key}, user_id, choice, created_at) VALUES (?,?,?,?)",
                     (target_id, user["id"], choice, site_now(conn)))
    return None


@form_view
def vote_submission(request: Request, form: dict[str, str]) -> Response:
    """POST /sv/<id>: choice 1 (upvote), -1 (downvote) or 0 (retract)."""
    conn = db(request)
    post = submission(conn, request.path_params["id"])
    if post is None:
        return not_found(request)
    error = _vote(request, form, "submission_votes", "submission_id", post["id"])
    if error:
        return error
    refresh_submission_score(conn, post["id"])
    return redirect(request, safe_path(form.get("back"), submission_url(post)))


@form_view
def vote_comment(request: Request, form: dict[str, str]) -> Response:
    """POST /cv/<id>: choice 1, -1 or 0."""
    conn = db(request)
    row = conn.execute("SELECT c.*, s.slug, f.name AS forum_name FROM comments c JOIN submissions s"
                       " ON s.id = c.submission_id JOIN forums f ON f.id = s.forum_id WHERE c.id = ?",
                       (request.path_params["id"],)).fetchone()
    if row is None or row["deleted"]:
        return not_found(request)
    error = _vote(request, form, "comment_votes", "comment_id", row["id"])
    if error:
        return error
    refresh_comment_score(conn, row["id"])
    back = f"/f/{row['forum_name']}/{row['submission_id']}/{row['slug']}#comment_{row['id']}"
    return redirect(request, safe_path(form.get("back"), back))


# --- comments ------------------------------------------------------------------------------------


def _comment_error(request: Request, post: sqlite3.Row, text: str, parent: int | None) -> Response:
    ctx = _post_context(request, post)
    if parent is not None and parent in ctx["nodes"]:
        ctx.update(roots=[ctx["nodes"][parent]], permalink=ctx["nodes"][parent], replying_to=parent)
    ctx["errors"] = {"comment": "This value should not be blank." if not text.strip() else
                     f"This value is too long. It should have {BODY_MAX} characters or less."}
    ctx["values"] = {"comment": text}
    return render(request, "submission.html", ctx, status_code=400)


def _add_comment(request: Request, form: dict[str, str], parent_id: int | None) -> Response:
    conn = db(request)
    post, error = _load(request)
    if error:
        return error
    user = current_user(request)
    if user is None:
        target = submission_url(post) if parent_id is None else comment_url(post["forum_name"], post["id"], parent_id)
        return login_redirect(request, target)
    if parent_id is not None:
        parent = conn.execute("SELECT * FROM comments WHERE id = ? AND submission_id = ?",
                              (parent_id, post["id"])).fetchone()
        if parent is None:
            return not_found(request, "The comment you are replying to does not exist.")
    text = (form.get("comment") or "").strip()
    if not text or len(text) > BODY_MAX:
        return _comment_error(request, post, form.get("comment") or "", parent_id)
    now = site_now(conn)
    cur = conn.execute(
        "INSERT INTO comments (submission_id, parent_id, user_id, body, created_at, upvotes, downvotes, net_score,"
        " deleted) VALUES (?,?,?,?,?,1,0,1,0)", (post["id"], parent_id, user["id"], text, now))
    conn.execute("INSERT INTO comment_votes (comment_id, user_id, choice, created_at) VALUES (?,?,1,?)",
                 (cur.lastrowid, user["id"], now))
    refresh_comment_count(conn, post["id"])
    return redirect(request, f"{submission_url(post)}#comment_{cur.lastrowid}", "Your comment was posted.")


@form_view
def comment_post(request: Request, form: dict[str, str]) -> Response:
    """POST /f/<forum>/<id>/-/comment: a top-level comment (field `comment`)."""
    return _add_comment(request, form, None)


@form_view
def reply_post(request: Request, form: dict[str, str]) -> Response:
    """POST /f/<forum>/<id>/-/comment/<cid>/reply: a reply (field `comment`)."""
    return _add_comment(request, form, request.path_params["cid"])


def _own_comment(request: Request) -> tuple[sqlite3.Row | None, sqlite3.Row | None, Response | None]:
    post, error = _load(request)
    if error:
        return None, None, error
    user = current_user(request)
    if user is None:
        return None, None, login_redirect(request)
    row = db(request).execute("SELECT c.*, u.username AS author FROM comments c JOIN users u ON u.id = c.user_id"
                              " WHERE c.id = ? AND c.submission_id = ? AND c.deleted = 0",
                              (request.path_params["cid"], post["id"])).fetchone()
    if row is None:
        return None, None, not_found(request, "The comment you requested does not exist.")
    if row["user_id"] != user["id"]:
        return None, None, forbidden(request)
    return post, row, None


def comment_edit(request: Request) -> Response:
    post, row, error = _own_comment(request)
    if error:
        return error
    return render(request, "comment_edit.html", dict(title="Edit comment", post=post, comment=row,
                                                     values={"comment": row["body"]}, errors={}))


@form_view
def comment_edit_post(request: Request, form: dict[str, str]) -> Response:
    post, row, error = _own_comment(request)
    if error:
        return error
    text = (form.get("comment") or "").strip()
    if not text or len(text) > BODY_MAX:
        return render(request, "comment_edit.html", dict(
            title="Edit comment", post=post, comment=row, values={"comment": form.get("comment") or ""},
            errors={"comment": "This value should not be blank."}), status_code=400)
    conn = db(request)
    conn.execute("UPDATE comments SET body = ?, edited_at = ? WHERE id = ?", (text, site_now(conn), row["id"]))
    return redirect(request, f"{submission_url(post)}#comment_{row['id']}", "The comment was edited.")


@form_view
def comment_delete(request: Request, form: dict[str, str]) -> Response:
    post, row, error = _own_comment(request)
    if error:
        return error
    conn = db(request)
    has_replies = conn.execute("SELECT 1 FROM comments WHERE parent_id = ? LIMIT 1", (row["id"],)).fetchone()
    if has_replies:
        conn.execute("UPDATE comments SET deleted = 1, body = '' WHERE id = ?", (row["id"],))
        conn.execute("DELETE FROM comment_votes WHERE comment_id = ?", (row["id"],))
        refresh_comment_score(conn, row["id"])
    else:
        conn.execute("DELETE FROM comments WHERE id = ?", (row["id"],))
    refresh_comment_count(conn, post["id"])
    return redirect(request, submission_url(post), "The comment was deleted.")


# --- submit / edit / delete --------------------------------------------------------------------


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


@require_user
def submit_form(request: Request) -> Response:
    """GET /submit and /submit/<forum> (the forum preselected)."""
    conn = db(request)
    name = request.path_params.get("forum", "")
    forum = forum_by_name(conn, name) if name else None
    if name and forum is None:
        return not_found(request, f"There is no forum named \u201c{name}\u201d.")
    return render(request, "submit.html", dict(title="Create submission", forums=_forums(conn), errors={},
                                                values={"forum": forum["name"] if forum else ""}, editing=None))


@form_view
def submit_post(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    user = current_user(request)
    if user is None:
        return login_redirect(request, "/submit")
    values, errors, forum = _validate(form, True, conn)
    if errors:
        return render(request, "submit.html", dict(title="Create submission", forums=_forums(conn), errors=errors,
                                                    values=values, editing=None), status_code=400)
    now = site_now(conn)
    cur = conn.execute(
        "INSERT INTO submissions (forum_id, user_id, title, url, body, slug, created_at, upvotes, downvotes,"
        " net_score, comment_count, ranking, last_active) VALUES (?,?,?,?,?,?,?,1,0,1,0,?,?)",
        (forum["id"], user["id"], values["title"], values["url"] or None, values["body"] or None,
         slugify(values["title"]), now, hot_ranking(now, 1), now))
    conn.execute("INSERT INTO submission_votes (submission_id, user_id, choice, created_at) VALUES (?,?,1,?)",
                 (cur.lastrowid, user["id"], now))
    return redirect(request, f"/f/{forum['name']}/{cur.lastrowid}/{slugify(values['title'])}")


def _own_post(request: Request) -> tuple[sqlite3.Row | None, Response | None]:
    post, error = _load(request)
    if error:
        return None, error
    user = current_user(request)
    if user is None:
        return None, login_redirect(request)
    if post["user_id"] != user["id"] and not is_moderator(db(request), user, post["forum_id"]):
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
    conn.execute("UPDATE submissions SET title = ?, url = ?, body = ?, slug = ?, edited_at = ? WHERE id = ?",
                 (values["title"], values["url"] or None, values["body"] or None, slug, site_now(conn), post["id"]))
    return redirect(request, f"/f/{post['forum_name']}/{post['id']}/{slug}", "The submission was edited.")


@form_view
def delete_post(request: Request, form: dict[str, str]) -> Response:
    post, error = _own_post(request)
    if error:
        return error
    db(request).execute("DELETE FROM submissions WHERE id = ?", (post["id"],))
    return redirect(request, f"/f/{post['forum_name']}", "The submission was deleted.")
