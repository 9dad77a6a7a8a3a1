"""Source of `tasks/data/shopping.json`: the 12 shop tasks with gold
trajectories in both groundings. Run `python -m mag_mcp.tasks.authoring.shopping_tasks`
to regenerate the JSON after editing; tests replay every trajectory.

Guides are written for a person looking at the page: they name what is
visible (labels, buttons, product names), never mark ids or pixels.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mag_mcp.tasks.schema import GoldStep, Locator, Task

ME = "c.customer_id = 1"
# Seeded orders end in 2023; an order placed during an episode carries the real clock.
NEW_ORDERS = "customer_id = 1 AND created_at >= '2024-01-01'"
LATEST_NEW_ORDER = f"(SELECT MAX(id) FROM orders WHERE {NEW_ORDERS})"
TIDE_81 = "Tide PODS Spring Meadow Scent HE Turbo Laundry Detergent Pacs, 81 Count"
DENTEK = "DenTek Ultimate Dental Guard for Nighttime Teeth Grinding, Mouth Guard for Jaw Bruxism"
ECHO = "Echo Dot (3rd Gen) Smart Speaker with Alexa, Charcoal"
LODGE = "Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned"


def role(r: str, name: str, exact: bool = True, nth: int = 0) -> Locator:
    return Locator(role=r, name=name, exact=exact, nth=nth)


def s(action: str, guide: str, target: Locator | None = None, value: str | None = None, enter: bool = False) -> GoldStep:
    return GoldStep(action=action, target=target, value=value, enter=enter, guide=guide)  # type: ignore[arg-type]


SEARCH = role("textbox", "Search")


def search(query: str) -> dict[str, list[GoldStep]]:
    guide = f"Type “{query}” into the search box at the top of the page and press Enter."
    return {
        "som": [s("type", guide, SEARCH, query, enter=True)],
        "coord": [
            s("click", "Click the search box at the top of the page.", SEARCH),
            s("type", f"Type “{query}” and press Enter.", None, query, enter=True),
        ],
    }


def field(label: str, value: str, guide_som: str, clear: bool = True) -> dict[str, list[GoldStep]]:
    """Fill a text field: one step with marks; click (+ select all) + type with coordinates."""
    coord = [s("click", f"Click the “{label}” field.", role("textbox", label))]
    if clear:
        coord.append(s("press", f"Select the text already in “{label}”.", None, "Control+a"))
    coord.append(s("type", f"Type “{value}”.", None, value))
    return {"som": [s("type", guide_som, role("textbox", label), value)], "coord": coord}


def quantity(n: int) -> dict[str, list[GoldStep]]:
    """Set the product page's quantity box (prefilled with 1)."""
    return {
        "som": [s("type", f"Set the quantity box next to “Add to Cart” to {n}.", role("spinbutton", "Qty"), str(n))],
        "coord": [
            s("click", "Click the “Qty” box next to “Add to Cart”.", role("spinbutton", "Qty")),
            s("press", "Select the quantity already in the box.", None, "Control+a"),
            s("type", f"Type {n}.", None, str(n)),
        ],
    }


def same(*steps: GoldStep) -> dict[str, list[GoldStep]]:
    return {"som": list(steps), "coord": list(steps)}


def chain(*parts: dict[str, list[GoldStep]]) -> dict[str, list[GoldStep]]:
    out: dict[str, list[GoldStep]] = {"som": [], "coord": []}
    for p in parts:
        out["som"] += p["som"]
        out["coord"] += p["coord"]
    return out


def select(label: str, option: str, arrow_downs: int, guide: str) -> dict[str, list[GoldStep]]:
    """A native dropdown: `select` with marks; click, arrow keys and Enter with coordinates."""
    coord = [s("click", f"Click the “{label}” dropdown.", role("combobox", label))]
    coord += [s("press", "Move down the list with the Down arrow key.", None, "ArrowDown") for _ in range(arrow_downs)]
    coord.append(s("press", f"Press Enter to choose “{option}”.", None, "Enter"))
    return {"som": [s("select", guide, role("combobox", label), option)], "coord": coord}


def task(
    n: int, intent: str, kind: str, gold: dict[str, list[GoldStep]], eval_: dict[str, Any],
    split: str = "test", template: str | None = None,
) -> dict[str, Any]:
    t = {
        "sites": ["shopping"],
        "task_id": f"shopping-{n:03d}",
        "require_login": True,
        "storage_state": "./.auth/shopping_state.json",
        "start_url": "__SHOPPING__",
        "geolocation": None,
        "intent_template": template or intent,
        "instantiation_dict": {},
        "intent": intent,
        "require_reset": kind == "state_change",
        "eval": eval_,
        "intent_template_id": 9000 + n,
        "mag": {
            "split": split,
            "gold": {g: {"steps": [st.model_dump(exclude_none=True) for st in steps]} for g, steps in gold.items()},
            "tags": {"kind": kind, "cross_site": False},
            "checker_mode": "strict",
        },
    }
    Task.model_validate(t)  # fail early on a typo
    return t


def string_eval(**refs: Any) -> dict[str, Any]:
    return {"eval_types": ["string_match"], "reference_answers": refs, "reference_url": "", "program_html": []}


def url_eval(url: str) -> dict[str, Any]:
    return {"eval_types": ["url_match"], "reference_answers": None, "reference_url": url,
            "url_note": "GOLD in PRED", "program_html": []}


def state_eval(*checks: dict[str, Any]) -> dict[str, Any]:
    return {"eval_types": ["state_check"], "reference_answers": None, "reference_url": "", "program_html": [],
            "state_checks": [{"site": "shopping", **c} for c in checks]}


def build() -> list[dict[str, Any]]:
    tasks = [
        task(1, "What is the price of the Lodge 10.25 inch cast iron skillet?", "information", chain(
            search("Lodge skillet"),
            same(s("click", f"Click “{LODGE}” in the search results.", role("link", LODGE))),
            same(s("stop", "Read the price shown under the product name: $19.90.", value="$19.90")),
        ), string_eval(must_include=["19.90"])),
        task(2, "What was the grand total of my order placed on March 11, 2023?", "information", chain(
            same(
                s("click", "Click “My Account” at the top right of the page.", role("link", "My Account")),
                s("click", "In the menu on the left, click “My Orders”.", role("link", "My Orders")),
                s("click", "Find the order dated 3/11/23 and click its “View Order” link.", role("link", "View Order 000000242")),
                s("stop", "Read the Grand Total at the bottom of the order summary: $49.95.", value="$49.95"),
            ),
        ), string_eval(must_include=["49.95"])),
        task(3, "What is the SKU of the Echo Dot (3rd Gen) smart speaker in charcoal?", "information", chain(
            search("echo dot"),
            same(
                s("click", f"Click “{ECHO}” in the search results.", role("link", ECHO)),
                s("stop", "Read the SKU shown on the right, under the stock status: B0E16SCRGQ.", value="B0E16SCRGQ"),
            ),
        ), string_eval(exact_match="B0E16SCRGQ")),
        task(4, "Show me the PlayStation 4 accessories, most expensive first.", "navigation", chain(
            same(
                s("click", "Click “Video Games” in the category bar.", role("link", "Video Games")),
                s("click", "Under “Shop By” on the left, click “PlayStation 4”.", role("link", "PlayStation 4")),
                s("click", "Under “Shop By” on the left, click “Accessories”.", role("link", "Accessories")),
            ),
            select("Sort By", "Price", 2, "Choose “Price” in the “Sort By” dropdown above the products."),
            select("Direction", "Descending", 1, "Choose “Descending” in the “Direction” dropdown next to it."),
            same(
                s("click", "Click “Apply” to sort the products.", role("button", "Apply")),
                s("stop", "The accessories are now listed from the most expensive to the cheapest."),
            ),
        ), url_eval("__SHOPPING__/video-games/playstation-4/accessories.html?product_list_order=price&product_list_dir=desc")),
        task(5, "Open the details page of my order number 000000265.", "navigation", same(
            s("click", "Click “My Account” at the top right of the page.", role("link", "My Account")),
            s("click", "In the menu on the left, click “My Orders”.", role("link", "My Orders")),
            s("click", "In the row of order 000000265, click “View Order”.", role("link", "View Order 000000265")),
            s("stop", "The details of order 000000265 are now shown."),
        ), url_eval("__SHOPPING__/sales/order/view/order_id/265/")),
        task(6, "Search the store for usb wifi adapters and sort the results by price.", "navigation", chain(
            search("usb wifi"),
            {
                "som": [s("select", "Choose “Price” in the “Sort By” dropdown above the results.",
                          role("combobox", "Sort By"), "Price")],
                "coord": [
                    s("click", "Click the “Sort By” dropdown above the results.", role("combobox", "Sort By")),
                    s("press", "Press End to jump to the last choice, “Price”.", None, "End"),
                    s("press", "Press Enter to choose “Price”.", None, "Enter"),
                ],
            },
            same(
                s("click", "Click “Apply” to sort the results.", role("button", "Apply")),
                s("stop", "The USB WiFi results are now sorted by price."),
            ),
        ), url_eval("__SHOPPING__/catalogsearch/result/?q=usb+wifi&product_list_order=price")),
        task(7, "Add two Echo Dot (3rd Gen) smart speakers in charcoal to my cart.", "state_change", chain(
            search("echo dot"),
            same(s("click", f"Click “{ECHO}” in the search results.", role("link", ECHO))),
            quantity(2),
            same(
                s("click", "Click the blue “Add to Cart” button.", role("button", "Add to Cart")),
                s("stop", "Two Echo Dot speakers are now in your cart."),
            ),
        ), state_eval({
            "sql": f"SELECT p.name, c.qty FROM cart_items c JOIN products p ON p.id = c.product_id WHERE {ME} ORDER BY p.name",
            "expected": [[ECHO, 2]], "note": "the cart holds exactly two Echo Dots",
        })),
        task(8, "Add the Lodge cast iron skillet to my wish list.", "state_change", chain(
            search("Lodge skillet"),
            same(
                s("click", f"Click “{LODGE}” in the search results.", role("link", LODGE)),
                s("click", "Click “Add to Wish List” under the “Add to Cart” button.", role("button", "Add to Wish List")),
                s("stop", "The skillet is now in your wish list."),
            ),
        ), state_eval({
            "sql": "SELECT p.name FROM wishlist_items w JOIN products p ON p.id = w.product_id WHERE w.customer_id = 1 ORDER BY p.name",
            "expected_contains": [[LODGE]], "note": "the skillet is in the wish list",
        }, {
            "sql": "SELECT COUNT(*) FROM wishlist_items WHERE customer_id = 1", "expected": [[3]],
            "note": "nothing else was added or removed",
        })),
        task(9, "Write a 4-star review of the Tide PODS Spring Meadow laundry pacs (81 count) with the summary "
                "'Clean and fresh' and the review 'Works well in cold water.'", "state_change", chain(
            search("tide pods"),
            same(
                s("click", f"Click “{TIDE_81}” in the search results.", role("link", TIDE_81)),
                s("click", "Click “Add Your Review” next to the star rating.", role("link", "Add Your Review")),
                s("click", "In the review form, under “Your Rating”, select “4 stars”.", role("radio", "4 stars")),
            ),
            field("Summary", "Clean and fresh", "Type “Clean and fresh” into the “Summary” field.", clear=False),
            field("Review", "Works well in cold water.", "Type “Works well in cold water.” into the “Review” box.", clear=False),
            same(
                s("click", "Click “Submit Review” below the form.", role("button", "Submit Review")),
                s("stop", "Your review has been submitted."),
            ),
        ), state_eval({
            "sql": "SELECT r.nickname, r.summary, r.text, r.rating FROM reviews r JOIN products p ON p.id = r.product_id "
                   "WHERE r.customer_id = 1 AND p.name = ?",
            "params": [TIDE_81], "expected": [["Emma", "Clean and fresh", "Works well in cold water.", 4]],
        })),
        task(10, "Buy the DenTek mouth guard for jaw bruxism and ship it to my default address with Best Way shipping.",
             "state_change", chain(
            search("mouth guard"),
            same(
                s("click", f"Click “{DENTEK}” in the search results.", role("link", DENTEK)),
                s("click", "Click the blue “Add to Cart” button.", role("button", "Add to Cart")),
                s("click", "Click “My Cart” at the top right of the page.", role("link", "My Cart")),
                s("click", "Click “Proceed to Checkout” in the summary on the right.", role("button", "Proceed to Checkout")),
                s("scroll", "Scroll down to the shipping methods.", value="down"),
                s("click", "Choose “Best Way - Table Rate ($15.00 per order)” under Shipping Methods.",
                  role("radio", "Best Way - Table Rate ($15.00 per order)")),
                s("click", "Click “Place Order”.", role("button", "Place Order")),
                s("stop", "The order is placed; the confirmation page shows its number."),
            ),
        ), state_eval({
            "sql": "SELECT o.shipping_method, o.shipping_street, o.shipping_city, o.shipping_region, o.shipping_postcode, "
                   f"i.name, i.qty FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.id = {LATEST_NEW_ORDER}",
            "expected": [["Best Way - Table Rate", "101 S San Mateo Dr", "San Mateo", "California", "94010", DENTEK, 1]],
        }, {
            "sql": f"SELECT COUNT(*) FROM orders WHERE {NEW_ORDERS}", "expected": [[1]],
            "note": "exactly one new order",
        })),
        task(11, "Order 3 packs of Tide PODS Spring Meadow (81 count) with Flat Rate shipping to 500 Oak Street, Austin, "
                 "Texas 78701, phone 5125550199, under my name.", "state_change", chain(
            search("tide pods"),
            same(s("click", f"Click “{TIDE_81}” in the search results.", role("link", TIDE_81))),
            quantity(3),
            same(
                s("click", "Click the blue “Add to Cart” button.", role("button", "Add to Cart")),
                s("click", "Click “My Cart” at the top right of the page.", role("link", "My Cart")),
                s("click", "Click “Proceed to Checkout” in the summary on the right.", role("button", "Proceed to Checkout")),
            ),
            field("Street Address", "500 Oak Street", "Replace the street address with “500 Oak Street”."),
            field("City", "Austin", "Replace the city with “Austin”."),
            {
                "som": [s("select", "Choose “Texas” in the “State/Province” dropdown.", role("combobox", "State/Province"), "Texas")],
                "coord": [
                    s("click", "Click the “State/Province” dropdown.", role("combobox", "State/Province")),
                    s("press", "Press T to jump to the states starting with T (Tennessee).", None, "t"),
                    s("press", "Press T again to move to “Texas”.", None, "t"),
                    s("press", "Press Enter to choose “Texas”.", None, "Enter"),
                ],
            },
            same(s("scroll", "Scroll down to the rest of the address and the shipping methods.", value="down")),
            field("Zip/Postal Code", "78701", "Replace the ZIP code with “78701”."),
            field("Phone Number", "5125550199", "Replace the phone number with “5125550199”."),
            same(
                s("click", "Choose “Flat Rate - Fixed ($5.00 per item)” under Shipping Methods.",
                  role("radio", "Flat Rate - Fixed ($5.00 per item)")),
                s("click", "Click “Place Order”.", role("button", "Place Order")),
                s("stop", "The order is placed; the confirmation page shows its number."),
            ),
        ), state_eval({
            "sql": "SELECT o.shipping_firstname, o.shipping_lastname, o.shipping_street, o.shipping_city, o.shipping_region, "
                   "o.shipping_postcode, o.shipping_telephone, o.shipping_method, i.name, i.qty "
                   f"FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.id = {LATEST_NEW_ORDER}",
            "expected": [["Emma", "Lopez", "500 Oak Street", "Austin", "Texas", "78701", "5125550199",
                          "Flat Rate - Fixed", TIDE_81, 3]],
        }, {
            "sql": f"SELECT COUNT(*) FROM orders WHERE {NEW_ORDERS}", "expected": [[1]],
            "note": "exactly one new order",
        })),
        task(12, "Subscribe me to the store's newsletter.", "state_change", same(
            s("click", "Click “My Account” at the top right of the page.", role("link", "My Account")),
            s("click", "In the menu on the left, click “Newsletter Subscriptions”.", role("link", "Newsletter Subscriptions")),
            s("click", "Tick the “General Subscription” checkbox.", role("checkbox", "General Subscription")),
            s("click", "Click “Save”.", role("button", "Save")),
            s("stop", "You are now subscribed to the newsletter."),
        ), state_eval({"sql": "SELECT newsletter_subscribed FROM customers WHERE id = 1", "expected": [[1]]})),
    ]
    for t in tasks:  # train/test split: every third task trains
        if int(t["task_id"].split("-")[1]) % 3 == 0:
            t["mag"]["split"] = "train"
    return tasks


def main() -> None:
    out = Path(__file__).resolve().parents[1] / "data" / "shopping.json"
    out.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
