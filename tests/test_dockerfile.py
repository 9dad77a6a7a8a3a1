"""The Dockerfile, checked without Docker: what it copies exists and is not ignored, the `mag`
commands and options it runs are real, its health check passes against a real
`mag serve --transport http`, the Debian packages it installs exist (where this machine has
Debian bookworm's package lists), and its site-data step builds every seed here."""

from __future__ import annotations

import fnmatch
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
BIN = str(Path(sys.executable).parent)  # `python` and `mag` in the Dockerfile's commands are this Python's


@dataclass
class Instruction:
    op: str  # upper-case, e.g. RUN
    args: str  # the rest, continuation lines joined


def instructions() -> list[Instruction]:
    out: list[Instruction] = []
    pending = ""
    for line in DOCKERFILE.read_text().splitlines():
        stripped = line.strip()
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        if stripped.startswith("#"):  # a comment inside a continued instruction
            continue
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        full = (pending + stripped).strip()
        pending = ""
        op, _, args = full.partition(" ")
        out.append(Instruction(op.upper(), args.strip()))
    assert not pending, "the Dockerfile ends inside a continued line"
    return out


def ops(name: str) -> list[Instruction]:
    return [i for i in instructions() if i.op == name]


def command(args: str) -> list[str]:
    """A CMD/RUN argument as argv (exec form) or as shell words (shell form)."""
    return json.loads(args) if args.startswith("[") else shlex.split(args)


def env_here(**extra: str) -> dict[str, str]:
    return {**os.environ, "PATH": BIN + os.pathsep + os.environ.get("PATH", ""), **extra}


def test_base_user_port_and_command():
    assert ops("FROM")[0].args == "python:3.11-slim-bookworm"
    order = [i.op for i in instructions()]
    user = ops("USER")
    assert user and user[-1].args not in ("root", "0") and order.index("USER") < order.index("CMD")
    assert ops("EXPOSE")[0].args == "8000"
    assert command(ops("CMD")[-1].args) == ["mag", "serve", "--transport", "http", "--host", "0.0.0.0"]
    env = " ".join(i.args for i in ops("ENV"))
    assert "MAG_CHROMIUM=/usr/bin/chromium" in env  # the path mag_mcp/env/chromium.py looks for first
    from mag_mcp.env.chromium import SYSTEM_CANDIDATES

    assert SYSTEM_CANDIDATES[0] == "/usr/bin/chromium"


def _ignored(path: str, patterns: list[str]) -> bool:
    return any(fnmatch.fnmatch(path, p) or fnmatch.fnmatch(path, p.removeprefix("**/")) for p in patterns)


def test_copy_sources_exist_and_are_not_dockerignored():
    patterns = [p.strip() for p in (ROOT / ".dockerignore").read_text().splitlines()
                if p.strip() and not p.startswith("#")]
    copies = ops("COPY")
    assert copies
    for c in copies:
        words = c.args.split()
        assert not any(w.startswith("--from") for w in words)
        for src in words[:-1]:
            assert (ROOT / src).exists(), f"COPY {src}: no such file in the repository"
            assert not _ignored(src, patterns), f"COPY {src}: excluded by .dockerignore"
    copied = {w.rstrip("/") for c in copies for w in c.args.split()[:-1]}
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    wanted = {p.rstrip("*") for p in packages["include"]}
    assert wanted <= copied, f"pyproject packages {wanted - copied} are not copied"
    assert {"pyproject.toml", "README.md"} <= copied  # README.md is the project's readme: pip needs it


def test_pip_installs_the_package_with_real_extras():
    (pip,) = [r for r in ops("RUN") if "pip install" in r.args]
    target = next(w for w in command(pip.args) if w.startswith("."))
    extras = re.fullmatch(r"\.(?:\[(.*)\])?", target)
    assert extras, target
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    for extra in filter(None, (extras.group(1) or "").split(",")):
        assert extra in declared, f"no extra {extra!r} in pyproject.toml"


def _apt_packages() -> list[str]:
    (apt,) = [r for r in ops("RUN") if "apt-get install" in r.args]
    words = command(apt.args)
    start = words.index("install") + 1
    pkgs = []
    for w in words[start:]:
        if w == "&&":
            break
        if not w.startswith("-"):
            pkgs.append(w)
    return pkgs


def test_apt_packages_are_debian_bookworm_packages():
    pkgs = _apt_packages()
    assert {"chromium", "fonts-liberation"} <= set(pkgs)
    os_release = Path("/etc/os-release").read_text() if Path("/etc/os-release").exists() else ""
    if shutil.which("apt-cache") is None or "VERSION_CODENAME=bookworm" not in os_release:
        pytest.skip("no Debian bookworm package lists on this machine to check the package names against")
    if subprocess.run(["apt-cache", "show", "--no-all-versions", "bash"], capture_output=True,
                      check=False).returncode != 0:
        pytest.skip("apt-cache has no package lists here (apt-get update has not run)")
    for pkg in pkgs:
        p = subprocess.run(["apt-cache", "show", "--no-all-versions", pkg], capture_output=True, text=True,
                           check=False)
        assert p.returncode == 0 and f"Package: {pkg}" in p.stdout, f"{pkg} is not a Debian bookworm package"


def _mag_invocations() -> list[list[str]]:
    """Every `mag ...` command the Dockerfile runs: argv after `mag`, for commands that start
    an instruction or follow &&, || or ;."""
    found = []
    for i in ops("RUN") + ops("CMD"):
        words = command(i.args)
        starts = [0] + [n + 1 for n, w in enumerate(words) if w in ("&&", "||", ";")]
        for n in starts:
            if n < len(words) and words[n] == "mag":
                end = next((m for m in range(n + 1, len(words)) if words[m] in ("&&", "||", ";")), len(words))
                found.append(words[n + 1:end])
    return found


def test_mag_commands_and_options_are_real():
    calls = _mag_invocations()
    assert calls
    for argv in calls:
        sub = argv[0]
        p = subprocess.run([sys.executable, "-m", "mag_mcp.cli", sub, "--help"], capture_output=True, text=True,
                           env=env_here(COLUMNS="200", TERM="dumb", NO_COLOR="1"), timeout=120, check=False)
        assert p.returncode == 0, f"mag {sub}: {p.stderr[-500:]}"
        for opt in (w for w in argv[1:] if w.startswith("--")):
            assert re.search(rf"(?<![\w-]){re.escape(opt)}(?![\w-])", p.stdout), f"mag {sub} has no option {opt}"
        if sub == "serve":
            port = re.search(r"--port\s.*?\[default: (\d+)\]", p.stdout)
            assert port and port.group(1) == ops("EXPOSE")[0].args, "mag serve's default port is not EXPOSEd"


def _healthcheck() -> str:
    (hc,) = ops("HEALTHCHECK")
    _, _, cmd = hc.args.partition("CMD ")
    assert cmd, "HEALTHCHECK without CMD"
    return cmd


def _run_check(cmd: str) -> int:
    return subprocess.run(["/bin/sh", "-c", cmd], capture_output=True, env=env_here(), timeout=30,
                          check=False).returncode


@pytest.mark.timeout(180)
def test_healthcheck_passes_against_a_real_server_and_fails_without_one(tmp_path):
    cmd = _healthcheck()
    assert "127.0.0.1:8000/health" in cmd
    log = tmp_path / "server.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "mag_mcp.cli", "serve", "--transport", "http", "--port", "0",
                                 "--sites", "none", "--runs-dir", str(tmp_path / "runs")],
                                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        while not (found := re.search(r"MAG MCP server on http://([\d.]+:\d+)/mcp", log.read_text())):
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()[-2000:]
            time.sleep(0.2)
        here = cmd.replace("127.0.0.1:8000", found.group(1))
        while _run_check(here) != 0:  # 503 until the server is ready, as during --start-period
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()[-2000:]
            time.sleep(0.5)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert _run_check(here) != 0  # nothing listening: the check fails


@pytest.mark.timeout(300)
def test_site_data_step_builds_every_seed(tmp_path):
    from mag_mcp.sites.registry import embedded_site_keys, site_spec

    order = instructions()
    (step,) = [i for i in order if i.op == "RUN" and "SiteStateStore" in i.args]
    before = order[:order.index(step)]
    assert any(i.op == "USER" for i in before), "the seeds must belong to the user the server runs as"
    assert any(i.op == "ENV" and i.args.startswith("MAG_HOME=/home/") for i in before)
    home = tmp_path / "mag-home"
    p = subprocess.run(["/bin/sh", "-c", step.args], capture_output=True, text=True, cwd=tmp_path,
                       env=env_here(MAG_HOME=str(home)), timeout=280, check=False)
    assert p.returncode == 0, p.stderr[-2000:]
    owners = [k for k in embedded_site_keys() if site_spec(k).build_seed is not None]
    assert len(owners) >= 5
    for key in owners:
        assert list((home / "seeds").glob(f"{key}-*.sqlite")), f"no seed for {key}"
        assert (home / "state" / key / "default.sqlite").is_file()
