"""Project settings (Maintainers and Owners): General is a working form (name, description,
topics, visibility); the other settings pages show the project's configuration in GitLab's
collapsible sections, read-only, as this instance has no integrations, hooks or tokens to
manage."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from . import repo
from .common import access_level, current_user, forbidden, form_view, get_project, now, page_view, project_page, redirect

MAINTAINER = 40
INTEGRATIONS = ("Asana", "Assembla", "Atlassian Bamboo", "Bugzilla", "Buildkite", "Campfire", "Confluence Workspace",
                "Custom issue tracker", "Datadog", "Discord Notifications", "Drone", "Emails on push", "EWM",
                "External wiki", "GitHub", "Google Chat", "Harbor", "irker (IRC gateway)", "Jenkins", "JetBrains TeamCity",
                "Jira", "Mattermost notifications", "Microsoft Teams notifications", "Packagist", "Pipeline status emails",
                "Pivotal Tracker", "Prometheus", "Pumble", "Pushover", "Redmine", "Slack notifications", "Unify Circuit",
                "Webex Teams", "YouTrack", "ZenTao")
SECTIONS = {
    "integrations": ("Integrations", [("Active integrations", "No integrations are active for this project."),
                                      ("Add an integration", "Integrations let you connect this project to other tools.")]),
    "webhooks": ("Webhooks", [("Webhooks", "Webhooks enable you to send notifications to web applications in response to "
                                           "events in a group or project. No webhooks enabled."),
                              ("Add new webhook", "URL, secret token and trigger events (push, tag push, comments, issues, "
                                                  "merge requests, pipelines).")]),
    "access_tokens": ("Project Access Tokens", [("Add a project access token", "Generate project access tokens scoped to "
                                                 "this project for your applications that need access to the GitLab API."),
                                                ("Active project access tokens (0)", "This project has no active access tokens.")]),
    "settings_repository": ("Repository Settings", [
        ("Branch defaults", "Default branch: main. Auto-close referenced issues on default branch: on."),
        ("Mirroring repositories", "Set up your project to automatically push and/or pull changes to/from another repository."),
        ("Protected branches", "main: allowed to merge Maintainers, allowed to push and merge Maintainers."),
        ("Protected tags", "Limit access to creating and updating tags. No protected tags."),
        ("Deploy tokens", "Deploy tokens allow access to packages, your repository, and registry images. None."),
        ("Deploy keys", "Add deploy keys to grant read/write access to this repository. None."),
        ("Repository cleanup", "Clean up after running git filter-repo on the repository.")]),
    "settings_merge_requests": ("Merge requests", [
        ("Merge method", "Merge commit: every merge creates a merge commit."),
        ("Merge options", "Enable 'Delete source branch' option by default: on. Show link to create or view a merge request "
                          "when pushing from the command line: on."),
        ("Squash commits when merging", "Allow: squashing is always optional."),
        ("Merge checks", "Pipelines must succeed: off. All threads must be resolved: on."),
        ("Merge request approvals", "Approval rules: none; approvals are optional unless the project requires them.")]),
    "settings_ci_cd": ("CI/CD Settings", [
        ("General pipelines", "Public pipelines: on. Auto-cancel redundant pipelines: on. Timeout: 1h."),
        ("Auto DevOps", "Default to Auto DevOps pipeline: off."),
        ("Runners", "Shared runners: portalder-shared-1, portalder-shared-2, portalder-shared-3 (online)."),
        ("Artifacts", "Keep artifacts from most recent successful jobs: on."),
        ("Variables", "Variables store information, like passwords and secret keys. No variables are defined."),
        ("Pipeline trigger tokens", "No trigger tokens have been created yet."),
        ("Deploy freezes", "No deploy freezes exist for this project.")]),
    "settings_packages": ("Packages and registries settings", [
        ("Package Registry", "Duplicate packages: allowed for Maven and generic packages."),
        ("Clean up image tags", "Cleanup policies are disabled: the Container Registry is not enabled on this instance."),
        ("Dependency Proxy", "The Dependency Proxy is available for groups only.")]),
    "settings_monitor": ("Monitor Settings", [
        ("Error tracking", "Error tracking is not enabled."),
        ("Alerts", "Set up alert integrations: none configured."),
        ("Incidents", "Incident settings and automated actions: off."),
        ("Status page", "Configure file storage settings to link issues in this project to an external status page.")]),
}


def _guard(request: Request, p) -> Response | None:
    if access_level(db(request), current_user(request), p) < MAINTAINER:
        return forbidden(request, "You need the Maintainer role or higher to change the settings of this project.")
    return None


@page_view
def general(request: Request, ns: str, project: str) -> Response:
    p = get_project(request, ns, project)
    if (refusal := _guard(request, p)) is not None:
        return refusal
    return project_page(request, p, "settings_general.html", dict(title=f"General · Settings · {p['name']} · GitLab",
                                                                  errors={}), "settings_general")


@form_view
def general_update(request: Request, form: dict, ns: str, project: str) -> Response:
    p = get_project(request, ns, project)
    if (refusal := _guard(request, p)) is not None:
        return refusal
    name = (form.get("project[name]") or "").strip()
    if not name:
        return project_page(request, p, "settings_general.html", dict(
            title=f"General · Settings · {p['name']} · GitLab", errors={"name": "Name can't be blank"},
            messages=[["alert", "Project name can't be blank"]]), "settings_general", 422)
    visibility = form.get("project[visibility]") or p["visibility"]
    if visibility not in ("private", "internal", "public"):
        visibility = p["visibility"]
    topics = ", ".join(t.strip() for t in (form.get("project[topics]") or "").split(",") if t.strip())
    db(request).execute("UPDATE projects SET name = ?, description = ?, topics = ?, visibility = ?, last_activity_at = ?"
                        " WHERE id = ?", (name, (form.get("project[description]") or "").strip(), topics, visibility, now(),
                                          p["id"]))
    return redirect(request, f"/{p['full_path']}/edit", f"Project '{name}' was successfully updated.")


def section_view(key: str, sidebar_key: str):
    title, sections = SECTIONS[key]

    @page_view
    def view(request: Request, ns: str, project: str) -> Response:
        p = get_project(request, ns, project)
        if (refusal := _guard(request, p)) is not None:
            return refusal
        return project_page(request, p, "settings_sections.html", dict(
            title=f"{title} · Settings · {p['name']} · GitLab", heading=title, sections=sections,
            integrations=INTEGRATIONS if key == "integrations" else ()), sidebar_key)

    view.__name__ = f"settings_{key}"
    return view


@page_view
def usage_quotas(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    if (refusal := _guard(request, p)) is not None:
        return refusal
    size = repo.storage_size(conn, p["id"])
    wiki = conn.execute("SELECT COALESCE(SUM(length(content)), 0) FROM wiki_pages WHERE project_id = ?", (p["id"],)).fetchone()[0]
    snippets = conn.execute("SELECT COALESCE(SUM(length(content)), 0) FROM snippets WHERE project_id = ?",
                            (p["id"],)).fetchone()[0]
    return project_page(request, p, "usage_quotas.html", dict(
        title=f"Usage Quotas · {p['name']} · GitLab", rows=[("Repository", size), ("Wiki", wiki), ("Snippets", snippets),
                                                             ("Job artifacts", 0), ("Packages", 0), ("LFS", 0)],
        total=size + wiki + snippets), "usage_quotas")
