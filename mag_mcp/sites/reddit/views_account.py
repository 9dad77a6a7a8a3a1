"""Log in/out, biography, subscriptions and forum creation/editing."""

from __future__ import annotations

import re
import secrets

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import (SESSION_COOKIE, current_user, forbidden, form_view, forum_by_name, is_moderator,
                     login_redirect, not_found, redirect, render, require_user, safe_path, site_now)
from .seed import verify_password

FORUM_NAME_RE = re.compile(r"^[A-Za-z0-9_]{3,25}$")
BIO_MAX = 300


# --- log in / out ----------------------------------------------------------------------------------


def login(request: Request) -> Response:
    target = safe_path(request.query_params.get("_target_path"), "/")
    if current_user(request) is not None:
        return redirect(request, target)
    return render(request, "login.html", dict(title="Log in", username="", target=target))


@form_view
def login_check(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    username = (form.get("_username") or "").strip()
    password = form.get("_password") or ""
    target = safe_path(form.get("_target_path"), "/")
    row = conn.execute("SELECT * FROM users WHERE username = ?", (username,)).fetchone()
    if row is None or not verify_password(password, row["password_hash"]):
        return render(request, "login.html", dict(title="Log in", username=username, target=target,
                                                  messages=[["error", "Invalid credentials."]]), status_code=400)
    old = request.cookies.get(SESSION_COOKIE)
    if old:
        conn.execute("DELETE FROM sessions WHERE token = ?", (old,))
    token = secrets.token_hex(16)
    conn.execute("INSERT INTO sessions (token, user_id, created_at) VALUES (?,?,?)", (token, row["id"],
                                                                                      site_now(conn)))
    resp = redirect(request, target)
    resp.set_cookie(SESSION_COOKIE, token, path="/", httponly=True, samesite="lax")
    return resp


def logout(request: Request) -> Response:
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        db(request).execute("DELETE FROM sessions WHERE token = ?", (token,))
    resp = redirect(request, "/", "You have been logged out.")
    resp.delete_cookie(SESSION_COOKIE, path="/")
    return resp


# --- biography ------------------------------------------------------------------------------------


def _own_profile(request: Request):
    user = current_user(request)
    if user is None:
        return None, login_redirect(request)
    if user["username"].lower() != request.path_params["username"].lower():
        return None, forbidden(request)
    return user, None


def account(request: Request) -> Response:
    """`/user/<you>/account`: Postmill's account settings page (signed-in owner only)."""
    user, error = _own_profile(request)
    if error:
        return error
    return render(request, "account.html", dict(title="Account settings"))


def edit_biography(request: Request) -> Response:
    user, error = _own_profile(request)
    if error:
        return error
    return render(request, "edit_biography.html", dict(title="Edit biography", biography=user["biography"],
                                                       errors={}))


@form_view
def edit_biography_post(request: Request, form: dict[str, str]) -> Response:
    user, error = _own_profile(request)
    if error:
        return error
    bio = (form.get("biography") or "").strip()
    if len(bio) > BIO_MAX:
        return render(request, "edit_biography.html", dict(
            title="Edit biography", biography=bio,
            errors={"biography": f"This value is too long. It should have {BIO_MAX} characters or less."}),
            status_code=400)
    db(request).execute("UPDATE users SET biography = ? WHERE id = ?", (bio, user["id"]))
    return redirect(request, f"/user/{user['username']}", "Your biography was saved.")


# --- subscriptions -------------------------------------------------------------------------------


def _subscription(request: Request, form: dict[str, str], subscribe: bool) -> Response:
    conn = db(request)
    forum = forum_by_name(conn, request.path_params["forum"])
    if forum is None:
        return not_found(request)
    back = safe_path(form.get("back"), f"/f/{forum['name']}")
    user = current_user(request)
    if user is None:
        return login_redirect(request, back)
    if subscribe:
        conn.execute("INSERT OR IGNORE INTO subscriptions (user_id, forum_id, subscribed_at) VALUES (?,?,?)",
                     (user["id"], forum["id"], site_now(conn)))
    else:
        conn.execute("DELETE FROM subscriptions WHERE user_id = ? AND forum_id = ?", (user["id"], forum["id"]))
    return redirect(request, back)


@form_view
def subscribe(request: Request, form: dict[str, str]) -> Response:
    return _subscription(request, form, True)


@form_view
def unsubscribe(request: Request, form: dict[str, str]) -> Response:
    return _subscription(request, form, False)


# --- forums ----------------------------------------------------------------------------------------


def _forum_values(form: dict[str, str]) -> dict[str, str]:
    return {k: (form.get(k) or "").strip() for k in ("name", "title", "description", "sidebar")}


def _forum_errors(values: dict[str, str], creating: bool, conn) -> dict[str, str]:
    errors = {}
    if creating:
        if not FORUM_NAME_RE.match(values["name"]):
            errors["name"] = "Names must be 3-25 characters: letters, digits and underscores."
        elif forum_by_name(conn, values["name"]) is not None:
            errors["name"] = "That name is already taken."
    if not values["title"]:
        errors["title"] = "This value should not be blank."
    elif len(values["title"]) > 100:
        errors["title"] = "This value is too long. It should have 100 characters or less."
    if not values["description"]:
        errors["description"] = "This value should not be blank."
    elif len(values["description"]) > 1500:
        errors["description"] = "This value is too long. It should have 1500 characters or less."
    if len(values["sidebar"]) > 10000:
        errors["sidebar"] = "This value is too long. It should have 10000 characters or less."
    return errors


@require_user
def create_forum(request: Request) -> Response:
    return render(request, "forum_form.html", dict(title="Create forum", values={}, errors={}, forum=None))


@form_view
def create_forum_post(request: Request, form: dict[str, str]) -> Response:
    conn = db(request)
    user = current_user(request)
    if user is None:
        return login_redirect(request, "/create_forum")
    values = _forum_values(form)
    errors = _forum_errors(values, True, conn)
    if errors:
        return render(request, "forum_form.html", dict(title="Create forum", values=values, errors=errors,
                                                       forum=None), status_code=400)
    now = site_now(conn)
    cur = conn.execute("INSERT INTO forums (name, title, description, sidebar, created_at) VALUES (?,?,?,?,?)",
                       (values["name"], values["title"], values["description"], values["sidebar"], now))
    conn.execute("INSERT INTO moderators (forum_id, user_id, created_at) VALUES (?,?,?)", (cur.lastrowid,
                                                                                           user["id"], now))
    conn.execute("INSERT INTO subscriptions (user_id, forum_id, subscribed_at) VALUES (?,?,?)",
                 (user["id"], cur.lastrowid, now))
    return redirect(request, f"/f/{values['name']}", "The forum was created.")


def _moderated_forum(request: Request):
    conn = db(request)
    forum = forum_by_name(conn, request.path_params["forum"])
    if forum is None:
        return None, not_found(request)
    user = current_user(request)
    if user is None:
        return None, login_redirect(request)
    if not is_moderator(conn, user, forum["id"]):
        return None, forbidden(request)
    return forum, None


def edit_forum(request: Request) -> Response:
    forum, error = _moderated_forum(request)
    if error:
        return error
    return render(request, "forum_form.html", dict(title=f"Edit forum {forum['name']}", values=dict(forum),
                                                   errors={}, forum=forum))


@form_view
def edit_forum_post(request: Request, form: dict[str, str]) -> Response:
    forum, error = _moderated_forum(request)
    if error:
        return error
    values = _forum_values(form)
    values["name"] = forum["name"]
    errors = _forum_errors(values, False, db(request))
    if errors:
        return render(request, "forum_form.html", dict(title=f"Edit forum {forum['name']}", values=values,
                                                       errors=errors, forum=forum), status_code=400)
    db(request).execute("UPDATE forums SET title = ?, description = ?, sidebar = ? WHERE id = ?",
                        (values["title"], values["description"], values["sidebar"], forum["id"]))
    return redirect(request, f"/f/{forum['name']}", "The forum was updated.")
