"""What the forum's text generator is made of: topic families, forums, and the kinds of posts
and comments it writes.

A `Family` is a way of talking shared by several forums (media fans, people fixing things,
locals, news readers...): title and body templates per post kind, top-level comment
templates per act, reply templates that answer a parent's act, and detail sentences. A
`ForumSpec` is one forum: its name and look, its family, and the banks that make its talk
specific (the things people discuss there, who makes them, the words they use).

Every bank a template draws from must exist for every forum of the family (the forum's own
banks first, then the family's, then the world's); `tests/sites/test_reddit_text.py`
writes a few posts in every forum to pin that.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Banks = dict[str, tuple[str, ...]]

# Post kinds. A family gives titles (and bodies, except for link kinds) for those it uses.
KINDS = ("question", "discussion", "opinion", "experience", "showcase", "help", "news", "tip")
LINK_KINDS = frozenset({"news"})

# Top-level comment acts by post kind: (act, weight).
TOP_ACTS: dict[str, tuple[tuple[str, float], ...]] = {
    "question": (("answer", 0.5), ("experience", 0.18), ("question", 0.1), ("opinion", 0.12), ("joke", 0.1)),
    "discussion": (("share", 0.45), ("opinion", 0.25), ("experience", 0.15), ("question", 0.05), ("joke", 0.1)),
    "opinion": (("agree", 0.35), ("disagree", 0.33), ("opinion", 0.17), ("joke", 0.15)),
    "experience": (("relate", 0.35), ("praise", 0.18), ("question", 0.2), ("advice", 0.15), ("joke", 0.12)),
    "showcase": (("praise", 0.5), ("question", 0.25), ("critique", 0.15), ("joke", 0.1)),
    "help": (("advice", 0.55), ("question", 0.22), ("relate", 0.15), ("joke", 0.08)),
    "news": (("react", 0.45), ("opinion", 0.2), ("info", 0.15), ("joke", 0.1), ("question", 0.1)),
    "tip": (("agree", 0.35), ("addition", 0.3), ("disagree", 0.2), ("joke", 0.15)),
}

# Reply acts by the parent's act: (act, weight). An act missing here gets no replies.
REPLY_ACTS: dict[str, tuple[tuple[str, float], ...]] = {
    "answer": (("thanks", 0.3), ("agree", 0.2), ("disagree", 0.2), ("followup", 0.2), ("joke", 0.1)),
    "experience": (("relate", 0.4), ("followup", 0.3), ("joke", 0.15), ("agree", 0.15)),
    "question": (("answer", 1.0),),
    "followup": (("answer", 1.0),),
    "opinion": (("agree", 0.35), ("disagree", 0.35), ("relate", 0.15), ("joke", 0.15)),
    "agree": (("agree", 0.35), ("disagree", 0.3), ("relate", 0.2), ("joke", 0.15)),
    "disagree": (("disagree", 0.4), ("concede", 0.3), ("info", 0.2), ("joke", 0.1)),
    "concede": (("agree", 0.6), ("joke", 0.4)),
    "share": (("relate", 0.35), ("followup", 0.35), ("agree", 0.3)),
    "praise": (("agree", 0.6), ("joke", 0.4)),
    "critique": (("concede", 0.5), ("disagree", 0.5)),
    "advice": (("thanks", 0.4), ("followup", 0.3), ("disagree", 0.2), ("relate", 0.1)),
    "react": (("agree", 0.35), ("disagree", 0.3), ("info", 0.2), ("joke", 0.15)),
    "info": (("thanks", 0.3), ("correct", 0.3), ("followup", 0.25), ("joke", 0.15)),
    "joke": (("laugh", 0.6), ("joke", 0.4)),
    "laugh": (("joke", 0.6), ("laugh", 0.4)),
    "thanks": (("welcome", 1.0),),
    "op_thanks": (("agree", 0.5), ("joke", 0.5)),
    "relate": (("relate", 0.5), ("joke", 0.3), ("agree", 0.2)),
    "story": (("praise", 0.6), ("question", 0.2), ("joke", 0.2)),
    "correct": (("thanks", 0.5), ("disagree", 0.5)),
    "addition": (("agree", 0.5), ("thanks", 0.5)),
}
# Acts a question ends with: their replies answer them.
ASKING_ACTS = frozenset({"question", "followup"})


@dataclass(frozen=True)
class Family:
    """A way of talking shared by several forums."""

    name: str
    kinds: dict[str, float]  # post kind -> share of the family's posts
    titles: dict[str, tuple[str, ...]]  # post kind -> title templates
    bodies: dict[str, tuple[str, ...]]  # post kind -> body templates (a kind without bodies: title only)
    top: dict[str, tuple[str, ...]]  # act -> top-level comment templates in this family's words
    replies: dict[str, tuple[str, ...]] = field(default_factory=dict)  # act -> reply templates
    details: tuple[str, ...] = ()  # sentences that add detail to any comment
    banks: Banks = field(default_factory=dict)  # defaults for the family's forums
    domains: tuple[str, ...] = ()  # sites its link posts point to
    own_acts: frozenset[str] = frozenset()  # acts written only with the family's own templates (no generic ones)
    acts: dict[str, tuple[tuple[str, float], ...]] = field(default_factory=dict)  # top-level acts per kind


@dataclass(frozen=True)
class ForumSpec:
    """One forum: what it is called, how it looks, how much it is used and what is said there."""

    name: str
    title: str
    description: str
    rules: str  # the sidebar text: lines joined by "\n"
    family: str
    category: str
    weight: float  # share of all generated posts (relative)
    chatter: float = 1.0  # comments per post, relative to the site's mean
    banks: Banks = field(default_factory=dict)
    titles: dict[str, tuple[str, ...]] = field(default_factory=dict)  # extra titles per kind
    kinds: dict[str, float] = field(default_factory=dict)  # overrides the family's kind shares
    domains: tuple[str, ...] = ()  # extra link domains
    moderators: tuple[str, ...] = ()  # world.PEOPLE usernames; generated moderators are added
    created_at: str = "2020-03-01 12:00:00"
    title_prefix: str = ""  # e.g. "TIL " or "LPT: ", put before every generated title
    titles_replace: bool = False  # the forum's titles replace the family's (instead of adding to them)
    bodies: dict[str, tuple[str, ...]] = field(default_factory=dict)  # replaces the family's bodies per kind
    acts: dict[str, tuple[tuple[str, float], ...]] = field(default_factory=dict)  # top-level acts per kind
    top: dict[str, tuple[str, ...]] = field(default_factory=dict)  # the forum's own templates per act (replace the family's)
    own_acts: frozenset[str] = frozenset()  # acts written only with the forum's own templates (no generic ones)
