"""Wikipedia as WebArena serves it (kiwix-serve on port 8888): an offline reader over a seeded encyclopedia
of Port Alder, its landmarks, people, software projects, the shop's brands and general topics."""

from __future__ import annotations

from ..base import SiteSpec
from .app import create_app
from .markup import BOOK, article_url
from .seed import build_seed

SEED_VERSION = "2026.11.1"  # bump whenever the seed's data changes

SITE = SiteSpec(
    key="wikipedia",
    title="Wikipedia",
    default_port=8888,
    base_path="",
    seed_version=SEED_VERSION,
    build_seed=build_seed,
    create_app=create_app,
    login_cookies=(),
)

__all__ = ["BOOK", "SEED_VERSION", "SITE", "article_url", "build_seed", "create_app"]
