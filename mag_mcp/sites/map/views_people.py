"""The mapping community's pages: user profiles (edits, notes, diary, traces), the user
diaries, GPS traces, the Export form, log-in and sign-up forms and the information pages.

Nobody logs in to this copy of the map (WebArena's map has no accounts either): the
forms show, and sending them says so instead of failing."""

from __future__ import annotations

from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from mag_mcp.sites.web import safe_path

from ..base import db
from ..pages import form_view
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
    view_at,
    when,
)
from .geo import to_xy
from .views_browse import changeset_rows

PER_PAGE = 20
NO_ACCOUNTS = "Logging in is not possible on this copy of OpenStreetMap: the map is read-only, except for notes."


def _user(request: Request):
    return db(request).execute("SELECT * FROM users WHERE name = ?", (request.path_params["name"],)).fetchone()


def _page(request: Request) -> int:
    return max(1, parse_int(request.query_params.get("page"), 1) or 1)


def _pages(base: str, page: int, more: bool, **extra: str) -> dict[str, str | None]:
    def url(n: int) -> str:
        return base + "?" + urlencode({**{k: v for k, v in extra.items() if v}, "page": str(n)})

    return {"next_url": url(page + 1) if more else None, "prev_url": url(page - 1) if page > 1 else None}


def _default_map(request: Request, ctx: dict, markers: list[Marker] | None = None,
                 default: View | None = None) -> None:
    ctx.update(map_context(request, requested_view(request, default or View(0.0, 0.0, DEFAULT_ZOOM)), markers))


def user_page(request: Request) -> Response:
    u = _user(request)
    if u is None:
        return not_found(request, "user")
    conn = db(request)
    uid = u["id"]
    counts = {
        "changesets": conn.execute("SELECT COUNT(*) FROM changesets WHERE user_id = ?", (uid,)).fetchone()[0],
        "notes": conn.execute("SELECT COUNT(DISTINCT note_id) FROM note_comments WHERE author = ?", (u["name"],)).fetchone()[0],
        "diaries": conn.execute("SELECT COUNT(*) FROM diary_entries WHERE user_id = ?", (uid,)).fetchone()[0],
        "traces": conn.execute("SELECT COUNT(*) FROM traces WHERE user_id = ?", (uid,)).fetchone()[0],
        "nodes": conn.execute("SELECT COUNT(*) FROM places WHERE user = ?", (u["name"],)).fetchone()[0],
        "comments": conn.execute("SELECT COUNT(*) FROM changeset_comments WHERE user_id = ?", (uid,)).fetchone()[0],
    }
    recent, _ = changeset_rows(conn, "WHERE c.user_id = ?", (uid,), 1)
    diaries = [{"id": r[0], "title": r[1], "when": when(r[2])} for r in conn.execute(
        "SELECT id, title, created_at FROM diary_entries WHERE user_id = ? ORDER BY id DESC LIMIT 5", (uid,))]
    traces = [{"id": r[0], "name": r[1], "km": km(r[2])} for r in conn.execute(
        "SELECT id, name, distance_m FROM traces WHERE user_id = ? ORDER BY id DESC LIMIT 5", (uid,))]
    home = data(request).district(u["home_district"])
    ctx = {"title": f"{u['name']} | OpenStreetMap", "u": u, "since": u["since"][:10], "counts": counts,
           "recent": recent[:10], "diaries": diaries, "traces": traces, "home_rel": home.relation_id if home else 1}
    _default_map(request, ctx, default=View(home.x, home.y, 17) if home else None)
    return render(request, "user.html", ctx)


def user_history(request: Request) -> Response:
    u = _user(request)
    if u is None:
        return not_found(request, "user")
    page = _page(request)
    rows, more = changeset_rows(db(request), "WHERE c.user_id = ?", (u["id"],), page)
    ctx = {"title": f"Changesets by {u['name']} | OpenStreetMap", "heading": f"Changesets by {u['name']}",
           "intro": "", "changesets": rows, **_pages(f"/user/{u['name']}/history", page, more)}
    _default_map(request, ctx)
    return render(request, "history.html", ctx)


def _note_rows(request: Request, where: str, params: tuple, page: int, status: str) -> tuple[list[dict], bool]:
    conn = db(request)
    if status in ("open", "closed"):
        where += (" AND " if where else "WHERE ") + "n.status = ?"
        params = (*params, status)
    rows = conn.execute(
        f"SELECT n.id, n.status, n.created_at, n.updated_at, (SELECT author FROM note_comments c WHERE c.note_id = n.id "
        f"ORDER BY c.id LIMIT 1), (SELECT body FROM note_comments c WHERE c.note_id = n.id ORDER BY c.id LIMIT 1) "
        f"FROM notes n {where} ORDER BY n.updated_at DESC, n.id DESC LIMIT ? OFFSET ?",
        (*params, PER_PAGE + 1, (page - 1) * PER_PAGE)).fetchall()
    out = [{"id": r[0], "open": r[1] == "open", "created": ago(r[2]), "updated": ago(r[3]), "creator": r[4],
            "text": r[5]} for r in rows[:PER_PAGE]]
    return out, len(rows) > PER_PAGE


def user_notes(request: Request) -> Response:
    u = _user(request)
    if u is None:
        return not_found(request, "user")
    page, status = _page(request), request.query_params.get("status", "")
    rows, more = _note_rows(request, "WHERE n.id IN (SELECT note_id FROM note_comments WHERE author = ?)",
                            (u["name"],), page, status)
    ctx = {"title": f"Notes submitted or commented on by {u['name']} | OpenStreetMap",
           "heading": f"Notes by {u['name']}", "intro": f"Notes submitted or commented on by {u['name']}",
           "notes": rows, "status": status, "back_url": f"/user/{u['name']}",
           **_pages(f"/user/{u['name']}/notes", page, more, status=status)}
    _default_map(request, ctx)
    return render(request, "user_notes.html", ctx)


def all_notes(request: Request) -> Response:
    page, status = _page(request), request.query_params.get("status", "")
    rows, more = _note_rows(request, "", (), page, status)
    ctx = {"title": "Notes | OpenStreetMap", "heading": "Map Notes", "intro": "Notes on the map of Port Alder, "
           "most recently changed first", "notes": rows, "status": status, "back_url": "/",
           **_pages("/notes", page, more, status=status)}
    _default_map(request, ctx)
    return render(request, "user_notes.html", ctx)


def diary_list(request: Request) -> Response:
    conn = db(request)
    page = _page(request)
    name = request.path_params.get("name")
    where, params, heading = "", (), "Users' Diaries"
    if name is not None:
        u = _user(request)
        if u is None:
            return not_found(request, "user")
        where, params, heading = "WHERE d.user_id = ?", (u["id"],), f"{name}'s Diary"
    rows = conn.execute(f"SELECT d.id, d.title, d.body, d.created_at, u.name, (SELECT COUNT(*) FROM diary_comments c "
                        f"WHERE c.entry_id = d.id) FROM diary_entries d JOIN users u ON u.id = d.user_id {where} "
                        f"ORDER BY d.created_at DESC, d.id DESC LIMIT ? OFFSET ?",
                        (*params, PER_PAGE + 1, (page - 1) * PER_PAGE)).fetchall()
    entries = [{"id": r[0], "title": r[1], "excerpt": r[2].split("\n\n")[0], "when": when(r[3]), "user": r[4],
                "comments": r[5]} for r in rows[:PER_PAGE]]
    base = f"/user/{name}/diary" if name else "/diary"
    ctx = {"title": f"{heading} | OpenStreetMap", "heading": heading, "entries": entries,
           **_pages(base, page, len(rows) > PER_PAGE)}
    _default_map(request, ctx)
    return render(request, "diary_list.html", ctx)


def diary_entry(request: Request) -> Response:
    conn = db(request)
    r = conn.execute("SELECT d.*, u.name AS user FROM diary_entries d JOIN users u ON u.id = d.user_id "
                     "WHERE d.id = ? AND u.name = ?", (request.path_params["entry_id"], request.path_params["name"])
                     ).fetchone()
    if r is None:
        return not_found(request, "diary entry")
    comments = [{"user": c[0], "body": c[1], "when": when(c[2])} for c in conn.execute(
        "SELECT u.name, c.body, c.created_at FROM diary_comments c JOIN users u ON u.id = c.user_id "
        "WHERE c.entry_id = ? ORDER BY c.id", (r["id"],))]
    d = {"id": r["id"], "title": r["title"], "user": r["user"], "when": when(r["created_at"]), "lat": r["lat"],
         "lon": r["lon"], "paragraphs": r["body"].split("\n\n")}
    ctx = {"title": f"{r['title']} | OpenStreetMap", "d": d, "comments": comments}
    markers = [Marker(r["lat"], r["lon"], r["title"])] if r["lat"] is not None else []
    _default_map(request, ctx, markers, view_at(r["lat"], r["lon"], 16) if r["lat"] is not None else None)
    return render(request, "diary_entry.html", ctx)


def traces_list(request: Request) -> Response:
    conn = db(request)
    page = _page(request)
    name = request.path_params.get("name")
    tag = request.path_params.get("tag")
    where, params, heading = "WHERE t.visibility IN ('public', 'identifiable')", (), "Public GPS Traces"
    if name is not None:
        u = _user(request)
        if u is None:
            return not_found(request, "user")
        where, params, heading = where + " AND t.user_id = ?", (u["id"],), f"Public GPS Traces from {name}"
    if tag is not None:
        where, params, heading = where + " AND (',' || t.tags || ',') LIKE ?", (*params, f"%,{tag},%"), \
            f"Public GPS Traces tagged {tag}"
    rows = conn.execute(f"SELECT t.id, t.name, t.tags, t.visibility, t.distance_m, t.created_at, u.name FROM traces t "
                        f"JOIN users u ON u.id = t.user_id {where} ORDER BY t.created_at DESC, t.id DESC "
                        f"LIMIT ? OFFSET ?", (*params, PER_PAGE + 1, (page - 1) * PER_PAGE)).fetchall()
    traces = [{"id": r[0], "name": r[1], "tags": r[2], "visibility": r[3], "km": km(r[4]), "when": ago(r[5]),
               "user": r[6]} for r in rows[:PER_PAGE]]
    base = f"/user/{name}/traces" if name else (f"/traces/tag/{tag}" if tag else "/traces")
    ctx = {"title": f"{heading} | OpenStreetMap", "heading": heading, "traces": traces,
           **_pages(base, page, len(rows) > PER_PAGE)}
    _default_map(request, ctx)
    return render(request, "traces.html", ctx)


def trace_page(request: Request) -> Response:
    import json

    conn = db(request)
    r = conn.execute("SELECT t.*, u.name AS user FROM traces t JOIN users u ON u.id = t.user_id "
                     "WHERE t.id = ? AND u.name = ?", (request.path_params["trace_id"], request.path_params["name"])
                     ).fetchone()
    if r is None:
        return not_found(request, "trace")
    pts = json.loads(r["points"])
    t = {"id": r["id"], "name": r["name"], "user": r["user"], "when": when(r["created_at"]), "description":
         r["description"], "tag_list": r["tags"].split(","), "km": km(r["distance_m"]), "points": len(pts),
         "visibility": r["visibility"]}
    if request.url.path.endswith("/data"):
        trk = "".join(f'<trkpt lat="{la}" lon="{lo}"/>' for la, lo in pts)
        return Response(f'<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="OpenStreetMap" '
                        f'xmlns="http://www.topografix.com/GPX/1/1"><trk><name>{t["name"]}</name><trkseg>{trk}'
                        f'</trkseg></trk></gpx>', media_type="application/gpx+xml")
    ctx = {"title": f"Trace: {r['name']} | OpenStreetMap", "t": t}
    view = requested_view(request, fit_view([to_xy(la, lo) for la, lo in pts], max_zoom=17))
    ctx.update(map_context(request, view, [Marker(*pts[0], "Start", None, "A", "#2e9e44"),
                                           Marker(*pts[-1], "End", None, "B", "#d63e2a")],
                           route=[tuple(p) for p in pts], title=f"Map of {r['name']}"))
    return render(request, "trace.html", ctx)


def export_page(request: Request) -> Response:
    view = requested_view(request, View(0.0, 0.0, 15))
    from .geo import to_latlon

    x0, y0, x1, y1 = view.bbox
    s, w = to_latlon(x0, y0)
    n, e = to_latlon(x1, y1)
    ctx = {"title": "Export | OpenStreetMap", "bbox": (w, s, e, n), "error": request.query_params.get("error")}
    ctx.update(map_context(request, view))
    return render(request, "export.html", ctx)


def account_form(request: Request, message: str | None = None, status_code: int = 200) -> Response:
    signup = request.url.path.startswith("/user/new")
    referer = safe_path(request.query_params.get("referer"), "/")
    ctx = {"title": ("Sign Up" if signup else "Log In") + " | OpenStreetMap", "heading": "Sign Up" if signup else "Log In",
           "signup": signup, "action": "/user/new" if signup else "/login", "referer": referer, "message": message}
    _default_map(request, ctx)
    return render(request, "login.html", ctx, status_code=status_code)


@form_view
def account_post(request: Request, form: dict[str, str]) -> Response:
    return account_form(request, NO_ACCOUNTS, status_code=403)


def edit(request: Request) -> Response:
    """Edit (with iD or a remote editor): mapping needs an account, so OSM sends a visitor to log in."""
    return RedirectResponse("/login?" + urlencode({"referer": "/edit"}), status_code=303)


def info_page(request: Request) -> Response:
    page = request.url.path.strip("/") or "about"
    titles = {"about": "About", "help": "Help", "copyright": "Copyright and License", "communities": "Communities",
              "donate": "Make a Donation", "terms": "Website and API terms"}
    conn = db(request)
    counts = {"places": conn.execute("SELECT COUNT(*) FROM places").fetchone()[0],
              "streets": conn.execute("SELECT COUNT(*) FROM streets").fetchone()[0],
              "users": conn.execute("SELECT COUNT(*) FROM users").fetchone()[0],
              "changesets": conn.execute("SELECT COUNT(*) FROM changesets").fetchone()[0]}
    ctx = {"title": f"{titles[page]} | OpenStreetMap", "page": page, "heading": titles[page], "counts": counts,
           "districts": data(request).districts}
    _default_map(request, ctx)
    return render(request, "info.html", ctx)


def external(request: Request) -> Response:
    """Links to the web outside the map (a place's website) end here: this copy reaches nothing outside."""
    url = request.query_params.get("url", "")
    ctx = {"title": "Leaving OpenStreetMap", "heading": "Leaving OpenStreetMap",
           "intro": f"The link goes to {url}, outside this copy of OpenStreetMap, which cannot be reached from here.",
           "values": [], "examples": [], "key": ""}
    _default_map(request, ctx)
    return render(request, "wiki.html", ctx)


def short_link(request: Request) -> Response:
    """/go/<zoom>/<lat>/<lon>: the Share panel's short link opens the map there."""
    pp = request.path_params
    try:
        z, lat, lon = int(pp["zoom"]), float(pp["lat"]), float(pp["lon"])
    except ValueError:
        return not_found(request, "link")
    return RedirectResponse(f"/#map={z}/{lat:.4f}/{lon:.4f}", status_code=302)
