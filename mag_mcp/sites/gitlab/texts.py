"""Words for generated issues, merge requests and comments.

Titles come from templates over a project's *components* (its modules, functions found in
its code, its docs and tooling), bodies from GitLab's usual issue templates (bug report,
feature proposal) filled with the project's own file paths, versions and runtimes, and
comments are assembled from an opener, a substance and an optional closer, so that
thousands of comments rarely repeat word for word.
"""

from __future__ import annotations

import random

BUG_TITLES = (
    "{Comp} crashes on empty input", "Wrong results from {comp} since {version}", "{Comp} ignores the config file",
    "Non-ASCII names break {comp}", "{Comp} is slow on large inputs", "Typo in an error message of {comp}",
    "Windows paths break {comp}", "Stale data in {comp} after an update", "{Comp} fails when the network is down",
    "Off-by-one in {comp}", "{Comp} leaks file handles", "Timezone handling in {comp} is wrong",
    "{Comp} returns duplicates", "Regression in {comp} after the last merge", "Flaky test around {comp}",
    "{Comp} rejects valid values", "Memory grows without bound in {comp}", "{Comp} swallows errors silently",
    "Sorting in {comp} is not stable", "{Comp} breaks with Python 3.12", "Crash when {comp} gets a negative number",
    "Race condition in {comp}", "{Comp} does not respect --quiet", "Unicode normalisation missing in {comp}",
    "{Comp}: rounding differs between platforms", "{Comp} writes a truncated file on Ctrl-C",
    "Error message of {comp} points at the wrong line", "{Comp} mis-parses quoted fields",
)
FEATURE_TITLES = (
    "Add a CSV export to {comp}", "Dark mode for {comp}", "Configure {comp} with environment variables",
    "Add a --dry-run flag to {comp}", "Cache the results of {comp}", "Offline support for {comp}",
    "Expose {comp} in the public API", "Add progress output to {comp}", "Make {comp} pluggable",
    "Support JSON Lines in {comp}", "Add metrics for {comp}", "Allow filtering in {comp}",
    "Batch mode for {comp}", "Show a summary at the end of {comp}", "Internationalise {comp}",
    "Keyboard shortcuts for {comp}", "Retry failed requests in {comp}", "Add a config option to disable {comp}",
    "Parallelise {comp}", "Streaming output for {comp}", "Accept gzip input in {comp}",
)
DOC_TITLES = (
    "Document {comp} in more detail", "README: add an example for {comp}", "Explain the options of {comp}",
    "Add a troubleshooting section for {comp}", "Docs for {comp} are out of date", "Add a diagram of {comp}",
    "Migration guide for {comp} in {version}", "Clarify the limits of {comp}",
)
QUESTION_TITLES = (
    "How do I use {comp} with my own data?", "Is {comp} still maintained?", "Can {comp} run in a container?",
    "What is the recommended way to extend {comp}?", "Why does {comp} need write access?",
    "Does {comp} support older versions?",
)
CHORE_TITLES = (
    "Refactor {comp}", "Remove dead code in {comp}", "Upgrade dependencies of {comp}", "Split {comp} into smaller modules",
    "Type hints for {comp}", "Replace the hand-written parser in {comp}", "Drop support for old runtimes in {comp}",
    "Tidy up logging in {comp}",
)
KINDS = (("bug", BUG_TITLES, 5), ("enhancement", FEATURE_TITLES, 4), ("documentation", DOC_TITLES, 2),
         ("question", QUESTION_TITLES, 1), ("chore", CHORE_TITLES, 1))

OSES = ("Ubuntu 22.04", "Debian 12", "Fedora 38", "macOS 13.4", "macOS 12.6", "Windows 11", "Windows 10", "Arch Linux",
        "Alpine 3.18 (Docker)", "NixOS 23.05")
RUNTIMES = {"Python": ("Python 3.10.12", "Python 3.11.4", "Python 3.9.17"), "Go": ("go1.20.5", "go1.19.10"),
            "Rust": ("rustc 1.70.0", "rustc 1.69.0"), "TypeScript": ("Node 18.16.0", "Node 20.3.0"),
            "JavaScript": ("Node 18.16.0", "Node 16.20.1", "Firefox 114", "Chrome 114"), "Java": ("OpenJDK 17.0.7", "OpenJDK 21-ea"),
            "Ruby": ("ruby 3.2.2", "ruby 3.1.4"), "C++": ("gcc 12.2", "clang 16.0")}
WHAT_HAPPENS = (
    "It stops with an error.", "The result is empty.", "It takes minutes instead of seconds.",
    "The output differs from the documented example.", "Some rows are silently dropped.", "It hangs until I press Ctrl-C.",
    "The numbers are off by a small amount.", "It works the first time, then fails on every later run.",
)
EXPECTED = ("The same result as in the README.", "A helpful error message.", "The behaviour of the previous release.",
            "Every row in the output.", "An answer within a second or two.")
WHY = (
    "Several people asked for it at the last meetup.", "I had to write a script around it.",
    "Other tools in the city's stack already do this.", "It would let us drop a fork we maintain.",
    "Our CI spends most of its time here.", "New contributors keep tripping over this.",
    "The Old Mill volunteers need it for their monthly report.", "It came up in the accessibility review.",
)

OPENERS = ("", "", "", "Thanks for the report! ", "Good catch. ", "Hmm, ", "Interesting. ", "Confirmed: ", "+1. ",
           "Quick update: ", "Looked into this a bit. ", "Sorry for the slow reply. ", "Agreed. ", "FWIW, ")
SUBSTANCE = (
    "I can reproduce it on `{branch}` with {runtime}.", "It only happens when {comp} gets more than {n} items.",
    "Could you share the exact command and the input file?", "I'd like to work on this, unless someone already is.",
    "This should be fixed by !{mr}.", "We hit the same problem on {os} last week.", "Is there a workaround until a release?",
    "Bisected it to the commit that touched `{path}`.", "I added a failing test in `{path}`.",
    "Looks like a duplicate of #{issue}, but the details here are better.", "The root cause is in `{func}`.",
    "Let's discuss the details at the next sync.", "Moving this to %{milestone}.", "Works for me on {os}, can you retry with {version}?",
    "A fix is ready for review in !{mr}.", "Tried `{func}` directly and it returns the right thing, so the bug is upstream.",
    "This needs a decision from the maintainers before anyone starts.", "Marking as ~\"help wanted\": happy to review a fix.",
    "Could we keep the old behaviour behind a flag for one release?", "The docs for `{func}` say otherwise, so one of them is wrong.",
    "It got worse after {version}.", "The logs show a timeout after {n} seconds.", "I think `{path}` is the wrong place for this.",
    "Closing as done, please reopen if you still see it.", "Still happening on {version}.",
)
CLOSERS = ("", "", "", " Thanks!", " Any thoughts?", " cc @{mention}", " /cc @{mention}", " 🙏", " Will report back.")
REVIEW = (
    "Could this be a constant?", "nit: the name `{func}` no longer says what it does.", "What happens if the list is empty here?",
    "This loops over everything twice; can we do it in one pass?", "Please add a test for the error path.",
    "Should this log at debug instead of info?", "I'd rather raise here than return a default.",
    "Is this still needed after the refactor in !{mr}?", "Can we avoid the extra allocation?",
    "Suggestion: early return instead of the nested if.", "This changes the public API: worth a changelog line.",
    "Typo in the comment.", "Why {n}? A short comment would help the next reader.",
)
REPLIES = ("Good point, fixed.", "Done in the latest push.", "I'd keep it as is: it's clearer.", "Changed it, thanks.",
           "Added a test.", "Hmm, let me think about it.", "Fixed, and renamed the helper as well.", "Resolved by the rebase.")
MR_COMMENTS = ("LGTM, thanks!", "Rebased on `main`, ready for another look.", "Nice, this is much cleaner.",
               "Thanks, working on reviews.", "Pipeline is green now.", "One more small thing inline, otherwise good to go.",
               "Merging once the pipeline passes.", "Could you split this into two MRs?", "Approved, nice work!")
DETAILS = (
    "Tested with {runtime} on {os}.", "The input had {n} rows.", "Happens on `{branch}` too.", "Last good version: {version}.",
    "See `{path}` around line {line}.", "`{func}` is where it goes wrong.", "Related: #{issue}.", "Possibly linked to !{mr}.",
    "It takes about {n} ms per call here.", "Logs attached in the thread above, line {line}.", "Only with {n}+ items.",
    "Reproduced {n} times out of 10.", "Checked against {version} and `{branch}`.", "Same on {os} with {runtime}.",
)
EMOJI = ("thumbsup", "thumbsup", "thumbsup", "heart", "tada", "rocket", "eyes", "thumbsdown", "100")


def components(nouns: list[str], funcs: list[str], language: str) -> list[str]:
    """What a project's issues talk about: its modules, functions from its code, its tooling."""
    out = []
    for n in nouns:
        word = n.replace("_", " ")
        out += [f"the {word} module", f"{word} validation", f"the {word} API", f"the {word} loader"]
    out += [f"`{f}`" for f in funcs[:10]]
    out += ["the CLI", "the config loader"]
    if language in ("TypeScript", "JavaScript", "HTML", "CSS"):
        out += ["the settings page", "the mobile layout"]
    return out


def cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text and not text.startswith("`") else text


class Writer:
    """Text for one project's issues and merge requests (its own random stream)."""

    def __init__(self, rng: random.Random, comps: list[str], ctx: dict[str, object]) -> None:
        self.rng, self.comps, self.ctx = rng, comps, ctx

    def _fmt(self, template: str, **extra: object) -> str:
        rng, ctx = self.rng, self.ctx
        comp = extra.pop("comp", None) or rng.choice(self.comps)
        values = dict(comp=comp, Comp=cap(str(comp)), version=rng.choice(ctx["versions"]), branch=rng.choice(ctx["branches"]),  # type: ignore[arg-type]
                      runtime=rng.choice(ctx["runtimes"]), os=rng.choice(OSES), path=rng.choice(ctx["paths"]),  # type: ignore[arg-type]
                      func=rng.choice(ctx["funcs"]), n=rng.choice((3, 5, 10, 30, 100, 250, 1000, 5000)),  # type: ignore[arg-type]
                      mr=rng.randint(1, max(1, int(ctx["n_mrs"]))), issue=rng.randint(1, max(1, int(ctx["n_issues"]))),  # type: ignore[call-overload]
                      milestone=rng.choice(ctx["milestones"]) if ctx["milestones"] else "Backlog",  # type: ignore[arg-type]
                      mention=rng.choice(ctx["people"]), line=rng.randint(3, 240))  # type: ignore[arg-type]
        values.update(extra)
        return template.format(**values)

    def issue(self) -> tuple[str, str, str]:
        """(kind label, title, description)."""
        rng = self.rng
        kind, pool, _ = rng.choices(KINDS, weights=[k[2] for k in KINDS])[0]
        comp = rng.choice(self.comps)
        title = self._fmt(rng.choice(pool), comp=comp)
        if kind == "bug":
            steps = [f"Check out `{rng.choice(self.ctx['branches'])}` (or install {rng.choice(self.ctx['versions'])})",  # type: ignore[arg-type]
                     f"Use {comp} as in the README", rng.choice(("Run it twice", "Pass a file with a few hundred rows",
                                                                  "Turn on verbose logging", "Look at the output"))]
            err = self._error()
            body = ("### Summary\n\n" + rng.choice(WHAT_HAPPENS) + "\n\n### Steps to reproduce\n\n"
                    + "\n".join(f"{i}. {s}" for i, s in enumerate(steps, 1))
                    + f"\n\n### What is the current bug behavior?\n\n{rng.choice(WHAT_HAPPENS)}\n\n"
                    f"### What is the expected correct behavior?\n\n{rng.choice(EXPECTED)}\n\n"
                    + (f"### Relevant logs\n\n```\n{err}\n```\n\n" if err else "")
                    + f"### Environment\n\n- OS: {rng.choice(OSES)}\n- Runtime: {rng.choice(self.ctx['runtimes'])}\n"  # type: ignore[arg-type]
                    f"- Version: {rng.choice(self.ctx['versions'])}")  # type: ignore[arg-type]
        elif kind == "enhancement":
            body = (f"### Problem to solve\n\n{rng.choice(WHY)} Right now {comp} has no way to do this.\n\n"
                    f"### Proposal\n\n{rng.choice(('A small option, off by default, documented in the README.', 'A flag on the command line and the same key in the config file.', 'A plug-in hook so that this can live outside the core.'))}\n\n"
                    + ("### Tasks\n\n- [ ] Agree on the interface\n- [ ] Implement it\n- [ ] Document it\n" if rng.random() < 0.5 else
                       f"### Further details\n\nRelated to #{rng.randint(1, max(1, int(self.ctx['n_issues'])))}."))  # type: ignore[call-overload]
        elif kind == "documentation":
            body = (f"The docs for {comp} are thin. {rng.choice(WHY)}\n\nA short section with an example would help, "
                    f"ideally next to `{rng.choice(self.ctx['doc_paths'])}`.")  # type: ignore[arg-type]
        elif kind == "question":
            body = f"I couldn't find this in the README. {rng.choice(WHY)}\n\nI'm on {rng.choice(OSES)} with {rng.choice(self.ctx['runtimes'])}."  # type: ignore[arg-type]
        else:
            body = f"{cap(str(comp))} has grown over time. {rng.choice(WHY)}\n\nNo change in behaviour is intended."
        return kind, title, body

    def _error(self) -> str:
        rng, lang = self.rng, self.ctx["language"]
        path, func = rng.choice(self.ctx["paths"]), rng.choice(self.ctx["funcs"])  # type: ignore[arg-type]
        if rng.random() < 0.3:
            return ""
        if lang == "Python":
            exc = rng.choice(("KeyError: 'id'", "ValueError: could not convert string to float: ''",
                              "TypeError: 'NoneType' object is not iterable", "ZeroDivisionError: float division by zero"))
            return (f"Traceback (most recent call last):\n  File \"{path}\", line {rng.randint(12, 140)}, in {func}\n"
                    f"    ...\n{exc}")
        if lang == "Go":
            return f"panic: runtime error: index out of range [{rng.randint(1, 9)}] with length {rng.randint(0, 1)}\n\ngoroutine 1 [running]:\nmain.{func}(...)\n\t{path}:{rng.randint(10, 99)}"
        if lang == "Rust":
            return f"thread 'main' panicked at 'called `Option::unwrap()` on a `None` value', {path}:{rng.randint(10, 200)}:{rng.randint(5, 40)}"
        if lang in ("TypeScript", "JavaScript"):
            return f"TypeError: Cannot read properties of undefined (reading '{rng.choice(('id', 'name', 'length'))}')\n    at {func} ({path}:{rng.randint(5, 90)}:{rng.randint(3, 30)})"
        return f"error: {func} failed with exit code {rng.choice((1, 2, 127))}"

    def comment(self) -> str:
        rng = self.rng
        text = rng.choice(OPENERS) + self._fmt(rng.choice(SUBSTANCE))
        if rng.random() < 0.7:
            text += " " + self._fmt(rng.choice(DETAILS))
        if rng.random() < 0.25:
            text += " " + self._fmt(rng.choice(SUBSTANCE))
        return (text + self._fmt(rng.choice(CLOSERS))).strip()

    def review(self) -> str:
        rng = self.rng
        text = self._fmt(rng.choice(REVIEW))
        return self._fmt(rng.choice(("`{func}`: ", "Line {line}: ", "In `{path}`: ", "nit, `{func}`: ",
                                     "Around line {line}: "))) + text

    def reply(self) -> str:
        rng = self.rng
        return rng.choice(REPLIES) + " " + self._fmt(rng.choice((
            "Pushed a fix for `{func}`.", "See the change in `{path}`.", "Moved it to line {line}.", "Checked with {runtime}.",
            "Tests pass locally ({n} of them).", "Will follow up in #{issue}.", "Also touched `{func}` while at it.",
            "The diff in `{path}` should be smaller now.", "Left the rest for !{mr}.")))

    def mr_comment(self) -> str:
        rng = self.rng
        if rng.random() < 0.3:
            return rng.choice(MR_COMMENTS) + " " + self._fmt(rng.choice(DETAILS))
        return self.comment()

    def mr_description(self, commit_titles: list[str], closes: int | None) -> str:
        rng = self.rng
        what = "\n".join(f"- {t}" for t in commit_titles[:5])
        out = f"## What does this MR do?\n\n{what}\n\n"
        if closes:
            out += f"## Related issues\n\nCloses #{closes}\n\n"
        out += "## Checklist\n\n- [x] Tests added or updated\n" + ("- [x] Docs updated\n" if rng.random() < 0.5 else "- [ ] Docs updated\n")
        if rng.random() < 0.3:
            out += f"\n## How to test\n\nRun the test suite, then try {rng.choice(self.comps)} by hand."
        return out
