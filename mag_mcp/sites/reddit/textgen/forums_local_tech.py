"""Forums of Port Alder, the news forums, and the technology and gear forums.

A forum that also appears in `content.FORUMS` (the hand-written seed layer) takes its
title, description and sidebar from there when these are left empty here."""

from __future__ import annotations

from .model import ForumSpec as F

_LOCAL_RULES = "Be a good neighbour.\nNo selling or self-promotion outside the weekly thread.\nKeep it about Port Alder."


def _local(name: str, title: str, description: str, weight: float, district: str, created: str,
           moderators: tuple[str, ...] = ()) -> F:
    return F(name, title, description, _LOCAL_RULES, "local", "Port Alder", weight,
             banks={"district": (district,), "district2": ("Riverside Row", "Hilltop", "Lantern Quarter", "Old Mill",
                                                          "Alder Wharf", "Eastgate", "North Shore", "University Park")},
             moderators=moderators, created_at=created)


LOCAL_FORUMS: tuple[F, ...] = (
    F("PortAlder", "", "", "", "local", "Port Alder", 900, 1.3, moderators=("ella_brooks", "harbor_hannah"),
      created_at="2020-01-15 08:00:00"),
    F("PortAlderTransit", "", "", "", "local", "Port Alder", 330, 1.0, moderators=("sam_rivera",),
      created_at="2020-02-02 08:30:00",
      banks={"thing": ("{bus}", "the ferry", "a monthly pass", "the night bus", "a folding bike"),
             "aspect": ("the bus schedule", "the transfer times", "the fare", "the bike racks", "the real-time app"),
             "local_thing": ("bike route", "park-and-ride", "bus stop with a shelter", "way to the airport"),
             "topic": ("transit in Port Alder", "commuting")}),
    _local("OldMill", "Old Mill", "The Old Mill neighbourhood: the brewery, the museum, St. Mary's and the old grain mill.",
           160, "Old Mill", "2020-05-10 09:00:00", ("ella_brooks",)),
    _local("AlderWharf", "Alder Wharf", "Alder Wharf and the harbour: the market, the ferries and the waterfront.",
           150, "Alder Wharf", "2020-05-11 09:00:00", ("harbor_hannah",)),
    _local("EastgateNeighbors", "Eastgate Neighbors", "Eastgate: the station, the mall, the stadium and the people who live around them.",
           130, "Eastgate", "2020-07-01 09:00:00"),
    _local("NorthShore", "North Shore", "Beaches, tide pools, the lighthouse and life on Port Alder's North Shore.",
           110, "North Shore", "2020-08-15 09:00:00", ("tom_baker",)),
    _local("PortAlderUniversity", "Port Alder University", "Students, staff and neighbours of Port Alder University.",
           180, "University Park", "2020-03-20 09:00:00", ("zoe_walsh",)),
    _local("PortAlderEvents", "Port Alder Events", "Concerts, markets, fairs, talks and meetups around Port Alder.",
           170, "Lantern Quarter", "2020-04-04 09:00:00", ("chloe_martin",)),
    _local("PortAlderHousing", "Port Alder Housing", "Renting, buying and living in Port Alder: questions, listings and tenant advice.",
           140, "Riverside Row", "2020-06-06 09:00:00"),
)

NEWS_FORUMS: tuple[F, ...] = (
    F("news", "", "", "", "news", "News", 820, 1.4, created_at="2020-01-10 09:20:00",
      banks={"headline": ("City budget vote delayed again", "State expands free school meals", "Wildfire season expected to start early",
                          "Rail strike talks resume", "New data shows rents leveling off", "Port workers ratify contract",
                          "Heat wave prompts cooling centers to open", "Supreme court hears water rights case",
                          "Minimum wage rises in three states", "Bridge inspection finds hundreds need repairs",
                          "Teachers' union reaches tentative deal", "Flu season arrives early this year",
                          "Airline fined over refund delays", "Record turnout in local elections",
                          "Housing starts fall for a third month", "Libraries report surge in card sign-ups",
                          "Drought restrictions eased after wet spring", "Hospital staffing shortages ease slightly"),
             "topic": ("local politics", "housing", "public transit", "the economy", "health care")}),
    F("worldnews", "", "", "", "news", "News", 760, 1.4, created_at="2020-01-10 09:25:00",
      banks={"headline": ("Coastal nations sign fishing agreement", "Central bank holds interest rates steady",
                          "Glacier retreat accelerates, survey finds", "Election results contested in capital",
                          "Trade talks stall over farm subsidies", "Volcano eruption disrupts flights",
                          "New high-speed rail line opens between two capitals", "Heatwave sets records across the continent",
                          "Aid convoy reaches flooded region", "Summit ends without a climate deal",
                          "Currency falls to a ten-year low", "Archaeologists uncover a Roman harbor",
                          "Ceasefire holds for a second week", "Ocean treaty ratified by sixty countries",
                          "Wheat prices surge after poor harvest", "Protests over fuel prices spread"),
             "topic": ("world politics", "climate", "trade", "diplomacy")}),
    F("UpliftingNews", "Uplifting News", "News that makes you feel good: kindness, progress and small wins.",
      "Positive news only.\nLink to the article, not a summary.\nNo politics.", "news", "News", 260, 0.9,
      created_at="2020-06-01 10:00:00",
      banks={"headline": ("Retired ferry captain teaches kids to sail for free", "Library clears all overdue fines",
                          "Neighbours rebuild elderly man's fence overnight", "Rescued sea lion released at North Shore",
                          "School garden feeds 200 families", "Stranger returns lost wedding ring found on beach",
                          "Bakery gives leftover bread to shelters every night", "Community raises money for a new playground",
                          "Teen builds free repair cafe for bikes", "Hospital nurses knit hats for every newborn"),
             "topic": ("kindness", "community")}),
    F("nottheonion", "Not the Onion", "True stories so ridiculous you'd think they came from a satire site.",
      "Headlines must be the original title.\nNo satire sites.\nNo editorialising.", "news", "News", 240, 1.0,
      created_at="2020-06-15 10:00:00",
      banks={"headline": ("Man calls police because his pizza had too few toppings", "Town elects cat as honorary mayor for third term",
                          "Goose blocks traffic on bridge for two hours", "Council spends $40,000 on study of why meetings run long",
                          "Seagull steals a tourist's phone and it still works", "Library book returned 80 years late with apology note",
                          "Parking ticket issued to a parked boat", "Man accidentally joins search party looking for himself",
                          "Robot vacuum escapes office, found at bus stop", "Raccoon sets off fire alarm at bakery twice in one week"),
             "topic": ("weird news",)}),
    F("technology", "", "", "", "news", "Technology", 700, 1.3, created_at="2020-01-10 09:30:00",
      banks={"headline": ("Phone makers agree on a common charging port", "Streaming service raises prices again",
                          "Nimbus Cloud outage takes down thousands of sites", "New law requires repairable electronics",
                          "Chipmaker announces factory in Oregon", "Social network rolls out paid verification",
                          "Orbital Devices unveils foldable tablet", "Satellite internet reaches rural schools",
                          "Password leak affects millions of accounts", "Heliograph AI releases open model weights",
                          "E-bike sales overtake electric cars in Europe", "Browser blocks third-party cookies by default",
                          "Quanta Mobile recalls overheating chargers", "City of Port Alder launches open data portal"),
             "topic": ("tech news", "privacy", "big tech", "right to repair")}),
    F("Futurology", "Futurology", "Future developments in science, technology and society.",
      "Posts should be about the future.\nNo low-effort speculation.\nBe civil.", "news", "News", 260, 1.1,
      created_at="2020-09-01 10:00:00",
      banks={"headline": ("Solid-state batteries could reach cars by 2027", "Lab-grown meat approved for sale in two countries",
                          "Four-day work week trial ends with most companies keeping it", "Offshore wind farm to power 500,000 homes",
                          "Self-driving buses start trials in three cities", "Researchers print a working heart valve",
                          "Vertical farms cut water use by 90 percent", "Fusion experiment sustains plasma for record time"),
             "topic": ("the future of work", "clean energy", "automation")}),
    F("environment", "Environment", "News and discussion about the environment, climate and conservation.",
      "Cite your sources.\nNo doom-posting without context.", "news", "News", 180, 1.0, created_at="2020-10-10 10:00:00",
      banks={"headline": ("River cleanup removes ten tons of trash", "Salmon return to a restored creek",
                          "City bans single-use plastic bags", "Kelp forests recovering along the coast",
                          "Report finds air quality improving in Port Alder", "Wetland restoration project gets funding"),
             "topic": ("climate", "conservation", "pollution")}),
)

_TECH_RULES = "Be nice to beginners.\nNo blog spam.\nPost code as text, not screenshots.\nShow: posts must link the code."


def _tech(name: str, title: str, description: str, weight: float, created: str,
          moderators: tuple[str, ...] = (), *, banks: dict, rules: str = _TECH_RULES, family: str = "tech",
          category: str = "Technology", chatter: float = 1.0) -> F:
    return F(name, title, description, rules, family, category, weight, chatter, banks=banks, moderators=moderators,
             created_at=created)


TECH_FORUMS: tuple[F, ...] = (
    _tech("programming", "", "", 520, "2020-01-10 10:30:00", moderators=("byteblaze", "jkowalski"), rules="", banks={
        "thing": ("SQLite", "PostgreSQL", "Git", "Docker", "Make", "a monorepo", "GitLab CI", "Emacs", "Vim", "VS Code"),
        "maker": ("the Python core team", "the Rust team", "the Go team", "the PostgreSQL developers", "Alder Labs"),
        "topic": ("code review", "testing", "databases", "CI pipelines", "version control", "refactoring")}),
    _tech("Python", "Python", "News, questions and projects about the Python programming language.", 330, "2020-04-01 10:00:00",
          ("noor_a",), banks={
              "thing": ("pytest", "FastAPI", "Django", "pandas", "Polars", "asyncio", "type hints", "uv", "Jupyter", "SQLAlchemy", "Pydantic"),
              "maker": ("the Python core team", "the PSF", "the pandas maintainers"),
              "topic": ("packaging", "async code", "data analysis", "web backends", "testing in Python")}),
    _tech("rust", "Rust", "The Rust programming language: help, news and projects.", 230, "2020-05-01 10:00:00",
          ("liam_oconnor",), banks={
              "thing": ("tokio", "serde", "clap", "the borrow checker", "cargo", "rayon", "axum", "async Rust"),
              "maker": ("the Rust team", "the tokio maintainers"), "topic": ("lifetimes", "async Rust", "error handling", "embedded Rust")}),
    _tech("javascript", "JavaScript", "JavaScript, TypeScript and the web platform.", 230, "2020-05-15 10:00:00",
          ("primer",), banks={
              "thing": ("TypeScript", "React", "Svelte", "Vite", "Node", "Deno", "esbuild", "Web Components"),
              "maker": ("the TC39 committee", "the React team", "browser vendors"), "topic": ("front-end tooling", "state management", "accessibility", "bundlers")}),
    _tech("linux", "Linux", "All things Linux: distributions, desktops, servers and the command line.", 260, "2020-03-01 10:00:00",
          banks={"thing": ("Debian", "Arch", "Fedora", "systemd", "Wayland", "zsh", "tmux", "a tiling window manager", "btrfs"),
                 "maker": ("the Debian project", "the kernel developers", "GNOME"), "topic": ("dotfiles", "desktop Linux", "the command line", "package managers")}),
    _tech("selfhosted", "Self-hosted", "Running your own services: media servers, backups, home automation and more.", 200, "2020-08-01 10:00:00",
          banks={"thing": ("a Raspberry Pi", "Nextcloud", "Jellyfin", "a reverse proxy", "WireGuard", "Home Assistant", "restic", "a NAS"),
                 "maker": ("the Nextcloud team", "the Home Assistant devs"), "topic": ("backups", "home automation", "media servers", "DNS")}),
    _tech("homelab", "Homelab", "Servers, racks and networking at home.", 150, "2020-09-15 10:00:00",
          banks={"thing": ("a used enterprise server", "a mini PC", "Proxmox", "a managed switch", "a UPS", "ZFS", "VLANs"),
                 "maker": ("Dell", "Ubiquiti", "Synology"), "topic": ("networking", "virtualisation", "power usage", "cable management")}),
    _tech("cybersecurity", "Cybersecurity", "Security news, careers, CTFs and defence.", 200, "2020-06-20 10:00:00", ("ivy_patel",),
          banks={"thing": ("a password manager", "hardware security keys", "two-factor auth", "a CTF", "Wireshark", "a bug bounty"),
                 "maker": ("the CTF team", "a security researcher"), "topic": ("phishing", "incident response", "CTFs", "threat modelling")}),
    _tech("MachineLearning", "", "", 300, "2020-02-01 10:30:00", ("noor_a",), rules="", banks={
        "thing": ("LoRA fine-tuning", "diffusion models", "retrieval-augmented generation", "vision transformers", "gradient boosting",
                  "mixture of experts", "4-bit quantization", "contrastive learning", "speculative decoding", "a small language model"),
        "maker": ("Heliograph AI", "a university lab", "the PAU machine learning group"),
        "topic": ("training on a budget", "evaluation", "tabular data", "reproducibility", "time series forecasting")}),
    _tech("deeplearning", "Deep Learning", "Neural networks: architectures, training tricks, hardware and papers.", 150, "2020-11-01 10:00:00",
          banks={"thing": ("PyTorch", "JAX", "mixed precision", "a learning rate warm-up", "batch norm", "an RTX 4090", "gradient checkpointing"),
                 "maker": ("Heliograph AI", "the PyTorch team"), "topic": ("training stability", "GPUs", "transformers", "fine-tuning")}),
    _tech("datascience", "Data Science", "Careers, tools and questions for data scientists and analysts.", 180, "2020-07-07 10:00:00",
          ("noor_a",), banks={"thing": ("SQL", "dbt", "a notebook", "pandas", "R", "a dashboard", "DuckDB", "A/B tests"),
                              "maker": ("the analytics team", "a hiring manager"), "topic": ("interviews", "SQL", "dashboards", "statistics")}),
    _tech("coolgithubprojects", "Cool Git Projects", "Share open-source projects you made or found (any forge, GitLab welcome).",
          150, "2021-01-10 10:00:00", rules="Link the repository.\nSay what it does in the title.\nYour own projects are welcome.",
          banks={"thing": ("a tiny static site generator", "a terminal dashboard", "a map tile cache", "a note-taking CLI", "a queue on SQLite"),
                 "maker": ("a solo maintainer", "Alder Labs", "a student"), "topic": ("open source", "side projects")}),
)

GEAR_FORUMS: tuple[F, ...] = (
    F("gadgets", "", "", "", "gear", "Technology", 300, 1.0, created_at="2020-02-01 10:00:00", banks={
        "thing": ("a {brand} e-reader", "a {brand} smartwatch", "a robot vacuum", "a {brand} power bank", "a portable SSD",
                  "a mesh Wi-Fi system", "an action camera", "a smart thermostat", "a USB-C hub", "a portable projector"),
        "maker": ("Anker", "Sony", "Apple", "Logitech", "SAMSUNG", "Philips", "Belkin"),
        "unit": ("gadget", "smartwatch", "e-reader", "power bank"),
        "aspect": ("the battery life", "the build quality", "the app", "the price", "the screen")}),
    F("headphones", "", "", "", "gear", "Technology", 220, 1.0, created_at="2020-03-15 10:00:00", banks={
        "thing": ("the Sony WH-1000XM5", "the Bose QuietComfort 45", "the Sennheiser HD 600", "AirPods Pro", "the Audio-Technica ATH-M50x",
                  "the Beyerdynamic DT 770", "the Jabra Elite 85t", "the Moondrop Aria", "the Shure SE215", "the Sony WF-1000XM4"),
        "maker": ("Sony", "Bose", "Sennheiser", "Audio-Technica", "JBL", "Apple"), "unit": ("headphone", "pair of earbuds", "IEM"),
        "aspect": ("the soundstage", "the noise cancelling", "the bass", "the clamping force", "the comfort", "the mic quality")}),
    F("buildapc", "Build a PC", "Planning, building and troubleshooting your own computer.",
      "Include your budget and country.\nUse a parts list.\nNo piracy.", "gear", "Technology", 260, 1.1,
      created_at="2020-04-20 10:00:00", banks={
          "thing": ("an RTX 4070", "a Ryzen 7 7700X", "32 GB of DDR5", "a 2 TB NVMe drive", "a 750 W power supply", "an air cooler",
                    "a mini-ITX case", "a 1440p monitor"),
          "maker": ("AMD", "Nvidia", "Intel", "Corsair", "Noctua"), "unit": ("build", "graphics card", "case"),
          "aspect": ("the thermals", "the cable management", "the noise", "the price to performance", "the airflow")}),
    F("apple", "Apple", "Apple products, news and help.", "No rumour spam.\nHelp questions in the weekly thread.", "gear",
      "Technology", 200, 1.0, created_at="2020-06-01 11:00:00", banks={
          "thing": ("a MacBook Air", "an iPad mini", "the Apple Watch", "AirPods Pro", "an iPhone 14", "a Mac mini", "an AirTag"),
          "maker": ("Apple",), "unit": ("MacBook", "iPad", "iPhone"),
          "aspect": ("the battery life", "the keyboard", "the screen", "the price", "the ecosystem")}),
    F("cars", "Cars", "Cars: buying, owning, fixing and loving them.", "No sales posts.\nBe civil in brand debates.", "gear",
      "Technology", 200, 1.1, created_at="2020-05-05 10:00:00", banks={
          "thing": ("a used Corolla", "a Subaru Outback", "a Civic hatchback", "a Mazda Miata", "an old Volvo wagon", "a Ford Maverick"),
          "maker": ("Toyota", "Honda", "Subaru", "Mazda", "Ford", "Volvo"), "unit": ("car", "wagon", "hatchback"),
          "aspect": ("the fuel economy", "the reliability", "the insurance cost", "the cargo space", "the handling"),
          "problem": ("makes a grinding noise when braking", "has a check engine light", "won't start in the cold"),
          "fix": ("get the brakes checked", "read the code at an auto parts store", "test the battery")}),
    F("electricvehicles", "Electric Vehicles", "EVs, charging, batteries and the road trips in between.",
      "Be civil.\nNo brand wars.", "gear", "Technology", 150, 1.1, created_at="2021-02-01 10:00:00", banks={
          "thing": ("a used Leaf", "a Model 3", "an Ioniq 5", "a Bolt", "a home charger", "an e-bike"),
          "maker": ("Tesla", "Hyundai", "Kia", "Nissan", "Chevy"), "unit": ("EV", "charger"),
          "aspect": ("the range", "the charging speed", "the winter range", "the insurance", "the charging network")}),
)
