"""The embedded GitLab as an ASGI app (Starlette + Jinja2).

URL map (GitLab's own URLs; <p> = /<namespace>/<project>):

=================================================  ==================================================
GET  /                                              your projects (signed in) / sign-in page (guests)
GET  /dashboard/projects   /dashboard/projects/starred   your projects / starred projects
     ?name=<filter> &sort=latest_activity_desc|name_asc|created_desc|stars_desc
GET  /dashboard/groups   /explore/groups           your groups / all groups
GET  /explore  /explore/projects  /explore/projects/starred   all visible projects
GET  /dashboard/issues   /dashboard/merge_requests  across projects; same filters as a project's list;
                                                    without any parameter: assigned to you
GET  /dashboard/todos                               open issues assigned to you, MRs to review
GET  /search?search=&scope=projects|issues|merge_requests|users
GET  /users/sign_in  POST /users/sign_in            sign in (user[login], user[password], redirect_to)
POST|GET /users/sign_out                            sign out
GET  /users/<u>  /users/<u>/projects|contributed|starred|followers|following   profile tabs
POST /users/<u>/follow   /users/<u>/unfollow
GET  /<name>                                        303 to /users/<name> or /groups/<name>
GET|POST /-/profile                                 edit your profile (name, status, website, ...)
GET  /projects/new   POST /projects                 new project (project[name|path|namespace|
                                                    description|visibility|initialize_with_readme])
GET  /groups/<g>   /groups/<g>/-/group_members      group overview (projects) / group members
GET  <p>                                            project home: README, stats, star, clone
GET  <p>/-/tree/<ref>[/<path>]  <p>/-/blob/<ref>/<path>  <p>/-/raw/<ref>/<path>   files
GET  <p>/-/commits[/<ref>]  <p>/-/commit/<sha>  <p>/-/branches
GET  <p>/-/starrers   POST <p>/-/toggle_star        star / unstar (return_to)
GET  <p>/-/issues[/]  ?state=opened|closed|all &label_name[]= &assignee_username= (None|Any)
     &author_username= &milestone_title= &search= &sort=created_date|created_asc|updated_desc|
     updated_asc|due_date|title_asc|popularity &page=
GET  <p>/-/issues/new   POST <p>/-/issues           new issue (issue[title|description|
                                                    assignee_username|milestone_id|due_date|label_names][])
GET  <p>/-/issues/<iid>   <p>/-/issues/<iid>/edit
POST <p>/-/issues/<iid>/notes|close|reopen|edit|labels|remove_label|assignee|milestone|due_date
GET  <p>/-/merge_requests[/]  (as issues, plus state=merged, reviewer_username=)
GET  <p>/-/merge_requests/new   POST <p>/-/merge_requests   (merge_request[source_branch|
                                                    target_branch|title|description|assignee_username|
                                                    reviewer_username|milestone_id|label_names][])
GET  <p>/-/merge_requests/<iid>   .../<iid>/edit
POST <p>/-/merge_requests/<iid>/notes|close|reopen|merge|edit|labels|remove_label|assignee|reviewer|milestone
GET  <p>/-/labels   <p>/-/labels/new   POST <p>/-/labels (label[title|description|color])
POST <p>/-/labels/<id>/delete
GET  <p>/-/milestones?state=opened|closed|all   <p>/-/milestones/new   <p>/-/milestones/<iid>
POST <p>/-/milestones (milestone[title|description|start_date|due_date])
POST <p>/-/milestones/<iid>/close|reopen
GET  <p>/-/project_members   POST <p>/-/project_members (username, access_level)
POST <p>/-/project_members/<username>/update (access_level)   .../<username>/remove
=================================================  ==================================================

Every POST answers 303 (post/redirect/get) after committing; guests are sent to the
sign-in page. Permissions follow GitLab's roles: Reporter+ for labels, milestones and
issue metadata, Developer+ to open or merge merge requests, Maintainer+ for members.
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
from . import views_dashboard as dash
from . import views_items as items
from . import views_manage as manage
from . import views_project as proj
from . import views_users as users
from .common import HERE, not_found

P = "/{ns}/{project}"


def _routes() -> list:
    A = items.ACTION_VIEWS
    routes = [
        Route("/", dash.home),
        Route("/dashboard/projects", dash.dashboard_projects),
        Route("/dashboard/projects/starred", dash.dashboard_starred),
        Route("/dashboard/groups", dash.dashboard_groups),
        Route("/dashboard/issues", dash.dashboard_issues),
        Route("/dashboard/merge_requests", dash.dashboard_mrs),
        Route("/dashboard/todos", dash.todos),
        Route("/explore", dash.explore_projects),
        Route("/explore/projects", dash.explore_projects),
        Route("/explore/projects/starred", dash.explore_starred),
        Route("/explore/groups", dash.explore_groups),
        Route("/search", dash.search),
        Route("/projects/new", dash.new_project),
        Route("/projects", dash.create_project, methods=["POST"]),
        Route("/users/sign_in", users.sign_in, methods=["GET"]),
        Route("/users/sign_in", users.sign_in_post, methods=["POST"]),
        Route("/users/sign_out", users.sign_out, methods=["POST"]),
        Route("/users/sign_out", users.sign_out_get, methods=["GET"]),
        Route("/-/profile", users.profile_edit, methods=["GET"]),
        Route("/-/profile", users.profile_update, methods=["POST"]),
        Route("/users/{username}", users.user_tab("overview")),
        Route("/users/{username}/follow", users.follow, methods=["POST"]),
        Route("/users/{username}/unfollow", users.unfollow, methods=["POST"]),
    ]
    routes += [
        Route(f"/users/{{username}}/{tab}", users.user_tab(tab))
        for tab in ("projects", "contributed", "starred", "followers", "following")
    ]
    routes += [
        Route("/groups/{group}", dash.group_page),
        Route("/groups/{group}/-/group_members", dash.group_members),
        Mount("/static", app=StaticFiles(directory=str(HERE / "static")), name="static"),
        Route("/{name}", users.short_name),
        Route(P, proj.project_home),
        Route(P + "/", proj.project_home),
        Route(P + "/-/tree", proj.tree_default),
        Route(P + "/-/tree/{rest:path}", proj.tree),
        Route(P + "/-/blob/{rest:path}", proj.blob),
        Route(P + "/-/raw/{rest:path}", proj.raw),
        Route(P + "/-/commits", proj.commits_default),
        Route(P + "/-/commits/{rest:path}", proj.commits),
        Route(P + "/-/commit/{sha}", proj.commit),
        Route(P + "/-/branches", proj.branches),
        Route(P + "/-/starrers", proj.starrers),
        Route(P + "/-/toggle_star", proj.toggle_star, methods=["POST"]),
        Route(P + "/-/labels", manage.labels, methods=["GET"]),
        Route(P + "/-/labels", manage.label_create, methods=["POST"]),
        Route(P + "/-/labels/new", manage.label_new),
        Route(P + "/-/labels/{label_id:int}/delete", manage.label_delete, methods=["POST"]),
        Route(P + "/-/milestones", manage.milestones, methods=["GET"]),
        Route(P + "/-/milestones", manage.milestone_create, methods=["POST"]),
        Route(P + "/-/milestones/new", manage.milestone_new),
        Route(P + "/-/milestones/{iid:int}", manage.milestone),
        Route(P + "/-/milestones/{iid:int}/close", manage.milestone_close, methods=["POST"]),
        Route(P + "/-/milestones/{iid:int}/reopen", manage.milestone_reopen, methods=["POST"]),
        Route(P + "/-/project_members", manage.members, methods=["GET"]),
        Route(P + "/-/project_members", manage.member_invite, methods=["POST"]),
        Route(P + "/-/project_members/{username}/update", manage.member_update, methods=["POST"]),
        Route(P + "/-/project_members/{username}/remove", manage.member_remove, methods=["POST"]),
    ]
    for kind, seg, lst, new, create, show, edit in (
        ("issue", "issues", items.issues, items.issue_new, items.issue_create, items.issue, items.issue_edit),
        (
            "mr",
            "merge_requests",
            items.merge_requests,
            items.mr_new,
            items.mr_create,
            items.merge_request,
            items.mr_edit,
        ),
    ):
        routes += [
            Route(f"{P}/-/{seg}", lst, methods=["GET"]),
            Route(f"{P}/-/{seg}/", lst, methods=["GET"]),
            Route(f"{P}/-/{seg}", create, methods=["POST"]),
            Route(f"{P}/-/{seg}/new", new),
            Route(f"{P}/-/{seg}/{{iid:int}}", show),
            Route(f"{P}/-/{seg}/{{iid:int}}/edit", edit, methods=["GET"]),
        ]
        routes += [
            Route(f"{P}/-/{seg}/{{iid:int}}/{action}", A[(kind, action)], methods=["POST"])
            for action in items.ACTIONS[kind]
        ]
    return routes


def _http_error(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 500)
    if status == 404 and "mag_db" in request.scope:
        return not_found(request)
    return PlainTextResponse(getattr(exc, "detail", "Error"), status_code=status)


def create_app(store: SiteStateStore) -> ASGIApp:
    """GitLab over `store`'s per-episode databases."""
    app = Starlette(routes=_routes(), exception_handlers={HTTPException: _http_error})
    return StateMiddleware(app, store)
