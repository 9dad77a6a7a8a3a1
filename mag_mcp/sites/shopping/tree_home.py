"""Category tree of the generated catalogue, part 2: home, tools, garden, office (format: `tree_personal`)."""

from __future__ import annotations

HOME = """
@ home-kitchen
# kitchen-dining | Kitchen & Dining
Skillets & Frying Pans | 🍳 | 12-120 | - | Cast Iron Skillet {8~10.25~12} Inch; Nonstick Frying Pan {8~10~12} Inch; Stainless Steel Skillet {10~12} Inch; Carbon Steel Wok@🥘; Glass Lid for {10~12} Inch Skillets and Pans; Cast Iron Care Kit for Skillets and Pans@🧴; Grill Pan {10.5~12} Inch | pre-seasoned; oven safe; induction compatible; with helper handle; dishwasher safe
Pots & Pans Sets | 🍲 | 40-300 | c | Cookware Set {10~12~15} Piece; Dutch Oven {5~6~7} Quart; Stock Pot {8~12} Quart; Saucepan with Lid {2~3} Quart; Enameled Cast Iron Braiser | nonstick; stainless steel; oven safe; induction ready
Small Appliances | 🔌 | 25-250 | c | Electric Pressure Cooker {3~6~8} Quart@🍲; Air Fryer {4~5.8~8} Quart@🍟; Countertop Blender@🥤; Toaster {2~4} Slice@🍞; Stand Mixer; Slow Cooker {6~7} Quart@🍲; Rice Cooker@🍚 | programmable; with recipe book; dishwasher safe parts; stainless steel
Coffee & Tea | ☕ | 10-220 | c | Single Serve Coffee Maker; Drip Coffee Maker 12 Cup; French Press {34~50} oz; Electric Kettle; Burr Coffee Grinder; Espresso Machine; Coffee Mug Set@☕ | programmable; with reusable filter; stainless steel; 1.7 liter
Cutlery & Knives | 🔪 | 12-160 | c | Chef Knife {6~8} Inch; Knife Set with Block {12~15~18} Piece; Paring Knife Set; Knife Sharpener; Bread Knife; Kitchen Shears@✂️ | high carbon stainless steel; ergonomic handle; German steel; razor sharp
Kitchen Utensils & Gadgets | 🥄 | 5-45 | c | Silicone Spatula Set; Measuring Cups and Spoons; Can Opener; Vegetable Peeler; Kitchen Utensil Set {12~24~33} Piece; Garlic Press; Salad Spinner@🥗 | heat resistant; dishwasher safe; BPA free; non-scratch
Bakeware | 🧁 | 8-60 | c | Baking Sheet Set; Muffin Pan {12~24} Cup; Cake Pan {8~9} Inch; Loaf Pan; Silicone Baking Mats; Cooling Rack; Mixing Bowl Set@🥣 | nonstick; commercial grade; oven safe; set of 3
Food Storage | 🥡 | 8-45 | c | Glass Food Storage Containers {10~18~24} Piece; Plastic Meal Prep Containers; Reusable Silicone Bags; Vacuum Sealer; Pantry Storage Canisters | airtight; leak proof; BPA free; microwave safe
Dinnerware & Drinkware | 🍽️ | 12-90 | c | Dinnerware Set {12~16~18} Piece; Drinking Glasses Set; Stainless Steel Tumbler {20~30~40} oz@🥤; Wine Glasses Set of 4@🍷; Flatware Set {20~40} Piece@🥄 | dishwasher safe; service for 4; chip resistant; insulated
# bedding | Bedding
Sheets & Pillowcases | 🛏️ | 18-90 | c | Bed Sheet Set {Twin~Full~Queen~King}; Flannel Sheet Set {Queen~King}; Pillowcases Set of 2; Fitted Sheet {Queen~King}; Bamboo Sheet Set {Queen~King} | deep pocket; microfiber; 100% cotton; cooling
Comforters & Duvets | 🛏️ | 30-160 | c | Comforter Set {Full~Queen~King}; Down Alternative Comforter; Duvet Cover Set {Queen~King}; Quilt Set {Queen~King}; Weighted Blanket {15~20} lb | all season; reversible; machine washable; lightweight
Pillows | 🛏️ | 15-80 | - | Bed Pillows Set of 2 {Queen~King}; Memory Foam Pillow; Side Sleeper Pillow; Body Pillow; Wedge Pillow | cooling; hypoallergenic; shredded memory foam; adjustable
Mattresses & Toppers | 🛏️ | 40-500 | - | Memory Foam Mattress {Twin~Full~Queen~King}; Mattress Topper {2~3} Inch {Queen~King}; Mattress Protector {Queen~King}; Box Spring Foundation {Full~Queen~King} | gel infused; waterproof; medium firm; CertiPUR-US certified
Blankets & Throws | 🧣 | 15-70 | c | Fleece Throw Blanket; Sherpa Blanket; Knit Throw Blanket; Electric Heated Blanket | 50x60 inches; super soft; machine washable; for couch
# home-decor | Home Decor
Candles & Holders | 🕯️ | 8-60 | c | Taper Candles {4~8~12} Pack; Pillar Candles Set; Jar Candle {10~22} oz; Candle Holders Set; LED Flameless Candles; Tea Light Candles | unscented; long burning; scented; for home decoration
Picture Frames | 🖼️ | 10-60 | c | Picture Frame {5x7~8x10~11x14~16x24}; Collage Frame; Gallery Wall Frame Set; Floating Frame; Digital Photo Frame | with glass; for wall or tabletop; with mat; set of 6
Mirrors | 🪞 | 25-200 | c | Round Wall Mirror {24~30} Inch; Full Length Mirror; Vanity Mirror with Lights; Arched Mirror | metal frame; wall mounted; for bathroom; frameless
Wall Art & Clocks | 🕰️ | 12-120 | c | Canvas Wall Art; Wall Clock {12~14} Inch; Metal Wall Decor; Framed Prints Set of 3; Floating Shelves@🪵 | silent; modern; for living room; ready to hang
Rugs & Curtains | 🪟 | 15-200 | c | Area Rug {5x7~8x10}; Runner Rug; Blackout Curtains 2 Panels; Sheer Curtains; Doormat | washable; non-slip; thermal insulated; 84 inch
Vases & Artificial Plants | 🪴 | 10-70 | c | Ceramic Vase; Glass Vase; Artificial Plant; Faux Eucalyptus Stems; Hanging Planter | set of 3; for centerpiece; modern farmhouse; indoor
# furniture | Furniture
Living Room Furniture | 🛋️ | 60-700 | c | Sofa Couch; Loveseat; Accent Chair@🪑; Coffee Table; TV Stand {55~65} Inch; Ottoman; Recliner Chair@🪑 | mid century modern; with storage; easy assembly; upholstered
Bedroom Furniture | 🛏️ | 50-600 | c | Platform Bed Frame {Full~Queen~King}; Nightstand; Dresser 6 Drawer; Headboard {Queen~King}; Wardrobe Closet | with storage; wood; no box spring needed; easy assembly
Dining Room Furniture | 🪑 | 60-500 | c | Dining Chairs Set of {2~4}; Dining Table Set; Bar Stools Set of 2; Folding Chairs Set of 4; Kitchen Island Cart | upholstered; solid wood; counter height; padded
Shelves & Cabinets | 📚 | 30-250 | c | Bookshelf 5 Tier; Corner Display Rack; Storage Cabinet with Doors; Ladder Shelf; Cube Storage Organizer {6~9} Cube | industrial; rustic brown; white; easy assembly
# storage-organization | Storage & Organization
Closet Storage | 🧥 | 10-90 | c | Shoe Rack {4~10} Tier@👟; Over The Door Shoe Organizer@👟; Hanging Closet Organizer; Velvet Hangers {50~100} Pack; Garment Rack | space saving; stackable; non-slip; heavy duty
Storage Bins & Baskets | 🧺 | 10-80 | c | Plastic Storage Bins with Lids; Fabric Storage Cubes; Woven Storage Baskets; Clear Storage Box {32~66} Quart@📦; Under Bed Storage Bags | set of 4; stackable; with handles; collapsible
Kitchen & Pantry Organization | 🫙 | 10-60 | c | Lazy Susan Turntable; Under Sink Organizer; Spice Rack Organizer; Pot Lid Organizer; Drawer Organizer Set | 2 tier; expandable; bamboo; clear
Bathroom Organization | 🚿 | 10-60 | c | Shower Caddy; Over The Toilet Storage; Bathroom Shelf; Toothbrush Holder@🪥; Towel Rack | rust proof; adhesive; no drilling; stainless steel
# bath | Bath
Towels | 🧖 | 15-70 | c | Bath Towels Set of {4~6}; Hand Towels Set; Bath Sheets; Washcloths 24 Pack; Beach Towel@🏖️ | 100% cotton; quick dry; highly absorbent; hotel quality
Shower Curtains & Bath Rugs | 🛁 | 10-50 | c | Shower Curtain; Shower Curtain Liner; Bath Mat; Bath Rug Set; Shower Curtain Hooks | waterproof; machine washable; non-slip; 72x72
Bathroom Hardware | 🚿 | 12-90 | c | Rain Shower Head; Handheld Shower Head; Toilet Seat; Towel Bar Set; Bathroom Faucet | high pressure; brushed nickel; easy install; slow close
@ office-products
# office-supplies | Office & School Supplies
Pens & Writing | 🖊️ | 4-30 | p | Gel Pens {12~24~36} Count; Ballpoint Pens; Permanent Markers; Highlighters; Mechanical Pencils@✏️; Dry Erase Markers | fine point; assorted colors; black ink; quick dry
Paper & Notebooks | 📓 | 4-40 | p | Spiral Notebooks; Composition Notebooks; Copy Paper {1~5~10} Ream@📄; Legal Pads; Sticky Notes@🗒️; Index Cards | college ruled; 8.5 x 11; 100 sheets; bright white
Desk Organizers | 🗂️ | 8-50 | c | Desk Organizer; File Organizer; Pen Holder; Drawer Organizer; Desktop File Sorter | mesh; wood; 5 compartments; for office
Binders & Filing | 📁 | 5-45 | p | 3 Ring Binder {1~2~3} Inch; File Folders; Hanging File Folders; Sheet Protectors; Expanding File Folder | letter size; assorted colors; heavy duty; 100 pack
Staplers & Office Basics | 📌 | 4-40 | c | Desk Stapler; Staples; Paper Clips; Scissors@✂️; Tape Dispenser; Hole Punch | 20 sheet capacity; jam free; assorted; heavy duty
School Supplies | ✏️ | 4-40 | p | Crayons {24~64} Count@🖍️; Colored Pencils; Glue Sticks; Pencil Case; Backpack for School@🎒; Washable Markers@🖍️ | for kids; assorted; classroom pack; non-toxic
# office-electronics | Office Electronics
Printers & Ink | 🖨️ | 15-350 | - | Wireless All-in-One Printer; Laser Printer; Photo Printer; Ink Cartridges Combo Pack; Toner Cartridge; Label Printer | color; monochrome; high yield; compatible
Calculators | 🧮 | 8-150 | c | Graphing Calculator; Scientific Calculator; Desktop Calculator; Printing Calculator | solar; large display; for school; 12 digit
Shredders & Laminators | 📠 | 30-200 | - | Cross-Cut Paper Shredder {8~12~16} Sheet; Micro-Cut Shredder; Thermal Laminator; Laminating Pouches | for home office; with wastebasket; quiet; 100 pack
Scanners & Projectors | 📽️ | 40-400 | - | Document Scanner; Portable Scanner; Mini Projector; Projector Screen {100~120} Inch; Document Camera | 1080p; wireless; duplex; portable
# office-furniture-lighting | Office Furniture & Lighting
Office Chairs | 🪑 | 60-400 | c | Ergonomic Office Chair; Mesh Desk Chair; Executive Office Chair; Gaming Chair@🎮; Drafting Chair | with lumbar support; flip-up armrests; high back; adjustable
Desks | 🖥️ | 60-500 | c | Standing Desk {48~55~63} Inch; Computer Desk; L-Shaped Desk; Standing Desk Converter; Writing Desk | height adjustable; with storage; industrial; electric
Desk Lamps & Lighting | 💡 | 15-120 | c | LED Desk Lamp; Floor Lamp@🛋️; Clip On Lamp; Monitor Light Bar; Torchiere Floor Lamp | dimmable; with USB charging port; 5 color modes; eye caring
Desk Accessories | 🖱️ | 10-70 | c | Footrest; Monitor Stand Riser; Desk Mat; Keyboard Tray; Laptop Stand@💻 | ergonomic; adjustable; non-slip; under desk
@ tools-home-improvement
# power-tools | Power Tools
Drills & Drivers | 🔩 | 40-260 | - | Cordless Drill Driver Kit 20V; Impact Driver Kit; Hammer Drill; Drill Bit Set {100~200} Piece; Right Angle Drill | brushless; with 2 batteries; 1/2 inch chuck; with LED light
Saws | 🪚 | 50-350 | - | Circular Saw {6-1/2~7-1/4} Inch; Jigsaw; Reciprocating Saw; Miter Saw; Oscillating Multi-Tool | cordless; tool only; with blade; corded
Sanders & Grinders | ⚙️ | 30-200 | - | Random Orbit Sander; Angle Grinder; Detail Sander; Belt Sander; Sanding Discs Assortment | variable speed; dust collection; 5 inch; 100 pack
Power Tool Batteries | 🔋 | 40-200 | - | Lithium Ion Battery 20V {2~4~5}Ah; Battery Charger; Battery Starter Kit; Battery Pack 2 Pack | compact; fast charging; with fuel gauge; compatible
# hand-tools | Hand Tools
Wrenches & Sockets | 🔧 | 12-200 | - | Socket Set {40~108~230} Piece; Adjustable Wrench Set; Combination Wrench Set; Torque Wrench; Ratchet Set | SAE and metric; chrome vanadium; with case; 1/2 inch drive
Screwdrivers & Pliers | 🪛 | 10-80 | - | Screwdriver Set; Multi-Bit Screwdriver; Locking Pliers Set; Needle Nose Pliers; Precision Screwdriver Kit | magnetic; insulated; 11-in-1; for electronics
Hammers & Measuring | 🔨 | 8-130 | - | Claw Hammer {16~20} oz; Tape Measure {16~25~35} ft@📏; Laser Distance Measure@📏; Torpedo Level; Stud Finder | fiberglass handle; magnetic; with belt clip; shock absorbing
Tool Storage | 🧰 | 20-250 | c | Tool Box; Rolling Tool Chest; Tool Bag; Socket Organizer; Wall Pegboard Kit | with wheels; heavy duty; portable; 5 drawer
# lighting-ceiling-fans | Lighting & Ceiling Fans
Light Bulbs | 💡 | 6-45 | p | LED Light Bulbs A19 {60~75~100}W Equivalent; Smart Light Bulbs; Edison Bulbs; Flood Light Bulbs BR30; Candelabra Bulbs | soft white; daylight; dimmable; 8 pack
Ceiling Fans | 🪭 | 60-350 | c | Ceiling Fan with Light {44~52} Inch; Flush Mount Ceiling Fan; Outdoor Ceiling Fan; Ceiling Fan Remote Kit | with remote; low profile; brushed nickel; quiet
Lamps & Fixtures | 🪔 | 20-200 | c | Pendant Light; Flush Mount Ceiling Light; Wall Sconce; Table Lamp Set of 2; Under Cabinet Lighting | dimmable; farmhouse; modern; plug in
Smart Home Electrical | 🔌 | 10-80 | p | Smart Plug {2~4} Pack; Smart Light Switch; Outdoor Smart Plug; Surge Protector Power Strip; Extension Cord {6~10~25} ft | works with Alexa; WiFi; 12 outlets; heavy duty
# hardware-building | Hardware & Building Supplies
Door Hardware & Locks | 🔑 | 10-200 | c | Smart Lock; Door Knob with Lock; Deadbolt Lock; Keyless Entry Door Lock; Padlock@🔒 | satin nickel; matte black; keyed alike; fingerprint
Paint & Supplies | 🎨 | 5-60 | p | Paint Roller Kit; Paint Brushes Set; Painter's Tape; Drop Cloth; Spray Paint | 9 inch; 1.88 inch x 60 yards; multi-surface; gloss
Plumbing | 🚰 | 8-120 | - | Kitchen Faucet with Pull Down Sprayer; Toilet Plunger; Drain Snake; Garbage Disposal; Water Filter Pitcher | stainless steel; heavy duty; 1/2 HP; easy install
@ patio-lawn-garden
# gardening-lawn-care | Gardening & Lawn Care
Plant Food & Soil | 🌱 | 6-40 | p | All Purpose Plant Food {1.5~5} lb; Potting Mix {8~16} Quart; Lawn Fertilizer; Organic Compost; Seed Starting Mix | for indoor and outdoor plants; water soluble; slow release; organic
Garden Tools | 🪴 | 8-70 | c | Pruning Shears; Garden Trowel; Garden Tool Set; Hedge Shears; Garden Gloves@🧤; Garden Kneeler | ergonomic; stainless steel; heavy duty; bypass
Watering | 🚿 | 10-80 | c | Expandable Garden Hose {50~100} ft; Hose Nozzle Sprayer; Sprinkler; Watering Can; Hose Reel Cart; Drip Irrigation Kit | leak proof; 10 patterns; lightweight; heavy duty
Lawn Mowers & Trimmers | 🚜 | 60-600 | - | Cordless Lawn Mower {16~20~21} Inch; String Trimmer; Leaf Blower; Hedge Trimmer; Electric Tiller | 40V; brushless; battery included; self propelled
Seeds & Plants | 🌻 | 4-40 | p | Vegetable Seeds Variety Pack; Wildflower Seeds; Herb Garden Kit; Grass Seed {3~7} lb; Flower Bulbs | heirloom; non-GMO; for planting; sun and shade
# grills-outdoor-cooking | Grills & Outdoor Cooking
Grills & Smokers | 🔥 | 90-900 | c | Charcoal Grill {18~22} Inch; Portable Gas Grill; Pellet Grill and Smoker; Electric Smoker; Flat Top Griddle {28~36} Inch | with cover; stainless steel; WiFi; portable
Grill Tools & Accessories | 🍖 | 8-60 | - | Grill Brush and Scraper; BBQ Tool Set; Grill Mat Set; Meat Thermometer; Grill Cover; Charcoal Chimney Starter | heavy duty; waterproof; nonstick; 18 inch
Fire Pits & Heaters | 🔥 | 60-450 | - | Smokeless Fire Pit; Propane Fire Pit Table; Patio Heater; Fire Pit Cover; Fire Pit Grate | stainless steel; portable; 19.5 inch; outdoor
# patio-furniture | Patio Furniture
Patio Seating | 🪑 | 50-700 | c | Patio Conversation Set {3~4~5} Piece; Adirondack Chair; Outdoor Rocking Chair; Zero Gravity Chair; Patio Dining Set | all weather wicker; with cushions; weather resistant; folding
Umbrellas & Shade | ⛱️ | 30-300 | c | Patio Umbrella {9~10~11} ft; Offset Umbrella; Shade Sail; Pop Up Canopy {10x10~12x12}; Umbrella Base | with tilt; UV protection; waterproof; sturdy
Outdoor Decor | 🏮 | 10-90 | c | Solar String Lights@💡; Outdoor Lanterns; Solar Pathway Lights@💡; Outdoor Throw Pillows Set; Garden Statue | waterproof; set of 8; weatherproof; warm white
# outdoor-power-pest | Pest Control & Birding
Bird Feeders & Houses | 🐦 | 10-80 | - | Bird Feeder; Hummingbird Feeder; Wild Bird Seed {10~20} lb; Bird House; Bird Bath | squirrel proof; hanging; for outside; cedar
Pest Control | 🐜 | 6-50 | p | Mosquito Repellent; Ant Killer Bait; Mouse Traps; Insect Fogger; Bug Zapper | indoor and outdoor; 12 pack; pet safe; humane
"""
