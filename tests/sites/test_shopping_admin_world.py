"""The shop admin at WebArena scale: Magento's menu tree with a working page behind every item,
grid features (column chooser, mass actions with confirmation, Select All), the sales documents
(invoice, ship, refund), the sectioned product form, price rules and content forms, the reports,
the world-stats hooks and targets, and the admin tables' deterministic seed."""

from __future__ import annotations

import html as htmllib
import re
import sqlite3

from shopping_admin_helpers import (
    admin,
    admin_seed_root,
    column,
    db,
    records,
    rows,
    shop_client,
    store,
)
from starlette.testclient import TestClient

from mag_mcp.sites.base import SiteStateStore
from mag_mcp.sites.shopping_admin import seed_admin, world_stats
from mag_mcp.sites.shopping_admin.menu import MENU, menu_urls

__all__ = ["admin", "admin_seed_root", "store"]


def test_targets_hold_on_the_seed(store: SiteStateStore) -> None:
    figures = world_stats.counts(db(store))
    missing = {k: (figures.get(k), v) for k, v in world_stats.TARGETS.items() if figures.get(k, 0) < v}
    assert not missing
    assert len(world_stats.PAGES) >= 7 and {k for _, k, _ in world_stats.PAGES} >= {"home", "grid", "form", "detail"}


def test_every_menu_item_is_a_working_page(admin: TestClient) -> None:
    sections = {s.label: [label for _, items in s.groups for label, _ in items] for s in MENU}
    assert sections["Sales"] == ["Orders", "Invoices", "Shipments", "Credit Memos", "Billing Agreements", "Transactions"]
    assert len(sections["Marketing"]) == 12 and {"Catalog Price Rule", "Cart Price Rules", "URL Rewrites",
                                                 "Search Terms", "All Reviews"} <= set(sections["Marketing"])
    assert len(sections["Reports"]) == 20 and {"Tax", "Invoiced", "Shipping", "Refunds", "Coupons", "Low Stock",
                                               "Refresh Statistics"} <= set(sections["Reports"])
    assert {"Pages", "Blocks", "Widgets", "Configuration", "Themes", "Schedule"} == set(sections["Content"])
    for section, group, label, url in menu_urls():
        r = admin.get(url)
        assert r.status_code == 200, (section, label, url)
        page = r.text
        # a grid with records, a report form, or a form with fields: never an empty placeholder
        assert any(x in page for x in ("records found", ">Show Report</button>", 'class="admin__field', 'class="data-grid"')), url
        m = re.search(r"<strong>(\d+)</strong> records found", page)
        if m and url not in ("/admin/reports/report_shopcart/product/", "/admin/reports/report_shopcart/abandoned/"):
            assert int(m.group(1)) > 0, url


def test_column_chooser_is_kept_per_administrator(admin: TestClient) -> None:
    page = admin.get("/admin/sales/order/").text
    assert ">Columns<span class=\"dropdown-arrow\"" in page and "9 out of 19 visible" in page
    assert 'name="columns[]" value="customer_group"' in page and "Customer Group</th>" not in page
    r = admin.post("/admin/mui/bookmark/save/", data={"grid": "sales_order_grid", "back": "/admin/sales/order/",
                                                      "columns[]": ["increment_id", "customer_group", "action"]})
    assert r.url.path == "/admin/sales/order/"
    assert column(r.text, "Customer Group") == 2 and "Purchase Date" not in r.text.split("<tbody>")[0].split(
        "<table")[-1]
    assert admin.get("/admin/catalog/product/").text.count("out of") == 1  # other grids keep their columns
    r = admin.post("/admin/mui/bookmark/save/", data={"grid": "sales_order_grid", "back": "/admin/sales/order/",
                                                      "reset": "1"})
    assert "9 out of 19 visible" in r.text
    bad = admin.post("/admin/mui/bookmark/save/", data={"grid": "nope", "back": "/admin/sales/order/"})
    assert "This grid can&#39;t be changed." in bad.text


def test_mass_actions_confirm_and_select_all(store: SiteStateStore, admin: TestClient) -> None:
    conn = db(store)
    brand = conn.execute("SELECT brand FROM products GROUP BY brand HAVING COUNT(*) BETWEEN 3 AND 30 AND MIN(status) = 1"
                         " ORDER BY brand LIMIT 1").fetchone()[0]
    disabled = conn.execute("SELECT COUNT(*) FROM products WHERE status = 0").fetchone()[0]
    ids = [r[0] for r in conn.execute("SELECT id FROM products WHERE brand = ? ORDER BY id", (brand,))]
    back = f"/admin/catalog/product/?brand={brand}"
    assert records(admin.get(back).text) == len(ids)
    r = admin.post("/admin/catalog/product/massAction/", data={"select_all": "1", "action": "disable", "back": back})
    assert f"A total of {len(ids)} record(s) have been updated." in r.text
    conn = db(store)
    assert conn.execute("SELECT COUNT(*) FROM products WHERE brand = ? AND status = 1", (brand,)).fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM products WHERE status = 0").fetchone()[0] == disabled + len(ids)
    # deleting asks first; Cancel goes back, OK deletes (their reviews and cart lines with them)
    r = admin.post("/admin/catalog/product/massAction/", data={"selected[]": [str(i) for i in ids[:2]],
                                                               "action": "delete", "back": back})
    assert "Are you sure you want to delete 2 selected item(s)?" in r.text and f'href="{back}"' in r.text
    assert db(store).execute(f"SELECT COUNT(*) FROM products WHERE id IN ({ids[0]}, {ids[1]})").fetchone()[0] == 2
    r = admin.post("/admin/catalog/product/massAction/", data={"selected[]": [str(i) for i in ids[:2]],
                                                               "action": "delete", "back": back, "confirmed": "1"})
    assert "A total of 2 record(s) have been deleted." in r.text and records(r.text) == len(ids) - 2
    assert "Please select item(s)." in admin.post("/admin/catalog/product/massAction/",
                                                 data={"action": "enable", "back": back}).text


def test_order_invoice_ship_and_refund(store: SiteStateStore, admin: TestClient) -> None:
    conn = db(store)
    order = conn.execute("SELECT * FROM orders o WHERE status = 'pending' AND NOT EXISTS (SELECT 1 FROM invoices"
                         " WHERE order_id = o.id) ORDER BY id LIMIT 1").fetchone()
    oid, url = order["id"], f"/admin/sales/order/view/order_id/{order['id']}/"
    page = admin.get(url).text
    assert ">Invoice</a>" in page and ">Ship</a>" in page and ">Credit Memo</a>" not in page and ">Hold</button>" in page
    invoices = records(admin.get("/admin/sales/invoice/").text)
    assert "Submit Invoice" in admin.get(f"/admin/sales/order_invoice/new/order_id/{oid}/").text
    r = admin.post(f"/admin/sales/order_invoice/save/order_id/{oid}/", data={"comment_text": "Check received."})
    assert "The invoice has been created." in r.text and ">Invoice</a>" not in r.text
    assert records(admin.get("/admin/sales/invoice/").text) == invoices + 1
    assert db(store).execute("SELECT status FROM orders WHERE id = ?", (oid,)).fetchone()[0] == "processing"
    r = admin.post(f"/admin/admin/order_shipment/save/order_id/{oid}/",
                   data={"tracking[carrier_code]": "ups", "tracking[number]": "1ZTEST0001"})
    assert "The shipment has been created." in r.text
    conn = db(store)
    assert conn.execute("SELECT status FROM orders WHERE id = ?", (oid,)).fetchone()[0] == "complete"
    assert "1ZTEST0001" in admin.get(url).text
    shipment = conn.execute("SELECT id FROM shipments WHERE order_id = ?", (oid,)).fetchone()[0]
    assert "United Parcel Service" in admin.get(f"/admin/sales/shipment/view/shipment_id/{shipment}/").text
    # refund everything: the order closes and the refund shows in the credit memos and the refunds report
    items = conn.execute("SELECT id, qty FROM order_items WHERE order_id = ?", (oid,)).fetchall()
    form = {f"creditmemo[items][{i['id']}][qty]": str(i["qty"]) for i in items}
    form["creditmemo[shipping_amount]"] = str(order["shipping_amount"])
    r = admin.post(f"/admin/sales/order_creditmemo/save/order_id/{oid}/", data=form)
    assert "You created the credit memo." in r.text
    conn = db(store)
    assert conn.execute("SELECT status FROM orders WHERE id = ?", (oid,)).fetchone()[0] == "closed"
    memo = conn.execute("SELECT * FROM creditmemos WHERE order_id = ?", (oid,)).fetchone()
    assert memo["grand_total"] == order["grand_total"]
    assert f'aria-label="View credit memo {memo["id"]:09d}"' in admin.get("/admin/sales/creditmemo/").text
    refund = conn.execute("SELECT COUNT(*) FROM payment_transactions WHERE order_id = ? AND txn_type = 'refund'",
                          (oid,)).fetchone()[0]
    assert refund == 1
    # too much can't be refunded; a closed order allows nothing more
    assert "does not allow a credit memo" in admin.get(f"/admin/sales/order_creditmemo/new/order_id/{oid}/").text


def test_order_mass_hold_and_unhold(store: SiteStateStore, admin: TestClient) -> None:
    conn = db(store)
    ids = [r[0] for r in conn.execute("SELECT id FROM orders WHERE status = 'processing' ORDER BY id LIMIT 3")]
    done = conn.execute("SELECT id FROM orders WHERE status = 'complete' LIMIT 1").fetchone()[0]
    r = admin.post("/admin/sales/order/massAction/", data={"selected[]": [str(i) for i in [*ids, done]],
                                                           "action": "hold", "back": "/admin/sales/order/"})
    assert "3 order(s) have been put on hold. 1 order(s) could not be." in r.text
    assert {s for (s,) in db(store).execute(f"SELECT status FROM orders WHERE id IN ({','.join(map(str, ids))})")} == {
        "holded"}
    admin.post("/admin/sales/order/massAction/", data={"selected[]": str(ids[0]), "action": "unhold",
                                                       "back": "/admin/sales/order/"})
    assert db(store).execute("SELECT status FROM orders WHERE id = ?", (ids[0],)).fetchone()[0] == "processing"


def test_product_form_sections_and_admin_attributes(store: SiteStateStore, admin: TestClient) -> None:
    conn = db(store)
    parent = conn.execute("SELECT * FROM products WHERE type_id = 'configurable' ORDER BY id LIMIT 1").fetchone()
    page = admin.get(f"/admin/catalog/product/edit/id/{parent['id']}/").text
    for section in world_stats.PRODUCT_FORM_SECTIONS:
        assert f'<strong class="title">{section}</strong>' in page, section
    children = conn.execute("SELECT sku FROM products WHERE parent_id = ?", (parent["id"],)).fetchall()
    assert children and all(c["sku"] in page for c in children)
    p = conn.execute("SELECT * FROM products WHERE type_id = 'simple' AND parent_id IS NULL ORDER BY id LIMIT 1").fetchone()
    other = conn.execute("SELECT sku FROM products WHERE id != ? ORDER BY id LIMIT 1 OFFSET 5", (p["id"],)).fetchone()[0]
    form = dict(status="1", name=p["name"], sku=p["sku"], price=f"{p['price']:.2f}", qty=str(p["qty"]),
                stock_status="1", category_id=str(p["category_id"]), brand=p["brand"], description=p["description"])
    form.update({"product[special_price]": "9.99", "product[special_from_date]": "06/01/2023",
                 "product[meta_title]": "Skillet deal", "product[visibility]": "2", "links[related][add_sku]": other,
                 "options[new][title]": "Gift Wrap", "options[new][type]": "checkbox", "options[new][price]": "4.99"})
    r = admin.post(f"/admin/catalog/product/save/id/{p['id']}/", data=form)
    assert "You saved the product." in r.text
    conn = db(store)
    attrs = dict(conn.execute("SELECT code, value FROM product_attribute_values WHERE product_id = ?", (p["id"],)))
    assert attrs["special_price"] == "9.99" and attrs["special_from_date"] == "2023-06-01"
    assert attrs["meta_title"] == "Skillet deal" and "weight" not in attrs  # defaults are not stored
    assert conn.execute("SELECT visibility FROM products WHERE id = ?", (p["id"],)).fetchone()[0] == 2
    assert conn.execute("SELECT COUNT(*) FROM product_links WHERE product_id = ? AND link_type = 'related'",
                        (p["id"],)).fetchone()[0] >= 1
    assert conn.execute("SELECT title FROM product_options WHERE product_id = ?", (p["id"],)).fetchall()[-1][0] == \
        "Gift Wrap"
    bad = admin.post(f"/admin/catalog/product/save/id/{p['id']}/", data={**form, "product[special_price]": "cheap"})
    assert "Please enter a number 0 or greater in the \u201cSpecial Price\u201d field." in bad.text


def test_generated_descriptions_live_in_content_until_edited(store: SiteStateStore, admin: TestClient) -> None:
    """A generated product's short description is the content database's (the per-episode copy
    holds NULL, which keeps it under 20 MB); every page shows it, and an edit writes the episode's own."""
    conn = db(store)
    p = conn.execute("SELECT * FROM products WHERE description IS NULL AND visibility = 4 AND status = 1"
                     " AND type_id = 'simple' ORDER BY id LIMIT 1").fetchone()
    seeded = conn.execute("SELECT description FROM content.product_descriptions WHERE product_id = ?",
                          (p["id"],)).fetchone()[0]
    assert seeded and conn.execute("SELECT COUNT(*) FROM products WHERE id <= 344 AND description IS NULL"
                                   ).fetchone()[0] == 0  # the original catalogue keeps its own
    first_line = seeded.split("\n")[0]
    shop = shop_client(store)
    assert first_line in htmllib.unescape(shop.get(f"/{p['slug']}.html").text)
    found = shop.get("/catalogsearch/advanced/result/", params={"description": first_line[:40]}).text
    assert p["name"] in htmllib.unescape(found)
    form_page = htmllib.unescape(admin.get(f"/admin/catalog/product/edit/id/{p['id']}/").text)
    assert first_line in form_page
    form = dict(status="1", name=p["name"], sku=p["sku"], price=f"{p['price']:.2f}", qty=str(p["qty"]),
                stock_status="1", category_id=str(p["category_id"]), brand=p["brand"],
                description="Refurbished unit, ninety-day warranty.")
    assert "You saved the product." in admin.post(f"/admin/catalog/product/save/id/{p['id']}/", data=form).text
    assert db(store).execute("SELECT description FROM products WHERE id = ?", (p["id"],)).fetchone()[0] == \
        "Refurbished unit, ninety-day warranty."
    assert "Refurbished unit, ninety-day warranty." in shop.get(f"/{p['slug']}.html").text
    assert first_line not in htmllib.unescape(shop.get(f"/{p['slug']}.html").text)


def test_cart_price_rule_with_a_coupon(store: SiteStateStore, admin: TestClient) -> None:
    assert 'for="rf-coupon_code">Coupon Code</label>' in admin.get("/admin/sales_rule/promo_quote/new/").text
    data = {"name": "Ferry Day", "is_active": "1", "customer_group_ids[]": ["0", "1"], "coupon_type": "specific",
            "coupon_code": "FERRY15", "simple_action": "by_percent", "discount_amount": "15", "from_date": "06/15/2023"}
    r = admin.post("/admin/sales_rule/promo_quote/save/", data=data)
    assert "You saved the rule." in r.text and "FERRY15" in admin.get("/admin/sales_rule/promo_quote/?search=ferry").text
    conn = db(store)
    rule = conn.execute("SELECT * FROM salesrules WHERE name = 'Ferry Day'").fetchone()
    assert (rule["customer_group_ids"], rule["discount_amount"], rule["from_date"]) == ("0,1", 15.0, "2023-06-15")
    assert conn.execute("SELECT rule_id FROM salesrule_coupons WHERE code = 'FERRY15'").fetchone()[0] == rule["id"]
    taken = conn.execute("SELECT code FROM salesrule_coupons WHERE rule_id != ? LIMIT 1", (rule["id"],)).fetchone()[0]
    dup = admin.post("/admin/sales_rule/promo_quote/save/", data={**data, "name": "Copy", "coupon_code": taken})
    assert "is already used by another rule" in dup.text
    assert "is a required value" in admin.post("/admin/sales_rule/promo_quote/save/", data={**data, "name": ""}).text
    # deleting asks first
    url = f"/admin/sales_rule/promo_quote/delete/id/{rule['id']}/"
    assert "Are you sure you want to delete this rule?" in admin.post(url).text
    assert "You deleted the rule." in admin.post(url, data={"confirmed": "1"}).text


def test_cms_pages_mass_status_and_edit(store: SiteStateStore, admin: TestClient) -> None:
    conn = db(store)
    page = conn.execute("SELECT * FROM cms_pages WHERE is_active = 1 AND id > 2 ORDER BY id LIMIT 1").fetchone()
    r = admin.post("/admin/cms/page/massAction/", data={"selected[]": str(page["id"]), "action": "disable",
                                                        "back": "/admin/cms/page/"})
    assert "A total of 1 record(s) have been disabled." in r.text
    edit = admin.get(f"/admin/cms/page/edit/page_id/{page['id']}/").text
    assert '<strong class="title">Search Engine Optimization</strong>' in edit and page["identifier"] in edit
    r = admin.post(f"/admin/cms/page/save/page_id/{page['id']}/", data={
        "title": "About One Stop Market", "identifier": page["identifier"], "content": "<p>Since 2013.</p>",
        "page_layout": "1column", "is_active": "1"})
    assert "You saved the page." in r.text
    row = db(store).execute("SELECT title, is_active, content FROM cms_pages WHERE id = ?", (page["id"],)).fetchone()
    assert tuple(row) == ("About One Stop Market", 1, "<p>Since 2013.</p>")
    assert "A page with the same URL Key already exists." in admin.post("/admin/cms/page/save/", data={
        "title": "Copy", "identifier": page["identifier"], "page_layout": "1column"}).text


def test_period_reports_match_the_documents(store: SiteStateStore, admin: TestClient) -> None:
    conn = db(store)
    q = "?from=01/01/2022&to=12/31/2022&period=year"
    refunded = conn.execute("SELECT ROUND(SUM(grand_total), 2) FROM creditmemos WHERE created_at LIKE '2022%'"
                            ).fetchone()[0]
    assert f"${refunded:,.2f}" in admin.get("/admin/reports/report_sales/refunded/" + q).text
    invoiced = conn.execute("SELECT COUNT(*) FROM invoices WHERE created_at LIKE '2022%'").fetchone()[0]
    html = admin.get("/admin/reports/report_sales/invoiced/" + q).text
    assert rows(html)[0][2] == str(invoiced)
    accounts = conn.execute("SELECT COUNT(*) FROM customers WHERE created_at LIKE '2022%'").fetchone()[0]
    assert rows(admin.get("/admin/reports/report_customer/accounts/" + q).text)[0] == ["2022", str(accounts)]
    uses = conn.execute("SELECT COUNT(*) FROM coupon_uses u JOIN orders o ON o.id = u.order_id WHERE o.status !="
                        " 'canceled' AND o.created_at LIKE '2022%'").fetchone()[0]
    foot = admin.get("/admin/reports/report_sales/coupons/" + q).text.split("<tfoot>", 1)[1]
    assert f'<td class="num">{uses}</td>' in foot
    low = conn.execute("SELECT COUNT(*) FROM products WHERE qty < 10").fetchone()[0]
    assert records(admin.get("/admin/reports/report_product/lowstock/").text) == low > 0


def test_admin_tables_are_deterministic(store: SiteStateStore, tmp_path) -> None:
    """extend_seed on the same shop rows writes the same admin rows (it reads nothing else)."""
    copy = tmp_path / "copy.sqlite"
    src = sqlite3.connect(store.path_for("default"))
    dst = sqlite3.connect(copy)
    src.backup(dst)
    tables = re.findall(r"CREATE TABLE (\w+)", seed_admin.SCHEMA)
    for view in ("payment_transactions", "url_rewrites"):
        dst.execute(f"DROP VIEW {view}")
    for t in tables:
        dst.execute(f"DROP TABLE {t}")
    dst.commit()
    seed_admin.extend_seed(dst)
    dst.commit()
    for t in tables:
        assert src.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() == \
            dst.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall(), t
    assert len(tables) >= 40
