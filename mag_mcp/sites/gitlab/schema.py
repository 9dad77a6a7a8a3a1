"""Tables of the embedded GitLab: the per-episode database (`SCHEMA`) and the read-only content
database attached as `content` (`CONTENT_SCHEMA`).

What tasks change lives in the episode's database: people, projects, members, stars, labels,
milestones, issues, merge requests, notes (comments, threads, system notes), approvals,
award emoji, branches, tags, releases, wiki pages, snippets, and the files and commits an
episode creates. What no task changes lives in the content database, built once and shared:
the seeded repository files (`content.blobs`, and `content.branch_blobs` for work on branches
that is not in `main`), the seeded commits with their diffs, and CI (pipelines, jobs,
environments, deployments, schedules). Pages read a project's files and commits from both
(see `repo`).

Conventions: timestamps are TEXT 'YYYY-MM-DD HH:MM:SS' (UTC), dates 'YYYY-MM-DD'; roles are
stored with their access level (Guest 10 … Owner 50); `iid` is the number in a URL, counted
per project; commits are named by their 40-hex `sha` everywhere.
"""

SCHEMA = """
CREATE TABLE users (
    id INTEGER PRIMARY KEY, username TEXT NOT NULL UNIQUE, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE,
    bio TEXT NOT NULL DEFAULT '', location TEXT NOT NULL DEFAULT '', website_url TEXT NOT NULL DEFAULT '',
    job_title TEXT NOT NULL DEFAULT '', status_emoji TEXT NOT NULL DEFAULT '',
    status_message TEXT NOT NULL DEFAULT '', password_hash TEXT NOT NULL, is_admin INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL);
CREATE TABLE sessions (token TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL);
CREATE TABLE follows (follower_id INTEGER NOT NULL REFERENCES users(id),
    followee_id INTEGER NOT NULL REFERENCES users(id), created_at TEXT NOT NULL,
    PRIMARY KEY (follower_id, followee_id));
CREATE TABLE groups (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '', visibility TEXT NOT NULL DEFAULT 'public', created_at TEXT NOT NULL);
CREATE TABLE group_members (group_id INTEGER NOT NULL REFERENCES groups(id),
    user_id INTEGER NOT NULL REFERENCES users(id), role TEXT NOT NULL, access_level INTEGER NOT NULL,
    created_at TEXT NOT NULL, PRIMARY KEY (group_id, user_id));
CREATE TABLE projects (
    id INTEGER PRIMARY KEY, namespace TEXT NOT NULL, path TEXT NOT NULL, full_path TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL, description TEXT NOT NULL DEFAULT '', language TEXT NOT NULL DEFAULT '',
    license TEXT NOT NULL DEFAULT '', visibility TEXT NOT NULL DEFAULT 'public',
    default_branch TEXT NOT NULL DEFAULT 'main', group_id INTEGER REFERENCES groups(id),
    owner_id INTEGER REFERENCES users(id), creator_id INTEGER NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL, last_activity_at TEXT NOT NULL, topics TEXT NOT NULL DEFAULT '',
    approvals_required INTEGER NOT NULL DEFAULT 0, attribution TEXT NOT NULL DEFAULT '');
CREATE TABLE project_members (project_id INTEGER NOT NULL REFERENCES projects(id),
    user_id INTEGER NOT NULL REFERENCES users(id), role TEXT NOT NULL, access_level INTEGER NOT NULL,
    created_at TEXT NOT NULL, expires_at TEXT, PRIMARY KEY (project_id, user_id));
CREATE TABLE stars (user_id INTEGER NOT NULL REFERENCES users(id),
    project_id INTEGER NOT NULL REFERENCES projects(id), created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, project_id));
CREATE TABLE blobs (project_id INTEGER NOT NULL REFERENCES projects(id), path TEXT NOT NULL,
    content TEXT NOT NULL, PRIMARY KEY (project_id, path));
CREATE TABLE branches (project_id INTEGER NOT NULL REFERENCES projects(id), name TEXT NOT NULL,
    commit_sha TEXT NOT NULL, created_at TEXT NOT NULL, protected INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (project_id, name));
CREATE TABLE commits (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL REFERENCES projects(id),
    sha TEXT NOT NULL UNIQUE, branch TEXT NOT NULL, title TEXT NOT NULL, message TEXT NOT NULL DEFAULT '',
    author_id INTEGER REFERENCES users(id), author_name TEXT NOT NULL, author_email TEXT NOT NULL,
    created_at TEXT NOT NULL, parent_sha TEXT NOT NULL DEFAULT '', additions INTEGER NOT NULL DEFAULT 0,
    deletions INTEGER NOT NULL DEFAULT 0, on_main INTEGER NOT NULL DEFAULT 1);
CREATE TABLE tags (project_id INTEGER NOT NULL REFERENCES projects(id), name TEXT NOT NULL,
    commit_sha TEXT NOT NULL, message TEXT NOT NULL DEFAULT '', created_at TEXT NOT NULL,
    PRIMARY KEY (project_id, name));
CREATE TABLE releases (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL REFERENCES projects(id),
    tag_name TEXT NOT NULL, name TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
    author_id INTEGER REFERENCES users(id), released_at TEXT NOT NULL, UNIQUE (project_id, tag_name));
CREATE TABLE labels (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL REFERENCES projects(id),
    title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '', color TEXT NOT NULL, created_at TEXT NOT NULL,
    UNIQUE (project_id, title));
CREATE TABLE milestones (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL REFERENCES projects(id),
    iid INTEGER NOT NULL, title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT 'active', start_date TEXT, due_date TEXT, created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL, UNIQUE (project_id, title), UNIQUE (project_id, iid));
CREATE TABLE issues (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL REFERENCES projects(id),
    iid INTEGER NOT NULL, title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT 'opened', author_id INTEGER NOT NULL REFERENCES users(id),
    assignee_id INTEGER REFERENCES users(id), milestone_id INTEGER REFERENCES milestones(id),
    due_date TEXT, confidential INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
    closed_at TEXT, closed_by_id INTEGER REFERENCES users(id), issue_type TEXT NOT NULL DEFAULT 'issue',
    UNIQUE (project_id, iid));
CREATE TABLE issue_labels (issue_id INTEGER NOT NULL REFERENCES issues(id),
    label_id INTEGER NOT NULL REFERENCES labels(id), PRIMARY KEY (issue_id, label_id));
CREATE TABLE merge_requests (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL REFERENCES projects(id),
    iid INTEGER NOT NULL, title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT 'opened', author_id INTEGER NOT NULL REFERENCES users(id),
    assignee_id INTEGER REFERENCES users(id), reviewer_id INTEGER REFERENCES users(id),
    source_branch TEXT NOT NULL, target_branch TEXT NOT NULL, milestone_id INTEGER REFERENCES milestones(id),
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL, merged_at TEXT, merged_by_id INTEGER REFERENCES users(id),
    closed_at TEXT, draft INTEGER NOT NULL DEFAULT 0, merge_commit_sha TEXT, UNIQUE (project_id, iid));
CREATE TABLE mr_labels (merge_request_id INTEGER NOT NULL REFERENCES merge_requests(id),
    label_id INTEGER NOT NULL REFERENCES labels(id), PRIMARY KEY (merge_request_id, label_id));
CREATE TABLE mr_commits (merge_request_id INTEGER NOT NULL REFERENCES merge_requests(id), sha TEXT NOT NULL,
    position INTEGER NOT NULL, PRIMARY KEY (merge_request_id, sha));
CREATE TABLE notes (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL REFERENCES projects(id),
    noteable_type TEXT NOT NULL, noteable_id INTEGER NOT NULL, author_id INTEGER NOT NULL REFERENCES users(id),
    body TEXT NOT NULL, system INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, discussion_id TEXT,
    resolvable INTEGER NOT NULL DEFAULT 0, resolved INTEGER NOT NULL DEFAULT 0,
    resolved_by_id INTEGER REFERENCES users(id), position_path TEXT, position_line INTEGER);
CREATE TABLE approvals (merge_request_id INTEGER NOT NULL REFERENCES merge_requests(id),
    user_id INTEGER NOT NULL REFERENCES users(id), created_at TEXT NOT NULL,
    PRIMARY KEY (merge_request_id, user_id));
CREATE TABLE award_emoji (id INTEGER PRIMARY KEY, awardable_type TEXT NOT NULL, awardable_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id), name TEXT NOT NULL, created_at TEXT NOT NULL,
    UNIQUE (awardable_type, awardable_id, user_id, name));
CREATE TABLE wiki_pages (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL REFERENCES projects(id),
    slug TEXT NOT NULL, title TEXT NOT NULL, content TEXT NOT NULL DEFAULT '',
    author_id INTEGER NOT NULL REFERENCES users(id), created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
    UNIQUE (project_id, slug));
CREATE TABLE snippets (id INTEGER PRIMARY KEY, project_id INTEGER REFERENCES projects(id),
    author_id INTEGER NOT NULL REFERENCES users(id), title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
    file_name TEXT NOT NULL, content TEXT NOT NULL, visibility TEXT NOT NULL DEFAULT 'public',
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE INDEX notes_noteable ON notes(noteable_type, noteable_id);
CREATE INDEX notes_project ON notes(project_id, created_at);
CREATE INDEX issues_project ON issues(project_id, state);
CREATE INDEX issues_assignee ON issues(assignee_id, state);
CREATE INDEX issues_author ON issues(author_id);
CREATE INDEX mrs_project ON merge_requests(project_id, state);
CREATE INDEX mrs_assignee ON merge_requests(assignee_id, state);
CREATE INDEX mrs_reviewer ON merge_requests(reviewer_id, state);
CREATE INDEX mrs_author ON merge_requests(author_id);
CREATE INDEX members_user ON project_members(user_id);
CREATE INDEX stars_project ON stars(project_id);
CREATE INDEX awards_on ON award_emoji(awardable_type, awardable_id);
CREATE INDEX commits_project ON commits(project_id, branch, created_at);
CREATE INDEX issue_labels_label ON issue_labels(label_id);
CREATE INDEX mr_labels_label ON mr_labels(label_id);
"""

CONTENT_SCHEMA = """
CREATE TABLE blobs (project_id INTEGER NOT NULL, path TEXT NOT NULL, content TEXT NOT NULL,
    PRIMARY KEY (project_id, path)) WITHOUT ROWID;
CREATE TABLE branch_blobs (project_id INTEGER NOT NULL, branch TEXT NOT NULL, path TEXT NOT NULL,
    content TEXT NOT NULL, PRIMARY KEY (project_id, branch, path)) WITHOUT ROWID;
CREATE TABLE commits (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL, sha TEXT NOT NULL UNIQUE,
    parent_sha TEXT NOT NULL DEFAULT '', branch TEXT NOT NULL, title TEXT NOT NULL, message TEXT NOT NULL DEFAULT '',
    author_id INTEGER, author_name TEXT NOT NULL, author_email TEXT NOT NULL, created_at TEXT NOT NULL,
    additions INTEGER NOT NULL DEFAULT 0, deletions INTEGER NOT NULL DEFAULT 0, on_main INTEGER NOT NULL DEFAULT 1);
CREATE INDEX commits_main ON commits(project_id, on_main, created_at);
CREATE INDEX commits_branch ON commits(project_id, branch, created_at);
CREATE INDEX commits_author ON commits(author_id, created_at);
CREATE TABLE commit_files (commit_id INTEGER NOT NULL, path TEXT NOT NULL, status TEXT NOT NULL,
    additions INTEGER NOT NULL, deletions INTEGER NOT NULL, diff TEXT NOT NULL,
    PRIMARY KEY (commit_id, path)) WITHOUT ROWID;
CREATE TABLE pipelines (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL, iid INTEGER NOT NULL,
    sha TEXT NOT NULL, ref TEXT NOT NULL, status TEXT NOT NULL, source TEXT NOT NULL, user_id INTEGER,
    mr_iid INTEGER, created_at TEXT NOT NULL, started_at TEXT, finished_at TEXT, duration INTEGER,
    coverage REAL, tag INTEGER NOT NULL DEFAULT 0, UNIQUE (project_id, iid));
CREATE INDEX pipelines_sha ON pipelines(project_id, sha);
CREATE INDEX pipelines_mr ON pipelines(project_id, mr_iid);
CREATE TABLE jobs (id INTEGER PRIMARY KEY, pipeline_id INTEGER NOT NULL, project_id INTEGER NOT NULL,
    stage TEXT NOT NULL, stage_idx INTEGER NOT NULL, name TEXT NOT NULL, status TEXT NOT NULL, image TEXT NOT NULL,
    script TEXT NOT NULL, started_at TEXT, finished_at TEXT, duration INTEGER, runner TEXT NOT NULL DEFAULT '',
    allow_failure INTEGER NOT NULL DEFAULT 0, failure_reason TEXT NOT NULL DEFAULT '');
CREATE INDEX jobs_pipeline ON jobs(pipeline_id, stage_idx);
CREATE INDEX jobs_project ON jobs(project_id, id);
CREATE TABLE environments (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL, name TEXT NOT NULL,
    state TEXT NOT NULL, external_url TEXT NOT NULL DEFAULT '', created_at TEXT NOT NULL);
CREATE TABLE deployments (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL, environment_id INTEGER NOT NULL,
    iid INTEGER NOT NULL, sha TEXT NOT NULL, ref TEXT NOT NULL, status TEXT NOT NULL, user_id INTEGER,
    created_at TEXT NOT NULL, job_id INTEGER);
CREATE INDEX deployments_env ON deployments(environment_id, iid);
CREATE TABLE schedules (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL, description TEXT NOT NULL,
    cron TEXT NOT NULL, cron_timezone TEXT NOT NULL, ref TEXT NOT NULL, active INTEGER NOT NULL,
    next_run_at TEXT NOT NULL, owner_id INTEGER, last_pipeline_id INTEGER);
"""

# column counts, for INSERT ... VALUES (?, ...)
def placeholders(n: int) -> str:
    return "(" + ",".join("?" * n) + ")"
