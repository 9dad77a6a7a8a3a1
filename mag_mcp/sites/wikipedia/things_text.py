"""Phrase banks for buildings, companies, organisations and ships (see `write_things`).

ORG_TEXT and SHIP_TEXT give, per subtype or fate, the sections of the article in
order: (heading, templates). Slots: {n} name, {pl} place, {y} founding year, {yy}
a later year, {k} a small count, {num} a size (students, circulation, beds), and
subtype-specific ones ({freq}, {fmt}, {mascot}, {colors}; for ships {len}, {t},
{kn}, {own}, {cap}, {end}, {wreck}, {lost})."""

from __future__ import annotations

BUILDING_EVENTS = {
    "addition": ("In {y} <the building was enlarged with|{part} was added to the building|a local builder added> {part}.",
                 "{part} <was|were> added in {y}<| to meet the growing need for space>."),
    "fire": ("A fire in {y} <damaged|gutted|destroyed> {damage}; the {sub} was <repaired|rebuilt> <within a year|the "
             "following spring>.", "In {y} <lightning struck the building|a stove fire broke out>, damaging {damage}."),
    "listed": ("The {sub} was <added to|listed on> the [[National Register of Historic Places]] in {y} (reference "
               "number {ref}).", "In {y} it was listed on the [[National Register of Historic Places]]."),
    "restored": ("A restoration <costing|of> about ${cost}0,000 <was completed|took place> in {y}<|, returning the "
                 "exterior to its original colours>.", "<Volunteers|A local trust|The owners> restored the {sub} in {y}."),
    "new_use": ("In {y} the building was converted into {use}.", "Since {y} it has housed {use}."),
}

DESCRIPTION = (
    "The {sub} is a {fl}-storey building of {mat} with {f}.",
    "Built of {mat}, the {sub} rises {fl} storeys and shows {f}.",
    "<The|This> {fl}-storey {sub} <is built of|has walls of> {mat}; <its facade has|notable details include> {f}.",
)

COMPANY_EVENTS = {
    "first_product": ("The company <shipped|sold> its first {product} in {y}.",
                      "In {y} it <began|started> <making|selling> {product}<|, which became its best-known line>."),
    "new_plant": ("In {y} a second <plant|mill|works> opened in {town}.", "The firm <expanded|grew> to {town} in {y}."),
    "strike": ("A strike in {y} <closed|shut> the <works|mill|plant> for {weeks} weeks.",
               "In {y} workers <struck|walked out> for {weeks} weeks over <pay|hours|safety>."),
    "renamed_product": ("By {y} {product} made up about {share}% of its sales.",
                        "<In {y}|By {y}>, {product} <accounted for|brought in> {share}% of the company's revenue."),
    "ipo": ("The company <listed its shares|went public> in {y}.", "In {y} {n} <became|was made> a public company."),
    "acquired": ("In {y} the company <bought|acquired> {target}.", "{n} <took over|absorbed> {target} in {y}."),
}

ORG_TEXT: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "newspaper": (
        ("History", ("The <first issue|first number> <appeared|came off the press> in {y}<|, printed on a hand press "
                     "in a rented room>.",
                     "<Early issues|The early paper> <carried|printed> <farm prices, shipping news and advertisements|"
                     "court reports, sermons and serialised novels|notices of land sales>.",
                     "<In {yy}|By {yy}> the paper <moved to|bought> <a new building|a steam press|a Linotype machine> "
                     "<and|, and> <went|became> {freq}.",
                     "<It|The paper> <survived|weathered> <the Depression|a fire at its office|a price war with a rival> "
                     "<and|, and> <merged with|absorbed> a <rival weekly|smaller paper> in {yy}.")),
        ("Coverage", ("The {n} covers <local government|schools|sports|courts|business> in {pl} and <the "
                      "surrounding area|neighbouring towns>.",
                      "<Its|The paper's> <reporting|coverage> of <floods|a mill strike|a corruption case|the timber "
                      "wars> <won|earned> <a state press award|praise> in {yy}.",
                      "<Columnists|Its columnists> have <written|included writers> on <fishing|gardening|local "
                      "history|politics> for decades.")),
        ("Circulation", ("<The paper's|Its> circulation <was|stood at> about {num} <copies|subscribers> in the "
                         "2010s<|, down from a peak in the 1970s>.",
                         "<Since {yy}|From {yy}> the paper has <also published|run> a <website|digital edition>.")),
    ),
    "radio station": (
        ("History", ("<The station|It> <signed on|first went on the air> in {y}<| from a studio above a hardware "
                     "store>.", "<Its founders|The first owners> <built|put up> a <wooden|steel> <mast|tower> on "
                     "<a hill outside|the edge of> {pl}.",
                     "<The station|It> <changed hands|was sold> in {yy} and <moved|switched> to {fmt}.")),
        ("Programming", ("The station <airs|broadcasts> {fmt} <programming|shows>, <with|including> <local news|"
                         "high school sports|farm reports|a morning call-in show>.",
                         "<Its|The station's> <coverage|broadcasts> of <storms|floods|elections> <are|have been> "
                         "<relied on|followed> <across the county|by listeners in remote valleys>.")),
    ),
    "high school": (
        ("History", ("<The school|It> <opened|first held classes> in {y} <with|for> {k} <students|pupils> in "
                     "<a single room|a wooden building|the upper floor of the grade school>.",
                     "<A new building|The present building> <was completed|opened> in {yy}<|, paid for by a bond "
                     "measure>.",
                     "<Enrolment grew|The student body grew> <after the war|in the 1960s|as the town grew> and "
                     "<additions were built|a gymnasium was added> in {yy}.")),
        ("Academics", ("The school <offers|teaches> <a college preparatory curriculum|advanced placement courses|"
                       "vocational programmes in forestry and welding|courses in agriculture>.",
                       "<About|Roughly> {num} students <attend|are enrolled>, in grades 9 to 12.",
                       "<Its|The school's> <graduation rate|test scores> <are|is> <above|close to> the state average.")),
        ("Athletics", ("The school's teams, the {mascot}, <wear|play in> {colors}.",
                       "<The football team|The basketball team|The girls' soccer team> <won|took> the state "
                       "championship in {yy}.",
                       "<Its|The school's> <rivalry|annual game> with <a neighbouring school|the county seat's team> "
                       "<draws|attracts> <large crowds|the whole town>.")),
    ),
    "college": (
        ("History", ("{n} was founded in {y} <as a normal school|as a private academy|by a church society> to "
                     "<train teachers|educate the children of settlers|serve the valley>.",
                     "<It became|The school became> a <state college|four-year college> in {yy}<| and began granting "
                     "degrees>.", "<Enrolment|The student body> grew to about {num} <by the 2010s|today>.")),
        ("Academics", ("The college <offers|awards> degrees in <education, business and nursing|the sciences and the "
                       "arts|forestry and agriculture>.",
                       "<Its|The college's> <marine station|forest research station|teacher training programme> "
                       "<is|has been> <well known|its best-known programme>.")),
        ("Campus", ("The campus <covers|occupies> <a hill above|land on the edge of> {pl} <with|and has> "
                    "<brick halls|a library|playing fields> <around a quadrangle|along the river>.",)),
    ),
    "hospital": (
        ("History", ("<The hospital|It> opened in {y} <with|as> <twelve beds|a small infirmary|a clinic above a "
                     "store><| to serve loggers and millworkers>.",
                     "<A new wing|A new building> <was built|opened> in {yy}<|, funded by a county levy>.",
                     "<It|The hospital> <became|was designated> a <trauma centre|teaching hospital|critical access "
                     "hospital> in {yy}.")),
        ("Services", ("<Today|Now> it has about {num} beds and <offers|provides> <emergency care, surgery and "
                      "maternity services|emergency and outpatient care|a cancer centre and a heart clinic>.",
                      "<It|The hospital> is <one of the largest employers|the largest employer> in {pl}.")),
    ),
    "museum": (
        ("History", ("<The museum|It> <was founded|opened> in {y} by <the county historical society|local "
                     "volunteers|a retired teacher> <in|at> <a former bank|the old depot|a church hall|the old "
                     "schoolhouse>.", "<It|The museum> <moved|expanded> <into a larger building|to its present site> "
                     "in {yy}.")),
        ("Collections", ("<Its collections include|The museum holds> <logging tools, photographs and diaries|a "
                         "restored steam engine|ship models and charts|pioneer clothing and quilts|Native basketry>.",
                         "<Exhibits|Displays> <tell|trace> the <history|story> of {pl} from <the first settlers|its "
                         "founding> to <the present|the closing of the mills>.",
                         "<About|Some> {num} <visitors|people> <come each year|visit annually>.")),
    ),
    "football club": (
        ("History", ("{n} was founded in {y} by <workers at a local mill|members of a church|students|dock workers>.",
                     "<The club|It> <joined|entered> the [[Cascadia Football League]] in {yy}<| and has played "
                     "there since>.", "<It|The club> <moved to|built> a new ground in {yy}.")),
        ("Stadium", ("The club plays at <a municipal ground|a small stadium> in {pl} that <holds|seats> about {num} "
                     "spectators.",)),
        ("Supporters", ("<Its supporters|Fans> <call|know> the team {nick}.".replace("{nick}", "by its nickname"),
                        "<Its rivalry|The derby> with the [[Port Alder Herons]] <is|has been> <fierce|the highlight "
                        "of the season>.")),
    ),
    "record label": (
        ("History", ("<The label|It> was <founded|started> in {y} <in|from> <a garage|a record shop|a basement "
                     "studio> in {pl}.", "<It|The label> <released|put out> <more than {k} records|records by "
                     "local bands> in its first decade.", "<A distribution deal|A hit single> in {yy} <gave it|brought> "
                     "<national reach|wider attention>.")),
        ("Artists", ("<Its roster|Artists on the label> <has included|included> <folk singers, punk bands and jazz "
                     "groups|many bands of the region>.",)),
    ),
    "publisher": (
        ("History", ("{n} was founded in {y} <to publish|publishing> <local history|regional writers|maps and guides|"
                     "school books>.", "<It|The press> <moved|relocated> to {pl} in {yy}.",
                     "<It has published|Its list includes> <more than {num} titles|hundreds of titles>.")),
        ("Publications", ("<Its books|Its list> <include|includes> <histories of the region's towns|novels and "
                          "poetry|field guides|memoirs of pioneers and sailors>.",)),
    ),
}

SHIP_TEXT: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "common": (
        ("Construction", ("''{n}'' was <laid down|begun> <in|at> the yard in {y} and <launched|floated out> <the same "
                          "year|a few months later>.",
                          "<She|The vessel> <measured|was> {len} metres <long|in length> and <displaced|was rated at> "
                          "{t} gross tons.",
                          "<Her engines|Her sails and engine|She> <gave|made> about {kn} knots.")),
        ("Service", ("<She entered service|She began work> for {own} in {yy}<|, under {cap}>.",
                     "<For years|Through most of her career> she <carried|ran> <lumber and passengers|freight and "
                     "mail|salmon and canned goods> <along the coast|across the bay|between the bay and San "
                     "Francisco>.",
                     "<In {yy}|Once> she <ran aground|collided with a barge|lost her rudder> <but|and> was <refloated|"
                     "repaired>.")),
    ),
    "wrecked": (
        ("Wreck", ("In {end} she was <wrecked|lost|driven ashore> <near|off> {wreck} <in a storm|in thick fog|while "
                   "crossing the bar>.",
                   "{lost} <crew members|people> <died|were lost>; <the rest|the survivors> <reached the shore|were "
                   "rescued by a lifeboat>.",
                   "<Parts of the wreck|Her boiler|Her anchor> <can still be seen|are visible> at low tide.")),
    ),
    "scrapped": (
        ("Later years", ("<She was sold|Her owners sold her> in {end} and <broken up|scrapped> <at Portland|in "
                         "Seattle|on the beach>.",)),
    ),
    "preserved": (
        ("Preservation", ("<She is preserved|The vessel is now kept> <as a museum ship|at a museum> <in|near> "
                          "{wreck}.", "<Volunteers|A trust> <restored|maintain> her<| and open her to visitors>.")),
    ),
    "in service": (
        ("Current status", ("<She remains|The vessel is still> in service<| and is one of the oldest of her type on "
                            "the coast>.",)),
    ),
}
