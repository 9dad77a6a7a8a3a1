"""Sign in / out, user profiles (overview, projects, starred, followers, following), profile
settings, follow / unfollow, and `/<name>` short URLs for users and groups."""

from __future__ import annotations

import secrets

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import (
    RESERVED,
    SESSION_COOKIE,
    allow_guest,
    current_user,
    form_view,
    now,
    page_view,
    redirect,
    render,
    require_user,
    safe_path,
    user_by_name,
)
from .content import STATUS_EMOJI
from .queries import project_rows
from .seed import verify_password


def sign_in(request: Request) -> Response:
    if current_user(request) is not None:
        return redirect(request, safe_path(request.query_params.get("redirect_to"), "/"))
    return render(
        request,
        "sign_in.html",
        dict(title="Sign in · GitLab", login="", redirect_to=safe_path(request.query_params.get("redirect_to"), "")),
    )


@form_view
@allow_guest
def sign_in_post(request: Request, form: dict) -> Response:
    conn = db(request)
    login = (form.get("user[login]") or "").strip()
    password = form.get("user[password]") or ""
    target = safe_path(form.get("redirect_to"), "/")
    row = conn.execute(
        "SELECT * FROM users WHERE username = ? COLLATE NOCASE OR email = ? COLLATE NOCASE", (login, login)
    ).fetchone()
    if row is None or not verify_password(password, row["password_hash"]):
        return render(
            request,
            "sign_in.html",
            dict(
                title="Sign in · GitLab",
                login=login,
                redirect_to=target,
                messages=[["alert", "Invalid login or password."]],
            ),
        )
    old = request.cookies.get(SESSION_COOKIE)
    if old:
        conn.execute("DELETE FROM sessions WHERE token = ?", (old,))
    token = secrets.token_hex(16)
    conn.execute("INSERT INTO sessions (token, user_id, created_at) VALUES (?,?,?)", (token, row["id"], now()))
    resp = redirect(request, target, "Signed in successfully.")
    resp.set_cookie(SESSION_COOKIE, token, path="/", httponly=True, samesite="lax")
    return resp


@form_view
@allow_guest
def sign_out(request: Request, form: dict) -> Response:
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        db(request).execute("DELETE FROM sessions WHERE token = ?", (token,))
    resp = redirect(request, "/users/sign_in", "Signed out successfully.")
    resp.delete_cookie(SESSION_COOKIE, path="/")
    return resp


def sign_out_get(request: Request) -> Response:
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        db(request).execute("DELETE FROM sessions WHERE token = ?", (token,))
    resp = redirect(request, "/users/sign_in", "Signed out successfully.")
    resp.delete_cookie(SESSION_COOKIE, path="/")
    return resp


# --- profiles ---------------------------------------------------------------------------------

TABS = (
    ("overview", "Overview"),
    ("projects", "Personal projects"),
    ("contributed", "Contributed projects"),
    ("starred", "Starred projects"),
    ("followers", "Followers"),
    ("following", "Following"),
)


def _profile(request: Request, username: str, tab: str) -> Response:
    conn = db(request)
    person = user_by_name(conn, username)
    if person is None:
        raise HTTPException(404)
    me = current_user(request)
    counts = {
        "followers": conn.execute("SELECT COUNT(*) FROM follows WHERE followee_id = ?", (person["id"],)).fetchone()[0],
        "following": conn.execute("SELECT COUNT(*) FROM follows WHERE follower_id = ?", (person["id"],)).fetchone()[0],
    }
    ctx: dict = dict(
        title=f"{person['name']} · GitLab",
        person=person,
        tab=tab,
        tabs=TABS,
        counts=counts,
        is_following=bool(
            me
            and conn.execute(
                "SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ?", (me["id"], person["id"])
            ).fetchone()
        ),
    )
    if tab in ("overview", "projects"):
        ctx["projects"] = project_rows(conn, me, "p.owner_id = ?", [person["id"]])
    if tab == "contributed":
        ctx["projects"] = project_rows(
            conn,
            me,
            "p.id IN (SELECT project_id FROM project_members WHERE user_id = ?) AND COALESCE(p.owner_id, 0) != ?",
            [person["id"], person["id"]],
        )
    if tab == "starred":
        ctx["projects"] = project_rows(
            conn, me, "p.id IN (SELECT project_id FROM stars WHERE user_id = ?)", [person["id"]]
        )
    if tab in ("followers", "following"):
        col, other = ("followee_id", "follower_id") if tab == "followers" else ("follower_id", "followee_id")
        ctx["people"] = conn.execute(
            f"SELECT u.* FROM follows f JOIN users u ON u.id = f.{other} WHERE f.{col} = ? ORDER BY lower(u.name)",
            (person["id"],),
        ).fetchall()
    if tab == "overview":
        ctx["activity"] = conn.execute(
            "SELECT n.created_at, n.body, n.system, n.noteable_type, p.full_path,"
            " COALESCE(i.iid, m.iid) AS iid, COALESCE(i.title, m.title) AS item_title"
            " FROM notes n JOIN projects p ON p.id = n.project_id"
            " LEFT JOIN issues i ON n.noteable_type = 'Issue' AND i.id = n.noteable_id"
            " LEFT JOIN merge_requests m ON n.noteable_type = 'MergeRequest' AND m.id = n.noteable_id"
            " WHERE n.author_id = ? AND p.visibility = 'public' ORDER BY n.created_at DESC, n.id DESC LIMIT 8",
            (person["id"],),
        ).fetchall()
    return render(request, "user.html", ctx)


def user_tab(tab: str):
    """The view of one profile tab: /users/<name> (overview) or /users/<name>/<tab>."""

    def view(request: Request) -> Response:
        return _profile(request, request.path_params["username"], tab)

    view.__name__ = f"user_{tab}"
    return view


@page_view
def short_name(request: Request, name: str) -> Response:
    """`/<name>`: a user's profile or a group's page."""
    if name in RESERVED:
        raise HTTPException(404)
    conn = db(request)
    person = user_by_name(conn, name)
    if person is not None:
        return redirect(request, f"/users/{person['username']}")
    group = conn.execute("SELECT path FROM groups WHERE path = ? COLLATE NOCASE", (name,)).fetchone()
    if group is not None:
        return redirect(request, f"/groups/{group['path']}")
    raise HTTPException(404)


@form_view
def follow(request: Request, form: dict, username: str) -> Response:
    conn = db(request)
    me = current_user(request)
    person = user_by_name(conn, username)
    if person is None:
        raise HTTPException(404)
    if person["id"] != me["id"]:
        conn.execute("INSERT OR IGNORE INTO follows VALUES (?,?,?)", (me["id"], person["id"], now()))
    return redirect(request, f"/users/{person['username']}", f"You are now following {person['name']}.")


@form_view
def unfollow(request: Request, form: dict, username: str) -> Response:
    conn = db(request)
    me = current_user(request)
    person = user_by_name(conn, username)
    if person is None:
        raise HTTPException(404)
    conn.execute("DELETE FROM follows WHERE follower_id = ? AND followee_id = ?", (me["id"], person["id"]))
    return redirect(request, f"/users/{person['username']}", f"You stopped following {person['name']}.")


# --- profile settings ---------------------------------------------------------------------------

PROFILE_FIELDS = ("name", "status_message", "status_emoji", "website_url", "location", "job_title", "bio")


@require_user
def profile_edit(request: Request) -> Response:
    return render(
        request,
        "profile_edit.html",
        dict(title="Edit Profile · User Settings · GitLab", emoji_names=sorted(STATUS_EMOJI), errors={}),
    )


@form_view
def profile_update(request: Request, form: dict) -> Response:
    conn = db(request)
    me = current_user(request)
    values = {k: (form.get(f"user[{k}]") if f"user[{k}]" in form else me[k]) or "" for k in PROFILE_FIELDS}
    values = {k: v.strip() for k, v in values.items()}
    if values["status_emoji"] and values["status_emoji"] not in STATUS_EMOJI:
        values["status_emoji"] = ""
    if not values["name"]:
        return render(
            request,
            "profile_edit.html",
            dict(
                title="Edit Profile · User Settings · GitLab",
                emoji_names=sorted(STATUS_EMOJI),
                errors={"name": "Name can't be blank"},
                messages=[["alert", "Name can't be blank"]],
            ),
        )
    conn.execute(
        "UPDATE users SET " + ", ".join(f"{k} = ?" for k in PROFILE_FIELDS) + " WHERE id = ?",
        [values[k] for k in PROFILE_FIELDS] + [me["id"]],
    )
    return redirect(request, "/-/profile", "Profile was successfully updated")
