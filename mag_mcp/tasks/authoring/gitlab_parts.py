"""Facts, reusable gold-trajectory parts and design helpers for GitLab tasks, read from the
real site at authoring time (the templates are in `gitlab_tasks`)."""

from __future__ import annotations

import html as html_lib
import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Any, TypeVar

from mag_mcp.tasks.authoring.common import (
    Part,
    SiteFacts,
    chain,
    distractor,
    pick,
    role,
    s,
    same,
    type_and_enter,
)

SITE = "gitlab"
AUTH = "./.auth/gitlab_state.json"
ME = "byteblaze"
# Templates whose tasks train; the rest are test (about 70/30, by template).
ROLES = ["Guest", "Reporter", "Developer", "Maintainer", "Owner"]
T = TypeVar("T")
STOPWORDS = {"a", "an", "and", "does", "for", "in", "is", "not", "of", "on", "the", "to", "with"}


@dataclass(frozen=True)
class Project:
    id: int
    full_path: str
    name: str
    ns_name: str
    license: str
    language: str
    open_issues: int
    closed_issues: int
    my_role: str

    @property
    def link(self) -> str:
        return f"{self.ns_name} / {self.name}"


class GitlabFacts(SiteFacts):
    """The seed database and the real dashboard, for authoring."""

    def __init__(self) -> None:
        super().__init__("gitlab")

    def project(self, full_path: str) -> Project:
        r = self.db.execute(
            "SELECT p.*, m.role AS my_role, "
            "(SELECT COUNT(*) FROM issues i WHERE i.project_id = p.id AND i.state = 'opened') AS oi, "
            "(SELECT COUNT(*) FROM issues i WHERE i.project_id = p.id AND i.state = 'closed') AS ci "
            "FROM projects p JOIN project_members m ON m.project_id = p.id JOIN users u ON u.id = m.user_id "
            "WHERE p.full_path = ? AND u.username = ?", (full_path, ME)).fetchone()
        if r is None:
            raise KeyError(full_path)
        html = self.client.get("/dashboard/projects", params={"name": r["name"]}).text
        rows = re.findall(r'<a class="project" href="/([^"]+)"><span class="namespace-name">([^<]+) / </span>', html)
        if [p for p, _ in rows] != [full_path]:
            raise LookupError(f"filtering by {r['name']!r} does not show {full_path} alone: {rows}")
        if f'<span class="sr-only">Issues:</span> {r["oi"]}</a>' not in html:
            raise LookupError(f"the row of {full_path} does not show {r['oi']} open issues")
        return Project(r["id"], full_path, r["name"], html_lib.unescape(rows[0][1]), r["license"], r["language"], r["oi"],
                       r["ci"], r["my_role"])

    def members(self, p: Project) -> list[sqlite3.Row]:
        return self.db.execute(
            "SELECT u.username, u.name, m.role FROM project_members m JOIN users u ON u.id = m.user_id "
            "WHERE m.project_id = ? ORDER BY u.username", (p.id,)).fetchall()

    def non_member(self, p: Project, k: int) -> sqlite3.Row:
        rows = self.db.execute(
            "SELECT username, name FROM users WHERE id NOT IN (SELECT user_id FROM project_members WHERE project_id = ?) "
            "ORDER BY id", (p.id,)).fetchall()
        return rows[k % len(rows)]

    def starred(self, p: Project) -> bool:
        return self.db.execute("SELECT 1 FROM stars s JOIN users u ON u.id = s.user_id WHERE u.username = ? "
                               "AND s.project_id = ?", (ME, p.id)).fetchone() is not None

    def open_issues(self, p: Project) -> list[sqlite3.Row]:
        rows = self.db.execute("SELECT iid, id, title FROM issues WHERE project_id = ? AND state = 'opened' ORDER BY iid",
                               (p.id,)).fetchall()
        # a title the issue search shows alone
        return [r for r in rows if sum(1 for x in rows if r["title"].lower() in x["title"].lower()) == 1]

    def dashboard(self) -> list[str]:
        """The full paths of your projects, in the order the dashboard lists them (all pages)."""
        out: list[str] = []
        page = 1
        while True:
            html = self.client.get("/dashboard/projects", params={"page": page}).text
            rows = [p for p in re.findall(r'<a class="project" href="/([^"]+)">', html) if p not in out]
            if not rows:
                return out
            out += rows
            page += 1

    def row(self, full_path: str) -> sqlite3.Row:
        """A project's seed row with its open and closed issue counts."""
        return self.db.execute(
            "SELECT p.*, (SELECT COUNT(*) FROM issues i WHERE i.project_id = p.id AND i.state = 'opened') AS oi, "
            "(SELECT COUNT(*) FROM issues i WHERE i.project_id = p.id AND i.state = 'closed') AS ci "
            "FROM projects p WHERE p.full_path = ?", (full_path,)).fetchone()

    def similar(self, p: Project) -> list[sqlite3.Row]:
        """Projects in other namespaces whose name holds the project's name, or is held in it."""
        return self.db.execute(
            "SELECT * FROM projects WHERE namespace != ? AND id != ? AND (instr(name, ?) > 0 OR instr(?, name) > 0) "
            "ORDER BY full_path", (p.full_path.split("/")[0], p.id, p.name, p.name)).fetchall()

    def member_table(self, p: Project) -> list[sqlite3.Row]:
        """The project's members in the order of its Members table."""
        return self.db.execute(
            "SELECT u.id, u.username, u.name, m.role FROM project_members m JOIN users u ON u.id = m.user_id "
            "WHERE m.project_id = ? ORDER BY m.access_level DESC, lower(u.name)", (p.id,)).fetchall()

    def similar_open_issues(self, p: Project, title: str) -> list[str]:
        """Open issues of the project whose titles read much like `title` (two content words shared)."""
        def words(t: str) -> set[str]:
            return set(re.findall(r"[a-z0-9]+", t.lower())) - STOPWORDS

        rows = self.db.execute("SELECT title FROM issues WHERE project_id = ? AND state = 'opened' ORDER BY iid",
                               (p.id,)).fetchall()
        return [r["title"] for r in rows if r["title"] != title and len(words(r["title"]) & words(title)) >= 2
                and SequenceMatcher(None, r["title"].lower(), title.lower()).ratio() >= 0.5]

    def same_label_elsewhere(self, p: Project, title: str) -> list[str]:
        """Your other projects that have a label titled `title`."""
        return [r[0] for r in self.db.execute(
            "SELECT p.full_path FROM labels l JOIN projects p ON p.id = l.project_id WHERE l.title = ? AND p.id != ? "
            "AND p.id IN (SELECT m.project_id FROM project_members m JOIN users u ON u.id = m.user_id "
            "WHERE u.username = ?) ORDER BY p.full_path", (title, p.id, ME))]

    def user_id(self, username: str) -> int:
        return int(self.db.execute("SELECT id FROM users WHERE username = ?", (username,)).fetchone()[0])


@lru_cache(maxsize=1)
def facts() -> GitlabFacts:
    return GitlabFacts()


# ------------------------------------------------------------ design declarations

def outward(items: Sequence[T], i: int) -> list[T]:
    """The items around position `i`, nearest first (the next one before the previous)."""
    out: list[T] = []
    for d in range(1, len(items)):
        out += [items[j] for j in (i + d, i - d) if 0 <= j < len(items)]
    return out


def look_alikes(p: Project) -> list[dict[str, Any]]:
    """Distractors: the similarly named projects in other namespaces."""
    return [distractor(SITE, r["name"], "similar", f"{r['full_path']}: a similar name, not among your projects")
            for r in facts().similar(p)]


# ------------------------------------------------------------ reusable parts

def filter_projects(key: str, p: Project) -> Part:
    guide = pick(key + "filter", [
        f"Type “{p.name}” into the “Filter by name” box above your projects and press Enter.",
        f"In the “Filter by name” field of the projects list, enter “{p.name}” and press Enter.",
        f"Filter your projects by name: type “{p.name}” and press Enter.",
    ])
    return type_and_enter("Filter by name", p.name, guide, "Click the “Filter by name” box above the projects list.",
                          kind="searchbox")


def open_project(key: str, p: Project) -> Part:
    return chain(filter_projects(key, p), same(s("click", pick(key + "open", [
        f"Click the project title “{p.link}”.",
        f"Open the project “{p.link}” from the list.",
        f"Click “{p.name}” (under {p.ns_name}) to open the project.",
    ]), role("link", p.link))))


def find_member(key: str, p: Project, username: str, members_guides: list[str]) -> Part:
    """Open the project, its Members page, and filter the table to one member."""
    return chain(
        open_project(key, p),
        same(s("click", pick(key + "m", members_guides), role("link", "Members"))),
        type_and_enter("Filter members", username, f"Type “{username}” into the “Filter members” box and press Enter.",
                       "Click the “Filter members” box above the table.", kind="searchbox"),
    )
