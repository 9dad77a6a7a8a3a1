"""Phrase banks of the biographies, by occupation: how a career is described, what a
critic says about the work, what the person did outside it. Templates use the
grammar of `grammar.vary`; slots: {n} (surname), {he}/{his}/{him} (pronouns),
{field} and {x} (a work or a place, markup)."""

from __future__ import annotations

CAREER: dict[str, tuple[str, ...]] = {
    "pioneer": (
        "{n} <crossed the plains|came west> on the <Oregon Trail|overland trail> <with a wagon train|in an ox-drawn "
        "wagon> and <took up|claimed> land under the Donation Land Claim Act.",
        "<In the first winters|During the first years> {he} <cleared timber|built a cabin of split cedar|ran cattle on "
        "the open range> and <traded with|bought supplies from> the settlements on the coast.",
        "{n} <served as|was elected> <justice of the peace|road supervisor|the first county assessor> and <helped to "
        "organise|raised money for> the <first school|first church|county road>.",
        "<Later|In later years> {he} <built a sawmill|opened a store|ran a ferry across the river> <that served the "
        "whole valley|that became the centre of the settlement>.",
    ),
    "politician": (
        "{n} <entered politics|began {his} political career> <on the city council|as a county commissioner|in the "
        "school board> and <won {his} first election|was first elected> by <a narrow margin|a wide margin>.",
        "<In office|As an official>, {he} <pressed for|championed|fought for> <new roads|public schools|a county "
        "hospital|flood control on the rivers|a public library|lower taxes on farmland>.",
        "<Critics|Opponents> <accused {him} of|blamed {him} for> <favouring the timber companies|neglecting the rural "
        "districts|raising taxes|moving too slowly on the harbour>, <but|while> supporters <credited {him} with|"
        "praised {him} for> <balancing the budget|bringing new industry|ending a long dispute over water rights>.",
        "{n} was <known as|regarded as> <a skilled negotiator|a forceful speaker|a reformer|a cautious administrator>"
        "<| who preferred committee work to speeches>.",
    ),
    "architect": (
        "{n} <opened|established> {his} own practice in <the Lantern Quarter|Port Alder|the county seat> after "
        "<several years|an apprenticeship> in the office of <an older architect|a Portland firm>.",
        "{His} <designs|buildings> <favoured|were known for> <generous windows|local stone and timber|symmetrical "
        "facades|careful proportions|bold rooflines>, <and|while> {his} <interiors|plans> were <praised|admired> for "
        "their <light|practicality|craftsmanship>.",
        "<Over|During> a career of <more than|nearly> {k} years, {n} designed <houses, schools and churches|civic "
        "buildings and commercial blocks|public buildings> across the region.",
        "<Many|Several> of {his} buildings <are listed|were later listed> on the [[National Register of Historic "
        "Places]].",
    ),
    "engineer": (
        "{n} <joined|worked for> the <county road department|state highway department|railway's engineering office> "
        "and <surveyed|laid out> <roads|bridges|water lines> across the valley.",
        "{His} <bridges|structures> <combined|used> <timber trusses|steel arches|reinforced concrete> <with|and> "
        "<economical spans|simple details>, <and several are still in use|many of which survive>.",
        "<As a consulting engineer|Later>, {he} <advised|worked for> <towns|water districts|the harbour commission> "
        "on <water supply|flood control|drainage|sewers>.",
    ),
    "businessperson": (
        "{n} <started|began> <in trade|as a clerk|in {his} family's business> before <founding|setting up> {his} own "
        "<company|firm>.",
        "<Under {his} management|With {his} direction>, the business <grew|expanded> <to several branches|beyond "
        "the county|into new markets> and <employed|gave work to> <hundreds|many> of <local|valley> residents.",
        "{n} <sat on the boards of|was a director of> <a bank|the chamber of commerce|the hospital|the county fair> "
        "and <gave|donated> <land|money> for <a park|a school|a library>.",
    ),
    "writer": (
        "{n}'s <first|early> <stories|poems|essays> appeared in <regional magazines|the local newspapers|literary "
        "quarterlies> <before|while> {he} <worked as|earned a living as> <a teacher|a clerk|a reporter|a librarian>.",
        "{His} <books|novels|writing> <are set|take place> <in the small towns of the coast|along the rivers of the "
        "region|in the logging camps of the hills|in Port Alder>, and <critics|reviewers> <have praised|noted> "
        "<their sense of place|{his} ear for dialogue|{his} spare prose|{his} humour>.",
        "{n} <taught|led workshops in> creative writing <at|for> [[Port Alder University]]<| for many years>.",
        "{His} papers <are held|were donated> <to the Central Library's local history collection|to the county "
        "historical society|to Port Alder University>.",
    ),
    "musician": (
        "{n} <learned|taught {him}self> <the guitar|the piano|the fiddle|the drums|the trumpet> <as a child|as a "
        "teenager> and <played|performed> in <church|school bands|local dance halls|the bars of Alder Wharf>.",
        "{His} <music|style> <draws on|mixes> {field} <with|and> <folk traditions|jazz harmony|punk energy|country "
        "songwriting>.",
        "<Critics|Reviewers> <have described|described> {his} <voice|playing|songs> as <warm|raw|understated|"
        "luminous|restless>.",
    ),
    "painter": (
        "{n} <painted|worked> <landscapes of the coast|scenes of harbour life|portraits|abstract compositions> "
        "<in oil and watercolour|on large canvases|en plein air>.",
        "{His} <work|paintings> <was shown|were exhibited> <in Portland and Seattle|at museums across the region|in "
        "group shows in San Francisco> <and is held|and are held> in <public collections|several museums>.",
        "<Critics|Art historians> <place|have placed> {him} <among|in> <the Northwest School|the regionalist "
        "painters|the first generation of modernists> of the Pacific coast.",
    ),
    "sculptor": (
        "{n} <carved|modelled> <figures|monuments|reliefs> <in bronze and stone|in cedar|for public buildings>.",
        "{His} <public works|monuments> <stand|can be seen> in <parks|squares|cemeteries> <across|throughout> the "
        "region.",
    ),
    "photographer": (
        "{n} <photographed|documented> <logging camps|the fishing fleet|the towns of the coast|floods and fires> "
        "<with a large-format camera|for newspapers|for the county historical society>.",
        "{His} <negatives|photographs> <are now|are> <a major source|an important record> for historians of the "
        "region.",
    ),
    "actor": (
        "{n} <began|started> acting <in school plays|with a touring company|at the Lantern Theatre> before <moving to|"
        "working in> <Los Angeles|New York|regional theatre>.",
        "{He} <appeared|played> in <stage productions|films|television series> <and was known for|noted for> "
        "<comic roles|character parts|{his} voice|playing villains>.",
    ),
    "director": (
        "{n} <made|directed> <documentaries|feature films|short films> <about|set in> <the Pacific Northwest|"
        "small-town life|the fishing industry>.",
        "{His} films <were shown|screened> at <festivals|art-house cinemas> and <won|earned> <praise|awards> for "
        "their <photography|restraint|humour>.",
    ),
    "scientist": (
        "{n} <joined the faculty|became a professor> at [[Port Alder University]] and <studied|researched> {field}.",
        "{His} research <on|into> {field} <led to|produced> <more than {k} papers|a widely used method|a survey of the "
        "region's coast|new maps of the sea floor>.",
        "<Colleagues|Students> <remembered|described> {him} as <a patient teacher|a meticulous observer|a tireless "
        "field worker>.",
    ),
    "physician": (
        "{n} <practised medicine|opened a practice> in <the valley|the county seat|Port Alder> <and made house calls|"
        "travelling by horse and later by car> to <farms|logging camps|the islands>.",
        "{He} <led|helped to found> <the county's first hospital|a public health campaign|a tuberculosis clinic>.",
    ),
    "educator": (
        "{n} <taught|was a teacher> in <one-room schools|the public schools|the county's high schools> before "
        "<becoming|being appointed> <principal|superintendent|the first dean>.",
        "{He} <introduced|championed> <kindergartens|vocational training|school libraries|adult education> <in the "
        "county|across the region>.",
    ),
    "journalist": (
        "{n} <reported|wrote> for <the local newspapers|[[The Alder Gazette]]|papers in Portland> <and later|before "
        "becoming> <edited|an editor of> a <weekly|daily> paper.",
        "{His} <reporting|columns> on <the timber strikes|the harbour|county politics|the floods> <won|earned> "
        "<praise|awards> and <made enemies|occasionally brought libel suits>.",
    ),
    "footballer": (
        "{n} <came through|joined> the <youth teams|academy> of <a local club|the [[Port Alder Herons]]> and "
        "<made {his} debut|played {his} first senior game> at <eighteen|nineteen|twenty>.",
        "<A|An> <quick|hard-working|creative|physical> <forward|midfielder|defender|goalkeeper>, {he} was "
        "<known for|noted for> <{his} pace|{his} heading|{his} passing|{his} leadership|saving penalties>.",
    ),
    "rower": (
        "{n} <learned to row|took up rowing> on the lower [[Alder River]] with <a Port Alder club|the university "
        "crew>.",
        "{He} <won|took> <national titles|medals at national championships> in <the single sculls|the eight|the "
        "double sculls|the coxless four>.",
    ),
    "runner": (
        "{n} <trained|ran> on the <forest trails|beaches|river paths> of the region and <won|set> <state titles|a "
        "national record|several marathons>.",
    ),
    "captain": (
        "{n} <went to sea|shipped out> <as a boy|at fourteen> and <rose to command|became master of> <coastal "
        "steamers|schooners in the lumber trade|the ferries of Alder Bay>.",
        "{He} <knew|was said to know> <every reef|every bar and channel|the tides> of the coast, and <piloted|brought> "
        "<ships|vessels> through <storms|fog> <that wrecked others|for decades>.",
    ),
    "clergy": (
        "{n} <was ordained|became a minister> and <served|led> <congregations|churches> in <the valley towns|the "
        "coast|Port Alder>.",
        "{He} <founded|helped to build> <a church|a mission school|an orphanage> and <preached|spoke> against "
        "<drink|gambling|injustice>.",
    ),
    "activist": (
        "{n} <organised|campaigned for> <workers' unions|women's suffrage|civil rights|conservation of the old-growth "
        "forest|tenants' rights> <in the region|across Oregon>.",
        "{He} <led|spoke at> <strikes|rallies|hearings> and <was arrested|was jailed> <more than once|during a "
        "strike>.",
    ),
    "judge": (
        "{n} <practised law|was a lawyer> <in the county seat|in Port Alder> before <being elected|being appointed> "
        "to the bench.",
        "{He} <presided over|heard> <many|several> <notable|controversial> cases<|, including disputes over water "
        "rights and timber claims>.",
    ),
}

FIELDS = {
    "scientist": ("marine biology", "the geology of the Coast Range", "salmon migration", "tidal currents",
                  "variable stars", "forest ecology", "soil chemistry", "earthquakes of the Cascadia subduction zone"),
    "musician": ("blues", "folk", "jazz", "country", "gospel", "rock and roll", "classical music"),
}

PERSONAL = (
    "{n} married {sp} in {y}<|; they had {kids}>.",
    "<In {y}|In {y},> {n} married {sp}<|, with whom {he} had {kids}>.",
    "{n} and {his} <wife|husband|spouse>, {sp}, <lived|made their home> in <a house on the river|a farmhouse outside "
    "town|a cottage by the sea|an apartment in the Lantern Quarter><|; they had {kids}>.",
)
HOBBIES = (
    "{n} was <a lifelong|a devoted> <Methodist|Presbyterian|Catholic|Lutheran|Quaker|member of no church>"
    "<| and <sang in|taught at> the <church choir|Sunday school>>.",
    "<Friends|Colleagues> <remembered|described> {him} as <reserved|warm|stubborn|generous|witty|private> "
    "<and|but> <hard-working|fiercely loyal|impatient with fools|devoted to {his} family>.",
    "<Outside {his} work|In {his} spare time>, {n} was <an avid|a keen> <fisherman|gardener|hiker|birdwatcher|"
    "sailor|collector of maps|amateur astronomer>.",
    "{He} was a <member|longtime member> of <the Grange|the county historical society|a rowing club|the Methodist "
    "church|the Elks lodge>.",
)
DEATH = (
    "{n} died <at {his} home|in hospital|after a short illness|after a long illness> in {place} on {date}, "
    "<aged|at the age of> {age}.",
    "{n} died in {place} on {date}<|, at the age of {age}>, and was buried in the {cem}.",
)
LEGACY = (
    "<A plaque|A memorial stone|A portrait> <marks|commemorates|honours> {him> <in|at> <the county "
    "courthouse|{his} birthplace|the town library|the harbour>.".replace("{him>", "{him}"),
    "<{His} life and work|{His} career> <are remembered|is remembered> in <a permanent exhibition|the collections> "
    "of the <county historical society|local museum>.",
    "<Historians|Writers> <have called|describe> {him} <one of the most influential|one of the leading|one of the "
    "best-known> {occ} of the region<| in {his} time>.",
)

DECADE = (
    "<During|Through|In> the {dec}, {n} <continued to work|kept working|stayed busy> <in|from> {town}<|, and {his} "
    "<reputation|practice|circle of clients|standing> <grew|spread> <beyond the county|across the region|steadily>>.",
    "<The {dec} were|The {dec} proved> <a productive decade|a difficult decade|a time of change> for {n}<|, who "
    "<travelled widely|took on more work|spent more time at home|turned to new subjects>>.",
    "<By the end of the {dec}|Towards the end of the {dec}>, {n} <was|had become> <well known|a familiar figure|"
    "respected> <in|throughout> <the valley|the county|Port Alder>.",
    "<In the {dec}|During the {dec}> {he} <lived|made {his} home> <on|in> <a farm near|a house in|rooms above a shop "
    "in> {town}<| with {his} family>.",
)
STYLE = {
    "pioneer": ("<Contemporaries|Neighbours> <described|remembered> {n} as <hard-working|stubborn|generous|devout> and "
                "<quick to help|slow to anger|fond of long stories>.",),
    "politics": ("<In politics|Politically>, {n} <was|stood> <a moderate|a reformer|a conservative|a progressive> "
                 "<who|and> <favoured|believed in> <local control|public works|balanced budgets|open government>.",
                 "{His} speeches <were|are remembered as> <short and plain|long and fiery|witty>, <and|while> {his} "
                 "opponents <found|thought> {him} <hard to pin down|stubborn|persuasive>."),
    "design": ("{n}'s <approach|method> <was|is> <practical|careful|inventive>: {he} <favoured|preferred> "
               "<local materials|simple plans|good light|durable construction> <over|to> <ornament|fashion>.",
               "<Drawings|Plans> from {his} office <are kept|survive> in the <county archives|university library>."),
    "business": ("<As an employer|As a manager>, {n} <was|had a reputation as> <paternal|strict|fair|shrewd>, "
                 "<and|but> <known for|remembered for> <paying on time|long hours|generous bonuses>.",),
    "letters": ("{n}'s <prose|style> <is|was> <plain and exact|lyrical|dry and funny|dense with detail>, <and|while> "
                "{his} subjects <were|are> <ordinary people|working lives|the land and the weather>.",
                "<Readers|Critics> <have compared|compared> {his} work <to|with> <the regional writers of the "
                "1930s|oral history|the short fiction of the West>."),
    "stage": ("<On stage|In performance>, {n} <was|is> <known for|noted for> <a relaxed manner|intensity|"
              "improvisation|a strong voice>.",),
    "art": ("{n}'s <palette|work> <favours|favoured> <greys and greens|earth colours|strong contrasts>, <and|while> "
            "{his} <subjects|themes> <are|were> <the coast|working people|the changing landscape>.",),
    "science": ("<Colleagues|Students> <described|remembered> {n} as <a careful|a demanding|a generous> "
                "<researcher|teacher>, <who|and> <insisted on|valued> <field work|exact measurement|clear writing>.",),
    "sport": ("<Coaches|Team-mates> <praised|remembered> {n}'s <work rate|composure|speed|leadership> <and|as well as> "
              "{his} <consistency|temperament>.",),
    "sea": ("<Crews|Sailors> <trusted|respected> {n} <for|as> <a cautious|a fearless|a skilled> <navigator|master>.",),
    "faith": ("{n}'s <sermons|preaching> <were|was> <plain|fiery|gentle> <and|, and> {he} <visited|cared for> "
              "<the sick|the poor|remote farms>.",),
}
FAMILY = (
    "{n}'s <father|father, {f},> <was|worked as> <a farmer|a carpenter|a logger|a storekeeper|a fisherman|a "
    "teacher|a mill hand> and {his} <mother|mother, {m},> <kept house|taught school|ran a boarding house|sewed for "
    "a living>.",
    "{He} had {k} <brothers and sisters|siblings><|; {his} <younger|older> <brother|sister> <also became|later "
    "became> <a teacher|a nurse|a logger|a lawyer>>.",
)
