"""Shared fixtures and page readers of the shop admin's tests: the shop's seed is built once per
test session (it is large), every test gets a fresh copy of it."""

from __future__ import annotations

import html as htmllib
import re
import sqlite3
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mag_mcp.sites.base import STATE_HEADER, SiteStateStore
from mag_mcp.sites.shopping import SESSION_COOKIE as SHOP_COOKIE
from mag_mcp.sites.shopping import SITE as SHOP
from mag_mcp.sites.shopping.seed import DEFAULT_SESSION_TOKEN
from mag_mcp.sites.shopping_admin import ADMIN_SESSION_TOKEN, SESSION_COOKIE, SITE

ROW_RE = re.compile(r"<tr[^>]*>(.*?)</tr>", re.DOTALL)
CELL_RE = re.compile(r"<t[dh][^>]*>(.*?)</t[dh]>", re.DOTALL)
TAG_RE = re.compile(r"<[^>]+>")


@pytest.fixture(scope="session")
def admin_seed_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One build of the shop's seed (with the admin's tables) for the whole test session."""
    root = tmp_path_factory.mktemp("shop-admin-home")
    SiteStateStore(SHOP, root=root)
    return root


@pytest.fixture
def store(admin_seed_root: Path, monkeypatch: pytest.MonkeyPatch) -> SiteStateStore:
    monkeypatch.setenv("MAG_HOME", str(admin_seed_root))
    store = SiteStateStore(SHOP, root=admin_seed_root)
    store.create("default")  # a fresh copy: earlier tests' writes are gone
    return store


def admin_client(store: SiteStateStore, logged_in: bool = True, state: str | None = None) -> TestClient:
    client = TestClient(SITE.create_app(store), headers={STATE_HEADER: state} if state else None)
    if logged_in:
        client.cookies.set(SESSION_COOKIE, ADMIN_SESSION_TOKEN)
    return client


def shop_client(store: SiteStateStore, state: str | None = None) -> TestClient:
    client = TestClient(SHOP.create_app(store), headers={STATE_HEADER: state} if state else None)
    client.cookies.set(SHOP_COOKIE, DEFAULT_SESSION_TOKEN)
    return client


@pytest.fixture
def admin(store: SiteStateStore) -> TestClient:
    return admin_client(store)


def db(store: SiteStateStore, key: str = "default") -> sqlite3.Connection:
    return store.connect(key)


def rows(html: str) -> list[list[str]]:
    """The body rows of the page's first data table, as cell texts."""
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [[htmllib.unescape(re.sub(r"\s+", " ", TAG_RE.sub("", c)).strip()) for c in CELL_RE.findall(r)]
            for r in ROW_RE.findall(body)]


def records(html: str) -> int:
    m = re.search(r"<strong>(\d+)</strong> records found", html)
    assert m, "no record count"
    return int(m.group(1))


def column(html: str, label: str) -> int:
    """The index of the grid column headed `label` (the first table's header row)."""
    head = html.split("<thead>", 1)[1].split("</thead>", 1)[0]
    labels = [htmllib.unescape(re.sub(r"\s+", " ", TAG_RE.sub("", c))).strip(" \u25b2\u25bc") for c in CELL_RE.findall(head)]
    return labels.index(label)
