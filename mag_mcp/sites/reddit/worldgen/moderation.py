"""What moderators did to the forum, as Postmill records it: pinned welcome and weekly posts,
submissions deleted with a reason, locked threads, comments removed, users banned (some
for a while, some for good, a few unbanned again), and user flair.

Every action is a `LogEntry` in the forum's moderation log (`/f/<forum>/moderation_log`,
`/moderation_log` for all forums): Postmill's actions ``submission_deletion``,
``submission_lock``, ``comment_deletion``, ``ban`` and ``unban``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..timeline import SEED_NOW, add_seconds, epoch, fmt

if TYPE_CHECKING:
    from .generate import ForumRow, GComment, GPost
    from .people import User

REMOVAL_REASONS = ("Rule 1: be civil.", "Rule 2: no self-promotion.", "Duplicate of an earlier post.",
                   "Off-topic for this forum.", "Low-effort post.", "Personal information.", "Spam.",
                   "Please use the weekly thread for this.", "Misleading title.", "No piracy links.")
BAN_REASONS = ("Harassing other users.", "Repeated spam.", "Ban evasion.", "Posting personal information.",
               "Repeated rule 1 violations.", "Trolling.", "Selling in the forum.", "Hate speech.")
FLAIRS: dict[str, tuple[str, ...]] = {
    "media": ("Bookworm", "Film buff", "Rereader", "Audiophile", "Critic", "Regular", "Night owl"),
    "games": ("Speedrunner", "Completionist", "Casual", "Retro fan", "Co-op enjoyer", "Regular"),
    "tech": ("Senior dev", "Student", "Hobbyist", "Maintainer", "Sysadmin", "Rustacean", "Pythonista"),
    "local": ("Old Mill", "Alder Wharf", "Lantern Quarter", "Riverside Row", "Hilltop", "Eastgate", "North Shore",
              "University Park", "Newcomer", "Born here"),
    "food": ("Home cook", "Sourdough whisperer", "Pro chef", "Baker", "Spice hoarder"),
    "outdoors": ("Trail runner", "Weekend hiker", "Bike commuter", "Sailor", "Birder"),
    "sportsfans": ("Season ticket holder", "Herons til I die", "Away days", "Armchair coach"),
    "making": ("Weekend warrior", "Pro carpenter", "Beginner", "Tool hoarder"),
    "learning": ("PhD student", "Researcher", "Enthusiast", "Teacher", "Amateur astronomer"),
}


@dataclass
class LogEntry:
    forum: str
    moderator: int
    action: str  # submission_deletion | submission_lock | comment_deletion | ban | unban
    created_at: str
    author: int | None = None  # whose post, comment or account it was
    post: GPost | None = None  # the submission still there (a lock or a comment deletion)
    comment: GComment | None = None
    title: str = ""  # the submission's title (kept for deleted ones)
    reason: str = ""
    ban: Ban | None = None


@dataclass
class Ban:
    forum: str
    user: int
    moderator: int
    reason: str
    created_at: str
    expires_at: str | None
    lifted_at: str | None = None  # an unban

    @property
    def active(self) -> bool:
        return self.lifted_at is None and (self.expires_at is None or self.expires_at > SEED_NOW)


def sticky_posts(rng: random.Random, forums: list[ForumRow], make_post) -> list[GPost]:
    """The pinned posts: a welcome post in every forum, a weekly thread in the busiest ones."""
    out = []
    for r in forums:
        mod = r.moderators[0] if r.moderators else 2
        rules = "\n".join(f"{i}. {line}" for i, line in enumerate(r.sidebar.split("\n"), 1) if line.strip())
        body = (f"Welcome to /f/{r.name}! {r.description}\n\n**The rules**\n\n{rules}\n\n"
                f"Before you post, have a look at the wiki page for this forum (/wiki/forums/{r.name.lower()}) "
                "and use the search box: your question may have been answered already. Be kind, and have fun.")
        title = rng.choice((f"Welcome to /f/{r.name}: rules and FAQ", f"Read before posting: the rules of /f/{r.name}",
                            f"New here? Start with this post (rules, FAQ, wiki)"))
        out.append(make_post(r, mod, title, body, add_seconds(r.created_at, 2 * 86400), 8))
        if r.spec.weight >= 400:
            when = add_seconds(SEED_NOW, -rng.randint(1, 6) * 86400)
            label = when[5:10].replace("-", "/")
            out.append(make_post(r, mod, f"Weekly discussion thread ({label}): ask anything, share anything",
                                 "Questions too small for their own post, recommendations, small wins: this is the "
                                 "place. New thread every Monday.", when, 40))
    for p in out:
        p.sticky = 1
    return out


def remove_some_posts(rng: random.Random, posts: list[GPost], forums: dict[str, ForumRow]) -> list[LogEntry]:
    """Pick the submissions moderators deleted (they are not written; their log entries are)."""
    log = []
    for p in posts:
        if p.author == 1 or p.curated_comments or p.sticky or rng.random() > 0.015:
            continue
        mods = forums[p.forum].moderators or [2]
        when = fmt(min(epoch(p.created_at) + rng.randint(1800, 2 * 86400), epoch(SEED_NOW)))
        p.n_comments = -1  # marks it removed
        log.append(LogEntry(p.forum, rng.choice(mods), "submission_deletion", when, p.author, None, None, p.title,
                            rng.choice(REMOVAL_REASONS)))
    return log


def moderate_threads(rng: random.Random, posts: list[GPost], comments: list[GComment],
                     forums: dict[str, ForumRow], users: list[User]) -> tuple[list[LogEntry], list[Ban]]:
    """Locks, comment removals and deletions, and bans, once the threads exist."""
    log: list[LogEntry] = []
    for p in posts:
        if len(p.comments) >= 6 and not p.sticky and rng.random() < 0.012:
            p.locked = 1
            last = max(c.created_at for c in p.comments)
            mods = forums[p.forum].moderators or [2]
            log.append(LogEntry(p.forum, rng.choice(mods), "submission_lock", min(add_seconds(last, 1800), SEED_NOW),
                                p.author, p, None, p.title))
    for c in comments:
        if c.author == 1 or c.post.author == 1:
            continue
        r = rng.random()
        if r < 0.0035:
            _remove_comment(rng, c, forums, log)
        elif r < 0.0095 and c.replies:
            c.deleted, c.body = 1, ""
    bans = _bans(rng, comments, forums, users, log)
    return log, bans


def _remove_comment(rng: random.Random, c: GComment, forums: dict[str, ForumRow], log: list[LogEntry],
                    when: str | None = None, moderator: int | None = None) -> None:
    mods = forums[c.post.forum].moderators or [2]
    c.deleted = 2
    when = when or fmt(min(epoch(c.created_at) + rng.randint(600, 86400), epoch(SEED_NOW)))
    log.append(LogEntry(c.post.forum, moderator or rng.choice(mods), "comment_deletion", when, c.author, c.post, c,
                        c.post.title))


def _bans(rng: random.Random, comments: list[GComment], forums: dict[str, ForumRow], users: list[User],
          log: list[LogEntry]) -> list[Ban]:
    last_by: dict[tuple[str, int], GComment] = {}
    for c in comments:
        if c.author != 1 and not users[c.author - 1].person:
            last_by[(c.post.forum, c.author)] = c  # comments are in time order: the last one wins
    by_forum: dict[str, list[GComment]] = {}
    for (forum, _), c in last_by.items():
        by_forum.setdefault(forum, []).append(c)
    bans = []
    for name, r in forums.items():
        candidates = [c for c in by_forum.get(name, []) if c.author not in r.moderators and c.created_at < SEED_NOW]
        n = min(len(candidates), int(r.spec.weight / 45) + (rng.random() < 0.5))
        for c in rng.sample(sorted(candidates, key=lambda c: c.key), n):
            mod = rng.choice(r.moderators or [2])
            when = fmt(min(epoch(c.created_at) + rng.randint(3600, 2 * 86400), epoch(SEED_NOW)))
            days = rng.choice((None, None, 7, 30, 90, 365))
            expires = add_seconds(when, days * 86400) if days else None
            ban = Ban(name, c.author, mod, rng.choice(BAN_REASONS), when, expires)
            if c.deleted == 0:
                _remove_comment(rng, c, forums, log, add_seconds(when, -60), mod)
            log.append(LogEntry(name, mod, "ban", when, c.author, reason=ban.reason, ban=ban))
            if rng.random() < 0.15:
                ban.lifted_at = fmt(min(epoch(when) + rng.randint(86400, 60 * 86400), epoch(SEED_NOW)))
                log.append(LogEntry(name, mod, "unban", ban.lifted_at, c.author, reason="Appeal accepted.", ban=ban))
            bans.append(ban)
    return bans


def flairs(rng: random.Random, forums: list[ForumRow], users: list[User]) -> list[tuple[str, int, str]]:
    """(forum, user, flair) for members of the forums whose family has flairs."""
    out = []
    for r in forums:
        words = FLAIRS.get(r.spec.family)
        if not words or rng.random() < 0.3:
            continue
        members = [m for m in r.subscribers if users[m - 1].weight > 2]
        for m in rng.sample(members, min(len(members), rng.randint(15, 60))):
            out.append((r.name, m, rng.choice(words)))
        for m in r.moderators:
            out.append((r.name, m, "Moderator"))
    return list({(f, u): (f, u, t) for f, u, t in out}.values())
