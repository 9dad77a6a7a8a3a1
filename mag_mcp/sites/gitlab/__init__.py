"""GitLab: the embedded code host mirroring WebArena's GitLab (port 8023)."""

from __future__ import annotations

from ..base import LoginCookie, SiteSpec
from .app import create_app
from .common import SESSION_COOKIE
from .seed import DEFAULT_SESSION_TOKEN, DEFAULT_USERNAME, build_content, build_seed

SEED_VERSION = "2026.12.1"  # bump whenever the seed data changes

SITE = SiteSpec(
    key="gitlab",
    title="GitLab",
    default_port=8023,
    base_path="",
    seed_version=SEED_VERSION,
    build_seed=build_seed,
    create_app=create_app,
    login_cookies=(LoginCookie(SESSION_COOKIE, DEFAULT_SESSION_TOKEN),),
    build_content=build_content,
)

__all__ = [
    "DEFAULT_SESSION_TOKEN",
    "DEFAULT_USERNAME",
    "SEED_VERSION",
    "SESSION_COOKIE",
    "SITE",
    "build_content",
    "build_seed",
    "create_app",
]
