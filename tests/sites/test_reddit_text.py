"""The forum's text generator: the grammar engine, every forum's voice, replies that answer their
parent, and determinism. Fast: no database."""

from __future__ import annotations

import random

import pytest

from mag_mcp.sites.reddit.worldgen.people import make_users
from mag_mcp.sites.reddit.textgen import discourse
from mag_mcp.sites.reddit.textgen.catalog import FAMILIES, FORUMS, world_banks
from mag_mcp.sites.reddit.textgen.engine import Scope, doubled_phrase, expand, tidy
from mag_mcp.sites.reddit.textgen.writer import STYLES, Writer


def _scope(seed: int = 1, **banks: tuple[str, ...]) -> Scope:
    return Scope(random.Random(seed), [banks], {"greet": ("hi", "hello")})


def test_engine_slots_choices_rules_and_binding() -> None:
    s = _scope(thing=("Dune", "Circe", "Emma"), x=("a", "b"))
    for _ in range(30):
        s.bound = {}
        text = expand("{thing} or {thing2}? [Yes|No|]. {@greet} {thing}{!answers=food}", s)
        first, second = text.split(" or ")[0], text.split(" or ")[1].split("?")[0]
        assert first != second and first in ("Dune", "Circe", "Emma") and text.endswith(first)
        assert s.bound["answers"] == "food"
    assert expand("Best {thing:bare}?", _scope(thing=("a cat tree",))) == "Best cat tree?"
    assert expand("{thing:lower}", _scope(thing=("Read more",))) == "read more"
    with pytest.raises(KeyError):
        expand("{missing}", _scope())


def test_engine_agreement_and_tidy() -> None:
    s = _scope(aspect=("the views",))
    assert expand("{aspect} [is great|is great]. {aspect} carries it.", s) == "the views are great. the views carry it."
    assert expand("{aspect} is fine", _scope(aspect=("Hades",))) == "Hades is fine"
    assert tidy("i saw a owl and a user .  then a hour passed!! ok?.") == "I saw an owl and a user. Then an hour passed!! Ok?"
    assert tidy("a Xbox and a SSD... and a NAS") == "An Xbox and an SSD... and an NAS"
    assert doubled_phrase("Hades or Hades?") and doubled_phrase("the Herons vs the Herons")
    assert not doubled_phrase("Hades or Celeste?")


def test_every_forum_writes_posts_and_threads() -> None:
    """Every template a forum can use draws only on banks it has, and nothing is left unfilled."""
    writer = Writer()
    rng = random.Random(7)
    for forum in FORUMS:
        assert forum.family in FAMILIES, forum.name
        for _ in range(6):
            post = writer.post(forum.name, rng)
            assert post.title and "{" not in post.title and not doubled_phrase(post.title), (forum.name, post.title)
            assert post.body is None or ("{" not in post.body and "[" not in post.body.replace("[WP]", ""))
            used: set[str] = set()
            parent = None
            for k in range(5):
                c = writer.comment(post, parent if k % 2 else None, rng, by_op=k == 3, style=STYLES[k % len(STYLES)],
                                   used=used)
                assert c.body and "{" not in c.body and "  " not in c.body, (forum.name, c.body)
                parent = c


def test_required_banks_reach_every_forum() -> None:
    for forum in FORUMS:
        layers = (forum.banks, FAMILIES[forum.family].banks, world_banks())
        for bank in discourse.REQUIRED_BANKS:
            assert any(layer.get(bank) for layer in layers) or forum.family in ("ask", "news", "creative"), (
                forum.name, bank)


def test_replies_answer_their_parent() -> None:
    writer = Writer()
    rng = random.Random(3)
    post = writer.post("books", rng)
    asked = answered = 0
    for _ in range(200):
        top = writer.comment(post, None, rng, by_op=False, style="plain", used=set())
        reply = writer.comment(post, top, rng, by_op=False, style="plain", used=set())
        if top.act == "question":
            asked += 1
            answered += reply.act == "answer"
        if top.thing and reply.act == "thanks" and "{" not in reply.body:
            assert reply.thing == top.thing  # "Try Circe." -> "Thanks, I'll give Circe a try!"
    assert asked and answered == asked


def test_text_is_varied_and_deterministic() -> None:
    def sample(seed: int) -> list[str]:
        writer = Writer()
        rng = random.Random(seed)
        out = []
        for forum in ("AskReddit", "PortAlder", "programming", "food", "gaming"):
            post = writer.post(forum, rng)
            used: set[str] = set()
            out.append(post.title)
            out += [writer.comment(post, None, rng, by_op=False, style="plain", used=used).body for _ in range(40)]
        return out

    a = sample(5)
    assert a == sample(5) and a != sample(6)
    assert len(set(a)) == len(a)  # no two comments alike
    lengths = sorted(len(t) for t in a)
    assert lengths[len(lengths) // 10] < 60 and lengths[-len(lengths) // 10] > 150  # short and long ones


def test_users_are_deterministic_and_varied() -> None:
    a, b = make_users(random.Random(1)), make_users(random.Random(1))
    assert [(u.username, u.created_at, u.home) for u in a] == [(u.username, u.created_at, u.home) for u in b]
    assert len({u.username.lower() for u in a}) == len(a) >= 2500
    assert a[0].username == "MarvelsGrantMan136" and {u.style for u in a} == set(STYLES)
