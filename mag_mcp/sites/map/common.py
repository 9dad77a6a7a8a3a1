"""Helpers shared by the map's views: templates, the cached geometry, map views and links."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from ..base import db
from .render import DEFAULT_ZOOM, MAX_ZOOM, MIN_ZOOM, MapData, Marker, View, map_data, render_map, view_at
from mag_mcp.sites.web import parse_int, url_with  # noqa: F401 (re-exported)

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(HERE / "templates"))


def data(request: Request) -> MapData:
    """The city's geometry, places and routing graphs (one copy per seed, shared by all states)."""
    return map_data(db(request), request.app.state.seed_key)



def parse_float(value: Any) -> float | None:
    try:
        f = float(str(value).strip())
    except (TypeError, ValueError):
        return None
    return f if math.isfinite(f) else None



def requested_view(request: Request, default: View, latlon: bool = False) -> View:
    """`default`, unless the URL pins the map: ``center=<lat>,<lon>`` and ``zoom=<12..19>``
    (what the zoom and pan links write). The home page also takes ``lat`` / ``lon``."""
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
                title: str = "Map of Port Alder") -> dict[str, Any]:
    svg = render_map(data(request), view, markers=markers, route=route, highlight_place=highlight_place, title=title)
    links = {
        "zoom_in": url_with(request, **_view_params(view.moved(dzoom=1))) if view.zoom < MAX_ZOOM else None,
        "zoom_out": url_with(request, **_view_params(view.moved(dzoom=-1))) if view.zoom > MIN_ZOOM else None,
        "north": url_with(request, **_view_params(view.moved(dy_frac=0.4))),
        "south": url_with(request, **_view_params(view.moved(dy_frac=-0.4))),
        "west": url_with(request, **_view_params(view.moved(dx_frac=-0.4))),
        "east": url_with(request, **_view_params(view.moved(dx_frac=0.4))),
        "where": "/reverse?" + urlencode({"lat": f"{view.lat:.5f}", "lon": f"{view.lon:.5f}", "zoom": str(view.zoom)}),
        # "Add a note to the map": at the centre of the view (pages with a place or a marker pass `note_url`)
        "note": "/note/new?" + urlencode({"lat": f"{view.lat:.6f}", "lon": f"{view.lon:.6f}"}),
    }
    return {"map_svg": svg, "map_links": links, "view": view}


def render(request: Request, name: str, context: dict[str, Any], status_code: int = 200) -> Response:
    ctx = {"search_query": request.query_params.get("query", ""), "show_search": True, "title": "OpenStreetMap"}
    ctx.update(context)
    return templates.TemplateResponse(request, name, ctx, status_code=status_code)


def not_found(request: Request, what: str = "page") -> Response:
    ctx: dict[str, Any] = {"title": "Not Found | OpenStreetMap", "what": what}
    ctx.update(map_context(request, requested_view(request, View(0.0, 0.0, DEFAULT_ZOOM))))
    return render(request, "404.html", ctx, status_code=404)
