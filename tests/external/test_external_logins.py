"""Log-in on live deployments, tested on the embedded sites run as if they were WebArena's:
started on their own, reached only through their URLs, signed in to through their real forms
with WebArena's accounts (no cookie planted). Saved states are reused, an expired one is
renewed, a wrong password or a dead site is a clear error naming the site and URL, and an
episode's context of a task that needs a log-in starts signed in."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from mag_core.tasks import Task
from mag_mcp.env.browser import BrowserPool
from mag_mcp.env.warm import EpisodePreparer, LoginError
from mag_mcp.external.accounts import WEBARENA_ACCOUNTS, account_for
from mag_mcp.external.logins import ExternalLogins
from live_sites import LIVE, live

pytestmark = [pytest.mark.anyio, pytest.mark.timeout(600)]
__all__ = ["live"]


@pytest.fixture
async def pool() -> BrowserPool:
    p = BrowserPool()
    await p.start()
    yield p
    await p.close()


def test_accounts_are_webarenas_unless_the_environment_says_otherwise() -> None:
    assert account_for("reddit", {}).username == "MarvelsGrantMan136" == WEBARENA_ACCOUNTS["reddit"][0]
    mine = account_for("gitlab", {"MAG_GITLAB_PASSWORD": "s3cret"})
    assert (mine.username, mine.password, mine.source) == ("byteblaze", "s3cret", "MAG_GITLAB_PASSWORD")
    with pytest.raises(KeyError, match="no log-in for site 'map'"):
        account_for("map", {})


async def test_every_site_is_signed_in_through_its_form_and_the_state_reused(
        live: dict[str, str], pool: BrowserPool, tmp_path: Path) -> None:
    logins = ExternalLogins(pool, live, tmp_path / ".auth")
    first = {s.site: s for s in await logins.ensure()}
    assert set(first) == set(LIVE) and all(s.renewed for s in first.values())
    for site in LIVE:
        path = tmp_path / ".auth" / f"{site}_state.json"
        state = json.loads(path.read_text())
        assert state["cookies"] and stat.S_IMODE(path.stat().st_mode) == 0o600  # WebArena's file, private
    # a new process reads the saved states: checked with one request each, not signed in again
    again = {s.site: s for s in await ExternalLogins(pool, live, tmp_path / ".auth").ensure()}
    assert not any(s.renewed for s in again.values())


async def test_an_expired_state_is_renewed(live: dict[str, str], pool: BrowserPool, tmp_path: Path) -> None:
    auth = tmp_path / ".auth"
    await ExternalLogins(pool, {"gitlab": live["gitlab"]}, auth).ensure()
    path = auth / "gitlab_state.json"
    state = json.loads(path.read_text())
    for c in state["cookies"]:
        c["value"] = "expired"  # the site no longer knows this session
    path.write_text(json.dumps(state))
    (status,) = await ExternalLogins(pool, {"gitlab": live["gitlab"]}, auth).ensure()
    assert status.renewed and json.loads(path.read_text())["cookies"][0]["value"] != "expired"


async def test_a_wrong_password_or_a_dead_site_is_a_clear_error(live: dict[str, str], pool: BrowserPool,
                                                                 tmp_path: Path) -> None:
    wrong = ExternalLogins(pool, {"reddit": live["reddit"]}, tmp_path, environ={"MAG_REDDIT_PASSWORD": "nope"})
    with pytest.raises(LoginError) as e:
        await wrong.ensure()
    assert e.value.site == "reddit" and e.value.url == live["reddit"] + "/login"
    assert "MarvelsGrantMan136" in str(e.value) and "MAG_REDDIT_PASSWORD" in str(e.value)
    assert not (tmp_path / "reddit_state.json").exists()
    dead = ExternalLogins(pool, {"shopping": "http://127.0.0.1:9"}, tmp_path)
    with pytest.raises(LoginError, match=r"could not log in to shopping at http://127.0.0.1:9"):
        await dead.ensure()


async def test_an_episode_of_a_task_that_needs_log_in_starts_signed_in(
        live: dict[str, str], pool: BrowserPool, tmp_path: Path) -> None:
    logins = ExternalLogins(pool, live, tmp_path)
    task = Task.model_validate({
        "task_id": "live-wishlist", "sites": ["shopping", "gitlab"], "require_login": True,
        "start_url": "__SHOPPING__/wishlist/ |AND| __GITLAB__/-/profile", "intent": "Look at the wish list.",
        "eval": {"eval_types": ["string_match"], "reference_answers": {"must_include": ["x"]}}})
    preparer = EpisodePreparer(pool, {}, live, logins=logins)
    prepared = await preparer.prepare(task)
    try:
        pages = prepared.session.context.pages
        assert [p.url for p in pages] == [live["shopping"] + "/wishlist/", live["gitlab"] + "/-/profile"]
        assert "My Wish List" in await pages[0].content()
    finally:
        await prepared.discard()


def test_deployments_are_read_from_webarenas_or_browsergyms_variables() -> None:
    from mag_mcp.sites.registry import webarena_deployments

    env = {"SHOPPING": "http://wa:7770/", "WA_GITLAB": "http://wa:8023", "WA_SHOPPING": "http://other:1"}
    assert webarena_deployments(env) == {"shopping": "http://wa:7770", "gitlab": "http://wa:8023"}
