"""Word banks of the wiki's generated world: name parts, given names by era, surnames,
architectural styles, industries, genres, publications.

All of it is hand-written, fictional where it names things (towns, newspapers,
publishers, awards), ordinary English vocabulary elsewhere. The generators draw from
these lists with their own seeded `random.Random`, so the order of every list is
part of the world: append new words at the end of a list, never reorder it.
"""

from __future__ import annotations

# --- people --------------------------------------------------------------------------

MALE_OLD = ("Ezra", "Josiah", "Amos", "Caleb", "Silas", "Elijah", "Horace", "Cyrus", "Obadiah", "Jedediah", "Levi",
            "Thaddeus", "Ambrose", "Barnabas", "Cornelius", "Ephraim", "Gideon", "Hiram", "Ira", "Jasper", "Lemuel",
            "Nathaniel", "Orrin", "Rufus", "Solomon", "Tobias", "Uriah", "Virgil", "Wendell", "Zebulon", "Asa",
            "Benjamin", "Charles", "Daniel", "Edwin", "Franklin", "George", "Henry", "Isaac", "James", "John",
            "Lucius", "Marcus", "Nelson", "Oliver", "Peter", "Reuben", "Samuel", "Theodore", "William", "Abner",
            "August", "Elmer", "Homer", "Luther", "Milo", "Otis", "Seth", "Wallace", "Alonzo")
FEMALE_OLD = ("Abigail", "Harriet", "Eliza", "Martha", "Lydia", "Prudence", "Temperance", "Adelaide", "Beulah",
              "Cordelia", "Delphine", "Emmeline", "Florence", "Georgiana", "Hester", "Ida", "Josephine", "Lavinia",
              "Mabel", "Narcissa", "Olive", "Philippa", "Rosalind", "Sophronia", "Theodora", "Ursula", "Violet",
              "Winifred", "Amelia", "Bertha", "Clara", "Dora", "Edith", "Fanny", "Grace", "Hattie", "Irene", "Jane",
              "Lucy", "Mary", "Nellie", "Pearl", "Ruth", "Sarah", "Agnes", "Cora", "Etta", "Louisa", "Minnie", "Tabitha")
MALE_MID = ("Albert", "Arthur", "Carl", "Clarence", "Donald", "Earl", "Ernest", "Floyd", "Frank", "Fred", "Harold",
            "Herbert", "Howard", "Kenneth", "Leonard", "Lloyd", "Louis", "Melvin", "Norman", "Paul", "Ralph", "Raymond",
            "Robert", "Roy", "Stanley", "Walter", "Warren", "Wesley", "Alfred", "Bernard", "Chester", "Edgar",
            "Eugene", "Gordon", "Harvey", "Lester", "Marvin", "Russell", "Vernon", "Wilbur", "Hideo", "Kenji",
            "Tadashi", "Minoru", "Jose", "Manuel", "Antonio", "Lars", "Sven", "Olaf", "Giovanni", "Salvatore")
FEMALE_MID = ("Alice", "Betty", "Dorothy", "Doris", "Evelyn", "Frances", "Gladys", "Helen", "Hazel", "Irma", "June",
              "Lois", "Margaret", "Marjorie", "Mildred", "Norma", "Phyllis", "Ruby", "Shirley", "Thelma", "Vera",
              "Virginia", "Wilma", "Bernice", "Eleanor", "Geraldine", "Lorraine", "Maxine", "Rosemary", "Viola",
              "Yoshiko", "Michiko", "Haruko", "Carmen", "Rosa", "Ingrid", "Astrid", "Greta", "Lucia", "Teresa")
MALE_NEW = ("Aaron", "Adrian", "Andre", "Brandon", "Brian", "Cameron", "Carlos", "Christopher", "Daniel", "David",
            "Derek", "Eric", "Gabriel", "Gregory", "Hector", "Ian", "Jamal", "Jason", "Javier", "Jeremy", "Joel",
            "Jonathan", "Justin", "Keith", "Kevin", "Luis", "Marcus", "Mark", "Matthew", "Miguel", "Nathan", "Neil",
            "Omar", "Patrick", "Rafael", "Raj", "Ricardo", "Ryan", "Scott", "Sean", "Steven", "Terrence", "Tyler",
            "Victor", "Wei", "Hiroshi", "Duc", "Minh", "Arjun", "Samir", "Tomas", "Andrei", "Kwame", "Malik",
            "Elliot", "Felix", "Isaiah", "Julian", "Rowan", "Theo")
FEMALE_NEW = ("Alicia", "Amanda", "Andrea", "Angela", "Brianna", "Carmen", "Christine", "Claire", "Danielle", "Denise",
              "Elena", "Erin", "Fatima", "Gabriela", "Heather", "Jasmine", "Jennifer", "Jessica", "Julia", "Karen",
              "Kimberly", "Laura", "Leah", "Lisa", "Mai", "Maria", "Megan", "Melissa", "Michelle", "Monica", "Nadia",
              "Naomi", "Nicole", "Olivia", "Priya", "Rachel", "Rebecca", "Renee", "Sabrina", "Sandra", "Sofia",
              "Stephanie", "Tamara", "Tanya", "Valerie", "Yuki", "Linh", "Ananya", "Ingrid", "Keiko", "Leilani",
              "Marisol", "Noor", "Paloma", "Simone", "Tessa", "Vivian", "Zara", "Imani", "Camille")

SURNAMES = (
    "Abernathy", "Ackerly", "Aldridge", "Ambler", "Ashcombe", "Atwater", "Bancroft", "Barlow", "Beckett", "Bellweather",
    "Benning", "Blackwood", "Blaylock", "Bowen", "Brannock", "Brightwater", "Brocklehurst", "Burrell", "Caldwell",
    "Calloway", "Carrow", "Chadwick", "Cheever", "Claymore", "Coffin", "Colfax", "Corliss", "Cotterill", "Crandall",
    "Crowder", "Dalby", "Darrow", "Deering", "Delacroix", "Dunmore", "Eastwick", "Eberly", "Edgecombe", "Ellery",
    "Emberton", "Fairbanks", "Farrow", "Fenwick", "Finchley", "Fitzhugh", "Fletcher", "Forsythe", "Foxworth",
    "Galloway", "Garrity", "Gilchrist", "Goodspeed", "Grantham", "Greenough", "Griswold", "Hadley", "Halloran",
    "Hammond", "Harcourt", "Hargrove", "Hartwell", "Haskins", "Hathaway", "Hawley", "Heathcote", "Hendricks",
    "Holbrook", "Hollister", "Hornby", "Huxley", "Ingersoll", "Jessup", "Kendrick", "Kettering", "Kimball",
    "Kingsbury", "Lachance", "Langley", "Larkin", "Latimer", "Leland", "Lockwood", "Loring", "Lowell", "Lynwood",
    "Macready", "Mallory", "Marchbank", "Merriwether", "Middleton", "Milbank", "Moberly", "Montague", "Morland",
    "Netherby", "Norcross", "Oakley", "Ormsby", "Osgood", "Paddock", "Pemberton", "Pendleton", "Penhallow",
    "Pettigrew", "Pickering", "Prescott", "Quimby", "Radcliffe", "Ramsdell", "Ransome", "Redfield", "Rockwell",
    "Roscoe", "Rutledge", "Sackett", "Sandford", "Satterlee", "Seward", "Shackleford", "Sherwood", "Shipley",
    "Southwick", "Stanhope", "Stockdale", "Stoddard", "Sumner", "Sutcliffe", "Talbot", "Tarrant", "Thackeray",
    "Thornbury", "Tilden", "Truesdale", "Underhill", "Vance", "Vickery", "Wadsworth", "Wakefield", "Warrington",
    "Weatherby", "Wentworth", "Westbrook", "Whitcomb", "Whitfield", "Wickham", "Winslow", "Winthrop", "Woodhouse",
    "Wyndham", "Yardley", "Yorke",
    # Scandinavian, German, Dutch and Finnish settlers
    "Aasen", "Berglund", "Dahlberg", "Ekstrom", "Fjelstad", "Gunderson", "Halvorson", "Isaksen", "Jorgensen",
    "Lindgren", "Magnusson", "Nordquist", "Oberg", "Pedersen", "Rasmussen", "Sandvik", "Thorsen", "Vik", "Wahlberg",
    "Brandt", "Eckert", "Fassbinder", "Gerlach", "Hoffmeister", "Kessler", "Lindemann", "Mauer", "Oberholtzer",
    "Reinholt", "Schaefer", "Vogel", "Weidner", "Zimmer", "Van Dusen", "Vanderpool", "Hakala", "Koskinen",
    "Laakso", "Niemi", "Saarinen",
    # Irish, Scottish and Welsh
    "Brennan", "Callahan", "Donnelly", "Fennelly", "Gallagher", "Kavanagh", "McAllister", "McCready", "Mulcahy",
    "O'Dell", "O'Hara", "Quinlan", "Sheehan", "Buchanan", "Drummond", "Fraser", "Lachlan", "MacLeod", "Munro",
    "Sinclair", "Griffiths", "Llewellyn", "Pryce", "Vaughan",
    # Japanese, Chinese, Korean, Filipino, Vietnamese, South Asian
    "Arakawa", "Fujimoto", "Hayashi", "Ishikawa", "Kaneshiro", "Matsuda", "Nakamura", "Okada", "Sakamoto",
    "Takeda", "Yamaguchi", "Yoshida", "Chan", "Fong", "Huang", "Leung", "Lim", "Ng", "Tsang", "Wong", "Yee",
    "Ahn", "Cho", "Jeon", "Kang", "Yoon", "Aquino", "Bautista", "Dela Cruz", "Magsaysay", "Ocampo", "Villanueva",
    "Bui", "Dang", "Hoang", "Pham", "Tran", "Vo", "Banerjee", "Chaudhry", "Deshpande", "Iyer", "Kapoor",
    "Malhotra", "Raman", "Sethi",
    # Hispanic, Italian, Portuguese, Greek, Slavic, Basque
    "Aguilar", "Barrera", "Cisneros", "Delgado", "Escobedo", "Figueroa", "Guzman", "Ibarra", "Lozano", "Maldonado",
    "Navarro", "Ochoa", "Quintero", "Salazar", "Trujillo", "Valdez", "Zamora", "Amato", "Benedetti", "Caruso",
    "DeLuca", "Ferraro", "Lombardi", "Marchetti", "Rinaldi", "Toscano", "Azevedo", "Carvalho", "Medeiros",
    "Andreou", "Demopoulos", "Kostas", "Papadakis", "Dvorak", "Horvath", "Kowalczyk", "Novotny", "Petrov",
    "Sokolov", "Wisniewski", "Etxeberria", "Urrutia",
    # Native and other Pacific Northwest families
    "Kalama", "Kealoha", "Two Feathers", "Whitehorse", "Adeyemi", "Okonkwo", "Mensah", "Haile", "Tesfaye",
)

# --- places --------------------------------------------------------------------------

PLACE_FIRST = ("Ash", "Aspen", "Bear", "Beaver", "Birch", "Blue", "Boulder", "Briar", "Brook", "Camas", "Cedar",
               "Clear", "Cold", "Coyote", "Crane", "Crow", "Deer", "Eagle", "Elk", "Elm", "Fern", "Fir", "Fox",
               "Grouse", "Hawk", "Hazel", "Hemlock", "Iron", "Juniper", "Kestrel", "Lark", "Laurel", "Lost", "Maple",
               "Marten", "Meadow", "Mink", "Moss", "Oak", "Osprey", "Otter", "Owl", "Pine", "Quail", "Raven", "Red",
               "Rock", "Rose", "Sage", "Salmon", "Sand", "Silver", "Spruce", "Stone", "Sun", "Tamarack", "Thorn",
               "Trout", "Willow", "Wolf", "Wren", "Yew", "Bracken", "Clover", "Dogwood", "Ember", "Flint", "Gravel",
               "Heather", "Huckleberry", "Larch", "Lupine", "Madrone", "Myrtle", "Nettle", "Poplar", "Rush", "Salal",
               "Sorrel", "Thimble", "Vine", "Black", "Green", "White", "Gold", "Copper", "Echo", "Misty", "Shady",
               "Sunny", "Windy", "Hollow", "Falcon", "Badger", "Cougar", "Heron", "Plover", "Sparrow", "Swallow")
TOWN_SUFFIX = ("ville", "ton", "field", "dale", "wood", "brook", "ford", "port", "burg", "mont", "haven", "stead",
               " Falls", " Creek", " Springs", " Landing", " Junction", " Ridge", " Harbor", " Point", " Grove",
               " Hollow", " Crossing", " Flat", " Valley", " Bend", " Prairie", " City", " Mills", " Rock", " Hill",
               " Station", " Corners", " Bay", " Lake", " Meadows", " Gap", " Bluff", " Glen", " Heights")
SURNAME_TOWN = ("{s}ville", "{s}ton", "{s} City", "Fort {s}", "{s}'s Landing", "{s} Mills", "{s}burg", "{s} Station")

RIVER_WORDS = ("Creek", "Creek", "Creek", "River", "Fork", "Run", "Slough", "Brook")
LAKE_WORDS = ("Lake", "Lake", "Pond", "Reservoir", "Lakes")
MOUNTAIN_WORDS = ("Peak", "Butte", "Mountain", "Ridge", "Dome", "Knob", "Point", "Summit")

# --- buildings -----------------------------------------------------------------------

# style -> (period start, period end, materials, features): features are noun phrases
STYLES: dict[str, tuple[int, int, tuple[str, ...], tuple[str, ...]]] = {
    "Greek Revival": (1845, 1870, ("clapboard", "painted timber", "brick"),
                      ("a pedimented gable front", "four square columns across the porch", "six-over-six sash windows",
                       "a plain frieze under the eaves", "a transom over the front door")),
    "Gothic Revival": (1850, 1900, ("basalt stone", "board and batten", "brick"),
                       ("steeply pitched gables", "lancet windows", "carved bargeboards", "a corner tower with a spire",
                        "pointed-arch doorways", "buttresses along the nave")),
    "Italianate": (1860, 1890, ("brick", "clapboard", "cast iron and brick"),
                   ("bracketed eaves", "tall arched windows with hood moulds", "a low-pitched hipped roof",
                    "a square cupola", "a cast-iron storefront", "quoins at the corners")),
    "Second Empire": (1868, 1890, ("brick", "stone", "clapboard"),
                      ("a mansard roof with dormers", "a central pavilion", "iron cresting along the roof",
                       "paired brackets", "segmental-arched windows")),
    "Queen Anne": (1880, 1910, ("shingle and clapboard", "painted timber", "brick"),
                   ("a wraparound porch", "a round corner turret", "fish-scale shingles in the gables",
                    "spindlework on the porch", "stained-glass transoms", "an asymmetrical plan with bay windows")),
    "Richardsonian Romanesque": (1885, 1905, ("rusticated sandstone", "basalt", "brick and stone"),
                                 ("heavy round arches over the entrance", "a squat tower", "rough-faced stone walls",
                                  "ribbon windows under the eaves", "short columns with carved capitals")),
    "Neoclassical": (1895, 1935, ("granite", "limestone", "brick faced with terracotta"),
                     ("a portico of Ionic columns", "a shallow dome", "a broad flight of entrance steps",
                      "a balustraded parapet", "a coffered ceiling in the main hall")),
    "Beaux-Arts": (1895, 1925, ("granite", "sandstone", "terracotta"),
                   ("a rusticated ground floor", "paired columns", "a grand central stair",
                    "sculpted cartouches", "arched windows with keystones")),
    "Craftsman": (1905, 1935, ("cedar shingles", "river rock and timber", "clapboard"),
                  ("a low-pitched gabled roof", "exposed rafter tails", "tapered porch columns on stone piers",
                   "a broad front porch", "built-in cabinetry", "a fireplace of river rock")),
    "Tudor Revival": (1910, 1940, ("brick and half-timbering", "stucco and timber", "stone"),
                      ("steep cross gables", "decorative half-timbering", "tall chimneys", "leaded casement windows",
                       "an arched entry")),
    "Mission Revival": (1905, 1930, ("stucco", "stucco over brick"),
                        ("curved parapets", "a red tile roof", "arcaded walkways", "a bell tower", "deep window reveals")),
    "Art Deco": (1925, 1942, ("concrete", "terracotta", "brick and cast stone"),
                 ("stepped setbacks", "vertical piers between the windows", "zigzag ornament over the doors",
                  "a stylised relief panel", "aluminium spandrels")),
    "Streamline Moderne": (1933, 1950, ("stucco", "concrete", "glass block and stucco"),
                           ("rounded corners", "horizontal bands of windows", "glass-block walls", "porthole windows",
                            "a flat roof with a thin coping")),
    "Mid-century modern": (1946, 1972, ("glass and steel", "timber post and beam", "concrete block"),
                           ("floor-to-ceiling glazing", "a flat roof with deep overhangs", "an open plan",
                            "exposed timber beams", "clerestory windows")),
    "Brutalist": (1960, 1982, ("board-formed concrete", "precast concrete"),
                  ("massive concrete piers", "deeply recessed windows", "a cantilevered upper storey",
                   "a sunken entrance court", "exposed aggregate panels")),
    "Postmodern": (1978, 1998, ("brick and glass", "stucco", "precast concrete"),
                   ("a broken pediment", "coloured banding", "an oversized keystone arch", "a glazed atrium")),
    "Contemporary": (1995, 2021, ("glass and steel", "cross-laminated timber", "zinc and glass"),
                     ("a glazed curtain wall", "a green roof", "a timber-clad atrium", "solar panels on the roof",
                      "an open ground floor")),
}

BUILDING_TYPES = (
    # type, name patterns ({s}: surname, {t}: town, {f}: first place word), styles that fit
    ("house", ("{s} House", "{s} Farmhouse", "{s}–{s2} House", "{s} Mansion"),
     ("Greek Revival", "Italianate", "Queen Anne", "Craftsman", "Tudor Revival", "Gothic Revival")),
    ("church", ("First Methodist Church of {t}", "St. {saint}'s Church ({t})", "{t} Congregational Church",
                "{t} Lutheran Church", "Grace Episcopal Church ({t})"),
     ("Gothic Revival", "Richardsonian Romanesque", "Mission Revival", "Mid-century modern")),
    ("courthouse", ("{county} Courthouse",), ("Neoclassical", "Richardsonian Romanesque", "Art Deco")),
    ("hotel", ("Hotel {s}", "{t} Hotel", "The {f} Inn", "{s} Hotel"),
     ("Italianate", "Queen Anne", "Beaux-Arts", "Art Deco", "Tudor Revival")),
    ("library", ("{t} Carnegie Library", "{t} Public Library", "{s} Memorial Library"),
     ("Neoclassical", "Craftsman", "Mid-century modern", "Contemporary")),
    ("school building", ("{t} Union High School", "Old {t} Schoolhouse", "{s} School"),
     ("Italianate", "Craftsman", "Art Deco", "Mission Revival")),
    ("covered bridge", ("{f} Creek Covered Bridge", "{s} Covered Bridge"), ("Howe truss",)),
    ("railway depot", ("{t} Depot", "{t} station (Alder Valley Railway)"), ("Queen Anne", "Craftsman", "Mission Revival")),
    ("grange hall", ("{t} Grange Hall", "{f} Valley Grange"), ("Craftsman", "Greek Revival")),
    ("theatre", ("{f} Theatre", "The {s} Opera House", "{t} Theatre"), ("Art Deco", "Beaux-Arts", "Streamline Moderne")),
    ("post office", ("United States Post Office ({t})",), ("Neoclassical", "Art Deco", "Streamline Moderne")),
    ("bank building", ("{t} State Bank Building", "{s} Block", "First National Bank of {t}"),
     ("Italianate", "Neoclassical", "Richardsonian Romanesque")),
    ("lighthouse", ("{f} Point Lighthouse", "Cape {s} Lighthouse", "{f} Head Light"), ("Gothic Revival", "Italianate")),
    ("mill", ("{s} Flour Mill", "{t} Woolen Mill", "{f} Creek Sawmill"), ("Italianate", "Greek Revival")),
    ("office building", ("{s} Building", "{t} Commerce Building", "{f} Tower"),
     ("Art Deco", "Mid-century modern", "Brutalist", "Postmodern", "Contemporary")),
)
SAINTS = ("Mark", "Paul", "John", "Luke", "James", "Peter", "Andrew", "Ann", "Agnes", "Brigid", "Patrick", "Joseph",
          "Stephen", "Michael", "Catherine", "Francis")

# --- work and industry ---------------------------------------------------------------

INDUSTRIES = ("timber", "fishing", "dairy farming", "fruit growing", "canning", "shipbuilding", "tourism",
              "hop growing", "grain milling", "cranberry growing", "oyster farming", "logging", "mining",
              "software", "health care", "retail", "brewing", "wine making", "furniture making", "printing")
COMPANY_KINDS = (
    # industry, name patterns, products
    ("lumber", ("{s} Lumber Company", "{f} Creek Timber Company", "{t} Mill Company", "{s} & Sons Lumber"),
     ("sawn lumber", "shingles", "plywood", "railway ties", "cedar siding")),
    ("fish canning", ("{t} Packing Company", "{f} Bay Cannery", "{s} Seafood Company"),
     ("canned salmon", "crab", "smoked fish", "fish meal")),
    ("shipbuilding", ("{s} Shipyard", "{t} Marine Works", "{s} Boat Works"),
     ("fishing boats", "tugboats", "ferries", "barges", "yachts")),
    ("dairy", ("{f} Creamery", "{t} Dairy Cooperative", "{s} Dairy"), ("butter", "cheese", "ice cream", "milk")),
    ("brewing", ("{s} Brewing Company", "{f} Brewery", "{t} Beer Company"), ("lager", "pale ale", "stout", "cider")),
    ("banking", ("{t} State Bank", "{s} Savings and Loan", "{f} Valley Bank"),
     ("savings accounts", "farm loans", "mortgages", "commercial lending")),
    ("publishing", ("{s} Press", "{f} Publishing", "{t} Printing Company"),
     ("books", "maps", "almanacs", "school textbooks")),
    ("retail", ("{s}'s Department Store", "{t} Mercantile", "{s} Brothers"),
     ("clothing", "hardware", "groceries", "furniture")),
    ("software", ("{f}soft", "{f} Systems", "{s} Labs", "{f}works", "{f} Data"),
     ("mapping software", "point-of-sale systems", "data analytics", "mobile apps", "logistics software")),
    ("shipping", ("{t} Steamship Company", "{s} Navigation Company", "{f} Towing"),
     ("freight", "passenger steamers", "towing", "barge service")),
    ("food", ("{f} Foods", "{s} Baking Company", "{t} Fruit Growers"),
     ("canned fruit", "bread", "jams", "dried fruit", "frozen berries")),
    ("utilities", ("{t} Electric Company", "{f} Power and Light", "{s} Water Company"),
     ("electricity", "water", "natural gas")),
    ("furniture", ("{s} Furniture Company", "{f} Chair Works"), ("chairs", "tables", "cabinets")),
    ("outdoor equipment", ("{f} Outfitters", "{s} Mountain Supply"), ("tents", "rain jackets", "backpacks", "boots")),
)

PUBLICATIONS = ("The Alder Gazette", "Alder County Courier", "The Coast Observer", "Valley Herald", "The Oregon Ledger",
                "Pacific Quarterly", "Northwest Review", "The Harbor Weekly", "Cascade Monthly", "The Evening Lantern")
PUBLISHERS = ("Alder Press", "Lantern House", "Heron Books", "Cascade University Press", "Port Alder University Press",
              "Tidewater Publishing", "Northwest Heritage Books", "Fogline Editions", "Millrace Press", "Driftwood Books")
ARCHIVES = ("Alder County Historical Society", "Port Alder City Archives", "Oregon Coast History Center",
            "Central Library local history collection", "Alder Valley Heritage Museum")

BOOK_GENRES = ("novel", "novel", "short story collection", "poetry collection", "memoir", "history", "biography",
               "children's book", "mystery novel", "science fiction novel", "essay collection", "travel book")
MUSIC_GENRES = ("folk", "indie rock", "jazz", "country", "punk rock", "bluegrass", "electronic", "soul", "post-rock",
                "dream pop", "blues", "hip hop", "chamber pop", "americana", "grunge", "synth-pop")
FILM_GENRES = ("drama", "documentary", "comedy", "thriller", "western", "romantic comedy", "horror", "family film")
ART_MEDIA = ("oil on canvas", "watercolour", "bronze", "oil on board", "woodcut", "mural", "marble", "tempera")

# words for invented titles of works
TITLE_NOUNS = ("Harbor", "Tide", "Lantern", "River", "Fog", "Cedar", "Salt", "Ferry", "Lighthouse", "Orchard", "Mill",
               "Winter", "Summer", "Shore", "Island", "Heron", "Rain", "Stone", "Bridge", "Hill", "Fire", "Garden",
               "Road", "Night", "Morning", "Storm", "Letters", "Bells", "Ashes", "Maps", "Rooms", "Years", "Songs",
               "Ghosts", "Wolves", "Horses", "Sparrows", "Embers", "Anchors", "Lights")
TITLE_ADJ = ("Last", "Long", "Quiet", "Silver", "Broken", "Hidden", "Northern", "Distant", "Small", "Green", "Cold",
             "Burning", "Empty", "Bright", "Lost", "Wild", "Golden", "Narrow", "Slow", "Drowned")
TITLE_PATTERNS = ("The {adj} {noun}", "{noun} of {place}", "A {adj} {noun}", "The {noun} at {place}",
                  "{adj} {noun}s", "After the {noun}", "The {place} {noun}", "{noun} and {noun2}", "Beyond the {noun}",
                  "Under the {noun}", "The {noun}keeper", "{place}", "Down to {place}", "The {adj} Season")

AWARDS = ("Alder Prize for Fiction", "Oregon Coast Book Award", "Lantern Award for Architecture",
          "Pacific Northwest Music Award", "Cascade Medal for Science", "Port Alder Citizen of the Year",
          "Heron Award for Public Service", "Alder County Arts Fellowship", "Northwest Heritage Award",
          "Pike Medal for Maritime History")

UNIVERSITIES = ("Port Alder University", "Port Alder University", "Port Alder University", "Alder Valley College",
                "Coastal Oregon Institute", "Hollis State College", "the University of Oregon",
                "Oregon State University", "the University of Washington", "Stanford University",
                "the Massachusetts Institute of Technology", "Columbia University", "Reed College")
DEGREES = ("a bachelor's degree in history", "a degree in civil engineering", "a degree in architecture",
           "a bachelor's degree in English", "a degree in music", "a doctorate in biology", "a law degree",
           "a degree in economics", "a master's degree in fine arts", "a degree in journalism",
           "a doctorate in physics", "a degree in forestry", "a degree in chemistry", "a medical degree",
           "a bachelor's degree in political science", "a degree in computer science", "a teaching certificate")
