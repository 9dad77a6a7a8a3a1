"""Source of `tasks/data/cross_site.json`: tasks that need two sites at once,
from intent templates, each with gold trajectories in both groundings. Run
`python -m mag_mcp.tasks.authoring.cross_site_tasks` to regenerate the JSON;
`mag tasks verify --site cross_site` replays every trajectory.

As in WebArena, a cross-site task starts with one tab per site (the start URL
joins them with ` |AND| `); the agent reads a fact on one site and uses it on
the other, switching tabs. Facts come from each site's own authoring facts
(the real seed databases and real pages), so a task stops building if a fact
it relies on no longer holds; the wiki's facts are read here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from urllib.parse import quote_plus

from mag_mcp.tasks.authoring import (
    gitlab_parts,
    map_parts,
    reddit_parts,
    shopping_parts,
    wikipedia_parts,
)
from mag_mcp.tasks.authoring.common import (
    Design,
    Part,
    TaskBook,
    chain,
    distractor,
    field,
    pick,
    role,
    s,
    same,
    standard_negatives,
    state_eval,
    string_eval,
    unchanged,
    url_eval,
    url_negative,
    write_task_file,
)

# Templates whose tasks train; the rest are test (about 70/30 by template).
TRAIN_TEMPLATES = {9601, 9603, 9604, 9606, 9607}
MAKERS = ("Architect", "Engineer", "Landscape architect", "Designer")  # who a landmark's infobox says made it
START = {"shopping": "__SHOPPING__", "reddit": "__REDDIT__", "gitlab": "__GITLAB__", "map": "__MAP__",
         "wikipedia": wikipedia_parts.START}
TAB_WORD = {"shopping": "the store", "reddit": "the forum", "gitlab": "GitLab", "map": "the map",
            "wikipedia": "Wikipedia"}


class WikiFacts(wikipedia_parts.WikiFacts):
    """The wiki's facts, plus lookups by what an intent says about an article."""

    def infobox(self, title: str) -> dict[str, str]:
        rows = self.db.execute("SELECT i.label, i.value FROM infobox_rows i JOIN articles a ON a.id = i.article_id "
                               "WHERE a.title = ? ORDER BY i.position", (title,)).fetchall()
        if not rows:
            raise KeyError(f"no infobox for {title!r}")
        return {r["label"]: r["value"] for r in rows}

    def article_of(self, kind: str, entity: str) -> str:
        r = self.db.execute("SELECT title FROM articles WHERE kind = ? AND entity = ?", (kind, entity)).fetchone()
        if r is None:
            raise KeyError(f"no {kind} article about {entity!r}")
        return r["title"]

    def landmarks_by(self, label: str, value: str, type_: str) -> list[str]:
        """Landmarks whose infobox has `label` = `value` and Type = `type_`."""
        return [r["title"] for r in self.db.execute(
            "SELECT a.title FROM articles a JOIN infobox_rows i ON i.article_id = a.id AND i.label = ? AND i.value = ? "
            "JOIN infobox_rows t ON t.article_id = a.id AND t.label = 'Type' AND t.value = ? WHERE a.kind = 'landmark'",
            (label, value, type_))]

    def landmarks_of_type(self, type_: str) -> list[str]:
        """Landmarks whose infobox Type is `type_`, by title."""
        return [r["title"] for r in self.db.execute(
            "SELECT a.title FROM articles a JOIN infobox_rows t ON t.article_id = a.id AND t.label = 'Type' "
            "AND t.value = ? WHERE a.kind = 'landmark' ORDER BY a.title", (type_,))]

    def made_by(self, maker: str) -> list[str]:
        """Landmarks whose infobox names `maker` as architect, engineer or designer."""
        return [r["title"] for r in self.db.execute(
            f"SELECT DISTINCT a.title FROM articles a JOIN infobox_rows i ON i.article_id = a.id WHERE a.kind = "
            f"'landmark' AND i.value = ? AND i.label IN ({','.join('?' * len(MAKERS))}) ORDER BY a.title",
            (maker, *MAKERS))]

    def query_showing(self, title: str, *queries: str) -> str:
        """The first of `queries` whose top results (the ones in view without scrolling) list `title`."""
        for q in queries:
            if title in self.hits(q)[:3]:
                return q
        raise LookupError(f"no search among {queries} lists {title!r}")


@lru_cache(maxsize=1)
def wiki() -> WikiFacts:
    return WikiFacts()


# ------------------------------------------------------------ reusable parts

def to_tab(key: str, index: int, site: str) -> Part:
    word = TAB_WORD[site]
    ordinal = ["first", "second", "third"][index]
    return same(s("tab_focus", pick(key + "tab", [
        f"Switch to the {ordinal} browser tab, where {word} is open.",
        f"Go to the {ordinal} tab, {word}.",
        f"Bring {word} to the front by switching to the {ordinal} tab.",
    ]), value=str(index)))


def wiki_open(key: str, title: str, query: str) -> Part:
    """Search the wiki and open one article from the results."""
    return chain(
        wikipedia_parts.search_part(key, query),
        same(s("click", pick(key + "wopen", [
            f"Click “{title}” in the list of results.",
            f"Open the article “{title}” from the search results.",
            f"Among the results, click the title “{title}”.",
        ]), role("link", title))),
    )


def money(x: float) -> str:
    return f"${shopping_parts.money(x)}"


def map_url(hit: int | str) -> str:
    """The map page of a search result: a place id, or "way/12" and the like."""
    return f"__MAP__/node/{hit}" if isinstance(hit, int) else f"__MAP__/{hit}"


# ------------------------------------------------------------ templates

def build() -> list[dict[str, Any]]:
    book = TaskBook("cross_site", "cross", TRAIN_TEMPLATES, "")
    tasks = book.tasks

    def add(tid: int, n: int, short: str, template: str, values: dict[str, Any], sites: list[str], kind: str,
            gold: Part, eval_: dict[str, Any], design: Design | None = None) -> None:
        logged_in = set(sites) & {"shopping", "reddit", "gitlab"}
        book.add(tid, n, short, template, values, kind, gold, eval_, sites=sites,
                 start_url=" |AND| ".join(START[x] for x in sites),
                 storage_state="./.auth/cross_site_state.json" if logged_in else None, design=design)

    m, forum, shop, lab, w = map_parts.facts(), reddit_parts.facts(), shopping_parts.facts(), gitlab_parts.facts(), wiki()
    forums = forum.forum_options()
    new_posts = reddit_parts.NEW_POSTS
    seed_posts = forum.max_id("submissions")
    new_post_guards = (
        unchanged("submissions", "id > ?", seed_posts, note="no earlier post changed"),
        unchanged("submission_votes", "submission_id > ?", seed_posts, note="no vote but the new post's own"),
        unchanged("comments", note="no comment written"),
    )

    # 9601 route distance from the map, posted to the forum (state, long)
    for n, (a, b, mode, fname, title) in enumerate([
        ("Central Library", "Eastgate Station", "bike", "travel", "Bike ride: Central Library to Eastgate"),
        ("Port Alder Zoo", "Old Mill Museum", "car", "news", "Driving from the zoo to the museum"),
        ("Ferry Terminal", "Botanical Garden", "foot", "travel", "Walk from the ferry to the gardens"),
        ("Hilltop Observatory", "Port Alder City Hall", "bike", "science", "Cycling down from the observatory"),
        ("Eastgate Mall", "Alder General Hospital", "car", "news", "Mall to hospital by car"),
    ], 1):
        key = f"routepost{n}"
        r = m.route(a, b, mode)
        add(9601, n, "route-post", "Find the {mode} distance from {start} to {end} on the map, then post it in the "
            "{forum} forum with the title \"{title}\" and the distance as the text.",
            {"mode": map_parts.MODE_ING[mode], "start": a, "end": b, "forum": fname, "title": title},
            ["map", "reddit"], "state_change", chain(
                map_parts.open_directions(key), map_parts.fill_route(key, a, b),
                map_parts.choose_mode(key, "car", mode), map_parts.go(key),
                to_tab(key, 1, "reddit"),
                reddit_parts.new_post_part(key, fname, title, r.distance, forums),
                same(s("stop", pick(key + "stop", [f"The post with the distance, {r.distance}, is published.",
                                                   f"Done: the forum now has the post giving {r.distance}."]))),
            ), state_eval("reddit", {
                "sql": f"SELECT f.name, s.title, REPLACE(TRIM(s.body), ' ', '') FROM submissions s "
                       f"JOIN forums f ON f.id = s.forum_id WHERE {new_posts}",
                "expected": [[fname, title, r.distance]], "note": "one new post; the body is the distance",
            }, guards=new_post_guards))

    # 9602 a landmark found by its architect on the wiki, then the walk there (information)
    for n, (start, landmark) in enumerate([
        ("Eastgate Station", "Central Library"), ("Ferry Terminal", "Port Alder City Hall"),
        ("Old Mill Museum", "Alder General Hospital"), ("Central Library", "North Shore Lighthouse"),
        ("Port Alder Zoo", "Botanical Garden"),
    ], 1):
        key = f"archwalk{n}"
        box = w.infobox(landmark)
        job = next(k for k in MAKERS if k in box)
        maker, what = box[job], box["Type"].lower()
        if w.landmarks_by(job, maker, box["Type"]) != [landmark]:
            raise LookupError(f"{landmark} is not the only {what} with {job} {maker}")
        query = w.query_showing(landmark, maker, f"{maker} {what}", f"{what} {maker}", landmark)
        r = m.route(start, landmark, "foot")
        others = [x for x in w.made_by(maker) if x not in (landmark, start)]  # the same maker's other landmarks
        near = {f"the {word} time of the same route": m.route(start, landmark, mode).time
                for mode, word in (("car", "driving"), ("bike", "cycling"))}
        near.update({f"the walk to the {x}, also by {maker}": m.route(start, x, "foot").time for x in others})
        add(9602, n, "architect-walk", "How long does it take to walk from {start} to the {what} in Port Alder "
            "whose {job} was {maker}, according to Wikipedia?",
            {"start": start, "what": what, "job": job.lower(), "maker": maker},
            ["wikipedia", "map"], "information", chain(
                wiki_open(key, landmark, query),
                to_tab(key, 1, "map"),
                map_parts.open_directions(key), map_parts.fill_route(key, start, landmark),
                map_parts.choose_mode(key, "car", "foot"), map_parts.go(key),
                same(s("stop", pick(key + "stop", [f"The walk to the {landmark} takes {r.time}.",
                                                   f"The route summary gives a walking time of {r.time}."]),
                       value=r.time)),
            ), string_eval(must_include=[r.time]), design=Design(
                negatives=standard_negatives(r.time, near={e: v for e, v in near.items() if v != r.time}),
                distractors=[distractor("wikipedia", x, "other", f"another landmark of {maker}") for x in others]))

    # 9603 a price from the store, filed as a GitLab issue (state, long)
    seed_issues = lab.max_id("issues")
    for n, (product_name, path, title) in enumerate([
        ("Sony WH-CH710N/H Wireless Bluetooth Noise Cancelling Headphones, Gray", "portalder/library-catalog",
         "Budget: headphones for the front desk"),
        ("Apple 20W USB-C Power Adapter", "alder-labs/geocoder", "Budget: charger for the test phones"),
        ("Bose SoundLink Flex Portable Bluetooth Speaker, Stone Blue", "byteblaze/planner",
         "Budget: speaker for the demo day"),
        ("SAMSUNG T7 Portable SSD 1TB, USB 3.2 Gen 2, Titan Gray", "portalder/bike-lanes",
         "Budget: SSD for survey photos"),
        ("Logitech MX Master 3S Wireless Performance Mouse, Graphite", "alder-labs/tilecache", "Budget: a new mouse"),
    ], 1):
        key = f"priceissue{n}"
        p = shop.product(product_name)
        proj = lab.project(path)
        beside = [distractor("shopping", x["name"], "similar", "beside it on the search's first row")
                  for x in shop.neighbours(p)]
        add(9603, n, "price-issue", "Look up the price of \"{product}\" in One Stop Market and open an issue in the "
            "GitLab project {project} titled \"{title}\" whose description is that price.",
            {"product": product_name, "project": path, "title": title}, ["shopping", "gitlab"], "state_change", chain(
                shopping_parts.open_product(key, p),
                to_tab(key, 1, "gitlab"),
                gitlab_parts.open_project(key, proj),
                same(s("click", pick(key + "new", ["Click “New issue” above the file list.",
                                                   "Start an issue with the “New issue” button."]),
                       role("link", "New issue"))),
                field("Title", title, f"Type “{title}” into the “Title” field.", clear=False),
                field("Description", money(p.price), pick(key + "d", [
                    f"Write the price, “{money(p.price)}”, in the “Description” box.",
                    f"Enter “{money(p.price)}” as the description."]), clear=False),
                same(s("click", "Click “Create issue” at the bottom of the form.", role("button", "Create issue")),
                     s("stop", pick(key + "stop", [f"The issue with the price {money(p.price)} is created.",
                                                   "The new issue is open and shows the price."]))),
            ), state_eval("gitlab", {
                "sql": "SELECT i.title, TRIM(REPLACE(i.description, '$', '')), i.state FROM issues i "
                       "JOIN projects p ON p.id = i.project_id WHERE p.full_path = ? AND i.created_at > '2023-06-12'",
                "params": [path], "expected": [[title, shopping_parts.money(p.price), "opened"]],
                "note": "exactly one new issue; the description is the price, with or without the dollar sign",
            }, guards=(unchanged("issues", "id > ?", seed_issues, note="no earlier issue changed"),
                       unchanged("projects", "id = ?", proj.id, note="only this project's last activity moved"),
                       unchanged("notes", note="no comment written"))), design=Design(distractors=beside))

    # 9604 star the project a wiki article describes (state)
    me = int(lab.db.execute("SELECT id FROM users WHERE username = ?", (gitlab_parts.ME,)).fetchone()[0])
    for n, path in enumerate(["byteblaze/cloud-to-butt", "alder-labs/geocoder", "byteblaze/dotfiles",
                              "portalder/bike-lanes", "alder-labs/tilecache"], 1):
        proj = lab.project(path)
        if lab.starred(proj):
            raise LookupError(f"{path} is already starred")
        title = w.article_of("project", path)
        box = w.infobox(title)
        kind_, lang = box["Type"], box["Written in"]
        query = w.query_showing(title, f"{kind_} {lang}", kind_)
        key = f"wikistar{n}"
        add(9604, n, "wiki-star", "Star the GitLab project of the {kind} written in {language} that Wikipedia "
            "describes as first released in {year}.", {"kind": kind_.lower(), "language": lang,
                                                       "year": box["Initial release"]},
            ["wikipedia", "gitlab"], "state_change", chain(
                wiki_open(key, title, query),
                to_tab(key, 1, "gitlab"),
                gitlab_parts.open_project(key, proj),
                same(s("click", pick(key + "star", ["Click the “Star” button at the top right of the project.",
                                                    "Press “Star” next to the project title."]), role("button", "Star")),
                     s("stop", pick(key + "stop", [f"{proj.link} is now starred.",
                                                   "The project shows as starred."]))),
            ), state_eval("gitlab", {
                "sql": "SELECT COUNT(*) FROM stars s JOIN users u ON u.id = s.user_id JOIN projects p "
                       "ON p.id = s.project_id WHERE u.username = ? AND p.full_path = ?",
                "params": [gitlab_parts.ME, path], "expected": [[1]],
            }, guards=(unchanged("stars", "user_id = ? AND project_id = ?", me, proj.id, note="no other star changed"),
                       unchanged("projects", note="no project changed"))))

    # 9605 an open-issue count from GitLab, posted to the forum (state)
    for n, (path, fname, title) in enumerate([
        ("portalder/transit-feed", "news", "Transit feed backlog"),
        ("alder-labs/routekit", "technology", "How busy is routekit?"),
        ("portalder/open-data-portal", "news", "Open data portal: open issues"),
        ("jkowalski/queue-lite", "technology", "queue-lite issue count"),
    ], 1):
        key = f"issuepost{n}"
        proj = lab.project(path)
        count = str(proj.open_issues)
        add(9605, n, "issues-post", "Post in the {forum} forum a post titled \"{title}\" whose text is the number "
            "of open issues of the GitLab project {project}.", {"forum": fname, "title": title, "project": path},
            ["gitlab", "reddit"], "state_change", chain(
                gitlab_parts.filter_projects(key, proj),
                to_tab(key, 1, "reddit"),
                reddit_parts.new_post_part(key, fname, title, count, forums),
                same(s("stop", pick(key + "stop", [f"The post giving {count} open issues is published.",
                                                   "The count is posted."]))),
            ), state_eval("reddit", {
                "sql": f"SELECT f.name, s.title, TRIM(s.body) FROM submissions s JOIN forums f ON f.id = s.forum_id "
                       f"WHERE {new_posts}",
                "expected": [[fname, title, count]], "note": "one new post; the body is the count",
            }, guards=new_post_guards))

    # 9606 a place's district on the map, its population on the wiki (information)
    city = w.infobox("Port Alder")["Population (2020)"]
    for n, name in enumerate(["Central Library", "Ferry Terminal", "Port Alder Zoo", "Eastgate Mall",
                              "Old Mill Museum"], 1):
        key = f"districtpop{n}"
        place = m.place(name)
        district = place.row["district"]
        article = w.article_of("district", district)
        pop = w.infobox(article)["Population (2020)"]
        query = w.query_showing(article, district)
        near = {"the city's population, on the Port Alder article": f"{district}, {city}",
                "the Density row below the population": f"{district}, {w.infobox(article)['Density']}"}
        twins = [(i, t) for i, t in m.search(name) if i != place.id and t.startswith(f"{name},")]
        add(9606, n, "district-population", "In which district of Port Alder is {place}, according to the map, and "
            "how many people lived in that district in 2020, according to Wikipedia?", {"place": name},
            ["map", "wikipedia"], "information", chain(
                map_parts.search_part(key, name),
                same(s("click", pick(key + "open", [f"Open “{name}” from the search results.",
                                                    f"Click the result “{name}”."]), role("link", place.display_name))),
                to_tab(key, 1, "wikipedia"),
                wiki_open(key, article, query),
                same(s("stop", pick(key + "stop", [
                    f"{name} is in {district}; the infobox gives a 2020 population of {pop}.",
                    f"The map puts it in {district}, whose “Population (2020)” row reads {pop}.",
                ]), value=f"{district}, {pop}")),
            ), string_eval(must_include=[district, f"{pop} |OR| {pop.replace(',', '')}"]), design=Design(
                negatives=standard_negatives([district, pop], near=near),
                distractors=[distractor("map", t, "same_name", "a result of the same name below it")
                             for _, t in twins]))

    # 9607 a landmark identified on the wiki, shown on the map (navigation)
    for n, landmark in enumerate(["Maritime Museum", "Science Center", "Old Mill Museum", "Alder Bridge",
                                  "Hilltop Reservoir"], 1):
        key = f"yearmap{n}"
        box = w.infobox(landmark)
        label = next(k for k in ("Built", "Opened", "Founded", "Established") if k in box)
        what, year = box["Type"], box[label]
        if w.landmarks_by(label, year, what) != [landmark]:
            raise LookupError(f"{landmark} is not the only {what} with {label} {year}")
        place = m.place(landmark)
        hits = m.search(landmark)
        if [i for i, _ in hits][:1] != [place.id]:
            raise LookupError(f"searching the map for {landmark!r} does not list it first")
        kin = [x for x in w.landmarks_of_type(what) if x != landmark]  # the other landmarks of its type
        below = hits[1][1].split(",")[0]
        negatives = [url_negative(map_url(hits[1][0]), f"near entity ({below}, the result below it)"),
                     *[url_negative(map_url(m.place(x).id), f"near entity (the {x}, another {what.lower()})")
                       for x in kin],
                     url_negative(f"__MAP__/search?query={quote_plus(landmark)}",
                                  "the search results, no place opened")]
        add(9607, n, "wiki-year-map", "Open the map page of the {what} in Port Alder that, according to Wikipedia, "
            "was {verb} in {year}.", {"what": what.lower(), "verb": label.lower(), "year": year},
            ["wikipedia", "map"], "navigation", chain(
                wiki_open(key, landmark, w.query_showing(landmark, f"{what} {year}", f"{what.lower()} {label.lower()} {year}")),
                to_tab(key, 1, "map"),
                map_parts.search_part(key, landmark),
                same(s("click", pick(key + "open", [f"Click “{landmark}” at the top of the results.",
                                                    f"Open the first result, “{landmark}”."]),
                       role("link", place.display_name)),
                     s("stop", pick(key + "stop", [f"The map now shows the page of the {landmark}.",
                                                   f"{landmark} is open on the map."]))),
            ), url_eval(f"__MAP__/node/{place.id}"), design=Design(negatives=negatives, distractors=[
                *[distractor("map", t, "same_name", "the result below it") for i, t in hits[1:2]
                  if isinstance(i, int) and t.startswith(f"{landmark},")],
                *[distractor("wikipedia", x, "similar", f"another {what.lower()}") for x in kin]]))
    return tasks


def main() -> None:
    write_task_file("cross_site", build)


if __name__ == "__main__":
    main()
