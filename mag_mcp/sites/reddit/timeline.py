"""The forum's calendar: fixed timestamps (TEXT 'YYYY-MM-DD HH:MM:SS', UTC), never the wall clock.

Seed rows are dated from ``SEED_START`` up to ``SEED_NOW``; the running site stamps what it
writes one minute after the latest row (see `common.site_now`), so pages render the same
on every run.
"""

from __future__ import annotations

import math
import random
from datetime import datetime, timedelta
from functools import lru_cache

SEED_START = "2020-01-15 00:00:00"
SEED_NOW = "2023-06-12 18:00:00"
_EPOCH0 = datetime(1970, 1, 1)


@lru_cache(maxsize=65536)
def epoch(ts: str) -> int:
    """Seconds since 1970 of a 'YYYY-MM-DD HH:MM:SS' UTC timestamp."""
    return int((datetime.fromisoformat(ts) - _EPOCH0).total_seconds())


@lru_cache(maxsize=8192)
def _day(days: int) -> str:
    return (_EPOCH0 + timedelta(days=days)).strftime("%Y-%m-%d")


def fmt(seconds: int) -> str:
    """The timestamp `seconds` after 1970."""
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{_day(days)} {hours:02d}:{minutes:02d}:{secs:02d}"


def add_seconds(ts: str, seconds: int) -> str:
    return fmt(epoch(ts) + seconds)


def random_time(rng: random.Random, start: str, end: str, skew: float = 1.0) -> str:
    """A time in [start, end); `skew` > 1 leans towards `end` (forums grow over time)."""
    a, b = epoch(start), epoch(end)
    u = rng.random() ** (1.0 / skew)
    return fmt(a + int(max(b - a, 1) * u))


def hot_ranking(created_at: str, net_score: int) -> int:
    """Reddit-style "hot": age in seconds plus 45000 s per factor of ten of net score."""
    sign = (net_score > 0) - (net_score < 0)
    return epoch(created_at) + round(45000 * sign * math.log10(max(abs(net_score), 1)))
