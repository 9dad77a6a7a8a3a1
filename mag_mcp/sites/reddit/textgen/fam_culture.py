"""Families of talk about culture: media fans (books, film, TV, music), gamers, and people who show
their pictures and art. (The ask-anything and advice forums talk in `fam_ask`.)"""

from __future__ import annotations

from .model import Family

MEDIA = Family(
    name="media",
    kinds={"question": 0.22, "discussion": 0.17, "opinion": 0.16, "experience": 0.23, "news": 0.15, "showcase": 0.04,
           "tip": 0.03},
    titles={
        "question": (
            "Looking for [something|recommendations] like {thing}",
            "What should I {verb} after {thing}?",
            "Where should I start with {maker}?",
            "Is {thing} a good [place to start|pick] for someone new to {topic}?",
            "[Recommendations|Suggestions] for [a long flight|a rainy weekend|a road trip|winter evenings|getting out of a slump]?",
            "{thing} or {thing2}: which one first?",
            "Anything similar to {thing} but [shorter|less bleak|funnier|more recent]?",
            "What's the best entry point into {topic}?",
            "Help me find a {unit} I half remember: [it had|there was] [a lighthouse|twins|a talking fox|a heist|a road trip] in it",
            "Which {maker} {unit} should I {verb} first?",
            "Is {thing} worth it if I didn't like {thing2}?",
        ),
        "discussion": (
            "What are you {verbing} this week? ({month} edition)",
            "What's something you {verbed} [this year|recently|last month] that surprised you?",
            "Which {maker} {unit} do you keep coming back to?",
            "Favorite {topic} of the last ten years?",
            "Let's talk about {aspect} in {thing}",
            "Thoughts on {maker}'s [later|earlier] work?",
            "What {unit} [made you fall in love with|got you into] {topic}?",
            "[The|A] {thing} [rewatch|reread|relisten] thread: [chapter by chapter|week {n}|part {n}]",
            "Best {unit} you {verbed} in {year}?",
        ),
        "opinion": (
            "{thing} is the most [overrated|underrated] {unit} I've {verbed} in a while",
            "Unpopular opinion: {thing} [isn't that good|is better than its reputation]",
            "{aspect} in {thing} [doesn't get enough credit|ruined it for me]",
            "Can we talk about how [good|strange|bleak|funny] {thing} is?",
            "I finally get why people love {maker}",
            "{maker} never topped {thing}. Change my mind.",
            "{thing} [aged really well|has not aged well]",
        ),
        "experience": (
            "Just finished {thing} and [I can't stop thinking about it|I have mixed feelings|wow]",
            "[Finally|Just] {verbed} {thing} for the first time",
            "Revisiting {thing} after [ten|twenty|fifteen] years",
            "{verbed} {thing} [with my kids|with my partner|on a whim] and [loved it|it started a great conversation]",
            "My [year|month] in {topic}: {n} favorites and [a few disappointments|one big letdown]",
            "{thing} [made me cry on a bus|kept me up until 3am|changed how I think about {topic}]",
        ),
        "news": (
            "{maker} announces [a new|a long-awaited|a surprise] {unit}",
            "{thing} is getting a [remaster|sequel|TV adaptation|anniversary edition]",
            "[Interview|Q&A]: {maker} on [their new {unit}|{thing}|why they almost quit]",
            "{maker} to [headline|appear at] the Lantern Theatre [this {month}|next season]",
            "[Rights to|The estate behind] {thing} [sold|in a dispute|back in the news]",
            "{thing} tops the [charts|bestseller list] [again|for another week|for a third week]",
        ),
        "showcase": (
            "My {topic} [shelf|collection] after {n} years",
            "[Finally finished|Completed] my {maker} collection",
            "[Made|Drew] a [poster|map|chart] of everything in {thing}",
        ),
        "tip": (
            "PSA: the Central Library lends {unit}s for free",
            "Tip: [keep a list|write two lines] after every {unit} you {verb}",
        ),
    },
    bodies={
        "question": (
            "I just finished {thing} and [loved|really liked] {aspect}. I'm looking for something [similar|in the same vein], [maybe|ideally] [a bit shorter|not too bleak|something recent]. I've already {verbed} {thing2}. [Any ideas?|What would you suggest?]",
            "[My|A] {@friend} keeps telling me to try {maker}, but [there's so much|I don't know where to begin]. I usually [like|go for] {topic} and {aspect} matters a lot to me.",
            "[Trying|Hoping] to get back into {topic} after a [long|few years'] break. Last thing I {verbed} was {thing}. What's good lately?",
        ),
        "discussion": (
            "[Post|Share] what you're {verbing}, what you finished, and whether you'd recommend it. I'm [halfway through|just starting] {thing} and [enjoying it|not sure about it yet].",
            "[Curious|Wondering] what everyone thinks. For me it's {thing}, mostly because of {aspect}.",
            "[Spoilers are fine in this thread|Mark spoilers, please]. I'll start: {thing}, no contest.",
        ),
        "opinion": (
            "I know a lot of people here love it. But {aspect} [dragged for me|never worked for me] and I [kept waiting|was waiting the whole time] for it to click. [Convince me I'm wrong.|Am I missing something?]",
            "[Hear me out.|I know, I know.] {aspect} in {thing} is [doing so much work|the best thing about it], and nobody talks about it.",
        ),
        "experience": (
            "Picked up {thing} on a whim and {verbed} it [in one sitting|over a weekend|on my commute]. {aspect} completely [reframed|changed] the first half for me. Who else has {verbed} it? What did you make of the ending?",
            "[First time|First go] with {maker}. I [get the hype now|see why people are obsessed]. {aspect} especially. [What should I {verb} next?|Where do I go from here?]",
            "I {verbed} it years ago [for school|because I had to] and hated it. [Tried|Gave it] another go this month and it's [brilliant|so much better than I remembered]. Funny how that works.",
        ),
        "showcase": (
            "[Took|Took me] {@duration} to put together. [Favorites|Highlights] are {thing} and {thing2}. [Ask me anything about it.|Happy to share the list.]",
        ),
        "tip": (
            "You just need a library card. I've {verbed} {n} [this year|this month] without paying a thing. [The app is clunky but it works.|Ask at the front desk.]",
        ),
    },
    top={
        "answer": (
            "If you liked {aspect} in {thing}, {maker} is worth a look.",
            "Try {thing2}. Similar feel, [tighter|better] {aspect}.",
            "{thing2}, no question. [It scratches the same itch.|Same energy, different setting.]",
            "[Anything|Start with anything] by {maker}. {thing2} [especially|in particular].",
        ),
        "experience": (
            "I {verbed} {thing} {@when} and {aspect} still sticks with me.",
            "I {verbed} {thing} [twice|three times] and noticed new things [each time|every time].",
            "I bounced off {thing} the first time and loved it on the second try.",
        ),
        "opinion": (
            "{aspect} in {thing} is [doing a lot of work|what holds it together].",
            "{maker} is [so underrated|a bit overrated] in my opinion.",
        ),
        "share": (
            "{thing}, and I've been putting off chores all weekend to finish it.",
            "A [reread|rewatch|relisten] of {thing}. Comfort season.",
            "Something by {maker}. [Slow going|Slow start] but good.",
        ),
        "praise": ("That's a {@good} collection! I see {thing} in there.",),
        "react": ("If it's anything like {thing}, I'm in.", "{maker} [rarely misses|hasn't missed in years]."),
    },
    replies={
        "thanks": ("Ooh, {thing}. [I've heard good things.|It's been on my list.] Thanks!",),
        "relate": ("Same, {thing} did that to me too.",),
    },
    details=(
        "The ending of {thing} [wrecked me|stayed with me for days].",
        "{aspect} is what [sets it apart|makes it work] for me.",
        "[Don't read|Skip] the reviews before you start, they spoil [a lot|the twist].",
        "The [first|opening] [third|act] is slow, [push through|stick with it].",
        "I'd pair it with {thing2} if you want more of the same.",
    ),
    banks={
        "problem": ("I keep losing interest halfway through", "nothing grabs me lately", "I start things and never finish them"),
        "fix": ("try something short", "go back to an old favorite", "set aside twenty minutes a day", "ask a friend for their favorite"),
        "group": ("fans", "people here", "folks in this forum"),
    },
    domains=("portalderherald.com", "culturedesk.net", "thelanternreview.com"),
)

GAMES = Family(
    name="games",
    kinds={"question": 0.2, "discussion": 0.16, "opinion": 0.16, "experience": 0.16, "help": 0.1, "news": 0.14,
           "showcase": 0.08},
    titles={
        "question": (
            "Is {thing} worth it [in {year}|at full price|on sale]?",
            "Games like {thing} [for someone who hates grinding|with good co-op|I can play in short sessions]?",
            "{thing} or {thing2} for my next [game|purchase]?",
            "What should I play after {thing}?",
            "Best {topic} for a beginner?",
            "Is {thing} fun solo or do I need friends?",
            "What's a good {unit} to play with a partner who doesn't play games?",
        ),
        "discussion": (
            "What are you playing this weekend?",
            "What's a game you'll never stop replaying?",
            "Which {maker} game is your favorite and why?",
            "What game has the best {aspect_short}?",
            "Games that [respect your time|made you cry|you finished in one sitting]?",
            "Most memorable moment in {thing}? [Spoilers|Spoiler warning]",
        ),
        "opinion": (
            "{thing} is the best thing {maker} has made",
            "Unpopular opinion: {thing} is [boring|overrated|a masterpiece]",
            "{aspect} in {thing} [is carrying the whole game|ruins an otherwise great game]",
            "Remakes are fine, but {thing} didn't need one",
        ),
        "experience": (
            "Finally beat {thing} after {@duration}",
            "[Went back to|Replayed] {thing} and it holds up",
            "{thing} [got me through a rough winter|is my comfort game]",
            "First time playing {thing} and [I'm hooked|I don't get the hype]",
            "{n} hours into {thing}: [my impressions|some thoughts|mixed feelings]",
        ),
        "help": (
            "Stuck on [the final boss|chapter {n}|the water level] in {thing}",
            "{thing} keeps [crashing|stuttering|freezing] [on startup|after the update|in the menus]",
            "Any tips for {aspect} in {thing}?",
        ),
        "news": (
            "{maker} [announces|reveals|teases] [a new|the next] {unit}",
            "{thing} [gets a surprise update|is finally coming to more platforms|announced for next year]",
            "Patch notes for {thing}: [big balance changes|new area|bug fixes]",
            "{maker} [delays|confirms] {thing} [sequel|expansion]",
        ),
        "showcase": (
            "My [setup|shelf|collection] after {n} years of gaming",
            "[Finally got|Picked up] {thing} [at a yard sale|for cheap|second hand]",
            "[Drew|Made|3D printed] {thing} fan art",
        ),
    },
    bodies={
        "question": (
            "I loved {thing}, especially {aspect}. I don't have [a lot of time|much time] these days, maybe an hour a night. [Anything similar?|What would you suggest?]",
            "It's on sale [this week|right now] and I'm on the fence. I [liked|bounced off] {thing2}. Does {thing} [get better|click] after the first few hours?",
        ),
        "discussion": ("For me it's {thing}. [I've finished it|I've played it] {n} times and I still find new corners.",),
        "opinion": ("I [know|realise] this is [controversial|a hot take], but {aspect} [carried|ruined] it for me. [Thoughts?|Am I alone here?]",),
        "experience": (
            "Took me {@duration} but I finally did it. {aspect} was [brutal|the best part]. [Now what?|What should I play next?]",
            "I [remember|remembered] it as {@good} and it mostly is. {aspect} aged [better|worse] than I expected.",
        ),
        "help": (
            "I've tried [lowering the settings|reinstalling|verifying the files] and it still happens. [Any ideas?|Has anyone fixed this?]",
            "I keep dying at the same spot. [Is there a trick?|What am I missing?] I'm [on normal difficulty|playing a melee build].",
        ),
        "showcase": ("[Been building it|Put it together] over {@duration}. [Ask me anything about it.|Favorite is {thing}.]",),
    },
    top={
        "answer": ("{thing2}. Similar loop, [less grind|better {aspect}].", "If you liked {thing}, anything by {maker} is a safe bet."),
        "experience": ("I put {num} hours into {thing} and I'd do it again.", "{thing} was my [lockdown|winter] game. Good times."),
        "advice": (
            "[Try|Use] the [dodge|parry] more. {aspect} is [everything|the key] in that fight.",
            "Turn off [vsync|the overlay|motion blur] and update your drivers. Fixed it for me.",
            "Level up [a bit|a couple of times] and come back, it's much easier.",
        ),
        "share": ("{thing} with friends. [Chaos every time.|Best co-op ever.]", "Still grinding {thing}. Send help."),
    },
    details=(
        "The [soundtrack|music] alone is worth it.",
        "{aspect} takes a while to click, but when it does it's great.",
        "Wait for a sale if you're unsure, it goes on sale [a lot|often].",
        "Play it [on the hardest difficulty|blind|without a guide] if you can.",
    ),
    banks={
        "unit": ("game", "indie game", "co-op game"),
        "aspect_short": ("soundtrack", "story", "art style", "level design"),
        "topic": ("roguelikes", "co-op games", "cozy games", "open-world games", "strategy games", "platformers"),
        "aspect": ("the combat", "the soundtrack", "the level design", "the story", "the art style", "the difficulty curve",
                   "the boss fights", "the crafting system", "the exploration", "the pacing"),
        "problem": ("the game stutters every few seconds", "the save file got corrupted", "my controller keeps disconnecting"),
        "fix": ("update your graphics drivers", "verify the game files", "turn off the overlay", "lower the shadows setting"),
        "verb": ("play",), "verbed": ("played",), "verbing": ("playing",),
        "group": ("gamers", "players", "people here"),
    },
    domains=("pixelpress.net", "portalderherald.com", "savepoint.gg"),
)

CREATIVE = Family(
    name="creative",
    kinds={"showcase": 0.5, "question": 0.16, "discussion": 0.12, "help": 0.1, "experience": 0.08, "opinion": 0.04},
    titles={
        "showcase": (
            "[My|A] {medium} of {subject}[ [OC]|]",
            "{subject}, {medium}[, {n} hours| on a rainy afternoon|]",
            "First {medium} I'm actually proud of: {subject}",
            "[Tried|Attempted] {subject} in {medium}",
            "{subject} [at dawn|at dusk|in the fog|after the storm]",
            "Day {num} of [drawing|shooting|painting] every day: {subject}",
        ),
        "question": (
            "How do you [practice|get better at] {aspect_plain}?",
            "What {tool} do you use for {medium}?",
            "Is {tool} worth it for a beginner?",
            "How do you deal with [art block|creative burnout|comparing yourself to others]?",
        ),
        "discussion": ("Who are your favorite {group} right now?", "What's your process for {subject}?",
                       "Weekly critique thread: share your {medium} work"),
        "help": ("Why does my {medium} always look [flat|muddy|washed out]?", "How do I fix {aspect} in this piece?"),
        "experience": ("A year of {medium}: [before and after|what I learned]", "Sold my first {medium} piece today!"),
        "opinion": ("Unpopular opinion: {tool} is overrated",),
    },
    bodies={
        "showcase": (
            "[Took me|About] {n} [hours|evenings]. [Feedback welcome!|Critique welcome.|Still learning, be kind.] {aspect} was the hardest part.",
            "Made this [near|from a photo of] {landmark}. [I'm happy with|I'm not sure about] {aspect}.",
            "{medium}, [on cheap paper|with a new {tool}|from memory]. [Any tips?|Thoughts?]",
        ),
        "question": ("I've been at it for {@duration} and {aspect} still [looks off|frustrates me]. [What helped you?|Any exercises?]",),
        "help": ("I've tried [slowing down|changing my {tool}|watching tutorials] but {problem}. [What am I doing wrong?|Any advice?]",),
    },
    top={
        "praise": ("{aspect} [is gorgeous|is so good here|really sells it].", "This would look [great|amazing] framed.",
                   "The way you handled {aspect} is [perfect|lovely]."),
        "question": ("What {tool} did you use?", "How long did this take?", "Do you sell prints?"),
        "critique": ("{aspect} pulls my eye a bit, [maybe soften it|consider cropping it].",),
        "advice": ("{fix}. It made a huge difference for me.",),
    },
    details=("Composition is [lovely|really strong] here.", "The light is [doing so much|beautiful].",
             "I'd love to see [this bigger|a series of these]."),
    banks={
        "thing": ("a cheap sketchbook", "a kneaded eraser", "a good brush", "a tripod", "natural light", "a daily practice"),
        "maker": ("Turner", "Hokusai", "Sargent", "Monet", "a local artist"),
        "aspect": ("the lighting", "the composition", "the colors", "the shadows", "the perspective", "the texture", "the contrast"),
        "aspect_plain": ("composition", "color", "perspective", "lighting"),
        "topic": ("painting", "drawing", "art"),
        "problem": ("the colors turn muddy", "everything looks flat", "I lose the shapes"),
        "fix": ("squint at your reference", "work from big shapes to small", "limit your palette", "take a step back every ten minutes"),
        "verb": ("make",), "verbed": ("made",), "verbing": ("making",),
        "group": ("artists", "painters", "people here"),
        "tool": ("brush", "paper", "tablet", "sketchbook", "pen"),
    },
)
