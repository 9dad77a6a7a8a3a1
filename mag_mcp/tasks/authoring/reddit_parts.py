"""Facts, reusable gold-trajectory parts and design helpers for forum tasks, read from the
real site at authoring time (the templates are in `reddit_tasks`)."""

from __future__ import annotations

import difflib
import html as html_lib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from mag_mcp.tasks.authoring.common import (
    Design,
    Part,
    SiteFacts,
    chain,
    distractor,
    field,
    pick,
    role,
    s,
    same,
    standard_negatives,
    type_and_enter,
)

SITE = "reddit"
AUTH = "./.auth/reddit_state.json"
ME = "MarvelsGrantMan136"


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

    def next_results(self, p: Post, n: int = 2) -> list[Post]:
        """The posts right below `p` when its title is searched (similar titles: the near entities)."""
        ids = [int(x) for x in re.findall(r'id="submission_(\d+)"', self.get("/search", q=p.title))]
        return [self.post(i) for i in ids if i != p.id][:n]

    def row(self, table: str, rid: int) -> Any:
        return self.db.execute(f"SELECT * FROM {table} WHERE id = ?", (rid,)).fetchone()

    def top_level(self, p: Post) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM comments WHERE submission_id = ? AND parent_id IS NULL"
                                   " AND deleted = 0", (p.id,)).fetchone()[0])

    def newest_two(self, forum: str) -> list[str]:
        return [r[0] for r in self.db.execute(
            "SELECT s.title FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE f.name = ? "
            "ORDER BY s.id DESC LIMIT 2", (forum,))]

    def first_listed(self, forum: str) -> str:
        """The title of the first post on the forum's own page (its default order, pinned posts first)."""
        first = re.search(r'id="submission_(\d+)"', self.get(f"/f/{forum}"))
        assert first is not None
        return self.post(int(first.group(1))).title

    def forums(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT name FROM forums ORDER BY name COLLATE NOCASE")]

    def forum_id(self, name: str) -> int:
        return int(self.db.execute("SELECT id FROM forums WHERE name = ?", (name,)).fetchone()[0])

    def lookalikes(self, forum: str) -> list[str]:
        """Forums whose names a reader could take for `forum`'s ("cars" and "cats", "news" and "worldnews")."""
        low = forum.lower()
        out = []
        for other in self.forums():
            o = other.lower()
            if o != low and (difflib.SequenceMatcher(None, low, o).ratio() >= 0.75
                             or (min(len(low), len(o)) >= 4 and (low in o or o in low))):
                out.append(other)
        return out


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


# ------------------------------------------------------------ design declarations

def answer_design(gold: str, near: dict[str, str], *extra: dict[str, str],
                  distractors: list[dict[str, Any]] | None = None) -> Design:
    """Near-entity negatives (each value once, the gold's left out), the hedged list, and `extra` ones."""
    seen, kept = {gold}, {}
    for entity, value in near.items():
        if value not in seen:
            kept[entity] = value
            seen.add(value)
    negatives = standard_negatives(gold, near=kept)
    for n in extra:
        if n["answer"] not in seen:
            negatives.append(n)
            seen.add(n["answer"])
    if len(negatives) < 2:
        raise ValueError(f"fewer than two negatives for the answer {gold!r}")
    return Design(negatives=negatives, distractors=distractors or [])


def result_distractors(results: list[Post]) -> list[dict[str, Any]]:
    return [distractor(SITE, q.title, "similar", "right below it in the search results") for q in results]


def forum_distractors(f: ForumFacts, forum: str) -> list[dict[str, Any]]:
    return [distractor(SITE, x, "similar", f"a forum named like {forum}") for x in f.lookalikes(forum)]
