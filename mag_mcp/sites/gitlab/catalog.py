"""The generated projects of the GitLab instance: a hand-written table of about 130 projects in
the extra groups (`people.EXTRA_GROUPS`) and in personal namespaces, each tied to a *domain*
whose vocabulary drives its source code (`codegen`), its issue titles and its README.

`generated_projects()` is a pure function: namespaces of personal projects are drawn from the
generated accounts with a fixed `random.Random` stream.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .people import generated_accounts


@dataclass(frozen=True)
class Domain:
    nouns: tuple[str, ...]  # singular, snake_case: module and type names
    numbers: tuple[str, ...]  # numeric attributes of the domain's records
    texts: tuple[str, ...]  # text attributes
    features: tuple[str, ...]  # README bullets


DOMAINS: dict[str, Domain] = {
    "transit": Domain(("stop", "route", "trip", "timetable", "vehicle", "shape"),
                      ("headway_min", "stop_count", "delay_s", "distance_km"), ("agency", "direction", "service_id"),
                      ("Reads and validates GTFS feeds", "Timetables per stop and route", "Delay statistics")),
    "geo": Domain(("tile", "layer", "feature", "projection", "bbox", "style"),
                  ("zoom", "min_lat", "max_lon", "buffer_m"), ("crs", "source", "geometry_type"),
                  ("Vector and raster tiles", "Reprojection between common CRSs", "GeoJSON in and out")),
    "data": Domain(("dataset", "column", "schema", "record", "pipeline", "batch"),
                   ("row_count", "null_ratio", "size_bytes", "retries"), ("owner", "format", "partition"),
                   ("Typed schemas with validation", "Incremental batches", "CSV, JSON and Parquet readers")),
    "web": Domain(("page", "template", "handler", "session", "asset", "form"),
                  ("status_code", "max_age", "timeout_s", "port"), ("path", "method", "content_type"),
                  ("Small, fast request handlers", "Templates with layouts", "Sessions and CSRF protection")),
    "infra": Domain(("container", "image", "node", "deployment", "secret", "volume"),
                    ("replicas", "cpu_millis", "memory_mb", "restart_count"), ("namespace", "region", "tag"),
                    ("Declarative deployments", "Rolling restarts", "Secrets kept out of the logs")),
    "observability": Domain(("metric", "alert", "probe", "dashboard", "span", "incident"),
                            ("threshold", "interval_s", "p95_ms", "error_rate"), ("service", "severity", "runbook"),
                            ("Alerts with runbooks", "Latency percentiles", "Incident timelines")),
    "games": Domain(("sprite", "level", "player", "score", "tilemap", "sound"),
                    ("health", "speed", "frame", "volume"), ("sprite_sheet", "state", "controller"),
                    ("60 fps on old laptops", "Gamepad and keyboard input", "Level editor")),
    "audio": Domain(("sample", "voice", "filter", "envelope", "oscillator", "preset"),
                    ("sample_rate", "cutoff_hz", "attack_ms", "gain_db"), ("waveform", "bank", "mode"),
                    ("Low-latency audio graph", "Presets as plain files", "MIDI input")),
    "security": Domain(("scan", "finding", "rule", "token", "certificate", "policy"),
                       ("severity_score", "ttl_s", "key_bits", "max_age_days"), ("issuer", "scope", "fingerprint"),
                       ("Rules as code", "SARIF output", "Runs in CI")),
    "bio": Domain(("sequence", "read", "alignment", "variant", "specimen", "primer"),
                  ("quality", "coverage", "gc_ratio", "length_bp"), ("accession", "organism", "strand"),
                  ("FASTA and FASTQ parsing", "Quality filtering", "Reproducible pipelines")),
    "ml": Domain(("model", "feature", "dataset", "metric", "checkpoint", "batch"),
                 ("learning_rate", "epochs", "accuracy", "batch_size"), ("optimizer", "split", "device"),
                 ("Config-driven training", "Checkpoints and resumption", "Evaluation reports")),
    "commerce": Domain(("product", "cart", "order", "invoice", "coupon", "shipment"),
                       ("price_cents", "quantity", "discount_pct", "weight_g"), ("sku", "currency", "carrier"),
                       ("Carts and checkout", "Coupons and discounts", "Invoices as PDF")),
    "health": Domain(("ward", "shift", "roster", "appointment", "bed", "handover"),
                     ("capacity", "duration_min", "staff_count", "occupancy"), ("unit", "role", "priority"),
                     ("Shift rosters per ward", "Bed occupancy overview", "Handover notes")),
    "docs": Domain(("document", "heading", "link", "glossary", "rule", "site"),
                   ("word_count", "depth", "max_line", "warnings"), ("slug", "locale", "title"),
                   ("Markdown in, HTML out", "Broken link checks", "Style rules")),
    "storage": Domain(("key", "page", "segment", "snapshot", "cursor", "transaction"),
                      ("page_size", "offset", "checksum", "ttl_s"), ("codec", "bucket", "mode"),
                      ("Crash-safe writes", "Snapshots", "Range scans")),
    "compilers": Domain(("token", "lexer", "node", "parser", "symbol", "typer"),
                        ("line", "column", "precedence", "arity"), ("kind", "name", "scope"),
                        ("Hand-written recursive descent parser", "Helpful error messages", "A REPL")),
    "library": Domain(("book", "loan", "patron", "hold", "shelf", "catalog"),
                      ("copies", "due_days", "fine_cents", "year"), ("isbn", "branch", "author"),
                      ("Catalogue search", "Holds and loans", "Overdue reminders")),
    "maritime": Domain(("vessel", "berth", "tide", "voyage", "cargo", "buoy"),
                       ("length_m", "draft_m", "knots", "tide_cm"), ("call_sign", "flag", "port"),
                       ("Tide tables", "Berth planning", "AIS position feeds")),
    "astronomy": Domain(("star", "catalog", "observation", "telescope", "ephemeris", "exposure"),
                        ("magnitude", "ra_deg", "dec_deg", "seconds"), ("constellation", "filter_band", "observer"),
                        ("Star catalogues", "Observation logs", "Ephemerides for the night")),
    "schools": Domain(("student", "course", "grade", "assignment", "classroom", "term"),
                      ("score", "credits", "week", "capacity"), ("teacher", "subject", "level"),
                      ("Gradebooks", "Assignments with due dates", "Term reports")),
    "robotics": Domain(("sensor", "motor", "mission", "waypoint", "telemetry", "battery"),
                       ("depth_m", "rpm", "voltage", "heading_deg"), ("frame_id", "mode", "unit"),
                       ("Mission planning", "Telemetry logging", "Hardware-in-the-loop tests")),
    "environment": Domain(("station", "reading", "sensor", "threshold", "sample", "report"),
                          ("ph", "turbidity", "temperature_c", "oxygen_mg"), ("site", "method", "unit"),
                          ("Sensor readings with quality flags", "Threshold alerts", "Monthly reports")),
    "outdoors": Domain(("trail", "waypoint", "elevation", "hike", "photo", "plant"),
                       ("distance_km", "ascent_m", "rating", "duration_min"), ("difficulty", "region", "season"),
                       ("Offline maps", "Elevation profiles", "Plant identification notes")),
    "sports": Domain(("match", "team", "player", "goal", "season", "fixture"),
                     ("minute", "attendance", "points", "shots"), ("venue", "position", "competition"),
                     ("Match reports", "League tables", "Player statistics")),
    "tools": Domain(("command", "flag", "config", "plugin", "logger", "template"),
                    ("verbosity", "timeout_s", "max_depth", "workers"), ("name", "format", "path"),
                    ("One binary, no runtime dependencies", "Shell completions", "Plugins")),
    "coop": Domain(("member", "order", "produce", "delivery", "rota", "invoice"),
                   ("quantity", "price_cents", "share", "week"), ("supplier", "category", "pickup"),
                   ("Weekly orders", "Member shares", "Delivery rotas")),
}

# group path -> "name|language|domain|description" lines
GROUP_PROJECTS: dict[str, str] = {
    "pau-cs": """course-portal|Python|schools|Course pages, assignments and grades for the CS department.
autograder|Python|schools|Runs student submissions against test suites in containers.
campus-map|TypeScript|geo|An interactive map of the University Park campus.
thesis-template|Markdown|docs|LaTeX and Markdown templates for theses at Port Alder University.""",
    "pau-hackers": """ctf-platform|Python|security|The scoreboard and challenge server of the club's CTF.
hackathon-site|JavaScript|web|Website of the spring hackathon.
discord-bot|TypeScript|tools|The club's chat bot: reminders, polls and CTF scores.""",
    "harbor-robotics": """rov-firmware|C++|robotics|Firmware of the harbour inspection drone.
mission-planner|Python|robotics|Plans inspection missions along the piers of Alder Wharf.
telemetry-viewer|TypeScript|robotics|A browser dashboard for live drone telemetry.
sonar-tools|Rust|robotics|Processing of side-scan sonar images.""",
    "lantern-makers": """laser-queue|Ruby|tools|A booking queue for the laser cutter.
badge-firmware|C++|robotics|Firmware of the makerspace's electronic badges.
inventory|Python|coop|Tool and parts inventory of the makerspace.""",
    "alder-river-trust": """water-quality|Python|environment|Water quality readings from the Alder River stations.
volunteer-app|TypeScript|environment|An app for volunteers who take water samples.
river-dashboard|JavaScript|environment|Public dashboard of river health.""",
    "hilltop-astro": """observing-log|Python|astronomy|A log of observing nights at Hilltop Observatory.
sky-tonight|Go|astronomy|What to see tonight from Port Alder, as a small web service.
plate-solver|Rust|astronomy|Finds where a photo of the sky points.""",
    "kelp-systems": """kelp-deploy|Go|infra|Declarative deployments for small clusters.
kelp-secrets|Go|security|Encrypted secrets in Git, decrypted at deploy time.
terraform-modules|HCL|infra|Reusable Terraform modules.
kelp-agent|Rust|infra|A node agent that reports health and applies deployments.""",
    "foghorn": """foghorn|Go|observability|Alerting with runbooks and escalation.
trace-lens|TypeScript|observability|A trace viewer for distributed requests.
status-page|Ruby|observability|A static status page generator.
probe-runner|Python|observability|Synthetic checks against HTTP endpoints.""",
    "gullwing-games": """tide-runner|C++|games|A side-scrolling platformer set on the North Shore.
pixel-harbor|TypeScript|games|A cozy harbour-building game for the browser.
level-editor|Python|games|The level editor of tide-runner.
sfx-pack|Shell|audio|Build scripts for the studio's sound effects pack.""",
    "tidewater": """tidewater|Python|data|Composable data pipelines with typed schemas.
tidewater-sql|Python|data|SQL sources and sinks for tidewater.
schema-diff|Rust|data|Compares two table schemas and explains what changed.
notebook-theme|CSS|docs|A calm theme for data notebooks.""",
    "ferrywell": """booking-api|Java|maritime|Booking and seat allocation for ferry crossings.
crossing-board|TypeScript|maritime|Departure boards for ferry terminals.
tide-tables|Python|maritime|Tide predictions for the harbour mouth.""",
    "old-mill-coop": """coop-orders|Ruby|coop|Weekly produce orders of the Old Mill food co-op.
rota|Python|coop|Volunteer rotas for the co-op's shop.
coop-website|HTML|web|Public website of the co-op.""",
    "civic-tech-pa": """pothole-reporter|TypeScript|geo|Report potholes with a photo and a pin on the map.
council-minutes|Python|docs|Searchable minutes of the city council.
polling-places|JavaScript|geo|Find your polling place in Port Alder.
budget-explorer|Python|data|Explore the city's budget by department.""",
    "driftwood": """driftwood-ui|TypeScript|web|Accessible UI components.
driftwood-docs|JavaScript|docs|Documentation site of Driftwood UI.
driftwood-icons|JavaScript|web|The icon set of Driftwood UI.""",
    "beacon-security": """beacon-scan|Go|security|A dependency and secret scanner for CI.
cert-watch|Python|security|Warns before TLS certificates expire.
ctf-infra|Shell|security|Infrastructure scripts for hosting CTF challenges.
rules|YAML|security|The detection rules of beacon-scan.""",
    "saltmarsh": """reads-qc|Python|bio|Quality control of sequencing reads.
estuary-pipeline|Python|bio|The estuary sampling analysis pipeline.
primer-designer|Rust|bio|Designs PCR primers for a target sequence.""",
    "northshore-ml": """gull-classifier|Python|ml|Classifies seabird photos from the North Shore.
tiny-trainer|Python|ml|A minimal, readable training loop.
feature-store|Go|ml|A small feature store over SQLite.""",
    "quayside": """shop-connector|Python|commerce|Syncs local shops' stock with online stores.
invoice-pdf|Java|commerce|Renders invoices as PDF.
coupon-engine|Go|commerce|Rules for coupons and discounts.""",
    "pa-health": """ward-board|TypeScript|health|Bed and shift overview for ward screens.
roster|Java|health|Staff rostering for the wards of Alder General.
handover-notes|Python|health|Structured handover notes between shifts.""",
    "lighthouse-docs": """prose-lint|Go|docs|A linter for technical prose.
link-checker|Rust|docs|Finds broken links in static sites.
beam|Ruby|docs|A static site generator for documentation.""",
    "cobblestone": """cobblestone|Rust|storage|An embedded, crash-safe key-value store.
cobblestone-py|Python|storage|Python bindings for cobblestone.
cobblestone-go|Go|storage|Go driver for cobblestone.""",
    "heron-fc": """heron-stats|Python|sports|Match statistics of the Port Alder Herons.
club-website|JavaScript|sports|Website of the Port Alder Herons.""",
    "eastgate-transit": """rail-timetables|Python|transit|Regional rail timetables through Eastgate Station.
delay-model|Python|transit|Predicts delays of regional trains.
departure-board|Go|transit|A departure board service for Eastgate Station.""",
    "wharfside-audio": """harbor-synth|C++|audio|A polyphonic software synthesizer.
dsp-notes|Markdown|audio|Notes and examples on digital signal processing.
sample-manager|Python|audio|Organises sample libraries.""",
    "pa-library": """opening-hours|Python|library|Opening hours of the library branches as an API.
ebook-lending|Java|library|E-book lending service.
reading-challenge|TypeScript|library|The summer reading challenge web app.""",
    "sealion": """sealion-cli|Go|infra|Build and push container images with one command.
base-images|Shell|infra|Minimal base container images.
helm-charts|YAML|infra|Helm charts for Sealion Cloud services.""",
    "maritime-museum": """collection-db|Ruby|maritime|The museum's collection database.
kiosk|TypeScript|maritime|Touch-screen kiosks in the exhibition halls.""",
    "fernlight": """trail-notes|TypeScript|outdoors|Offline trail notes for hikers.
garden-planner|Python|outdoors|Plan a garden bed by season.
elevation-api|Go|outdoors|Elevation profiles for hiking routes.""",
    "brackish": """brackish-lang|Rust|compilers|A small, statically typed scripting language.
brackish-vscode|TypeScript|compilers|Editor support for the brackish language.
regex-engine|C++|compilers|A backtracking-free regular expression engine.
lisp-in-go|Go|compilers|A Lisp interpreter in Go, for teaching.""",
    "pa-schools": """quiz-maker|Python|schools|Make quizzes and print them.
classroom-timer|JavaScript|schools|A classroom timer for the projector.""",
}

# personal projects: "name|language|domain|description"; owners are drawn from the accounts
USER_PROJECTS = """advent-of-code-2022|Python|tools|My solutions to Advent of Code 2022.
dotfiles-nvim|Lua|tools|Neovim configuration.
homelab|YAML|infra|Configuration of my home server.
tide-clock|C++|maritime|A clock that shows the tide at Alder Wharf.
budget-cli|Rust|tools|Track monthly spending from the terminal.
recipe-box|Ruby|coop|A small recipe manager.
weather-station|Python|environment|A backyard weather station on a Raspberry Pi.
blog|HTML|docs|My personal blog.
bird-count|Python|outdoors|Counts of birds seen on the North Shore.
chess-engine|C++|games|A toy chess engine.
pomodoro|TypeScript|tools|A pomodoro timer for the browser.
json-diff|Go|tools|Structural diff of two JSON documents.
markov-poems|Python|ml|Poems from a Markov chain.
habit-tracker|Java|tools|A habit tracker for Android.
photo-sorter|Python|tools|Sorts photos into folders by date.
bus-alerts|Python|transit|Alerts when my bus is late.
cv|Markdown|docs|My CV in Markdown.
sudoku-solver|Rust|games|A fast sudoku solver.
wasm-life|Rust|games|Conway's Game of Life in WebAssembly.
ray-tracer|C++|games|A ray tracer written over a long winter.
flashcards|TypeScript|schools|Spaced-repetition flashcards.
tiny-http|Go|web|A tiny HTTP server for learning.
static-gen|Python|docs|A static site generator in 300 lines.
kanban|TypeScript|tools|A minimal kanban board.
sourdough-calc|JavaScript|coop|Baker's percentages for sourdough.
cycling-log|Python|sports|Statistics of my bike rides.
garden-sensors|C++|environment|Soil moisture sensors for the allotment.
gpx-tools|Python|outdoors|Split, merge and clean GPX tracks.
url-shortener|Go|web|A URL shortener backed by SQLite.
rss-reader|Ruby|web|A terminal RSS reader.
minesweeper|JavaScript|games|Minesweeper in the browser.
notes|Markdown|docs|Notes on everything.
dns-tools|Go|infra|Small DNS debugging tools.
tax-helper|Python|commerce|Helper scripts for my tax return.
k8s-playground|YAML|infra|Experiments with Kubernetes.
ctf-tools|Python|security|Scripts I use in CTFs.
lox-interpreter|Java|compilers|A tree-walking interpreter for Lox.
wordle-solver|Python|games|Solves Wordle in four guesses on average.
synth-patches|Shell|audio|Patches for my hardware synthesizer.
telescope-control|Python|astronomy|Controls my telescope mount over serial.
keyboard-firmware|C++|robotics|Firmware for my split keyboard.
menu-planner|TypeScript|coop|Plan a week of meals.
game-jam-2023|C#|games|Our entry to the spring game jam.
portfolio|HTML|web|My portfolio site.
data-viz|Python|data|Charts of Port Alder's open data.
mastodon-bot|Python|tools|A bot that posts the ferry departures.
log-parser|Rust|observability|Parses nginx logs into JSON lines.
iot-gateway|Go|robotics|Gateway between MQTT sensors and a database.
quiz-bot|Python|schools|A quiz bot for the classroom chat."""

# world people who own some personal projects too (the rest are drawn from generated accounts)
WORLD_OWNERS = ("jkowalski", "yusuf_kaya", "ivy_patel", "ben_foster", "kai_tanaka", "noor_a", "liam_oconnor",
                "zoe_walsh", "max_weber", "primer")


@dataclass(frozen=True)
class ProjectDef:
    path: str  # namespace/name
    name: str
    description: str
    language: str
    domain: str
    group: str | None  # group path, or None for a personal project


def generated_projects() -> list[ProjectDef]:
    """The generated projects, in id order (after the world's and `content.EXTRA_PROJECTS`)."""
    out: list[ProjectDef] = []
    for group, block in GROUP_PROJECTS.items():
        for line in block.strip().splitlines():
            name, lang, domain, desc = line.split("|")
            out.append(ProjectDef(f"{group}/{name}", name, desc, lang, domain, group))
    rng = random.Random("gitlab:personal-projects")
    accounts = [a.username for a in generated_accounts()]
    owners = list(WORLD_OWNERS) + rng.sample(accounts, 60)
    for n, line in enumerate(USER_PROJECTS.strip().splitlines()):
        name, lang, domain, desc = line.split("|")
        owner = owners[n] if n < len(WORLD_OWNERS) else rng.choice(owners[len(WORLD_OWNERS):])
        out.append(ProjectDef(f"{owner}/{name}", name, desc, lang, domain, None))
    return out
