"""Word tables the generated places, mappers and texts of the map draw from (hand-written,
fictional: no real business of any city is named here)."""

from __future__ import annotations

SURNAMES = (
    "Abernathy", "Alvarez", "Ashby", "Baker", "Barlow", "Bennett", "Blackwood", "Bowman", "Brennan", "Calloway",
    "Carver", "Castillo", "Chandler", "Chen", "Cortez", "Crane", "Dalton", "Delgado", "Donovan", "Duarte",
    "Ellison", "Emerson", "Farrow", "Fenwick", "Fletcher", "Foster", "Galloway", "Garrison", "Gibbs", "Hale",
    "Halvorsen", "Hartley", "Hayes", "Hendricks", "Holloway", "Huang", "Ingram", "Iverson", "Jansen", "Kaur",
    "Keller", "Kimura", "Kowalczyk", "Lachance", "Langley", "Larkin", "Lindqvist", "Lowell", "Madsen", "Marsh",
    "Mendoza", "Merritt", "Moreau", "Nakamura", "Navarro", "Nguyen", "Novak", "Okafor", "Olsen", "Ortega",
    "Pacheco", "Park", "Pearson", "Petrov", "Pierce", "Quinlan", "Ramsey", "Reyes", "Rhodes", "Rivera",
    "Rosen", "Sandoval", "Schultz", "Sexton", "Shah", "Sinclair", "Sorensen", "Stanton", "Sullivan", "Tanaka",
    "Thornton", "Torres", "Underhill", "Valdez", "Vance", "Voss", "Wakefield", "Walsh", "Whitaker", "Winslow",
    "Yamada", "Yates", "Zielinski", "Ashworth", "Beaumont", "Cho", "Dempsey", "Engstrom", "Fairbanks", "Grady",
)
FIRST_NAMES = (
    "Ada", "Alma", "Amelia", "Anya", "Ben", "Bianca", "Cal", "Carmen", "Cora", "Dario", "Dee", "Eli", "Elena",
    "Emmett", "Esme", "Felix", "Fiona", "Gus", "Hana", "Hazel", "Ines", "Ivy", "Jack", "Jonah", "June", "Kai",
    "Kira", "Leo", "Lila", "Luca", "Mae", "Marco", "Mina", "Milo", "Nadia", "Nell", "Nico", "Nora", "Oona",
    "Otis", "Paz", "Petra", "Quinn", "Rafe", "Rosa", "Ruby", "Sami", "Silas", "Sofia", "Tess", "Theo", "Uma",
    "Vera", "Wes", "Willa", "Xavi", "Yara", "Zane", "Zoe", "Abe", "Bea", "Cyrus", "Dot", "Edie", "Flo",
)
NATURE = (
    "Alder", "Aspen", "Bayside", "Birch", "Bluff", "Bramble", "Brook", "Canyon", "Cascade", "Cedar", "Clover",
    "Cobalt", "Coho", "Cormorant", "Cove", "Cypress", "Dune", "Elkhorn", "Ember", "Fern", "Fir", "Foghorn",
    "Foxglove", "Gale", "Glacier", "Granite", "Gull", "Harbor", "Hawthorn", "Heather", "Hemlock", "Heron",
    "Highland", "Huckleberry", "Inlet", "Iris", "Juniper", "Kelp", "Kingfisher", "Lagoon", "Larch", "Laurel",
    "Lupine", "Madrone", "Magpie", "Maple", "Marsh", "Meadow", "Mist", "Moss", "Nettle", "Oak", "Orca", "Osprey",
    "Otter", "Pebble", "Pine", "Plover", "Puffin", "Quail", "Rain", "Raven", "Redwood", "Reed", "Ridge",
    "Riverstone", "Rowan", "Sage", "Salal", "Salmonberry", "Sandpiper", "Seal", "Shoreline", "Silverleaf",
    "Skylark", "Sorrel", "Spruce", "Starling", "Stonecrop", "Summit", "Sunbreak", "Sword Fern", "Thistle",
    "Thimbleberry", "Tidewater", "Timber", "Trillium", "Vine Maple", "Wren", "Yarrow",
)
ADJECTIVES = (
    "Blue", "Bright", "Brass", "Copper", "Crimson", "Golden", "Green", "Happy", "Hidden", "Honest", "Humble",
    "Iron", "Jolly", "Little", "Lucky", "Merry", "Modern", "Noble", "Old", "Quiet", "Red", "Rustic", "Silver",
    "Simple", "Smiling", "Sunny", "Swift", "Tiny", "True", "Velvet", "Wandering", "Wild", "Wise", "Good",
)
PLACES_WORDS = ("Port Alder", "Alder", "Bayside", "Northwest", "Pacific", "Cascadia", "Westside", "Eastside",
                "Riverside", "Harborside", "Uptown", "Downtown", "Valley", "Coastal", "Evergreen")

# Cuisine -> name schemes ({x} a word of the cuisine's own list, {n} NATURE, {a} ADJECTIVES, {s} SURNAMES).
CUISINE_WORDS: dict[str, tuple[str, ...]] = {
    "italian": ("Bella", "Roma", "Toscana", "Fiore", "Sole", "Luna", "Vespa", "Amici", "Forno", "Piccolo", "Verona",
                "Girasole", "Basilico", "Milano", "Capri", "Nonno"),
    "mexican": ("Sol", "Cielo", "Mariposa", "Agave", "Jalisco", "Puebla", "Fuego", "Azul", "Maiz", "Nopal", "Sonora",
                "Palapa", "Lupita", "Oaxaca Verde"),
    "chinese": ("Golden Lotus", "Jade Garden", "Red Lantern", "Bamboo House", "Lucky Panda", "Silk Road",
                "Peking House", "Dragon Gate", "Jasmine", "Canton Kitchen", "Great Wall", "Plum Blossom"),
    "japanese": ("Sakana", "Hikari", "Koi", "Yuzu", "Matsu", "Hana", "Kaze", "Umami", "Mochi", "Tsuki", "Kumo",
                 "Izakaya Tanuki"),
    "thai": ("Basil", "Siam", "Lanna", "Elephant", "Mango", "Lemongrass", "Chiang Mai", "Bangkok Street", "Orchid Bay",
             "Spicy Lime"),
    "indian": ("Masala", "Spice Route", "Taj", "Saffron Leaf", "Curry Leaf", "Bombay", "Namaste", "Chutney",
               "Mumbai Express", "Tandoor", "Cardamom"),
    "vietnamese": ("Pho", "Saigon", "Hanoi", "Banh Mi", "Lemongrass", "Mekong", "Bamboo", "Lotus Pond"),
    "korean": ("Seoul", "Bibim", "Kimchi", "Gangnam", "Hanok", "Bulgogi", "Jeju", "Mapo"),
    "greek": ("Olympia", "Santorini", "Mykonos", "Zorba", "Acropolis", "Plaka", "Olive Grove"),
    "french": ("Maison", "Petit", "Rive Gauche", "Bonne Table", "Lyon", "Provence", "Belle Epoque", "Chez Nous"),
    "seafood": ("Dockside", "Catch", "Net", "Anchor", "Lobster Pot", "Pier", "Clam", "Crab Pot", "Chowder", "Reef"),
    "american": ("Diner", "Grill", "Kitchen", "Table", "Tavern", "Smokehouse", "Chophouse", "Eatery", "Supper Club"),
    "pizza": ("Pizza", "Pie", "Slice", "Crust", "Oven", "Dough"),
    "mediterranean": ("Olive", "Levant", "Aegean", "Cyprus", "Fig Tree", "Sumac", "Pomegranate"),
    "ethiopian": ("Lalibela", "Gojo", "Abyssinia", "Harar", "Injera House"),
    "lebanese": ("Cedars", "Byblos", "Zaatar", "Baalbek"),
    "spanish": ("Tapas", "Sevilla", "Paella", "Bodega", "Andalucia"),
    "burger": ("Burger", "Patty", "Smash", "Grill"),
    "sushi": ("Sushi", "Maki", "Nigiri", "Sashimi"),
}
CUISINES_WEIGHTED = (
    ("american", 14), ("italian", 10), ("mexican", 10), ("chinese", 8), ("japanese", 7), ("thai", 6),
    ("indian", 6), ("vietnamese", 5), ("seafood", 6), ("pizza", 7), ("korean", 3), ("greek", 3), ("french", 3),
    ("mediterranean", 3), ("ethiopian", 1), ("lebanese", 1), ("spanish", 2), ("sushi", 3),
)

# Chains: (brand, category, branches, extra tags). Branches share the name; Nominatim lists them all.
CHAINS: tuple[tuple[str, str, int, dict[str, str]], ...] = (
    ("Tidewater Coffee", "cafe", 9, {"cuisine": "coffee_shop", "brand": "Tidewater Coffee"}),
    ("Beanstalk Espresso", "cafe", 6, {"cuisine": "coffee_shop", "brand": "Beanstalk Espresso"}),
    ("Burger Barn", "fast food", 7, {"cuisine": "burger", "brand": "Burger Barn"}),
    ("Rocket Tacos", "fast food", 5, {"cuisine": "mexican", "brand": "Rocket Tacos"}),
    ("Pizza Portal", "fast food", 6, {"cuisine": "pizza", "brand": "Pizza Portal"}),
    ("Noodle Nook", "fast food", 4, {"cuisine": "asian", "brand": "Noodle Nook"}),
    ("Evergreen Market", "supermarket", 6, {"brand": "Evergreen Market"}),
    ("FreshWay Foods", "supermarket", 4, {"brand": "FreshWay Foods"}),
    ("DayBreak Market", "convenience store", 10, {"brand": "DayBreak Market"}),
    ("Pacific Crest Bank", "bank", 6, {"brand": "Pacific Crest Bank", "atm": "yes"}),
    ("Alder Valley Credit Union", "bank", 5, {"brand": "Alder Valley Credit Union", "atm": "yes"}),
    ("Rosemary Pharmacy", "pharmacy", 7, {"brand": "Rosemary Pharmacy", "healthcare": "pharmacy"}),
    ("Clearview Optical", "optician", 4, {"brand": "Clearview Optical"}),
    ("Gearbox Auto Care", "car repair", 5, {"brand": "Gearbox Auto Care"}),
    ("SparkCharge", "charging station", 12, {"brand": "SparkCharge", "socket:type2": "2"}),
    ("QuickFill", "fuel station", 6, {"brand": "QuickFill"}),
    ("Northwind Fitness", "gym", 5, {"brand": "Northwind Fitness"}),
    ("Scoop Shack", "ice cream", 5, {"brand": "Scoop Shack"}),
    ("ShipRight Post & Print", "copy shop", 4, {"brand": "ShipRight"}),
    ("Harbor Wireless", "mobile phone shop", 5, {"brand": "Harbor Wireless"}),
    ("Second Story Thrift", "thrift store", 4, {"brand": "Second Story Thrift"}),
    ("Alder Parks & Recreation", "community centre", 4, {"operator": "City of Port Alder"}),
)

# Diary and note texts: fragments combined so that most texts differ.
DIARY_OPENERS = (
    "Spent the morning walking {street} with a notebook.", "Another rainy survey day in {district}.",
    "Took the bike out along {street} to check the new shops.", "Finally finished mapping the blocks around {place}.",
    "A quick note after this weekend's mapping party at {place}.", "I have been meaning to write about {district} for a while.",
    "The city repainted the crossings on {street}, so I went to look.", "Mapped every bench and bin around {place} today.",
)
DIARY_MIDDLES = (
    "Most of the opening hours were out of date, so I updated {n} of them.",
    "Several businesses had closed and {n} new ones had opened in their place.",
    "The house numbers on the east side were missing; I added about {n}.",
    "I added the bicycle parking and {n} post boxes nobody had mapped yet.",
    "There were {n} notes in the area, and I could resolve most of them on site.",
    "I checked the bus stops: {n} had moved to the other side of the junction.",
    "StreetComplete made it easy to answer {n} quests about surfaces and lighting.",
    "The sidewalk tagging is now complete for {n} blocks.",
)
DIARY_CLOSERS = (
    "Next time I want to do the side streets.", "If you live nearby, please check my edits!",
    "Thanks to everyone who joined, it was great fun.", "Questions are welcome in the comments.",
    "The imagery is a bit old here, so a survey really helps.", "Still a lot left to do around {place}.",
    "I will post a few photos on the community forum.", "See you at the next meetup.",
)
NOTE_TEXTS = (
    "This shop has closed; the windows are papered over.", "The entrance is now on {street}.",
    "New opening hours posted at the door: {hours}.", "The name on the sign is slightly different.",
    "There is a new crossing here that is not on the map.", "This path is blocked by construction fencing.",
    "The building is taller than shown, with a new third floor.", "A bike rack was added in front of this place.",
    "The phone number on the map no longer works.", "This place moved two doors down.",
    "Wheelchair access via a ramp on the side.", "The parking here is now paid parking.",
    "The bus stop has a new shelter with a bench.", "Missing house number: the door says {number}.",
    "Outdoor seating has been added for the summer.", "This is a dead end now, bollards were installed.",
)
NOTE_REPLIES = (
    "Thanks, I changed it.", "Can you confirm the new name?", "I walked past yesterday and it is still open.",
    "Fixed, thank you for the note!", "Resolving: matches what I saw on my survey.",
    "The imagery is too old to tell; leaving this open for someone local.", "Added, please check.",
    "Not sure this is right, the website says otherwise.",
)
CHANGESET_COMMENTS = (
    "Added {n} {what} in {district}", "Updated opening hours of {place}", "Survey of {street}: shops and addresses",
    "Add house numbers along {street}", "Fix name of {place}", "Add bus stops along {street}",
    "{place}: add website and phone", "Mapped sidewalks and crossings near {place}",
    "Remove closed shops on {street}", "Add cuisine and outdoor seating to restaurants in {district}",
    "Align {street} to the latest imagery", "Add bicycle parking around {place}",
    "StreetComplete: answered {n} quests in {district}", "Every Door: updated {n} shops in {district}",
    "Resolved notes in {district}", "Tagging fixes ({what})",
)
EDITORS = ("iD 2.27.3", "iD 2.30.4", "JOSM/1.5 (18940 en)", "StreetComplete 57.4", "Every Door Android 5.1",
           "Vespucci 19.2.3.0", "Go Map!! 4.3.0", "OsmAnd+ 4.7")
SOURCES = ("survey", "local knowledge", "Esri World Imagery", "Bing Maps Aerial", "survey;street-level imagery",
           "City of Port Alder open data")
USER_WORDS = ("mapper", "maps", "osm", "walker", "cyclist", "survey", "streets", "geo", "trails", "carto", "pdx",
              "alder", "heron", "wharf", "mill", "tide", "lantern", "north", "east", "hill")
TRACE_WORDS = ("Morning walk", "Commute", "Bike ride", "Survey", "Evening run", "Loop", "Ferry to town",
               "Hill climb", "Sidewalk survey", "Bus stop check", "Weekend ride", "Dog walk")
