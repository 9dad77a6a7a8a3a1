"""Facts and reusable gold-trajectory parts for tasks on the shop, read from the real
site at authoring time (the templates are in `shopping_tasks`)."""

from __future__ import annotations

import html
import re
import sqlite3
from dataclasses import dataclass
from functools import lru_cache

from mag_mcp.tasks.authoring.common import (
    Part,
    SiteFacts,
    chain,
    pick,
    role,
    s,
    same,
    type_and_enter,
)

SITE = "shopping"
AUTH = "./.auth/shopping_state.json"
# Seeded orders end in 2023; an order placed during an episode carries the real clock.
NEW_ORDERS = "customer_id = 1 AND created_at >= '2024-01-01'"
LATEST_NEW_ORDER = f"(SELECT MAX(id) FROM orders WHERE {NEW_ORDERS})"
FIRST_ROW = 4  # products on the first row of a results grid (visible without scrolling)


@dataclass(frozen=True)
class Product:
    id: int
    name: str
    slug: str
    sku: str
    price: float
    review_count: int
    query: str  # a search that shows it on the first row


class ShopFacts(SiteFacts):
    """The seed database and the real search page, for authoring."""

    def __init__(self) -> None:
        super().__init__("shopping")

    def first_row(self, query: str) -> list[str]:
        html = self.client.get("/catalogsearch/result/", params={"q": query}).text
        return re.findall(r'<span class="product-item-name">([^<]+)</span>', html)[:FIRST_ROW]

    def product(self, name: str) -> Product:
        r = self.db.execute("SELECT * FROM products WHERE name = ?", (name,)).fetchone()
        if r is None:
            raise KeyError(name)
        short = name.split(",")[0]
        for query in (" ".join(short.split()[:4]).lower(), short.lower(), name.lower()):
            if any(self._same(name, shown) for shown in self.first_row(query)):
                return Product(r["id"], r["name"], r["slug"], r["sku"], r["price"], r["review_count"], query)
        raise LookupError(f"no search shows {name!r} on the first row")

    @staticmethod
    def _same(name: str, shown: str) -> bool:
        return html.unescape(shown) == name

    def neighbours(self, p: Product, n: int = 2) -> list[sqlite3.Row]:
        """The other products on the first row of `p`'s search, as the seed has them: the near
        entities a reader takes for `p` (their values are the task's near-entity negatives)."""
        rows = []
        for shown in self.first_row(p.query):
            name = html.unescape(shown)
            r = self.db.execute("SELECT * FROM products WHERE name = ? ORDER BY id", (name,)).fetchone()
            if name != p.name and r is not None:
                rows.append(r)
        return rows[:n]

    def orders(self) -> list[sqlite3.Row]:
        return self.db.execute("SELECT * FROM orders WHERE customer_id = 1 ORDER BY id DESC").fetchall()


@lru_cache(maxsize=1)
def facts() -> ShopFacts:
    return ShopFacts()


def money(x: float) -> str:
    return f"{x:.2f}"


# ------------------------------------------------------------ reusable parts

def search_part(key: str, query: str) -> Part:
    guide = pick(key + "search", [
        f"Type “{query}” into the search box at the top of the page and press Enter.",
        f"In the search field at the top, enter “{query}” and press Enter.",
        f"Search the store for “{query}” using the box at the top of the page.",
    ])
    return type_and_enter("Search", query, guide, "Click the search box at the top of the page.")


def open_product(key: str, p: Product) -> Part:
    return chain(search_part(key, p.query), same(s("click", pick(key + "open", [
        f"Click “{p.name}” in the search results.",
        f"In the results, open the product “{p.name}”.",
        f"Choose “{p.name}” from the products listed.",
    ]), role("link", p.name))))


def quantity(n: int) -> Part:
    return {
        "som": [s("type", f"Set the quantity box next to “Add to Cart” to {n}.", role("spinbutton", "Qty"), str(n))],
        "coord": [
            s("click", "Click the “Qty” box next to “Add to Cart”.", role("spinbutton", "Qty")),
            s("press", "Select the quantity already in the box.", None, "Control+a"),
            s("type", f"Type {n}.", None, str(n)),
        ],
    }


def to_checkout(key: str) -> Part:
    return same(
        s("click", "Click the blue “Add to Cart” button.", role("button", "Add to Cart")),
        s("click", pick(key + "cart", ["Click “My Cart” at the top right of the page.",
                                       "Open your cart with “My Cart” in the header."]), role("link", "My Cart")),
        s("click", "Click “Proceed to Checkout” in the summary on the right.", role("button", "Proceed to Checkout")),
    )


def my_orders(key: str) -> Part:
    return same(
        s("click", pick(key + "acct", ["Click “My Account” at the top right of the page.",
                                       "Open “My Account” from the links at the top."]), role("link", "My Account")),
        s("click", "In the menu on the left, click “My Orders”.", role("link", "My Orders")),
    )


SHIPPING = {
    "Flat Rate": ("Flat Rate - Fixed ($5.00 per item)", "Flat Rate - Fixed"),
    "Best Way": ("Best Way - Table Rate ($15.00 per order)", "Best Way - Table Rate"),
}


def type_ahead_keys(target: str, options: list[str], current: str) -> list[str]:
    """Letters to press in an open dropdown to move from `current` to `target`: each
    press of a letter moves to the next option starting with it (wrapping around)."""
    letter = target[0].lower()
    ring = [o for o in options if o[0].lower() == letter]
    start = ring.index(current) + 1 if current in ring else 0
    presses = (ring.index(target) - start) % len(ring) + 1
    if presses > 2:  # three identical presses in a row would end the episode
        raise ValueError(f"{target!r} needs {presses} presses of {letter!r}; pick another state")
    return [letter] * presses


def state_select(state: str, current: str = "California") -> Part:
    """The State/Province dropdown: `select` with marks; type-ahead letters with coordinates."""
    from mag_mcp.sites.shopping.catalog_data import US_STATES

    keys = type_ahead_keys(state, [name for _, name in US_STATES], current)
    coord = [s("click", "Click the “State/Province” dropdown.", role("combobox", "State/Province"))]
    for i, k in enumerate(keys):
        coord.append(s("press", f"Press {k.upper()} to move through the states starting with {k.upper()}"
                       + (f" until “{state}”." if i == len(keys) - 1 else "."), None, k))
    coord.append(s("press", f"Press Enter to choose “{state}”.", None, "Enter"))
    return {"som": [s("select", f"Choose “{state}” in the “State/Province” dropdown.",
                      role("combobox", "State/Province"), state)], "coord": coord}


def long_date(ts: str) -> str:
    from datetime import datetime

    d = datetime.strptime(ts[:10], "%Y-%m-%d")
    return f"{d:%B} {d.day}, {d.year}"


def short_date(ts: str) -> str:
    from datetime import datetime

    d = datetime.strptime(ts[:10], "%Y-%m-%d")
    return f"{d.month}/{d.day}/{d.year % 100}"
