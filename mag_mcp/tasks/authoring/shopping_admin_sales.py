"""Admin task templates over the sales documents and promotions (Sales > Invoices, shipping an
order, Marketing > Cart Price Rules), called from `shopping_admin_tasks.build`. Facts are read
from the real pages and the seed, as there."""

from __future__ import annotations

from datetime import date
from typing import Any

from mag_mcp.tasks.authoring.common import (
    TaskBook,
    chain,
    pick,
    s,
    same,
    select,
    state_eval,
    string_eval,
    unchanged,
)
from mag_mcp.tasks.authoring.shopping_admin_parts import (
    SITE,
    AdminFacts,
    apply_filters,
    click,
    count_design,
    date_range,
    dropdown,
    entry,
    mdy,
    open_menu,
    open_order,
    show_filters,
)

CARRIERS = ["United Parcel Service", "United States Postal Service", "Federal Express", "Port Alder Courier"]
CARRIER_CODE = {"United Parcel Service": "ups", "United States Postal Service": "usps", "Federal Express": "fedex",
                "Port Alder Courier": "custom"}


def add_sales_templates(f: AdminFacts, book: TaskBook) -> None:
    add = book.add

    # 9413 how many invoices in a date range (information)
    for n, (start, end) in enumerate([(date(2023, 5, 1), date(2023, 5, 31)), (date(2022, 12, 1), date(2022, 12, 24)),
                                      (date(2023, 6, 1), date(2023, 6, 12)), (date(2022, 7, 4), date(2022, 7, 17))], 1):
        key = f"invoices{n}"
        count = f.records("/admin/sales/invoice/", created_at_from=mdy(start), created_at_to=mdy(end))
        by_sql = f.one("SELECT COUNT(*) FROM invoices WHERE substr(created_at, 1, 10) BETWEEN ? AND ?",
                       start.isoformat(), end.isoformat())[0]
        if count != by_sql or count == 0:
            raise ValueError(f"{key}: the grid shows {count} invoices, the database {by_sql}")
        near = {"the invoices filtered by Order Date instead": f.records(
                    "/admin/sales/invoice/", order_date_from=mdy(start), order_date_to=mdy(end)),
                "the orders placed in that range": f.records(
                    "/admin/sales/order/", created_at_from=mdy(start), created_at_to=mdy(end))}
        add(9413, n, "invoice-count", "How many invoices were created from {start} to {end}?",
            {"start": mdy(start), "end": mdy(end)}, "information", chain(
                open_menu(key, "Sales", "Invoices"), show_filters(key),
                date_range(key, "Invoice Date", mdy(start), mdy(end)), apply_filters(key),
                same(s("stop", pick(key, [f"The count above the grid reads {count} records found.",
                                          f"Read the number of invoices found: {count}."]), value=str(count))),
            ), string_eval(must_include=[str(count)]), design=count_design(count, near))

    # 9414 ship an invoiced order with a tracking number (state)
    orders = [r["id"] for r in f.db.execute(
        "SELECT o.id FROM orders o WHERE o.status = 'processing' AND EXISTS (SELECT 1 FROM invoices i WHERE"
        " i.order_id = o.id) AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id) AND"
        " (SELECT COUNT(*) FROM order_items WHERE order_id = o.id) <= 2 ORDER BY o.id DESC LIMIT 4")]
    shipments = f.one("SELECT COUNT(*) FROM shipments")[0]
    for n, (oid, carrier, number) in enumerate(zip(orders, ["Federal Express", "United Parcel Service",
                                                            "United States Postal Service", "Federal Express"],
                                                   ["771234567890", "1Z4F29A80391827465", "9400111899223344556677",
                                                    "771298340011"], strict=True), 1):
        key = f"ship{n}"
        o = f.order(oid)
        inc = o["increment_id"]
        if "/admin/admin/order_shipment/new/order_id/" not in f.get(f"/admin/sales/order/view/order_id/{oid}/"):
            raise ValueError(f"{key}: order {inc} has no Ship button")
        add(9414, n, "ship", "Ship order {order} with {carrier} tracking number {number}.",
            {"order": inc, "carrier": carrier, "number": number}, "state_change", chain(
                open_order(key, inc),
                click(key + "ship", "link", "Ship", ["Click “Ship” in the bar at the top of the order page.",
                                                     "Use the “Ship” button above the order details."]),
                dropdown("Carrier", "Carrier", CARRIERS, CARRIERS[0], carrier, pick(key + "carrier", [
                    f"Choose “{carrier}” in the “Carrier” dropdown.", f"Set the carrier to {carrier}.",
                ])),
                entry("Tracking Number", "Tracking Number", number, pick(key + "track", [
                    f"Type {number} into “Tracking Number”.", f"Enter the tracking number {number}.",
                ]), clear=False),
                same(s("scroll", "Scroll down to the end of the new shipment form.", value="down")),
                click(key + "submit", "button", "Submit Shipment", [
                    "Click the orange “Submit Shipment” button.", "Submit the shipment with “Submit Shipment”.",
                ]),
                same(s("stop", f"The shipment is created and order {inc} is complete.")),
            ), state_eval(SITE, {"sql": "SELECT o.status, t.carrier, t.track_number FROM orders o JOIN shipments s"
                                        " ON s.order_id = o.id JOIN shipment_tracks t ON t.shipment_id = s.id"
                                        " WHERE o.id = ?", "params": [oid],
                                 "expected": [["complete", CARRIER_CODE[carrier], number]]},
                          {"sql": "SELECT COUNT(*) FROM shipments", "expected": [[shipments + 1]],
                           "note": "one shipment created"},
                          guards=(unchanged("orders", "id = ?", oid, note="no other order changed"),)))

    # 9415 a cart price rule with a specific coupon code (state, long)
    rules = f.one("SELECT COUNT(*) FROM salesrules")[0]
    for n, (name, code, pct) in enumerate([("Ferry Day Savings", "FERRY15", 15), ("Observatory Night", "STARS10", 10),
                                           ("Old Mill Weekend", "OLDMILL20", 20), ("Reading Garden", "BOOKS12", 12)], 1):
        key = f"rule{n}"
        if f.one("SELECT COUNT(*) FROM salesrule_coupons WHERE code = ?", code)[0]:
            raise ValueError(f"{key}: the coupon {code} exists already")
        add(9415, n, "cart-rule", "Create an active cart price rule \"{name}\" for all customer groups with the coupon"
            " code {code} giving {pct}% off the product prices.", {"name": name, "code": code, "pct": pct},
            "state_change", chain(
                open_menu(key, "Marketing", "Cart Price Rules"),
                click(key + "new", "link", "Add New Rule", ["Click “Add New Rule” at the top right.",
                                                            "Start a new rule with the “Add New Rule” button."]),
                entry("Rule Name *", "Rule Name", name, pick(key + "name", [
                    f"Type “{name}” into “Rule Name”.", f"Name the rule “{name}”.",
                ]), clear=False),
                select("Coupon", "Specific Coupon", 1, pick(key + "coupon", [
                    "Choose “Specific Coupon” in the “Coupon” dropdown.", "Set “Coupon” to Specific Coupon.",
                ])),
                entry("Coupon Code", "Coupon Code", code, pick(key + "code", [
                    f"Type {code} into “Coupon Code”.", f"Enter the coupon code {code}.",
                ]), clear=False),
                same(s("scroll", "Scroll down to the collapsed sections below the rule information.", value="down")),
                click(key + "actions", "button", "Actions", ["Click the “Actions” section title to open it.",
                                                             "Expand the “Actions” section."]),
                entry("Discount Amount *", "Discount Amount", str(pct), pick(key + "pct", [
                    f"Replace the “Discount Amount” with {pct}.", f"Set “Discount Amount” to {pct}.",
                ])),
                click(key + "save", "button", "Save", ["Click the orange “Save” button at the top right.",
                                                       "Save the rule with “Save”."]),
                same(s("stop", f"The rule “{name}” is saved with the coupon {code}.")),
            ), _rule_eval(name, code, pct, rules))


def _rule_eval(name: str, code: str, pct: int, rules: int) -> dict[str, Any]:
    return state_eval(SITE, {
        "sql": "SELECT is_active, coupon_type, coupon_code, simple_action, discount_amount, customer_group_ids"
               " FROM salesrules WHERE name = ?", "params": [name],
        "expected": [[1, "specific", code, "by_percent", float(pct), "0,1,2,3,4,5"]], "note": "one rule, as asked"},
        {"sql": "SELECT COUNT(*) FROM salesrule_coupons c JOIN salesrules r ON r.id = c.rule_id WHERE c.code = ?"
                " AND r.name = ?", "params": [code, name], "expected": [[1]], "note": "the coupon is the rule's"},
        {"sql": "SELECT COUNT(*) FROM salesrules", "expected": [[rules + 1]], "note": "no other rule was created"},
        guards=(unchanged("salesrules", "name = ?", name, note="no other rule changed"),))
