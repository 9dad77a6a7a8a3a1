"""The embedded Postmill forum (reddit) over HTTP: listings and sorts, post pages and comment trees,
votes (also over the crowd's seeded votes), submit/edit/delete, comments, locks and bans,
subscriptions, user pages, search, moderation pages, the wiki, log-in and per-episode state.
The seed's own figures are pinned in test_reddit_world, the text generator in test_reddit_text."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from reddit_env import make_store
from starlette.testclient import TestClient

from mag_mcp.sites.base import STATE_HEADER, SiteStateStore
from mag_mcp.sites.reddit import SESSION_COOKIE, SITE
from mag_mcp.sites.reddit.seed import DEFAULT_SESSION_TOKEN, DEFAULT_SUBSCRIPTIONS, DEFAULT_USERNAME, SEED_NOW, slugify

ROW_RE = re.compile(r'<article class="submission[^"]*" id="submission_(\d+)">')


@pytest.fixture
def store(tmp_path: Path) -> SiteStateStore:
    """A store of its own per test, over the session's cached seed (see reddit_env)."""
    return make_store(tmp_path)


def _client(store: SiteStateStore, logged_in: bool = True, state: str | None = None) -> TestClient:
    client = TestClient(SITE.create_app(store), headers={STATE_HEADER: state} if state else None,
                        follow_redirects=False)
    if logged_in:
        client.cookies.set(SESSION_COOKIE, DEFAULT_SESSION_TOKEN)
    return client


@pytest.fixture
def client(store: SiteStateStore) -> TestClient:
    return _client(store)


@pytest.fixture
def guest(store: SiteStateStore) -> TestClient:
    return _client(store, logged_in=False)


def _db(store: SiteStateStore, key: str = "default") -> sqlite3.Connection:
    return store.connect(key)


def _ids(html: str) -> list[int]:
    return [int(i) for i in ROW_RE.findall(html)]


def _post(conn: sqlite3.Connection, where: str = "1 = 1", params: tuple = ()) -> sqlite3.Row:
    row = conn.execute(f"SELECT s.*, f.name AS forum FROM submissions s JOIN forums f ON f.id = s.forum_id"
                       f" WHERE {where} ORDER BY s.id LIMIT 1", params).fetchone()
    assert row is not None, where
    return row


def _vote_class(html: str) -> str:
    """The class of the first vote form inside div.submission__vote (WebArena's locator)."""
    m = re.search(r'<div class="submission__vote"><form [^>]*class="([^"]+)"', html)
    assert m, "no submission vote form"
    return m.group(1)


# --- site ---------------------------------------------------------------------------------------


def test_spec_and_slug() -> None:
    assert (SITE.key, SITE.title, SITE.default_port, SITE.base_path) == ("reddit", "Postmill", 9999, "")
    assert [(c.name, c.value) for c in SITE.login_cookies] == [(SESSION_COOKIE, DEFAULT_SESSION_TOKEN)]
    assert slugify("Scientists erupt at NASA gutting funding for crucial Venus mission") == (
        "scientists-erupt-at-nasa-gutting-funding-for-crucial-venus")
    assert slugify("Nvidia RTX 4090") == "nvidia-rtx-4090"


# --- listings -----------------------------------------------------------------------------


def test_front_page_shows_subscriptions(client: TestClient, guest: TestClient, store: SiteStateStore) -> None:
    conn = _db(store)
    html = client.get("/").text
    assert "<title>Subscribed forums | Postmill</title>" in html
    ids = _ids(html)
    assert len(ids) == 25
    forums = {r[0] for r in conn.execute(
        f"SELECT f.name FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE s.id IN ({','.join('?' * 25)})",
        ids)}
    assert forums <= set(DEFAULT_SUBSCRIPTIONS)
    sidebar = html.split('<aside id="sidebar"')[1].split("</section>")[0]
    for name in DEFAULT_SUBSCRIPTIONS:
        assert f'href="/f/{name}">{name}</a>' in sidebar
    assert 'aria-label="User menu"' in html and f'href="/user/{DEFAULT_USERNAME}"' in html
    # guests see every forum
    assert "Log in" in guest.get("/").text
    assert client.get("/all").status_code == 200
    assert _ids(client.get("/all/new").text)[0] == conn.execute("SELECT MAX(id) FROM submissions").fetchone()[0]


def test_forum_list(client: TestClient, store: SiteStateStore) -> None:
    html = client.get("/forums").text
    names = re.findall(r'<td class="forum-table__name"><a href="/f/([^"]+)">', html)
    assert len(names) >= 20 and names == sorted(names, key=str.lower)
    assert 'aria-label="Subscribe to Art"' in html and 'aria-label="Unsubscribe from books"' in html
    assert len(names) >= 90
    by_sub = client.get("/forums/by_submissions").text
    counts = [int(c) for c in re.findall(r'<td class="num">\d+</td>\s*<td class="num">(\d+)</td>', by_sub)]
    assert counts and counts == sorted(counts, reverse=True)
    by_cat = client.get("/forums/by_category").text
    assert by_cat.count("<caption>") >= 10 and "<caption>Port Alder</caption>" in by_cat
    assert client.get("/forums/by_nothing").status_code == 404


def test_forum_sorts_and_pagination(client: TestClient, store: SiteStateStore) -> None:
    conn = _db(store)
    fid = conn.execute("SELECT id FROM forums WHERE name = 'books'").fetchone()[0]
    new = _ids(client.get("/f/books/new").text)
    expect = [r[0] for r in conn.execute("SELECT id FROM submissions WHERE forum_id = ? ORDER BY created_at DESC,"
                                         " id DESC LIMIT 25", (fid,))]
    assert new == expect
    top = _ids(client.get("/f/books/top?t=all").text)
    scores = [conn.execute("SELECT net_score FROM submissions WHERE id = ?", (i,)).fetchone()[0] for i in top]
    assert scores == sorted(scores, reverse=True)
    hot = _ids(client.get("/f/books").text)
    assert hot == _ids(client.get("/f/books/hot").text)
    rows = [conn.execute("SELECT sticky, ranking FROM submissions WHERE id = ?", (i,)).fetchone() for i in hot]
    pinned = [r for r in rows if r[0]]
    assert pinned and rows[:len(pinned)] == pinned  # pinned posts lead "hot", then the ranking
    ranks = [r[1] for r in rows[len(pinned):]]
    assert ranks == sorted(ranks, reverse=True)
    assert 'class="submission__badge submission__badge--sticky"' in client.get("/f/books").text
    week = _ids(client.get("/f/PortAlder/top?t=month").text)
    assert all(conn.execute("SELECT created_at FROM submissions WHERE id = ?", (i,)).fetchone()[0] >= "2023-05-13"
               for i in week)
    commented = _ids(client.get("/f/books/most_commented").text)
    counts = [conn.execute("SELECT comment_count FROM submissions WHERE id = ?", (i,)).fetchone()[0]
              for i in commented]
    assert counts == sorted(counts, reverse=True)
    page1 = client.get("/f/books/new").text
    assert 'href="/f/books/new?page=2"' in page1 and "Next page" in page1
    page2 = _ids(client.get("/f/books/new?page=2").text)
    assert page2 and not set(page2) & set(new)
    # forum names are case-insensitive
    r = client.get("/f/BOOKS/new")
    assert r.status_code == 301 and r.headers["location"] == "/f/books/new"
    assert client.get("/f/no_such_forum").status_code == 404
    assert client.get("/f/books/sideways").status_code == 404


def test_post_page_with_nested_comments(client: TestClient, store: SiteStateStore) -> None:
    conn = _db(store)
    deep = conn.execute("SELECT c.id, c.submission_id FROM comments c JOIN comments p ON p.id = c.parent_id"
                        " JOIN submissions s ON s.id = c.submission_id WHERE p.parent_id IS NOT NULL AND c.deleted = 0"
                        " AND s.comment_count BETWEEN 8 AND 30 AND s.locked = 0 ORDER BY c.id LIMIT 1").fetchone()
    post = _post(conn, "s.id = ?", (deep["submission_id"],))
    html = client.get(f"/f/{post['forum']}/{post['id']}/{post['slug']}").text
    assert '<h1 class="submission__title">' in html and post["title"].replace("'", "&#39;") in html
    assert html.count('class="comment ') + html.count('class="comment"') >= post["comment_count"]
    assert f'id="comment_{deep["id"]}"' in html
    # the deep comment sits two "comment__replies" levels down
    before = html.split(f'id="comment_{deep["id"]}"')[0]
    assert before.count('<div class="comment__replies">') >= 2
    author = conn.execute("SELECT u.username FROM comments c JOIN users u ON u.id = c.user_id WHERE c.id = ?",
                          (deep["id"],)).fetchone()[0]
    assert f'aria-label="Reply to comment {deep["id"]} by {author}">Reply</a>' in html
    assert f'aria-label="Upvote comment {deep["id"]} by {author}"' in html
    assert '<label class="comment-form__label" for="comment_text">Comment</label>' in html
    assert 'class="comment__toggle" aria-expanded="true"' in html and '/static/forum.js' in html
    body = conn.execute("SELECT body FROM content.comment_texts WHERE id = ?", (deep["id"],)).fetchone()[0]
    assert body.split("\n")[0][:30].replace("'", "&#39;").replace('"', "&#34;").replace(">", "&gt;") in html
    assert '>Post</button>' in html
    assert ">Subscribe</button>" in html or ">Unsubscribe</button>" in html
    # any slug (or none) reaches the post; the wrong forum does not
    assert client.get(f"/f/{post['forum']}/{post['id']}").status_code == 200
    assert client.get(f"/f/{post['forum']}/{post['id']}/whatever").status_code == 200
    other = "books" if post["forum"] != "books" else "movies"
    assert client.get(f"/f/{other}/{post['id']}/{post['slug']}").status_code == 404
    # the permalink shows the comment's thread
    perma = client.get(f"/f/{post['forum']}/{post['id']}/-/comment/{deep['id']}").text
    assert "View all comments" in perma and f'id="comment_{deep["id"]}"' in perma


# --- votes --------------------------------------------------------------------------------


def test_votes_change_scores(client: TestClient, store: SiteStateStore) -> None:
    conn = _db(store)
    post = _post(conn, "s.user_id != 1 AND s.id NOT IN (SELECT submission_id FROM submission_votes WHERE user_id = 1)")
    url = f"/f/{post['forum']}/{post['id']}/{post['slug']}"
    assert _vote_class(client.get(url).text) == "vote"
    score = post["net_score"]

    def current() -> int:
        return _db(store).execute("SELECT net_score FROM submissions WHERE id = ?", (post["id"],)).fetchone()[0]

    r = client.post(f"/sv/{post['id']}", data={"choice": "1", "back": url})
    assert r.status_code == 303 and r.headers["location"] == url
    assert current() == score + 1
    html = client.get(url).text
    assert _vote_class(html) == "vote vote--user-upvoted"
    assert f'aria-label="Upvote {post["title"]}" aria-pressed="true"'.replace("'", "&#39;") in html
    client.post(f"/sv/{post['id']}", data={"choice": "-1", "back": url})
    assert current() == score - 1
    assert _vote_class(client.get(url).text) == "vote vote--user-downvoted"
    client.post(f"/sv/{post['id']}", data={"choice": "0", "back": url})
    assert current() == score
    assert _db(store).execute("SELECT COUNT(*) FROM submission_votes WHERE submission_id = ? AND user_id = 1",
                              (post["id"],)).fetchone()[0] == 0
    assert client.post(f"/sv/{post['id']}", data={"choice": "5"}).status_code == 400
    # comments too
    c = conn.execute("SELECT * FROM comments WHERE user_id != 1 AND deleted = 0 AND id NOT IN (SELECT comment_id FROM"
                     " comment_votes WHERE user_id = 1) ORDER BY id LIMIT 1").fetchone()
    r = client.post(f"/cv/{c['id']}", data={"choice": "-1"})
    assert r.status_code == 303 and r.headers["location"].endswith(f"#comment_{c['id']}")
    row = _db(store).execute("SELECT net_score, downvotes FROM comments WHERE id = ?", (c["id"],)).fetchone()
    assert (row[0], row[1]) == (c["net_score"] - 1, c["downvotes"] + 1)


def test_crowd_votes_change_at_run_time(store: SiteStateStore) -> None:
    """A seeded voter (in the content database) sees their vote, and changing it moves the score once."""
    conn = _db(store)
    voter, sid = conn.execute("SELECT user_id, submission_id FROM content.crowd_submission_votes WHERE choice = 1"
                              " AND user_id > 30 ORDER BY submission_id DESC LIMIT 1").fetchone()
    name = conn.execute("SELECT username FROM users WHERE id = ?", (voter,)).fetchone()[0]
    post = _post(conn, "s.id = ?", (sid,))
    them = _client(store, logged_in=False)
    assert them.post("/login_check", data={"_username": name, "_password": "test1234"}).status_code == 303
    url = f"/f/{post['forum']}/{post['id']}/{post['slug']}"
    assert _vote_class(them.get(url).text) == "vote vote--user-upvoted"

    def score() -> tuple[int, int]:
        return tuple(_db(store).execute("SELECT upvotes, downvotes FROM submissions WHERE id = ?", (sid,)).fetchone())

    them.post(f"/sv/{sid}", data={"choice": "-1", "back": url})
    assert score() == (post["upvotes"] - 1, post["downvotes"] + 1)
    assert _vote_class(them.get(url).text) == "vote vote--user-downvoted"
    them.post(f"/sv/{sid}", data={"choice": "0", "back": url})
    assert score() == (post["upvotes"] - 1, post["downvotes"]) and _vote_class(them.get(url).text) == "vote"
    assert _db(store).execute("SELECT COUNT(*) FROM withdrawn_votes WHERE kind = 'submission' AND target_id = ?"
                              " AND user_id = ?", (sid, voter)).fetchone()[0] == 1


# --- submit / edit / delete -------------------------------------------------------------------


def test_submit_creates_post(client: TestClient, store: SiteStateStore) -> None:
    form = client.get("/submit/books").text
    for label in ('for="submission_title">Title', 'for="submission_url">URL', 'for="submission_body">Body',
                  'for="submission_forum">Forum'):
        assert label in form
    assert '<option value="books" selected>' in form and ">Create submission</button>" in form
    r = client.post("/submit", data={"title": "To Kill a Mockingbird by Harper Lee", "url": "",
                                      "body": "good book!", "forum": "books"})
    assert r.status_code == 303
    m = re.fullmatch(r"/f/books/(\d+)/to-kill-a-mockingbird-by-harper-lee", r.headers["location"])
    assert m
    row = _db(store).execute("SELECT s.*, u.username FROM submissions s JOIN users u ON u.id = s.user_id"
                             " WHERE s.id = ?", (int(m.group(1)),)).fetchone()
    assert (row["title"], row["body"], row["url"], row["username"]) == (
        "To Kill a Mockingbird by Harper Lee", "good book!", None, DEFAULT_USERNAME)
    assert row["net_score"] == 1 and row["created_at"] > SEED_NOW
    page = client.get(r.headers["location"]).text
    inner = page.split('class="submission__inner"')[1].split("</article>")[0]
    assert "To Kill a Mockingbird by Harper Lee" in inner and "good book!" in inner
    assert _vote_class(page) == "vote vote--user-upvoted"
    assert _ids(client.get("/f/books/new").text)[0] == row["id"]
    # a link post, then a second post gets a later logical time
    r2 = client.post("/submit", data={"title": "Port Alder library hours", "url": "https://example.org/hours",
                                       "body": "", "forum": "portalder"})
    assert r2.status_code == 303 and r2.headers["location"].startswith("/f/PortAlder/")
    times = [t[0] for t in _db(store).execute("SELECT created_at FROM submissions ORDER BY id DESC LIMIT 2")]
    assert times[0] > times[1]
    # validation
    bad = client.post("/submit", data={"title": " ", "url": "notaurl", "forum": "nope"})
    assert bad.status_code == 400
    assert "This value should not be blank." in bad.text and "This value is not a valid URL." in bad.text


def test_edit_and_delete_own_post(client: TestClient, store: SiteStateStore) -> None:
    conn = _db(store)
    mine = _post(conn, "s.title = 'Nvidia RTX 4090'")
    base = f"/f/{mine['forum']}/{mine['id']}"
    form = client.get(f"{base}/-/edit").text
    assert "Crazy device for ML!" in form and ">Save</button>" in form
    r = client.post(f"{base}/-/edit", data={"title": "Nvidia RTX 4090", "url": "",
                                             "body": "Crazy device for ML!\n\nEDIT: This news aged well"})
    assert r.status_code == 303 and r.headers["location"] == f"{base}/nvidia-rtx-4090"
    html = client.get(r.headers["location"]).text
    body = html.split('class="submission__body"')[1].split("</div>")[0]
    assert "EDIT: This news aged well" in body and "Crazy device for ML!" in body
    assert _db(store).execute("SELECT edited_at FROM submissions WHERE id = ?", (mine["id"],)).fetchone()[0]
    # someone else's post: no edit, no delete
    theirs = _post(conn, "s.user_id != 1 AND f.id NOT IN (SELECT forum_id FROM moderators WHERE user_id = 1)")
    assert client.get(f"/f/{theirs['forum']}/{theirs['id']}/-/edit").status_code == 403
    assert client.post(f"/f/{theirs['forum']}/{theirs['id']}/-/delete").status_code == 403
    # delete: the post, its comments and votes are gone
    n_comments = mine["comment_count"]
    assert n_comments > 0
    r = client.post(f"{base}/-/delete")
    assert r.status_code == 303 and r.headers["location"] == f"/f/{mine['forum']}"
    after = _db(store)
    assert after.execute("SELECT COUNT(*) FROM submissions WHERE id = ?", (mine["id"],)).fetchone()[0] == 0
    assert after.execute("SELECT COUNT(*) FROM comments WHERE submission_id = ?", (mine["id"],)).fetchone()[0] == 0
    assert after.execute("SELECT COUNT(*) FROM submission_votes WHERE submission_id = ?",
                         (mine["id"],)).fetchone()[0] == 0
    assert client.get(f"{base}/nvidia-rtx-4090").status_code == 404


# --- comments --------------------------------------------------------------------------------


def test_comment_reply_edit_delete(client: TestClient, store: SiteStateStore) -> None:
    conn = _db(store)
    post = _post(conn, "s.user_id != 1 AND s.comment_count BETWEEN 3 AND 15 AND s.locked = 0")
    base = f"/f/{post['forum']}/{post['id']}"
    r = client.post(f"{base}/-/comment", data={"comment": "What a thread."})
    assert r.status_code == 303
    cid = int(r.headers["location"].split("#comment_")[1])
    row = _db(store).execute("SELECT * FROM comments WHERE id = ?", (cid,)).fetchone()
    assert (row["body"], row["user_id"], row["parent_id"], row["net_score"]) == ("What a thread.", 1, None, 1)
    assert _db(store).execute("SELECT comment_count FROM submissions WHERE id = ?",
                              (post["id"],)).fetchone()[0] == post["comment_count"] + 1
    # reply to someone else's comment through the reply page
    target = conn.execute("SELECT c.id, u.username FROM comments c JOIN users u ON u.id = c.user_id"
                          " WHERE c.submission_id = ? AND c.user_id != 1 ORDER BY c.id LIMIT 1",
                          (post["id"],)).fetchone()
    page = client.get(f"{base}/-/comment/{target['id']}/reply").text
    assert f'action="{base}/-/comment/{target["id"]}/reply"' in page
    assert f'for="comment_text_{target["id"]}">Comment</label>' in page
    r = client.post(f"{base}/-/comment/{target['id']}/reply", data={"comment": "thanks! I am a big fan."})
    assert r.status_code == 303
    reply_id = int(r.headers["location"].split("#comment_")[1])
    assert _db(store).execute("SELECT parent_id FROM comments WHERE id = ?", (reply_id,)).fetchone()[0] == target["id"]
    perma = client.get(f"{base}/-/comment/{target['id']}").text
    assert "thanks! I am a big fan." in perma
    # empty comments are refused
    assert client.post(f"{base}/-/comment", data={"comment": "  "}).status_code == 400
    # edit own comment; others' comments can't be edited
    assert client.get(f"{base}/-/comment/{cid}/edit").status_code == 200
    r = client.post(f"{base}/-/comment/{cid}/edit", data={"comment": "What a thread, really."})
    assert r.status_code == 303
    body = _db(store).execute("SELECT body FROM comments WHERE id = ?", (cid,)).fetchone()[0]
    assert body == "What a thread, really."
    assert client.post(f"{base}/-/comment/{target['id']}/edit", data={"comment": "x"}).status_code == 403
    # delete: a comment with a reply becomes a placeholder, a leaf disappears
    client.post(f"{base}/-/comment/{cid}/reply", data={"comment": "Replying to myself."})
    assert client.post(f"{base}/-/comment/{cid}/delete").status_code == 303
    gone = _db(store).execute("SELECT deleted, body FROM comments WHERE id = ?", (cid,)).fetchone()
    assert tuple(gone) == (1, "")
    assert client.post(f"{base}/-/comment/{reply_id}/delete").status_code == 303
    assert _db(store).execute("SELECT COUNT(*) FROM comments WHERE id = ?", (reply_id,)).fetchone()[0] == 0
    count = _db(store).execute("SELECT comment_count FROM submissions WHERE id = ?", (post["id"],)).fetchone()[0]
    assert count == post["comment_count"] + 1  # + our reply to ourselves; the placeholder doesn't count
    assert "This comment was deleted." in client.get(base).text


# --- subscriptions, forums, users, search --------------------------------------------------------


def test_subscribe_toggles(client: TestClient, store: SiteStateStore) -> None:
    def subscribed() -> bool:
        return _db(store).execute("SELECT 1 FROM subscriptions x JOIN forums f ON f.id = x.forum_id"
                                  " WHERE x.user_id = 1 AND f.name = 'space'").fetchone() is not None

    assert not subscribed()
    html = client.get("/f/space").text
    assert '<button type="submit" class="button subscribe-button">Subscribe</button>' in html
    r = client.post("/f/space/subscribe", data={"back": "/f/space"})
    assert r.status_code == 303 and r.headers["location"] == "/f/space" and subscribed()
    assert ">Unsubscribe</button>" in client.get("/f/space").text
    front_sidebar = client.get("/").text.split('<aside id="sidebar"')[1].split("</section>")[0]
    assert 'href="/f/space">space</a>' in front_sidebar
    client.post("/f/space/unsubscribe", data={"back": "/f/space"})
    assert not subscribed()


def test_create_and_edit_forum(client: TestClient, store: SiteStateStore) -> None:
    r = client.post("/create_forum", data={"name": "sci_fi", "title": "Science fiction",
                                            "description": "A wild place for sci-fi enthusiasts",
                                            "sidebar": "New\nClassic\nMovies"})
    assert r.status_code == 303 and r.headers["location"] == "/f/sci_fi"
    edit = client.get("/f/sci_fi/edit").text
    assert 'id="forum_description"' in edit and "A wild place for sci-fi enthusiasts" in edit
    client.post("/f/sci_fi/edit", data={"title": "Science fiction", "description": "A wild place for sci-fi fans",
                                         "sidebar": "New\nClassic\nMovies\nPost my novel\nRandom"})
    row = _db(store).execute("SELECT * FROM forums WHERE name = 'sci_fi'").fetchone()
    assert row["description"] == "A wild place for sci-fi fans" and "Post my novel" in row["sidebar"]
    assert client.post("/create_forum", data={"name": "books", "title": "x", "description": "y"}).status_code == 400
    assert client.get("/f/books/edit").status_code == 403


def test_user_page_and_biography(client: TestClient, guest: TestClient, store: SiteStateStore) -> None:
    html = client.get(f"/user/{DEFAULT_USERNAME}").text
    assert "Overview" in html and "Most active in" in html
    pages = "".join(client.get(f"/user/{DEFAULT_USERNAME}/submissions?page={n}").text for n in (1, 2))
    assert "Nvidia RTX 4090" in pages
    subs = client.get(f"/user/{DEFAULT_USERNAME}/submissions").text
    mine = _db(store).execute("SELECT COUNT(*) FROM submissions WHERE user_id = 1").fetchone()[0]
    assert len(_ids(subs)) == min(mine, 25) >= 6
    assert "Next page" in client.get(f"/user/{DEFAULT_USERNAME}/comments").text
    comments = client.get(f"/user/{DEFAULT_USERNAME}/comments").text
    assert not _ids(comments) and comments.count('class="comment comment--standalone"') >= 12
    assert "Edit biography" in html and "Edit biography" not in guest.get(f"/user/{DEFAULT_USERNAME}").text
    r = client.post(f"/user/{DEFAULT_USERNAME}/edit_biography", data={"biography": "I am a robot"})
    assert r.status_code == 303
    html = client.get(f"/user/{DEFAULT_USERNAME}").text
    assert '<div class="user-bio__biography">I am a robot</div>' in html
    assert client.post("/user/mia_chen/edit_biography", data={"biography": "x"}).status_code == 403
    mia = client.get("/user/mia_chen").text
    assert "Photographer. Lighthouses, bridges, fog." in mia and 'href="/f/photography"' in mia
    assert "Most active in" in mia
    assert client.get("/user/nobody_here").status_code == 404


def test_search(client: TestClient, store: SiteStateStore) -> None:
    conn = _db(store)
    # loose: any of the words, in any form, best matches first; an exact title finds its post near the top
    html = client.get("/search", params={"q": "north shore lighthouse"}).text
    ids = _ids(html)
    assert len(ids) == 25 and "Next page" in html
    for i in ids:
        title, body = conn.execute("SELECT s.title, t.body FROM submissions s LEFT JOIN content.submission_texts t"
                                   " ON t.id = s.id WHERE s.id = ?", (i,)).fetchone()
        text = f"{title} {body or ''}".lower()
        assert any(w in text for w in ("north", "shore", "lighthouse")), title
    hits = 0
    rows = conn.execute("SELECT id, title FROM submissions WHERE length(title) BETWEEN 30 AND 70 ORDER BY id"
                        " LIMIT 40").fetchall()
    for sid, title in rows:
        hits += sid in _ids(client.get("/search", params={"q": title}).text)[:3]
    assert hits >= 30
    newest = _ids(client.get("/search?q=lighthouse&sort=new").text)
    assert newest == sorted(newest, reverse=True)
    # a post written now is found too (it is not in the seeded index)
    client.post("/submit", data={"title": "Zyxwv quokka sighting", "body": "", "forum": "books"})
    assert "Zyxwv quokka sighting" in client.get("/search?q=quokka").text
    assert "No submissions matched" in client.get("/search?q=zzqxv").text


# --- log-in ----------------------------------------------------------------------------------------


def test_guest_is_sent_to_login(guest: TestClient, store: SiteStateStore) -> None:
    post = _post(_db(store))
    r = guest.post(f"/sv/{post['id']}", data={"choice": "1", "back": "/f/books"})
    assert r.status_code == 303 and r.headers["location"].startswith("/login?_target_path=")
    for url in ("/submit", "/create_forum", f"/user/{DEFAULT_USERNAME}/edit_biography"):
        r = guest.get(url)
        assert r.status_code == 303 and r.headers["location"].startswith("/login"), url
    for url in (f"/f/{post['forum']}/{post['id']}/-/comment", "/submit", "/f/books/subscribe"):
        assert guest.post(url, data={"comment": "x", "title": "x", "forum": "books"}).headers["location"].startswith(
            "/login"), url
    assert _db(store).execute("SELECT net_score FROM submissions WHERE id = ?", (post["id"],)).fetchone()[0] == (
        post["net_score"])
    page = guest.get("/login?_target_path=/submit").text
    assert 'for="login-username">Username' in page and 'for="login-password">Password' in page
    bad = guest.post("/login_check", data={"_username": DEFAULT_USERNAME, "_password": "nope"})
    assert bad.status_code == 400 and "Invalid credentials." in bad.text
    ok = guest.post("/login_check", data={"_username": "mia_chen", "_password": "test1234",
                                          "_target_path": "/submit"})
    assert ok.status_code == 303 and ok.headers["location"] == "/submit"
    assert SESSION_COOKIE in ok.cookies
    assert guest.get("/submit").status_code == 200
    assert 'href="/user/mia_chen"' in guest.get("/").text
    out = guest.get("/logout")
    assert out.status_code == 303
    assert guest.get("/submit").status_code == 303


# --- per-episode state ------------------------------------------------------------------------------


def test_states_are_isolated(store: SiteStateStore) -> None:
    store.create("ep1")
    store.create("ep2")
    ep1, ep2 = _client(store, state="ep1"), _client(store, state="ep2")
    r = ep1.post("/submit", data={"title": "Only in episode one", "body": "hello", "forum": "books"})
    assert r.status_code == 303
    assert ep1.get(r.headers["location"]).status_code == 200
    assert ep2.get(r.headers["location"]).status_code == 404
    assert "Only in episode one" in ep1.get("/f/books/new").text
    assert "Only in episode one" not in ep2.get("/f/books/new").text
    assert "Only in episode one" not in _client(store).get("/f/books/new").text
    for key in ("ep1", "ep2", "default"):
        n = _db(store, key).execute("SELECT COUNT(*) FROM submissions WHERE title = 'Only in episode one'")
        assert n.fetchone()[0] == (1 if key == "ep1" else 0)


def test_unknown_state_is_410(store: SiteStateStore) -> None:
    r = _client(store, state="nope").get("/")
    assert r.status_code == 410 and "not found" in r.text
