"""What the generated places are: per category how many, how they are named, their
opening hours, where in the city they stand and which OSM tags they carry.

Name schemes are format strings over word tables (`names_data`): ``{n}`` a nature word,
``{a}`` an adjective, ``{s}`` a surname, ``{f}`` a first name, ``{p}`` a regional word,
``{x}`` a word of the place's cuisine, ``{street}`` the street it stands on and
``{district}`` its district. An empty scheme list means an unnamed feature (a post box,
a bicycle rack): such a place is called by its label, as Nominatim lists it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SHOP = ("Mo-Sa 09:00-20:00; Su 10:00-18:00", "Mo-Fr 10:00-19:00; Sa 10:00-17:00", "Tu-Sa 10:00-18:00",
        "Mo-Sa 10:00-19:00", "Mo-Fr 09:30-18:30; Sa 10:00-16:00", "Mo-Su 10:00-20:00")
OFFICE = ("Mo-Fr 09:00-17:00", "Mo-Fr 08:30-17:30", "Mo-Th 09:00-17:00; Fr 09:00-15:00", "Mo-Fr 08:00-16:30")
FOOD = ("Mo-Su 11:00-22:00", "Tu-Su 17:00-22:00", "Mo-Th 11:30-21:30; Fr-Sa 11:30-23:00; Su 12:00-21:00",
        "Mo-Sa 11:00-21:00", "We-Mo 12:00-21:30", "Mo-Fr 11:00-14:30,17:00-21:30; Sa-Su 12:00-22:00")
CAFE = ("Mo-Fr 07:00-18:00; Sa-Su 08:00-17:00", "Mo-Su 06:30-19:00", "Mo-Sa 07:00-16:00",
        "Mo-Fr 06:00-15:00; Sa 07:00-15:00", "Mo-Su 07:30-17:30")
NIGHT = ("Mo-Su 16:00-02:00", "Mo-Th 15:00-24:00; Fr-Sa 15:00-02:00; Su 15:00-23:00", "We-Sa 21:00-03:00")
HEALTH = ("Mo-Fr 08:00-17:00", "Mo-Fr 08:00-18:00; Sa 09:00-13:00", "Mo-Th 07:30-18:00")
ALWAYS = ("24/7",)


@dataclass(frozen=True)
class Spec:
    category: str
    count: int
    names: tuple[str, ...] = ()
    hours: tuple[str, ...] = ()
    p_hours: float = 0.8
    p_phone: float = 0.6
    p_web: float = 0.3
    where: str = "commercial"  # commercial | residential | outer | main | anywhere
    tags: dict[str, str] = field(default_factory=dict)
    # optional tags: (key, values, probability)
    extras: tuple[tuple[str, tuple[str, ...], float], ...] = ()


_WHEEL = ("wheelchair", ("yes", "limited", "no"), 0.5)
_OUTDOOR = ("outdoor_seating", ("yes", "no"), 0.5)
_TAKEAWAY = ("takeaway", ("yes", "no", "only"), 0.4)
_VEG = ("diet:vegetarian", ("yes", "limited", "only"), 0.3)
_CARD = ("payment:credit_cards", ("yes",), 0.4)
_LEVEL = ("level", ("0", "1", "-1"), 0.15)

SPECS: tuple[Spec, ...] = (
    # food and drink (more of the original categories)
    Spec("restaurant", 330, ("{x} {cuisine_word}", "{s}'s {x}", "The {a} {x}", "{x} {street_short}", "{x} & {n}",
                             "{n} {x}"), FOOD, 0.9, 0.85, 0.5,
         extras=(_WHEEL, _OUTDOOR, _TAKEAWAY, _VEG, _CARD, ("reservation", ("yes", "recommended", "no"), 0.3))),
    Spec("cafe", 170, ("{n} Coffee", "{a} {n} Café", "{n} Espresso", "{f}'s Coffee House", "The {n} Cup",
                       "{street_short} Coffee", "{n} & {n2} Café", "{n} Roasters"), CAFE, 0.9, 0.6, 0.35,
         tags={"cuisine": "coffee_shop"}, extras=(_WHEEL, _OUTDOOR, ("internet_access", ("wlan", "no"), 0.5), _CARD)),
    Spec("fast food", 120, ("{x} Express", "{a} {x} To Go", "{f}'s {x} Stand", "{x} Shack", "{n} {x} Bar"),
         FOOD, 0.85, 0.5, 0.25, extras=(_TAKEAWAY, ("drive_through", ("yes", "no"), 0.3), _CARD)),
    Spec("bar", 90, ("The {a} {n}", "{n} Lounge", "{s}'s Bar", "The {n} Room", "{street_short} Tap House",
                     "{n} Cocktail Club"), NIGHT, 0.85, 0.5, 0.3, where="commercial", extras=(_OUTDOOR, _CARD)),
    Spec("pub", 40, ("The {a} {n}", "The {n} Arms", "{s}'s Pub", "The {n} & {n2}", "The {n} Inn"), NIGHT, 0.85,
         0.6, 0.3, extras=(("real_ale", ("yes", "no"), 0.3), _OUTDOOR)),
    Spec("ice cream", 20, ("{n} Creamery", "{a} Scoop", "{f}'s Gelato", "{n} Frozen Treats"),
         ("Mo-Su 12:00-21:00", "Tu-Su 13:00-22:00"), 0.8, 0.4, 0.3),
    Spec("nightclub", 10, ("Club {n}", "The {a} Room", "{n} Underground", "Studio {n}"), NIGHT, 0.9, 0.5, 0.5),
    Spec("food court", 3, ("{district} Food Hall", "{n} Food Court"), FOOD),
    # food shops
    Spec("supermarket", 22, ("{n} Market", "{p} Grocery", "{s}'s Market", "{district} Fresh Market"),
         ("Mo-Su 07:00-23:00", "Mo-Su 06:00-24:00", "Mo-Sa 08:00-22:00; Su 09:00-21:00"), 0.95, 0.7, 0.5,
         extras=(_CARD, ("organic", ("yes", "only", "no"), 0.3))),
    Spec("convenience store", 90, ("{n} Mini Mart", "{street_short} Market", "{f}'s Corner Store", "{a} Pantry",
                                   "{street_short} Food Mart", "{n} Quick Stop"), ("Mo-Su 06:00-24:00", "24/7",
                                                                                    "Mo-Su 07:00-23:00"), 0.85, 0.4, 0.1),
    Spec("bakery", 40, ("{n} Bakery", "{f}'s Bakehouse", "{a} Loaf", "{n} Bread Co.", "{s} Patisserie"),
         ("Mo-Sa 06:30-15:00", "Tu-Su 07:00-14:00", "Mo-Su 06:00-16:00")),
    Spec("butcher", 12, ("{s} Meats", "{n} Butcher Shop", "{street_short} Butchery"), SHOP),
    Spec("deli", 18, ("{s}'s Deli", "{n} Delicatessen", "{street_short} Deli"), SHOP),
    Spec("greengrocer", 14, ("{n} Produce", "{s} Fruit & Veg", "{a} Greengrocer"), SHOP),
    Spec("liquor store", 20, ("{n} Liquor", "{street_short} Bottle Shop", "{p} Spirits"), SHOP),
    Spec("wine shop", 10, ("{n} Wine Merchants", "{s} Wine Cellar", "The {a} Grape"), SHOP),
    Spec("chocolate shop", 6, ("{n} Chocolates", "{f}'s Chocolatier"), SHOP),
    Spec("tea shop", 6, ("{n} Tea House", "{a} Leaf Tea"), SHOP),
    Spec("seafood shop", 6, ("{n} Fish Market", "{s}'s Seafood"), SHOP),
    # other shops
    Spec("clothes shop", 95, ("{n} Boutique", "{a} Threads", "{f} & {f2}", "{n} Outfitters", "{s} Apparel",
                              "{a} Thread Co."), SHOP, extras=(("clothes", ("women", "men", "children", "women;men"),
                                                                 0.6), _CARD)),
    Spec("shoe shop", 25, ("{n} Shoes", "{a} Soles", "{s} Footwear"), SHOP),
    Spec("jewelry store", 22, ("{s} Jewelers", "{n} Gems", "{a} Ring"), SHOP),
    Spec("hairdresser", 110, ("{f}'s Hair Studio", "Shear {n}", "The {a} Barber", "{n} Salon", "{street_short} Barbers",
                              "{f} & {f2} Hair"), SHOP, 0.8, 0.8, 0.2,
         extras=(("hairdresser", ("barber", "unisex", "female"), 0.6),)),
    Spec("beauty salon", 50, ("{n} Nails", "{a} Spa", "{f}'s Beauty Bar", "{n} Skin Studio"), SHOP, 0.8, 0.7, 0.2),
    Spec("laundry", 20, ("{street_short} Laundromat", "{a} Suds", "{n} Wash & Fold"), ("Mo-Su 07:00-22:00",), 0.9, 0.3, 0.0,
         tags={"self_service": "yes"}),
    Spec("dry cleaner", 16, ("{s} Cleaners", "{a} Press Dry Cleaning", "{n} Cleaners"), SHOP, 0.8, 0.6, 0.1),
    Spec("furniture store", 22, ("{n} Furniture", "{s} Home", "{a} Chair"), SHOP),
    Spec("electronics store", 22, ("{n} Electronics", "{a} Circuit", "{p} Computers"), SHOP),
    Spec("mobile phone shop", 14, ("{n} Mobile", "{a} Phone Repair"), SHOP),
    Spec("optician", 16, ("{s} Optometry", "{n} Eye Care", "{a} Eyewear"), SHOP, 0.8, 0.8, 0.4),
    Spec("sports shop", 18, ("{n} Sports", "{a} Athletic", "{p} Sporting Goods"), SHOP),
    Spec("outdoor shop", 8, ("{n} Outdoor Supply", "{a} Trail Gear"), SHOP),
    Spec("toy store", 12, ("{a} Toybox", "{n} Toys", "The {a} Kite"), SHOP),
    Spec("pet shop", 18, ("{n} Pet Supply", "{a} Paw", "{f}'s Pet Shop"), SHOP),
    Spec("car repair", 45, ("{s} Auto Repair", "{street_short} Garage", "{a} Wrench Auto", "{n} Automotive"),
         ("Mo-Fr 08:00-18:00", "Mo-Fr 07:30-17:30; Sa 08:00-12:00"), 0.85, 0.9, 0.3, where="outer"),
    Spec("car dealer", 14, ("{p} Motors", "{s} Auto Sales", "{n} Car Center"), SHOP, 0.9, 0.9, 0.7, where="outer"),
    Spec("tyre shop", 8, ("{n} Tire & Wheel", "{s} Tires"), SHOP, where="outer"),
    Spec("art shop", 10, ("{n} Art Supply", "{a} Easel"), SHOP),
    Spec("music shop", 8, ("{n} Music", "{a} String Guitars"), SHOP),
    Spec("stationery shop", 10, ("{n} Paper Co.", "{a} Pen"), SHOP),
    Spec("variety store", 14, ("{a} Dollar Store", "{n} Variety", "{street_short} Discount"), SHOP),
    Spec("second hand shop", 14, ("{n} Vintage", "{a} Finds", "{f}'s Resale"), SHOP),
    Spec("thrift store", 8, ("{n} Thrift", "{p} Goodwill Shop"), SHOP),
    Spec("travel agency", 10, ("{n} Travel", "{s} Tours", "{p} Getaways"), OFFICE),
    Spec("copy shop", 8, ("{n} Print Shop", "{a} Copy"), SHOP),
    Spec("tailor", 10, ("{s} Tailoring", "{f}'s Alterations"), SHOP),
    Spec("garden centre", 6, ("{n} Nursery", "{s} Garden Center"), SHOP, where="outer"),
    Spec("department store", 4, ("{s} & {s2}", "{p} Department Store"), SHOP, 0.95, 0.9, 0.9),
    Spec("florist", 16, ("{n} Flowers", "{f}'s Florist", "{a} Petal"), SHOP),
    Spec("bookshop", 18, ("{n} Books", "{a} Page Bookshop", "{s} & {s2} Booksellers"), SHOP),
    Spec("gift shop", 24, ("{n} Gifts", "{a} Treasures", "{p} Gift Shop"), SHOP),
    Spec("bicycle shop", 12, ("{n} Cycles", "{a} Spoke", "{s} Bike Works"), SHOP),
    Spec("hardware store", 12, ("{n} Hardware", "{s} Supply", "{street_short} Hardware"), SHOP),
    # services
    Spec("bank", 16, ("{p} Savings Bank", "{n} Community Bank", "{s} Trust"), OFFICE, 0.95, 0.9, 0.8,
         tags={"atm": "yes"}),
    Spec("atm", 60, (), ALWAYS, 0.6, 0.0, 0.0, tags={}, extras=(("operator", ("Pacific Crest Bank", "First Alder Bank",
                                                                              "Cascade Credit Union"), 0.8),)),
    Spec("pharmacy", 24, ("{n} Pharmacy", "{s} Drug", "{street_short} Pharmacy"), ("Mo-Fr 08:00-21:00; Sa-Su 09:00-18:00",
                                                                                   "Mo-Su 08:00-22:00"), 0.95, 0.9, 0.5,
         tags={"healthcare": "pharmacy"}),
    Spec("dentist", 45, ("{s} Family Dentistry", "{n} Dental", "{a} Smile Dental", "{street_short} Dental Care"),
         HEALTH, 0.9, 0.95, 0.6, tags={"healthcare": "dentist"}),
    Spec("doctor", 60, ("{n} Family Medicine", "{s} Medical Group", "Dr. {f} {s}", "{district} Health Partners"),
         HEALTH, 0.9, 0.95, 0.5, tags={"healthcare": "doctor"}),
    Spec("clinic", 14, ("{n} Urgent Care", "{p} Clinic", "{district} Community Clinic"), HEALTH, 0.9, 0.95, 0.6,
         tags={"healthcare": "clinic"}),
    Spec("veterinary", 16, ("{n} Animal Hospital", "{s} Veterinary Clinic", "{a} Paws Vet"), HEALTH, 0.9, 0.95, 0.5),
    Spec("post office", 6, ("{district} Post Office", "{street_short} Postal Station"), ("Mo-Fr 08:30-17:30; Sa 09:00-12:00",),
         0.95, 0.8, 0.0, tags={"operator": "USPS"}),
    Spec("post box", 90, (), (), 0.0, 0.0, 0.0, where="anywhere",
         tags={"operator": "USPS"}, extras=(("collection_times", ("Mo-Fr 17:00; Sa 12:00", "Mo-Fr 16:30"), 0.9),)),
    Spec("fuel station", 14, ("{n} Fuel", "{p} Gas", "{street_short} Gas & Go"), ("24/7", "Mo-Su 06:00-23:00"),
         0.9, 0.5, 0.3, where="outer", extras=(("shop", ("convenience",), 0.5),)),
    Spec("charging station", 14, (), ALWAYS, 0.7, 0.0, 0.0, where="anywhere",
         tags={"capacity": "4"}, extras=(("fee", ("yes", "no"), 0.8),)),
    Spec("parking", 110, ("{street_short} Parking", "{district} Public Parking", "Lot {num}"), ALWAYS, 0.4, 0.0, 0.0,
         where="anywhere", extras=(("fee", ("yes", "no"), 0.8), ("parking", ("surface", "multi-storey", "underground"),
                                                                   0.9), ("capacity", ("24", "40", "60", "120", "250"),
                                                                          0.6))),
    Spec("bicycle parking", 70, (), (), 0.0, 0.0, 0.0, where="anywhere",
         tags={"bicycle_parking": "stands"}, extras=(("capacity", ("4", "6", "8", "10", "12", "20"), 0.8),
                                                     ("covered", ("yes", "no"), 0.5))),
    Spec("bicycle rental", 16, ("Alder Bike Share: {street_short}",), ALWAYS, 0.9, 0.0, 0.3, where="anywhere",
         tags={"network": "Alder Bike Share", "operator": "Alder Bike Share"}),
    Spec("car rental", 8, ("{p} Car Rental", "{a} Rent-a-Car"), OFFICE, where="outer"),
    Spec("car wash", 12, ("{n} Car Wash", "{a} Suds Car Wash"), ("Mo-Su 08:00-20:00",), where="outer"),
    Spec("taxi stand", 8, (), ALWAYS, 0.0, 0.0, 0.0, where="main"),
    # civic and community
    Spec("school", 24, ("{n} Elementary School", "{s} Middle School", "{n} Academy", "{district} Charter School"),
         ("Mo-Fr 08:00-15:30",), 0.5, 0.9, 0.6, where="residential", tags={"isced:level": "1"}),
    Spec("kindergarten", 40, ("{a} Sprouts Preschool", "{n} Kids Daycare", "{f}'s Little Learners",
                              "{n} Montessori"), ("Mo-Fr 07:30-18:00",), 0.8, 0.9, 0.3, where="residential"),
    Spec("college", 3, ("{p} Community College", "{n} Art Institute"), ("Mo-Fr 08:00-21:00",), 0.8, 0.9, 0.9),
    Spec("place of worship", 35, ("{n} Community Church", "St. {f}'s Church", "{district} Baptist Church",
                                  "{n} Unitarian Fellowship", "{p} Buddhist Temple", "{n} Friends Meeting House"),
         (), 0.0, 0.7, 0.5, where="residential",
         extras=(("religion", ("christian", "christian", "christian", "buddhist", "jewish", "muslim"), 1.0),
                 ("denomination", ("baptist", "lutheran", "methodist", "catholic", "quaker"), 0.5))),
    Spec("community centre", 12, ("{district} Community Center", "{n} Neighborhood House"), OFFICE, 0.7, 0.9, 0.5,
         where="residential"),
    Spec("arts centre", 5, ("{n} Arts Center", "{p} Arts Collective"), ("Tu-Su 11:00-18:00",), 0.9, 0.8, 0.9),
    Spec("social facility", 10, ("{n} Family Services", "{district} Food Bank"), OFFICE, 0.8, 0.9, 0.5),
    Spec("nursing home", 10, ("{n} Senior Living", "{a} Oaks Care Center"), (), 0.0, 0.9, 0.6, where="residential"),
    Spec("toilets", 28, (), ("Mo-Su 06:00-22:00",), 0.5, 0.0, 0.0, where="anywhere",
         extras=(("fee", ("no", "yes"), 0.8), ("wheelchair", ("yes", "no"), 0.7), ("changing_table", ("yes", "no"), 0.4))),
    Spec("drinking water", 22, (), (), 0.0, 0.0, 0.0, where="anywhere"),
    Spec("recycling", 26, (), (), 0.0, 0.0, 0.0, where="anywhere",
         tags={"recycling_type": "container"}, extras=(("recycling:glass_bottles", ("yes",), 0.8),
                                                       ("recycling:paper", ("yes",), 0.8),
                                                       ("recycling:cans", ("yes",), 0.7))),
    Spec("fountain", 10, ("{n} Fountain", "{s} Memorial Fountain"), (), 0.0, 0.0, 0.0, where="anywhere"),
    Spec("shelter", 10, (), (), 0.0, 0.0, 0.0, where="anywhere", tags={"shelter_type": "public_transport"}),
    Spec("courthouse", 1, ("Alder County Courthouse",), OFFICE, 1.0, 1.0, 1.0),
    Spec("government office", 12, ("{district} Service Center", "Alder County {s} Building", "Port Alder {n} Office"),
         OFFICE, 0.9, 0.9, 0.8),
    Spec("fire station", 5, ("Fire Station No. {num}",), (), 0.0, 0.9, 0.0, where="anywhere"),
    Spec("police station", 3, ("{district} Police Precinct",), ALWAYS, 0.9, 1.0, 0.5),
    Spec("library", 5, ("{district} Branch Library",), ("Mo-Sa 10:00-18:00",), 0.95, 0.9, 0.9, where="residential",
         tags={"operator": "Port Alder Public Library"}),
    # lodging and tourism
    Spec("hotel", 26, ("{n} Hotel", "The {n} Inn", "{p} Suites", "Hotel {s}", "{district} Lodge"), ALWAYS, 1.0, 1.0, 0.9,
         extras=(("stars", ("2", "3", "3", "4"), 0.9), ("rooms", ("24", "48", "90", "140", "210"), 0.6))),
    Spec("motel", 10, ("{n} Motel", "{street_short} Motor Inn"), ALWAYS, 0.9, 1.0, 0.5, where="outer"),
    Spec("guest house", 16, ("{n} Bed & Breakfast", "{s} House B&B", "The {a} Guest House"), (), 0.0, 0.9, 0.7,
         where="residential"),
    Spec("hostel", 3, ("{n} Hostel",), ALWAYS, 0.9, 0.8, 0.8),
    Spec("museum", 7, ("{district} Historical Museum", "{n} Art Museum", "Museum of {n} Crafts"), ("Tu-Su 10:00-17:00",),
         0.95, 0.8, 0.9),
    Spec("gallery", 14, ("{n} Gallery", "{s} Fine Art", "Gallery {f}"), ("We-Su 11:00-18:00",), 0.9, 0.7, 0.8),
    Spec("attraction", 12, ("{n} Rock", "Old {n} Cannery", "{s} Clock Tower", "{n} Steps"), (), 0.0, 0.0, 0.3,
         where="anywhere"),
    Spec("viewpoint", 10, ("{n} Overlook", "{n} Point Viewpoint"), (), 0.0, 0.0, 0.0, where="anywhere"),
    Spec("artwork", 34, ("{a} {n} Mural", "The {n} Sculpture", "{f} {s} Memorial Statue", "{n} Totem", "Wave of {n}"),
         (), 0.0, 0.0, 0.0, where="anywhere",
         extras=(("artwork_type", ("mural", "sculpture", "statue", "installation"), 1.0),
                 ("artist_name", ("Mae Calloway", "Theo Ramsey", "Hana Kimura", "Rafe Okafor"), 0.5))),
    Spec("tourist information", 6, ("{district} Visitor Center", "Port Alder Visitor Information"), ("Mo-Su 09:00-17:00",)),
    Spec("picnic site", 12, (), (), 0.0, 0.0, 0.0, where="anywhere", extras=(("bench", ("yes",), 0.8),)),
    Spec("memorial", 18, ("{s} Memorial", "{n} Veterans Memorial", "Memorial to the {n} Fleet"), (), 0.0, 0.0, 0.0,
         where="anywhere", extras=(("memorial", ("plaque", "stone", "statue", "bench"), 0.9),)),
    Spec("monument", 6, ("{s} Monument", "{n} Pioneer Monument"), (), 0.0, 0.0, 0.0, where="anywhere"),
    # leisure
    Spec("playground", 55, ("{n} Playground", "{s} Play Area"), ("Mo-Su 06:00-22:00",), 0.3, 0.0, 0.0,
         where="residential"),
    Spec("sports pitch", 36, ("{n} Field", "{s} Courts", "{district} Ballfield"), (), 0.0, 0.0, 0.0, where="residential",
         extras=(("sport", ("soccer", "baseball", "basketball", "tennis", "pickleball", "volleyball"), 1.0),
                 ("surface", ("grass", "asphalt", "artificial_turf"), 0.7))),
    Spec("sports centre", 10, ("{district} Recreation Center", "{n} Athletic Club"), ("Mo-Fr 06:00-22:00; Sa-Su 08:00-20:00",)),
    Spec("swimming pool", 6, ("{n} Aquatic Center", "{s} Pool"), ("Mo-Fr 06:00-21:00; Sa-Su 08:00-18:00",),
         where="residential"),
    Spec("gym", 24, ("{n} Fitness", "{a} Iron Gym", "{f}'s Yoga Studio", "{n} CrossTraining", "{n} Climbing Gym"),
         ("Mo-Fr 05:00-23:00; Sa-Su 07:00-21:00", "Mo-Su 06:00-22:00")),
    Spec("dog park", 8, ("{n} Dog Park", "{s} Off-Leash Area"), ("Mo-Su 06:00-22:00",), 0.8, 0.0, 0.0,
         where="residential"),
    Spec("dance studio", 8, ("{n} Dance", "{f}'s Dance Academy"), SHOP),
    Spec("marina", 2, ("{n} Marina", "Alder Bay Yacht Harbor"), (), 0.0, 0.9, 0.6, where="anywhere"),
    Spec("cinema", 3, ("{n} Cinemas", "The {a} Picture House"), ("Mo-Su 12:00-23:30",), 0.95, 0.9, 0.9),
    Spec("theatre", 4, ("{n} Playhouse", "{s} Stage", "{district} Community Theatre"), (), 0.0, 0.9, 0.9),
    # offices and crafts
    Spec("company office", 60, ("{n} Software", "{s} Engineering", "{n} Labs", "{p} Logistics", "{a} Media Group",
                                "{n} Design Studio"), OFFICE, 0.6, 0.7, 0.8),
    Spec("lawyer", 22, ("{s} & {s2} LLP", "{s} Law Office", "{s} Legal"), OFFICE, 0.8, 0.95, 0.7),
    Spec("estate agent", 20, ("{n} Realty", "{s} Real Estate", "{p} Homes"), OFFICE, 0.8, 0.95, 0.8),
    Spec("insurance office", 14, ("{s} Insurance Agency", "{n} Insurance"), OFFICE, 0.8, 0.95, 0.7),
    Spec("accountant", 12, ("{s} CPA", "{s} & {s2} Accounting", "{n} Tax Services"), OFFICE, 0.8, 0.95, 0.6),
    Spec("ngo office", 8, ("{n} Foundation", "Friends of {n}", "{p} Land Trust"), OFFICE, 0.7, 0.8, 0.9),
    Spec("brewery", 7, ("{n} Brewing Co.", "{s} Beerworks", "{a} {n} Ales"), ("Mo-Su 12:00-22:00",), 0.9, 0.6, 0.7),
    Spec("winery", 2, ("{n} Urban Winery", "{s} Cellars"), ("Th-Su 13:00-20:00",)),
    Spec("carpenter", 6, ("{s} Woodworks", "{n} Joinery"), OFFICE, where="outer"),
    Spec("railway halt", 3, ("{district} Halt",), (), 0.0, 0.0, 0.0, where="anywhere",
         tags={"operator": "Alder Valley Railway"}),
)

# How many bus stops the generated lines add, besides the seed's original 50.
EXTRA_BUS_STOPS = 160
