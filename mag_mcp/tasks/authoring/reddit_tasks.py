"""Source of `tasks/data/reddit.json`: forum (Postmill) tasks from intent
templates, each with gold trajectories in both groundings. Run
`python -m mag_mcp.tasks.authoring.reddit_tasks` to regenerate the JSON;
`mag tasks verify --site reddit` replays every trajectory.

Facts (authors, scores, comment counts, the newest post of a forum, which
comment comes first under a post, the forum dropdown's order) are read from the
forum itself: the seed database (the cached one, with its content database
attached) and the real pages of a fresh copy of it, so the tasks can't drift from
the site. Guides name what a person sees, never mark ids or pixels, and their
phrasing varies between instances. Instances are chosen so that what a step
clicks is in the first screenful of its page (the list of forums shows its first
eighteen rows, a post its first comment).
"""

from __future__ import annotations

import html as html_lib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from mag_mcp.tasks.authoring.common import (
    Part,
    SiteFacts,
    TaskBook,
    chain,
    field,
    pick,
    role,
    s,
    same,
    state_eval,
    string_eval,
    type_and_enter,
    url_eval,
    write_task_file,
)

SITE = "reddit"
AUTH = "./.auth/reddit_state.json"
ME = "MarvelsGrantMan136"
# Templates whose tasks train; the rest are test (about 70/30 by template).
TRAIN_TEMPLATES = {9101, 9102, 9104, 9106, 9107, 9108, 9110, 9112, 9113}


@dataclass(frozen=True)
class Post:
    id: int
    forum: str
    title: str
    author: str
    net_score: int
    comment_count: int
    comments_label: str  # accessible name of its "N comments" link in a listing


class ForumFacts(SiteFacts):
    """The seed database (with `content` attached) and the real pages, for authoring."""

    def __init__(self) -> None:  # noqa: D107 - a SiteFacts over MAG's cached seed instead of a fresh build
        from starlette.testclient import TestClient

        from mag_mcp.sites.base import STATE_HEADER, SiteStateStore
        from mag_mcp.sites.reddit import SITE

        store = SiteStateStore(SITE)
        store.create("authoring")  # a fresh copy: nothing a person did on the default state leaks in
        self.db = store.connect("authoring")  # with the content database attached
        self.client = TestClient(SITE.create_app(store), headers={STATE_HEADER: "authoring"})
        for cookie in SITE.login_cookies:
            self.client.cookies.set(cookie.name, cookie.value)

    def get(self, path: str, **params: str) -> str:
        return self.client.get(path, params=params or None).text

    def post(self, sid: int) -> Post:
        r = self.db.execute(
            "SELECT s.id, f.name AS forum, s.title, u.username AS author, s.net_score, s.comment_count "
            "FROM submissions s JOIN forums f ON f.id = s.forum_id JOIN users u ON u.id = s.user_id WHERE s.id = ?",
            (sid,)).fetchone()
        label = f"{r['comment_count']} comment{'' if r['comment_count'] == 1 else 's'} on {r['title']}"
        return Post(r["id"], r["forum"], r["title"], r["author"], r["net_score"], r["comment_count"], label)

    def searchable_posts(self, n: int, where: str = "1", offset: int = 0) -> list[Post]:
        """Posts the default user neither wrote nor voted on that come first when their title is searched."""
        rows = self.db.execute(
            "SELECT s.id FROM submissions s WHERE s.user_id != 1 AND s.id NOT IN "
            "(SELECT submission_id FROM submission_votes WHERE user_id = 1) AND length(s.title) < 70 "
            "AND s.locked = 0 AND s.sticky = 0 "
            f"AND {where} ORDER BY s.id DESC").fetchall()
        out: list[Post] = []
        for r in rows[offset:]:
            p = self.post(r["id"])
            page = self.get("/search", q=p.title)
            first = re.search(r'id="submission_(\d+)"', page)
            if first and int(first.group(1)) == p.id and html_lib.escape(p.comments_label, quote=True) in page:
                out.append(p)
            if len(out) == n:
                break
        return out

    def newest_in(self, forum: str) -> Post:
        r = self.db.execute("SELECT s.id FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE f.name = ? "
                            "ORDER BY s.id DESC LIMIT 1", (forum,)).fetchone()
        return self.post(r["id"])

    def subscribed(self) -> list[str]:
        return [r[0] for r in self.db.execute(
            "SELECT f.name FROM subscriptions x JOIN forums f ON f.id = x.forum_id WHERE x.user_id = 1 ORDER BY f.name")]

    def forum_options(self) -> list[str]:
        return [o for o in re.findall(r'<option value="([^"]*)"', self.get("/submit")) if o]

    def first_comment(self, p: Post) -> tuple[int, str, str] | None:
        """The first top-level comment shown under a post: (id, author, body)."""
        page = self.get(f"/f/{p.forum}/{p.id}")
        m = re.search(r'aria-label="Reply to comment (\d+) by ([^"]+)"', page)
        if not m:
            return None
        cid = int(m.group(1))
        r = self.db.execute("SELECT t.body, c.parent_id FROM comments c JOIN content.comment_texts t ON t.id = c.id"
                            " WHERE c.id = ?", (cid,)).fetchone()
        if r is None or r["parent_id"] is not None:
            return None
        return cid, html_lib.unescape(m.group(2)), r["body"]


@lru_cache(maxsize=1)
def facts() -> ForumFacts:
    return ForumFacts()


# ------------------------------------------------------------ reusable parts

def search_part(key: str, query: str) -> Part:
    guide = pick(key + "search", [
        f"Type “{query}” into the search box at the top of the page and press Enter.",
        f"In the search field in the header, enter “{query}” and press Enter.",
        f"Search the forum for “{query}” using the box at the top.",
    ])
    return type_and_enter("Search", query, guide, "Click the search box at the top of the page.", kind="searchbox")


def open_post(key: str, p: Post) -> Part:
    return chain(search_part(key, p.title), same(s("click", pick(key + "open", [
        f"Under the result “{p.title}”, click its “{p.comment_count} comments” link to open the post."
        if p.comment_count != 1 else f"Under the result “{p.title}”, click its “1 comment” link to open the post.",
        f"Open the post “{p.title}” by clicking the comments link below its title.",
        f"Click the comment count under “{p.title}” in the results to open that post.",
    ]), role("link", p.comments_label))))


def forums_page(key: str) -> Part:
    return same(s("click", pick(key + "forums", [
        "Click “Forums” in the bar at the top of the page.",
        "Open the list of forums with the “Forums” link in the header.",
        "In the top navigation, click “Forums”.",
    ]), role("link", "Forums")))


def forum_select(forum: str, options: list[str]) -> Part:
    """The "Forum" dropdown (over a hundred forums): `select` with marks; with coordinates, open it and
    type the forum's name (the dropdown jumps to the first forum starting with what is typed)."""
    if forum not in options:
        raise ValueError(f"no forum {forum!r} in the dropdown")
    coord = [s("click", "Click the “Forum” dropdown.", role("combobox", "Forum")),
             s("type", f"Type “{forum}” to jump to it in the list.", None, forum),
             s("press", f"Press Enter to choose “{forum}”.", None, "Enter")]
    return {"som": [s("select", f"Choose “{forum}” in the “Forum” dropdown.", role("combobox", "Forum"), forum)],
            "coord": coord}


def new_post_part(key: str, forum: str, title: str, body: str, options: list[str]) -> Part:
    return chain(
        same(s("click", pick(key + "submit", ["Click the “Submit” button at the top right of the page.",
                                              "Start a new post with “Submit” in the header."]),
               role("link", "Submit"))),
        field("Title", title, f"Type “{title}” into the “Title” box.", clear=False),
        field("Body", body, f"Write “{body}” in the “Body” box.", clear=False),
        forum_select(forum, options),
        same(s("click", "Click “Create submission” below the form.", role("button", "Create submission"))),
    )


def bio_part(key: str, bio: str) -> Part:
    return chain(
        same(
            s("click", pick(key + "me", [f"Click your user name, “{ME}”, at the top right.",
                                         f"Open your profile with the “{ME}” link in the header."]), role("link", ME)),
            s("click", "In the sidebar on the right, click “Edit biography”.", role("link", "Edit biography")),
        ),
        field("Biography", bio, f"Replace the text in the “Biography” box with “{bio}”.", clear=False),
        same(s("click", "Click “Save” under the box.", role("button", "Save"))),
    )


NEW_POSTS = "s.user_id = 1 AND s.id > (SELECT MAX(id) FROM submissions WHERE user_id != 1)"


# ------------------------------------------------------------ templates

def build() -> list[dict[str, Any]]:
    f = facts()
    book = TaskBook(SITE, "reddit", TRAIN_TEMPLATES, "__REDDIT__", AUTH)
    tasks, add = book.tasks, book.add

    posts = f.searchable_posts(40, offset=30)
    groups = [posts[i::8] for i in range(8)]  # disjoint sets of posts per template

    # 9101 author (information)
    for n, p in enumerate(groups[0][:4], 1):
        key = f"author{n}"
        add(9101, n, "author", "Who submitted the post titled \"{title}\"?", {"title": p.title}, "information", chain(
            search_part(key, p.title),
            same(s("stop", pick(key, [f"Read the name after “Submitted by” under the title: {p.author}.",
                                      f"The line under the result says it was submitted by {p.author}."]),
                   value=p.author)),
        ), string_eval(exact_match=p.author))

    # 9102 score (information)
    for n, p in enumerate(groups[1][:4], 1):
        key = f"score{n}"
        add(9102, n, "score", "What is the current score of the post \"{title}\"?", {"title": p.title}, "information",
            chain(open_post(key, p), same(s("stop", pick(key, [
                f"Read the number between the up and down arrows next to the title: {p.net_score}.",
                f"The score shown beside the voting arrows is {p.net_score}.",
            ]), value=str(p.net_score)))), string_eval(exact_match=str(p.net_score)))

    # 9103 comment count (information)
    for n, p in enumerate(groups[2][:4], 1):
        key = f"ncomments{n}"
        add(9103, n, "comment-count", "How many comments does the post \"{title}\" have?", {"title": p.title},
            "information", chain(search_part(key, p.title), same(s("stop", pick(key, [
                f"Read the comments link under the result: {p.comment_count}.",
                f"Under the title the link says {p.comment_count} comment{'' if p.comment_count == 1 else 's'}.",
            ]), value=str(p.comment_count)))), string_eval(must_include=[str(p.comment_count)]))

    # 9104 newest post of a forum (information)
    for n, forum in enumerate(["Art", "AskReddit", "boardgames", "books"], 1):
        key = f"newest{n}"
        p = f.newest_in(forum)
        add(9104, n, "newest", "What is the title of the newest post in the {forum} forum?", {"forum": forum},
            "information", chain(forums_page(key), same(
                s("click", pick(key, [f"Click “{forum}” in the list of forums.",
                                      f"Open the “{forum}” forum from the table."]), role("link", forum)),
                s("click", "Click the “New” tab above the posts.", role("link", "New")),
                s("stop", f"The first post is the newest: “{p.title}”.", value=p.title),
            )), string_eval(exact_match=p.title))

    # 9105 forum sorted by top of a period (navigation)
    periods = [("year", "Past year"), ("month", "Past month"), ("week", "Past week"), ("year", "Past year")]
    for n, (forum, (t, label)) in enumerate(zip(["cars", "Art", "books", "boardgames"], periods, strict=True), 1):
        key = f"top{n}"
        add(9105, n, "top", "Show me the top posts of the {period} in the {forum} forum.",
            {"period": label.lower(), "forum": forum}, "navigation", chain(
                forums_page(key), same(
                    s("click", pick(key, [f"Click “{forum}” in the list of forums.",
                                          f"Open the forum “{forum}” from the table."]), role("link", forum)),
                    s("click", "Click the “Top” tab to sort by score.", role("link", "Top")),
                    s("click", f"Click “{label}” in the row of time periods.", role("link", label)),
                    s("stop", f"The {forum} forum now shows its top posts of the {label.lower()}."),
                )), url_eval(f"__REDDIT__/f/{forum}/top?t={t}"))

    # 9106 a user's page (navigation)
    for n, p in enumerate(groups[3][:4], 1):
        key = f"user{n}"
        add(9106, n, "user-page", "Open the profile page of the person who posted \"{title}\".", {"title": p.title},
            "navigation", chain(search_part(key, p.title), same(
                s("click", pick(key, [f"Click the author's name, “{p.author}”, after “Submitted by”.",
                                      f"Under the result, click “{p.author}” to open their page."]),
                  role("link", p.author)),
                s("stop", f"This is {p.author}'s profile page."),
            )), url_eval(f"__REDDIT__/user/{p.author}"))

    # 9107 vote on a post (state)
    for n, (p, up) in enumerate(zip(groups[4][:4], [True, False, True, False], strict=True), 1):
        key = f"vote{n}"
        word = "Upvote" if up else "Downvote"
        add(9107, n, "vote", "{vote} the post \"{title}\".", {"vote": word, "title": p.title}, "state_change", chain(
            open_post(key, p), same(
                s("click", pick(key, [f"Click the {'up' if up else 'down'} arrow to the left of the title.",
                                      f"{word} the post with the arrow {'above' if up else 'below'} its score."]),
                  role("button", f"{word} {p.title}")),
                s("stop", f"The post is now {word.lower()}d."),
            )), state_eval(SITE, {
                "sql": "SELECT choice FROM submission_votes WHERE user_id = 1 AND submission_id = ?",
                "params": [p.id], "expected": [[1 if up else -1]],
            }))

    # 9108 subscribe (state)
    subs = set(f.subscribed())
    for n, forum in enumerate([x for x in ["Art", "boardgames", "cars", "Baking"] if x not in subs], 1):
        key = f"sub{n}"
        add(9108, n, "subscribe", "Subscribe to the {forum} forum.", {"forum": forum}, "state_change", chain(
            forums_page(key), same(
                s("click", pick(key, [f"Click “Subscribe” in the row of “{forum}”.",
                                      f"Press the “Subscribe” button at the end of the “{forum}” row."]),
                  role("button", f"Subscribe to {forum}")),
                s("stop", f"You are now subscribed to {forum}."),
            )), state_eval(SITE, {
                "sql": "SELECT f.name FROM subscriptions x JOIN forums f ON f.id = x.forum_id WHERE x.user_id = 1 "
                       "ORDER BY f.name COLLATE NOCASE",
                "expected": [[x] for x in sorted(subs | {forum}, key=str.lower)],
            }))

    # 9109 comment on a post (state)
    replies = ["Thanks for sharing this!", "Great point, I agree.", "Interesting, I had not heard of this.",
               "Bookmarking this for later."]
    for n, (p, text) in enumerate(zip(groups[5][:4], replies, strict=True), 1):
        key = f"comment{n}"
        add(9109, n, "comment", "Post a comment saying \"{text}\" on the post \"{title}\".",
            {"text": text, "title": p.title}, "state_change", chain(
                open_post(key, p),
                field("Comment", text, pick(key, [f"Type “{text}” into the “Comment” box below the post.",
                                                  f"Write “{text}” in the comment box."]), clear=False),
                same(s("click", "Click “Post” under the comment box.", role("button", "Post")),
                     s("stop", "Your comment now appears under the post.")),
            ), state_eval(SITE, {
                "sql": "SELECT submission_id, parent_id, body FROM comments WHERE user_id = 1 AND "
                       "id > (SELECT MAX(id) FROM comments WHERE user_id != 1)",
                "expected": [[p.id, None, text]],
            }))

    # 9110 new post (state)
    options = f.forum_options()
    new_posts = [("DIY", "Best glue for wood repairs?", "Looking for a glue that holds up outdoors."),
                 ("food", "Favorite soup for cold days", "Mine is a simple lentil soup."),
                 ("news", "Local library extends opening hours", "Open until 9pm on weekdays from next month."),
                 ("history", "Old photos of the harbor", "Does anyone have pictures from the 1950s?"),
                 ("worldnews", "Summary of this week's headlines", "A short roundup for anyone who missed them.")]
    for n, (forum, title, body) in enumerate(new_posts, 1):
        key = f"newpost{n}"
        add(9110, n, "new-post", "Create a post in the {forum} forum titled \"{title}\" with the text \"{body}\".",
            {"forum": forum, "title": title, "body": body}, "state_change", chain(
                new_post_part(key, forum, title, body, options),
                same(s("stop", "The new post is created and shown.")),
            ), state_eval(SITE, {
                "sql": f"SELECT f.name, s.title, s.body, s.url FROM submissions s JOIN forums f ON f.id = s.forum_id "
                       f"WHERE {NEW_POSTS}",
                "expected": [[forum, title, body, None]],
            }))

    # 9111 biography (state)
    bios = ["Coffee lover and weekend hiker.", "Lifelong reader of science fiction.", "Amateur photographer from Port Alder."]
    for n, bio in enumerate(bios, 1):
        key = f"bio{n}"
        add(9111, n, "bio", "Set my biography to \"{bio}\".", {"bio": bio}, "state_change", chain(
            bio_part(key, bio), same(s("stop", "Your profile now shows the new biography.")),
        ), state_eval(SITE, {"sql": "SELECT biography FROM users WHERE id = 1", "expected": [[bio]]}))

    # 9112 reply to a comment (state)
    reply_texts = ["I see it the same way.", "Could you explain a bit more?", "Good to know, thanks.",
                   "Ha, that made me laugh."]
    # Title-only posts whose first comment is short: its "Reply" link is in the first screenful.
    with_comments = [p for p in f.searchable_posts(40, "s.comment_count BETWEEN 1 AND 40 AND s.body_in_content = 0"
                                                   " AND s.url IS NULL AND s.locked = 0", offset=60)
                     if (fc := f.first_comment(p)) and len(fc[2]) < 120]
    for n, (p, text) in enumerate(zip(with_comments[:4], reply_texts, strict=True), 1):
        key = f"reply{n}"
        cid, who, _body = f.first_comment(p)  # type: ignore[misc]
        add(9112, n, "reply", "Reply \"{text}\" to the first comment, by {who}, on the post \"{title}\".",
            {"text": text, "who": who, "title": p.title}, "state_change", chain(
                open_post(key, p),
                same(s("click", pick(key, [f"Under the first comment, by {who}, click “Reply”.",
                                           f"Click the “Reply” link of {who}'s comment."]),
                       role("link", f"Reply to comment {cid} by {who}"))),
                field("Comment", text, f"Type “{text}” into the reply box.", clear=False),
                same(s("click", "Click “Post” under the reply box.", role("button", "Post")),
                     s("stop", "Your reply now appears under the comment.")),
            ), state_eval(SITE, {
                "sql": "SELECT submission_id, parent_id, body FROM comments WHERE user_id = 1 AND "
                       "id > (SELECT MAX(id) FROM comments WHERE user_id != 1)",
                "expected": [[p.id, cid, text]],
            }))

    # 9113 biography and a new post (state, long)
    combos = [("Coffee lover and weekend hiker.", new_posts[1]), ("Lifelong reader of science fiction.", new_posts[0]),
              ("Amateur photographer from Port Alder.", new_posts[3]), ("Commuter on Route 4.", new_posts[2]),
              ("Board game collector.", new_posts[4])]
    for n, (bio, (forum, title, body)) in enumerate(combos, 1):
        key = f"bionew{n}"
        add(9113, n, "bio-and-post", "Set my biography to \"{bio}\", then post \"{title}\" in the {forum} forum "
            "with the text \"{body}\".", {"bio": bio, "title": title, "forum": forum, "body": body}, "state_change",
            chain(bio_part(key, bio), new_post_part(key, forum, title, body, options),
                  same(s("stop", "Both are done: the biography is saved and the post is created."))),
            state_eval(SITE, {"sql": "SELECT biography FROM users WHERE id = 1", "expected": [[bio]]}, {
                "sql": f"SELECT f.name, s.title, s.body FROM submissions s JOIN forums f ON f.id = s.forum_id "
                       f"WHERE {NEW_POSTS}",
                "expected": [[forum, title, body]],
            }))
    return tasks


def main() -> None:
    write_task_file("reddit", build)


if __name__ == "__main__":
    main()
