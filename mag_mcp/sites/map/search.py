"""Place search (a small Nominatim): free text, "X near Y", addresses, coordinates.

* Every query word must match the place's name, its category (with synonyms:
  "coffee" finds cafés, "hotels" finds hotels, "parking" finds car parks), its
  cuisine, or its address (house number, street, district, postcode). Words
  naming the city, county, state or country match every place. Plurals,
  prefixes of four letters or more ("univ"), common street abbreviations
  ("st", "ave") and small typos are tolerated.
* Ranking: the exact name first, then names that start with the query, then by
  how much of the name the query covers; landmarks win ties.
* "restaurants near Founders Square" (also "around", "close to") lists the
  places matching the left part by straight-line distance from the best match
  of the right part.
* "45.5121, -122.6581" finds the place nearest to those coordinates.

`resolve` (what the directions form uses) picks the single best match.
"""

from __future__ import annotations

import difflib
import math
import re
import sqlite3
import unicodedata
from dataclasses import dataclass, field

from . import places_data as D
from .geo import to_xy

_WORD = re.compile(r"[a-z0-9]+")
_NEAR = re.compile(r"\s+(?:near|around|close to|nearby|next to)\s+", re.IGNORECASE)
_COORDS = re.compile(r"^\s*(-?\d{1,3}(?:\.\d+)?)\s*[,;\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*$")
_ABBREV = {"st": ("street", "saint"), "ave": ("avenue",), "av": ("avenue",), "rd": ("road",),
           "blvd": ("boulevard",), "dr": ("drive",), "sq": ("square",), "mt": ("mount",), "hwy": ("freeway",),
           "univ": ("university",), "uni": ("university",), "hosp": ("hospital",), "stn": ("station",)}
_EVERYWHERE = {"port", "alder", "oregon", "or", "usa", "us", "united", "states", "america", "county", "city"}
_FILLER = {"the", "a", "an", "of", "in", "at", "on", "and", "me", "find", "show", "where", "is", "to", "for"}


def fold(text: str) -> str:
    """Lower-case, accents stripped, apostrophes dropped ("St. Mary's" -> "st. marys")."""
    t = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return t.replace("'", "").replace("\u2019", "")


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


@dataclass
class Place:
    id: int
    name: str
    category: str
    district: str
    street: str
    house_number: str | None
    postcode: str
    lat: float
    lon: float
    node_id: int
    display_name: str
    is_landmark: bool
    cuisine: str = ""
    x: float = 0.0
    y: float = 0.0
    name_words: set[str] = field(default_factory=set)
    cat_words: set[str] = field(default_factory=set)
    addr_words: set[str] = field(default_factory=set)

    @property
    def label(self) -> str:
        return D.CATEGORY_TAGS.get(self.category, ("", "", self.category.title()))[2]

    @property
    def address(self) -> str:
        """US style: '1760 Court Street'."""
        return f"{self.house_number} {self.street}" if self.house_number else self.street


def load_places(conn: sqlite3.Connection) -> list[Place]:
    cuisines = dict(conn.execute("SELECT place_id, value FROM place_tags WHERE key = 'cuisine'").fetchall())
    out = []
    for r in conn.execute("SELECT id, name, category, district, street, house_number, postcode, lat, lon, node_id, "
                          "display_name, is_landmark FROM places ORDER BY id"):
        p = Place(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], bool(r[11]),
                  cuisines.get(r[0], ""))
        p.x, p.y = to_xy(p.lat, p.lon)
        p.name_words = set(words(p.name))
        p.cat_words = set(words(p.category)) | set(D.CATEGORY_WORDS.get(p.category, ())) | set(
            words(p.cuisine.replace("_", " "))) | set(words(p.label))
        p.addr_words = set(words(p.street)) | set(words(p.district)) | {p.postcode} | (
            {p.house_number} if p.house_number else set())
        out.append(p)
    return out


@dataclass
class SearchResult:
    query: str
    places: list[Place]
    anchor: Place | None = None  # the "near" place
    what: str = ""
    distances: dict[int, float] = field(default_factory=dict)  # place id -> metres from the anchor / point
    point: tuple[float, float] | None = None  # coordinates searched for


class _Vocab:
    def __init__(self, places: list[Place]) -> None:
        self.all: set[str] = set()
        for p in places:
            self.all |= p.name_words | p.cat_words | p.addr_words

    def variants(self, q: str) -> set[str]:
        out = {q}
        if q.endswith("ies") and len(q) > 4:
            out.add(q[:-3] + "y")
        if q.endswith("es") and len(q) > 3:
            out.add(q[:-2])
        if q.endswith("s") and len(q) > 3:
            out.add(q[:-1])
        out.update(_ABBREV.get(q, ()))
        if not (out & self.all) and len(q) >= 5 and not q.isdigit():
            out.update(difflib.get_close_matches(q, sorted(self.all), n=3, cutoff=0.82))
        return out


def _score(p: Place, qv: list[tuple[str, set[str]]], qnorm: str) -> float:
    score = 0.0
    for q, vs in qv:
        if vs & p.name_words:
            score += 3
        elif len(q) >= 4 and not q.isdigit() and any(w.startswith(q) for w in p.name_words):
            score += 2
        elif vs & p.cat_words:
            score += 2
        elif vs & p.addr_words:
            score += 1
        elif q in _EVERYWHERE or q in _FILLER:
            continue
        else:
            return 0.0
    if score == 0:
        return 0.0
    if any(vs & p.cat_words for _, vs in qv):
        score += 5  # "library" ranks libraries above "Library Parking"
    name = " ".join(words(p.name))
    if qnorm == name or qnorm == " ".join(words(p.display_name)):
        score += 100
    elif name.startswith(qnorm):
        score += 3
    elif qnorm and qnorm in name:
        score += 1
    covered = sum(1 for w in p.name_words if any(w in vs for _, vs in qv))
    score += 5.0 * covered / max(1, len(p.name_words))
    return score


def search(places: list[Place], query: str, limit: int = 20) -> SearchResult:
    query = (query or "").strip()
    res = SearchResult(query=query, places=[])
    if not query:
        return res
    m = _COORDS.match(query)
    if m:
        lat, lon = float(m.group(1)), float(m.group(2))
        if -90 <= lat <= 90 and -180 <= lon <= 180:
            res.point = (lat, lon)
            x, y = to_xy(lat, lon)
            ranked = sorted(places, key=lambda p: (math.hypot(p.x - x, p.y - y), p.id))[:5]
            res.places = ranked
            res.distances = {p.id: math.hypot(p.x - x, p.y - y) for p in ranked}
            return res
    parts = _NEAR.split(query, maxsplit=1)
    if len(parts) == 2 and parts[0].strip() and parts[1].strip():
        anchor = best_match(places, parts[1])
        if anchor is not None:
            res.anchor, res.what = anchor, parts[0].strip()
            matches = [p for p, _ in _ranked(places, parts[0]) if p.id != anchor.id]
            dist = {p.id: math.hypot(p.x - anchor.x, p.y - anchor.y) for p in matches}
            res.places = sorted(matches, key=lambda p: (dist[p.id], p.id))[:limit]
            res.distances = {p.id: dist[p.id] for p in res.places}
            return res
    res.places = [p for p, _ in _ranked(places, query)][:limit]
    return res


def _ranked(places: list[Place], query: str) -> list[tuple[Place, float]]:
    qwords = words(query)
    if not qwords:
        return []
    vocab = _Vocab(places)
    qnorm = " ".join(qwords)
    qv = [(q, vocab.variants(q)) for q in qwords]
    scored = [(p, _score(p, qv, qnorm)) for p in places]
    scored = [(p, s) for p, s in scored if s > 0]
    scored.sort(key=lambda ps: (-ps[1], not ps[0].is_landmark, ps[0].name))
    return scored


def best_match(places: list[Place], text: str) -> Place | None:
    """The single place a person most likely means by `text` (exact name / display name first)."""
    t = fold(text).strip()
    if not t:
        return None
    for p in places:
        if fold(p.display_name) == t or fold(p.name) == t:
            return p
    ranked = _ranked(places, text)
    return ranked[0][0] if ranked else None


def nearest(places: list[Place], lat: float, lon: float, n: int = 1) -> list[tuple[Place, float]]:
    x, y = to_xy(lat, lon)
    ranked = sorted(((p, math.hypot(p.x - x, p.y - y)) for p in places), key=lambda pd: (pd[1], pd[0].id))
    return ranked[:n]


def place_at(places: list[Place], lat: float, lon: float, tolerance_m: float = 3.0) -> Place | None:
    """The place standing at these coordinates (as written into a /directions route), if any."""
    found = nearest(places, lat, lon, 1)
    if found and found[0][1] <= tolerance_m:
        return found[0][0]
    return None


def parse_point(text: str) -> tuple[float, float] | None:
    m = _COORDS.match(text or "")
    if not m:
        return None
    lat, lon = float(m.group(1)), float(m.group(2))
    if -90 <= lat <= 90 and -180 <= lon <= 180:
        return lat, lon
    return None
