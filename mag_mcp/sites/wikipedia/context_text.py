"""Background prose banks: the region's history by decade, architectural styles,
industries and genres. `context` turns them into the background paragraphs that
set a building, a company or a book in its time and place, as encyclopedia
articles do. Templates follow `grammar.vary`; slots are named in `context`."""

from __future__ import annotations

ERAS: dict[int, tuple[str, ...]] = {
    1840: ("<The first American settlers|Emigrants from the Oregon Trail> <reached|came to> the coast in the late "
           "1840s, and [[Port Alder]] was founded on [[Alder Bay]] in 1847.",
           "<Land|Farmland> was <free|cheap> under the Donation Land Claim Act, and <families|settlers> <spread|moved> "
           "up the river valleys."),
    1850: ("The 1850s <brought|saw> the first sawmills on the [[Alder River]], and <timber|lumber> <shipped|went> from "
           "the bay to San Francisco.", "Port Alder was incorporated in 1853, and the county <built|laid out> its "
           "first roads <up the valley|over the hills>."),
    1860: ("<The 1860s|In the 1860s> <the region grew slowly|growth was slow>; <steamers|sailing ships> linked the bay "
           "with San Francisco, and the [[Alder Bay Ferry]] began service in 1868.",
           "<Farmers|Settlers> in the valleys <grew|raised> wheat, <oats|hops> and cattle for the coastal towns."),
    1870: ("The [[North Shore Lighthouse]] was lit in 1872, and <shipping|trade> through the bay <grew|doubled> "
           "<during|over> the decade.", "<Canneries|Salmon canneries> <opened|sprang up> along the coast, <employing|"
           "hiring> <hundreds of|many> seasonal workers."),
    1880: ("The arrival of the [[Alder Valley Railway]] at [[Eastgate Station]] in 1883 <transformed|opened up> the "
           "region, <bringing|and brought> new towns along the line.", "<The decade ended with|In 1888 came> the "
           "[[Great Fire of 1888]], which destroyed most of Port Alder's [[Lantern Quarter]]."),
    1890: ("[[Port Alder University]] was founded in 1891, and the <depression|panic> of 1893 <closed|ruined> "
           "<banks|mills> across the region.", "<Water systems|Electric lights> and <telephones|street railways> "
           "<reached|came to> the larger towns <in the 1890s|by the end of the century>."),
    1900: ("The first years of the century were a <boom|prosperous> time: <timber prices|lumber prices> were high and "
           "the <towns|valley towns> <grew|expanded> <quickly|fast>.", "<Public libraries|Carnegie libraries>, "
           "<brick banks|new schools> and <opera houses|hotels> were built in many towns."),
    1910: ("<The 1910s|In the 1910s> <brought|saw> <paved streets|the first automobiles> to the region's towns, and "
           "[[Port Alder City Hall]] was completed in 1912.", "<During|In> the [[World War I|First World War]] "
           "<shipyards|spruce mills> on the coast <worked around the clock|ran three shifts>."),
    1920: ("The 1920s were <years of growth|prosperous> for the coast: <highways|new roads> <reached|opened up> "
           "<isolated|remote> valleys and <tourists|visitors> <began to come|arrived> <by car|for the beaches>.",
           "<Radio|Motion pictures> <arrived|came> in the towns, and [[Lantern Theatre]] opened in Port Alder in 1924."),
    1930: ("The Great Depression <hit|struck> the region <hard|severely>: <mills closed|banks failed> and "
           "<unemployment|joblessness> <rose|soared>.", "<New Deal|Federal> programmes <built|paid for> <roads, parks "
           "and schools|bridges and post offices>, and the [[Alder Bridge]] opened in 1931."),
    1940: ("<During|In> the [[World War II|Second World War]] the <shipyards and mills|ports and canneries> of the "
           "coast <worked at full capacity|boomed>, and <thousands|many workers> <moved|came> to the region.",
           "After the war <returning veterans|new families> <built|bought> homes <on the edges of town|in new "
           "subdivisions>."),
    1950: ("The 1950s <brought|saw> <suburban growth|new highways> <around|near> Port Alder, while the <old|last> "
           "sawmill on the Alder River closed in 1958.", "<Television|Supermarkets> <arrived|spread>, and "
           "<small|rural> schools were <consolidated|merged>."),
    1960: ("<In the 1960s|The 1960s saw> <the timber industry mechanise|mills modernise|fewer jobs in the woods>, and "
           "many <young people|families> <left|moved away from> the smaller towns.", "[[Eastgate Stadium]] opened in "
           "1967, and <the interstate|new freeways> <shortened|cut> travel times <to Portland|across the state>."),
    1970: ("<The 1970s|In the 1970s> <brought|saw> <the first|new> <historic preservation|conservation> "
           "<movements|campaigns>, and many old buildings were <listed|protected>.", "[[Port Alder Transit]] took "
           "over the city's buses in 1972, and the [[Alder Wharf Market]] began in 1978."),
    1980: ("The recession of the early 1980s <closed|shut> <many|several> <mills|canneries> <in|across> the "
           "region<| and unemployment reached record levels>.", "<By the end of the decade|Later in the 1980s>, "
           "<tourism|health care> and <retail|services> <had replaced|were replacing> timber as the main "
           "<employers|industries>."),
    1990: ("<The 1990s|In the 1990s> <brought|saw> <limits|restrictions> on logging of old-growth forest, <a bitter "
           "dispute|a fierce debate> in the timber towns.", "<Software|Technology> companies <began|started> to "
           "<settle|open offices> in Port Alder<| near the university>."),
    2000: ("<In the 2000s|The 2000s saw> <commuters|newcomers> <move|moving> to the smaller towns <around|near> Port "
           "Alder, and <house prices|rents> <rose|climbed>.", "The [[One Stop Market Warehouse]] opened in Eastgate "
           "in 2015, and the [[Alder Tech Hub]] in 2016<| as the city's technology sector grew>."),
    2010: ("<The 2010s|In the 2010s> <brought|saw> <new|renewed> <interest in|investment in> <the old main streets|"
           "downtown districts|waterfronts> of the region.", "<Wildfires|Winter storms> <became|grew> <more "
           "frequent|more severe>, <and|while> <broadband|new housing> <reached|came to> <rural|remote> towns."),
}

STYLE_TEXT = (
    "The {style} style <reached|spread to> the Pacific Northwest <through|by way of> <pattern books|architects "
    "trained in the East|builders' journals>, <and|while> local builders <adapted|simplified> it <for|to> "
    "<local timber|the wet climate|modest budgets>.",
    "<Typical|Characteristic> features of the style include {f}.",
    "<In|Across> {county}, <only a few|several|a number of> {style} <buildings|structures> <survive|remain|still "
    "stand>, <most|many> of them <listed|recognised> for their <architectural|historic> <significance|value>.",
    "<Historians|Architectural historians> <consider|regard> the {n} <a good|a fine|an intact|a rare> example of "
    "<the style|{style} design> <in a small town|in the region|on the coast>.",
)

INDUSTRY_TEXT: dict[str, tuple[str, ...]] = {
    "lumber": ("<Timber|Lumber> was the <backbone|mainstay> of the region's economy from the 1850s <to|until> the "
               "1980s, <with|and> <hundreds|dozens> of mills <along|on> the rivers.",
               "<Logs|Timber> <came down|were floated down> the rivers <in spring|on the high water> and were "
               "<sawn|cut> into <boards|lumber> for <ships|markets> in California and across the Pacific."),
    "fish canning": ("<Salmon canning|The salmon packing industry> <began|started> on the coast in the 1860s and "
                     "<employed|drew> <thousands|many> of seasonal workers, among them Chinese, Japanese and "
                     "Filipino crews.", "<Overfishing|Dams and overfishing> <reduced|cut> the runs in the twentieth "
                     "century, and most canneries <closed|had closed> by the 1970s."),
    "shipbuilding": ("<The bay's|Coastal> shipyards <built|turned out> <schooners|steam schooners>, tugs and fishing "
                     "boats<| from local Douglas fir>.", "<Wartime orders|The two world wars> <brought|gave> the "
                     "yards their <busiest|best> years."),
    "dairy": ("<Dairy farming|Dairying> <spread|grew> <through|in> the <wet|green> valleys of the coast, <where|as> "
              "grass grows <almost|nearly> all year.", "<Cooperative|Farmer-owned> creameries <made|turned> the milk "
              "into butter and cheese <for|shipped to> <Portland|San Francisco>."),
    "brewing": ("<Brewing|Beer making> <came|arrived> with German settlers in the 1850s, <and|but> "
                "<Prohibition|state prohibition from 1916> closed <most|nearly all> breweries.",
                "<A revival|Craft brewing> <began|returned> in the 1980s, and <small breweries|brewpubs> now <dot|"
                "operate in> <many|most> towns."),
    "banking": ("<Local|Small> banks <financed|lent to> <farms|mills> and <merchants|stores>, and <many|several> "
                "<failed|closed> in the <panic of 1893|Depression>.", "<Mergers|Consolidation> <in the 1980s and "
                "1990s|after deregulation> <absorbed|swallowed> most of the <independent|local> banks."),
    "publishing": ("<Printing|Publishing> <in the region|on the coast> <began|started> with <newspapers|job "
                   "printers>, <and|while> <a few|several> presses <specialised in|turned to> <local history|"
                   "regional books>.",),
    "retail": ("<General stores|Mercantiles> <supplied|served> the <early|pioneer> towns, <followed|succeeded> by "
               "<department stores|chain stores> and, later, <shopping malls|supermarkets>.",),
    "software": ("<Software|Technology> firms <began|started> to <appear|grow> around [[Port Alder University]] in "
                 "the 1980s, and the [[Alder Tech Hub]] became a centre of the <sector|industry> in the 2010s.",
                 "<Companies|Firms> in the <sector|region> <specialise|work> in <mapping|logistics|data|retail> "
                 "software<| and many publish open-source code on [[GitLab]]>."),
    "shipping": ("<Steamship|Shipping> lines <carried|ran> <lumber, salmon and passengers|freight and mail> "
                 "<between|from> the bay <and|to> San Francisco <until|before> the railway and the highway "
                 "<took|won> the traffic.",),
    "food": ("<Fruit|Berry> growers and <canneries|packing houses> <made|turned> the valleys' <harvests|produce> "
             "into <jam, canned fruit and frozen berries|preserves and dried fruit>.",),
    "utilities": ("<Private|Local> <power|water> companies <built|ran> the first <dams|plants> and <lines|mains> "
                  "<in the 1890s|around 1900>, <and|but> <public|municipal> utilities <took over|replaced> many of "
                  "them <in the 1930s|after the New Deal>.",),
    "furniture": ("<Furniture makers|Woodworkers> <used|worked> local <maple, alder and myrtlewood|hardwoods> "
                  "<for|to make> <chairs|tables and cabinets> <sold|shipped> across the West.",),
    "outdoor equipment": ("<Outdoor|Camping> equipment makers <grew|flourished> <with|after> the <postwar|1960s> "
                          "boom in <hiking|camping|recreation>.",),
}

GENRE_TEXT: dict[str, tuple[str, ...]] = {
    "book": ("<Regional fiction|Writing about the Pacific Northwest> <has|had> a long tradition <on|along> the coast, "
             "<from|since> the pioneer memoirs of the 1880s <to|through> the novels of the late twentieth century.",
             "<Critics|Literary historians> <group|place> the book <with|among> <works|novels> that <treat|explore> "
             "<the decline of the timber towns|life in small coastal communities|the memory of the pioneers>."),
    "album": ("<The music scene|Live music> <in|of> the region <grew|flourished> <around|in> <the bars of Alder "
              "Wharf|college radio|small venues> <from the 1960s|in the 1980s and 1990s>.",
              "<Bands|Musicians> from the <coast|region> <often|frequently> <recorded|worked> <in|with> <small "
              "studios|local labels>, <and|while> <a few|some> <reached|found> national audiences."),
    "film": ("<Film crews|Filmmakers> <have come to|have used> the coast <since|from> the 1920s, <drawn by|for> "
             "<its forests, beaches and fog|the scenery and the old towns>.",),
    "artwork": ("<Painters|Artists> of the region <worked|painted> <in the open air|on the coast> <from|since> the "
                "late nineteenth century, <and|while> <a modernist school|younger artists> <grew|emerged> <after|in> "
                "the 1930s.",),
}
