"""The whole catalogue as data: the original products (ids 1..344, exactly as the first
seed wrote them, moved into third-level leaves) and the generated ones after them.

Generated products come in families: one product line (a kind, a size, a modifier) sold
by several brands, in several pack sizes or colours, so every listing and search has
near duplicates. Clothing and shoes are partly configurable products: a parent listing
(``type_id='configurable'``) with one child per size and colour (``type_id='simple'``,
``visibility=1``: not shown on its own, its own SKU and stock), as Magento keeps them.

`catalog()` is pure and cached: the seed (`seed.py`) and the content database
(`content_db.py`) both read it, so they agree on every id.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import lru_cache

from . import taxonomy, texts, vocab
from .seed_util import SEED, expand, sku, ts, unique_slug
from .taxonomy import Category

VISIBLE = 4  # Magento's "Catalog, Search"
NOT_VISIBLE = 1  # "Not Visible Individually": the children of a configurable product
GENDER = {"women": "Women's ", "men": "Men's ", "girls": "Girls' ", "boys": "Boys' "}
_SMALL_WORDS = {"for", "with", "and", "of", "to", "in", "or", "the", "a"}


@dataclass
class Item:
    """One row of `products`, plus what the content database and pictures need."""

    id: int
    sku: str
    name: str
    slug: str
    brand: str
    price: float
    category_id: int
    description: str
    qty: int
    created_at: str
    top: str
    icon: str
    kind: str  # what it is, in words (for texts)
    type_id: str = "simple"
    parent_id: int | None = None
    visibility: int = VISIBLE
    color: str = ""
    size: str = ""
    pack: int = 1
    original: bool = False
    family: int = 0
    position: int = 0  # Magento's category position (listing order "Position"); 0 for children
    modifiers: tuple[str, ...] = field(default_factory=tuple)


@dataclass
class Catalog:
    categories: tuple[Category, ...]
    products: list[Item]
    originals: int  # products 1..originals are the original catalogue's

    def by_id(self, product_id: int) -> Item:
        return self.products[product_id - 1]


def color_of(name: str) -> str:
    """The palette colour an original product's name ends with ('' when none)."""
    tail = name.split(",", 1)[1] if "," in name else ""
    best = ""
    for alias, color in vocab.COLOR_ALIASES.items():
        if alias in tail:
            return color
    for color in sorted(vocab.COLORS, key=len, reverse=True):
        if color in tail:
            best = color
            break
    return best


def _titleish(text: str) -> str:
    words = text.split(" ")
    return " ".join(w if (i and w in _SMALL_WORDS) or not w[:1].isalpha() else w[:1].upper() + w[1:]
                    for i, w in enumerate(words))


def _price(rng: random.Random, value: float) -> float:
    whole = max(1, math.floor(value))
    cents = rng.choices([0.99, 0.49, 0.95, 0.0, 0.97, 0.79], [50, 14, 14, 8, 9, 5])[0]
    return round(whole + cents, 2)


def _originals(tree: tuple[Category, ...], used_skus: set[str], used_slugs: set[str]) -> list[Item]:
    """The original catalogue's products, drawn exactly as the first seed drew them."""
    out: list[Item] = []
    for cat in tree:
        if cat.original_leaf is None:
            continue
        features, lines = cat.original_leaf
        feats = [f.strip() for f in features.split(";")]
        for line in (ln for ln in lines.strip().splitlines() if ln.strip()):
            for brand, name, price in expand(line):
                slug = unique_slug(name, used_slugs)
                prng = random.Random(f"{SEED}:product:{name}")
                code = sku(prng, used_skus)
                opener = prng.choice([
                    f"A {cat.name.lower()} favorite from {brand} that shoppers keep coming back to.",
                    f"From {brand}, a {cat.name.lower()} essential designed for everyday use.",
                    f"{brand} brings quality and value together in this {cat.name.lower()} pick.",
                    f"Upgrade your routine with this best-selling {cat.name.lower()} item from {brand}.",
                ])
                bullets = [f"- {f[0].upper()}{f[1:]}" for f in prng.sample(feats, 3)]
                description = "\n".join([opener, *bullets, f"Model: {code}. Ships from and sold by One Stop Market."])
                qty = prng.randint(8, 400)
                created = ts(prng, "2021-01-04 00:00:00", "2022-01-01 00:00:00")
                leaf, icon = taxonomy.leaf_for_original(cat.id, name)
                kind = name.split(",")[0]
                kind = kind[len(brand) + 1:] if kind.startswith(brand + " ") else kind
                out.append(Item(len(out) + 1, code, name, slug, brand, round(price, 2), leaf.id, description, qty,
                                created, cat.top_slug, icon, kind, color=color_of(name), original=True))
    return out


class _LeafMaker:
    """Generates one leaf's products into the shared lists (ids continue from `items`)."""

    def __init__(self, cat: Category, tree: tuple[Category, ...], items: list[Item], used_names: set[str],
                 used_skus: set[str], used_slugs: set[str], real_brands: list[str]) -> None:
        assert cat.leaf is not None
        self.cat, self.leaf, self.items = cat, cat.leaf, items
        self.used_names, self.used_skus, self.used_slugs = used_names, used_skus, used_slugs
        self.rng = random.Random(f"{SEED}:leaf:{cat.url_path}")
        self.brands = list(vocab.BRANDS[cat.top_slug])
        self.real = real_brands
        parent = tree[cat.parent_id - 1] if cat.parent_id else cat
        self.gender = GENDER.get(parent.slug, "")
        self.features = texts.feature_pool(cat.top_slug)
        self.colors = list(vocab.COLOR_WEIGHTS)
        self.color_weights = list(vocab.COLOR_WEIGHTS.values())

    def _brand_pick(self, n: int) -> list[str]:
        pool = self.brands + (self.real if self.rng.random() < 0.5 else [])
        return self.rng.sample(pool, min(n, len(pool)))

    def _colors(self, n: int) -> list[str]:
        out: list[str] = []
        while len(out) < n:
            c = self.rng.choices(self.colors, self.color_weights)[0]
            if c not in out:
                out.append(c)
        return out

    def _add(self, name: str, brand: str, price: float, kind: str, icon: str, family: int, **extra: object) -> Item | None:
        if name in self.used_names:
            return None
        self.used_names.add(name)
        rng = self.rng
        item = Item(
            id=len(self.items) + 1, sku=sku(rng, self.used_skus), name=name, slug=unique_slug(name, self.used_slugs),
            brand=brand, price=price, category_id=self.cat.id,
            description=texts.short_description(rng, brand, kind, self.cat.name, self.features, self.leaf.modifiers),
            qty=0 if rng.random() < 0.04 else int(rng.triangular(3, 400, 40)),
            created_at=ts(rng, "2019-03-01 00:00:00", "2023-05-31 00:00:00"), top=self.cat.top_slug, icon=icon,
            kind=kind, family=family, modifiers=self.leaf.modifiers)
        for key, value in extra.items():
            setattr(item, key, value)
        self.items.append(item)
        return item

    def _configurable(self, name: str, brand: str, price: float, kind: str, icon: str, family: int) -> int:
        rng, flags = self.rng, self.leaf.flags
        parent = self._add(name, brand, price, kind, icon, family, type_id="configurable", qty=0)
        if parent is None:
            return 0
        colors = self._colors(rng.choice([2, 2, 3, 3, 4])) if "C" in flags else [""]
        if "S" in flags:
            start = rng.randint(0, 1)
            sizes = list(vocab.APPAREL_SIZES[start:start + rng.randint(4, 5)])
        elif "Z" in flags:
            start = rng.randint(0, 6)
            sizes = list(vocab.SHOE_SIZES[start:start + rng.randint(4, 6)])
        else:
            sizes = [""]
        for color in colors:
            for size in sizes:
                child_name = "-".join(x for x in (name, size, color) if x)
                bump = 2.0 if size in ("XXL", "13") else 0.0
                child = self._add(child_name, brand, round(price + bump, 2), kind, icon, family, parent_id=parent.id,
                                  visibility=NOT_VISIBLE, color=color, size=size,
                                  description="", qty=0 if rng.random() < 0.15 else rng.randint(1, 45))
                if child is not None:
                    child.sku = "-".join(x.replace(" ", "") for x in (parent.sku, size, color) if x)
        return 1

    def _game(self, family: int, target: int) -> int:
        rng, made = self.rng, 0
        first, second = rng.choice(vocab.GAME_FIRST), rng.choice(vocab.GAME_SECOND)
        title = f"{first} {second}" + (f": {rng.choice(vocab.GAME_SUBTITLE)}" if rng.random() < 0.4 else "")
        publisher = rng.choice(vocab.GAME_PUBLISHERS)
        base = math.exp(rng.uniform(math.log(self.leaf.low), math.log(self.leaf.high)))
        for platform in self.leaf.kinds:
            for edition in ["", *rng.sample(self.leaf.modifiers, rng.choice([0, 1, 1, 2]))]:
                if edition == "Standard Edition":
                    continue
                name = f"{title}{' ' + edition if edition else ''} - {platform.label}"
                price = _price(rng, base * (1.6 if edition else 1.0))
                made += self._add(name, publisher, price, "video game", platform.icon, family) is not None
        return made

    def make(self, target: int) -> None:
        rng, leaf = self.rng, self.leaf
        made = family = 0
        while made < target:
            family += 1
            fam = self.cat.id * 1000 + family
            if "g" in leaf.flags:
                made += self._game(fam, target)
                continue
            kind = rng.choice(leaf.kinds)
            label = rng.choice(kind.options())
            mod = _titleish(rng.choice(leaf.modifiers)) if leaf.modifiers and rng.random() < 0.55 else ""
            base = math.exp(rng.uniform(math.log(leaf.low), math.log(leaf.high)))
            for brand in self._brand_pick(rng.choice([1, 1, 2, 2, 2, 3, 3, 4])):
                stem = f"{brand} {self.gender}{label}" + (f", {mod}" if mod else "")
                price = base * rng.uniform(0.8, 1.25)
                if leaf.configurable and rng.random() < 0.45:
                    made += self._configurable(stem, brand, _price(rng, price), label, kind.icon, fam)
                    continue
                colors = self._colors(rng.choice([1, 1, 2, 3])) if ("c" in leaf.flags or leaf.configurable) else [""]
                packs = [("", 1)]
                if "p" in leaf.flags:
                    packs += rng.sample(vocab.PACKS[1:], rng.choice([0, 1, 1, 2]))
                for color in colors:
                    for pack, units in packs[: max(1, 3 // len(colors))]:
                        name = stem + (f", {color}" if color else "") + (f", {pack}" if pack else "")
                        value = price * (units * 0.88 if units > 1 else 1)
                        made += self._add(name, brand, _price(rng, value), label, kind.icon, fam,
                                          color=color, pack=units) is not None


def leaf_target(cat: Category) -> int:
    """How many listings (visible products) a leaf gets."""
    assert cat.leaf is not None
    return 49 + 6 * len(cat.leaf.kinds) + (10 if "p" in cat.leaf.flags else 0)


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    tree = taxonomy.category_tree()
    used_skus: set[str] = set()
    used_slugs = {c.url_path for c in tree}
    items = _originals(tree, used_skus, used_slugs)
    originals = len(items)
    used_names = {i.name for i in items}
    real_by_leaf: dict[int, list[str]] = {}  # brands of the original catalogue, by leaf
    for i in items:
        brands = real_by_leaf.setdefault(i.category_id, [])
        if i.brand not in brands:
            brands.append(i.brand)
    for cat in taxonomy.leaves():
        have = sum(1 for i in items[:originals] if i.category_id == cat.id)
        real = real_by_leaf.get(cat.id, [])
        maker = _LeafMaker(cat, tree, items, used_names, used_skus, used_slugs, real)
        maker.make(max(0, leaf_target(cat) - have))
    shown = [i for i in items if i.visibility != NOT_VISIBLE]
    random.Random(f"{SEED}:positions").shuffle(shown)
    for rank, item in enumerate(shown, 1):
        item.position = rank
    return Catalog(tree, items, originals)
