"""The forum's generated world at WebArena scale, on the real seed: the issue's targets, the
consistency of scores and counts across the mutable and content databases, long user histories,
moderation and the wiki. (Determinism is pinned on a part of the world in test_reddit_text.)"""

from __future__ import annotations

import sqlite3

import pytest
from reddit_env import make_store

from mag_mcp.sites import world
from mag_mcp.sites.reddit import world_stats
from mag_mcp.sites.reddit.seed import DEFAULT_SUBSCRIPTIONS, DEFAULT_USERNAME, GADGET_BRANDS, SEED_NOW

REQUIRED_FORUMS = ("AskReddit", "books", "movies", "Music", "news", "worldnews", "technology", "gaming", "sports",
                   "food", "DIY", "science", "space", "history", "Art", "photography", "personalfinance", "travel",
                   "PortAlder", "PortAlderTransit", "programming")


@pytest.fixture(scope="module")
def conn(tmp_path_factory: pytest.TempPathFactory) -> sqlite3.Connection:
    store = make_store(tmp_path_factory.mktemp("reddit-world"))
    c = store.connect("default")
    yield c
    c.close()


@pytest.fixture(scope="module")
def figures(conn: sqlite3.Connection) -> dict[str, float]:
    return world_stats.counts(conn)


def test_targets_hold(figures: dict[str, float]) -> None:
    for key, minimum in world_stats.TARGETS.items():
        assert figures[key] >= minimum, (key, figures[key], minimum)
    assert figures["distinct_title_ratio"] >= 0.97
    assert figures["users"] >= 2500 and figures["users_with_100_comments"] >= 100
    assert figures["median_active_days_top_100"] >= 365  # regulars write for years
    assert figures["max_comment_depth"] >= 6
    assert figures["wiki_pages"] >= 40 and figures["wiki_revisions"] > figures["wiki_pages"]
    assert figures["moderation_log_entries"] >= 1000 and figures["bans"] >= 200 and figures["flairs"] >= 500


def test_world_stats_pages_exist(conn: sqlite3.Connection) -> None:
    kinds = {k for _, k, _ in world_stats.PAGES}
    assert len(world_stats.PAGES) >= 7 and kinds <= {"home", "listing", "detail", "form", "grid", "search", "profile"}
    for _, _, path in world_stats.PAGES:
        parts = path.split("?")[0].strip("/").split("/")
        if len(parts) >= 3 and parts[0] == "f" and parts[2].isdigit():
            row = conn.execute("SELECT f.name, s.comment_count FROM submissions s JOIN forums f ON f.id = s.forum_id"
                               " WHERE s.id = ?", (int(parts[2]),)).fetchone()
            assert row is not None and row[0] == parts[1] and row[1] >= 20, path


def test_scores_and_counts_match_the_vote_rows(conn: sqlite3.Connection) -> None:
    for table, main, crowd, key in (("submissions", "submission_votes", "content.crowd_submission_votes",
                                     "submission_id"), ("comments", "comment_votes", "content.crowd_comment_votes",
                                                        "comment_id")):
        bad = conn.execute(
            f"WITH v AS (SELECT {key} AS id, choice FROM {main} UNION ALL SELECT {key}, choice FROM {crowd}),"
            " t AS (SELECT id, SUM(choice = 1) AS up, SUM(choice = -1) AS down FROM v GROUP BY id)"
            f" SELECT COUNT(*) FROM {table} x LEFT JOIN t ON t.id = x.id WHERE x.upvotes != COALESCE(t.up, 0)"
            " OR x.downvotes != COALESCE(t.down, 0) OR x.net_score != x.upvotes - x.downvotes").fetchone()[0]
        assert bad == 0, table
    # every post and live comment has its author's own upvote
    assert conn.execute("SELECT COUNT(*) FROM comments c WHERE c.deleted = 0 AND NOT EXISTS (SELECT 1 FROM"
                        " content.crowd_comment_votes v WHERE v.user_id = c.user_id AND v.comment_id = c.id AND"
                        " v.choice = 1) AND NOT EXISTS (SELECT 1 FROM comment_votes v WHERE v.user_id = c.user_id"
                        " AND v.comment_id = c.id)").fetchone()[0] == 0
    # the crowd table never holds the default user's votes
    assert conn.execute("SELECT COUNT(*) FROM content.crowd_submission_votes WHERE user_id = 1").fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM submissions s WHERE comment_count != (SELECT COUNT(*) FROM comments c"
                        " WHERE c.submission_id = s.id AND deleted = 0)").fetchone()[0] == 0


def test_comment_lengths_vary_like_people(conn: sqlite3.Connection) -> None:
    lengths = sorted(r[0] for r in conn.execute("SELECT length(body) FROM content.comment_texts"))
    n = len(lengths)
    assert lengths[n // 10] < 60 and 60 < lengths[n // 2] < 250 and lengths[9 * n // 10] > 180
    assert lengths[-n // 100] > 400  # and some long ones, in paragraphs
    assert conn.execute("SELECT COUNT(*) FROM content.comment_texts WHERE body LIKE '%' || char(10) || char(10) || '%'"
                        ).fetchone()[0] > 1000


def test_bodies_live_in_the_content_database(conn: sqlite3.Connection) -> None:
    assert conn.execute("SELECT COUNT(*) FROM comments WHERE body IS NOT NULL AND body != ''").fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM comments c WHERE c.body_in_content = 1 AND NOT EXISTS"
                        " (SELECT 1 FROM content.comment_texts t WHERE t.id = c.id)").fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM submissions s WHERE s.body_in_content = 1 AND NOT EXISTS"
                        " (SELECT 1 FROM content.submission_texts t WHERE t.id = s.id)").fetchone()[0] == 0
    last = conn.execute("SELECT value FROM content.meta WHERE key = 'last_comment_id'").fetchone()[0]
    assert last == conn.execute("SELECT MAX(id) FROM comments").fetchone()[0]


def test_threads_times_and_ids(conn: sqlite3.Connection) -> None:
    assert conn.execute("SELECT COUNT(*) FROM comments c JOIN comments p ON p.id = c.parent_id"
                        " WHERE p.submission_id != c.submission_id OR p.id > c.id OR c.created_at < p.created_at"
                        ).fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM comments c JOIN submissions s ON s.id = c.submission_id"
                        " WHERE c.created_at < s.created_at").fetchone()[0] == 0
    assert conn.execute("SELECT MAX(created_at) FROM comments").fetchone()[0] <= SEED_NOW
    for table in ("submissions", "comments"):
        dates = [r[0] for r in conn.execute(f"SELECT created_at FROM {table} ORDER BY id")]
        assert dates == sorted(dates), table
    # nobody writes before their account exists
    assert conn.execute("SELECT COUNT(*) FROM comments c JOIN users u ON u.id = c.user_id"
                        " WHERE c.created_at < u.created_at").fetchone()[0] == 0
    # the newest rows are not the default user's (tasks find what they add by id)
    for table in ("submissions", "comments"):
        assert conn.execute(f"SELECT user_id FROM {table} ORDER BY id DESC LIMIT 1").fetchone()[0] != 1
    # busy threads exist, and top-of-the-day has posts
    assert conn.execute("SELECT MAX(comment_count) FROM submissions").fetchone()[0] >= 150
    assert conn.execute("SELECT COUNT(*) FROM submissions WHERE created_at >= datetime(?, '-1 day')",
                        (SEED_NOW,)).fetchone()[0] >= 10


def test_forums_and_world_ties(conn: sqlite3.Connection) -> None:
    names = {r[0] for r in conn.execute("SELECT name FROM forums")}
    assert set(REQUIRED_FORUMS) <= names
    for f in REQUIRED_FORUMS:
        assert conn.execute("SELECT COUNT(*) FROM submissions s JOIN forums f ON f.id = s.forum_id"
                            " WHERE f.name = ?", (f,)).fetchone()[0] >= 40, f
    users = {r[0] for r in conn.execute("SELECT username FROM users")}
    assert {p.username for p in world.PEOPLE} <= users and DEFAULT_USERNAME in users
    assert set(GADGET_BRANDS) <= set(world.brands())
    shows = conn.execute("SELECT COUNT(*) FROM submissions s JOIN forums f ON f.id = s.forum_id JOIN users u ON"
                         " u.id = s.user_id LEFT JOIN content.submission_texts t ON t.id = s.id WHERE f.name ="
                         " 'programming' AND s.title LIKE 'Show:%' AND t.body LIKE '%/%'").fetchone()[0]
    assert shows >= 3
    landmarks = [lm.name for lm in world.LANDMARKS]
    port = [r[0] for r in conn.execute("SELECT s.title || ' ' || COALESCE(t.body, '') FROM submissions s JOIN forums f"
                                       " ON f.id = s.forum_id LEFT JOIN content.submission_texts t ON t.id = s.id"
                                       " WHERE f.name = 'PortAlder'")]
    assert sum(any(lm in text for lm in landmarks) for text in port) >= 100


def test_default_user_has_a_long_history(conn: sqlite3.Connection) -> None:
    me = conn.execute("SELECT * FROM users WHERE username = ?", (DEFAULT_USERNAME,)).fetchone()
    assert me["id"] == 1 and me["created_at"] < "2021-01-01"
    titles = {r[0] for r in conn.execute("SELECT title FROM submissions WHERE user_id = 1")}
    assert "Nvidia RTX 4090" in titles and len(titles) >= 6
    n, first, last = conn.execute("SELECT COUNT(*), MIN(created_at), MAX(created_at) FROM comments WHERE user_id = 1"
                                  ).fetchone()
    assert n >= 200 and first < "2021-06-01" and last > "2023-01-01"
    subs = {r[0] for r in conn.execute("SELECT f.name FROM subscriptions x JOIN forums f ON f.id = x.forum_id"
                                       " WHERE x.user_id = 1")}
    assert subs == set(DEFAULT_SUBSCRIPTIONS)
    assert conn.execute("SELECT COUNT(*) FROM submission_votes v JOIN submissions s ON s.id = v.submission_id"
                        " WHERE v.user_id = 1 AND s.user_id != 1").fetchone()[0] >= 300


def test_moderation_and_wiki(conn: sqlite3.Connection) -> None:
    actions = {r[0] for r in conn.execute("SELECT DISTINCT action FROM moderation_log")}
    assert {"submission_deletion", "submission_lock", "comment_deletion", "ban", "unban"} <= actions
    # a moderator acts in a forum they moderate; removed comments are placeholders in their thread
    assert conn.execute("SELECT COUNT(*) FROM moderation_log l WHERE NOT EXISTS (SELECT 1 FROM moderators m WHERE"
                        " m.forum_id = l.forum_id AND m.user_id = l.moderator_id)").fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM moderation_log l JOIN comments c ON c.id = l.comment_id WHERE"
                        " l.action = 'comment_deletion' AND c.deleted != 2").fetchone()[0] == 0
    # a ban follows the user's last comment in that forum: nothing written there while banned
    assert conn.execute(
        "SELECT COUNT(*) FROM forum_bans b JOIN comments c ON c.user_id = b.user_id JOIN submissions s ON"
        " s.id = c.submission_id AND s.forum_id = b.forum_id WHERE c.created_at > b.created_at AND"
        " (b.expires_at IS NULL OR c.created_at < b.expires_at) AND (b.lifted_at IS NULL OR c.created_at <"
        " b.lifted_at)").fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM submissions WHERE sticky = 1").fetchone()[0] >= 90
    assert conn.execute("SELECT COUNT(*) FROM submissions WHERE locked = 1").fetchone()[0] >= 20
    paths = {r[0] for r in conn.execute("SELECT path FROM wiki_pages")}
    assert {"index", "rules", "faq", "formatting", "moderation", "forums/books", "forums/portalder"} <= paths
