"""The forum's mutable seed database (what every episode copies), written from `generate`.
(Views import these names through `reddit.seed`.)

Bodies of seeded posts and comments and the crowd's votes live in the read-only content
database (`content_db`, attached as ``content``); this one holds every row's metadata and
everything a task can change, and stays small (about 15 MB) so a reset copies it in
milliseconds. Two builds give byte-for-byte identical table contents.

Conventions
-----------
* Timestamps are TEXT ``'YYYY-MM-DD HH:MM:SS'`` (UTC), from 2020 up to ``SEED_NOW``
  (2023-06-12 18:00:00). The site's clock is logical (`common.site_now`). Ids grow with
  time: "newest" = highest ``id``, for submissions and for comments.
* Bodies: ``body`` holds the text of rows written or edited at run time; a seeded row has
  ``body_in_content = 1`` and its text in ``content.submission_texts`` /
  ``content.comment_texts`` (``body`` NULL). A link post without text has neither.
* Scores: ``net_score = upvotes - downvotes``; the counts equal the +1/-1 rows of the votes
  tables here plus the crowd's rows in ``content`` not withdrawn (`withdrawn_votes`). A
  new submission or comment starts with its author's own upvote.
* Names: ``users.username``, ``forums.name`` and ``wiki_pages.path`` are unique
  case-insensitively (``COLLATE NOCASE``); compare with ``=``.
* Every user's password is ``test1234``.

Schema (``id`` columns are INTEGER PRIMARY KEY)
------
users(id, username, password_hash, biography ('' when none), created_at, is_admin 0/1)
sessions(token PRIMARY KEY, user_id, created_at)  -- the ``reddit_session`` cookie
forums(id, name -- the <forum> in /f/<forum>, title, description, sidebar (lines joined by
    '\\n'), category, created_at)
moderators(forum_id, user_id, created_at)   subscriptions(user_id, forum_id, subscribed_at)
submissions(id, forum_id, user_id, title, url NULL, body NULL, body_in_content 0/1, slug (at
    most 60 chars), created_at, edited_at NULL, upvotes, downvotes, net_score, comment_count
    (comments with deleted = 0), ranking ("hot", higher first), last_active, sticky 0/1, locked 0/1)
comments(id, submission_id, parent_id NULL (top level), user_id, body NULL, body_in_content 0/1,
    created_at, edited_at NULL, upvotes, downvotes, net_score, deleted -- 0 live, 1 deleted by
    its author, 2 removed by a moderator (both stay as placeholders, body ''))
submission_votes / comment_votes(<target>_id, user_id, choice +1|-1, created_at): the default
    user's votes and every vote cast at run time
withdrawn_votes(kind 'submission'|'comment', target_id, user_id): crowd votes replaced at run time
forum_bans(id, forum_id, user_id, reason, banned_by, created_at, expires_at NULL (never), lifted_at NULL)
moderation_log(id, forum_id, moderator_id, action -- submission_deletion, submission_lock,
    comment_deletion, ban, unban; author_id, submission_id NULL, comment_id NULL, title, reason,
    ban_id NULL, created_at)
user_flairs(forum_id, user_id, flair)
wiki_pages(id, path, locked 0/1, created_at)   wiki_revisions(id, page_id, user_id, title, body, created_at)

Handy queries::

    -- posts by a user
    SELECT s.id, f.name, s.title FROM submissions s JOIN forums f ON f.id = s.forum_id
      JOIN users u ON u.id = s.user_id WHERE u.username = 'MarvelsGrantMan136';
    -- what the default user voted on
    SELECT submission_id, choice FROM submission_votes WHERE user_id = 1;
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import unicodedata
from pathlib import Path

from .generate import SLUG_MAX, forum_world
from .people import DEFAULT_SUBSCRIPTIONS, DEFAULT_USERNAME  # noqa: F401 (re-exported)
from ..textgen.catalog import GADGET_BRANDS  # noqa: F401 (re-exported)
from ..timeline import SEED_NOW, SEED_START, epoch, hot_ranking  # noqa: F401 (re-exported)

DEFAULT_PASSWORD = "test1234"
DEFAULT_SESSION_TOKEN = "9d3c5a7e1f2b4c6d8e0a1b3c5d7e9f10"

SCHEMA = """
CREATE TABLE users (
    id INTEGER PRIMARY KEY, username TEXT NOT NULL UNIQUE COLLATE NOCASE, password_hash TEXT NOT NULL,
    biography TEXT NOT NULL DEFAULT '', created_at TEXT NOT NULL, is_admin INTEGER NOT NULL DEFAULT 0);
CREATE TABLE sessions (
    token TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL);
CREATE TABLE forums (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE, title TEXT NOT NULL,
    description TEXT NOT NULL, sidebar TEXT NOT NULL DEFAULT '', category TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL);
CREATE TABLE moderators (
    forum_id INTEGER NOT NULL REFERENCES forums(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE, created_at TEXT NOT NULL,
    PRIMARY KEY (forum_id, user_id));
CREATE TABLE subscriptions (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    forum_id INTEGER NOT NULL REFERENCES forums(id) ON DELETE CASCADE, subscribed_at TEXT NOT NULL,
    PRIMARY KEY (user_id, forum_id)) WITHOUT ROWID;
CREATE INDEX subscriptions_forum ON subscriptions(forum_id);
CREATE TABLE submissions (
    id INTEGER PRIMARY KEY, forum_id INTEGER NOT NULL REFERENCES forums(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id), title TEXT NOT NULL, url TEXT, body TEXT,
    body_in_content INTEGER NOT NULL DEFAULT 0, slug TEXT NOT NULL, created_at TEXT NOT NULL, edited_at TEXT,
    upvotes INTEGER NOT NULL DEFAULT 0, downvotes INTEGER NOT NULL DEFAULT 0, net_score INTEGER NOT NULL DEFAULT 0,
    comment_count INTEGER NOT NULL DEFAULT 0, ranking INTEGER NOT NULL, last_active TEXT NOT NULL,
    sticky INTEGER NOT NULL DEFAULT 0, locked INTEGER NOT NULL DEFAULT 0);
CREATE INDEX submissions_forum ON submissions(forum_id, ranking);
CREATE INDEX submissions_forum_new ON submissions(forum_id, id);
CREATE INDEX submissions_user ON submissions(user_id, id);
CREATE INDEX submissions_ranking ON submissions(ranking);
CREATE INDEX submissions_score ON submissions(net_score);
CREATE INDEX submissions_active ON submissions(last_active);
CREATE INDEX submissions_comments ON submissions(comment_count);
CREATE TABLE comments (
    id INTEGER PRIMARY KEY, submission_id INTEGER NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
    parent_id INTEGER REFERENCES comments(id) ON DELETE CASCADE, user_id INTEGER NOT NULL REFERENCES users(id),
    body TEXT, body_in_content INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, edited_at TEXT,
    upvotes INTEGER NOT NULL DEFAULT 0, downvotes INTEGER NOT NULL DEFAULT 0, net_score INTEGER NOT NULL DEFAULT 0,
    deleted INTEGER NOT NULL DEFAULT 0);
CREATE INDEX comments_submission ON comments(submission_id);
CREATE INDEX comments_parent ON comments(parent_id);
CREATE INDEX comments_user ON comments(user_id, id);
CREATE TABLE submission_votes (
    submission_id INTEGER NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    choice INTEGER NOT NULL CHECK (choice IN (-1, 1)), created_at TEXT NOT NULL,
    PRIMARY KEY (submission_id, user_id));
CREATE INDEX submission_votes_user ON submission_votes(user_id);
CREATE TABLE comment_votes (
    comment_id INTEGER NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    choice INTEGER NOT NULL CHECK (choice IN (-1, 1)), created_at TEXT NOT NULL,
    PRIMARY KEY (comment_id, user_id));
CREATE INDEX comment_votes_user ON comment_votes(user_id);
CREATE TABLE withdrawn_votes (
    kind TEXT NOT NULL CHECK (kind IN ('submission', 'comment')), target_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL, PRIMARY KEY (kind, target_id, user_id)) WITHOUT ROWID;
CREATE TABLE forum_bans (
    id INTEGER PRIMARY KEY, forum_id INTEGER NOT NULL REFERENCES forums(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id), reason TEXT NOT NULL, banned_by INTEGER NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL, expires_at TEXT, lifted_at TEXT);
CREATE INDEX forum_bans_forum ON forum_bans(forum_id, user_id);
CREATE TABLE moderation_log (
    id INTEGER PRIMARY KEY, forum_id INTEGER NOT NULL REFERENCES forums(id) ON DELETE CASCADE,
    moderator_id INTEGER NOT NULL REFERENCES users(id), action TEXT NOT NULL, author_id INTEGER REFERENCES users(id),
    submission_id INTEGER REFERENCES submissions(id) ON DELETE SET NULL,
    comment_id INTEGER REFERENCES comments(id) ON DELETE SET NULL, title TEXT NOT NULL DEFAULT '',
    reason TEXT NOT NULL DEFAULT '', ban_id INTEGER REFERENCES forum_bans(id), created_at TEXT NOT NULL);
CREATE INDEX moderation_log_forum ON moderation_log(forum_id, id);
CREATE TABLE user_flairs (
    forum_id INTEGER NOT NULL REFERENCES forums(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE, flair TEXT NOT NULL,
    PRIMARY KEY (forum_id, user_id)) WITHOUT ROWID;
CREATE TABLE wiki_pages (
    id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE COLLATE NOCASE, locked INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL);
CREATE TABLE wiki_revisions (
    id INTEGER PRIMARY KEY, page_id INTEGER NOT NULL REFERENCES wiki_pages(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id), title TEXT NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX wiki_revisions_page ON wiki_revisions(page_id, id);
"""


def slugify(title: str) -> str:
    """Postmill's slug: ASCII, lower case, '-' between words, cut at a word boundary before 60 chars."""
    text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode().lower()
    slug = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    if len(slug) > SLUG_MAX:
        slug = slug[:SLUG_MAX]
        if "-" in slug:
            slug = slug[: slug.rfind("-")]
    return slug or "-"


def hash_password(password: str, salt: str) -> str:
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), 1000).hex()
    return f"pbkdf2_sha256$1000${salt}${digest}"


def verify_password(password: str, stored: str) -> bool:
    try:
        _, iters, salt, digest = stored.split("$")
    except ValueError:
        return False
    return hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), int(iters)).hex() == digest


def build_seed(path: Path) -> None:
    """Write a fresh, deterministic Postmill database to `path`."""
    from .seed_rows import write_main

    path = Path(path)
    path.unlink(missing_ok=True)
    conn = sqlite3.connect(path)
    try:
        conn.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;" + SCHEMA)
        write_main(conn, forum_world())
        conn.commit()
        conn.execute("VACUUM")
    finally:
        conn.close()


if __name__ == "__main__":  # pragma: no cover - manual timing helper
    import sys
    import time

    t0 = time.perf_counter()
    build_seed(Path(sys.argv[1] if len(sys.argv) > 1 else "reddit-seed.sqlite"))
    print(f"built in {time.perf_counter() - t0:.2f}s")
