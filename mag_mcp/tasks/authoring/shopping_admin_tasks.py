"""Source of `tasks/data/shopping_admin.json`: tasks for the shop's Magento-style
admin (orders, products, customers, reviews, reports), each with gold
trajectories in both groundings. Run
`python -m mag_mcp.tasks.authoring.shopping_admin_tasks` to regenerate the JSON;
`mag tasks verify --site shopping_admin` replays every trajectory.

The admin serves the shop's database, so facts are read from a fresh shop seed
through the admin's own pages (signed in with the admin's cookie): record
counts of a filtered grid, which rows a keyword search shows first, report
totals, an order's items. A fact a task relies on is checked when the suite is
built, so the tasks can't drift from the site. Guides name what a person sees
on the page, never mark ids or pixels, and their phrasing varies between
instances of a template.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

from mag_mcp.sites.shopping_admin.views_customers import TABS as CUSTOMER_TABS
from mag_mcp.tasks.authoring.common import (
    Design,
    Part,
    TaskBook,
    chain,
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
from mag_mcp.tasks.authoring.shopping_admin_parts import (
    AUTH,
    COMMENT_STATUS_OPTIONS,
    FIRST_ROWS,
    HOME,
    ORDER_STATUS_OPTIONS,
    SITE,
    STATUS_CODE,
    apply_filters,
    checked,
    click,
    count_design,
    date_range,
    deletable_reviews,
    dropdown,
    entry,
    facts,
    find_and_open,
    mdy,
    nth,
    open_customer,
    open_menu,
    open_order,
    open_product,
    report_form,
    report_rows,
    review_query,
    show_filters,
    us_states,
)
from mag_mcp.tasks.authoring.shopping_admin_sales import add_sales_templates

# Templates whose tasks train; the rest are test (about 70/30 by template).
TRAIN_TEMPLATES = {9401, 9402, 9404, 9406, 9407, 9408, 9410, 9412, 9413, 9415}


# ------------------------------------------------------------ templates

def build() -> list[dict[str, Any]]:
    f = facts()
    book = TaskBook(SITE, "admin", TRAIN_TEMPLATES, HOME, AUTH)
    tasks, add = book.tasks, book.add

    def stop(guide: str, answer: str | None = None) -> Part:
        return same(s("stop", guide, value=answer))

    # 9401 how many orders of a status in a date range (information)
    for n, (status, start, end) in enumerate([
        ("Pending", date(2023, 5, 1), date(2023, 5, 31)), ("On Hold", date(2023, 1, 1), date(2023, 6, 12)),
        ("Canceled", date(2023, 3, 1), date(2023, 3, 31)), ("Processing", date(2023, 6, 1), date(2023, 6, 12)),
        ("Complete", date(2022, 12, 1), date(2022, 12, 15)),
    ], 1):
        key = f"count{n}"
        code = STATUS_CODE[status]
        count = f.records("/admin/sales/order/", created_at_from=mdy(start), created_at_to=mdy(end), status=code)
        by_sql = f.one("SELECT COUNT(*) FROM orders WHERE status = ? AND substr(created_at, 1, 10) BETWEEN ? AND ?",
                       code, start.isoformat(), end.isoformat())[0]
        if count != by_sql or count == 0:
            raise ValueError(f"{key}: grid shows {count} orders, the database {by_sql}")
        statuses = ORDER_STATUS_OPTIONS[1:]
        at = statuses.index(status)
        near = {f"the {x} orders of that range": f.records("/admin/sales/order/", created_at_from=mdy(start),
                                                           created_at_to=mdy(end), status=STATUS_CODE[x])
                for x in statuses[max(at - 1, 0):at + 2] if x != status}  # beside it in the Status dropdown
        near["all the orders of that range, with no Status filter"] = f.records(
            "/admin/sales/order/", created_at_from=mdy(start), created_at_to=mdy(end))
        add(9401, n, "order-count", "How many orders with status {status} were placed from {start} to {end}?",
            {"status": status, "start": mdy(start), "end": mdy(end)}, "information", chain(
                open_menu(key, "Sales", "Orders"), show_filters(key),
                date_range(key, "Purchase Date", mdy(start), mdy(end)),
                dropdown("Status", "Status", ORDER_STATUS_OPTIONS, "All", status, pick(key + "st", [
                    f"Choose “{status}” in the “Status” dropdown of the filter panel.",
                    f"Set the “Status” filter to “{status}”.",
                ])),
                apply_filters(key),
                stop(pick(key, [f"The count above the grid reads {count} records found.",
                                f"Read the number of records found above the table: {count}."]), str(count)),
            ), string_eval(must_include=[str(count)]), design=count_design(count, near))

    # 9402 orders grid filtered by date, grand total and status (navigation, long)
    for n, (status, start, end, low, high) in enumerate([
        ("Processing", date(2023, 5, 1), date(2023, 6, 12), 100, 300),
        ("Complete", date(2023, 1, 1), date(2023, 1, 31), 50, 150),
        ("Pending", date(2023, 4, 1), date(2023, 6, 12), 20, 120),
        ("Canceled", date(2022, 7, 1), date(2022, 12, 31), 100, 500),
    ], 1):
        key = f"ofilter{n}"
        code = STATUS_CODE[status]
        params = {"created_at_from": mdy(start), "created_at_to": mdy(end), "grand_total_from": str(low),
                  "grand_total_to": str(high), "status": code}
        if f.records("/admin/sales/order/", **params) == 0:
            raise ValueError(f"{key}: the filters leave no orders")
        query = "&".join(f"{k}={v}" for k, v in params.items())
        statuses = ORDER_STATUS_OPTIONS[1:]
        other = statuses[statuses.index(status) + 1] if status != statuses[-1] else statuses[-2]
        other_query = query.replace(f"status={code}", f"status={STATUS_CODE[other]}")
        no_total = "&".join(f"{k}={v}" for k, v in params.items() if not k.startswith("grand_total"))
        add(9402, n, "order-filter", "Show me the {status} orders placed from {start} to {end} with a grand total "
            "between ${low} and ${high}.", {"status": status, "start": mdy(start), "end": mdy(end), "low": low,
                                             "high": high}, "navigation", chain(
                open_menu(key, "Sales", "Orders"), show_filters(key),
                date_range(key, "Purchase Date", mdy(start), mdy(end)),
                entry("Grand Total from", "Grand Total from", str(low), pick(key + "gtf", [
                    f"Type {low} in the “from” box under Grand Total.",
                    f"Enter {low} as the lowest grand total (“from”).",
                ]), clear=False),
                entry("Grand Total to", "Grand Total to", str(high), pick(key + "gtt", [
                    f"Type {high} in the “to” box under Grand Total.",
                    f"Enter {high} as the highest grand total (“to”).",
                ]), clear=False),
                dropdown("Status", "Status", ORDER_STATUS_OPTIONS, "All", status,
                         f"Choose “{status}” in the “Status” dropdown."),
                apply_filters(key),
                stop(f"The grid now lists only the {status.lower()} orders in that date and price range."),
            ), url_eval(f"{HOME}/sales/order/?{query}"), design=Design(negatives=[
                url_negative(f"{HOME}/sales/order/?{other_query}", f"near entity (the {other} orders, beside it "
                             "in the Status dropdown)"),
                url_negative(f"{HOME}/sales/order/?{no_total}", "the grand total range left out"),
            ]))

    # 9403 cancel an order (state)
    canceled = f.one("SELECT COUNT(*) FROM orders WHERE status = 'canceled'")[0]
    for n, oid in enumerate([597, 592, 585, 288], 1):
        key = f"cancel{n}"
        o = f.order(oid)
        if o["status"] not in ("pending", "processing"):
            raise ValueError(f"{key}: order {o['increment_id']} is {o['status']}; it can't be canceled")
        if "/admin/sales/order/cancel/order_id/" not in f.get(f"/admin/sales/order/view/order_id/{oid}/"):
            raise ValueError(f"{key}: order {o['increment_id']} has no Cancel button")
        inc = o["increment_id"]
        add(9403, n, "cancel", "Cancel order {order}.", {"order": inc}, "state_change", chain(
            open_order(key, inc),
            click(key, "button", "Cancel", ["Click “Cancel” at the top right of the order page.",
                                            "Use the “Cancel” button in the bar above the order details.",
                                            "Click the “Cancel” button next to “Back” at the top."]),
            stop(f"Order {inc} now shows the status Canceled."),
        ), state_eval(SITE, {"sql": "SELECT status FROM orders WHERE id = ?", "params": [oid],
                             "expected": [["canceled"]]},
                      {"sql": "SELECT COUNT(*) FROM orders WHERE status = 'canceled'", "expected": [[canceled + 1]],
                       "note": "no other order was canceled"},
                      guards=(unchanged("orders", "id = ?", oid, note="no other order changed"),
                              unchanged("order_status_history", "order_id = ?", oid))))

    # 9404 comment on an order, change its status, notify the customer (state, long)
    for n, (oid, target, comment) in enumerate([
        (600, "Complete", "Shipped today with UPS, tracking number to follow."),
        (599, "Processing", "Payment received by check; preparing the package."),
        (566, "Processing", "Customer confirmed the new delivery date, releasing the hold."),
        (591, "On Hold", "Waiting for the customer to confirm the shipping address."),
    ], 1):
        key = f"comment{n}"
        o = f.order(oid)
        current = {v: k for k, v in STATUS_CODE.items()}[o["status"]]
        items = f.one("SELECT COUNT(*) FROM order_items WHERE order_id = ?", oid)[0]
        if current not in COMMENT_STATUS_OPTIONS or current == target or items > 3:
            raise ValueError(f"{key}: order {o['increment_id']} ({current}, {items} items) doesn't fit")
        inc = o["increment_id"]
        add(9404, n, "order-comment", "Add the comment \"{comment}\" to order {order}, change its status to "
            "{status} and notify the customer by email.", {"comment": comment, "order": inc, "status": target},
            "state_change", chain(
                open_order(key, inc),
                same(s("scroll", pick(key + "scroll", [
                    "Scroll down to “Notes for this Order” under Order Total.",
                    "Scroll down the order page to the comment form.",
                ]), value="down")),
                dropdown("Status", "Status", COMMENT_STATUS_OPTIONS, current, target,
                         pick(key + "st", [f"Under “Notes for this Order”, set “Status” to “{target}”.",
                                           f"Choose “{target}” in the Status dropdown above the comment box."])),
                entry("Comment", "Comment", comment, pick(key + "text", [
                    f"Type “{comment}” into the “Comment” box.",
                    f"Write the note “{comment}” in the Comment field.",
                ]), clear=False),
                same(
                    s("click", pick(key + "notify", ["Tick “Notify Customer by Email” below the comment.",
                                                     "Check the box “Notify Customer by Email”."]),
                      role("checkbox", "Notify Customer by Email")),
                    s("click", "Click “Submit Comment”.", role("button", "Submit Comment")),
                ),
                stop(f"The comment appears in the Comments History and order {inc} is now {target}."),
            ), state_eval(SITE, {"sql": "SELECT status FROM orders WHERE id = ?", "params": [oid],
                                 "expected": [[STATUS_CODE[target]]]},
                          {"sql": "SELECT status, is_customer_notified FROM order_status_history WHERE order_id = ? "
                                  "AND comment = ?", "params": [oid, comment],
                           "expected": [[STATUS_CODE[target], 1]], "note": "one comment, customer notified"},
                          guards=(unchanged("orders", "id = ?", oid, note="no other order changed"),
                                  unchanged("order_status_history", "order_id = ?", oid))))

    # 9405 sales total of a period from the orders report (information)
    for n, (when, start, end, period) in enumerate([
        ("May 2023", date(2023, 5, 1), date(2023, 5, 31), "Month"),
        ("the year 2022", date(2022, 1, 1), date(2022, 12, 31), "Year"),
        ("September 2022", date(2022, 9, 1), date(2022, 9, 30), "Month"),
        ("February 2023", date(2023, 2, 1), date(2023, 2, 28), "Month"),
    ], 1):
        key = f"sales{n}"
        page = f.get("/admin/reports/report_sales/sales/", **{"from": mdy(start), "to": mdy(end),
                                                                  "period": period.lower()})
        rows = re.findall(r"<tr><td>(?:<a [^>]*>)?([^<]+)(?:</a>)?</td><td class=\"num\">(\d+)</td><td class=\"num\">\d+</td>"
                          r"<td class=\"num\">\$([\d,.]+)</td>", page)
        total = f.one("SELECT ROUND(SUM(grand_total), 2) FROM orders WHERE status != 'canceled' AND "
                      "substr(created_at, 1, 10) BETWEEN ? AND ?", start.isoformat(), end.isoformat())[0]
        if len(rows) != 1 or float(rows[0][2].replace(",", "")) != total:
            raise ValueError(f"{key}: report rows {rows} vs total {total}")
        interval, shown = rows[0][0], rows[0][2]
        cells = report_rows(page)[0]
        before = date(start.year - 1, 1, 1) if period == "Year" else (start - timedelta(days=1)).replace(day=1)
        prev_end = date(before.year, 12, 31) if period == "Year" else start - timedelta(days=1)
        prev = report_rows(f.get("/admin/reports/report_sales/sales/", **{"from": mdy(before), "to": mdy(prev_end),
                                                                           "period": period.lower()}))
        if len(prev) != 1 or len(cells) < 5:
            raise ValueError(f"{key}: report rows {cells} and, the {period.lower()} before, {prev}")
        near = {f"the {period.lower()} before, {prev[0][0]}": prev[0][3], "the Invoiced column beside it": cells[4]}
        add(9405, n, "sales-total", "According to the orders report, what was the sales total for {when}?",
            {"when": when}, "information", chain(
                open_menu(key, "Reports", "Orders"), report_form(key, mdy(start), mdy(end), period),
                stop(pick(key, [f"Read the Sales Total of the {interval} row: ${shown}.",
                                f"The report's Sales Total column shows ${shown} for {interval}."]), f"${shown}"),
            ), string_eval(must_include=[f"{total:.2f}"]), design=Design(negatives=standard_negatives(
                f"${shown}", near={e: v for e, v in near.items() if v != f"${shown}"})))

    # 9406 new price and quantity of a product (state)
    for n, (name, price, qty) in enumerate([
        ("Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned", 21.49, 150),
        ("Moroccanoil Treatment Hair Oil, 3.4 fl oz", 44.0, 75),
        ("Logitech MX Master 3S Wireless Performance Mouse, Graphite", 89.99, 40),
        ("Hydro Flask Wide Mouth Water Bottle with Flex Cap, 40 oz, Pacific", 39.95, 220),
    ], 1):
        key = f"price{n}"
        p = f.product(name)
        if (p.price, p.qty) == (price, qty):
            raise ValueError(f"{key}: nothing would change")
        add(9406, n, "price-qty", "Set the price of the {product} to ${price} and its quantity to {qty}.",
            {"product": p.name, "price": f"{price:.2f}", "qty": qty}, "state_change", chain(
                open_product(key, p),
                entry("Price *", "Price", f"{price:.2f}", pick(key + "p", [
                    f"Replace the amount in “Price” with {price:.2f}.",
                    f"Change the Price field to {price:.2f}.",
                ])),
                entry("Quantity", "Quantity", str(qty), pick(key + "q", [
                    f"Replace the number in “Quantity” with {qty}.",
                    f"Set the Quantity field to {qty}.",
                ])),
                click(key + "save", "button", "Save", ["Click the orange “Save” button at the top right.",
                                                       "Save the product with “Save” in the top bar."]),
                stop("The product is saved with its new price and quantity."),
            ), state_eval(SITE, {"sql": "SELECT price, qty, status FROM products WHERE id = ?", "params": [p.id],
                                 "expected": [[price, qty, 1]]},
                          guards=(unchanged("products", "id = ?", p.id, note="no other product changed"),)))

    # 9407 several fields of a product at once, and disable it (state, long)
    for n, (name, price, qty, desc) in enumerate([
        ("Echo Dot (3rd Gen) Smart Speaker with Alexa, Charcoal", 29.99, 3,
         "Discontinued model. Replaced by the 5th generation Echo Dot."),
        ("Wet Brush Original Detangler Hair Brush, Pink", 8.99, 12, "Limited pink edition, back in the fall."),
        ("Anker PowerCore 10000 Portable Charger, Ultra-Compact Power Bank", 19.99, 5,
         "Recall notice: sales paused pending a battery inspection."),
        ("Mario Kart 8 Deluxe - Nintendo Switch", 49.99, 30, "Region-locked copies, not for sale in this store."),
    ], 1):
        key = f"edit{n}"
        p = f.product(name)
        if f.one("SELECT status FROM products WHERE id = ?", p.id)[0] != 1:
            raise ValueError(f"{key}: {name} is already disabled")
        add(9407, n, "product-edit", "Update the {product}: price ${price}, quantity {qty}, description \"{desc}\", "
            "and disable the product.", {"product": p.name, "price": f"{price:.2f}", "qty": qty, "desc": desc},
            "state_change", chain(
                open_product(key, p),
                click(key + "off", "switch", "Enable Product", [
                    "Click the “Enable Product” switch at the top of the form to turn it off.",
                    "Switch “Enable Product” to No with the toggle at the top.",
                ]),
                entry("Price *", "Price", f"{price:.2f}", f"Replace the price with {price:.2f}."),
                entry("Quantity", "Quantity", str(qty), pick(key + "q", [f"Set “Quantity” to {qty}.",
                                                                         f"Replace the quantity with {qty}."])),
                same(s("scroll", pick(key + "scroll", [
                    "Scroll down past the main fields to the collapsible sections.",
                    "Scroll down the form to the sections below the product details.",
                ]), value="down")),
                click(key + "content", "button", "Content", [
                    "Click the “Content” section title to expand it.",
                    "Open the collapsed “Content” section, which holds the description.",
                ]),
                entry("Description", "Description", desc, pick(key + "d", [
                    f"Replace the whole text of “Description” with “{desc}”.",
                    f"Clear the Description box and write “{desc}”.",
                ])),
                click(key + "save", "button", "Save", ["Click “Save” at the top right.",
                                                       "Save the changes with the orange “Save” button."]),
                stop(pick(key, ["The product is saved, disabled, with the new details.",
                                "Saved: the product is now disabled with its new price, stock and description."])),
            ), state_eval(SITE, {"sql": "SELECT price, qty, status, description FROM products WHERE id = ?",
                                 "params": [p.id], "expected": [[price, qty, 0, desc]]},
                          guards=(unchanged("products", "id = ?", p.id, note="no other product changed"),)))

    # 9408 a customer's address, in full (state, long)
    region_options = ["Please select a region, state or province."] + [nm for _, nm in us_states()]
    for n, (cid, street, city, state, zip_, phone) in enumerate([
        (2, "4410 S Peoria Ave", "Tulsa", "Oklahoma", "74105", "9185550188"),
        (4, "77 Harbor Point Blvd", "Charleston", "South Carolina", "29401", "8435550142"),
        (6, "1200 Barton Hills Dr", "Lakewood", "Colorado", "80226", "7205550119"),
        (9, "35 Cherokee Rd", "Louisville", "Kentucky", "40204", "5025550173"),
    ], 1):
        key = f"addr{n}"
        c = f.customer(cid, "email")
        rows = f.db.execute("SELECT * FROM addresses WHERE customer_id = ?", (cid,)).fetchall()
        if len(rows) != 1 or "\n" in rows[0]["street"] or rows[0]["country_id"] != "US":
            raise ValueError(f"{key}: {c.name} needs exactly one one-line US address")
        old = rows[0]
        add(9408, n, "address", "Change {customer}'s address to {street}, {city}, {state} {zip}, phone {phone}.",
            {"customer": c.name, "street": street, "city": city, "state": state, "zip": zip_, "phone": phone},
            "state_change", chain(
                open_customer(key, c, c.email),
                click(key + "tab", "link", "Addresses", [
                    "Click “Addresses” in the Customer Information tabs on the left.",
                    f"Open the “Addresses” tab of {c.name}'s page.",
                ]),
                entry("Street Address *", "Street Address", street, f"Replace the street address with “{street}”."),
                entry("City *", "City", city, pick(key + "city", [f"Replace the city with “{city}”.",
                                                                  f"Change “City” to {city}."])),
                dropdown("State/Province *", "State/Province", region_options, old["region"], state,
                         pick(key + "state", [f"Choose “{state}” in the “State/Province” dropdown.",
                                              f"Set State/Province to {state}."])),
                same(s("scroll", "Scroll down to the rest of the address form.", value="down")),
                entry("Zip/Postal Code *", "Zip/Postal Code", zip_, f"Replace the ZIP code with “{zip_}”."),
                entry("Phone Number *", "Phone Number", phone, pick(key + "tel", [
                    f"Replace the phone number with “{phone}”.", f"Change “Phone Number” to {phone}."])),
                click(key + "save", "button", "Save Customer", [
                    "Click the orange “Save Customer” button at the top right.",
                    "Save with “Save Customer” in the bar at the top.",
                ]),
                stop(f"{c.name}'s address is saved."),
            ), state_eval(SITE, {
                "sql": "SELECT street, city, region, postcode, country_id, telephone, firstname, lastname "
                       "FROM addresses WHERE customer_id = ?", "params": [cid],
                "expected": [[street, city, state, zip_, "US", phone, old["firstname"], old["lastname"]]],
                "note": "the one address, changed in place",
            }, guards=(unchanged("addresses", "customer_id = ?", cid, note="no other customer's address changed"),
                       unchanged("customers", "id = ?", cid))))

    # 9409 a section of a customer's page (navigation)
    grid = f.row_ids("/admin/customer/index/", "/admin/customer/index/edit/id/")
    tabs = [k for k, _ in CUSTOMER_TABS]
    for n, (cid, section, tab) in enumerate([
        (5, "Orders", "orders"), (11, "Product Reviews", "reviews"), (7, "Newsletter", "newsletter"),
        (12, "Account Information", "account"),
    ], 1):
        key = f"ctab{n}"
        c = f.customer(cid, "name")
        below = f.customer(grid[grid.index(cid) + 1], "name")  # the next row of the customers grid
        above = tabs[tabs.index(tab) - 1]
        add(9409, n, "customer-tab", "Open the {section} section of {customer}'s customer page.",
            {"section": section, "customer": c.name}, "navigation", chain(
                open_customer(key, c, c.name),
                click(key, "link", section, [f"Click “{section}” in the Customer Information tabs on the left.",
                                             f"Open the “{section}” tab in the list on the left of the page."]),
                stop(f"{c.name}'s {section} section is shown."),
            ), url_eval(f"{HOME}/customer/index/edit/id/{cid}/?tab={tab}"), design=Design(negatives=[
                url_negative(f"{HOME}/customer/index/edit/id/{below.id}/?tab={tab}",
                             f"near entity ({below.name}, the next row of the customers grid)"),
                url_negative(f"{HOME}/customer/index/edit/id/{cid}/?tab={above}",
                             f"the tab above it ({dict(CUSTOMER_TABS)[above]})"),
                url_negative(f"{HOME}/customer/index/edit/id/{cid}/", "the customer page, not the section"),
            ]))

    # 9410 delete one review (state)
    total_reviews = f.one("SELECT COUNT(*) FROM reviews")[0]
    for n, rid in enumerate(deletable_reviews(f, 4), 1):
        key = f"delrev{n}"
        r = f.one("SELECT r.*, p.name AS product FROM reviews r JOIN products p ON p.id = r.product_id "
                  "WHERE r.id = ?", rid)
        query = review_query(f, r)
        add(9410, n, "delete-review", "Delete the review \"{title}\" that {nickname} wrote about the {product}.",
            {"title": r["summary"], "nickname": r["nickname"], "product": r["product"]}, "state_change", chain(
                find_and_open(key, "Marketing", "All Reviews", query, f"Edit review {rid}", [
                    f"Click “Edit” in the row of the review “{r['summary']}” by {r['nickname']}.",
                    f"Open {r['nickname']}'s review “{r['summary']}” with the “Edit” link on the right.",
                ]),
                click(key + "del", "button", "Delete Review", [
                    "Click “Delete Review” at the top of the page.",
                    "Use the “Delete Review” button next to “Save Review”.",
                ]),
                stop("The review has been deleted."),
            ), state_eval(SITE, {"sql": "SELECT COUNT(*) FROM reviews WHERE id = ?", "params": [rid],
                                 "expected": [[0]]},
                          {"sql": "SELECT COUNT(*) FROM reviews", "expected": [[total_reviews - 1]],
                           "note": "only that review was deleted"},
                          guards=(unchanged("reviews", "id = ?", rid, note="no other review changed"),)))

    # 9411 moderate every pending review with one title (state, long)
    pending = f.one("SELECT COUNT(*) FROM reviews WHERE status = 'pending'")[0]
    for n, (title, verdict) in enumerate([
        ("Love it!", "approved"), ("Poor quality", "not_approved"), ("Worth every penny", "approved"),
        ("Meh", "not_approved"),
    ], 1):
        key = f"moderate{n}"
        ids = [r[0] for r in f.db.execute("SELECT id FROM reviews WHERE status = 'pending' AND summary = ? "
                                          "ORDER BY created_at DESC, id DESC", (title,))]
        shown = f.labels("/admin/review/product/pending/", "Select review ", title=title)
        if shown != [f"Select review {i}" for i in ids] or not 2 <= len(ids) <= FIRST_ROWS:
            raise ValueError(f"{key}: filtering by {title!r} shows {shown}, pending {ids}")
        label = "Approved" if verdict == "approved" else "Not Approved"
        action = f"Update Status: {label}"
        nick = {i: f.one("SELECT nickname FROM reviews WHERE id = ?", i)[0] for i in ids}
        ticks = [s("click", pick(key + f"tick{i}", [
            f"Tick the checkbox at the start of the {nth(i)} row, {nick[rid]}'s review.",
            f"Select {nick[rid]}'s review, the {nth(i)} row, with its checkbox on the left.",
        ]), role("checkbox", f"Select review {rid}")) for i, rid in enumerate(ids)]
        act = (select("Actions", action, 2, f"Choose “{action}” in the “Actions” dropdown.")
               if verdict == "approved" else
               select_last("Actions", action, f"Choose “{action}” in the “Actions” dropdown."))
        add(9411, n, "moderate", "Set every pending review titled \"{title}\" to {status}.",
            {"title": title, "status": label}, "state_change", chain(
                open_menu(key, "Marketing", "Pending Reviews"), show_filters(key),
                entry("Title", "Title", title, pick(key + "title", [
                    f"Type “{title}” in the “Title” filter field.", f"Enter {title} as the Title filter.",
                ]),
                      clear=False),
                apply_filters(key), same(*ticks), act,
                click(key + "submit", "button", "Submit", [
                    "Click “Submit” next to the Actions dropdown.",
                    "Apply the action to the ticked reviews with “Submit”.",
                ]),
                stop(f"The {len(ids)} reviews titled “{title}” are now {label}."),
            ), state_eval(SITE, {"sql": f"SELECT id, status FROM reviews WHERE id IN ({','.join('?' * len(ids))}) "
                                        "ORDER BY id", "params": sorted(ids),
                                 "expected": [[i, verdict] for i in sorted(ids)]},
                          {"sql": "SELECT COUNT(*) FROM reviews WHERE status = 'pending'",
                           "expected": [[pending - len(ids)]], "note": "no other review changed status"},
                          guards=(unchanged("reviews", f"id IN ({','.join('?' * len(ids))})", *sorted(ids),
                                            note="no other review changed"),)))

    # 9412 a period report (navigation)
    for n, (report, item, path, start, end, period) in enumerate([
        ("bestsellers", "Bestsellers", "bestsellers", date(2023, 1, 1), date(2023, 3, 31), "Month"),
        ("orders", "Orders", "sales", date(2022, 1, 1), date(2023, 6, 12), "Year"),
        ("bestsellers", "Bestsellers", "bestsellers", date(2022, 1, 1), date(2022, 12, 31), "Year"),
        ("orders", "Orders", "sales", date(2022, 10, 1), date(2022, 12, 31), "Month"),
    ], 1):
        key = f"report{n}"
        page = f.get(f"/admin/reports/report_sales/{path}/", **{"from": mdy(start), "to": mdy(end),
                                                                     "period": period.lower()})
        if "We can't find records" in page or "message-error" in page:
            raise ValueError(f"{key}: the {report} report is empty")
        other = "sales" if path == "bestsellers" else "bestsellers"
        query = f"from={mdy(start)}&to={mdy(end)}"
        add(9412, n, "report", "Show the {report} report from {start} to {end}, by {period}.",
            {"report": report, "start": mdy(start), "end": mdy(end), "period": period.lower()}, "navigation", chain(
                open_menu(key, "Reports", item), report_form(key, mdy(start), mdy(end), period),
                stop(f"The {report} report for {mdy(start)} to {mdy(end)} is shown, one row per {period.lower()}."),
            ), url_eval(f"{HOME}/reports/report_sales/{path}/?{query}&period={period.lower()}"),
            design=Design(negatives=[
                url_negative(f"{HOME}/reports/report_sales/{path}/?{query}&period=day", "the period left on Day"),
                url_negative(f"{HOME}/reports/report_sales/{other}/?{query}&period={period.lower()}",
                             "the other report of the Reports menu"),
            ]))
    add_sales_templates(f, book)  # 9413-9415: invoices, shipping, cart price rules
    return checked(tasks)


def main() -> None:
    write_task_file("shopping_admin", build)


if __name__ == "__main__":
    main()
