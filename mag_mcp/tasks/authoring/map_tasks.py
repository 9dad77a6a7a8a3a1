"""Source of `tasks/data/map.json`: tasks on the OpenStreetMap-like map of Port
Alder, from intent templates, each with gold trajectories in both groundings.
Run `python -m mag_mcp.tasks.authoring.map_tasks` to regenerate the JSON;
`mag tasks verify --site map` replays every trajectory.

Facts are read from the map itself at authoring time: routes come from the
real directions page (the form's redirect gives the WebArena-shaped URL, the
summary line gives the distance and time as the page formats them, which is
`routing.summary`), search results from the real search page, details from the
seed database. The only state a visitor changes is map notes (OSM's "Add a note
to the map"); note tasks are checked with SQL over the episode's own database,
against the seed's notes read here. Guides name what a person sees, never mark
ids or pixels.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from mag_mcp.tasks.authoring.common import (
    Design,
    TaskBook,
    chain,
    distinct,
    distractor,
    field,
    negative,
    pick,
    role,
    s,
    same,
    stale,
    standard_negatives,
    state_eval,
    string_eval,
    url_eval,
    url_negative,
    write_task_file,
)
from mag_mcp.tasks.authoring.map_parts import (
    MODE_ING,
    MODE_VERB,
    MODES,
    SITE,
    Route,
    add_note,
    choose_mode,
    facts,
    fill_route,
    go,
    km_alternatives,
    new_note_eval,
    new_note_guards,
    note_update_eval,
    open_directions,
    open_note,
    open_place,
    reactivate_and_comment,
    resolve_with_comment,
    search_distractors,
    search_part,
)

# Templates whose tasks train; the rest are test (about 70/30 by template).
TRAIN_TEMPLATES = {9301, 9302, 9303, 9305, 9307, 9309, 9310, 9312}
MODE_BY = {"car": "by car", "bike": "by bicycle", "foot": "on foot"}


def unhedged(negatives: list[dict[str, str]]) -> list[dict[str, str]]:
    """`negatives` without the hedged list, for opening hours: the strict checker reads the ";"
    inside them as a list separator and passes such a list, so it is no negative there."""
    return [x for x in negatives if x["why"] != "hedged list"]


def missing_one(answer: list[str], gold: list[str]) -> bool:
    """Whether an answer made of `answer`'s values lacks some gold value (so a checker must fail it)."""
    return any(g not in answer for g in gold)

def minutes(hours_minutes: str) -> int:
    """A route summary's "H:MM" as minutes (a labelled reference the strict roles rule reads)."""
    hours, mins = hours_minutes.split(":")
    return int(hours) * 60 + int(mins)


# ------------------------------------------------------------ templates

def build() -> list[dict[str, Any]]:
    f = facts()
    book = TaskBook(SITE, "map", TRAIN_TEMPLATES, "__MAP__")
    tasks, add = book.tasks, book.add

    # 9301 driving distance (information)
    for n, (a, b) in enumerate([
        ("Central Library", "Eastgate Station"), ("Port Alder City Hall", "Hilltop Observatory"),
        ("Alder General Hospital", "Ferry Terminal"), ("Old Mill Museum", "Port Alder Zoo"),
        ("Botanical Garden", "Eastgate Mall"),
    ], 1):
        key = f"drive{n}"
        r = f.route(a, b, "car")
        near = distinct({f"{MODE_BY[m]} instead of driving": f.route(a, b, m).distance for m in ("bike", "foot")}
                        | {f"the drive back from {b}": f.route(b, a, "car").distance}, r.distance)
        add(9301, n, "drive-distance", "What is the driving distance from {start} to {end}?",
            {"start": a, "end": b}, "information", chain(
                open_directions(key), fill_route(key, a, b), go(key),
                same(s("stop", pick(key + "stop", [
                    f"Read the distance in the summary above the turn-by-turn steps: {r.distance}.",
                    f"The route summary on the left says the drive is {r.distance}.",
                ]), value=r.distance)),
            ), string_eval(must_include=[km_alternatives(r.distance)]),
            design=Design(negatives=standard_negatives(r.distance, near=near)))

    # 9302 walking / cycling time (information)
    for n, (a, b, mode) in enumerate([
        ("Riverside Park", "Old Mill Brewery", "foot"), ("Port Alder University", "Science Center", "bike"),
        ("Lantern Theatre", "Harbor Coffee Roasters", "foot"), ("Eastgate Stadium", "Central Police Station", "bike"),
        ("Maritime Museum", "Founders Square", "foot"),
    ], 1):
        key = f"time{n}"
        r = f.route(a, b, mode)
        near = distinct({f"{MODE_BY[m]} instead": f.route(a, b, m).time for m in MODES if m != mode}
                        | {f"the trip back from {b}": f.route(b, a, mode).time}, r.time)
        add(9302, n, "travel-time", "How long does it take to {verb} from {start} to {end}?",
            {"verb": MODE_VERB[mode], "start": a, "end": b}, "information", chain(
                open_directions(key), fill_route(key, a, b), choose_mode(key, "car", mode), go(key),
                same(s("stop", pick(key + "stop", [
                    f"Read the time in the route summary: {r.time} (hours:minutes).",
                    f"The summary above the steps gives the time as {r.time}.",
                ]), value=r.time)),
            ), string_eval(must_include=[r.time]), design=Design(negatives=standard_negatives(r.time, near=near)))

    # 9303 a detail of a place (information)
    details = [
        ("Central Library", "opening hours", "opening_hours"), ("Harbor Coffee Roasters", "phone number", "phone"),
        ("Old Mill Brewery", "opening hours", "opening_hours"), ("Lantern Theatre", "phone number", "phone"),
        ("Eastgate Mall", "postcode", "postcode"), ("Riverside Row Bistro", "street address", "address"),
    ]
    row_label = {"opening_hours": "Opening hours", "phone": "Phone", "postcode": "Postcode", "address": "Address"}

    def detail_of(row: dict[str, Any], col: str) -> str | None:
        if col == "address":
            return f"{row['house_number']} {row['street']}" if row["house_number"] and row["street"] else None
        return row[col]

    for n, (name, what, col) in enumerate(details, 1):
        key = f"detail{n}"
        p = f.place(name)
        value = detail_of(p.row, col)
        near = distinct({f"{q.name} in {q.row['district']}": detail_of(q.row, col) or ""
                         for q in f.neighbours(p, 3) + f.same_category(p) + f.district_landmarks(p)}, value)
        near = dict(list(near.items())[:2]) or {"the house number on the Address row": p.row["house_number"]}
        negatives = standard_negatives(value, near=near)
        if col == "opening_hours":
            negatives = unhedged(negatives)
        assert len(negatives) >= 2, (name, col)
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
            ), string_eval(must_include=[value]),
            design=Design(negatives=negatives, distractors=search_distractors(f, p)))

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
        runners_up = [f.place_by_id(pid).name for pid, _ in hits[1:3] if isinstance(pid, int)]
        near = distinct({f"the {'second' if i == 1 else 'third'} nearest": q for i, q in enumerate(runners_up, 1)},
                        nearest_name)
        add(9304, n, "nearest", "What is the nearest {what_singular} to {anchor}?",
            {"what_singular": what.rstrip("s") if what.endswith("s") else what, "anchor": anchor},
            "information", chain(
                search_part(key, query),
                same(s("stop", pick(key + "stop", [
                    f"The results are sorted nearest first; the top one is {nearest_name}.",
                    f"Read the first result, which is the closest: {nearest_name}.",
                ]), value=nearest_name)),
            ), string_eval(must_include=[nearest_name]), design=Design(
                negatives=standard_negatives(nearest_name, near=near),
                distractors=[distractor(SITE, runners_up[0], "other", "the second nearest, just under it")]))

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
            ), url_eval("__MAP__" + r.url), design=Design(negatives=[
                url_negative("__MAP__" + f.route(b, a, mode).url, f"start and end swapped (from {b} to {a})"),
                *[url_negative("__MAP__" + f.route(a, b, m).url, f"the {MODE_ING[m]} route instead")
                  for m in MODES if m != mode],
            ]))

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
        ), url_eval(f"__MAP__/node/{p.id}"), design=Design(negatives=[
            *[url_negative(f"__MAP__/node/{q.id}", f"near entity ({q.name}, {q.row['category']}, beside it in "
                           "the results)") for q in f.neighbours(p)],
            url_negative(f"__MAP__/search?{urlencode({'query': name})}", "the search results, not the place"),
        ], distractors=search_distractors(f, p)))

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
        gold = [rc.distance, rb.distance, rf.distance]
        back = [f.route(b, a, m).distance for m in ("car", "bike", "foot")]
        negatives = [stale(f"driving {rc.distance}, cycling {rc.distance}, walking {rf.distance}"),
                     stale(f"driving {rc.distance}, cycling {rb.distance}, walking {rb.distance}")]
        if missing_one(back, gold):
            negatives.append(negative(f"driving {back[0]}, cycling {back[1]}, walking {back[2]}",
                                      f"near entity's value (the routes back from {b})"))
        negatives.append(negative(f"driving {rb.distance}, cycling {rf.distance}, walking {rc.distance}",
                                  "permuted multi-value"))
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
            ), string_eval(must_include=[f"{mode}: {r.distance}" for mode, r in
                                        (("driving", rc), ("cycling", rb), ("walking", rf))]),
            design=Design(negatives=negatives, distractors=search_distractors(f, p)))

    # 9308 car vs foot time, reversed direction (information, long)
    for n, (a, b) in enumerate([
        ("Alder General Hospital", "Lantern Theatre"), ("Port Alder Zoo", "Eastgate Mall"),
        ("Maritime Museum", "Science Center"), ("Riverside Row Bistro", "Central Police Station"),
        ("North Shore Lighthouse", "Old Mill Museum"),
    ], 1):
        key = f"back{n}"
        rc, rf = f.route(b, a, "car"), f.route(b, a, "foot")
        cycled = f.route(b, a, "bike").time
        assert missing_one([rc.time, cycled], [rc.time, rf.time]) and rc.time != rf.time, (a, b)
        negatives = [negative(f"car {rc.time}, foot {cycled}", "near entity's value (the cycling time for walking)"),
                     stale(f"car {rc.time}, foot {rc.time}"),
                     negative(f"car {rf.time}, foot {rc.time}", "permuted multi-value")]
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
            ), string_eval(must_include=[f"car: {minutes(rc.time)} min", f"foot: {minutes(rf.time)} min"]),
            design=Design(negatives=negatives))

    last = f.last_ids()
    last_note = last[0]

    # 9309 leave a note at a place (state)
    for n, (name, text) in enumerate([
        ("Harbor Coffee Roasters", "The bike rack outside has been removed."),
        ("Eastgate Mall", "The main entrance is closed for renovation."),
        ("Riverside Row Bistro", "This restaurant now opens at 16:00."),
        ("Lantern Theatre", "The box office moved to the side door."),
        ("Old Mill Museum", "There is new bike parking next to the entrance."),
    ], 1):
        key = f"note{n}"
        p = f.searchable(name)
        add(9309, n, "add-note", "Leave the note \"{text}\" on the map at {place}.", {"place": name, "text": text},
            "state_change", chain(
                open_place(key, p), add_note(key, text, via_map_button=n % 2 == 0),
                same(s("stop", pick(key + "stop", [
                    "The new note is saved and its page shows it as unresolved.",
                    f"Done: the note at {name} now appears on the map.",
                ]))),
            ), new_note_eval(last, p.id, text), design=Design(distractors=search_distractors(f, p)))

    # 9310 walking distance, then a note at the destination that gives it (state, long)
    for n, (a, b) in enumerate([
        ("Central Library", "Maritime Museum"), ("Eastgate Station", "Eastgate Mall"),
        ("Port Alder University", "Botanical Garden"), ("Ferry Terminal", "Alder Wharf Market"),
        ("Science Center", "Old Mill Brewery"),
    ], 1):
        key = f"walknote{n}"
        r = f.route(a, b, "foot")
        p = f.searchable(b)
        text = f"Walk from {a}: {r.distance}"
        alternatives = km_alternatives(r.distance).split(" |OR| ")
        add(9310, n, "walk-note", "Find the walking distance from {start} to {end}, then leave a note on the map at "
            "{end} saying \"Walk from {start}: \" followed by that distance.", {"start": a, "end": b}, "state_change",
            chain(
                open_directions(key), fill_route(key, a, b), choose_mode(key, "car", "foot"), go(key),
                same(s("click", pick(key + "close", [
                    (f"The summary says the walk is {r.distance}. Close the directions panel with the × at its "
                     "top right."),
                    f"Note the distance, {r.distance}, then click the × next to “Directions” to close the panel.",
                ]), role("link", "Close"))),
                open_place(key, p), add_note(key, text, via_map_button=n % 2 == 1),
                same(s("stop", pick(key + "stop", [
                    f"The note at {b} now gives the walking distance, {r.distance}.",
                    f"Saved: {b} has a new note with the walk of {r.distance} from {a}.",
                ]))),
            ), state_eval(SITE, {
                "sql": "SELECT n.place_id, n.status, c.action, (instr(c.body, ?) > 0 OR instr(c.body, ?) > 0) "
                       "FROM notes n JOIN note_comments c ON c.note_id = n.id "
                       f"WHERE n.id > {last_note} ORDER BY c.id",
                "params": alternatives, "expected": [[p.id, "open", "opened", 1]],
            }, guards=new_note_guards(last)), design=Design(distractors=search_distractors(f, p)))

    # 9311 resolve an open note with a comment, 9312 reactivate a resolved one and comment (state)
    for tid, short, template, before, after, steps, rows in [
        (9311, "resolve-note", "With the comment \"{text}\", resolve the unresolved map note at {place}.", "open",
         "closed", resolve_with_comment, [
             ("Blue Heron Coffee", "Checked on site: the entrance is on the side street now."),
             ("Maritime Museum", "Added the wheelchair entrance on the harbor side."),
             ("Science Center", "Confirmed, the cafe is gone. Removed it."),
             ("Eastgate Stadium", "The lot is marked as closed for now."),
         ]),
        (9312, "reopen-note", "Reactivate the resolved map note at {place}, then comment \"{text}\" on it.", "closed",
         "open", reactivate_and_comment, [
             ("Ferry Terminal", "The ticket office is still missing on the map."),
             ("Central Library", "The drop box has moved to the parking lot."),
             ("Port Alder Zoo", "The east gate is closed again."),
         ]),
    ]:
        for n, (name, text) in enumerate(rows, 1):
            key = f"{short}{n}"
            p = f.searchable(name)
            nid = f.only_note(name, before)
            add(tid, n, short, template, {"place": name, "text": text}, "state_change",
                chain(open_note(key, p, nid, before), steps(key, text, nid)),
                note_update_eval(last, nid, after, text), design=Design(distractors=search_distractors(f, p)))
    return tasks


def main() -> None:
    write_task_file("map", build)


if __name__ == "__main__":
    main()
