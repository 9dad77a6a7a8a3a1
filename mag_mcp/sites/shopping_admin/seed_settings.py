"""Seed rows for customer groups and online visitors, content (CMS pages, blocks, widgets,
design), the stores' settings (taxes, currencies, attributes, statuses, configuration) and the
system pages (roles, locks, integrations, cache, indexers, logs, notifications)."""

from __future__ import annotations

import random
import sqlite3
from datetime import datetime, timedelta

from ..shopping.catalog_data import US_STATES
from .admin_data import (
    ADMIN_ROLES,
    ATTRIBUTE_SETS,
    BULK_ACTIONS,
    CACHE_TYPES,
    CMS_BLOCKS,
    CMS_PAGES,
    CONFIG_SECTIONS,
    CURRENCIES,
    CUSTOM_VARIABLES,
    CUSTOMER_GROUPS,
    IMPORT_ENTITIES,
    INDEXERS,
    INTEGRATIONS,
    NOTIFICATIONS,
    ORDER_STATUSES,
    PRODUCT_ATTRIBUTES,
    RATINGS,
    REPORT_STATISTICS,
    TERMS,
    THEMES,
    VISITED_PATHS,
    WIDGETS,
)

FMT = "%Y-%m-%d %H:%M:%S"
# Sales tax by state (percent); states left out charge none (Oregon has no sales tax).
STATE_TAX = {"California": 7.25, "Washington": 6.5, "New York": 4.0, "Texas": 6.25, "Florida": 6.0, "Illinois": 6.25,
             "Nevada": 6.85, "Arizona": 5.6, "Colorado": 2.9, "Massachusetts": 6.25, "New Jersey": 6.625,
             "Pennsylvania": 6.0, "Georgia": 4.0, "Michigan": 6.0, "Ohio": 5.75, "Idaho": 6.0, "Utah": 6.1}


def shift(ts: str, **delta: float) -> str:
    """`ts` ('YYYY-MM-DD[ HH:MM:SS]') moved by a timedelta's keyword arguments."""
    return (datetime.fromisoformat(ts[:19]) + timedelta(**delta)).strftime(FMT)


def stamp(rng: random.Random, start: str, end: str) -> str:
    """A random time from `start` to `end`."""
    a, b = datetime.fromisoformat(start[:19]), datetime.fromisoformat(end[:19])
    return (a + timedelta(seconds=rng.randrange(max(1, int((b - a).total_seconds()))))).strftime(FMT)


def _page_html(title: str, n: int) -> str:
    """A CMS page body: a heading, a few paragraphs and a link list, in the shop's voice."""
    para = [
        (f"<p>{title} at One Stop Market: everything you need to know, from our team at the Eastgate warehouse "
        "in Port Alder, Oregon.</p>"),
        ("<p>Orders placed before 2 pm ship the same business day. Best Way shipping costs a flat $15.00 per order; "
        "Flat Rate costs $5.00 per item.</p>"),
        ("<p>Questions? Call (503) 555-0140, Monday to Saturday from 9 am to 7 pm, or write to "
        "support@onestopmarket.com.</p>"),
        "<p>Pick up your order at the warehouse on Eastgate Industrial Way; bring the order number and a photo ID.</p>",
        ("<p>Returns are accepted within 30 days of delivery. Refunds go back to the original payment method once "
        "we receive the item.</p>"),
    ]
    links = "".join(f'<li><a href="{{{{store url=\'{u}\'}}}}">{label}</a></li>' for u, label in
                    (("customer-service", "Customer Service"), ("returns", "Returns"), ("contact", "Contact Us")))
    return f"<h2>{title}</h2>" + "".join(para[(n + i) % len(para)] for i in range(3)) + f"<ul>{links}</ul>"


def _customers(conn: sqlite3.Connection, rng: random.Random, today: str) -> None:
    conn.executemany("INSERT INTO customer_groups (id, code, tax_class) VALUES (?,?,?)", CUSTOMER_GROUPS)
    members = []
    for (cid,) in conn.execute("SELECT id FROM customers WHERE id > 1 ORDER BY id"):
        roll = rng.random()
        group = 2 if roll < 0.07 else 3 if roll < 0.11 else 4 if roll < 0.125 else 5 if roll < 0.135 else 1
        if group != 1:
            members.append((cid, group))
    conn.executemany("INSERT INTO customer_group_members (customer_id, group_id) VALUES (?,?)", members)
    ids = [r[0] for r in conn.execute("SELECT id FROM customers ORDER BY id")]
    online = sorted(rng.sample(ids, min(len(ids), 28)))
    rows = []
    for i, cid in enumerate(online + [None] * 14):
        last = shift(today, minutes=-rng.randint(0, 14))
        rows.append((cid, f"{rng.getrandbits(64):016x}", shift(last, minutes=-rng.randint(1, 90)), last,
                     rng.choice(VISITED_PATHS)))
    rows.sort(key=lambda r: r[3])
    conn.executemany("INSERT INTO customer_visitors (customer_id, session_id, first_visit_at, last_visit_at, last_url)"
                     " VALUES (?,?,?,?,?)", rows)


def _content(conn: sqlite3.Connection, rng: random.Random, today: str) -> None:
    start = "2021-01-04 00:00:00"
    for n, (title, key, layout, active) in enumerate(CMS_PAGES):
        created = start if n < 4 else stamp(rng, "2021-02-01 00:00:00", shift(today, days=-30))
        conn.execute(
            "INSERT INTO cms_pages (title, identifier, content_heading, content, is_active, page_layout, meta_title,"
            " meta_keywords, meta_description, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (title, key, title if n else "Whoops, our bad...", _page_html(title, n), active, layout,
             f"{title} | One Stop Market", ", ".join(title.lower().split()[:3]),
             f"{title} at One Stop Market, Port Alder.", created, stamp(rng, created, today)))
    for n, (title, key, active) in enumerate(CMS_BLOCKS):
        created = stamp(rng, "2021-02-01 00:00:00", shift(today, days=-20))
        conn.execute("INSERT INTO cms_blocks (title, identifier, content, is_active, created_at, updated_at)"
                     " VALUES (?,?,?,?,?,?)", (title, key, (f'<div class="block-{key}"><p>{title}.</p>'
                                              f'{_page_html(title, n).split("</h2>", 1)[1][:260]}</div>'),
                                              active, created, stamp(rng, created, today)))
    blocks = {r[0]: r[1] for r in conn.execute("SELECT title, id FROM cms_blocks")}
    for title, kind, handle, order in WIDGETS:
        conn.execute("INSERT INTO widgets (title, type, theme, sort_order, layout_handle, block_id)"
                     " VALUES (?,?,?,?,?,?)", (title, kind, "One Stop Market", order, handle, blocks.get(title)))
    conn.executemany("INSERT INTO design_themes (title, code, parent) VALUES (?,?,?)", THEMES)
    conn.executemany("INSERT INTO design_config (website, store, store_view, theme_id) VALUES (?,?,?,?)", [
        ("", "", "", 3), ("Main Website", "", "", 3), ("Main Website", "Main Website Store", "Default Store View", 3)])
    conn.executemany("INSERT INTO design_schedule (store_view, theme_id, date_from, date_to) VALUES (?,?,?,?)", [
        ("Default Store View", 4, "2021-11-20", "2022-01-02"), ("Default Store View", 4, "2022-11-20", "2023-01-02"),
        ("Default Store View", 4, "2023-11-20", "2024-01-02")])


def _stores(conn: sqlite3.Connection) -> None:
    rates = [(f"US-{code}-*-Rate 1", "US", name, "*", rate) for code, name in US_STATES
             if (rate := STATE_TAX.get(name)) is not None]
    rates += [("US-OR-97215-Exempt", "US", "Oregon", "97215", 0.0), ("US-*-*-Rate Zero", "US", "*", "*", 0.0)]
    conn.executemany("INSERT INTO tax_rates (code, country_id, region, postcode, rate) VALUES (?,?,?,?,?)", rates)
    codes = [r[0] for r in rates]
    conn.executemany(
        "INSERT INTO tax_rules (code, priority, position, customer_tax_classes, product_tax_classes, rate_codes)"
        " VALUES (?,?,?,?,?,?)",
        [("US Sales Tax", 0, 0, "Retail Customer", "Taxable Goods", ",".join(codes[:-2])),
         ("Oregon No Sales Tax", 0, 1, "Retail Customer", "Taxable Goods", codes[-2]),
         ("Tax Exempt Organizations", 1, 2, "Tax Exempt Org", "Taxable Goods", codes[-1])])
    conn.executemany("INSERT INTO currency_rates (currency_from, currency_to, rate) VALUES ('USD',?,?)",
                     [(c, r) for c, _, _, r in CURRENCIES])
    conn.executemany("INSERT INTO currency_symbols (code, name, symbol) VALUES (?,?,?)",
                     [(c, n, s) for c, n, s, _ in CURRENCIES])
    conn.executemany("INSERT INTO checkout_agreements (name, checkbox_text, content, is_active, mode) VALUES (?,?,?,?,?)",
                     TERMS)
    defaults = {"new": "pending", "processing": "processing", "complete": "complete", "closed": "closed",
                "canceled": "canceled", "holded": "holded", "payment_review": "payment_review",
                "pending_payment": "pending_payment"}
    conn.executemany("INSERT INTO order_statuses (status, label, state, is_default, visible_on_front) VALUES (?,?,?,?,?)",
                     [(s, label, st, int(defaults.get(st) == s), int(s not in ("fraud", "payment_review")))
                      for s, label, st in ORDER_STATUSES])
    conn.executemany("INSERT INTO store_config (path, value) VALUES (?,?)",
                     [(path, value) for rows in CONFIG_SECTIONS.values() for path, _, value in rows])
    conn.executemany(
        "INSERT INTO product_attributes (code, label, input_type, is_required, is_user_defined, scope, is_searchable,"
        " is_filterable, is_comparable, is_visible_on_front) VALUES (?,?,?,?,?,?,?,?,?,?)", PRODUCT_ATTRIBUTES)
    base = [a[0] for a in PRODUCT_ATTRIBUTES if not a[4]]
    extra = [a[0] for a in PRODUCT_ATTRIBUTES if a[4]]
    conn.executemany("INSERT INTO attribute_sets (name, attribute_codes) VALUES (?,?)",
                     [(name, ",".join(base + extra[: (i * 2) % (len(extra) + 1)])) for i, name in
                      enumerate(ATTRIBUTE_SETS)])
    conn.executemany("INSERT INTO ratings (code, is_active, position) VALUES (?,?,?)",
                     [(code, int(code != "Price"), i) for i, code in enumerate(RATINGS)])


def _system(conn: sqlite3.Connection, rng: random.Random, today: str) -> None:
    conn.executemany("INSERT INTO admin_roles (name, resources) VALUES (?,?)", ADMIN_ROLES)
    inactive = conn.execute("SELECT id FROM admin_users WHERE is_active = 0 ORDER BY id").fetchall()
    for (uid,) in inactive[:1]:
        conn.execute("INSERT INTO admin_user_locks (admin_user_id, failures_num, first_failure, lock_expires)"
                     " VALUES (?,?,?,?)", (uid, 6, shift(today, days=-3), shift(today, days=27)))
    for n, (name, email, endpoint, status) in enumerate(INTEGRATIONS):
        conn.execute("INSERT INTO integrations (name, email, endpoint, status, created_at) VALUES (?,?,?,?,?)",
                     (name, email, endpoint, status, stamp(rng, "2021-06-01 00:00:00", shift(today, days=-10))))
    conn.executemany("INSERT INTO cache_types (code, label, description, tags, is_enabled, is_invalidated, position)"
                     " VALUES (?,?,?,?,?,?,?)",
                     [(c, label, d, t, 1, int(c in ("full_page", "block_html")), i)
                      for i, (c, label, d, t) in enumerate(CACHE_TYPES)])
    conn.executemany("INSERT INTO indexers (code, title, description, mode, status, updated_at, position)"
                     " VALUES (?,?,?,?,?,?,?)",
                     [(c, t, d, "Update by Schedule" if i % 3 == 0 else "Update on Save",
                       "invalid" if c in ("catalogsearch_fulltext", "catalogrule_rule") else "valid",
                       shift(today, hours=-rng.randint(1, 200)), i) for i, (c, t, d) in enumerate(INDEXERS)])
    users = [r[0] for r in conn.execute("SELECT username FROM admin_users WHERE is_active = 1 ORDER BY id")]
    history = []
    for i in range(14):
        entity = rng.choice(IMPORT_ENTITIES)
        rows = rng.randint(20, 2400)
        errors = rng.choice([0, 0, 0, rng.randint(1, 12)])
        name = entity.lower().replace(" ", "_")
        history.append((stamp(rng, "2022-01-10 00:00:00", shift(today, days=-2)), rng.choice(users),
                        f"{name}_{i + 1:02d}.csv", f"{rng.randint(2, 180)} second(s)",
                        f"Created: {rows - errors}, Updated: {rng.randint(0, 50)}, Deleted: 0", 
                        f"error_{name}_{i + 1:02d}.csv" if errors else ""))
    history.sort()
    conn.executemany("INSERT INTO import_history (started_at, username, imported_file, execution_time, summary,"
                     " error_file) VALUES (?,?,?,?,?,?)", history)
    bulk = []
    for _ in range(22):
        n = rng.randint(2, 180)
        failed = rng.choice([0, 0, 0, 1, rng.randint(1, 5)])
        bulk.append((rng.choice(BULK_ACTIONS).format(n=n), stamp(rng, "2022-06-01 00:00:00", today),
                     "Finished successfully" if not failed else "Finished with failures", rng.choice(users), n,
                     min(failed, n)))
    bulk.sort(key=lambda r: r[1])
    conn.executemany("INSERT INTO bulk_actions (description, started_at, status, username, operations_total,"
                     " operations_failed) VALUES (?,?,?,?,?,?)", bulk)
    notes = []
    for severity, title, description in NOTIFICATIONS:
        added = stamp(rng, "2022-09-01 00:00:00", today)
        notes.append((severity, title, description, int(added < shift(today, days=-45)), added))
    notes.sort(key=lambda r: r[4])
    conn.executemany("INSERT INTO admin_notifications (severity, title, description, is_read, date_added)"
                     " VALUES (?,?,?,?,?)", notes)
    conn.executemany("INSERT INTO custom_variables (code, name, html_value, plain_value) VALUES (?,?,?,?)",
                     [(c, n, f"<strong>{v}</strong>", v) for c, n, v in CUSTOM_VARIABLES])
    conn.executemany("INSERT INTO report_statistics (code, report, updated_at) VALUES (?,?,?)",
                     [(c, r, shift(today, hours=-rng.randint(2, 400))) for c, r in REPORT_STATISTICS])


def fill_settings(conn: sqlite3.Connection, today: str) -> None:
    rng = random.Random("osm-admin:settings")
    _customers(conn, rng, today)
    _content(conn, rng, today)
    _stores(conn)
    _system(conn, rng, today)
