"""The admin's own tables, added to the shop's seed database (`extend_seed`, called once at
the end of the shop's seed build) and derived deterministically from the shop's rows.

Schema (all `id` columns INTEGER PRIMARY KEY; money REAL rounded to 2 decimals; timestamps
TEXT 'YYYY-MM-DD HH:MM:SS', never later than the shop's latest order)
------
Sales documents
  A document's number (increment id) is printf('%09d', id); an invoice or a shipment covers its
  whole order (amounts and quantities are the order's).
  invoices(id, order_id, created_at)  -- one per invoiced order (processing, complete, some on hold)
  shipments(id, order_id, created_at, email_sent)  -- one per complete order
  shipment_tracks(id, shipment_id, carrier 'ups'|'usps'|'fedex'|'custom', track_number)
  creditmemos(id, order_id, invoice_id, state 'refunded', created_at, subtotal,
      shipping_amount, adjustment_refund, adjustment_fee, grand_total, comment)  -- partial refunds
  creditmemo_items(id, creditmemo_id, order_item_id, qty, row_total, back_to_stock)
  payment_transactions  -- VIEW: a capture per invoice (id 2 * invoice id), a refund per credit
      memo (2 * id + 1): id, txn_id, parent_txn_id, order_id, txn_type, is_closed, created_at
  billing_agreements(id, customer_id, reference_id, method, status, created_at, updated_at)
Customers
  customer_groups(id 0..5, code, tax_class); customer_group_members(customer_id PK, group_id)
      -- a customer without a row is in group 1 (General)
  customer_visitors(id, customer_id NULL for guests, session_id, first_visit_at, last_visit_at,
      last_url)  -- "Now Online"
Marketing
  salesrules(id, name, description, is_active, coupon_type 'no_coupon'|'specific'|'auto',
      coupon_code, uses_per_coupon, uses_per_customer, from_date, to_date, sort_order, is_rss,
      simple_action, discount_amount, discount_qty, discount_step, apply_to_shipping,
      stop_rules_processing, simple_free_shipping, customer_group_ids ('0,1,2' or ''), label,
      created_at)
  salesrule_coupons(id, rule_id, code UNIQUE, usage_limit, times_used, created_at, expiration_date)
  coupon_uses(order_id PK, coupon_id, discount_amount)  -- for the Coupons report
  catalogrules(id, name, description, is_active, from_date, to_date, customer_group_ids,
      sort_order, simple_action, discount_amount, stop_rules_processing, conditions, created_at)
  email_templates, newsletter_templates, newsletter_queue, newsletter_problems,
  search_queries(id, query_text UNIQUE, num_results, popularity, redirect, display_in_terms, updated_at)
  search_synonyms(id, synonyms, scope); sitemaps(id, filename, path, generated_at)
  url_redirects(id, request_path, target_path, redirect_type); url_rewrites -- VIEW over
      categories, products, cms_pages and url_redirects
Content
  cms_pages, cms_blocks, widgets, design_themes, design_config, design_schedule
Catalog (what the storefront does not show; sparse: a product without a row has the default)
  product_attribute_values(product_id, code, value) -- codes: cost, special_price,
      special_from_date, special_to_date, msrp, weight, country_of_manufacture, meta_keyword,
      news_from_date, news_to_date, visibility, tax_class_id, short_description, ...
  product_links(product_id, linked_product_id, link_type 'related'|'upsell'|'crosssell', position)
  product_options(id, product_id, title, type, is_require, price, price_type, sku, max_characters,
      sort_order); product_option_values(id, option_id, title, price, price_type, sku, sort_order)
  product_tier_prices(id, product_id, customer_group_id, qty, value)
  category_attribute_values(category_id, code, value)
  product_views(period 'YYYY-MM', product_id, views)  -- Reports > Products > Views
  product_attributes, attribute_sets, ratings
Stores and System
  tax_rates, tax_rules, currency_rates, currency_symbols, checkout_agreements, order_statuses,
  store_config(path PK, value), admin_roles, admin_user_locks, integrations, cache_types, indexers,
  import_history, bulk_actions, admin_notifications, custom_variables, report_statistics,
  admin_bookmarks(admin_user_id, grid, columns)  -- a grid's chosen columns
"""

from __future__ import annotations

import sqlite3

from .seed_catalog import fill_catalog
from .seed_marketing import fill_marketing
from .seed_sales_docs import fill_sales_docs
from .seed_settings import fill_settings

SCHEMA = """
CREATE TABLE invoices (id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders(id),
    created_at TEXT NOT NULL);
CREATE INDEX invoices_order ON invoices(order_id);
CREATE TABLE shipments (id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders(id),
    created_at TEXT NOT NULL, email_sent INTEGER NOT NULL DEFAULT 1);
CREATE INDEX shipments_order ON shipments(order_id);
CREATE TABLE shipment_tracks (id INTEGER PRIMARY KEY, shipment_id INTEGER NOT NULL REFERENCES shipments(id)
    ON DELETE CASCADE, carrier TEXT NOT NULL, track_number TEXT NOT NULL);
CREATE INDEX shipment_tracks_shipment ON shipment_tracks(shipment_id);
CREATE TABLE creditmemos (id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders(id),
    invoice_id INTEGER REFERENCES invoices(id),
    state TEXT NOT NULL, created_at TEXT NOT NULL, subtotal REAL NOT NULL, shipping_amount REAL NOT NULL,
    adjustment_refund REAL NOT NULL DEFAULT 0, adjustment_fee REAL NOT NULL DEFAULT 0, grand_total REAL NOT NULL,
    comment TEXT NOT NULL DEFAULT '');
CREATE INDEX creditmemos_order ON creditmemos(order_id);
CREATE TABLE creditmemo_items (id INTEGER PRIMARY KEY, creditmemo_id INTEGER NOT NULL REFERENCES creditmemos(id),
    order_item_id INTEGER NOT NULL REFERENCES order_items(id), qty INTEGER NOT NULL, row_total REAL NOT NULL,
    back_to_stock INTEGER NOT NULL DEFAULT 0);
CREATE VIEW payment_transactions AS
    SELECT i.id * 2 AS id, printf('CHK-%09d', i.id) AS txn_id, '' AS parent_txn_id, i.order_id AS order_id,
        'capture' AS txn_type, 1 AS is_closed, i.created_at AS created_at FROM invoices i
    UNION ALL
    SELECT c.id * 2 + 1, printf('REF-%09d', c.id), COALESCE(printf('CHK-%09d', i.id), ''), c.order_id, 'refund', 1,
        c.created_at FROM creditmemos c LEFT JOIN invoices i ON i.id = c.invoice_id;
CREATE TABLE billing_agreements (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id),
    reference_id TEXT NOT NULL UNIQUE, method TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL);

CREATE TABLE customer_groups (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, tax_class TEXT NOT NULL);
CREATE TABLE customer_group_members (customer_id INTEGER PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
    group_id INTEGER NOT NULL REFERENCES customer_groups(id));
CREATE TABLE customer_visitors (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id) ON DELETE CASCADE,
    session_id TEXT NOT NULL, first_visit_at TEXT NOT NULL, last_visit_at TEXT NOT NULL, last_url TEXT NOT NULL);

CREATE TABLE salesrules (id INTEGER PRIMARY KEY, name TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
    is_active INTEGER NOT NULL, coupon_type TEXT NOT NULL, coupon_code TEXT, uses_per_coupon INTEGER NOT NULL DEFAULT 0,
    uses_per_customer INTEGER NOT NULL DEFAULT 0, from_date TEXT NOT NULL DEFAULT '', to_date TEXT NOT NULL DEFAULT '',
    sort_order INTEGER NOT NULL DEFAULT 0, is_rss INTEGER NOT NULL DEFAULT 1, simple_action TEXT NOT NULL,
    discount_amount REAL NOT NULL, discount_qty REAL NOT NULL DEFAULT 0, discount_step INTEGER NOT NULL DEFAULT 0,
    apply_to_shipping INTEGER NOT NULL DEFAULT 0, stop_rules_processing INTEGER NOT NULL DEFAULT 0,
    simple_free_shipping INTEGER NOT NULL DEFAULT 0, customer_group_ids TEXT NOT NULL, label TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL, website_ids TEXT NOT NULL DEFAULT '1', store_label TEXT NOT NULL DEFAULT '');
CREATE TABLE salesrule_coupons (id INTEGER PRIMARY KEY, rule_id INTEGER NOT NULL REFERENCES salesrules(id) ON DELETE CASCADE,
    code TEXT NOT NULL UNIQUE, usage_limit INTEGER NOT NULL DEFAULT 0, times_used INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL, expiration_date TEXT NOT NULL DEFAULT '');
CREATE INDEX salesrule_coupons_rule ON salesrule_coupons(rule_id);
CREATE TABLE coupon_uses (order_id INTEGER PRIMARY KEY REFERENCES orders(id), coupon_id INTEGER NOT NULL
    REFERENCES salesrule_coupons(id) ON DELETE CASCADE, discount_amount REAL NOT NULL);
CREATE TABLE catalogrules (id INTEGER PRIMARY KEY, name TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
    is_active INTEGER NOT NULL, from_date TEXT NOT NULL DEFAULT '', to_date TEXT NOT NULL DEFAULT '',
    customer_group_ids TEXT NOT NULL, sort_order INTEGER NOT NULL DEFAULT 0, simple_action TEXT NOT NULL,
    discount_amount REAL NOT NULL, stop_rules_processing INTEGER NOT NULL DEFAULT 0, conditions TEXT NOT NULL,
    created_at TEXT NOT NULL);
CREATE TABLE email_templates (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, subject TEXT NOT NULL,
    orig_code TEXT NOT NULL, text TEXT NOT NULL, added_at TEXT NOT NULL, modified_at TEXT NOT NULL);
CREATE TABLE newsletter_templates (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, subject TEXT NOT NULL,
    sender_name TEXT NOT NULL, sender_email TEXT NOT NULL, text TEXT NOT NULL, added_at TEXT NOT NULL,
    modified_at TEXT NOT NULL);
CREATE TABLE newsletter_queue (id INTEGER PRIMARY KEY, template_id INTEGER NOT NULL REFERENCES newsletter_templates(id),
    subject TEXT NOT NULL, status TEXT NOT NULL, start_at TEXT NOT NULL, finish_at TEXT NOT NULL DEFAULT '',
    recipients INTEGER NOT NULL, processed INTEGER NOT NULL);
CREATE TABLE newsletter_problems (id INTEGER PRIMARY KEY, queue_id INTEGER NOT NULL REFERENCES newsletter_queue(id),
    customer_id INTEGER REFERENCES customers(id) ON DELETE CASCADE, error_code INTEGER NOT NULL,
    error_text TEXT NOT NULL);
CREATE TABLE search_queries (id INTEGER PRIMARY KEY, query_text TEXT NOT NULL UNIQUE, num_results INTEGER NOT NULL,
    popularity INTEGER NOT NULL, redirect TEXT NOT NULL DEFAULT '', display_in_terms INTEGER NOT NULL DEFAULT 1,
    updated_at TEXT NOT NULL);
CREATE TABLE search_synonyms (id INTEGER PRIMARY KEY, synonyms TEXT NOT NULL, scope TEXT NOT NULL);
CREATE TABLE sitemaps (id INTEGER PRIMARY KEY, filename TEXT NOT NULL, path TEXT NOT NULL,
    generated_at TEXT NOT NULL DEFAULT '');
CREATE TABLE url_redirects (id INTEGER PRIMARY KEY, request_path TEXT NOT NULL UNIQUE, target_path TEXT NOT NULL,
    redirect_type INTEGER NOT NULL);

CREATE TABLE cms_pages (id INTEGER PRIMARY KEY, title TEXT NOT NULL, identifier TEXT NOT NULL UNIQUE,
    content_heading TEXT NOT NULL DEFAULT '', content TEXT NOT NULL, is_active INTEGER NOT NULL, page_layout TEXT NOT NULL,
    meta_title TEXT NOT NULL DEFAULT '', meta_keywords TEXT NOT NULL DEFAULT '', meta_description TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE cms_blocks (id INTEGER PRIMARY KEY, title TEXT NOT NULL, identifier TEXT NOT NULL UNIQUE,
    content TEXT NOT NULL, is_active INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE widgets (id INTEGER PRIMARY KEY, title TEXT NOT NULL, type TEXT NOT NULL, theme TEXT NOT NULL,
    sort_order INTEGER NOT NULL, layout_handle TEXT NOT NULL, block_id INTEGER REFERENCES cms_blocks(id) ON DELETE SET NULL);
CREATE TABLE design_themes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, code TEXT NOT NULL UNIQUE, parent TEXT NOT NULL);
CREATE TABLE design_config (id INTEGER PRIMARY KEY, website TEXT NOT NULL, store TEXT NOT NULL, store_view TEXT NOT NULL,
    theme_id INTEGER NOT NULL REFERENCES design_themes(id));
CREATE TABLE design_schedule (id INTEGER PRIMARY KEY, store_view TEXT NOT NULL, theme_id INTEGER NOT NULL
    REFERENCES design_themes(id), date_from TEXT NOT NULL, date_to TEXT NOT NULL);

CREATE TABLE product_attribute_values (product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    code TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (product_id, code)) WITHOUT ROWID;
CREATE TABLE product_links (product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    link_type TEXT NOT NULL, linked_product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    position INTEGER NOT NULL, PRIMARY KEY (product_id, link_type, linked_product_id)) WITHOUT ROWID;
CREATE TABLE product_options (id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    title TEXT NOT NULL, type TEXT NOT NULL, is_require INTEGER NOT NULL, price REAL NOT NULL DEFAULT 0,
    price_type TEXT NOT NULL DEFAULT 'fixed', sku TEXT NOT NULL DEFAULT '', max_characters INTEGER NOT NULL DEFAULT 0,
    sort_order INTEGER NOT NULL);
CREATE INDEX product_options_product ON product_options(product_id);
CREATE TABLE product_option_values (id INTEGER PRIMARY KEY, option_id INTEGER NOT NULL REFERENCES product_options(id)
    ON DELETE CASCADE, title TEXT NOT NULL, price REAL NOT NULL, price_type TEXT NOT NULL, sku TEXT NOT NULL,
    sort_order INTEGER NOT NULL);
CREATE INDEX product_option_values_option ON product_option_values(option_id);
CREATE TABLE product_tier_prices (id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL REFERENCES products(id)
    ON DELETE CASCADE, customer_group_id INTEGER NOT NULL, qty REAL NOT NULL, value REAL NOT NULL);
CREATE INDEX product_tier_prices_product ON product_tier_prices(product_id);
CREATE TABLE category_attribute_values (category_id INTEGER NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
    code TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (category_id, code)) WITHOUT ROWID;
CREATE TABLE product_views (period TEXT NOT NULL, product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    views INTEGER NOT NULL, PRIMARY KEY (period, product_id)) WITHOUT ROWID;
CREATE TABLE product_attributes (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, label TEXT NOT NULL,
    input_type TEXT NOT NULL, is_required INTEGER NOT NULL, is_user_defined INTEGER NOT NULL, scope TEXT NOT NULL,
    is_searchable INTEGER NOT NULL, is_filterable INTEGER NOT NULL, is_comparable INTEGER NOT NULL,
    is_visible_on_front INTEGER NOT NULL);
CREATE TABLE attribute_sets (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, attribute_codes TEXT NOT NULL);
CREATE TABLE ratings (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, is_active INTEGER NOT NULL,
    position INTEGER NOT NULL);

CREATE TABLE tax_rates (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, country_id TEXT NOT NULL,
    region TEXT NOT NULL, postcode TEXT NOT NULL, rate REAL NOT NULL);
CREATE TABLE tax_rules (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, priority INTEGER NOT NULL,
    position INTEGER NOT NULL, customer_tax_classes TEXT NOT NULL, product_tax_classes TEXT NOT NULL,
    rate_codes TEXT NOT NULL);
CREATE TABLE currency_rates (currency_from TEXT NOT NULL, currency_to TEXT NOT NULL, rate REAL NOT NULL,
    PRIMARY KEY (currency_from, currency_to)) WITHOUT ROWID;
CREATE TABLE currency_symbols (code TEXT PRIMARY KEY, name TEXT NOT NULL, symbol TEXT NOT NULL,
    use_default INTEGER NOT NULL DEFAULT 1) WITHOUT ROWID;
CREATE TABLE checkout_agreements (id INTEGER PRIMARY KEY, name TEXT NOT NULL, checkbox_text TEXT NOT NULL,
    content TEXT NOT NULL, is_active INTEGER NOT NULL, mode TEXT NOT NULL);
CREATE TABLE order_statuses (status TEXT PRIMARY KEY, label TEXT NOT NULL, state TEXT NOT NULL,
    is_default INTEGER NOT NULL, visible_on_front INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE store_config (path TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE admin_roles (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, resources TEXT NOT NULL);
CREATE TABLE admin_user_locks (admin_user_id INTEGER PRIMARY KEY REFERENCES admin_users(id), failures_num INTEGER NOT NULL,
    first_failure TEXT NOT NULL, lock_expires TEXT NOT NULL);
CREATE TABLE integrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, email TEXT NOT NULL,
    endpoint TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE cache_types (code TEXT PRIMARY KEY, label TEXT NOT NULL, description TEXT NOT NULL, tags TEXT NOT NULL,
    is_enabled INTEGER NOT NULL, is_invalidated INTEGER NOT NULL, position INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE indexers (code TEXT PRIMARY KEY, title TEXT NOT NULL, description TEXT NOT NULL, mode TEXT NOT NULL,
    status TEXT NOT NULL, updated_at TEXT NOT NULL, position INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE import_history (id INTEGER PRIMARY KEY, started_at TEXT NOT NULL, username TEXT NOT NULL,
    imported_file TEXT NOT NULL, execution_time TEXT NOT NULL, summary TEXT NOT NULL, error_file TEXT NOT NULL);
CREATE TABLE bulk_actions (id INTEGER PRIMARY KEY, description TEXT NOT NULL, started_at TEXT NOT NULL,
    status TEXT NOT NULL, username TEXT NOT NULL, operations_total INTEGER NOT NULL, operations_failed INTEGER NOT NULL);
CREATE TABLE admin_notifications (id INTEGER PRIMARY KEY, severity INTEGER NOT NULL, title TEXT NOT NULL,
    description TEXT NOT NULL, is_read INTEGER NOT NULL, date_added TEXT NOT NULL);
CREATE TABLE custom_variables (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
    html_value TEXT NOT NULL, plain_value TEXT NOT NULL);
CREATE TABLE report_statistics (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, report TEXT NOT NULL,
    updated_at TEXT NOT NULL);
CREATE TABLE admin_bookmarks (admin_user_id INTEGER NOT NULL REFERENCES admin_users(id), grid TEXT NOT NULL,
    columns TEXT NOT NULL, PRIMARY KEY (admin_user_id, grid)) WITHOUT ROWID;

CREATE INDEX IF NOT EXISTS orders_created ON orders(created_at);
CREATE INDEX IF NOT EXISTS reviews_customer ON reviews(customer_id);
CREATE INDEX IF NOT EXISTS reviews_created ON reviews(created_at);
CREATE INDEX IF NOT EXISTS addresses_customer ON addresses(customer_id);
CREATE INDEX IF NOT EXISTS order_items_product ON order_items(product_id);
"""

URL_REWRITES_VIEW = """
CREATE VIEW url_rewrites AS
    SELECT c.id AS id, 'category' AS entity, c.id AS entity_id, c.url_path || '.html' AS request_path,
        'catalog/category/view/id/' || c.id AS target_path, 0 AS redirect_type FROM categories c
    UNION ALL
    SELECT 100000 + p.id, 'product', p.id, p.slug || '.html', 'catalog/product/view/id/' || p.id, 0 FROM products p
    UNION ALL
    SELECT 900000 + g.id, 'cms-page', g.id, g.identifier, 'cms/page/view/page_id/' || g.id, 0 FROM cms_pages g
    UNION ALL
    SELECT 950000 + r.id, 'custom', r.id, r.request_path, r.target_path, r.redirect_type FROM url_redirects r;
"""


def extend_seed(conn: sqlite3.Connection) -> None:
    """Add the admin's tables to the shop's freshly built database `conn` (not committed here:
    the shop's build commits). Deterministic: the same shop rows give the same admin rows."""
    conn.executescript(SCHEMA)
    conn.executescript(URL_REWRITES_VIEW)
    today = conn.execute("SELECT MAX(created_at) FROM orders").fetchone()[0] or "2023-06-12 08:00:00"
    fill_settings(conn, today)
    fill_sales_docs(conn, today)
    fill_marketing(conn, today)
    fill_catalog(conn, today)
