"""The forum's users: the default user, the shared world's people and a few thousand
generated accounts, each with a join date, how active they are, the forums they care about
and a writing style.

Activity follows a heavy tail (a few hundred regulars write most of the comments, most
accounts write a handful), and people post where they are subscribed: a user's history
reads like one person's interests over months or years.
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass, field

from ... import world
from ..textgen.catalog import FORUMS
from ..textgen.writer import STYLES
from ..timeline import SEED_NOW, add_seconds, epoch, random_time

DEFAULT_USERNAME = "MarvelsGrantMan136"
DEFAULT_CREATED = "2020-03-02 14:21:05"
N_USERS = 2600
DEFAULT_SUBSCRIPTIONS = ("AskReddit", "books", "gaming", "MachineLearning", "movies", "Music", "PortAlder",
                         "programming", "technology")

# What the world's people are into (their home forums besides PortAlder).
INTERESTS: dict[str, tuple[str, ...]] = {
    "emma_lopez": ("food", "hiking", "cooking"), "byteblaze": ("programming", "linux", "coolgithubprojects"),
    "primer": ("javascript", "programming", "Art"), "sam_rivera": ("cycling", "PortAlderTransit", "running", "urbanplanning"),
    "harbor_hannah": ("AlderWharf", "food", "PortAlderFood"), "jkowalski": ("programming", "Python", "selfhosted"),
    "mia_chen": ("photography", "EarthPorn", "NorthShore"), "diego_m": ("boardgames", "movies", "parenting"),
    "noor_a": ("datascience", "MachineLearning", "Python", "dataisbeautiful"), "liam_oconnor": ("Baking", "rust", "cycling"),
    "grace_kim": ("gardening", "houseplants", "science"), "tom_baker": ("sailing", "NorthShore", "fishing", "history"),
    "zoe_walsh": ("PortAlderUniversity", "programming", "gaming"), "omar_haddad": ("food", "cooking", "PortAlderFood"),
    "lucy_nguyen": ("books", "writing", "history"), "kai_tanaka": ("gaming", "pcgaming", "retrogaming"),
    "rosa_garcia": ("running", "cats", "personalfinance"), "ben_foster": ("coolgithubprojects", "hiking", "urbanplanning"),
    "ivy_patel": ("cybersecurity", "linux", "programming"), "max_weber": ("space", "science", "photography"),
    "ella_brooks": ("OldMill", "gardening", "history"), "yusuf_kaya": ("selfhosted", "homelab", "linux"),
    "chloe_martin": ("PortAlderEvents", "gardening", "houseplants"), "adam_novak": ("writing", "AskReddit", "books"),
}

_ADJ = ("quiet", "tired", "happy", "salty", "rusty", "sleepy", "brave", "lazy", "curious", "grumpy", "lucky", "cosmic",
        "crispy", "fuzzy", "gentle", "humble", "jolly", "mellow", "nimble", "odd", "polite", "rapid", "silent", "spicy",
        "sunny", "tiny", "wild", "witty", "zesty", "foggy", "soggy", "frozen", "golden", "hidden", "lonely", "midnight",
        "northern", "purple", "random", "secret", "amber", "bold", "calm", "dusty", "electric", "fancy", "giant",
        "hollow", "icy", "jazzy", "kind", "loud", "misty", "noble", "orange", "plucky", "quirky", "restless", "sneaky",
        "tidal", "urban", "velvet", "wandering", "young", "coastal", "rainy", "windy", "late", "early", "second")
_NOUN = ("otter", "heron", "pancake", "lighthouse", "ferry", "walrus", "badger", "noodle", "cactus", "pixel", "kettle",
         "comet", "penguin", "muffin", "raccoon", "potato", "lantern", "harbor", "pine", "falcon", "toaster", "banjo",
         "narwhal", "waffle", "cobbler", "sparrow", "mackerel", "compass", "anchor", "pebble", "teapot", "moose", "llama",
         "gecko", "turnip", "bagel", "acorn", "beacon", "squid", "wombat", "biscuit", "tortoise", "meteor", "kayak",
         "puffin", "trombone", "gull", "oyster", "crab", "mill", "bridge", "tram", "bicycle", "marmot", "dumpling",
         "spruce", "fern", "robin", "cedar", "tugboat", "buoy", "seal", "orca", "salmon", "fox", "owl", "mango")
_FIRST = ("alex", "sam", "jo", "max", "kim", "lee", "ana", "ben", "eli", "mia", "noa", "ravi", "tess", "omar", "ivy",
          "leo", "nina", "raj", "sara", "tom", "yuki", "zoe", "dan", "liv", "marco", "hana", "finn", "ada", "kofi", "lena")


@dataclass
class User:
    id: int
    username: str
    created_at: str
    weight: float  # how much they write, relative
    style: str
    home: tuple[str, ...]  # forums they subscribe to (names)
    active_until: str  # the last time they write anything
    biography: str = ""
    person: bool = False  # one of world.PEOPLE
    interests: tuple[str, ...] = field(default_factory=tuple)


def _usernames(rng: random.Random, taken: set[str], n: int) -> list[str]:
    out: list[str] = []
    while len(out) < n:
        a, b = rng.choice(_ADJ), rng.choice(_NOUN)
        style = rng.randrange(11)
        if style == 0:
            name = f"{a.title()}{b.title()}{rng.randint(1, 99)}"
        elif style == 1:
            name = f"{a}_{b}"
        elif style == 2:
            name = f"{b.title()}{rng.choice(['Fan', 'Lover', 'Guy', 'Girl', 'Wrangler', 'Enjoyer'])}{rng.randint(1, 999)}"
        elif style == 3:
            name = f"throwaway_{rng.randint(1000, 9999)}"
        elif style == 4:
            name = f"the_real_{b}"
        elif style == 5:
            name = f"{a.title()}{b.title()}"
        elif style == 6:
            name = f"{b}{rng.choice(string.ascii_lowercase)}{rng.randint(10, 9999)}"
        elif style == 7:
            name = f"Not{a.title()}{b.title()}"
        elif style == 8:
            name = f"{rng.choice(_FIRST)}_{b}{rng.randint(1, 99)}"
        elif style == 9:
            name = f"{rng.choice(_FIRST)}{rng.choice(_FIRST).title()}{rng.randint(70, 99)}"
        else:
            name = f"{a}-{b}-{rng.randint(1, 9)}"
        if name.lower() not in taken and 3 <= len(name) <= 25:
            taken.add(name.lower())
            out.append(name)
    return out


_BIOS = ("", "", "", "", "Just here for the comments.", "Lurker since forever.", "I like boats.",
         "Opinions are my own. Mostly.", "Coffee, books, bad puns.", "Port Alder born and raised.",
         "Trying to read 50 books this year.", "Professional overthinker.", "Dog person. Cat tolerated.",
         "Night shift nurse, day shift gardener.", "Eastgate lifer.", "I fix bikes and break software.",
         "Will talk about the Herons for hours.", "Moved here in 2019, never leaving.", "Here to learn.",
         "Retired teacher. Still grading things.", "Amateur baker, professional eater.")


def make_users(rng: random.Random) -> list[User]:
    """All users, id 1 the default user, then the world's people, then generated accounts."""
    forum_names = [f.name for f in FORUMS]
    popularity = [f.weight for f in FORUMS]
    users = [User(1, DEFAULT_USERNAME, DEFAULT_CREATED, 4.0, "plain", DEFAULT_SUBSCRIPTIONS, SEED_NOW)]
    for i, p in enumerate(world.PEOPLE, start=2):
        home = ("PortAlder", *INTERESTS.get(p.username, ()))
        created = random_time(rng, "2020-01-05 00:00:00", "2020-03-01 00:00:00")
        users.append(User(i, p.username, created, 7.0, rng.choice(STYLES[:4]), home, SEED_NOW, p.bio, True))
    names = _usernames(rng, {u.username.lower() for u in users}, N_USERS - len(users))
    t0, t1 = epoch("2019-11-01 00:00:00"), epoch("2023-05-20 00:00:00")
    for name in names:
        weight = min(rng.paretovariate(1.15), 120.0)
        # regulars joined early; the long tail keeps arriving
        u = rng.random() ** (0.6 if weight > 4 else 1.2)
        created = add_seconds("1970-01-01 00:00:00", t0 + int((t1 - t0) * u))
        k = max(2, min(18, int(rng.gauss(6, 3))))
        home = tuple(dict.fromkeys(rng.choices(forum_names, popularity, k=k)))
        if rng.random() < 0.35:
            home = (*home, "PortAlder")
        # one in four accounts goes quiet before the end
        until = SEED_NOW if rng.random() < 0.75 else random_time(rng, add_seconds(created, 30 * 86400), SEED_NOW)
        users.append(User(len(users) + 1, name, created, weight, rng.choice(STYLES), home, min(until, SEED_NOW),
                          rng.choice(_BIOS)))
    return users
