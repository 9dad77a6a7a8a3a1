"""Sidebar pages of features this GitLab does not run (no license tier, no cluster, no registry,
no error tracking): each shows the empty state or notice GitLab itself shows in that case,
with its real headings and explanations and its actions disabled. Plus the issue board and
Service Desk, which are real pages over the project's issues."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import Response

from ..base import db
from .common import get_project, page_view, project_page
from .items_common import _labels
from .queries import labels_of


@dataclass(frozen=True)
class Notice:
    section: str  # sidebar key
    title: str  # page title
    heading: str
    text: tuple[str, ...]
    action: str = ""  # the (disabled) primary button
    tier: str = ""  # "Ultimate" / "Premium": shown as the tier badge
    table: tuple[tuple[str, str, str], ...] = ()  # (name, description, status) rows


SECURITY_TOOLS = (
    ("Static Application Security Testing (SAST)", "Analyze your source code for known vulnerabilities.", "Not enabled"),
    ("Dynamic Application Security Testing (DAST)", "Analyze a deployed version of your web application.", "Available with Ultimate"),
    ("Dependency Scanning", "Analyze your dependencies for known vulnerabilities.", "Available with Ultimate"),
    ("Container Scanning", "Check your Docker images for known vulnerabilities.", "Available with Ultimate"),
    ("Secret Detection", "Analyze your source code and git history for secrets.", "Not enabled"),
    ("API Fuzzing", "Find bugs in your code with API fuzzing.", "Available with Ultimate"),
    ("Coverage Fuzzing", "Find bugs in your code with coverage-guided fuzzing.", "Available with Ultimate"),
    ("Infrastructure as Code (IaC) Scanning", "Analyze your infrastructure as code configuration files.", "Not enabled"),
)
NOTICES: dict[str, Notice] = {
    "security_dashboard": Notice("security_dashboard", "Security dashboard", "Monitor vulnerabilities in your project",
                                 ("The security dashboard displays the latest security reports. Use it to find and fix vulnerabilities.",
                                  "Upgrade to GitLab Ultimate to see vulnerabilities detected by the security scanners."),
                                 "Learn more", "Ultimate"),
    "vulnerability_report": Notice("vulnerability_report", "Vulnerability report", "Get started with security scanning",
                                   ("Manage and track vulnerabilities identified in your project. Vulnerabilities are shown "
                                    "here when security testing is configured.",), "Configure security testing", "Ultimate"),
    "dependencies": Notice("dependencies", "Dependency list", "View dependency details for your project",
                           ("The dependency list details information about the components used within your project.",),
                           "Learn more about the dependency list", "Ultimate"),
    "licenses": Notice("licenses", "License compliance", "License Compliance",
                       ("License Compliance detects licenses in your dependencies and checks them against your policies.",),
                       "Set up license compliance", "Ultimate"),
    "policies": Notice("policies", "Policies", "Policies", ("This project is not linked to a security policy project.",
                                                           "Security policies are available in GitLab Ultimate."), "New policy", "Ultimate"),
    "audit_events": Notice("audit_events", "Audit events", "Audit events",
                           ("Track important events in your project. Audit events are available in GitLab Premium.",),
                           "", "Premium"),
    "security_configuration": Notice("security_configuration", "Security configuration", "Security testing",
                                     ("Enable security testing to find vulnerabilities in your code before they reach "
                                      "production. Some tools need GitLab Ultimate.",), "", "", SECURITY_TOOLS),
    "feature_flags": Notice("feature_flags", "Feature Flags", "Get started with feature flags",
                            ("Feature flags allow you to configure your code into different flavors by dynamically toggling "
                             "certain functionality.",), "New feature flag"),
    "packages": Notice("packages", "Package Registry", "There are no packages yet",
                       ("Learn how to publish and share your packages with GitLab.",), "Learn more"),
    "container_registry": Notice("container_registry", "Container Registry", "There are no container images stored for this project",
                                 ("With the Container Registry, every project can have its own space to store its Docker images.",
                                  "CLI commands: docker login, docker build, docker push."), "CLI Commands"),
    "infrastructure_registry": Notice("infrastructure_registry", "Infrastructure Registry", "You have no Terraform modules in your project",
                                      ("Terraform modules are the main way to package and reuse resource configurations with "
                                       "Terraform.",), "Learn more"),
    "clusters": Notice("clusters", "Kubernetes clusters", "Connect a Kubernetes cluster",
                       ("Use the GitLab agent to safely connect your Kubernetes clusters to GitLab. You can deploy your "
                        "applications, run your pipelines, use Review Apps, and much more.",), "Connect a cluster"),
    "terraform": Notice("terraform", "Terraform states", "Get started with Terraform",
                        ("Store your Terraform state files in GitLab: no state file has been uploaded to this project yet.",),
                        "Copy Terraform init command"),
    "google_cloud": Notice("google_cloud", "Google Cloud", "Google Cloud integration is not configured",
                           ("An administrator must configure OAuth for Google Cloud before projects can use it.",), "Configure"),
    "metrics": Notice("metrics", "Metrics", "Metrics dashboard",
                      ("This feature is deprecated. No Prometheus server is connected to this project.",), "Add Prometheus"),
    "error_tracking": Notice("error_tracking", "Error Tracking", "Get started with error tracking",
                             ("Monitor your errors directly in GitLab. Error tracking is not enabled for this project.",),
                             "Enable error tracking"),
    "alerts": Notice("alerts", "Alerts", "Surface alerts in GitLab",
                     ("Display alerts from all configured monitoring tools. No alert integrations are set up for this project.",),
                     "Authorize external service"),
    "incidents": Notice("incidents", "Incidents", "Display your incidents in a dedicated view",
                        ("All alerts promoted to incidents are automatically displayed within the list. You can also create a "
                         "new incident using the button below.",), "Create incident"),
    "code_review": Notice("code_review", "Code review analytics", "Code review analytics",
                          ("Code review analytics displays a table of open merge requests considered to be in code review. "
                           "It is available in GitLab Premium.",), "", "Premium"),
    "planning_hierarchy": Notice("planning_hierarchy", "Planning hierarchy", "Planning hierarchy",
                                 ("Visualize the relationship between epics, issues and their parents. The planning "
                                  "hierarchy is available in GitLab Ultimate.",), "", "Ultimate"),
    "locked_files": Notice("locked_files", "Locked files", "Locked files",
                           ("Lock files to prevent conflicts: nobody else can push changes to a locked file. File locking "
                            "is available in GitLab Premium.",), "", "Premium"),
    "iterations": Notice("iterations", "Iterations", "Iteration cadences",
                         ("Use iterations to track issues over a fixed period of time. Iteration cadences are defined at "
                          "group level and are available in GitLab Premium.",), "", "Premium"),
    "requirements": Notice("requirements", "Requirements", "With requirements, you can set criteria to check your products against.",
                           ("Requirements can be based on users, stakeholders, system, software, or anything else you find "
                            "important to capture. Requirements are available in GitLab Ultimate.",), "New requirement", "Ultimate"),
    "test_cases": Notice("test_cases", "Test cases", "Improve quality with test cases",
                         ("Create testing scenarios by defining project conditions in your development platform. Test cases "
                          "are available in GitLab Ultimate.",), "New test case", "Ultimate"),
    "oncall_schedules": Notice("oncall_schedules", "On-call Schedules", "Create on-call schedules in GitLab",
                               ("Route alerts directly to specific members of your team. On-call schedules are available "
                                "in GitLab Premium.",), "Add a schedule", "Premium"),
    "escalation_policies": Notice("escalation_policies", "Escalation Policies", "Create an escalation policy in GitLab",
                                  ("Set up escalation policies to define who is paged, and when, in the event the first users "
                                   "paged don't respond. Escalation policies are available in GitLab Premium.",),
                                  "Add an escalation policy", "Premium"),
    "insights": Notice("insights", "Insights", "Insights",
                       ("Configure the Insights that your groups and projects display to explore data such as triage "
                        "hygiene, issues created or closed per period, and average time for merge requests to be merged. "
                        "Insights are available in GitLab Ultimate.",), "", "Ultimate"),
    "merge_request_analytics": Notice("merge_request_analytics", "Merge request analytics", "Merge request analytics",
                                      ("Merge request analytics shows how many merge requests were merged each month and "
                                       "the mean time between their creation and merge. It is available in GitLab Premium.",),
                                      "", "Premium"),
}


def notice_view(key: str):
    notice = NOTICES[key]

    @page_view
    def view(request: Request, ns: str, project: str) -> Response:
        p = get_project(request, ns, project)
        return project_page(request, p, "notice.html", dict(title=f"{notice.title} · {p['name']} · GitLab", notice=notice),
                            notice.section)

    view.__name__ = f"notice_{key}"
    return view


BOARD_LISTS = ("bug", "enhancement", "documentation", "help wanted", "priority::high", "frontend", "backend")


@page_view
def board(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    labels = {r["title"]: r for r in _labels(conn, p["id"])}
    lists = [("Open", None, "opened")] + [(t, labels[t], "opened") for t in BOARD_LISTS if t in labels][:4] + [("Closed", None, "closed")]
    columns = []
    listed = {t for t, lab, _ in lists if lab is not None}
    for title, lab, state in lists:
        if lab is None and state == "opened":
            marks = ",".join("?" * len(listed)) or "''"
            sql = ("SELECT i.* FROM issues i WHERE i.project_id = ? AND i.state = 'opened' AND NOT EXISTS (SELECT 1 FROM"
                   f" issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = i.id AND l.title IN ({marks}))")
            args = [p["id"], *listed]
        elif lab is None:
            sql, args = "SELECT i.* FROM issues i WHERE i.project_id = ? AND i.state = 'closed'", [p["id"]]
        else:
            sql = ("SELECT i.* FROM issues i JOIN issue_labels il ON il.issue_id = i.id WHERE i.project_id = ?"
                   " AND i.state = 'opened' AND il.label_id = ?")
            args = [p["id"], lab["id"]]
        total = conn.execute(f"SELECT COUNT(*) FROM ({sql})", args).fetchone()[0]
        rows = conn.execute(sql + " ORDER BY i.updated_at DESC LIMIT 20", args).fetchall()
        columns.append({"title": title, "label": lab, "total": total, "rows": rows})
    ids = [r["id"] for c in columns for r in c["rows"]]
    people = {r["id"]: r for r in conn.execute("SELECT id, username, name FROM users WHERE id IN (SELECT assignee_id FROM"
                                               " issues WHERE project_id = ?)", (p["id"],))}
    return project_page(request, p, "board.html", dict(title=f"Issue Boards · {p['name']} · GitLab", columns=columns,
                                                       item_labels=labels_of(conn, "issue", ids), people=people), "boards")


@page_view
def service_desk(request: Request, ns: str, project: str) -> Response:
    p = get_project(request, ns, project)
    return project_page(request, p, "notice.html", dict(title=f"Service Desk · {p['name']} · GitLab", notice=Notice(
        "service_desk", "Service Desk", "Use Service Desk to connect with your users and offer customer support through "
        "email right inside GitLab", ("Issues created from Service Desk emails appear here. Each comment becomes part of "
                                      "the email conversation.", "Service Desk is not enabled: this instance has no "
                                      "incoming email configured."), "Enable Service Desk")), "service_desk")
