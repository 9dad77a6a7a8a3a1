"""The rows of the forum's mutable database, from the generated world (see `seed` for the schema)."""

from __future__ import annotations

import sqlite3

from .generate import ForumWorld
from .seed import DEFAULT_PASSWORD, DEFAULT_SESSION_TOKEN, hash_password, slugify
from ..timeline import hot_ranking


def write_main(conn: sqlite3.Connection, fw: ForumWorld) -> None:
    fid = {r.name: r.id for r in fw.forums}
    conn.executemany(
        "INSERT INTO users (id, username, password_hash, biography, created_at, is_admin) VALUES (?,?,?,?,?,0)",
        [(u.id, u.username, hash_password(DEFAULT_PASSWORD, f"u{u.id:05d}"), u.biography, u.created_at)
         for u in fw.users])
    conn.execute("INSERT INTO sessions (token, user_id, created_at) VALUES (?,?,?)",
                 (DEFAULT_SESSION_TOKEN, 1, "2023-06-12 08:00:00"))
    conn.executemany("INSERT INTO forums (id, name, title, description, sidebar, category, created_at)"
                     " VALUES (?,?,?,?,?,?,?)",
                     [(r.id, r.name, r.title, r.description, r.sidebar, r.spec.category, r.created_at)
                      for r in fw.forums])
    conn.executemany("INSERT INTO moderators (forum_id, user_id, created_at) VALUES (?,?,?)", sorted(
        {(r.id, m, max(r.created_at, fw.users[m - 1].created_at)) for r in fw.forums for m in r.moderators}))
    subs = set()
    for u in fw.users:
        for name in u.home:
            r = fw.forums[fid[name] - 1]
            subs.add((u.id, r.id, max(u.created_at, r.created_at)))
        for r in fw.forums:
            if u.id in r.moderators:
                subs.add((u.id, r.id, max(u.created_at, r.created_at)))
    conn.executemany("INSERT OR IGNORE INTO subscriptions (user_id, forum_id, subscribed_at) VALUES (?,?,?)",
                     sorted(subs))

    last_active = {p.id: p.created_at for p in fw.posts}
    live = {p.id: 0 for p in fw.posts}
    for c in fw.comments:
        last_active[c.post.id] = max(last_active[c.post.id], c.created_at)
        if c.deleted == 0:
            live[c.post.id] += 1
    conn.executemany(
        "INSERT INTO submissions (id, forum_id, user_id, title, url, body, body_in_content, slug, created_at,"
        " edited_at, upvotes, downvotes, net_score, comment_count, ranking, last_active, sticky, locked)"
        " VALUES (?,?,?,?,?,NULL,?,?,?,?,?,?,?,?,?,?,?,?)",
        [(p.id, fid[p.forum], p.author, p.title, p.url, int(p.body is not None), slugify(p.title), p.created_at,
          p.edited_at, p.ups, p.downs, p.ups - p.downs, live[p.id], hot_ranking(p.created_at, p.ups - p.downs),
          last_active[p.id], p.sticky, p.locked) for p in fw.posts])
    conn.executemany(
        "INSERT INTO comments (id, submission_id, parent_id, user_id, body, body_in_content, created_at, edited_at,"
        " upvotes, downvotes, net_score, deleted) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
        [(c.id, c.post.id, c.parent.id if c.parent else None, c.author, "" if c.deleted else None,
          0 if c.deleted else 1, c.created_at, c.edited_at, c.ups, c.downs, c.ups - c.downs, c.deleted)
         for c in fw.comments])
    conn.executemany("INSERT INTO submission_votes (submission_id, user_id, choice, created_at) VALUES (?,?,?,?)",
                     sorted(fw.votes.main_posts))
    conn.executemany("INSERT INTO comment_votes (comment_id, user_id, choice, created_at) VALUES (?,?,?,?)",
                     sorted(fw.votes.main_comments))

    ban_id = {}
    rows = []
    for i, b in enumerate(sorted(fw.bans, key=lambda b: (b.created_at, b.forum, b.user)), start=1):
        ban_id[id(b)] = i
        rows.append((i, fid[b.forum], b.user, b.reason, b.moderator, b.created_at, b.expires_at, b.lifted_at))
    conn.executemany("INSERT INTO forum_bans (id, forum_id, user_id, reason, banned_by, created_at, expires_at,"
                     " lifted_at) VALUES (?,?,?,?,?,?,?,?)", rows)
    conn.executemany(
        "INSERT INTO moderation_log (forum_id, moderator_id, action, author_id, submission_id, comment_id, title,"
        " reason, ban_id, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
        [(fid[e.forum], e.moderator, e.action, e.author, e.post.id if e.post else None,
          e.comment.id if e.comment else None, e.title, e.reason, ban_id.get(id(e.ban)) if e.ban else None,
          e.created_at) for e in fw.log])
    conn.executemany("INSERT INTO user_flairs (forum_id, user_id, flair) VALUES (?,?,?)",
                     sorted((fid[f], u, t) for f, u, t in fw.flairs))

    pages: dict[str, int] = {}
    for rev in fw.wiki:
        if rev.path not in pages:
            pages[rev.path] = len(pages) + 1
            locked = int(rev.path in ("rules", "moderation"))
            conn.execute("INSERT INTO wiki_pages (id, path, locked, created_at) VALUES (?,?,?,?)",
                         (pages[rev.path], rev.path, locked, rev.created_at))
    conn.executemany("INSERT INTO wiki_revisions (page_id, user_id, title, body, created_at) VALUES (?,?,?,?,?)",
                     [(pages[r.path], r.user, r.title, r.body, r.created_at) for r in fw.wiki])
