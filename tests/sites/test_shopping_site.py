"""The embedded One Stop Market (shopping) site: seed, pages, cart/checkout, account, state isolation,
and the world at WebArena scale (catalogue size, configurable products, loose typo-tolerant search,
layered navigation, pictures)."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from shop_store import shop_store

from mag_mcp.sites.base import STATE_HEADER, SiteStateStore
from mag_mcp.sites.shopping import SESSION_COOKIE, SITE, build_seed
from mag_mcp.sites.shopping.seed import DEFAULT_SESSION_TOKEN

PRICE_RE = re.compile(r'<span class="price">\$([\d,]+\.\d\d)</span>')
LODGE = "Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned"
SONY = "Sony WH-CH710N/H Wireless Bluetooth Noise Cancelling Headphones, Gray"


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> SiteStateStore:
    monkeypatch.setenv("MAG_HOME", str(tmp_path))
    return shop_store()


def _client(store: SiteStateStore, logged_in: bool = True, state: str | None = None) -> TestClient:
    client = TestClient(SITE.create_app(store), headers={STATE_HEADER: state} if state else None)
    if logged_in:
        client.cookies.set(SESSION_COOKIE, DEFAULT_SESSION_TOKEN)
    return client


@pytest.fixture
def client(store: SiteStateStore) -> TestClient:
    return _client(store)


@pytest.fixture
def guest(store: SiteStateStore) -> TestClient:
    return _client(store, logged_in=False)


def _db(store: SiteStateStore, key: str = "default") -> sqlite3.Connection:
    return store.connect(key)


def _product(conn: sqlite3.Connection, name: str) -> sqlite3.Row:
    row = conn.execute("SELECT * FROM products WHERE name = ?", (name,)).fetchone()
    assert row is not None, name
    return row


def _prices(html: str) -> list[float]:
    return [float(p.replace(",", "")) for p in PRICE_RE.findall(html)]


# --- seed ----------------------------------------------------------------------------


def _digest(path: Path) -> dict[str, tuple[int, str]]:
    """Per table: row count and a hash of every row in id order."""
    import hashlib

    conn = sqlite3.connect(path)
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    out = {}
    for t in tables:
        h = hashlib.sha256()
        n = 0
        for row in conn.execute(f"SELECT * FROM {t} ORDER BY 1"):
            h.update(repr(row).encode())
            n += 1
        out[t] = (n, h.hexdigest())
    conn.close()
    return out


def test_seed_is_deterministic(tmp_path: Path, store: SiteStateStore) -> None:
    build_seed(tmp_path / "a.sqlite")
    a, b = _digest(tmp_path / "a.sqlite"), _digest(store.seed_path)
    assert a == b
    assert a["products"][0] >= 20_000


def test_seed_scale_and_default_customer(store: SiteStateStore) -> None:
    conn = _db(store)
    assert conn.execute("SELECT COUNT(*) FROM products WHERE status = 1").fetchone()[0] >= 200
    assert conn.execute("SELECT COUNT(*) FROM categories WHERE parent_id IS NULL").fetchone()[0] >= 10
    assert conn.execute("SELECT COUNT(*) FROM categories WHERE level = 3").fetchone()[0] > 0
    # most original products carry 2-6 reviews, and rating summaries match the reviews
    with_reviews = conn.execute("SELECT COUNT(*) FROM products WHERE id <= 344 AND review_count BETWEEN 2 AND 6"
                                ).fetchone()[0]
    assert with_reviews >= 0.75 * 344
    bad = conn.execute(
        "SELECT COUNT(*) FROM products p WHERE review_count != (SELECT COUNT(*) FROM reviews r"
        " WHERE r.product_id = p.id AND r.status = 'approved')").fetchone()[0]
    assert bad == 0
    assert conn.execute("SELECT COUNT(*) FROM customers").fetchone()[0] >= 20
    emma = conn.execute("SELECT * FROM customers WHERE email = 'emma.lopez@gmail.com'").fetchone()
    assert (emma["firstname"], emma["lastname"]) == ("Emma", "Lopez")
    assert conn.execute("SELECT customer_id FROM sessions WHERE token = ?",
                        (DEFAULT_SESSION_TOKEN,)).fetchone()[0] == emma["id"]
    addr = conn.execute("SELECT * FROM addresses WHERE customer_id = ? AND is_default_shipping = 1",
                        (emma["id"],)).fetchone()
    assert (addr["street"], addr["city"], addr["region"], addr["postcode"]) == (
        "101 S San Mateo Dr", "San Mateo", "California", "94010")
    orders = conn.execute("SELECT * FROM orders WHERE customer_id = ?", (emma["id"],)).fetchall()
    assert len(orders) >= 3
    for o in orders:
        items = conn.execute("SELECT * FROM order_items WHERE order_id = ?", (o["id"],)).fetchall()
        assert items
        assert o["increment_id"] == f"{o['id']:09d}"
        assert o["subtotal"] == round(sum(i["row_total"] for i in items), 2)
        assert o["grand_total"] == round(o["subtotal"] + o["shipping_amount"], 2)
    assert conn.execute("SELECT COUNT(*) FROM wishlist_items WHERE customer_id = ?", (emma["id"],)).fetchone()[0] >= 2
    assert conn.execute("SELECT COUNT(*) FROM cart_items WHERE customer_id = 1").fetchone()[0] == 0


def test_spec() -> None:
    assert (SITE.key, SITE.title, SITE.default_port, SITE.base_path) == ("shopping", "One Stop Market", 7770, "")
    assert [(c.name, c.value) for c in SITE.login_cookies] == [(SESSION_COOKIE, DEFAULT_SESSION_TOKEN)]


# --- catalogue -----------------------------------------------------------------------


def test_home_page(client: TestClient) -> None:
    html = client.get("/").text
    assert "One Stop Market" in html
    assert '<label class="sr-only" for="search">Search</label>' in html
    assert ">Search</button>" in html
    assert "Welcome, Emma Lopez!" in html and "Sign Out" in html
    assert 'aria-label="My Cart"' in html
    assert 'href="/electronics.html"' in html and 'href="/video-games/playstation-4.html"' in html
    assert html.count('class="product-item"') >= 10


def test_search_results_and_pagination(client: TestClient, store: SiteStateStore) -> None:
    page1 = client.get("/catalogsearch/result/", params={"q": "black"}).text
    m = re.search(r"Items 1-12 of (\d+)", page1)
    assert m, "expected a paginated result count"
    total = int(m.group(1))
    assert total > 12
    page2 = client.get("/catalogsearch/result/", params={"q": "black", "p": 2}).text
    assert f"Items 13-{min(24, total)} of {total}" in page2
    names1 = set(re.findall(r'<span class="product-item-name">([^<]+)</span>', page1))
    names2 = set(re.findall(r'<span class="product-item-name">([^<]+)</span>', page2))
    assert len(names1) == 12 and names2 and not names1 & names2
    assert 'aria-label="Page 2"' in page1 and 'aria-label="Next Page"' in page1
    # any word may match; names holding every word rank first
    usb = client.get("/catalogsearch/result/index/?q=usb+wifi&product_list_limit=36").text
    first = re.findall(r'<span class="product-item-name">([^<]+)</span>', usb)
    assert first and all("usb" in n.lower() and "wifi" in n.lower() for n in first[:12])
    assert int(re.search(r"Items 1-36 of (\d+)", usb).group(1)) > 100  # loosely matching pages follow
    # sort by price, descending
    desc = client.get("/catalogsearch/result/", params={
        "q": "headphones", "product_list_order": "price", "product_list_dir": "desc"}).text
    prices = _prices(desc)
    assert prices and prices == sorted(prices, reverse=True)
    none = client.get("/catalogsearch/result/?q=zzzyxq").text
    assert "Your search returned no results." in none


def test_category_sort_and_price_filter(client: TestClient, store: SiteStateStore) -> None:
    html = client.get("/video-games/playstation-4/accessories.html?product_list_order=price").text
    assert "<h1 class=\"page-title\">Accessories</h1>" in html
    conn = _db(store)
    expected = [r[0] for r in conn.execute(
        "SELECT p.price FROM products p JOIN categories c ON c.id = p.category_id"
        " WHERE c.url_path = 'video-games/playstation-4/accessories' AND p.status = 1 AND p.visibility != 1"
        " ORDER BY p.price, p.id LIMIT 12")]
    assert _prices(html) == expected
    assert '<label for="sorter">Sort By</label>' in html
    # parent categories list the products of their subcategories
    parent = client.get("/video-games.html").text
    assert re.search(r"Items 1-12 of \d+", parent)
    shoes = client.get("/clothing-shoes-jewelry/women/shoes.html?price=0-25").text
    assert _prices(shoes) and all(p < 25 for p in _prices(shoes))
    assert "Price: $0.00 - $24.99" in shoes
    assert client.get("/no-such-thing.html").status_code == 404


def test_product_page_and_review(client: TestClient, store: SiteStateStore) -> None:
    conn = _db(store)
    p = _product(conn, LODGE)
    html = client.get(f"/{p['slug']}.html").text
    assert LODGE in html and p["sku"] in html and "$19.90" in html
    assert '<label class="label" for="qty">Qty</label>' in html
    assert ">Add to Cart</button>" in html and "Add to Wish List</button>" in html
    assert f"{p['review_count']} Reviews" in html
    for n, label in ((1, "1 star"), (5, "5 stars")):
        assert f'<label for="rating_{n}">{label}</label>' in html
    resp = client.post(f"/review/product/post/id/{p['id']}/", data={
        "rating": "4", "nickname": "Emma L", "summary": "Still great", "review": "Heats evenly."})
    assert resp.status_code == 200 and str(resp.url).endswith(f"/{p['slug']}.html")
    assert "Thank you! Your review has been submitted." in resp.text
    assert "Still great" in resp.text
    conn = _db(store)
    row = conn.execute("SELECT * FROM reviews WHERE product_id = ? ORDER BY id DESC LIMIT 1", (p["id"],)).fetchone()
    assert (row["customer_id"], row["nickname"], row["summary"], row["text"], row["rating"]) == (
        1, "Emma L", "Still great", "Heats evenly.", 4)
    assert _product(conn, LODGE)["review_count"] == p["review_count"] + 1
    # a review without a rating is refused
    bad = client.post(f"/review/product/post/id/{p['id']}/", data={
        "nickname": "X", "summary": "Y", "review": "Z"})
    assert "Please select one of each of the ratings above." in bad.text
    assert _db(store).execute("SELECT COUNT(*) FROM reviews WHERE summary = 'Y'").fetchone()[0] == 0


# --- cart and checkout -------------------------------------------------------------------


def _fill_cart(client: TestClient, store: SiteStateStore, key: str = "default") -> tuple[sqlite3.Row, sqlite3.Row]:
    conn = _db(store, key)
    lodge, sony = _product(conn, LODGE), _product(conn, SONY)
    r = client.post("/checkout/cart/add/", data={"product": lodge["id"], "qty": "2",
                                                 "return": f"/{lodge['slug']}.html"})
    assert f"You added {LODGE} to your shopping cart." in r.text
    client.post("/checkout/cart/add/", data={"product": sony["id"], "qty": "1", "return": "/electronics.html"})
    return lodge, sony


def _address(**changes: str) -> dict[str, str]:
    form = dict(firstname="Emma", lastname="Lopez", company="", street_1="4000 Forbes Ave", street_2="Apt 5",
                city="Pittsburgh", region="Pennsylvania", postcode="15213", country_id="US",
                telephone="4125550100", shipping_method="bestway")
    form.update(changes)
    return form


def test_cart_checkout_order_history(client: TestClient, store: SiteStateStore) -> None:
    lodge, sony = _fill_cart(client, store)
    cart = client.get("/checkout/cart/").text
    assert LODGE in cart and SONY in cart and "Update Shopping Cart" in cart and "Proceed to Checkout" in cart
    assert f"Qty for {LODGE}</label>" in cart
    item = _db(store).execute("SELECT id FROM cart_items WHERE customer_id = 1 AND product_id = ?", (lodge["id"],)).fetchone()[0]
    client.post("/checkout/cart/updatePost/", data={f"qty_{item}": "3"})
    assert _db(store).execute("SELECT qty FROM cart_items WHERE id = ?", (item,)).fetchone()[0] == 3

    form = client.get("/checkout/").text
    assert 'value="101 S San Mateo Dr"' in form and 'value="San Mateo"' in form
    assert "Flat Rate - Fixed ($5.00 per item)" in form and "Best Way - Table Rate ($15.00 per order)" in form
    assert ">Place Order</button>" in form

    done = client.post("/checkout/", data=_address())
    assert str(done.url).endswith("/checkout/onepage/success/")
    assert "Thank you for your purchase!" in done.text
    conn = _db(store)
    order = conn.execute("SELECT * FROM orders ORDER BY id DESC LIMIT 1").fetchone()
    assert order["customer_id"] == 1 and order["status"] == "pending"
    assert order["increment_id"] in done.text
    assert (order["shipping_street"], order["shipping_city"], order["shipping_region"], order["shipping_postcode"]) \
        == ("4000 Forbes Ave\nApt 5", "Pittsburgh", "Pennsylvania", "15213")
    assert order["shipping_method"] == "Best Way - Table Rate"
    subtotal = round(3 * lodge["price"] + sony["price"], 2)
    assert (order["subtotal"], order["shipping_amount"], order["grand_total"]) == (subtotal, 15.0,
                                                                                   round(subtotal + 15, 2))
    items = conn.execute("SELECT sku, name, price, qty FROM order_items WHERE order_id = ? ORDER BY id",
                         (order["id"],)).fetchall()
    assert [tuple(i) for i in items] == [(lodge["sku"], LODGE, lodge["price"], 3), (sony["sku"], SONY, sony["price"], 1)]
    assert conn.execute("SELECT COUNT(*) FROM cart_items WHERE customer_id = 1").fetchone()[0] == 0
    assert _product(conn, LODGE)["qty"] == lodge["qty"] - 3

    history = client.get("/sales/order/history/").text
    assert order["increment_id"] in history and f'aria-label="View Order {order["increment_id"]}"' in history
    view = client.get(f"/sales/order/view/order_id/{order['id']}/").text
    assert 'class="order-details-items ordered"' in view and lodge["sku"] in view and "Ordered: 3" in view
    assert "Best Way - Table Rate" in view and "Pittsburgh, Pennsylvania, 15213" in view
    # the cart is empty again
    assert "You have no items in your shopping cart." in client.get("/checkout/cart/").text


def test_checkout_flat_rate_is_per_item(client: TestClient, store: SiteStateStore) -> None:
    _fill_cart(client, store)
    client.post("/checkout/", data=_address(shipping_method="flatrate"))
    order = _db(store).execute("SELECT * FROM orders ORDER BY id DESC LIMIT 1").fetchone()
    assert (order["shipping_method"], order["total_qty"], order["shipping_amount"]) == ("Flat Rate - Fixed", 3, 15.0)


def test_checkout_validation(client: TestClient, store: SiteStateStore) -> None:
    _fill_cart(client, store)
    before = _db(store).execute("SELECT COUNT(*) FROM orders").fetchone()[0]
    r = client.post("/checkout/", data=_address(city=""))
    assert r.status_code == 200 and "Please correct the highlighted fields below." in r.text
    assert '<div class="field-error" id="err-city">This is a required field.</div>' in r.text
    assert 'value="4000 Forbes Ave"' in r.text  # typed values are kept
    r = client.post("/checkout/", data={k: v for k, v in _address().items() if k != "shipping_method"})
    assert "Please specify a shipping method." in r.text
    r = client.post("/checkout/", data=_address(postcode="ABC"))
    assert "Please enter a valid ZIP code" in r.text
    conn = _db(store)
    assert conn.execute("SELECT COUNT(*) FROM orders").fetchone()[0] == before
    assert conn.execute("SELECT COUNT(*) FROM cart_items WHERE customer_id = 1").fetchone()[0] == 2


def test_reorder_puts_items_in_cart(client: TestClient, store: SiteStateStore) -> None:
    conn = _db(store)
    order = conn.execute(
        "SELECT o.* FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.customer_id = 1"
        " AND i.name LIKE 'Jiffy Corn Muffin Mix%'").fetchone()
    r = client.post(f"/sales/order/reorder/order_id/{order['id']}/")
    assert str(r.url).endswith("/checkout/cart/") and "Jiffy Corn Muffin Mix" in r.text
    rows = _db(store).execute("SELECT product_id, qty FROM cart_items WHERE customer_id = 1").fetchall()
    expected = conn.execute("SELECT product_id, qty FROM order_items WHERE order_id = ?", (order["id"],)).fetchall()
    assert sorted(map(tuple, rows)) == sorted(map(tuple, expected))


def test_stock_limits(client: TestClient, store: SiteStateStore) -> None:
    conn = _db(store)
    gone = conn.execute("SELECT * FROM products WHERE qty = 0 AND type_id = 'simple' AND visibility = 4"
                        " ORDER BY id LIMIT 1").fetchone()
    html = client.get(f"/{gone['slug']}.html").text
    assert "Out of stock" in html and ">Add to Cart</button>" not in html
    r = client.post("/checkout/cart/add/", data={"product": gone["id"], "qty": "1", "return": "/"})
    assert f"{gone['name']} is out of stock." in r.text
    lodge = _product(conn, LODGE)
    r = client.post("/checkout/cart/add/", data={"product": lodge["id"], "qty": str(lodge["qty"] + 1), "return": "/"})
    assert "The requested qty is not available." in r.text
    assert _db(store).execute("SELECT COUNT(*) FROM cart_items WHERE customer_id = 1").fetchone()[0] == 0


def test_other_customers_orders_are_hidden(client: TestClient, store: SiteStateStore) -> None:
    other = _db(store).execute("SELECT id, increment_id FROM orders WHERE customer_id != 1 LIMIT 1").fetchone()
    assert client.get(f"/sales/order/view/order_id/{other['id']}/").status_code == 404
    assert other["increment_id"] not in client.get("/sales/order/history/?limit=50").text


# --- wish list, account ---------------------------------------------------------------------


def test_wishlist_add_remove_and_move_to_cart(client: TestClient, store: SiteStateStore) -> None:
    lodge = _product(_db(store), LODGE)
    r = client.post("/wishlist/index/add/", data={"product": lodge["id"]})
    assert str(r.url).endswith("/wishlist/") and f"{LODGE} has been added to your Wish List." in r.text
    assert 'class="products-grid wishlist"' in r.text
    item = _db(store).execute("SELECT id FROM wishlist_items WHERE product_id = ? AND customer_id = 1",
                              (lodge["id"],)).fetchone()[0]
    assert f'aria-label="Remove {LODGE} from Wish List"' in r.text
    client.post("/wishlist/index/remove/", data={"item": item})
    assert _db(store).execute("SELECT COUNT(*) FROM wishlist_items WHERE product_id = ?",
                              (lodge["id"],)).fetchone()[0] == 0
    seeded = _db(store).execute("SELECT id, product_id FROM wishlist_items WHERE customer_id = 1").fetchone()
    client.post("/wishlist/index/cart/", data={"item": seeded["id"]})
    conn = _db(store)
    assert conn.execute("SELECT COUNT(*) FROM wishlist_items WHERE id = ?", (seeded["id"],)).fetchone()[0] == 0
    assert conn.execute("SELECT qty FROM cart_items WHERE customer_id = 1 AND product_id = ?", (seeded["product_id"],)).fetchone()[0] == 1


def test_guest_is_sent_to_login(guest: TestClient, store: SiteStateStore) -> None:
    for path in ("/checkout/cart/", "/checkout/", "/wishlist/", "/customer/account/", "/sales/order/history/",
                 "/customer/address/"):
        r = guest.get(path, follow_redirects=False)
        assert r.status_code == 303, path
        assert r.headers["location"].startswith("/customer/account/login/?referer="), path
    lodge = _product(_db(store), LODGE)
    r = guest.post("/checkout/cart/add/", data={"product": lodge["id"], "qty": "1",
                                                "return": f"/{lodge['slug']}.html"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/customer/account/login/")
    assert _db(store).execute("SELECT COUNT(*) FROM cart_items WHERE customer_id = 1").fetchone()[0] == 0
    html = guest.get("/").text
    assert "Sign In" in html and "Sign Out" not in html


def test_logout_and_login(client: TestClient, store: SiteStateStore) -> None:
    r = client.get("/customer/account/logout/", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/customer/account/logoutSuccess/"
    assert SESSION_COOKIE in r.headers["set-cookie"]
    assert _db(store).execute("SELECT COUNT(*) FROM sessions WHERE token = ?",
                              (DEFAULT_SESSION_TOKEN,)).fetchone()[0] == 0
    guest = _client(store, logged_in=False)
    bad = guest.post("/customer/account/loginPost/", data={"login[username]": "emma.lopez@gmail.com",
                                                          "login[password]": "wrong"})
    assert "The account sign-in was incorrect" in bad.text
    ok = guest.post("/customer/account/loginPost/", data={"login[username]": "emma.lopez@gmail.com",
                                                         "login[password]": "Password.123",
                                                         "referer": "/wishlist/"})
    assert str(ok.url).endswith("/wishlist/") and "My Wish List" in ok.text and "Sign Out" in ok.text
    tokens = _db(store).execute("SELECT token FROM sessions WHERE customer_id = 1").fetchall()
    assert len(tokens) == 1 and tokens[0][0] != DEFAULT_SESSION_TOKEN
    assert guest.get("/customer/account/").status_code == 200


def test_address_book_newsletter_contact(client: TestClient, store: SiteStateStore) -> None:
    r = client.post("/customer/address/edit/id/1/", data=_address(
        street_1="231 Willow Way", street_2="Suite 100", city="Chicago", region="Illinois", postcode="60601",
        default_billing="1", default_shipping="1"))
    assert str(r.url).endswith("/customer/address/")
    box = re.search(r'class="box box-address-billing">.*?<div class="box-content">(.*?)</div>', r.text, re.S)
    assert box and "231 Willow Way" in box.group(1) and "Suite 100" in box.group(1)
    assert "Chicago, Illinois, 60601" in box.group(1)
    client.post("/newsletter/manage/", data={"is_subscribed": "1"})
    assert _db(store).execute("SELECT newsletter_subscribed FROM customers WHERE id = 1").fetchone()[0] == 1
    assert 'title="General Subscription" class="checkbox" checked' in client.get("/newsletter/manage/").text
    client.post("/contact/index/post/", data={"name": "Emma Lopez", "email": "emma.lopez@gmail.com",
                                              "comment": "Refund for order 000000261 please"})
    row = _db(store).execute("SELECT * FROM contact_messages").fetchone()
    assert row["customer_id"] == 1 and "000000261" in row["comment"]


# --- per-episode state ------------------------------------------------------------------------


def test_states_never_share_carts(store: SiteStateStore) -> None:
    store.create("ep1")
    store.create("ep2")
    ep1, ep2 = _client(store, state="ep1"), _client(store, state="ep2")
    _fill_cart(ep1, store, "ep1")
    assert "You have no items in your shopping cart." in ep2.get("/checkout/cart/").text
    assert "You have no items in your shopping cart." in _client(store).get("/checkout/cart/").text
    assert _db(store, "ep1").execute("SELECT COUNT(*) FROM cart_items WHERE customer_id = 1").fetchone()[0] == 2
    assert _db(store, "ep2").execute("SELECT COUNT(*) FROM cart_items WHERE customer_id = 1").fetchone()[0] == 0
    assert _db(store, "default").execute("SELECT COUNT(*) FROM cart_items WHERE customer_id = 1").fetchone()[0] == 0
    # a reset gives a fresh copy
    store.create("ep1")
    assert _db(store, "ep1").execute("SELECT COUNT(*) FROM cart_items WHERE customer_id = 1").fetchone()[0] == 0


def test_unknown_state_is_gone(store: SiteStateStore) -> None:
    r = _client(store, state="nope").get("/")
    assert r.status_code == 410


def test_product_image(client: TestClient, store: SiteStateStore, tmp_path: Path) -> None:
    r = client.get("/media/catalog/product/1.png")
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    assert r.content[:8] == b"\x89PNG\r\n\x1a\n"
    cached = list((tmp_path / "media" / "shopping" / SITE.seed_version).glob("*.png"))
    assert [p.read_bytes() for p in cached] == [r.content]
    assert client.get("/media/catalog/product/99999.png").status_code == 404


def test_product_image_resized_for_its_slot(client: TestClient) -> None:
    """`?size=N` serves the picture resized for an N-pixel slot (snapped up to a served size);
    no size, or one that is not a number, gives the full picture."""
    import io

    from PIL import Image

    def side(query: str) -> int:
        r = client.get(f"/media/catalog/product/1.png{query}")
        assert r.status_code == 200 and r.headers["content-type"] == "image/png"
        return Image.open(io.BytesIO(r.content)).size[0]

    assert side("") == side("?size=abc") == side("?size=5000") == 300
    assert side("?size=60") == 64 and side("?size=64") == 64 and side("?size=240") == 240
    assert side("?view=2&size=90") == 96
    menu = client.get("/media/catalog/category/1.png?size=32")
    assert Image.open(io.BytesIO(menu.content)).size == (32, 32)


# --- Email to a Friend, account sections, Change Password, advanced-search attributes ------------


def test_send_to_friend_validates_and_records(client: TestClient, guest: TestClient, store: SiteStateStore) -> None:
    lodge = _product(_db(store), LODGE)
    page = client.get(f"/{lodge['slug']}.html").text
    assert f'href="/sendfriend/product/send/id/{lodge["id"]}/"' in page and ">Email</a>" in page
    form = client.get(f"/sendfriend/product/send/id/{lodge['id']}/")
    assert form.status_code == 200 and "Add Invitee" in form.text and "Send Email" in form.text
    assert 'value="Emma Lopez"' in form.text and 'value="emma.lopez@gmail.com"' in form.text
    url = f"/sendfriend/product/sendmail/id/{lodge['id']}/"
    sender = {"sender[name]": "Emma Lopez", "sender[email]": "emma.lopez@gmail.com", "sender[message]": "Look!"}
    bad = client.post(url, data={**sender, "recipients[name][0]": "Ann", "recipients[email][0]": "not-an-email"})
    assert "Please enter a valid email address" in bad.text and 'value="Ann"' in bad.text
    missing = client.post(url, data={"sender[name]": "Emma Lopez", "sender[email]": "emma.lopez@gmail.com"})
    assert "This is a required field." in missing.text
    too_many = {f"recipients[{k}][{i}]": f"{k}{i}@example.com" for i in range(6) for k in ("name", "email")}
    assert "No more than 5 emails" in client.post(url, data={**sender, **too_many}).text
    assert _db(store).execute("SELECT COUNT(*) FROM sendfriend_log").fetchone()[0] == 0
    ok = client.post(url, data={**sender, "recipients[name][0]": "Ann Lee", "recipients[email][0]": "ann@example.com",
                                "recipients[name][1]": "Bo Chen", "recipients[email][1]": "bo@example.com"})
    assert str(ok.url).endswith(f"/{lodge['slug']}.html") and "The link to a friend was sent." in ok.text
    row = _db(store).execute("SELECT * FROM sendfriend_log").fetchone()
    assert row["customer_id"] == 1 and row["product_id"] == lodge["id"] and row["message"] == "Look!"
    assert [r["email"] for r in __import__("json").loads(row["recipients"])] == ["ann@example.com", "bo@example.com"]
    for _ in range(4):
        client.post(url, data={**sender, "recipients[name][0]": "Ann", "recipients[email][0]": "ann@example.com"})
    limited = client.post(url, data={**sender, "recipients[name][0]": "Ann", "recipients[email][0]": "ann@example.com"})
    assert "more than 5 times an hour" in limited.text
    assert _db(store).execute("SELECT COUNT(*) FROM sendfriend_log").fetchone()[0] == 5
    r = guest.get(f"/sendfriend/product/send/id/{lodge['id']}/", follow_redirects=False)
    assert r.status_code in (302, 303) and "/customer/account/login/" in r.headers["location"]
    assert client.get("/sendfriend/product/send/id/999999999/").status_code == 404


def test_account_sections_and_change_password(client: TestClient, store: SiteStateStore) -> None:
    dash = client.get("/customer/account/").text
    for url, title, empty in (("/downloadable/customer/products/", "My Downloadable Products", "downloadable products"),
                              ("/vault/cards/listaction/", "Stored Payment Methods", "no stored payment methods"),
                              ("/paypal/billing_agreement/", "Billing Agreements", "no billing agreements")):
        assert f'href="{url}">{title}</a>' in dash
        page = client.get(url)
        assert page.status_code == 200 and f'<strong aria-current="page">{title}</strong>' in page.text
        assert empty in page.text
    assert 'href="/customer/account/edit/changepass/1/">Change Password</a>' in dash
    form = client.get("/customer/account/edit/changepass/1/").text
    assert 'id="change-password" value="1" class="checkbox" title="Change Password" checked' in form
    assert 'name="current_password"' in form and 'name="password_confirmation"' in form
    base = {"firstname": "Emma", "lastname": "Lopez", "email": "emma.lopez@gmail.com", "change_password": "1"}
    wrong = client.post("/customer/account/edit/", data={**base, "current_password": "nope",
                                                         "password": "NewPass.456", "password_confirmation": "NewPass.456"})
    assert "match this account. Verify the password" in wrong.text
    short = client.post("/customer/account/edit/", data={**base, "current_password": "Password.123",
                                                         "password": "short", "password_confirmation": "short"})
    assert "Minimum length" in short.text
    ok = client.post("/customer/account/edit/", data={**base, "current_password": "Password.123",
                                                      "password": "NewPass.456", "password_confirmation": "NewPass.456"})
    assert "You saved the account information." in ok.text
    guest = _client(store, logged_in=False)
    old = guest.post("/customer/account/loginPost/", data={"login[username]": "emma.lopez@gmail.com",
                                                          "login[password]": "Password.123"})
    assert "The account sign-in was incorrect" in old.text
    new = guest.post("/customer/account/loginPost/", data={"login[username]": "emma.lopez@gmail.com",
                                                          "login[password]": "NewPass.456"})
    assert "Sign Out" in new.text
    # without the box ticked the password fields are ignored
    client.post("/customer/account/edit/", data={"firstname": "Emma", "lastname": "Lopez",
                                                 "email": "emma.lopez@gmail.com", "password": "x"})
    assert "Sign Out" in _client(store, logged_in=False).post("/customer/account/loginPost/", data={
        "login[username]": "emma.lopez@gmail.com", "login[password]": "NewPass.456"}).text


def test_advanced_search_material_filter(client: TestClient, store: SiteStateStore) -> None:
    form = client.get("/catalogsearch/advanced/").text
    assert 'id="adv-material" name="material[]"' in form and ">Cast Iron</option>" in form
    r = client.get("/catalogsearch/advanced/result/", params={"name": "skillet", "material[]": "Cast Iron"})
    assert r.status_code == 200 and "Material: Cast Iron" in r.text
    names = re.findall(r'<span class="product-item-name">(.*?)</span>', r.text)
    assert names
    conn = _db(store)
    for name in names:
        pid = conn.execute("SELECT id FROM products WHERE name = ?", (name.replace("&amp;", "&"),)).fetchone()[0]
        specs = dict(__import__("json").loads(conn.execute(
            "SELECT specs FROM content.product_texts WHERE product_id = ?", (pid,)).fetchone()[0]))
        assert specs["Material"] == "Cast Iron", name
    other = client.get("/catalogsearch/advanced/result/", params={"name": "skillet", "material[]": "Paper"}).text
    assert not set(names) & set(re.findall(r'<span class="product-item-name">(.*?)</span>', other))


def test_advanced_search_short_description_is_the_overview(client: TestClient, store: SiteStateStore) -> None:
    conn = _db(store)
    lodge = _product(conn, LODGE)
    desc = conn.execute("SELECT description FROM content.product_descriptions WHERE product_id = ?",
                        (lodge["id"],)).fetchone()
    text = lodge["description"] or desc[0]
    overview, rest = text.split("\n")[0], "\n".join(text.split("\n")[1:])
    assert 'name="short_description"' in client.get("/catalogsearch/advanced/").text

    def names(**params: str) -> list[str]:
        r = client.get("/catalogsearch/advanced/result/", params={"name": "Lodge", "product_list_limit": "36", **params})
        return [n.replace("&amp;", "&") for n in re.findall(r'<span class="product-item-name">(.*?)</span>', r.text)]

    assert LODGE in names(short_description=overview[2:30])
    later = next(line.lstrip("- ") for line in rest.split("\n") if line.strip() and line.lstrip("- ") not in overview)
    assert LODGE in names(description=later)
    assert LODGE not in names(short_description=later)


def test_advanced_search_tax_class_filter(client: TestClient, store: SiteStateStore) -> None:
    conn = _db(store)
    lodge = _product(conn, LODGE)
    assert 'name="tax_class_id[]"' in client.get("/catalogsearch/advanced/").text

    def names(*classes: str) -> list[str]:
        r = client.get("/catalogsearch/advanced/result/", params={"name": "Lodge", "product_list_limit": "36",
                                                                 "tax_class_id[]": list(classes)})
        return [n.replace("&amp;", "&") for n in re.findall(r'<span class="product-item-name">(.*?)</span>', r.text)]

    assert LODGE in names("Taxable Goods") and LODGE not in names("Gift Options")
    conn.execute("INSERT INTO product_attribute_values (product_id, code, value) VALUES (?, 'tax_class_id', '4')",
                 (lodge["id"],))
    conn.commit()
    assert names("Gift Options") == [LODGE] and LODGE not in names("Taxable Goods")
    assert LODGE in names("Gift Options", "None")
