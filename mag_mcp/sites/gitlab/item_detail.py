"""What an issue's or merge request's page shows: the item, its people, its activity as threads
(a thread is the notes that share a `discussion_id`, oldest first; system notes stand alone),
award emoji, and for merge requests the commits, changes, pipelines and approvals behind the
tabs. `detail_context` is shared by the Overview page and the merge request's other tabs."""

from __future__ import annotations

import sqlite3
from collections import Counter
from typing import Any

from starlette.requests import Request

from ..base import db
from .common import access_level, current_user, get_project
from .items_common import MR, Kind, _item, _item_url, _labels, _milestones
from .queries import labels_of, project_users
from .repo import commit_files, mr_commit_rows

REPORTER, DEVELOPER = 20, 30
EMOJI_CHARS = {"thumbsup": "👍", "thumbsdown": "👎", "heart": "❤️", "tada": "🎉", "rocket": "🚀", "eyes": "👀",
               "smile": "😄", "100": "💯"}


def threads(notes: list[sqlite3.Row]) -> list[dict[str, Any]]:
    """Activity in order: {'system': note} or {'notes': [first, replies...], 'id', 'resolvable', 'resolved'}."""
    out: list[dict[str, Any]] = []
    by_id: dict[str, dict[str, Any]] = {}
    for n in notes:
        if n["system"]:
            out.append({"system": n})
            continue
        key = n["discussion_id"] or f"n{n['id']}"
        if key not in by_id:
            by_id[key] = {"id": key, "notes": [], "resolvable": bool(n["resolvable"]), "resolved": bool(n["resolved"]),
                          "path": n["position_path"], "line": n["position_line"]}
            out.append(by_id[key])
        by_id[key]["notes"].append(n)
        by_id[key]["resolved"] = all(bool(x["resolved"]) for x in by_id[key]["notes"])
    return out


def awards(conn: sqlite3.Connection, noteable: str, item_id: int, me: sqlite3.Row | None) -> list[dict[str, Any]]:
    rows = conn.execute("SELECT name, user_id FROM award_emoji WHERE awardable_type = ? AND awardable_id = ?",
                        (noteable, item_id)).fetchall()
    counts = Counter(r["name"] for r in rows)
    mine = {r["name"] for r in rows if me is not None and r["user_id"] == me["id"]}
    names = ["thumbsup", "thumbsdown"] + sorted(n for n in counts if n not in ("thumbsup", "thumbsdown"))
    return [{"name": n, "char": EMOJI_CHARS.get(n, "•"), "count": counts.get(n, 0), "mine": n in mine} for n in names]


def detail_context(request: Request, kind: Kind, ns: str, project: str, iid: int) -> tuple[sqlite3.Row, dict[str, Any]]:
    conn = db(request)
    p = get_project(request, ns, project)
    item = _item(conn, kind, p, iid)
    me = current_user(request)
    level = access_level(conn, me, p)
    ids = {item["author_id"], item["assignee_id"] or -1, (item["reviewer_id"] if kind is MR else None) or -1,
           (item["closed_by_id"] if kind is not MR else item["merged_by_id"]) or -1}
    people = {r["id"]: r for r in conn.execute(f"SELECT * FROM users WHERE id IN ({','.join('?' * len(ids))})", list(ids))}
    notes = conn.execute(
        "SELECT n.*, u.username, u.name FROM notes n JOIN users u ON u.id = n.author_id"
        " WHERE n.noteable_type = ? AND n.noteable_id = ? ORDER BY n.created_at, n.id", (kind.noteable, item["id"])).fetchall()
    is_author = bool(me and me["id"] == item["author_id"])
    notes_filter = request.query_params.get("notes_filter") or "all"
    if notes_filter == "comments":
        notes = [n for n in notes if not n["system"]]
    elif notes_filter == "history":
        notes = [n for n in notes if n["system"]]
    else:
        notes_filter = "all"
    acts = threads(notes)
    ref = f"{p['full_path']}{kind.sigil}{iid}"
    related = conn.execute(
        "SELECT iid, title, state FROM merge_requests WHERE project_id = ? AND (description LIKE ? OR description LIKE ?)"
        " ORDER BY iid", (p["id"], f"%#{iid}\n%", f"%#{iid}")).fetchall() if kind is not MR else []
    ctx: dict[str, Any] = dict(
        kind=kind, item=item, people=people, threads=acts, milestone=conn.execute(
            "SELECT * FROM milestones WHERE id = ?", (item["milestone_id"] or -1,)).fetchone(),
        item_labels=labels_of(conn, kind.key, [item["id"]])[item["id"]], labels_all=_labels(conn, p["id"]),
        milestones=_milestones(conn, p["id"]), members=project_users(conn, p["id"]), item_url=_item_url(kind, p, iid),
        can_edit=level >= REPORTER, can_close=level >= REPORTER or is_author, can_merge=level >= DEVELOPER,
        can_retitle=level >= REPORTER or is_author, can_resolve=level >= DEVELOPER or is_author,
        awards=awards(conn, kind.noteable, item["id"], me), notes_filter=notes_filter, reference=ref,
        related_mrs=related,
        comment_count=sum(len(t["notes"]) for t in acts if "notes" in t),
        unresolved=sum(1 for t in acts if t.get("resolvable") and not t.get("resolved")),
        resolvable=sum(1 for t in acts if t.get("resolvable")),
        participants=conn.execute(
            "SELECT DISTINCT u.* FROM users u WHERE u.id = ? OR u.id IN (SELECT author_id FROM notes"
            " WHERE noteable_type = ? AND noteable_id = ?) ORDER BY lower(u.name)",
            (item["author_id"], kind.noteable, item["id"])).fetchall(),
    )
    if kind is MR:
        commits = mr_commit_rows(conn, item["id"])
        files: dict[str, dict[str, Any]] = {}
        for c in commits[::-1]:
            for f in commit_files(conn, c):
                entry = files.setdefault(f.path, {"path": f.path, "status": f.status, "additions": 0, "deletions": 0,
                                                  "parts": []})
                entry["additions"] += f.additions
                entry["deletions"] += f.deletions
                entry["parts"].append((c["sha"], f))
        approvers = conn.execute(
            "SELECT u.*, a.created_at AS approved_at FROM approvals a JOIN users u ON u.id = a.user_id"
            " WHERE a.merge_request_id = ? ORDER BY a.created_at", (item["id"],)).fetchall()
        pipelines = conn.execute(
            "SELECT p.*, u.username, u.name AS user_name FROM content.pipelines p LEFT JOIN users u ON u.id = p.user_id"
            " WHERE p.project_id = ? AND p.mr_iid = ? ORDER BY p.id DESC", (p["id"], iid)).fetchall()
        branches = {r[0] for r in conn.execute("SELECT name FROM branches WHERE project_id = ?", (p["id"],))}
        ctx.update(source_exists=item["source_branch"] in branches, target_exists=item["target_branch"] in branches,
                   commits=commits, commit_count=len(commits), files=list(files.values()),
                   approvers=approvers, approved_by_me=any(me is not None and a["id"] == me["id"] for a in approvers),
                   approvals_required=p["approvals_required"], pipelines=pipelines,
                   can_approve=level >= DEVELOPER and not is_author and item["state"] == "opened")
    return p, ctx
