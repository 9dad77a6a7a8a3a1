"""The hand-written layer of the forum: every post template of `CURATED_FORUMS` written out
once (its slots filled from the forum's own values and the shared world), with its
hand-written comments, plus the default user's own posts and comments.

These come first in each forum; the generator (`textgen`) writes everything else around
them.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from ... import world
from ..content import FORUMS as CURATED_FORUMS
from ..content import ForumDef
from ..textgen.catalog import GADGET_BRANDS, MONTHS, WEEKDAYS

# The default user's own submissions: (forum, title, body, url, created_at, upvotes, downvotes).
DEFAULT_USER_POSTS = (
    ("MachineLearning", "Nvidia RTX 4090", "Crazy device for ML!", None, "2022-10-13 17:42:10", 21, 3),
    ("books", "Just finished The Left Hand of Darkness: what should I read next?",
     "It took me a while to get into it, but the last third was incredible. I'd love more science fiction "
     "that is this thoughtful about people. Any recommendations?", None, "2023-02-19 20:11:45", 34, 1),
    ("PortAlder", "Is the North Shore Lighthouse open to visitors?",
     "Friends are visiting next month and I'd love to take them up the lighthouse. Is it open to the public, "
     "and do you need tickets?", None, "2023-04-08 09:26:03", 12, 0),
    ("gaming", "What's a game you'll never stop replaying?",
     "For me it's Hollow Knight. I've finished it four times and I still find new corners of the map.",
     None, "2023-01-27 22:05:51", 48, 2),
    ("movies", "The Lantern Theatre's summer classics lineup is out", None,
     "https://portalderherald.com/2023/05/lantern-theatre-summer-classics", "2023-05-22 12:30:00", 9, 0),
    ("technology", "Do you still use an RSS reader?",
     "I went back to RSS this year and my news diet is so much calmer. What reader do you use?", None,
     "2023-03-14 08:15:27", 27, 4),
)
# The default user's comments: (forum, title prefix of the post, body).
DEFAULT_USER_COMMENTS = (
    ("books", "What are you reading this week?", "Rereading Piranesi. It's even better the second time."),
    ("AskReddit", "What's the most useful thing you own that cost less than $20?",
     "A cheap rice cooker. I use it four times a week."),
    ("PortAlder", "Hidden gems in Port Alder?", "The Maritime Museum on a rainy Tuesday. Nobody is there."),
    ("gaming", "What game has the best soundtrack?", "Outer Wilds. Nothing else comes close."),
    ("programming", "SQLite is enough for most projects", "Agreed. We run a small app on SQLite and it's been "
     "rock solid for two years."),
    ("technology", "Password managers: which one do you trust?",
     "Whichever one you'll actually use. The built-in one is fine for most people."),
    ("movies", "Underrated movies from the last ten years?", "Arrival. I think about it every few months."),
    ("MachineLearning", "[D] GPU or cloud for a hobbyist in 2023?",
     "Cloud until you know what you need. Then buy the GPU."),
    ("Music", "What's a song you never skip?", "Anything off In Rainbows."),
    ("AskReddit", "What's the best piece of advice you've ever been given?",
     "Buy the good boots. My grandfather said it and he was right."),
    ("gaming", "Games you can play with a partner who doesn't play games?",
     "Stardew Valley, we played it every night for a month."),
    ("PortAlder", "Where do you take visitors in Port Alder?",
     "The ferry to the islands and then fish tacos at Alder Wharf Market."),
)

_SLOT = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class CuratedPost:
    forum: str
    title: str
    body: str | None
    link: str | None  # domain of a link post
    comments: tuple[str, ...]
    author: str | None  # a world.PEOPLE username who wrote it, or None
    project_owner: str | None  # the owner of the world project the post talks about, if any


def _values(rng: random.Random, forum: ForumDef) -> dict[str, str]:
    project = rng.choice(world.PROJECTS)
    values = {
        "landmark": rng.choice(world.LANDMARKS).name, "district": rng.choice(world.DISTRICTS),
        "project": project.name, "project_path": project.path, "project_desc": project.description,
        "project_lang": project.language, "person": rng.choice(world.PEOPLE).username,
        "brand": rng.choice(GADGET_BRANDS), "n": str(rng.randint(2, 9)), "num": str(rng.randint(12, 95)),
        "year": str(rng.choice([2021, 2022, 2023])), "weekday": rng.choice(WEEKDAYS), "month": rng.choice(MONTHS),
    }
    for key, options in forum.slots.items():
        values[key] = rng.choice(options)
    return values


def fill(template: str, values: dict[str, str]) -> str:
    return _SLOT.sub(lambda m: values.get(m.group(1), m.group(0)), template)


def curated_posts(seed: int) -> list[CuratedPost]:
    """Every hand-written post template once, in a fixed order."""
    out: list[CuratedPost] = []
    people = {p.username for p in world.PEOPLE}
    for forum in CURATED_FORUMS:
        rng = random.Random(f"{seed}:curated:{forum.name}")
        for p in forum.posts:
            values = _values(rng, forum)
            title = fill(p.title, values)
            title = title[:1].upper() + title[1:]
            body = fill(p.body, values) if p.body else None
            owner = values["project_path"].split("/")[0]
            uses_project = "{project" in p.title + (p.body or "")
            out.append(CuratedPost(forum.name, title, body, p.link, tuple(fill(c, values) for c in p.comments),
                                   p.author, owner if uses_project and owner in people else None))
    return out
