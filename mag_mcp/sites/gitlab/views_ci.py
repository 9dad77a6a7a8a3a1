"""CI/CD and deployment pages: pipelines (list with scopes, one pipeline with its stages and jobs),
jobs (list, one job with its log, raw log), the pipeline editor, schedules, environments and
releases. Pipelines and jobs are seeded in the content database; logs are written on demand
(`ci.job_log`)."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from ..base import db
from . import repo
from .ci import job_log
from .common import get_project, page_view, paginate, parse_int, project_page

PER_PAGE = 20
PIPELINE_SCOPES = {"all": "All", "finished": "Finished", "branches": "Branches", "tags": "Tags"}
PIPELINE_WHERE = {"all": "1", "finished": "finished_at IS NOT NULL", "branches": "tag = 0", "tags": "tag = 1"}
JOB_SCOPES = {"all": "All", "pending": "Pending", "running": "Running", "finished": "Finished"}


@page_view
def pipelines(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    scope = request.query_params.get("scope") or "all"
    if scope not in PIPELINE_SCOPES:
        raise HTTPException(404)
    where = PIPELINE_WHERE[scope]
    counts = {k: conn.execute(f"SELECT COUNT(*) FROM content.pipelines WHERE project_id = ? AND {w}",
                              (p["id"],)).fetchone()[0] for k, w in PIPELINE_WHERE.items()}
    pg = paginate(counts[scope], parse_int(request.query_params.get("page"), 1) or 1, PER_PAGE)
    rows = conn.execute(
        f"SELECT pl.*, u.username, u.name AS user_name FROM content.pipelines pl LEFT JOIN users u ON u.id = pl.user_id"
        f" WHERE pl.project_id = ? AND {where} ORDER BY pl.id DESC LIMIT ? OFFSET ?",
        (p["id"], pg["size"], pg["offset"])).fetchall()
    ids = [r["id"] for r in rows]
    stages: dict[int, list] = {i: [] for i in ids}
    if ids:
        for j in conn.execute(f"SELECT pipeline_id, stage, stage_idx, status, name, id FROM content.jobs WHERE pipeline_id"
                              f" IN ({','.join('?' * len(ids))}) ORDER BY pipeline_id, stage_idx, id", ids):
            stages[j["pipeline_id"]].append(j)
    titles = {r["sha"]: (c["title"] if (c := repo.commit_by_sha(conn, p["id"], r["sha"])) else "") for r in rows}
    return project_page(request, p, "pipelines.html", dict(
        title=f"Pipelines · {p['name']} · GitLab", rows=rows, stages=stages, titles=titles, scope=scope,
        scopes=PIPELINE_SCOPES, counts=counts, pg=pg,
        has_ci=repo.blob(conn, p["id"], p["default_branch"], ".gitlab-ci.yml") is not None), "pipelines")


def _pipeline(conn, p, pipeline_id: int):
    row = conn.execute("SELECT pl.*, u.username, u.name AS user_name FROM content.pipelines pl LEFT JOIN users u"
                       " ON u.id = pl.user_id WHERE pl.id = ? AND pl.project_id = ?", (pipeline_id, p["id"])).fetchone()
    if row is None:
        raise HTTPException(404)
    return row


@page_view
def pipeline(request: Request, ns: str, project: str, pipeline_id: int, tab: str = "pipeline") -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    row = _pipeline(conn, p, pipeline_id)
    jobs = conn.execute("SELECT * FROM content.jobs WHERE pipeline_id = ? ORDER BY stage_idx, id", (row["id"],)).fetchall()
    stage_names = list(dict.fromkeys(j["stage"] for j in jobs))
    return project_page(request, p, "pipeline.html", dict(
        title=f"Pipeline #{row['id']} · Pipelines · {p['name']} · GitLab", pl=row, jobs=jobs, stage_names=stage_names,
        commit=repo.commit_by_sha(conn, p["id"], row["sha"]), tab=tab,
        failed=[j for j in jobs if j["status"] == "failed"]), "pipeline")


def pipeline_tab(request: Request) -> Response:
    pp = request.path_params
    if pp["tab"] not in ("builds", "failures"):
        raise HTTPException(404)
    return pipeline.__wrapped__(request, pp["ns"], pp["project"], pp["pipeline_id"], pp["tab"])


@page_view
def jobs(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    scope = request.query_params.get("scope") or "all"
    if scope not in JOB_SCOPES:
        raise HTTPException(404)
    where = {"all": "1", "pending": "j.status IN ('pending', 'created', 'manual')", "running": "j.status = 'running'",
             "finished": "j.finished_at IS NOT NULL"}[scope]
    total = conn.execute(f"SELECT COUNT(*) FROM content.jobs j WHERE j.project_id = ? AND {where}", (p["id"],)).fetchone()[0]
    pg = paginate(total, parse_int(request.query_params.get("page"), 1) or 1, 30)
    rows = conn.execute(
        f"SELECT j.*, pl.ref, pl.sha, pl.tag, pl.user_id, u.username, u.name AS user_name FROM content.jobs j"
        f" JOIN content.pipelines pl ON pl.id = j.pipeline_id LEFT JOIN users u ON u.id = pl.user_id"
        f" WHERE j.project_id = ? AND {where} ORDER BY j.id DESC LIMIT ? OFFSET ?",
        (p["id"], pg["size"], pg["offset"])).fetchall()
    return project_page(request, p, "jobs.html", dict(title=f"Jobs · {p['name']} · GitLab", rows=rows, scope=scope,
                                                      scopes=JOB_SCOPES, pg=pg, total=total), "jobs")


def _job(conn, p, job_id: int):
    row = conn.execute("SELECT j.*, pl.ref, pl.sha, pl.project_id, pl.iid AS pipeline_iid, pl.status AS pipeline_status"
                       " FROM content.jobs j JOIN content.pipelines pl ON pl.id = j.pipeline_id WHERE j.id = ?"
                       " AND j.project_id = ?", (job_id, p["id"])).fetchone()
    if row is None:
        raise HTTPException(404)
    return row


def _log(conn, p, row) -> str:
    if row["status"] in ("skipped", "manual", "created", "pending"):
        return ""
    tests = [path for path, _ in repo.files_under(conn, p["id"], p["default_branch"], "")
             if "test" in path.split("/")[0] or path.endswith(("_test.go", ".test.ts", ".test.js"))][:10]
    return job_log(dict(row), dict(row), p["full_path"], tests)


@page_view
def job(request: Request, ns: str, project: str, job_id: int) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    row = _job(conn, p, job_id)
    siblings = conn.execute("SELECT id, name, stage, status FROM content.jobs WHERE pipeline_id = ? ORDER BY stage_idx, id",
                            (row["pipeline_id"],)).fetchall()
    log = _log(conn, p, row)
    return project_page(request, p, "job.html", dict(
        title=f"{row['name']} (#{row['id']}) · Jobs · {p['name']} · GitLab", job=row, log_lines=log.split("\n") if log else [],
        siblings=siblings, commit=repo.commit_by_sha(conn, p["id"], row["sha"])), "job")


@page_view
def job_raw(request: Request, ns: str, project: str, job_id: int) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    return PlainTextResponse(_log(conn, p, _job(conn, p, job_id)))


@page_view
def ci_editor(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    text = repo.blob(conn, p["id"], p["default_branch"], ".gitlab-ci.yml")
    return project_page(request, p, "ci_editor.html", dict(
        title=f"Pipeline Editor · {p['name']} · GitLab", config=text, lines=(text or "").split("\n")), "ci_editor")


@page_view
def schedules(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    rows = conn.execute("SELECT s.*, u.username, u.name AS owner_name FROM content.schedules s LEFT JOIN users u"
                        " ON u.id = s.owner_id WHERE s.project_id = ? ORDER BY s.id", (p["id"],)).fetchall()
    return project_page(request, p, "schedules.html", dict(title=f"Pipeline schedules · {p['name']} · GitLab",
                                                           rows=rows), "schedules")


@page_view
def environments(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    rows = conn.execute(
        "SELECT e.*, (SELECT COUNT(*) FROM content.deployments d WHERE d.environment_id = e.id) AS deploys,"
        " (SELECT MAX(d.created_at) FROM content.deployments d WHERE d.environment_id = e.id) AS last_at,"
        " (SELECT d.sha FROM content.deployments d WHERE d.environment_id = e.id ORDER BY d.iid DESC LIMIT 1) AS last_sha,"
        " (SELECT d.job_id FROM content.deployments d WHERE d.environment_id = e.id ORDER BY d.iid DESC LIMIT 1) AS last_job"
        " FROM content.environments e WHERE e.project_id = ? ORDER BY e.name", (p["id"],)).fetchall()
    return project_page(request, p, "environments.html", dict(title=f"Environments · {p['name']} · GitLab",
                                                              rows=rows), "environments")


@page_view
def environment(request: Request, ns: str, project: str, env_id: int) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    env = conn.execute("SELECT * FROM content.environments WHERE id = ? AND project_id = ?", (env_id, p["id"])).fetchone()
    if env is None:
        raise HTTPException(404)
    rows = conn.execute("SELECT d.*, u.username, u.name AS user_name FROM content.deployments d LEFT JOIN users u"
                        " ON u.id = d.user_id WHERE d.environment_id = ? ORDER BY d.iid DESC LIMIT 50", (env_id,)).fetchall()
    return project_page(request, p, "environment.html", dict(title=f"{env['name']} · Environments · {p['name']} · GitLab",
                                                             env=env, rows=rows), "environment")


@page_view
def releases(request: Request, ns: str, project: str) -> Response:
    conn = db(request)
    p = get_project(request, ns, project)
    rows = conn.execute("SELECT r.*, t.commit_sha, u.username, u.name AS author_name FROM releases r"
                        " LEFT JOIN tags t ON t.project_id = r.project_id AND t.name = r.tag_name"
                        " LEFT JOIN users u ON u.id = r.author_id WHERE r.project_id = ? ORDER BY r.released_at DESC",
                        (p["id"],)).fetchall()
    return project_page(request, p, "releases.html", dict(title=f"Releases · {p['name']} · GitLab", rows=rows), "releases")
