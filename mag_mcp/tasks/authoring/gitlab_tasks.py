"""Source of `tasks/data/gitlab.json`: GitLab tasks from intent templates, each
with gold trajectories in both groundings. Run
`python -m mag_mcp.tasks.authoring.gitlab_tasks` to regenerate the JSON;
`mag tasks verify` replays every trajectory.

Facts (licenses, open issue counts, member roles, which projects byteblaze has
starred, issue titles) are read from the seed database and the real pages at
authoring time, so the tasks can't drift from the site. Every trajectory starts
on the signed-in dashboard and opens a project through the "Filter by name"
box, so the project's row is always visible. Guides name what is visible and
vary between instances.

Design declarations come from the same data: an information task's negatives are
the values of the projects beside it in your projects list (or of a similarly
named project), of the members beside a member in the Members table; a
navigation task's are the neighbouring pages; a state change is guarded against
edits to rows it must not touch.
"""

from __future__ import annotations

import html as html_lib
import re
import sqlite3
from typing import Any

from mag_mcp.tasks.authoring.common import (
    Design,
    TaskBook,
    chain,
    distinct,
    distractor,
    field,
    pick,
    role,
    s,
    same,
    select,
    standard_negatives,
    state_eval,
    string_eval,
    type_and_enter,
    unchanged,
    url_eval,
    url_negative,
    write_task_file,
)
from mag_mcp.tasks.authoring.gitlab_parts import (
    AUTH,
    ME,
    ROLES,
    SITE,
    Project,
    facts,
    filter_projects,
    find_member,
    look_alikes,
    open_project,
    outward,
)

TRAIN_TEMPLATES = {9201, 9202, 9204, 9206, 9207, 9209, 9210, 9211}

# ------------------------------------------------------------ templates

def build() -> list[dict[str, Any]]:
    f = facts()
    book = TaskBook(SITE, "gitlab", TRAIN_TEMPLATES, "__GITLAB__", AUTH)
    tasks, add = book.tasks, book.add

    P = f.project
    dash = f.dashboard()
    me = f.user_id(ME)
    seed_issue, seed_note, seed_label = f.max_id("issues"), f.max_id("notes"), f.max_id("labels")

    def around(p: Project) -> list[sqlite3.Row]:
        """The similarly named projects, then your projects around `p` in the dashboard list, nearest first."""
        return [f.row(r["full_path"]) for r in f.similar(p)] + [f.row(x) for x in outward(dash, dash.index(p.full_path))]

    def whose(r: sqlite3.Row) -> str:
        if r["full_path"] not in dash:
            return f"{r['full_path']}, a similar name"
        return f"{r['full_path']}, beside it in your projects list"

    def beside(p: Project, username: str) -> list[sqlite3.Row]:
        """The members around `username` in the project's Members table, nearest first."""
        table = f.member_table(p)
        return outward(table, [m["username"] for m in table].index(username))

    no_comment = unchanged("notes", note="no comment written")
    projects_kept = unchanged("projects", ignore_columns=["last_activity_at"], note="no project changed (its activity time aside)")

    # 9201 license (information)
    for n, p in enumerate(map(P, ["byteblaze/a11y-syntax-highlighting", "alder-labs/tilecache", "portalder/bike-lanes",
                                  "byteblaze/empathy-prompts", "primer/octicons"]), 1):
        key = f"license{n}"
        add(9201, n, "license", "What license does the {project} project use?", {"project": p.full_path},
            "information", chain(open_project(key, p), same(s("stop", pick(key, [
                f"The line under the project name shows the license: {p.license}.",
                f"Read the license next to the project ID under the title: {p.license}.",
            ]), value=p.license))), string_eval(must_include=[p.license]), design=Design(
                negatives=standard_negatives(p.license, near=distinct(
                    [(whose(r), r["license"]) for r in around(p)], p.license, 2)),
                distractors=look_alikes(p)))

    # 9202 open issues (information)
    for n, p in enumerate(map(P, ["primer/design", "alder-labs/routekit", "portalder/transit-feed",
                                  "jkowalski/queue-lite", "byteblaze/cloud-to-butt"]), 1):
        key = f"issues{n}"
        add(9202, n, "open-issues", "How many open issues does the {project} project have?", {"project": p.full_path},
            "information", chain(filter_projects(key, p), same(s("stop", pick(key, [
                f"The issues icon on the right of the project's row shows {p.open_issues} open issues.",
                f"Read the issue count at the right of the row: {p.open_issues}.",
            ]), value=str(p.open_issues)))), string_eval(exact_match=str(p.open_issues)), design=Design(
                negatives=standard_negatives(str(p.open_issues), near=distinct(
                    [(f"{p.full_path}'s closed issues", str(p.closed_issues))]
                    + [(whose(r), str(r["oi"])) for r in around(p)], str(p.open_issues), 3)),
                distractors=look_alikes(p)))

    # 9203 member role (information)
    picks = [("byteblaze/dotfiles", 0), ("primer/design", 1), ("alder-labs/geocoder", 2), ("portalder/open-data-portal", 3)]
    for n, (path, k) in enumerate(picks, 1):
        p = P(path)
        others = [m for m in f.members(p) if m["username"] != ME]
        m = others[k % len(others)]
        key = f"role{n}"
        add(9203, n, "member-role", "What role does {person} have in the {project} project?",
            {"person": m["name"], "project": p.full_path}, "information", chain(
                find_member(key, p, m["username"], ["Click “Members” in the left sidebar, under “Project information”.",
                                                    "Open the project's “Members” page from the sidebar on the left."]),
                same(s("stop", f"The “Max role” column of {m['name']}'s row says {m['role']}.", value=m["role"])),
            ), string_eval(exact_match=m["role"]), design=Design(
                negatives=standard_negatives(m["role"], near=distinct(
                    [(f"{x['name']}, beside them in the Members table", x["role"]) for x in beside(p, m["username"])],
                    m["role"], 2)),
                distractors=look_alikes(p)))
    # 9204 closed issues (navigation)
    for n, p in enumerate(map(P, ["primer/design", "alder-labs/routekit", "portalder/bike-lanes",
                                  "byteblaze/a11y-syntax-highlighting"]), 1):
        key = f"closed{n}"
        add(9204, n, "closed-issues", "Show me the closed issues of the {project} project.", {"project": p.full_path},
            "navigation", chain(filter_projects(key, p), same(
                s("click", pick(key, ["Click the issues count at the right of the project's row.",
                                      "Open the project's issues with the issue icon on the right of its row."]),
                  role("link", f"Issues: {p.open_issues}")),
                s("click", pick(key + "c", [f"Click the “Closed” tab above the list ({p.closed_issues}).",
                                            "Switch to the “Closed” tab above the issues."]),
                  role("link", f"Closed {p.closed_issues}")),
                s("stop", f"The list now shows the {p.closed_issues} closed issues."),
            )), url_eval(f"__GITLAB__/{p.full_path}/-/issues?state=closed"), design=Design(negatives=[
                url_negative(f"__GITLAB__/{p.full_path}/-/issues?state=opened", "the open issues, the list's first tab"),
                url_negative(f"__GITLAB__/{p.full_path}/-/issues?state=all", "all issues, open and closed"),
                url_negative(f"__GITLAB__/{p.full_path}/-/merge_requests?state=closed", "the closed merge requests"),
                *[url_negative(f"__GITLAB__/{r['full_path']}/-/issues?state=closed", f"near entity ({whose(r)})")
                  for r in around(p)[:len(f.similar(p)) + 1]],
            ], distractors=look_alikes(p)))

    # 9205 a member's profile (navigation)
    for n, (path, k) in enumerate([("alder-labs/routekit", 1), ("byteblaze/cloud-to-butt", 0),
                                   ("portalder/transit-feed", 2), ("jkowalski/queue-lite", 1)], 1):
        p = P(path)
        others = [m for m in f.members(p) if m["username"] != ME]
        m = others[k % len(others)]
        key = f"profile{n}"
        add(9205, n, "member-profile", "Open the profile page of {person}, a member of the {project} project.",
            {"person": m["name"], "project": p.full_path}, "navigation", chain(
                find_member(key, p, m["username"], ["Click “Members” in the left sidebar.",
                                                    "Go to the project's “Members” page via the sidebar."]),
                same(s("click", pick(key, [f"Click the name “{m['name']}” in the table.",
                                           f"Open {m['name']}'s profile by clicking their name."]),
                       role("link", m["name"])),
                     s("stop", f"{m['name']}'s profile page is open.")),
            ), url_eval(f"__GITLAB__/users/{m['username']}"), design=Design(negatives=[
                url_negative(f"__GITLAB__/users/{x['username']}", f"near entity ({x['name']}, beside them in the table)")
                for x in beside(p, m["username"])[:1]
            ] + [url_negative(f"__GITLAB__/{p.full_path}/-/project_members", "the Members page, not the profile")],
                distractors=look_alikes(p)))

    # 9206 star (state)
    for n, p in enumerate(map(P, ["byteblaze/dotfiles", "byteblaze/cloud-to-butt", "portalder/open-data-portal",
                                  "portalder/bike-lanes", "alder-labs/tilecache"]), 1):
        assert not f.starred(p)
        key = f"star{n}"
        add(9206, n, "star", "Star the {project} project.", {"project": p.full_path}, "state_change", chain(
            open_project(key, p), same(
                s("click", pick(key, ["Click the “Star” button at the top right of the project.",
                                      "Press “Star” next to the project title."]), role("button", "Star")),
                s("stop", "The project is starred; the button now says “Unstar”."),
            )), state_eval(SITE, {
                "sql": "SELECT COUNT(*) FROM stars s JOIN users u ON u.id = s.user_id JOIN projects p ON p.id = s.project_id "
                       "WHERE u.username = ? AND p.full_path = ?", "params": [ME, p.full_path], "expected": [[1]],
            }, guards=(unchanged("stars", "user_id = ? AND project_id = ?", me, p.id,
                                 note="no other project starred or unstarred"),)),
            design=Design(distractors=look_alikes(p)))

    # 9207 create an issue (state)
    new_issues = [("byteblaze/dotfiles", "Add tmux config", "Ship a default tmux.conf with sane key bindings."),
                  ("primer/design", "Document spacing scale", "The spacing tokens have no usage guide yet."),
                  ("alder-labs/routekit", "Support GeoJSON export", "Routes should be exportable as GeoJSON."),
                  ("portalder/transit-feed", "Validate stop coordinates", "Some stops have latitude and longitude swapped."),
                  ("byteblaze/planner", "Add dark mode", "The planner is hard to read at night.")]
    for n, (path, title, desc) in enumerate(new_issues, 1):
        p = P(path)
        key = f"newissue{n}"
        add(9207, n, "new-issue", "Create an issue in {project} titled '{title}' with the description '{description}'.",
            {"project": p.full_path, "title": title, "description": desc}, "state_change", chain(
                open_project(key, p),
                same(s("click", pick(key, ["Click “New issue” above the file list.",
                                           "Use the “New issue” button next to “History”."]), role("link", "New issue"))),
                field("Title", title, f"Type “{title}” into the “Title” field.", clear=False),
                field("Description", desc, pick(key + "d", [f"Write “{desc}” in the “Description” box.",
                                                            f"Enter the description “{desc}”."]), clear=False),
                same(s("click", "Click “Create issue” at the bottom of the form.", role("button", "Create issue")),
                     s("stop", "The issue has been created.")),
            ), state_eval(SITE, {
                "sql": "SELECT i.title, i.description, i.state, u.username FROM issues i JOIN projects p ON p.id = i.project_id "
                       "JOIN users u ON u.id = i.author_id WHERE p.full_path = ? AND i.created_at > '2023-06-12'",
                "params": [p.full_path], "expected": [[title, desc, "opened", ME]], "note": "exactly one new issue",
            }, guards=(unchanged("issues", "project_id = ? AND id > ?", p.id, seed_issue,
                                 note="no other issue opened or changed"), projects_kept,
                       unchanged("issue_labels", note="no issue labelled or unlabelled"), no_comment)),
            design=Design(distractors=look_alikes(p)))

    # 9208 comment on an issue (state)
    comments = [("byteblaze/a11y-syntax-highlighting", 0, "I can reproduce this on Firefox too."),
                ("primer/octicons", 1, "Working on a fix now."),
                ("alder-labs/geocoder", 0, "Could you share the input that fails?"),
                ("portalder/library-catalog", 0, "Thanks, this is now on our roadmap.")]
    for n, (path, k, body) in enumerate(comments, 1):
        p = P(path)
        issue = f.open_issues(p)[k]
        key = f"comment{n}"
        add(9208, n, "comment", "Comment '{comment}' on the open issue '{issue}' in {project}.",
            {"comment": body, "issue": issue["title"], "project": p.full_path}, "state_change", chain(
                filter_projects(key, p),
                same(s("click", "Click the issues count at the right of the project's row.",
                       role("link", f"Issues: {p.open_issues}"))),
                type_and_enter("Search or filter results", issue["title"],
                               pick(key, [f"Search the issues for “{issue['title']}” and press Enter.",
                                          f"Type “{issue['title']}” in the search box above the issues and press Enter."]),
                               "Click the “Search or filter results” box above the issues.", kind="searchbox"),
                same(s("click", f"Open the issue “{issue['title']}”.", role("link", issue["title"])),
                     s("press", pick(key + "end", ["Press End to jump to the comment box at the bottom of the page.",
                                                   "Jump to the end of the page (End key), where the comment box is."]),
                       None, "End")),
                field("Write a comment", body, f"Type “{body}” into the comment box under the activity.", clear=False),
                same(s("click", "Click the “Comment” button.", role("button", "Comment")),
                     s("stop", "Your comment has been added to the issue.")),
            ), state_eval(SITE, {
                "sql": "SELECT n.body, u.username FROM notes n JOIN users u ON u.id = n.author_id "
                       "WHERE n.noteable_type = 'Issue' AND n.noteable_id = ? AND n.system = 0 AND n.created_at > '2023-06-12'",
                "params": [issue["id"]], "expected": [[body, ME]], "note": "exactly one new comment, on that issue",
            }, guards=(unchanged("notes", "noteable_type = 'Issue' AND noteable_id = ? AND id > ?", issue["id"],
                                 seed_note, note="no other comment written or changed"),
                       unchanged("issues", ignore_columns=["updated_at"], note="no issue closed or edited (its update time aside)"),
                       projects_kept)),
            design=Design(distractors=look_alikes(p) + [
                distractor(SITE, t, "similar", f"an open issue of {p.full_path} with a similar title")
                for t in f.similar_open_issues(p, issue["title"])]))

    # 9209 create a label (state)
    labels = [("byteblaze/dotfiles", "needs-triage", "Not yet looked at"),
              ("alder-labs/tilecache", "performance", "Speed and memory use"),
              ("primer/design", "needs design review", "Waiting for a designer to look"),
              ("byteblaze/empathy-prompts", "wording", "Changes to prompt text")]
    for n, (path, title, desc) in enumerate(labels, 1):
        p = P(path)
        assert f.db.execute("SELECT 1 FROM labels WHERE project_id = ? AND title = ?", (p.id, title)).fetchone() is None
        key = f"label{n}"
        add(9209, n, "new-label", "Create a label '{label}' described as '{description}' in the {project} project.",
            {"label": title, "description": desc, "project": p.full_path}, "state_change", chain(
                open_project(key, p),
                same(s("click", pick(key, ["Click “Labels” in the left sidebar, under “Project information”.",
                                           "Open “Labels” from the project sidebar."]), role("link", "Labels")),
                     s("click", "Click the “New label” button.", role("link", "New label"))),
                field("Title", title, f"Type “{title}” as the label title.", clear=False),
                field("Description", desc, f"Type “{desc}” into the “Description” box.", clear=False),
                same(s("click", "Click “Create label”.", role("button", "Create label")),
                     s("stop", "The label has been created.")),
            ), state_eval(SITE, {
                "sql": "SELECT l.title, l.description FROM labels l JOIN projects p ON p.id = l.project_id "
                       "WHERE p.full_path = ? AND l.created_at > '2023-06-12'",
                "params": [p.full_path], "expected": [[title, desc]],
            }, guards=(unchanged("labels", "project_id = ? AND id > ?", p.id, seed_label,
                                 note="no other label created, changed or deleted"),)),
            design=Design(distractors=look_alikes(p) + [
                distractor(SITE, title, "same_name", f"a label of {q}, another of your projects",
                           sql="SELECT 1 FROM labels l JOIN projects p ON p.id = l.project_id "
                               "WHERE l.title = ? AND p.full_path = ?", params=[title, q])
                for q in f.same_label_elsewhere(p, title)]))

    # 9210 invite a member (state)
    invites = [("byteblaze/dotfiles", 0, "Reporter"), ("byteblaze/cloud-to-butt", 1, "Developer"),
               ("alder-labs/routekit", 2, "Reporter"), ("byteblaze/planner", 3, "Developer")]
    for n, (path, k, r) in enumerate(invites, 1):
        p = P(path)
        u = f.non_member(p, k * 3)
        key = f"invite{n}"
        add(9210, n, "invite", "Invite {username} to the {project} project as a {role}.",
            {"username": u["username"], "project": p.full_path, "role": r}, "state_change", chain(
                open_project(key, p),
                same(s("click", pick(key, ["Click “Members” in the left sidebar.",
                                           "Open the “Members” page of the project from the sidebar."]),
                       role("link", "Members")),
                     s("click", "Click the blue “Invite members” button at the top right.", role("button", "Invite members"))),
                field("Username", u["username"], f"Type “{u['username']}” into the “Username” field of the invite form.",
                      clear=False),
                select("Select a role", r, ROLES.index(r), f"Choose “{r}” in the “Select a role” dropdown."),
                same(s("click", "Click “Invite”.", role("button", "Invite")),
                     s("stop", f"{u['name']} is now a {r} of the project.")),
            ), state_eval(SITE, {
                "sql": "SELECT u.username, m.role, m.access_level FROM project_members m JOIN users u ON u.id = m.user_id "
                       "JOIN projects p ON p.id = m.project_id WHERE p.full_path = ? AND m.created_at > '2023-06-12'",
                "params": [p.full_path], "expected": [[u["username"], r, 10 * (ROLES.index(r) + 1)]],
            }, guards=(unchanged("project_members", "project_id = ? AND user_id = ?", p.id, f.user_id(u["username"]),
                                 note="no other membership added, changed or removed"),)),
            design=Design(distractors=look_alikes(p)))
    # 9211 create an assigned, labelled issue (state, long)
    full_issues = [("primer/design", "Audit icon contrast", "Several icons fail the contrast check.", 1, 0),
                   ("alder-labs/routekit", "Cache tile lookups", "Route planning reloads the same tiles.", 2, 1),
                   ("byteblaze/dotfiles", "Split the zsh config", "The zshrc has grown too long to read.", 1, 2),
                   ("portalder/transit-feed", "Publish a changelog", "Feed users ask what changed between releases.", 2, 3),
                   ("byteblaze/a11y-syntax-highlighting", "Check focus outlines", "Focus rings vanish on dark themes.", 1, 1)]
    for n, (path, title, desc, k, li) in enumerate(full_issues, 1):
        p = P(path)
        page = f.client.get(f"/{p.full_path}/-/issues/new").text
        sel = re.search(r'<select[^>]*id="issue_assignee".*?</select>', page, re.DOTALL).group(0)
        options = re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', sel)
        username, shown = options[k]
        shown = html_lib.unescape(shown)
        label_titles = [html_lib.unescape(x) for x in re.findall(r'name="issue\[label_names\]\[\]" value="([^"]+)"', page)]
        label = label_titles[(li * 3) % len(label_titles)]
        name = f.db.execute("SELECT name FROM users WHERE username = ?", (username,)).fetchone()[0]
        key = f"fullissue{n}"
        add(9211, n, "new-issue-assigned", "Open an issue in {project} titled '{title}' with the description "
            "'{description}', assign it to {assignee} and label it '{label}'.",
            {"project": p.full_path, "title": title, "description": desc, "assignee": name, "label": label},
            "state_change", chain(
                open_project(key, p),
                same(s("click", pick(key, ["Click “New issue” above the file list.",
                                           "Use the “New issue” button next to “History”."]), role("link", "New issue"))),
                field("Title", title, f"Type “{title}” into the “Title” field.", clear=False),
                field("Description", desc, f"Write “{desc}” in the “Description” box.", clear=False),
                same(s("scroll", "Scroll down to the assignee, labels and the submit button.", value="down")),
                select("Assignee", shown, k, pick(key + "a", [f"Choose “{shown}” in the “Assignee” dropdown.",
                                                              f"Set the assignee to {name} with the “Assignee” dropdown."])),
                same(s("click", pick(key + "l", [f"Tick the “{label}” checkbox under “Labels”.",
                                                 f"Under “Labels”, check “{label}”."]), role("checkbox", label)),
                     s("click", "Click “Create issue”.", role("button", "Create issue")),
                     s("stop", "The issue has been created, assigned and labelled.")),
            ), state_eval(SITE, {
                "sql": "SELECT i.title, i.description, a.username, "
                       "(SELECT GROUP_CONCAT(l.title) FROM issue_labels il JOIN labels l ON l.id = il.label_id "
                       "WHERE il.issue_id = i.id) FROM issues i JOIN projects p ON p.id = i.project_id "
                       "LEFT JOIN users a ON a.id = i.assignee_id WHERE p.full_path = ? AND i.created_at > '2023-06-12'",
                "params": [p.full_path], "expected": [[title, desc, username, label]], "note": "exactly one new issue",
            }, guards=(unchanged("issues", "project_id = ? AND id > ?", p.id, seed_issue,
                                 note="no other issue opened or changed"),
                       unchanged("issue_labels", "issue_id > ?", seed_issue, note="no other issue labelled or unlabelled"),
                       unchanged("labels", note="no label created or changed"), projects_kept, no_comment)),
            design=Design(distractors=look_alikes(p)))
    return tasks


def main() -> None:
    write_task_file("gitlab", build)


if __name__ == "__main__":
    main()
