"""What the map's script fetches (JSON for a bounding box) and the OSM API's XML.

* ``GET /api/pois?bbox=w,s,e,n&zoom=z``: the click targets over place icons in view,
  ``[[id, lat, lon, name], ...]`` (as `mapview.poi_hits` chooses them; at most MAX_HITS).
* ``GET /api/notes?bbox=...``: the episode's notes in view, ``[[id, lat, lon, open], ...]``.
* ``GET /api/ways?bbox=...&zoom=z``: the ways in view (zoom >= 15), ``[[id, name, [[lat, lon], ...]], ...]``.
* ``GET /api/0.6/map?bbox=w,s,e,n`` (or the Export form's minlon/minlat/maxlon/maxlat),
  ``/api/0.6/node|way|relation|changeset/<id>``: OSM XML, as the real API writes it.
"""

from __future__ import annotations

import json
from xml.sax.saxutils import quoteattr

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from ..base import db
from .common import data, parse_float
from .geo import to_latlon, to_xy
from .mapview import MAP_H, MAP_W, View, poi_hits
from .tiles import MAX_ZOOM, MIN_ZOOM

MAX_EXPORT_PLACES = 5000
MAX_EXPORT_AREA = 0.25  # square degrees, as the OSM API allows
_GENERATOR = 'version="0.6" generator="OpenStreetMap server" copyright="OpenStreetMap and contributors"'


def _bbox(request: Request) -> tuple[float, float, float, float] | None:
    qp = request.query_params
    if qp.get("bbox"):
        parts = [parse_float(v) for v in qp["bbox"].split(",")]
    else:
        parts = [parse_float(qp.get(k)) for k in ("minlon", "minlat", "maxlon", "maxlat")]
    if len(parts) != 4 or any(v is None for v in parts):
        return None
    w, s, e, n = parts  # type: ignore[misc]
    if not (-180 <= w < e <= 180 and -90 <= s < n <= 90):
        return None
    return w, s, e, n  # type: ignore[return-value]


def _local(b: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    x0, y0 = to_xy(b[1], b[0])
    x1, y1 = to_xy(b[3], b[2])
    return x0, y0, x1, y1


def pois(request: Request) -> Response:
    b = _bbox(request)
    if b is None:
        return JSONResponse({"error": "bbox must be min_lon,min_lat,max_lon,max_lat"}, status_code=400)
    zoom = max(MIN_ZOOM, min(MAX_ZOOM, int(parse_float(request.query_params.get("zoom")) or 14)))
    x0, y0, x1, y1 = _local(b)
    view = View((x0 + x1) / 2, (y0 + y1) / 2, zoom, MAP_W, MAP_H)
    hits = poi_hits(data(request), view)
    return JSONResponse([[h.item.id, h.lat, h.lon, h.item.name] for h in hits])  # type: ignore[attr-defined]


def notes_in(request: Request) -> Response:
    b = _bbox(request)
    if b is None:
        return JSONResponse({"error": "bbox must be min_lon,min_lat,max_lon,max_lat"}, status_code=400)
    rows = db(request).execute("SELECT id, lat, lon, status FROM notes WHERE lat BETWEEN ? AND ? AND lon BETWEEN ? AND ? "
                               "ORDER BY id LIMIT 500", (b[1], b[3], b[0], b[2])).fetchall()
    return JSONResponse([[r[0], r[1], r[2], r[3] == "open"] for r in rows])


def ways_in(request: Request) -> Response:
    b = _bbox(request)
    if b is None:
        return JSONResponse({"error": "bbox must be min_lon,min_lat,max_lon,max_lat"}, status_code=400)
    zoom = int(parse_float(request.query_params.get("zoom")) or 14)
    if zoom < 15:
        return JSONResponse([])
    d = data(request)
    assert d.edge_index is not None
    ids = sorted({d.edges[i].way_id for i in d.edge_index.in_rect(*_local(b))})
    out = []
    for wid in ids[:300]:
        w = d.way(wid)
        if w is not None:
            out.append([w.id, w.name, [[round(a, 6), round(o, 6)] for a, o in (to_latlon(x, y) for x, y in w.pts)]])
    return JSONResponse(out)


# --- OSM XML ---------------------------------------------------------------------------------


def _tag_xml(tags: list[tuple[str, str]]) -> str:
    return "".join(f"<tag k={quoteattr(k)} v={quoteattr(v)}/>" for k, v in tags)


def _nodes_xml(conn, ids: list[int]) -> str:
    """The places as OSM nodes (two queries, whatever the number of places)."""
    if not ids:
        return ""
    q = ",".join("?" * len(ids))
    tags: dict[int, list[tuple[str, str]]] = {}
    for pid, k, v in conn.execute(f"SELECT place_id, key, value FROM place_tags WHERE place_id IN ({q}) "
                                  f"ORDER BY place_id, key", ids):
        tags.setdefault(pid, []).append((k, v))
    out = []
    for r in conn.execute(f"SELECT id, lat, lon, version, changeset_id, user, timestamp FROM places WHERE id IN ({q}) "
                          f"ORDER BY id", ids):
        ts = (r[6] or "2026-01-01 00:00:00").replace(" ", "T") + "Z"
        out.append(f'<node id="{r[0]}" visible="true" version="{r[3]}" changeset="{r[4]}" timestamp="{ts}" '
                   f'user={quoteattr(r[5] or "")} lat="{r[1]:.7f}" lon="{r[2]:.7f}">{_tag_xml(tags.get(r[0], []))}</node>')
    return "".join(out)


def _node_xml(conn, pid: int) -> str:
    return _nodes_xml(conn, [pid])


def _way_xml(conn, wid: int) -> str:
    r = conn.execute("SELECT id, nodes FROM ways WHERE id = ?", (wid,)).fetchone()
    if r is None:
        return ""
    tags = conn.execute("SELECT key, value FROM way_tags WHERE way_id = ? ORDER BY key", (wid,)).fetchall()
    nds = "".join(f'<nd ref="{n}"/>' for n in json.loads(r[1]))
    return f'<way id="{r[0]}" visible="true" version="1">{nds}{_tag_xml(tags)}</way>'


def _relation_xml(conn, rid: int) -> str:
    r = conn.execute("SELECT id, tags FROM relations WHERE id = ?", (rid,)).fetchone()
    if r is None:
        return ""
    members = "".join(f'<member type="{t}" ref="{m}" role={quoteattr(role)}/>' for t, m, role in conn.execute(
        "SELECT member_type, member_id, role FROM relation_members WHERE relation_id = ? ORDER BY seq", (rid,)))
    return f'<relation id="{r[0]}" visible="true" version="1">{members}{_tag_xml(sorted(json.loads(r[1]).items()))}</relation>'


def _osm(body: str) -> Response:
    return Response(f'<?xml version="1.0" encoding="UTF-8"?>\n<osm {_GENERATOR}>{body}</osm>', media_type="text/xml")


def element_xml(request: Request) -> Response:
    kind, eid = request.path_params["kind"], request.path_params["element_id"]
    conn = db(request)
    if kind == "changeset":
        r = conn.execute("SELECT c.*, u.name FROM changesets c JOIN users u ON u.id = c.user_id WHERE c.id = ?",
                         (eid,)).fetchone()
        if r is None:
            return Response("Not found", status_code=404, media_type="text/plain")
        tags = [("comment", r["comment"]), ("created_by", r["created_by"]), ("source", r["source"])]
        return _osm(f'<changeset id="{eid}" created_at="{r["created_at"].replace(" ", "T")}Z" open="false" '
                    f'user={quoteattr(r["name"])} changes_count="{r["changes"]}">{_tag_xml(tags)}</changeset>')
    body = {"node": _node_xml, "way": _way_xml, "relation": _relation_xml}.get(kind, lambda c, i: "")(conn, eid)
    if not body:
        return Response("Not found", status_code=404, media_type="text/plain")
    return _osm(body)


def map_xml(request: Request) -> Response:
    """The data of a bounding box (the Export form's "Export")."""
    b = _bbox(request)
    if b is None:
        return RedirectResponse("/export?error=" + "Give the area as west, south, east and north (degrees).",
                                status_code=303)
    if (b[2] - b[0]) * (b[3] - b[1]) > MAX_EXPORT_AREA:
        return Response(f"The maximum bbox size is {MAX_EXPORT_AREA}, and your request was too large. Either request "
                        "a smaller area, or use planet.osm", status_code=400, media_type="text/plain")
    conn = db(request)
    ids = [r[0] for r in conn.execute("SELECT id FROM places WHERE lat BETWEEN ? AND ? AND lon BETWEEN ? AND ? "
                                      "ORDER BY id LIMIT ?", (b[1], b[3], b[0], b[2], MAX_EXPORT_PLACES + 1))]
    if len(ids) > MAX_EXPORT_PLACES:
        return Response(f"You requested too many nodes (limit is {MAX_EXPORT_PLACES}). Either request a smaller area, "
                        "or use planet.osm", status_code=400, media_type="text/plain")
    d = data(request)
    assert d.edge_index is not None
    wids = sorted({d.edges[i].way_id for i in d.edge_index.in_rect(*_local(b))})
    bounds = f'<bounds minlat="{b[1]:.7f}" minlon="{b[0]:.7f}" maxlat="{b[3]:.7f}" maxlon="{b[2]:.7f}"/>'
    body = bounds + _nodes_xml(conn, ids) + "".join(_way_xml(conn, w) for w in wids)
    return Response(f'<?xml version="1.0" encoding="UTF-8"?>\n<osm {_GENERATOR}>{body}</osm>', media_type="text/xml",
                    headers={"Content-Disposition": 'attachment; filename="map.osm"'})
