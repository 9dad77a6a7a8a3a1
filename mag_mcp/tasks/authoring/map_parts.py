"""Facts and reusable gold-trajectory parts for tasks on the map: routes, search,
places and notes, read from the real map at authoring time (see `map_tasks`)."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import unquote

from mag_mcp.tasks.authoring.common import (
    Part,
    SiteFacts,
    chain,
    distractor,
    field,
    pick,
    role,
    s,
    same,
    state_eval,
    type_and_enter,
    unchanged,
)

SITE = "map"
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
        from pathlib import Path

        from mag_mcp.sites.base import attach_content

        super().__init__("map")
        # the map keeps its places in a read-only content database beside the seed
        attach_content(self.db, next((Path(self._tmp.name) / "seeds").glob("map-content-*.sqlite")))

    def place(self, name: str) -> PlaceFacts:
        """The place called `name` (where a name repeats -- a bus stop named after a landmark -- the
        original, lowest id, which is the one the map ranks first)."""
        r = self.db.execute("SELECT * FROM places WHERE name = ? ORDER BY id LIMIT 1", (name,)).fetchone()
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

    def search(self, query: str) -> list[tuple[int | str, str]]:
        """The results of the search page in order: (place id, display name) for places, ("way/12",
        display name) and the like for streets and districts."""
        page = self.client.get("/search", params={"query": query}).text
        return [(int(i) if kind == "node" else f"{kind}/{i}", html.unescape(t)) for kind, i, t in
                re.findall(r'<a class="set_position"[^>]*href="/(node|way|relation)/(\d+)">([^<]+)</a>', page)]

    def place_by_id(self, pid: int) -> PlaceFacts:
        r = self.db.execute("SELECT * FROM places WHERE id = ?", (pid,)).fetchone()
        return PlaceFacts(r["id"], r["name"], r["display_name"], dict(r))

    def neighbours(self, p: PlaceFacts, n: int = 2) -> list[PlaceFacts]:
        """The other places among the results of searching `p`'s name, in order: the near entities
        a reader takes for `p` (a bus stop of the same name, a similar name)."""
        ids = [pid for pid, _ in self.search(p.name) if isinstance(pid, int) and pid != p.id]
        return [self.place_by_id(pid) for pid in ids[:n]]

    def same_category(self, p: PlaceFacts, n: int = 3) -> list[PlaceFacts]:
        """Other places of `p`'s category (another library, another brewery), in id order."""
        return [PlaceFacts(r["id"], r["name"], r["display_name"], dict(r)) for r in self.db.execute(
            "SELECT * FROM places WHERE category = ? AND id <> ? ORDER BY id LIMIT ?", (p.row["category"], p.id, n))]

    def district_landmarks(self, p: PlaceFacts) -> list[PlaceFacts]:
        """The other landmarks of `p`'s district (City Hall beside the Central Library), in id order."""
        return [PlaceFacts(r["id"], r["name"], r["display_name"], dict(r)) for r in self.db.execute(
            "SELECT * FROM places WHERE district = ? AND is_landmark = 1 AND id <> ? ORDER BY id",
            (p.row["district"], p.id))]

    def node_page(self, pid: int) -> str:
        return html.unescape(self.client.get(f"/node/{pid}").text)

    def searchable(self, name: str) -> PlaceFacts:
        """A place that comes first when its name is searched."""
        p = self.place(name)
        hits = self.search(name)
        assert hits and hits[0][0] == p.id, (name, hits[:2])
        return p

    def last_ids(self) -> tuple[int, int]:
        """The seed's last note id and last note comment id: what a task writes comes after them."""
        return (self.db.execute("SELECT MAX(id) FROM notes").fetchone()[0],
                self.db.execute("SELECT MAX(id) FROM note_comments").fetchone()[0])

    def only_note(self, name: str, status: str) -> int:
        """The id of the one note at a place, which must have `status`, as its page lists it."""
        p = self.place(name)
        rows = self.db.execute("SELECT id, status FROM notes WHERE place_id = ?", (p.id,)).fetchall()
        assert len(rows) == 1 and rows[0]["status"] == status, (name, [tuple(r) for r in rows])
        nid = rows[0]["id"]
        label = "Unresolved" if status == "open" else "Resolved"
        assert re.search(rf'<a href="/note/{nid}">Note #{nid}</a>\s*<span class="note-status">{label}</span>',
                         self.node_page(p.id)), name
        return nid


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


def open_place(key: str, p: PlaceFacts) -> Part:
    """Search a place by name and open its page from the first result."""
    return chain(search_part(key, p.name), same(s("click", pick(key + "open", [
        f"Click the first result, “{p.name}”, in the list on the left.",
        f"Open “{p.name}” from the search results.",
        f"In the results, click “{p.name}” to open its page.",
    ]), role("link", p.display_name))))


def add_note(key: str, text: str, via_map_button: bool) -> Part:
    """On a place's page: open the "New Note" form, write the comment, submit."""
    if via_map_button:
        opener = s("click", pick(key + "control", [
            ("Click the speech-bubble button “Add a note to the map” on the right edge of the map, under the zoom "
             "buttons."),
            "Use the “Add a note to the map” button (the speech bubble under + and −) at the right of the map.",
        ]), role("link", "Add a note to the map"))
    else:
        opener = s("click", pick(key + "here", [
            "Click “Add a note here” under the directions buttons.",
            "Press the “Add a note here” button below the address.",
            "Open the note form with “Add a note here” on the left.",
        ]), role("link", "Add a note here"))
    return chain(
        same(opener),
        field("Comment", text, pick(key + "text", [f"Type “{text}” into the “Comment” box.",
                                                   f"Write “{text}” in the note's comment field.",
                                                   f"In “Comment”, enter “{text}”."]), clear=False),
        same(s("click", pick(key + "submit", [
            "Click the blue “Add Note” button under the comment.",
            "Submit the note with “Add Note”.",
        ]), role("button", "Add Note"))),
    )


def open_note(key: str, p: PlaceFacts, nid: int, status: str) -> Part:
    word = "unresolved" if status == "open" else "resolved"
    return chain(open_place(key, p), same(s("click", pick(key + "note", [
        f"Under “Notes” on the left, click the {word} note “Note #{nid}”.",
        f"Open “Note #{nid}”, listed as {word.capitalize()} in the Notes section.",
        f"In the Notes list of {p.name}, click “Note #{nid}”.",
    ]), role("link", f"Note #{nid}"))))


def new_note_guards(last: tuple[int, int]) -> tuple[dict[str, Any], ...]:
    """A task that adds a note leaves the seeded notes and their comments as they were.
    `last`: the seed's last note id and last note comment id."""
    last_note, last_comment = last
    return (unchanged("notes", "id > ?", last_note, note="no seeded note resolved, reopened or moved"),
            unchanged("note_comments", "id > ?", last_comment, note="no seeded comment changed"))


def new_note_eval(last: tuple[int, int], place_id: int, text: str) -> dict[str, Any]:
    """Exactly one new note, open, at the place, whose text is `text`."""
    return state_eval(SITE, {
        "sql": "SELECT n.place_id, n.status, c.action, c.body FROM notes n JOIN note_comments c ON c.note_id = n.id "
               f"WHERE n.id > {last[0]} ORDER BY c.id",
        "expected": [[place_id, "open", "opened", text]],
    }, guards=new_note_guards(last))


def resolve_with_comment(key: str, text: str, nid: int) -> Part:
    return chain(
        field("Comment", text, pick(key + "text", [f"Type “{text}” into the “Comment” box under the note.",
                                                   f"Write “{text}” as the comment."]), clear=False),
        same(s("click", pick(key + "resolve", [
            "Click “Resolve” next to the “Comment” button.",
            "Press “Resolve” to close the note with your comment.",
        ]), role("button", "Resolve")),
            s("stop", pick(key + "stop", [f"Note #{nid} now reads “Resolved note #{nid}”.",
                                          "The note is resolved, with the comment shown under it."]))),
    )


def reactivate_and_comment(key: str, text: str, nid: int) -> Part:
    return chain(
        same(s("click", pick(key + "reopen", [
            "Click “Reactivate” under the comments.",
            "Reopen the note with the “Reactivate” button.",
        ]), role("button", "Reactivate"))),
        field("Comment", text, pick(key + "text", [f"Type “{text}” into the “Comment” box.",
                                                   f"Now that it is unresolved, write “{text}” as a comment."]),
              clear=False),
        same(s("click", pick(key + "comment", [
            "Click the blue “Comment” button.",
            "Post it with the “Comment” button next to “Resolve”.",
        ]), role("button", "Comment")),
            s("stop", f"Note #{nid} is unresolved again and shows the new comment.")),
    )


def note_update_eval(last: tuple[int, int], nid: int, status: str, text: str) -> dict[str, Any]:
    """Seeded note `nid` ends with `status` and carries a new comment `text`; no note was added.
    `last`: the seed's last note id and last note comment id."""
    last_note, last_comment = last
    return state_eval(SITE, {
        "sql": "SELECT n.status, (SELECT COUNT(*) FROM note_comments c WHERE c.note_id = n.id "
               f"AND c.id > {last_comment} AND c.body = ?) > 0 FROM notes n WHERE n.id = ?",
        "params": [text, nid], "expected": [[status, 1]],
    }, {"sql": f"SELECT COUNT(*) FROM notes WHERE id > {last_note}", "expected": [[0]]}, guards=(
        unchanged("notes", "id = ?", nid, note="no other note resolved, reopened or added"),
        unchanged("note_comments", "id > ? AND note_id = ?", last_comment, nid,
                  note="no comment on another note, no seeded comment changed"),
    ))


def search_distractors(f: MapFacts, p: PlaceFacts) -> list[dict[str, Any]]:
    """The places beside `p` in the results of searching its name: distractors on a path that opens
    `p` from the search (a bus stop of the same name, a similar name)."""
    out = []
    for q in f.neighbours(p):
        if q.name == p.name:
            out.append(distractor(SITE, q.name, "same_name", f"the {q.row['category']} of the same name, listed "
                                  "under it", sql="SELECT 1 FROM content.places WHERE id = ? AND name = ?",
                                  params=(q.id, q.name)))
        else:
            out.append(distractor(SITE, q.name, "similar", "beside it in the search results"))
    return out


MODE_VERB = {"car": "drive", "bike": "cycle", "foot": "walk"}
MODE_ING = {"car": "driving", "bike": "cycling", "foot": "walking"}
