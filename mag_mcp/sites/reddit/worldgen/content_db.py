"""The forum's read-only content database (attached as ``content`` to every connection): the
bodies of seeded posts and comments, a full-text index of seeded posts, and the crowd's votes.
Nothing here changes at run time; a post or comment edited by a task gets its new body in
the mutable database (``body_in_content = 0``), and a crowd vote changed at run time is
listed in the mutable ``withdrawn_votes``.

Schema
------
meta(key, value) -- last_submission_id, last_comment_id: the newest seeded rows
submission_texts(id PRIMARY KEY -- the submission id, body)
comment_texts(id PRIMARY KEY -- the comment id, body)
submission_search -- FTS5 over (title, body) of seeded submissions, rowid = submission id
crowd_submission_votes(user_id, submission_id, choice +1|-1, voted_at -- seconds since 1970)
crowd_comment_votes(user_id, comment_id, choice, voted_at)  -- both keyed by (user, target)
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .generate import forum_world, release

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE submission_texts (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE comment_texts (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE VIRTUAL TABLE submission_search USING fts5(title, body, tokenize = 'porter unicode61');
CREATE TABLE crowd_submission_votes (
    user_id INTEGER NOT NULL, submission_id INTEGER NOT NULL, choice INTEGER NOT NULL, voted_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, submission_id)) WITHOUT ROWID;
CREATE TABLE crowd_comment_votes (
    user_id INTEGER NOT NULL, comment_id INTEGER NOT NULL, choice INTEGER NOT NULL, voted_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, comment_id)) WITHOUT ROWID;
"""


def build_content(path: Path) -> None:
    """Write the content database to `path`, then let the generated world go."""
    path = Path(path)
    path.unlink(missing_ok=True)
    fw = forum_world()
    conn = sqlite3.connect(path)
    try:
        conn.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA page_size=8192;" + SCHEMA)
        conn.executemany("INSERT INTO meta (key, value) VALUES (?,?)",
                         [("last_submission_id", fw.posts[-1].id), ("last_comment_id", fw.comments[-1].id)])
        conn.executemany("INSERT INTO submission_texts (id, body) VALUES (?,?)",
                         [(p.id, p.body) for p in fw.posts if p.body is not None])
        conn.executemany("INSERT INTO comment_texts (id, body) VALUES (?,?)",
                         [(c.id, c.body) for c in fw.comments if not c.deleted])
        conn.executemany("INSERT INTO submission_search (rowid, title, body) VALUES (?,?,?)",
                         [(p.id, p.title, p.body or "") for p in fw.posts])
        conn.execute("INSERT INTO submission_search (submission_search) VALUES ('optimize')")
        conn.executemany("INSERT INTO crowd_submission_votes VALUES (?,?,?,?)", fw.votes.crowd_posts)
        conn.executemany("INSERT INTO crowd_comment_votes VALUES (?,?,?,?)", fw.votes.crowd_comments)
        conn.commit()
        conn.execute("VACUUM")
    finally:
        conn.close()
    release()
