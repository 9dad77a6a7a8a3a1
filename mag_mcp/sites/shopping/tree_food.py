"""Category tree of the generated catalogue, part 4: grocery and pets (format: `tree_personal`)."""

from __future__ import annotations

FOOD = """
@ grocery-gourmet-food
# beverages | Beverages
Coffee | ☕ | 6-40 | p | Ground Coffee {12~28~40} oz; Whole Bean Coffee {2~2.2~5} lb; Coffee Pods {24~48~72} Count; Instant Coffee; Cold Brew Coffee Concentrate | medium roast; dark roast; decaf; single origin
Tea | 🍵 | 4-30 | p | Black Tea {20~100} Tea Bags; Green Tea Bags; Herbal Tea Variety Pack; Chai Tea Latte Mix; Loose Leaf Tea {4~16} oz; Matcha Powder | caffeine free; organic; English breakfast; chamomile
Water & Sparkling Drinks | 🥤 | 6-35 | p | Sparkling Water 12 Fl Oz 24 Pack; Coconut Water; Electrolyte Drink Mix; Spring Water {16.9~33.8} Fl Oz; Flavored Water Enhancer | zero calorie; no sugar added; lime; pamplemousse
Juices & Sodas | 🧃 | 5-30 | p | Apple Juice Boxes; Orange Juice; Ginger Ale 12 Pack; Cola 12 Fl Oz Cans; Sparkling Juice; Kombucha | 100% juice; no artificial colors; caffeine free; pack of 24
# snacks-sweets | Snacks & Sweets
Chips & Crackers | 🥨 | 3-30 | p | Potato Chips Variety Pack; Tortilla Chips; Pretzels; Cheese Crackers; Pita Chips; Rice Cakes | 30 count; family size; gluten free; sea salt
Nuts & Trail Mix | 🥜 | 5-30 | p | Roasted Cashews {16~18.25~30} oz; Almonds {16~25} oz; Trail Mix Snack Packs; Mixed Nuts; Pistachios | lightly salted; unsalted; smokehouse; resealable bag
Candy & Chocolate | 🍫 | 3-30 | p | Milk Chocolate Truffles; Dark Chocolate Bar; Gummy Bears {2~5} lb@🍬; Hard Candy Assortment@🍬; Peanut Butter Cups; Chocolate Covered Almonds | party size; individually wrapped; sugar free; gift box
Snack Bars | 🍫 | 6-30 | p | Protein Bars; Granola Bars {24~49} Count; Fruit and Nut Bars; Nut Butter Filled Bars | 12 count; dark chocolate; low sugar; gluten free
Cookies & Sweets | 🍪 | 3-25 | p | Chocolate Chip Cookies; Sandwich Cookies; Shortbread Cookies Tin; Wafer Cookies; Brownie Bites | family size; variety pack; soft baked; 12 oz
# breakfast-foods | Breakfast Foods
Cereal & Oats | 🥣 | 3-30 | p | Breakfast Cereal {18~24} oz; Old Fashioned Rolled Oats {18~42} oz; Instant Oatmeal Variety Pack; Granola {11~16} oz; Muesli | whole grain; high fiber; low sugar; family size
Pancake & Waffle Mix | 🥞 | 3-28 | p | Pancake and Waffle Mix {20~32} oz; Buttermilk Pancake Mix; Protein Pancake Mix; Maple Syrup {12~32} Fl Oz@🍁 | just add water; gluten free; 100% pure; organic
Spreads | 🍯 | 3-25 | p | Peanut Butter {16~28~40} oz@🥜; Raw Honey@🍯; Strawberry Jam; Hazelnut Spread; Almond Butter@🥜 | creamy; crunchy; no sugar added; natural
# meat-substitutes | Meat Substitutes
Plant-Based Meats | 🍔 | 20-180 | p | Plant-Based Burger Patties; Plant-Based Ground Beef; Veggie Burgers; Plant-Based Chicken Tenders@🍗; Plant-Based Sausages@🌭 | frozen; pack of 8; pack of 12; soy free
Tofu & Tempeh | 🫘 | 4-40 | p | Extra Firm Tofu; Organic Tempeh; Seitan; Textured Vegetable Protein | 14 oz; organic; high protein; pack of 6
# pantry-staples | Pantry Staples
Baking Supplies | 🧁 | 3-30 | p | All-Purpose Flour {2~5~10} lb@🌾; Corn Muffin Mix {8.5~15} oz; Baking Soda; Vanilla Extract; Chocolate Chips {12~24} oz@🍫; Cake Mix | unbleached; pure; gluten free; pack of 6
Pasta & Rice | 🍝 | 2-30 | p | Spaghetti Pasta 16 oz; Penne Pasta; Jasmine Rice {5~10~20} lb@🍚; Brown Rice@🍚; Quinoa; Egg Noodles | pack of 12; organic; whole wheat; gluten free
Oils & Vinegars | 🫒 | 5-35 | p | Extra Virgin Olive Oil {1~2~3} Liter; Avocado Oil; Coconut Oil; Apple Cider Vinegar; Balsamic Vinegar | organic; cold pressed; unrefined; with the mother
Herbs & Spices | 🧂 | 2-25 | p | Ground Cinnamon; Black Pepper; Sea Salt; Garlic Powder; Spice Set 24 Jars; Italian Seasoning | 7.12 oz; organic; grinder; kosher
Canned & Jarred Food | 🥫 | 2-30 | p | Canned Tomatoes; Chicken Noodle Soup; Black Beans; Pasta Sauce@🍝; Tuna in Water@🐟; Chickpeas | 15 oz; pack of 12; low sodium; organic
Condiments & Sauces | 🥫 | 2-20 | p | Ketchup; Yellow Mustard; Mayonnaise; Hot Sauce@🌶️; BBQ Sauce; Soy Sauce | squeeze bottle; organic; gluten free; 20 oz
# fresh-gourmet | Gourmet Gifts & Fresh
Gift Baskets | 🎁 | 25-120 | - | Gourmet Gift Basket; Snack Box Care Package; Chocolate Gift Box@🍫; Fruit Gift Basket@🍎; Cheese and Crackers Gift Set@🧀 | for holidays; for birthday; assorted; deluxe
Coffee & Tea Gifts | ☕ | 15-70 | - | Coffee Sampler Gift Set; Tea Gift Set; Hot Cocoa Gift Set; Coffee Mug Gift Set | variety; holiday; with infuser; 12 flavors
@ pet-supplies
# dogs | Dogs
Dog Food | 🐕 | 10-90 | p | Dry Dog Food {4~16~30} lb; Wet Dog Food Variety Pack; Grain Free Dog Food; Puppy Food {5~15} lb; Senior Dog Food | chicken and rice; salmon and rice; high protein; natural
Dog Treats | 🦴 | 5-45 | p | Dental Dog Treats; Training Treats; Rawhide Free Chews; Jerky Dog Treats; Peanut Butter Biscuits | 36 oz; natural; for small dogs; made in USA
Dog Toys | 🎾 | 5-30 | c | Chew Toy {Small~Medium~Large}@🦴; Squeaky Plush Toy@🧸; Rope Toy@🪢; Tennis Balls 12 Pack; Puzzle Feeder | durable; for aggressive chewers; interactive; tough
Dog Beds & Crates | 🛏️ | 20-200 | c | Orthopedic Dog Bed {Medium~Large~XL}; Calming Donut Bed; Dog Crate {24~36~42} Inch; Elevated Dog Bed; Dog Sofa Cover | washable; waterproof; with removable cover; folding
Collars, Harnesses & Leashes | 🦮 | 8-45 | c | No-Pull Dog Harness {Small~Medium~Large}; Dog Collar; Retractable Dog Leash; Reflective Leash 6 ft; Dog Poop Bags {120~300} Count@🛍️ | adjustable; reflective; heavy duty; with dispenser
Dog Grooming | 🛁 | 6-50 | p | Dog Shampoo; Deshedding Brush; Nail Clippers for Dogs; Dog Wipes; Ear Cleaner | for sensitive skin; oatmeal; 100 count; vet recommended
# cats | Cats
Cat Food | 🐈 | 8-60 | p | Dry Cat Food {3~7~16} lb; Wet Cat Food Variety Pack {12~24~32} Cans; Grain Free Cat Food; Kitten Food; Indoor Cat Food | pate; chicken; salmon; high protein
Cat Litter & Boxes | 🐈 | 10-120 | p | Clumping Cat Litter {14~25~40} lb; Crystal Cat Litter; Self-Cleaning Litter Box; Covered Litter Box; Litter Mat | unscented; odor control; low dust; multi-cat
Cat Treats | 🐟 | 3-25 | p | Crunchy Cat Treats; Lickable Cat Treats; Freeze Dried Chicken Treats; Dental Cat Treats | 16 oz; tuna; chicken; 30 tubes
Cat Trees & Toys | 🐈 | 6-150 | c | Cat Tree {48~60~72} Inch; Cat Scratching Post; Interactive Cat Toy; Feather Wand Toy; Cat Tunnel | multi-level; sisal; electronic; with ball
# fish-aquatic | Fish & Aquatic Pets
Aquariums & Filters | 🐠 | 15-250 | - | Aquarium Starter Kit {5~10~20} Gallon; Aquarium Filter; Aquarium Heater; Air Pump; LED Aquarium Light | quiet; adjustable; for freshwater; with gravel
Fish Food & Care | 🐟 | 3-30 | p | Tropical Fish Flakes; Betta Fish Food; Water Conditioner; Aquarium Test Kit; Algae Wafers | 2.2 oz; 500 ml; complete nutrition; slow sinking
# small-animals-birds | Small Animals & Birds
Small Animal Supplies | 🐹 | 5-90 | p | Hamster Cage@🐹; Timothy Hay {5~10} lb@🌾; Guinea Pig Food@🐹; Small Animal Bedding; Rabbit Hutch@🐰 | natural; odor control; large; wooden
Bird Supplies | 🦜 | 5-90 | p | Bird Cage; Parakeet Seed; Bird Perches Set; Bird Toys; Cuttlebone | for parakeets; large; natural wood; 5 pack
"""
