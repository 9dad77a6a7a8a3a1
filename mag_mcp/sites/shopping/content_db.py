"""The shop's read-only content database (`SiteSpec.build_content`), attached as `content`.

Tables
------
product_texts(product_id PRIMARY KEY, details, specs)
    -- the long Details text of every visible product ('- ' lines are bullets) and its
    More Information rows, a JSON list of [label, value]
product_descriptions(product_id PRIMARY KEY, description)
    -- the short description of every generated product (ids after the original catalogue's,
    visible or not); the episode's `products.description` is NULL for them until edited
product_search  -- FTS5 (porter stemming), rowid = product id, over the seed's visible products:
    name, brand, category (the names of its three categories), keywords (the kinds its leaf
    sells, its colour, sizes, pack), description. Contentless: it answers MATCH and bm25 only.
search_terms(term PRIMARY KEY, docs)
    -- the words of names, brands, categories and keywords, with the number of products having each
search_deletes(del, term)
    -- typo tolerance (a symmetric-delete index): every string made by deleting one letter
    (two, for words of eight letters or more) of a term, with that term

Products added or edited during an episode are not in this index: the storefront's search
reads them from the episode's own database (`search_dirty`, see `seed.py`).
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
from collections import Counter
from pathlib import Path

from . import texts
from .generator import NOT_VISIBLE, Catalog, Item, catalog
from .seed_util import SEED

WORD = re.compile(r"[a-z0-9]+")
MIN_TYPO_LENGTH = 4  # shorter words are never corrected
TWO_EDITS_FROM = 8  # words this long tolerate two edits

SCHEMA = """
CREATE TABLE product_texts (product_id INTEGER PRIMARY KEY, details TEXT NOT NULL, specs TEXT NOT NULL);
CREATE TABLE product_descriptions (product_id INTEGER PRIMARY KEY, description TEXT NOT NULL);
CREATE VIRTUAL TABLE product_search USING fts5(
    name, brand, category, keywords, description, content='', tokenize='porter unicode61 remove_diacritics 2');
CREATE TABLE search_terms (term TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE search_deletes (del TEXT NOT NULL, term TEXT NOT NULL, PRIMARY KEY (del, term)) WITHOUT ROWID;
"""


def deletes(word: str) -> set[str]:
    """`word` with one letter deleted, and with two for long words (itself excluded)."""
    out = {word[:i] + word[i + 1:] for i in range(len(word))}
    if len(word) >= TWO_EDITS_FROM:
        out |= {w[:i] + w[i + 1:] for w in list(out) for i in range(len(w))}
    out.discard(word)
    return out


def category_names(cat_by_id: dict, cat_id: int) -> list[str]:
    names = []
    while cat_id is not None:
        cat = cat_by_id[cat_id]
        names.append(cat.name)
        cat_id = cat.parent_id
    return names


def _keywords(world: Catalog, item: Item, children: dict[int, list[Item]]) -> str:
    leaf = world.categories[item.category_id - 1].leaf
    words = [k.label.replace("{", " ").replace("}", " ").replace("~", " ") for k in leaf.kinds] if leaf else []
    words.append(item.color)
    for child in children.get(item.id, []):
        words += [child.color, child.size]
    if item.pack > 1:
        words.append(f"pack of {item.pack}")
    return " ".join(w for w in dict.fromkeys(words) if w)


def build_content(path: Path) -> None:
    """Write the content database of `generator.catalog()` to `path`."""
    world = catalog()
    cat_by_id = {c.id: c for c in world.categories}
    children: dict[int, list[Item]] = {}
    for p in world.products:
        if p.parent_id is not None:
            children.setdefault(p.parent_id, []).append(p)
    conn = sqlite3.connect(path)
    try:
        conn.executescript(SCHEMA)
        text_rows, search_rows = [], []
        term_docs: Counter[str] = Counter()
        for p in world.products:
            if p.visibility == NOT_VISIBLE:
                continue
            rng = random.Random(f"{SEED}:details:{p.sku}")
            features = texts.feature_pool(p.top)
            body = texts.details(rng, p.name, p.brand, p.kind, cat_by_id[p.category_id].name, features,
                                 p.modifiers, p.pack)
            sizes = ", ".join(dict.fromkeys(c.size for c in children.get(p.id, []) if c.size))
            specs = texts.spec_rows(rng, p.brand, p.color, sizes, p.created_at)
            text_rows.append((p.id, body, json.dumps(specs)))
            category = " ".join(category_names(cat_by_id, p.category_id))
            keywords = _keywords(world, p, children)
            search_rows.append((p.id, p.name, p.brand, category, keywords, p.description))
            term_docs.update(set(WORD.findall(f"{p.name} {p.brand} {category} {keywords}".lower())))
        conn.executemany("INSERT INTO product_texts VALUES (?,?,?)", text_rows)
        conn.executemany("INSERT INTO product_descriptions VALUES (?,?)",
                         [(p.id, p.description) for p in world.products[world.originals:]])
        conn.executemany("INSERT INTO product_search (rowid, name, brand, category, keywords, description)"
                         " VALUES (?,?,?,?,?,?)", search_rows)
        conn.execute("INSERT INTO product_search (product_search) VALUES ('optimize')")
        conn.executemany("INSERT INTO search_terms VALUES (?,?)", sorted(term_docs.items()))
        dels = sorted({(d, t) for t in term_docs if len(t) >= MIN_TYPO_LENGTH and not t.isdigit()
                       for d in deletes(t)})
        conn.executemany("INSERT INTO search_deletes VALUES (?,?)", dels)
        conn.commit()
        conn.execute("VACUUM")
    finally:
        conn.close()
