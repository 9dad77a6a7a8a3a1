"""Category tree of the generated catalogue, part 1: beauty, health, clothing, sports.

The format is read by `taxonomy.parse_block`:

* ``@ <top slug>``: a top-level category of the original catalogue (`catalog_data.CATALOG`);
* ``# <slug> | <Name>``: a second-level category under it (an existing slug keeps its
  category, a new one is added);
* ``<Name> | <icon> | <low>-<high> | <flags> | <types> | <modifiers>``: a third-level (leaf)
  category. ``icon`` is the emoji its pictures show; ``low-high`` the price range in dollars;
  ``flags`` letters: ``p`` pack sizes, ``c`` one colour per listing, ``C`` configurable by colour,
  ``S`` by clothing size, ``Z`` by shoe size, ``-`` none. ``types`` (``;``-separated) are the
  product kinds; a ``{a~b~c}`` group picks one alternative per product line and ``@<emoji>``
  after a type overrides the icon. ``modifiers`` are phrases a name may add after a comma.
"""

from __future__ import annotations

PERSONAL = """
@ beauty-personal-care
# skin-care | Skin Care
Face Moisturizers | 🧴 | 8-48 | p | Face Moisturizer; Daily Moisturizing Lotion; Night Cream; Oil-Free Gel Cream; Moisturizing Cream {8~16~19} Ounce | fragrance free; for dry skin; for sensitive skin; with hyaluronic acid; non-comedogenic
Cleansers | 🧼 | 6-30 | p | Gentle Facial Cleanser; Foaming Face Wash; Deep Pore Cleanser; Micellar Cleansing Water; Cream Cleanser {6~12~16} fl oz | for oily skin; soap free; with charcoal; for all skin types; hydrating
Sunscreens | ☀️ | 8-38 | p | Mineral Sunscreen SPF {30~50}; Sunscreen Lotion SPF {30~50~70}; Sunscreen Stick SPF 50; Face Sunscreen Milk SPF 60 | water resistant; reef friendly; broad spectrum; oxybenzone free
Serums & Treatments | 💧 | 9-65 | - | Vitamin C Serum; Niacinamide Serum; Retinol Night Serum; Hyaluronic Acid Serum; Under Eye Cream | 1 fl oz; 30ml; brightening; anti-aging; fragrance free
Face Masks | 🧖 | 6-35 | p | Sheet Mask; Clay Face Mask; Overnight Sleeping Mask; Hydrogel Eye Patches | hydrating; detoxifying; for glowing skin; soothing
# hair-care | Hair Care
Shampoo & Conditioner | 🧴 | 5-32 | p | Shampoo {12~13~16~28} fl oz; Conditioner {12~13~28} fl oz; Shampoo and Conditioner Set; Dry Shampoo; Clarifying Shampoo | sulfate free; for curly hair; for color-treated hair; with argan oil; volumizing; anti-dandruff
Hair Styling Tools | 💇 | 18-160 | c | Hair Dryer; Flat Iron {1~1.5} Inch; Curling Iron {1~1.25} Inch; Hot Air Brush; Hair Straightener Brush | ionic; with ceramic plates; dual voltage; fast drying; with diffuser
Hair Treatments | 💧 | 8-48 | p | Hair Oil; Leave-In Conditioner; Hair Mask; Bond Repair Treatment; Heat Protectant Spray | for damaged hair; frizz control; 3.4 fl oz; lightweight
Brushes & Combs | 🪮 | 5-28 | c | Detangling Brush; Paddle Brush; Round Brush; Wide Tooth Comb; Boar Bristle Brush | for wet or dry hair; anti-static; travel size; set of 2
Hair Accessories | 🎀 | 4-22 | c | Scrunchies; Claw Clips; Hair Ties; Headbands; Bobby Pins | Pack of 12; no damage; for thick hair; assorted
# makeup | Makeup
Face Makeup | 💄 | 6-42 | c | Liquid Foundation; Concealer; Face Primer; Setting Powder; Cream Blush; Bronzer | long wearing; buildable coverage; oil free; matte finish
Eye Makeup | 👁️ | 4-32 | c | Mascara; Eyeliner Pencil; Liquid Eyeliner; Eyeshadow Palette; Brow Gel; False Lashes | waterproof; smudge proof; volumizing; cruelty free
Lip Makeup | 💋 | 4-26 | c | Matte Lipstick; Lip Gloss; Lip Liner; Tinted Lip Balm; Liquid Lipstick | long lasting; hydrating; non-sticky; vegan
Makeup Tools | 🖌️ | 6-36 | c | Makeup Brush Set {5~12~16} Piece; Makeup Sponge; Eyelash Curler; Brush Cleaner; Makeup Bag | with case; latex free; travel; professional
Nail Care | 💅 | 4-30 | c | Nail Polish; Gel Nail Polish Kit; Nail Clippers; Nail File Set; Cuticle Oil | quick dry; chip resistant; salon quality; non-toxic
# oral-care | Oral Care
Toothbrushes | 🪥 | 3-90 | c | Electric Toothbrush; Manual Toothbrush; Replacement Brush Heads {3~4~8} Count; Kids Toothbrush; Sonic Toothbrush | soft bristles; rechargeable; with travel case; 2 minute timer
Toothpaste | 🦷 | 3-28 | p | Whitening Toothpaste; Sensitivity Toothpaste; Fluoride Toothpaste {4~6} Ounce; Kids Toothpaste; Charcoal Toothpaste | fresh mint; enamel protection; cavity protection; travel size
Floss & Water Flossers | 🦷 | 3-90 | p | Water Flosser; Dental Floss Picks; Waxed Dental Floss; Cordless Water Flosser; Floss Threaders | mint; 90 count; portable; for braces
Mouthwash | 🫧 | 4-20 | p | Antiseptic Mouthwash; Fluoride Mouth Rinse; Alcohol-Free Mouthwash; Whitening Rinse | 1 L; 1.5 L; cool mint; fresh breath
# fragrance | Fragrance
Women's Fragrance | 🌸 | 15-120 | - | Eau de Parfum {1.7~3.4} Fl Oz; Eau de Toilette Spray; Fragrance Mist 8 Fl Oz; Perfume Rollerball | floral; long lasting; gift set; vanilla
Men's Fragrance | 🧴 | 18-110 | - | Eau de Toilette {3.4~4.2} Fl Oz; Cologne Spray; Aftershave Balm; Body Spray | woody; fresh; citrus; long lasting
Candles & Home Scents | 🕯️ | 8-40 | p | Scented Candle; Reed Diffuser; Room Spray; Essential Oil Set | lavender; sandalwood; clean cotton; 6 oz
# bath-body | Bath & Body
Body Wash | 🧴 | 4-22 | p | Body Wash {16~22~32} fl oz; Shower Gel; Exfoliating Body Scrub; Bath Bombs Gift Set | moisturizing; for dry skin; with shea butter; coconut
Body Lotion | 🧴 | 5-26 | p | Body Lotion; Body Butter; Hand Cream; Foot Cream; Body Oil | fragrance free; 24 hour hydration; with cocoa butter; travel size
Deodorant | 🧴 | 3-16 | p | Deodorant Stick; Antiperspirant; Natural Deodorant; Roll-On Deodorant | aluminum free; 48 hour; unscented; sport
Bath Accessories | 🛁 | 5-35 | c | Loofah Sponge; Bath Pillow; Shower Cap; Back Scrubber; Bath Caddy Tray | set of 3; quick dry; non-slip; bamboo
# shaving-grooming | Shaving & Grooming
Razors & Blades | 🪒 | 6-45 | p | Men's Razor; Women's Razor; Razor Blade Refills {4~8~12} Count; Safety Razor; Disposable Razors | with lubricating strip; 5 blade; sensitive skin; travel case
Electric Shavers & Trimmers | 🪒 | 20-180 | c | Electric Shaver; Beard Trimmer; Hair Clippers; Body Groomer; Nose Hair Trimmer | cordless; waterproof; rechargeable; with 10 guards
Shaving Cream & Aftershave | 🧴 | 4-26 | p | Shaving Cream; Shaving Gel; Aftershave Lotion; Beard Oil; Beard Balm | sensitive skin; aloe; sandalwood; 7 oz
@ health-household
# household-supplies | Household Supplies
Laundry | 🧺 | 6-40 | p | Laundry Detergent Pacs {42~81~96} Count; Liquid Laundry Detergent {64~92~150} fl oz; Fabric Softener; Dryer Sheets; Stain Remover Spray | HE compatible; free and clear; fresh scent; spring meadow
Paper & Plastic | 🧻 | 6-45 | p | Toilet Paper {12~18~24} Mega Rolls; Paper Towels {6~8~12} Double Rolls; Facial Tissues; Trash Bags {13~30} Gallon; Paper Plates | ultra soft; strong and absorbent; unscented; bulk
Cleaning Supplies | 🧽 | 3-30 | p | Disinfecting Wipes; All-Purpose Cleaner Spray; Glass Cleaner; Scrub Sponges; Toilet Bowl Cleaner; Microfiber Cleaning Cloths | bleach free; lemon scent; multi-surface; reusable
Dishwashing | 🍽️ | 3-30 | p | Dish Soap; Dishwasher Detergent Pods; Dishwasher Rinse Aid; Dish Brush; Sink Caddy | free and clear; lemon; grease cutting; 19 oz
Air Fresheners | 🌬️ | 3-25 | p | Air Freshener Spray; Plug-In Air Freshener Refills; Odor Eliminator; Car Air Freshener | linen scent; lavender; fresh citrus; long lasting
# vitamins-dietary-supplements | Vitamins & Dietary Supplements
Vitamins | 💊 | 6-40 | p | Vitamin D3 {1000~2000~5000} IU; Vitamin C 1000 mg; Multivitamin for Women; Multivitamin for Men; Vitamin B12 Gummies; Prenatal Vitamins | softgels; gummies; 120 capsules; 220 count
Minerals | 💊 | 6-30 | p | Magnesium Glycinate; Zinc 50 mg; Iron Supplement; Calcium with Vitamin D; Potassium Citrate | 120 capsules; vegan; high absorption; 250 tablets
Protein & Sports Nutrition | 🥤 | 15-90 | p | Whey Protein Powder {2~5} Pound; Plant Protein Powder; Creatine Monohydrate; Pre-Workout Powder; Protein Bars | chocolate; vanilla; unflavored; 30 servings
Herbal Supplements | 🌿 | 8-36 | p | Turmeric Curcumin; Ashwagandha; Elderberry Gummies; Probiotics 50 Billion CFU; Fish Oil Omega-3; Melatonin {3~5~10} mg | vegan; non-GMO; extra strength; 60 count
# medical-supplies | Medical Supplies & Equipment
Health Monitors | 🌡️ | 15-90 | - | Blood Pressure Monitor; Pulse Oximeter; Digital Thermometer; Forehead Thermometer; Smart Scale | upper arm cuff; with case; fast reading; bluetooth
First Aid | 🩹 | 4-45 | p | Adhesive Bandages; First Aid Kit; Gauze Pads; Medical Tape; Antiseptic Wipes; Cold Packs | 100 count; waterproof; assorted sizes; travel
Braces & Supports | 🦵 | 10-45 | c | Knee Brace; Ankle Brace; Wrist Brace; Back Support Belt; Compression Sleeves | adjustable; breathable; for men and women; one size
Mobility Aids | 🦯 | 20-160 | c | Folding Cane; Rollator Walker; Shower Chair; Bed Rail; Reacher Grabber | lightweight; adjustable height; with seat; foldable
# personal-care-appliances | Personal Care Appliances
Massagers | 💆 | 20-150 | c | Massage Gun; Neck and Shoulder Massager; Foot Massager; Handheld Back Massager | with heat; cordless; deep tissue; 6 heads
Humidifiers & Air Care | 💨 | 20-160 | c | Cool Mist Humidifier; Essential Oil Diffuser; HEPA Air Purifier; Dehumidifier | quiet; for bedroom; 2.2L; auto shut-off
@ clothing-shoes-jewelry
# women | Women
Shoes | 👠 | 25-140 | CZ | Walking Shoes@👟; Running Shoes@👟; Ballet Flats@🥿; Ankle Boots@👢; Slip-On Sneakers@👟; Platform Sandals@👡; Loafers@🥿; Pointed Toe Pumps | memory foam; wide width; non-slip; lightweight
Clothing | 👚 | 14-80 | CS | Crewneck T-Shirt; V-Neck Tunic Top; Cardigan Sweater; Fleece Pullover Hoodie; Button Down Shirt | relaxed fit; long sleeve; short sleeve; soft cotton
Dresses | 👗 | 20-90 | CS | Wrap Maxi Dress; Sundress; Sweater Dress; Midi Dress; Casual T-Shirt Dress | with pockets; floral; sleeveless; long sleeve
Pants & Jeans | 👖 | 18-70 | CS | Skinny Jeans; High Waist Leggings; Wide Leg Pants; Yoga Pants; Straight Leg Jeans | stretch; high rise; with pockets; ankle length
Coats & Jackets | 🧥 | 35-160 | CS | Rain Jacket; Puffer Jacket; Fleece Jacket; Trench Coat; Denim Jacket | waterproof; hooded; packable; insulated
Handbags & Wallets | 👜 | 15-120 | c | Tote Bag; Crossbody Bag; Shoulder Bag; Clutch Purse@👛; Zip Around Wallet@👛 | vegan leather; with adjustable strap; RFID blocking; large capacity
# men | Men
Shoes | 👞 | 30-200 | CZ | Running Shoes@👟; Leather Chukka Boots@🥾; Slide Sandals@🩴; Oxford Dress Shoes; Casual Sneakers@👟; Work Boots@🥾 | wide; waterproof; memory foam; slip resistant
Clothing | 👕 | 14-70 | CS | Crewneck T-Shirt; Polo Shirt; Oxford Shirt; Fleece Pullover Hoodie; Henley Shirt | classic fit; long sleeve; short sleeve; moisture wicking
Pants & Jeans | 👖 | 20-80 | CS | Relaxed Fit Jeans; Chino Pants; Cargo Pants; Jogger Sweatpants; Slim Fit Jeans | stretch; flat front; with pockets; regular fit
Coats & Jackets | 🧥 | 40-180 | CS | Rain Jacket; Puffer Vest; Softshell Jacket; Bomber Jacket; Fleece Jacket | waterproof; windproof; hooded; lightweight
Hats & Caps | 🧢 | 8-35 | c | Baseball Cap; Knit Cuffed Beanie; Bucket Hat; Trucker Hat; Sun Hat@👒 | adjustable; unisex; cotton; one size
# jewelry | Jewelry & Watches
Watches | ⌚ | 25-250 | c | Quartz Watch {38~40~42}mm; Digital Sports Watch; Chronograph Watch; Smart Fitness Watch; Minimalist Watch | stainless steel; leather band; water resistant; for men; for women
Necklaces & Pendants | 📿 | 15-140 | c | Pendant Necklace; Chain Necklace {18~20} Inch; Initial Necklace; Layered Necklace | sterling silver; 14K gold plated; hypoallergenic; gift box
Earrings | 💎 | 10-120 | c | Stud Earrings; Hoop Earrings; Drop Earrings; Huggie Earrings | sterling silver; cubic zirconia; hypoallergenic; for women
Rings & Bracelets | 💍 | 12-150 | c | Stackable Ring; Charm Bracelet; Tennis Bracelet; Bangle Bracelet; Promise Ring | sterling silver; rose gold; adjustable; 7.5 inch
# girls | Girls
Girls' Clothing | 👚 | 10-45 | CS | Graphic T-Shirt; Leggings; Tutu Dress@👗; Fleece Hoodie; Pajama Set | for girls 4-12; soft cotton; pack of 2; long sleeve
Girls' Shoes | 👟 | 18-60 | CZ | Light Up Sneakers; Mary Jane Shoes; Rain Boots@👢; Sandals@👡 | for little kids; hook and loop; non-slip; glitter
# boys | Boys
Boys' Clothing | 👕 | 10-45 | CS | Graphic T-Shirt; Jogger Pants@👖; Fleece Hoodie; Swim Trunks@🩳; Pajama Set | for boys 4-12; soft cotton; pack of 2; quick dry
Boys' Shoes | 👟 | 18-65 | CZ | Running Shoes; Light Up Sneakers; Water Shoes; Snow Boots@🥾 | for big kids; hook and loop; lightweight; slip on
# luggage-travel | Luggage & Travel Gear
Suitcases | 🧳 | 60-320 | c | Hardside Carry-On Spinner {20~22} Inch; Checked Luggage {24~28} Inch; Softside Expandable Suitcase; Luggage Set 3 Piece | with TSA lock; lightweight; spinner wheels; expandable
Backpacks | 🎒 | 20-140 | c | Laptop Backpack; Travel Backpack; School Backpack; Anti-Theft Backpack; Hiking Daypack | water resistant; with USB charging port; fits 15.6 inch laptop; 30L
Travel Accessories | 🛂 | 6-40 | c | Packing Cubes Set; Travel Pillow; Passport Holder; Luggage Tags; Toiletry Bag | set of 6; memory foam; RFID blocking; TSA approved
@ sports-outdoors
# exercise-fitness | Exercise & Fitness
Yoga | 🧘 | 10-80 | c | Yoga Mat {1/4~1/2} Inch; Yoga Blocks Set; Yoga Strap; Yoga Wheel; Yoga Mat Bag | extra thick; non-slip; eco friendly; with carrying strap
Strength Training | 🏋️ | 15-450 | - | Adjustable Dumbbells; Kettlebell {15~25~35} lb; Resistance Bands Set; Weight Bench; Pull Up Bar; Ab Roller | home gym; non-slip grip; pair; with carry bag
Cardio Equipment | 🚴 | 90-900 | - | Magnetic Exercise Bike; Folding Treadmill; Rowing Machine; Elliptical Trainer; Under Desk Walking Pad; Jump Rope@🪢 | quiet; with LCD monitor; foldable; 300 lb capacity
Balance & Recovery | 🤸 | 10-60 | c | Foam Roller; Stability Ball {55~65~75}cm; Balance Board; Massage Ball Set; Exercise Mat | high density; anti-burst; with pump; for physical therapy
# camping-hiking | Camping & Hiking
Tents | ⛺ | 45-400 | - | Dome Tent {2~4~6} Person; Instant Cabin Tent; Backpacking Tent; Pop Up Beach Tent; Camping Tarp | waterproof; easy setup; with rainfly; lightweight
Sleeping Bags & Pads | 🛏️ | 25-160 | c | Sleeping Bag {0~20~40} Degree; Sleeping Pad; Camping Pillow; Double Sleeping Bag; Camping Cot | lightweight; compact; for adults; with compression sack
Hiking Packs & Hydration | 🎒 | 15-340 | c | Backpacking Backpack {45~65} L; Hydration Pack; Hiking Daypack; Water Bottle {32~40} oz@🧴 | with rain cover; insulated; leak proof; BPA free
Camping Gear | 🔦 | 8-80 | c | LED Headlamp; Camping Lantern; Portable Water Filter; Camp Stove; Camping Hammock; Multi-Tool | rechargeable; waterproof; compact; for emergency
# cycling | Cycling
Bikes | 🚲 | 200-900 | c | Mountain Bike {26~27.5~29} Inch; Road Bike; Hybrid Bike; Kids Bike {16~20} Inch; Folding Bike | 21 speed; aluminum frame; disc brakes; with kickstand
Bike Accessories | 🚲 | 8-120 | c | Bike Lock; Bike Light Set; Floor Pump; Bike Phone Mount; Bike Rack; Saddle Bag | anti-theft; USB rechargeable; high pressure; quick release
Helmets & Protective Gear | ⛑️ | 20-120 | c | Bike Helmet; Kids Bike Helmet; Cycling Gloves@🧤; Knee Pads Set | lightweight; adjustable; with LED light; breathable
# team-sports | Team Sports
Basketball | 🏀 | 15-300 | - | Basketball Size {6~7}; Portable Basketball Hoop; Basketball Net; Ball Pump | indoor outdoor; official size; weather resistant; with needles
Soccer | ⚽ | 12-150 | c | Soccer Ball Size {3~4~5}; Soccer Goal; Shin Guards; Agility Cones Set | for kids; official size; pop up; training
Baseball & Softball | ⚾ | 10-200 | - | Baseball Glove {11~12} Inch; Baseball Bat; Batting Tee; Baseballs 12 Pack; Softball Glove | leather; youth; aluminum; practice
Football & Volleyball | 🏐 | 12-80 | c | Football Official Size; Volleyball; Volleyball Net Set; Football Kicking Tee | composite leather; soft touch; outdoor; portable
# water-sports | Water Sports
Swimming | 🏊 | 8-60 | c | Swim Goggles; Swim Cap; Kickboard; Swim Fins; Pool Noodles | anti-fog; for adults; for kids; UV protection
Kayaks & Paddleboards | 🛶 | 150-900 | c | Inflatable Kayak; Stand Up Paddle Board; Kayak Paddle; Life Jacket@🦺; Dry Bag | with pump; 2 person; adjustable; waterproof
# fishing-hunting | Fishing
Fishing Rods & Reels | 🎣 | 25-250 | - | Spinning Rod and Reel Combo; Telescopic Fishing Rod; Baitcasting Reel; Fly Fishing Rod | for beginners; carbon fiber; 6 ft; saltwater
Fishing Tackle | 🐟 | 6-60 | p | Fishing Lures Kit; Tackle Box; Fishing Line; Fishing Hooks Set; Soft Plastic Baits | for bass; 300 yards; assorted; with organizer
"""
