"""Time limits on calls into a page stretch with the machine's load, within bounds."""

from __future__ import annotations

from mag_mcp.env import tab_health


def test_slowness_follows_load_per_core(monkeypatch):
    monkeypatch.setattr(tab_health.os, "cpu_count", lambda: 2)
    for load, expected in ((0.3, 1.0), (2.0, 1.0), (5.0, 2.5), (19.0, tab_health.MAX_SLOWNESS)):
        monkeypatch.setattr(tab_health.os, "getloadavg", lambda load=load: (load, 0.0, 0.0))
        assert tab_health.slowness() == expected


def test_slowness_without_a_load_average(monkeypatch):
    def unavailable():
        raise OSError("no load average")

    monkeypatch.setattr(tab_health.os, "getloadavg", unavailable)
    assert tab_health.slowness() == 1.0
