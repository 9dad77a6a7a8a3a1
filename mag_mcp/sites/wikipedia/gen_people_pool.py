"""Choosing who did something: people of one occupation who were of working age at a
given year, least busy first among a random handful (so work spreads over everyone)."""

from __future__ import annotations

import random
from collections import defaultdict

from .entities import Person


class Pool:
    def __init__(self, people: list[Person]) -> None:
        self.by_occ: dict[str, list[Person]] = defaultdict(list)
        for p in people:
            self.by_occ[p.occupation].append(p)
        self.load: dict[str, int] = defaultdict(int)

    def active(self, occ: str, year: int, lo: int = 24, hi: int = 78) -> list[Person]:
        return [p for p in self.by_occ[occ] if lo <= year - p.born[0] <= hi and (p.died is None or p.died[0] > year)]

    def pick(self, rng: random.Random, occ: str, year: int, lo: int = 24, hi: int = 78) -> Person | None:
        cands = self.active(occ, year, lo, hi)
        if not cands:
            return None
        sample = rng.sample(cands, min(4, len(cands)))
        best = min(sample, key=lambda p: (self.load[p.title], p.title))
        self.load[best.title] += 1
        return best

    def pick_many(self, rng: random.Random, occ: str, year: int, n: int, lo: int = 22, hi: int = 70) -> list[Person]:
        out: list[Person] = []
        for _ in range(n):
            p = self.pick(rng, occ, year, lo, hi)
            if p is not None and p not in out:
                out.append(p)
        return out
