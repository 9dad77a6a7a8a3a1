"""Deterministic seed database of the Postmill forum (WebArena's reddit).

Everything comes from `content` (text banks) and `world` (people, projects,
landmarks, districts) plus `random.Random` streams with fixed seeds; timestamps
are fixed strings. Two builds give byte-for-byte identical table contents.

Conventions
-----------
* Timestamps are TEXT ``'YYYY-MM-DD HH:MM:SS'`` (UTC). Seed rows are dated from
  2022-06-12 up to ``SEED_NOW`` (2023-06-12 18:00:00). The site's clock is
  logical, not the wall clock: a row written by the running site is stamped one
  minute after the latest submission/comment in the database (never before
  ``SEED_NOW``), so it sorts after every seed row and pages render the same on
  every run. Ids grow with time as well: "newest" = highest ``id``.
* Scores: ``net_score = upvotes - downvotes``; ``upvotes``/``downvotes`` always
  equal the counts of +1/-1 rows in the matching votes table. A new submission or
  comment starts with its author's own upvote (as Postmill does).
* Names: ``users.username`` and ``forums.name`` are unique case-insensitively
  (``COLLATE NOCASE``); compare with ``=`` directly.
* Every user's password is ``test1234``.

Schema (``id`` columns are INTEGER PRIMARY KEY)
------
users(id, username UNIQUE NOCASE, password_hash, biography -- '' when none (shown on
    /user/<name> in ``.user-bio__biography``), created_at, is_admin 0/1)
sessions(token PRIMARY KEY, user_id, created_at)  -- the ``reddit_session`` cookie
forums(id, name UNIQUE NOCASE -- the <forum> in /f/<forum>, title, description,
    sidebar -- free text, lines joined by '\\n', created_at)
moderators(forum_id, user_id, created_at; PRIMARY KEY(forum_id, user_id))
subscriptions(user_id, forum_id, subscribed_at; PRIMARY KEY(user_id, forum_id))
submissions(id -- the number in /f/<forum>/<id>/<slug>, forum_id, user_id, title,
    url NULL -- link posts, body NULL -- text posts ('' never stored: NULL),
    slug -- Postmill slug of the title, at most 60 chars, created_at,
    edited_at NULL, upvotes, downvotes, net_score, comment_count -- comments with
    deleted = 0, ranking INTEGER -- "hot" order, higher first, last_active -- time
    of the latest comment (or created_at))
comments(id -- the number in /f/<forum>/<submission id>/-/comment/<id>,
    submission_id, parent_id NULL for top-level comments, user_id, body,
    created_at, edited_at NULL, upvotes, downvotes, net_score,
    deleted 0/1 -- a deleted comment that still has replies stays as a
    "[deleted]" placeholder with body ''; one without replies is removed)
submission_votes(submission_id, user_id, choice +1|-1, created_at;
    PRIMARY KEY(submission_id, user_id))
comment_votes(comment_id, user_id, choice +1|-1, created_at; PRIMARY KEY(comment_id, user_id))

Handy queries::

    -- posts by a user
    SELECT s.id, f.name, s.title FROM submissions s JOIN forums f ON f.id = s.forum_id
      JOIN users u ON u.id = s.user_id WHERE u.username = 'MarvelsGrantMan136';
    -- what the default user voted on
    SELECT submission_id, choice FROM submission_votes WHERE user_id = 1;
    -- subscriptions
    SELECT f.name FROM subscriptions x JOIN forums f ON f.id = x.forum_id WHERE x.user_id = 1;
"""

from __future__ import annotations

import hashlib
import math
import random
import re
import sqlite3
import string
import unicodedata
from functools import lru_cache
from itertools import accumulate
from datetime import datetime, timedelta
from pathlib import Path

from .. import world
from . import content

SEED = 9999
SEED_START = "2022-06-12 00:00:00"
SEED_NOW = "2023-06-12 18:00:00"
DEFAULT_USERNAME = "MarvelsGrantMan136"
DEFAULT_PASSWORD = "test1234"
DEFAULT_SESSION_TOKEN = "9d3c5a7e1f2b4c6d8e0a1b3c5d7e9f10"
N_GENERATED_USERS = 420
SLUG_MAX = 60

# Electronics brands the shop sells (world.brands()); used in gadget posts.
GADGET_BRANDS = ("Sony", "Bose", "Anker", "Apple", "Logitech", "JBL", "SAMSUNG", "TP-Link", "GoPro", "Belkin",
                 "Philips", "Panasonic", "Roku", "Sonos", "UGREEN", "SanDisk")
DEFAULT_SUBSCRIPTIONS = ("AskReddit", "books", "gaming", "MachineLearning", "movies", "Music", "PortAlder",
                         "programming", "technology")

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
# The default user's comments: (forum, title substring of the post, body).
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

SCHEMA = """
CREATE TABLE users (
    id INTEGER PRIMARY KEY, username TEXT NOT NULL UNIQUE COLLATE NOCASE, password_hash TEXT NOT NULL,
    biography TEXT NOT NULL DEFAULT '', created_at TEXT NOT NULL, is_admin INTEGER NOT NULL DEFAULT 0);
CREATE TABLE sessions (
    token TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL);
CREATE TABLE forums (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE, title TEXT NOT NULL,
    description TEXT NOT NULL, sidebar TEXT NOT NULL DEFAULT '', created_at TEXT NOT NULL);
CREATE TABLE moderators (
    forum_id INTEGER NOT NULL REFERENCES forums(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE, created_at TEXT NOT NULL,
    PRIMARY KEY (forum_id, user_id));
CREATE TABLE subscriptions (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    forum_id INTEGER NOT NULL REFERENCES forums(id) ON DELETE CASCADE, subscribed_at TEXT NOT NULL,
    PRIMARY KEY (user_id, forum_id));
CREATE INDEX subscriptions_forum ON subscriptions(forum_id);
CREATE TABLE submissions (
    id INTEGER PRIMARY KEY, forum_id INTEGER NOT NULL REFERENCES forums(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id), title TEXT NOT NULL, url TEXT, body TEXT,
    slug TEXT NOT NULL, created_at TEXT NOT NULL, edited_at TEXT,
    upvotes INTEGER NOT NULL DEFAULT 0, downvotes INTEGER NOT NULL DEFAULT 0, net_score INTEGER NOT NULL DEFAULT 0,
    comment_count INTEGER NOT NULL DEFAULT 0, ranking INTEGER NOT NULL, last_active TEXT NOT NULL);
CREATE INDEX submissions_forum ON submissions(forum_id, ranking);
CREATE INDEX submissions_user ON submissions(user_id);
CREATE INDEX submissions_created ON submissions(created_at);
CREATE TABLE comments (
    id INTEGER PRIMARY KEY, submission_id INTEGER NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
    parent_id INTEGER REFERENCES comments(id) ON DELETE CASCADE, user_id INTEGER NOT NULL REFERENCES users(id),
    body TEXT NOT NULL, created_at TEXT NOT NULL, edited_at TEXT,
    upvotes INTEGER NOT NULL DEFAULT 0, downvotes INTEGER NOT NULL DEFAULT 0, net_score INTEGER NOT NULL DEFAULT 0,
    deleted INTEGER NOT NULL DEFAULT 0);
CREATE INDEX comments_submission ON comments(submission_id);
CREATE INDEX comments_parent ON comments(parent_id);
CREATE INDEX comments_user ON comments(user_id);
CREATE INDEX comments_created ON comments(created_at);
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
"""

_ADJ = ("quiet", "tired", "happy", "salty", "rusty", "sleepy", "brave", "lazy", "curious", "grumpy", "lucky",
        "cosmic", "crispy", "fuzzy", "gentle", "humble", "jolly", "mellow", "nimble", "odd", "polite", "rapid",
        "silent", "spicy", "sunny", "tiny", "wild", "witty", "zesty", "foggy", "soggy", "frozen", "golden",
        "hidden", "lonely", "midnight", "northern", "purple", "random", "secret")
_NOUN = ("otter", "heron", "pancake", "lighthouse", "ferry", "walrus", "badger", "noodle", "cactus", "pixel",
         "kettle", "comet", "penguin", "muffin", "raccoon", "potato", "lantern", "harbor", "pine", "falcon",
         "toaster", "banjo", "narwhal", "waffle", "cobbler", "sparrow", "mackerel", "compass", "anchor", "pebble",
         "teapot", "moose", "llama", "gecko", "turnip", "bagel", "acorn", "beacon", "squid", "wombat", "biscuit",
         "tortoise", "meteor", "kayak", "puffin", "trombone")


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


_EPOCH0 = datetime(1970, 1, 1)


@lru_cache(maxsize=65536)
def epoch(ts: str) -> int:
    """Seconds since 1970 of a 'YYYY-MM-DD HH:MM:SS' UTC timestamp."""
    return int((datetime.fromisoformat(ts) - _EPOCH0).total_seconds())


@lru_cache(maxsize=4096)
def _day(days: int) -> str:
    return (_EPOCH0 + timedelta(days=days)).strftime("%Y-%m-%d")


def _fmt(seconds: int) -> str:
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{_day(days)} {hours:02d}:{minutes:02d}:{secs:02d}"


def hot_ranking(created_at: str, net_score: int) -> int:
    """Reddit-style "hot": age in seconds plus 45000 s per factor of ten of net score."""
    sign = (net_score > 0) - (net_score < 0)
    return epoch(created_at) + round(45000 * sign * math.log10(max(abs(net_score), 1)))


def _ts(rng: random.Random, start: str, end: str) -> str:
    a = epoch(start)
    return _fmt(a + rng.randrange(max(epoch(end) - a, 1)))


def _add(ts: str, seconds: int) -> str:
    return _fmt(epoch(ts) + seconds)


def _min_ts(a: str, b: str) -> str:
    return min(a, b)


def _usernames(rng: random.Random, taken: set[str], n: int) -> list[str]:
    out: list[str] = []
    while len(out) < n:
        a, b = rng.choice(_ADJ), rng.choice(_NOUN)
        style = rng.randrange(8)
        if style == 0:
            name = f"{a.title()}{b.title()}{rng.randint(1, 99)}"
        elif style == 1:
            name = f"{a}_{b}"
        elif style == 2:
            suffix = rng.choice(["Fan", "Lover", "Guy", "Girl", "Wrangler", "Enjoyer"])
            name = f"{b.title()}{suffix}{rng.randint(1, 999)}"
        elif style == 3:
            name = f"throwaway_{rng.randint(1000, 9999)}"
        elif style == 4:
            name = f"the_real_{b}"
        elif style == 5:
            name = f"{a.title()}{b.title()}"
        elif style == 6:
            name = f"{b}{rng.choice(string.ascii_lowercase)}{rng.randint(10, 9999)}"
        else:
            name = f"Not{a.title()}{b.title()}"
        if name.lower() not in taken:
            taken.add(name.lower())
            out.append(name)
    return out


def _slot_values(rng: random.Random, forum: content.ForumDef) -> dict[str, str]:
    project = rng.choice(world.PROJECTS)
    values = {
        "landmark": rng.choice(world.LANDMARKS).name,
        "district": rng.choice(world.DISTRICTS),
        "project": project.name,
        "project_path": project.path,
        "project_desc": project.description,
        "project_lang": project.language,
        "person": rng.choice(world.PEOPLE).username,
        "brand": rng.choice(GADGET_BRANDS),
        "n": str(rng.randint(2, 9)),
        "num": str(rng.randint(12, 95)),
        "year": str(rng.choice([2022, 2023])),
        "weekday": rng.choice(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]),
        "month": rng.choice(["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]),
    }
    for key, options in forum.slots.items():
        values[key] = rng.choice(options)
    return values


_SLOT = re.compile(r"\{(\w+)\}")


def fill(template: str, values: dict[str, str]) -> str:
    return _SLOT.sub(lambda m: values.get(m.group(1), m.group(0)), template)


def _posts_for(rng: random.Random, forum: content.ForumDef) -> list[dict]:
    """Unique-title posts of one forum (at most `posts_target`)."""
    templates = list(forum.posts)
    slotted = [p for p in templates if _SLOT.search(p.title)]
    cap = max(4, math.ceil(forum.posts_target / max(len(templates), 1)) + 2)
    uses = {id(p): 0 for p in templates}
    seen: set[str] = set()
    out: list[dict] = []
    order = templates[:]
    rng.shuffle(order)
    rounds = 0
    while len(out) < forum.posts_target and rounds < 40:
        rounds += 1
        progressed = False
        for p in order:
            if len(out) >= forum.posts_target:
                break
            limit = cap if p in slotted else 1
            if uses[id(p)] >= limit:
                continue
            for _ in range(8):
                values = _slot_values(rng, forum)
                title = fill(p.title, values)
                title = title[:1].upper() + title[1:]
                if title.lower() not in seen:
                    break
            else:
                uses[id(p)] = limit
                continue
            seen.add(title.lower())
            uses[id(p)] += 1
            progressed = True
            out.append(dict(template=p, values=values, title=title,
                            body=fill(p.body, values) if p.body else None,
                            url=None, link=p.link))
        if not progressed:
            break
    return out


def build_seed(path: Path) -> None:
    """Write a fresh, deterministic Postmill database to `path`."""
    path = Path(path)
    path.unlink(missing_ok=True)
    conn = sqlite3.connect(path)
    try:
        conn.executescript(SCHEMA)
        _fill(conn, random.Random(SEED))
        conn.commit()
    finally:
        conn.close()


def _fill(conn: sqlite3.Connection, rng: random.Random) -> None:
    # --- users -----------------------------------------------------------------------
    people = {p.username: p for p in world.PEOPLE}
    names = [DEFAULT_USERNAME] + [p.username for p in world.PEOPLE]
    names += _usernames(rng, {n.lower() for n in names}, N_GENERATED_USERS)
    uid = {name: i for i, name in enumerate(names, start=1)}
    bios = ["", "", "", "Just here for the comments.", "Lurker since forever.", "I like boats.",
            "Opinions are my own. Mostly.", "Coffee, books, bad puns.", "Port Alder born and raised.",
            "Trying to read 50 books this year.", "Professional overthinker."]
    users = []
    for name in names:
        i = uid[name]
        if name == DEFAULT_USERNAME:
            created, bio = "2022-03-02 14:21:05", ""
        elif name in people:
            created, bio = _ts(rng, "2021-11-20 00:00:00", "2022-03-01 00:00:00"), people[name].bio
        else:
            created, bio = _ts(rng, "2021-12-01 00:00:00", "2023-05-01 00:00:00"), rng.choice(bios)
        users.append((i, name, hash_password(DEFAULT_PASSWORD, f"u{i:05d}"), bio, created, 0))
    conn.executemany("INSERT INTO users (id, username, password_hash, biography, created_at, is_admin)"
                     " VALUES (?,?,?,?,?,?)", users)
    user_created = {u[0]: u[4] for u in users}
    conn.execute("INSERT INTO sessions (token, user_id, created_at) VALUES (?,?,?)",
                 (DEFAULT_SESSION_TOKEN, 1, "2023-06-12 08:00:00"))

    # posting weights: a few prolific users, a long tail; world people post a lot
    weight = {}
    for name in names[1:]:
        i = uid[name]
        weight[i] = 6.0 if name in people else rng.paretovariate(1.3)
    posters = list(weight)
    poster_w = list(accumulate(weight[i] for i in posters))  # cumulative weights
    people_ids = [uid[p.username] for p in world.PEOPLE]

    # --- forums ------------------------------------------------------------------------
    forum_id = {}
    for fid, f in enumerate(sorted(content.FORUMS, key=lambda f: f.created_at), start=1):
        forum_id[f.name] = fid
        conn.execute("INSERT INTO forums (id, name, title, description, sidebar, created_at) VALUES (?,?,?,?,?,?)",
                     (fid, f.name, f.title, f.description, f.sidebar, f.created_at))
        for mod in f.moderators:
            conn.execute("INSERT INTO moderators (forum_id, user_id, created_at) VALUES (?,?,?)",
                         (fid, uid[mod], f.created_at))
    forums = {f.name: f for f in content.FORUMS}

    # --- submissions ---------------------------------------------------------------------
    raw: list[dict] = []
    for f in content.FORUMS:
        for post in _posts_for(random.Random(f"{SEED}:forum:{f.name}"), f):
            post["forum"] = f.name
            raw.append(post)
    for forum, title, body, url, created, ups, downs in DEFAULT_USER_POSTS:
        raw.append(dict(template=None, values=_slot_values(rng, forums[forum]), title=title, body=body, url=url,
                        forum=forum, author=1, created_at=created, ups=ups, downs=downs))
    for post in raw:
        if "author" not in post and post["template"].author:
            post["author"] = uid[post["template"].author]
        if "created_at" not in post:
            tpl_text = (post["template"].title + " " + (post["template"].body or ""))
            owner = post["values"]["project_path"].split("/")[0]
            mentioned = [p.username for p in world.PEOPLE if f"{p.username}/" in (post["body"] or "")]
            if "author" in post:
                pass
            elif "{project" in tpl_text and owner in people:
                post["author"] = uid[owner]
            elif mentioned:
                post["author"] = uid[mentioned[0]]
            elif post["forum"] in ("PortAlder", "PortAlderTransit") and rng.random() < 0.45:
                post["author"] = rng.choice(people_ids)
            else:
                post["author"] = rng.choices(posters, cum_weights=poster_w)[0]
            post["created_at"] = _ts(rng, SEED_START, _add(SEED_NOW, -3600))
            post["created_at"] = max(post["created_at"], user_created[post["author"]])
            if post["link"]:  # a news-style address dated like the post
                c = post["created_at"]
                post["url"] = f"https://{post['link']}/{c[:4]}/{c[5:7]}/{slugify(post['title'])}"
            ups = max(1, min(len(names) - 2, int(rng.lognormvariate(2.3, 1.05))))
            downs = int(ups * rng.choice([0, 0.02, 0.05, 0.1, 0.15, 0.25, 0.4]) + rng.random())
            post["ups"], post["downs"] = ups, min(downs, len(names) - 2 - ups)
    raw.sort(key=lambda p: (p["created_at"], p["forum"], p["title"]))

    sv_rows: list[tuple] = []
    comment_rows, cv_rows = [], []
    voter_pool = list(range(2, len(names) + 1))  # the default user votes only where listed below
    comment_id = 0
    for sid, post in enumerate(raw, start=1):
        post["id"] = sid
        author, created = post["author"], post["created_at"]
        others = [u for u in rng.sample(voter_pool, min(len(voter_pool), post["ups"] + post["downs"] + 1))
                  if u != author]
        upvoters = [author] + others[: post["ups"] - 1]
        downvoters = others[post["ups"] - 1: post["ups"] - 1 + post["downs"]]
        for u in upvoters:
            sv_rows.append((sid, u, 1, created if u == author else _min_ts(_add(created, rng.randint(60, 86400)),
                                                                            SEED_NOW)))
        for u in downvoters:
            sv_rows.append((sid, u, -1, _min_ts(_add(created, rng.randint(60, 86400)), SEED_NOW)))
        post["ups"], post["downs"] = len(upvoters), len(downvoters)

        # comments: a tree grown one comment at a time
        tpl = post["template"]
        forum = forums[post["forum"]]
        n_comments = int(rng.expovariate(1 / 3.2)) + min(12, post["ups"] // 12)
        if tpl is not None and tpl.comments:
            n_comments = max(n_comments, len(tpl.comments))
        if post["author"] == 1:
            n_comments = max(n_comments, 4)
        lines_top = [fill(c, post["values"]) for c in (tpl.comments if tpl else ())]
        used: set[str] = set()
        this_post: list[tuple[int, int, str, int]] = []  # (id, author, created_at, depth)
        t = created
        for k in range(n_comments):
            t = _min_ts(_add(t, rng.randint(120, 4 * 3600)), SEED_NOW)
            if k < len(lines_top):
                parent, text = None, lines_top[k]
            else:
                parent = None
                if this_post and rng.random() < 0.55:
                    cand = [c for c in this_post if c[3] < 7]
                    if cand:
                        parent = cand[-1] if rng.random() < 0.4 else rng.choice(cand)
                if parent is None:
                    bank = [fill(c, post["values"]) for c in forum.comments] + list(content.GENERIC_COMMENTS)
                else:
                    bank = list(content.REPLY_COMMENTS) + [fill(c, post["values"]) for c in forum.comments]
                choices = [b for b in bank if b not in used] or bank
                text = rng.choice(choices)
            used.add(text)
            if parent is not None and rng.random() < 0.2 and parent[1] != author:
                c_author = author  # OP answers
            else:
                c_author = rng.choices(posters, cum_weights=poster_w)[0]
                if parent is not None and c_author == parent[1]:
                    c_author = rng.choice(voter_pool)
            comment_id += 1
            depth = 0 if parent is None else parent[3] + 1
            this_post.append((comment_id, c_author, t, depth))
            c_ups = 1 + int(rng.expovariate(1 / (1.5 + post["ups"] / 15)))
            c_downs = int(rng.expovariate(1 / 0.7)) if rng.random() < 0.35 else 0
            voters = [u for u in rng.sample(voter_pool, min(len(voter_pool), c_ups + c_downs + 1)) if u != c_author]
            ups_list = [c_author] + voters[: c_ups - 1]
            downs_list = voters[c_ups - 1: c_ups - 1 + c_downs]
            for u in ups_list:
                cv_rows.append((comment_id, u, 1, t if u == c_author else _min_ts(_add(t, rng.randint(60, 40000)),
                                                                                   SEED_NOW)))
            for u in downs_list:
                cv_rows.append((comment_id, u, -1, _min_ts(_add(t, rng.randint(60, 40000)), SEED_NOW)))
            comment_rows.append([comment_id, sid, None if parent is None else parent[0], c_author, text, t,
                                 len(ups_list), len(downs_list)])
        post["last_active"] = this_post[-1][2] if this_post else created
        post["comment_count"] = len(this_post)

    # the default user's comments (top-level, on named posts)
    by_title = {(p["forum"], p["title"]): p for p in raw}
    for forum, title_part, body in DEFAULT_USER_COMMENTS:
        matches = [p for (f, t), p in by_title.items() if f == forum and t.startswith(title_part)]
        assert matches, (forum, title_part)
        post = matches[0]
        t = _min_ts(_add(post["last_active"], rng.randint(600, 7200)), SEED_NOW)
        comment_id += 1
        ups = rng.randint(2, 14)
        voters = rng.sample(voter_pool, ups - 1)
        cv_rows.append((comment_id, 1, 1, t))
        cv_rows += [(comment_id, u, 1, _min_ts(_add(t, rng.randint(60, 40000)), SEED_NOW)) for u in voters]
        comment_rows.append([comment_id, post["id"], None, 1, body, t, ups, 0])
        post["last_active"] = t
        post["comment_count"] += 1
        if rng.random() < 0.7:  # someone answers
            t2 = _min_ts(_add(t, rng.randint(600, 7200)), SEED_NOW)
            comment_id += 1
            replier = rng.choices(posters, cum_weights=poster_w)[0]
            cv_rows.append((comment_id, replier, 1, t2))
            comment_rows.append([comment_id, post["id"], comment_id - 1, replier, rng.choice(content.REPLY_COMMENTS),
                                 t2, 1, 0])
            post["last_active"] = t2
            post["comment_count"] += 1
    # the default user's votes on others' posts
    candidates = [p for p in raw if p["author"] != 1]
    for p in rng.sample(candidates, 30):
        choice = -1 if rng.random() < 0.2 else 1
        sv_rows.append((p["id"], 1, choice, _min_ts(_add(p["created_at"], rng.randint(600, 86400)), SEED_NOW)))
        if choice == 1:
            p["ups"] += 1
        else:
            p["downs"] += 1

    comment_rows.sort(key=lambda c: c[0])
    conn.executemany(
        "INSERT INTO submissions (id, forum_id, user_id, title, url, body, slug, created_at, edited_at, upvotes,"
        " downvotes, net_score, comment_count, ranking, last_active) VALUES (?,?,?,?,?,?,?,?,NULL,?,?,?,?,?,?)",
        [(p["id"], forum_id[p["forum"]], p["author"], p["title"], p["url"], p["body"], slugify(p["title"]),
          p["created_at"], p["ups"], p["downs"], p["ups"] - p["downs"], p["comment_count"],
          hot_ranking(p["created_at"], p["ups"] - p["downs"]), p["last_active"]) for p in raw])
    conn.executemany(
        "INSERT INTO comments (id, submission_id, parent_id, user_id, body, created_at, edited_at, upvotes, downvotes,"
        " net_score, deleted) VALUES (?,?,?,?,?,?,NULL,?,?,?,0)",
        [(*c[:6], c[6], c[7], c[6] - c[7]) for c in comment_rows])
    conn.executemany("INSERT INTO submission_votes (submission_id, user_id, choice, created_at) VALUES (?,?,?,?)",
                     sv_rows)
    conn.executemany("INSERT INTO comment_votes (comment_id, user_id, choice, created_at) VALUES (?,?,?,?)", cv_rows)

    # --- subscriptions --------------------------------------------------------------------------
    popularity = {f.name: f.posts_target for f in content.FORUMS}
    fnames = sorted(popularity)
    subs: set[tuple[int, int]] = set()
    for name in DEFAULT_SUBSCRIPTIONS:
        subs.add((1, forum_id[name]))
    mods = {}
    for f in content.FORUMS:
        for m in f.moderators:
            mods.setdefault(uid[m], []).append(f.name)
    for i in range(2, len(names) + 1):
        picks = set(rng.choices(fnames, [popularity[n] for n in fnames], k=rng.randint(2, 9)))
        picks.update(mods.get(i, []))
        if names[i - 1] in people:
            picks.add("PortAlder")
        for n in picks:
            subs.add((i, forum_id[n]))
    forum_created = {forum_id[f.name]: f.created_at for f in content.FORUMS}
    conn.executemany("INSERT INTO subscriptions (user_id, forum_id, subscribed_at) VALUES (?,?,?)",
                     [(u, f, max(user_created[u], forum_created[f])) for u, f in sorted(subs)])

if __name__ == "__main__":  # pragma: no cover - manual inspection helper
    import sys
    import time

    t0 = time.perf_counter()
    build_seed(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/reddit-seed.sqlite"))
    print(f"built in {time.perf_counter() - t0:.2f}s")
