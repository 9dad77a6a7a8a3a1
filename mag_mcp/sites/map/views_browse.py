"""Browsing the map's OSM objects: ways, relations, the history of a node or a way,
changesets, the History list of recent changesets and the wiki pages of tags."""

from __future__ import annotations

import json
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .categories import CATEGORY_TAGS, HIGHWAY_LABELS, label_of
from .common import (
    DEFAULT_ZOOM,
    Marker,
    View,
    ago,
    data,
    fit_view,
    km,
    map_context,
    not_found,
    parse_int,
    render,
    requested_view,
    when,
)
from .geo import to_xy

PER_PAGE = 20
_KIND_LABEL = {"city": "City Boundary", "district": "Suburb Boundary", "bus_route": "Bus Route"}


def way_page(request: Request) -> Response:
    wid = request.path_params["way_id"]
    d = data(request)
    w = d.way(wid)
    if w is None:
        return not_found(request, "way")
    conn = db(request)
    tags = conn.execute("SELECT key, value FROM way_tags WHERE way_id = ? ORDER BY key", (wid,)).fetchall()
    nodes = json.loads(conn.execute("SELECT nodes FROM ways WHERE id = ?", (wid,)).fetchone()[0])
    places = [p for p in d.places if p.street == w.name and p.district == w.district][:60]
    version = _last_version(conn, "way", wid)
    relations = [{"id": r[0], "name": r[1], "kind_label": _KIND_LABEL.get(r[2], r[2])} for r in conn.execute(
        "SELECT r.id, r.name, r.kind FROM relation_members m JOIN relations r ON r.id = m.relation_id "
        "WHERE m.member_type = 'way' AND m.member_id = ? ORDER BY r.id", (wid,))]
    others = [o for o in d.ways if o.name == w.name and o.id != w.id]
    w_label = HIGHWAY_LABELS.get(w.highway, "Road")
    view = requested_view(request, fit_view(w.pts, max_zoom=17, pad=60))
    ctx = {"title": f"Way: {w.name} ({w.id}) | OpenStreetMap", "w": w, "tags": tags, "nodes": nodes,
           "places": places, "version": version, "edited": ago(version["when"]), "relations": relations,
           "other_ways": others, "fmt_km": km, "w_label": w_label}
    ctx.update(map_context(request, view, outline=None, title=f"Map of {w.name}"))
    ctx["m"].outline_d, ctx["m"].outline_json = "", ""
    _line_overlay(ctx, w.pts)
    return render(request, "way.html", ctx)


def _line_overlay(ctx: dict, pts: list[tuple[float, float]]) -> None:
    """Highlight a way as OSM does: an orange line over the map (reusing the route layer)."""
    from .geo import to_latlon
    from .mapview import _path

    ll = [to_latlon(x, y) for x, y in pts]
    m = ctx["m"]
    m.route_d = _path(m.view, ll)
    m.route_json = json.dumps([[round(a, 6), round(b, 6)] for a, b in ll], separators=(",", ":"))
    m.extra["highlight"] = True


def _last_version(conn, kind: str, eid: int) -> dict:
    r = conn.execute("SELECT cc.version, cc.changeset_id, u.name, c.closed_at FROM changeset_changes cc "
                     "JOIN changesets c ON c.id = cc.changeset_id JOIN users u ON u.id = c.user_id "
                     "WHERE cc.element_type = ? AND cc.element_id = ? ORDER BY cc.version DESC LIMIT 1",
                     (kind, eid)).fetchone()
    if r is None:
        return {"version": 1, "changeset": 0, "user": "", "when": None}
    return {"version": r[0], "changeset": r[1], "user": r[2], "when": r[3]}


def relation_page(request: Request) -> Response:
    rid = request.path_params["relation_id"]
    conn = db(request)
    r = conn.execute("SELECT * FROM relations WHERE id = ?", (rid,)).fetchone()
    if r is None:
        return not_found(request, "relation")
    d = data(request)
    tags = sorted(json.loads(r["tags"]).items())
    members = []
    pts = []
    for mtype, mid, role in conn.execute("SELECT member_type, member_id, role FROM relation_members "
                                         "WHERE relation_id = ? ORDER BY seq", (rid,)):
        if mtype == "node":
            p = d.place(mid)
            if p is not None:
                members.append({"type": "node", "href": f"/node/{mid}", "name": p.name, "role": role})
                pts.append((p.x, p.y))
        elif mtype == "way":
            w = d.way(mid)
            if w is not None:
                members.append({"type": "way", "href": f"/way/{mid}", "name": f"{w.name} ({w.district})", "role": role})
        else:
            sub = conn.execute("SELECT name FROM relations WHERE id = ?", (mid,)).fetchone()
            members.append({"type": "relation", "href": f"/relation/{mid}", "name": sub[0] if sub else str(mid),
                            "role": role})
    parents = [{"id": p[0], "name": p[1]} for p in conn.execute(
        "SELECT r.id, r.name FROM relation_members m JOIN relations r ON r.id = m.relation_id "
        "WHERE m.member_type = 'relation' AND m.member_id = ?", (rid,))]
    district_places = []
    markers = []
    if r["kind"] == "district":
        rows = conn.execute("SELECT category, COUNT(*) FROM places WHERE district = ? GROUP BY category "
                            "ORDER BY COUNT(*) DESC, category LIMIT 25", (r["name"],)).fetchall()
        district_places = [(label_of(c), n, f"{CATEGORY_TAGS.get(c, ('', '', c))[2]} in {r['name']}") for c, n in rows]
        dist = d.district(r["name"])
        if dist is not None:
            markers.append(Marker(*_ll(dist.x, dist.y), r["name"], None, "", "#2a6fdb"))
        default = View(dist.x, dist.y, 15) if dist else View(0.0, 0.0, DEFAULT_ZOOM)
    elif r["kind"] == "city":
        default = View(0.0, 0.0, 13)
    else:
        default = fit_view(pts, max_zoom=16) if pts else View(0.0, 0.0, DEFAULT_ZOOM)
        for i, (x, y) in enumerate(pts, 1):
            markers.append(Marker(*_ll(x, y), members[i - 1]["name"], members[i - 1]["href"], str(i), "#1f5fbf"))
    view = requested_view(request, default)
    ctx = {"title": f"Relation: {r['name']} ({rid}) | OpenStreetMap", "r": r, "tags": tags, "members": members,
           "parents": parents, "kind_label": _KIND_LABEL.get(r["kind"], r["kind"]), "district_places": district_places}
    ctx.update(map_context(request, view, markers[:40], title=f"Map of {r['name']}"))
    return render(request, "relation.html", ctx)


def _ll(x: float, y: float) -> tuple[float, float]:
    from .geo import to_latlon

    return to_latlon(x, y)


def element_history(request: Request) -> Response:
    kind = "node" if request.url.path.startswith("/node/") else "way"
    eid = request.path_params["element_id"]
    d = data(request)
    obj = d.place(eid) if kind == "node" else d.way(eid)
    if obj is None:
        return not_found(request, kind)
    conn = db(request)
    versions = [{"version": r[0], "changeset": r[1], "user": r[2], "when": ago(r[3]), "comment": r[4], "action": r[5]}
                for r in conn.execute(
                    "SELECT cc.version, cc.changeset_id, u.name, c.closed_at, c.comment, cc.action "
                    "FROM changeset_changes cc JOIN changesets c ON c.id = cc.changeset_id "
                    "JOIN users u ON u.id = c.user_id WHERE cc.element_type = ? AND cc.element_id = ? "
                    "ORDER BY cc.version DESC", (kind, eid))]
    x, y = (obj.x, obj.y) if kind == "node" else obj.centre  # type: ignore[union-attr]
    ctx = {"title": f"History of {kind}: {obj.name} | OpenStreetMap", "kind": kind, "eid": eid, "name": obj.name,
           "versions": versions}
    ctx.update(map_context(request, requested_view(request, View(x, y, 17)), [Marker(*_ll(x, y), obj.name)]))
    return render(request, "element_history.html", ctx)


def changeset_page(request: Request) -> Response:
    cid = request.path_params["changeset_id"]
    conn = db(request)
    r = conn.execute("SELECT c.*, u.name AS user FROM changesets c JOIN users u ON u.id = c.user_id WHERE c.id = ?",
                     (cid,)).fetchone()
    if r is None:
        return not_found(request, "changeset")
    d = data(request)
    nodes, ways, pts = [], [], []
    for t, eid, v, action in conn.execute("SELECT element_type, element_id, version, action FROM changeset_changes "
                                          "WHERE changeset_id = ? ORDER BY element_type, element_id", (cid,)):
        if t == "node" and (p := d.place(eid)) is not None:
            nodes.append({"id": eid, "name": p.name, "version": v, "action": action})
            pts.append((p.x, p.y))
        elif t == "way" and (w := d.way(eid)) is not None:
            ways.append({"id": eid, "name": f"{w.name} ({w.district})", "version": v, "action": action})
            pts.append(w.centre)
    comments = [{"user": c[0], "body": c[1], "when": when(c[2])} for c in conn.execute(
        "SELECT u.name, c.body, c.created_at FROM changeset_comments c JOIN users u ON u.id = c.user_id "
        "WHERE c.changeset_id = ? ORDER BY c.id", (cid,))]
    last = conn.execute("SELECT MAX(id) FROM changesets").fetchone()[0]
    view = requested_view(request, fit_view(pts, max_zoom=17) if pts else View(0.0, 0.0, DEFAULT_ZOOM))
    markers = [Marker(*_ll(x, y), n["name"], f"/node/{n['id']}", "", "#ff7800") for (x, y), n in zip(pts, nodes)]
    ctx = {"title": f"Changeset: {cid} | OpenStreetMap", "cs": r, "closed": ago(r["closed_at"]), "nodes": nodes,
           "ways": ways, "comments": comments, "prev_id": cid - 1 if cid > 1 else None,
           "next_id": cid + 1 if cid < last else None}
    ctx.update(map_context(request, view, markers[:40], title=f"Map of changeset {cid}"))
    return render(request, "changeset.html", ctx)


def changeset_rows(conn, where: str, params: tuple, page: int) -> tuple[list[dict], bool]:
    rows = conn.execute(f"SELECT c.id, c.comment, u.name, c.closed_at, c.changes FROM changesets c "
                        f"JOIN users u ON u.id = c.user_id {where} ORDER BY c.id DESC LIMIT ? OFFSET ?",
                        (*params, PER_PAGE + 1, (page - 1) * PER_PAGE)).fetchall()
    out = [{"id": r[0], "comment": r[1], "user": r[2], "ago": ago(r[3]), "changes": r[4]} for r in rows[:PER_PAGE]]
    return out, len(rows) > PER_PAGE


def history_page(request: Request) -> Response:
    """OSM's History: the changesets of the area in view, newest first (all of them when no bbox is given)."""
    qp = request.query_params
    page = max(1, parse_int(qp.get("page"), 1) or 1)
    conn = db(request)
    where, params, intro = "", (), "Recent changes in Port Alder"
    bbox = qp.get("bbox")
    if bbox:
        try:
            w, s, e, n = (float(v) for v in bbox.split(","))
            where = "WHERE c.max_lat >= ? AND c.min_lat <= ? AND c.max_lon >= ? AND c.min_lon <= ?"
            params = (s, n, w, e)
            intro = f"Changesets in the area {s:.4f}, {w:.4f} to {n:.4f}, {e:.4f}"
        except ValueError:
            pass
    rows, more = changeset_rows(conn, where, params, page)

    def url(n: int) -> str:
        q = {"page": str(n)} | ({"bbox": bbox} if bbox else {})
        return "/history?" + urlencode(q)

    ctx = {"title": "Changesets | OpenStreetMap", "heading": "Changesets", "intro": intro, "changesets": rows,
           "next_url": url(page + 1) if more else None, "prev_url": url(page - 1) if page > 1 else None}
    ctx.update(map_context(request, requested_view(request, View(0.0, 0.0, DEFAULT_ZOOM))))
    return render(request, "history.html", ctx)


_KEY_INTRO = {
    "amenity": "Facilities used by visitors and residents: cafés, banks, schools, parking and many more.",
    "shop": "A place that sells goods or services.", "tourism": "Places for tourists: hotels, museums, viewpoints.",
    "leisure": "Places for free time: parks, playgrounds, sports.", "office": "A place of business where services are offered.",
    "highway": "Roads, paths and what belongs to them (bus stops).", "cuisine": "The kind of food a place serves.",
    "opening_hours": "When a place is open, in the opening_hours syntax (Mo-Fr 09:00-17:00).",
}


def wiki_page(request: Request) -> Response:
    """A small OSM wiki: Key:<key> lists the values used on this map, Tag:<key>=<value> the places that use it."""
    title = request.path_params["title"]
    conn = db(request)
    values, examples = [], []
    if title.startswith("Key:"):
        key = title[4:]
        values = [(v, n) for v, n in conn.execute("SELECT value, COUNT(*) FROM place_tags WHERE key = ? GROUP BY value "
                                                  "ORDER BY COUNT(*) DESC, value LIMIT 40", (key,))]
        intro = _KEY_INTRO.get(key, f"The key {key} is used on {sum(n for _, n in values)} places of this map.")
        heading = f"Key:{key}"
    elif title.startswith("Tag:") and "=" in title:
        key, value = title[4:].split("=", 1)
        n = conn.execute("SELECT COUNT(*) FROM place_tags WHERE key = ? AND value = ?", (key, value)).fetchone()[0]
        examples = [{"id": r[0], "name": r[1], "district": r[2]} for r in conn.execute(
            "SELECT p.id, p.name, p.district FROM place_tags t JOIN places p ON p.id = t.place_id "
            "WHERE t.key = ? AND t.value = ? ORDER BY p.importance DESC, p.id LIMIT 25", (key, value))]
        intro = f"{key}={value} is used on {n} places of this map."
        heading = f"Tag:{key}={value}"
    else:
        heading, intro = title.replace("_", " "), "This page of the OpenStreetMap wiki is not part of this copy."
    ctx = {"title": f"{heading} - OpenStreetMap Wiki", "heading": heading, "intro": intro, "values": values,
           "examples": examples, "key": title[4:] if title.startswith("Key:") else ""}
    ctx.update(map_context(request, requested_view(request, View(*to_xy(45.512, -122.658), DEFAULT_ZOOM))))
    return render(request, "wiki.html", ctx)
