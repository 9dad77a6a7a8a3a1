"""Articles on floods, fires, storms, strikes, earthquakes, festivals, Port Alder's
mayoral elections and the Port Alder Herons' seasons."""

from __future__ import annotations

from .article import Article
from .entities import Occurrence
from .gen_events import HERONS, LEAGUE
from .grammar import figure, join, mdy, words
from .prose import person_link, thing_link, town_link
from .worldgraph import World
from . import context as C
from . import enrich as E

CAUSES = {
    "flood": ("days of warm rain on deep snow", "an atmospheric river", "a week of record rainfall",
              "the failure of a log jam upstream"),
    "fire": ("a spark from a locomotive", "an overturned lamp", "a lightning strike", "a slash fire that escaped",
             "an electrical fault in a store"),
    "storm": ("a deep Pacific low", "hurricane-force gusts", "the remains of a typhoon", "a sudden winter gale"),
    "strike": ("a cut in wages", "the firing of union organisers", "twelve-hour shifts", "unsafe machinery"),
    "earthquake": ("a slip on a fault beneath the Coast Range", "movement on the Cascadia subduction zone"),
    "mine disaster": ("a gas explosion", "the collapse of old timbering", "flooding of the lower levels"),
}


def event_article(w: World, e: Occurrence) -> Article:
    town = w.town(e.place)
    place = town_link(town, e.place) if town else "[[Port Alder]]"
    county = w.county_of(e.place).split(",")[0]
    a = Article(e.title, "event", e.title, f"{e.subtype.capitalize()} in {county}, Oregon ({e.year})")
    n = e.numbers
    if e.subtype == "festival":
        a.lead = [a.v("The '''{nm}''' is an annual festival held in {pl}, Oregon, first held in {y}.", nm=e.name,
                      pl=place, y=e.year)]
        a.para("History", [a.v("<The first festival|It began> in {y} <as|with> <a picnic of the Grange|a church "
                               "fundraiser|a celebration of the harvest|a parade down the main street>.", y=e.year)
                           + a.cite_any(e.name, e.year),
                           a.v("<By the {d}|Within a few decades> it <drew|attracted> <visitors from across the "
                               "state|thousands of visitors>.", d=f"{(e.year + 30) // 10 * 10}s")])
        a.para("Events", [a.v("<The programme includes|Highlights include> <a parade, a logging show and a dance|a "
                              "fun run, a pie contest and live music|a crafts fair, fireworks and a rodeo>."),
                          a.v("<About|Some> {v} people <attend|come> each year.", v=figure(int(n.get("visitors", 5000))))])
        a.infobox = [("Location", place), ("First held", str(e.year)), ("Frequency", "Annual"),
                     ("Attendance", figure(int(n.get("visitors", 5000))))]
        a.categories = ["Festivals in Oregon", f"Recurring events established in {e.year}"]
        return a
    when = mdy(*e.date) if e.date else str(e.year)
    cause = a.pick(CAUSES[e.subtype])
    deaths = int(n.get("deaths", 0))
    a.lead = [a.v("The '''{nm}''' <struck|hit> {pl} in {c}, Oregon, on {d}.", nm=e.name, pl=place, c=county, d=when)
              + " " + (a.v("{k} people <died|were killed>.", k=words(deaths).capitalize()) if deaths else
                       a.v("No one was killed<|, but damage was widespread>."))]
    if e.subtype == "strike":
        a.lead = [a.v("The '''{nm}''' was a strike of about {s} workers in {pl}, Oregon, that <lasted|went on for> "
                      "{wk} weeks in {y}.", nm=e.name, s=figure(int(n.get("strikers", 500))), pl=place,
                      wk=words(int(n.get("weeks", 4))), y=e.year)]
    a.para("Background", C.town_then(a, w, e.place, e.year) + C.era(a, e.year))
    a.para("Background", [a.v("<In the years before|Before> {y}, {pl} <had grown|depended> <on|around> {ind}.", y=e.year,
                              pl=place, ind=join(list(town.industries[:2])) if town else "the harbour"),
                          a.v("<The cause was|It began with|It was caused by> {c}.", c=cause)
                          + a.cite_any(e.name, e.year, f"{e.name}: what happened")])
    course = [a.v("<Early on|In the first hours|On the first day>, <residents|crews|officials> <tried|struggled> to "
                  "<hold back the water|contain the damage|keep the roads open|negotiate>."),
              a.v("<By the next morning|Within two days|By the end of the week> {h} <homes|buildings> <were damaged|had "
                  "been destroyed|stood empty>.", h=figure(int(n.get("homes", 50))))]
    if e.subtype == "earthquake":
        course.append(a.v("The earthquake had a magnitude of {m}.", m=n.get("magnitude", 5.5)))
    for t in e.related:
        x = w.by_title.get(t)
        if x is not None and getattr(x, "kind", "") == "building":
            course.append(a.v("<Among the buildings damaged was|The damage included> the {b}.", b=thing_link(x)))
    a.para("Course of events", course)
    officials = [w.person(p) for p in e.people if p in w.by_title]
    after = [a.v("<Damage was estimated at|Losses came to> ${d} million<| in the money of the time>.", d=n.get("damage", 1))
             + a.cite_news(f"{e.name}: damage estimated", e.year)]
    if officials:
        after.append(a.v("{o} <led|organised|oversaw> the <relief effort|rebuilding|negotiations>.",
                         o=join([person_link(p) for p in officials])))
    after.append(a.v("<In the aftermath|Afterwards>, <the county|the state|the town> <built|passed|began> <levees|a "
                     "new fire code|a warning system|labour laws|stricter building rules>."))
    a.para("Aftermath", after)
    a.navboxes = [f"county:{w.county_of(e.place)}"]
    a.infobox = [("Date", when), ("Location", place), ("Type", e.subtype.capitalize())]
    if deaths:
        a.infobox.append(("Deaths", str(deaths)))
    a.infobox.append(("Damage", f"${n.get('damage', 1)} million"))
    a.categories = [f"{e.year} in Oregon", f"{e.subtype.capitalize()}s in Oregon", f"{e.year} disasters in the "
                    "United States" if e.subtype != "strike" else "Labor disputes in Oregon"]
    return a


def election_article(w: World, e: Occurrence) -> Article:
    a = Article(e.title, "election", e.title, f"Mayoral election in Port Alder, Oregon ({e.year})")
    winner = e.rows[0][0]
    total = sum(int(r[1]) for r in e.rows)

    def who(t: str) -> str:
        x = w.by_title.get(t)
        return person_link(x) if hasattr(x, "born") else f"[[{t}]]"

    inc = e.facts.get("incumbent")
    a.lead = [a.v("The '''{y} Port Alder mayoral election''' was held on {d} to elect the mayor of [[Port Alder]], "
                  "Oregon. {wn} won with {s}% of the vote.", y=e.year, d=mdy(*e.date), wn=who(winner),
                  s=f"{int(e.rows[0][1]) / total * 100:.1f}")]
    bg = [a.v("<The incumbent|The sitting mayor> was {i}.", i=who(inc)) if inc else ""]
    bg.append(a.v("<The campaign turned on|Debate centred on|The main issues were> {i}.", i=join(a.rng.sample(
        ["the harbour", "housing costs", "the ferry subsidy", "the city budget", "policing", "the waterfront plan",
         "bike lanes", "the Eastgate redevelopment", "school funding", "the Alder Bridge repairs"], 2))))
    a.para("Background", bg)
    sec = a.section("Candidates")
    sec.items = [who(r[0]) for r in e.rows]
    for r in e.rows:
        x = w.by_title.get(r[0])
        if hasattr(x, "born"):
            a.para("Candidates", C.person_summary(a, w, x, e.year))
    a.para("Background", C.era(a, e.year))
    camp = [a.v("{c} <campaigned on|ran on|promised> <lower taxes|new housing|better transit|a cleaner harbour|more "
                "police|a new library>.", c=who(r[0])) for r in e.rows]
    camp[0] += a.cite_news(f"Mayoral race heats up", e.year, "The Alder Gazette")
    a.para("Campaign", camp)
    sec = a.para("Results", [a.v("Turnout was {t}% of {v} registered voters.", t=e.numbers["turnout"],
                                 v=figure(int(e.numbers["voters"])))])
    sec.table = (["Candidate", "Votes", "%"], [[who(r[0]), figure(int(r[1])), f"{int(r[1]) / total * 100:.1f}"]
                                              for r in e.rows] + [["Total", figure(total), "100.0"]])
    a.para("Aftermath", [a.v("{wn} <took office|was sworn in> in January {y}.", wn=who(winner), y=e.year + 1)])
    E.election_extras(a, w, e)
    prev, nxt = f"{e.year - 4} Port Alder mayoral election", f"{e.year + 4} Port Alder mayoral election"
    a.see_also = [t for t in (prev, nxt) if t in w.by_title] + ["List of mayors of Port Alder"]
    a.infobox = [("Date", mdy(*e.date)), ("Turnout", f"{e.numbers['turnout']}%"), ("Winner", who(winner))]
    if inc:
        a.infobox.append(("Incumbent", who(inc)))
    a.categories = [f"{e.year} elections in the United States", "Mayoral elections in Port Alder"]
    a.navboxes = ["elections"]
    return a


def season_article(w: World, e: Occurrence) -> Article:
    a = Article(e.title, "season", e.title, f"{HERONS} season {e.year}–{e.year + 1}")
    table = [x.split("=") for x in e.facts["table"].split(";")]
    pos = int(e.numbers["position"])
    manager = e.facts.get("manager")
    mlink = person_link(w.person(manager)) if manager else "the manager"
    wins = sum(1 for r in e.rows if int(r[3].split("–")[0]) > int(r[3].split("–")[1]))
    draws = sum(1 for r in e.rows if r[3].split("–")[0] == r[3].split("–")[1])
    a.lead = [a.v("The {y}–{y2} season was the [[{h}]]' <season|campaign> in the [[{l}]]. <Under|Managed by> {m}, "
                  "the club finished {p} of {k}.", y=e.year, y2=str(e.year + 1)[2:], h=HERONS, l=LEAGUE, m=mlink,
                  p=_ordinal(pos), k=words(len(table)))]
    a.para("Season summary", [a.v("The Herons <won|took> {wn} of their {g} league games and drew {d}.", wn=words(wins),
                                  g=words(len(e.rows)), d=words(draws)),
                              a.v("<Their best run|A strong spell> came in <the autumn|mid-winter|the spring>, "
                                  "<when|as> they <went|stayed> {k} games unbeaten.", k=words(a.rng.randrange(3, 9))),
                              a.v("<Home crowds at|Attendance at> [[Eastgate Stadium]] averaged about {c}.",
                                  c=figure(a.rng.randrange(6, 21) * 1000))
                              + a.cite_news(f"Herons finish {_ordinal(pos)}", e.year + 1, "The Alder Gazette")])
    sec = a.section("League table")
    sec.table = (["Pos", "Club", "Pts"], [[str(i), f"[[{c}]]", p] for i, (c, p) in enumerate(table, 1)])
    sec = a.section("Results")
    sec.table = (["Date", "Opponent", "H/A", "Score", "Herons scorer"],
                 [[r[0], f"[[{r[1]}]]", r[2], r[3], person_link(w.person(r[4])) if r[4] else ""] for r in e.rows])
    if e.people:
        sec = a.section("Squad")
        sec.items = [person_link(w.person(p)) for p in e.people]
    prev = f"{e.year - 1}–{str(e.year)[2:]} {HERONS} season"
    nxt = f"{e.year + 1}–{str(e.year + 2)[2:]} {HERONS} season"
    a.see_also = [t for t in (prev, nxt) if t in w.by_title] + [HERONS]
    a.infobox = [("Club", f"[[{HERONS}]]"), ("Season", f"{e.year}–{str(e.year + 1)[2:]}"), ("Manager", mlink),
                 ("League", f"[[{LEAGUE}]]"), ("Position", _ordinal(pos)), ("Points", str(int(e.numbers["points"])))]
    a.categories = [f"{HERONS} seasons", f"{e.year}–{str(e.year + 1)[2:]} in American soccer"]
    a.navboxes = ["seasons"]
    return a


def _ordinal(n: int) -> str:
    from .grammar import ordinal_word
    return ordinal_word(n)
