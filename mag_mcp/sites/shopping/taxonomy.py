"""The shop's category tree: the original catalogue's categories plus the generated ones.

The original tree (`catalog_data.CATALOG`) keeps its ids (1..64, in its walk order) and
url paths; the blocks of `tree_personal`, `tree_home`, `tree_tech` and `tree_food` add
second-level categories and third-level leaves after them (ids 65..), so every product
sits in a leaf three levels deep. An original second-level category that gets leaves
of its own stops being a leaf: its original products move to the leaf whose product
kinds share most words with their names (`leaf_for_original`).

Everything here is deterministic and pure (no database): the seed and the content
database both build from it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from . import catalog_data as data
from .tree_food import FOOD
from .tree_home import HOME
from .tree_personal import PERSONAL
from .tree_tech import TECH

BLOCKS = (PERSONAL, HOME, TECH, FOOD)
FLAG_LETTERS = set("pcCSZg-")
_WORD = re.compile(r"[a-z0-9]+")


def slugify(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@dataclass(frozen=True)
class ProductKind:
    """One kind of product a leaf sells; `label` may hold one ``{a~b~c}`` choice group."""

    label: str
    icon: str

    def options(self) -> list[str]:
        """The label with each alternative of its choice group filled in."""
        m = re.search(r"\{([^}]*)\}", self.label)
        if not m:
            return [self.label]
        return [self.label[: m.start()] + alt + self.label[m.end():] for alt in m.group(1).split("~")]


@dataclass(frozen=True)
class Leaf:
    """What the generator needs to know about a leaf category."""

    icon: str
    low: float
    high: float
    flags: str
    kinds: tuple[ProductKind, ...]
    modifiers: tuple[str, ...]

    @property
    def configurable(self) -> bool:
        return any(f in self.flags for f in "CSZ")


@dataclass
class Category:
    id: int
    parent_id: int | None
    name: str
    slug: str
    url_path: str
    level: int
    position: int
    top_slug: str
    leaf: Leaf | None = None
    original_leaf: tuple[str, str] | None = None  # (features, lines) of an original leaf
    children: list[int] = field(default_factory=list)


def _words(text: str) -> set[str]:
    out = set()
    for w in _WORD.findall(text.lower()):
        out.add(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w)
    return out


def _parse_leaf(line: str, where: str) -> tuple[str, Leaf]:
    parts = [p.strip() for p in line.split("|")]
    if len(parts) != 6:
        raise ValueError(f"{where}: a leaf line has 6 fields, got {len(parts)}: {line!r}")
    name, icon, prices, flags, kinds, modifiers = parts
    low, _, high = prices.partition("-")
    if not set(flags) <= FLAG_LETTERS:
        raise ValueError(f"{where}: unknown flags {flags!r}")
    parsed = []
    for k in (k.strip() for k in kinds.split(";")):
        label, _, own_icon = k.partition("@")
        parsed.append(ProductKind(label.strip(), own_icon.strip() or icon))
    return name, Leaf(icon, float(low), float(high), flags.replace("-", ""), tuple(parsed),
                      tuple(m.strip() for m in modifiers.split(";") if m.strip()))


@lru_cache(maxsize=1)
def category_tree() -> tuple[Category, ...]:
    """Every category, in id order (ids are positions + 1)."""
    cats: list[Category] = []
    by_path: dict[str, Category] = {}

    def add(parent: Category | None, name: str, slug: str, top: str) -> Category:
        path = f"{parent.url_path}/{slug}" if parent else slug
        siblings = parent.children if parent else [c.id for c in cats if c.parent_id is None]
        cat = Category(len(cats) + 1, parent.id if parent else None, name, slug, path,
                       parent.level + 1 if parent else 1, len(siblings) + 1, top)
        cats.append(cat)
        by_path[path] = cat
        if parent:
            parent.children.append(cat.id)
        return cat

    def walk(nodes: list[tuple], parent: Category | None, top: str | None) -> None:
        for node in nodes:
            cat = add(parent, node[1], node[0], top or node[0])
            if isinstance(node[2], list):
                walk(node[2], cat, top or node[0])
            else:
                cat.original_leaf = (node[2], node[3])

    walk(data.CATALOG, None, None)
    for block in BLOCKS:
        top: Category | None = None
        second: Category | None = None
        for n, raw in enumerate(block.strip().splitlines(), 1):
            line = raw.strip()
            where = f"tree line {n}"
            if not line:
                continue
            if line.startswith("@ "):
                top = by_path[line[2:].strip()]
                second = None
            elif line.startswith("# "):
                if top is None:
                    raise ValueError(f"{where}: a second-level category before any top level")
                slug, _, name = (p.strip() for p in line[2:].partition("|"))
                second = by_path.get(f"{top.url_path}/{slug}") or add(top, name, slug, top.slug)
            else:
                if second is None:
                    raise ValueError(f"{where}: a leaf before any second-level category")
                name, leaf = _parse_leaf(line, where)
                path = f"{second.url_path}/{slugify(name)}"
                cat = by_path.get(path) or add(second, name, slugify(name), second.top_slug)
                cat.leaf = leaf
    for cat in cats:
        if cat.children and cat.leaf is not None:
            raise ValueError(f"category {cat.url_path} has both children and products")
        if not cat.children and cat.leaf is None:
            raise ValueError(f"leaf category {cat.url_path} has no generator line")
    return tuple(cats)


def leaves() -> list[Category]:
    return [c for c in category_tree() if c.leaf is not None]


def descendants_leaves(cat_id: int) -> list[Category]:
    tree = category_tree()
    out: list[Category] = []
    todo = [cat_id]
    while todo:
        c = tree[todo.pop() - 1]
        if c.leaf is not None:
            out.append(c)
        todo.extend(reversed(c.children))
    return out


# Original products the word match would misplace: name prefix -> (leaf slug under the
# original category, or "" to keep the match; icon, or "" to keep the match's).
ORIGINAL_OVERRIDES: dict[str, tuple[str, str]] = {
    "Wet Brush Original Detangler": ("brushes-combs", "🪮"),
    "Olaplex No. 3": ("hair-treatments", ""),
    "CamelBak M.U.L.E.": ("bike-accessories", "🎒"),
    "Wahoo ELEMNT": ("bike-accessories", "🚲"),
    "McCormick Ground Cinnamon": ("herbs-spices", "🧂"),
    "Pandora Moments Snake Chain Bracelet": ("rings-bracelets", "📿"),
    "Melissa & Doug Giant Golden Retriever": ("stuffed-animals", "🐶"),
    "Mind Reader Adjustable Ergonomic Footrest": ("desk-accessories", ""),
    "Bosch GLM 50 C": ("", "📏"),
    "Globe Electric 63 Inch Floor Lamp": ("lamps-fixtures", ""),
    "Seventh Generation Dish Liquid Soap": ("dishwashing", ""),
    "OLLY Extra Strength Sleep Gummy": ("herbal-supplements", ""),
    "DenTek Ultimate Dental Guard": ("first-aid", "🦷"),
    "KIND Bars": ("snack-bars", ""),
    "Versace Bright Crystal": ("women-s-fragrance", ""),
    "Levi's Women's 711 Skinny Jeans": ("", "👖"),
    "PRETTYGARDEN Women's Summer Floral Wrap": ("", "👗"),
    "Columbia Women's Arcadia II": ("", "🧥"),
    "Wrangler Authentics Men's": ("", "👖"),
    "Carhartt Men's Knit Cuffed Beanie": ("", "🧢"),
    "DREAM PAIRS Women's Low Wedge Heel Ankle Booties": ("", "👢"),
    "FULLSOFT Women's Memory Foam Slippers": ("", "🥿"),
    "Dr. Scholl's Shoes Women's Madison": ("", "🥿"),
    "ostent 16GB Memory Card": ("", "💾"),
    "Nature Valley Crunchy Granola Bars": ("", "🍫"),
}


def leaf_for_original(original_cat: int, product_name: str) -> tuple[Category, str]:
    """The leaf an original product moves to (its own category when that is still a leaf)
    and the icon its picture shows: most words in common with a product kind wins,
    earliest on ties, unless `ORIGINAL_OVERRIDES` says otherwise."""
    leaf, kind = _best_kind(original_cat, product_name)
    icon = kind.icon
    for prefix, (slug, own_icon) in ORIGINAL_OVERRIDES.items():
        if product_name.startswith(prefix):
            if slug:
                leaf = next(c for c in descendants_leaves(original_cat) if c.slug == slug)
                icon = leaf.leaf.icon if leaf.leaf else icon
            icon = own_icon or icon
    return leaf, icon


def _best_kind(original_cat: int, product_name: str) -> tuple[Category, ProductKind]:
    words = _words(product_name)
    best: tuple[int, int, Category, ProductKind] | None = None
    order = 0
    for leaf in descendants_leaves(original_cat):
        assert leaf.leaf is not None
        leaf_words = _words(leaf.name)
        for kind in leaf.leaf.kinds:
            score = 2 * len(words & _words(kind.label.replace("~", " "))) + len(words & leaf_words)
            if best is None or score > best[0]:
                best = (score, order, leaf, kind)
            order += 1
    assert best is not None, original_cat
    return best[2], best[3]
