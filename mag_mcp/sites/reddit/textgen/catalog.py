"""Every forum the generator writes for, every family, and the world's banks (Port Alder's
places, people and projects, and small numbers and dates) that all templates may use."""

from __future__ import annotations

from functools import lru_cache

from ... import world
from .fam_ask import ADVICE, ASK
from .fam_culture import CREATIVE, GAMES, MEDIA
from .fam_life import FOOD, MAKING, MONEY, PETS, PRACTICE
from .fam_places import LEARNING, LOCAL, OUTDOORS, SPORTSFANS
from .fam_tech import GEAR, NEWS, TECH
from .forums_culture import ASK_FORUMS, CREATIVE_FORUMS, GAMES_FORUMS, MEDIA_FORUMS
from .forums_life import (FOOD_FORUMS, LEARNING_FORUMS, MAKING_FORUMS, MONEY_FORUMS, OUTDOOR_FORUMS, PETS_FORUMS,
                          PRACTICE_FORUMS, SPORTS_FORUMS)
from .forums_local_tech import GEAR_FORUMS, LOCAL_FORUMS, NEWS_FORUMS, TECH_FORUMS
from .model import Banks, Family, ForumSpec

FAMILIES: dict[str, Family] = {f.name: f for f in (MEDIA, GAMES, CREATIVE, ASK, ADVICE, TECH, GEAR, NEWS, FOOD, MONEY, PETS,
                                                    PRACTICE, MAKING, LOCAL, OUTDOORS, SPORTSFANS, LEARNING)}

FORUMS: tuple[ForumSpec, ...] = (*LOCAL_FORUMS, *NEWS_FORUMS, *TECH_FORUMS, *GEAR_FORUMS, *MEDIA_FORUMS, *GAMES_FORUMS,
                                 *CREATIVE_FORUMS, *ASK_FORUMS, *FOOD_FORUMS, *MONEY_FORUMS, *PETS_FORUMS,
                                 *PRACTICE_FORUMS, *MAKING_FORUMS, *OUTDOOR_FORUMS, *SPORTS_FORUMS, *LEARNING_FORUMS)

# Electronics brands the shop sells (world.brands()); gadget posts name them.
GADGET_BRANDS = ("Sony", "Bose", "Anker", "Apple", "Logitech", "JBL", "SAMSUNG", "TP-Link", "GoPro", "Belkin",
                 "Philips", "Panasonic", "Roku", "Sonos", "UGREEN", "SanDisk")
BUS_ROUTES = ("Route 4", "Route 9", "Route 12", "Route 15", "Route 22", "Harbor Line", "Eastgate Express",
              "Night Bus N1", "University Shuttle", "Route 31")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


@lru_cache(maxsize=1)
def world_banks() -> Banks:
    """Banks every forum can draw on: the shared world and small numbers."""
    return {
        "landmark": tuple(lm.name for lm in world.LANDMARKS),
        "district": world.DISTRICTS,
        "person": tuple(p.username for p in world.PEOPLE),
        "brand": GADGET_BRANDS,
        "bus": BUS_ROUTES,
        "weekday": WEEKDAYS,
        "month": MONTHS,
        "year": tuple(str(y) for y in range(2012, 2023)),
        "n": tuple(str(i) for i in range(2, 10)),
        "num": tuple(str(i) for i in range(12, 96)),
        "price": ("$40", "$60", "$80", "$100", "$150", "$200", "$250", "$300"),
        "project": tuple(p.name for p in world.PROJECTS),
        "project_path": tuple(p.path for p in world.PROJECTS),
        "season": ("spring", "summer", "fall", "winter"),
    }


def forum_named(name: str) -> ForumSpec:
    for f in FORUMS:
        if f.name == name:
            return f
    raise KeyError(f"no forum {name!r} in the text catalog")
