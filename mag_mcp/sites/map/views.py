"""The map's pages: home, search, place (node) pages, directions, reverse geocoding, about (notes: `notes`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ..base import db
from . import routing
from .common import data, map_context, not_found, parse_float, parse_int, render, requested_view
from .geo import distance_m, to_xy
from .notes import new_note_url, notes_at
from .render import DEFAULT_ZOOM, Marker, View, fit_view, render_map, view_at
from .search import Place, best_match, nearest, parse_point, place_at, search

RESULT_COLOR = "#d63e2a"
PLACE_COLOR = "#2a6fdb"
START_COLOR = "#2e9e44"
END_COLOR = "#d63e2a"
MAX_SNAP_M = 1000.0  # a route end farther than this from every road is outside the map


def home(request: Request) -> Response:
    qp = request.query_params
    markers = []
    default = View(0.0, 0.0, DEFAULT_ZOOM)
    mlat, mlon = parse_float(qp.get("mlat")), parse_float(qp.get("mlon"))
    if mlat is not None and mlon is not None:
        markers.append(Marker(mlat, mlon, f"Marker at {mlat:.5f}, {mlon:.5f}", color=PLACE_COLOR))
        default = view_at(mlat, mlon, parse_int(qp.get("zoom"), 17) or 17)
    view = requested_view(request, default, latlon=True)
    ctx = {"title": "OpenStreetMap"}
    ctx.update(map_context(request, view, markers))
    if markers:
        ctx["note_url"] = new_note_url(lat=mlat, lon=mlon)
    return render(request, "home.html", ctx)


def search_page(request: Request) -> Response:
    query = request.query_params.get("query", request.query_params.get("q", "")).strip()
    d = data(request)
    res = search(d.places, query)
    markers = [Marker(p.lat, p.lon, p.name, f"/node/{p.id}", str(i), RESULT_COLOR) for i, p in enumerate(res.places, 1)]
    pts = [(p.x, p.y) for p in res.places]
    if res.anchor is not None:
        markers.append(Marker(res.anchor.lat, res.anchor.lon, res.anchor.name, f"/node/{res.anchor.id}", "\u2605",
                              PLACE_COLOR))
        pts.append((res.anchor.x, res.anchor.y))
    if res.point is not None:
        markers.append(Marker(res.point[0], res.point[1], f"{res.point[0]:.5f}, {res.point[1]:.5f}",
                              color=PLACE_COLOR))
        pts.append(to_xy(*res.point))
    default = fit_view(pts, max_zoom=17) if pts else View(0.0, 0.0, DEFAULT_ZOOM)
    view = requested_view(request, default)
    ctx = {"title": f"Search: {query} | OpenStreetMap" if query else "Search | OpenStreetMap", "query": query,
           "res": res, "search_query": query, "fmt_km": _km}
    ctx.update(map_context(request, view, markers, title=f"Map of search results for {query}"))
    return render(request, "search.html", ctx)


def _km(m: float) -> str:
    return f"{m:.0f} m" if m < 1000 else f"{m / 1000:.1f} km"


def place_page(request: Request) -> Response:
    pid = request.path_params["place_id"]
    d = data(request)
    p = d.place(pid)
    if p is None:
        return not_found(request, "place")
    conn = db(request)
    row = conn.execute("SELECT * FROM places WHERE id = ?", (pid,)).fetchone()
    tags = conn.execute("SELECT key, value FROM place_tags WHERE place_id = ? ORDER BY key", (pid,)).fetchall()
    area = next((a for a in d.areas if a.place_id == pid and a.kind not in ("sea", "river")), None)
    if area is not None:
        default = fit_view(area.pts, max_zoom=17, pad=50)
    else:
        default = View(p.x, p.y, 17)
    view = requested_view(request, default)
    near = [(q, dist) for q, dist in nearest(d.places, p.lat, p.lon, 7) if q.id != p.id][:6]
    tag_map = {k: v for k, v in tags}
    details = [("Category", p.label)]
    if "cuisine" in tag_map:
        details.append(("Cuisine", tag_map["cuisine"].replace("_", " ").title()))
    if "stars" in tag_map:
        details.append(("Stars", tag_map["stars"]))
    details.append(("Address", p.address))
    details.append(("District", p.district))
    details.append(("Postcode", p.postcode))
    if row["opening_hours"]:
        details.append(("Opening hours", row["opening_hours"]))
    if row["phone"]:
        details.append(("Phone", row["phone"]))
    if row["website"]:
        details.append(("Website", row["website"]))
    if "route_ref" in tag_map:
        details.append(("Bus lines", tag_map["route_ref"].replace(";", ", ")))
    details.append(("Coordinates", f"{p.lat:.5f}, {p.lon:.5f}"))
    ctx = {"title": f"Node: {p.name} ({p.id}) | OpenStreetMap", "p": p, "row": row, "tags": tags,
           "details": details, "near": near, "fmt_km": _km,
           "from_url": "/directions?" + urlencode({"route_from": p.display_name}),
           "to_url": "/directions?" + urlencode({"route_to": p.display_name}),
           "map_url": "/?" + urlencode({"mlat": f"{p.lat:.6f}", "mlon": f"{p.lon:.6f}", "zoom": "18"}),
           "notes": notes_at(conn, pid), "note_url": new_note_url(p)}
    ctx.update(map_context(request, view, [Marker(p.lat, p.lon, p.name, None, "", PLACE_COLOR)],
                           highlight_place=pid, title=f"Map of {p.name}"))
    return render(request, "place.html", ctx)


def place_redirect(request: Request) -> Response:
    return RedirectResponse(f"/node/{request.path_params['place_id']}", status_code=301)


# --- directions ------------------------------------------------------------------------------


@dataclass
class Endpoint:
    text: str  # what the From / To field shows
    lat: float
    lon: float
    place: Place | None


def _endpoint_at(places: list[Place], lat: float, lon: float) -> Endpoint:
    p = place_at(places, lat, lon)
    if p is not None:
        return Endpoint(p.display_name, p.lat, p.lon, p)
    return Endpoint(f"{lat:.5f}, {lon:.5f}", lat, lon, None)


def _resolve(places: list[Place], text: str) -> Endpoint | None:
    pt = parse_point(text)
    if pt is not None:
        return _endpoint_at(places, *pt)
    p = best_match(places, text)
    return Endpoint(p.display_name, p.lat, p.lon, p) if p else None


def _route_param(a: Endpoint, b: Endpoint) -> str:
    return f"{a.lat:.6f},{a.lon:.6f};{b.lat:.6f},{b.lon:.6f}"


def _parse_route(value: str) -> list[tuple[float, float]] | None:
    pts = []
    for part in value.split(";"):
        pt = parse_point(part.replace(",", " ", 1) if part.count(",") == 1 else part)
        if pt is None:
            return None
        pts.append(pt)
    return pts if len(pts) == 2 else None


def directions_page(request: Request) -> Response:
    qp = request.query_params
    d = data(request)
    engine = qp.get("engine", "fossgis_osrm_car")
    try:
        mode = routing.mode_of(engine)
    except ValueError:
        mode = "car"
    engine = routing.ENGINE_OF[mode]
    from_text = qp.get("route_from", qp.get("from", ""))
    to_text = qp.get("route_to", qp.get("to", ""))
    errors: list[str] = []
    start = end = None
    if qp.get("reverse"):
        from_text, to_text = to_text, from_text
    if "route_from" in qp or "route_to" in qp or "from" in qp or "to" in qp:
        if from_text.strip():
            start = _resolve(d.places, from_text)
            if start is None:
                errors.append(f"Could not find \u201c{from_text.strip()}\u201d")
        if to_text.strip():
            end = _resolve(d.places, to_text)
            if end is None:
                errors.append(f"Could not find \u201c{to_text.strip()}\u201d")
        if start is not None and end is not None:
            url = "/directions?" + urlencode({"engine": engine, "route": _route_param(start, end)})
            return RedirectResponse(url, status_code=303)
    elif qp.get("route"):
        pts = _parse_route(qp["route"])
        if pts is None:
            errors.append("The route in this link is not valid.")
        else:
            start, end = _endpoint_at(d.places, *pts[0]), _endpoint_at(d.places, *pts[1])
            if qp.get("reverse"):
                start, end = end, start
                url = "/directions?" + urlencode({"engine": engine, "route": _route_param(start, end)})
                return RedirectResponse(url, status_code=303)
    result = None
    markers: list[Marker] = []
    route_geom = None
    if start is not None and end is not None and not errors:
        g = d.graphs[mode]
        a = start.place.node_id if start.place else g.nearest_node(start.lat, start.lon)
        b = end.place.node_id if end.place else g.nearest_node(end.lat, end.lon)
        for ep, n in ((start, a), (end, b)):
            if distance_m(ep.lat, ep.lon, *g.coords[n]) > MAX_SNAP_M:
                errors.append(f"{ep.text} is outside the map; no route found.")
        if not errors:
            try:
                result = routing.build_directions(db(request), g, a, b)
                route_geom = [(start.lat, start.lon)] + result.geometry + [(end.lat, end.lon)]
            except routing.NoRoute:
                errors.append("No route found between these two points.")
    for ep, label, color in ((start, "A", START_COLOR), (end, "B", END_COLOR)):
        if ep is not None:
            href = f"/node/{ep.place.id}" if ep.place else None
            title = ep.place.name if ep.place else ep.text
            markers.append(Marker(ep.lat, ep.lon, title, href, label, color))
    pts = [to_xy(la, lo) for la, lo in (route_geom or [(m.lat, m.lon) for m in markers])]
    default = fit_view(pts, max_zoom=17) if pts else View(0.0, 0.0, DEFAULT_ZOOM)
    if len(pts) == 1:
        default = View(pts[0][0], pts[0][1], 16)
    view = requested_view(request, default)
    ctx = {"title": "Directions | OpenStreetMap", "show_search": False, "engine": engine,
           "engines": routing.ENGINE_LABELS, "from_value": start.text if start else from_text,
           "to_value": end.text if end else to_text, "errors": errors, "result": result,
           "fmt_step": routing.format_step_distance}
    ctx.update(map_context(request, view, markers, route=route_geom, title="Map of the route"))
    return render(request, "directions.html", ctx)


def reverse_page(request: Request) -> Response:
    qp = request.query_params
    lat, lon = parse_float(qp.get("lat")), parse_float(qp.get("lon"))
    d = data(request)
    if lat is None or lon is None or not (-90 <= lat <= 90 and -180 <= lon <= 180):
        ctx = {"title": "Where is this? | OpenStreetMap", "found": [], "lat": None, "lon": None, "fmt_km": _km}
        ctx.update(map_context(request, requested_view(request, View(0.0, 0.0, DEFAULT_ZOOM))))
        return render(request, "reverse.html", ctx, status_code=400)
    found = nearest(d.places, lat, lon, 5)
    view = requested_view(request, view_at(lat, lon, parse_int(qp.get("zoom"), 17) or 17))
    ctx = {"title": "Where is this? | OpenStreetMap", "found": found, "lat": lat, "lon": lon, "fmt_km": _km}
    ctx.update(map_context(request, view, [Marker(lat, lon, f"{lat:.5f}, {lon:.5f}", color=PLACE_COLOR)]))
    return render(request, "reverse.html", ctx)


def info_page(request: Request) -> Response:
    page = request.url.path.strip("/") or "about"
    titles = {"about": "About", "help": "Help", "copyright": "Copyright and License"}
    ctx = {"title": f"{titles[page]} | OpenStreetMap", "page": page, "heading": titles[page]}
    ctx.update(map_context(request, requested_view(request, View(0.0, 0.0, DEFAULT_ZOOM))))
    return render(request, "info.html", ctx)


def map_image(request: Request) -> Response:
    """The map alone as an SVG image: /map.svg?bbox=min_lon,min_lat,max_lon,max_lat or ?lat=&lon=&zoom=."""
    qp = request.query_params
    view = requested_view(request, View(0.0, 0.0, DEFAULT_ZOOM))
    if qp.get("bbox"):
        try:
            x0, y0, x1, y1 = (float(v) for v in qp["bbox"].split(","))
            view = fit_view([to_xy(y0, x0), to_xy(y1, x1)], max_zoom=19, pad=0)
        except ValueError:
            return Response("bbox must be min_lon,min_lat,max_lon,max_lat", status_code=400)
    svg = render_map(data(request), view)
    return Response(svg, media_type="image/svg+xml")


def distance_between(a: Place, b: Place) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)
