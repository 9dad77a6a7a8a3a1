"""Drawings for the generated articles (Pillow, deterministic, drawn on first request):

* ``regionmap`` — the six counties of the Alder region with a red dot at (lat, lon);
* ``portrait`` — a head-and-shoulders silhouette on a sepia or colour ground by era;
* ``cover`` — a book or album cover: a coloured field, a simple emblem, title and maker;
* ``ship`` — a ship in profile by type (steamer, sail, ferry, tug) on the sea.
"""

from __future__ import annotations

import math
import random

from PIL import Image, ImageDraw

from .gen_region import COUNTIES

W, H = 320, 240


def _font(size: int):
    from .media import _font as font
    return font(size)


def draw_region_map(lat: float, lon: float, county: str) -> Image.Image:
    img = Image.new("RGB", (W, H), (170, 205, 230))
    d = ImageDraw.Draw(img)
    lat0, lat1, lon0, lon1 = 44.55, 46.35, -123.65, -121.55

    def xy(la: float, lo: float) -> tuple[float, float]:
        return (lo - lon0) / (lon1 - lon0) * W, (lat1 - la) / (lat1 - lat0) * H

    centres = [(name, xy(*c[5])) for name, *_, c in [(c[0], c) for c in COUNTIES]]
    coast = [xy(la, -123.45 + 0.12 * math.sin(la * 9)) for la in [lat0 + i * 0.05 for i in range(38)]]
    for gy in range(0, H, 4):
        for gx in range(0, W, 4):
            cx = min(range(len(coast)), key=lambda i: abs(coast[i][1] - gy))
            if gx < coast[cx][0]:
                continue
            k = min(range(len(centres)), key=lambda i: (gx - centres[i][1][0]) ** 2 + (gy - centres[i][1][1]) ** 2)
            name = centres[k][0]
            color = (226, 120, 100) if f"{name}, Oregon" == county else (236, 232, 222) if k % 2 else (226, 222, 208)
            d.rectangle([gx, gy, gx + 3, gy + 3], fill=color)
    for name, (x, y) in centres:
        d.text((x, y - 10), name.replace(" County", ""), font=_font(9), fill=(70, 70, 70), anchor="mm")
    px, py = xy(lat, lon)
    d.ellipse([px - 4, py - 4, px + 4, py + 4], fill=(200, 20, 20), outline="white")
    pa = xy(45.512, -122.658)
    d.rectangle([pa[0] - 2, pa[1] - 2, pa[0] + 2, pa[1] + 2], fill=(30, 30, 30))
    d.rectangle([0, 0, W - 1, H - 1], outline=(120, 120, 120))
    return img


def draw_portrait(name: str, gender: str, year: int) -> Image.Image:
    rng = random.Random(f"wiki-portrait:{name}")
    sepia = year < 1930
    bg = (196, 178, 150) if sepia else rng.choice(((170, 190, 210), (200, 200, 190), (180, 200, 180)))
    img = Image.new("RGB", (220, 260), bg)
    d = ImageDraw.Draw(img)
    tone = (90, 70, 55) if sepia else rng.choice(((230, 200, 170), (190, 150, 120), (140, 100, 75), (100, 70, 50)))
    coat = (60, 50, 45) if sepia else rng.choice(((40, 50, 80), (90, 40, 40), (50, 70, 50), (70, 70, 70)))
    d.ellipse([30, 170, 190, 330], fill=coat)
    d.rectangle([95, 140, 125, 185], fill=tone)
    d.ellipse([68, 55, 152, 160], fill=tone)
    hair = (40, 30, 25) if rng.random() < 0.7 else (150, 120, 80)
    if gender == "f":
        d.pieslice([58, 40, 162, 150], 180, 360, fill=hair)
        d.rectangle([58, 95, 72, 175], fill=hair)
        d.rectangle([148, 95, 162, 175], fill=hair)
    else:
        d.pieslice([66, 48, 154, 120], 180, 360, fill=hair)
    d.rectangle([0, 0, 219, 259], outline=(90, 80, 70), width=3)
    return img.convert("L").convert("RGB") if sepia and year < 1900 else img


def draw_cover(title: str, by: str, year: int) -> Image.Image:
    rng = random.Random(f"wiki-cover:{title}:{by}")
    base = rng.choice(((30, 60, 90), (120, 40, 40), (40, 90, 70), (200, 160, 60), (60, 60, 60), (150, 90, 40)))
    img = Image.new("RGB", (240, 240), base)
    d = ImageDraw.Draw(img)
    light = tuple(min(255, c + 90) for c in base)
    shape = rng.randrange(3)
    if shape == 0:
        d.ellipse([60, 50, 180, 170], outline=light, width=6)
    elif shape == 1:
        d.polygon([(120, 40), (190, 170), (50, 170)], outline=light, width=6)
    else:
        for i in range(6):
            d.line([(20, 60 + i * 18), (220, 40 + i * 22)], fill=light, width=3)
    d.text((120, 196), title[:28], font=_font(14), fill="white", anchor="mm")
    d.text((120, 218), f"{by[:30]} · {year}", font=_font(10), fill=light, anchor="mm")
    return img


def draw_ship(kind: str, name: str) -> Image.Image:
    rng = random.Random(f"wiki-ship:{name}")
    img = Image.new("RGB", (W, H), (200, 222, 240))
    d = ImageDraw.Draw(img)
    d.rectangle([0, 160, W, H], fill=(60, 100, 150))
    hull = rng.choice(((30, 30, 30), (120, 30, 30), (240, 240, 240), (30, 60, 90)))
    d.polygon([(40, 150), (280, 150), (260, 180), (60, 180)], fill=hull)
    if kind in ("schooner",):
        for x in (120, 190):
            d.line([(x, 150), (x, 40)], fill=(80, 60, 40), width=4)
            d.polygon([(x + 4, 50), (x + 4, 140), (x + 55, 140)], fill=(245, 240, 225))
    else:
        d.rectangle([90, 120, 230, 150], fill=(240, 240, 235))
        d.rectangle([110, 100, 200, 120], fill=(235, 235, 230))
        d.rectangle([150, 60, 168, 100], fill=rng.choice(((20, 20, 20), (180, 40, 30), (230, 180, 40))))
        if kind == "sternwheeler":
            d.ellipse([240, 130, 290, 180], outline=(120, 40, 30), width=5)
    for y in range(165, H, 9):
        d.line([(rng.randrange(0, W), y), (rng.randrange(0, W), y)], fill=(110, 150, 190))
    return img


def draw_more(kind: str, params: dict) -> Image.Image:
    if kind == "regionmap":
        return draw_region_map(params["lat"], params["lon"], params["county"])
    if kind == "portrait":
        return draw_portrait(params["name"], params["gender"], params["year"])
    if kind == "cover":
        return draw_cover(params["title"], params["by"], params["year"])
    if kind == "ship":
        return draw_ship(params["kind"], params["name"])
    raise ValueError(f"unknown image kind {kind!r}")
