"""Find the bench's points on the shop's home page as it is rendered now.

The shop's home page grows with its world (a mega-menu, banners, denser product rows), so
fixed coordinates drift onto gaps between products. Before the rounds start, the page is
opened at 1280×720, logged out and logged in (the header differs), and `PLAN` is updated in
place (every subject reads it at call time): `search` is a point of the search box in both
layouts, `product` a point of the first product link of the lower part of the first viewport
in both (a click that loads a page), and `blank` is checked to land on no interactable element. A page without them fails the bench at once with
a clear message, rather than a step timing out later.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from bench.common import PLAN
from mag_mcp.env.browser import BrowserPool
from mag_mcp.sites.registry import site_spec

LOWER_FROM_Y = 300  # the product link is taken below the header and the menus
# The boxes of the search box and of the product links in the lower part of the first viewport
# (document order; product-item links first), and whether the blank point hits an interactable.
FIND_JS = """([lowerFrom, blank]) => {
  const H = window.innerHeight;
  const box = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const onTop = el => { const [l, t, r, b] = box(el); const top = document.elementFromPoint((l + r) / 2, (t + b) / 2);
                        return !!top && (top === el || el.contains(top)); };
  const shown = el => { const [l, t, r, b] = box(el); return r - l >= 8 && b - t >= 8 && onTop(el); };
  const search = [...document.querySelectorAll('input#search, input[name="q"], input[type="search"]')].find(shown);
  const lower = el => { const [, t, , b] = box(el); return (t + b) / 2 >= lowerFrom && b < H - 4; };
  const products = [...document.querySelectorAll('a.product-item-link')].filter(el => shown(el) && lower(el));
  const atBlank = document.elementFromPoint(blank[0], blank[1]);
  const blankHits = atBlank && atBlank.closest('a[href], button, input, select, textarea, [role="button"], [onclick]');
  return {search: search ? box(search) : null,
          products: products.map(el => ({href: el.getAttribute('href'), box: box(el)})), blank_ok: !blankHits};
}"""
Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box) -> tuple[int, int] | None:
    """The centre of the intersection of two boxes (left, top, right, bottom), or None."""
    left, top, right, bottom = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    if right - left < 4 or bottom - top < 4:
        return None
    return round((left + right) / 2), round((top + bottom) / 2)


class PlanNotFound(RuntimeError):
    """The shop's home page has no search box or product link where the bench looks for them."""


async def _find(pool: BrowserPool, base_url: str, cookies: list[dict[str, str]]) -> dict[str, Any]:
    session = await pool.new_session([base_url], cookies=cookies)
    try:
        await session.page.goto(base_url + PLAN.home_path, wait_until="load")
        await session.settle()
        return await session.page.evaluate(FIND_JS, [LOWER_FROM_Y, list(PLAN.blank)])
    finally:
        await session.close()


async def locate_plan(pool: BrowserPool, base_url: str) -> dict[str, Any]:
    """Measure the points on the shop's home page and put them in `PLAN`; returns what was found.

    The page is measured twice, logged out (plain Playwright and the peers) and logged in (MAG's
    episodes of the bench's task), and each point is taken where both layouts have its element."""
    host = urlsplit(base_url).hostname or "127.0.0.1"
    cookies = [{"name": c.name, "value": c.value, "domain": host, "path": "/"} for c in site_spec("shopping").login_cookies]
    out, signed_in = await _find(pool, base_url, []), await _find(pool, base_url, cookies)
    search = _overlap(out["search"], signed_in["search"]) if out["search"] and signed_in["search"] else None
    boxes = {p["href"]: p["box"] for p in out["products"]}
    product = next(((p["href"], pt) for p in signed_in["products"] if p["href"] in boxes
                    for pt in [_overlap(p["box"], boxes[p["href"]])] if pt), None)
    if search is None or product is None:
        raise PlanNotFound(f"the shop's home page at {base_url} has no search box or product link below "
                           f"y={LOWER_FROM_Y} in the first viewport at the same place logged in and out: "
                           f"{out} / {signed_in}"[:600])
    if not (out["blank_ok"] and signed_in["blank_ok"]):
        raise PlanNotFound(f"the bench's blank point {PLAN.blank} lands on an interactable element of the home page")
    PLAN.search, PLAN.product = search, product[1]
    return {"search": search, "product": product[1], "product_href": product[0]}
