"""The project sidebar, as GitLab 15 draws it: top-level items with their sub-items. The active
item's sub-items are shown inline; every other item's appear in a fly-out beside it on hover
or keyboard focus (`_sidebar.html`, CSS only).

Each sub-item names the `section` key its pages pass to `project_page`, so the sidebar can
mark the current one. Settings are shown to Maintainers and Owners only, as in GitLab.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Item:
    title: str
    href: str  # appended to the project URL
    key: str  # the `section` of the pages under it


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    icon: str
    href: str
    items: tuple[Item, ...] = ()
    counter: str = ""  # 'issues' | 'mrs': a count badge
    min_level: int = 0


SECTIONS: tuple[Section, ...] = (
    Section("project", "Project information", "project", "", (
        Item("Activity", "/activity", "activity"), Item("Labels", "/-/labels", "labels"),
        Item("Planning hierarchy", "/-/planning_hierarchy", "planning_hierarchy"),
        Item("Members", "/-/project_members", "members"))),
    Section("repository", "Repository", "repo", "/-/tree/{branch}", (
        Item("Files", "/-/tree/{branch}", "files"), Item("Commits", "/-/commits/{branch}", "commits"),
        Item("Branches", "/-/branches", "branches"), Item("Tags", "/-/tags", "tags"),
        Item("Contributors", "/-/graphs/{branch}", "contributors"), Item("Graph", "/-/network/{branch}", "graph"),
        Item("Compare", "/-/compare", "compare"), Item("Locked files", "/path_locks", "locked_files"))),
    Section("issues", "Issues", "issues", "/-/issues", (
        Item("List", "/-/issues", "issues"), Item("Boards", "/-/boards", "boards"),
        Item("Service Desk", "/-/issues/service_desk", "service_desk"), Item("Milestones", "/-/milestones", "milestones"),
        Item("Iterations", "/-/cadences", "iterations"),
        Item("Requirements", "/-/requirements_management/requirements", "requirements")),
        counter="issues"),
    Section("mrs", "Merge requests", "mr", "/-/merge_requests", (), counter="mrs"),
    Section("cicd", "CI/CD", "rocket", "/-/pipelines", (
        Item("Pipelines", "/-/pipelines", "pipelines"), Item("Editor", "/-/ci/editor", "ci_editor"),
        Item("Jobs", "/-/jobs", "jobs"), Item("Schedules", "/-/pipeline_schedules", "schedules"),
        Item("Test cases", "/-/quality/test_cases", "test_cases"))),
    Section("security", "Security & Compliance", "shield", "/-/security/dashboard", (
        Item("Security dashboard", "/-/security/dashboard", "security_dashboard"),
        Item("Vulnerability report", "/-/security/vulnerability_report", "vulnerability_report"),
        Item("Dependency list", "/-/dependencies", "dependencies"), Item("License compliance", "/-/licenses", "licenses"),
        Item("Policies", "/-/security/policies", "policies"), Item("Audit events", "/-/audit_events", "audit_events"),
        Item("Configuration", "/-/security/configuration", "security_configuration"))),
    Section("deployments", "Deployments", "deploy", "/-/environments", (
        Item("Environments", "/-/environments", "environments"), Item("Feature Flags", "/-/feature_flags", "feature_flags"),
        Item("Releases", "/-/releases", "releases"))),
    Section("packages", "Packages and registries", "package", "/-/packages", (
        Item("Package Registry", "/-/packages", "packages"), Item("Container Registry", "/container_registry", "container_registry"),
        Item("Infrastructure Registry", "/-/infrastructure_registry", "infrastructure_registry"))),
    Section("infrastructure", "Infrastructure", "cloud", "/-/clusters", (
        Item("Kubernetes clusters", "/-/clusters", "clusters"), Item("Terraform", "/-/terraform", "terraform"),
        Item("Google Cloud", "/-/google_cloud", "google_cloud"))),
    Section("monitor", "Monitor", "monitor", "/-/metrics", (
        Item("Metrics", "/-/metrics", "metrics"), Item("Error Tracking", "/-/error_tracking", "error_tracking"),
        Item("Alerts", "/-/alert_management", "alerts"), Item("Incidents", "/-/incidents", "incidents"),
        Item("On-call Schedules", "/-/oncall_schedules", "oncall_schedules"),
        Item("Escalation Policies", "/-/escalation_policies", "escalation_policies"))),
    Section("analytics", "Analytics", "chart", "/-/value_stream_analytics", (
        Item("Value stream", "/-/value_stream_analytics", "value_stream"), Item("CI/CD", "/-/pipelines/charts", "ci_analytics"),
        Item("Code review", "/-/analytics/code_reviews", "code_review"), Item("Insights", "/insights/", "insights"),
        Item("Issue", "/-/analytics/issues_analytics", "issue_analytics"),
        Item("Merge request", "/-/analytics/merge_request_analytics", "merge_request_analytics"),
        Item("Repository", "/-/graphs/{branch}/charts", "repository_analytics"))),
    Section("wiki", "Wiki", "book", "/-/wikis/home", (), ),
    Section("snippets", "Snippets", "snippet", "/-/snippets", ()),
    Section("settings", "Settings", "settings", "/edit", (
        Item("General", "/edit", "settings_general"), Item("Integrations", "/-/settings/integrations", "integrations"),
        Item("Webhooks", "/-/hooks", "webhooks"), Item("Access Tokens", "/-/settings/access_tokens", "access_tokens"),
        Item("Repository", "/-/settings/repository", "settings_repository"),
        Item("Merge requests", "/-/settings/merge_requests", "settings_merge_requests"),
        Item("CI/CD", "/-/settings/ci_cd", "settings_ci_cd"),
        Item("Packages and registries", "/-/settings/packages_and_registries", "settings_packages"),
        Item("Monitor", "/-/settings/operations", "settings_monitor"),
        Item("Usage Quotas", "/-/usage_quotas", "usage_quotas")), min_level=40),
)
# a section of pages whose key is not one of a sub-item's: where it belongs
EXTRA_KEYS = {"project": "project", "mrs": "mrs", "wiki": "wiki", "snippets": "snippets", "pipeline": "cicd",
              "job": "cicd", "environment": "deployments", "tag": "repository"}
SECTION_OF = {item.key: s.key for s in SECTIONS for item in s.items} | EXTRA_KEYS


def sections_for(level: int) -> list[Section]:
    return [s for s in SECTIONS if level >= s.min_level]


def link_count(level: int = 50) -> int:
    """How many links the sidebar has for a member at `level` (top-level items and sub-items)."""
    return sum(1 + len(s.items) for s in sections_for(level))
