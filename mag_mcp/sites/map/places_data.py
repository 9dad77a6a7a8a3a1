"""Fixed lists the seed draws places from: landmark positions, names per category, OSM tags."""

from __future__ import annotations

from .layout import coast_y, drive_x, river_x

COUNTY = "Alder County"
POSTCODES = {
    "Lantern Quarter": "97281", "Alder Wharf": "97282", "Riverside Row": "97283", "Old Mill": "97284",
    "Hilltop": "97285", "Eastgate": "97286", "North Shore": "97287", "University Park": "97288",
}

# category -> (OSM key, OSM value, label shown to people)
CATEGORY_TAGS: dict[str, tuple[str, str, str]] = {
    "town hall": ("amenity", "townhall", "Town Hall"),
    "library": ("amenity", "library", "Library"),
    "hospital": ("amenity", "hospital", "Hospital"),
    "university": ("amenity", "university", "University"),
    "observatory": ("man_made", "observatory", "Observatory"),
    "market": ("amenity", "marketplace", "Marketplace"),
    "lighthouse": ("man_made", "lighthouse", "Lighthouse"),
    "museum": ("tourism", "museum", "Museum"),
    "park": ("leisure", "park", "Park"),
    "train station": ("railway", "station", "Railway Station"),
    "ferry terminal": ("amenity", "ferry_terminal", "Ferry Terminal"),
    "square": ("place", "square", "Square"),
    "bridge": ("bridge", "yes", "Bridge"),
    "garden": ("leisure", "garden", "Garden"),
    "theatre": ("amenity", "theatre", "Theatre"),
    "stadium": ("leisure", "stadium", "Stadium"),
    "reservoir": ("water", "reservoir", "Reservoir"),
    "brewery": ("craft", "brewery", "Brewery"),
    "warehouse": ("building", "warehouse", "Warehouse"),
    "restaurant": ("amenity", "restaurant", "Restaurant"),
    "cafe": ("amenity", "cafe", "Café"),
    "beach": ("natural", "beach", "Beach"),
    "zoo": ("tourism", "zoo", "Zoo"),
    "office": ("office", "coworking", "Office"),
    "shopping mall": ("shop", "mall", "Mall"),
    "church": ("amenity", "place_of_worship", "Church"),
    "fire station": ("amenity", "fire_station", "Fire Station"),
    "police station": ("amenity", "police", "Police"),
    "fast food": ("amenity", "fast_food", "Fast Food"),
    "bar": ("amenity", "bar", "Bar"),
    "pub": ("amenity", "pub", "Pub"),
    "hotel": ("tourism", "hotel", "Hotel"),
    "hostel": ("tourism", "hostel", "Hostel"),
    "supermarket": ("shop", "supermarket", "Supermarket"),
    "convenience store": ("shop", "convenience", "Convenience Store"),
    "bakery": ("shop", "bakery", "Bakery"),
    "bookshop": ("shop", "books", "Book Store"),
    "pharmacy": ("amenity", "pharmacy", "Pharmacy"),
    "florist": ("shop", "florist", "Florist"),
    "bicycle shop": ("shop", "bicycle", "Bicycle Shop"),
    "hardware store": ("shop", "hardware", "Hardware Store"),
    "clothes shop": ("shop", "clothes", "Clothes Shop"),
    "gift shop": ("shop", "gift", "Gift Shop"),
    "bank": ("amenity", "bank", "Bank"),
    "post office": ("amenity", "post_office", "Post Office"),
    "fuel station": ("amenity", "fuel", "Fuel"),
    "parking": ("amenity", "parking", "Parking"),
    "dentist": ("amenity", "dentist", "Dentist"),
    "clinic": ("amenity", "clinic", "Clinic"),
    "gym": ("leisure", "fitness_centre", "Fitness Centre"),
    "cinema": ("amenity", "cinema", "Cinema"),
    "place of worship": ("amenity", "place_of_worship", "Place of Worship"),
    "school": ("amenity", "school", "School"),
    "kindergarten": ("amenity", "kindergarten", "Kindergarten"),
    "bus stop": ("highway", "bus_stop", "Bus Stop"),
}

# Words a searcher may use for a category (besides the category's own words).
CATEGORY_WORDS: dict[str, tuple[str, ...]] = {
    "cafe": ("cafe", "cafes", "café", "coffee", "coffeeshop", "espresso"),
    "restaurant": ("restaurant", "restaurants", "food", "dining", "eat", "dinner", "lunch"),
    "fast food": ("fast", "food", "restaurant", "takeaway", "burger", "burgers"),
    "bar": ("bar", "bars", "drinks", "cocktail", "cocktails", "nightlife"),
    "pub": ("pub", "pubs", "bar", "bars", "beer", "tavern"),
    "brewery": ("brewery", "beer", "bar", "pub"),
    "hotel": ("hotel", "hotels", "lodging", "motel", "inn", "accommodation", "stay"),
    "hostel": ("hostel", "hostels", "hotel", "hotels", "lodging", "accommodation"),
    "supermarket": ("supermarket", "supermarkets", "grocery", "groceries", "grocer", "food", "market"),
    "convenience store": ("convenience", "store", "shop", "grocery", "corner"),
    "bakery": ("bakery", "bakeries", "bread", "pastry", "shop"),
    "bookshop": ("bookshop", "bookstore", "books", "book", "store", "shop"),
    "pharmacy": ("pharmacy", "pharmacies", "drugstore", "chemist", "medicine"),
    "florist": ("florist", "flowers", "flower", "shop"),
    "bicycle shop": ("bicycle", "bike", "bikes", "cycle", "shop", "repair"),
    "hardware store": ("hardware", "tools", "store", "shop", "diy"),
    "clothes shop": ("clothes", "clothing", "fashion", "shop", "store", "apparel"),
    "gift shop": ("gift", "gifts", "souvenir", "souvenirs", "shop", "store"),
    "shopping mall": ("mall", "shopping", "shops", "centre", "center"),
    "bank": ("bank", "banks", "atm", "cash"),
    "post office": ("post", "office", "mail", "postal"),
    "fuel station": ("fuel", "gas", "petrol", "station", "filling"),
    "parking": ("parking", "park", "car", "garage", "lot"),
    "dentist": ("dentist", "dental", "teeth", "doctor"),
    "clinic": ("clinic", "doctor", "medical", "health", "hospital"),
    "hospital": ("hospital", "medical", "emergency", "health", "clinic"),
    "gym": ("gym", "gyms", "fitness", "workout", "sport"),
    "cinema": ("cinema", "cinemas", "movies", "movie", "theater", "theatre", "film"),
    "theatre": ("theatre", "theater", "theatres", "theaters", "plays", "concert"),
    "place of worship": ("church", "worship", "temple", "mosque", "synagogue"),
    "church": ("church", "churches", "worship"),
    "school": ("school", "schools", "education"),
    "kindergarten": ("kindergarten", "preschool", "nursery", "school", "daycare"),
    "university": ("university", "college", "campus", "school"),
    "bus stop": ("bus", "stop", "stops", "transit", "busstop"),
    "train station": ("train", "station", "railway", "rail", "transit"),
    "ferry terminal": ("ferry", "terminal", "boat", "boats", "transit"),
    "park": ("park", "parks", "green", "playground"),
    "garden": ("garden", "gardens", "park"),
    "museum": ("museum", "museums", "gallery", "exhibition"),
    "square": ("square", "plaza"),
    "library": ("library", "libraries", "books"),
    "market": ("market", "markets", "farmers", "marketplace"),
    "beach": ("beach", "beaches", "sand", "swimming"),
    "zoo": ("zoo", "animals"),
    "stadium": ("stadium", "arena", "football", "sports"),
    "police station": ("police", "station"),
    "fire station": ("fire", "station"),
    "town hall": ("town", "hall", "city", "council"),
}

# name -> (x, y, address street, house number?, opening hours, phone, website, extra tags)
_COAST = coast_y
LANDMARK_SPOTS: dict[str, dict] = {
    "Port Alder City Hall": dict(xy=(0.0, 152.0), street="Court Street", hours="Mo-Fr 08:00-17:00",
                                 website="https://www.portalder.example/city-hall"),
    "Central Library": dict(xy=(-250.0, 150.0), street="Court Street",
                            hours="Mo-Th 10:00-20:00; Fr-Sa 10:00-18:00; Su 12:00-17:00",
                            website="https://library.portalder.example"),
    "Alder General Hospital": dict(xy=(2250.0, 905.0), street="Pine Street", hours="24/7",
                                   tags={"emergency": "yes", "beds": "640"}),
    "Port Alder University": dict(xy=(625.0, -1625.0), street="University Street",
                                  website="https://www.pau.example", tags={"founded": "1891"}),
    "Hilltop Observatory": dict(xy=(-3335.0, -1905.0), street="Observatory Avenue", hours="Fr 19:00-23:00"),
    "Alder Wharf Market": dict(xy=(300.0, _COAST(300.0) - 92.0), street="Wharf Street", hours="Sa 08:00-14:00"),
    "North Shore Lighthouse": dict(xy=(-3300.0, _COAST(-3300.0) - 22.0), street="Shore Road",
                                   tags={"start_date": "1872", "height": "31 m"}),
    "Old Mill Museum": dict(xy=(-1320.0, -1100.0), street="Millrace Street", hours="Tu-Su 10:00-17:00"),
    "Riverside Park": dict(xy=(river_x(700.0) - 100.0, 700.0), street="Riverside Drive",
                           hours="Mo-Su 06:00-22:00"),
    "Eastgate Station": dict(xy=(1905.0, -160.0), street="Station Avenue", tags={"operator": "Alder Valley Railway"}),
    "Ferry Terminal": dict(xy=(950.0, _COAST(950.0) - 28.0), street="Wharf Street", hours="Mo-Su 06:00-22:00",
                           tags={"operator": "Alder Bay Ferry"}),
    "Founders Square": dict(xy=(0.0, 0.0), street="Court Street", number=False),
    "Alder Bridge": dict(xy=(river_x(375.0), 375.0), street="Alder Bridge", number=False,
                         tags={"start_date": "1931", "bridge:structure": "arch"}),
    "Maritime Museum": dict(xy=(-300.0, _COAST(-300.0) - 92.0), street="Wharf Street",
                            hours="Tu-Su 10:00-17:00"),
    "Botanical Garden": dict(xy=(1125.0, -2125.0), street="College Street", hours="Mo-Su 09:00-18:00"),
    "Lantern Theatre": dict(xy=(400.0, -92.0), street="Market Street",
                            website="https://www.lanterntheatre.example"),
    "Eastgate Stadium": dict(xy=(2875.0, 500.0), street="Alder Street", tags={"capacity": "22400"}),
    "Hilltop Reservoir": dict(xy=(-3000.0, -2250.0), street="Terrace Street"),
    "Old Mill Brewery": dict(xy=(-1750.0, -1592.0), street="Mill Street", hours="Mo-Su 12:00-23:00"),
    "One Stop Market Warehouse": dict(xy=(3000.0, -1093.0), street="Millrace Street",
                                      tags={"operator": "One Stop Market"}),
    "Riverside Row Bistro": dict(xy=(drive_x(-100.0) - 32.0, -100.0), street="Riverside Drive",
                                 hours="Tu-Su 17:00-22:00", tags={"cuisine": "seafood"}),
    "Harbor Coffee Roasters": dict(xy=(1060.0, _COAST(1060.0) - 30.0), street="Wharf Street",
                                   hours="Mo-Su 06:30-18:00", tags={"cuisine": "coffee_shop"}),
    "North Shore Beach": dict(xy=(-2400.0, _COAST(-2400.0) - 25.0), street="Shore Road", number=False),
    "Port Alder Zoo": dict(xy=(-2375.0, -2375.0), street="Hillcrest Avenue", hours="Mo-Su 09:00-17:00"),
    "Science Center": dict(xy=(-100.0, -1408.0), street="University Street", hours="Tu-Su 10:00-18:00"),
    "Alder Tech Hub": dict(xy=(620.0, 157.0), street="Court Street", hours="Mo-Fr 08:00-20:00",
                           tags={"operator": "Alder Tech Hub Cooperative"}),
    "Eastgate Mall": dict(xy=(2500.0, -593.0), street="Division Street", hours="Mo-Sa 10:00-21:00; Su 11:00-19:00"),
    "St. Mary's Church": dict(xy=(-2093.0, -900.0), street="Chapel Avenue", tags={"religion": "christian"}),
    "Fire Station No. 1": dict(xy=(-380.0, -343.0), street="Elm Street"),
    "Central Police Station": dict(xy=(300.0, -343.0), street="Elm Street", hours="24/7"),
}

# --- generated places: category -> names (the seed uses them in order) -----------------------

CAFES = (
    "Blue Heron Coffee", "Fogline Café", "Copper Kettle Café", "Little Alder Coffee", "Morning Tide Espresso",
    "Driftwood Coffee House", "Millstone Café", "Cedar & Salt Coffee", "Rainy Day Café", "Wild Fern Coffee",
    "Black Bear Espresso", "Sunbreak Coffee", "Tidepool Café", "Juniper Coffee Co.", "Northern Pine Café",
    "Steam Whistle Coffee", "The Daily Grind", "Bean Counter Café", "Lantern Light Coffee", "Quayside Café",
    "Grounds for Celebration", "Pour House Coffee", "Moss & Stone Café", "Red Kite Coffee", "The Reading Room Café",
    "Campus Corner Coffee", "Half Moon Café", "Tugboat Coffee", "Ferrywood Espresso", "Saltwater Café",
    "Kestrel Coffee Bar", "Hilltop Beans", "Cobblestone Café", "Orchard Street Coffee",
)
RESTAURANTS = (
    ("Saffron House", "indian"), ("Trattoria Bellini", "italian"), ("Golden Dragon", "chinese"),
    ("Sakura Sushi", "japanese"), ("El Farolito", "mexican"), ("Pho Saigon", "vietnamese"),
    ("The Salmon House", "seafood"), ("Bangkok Garden", "thai"), ("Olive & Thyme", "mediterranean"),
    ("Le Petit Bistro", "french"), ("Seoul Kitchen", "korean"), ("Smokestack BBQ", "barbecue"),
    ("Pizzeria Napoli", "pizza"), ("Athena Taverna", "greek"), ("Casa Lisboa", "portuguese"),
    ("The Copper Pot", "american"), ("Harbor Grill", "seafood"), ("Mill Race Kitchen", "american"),
    ("Lotus Leaf", "vietnamese"), ("Osteria del Ponte", "italian"), ("Tandoori Nights", "indian"),
    ("Casa Oaxaca", "mexican"), ("Ramen Ichiban", "japanese"), ("Dim Sum Palace", "chinese"),
    ("The Hungry Heron", "american"), ("Bistro Lumière", "french"), ("Beirut Café", "lebanese"),
    ("Istanbul Grill", "turkish"), ("Addis Table", "ethiopian"), ("The Oyster Bar", "seafood"),
    ("Green Bowl", "vegetarian"), ("Steak & Anchor", "steak_house"), ("Nonna's Kitchen", "italian"),
    ("Thai Orchid", "thai"), ("Kimchi House", "korean"), ("Taqueria La Paz", "mexican"),
    ("The Lantern Room", "american"), ("Szechuan Garden", "chinese"), ("Tapas Barcelona", "spanish"),
    ("Himalaya Kitchen", "nepalese"), ("The Garden Table", "vegan"), ("Crab Shack", "seafood"),
    ("Hilltop Diner", "diner"), ("Station Diner", "diner"),
)
FAST_FOOD = (
    ("Big Alder Burgers", "burger"), ("Taco Tide", "mexican"), ("Quick Wok", "chinese"), ("Slice Shack", "pizza"),
    ("Frank's Franks", "hot_dog"), ("Gyro Spot", "greek"), ("Fry Harbor", "fish_and_chips"),
    ("Cluck & Co.", "chicken"), ("Sub Station", "sandwich"), ("Noodle Box", "asian"),
)
BARS = (
    "The Velvet Lantern", "Anchor Bar", "Night Heron Lounge", "The Tipsy Gull", "Riverside Tap Room",
    "Copper Still", "The Blue Note", "Eastgate Sports Bar", "The Dockside", "Moonrise Cocktail Bar",
    "The Crow's Nest", "Wharf Rat Saloon",
)
PUBS = (
    "The Rusty Anchor", "The Miller's Arms", "The Old Oak", "The Foghorn Pub", "The Fox & Hound",
    "Kilkenny's Irish Pub", "The Stag's Head", "The Salty Dog",
)
HOTELS = (
    ("Port Alder Grand Hotel", "4"), ("Harborview Inn", "3"), ("Hotel Lantern", "4"), ("Riverside Suites", "3"),
    ("Hilton Garden Inn Port Alder", "3"), ("Holiday Inn Express Port Alder Eastgate", "2"),
    ("DoubleTree by Hilton Port Alder", "3"), ("Hyatt Place Port Alder", "3"),
    ("Marriott Port Alder Waterfront", "4"), ("Best Western Plus Old Mill Inn", "3"), ("The Alder Hotel", "4"),
    ("The Lighthouse Inn", "2"), ("University Inn", "2"), ("Hilltop Lodge", "2"), ("Station Hotel", "3"),
    ("Comfort Inn Port Alder", "2"),
)
HOSTELS = ("Wharfside Hostel", "Backpackers' Rest Hostel")
SUPERMARKETS = (
    "Alder Fresh Market", "Green Basket Grocery", "Harbor Foods", "Whole Harvest Market", "Eastgate Grocery Outlet",
    "Pacific Pantry", "Valley Fresh Supermarket", "Hilltop Market",
)
CONVENIENCE = (
    "Quick Stop Mart", "Corner Pantry", "Handy Mart", "7 Days Market", "Night Owl Market", "Dockside Deli & Mart",
    "Campus Convenience", "Mill Street Market",
)
BAKERIES = (
    "Rise & Shine Bakery", "Sourdough Society", "The Flour Mill Bakery", "Golden Crust Bakery", "Petite Patisserie",
    "Harbor Bread Co.", "Sweet Alder Bakery", "Crumb & Co.",
)
BOOKSHOPS = ("Riverbend Books", "The Book Nook", "Lantern Books", "Chapter & Verse", "Dog-Eared Books",
             "Harbor Used Books")
PHARMACIES = ("Alder Pharmacy", "Wellness Pharmacy", "Harbor Drug", "Eastgate Pharmacy", "Campus Pharmacy",
              "Rite Care Pharmacy", "Old Mill Apothecary")
FLORISTS = ("Chloe's Flowers", "Petal & Stem", "Bloom Room", "The Wild Bouquet", "Fern & Flora")
BIKE_SHOPS = ("Spoke & Chain Bikes", "Alder Cycles", "Gears & Grease Bike Shop", "River City Bicycles",
              "Two Wheels Bike Repair")
HARDWARE = ("Mill Street Hardware", "Eastgate Home & Hardware", "Hilltop Hardware Supply", "Anchor Hardware")
CLOTHES = ("Threadbare Boutique", "Rain City Outfitters", "The Denim Loft", "Harbor Threads", "Wool & Weave",
           "Second Chance Vintage", "Northwest Trail Supply", "Lantern Lane Boutique")
GIFTS = ("Lighthouse Gifts", "Port Alder Souvenirs", "The Curiosity Cabinet", "Wharf Treasures")
BANKS = ("First Alder Bank", "Cascade Credit Union", "Pacific Northwest Bank", "Harbor Savings Bank",
         "Columbia Trust Bank", "Eastgate Community Bank", "Union Bank of Oregon", "Old Mill Savings")
POST_OFFICES = ("Port Alder Main Post Office", "Eastgate Post Office", "Old Mill Post Office")
FUEL = (("Cascade Fuel", "Cascade"), ("Harbor Gas", "Harbor"), ("QuickFill Eastgate", "QuickFill"),
        ("Hilltop Gas & Go", "Gas & Go"), ("Northwest Petroleum", "NW Petroleum"), ("Alder Fuel Stop", "Cascade"))
PARKINGS = (
    "Court Street Garage", "Market Street Parking", "Eastgate Station Park & Ride", "Wharf Parking Lot",
    "Hospital Parking Garage", "University Parking Structure", "Stadium Parking Lot", "Old Mill Parking",
    "Library Parking", "Eastgate Mall Parking North",
)
DENTISTS = ("Bright Smile Dental", "Alder Family Dentistry", "Harbor Dental Care", "Eastgate Dental Clinic",
            "Gentle Care Dentistry")
CLINICS = ("Port Alder Urgent Care", "Riverside Family Clinic", "Eastgate Medical Center", "Campus Health Clinic")
GYMS = ("Iron Harbor Gym", "Alder Fitness", "Peak Performance Gym", "Riverside Yoga Studio", "CrossFit Old Mill")
CINEMAS = ("Lantern Cinema", "Eastgate Cinema 8")
WORSHIP = (("Grace Lutheran Church", "christian"), ("Temple Beth Shalom", "jewish"),
           ("Port Alder Islamic Center", "muslim"), ("First Baptist Church", "christian"))
SCHOOLS = (
    "Old Mill Elementary School", "Riverside Row Elementary School", "Lantern Quarter Montessori School",
    "Hilltop Middle School", "Eastgate High School", "Port Alder High School", "North Shore Elementary School",
    "Cedar Avenue Elementary School", "Harbor Middle School", "University Park Elementary School",
    "St. Mary's Catholic School", "Lincoln High School", "Jefferson Middle School", "Alder Academy",
)
KINDERGARTENS = ("Little Acorns Preschool", "Sunshine Kindergarten", "Tiny Tides Preschool", "Busy Bees Daycare")
PARKS = (
    "Heron Park", "Millpond Park", "Cedar Park", "Lantern Park", "Eastgate Commons", "Kestrel Park", "Harbor Green",
    "Willow Park", "Sunset Park", "Fernhill Park", "Oakwood Park", "Juniper Green", "Quarry Park", "Linden Square",
)
