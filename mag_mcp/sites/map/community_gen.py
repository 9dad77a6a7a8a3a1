"""The mapping community of Port Alder: mappers, their changesets (every version of every
place and street), diary entries, GPS traces and map notes.

All from ``random.Random(COMMUNITY_SEED)`` over the finished places and ways, so it adds
nothing to what the places are. Times run from 2012 to just before `seed.SEED_NOW`; a
handful of very active mappers make most edits (a Zipf-like share, as in real OSM data).
A place's current version, changeset, user and timestamp are its last version's.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from .. import world
from . import names_data as N
from .categories import label_of
from .geo import to_latlon
from .routing import Graph, NoRoute, shortest_path

COMMUNITY_SEED = 3303
T0 = datetime(2012, 1, 1)
T_END = datetime(2026, 10, 28)
N_USERS = 330
N_CHANGESETS = 2600
N_DIARIES = 260
N_TRACES = 180
N_NOTES = 330
# who from the shared world maps (their bio becomes their profile)
MAPPING_PEOPLE = ("sam_rivera", "ben_foster", "noor_a", "mia_chen", "tom_baker", "max_weber", "ella_brooks",
                  "harbor_hannah", "lucy_nguyen", "liam_oconnor", "grace_kim", "zoe_walsh")
NOTE_AUTHORS = ("harbor_mapper", "millrace_jo", "lantern_mapper", "zoo_volunteer")
_CS_DISCUSSION = (
    "Welcome to OpenStreetMap! Thanks for your first edits.", "Hi, is {place} really closed? I saw it open last week.",
    "Thanks for the survey, very useful.", "Please do not copy from other maps, only from what you see on site.",
    "Great work on {street}!", "I reverted one tag here, see the wiki page on opening_hours.",
    "Could you add the source of these changes?", "Nice, the bus stops were long overdue.",
)
_DIARY_TITLES = (
    "Mapping {district}, part {n}", "Notes from the {place} survey", "Bus stops along {street}",
    "My first month of mapping", "What I learned mapping {district}", "{district} mapping party recap",
    "Sidewalks in {district}", "Why opening hours matter", "A rainy walk down {street}", "Fixing addresses in {district}",
)
_DIARY_REPLIES = (
    "Thanks for writing this up!", "Great to see {district} getting some love.", "Which editor do you use for this?",
    "I joined the last meetup, count me in for the next one.", "Nice work. The side streets near {place} need help too.",
    "Good tip about the house numbers.", "Did you upload your GPS trace as well?",
)


def stamp(t: datetime) -> str:
    return t.strftime("%Y-%m-%d %H:%M:%S")


@dataclass
class Community:
    users: list[tuple] = field(default_factory=list)  # (id, name, since, description, home_district)
    changesets: list[tuple] = field(default_factory=list)
    changes: list[tuple] = field(default_factory=list)  # (changeset, type, id, version, action)
    cs_comments: list[tuple] = field(default_factory=list)
    diaries: list[tuple] = field(default_factory=list)
    diary_comments: list[tuple] = field(default_factory=list)
    traces: list[tuple] = field(default_factory=list)
    notes: list[tuple] = field(default_factory=list)  # (lat, lon, place_id, status, created, updated, closed)
    note_comments: list[list[tuple]] = field(default_factory=list)  # per note: (action, author, body, ts)
    place_versions: dict[int, tuple[int, int, str, str]] = field(default_factory=dict)  # id -> (v, cs, user, ts)


def _usernames(rng: random.Random) -> list[str]:
    people = {p.username: p for p in world.PEOPLE}
    names = [u for u in MAPPING_PEOPLE if u in people] + list(NOTE_AUTHORS)
    seen = set(names)
    while len(names) < N_USERS:
        form = rng.randrange(5)
        f, n, w = rng.choice(N.FIRST_NAMES), rng.choice(N.NATURE).replace(" ", ""), rng.choice(N.USER_WORDS)
        cand = (f"{f.lower()}_{w}", f"{n.lower()}{w}", f"{f}{rng.choice(N.SURNAMES)[0]}",
                f"{w}_{n.lower()}{rng.randint(2, 99)}", f"{f.lower()}.{rng.choice(N.SURNAMES).lower()}")[form]
        if cand not in seen:
            seen.add(cand)
            names.append(cand)
    return names


def build_community(places: list[dict], ways: list, graph: Graph, node_xy: list[tuple[float, float]],
                    skip_note_places: set[int]) -> Community:
    rng = random.Random(COMMUNITY_SEED)
    out = Community()
    people = {p.username: p for p in world.PEOPLE}
    names = _usernames(rng)
    districts = list(world.DISTRICTS)
    homes = {u: rng.choice(districts) for u in names}
    weights = [1.0 / (i + 1) ** 0.9 for i in range(len(names))]
    # changesets: time, user, district of focus
    times = sorted(T0 + timedelta(seconds=rng.randrange(int((T_END - T0).total_seconds()))) for _ in range(N_CHANGESETS))
    cs_user = rng.choices(range(len(names)), weights, k=N_CHANGESETS)
    cs_district = [homes[names[u]] if rng.random() < 0.7 else rng.choice(districts) for u in cs_user]
    by_district: dict[str, list[int]] = defaultdict(list)
    for i, d in enumerate(cs_district):
        by_district[d].append(i)
    members: dict[int, list[tuple[str, int, int, str, dict | None]]] = defaultdict(list)

    def versions(kind: str, eid: int, district: str, k: int, early: bool, info: dict | None) -> list[int]:
        lst = by_district[district]
        first = rng.randrange(max(1, int(len(lst) * (0.3 if early else 0.8))))
        picks = sorted({first} | {rng.randrange(first, len(lst)) for _ in range(k - 1)})
        for v, idx in enumerate(picks, 1):
            members[lst[idx]].append((kind, eid, v, "create" if v == 1 else "modify", info))
        return [lst[i] for i in picks]

    place_last: dict[int, tuple[int, int]] = {}
    for w in ways:
        versions("way", w.id, w.district, 1 + min(3, int(rng.expovariate(1.2))), True, {"street": w.name})
    for p in places:
        k = 1 + min(5, int(rng.expovariate(0.9))) + (2 if p["is_landmark"] else 0)
        picked = versions("node", p["id"], p["district"], k, False, p)
        place_last[p["id"]] = (len(picked), picked[-1])
    # keep the changesets that changed something, numbered in time order
    kept = [i for i in range(N_CHANGESETS) if members[i]]
    new_id = {old: n for n, old in enumerate(kept, 1)}
    first_edit: dict[int, datetime] = {}
    for old in kept:
        u = cs_user[old]
        first_edit.setdefault(u, times[old])
        t0 = times[old]
        t1 = t0 + timedelta(minutes=rng.randint(1, 90))
        ms = members[old]
        pts = [(p_["x"], p_["y"]) for kind, _, _, _, p_ in ms if kind == "node" and p_]
        editor = rng.choice(N.EDITORS)
        comment = _comment(rng, ms, cs_district[old], editor)
        bbox = _bbox_ll(pts) if pts else (None, None, None, None)
        out.changesets.append((new_id[old], u + 1, stamp(t0), stamp(t1), comment, editor, rng.choice(N.SOURCES),
                               len(ms), *bbox))
        for kind, eid, v, action, _ in ms:
            out.changes.append((new_id[old], kind, eid, v, action))
        if rng.random() < 0.08:
            for j in range(rng.randint(1, 3)):
                other = rng.choices(range(len(names)), weights)[0]
                text = rng.choice(_CS_DISCUSSION).format(place=_place_name(ms) or "this place",
                                                         street=_street_name(ms) or "this street")
                out.cs_comments.append((len(out.cs_comments) + 1, new_id[old], other + 1, text,
                                        stamp(t1 + timedelta(hours=5 + 17 * j))))
    for pid, (v, old) in place_last.items():
        out.place_versions[pid] = (v, new_id[old], names[cs_user[old]], stamp(times[old] + timedelta(minutes=1)))
    for i, name in enumerate(names):
        since = min(first_edit.get(i, T_END), T0 + timedelta(days=rng.randrange(4500)))
        desc = people[name].bio if name in people else _profile(rng, homes[name])
        out.users.append((i + 1, name, stamp(since - timedelta(days=rng.randrange(1, 400))), desc, homes[name]))
    _diaries(rng, out, names, weights, places, ways)
    _traces(rng, out, names, weights, places, graph, node_xy)
    _notes(rng, out, names, places, skip_note_places)
    return out


def _place_name(ms: list) -> str | None:
    return next((p["name"] for kind, _, _, _, p in ms if kind == "node" and p), None)


def _street_name(ms: list) -> str | None:
    return next((i["street"] for _, _, _, _, i in ms if i), None)


def _comment(rng: random.Random, ms: list, district: str, editor: str) -> str:
    nodes = [p for kind, _, _, _, p in ms if kind == "node" and p]
    street = _street_name(ms) or "Court Street"
    if editor.startswith("StreetComplete"):
        return f"StreetComplete: answered {len(ms)} quests in {district}"
    if editor.startswith("Every Door"):
        return f"Every Door: updated {len(ms)} shops in {district}"
    if not nodes:
        return rng.choice(("Align {street} to the latest imagery", "Add house numbers along {street}",
                           "Mapped sidewalks and crossings on {street}")).format(street=street)
    cats = defaultdict(int)
    for p in nodes:
        cats[p["category"]] += 1
    cat, n = max(sorted(cats.items()), key=lambda kv: kv[1])
    if cat == "bus stop" and n == len(nodes):
        return f"Add bus stops along {nodes[0]['street']}"
    if n >= 3:
        return f"Added {n} {_plural(label_of(cat))} in {district}"
    p = nodes[0]
    form = rng.choice(("Updated opening hours of {place}", "{place}: add website and phone", "Fix name of {place}",
                       "Survey of {street}: shops and addresses", "Remove closed shops on {street}",
                       "Add cuisine and outdoor seating to restaurants in {district}", "Tagging fixes ({what})"))
    return form.format(place=p["name"], street=p["street"], district=district, what=_plural(label_of(cat)).lower())


def _plural(label: str) -> str:
    low = label.lower()
    if low.endswith(("s", "sh", "ch")):
        return label + "es"
    if low.endswith("y") and not low.endswith(("ay", "ey", "oy")):
        return label[:-1] + "ies"
    return label + "s"


def _profile(rng: random.Random, district: str) -> str:
    return rng.choice((
        f"I map {district} on foot, mostly shops and addresses.", f"Cyclist. I add bike parking and cycle lanes around {district}.",
        f"Living in {district} since {rng.randint(1995, 2021)}. Surveys on weekends.", "Armchair mapper, imagery and road alignment.",
        f"StreetComplete addict. {district} and the waterfront.", "Transit fan: bus stops, routes and shelters.",
        "I keep the opening hours in my neighbourhood up to date.", "New to mapping, questions welcome!",
    ))


def _bbox_ll(pts: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    la0, lo0 = to_latlon(min(xs), min(ys))
    la1, lo1 = to_latlon(max(xs), max(ys))
    return la0, lo0, la1, lo1


def _diaries(rng: random.Random, out: Community, names: list[str], weights: list[float], places: list[dict],
             ways: list) -> None:
    named = [p for p in places if p["tags"].get("name")]
    for i in range(N_DIARIES):
        u = rng.choices(range(len(names)), weights)[0]
        p = rng.choice(named)
        street = rng.choice(ways).name
        fill = {"district": p["district"], "place": p["name"], "street": street, "n": rng.randint(2, 40)}
        title = rng.choice(_DIARY_TITLES).format(**fill)
        paras = [rng.choice(N.DIARY_OPENERS).format(**fill)]
        for _ in range(rng.randint(1, 3)):
            fill["n"] = rng.randint(2, 40)
            paras.append(rng.choice(N.DIARY_MIDDLES).format(**fill) + " " + rng.choice(N.DIARY_MIDDLES).format(**fill))
        paras.append(rng.choice(N.DIARY_CLOSERS).format(**fill))
        t = T0 + timedelta(days=900 + rng.randrange(4400))
        lat, lon = to_latlon(p["x"], p["y"]) if rng.random() < 0.7 else (None, None)
        out.diaries.append((i + 1, u + 1, title, "\n\n".join(paras), stamp(t), lat, lon))
        for j in range(rng.choice((0, 0, 1, 1, 2, 3))):
            other = rng.choices(range(len(names)), weights)[0]
            out.diary_comments.append((len(out.diary_comments) + 1, i + 1, other + 1,
                                       rng.choice(_DIARY_REPLIES).format(**fill), stamp(t + timedelta(hours=3 + 20 * j))))
    out.diaries.sort(key=lambda d: d[0])


def _traces(rng: random.Random, out: Community, names: list[str], weights: list[float], places: list[dict],
            graph: Graph, node_xy: list[tuple[float, float]]) -> None:
    made = 0
    while made < N_TRACES:
        a, b = rng.sample(places, 2)
        try:
            dist, _, nodes, _ = shortest_path(graph, a["node_id"], b["node_id"])
        except NoRoute:
            continue
        if not 600 < dist < 9000:
            continue
        made += 1
        pts = []
        for n in nodes:
            x, y = node_xy[n - 1]
            pts.append(to_latlon(x + rng.uniform(-4, 4), y + rng.uniform(-4, 4)))
        u = rng.choices(range(len(names)), weights)[0]
        kind = rng.choice(N.TRACE_WORDS)
        t = T0 + timedelta(days=700 + rng.randrange(4600), seconds=rng.randrange(86400))
        lats, lons = [p[0] for p in pts], [p[1] for p in pts]
        out.traces.append((made, u + 1, f"{kind} {a['district']} to {b['name']}",
                           f"{kind} from {a['name']} to {b['name']}, {dist / 1000:.1f} km.",
                           rng.choice(("walk", "bike", "survey,walk", "commute,bike", "run")),
                           rng.choice(("public", "public", "identifiable")), stamp(t), round(dist, 1),
                           _points_json(pts), min(lats), min(lons), max(lats), max(lons)))


def _points_json(pts: list[tuple[float, float]]) -> str:
    return "[" + ",".join(f"[{la:.6f},{lo:.6f}]" for la, lo in pts) + "]"


def _notes(rng: random.Random, out: Community, names: list[str], places: list[dict], skip: set[int]) -> None:
    cands = [p for p in places if p["id"] not in skip and not p["is_landmark"]]
    for _ in range(N_NOTES):
        p = rng.choice(cands)
        at_place = rng.random() < 0.75
        if at_place:
            lat, lon, pid = *to_latlon(p["x"], p["y"]), p["id"]
        else:
            lat, lon = to_latlon(p["x"] + rng.uniform(-60, 60), p["y"] + rng.uniform(-60, 60))
            pid = None
        t = datetime(2019, 1, 1) + timedelta(seconds=rng.randrange(int((T_END - datetime(2019, 1, 1)).total_seconds())))
        text = rng.choice(N.NOTE_TEXTS).format(street=p["street"], hours=p.get("opening_hours") or "Mo-Fr 09:00-17:00",
                                               number=p.get("house_number") or str(100 + 2 * rng.randrange(200)))
        comments = [("opened", rng.choice(names) if rng.random() < 0.5 else None, text, t)]
        for _ in range(rng.choice((0, 0, 1, 1, 2))):
            t = t + timedelta(hours=rng.randint(2, 900))
            comments.append(("commented", rng.choice(names), rng.choice(N.NOTE_REPLIES), t))
        if rng.random() < 0.6:
            t = t + timedelta(hours=rng.randint(2, 900))
            comments.append(("closed", rng.choice(names), rng.choice(N.NOTE_REPLIES) if rng.random() < 0.7 else "", t))
        if comments[-1][3] >= T_END:
            comments = [c for c in comments if c[3] < T_END] or comments[:1]
        closed = comments[-1][0] == "closed"
        out.notes.append((lat, lon, pid, "closed" if closed else "open", stamp(comments[0][3]), stamp(comments[-1][3]),
                          stamp(comments[-1][3]) if closed else None))
        out.note_comments.append([(a, who, body, stamp(ts)) for a, who, body, ts in comments])
