"""Source of `tasks/data/wikipedia.json`: tasks on the Kiwix-served Wikipedia
about Port Alder, from intent templates, each with gold trajectories in both
groundings. Run `python -m mag_mcp.tasks.authoring.wikipedia_tasks` to
regenerate the JSON; `mag tasks verify --site wikipedia` replays every
trajectory.

The wiki is read-only, like WebArena's Kiwix reader: there is nothing to
change, so the tasks either ask for an answer (infobox values, the contents of
a section, comparisons across articles, which article links to which) or for a
page to be open at the end (an article, an article reached through a redirect
title, a section of an article, a search results page).

Facts are read from the wiki itself at authoring time: infobox rows, sections
and links from the seed database, and from the real pages the order of search
results and where each link sits among the links of the same name (the
locators' `nth`). A fact a task relies on that no longer holds raises. Every
article's infobox and table of contents fit in the first screen, except the
lower rows of the city's long infobox; a gold step scrolls where a person would
have to. Guides name what a person sees, never mark ids or pixels, and their
phrasing varies between instances of a template.
"""

from __future__ import annotations

import re
from typing import Any

from mag_mcp.sites.wikipedia.markup import article_url
from mag_mcp.tasks.authoring.common import (
    Design,
    TaskBook,
    chain,
    distractor,
    negative,
    pick,
    role,
    s,
    same,
    standard_negatives,
    string_eval,
    url_eval,
    url_negative,
    write_task_file,
)
from mag_mcp.tasks.authoring.wikipedia_parts import (
    ANCHOR_RE,
    DESIGN_LABELS,
    HOME,
    SITE,
    START,
    Article,
    facts,
    find_article,
    infobox_link,
    link_name,
    linked_title,
    nth_link,
    number_ref,
    open_hit,
    ordinal_year,
    row_links,
    search_part,
    search_url,
    toc_click,
)

# Templates whose tasks train; the rest are test (about 70/30 by template).
TRAIN_TEMPLATES = {9501, 9502, 9504, 9505, 9506, 9508, 9509, 9510}
BORN_RE = re.compile(r"(\d{4}), ([^,]+), (.+)")


def place(value: str) -> str | None:
    """The city of a "Born" or "Died" row ("1889, Tacoma, Washington" -> "Tacoma")."""
    m = BORN_RE.fullmatch(value)
    return m.group(2) if m else None


def section_negatives(art: Article, heading: str) -> list[dict[str, str]]:
    """The article's top (the section not reached) and the section beside `heading` (the next one,
    or the one before the last)."""
    headings = [h for h, _ in art.sections]
    i = headings.index(heading)
    other, anchor = art.sections[i + 1 if i + 1 < len(headings) else i - 1]
    return [url_negative(art.url, f"the top of {art.title}, not the section"),
            url_negative(HOME + article_url(art.title, anchor), f"another section of the article ({other})")]


def near_values(gold: str, near: dict[str, str], n: int = 2, ref: str | None = None) -> dict[str, str]:
    """The first `n` near entities whose values differ from the gold and from each other (and,
    for a must_include reference `ref`, do not hold it)."""
    out: dict[str, str] = {}
    for who, value in near.items():
        if value == gold or value in out.values() or (ref is not None and ref.lower() in value.lower()):
            continue
        out[who] = value
        if len(out) == n:
            break
    return out


# ------------------------------------------------------------ templates

def build() -> list[dict[str, Any]]:
    f = facts()
    book = TaskBook(SITE, "wiki", TRAIN_TEMPLATES, START)
    tasks, add = book.tasks, book.add

    def lookalikes(*titles: str) -> list[dict[str, Any]]:
        """The similar titles listed beside the gold path's articles in their search results."""
        out: dict[str, dict[str, Any]] = {}
        for t in titles:
            for hit in f.lookalikes(t):
                if hit not in titles and hit not in out:
                    out[hit] = distractor(SITE, hit, "similar", f"listed beside {t} in the results for its title")
        return list(out.values())[:3]

    def design(gold: str, near: dict[str, str], *titles: str, ref: str | None = None) -> Design:
        """The near entities' values (where they differ from the gold) and the hedged list around
        the gold; the look-alikes of `titles` as distractors."""
        return Design(negatives=standard_negatives(gold, near=near_values(gold, near, ref=ref)),
                      distractors=lookalikes(*titles))

    # 9501 one infobox value (information)
    # (title, label, how the question names it, a word the answer must hold or None for the number, below the fold,
    #  near entities: who -> the value a reader could take for it)
    def box(title: str, label: str) -> str:
        return f.article(title).infobox[label]

    for n, (title, label, what, word, low, near) in enumerate([
        ("Alder Bridge", "Main span", "length of the main span", None, False,
         {"the bridge's total length, the row above": box("Alder Bridge", "Total length")}),
        ("Eastgate Stadium", "Capacity", "seating capacity", None, False,
         {"Lantern Theatre, the other venue with a seating capacity": box("Lantern Theatre", "Capacity")}),
        ("Haskell", "First appeared", "year of first appearance", None, False,
         {"Lisp, the language that influenced it": box("Lisp (programming language)", "First appeared"),
          "Swift, the next search result": box("Swift (programming language)", "First appeared")}),
        ("routekit", "License", "software license", "Apache", False,
         {"tilecache, another Alder Labs project": box("tilecache", "License")}),
        ("Port Alder", "Area code", "telephone area code", None, True,
         {f"{t}, another town of Alder County": box(t, "Area code") for t in f.county_towns("Alder County")}),
        ("Hilltop Observatory", "Altitude", "altitude", None, False,
         {"Port Alder's elevation": box("Port Alder", "Elevation")}),
    ], 1):
        key = f"ibx{n}"
        art = f.article(title)
        value = art.infobox[label]
        if word is None:
            ref = number_ref(value)
            if ref == value and not re.fullmatch(r"[\d,]+", value):
                raise ValueError(f"{title}: {label} {value!r} holds no number")
        elif word not in value:
            raise ValueError(f"{title}: {label} {value!r} does not hold {word!r}")
        else:
            ref = word
        steps = [find_article(key, f, title)]
        if low:
            steps.append(same(s("scroll", pick(key + "scroll", [
                f"Scroll down to the lower rows of the infobox, where “{label}” is.",
                "Scroll down a little to see the rest of the infobox.",
            ]), value="down")))
        steps.append(same(s("stop", pick(key + "stop", [
            f"The “{label}” row of the infobox reads {value}.",
            f"Read the {label.lower()} in the infobox on the right: {value}.",
        ]), value=value)))
        add(9501, n, "infobox", "According to Wikipedia, what is the {what} of {subject}?",
            {"what": what, "subject": title}, "information", chain(*steps),
            string_eval(exact_match=value) if ref == value else string_eval(must_include=[ref]),
            design=design(value, near, title, ref=None if ref == value else ref))

    # 9502 project -> its language -> the language that influenced it -> designer (information)
    for n, project in enumerate(["compilers-course", "tilecache", "shift-planner", "docs-style", "commute-stats"], 1):
        key = f"lang{n}"
        proj = f.article(project)
        lang_name = row_links(f.page(project), "Written in")
        if len(lang_name) != 1:
            raise LookupError(f"{project}: 'Written in' should hold one link, not {lang_name}")
        lang = f.article(linked_title(f, project, "Written in"))
        infl = row_links(f.page(lang.title), "Influenced by")
        if len(infl) != 1:
            raise LookupError(f"{lang.title}: expected one influence, got {infl}")
        parent = f.article(linked_title(f, lang.title, "Influenced by"))
        designer = parent.infobox["Designed by"]
        near = {f"{lang.title}, the language {project} is written in": lang.infobox["Designed by"]}
        if parent.infobox.get("Developer", "various") != "various":
            near[f"the developer of {parent.title}"] = parent.infobox["Developer"]
        add(9502, n, "influence", "Who designed the programming language that influenced the language {project} is "
            "written in?", {"project": project}, "information", chain(
                find_article(key, f, project),
                infobox_link(key, f, proj, "Written in", lang_name[0]),
                infobox_link(key + "b", f, lang, "Influenced by", infl[0]),
                same(s("stop", pick(key + "stop", [
                    f"{parent.title} was designed by {designer}, as its infobox says under “Designed by”.",
                    f"The “Designed by” row of the {parent.title} infobox names {designer}.",
                ]), value=designer)),
            ), string_eval(exact_match=designer), design=design(designer, near, project))

    # 9503 which of two landmarks is older (information)
    for n, (a, b) in enumerate([
        ("Central Library", "Lantern Theatre"), ("Eastgate Station", "Alder General Hospital"),
        ("Maritime Museum", "Ferry Terminal"), ("Riverside Park", "Botanical Garden"),
        ("Port Alder Zoo", "Alder Bridge"),
    ], 1):
        key = f"older{n}"
        A, B = f.article(a), f.article(b)
        (la, ya), (lb, yb) = A.year(), B.year()
        if ya == yb:
            raise ValueError(f"{a} and {b} date from the same year")
        older = a if ya < yb else b
        younger = b if older == a else a
        add(9503, n, "older", "Which is older, {a} or {b}?", {"a": a, "b": b}, "information", chain(
            find_article(key + "a", f, a),
            find_article(key + "b", f, b),
            same(s("stop", pick(key + "stop", [
                f"{a} was {ordinal_year(la, ya)} and {b} {ordinal_year(lb, yb)}, so {older} is older.",
                f"Comparing the two infoboxes ({ya} against {yb}), {older} is the older one.",
            ]), value=older)),
        ), string_eval(exact_match=older), design=design(older, {f"{younger}, the younger one": younger}, a, b))

    # 9504 birthplace of the person behind a landmark (information)
    for n, (title, label) in enumerate([
        ("Alder Bridge", "Engineer"), ("Hilltop Reservoir", "Engineer"), ("Botanical Garden", "Landscape architect"),
        ("Port Alder University", "Founder"), ("North Shore Lighthouse", "Engineer"),
    ], 1):
        key = f"born{n}"
        art = f.article(title)
        person = f.article(art.infobox[label])
        born = person.infobox["Born"]
        city = place(born)
        if city is None:
            raise ValueError(f"{person.title}: Born is {born!r}")
        # the place of death, then the birthplaces of the people in the same role at other landmarks
        places = {f"{person.title}'s place of death": place(person.infobox.get("Died", ""))}
        for other in f.with_label("landmark", label):
            who = f.article(other).infobox[label]
            if other != title and who != person.title and f.exists(who):
                places[f"{who}, the {label.lower()} of {other}"] = place(f.article(who).infobox.get("Born", ""))
        near = {who: p for who, p in places.items() if p is not None}
        add(9504, n, "birthplace", "In which city was the {role} of {landmark} born?",
            {"role": label.lower(), "landmark": title}, "information", chain(
                find_article(key, f, title),
                infobox_link(key, f, art, label, person.title),
                same(s("stop", pick(key + "stop", [
                    f"The “Born” row says {born}: {person.title} was born in {city}.",
                    f"{person.title}'s infobox gives the birth as {born}, so the city is {city}.",
                ]), value=city)),
            ), string_eval(must_include=[city]), design=design(city, near, title, ref=city))

    # 9505 how many listed landmarks a district has, from its "Landmarks" section (information)
    districts = [r[0] for r in f.db.execute("SELECT title FROM articles WHERE kind = 'district' ORDER BY id")]

    def listed(district: str) -> str:
        sec = f.db.execute("SELECT html FROM sections WHERE article_id = ? AND heading = 'Landmarks'",
                           (f.article(district).id,)).fetchone()[0]
        return str(len(re.findall(r"<li>", sec)))

    for n, district in enumerate(["Eastgate", "Lantern Quarter", "Alder Wharf", "Old Mill"], 1):
        key = f"count{n}"
        art = f.article(district)
        sec = f.db.execute("SELECT html FROM sections WHERE article_id = ? AND heading = 'Landmarks'",
                           (art.id,)).fetchone()[0]
        items = re.findall(r"<li>", sec)
        located = [r[0] for r in f.db.execute(
            "SELECT a.title FROM articles a JOIN infobox_rows r ON r.article_id = a.id WHERE a.kind = 'landmark' "
            "AND r.label = 'Location' AND r.value LIKE ?", (f"{district}, %",))]
        if len(items) != len(located):
            raise ValueError(f"{district}: the section lists {len(items)} landmarks, the infoboxes place "
                             f"{len(located)} there")
        count = str(len(items))
        at = districts.index(district)
        nearest = sorted((d for d in districts if d != district), key=lambda d: abs(districts.index(d) - at))
        near = {f"{d}, another district of Port Alder": listed(d) for d in nearest}
        add(9505, n, "landmark-count", "According to its Wikipedia article, how many of Port Alder's listed "
            "landmarks are in {district}?", {"district": district}, "information", chain(
                find_article(key, f, district),
                toc_click(key, art, "Landmarks"),
                same(s("stop", pick(key + "stop", [
                    f"The “Landmarks” section lists {count} landmarks.",
                    f"Count the entries of the list under “Landmarks”: there are {count}.",
                ]), value=count)),
            ), string_eval(exact_match=count), design=design(count, near, district))

    # 9506 the article behind a redirect title (navigation)
    for n, alias in enumerate(["Postgres", "Revision control", "Slippy map", "Alnus rubra", "Shell script"], 1):
        key = f"redir{n}"
        target = f.redirect_target(alias)
        add(9506, n, "redirect", "Open the Wikipedia article on {alias}.", {"alias": alias}, "navigation", chain(
            search_part(key, alias),
            open_hit(key, f, alias, target),
            same(s("stop", pick(key + "stop", [
                f"“{alias}” is another name for {target}; its article is open.",
                f"The article {target}, which covers {alias}, is now shown.",
            ]))),
        ), url_eval(f.article(target).url), design=Design(negatives=[
            url_negative(search_url(alias), f"the results for {alias}, no article opened"),
            *[url_negative(f.article(h).url, f"near entity ({h}, beside {target} in the results for its title)")
              for h in [h for h in f.hits(target) if h != target][:1]],
        ]))

    # 9507 a search results page (navigation)
    for n, query in enumerate(["lighthouse", "ferry", "Great Fire", "routing"], 1):
        key = f"find{n}"
        if not f.hits(query):
            raise LookupError(f"no results for {query!r}")
        add(9507, n, "search", "Search the wiki for \"{query}\".", {"query": query}, "navigation", chain(
            search_part(key, query),
            same(s("stop", pick(key + "stop", [
                f"The results for “{query}” are listed.",
                f"This is the search results page for “{query}”.",
            ]))),
        ), url_eval(search_url(query)), design=Design(negatives=[
            url_negative(f.article(h).url, f"the {which} result ({h}) opened, not the results page")
            for which, h in zip(("top", "second"), f.hits(query))]))

    # 9508 a section of an article (navigation)
    for n, (title, heading) in enumerate([
        ("Eastgate", "Transport"), ("Port Alder", "Economy"), ("North Shore Lighthouse", "Location and access"),
        ("Python (programming language)", "Use in Port Alder"), ("Hilltop", "Demographics"),
    ], 1):
        key = f"sect{n}"
        art = f.article(title)
        anchor = dict(art.sections)[heading]
        add(9508, n, "section", "Take me to the \"{section}\" section of the Wikipedia article on {subject}.",
            {"section": heading, "subject": title}, "navigation", chain(
                find_article(key, f, title),
                toc_click(key, art, heading),
                same(s("stop", pick(key + "stop", [
                    f"The “{heading}” section of {title} is in view.",
                    f"The page has jumped to “{heading}”.",
                ]))),
            ), url_eval(HOME + article_url(title, anchor)), design=Design(
                negatives=section_negatives(art, heading), distractors=lookalikes(title)))

    # 9509 a section of the article on the person behind a landmark (navigation)
    for n, (title, label, heading) in enumerate([
        ("Central Library", "Architect", "Career"), ("Alder Tech Hub", "Architect", "Works"),
        ("Hilltop Observatory", "Founder", "Legacy"), ("Riverside Park", "Landscape architect", "Early life"),
    ], 1):
        key = f"psect{n}"
        art = f.article(title)
        person = f.article(art.infobox[label])
        anchor = dict(person.sections)[heading]
        add(9509, n, "person-section", "Open the \"{section}\" section of the article about the {role} of {landmark}.",
            {"section": heading, "role": label.lower(), "landmark": title}, "navigation", chain(
                find_article(key, f, title),
                infobox_link(key, f, art, label, person.title),
                toc_click(key, person, heading),
                same(s("stop", pick(key + "stop", [
                    f"The “{heading}” section of {person.title}'s article is in view.",
                    f"{person.title}'s article is open at “{heading}”.",
                ]))),
            ), url_eval(HOME + article_url(person.title, anchor)), design=Design(negatives=[
                *section_negatives(person, heading),
                url_negative(art.url, f"{title}'s article, the link to {person.title} not followed"),
            ], distractors=lookalikes(title)))

    # 9510 the operators of all the works an architect's article lists (information, long)
    def operated(person_title: str) -> list[tuple[str, str]]:
        """(work, operator) for each notable work in the person's infobox."""
        return [(w, f.article(w).infobox["Operator"]) for w in row_links(f.page(person_title), "Notable work")]

    architects = ["Ada Lindqvist", "Thaddeus Crane", "Louis Tamura", "Beatrix Holloway", "Oliver Pennington"]
    for n, person_title in enumerate(architects, 1):
        key = f"works{n}"
        person = f.article(person_title)
        page = f.page(person_title)
        works = row_links(page, "Notable work")
        section = page[page.index('id="Works"'):]
        section = section[:section.index("</section>")]
        if [link_name(a, x) for a, x in ANCHOR_RE.findall(section)] != works:
            raise LookupError(f"{person_title}: the Works section and the infobox list different works")
        operators = [(w, f.article(w).infobox["Operator"]) for w in works]
        # The works are clicked in the "Works" list, one per line: in the narrow infobox a name can wrap,
        # and a wrapped link's box is centred between its two lines.
        steps = [find_article(key, f, person_title)]
        for i, (w, op) in enumerate(operators):
            steps.append(same(s("click", pick(key + "open" + w, [
                f"In the “Works” list, click “{w}”.",
                f"Open “{w}” from the list under “Works”.",
                f"Click the link “{w}” in the “Works” section.",
            ]), role("link", w, nth=nth_link(page, w, 'id="Works"')))))
            if i < len(operators) - 1:
                steps.append(same(s("go_back", pick(key + "back" + w, [
                    f"The infobox gives the operator as {op}; go back to {person_title}'s article.",
                    f"Note the “Operator” row, {op}, and return to {person_title} with the browser's Back.",
                    f"{w} is operated by {op}; go back to the list of works.",
                ]))))
        listing = "; ".join(f"{w}: {op}" for w, op in operators)
        steps.append(same(s("stop", pick(key + "stop", [
            f"The four “Operator” rows read {listing}." if len(operators) == 4
            else f"The “Operator” rows read {listing}.",
            f"Each infobox names its operator: {listing}.",
        ]), value=listing)))
        gold_ops = [op for _, op in operators]
        last = next(w for w, op in reversed(operators) if gold_ops.count(op) == 1)
        other = architects[n % len(architects)]
        theirs = operated(other)
        if set(gold_ops) <= {op for _, op in theirs}:
            raise ValueError(f"{other}'s works have all of {person_title}'s operators")
        add(9510, n, "works-operators", "Who operates each of the buildings and places that Wikipedia lists as "
            "notable works of {person}?", {"person": person_title}, "information", chain(*steps),
            string_eval(must_include=gold_ops), design=Design(negatives=[
                negative("; ".join(f"{w}: {op}" for w, op in operators if w != last),
                         f"incomplete list ({last}'s operator missing)"),
                negative("; ".join(f"{w}: {op}" for w, op in theirs),
                         f"near entity's value (the works of {other}, another architect of the city)"),
            ], distractors=lookalikes(person_title)))

    # 9511 which of the people behind three landmarks was born first / last (information, long)
    for n, (titles, which) in enumerate([
        (["Alder Bridge", "Central Library", "Science Center"], "first"),
        (["North Shore Lighthouse", "Hilltop Reservoir", "Lantern Theatre"], "first"),
        (["Riverside Park", "Ferry Terminal", "Alder Tech Hub"], "last"),
        (["Founders Square", "Eastgate Stadium", "Alder General Hospital"], "first"),
        (["Maritime Museum", "Botanical Garden", "Alder Bridge"], "last"),
        (["Hilltop Reservoir", "Botanical Garden", "Port Alder City Hall"], "last"),
        (["Riverside Park", "North Shore Lighthouse", "Alder Bridge"], "last"),
        (["Old Mill Museum", "Hilltop Reservoir", "One Stop Market Warehouse"], "first"),
    ], 1):
        key = f"elder{n}"
        steps = []
        born: dict[str, int] = {}
        for i, title in enumerate(titles):
            art = f.article(title)
            label = next(x for x in DESIGN_LABELS if x in art.infobox)
            person = f.article(art.infobox[label])
            year = re.match(r"(\d{4}),", person.infobox["Born"])
            if year is None:
                raise ValueError(f"{person.title}: Born is {person.infobox['Born']!r}")
            born[person.title] = int(year.group(1))
            steps += [find_article(key + str(i), f, title), infobox_link(key + str(i), f, art, label, person.title)]
        if len(born) != 3 or len(set(born.values())) != 3:
            raise ValueError(f"{titles}: the designers are not three people born in different years")
        answer = (min if which == "first" else max)(born, key=born.__getitem__)
        near = {f"{p}, born {y}": p for p, y in sorted(born.items(), key=lambda x: x[1], reverse=which == "last")
                if p != answer}
        listing = ", ".join(f"{p} {y}" for p, y in born.items())
        steps.append(same(s("stop", pick(key + "stop", [
            f"The “Born” rows give {listing}; {answer} was born {which}.",
            f"Comparing the birth years ({listing}), the answer is {answer}.",
        ]), value=answer)))
        add(9511, n, "designer-born", "Of the people who designed {a}, {b} and {c}, who was born {which}?",
            {"a": titles[0], "b": titles[1], "c": titles[2], "which": which}, "information", chain(*steps),
            string_eval(exact_match=answer), design=design(answer, near, *titles))

    # 9512 which of three articles links to a person's article (information)
    for n, (person_title, candidates) in enumerate([
        ("Ada Lindqvist", ["Central Library", "Lantern Theatre", "Eastgate Mall"]),
        ("Louis Tamura", ["Eastgate Station", "Port Alder City Hall", "Science Center"]),
        ("Oliver Pennington", ["Riverside Park", "Founders Square", "Hilltop Reservoir"]),
        ("Thaddeus Crane", ["Alder Tech Hub", "Fire Station No. 1", "Maritime Museum"]),
        ("Beatrix Holloway", ["Science Center", "Central Police Station", "One Stop Market Warehouse"]),
    ], 1):
        key = f"linker{n}"
        linking = [c for c in candidates if f.links_to(c, person_title)]
        if len(linking) != 1:
            raise ValueError(f"{person_title}: {linking} of {candidates} link to it, not exactly one")
        answer = linking[0]
        page = f.page(answer)
        box = page[page.index('<table class="infobox"'):page.index("</table>")]
        if person_title not in [link_name(a, x) for a, x in ANCHOR_RE.findall(box)]:
            raise LookupError(f"{answer} does not link to {person_title} from its infobox")
        # Each article is read to its end (one scroll shows the rest of a landmark's article) unless it
        # is the one with the link, which sits in its infobox.
        steps = []
        for i, c in enumerate(candidates):
            steps.append(find_article(key + str(i), f, c))
            if c != answer:
                steps.append(same(s("scroll", pick(key + "scroll" + c, [
                    f"Scroll down through the rest of the {c} article: it has no link to {person_title}.",
                    f"Read on down the {c} page; {person_title} is not linked anywhere on it.",
                    f"Scroll to the end of {c}'s article to check its links: none goes to {person_title}.",
                ]), value="down")))
        steps.append(same(s("stop", pick(key + "stop", [
            f"Only the {answer} article links to {person_title}.",
            f"Of the three, {answer} is the one with a link to {person_title}; the other two do not link to it.",
        ]), value=answer)))
        add(9512, n, "links-to", "Which of these Wikipedia articles links to the article on {person}: {articles}?",
            {"person": person_title, "articles": ", ".join(candidates)}, "information", chain(*steps),
            string_eval(exact_match=answer), design=design(answer, {
                f"{c}, listed with it but without a link to {person_title}": c for c in candidates if c != answer
            }, *candidates))
    return tasks


def main() -> None:
    write_task_file("wikipedia", build)


if __name__ == "__main__":
    main()
