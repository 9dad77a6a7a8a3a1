"""CI of the seeded projects: pipelines and jobs (rows for the content database) and the job
logs, which are not stored but written when a job's page is opened, from the job's own row
and the project's test files (the same job always shows the same log).

A pipeline runs the project's `.gitlab-ci.yml` jobs (`repo_layouts.CI_JOBS`), stage by stage;
when a job fails, later stages are skipped; a manual deploy job waits for someone to press
play unless it ran.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from datetime import datetime, timedelta

TIME = "%Y-%m-%d %H:%M:%S"
RUNNERS = ("portalder-shared-1", "portalder-shared-2", "portalder-shared-3", "alder-labs-docker", "gitlab-runner-k8s-7f9c")


@dataclass
class PipelineRow:
    project_id: int
    iid: int
    sha: str
    ref: str
    status: str
    source: str
    user_id: int
    mr_iid: int | None
    created_at: str
    started_at: str | None
    finished_at: str | None
    duration: int | None
    coverage: float | None
    tag: int
    jobs: list[tuple]  # (stage, stage_idx, name, status, image, script, started, finished, duration, runner, allow_failure, reason)


def _plus(ts: str, seconds: int) -> str:
    return (datetime.strptime(ts, TIME) + timedelta(seconds=seconds)).strftime(TIME)


def make_pipeline(rng: random.Random, project_id: int, iid: int, sha: str, ref: str, user_id: int, created: str,
                  jobs: list[tuple[str, str, str, tuple[str, ...]]], *, mr_iid: int | None = None, tag: bool = False,
                  status: str | None = None, source: str = "push") -> PipelineRow:
    """One pipeline over `jobs` (stage, name, image, script); `status` forces the outcome."""
    outcome = status or rng.choices(("success", "failed", "canceled"), weights=(84, 13, 3))[0]
    stages = list(dict.fromkeys(j[0] for j in jobs))
    fail_stage = None
    if outcome == "failed":
        testish = [s for s in stages if s in ("test", "lint")] or stages
        fail_stage = rng.choice(testish)
    t = _plus(created, rng.randint(2, 40))
    started = t
    rows: list[tuple] = []
    broken = False
    for stage in stages:
        stage_jobs = [j for j in jobs if j[0] == stage]
        stage_end = t
        for s, name, image, script in stage_jobs:
            runner = rng.choice(RUNNERS)
            idx = stages.index(stage)
            if s == "deploy":
                if outcome == "success" and ref == "main" and rng.random() < 0.6:
                    dur = rng.randint(20, 90)
                    rows.append((s, idx, name, "success", image, "\n".join(script), t, _plus(t, dur), dur, runner, 0, ""))
                    stage_end = max(stage_end, _plus(t, dur))
                else:
                    rows.append((s, idx, name, "manual" if not broken and outcome != "canceled" else "skipped", image,
                                 "\n".join(script), None, None, None, "", 0, ""))
                continue
            if broken:
                rows.append((s, idx, name, "skipped", image, "\n".join(script), None, None, None, "", 0, ""))
                continue
            if outcome == "running" and stage == stages[-1]:
                rows.append((s, idx, name, "running", image, "\n".join(script), t, None, None, runner, 0, ""))
                continue
            dur = rng.randint(15, 420)
            st = "success"
            reason = ""
            if stage == fail_stage and name == stage_jobs[-1][1]:
                st, reason = "failed", "script_failure"
            elif outcome == "canceled" and stage == stages[-1]:
                st = "canceled"
            rows.append((s, idx, name, st, image, "\n".join(script), t, _plus(t, dur), dur, runner, 0, reason))
            stage_end = max(stage_end, _plus(t, dur))
        if any(r[3] in ("failed", "canceled") for r in rows):
            broken = True
        t = _plus(stage_end, rng.randint(1, 15))
    ran = [r for r in rows if r[6] and r[7]]
    finished = max((r[7] for r in ran), default=None) if outcome != "running" else None
    duration = sum(r[8] for r in ran) if ran and outcome != "running" else None
    has_tests = any(j[0] == "test" for j in jobs)
    coverage = round(rng.uniform(62, 97), 2) if has_tests and outcome == "success" else None
    if outcome == "success" and any(r[3] == "manual" for r in rows):
        outcome = "success"
    return PipelineRow(project_id, iid, sha, ref, outcome, source, user_id, mr_iid, created, started, finished, duration,
                       coverage, int(tag), rows)


# --- job logs (written at render time) -------------------------------------------------------------

def _h(*parts: object) -> str:
    return hashlib.sha1("\x1f".join(map(str, parts)).encode()).hexdigest()


def _tool_output(rng: random.Random, command: str, status: str, tests: list[str], last: bool) -> list[str]:
    fails = status == "failed" and last
    if command.startswith("pytest"):
        lines = []
        total = 0
        for i, path in enumerate(tests or ["tests/test_core.py"]):
            n = rng.randint(3, 14)
            total += n
            dots = "." * n if not (fails and i == 0) else "." * (n - 1) + "F"
            lines.append(f"{path} {dots}")
        if fails:
            t0 = (tests or ['tests/test_core.py'])[0]
            lines += ["", "=================================== FAILURES ===================================",
                      "____________________________ test_round_trip ____________________________", "",
                      "    def test_round_trip():", ">       assert loaded == original", "E       AssertionError: assert "
                      "{'id': 'a1', 'name': 'Alpha'} == {'id': 'a1', 'name': 'alpha'}", "",
                      f"{t0}:{rng.randint(8, 60)}: AssertionError",
                      f"FAILED {t0}::test_round_trip - AssertionError", f"1 failed, {total - 1} passed in {rng.uniform(0.4, 9):.2f}s"]
        else:
            lines.append(f"{total} passed in {rng.uniform(0.4, 9):.2f}s")
        return lines
    if command.startswith(("go test", "cargo test", "npm test", "mvn", "bundle exec rspec", "ctest")):
        if fails:
            return [f"--- FAIL: TestValidate ({rng.uniform(0, 0.1):.2f}s)", "    validate_test.go:27: Validate() error = <nil>, wantErr true",
                    "FAIL", f"FAIL\t{rng.choice(tests or ['./...'])}\t{rng.uniform(0.1, 2):.3f}s"]
        return [f"ok  \t{t}\t{rng.uniform(0.01, 2):.3f}s" for t in (tests or ["./..."])[:8]] + [f"{rng.randint(12, 140)} tests passed"]
    if command.startswith(("ruff", "eslint", "npm run lint", "go vet", "cargo clippy", "shellcheck", "yamllint",
                           "npx markdownlint", "bundle exec rubocop", "npx stylelint", "terraform fmt")):
        if fails:
            return [f"{rng.choice(tests or ['src/main'])}:{rng.randint(3, 90)}:{rng.randint(1, 40)}: E501 line too long (121 > 110)",
                    "Found 1 error."]
        return ["All checks passed!"]
    if command.startswith(("pip install", "npm ci", "bundle install", "apk add", "terraform init")):
        return [f"Collecting dependencies ({rng.randint(8, 90)} packages)", f"added {rng.randint(40, 900)} packages in {rng.randint(2, 40)}s"]
    return [f"done in {rng.uniform(0.5, 30):.1f}s"]


def job_log(job: dict, pipeline: dict, full_path: str, test_paths: list[str]) -> str:
    """The trace of a finished or running job, as GitLab's job page shows it."""
    rng = random.Random(_h(full_path, job["id"], job["name"]))
    runner = job["runner"] or "portalder-shared-1"
    token = _h(runner)[:8]
    lines = ["Running with gitlab-runner 15.11.0 (436955cb)", f"  on {runner} {token}, system ID: s_{_h(runner, 1)[:12]}",
             "Preparing the \"docker\" executor", f"Using Docker executor with image {job['image']} ...",
             f"Pulling docker image {job['image']} ...",
             f"Using docker image sha256:{_h(job['image'])}{_h(job['image'], 2)[:24]} for {job['image']} ...",
             "Preparing environment", f"Running on runner-{token}-project-{pipeline['project_id']}-concurrent-0 via {runner}...",
             "Getting source from Git repository", "Fetching changes with git depth set to 20...",
             f"Initialized empty Git repository in /builds/{full_path}/.git/", "Created fresh repository.",
             f"Checking out {pipeline['sha'][:8]} as detached HEAD (ref is {pipeline['ref']})...",
             "Skipping Git submodules setup", "Executing \"step_script\" stage of the job script"]
    commands = [c for c in job["script"].split("\n") if c]
    for i, command in enumerate(commands):
        lines.append(f"$ {command}")
        if job["status"] == "running" and i == len(commands) - 1:
            lines.append("…")
            return "\n".join(lines)
        lines += _tool_output(rng, command, job["status"], test_paths, i == len(commands) - 1)
    if job["status"] == "failed":
        lines += ["Cleaning up project directory and file based variables", "ERROR: Job failed: exit code 1"]
    elif job["status"] == "canceled":
        lines += ["ERROR: Job failed: canceled"]
    else:
        lines += ["Cleaning up project directory and file based variables", "Job succeeded"]
    return "\n".join(lines)
