"""Wikipedia as WebArena serves it (kiwix-serve on port 8888): an offline reader over a seeded encyclopedia
of Port Alder and the Alder region: its landmarks, towns, people, buildings, companies, works and events,
the software projects, the shop's brands and general topics. Articles live in a read-only content
database; an episode's own database holds only the random-article counter."""

from __future__ import annotations

from ..base import SiteSpec
from .app import create_app
from .markup import BOOK, article_url
from .seed import build_content, build_seed

SEED_VERSION = "2026.12.1"  # bump whenever the seed's data changes

SITE = SiteSpec(
    key="wikipedia",
    title="Wikipedia",
    default_port=8888,
    base_path="",
    seed_version=SEED_VERSION,
    build_seed=build_seed,
    create_app=create_app,
    login_cookies=(),
    build_content=build_content,
)

__all__ = ["BOOK", "SEED_VERSION", "SITE", "article_url", "build_content", "build_seed", "create_app"]
