"""Submissions and comments: post pages, comment trees, votes and comments.

A post page shows its comment tree sorted by score, top-level threads in pages: a page holds
threads until about `COMMENT_BUDGET` comments are shown (at least one thread), each thread to
`MAX_DEPTH` levels; "More comments" (`?page=2`) continues, and a reply chain cut at the depth
limit links to its permalink ("Continue this thread"). That keeps the busiest posts to a few
hundred interactive elements.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ..base import db
from .common import (COMMENT_BODY, active_ban, comment_url, current_user, flair_map, forbidden, form_view,
                     forum_by_name, is_moderator, login_redirect, not_found, page_number, parse_int, redirect,
                     refresh_comment_count, render, safe_path, site_now, submission, submission_url)
from .votes import cast_vote, drop_votes, user_votes

BODY_MAX = 25000
COMMENT_BUDGET = 80
MAX_DEPTH = 7


# --- loading -----------------------------------------------------------------------------------


def load_post(request: Request) -> tuple[sqlite3.Row | None, Response | None]:
    """The submission named by /f/<forum>/<id>/..., or an error response."""
    conn = db(request)
    post = submission(conn, request.path_params["id"])
    if post is None or post["forum_name"].lower() != request.path_params["forum"].lower():
        return None, not_found(request, "The submission you requested does not exist.")
    return post, None


def _tree(conn: sqlite3.Connection, sid: int) -> tuple[list[dict], dict[int, dict]]:
    """Every comment of a submission (without bodies) as a tree: children by score, then age."""
    rows = conn.execute(
        "SELECT c.id, c.parent_id, c.user_id, c.created_at, c.edited_at, c.upvotes, c.downvotes, c.net_score,"
        " c.deleted, u.username AS author FROM comments c JOIN users u ON u.id = c.user_id"
        " WHERE c.submission_id = ? ORDER BY c.id", (sid,)).fetchall()
    nodes = {r["id"]: dict(row=dict(r), children=[], size=1) for r in rows}
    roots = []
    for r in rows:
        node = nodes[r["id"]]
        parent = nodes.get(r["parent_id"]) if r["parent_id"] else None
        (parent["children"] if parent else roots).append(node)
    for r in reversed(rows):  # ids grow with time: children after parents
        if r["parent_id"] in nodes:
            nodes[r["parent_id"]]["size"] += nodes[r["id"]]["size"]
    for n in [*nodes.values(), {"children": roots}]:
        n["children"].sort(key=lambda c: (-c["row"]["net_score"], c["row"]["id"]))
    return roots, nodes


def _pages(roots: list[dict]) -> list[list[dict]]:
    """Top-level threads grouped into pages of about COMMENT_BUDGET comments."""
    pages: list[list[dict]] = [[]]
    used = 0
    for node in roots:
        shown = min(node["size"], COMMENT_BUDGET)
        if pages[-1] and used + shown > COMMENT_BUDGET:
            pages.append([])
            used = 0
        pages[-1].append(node)
        used += shown
    return pages


def _visible(nodes: list[dict], depth: int, budget: list[int], out: list[int]) -> None:
    """Mark which comments render (within the budget and depth limit); collect their ids."""
    for n in nodes:
        if budget[0] <= 0:
            n["hidden"] = True
            continue
        n["hidden"] = False
        budget[0] -= 1
        out.append(n["row"]["id"])
        n["cut"] = depth + 1 >= MAX_DEPTH and bool(n["children"])
        if not n["cut"]:
            _visible(n["children"], depth + 1, budget, out)
        n["more"] = sum(1 for c in n["children"] if c.get("hidden", True)) if not n["cut"] else 0


def _bodies(conn: sqlite3.Connection, ids: list[int]) -> dict[int, str]:
    out: dict[int, str] = {}
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        marks = ",".join("?" * len(chunk))
        out.update({r[0]: r[1] for r in conn.execute(f"SELECT c.id, {COMMENT_BODY} FROM comments c WHERE c.id IN ({marks})",
                                                    chunk)})
    return out


def post_context(request: Request, post: sqlite3.Row, focus: int | None = None) -> dict[str, Any] | None:
    """The page context of a submission (with one comment's thread when `focus` is given; None when
    that comment does not exist)."""
    conn = db(request)
    user = current_user(request)
    roots, nodes = _tree(conn, post["id"])
    page, pages = 1, _pages(roots)
    if focus is not None:
        if focus not in nodes:
            return None
        shown = [nodes[focus]]
    else:
        page = min(page_number(request), len(pages))
        shown = pages[page - 1]
    ids: list[int] = []
    _visible(shown, 0, [COMMENT_BUDGET * 3 if focus else COMMENT_BUDGET + 40], ids)
    bodies = _bodies(conn, ids)
    for i in ids:
        nodes[i]["row"]["body"] = bodies.get(i) or ""
    forum = forum_by_name(conn, post["forum_name"])
    return dict(title=post["title"], post=post, roots=shown, nodes=nodes, page=page, pages=len(pages),
                votes=user_votes(conn, user, "submission", [post["id"]]),
                comment_votes=user_votes(conn, user, "comment", ids), forum=forum,
                subscribed=user is not None and bool(conn.execute(
                    "SELECT 1 FROM subscriptions WHERE user_id = ? AND forum_id = ?", (user["id"], forum["id"])).fetchone()),
                subscribers=conn.execute("SELECT COUNT(*) FROM subscriptions WHERE forum_id = ?",
                                         (forum["id"],)).fetchone()[0],
                can_moderate=is_moderator(conn, user, forum["id"]),
                flairs=flair_map(conn, forum["id"], {nodes[i]["row"]["user_id"] for i in ids} | {post["user_id"]}),
                mods={r[0] for r in conn.execute("SELECT user_id FROM moderators WHERE forum_id = ?", (forum["id"],))},
                banned=active_ban(conn, user, forum["id"], site_now(conn)) is not None,
                errors={}, values={})


def post_page(request: Request) -> Response:
    post, error = load_post(request)
    if error:
        return error
    if post["forum_name"] != request.path_params["forum"]:
        return RedirectResponse(submission_url(post), status_code=301)
    ctx = post_context(request, post)
    assert ctx is not None
    return render(request, "submission.html", ctx)


def comment_page(request: Request) -> Response:
    """`/f/<forum>/<id>/-/comment/<cid>` (permalink: the comment and its replies) and `.../reply`."""
    post, error = load_post(request)
    if error:
        return error
    cid = request.path_params["cid"]
    ctx = post_context(request, post, focus=cid)
    if ctx is None:
        return not_found(request, "The comment you requested does not exist.")
    replying = request.url.path.endswith("/reply")
    if replying and current_user(request) is None:
        return login_redirect(request)
    node = ctx["nodes"][cid]
    ctx.update(title=f"Comment by {node['row']['author']} on \u201c{post['title']}\u201d", permalink=node,
               replying_to=cid if replying else None)
    return render(request, "submission.html", ctx)


# --- votes -------------------------------------------------------------------------------------


def _vote(request: Request, form: dict[str, str], kind: str, target_id: int) -> Response | None:
    conn = db(request)
    user = current_user(request)
    if user is None:
        return login_redirect(request, safe_path(form.get("back")))
    choice = parse_int(form.get("choice"), None)
    if choice not in (-1, 0, 1):
        return render(request, "error.html", dict(title="Bad request", heading="400 Bad Request",
                                                   text="Invalid vote."), status_code=400)
    cast_vote(conn, user["id"], kind, target_id, choice, site_now(conn))
    return None


@form_view
def vote_submission(request: Request, form: dict[str, str]) -> Response:
    """POST /sv/<id>: choice 1 (upvote), -1 (downvote) or 0 (retract)."""
    post = submission(db(request), request.path_params["id"])
    if post is None:
        return not_found(request)
    return _vote(request, form, "submission", post["id"]) or redirect(
        request, safe_path(form.get("back"), submission_url(post)))


@form_view
def vote_comment(request: Request, form: dict[str, str]) -> Response:
    """POST /cv/<id>: choice 1, -1 or 0."""
    row = db(request).execute("SELECT c.id, c.deleted, c.submission_id, s.slug, f.name AS forum_name FROM comments c"
                              " JOIN submissions s ON s.id = c.submission_id JOIN forums f ON f.id = s.forum_id"
                              " WHERE c.id = ?", (request.path_params["id"],)).fetchone()
    if row is None or row["deleted"]:
        return not_found(request)
    back = f"/f/{row['forum_name']}/{row['submission_id']}/{row['slug']}#comment_{row['id']}"
    return _vote(request, form, "comment", row["id"]) or redirect(request, safe_path(form.get("back"), back))


# --- comments ------------------------------------------------------------------------------------


def _comment_error(request: Request, post: sqlite3.Row, text: str, parent: int | None, message: str) -> Response:
    ctx = post_context(request, post, focus=parent) if parent is not None else None
    if ctx is not None:
        ctx.update(permalink=ctx["nodes"][parent], replying_to=parent)
    else:
        ctx = post_context(request, post)
    assert ctx is not None
    ctx["errors"] = {"comment": message}
    ctx["values"] = {"comment": text}
    return render(request, "submission.html", ctx, status_code=400)


def _add_comment(request: Request, form: dict[str, str], parent_id: int | None) -> Response:
    conn = db(request)
    post, error = load_post(request)
    if error:
        return error
    user = current_user(request)
    if user is None:
        target = submission_url(post) if parent_id is None else comment_url(post["forum_name"], post["id"], parent_id)
        return login_redirect(request, target)
    if parent_id is not None:
        parent = conn.execute("SELECT id, deleted FROM comments WHERE id = ? AND submission_id = ?",
                              (parent_id, post["id"])).fetchone()
        if parent is None:
            return not_found(request, "The comment you are replying to does not exist.")
    text = (form.get("comment") or "").strip()
    now = site_now(conn)
    if post["locked"]:
        return _comment_error(request, post, text, parent_id, "This submission is locked: new comments are not allowed.")
    if active_ban(conn, user, post["forum_id"], now):
        return _comment_error(request, post, text, parent_id, "You are banned from this forum.")
    if not text or len(text) > BODY_MAX:
        return _comment_error(request, post, form.get("comment") or "", parent_id,
                              "This value should not be blank." if not text else
                              f"This value is too long. It should have {BODY_MAX} characters or less.")
    cur = conn.execute(
        "INSERT INTO comments (submission_id, parent_id, user_id, body, body_in_content, created_at, upvotes,"
        " downvotes, net_score, deleted) VALUES (?,?,?,?,0,?,1,0,1,0)", (post["id"], parent_id, user["id"], text, now))
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
    post, error = load_post(request)
    if error:
        return None, None, error
    user = current_user(request)
    if user is None:
        return None, None, login_redirect(request)
    row = db(request).execute(f"SELECT {COMMENT_BODY} AS body, c.*, u.username AS author FROM comments c"
                              " JOIN users u ON u.id = c.user_id WHERE c.id = ? AND c.submission_id = ? AND c.deleted = 0",
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
    conn.execute("UPDATE comments SET body = ?, body_in_content = 0, edited_at = ? WHERE id = ?",
                 (text, site_now(conn), row["id"]))
    return redirect(request, f"{submission_url(post)}#comment_{row['id']}", "The comment was edited.")


@form_view
def comment_delete(request: Request, form: dict[str, str]) -> Response:
    post, row, error = _own_comment(request)
    if error:
        return error
    conn = db(request)
    has_replies = conn.execute("SELECT 1 FROM comments WHERE parent_id = ? LIMIT 1", (row["id"],)).fetchone()
    if has_replies:
        conn.execute("UPDATE comments SET deleted = 1, body = '', body_in_content = 0 WHERE id = ?", (row["id"],))
        drop_votes(conn, "comment", row["id"])
    else:
        conn.execute("DELETE FROM comments WHERE id = ?", (row["id"],))
    refresh_comment_count(conn, post["id"])
    return redirect(request, submission_url(post), "The comment was deleted.")
