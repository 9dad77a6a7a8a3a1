"""One post's comment thread, grown a comment at a time the way threads grow: early top-level
answers, replies that pile onto a few popular comments, back-and-forth chains between two
people, the poster answering their commenters, and a long tail of late arrivals."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..textgen.writer import CommentDraft, PostDraft, Writer
from ..timeline import SEED_NOW, epoch, fmt

if TYPE_CHECKING:
    from .generate import Authors, GComment, GPost
    from .people import User

MAX_DEPTH = 9
_NOW = epoch(SEED_NOW)


def _proxy(post: GPost) -> PostDraft:
    """A post draft for a hand-written post: its kind guessed from its title."""
    kind = "question" if post.title.rstrip().endswith("?") else "experience"
    return PostDraft(post.forum, kind, post.title, post.body, None, False, {})


def _parent(rng: random.Random, nodes: list[GComment]) -> GComment | None:
    if not nodes or rng.random() > 0.55:
        return None
    if rng.random() < 0.35:
        cand = nodes[-1]  # keep the latest conversation going
    else:  # a small tournament: popular comments collect replies
        a, b = nodes[rng.randrange(len(nodes))], nodes[rng.randrange(len(nodes))]
        cand = a if (a.ups + 3 * a.replies) >= (b.ups + 3 * b.replies) else b
    while cand is not None and cand.depth >= MAX_DEPTH:
        cand = cand.parent
    return cand


def grow_thread(rng: random.Random, post: GPost, users: list[User], authors: Authors, writer: Writer,
                out: list[GComment]) -> None:
    """Add `post.n_comments` comments to `post.comments` (and to `out`)."""
    from .generate import GComment

    draft = post.draft or _proxy(post)
    used: set[str] = set()
    op = post.author
    t_post = epoch(post.created_at)
    nodes = post.comments
    curated = post.curated_comments
    for k in range(post.n_comments):
        parent = None if k < len(curated) else _parent(rng, nodes)
        if parent is None:
            t = t_post + 120 + int(rng.expovariate(1 / (5 * 3600)))
        else:
            t = epoch(parent.created_at) + 60 + int(rng.expovariate(1 / (2.5 * 3600)))
        if rng.random() < 0.05:
            t += rng.randint(86400, 30 * 86400)
        t = min(t, _NOW)
        when = fmt(t)
        if parent is not None and parent.author != op and rng.random() < 0.2:
            author = op
        elif parent is not None and parent.parent is not None and parent.parent.author != parent.author \
                and rng.random() < 0.3:
            author = parent.parent.author  # back and forth
        else:
            author = authors.pick(rng, when, avoid=parent.author if parent else 0)
        if users[author - 1].created_at > when:
            author = authors.pick(rng, when, avoid=parent.author if parent else 0)
        if k < len(curated):
            c_draft = CommentDraft(curated[k], "opinion", None)
            writer.bodies.add(curated[k])
        else:
            c_draft = writer.comment(draft, parent.draft if parent else None, rng, by_op=author == op,
                                     style=users[author - 1].style, used=used)
        depth = 0 if parent is None else parent.depth + 1
        if parent is None:
            ups = 1 + int(rng.expovariate(1 / (1.0 + post.ups / 30)))
        else:
            ups = 1 + int(rng.expovariate(1 / (0.6 + post.ups / 90)) / (1 + depth / 2))
        downs = int(rng.expovariate(1 / 1.2)) if rng.random() < 0.2 else 0
        c = GComment(len(out), post, parent, author, c_draft.body, when, min(ups, 900), min(downs, 200),
                     depth=depth, draft=c_draft)
        if rng.random() < 0.04:
            c.edited_at = fmt(min(t + rng.randint(300, 2 * 86400), _NOW))
        if parent is not None:
            parent.replies += 1
        nodes.append(c)
        out.append(c)
