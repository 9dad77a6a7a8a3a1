"""POST actions on one issue or merge request: comment (or reply in a thread), close, reopen,
merge, edit, labels, assignee, reviewer, milestone, due date, approve / unapprove, resolve /
unresolve a thread, and award emoji. Each answers 303 (post/redirect/get); changes of state
write a system note, as GitLab does."""

from __future__ import annotations

import sqlite3

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import (
    access_level,
    current_user,
    date_short,
    forbidden,
    form_view,
    get_project,
    now,
    parse_date,
    parse_int,
    redirect,
    user_by_name,
)
from .items_common import ISSUE, KINDS, Kind, _item, _item_url, _labels, _note
from .seed import sha_of

REPORTER, DEVELOPER = 20, 30
AWARDS = ("thumbsup", "thumbsdown", "heart", "tada", "rocket", "eyes", "smile")


def _action(kind: Kind, name: str):
    """A POST endpoint for one action on one issue / merge request."""

    def endpoint(request: Request, form: dict, ns: str, project: str, iid: int) -> Response:
        conn = db(request)
        p = get_project(request, ns, project)
        item = _item(conn, kind, p, iid)
        me = current_user(request)
        level = access_level(conn, me, p)
        url = _item_url(kind, p, iid)
        is_author = me["id"] == item["author_id"]
        if name == "notes":
            body = (form.get("note[note]") or "").strip()
            if not body:
                return redirect(request, url, "Your comment could not be submitted because it is empty.", "alert")
            thread = (form.get("note[discussion_id]") or "").strip() or None
            if thread is not None and conn.execute(
                    "SELECT 1 FROM notes WHERE noteable_type = ? AND noteable_id = ? AND discussion_id = ?",
                    (kind.noteable, item["id"], thread)).fetchone() is None:
                return redirect(request, url, "That thread does not exist.", "alert")
            _note(conn, kind, item, me["id"], body, discussion_id=thread)
            return redirect(request, url + "#notes")
        if name == "award_emoji":
            emoji = form.get("name") or ""
            if emoji not in AWARDS:
                return redirect(request, url, "Unknown emoji.", "alert")
            args = (kind.noteable, item["id"], me["id"], emoji)
            if conn.execute("SELECT 1 FROM award_emoji WHERE awardable_type = ? AND awardable_id = ? AND user_id = ?"
                            " AND name = ?", args).fetchone():
                conn.execute("DELETE FROM award_emoji WHERE awardable_type = ? AND awardable_id = ? AND user_id = ?"
                             " AND name = ?", args)
            else:
                conn.execute("INSERT INTO award_emoji (awardable_type, awardable_id, user_id, name, created_at)"
                             " VALUES (?,?,?,?,?)", args + (now(),))
            return redirect(request, url)
        if name in ("resolve", "unresolve"):
            thread = form.get("discussion_id") or ""
            if level < DEVELOPER and not is_author:
                return forbidden(request, "You are not allowed to resolve this thread.")
            done = conn.execute(
                "UPDATE notes SET resolved = ?, resolved_by_id = ? WHERE noteable_type = ? AND noteable_id = ?"
                " AND discussion_id = ? AND resolvable = 1",
                (int(name == "resolve"), me["id"] if name == "resolve" else None, kind.noteable, item["id"], thread))
            if not done.rowcount:
                return redirect(request, url, "That thread cannot be resolved.", "alert")
            conn.execute(f"UPDATE {kind.table} SET updated_at = ? WHERE id = ?", (now(), item["id"]))
            return redirect(request, url + "#notes")
        if name in ("approve", "unapprove"):
            if level < DEVELOPER:
                return forbidden(request, "You need the Developer role or higher to approve merge requests.")
            if is_author:
                return forbidden(request, "The author of a merge request cannot approve it.")
            if item["state"] != "opened":
                return redirect(request, url, "Only open merge requests can be approved.", "alert")
            has = conn.execute("SELECT 1 FROM approvals WHERE merge_request_id = ? AND user_id = ?",
                               (item["id"], me["id"])).fetchone()
            if name == "approve" and not has:
                conn.execute("INSERT INTO approvals VALUES (?,?,?)", (item["id"], me["id"], now()))
                _note(conn, kind, item, me["id"], "approved this merge request", 1)
            elif name == "unapprove" and has:
                conn.execute("DELETE FROM approvals WHERE merge_request_id = ? AND user_id = ?", (item["id"], me["id"]))
                _note(conn, kind, item, me["id"], "unapproved this merge request", 1)
            return redirect(request, url)
        if name in ("close", "reopen"):
            if not (level >= REPORTER or is_author):
                return forbidden(request, f"You are not allowed to {name} this {kind.noun}.")
            if name == "close" and item["state"] == "opened":
                extra = ", closed_by_id = ?" if kind is ISSUE else ""
                args = [now()] + ([me["id"]] if kind is ISSUE else []) + [item["id"]]
                conn.execute(f"UPDATE {kind.table} SET state = 'closed', closed_at = ?{extra} WHERE id = ?", args)
                _note(conn, kind, item, me["id"], "closed", 1)
            elif name == "reopen" and item["state"] == "closed":
                extra = ", closed_by_id = NULL" if kind is ISSUE else ""
                conn.execute(
                    f"UPDATE {kind.table} SET state = 'opened', closed_at = NULL{extra} WHERE id = ?", (item["id"],)
                )
                _note(conn, kind, item, me["id"], "reopened", 1)
            return redirect(request, url)
        if name == "merge":
            if level < DEVELOPER:
                return forbidden(request, "You need the Developer role or higher to merge.")
            if item["state"] == "opened":
                ts = now()
                merge_sha = sha_of(p["full_path"], item["target_branch"], item["source_branch"], ts)
                conn.execute(
                    "UPDATE merge_requests SET state = 'merged', merged_at = ?, merged_by_id = ?, merge_commit_sha = ?"
                    " WHERE id = ?",
                    (ts, me["id"], merge_sha, item["id"]),
                )
                conn.execute("UPDATE branches SET commit_sha = ?, created_at = ? WHERE project_id = ? AND name = ?",
                             (merge_sha, ts, p["id"], item["target_branch"]))
                conn.execute(
                    "INSERT INTO commits (project_id, sha, branch, title, message, author_id, author_name,"
                    " author_email, created_at) VALUES (?,?,?,?,?,?,?,?,?)",
                    (
                        p["id"],
                        merge_sha,
                        item["target_branch"],
                        f"Merge branch '{item['source_branch']}' into '{item['target_branch']}'",
                        f"{item['title']}\n\nSee merge request {p['full_path']}!{iid}",
                        me["id"],
                        me["name"],
                        me["email"],
                        ts,
                    ),
                )
                _note(conn, kind, item, me["id"], "merged", 1)
            return redirect(request, url)
        if name == "edit":
            if not (level >= REPORTER or is_author):
                return forbidden(request, f"You are not allowed to edit this {kind.noun}.")
            title = (form.get("title") or "").strip()
            if not title:
                return redirect(request, url + "/edit", "Title can't be blank", "alert")
            description = form.get("description") or ""
            conn.execute(
                f"UPDATE {kind.table} SET title = ?, description = ?, updated_at = ? WHERE id = ?",
                (title, description, now(), item["id"]),
            )
            if title != item["title"]:
                _note(conn, kind, item, me["id"], f"changed title from **{item['title']}** to **{title}**", 1)
            elif description != item["description"]:
                _note(conn, kind, item, me["id"], "changed the description", 1)
            return redirect(request, url)
        # --- sidebar metadata: Reporter or higher ---
        if level < REPORTER:
            return forbidden(request, f"You need the Reporter role or higher to change this {kind.noun}.")
        if name == "labels":
            wanted = set(form.get("label_names[]") or [])
            if form.get("add_label"):
                wanted |= {
                    t
                    for (t,) in conn.execute(
                        f"SELECT l.title FROM {kind.link_table} x JOIN labels l ON l.id = x.label_id"
                        f" WHERE x.{kind.link_col} = ?",
                        (item["id"],),
                    )
                } | {form["add_label"]}
            _set_labels(conn, kind, item, p, me, wanted)
            return redirect(request, url)
        if name == "remove_label":
            current = {
                t
                for (t,) in conn.execute(
                    f"SELECT l.title FROM {kind.link_table} x JOIN labels l ON l.id = x.label_id WHERE x.{kind.link_col} = ?",
                    (item["id"],),
                )
            }
            _set_labels(conn, kind, item, p, me, current - {form.get("label", "")})
            return redirect(request, url)
        if name in ("assignee", "reviewer"):
            col = f"{name}_id"
            username = (form.get(f"{name}_username") or "").strip()
            if form.get("assign_self"):
                username = me["username"]
            person = user_by_name(conn, username) if username else None
            if username and person is None:
                return redirect(request, url, f"User {username} not found.", "alert")
            new_id = person["id"] if person else None
            if new_id != item[col]:
                conn.execute(
                    f"UPDATE {kind.table} SET {col} = ?, updated_at = ? WHERE id = ?", (new_id, now(), item["id"])
                )
                if name == "assignee":
                    body = f"assigned to @{person['username']}" if person else "removed assignee"
                else:
                    body = f"requested review from @{person['username']}" if person else "removed review request"
                _note(conn, kind, item, me["id"], body, 1)
            return redirect(request, url)
        if name == "milestone":
            mid = parse_int(form.get("milestone_id"))
            ms = conn.execute(
                "SELECT * FROM milestones WHERE project_id = ? AND id = ?", (p["id"], mid or -1)
            ).fetchone()
            if (ms["id"] if ms else None) != item["milestone_id"]:
                conn.execute(
                    f"UPDATE {kind.table} SET milestone_id = ?, updated_at = ? WHERE id = ?",
                    (ms["id"] if ms else None, now(), item["id"]),
                )
                _note(
                    conn, kind, item, me["id"], f"changed milestone to %{ms['title']}" if ms else "removed milestone", 1
                )
            return redirect(request, url)
        if name == "due_date" and kind is ISSUE:
            try:
                due = parse_date(form.get("due_date"))
            except ValueError:
                return redirect(request, url, "Due date is not a valid date.", "alert")
            if due != item["due_date"]:
                conn.execute("UPDATE issues SET due_date = ?, updated_at = ? WHERE id = ?", (due, now(), item["id"]))
                _note(
                    conn,
                    kind,
                    item,
                    me["id"],
                    f"changed due date to {date_short(due)}" if due else "removed due date",
                    1,
                )
            return redirect(request, url)
        raise HTTPException(404)

    endpoint.__name__ = f"{kind.key}_{name}"
    return form_view(endpoint)


def _set_labels(
    conn: sqlite3.Connection, kind: Kind, item: sqlite3.Row, p: sqlite3.Row, me: sqlite3.Row, wanted: set[str]
) -> None:
    by_title = {r["title"]: r for r in _labels(conn, p["id"])}
    wanted = {t for t in wanted if t in by_title}
    current = {
        t
        for (t,) in conn.execute(
            f"SELECT l.title FROM {kind.link_table} x JOIN labels l ON l.id = x.label_id WHERE x.{kind.link_col} = ?",
            (item["id"],),
        )
    }
    added, removed = sorted(wanted - current), sorted(current - wanted)
    for t in added:
        conn.execute(f"INSERT OR IGNORE INTO {kind.link_table} VALUES (?,?)", (item["id"], by_title[t]["id"]))
    for t in removed:
        conn.execute(
            f"DELETE FROM {kind.link_table} WHERE {kind.link_col} = ? AND label_id = ?", (item["id"], by_title[t]["id"])
        )
    parts = []
    if added:
        parts.append(
            "added "
            + " ".join(f'~"{t}"' if " " in t else f"~{t}" for t in added)
            + (" labels" if len(added) > 1 else " label")
        )
    if removed:
        parts.append(
            "removed "
            + " ".join(f'~"{t}"' if " " in t else f"~{t}" for t in removed)
            + (" labels" if len(removed) > 1 else " label")
        )
    if parts:
        _note(conn, kind, item, me["id"], " and ".join(parts), 1)


ACTIONS = {
    "issue": ("notes", "close", "reopen", "edit", "labels", "remove_label", "assignee", "milestone", "due_date",
              "award_emoji"),
    "mr": ("notes", "close", "reopen", "merge", "edit", "labels", "remove_label", "assignee", "reviewer", "milestone",
           "award_emoji", "resolve", "unresolve", "approve", "unapprove"),
}
ACTION_VIEWS = {(k, a): _action(KINDS[k], a) for k, names in ACTIONS.items() for a in names}

