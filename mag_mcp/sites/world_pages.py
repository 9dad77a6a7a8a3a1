"""Which pages `mag sites stats` measures on each site, and where they come from.

Each site names its representative pages in `mag_mcp/sites/<site>/world_stats.py`
(`PAGES`: `(name, kind, path)` tuples, paths valid on the default state). A site that has
no such module yet is measured on the pages listed here (`FALLBACK_PAGES`), chosen from
what it serves today. A fallback page whose address depends on generated data (a product,
a post) is found by following a link: `link_from` names a page, and `path` is then a regular
expression whose first group is taken from that page's HTML (the first match).
"""

from __future__ import annotations

import re
from typing import Literal
from urllib.parse import urljoin, urlsplit

import httpx
from pydantic import BaseModel

PageKind = Literal["home", "listing", "detail", "form", "grid", "search", "profile"]
PAGE_KINDS: tuple[str, ...] = ("home", "listing", "detail", "form", "grid", "search", "profile")


class PageRef(BaseModel):
    """One page to measure: a name for the table, its kind, and its path below the site's base URL."""

    name: str
    kind: PageKind
    path: str
    link_from: str | None = None  # set: `path` is a pattern matched in this page's HTML


class PageNotFound(Exception):
    """A linked page could not be resolved (the page it links from failed, or has no such link)."""


def _ref(name: str, kind: PageKind, path: str, link_from: str | None = None) -> PageRef:
    return PageRef(name=name, kind=kind, path=path, link_from=link_from)


_WIKI = "/wikipedia_en_all_maxi_2022-05"

FALLBACK_PAGES: dict[str, list[PageRef]] = {
    "shopping": [
        _ref("home", "home", "/"),
        _ref("category", "listing", "/electronics.html"),
        _ref("search: shoes", "search", "/catalogsearch/result/?q=shoes"),
        _ref("product", "detail", r'class="product-item-link" href="([^"]+)"', link_from="/electronics.html"),
        _ref("account", "profile", "/customer/account/"),
        _ref("order history", "grid", "/sales/order/history/"),
        _ref("address form", "form", "/customer/address/new/"),
    ],
    "shopping_admin": [
        _ref("dashboard", "home", "/dashboard/"),
        _ref("orders", "grid", "/sales/order/"),
        _ref("products", "grid", "/catalog/product/"),
        _ref("customers", "grid", "/customer/index/"),
        _ref("sales report", "grid", "/reports/report_sales/sales/"),
        _ref("order view", "detail", r'href="(/admin/sales/order/view/order_id/\d+/)"', link_from="/sales/order/"),
        _ref("new product", "form", "/catalog/product/new/"),
    ],
    "reddit": [
        _ref("front page", "home", "/"),
        _ref("forums", "listing", "/forums"),
        _ref("forum", "listing", "/f/AskReddit"),
        _ref("post", "detail", r'href="(/f/AskReddit/\d+/[^"]+)"', link_from="/f/AskReddit"),
        _ref("user", "profile", r'href="(/user/[^"/]+)"', link_from="/"),
        _ref("search: book", "search", "/search?q=book"),
        _ref("submit", "form", "/submit"),
    ],
    "gitlab": [
        _ref("dashboard", "home", "/"),
        _ref("explore projects", "listing", "/explore/projects"),
        _ref("project", "detail", "/primer/design"),
        _ref("issues", "grid", "/primer/design/-/issues"),
        _ref("merge requests", "grid", "/primer/design/-/merge_requests"),
        _ref("user", "profile", "/users/byteblaze"),
        _ref("new project", "form", "/projects/new"),
    ],
    "map": [
        _ref("map", "home", "/"),
        _ref("search: cafe", "search", "/search?query=cafe"),
        _ref("place", "detail", r'href="(/node/\d+)"', link_from="/search?query=cafe"),
        _ref("directions", "form", "/directions"),
        _ref("about", "detail", "/about"),
        _ref("help", "listing", "/help"),
        _ref("new note", "form", r'href="(/note/new[^"]*)"', link_from="/"),
    ],
    "wikipedia": [
        _ref("main page", "home", f"{_WIKI}/A/Main_Page"),
        _ref("article", "detail", f"{_WIKI}/A/North_Shore_Lighthouse"),
        _ref("city article", "detail", f"{_WIKI}/A/Port_Alder"),
        _ref("linked article", "detail", rf'href="({_WIKI}/A/(?!Main_Page)[^"#:]+)"', link_from=f"{_WIKI}/A/Main_Page"),
        _ref("search: harbor", "search", "/search?content=wikipedia_en_all_maxi_2022-05&pattern=harbor"),
        _ref("search: port alder", "search", "/search?content=wikipedia_en_all_maxi_2022-05&pattern=port+alder"),
        _ref("search: lighthouse", "search", "/search?content=wikipedia_en_all_maxi_2022-05&pattern=lighthouse"),
    ],
}


def absolute_url(base_url: str, path: str) -> str:
    """`path` below the site's base URL (which may carry a prefix, e.g. `/admin`); a path that
    already starts with the prefix (a link taken from a page) is not prefixed twice."""
    parts = urlsplit(base_url)
    prefix, origin = parts.path.rstrip("/"), f"{parts.scheme}://{parts.netloc}"
    if path.startswith(("http://", "https://")):
        return path
    if prefix and (path == prefix or path.startswith(prefix + "/")):
        return origin + path
    return origin + prefix + (path if path.startswith("/") else "/" + path)


def resolve(page: PageRef, base_url: str, cookies: dict[str, str], client: httpx.Client) -> str:
    """The absolute URL of `page`: its path, or the link its pattern finds on `link_from`."""
    if page.link_from is None:
        return absolute_url(base_url, page.path)
    source = absolute_url(base_url, page.link_from)
    try:
        r = client.get(source, cookies=cookies, follow_redirects=True)
    except httpx.HTTPError as e:
        raise PageNotFound(f"{source}: {type(e).__name__}: {e}") from None
    if r.status_code != 200:
        raise PageNotFound(f"{source} answered {r.status_code}")
    found = re.search(page.path, r.text)
    if found is None:
        raise PageNotFound(f"no link matching {page.path!r} on {source}")
    href = found.group(1).replace("&amp;", "&")
    return urljoin(str(r.url), href) if not href.startswith("/") else absolute_url(base_url, href)
