"""Map notes, as on openstreetmap.org: anyone marks a spot on the map and writes
what is wrong or missing there; others comment on the note, resolve it, or
reactivate it.

Pages: ``GET /note/new`` (the "New Note" form; ``?place=<id>`` puts the note at
a place, ``?lat=..&lon=..`` at a point), ``POST /note/new`` (creates it and
redirects to its page), ``GET /note/<id>`` ("Unresolved note #N" / "Resolved
note #N" with its comments), ``POST /note/<id>/comment|close|reopen``.
Bad input gets the form again with a message (400), never a traceback.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ..base import db
from ..pages import form_view
from .common import (
    Marker,
    View,
    data,
    map_context,
    not_found,
    parse_float,
    parse_int,
    render,
    requested_view,
)
from .geo import to_xy
from .mapdata import MapData, Place
from .seed import SEED_NOW

MAX_NOTE_CHARS = 2000  # what the OSM API accepts
OPEN_COLOR = "#d63e2a"
CLOSED_COLOR = "#2e9e44"
NEW_COLOR = "#2a6fdb"
ACTION_VERB = {"opened": "Created", "commented": "Commented", "closed": "Resolved", "reopened": "Reactivated"}


# --- data ----------------------------------------------------------------------------------


def site_now(conn: sqlite3.Connection) -> str:
    """The notes' logical clock: a minute after the latest comment, never before the seed's "now"."""
    latest = conn.execute("SELECT MAX(created_at) FROM note_comments").fetchone()[0]
    base = max(latest or SEED_NOW, SEED_NOW)
    return (datetime.fromisoformat(base) + timedelta(minutes=1)).strftime("%Y-%m-%d %H:%M:%S")


def when(ts: str) -> str:
    d = datetime.fromisoformat(ts)
    return f"{d.day} {d.strftime('%B %Y')} at {d.strftime('%H:%M')}"


@dataclass(frozen=True)
class NoteComment:
    action: str
    author: str | None
    body: str
    created_at: str

    @property
    def byline(self) -> str:
        return f"{ACTION_VERB[self.action]} by {self.author or 'anonymous'} on {when(self.created_at)}"


@dataclass(frozen=True)
class Note:
    id: int
    lat: float
    lon: float
    place_id: int | None
    status: str
    created_at: str
    updated_at: str
    comments: tuple[NoteComment, ...]

    @property
    def is_open(self) -> bool:
        return self.status == "open"

    @property
    def heading(self) -> str:
        return f"{'Unresolved' if self.is_open else 'Resolved'} note #{self.id}"

    @property
    def text(self) -> str:
        return self.comments[0].body if self.comments else ""


def load_note(conn: sqlite3.Connection, nid: int) -> Note | None:
    r = conn.execute("SELECT * FROM notes WHERE id = ?", (nid,)).fetchone()
    if r is None:
        return None
    comments = tuple(NoteComment(c["action"], c["author"], c["body"], c["created_at"]) for c in conn.execute(
        "SELECT action, author, body, created_at FROM note_comments WHERE note_id = ? ORDER BY id", (nid,)))
    return Note(r["id"], r["lat"], r["lon"], r["place_id"], r["status"], r["created_at"], r["updated_at"], comments)


def notes_at(conn: sqlite3.Connection, place_id: int) -> list[Note]:
    """The notes added at a place, unresolved first, newest first."""
    ids = [r[0] for r in conn.execute("SELECT id FROM notes WHERE place_id = ? ORDER BY status = 'closed', id DESC",
                                      (place_id,))]
    return [n for n in (load_note(conn, i) for i in ids) if n is not None]


def new_note_url(place: Place | None = None, lat: float | None = None, lon: float | None = None) -> str:
    if place is not None:
        return "/note/new?" + urlencode({"place": place.id})
    return "/note/new?" + urlencode({"lat": f"{lat:.6f}", "lon": f"{lon:.6f}"})


def _in_bounds(conn: sqlite3.Connection, lat: float, lon: float) -> bool:
    row = conn.execute("SELECT value FROM meta WHERE key = 'bounds'").fetchone()
    lat0, lon0, lat1, lon1 = (float(v) for v in row[0].split(","))
    return min(lat0, lat1) <= lat <= max(lat0, lat1) and min(lon0, lon1) <= lon <= max(lon0, lon1)


def _form_text(form: Any, name: str) -> str:
    value = form.get(name)
    return value.strip().replace("\r\n", "\n") if isinstance(value, str) else ""


def _body_problem(text: str, required: bool) -> str | None:
    if required and not text:
        return "Please write a comment before submitting."
    if len(text) > MAX_NOTE_CHARS:
        return f"The comment is too long: at most {MAX_NOTE_CHARS} characters, this one has {len(text)}."
    return None


# --- new note --------------------------------------------------------------------------------


@dataclass
class Spot:
    """Where a new note goes: a place, or a bare position."""

    lat: float | None
    lon: float | None
    place: Place | None
    problem: str | None = None


def _spot(request: Request, values: Any) -> Spot:
    d = data(request)
    raw_place = values.get("place")
    if raw_place not in (None, ""):
        pid = parse_int(raw_place)
        p = d.place(pid) if pid is not None else None
        if p is None:
            return Spot(None, None, None, "That place does not exist on the map; open a place's page and use "
                                          "“Add a note here”.")
        return Spot(p.lat, p.lon, p)
    lat, lon = parse_float(values.get("lat")), parse_float(values.get("lon"))
    if lat is None or lon is None:
        return Spot(None, None, None, "A note needs a position: open the page of a place, or the map, and use "
                                      "“Add a note to the map”.")
    if not (-90 <= lat <= 90 and -180 <= lon <= 180) or not _in_bounds(db(request), lat, lon):
        return Spot(None, None, None, f"{lat:.5f}, {lon:.5f} is outside the map of Port Alder.")
    return Spot(lat, lon, place_at(d, lat, lon))


def place_at(d: MapData, lat: float, lon: float, tolerance_m: float = 3.0) -> Place | None:
    """The place standing at these coordinates (as written into a link), if any."""
    found = d.nearest_places(*to_xy(lat, lon), 1, radius=50.0)
    return found[0][0] if found and found[0][1] <= tolerance_m else None


def _form_page(request: Request, spot: Spot, text: str = "", error: str | None = None,
               status_code: int = 200) -> Response:
    markers = []
    if spot.lat is not None and spot.lon is not None:
        markers.append(Marker(spot.lat, spot.lon, "New note", None, "", NEW_COLOR))
        default = View(*to_xy(spot.lat, spot.lon), 17)
    else:
        default = View(0.0, 0.0, 14)
    ctx: dict[str, Any] = {"title": "New Note | OpenStreetMap", "spot": spot, "text": text,
                           "error": error or spot.problem, "max_chars": MAX_NOTE_CHARS}
    ctx.update(map_context(request, requested_view(request, default), markers, title="Map of the new note"))
    if spot.place is not None:
        ctx["note_url"] = new_note_url(spot.place)
    elif spot.lat is not None:
        ctx["note_url"] = new_note_url(lat=spot.lat, lon=spot.lon)
    return render(request, "note_new.html", ctx, status_code=status_code)


def new_note(request: Request) -> Response:
    spot = _spot(request, request.query_params)
    return _form_page(request, spot, status_code=400 if spot.problem else 200)


@form_view
def create_note(request: Request, form: dict[str, str]) -> Response:
    spot = _spot(request, form)
    text = _form_text(form, "text")
    problem = spot.problem or _body_problem(text, required=True)
    if problem:
        return _form_page(request, spot, text, problem, status_code=400)
    conn = db(request)
    now = site_now(conn)
    cur = conn.execute("INSERT INTO notes (lat, lon, place_id, status, created_at, updated_at) "
                       "VALUES (?, ?, ?, 'open', ?, ?)",
                       (spot.lat, spot.lon, spot.place.id if spot.place else None, now, now))
    nid = cur.lastrowid
    conn.execute("INSERT INTO note_comments (note_id, action, author, body, created_at) "
                 "VALUES (?, 'opened', NULL, ?, ?)", (nid, text, now))
    return RedirectResponse(f"/note/{nid}", status_code=303)


# --- a note's page -----------------------------------------------------------------------------


def _note_page(request: Request, note: Note, text: str = "", error: str | None = None,
               status_code: int = 200) -> Response:
    d = data(request)
    place = d.place(note.place_id) if note.place_id is not None else None
    x, y = to_xy(note.lat, note.lon)
    view = requested_view(request, View(x, y, 17))
    ctx: dict[str, Any] = {
        "title": f"Note: {note.id} | OpenStreetMap", "note": note, "place": place, "text": text, "error": error,
        "max_chars": MAX_NOTE_CHARS,
        "created": when(note.created_at), "updated": when(note.updated_at),
        "map_url": "/?" + urlencode({"mlat": f"{note.lat:.6f}", "mlon": f"{note.lon:.6f}", "zoom": "18"}),
        "note_url": new_note_url(place) if place else new_note_url(lat=note.lat, lon=note.lon),
    }
    marker = Marker(note.lat, note.lon, note.heading, None, "", OPEN_COLOR if note.is_open else CLOSED_COLOR)
    ctx.update(map_context(request, view, [marker], title=f"Map of note {note.id}"))
    return render(request, "note.html", ctx, status_code=status_code)


def note_page(request: Request) -> Response:
    note = load_note(db(request), request.path_params["note_id"])
    if note is None:
        return not_found(request, "note")
    return _note_page(request, note)


NOTE_ACTIONS = {"comment": "commented", "close": "closed", "reopen": "reopened"}


@form_view
def note_action(request: Request, form: dict[str, str]) -> Response:
    """Comment on, resolve or reactivate a note (the buttons under its comments)."""
    conn = db(request)
    note = load_note(conn, request.path_params["note_id"])
    if note is None:
        return not_found(request, "note")
    verb = request.path_params["action"]
    if verb not in NOTE_ACTIONS:
        return not_found(request, "page")
    text = _form_text(form, "text")
    if verb == "reopen":
        problem = None if not note.is_open else "This note is not resolved, so there is nothing to reactivate."
    elif not note.is_open:
        problem = "This note is resolved. Reactivate it to comment on it."
    else:
        problem = None
    problem = problem or _body_problem(text, required=verb == "comment")
    if problem:
        return _note_page(request, note, text, problem, status_code=400)
    action = NOTE_ACTIONS[verb]
    now = site_now(conn)
    conn.execute("INSERT INTO note_comments (note_id, action, author, body, created_at) VALUES (?, ?, NULL, ?, ?)",
                 (note.id, action, text, now))
    status = {"closed": "closed", "reopened": "open"}.get(action, note.status)
    conn.execute("UPDATE notes SET status = ?, updated_at = ?, closed_at = ? WHERE id = ?",
                 (status, now, now if status == "closed" else None, note.id))
    return RedirectResponse(f"/note/{note.id}", status_code=303)
