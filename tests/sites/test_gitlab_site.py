"""The embedded GitLab site: seed, pages, issues, merge requests, labels, members, stars, state isolation."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mag_mcp.sites import world
from mag_mcp.sites.base import STATE_HEADER, SiteStateStore
from mag_mcp.sites.gitlab import DEFAULT_SESSION_TOKEN, SESSION_COOKIE, SITE, build_content, build_seed
from mag_mcp.sites.gitlab.gen_world import generate
from mag_mcp.sites.gitlab.markdown import render as render_md

MEMBER_ROW_RE = re.compile(
    r'<td data-label="Account">.*?<span class="gl-avatar-labeled-sublabel">@([\w.-]+)</span>.*?'
    r'<td class="col-max-role"[^>]*>\s*<span>(\w+)</span>',
    re.S,
)


@pytest.fixture(scope="module")
def seeded_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One seed build for the module; every test gets a fresh copy of it."""
    root = tmp_path_factory.mktemp("gitlab-home")
    SiteStateStore(SITE, root=root)
    return root


@pytest.fixture
def store(seeded_root: Path) -> SiteStateStore:
    store = SiteStateStore(SITE, root=seeded_root)
    store.create("default")  # fresh copy of the seed: earlier tests' writes are gone
    return store


def _client(store: SiteStateStore, logged_in: bool = True, state: str | None = None) -> TestClient:
    client = TestClient(SITE.create_app(store), headers={STATE_HEADER: state} if state else None)
    if logged_in:
        client.cookies.set(SESSION_COOKIE, DEFAULT_SESSION_TOKEN)
    return client


@pytest.fixture
def client(store: SiteStateStore) -> TestClient:
    return _client(store)


@pytest.fixture
def guest(store: SiteStateStore) -> TestClient:
    return _client(store, logged_in=False)


def _db(store: SiteStateStore, key: str = "default") -> sqlite3.Connection:
    return store.connect(key)


def _issue(conn: sqlite3.Connection, path: str, title: str) -> sqlite3.Row:
    row = conn.execute(
        "SELECT i.* FROM issues i JOIN projects p ON p.id = i.project_id WHERE p.full_path = ? AND i.title = ?",
        (path, title),
    ).fetchone()
    assert row is not None, title
    return row


def _labels(conn: sqlite3.Connection, issue_id: int) -> set[str]:
    return {
        r[0]
        for r in conn.execute(
            "SELECT l.title FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = ?", (issue_id,)
        )
    }


def _members(html: str) -> dict[str, str]:
    return dict(MEMBER_ROW_RE.findall(html))


# --- seed ------------------------------------------------------------------------------------


def _dump(path: Path) -> dict[str, list[tuple]]:
    conn = sqlite3.connect(path)
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    out = {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in tables}
    conn.close()
    return out


def test_seed_is_deterministic(tmp_path: Path) -> None:
    # both databases, generated twice from scratch (the generation cache cleared in between)
    build_seed(tmp_path / "a.sqlite")
    build_content(tmp_path / "a-content.sqlite")
    generate.cache_clear()
    build_seed(tmp_path / "b.sqlite")
    build_content(tmp_path / "b-content.sqlite")
    assert (tmp_path / "a.sqlite").read_bytes() == (tmp_path / "b.sqlite").read_bytes()
    assert (tmp_path / "a-content.sqlite").read_bytes() == (tmp_path / "b-content.sqlite").read_bytes()
    a = _dump(tmp_path / "a.sqlite")
    assert len(a["projects"]) >= 150 and len(a["users"]) >= 500


def test_seed_scale_and_world(store: SiteStateStore) -> None:
    conn = _db(store)
    paths = {r[0] for r in conn.execute("SELECT full_path FROM projects")}
    assert {p.path for p in world.PROJECTS} <= paths and len(paths) >= 150
    users = {r["username"]: r["name"] for r in conn.execute("SELECT username, name FROM users")}
    # the world's people keep their names and the first ids; about 500 more accounts follow
    assert {p.username: p.name for p in world.PEOPLE}.items() <= users.items() and len(users) >= 500
    first = [r[0] for r in conn.execute("SELECT username FROM users WHERE id <= 24 ORDER BY id")]
    assert first == [p.username for p in world.PEOPLE]
    assert users["byteblaze"] == "Ari Blaze"
    groups = {r[0] for r in conn.execute("SELECT path FROM groups")}
    assert {"portalder", "alder-labs"} <= groups and len(users) + len(groups) >= 500
    assert (
        conn.execute(
            "SELECT u.username FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token = ?",
            (DEFAULT_SESSION_TOKEN,),
        ).fetchone()[0]
        == "byteblaze"
    )
    for (pid,) in conn.execute("SELECT id FROM projects"):
        files = {r[0] for r in conn.execute("SELECT path FROM content.blobs WHERE project_id = ?", (pid,))}
        assert {"README.md", "LICENSE"} <= files and any("/" in f for f in files)
        assert conn.execute("SELECT COUNT(*) FROM issues WHERE project_id = ?", (pid,)).fetchone()[0] >= 3
        assert conn.execute("SELECT COUNT(*) FROM content.commits WHERE project_id = ?", (pid,)).fetchone()[0] >= 5
        assert (
            conn.execute(
                "SELECT COUNT(*) FROM project_members WHERE project_id = ? AND role = 'Owner'", (pid,)
            ).fetchone()[0]
            >= 1
        )
    assert {r[0] for r in conn.execute("SELECT DISTINCT role FROM project_members")} == {
        "Guest",
        "Reporter",
        "Developer",
        "Maintainer",
        "Owner",
    }
    assert {r[0] for r in conn.execute("SELECT DISTINCT state FROM merge_requests")} == {"opened", "merged", "closed"}
    assert {r[0] for r in conn.execute("SELECT DISTINCT state FROM issues")} == {"opened", "closed"}
    assert conn.execute("SELECT COUNT(*) FROM notes WHERE system = 0").fetchone()[0] > 10_000
    # hand-written references resolve to real iids
    mr = conn.execute("SELECT description FROM merge_requests WHERE title = 'Add high-contrast theme'").fetchone()[0]
    iid = _issue(conn, "byteblaze/a11y-syntax-highlighting", "Add a high-contrast theme")["iid"]
    assert f"Closes #{iid}" in mr


def test_spec() -> None:
    assert (SITE.key, SITE.title, SITE.default_port, SITE.base_path) == ("gitlab", "GitLab", 8023, "")
    assert [(c.name, c.value) for c in SITE.login_cookies] == [(SESSION_COOKIE, DEFAULT_SESSION_TOKEN)]
    assert SESSION_COOKIE == "gitlab_session"


# --- pages ---------------------------------------------------------------------------------------


def test_dashboard_and_explore(client: TestClient, store: SiteStateStore) -> None:
    html = client.get("/").text
    assert "Your projects" in html and 'data-qa-selector="projects_list"' in html
    assert 'aria-label="Search GitLab"' in html and "byteblaze/dotfiles" in client.get("/?page=2").text
    conn = _db(store)
    mine = conn.execute(
        "SELECT COUNT(*) FROM project_members m JOIN users u ON u.id = m.user_id WHERE u.username = 'byteblaze'"
    ).fetchone()[0]
    assert f'Your projects <span class="badge badge-pill">{mine}</span>' in html
    starred = client.get("/dashboard/projects/starred").text
    assert "primer/design" in starred and "byteblaze/dotfiles" not in starred
    explore = client.get("/explore").text
    assert explore.count('class="project-row"') >= 20
    assert "ivy_patel/ctf-writeups" in client.get("/explore?name=ctf").text  # internal: visible when signed in
    assert "portalder/bike-lanes" in client.get("/dashboard/projects?name=bike").text


def test_project_home_renders_readme(client: TestClient) -> None:
    html = client.get("/byteblaze/dotfiles").text
    assert '<h1 id="dotfiles">dotfiles<a class="anchor"' in html and '<h2 id="installation">Installation<a' in html
    assert '<div class="home-panel-description-markdown"><p>Shell, editor and terminal configuration.</p>' in html
    assert 'class="visibility-icon" title="Public' in html
    assert ">Star</span></button>" in html and "Clone with SSH" in html and "Clone with HTTP" in html
    for name in ("Project information", "Repository", "Labels", "Members", "Milestones", "Commits"):
        assert f">{name}<" in html
    assert re.search(r'<span class="nav-item-name">Issues</span><span class="badge[^"]*">\d+</span>', html)


def test_tree_blob_raw(client: TestClient) -> None:
    tree = client.get("/alder-labs/routekit/-/tree/main").text
    assert 'href="/alder-labs/routekit/-/tree/main/src"' in tree and "Cargo.toml" in tree
    sub = client.get("/alder-labs/routekit/-/tree/main/src").text
    assert 'href="/alder-labs/routekit/-/blob/main/src/graph.rs"' in sub
    blob = client.get("/alder-labs/routekit/-/blob/main/src/graph.rs").text
    assert 'id="L1"' in blob and "Open raw" in blob
    assert '<span class="k">pub</span> <span class="k">struct</span> Graph' in blob
    lic = client.get("/byteblaze/dotfiles/-/blob/main/LICENSE").text
    assert "MIT License" in lic and "The above copyright notice and this permission notice shall be included" in lic
    assert "GNU GENERAL PUBLIC LICENSE" in client.get("/byteblaze/a11y-syntax-highlighting/-/blob/main/LICENSE").text
    raw = client.get("/byteblaze/dotfiles/-/raw/main/README.md")
    assert raw.headers["content-type"].startswith("text/plain") and raw.text.startswith("# dotfiles")
    assert "<h1" in client.get("/byteblaze/dotfiles/-/blob/main/README.md").text
    assert client.get("/byteblaze/dotfiles/-/blob/main/nope.txt").status_code == 404
    # branch names with slashes
    assert client.get("/alder-labs/routekit/-/tree/feature/elevation/src").status_code == 200
    commits = client.get("/byteblaze/dotfiles/-/commits/main").text
    assert "Initial commit" in commits


def test_issue_list_filters(client: TestClient, store: SiteStateStore) -> None:
    conn = _db(store)
    pid = conn.execute("SELECT id FROM projects WHERE full_path = 'primer/design'").fetchone()[0]
    n_doc = conn.execute(
        "SELECT COUNT(*) FROM issues i WHERE i.project_id = ? AND i.state = 'opened' AND EXISTS (SELECT 1 FROM"
        " issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = i.id AND l.title = 'documentation')",
        (pid,),
    ).fetchone()[0]
    html = client.get("/primer/design/-/issues/?label_name%5B%5D=documentation").text
    assert html.count('class="issue issuable-row') == n_doc
    assert "Add documentation on using Flash alerts in dialog components" in html
    closed = client.get("/primer/design/-/issues?state=closed").text
    assert "Broken link to the Figma library in the README" in closed
    assert "Add guidance for loading states" not in closed
    n_closed = conn.execute("SELECT COUNT(*) FROM issues WHERE project_id = ? AND state = 'closed'", (pid,)).fetchone()[
        0
    ]
    assert f'Closed <span class="badge badge-pill">{n_closed}</span>' in closed
    mine = client.get("/primer/design/-/issues?assignee_username=byteblaze").text
    assert "Clarify usage of the ActionMenu vs. SelectPanel" in mine
    assert "Dialog focus is not returned" not in mine
    found = client.get("/primer/design/-/issues?search=Figma&state=all").text
    assert found.count('class="issue issuable-row') == 1
    two = client.get("/primer/design/-/issues?label_name[]=accessibility&label_name[]=component:%20dialog").text
    assert "Dialog focus is not returned to the trigger when closed" in two
    dash = client.get("/dashboard/issues?scope=all&state=opened&assignee_username=byteblaze").text
    assert "Add documentation on using Flash alerts in dialog components" in dash
    assert "Ferry Terminal stop is missing" not in dash


def test_create_issue(client: TestClient, store: SiteStateStore) -> None:
    form = client.get("/byteblaze/dotfiles/-/issues/new").text
    for label in (
        'for="issue_title">Title',
        'for="issue_description">Description',
        'for="issue_assignee">Assignee',
        'for="issue_milestone">Milestone',
        "<legend>Labels</legend>",
        ">Create issue</button>",
    ):
        assert label in form
    conn = _db(store)
    mid = conn.execute(
        "SELECT m.id FROM milestones m JOIN projects p ON p.id = m.project_id"
        " WHERE p.full_path = 'byteblaze/dotfiles' AND m.title = 'macOS support'"
    ).fetchone()[0]
    resp = client.post(
        "/byteblaze/dotfiles/-/issues",
        data={
            "issue[title]": "Add fish shell support",
            "issue[description]": "Please **add** fish.",
            "issue[assignee_username]": "liam_oconnor",
            "issue[milestone_id]": str(mid),
            "issue[label_names][]": ["enhancement", "help wanted"],
            "issue[due_date]": "2023-07-01",
        },
        follow_redirects=False,
    )
    assert resp.status_code == 303
    row = _issue(_db(store), "byteblaze/dotfiles", "Add fish shell support")
    assert resp.headers["location"] == f"/byteblaze/dotfiles/-/issues/{row['iid']}"
    assert row["state"] == "opened" and row["milestone_id"] == mid and row["due_date"] == "2023-07-01"
    assert _labels(_db(store), row["id"]) == {"enhancement", "help wanted"}
    page = client.get(resp.headers["location"]).text
    assert '<h1 class="title" data-qa-selector="title_content">Add fish shell support</h1>' in page
    assert "<strong>add</strong>" in page and "Liam O&#39;Connor" in page and "Jul 1, 2023" in page
    bad = client.post("/byteblaze/dotfiles/-/issues", data={"issue[title]": " "})
    assert bad.status_code == 422 and "Title can&#39;t be blank" in bad.text


def test_close_reopen_comment_and_labels(client: TestClient, store: SiteStateStore) -> None:
    row = _issue(_db(store), "byteblaze/dotfiles", "install.sh overwrites existing symlinks")
    url = f"/byteblaze/dotfiles/-/issues/{row['iid']}"
    page = client.get(url).text
    assert ">Close issue</button>" in page and 'aria-label="Write a comment"' in page and ">Comment</button>" in page
    assert 'data-testid="sidebar-due-date"' in page and "Jun 20, 2023" in page
    assert re.search(r'class="block assignee">.*Ari Blaze', page, re.S)
    client.post(f"{url}/close")
    assert _issue(_db(store), "byteblaze/dotfiles", row["title"])["state"] == "closed"
    page = client.get(url).text
    assert ">Reopen issue</button>" in page and "closed" in page
    client.post(f"{url}/reopen")
    assert _issue(_db(store), "byteblaze/dotfiles", row["title"])["state"] == "opened"
    resp = client.post(f"{url}/notes", data={"note[note]": "lgtm"}, follow_redirects=False)
    assert resp.status_code == 303
    notes = (
        _db(store)
        .execute(
            "SELECT body, system FROM notes WHERE noteable_type = 'Issue' AND noteable_id = ? ORDER BY id", (row["id"],)
        )
        .fetchall()
    )
    assert [tuple(n) for n in notes[-3:]] == [("closed", 1), ("reopened", 1), ("lgtm", 0)]
    page = client.get(url).text
    last = page.rsplit('<li class="note', 1)[1]
    assert '<div class="timeline-discussion-body"><div class="note-body"><div class="note-text md"><p>lgtm</p>' in last
    # labels: set, add, remove
    client.post(f"{url}/labels", data={"label_names[]": ["bug", "documentation"]})
    assert _labels(_db(store), row["id"]) == {"bug", "documentation"}
    client.post(f"{url}/remove_label", data={"label": "bug"})
    assert _labels(_db(store), row["id"]) == {"documentation"}
    client.post(f"{url}/assignee", data={"assignee_username": "zoe_walsh"})
    client.post(f"{url}/due_date", data={"due_date": ""})
    row2 = _issue(_db(store), "byteblaze/dotfiles", row["title"])
    assert row2["due_date"] is None
    assert (
        _db(store).execute("SELECT username FROM users WHERE id = ?", (row2["assignee_id"],)).fetchone()[0]
        == "zoe_walsh"
    )
    assert "added ~documentation label" in client.get(url).text


def test_new_label_and_milestone(client: TestClient, store: SiteStateStore) -> None:
    form = client.get("/byteblaze/dotfiles/-/labels/new").text
    assert 'for="label_title">Title' in form and 'for="label_color">Background color' in form
    resp = client.post(
        "/byteblaze/dotfiles/-/labels",
        data={"label[title]": "needs triage", "label[description]": "Not looked at yet", "label[color]": "#ed9121"},
        follow_redirects=False,
    )
    assert resp.status_code == 303
    row = (
        _db(store)
        .execute(
            "SELECT l.* FROM labels l JOIN projects p ON p.id = l.project_id"
            " WHERE p.full_path = 'byteblaze/dotfiles' AND l.title = 'needs triage'"
        )
        .fetchone()
    )
    assert (row["description"], row["color"]) == ("Not looked at yet", "#ed9121")
    assert "needs triage" in client.get("/byteblaze/dotfiles/-/labels").text
    dup = client.post("/byteblaze/dotfiles/-/labels", data={"label[title]": "bug", "label[color]": "#ffffff"})
    assert dup.status_code == 422 and "already been taken" in dup.text
    resp = client.post(
        "/byteblaze/dotfiles/-/milestones",
        data={
            "milestone[title]": "zsh comprehensive support",
            "milestone[start_date]": "2044-05-01",
            "milestone[due_date]": "2044-05-21",
        },
    )
    assert resp.status_code == 200
    page = resp.text
    assert re.search(r'class="block start_date">.*May 1, 2044', page, re.S)
    assert re.search(r'class="block due_date">.*May 21, 2044', page, re.S)
    assert "zsh comprehensive support" in client.get("/byteblaze/dotfiles/-/milestones").text


def test_members_invite_and_roles(client: TestClient, store: SiteStateStore) -> None:
    html = client.get("/byteblaze/dotfiles/-/project_members").text
    assert _members(html) == {
        "byteblaze": "Owner",
        "liam_oconnor": "Developer",
        "yusuf_kaya": "Reporter",
        "zoe_walsh": "Guest",
    }
    assert ">Invite members</summary>" in html and 'for="invite-username">Username' in html
    assert 'for="invite-role">Select a role' in html and ">Invite</button>" in html
    resp = client.post(
        "/byteblaze/dotfiles/-/project_members",
        data={"username": "kai_tanaka", "access_level": "Maintainer"},
        follow_redirects=False,
    )
    assert resp.status_code == 303
    html = client.get(resp.headers["location"]).text
    assert _members(html)["kai_tanaka"] == "Maintainer" and "Members were successfully added." in html
    client.post("/byteblaze/dotfiles/-/project_members/zoe_walsh/update", data={"access_level": "Developer"})
    client.post("/byteblaze/dotfiles/-/project_members/yusuf_kaya/remove")
    roles = dict(
        _db(store)
        .execute(
            "SELECT u.username, m.role FROM project_members m JOIN users u ON u.id = m.user_id JOIN projects p"
            " ON p.id = m.project_id WHERE p.full_path = 'byteblaze/dotfiles'"
        )
        .fetchall()
    )
    assert roles == {
        "byteblaze": "Owner",
        "liam_oconnor": "Developer",
        "zoe_walsh": "Developer",
        "kai_tanaka": "Maintainer",
    }
    # byteblaze is only a Developer in portalder: no invites there
    assert "Invite members" not in client.get("/portalder/transit-feed/-/project_members").text
    denied = client.post(
        "/portalder/transit-feed/-/project_members", data={"username": "kai_tanaka", "access_level": "Guest"}
    )
    assert denied.status_code == 403


def test_star_toggle(client: TestClient, store: SiteStateStore) -> None:
    def count() -> int:
        return (
            _db(store)
            .execute(
                "SELECT COUNT(*) FROM stars s JOIN projects p ON p.id = s.project_id"
                " WHERE p.full_path = 'byteblaze/dotfiles'"
            )
            .fetchone()[0]
        )

    before = count()
    page = client.get("/byteblaze/dotfiles").text
    assert f'title="Starrers">{before}</a>' in page and "<span>Star</span>" in page
    client.post("/byteblaze/dotfiles/-/toggle_star", data={"return_to": "/byteblaze/dotfiles"})
    assert count() == before + 1
    page = client.get("/byteblaze/dotfiles").text
    assert f'title="Starrers">{before + 1}</a>' in page and "<span>Unstar</span>" in page
    assert "byteblaze/dotfiles" in client.get("/dashboard/projects/starred").text
    client.post("/byteblaze/dotfiles/-/toggle_star")
    assert count() == before


def test_merge_request_page_comment_and_merge(client: TestClient, store: SiteStateStore) -> None:
    conn = _db(store)
    mr = conn.execute(
        "SELECT m.* FROM merge_requests m JOIN projects p ON p.id = m.project_id"
        " WHERE p.full_path = 'primer/design' AND m.title = 'Add Flash in Dialog examples'"
    ).fetchone()
    url = f"/primer/design/-/merge_requests/{mr['iid']}"
    page = client.get(url).text
    desc = page.split('<div class="detail-page-description">', 1)[1].split('<div class="description md">', 1)[0]
    assert re.findall(r'<a class="gl-font-monospace[^"]*" href="[^"]+">([^<]+)</a>', desc) == [
        "docs/flash-in-dialog",
        "main",
    ]
    assert re.search(r'class="block reviewer">.*Priya Mehta', page, re.S)
    assert "Thanks, working on reviews." in page
    client.post(f"{url}/notes", data={"note[note]": "Good idea"})
    assert client.get(url).text.rsplit('<li class="note', 1)[1].count("<p>Good idea</p>") == 1
    client.post(f"{url}/merge")
    assert _db(store).execute("SELECT state FROM merge_requests WHERE id = ?", (mr["id"],)).fetchone()[0] == "merged"
    merged = client.get("/primer/design/-/merge_requests?state=merged").text
    assert "Add Flash in Dialog examples" in merged
    # a new merge request from an existing branch
    resp = client.post(
        "/primer/design/-/merge_requests",
        data={
            "merge_request[source_branch]": "redesign",
            "merge_request[target_branch]": "main",
            "merge_request[title]": "Redesign the docs",
            "merge_request[reviewer_username]": "grace_kim",
        },
        follow_redirects=False,
    )
    assert resp.status_code == 303
    new = client.get(resp.headers["location"]).text
    assert "Redesign the docs" in new and re.search(r'class="block reviewer">.*Grace Kim', new, re.S)


def test_user_profile_and_group(client: TestClient, guest: TestClient) -> None:
    redirect = guest.get("/byteblaze", follow_redirects=False)
    assert redirect.status_code == 303 and redirect.headers["location"] == "/users/byteblaze"
    html = guest.get("/users/byteblaze").text
    assert "Ari Blaze" in html and "@byteblaze" in html
    assert (
        '<div class="cover-status"><span class="status-emoji" aria-hidden="true">\u2615</span>'
        "Reviewing merge requests</div>" in html
    )
    assert re.search(r'<a itemprop="url" href="https://byteblaze.dev"[^>]*>byteblaze.dev</a>', html)
    following = guest.get("/users/byteblaze/following").text
    assert "@primer" in following and "@jkowalski" in following
    starred = guest.get("/users/byteblaze/starred").text
    assert "primer/design" in starred
    group = guest.get("/groups/portalder").text
    assert "City of Port Alder" in group and "transit-feed" in group and "alder-labs/routekit" not in group
    members = guest.get("/groups/alder-labs/-/group_members").text
    assert _members(members)["byteblaze"] == "Maintainer"
    # profile edit (status and website)
    client.post("/-/profile", data={"user[status_message]": "Out of Office", "user[website_url]": "egg.tart.com"})
    html = client.get("/users/byteblaze").text
    assert "Out of Office</div>" in html and ">egg.tart.com</a>" in html


def test_guests_and_permissions(guest: TestClient, store: SiteStateStore) -> None:
    assert guest.get("/byteblaze/dotfiles").status_code == 200
    assert guest.get("/", follow_redirects=False).headers["location"] == "/users/sign_in"
    for url, data in (
        ("/byteblaze/dotfiles/-/issues", {"issue[title]": "x"}),
        ("/byteblaze/dotfiles/-/toggle_star", {}),
        ("/byteblaze/dotfiles/-/issues/1/notes", {"note[note]": "hi"}),
        ("/byteblaze/dotfiles/-/project_members", {"username": "zoe_walsh", "access_level": "Guest"}),
    ):
        resp = guest.post(url, data=data, follow_redirects=False)
        assert resp.status_code == 303 and resp.headers["location"].startswith("/users/sign_in"), url
    assert _db(store).execute("SELECT COUNT(*) FROM issues WHERE title = 'x'").fetchone()[0] == 0
    # private and internal projects are hidden from guests
    assert guest.get("/byteblaze/planner").status_code == 404
    assert guest.get("/ivy_patel/ctf-writeups").status_code == 404
    assert "byteblaze/planner" not in guest.get("/explore").text


def test_sign_in_and_out(guest: TestClient) -> None:
    page = guest.get("/users/sign_in").text
    assert 'for="user_login">Username or email' in page and 'for="user_password">Password' in page
    bad = guest.post("/users/sign_in", data={"user[login]": "primer", "user[password]": "nope"})
    assert "Invalid login or password." in bad.text
    ok = guest.post(
        "/users/sign_in",
        data={"user[login]": "primer", "user[password]": "hello1234", "redirect_to": "/primer/design"},
        follow_redirects=False,
    )
    assert ok.status_code == 303 and ok.headers["location"] == "/primer/design"
    assert "Priya Mehta" in guest.get("/dashboard/projects").text
    guest.post("/users/sign_out")
    assert guest.get("/dashboard/projects", follow_redirects=False).status_code == 303


def test_new_project(client: TestClient, store: SiteStateStore) -> None:
    form = client.get("/projects/new").text
    assert 'for="project_name">Project name' in form and ">Create project</button>" in form
    resp = client.post(
        "/projects",
        data={
            "project[name]": "web_agent",
            "project[namespace]": "byteblaze",
            "project[visibility]": "private",
            "project[initialize_with_readme]": "1",
        },
        follow_redirects=False,
    )
    assert resp.status_code == 303 and resp.headers["location"] == "/byteblaze/web_agent"
    page = client.get("/byteblaze/web_agent").text
    assert 'class="visibility-icon" title="Private' in page and '<h1 id="web_agent">web_agent<a' in page
    assert "Initial commit" in client.get("/byteblaze/web_agent/-/commits").text
    assert _members(client.get("/byteblaze/web_agent/-/project_members").text) == {"byteblaze": "Owner"}
    taken = client.post("/projects", data={"project[name]": "dotfiles", "project[namespace]": "byteblaze"})
    assert "has already been taken" in taken.text
    # a Developer of a group may create projects there
    assert (
        client.post(
            "/projects",
            data={"project[name]": "bus-stops", "project[namespace]": "portalder", "project[visibility]": "public"},
            follow_redirects=False,
        ).status_code
        == 303
    )
    assert client.get("/portalder/bus-stops").status_code == 200


def test_search_and_todos(client: TestClient) -> None:
    html = client.get("/search?search=routekit").text
    assert "alder-labs/routekit" in html
    issues = client.get("/search?search=Ferry%20Terminal&scope=issues").text
    assert "Ferry Terminal stop is missing the evening departures" in issues
    todos = client.get("/dashboard/todos").text
    assert "requested a review from you" in todos


def test_state_isolation_and_unknown_key(store: SiteStateStore) -> None:
    store.create("ep1")
    store.create("ep2")
    one, two = _client(store, state="ep1"), _client(store, state="ep2")
    one.post("/byteblaze/dotfiles/-/issues", data={"issue[title]": "Only in episode one"})
    assert "Only in episode one" in one.get("/byteblaze/dotfiles/-/issues").text
    assert "Only in episode one" not in two.get("/byteblaze/dotfiles/-/issues").text
    assert (
        _db(store, "ep2").execute("SELECT COUNT(*) FROM issues WHERE title = 'Only in episode one'").fetchone()[0] == 0
    )
    assert _db(store).execute("SELECT COUNT(*) FROM issues WHERE title = 'Only in episode one'").fetchone()[0] == 0
    gone = _client(store, state="nope").get("/")
    assert gone.status_code == 410


def test_markdown_is_safe() -> None:
    out = render_md("# Hi\n\n<script>alert(1)</script> [x](javascript:alert(1)) **b** `c` @primer #3", "/a/b/-/issues")
    assert "<script>" not in out and "&lt;script&gt;" in out and 'href="javascript' not in out
    assert '<h1 id="hi">Hi<a class="anchor" href="#hi"' in out and "<strong>b</strong>" in out and "<code>c</code>" in out
    assert 'href="/primer"' in out and 'href="/a/b/-/issues/3"' in out


def test_header_search_suggests_what_the_user_may_see(client: TestClient, store: SiteStateStore) -> None:
    """On the search page the header's dropdown lists matching projects, groups and users
    (GitLab's autocomplete); a signed-out visitor is offered public projects only."""
    page = client.get("/search", params={"search": "routekit"}).text
    assert 'href="/alder-labs/routekit"' in page.split('class="header-search-dropdown"', 1)[1].split("</form>", 1)[0]
    conn = sqlite3.connect(store.path_for("default"))
    private = conn.execute("SELECT name, full_path FROM projects WHERE visibility = 'private' ORDER BY id LIMIT 1"
                           ).fetchone()
    if private is not None:
        guest = _client(store, logged_in=False).get("/search", params={"search": private[0]}).text
        assert f'href="/{private[1]}"' not in guest.split('class="header-search-dropdown"', 1)[1].split("</form>", 1)[0]


def test_project_feature_settings_are_shown_read_only(client: TestClient) -> None:
    """The settings page's feature toggles say what is set and cannot be changed (the instance
    keeps no per-project features); the visibility next to them is saved."""
    page = client.get("/byteblaze/dotfiles/edit").text
    block = page.split('aria-label="Visibility, project features, permissions"', 1)[1].split("</form>", 1)[0]
    assert block.count("disabled") >= 40 and 'name="project[visibility]"' in block
    assert 'id="project_visibility_level" name="project[visibility]" disabled' not in block
