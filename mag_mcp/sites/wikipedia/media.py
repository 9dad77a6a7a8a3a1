"""Article images: drawn with Pillow on first request, cached on disk.

`/wikipedia_en_all_maxi_2022-05/I/<file>` looks the file up in the ``images``
table and draws it from its ``kind`` and ``params``: ``landmark`` (a small scene
by landmark kind), ``locator`` (the city's districts with one highlighted),
``citymap`` (all districts) and ``skyline``; the generated articles' kinds are
drawn by `media_more`. Drawings are deterministic; files
live under ``mag_home()/media/wikipedia/<seed_version>/``, never in the repository.
"""

from __future__ import annotations

import json
import math
import os
import random
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from starlette.requests import Request
from starlette.responses import FileResponse, Response

from ..base import db
from .common import not_found
from .facts import DISTRICT_FACTS

_FONT_PATHS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
               "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf")

Color = tuple[int, int, int]


@lru_cache(maxsize=8)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for path in _FONT_PATHS:
        if os.path.exists(path):
            return ImageFont.truetype(path, size)
    return ImageFont.load_default(size=size)


def _mix(a: Color, b: Color, t: float) -> Color:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def _sky(d: ImageDraw.ImageDraw, w: int, h: int, top: Color, bottom: Color) -> None:
    for y in range(h):
        d.line([(0, y), (w, y)], fill=_mix(top, bottom, y / max(1, h - 1)))


# --- landmark scenes -------------------------------------------------------------------

W, H = 320, 240
GROUND = 180

_CLASSICAL = {"town hall", "library", "university", "museum", "theatre", "police station", "fire station"}
_LOW_WIDE = {"shopping mall", "warehouse", "train station", "ferry terminal", "office"}
_SMALL = {"restaurant", "cafe", "brewery"}
_LANDSCAPE = {"park", "garden", "square", "beach", "reservoir", "zoo"}


def draw_landmark(kind: str, name: str) -> Image.Image:
    rng = random.Random(f"wiki-image:{name}")
    img = Image.new("RGB", (W, H), "white")
    d = ImageDraw.Draw(img)
    evening = rng.random() < 0.25
    _sky(d, W, GROUND, (38, 64, 120) if evening else (120, 170, 225), (240, 170, 120) if evening else (205, 228, 245))
    sea = kind in ("lighthouse", "bridge", "beach", "ferry terminal") or "Wharf" in name or "Harbor" in name
    ground = (70, 110, 150) if sea and kind != "beach" else (120, 160, 90)
    d.rectangle([0, GROUND, W, H], fill=ground)
    if kind == "lighthouse":
        d.rectangle([0, GROUND, W, H], fill=(50, 90, 140))
        d.polygon([(90, H), (120, 150), (250, 170), (320, H)], fill=(90, 85, 80))  # rock ledge
        cx = 190
        d.polygon([(cx - 24, 175), (cx - 14, 60), (cx + 14, 60), (cx + 24, 175)], fill="white", outline=(80, 80, 80))
        d.polygon([(cx - 20, 130), (cx - 17, 105), (cx + 17, 105), (cx + 20, 130)], fill=(200, 40, 40))
        d.rectangle([cx - 16, 44, cx + 16, 60], fill=(250, 230, 120), outline=(60, 60, 60))
        d.polygon([(cx - 20, 44), (cx, 28), (cx + 20, 44)], fill=(40, 40, 40))
        d.rectangle([cx - 22, 58, cx + 22, 63], fill=(40, 40, 40))
        for sign in (-1, 1):
            d.polygon([(cx, 52), (cx + sign * 150, 30), (cx + sign * 150, 70)], fill=_mix((250, 240, 170), (205, 228, 245), 0.5))
    elif kind == "bridge":
        d.rectangle([0, GROUND - 10, W, H], fill=(60, 100, 150))
        d.rectangle([0, 150, 40, H], fill=(120, 150, 100))
        d.rectangle([W - 40, 150, W, H], fill=(120, 150, 100))
        d.arc([30, 70, W - 30, 250], 180, 360, fill=(70, 80, 90), width=8)
        d.rectangle([20, 140, W - 20, 148], fill=(80, 80, 80))
        for x in range(50, W - 40, 22):
            top = 160 - math.sqrt(max(0, 1 - ((x - W / 2) / (W / 2 - 30)) ** 2)) * 90
            d.line([(x, top), (x, 140)], fill=(90, 100, 110), width=2)
    elif kind == "stadium":
        d.ellipse([30, 110, 290, 220], fill=(170, 170, 175), outline=(90, 90, 95), width=3)
        d.ellipse([70, 135, 250, 200], fill=(80, 160, 80))
        d.line([(160, 135), (160, 200)], fill="white", width=2)
        for x in (40, 280):
            d.line([(x, 40), (x, 150)], fill=(90, 90, 90), width=4)
            d.rectangle([x - 14, 30, x + 14, 44], fill=(250, 250, 210), outline=(90, 90, 90))
    elif kind == "observatory":
        d.polygon([(0, GROUND), (100, 150), (220, 140), (W, GROUND)], fill=(100, 140, 80))
        d.rectangle([120, 110, 220, 170], fill=(235, 230, 215), outline=(120, 110, 100))
        d.pieslice([115, 55, 225, 165], 180, 360, fill=(190, 120, 70), outline=(120, 80, 50))
        d.rectangle([164, 60, 176, 110], fill=(60, 60, 70))
        for sx, sy in [(rng.randint(10, W - 10), rng.randint(5, 60)) for _ in range(12)]:
            d.point((sx, sy), fill="white")
    elif kind == "market":
        for i, x in enumerate(range(20, W - 40, 72)):
            color = [(200, 60, 60), (60, 120, 200), (230, 170, 40), (60, 160, 90)][i % 4]
            d.rectangle([x, 130, x + 60, GROUND + 10], fill=(150, 110, 70))
            for j in range(6):
                d.rectangle([x + j * 10, 110, x + j * 10 + 10, 132], fill=color if j % 2 == 0 else (250, 250, 250))
            for k in range(4):
                d.ellipse([x + 5 + k * 13, 150, x + 15 + k * 13, 160], fill=_mix(color, (255, 255, 255), 0.3))
    elif kind == "church":
        d.rectangle([100, 110, 250, GROUND], fill=(140, 140, 150), outline=(80, 80, 90))
        d.polygon([(95, 110), (175, 70), (255, 110)], fill=(90, 90, 100))
        d.rectangle([60, 80, 100, GROUND], fill=(150, 150, 160), outline=(80, 80, 90))
        d.polygon([(56, 80), (80, 12), (104, 80)], fill=(80, 80, 95))
        d.line([(80, 2), (80, 14)], fill=(60, 60, 60), width=2)
        for x in (125, 165, 205):
            d.rounded_rectangle([x, 125, x + 20, 160], radius=9, fill=(120, 150, 200))
        d.ellipse([72, 95, 88, 111], fill=(120, 150, 200))
    elif kind in _LANDSCAPE:
        _landscape(d, kind, rng)
    elif kind in _SMALL:
        body = (170, 90, 60) if kind != "cafe" else (110, 80, 60)
        d.rectangle([60, 90, 260, GROUND], fill=body, outline=(70, 50, 40))
        d.polygon([(50, 90), (160, 45), (270, 90)], fill=(90, 60, 50))
        for j in range(10):
            d.polygon([(70 + j * 18, 120), (88 + j * 18, 120), (88 + j * 18, 138), (70 + j * 18, 130)],
                      fill=(30, 100, 70) if j % 2 == 0 else (240, 240, 230))
        for x in (80, 140, 200):
            d.rectangle([x, 140, x + 36, 172], fill=(250, 220, 150), outline=(70, 50, 40))
        if kind == "brewery":
            d.rectangle([220, 40, 238, 90], fill=(130, 70, 50))
    elif kind in _LOW_WIDE:
        base = {"shopping mall": (210, 200, 190), "warehouse": (160, 170, 180), "train station": (170, 80, 60),
                "ferry terminal": (225, 225, 220), "office": (120, 150, 180)}[kind]
        top = 70 if kind == "office" else 110
        d.rectangle([25, top, 295, GROUND], fill=base, outline=_mix(base, (0, 0, 0), 0.4))
        if kind == "train station":
            d.rectangle([140, 60, 180, 110], fill=base, outline=_mix(base, (0, 0, 0), 0.4))
            d.ellipse([148, 70, 172, 94], fill="white", outline=(40, 40, 40))
            for x in range(40, 290, 40):
                d.rounded_rectangle([x, 125, x + 24, 170], radius=12, fill=(230, 220, 180))
        elif kind == "office":
            for y in range(80, GROUND - 10, 18):
                for x in range(35, 285, 22):
                    d.rectangle([x, y, x + 16, y + 12], fill=(200, 225, 245))
        else:
            for x in range(35, 285, 26):
                d.rectangle([x, top + 18, x + 18, top + 34], fill=(205, 225, 240))
            d.rectangle([140, 140, 180, GROUND], fill=(80, 90, 100))
            if kind == "ferry terminal":
                d.rectangle([0, GROUND, W, H], fill=(60, 100, 150))
                d.polygon([(200, 200), (300, 200), (285, 222), (212, 222)], fill="white", outline=(60, 60, 60))
                d.rectangle([235, 186, 270, 200], fill=(210, 60, 50))
    else:
        _classical(d, kind, rng)
    return img


def _classical(d: ImageDraw.ImageDraw, kind: str, rng: random.Random) -> None:
    stone = rng.choice([(225, 215, 195), (210, 200, 185), (190, 120, 90), (230, 225, 215)])
    dark = _mix(stone, (0, 0, 0), 0.45)
    d.rectangle([50, 95, 270, GROUND], fill=stone, outline=dark)
    d.polygon([(40, 95), (160, 55), (280, 95)], fill=_mix(stone, (255, 255, 255), 0.2), outline=dark)
    for i in range(7):
        x = 62 + i * 31
        d.rectangle([x, 105, x + 10, GROUND - 6], fill=_mix(stone, (255, 255, 255), 0.35), outline=dark)
    d.rectangle([45, GROUND - 6, 275, GROUND], fill=dark)
    if kind == "town hall":
        d.rectangle([145, 10, 175, 60], fill=stone, outline=dark)
        d.ellipse([150, 20, 170, 40], fill="white", outline=dark)
        d.line([(160, 30), (160, 23)], fill=(30, 30, 30), width=2)
        d.line([(160, 30), (166, 30)], fill=(30, 30, 30), width=2)
    if kind == "hospital":
        d.rectangle([150, 62, 170, 90], fill=(210, 40, 40))
        d.rectangle([146, 68, 174, 84], fill=(210, 40, 40))
    if kind == "university":
        d.pieslice([130, 20, 190, 80], 180, 360, fill=(110, 150, 120), outline=dark)
    if kind == "theatre":
        d.rectangle([110, 100, 210, 112], fill=(190, 40, 60))
    if kind == "fire station":
        d.rectangle([120, 130, 200, GROUND - 6], fill=(190, 40, 40))


def _tree(d: ImageDraw.ImageDraw, x: int, y: int, r: int, color: Color) -> None:
    d.rectangle([x - 3, y, x + 3, y + r + 8], fill=(110, 80, 50))
    d.ellipse([x - r, y - r, x + r, y + r // 2], fill=color)


def _landscape(d: ImageDraw.ImageDraw, kind: str, rng: random.Random) -> None:
    if kind == "beach":
        d.rectangle([0, GROUND - 20, W, GROUND + 15], fill=(60, 110, 160))
        d.polygon([(0, GROUND + 10), (W, GROUND - 5), (W, H), (0, H)], fill=(235, 215, 160))
        for x in range(0, W, 30):
            d.arc([x, GROUND - 25, x + 30, GROUND - 10], 0, 180, fill="white", width=2)
        d.ellipse([40, 200, 90, 215], fill=(110, 140, 160))
        return
    if kind == "reservoir":
        d.polygon([(0, 150), (W, 140), (W, GROUND), (0, GROUND)], fill=(90, 130, 80))
        d.ellipse([40, 165, 280, 230], fill=(70, 120, 170))
    if kind == "square":
        d.rectangle([0, GROUND - 5, W, H], fill=(190, 185, 175))
        d.ellipse([110, 190, 210, 225], fill=(120, 160, 200), outline=(120, 120, 120), width=3)
        d.rectangle([154, 150, 166, 200], fill=(120, 110, 80))
        d.ellipse([146, 140, 174, 158], fill=(150, 190, 220))
        for x in (20, 270):
            d.rectangle([x, 100, x + 30, GROUND], fill=(200, 190, 170), outline=(120, 110, 100))
    if kind == "garden":
        d.rectangle([180, 110, 300, GROUND], fill=(210, 235, 235), outline=(120, 150, 150))
        d.pieslice([180, 60, 300, 160], 180, 360, fill=(215, 240, 240), outline=(120, 150, 150))
        for x in range(190, 300, 15):
            d.line([(x, 110), (x, GROUND)], fill=(150, 180, 180))
        for x in range(20, 170, 22):
            d.ellipse([x, 190, x + 12, 202], fill=rng.choice([(220, 60, 90), (240, 120, 150), (250, 200, 60)]))
    if kind == "zoo":
        d.ellipse([150, 185, 300, 230], fill=(90, 150, 190))
        d.ellipse([200, 188, 240, 206], fill=(90, 70, 60))
        d.ellipse([230, 180, 246, 194], fill=(90, 70, 60))
        d.rectangle([10, 150, 120, GROUND + 20], outline=(120, 100, 80), width=3)
    if kind == "park":
        d.line([(0, 215), (W, 195)], fill=(210, 200, 170), width=10)
        d.polygon([(0, 230), (W, 212), (W, H), (0, H)], fill=(80, 130, 180))
    for _ in range(5 if kind != "square" else 2):
        x = rng.randint(20, W - 20) if kind != "garden" else rng.randint(20, 160)
        _tree(d, x, rng.randint(120, 150), rng.randint(16, 26), rng.choice([(60, 130, 60), (80, 150, 70), (50, 110, 60)]))


# --- maps and skyline ------------------------------------------------------------------

MAP = 300
_LON0, _LON1, _LAT0, _LAT1 = -122.705, -122.605, 45.548, 45.470  # west, east, north, south
_PALETTE = [(229, 213, 170), (214, 226, 185), (232, 200, 190), (205, 215, 230), (225, 220, 200), (215, 200, 225),
            (200, 225, 215), (235, 225, 185)]


def _xy(lat: float, lon: float) -> tuple[float, float]:
    return (lon - _LON0) / (_LON1 - _LON0) * MAP, (lat - _LAT0) / (_LAT1 - _LAT0) * MAP


def _is_water(x: float, y: float) -> bool:
    bx, by = _xy(45.521, -122.693)
    if ((x - bx) / 58) ** 2 + ((y - by) / 24) ** 2 <= 1:
        return True
    return x < 14 + 6 * math.sin(y / 30)


_RIVER = [(45.518, -122.687), (45.514, -122.680), (45.509, -122.666), (45.506, -122.652), (45.502, -122.638), (45.499, -122.625),
          (45.497, -122.605)]


def draw_district_map(highlight: str | None) -> Image.Image:
    names = list(DISTRICT_FACTS)
    centers = [_xy(*DISTRICT_FACTS[n].center) for n in names]
    cell = 3
    grid_n = MAP // cell
    owner: list[list[int]] = []
    for gy in range(grid_n):
        row = []
        for gx in range(grid_n):
            x, y = gx * cell + 1.5, gy * cell + 1.5
            if _is_water(x, y):
                row.append(-1)
                continue
            row.append(min(range(len(centers)), key=lambda i: (x - centers[i][0]) ** 2 + (y - centers[i][1]) ** 2))
        owner.append(row)
    img = Image.new("RGB", (MAP, MAP), (170, 205, 230))
    d = ImageDraw.Draw(img)
    for gy in range(grid_n):
        for gx in range(grid_n):
            o = owner[gy][gx]
            if o < 0:
                continue
            if highlight is None:
                color = _PALETTE[o % len(_PALETTE)]
            else:
                color = (214, 80, 70) if names[o] == highlight else (236, 232, 222)
            d.rectangle([gx * cell, gy * cell, gx * cell + cell - 1, gy * cell + cell - 1], fill=color)
    for gy in range(grid_n):  # boundaries
        for gx in range(grid_n):
            o = owner[gy][gx]
            if o < 0:
                continue
            if (gx + 1 < grid_n and owner[gy][gx + 1] not in (o, -1)) or \
               (gy + 1 < grid_n and owner[gy + 1][gx] not in (o, -1)):
                d.rectangle([gx * cell, gy * cell, gx * cell + 1, gy * cell + 1], fill=(120, 110, 100))
    d.line([_xy(*p) for p in _RIVER], fill=(120, 170, 215), width=5, joint="curve")
    if highlight is None:
        font = _font(9)
        for n, (x, y) in zip(names, centers):
            d.text((x, y), n, font=font, fill=(50, 50, 50), anchor="mm")
    else:
        x, y = centers[names.index(highlight)]
        d.ellipse([x - 3, y - 3, x + 3, y + 3], fill="white", outline=(60, 20, 20))
    d.rectangle([0, 0, MAP - 1, MAP - 1], outline=(120, 120, 120))
    return img


def draw_skyline() -> Image.Image:
    rng = random.Random("wiki-image:skyline")
    w, h = 480, 240
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    _sky(d, w, 170, (60, 80, 140), (245, 180, 130))
    d.ellipse([330, 110, 380, 160], fill=(250, 220, 150))
    x = 70
    while x < w - 10:
        bw, bh = rng.randint(18, 40), rng.randint(30, 95)
        color = _mix((40, 45, 70), (90, 90, 120), rng.random())
        d.rectangle([x, 170 - bh, x + bw, 170], fill=color)
        for wy in range(170 - bh + 6, 165, 9):
            for wx in range(x + 4, x + bw - 4, 8):
                if rng.random() < 0.35:
                    d.rectangle([wx, wy, wx + 3, wy + 4], fill=(250, 220, 140))
        x += bw + rng.randint(0, 6)
    d.polygon([(28, 170), (34, 95), (46, 95), (52, 170)], fill="white")  # lighthouse
    d.rectangle([33, 84, 47, 95], fill=(250, 230, 120))
    d.polygon([(31, 84), (40, 74), (49, 84)], fill=(40, 40, 40))
    d.rectangle([0, 170, w, h], fill=(50, 80, 120))
    d.arc([240, 140, 470, 260], 180, 360, fill=(30, 35, 50), width=5)
    d.rectangle([230, 176, 480, 181], fill=(30, 35, 50))
    for y in range(180, h, 7):
        d.line([(rng.randint(0, w), y), (rng.randint(0, w), y)], fill=(90, 120, 160))
    return img


def draw(kind: str, params: dict) -> Image.Image:
    if kind == "landmark":
        return draw_landmark(params["kind"], params["name"])
    if kind == "locator":
        return draw_district_map(params["district"])
    if kind == "citymap":
        return draw_district_map(None)
    if kind == "skyline":
        return draw_skyline()
    from .media_more import draw_more
    return draw_more(kind, params)


def article_image(request: Request) -> Response:
    name = request.path_params["file"]
    media_dir: Path = request.app.state.media_dir
    row = db(request).execute("SELECT kind, params FROM images WHERE file = ?", (name,)).fetchone()
    if row is None or "/" in name or name.startswith("."):
        return not_found(request, None)
    path = media_dir / name
    if not path.exists():
        img = draw(row["kind"], json.loads(row["params"]))
        media_dir.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".tmp{os.getpid()}-{id(img)}")
        img.save(tmp, format="PNG", optimize=True)
        os.replace(tmp, path)
    return FileResponse(path, media_type="image/png", headers={"Cache-Control": "public, max-age=86400"})
