"""Two local web servers for environment tests: an allowed origin full of traps (links,
redirects, popups, downloads, scripts and frames leaving it) and a forbidden one that
counts every connection it gets. They live in `soak.trap_sites`, shared with `make soak`."""

from __future__ import annotations

import pytest

from soak.trap_sites import TrapSites


@pytest.fixture(scope="module")
def traps():
    with TrapSites() as t:
        yield t


