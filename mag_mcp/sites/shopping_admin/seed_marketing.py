"""Seed rows for Marketing: cart and catalog price rules with their coupons (and the orders that
used them), e-mail and newsletter templates, the newsletter queue and its problem reports, the
search terms shoppers typed (drawn from the catalog's own words), synonyms, sitemaps and
custom URL redirects."""

from __future__ import annotations

import itertools
import random
import re
import sqlite3
import string
from collections import Counter

from .admin_data import (
    CART_RULES,
    CATALOG_RULES,
    EMAIL_TEMPLATES,
    NEWSLETTER_ERRORS,
    NEWSLETTER_TEMPLATES,
    SEARCH_TYPOS,
    SYNONYM_GROUPS,
    URL_REDIRECTS,
)
from .seed_settings import shift, stamp

STOPWORDS = {"and", "the", "for", "with", "pack", "count", "inch", "inches", "ounce", "ounces", "fl", "oz", "of", "in",
             "by", "to", "set", "piece", "pcs", "size", "new", "from", "one", "two", "per", "each"}
NO_RESULT_QUERIES = ["ferry tickets", "lighthouse poster", "gift card", "harbor days tshirt", "heron jersey",
                     "bike repair service", "sourdough starter", "observatory telescope rental", "store hours",
                     "return label", "zoo membership", "library tote"]


def _code(rng: random.Random) -> str:
    chars = string.ascii_uppercase + string.digits
    return "OSM-" + "".join(rng.choice(chars) for _ in range(4)) + "-" + "".join(rng.choice(chars) for _ in range(4))


def _rules(conn: sqlite3.Connection, rng: random.Random, today: str) -> None:
    coupons: list[tuple[int, str, int, str, str]] = []  # rule, code, limit, created, expires
    for rid, (name, desc, code, action, amount, free, groups, start, end, active) in enumerate(CART_RULES, 1):
        coupon_type = "no_coupon" if not code else "auto" if code == "*" else "specific"
        created = f"{start} 09:00:00" if start < today[:10] else shift(today, days=-3)
        conn.execute(
            "INSERT INTO salesrules (id, name, description, is_active, coupon_type, coupon_code, uses_per_coupon,"
            " uses_per_customer, from_date, to_date, sort_order, is_rss, simple_action, discount_amount, discount_qty,"
            " discount_step, apply_to_shipping, stop_rules_processing, simple_free_shipping, customer_group_ids, label,"
            " created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (rid, name, desc, active, coupon_type, code if coupon_type == "specific" else None,
             0 if coupon_type != "auto" else 1, 1 if "Welcome" in name or "Referral" in name else 0, start, end,
             rid % 4, int(coupon_type != "auto"), action, amount, 3 if action == "buy_x_get_y" else 0,
             3 if action == "buy_x_get_y" else 0, int(free), int(rid % 5 == 0), int(free),
             groups or "0,1,2,3,4,5", name if rid % 3 else "", created))
        if coupon_type == "specific":
            coupons.append((rid, code, 0, created, f"{end} 23:59:59" if end else ""))
        elif coupon_type == "auto":
            for _ in range(rng.randint(25, 60)):
                coupons.append((rid, _code(rng), 1, stamp(rng, created, today), ""))
    conn.executemany("INSERT INTO salesrule_coupons (rule_id, code, usage_limit, created_at, expiration_date)"
                     " VALUES (?,?,?,?,?)", coupons)
    _coupon_uses(conn, rng)
    groups_all = "0,1,2,3,4,5"
    for name, action, amount, groups, start, end, active, condition in CATALOG_RULES:
        conn.execute(
            "INSERT INTO catalogrules (name, description, is_active, from_date, to_date, customer_group_ids, sort_order,"
            " simple_action, discount_amount, stop_rules_processing, conditions, created_at)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            (name, f"{name}: {condition}.", active, start, end, groups or groups_all, rng.randint(0, 3), action, amount,
             int(rng.random() < 0.3), f"Category is {condition}" if condition != "Any category" else "",
             f"{start} 08:00:00" if start < today[:10] else shift(today, days=-2)))


def _coupon_uses(conn: sqlite3.Connection, rng: random.Random) -> None:
    """About 4% of the orders placed while a coupon's rule ran used that coupon."""
    rules = conn.execute("SELECT id, simple_action, discount_amount, from_date, to_date FROM salesrules"
                         " WHERE coupon_type != 'no_coupon' ORDER BY id").fetchall()
    codes: dict[int, list[int]] = {}
    for cid, rid in conn.execute("SELECT id, rule_id FROM salesrule_coupons ORDER BY id"):
        codes.setdefault(rid, []).append(cid)
    used_once: set[int] = set()
    uses = []
    for oid, created, subtotal, cust in conn.execute(
            "SELECT id, created_at, subtotal, customer_id FROM orders WHERE status != 'canceled' AND customer_id != 1"
            " ORDER BY id"):
        if rng.random() >= 0.04:
            continue
        day = created[:10]
        open_rules = [r for r in rules if r[3] <= day and (not r[4] or day <= r[4])]
        if not open_rules:
            continue
        rid, action, amount, _, _ = rng.choice(open_rules)
        free = [c for c in codes[rid] if c not in used_once]
        if not free:
            continue
        coupon = free[0] if len(codes[rid]) > 1 else codes[rid][0]
        if len(codes[rid]) > 1:
            used_once.add(coupon)
        discount = subtotal * amount / 100 if action == "by_percent" else min(amount, subtotal)
        uses.append((oid, coupon, round(discount, 2)))
    conn.executemany("INSERT INTO coupon_uses (order_id, coupon_id, discount_amount) VALUES (?,?,?)", uses)
    conn.execute("UPDATE salesrule_coupons SET times_used = (SELECT COUNT(*) FROM coupon_uses u"
                 " WHERE u.coupon_id = salesrule_coupons.id)")


def _communications(conn: sqlite3.Connection, rng: random.Random, today: str) -> None:
    for code, subject, orig in EMAIL_TEMPLATES:
        added = stamp(rng, "2021-02-01 00:00:00", shift(today, days=-60))
        conn.execute("INSERT INTO email_templates (code, subject, orig_code, text, added_at, modified_at)"
                     " VALUES (?,?,?,?,?,?)",
                     (code, subject, orig, (f'{{{{template config_path="design/email/header_template"}}}}\n<p>{subject}.'
                      f'</p>\n<p>Thank you for shopping at One Stop Market, Port Alder.</p>\n'
                      f'{{{{template config_path="design/email/footer_template"}}}}'), added, stamp(rng, added, today)))
    for code, subject in NEWSLETTER_TEMPLATES:
        added = stamp(rng, "2021-06-01 00:00:00", shift(today, days=-30))
        conn.execute("INSERT INTO newsletter_templates (code, subject, sender_name, sender_email, text, added_at,"
                     " modified_at) VALUES (?,?,?,?,?,?,?)",
                     (code, subject, "One Stop Market", "news@onestopmarket.com",
                      (f"<h1>{subject}</h1><p>Deals picked by our team in Port Alder.</p>"
                      "<p>{{var subscriber.getUnsubscriptionLink()}}</p>"), added, stamp(rng, added, today)))
    subscribers = conn.execute("SELECT COUNT(*) FROM customers WHERE newsletter_subscribed = 1").fetchone()[0]
    templates = conn.execute("SELECT id, subject FROM newsletter_templates ORDER BY id").fetchall()
    queue = []
    for _ in range(24):
        tid, subject = rng.choice(templates)
        start = stamp(rng, "2021-09-01 00:00:00", shift(today, days=10))
        if start > today:
            queue.append((tid, subject, "Not Sent", start, "", subscribers, 0))
            continue
        status = rng.choices(["Sent", "Cancelled", "Paused"], [12, 1, 1])[0]
        recipients = max(1, int(subscribers * rng.uniform(0.8, 1.0)))
        done = recipients if status == "Sent" else rng.randint(0, recipients)
        queue.append((tid, subject, status, start, shift(start, minutes=rng.randint(5, 90)) if status == "Sent" else "",
                      recipients, done))
    queue.sort(key=lambda q: q[3])
    conn.executemany("INSERT INTO newsletter_queue (template_id, subject, status, start_at, finish_at, recipients,"
                     " processed) VALUES (?,?,?,?,?,?,?)", queue)
    sent = [r[0] for r in conn.execute("SELECT id FROM newsletter_queue WHERE processed > 0 ORDER BY id")]
    subscribed = [r[0] for r in conn.execute("SELECT id FROM customers WHERE newsletter_subscribed = 1 ORDER BY id")]
    if sent and subscribed:
        problems = []
        for _ in range(30):
            code, text = rng.choice(NEWSLETTER_ERRORS)
            problems.append((rng.choice(sent), rng.choice(subscribed), code, text))
        problems.sort()
        conn.executemany("INSERT INTO newsletter_problems (queue_id, customer_id, error_code, error_text)"
                         " VALUES (?,?,?,?)", problems)


def _search(conn: sqlite3.Connection, rng: random.Random, today: str) -> None:
    """Search terms made of the catalog's words: frequent words, word pairs, brands, typos
    and a few searches that find nothing. `num_results` counts the enabled products whose
    name holds every word of the query."""
    index: dict[str, set[int]] = {}
    pairs: Counter[str] = Counter()
    for pid, name in conn.execute("SELECT id, name FROM products WHERE status = 1"):
        words = [w for w in re.findall(r"[a-z][a-z'-]{2,}", name.lower()) if w not in STOPWORDS]
        for w in set(words):
            index.setdefault(w, set()).add(pid)
        pairs.update({f"{a} {b}" for a, b in itertools.pairwise(words)})

    def hits(query: str) -> int:
        sets = [index.get(w, set()) for w in query.split()]
        return len(set.intersection(*sets)) if sets else 0

    singles = sorted(index, key=lambda w: (-len(index[w]), w))[:700]
    doubles = [p for p, _ in sorted(pairs.items(), key=lambda kv: (-kv[1], kv[0]))[:900]]
    brands = sorted({b.lower() for (b,) in conn.execute("SELECT DISTINCT brand FROM products")})[:300]
    queries = list(dict.fromkeys(singles + doubles + brands + list(SEARCH_TYPOS) + NO_RESULT_QUERIES))
    rows = []
    for rank, q in enumerate(sorted(queries, key=lambda q: rng.random())):
        popularity = max(1, int(2400 / (rank + 4) ** 0.85 * rng.uniform(0.6, 1.4)))
        found = 0 if q in SEARCH_TYPOS else hits(q)
        redirect = "" if rng.random() > 0.01 else "/catalogsearch/result/?q=" + q.replace(" ", "+")
        rows.append((q, found, popularity, redirect, int(rng.random() > 0.05),
                     stamp(rng, shift(today, days=-540), today)))
    rows.sort(key=lambda r: r[5])
    conn.executemany("INSERT INTO search_queries (query_text, num_results, popularity, redirect, display_in_terms,"
                     " updated_at) VALUES (?,?,?,?,?,?)", rows)
    conn.executemany("INSERT INTO search_synonyms (synonyms, scope) VALUES (?,?)",
                     [(g, "All Websites" if i % 4 else "Main Website") for i, g in enumerate(SYNONYM_GROUPS)])
    conn.executemany("INSERT INTO sitemaps (filename, path, generated_at) VALUES (?,?,?)", [
        ("sitemap.xml", "/", shift(today, days=-1)), ("sitemap_products.xml", "/media/sitemap/", shift(today, days=-7)),
        ("sitemap_categories.xml", "/media/sitemap/", shift(today, days=-7))])
    conn.executemany("INSERT INTO url_redirects (request_path, target_path, redirect_type) VALUES (?,?,?)",
                     [(req, target, 301 if i % 5 else 302) for i, (req, target) in enumerate(URL_REDIRECTS)])


def fill_marketing(conn: sqlite3.Connection, today: str) -> None:
    rng = random.Random("osm-admin:marketing")
    _rules(conn, rng, today)
    _communications(conn, rng, today)
    _search(conn, rng, today)
