"""Small deterministic helpers shared by the seed and the catalogue generator."""

from __future__ import annotations

import random
import re
from datetime import datetime, timedelta

from .taxonomy import slugify

SEED = 7770
SKU_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def ts(rng: random.Random, start: str, end: str) -> str:
    """A uniformly drawn 'YYYY-MM-DD HH:MM:SS' in [start, end)."""
    a = datetime.fromisoformat(start)
    span = int((datetime.fromisoformat(end) - a).total_seconds())
    return (a + timedelta(seconds=rng.randrange(span))).strftime("%Y-%m-%d %H:%M:%S")


def sku(rng: random.Random, used: set[str]) -> str:
    """An unused ASIN-like SKU ('B0' + 8 characters)."""
    while True:
        value = "B0" + "".join(rng.choice(SKU_ALPHABET) for _ in range(8))
        if value not in used:
            used.add(value)
            return value


def expand(line: str) -> list[tuple[str, str, float]]:
    """An original catalogue line ``brand | name | price`` as (brand, name, price) per
    alternative of its ``{a;b}`` group (see `catalog_data`)."""
    brand, name, price = (part.strip() for part in line.split(" | "))
    m = re.search(r"\{([^}]*)\}", name)
    if not m:
        return [(brand, name, float(price))]
    options = m.group(1).split(";")
    prices = [float(p) for p in price.split(";")]
    if len(prices) == 1:
        prices = prices * len(options)
    assert len(prices) == len(options), line
    return [(brand, name[: m.start()] + opt + name[m.end():], p) for opt, p in zip(options, prices)]


def unique_slug(name: str, used: set[str]) -> str:
    slug = base = slugify(name)
    n = 2
    while slug in used:
        slug, n = f"{base}-{n}", n + 1
    used.add(slug)
    return slug
