"""Per-language file layouts of the generated repositories: where the modules and tests go,
the build manifest, the ignore file and the CI jobs. `layout(lang, ...)` returns the files;
`CI_JOBS` is what `.gitlab-ci.yml` runs (the pipelines in `ci` are made of these jobs)."""

from __future__ import annotations

import json
import random
from textwrap import dedent

from . import codegen as cg
from . import codegen_langs as cl
from . import codegen_more as cm
from . import codegen_ts as cts
from .catalog import Domain


def ident(name: str) -> str:
    return name.replace("-", "_").replace(".", "_")


# (stage, job name, image, script) per language; "deploy" jobs only on projects that deploy
CI_JOBS: dict[str, list[tuple[str, str, str, tuple[str, ...]]]] = {
    "Python": [("lint", "ruff", "python:3.11", ("pip install ruff", "ruff check src tests")),
               ("test", "pytest", "python:3.11", ("pip install -e .[test]", "pytest -q --cov")),
               ("build", "build-wheel", "python:3.11", ("pip install build", "python -m build"))],
    "TypeScript": [("lint", "eslint", "node:18", ("npm ci", "npm run lint")),
                   ("test", "vitest", "node:18", ("npm ci", "npm test -- --run")),
                   ("build", "build", "node:18", ("npm ci", "npm run build"))],
    "JavaScript": [("lint", "eslint", "node:18", ("npm ci", "npm run lint")),
                   ("test", "vitest", "node:18", ("npm ci", "npm test -- --run"))],
    "Go": [("lint", "go-vet", "golang:1.20", ("go vet ./...",)),
           ("test", "go-test", "golang:1.20", ("go test -race ./...",)),
           ("build", "go-build", "golang:1.20", ("go build -o bin/ ./...",))],
    "Rust": [("lint", "clippy", "rust:1.70", ("cargo clippy -- -D warnings",)),
             ("test", "cargo-test", "rust:1.70", ("cargo test",)),
             ("build", "release", "rust:1.70", ("cargo build --release",))],
    "Java": [("test", "mvn-test", "maven:3.9-eclipse-temurin-17", ("mvn -B test",)),
             ("build", "mvn-package", "maven:3.9-eclipse-temurin-17", ("mvn -B package -DskipTests",))],
    "Ruby": [("lint", "rubocop", "ruby:3.2", ("bundle install", "bundle exec rubocop")),
             ("test", "rspec", "ruby:3.2", ("bundle install", "bundle exec rspec"))],
    "C++": [("build", "cmake-build", "gcc:12", ("cmake -B build", "cmake --build build")),
            ("test", "ctest", "gcc:12", ("cmake -B build", "cmake --build build", "ctest --test-dir build"))],
    "Shell": [("lint", "shellcheck", "koalaman/shellcheck-alpine", ("shellcheck scripts/*.sh",))],
    "YAML": [("lint", "yamllint", "alpine:3.18", ("apk add yamllint", "yamllint ."))],
    "HCL": [("lint", "terraform-fmt", "hashicorp/terraform:1.5", ("terraform fmt -check -recursive",)),
            ("test", "terraform-validate", "hashicorp/terraform:1.5", ("terraform init -backend=false", "terraform validate"))],
    "Markdown": [("lint", "markdownlint", "node:18", ("npx markdownlint-cli '**/*.md'",))],
    "HTML": [("test", "html-validate", "node:18", ("npx html-validate '**/*.html'",))],
    "CSS": [("lint", "stylelint", "node:18", ("npx stylelint '**/*.css'",))],
}
DEPLOY_JOB = ("deploy", "deploy-production", "alpine:3.18", ("./scripts/deploy.sh production",))
IGNORES = {
    "Python": "__pycache__/\n*.pyc\n.venv/\ndist/\nbuild/\n.pytest_cache/\n.coverage\n",
    "TypeScript": "node_modules/\ndist/\ncoverage/\n", "JavaScript": "node_modules/\ndist/\ncoverage/\n",
    "Go": "/bin/\n*.test\ncoverage.out\n", "Rust": "/target\n", "Java": "target/\n*.class\n.idea/\n",
    "Ruby": ".bundle/\nvendor/\ncoverage/\n", "C++": "build/\n*.o\n", "C": "build/\n*.o\n",
}


def ci_jobs(language: str, deploys: bool) -> list[tuple[str, str, str, tuple[str, ...]]]:
    jobs = list(CI_JOBS.get(language, [("test", "check", "alpine:3.18", ("./scripts/check.sh",))]))
    return jobs + ([DEPLOY_JOB] if deploys else [])


def ci_yaml(language: str, deploys: bool) -> str:
    jobs = ci_jobs(language, deploys)
    stages = list(dict.fromkeys(stage for stage, *_ in jobs))
    out = ["stages:"] + [f"  - {s}" for s in stages] + [""]
    for stage, name, image, script in jobs:
        out += [f"{name}:", f"  stage: {stage}", f"  image: {image}", "  script:"] + [f"    - {line}" for line in script]
        if stage == "deploy":
            out += ["  environment:", "    name: production", "  rules:", "    - if: $CI_COMMIT_BRANCH == \"main\"",
                    "      when: manual"]
        out.append("")
    return "\n".join(out)


def layout(rng: random.Random, lang: str, name: str, desc: str, domain: Domain, nouns: list[str],
           license_kind: str, version: str) -> dict[str, str]:
    """Source, tests and manifest of one project in `lang` (languages without a writer get
    scripts and notes in that language's spirit)."""
    pkg = ident(name)
    files: dict[str, str] = {}
    words = [cg.ModuleWords.make(rng, domain, n, pkg) for n in nouns]
    texts = {n: f"{cg.plural(n)} of {name}." for n in nouns}
    if lang == "Python":
        exports = []
        for n, w in zip(nouns, words, strict=True):
            mod, test, _ = cg.python_module(rng, w, texts[n])
            files[f"src/{pkg}/{n}.py"], files[f"tests/test_{n}.py"] = mod, test
            exports.append(w.words["N"])
        files[f"src/{pkg}/__init__.py"] = (f'"""{desc}"""\n\n__version__ = "{version}"\n\n'
                                           + "".join(f"from .{n} import {e}\n" for n, e in zip(nouns, exports, strict=True))
                                           + f"\n__all__ = {sorted(exports)!r}\n".replace("'", '"'))
        files[f"src/{pkg}/client.py"] = dedent(f'''\
            """A small JSON-over-HTTP client for the {name} API."""

            from __future__ import annotations

            import json
            import urllib.request


            class Client:
                def __init__(self, base_url: str, timeout_s: float = 10.0) -> None:
                    self.base_url = base_url.rstrip("/")
                    self.timeout_s = timeout_s

                def get(self, path: str) -> list[dict]:
                    with urllib.request.urlopen(self.base_url + path, timeout=self.timeout_s) as resp:
                        return json.load(resp)
            ''')
        files["tests/conftest.py"] = "import sys\nfrom pathlib import Path\n\nsys.path.insert(0, str(Path(__file__).parents[1] / \"src\"))\n"
        files["pyproject.toml"] = dedent(f'''\
            [build-system]
            requires = ["setuptools>=68"]
            build-backend = "setuptools.build_meta"

            [project]
            name = "{name}"
            version = "{version}"
            description = "{desc}"
            requires-python = ">=3.10"
            license = {{text = "{license_kind}"}}

            [project.optional-dependencies]
            test = ["pytest>=7", "pytest-cov>=4"]

            [tool.ruff]
            line-length = 110
            ''')
    elif lang in ("TypeScript", "JavaScript"):
        typed = lang == "TypeScript"
        ext = "ts" if typed else "js"
        for n, w in zip(nouns, words, strict=True):
            mod, test, _ = cts.ts_module(rng, w, texts[n], typed)
            files[f"src/{w.words['nC']}.{ext}"], files[f"test/{w.words['nC']}.test.{ext}"] = mod, test
        files[f"src/index.{ext}"] = "".join(f'export * from "./{cg.camel(n)}";\n' for n in nouns)
        pkgjson = {"name": name, "version": version, "description": desc, "license": license_kind, "type": "module",
                   "scripts": {"build": "tsc -p ." if typed else "vite build", "test": "vitest", "lint": "eslint src test"},
                   "devDependencies": {"eslint": "^8.44.0", "vitest": "^0.33.0", **({"typescript": "^5.1.6"} if typed else {})}}
        files["package.json"] = json.dumps(pkgjson, indent=2) + "\n"
        if typed:
            files["tsconfig.json"] = json.dumps({"compilerOptions": {"target": "ES2021", "module": "ESNext", "strict": True,
                                                                     "outDir": "dist", "declaration": True},
                                                 "include": ["src"]}, indent=2) + "\n"
        files[".eslintrc.json"] = '{\n  "root": true,\n  "extends": ["eslint:recommended"]\n}\n'
    elif lang == "Go":
        module = f"gitlab.portalder.dev/{name}"
        for n, w in zip(nouns, words, strict=True):
            src, test, _ = cl.go_module(rng, w, texts[n])
            files[f"internal/{n}/{n}.go"], files[f"internal/{n}/{n}_test.go"] = src, test
        files["go.mod"] = f"module {module}\n\ngo 1.20\n"
        files[f"cmd/{name}/main.go"] = dedent(f'''\
            // Command {name}: {desc}
            package main

            import (
            	"flag"
            	"fmt"
            	"os"
            )

            var version = "{version}"

            func main() {{
            	showVersion := flag.Bool("version", false, "print the version and exit")
            	flag.Parse()
            	if *showVersion {{
            		fmt.Println("{name}", version)
            		return
            	}}
            	if flag.NArg() == 0 {{
            		fmt.Fprintln(os.Stderr, "usage: {name} [flags] <command>")
            		os.Exit(2)
            	}}
            }}
            ''')
        files["Makefile"] = f"BINARY := bin/{name}\n\n.PHONY: build test\n\nbuild:\n\tgo build -o $(BINARY) ./cmd/{name}\n\ntest:\n\tgo test ./...\n"
    elif lang == "Rust":
        for n, w in zip(nouns, words, strict=True):
            src, _, _ = cl.rust_module(rng, w, texts[n])
            files[f"src/{n}.rs"] = src
        files["src/lib.rs"] = f"//! {desc}\n\n" + "".join(f"pub mod {n};\n" for n in nouns)
        files["Cargo.toml"] = (f'[package]\nname = "{name}"\nversion = "{version}"\nedition = "2021"\n'
                               f'license = "{license_kind}"\ndescription = "{desc}"\n\n[dependencies]\n')
    elif lang in ("Java", "Kotlin"):
        package = f"dev.portalder.{pkg.replace('_', '')}"
        base = package.replace(".", "/")
        for n, w in zip(nouns, words, strict=True):
            src, test, _ = cm.java_module(rng, w, texts[n], package)
            files[f"src/main/java/{base}/{w.words['N']}s.java"] = src
            files[f"src/test/java/{base}/{w.words['N']}sTest.java"] = test
        files["pom.xml"] = dedent(f'''\
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <groupId>dev.portalder</groupId>
              <artifactId>{name}</artifactId>
              <version>{version}</version>
              <properties>
                <maven.compiler.release>17</maven.compiler.release>
              </properties>
              <dependencies>
                <dependency>
                  <groupId>org.junit.jupiter</groupId>
                  <artifactId>junit-jupiter</artifactId>
                  <version>5.9.3</version>
                  <scope>test</scope>
                </dependency>
              </dependencies>
            </project>
            ''')
    elif lang == "Ruby":
        mod = cg.pascal(pkg)
        for n, w in zip(nouns, words, strict=True):
            src, test, _ = cm.ruby_module(rng, w, texts[n], mod)
            files[f"lib/{pkg}/{n}.rb"], files[f"spec/{n}_spec.rb"] = src, test
        files[f"lib/{pkg}.rb"] = (f"# frozen_string_literal: true\n\n# {desc}\nmodule {mod}\n  VERSION = \"{version}\"\nend\n\n"
                                  + "".join(f'require_relative "{pkg}/{n}"\n' for n in nouns))
        files["spec/spec_helper.rb"] = f'# frozen_string_literal: true\n\nrequire "{pkg}"\n'
        files["Gemfile"] = 'source "https://rubygems.org"\n\ngemspec\n\ngroup :development do\n  gem "rspec", "~> 3.12"\n  gem "rubocop", "~> 1.54"\nend\n'
        files[f"{name}.gemspec"] = (f'Gem::Specification.new do |s|\n  s.name = "{name}"\n  s.version = "{version}"\n'
                                    f'  s.summary = "{desc}"\n  s.license = "{license_kind}"\n  s.files = Dir["lib/**/*.rb"]\nend\n')
    elif lang in ("C++", "C"):
        ns = pkg
        for n, w in zip(nouns, words, strict=True):
            both, test, _ = cm.cpp_module(rng, w, texts[n], ns)
            header, impl = both.split("\f")
            files[f"src/{n}.hpp"], files[f"src/{n}.cpp"], files[f"tests/test_{n}.cpp"] = header, impl, test
        srcs = " ".join(f"src/{n}.cpp" for n in nouns)
        files["CMakeLists.txt"] = (f"cmake_minimum_required(VERSION 3.16)\nproject({pkg} VERSION {version} LANGUAGES CXX)\n"
                                   f"set(CMAKE_CXX_STANDARD 17)\n\nadd_library({pkg} {srcs})\ntarget_include_directories({pkg} PUBLIC src)\n\n"
                                   "enable_testing()\n" + "".join(
                                       f"add_executable(test_{n} tests/test_{n}.cpp)\ntarget_link_libraries(test_{n} {pkg})\n"
                                       f"add_test(NAME {n} COMMAND test_{n})\n" for n in nouns))
    else:
        files.update(_plain_layout(rng, lang, name, desc, domain, nouns))
    if lang in IGNORES:
        files[".gitignore"] = IGNORES[lang]
    return files


def _plain_layout(rng: random.Random, lang: str, name: str, desc: str, domain: Domain, nouns: list[str]) -> dict[str, str]:
    """Projects whose language has no code writer: scripts, configuration and notes."""
    files: dict[str, str] = {}
    files["scripts/check.sh"] = f"#!/usr/bin/env bash\n# Checks the {name} files before a merge.\nset -euo pipefail\n\nfind . -name '*.md' -print0 | xargs -0 -n1 test -s\necho \"ok\"\n"
    for n in nouns[:3]:
        title = cg.pascal(n)
        if lang == "Shell":
            files[f"scripts/{n}.sh"] = (f"#!/usr/bin/env bash\n# {title} helpers for {name}.\nset -euo pipefail\n\n"
                                        f"{n}_list() {{\n  local dir=\"${{1:-./{cg.plural(n)}}}\"\n  find \"$dir\" -type f | sort\n}}\n\n"
                                        f"{n}_count() {{\n  {n}_list \"$@\" | wc -l\n}}\n\n\"${{1:-{n}_list}}\" \"${{@:2}}\"\n")
        elif lang in ("YAML", "HCL"):
            ext = "yml" if lang == "YAML" else "tf"
            body = (f"{cg.plural(n)}:\n  - name: {n}-a\n    {domain.numbers[0]}: {rng.randint(1, 99)}\n"
                    f"  - name: {n}-b\n    {domain.numbers[1]}: {rng.randint(1, 99)}\n") if lang == "YAML" else (
                f'variable "{n}_name" {{\n  type        = string\n  description = "Name of the {n}."\n}}\n\n'
                f'resource "null_resource" "{n}" {{\n  triggers = {{\n    name = var.{n}_name\n  }}\n}}\n')
            files[f"{'config' if lang == 'YAML' else 'modules/' + n}/{n}.{ext}"] = body
        elif lang in ("HTML", "CSS"):
            files[f"{n}.html"] = (f"<!doctype html>\n<html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n  <title>{title} · {name}</title>\n"
                                  f"  <link rel=\"stylesheet\" href=\"css/site.css\">\n</head>\n<body>\n  <h1>{title}</h1>\n"
                                  f"  <p>{desc}</p>\n</body>\n</html>\n")
            files["css/site.css"] = ":root {\n  --accent: #1f75cb;\n}\n\nbody {\n  font-family: system-ui, sans-serif;\n  margin: 0 auto;\n  max-width: 64rem;\n}\n"
        elif lang == "Lua":
            files[f"lua/{n}.lua"] = f"-- {title} settings\nlocal M = {{}}\n\nfunction M.setup(opts)\n  opts = opts or {{}}\n  M.enabled = opts.enabled ~= false\nend\n\nreturn M\n"
        elif lang == "C#":
            files[f"src/{title}.cs"] = f"namespace {cg.pascal(ident(name))};\n\npublic record {title}(string Id, string Name, double Value);\n"
        else:
            files[f"notes/{n}.md"] = f"# {title}\n\nNotes on {cg.plural(n)} for {name}.\n\n- {domain.features[0]}\n- {domain.features[-1]}\n"
    return files
