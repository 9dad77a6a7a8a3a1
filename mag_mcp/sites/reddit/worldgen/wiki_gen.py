"""The forum's wiki (Postmill's `/wiki`): site pages (rules, FAQ, formatting help, moderation) and
a page per busy forum (`forums/<name>`), each with a few revisions by different users over
time. Pages use the forum's Markdown: `## headings`, `- lists`, **bold**, links."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ... import world
from ..textgen.catalog import BUS_ROUTES
from ..timeline import SEED_NOW, add_seconds, random_time

if TYPE_CHECKING:
    from .generate import ForumRow
    from .people import User


@dataclass
class WikiRevision:
    path: str
    title: str
    body: str
    user: int
    created_at: str


def _site_pages(forums: list[ForumRow]) -> list[tuple[str, str, list[str]]]:
    """(path, title, sections); each revision keeps one more section than the last."""
    by_cat: dict[str, list[str]] = {}
    for r in forums:
        by_cat.setdefault(r.spec.category, []).append(r.name)
    directory = [f"## {cat}\n\n" + "\n".join(f"- /f/{n}" for n in sorted(names, key=str.lower))
                 for cat, names in sorted(by_cat.items())]
    landmarks = "\n".join(f"- **{lm.name}** ({lm.district}): {lm.summary}" for lm in world.LANDMARKS)
    return [
        ("index", "Welcome to the Postmill wiki", [
            "This wiki belongs to everyone on Port Alder's forums. Anyone with an account can edit most pages; "
            "moderators lock the ones that need to stay put.",
            "## Start here\n\n- [Site rules](/wiki/rules)\n- [Frequently asked questions](/wiki/faq)\n"
            "- [Formatting help](/wiki/formatting)\n- [How moderation works](/wiki/moderation)\n"
            "- [A visitor's guide to Port Alder](/wiki/portalder/guide)",
            "## Forum pages\n\nMany forums keep a page here with their FAQ and reading lists: see "
            "[all pages](/wiki/_all) or the [recent changes](/wiki/_recent).",
        ]),
        ("rules", "Site rules", [
            "These rules apply in every forum. Forums add their own rules in their sidebars.",
            "## 1. Be civil\n\nArgue with ideas, not people. No harassment, no slurs, no threats.",
            "## 2. No spam\n\nSelf-promotion is fine in moderation: one post in ten at most, and say it's yours.",
            "## 3. No personal information\n\nDon't post anyone's address, phone number or workplace, including your own.",
            "## 4. Follow the forum's rules\n\nModerators can remove posts that break them and ban repeat offenders.",
        ]),
        ("faq", "Frequently asked questions", [
            "## How do I create a forum?\n\nLog in and use **Create forum** on the front page sidebar.",
            "## Why was my post removed?\n\nCheck the forum's moderation log: every removal is listed with its reason.",
            "## How do votes work?\n\nUpvote what adds to the discussion, downvote what doesn't. Your own posts start "
            "with your upvote.",
            "## Can I change my username?\n\nNo. You can edit your biography on your user page.",
            "## What do the sort orders mean?\n\n- **Hot**: new and popular\n- **New**: newest first\n"
            "- **Top**: highest score (pick a period)\n- **Controversial**: many votes both ways\n"
            "- **Most commented**: the busiest threads",
        ]),
        ("formatting", "Formatting help", [
            "Posts, comments and wiki pages use a small subset of Markdown.",
            "## Text\n\n- `**bold**` gives **bold**\n- `*italic*` gives *italic*\n- a line starting with `>` is a quote",
            "## Links\n\nPaste an address and it becomes a link. Write /f/forum or /u/user to link a forum or a user.",
            "## Lists and headings\n\nStart lines with `- ` for a list and `## ` for a heading (wiki pages).",
        ]),
        ("moderation", "How moderation works", [
            "Every forum has moderators, listed in its sidebar. They can delete posts and comments, lock threads "
            "and ban users from their forum.",
            "## The moderation log\n\nEvery action is public: see the log of each forum (/f/forum/moderation_log) "
            "or [all of them](/moderation_log).",
            "## Bans\n\nA ban can be temporary or permanent. Banned users can still read, but not post or comment, "
            "in that forum. Appeals go to the moderators by message.",
        ]),
        ("forums", "Forum directory", ["All forums by category. The list of forums has subscriber counts."] + directory),
        ("portalder/guide", "A visitor's guide to Port Alder", [
            "Port Alder is a harbour city in Oregon. This page collects what locals recommend to visitors.",
            "## Landmarks\n\n" + landmarks,
            "## Getting around\n\n" + "\n".join(f"- {r}" for r in BUS_ROUTES) +
            "\n\nFerries to the islands leave the Ferry Terminal every hour.",
        ]),
    ]


def _forum_page(rng: random.Random, r: ForumRow) -> tuple[str, str, list[str]]:
    from ..textgen.catalog import FAMILIES

    banks = {**FAMILIES[r.spec.family].banks, **r.spec.banks}
    things = [t for t in banks.get("thing", ()) if "{" not in t][:8]
    rules = "\n".join(f"- {line}" for line in r.sidebar.split("\n") if line.strip())
    sections = [f"This is the wiki page of /f/{r.name}. {r.description}", f"## Rules\n\n{rules}"]
    if things:
        sections.append("## Often recommended here\n\n" + "\n".join(f"- {t}" for t in things))
    aspects = [a for a in banks.get("aspect", ()) if "{" not in a][:4]
    if aspects:
        sections.append("## Frequently discussed\n\n" + "\n".join(f"- {a[:1].upper() + a[1:]}" for a in aspects))
    sections.append("## See also\n\n- [Site rules](/wiki/rules)\n- [Formatting help](/wiki/formatting)\n"
                    f"- [Moderation log](/f/{r.name}/moderation_log)")
    return f"forums/{r.name.lower()}", f"/f/{r.name}", sections


def wiki_revisions(rng: random.Random, forums: list[ForumRow], users: list[User]) -> list[WikiRevision]:
    """Every revision of every page, oldest first."""
    pages = _site_pages(forums)
    busy = sorted(forums, key=lambda r: -r.spec.weight)[:40]
    pages += [_forum_page(rng, r) for r in busy]
    editors = [u.id for u in users if u.weight > 8][:300] or [2]
    mods = {r.name.lower(): (r.moderators or [2]) for r in forums}
    out = []
    for path, title, sections in pages:
        owners = mods.get(path.removeprefix("forums/"), [2]) if path.startswith("forums/") else [2, 16, 25]
        n = min(len(sections), rng.randint(2, 5))
        when = random_time(rng, "2020-03-01 00:00:00", "2021-06-01 00:00:00")
        for k in range(n):
            keep = sections if k == n - 1 else sections[: max(1, len(sections) * (k + 1) // n)]
            who = rng.choice(owners) if k == 0 or rng.random() < 0.5 else rng.choice(editors)
            out.append(WikiRevision(path, title, "\n\n".join(keep), who, when))
            when = min(add_seconds(when, rng.randint(2 * 86400, 200 * 86400)), SEED_NOW)
    out.sort(key=lambda rev: (rev.created_at, rev.path))
    return out
