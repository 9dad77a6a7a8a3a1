"""The embedded Magento admin (shopping_admin): sign-in, grids, orders, products, customers, reviews,
reports, and the database it shares with the storefront (same per-episode copy)."""

from __future__ import annotations

import re
import sqlite3

import pytest
from shopping_admin_helpers import (
    admin,
    admin_client,
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
from mag_mcp.sites.shopping import SITE as SHOP
from mag_mcp.sites.shopping.seed import verify_password
from mag_mcp.sites.shopping_admin import (
    ADMIN_PASSWORD,
    ADMIN_SESSION_TOKEN,
    SESSION_COOKIE,
    SITE,
)
from mag_mcp.sites.shopping_admin.views_reports import interval_label

__all__ = ["admin", "admin_seed_root", "store"]  # fixtures shared with test_shopping_admin_world

LODGE = "Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned"
_admin, _shop, _db, _rows, _records, _col = admin_client, shop_client, db, rows, records, column


# --- spec and seed -------------------------------------------------------------------------


def test_spec_shares_the_shop_database(store: SiteStateStore) -> None:
    assert (SITE.key, SITE.title, SITE.default_port, SITE.base_path) == ("shopping_admin", "Magento Admin", 7780,
                                                                         "/admin")
    assert SITE.state_owner == "shopping" and SITE.build_seed is None and SITE.seed_version == "shared"
    assert [(c.name, c.value) for c in SITE.login_cookies] == [("admin_session", ADMIN_SESSION_TOKEN)]
    assert {c.name for c in SHOP.login_cookies}.isdisjoint({c.name for c in SITE.login_cookies})
    with pytest.raises(ValueError):
        SiteStateStore(SITE)


def test_seed_scale_for_the_admin(store: SiteStateStore) -> None:
    conn = _db(store)
    assert conn.execute("SELECT COUNT(*) FROM orders").fetchone()[0] >= 360
    assert conn.execute("SELECT COUNT(*) FROM customers").fetchone()[0] >= 100
    statuses = dict(conn.execute("SELECT status, COUNT(*) FROM orders GROUP BY status").fetchall())
    assert set(statuses) == {"pending", "processing", "complete", "canceled", "holded"}
    assert min(statuses.values()) >= 5
    months = {r[0] for r in conn.execute("SELECT DISTINCT substr(created_at, 1, 7) FROM orders")}
    assert {"2022-01", "2022-12", "2023-06"} <= months
    assert conn.execute("SELECT COUNT(*) FROM orders o WHERE (SELECT COUNT(*) FROM order_items"
                        " WHERE order_id = o.id) >= 3").fetchone()[0] >= 30
    # totals of the new orders are consistent too
    bad = conn.execute(
        "SELECT COUNT(*) FROM orders o WHERE o.id > 295 AND (o.increment_id != printf('%09d', o.id)"
        " OR ABS(o.subtotal - (SELECT SUM(row_total) FROM order_items WHERE order_id = o.id)) > 0.005"
        " OR ABS(o.grand_total - o.subtotal - o.shipping_amount) > 0.005)").fetchone()[0]
    assert bad == 0
    # the default customer is untouched; the shared world's people are customers
    assert conn.execute("SELECT COUNT(*) FROM orders WHERE customer_id = 1").fetchone()[0] == 17
    assert conn.execute("SELECT MAX(id) FROM orders WHERE customer_id = 1").fetchone()[0] <= 295
    ari = conn.execute("SELECT * FROM customers WHERE email = 'byteblaze@gmail.com'").fetchone()
    assert (ari["firstname"], ari["lastname"]) == ("Ari", "Blaze")
    # moderation queue, comments history, administrators
    assert conn.execute("SELECT COUNT(*) FROM reviews WHERE status = 'pending'").fetchone()[0] >= 15
    assert conn.execute("SELECT COUNT(*) FROM reviews WHERE status = 'not_approved'").fetchone()[0] >= 1
    assert conn.execute("SELECT COUNT(*) FROM order_status_history").fetchone()[0] >= 100
    user = conn.execute("SELECT * FROM admin_users WHERE username = 'admin'").fetchone()
    assert user["is_active"] == 1 and verify_password(ADMIN_PASSWORD, user["password_hash"])


# --- sign in ----------------------------------------------------------------------------------


def test_guest_is_sent_to_sign_in_and_back(store: SiteStateStore) -> None:
    guest = _admin(store, logged_in=False)
    for path in ("/admin/dashboard/", "/admin/sales/order/", "/admin/catalog/product/edit/id/1/",
                 "/admin/reports/report_sales/bestsellers/"):
        r = guest.get(path, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].startswith("/admin/admin/"), path
    r = guest.post("/admin/sales/order/cancel/order_id/290/", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/admin/admin/")
    assert guest.get("/admin", follow_redirects=False).headers["location"] == "/admin/admin/"
    page = guest.get("/admin/admin/").text
    assert 'for="username">Username</label>' in page and 'for="login">Password</label>' in page
    assert ">Sign in</button>" in page
    bad = guest.post("/admin/admin/", data={"login[username]": "admin", "login[password]": "nope"})
    assert "The account sign-in was incorrect" in bad.text
    ok = guest.post("/admin/admin/", data={"login[username]": "admin", "login[password]": ADMIN_PASSWORD,
                                           "referer": "/admin/sales/order/"}, follow_redirects=False)
    assert ok.status_code == 303 and ok.headers["location"] == "/admin/sales/order/"
    assert guest.cookies.get(SESSION_COOKIE)
    assert guest.get("/admin/sales/order/").status_code == 200
    # an inactive administrator can't sign in
    off = _admin(store, logged_in=False).post("/admin/admin/", data={
        "login[username]": "former_intern", "login[password]": "former_intern.Pass123"})
    assert "The account sign-in was incorrect" in off.text


def test_logout_ends_the_session(store: SiteStateStore, admin: TestClient) -> None:
    assert admin.get("/admin", follow_redirects=False).headers["location"] == "/admin/dashboard/"
    r = admin.get("/admin/admin/auth/logout/")
    assert r.url.path == "/admin/admin/" and "You have logged out." in r.text
    assert _db(store).execute("SELECT COUNT(*) FROM admin_sessions WHERE token = ?",
                              (ADMIN_SESSION_TOKEN,)).fetchone()[0] == 0
    again = _admin(store)  # the old cookie no longer works in this state
    assert again.get("/admin/dashboard/", follow_redirects=False).status_code == 303


# --- dashboard, menu, grids ---------------------------------------------------------------------


def test_dashboard_and_menu(store: SiteStateStore, admin: TestClient) -> None:
    conn = _db(store)
    html = admin.get("/admin/dashboard/").text
    lifetime = conn.execute("SELECT SUM(grand_total) FROM orders WHERE status != 'canceled'").fetchone()[0]
    assert f"${lifetime:,.2f}" in html and "Lifetime Sales" in html and "Last Orders" in html
    top = conn.execute("SELECT oi.name FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE o.status !="
                       " 'canceled' GROUP BY oi.product_id ORDER BY SUM(oi.qty) DESC LIMIT 1").fetchone()[0]
    assert top in html
    for label in ("Dashboard", "Sales", "Catalog", "Customers", "Marketing", "Content", "Reports", "Stores", "System"):
        assert f'<span class="label">{label}</span>' in html
    flyout = admin.get("/admin/dashboard/?menu=sales").text
    assert 'aria-label="Sales menu">' in flyout and '<a href="/admin/sales/order/"><span>Orders</span></a>' in flyout
    assert 'aria-label="Sales menu" hidden>' not in flyout and 'aria-label="Catalog menu" hidden>' in flyout
    assert admin.get("/admin/nope/").status_code == 404


def test_orders_grid_search_filter_sort_paginate(store: SiteStateStore, admin: TestClient) -> None:
    conn = _db(store)
    total = conn.execute("SELECT COUNT(*) FROM orders").fetchone()[0]
    html = admin.get("/admin/sales/order/").text
    assert _records(html) == total and f"of {-(-total // 20)}" in html
    assert 'placeholder="Search by keyword"' in html and 'aria-label="Search"' in html
    newest = conn.execute("SELECT increment_id FROM orders ORDER BY created_at DESC, id DESC LIMIT 1").fetchone()[0]
    assert _rows(html)[0][_col(html, "ID")] == newest and f'aria-label="View order {newest}"' in html
    # status filter
    pending = conn.execute("SELECT COUNT(*) FROM orders WHERE status = 'pending'").fetchone()[0]
    html = admin.get("/admin/sales/order/?status=pending&limit=200").text
    assert _records(html) == pending and all(r[_col(html, "Status")] == "Pending" for r in _rows(html))
    assert 'aria-label="Remove Status filter"' in html
    # date range + grand total range
    n = conn.execute("SELECT COUNT(*) FROM orders WHERE substr(created_at, 1, 10) BETWEEN '2023-01-01' AND"
                     " '2023-01-31' AND grand_total >= 100").fetchone()[0]
    html = admin.get("/admin/sales/order/?created_at_from=01/01/2023&created_at_to=1/31/2023&grand_total_from=100").text
    assert _records(html) == n > 0
    # keyword search: every word must match
    emma = conn.execute("SELECT COUNT(*) FROM orders WHERE customer_id = 1").fetchone()[0]
    assert _records(admin.get("/admin/sales/order/?search=Emma+Lopez").text) == emma
    assert _records(admin.get("/admin/sales/order/?search=000000292").text) == 1
    # sort by grand total, both ways
    top = conn.execute("SELECT MAX(grand_total) FROM orders").fetchone()[0]
    html = admin.get("/admin/sales/order/?sort=grand_total&dir=desc").text
    assert _rows(html)[0][_col(html, "Grand Total (Purchased)")] == f"${top:,.2f}"
    low = conn.execute("SELECT MIN(grand_total) FROM orders").fetchone()[0]
    html = admin.get("/admin/sales/order/?sort=grand_total&dir=asc").text
    assert _rows(html)[0][_col(html, "Grand Total (Purchased)")] == f"${low:,.2f}"
    # pagination
    html = admin.get("/admin/sales/order/?limit=50&p=2").text
    assert 'value="2" aria-label="Page number"' in html and f"of {-(-total // 50)}" in html
    assert len(_rows(html)) == 50 and 'aria-label="Previous page"' in html
    # the filters panel
    panel = admin.get("/admin/sales/order/?filters=1").text
    assert ">Apply Filters</button>" in panel and 'for="f-status">Status</label>' in panel


def test_products_customers_reviews_grids(store: SiteStateStore, admin: TestClient) -> None:
    conn = _db(store)
    html = admin.get("/admin/catalog/product/?search=lodge+skillet+pre-seasoned").text
    assert _records(html) == 1 and f'aria-label="Edit {LODGE}"' in html
    lodges = conn.execute("SELECT COUNT(*) FROM products WHERE name LIKE '%lodge%' AND name LIKE '%skillet%'").fetchone()[0]
    assert _records(admin.get("/admin/catalog/product/?search=lodge+skillet").text) == lodges >= 2  # near-duplicates
    html = admin.get("/admin/catalog/product/?sort=price&dir=desc").text
    assert _rows(html)[0][_col(html, "Price")] == f"${conn.execute('SELECT MAX(price) FROM products').fetchone()[0]:,.2f}"
    zero = conn.execute("SELECT COUNT(*) FROM products WHERE qty = 0").fetchone()[0]
    assert _records(admin.get("/admin/catalog/product/?qty_to=0").text) == zero
    assert admin.get("/admin/media/catalog/product/1.png").headers["content-type"] == "image/png"

    html = admin.get("/admin/customer/index/?search=Port+Alder&limit=200").text
    fields = ["c.firstname", "c.lastname", "c.email", "a.telephone", "a.postcode", "a.city", "a.street", "a.region"]
    each_word = " AND ".join("(" + " OR ".join(f"{f} LIKE '%{w}%'" for f in fields) + ")" for w in ("Port", "Alder"))
    port_alder = conn.execute(  # every word in a name, e-mail or the default billing address
        "SELECT COUNT(*) FROM customers c LEFT JOIN addresses a ON a.id = (SELECT id FROM addresses WHERE customer_id"
        f" = c.id ORDER BY is_default_billing DESC, id LIMIT 1) WHERE {each_word}").fetchone()[0]
    assert _records(html) == port_alder >= 20 and 'aria-label="Edit customer Ari Blaze"' in html
    html = admin.get("/admin/customer/index/?region=Texas&limit=200").text
    assert _rows(html) and all(r[_col(html, "State/Province")] == "Texas" for r in _rows(html))
    html = admin.get("/admin/customer/index/")
    first = _rows(html.text)[0]
    assert [first[_col(html.text, k)] for k in ("ID", "Name", "Email")] == ["1", "Emma Lopez", "emma.lopez@gmail.com"]

    pending = conn.execute("SELECT COUNT(*) FROM reviews WHERE status = 'pending'").fetchone()[0]
    html = admin.get("/admin/review/product/pending/").text
    assert _records(html) == pending and "Pending Reviews" in html
    assert _records(admin.get("/admin/review/product/?status=pending").text) == pending
    low = conn.execute("SELECT COUNT(*) FROM reviews WHERE status = 'pending' AND rating <= 2").fetchone()[0]
    assert _records(admin.get("/admin/review/product/pending/?rating_to=2").text) == low


# --- orders ----------------------------------------------------------------------------------


def test_order_view_cancel_and_comment(store: SiteStateStore, admin: TestClient) -> None:
    conn = _db(store)
    order = conn.execute("SELECT * FROM orders WHERE status = 'pending' ORDER BY id LIMIT 1").fetchone()
    url = f"/admin/sales/order/view/order_id/{order['id']}/"
    html = admin.get(url).text
    item = conn.execute("SELECT * FROM order_items WHERE order_id = ?", (order["id"],)).fetchone()
    assert f"#{order['increment_id']}" in html and item["name"] in html and item["sku"] in html
    assert f"${order['grand_total']:,.2f}" in html and ">Cancel</button>" in html
    assert 'for="history_comment">Comment</label>' in html and ">Submit Comment</button>" in html
    # a comment that puts the order on hold
    r = admin.post(f"/admin/sales/order/addComment/order_id/{order['id']}/", data={
        "history[status]": "holded", "history[comment]": "Waiting for the customer.",
        "history[is_customer_notified]": "1"})
    assert r.url.path == url and "Waiting for the customer." in r.text
    conn = _db(store)
    assert conn.execute("SELECT status FROM orders WHERE id = ?", (order["id"],)).fetchone()[0] == "holded"
    h = conn.execute("SELECT * FROM order_status_history WHERE order_id = ? ORDER BY id DESC LIMIT 1",
                     (order["id"],)).fetchone()
    assert (h["status"], h["comment"], h["is_customer_notified"], h["author"]) == (
        "holded", "Waiting for the customer.", 1, "admin")
    assert "Please enter a comment." in admin.post(f"/admin/sales/order/addComment/order_id/{order['id']}/",
                                                   data={"history[status]": "holded", "history[comment]": ""}).text
    # on hold can't be canceled; back to processing, then cancel
    assert ">Cancel</button>" not in admin.get(url).text
    admin.post(f"/admin/sales/order/addComment/order_id/{order['id']}/",
               data={"history[status]": "processing", "history[comment]": "Released."})
    r = admin.post(f"/admin/sales/order/cancel/order_id/{order['id']}/")
    assert "You canceled the order." in r.text
    conn = _db(store)
    assert conn.execute("SELECT status FROM orders WHERE id = ?", (order["id"],)).fetchone()[0] == "canceled"
    assert conn.execute("SELECT status FROM order_status_history WHERE order_id = ? ORDER BY id DESC LIMIT 1",
                        (order["id"],)).fetchone()[0] == "canceled"
    # a complete order can't be canceled
    done = conn.execute("SELECT id FROM orders WHERE status = 'complete' LIMIT 1").fetchone()[0]
    assert "You have not canceled the item." in admin.post(f"/admin/sales/order/cancel/order_id/{done}/").text
    assert _db(store).execute("SELECT status FROM orders WHERE id = ?", (done,)).fetchone()[0] == "complete"
    assert admin.get("/admin/sales/order/view/order_id/99999/").status_code == 404


# --- products -> storefront ------------------------------------------------------------------------


def _form(conn: sqlite3.Connection, product_id: int, **changes: str) -> dict[str, str]:
    p = conn.execute("SELECT * FROM products WHERE id = ?", (product_id,)).fetchone()
    form = dict(status="1", name=p["name"], sku=p["sku"], price=f"{p['price']:.2f}", qty=str(p["qty"]),
                stock_status="1" if p["qty"] else "0", category_id=str(p["category_id"]), brand=p["brand"],
                description=p["description"])
    form.update(changes)
    return {k: v for k, v in form.items() if v is not None}


def test_product_edit_shows_in_the_storefront(store: SiteStateStore, admin: TestClient) -> None:
    conn = _db(store)
    shop = _shop(store)
    lodge = conn.execute("SELECT * FROM products WHERE name = ?", (LODGE,)).fetchone()
    page = admin.get(f"/admin/catalog/product/edit/id/{lodge['id']}/").text
    for label in ('for="status">Enable Product</label>', 'for="name">Product Name</label>', 'for="sku">SKU</label>',
                  'for="price">Price</label>', 'for="qty">Quantity</label>', 'for="stock_status">Stock Status</label>',
                  'for="description">Description</label>'):
        assert label in page
    assert 'role="switch"' in page and ">Save</button>" in page
    r = admin.post(f"/admin/catalog/product/save/id/{lodge['id']}/", data=_form(conn, lodge["id"], price="24.50",
                                                                             qty="7"))
    assert r.url.path == f"/admin/catalog/product/edit/id/{lodge['id']}/" and "You saved the product." in r.text
    assert "$24.50" in shop.get(f"/{lodge['slug']}.html").text
    row = _db(store).execute("SELECT price, qty, status FROM products WHERE id = ?", (lodge["id"],)).fetchone()
    assert tuple(row) == (24.5, 7, 1)
    # out of stock
    admin.post(f"/admin/catalog/product/save/id/{lodge['id']}/", data=_form(conn, lodge["id"], stock_status="0"))
    assert _db(store).execute("SELECT qty FROM products WHERE id = ?", (lodge["id"],)).fetchone()[0] == 0
    # disabled: gone from the storefront's search and product page (no "status" field = switch off)
    assert LODGE in shop.get("/catalogsearch/result/?q=lodge+skillet").text
    admin.post(f"/admin/catalog/product/save/id/{lodge['id']}/", data=_form(conn, lodge["id"], status=None))
    assert _db(store).execute("SELECT status FROM products WHERE id = ?", (lodge["id"],)).fetchone()[0] == 0
    assert LODGE not in shop.get("/catalogsearch/result/?q=lodge+skillet").text
    assert shop.get(f"/{lodge['slug']}.html").status_code == 404
    # validation
    bad = admin.post(f"/admin/catalog/product/save/id/{lodge['id']}/", data=_form(conn, lodge["id"], price="abc"))
    assert "Please enter a number 0 or greater" in bad.text
    dup = conn.execute("SELECT sku FROM products WHERE id != ? LIMIT 1", (lodge["id"],)).fetchone()[0]
    assert "already used by another product" in admin.post(
        f"/admin/catalog/product/save/id/{lodge['id']}/", data=_form(conn, lodge["id"], sku=dup)).text


def test_new_product_is_sold_in_the_storefront(store: SiteStateStore, admin: TestClient) -> None:
    conn = _db(store)
    cat = conn.execute("SELECT category_id FROM products WHERE name = ?", (LODGE,)).fetchone()[0]
    r = admin.post("/admin/catalog/product/save/", data=dict(
        status="1", name="Alder Wharf Enamel Dutch Oven, 5 Quart", sku="ALDER-DO-5", price="64", qty="12",
        stock_status="1", category_id=str(cat), brand="Alder Wharf", description="A heavy pot.\n- Oven safe"))
    assert "You saved the product." in r.text
    row = _db(store).execute("SELECT * FROM products WHERE sku = 'ALDER-DO-5'").fetchone()
    assert (row["price"], row["qty"], row["slug"]) == (64.0, 12, "alder-wharf-enamel-dutch-oven-5-quart")
    found = _shop(store).get("/catalogsearch/result/", params={"q": "Alder Wharf Enamel Dutch Oven, 5 Quart"}).text
    assert "Alder Wharf Enamel Dutch Oven" in found  # a name typed in full comes first


# --- customers ------------------------------------------------------------------------------------


def test_customer_address_and_account_edit(store: SiteStateStore, admin: TestClient) -> None:
    conn = _db(store)
    cid = conn.execute("SELECT id FROM customers WHERE email = 'byteblaze@gmail.com'").fetchone()[0]
    url = f"/admin/customer/index/edit/id/{cid}/"
    view = admin.get(url).text
    assert "48 Foundry Lane" in view and "Port Alder" in view and "Sales Statistics" in view
    orders = admin.get(url + "?tab=orders").text
    n = conn.execute("SELECT COUNT(*) FROM orders WHERE customer_id = ?", (cid,)).fetchone()[0]
    assert _records(orders) == n
    form = admin.get(url + "?tab=addresses").text
    assert ">Save Customer</button>" in form and 'for="street_1">Street Address</label>' in form
    aid = conn.execute("SELECT id FROM addresses WHERE customer_id = ? AND is_default_billing = 1",
                       (cid,)).fetchone()[0]
    r = admin.post(f"/admin/customer/index/save/id/{cid}/", data=dict(
        section="address", address_id=str(aid), firstname="Ari", lastname="Blaze", company="Alder Labs",
        street_1="12 Harbor View Road", street_2="Apt 3", city="Port Alder", region="Oregon", postcode="97412",
        country_id="US", telephone="5035550199", default_billing="1", default_shipping="1"))
    assert "You saved the customer." in r.text
    a = _db(store).execute("SELECT * FROM addresses WHERE id = ?", (aid,)).fetchone()
    assert (a["street"], a["postcode"], a["company"], a["telephone"], a["is_default_shipping"]) == (
        "12 Harbor View Road\nApt 3", "97412", "Alder Labs", "5035550199", 1)
    # the grid shows the new ZIP; the storefront's address book (Emma) is untouched
    assert "97412" in admin.get(f"/admin/customer/index/?id_from={cid}&id_to={cid}").text
    bad = admin.post(f"/admin/customer/index/save/id/{cid}/", data=dict(
        section="address", address_id=str(aid), firstname="Ari", lastname="Blaze", street_1="", city="Port Alder",
        region="Oregon", postcode="97412", country_id="US", telephone="1"))
    assert "is a required value" in bad.text
    # account information: a taken e-mail is refused, a free one saved
    taken = admin.post(f"/admin/customer/index/save/id/{cid}/", data=dict(
        section="account", firstname="Ari", lastname="Blaze", email="emma.lopez@gmail.com"))
    assert "A customer with the same email address already exists" in taken.text
    admin.post(f"/admin/customer/index/save/id/{cid}/", data=dict(
        section="account", firstname="Ari", lastname="Blaze-Okafor", email="ari@portalder.net"))
    assert tuple(_db(store).execute("SELECT lastname, email FROM customers WHERE id = ?", (cid,)).fetchone()) == (
        "Blaze-Okafor", "ari@portalder.net")


# --- reviews -----------------------------------------------------------------------------------------


def test_review_approve_shows_in_the_storefront_and_delete(store: SiteStateStore, admin: TestClient) -> None:
    conn = _db(store)
    shop = _shop(store)
    rv = conn.execute("SELECT r.*, p.slug, p.review_count FROM reviews r JOIN products p ON p.id = r.product_id"
                      " WHERE r.status = 'pending' ORDER BY r.id LIMIT 1").fetchone()
    before = shop.get(f"/{rv['slug']}.html").text
    assert rv["text"] not in before and f"{rv['review_count']} Review" in before  # pending: not shown
    edit = admin.get(f"/admin/review/product/edit/id/{rv['id']}/").text
    assert 'for="status">Status</label>' in edit
    assert ">Save Review</button>" in edit and ">Delete Review</button>" in edit
    r = admin.post(f"/admin/review/product/save/id/{rv['id']}/", data=dict(
        status="approved", nickname=rv["nickname"], summary="Checked by the admin", text=rv["text"]))
    assert r.url.path == "/admin/review/product/" and "You saved the review." in r.text
    page = shop.get(f"/{rv['slug']}.html").text
    assert "Checked by the admin" in page and f"{rv['review_count'] + 1} Review" in page
    # delete it again
    r = admin.post(f"/admin/review/product/delete/id/{rv['id']}/")
    assert "The review has been deleted." in r.text
    conn = _db(store)
    assert conn.execute("SELECT COUNT(*) FROM reviews WHERE id = ?", (rv["id"],)).fetchone()[0] == 0
    assert conn.execute("SELECT review_count FROM products WHERE id = ?", (rv["product_id"],)).fetchone()[0] == \
        rv["review_count"]
    assert "Checked by the admin" not in shop.get(f"/{rv['slug']}.html").text


def test_review_mass_actions(store: SiteStateStore, admin: TestClient) -> None:
    conn = _db(store)
    ids = [r[0] for r in conn.execute("SELECT id FROM reviews WHERE status = 'pending' ORDER BY id LIMIT 3")]
    pending = conn.execute("SELECT COUNT(*) FROM reviews WHERE status = 'pending'").fetchone()[0]
    html = admin.get("/admin/review/product/pending/?limit=50").text
    assert f'aria-label="Select review {ids[0]}"' in html and 'for="mass-action">Actions</label>' in html
    r = admin.post("/admin/review/product/massAction/", data={
        "reviews[]": [str(i) for i in ids[:2]], "action": "approved", "back": "/admin/review/product/pending/"})
    assert r.url.path == "/admin/review/product/pending/" and "A total of 2 record(s) have been updated." in r.text
    assert _records(r.text) == pending - 2
    r = admin.post("/admin/review/product/massAction/", data={"reviews[]": str(ids[2]), "action": "delete"})
    assert "Are you sure you want to delete 1 selected review(s)?" in r.text  # deleting asks first
    assert _db(store).execute("SELECT COUNT(*) FROM reviews WHERE id = ?", (ids[2],)).fetchone()[0] == 1
    r = admin.post("/admin/review/product/massAction/", data={"reviews[]": str(ids[2]), "action": "delete",
                                                             "confirmed": "1"})
    assert "A total of 1 record(s) have been deleted." in r.text
    conn = _db(store)
    assert [tuple(x) for x in conn.execute(f"SELECT id, status FROM reviews WHERE id IN ({ids[0]}, {ids[1]},"
                                           f" {ids[2]}) ORDER BY id")] == [(ids[0], "approved"), (ids[1], "approved")]
    bad = conn.execute("SELECT COUNT(*) FROM products p WHERE review_count != (SELECT COUNT(*) FROM reviews r"
                       " WHERE r.product_id = p.id AND r.status = 'approved')").fetchone()[0]
    assert bad == 0


# --- reports -------------------------------------------------------------------------------------------


def test_bestsellers_report_matches_sql(store: SiteStateStore, admin: TestClient) -> None:
    conn = _db(store)
    html = admin.get("/admin/reports/report_sales/bestsellers/").text
    for label in ('for="report_from">From</label>', 'for="report_to">To</label>', 'for="report_period">Period</label>',
                  ">Show Report</button>"):
        assert label in html
    by_period = {}
    for period, n in (("year", 4), ("month", 7)):
        html = admin.get(f"/admin/reports/report_sales/bestsellers/?from=01/01/2022&to=12/31/2023&period={period}").text
        shown = by_period[period] = [(r[0], r[1], int(r[3])) for r in _rows(html)]
        expected = []
        for (k,) in conn.execute(f"SELECT DISTINCT substr(created_at, 1, {n}) k FROM orders WHERE created_at < '2024'"
                                 " AND created_at >= '2022' AND status != 'canceled' ORDER BY k"):
            top = conn.execute(
                f"SELECT oi.name, SUM(oi.qty) q FROM order_items oi JOIN orders o ON o.id = oi.order_id"
                f" WHERE o.status != 'canceled' AND substr(o.created_at, 1, {n}) = ? GROUP BY oi.product_id"
                f" ORDER BY q DESC, oi.name LIMIT 5", (k,)).fetchall()
            expected += [(interval_label(k, period), name, q) for name, q in top]
        assert shown == expected
        assert len(shown) == len(expected) > 0
    # each year leads with its best seller; products ordered equally often (the data has such ties)
    # follow one another by name, so the order is the same on every request and equals the SQL's above
    for year in ("2022", "2023"):
        ranked = [(name, q) for label, name, q in by_period["year"] if label == interval_label(year, "year")]
        assert len(ranked) == 5 and ranked == sorted(ranked, key=lambda r: (-r[1], r[0]))
        best = conn.execute(
            "SELECT MAX(q) FROM (SELECT SUM(oi.qty) q FROM order_items oi JOIN orders o ON o.id = oi.order_id"
            " WHERE o.status != 'canceled' AND substr(o.created_at, 1, 4) = ? GROUP BY oi.product_id)", (year,)).fetchone()
        assert ranked[0][1] == best[0]
    again = admin.get("/admin/reports/report_sales/bestsellers/?from=01/01/2022&to=12/31/2023&period=year").text
    assert [(r[0], r[1], int(r[3])) for r in _rows(again)] == by_period["year"]
    # a missing date is an error, not a report
    assert "Please enter both the From and To dates" in admin.get(
        "/admin/reports/report_sales/bestsellers/?from=&to=12/31/2023&period=year").text


def test_sales_report_totals(store: SiteStateStore, admin: TestClient) -> None:
    conn = _db(store)
    html = admin.get("/admin/reports/report_sales/sales/?from=2022-01-01&to=2022-12-31&period=month").text
    rows = _rows(html)
    assert len(rows) == 12 and rows[0][0] == "1/2022"
    n, total = conn.execute("SELECT COUNT(*), SUM(grand_total) FROM orders WHERE status != 'canceled' AND"
                            " created_at LIKE '2022%'").fetchone()
    foot = html.split("<tfoot>", 1)[1]
    assert f"<td class=\"num\">{n}</td>" in foot and f"${total:,.2f}" in foot
    canceled = conn.execute("SELECT COUNT(*) FROM orders WHERE status = 'canceled' AND created_at LIKE '2022%'"
                            ).fetchone()[0]
    html = admin.get("/admin/reports/report_sales/sales/?from=1/1/2022&to=12/31/2022&period=year"
                     "&order_status=canceled").text
    assert _rows(html)[0][:2] == ["2022", str(canceled)]


# --- per-episode state -------------------------------------------------------------------------------


def test_states_are_isolated_and_shared_with_the_shop(store: SiteStateStore) -> None:
    store.create("ep1")
    store.create("ep2")
    conn = _db(store)
    lodge = conn.execute("SELECT * FROM products WHERE name = ?", (LODGE,)).fetchone()
    _admin(store, state="ep1").post(f"/admin/catalog/product/save/id/{lodge['id']}/",
                                    data=_form(conn, lodge["id"], price="31.99"))
    assert "$31.99" in _shop(store, state="ep1").get(f"/{lodge['slug']}.html").text
    assert "$31.99" not in _shop(store, state="ep2").get(f"/{lodge['slug']}.html").text
    assert "$31.99" not in _shop(store).get(f"/{lodge['slug']}.html").text
    assert _db(store, "ep2").execute("SELECT price FROM products WHERE id = ?", (lodge["id"],)).fetchone()[0] == \
        lodge["price"]
    # an order placed in the shop during the episode is in the admin's grid of that episode only
    shop = _shop(store, state="ep1")
    shop.post("/checkout/cart/add/", data={"product": lodge["id"], "qty": "1", "return": "/"})
    shop.post("/checkout/", data=dict(firstname="Emma", lastname="Lopez", street_1="101 S San Mateo Dr",
                                      city="San Mateo", region="California", postcode="94010", country_id="US",
                                      telephone="6505551212", shipping_method="flatrate"))
    new = _db(store, "ep1").execute("SELECT MAX(id) FROM orders").fetchone()[0]
    assert new > _db(store, "ep2").execute("SELECT MAX(id) FROM orders").fetchone()[0]
    assert f"View order {new:09d}" in _admin(store, state="ep1").get("/admin/sales/order/").text
    assert f"View order {new:09d}" not in _admin(store, state="ep2").get("/admin/sales/order/").text
    r = _admin(store, state="nope").get("/admin/dashboard/")
    assert r.status_code == 410


def test_sales_report_lists_empty_periods_on_request(store: SiteStateStore, admin: TestClient) -> None:
    """Magento's "Empty Rows: Yes": every period of the range, those without orders as zeros."""
    q = "/admin/reports/report_sales/sales/?from=1/1/2020&to=3/31/2020&period=month"
    first = _db(store).execute("SELECT MIN(created_at) FROM orders").fetchone()[0]
    assert first > "2020-04"  # no order in that range
    assert "We can&#39;t find records for this period." in admin.get(q).text or \
        "We can't find records for this period." in admin.get(q).text
    rows = _rows(admin.get(q + "&show_empty_rows=1").text)
    assert [r[0] for r in rows] == ["1/2020", "2/2020", "3/2020"] and all(r[1] == "0" for r in rows)


def test_order_view_ships_every_tab(admin: TestClient) -> None:
    """The order's tabs are in the page as Magento sends them, only the open one shown."""
    page = admin.get("/admin/sales/order/view/order_id/1/").text
    panels = re.findall(r'<div class="order-tab-content" id="order-tab-(\w+)"( hidden)?>', page)
    assert sorted(p for p, _ in panels) == sorted(["information", "invoices", "creditmemos", "shipments", "history",
                                                   "transactions"])
    assert [p for p, hidden in panels if not hidden] == ["information"]


def test_customer_view_recent_orders_have_view_links(store: SiteStateStore, admin: TestClient) -> None:
    conn = _db(store)
    order = conn.execute("SELECT id, increment_id FROM orders WHERE customer_id = 1"
                         " ORDER BY created_at DESC, id DESC LIMIT 1").fetchone()
    page = admin.get("/admin/customer/index/edit/id/1/").text
    link = f'href="/admin/sales/order/view/order_id/{order["id"]}/" aria-label="View order {order["increment_id"]}"'
    assert link in page
    assert f"# {order['increment_id']}" in admin.get(f"/admin/sales/order/view/order_id/{order['id']}/").text


def test_cart_rule_websites_and_store_view_label_are_saved(store: SiteStateStore, admin: TestClient) -> None:
    conn = _db(store)
    assert tuple(conn.execute("SELECT website_ids, store_label FROM salesrules WHERE id = 1").fetchone()) == ("1", "")
    form = admin.get("/admin/sales_rule/promo_quote/edit/id/1/").text
    assert 'name="website_ids[]"' in form and "Main Website / Main Website Store / Default Store View" in form
    rule = conn.execute("SELECT * FROM salesrules WHERE id = 1").fetchone()
    data = {k: str(rule[k]) for k in ("name", "description", "coupon_type", "uses_per_coupon", "uses_per_customer",
                                       "sort_order", "simple_action", "discount_amount", "discount_qty",
                                       "discount_step", "label")}
    data.update({"is_active": "1", "coupon_code": rule["coupon_code"] or "", "website_ids[]": ["1"],
                 "customer_group_ids[]": rule["customer_group_ids"].split(","),
                 "store_label": "Welcome gift: 10% off"})
    r = admin.post("/admin/sales_rule/promo_quote/save/id/1/", data=data)
    assert "You saved the rule." in r.text
    assert tuple(conn.execute("SELECT website_ids, store_label FROM salesrules WHERE id = 1").fetchone()) == \
        ("1", "Welcome gift: 10% off")
    assert 'value="Welcome gift: 10% off"' in admin.get("/admin/sales_rule/promo_quote/edit/id/1/").text
    # a save that names no website keeps the rule in the one website
    del data["website_ids[]"]
    assert "You saved the rule." in admin.post("/admin/sales_rule/promo_quote/save/id/1/", data=data).text
    assert conn.execute("SELECT website_ids FROM salesrules WHERE id = 1").fetchone()[0] == "1"


def test_cart_rule_generates_auto_coupon_codes(store: SiteStateStore, admin: TestClient) -> None:
    conn = _db(store)
    rule = conn.execute("SELECT * FROM salesrules WHERE coupon_type = 'auto' ORDER BY id LIMIT 1").fetchone()
    url = f"/admin/sales_rule/promo_quote/edit/id/{rule['id']}/"
    assert 'for="coupons_qty">Coupon Qty' in admin.get(url).text
    before = conn.execute("SELECT COUNT(*) FROM salesrule_coupons WHERE rule_id = ?", (rule["id"],)).fetchone()[0]
    r = admin.post("/admin/sales_rule/promo_quote/generate/", data=dict(
        rule_id=str(rule["id"]), qty="3", length="8", format="num", prefix="FERRY-", suffix="", dash="4"))
    assert "3 coupon(s) have been generated." in r.text
    codes = [c for (c,) in conn.execute("SELECT code FROM salesrule_coupons WHERE rule_id = ? ORDER BY id DESC LIMIT 3",
                                        (rule["id"],))]
    assert conn.execute("SELECT COUNT(*) FROM salesrule_coupons WHERE rule_id = ?", (rule["id"],)).fetchone()[0] == \
        before + 3
    assert all(re.fullmatch(r"FERRY-\d{4}-\d{4}", c) for c in codes) and len(set(codes)) == 3
    assert all(c in r.text for c in codes)
    # a bad quantity, or a rule without Auto coupons, generates nothing
    assert "Please enter a Coupon Qty" in admin.post("/admin/sales_rule/promo_quote/generate/",
                                                     data=dict(rule_id=str(rule["id"]), qty="0")).text
    specific = conn.execute("SELECT id FROM salesrules WHERE coupon_type = 'specific' LIMIT 1").fetchone()[0]
    assert "only for a rule with an Auto coupon" in admin.post("/admin/sales_rule/promo_quote/generate/",
                                                               data=dict(rule_id=str(specific), qty="2")).text
    assert conn.execute("SELECT COUNT(*) FROM salesrule_coupons WHERE rule_id = ?", (rule["id"],)).fetchone()[0] == \
        before + 3
