"""The embedded Wikipedia as kiwix-serve shows it (WebArena's port 8888), as an ASGI app.

URL map
=======================================================================  =====================================
GET /                                                                     Kiwix library: the book, link "Wikipedia"
GET /wikipedia_en_all_maxi_2022-05[/]                                     302 -> the main page
GET /wikipedia_en_all_maxi_2022-05/A/Main_Page                            the book's main page
GET /wikipedia_en_all_maxi_2022-05/A/User:The_other_Kiwix_guy/Landing     the same (WebArena's start page)
GET /wikipedia_en_all_maxi_2022-05/A/<Title_With_Underscores>             an article; a redirect title, another
                                                                          casing or spaces -> 302 to the article;
                                                                          unknown -> 404 with a search suggestion
GET /wikipedia_en_all_maxi_2022-05/I/<file>.png                           an article image (Pillow, cached)
GET /search?content=wikipedia_en_all_maxi_2022-05&pattern=<q>             full-text search; start= (0-based
                                                                          offset), pageLength= (default 25,
                                                                          at most 140); books.name= also accepted
GET /wikipedia_en_all_maxi_2022-05/A/Category:<Name>                      a category's members (?from=<offset>)
GET /random?content=wikipedia_en_all_maxi_2022-05                         302 -> an article (deterministic per
                                                                          episode state: see seed.kiwix_state)
GET /suggest?content=wikipedia_en_all_maxi_2022-05&term=<t>[&count=N]     title suggestions (JSON, kiwix-serve's)
GET /skin/<file>                                                          local CSS
=======================================================================  =====================================
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from ..base import SiteStateStore, StateMiddleware, mag_home
from . import views, views_more
from .common import HERE, not_found
from .markup import BOOK
from .media import article_image


def _routes() -> list:
    return [
        Route("/", views.library),
        Route(f"/{BOOK}", views.book_root),
        Route(f"/{BOOK}/", views.book_root),
        Route(f"/{BOOK}/A/{{slug:path}}", views.article),
        Route(f"/{BOOK}/I/{{file:path}}", article_image),
        Route("/search", views.search_page),
        Route("/random", views.random_article),
        Route("/suggest", views_more.suggest),
        Mount("/skin", app=StaticFiles(directory=str(HERE / "static")), name="skin"),
    ]


def _http_error(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 500)
    if status == 404 and "mag_db" in request.scope:
        return not_found(request)
    return PlainTextResponse(getattr(exc, "detail", "Error"), status_code=status)


def create_app(store: SiteStateStore) -> ASGIApp:
    """The Kiwix reader over `store`'s per-episode databases."""
    app = Starlette(routes=_routes(), exception_handlers={HTTPException: _http_error})
    app.state.media_dir = mag_home() / "media" / "wikipedia" / store.spec.seed_version
    return StateMiddleware(app, store)
