"""The map's lookups: "Where is this?" (the nearest places and street to a point), "Query
features" (what is at a point and the areas that hold it) and the map alone as an SVG image."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from . import layout as L
from .categories import HIGHWAY_LABELS
from .common import (
    DEFAULT_ZOOM,
    Marker,
    View,
    data,
    fit_view,
    geocoder,
    km,
    map_context,
    parse_float,
    parse_int,
    render,
    requested_view,
    view_at,
)
from .draw import draw_frame, svg_document, view_frame
from .geo import to_xy
from .geocoder import Entry
from .mapview import style_of

PLACE_COLOR = "#2a6fdb"


def reverse_page(request: Request) -> Response:
    qp = request.query_params
    lat, lon = parse_float(qp.get("lat")), parse_float(qp.get("lon"))
    d = data(request)
    if lat is None or lon is None or not (-90 <= lat <= 90 and -180 <= lon <= 180):
        ctx = {"title": "Where is this? | OpenStreetMap", "found": [], "lat": None, "lon": None, "fmt_km": km}
        ctx.update(map_context(request, requested_view(request, View(0.0, 0.0, DEFAULT_ZOOM))))
        return render(request, "reverse.html", ctx, status_code=400)
    x, y = to_xy(lat, lon)
    found = d.nearest_places(x, y, 8)
    address = _nearest_way(request, x, y)
    view = requested_view(request, view_at(lat, lon, parse_int(qp.get("zoom"), 17) or 17))
    ctx = {"title": "Where is this? | OpenStreetMap", "found": found, "lat": lat, "lon": lon, "fmt_km": km,
           "address": address}
    ctx.update(map_context(request, view, [Marker(lat, lon, f"{lat:.5f}, {lon:.5f}", color=PLACE_COLOR)]))
    return render(request, "reverse.html", ctx)


def _nearest_way(request: Request, x: float, y: float) -> Entry | None:
    d = data(request)
    assert d.edge_index is not None
    _, e, _, _ = d.edge_index.nearest(x, y, lambda e: bool(e.name), radius=200.0)
    if e is None:
        return None
    return next((g for g in geocoder(request).entries if g.kind == "way" and g.id == e.way_id), None)


def query_page(request: Request) -> Response:
    """OSM's "Query features": what is near a point, and the areas that hold it."""
    qp = request.query_params
    lat, lon = parse_float(qp.get("lat")), parse_float(qp.get("lon"))
    d = data(request)
    ctx: dict = {"title": "Query Features | OpenStreetMap", "lat": lat, "lon": lon, "fmt_km": km, "nearby": [],
                 "enclosing": []}
    if lat is None or lon is None or not (-90 <= lat <= 90 and -180 <= lon <= 180):
        ctx["lat"] = None
        ctx.update(map_context(request, requested_view(request, View(0.0, 0.0, DEFAULT_ZOOM))))
        return render(request, "query.html", ctx, status_code=400)
    x, y = to_xy(lat, lon)
    nearby = [{"label": p.label, "name": p.name, "href": f"/node/{p.id}", "dist": dist}
              for p, dist in d.nearest_places(x, y, 12, radius=80.0) if dist <= 120.0]
    assert d.edge_index is not None
    seen: set[int] = set()
    for ei in d.edge_index.in_rect(x - 60, y - 60, x + 60, y + 60):
        e = d.edges[ei]
        w = d.way(e.way_id)
        if w is not None and w.id not in seen:
            seen.add(w.id)
            nearby.append({"label": HIGHWAY_LABELS.get(w.highway, "Road"), "name": w.name, "href": f"/way/{w.id}",
                           "dist": min(((px - x) ** 2 + (py - y) ** 2) ** 0.5 for px, py in e.pts)})
    nearby.sort(key=lambda i: (i["dist"], i["name"]))
    district = L.district_of(x, y)
    dist_obj = d.district(district)
    enclosing = []
    for a in d.areas:
        if a.kind in ("residential", "sea", "river") or a.place_id is None:
            continue
        if a.bbox[0] <= x <= a.bbox[2] and a.bbox[1] <= y <= a.bbox[3]:
            enclosing.append({"label": a.kind.capitalize(), "name": a.name, "href": f"/node/{a.place_id}"})
    if dist_obj is not None:
        enclosing.append({"label": "Suburb Boundary", "name": district, "href": f"/relation/{dist_obj.relation_id}"})
    enclosing.append({"label": "City Boundary", "name": "Port Alder", "href": "/relation/1"})
    ctx.update(nearby=nearby[:20], enclosing=enclosing)
    view = requested_view(request, view_at(lat, lon, 18))
    ctx.update(map_context(request, view, [Marker(lat, lon, f"{lat:.5f}, {lon:.5f}", color=PLACE_COLOR)]))
    return render(request, "query.html", ctx)


def map_image(request: Request) -> Response:
    """The map alone as an SVG image: /map.svg?bbox=min_lon,min_lat,max_lon,max_lat, or ?center=&zoom=."""
    qp = request.query_params
    view = requested_view(request, View(0.0, 0.0, DEFAULT_ZOOM))
    if qp.get("bbox"):
        try:
            x0, y0, x1, y1 = (float(v) for v in qp["bbox"].split(","))
            view = fit_view([to_xy(y0, x0), to_xy(y1, x1)], max_zoom=19, pad=0)
        except ValueError:
            return Response("bbox must be min_lon,min_lat,max_lon,max_lat", status_code=400)
    f = view_frame(view.x, view.y, view.zoom, view.w, view.h)
    svg = svg_document(f, draw_frame(data(request), style_of(qp.get("layers")), f), "Map of Port Alder")
    return Response(svg, media_type="image/svg+xml")
