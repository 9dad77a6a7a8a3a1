"""Source of `tasks/data/shopping.json`: shop tasks from intent templates, each
with gold trajectories in both groundings. Run
`python -m mag_mcp.tasks.authoring.shopping_tasks` to regenerate the JSON;
`mag tasks verify` replays every trajectory.

Facts (prices, SKUs, review counts, which products a search shows on its
first row) are read from the shop itself: the seed is built and the real
search page is queried, so the tasks can't drift from the site. Guides are
written for a person looking at the page: they name what is visible, never
mark ids or pixels, and their phrasing varies between instances.
"""

from __future__ import annotations

from typing import Any

from mag_mcp.tasks.authoring.common import (
    Design,
    TaskBook,
    chain,
    distractor,
    field,
    pick,
    role,
    s,
    same,
    select,
    select_last,
    standard_negatives,
    state_eval,
    string_eval,
    unchanged,
    url_eval,
    url_negative,
    write_task_file,
)
from mag_mcp.tasks.authoring.shopping_parts import (
    AUTH,
    LATEST_NEW_ORDER,
    NEW_ORDERS,
    SHIPPING,
    SITE,
    Product,
    facts,
    long_date,
    money,
    my_orders,
    open_product,
    quantity,
    search_part,
    short_date,
    state_select,
    to_checkout,
)

# Templates whose tasks train; the rest are test (about 70/30 over the suite, by template).
TRAIN_TEMPLATES = {9001, 9002, 9004, 9005, 9007, 9008, 9010, 9012}


# ------------------------------------------------------------ templates

def build() -> list[dict[str, Any]]:
    f = facts()
    book = TaskBook(SITE, "shopping", TRAIN_TEMPLATES, "__SHOPPING__", AUTH)
    tasks, add = book.tasks, book.add

    def products(names: list[str]) -> list[Product]:
        return [f.product(n) for n in names]

    def near(p: Product, value: Any, gold: str) -> Design:
        """Negatives from the products beside `p` on its search's first row: their `value`s
        (where they differ from the gold) and the hedged list around the gold; those products
        are the task's distractors."""
        rows = f.neighbours(p)
        values = {f"the {r['name']}": value(r) for r in rows}
        return Design(negatives=standard_negatives(gold, near={e: v for e, v in values.items() if v != gold}),
                      distractors=[distractor(SITE, r["name"], "similar", "beside it on the search's first row")
                                   for r in rows])

    seed_orders = f.max_id("orders")
    no_new_order = unchanged("orders", note="no order placed or changed")

    # 9001 price (information)
    for n, p in enumerate(products([
        "Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned", "Echo Dot (3rd Gen) Smart Speaker with Alexa, Charcoal",
        "Olaplex No. 3 Hair Perfector Repairing Treatment, 3.3 fl oz", "Wet Brush Original Detangler Hair Brush, Pink",
        "Moroccanoil Treatment Hair Oil, 3.4 fl oz",
    ]), 1):
        key = f"price{n}"
        add(9001, n, "price", "What is the price of the {product}?", {"product": p.name}, "information", chain(
            open_product(key, p),
            same(s("stop", pick(key, [f"Read the price shown under the product name: ${money(p.price)}.",
                                      f"The price, in large type below the title, is ${money(p.price)}."]),
                   value=f"${money(p.price)}")),
        ), string_eval(must_include=[money(p.price)]),
            design=near(p, lambda r: f"${money(r['price'])}", f"${money(p.price)}"))

    # 9002 SKU (information)
    for n, p in enumerate(products([
        "Echo Dot (3rd Gen) Smart Speaker with Alexa, Charcoal", "Cetaphil Gentle Skin Cleanser, Hydrating Face Wash for Sensitive Skin, 16 fl oz",
        "Remington S5500 1 Inch Anti-Static Flat Iron with Floating Ceramic Plates", "Real Techniques Everyday Essentials Makeup Brush Set, 5 Piece",
        "Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned",
    ]), 1):
        key = f"sku{n}"
        add(9002, n, "sku", "What is the SKU of the {product}?", {"product": p.name}, "information", chain(
            open_product(key, p),
            same(s("stop", f"Read the SKU on the right, under the stock status: {p.sku}.", value=p.sku)),
        ), string_eval(exact_match=p.sku), design=near(p, lambda r: r["sku"], p.sku))

    # 9003 review count (information)
    reviewed = [r["name"] for r in f.db.execute(
        "SELECT name FROM products WHERE review_count > 1 AND qty > 0 ORDER BY id LIMIT 40").fetchall()]
    chosen: list[Product] = []
    for name in reviewed:
        try:
            chosen.append(f.product(name))
        except LookupError:
            continue
        if len(chosen) == 5:
            break
    for n, p in enumerate(chosen, 1):
        key = f"reviews{n}"
        add(9003, n, "reviews", "How many reviews does the {product} have?", {"product": p.name}, "information", chain(
            open_product(key, p),
            same(s("stop", f"Read the review count next to the stars: {p.review_count} reviews.",
                   value=str(p.review_count))),
        ), string_eval(must_include=[str(p.review_count)]),
            design=near(p, lambda r: str(r["review_count"]), str(p.review_count)))

    # 9004 order grand total by date (information)
    orders = f.orders()[:10]  # the first page of the order history
    for n, o in enumerate(orders[1:10:2], 1):
        key = f"total{n}"
        beside = [orders[i] for i in (2 * n - 2, 2 * n) if i < len(orders)]  # above and below it in the history
        date = long_date(o["created_at"])
        add(9004, n, "order-total", "What was the grand total of my order placed on {date}?", {"date": date}, "information",
            chain(my_orders(key), same(
                s("click", f"Find the order dated {short_date(o['created_at'])} and click its “View Order” link.",
                  role("link", f"View Order {o['increment_id']}")),
                s("stop", f"Read the Grand Total at the bottom of the order summary: ${money(o['grand_total'])}.",
                  value=f"${money(o['grand_total'])}"),
            )), string_eval(must_include=[money(o["grand_total"])]),
            design=Design(negatives=standard_negatives(f"${money(o['grand_total'])}", near={
                f"order {b['increment_id']}": f"${money(b['grand_total'])}" for b in beside
                if money(b["grand_total"]) != money(o["grand_total"])})))

    # 9005 open an order (navigation)
    for n, o in enumerate(orders[0:10:2], 1):
        key = f"order{n}"
        inc = o["increment_id"]
        add(9005, n, "open-order", "Open the details page of my order number {order}.", {"order": inc}, "navigation",
            chain(my_orders(key), same(
                s("click", pick(key, [f"In the row of order {inc}, click “View Order”.",
                                      f"Click “View Order” next to order number {inc}."]),
                  role("link", f"View Order {inc}")),
                s("stop", f"The details of order {inc} are now shown."),
            )), url_eval(f"__SHOPPING__/sales/order/view/order_id/{o['id']}/"), design=Design(negatives=[
                url_negative(f"__SHOPPING__/sales/order/view/order_id/{orders[2 * n - 1]['id']}/",
                             f"near entity (order {orders[2 * n - 1]['increment_id']}, the next row)"),
                url_negative("__SHOPPING__/sales/order/history/", "the order list, not the order"),
            ]))

    # 9006 category sorted by price (navigation)
    cats = [("Video Games", "video-games"), ("Pet Supplies", "pet-supplies"), ("Office Products", "office-products"),
            ("Toys & Games", "toys-games"), ("Electronics", "electronics"), ("Home & Kitchen", "home-kitchen")]
    for n, ((cname, slug), desc) in enumerate(zip(cats, [True, False, True, False, True, False], strict=True), 1):
        key = f"cat{n}"
        order = "most expensive first" if desc else "cheapest first"
        gold = chain(
            same(s("click", pick(key, [f"Click “{cname}” in the category bar.",
                                       f"Open the “{cname}” category from the menu under the search box."]),
                   role("link", cname))),
            select("Sort By", "Price", 2, "Choose “Price” in the “Sort By” dropdown above the products."),
        )
        if desc:
            gold = chain(gold, select("Direction", "Descending", 1, "Choose “Descending” in the “Direction” dropdown."))
        gold = chain(gold, same(
            s("click", "Click “Apply” to sort the products.", role("button", "Apply")),
            s("stop", f"The {cname} products are now sorted by price, {order}."),
        ))
        add(9006, n, "category-sort", "Show me the {category} products sorted by price, {order}.",
            {"category": cname, "order": order}, "navigation", gold,
            url_eval(f"__SHOPPING__/{slug}.html?product_list_order=price&product_list_dir={'desc' if desc else 'asc'}"),
            design=Design(features=["sorted_view"], negatives=[
                url_negative(f"__SHOPPING__/{slug}.html?product_list_order=price&product_list_dir="
                             f"{'asc' if desc else 'desc'}", "sorted the other way"),
                url_negative(f"__SHOPPING__/{slug}.html?product_list_order=name&product_list_dir="
                             f"{'desc' if desc else 'asc'}", "sorted by another column"),
            ]))

    # 9007 search sorted by price (navigation)
    for n, q in enumerate(["usb wifi", "yoga mat", "coffee", "phone case", "dog food"], 1):
        key = f"srch{n}"
        add(9007, n, "search-sort", "Search the store for {query} and sort the results by price.", {"query": q},
            "navigation", chain(search_part(key, q),
                                select_last("Sort By", "Price", "Choose “Price” in the “Sort By” dropdown above the results."),
                                same(s("click", "Click “Apply” to sort the results.", role("button", "Apply")),
                                     s("stop", f"The results for “{q}” are now sorted by price."))),
            url_eval(f"__SHOPPING__/catalogsearch/result/?q={q.replace(' ', '+')}&product_list_order=price"),
            design=Design(features=["sorted_view"], negatives=[
                url_negative(f"__SHOPPING__/catalogsearch/result/?q={q.replace(' ', '+')}", "the results unsorted"),
                url_negative(f"__SHOPPING__/catalogsearch/result/?q={q.replace(' ', '+')}&product_list_order=name",
                             "sorted by another column"),
            ]))

    # 9008 add to cart (state)
    for n, (p, qty) in enumerate(zip(products([
        "Echo Dot (3rd Gen) Smart Speaker with Alexa, Charcoal", "Wet Brush Original Detangler Hair Brush, Pink",
        "Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned", "Moroccanoil Treatment Hair Oil, 3.4 fl oz",
        "Olaplex No. 3 Hair Perfector Repairing Treatment, 3.3 fl oz",
    ]), [2, 3, 1, 2, 4], strict=True), 1):
        key = f"cart{n}"
        gold = chain(open_product(key, p), quantity(qty) if qty != 1 else same(), same(
            s("click", "Click the blue “Add to Cart” button.", role("button", "Add to Cart")),
            s("stop", f"{qty} × {p.name} {'is' if qty == 1 else 'are'} now in your cart."),
        ))
        add(9008, n, "add-to-cart", "Add {qty} of the {product} to my cart.", {"qty": qty, "product": p.name},
            "state_change", gold, state_eval(SITE, {
                "sql": "SELECT p.name, c.qty FROM cart_items c JOIN products p ON p.id = c.product_id "
                       "WHERE c.customer_id = 1 ORDER BY p.name",
                "expected": [[p.name, qty]], "note": "the cart holds exactly that",
            }, guards=(unchanged("cart_items", "customer_id = 1", note="no other customer's cart changed"),
                       no_new_order)))

    # 9009 wish list (state)
    for n, p in enumerate(products([
        "Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned", "Echo Dot (3rd Gen) Smart Speaker with Alexa, Charcoal",
        "Moroccanoil Treatment Hair Oil, 3.4 fl oz", "Wet Brush Original Detangler Hair Brush, Pink",
        "Olaplex No. 3 Hair Perfector Repairing Treatment, 3.3 fl oz",
    ]), 1):
        key = f"wish{n}"
        add(9009, n, "wishlist", "Add the {product} to my wish list.", {"product": p.name}, "state_change", chain(
            open_product(key, p), same(
                s("click", pick(key, ["Click “Add to Wish List” under the “Add to Cart” button.",
                                      "Use the “Add to Wish List” button below “Add to Cart”."]),
                  role("button", "Add to Wish List")),
                s("stop", "The product is now in your wish list."),
            )), state_eval(SITE, {
                "sql": "SELECT p.name FROM wishlist_items w JOIN products p ON p.id = w.product_id WHERE w.customer_id = 1",
                "expected_contains": [[p.name]],
            }, {"sql": "SELECT COUNT(*) FROM wishlist_items WHERE customer_id = 1", "expected": [[3]],
                "note": "nothing else was added or removed"},
                guards=(unchanged("wishlist_items", "customer_id = 1", note="no other customer's wish list changed"),
                        unchanged("cart_items", note="the cart is as it was"), no_new_order)))

    # 9010 write a review (state)
    reviews = [("Clean and fresh", "Works well in cold water.", 4), ("Does the job", "Sturdy and easy to use.", 5),
               ("Not bad", "Smaller than I expected.", 3), ("Love it", "Bought a second one for my sister.", 5),
               ("Disappointed", "Stopped working after a week.", 1)]
    for n, (p, (summary, text, stars)) in enumerate(zip(products([
        "Tide PODS Spring Meadow Scent HE Turbo Laundry Detergent Pacs, 81 Count",
        "Cetaphil Gentle Skin Cleanser, Hydrating Face Wash for Sensitive Skin, 16 fl oz",
        "Wet Brush Original Detangler Hair Brush, Pink",
        "Echo Dot (3rd Gen) Smart Speaker with Alexa, Charcoal", "Moroccanoil Treatment Hair Oil, 3.4 fl oz",
    ]), reviews, strict=True), 1):  # products Emma has not reviewed yet
        key = f"review{n}"
        star_label = f"{stars} star" + ("s" if stars != 1 else "")
        add(9010, n, "review", "Write a {stars}-star review of the {product} with the summary '{summary}' and the "
            "review '{review}'.", {"stars": stars, "product": p.name, "summary": summary, "review": text},
            "state_change", chain(
                open_product(key, p),
                same(s("click", "Click “Add Your Review” next to the star rating.", role("link", "Add Your Review")),
                     s("click", f"In the review form, under “Your Rating”, select “{star_label}”.",
                       role("radio", star_label))),
                field("Summary", summary, f"Type “{summary}” into the “Summary” field.", clear=False),
                field("Review", text, f"Type “{text}” into the “Review” box.", clear=False, kind="textbox"),
                same(s("click", "Click “Submit Review” below the form.", role("button", "Submit Review")),
                     s("stop", "Your review has been submitted.")),
            ), state_eval(SITE, {
                "sql": "SELECT r.nickname, r.summary, r.text, r.rating FROM reviews r JOIN products p "
                       "ON p.id = r.product_id WHERE r.customer_id = 1 AND p.name = ?",
                "params": [p.name], "expected": [["Emma", summary, text, stars]],
            }, guards=(unchanged("reviews", "customer_id = 1 AND product_id = ?", p.id,
                                 note="no other review added or changed"), no_new_order)))

    # 9011 buy, default address (state)
    for n, (p, ship) in enumerate(zip(products([
        "DenTek Ultimate Dental Guard for Nighttime Teeth Grinding, Mouth Guard for Jaw Bruxism",
        "Wet Brush Original Detangler Hair Brush, Pink", "Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned",
        "Echo Dot (3rd Gen) Smart Speaker with Alexa, Charcoal", "Moroccanoil Treatment Hair Oil, 3.4 fl oz",
    ]), ["Best Way", "Flat Rate", "Best Way", "Flat Rate", "Best Way"], strict=True), 1):
        key = f"buy{n}"
        label, method = SHIPPING[ship]
        add(9011, n, "buy", "Buy the {product} and ship it to my default address with {shipping} shipping.",
            {"product": p.name, "shipping": ship}, "state_change", chain(
                open_product(key, p), to_checkout(key), same(
                    s("scroll", "Scroll down to the shipping methods.", value="down"),
                    s("click", f"Choose “{label}” under Shipping Methods.", role("radio", label)),
                    s("click", "Click “Place Order”.", role("button", "Place Order")),
                    s("stop", "The order is placed; the confirmation page shows its number."),
                )), state_eval(SITE, {
                    "sql": "SELECT o.shipping_method, o.shipping_street, o.shipping_city, o.shipping_region, "
                           f"o.shipping_postcode, i.name, i.qty FROM orders o JOIN order_items i ON i.order_id = o.id "
                           f"WHERE o.id = {LATEST_NEW_ORDER}",
                    "expected": [[method, "101 S San Mateo Dr", "San Mateo", "California", "94010", p.name, 1]],
                }, {"sql": f"SELECT COUNT(*) FROM orders WHERE {NEW_ORDERS}", "expected": [[1]],
                    "note": "exactly one new order"},
                    guards=(unchanged("orders", "id > ?", seed_orders, note="no earlier order changed"),
                            unchanged("products", "id = ?", p.id, note="only the bought product's stock changed"))))

    # 9012 buy several, to a new address (state, long)
    addresses = [("500 Oak Street", "Austin", "Texas", "78701", "5125550199"),
                 ("12 Harbor Way", "Seattle", "Washington", "98101", "2065550142"),
                 ("88 Pine Avenue", "Miami", "Florida", "33130", "3055550123"),
                 ("3 Elm Court", "Denver", "Colorado", "80202", "3035550177"),
                 ("410 Maple Drive", "Reno", "Nevada", "89501", "7755550110")]
    for n, (p, qty, (street, city, state, zip_, phone)) in enumerate(zip(products([
        "Tide PODS Spring Meadow Scent HE Turbo Laundry Detergent Pacs, 81 Count",
        "Wet Brush Original Detangler Hair Brush, Pink", "Echo Dot (3rd Gen) Smart Speaker with Alexa, Charcoal",
        "Olaplex No. 3 Hair Perfector Repairing Treatment, 3.3 fl oz", "Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned",
    ]), [3, 2, 2, 3, 2], addresses, strict=True), 1):
        key = f"ship{n}"
        ship = "Flat Rate" if n % 2 else "Best Way"
        label, method = SHIPPING[ship]
        add(9012, n, "buy-to-address", "Order {qty} of the {product} with {shipping} shipping to {street}, {city}, "
            "{state} {zip}, phone {phone}, under my name.", {"qty": qty, "product": p.name, "shipping": ship,
            "street": street, "city": city, "state": state, "zip": zip_, "phone": phone}, "state_change", chain(
                open_product(key, p), quantity(qty), to_checkout(key),
                field("Street Address", street, f"Replace the street address with “{street}”."),
                field("City", city, f"Replace the city with “{city}”."),
                state_select(state),
                same(s("scroll", "Scroll down to the rest of the address and the shipping methods.", value="down")),
                field("Zip/Postal Code", zip_, f"Replace the ZIP code with “{zip_}”."),
                field("Phone Number", phone, f"Replace the phone number with “{phone}”."),
                same(s("click", f"Choose “{label}” under Shipping Methods.", role("radio", label)),
                     s("click", "Click “Place Order”.", role("button", "Place Order")),
                     s("stop", "The order is placed; the confirmation page shows its number.")),
            ), state_eval(SITE, {
                "sql": "SELECT o.shipping_firstname, o.shipping_lastname, o.shipping_street, o.shipping_city, "
                       "o.shipping_region, o.shipping_postcode, o.shipping_telephone, o.shipping_method, i.name, i.qty "
                       f"FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.id = {LATEST_NEW_ORDER}",
                "expected": [["Emma", "Lopez", street, city, state, zip_, phone, method, p.name, qty]],
            }, {"sql": f"SELECT COUNT(*) FROM orders WHERE {NEW_ORDERS}", "expected": [[1]],
                "note": "exactly one new order"},
                guards=(unchanged("orders", "id > ?", seed_orders, note="no earlier order changed"),
                        unchanged("products", "id = ?", p.id, note="only the bought product's stock changed"))))

    # 9013 newsletter (state)
    add(9013, 1, "newsletter", "Subscribe me to the store's newsletter.", {}, "state_change", same(
        s("click", "Click “My Account” at the top right of the page.", role("link", "My Account")),
        s("click", "In the menu on the left, click “Newsletter Subscriptions”.", role("link", "Newsletter Subscriptions")),
        s("click", "Tick the “General Subscription” checkbox.", role("checkbox", "General Subscription")),
        s("click", "Click “Save”.", role("button", "Save")),
        s("stop", "You are now subscribed to the newsletter."),
    ), state_eval(SITE, {"sql": "SELECT newsletter_subscribed FROM customers WHERE id = 1", "expected": [[1]]},
                  guards=(unchanged("customers", "id = 1", note="no other customer changed"), no_new_order)))
    return tasks


def main() -> None:
    write_task_file("shopping", build)


if __name__ == "__main__":
    main()
