"""Fixed content of the GitLab seed: groups, extra projects, per-project details, hand-written
issues and merge requests, and the phrase pools the generator draws from.

Hand-written items are the ones task writers can rely on by title; generated items fill
each project up to its issue / merge request count.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..world import Project

DEFAULT_USER = "byteblaze"
PASSWORD = "hello1234"
ROLES = ("Guest", "Reporter", "Developer", "Maintainer", "Owner")
ACCESS_LEVEL = {"Guest": 10, "Reporter": 20, "Developer": 30, "Maintainer": 40, "Owner": 50}


@dataclass(frozen=True)
class Group:
    path: str
    name: str
    description: str
    created_at: str
    members: tuple[tuple[str, str], ...]  # (username, role)


GROUPS: tuple[Group, ...] = (
    Group(
        "portalder",
        "City of Port Alder",
        "Open source projects of the City of Port Alder: transit data, open data and city services.",
        "2021-02-15 10:00:00",
        (
            ("noor_a", "Owner"),
            ("sam_rivera", "Maintainer"),
            ("lucy_nguyen", "Developer"),
            ("byteblaze", "Developer"),
            ("ben_foster", "Developer"),
            ("ella_brooks", "Reporter"),
        ),
    ),
    Group(
        "alder-labs",
        "Alder Labs",
        "Mapping and routing tools, built at the Alder Tech Hub in the Lantern Quarter.",
        "2021-04-01 09:00:00",
        (
            ("jkowalski", "Owner"),
            ("ben_foster", "Maintainer"),
            ("byteblaze", "Maintainer"),
            ("yusuf_kaya", "Developer"),
            ("liam_oconnor", "Developer"),
            ("ivy_patel", "Reporter"),
        ),
    ),
)

# Projects only this site has (world.PROJECTS are all included as well).
EXTRA_PROJECTS: tuple[Project, ...] = (
    Project(
        "byteblaze/empathy-prompts",
        "empathy-prompts",
        "Prompts that help teams talk about how their users feel.",
        "Markdown",
    ),
    Project(
        "byteblaze/solarized-prism-theme",
        "solarized-prism-theme",
        "A Solarized colour theme for the Prism syntax highlighter.",
        "CSS",
    ),
    Project("byteblaze/planner", "planner", "A personal planner for tasks and habits.", "TypeScript"),
)


@dataclass
class ProjectInfo:
    license: str = "MIT"
    visibility: str = "public"
    created_at: str = "2022-01-10 12:00:00"
    issues: int = 6  # total issues (hand-written included)
    mrs: int = 2
    comps: tuple[str, ...] = ("the parser", "the CLI", "the config file", "the output format")
    features: tuple[str, ...] = ()
    labels: tuple[tuple[str, str, str], ...] = ()  # extra (title, color, description)
    milestones: tuple[tuple[str, str, str, str, str], ...] = ()  # (title, state, start, due, description)
    members: tuple[tuple[str, str], ...] = ()  # extra members (username, role)
    branches: tuple[str, ...] = ()  # extra branches without merge requests
    stars: int = 2


ACCESSIBILITY = ("accessibility", "#f0ad4e", "Accessibility problems and improvements")
PERFORMANCE = ("performance", "#e4e669", "Speed and memory use")
PRIORITY_HIGH = ("priority: high", "#b60205", "Needs attention soon")

INFO: dict[str, ProjectInfo] = {
    "byteblaze/a11y-syntax-highlighting": ProjectInfo(
        license="GPL-3.0",
        created_at="2021-06-02 14:12:00",
        issues=14,
        mrs=5,
        stars=9,
        comps=("the a11y-dark theme", "the a11y-light theme", "the demo page", "token colours", "the npm package"),
        features=(
            "Two themes: a11y-dark and a11y-light",
            "WCAG AA contrast for every token",
            "Works with Prism and highlight.js",
        ),
        labels=(ACCESSIBILITY,),
        milestones=(
            ("v2.2", "active", "2023-05-01", "2023-07-15", "Contrast fixes and a high-contrast theme."),
            ("v2.1", "closed", "2023-01-09", "2023-03-31", "Diff tokens and the demo page."),
        ),
        members=(
            ("primer", "Maintainer"),
            ("ivy_patel", "Developer"),
            ("adam_novak", "Reporter"),
            ("zoe_walsh", "Guest"),
        ),
        branches=("feature/vscode-theme",),
    ),
    "byteblaze/dotfiles": ProjectInfo(
        license="MIT",
        created_at="2020-11-20 21:40:00",
        issues=9,
        mrs=3,
        stars=4,
        comps=("install.sh", "the zsh prompt", "the vim config", "the tmux config", "the git aliases"),
        features=(
            "One-command install with backups",
            "zsh, bash, vim, tmux and git settings",
            "Works on Linux and macOS",
        ),
        milestones=(("macOS support", "active", "2023-04-01", "2023-08-31", "Everything works on a fresh Mac."),),
        members=(("liam_oconnor", "Developer"), ("yusuf_kaya", "Reporter"), ("zoe_walsh", "Guest")),
        branches=("zsh-plugins", "fish-shell"),
    ),
    "byteblaze/cloud-to-butt": ProjectInfo(
        license="MIT",
        created_at="2021-03-14 16:05:00",
        issues=7,
        mrs=2,
        stars=6,
        comps=("the content script", "the options page", "the word list", "the Firefox build"),
        features=("Replaces words on every page you visit", "Configurable word list", "Chrome and Firefox"),
        members=(("kai_tanaka", "Developer"),),
    ),
    "byteblaze/empathy-prompts": ProjectInfo(
        license="CC-BY-4.0",
        created_at="2022-02-08 09:30:00",
        issues=6,
        mrs=2,
        stars=3,
        comps=("the prompt cards", "the facilitator guide", "the printable PDF", "the workshop agenda"),
        features=("Fifty prompt cards", "A facilitator guide", "Printable on A4 and Letter"),
        members=(("grace_kim", "Developer"), ("lucy_nguyen", "Reporter")),
    ),
    "byteblaze/solarized-prism-theme": ProjectInfo(
        license="MIT",
        created_at="2021-09-19 11:00:00",
        issues=4,
        mrs=1,
        stars=2,
        comps=("the dark variant", "the light variant", "line highlighting"),
        features=("Solarized dark and light", "Line highlight plugin support"),
        members=(("primer", "Developer"),),
    ),
    "byteblaze/planner": ProjectInfo(
        license="MIT",
        visibility="private",
        created_at="2023-01-03 08:15:00",
        issues=5,
        mrs=1,
        stars=0,
        comps=("the weekly view", "habit streaks", "reminders", "local storage"),
        features=("Tasks with due dates", "Habit streaks", "Works offline"),
        members=(("grace_kim", "Maintainer"),),
    ),
    "primer/design": ProjectInfo(
        license="MIT",
        created_at="2021-01-12 10:00:00",
        issues=40,
        mrs=12,
        stars=15,
        comps=(
            "the Dialog guidelines",
            "the ActionMenu docs",
            "the colour tokens",
            "the typography scale",
            "the Button guidelines",
            "the icon guidelines",
            "the layout grid",
            "the form patterns",
        ),
        features=(
            "Foundations: colour, typography, spacing",
            "Component guidelines with examples",
            "Accessibility notes for every pattern",
        ),
        labels=(
            ACCESSIBILITY,
            ("type: bug", "#d73a4a", "Something in the docs is wrong"),
            ("component: dialog", "#1d76db", "Dialog and overlay patterns"),
        ),
        milestones=(
            ("Q3 2023", "active", "2023-07-01", "2023-09-30", "Docs for the summer component release."),
            ("Accessibility audit", "active", "2023-04-17", "2023-06-30", "Fix what the spring audit found."),
            ("Q1 2023", "closed", "2023-01-02", "2023-03-31", "Colour tokens v2."),
        ),
        members=(
            ("byteblaze", "Maintainer"),
            ("grace_kim", "Developer"),
            ("adam_novak", "Developer"),
            ("chloe_martin", "Reporter"),
            ("mia_chen", "Guest"),
        ),
        branches=("docs/spacing-tokens", "redesign"),
    ),
    "primer/octicons": ProjectInfo(
        license="MIT",
        created_at="2021-01-20 10:00:00",
        issues=12,
        mrs=4,
        stars=18,
        comps=("the SVG sprite", "the React package", "the 16px icons", "the 24px icons", "the icon search"),
        features=("Over 300 icons in 16px and 24px", "SVG, React and Ruby packages"),
        members=(("byteblaze", "Developer"), ("kai_tanaka", "Reporter")),
    ),
    "portalder/transit-feed": ProjectInfo(
        license="Apache-2.0",
        created_at="2021-02-20 09:00:00",
        issues=25,
        mrs=6,
        stars=11,
        comps=(
            "stops.txt",
            "the ferry timetable",
            "the bus timetable",
            "the feed validator",
            "calendar.txt",
            "route shapes",
        ),
        features=(
            "GTFS feed of every bus and ferry route",
            "Validated on every commit",
            "Published nightly on the open data portal",
        ),
        labels=(
            ("data quality", "#fbca04", "Wrong or missing data in the feed"),
            ("ferry", "#0e8a16", "Ferry routes and the Ferry Terminal"),
            PRIORITY_HIGH,
        ),
        milestones=(
            ("Summer 2023 timetable", "active", "2023-05-15", "2023-06-30", "Timetable changes for the summer season."),
            ("Spring 2023 timetable", "closed", "2023-02-01", "2023-03-20", "Spring changes."),
        ),
        members=(("tom_baker", "Reporter"), ("yusuf_kaya", "Developer")),
        branches=("summer-2023",),
    ),
    "portalder/open-data-portal": ProjectInfo(
        license="Apache-2.0",
        created_at="2021-03-01 09:00:00",
        issues=12,
        mrs=3,
        stars=7,
        comps=("the dataset catalogue", "the CSV preview", "the search page", "the API", "dataset licences"),
        features=("Catalogue of the city's datasets", "CSV and GeoJSON previews", "JSON API"),
    ),
    "portalder/bike-lanes": ProjectInfo(
        license="Apache-2.0",
        created_at="2021-05-10 09:00:00",
        issues=14,
        mrs=3,
        stars=8,
        comps=("the lane survey", "the GeoJSON export", "the routing graph", "the survey form", "the map legend"),
        features=("Every bike lane in Port Alder, surveyed", "GeoJSON and a routing graph"),
        labels=(("data quality", "#fbca04", "Wrong or missing data"),),
    ),
    "portalder/library-catalog": ProjectInfo(
        license="MIT",
        created_at="2021-08-16 09:00:00",
        issues=8,
        mrs=2,
        stars=3,
        comps=("the search page", "the holds list", "the book club shelf", "the catalogue import"),
    ),
    "alder-labs/routekit": ProjectInfo(
        license="Apache-2.0",
        created_at="2021-04-05 11:00:00",
        issues=25,
        mrs=7,
        stars=12,
        comps=(
            "the bike profile",
            "the foot profile",
            "the car profile",
            "turn costs",
            "the graph loader",
            "the JSON output",
            "ferry edges",
        ),
        features=("Dijkstra and A* on road graphs", "Car, bike and foot profiles", "Distance and travel time"),
        labels=(PERFORMANCE, ("routing", "#5319e7", "Route quality")),
        milestones=(
            ("v0.4", "active", "2023-05-01", "2023-07-31", "Profiles and turn costs."),
            ("v0.3", "closed", "2023-01-15", "2023-04-15", "Travel times in the output."),
        ),
        branches=("feature/elevation",),
    ),
    "alder-labs/tilecache": ProjectInfo(
        license="BSD-3-Clause",
        created_at="2021-06-21 11:00:00",
        issues=8,
        mrs=2,
        stars=5,
        comps=("the tile renderer", "the disk cache", "the HTTP server", "cache expiry"),
    ),
    "alder-labs/geocoder": ProjectInfo(
        license="Apache-2.0",
        created_at="2021-09-02 11:00:00",
        issues=10,
        mrs=3,
        stars=6,
        comps=("address parsing", "the place index", "fuzzy matching", "the search API", "landmark names"),
    ),
    "jkowalski/queue-lite": ProjectInfo(
        license="MIT",
        created_at="2021-07-07 19:00:00",
        issues=12,
        mrs=4,
        stars=9,
        comps=("the worker", "retries", "the SQLite backend", "job priorities", "the dashboard"),
        features=("Persistent jobs on SQLite", "Retries with backoff", "No server to run"),
        members=(("byteblaze", "Developer"), ("yusuf_kaya", "Developer")),
    ),
    "jkowalski/pg-migrate": ProjectInfo(
        license="MIT",
        created_at="2022-01-18 19:00:00",
        issues=7,
        mrs=2,
        stars=4,
        comps=("the migration runner", "rollbacks", "the lock table", "dry runs"),
    ),
    "liam_oconnor/sourdough-timer": ProjectInfo(
        license="MIT",
        created_at="2022-03-05 07:30:00",
        issues=6,
        mrs=2,
        stars=5,
        comps=("the schedule file", "notifications", "the levain timer", "the bake log"),
    ),
    "kai_tanaka/speedrun-splits": ProjectInfo(
        license="GPL-3.0",
        created_at="2021-11-11 22:00:00",
        issues=6,
        mrs=2,
        stars=4,
        comps=("the split file", "the timer", "the comparison view", "hotkeys"),
    ),
    "ivy_patel/ctf-writeups": ProjectInfo(
        license="CC-BY-4.0",
        visibility="internal",
        created_at="2022-04-22 20:00:00",
        issues=3,
        mrs=1,
        stars=2,
        comps=("the crypto write-ups", "the web write-ups", "the index page"),
    ),
    "yusuf_kaya/ci-templates": ProjectInfo(
        license="MIT",
        created_at="2022-02-14 10:00:00",
        issues=7,
        mrs=2,
        stars=3,
        comps=("the Python template", "the Docker template", "the Node template", "caching"),
        members=(("byteblaze", "Reporter"),),
    ),
    "adam_novak/docs-style": ProjectInfo(
        license="CC-BY-4.0",
        created_at="2021-10-01 10:00:00",
        issues=6,
        mrs=2,
        stars=3,
        comps=("the voice and tone page", "the word list", "the code sample rules", "the headings page"),
    ),
    "noor_a/air-quality": ProjectInfo(
        license="MIT",
        created_at="2022-05-09 10:00:00",
        issues=7,
        mrs=2,
        stars=3,
        comps=("the sensor import", "the daily averages", "the PM2.5 plots", "the station list"),
    ),
    "ben_foster/osm-tools": ProjectInfo(
        license="GPL-3.0",
        created_at="2021-12-01 10:00:00",
        issues=7,
        mrs=2,
        stars=3,
        comps=("the validator", "the changeset uploader", "tag checks", "the diff viewer"),
    ),
    "zoe_walsh/compilers-course": ProjectInfo(
        license="MIT",
        created_at="2022-09-05 10:00:00",
        issues=4,
        mrs=1,
        stars=1,
        comps=("the lexer", "the parser", "the evaluator"),
    ),
    "max_weber/star-charts": ProjectInfo(
        license="CC-BY-4.0",
        created_at="2022-06-01 10:00:00",
        issues=5,
        mrs=1,
        stars=2,
        comps=("the chart generator", "the star catalogue", "the PDF export", "constellation lines"),
    ),
    "grace_kim/plant-journal": ProjectInfo(
        license="MIT",
        created_at="2022-04-02 10:00:00",
        issues=5,
        mrs=1,
        stars=2,
        comps=("watering reminders", "the plant list", "photo uploads", "the calendar view"),
    ),
    "diego_m/board-game-night": ProjectInfo(
        license="MIT",
        created_at="2022-08-12 10:00:00",
        issues=5,
        mrs=1,
        stars=2,
        comps=("the scoreboard", "the RSVP page", "the game library", "the schedule"),
    ),
    "lucy_nguyen/book-club": ProjectInfo(
        license="CC-BY-4.0",
        created_at="2022-01-25 10:00:00",
        issues=4,
        mrs=1,
        stars=2,
        comps=("the reading list", "the meeting notes", "the suggestion form"),
    ),
    "mia_chen/lighthouse-gallery": ProjectInfo(
        license="CC-BY-4.0",
        created_at="2022-07-17 10:00:00",
        issues=4,
        mrs=1,
        stars=3,
        comps=("the gallery page", "image captions", "the North Shore Lighthouse album"),
    ),
    "omar_haddad/recipe-scaler": ProjectInfo(
        license="MIT",
        created_at="2022-10-03 10:00:00",
        issues=5,
        mrs=1,
        stars=2,
        comps=("unit conversion", "the scaling rules", "the recipe parser", "the CLI"),
    ),
    "sam_rivera/commute-stats": ProjectInfo(
        license="MIT",
        created_at="2022-02-01 10:00:00",
        issues=4,
        mrs=1,
        stars=2,
        comps=("the monthly summary", "the ride import", "the plots"),
    ),
    "chloe_martin/florist-site": ProjectInfo(
        license="MIT",
        created_at="2022-03-21 10:00:00",
        issues=4,
        mrs=1,
        stars=1,
        comps=("the order form", "the gallery", "the opening hours", "the contact page"),
    ),
    "rosa_garcia/shift-planner": ProjectInfo(
        license="Apache-2.0",
        visibility="internal",
        created_at="2022-05-30 10:00:00",
        issues=5,
        mrs=1,
        stars=1,
        comps=("the ward calendar", "shift swaps", "the hours report", "overlap checks"),
    ),
    "ella_brooks/old-mill-association": ProjectInfo(
        license="CC-BY-4.0",
        created_at="2022-01-08 10:00:00",
        issues=4,
        mrs=1,
        stars=2,
        comps=("the meeting minutes", "the events page", "the membership list"),
    ),
}

DEFAULT_LABELS: tuple[tuple[str, str, str], ...] = (
    ("bug", "#dc143c", "Something isn't working"),
    ("enhancement", "#5843ad", "New feature or request"),
    ("documentation", "#0075b8", "Improvements or additions to documentation"),
    ("question", "#d876e3", "Further information is requested"),
    ("help wanted", "#009800", "Extra attention is needed"),
    ("good first issue", "#7057ff", "Good for newcomers"),
    ("duplicate", "#cfd3d7", "This issue or merge request already exists"),
    ("wontfix", "#6c757d", "This will not be worked on"),
)


@dataclass(frozen=True)
class IssueSpec:
    title: str
    description: str
    author: str
    created_at: str
    state: str = "opened"
    labels: tuple[str, ...] = ()
    assignee: str | None = None
    milestone: str | None = None
    due_date: str | None = None
    closed_at: str | None = None
    comments: tuple[tuple[str, str], ...] = ()  # (author, body); dated after the issue


@dataclass(frozen=True)
class MRSpec:
    title: str
    description: str
    author: str
    source_branch: str
    created_at: str
    state: str = "opened"  # opened | merged | closed
    target_branch: str = "main"
    assignee: str | None = None
    reviewer: str | None = None
    labels: tuple[str, ...] = ()
    milestone: str | None = None
    done_at: str | None = None  # merged_at / closed_at
    comments: tuple[tuple[str, str], ...] = field(default=())


ISSUES: dict[str, tuple[IssueSpec, ...]] = {
    "byteblaze/a11y-syntax-highlighting": (
        IssueSpec(
            "Contrast of comments is too low in a11y-light",
            "Comments in **a11y-light** use `#696969` on `#fefefe`, which is 5.3:1 on white but only "
            "4.4:1 on the grey code background that many sites use.\n\n### Steps to reproduce\n\n"
            "1. Open `demo/index.html` with the light theme\n2. Set the page background to `#f6f8fa`\n"
            "3. Check the comment colour with a contrast checker\n\n### Expected\n\nAt least 4.5:1.",
            "adam_novak",
            "2023-05-03 10:21:00",
            labels=("bug", "accessibility"),
            assignee="byteblaze",
            milestone="v2.2",
            due_date="2023-06-30",
            comments=(
                ("byteblaze", "Good catch. I'll darken it to `#5c5c5c` and re-check every token."),
                ("adam_novak", "Thanks! The comment colour in the dark theme looks fine."),
            ),
        ),
        IssueSpec(
            "Add a high-contrast theme",
            "People with low vision asked for a theme that goes beyond AA. A **high-contrast** variant "
            "with 7:1 for every token would help.",
            "ivy_patel",
            "2023-04-11 18:02:00",
            labels=("enhancement", "help wanted"),
            milestone="v2.2",
            comments=(("primer", "I can take the colour work if someone does the demo page."),),
        ),
        IssueSpec(
            "Publish the themes to npm",
            "Installing from a git URL is awkward. Could the `themes/` folder be published as an npm package?",
            "zoe_walsh",
            "2022-11-02 09:14:00",
            labels=("help wanted",),
        ),
        IssueSpec(
            "Support for VS Code",
            "It would be great to have both themes as a VS Code colour theme.",
            "kai_tanaka",
            "2022-12-19 20:45:00",
            labels=("enhancement", "help wanted"),
        ),
        IssueSpec(
            "Strings and numbers look the same for deuteranopia",
            "With a deuteranopia filter, `.token.string` and `.token.number` in a11y-dark are hard to tell apart.",
            "ivy_patel",
            "2022-10-07 13:30:00",
            state="closed",
            labels=("bug", "accessibility"),
            assignee="byteblaze",
            milestone="v2.1",
            closed_at="2023-02-14 11:00:00",
            comments=(
                (
                    "byteblaze",
                    "Fixed in !{Distinguish numbers from strings for colour-blind readers} by shifting numbers towards orange.",
                ),
            ),
        ),
        IssueSpec(
            "Add screenshots of both themes to the README",
            "A picture of each theme would make it easier to choose one.",
            "adam_novak",
            "2022-09-12 08:00:00",
            state="closed",
            labels=("documentation", "good first issue"),
            closed_at="2022-10-01 17:20:00",
        ),
        IssueSpec(
            "Diff tokens (inserted/deleted) have no colours",
            "`.token.inserted` and `.token.deleted` fall back to the default text colour in both themes.",
            "primer",
            "2023-01-16 15:10:00",
            labels=("bug",),
            assignee="primer",
            milestone="v2.1",
        ),
    ),
    "byteblaze/dotfiles": (
        IssueSpec(
            "install.sh overwrites existing symlinks",
            "Running `install.sh` twice replaces links that point somewhere else without a backup.\n\n"
            "```shell\n$ ./install.sh\nlinked /home/zoe/.vimrc\n```\n\nThe old link to my own vimrc "
            "is gone.",
            "zoe_walsh",
            "2023-03-28 22:10:00",
            labels=("bug",),
            assignee="byteblaze",
            due_date="2023-06-20",
            comments=(("byteblaze", "Right, the `-L` test skips the backup. Will fix."),),
        ),
        IssueSpec(
            "Add support for oh-my-zsh",
            "Please add an optional oh-my-zsh setup with a small list of default plugins (git, z, fzf).",
            "liam_oconnor",
            "2023-02-06 19:00:00",
            labels=("enhancement",),
            milestone="macOS support",
        ),
        IssueSpec(
            "Document the tmux key bindings",
            "The README doesn't say that the prefix is still `C-b` and `r` reloads the config.",
            "yusuf_kaya",
            "2023-04-18 12:30:00",
            labels=("documentation", "good first issue"),
        ),
        IssueSpec(
            "vimrc: enable relative line numbers",
            "`set relativenumber` makes jumping around much easier.",
            "liam_oconnor",
            "2022-06-02 07:45:00",
            state="closed",
            labels=("enhancement",),
            closed_at="2022-06-10 18:00:00",
        ),
        IssueSpec(
            "Add a Brewfile for macOS",
            "A `Brewfile` with the tools the config expects (tmux, fzf, ripgrep) would make a new Mac "
            "setup one command.",
            "byteblaze",
            "2023-04-30 09:00:00",
            labels=("enhancement",),
            assignee="liam_oconnor",
            milestone="macOS support",
        ),
    ),
    "byteblaze/cloud-to-butt": (
        IssueSpec(
            "Replacement breaks text inside input fields",
            'Typing "cloud" into a search box turns it into something else as you type.',
            "kai_tanaka",
            "2023-05-09 14:00:00",
            labels=("bug",),
            assignee="byteblaze",
        ),
        IssueSpec(
            "Make the replacement words configurable",
            "An options page where I can add my own pairs of words.",
            "zoe_walsh",
            "2022-12-01 10:00:00",
            labels=("enhancement",),
        ),
        IssueSpec(
            "Extension icon is blurry on HiDPI screens",
            "The 48px icon is scaled up on retina displays.",
            "mia_chen",
            "2022-08-15 11:11:00",
            state="closed",
            labels=("bug",),
            closed_at="2022-09-01 09:00:00",
        ),
    ),
    "byteblaze/empathy-prompts": (
        IssueSpec(
            "Translate the prompt cards into Spanish",
            "Our team in the Lantern Quarter runs workshops in Spanish too.",
            "chloe_martin",
            "2023-03-02 16:00:00",
            labels=("enhancement", "help wanted"),
        ),
        IssueSpec(
            "Facilitator guide: add a 30-minute agenda",
            "The guide only has a 90-minute agenda.",
            "grace_kim",
            "2023-04-20 09:30:00",
            labels=("documentation",),
            assignee="grace_kim",
        ),
    ),
    "primer/design": (
        IssueSpec(
            "Add documentation on using Flash alerts in dialog components",
            "We have no guidance on showing a `Flash` alert inside a `Dialog` (for example a form "
            "error). Should it go above the body or in the footer?\n\n- [ ] Write the guidance\n"
            "- [ ] Add a do/don't example",
            "grace_kim",
            "2023-04-26 11:00:00",
            labels=("documentation", "component: dialog"),
            assignee="byteblaze",
            milestone="Q3 2023",
            comments=(
                ("primer", "Above the body, and move focus to it when it appears."),
                ("byteblaze", "Agreed, I'll write it up with an example."),
            ),
        ),
        IssueSpec(
            "Clarify usage of the ActionMenu vs. SelectPanel",
            "People keep using `ActionMenu` for selection. The docs should say when to use each.",
            "adam_novak",
            "2023-03-15 14:20:00",
            labels=("documentation",),
            assignee="byteblaze",
            milestone="Q3 2023",
        ),
        IssueSpec(
            "Dialog focus is not returned to the trigger when closed",
            "In the Dialog example, closing with Escape leaves focus on `<body>`.",
            "ivy_patel",
            "2023-04-28 10:05:00",
            labels=("type: bug", "accessibility", "component: dialog"),
            assignee="primer",
            milestone="Accessibility audit",
            due_date="2023-06-30",
        ),
        IssueSpec(
            "Colour tokens for the dark high contrast theme",
            "The dark high contrast theme still uses the dark theme's border tokens.",
            "mia_chen",
            "2023-02-21 13:00:00",
            labels=("enhancement",),
        ),
        IssueSpec(
            "Button guidelines: when to use the danger variant",
            "Explain that `danger` is for destructive actions only, with examples.",
            "chloe_martin",
            "2022-11-30 09:40:00",
            state="closed",
            labels=("documentation",),
            assignee="primer",
            milestone="Q1 2023",
            closed_at="2023-01-20 15:00:00",
        ),
        IssueSpec(
            "Broken link to the Figma library in the README",
            'The "Figma library" link returns 404.',
            "zoe_walsh",
            "2023-01-05 08:20:00",
            state="closed",
            labels=("type: bug", "good first issue"),
            closed_at="2023-01-09 10:00:00",
        ),
        IssueSpec(
            "Typography scale: line heights are inconsistent",
            "`text-title-medium` uses 1.25 while the others use 1.5.",
            "grace_kim",
            "2023-05-17 16:45:00",
            labels=("type: bug",),
        ),
        IssueSpec(
            "Add guidance for loading states",
            "Skeletons, spinners or progress bars? We need one page that answers it.",
            "primer",
            "2023-05-30 10:10:00",
            labels=("documentation", "help wanted"),
        ),
    ),
    "portalder/transit-feed": (
        IssueSpec(
            "Ferry Terminal stop is missing the evening departures",
            "`stop_times.txt` has no departures from the **Ferry Terminal** after 19:00, but the "
            "ferries run every hour until 23:00.",
            "tom_baker",
            "2023-05-22 07:30:00",
            labels=("bug", "data quality", "ferry", "priority: high"),
            assignee="sam_rivera",
            milestone="Summer 2023 timetable",
            due_date="2023-06-15",
            comments=(
                ("sam_rivera", "Confirmed, the export drops trips that cross a service day."),
                ("tom_baker", "The 22:00 boat to the islands is the one people ask about."),
            ),
        ),
        IssueSpec(
            "Route 12 to Eastgate Station shows the old timetable",
            "Route 12 still has the winter timetable.",
            "noor_a",
            "2023-03-30 12:00:00",
            state="closed",
            labels=("bug", "data quality"),
            assignee="byteblaze",
            milestone="Spring 2023 timetable",
            closed_at="2023-04-03 09:00:00",
        ),
        IssueSpec(
            "Add wheelchair_boarding for stops in Old Mill",
            "None of the Old Mill stops have `wheelchair_boarding` set.",
            "ella_brooks",
            "2023-04-14 15:15:00",
            labels=("enhancement", "data quality"),
            assignee="byteblaze",
        ),
        IssueSpec(
            "Hilltop Observatory stop has the wrong coordinates",
            "The stop is about 300 m east of where the bus actually stops.",
            "max_weber",
            "2023-02-09 19:20:00",
            labels=("bug", "data quality"),
        ),
        IssueSpec(
            "Publish the feed on the open data portal",
            "The nightly zip should be listed in portalder/open-data-portal.",
            "noor_a",
            "2022-11-14 10:00:00",
            state="closed",
            labels=("enhancement",),
            assignee="noor_a",
            closed_at="2022-12-02 16:30:00",
        ),
        IssueSpec(
            "Validate the feed with the GTFS validator in CI",
            "Run the canonical validator on every merge request.",
            "yusuf_kaya",
            "2023-01-23 09:00:00",
            labels=("enhancement",),
            assignee="yusuf_kaya",
        ),
    ),
    "alder-labs/routekit": (
        IssueSpec(
            "Bike profile routes over the Alder Bridge stairs",
            "From Riverside Park to the Lantern Quarter the bike route takes the stairs at the west "
            "end of **Alder Bridge**. Stairs need `bicycle=no` in the profile.",
            "sam_rivera",
            "2023-05-11 08:40:00",
            labels=("bug", "routing"),
            assignee="byteblaze",
            milestone="v0.4",
            comments=(("byteblaze", "The profile ignores `highway=steps`. Fix coming."),),
        ),
        IssueSpec(
            "Add a foot profile that prefers park paths",
            "Walking routes should prefer the Riverside Park path when it is not much longer.",
            "ella_brooks",
            "2023-03-06 17:00:00",
            labels=("enhancement", "routing"),
            milestone="v0.4",
        ),
        IssueSpec(
            "Turn costs are ignored for left turns",
            "Left turns across traffic should cost more for the car profile.",
            "jkowalski",
            "2023-04-02 10:30:00",
            labels=("bug", "routing"),
            assignee="jkowalski",
            milestone="v0.4",
        ),
        IssueSpec(
            "Routing fails when start and end are the same node",
            "`shortest(5, 5)` returns `None` instead of `Some(0)`.",
            "ben_foster",
            "2022-12-12 14:00:00",
            state="closed",
            labels=("bug", "good first issue"),
            closed_at="2023-01-05 11:00:00",
        ),
        IssueSpec(
            "Expose travel time in the JSON output",
            "Add `duration_s` next to `distance_m`.",
            "ben_foster",
            "2023-01-20 09:00:00",
            state="closed",
            labels=("enhancement",),
            assignee="byteblaze",
            milestone="v0.3",
            closed_at="2023-03-29 18:00:00",
        ),
        IssueSpec(
            "Loading the city graph takes 9 seconds",
            "Most of the time goes into parsing. A binary cache would help.",
            "yusuf_kaya",
            "2023-05-26 13:45:00",
            labels=("performance",),
        ),
    ),
    "jkowalski/queue-lite": (
        IssueSpec(
            "Jobs are lost when the worker crashes mid-task",
            "A job is deleted when it is claimed, so a crash loses it.",
            "yusuf_kaya",
            "2023-04-04 11:00:00",
            labels=("bug",),
            assignee="jkowalski",
        ),
        IssueSpec(
            "Add retry with exponential backoff",
            "Failed jobs should be retried after 1, 2, 4, 8... seconds, up to a limit.",
            "byteblaze",
            "2023-02-15 20:00:00",
            labels=("enhancement",),
            assignee="byteblaze",
        ),
        IssueSpec(
            "Turn on WAL mode by default",
            "`PRAGMA journal_mode=WAL` makes concurrent readers much faster.",
            "jkowalski",
            "2022-09-09 09:00:00",
            state="closed",
            labels=("enhancement",),
            closed_at="2022-09-20 10:00:00",
        ),
    ),
}

MRS: dict[str, tuple[MRSpec, ...]] = {
    "byteblaze/a11y-syntax-highlighting": (
        MRSpec(
            "Add high-contrast theme",
            "Adds `themes/a11y-high-contrast.css` with 7:1 contrast for every "
            "token.\n\nCloses #{Add a high-contrast theme}",
            "primer",
            "feature/high-contrast",
            "2023-05-20 15:00:00",
            reviewer="byteblaze",
            labels=("enhancement",),
            milestone="v2.2",
            comments=(("byteblaze", "Looks great. Could you add it to the demo page too?"),),
        ),
        MRSpec(
            "Fix comment contrast in a11y-light",
            "Darkens comments to `#5c5c5c`.\n\nCloses #{Contrast of comments is too low in a11y-light}",
            "byteblaze",
            "fix/light-comment-contrast",
            "2023-06-05 09:30:00",
            reviewer="adam_novak",
            labels=("bug", "accessibility"),
        ),
        MRSpec(
            "Distinguish numbers from strings for colour-blind readers",
            "Fixes the deuteranopia issue.",
            "byteblaze",
            "fix/deuteranopia-numbers",
            "2023-02-10 10:00:00",
            state="merged",
            reviewer="ivy_patel",
            milestone="v2.1",
            done_at="2023-02-14 10:55:00",
        ),
    ),
    "byteblaze/dotfiles": (
        MRSpec(
            "Add oh-my-zsh plugin list",
            "Optional oh-my-zsh setup with git, z and fzf.\n\nCloses #{Add support for oh-my-zsh}",
            "zoe_walsh",
            "zsh-plugins",
            "2023-05-02 21:00:00",
            reviewer="byteblaze",
            comments=(("byteblaze", "Thanks! Please keep it optional, not everyone uses oh-my-zsh."),),
        ),
        MRSpec(
            "Fix install.sh on macOS",
            "`readlink -f` does not exist on macOS; use a portable version.",
            "liam_oconnor",
            "fix/macos-readlink",
            "2023-01-12 18:00:00",
            state="merged",
            reviewer="byteblaze",
            done_at="2023-01-13 08:30:00",
        ),
    ),
    "primer/design": (
        MRSpec(
            "Add Flash in Dialog examples",
            "Adds guidance and examples for Flash alerts in dialogs.\n\n"
            "Closes #{Add documentation on using Flash alerts in dialog components}",
            "byteblaze",
            "docs/flash-in-dialog",
            "2023-06-01 14:00:00",
            reviewer="primer",
            assignee="byteblaze",
            labels=("documentation", "component: dialog"),
            milestone="Q3 2023",
            comments=(("primer", "Thanks, working on reviews."),),
        ),
        MRSpec(
            "Fix broken Figma link",
            "Updates the link in the README.",
            "zoe_walsh",
            "fix-figma-link",
            "2023-01-06 09:00:00",
            state="merged",
            reviewer="primer",
            done_at="2023-01-09 09:55:00",
        ),
        MRSpec(
            "Dialog: return focus to the trigger",
            "Focus goes back to the button that opened the dialog.",
            "ivy_patel",
            "dialog-component",
            "2023-05-08 12:00:00",
            reviewer="byteblaze",
            labels=("accessibility", "component: dialog"),
            milestone="Accessibility audit",
        ),
    ),
    "portalder/transit-feed": (
        MRSpec(
            "Keep trips that cross midnight",
            "The export now keeps trips after 24:00 (GTFS allows "
            "`25:10:00`).\n\nCloses #{Ferry Terminal stop is missing the evening departures}",
            "sam_rivera",
            "fix/overnight-trips",
            "2023-06-02 10:00:00",
            reviewer="byteblaze",
            labels=("ferry",),
            milestone="Summer 2023 timetable",
        ),
    ),
    "alder-labs/routekit": (
        MRSpec(
            "Treat steps as impassable for bikes",
            "Adds `highway=steps` to the bike profile's blocked list.",
            "byteblaze",
            "fix/bike-steps",
            "2023-05-15 09:00:00",
            reviewer="jkowalski",
            labels=("bug", "routing"),
            milestone="v0.4",
        ),
        MRSpec(
            "Add duration_s to the JSON output",
            "Closes the travel-time issue.",
            "byteblaze",
            "feature/duration",
            "2023-03-20 10:00:00",
            state="merged",
            reviewer="ben_foster",
            milestone="v0.3",
            done_at="2023-03-29 17:50:00",
        ),
    ),
}

# --- phrase pools for generated issues and merge requests -------------------------------------

# Titles read well whether {comp} is singular or plural ("the timer", "the Button guidelines").
BUG_TITLES = (
    "Crash in {comp} on empty input",
    "Wrong results from {comp} since the last release",
    "Settings file is ignored by {comp}",
    "Non-ASCII characters break {comp}",
    "Slow performance of {comp} on large inputs",
    "Typo in an error message of {comp}",
    "Windows paths break {comp}",
    "Stale data in {comp} after an update",
)
FEATURE_TITLES = (
    "Add a CSV export to {comp}",
    "Dark mode for {comp}",
    "Configure {comp} with environment variables",
    "Add a --quiet flag for {comp}",
    "Cache the results of {comp}",
    "Offline support for {comp}",
)
DOC_TITLES = (
    "Document {comp} in more detail",
    "README: add an example for {comp}",
    "Explain the options of {comp}",
)
QUESTION_TITLES = (
    "How do I use {comp} with my own data?",
    "Is anyone still maintaining {comp}?",
)
BUG_BODY = (
    "### Steps to reproduce\n\n1. Start from a clean checkout of `main`\n2. Use {comp} as in the README\n"
    "3. Look at the result\n\n### What happens\n\n{what}\n\n### What I expected\n\n{expected}"
)
BUG_WHAT = (
    "It stops with an error.",
    "The result is empty.",
    "It takes minutes instead of seconds.",
    "The output is different from the documented example.",
)
BUG_EXPECTED = ("The same result as in the README.", "A helpful error message.", "The old behaviour.")
FEATURE_BODY = (
    "It would be useful if {comp} could do this. {why}\n\n**Proposal:** a small option, off by "
    "default, documented in the README."
)
FEATURE_WHY = (
    "Several people asked for it at the last meetup.",
    "I had to write a script around it.",
    "Other tools in the city's stack already do.",
)
DOC_BODY = "The docs for {comp} are thin. A short section with an example would help new contributors."
QUESTION_BODY = "I couldn't find this in the README. {why}"

COMMENTS = (
    "I can reproduce this on `main`.",
    "Thanks for the report! Could you share the exact steps?",
    "I'd like to work on this.",
    "This should be fixed by the next release.",
    "+1, we hit the same problem last week.",
    "Is there a workaround until this is fixed?",
    "Closing as done, please reopen if you still see it.",
    "Good idea. Let's discuss the details at the next sync.",
    "I added a test that shows the problem.",
    "Looks like a duplicate of an older issue, but the details here are better.",
)
MR_TITLES = (
    ("Fix {comp} edge cases", "fix/{slug}-edge-cases"),
    ("Refactor {comp}", "refactor/{slug}"),
    ("Add tests for {comp}", "test/{slug}"),
    ("Speed up {comp}", "perf/{slug}"),
    ("Update docs for {comp}", "docs/{slug}"),
)
MR_COMMENTS = (
    "LGTM, thanks!",
    "Could you add a test for this?",
    "Nice, this is much cleaner.",
    "Rebased on `main`, ready for another look.",
    "One small nit inline, otherwise good to go.",
    "Thanks, working on reviews.",
)
COMMIT_TITLES = (
    "Update README",
    "Fix typo in the docs",
    "Add tests for {comp}",
    "Tidy up {comp}",
    "Bump version",
    "Improve error messages in {comp}",
)

# People each user follows (the rest of the follow graph is generated).
FOLLOWING = {
    "byteblaze": ("primer", "jkowalski", "liam_oconnor", "ivy_patel", "sam_rivera"),
    "primer": ("byteblaze", "grace_kim", "chloe_martin"),
    "zoe_walsh": ("byteblaze", "kai_tanaka"),
}

# Stars the default user has given (others are generated).
BYTEBLAZE_STARS = (
    "byteblaze/a11y-syntax-highlighting",
    "primer/design",
    "primer/octicons",
    "alder-labs/routekit",
    "portalder/transit-feed",
    "jkowalski/queue-lite",
    "liam_oconnor/sourdough-timer",
    "kai_tanaka/speedrun-splits",
)

PROFILES = {
    # username: (status emoji, status message, website, job title)
    "byteblaze": ("coffee", "Reviewing merge requests", "https://byteblaze.dev", "Software engineer"),
    "primer": ("pencil", "Designing in the open", "https://primer.style", "Design systems lead"),
    "jkowalski": ("", "", "", "Backend engineer"),
    "sam_rivera": ("sunny", "Out surveying bike lanes", "", "Open data volunteer"),
}
# Status emoji: names -> characters the bundled DejaVu fonts can draw (no colour-emoji font is assumed).
STATUS_EMOJI = {
    "coffee": "\u2615",
    "sunny": "\u2600",
    "cloud": "\u2601",
    "umbrella": "\u2602",
    "star": "\u2605",
    "telephone": "\u260e",
    "airplane": "\u2708",
    "pencil": "\u270f",
    "warning": "\u26a0",
    "smile": "\u263a",
    "anchor": "\u2693",
    "flag": "\u2691",
    "keyboard": "\u2328",
    "house": "\u2302",
    "check": "\u2714",
}


def extra_files(path: str) -> dict[str, str]:
    """Project-specific files on top of the language template (data that ties into the shared world)."""
    from ..world import CITY_CENTER, DISTRICTS, LANDMARKS

    lat0, lon0 = CITY_CENTER
    if path == "portalder/transit-feed":
        stops = ["stop_id,stop_name,stop_lat,stop_lon,wheelchair_boarding"]
        for i, lm in enumerate(LANDMARKS[:16], start=1):
            stops.append(
                f"S{i:03d},{lm.name},{lat0 + (i % 5 - 2) * 0.011:.5f},{lon0 + (i % 7 - 3) * 0.013:.5f},"
                f"{0 if lm.district == 'Old Mill' else 1}"
            )
        routes = [
            "route_id,route_short_name,route_long_name,route_type",
            "R1,1,Lantern Quarter - Eastgate Station,3",
            "R12,12,Old Mill - Eastgate Station,3",
            "R20,20,University Park - North Shore,3",
            "F1,F1,Ferry Terminal - Islands,4",
        ]
        return {
            "feed/stops.txt": "\n".join(stops) + "\n",
            "feed/routes.txt": "\n".join(routes) + "\n",
            "feed/agency.txt": "agency_id,agency_name,agency_url,agency_timezone\n"
            "PAT,Port Alder Transit,https://transit.portalder.gov,America/Los_Angeles\n",
        }
    if path == "portalder/bike-lanes":
        rows = ["district,street,kind,length_km,surveyed"]
        kinds = ("protected", "painted", "shared", "off-street path")
        for i, d in enumerate(DISTRICTS):
            rows.append(f"{d},{d} Avenue,{kinds[i % 4]},{1.2 + i * 0.7:.1f},2023-0{1 + i % 5}-1{i % 9}")
        return {"data/lanes.csv": "\n".join(rows) + "\n"}
    if path == "primer/design":
        return {
            "docs/components/dialog.md": "# Dialog\n\nUse a dialog for a short task that needs the user's full "
            "attention.\n\n## Accessibility\n\n- Move focus into the dialog when it "
            "opens\n- Return focus to the trigger when it closes\n",
            "docs/components/button.md": "# Button\n\nVariants: default, primary, danger, invisible.\n",
            "docs/foundations/color.md": "# Color\n\nUse functional colour tokens such as `fg.default` and "
            "`canvas.subtle`, never raw hex values.\n",
            "docs/foundations/typography.md": "# Typography\n\n| Token | Size | Line height |\n|---|---|---|\n"
            "| text-title-large | 32px | 1.5 |\n| text-title-medium | 20px | 1.25 |\n"
            "| text-body-medium | 14px | 1.5 |\n",
        }
    if path == "lucy_nguyen/book-club":
        return {
            "reading-list.md": "# Reading list 2023\n\n1. January: *The Left Hand of Darkness*\n"
            "2. February: *Piranesi*\n3. March: *A Psalm for the Wild-Built*\n"
            "4. April: *Station Eleven*\n5. May: *The Remains of the Day*\n\n"
            "Meetings: first Tuesday of the month at the Central Library reading garden.\n"
        }
    return {}
