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
GET  <p>/activity?event_filter=push|issue|merged|comments      project activity
GET  <p>/-/tree/<ref>[/<path>]  <p>/-/blob/<ref>/<path>  <p>/-/raw/<ref>/<path>   files (branch or tag)
GET  <p>/-/commits[/<ref>]?search=&page=  <p>/-/commit/<sha>   commits; one commit with its diff
GET  <p>/-/branches[/active|stale|all]  <p>/-/tags[/<name>]  <p>/-/graphs/<ref>  <p>/-/network/<ref>
GET  <p>/-/compare[/<target>...<source>]  (?from=&to=)
GET  <p>/-/pipelines?scope=all|finished|branches|tags  <p>/-/pipelines/<id>[/builds|failures]
GET  <p>/-/jobs?scope=  <p>/-/jobs/<id>[/raw]  <p>/-/ci/editor  <p>/-/pipeline_schedules
GET  <p>/-/environments[/<id>]  <p>/-/releases  <p>/-/boards  <p>/-/issues/service_desk
GET  <p>/-/wikis/<slug>  <p>/-/wikis/pages  <p>/-/snippets[/<id>]
GET  <p>/-/value_stream_analytics  <p>/-/pipelines/charts  <p>/-/analytics/issues_analytics
GET  <p>/-/graphs/<ref>/charts      analytics computed from the project's data
GET|POST <p>/edit                   settings: General (project[name|description|topics|visibility])
GET  <p>/-/settings/*  <p>/-/hooks  <p>/-/usage_quotas   other settings (read-only)
GET  NOTICE_PATHS                   security, packages, infrastructure, monitor...: GitLab's own
                                    "not enabled" pages (views_features)
GET  <p>/-/merge_requests/<iid>/commits|pipelines|diffs      merge request tabs
POST <p>/-/merge_requests/<iid>/approve|unapprove|resolve|unresolve (discussion_id)
POST <p>/-/issues|merge_requests/<iid>/award_emoji (name); .../notes (note[note], note[discussion_id])
GET  /dashboard/milestones|snippets|activity   /help
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
from . import item_actions as actions
from . import views_items as items
from . import views_mr as mr
from . import views_manage as manage
from . import views_analytics as an
from . import views_ci as ci
from . import views_features as feat
from . import views_project as proj
from . import views_settings as settings
from . import views_wiki as wiki
from . import views_work as work
from . import views_repo as rp
from . import views_search as search
from . import views_users as users
from .common import HERE, not_found, templates


templates.env.globals["header_autocomplete"] = search.header_autocomplete

P = "/{ns}/{project}"
# sidebar pages of features this instance does not run (see views_features.NOTICES)
NOTICE_PATHS = {
    "security_dashboard": "/-/security/dashboard", "vulnerability_report": "/-/security/vulnerability_report",
    "dependencies": "/-/dependencies", "licenses": "/-/licenses", "policies": "/-/security/policies",
    "audit_events": "/-/audit_events", "security_configuration": "/-/security/configuration",
    "feature_flags": "/-/feature_flags", "packages": "/-/packages", "container_registry": "/container_registry",
    "infrastructure_registry": "/-/infrastructure_registry", "clusters": "/-/clusters", "terraform": "/-/terraform",
    "google_cloud": "/-/google_cloud", "metrics": "/-/metrics", "error_tracking": "/-/error_tracking",
    "alerts": "/-/alert_management", "incidents": "/-/incidents", "code_review": "/-/analytics/code_reviews",
    "planning_hierarchy": "/-/planning_hierarchy", "locked_files": "/path_locks", "iterations": "/-/cadences",
    "requirements": "/-/requirements_management/requirements", "test_cases": "/-/quality/test_cases",
    "oncall_schedules": "/-/oncall_schedules", "escalation_policies": "/-/escalation_policies", "insights": "/insights/",
    "merge_request_analytics": "/-/analytics/merge_request_analytics",
}


def _routes() -> list:
    A = actions.ACTION_VIEWS
    routes = [
        Route("/", dash.home),
        Route("/dashboard/projects", dash.dashboard_projects),
        Route("/dashboard/projects/starred", dash.dashboard_starred),
        Route("/dashboard/groups", dash.dashboard_groups),
        Route("/dashboard/issues", dash.dashboard_issues),
        Route("/dashboard/merge_requests", dash.dashboard_mrs),
        Route("/dashboard/todos", dash.todos),
        Route("/dashboard/milestones", work.milestones),
        Route("/dashboard/snippets", work.snippets),
        Route("/dashboard/activity", work.activity),
        Route("/help", work.help_page),
        Route("/explore", dash.explore_projects),
        Route("/explore/projects", dash.explore_projects),
        Route("/explore/projects/starred", dash.explore_starred),
        Route("/explore/groups", dash.explore_groups),
        Route("/search", search.search),
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
        for tab in users.TAB_PATHS
    ]
    routes += [
        Route("/groups/{group}", dash.group_page),
        Route("/groups/{group}/-/group_members", dash.group_members),
        Mount("/static", app=StaticFiles(directory=str(HERE / "static")), name="static"),
        Route("/{name}", users.short_name),
        Route(P, proj.project_home),
        Route(P + "/", proj.project_home),
        Route(P + "/activity", proj.activity),
        Route(P + "/-/tree", rp.tree_default),
        Route(P + "/-/tree/{rest:path}", rp.tree),
        Route(P + "/-/blob/{rest:path}", rp.blob),
        Route(P + "/-/raw/{rest:path}", rp.raw),
        Route(P + "/-/commits", rp.commits_default),
        Route(P + "/-/commits/{rest:path}", rp.commits),
        Route(P + "/-/commit/{sha}", rp.commit),
        Route(P + "/-/branches", rp.branches),
        Route(P + "/-/branches/{tab}", rp.branches_tab),
        Route(P + "/-/tags", rp.tags),
        Route(P + "/-/tags/{name:path}", rp.tag),
        Route(P + "/-/graphs/{ref}/charts", an.repository_analytics),
        Route(P + "/-/graphs/{rest:path}", rp.contributors),
        Route(P + "/-/network/{rest:path}", rp.graph),
        Route(P + "/-/compare", rp.compare),
        Route(P + "/-/compare/{spec:path}", rp.compare_spec),
        # CI/CD, deployments
        Route(P + "/-/pipelines", ci.pipelines),
        Route(P + "/-/pipelines/charts", an.ci_analytics),
        Route(P + "/-/pipelines/{pipeline_id:int}", ci.pipeline),
        Route(P + "/-/pipelines/{pipeline_id:int}/{tab}", ci.pipeline_tab),
        Route(P + "/-/jobs", ci.jobs),
        Route(P + "/-/jobs/{job_id:int}", ci.job),
        Route(P + "/-/jobs/{job_id:int}/raw", ci.job_raw),
        Route(P + "/-/ci/editor", ci.ci_editor),
        Route(P + "/-/pipeline_schedules", ci.schedules),
        Route(P + "/-/environments", ci.environments),
        Route(P + "/-/environments/{env_id:int}", ci.environment),
        Route(P + "/-/releases", ci.releases),
        # issues extras, analytics, wiki, snippets
        Route(P + "/-/boards", feat.board),
        Route(P + "/-/issues/service_desk", feat.service_desk),
        Route(P + "/-/value_stream_analytics", an.value_stream),
        Route(P + "/-/analytics/issues_analytics", an.issue_analytics),
        Route(P + "/-/wikis/pages", wiki.wiki_pages),
        Route(P + "/-/wikis/{slug}", wiki.wiki_page),
        Route(P + "/-/snippets", wiki.snippets),
        Route(P + "/-/snippets/{snippet_id:int}", wiki.snippet),
        # settings
        Route(P + "/edit", settings.general, methods=["GET"]),
        Route(P + "/edit", settings.general_update, methods=["POST"]),
        Route(P + "/-/settings/integrations", settings.section_view("integrations", "integrations")),
        Route(P + "/-/hooks", settings.section_view("webhooks", "webhooks")),
        Route(P + "/-/settings/access_tokens", settings.section_view("access_tokens", "access_tokens")),
        Route(P + "/-/settings/repository", settings.section_view("settings_repository", "settings_repository")),
        Route(P + "/-/settings/merge_requests", settings.section_view("settings_merge_requests", "settings_merge_requests")),
        Route(P + "/-/settings/ci_cd", settings.section_view("settings_ci_cd", "settings_ci_cd")),
        Route(P + "/-/settings/packages_and_registries", settings.section_view("settings_packages", "settings_packages")),
        Route(P + "/-/settings/operations", settings.section_view("settings_monitor", "settings_monitor")),
        Route(P + "/-/usage_quotas", settings.usage_quotas),
    ]
    routes += [Route(P + NOTICE_PATHS[key], feat.notice_view(key)) for key in NOTICE_PATHS]
    routes += [
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
        if kind == "mr":
            routes += [Route(f"{P}/-/{seg}/{{iid:int}}/{{tab}}", mr.mr_tab, methods=["GET"])]
        routes += [
            Route(f"{P}/-/{seg}/{{iid:int}}/{action}", A[(kind, action)], methods=["POST"])
            for action in actions.ACTIONS[kind]
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
