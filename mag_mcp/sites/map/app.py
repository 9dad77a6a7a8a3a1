"""The OpenStreetMap-like map of Port Alder as an ASGI app (Starlette + Jinja2).

URL map (OSM-like; every page takes ``zoom=12..19`` and ``center=<lat>,<lon>``
to pin the map -- the zoom and pan links write them):

==================================================  ===============================================
GET /                                               map view; ``mlat``/``mlon`` put a marker there,
                                                    ``lat``/``lon`` also centre the map
GET /search?query=...                               search results on the left, numbered markers;
                                                    "cafes near Founders Square" sorts by distance
GET /node/<place id>                                a place's page (details, tags, nearby places,
                                                    "Directions from here" / "Directions to here");
                                                    /place/<id> redirects here
GET /directions                                     the directions form (From, To, mode, Go,
                                                    Reverse Directions)
GET /directions?engine=fossgis_osrm_car&route=       route between two points (WebArena's URL);
    <lat>,<lon>;<lat>,<lon>                         engines fossgis_osrm_car|_bike|_foot
GET /directions?route_from=...&route_to=...&engine=  what the form submits: resolves both names
                                                    (best match) and redirects (303) to the route URL;
                                                    ``reverse=1`` swaps From and To
GET /reverse?lat=..&lon=..                          "Where is this?": the nearest places
GET /map.svg?bbox=minlon,minlat,maxlon,maxlat       the map alone as an SVG image
GET /note/new?place=<id> | ?lat=..&lon=..          "New Note": the form to add a note at a place or a
                                                    point ("Add a note here", "Add a note to the map")
POST /note/new                                      creates the note, redirects (303) to its page
GET /note/<id>                                      "Unresolved note #N" / "Resolved note #N": position,
                                                    place, comments; Comment / Resolve / Reactivate
POST /note/<id>/comment|close|reopen                comment on, resolve or reactivate it (303 back)
GET /about, /help, /copyright                       information pages
==================================================  ===============================================

Notes are the only state a visitor changes (each episode's own database); see `notes`.
Places are addressed by ``places.id`` (``/node/<id>``, like an OSM node), not by
the road graph's ``nodes.id``.
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
from . import notes as n
from . import views as v
from .common import HERE, not_found


def _routes() -> list:
    return [
        Route("/", v.home),
        Route("/search", v.search_page),
        Route("/node/{place_id:int}", v.place_page),
        Route("/place/{place_id:int}", v.place_redirect),
        Route("/directions", v.directions_page),
        Route("/note/new", n.new_note, methods=["GET"]),
        Route("/note/new", n.create_note, methods=["POST"]),
        Route("/note/{note_id:int}", n.note_page),
        Route("/note/{note_id:int}/{action}", n.note_action, methods=["POST"]),
        Route("/reverse", v.reverse_page),
        Route("/map.svg", v.map_image),
        Route("/about", v.info_page),
        Route("/help", v.info_page),
        Route("/copyright", v.info_page),
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
    app.state.seed_key = store.seed_path.name
    return StateMiddleware(app, store)
