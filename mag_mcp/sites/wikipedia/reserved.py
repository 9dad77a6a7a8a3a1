"""What the generated world must not reuse: the titles (and redirect titles) of the
hand-written articles, and the names of the people other sites and the hand-written
articles already have (a generated biography never shares a name with them)."""

from __future__ import annotations

from functools import lru_cache

from .. import world
from . import facts as F


@lru_cache(maxsize=1)
def hand_written():
    """The hand-written drafts (`writer.all_drafts`), computed once per process."""
    from .writer import all_drafts
    return all_drafts()


def reserved_titles() -> frozenset[str]:
    out: set[str] = {"Main Page"}
    for d in hand_written():
        out.add(d.title)
        out.update(d.redirects)
    return frozenset(out)


def reserved_names() -> frozenset[str]:
    names = {p.name for p in world.PEOPLE} | set(F.PEOPLE_FACTS)
    names |= {"Jonas Feld", "Marisol Ortega", "Lena Marchetti", "Omar Haddad", "Nate Corbin", "Ellen Corbin",
              "Edwin Harrow", "Harold Quincey", "Priya Mehta"}
    return frozenset(names)
