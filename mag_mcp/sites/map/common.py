"""Helpers shared by the map's views: templates, the cached geometry and geocoder, the
view a URL asks for, and the map pane every page carries."""

from __future__ import annotations

import math
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from mag_mcp.sites.web import parse_int, url_with

from ..base import db
from .geocoder import Geocoder
from .mapdata import MapData, map_data
from .mapview import (
    DEFAULT_ZOOM,
    MapModel,
    Marker,
    View,
    build_map,
    fit_view,
    style_of,
    view_at,
)
from .style import STYLES, legend_rows
from .tiles import MAX_ZOOM, MIN_ZOOM, tile_url

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(HERE / "templates"))
_GEO_LOCK = threading.Lock()
_GEOCODERS: dict[int, Geocoder] = {}


def data(request: Request) -> MapData:
    """The city's geometry, places and routing graphs (one copy per content database)."""
    return map_data(db(request), request.app.state.content_key)


def geocoder(request: Request) -> Geocoder:
    d = data(request)
    with _GEO_LOCK:
        g = _GEOCODERS.get(id(d))
        if g is None:
            counts = dict(db(request).execute("SELECT place_id, COUNT(*) FROM place_tags GROUP BY place_id"))
            g = Geocoder(d, counts)
            _GEOCODERS.clear()
            _GEOCODERS[id(d)] = g
        return g


def parse_float(value: Any) -> float | None:
    try:
        f = float(str(value).strip())
    except (TypeError, ValueError):
        return None
    return f if math.isfinite(f) else None


def requested_view(request: Request, default: View, latlon: bool = False) -> View:
    """`default`, unless the URL pins the map: ``center=<lat>,<lon>`` and ``zoom=<12..19>``
    (what the no-script zoom links write). The home page also takes ``lat`` / ``lon``. (The
    ``#map=`` hash that the page's script writes never reaches the server.)"""
    qp = request.query_params
    lat = lon = None
    if qp.get("center"):
        parts = qp["center"].split(",")
        if len(parts) == 2:
            lat, lon = parse_float(parts[0]), parse_float(parts[1])
    elif latlon:
        lat, lon = parse_float(qp.get("lat")), parse_float(qp.get("lon"))
    zoom = parse_int(qp.get("zoom"))
    if lat is None or lon is None or not (-90 <= lat <= 90 and -180 <= lon <= 180):
        if zoom is None:
            return default
        return View(default.x, default.y, max(MIN_ZOOM, min(MAX_ZOOM, zoom)))
    return view_at(lat, lon, zoom if zoom is not None else default.zoom)


def _view_params(v: View) -> dict[str, str | None]:
    return {"center": f"{v.lat:.5f},{v.lon:.5f}", "zoom": str(v.zoom), "lat": None, "lon": None}


def map_context(request: Request, view: View, markers: list[Marker] | None = None,
                route: list[tuple[float, float]] | None = None, highlight_place: int | None = None,
                outline: list[tuple[float, float]] | None = None, title: str = "Map of Port Alder") -> dict[str, Any]:
    """The map pane of a page: its first view, overlays and the links that depend on the view."""
    d = data(request)
    if highlight_place is not None and outline is None:
        area = next((a for a in d.areas if a.place_id == highlight_place and a.kind not in ("sea", "river")), None)
        outline = area.pts if area is not None else None
    style = style_of(request.query_params.get("layers"))
    model = build_map(d, view, style, markers, route, outline, title)
    links = {
        "zoom_in": url_with(request, **_view_params(view.moved(dzoom=1))) if view.zoom < MAX_ZOOM else None,
        "zoom_out": url_with(request, **_view_params(view.moved(dzoom=-1))) if view.zoom > MIN_ZOOM else None,
        "where": "/reverse?" + urlencode({"lat": f"{view.lat:.5f}", "lon": f"{view.lon:.5f}", "zoom": str(view.zoom)}),
        "query": "/query?" + urlencode({"lat": f"{view.lat:.5f}", "lon": f"{view.lon:.5f}"}),
        # "Add a note to the map": at the centre of the view (pages with a place or a marker pass `note_url`)
        "note": "/note/new?" + urlencode({"lat": f"{view.lat:.6f}", "lon": f"{view.lon:.6f}"}),
    }
    previews = {key: tile_url(key).format(z=13, x=_PREVIEW[0], y=_PREVIEW[1]) for key in STYLES}
    return {"m": model, "map_links": links, "view": view, "styles": STYLES, "previews": previews, "legend": legend_rows(),
            "scale": scale_bar(view)}


_PREVIEW = (1308, 2927)  # the zoom-13 tile over the city centre


def scale_bar(view: View) -> tuple[float, str]:
    """A scale bar about 100 px long: (its length in px, its label)."""
    metres = 20
    for metres in (20, 50, 100, 200, 500, 1000, 2000, 5000):
        if metres / view.mpp >= 70:
            break
    return metres / view.mpp, (f"{metres // 1000} km" if metres >= 1000 else f"{metres} m")


def render(request: Request, name: str, context: dict[str, Any], status_code: int = 200) -> Response:
    ctx = {"search_query": request.query_params.get("query", ""), "show_search": True, "title": "OpenStreetMap",
           "path": request.url.path}
    ctx.update(context)
    return templates.TemplateResponse(request, name, ctx, status_code=status_code)


def not_found(request: Request, what: str = "page") -> Response:
    ctx: dict[str, Any] = {"title": "Not Found | OpenStreetMap", "what": what}
    ctx.update(map_context(request, requested_view(request, View(0.0, 0.0, DEFAULT_ZOOM))))
    return render(request, "404.html", ctx, status_code=404)


def km(m: float) -> str:
    return f"{m:.0f} m" if m < 1000 else f"{m / 1000:.1f} km"


def when(ts: str | None) -> str:
    """'2024-05-03 14:22:10' -> '3 May 2024 at 14:22' (OSM's long form)."""
    if not ts:
        return ""
    from datetime import datetime

    d = datetime.fromisoformat(ts)
    return f"{d.day} {d.strftime('%B %Y')} at {d.strftime('%H:%M')}"


def ago(ts: str | None, now: str = "2026-11-01 12:00:00") -> str:
    """'about 2 months ago', as OSM writes edit times (against the site's fixed now)."""
    if not ts:
        return ""
    from datetime import datetime

    days = (datetime.fromisoformat(now) - datetime.fromisoformat(ts)).days
    if days < 1:
        return "less than a day ago"
    if days < 30:
        return f"{days} day{'s' if days != 1 else ''} ago"
    if days < 365:
        months = max(1, round(days / 30))
        return f"about {months} month{'s' if months != 1 else ''} ago"
    years = days // 365
    return f"over {years} year{'s' if years != 1 else ''} ago" if days % 365 > 60 else f"about {years} year{'s' if years != 1 else ''} ago"
