"""Postmill: the embedded forum mirroring WebArena's reddit (a Postmill instance)."""

from __future__ import annotations

from ..base import LoginCookie, SiteSpec
from .app import create_app
from .worldgen.content_db import build_content
from .common import SESSION_COOKIE
from .seed import DEFAULT_SESSION_TOKEN, DEFAULT_USERNAME, build_seed

SEED_VERSION = "2026.12.1"  # bump whenever seed.py or content.py changes the data

SITE = SiteSpec(
    key="reddit",
    title="Postmill",
    default_port=9999,
    base_path="",
    seed_version=SEED_VERSION,
    build_seed=build_seed,
    create_app=create_app,
    login_cookies=(LoginCookie(SESSION_COOKIE, DEFAULT_SESSION_TOKEN),),
    build_content=build_content,
)

__all__ = ["SITE", "SEED_VERSION", "SESSION_COOKIE", "DEFAULT_USERNAME", "build_seed", "create_app"]
