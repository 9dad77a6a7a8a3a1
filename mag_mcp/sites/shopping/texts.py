"""Texts of generated products: the short description (kept in the shop's database, where
the admin edits it), the long details and the specification rows (read-only, in the content
database) and customer reviews. Every function takes its own `random.Random`, so a
product's texts depend only on the product."""

from __future__ import annotations

import random

from . import catalog_data as data

OPENERS = (
    "The {brand} {kind} is a {leaf} favorite built for everyday use.",
    "From {brand}, a {kind} designed to make daily life a little easier.",
    "{brand} brings quality and value together in this {kind}.",
    "A dependable {kind} from {brand} that shoppers keep coming back to.",
    "Meet the {kind} by {brand}: simple, sturdy and ready when you are.",
    "This {kind} from {brand} is one of our best-selling {leaf} picks.",
    "Upgrade your routine with the {brand} {kind}.",
    "{brand} made this {kind} for people who care about the details.",
)
WHY = ("Why you'll love it", "Highlights", "Key features", "What makes it different", "At a glance")
USE_LINES = (
    "Use it at home, at work or on the go.",
    "It is a thoughtful gift for birthdays, holidays and housewarmings.",
    "Small enough to store easily, big enough to get the job done.",
    "Every unit is checked before it leaves the warehouse.",
    "Backed by a one-year limited warranty from the manufacturer.",
    "Pairs well with the rest of the {brand} range.",
    "Made to last through years of regular use.",
    "Simple to set up: no special tools or skills needed.",
)
CARE = (
    "Wipe clean with a damp cloth; do not use abrasive cleaners.",
    "Store in a cool, dry place away from direct sunlight.",
    "Hand wash recommended to keep it looking new.",
    "Follow the included instructions before first use.",
    "Keep out of reach of small children.",
    "Machine washable on a gentle cycle; tumble dry low.",
)
ABOUT = (
    "{brand} started as a small workshop in Port Alder's Old Mill district and now ships across the country.",
    "{brand} designs its {leaf} range with feedback from thousands of customers.",
    "Founded in {year}, {brand} focuses on practical products at fair prices.",
    "{brand} products are sold at One Stop Market since {year}.",
    "Every {brand} product is tested in the company's lab before it goes on sale.",
)
MATERIALS = ("Plastic", "Stainless Steel", "Aluminum", "Cotton", "Polyester", "Silicone", "Wood", "Glass",
             "Leather", "Nylon", "Ceramic", "Bamboo", "Rubber", "Cast Iron", "Paper", "Blend")
ORIGINS = ("USA", "China", "Vietnam", "Mexico", "India", "Taiwan", "Germany", "Canada", "Portugal", "Thailand")


def feature_pool(top_slug: str) -> list[str]:
    """The description features of the original catalogue under `top_slug`."""
    out: list[str] = []

    def walk(nodes: list[tuple]) -> None:
        for node in nodes:
            if isinstance(node[2], list):
                walk(node[2])
            else:
                out.extend(f.strip() for f in node[2].split(";"))

    for top in data.CATALOG:
        if top[0] == top_slug:
            walk(top[2])
    return out


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def short_description(rng: random.Random, brand: str, kind: str, leaf: str, features: list[str],
                      modifiers: tuple[str, ...]) -> str:
    """One sentence and two bullet points ('- ' lines), like the original catalogue's."""
    opener = rng.choice(OPENERS).format(brand=brand, kind=kind.lower(), leaf=leaf.lower())
    pool = list(dict.fromkeys([*features, *modifiers]))
    bullets = [f"- {_cap(f)}" for f in rng.sample(pool, min(2, len(pool)))]
    return "\n".join([opener, *bullets])


def details(rng: random.Random, name: str, brand: str, kind: str, leaf: str, features: list[str],
            modifiers: tuple[str, ...], pack: int) -> str:
    """The long product text of the Details tab: paragraphs and '- ' bullet lines."""
    pool = list(dict.fromkeys([*features, *modifiers]))
    picks = rng.sample(pool, min(len(pool), rng.randint(3, 5)))
    year = rng.randint(1994, 2019)
    lines = [
        f"{name}. " + rng.choice(OPENERS).format(brand=brand, kind=kind.lower(), leaf=leaf.lower()),
        rng.choice(WHY) + ":",
        *(f"- {_cap(p)}" for p in picks),
        " ".join(rng.sample(USE_LINES, 2)).format(brand=brand),
        f"What's in the box: {pack} x {kind}" + (" (one per pack)" if pack > 1 else "") + ", user guide.",
        "Care and use: " + rng.choice(CARE),
        rng.choice(ABOUT).format(brand=brand, leaf=leaf.lower(), year=year),
    ]
    return "\n".join(lines)


def spec_rows(rng: random.Random, brand: str, color: str, size: str, created_at: str) -> list[list[str]]:
    """The More Information table of a generated product: (label, value) rows."""
    w = rng.uniform(0.1, 30.0)
    dims = sorted((round(rng.uniform(1, 30), 1) for _ in range(3)), reverse=True)
    rows = [["Manufacturer", brand], ["Material", rng.choice(MATERIALS)],
            ["Item Weight", f"{w:.1f} pounds" if w >= 1 else f"{w * 16:.1f} ounces"],
            ["Product Dimensions", " x ".join(f"{d:g}" for d in dims) + " inches"],
            ["Country of Origin", rng.choice(ORIGINS)], ["Date First Available", created_at[:10]]]
    if color:
        rows.insert(1, ["Color", color])
    if size:
        rows.insert(1, ["Size", size])
    return rows


# --- reviews ---------------------------------------------------------------------------

REVIEW_USES = (
    "I use it every day.", "We use it a few times a week.", "I bought it for my {who}.",
    "Bought this as a gift for my {who} and they love it.", "Got it to replace an old one that finally died.",
    "Picked it up on sale.", "Ordered a second one after the first.", "Using it for about {n} weeks now.",
    "Had it for {n} months.", "This is the {nth} one I have bought.",
)
REVIEW_WHO = ("husband", "wife", "mom", "dad", "son", "daughter", "sister", "brother", "roommate",
              "grandmother", "neighbor", "coworker", "partner", "best friend")
REVIEW_NTH = ("second", "third", "fourth")
REVIEW_KIND_GOOD = (
    "The {kind} works exactly as described.", "The {kind} feels well made.", "Great {kind} for the money.",
    "Nicer {kind} than the one I had from another brand.", "The {color} looks even better in person.",
    "Shipping was fast and the {kind} arrived well packed.", "Sizing was spot on.",
    "It is smaller than I expected, but it does the job.", "Easy to clean and easy to store.",
    "Quality is comparable to the expensive brands.",
)
REVIEW_KIND_BAD = (
    "The {kind} stopped working after {n} weeks.", "The {color} looks different from the picture.",
    "The {kind} arrived with a scratch.", "Runs small, order a size up.", "Cheaper feel than I expected.",
    "The box was crushed and the {kind} was dented.", "Customer service took {n} days to answer.",
    "It does the job, but the one from the other brand was better.",
)
EXTRA_NICKNAMES = (
    "Jen R.", "Marco", "Aisha K", "Dave from Ohio", "Port Alder Mom", "Harbor Guy", "Tina", "QuietReader",
    "Ollie", "S. Park", "Beth W.", "Trail Runner", "Night Owl", "Mr. Fix-It", "Coastal Cook", "Luis G.",
    "Anna B", "Frugal Fred", "Gina", "Hank", "Ivy", "Jules", "Kara M.", "Leo", "Min-jun", "Nadia",
)


def review_text(rng: random.Random, rating: int, kind: str, color: str, top_slug: str) -> str:
    """A review body: an opener and closer for the rating, and two or three sentences in
    between about the product, its use and the category (with numbers and people varied)."""
    pros, cons = data.REVIEW_ASPECTS[top_slug]
    fill = dict(kind=kind.lower(), color=(color or "color").lower(), who=rng.choice(REVIEW_WHO),
                n=rng.randint(2, 11), nth=rng.choice(REVIEW_NTH))
    parts = [rng.choice(data.REVIEW_OPENERS[rating])]
    if rng.random() < 0.6:
        parts.append(rng.choice(REVIEW_USES).format(**fill))
    good = [rng.choice(REVIEW_KIND_GOOD).format(**fill), rng.choice(pros)]
    bad = [rng.choice(REVIEW_KIND_BAD).format(**fill), rng.choice(cons)]
    if rating >= 4:
        parts += rng.sample(good, 2 if rating == 5 else 1)
        if rating == 4 and rng.random() < 0.5:
            parts.append("The only downside: " + bad[1][0].lower() + bad[1][1:])
    elif rating == 3:
        parts += [rng.choice(good), rng.choice(bad)]
    else:
        parts += rng.sample(bad, 2 if rating == 1 else 1)
    closer = rng.choice(data.REVIEW_CLOSERS[rating])
    if closer:
        parts.append(closer)
    return " ".join(parts)


def nickname(rng: random.Random) -> str:
    return rng.choice(data.NICKNAMES if rng.random() < 0.6 else EXTRA_NICKNAMES)
