"""One Stop Market: the embedded shop mirroring WebArena's OneStopShop (Magento storefront)."""

from __future__ import annotations

from ..base import LoginCookie, SiteSpec
from .app import create_app
from .common import SESSION_COOKIE
from .content_db import build_content
from .seed import DEFAULT_SESSION_TOKEN, build_seed

SEED_VERSION = "2026.12.1"  # bump whenever the seed's data changes (the source digest catches code edits too)

SITE = SiteSpec(
    key="shopping",
    title="One Stop Market",
    default_port=7770,
    base_path="",
    seed_version=SEED_VERSION,
    build_seed=build_seed,
    create_app=create_app,
    login_cookies=(LoginCookie(SESSION_COOKIE, DEFAULT_SESSION_TOKEN),),
    build_content=build_content,
)

__all__ = ["SEED_VERSION", "SESSION_COOKIE", "SITE", "build_content", "build_seed", "create_app"]
