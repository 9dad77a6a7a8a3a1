"""Product images: drawn with Pillow on first request, cached on disk.

`/media/catalog/product/<id>.png` is a deterministic card (category colour, a
shape, the brand's initials, the brand and category names). Images live under
``mag_home()/media/shopping/<seed_version>/``, never in the repository.
"""

from __future__ import annotations

import os
import random
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from starlette.requests import Request
from starlette.responses import FileResponse, Response

from ..base import db
from .common import not_found

SIZE = 400
PALETTE = {
    "beauty-personal-care": (214, 92, 140), "sports-outdoors": (46, 139, 87), "clothing-shoes-jewelry": (123, 89, 196),
    "home-kitchen": (221, 128, 48), "office-products": (70, 110, 180), "tools-home-improvement": (200, 150, 20),
    "health-household": (38, 166, 154), "patio-lawn-garden": (104, 159, 56), "electronics": (33, 99, 181),
    "cell-phones-accessories": (84, 110, 122), "video-games": (156, 39, 176), "grocery-gourmet-food": (211, 84, 0),
    "toys-games": (229, 57, 53), "pet-supplies": (141, 110, 99),
}
_FONT_PATHS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
               "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
               "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf")


@lru_cache(maxsize=16)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for path in _FONT_PATHS:
        if os.path.exists(path):
            return ImageFont.truetype(path, size)
    return ImageFont.load_default(size=size)


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int):
    while size > 10:
        font = _font(size)
        if draw.textlength(text, font=font) <= width:
            return font
        size -= 2
    return _font(10)


def _mix(color: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    """Blend `color` towards white by `t` (0 = color, 1 = white)."""
    return tuple(round(c + (255 - c) * t) for c in color)  # type: ignore[return-value]


def draw_product(product_id: int, brand: str, top_slug: str, leaf_name: str) -> Image.Image:
    rng = random.Random(product_id * 7919)
    base = PALETTE.get(top_slug, (90, 90, 90))
    img = Image.new("RGB", (SIZE, SIZE), _mix(base, 0.88))
    d = ImageDraw.Draw(img)
    for y in range(0, 300, 4):  # soft vertical gradient in the picture area
        d.rectangle([0, y, SIZE, y + 4], fill=_mix(base, 0.93 - 0.12 * y / 300))
    cx, cy, r = 200 + rng.randint(-12, 12), 150 + rng.randint(-8, 8), 92 + rng.randint(-10, 10)
    shape = product_id % 4
    fill = _mix(base, 0.1 * rng.random())
    if shape == 0:
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill)
    elif shape == 1:
        d.rounded_rectangle([cx - r, cy - r, cx + r, cy + r], radius=28, fill=fill)
    elif shape == 2:
        d.polygon([(cx, cy - r - 10), (cx + r + 10, cy), (cx, cy + r + 10), (cx - r - 10, cy)], fill=fill)
    else:
        d.regular_polygon((cx, cy, r + 6), 6, rotation=rng.randint(0, 59), fill=fill)
    d.ellipse([cx + r - 40, cy - r - 6, cx + r + 14, cy - r + 48], fill=_mix(base, 0.55))
    words = [w for w in brand.replace("-", " ").split() if w[:1].isalnum()]
    initials = ("".join(w[0] for w in words[:3]) or brand[:2]).upper()
    font = _fit(d, initials, {1: 96, 2: 70}.get(len(initials), 54), 2 * r - 40)
    d.text((cx, cy), initials, font=font, fill="white", anchor="mm")
    d.rectangle([0, 300, SIZE, SIZE], fill="white")
    d.rectangle([0, 300, SIZE, 304], fill=base)
    d.text((SIZE // 2, 336), brand, font=_fit(d, brand, 30, SIZE - 40), fill=(40, 40, 40), anchor="mm")
    d.text((SIZE // 2, 374), leaf_name, font=_fit(d, leaf_name, 20, SIZE - 40), fill=(110, 110, 110), anchor="mm")
    return img


def product_image(request: Request) -> Response:
    pid = request.path_params["product_id"]
    media_dir: Path = request.app.state.media_dir
    path = media_dir / f"{pid}.png"
    if not path.exists():
        conn = db(request)
        row = conn.execute(
            "SELECT p.id, p.brand, p.category_id FROM products p WHERE p.id = ?", (pid,)).fetchone()
        if row is None:
            return not_found(request)
        cats = {c["id"]: c for c in conn.execute("SELECT id, parent_id, slug, name FROM categories")}
        leaf = cat = cats[row["category_id"]]
        while cat["parent_id"] is not None:
            cat = cats[cat["parent_id"]]
        img = draw_product(row["id"], row["brand"], cat["slug"], leaf["name"])
        media_dir.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".tmp{os.getpid()}-{id(img)}")
        img.save(tmp, format="PNG", optimize=True)
        os.replace(tmp, path)
    return FileResponse(path, media_type="image/png", headers={"Cache-Control": "public, max-age=86400"})
