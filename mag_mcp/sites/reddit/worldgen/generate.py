"""The whole forum, generated in memory: users, forums, posts and their comment threads, votes,
moderation and the wiki. `seed.build_seed` writes the mutable part of it, `content_db`
the immutable bodies and crowd votes; both call `forum_world()`, which builds it once per
process (the two databases are built one after the other) and is then released.

Deterministic: one `random.Random` per stream, seeded from fixed strings, and fixed dates.
Ids grow with time, for submissions and for comments.
"""

from __future__ import annotations

import hashlib
import math
import random
from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import accumulate

from ..content import FORUMS as CURATED_FORUMS
from .curated import DEFAULT_USER_COMMENTS, DEFAULT_USER_POSTS, curated_posts
from .moderation import Ban, LogEntry, flairs, moderate_threads, remove_some_posts, sticky_posts
from .people import DEFAULT_SUBSCRIPTIONS, User, make_users
from ..textgen.catalog import FORUMS
from ..textgen.model import ForumSpec
from ..textgen.writer import CommentDraft, PostDraft, Writer
from .threads import grow_thread
from ..timeline import SEED_NOW, add_seconds, epoch, random_time
from .votes_gen import VoteRows, cast_votes
from .wiki_gen import WikiRevision, wiki_revisions

SEED = 9999
TARGET_POSTS = 21500
TARGET_COMMENTS = 112000
SLUG_MAX = 60


@dataclass(slots=True)
class GComment:
    key: int  # creation order (ties in time keep it)
    post: GPost
    parent: GComment | None
    author: int
    body: str
    created_at: str
    ups: int = 1
    downs: int = 0
    deleted: int = 0  # 0 live, 1 deleted by its author (a placeholder), 2 removed by a moderator
    edited_at: str | None = None
    depth: int = 0
    replies: int = 0
    id: int = 0
    draft: CommentDraft | None = None


@dataclass(slots=True)
class GPost:
    forum: str
    author: int
    title: str
    url: str | None
    body: str | None
    created_at: str
    ups: int
    downs: int
    draft: PostDraft | None
    curated_comments: tuple[str, ...] = ()
    sticky: int = 0
    locked: int = 0
    edited_at: str | None = None
    comments: list[GComment] = field(default_factory=list)
    id: int = 0
    n_comments: int = 0


@dataclass
class ForumRow:
    id: int
    spec: ForumSpec
    name: str
    title: str
    description: str
    sidebar: str
    created_at: str
    moderators: list[int] = field(default_factory=list)
    subscribers: list[int] = field(default_factory=list)


@dataclass
class ForumWorld:
    users: list[User]
    forums: list[ForumRow]
    posts: list[GPost]  # id order
    comments: list[GComment]  # id order
    log: list[LogEntry]  # the moderation log, oldest first
    bans: list[Ban]
    flairs: list[tuple[str, int, str]]  # (forum, user id, flair)
    votes: VoteRows
    wiki: list[WikiRevision]


class Authors:
    """Who writes in a forum: its subscribers weighted by activity, only while their account exists."""

    def __init__(self, users: list[User], members: list[int]) -> None:
        self.users = users
        self.members = members or [u.id for u in users[1:]]
        self.cum = list(accumulate(users[m - 1].weight for m in self.members))
        self.by_created = sorted(u.id for u in users[1:])  # ids of everyone but the default user

    def pick(self, rng: random.Random, when: str, avoid: int = 0) -> int:
        for _ in range(8):
            uid = self.members[bisect_right(self.cum, rng.random() * self.cum[-1])]
            u = self.users[uid - 1]
            if u.created_at <= when <= u.active_until and uid != avoid and uid != 1:
                return uid
        for _ in range(40):  # anyone who existed then
            u = self.users[1 + rng.randrange(len(self.users) - 1)]
            if u.created_at <= when and u.id != avoid:
                return u.id
        return 2


def _forum_rows(rng: random.Random, users: list[User]) -> list[ForumRow]:
    curated = {f.name: f for f in CURATED_FORUMS}
    specs = sorted(FORUMS, key=lambda f: (f.created_at, f.name))
    rows = []
    by_name = {u.username: u.id for u in users}
    for i, spec in enumerate(specs, start=1):
        c = curated.get(spec.name)
        rows.append(ForumRow(i, spec, spec.name, spec.title or (c.title if c else spec.name),
                             spec.description or (c.description if c else ""), spec.rules or (c.sidebar if c else ""),
                             spec.created_at, [by_name[m] for m in spec.moderators if m in by_name]))
    members: dict[str, list[int]] = {r.name: [] for r in rows}
    for u in users:
        for name in dict.fromkeys(u.home):
            if name in members:
                members[name].append(u.id)
    for r in rows:
        r.subscribers = members[r.name]
        regulars = [m for m in r.subscribers if users[m - 1].weight > 6 and not users[m - 1].person
                    and users[m - 1].created_at < add_seconds(r.created_at, 200 * 86400)]
        want = 1 + (r.spec.weight > 300) + (r.spec.weight > 600)
        for m in rng.sample(regulars, min(len(regulars), max(0, want - len(r.moderators) + 1))):
            r.moderators.append(m)
        if not r.moderators:  # a small forum: its most active early member looks after it
            early = [m for m in r.subscribers if users[m - 1].created_at < add_seconds(r.created_at, 400 * 86400)
                     and m != 1] or [m for m in r.subscribers if m != 1] or [2]
            r.moderators.append(max(early, key=lambda m: (users[m - 1].weight, -m)))
    return rows


def _score(rng: random.Random, weight: float) -> tuple[int, int]:
    mu = 1.5 + 0.35 * math.log10(max(weight, 10))
    ups = 1 + int(rng.lognormvariate(mu, 1.2))
    ratio = rng.choice((0.0, 0.02, 0.05, 0.08, 0.12, 0.18, 0.25, 0.35))
    if rng.random() < 0.05:  # controversial
        ratio = rng.uniform(0.55, 0.95)
    return min(ups, 1900), min(int(ups * ratio + rng.random()), 600)


def _url(draft_domain: str | None, image: bool, title: str, created: str) -> str | None:
    from .seed import slugify

    if not draft_domain:
        return None
    if image:
        return f"https://{draft_domain}/{hashlib.sha1(title.encode()).hexdigest()[:10]}.jpg"
    return f"https://{draft_domain}/{created[:4]}/{created[5:7]}/{slugify(title)}"


def _posts(rng: random.Random, users: list[User], forums: list[ForumRow], writer: Writer) -> list[GPost]:
    total_weight = sum(r.spec.weight for r in forums)
    curated: dict[str, list] = {}
    for cp in curated_posts(SEED):
        curated.setdefault(cp.forum, []).append(cp)
    by_name = {u.username: u.id for u in users}
    posts: list[GPost] = []
    for r in forums:
        frng = random.Random(f"{SEED}:posts:{r.name}")
        authors = Authors(users, r.subscribers)
        n = max(40, round(r.spec.weight * TARGET_POSTS / total_weight))
        start = add_seconds(r.created_at, 86400)
        own = curated.get(r.name, [])
        for k in range(max(n, len(own))):
            created = random_time(frng, start, add_seconds(SEED_NOW, -3600), skew=1.7)
            ups, downs = _score(frng, r.spec.weight)
            if k < len(own):
                cp = own[k]
                who = cp.author or cp.project_owner
                author = by_name[who] if who else authors.pick(frng, created)
                created = max(created, users[author - 1].created_at)
                url = f"https://{cp.link}/{created[:4]}/{created[5:7]}/" + _slug(cp.title) if cp.link else None
                posts.append(GPost(r.name, author, cp.title, url, cp.body, created, ups, downs, None, cp.comments))
                continue
            draft = writer.post(r.name, frng)
            author = authors.pick(frng, created)
            owner = _project_owner(draft, by_name)
            if owner:
                author, created = owner, max(created, users[owner - 1].created_at)
            elif r.name in DEFAULT_SUBSCRIPTIONS and frng.random() < 0.006 and created > users[0].created_at:
                author = 1
            posts.append(GPost(r.name, author, draft.title, _url(draft.link_domain, draft.image, draft.title, created),
                               draft.body, created, ups, downs, draft))
    for forum, title, body, url, created, ups, downs in DEFAULT_USER_POSTS:
        posts.append(GPost(forum, 1, title, url, body, created, ups, downs, None))
    return posts


def _slug(title: str) -> str:
    from .seed import slugify

    return slugify(title)


def _project_owner(draft: PostDraft, by_name: dict[str, int]) -> int | None:
    text = draft.title + " " + (draft.body or "")
    if draft.bound.get("project") and (draft.bound["project"] in text or draft.bound["project_path"] in text):
        return by_name.get(draft.bound["project_path"].split("/")[0])
    return None


def _comment_budget(rng: random.Random, posts: list[GPost], forums: dict[str, ForumRow]) -> None:
    raw = []
    for p in posts:
        spec = forums[p.forum].spec
        expected = 1.4 * spec.chatter * (0.5 + 0.5 * math.log2(2 + p.ups))
        n = rng.expovariate(1 / expected)
        if rng.random() < 0.03:
            n *= 5
        raw.append(n)
    scale = (TARGET_COMMENTS - sum(len(p.curated_comments) for p in posts)) / sum(raw)
    for p, n in zip(posts, raw, strict=True):
        x = n * scale
        p.n_comments = min(int(x) + (rng.random() < x - int(x)), 900) + len(p.curated_comments)
        if p.author == 1:
            p.n_comments = max(p.n_comments, 4)


def generate() -> ForumWorld:
    """Build the forum world (well under a minute on two cores)."""
    rng = random.Random(SEED)
    users = make_users(random.Random(f"{SEED}:users"))
    forums = _forum_rows(random.Random(f"{SEED}:forums"), users)
    by_forum = {r.name: r for r in forums}
    writer = Writer()
    posts = _posts(rng, users, forums, writer)

    def make_post(r: ForumRow, mod: int, title: str, body: str, when: str, ups: int) -> GPost:
        writer.titles.add(title.lower())
        draft = PostDraft(r.name, "discussion", title, body, None, False, {})
        return GPost(r.name, mod, title, None, body, max(when, users[mod - 1].created_at), ups, 0, draft)

    posts += sticky_posts(random.Random(f"{SEED}:sticky"), forums, make_post)
    log = remove_some_posts(random.Random(f"{SEED}:removed"), posts, by_forum)
    posts = [p for p in posts if p.n_comments != -1]
    _comment_budget(random.Random(f"{SEED}:budget"), posts, by_forum)
    trng = random.Random(f"{SEED}:threads")
    authors = {r.name: Authors(users, r.subscribers) for r in forums}
    comments: list[GComment] = []
    for p in posts:
        grow_thread(trng, p, users, authors[p.forum], writer, comments)
    _default_user_comments(random.Random(f"{SEED}:me"), posts, comments, users, writer)
    posts.sort(key=lambda p: (p.created_at, p.forum, p.title))
    for i, p in enumerate(posts, start=1):
        p.id = i
    if posts[-1].author == 1:
        raise AssertionError("the newest seeded submission must be someone else's (tasks find new rows by id)")
    comments.sort(key=lambda c: (c.created_at, c.key))
    for i, c in enumerate(comments, start=1):
        c.id = i
    more_log, bans = moderate_threads(random.Random(f"{SEED}:moderation"), posts, comments, by_forum, users)
    log = sorted(log + more_log, key=lambda e: (e.created_at, e.forum, e.action))
    votes = cast_votes(random.Random(f"{SEED}:votes"), ForumWorld(users, forums, posts, comments, log, bans, [],
                                                                     VoteRows(), []))
    return ForumWorld(users, forums, posts, comments, log, bans,
                      flairs(random.Random(f"{SEED}:flairs"), forums, users), votes,
                      wiki_revisions(random.Random(f"{SEED}:wiki"), forums, users))


_cached: ForumWorld | None = None


def forum_world() -> ForumWorld:
    """The forum world, generated once per process (`release` forgets it)."""
    global _cached
    if _cached is None:
        _cached = generate()
    return _cached


def release() -> None:
    """Forget the generated world (both databases are written)."""
    global _cached
    _cached = None


def _default_user_comments(rng: random.Random, posts: list[GPost], comments: list[GComment], users: list[User],
                           writer: Writer) -> None:
    """The default user's hand-written comments, plus a share of comments in their forums."""
    for forum, prefix, body in DEFAULT_USER_COMMENTS:
        post = next(p for p in posts if p.forum == forum and p.title.startswith(prefix))
        last = max([c.created_at for c in post.comments] or [post.created_at])
        when = min(add_seconds(last, rng.randint(600, 7200)), SEED_NOW)
        c = GComment(len(comments), post, None, 1, body, when, ups=rng.randint(2, 14))
        post.comments.append(c)
        comments.append(c)
    mine = [c for c in comments if c.post.forum in DEFAULT_SUBSCRIPTIONS and c.author != 1 and c.created_at >
            users[0].created_at and c.post.author != 1 and c.parent is not None and c.parent.author != 1]
    for c in rng.sample(mine, min(260, len(mine))):
        c.author = 1
    last = max(comments, key=lambda c: (c.created_at, c.key))
    if last.author == 1:  # the newest seeded comment must be someone else's (tasks find new rows by id)
        last.author = 2
