"""Sign in / out, user profiles (overview, activity, groups, projects, snippets, followers), profile
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
    paginate,
    parse_date,
    parse_int,
    redirect,
    render,
    require_user,
    safe_path,
    user_by_name,
)
from . import profile
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
    ("activity", "Activity"),
    ("groups", "Groups"),
    ("contributed", "Contributed projects"),
    ("projects", "Personal projects"),
    ("starred", "Starred projects"),
    ("snippets", "Snippets"),
    ("followers", "Followers"),
    ("following", "Following"),
)
TAB_PATHS = [key for key, _ in TABS if key != "overview"]


def _profile(request: Request, username: str, tab: str) -> Response:
    conn = db(request)
    person = user_by_name(conn, username)
    if person is None:
        raise HTTPException(404)
    me = current_user(request)
    uid = person["id"]
    one = lambda sql: conn.execute(sql, (uid,)).fetchone()[0]  # noqa: E731
    counts = {
        "followers": one("SELECT COUNT(*) FROM follows WHERE followee_id = ?"),
        "following": one("SELECT COUNT(*) FROM follows WHERE follower_id = ?"),
        "groups": one("SELECT COUNT(*) FROM group_members WHERE user_id = ?"),
        "snippets": one("SELECT COUNT(*) FROM snippets s JOIN projects p ON p.id = s.project_id"
                        " WHERE s.author_id = ? AND s.visibility = 'public' AND p.visibility = 'public'"),
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
                "SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ?", (me["id"], uid)
            ).fetchone()
        ),
    )
    if tab in ("overview", "projects"):
        ctx["projects"] = project_rows(conn, me, "p.owner_id = ?", [uid])
    if tab == "contributed":
        ctx["projects"] = project_rows(
            conn,
            me,
            "p.id IN (SELECT project_id FROM project_members WHERE user_id = ?) AND COALESCE(p.owner_id, 0) != ?",
            [uid, uid],
        )
    if tab == "starred":
        ctx["projects"] = project_rows(conn, me, "p.id IN (SELECT project_id FROM stars WHERE user_id = ?)", [uid])
    if tab in ("followers", "following"):
        col, other = ("followee_id", "follower_id") if tab == "followers" else ("follower_id", "followee_id")
        ctx["people"] = conn.execute(
            f"SELECT u.* FROM follows f JOIN users u ON u.id = f.{other} WHERE f.{col} = ? ORDER BY lower(u.name)",
            (uid,),
        ).fetchall()
    if tab == "groups":
        ctx["groups"] = conn.execute(
            "SELECT g.*, m.role AS my_role, (SELECT COUNT(*) FROM projects p WHERE p.group_id = g.id) AS project_count,"
            " (SELECT COUNT(*) FROM group_members x WHERE x.group_id = g.id) AS member_count"
            " FROM group_members m JOIN groups g ON g.id = m.group_id WHERE m.user_id = ? ORDER BY lower(g.name)",
            (uid,),
        ).fetchall()
    if tab == "snippets":
        ctx["snippets"] = conn.execute(
            "SELECT s.*, p.full_path, p.name AS project_name FROM snippets s JOIN projects p ON p.id = s.project_id"
            " WHERE s.author_id = ? AND s.visibility = 'public' AND p.visibility = 'public' ORDER BY s.id DESC",
            (uid,),
        ).fetchall()
    if tab == "overview":
        day = request.query_params.get("date") or ""
        try:
            day = parse_date(day) or ""
        except ValueError:
            day = ""
        ctx["calendar"] = profile.calendar(conn, uid)
        ctx["activity"] = profile.events(conn, uid, 10)
        ctx["day"] = day
        ctx["day_events"] = profile.events(conn, uid, 100, 0, day) if day else []
    if tab == "activity":
        pg = paginate(profile.event_count(conn, uid), parse_int(request.query_params.get("page"), 1) or 1)
        ctx["pg"] = pg
        ctx["activity"] = profile.events(conn, uid, pg["size"], pg["offset"])
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
