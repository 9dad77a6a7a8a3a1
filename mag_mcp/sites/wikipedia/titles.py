"""Unique article titles for the generated world.

Every generator asks the `TitleBook` for a title: the plain name when it is free,
else the name with a Wikipedia-style qualifier (``Carrow (architect)``,
``Fern Creek (Hollis County, Oregon)``). Names that several articles want are
remembered, so the disambiguation writer can list everyone who shares one.
Titles of the hand-written articles and their redirects are reserved up front.
"""

from __future__ import annotations

from collections import defaultdict


class TitleBook:
    def __init__(self, reserved: set[str]) -> None:
        self.taken: set[str] = set(reserved)
        self.lower: set[str] = {t.lower() for t in reserved}
        self.by_name: dict[str, list[tuple[str, str]]] = defaultdict(list)  # name -> [(title, description)]

    def free(self, title: str) -> bool:
        return title.lower() not in self.lower

    def take(self, name: str, qualifiers: list[str], description: str) -> str:
        """The first free title among `name`, then `name (q)` for each qualifier."""
        for cand in [name] + [f"{name} ({q})" for q in qualifiers]:
            if self.free(cand):
                self._claim(cand)
                self.by_name[name].append((cand, description))
                return cand
        n = 2
        while not self.free(f"{name} ({qualifiers[-1]} {n})" if qualifiers else f"{name} ({n})"):
            n += 1
        cand = f"{name} ({qualifiers[-1]} {n})" if qualifiers else f"{name} ({n})"
        self._claim(cand)
        self.by_name[name].append((cand, description))
        return cand

    def claim_exact(self, title: str) -> bool:
        """Take `title` as it is; False (nothing taken) when it is already used."""
        if not self.free(title):
            return False
        self._claim(title)
        return True

    def _claim(self, title: str) -> None:
        self.taken.add(title)
        self.lower.add(title.lower())

    def shared_names(self) -> dict[str, list[tuple[str, str]]]:
        """Names that two or more generated articles carry (for disambiguation pages)."""
        return {n: v for n, v in self.by_name.items() if len(v) > 1}
