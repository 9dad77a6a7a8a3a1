"""Word lists of the generated catalogue: colours, sizes, pack sizes, fictional brands,
game titles. Small hand-written tables; the generator (`generator.py`) draws from them."""

from __future__ import annotations

# Colour name -> RGB, as product pictures are painted and swatches drawn.
COLORS: dict[str, tuple[int, int, int]] = {
    "Black": (38, 38, 40), "White": (246, 246, 244), "Gray": (132, 134, 138), "Silver": (192, 194, 198),
    "Charcoal": (68, 72, 76), "Red": (208, 40, 44), "Blue": (36, 96, 206), "Navy": (30, 46, 102),
    "Light Blue": (140, 196, 240), "Green": (46, 150, 72), "Olive": (112, 122, 52), "Pink": (240, 118, 170),
    "Purple": (128, 62, 182), "Yellow": (244, 204, 40), "Orange": (242, 130, 30), "Brown": (122, 80, 48),
    "Beige": (222, 202, 164), "Tan": (198, 158, 108), "Teal": (0, 138, 140), "Gold": (212, 172, 56),
    "Rose Gold": (204, 142, 128), "Burgundy": (124, 16, 40), "Khaki": (190, 170, 120), "Ivory": (250, 244, 224),
    "Mint": (150, 222, 190), "Coral": (246, 120, 100),
}
# Aliases that appear in the original catalogue's names, mapped to the palette.
COLOR_ALIASES: dict[str, str] = {
    "Grey": "Gray", "Jet Black": "Black", "Blackest Black": "Black", "Core Black": "Black",
    "Carbon Black": "Black", "Triple Black": "Black", "Glacier White": "White", "Magma Red": "Red",
    "Pulse Red": "Red", "Oxford Gray": "Gray", "Titan Gray": "Gray", "Dark Grey": "Charcoal",
    "Graphite": "Charcoal", "Stone Blue": "Blue", "Light Steel": "Silver", "Rose": "Pink",
    "Espresso": "Brown", "Rustic Brown": "Brown", "Clay White": "White", "Crystal Clear": "White",
}
# Weights for a listing's colour (common colours first).
COLOR_WEIGHTS: dict[str, int] = {
    "Black": 10, "White": 6, "Gray": 5, "Blue": 4, "Navy": 3, "Red": 3, "Pink": 3, "Green": 3, "Silver": 2,
    "Charcoal": 2, "Light Blue": 2, "Olive": 1, "Purple": 2, "Yellow": 1, "Orange": 1, "Brown": 2, "Beige": 2,
    "Tan": 1, "Teal": 2, "Gold": 1, "Rose Gold": 1, "Burgundy": 1, "Khaki": 1, "Ivory": 1, "Mint": 1, "Coral": 1,
}
APPAREL_SIZES = ("XS", "S", "M", "L", "XL", "XXL")
SHOE_SIZES = ("5", "5.5", "6", "6.5", "7", "7.5", "8", "8.5", "9", "9.5", "10", "10.5", "11", "12", "13")
# (suffix in the name, units in the pack)
PACKS = (("", 1), ("Pack of 2", 2), ("Pack of 3", 3), ("Pack of 4", 4), ("Pack of 6", 6), ("2 Pack", 2),
         ("3 Pack", 3), ("6 Pack", 6), ("12 Count", 12), ("24 Count", 24), ("Value Pack", 3))

# Fictional brands, by the top-level category they sell in (several shops' worth: near
# duplicates across brands are the point). A third of each list reads like a marketplace brand.
BRANDS: dict[str, tuple[str, ...]] = {
    "beauty-personal-care": (
        "Lumeva", "Dermaluxe", "Alder & Ash", "Petal Harbor", "Glowbury", "Skinfolk", "Velvaré", "Mossline",
        "Harbor Bloom", "NUVIQ", "Seamist", "Blushwell", "Purelane", "Coastal Apothecary", "Opaline", "KERAVO",
        "Silkora", "Brightleaf Botanicals", "Maison Ondine", "ZENTRIA"),
    "sports-outdoors": (
        "Trailmark", "Ridgeway Outfitters", "Alder Peak", "Northbound", "Summitra", "Cascade Trek", "IRONVALE",
        "Pacific Crest Gear", "Wildpine", "Stridelab", "FLEXORA", "Bayside Athletics", "Timberfall", "Kestrelle",
        "Harbor Line Sports", "VOLTREK", "Redwood Run", "Glacierline"),
    "clothing-shoes-jewelry": (
        "Wharfside", "Lantern & Loom", "Old Mill Supply Co.", "Coastline Apparel", "Marlowe", "Driftwood Denim",
        "Aurelie", "Foundry Threads", "NORTHWIND", "Hollis & Reed", "Bellamy", "Saltmarsh", "Quayside", "Everkind",
        "LUXVEN", "Ferncroft", "Maple & Moss", "Veranda", "Port & Pine", "Stitchfield"),
    "home-kitchen": (
        "Kitchora", "Hearthstone Home", "Alder Kitchen", "Copperline", "Nestwell", "Homebright", "Brimwood",
        "Casa Lumina", "Grainhouse", "SIMPLORA", "Lantern Quarter Home", "Oakridge Living", "Willowmere",
        "Potter & Pine", "Cozyloft", "Ironhearth", "Driftstone", "Mill & Grain", "HOMLEX", "Bellweather"),
    "office-products": (
        "Papercraft", "Inkwell & Co.", "Deskwise", "Scribeline", "Officiel", "Notable", "Alder Office",
        "Stapleford", "LUMIDESK", "Folio Works", "Brightpoint", "Clarity Office", "Paragon Paper", "WORKZEN"),
    "tools-home-improvement": (
        "Forgeline", "Ironclad Tools", "Boltmaster", "Ridgecraft", "Torqueworks", "Harbor Hardware", "STEELPRO",
        "Millwright", "Brightwatt", "Keystone Build", "Anvilco", "Lumenhaus", "VOLTAXE", "Foundry Tool Co."),
    "health-household": (
        "Purevital", "Alder Health", "Cleanhaven", "Everfresh", "Nutrivia", "Medisure", "Hearthclean",
        "Freshfold", "VITAMORA", "Green Harbor", "Wellnest", "Sunleaf Naturals", "CareCove", "Tidewater Home"),
    "patio-lawn-garden": (
        "Greenhaven", "Backyard Bloom", "Sproutwell", "Gardenia & Co.", "Emberline", "Patio Harbor", "Fernway",
        "YARDIX", "Sunporch", "Rootstock", "Hollow Oak", "Firebrook", "Meadowlark Garden"),
    "electronics": (
        "Voltix", "Auralink", "Sonique", "Pixelon", "Nexaro", "Brightwave", "Harbor Audio", "ZENITHA", "Klarion",
        "Lumora Labs", "Echomark", "Quantix", "Ampere & Co.", "VYRO", "Soundhaven", "Circuitry", "Altavox",
        "Novaterra", "Beacon Electronics", "TRONIQ"),
    "cell-phones-accessories": (
        "Cellora", "Armorwell", "Chargify", "Phonique", "Shieldcraft", "Voltcase", "GLASSIQ", "Pocketline",
        "Clearguard", "Linkwave", "Tidal Charge", "OMNIFIT", "Snapwell", "Gripstone"),
    "video-games": (
        "Pixelforge", "Gamecrest", "Joystix", "Levelup Gear", "Arcadia Labs", "NEXPLAY", "Questline", "Respawn Co.",
        "Controlcraft", "Playharbor", "Glitchproof", "Retroworks"),
    "grocery-gourmet-food": (
        "Harbor Pantry", "Alder Farms", "Golden Mill", "Orchard Lane", "Saltbox Kitchen", "Good Acre", "Brewhaven",
        "Wildroot", "Morning Harvest", "Riverbend Provisions", "Honeycomb Hill", "Pacific Grove Foods",
        "Oak & Oat", "NATUREE", "Seabreeze Snacks", "Lantern Roasters"),
    "toys-games": (
        "Playmakers", "Brickworks", "Tinytown Toys", "Wonderloop", "Puzzlewood", "Gigglebox", "Starbright Toys",
        "Kiddoland", "Sparkplay", "BLOXI", "Hilltop Games", "Curiosity Lab", "Little Harbor"),
    "pet-supplies": (
        "Pawsome", "Barkside", "Whisker & Wag", "Furwell", "Tailwind Pets", "Happy Hound", "Purrfect Choice",
        "Alder Paws", "Kibblecraft", "PETZONE", "Seaside Pets", "Muttley & Co."),
}

# Game titles: "<first> <second>" or "<first> <second>: <subtitle>".
GAME_FIRST = ("Starfall", "Iron", "Crimson", "Shadow", "Neon", "Lost", "Eternal", "Wild", "Hollow", "Silent",
              "Radiant", "Frozen", "Ember", "Storm", "Phantom", "Echo", "Sky", "Deep", "Golden", "Rogue", "Tiny",
              "Cosmic", "Pixel", "Harbor", "Lantern")
GAME_SECOND = ("Odyssey", "Legends", "Frontier", "Kingdom", "Racers", "Tactics", "Chronicles", "Outlaws",
               "Garden", "Arena", "Voyage", "Dungeon", "Circuit", "Island", "Heroes", "Rally", "Valley", "Saga",
               "Party", "Builders", "Quest", "Shift", "Academy")
GAME_SUBTITLE = ("Rise of the Tides", "The Last Harbor", "Into the Deep", "Night Shift", "World Tour",
                 "Reforged", "Beyond the Wall", "The Long Road", "Origins", "Second Wind", "Ultimate Cup")
GAME_PUBLISHERS = ("Lanternlight Games", "Harborside Interactive", "Old Mill Studios", "Alder Interactive",
                   "Fogbank Entertainment", "Northlight Games", "Riverside Digital", "Tidewater Studios")
