"""The Postmill forum as an ASGI app (Starlette + Jinja2).

URL map (Postmill-like, as WebArena's reddit uses them). Listings take
``?page=N`` (25 submissions a page, "Next page"/"Previous page" links); top and
controversial also take ``?t=day|week|month|year|all`` (default all).
<sort> is one of hot (default), new, active, top, controversial, most_commented.

==================================================  ==============================================
GET  /   /<sort>                                     front page: the user's subscribed forums (all
                                                     forums for guests / users without subscriptions)
GET  /all   /all/<sort>                              every forum
GET  /forums   /forums/by_name|by_title|             list of forums (alphabetical by default)
     by_subscribers|by_submissions|by_category
GET  /f/<forum>   /f/<forum>/<sort>                  a forum (names are case-insensitive; other
                                                     capitalisations redirect to the canonical one)
POST /f/<forum>/subscribe   /f/<forum>/unsubscribe   (un)subscribe; field back = where to return
GET|POST /f/<forum>/edit                             edit a forum (moderators): title, description,
                                                     sidebar
GET|POST /create_forum                               create a forum: name, title, description, sidebar
GET  /f/<forum>/comments                             the forum's latest comments (?page=N)
GET  /f/<forum>/moderation_log   /moderation_log     moderation log of a forum / of every forum (?page=N)
GET  /f/<forum>/bans   /f/<forum>/moderators         bans in force (?all=1: every ban), moderators
GET  /f/<forum>/<id>[/<slug>]                        a submission with its comment tree (any slug; ?page=N:
                                                     more top-level threads)
POST /f/<forum>/<id>/-/lock   /-/unlock              lock / unlock a submission (moderators; logged)
GET|POST /f/<forum>/<id>/-/edit                      edit own submission: title, url, body
POST /f/<forum>/<id>/-/delete                        delete own submission (with its comments)
POST /f/<forum>/<id>/-/comment                       new top-level comment (field comment)
GET  /f/<forum>/<id>/-/comment/<cid>                 comment permalink: the comment and its replies
GET|POST /f/<forum>/<id>/-/comment/<cid>/reply       reply form / post a reply (field comment)
GET|POST /f/<forum>/<id>/-/comment/<cid>/edit        edit own comment
POST /f/<forum>/<id>/-/comment/<cid>/delete          delete own comment
POST /sv/<id>   /cv/<id>                             vote on a submission / comment: choice 1, -1,
                                                     0 (retract); field back = where to return
GET  /submit   /submit/<forum>    POST /submit       create a submission: title, url, body, forum
GET  /search?q=...[&sort=new]                         search submissions: any word, ranked by relevance
                                                     (or newest first); see views_search
GET  /wiki   /wiki/<path>   /wiki/_all   /wiki/_recent   the wiki: pages, all pages, recent changes
GET  /wiki/_history/<path>   /wiki/_revision/<id>    a page's revisions, one old revision
GET|POST /wiki/_edit/<path>   /wiki/_create/<path>   edit or create a page (signed in; locked: admins)
GET  /user/<name>   /user/<name>/submissions         user page: overview / submissions / comments
     /user/<name>/comments
GET|POST /user/<name>/edit_biography                 edit own biography
GET  /login   POST /login_check                      log in (_username, _password, _target_path)
GET|POST /logout                                     log out
==================================================  ==============================================
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
from . import views_account as acc
from . import views_listing as lst
from . import views_moderation as mod
from . import views_post as pst
from . import views_search as sea
from . import views_submit as sub
from . import views_wiki as wik
from .common import HERE, SORTS, not_found

GET, POST, BOTH = ["GET"], ["POST"], ["GET", "POST"]


def _routes() -> list:
    post = "/f/{forum}/{id:int}"
    comment = post + "/-/comment/{cid:int}"
    return [
        Route("/", lst.front),
        *[Route(f"/{s}", lst.front) for s in SORTS],
        Route("/all", lst.all_posts),
        Route("/all/{sort}", lst.all_posts),
        Route("/forums", lst.forum_list),
        Route("/forums/{order}", lst.forum_list),
        Route("/search", sea.search),
        Route("/submit", sub.submit_form, methods=GET),
        Route("/submit", sub.submit_post, methods=POST),
        Route("/submit/{forum}", sub.submit_form, methods=GET),
        Route("/submit/{forum}", sub.submit_post, methods=POST),
        Route("/markdown_preview", sub.markdown_preview, methods=POST),
        Route("/moderation_log", mod.global_moderation_log),
        Route("/wiki", wik.wiki_page),
        Route("/wiki/_all", wik.wiki_all),
        Route("/wiki/_recent", wik.wiki_recent),
        Route("/wiki/_revision/{id:int}", wik.wiki_revision),
        Route("/wiki/_history/{path:path}", wik.wiki_history),
        Route("/wiki/_edit/{path:path}", wik.wiki_edit_form, methods=GET),
        Route("/wiki/_edit/{path:path}", wik.wiki_edit_post, methods=POST),
        Route("/wiki/_create/{path:path}", wik.wiki_edit_form, methods=GET),
        Route("/wiki/_create/{path:path}", wik.wiki_edit_post, methods=POST),
        Route("/wiki/{path:path}", wik.wiki_page),
        Route("/sv/{id:int}", pst.vote_submission, methods=POST),
        Route("/cv/{id:int}", pst.vote_comment, methods=POST),
        Route("/login", acc.login),
        Route("/login_check", acc.login_check, methods=POST),
        Route("/logout", acc.logout, methods=BOTH),
        Route("/create_forum", acc.create_forum, methods=GET),
        Route("/create_forum", acc.create_forum_post, methods=POST),
        Route("/user/{username}", lst.user_page),
        Route("/user/{username}/account", acc.account, methods=GET),
        Route("/user/{username}/edit_biography", acc.edit_biography, methods=GET),
        Route("/user/{username}/edit_biography", acc.edit_biography_post, methods=POST),
        Route("/user/{username}/{tab}", lst.user_page),
        Route("/f/{forum}", lst.forum_page),
        Route("/f/{forum}/edit", acc.edit_forum, methods=GET),
        Route("/f/{forum}/edit", acc.edit_forum_post, methods=POST),
        Route("/f/{forum}/subscribe", acc.subscribe, methods=POST),
        Route("/f/{forum}/unsubscribe", acc.unsubscribe, methods=POST),
        Route("/f/{forum}/comments", lst.forum_comments),
        Route("/f/{forum}/moderation_log", mod.moderation_log),
        Route("/f/{forum}/bans", mod.bans),
        Route("/f/{forum}/moderators", mod.moderators),
        Route(post, pst.post_page),
        Route(post + "/{slug}", pst.post_page),
        Route(post + "/-/edit", sub.edit_form, methods=GET),
        Route(post + "/-/edit", sub.edit_post, methods=POST),
        Route(post + "/-/delete", sub.delete_post, methods=POST),
        Route(post + "/-/lock", sub.lock_post, methods=POST),
        Route(post + "/-/unlock", sub.unlock_post, methods=POST),
        Route(post + "/-/comment", pst.comment_post, methods=POST),
        Route(comment, pst.comment_page),
        Route(comment + "/reply", pst.comment_page, methods=GET),
        Route(comment + "/reply", pst.reply_post, methods=POST),
        Route(comment + "/edit", pst.comment_edit, methods=GET),
        Route(comment + "/edit", pst.comment_edit_post, methods=POST),
        Route(comment + "/delete", pst.comment_delete, methods=POST),
        Route("/f/{forum}/{sort}", lst.forum_page),
        Mount("/static", app=StaticFiles(directory=str(HERE / "static")), name="static"),
    ]


def _http_error(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 500)
    if status == 404 and "mag_db" in request.scope:
        return not_found(request)
    return PlainTextResponse(getattr(exc, "detail", "Error"), status_code=status)


def create_app(store: SiteStateStore) -> ASGIApp:
    """The forum over `store`'s per-episode databases."""
    app = Starlette(routes=_routes(), exception_handlers={HTTPException: _http_error})
    return StateMiddleware(app, store)
