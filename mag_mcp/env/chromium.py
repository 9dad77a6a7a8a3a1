"""Find (and if asked, install) a Chromium: Playwright's own build where
installed, else the system Chromium (DESIGN §9)."""

from __future__ import annotations

import logging
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger(__name__)

# Features a headless episode never uses but pays for in every browser context: the
# omnibox popup's WebUI renderer (chrome://omnibox-popup.top-chrome), ~40 MB each; and
# the autofill server's form queries (content-autofill.googleapis.com), which would reach
# the context's refusing proxy and be reported to the agent as if the page had made them.
UNUSED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "AutofillServerCommunication"]

# Playwright's own list (1.65), used only if it cannot be read from the installed driver.
_PLAYWRIGHT_DISABLED_FALLBACK = [
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin",
    "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch",
]
_DISABLED_LIST = re.compile(r"disabledFeatures\s*=\s*(?:\([^)]*\)\s*=>\s*)?\[(.*?)\]", re.S)


def playwright_disabled_features() -> list[str]:
    """The features Playwright's launcher turns off, read from the installed driver.

    Chromium keeps only the last `--disable-features` switch, so a list of ours would
    replace Playwright's (which, among others, keeps Fetch interception working across
    CORS redirects): ours is merged into it instead."""
    try:
        import playwright

        lib = Path(playwright.__file__).parent / "driver" / "package" / "lib"
        for name in ("coreBundle.js", "server/chromium/chromiumSwitches.js"):
            path = lib / name
            if path.exists():
                found = _DISABLED_LIST.search(path.read_text(encoding="utf-8", errors="replace"))
                if found:
                    body = re.sub(r"//[^\n]*", "", found.group(1))
                    return re.findall(r"[\"']([A-Za-z0-9_]+)[\"']", body)
    except (ImportError, OSError):
        pass
    log.warning("Playwright's disabled Chromium features not found in its driver: using a known list")
    return list(_PLAYWRIGHT_DISABLED_FALLBACK)


def _disable_features_switch() -> str:
    merged = list(dict.fromkeys(playwright_disabled_features() + UNUSED_FEATURES))
    return "--disable-features=" + ",".join(merged)


# A renderer's JavaScript heap is capped, so one page cannot take the machine's memory:
# past the cap the renderer dies of out-of-memory, and the episode's tab is replaced
# with a clear error (session.py). Real sites stay far below it.
RENDERER_HEAP_MB = 512
LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "::1", "[::1]"]
EXTRA_HOSTS_VAR = "MAG_BROWSER_HOSTS"  # comma-separated hosts the browser may resolve besides these


def reachable_hosts(environ: dict[str, str] | None = None) -> list[str]:
    """The only host names the browser resolves: loopback (the embedded sites), the hosts of
    the WebArena deployments named in the environment (SHOPPING, REDDIT, ...) and any in
    MAG_BROWSER_HOSTS."""
    from urllib.parse import urlsplit

    from mag_mcp.sites.registry import WEBARENA_ENV_VARS

    env = os.environ if environ is None else environ
    hosts = list(LOOPBACK_HOSTS)
    for var in WEBARENA_ENV_VARS.values():
        try:
            host = urlsplit(env.get(var, "")).hostname
        except ValueError:
            host = None
        if host:
            hosts.append(host)
    hosts += [h.strip() for h in env.get(EXTRA_HOSTS_VAR, "").split(",") if h.strip()]
    return list(dict.fromkeys(hosts))


def _host_resolver_switch() -> str:
    """Every other host resolves to nothing, IP literals included: cloud metadata addresses
    (169.254.169.254, fd00:ec2::254, metadata.google.internal) and the internet are out of
    reach of every request of every page, worker and socket, whatever the in-browser
    guards see (the DevTools protocol cannot intercept WebSockets, for one)."""
    return "--host-resolver-rules=MAP * ~NOTFOUND, " + ", ".join(f"EXCLUDE {h}" for h in reachable_hosts())


def context_proxy(allowed_base_urls: list[str], refusing_port: int) -> dict[str, str]:
    """A browser context's proxy settings that let only the episode's origins through.

    Requests to the allowed `host:port`s go direct; every other one, loopback included
    (`<-loopback>`), goes to the proxy at `refusing_port`, which refuses it
    (refusing_proxy.py). This is the network-level allowlist behind the in-browser guards:
    it also covers what they cannot see, such as a worker's WebSocket to another local port
    or a bare preconnect."""
    from mag_mcp.env.guard import origin_of

    direct = []
    for base in allowed_base_urls:
        origin = origin_of(base)
        if origin is not None:
            host, port = origin.split("://", 1)[1].rsplit(":", 1)
            direct.append(f"[{host}]:{port}" if ":" in host else f"{host}:{port}")
    return {"server": f"http://127.0.0.1:{refusing_port}",
            "bypass": ",".join(["<-loopback>", *dict.fromkeys(direct)])}


LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
    # Keyboard scrolls (End, PageDown, Space) are animated by default: the observation after
    # such a step would be taken mid-scroll, its marks off the screenshot on a slow machine.
    "--disable-smooth-scrolling",
    _disable_features_switch(),
    f"--js-flags=--max-old-space-size={RENDERER_HEAP_MB}",
    "--enable-precise-memory-info",  # performance.memory, exact: the tab's heap is watched (tab_health.py)
    _host_resolver_switch(),
]
SYSTEM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]


def playwright_chromium() -> Path | None:
    """Path of Playwright's bundled Chromium if it is installed."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - playwright is a hard dependency
        return None
    try:
        with sync_playwright() as p:
            path = Path(p.chromium.executable_path)
    except Exception:
        return None
    return path if path.exists() else None


def find_chromium() -> Path | None:
    """`MAG_CHROMIUM` if set, else Playwright's build, else a system Chromium."""
    env = os.environ.get("MAG_CHROMIUM")
    if env:
        return Path(env) if Path(env).exists() else None
    own = playwright_chromium()
    if own:
        return own
    for cand in SYSTEM_CANDIDATES:
        if Path(cand).exists():
            return Path(cand)
    found = shutil.which("chromium")
    return Path(found) if found else None


def ensure_chromium(quiet: bool = True) -> Path:
    """Find a Chromium, installing one if none exists: Debian's package as root, else Playwright's."""
    found = find_chromium()
    if found:
        return found
    out = subprocess.DEVNULL if quiet else None
    if shutil.which("apt-get") and os.geteuid() == 0:
        print("mag: installing Chromium with apt-get (one time)...", file=sys.stderr)
        subprocess.run(["apt-get", "update", "-qq"], stdout=out, check=False)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], stdout=out, check=False)
        found = find_chromium()
        if found:
            return found
    print("mag: installing Playwright's Chromium (one time)...", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "playwright", "install", "chromium"], stdout=out, check=False)
    found = find_chromium()
    if not found:
        raise SystemExit(
            "mag: no Chromium found and none could be installed. Install one "
            "(`apt-get install chromium` or `playwright install chromium`) or set MAG_CHROMIUM."
        )
    return found


def system_chromium() -> Path | None:
    """`MAG_CHROMIUM` if set, else a system Chromium (no Playwright call: safe inside an event loop)."""
    env = os.environ.get("MAG_CHROMIUM")
    if env:
        return Path(env) if Path(env).exists() else None
    for cand in SYSTEM_CANDIDATES:
        if Path(cand).exists():
            return Path(cand)
    found = shutil.which("chromium")
    return Path(found) if found else None


if __name__ == "__main__":
    print(ensure_chromium(quiet="--verbose" not in sys.argv))
