"""The map's whole world, generated once per process: streets, places, ways, relations and
the mapping community (see `builder`, `original_places`, `poi_gen`, `transit_gen`,
`ways_gen`, `community_gen`). `seed` writes the per-episode part of it, `content_writer`
the read-only rest."""

from __future__ import annotations

import threading
from collections import defaultdict
from dataclasses import dataclass

from .. import world
from . import places_data as D
from .builder import SPEEDS, Builder
from .community_gen import Community, build_community
from .original_places import OriginalPlaces
from .poi_gen import GeneratedPlaces
from .routing import Graph
from .transit_gen import TransitStops
from .ways_gen import Relation, Way, admin_relations, build_ways, bus_relations


class WorldBuilder(TransitStops, GeneratedPlaces, OriginalPlaces, Builder):
    """Every stage of the city's generation on one builder."""


@dataclass
class MapWorld:
    builder: WorldBuilder
    ways: list[Way]
    edge_way: list[int]
    relations: list[Relation]
    community: Community

    @property
    def places(self) -> list[dict]:
        return self.builder.places


_LOCK = threading.Lock()
_WORLD: MapWorld | None = None


def map_world(skip_note_places: frozenset[str] = frozenset()) -> MapWorld:
    """The generated world (built on first use, then kept until `forget_world`)."""
    global _WORLD
    with _LOCK:
        if _WORLD is None:
            _WORLD = _build(skip_note_places)
        return _WORLD


def forget_world() -> None:
    global _WORLD
    with _LOCK:
        _WORLD = None


def _build(skip_note_places: frozenset[str]) -> MapWorld:
    b = WorldBuilder()
    b.build_areas()
    b.landmarks()
    b.generated()
    b.generated_places()
    b.extra_bus_stops()
    ways, edge_way = build_ways(b.edges)
    by_street: dict[str, list[int]] = defaultdict(list)
    for w in ways:
        by_street[w.name].append(w.id)
    relations = admin_relations(list(world.DISTRICTS), world.CITY, D.POSTCODES)
    stops = [p for p in b.places if p["category"] == "bus stop"]
    relations += bus_relations(len(relations) + 1, stops, by_street)
    graph = _foot_graph(b)
    skip = {p["id"] for p in b.places if p["name"] in skip_note_places}
    community = build_community(b.places, ways, graph, b.net.nodes, skip)
    for p in b.places:
        v, cs, user, ts = community.place_versions[p["id"]]
        p.update(version=v, changeset_id=cs, user=user, timestamp=ts)
    return MapWorld(b, ways, edge_way, relations, community)


def _foot_graph(b: Builder) -> Graph:
    adj: dict[int, list[tuple[int, float, float, int]]] = {}
    for i, e in enumerate(b.edges, 1):
        kmh = SPEEDS[e.highway][2]
        if kmh is None:
            continue
        secs = e.length / (kmh / 3.6)
        adj.setdefault(e.a, []).append((e.b, secs, e.length, i))
        adj.setdefault(e.b, []).append((e.a, secs, e.length, i))
    return Graph("foot", adj, {})
