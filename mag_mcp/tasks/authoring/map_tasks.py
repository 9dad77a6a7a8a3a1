"""Source of `tasks/data/map.json`: tasks on the OpenStreetMap-like map of Port
Alder, from intent templates, each with gold trajectories in both groundings.
Run `python -m mag_mcp.tasks.authoring.map_tasks` to regenerate the JSON;
`mag tasks verify --site map` replays every trajectory.

Facts are read from the map itself at authoring time: routes come from the
real directions page (the form's redirect gives the WebArena-shaped URL, the
summary line gives the distance and time as the page formats them, which is
`routing.summary`), search results from the real search page, details from the
seed database. The map has no per-user state, so there are no state-changing
tasks. Guides name what a person sees, never mark ids or pixels.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from mag_mcp.tasks.authoring.common import (
    SiteFacts,
    Part, chain, field, make_task, pick, role, s, same, string_eval, type_and_enter, url_eval,
)

SITE = "map"
# Templates whose tasks train; the rest are test (about 70/30 by template).
TRAIN_TEMPLATES = {9301, 9302, 9303, 9305, 9307}
MODES = ["bike", "car", "foot"]  # the order of the "Mode of transport" options
MODE_LABEL = {"bike": "Bicycle (OSRM)", "car": "Car (OSRM)", "foot": "Foot (OSRM)"}
MODE_WORD = {"bike": "Bicycle", "car": "Car", "foot": "Foot"}
ENGINE = {"bike": "fossgis_osrm_bike", "car": "fossgis_osrm_car", "foot": "fossgis_osrm_foot"}


@dataclass(frozen=True)
class Route:
    url: str  # the page the form lands on (path + query)
    distance: str  # as the page shows it: '3.2km'
    time: str  # '0:09'


@dataclass(frozen=True)
class PlaceFacts:
    id: int
    name: str
    display_name: str
    row: dict[str, Any]


class MapFacts(SiteFacts):
    """The seed database and the real pages, for authoring."""

    def __init__(self) -> None:
        super().__init__("map")

    def place(self, name: str) -> PlaceFacts:
        r = self.db.execute("SELECT * FROM places WHERE name = ?", (name,)).fetchone()
        if r is None:
            raise KeyError(name)
        return PlaceFacts(r["id"], r["name"], r["display_name"], dict(r))

    def route(self, a: str, b: str, mode: str) -> Route:
        """What the directions form gives for typed names `a` and `b`; both must resolve to those places."""
        resp = self.client.get("/directions", params={"route_from": a, "route_to": b, "engine": ENGINE[mode]},
                               follow_redirects=False)
        if resp.status_code != 303:
            raise LookupError(f"{a!r} -> {b!r} does not resolve")
        url = unquote(resp.headers["location"])
        page = html.unescape(self.client.get(url).text)
        for name in (a, b):
            if self.place(name).display_name not in page:
                raise LookupError(f"{name!r} resolves to another place")
        m = re.search(r"Distance: ([0-9.]+k?m)\. Time: (\d+:\d\d)\.", page)
        if m is None:
            raise LookupError(f"no route {a!r} -> {b!r} by {mode}")
        return Route(url, m.group(1), m.group(2))

    def search(self, query: str) -> list[tuple[int, str]]:
        page = self.client.get("/search", params={"query": query}).text
        return [(int(i), html.unescape(t)) for i, t in
                re.findall(r'<a class="set_position" href="/node/(\d+)">([^<]+)</a>', page)]

    def node_page(self, pid: int) -> str:
        return html.unescape(self.client.get(f"/node/{pid}").text)


@lru_cache(maxsize=1)
def facts() -> MapFacts:
    return MapFacts()


def km_alternatives(d: str) -> str:
    """The page's '3.2km' plus the spaced form a person would write."""
    spaced = d.replace("km", " km") if d.endswith("km") else d.replace("m", " m")
    return f"{d} |OR| {spaced}"


# ------------------------------------------------------------ reusable parts

def open_directions(key: str) -> Part:
    return same(s("click", pick(key + "dir", [
        "Click the “Directions” button in the welcome panel on the left.",
        "Open the directions form with the “Directions” button on the left.",
        "On the left, click “Directions”.",
    ]), role("link", "Directions")))


def fill_route(key: str, a: str, b: str) -> Part:
    return chain(
        field("From", a, pick(key + "from", [f"Type “{a}” into the “From” field.",
                                             f"Enter “{a}” as the starting point in “From”.",
                                             f"In the “From” box, type “{a}”."]), clear=False),
        field("To", b, pick(key + "to", [f"Type “{b}” into the “To” field.",
                                         f"Enter “{b}” as the destination in “To”.",
                                         f"In the “To” box, type “{b}”."]), clear=False),
    )


def choose_mode(key: str, current: str, target: str) -> Part:
    """The "Mode of transport" dropdown: `select` with marks; click, arrow keys and Enter with coordinates."""
    if current == target:
        return same()
    label = MODE_LABEL[target]
    delta = MODES.index(target) - MODES.index(current)
    arrow = "ArrowDown" if delta > 0 else "ArrowUp"
    word = "Down" if delta > 0 else "Up"
    coord = [s("click", pick(key + "mclick" + target, [
        "Click the “Mode of transport” dropdown next to the “Go” button.",
        "Open the travel mode dropdown beside “Go”.",
    ]), role("combobox", "Mode of transport"))]
    coord += [s("press", f"Move {word.lower()} the list with the {word} arrow key.", None, arrow)
              for _ in range(abs(delta))]
    coord.append(s("press", f"Press Enter to choose “{label}”.", None, "Enter"))
    som = [s("select", pick(key + "mode" + target, [
        f"Choose “{label}” in the travel mode dropdown next to “Go”.",
        f"Set the mode of transport to “{label}”.",
        f"Pick “{label}” from the dropdown beside the “Go” button.",
    ]), role("combobox", "Mode of transport"), label)]
    return {"som": som, "coord": coord}


def go(key: str, what: str = "") -> Part:
    return same(s("click", pick(key + "go" + what, [
        "Click the blue “Go” button to get the route.",
        "Press “Go” to show the route.",
        "Click “Go” under the “To” field.",
    ]), role("button", "Go")))


def search_part(key: str, query: str) -> Part:
    guide = pick(key + "search", [
        f"Type “{query}” into the search box at the top left and press Enter.",
        f"In the “Search” field on the left, enter “{query}” and press Enter.",
        f"Search the map for “{query}” using the box at the top of the sidebar.",
    ])
    return type_and_enter("Search", query, guide, "Click the search box at the top of the sidebar.")


MODE_VERB = {"car": "drive", "bike": "cycle", "foot": "walk"}
MODE_ING = {"car": "driving", "bike": "cycling", "foot": "walking"}


# ------------------------------------------------------------ templates

def build() -> list[dict[str, Any]]:
    f = facts()
    tasks: list[dict[str, Any]] = []

    def add(tid: int, n: int, short: str, template: str, values: dict[str, Any], kind: str, gold: Part,
            eval_: dict[str, Any]) -> None:
        intent = template.format(**values)
        tasks.append(make_task(
            site=SITE, task_id=f"map-{short}-{n}", intent=intent, template=template, values=values,
            template_id=tid, kind=kind, gold=gold, eval_=eval_, split="train" if tid in TRAIN_TEMPLATES else "test",
            start_url="__MAP__", storage_state=None,
        ))

    # 9301 driving distance (information)
    for n, (a, b) in enumerate([
        ("Central Library", "Eastgate Station"), ("Port Alder City Hall", "Hilltop Observatory"),
        ("Alder General Hospital", "Ferry Terminal"), ("Old Mill Museum", "Port Alder Zoo"),
        ("Botanical Garden", "Eastgate Mall"),
    ], 1):
        key = f"drive{n}"
        r = f.route(a, b, "car")
        add(9301, n, "drive-distance", "What is the driving distance from {start} to {end}?",
            {"start": a, "end": b}, "information", chain(
                open_directions(key), fill_route(key, a, b), go(key),
                same(s("stop", pick(key + "stop", [
                    f"Read the distance in the summary above the turn-by-turn steps: {r.distance}.",
                    f"The route summary on the left says the drive is {r.distance}.",
                ]), value=r.distance)),
            ), string_eval(must_include=[km_alternatives(r.distance)]))

    # 9302 walking / cycling time (information)
    for n, (a, b, mode) in enumerate([
        ("Riverside Park", "Old Mill Brewery", "foot"), ("Port Alder University", "Science Center", "bike"),
        ("Lantern Theatre", "Harbor Coffee Roasters", "foot"), ("Eastgate Stadium", "Central Police Station", "bike"),
        ("Maritime Museum", "Founders Square", "foot"),
    ], 1):
        key = f"time{n}"
        r = f.route(a, b, mode)
        add(9302, n, "travel-time", "How long does it take to {verb} from {start} to {end}?",
            {"verb": MODE_VERB[mode], "start": a, "end": b}, "information", chain(
                open_directions(key), fill_route(key, a, b), choose_mode(key, "car", mode), go(key),
                same(s("stop", pick(key + "stop", [
                    f"Read the time in the route summary: {r.time} (hours:minutes).",
                    f"The summary above the steps gives the time as {r.time}.",
                ]), value=r.time)),
            ), string_eval(must_include=[r.time]))

    # 9303 a detail of a place (information)
    details = [
        ("Central Library", "opening hours", "opening_hours"), ("Harbor Coffee Roasters", "phone number", "phone"),
        ("Old Mill Brewery", "opening hours", "opening_hours"), ("Lantern Theatre", "phone number", "phone"),
        ("Eastgate Mall", "postcode", "postcode"), ("Riverside Row Bistro", "street address", "address"),
    ]
    row_label = {"opening_hours": "Opening hours", "phone": "Phone", "postcode": "Postcode", "address": "Address"}
    for n, (name, what, col) in enumerate(details, 1):
        key = f"detail{n}"
        p = f.place(name)
        value = f"{p.row['house_number']} {p.row['street']}" if col == "address" else p.row[col]
        assert value and value in f.node_page(p.id), (name, col)
        hits = f.search(name)
        assert hits and hits[0][0] == p.id, (name, hits[:2])
        add(9303, n, "place-detail", "What is the {what} of {place}?", {"what": what, "place": name},
            "information", chain(
                search_part(key, name),
                same(s("click", pick(key + "open", [
                    f"Click the first result, “{name}”, in the list on the left.",
                    f"Open “{name}” from the search results.",
                ]), role("link", p.display_name)),
                    s("stop", pick(key + "stop", [
                        f"Read the “{row_label[col]}” row in the details table: {value}.",
                        f"The details table lists the {what} as {value}.",
                    ]), value=value)),
            ), string_eval(must_include=[value]))

    # 9304 nearest place of a category to a landmark (information)
    for n, (what, anchor) in enumerate([
        ("cafes", "Founders Square"), ("pharmacy", "Alder General Hospital"), ("hotels", "Eastgate Station"),
        ("bakery", "Old Mill Museum"), ("restaurants", "Port Alder University"),
    ], 1):
        key = f"near{n}"
        query = f"{what} near {anchor}"
        hits = f.search(query)
        assert len(hits) >= 2, query
        nearest_name = f.db.execute("SELECT name FROM places WHERE id = ?", (hits[0][0],)).fetchone()[0]
        add(9304, n, "nearest", "What is the nearest {what_singular} to {anchor}?",
            {"what_singular": what.rstrip("s") if what.endswith("s") else what, "anchor": anchor},
            "information", chain(
                search_part(key, query),
                same(s("stop", pick(key + "stop", [
                    f"The results are sorted nearest first; the top one is {nearest_name}.",
                    f"Read the first result, which is the closest: {nearest_name}.",
                ]), value=nearest_name)),
            ), string_eval(must_include=[nearest_name]))

    # 9305 show directions for a mode (navigation)
    for n, (a, b, mode) in enumerate([
        ("Ferry Terminal", "Port Alder University", "bike"), ("Eastgate Mall", "Riverside Park", "foot"),
        ("Hilltop Observatory", "Central Library", "car"), ("Science Center", "Old Mill Museum", "foot"),
        ("Port Alder Zoo", "Maritime Museum", "bike"),
    ], 1):
        key = f"show{n}"
        r = f.route(a, b, mode)
        add(9305, n, "show-directions", "Show me {ing} directions from {start} to {end}.",
            {"ing": MODE_ING[mode], "start": a, "end": b}, "navigation", chain(
                open_directions(key), fill_route(key, a, b), choose_mode(key, "car", mode), go(key),
                same(s("stop", f"The {MODE_ING[mode]} route from {a} to {b} is now shown on the map.")),
            ), url_eval("__MAP__" + r.url))

    # 9306 open a place's page (navigation)
    for n, name in enumerate(["Hilltop Observatory", "Alder Wharf Market", "St. Mary's Church", "Blue Heron Coffee",
                              "Fire Station No. 1"], 1):
        key = f"page{n}"
        p = f.place(name)
        hits = f.search(name)
        assert hits and hits[0][0] == p.id, (name, hits[:2])
        add(9306, n, "open-place", "Open the map page of {place}.", {"place": name}, "navigation", chain(
            search_part(key, name),
            same(s("click", pick(key + "open", [
                f"Click “{name}” at the top of the search results.",
                f"Open the first result, “{name}”.",
            ]), role("link", p.display_name)),
                s("stop", f"The page of {name} is now open.")),
        ), url_eval(f"__MAP__/node/{p.id}"))

    # 9307 all three modes from a place's page (information, long)
    compare: list[tuple[str, str, Route, Route, Route]] = []
    for a, b in [("Central Library", "Botanical Garden"), ("Eastgate Station", "Alder Wharf Market"),
                 ("Port Alder City Hall", "Riverside Park"), ("Old Mill Brewery", "Port Alder University"),
                 ("Hilltop Observatory", "Ferry Terminal"), ("Alder General Hospital", "Maritime Museum"),
                 ("Science Center", "Eastgate Mall"), ("Lantern Theatre", "Port Alder Zoo"),
                 ("Riverside Park", "North Shore Lighthouse"), ("Eastgate Stadium", "Old Mill Museum"),
                 ("Port Alder University", "Eastgate Station"), ("Maritime Museum", "Hilltop Observatory"),
                 ("Botanical Garden", "Alder Wharf Market"), ("Ferry Terminal", "Eastgate Stadium"),
                 ("Old Mill Museum", "Science Center"), ("Eastgate Mall", "Central Library")]:
        rc, rb, rf = f.route(a, b, "car"), f.route(a, b, "bike"), f.route(a, b, "foot")
        if len({rc.distance, rb.distance, rf.distance}) == 3 and f.search(a)[0][0] == f.place(a).id:
            compare.append((a, b, rc, rb, rf))
    for n, (a, b, rc, rb, rf) in enumerate(compare[:5], 1):
        key = f"cmp{n}"
        p = f.place(a)
        add(9307, n, "compare-modes", "Starting at {start}, what are the driving, cycling and walking distances "
            "to {end}?", {"start": a, "end": b}, "information", chain(
                search_part(key, a),
                same(s("click", pick(key + "open", [f"Open “{a}” from the search results.",
                                                    f"Click the first result, “{a}”."]), role("link", p.display_name)),
                     s("click", pick(key + "from", [
                         "Click “Directions from here” under the address.",
                         "Use the “Directions from here” button to start a route at this place.",
                     ]), role("link", "Directions from here"))),
                field("To", b, pick(key + "to", [f"Type “{b}” into the “To” field.",
                                                 f"Enter “{b}” as the destination in “To”."]), clear=False),
                go(key, "c"), choose_mode(key, "car", "bike"), go(key, "b"),
                choose_mode(key, "bike", "foot"), go(key, "f"),
                same(s("stop", pick(key + "stop", [
                    f"The three summaries gave {rc.distance} by car, {rb.distance} by bicycle and {rf.distance} on foot.",
                    f"Driving {rc.distance}, cycling {rb.distance}, walking {rf.distance}, read from each route summary.",
                ]), value=f"driving {rc.distance}, cycling {rb.distance}, walking {rf.distance}")),
            ), string_eval(must_include=[km_alternatives(r.distance) for r in (rc, rb, rf)]))

    # 9308 car vs foot time, reversed direction (information, long)
    for n, (a, b) in enumerate([
        ("Alder General Hospital", "Lantern Theatre"), ("Port Alder Zoo", "Eastgate Mall"),
        ("Maritime Museum", "Science Center"), ("Riverside Row Bistro", "Central Police Station"),
        ("North Shore Lighthouse", "Old Mill Museum"),
    ], 1):
        key = f"back{n}"
        rc, rf = f.route(b, a, "car"), f.route(b, a, "foot")
        add(9308, n, "return-trip", "Going back from {end} to {start}, how long does it take by car and how long "
            "on foot?", {"start": a, "end": b}, "information", chain(
                open_directions(key), fill_route(key, a, b),
                same(s("click", pick(key + "rev", [
                    "Click “Reverse Directions” to get the route with the start and the destination swapped.",
                    "Swap From and To with the “Reverse Directions” button.",
                ]), role("button", "Reverse Directions"))),
                choose_mode(key, "car", "foot"), go(key, "2"),
                same(s("stop", pick(key + "stop", [
                    f"The reversed drive took {rc.time}; on foot it takes {rf.time}.",
                    f"By car {rc.time}, on foot {rf.time} (hours:minutes), from the two summaries.",
                ]), value=f"car {rc.time}, foot {rf.time}")),
            ), string_eval(must_include=[rc.time, rf.time]))
    return tasks


def main() -> None:
    out = Path(__file__).resolve().parents[1] / "data" / "map.json"
    out.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
