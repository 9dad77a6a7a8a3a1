"""Isolation beyond one server's episodes: hosted teams over real HTTP, and the sites' own
state selection rules. (The section in test_escapes.py covers episodes against each other
and the abuse scenarios.)"""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from mag_mcp.sites.base import STATE_HEADER
from soak.hosted_isolation import hosted_isolation
from soak.isolation import state_echo_store

pytestmark = pytest.mark.anyio


async def test_hosted_teams_never_see_each_others_episodes_transcripts_or_submissions():
    checks, episodes = await hosted_isolation()
    failed = [f"{c.name}: {c.detail}" for c in checks if not c.passed]
    assert not failed, failed
    assert episodes == 1
    by_name = {c.name: c.detail for c in checks}
    tried = by_name["another team's episode id is answered like an unknown one, by every episode tool"]
    assert int(tried.split()[0]) >= 15  # observe, get_transcript, every action tool, stop, abandon, ...
    assert "0 guessed transcript URIs readable" in by_name["no transcript is reachable as a resource"]


@pytest.fixture
def echo(tmp_path) -> TestClient:
    store = state_echo_store(tmp_path)
    store.create("episode-a")
    return TestClient(store.spec.create_app(store))


def test_only_the_state_header_selects_a_state(echo):
    assert echo.get("/who").text == "default"  # a person browsing: the shared copy
    assert echo.get("/who", headers={STATE_HEADER: "episode-a"}).text == "episode-a"
    # nothing else selects a state: not the query, not a cookie, not the path
    echo.cookies.set(STATE_HEADER, "episode-a")
    assert echo.get("/who?x-mag-state=episode-a&state=episode-a").text == "default"


@pytest.mark.parametrize(("headers", "status"), [
    ([(STATE_HEADER, "episode-a"), (STATE_HEADER, "default")], 400),  # two states in one request
    ([(STATE_HEADER, "default")], 410),  # the shared copy is never named: episodes cannot reach it
    ([(STATE_HEADER, "episode-z")], 410),  # unknown (expired, or another server's)
    ([(STATE_HEADER, "../default")], 410),  # not a key at all
    ([(STATE_HEADER, "")], 410),
])
def test_requests_naming_no_valid_episode_state_are_refused(echo, headers, status):
    r = echo.get("/who", headers=headers)
    assert r.status_code == status
    assert r.text.startswith(("Episode state", "A request may name one"))  # the site's refusal, not a page
