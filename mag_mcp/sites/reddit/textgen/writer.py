"""The forum's writer: posts (title, body, link) and comments that answer their post or their
parent, in the words of the post's forum and family.

A post binds the values it names (the book, the dish, the landmark); its comments start from
those, so the thread talks about the same things. A reply takes as its `thing` what its
parent last named ("Try Circe." → "Thanks, I'll give Circe a try!"), and its act answers the
parent's (a question gets an answer, a joke a laugh, praise the poster's thanks). Within one
thread no template is used twice while others remain, and no two comment bodies of the whole
forum are the same: a repeat is written again with other choices.

Lengths vary like people's: many one- or two-sentence comments, some paragraphs, a few
long ones in two paragraphs; users have a style (plain, casual lower case, excited, terse).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import lru_cache

from ... import world
from . import discourse
from .catalog import FAMILIES, FORUMS, world_banks
from .engine import Scope, doubled_phrase, expand, tidy, uses
from .model import ASKING_ACTS, LINK_KINDS, REPLY_ACTS, TOP_ACTS, Family, ForumSpec

STYLES = ("plain", "plain", "plain", "casual", "excited", "terse")
# What people put around a title (used when the bare title is already taken): per kind, "{}" is the title.
DECORATIONS: dict[str, tuple[str, ...]] = {
    "question": ("Quick question: {}", "Genuine question: {}", "Beginner question: {}", "{} (beginner here)",
                 "{} (long time lurker)", "Serious question: {}", "Help me decide: {}", "{} Asking for a friend."),
    "discussion": ("Discussion: {}", "[Discussion] {}", "{} (serious answers only)", "Curious: {}", "Let's settle this: {}"),
    "opinion": ("Hot take: {}", "Unpopular opinion: {}", "{} (hear me out)", "Honest question: {}", "Okay, hear me out: {}"),
    "experience": ("Update: {}", "{} (long post)", "{} - a small win", "Finally: {}", "{} (story inside)", "Long story: {}"),
    "showcase": ("{} [OC]", "{} (first attempt)", "{} - feedback welcome", "{}, my first try", "{} (details in comments)"),
    "help": ("Help: {}", "Please help: {}", "{} (photos in comments)", "Urgent: {}", "{} - what am I doing wrong?"),
    "news": ("{} (updated)", "Update: {}", "{} [video]", "Breaking: {}", "{} (opinion piece)"),
    "tip": ("Tip: {}", "PSA: {}", "{} (learned this the hard way)", "Small tip: {}"),
}
IMAGE_FAMILIES = frozenset({"creative", "pets", "food", "making", "outdoors"})
IMAGE_HOST = "img.alderpics.net"
_FIRST_SENTENCE = re.compile(r"^(.{12,110}?[.!?])(?:\s|$)")


@dataclass
class PostDraft:
    forum: str
    kind: str
    title: str
    body: str | None
    link_domain: str | None  # a link post's site (the seed dates the address), or None
    image: bool  # a link to a picture
    bound: dict[str, str] = field(default_factory=dict)


@dataclass
class CommentDraft:
    body: str
    act: str
    thing: str | None  # what the comment named last: a reply's `thing`


class _ForumVoice:
    """Everything one forum writes with, resolved once: bank layers, title pools, act pools."""

    def __init__(self, forum: ForumSpec, family: Family) -> None:
        self.forum, self.family = forum, family
        self.layers = (forum.banks, family.banks, world_banks())
        probe = Scope(random.Random(0), self.layers, discourse.RULES)
        ok = lambda t: all(probe.has(b) for b in uses(t))  # noqa: E731
        kinds = forum.kinds or family.kinds
        self.titles: dict[str, list[str]] = {}
        for kind in kinds:
            own = list(forum.titles.get(kind, ()))
            pool = own if (forum.titles_replace and own) else own + list(family.titles.get(kind, ()))
            pool = [t for t in pool if ok(t)]
            if pool:
                self.titles[kind] = pool
        self.kinds = [k for k in kinds if k in self.titles]
        self.kind_weights = [kinds[k] for k in self.kinds]
        self.bodies = {k: [t for t in (forum.bodies.get(k) or family.bodies.get(k, ())) if ok(t)] for k in self.kinds}
        self.acts = {k: forum.acts.get(k) or family.acts.get(k) or TOP_ACTS[k] for k in self.kinds}
        self._pools: dict[tuple[str, bool], list[str]] = {}
        self.details = [t for t in family.details if ok(t)]
        self.generic_details = [t for t in discourse.DETAILS if ok(t)]
        self._ok = ok

    def pool(self, act: str, reply: bool) -> list[str]:
        key = (act, reply)
        if key not in self._pools:
            generic = () if act in self.family.own_acts | self.forum.own_acts else discourse.ACTS.get(
                "answer_reply" if (reply and act == "answer") else act, ())
            # the forum's own templates for an act replace its family's
            own = list(self.forum.top.get(act, ())) or (
                list(self.family.top.get(act, ())) + (list(self.family.replies.get(act, ())) if reply else []))
            # the forum's and family's own words first: they carry its vocabulary (listed twice)
            self._pools[key] = [t for t in own + own + list(generic) if self._ok(t)] or [
                t for t in discourse.ACTS["agree"] if self._ok(t)]
        return self._pools[key]


@lru_cache(maxsize=None)
def _voice(name: str) -> _ForumVoice:
    forum = next(f for f in FORUMS if f.name == name)
    return _ForumVoice(forum, FAMILIES[forum.family])


def _choose(rng: random.Random, options: tuple[tuple[str, float], ...]) -> str:
    total = sum(w for _, w in options)
    x = rng.random() * total
    for name, w in options:
        x -= w
        if x <= 0:
            return name
    return options[-1][0]


def styled(text: str, style: str) -> str:
    """`text` in a user's writing style."""
    if style == "casual" and text:
        first = text.split(" ", 1)[0]
        if not (first.isupper() or first.startswith("I'") or first in ("I", ">")):
            text = text[0].lower() + text[1:]
        return text[:-1] if text.endswith(".") and not text.endswith("..") else text
    if style == "excited" and text.endswith("."):
        return text[:-1] + "!"
    return text


class Writer:
    """Writes posts and comments; remembers every title and comment body it wrote so that none repeats."""

    def __init__(self) -> None:
        self.titles: set[str] = set()
        self.bodies: set[str] = set()

    # --- posts -----------------------------------------------------------------------------

    def post(self, forum: str, rng: random.Random) -> PostDraft:
        v = _voice(forum)
        kind = rng.choices(v.kinds, v.kind_weights)[0]
        project = world.PROJECTS[rng.randrange(len(world.PROJECTS))]
        bound = {"project": project.name, "project_path": project.path}
        title = ""
        for attempt in range(14):
            scope = Scope(rng, v.layers, discourse.RULES, dict(bound))
            template = v.titles[kind][rng.randrange(len(v.titles[kind]))]
            raw = expand(template, scope)
            if attempt >= 4 and not v.forum.title_prefix:  # the bare title is taken: dress it like people do
                decorations = DECORATIONS[kind]
                raw = decorations[rng.randrange(len(decorations))].format(raw)
            title = tidy(v.forum.title_prefix + raw)
            if title.lower() not in self.titles and len(title) <= 300 and not doubled_phrase(title):
                break
        self.titles.add(title.lower())
        body = None
        link = kind in LINK_KINDS or (v.family.name in IMAGE_FAMILIES and kind == "showcase" and rng.random() < 0.5)
        image = link and kind not in LINK_KINDS
        bodies = v.bodies.get(kind) or []
        if bodies and (not link or rng.random() < 0.25):
            body = tidy(expand(bodies[rng.randrange(len(bodies))], scope))
            if rng.random() < 0.35 and v.details:
                body += " " + tidy(expand(v.details[rng.randrange(len(v.details))], scope))
        domains = v.forum.domains + v.family.domains or ("portalderherald.com",)
        domain = (IMAGE_HOST if image else domains[rng.randrange(len(domains))]) if link else None
        return PostDraft(forum, kind, title, body, domain, image, scope.bound)

    # --- comments ----------------------------------------------------------------------------

    def comment(self, post: PostDraft, parent: CommentDraft | None, rng: random.Random, *, by_op: bool,
                style: str, used: set[str]) -> CommentDraft:
        """A comment on `post` (top-level when `parent` is None). `used` holds the templates
        this thread has used so far (updated)."""
        v = _voice(post.forum)
        layers = v.layers
        answers = v.family.banks.get(f"answers_{post.bound.get('answers')}")
        if answers:
            layers = ({"life_answer": answers}, *layers)
        act = self._act(v, post, parent, rng, by_op)
        pool = v.pool(act, parent is not None)
        bound = dict(post.bound)
        if parent is not None and parent.thing:
            bound.pop("thing2", None)
            bound.pop("thing3", None)
            bound["thing"] = parent.thing
        text, scope = "", None
        for attempt in range(8):
            fresh = [t for t in pool if t not in used] or pool
            template = fresh[rng.randrange(len(fresh))]
            scope = Scope(rng, layers, discourse.RULES, dict(bound))
            text = self._compose(v, template, act, scope, rng, style, used, long_ok=attempt > 3)
            if parent is not None and rng.random() < 0.1:
                text = self._quoted(parent.body, text)
            if text not in self.bodies and not doubled_phrase(text):
                used.add(template)
                break
        self.bodies.add(text)
        assert scope is not None
        thing = scope.bound.get("thing3") or scope.bound.get("thing2") or scope.bound.get("thing")
        return CommentDraft(text, act, thing)

    def _act(self, v: _ForumVoice, post: PostDraft, parent: CommentDraft | None, rng: random.Random,
             by_op: bool) -> str:
        if parent is None:
            return _choose(rng, v.acts.get(post.kind) or v.forum.acts.get(post.kind) or v.family.acts.get(post.kind)
                           or TOP_ACTS[post.kind])
        if parent.act in ASKING_ACTS:
            return "answer"
        if by_op and parent.act == "praise":
            return "op_thanks"
        if by_op and parent.act in ("answer", "advice"):
            return "thanks"
        if by_op and parent.act == "critique":
            return "concede"
        options = REPLY_ACTS.get(parent.act) or (("agree", 1.0),)
        return _choose(rng, options)

    def _compose(self, v: _ForumVoice, template: str, act: str, scope: Scope, rng: random.Random, style: str,
                 used: set[str], long_ok: bool) -> str:
        parts = [expand(template, scope)]
        if act in ("laugh", "welcome", "thanks") or style == "terse":
            extra = 0 if rng.random() < 0.8 else 1
        else:
            r = rng.random()
            extra = 0 if r < 0.34 else 1 if r < 0.66 else 2 if r < 0.84 else rng.randint(3, 5) if r < 0.96 \
                else rng.randint(6, 10)
        if long_ok:
            extra += 1
        if extra and rng.random() < 0.15:
            parts.insert(0, expand("{@opener}", scope))
        for _ in range(extra):
            own = v.details and (rng.random() < 0.55 or not v.generic_details)
            pool = v.details if own else v.generic_details
            source = [t for t in pool if t not in used] or pool  # a long thread reuses them, filled anew
            detail = source[rng.randrange(len(source))]
            used.add(detail)  # once per thread
            parts.append(expand(detail, scope))
        if act in ("advice", "answer", "answer_reply") and rng.random() < 0.2:
            parts.append(expand("{@closer}", scope))
        if len(parts) >= 8:  # a long comment comes in three paragraphs
            a, b = len(parts) // 3, 2 * len(parts) // 3
            text = "\n\n".join(" ".join(p) for p in (parts[:a], parts[a:b], parts[b:]))
        elif len(parts) >= 5 and rng.random() < 0.6:
            cut = len(parts) // 2
            text = " ".join(parts[:cut]) + "\n\n" + " ".join(parts[cut:])
        else:
            text = " ".join(parts)
        return styled(tidy(text), style)

    @staticmethod
    def _quoted(parent_body: str, text: str) -> str:
        first = parent_body.split("\n", 1)[0].lstrip("> ").strip()
        m = _FIRST_SENTENCE.match(first)
        quote = m.group(1) if m else first[:110]
        return f"> {quote}\n\n{text}" if len(quote) >= 40 else text
