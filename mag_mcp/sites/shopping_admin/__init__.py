"""Magento Admin of One Stop Market: the embedded mirror of WebArena's shopping_admin site.

It serves the shop's database (`state_owner="shopping"`): an episode's edits here (prices,
stock, status, reviews, orders, customers) show in the storefront of the same episode. The
admin's own tables (sales documents, promotions, content, settings; `seed_admin`) are added to
the shop's seed when it is built. Magento's menu tree (`menu`) leads to grids (`grid`,
`grid_pages`), edit forms (`record_forms`) and the pages with views of their own (`views_*`).
"""

from __future__ import annotations

from ..base import LoginCookie, SiteSpec
from ..shopping.seed import ADMIN_PASSWORD, ADMIN_SESSION_TOKEN, ADMIN_USERNAME
from .app import create_app
from .common import SESSION_COOKIE

SITE = SiteSpec(
    key="shopping_admin",
    title="Magento Admin",
    default_port=7780,
    base_path="/admin",
    seed_version="shared",
    build_seed=None,
    create_app=create_app,
    login_cookies=(LoginCookie(SESSION_COOKIE, ADMIN_SESSION_TOKEN),),
    state_owner="shopping",
)

__all__ = ["ADMIN_PASSWORD", "ADMIN_SESSION_TOKEN", "ADMIN_USERNAME", "SESSION_COOKIE", "SITE", "create_app"]
