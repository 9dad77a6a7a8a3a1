"""How each WebArena site is logged in to, and how a saved log-in is checked.

The steps are the ones a person (and WebArena's `auto_login.py`) takes on the real sites:
the shop's customer form (Email, Password, "Sign In"), the Magento admin's form (the
"user name" and "password" placeholders, "Sign in"), Postmill's (Username, Password,
"Log in") and GitLab 15's (its `username-field` / `password-field` / `sign-in-button`
test ids). The check is a page only a signed-in user gets, as WebArena's checks it: reached
without a redirect, and holding a word the sign-in page lacks where the site answers
signed-out users on the same URL (Magento's admin does)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from playwright.async_api import Page

from mag_mcp.external.accounts import Account


@dataclass(frozen=True)
class LoginFlow:
    site: str
    login_path: str  # below the site's base URL
    fill: Callable[[Page, Account], Awaitable[None]]  # fills the form and submits it
    check_path: str  # a page only a signed-in user gets ("{username}" is the account's)
    check_keyword: str = ""  # a word that page holds and the sign-in page does not

    def login_url(self, base_url: str) -> str:
        return join(base_url, self.login_path)

    def check_url(self, base_url: str, account: Account) -> str:
        return join(base_url, self.check_path.format(username=account.username))


def join(base_url: str, path: str) -> str:
    return base_url.rstrip("/") + "/" + path.lstrip("/") if path else base_url


async def _shop(page: Page, a: Account) -> None:
    await page.get_by_label("Email", exact=True).fill(a.username)
    await page.get_by_label("Password", exact=True).fill(a.password)
    await page.get_by_role("button", name="Sign In").click()


async def _admin(page: Page, a: Account) -> None:
    await page.get_by_placeholder("user name").fill(a.username)
    await page.get_by_placeholder("password").fill(a.password)
    await page.get_by_role("button", name="Sign in").click()


async def _forum(page: Page, a: Account) -> None:
    await page.get_by_label("Username").fill(a.username)
    await page.get_by_label("Password").fill(a.password)
    await page.get_by_role("button", name="Log in").click()


async def _gitlab(page: Page, a: Account) -> None:
    await page.get_by_test_id("username-field").fill(a.username)
    await page.get_by_test_id("password-field").fill(a.password)
    await page.get_by_test_id("sign-in-button").click()


FLOWS: dict[str, LoginFlow] = {
    "shopping": LoginFlow("shopping", "/customer/account/login/", _shop, "/wishlist/"),
    "shopping_admin": LoginFlow("shopping_admin", "", _admin, "/dashboard", "Dashboard"),
    "reddit": LoginFlow("reddit", "/login", _forum, "/user/{username}/account", "Delete"),
    "gitlab": LoginFlow("gitlab", "/users/sign_in", _gitlab, "/-/profile"),
}
