"""Place search as Nominatim does it: free text over places, streets, districts, postcodes
and the city, ranked by how well the words match and by importance.

* A result must account for every query word: by its name, its kind ("coffee" finds cafés,
  "hotels" hotels), or its address (house number, street, district, postcode). Words
  naming the city, county, state or country match everything; at least one word must
  match a name or a kind. Plurals, common abbreviations ("st", "ave") and prefixes are
  understood: the last word may be cut short ("central lib"), other words from four letters.
* A word the map does not know is replaced by the closest one it does ("cofee" ->
  "coffee"), and the page offers "Did you mean ...?".
* Ranking: an exact name scores highest, then every word in the name, then a kind search
  ("cafes in Eastgate"), then name-and-address matches; within that, importance (landmarks
  and big places first, as Nominatim's importance). Ambiguous names -- chain branches,
  a street in several districts, a bus stop named after the landmark beside it -- all show,
  each with its address.
* "restaurants near Founders Square" (also "around", "close to", "next to") lists what the
  left part finds by distance from the best match of the right part; "45.5121, -122.6581"
  lists what is nearest to the point.
"""

from __future__ import annotations

import bisect
import difflib
import math
import re
import unicodedata
from dataclasses import dataclass, field

from .categories import CATEGORY_WORDS, HIGHWAY_LABELS
from .mapdata import MapData, Place
from .places_data import COUNTY, POSTCODES

_WORD = re.compile(r"[a-z0-9]+")
_NEAR = re.compile(r"\s+(?:near|around|close to|nearby|next to)\s+", re.IGNORECASE)
_COORDS = re.compile(r"^\s*(-?\d{1,3}(?:\.\d+)?)\s*[,;\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*$")
_ABBREV = {"st": ("street", "saint"), "ave": ("avenue",), "av": ("avenue",), "rd": ("road",),
           "blvd": ("boulevard",), "dr": ("drive",), "sq": ("square",), "mt": ("mount",), "hwy": ("freeway",),
           "univ": ("university",), "uni": ("university",), "hosp": ("hospital",), "stn": ("station",),
           "ctr": ("center", "centre"), "center": ("centre",), "centre": ("center",), "theater": ("theatre",),
           "theatre": ("theater",), "pkwy": ("parkway",), "ln": ("lane",)}
_EVERYWHERE = {"port", "alder", "oregon", "or", "usa", "us", "united", "states", "america", "county", "city"}
_FILLER = {"the", "a", "an", "of", "in", "at", "on", "and", "me", "find", "show", "where", "is", "to", "for"}
PAGE_SIZE = 20
_STREET_WORDS = ("street", "road", "way", "highway")
_SUBURB_WORDS = ("suburb", "district", "neighbourhood", "neighborhood", "quarter")


def fold(text: str) -> str:
    """Lower-case, accents stripped, apostrophes dropped ("St. Mary's" -> "st. marys")."""
    t = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return t.replace("'", "").replace("\u2019", "")


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


@dataclass
class Entry:
    """One thing a search can find (an OSM node, way or relation, or a postcode)."""

    kind: str  # node | way | relation
    id: int
    name: str
    label: str  # its type, as the results list shows it ("Café", "Residential Road", "Suburb")
    display_name: str
    importance: float
    x: float
    y: float
    lat: float
    lon: float
    name_words: frozenset[str]
    cat_words: frozenset[str]
    addr_words: frozenset[str]
    house_number: str | None = None
    place: Place | None = None

    @property
    def href(self) -> str:
        return f"/{self.kind}/{self.id}"

    @property
    def name_norm(self) -> str:
        return " ".join(words(self.name))


@dataclass
class SearchResult:
    query: str
    entries: list[Entry]
    total: int = 0
    page: int = 1
    anchor: Entry | None = None  # the "near" place
    what: str = ""
    distances: dict[tuple[str, int], float] = field(default_factory=dict)  # (kind, id) -> metres
    point: tuple[float, float] | None = None  # coordinates searched for
    did_you_mean: str | None = None

    @property
    def places(self) -> list[Place]:
        return [e.place for e in self.entries if e.place is not None]

    @property
    def more(self) -> bool:
        return self.page * PAGE_SIZE < self.total


class Geocoder:
    def __init__(self, data: MapData, tag_counts: dict[int, int] | None = None) -> None:
        from .geo import to_latlon

        self.entries: list[Entry] = []
        tag_counts = tag_counts or {}
        for p in data.places:
            cat = set(words(p.category)) | set(words(" ".join(CATEGORY_WORDS.get(p.category, ())))) | set(
                words(p.cuisine.replace("_", " "))) | set(words(p.label))
            addr = set(words(p.street)) | set(words(p.district)) | {p.postcode} | (
                {fold(p.house_number)} if p.house_number else set())
            imp = p.importance + 0.002 * tag_counts.get(p.id, 0) + (0.01 if p.brand else 0.0)
            self.entries.append(Entry("node", p.id, p.name, p.label, p.display_name, round(imp, 4), p.x, p.y, p.lat,
                                      p.lon, frozenset(words(p.name)) if p.named else frozenset(), frozenset(cat),
                                      frozenset(addr), fold(p.house_number) if p.house_number else None, p))
        for w in data.ways:
            x, y = w.centre
            lat, lon = to_latlon(x, y)
            cat = set(_STREET_WORDS) | set(words(HIGHWAY_LABELS.get(w.highway, "")))
            self.entries.append(Entry("way", w.id, w.name, HIGHWAY_LABELS.get(w.highway, "Road"), w.display_name,
                                      w.importance, x, y, lat, lon, frozenset(words(w.name)), frozenset(cat),
                                      frozenset(words(w.district)) | {POSTCODES.get(w.district, "")}))
        for d in data.districts:
            lat, lon = to_latlon(d.x, d.y)
            disp = ", ".join([d.name, "Port Alder", COUNTY, "Oregon", d.postcode, "United States"])
            self.entries.append(Entry("relation", d.relation_id, d.name, "Suburb", disp, 0.5, d.x, d.y, lat, lon,
                                      frozenset(words(d.name)), frozenset(_SUBURB_WORDS), frozenset({d.postcode})))
            self.entries.append(Entry("relation", d.relation_id, d.postcode, "Postcode",
                                      ", ".join([d.postcode, d.name, "Port Alder", COUNTY, "Oregon", "United States"]),
                                      0.3, d.x, d.y, lat, lon, frozenset({d.postcode}), frozenset({"postcode", "zip"}),
                                      frozenset(words(d.name))))
        lat, lon = to_latlon(0.0, 0.0)
        self.entries.append(Entry("relation", 1, "Port Alder", "City", f"Port Alder, {COUNTY}, Oregon, United States",
                                  0.75, 0.0, 0.0, lat, lon, frozenset({"port", "alder"}), frozenset({"city", "town"}),
                                  frozenset({"oregon"})))
        self.vocab = sorted({w for e in self.entries for w in e.name_words | e.cat_words | e.addr_words})
        self._vocab_set = set(self.vocab)
        # word -> the entries that have it (in any role): a query only scores entries with all its words
        self._postings: dict[str, set[int]] = {}
        for i, e in enumerate(self.entries):
            for w in e.name_words | e.cat_words | e.addr_words | ({e.house_number} if e.house_number else set()):
                self._postings.setdefault(w, set()).add(i)
        # words by first letter, for guessing a misspelt word among few candidates
        self._by_initial: dict[str, list[str]] = {}
        for w in self.vocab:
            if not w.isdigit():
                self._by_initial.setdefault(w[0], []).append(w)
        self._guesses: dict[str, str | None] = {}

    # --- words ---------------------------------------------------------------------------

    def _variants(self, q: str, last: bool) -> tuple[set[str], str | None]:
        """The words `q` may stand for, and its correction if it had to be guessed."""
        out = {q}
        if q.endswith("ies") and len(q) > 4:
            out.add(q[:-3] + "y")
        if q.endswith("es") and len(q) > 3:
            out.add(q[:-2])
        if q.endswith("s") and len(q) > 3:
            out.add(q[:-1])
        out.update(_ABBREV.get(q, ()))
        if not q.isdigit() and (len(q) >= 4 or (last and len(q) >= 3)):
            i = bisect.bisect_left(self.vocab, q)
            while i < len(self.vocab) and self.vocab[i].startswith(q):
                out.add(self.vocab[i])
                i += 1
        known = out & self._vocab_set
        if known or q in _EVERYWHERE or q in _FILLER or q.isdigit() or len(q) < 4:
            return known or out, None
        if q not in self._guesses:
            near = [w for w in self._by_initial.get(q[0], ()) if abs(len(w) - len(q)) <= 2]
            found = difflib.get_close_matches(q, near, n=1, cutoff=0.8)
            self._guesses[q] = found[0] if found else None
        guess = self._guesses[q]
        if guess:
            return {guess}, guess
        return out, None

    def _ranked(self, query: str) -> tuple[list[tuple[float, Entry]], str | None]:
        qwords = words(query)
        if not qwords:
            return [], None
        qv: list[tuple[str, set[str]]] = []
        corrected = list(qwords)
        guessed = False
        for i, q in enumerate(qwords):
            vs, fix = self._variants(q, i == len(qwords) - 1)
            if fix:
                corrected[i] = fix
                guessed = True
            qv.append((q, vs))
        core = [q for q in corrected if q not in _EVERYWHERE and q not in _FILLER] or corrected
        qnorm = " ".join(core)
        scored = []
        for i in sorted(self._candidates(qv)):
            e = self.entries[i]
            s = _score(e, qv, qnorm)
            if s is not None:
                scored.append((s - (0.2 if guessed else 0.0), e))
        scored.sort(key=lambda se: (-se[0], se[1].name, _KIND_ORDER[se[1].kind], se[1].id))
        return scored, (" ".join(corrected) if guessed else None)

    def _candidates(self, qv: list[tuple[str, set[str]]]) -> set[int]:
        """The entries that have every required query word (words naming the city, or filler, are optional)."""
        required = [vs for q, vs in qv if q not in _EVERYWHERE and q not in _FILLER]
        sets = [set().union(*(self._postings.get(v, set()) for v in vs)) | self._postings.get(q, set())
                for q, vs in qv if q not in _EVERYWHERE and q not in _FILLER]
        if not required:
            return set().union(*(self._postings.get(v, set()) for _, vs in qv for v in vs))
        sets.sort(key=len)
        out = sets[0]
        for other in sets[1:]:
            out = out & other
        return out

    # --- searching -------------------------------------------------------------------------

    def search(self, query: str, page: int = 1) -> SearchResult:
        query = (query or "").strip()
        page = max(1, page)
        res = SearchResult(query=query, entries=[], page=page)
        if not query:
            return res
        m = _COORDS.match(query)
        if m:
            lat, lon = float(m.group(1)), float(m.group(2))
            if -90 <= lat <= 90 and -180 <= lon <= 180:
                from .geo import to_xy

                res.point = (lat, lon)
                x, y = to_xy(lat, lon)
                nodes = [e for e in self.entries if e.kind == "node"]
                ranked = sorted(nodes, key=lambda e: (math.hypot(e.x - x, e.y - y), e.id))[:5]
                res.entries, res.total = ranked, len(ranked)
                res.distances = {(e.kind, e.id): math.hypot(e.x - x, e.y - y) for e in ranked}
                return res
        parts = _NEAR.split(query, maxsplit=1)
        if len(parts) == 2 and parts[0].strip() and parts[1].strip():
            anchor = self.best(parts[1])
            if anchor is not None:
                res.anchor, res.what = anchor, parts[0].strip()
                ranked, res.did_you_mean = self._ranked(parts[0])
                found = [e for _, e in ranked if (e.kind, e.id) != (anchor.kind, anchor.id) and e.kind == "node"]
                dist = {(e.kind, e.id): math.hypot(e.x - anchor.x, e.y - anchor.y) for e in found}
                found.sort(key=lambda e: (dist[(e.kind, e.id)], e.id))
                if res.did_you_mean:
                    res.did_you_mean = f"{res.did_you_mean} near {parts[1].strip()}"
                return self._page(res, found, dist)
        ranked, res.did_you_mean = self._ranked(query)
        return self._page(res, [e for _, e in ranked], {})

    def _page(self, res: SearchResult, found: list[Entry], dist: dict) -> SearchResult:
        res.total = len(found)
        res.entries = found[(res.page - 1) * PAGE_SIZE:res.page * PAGE_SIZE]
        res.distances = {(e.kind, e.id): dist[(e.kind, e.id)] for e in res.entries if (e.kind, e.id) in dist}
        return res

    def best(self, text: str) -> Entry | None:
        """What a person most likely means by `text`: an exact name or display name first."""
        t = fold(text).strip()
        if not t:
            return None
        exact = [e for e in self.entries if fold(e.display_name) == t or fold(e.name) == t]
        if exact:
            return max(exact, key=lambda e: (e.importance, -_KIND_ORDER[e.kind], -e.id))
        ranked, _ = self._ranked(text)
        return ranked[0][1] if ranked else None

    def best_place(self, text: str) -> Place | None:
        """The best match among places only (nodes)."""
        e = self.best(text)
        if e is not None and e.place is not None:
            return e.place
        ranked, _ = self._ranked(text)
        return next((x.place for _, x in ranked if x.place is not None), None)


_KIND_ORDER = {"node": 0, "way": 1, "relation": 2}


def _score(e: Entry, qv: list[tuple[str, set[str]]], qnorm: str) -> float | None:
    """How well entry `e` answers the query (None: it does not), plus its importance."""
    in_name = in_cat = in_addr = 0
    number = False
    for q, vs in qv:
        if vs & e.name_words:
            in_name += 1
        elif vs & e.cat_words:
            in_cat += 1
        elif e.house_number is not None and q == e.house_number:
            number = True
        elif vs & e.addr_words:
            in_addr += 1
        elif q in _EVERYWHERE or q in _FILLER:
            continue
        else:
            return None
    if not (in_name or in_cat or number):
        return None
    if number and not in_addr:
        return None  # a house number without its street
    bonus = 0.0
    if qnorm and qnorm == e.name_norm:
        bonus = 1.0
    elif number:
        bonus = 0.9
    elif in_name and not in_cat and not in_addr:
        bonus = 0.5 + (0.05 if e.name_norm.startswith(qnorm) else 0.0)
    elif in_cat and not in_name:
        bonus = 0.45 if not in_addr else 0.25
    else:
        bonus = 0.3
    return bonus + e.importance


def parse_point(text: str) -> tuple[float, float] | None:
    m = _COORDS.match(text or "")
    if not m:
        return None
    lat, lon = float(m.group(1)), float(m.group(2))
    if -90 <= lat <= 90 and -180 <= lon <= 180:
        return lat, lon
    return None
