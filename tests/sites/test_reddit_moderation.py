"""The forum's moderation and wiki pages and its big threads, over HTTP on the real seed: pinned and
locked posts, bans that stop posting, the moderation logs, the wiki with its history and edits,
comment pages with collapse and "continue this thread", flair, and the size of an episode's copy."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from reddit_env import make_store
from starlette.testclient import TestClient

from mag_mcp.sites.base import SiteStateStore
from mag_mcp.sites.reddit import SESSION_COOKIE, SITE
from mag_mcp.sites.reddit.seed import DEFAULT_SESSION_TOKEN

ROOT_RE = re.compile(r'<article class="comment comment--depth-0[^"]*" id="comment_(\d+)">')


@pytest.fixture
def store(tmp_path: Path) -> SiteStateStore:
    return make_store(tmp_path)


def _client(store: SiteStateStore, logged_in: bool = True) -> TestClient:
    c = TestClient(SITE.create_app(store), follow_redirects=False)
    if logged_in:
        c.cookies.set(SESSION_COOKIE, DEFAULT_SESSION_TOKEN)
    return c


def _login(store: SiteStateStore, username: str) -> TestClient:
    c = _client(store, logged_in=False)
    assert c.post("/login_check", data={"_username": username, "_password": "test1234"}).status_code == 303
    return c


def _db(store: SiteStateStore) -> sqlite3.Connection:
    return store.connect("default")


def test_episode_copy_is_small_and_sees_the_content(store: SiteStateStore) -> None:
    assert store.content_path is not None
    copy = store.create("ep1")
    assert copy.stat().st_size < 22_000_000 < store.content_path.stat().st_size
    conn = store.connect("ep1")
    assert conn.execute("SELECT COUNT(*) FROM content.comment_texts").fetchone()[0] >= 100000


def test_locked_post_refuses_comments(store: SiteStateStore) -> None:
    conn = _db(store)
    post = conn.execute("SELECT s.id, f.name FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE s.locked = 1"
                        " ORDER BY s.id LIMIT 1").fetchone()
    client = _client(store)
    html = client.get(f"/f/{post['name']}/{post['id']}").text
    assert "This submission is locked" in html and 'submission__badge--locked' in html
    assert 'id="comment_text"' not in html and ">Reply</a>" not in html
    r = client.post(f"/f/{post['name']}/{post['id']}/-/comment", data={"comment": "Let me in"})
    assert r.status_code == 400 and "locked" in r.text
    log = client.get(f"/f/{post['name']}/moderation_log").text
    assert "moderation-log__entry--submission-lock" in log


def test_banned_user_cannot_post_in_that_forum(store: SiteStateStore) -> None:
    conn = _db(store)
    ban = conn.execute("SELECT b.*, u.username, f.name AS forum FROM forum_bans b JOIN users u ON u.id = b.user_id"
                       " JOIN forums f ON f.id = b.forum_id WHERE b.expires_at IS NULL AND b.lifted_at IS NULL"
                       " ORDER BY b.id LIMIT 1").fetchone()
    them = _login(store, ban["username"])
    r = them.post("/submit", data={"title": "Let me back in", "body": "", "forum": ban["forum"]})
    assert r.status_code == 400 and "You are banned from this forum." in r.text
    post = conn.execute("SELECT id FROM submissions WHERE forum_id = ? AND locked = 0 ORDER BY id DESC LIMIT 1",
                        (ban["forum_id"],)).fetchone()
    page = them.get(f"/f/{ban['forum']}/{post['id']}").text
    assert f"You are banned from /f/{ban['forum']}" in page
    assert them.post(f"/f/{ban['forum']}/{post['id']}/-/comment", data={"comment": "hi"}).status_code == 400
    # elsewhere they can post
    other = "books" if ban["forum"] != "books" else "movies"
    assert them.post("/submit", data={"title": "Hello", "body": "", "forum": other}).status_code == 303
    bans = them.get(f"/f/{ban['forum']}/bans").text
    assert f'href="/user/{ban["username"]}"' in bans and ban["reason"] in bans


def test_moderation_logs_and_moderators(store: SiteStateStore) -> None:
    client = _client(store)
    log = client.get("/f/PortAlder/moderation_log").text
    entries = re.findall(r'class="moderation-log__entry moderation-log__entry--([a-z-]+)"', log)
    assert len(entries) == 25 and "Next page" in log and "<del>" in log
    assert "Moderation log for" in log and len(set(entries)) >= 2
    assert len(re.findall(r'class="moderation-log__entry ', client.get("/f/PortAlder/moderation_log?page=2").text)) == 25
    everything = client.get("/moderation_log").text
    assert everything.count('class="moderation-log__entry ') == 25 and "in <a href=\"/f/" in everything
    deleted = re.search(r"deleted the submission <del>([^<]+)</del>.*?\(reason: ([^)]+)\)", client.get(
        "/moderation_log").text + client.get("/moderation_log?page=2").text + client.get("/moderation_log?page=3").text,
        re.S)
    assert deleted
    mods = client.get("/f/books/moderators").text
    assert 'href="/user/lucy_nguyen"' in mods and "Logged actions" in mods
    assert client.get("/f/nothere/moderation_log").status_code == 404


def test_wiki_pages_history_and_edits(store: SiteStateStore) -> None:
    client, guest = _client(store), _client(store, logged_in=False)
    index = client.get("/wiki").text
    assert "Welcome to the Postmill wiki" in index and 'href="/wiki/rules"' in index
    faq = client.get("/wiki/faq").text
    assert "<h2>How do I create a forum?</h2>" in faq and "<strong>Hot</strong>" in faq and "<li>" in faq
    history = client.get("/wiki/_history/faq").text
    revisions = re.findall(r'href="/wiki/_revision/(\d+)"', history)
    assert len(revisions) >= 2
    assert "You are viewing an old revision" in client.get(f"/wiki/_revision/{revisions[-1]}").text
    assert len(re.findall(r'<a href="/wiki/[^_"][^"]*">', client.get("/wiki/_all").text)) >= 40
    assert "Recent changes" in client.get("/wiki/_recent").text
    assert 'href="/wiki/forums/books"' in client.get("/f/books").text
    # editing adds a revision; a locked page is for admins only; guests log in first
    r = client.post("/wiki/_edit/faq", data={"title": "Frequently asked questions", "body": "## New\\n\\nShort now."})
    assert r.status_code == 303 and r.headers["location"] == "/wiki/faq"
    assert "Short now." in client.get("/wiki/faq").text
    assert len(re.findall(r'href="/wiki/_revision/', client.get("/wiki/_history/faq").text)) == len(revisions) + 1
    assert client.get("/wiki/_edit/rules").status_code == 403
    assert guest.get("/wiki/_edit/faq").status_code == 303
    missing = client.get("/wiki/portalder/ferries")
    assert missing.status_code == 404 and 'href="/wiki/_create/portalder/ferries"' in missing.text
    assert client.post("/wiki/_edit/portalder/ferries", data={"title": "Ferries", "body": "Every hour."}).status_code == 303
    assert "Every hour." in client.get("/wiki/portalder/ferries").text


def test_big_thread_pages_and_continues(store: SiteStateStore) -> None:
    conn = _db(store)
    big = conn.execute("SELECT s.id, f.name, s.comment_count FROM submissions s JOIN forums f ON f.id = s.forum_id"
                       " ORDER BY s.comment_count DESC LIMIT 1").fetchone()
    client = _client(store)
    first = client.get(f"/f/{big['name']}/{big['id']}").text
    assert "More comments" in first and "Comment page 1 of" in first
    shown = first.count('<article class="comment comment--depth')
    assert 20 <= shown <= 200 < big["comment_count"]
    second = client.get(f"/f/{big['name']}/{big['id']}?page=2").text
    assert set(ROOT_RE.findall(first)).isdisjoint(ROOT_RE.findall(second)) and ROOT_RE.findall(second)
    # a chain deeper than the page shows links to its own thread
    deep = conn.execute("WITH RECURSIVE d(id, n) AS (SELECT id, 0 FROM comments WHERE parent_id IS NULL AND"
                        " submission_id = ? UNION ALL SELECT c.id, d.n + 1 FROM comments c JOIN d ON c.parent_id = d.id)"
                        " SELECT MAX(n) FROM d", (big["id"],)).fetchone()[0]
    pages = first + second + "".join(client.get(f"/f/{big['name']}/{big['id']}?page={n}").text for n in (3, 4))
    if deep >= 7:
        assert "Continue this thread" in pages


def test_flair_and_moderator_flags(store: SiteStateStore) -> None:
    conn = _db(store)
    client = _client(store)
    # the pinned post leads the forum and is its moderator's
    assert 'class="user-flag user-flag--moderator"' in client.get("/f/AskReddit").text
    row = conn.execute("SELECT s.id, f.name, x.flair FROM submissions s JOIN forums f ON f.id = s.forum_id JOIN"
                       " user_flairs x ON x.forum_id = s.forum_id AND x.user_id = s.user_id WHERE x.flair != 'Moderator'"
                       " ORDER BY s.id DESC LIMIT 1").fetchone()
    html = client.get(f"/f/{row['name']}/{row['id']}").text
    assert f'<span class="user-flair">{row["flair"]}</span>' in html


def test_forum_comments_and_sidebar(store: SiteStateStore) -> None:
    client = _client(store)
    html = client.get("/f/books/comments").text
    assert html.count('class="comment comment--standalone"') == 25 and "Latest comments" in html
    forum = client.get("/f/books").text
    for link in ('href="/f/books/comments"', 'href="/f/books/moderation_log"', 'href="/f/books/bans"',
                 'href="/f/books/moderators"', "Related forums"):
        assert link in forum, link
    assert client.get("/static/forum.js").status_code == 200
