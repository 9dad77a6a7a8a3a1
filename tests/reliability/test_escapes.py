"""The escapes-and-isolation section at test scale, plus the guard's own rules.

The section tries every escape path of `soak.escape_paths` on a real Chromium against
a forbidden origin that counts every connection, every goto escape through a real
server's MCP tools (its own port included), the isolation scenarios and the resource
abuse scenarios (hung, out-of-memory and killed renderers, megabyte inputs, endless
scrolling). The guard is also checked against Chromium's own URL parser: whatever the
guard lets through, Chromium must read as an allowed origin too.
"""

from __future__ import annotations

import random

import pytest
from mag_mcp.env.chromium import LAUNCH_ARGS, RENDERER_HEAP_MB, reachable_hosts
from mag_mcp.env.guard import NavigationGuard
from soak import escapes
from soak.escape_paths import PATHS

pytestmark = pytest.mark.anyio

ALLOWED = "http://127.0.0.1:7770"


@pytest.fixture(scope="module")
async def section():
    return await escapes.run("test")


async def test_section_passes(section):
    assert section.passed, section.failures()
    assert section.name == escapes.SECTION and section.scale == "test"


async def test_every_escape_path_is_tried_blocked_and_reported(section):
    mcp = len(escapes.mcp_gotos("http://127.0.0.1:1", "http://127.0.0.1:2"))
    assert section.escapes_attempted == len(PATHS) + mcp
    assert section.escapes_blocked == section.escapes_attempted
    groups = section.details["paths_by_group"]
    assert set(groups) >= {"agent goto", "link or form", "script navigation", "new window", "redirect", "frame",
                           "sub-resource"}
    assert section.details["path_failures"] == []
    assert section.details["bare_connections"] == 0  # not even a preconnect: the refusing proxy takes them
    names = {c.name for c in section.checks}
    assert "no connection reached the forbidden origin" in names
    assert any("MCP port" in n for n in names)


async def test_isolation_and_abuse_are_checked(section):
    names = {c.name for c in section.checks}
    for expected in ("URLs with another episode's id never reach its state",
                     "cookies are per episode (A signed out, B still signed in)",
                     "guessed state and debug paths serve nothing of any episode",
                     "the shared default state is untouched by episodes",
                     "a page's script cannot select another state",
                     "megabytes of text are refused before anything is typed",
                     "scrolling for ever: every step returns, the budget ends the episode",
                     "a killed renderer is a clear step error, and the episode goes on",
                     "other sessions keep stepping meanwhile"):
        assert expected in names, sorted(names)
    assert section.faults_injected == 3  # a hung, an out-of-memory and a killed renderer
    assert section.episodes_run >= 5 and section.steps_run >= 30
    assert section.data_lost == 0


def test_guard_rules():
    g = NavigationGuard([ALLOWED, "http://127.0.0.1:7780/admin"])
    assert g.check(f"{ALLOWED}/a b?q=a\\b#x") is None  # spaces and backslashes after the host are the browser's to encode
    for bad in ("http://127.0.0.1:9\\@127.0.0.1:7770/", f"{ALLOWED}\t/", f"{ALLOWED}/\x00", "//127.0.0.1:7770/",
                "blob:http://127.0.0.1:7770/x", "filesystem:http://127.0.0.1:7770/temporary/x", "about:srcdoc",
                "http://[fd00:ec2::254]/", "http://169.254.169.254/", "http://2130706433:7770/", "ws://127.0.0.1:7770/"):
        assert g.check(bad), bad


def test_browser_switches_bound_memory_and_reachable_hosts():
    assert f"--js-flags=--max-old-space-size={RENDERER_HEAP_MB}" in LAUNCH_ARGS
    rules = next(a for a in LAUNCH_ARGS if a.startswith("--host-resolver-rules="))
    assert rules.startswith("--host-resolver-rules=MAP * ~NOTFOUND") and "EXCLUDE 127.0.0.1" in rules
    hosts = reachable_hosts({"SHOPPING": "http://shop.lab.example:7770", "GITLAB": "not a url", "MAG_BROWSER_HOSTS": "a, b"})
    assert hosts[:4] == ["localhost", "127.0.0.1", "::1", "[::1]"] and {"shop.lab.example", "a", "b"} <= set(hosts)
    assert "169.254.169.254" not in hosts and "metadata.google.internal" not in hosts


SCHEMES = ["http://", "HTTP://", "https://", "http:/", "http:\\\\", "//", "javascript:", "blob:http://"]
AUTHORITY = ["127.0.0.1", "127.0.0.1:7770", ":7770", ":07770", ":7771", ":80", "localhost", "@", "\\", "user:pw",
             "[::1]", "0x7f.1", "%2e", "\t", " ", "evil.example", "%40", "。"]
REST = ["/", "/a", "?q=1", "#f", "@evil.example", "\\@evil.example", "/..", "%2f", ":9"]


def tricky_urls(n: int, seed: int = 7) -> list[str]:
    """URLs built from pieces that browsers and Python may split differently (seeded: reproducible)."""
    rng = random.Random(seed)
    rest = lambda: "".join(rng.choices(REST, k=rng.randint(0, 3)))  # noqa: E731
    out = []
    for _ in range(n):
        if rng.random() < 0.3:
            out.append(ALLOWED + rest())
        else:
            out.append(rng.choice(SCHEMES) + "".join(rng.choices(AUTHORITY, k=rng.randint(1, 4))) + rest())
    return out


async def test_the_guard_never_allows_what_chromium_reads_as_elsewhere(pool):
    """Differential: every URL the guard allows, Chromium parses to the allowed origin."""
    urls = tricky_urls(3000)
    guard = NavigationGuard([ALLOWED])
    allowed = [u for u in urls if guard.check(u) is None and u != "about:blank"]
    session = await pool.new_session([ALLOWED])
    try:
        origins = await session.page.evaluate(
            "urls => urls.map(u => { try { return new URL(u).origin; } catch (e) { return null; } })", allowed)
    finally:
        await session.close()
    wrong = [(u, o) for u, o in zip(allowed, origins, strict=True) if o != ALLOWED]
    assert not wrong, wrong[:5]
    assert len(allowed) >= 100 and len(allowed) < len(urls) / 2  # both verdicts were exercised
