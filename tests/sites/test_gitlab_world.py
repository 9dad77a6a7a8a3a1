"""The embedded GitLab at WebArena scale: its targets on the real seed, repositories whose history
replays to their files, the content database, the full project sidebar, merge request tabs,
threads and approvals, CI pages, settings, and the measurement hooks."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mag_mcp.sites.base import STATE_HEADER, SiteStateStore
from mag_mcp.sites.gitlab import DEFAULT_SESSION_TOKEN, SESSION_COOKIE, SITE
from mag_mcp.sites.gitlab import world_stats
from mag_mcp.sites.gitlab.sidebar import SECTIONS, link_count


@pytest.fixture(scope="module")
def seeded_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("gitlab-world")
    SiteStateStore(SITE, root=root)
    return root


@pytest.fixture
def store(seeded_root: Path) -> SiteStateStore:
    store = SiteStateStore(SITE, root=seeded_root)
    store.create("default")
    return store


@pytest.fixture
def client(store: SiteStateStore) -> TestClient:
    c = TestClient(SITE.create_app(store))
    c.cookies.set(SESSION_COOKIE, DEFAULT_SESSION_TOKEN)
    return c


@pytest.fixture
def conn(store: SiteStateStore) -> sqlite3.Connection:
    return store.connect("default")


def _apply(text: list[str], hunks: str) -> list[str]:
    """Apply one stored unified diff to a file's lines (as `patch` would)."""
    out, pos = [], 0
    lines = hunks.split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"@@ -(\d+),(\d+) \+(\d+),(\d+) @@", lines[i])
        assert m, lines[i]
        start = int(m.group(1)) - (1 if int(m.group(2)) else 0)
        out += text[pos:start]
        pos = start
        i += 1
        while i < len(lines) and not lines[i].startswith("@@"):
            tag, body = lines[i][:1], lines[i][1:]
            if tag in (" ", "-"):
                assert text[pos] == body, (pos, text[pos], body)
                pos += 1
            if tag in (" ", "+"):
                out.append(body)
            i += 1
    return out + text[pos:]


def test_targets_hold_on_the_real_seed(conn: sqlite3.Connection) -> None:
    figures = world_stats.counts(conn)
    for key, minimum in world_stats.TARGETS.items():
        assert figures[key] >= minimum, (key, figures[key], minimum)
    assert figures["projects"] >= 150 and figures["users"] >= 500
    assert figures["comment_distinct_ratio"] >= 0.85 and figures["issue_title_distinct_ratio"] >= 0.9
    assert figures["commits_per_project_median"] >= 30 and figures["commit_span_years"] >= 2
    assert figures["threads_with_replies"] > 1000 and figures["resolvable_threads"] > 1000 and figures["diff_notes"] > 1000
    assert figures["approvals"] > 1000 and figures["pipelines"] > 1000 and figures["tags"] > 500
    assert figures["merge_requests_with_diffs"] >= 0.95 * figures["merge_requests"]
    assert len(world_stats.PAGES) >= 7 and {k for _, k, _ in world_stats.PAGES} >= {"home", "listing", "detail", "grid",
                                                                                   "form", "profile", "search"}


def test_measured_pages_load(client: TestClient) -> None:
    for name, _kind, path in world_stats.PAGES:
        assert client.get(path).status_code == 200, name


@pytest.mark.parametrize("path", ["alder-labs/routekit", "kelp-systems/kelp-deploy", "pau-cs/autograder"])
def test_history_replays_to_the_files(conn: sqlite3.Connection, path: str) -> None:
    """Applying every main-line commit's diff, oldest first, yields exactly the tip of main."""
    pid = conn.execute("SELECT id FROM projects WHERE full_path = ?", (path,)).fetchone()[0]
    files: dict[str, list[str]] = {}
    commits = conn.execute("SELECT id, sha, parent_sha, created_at FROM content.commits WHERE project_id = ?"
                           " AND on_main = 1 ORDER BY id", (pid,)).fetchall()
    assert len(commits) >= 20 and len({c["created_at"][:7] for c in commits}) >= 6
    for c in commits:
        for f in conn.execute("SELECT path, status, diff FROM content.commit_files WHERE commit_id = ?", (c["id"],)):
            base = [] if f["status"] == "added" else files[f["path"]]
            files[f["path"]] = _apply(base, f["diff"])
    tip = {r["path"]: r["content"] for r in conn.execute("SELECT path, content FROM content.blobs WHERE project_id = ?",
                                                          (pid,))}
    assert set(files) == set(tip)
    for p, lines in files.items():
        assert "\n".join(lines) + "\n" == tip[p], p


def test_repository_pages(client: TestClient, conn: sqlite3.Connection) -> None:
    commits = client.get("/kelp-systems/kelp-deploy/-/commits/main").text
    assert commits.count('class="commit"') == 40 and 'aria-label="Go to next page"' in commits
    sha = re.search(r'/-/commit/([0-9a-f]{40})"', commits).group(1)
    page = client.get(f"/kelp-systems/kelp-deploy/-/commit/{sha[:8]}").text
    assert sha in page and ("line_holder" in page or "changes no files" in page)
    assert client.get("/kelp-systems/kelp-deploy/-/commit/0000000").status_code == 404
    tags = client.get("/alder-labs/routekit/-/tags").text
    tag = re.search(r'/-/tags/(v[\d.]+)"', tags).group(1)
    assert client.get(f"/alder-labs/routekit/-/tags/{tag}").status_code == 200
    assert client.get(f"/alder-labs/routekit/-/tree/{tag}/src").status_code == 200
    assert "Latest release" in client.get("/alder-labs/routekit/-/releases").text
    contributors = client.get("/alder-labs/routekit/-/graphs/main").text
    assert "commits" in contributors and 'class="contributor"' in contributors
    # an open merge request's branch carries edits that main does not have
    mr = conn.execute("SELECT m.source_branch, p.id FROM merge_requests m JOIN projects p ON p.id = m.project_id"
                      " WHERE p.full_path = 'kelp-systems/kelp-deploy' AND m.state = 'opened' LIMIT 1").fetchone()
    path, text = conn.execute("SELECT path, content FROM content.branch_blobs WHERE project_id = ? AND branch = ?",
                              (mr["id"], mr["source_branch"])).fetchone()
    on_branch = client.get(f"/kelp-systems/kelp-deploy/-/raw/{mr['source_branch']}/{path}").text
    on_main = client.get(f"/kelp-systems/kelp-deploy/-/raw/main/{path}").text
    assert on_branch == text and on_branch != on_main
    compare = client.get(f"/kelp-systems/kelp-deploy/-/compare/main...{mr['source_branch']}").text
    assert "line_holder" in compare


def test_sidebar_has_every_section_and_real_pages(client: TestClient) -> None:
    assert link_count(50) >= 60 and len(SECTIONS) == 14
    home = client.get("/byteblaze/dotfiles").text  # byteblaze is the Owner
    sidebar = home.split('<aside class="nav-sidebar"', 1)[1].split("</aside>", 1)[0]
    links = re.findall(r'href="(/byteblaze/dotfiles[^"]*)"', sidebar)
    assert len(set(links)) >= 60
    for title in ("Project information", "Repository", "Issues", "Merge requests", "CI/CD", "Security &amp; Compliance",
                  "Deployments", "Packages and registries", "Infrastructure", "Monitor", "Analytics", "Wiki", "Snippets",
                  "Settings"):
        assert f'<span class="nav-item-name">{title}</span>' in sidebar, title
    for link in sorted(set(links)):
        assert client.get(link).status_code == 200, link
    # a Developer sees no Settings
    dev = client.get("/kelp-systems/kelp-deploy").text.split('<aside class="nav-sidebar"', 1)[1].split("</aside>", 1)[0]
    assert '<span class="nav-item-name">Settings</span>' not in dev
    assert client.get("/kelp-systems/kelp-deploy/edit").status_code == 403
    notice = client.get("/byteblaze/dotfiles/-/clusters").text
    assert "Connect a Kubernetes cluster" in notice and "not enabled on this GitLab instance" in notice


def test_merge_request_tabs_threads_and_approval(client: TestClient, conn: sqlite3.Connection) -> None:
    mr = conn.execute(
        "SELECT m.* FROM merge_requests m JOIN projects p ON p.id = m.project_id WHERE p.full_path = 'kelp-systems/kelp-deploy'"
        " AND m.state = 'opened' AND m.author_id != 2 AND EXISTS (SELECT 1 FROM mr_commits c WHERE c.merge_request_id = m.id)"
        " ORDER BY m.iid LIMIT 1").fetchone()
    url = f"/kelp-systems/kelp-deploy/-/merge_requests/{mr['iid']}"
    overview = client.get(url).text
    for tab in ("Overview", "Commits", "Pipelines", "Changes"):
        assert re.search(rf">{tab} <span class=\"badge badge-pill\">\d+</span>", overview), tab
    assert "line_holder" in client.get(url + "/diffs").text
    assert 'class="commit"' in client.get(url + "/commits").text
    assert client.get(url + "/pipelines").status_code == 200 and client.get(url + "/nope").status_code == 404
    # reply in a new thread, resolve it, approve (byteblaze is a Developer there)
    client.post(url + "/notes", data={"note[note]": "Could this be a constant?"})
    disc = conn.execute("SELECT discussion_id FROM notes WHERE noteable_type = 'MergeRequest' AND noteable_id = ?"
                        " ORDER BY id DESC LIMIT 1", (mr["id"],)).fetchone()[0]
    client.post(url + "/notes", data={"note[note]": "Done.", "note[discussion_id]": disc})
    client.post(url + "/resolve", data={"discussion_id": disc})
    rows = conn.execute("SELECT body, resolvable, resolved FROM notes WHERE discussion_id = ? ORDER BY id", (disc,)).fetchall()
    assert [tuple(r) for r in rows] == [("Could this be a constant?", 1, 1), ("Done.", 1, 1)]
    assert "Thread resolved" in client.get(url).text
    assert client.post(url + "/approve", follow_redirects=False).status_code == 303
    assert conn.execute("SELECT COUNT(*) FROM approvals WHERE merge_request_id = ? AND user_id = 2",
                        (mr["id"],)).fetchone()[0] == 1
    assert "Revoke approval" in client.get(url).text
    bogus = client.post(url + "/notes", data={"note[note]": "x", "note[discussion_id]": "nope"}, follow_redirects=False)
    assert bogus.status_code == 303 and conn.execute("SELECT COUNT(*) FROM notes WHERE body = 'x'").fetchone()[0] == 0


def test_ci_pages_and_job_logs(client: TestClient, conn: sqlite3.Connection) -> None:
    pipelines = client.get("/alder-labs/routekit/-/pipelines").text
    assert pipelines.count('class="pipeline-row"') == 20
    pid = re.search(r'/-/pipelines/(\d+)"', pipelines).group(1)
    page = client.get(f"/alder-labs/routekit/-/pipelines/{pid}").text
    job = re.search(r'/-/jobs/(\d+)"', page).group(1)
    log = client.get(f"/alder-labs/routekit/-/jobs/{job}/raw").text
    assert log.startswith("Running with gitlab-runner") and "$ " in log
    assert client.get(f"/alder-labs/routekit/-/jobs/{job}/raw").text == log  # the same job, the same log
    assert "Job" in client.get(f"/alder-labs/routekit/-/jobs/{job}").text
    assert client.get("/alder-labs/routekit/-/pipelines/999999").status_code == 404
    assert "stages:" in client.get("/alder-labs/routekit/-/ci/editor").text
    assert client.get("/alder-labs/routekit/-/jobs?scope=finished").status_code == 200


def test_settings_general_form_updates_the_project(client: TestClient, conn: sqlite3.Connection) -> None:
    resp = client.post("/byteblaze/dotfiles/edit", data={"project[name]": "dotfiles", "project[description]": "Mine.",
                                                         "project[topics]": "shell, vim", "project[visibility]": "public"},
                       follow_redirects=False)
    assert resp.status_code == 303
    row = conn.execute("SELECT description, topics FROM projects WHERE full_path = 'byteblaze/dotfiles'").fetchone()
    assert tuple(row) == ("Mine.", "shell, vim")
    assert client.post("/byteblaze/dotfiles/edit", data={"project[name]": " "}).status_code == 422


def test_episode_state_is_small_and_content_shared(store: SiteStateStore) -> None:
    assert store.content_path is not None
    assert store.seed_path.stat().st_size < 20e6 < store.content_path.stat().st_size * 2
    store.create("ep")
    one = TestClient(SITE.create_app(store), headers={STATE_HEADER: "ep"})
    one.cookies.set(SESSION_COOKIE, DEFAULT_SESSION_TOKEN)
    one.post("/projects", data={"project[name]": "fresh", "project[namespace]": "byteblaze",
                                "project[initialize_with_readme]": "1"})
    assert "fresh" in one.get("/byteblaze/fresh/-/raw/main/README.md").text
    conn = store.connect("ep")
    assert conn.execute("SELECT COUNT(*) FROM main.blobs").fetchone()[0] == 1  # the episode's own file, not the seed's


def test_boards_activity_wiki_and_work_pages(client: TestClient, conn: sqlite3.Connection) -> None:
    board = client.get("/primer/design/-/boards").text
    assert board.count('class="board-list"') >= 3 and "Closed" in board
    for f in ("push", "issue", "merged", "comments"):
        assert client.get(f"/alder-labs/routekit/activity?event_filter={f}").status_code == 200
    assert client.get("/alder-labs/routekit/activity?event_filter=nope").status_code == 404
    for path in ("/dashboard/milestones", "/dashboard/activity", "/dashboard/snippets", "/help"):
        assert client.get(path).status_code == 200, path
    path, slug, title = conn.execute("SELECT p.full_path, w.slug, w.title FROM wiki_pages w JOIN projects p"
                                     " ON p.id = w.project_id WHERE w.slug != 'home' ORDER BY w.id LIMIT 1").fetchone()
    assert f">{title}</h1>" in client.get(f"/{path}/-/wikis/{slug}").text
    assert title in client.get(f"/{path}/-/wikis/pages").text
