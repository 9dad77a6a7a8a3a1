"""Articles on the region's creative works (books, albums, films, artworks) and bands.

A book's article has a synopsis drawn from a small story grammar (setting, hero,
conflict, turns, ending), a publication history and a reception with invented
reviews; an album has a track listing and personnel; a film its cast and
production; an artwork its description and provenance. Makers, publishers,
labels and museums are the world's records.
"""

from __future__ import annotations

from .article import Article
from .entities import Thing
from .grammar import figure, join, words
from .prose import person_link, thing_link, town_link
from .worldgraph import World
from . import context as C
from . import enrich as E
from .writer import ImageSpec
from . import wordbanks as W

HEROES = ("a widowed ferry captain", "a young schoolteacher", "an ageing lighthouse keeper", "two sisters",
          "a logger's son", "a journalist", "a cannery worker", "a retired judge", "a runaway boy", "a botanist",
          "a Japanese-American fisherman", "a woman who inherits a failing farm", "a county surveyor", "a mill owner")
CONFLICTS = ("a flood that cuts the valley off", "a strike at the sawmill", "a family secret buried with a "
             "grandfather", "the closing of the cannery", "a land dispute with a timber company", "a shipwreck on "
             "the bar", "an election that divides the town", "a fire in the old hotel", "the return of an old lover",
             "a missing child", "the building of a dam that will drown the town")
TURNS = ("a letter found in a church Bible", "a storm that strands them on an island", "a confession at a funeral",
         "a stranger who arrives on the evening train", "the discovery of an old map", "a quarrel at the county fair",
         "a winter spent snowed in", "a trial in the county courthouse")
ENDINGS = ("an uneasy reconciliation", "the hero leaving the valley for good", "a wedding", "the town's rebirth",
           "a death that frees the others", "a return home after many years", "an open question")
REVIEWERS = ("The Alder Gazette", "The Oregon Ledger", "Pacific Quarterly", "Northwest Review", "Cascade Monthly",
             "Valley Herald", "The Coast Observer")
VERDICTS = ("a quiet triumph", "an uneven but moving book", "the finest work yet from the region", "a patient, "
            "generous novel", "overlong but unforgettable", "a minor work by a major talent", "a bold debut",
            "a richly observed portrait of a place", "sentimental in places", "bracing and original")


def _makers(w: World, x: Thing) -> str:
    out = []
    for m in x.makers:
        r = w.by_title.get(m)
        out.append(person_link(r) if hasattr(r, "born") else thing_link(r) if isinstance(r, Thing) else f"[[{m}]]")
    return join(out)


def _reception(a: Article, x: Thing) -> None:
    revs = a.rng.sample(REVIEWERS, 3)
    s = [a.v("<On release|On publication|When it appeared>, ''{n}'' <received|drew> <mostly favourable|mixed|warm|"
             "enthusiastic> reviews.", n=x.name)]
    for r in revs:
        s.append(a.v("<The reviewer of|Writing in> ''{r}'' <called|described> it <as|> \"{v}\"<|, praising its "
                     "<ending|characters|craft|ambition>>.", r=r, v=a.pick(VERDICTS))
                 + a.cite_news(a.v("<Review|Reviewed>: {n}", n=x.name), x.year, r if r == "The Alder Gazette" else r))
    if "award" in x.facts:
        award, year = x.facts["award"].split("|")
        s.append(a.v("<It won|It received> the {aw} in {y}.", aw=award, y=year))
    a.para("Reception", s)


def book_article(w: World, b: Thing) -> Article:
    author = w.person(b.makers[0])
    pub = b.related[0] if b.related else None
    a = Article(b.title, "book", b.title, f"{b.year} {b.subtype} by {author.name}", infobox_title=b.name)
    setting = w.by_title.get(b.place)
    place = town_link(setting, b.place) if setting else "[[Port Alder]]"
    a.lead = [a.v("''{n}'' is {art} {g} by the American writer {au}, <first published|published> in {y} by "
                  "{pub}.", n=f"'''{b.name}'''", art="an" if b.subtype[0] in "aeiou" else "a", g=b.subtype,
                  au=person_link(author), y=b.year, pub=f"[[{pub}]]" if pub else "a small press"),
              a.v("<It is set in|The story takes place in|Its setting is> {pl}<| in the {d}>.", pl=place,
                  d=f"{b.year // 10 * 10 - a.rng.randrange(0, 6) * 10}s")]
    hero, conflict, turn, end = a.pick(HEROES), a.pick(CONFLICTS), a.pick(TURNS), a.pick(ENDINGS)
    names = [f"{a.pick(W.FEMALE_MID + W.MALE_MID)} {a.pick(W.SURNAMES)}" for _ in range(3)]
    if b.subtype in ("history", "biography", "travel book", "essay collection", "memoir"):
        a.para("Contents", [a.v("The book <covers|surveys|recounts> <the history of|life in|the landscape of> {pl} "
                                "from <the first settlers|the 1850s|the timber boom> to <the present|the 1950s>.",
                                pl=place),
                            a.v("<Its chapters|Its {k} chapters> <deal with|treat> <the founding families, the mills "
                                "and the railway|the rivers, the fishing fleet and the canneries|schools, churches "
                                "and the Grange>.", k=words(a.rng.randrange(8, 24))),
                            a.v("{au} <drew on|used> <interviews with old residents|county records|diaries and "
                                "letters|newspaper archives> <and|as well as> <his|her> own memories.",
                                au=author.surname).replace("<his|her>", "his" if author.gender == "m" else "her")])
    else:
        a.para("Plot", [a.v("The <novel|story|book> <follows|centres on> {h}, {c1}, <in|living in> {pl}.", h=names[0],
                            c1=hero, pl=place),
                        a.v("<Their|The> <quiet|settled|narrow> life is <upended|disrupted|changed> by {c}.", c=conflict),
                        a.v("<With the help of|Against the wishes of> {n2}<, an old friend|, a neighbour|, a "
                            "newcomer>, {n1} <searches for|tries to understand|fights> <the truth|what happened|a way "
                            "out>.", n1=names[0].split()[0], n2=names[1]),
                        a.v("<The turning point comes with|Everything changes with> {t}.", t=turn),
                        a.v("<The book ends with|It closes on> {e}<|, told from the point of view of {n3}>.", e=end,
                            n3=names[2])])
        a.para("Plot", [a.v("<In the first part|The opening chapters> <describe|set out> {n1}'s <daily life|work|family> "
                            "in <loving|careful|unsparing> detail<|, from the morning ferry to the evening meal>.",
                            n1=names[0].split()[0]),
                        a.v("<The middle of the book|The second part> <turns to|follows> {n2}, <whose|and {n2}'s> "
                            "<own secret|past in the valley|ambitions> <complicate|threaten> everything.", n2=names[1]),
                        a.v("<A long chapter|One chapter> <set during|describing> <a winter storm|the county fair|a "
                            "funeral|the night of the fire> <is often singled out|is the book's centre>."),
                        a.v("<In the final pages|At the end>, {n3} <returns|looks back> <after many years|on the "
                            "events> <and|to> <find|discover> <the town changed|what was lost and what survived>.",
                            n3=names[2])])
        sec = a.section("Characters")
        sec.items = [f"{names[0]} – {hero}", f"{names[1]} – {a.pick(('an old friend', 'a neighbour', 'a rival'))}",
                     f"{names[2]} – {a.pick(('the narrator', 'a child', 'a stranger', 'the postmaster'))}"]
    a.para("Background", C.person_summary(a, w, author, b.year) + C.genre(a, "book"))
    if setting:
        a.para("Setting", C.town_then(a, w, b.place, b.year) + C.era(a, b.year)[:1])
    a.para("Background", [a.v("{au} <began|started> the book <in|around> {y0}<| while working as a teacher| during a "
                              "winter on the coast>.", au=author.surname, y0=b.year - a.rng.randrange(1, 6)),
                          a.v("<Parts of it|An early chapter> <appeared|was published> in ''{p}''<| before the book "
                              "came out>.", p=a.pick(W.PUBLICATIONS)) + a.cite_any(b.name, b.year)])
    a.para("Publication", [a.v("{pub} <published|issued> the first edition of <about|some> {k} copies in {y}, with "
                               "{pg} pages.", pub=f"[[{pub}]]" if pub else "A local press", k=figure(
                                   a.rng.randrange(10, 200) * 100), y=b.year, pg=int(b.numbers.get("pages", 240))),
                           a.v("<A paperback edition|A revised edition|A second printing> followed in {y2}.",
                               y2=b.year + a.rng.randrange(1, 25))])
    _reception(a, b)
    E.book_extras(a, w, b)
    a.infobox = [("Author", person_link(author)), ("Country", "United States"), ("Language", "English"),
                 ("Genre", b.subtype.capitalize()), ("Publisher", f"[[{pub}]]" if pub else "—"),
                 ("Publication date", str(b.year)), ("Pages", str(int(b.numbers.get("pages", 240))))]
    a.categories = [f"{b.year} books", f"American {b.subtype}s" if not b.subtype.endswith("y") else "Books",
                    f"Works by {author.name}", "Books set in Oregon"]
    a.image = ImageSpec(f"{b.title.replace(' ', '_').replace(chr(39), '').replace('(', '').replace(')', '')}_cover.png",
                        "First edition cover", f"Cover of {b.name}", "cover", {"title": b.name, "by": author.name,
                                                                               "year": b.year})
    return a


def album_article(w: World, x: Thing) -> Article:
    band = w.by_title[x.makers[0]]
    label = x.related[0] if x.related else None
    a = Article(x.title, "album", x.title, f"{x.year} album by {band.name}", infobox_title=x.name)
    a.lead = [a.v("''{n}'' is <a|the {o}> studio album by the American {g} band {b}, released in {y} <by|on> {l}.",
                  n=f"'''{x.name}'''", o=a.pick(("debut", "second", "third", "fourth")), g=x.subtype,
                  b=thing_link(band), y=x.year, l=f"[[{label}]]" if label else "the band's own label")]
    members = [w.person(m) for m in band.makers]
    studio = a.pick(("a converted cannery on the waterfront", "a barn outside town", "a church hall",
                     "a studio in Portland", "the band's rehearsal space", "a cabin in the hills"))
    a.para("Background and recording", [
        a.v("<The band recorded|Recording took place> <in|at> {s} <over|during> {k} <weeks|days> in {y0}.", s=studio,
            k=words(a.rng.randrange(2, 12)), y0=x.year - a.rng.randrange(0, 2)),
        a.v("<The songs|Most of the songs> were written by {m}<| on the road| after the previous tour>.",
            m=join([person_link(p) for p in members[:2]])),
        a.v("<The sound|The production> <is|was> <sparser|louder|warmer|more polished> than on <earlier records|the "
            "band's earlier work><|, with <strings|horns|a church organ|field recordings> on several songs>.")
        + a.cite_any(x.name, x.year)])
    a.para("Background", C.genre(a, "album") + C.era(a, x.year)[:1])
    a.para("Music and lyrics", [a.v("<Critics|Writers> <have described|described> the album as {g} <with|mixed with> "
                                    "<folk|soul|country|post-punk|ambient> <influences|touches>.", g=x.subtype),
                                a.v("<The lyrics|Its songs> <deal with|are about> <the coast|small-town life|leaving "
                                    "home|the closing of the mills|love and loss|the sea>.")])
    _reception(a, x)
    E.album_extras(a, w, x)
    sec = a.section("Track listing")
    total = 0
    rows = []
    for i, t in enumerate(x.items, 1):
        sec_len = a.rng.randrange(140, 390)
        total += sec_len
        rows.append([str(i), f"\"{t}\"", f"{sec_len // 60}:{sec_len % 60:02d}"])
    sec.table = (["No.", "Title", "Length"], rows)
    sec2 = a.section("Personnel")
    sec2.items = [f"{person_link(p)} – {a.pick(('vocals, guitar', 'bass', 'drums', 'keyboards', 'guitar'))}"
                  for p in members] + [f"{a.pick(W.MALE_NEW + W.FEMALE_NEW)} {a.pick(W.SURNAMES)} – production"]
    a.infobox = [("Artist", thing_link(band)), ("Released", str(x.year)), ("Genre", x.subtype.capitalize()),
                 ("Length", f"{total // 60}:{total % 60:02d}"), ("Label", f"[[{label}]]" if label else "—")]
    a.categories = [f"{x.year} albums", f"{band.name} albums", f"{x.subtype.capitalize()} albums"]
    a.image = ImageSpec(f"{x.title.replace(' ', '_').replace(chr(39), '').replace('(', '').replace(')', '')}_cover.png",
                        "Cover art", f"Cover of {x.name}", "cover", {"title": x.name, "by": band.name, "year": x.year})
    return a


def film_article(w: World, f: Thing) -> Article:
    director = w.person(f.makers[0])
    cast = [w.person(t) for t in f.related]
    a = Article(f.title, "film", f.title, f"{f.year} film by {director.name}", infobox_title=f.name)
    setting = w.by_title.get(f.place)
    place = town_link(setting, f.place) if setting else "[[Port Alder]]"
    a.lead = [a.v("''{n}'' is a {y} American {g} film directed by {d}" + (", starring {c}." if cast else "."),
                  n=f"'''{f.name}'''", y=f.year, g=f.subtype, d=person_link(director),
                  c=join([person_link(p) for p in cast]))]
    a.para("Plot", [a.v("<The film follows|It follows> {h} <in|from> {pl}<| over one summer| during a long winter>.",
                        h=a.pick(HEROES), pl=place),
                    a.v("<Their world is shaken by|Trouble comes with> {c}.", c=a.pick(CONFLICTS)),
                    a.v("<The climax comes with|It ends with> {t} and {e}.", t=a.pick(TURNS), e=a.pick(ENDINGS))])
    a.para("Background", C.person_summary(a, w, director, f.year) + C.genre(a, "film"))
    if setting:
        a.para("Setting", C.town_then(a, w, f.place, f.year))
    a.para("Production", [a.v("<Filming took place|The film was shot> <in|around> {pl} <over|in> {k} weeks in {y}.",
                              pl=place, k=words(a.rng.randrange(3, 14)), y=f.year - 1),
                          a.v("The budget was about ${b} million.", b=f.numbers.get("budget", 1.0))
                          + a.cite_any(f.name, f.year, f"Cameras roll in {setting.name if setting else 'Port Alder'}")])
    if cast:
        sec = a.section("Cast")
        sec.items = [f"{person_link(p)} as {a.pick(W.MALE_MID + W.FEMALE_MID)} {a.pick(W.SURNAMES)}" for p in cast]
    _reception(a, f)
    a.infobox = [("Directed by", person_link(director)), ("Starring", ", ".join(person_link(p) for p in cast) or "—"),
                 ("Release date", str(f.year)), ("Running time", f"{int(f.numbers.get('runtime', 95))} minutes"),
                 ("Country", "United States"), ("Language", "English"),
                 ("Budget", f"${f.numbers.get('budget', 1.0)} million")]
    a.categories = [f"{f.year} films", f"American {f.subtype} films", "Films shot in Oregon",
                    f"Films directed by {director.name}"]
    return a


def artwork_article(w: World, x: Thing) -> Article:
    artist = w.person(x.makers[0])
    held = x.related[0] if x.related else None
    a = Article(x.title, "artwork", x.title, f"{x.year} work by {artist.name}", infobox_title=x.name)
    a.lead = [a.v("''{n}'' is {art} {m} by the American artist {ar}, <made|completed> in {y}.", n=f"'''{x.name}'''",
                  art="an" if x.subtype[0] in "aeiou" else "a", m=x.subtype, ar=person_link(artist), y=x.year)
              + (a.v(" It is in the collection of the {h}.", h=f"[[{held}]]") if held else "")]
    a.para("Description", [a.v("The work <shows|depicts> <the harbour at dawn|a logging crew at rest|a farmhouse in the "
                               "rain|the river in flood|a woman reading by a window|the lighthouse in fog|fishing "
                               "boats on the bar|a street in {pl} after a fire>.",
                               pl=w.by_title[x.place].name if x.place in w.by_title else "Port Alder"),
                           a.v("<It measures|Its size is> {h} by {wd} centimetres.", h=int(x.numbers.get("height_cm", 60)),
                               wd=int(x.numbers.get("width_cm", 80))),
                           a.v("<The palette|The colours> <is|are> <muted greys and greens|warm ochres|deep blues> "
                               "<and|, and> the <brushwork|surface|modelling> <loose|careful|rough>.")])
    a.para("Background", C.person_summary(a, w, artist, x.year) + C.genre(a, "artwork"))
    a.para("History", [a.v("{ar} <made|finished> the work <in|at> <a studio in Port Alder|the coast|{his} home> in {y}.",
                           ar=artist.surname, y=x.year, his="her" if artist.gender == "f" else "his"),
                       a.v("<It was first shown|It was exhibited> <at|in> <a gallery in Portland|the county fair|the "
                           "Lantern Theatre's foyer> in {y2}.", y2=x.year + a.rng.randrange(0, 4))
                       + a.cite_any(x.name, x.year),
                       a.v("<It was acquired by|It passed to> {h} in {y3}.", h=f"the [[{held}]]" if held
                           else "a private collector", y3=x.year + a.rng.randrange(3, 60))])
    a.infobox = [("Artist", person_link(artist)), ("Year", str(x.year)), ("Medium", x.subtype.capitalize()),
                 ("Dimensions", f"{int(x.numbers.get('height_cm', 60))} cm × {int(x.numbers.get('width_cm', 80))} cm"),
                 ("Location", f"[[{held}]]" if held else "Private collection")]
    a.categories = [f"{x.year} works", f"Works by {artist.name}", "Art in Oregon"]
    return a


def band_article(w: World, b: Thing) -> Article:
    home = w.by_title.get(b.place)
    members = [w.person(m) for m in b.makers]
    albums = sorted((x for x in w.works if x.kind == "album" and x.makers == [b.title]), key=lambda x: x.year)
    a = Article(b.title, "band", b.title, f"American {b.subtype} band", infobox_title=b.name)
    place = town_link(home, b.place) if home else "[[Port Alder]]"
    a.lead = [a.v("'''{n}''' <is|was> an American {g} band from {pl}, <formed|founded> in {y}.", n=b.name,
                  g=b.subtype, pl=place, y=b.year)
              + (a.v(" The band split up in {e}.", e=b.end) if b.end else "")]
    a.para("History", [a.v("{m} <formed|started> the band in {y} <while at school|after meeting at a party|in a "
                           "garage|at the county fair>.", m=join([person_link(p) for p in members]), y=b.year)
                       + a.cite_any(b.name, b.year),
                       a.v("<Early shows|Their first gigs> <were|took place> <in grange halls|at house parties|in the "
                           "bars of Alder Wharf|at the Lantern Theatre>.")]
           + ([a.v("''{x}'' ({y}) <was|became> <their breakthrough|a regional hit|their best-selling record>.",
                   x=thing_link(albums[0]), y=albums[0].year)] if albums else []))
    a.para("Background", C.genre(a, "album") + C.era(a, b.year))
    for m in members:
        a.para("Members", C.person_summary(a, w, m, b.year))
    if albums:
        sec = a.section("Discography")
        sec.items = [f"''{thing_link(x)}'' ({x.year})" for x in albums]
    sec = a.section("Members")
    sec.items = [person_link(p) for p in members]
    a.infobox = [("Origin", place), ("Genres", b.subtype.capitalize()),
                 ("Years active", f"{b.year}–{b.end or 'present'}"),
                 ("Members", ", ".join(person_link(p) for p in members))]
    a.categories = [f"Musical groups established in {b.year}", f"American {b.subtype} groups",
                    "Musical groups from Oregon"]
    return a
