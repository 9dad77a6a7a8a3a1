"""Career episodes of the biographies, by occupation group.

Each episode is (earliest age, latest age, templates). A biography draws several
episodes of its group in age order and fills their slots: {n} surname, pronouns
{he} {his} {him}, {y} the year, {town} a town of the region (markup), {org} an
employer or institution (markup), {k} a small count, {num} a larger number,
{title} an invented title (of a paper, bill, book, song or painting), {pub} a
publication, {topic} a subject of the field, {rival} a colleague (markup). The
episodes are the person's own: they name no other record's facts beyond what
the slot fillers take from the world.
"""

from __future__ import annotations

GROUP = {"pioneer": "pioneer", "politician": "politics", "judge": "politics", "activist": "politics",
         "architect": "design", "engineer": "design", "businessperson": "business", "writer": "letters",
         "journalist": "letters", "musician": "stage", "actor": "stage", "director": "stage", "painter": "art",
         "sculptor": "art", "photographer": "art", "scientist": "science", "physician": "science",
         "educator": "science", "footballer": "sport", "rower": "sport", "runner": "sport", "captain": "sea",
         "clergy": "faith"}

EPISODES: dict[str, tuple[tuple[int, int, tuple[str, ...]], ...]] = {
    "pioneer": (
        (18, 30, ("In {y} {n} <joined|set out with> a wagon train of {num} emigrants from Missouri; the crossing "
                  "<took|lasted> {k} months<| and cost the lives of several children>.",
                  "{n} <reached|arrived in> the Oregon Country in {y} <after|following> a crossing of the plains "
                  "<that|which> {he} later described in <a long letter|a diary> to {his} family.")),
        (20, 40, ("{He} <filed|registered> a <Donation Land Claim|land claim> of {num} acres <near|outside> {town} in "
                  "{y}.", "In {y} {n} <bought|traded for> a <team of oxen|yoke of oxen> and <began|started> clearing "
                      "the land along the creek.")),
        (22, 45, ("<During the winter of|In> {y} {he} <built|raised> a <log cabin|split-cedar house|barn> and "
                  "<planted|sowed> <the first orchard|wheat|potatoes> in the valley.",
                  "In {y} {n} <helped to build|organised the building of> the first <school|church|road bridge> "
                  "<in|near> {town}.")),
        (25, 55, ("<In {y}|By {y}>, {n} <ran|operated> a <ferry|sawmill|general store|grist mill> that "
                  "<served|supplied> settlers <across the valley|for miles around>.",
                  "{He} <was elected|served as> <justice of the peace|county road supervisor|school director> in "
                  "{y}.")),
        (30, 65, ("<The flood of {y}|A fire in {y}> <destroyed|carried away> {his} <mill|barn|crops>, but {n} "
                  "<rebuilt|started again> <the next spring|within a year>.",
                  "In {y} {n} <gave|donated> land for a <cemetery|church|school> that <still bears|still carries> "
                  "the family's name.")),
        (40, 80, ("{n} <told|recounted> {his} memories of the early years to <a local historian|the county "
                  "historical society|a newspaper> in {y}<|; the account was published as ''{title}''>.",
                  "In {y} {he} was honoured at the <first|annual> <pioneer reunion|Founders' picnic> of the county.")),
    ),
    "politics": (
        (22, 35, ("<In {y}|At {k}-and-twenty>, {n} <was admitted to the bar|began work as a law clerk|joined the staff "
                  "of a state senator|became secretary of the local Grange>.",
                  "{n} <first stood for|ran for> office in {y}, <losing|narrowly losing> a race for <the school "
                  "board|the city council|county clerk>.")),
        (28, 50, ("In {y} {he} <was elected|won election> to the <city council of {town}|county commission|school "
                  "board> <by|with a margin of> {k} votes.",
                  "{n} <chaired|led> the <county Democratic|county Republican|local Progressive> party <from|in> "
                  "{y}.")),
        (30, 60, ("<In {y}|During {y}>, {he} <sponsored|introduced|pushed through> <a measure|an ordinance|a bill> "
                  "<to fund|creating|for> <county roads|a public hospital|rural libraries|flood levees|a ferry "
                  "subsidy|school lunches>, known as the ''{title}''.",
                  "{n} <led|chaired> the <committee on|commission on> <public works|education|harbours|forestry|"
                  "taxation> <from {y}|in {y}>, <where|and> {he} <oversaw|steered> <{num} dollars of spending|the "
                  "building of new schools|a long review of timber leases>.")),
        (32, 65, ("<The campaign of {y}|In {y} the campaign> <was bitter|turned on> <the question of|a dispute "
                  "over> <Prohibition|timber taxes|the harbour bonds|a new dam|school consolidation>; {n} "
                  "<won|held on> <with|by> {k} points.",
                  "In {y} {n} <broke with|clashed with> <the party leadership|the mayor|the timber lobby> over "
                  "<water rights|the county budget|a highway route>, <a dispute|a quarrel> that <cost {him} "
                  "support|made headlines across the state>.")),
        (35, 70, ("<In {y}|That year> {he} <was named|became> <chair|vice-chair|a member> of the <state|county> "
                  "<board of education|parks board|harbour commission|planning commission>.",
                  "{n} <campaigned|spoke> for <women's suffrage|the eight-hour day|public power|civil rights|"
                  "conservation of the coast> <in {y}|from {y}>.")),
        (45, 85, ("<After leaving office|In retirement>, {n} <wrote|published> a memoir, ''{title}'' ({y}).",
                  "In {y} {n} <was appointed|became> <a trustee|a regent> of [[Port Alder University]].")),
    ),
    "design": (
        (20, 30, ("In {y} {n} <joined|entered> the office of {rival}<|, drawing plans for houses and schools>.",
                  "{n} <spent|passed> {y} <travelling in Europe|studying in Paris|touring the cities of the East>, "
                  "<sketching|studying> <cathedrals|bridges|town halls>.")),
        (26, 45, ("{n} <opened|established> {his} own <practice|office> in {town} in {y}<|, with {k} draughtsmen>.",
                  "In {y} {he} <won|took> a competition for <a new school|the county hospital|a public library|a "
                  "bridge over the river>, <beating|ahead of> {k} other entries.")),
        (30, 60, ("<Among {his}|One of {his}> <early|best-known> commissions <was|came in {y}:> <a row of "
                  "workers' houses|a bank on the main street|a church for a Norwegian congregation|a school for "
                  "{num} pupils> in {town}.",
                  "<In {y}|During {y}>, {n} <published|wrote> ''{title}'', <a pamphlet|an essay> on <building "
                  "in wood|fire-proof construction|the design of schools|the use of local stone>.")),
        (35, 65, ("<The Depression|A building slump> <cut|reduced> {his} <work|commissions> <sharply|by half> "
                  "<after|around> {y}; {he} <designed|drew> <farm buildings|small houses|public works> to keep "
                  "the office open.",
                  "In {y} {n} <formed a partnership with|went into practice with> {rival}; the firm <designed|"
                  "produced> <more than {k} buildings|work across the region>.")),
        (40, 75, ("In {y} {he} <was elected|became> a fellow of the <American Institute of Architects|American "
                  "Society of Civil Engineers>.",
                  "{n} <served on|chaired> the <county planning commission|state board of architects|historic "
                  "preservation board> <from {y}|in {y}>.")),
    ),
    "business": (
        (16, 28, ("<At|By the age of> {k}-and-twenty, {n} <was clerking|was working> in a <dry-goods store|bank|"
                  "shipping office|lumber yard> in {town}.",
                  "In {y} {n} <borrowed|raised> {num} dollars <from|with the help of> <relatives|a local banker|"
                  "friends> to <buy|start> {his} first business.")),
        (25, 50, ("<In {y}|By {y}>, {n} <owned|controlled> <two mills|a chain of stores|a fleet of trucks|three "
                  "canneries> <across the county|along the coast>.",
                  "{n} <introduced|was the first to use> <steam power|electric lighting|refrigerated rail cars|"
                  "a telephone exchange> in {his} business in {y}.")),
        (30, 60, ("The <panic of {y}|downturn of {y}|fire of {y}> <nearly ruined|almost bankrupted|badly hurt> "
                  "{his} business, <but|yet> {n} <recovered|rebuilt> <within two years|by selling land>.",
                  "In {y} {he} <opened|built> a <new plant|warehouse|branch> in {town} that <employed|gave work to> "
                  "<about|some> {num} people.")),
        (35, 70, ("{n} <was elected president of|led> the <chamber of commerce of {town}|county bankers' "
                  "association|state timber association> in {y}.",
                  "In {y} {n} <endowed|funded> <a scholarship|a hospital wing|a public park|a library> <in|at> "
                  "{town}.")),
        (50, 85, ("<In {y}|By {y}>, {n} <had handed|handed> the business to <{his} son|{his} daughter|a "
                  "partner|its managers> and <withdrew|retired> from daily management.",)),
    ),
    "letters": (
        (18, 30, ("{n} <published|placed> {his} first <story|poem|article> in {pub} in {y}.",
                  "In {y} {he} <joined|went to work for> {org} as a <reporter|proofreader|copy boy|clerk>.")),
        (24, 45, ("''{title}'', {his} <first book|debut|first collection>, <appeared|was published> in {y} "
                  "<to warm reviews|to little notice|and sold {num} copies in its first year>.",
                  "In {y} {n} <covered|reported on> <the mill strike|the great flood|a murder trial|the election> "
                  "for {org}<|, and {his} reports were reprinted across the state>.")),
        (28, 60, ("{n} <spent|passed> {y} <in a cabin on the coast|travelling the back roads of the county|living in "
                  "a lighthouse keeper's cottage|in New York>, <writing|working on> ''{title}''.",
                  "In {y} {he} <became|was named> <editor of|literary editor of|a columnist for> {org}.")),
        (30, 70, ("<A lawsuit|A libel suit|A public quarrel> over ''{title}'' <followed in {y}|in {y} made {him} "
                  "briefly notorious>.",
                  "{n} <received|won> a <fellowship|grant> from the <state arts commission|Guggenheim Foundation|"
                  "county arts council> in {y}.")),
        (40, 85, ("<In {y}|Late in life>, {n} <edited|compiled> ''{title}'', an anthology of <regional writing|"
                  "folk tales of the coast|letters of the pioneers>.",)),
    ),
    "stage": (
        (14, 24, ("{n} <first performed|made {his} stage debut> at <a church social|the county fair|a school "
                  "concert|the Lantern Theatre> in {y}.",
                  "In {y} {he} <won|took first prize in> a <talent contest|radio competition|music contest> "
                  "<in|held in> {town}.")),
        (18, 35, ("{n} <toured|went on the road> with <a travelling company|a dance band|a theatre troupe> in "
                  "{y}, playing <small towns|grange halls|theatres> <up and down the coast|across the West>.",
                  "In {y} {he} <signed|made a contract> with {org}<| for {k} records>.")),
        (22, 50, ("''{title}'', <a song|a single|a short film|a play> <of|from> {y}, <became|was> {his} "
                  "<first hit|best-known work|breakthrough>.",
                  "{n} <appeared|performed> <on national radio|on television|at a festival in Seattle|at Carnegie "
                  "Hall> in {y}<|, reaching a national audience>.")),
        (25, 60, ("<In {y}|During {y}>, {he} <recorded|filmed|staged> <in|at> <a converted barn|the old cannery|a "
                  "church in the valley|a studio in Port Alder> <with|using> <a borrowed|a rented> "
                  "<tape recorder|camera|stage>.",
                  "<A long tour of {y}|An illness in {y}> <left {him} exhausted|forced {him} to cancel {k} "
                  "concerts|ended {his} touring years>.")),
        (35, 80, ("In {y} {n} <returned|moved back> to {town} and <taught|gave lessons> to <young musicians|"
                  "students|local players>.",)),
    ),
    "art": (
        (16, 28, ("{n} <studied|took classes> <at the art school in Portland|with a local painter|by "
                  "correspondence> <in|from> {y}.",
                  "In {y} {he} <sold|exhibited> {his} first <work|pictures> at <the county fair|a bookshop|a "
                  "gallery in Portland>.")),
        (22, 50, ("<In {y}|During {y}>, {n} <spent|passed> <the summer|several months> <on the coast|in the "
                  "hills|on the islands of Alder Bay> <painting|sketching|photographing> <the fishing fleet|the "
                  "forests|the old farms>.",
                  "{His} <first solo exhibition|first one-man show|first major show> <opened|was held> in {y} at "
                  "{org}.")),
        (28, 60, ("In {y} {he} <received|won> a <commission|contract> <for|to make> a <mural|monument|series of "
                  "prints> <for|at> the <post office|courthouse|school> in {town}.",
                  "''{title}'' ({y}) <was bought by|entered the collection of> <a museum in Seattle|the state|a "
                  "private collector>.")),
        (40, 85, ("A <retrospective|survey exhibition> of {his} work <was held|opened> in {y}, showing <more than "
                  "{k} works|{num} works>.",)),
    ),
    "science": (
        (20, 32, ("{n} <joined|took a post at> {org} in {y}<| as an assistant>.",
                  "In {y} {he} <published|wrote> {his} first paper, on {topic}.")),
        (26, 55, ("<In {y}|During {y}>, {n} <led|joined> an <expedition|survey|field study> <to|along|in> "
                  "<the islands of Alder Bay|the Coast Range|the upper rivers|the tide flats> to study {topic}.",
                  "In {y} {he} <described|identified|measured> <a new species of|the decline of|the rate of> "
                  "{topic}<|, in a paper that was widely cited>.")),
        (30, 65, ("{n} <was appointed|became> <professor|head of department|director> at {org} in {y}.",
                  "In {y} {n} <founded|started> a <laboratory|field station|clinic> near {town}<| with a grant "
                  "of {num} dollars>.")),
        (35, 70, ("<By {y}|In {y}>, {he} had <published|written> <more than {k} papers|{k} books and many articles> and "
                  "<supervised|trained> <many|dozens of> students.",
                  "{n} <served as|was> president of the <Oregon Academy of Science|regional medical society|state "
                  "teachers' association> in {y}.")),
        (45, 85, ("<In {y}|After retiring>, {n} <wrote|published> ''{title}'', a <textbook|history of the field|"
                  "popular book> on {topic}.",)),
    ),
    "sport": (
        (14, 20, ("{n} <was spotted|was discovered> <playing|competing> <for|at> {his} school in {town} in {y}.",
                  "In {y} {he} <won|took> <the state schools title|a regional junior championship>.")),
        (17, 26, ("{n} <made {his} debut|competed for the first time> at senior level in {y}<|, aged {k}>.",
                  "In {y} {he} <was selected|was picked> for the <national junior team|state team|regional "
                  "squad>.")),
        (19, 32, ("The {y} season was {his} <best|finest|breakthrough>: {he} <scored|won> {k} {unit} and was <named|voted> <player of the season|the team's most valuable athlete>.",
                  "A <knee|ankle|shoulder> injury in {y} <kept {him} out|sidelined {him}> for <most of the season|"
                  "{k} months>.")),
        (22, 36, ("In {y} {n} <represented|competed for> the United States <at|in> <an international "
                  "tournament|the Pan American Games|a world championship>.",
                  "<In {y}|That year> {he} <moved|transferred> to {org}<| for a fee that was then a club record>.")),
        (30, 60, ("<After retiring|In {y}>, {n} <became|worked as> a <coach|youth coach|commentator> <in|for> "
                  "{town}.",)),
    ),
    "sea": (
        (14, 22, ("{n} <went to sea|signed on as a deckhand> <aboard|on> a <lumber schooner|coastal steamer|fishing "
                  "boat> in {y}.",
                  "In {y} {he} <survived|lived through> <a wreck|a capsizing|a winter storm> <off|near> the "
                  "<bar|headland> at {town}.")),
        (22, 40, ("{n} <earned|received> {his} <master's licence|mate's papers> in {y}.",
                  "<In {y}|By {y}>, {he} <commanded|was master of> a <steam schooner|tug|passenger steamer> "
                  "<in the timber trade|on the coast run|on Alder Bay>.")),
        (28, 60, ("In {y} {n} <rescued|brought off> {k} <crewmen|passengers> from a <stranded|sinking|burning> "
                  "<barque|steamer|fishing boat>, for which {he} <received|was awarded> a <gold watch|medal>.",
                  "<During {y}|In {y}>, {he} <piloted|brought> {num} <ships|vessels> <across|over> the bar <without "
                  "loss|safely>.")),
        (45, 80, ("<In {y}|After retiring from the sea>, {n} <became|served as> <harbour master|pilot|a ferry "
                  "inspector> at {town}.",)),
    ),
    "faith": (
        (20, 30, ("{n} <was ordained|took holy orders> in {y} and <was sent|went> to <a mission church|a parish|a "
                  "circuit of churches> <near|around> {town}.",)),
        (26, 55, ("In {y} {he} <founded|built> a <church|chapel|mission school> <in|at> {town}<| with {k} "
                  "families>.",
                  "{n} <preached|campaigned> <against|for> <drink|gambling|the eight-hour day|relief for the "
                  "poor> in {y}.")),
        (35, 75, ("In {y} {n} <became|was elected> <bishop|moderator|superintendent> of the <district|diocese|"
                  "conference>.",)),
    ),
}

TOPICS = ("tidal currents", "salmon runs", "the geology of the Coast Range", "red alder forests", "coastal "
          "erosion", "variable stars", "tuberculosis", "soil fertility", "oyster diseases", "seabird colonies",
          "landslides", "river sediments", "the chemistry of wood pulp", "childhood nutrition", "earthquake "
          "hazards", "sea fog", "mosses of the rain forest", "marine mammals")
