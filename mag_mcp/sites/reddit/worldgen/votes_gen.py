"""Who voted on what: a row per vote, consistent with every post's and comment's up and down counts.

The default user's votes (a few hundred, over the years, mostly in the forums they follow) go
to the mutable database, where tasks read them; everyone else's are the "crowd" votes,
kept in the content database. Every post and comment has its author's own upvote.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .people import DEFAULT_SUBSCRIPTIONS
from ..timeline import SEED_NOW, epoch, fmt

if TYPE_CHECKING:
    from .generate import ForumWorld

N_DEFAULT_POST_VOTES = 420
N_DEFAULT_COMMENT_VOTES = 340
_NOW = epoch(SEED_NOW)


@dataclass
class VoteRows:
    # the default user's and any run-time votes: (target id, user id, choice, created_at text)
    main_posts: list[tuple[int, int, int, str]] = field(default_factory=list)
    main_comments: list[tuple[int, int, int, str]] = field(default_factory=list)
    # crowd votes: (user id, target id, choice, voted_at epoch seconds)
    crowd_posts: list[tuple[int, int, int, int]] = field(default_factory=list)
    crowd_comments: list[tuple[int, int, int, int]] = field(default_factory=list)


def _voters(rng: random.Random, created: list[str], ids: list[int], when: str, k: int, avoid: int) -> list[int]:
    """`k` distinct users (never `avoid` or the default user) whose accounts existed at `when`."""
    pool = bisect_right(created, when)
    k = min(k, max(pool - 2, 0))
    if k <= 0:
        return []
    picked = rng.sample(range(pool), min(pool, k + 2))
    return [ids[i] for i in picked if ids[i] not in (avoid, 1)][:k]


def cast_votes(rng: random.Random, fw: ForumWorld) -> VoteRows:
    rows = VoteRows()
    others = sorted(fw.users[1:], key=lambda u: (u.created_at, u.id))
    created = [u.created_at for u in others]
    ids = [u.id for u in others]
    me_since = fw.users[0].created_at
    liked = [p for p in fw.posts if p.author != 1 and p.created_at > me_since]
    weights = [3.0 if p.forum in DEFAULT_SUBSCRIPTIONS else 0.4 for p in liked]
    mine_posts: dict[int, int] = {}
    for p in rng.choices(liked, weights, k=N_DEFAULT_POST_VOTES * 2):
        if len(mine_posts) < N_DEFAULT_POST_VOTES:
            mine_posts.setdefault(p.id, -1 if rng.random() < 0.18 else 1)
    commented = [c for c in fw.comments if c.author != 1 and c.deleted == 0 and c.created_at > me_since
                 and c.post.forum in DEFAULT_SUBSCRIPTIONS]
    mine_comments = {c.id: (-1 if rng.random() < 0.12 else 1)
                     for c in rng.sample(commented, min(N_DEFAULT_COMMENT_VOTES, len(commented)))}

    def vote(target, tid: int, mine: int | None, main: list, crowd: list, spread: int) -> None:
        t0 = epoch(target.created_at)
        when = lambda: min(t0 + rng.randint(60, spread), _NOW)  # noqa: E731
        if mine:
            main.append((tid, 1, mine, fmt(when())))
            if mine == 1:
                target.ups = max(target.ups, 2)
            else:
                target.downs = max(target.downs, 1)
        if target.author == 1:
            main.append((tid, 1, 1, target.created_at))
        else:
            crowd.append((target.author, tid, 1, t0))
        n_up = target.ups - 1 - (mine == 1)
        n_down = target.downs - (mine == -1)
        people = _voters(rng, created, ids, target.created_at, n_up + n_down, target.author)
        if len(people) < n_up + n_down:  # a young forum: fewer accounts than votes
            n_up = min(n_up, len(people))
            n_down = len(people) - n_up
            target.ups, target.downs = n_up + 1 + (mine == 1), n_down + (mine == -1)
        for i, u in enumerate(people):
            crowd.append((u, tid, 1 if i < n_up else -1, when()))

    for p in fw.posts:
        vote(p, p.id, mine_posts.get(p.id), rows.main_posts, rows.crowd_posts, 3 * 86400)
    for c in fw.comments:
        if c.deleted:
            c.ups = c.downs = 0  # a deleted comment keeps no votes
            continue
        vote(c, c.id, mine_comments.get(c.id), rows.main_comments, rows.crowd_comments, 2 * 86400)
    rows.crowd_posts.sort()
    rows.crowd_comments.sort()
    return rows
