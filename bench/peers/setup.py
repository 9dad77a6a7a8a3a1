"""Install the benchmark's peers beside MAG, once: `python -m bench.peers.setup`.

- BrowserGym (`browsergym-core==0.14.3`) in its own virtual environment,
  `bench/.peers/browsergym-venv`: it pins playwright==1.44, which MAG's
  environment cannot share. It runs as a subprocess worker
  (`bench/peers/browsergym_worker.py`).
- Playwright MCP (`@playwright/mcp`, exactly 0.0.83) under `bench/.peers/node`,
  started with `node` over stdio.

Neither downloads a browser: both are given the system Chromium that MAG uses.
Each step is skipped when its stamp says it is done, so a rerun is instant.
Exits non-zero with a message when a step cannot be done; the bench runner then
skips that peer and says why.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

BROWSERGYM_SPEC = "browsergym-core==0.14.3"
PLAYWRIGHT_MCP_VERSION = "0.0.83"

PEERS_DIR = Path(__file__).resolve().parent.parent / ".peers"  # bench/.peers
BG_VENV = PEERS_DIR / "browsergym-venv"
BG_STAMP = BG_VENV / ".mag-installed"  # holds BROWSERGYM_SPEC once the install succeeded
NODE_DIR = PEERS_DIR / "node"
MCP_PACKAGE_DIR = NODE_DIR / "node_modules" / "@playwright" / "mcp"
LOG_DIR = PEERS_DIR / "logs"


class SetupFailed(RuntimeError):
    pass


def _venv_python(venv: Path) -> Path:
    return venv / "bin" / "python"


def browsergym_python() -> Path | None:
    """The BrowserGym environment's python, or None when it is not (fully) installed."""
    py = _venv_python(BG_VENV)
    try:
        stamped = BG_STAMP.read_text().strip()
    except OSError:
        return None
    return py if stamped == BROWSERGYM_SPEC and py.exists() else None


def _installed_mcp_version() -> str | None:
    try:
        return json.loads((MCP_PACKAGE_DIR / "package.json").read_text()).get("version")
    except (OSError, ValueError):
        return None


def playwright_mcp_cli() -> Path | None:
    """Playwright MCP's `cli.js` (run it with `node`), or None when it is not installed."""
    cli = MCP_PACKAGE_DIR / "cli.js"
    if cli.exists() and _installed_mcp_version() == PLAYWRIGHT_MCP_VERSION and shutil.which("node"):
        return cli
    return None


def _run(cmd: list[str], what: str, cwd: Path | None = None) -> None:
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    log = LOG_DIR / "setup.log"
    with log.open("a") as f:
        f.write(f"\n$ {' '.join(cmd)}\n")
        f.flush()
        r = subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT, check=False)
    if r.returncode != 0:
        tail = log.read_text().splitlines()[-15:]
        raise SetupFailed(f"{what} failed (exit {r.returncode}); see {log}:\n  " + "\n  ".join(tail))


def setup_browsergym() -> Path:
    if browsergym_python():
        print(f"peers: BrowserGym ({BROWSERGYM_SPEC}) already installed in {BG_VENV}")
        return _venv_python(BG_VENV)
    py = _venv_python(BG_VENV)
    usable = py.exists() and subprocess.run([str(py), "-m", "pip", "--version"], capture_output=True).returncode == 0
    if not usable:
        print(f"peers: creating the BrowserGym environment {BG_VENV} ...")
        # the python running this set-up (MAG's supported version), without MAG's packages
        _run([sys.executable, "-m", "venv", "--clear", str(BG_VENV)],
             "creating a virtual environment (is the python venv module installed?)")
    print(f"peers: installing {BROWSERGYM_SPEC} (pins playwright 1.44; no browser download) ...")
    _run([str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q", BROWSERGYM_SPEC],
         f"pip install {BROWSERGYM_SPEC}")
    _run([str(py), "-c", "import browsergym.core, playwright; print(browsergym.core.__version__)"],
         "importing browsergym.core")
    BG_STAMP.write_text(BROWSERGYM_SPEC + "\n")
    print(f"peers: BrowserGym ready ({py})")
    return py


def setup_playwright_mcp() -> Path:
    cli = playwright_mcp_cli()
    if cli:
        print(f"peers: @playwright/mcp {PLAYWRIGHT_MCP_VERSION} already installed in {NODE_DIR}")
        return cli
    npm, node = shutil.which("npm"), shutil.which("node")
    if not npm or not node:
        missing = ", ".join(n for n, found in (("node", node), ("npm", npm)) if not found)
        raise SetupFailed(f"Playwright MCP needs Node.js and npm on PATH (not found: {missing})")
    NODE_DIR.mkdir(parents=True, exist_ok=True)
    package = {
        "name": "mag-bench-peers",
        "private": True,
        "description": "Playwright MCP, a peer in MAG's benchmark",
        "dependencies": {"@playwright/mcp": PLAYWRIGHT_MCP_VERSION},
    }
    (NODE_DIR / "package.json").write_text(json.dumps(package, indent=2) + "\n")
    print(f"peers: installing @playwright/mcp {PLAYWRIGHT_MCP_VERSION} with npm in {NODE_DIR} ...")
    _run([npm, "install", "--no-audit", "--no-fund"], f"npm install @playwright/mcp@{PLAYWRIGHT_MCP_VERSION}",
         cwd=NODE_DIR)
    cli = playwright_mcp_cli()
    if not cli:
        raise SetupFailed(f"npm finished but {MCP_PACKAGE_DIR / 'cli.js'} (version {PLAYWRIGHT_MCP_VERSION}) is missing")
    print(f"peers: Playwright MCP ready ({cli})")
    return cli


def main() -> int:
    failed = []
    for name, step in (("BrowserGym", setup_browsergym), ("Playwright MCP", setup_playwright_mcp)):
        try:
            step()
        except SetupFailed as e:
            print(f"peers: {name} set-up failed: {e}", file=sys.stderr)
            failed.append(name)
    if failed:
        print(f"peers: not installed: {', '.join(failed)} (the benchmark skips what is missing)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
