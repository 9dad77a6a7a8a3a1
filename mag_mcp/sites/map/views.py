"""The map's main pages: home, search, a place's page and directions. (Lookups at a point
and the map image: `views_lookup`; browsing OSM objects: `views_browse`; people, diaries
and traces: `views_people`; notes: `notes`; JSON for the map script: `api`.)"""

from __future__ import annotations

import json
from dataclasses import dataclass
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ..base import db
from . import routing
from .common import (
    DEFAULT_ZOOM,
    Marker,
    View,
    ago,
    data,
    fit_view,
    geocoder,
    km,
    map_context,
    not_found,
    parse_float,
    parse_int,
    render,
    requested_view,
    view_at,
)
from .geo import distance_m, to_xy
from .geocoder import PAGE_SIZE, Entry, parse_point
from .mapdata import Place
from .notes import new_note_url, notes_at

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
    recent = [{"id": r[0], "comment": r[1], "user": r[2], "ago": ago(r[3])} for r in db(request).execute(
        "SELECT c.id, c.comment, u.name, c.closed_at FROM changesets c JOIN users u ON u.id = c.user_id "
        "ORDER BY c.id DESC LIMIT 5")]
    ctx = {"title": "OpenStreetMap", "recent": recent}
    ctx.update(map_context(request, view, markers))
    if markers:
        ctx["note_url"] = new_note_url(lat=mlat, lon=mlon)
    return render(request, "home.html", ctx)


def search_page(request: Request) -> Response:
    qp = request.query_params
    query = qp.get("query", qp.get("q", "")).strip()
    page = max(1, parse_int(qp.get("page"), 1) or 1)
    res = geocoder(request).search(query, page)
    first = (res.page - 1) * PAGE_SIZE + 1
    markers = [Marker(e.lat, e.lon, e.name, e.href, str(first + i), RESULT_COLOR) for i, e in enumerate(res.entries)]
    pts = [(e.x, e.y) for e in res.entries]
    if res.anchor is not None:
        markers.append(Marker(res.anchor.lat, res.anchor.lon, res.anchor.name, res.anchor.href, "\u2605", PLACE_COLOR))
        pts.append((res.anchor.x, res.anchor.y))
    if res.point is not None:
        markers.append(Marker(res.point[0], res.point[1], f"{res.point[0]:.5f}, {res.point[1]:.5f}", color=PLACE_COLOR))
        pts.append(to_xy(*res.point))
    default = fit_view(pts, max_zoom=17) if pts else View(0.0, 0.0, DEFAULT_ZOOM)
    view = requested_view(request, default)

    def page_url(n: int) -> str:
        return "/search?" + urlencode({"query": query, "page": str(n)})

    ctx = {"title": f"Search: {query} | OpenStreetMap" if query else "Search | OpenStreetMap", "query": query,
           "res": res, "search_query": query, "fmt_km": km, "first": first,
           "next_url": page_url(res.page + 1), "prev_url": page_url(res.page - 1)}
    ctx.update(map_context(request, view, markers, title=f"Map of search results for {query}"))
    return render(request, "search.html", ctx)


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
    default = fit_view(area.pts, max_zoom=17, pad=50) if area is not None else View(p.x, p.y, 17)
    view = requested_view(request, default)
    near = [(q, dist) for q, dist in d.nearest_places(p.x, p.y, 11) if q.id != p.id][:10]
    tag_map = {k: v for k, v in tags}
    details = [("Category", p.label)]
    if "cuisine" in tag_map:
        details.append(("Cuisine", tag_map["cuisine"].replace("_", " ").title()))
    if "stars" in tag_map:
        details.append(("Stars", tag_map["stars"]))
    details.append(("Address", p.address))
    details.append(("Street", p.street))
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
    street_way = conn.execute("SELECT e.way_id FROM edges e WHERE e.name = ? AND (e.node_a = ? OR e.node_b = ?) "
                              "ORDER BY e.id LIMIT 1", (p.street, p.node_id, p.node_id)).fetchone()
    if street_way is None:
        street_way = conn.execute("SELECT id FROM ways WHERE name = ? AND district = ? ORDER BY id LIMIT 1",
                                  (p.street, p.district)).fetchone() or conn.execute(
            "SELECT id FROM ways WHERE name = ? ORDER BY id LIMIT 1", (p.street,)).fetchone()
    relations = [{"id": r[0], "name": r[1], "kind_label": "Bus route"} for r in conn.execute(
        "SELECT r.id, r.name FROM relation_members m JOIN relations r ON r.id = m.relation_id "
        "WHERE m.member_type = 'node' AND m.member_id = ? ORDER BY r.id", (pid,))]
    dist_rel = d.district(p.district)
    same = [q for q in d.places if q.name == p.name and q.id != p.id][:8] if p.named else []
    ctx = {"title": f"Node: {p.name} ({p.id}) | OpenStreetMap", "p": p, "row": row, "tags": tags,
           "details": details, "near": near, "fmt_km": km, "relations": relations, "same_name": same,
           "street_way": street_way[0] if street_way else 0, "district_rel": dist_rel.relation_id if dist_rel else 1,
           "edited": ago(row["timestamp"]),
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


def _endpoint_at(d, lat: float, lon: float) -> Endpoint:
    x, y = to_xy(lat, lon)
    found = d.nearest_places(x, y, 1, radius=50.0)
    if found and found[0][1] <= 3.0:
        p = found[0][0]
        return Endpoint(p.display_name, p.lat, p.lon, p)
    return Endpoint(f"{lat:.5f}, {lon:.5f}", lat, lon, None)


def _resolve(request: Request, text: str) -> Endpoint | None:
    pt = parse_point(text)
    if pt is not None:
        return _endpoint_at(data(request), *pt)
    e: Entry | None = geocoder(request).best(text)
    if e is None:
        return None
    return Endpoint(e.display_name, e.lat, e.lon, e.place)


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


def _engine(value: str | None) -> tuple[str, str]:
    try:
        mode = routing.mode_of(value or "fossgis_osrm_car")
    except ValueError:
        mode = "car"
    return mode, routing.ENGINE_OF[mode]


@dataclass
class Plan:
    mode: str
    engine: str
    start: Endpoint | None
    end: Endpoint | None
    from_text: str
    to_text: str
    errors: list[str]
    redirect: Response | None = None


def plan(request: Request) -> Plan:
    """Read a directions URL: the form's fields (resolved by the geocoder, then a redirect to the route
    URL) or a route URL (``route=<lat>,<lon>;<lat>,<lon>``, whose ends may be places)."""
    qp = request.query_params
    d = data(request)
    mode, engine = _engine(qp.get("engine"))
    from_text = qp.get("route_from", qp.get("from", ""))
    to_text = qp.get("route_to", qp.get("to", ""))
    if qp.get("reverse"):
        from_text, to_text = to_text, from_text
    p = Plan(mode, engine, None, None, from_text, to_text, [])
    if "route_from" in qp or "route_to" in qp or "from" in qp or "to" in qp:
        if from_text.strip():
            p.start = _resolve(request, from_text)
            if p.start is None:
                p.errors.append(f"Could not find \u201c{from_text.strip()}\u201d")
        if to_text.strip():
            p.end = _resolve(request, to_text)
            if p.end is None:
                p.errors.append(f"Could not find \u201c{to_text.strip()}\u201d")
        if p.start is not None and p.end is not None:
            url = "/directions?" + urlencode({"engine": engine, "route": _route_param(p.start, p.end)})
            p.redirect = RedirectResponse(url, status_code=303)
    elif qp.get("route"):
        pts = _parse_route(qp["route"])
        if pts is None:
            p.errors.append("The route in this link is not valid.")
        else:
            p.start, p.end = _endpoint_at(d, *pts[0]), _endpoint_at(d, *pts[1])
            if qp.get("reverse"):
                url = "/directions?" + urlencode({"engine": engine, "route": _route_param(p.end, p.start)})
                p.redirect = RedirectResponse(url, status_code=303)
    return p


def directions_page(request: Request) -> Response:
    d = data(request)
    p = plan(request)
    if p.redirect is not None:
        return p.redirect
    start, end, errors, mode = p.start, p.end, p.errors, p.mode
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
    route_q = request.query_params.get("route", "")
    ctx = {"title": "Directions | OpenStreetMap", "show_search": False, "engine": p.engine,
           "engines": routing.ENGINE_LABELS, "from_value": start.text if start else p.from_text,
           "to_value": end.text if end else p.to_text, "errors": errors, "result": result, "start": start, "end": end,
           "fmt_step": routing.format_step_distance,
           "gpx_url": "/directions/route.gpx?" + urlencode({"engine": p.engine, "route": route_q}),
           "geojson_url": "/directions/route.geojson?" + urlencode({"engine": p.engine, "route": route_q})}
    ctx.update(map_context(request, view, markers, route=route_geom, title="Map of the route"))
    return render(request, "directions.html", ctx)


def route_file(request: Request) -> Response:
    """The route of a /directions link as GPX or GeoJSON (what "Download route as" gives)."""
    d = data(request)
    mode, _ = _engine(request.query_params.get("engine"))
    pts = _parse_route(request.query_params.get("route", ""))
    if pts is None:
        return Response("route must be lat,lon;lat,lon", status_code=400, media_type="text/plain")
    g = d.graphs[mode]
    try:
        r = routing.build_directions(db(request), g, g.nearest_node(*pts[0]), g.nearest_node(*pts[1]))
    except routing.NoRoute:
        return Response("No route found between these two points.", status_code=404, media_type="text/plain")
    if request.url.path.endswith(".geojson"):
        body = {"type": "Feature", "properties": {"distance_m": r.distance_m, "duration_s": r.duration_s, "mode": mode},
                "geometry": {"type": "LineString", "coordinates": [[lo, la] for la, lo in r.geometry]}}
        return Response(json.dumps(body), media_type="application/geo+json")
    trk = "".join(f'<trkpt lat="{la:.7f}" lon="{lo:.7f}"/>' for la, lo in r.geometry)
    gpx = (f'<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="OpenStreetMap routing" '
           f'xmlns="http://www.topografix.com/GPX/1/1"><trk><name>{r.summary}</name><trkseg>{trk}</trkseg></trk></gpx>')
    return Response(gpx, media_type="application/gpx+xml")
