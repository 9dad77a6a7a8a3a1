"""Articles on the region's rivers, lakes, mountains, islands and state parks.

Numbers (length, discharge, elevation, area) come from the records; courses name
the towns a river passes and the river or bay it joins, tributary lists are the
records that flow into it, and a park's article names the feature it protects.
"""

from __future__ import annotations

from .article import Article
from .entities import Feature
from .grammar import figure, join, words
from .prose import climate, climate_table, person_link, town_link, where_from_port_alder
from .worldgraph import World
from .writer import ImageSpec

FISH = ("Chinook salmon", "coho salmon", "steelhead", "cutthroat trout", "Pacific lamprey", "sculpin", "chum salmon")
BIRDS = ("bald eagles", "ospreys", "great blue herons", "American dippers", "belted kingfishers", "mergansers",
         "marbled murrelets", "peregrine falcons", "ravens")
TREES = ("Douglas fir", "western red cedar", "Sitka spruce", "western hemlock", "red alder", "bigleaf maple",
         "Oregon white oak", "Pacific madrone")


def _link(w: World, title: str | None) -> str:
    if not title:
        return ""
    if title in ("Alder Bay", "Alder River"):
        return f"[[{title}]]"
    x = w.by_title.get(title)
    name = getattr(x, "name", title)
    return f"[[{title}|{name}]]" if name != title else f"[[{title}]]"


def _ecology(a: Article, kind: str) -> None:
    fish, birds, trees = a.rng.sample(FISH, 3), a.rng.sample(BIRDS, 3), a.rng.sample(TREES, 3)
    s = [a.v("<The surrounding forest|Its banks and slopes> <is|are> dominated by {t}.", t=join(trees))]
    if kind in ("river", "lake"):
        s.append(a.v("<Its waters hold|Fish in its waters include|Anglers fish for> {f}.", f=join(fish)))
    s.append(a.v("<Birds seen there include|Birdwatchers come for> {b}.", b=join(birds)))
    s.append(a.v("<Beavers|River otters|Black-tailed deer|Elk> <are common|can be seen><| along the shore|in the "
                 "meadows>."))
    a.para("Ecology", s)


def feature_article(w: World, f: Feature) -> Article:
    county = f.county.split(",")[0]
    kind = {"river": "river" if "River" in f.name else "stream", "lake": "lake", "mountain": "mountain",
            "island": "island", "park": "state park"}[f.kind]
    a = Article(f.title, f.kind, f.title, f"{kind.capitalize()} in {county}, Oregon", infobox_title=f.name)
    n = f.numbers
    ctl = f"[[{f.county}|{county}]]"
    if f.kind == "river":
        a.lead = [a.v("The '''{nm}''' is a {k}-kilometre ({mi} mi) {kind} in {c}, Oregon, United States. <It rises|"
                      "It begins> on {src} and <flows|runs> into {m}.", nm=f.name, k=n["length_km"],
                      mi=round(n["length_km"] * 0.621, 1), kind=kind, c=ctl, src=_link(w, f.source),
                      m=_link(w, f.flows_into))]
        towns = [w.town(t) for t in f.towns]
        course = [a.v("<From its source|From its headwaters> at about {e} metres, the {nm} <descends|drops> through "
                      "<steep forested canyons|a narrow valley|meadows and second-growth forest>.",
                      e=figure(int(n["source_elevation_m"])), nm=f.name)]
        if towns:
            course.append(a.v("<It passes|Along its course it passes> {t}<| before joining {m}>.",
                              t=join([town_link(t, t.title) for t in towns if t]), m=_link(w, f.flows_into)))
        course.append(a.v("<Its lower course|The lower river> <meanders|winds> through <farmland|pastures|tidal "
                          "marsh> <before|on the way to> its mouth."))
        a.para("Course", course)
        from . import context as C
        for t in f.towns[:2]:
            a.para("Communities", C.town_then(a, w, t, 1950)[0:1] + C.town_then(a, w, t, 2020)[1:3])
        if f.tributaries:
            sec = a.para("Tributaries", [a.v("<Its tributaries include|Streams that join it include>:")])
            sec.items = [_link(w, t) + f" ({w.by_title[t].numbers['length_km']} km)" for t in f.tributaries]
        hyd = [a.v("The {nm} drains a basin of about {b} km². Its average discharge <is|at the mouth is> about {d} "
                   "cubic metres per second.", nm=f.name, b=figure(int(n["basin_km2"])), d=n["discharge_m3s"])
               + a.cite_web(f"{f.name} streamflow", "United States Geological Survey"),
               a.v("<Flows|Discharge> <peak|are highest> in <December and January|winter>, when <rain storms|Pacific "
                   "storms> <swell the river|bring floods>, and <fall|drop> to <a trickle|a fraction of that> in "
                   "<August|late summer>.")]
        a.para("Hydrology", hyd)
        sec = a.sections[-1]
        months = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
        shape = (1.9, 1.7, 1.5, 1.1, 0.8, 0.5, 0.25, 0.2, 0.3, 0.7, 1.5, 2.0)
        sec.table = (["Month", "Mean discharge (m³/s)"], [[m, f"{n['discharge_m3s'] * s:.1f}"] for m, s in
                                                         zip(months, shape)])
        sec.table_caption = f"Mean monthly discharge of the {f.name}"
        a.para("History", [a.v("<Native peoples|The first peoples of the coast> <fished|camped> along the river for "
                               "<thousands of years|centuries>."),
                           a.v("<Settlers|Loggers> <used|drove> the river <to float logs|for log drives> <from the "
                               "1870s|until the 1930s>, and <mills|splash dams> <stood|were built> along its banks.")
                           + a.cite_book(f"the {f.name}")])
        a.infobox = [("Country", "United States"), ("State", "[[Oregon]]"), ("County", ctl),
                     ("Source", _link(w, f.source)), ("Mouth", _link(w, f.flows_into)),
                     ("Length", f"{n['length_km']} km"), ("Basin size", f"{figure(int(n['basin_km2']))} km²"),
                     ("Discharge", f"{n['discharge_m3s']} m³/s")]
    elif f.kind == "lake":
        a.lead = [a.v("'''{nm}''' is a <natural|glacial|dammed> lake in {c}, Oregon, <covering|with an area of> {ar} "
                      "km².", nm=f.name, c=ctl, ar=n["area_km2"])]
        a.para("Geography", [a.v("The lake lies at {e} metres above sea level and reaches a depth of {d} metres.",
                                 e=figure(int(n["elevation_m"])), d=int(n["max_depth_m"])),
                             a.v("<It is fed by|Its waters drain to> {r}.", r=_link(w, f.flows_into)),
                             a.v("Its shoreline is {s} km long<| and its volume about {v} million cubic metres>.",
                                 s=n["shore_km"], v=n["volume_hm3"])])
        a.para("Recreation", [a.v("<Boating, swimming and fishing|Fishing and kayaking|Camping and swimming> are "
                                  "popular in summer<|, and a campground stands on the north shore>."),
                              a.v("The nearest town is {t}.", t=_link(w, f.towns[0]) if f.towns else "far away")])
        a.infobox = [("Location", ctl), ("Type", "Lake"), ("Surface area", f"{n['area_km2']} km²"),
                     ("Max. depth", f"{int(n['max_depth_m'])} m"), ("Surface elevation",
                                                                    f"{figure(int(n['elevation_m']))} m"),
                     ("Shore length", f"{n['shore_km']} km")]
    elif f.kind == "mountain":
        a.lead = [a.v("'''{nm}''' is a <summit|peak|mountain> in the {r} of {c}, Oregon, rising to {e} metres "
                      "({ft} ft).", nm=f.name, r=f.range_name, c=ctl, e=figure(int(n["elevation_m"])),
                      ft=figure(int(n["elevation_m"] * 3.281)))]
        a.para("Geology", [a.v("The mountain is <built of|made up of> {rock}<| laid down in the Eocene|, the remains of "
                               "an ancient volcano|, uplifted along a fault>.", rock=f.rock),
                           a.v("Its <topographic prominence|prominence> is {p} metres.", p=figure(int(n["prominence_m"])))])
        climbers = [p for p in w.people if p.occupation in ("pioneer", "scientist", "photographer")][:60]
        if climbers:
            c = a.pick(climbers)
            y = c.born[0] + a.rng.randrange(22, 45)
            a.para("History", [a.v("The first recorded ascent was made in {y} by {p}<| and two companions>.", y=y,
                                   p=person_link(c)) + a.cite_any(f.name, y)])
        rivers = [r for r in w.features if r.kind == "river" and r.source == f.title]
        if rivers:
            a.para("Hydrology", [a.v("<Streams that rise on the mountain include|The mountain is the source of> {r}.",
                                     r=join([_link(w, r.title) for r in rivers]))])
        c = climate(a.rng, "mountains", int(n["elevation_m"]))
        sec = a.para("Climate", [a.v("<Winters are snowy|Snow lies on the summit> <from November to April|for much of "
                                     "the year>.")])
        sec.table = climate_table(c)
        sec.table_caption = f"Climate data for {f.name} (estimated for the summit)"
        a.infobox = [("Elevation", f"{figure(int(n['elevation_m']))} m"), ("Prominence",
                                                                           f"{figure(int(n['prominence_m']))} m"),
                     ("Range", f.range_name), ("Location", ctl), ("Geology", f.rock.capitalize())]
    elif f.kind == "island":
        a.lead = [a.v("'''{nm}''' is a small island off the coast of {c}, Oregon, with an area of {ar} km².", nm=f.name,
                      c=ctl, ar=n["area_km2"])]
        a.para("Geography", [a.v("Its highest point <is|rises to> {e} metres.", e=int(n["elevation_m"])),
                             a.v("<Sea stacks|Reefs> <surround|guard> the island, <making landings difficult|and "
                                 "sea lions haul out on its rocks>.")])
        a.para("Population", [a.v("<The island is uninhabited|No one lives on the island>.") if not n["population"]
                              else a.v("About {p} people live on the island.", p=int(n["population"]))])
        a.infobox = [("Location", "Pacific Ocean"), ("Area", f"{n['area_km2']} km²"),
                     ("Highest elevation", f"{int(n['elevation_m'])} m"), ("Population", str(int(n["population"])))]
    else:  # park
        a.lead = [a.v("'''{nm}''' is a state park in {c}, Oregon, established in {y}. It covers {ar} km² <around|"
                      "near> {src}.", nm=f.name, c=ctl, y=f.established, ar=n["area_km2"], src=_link(w, f.source))]
        a.para("History", [a.v("<The land was bought|The state acquired the land> <from a timber company|from the "
                               "county|through a gift of> in {y}<| after a campaign by local residents>.",
                               y=f.established) + a.cite_any(f.name, f.established)])
        a.para("Facilities", [a.v("The park has {t} km of trails<|, a campground with {k} sites| and a day-use area>.",
                                  t=n["trails_km"], k=a.rng.randrange(12, 140)),
                              a.v("About {v} people visit each year.", v=figure(int(n["visitors"])))])
        a.infobox = [("Location", ctl), ("Area", f"{n['area_km2']} km²"), ("Established", str(f.established)),
                     ("Visitors", f"{figure(int(n['visitors']))} per year"), ("Operator", "Oregon Parks and Recreation "
                                                                                          "Department")]
    _ecology(a, f.kind)
    from . import enrich as E
    E.feature_extras(a, w, f)
    a.para("Location", [a.v("<It lies|The {k} lies> {where}.", k=kind, where=where_from_port_alder(f.lat, f.lon))])
    a.infobox.append(("Coordinates", f"{abs(f.lat):.4f}°N {abs(f.lon):.4f}°W"))
    a.categories = [f"{kind.capitalize()}s of {county}, Oregon" if f.kind != "park" else "State parks of Oregon",
                    f"{kind.capitalize()}s of Oregon"]
    a.navboxes = [f"county:{f.county}"]
    if f.kind in ("river", "lake", "mountain"):
        a.image = ImageSpec(f"{f.title.replace(' ', '_').replace('(', '').replace(')', '').replace(',', '')}_map.png",
                            f"Location of {f.name} in {county}", f"Map of {county} with {f.name}", "regionmap",
                            {"lat": f.lat, "lon": f.lon, "county": f.county})
    return a
