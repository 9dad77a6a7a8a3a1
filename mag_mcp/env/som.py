"""Set-of-Mark: collect marks in the page (som.js) and draw the overlay (Pillow)."""

from __future__ import annotations

import io
from functools import lru_cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

from mag_mcp.env.models import Mark

_PALETTE = [(230, 25, 75), (0, 130, 200), (60, 180, 75), (245, 130, 48), (145, 30, 180),
            (0, 128, 128), (170, 110, 40), (128, 0, 0), (0, 0, 128), (240, 50, 230)]


@lru_cache(maxsize=1)
def som_script() -> str:
    return resources.files("mag_mcp.env").joinpath("som.js").read_text(encoding="utf-8")


def parse_marks(raw: list[dict]) -> list[Mark]:
    return [Mark.model_validate(m) for m in raw]


@lru_cache(maxsize=1)
def _font() -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    try:
        return ImageFont.load_default(size=13)
    except TypeError:  # Pillow < 10.1
        return ImageFont.load_default()


def draw_overlay(png: bytes, marks: list[Mark]) -> bytes:
    """Draw a box and an id label per mark onto the screenshot; return PNG bytes."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    draw = ImageDraw.Draw(img)
    font = _font()
    for m in marks:
        color = _PALETTE[m.id % len(_PALETTE)]
        x0, y0 = m.bbox.x, m.bbox.y
        x1, y1 = x0 + m.bbox.width - 1, y0 + m.bbox.height - 1
        draw.rectangle([x0, y0, x1, y1], outline=color, width=2)
        label = str(m.id)
        tb = draw.textbbox((0, 0), label, font=font)
        tw, th = tb[2] - tb[0], tb[3] - tb[1]
        lx = max(0, min(x0, img.width - tw - 5))
        ly = y0 - th - 4 if y0 - th - 4 >= 0 else y0
        draw.rectangle([lx, ly, lx + tw + 4, ly + th + 4], fill=color)
        draw.text((lx + 2 - tb[0], ly + 2 - tb[1]), label, fill=(255, 255, 255), font=font)
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=False, compress_level=1)
    return out.getvalue()
