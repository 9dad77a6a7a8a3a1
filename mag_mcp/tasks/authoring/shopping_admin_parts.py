"""Facts and reusable gold-trajectory parts for tasks on the shop admin, read from the real
site at authoring time (the templates are in `shopping_admin_tasks`)."""

from __future__ import annotations

import html as html_lib
import re
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Any

from mag_core.guide_leaks import find_guide_leak
from mag_mcp.tasks.authoring.common import (
    Design,
    Part,
    SiteFacts,
    chain,
    pick,
    role,
    s,
    same,
    select,
    select_last,
    standard_negatives,
    type_and_enter,
)
from mag_mcp.tasks.authoring.shopping_parts import type_ahead_keys

SITE = "shopping_admin"
AUTH = "./.auth/shopping_admin_state.json"
HOME = "__SHOPPING_ADMIN__"  # the admin's entry: the dashboard when signed in
FIRST_ROWS = 3  # grid rows that show without scrolling, with room to spare

ORDER_STATUS_OPTIONS = ["All", "Pending", "Processing", "Complete", "Canceled", "On Hold"]
STATUS_CODE = {"Pending": "pending", "Processing": "processing", "Complete": "complete", "Canceled": "canceled",
               "On Hold": "holded"}
COMMENT_STATUS_OPTIONS = ["Pending", "Processing", "On Hold", "Complete"]
PERIOD_OPTIONS = ["Day", "Month", "Year"]
REVIEW_ACTIONS = ["Select an action", "Delete", "Update Status: Approved", "Update Status: Pending",
                  "Update Status: Not Approved"]


@dataclass(frozen=True)
class Product:
    id: int
    name: str
    sku: str
    price: float
    qty: int
    query: str  # a keyword search of the products grid that lists it among the first rows


@dataclass(frozen=True)
class Customer:
    id: int
    name: str
    email: str


class AdminFacts(SiteFacts):
    """A fresh shop seed with the admin app over it, signed in as the administrator."""

    def __init__(self) -> None:
        super().__init__(SITE)
        if "Sign Out" not in self.get("/admin/dashboard/"):
            raise RuntimeError("the admin's login cookie no longer signs in")

    def get(self, path: str, **params: Any) -> str:
        r = self.client.get(path, params=params or None)
        if r.status_code != 200:
            raise RuntimeError(f"{path} answered {r.status_code}")
        return r.text

    def one(self, sql: str, *args: Any) -> Any:
        return self.db.execute(sql, args).fetchone()

    def records(self, path: str, **params: Any) -> int:
        m = re.search(r"<strong>(\d+)</strong> records found", self.get(path, **params))
        if not m:
            raise LookupError(f"no record count on {path}")
        return int(m.group(1))

    def labels(self, path: str, prefix: str, **params: Any) -> list[str]:
        """Accessible names of a grid's row links starting with `prefix`, top to bottom."""
        page = self.get(path, **params)
        return [html_lib.unescape(x) for x in re.findall(rf'aria-label="({re.escape(prefix)}[^"]*)"', page)]

    def row_ids(self, path: str, prefix: str, **params: Any) -> list[int]:
        """The record ids of a grid's rows (from their `prefix` action links), top to bottom."""
        page = self.get(path, **params)
        return list(dict.fromkeys(int(x) for x in re.findall(rf'href="{re.escape(prefix)}(\d+)/"', page)))

    def product(self, name: str) -> Product:
        r = self.one("SELECT * FROM products WHERE name = ?", name)
        if r is None:
            raise KeyError(name)
        words = re.sub(r"[,()]", " ", name).split()
        for n in (3, 4, 5, 6, len(words)):
            query = " ".join(words[:n])
            shown = self.labels("/admin/catalog/product/", "Edit ", search=query)[:FIRST_ROWS]
            if f"Edit {name}" in shown:
                return Product(r["id"], r["name"], r["sku"], r["price"], r["qty"], query)
        raise LookupError(f"no short search lists {name!r} among the first rows")

    def customer(self, cid: int, by: str) -> Customer:
        r = self.one("SELECT * FROM customers WHERE id = ?", cid)
        c = Customer(r["id"], f"{r['firstname']} {r['lastname']}", r["email"])
        query = c.email if by == "email" else c.name
        shown = self.labels("/admin/customer/index/", "Edit customer ", search=query)[:FIRST_ROWS]
        if f"Edit customer {c.name}" not in shown:
            raise LookupError(f"searching customers for {query!r} does not list {c.name}")
        return c

    def order(self, oid: int) -> Any:
        o = self.one("SELECT * FROM orders WHERE id = ?", oid)
        shown = self.labels("/admin/sales/order/", "View order ", search=o["increment_id"])
        if shown != [f"View order {o['increment_id']}"]:
            raise LookupError(f"searching orders for {o['increment_id']} shows {shown}")
        return o


@lru_cache(maxsize=1)
def facts() -> AdminFacts:
    return AdminFacts()


def mdy(d: date) -> str:
    return f"{d.month:02d}/{d.day:02d}/{d.year}"


# ------------------------------------------------------------ reusable parts

SECTIONS = {  # menu section -> (item, what the item is called in a guide)
    ("Sales", "Orders"): "the orders grid",
    ("Sales", "Invoices"): "the invoices grid",
    ("Marketing", "Cart Price Rules"): "the cart price rules",
    ("Catalog", "Products"): "the products grid",
    ("Customers", "All Customers"): "the customers grid",
    ("Marketing", "All Reviews"): "all reviews",
    ("Marketing", "Pending Reviews"): "the reviews awaiting moderation",
    ("Reports", "Orders"): "the orders (sales) report",
    ("Reports", "Bestsellers"): "the bestsellers report",
}


def open_menu(key: str, section: str, item: str) -> Part:
    what = SECTIONS[(section, item)]
    return same(
        s("click", pick(key + "menu", [
            f"Click “{section}” in the dark menu bar on the left.",
            f"In the admin menu down the left side, click “{section}”.",
            f"Open the “{section}” section from the left-hand menu.",
        ]), role("link", section)),
        s("click", pick(key + "item", [
            f"In the {section} panel that slides out, click “{item}” to open {what}.",
            f"Choose “{item}” in the {section} menu panel.",
            f"Click the “{item}” link in the panel that opened, to reach {what}.",
        ]), role("link", item)),
    )


def click(key: str, kind: str, name: str, guides: list[str]) -> Part:
    """One click on the `kind` element named `name`; the guide is one of `guides`."""
    return same(s("click", pick(key, guides), role(kind, name)))


def entry(name: str, shown: str, value: str, guide_som: str, clear: bool = True, kind: str = "textbox") -> Part:
    """A text field whose accessible name (`name`, e.g. with a required marker) differs from its label."""
    coord = [s("click", f"Click the “{shown}” field.", role(kind, name))]
    if clear:
        coord.append(s("press", f"Select everything already in “{shown}”.", None, "Control+a"))
    coord.append(s("type", f"Type “{value}”.", None, value))
    return {"som": [s("type", guide_som, role(kind, name), value)], "coord": coord}


def dropdown(name: str, shown: str, options: list[str], current: str, target: str, guide: str) -> Part:
    """Choose `target` in a native dropdown that shows `current`: `select` with marks; with
    coordinates a click, then Down arrows (one or two), End, Home or type-ahead letters, then Enter."""
    if target == current:
        return same()
    steps = options.index(target) - options.index(current)
    if 1 <= steps <= 2 and name == shown:
        return select(name, target, steps, guide)
    if target == options[-1] and name == shown:
        return select_last(name, target, guide)
    coord = [s("click", f"Click the “{shown}” dropdown.", role("combobox", name))]
    if 1 <= steps <= 2:
        coord += [s("press", "Move down the list with the Down arrow key.", None, "ArrowDown")] * steps
    elif target == options[-1]:
        coord.append(s("press", f"Press End to jump to the last choice, “{target}”.", None, "End"))
    elif target == options[0]:
        coord.append(s("press", f"Press Home to jump to the first choice, “{target}”.", None, "Home"))
    else:
        keys = type_ahead_keys(target, options, current)
        for i, k in enumerate(keys):
            coord.append(s("press", f"Press {k.upper()} to move to the choices starting with {k.upper()}"
                           + (f", until “{target}” is highlighted." if i == len(keys) - 1 else "."), None, k))
    coord.append(s("press", f"Press Enter to choose “{target}”.", None, "Enter"))
    return {"som": [s("select", guide, role("combobox", name), target)], "coord": coord}


def grid_search(key: str, query: str, what: str) -> Part:
    return type_and_enter("Search by keyword", query, pick(key + "search", [
        f"Type “{query}” into the “Search by keyword” box above the grid and press Enter.",
        f"Search {what} for “{query}” with the keyword box above the table.",
        f"In the “Search by keyword” field at the top of the grid, enter “{query}” and press Enter.",
    ]), "Click the “Search by keyword” box above the grid.")


def show_filters(key: str) -> Part:
    return click(key + "filters", "link", "Filters", [
        "Click “Filters” at the top right of the grid to open the filter fields.",
        "Open the filter panel with the “Filters” button on the right, above the grid.",
        "Click the “Filters” button above the right end of the table.",
    ])


def apply_filters(key: str) -> Part:
    return click(key + "apply", "button", "Apply Filters", [
        "Click the orange “Apply Filters” button.",
        "Apply the filters with the orange button at the bottom right of the panel.",
        "Click “Apply Filters” to narrow the grid.",
    ])


def date_range(key: str, field: str, start: str, end: str) -> Part:
    return chain(
        entry(f"{field} from", f"{field} from", start, pick(key + "from", [
            f"Enter {start} in the “from” box under {field}.",
            f"Type {start} as the {field} start date (“from”).",
        ]), clear=False),
        entry(f"{field} to", f"{field} to", end, pick(key + "to", [
            f"Enter {end} in the “to” box under {field}.",
            f"Type {end} as the {field} end date (“to”).",
        ]), clear=False),
    )


def report_form(key: str, start: str, end: str, period: str) -> Part:
    return chain(
        entry("From", "From", start, pick(key + "rfrom", [
            f"Type {start} into the “From” date field.", f"Enter the start date, {start}, in “From”.",
        ]), clear=False),
        entry("To", "To", end, pick(key + "rto", [f"Type {end} into the “To” date field.",
                                                  f"Enter the end date, {end}, in “To”."]), clear=False),
        dropdown("Period", "Period", PERIOD_OPTIONS, "Day", period, pick(key + "period", [
            f"Choose “{period}” in the “Period” dropdown.",
            f"Set “Period” to “{period}” so each {period.lower()} gets its own row.",
        ])),
        click(key + "show", "button", "Show Report", ["Click the orange “Show Report” button.",
                                                      "Click “Show Report” to the right of the filter fields."]),
    )


def find_and_open(key: str, section: str, item: str, query: str, link: str, guides: list[str]) -> Part:
    """Open a grid from the menu, search it by keyword, and open one row by its action link."""
    what = SECTIONS[(section, item)].removeprefix("the ")
    return chain(open_menu(key, section, item), grid_search(key, query, f"the {what}"),
                 click(key + "open", "link", link, guides))


def open_order(key: str, inc: str) -> Part:
    return find_and_open(key, "Sales", "Orders", inc, f"View order {inc}", [
        f"In the row of order {inc}, click “View” in the Action column.",
        f"Click the “View” link at the end of the row for order {inc}.",
        f"Open order {inc} with its “View” link on the right.",
    ])


def open_product(key: str, p: Product) -> Part:
    return find_and_open(key, "Catalog", "Products", p.query, f"Edit {p.name}", [
        f"Click “Edit” at the end of the row of “{p.name}”.",
        f"In the row of {p.name}, click the “Edit” link in the Action column.",
        f"Open the product form of “{p.name}” with its “Edit” link.",
    ])


def open_customer(key: str, c: Customer, query: str) -> Part:
    return find_and_open(key, "Customers", "All Customers", query, f"Edit customer {c.name}", [
        f"Click “Edit” in the row of {c.name}.",
        f"Open {c.name}'s customer page with the “Edit” link on the right of the row.",
        f"In the row for {c.name}, click “Edit” in the Action column.",
    ])


def report_rows(page: str) -> list[list[str]]:
    """The cells of a report's body rows as the page shows them (tags dropped), top to bottom."""
    body = re.search(r"<tbody>(.*?)</tbody>", page, re.DOTALL)
    rows = re.findall(r"<tr>(.*?)</tr>", body.group(1) if body else "", re.DOTALL)
    return [[html_lib.unescape(re.sub(r"<[^>]+>", "", c)).strip()
             for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.DOTALL)] for r in rows]


def count_design(gold: int, near: dict[str, int]) -> Design:
    """Negatives of a count: the counts of the near entities (`near`: entity -> its count, where it
    differs from the gold) and the hedged list around the gold."""
    return Design(negatives=standard_negatives(str(gold), near={e: str(v) for e, v in near.items() if v != gold}))


def checked(tasks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for t in tasks:
        for g, gold in t["mag"]["gold"].items():
            for st in gold["steps"]:
                leak = find_guide_leak(st["guide"])
                if leak:
                    raise ValueError(f"{t['task_id']} ({g}): guide names {leak!r}: {st['guide']}")
    return tasks


def us_states() -> list[tuple[str, str]]:
    from mag_mcp.sites.shopping.catalog_data import US_STATES

    return list(US_STATES)


def nth(i: int) -> str:
    return ["first", "second", "third"][i]


def deletable_reviews(f: AdminFacts, n: int) -> list[int]:
    """Approved reviews spread over the seed (every 97th id) that a keyword search of their
    nickname and title lists on the first rows."""
    out: list[int] = []
    for r in f.db.execute(
            "SELECT r.id FROM reviews r JOIN products p ON p.id = r.product_id WHERE r.status = 'approved' "
            "AND r.id % 97 = 5 ORDER BY r.id"):
        try:
            review_query(f, f.one("SELECT r.*, p.name AS product FROM reviews r JOIN products p "
                                   "ON p.id = r.product_id WHERE r.id = ?", r[0]))
        except LookupError:
            continue
        out.append(r[0])
        if len(out) == n:
            return out
    raise LookupError("not enough reviews a search finds at once")


def review_query(f: AdminFacts, r: Any) -> str:
    """A keyword search of all reviews (nickname and title words) that lists the review on the first rows."""
    query = f"{r['nickname']} {r['summary']}"
    shown = f.labels("/admin/review/product/", "Edit review ", search=query)[:FIRST_ROWS]
    if f"Edit review {r['id']}" not in shown:
        raise LookupError(f"searching reviews for {query!r} shows {shown}")
    return query
