"""The OpenStreetMap-like map of Port Alder as an ASGI app (Starlette + Jinja2).

URL map (OSM's own paths; map pages take ``zoom=12..19`` and ``center=<lat>,<lon>``, and
the page's script reads and writes ``#map=<zoom>/<lat>/<lon>``):

==================================================  ===============================================
GET /                                               the map; ``mlat``/``mlon`` put a marker there
GET /search?query=...[&page=N]                      Nominatim-like results, 20 a page ("More results")
GET /node/<id> | /way/<id> | /relation/<id>         a place, a street's way, a district / bus route;
                                                    /node|way/<id>/history their versions
GET /directions[?route_from=..&route_to=..]         the directions form; it redirects (303) to
GET /directions?engine=fossgis_osrm_car&route=       the route (WebArena's URL): car | bike | foot
    <lat>,<lon>;<lat>,<lon>                         (``reverse=1`` swaps the ends); route.gpx|geojson
GET /reverse?lat=..&lon=.. | /query?lat=..&lon=..   "Where is this?" | "Query features"
GET /tile/<layer>/<z>/<x>/<y>.svg                   map tiles (`tiles`); /map.svg the map as an image
GET /note/new, POST /note/new, GET /note/<id>,      map notes (`notes`): the only state a visitor
POST /note/<id>/comment|close|reopen, GET /notes    changes, per episode
GET /history, /changeset/<id>                       changesets
GET /user/<name>[/history|/notes|/diary|/traces]    mappers; /diary, /traces the community's lists
GET /export, /api/0.6/map?bbox=..                   the Export form and OSM XML
GET /login, /user/new, /edit                        forms only (this copy has no accounts)
GET /api/pois|notes|ways?bbox=..                    JSON for the map script (`api`)
==================================================  ===============================================
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from ..base import SiteStateStore, StateMiddleware
from . import api
from . import notes as n
from . import views as v
from . import views_browse as b
from . import views_lookup as lk
from . import views_people as ppl
from .common import HERE, not_found
from .tiles import tile


def _routes() -> list:
    return [
        Route("/", v.home),
        Route("/search", v.search_page),
        Route("/node/{place_id:int}", v.place_page),
        Route("/node/{element_id:int}/history", b.element_history),
        Route("/place/{place_id:int}", v.place_redirect),
        Route("/way/{way_id:int}", b.way_page),
        Route("/way/{element_id:int}/history", b.element_history),
        Route("/relation/{relation_id:int}", b.relation_page),
        Route("/directions", v.directions_page),
        Route("/directions/route.gpx", v.route_file),
        Route("/directions/route.geojson", v.route_file),
        Route("/reverse", lk.reverse_page),
        Route("/query", lk.query_page),
        Route("/map.svg", lk.map_image),
        Route("/tile/{layer}/{z}/{x}/{y}.svg", tile),
        Route("/note/new", n.new_note, methods=["GET"]),
        Route("/note/new", n.create_note, methods=["POST"]),
        Route("/note/{note_id:int}", n.note_page),
        Route("/note/{note_id:int}/{action}", n.note_action, methods=["POST"]),
        Route("/notes", ppl.all_notes),
        Route("/history", b.history_page),
        Route("/changeset/{changeset_id:int}", b.changeset_page),
        Route("/user/new", ppl.account_form, methods=["GET"]),
        Route("/user/new", ppl.account_post, methods=["POST"]),
        Route("/user/{name}", ppl.user_page),
        Route("/user/{name}/history", ppl.user_history),
        Route("/user/{name}/notes", ppl.user_notes),
        Route("/user/{name}/diary", ppl.diary_list),
        Route("/user/{name}/diary/{entry_id:int}", ppl.diary_entry),
        Route("/user/{name}/traces", ppl.traces_list),
        Route("/user/{name}/traces/{trace_id:int}", ppl.trace_page),
        Route("/user/{name}/traces/{trace_id:int}/data", ppl.trace_page),
        Route("/diary", ppl.diary_list),
        Route("/traces", ppl.traces_list),
        Route("/traces/tag/{tag}", ppl.traces_list),
        Route("/export", ppl.export_page),
        Route("/login", ppl.account_form, methods=["GET"]),
        Route("/login", ppl.account_post, methods=["POST"]),
        Route("/edit", ppl.edit),
        Route("/go/external", ppl.external),
        Route("/go/{zoom}/{lat}/{lon}", ppl.short_link),
        Route("/wiki/{title:path}", b.wiki_page),
        Route("/api/pois", api.pois),
        Route("/api/notes", api.notes_in),
        Route("/api/ways", api.ways_in),
        Route("/api/0.6/map", api.map_xml),
        Route("/api/0.6/{kind}/{element_id:int}", api.element_xml),
        *[Route(f"/{page}", ppl.info_page) for page in ("about", "help", "copyright", "communities", "donate", "terms")],
        Mount("/static", app=StaticFiles(directory=str(HERE / "static")), name="static"),
    ]


def _http_error(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 500)
    if status == 404 and "mag_db" in request.scope:
        return not_found(request)
    return PlainTextResponse(getattr(exc, "detail", "Error"), status_code=status)


def create_app(store: SiteStateStore) -> ASGIApp:
    """The map over `store`'s per-episode databases (every state shows the same city; notes differ)."""
    app = Starlette(routes=_routes(), exception_handlers={HTTPException: _http_error})
    content = store.content_path or store.seed_path
    app.state.seed_key = store.seed_path.name
    app.state.content_key = content.name
    app.state.tiles_dir = str(store.root.parent.parent / "tiles" / content.stem)
    return StateMiddleware(app, store)
