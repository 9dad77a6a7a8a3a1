"""Category tree of the generated catalogue, part 3: electronics, phones, video games (format: `tree_personal`)."""

from __future__ import annotations

TECH = """
@ electronics
# headphones | Headphones
Over-Ear Headphones | 🎧 | 20-380 | c | Wireless Noise Cancelling Headphones; Bluetooth Over-Ear Headphones; Studio Monitor Headphones; Wired Over-Ear Headphones; Kids Headphones | with microphone; 40 hour battery; foldable; hi-fi bass
Earbuds | 🎧 | 10-280 | c | True Wireless Earbuds; Noise Cancelling Earbuds; Wired Earbuds with Microphone; Sport Earbuds with Ear Hooks; Open Ear Headphones | waterproof; with charging case; in-ear; long battery life
On-Ear Headphones | 🎧 | 15-150 | c | Wireless On-Ear Headphones; Foldable On-Ear Headphones; Kids On-Ear Headphones with Volume Limit | lightweight; with microphone; pure bass; 30 hour battery
Headphone Accessories | 🎧 | 5-40 | c | Headphone Stand; Replacement Ear Pads; Headphone Case; Headphone Splitter; Bluetooth Audio Transmitter | for Sony; universal; memory foam; hard shell
# computers-accessories | Computers & Accessories
Laptops | 💻 | 250-1600 | c | Laptop {14~15.6} Inch; 2-in-1 Touchscreen Laptop; Chromebook {11.6~14} Inch; Gaming Laptop; Ultrabook {13~14} Inch | 8GB RAM; 16GB RAM; 512GB SSD; backlit keyboard
Keyboards & Mice | ⌨️ | 10-150 | c | Wireless Keyboard; Mechanical Gaming Keyboard; Bluetooth Keyboard; Wireless Mouse@🖱️; Ergonomic Vertical Mouse@🖱️; Keyboard and Mouse Combo; Mouse Pad@🖱️ | multi-device; rechargeable; silent click; RGB backlit
Monitors | 🖥️ | 100-600 | c | Computer Monitor {24~27~32} Inch; Curved Gaming Monitor; Portable Monitor 15.6 Inch; 4K UHD Monitor; Monitor Arm Mount | 1080p; 144Hz; IPS; with speakers
Data Storage | 💾 | 8-180 | c | USB Flash Drive {32GB~64GB~128GB~256GB}; Portable SSD {500GB~1TB~2TB}; External Hard Drive {1TB~2TB~4TB}; microSD Card {64GB~128GB~256GB}@💾; NVMe SSD {1TB~2TB} | USB 3.0; USB-C; high speed; with adapter
Networking | 📶 | 15-300 | - | WiFi Router; Mesh WiFi System 3 Pack; USB WiFi Adapter; WiFi Range Extender; Ethernet Cable {10~25~50} ft; Network Switch 8 Port | dual band; AC1200; gigabit; WiFi 6
Laptop Accessories | 💼 | 10-90 | c | Laptop Sleeve {13~14~15.6} Inch; Laptop Stand@💻; USB C Hub; Laptop Cooling Pad; Laptop Backpack@🎒; Docking Station | water resistant; aluminum; 7-in-1; with 4K HDMI
Webcams & Audio | 📹 | 20-200 | c | 1080p Webcam; 4K Webcam; USB Microphone@🎙️; Computer Speakers@🔊; Ring Light@💡 | with privacy cover; plug and play; for streaming; with tripod
# camera-photo | Camera & Photo
Cameras | 📷 | 60-1200 | c | DSLR Camera with {18-55mm~18-135mm} Lens; Mirrorless Camera; Instant Camera@📸; Digital Camera for Kids; Point and Shoot Camera | 24MP; 4K video; with WiFi; with memory card
Action Cameras & Drones | 📹 | 60-900 | c | Waterproof Action Camera; Camera Drone with 4K Camera@🚁; Mini Drone for Kids@🚁; 360 Camera; Action Camera Mount Kit | 4K; with remote; foldable; image stabilization
Camera Accessories | 📷 | 10-150 | c | Camera Tripod {50~60~72} Inch; Camera Bag; SD Memory Card {64GB~128GB~256GB}@💾; Camera Lens Cleaning Kit; Camera Strap; Camera Battery Charger@🔋 | lightweight; waterproof; V30; for Canon
Security Cameras | 📹 | 25-250 | c | Wireless Security Camera; Video Doorbell@🔔; Indoor Pet Camera; Outdoor Floodlight Camera; Baby Monitor@👶 | 1080p; night vision; two-way audio; battery powered
# home-audio | Home Audio
Smart Speakers | 🔊 | 25-300 | c | Smart Speaker with Voice Assistant; Smart Display {8~10} Inch@🖥️; Wireless Speaker for Multiroom; Smart Alarm Clock@⏰ | with Alexa; WiFi; charcoal; room-filling sound
Bluetooth Speakers | 🔊 | 15-260 | c | Portable Bluetooth Speaker; Waterproof Bluetooth Speaker; Party Speaker with Lights; Shower Speaker; Mini Bluetooth Speaker | 24 hour playtime; IP67; loud stereo; with microphone
Soundbars & Home Theater | 🔈 | 60-800 | c | Soundbar {2.0~2.1~5.1} Channel; Soundbar with Subwoofer; Home Theater System; Bookshelf Speakers Pair; AV Receiver | Dolby Atmos; wireless; HDMI ARC; bluetooth
Turntables & Radios | 📻 | 25-300 | c | Vinyl Record Player; Bluetooth Turntable; Portable Radio; Shower Radio; CD Player@💿 | with speakers; 3 speed; AM FM; rechargeable
# television-video | Television & Video
Televisions | 📺 | 130-1200 | - | Smart TV {32~40~43~50~55~65} Inch; 4K UHD Smart TV {50~55~65} Inch; QLED TV {55~65} Inch; Portable TV | with Roku TV; HDR; Dolby Vision; 1080p
Streaming Media Players | 📡 | 25-180 | c | 4K Streaming Stick; Streaming Device with Voice Remote; Streaming Box; HDMI Wireless Display Adapter | HDR; dolby atmos; WiFi 6; plug and play
TV Accessories | 📺 | 6-80 | c | TV Wall Mount {32-55~42-75~55-90} Inch; HDMI Cable {3~6~10} Feet; Universal Remote; TV Antenna; Cable Management Kit; HDMI Switch | full motion; high speed; 4K; 3 pack
# wearable-technology | Wearable Technology
Smartwatches | ⌚ | 30-400 | c | Smartwatch {41~45}mm; Fitness Tracker; Kids Smartwatch; GPS Running Watch; Smart Ring@💍 | heart rate monitor; waterproof; sleep tracking; with GPS
Wearable Accessories | ⌚ | 6-40 | c | Watch Band {38~41~45}mm; Screen Protector for Smartwatch; Charging Dock; Fitness Tracker Band Replacement | silicone; stainless steel; sport band; 3 pack
# batteries-power | Batteries & Power
Batteries | 🔋 | 6-40 | p | AA Batteries {20~24~48} Count; AAA Batteries {20~24~36} Count; Rechargeable AA Batteries; 9V Batteries; Coin Cell Batteries CR2032; Battery Charger | alkaline; long lasting; NiMH; 10 year shelf life
Power Strips & Surge Protectors | 🔌 | 10-60 | c | Surge Protector Power Strip {6~8~12} Outlet; Power Strip with USB; Outlet Extender; Travel Adapter; UPS Battery Backup@🔋 | 6 ft cord; flat plug; 2100 joules; wall mount
@ cell-phones-accessories
# cases-holsters-sleeves | Cases, Holsters & Sleeves
iPhone Cases | 📱 | 8-45 | c | Phone Case for iPhone {12~13~14~15} Pro Max; Clear Case for iPhone {13~14~15}; Wallet Case for iPhone {13~14}; MagSafe Case for iPhone {14~15}; Rugged Case for iPhone {12~13~14} | shockproof; slim; with camera protection; with card holder
Samsung Cases | 📱 | 8-40 | c | Phone Case for Galaxy S{21~22~23} Ultra; Clear Case for Galaxy S{22~23}; Wallet Case for Galaxy A{13~14~54}; Rugged Case for Galaxy S{22~23} | with kickstand; slim fit; shockproof; with screen protector
Pixel & Other Cases | 📱 | 8-35 | c | Phone Case for Pixel {6~7~8}; Phone Case for OnePlus {10~11}; Phone Case for Moto G; Silicone Case for Pixel {7~8} Pro | matte; anti-scratch; drop protection; soft TPU
Phone Holsters & Sleeves | 📱 | 8-35 | c | Belt Clip Holster; Phone Pouch; Waterproof Phone Pouch; Crossbody Phone Lanyard; Armband for Running | universal; leather; IPX8; adjustable
# chargers-cables-adapters | Chargers, Cables & Adapters
Wall Chargers | 🔌 | 10-60 | c | USB C Charger {20W~30W~65W}; Dual Port Wall Charger; GaN Charger 3 Port; Fast Charger Block 2 Pack | compact; PD 3.0; for iPhone; foldable plug
Charging Cables | 🔌 | 6-30 | p | USB C to USB C Cable {3~6~10} ft; USB C to Lightning Cable {3~6} ft; Micro USB Cable; Braided Charging Cable 3 Pack; Magnetic Charging Cable | MFi certified; fast charging; nylon braided; 100W
Wireless Chargers | 🔋 | 12-150 | c | Wireless Charging Pad; 3-in-1 Wireless Charging Station; Magnetic Wireless Charger; Wireless Charging Stand | 15W; Qi certified; with adapter; for iPhone and AirPods
Power Banks | 🔋 | 15-90 | c | Portable Charger {5000~10000~20000}mAh; Magnetic Power Bank; Solar Power Bank; Power Bank with Built-in Cables | ultra compact; fast charging; USB C; LED display
Car Chargers & Mounts | 🚗 | 8-45 | c | Car Charger Dual USB; Car Phone Mount; Magnetic Car Mount; Wireless Car Charger Mount; FM Transmitter | for dashboard; air vent; 360 rotation; with QC 3.0
Adapters & Dongles | 🔌 | 6-30 | c | Lightning to 3.5mm Headphone Adapter; USB C to 3.5mm Adapter; USB C to USB Adapter 2 Pack; SIM Card Adapter Kit | MFi certified; hi-res audio; OTG; aluminum
# screen-protectors | Screen Protectors
iPhone Screen Protectors | 🛡️ | 6-45 | p | Tempered Glass Screen Protector for iPhone {12~13~14~15}; Privacy Screen Protector for iPhone {13~14~15}; Camera Lens Protector for iPhone {14~15} Pro | 3 pack; 9H hardness; with installation frame; case friendly
Android Screen Protectors | 🛡️ | 6-30 | p | Screen Protector for Galaxy S{21~22~23}; Screen Protector for Pixel {6~7~8}; Matte Screen Protector for Pixel {7~8}; Hydrogel Film for Galaxy | 2 pack; anti-glare; fingerprint compatible; bubble free
Tablet Screen Protectors | 🛡️ | 8-30 | p | Screen Protector for iPad {9~10}th Generation; Paperfeel Screen Protector for iPad; Screen Protector for Galaxy Tab; Screen Protector for Kindle | tempered glass; for drawing; anti-glare; 2 pack
# cell-phones | Cell Phones & Tablets
Unlocked Cell Phones | 📱 | 90-900 | c | Unlocked Smartphone {64GB~128GB~256GB}; Flip Phone for Seniors; Rugged Smartphone; Renewed Smartphone 128GB | 5G; dual SIM; 48MP camera; 6.5 inch display
Tablets | 📱 | 60-700 | c | Tablet {8~10.1~11} Inch; Kids Tablet with Case; Drawing Tablet@✏️; E-Reader@📖 | 64GB; WiFi; with stylus; 1080p display
Phone Grips & Stands | 🤳 | 5-30 | c | Phone Grip; Phone Stand for Desk; Ring Holder; Selfie Stick Tripod; Phone Tripod Mount | collapsible; adjustable; with remote; 360 rotation
@ video-games
# playstation-4 | PlayStation 4
Accessories | 🎮 | 10-300 | c | Wireless Controller for PS4; Controller Charging Station for PS4; Gaming Headset for PS4@🎧; External Hard Drive for PS4 {1TB~2TB}@💾; Thumb Grips for PS4; Vertical Stand for PS4 | with dual vibration; LED indicator; officially licensed; fast charging
Games | 🕹️ | 10-60 | g | PlayStation 4 | Standard Edition; Game of the Year Edition; Deluxe Edition; Complete Edition
# nintendo-switch | Nintendo Switch
Accessories | 🎮 | 8-80 | c | Carrying Case for Switch; Game Card Case {12~24~48} Slots; Controller for Switch; Joy-Con Charging Dock; Screen Protector for Switch OLED@🛡️; Switch Grip Case | hard shell; travel; with 20 game slots; wireless
Games | 🕹️ | 20-70 | g | Nintendo Switch | Standard Edition; Deluxe Edition; Bundle Edition
# xbox | Xbox
Accessories | 🎮 | 10-180 | c | Wireless Controller for Xbox Series X; Rechargeable Battery Pack for Xbox@🔋; Gaming Headset for Xbox@🎧; Storage Expansion Card for Xbox@💾; Controller Charging Dock; Elite Controller Thumbsticks | with USB-C cable; officially licensed; low latency; 1TB
Games | 🕹️ | 15-70 | g | Xbox Series X; Xbox One | Standard Edition; Gold Edition; Ultimate Edition
# playstation-5 | PlayStation 5
PS5 Accessories | 🎮 | 12-200 | c | Wireless Controller for PS5; Charging Station for PS5 Controller; Cooling Fan for PS5; PS5 Console Cover Plates; Media Remote for PS5 | with LED light; dual charger; officially licensed; dustproof
PS5 Games | 🕹️ | 20-70 | g | PlayStation 5 | Standard Edition; Launch Edition; Deluxe Edition
# pc-gaming | PC Gaming
Gaming Mice & Keyboards | 🖱️ | 15-180 | c | Gaming Mouse; Wireless Gaming Mouse; Mechanical Gaming Keyboard@⌨️; Gaming Mouse Pad XL; Gaming Keyboard and Mouse Combo@⌨️ | RGB; 16000 DPI; hot swappable; lightweight
Gaming Headsets & Chairs | 🎧 | 20-400 | c | Wired Gaming Headset; Wireless Gaming Headset; Gaming Chair@🪑; Streaming Microphone@🎙️; Capture Card@💾 | with noise cancelling mic; 7.1 surround; ergonomic; for PC
Controllers & Sim Racing | 🕹️ | 20-400 | c | PC Game Controller; Racing Wheel with Pedals; Flight Joystick; Arcade Fight Stick | wired; force feedback; for PC and consoles; programmable
# retro-gaming | Retro Gaming
Retro Consoles | 👾 | 25-150 | c | Retro Game Console with 500 Games; Handheld Game Console; Mini Arcade Machine@🕹️; Retro Controller USB 2 Pack@🎮 | plug and play; HDMI; portable; for TV
@ toys-games
# building-toys | Building Toys
Building Sets | 🧱 | 10-350 | - | Creative Brick Box {500~900~1500} Pieces; Building Kit Castle; Building Set Vehicle; Building Blocks Bulk Set; Technic Building Kit | for kids 6+; compatible with major brands; storage box included; STEM
Magnetic & Stacking | 🧲 | 15-120 | - | Magnetic Tiles {60~100} Piece Set; Stacking Blocks; Magnetic Building Sticks; Wooden Blocks Set | clear colors; for toddlers; STEM; with storage bag
# puzzles-board-games | Puzzles & Board Games
Jigsaw Puzzles | 🧩 | 8-30 | - | Jigsaw Puzzle {500~1000~1500} Piece; Kids Puzzle {48~100} Piece; Wooden Jigsaw Puzzle; Puzzle Mat Roll Up | landscape; for adults; glow in the dark; with poster
Board Games | 🎲 | 10-60 | - | Strategy Board Game; Family Board Game; Trivia Game; Word Game; Cooperative Board Game | for 2-6 players; ages 8 and up; game night; classic edition
Card Games | 🃏 | 5-30 | - | Card Game; Party Card Game; Playing Cards {2~4~12} Pack; Kids Card Game | for adults; family edition; travel size; fast paced
# dolls-stuffed-animals | Dolls & Stuffed Animals
Stuffed Animals | 🧸 | 8-100 | c | Plush Teddy Bear {12~18~24} Inch; Stuffed Animal Frog@🐸; Plush Bunny@🐰; Giant Stuffed Dog@🐶; Plush Dinosaur@🦖; Squishy Plush Pillow | super soft; huggable; for kids; collectible
Dolls & Accessories | 🪆 | 10-180 | c | Fashion Doll; Baby Doll; Dollhouse@🏠; Doll Clothes Set; Doll Stroller | with accessories; 12 inch; for girls 3+; pretend play
# toy-vehicles | Toy Vehicles & Remote Control
Remote Control Toys | 🚗 | 20-150 | c | RC Car; Remote Control Truck@🚚; RC Stunt Car; Remote Control Boat@🚤; RC Helicopter@🚁 | 4WD; rechargeable; 2.4GHz; all terrain
Toy Cars & Trains | 🚂 | 8-90 | c | Die-Cast Car Set; Wooden Train Set; Race Track Set@🏎️; Toy Truck@🚚; Car Carrier Transporter@🚚 | for toddlers; 20 piece; with lights and sounds; pull back
# learning-arts | Learning & Arts
STEM Toys | 🔬 | 12-120 | - | Science Kit; Coding Robot@🤖; Crystal Growing Kit; Microscope for Kids; Telescope for Kids@🔬 | for kids 8-12; educational; with experiments; STEM
Arts & Crafts | 🖍️ | 6-45 | - | Art Set {85~150} Piece; Washable Paint Set@🎨; Modeling Clay Kit; Bracelet Making Kit@📿; Sticker Book | for kids; non-toxic; with carrying case; creative
# outdoor-play | Outdoor Play
Outdoor Toys | 🪁 | 10-200 | c | Kite; Bubble Machine@🫧; Water Blaster Guns@🔫; Sandbox Toys Set; Trampoline@🤸; Swing Set | for kids; large; easy to fly; with net
Ride-Ons | 🛴 | 30-300 | c | Kick Scooter; Balance Bike@🚲; Electric Ride On Car@🚗; Skateboard@🛹; Roller Skates@🛼 | for kids 3-5; adjustable height; LED wheels; lightweight
"""
