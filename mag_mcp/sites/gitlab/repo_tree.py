"""The final file tree (the tip of `main`) of every seeded repository.

World projects keep their hand-written files (`repo_files`) and gain modules written for
their domain; generated projects are written whole: README, LICENSE, docs, CI configuration,
sample data, and the language layout of `repo_layouts`. `CHANGELOG.md` is added later by
`history`, which knows the releases.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .. import world
from . import codegen as cg
from .catalog import DOMAINS, Domain
from .repo_files import CONTRIBUTING, LICENSE_NAMES, license_text, project_files
from .repo_layouts import ci_jobs, ci_yaml, ident, layout

CODE_LANGUAGES = {"Python", "TypeScript", "JavaScript", "Go", "Rust", "Java", "Ruby", "C++"}
# the domain each world project's added modules are written for
WORLD_DOMAINS = {
    "byteblaze/a11y-syntax-highlighting": "docs", "byteblaze/dotfiles": "tools", "byteblaze/cloud-to-butt": "web",
    "primer/design": "docs", "primer/octicons": "web", "portalder/transit-feed": "transit",
    "portalder/open-data-portal": "data", "portalder/bike-lanes": "geo", "portalder/library-catalog": "library",
    "alder-labs/routekit": "geo", "alder-labs/tilecache": "geo", "alder-labs/geocoder": "geo",
    "jkowalski/queue-lite": "storage", "jkowalski/pg-migrate": "storage", "liam_oconnor/sourdough-timer": "tools",
    "kai_tanaka/speedrun-splits": "games", "ivy_patel/ctf-writeups": "security", "yusuf_kaya/ci-templates": "infra",
    "adam_novak/docs-style": "docs", "noor_a/air-quality": "environment", "ben_foster/osm-tools": "geo",
    "zoe_walsh/compilers-course": "compilers", "max_weber/star-charts": "astronomy", "grace_kim/plant-journal": "outdoors",
    "diego_m/board-game-night": "games", "lucy_nguyen/book-club": "library", "mia_chen/lighthouse-gallery": "web",
    "omar_haddad/recipe-scaler": "coop", "sam_rivera/commute-stats": "sports", "chloe_martin/florist-site": "commerce",
    "rosa_garcia/shift-planner": "health", "ella_brooks/old-mill-association": "docs",
    "byteblaze/empathy-prompts": "docs", "byteblaze/solarized-prism-theme": "docs", "byteblaze/planner": "tools",
}
# files the hand-written trees already provide a manifest for: the added modules skip these
MANIFESTS = {"pyproject.toml", "package.json", "tsconfig.json", "go.mod", "Cargo.toml", "pom.xml", "Gemfile",
             "CMakeLists.txt", ".gitignore", ".eslintrc.json", "Makefile", "src/index.ts", "src/index.js", "src/lib.rs"}


@dataclass
class RepoSpec:
    path: str
    name: str
    description: str
    language: str
    domain: str
    license: str
    holder: str
    features: list[str]
    world: bool = False
    extra_files: dict[str, str] = field(default_factory=dict)


@dataclass
class Repo:
    spec: RepoSpec
    files: dict[str, str]
    nouns: list[str]
    deploys: bool
    jobs: list[tuple[str, str, str, tuple[str, ...]]]  # CI jobs (empty: no pipeline)


def build_repo(spec: RepoSpec) -> Repo:
    """The files of one repository (deterministic in `spec`)."""
    rng = random.Random(f"gitlab:repo:{spec.path}")
    domain = DOMAINS[spec.domain]
    nouns = rng.sample(domain.nouns, rng.randint(3, 6) if not spec.world else rng.randint(2, 4))
    deploys = spec.language in CODE_LANGUAGES | {"HTML"} and rng.random() < 0.45
    version = f"{rng.randint(0, 2)}.{rng.randint(1, 9)}.{rng.randint(0, 5)}"
    if spec.world:
        files = project_files(spec.path, spec.name, spec.description, spec.language, spec.license, spec.holder,
                              spec.features, extra_files=spec.extra_files)
        if spec.language in CODE_LANGUAGES:
            added = layout(rng, spec.language, spec.name, spec.description, domain, nouns, spec.license, version)
            files.update({p: t for p, t in added.items() if p not in files and p not in MANIFESTS})
    else:
        files = layout(rng, spec.language, spec.name, spec.description, domain, nouns, spec.license, version)
        files["README.md"] = readme(rng, spec, domain, nouns, files)
        files["LICENSE"] = license_text(spec.license, spec.holder)
        files["CONTRIBUTING.md"] = CONTRIBUTING
        files.update(docs(rng, spec, domain, nouns))
        files.update(sample_data(rng, spec, domain, nouns))
        files.update(spec.extra_files)
    jobs: list = []
    if ".gitlab-ci.yml" not in files and (spec.language in CODE_LANGUAGES or rng.random() < 0.6):
        files[".gitlab-ci.yml"] = ci_yaml(spec.language, deploys)
    if ".gitlab-ci.yml" in files:
        jobs = ci_jobs(spec.language, deploys)
    if deploys:
        files["scripts/deploy.sh"] = (f"#!/usr/bin/env bash\n# Deploys {spec.name} to the given environment.\nset -euo pipefail\n\n"
                                      "ENVIRONMENT=\"${1:?usage: deploy.sh <environment>}\"\necho \"deploying to $ENVIRONMENT\"\n"
                                      f"rsync -az --delete dist/ \"deploy@{spec.name}.$ENVIRONMENT.portalder.dev:/srv/{spec.name}/\"\n")
    return Repo(spec, dict(sorted(files.items())), nouns, deploys, jobs)


def _tree_lines(files: dict[str, str], limit: int = 18) -> list[str]:
    tops = sorted({p.split("/")[0] + ("/" if "/" in p else "") for p in files})
    return tops[:limit]


INSTALL = {
    "Python": ("pip install {name}", "{name} --help"), "TypeScript": ("npm install {name}", "npx {name} --help"),
    "JavaScript": ("npm install {name}", "npx {name} --help"), "Go": ("go install gitlab.portalder.dev/{name}/cmd/{name}@latest", "{name} -version"),
    "Rust": ("cargo add {name}", "cargo run --example basic"), "Java": ("mvn install", "java -jar target/{name}.jar"),
    "Ruby": ("gem install {name}", "ruby -r{pkg} -e 'puts {mod}::VERSION'"), "C++": ("cmake -B build && cmake --build build", "ctest --test-dir build"),
}


def readme(rng: random.Random, spec: RepoSpec, domain: Domain, nouns: list[str], files: dict[str, str]) -> str:
    name, pkg = spec.name, ident(spec.name)
    install, usage = INSTALL.get(spec.language, (f"git clone http://gitlab.portalder.dev/{spec.path}.git", "./scripts/check.sh"))
    fmt = {"name": name, "pkg": pkg, "mod": cg.pascal(pkg)}
    feats = list(domain.features) + [f"Written in {spec.language}", f"Made in {world.CITY}"]
    rng.shuffle(feats)
    rows = "\n".join(f"| `{a}` | {rng.choice(('number', 'integer', 'seconds' if a.endswith('_s') else 'number'))} | "
                     f"{rng.randint(1, 500)} | {a.replace('_', ' ').capitalize()} of a {nouns[0]}. |" for a in domain.numbers)
    layout_lines = "\n".join(f"    {line}" for line in _tree_lines(files))
    parts = [
        f"# {name}\n\n{spec.description}\n",
        f"[Pipelines](/{spec.path}/-/pipelines) · [Issues](/{spec.path}/-/issues) · [Releases](/{spec.path}/-/releases)\n",
        "## Features\n\n" + "\n".join(f"- {f}" for f in feats[:5]) + "\n",
        f"## Installation\n\n```shell\n{install.format(**fmt)}\n```\n",
        f"## Usage\n\n```shell\n{usage.format(**fmt)}\n```\n\nThe main concepts are " + ", ".join(
            f"*{cg.plural(n)}*" for n in nouns) + ". See [the docs](docs/index.md) for a walk-through.\n",
        f"## Configuration\n\n| Setting | Type | Default | Meaning |\n|---|---|---|---|\n{rows}\n",
        f"## Project layout\n\n{layout_lines}\n",
        "## Development\n\nRun the tests before opening a merge request; the CI runs them on every push.\n",
        "## Contributing\n\nIssues and merge requests are welcome. Please read [CONTRIBUTING.md](CONTRIBUTING.md) first.\n",
        f"## License\n\n{LICENSE_NAMES.get(spec.license, spec.license)}, see [LICENSE](LICENSE). Copyright {spec.holder}.\n",
    ]
    return "\n".join(parts)


def docs(rng: random.Random, spec: RepoSpec, domain: Domain, nouns: list[str]) -> dict[str, str]:
    out = {"docs/index.md": f"# {spec.name} documentation\n\n{spec.description}\n\n"
           + "\n".join(f"- [{cg.pascal(n)}s]({n}.md)" for n in nouns) + "\n- [FAQ](faq.md)\n"}
    for n in nouns:
        a, t = rng.choice(domain.numbers), rng.choice(domain.texts)
        out[f"docs/{n}.md"] = (f"# {cg.pascal(cg.plural(n))}\n\nA *{n}* has an id, a name, a `{a}` and a `{t}`.\n\n"
                               f"## Example\n\n```json\n{{\"id\": \"{n}-1\", \"name\": \"North {n}\", \"{a}\": {rng.randint(1, 90)}, "
                               f"\"{t}\": \"{rng.choice(world.DISTRICTS)}\"}}\n```\n\n"
                               f"## Limits\n\n`{a}` must be between 0 and the configured maximum; larger values are rejected "
                               f"with a message that names the {n}.\n")
    qs = [(f"Why is my {nouns[0]} rejected?", f"Run the validator: it prints every problem with the {nouns[0]}."),
          ("Does it work offline?", "Yes. Nothing is fetched unless you configure an API URL."),
          ("How do I report a bug?", "Open an issue with the steps to reproduce and the version you use."),
          (f"Can I import {cg.plural(nouns[-1])} from CSV?", "Yes, with a header row; unknown columns are ignored.")]
    rng.shuffle(qs)
    out["docs/faq.md"] = "# FAQ\n\n" + "\n".join(f"## {q}\n\n{a}\n" for q, a in qs[:3])
    return out


def sample_data(rng: random.Random, spec: RepoSpec, domain: Domain, nouns: list[str]) -> dict[str, str]:
    if spec.domain not in {"transit", "geo", "data", "environment", "maritime", "astronomy", "sports", "library",
                           "outdoors", "coop", "health", "bio"}:
        return {}
    n = nouns[0]
    a, a2 = domain.numbers[:2]
    rows = [f"id,name,{a},{a2},{domain.texts[0]}"]
    places = [lm.name for lm in world.LANDMARKS] + list(world.DISTRICTS)
    for i in range(rng.randint(12, 40)):
        rows.append(f"{n[:3]}-{i + 1:03d},{rng.choice(places)},{rng.uniform(0, 100):.2f},{rng.randint(0, 500)},"
                    f"{rng.choice(world.DISTRICTS)}")
    return {f"data/{cg.plural(n)}.csv": "\n".join(rows) + "\n"}
