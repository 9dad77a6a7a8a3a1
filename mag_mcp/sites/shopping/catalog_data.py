"""Hand-written catalogue data for the One Stop Market seed.

The category tree mirrors the top level of WebArena's OneStopShop. A leaf is
``(slug, name, features, lines)``; an inner node is ``(slug, name, children)``.

``lines`` holds one product line per row: ``brand | name | price``. A name may
hold one ``{a;b;c}`` group: the line then expands into one product per
alternative, and the price field holds either one price (used for all) or one
price per alternative, separated by ``;``. ``features`` are ``;``-separated
phrases used to write product descriptions.
"""

from __future__ import annotations

CATALOG: list[tuple] = [
    ("beauty-personal-care", "Beauty & Personal Care", [
        ("skin-care", "Skin Care", "non-comedogenic formula; fragrance free; dermatologist tested; suitable for sensitive skin", """
CeraVe | CeraVe Moisturizing Cream for Normal to Dry Skin, {8;16;19} Ounce | 12.49;16.99;19.49
Neutrogena | Neutrogena Hydro Boost Hyaluronic Acid Hydrating Water Gel Daily Face Moisturizer, 1.7 fl. oz | 19.97
La Roche-Posay | La Roche-Posay Anthelios Melt-in Milk Sunscreen SPF 60, 5 Fl Oz | 35.99
The Ordinary | The Ordinary Niacinamide 10% + Zinc 1% Oil Control Serum, 30ml | 10.90
Cetaphil | Cetaphil Gentle Skin Cleanser, Hydrating Face Wash for Sensitive Skin, 16 fl oz | 14.79
Biore | Biore Charcoal Deep Pore Cleanser for Oily Skin, {6.77;13.5} fl oz | 7.99;11.49
"""),
        ("hair-care", "Hair Care", "salon-quality results; safe for color-treated hair; reduces frizz and breakage; lightweight and non-greasy", """
OGX | OGX Renewing + Argan Oil of Morocco Shampoo, 13 fl oz | 7.97
Olaplex | Olaplex No. 3 Hair Perfector Repairing Treatment, 3.3 fl oz | 30.00
Revlon | Revlon One-Step Volumizer Hair Dryer and Hot Air Brush, {Black;Teal} | 39.99;42.99
Wet Brush | Wet Brush Original Detangler Hair Brush, Pink | 8.99
Moroccanoil | Moroccanoil Treatment Hair Oil, 3.4 fl oz | 48.00
Remington | Remington S5500 1 Inch Anti-Static Flat Iron with Floating Ceramic Plates | 24.99
"""),
        ("makeup", "Makeup", "long-wearing formula; buildable coverage; cruelty free; easy to blend", """
Maybelline | Maybelline New York Sky High Washable Mascara, Blackest Black | 9.48
L'Oreal Paris | L'Oreal Paris Infallible 24 Hour Fresh Wear Foundation, {Ivory;Natural Beige;Warm Sun} | 12.99
e.l.f. | e.l.f. Poreless Putty Primer, Universal Sheer, 0.74 Oz | 10.00
NYX Professional Makeup | NYX Professional Makeup Butter Gloss, Non-Sticky Lip Gloss, Creme Brulee | 5.50
Real Techniques | Real Techniques Everyday Essentials Makeup Brush Set, 5 Piece | 19.99
essence | essence Lash Princess False Lash Effect Mascara, Black | 4.99
"""),
        ("oral-care", "Oral Care", "recommended by dentists; gentle on gums; removes plaque; fresh mint taste", """
Oral-B | Oral-B Kids Extra Soft Replacement Brush Heads featuring Disney's Frozen, {3;4} Count | 14.99;17.99
Oral-B | Oral-B Pro 1000 Rechargeable Electric Toothbrush, White | 49.94
Crest | Crest 3D White Professional Effects Whitestrips Teeth Whitening Kit, 20 Treatments | 45.99
Waterpik | Waterpik Aquarius Water Flosser, WP-660 White | 69.99
Sensodyne | Sensodyne Pronamel Gentle Whitening Toothpaste for Sensitive Teeth, 4 Ounce, Pack of {3;6} | 16.47;29.99
Listerine | Listerine Cool Mint Antiseptic Mouthwash, 1.5 L | 9.29
"""),
        ("fragrance", "Fragrance", "long-lasting scent; elegant gift-ready bottle; fresh top notes; suitable for everyday wear", """
Calvin Klein | Calvin Klein CK One Eau de Toilette Spray, 3.4 Fl Oz | 35.60
Davidoff | Davidoff Cool Water Eau de Toilette for Men, 4.2 Fl Oz | 29.99
Elizabeth Arden | Elizabeth Arden Green Tea Scent Spray, 3.3 Fl Oz | 15.69
Versace | Versace Bright Crystal Eau de Toilette Spray for Women, 3 Fl Oz | 62.00
Bath & Body Works | Bath & Body Works Japanese Cherry Blossom Fine Fragrance Mist, 8 Fl Oz | 18.50
"""),
    ]),
    ("sports-outdoors", "Sports & Outdoors", [
        ("exercise-fitness", "Exercise & Fitness", "durable construction; space-saving design; suitable for home workouts; non-slip grip", """
Amazon Basics | Amazon Basics 1/2-Inch Extra Thick Exercise Yoga Mat with Carrying Strap, {Black;Purple;Green} | 21.99
Bowflex | Bowflex SelectTech 552 Adjustable Dumbbells, Pair | 429.00
Fit Simplify | Fit Simplify Resistance Loop Exercise Bands with Carry Bag, Set of 5 | 10.95
Gaiam | Gaiam Essentials Balance Ball and Base Kit, 65cm | 29.98
TRX | TRX All-in-One Suspension Trainer Home Gym | 169.95
Sunny Health & Fitness | Sunny Health & Fitness Magnetic Upright Exercise Bike, SF-B2883 | 259.99
"""),
        ("camping-hiking", "Camping & Hiking", "weather resistant materials; lightweight and packable; quick setup; built for the trail", """
Coleman | Coleman Sundome Camping Tent, {2;4;6} Person | 69.99;89.99;129.99
TETON Sports | TETON Sports Celsius XXL Sleeping Bag, 0 Degree, Green | 89.99
Osprey | Osprey Atmos AG 65 Men's Backpacking Backpack, Mythical Green | 340.00
Black Diamond | Black Diamond Spot 400 Headlamp, Octane | 49.95
LifeStraw | LifeStraw Personal Water Filter for Hiking, Camping, Travel, and Emergency Preparedness | 17.47
Hydro Flask | Hydro Flask Wide Mouth Water Bottle with Flex Cap, {32;40} oz, Pacific | 44.95;49.95
"""),
        ("cycling", "Cycling", "tested for road and trail; easy to install; high-visibility details; rugged build", """
Schwinn | Schwinn Thrasher Adult Bike Helmet, Lightweight Microshell Design | 24.99
Kryptonite | Kryptonite KryptoLok Standard Bike U-Lock with FlexFrame Bracket | 52.95
Topeak | Topeak Joe Blow Sport III High Pressure Floor Bike Pump | 52.00
CamelBak | CamelBak M.U.L.E. 12 Mountain Bike Hydration Pack, 100 oz | 110.00
Wahoo | Wahoo ELEMNT BOLT GPS Bike Computer | 279.99
"""),
    ]),
    ("clothing-shoes-jewelry", "Clothing, Shoes & Jewelry", [
        ("women", "Women", [
            ("shoes", "Shoes", "cushioned insole; flexible outsole; true to size; easy on and off", """
Skechers | Skechers Women's Go Walk Joy Walking Shoe, {Black/White;Navy;Charcoal} | 44.95;44.95;47.50
Crocs | Crocs Women's Classic Clog, {Black;Pink} | 49.99
Nike | Nike Women's Victori One Slide Sandal, Black/White | 30.00
Dr. Scholl's | Dr. Scholl's Shoes Women's Madison Slip-On Loafer | 59.95
Sam Edelman | Sam Edelman Women's Hazel Pointed Toe Pump, Black Leather | 130.00
DREAM PAIRS | DREAM PAIRS Women's Low Wedge Heel Ankle Booties, Tan | 36.99
Amazon Essentials | Amazon Essentials Women's Flip Flop Sandal, {Black;Tan} | 14.90
FULLSOFT | FULLSOFT Women's Memory Foam Slippers, Cozy Fleece House Shoes, Grey | 19.99
"""),
            ("clothing", "Clothing", "soft breathable fabric; relaxed fit; machine washable; holds its shape", """
Hanes | Hanes Women's EcoSmart Fleece Crewneck Sweatshirt, {Light Steel;Navy} | 14.00
Levi's | Levi's Women's 711 Skinny Jeans, Soft Black | 49.50
Amazon Essentials | Amazon Essentials Women's Short-Sleeve Crewneck T-Shirt, Pack of 2 | 16.90
PRETTYGARDEN | PRETTYGARDEN Women's Summer Floral Wrap V Neck Maxi Dress | 41.99
Columbia | Columbia Women's Arcadia II Waterproof Rain Jacket | 64.95
"""),
        ]),
        ("men", "Men", [
            ("shoes", "Shoes", "cushioned footbed; durable rubber outsole; true to size; all-day comfort", """
Nike | Nike Men's Offcourt Slide Sandal, Black/White | 35.00
adidas | adidas Men's Adilette Shower Slide, Core Black | 25.00
New Balance | New Balance Men's 608 V5 Casual Comfort Cross Trainer, White/Navy | 64.99
Clarks | Clarks Men's Bushacre 2 Chukka Boot, Beeswax Leather | 89.95
Brooks | Brooks Men's Ghost 15 Neutral Running Shoe, {Black/Blackened Pearl;Blue/Orange} | 139.95
Timberland | Timberland Men's 6 Inch Premium Waterproof Boot, Wheat Nubuck | 198.00
"""),
            ("clothing", "Clothing", "soft breathable fabric; classic fit; machine washable; reinforced seams", """
Carhartt | Carhartt Men's Knit Cuffed Beanie, Black | 19.99
Champion | Champion Men's Powerblend Fleece Pullover Hoodie, {Black;Oxford Gray} | 30.00;32.00
Wrangler Authentics | Wrangler Authentics Men's Classic 5-Pocket Relaxed Fit Jean | 26.99
Under Armour | Under Armour Men's Tech 2.0 Short-Sleeve T-Shirt | 25.00
Amazon Essentials | Amazon Essentials Men's Regular-Fit Long-Sleeve Oxford Shirt | 24.60
"""),
        ]),
        ("jewelry", "Jewelry & Watches", "hypoallergenic materials; gift box included; polished finish; timeless design", """
Pandora | Pandora Moments Snake Chain Bracelet, Sterling Silver, 7.5 Inch | 65.00
Amazon Essentials | Amazon Essentials Sterling Silver Cubic Zirconia Stud Earrings | 16.00
Fossil | Fossil Women's Carlie Mini Quartz Stainless Steel Watch, Rose Gold | 119.00
Timex | Timex Men's Easy Reader 38mm Watch, Brown Leather | 44.95
Alex and Ani | Alex and Ani Path of Symbols Expandable Bangle, Rafaelian Silver | 28.00
"""),
    ]),
    ("home-kitchen", "Home & Kitchen", [
        ("kitchen-dining", "Kitchen & Dining", "dishwasher-safe parts; easy to clean; even heat distribution; built to last", """
Instant Pot | Instant Pot Duo 7-in-1 Electric Pressure Cooker, {3;6;8} Quart | 79.99;99.95;119.99
Lodge | Lodge 10.25 Inch Cast Iron Skillet, Pre-Seasoned | 19.90
Keurig | Keurig K-Mini Single Serve Coffee Maker, Black | 79.99
Ninja | Ninja AF101 Air Fryer, 4 Quart, Black/Grey | 99.99
OXO | OXO Good Grips 3-Piece Mixing Bowl Set, White | 39.95
Cuisinart | Cuisinart C77SS-15P 15-Piece Stainless Steel Knife Set with Block | 74.95
Pyrex | Pyrex Simply Store 18-Piece Glass Food Storage Container Set | 31.99
"""),
        ("bedding", "Bedding", "soft to the touch; breathable for cooler sleep; fade resistant; machine washable", """
Amazon Basics | Amazon Basics Lightweight Super Soft Microfiber Bed Sheet Set, {Queen;King}, Beige | 19.99;23.99
Utopia Bedding | Utopia Bedding Bed Pillows for Sleeping, Queen Size, Set of 2 | 35.99
Linenspa | Linenspa 2 Inch Gel Infused Memory Foam Mattress Topper, Queen | 54.99
Bedsure | Bedsure Fleece Throw Blanket, 50x60 Inches, Grey | 17.99
ZINUS | ZINUS 9 Inch Metal Smart Box Spring Mattress Foundation, {Full;Queen;King} | 119.00;139.00;169.00
"""),
        ("home-decor", "Home Decor", "adds warmth to any room; quality craftsmanship; ready to display; makes a thoughtful gift", """
SPAAS | SPAAS White Taper Candles - 4 Pack, 10 Inch Tall Candles, Scent-Free Premium Wax Candle Sticks, 8 Hour Long Burning White Candlesticks for Home Decoration | 10.99
Candwax | Tall Pink Taper Candles 4 Piece, Orange Colored Tapered Candles, Gradient Candles 10.6 Inches Tall, Tie Dye Candle Set | 16.99
Generic | White Starfish Wall Candle Sconces Set of 2, Beach Decor Ocean Themed Wall Mount Candleholders | 39.99
Americanflat | Americanflat {8x10;11x14;16x24} Picture Frame in Black with Polished Glass for Wall Display | 16.99;22.99;34.99
Yankee Candle | Yankee Candle Large Jar Candle, Clean Cotton, 22 oz | 29.99
Umbra | Umbra Hub Round Wall Mirror, 24 Inch, Black | 96.00
"""),
        ("furniture", "Furniture", "sturdy frame; simple assembly with included tools; modern look; fits small spaces", """
Flash Furniture | Flash Furniture Hercules Series Stackable Banquet Chairs, Black Vinyl, Set of 4 | 159.99
Christopher Knight Home | Christopher Knight Home Kassi Fabric Dining Chairs, Set of 2, Light Grey | 148.00
Amazon Basics | Amazon Basics Folding Padded Chairs, Set of 4, Black | 119.99
VASAGLE | VASAGLE Industrial Console Sofa Table with 2 Shelves, Rustic Brown | 69.99
Zinus | Zinus Jennifer 14 Inch Platform Bed Frame, Queen | 129.00
Furinno | Furinno Turn-N-Tube 5 Tier Corner Display Rack, Espresso | 32.99
"""),
        ("storage-organization", "Storage & Organization", "maximizes closet space; sturdy and stackable; easy to assemble; keeps things tidy", """
OnlyEasy | OnlyEasy Over The Door Shoe Storage Organizer, Hanging Shoe Rack Holder with 24 Large Fabric Pockets, Grey | 18.99
SONGMICS | SONGMICS 10-Tier Shoe Rack Storage Organizer, Holds 50 Pairs | 36.99
Simple Houseware | Simple Houseware 4-Tier Stackable Shoe Rack, Holds 12 Pairs, Bronze | 22.99
mDesign | mDesign Plastic Stackable Storage Bins with Handles, Set of 4, Clear | 29.99
Sterilite | Sterilite 66 Quart Clear Storage Box with Latching Lid, Pack of 6 | 62.99
Whitmor | Whitmor 6 Section Closet Organizer, Hanging Sweater Shelf | 14.99
"""),
    ]),
    ("office-products", "Office Products", [
        ("office-supplies", "Office & School Supplies", "bulk value pack; smooth consistent results; for office, home or school; reliable everyday quality", """
Post-it | Post-it Super Sticky Notes, 3x3 in, 12 Pads, Energy Boost Collection | 15.49
Pilot | Pilot G2 Premium Refillable and Retractable Rolling Ball Gel Pens, Fine Point, Black, {12;24} Count | 13.99;22.49
Sharpie | Sharpie Permanent Markers, Fine Point, Assorted Colors, 24 Count | 16.99
Swingline | Swingline Commercial Desk Stapler, 20 Sheet Capacity, Black | 14.42
Five Star | Five Star Spiral Notebooks, 1 Subject, College Ruled, 6 Pack | 17.89
Amazon Basics | Amazon Basics Multipurpose Copy Printer Paper, 8.5 x 11 Inch, 1 Ream | 8.99
"""),
        ("office-electronics", "Office Electronics", "simple setup; energy efficient; compact footprint; works with Windows and macOS", """
HP | HP DeskJet 2755e Wireless Color All-in-One Printer | 84.99
Brother | Brother HL-L2350DW Compact Monochrome Laser Printer | 149.99
Texas Instruments | Texas Instruments TI-84 Plus CE Color Graphing Calculator, Black | 119.99
Fellowes | Fellowes Powershred 8Cd 8-Sheet Cross-Cut Paper Shredder | 69.99
Epson | Epson WorkForce ES-50 Portable Sheet-Fed Document Scanner | 99.99
"""),
        ("office-furniture-lighting", "Office Furniture & Lighting", "ergonomic design; adjustable to your needs; sturdy build; easy assembly", """
TaoTronics | TaoTronics LED Desk Lamp with USB Charging Port, 5 Color Modes | 33.99
Brightech | Brightech Sky LED Torchiere Floor Lamp, Dimmable, Black | 69.99
Mind Reader | Mind Reader Adjustable Ergonomic Footrest, Black | 16.99
FlexiSpot | FlexiSpot Standing Desk Converter, 32 Inch Wide | 139.99
Hbada | Hbada Ergonomic Office Chair with Flip-up Armrests, Grey | 159.99
"""),
    ]),
    ("tools-home-improvement", "Tools & Home Improvement", [
        ("power-tools", "Power Tools", "brushless motor; long battery life; compact and lightweight; LED work light", """
DEWALT | DEWALT 20V MAX Cordless Drill and Driver Kit, DCD771C2 | 99.00
BLACK+DECKER | BLACK+DECKER 20V MAX Cordless Drill and Driver with 30-Piece Accessories | 54.99
Makita | Makita XFD131 18V LXT Brushless Cordless 1/2 Inch Driver-Drill Kit | 189.00
RYOBI | RYOBI ONE+ 18V Cordless 5-1/2 Inch Circular Saw, Tool Only | 59.97
Bosch | Bosch GLM 50 C Bluetooth Enabled Laser Distance Measure | 129.00
"""),
        ("hand-tools", "Hand Tools", "hardened steel; comfortable grip; lifetime warranty; precision made", """
STANLEY | STANLEY 25 ft PowerLock Tape Measure | 12.97
CRAFTSMAN | CRAFTSMAN Mechanics Tool Set, 230-Piece | 119.00
Klein Tools | Klein Tools 32500 11-in-1 Screwdriver and Nut Driver | 19.97
IRWIN | IRWIN VISE-GRIP Original Locking Pliers Set, 3 Piece | 29.98
"""),
        ("lighting-ceiling-fans", "Lighting & Ceiling Fans", "energy saving LED; warm ambient light; easy installation; long rated life", """
Philips | Philips LED Flicker-Free A19 Light Bulbs, 60W Equivalent, Soft White, {8;16} Pack | 14.99;25.99
Hunter | Hunter Dempsey Indoor Low Profile Ceiling Fan with LED Light, 44 Inch, Brushed Nickel | 119.99
Kasa | Kasa Smart Plug Mini, Works with Alexa and Google Home, 4 Pack | 26.99
Globe Electric | Globe Electric 63 Inch Floor Lamp with Rotary Switch, Matte Black | 45.99
"""),
    ]),
    ("health-household", "Health & Household", [
        ("household-supplies", "Household Supplies", "value size; trusted clean; safe for the whole family; long-lasting supply", """
Tide | Tide PODS Spring Meadow Scent HE Turbo Laundry Detergent Pacs, {42;81} Count | 13.94;24.99
Tide | Tide Original Scent HE Turbo Clean Liquid Laundry Detergent, 92 fl oz | 13.97
Gain | Gain flings! Laundry Detergent Soap Pacs, Original, 96 Count | 26.99
Bounty | Bounty Select-A-Size Paper Towels, 12 Double Rolls | 31.49
Charmin | Charmin Ultra Soft Toilet Paper, 18 Mega Rolls | 24.99
Clorox | Clorox Disinfecting Wipes, Bleach Free Cleaning Wipes, 75 Count, Pack of 3 | 11.99
Seventh Generation | Seventh Generation Dish Liquid Soap, Free and Clear, 19 oz, Pack of 6 | 19.74
"""),
        ("vitamins-dietary-supplements", "Vitamins & Dietary Supplements", "third-party tested; no artificial flavors; easy to swallow; supports daily wellness", """
Nature Made | Nature Made Vitamin D3 2000 IU, 220 Softgels | 11.49
Vital Proteins | Vital Proteins Collagen Peptides Powder, Unflavored, 20 oz | 43.00
Garden of Life | Garden of Life Multivitamin for Women, Vitamin Code Women, 120 Capsules | 44.19
Optimum Nutrition | Optimum Nutrition Gold Standard 100% Whey Protein Powder, Double Rich Chocolate, {2;5} Pound | 37.99;79.99
OLLY | OLLY Extra Strength Sleep Gummy, 5mg Melatonin, 50 Count | 13.99
"""),
        ("medical-supplies", "Medical Supplies & Equipment", "clinically validated; simple to use; FDA registered; compact for travel", """
DenTek | DenTek Ultimate Dental Guard for Nighttime Teeth Grinding, Mouth Guard for Jaw Bruxism | 23.99
OMRON | OMRON Silver Blood Pressure Monitor, Upper Arm Cuff | 49.99
iHealth | iHealth No-Touch Forehead Thermometer, Digital Infrared | 19.99
Band-Aid | Band-Aid Brand Flexible Fabric Adhesive Bandages, Assorted Sizes, 100 Count | 9.47
Vive | Vive Knee Brace for Men and Women, Adjustable Open Patella Support | 19.99
Zacurate | Zacurate Pro Series 500DL Fingertip Pulse Oximeter, Black | 19.95
"""),
    ]),
    ("patio-lawn-garden", "Patio, Lawn & Garden", [
        ("gardening-lawn-care", "Gardening & Lawn Care", "weatherproof build; feeds and protects; easy to handle; for gardens of any size", """
Miracle-Gro | Miracle-Gro Water Soluble All Purpose Plant Food, 5 lb | 17.98
Fiskars | Fiskars Bypass Pruning Shears, 5/8 Inch Cut Capacity | 13.99
Flexzilla | Flexzilla Garden Hose, 5/8 in. x 50 ft, Heavy Duty, ZillaGreen | 54.99
Scotts | Scotts Turf Builder Lawn Food, 12.5 lb, Covers 5,000 sq. ft. | 34.99
Greenworks | Greenworks 40V 16 Inch Cordless Lawn Mower, 4.0Ah Battery Included | 299.99
"""),
        ("grills-outdoor-cooking", "Grills & Outdoor Cooking", "even heat across the grate; rust resistant; portable design; easy cleanup", """
Weber | Weber Original Kettle Premium Charcoal Grill, 22-Inch, Black | 219.00
Cuisinart | Cuisinart CGG-180T Petite Gourmet Portable Gas Grill, Red | 159.99
Traeger | Traeger Grills Pro 575 Wood Pellet Grill and Smoker with WiFi, Black | 799.99
GRILLART | GRILLART Grill Brush and Scraper with Deluxe Handle, 18 Inch | 19.99
Solo Stove | Solo Stove Bonfire 2.0 Smokeless Fire Pit, Stainless Steel | 299.99
"""),
    ]),
    ("electronics", "Electronics", [
        ("headphones", "Headphones", "deep bass and clear highs; long battery life; comfortable for hours; built-in microphone for calls", """
Sony | SONY WH1000XM3 Bluetooth Wireless Noise Canceling Headphones Silver WH-1000XM3/S (Renewed) | 179.99
Sony | Sony WH-CH710N/H Wireless Bluetooth Noise Cancelling Headphones, Gray | 99.99
Sony | Sony WF-1000XM4 Industry Leading Noise Canceling Truly Wireless Earbuds, Black | 278.00
Apple | Apple AirPods Pro (2nd Generation) Wireless Earbuds with MagSafe Charging Case | 239.00
Bose | Bose QuietComfort 45 Bluetooth Wireless Noise Cancelling Headphones, Triple Black | 329.00
JBL | JBL Tune 510BT Wireless On-Ear Headphones, {Black;Blue;White} | 29.95
Panasonic | Panasonic ErgoFit Wired Earbuds, In-Ear Headphones with Microphone, Black | 9.99
6S | 6S Wireless Headphones Over Ear, Noise Canceling Hi-Fi Bass Foldable Stereo Wireless Kid Headsets with Built-in Mic, Black Gold | 24.99
"""),
        ("computers-accessories", "Computers & Accessories", "plug and play; fast data transfer; compact and portable; broad compatibility", """
Logitech | Logitech MX Master 3S Wireless Performance Mouse, Graphite | 99.99
Logitech | Logitech K380 Multi-Device Bluetooth Keyboard, {Dark Grey;Rose} | 29.99
SanDisk | SanDisk {64GB;128GB;256GB} Ultra Flash Drive USB 3.0 | 8.99;13.99;24.99
TP-Link | TP-Link AC600 USB WiFi Adapter for PC, Dual Band Wireless Network Adapter | 17.99
NETGEAR | NETGEAR Nighthawk AC1900 USB 3.0 WiFi Adapter (A7000) | 59.99
SAMSUNG | SAMSUNG T7 Portable SSD 1TB, USB 3.2 Gen 2, Titan Gray | 89.99
Anker | Anker USB C Hub, 7-in-1 Adapter with 4K HDMI and 100W Power Delivery | 35.99
Amazon Basics | Amazon Basics Laptop Sleeve Case, 15.6 Inch, Black | 14.49
"""),
        ("camera-photo", "Camera & Photo", "sharp detailed images; intuitive controls; travel friendly; reliable performance", """
Canon | Canon EOS Rebel T7 DSLR Camera with 18-55mm Lens | 479.00
GoPro | GoPro HERO11 Black Waterproof Action Camera | 349.00
Fujifilm | Fujifilm Instax Mini 12 Instant Camera, Clay White | 79.95
SanDisk | SanDisk 128GB Extreme SDXC UHS-I Memory Card, C10, U3, V30, 4K | 23.99
Amazon Basics | Amazon Basics 60-Inch Lightweight Tripod with Bag | 24.49
"""),
        ("home-audio", "Home Audio", "room-filling sound; voice control ready; easy app setup; stylish design", """
Amazon | Echo Dot (3rd Gen) Smart Speaker with Alexa, Charcoal | 39.99
Amazon | Echo Show 8 (2nd Gen) HD Smart Display with Alexa, Charcoal | 129.99
Sonos | Sonos One (Gen 2) Smart Speaker with Voice Control Built-in, Black | 219.00
JBL | JBL Flip 6 Portable Waterproof Bluetooth Speaker, {Black;Blue;Red} | 129.95
Bose | Bose SoundLink Flex Portable Bluetooth Speaker, Stone Blue | 149.00
"""),
        ("television-video", "Television & Video", "crisp picture quality; simple setup; streams your favorite apps; remote included", """
TCL | TCL 40-Inch Class S3 1080p LED Smart TV with Roku TV | 199.99
Roku | Roku Express 4K+ Streaming Device with Voice Remote | 39.99
Amazon | Fire TV Stick 4K with Alexa Voice Remote | 49.99
Mounting Dream | Mounting Dream Full Motion TV Wall Mount for 42-75 Inch TVs | 45.99
Amazon Basics | Amazon Basics High-Speed HDMI Cable, 6 Feet, {1;3} Pack | 7.99;13.99
"""),
    ]),
    ("cell-phones-accessories", "Cell Phones & Accessories", [
        ("cases-holsters-sleeves", "Cases, Holsters & Sleeves", "precise cutouts; raised edges protect screen and camera; slim profile; shock absorbent corners", """
EYZUTAK | EYZUTAK Phone Case for iPhone 12 Pro Max, Plating Square Edge Soft TPU Cover with Camera Protection, {Pink;Black;Purple} | 9.99;9.99;10.99
EYZUTAK | EYZUTAK Magnetic Wallet Case for Samsung Galaxy S21, PU Leather Flip Cover with Card Holder, Brown | 12.99
OtterBox | OtterBox Commuter Series Case for iPhone 14, Black | 39.95
Spigen | Spigen Ultra Hybrid Case for iPhone 14 Pro, Crystal Clear | 15.99
Spigen | Spigen Tough Armor Case for Galaxy S23 Ultra, Black | 19.99
ESR | ESR HaloLock Magnetic Clear Case for iPhone 13, Compatible with MagSafe | 17.99
"""),
        ("chargers-cables-adapters", "Chargers, Cables & Adapters", "fast charging; certified and safe; compact travel size; wide device compatibility", """
Anker | Anker 313 Wireless Charger Pad, 10W Max, Qi-Certified | 15.99
Anker | Anker Nano II 65W USB C Charger, GaN II Fast Compact Charger | 45.99
Anker | Anker PowerCore 10000 Portable Charger, Ultra-Compact Power Bank | 21.99
Apple | Apple 20W USB-C Power Adapter | 19.00
UGREEN | UGREEN Lightning to 3.5mm Headphone Jack Adapter, MFi Certified Dongle | 13.99
Amazon Basics | Amazon Basics USB-C to Lightning Cable, MFi Certified, 6 Foot, White | 12.99
Belkin | Belkin BoostCharge Pro 3-in-1 Wireless Charging Stand with MagSafe, 15W | 149.99
"""),
        ("screen-protectors", "Screen Protectors", "9H hardness tempered glass; bubble-free installation; case friendly; full touch sensitivity", """
ZAGG | ZAGG InvisibleShield Glass Elite Screen Protector for iPhone 14 | 44.99
Ailun | Ailun Tempered Glass Screen Protector for iPhone 13 and 13 Pro, 3 Pack | 7.99
amFilm | amFilm OneTouch Screen Protector for Samsung Galaxy S22, 2 Pack with Installation Kit | 12.99
SPARIN | SPARIN Screen Protector for iPad 10th Generation, Tempered Glass | 12.99
Supershieldz | Supershieldz Anti-Glare Matte Screen Protector for Google Pixel 7, 3 Pack | 6.99
"""),
    ]),
    ("video-games", "Video Games", [
        ("playstation-4", "PlayStation 4", [
            ("accessories", "Accessories", "officially licensed; low latency; long play sessions; plug and play", """
Astro Gaming | ASTRO Gaming A50 Wireless Headset + Base Station Gen 4, Compatible with PS5, PS4, PC, Mac, Black/Silver | 299.99
Sony | DualShock 4 Wireless Controller for PlayStation 4, {Jet Black;Glacier White;Magma Red} | 59.99;64.99;64.99
OIVO | OIVO PS4 Controller Charger Dock Station with LED Indicator | 15.99
ostent | ostent 16GB Memory Card Stick Storage for Sony PS Vita PSV1000/2000 PCH-Z081 Z161 Z321 Z641 | 19.99
HyperX | HyperX Cloud Stinger Gaming Headset for PS4, Lightweight, Black | 49.99
Seagate | Seagate Game Drive for PS4 Systems 2TB External USB 3.0 Portable Hard Drive | 89.99
"""),
            ("games", "Games", "single-player campaign; stunning visuals; hours of replay value; rated by the ESRB", """
Sony | The Last of Us Part II - PlayStation 4 | 19.99
Sony | Marvel's Spider-Man Game of The Year Edition - PlayStation 4 | 19.99
Rockstar Games | Red Dead Redemption 2 - PlayStation 4 | 24.99
Sony | Ghost of Tsushima - PlayStation 4 | 29.99
Warner Bros | Hogwarts Legacy - PlayStation 4 | 49.99
"""),
        ]),
        ("nintendo-switch", "Nintendo Switch", [
            ("accessories", "Accessories", "fits Switch and Switch OLED; protects your gear; travel ready; officially licensed where noted", """
HEIYING | HEIYING Game Card Case for Nintendo Switch and Switch OLED, Portable Game Memory Card Case with {12;24} Storage Slots | 8.99;11.99
Nintendo | Nintendo Switch Pro Controller | 69.99
Nintendo | Joy-Con (L)/(R) Controllers, Neon Red/Neon Blue | 79.99
Orzly | Orzly Carry Case Compatible with Nintendo Switch, Black | 19.99
PowerA | PowerA Enhanced Wireless Controller for Nintendo Switch, Mario Pop Art | 49.99
Younik | Younik Switch Game Card Holder Storage Box, 48 Slots | 17.99
"""),
            ("games", "Games", "local and online multiplayer; family friendly; play docked or handheld; hours of fun", """
Nintendo | The Legend of Zelda: Breath of the Wild - Nintendo Switch | 59.99
Nintendo | Mario Kart 8 Deluxe - Nintendo Switch | 49.99
Nintendo | Animal Crossing: New Horizons - Nintendo Switch | 54.99
Nintendo | Super Smash Bros. Ultimate - Nintendo Switch | 59.99
Nintendo | Pokemon Scarlet - Nintendo Switch | 59.99
"""),
        ]),
        ("xbox", "Xbox", [
            ("accessories", "Accessories", "works with Xbox Series X|S and Xbox One; low latency; textured grips; long battery life", """
Microsoft | Microsoft Xbox Controller, Carbon Black for Series X, Series S, Xbox One, Windows 10, Android and iOS | 59.99
Microsoft | Xbox Core Wireless Controller, Pulse Red | 64.99
Microsoft | Xbox Elite Wireless Controller Series 2, Black | 179.99
PowerA | PowerA Wired Controller for Xbox Series X|S, Black | 29.99
Seagate | Seagate Storage Expansion Card for Xbox Series X|S, 1TB | 149.99
Turtle Beach | Turtle Beach Recon 70 Gaming Headset for Xbox Series X|S and Xbox One, Black | 39.95
"""),
        ]),
    ]),
    ("grocery-gourmet-food", "Grocery & Gourmet Food", [
        ("beverages", "Beverages", "rich full flavor; carefully sourced; no artificial colors; great hot or iced", """
Elmwood Inn Fine Teas | Elmwood Inn Fine Teas, Orange Vanilla Caffeine-free Fruit Infusion, 16-Ounce Pouch | 19.36
Twinings | Twinings English Breakfast Black Tea, 100 Tea Bags | 9.99
Starbucks | Starbucks Ground Coffee, Pike Place Roast, Medium Roast, 28 oz | 17.97
Lavazza | Lavazza Super Crema Whole Bean Coffee Blend, 2.2 lb | 22.49
LaCroix | LaCroix Sparkling Water, Pamplemousse, 12 Fl Oz, 24 Pack | 14.99
Vita Coco | Vita Coco Coconut Water, Pure, 16.9 Fl Oz, Pack of 12 | 25.99
Celestial Seasonings | Celestial Seasonings Sleepytime Herbal Tea, 20 Tea Bags, Pack of 6 | 15.26
"""),
        ("snacks-sweets", "Snacks & Sweets", "satisfying crunch; great for sharing; individually wrapped options; made with real ingredients", """
KIND | KIND Bars, Dark Chocolate Nuts and Sea Salt, 1.4 oz, 12 Count | 14.29
Planters | Planters Deluxe Lightly Salted Whole Cashews, 18.25 oz | 11.48
Lindt | Lindt LINDOR Milk Chocolate Candy Truffles, 21.2 oz Bag | 18.98
Pringles | Pringles Potato Crisps Chips, Variety Pack, 27 Count | 16.99
Blue Diamond | Blue Diamond Almonds, Smokehouse, 16 oz | 7.48
HARIBO | HARIBO Goldbears Gummi Candy, 5 lb Bag | 16.89
"""),
        ("breakfast-foods", "Breakfast Foods", "whole grain goodness; quick to prepare; a good source of fiber; family favorite", """
Quaker | Quaker Old Fashioned Rolled Oats, 42 oz | 5.98
Kellogg's | Kellogg's Frosted Flakes Breakfast Cereal, Original, 24 oz | 5.49
Nature Valley | Nature Valley Crunchy Granola Bars, Oats 'n Honey, 49 Count | 12.48
Kodiak Cakes | Kodiak Cakes Power Cakes Buttermilk Flapjack and Waffle Mix, 20 oz | 5.99
Bob's Red Mill | Bob's Red Mill Gluten Free Muesli, 16 oz, Pack of 4 | 27.96
"""),
        ("meat-substitutes", "Meat Substitutes", "plant-based protein; no cholesterol; cooks like the real thing; ships frozen", """
Beyond Meat | Beyond Meat Plant-Based Burger Patties, 8 oz, Pack of 12 | 89.99
Impossible Foods | Impossible Burger Plant-Based Ground Beef, 12 oz, Pack of 10 | 124.99
MorningStar Farms | MorningStar Farms Grillers Original Veggie Burgers, 9.6 oz, Pack of 8 | 39.92
Gardein | Gardein Ultimate Plant-Based Chick'n Tenders, 9 oz, Pack of 6 | 35.94
Lightlife | Lightlife Smart Dogs Plant-Based Hot Dogs, 12 oz, Pack of 12 | 109.99
Tofurky | Tofurky Plant-Based Deli Slices, Hickory Smoked, 5.5 oz, Pack of 12 | 49.99
Vegetarian Plus | Vegetarian Plus Vegan Orange Chicken, 2.2 lb, Case of 10 | 179.99
"""),
        ("pantry-staples", "Pantry Staples", "pantry essential; consistent results; easy to store; trusted quality", """
Jiffy | Jiffy Corn Muffin Mix, 8.5 oz, Pack of {6;12} | 6.99;12.49
Krusteaz | Krusteaz Honey Cornbread and Muffin Mix, 15 oz, Pack of 12 | 36.48
Barilla | Barilla Spaghetti Pasta, 16 oz, Pack of 12 | 18.72
King Arthur | King Arthur Unbleached All-Purpose Flour, 5 lb | 6.49
Kirkland Signature | Kirkland Signature Organic Extra Virgin Olive Oil, 2 Liter | 19.99
McCormick | McCormick Ground Cinnamon, 7.12 oz | 6.28
"""),
    ]),
    ("toys-games", "Toys & Games", [
        ("building-toys", "Building Toys", "encourages creative play; compatible pieces; step-by-step instructions; great gift", """
LEGO | LEGO Classic Large Creative Brick Box 10698 | 47.99
LEGO | LEGO Star Wars Millennium Falcon 75257 Building Kit | 159.99
LEGO | LEGO Technic Bugatti Chiron 42083 Building Kit | 349.99
Magna-Tiles | Magna-Tiles Clear Colors 100-Piece Set | 119.99
Mega Bloks | Mega Bloks First Builders Big Building Bag, 80 Pieces | 19.99
"""),
        ("puzzles-board-games", "Puzzles & Board Games", "fun for the whole family; quick to learn; sturdy pieces; perfect for game night", """
Hasbro Gaming | Monopoly Classic Board Game | 19.97
Ravensburger | Ravensburger Disney Castle 1000 Piece Jigsaw Puzzle | 19.99
Mattel Games | UNO Card Game, Family Night Edition | 5.97
Exploding Kittens | Exploding Kittens Card Game, Original Edition | 19.99
Catan Studio | CATAN Board Game, 5th Edition | 44.99
Buffalo Games | Buffalo Games Cinque Terre 1000 Piece Jigsaw Puzzle | 16.99
"""),
        ("dolls-stuffed-animals", "Dolls & Stuffed Animals", "super soft materials; child safe; huggable size; collectible", """
Squishmallows | Squishmallows Original 16-Inch Wendy the Frog Plush | 24.99
Barbie | Barbie Dreamhouse Dollhouse with Pool and Slide | 179.00
Jellycat | Jellycat Bashful Bunny, Medium 12 Inch, Beige | 25.00
Melissa & Doug | Melissa & Doug Giant Golden Retriever Stuffed Animal | 99.99
L.O.L. Surprise! | L.O.L. Surprise! OMG Fashion Doll, Swag | 29.99
"""),
    ]),
    ("pet-supplies", "Pet Supplies", [
        ("dogs", "Dogs", "vet recommended; durable for active pets; made in the USA; easy to clean", """
Purina Pro Plan | Purina Pro Plan Adult Sensitive Skin and Stomach Dry Dog Food, Salmon and Rice, {16;30} lb | 54.98;79.98
KONG | KONG Classic Dog Toy, {Medium;Large}, Red | 12.99;14.99
Greenies | Greenies Original Regular Natural Dog Dental Treats, 36 oz | 39.98
Furhaven | Furhaven Orthopedic Dog Bed, Plush and Suede Sofa, Large, Espresso | 45.99
rabbitgoo | rabbitgoo No-Pull Dog Harness, Adjustable Reflective Vest, Large, Black | 25.99
Amazon Basics | Amazon Basics Dog Poop Bags with Dispenser, 300 Count | 9.99
"""),
        ("cats", "Cats", "cat approved; odor control; durable construction; vet recommended", """
Fresh Step | Fresh Step Clumping Cat Litter, Scented, 25 lb | 18.99
Purina Friskies | Purina Friskies Wet Cat Food Variety Pack, Pate, 5.5 oz, 32 Cans | 24.48
Temptations | Temptations Classic Crunchy Cat Treats, Tasty Chicken, 16 oz | 11.49
Frisco | Frisco 72 Inch Cat Tree, Gray | 79.99
SmartyKat | SmartyKat Hot Pursuit Electronic Concealed Motion Cat Toy | 18.99
"""),
    ]),
]

# Review phrases by top-level category: (pros, cons).
REVIEW_ASPECTS: dict[str, tuple[list[str], list[str]]] = {
    "beauty-personal-care": (
        ["It absorbs quickly and doesn't leave a greasy feel.", "My skin feels softer after just a week.",
         "The scent is light and pleasant.", "A little goes a long way, so it lasts for months.",
         "It didn't irritate my sensitive skin at all."],
        ["The pump stopped working halfway through the bottle.", "The smell is stronger than I expected.",
         "It broke me out after a few days.", "The packaging leaked during shipping.",
         "It feels sticky and takes forever to dry."]),
    "sports-outdoors": (
        ["It held up great on a week-long trip.", "Very sturdy for the price.",
         "Setup took less than ten minutes.", "It is lighter than it looks and easy to carry.",
         "Survived rain and mud without any issues."],
        ["One of the seams started fraying after a month.", "The instructions are confusing.",
         "It is heavier than the listing suggests.", "The zipper snagged constantly.",
         "The straps are too short for taller people."]),
    "clothing-shoes-jewelry": (
        ["Fits true to size and is very comfortable.", "The material feels high quality.",
         "I wore them all day with no sore feet.", "The color is exactly as pictured.",
         "Got lots of compliments the first time I wore it."],
        ["Runs small, order a size up.", "The color faded after a couple of washes.",
         "The stitching came loose within weeks.", "The sole is stiff and gave me blisters.",
         "The fabric is thinner than I expected."]),
    "home-kitchen": (
        ["Easy to clean and looks great in my kitchen.", "Sturdy and well made.",
         "Assembly was straightforward.", "It feels much more expensive than it is.",
         "Exactly what I needed for my small apartment."],
        ["Arrived with a dent on one side.", "The finish started chipping after a few weeks.",
         "Smaller than I expected from the photos.", "Some screws were missing from the box.",
         "It wobbles a bit on a flat floor."]),
    "office-products": (
        ["Works perfectly and set up in minutes.", "Great value for the price.",
         "Writes smoothly without smudging.", "Very sturdy and built to last.",
         "Makes my home office much more comfortable."],
        ["The ink runs out faster than expected.", "It jams every now and then.",
         "The Wi-Fi setup was a headache.", "The height adjustment is stiff.",
         "The color is darker than in the photos."]),
    "tools-home-improvement": (
        ["Plenty of power for household jobs.", "The battery lasts a long time.",
         "Feels solid and well balanced in the hand.", "Installation was simple.",
         "Great tool for the price."],
        ["The case is flimsy.", "The battery died after a few months.",
         "It gets hot after a few minutes of use.", "The light is dimmer than advertised.",
         "One of the bits broke on the first use."]),
    "health-household": (
        ["Works as described and lasts a long time.", "Great value compared to the store.",
         "My family has used this for years.", "Easy to use and very accurate.",
         "Noticed a difference within a couple of weeks."],
        ["The packaging arrived damaged.", "It is not as effective as the old formula.",
         "The readings are inconsistent.", "The smell is overpowering.",
         "Too bulky to wear comfortably at night."]),
    "patio-lawn-garden": (
        ["My plants have never looked better.", "Heats up fast and cooks evenly.",
         "Well built and easy to assemble.", "Doesn't kink or tangle.",
         "Perfect for backyard get-togethers."],
        ["Started rusting after one season.", "Assembly took much longer than expected.",
         "The battery doesn't last for my whole lawn.", "The handle feels cheap.",
         "Some parts arrived bent."]),
    "electronics": (
        ["The sound quality is amazing for the price.", "Battery life easily lasts a full day.",
         "Pairing with my phone was instant.", "Very comfortable to wear for long periods.",
         "Setup was quick and the picture is sharp."],
        ["The ear cups are a bit small for my ears.", "The Bluetooth connection drops occasionally.",
         "It stopped charging after two months.", "The build feels cheap and plasticky.",
         "The microphone quality is poor on calls."]),
    "cell-phones-accessories": (
        ["Fits my phone perfectly and looks great.", "Charges my phone really fast.",
         "The cutouts line up perfectly.", "Installation was easy with no bubbles.",
         "It has survived several drops already."],
        ["The case started yellowing after a few weeks.", "The corners cracked after a small drop.",
         "It gets quite warm while charging.", "The adapter stopped working after a month.",
         "It makes the buttons hard to press."]),
    "video-games": (
        ["The controls feel responsive and precise.", "Holds all my game cards with room to spare.",
         "The story kept me hooked for weeks.", "Works right out of the box.",
         "Great for long gaming sessions."],
        ["The left stick started drifting after a few months.", "The slots are a little too tight.",
         "The battery life is disappointing.", "It arrived with a scratched disc.",
         "Only got 14 gigs of usable space even after formatting."]),
    "grocery-gourmet-food": (
        ["Tastes great and arrived fresh.", "My kids love it.",
         "Great price for the quantity.", "The flavor is rich without being too sweet.",
         "A staple in our pantry now."],
        ["Some items were close to the expiration date.", "The box arrived crushed.",
         "Too salty for my taste.", "The texture was not what I expected.",
         "The price went up a lot since my last order."]),
    "toys-games": (
        ["My kids play with it every day.", "Great quality pieces.",
         "Fun for the whole family.", "Makes a perfect birthday gift.",
         "Kept my daughter busy for hours."],
        ["A few pieces were missing.", "Smaller than expected.",
         "The instructions are hard to follow.", "It fell apart quickly.",
         "The box was damaged on arrival."]),
    "pet-supplies": (
        ["My dog absolutely loves it.", "My cats took to it immediately.",
         "Has held up to heavy chewing.", "Controls odor really well.",
         "Great quality for the price."],
        ["My dog destroyed it in a day.", "My cat refused to use it.",
         "The bag arrived torn.", "Stronger smell than I expected.",
         "It is smaller than the photos suggest."]),
}

REVIEW_SUMMARIES: dict[int, list[str]] = {
    5: ["Love it!", "Excellent product", "Highly recommend", "Exactly as described", "Five stars",
        "Worth every penny", "Best purchase this year", "Fantastic quality"],
    4: ["Very good", "Great value", "Happy with it", "Pretty good overall", "Solid choice",
        "Would buy again", "Good product, minor issues"],
    3: ["It's okay", "Decent but not great", "Average", "Mixed feelings", "Does the job",
        "Not bad for the price"],
    2: ["Disappointed", "Not what I expected", "Could be better", "Poor quality", "Meh"],
    1: ["Terrible", "Waste of money", "Do not buy", "Broke quickly", "Very disappointed"],
}

REVIEW_OPENERS: dict[int, list[str]] = {
    5: ["I absolutely love this.", "This exceeded my expectations.", "I bought this a month ago and I'm very happy.",
        "This is my second one and it's just as good as the first."],
    4: ["Overall I'm pleased with this purchase.", "Good product for the money.",
        "Works well, with a couple of small complaints."],
    3: ["It's fine, but nothing special.", "I have mixed feelings about this.", "It does what it says, mostly."],
    2: ["I wanted to like this more.", "Not great, unfortunately.", "This was a letdown."],
    1: ["I regret buying this.", "Very poor experience.", "Save your money."],
}

REVIEW_CLOSERS: dict[int, list[str]] = {
    5: ["Would definitely buy again.", "Highly recommended!", "Five stars from me."],
    4: ["I would recommend it.", "Still a good buy.", "Happy overall."],
    3: ["It's okay for the price.", "Might look for something else next time.", ""],
    2: ["I probably won't buy it again.", "Look elsewhere.", ""],
    1: ["Returning it.", "Avoid.", "I want my money back."],
}

NICKNAMES: list[str] = [
    "Joseph Brzezinski", "Catso", "Dibbins", "Anglebert Dinkherhump", "Michelle Davis", "Lisa Lee",
    "Evelyn Kurver", "Amanda", "N Randall", "MH", "Misba009", "Amazon Customer", "Cally",
    "Bethany Robertson", "Jay", "Kindle Fan", "Rob S.", "Maria G", "TechGuy42", "Sarah K.",
    "Happy Mom", "D. Thompson", "Kevin", "Grandma Jo", "Patrick O'Neil", "Nina", "Busy Dad",
    "J. Alvarez", "Hannah B", "Coffee Lover", "Marcus", "Tina W.", "Outdoorsy", "Linda P.",
    "Greg", "Priya", "Chris M", "Verified Buyer", "Samantha", "Bill R.", "Yuki", "Frank",
    "Emily Chen", "Brandon T", "Olivia", "Ray", "GamerGirl", "Alan Smith", "Jessica R.", "Tom",
    "Denise", "K. Patel", "Victor", "Carol", "Mike D", "Janelle", "Steve", "Rachel",
]

# Shopper accounts besides the default customer (Emma Lopez): name, email, street, city, region, zip, phone.
CUSTOMERS: list[tuple[str, str, str, str, str, str, str, str]] = [
    ("John", "Smith", "john.smith.xyz@gmail.com", "123 Main St", "Dallas", "Texas", "75201", "2145551234"),
    ("Jane", "Doe", "jane.doe@hotmail.com", "456 Oak Ave", "Portland", "Oregon", "97201", "5035559876"),
    ("Alex", "Martin", "alex.martin@gmail.com", "789 Pine Rd", "Denver", "Colorado", "80202", "3035554567"),
    ("Sophia", "Kim", "sophia.kim@yahoo.com", "22 Lakeview Dr", "Seattle", "Washington", "98101", "2065553344"),
    ("Michael", "Nguyen", "michael.nguyen@gmail.com", "901 Elm St", "Austin", "Texas", "78701", "5125557788"),
    ("Olivia", "Brown", "olivia.brown@outlook.com", "15 Harbor Way", "Boston", "Massachusetts", "02108", "6175552211"),
    ("Daniel", "Garcia", "daniel.garcia@gmail.com", "3300 Sunset Blvd", "Los Angeles", "California", "90026", "3235556677"),
    ("Ava", "Johnson", "ava.johnson@gmail.com", "48 Maple Ct", "Columbus", "Ohio", "43215", "6145550099"),
    ("Ethan", "Williams", "ethan.w@protonmail.com", "710 River Rd", "Nashville", "Tennessee", "37201", "6155554433"),
    ("Grace", "Wilson", "grace.wilson@gmail.com", "2 Park Pl", "New York", "New York", "10007", "2125551100"),
    ("Lucas", "Anderson", "lucas.anderson@yahoo.com", "560 Cedar Ln", "Minneapolis", "Minnesota", "55401", "6125558822"),
    ("Mia", "Thomas", "mia.thomas@gmail.com", "88 Ocean Dr", "Miami", "Florida", "33139", "3055552323"),
    ("Noah", "Jackson", "noah.jackson@gmail.com", "1200 Peachtree St", "Atlanta", "Georgia", "30309", "4045557171"),
    ("Isabella", "White", "isabella.white@icloud.com", "34 Birch St", "Chicago", "Illinois", "60614", "3125556060"),
    ("Liam", "Harris", "liam.harris@gmail.com", "670 Desert Rd", "Phoenix", "Arizona", "85004", "6025553030"),
    ("Chloe", "Clark", "chloe.clark@gmail.com", "19 Bay St", "San Diego", "California", "92101", "6195554545"),
    ("Benjamin", "Lewis", "ben.lewis@hotmail.com", "400 Liberty Ave", "Pittsburgh", "Pennsylvania", "15222", "4125559090"),
    ("Harper", "Young", "harper.young@gmail.com", "77 College St", "Burlington", "Vermont", "05401", "8025551818"),
    ("Samuel", "Hall", "samuel.hall@gmail.com", "250 King St", "Charleston", "South Carolina", "29401", "8435552727"),
    ("Zoe", "Allen", "zoe.allen@yahoo.com", "1010 Capitol Way", "Sacramento", "California", "95814", "9165556464"),
]

US_STATES: list[tuple[str, str]] = [
    ("AL", "Alabama"), ("AK", "Alaska"), ("AZ", "Arizona"), ("AR", "Arkansas"), ("CA", "California"),
    ("CO", "Colorado"), ("CT", "Connecticut"), ("DE", "Delaware"), ("DC", "District of Columbia"),
    ("FL", "Florida"), ("GA", "Georgia"), ("HI", "Hawaii"), ("ID", "Idaho"), ("IL", "Illinois"),
    ("IN", "Indiana"), ("IA", "Iowa"), ("KS", "Kansas"), ("KY", "Kentucky"), ("LA", "Louisiana"),
    ("ME", "Maine"), ("MD", "Maryland"), ("MA", "Massachusetts"), ("MI", "Michigan"), ("MN", "Minnesota"),
    ("MS", "Mississippi"), ("MO", "Missouri"), ("MT", "Montana"), ("NE", "Nebraska"), ("NV", "Nevada"),
    ("NH", "New Hampshire"), ("NJ", "New Jersey"), ("NM", "New Mexico"), ("NY", "New York"),
    ("NC", "North Carolina"), ("ND", "North Dakota"), ("OH", "Ohio"), ("OK", "Oklahoma"), ("OR", "Oregon"),
    ("PA", "Pennsylvania"), ("RI", "Rhode Island"), ("SC", "South Carolina"), ("SD", "South Dakota"),
    ("TN", "Tennessee"), ("TX", "Texas"), ("UT", "Utah"), ("VT", "Vermont"), ("VA", "Virginia"),
    ("WA", "Washington"), ("WV", "West Virginia"), ("WI", "Wisconsin"), ("WY", "Wyoming"),
]

COUNTRIES: list[tuple[str, str]] = [
    ("US", "United States"), ("CA", "Canada"), ("MX", "Mexico"), ("GB", "United Kingdom"),
    ("DE", "Germany"), ("FR", "France"), ("JP", "Japan"), ("AU", "Australia"),
]

# --- more shoppers, order comments, admin users (seed 2026.11.2; used by the admin) ------------------
# Port Alder residents of the shared world (mag_mcp.sites.world.PEOPLE, Emma Lopez excepted) are shop
# customers too: username -> (street, district, ZIP, phone). City: Port Alder, Oregon.
PORT_ALDER_ADDRESSES: dict[str, tuple[str, str, str, str]] = {
    "byteblaze": ("48 Foundry Lane", "Old Mill", "97413", "5035550148"),
    "primer": ("210 Lantern Street", "Lantern Quarter", "97411", "5035550210"),
    "sam_rivera": ("77 Riverside Row", "Riverside Row", "97414", "5035550077"),
    "harbor_hannah": ("5 Wharf Street", "Alder Wharf", "97412", "5035550005"),
    "jkowalski": ("1320 Eastgate Avenue", "Eastgate", "97416", "5035551320"),
    "mia_chen": ("9 Lighthouse Road", "North Shore", "97417", "5035550009"),
    "diego_m": ("402 College Avenue", "University Park", "97418", "5035550402"),
    "noor_a": ("66 Observatory Drive", "Hilltop", "97415", "5035550066"),
    "liam_oconnor": ("31 Millrace Street", "Old Mill", "97413", "5035550031"),
    "grace_kim": ("150 Garden Way", "University Park", "97418", "5035550150"),
    "tom_baker": ("2 Pier Road", "Alder Wharf", "97412", "5035550002"),
    "zoe_walsh": ("815 Campus Drive", "University Park", "97418", "5035550815"),
    "omar_haddad": ("120 Riverside Row", "Riverside Row", "97414", "5035550120"),
    "lucy_nguyen": ("14 Founders Square", "Lantern Quarter", "97411", "5035550014"),
    "kai_tanaka": ("503 Eastgate Avenue", "Eastgate", "97416", "5035550503"),
    "rosa_garcia": ("88 Hospital Hill Road", "Eastgate", "97416", "5035550088"),
    "ben_foster": ("27 Bridge Street", "Riverside Row", "97414", "5035550027"),
    "ivy_patel": ("640 Hilltop Crescent", "Hilltop", "97415", "5035550640"),
    "max_weber": ("3 Reservoir Lane", "Hilltop", "97415", "5035550003"),
    "ella_brooks": ("19 Granary Court", "Old Mill", "97413", "5035550019"),
    "yusuf_kaya": ("255 Station Road", "Eastgate", "97416", "5035550255"),
    "chloe_martin": ("7 Lantern Street", "Lantern Quarter", "97411", "5035550007"),
    "adam_novak": ("92 Dune Road", "North Shore", "97417", "5035550092"),
}
PORT_ALDER = ("Port Alder", "Oregon")

# Generated shoppers: unique (first, last) pairs drawn from these lists, living in these places
# (city, state, ZIP prefix, phone area code), on these streets.
MORE_FIRST_NAMES: list[str] = [
    "Aaron", "Abigail", "Adrian", "Aisha", "Alicia", "Amelia", "Andre", "Angela", "Anthony", "Aria",
    "Brian", "Brooke", "Caleb", "Camila", "Carlos", "Caroline", "Cody", "Dana", "David", "Derek",
    "Elena", "Elijah", "Erin", "Fatima", "Felix", "Gabriel", "Hailey", "Hector", "Ian", "Jacob",
    "Jasmine", "Jason", "Jenna", "Jordan", "Julia", "Kayla", "Kevin", "Laura", "Leah", "Logan",
    "Marcus", "Maya", "Megan", "Nathan", "Nicole", "Owen", "Paige", "Rachel", "Ryan", "Sara",
    "Sean", "Sofia", "Tara", "Tyler", "Valerie", "Victor", "Wesley", "Whitney", "Xavier", "Yasmin",
]
MORE_LAST_NAMES: list[str] = [
    "Adams", "Baker", "Bennett", "Brooks", "Campbell", "Carter", "Chavez", "Collins", "Cooper", "Cruz",
    "Diaz", "Edwards", "Evans", "Fisher", "Flores", "Gomez", "Gonzalez", "Gray", "Green", "Hughes",
    "Hill", "Howard", "Hayes", "James", "Jenkins", "Kelly", "King", "Lee", "Long", "Lopez",
    "Morgan", "Morris", "Murphy", "Myers", "Nelson", "Ortiz", "Parker", "Perez", "Perry", "Phillips",
    "Powell", "Price", "Ramirez", "Reed", "Reyes", "Richardson", "Rivera", "Roberts", "Rogers", "Ross",
    "Russell", "Sanchez", "Sanders", "Scott", "Stewart", "Sullivan", "Torres", "Turner", "Ward", "Watson",
]
MORE_PLACES: list[tuple[str, str, str, str]] = [
    ("Houston", "Texas", "770", "713"), ("San Antonio", "Texas", "782", "210"), ("Albuquerque", "New Mexico", "871", "505"),
    ("Las Vegas", "Nevada", "891", "702"), ("Salt Lake City", "Utah", "841", "801"), ("Boise", "Idaho", "837", "208"),
    ("Omaha", "Nebraska", "681", "402"), ("Kansas City", "Missouri", "641", "816"), ("St. Louis", "Missouri", "631", "314"),
    ("Milwaukee", "Wisconsin", "532", "414"), ("Detroit", "Michigan", "482", "313"), ("Cleveland", "Ohio", "441", "216"),
    ("Indianapolis", "Indiana", "462", "317"), ("Louisville", "Kentucky", "402", "502"), ("Memphis", "Tennessee", "381", "901"),
    ("New Orleans", "Louisiana", "701", "504"), ("Birmingham", "Alabama", "352", "205"), ("Charlotte", "North Carolina", "282", "704"),
    ("Raleigh", "North Carolina", "276", "919"), ("Richmond", "Virginia", "232", "804"), ("Baltimore", "Maryland", "212", "410"),
    ("Philadelphia", "Pennsylvania", "191", "215"), ("Newark", "New Jersey", "071", "973"), ("Hartford", "Connecticut", "061", "860"),
    ("Providence", "Rhode Island", "029", "401"), ("Portland", "Maine", "041", "207"), ("Buffalo", "New York", "142", "716"),
    ("Orlando", "Florida", "328", "407"), ("Tampa", "Florida", "336", "813"), ("Honolulu", "Hawaii", "968", "808"),
    ("Anchorage", "Alaska", "995", "907"), ("Tucson", "Arizona", "857", "520"), ("Oakland", "California", "946", "510"),
    ("San Jose", "California", "951", "408"), ("Fresno", "California", "937", "559"), ("Spokane", "Washington", "992", "509"),
    ("Eugene", "Oregon", "974", "541"), ("Madison", "Wisconsin", "537", "608"), ("Des Moines", "Iowa", "503", "515"),
    ("Oklahoma City", "Oklahoma", "731", "405"),
]
STREET_NAMES: list[str] = [
    "Main St", "Oak Ave", "Maple Dr", "Cedar Ln", "Pine St", "Elm St", "Washington Ave", "Lake Rd",
    "Hillcrest Dr", "Park Ave", "Sunset Blvd", "Highland Ave", "Jefferson St", "Lincoln Way", "Willow Ct",
    "Chestnut St", "Spruce Ave", "River Rd", "Meadow Ln", "Forest Dr", "Church St", "Broadway",
    "Franklin Ave", "Madison St", "Valley View Rd",
]
EMAIL_DOMAINS: list[str] = ["gmail.com", "gmail.com", "gmail.com", "yahoo.com", "outlook.com", "hotmail.com",
                            "icloud.com", "aol.com", "protonmail.com"]

# Order comments an admin left (order_status_history), by the status they were written with.
ORDER_COMMENTS: dict[str, list[str]] = {
    "pending": [
        "Waiting for the check to arrive before processing.",
        "Customer called to confirm the shipping address.",
        "Payment reminder sent to the customer.",
    ],
    "processing": [
        "Payment received. Preparing the shipment.",
        "Invoice created; items are being picked at the warehouse.",
        "One item comes from the Eastgate warehouse; ships separately.",
        "Customer asked for gift wrapping.",
    ],
    "complete": [
        "Shipped with UPS Ground.",
        "Shipped with USPS Priority Mail.",
        "Delivered; customer confirmed receipt.",
        "Left at the front door as requested.",
        "Shipped with FedEx Home Delivery.",
    ],
    "canceled": [
        "Customer asked to cancel: ordered by mistake.",
        "Canceled: payment was not received within 14 days.",
        "Customer found a better price and canceled.",
        "Canceled at the customer's request; duplicate order.",
        "Item out of stock; order canceled and customer notified.",
    ],
    "holded": [
        "On hold: the shipping address could not be verified.",
        "On hold until the customer confirms the delivery date.",
        "On hold: suspected duplicate order, waiting for the customer's answer.",
        "Payment check bounced; order on hold.",
    ],
}

# Store administrators: username, first name, last name, email, role, active.
ADMIN_USERS: list[tuple[str, str, str, str, str, int]] = [
    ("admin", "Admin", "User", "admin@onestopmarket.com", "Administrators", 1),
    ("catalog_manager", "Nadia", "Petrov", "nadia.petrov@onestopmarket.com", "Catalog Managers", 1),
    ("support_lead", "Owen", "Fletcher", "owen.fletcher@onestopmarket.com", "Customer Support", 1),
    ("former_intern", "Riley", "Shaw", "riley.shaw@onestopmarket.com", "Customer Support", 0),
]
