"""The slippy map of a page, as the server first draws it.

A page's map is a pane of 256-pixel tiles (`tiles`) with overlays on top: markers
(search results, a place, the ends of a route, notes), the route line, an outline of the
place's area, and invisible click targets over the place icons the tiles draw (landmarks
from zoom 13, every place from zoom 17), each a link to the place's page. The server
places all of it for a map pane of MAP_W x MAP_H pixels (a 1280 x 720 window); the page's
script (`static/map.js`) then takes over: dragging, the wheel and the keyboard pan and
zoom it, fetching tiles and click targets for the new view, and writes the view into the
URL's ``#map=<zoom>/<lat>/<lon>`` as OpenStreetMap does.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field

from .geo import (
    TILE_SIZE,
    metres_per_px,
    origin_px,
    projection_params,
    to_latlon,
    to_xy,
)
from .mapdata import MapData
from .style import STYLE_BY_CODE, STYLES, MapStyle
from .tiles import MAX_ZOOM, MIN_ZOOM, tile_url

MAP_W, MAP_H = 930, 668
DEFAULT_ZOOM = 14
HIT_ZOOM = 17  # every place is clickable from here (landmarks from 13)
MAX_HITS = 220


@dataclass
class View:
    x: float  # centre, local metres
    y: float
    zoom: int
    w: int = MAP_W
    h: int = MAP_H

    @property
    def mpp(self) -> float:
        return metres_per_px(self.zoom)

    @property
    def lat(self) -> float:
        return to_latlon(self.x, self.y)[0]

    @property
    def lon(self) -> float:
        return to_latlon(self.x, self.y)[1]

    @property
    def left(self) -> float:
        """The global pixel at the pane's left edge (rounded, so tiles sit on whole pixels)."""
        return round(origin_px(self.zoom)[0] + self.x / self.mpp - self.w / 2)

    @property
    def top(self) -> float:
        return round(origin_px(self.zoom)[1] - self.y / self.mpp - self.h / 2)

    def px(self, x: float, y: float) -> tuple[float, float]:
        ox, oy = origin_px(self.zoom)
        return ox + x / self.mpp - self.left, oy - y / self.mpp - self.top

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        hw, hh = self.w / 2 * self.mpp, self.h / 2 * self.mpp
        return self.x - hw, self.y - hh, self.x + hw, self.y + hh

    def moved(self, dx_frac: float = 0.0, dy_frac: float = 0.0, dzoom: int = 0) -> View:
        z = max(MIN_ZOOM, min(MAX_ZOOM, self.zoom + dzoom))
        return View(self.x + dx_frac * self.w * self.mpp, self.y + dy_frac * self.h * self.mpp, z, self.w, self.h)


def view_at(lat: float, lon: float, zoom: int) -> View:
    x, y = to_xy(lat, lon)
    return View(x, y, max(MIN_ZOOM, min(MAX_ZOOM, zoom)))


def fit_view(points: list[tuple[float, float]], max_zoom: int = 17, pad: float = 70.0) -> View:
    """The closest view showing every point (local metres)."""
    if not points:
        return View(0.0, 0.0, DEFAULT_ZOOM)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    for z in range(max_zoom, MIN_ZOOM - 1, -1):
        mpp = metres_per_px(z)
        if (x1 - x0) / mpp <= MAP_W - 2 * pad and (y1 - y0) / mpp <= MAP_H - 2 * pad:
            return View(cx, cy, z)
    return View(cx, cy, MIN_ZOOM)


@dataclass
class Marker:
    lat: float
    lon: float
    title: str
    href: str | None = None
    label: str = ""
    color: str = "#2a6fdb"


@dataclass
class Placed:
    """Something drawn on the map at a point: where it goes in the pane."""

    lat: float
    lon: float
    left: float
    top: float
    item: object = None


@dataclass
class MapModel:
    view: View
    style: MapStyle
    tiles: list[tuple[str, int, int, float, float]]  # (url, x, y, left, top)
    markers: list[Placed]
    hits: list[Placed]
    route_d: str
    route_json: str
    outline_d: str
    outline_json: str
    title: str
    params_json: str
    extra: dict = field(default_factory=dict)

    @property
    def hash(self) -> str:
        return f"map={self.view.zoom}/{self.view.lat:.4f}/{self.view.lon:.4f}"


def style_of(code: str | None) -> MapStyle:
    """The base layer a URL names (``layers=C`` as OSM writes it, or the layer's key)."""
    if code:
        c = code.strip()[:1].upper()
        if c in STYLE_BY_CODE:
            return STYLE_BY_CODE[c]
        if code in STYLES:
            return STYLES[code]
    return STYLES["standard"]


def build_map(data: MapData, view: View, style: MapStyle, markers: list[Marker] | None = None,
              route: list[tuple[float, float]] | None = None, outline: list[tuple[float, float]] | None = None,
              title: str = "Map of Port Alder") -> MapModel:
    """Everything the page's map pane shows first (positions in pane pixels)."""
    left, top = view.left, view.top
    tiles = []
    for tx in range(math.floor(left / TILE_SIZE), math.floor((left + view.w - 1) / TILE_SIZE) + 1):
        for ty in range(math.floor(top / TILE_SIZE), math.floor((top + view.h - 1) / TILE_SIZE) + 1):
            if 0 <= tx < 2 ** view.zoom and 0 <= ty < 2 ** view.zoom:
                url = tile_url(style.key).format(z=view.zoom, x=tx, y=ty)
                tiles.append((url, tx, ty, tx * TILE_SIZE - left, ty * TILE_SIZE - top))
    placed_markers = []
    for m in markers or []:
        px, py = view.px(*to_xy(m.lat, m.lon))
        placed_markers.append(Placed(m.lat, m.lon, px, py, m))
    # no click target under a marker: the marker is the link (or the page is that place's own)
    skip = {m.href for m in markers or [] if m.href}
    spots = {(round(m.lat, 6), round(m.lon, 6)) for m in markers or []}
    hits = [h for h in poi_hits(data, view) if f"/node/{h.item.id}" not in skip  # type: ignore[attr-defined]
            and (round(h.lat, 6), round(h.lon, 6)) not in spots]
    route_d, route_json = "", ""
    if route and len(route) >= 2:
        route_d = _path(view, route)
        route_json = json.dumps([[round(la, 6), round(lo, 6)] for la, lo in route], separators=(",", ":"))
    outline_d, outline_json = "", ""
    if outline:
        ll = [to_latlon(x, y) for x, y in outline]
        outline_d = _path(view, ll) + "Z"
        outline_json = json.dumps([[round(la, 6), round(lo, 6)] for la, lo in ll], separators=(",", ":"))
    params = projection_params() | {"zoom": view.zoom, "lat": round(view.lat, 6), "lon": round(view.lon, 6),
                                    "minZoom": MIN_ZOOM, "maxZoom": MAX_ZOOM, "hitZoom": HIT_ZOOM,
                                    "layer": style.key, "tile": tile_url("{layer}")}
    return MapModel(view, style, tiles, placed_markers, hits, route_d, route_json, outline_d, outline_json, title,
                    json.dumps(params, separators=(",", ":")))


def poi_hits(data: MapData, view: View) -> list[Placed]:
    """Click targets over the place icons in view: landmarks from zoom 13, all places from HIT_ZOOM."""
    if view.zoom < 13:
        return []
    area_place = {a.place_id for a in data.areas if a.place_id is not None}
    x0, y0, x1, y1 = view.bbox
    m = 6 * view.mpp
    out = []
    for p in data.places_in(x0 + m, y0 + m, x1 - m, y1 - m):
        if not p.is_landmark and view.zoom < HIT_ZOOM:
            continue
        if p.id in area_place and p.category != "university":
            continue
        if p.category == "bus stop" and view.zoom < 17:
            continue
        px, py = view.px(p.x, p.y)
        out.append(Placed(p.lat, p.lon, px, py, p))
    if len(out) > MAX_HITS:
        cx, cy = view.w / 2, view.h / 2
        out = sorted(out, key=lambda h: (math.hypot(h.left - cx, h.top - cy), h.item.id))[:MAX_HITS]  # type: ignore[attr-defined]
        out.sort(key=lambda h: h.item.id)  # type: ignore[attr-defined]
    return out


def _path(view: View, latlons: list[tuple[float, float]]) -> str:
    out, last = [], None
    for i, (la, lo) in enumerate(latlons):
        x, y = view.px(*to_xy(la, lo))
        if last is not None and i != len(latlons) - 1 and abs(x - last[0]) < 0.5 and abs(y - last[1]) < 0.5:
            continue
        out.append(f"{'M' if last is None else 'L'}{x:.1f} {y:.1f}")
        last = (x, y)
    return "".join(out)
