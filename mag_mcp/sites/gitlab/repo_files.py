"""File trees of the seeded repositories: README, LICENSE, build files and source files per language.

Pure functions of the project (no randomness): `project_files(...)` returns
{path: text}. All repositories keep their files on the default branch `main`.
"""

from __future__ import annotations

from textwrap import dedent

from ..world import CITY, STATE

YEAR = 2023

LICENSE_NAMES = {
    "MIT": "MIT License",
    "Apache-2.0": "Apache License 2.0",
    "GPL-3.0": "GNU General Public License v3.0",
    "BSD-3-Clause": 'BSD 3-Clause "New" or "Revised" License',
    "CC-BY-4.0": "Creative Commons Attribution 4.0 International",
}


def license_text(kind: str, holder: str, year: int = YEAR) -> str:
    if kind == "MIT":
        return dedent(f"""\
            MIT License

            Copyright (c) {year} {holder}

            Permission is hereby granted, free of charge, to any person obtaining a copy
            of this software and associated documentation files (the "Software"), to deal
            in the Software without restriction, including without limitation the rights
            to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
            copies of the Software, and to permit persons to whom the Software is
            furnished to do so, subject to the following conditions:

            The above copyright notice and this permission notice shall be included in all
            copies or substantial portions of the Software.

            THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
            IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
            FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
            AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
            LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
            OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
            SOFTWARE.
            """)
    if kind == "Apache-2.0":
        return dedent(f"""\
                                             Apache License
                                       Version 2.0, January 2004
                                    http://www.apache.org/licenses/

               TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION

               1. Definitions.

                  "License" shall mean the terms and conditions for use, reproduction,
                  and distribution as defined by Sections 1 through 9 of this document.

                  "Licensor" shall mean the copyright owner or entity authorized by
                  the copyright owner that is granting the License.

               2. Grant of Copyright License. Subject to the terms and conditions of
                  this License, each Contributor hereby grants to You a perpetual,
                  worldwide, non-exclusive, no-charge, royalty-free, irrevocable
                  copyright license to reproduce, prepare Derivative Works of,
                  publicly display, publicly perform, sublicense, and distribute the
                  Work and such Derivative Works in Source or Object form.

               END OF TERMS AND CONDITIONS

               Copyright {year} {holder}

               Licensed under the Apache License, Version 2.0 (the "License");
               you may not use this file except in compliance with the License.
               You may obtain a copy of the License at

                   http://www.apache.org/licenses/LICENSE-2.0

               Unless required by applicable law or agreed to in writing, software
               distributed under the License is distributed on an "AS IS" BASIS,
               WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
               See the License for the specific language governing permissions and
               limitations under the License.
            """)
    if kind == "GPL-3.0":
        return dedent(f"""\
                                GNU GENERAL PUBLIC LICENSE
                                   Version 3, 29 June 2007

             Copyright (C) 2007 Free Software Foundation, Inc. <https://fsf.org/>
             Everyone is permitted to copy and distribute verbatim copies
             of this license document, but changing it is not allowed.

                                        Preamble

              The GNU General Public License is a free, copyleft license for
            software and other kinds of works.

              The licenses for most software and other practical works are designed
            to take away your freedom to share and change the works.  By contrast,
            the GNU General Public License is intended to guarantee your freedom to
            share and change all versions of a program--to make sure it remains free
            software for all its users.

            Copyright (C) {year} {holder}

            This program is free software: you can redistribute it and/or modify
            it under the terms of the GNU General Public License as published by
            the Free Software Foundation, either version 3 of the License, or
            (at your option) any later version.

            This program is distributed in the hope that it will be useful,
            but WITHOUT ANY WARRANTY; without even the implied warranty of
            MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
            GNU General Public License for more details.
            """)
    if kind == "BSD-3-Clause":
        return dedent(f"""\
            BSD 3-Clause License

            Copyright (c) {year}, {holder}

            Redistribution and use in source and binary forms, with or without
            modification, are permitted provided that the following conditions are met:

            1. Redistributions of source code must retain the above copyright notice, this
               list of conditions and the following disclaimer.

            2. Redistributions in binary form must reproduce the above copyright notice,
               this list of conditions and the following disclaimer in the documentation
               and/or other materials provided with the distribution.

            3. Neither the name of the copyright holder nor the names of its
               contributors may be used to endorse or promote products derived from
               this software without specific prior written permission.

            THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
            AND ANY EXPRESS OR IMPLIED WARRANTIES ARE DISCLAIMED.
            """)
    return dedent(f"""\
        Creative Commons Attribution 4.0 International

        Copyright (c) {year} {holder}

        This work is licensed under the Creative Commons Attribution 4.0
        International License. To view a copy of this license, visit
        http://creativecommons.org/licenses/by/4.0/

        You are free to share and adapt the material for any purpose, even
        commercially, as long as you give appropriate credit.
        """)


def _ident(name: str) -> str:
    return name.replace("-", "_").replace(".", "_")


def _title(name: str) -> str:
    return " ".join(w.capitalize() for w in name.replace("_", "-").split("-"))


def _readme(
    name: str,
    description: str,
    install: str,
    usage: str,
    features: list[str],
    license_kind: str,
    extra: str = "",
    lang: str = "shell",
) -> str:
    feats = "\n".join(f"- {f}" for f in features)
    return (
        f"# {name}\n\n{description}\n\n"
        f"## Features\n\n{feats}\n\n"
        f"## Installation\n\n```{lang}\n{install}\n```\n\n"
        f"## Usage\n\n```{lang}\n{usage}\n```\n\n"
        + (extra + "\n\n" if extra else "")
        + "## Contributing\n\nIssues and merge requests are welcome. Please read `CONTRIBUTING.md` first and "
        "add tests for any change in behaviour.\n\n"
        f"## License\n\n{LICENSE_NAMES[license_kind]}, see [LICENSE](LICENSE).\n"
    )


CONTRIBUTING = dedent("""\
    # Contributing

    1. Open an issue that describes the change before you start.
    2. Fork the project and create a branch from `main`.
    3. Add tests, keep the style of the surrounding code.
    4. Open a merge request and link the issue (`Closes #123`).

    Be kind in reviews. Every contributor follows the code of conduct.
    """)


def _python(name: str, desc: str, lic: str, features: list[str]) -> dict[str, str]:
    pkg = _ident(name)
    return {
        "pyproject.toml": dedent(f"""\
            [project]
            name = "{name}"
            version = "0.4.2"
            description = "{desc}"
            requires-python = ">=3.9"
            license = {{text = "{lic}"}}

            [project.scripts]
            {name} = "{pkg}.cli:main"

            [tool.pytest.ini_options]
            testpaths = ["tests"]
            """),
        f"src/{pkg}/__init__.py": f'"""{desc}"""\n\n__version__ = "0.4.2"\n\nfrom .core import load, summarize\n\n__all__ = ["load", "summarize"]\n',
        f"src/{pkg}/core.py": dedent(f'''\
            """Core functions of {name}."""

            from __future__ import annotations

            import csv
            from dataclasses import dataclass
            from pathlib import Path


            @dataclass
            class Record:
                key: str
                value: float


            def load(path: str | Path) -> list[Record]:
                """Read records from a CSV file with `key` and `value` columns."""
                with open(path, newline="", encoding="utf-8") as fh:
                    return [Record(row["key"], float(row["value"])) for row in csv.DictReader(fh)]


            def summarize(records: list[Record]) -> dict[str, float]:
                """Count, mean, minimum and maximum of the values."""
                if not records:
                    return {{"count": 0, "mean": 0.0, "min": 0.0, "max": 0.0}}
                values = [r.value for r in records]
                return {{
                    "count": len(values),
                    "mean": sum(values) / len(values),
                    "min": min(values),
                    "max": max(values),
                }}
            '''),
        f"src/{pkg}/cli.py": dedent(f'''\
            """Command-line entry point: `{name} FILE`."""

            import argparse
            import json

            from .core import load, summarize


            def main(argv=None) -> int:
                parser = argparse.ArgumentParser(prog="{name}", description="{desc}")
                parser.add_argument("file", help="input CSV file")
                parser.add_argument("--pretty", action="store_true", help="indent the JSON output")
                args = parser.parse_args(argv)
                print(json.dumps(summarize(load(args.file)), indent=2 if args.pretty else None))
                return 0


            if __name__ == "__main__":
                raise SystemExit(main())
            '''),
        "tests/test_core.py": dedent(f"""\
            from {pkg}.core import Record, summarize


            def test_summarize_empty():
                assert summarize([])["count"] == 0


            def test_summarize_values():
                out = summarize([Record("a", 1.0), Record("b", 3.0)])
                assert out == {{"count": 2, "mean": 2.0, "min": 1.0, "max": 3.0}}
            """),
        "docs/usage.md": f"# Using {name}\n\nRun `{name} data.csv --pretty` to print a summary.\n\n"
        + "\n".join(f"- {f}" for f in features)
        + "\n",
        ".gitignore": "__pycache__/\n*.pyc\n.venv/\ndist/\nbuild/\n.pytest_cache/\n",
        "requirements.txt": "pytest>=7.0\n",
    }


def _rust(name: str, desc: str, lic: str, features: list[str]) -> dict[str, str]:
    crate = _ident(name)
    return {
        "Cargo.toml": dedent(f"""\
            [package]
            name = "{name}"
            version = "0.3.1"
            edition = "2021"
            description = "{desc}"
            license = "{lic}"

            [dependencies]
            clap = {{ version = "4", features = ["derive"] }}
            """),
        "src/main.rs": dedent(f"""\
            use clap::Parser;

            /// {desc}
            #[derive(Parser, Debug)]
            #[command(name = "{name}", version)]
            struct Args {{
                /// Input file
                input: String,
                /// Print verbose output
                #[arg(short, long)]
                verbose: bool,
            }}

            fn main() {{
                let args = Args::parse();
                match {crate}::run(&args.input, args.verbose) {{
                    Ok(summary) => println!("{{}}", summary),
                    Err(err) => {{
                        eprintln!("error: {{}}", err);
                        std::process::exit(1);
                    }}
                }}
            }}
            """),
        "src/lib.rs": dedent("""\
            //! Library half of the crate: everything the binary does, testable.

            pub mod graph;

            use std::fs;

            pub fn run(path: &str, verbose: bool) -> Result<String, std::io::Error> {
                let text = fs::read_to_string(path)?;
                let lines = text.lines().count();
                if verbose {
                    eprintln!("read {} lines from {}", lines, path);
                }
                Ok(format!("{} lines", lines))
            }
            """),
        "src/graph.rs": dedent("""\
            use std::collections::{BinaryHeap, HashMap};
            use std::cmp::Reverse;

            /// A directed graph with weighted edges.
            #[derive(Default)]
            pub struct Graph {
                edges: HashMap<u32, Vec<(u32, u32)>>,
            }

            impl Graph {
                pub fn add_edge(&mut self, from: u32, to: u32, weight: u32) {
                    self.edges.entry(from).or_default().push((to, weight));
                }

                /// Length of the shortest path from `start` to `goal` (Dijkstra).
                pub fn shortest(&self, start: u32, goal: u32) -> Option<u32> {
                    let mut dist: HashMap<u32, u32> = HashMap::new();
                    let mut heap = BinaryHeap::new();
                    heap.push(Reverse((0, start)));
                    while let Some(Reverse((d, node))) = heap.pop() {
                        if node == goal {
                            return Some(d);
                        }
                        if dist.get(&node).map_or(false, |&best| d > best) {
                            continue;
                        }
                        for &(next, w) in self.edges.get(&node).into_iter().flatten() {
                            let nd = d + w;
                            if dist.get(&next).map_or(true, |&best| nd < best) {
                                dist.insert(next, nd);
                                heap.push(Reverse((nd, next)));
                            }
                        }
                    }
                    None
                }
            }
            """),
        "tests/graph.rs": dedent(f"""\
            use {crate}::graph::Graph;

            #[test]
            fn shortest_path() {{
                let mut g = Graph::default();
                g.add_edge(1, 2, 4);
                g.add_edge(2, 3, 1);
                g.add_edge(1, 3, 7);
                assert_eq!(g.shortest(1, 3), Some(5));
            }}
            """),
        ".gitignore": "/target\nCargo.lock\n",
    }


def _go(name: str, desc: str, lic: str, features: list[str]) -> dict[str, str]:
    return {
        "go.mod": f"module gitlab.portalder.dev/{name}\n\ngo 1.20\n",
        "main.go": dedent(f"""\
            // Command {name}: {desc}
            package main

            import (
            \t"flag"
            \t"fmt"
            \t"log"
            \t"os"

            \t"gitlab.portalder.dev/{name}/internal/store"
            )

            func main() {{
            \tdir := flag.String("dir", ".", "data directory")
            \tflag.Parse()
            \ts, err := store.Open(*dir)
            \tif err != nil {{
            \t\tlog.Fatal(err)
            \t}}
            \tdefer s.Close()
            \tfmt.Fprintf(os.Stdout, "%d entries\\n", s.Len())
            }}
            """),
        "internal/store/store.go": dedent("""\
            package store

            import (
            \t"os"
            \t"path/filepath"
            \t"sync"
            )

            // Store keeps entries on disk, one file per key.
            type Store struct {
            \tmu  sync.Mutex
            \tdir string
            }

            func Open(dir string) (*Store, error) {
            \tif err := os.MkdirAll(dir, 0o755); err != nil {
            \t\treturn nil, err
            \t}
            \treturn &Store{dir: dir}, nil
            }

            func (s *Store) Put(key string, value []byte) error {
            \ts.mu.Lock()
            \tdefer s.mu.Unlock()
            \treturn os.WriteFile(filepath.Join(s.dir, key), value, 0o644)
            }

            func (s *Store) Len() int {
            \tentries, _ := os.ReadDir(s.dir)
            \treturn len(entries)
            }

            func (s *Store) Close() error { return nil }
            """),
        "internal/store/store_test.go": dedent("""\
            package store

            import "testing"

            func TestPut(t *testing.T) {
            \ts, err := Open(t.TempDir())
            \tif err != nil {
            \t\tt.Fatal(err)
            \t}
            \tif err := s.Put("a", []byte("1")); err != nil {
            \t\tt.Fatal(err)
            \t}
            \tif s.Len() != 1 {
            \t\tt.Fatalf("want 1 entry, got %d", s.Len())
            \t}
            }
            """),
        "Makefile": "build:\n\tgo build ./...\n\ntest:\n\tgo test ./...\n",
    }


def _javascript(name: str, desc: str, lic: str, features: list[str]) -> dict[str, str]:
    return {
        "package.json": dedent(f"""\
            {{
              "name": "{name}",
              "version": "1.2.0",
              "description": "{desc}",
              "main": "src/index.js",
              "license": "{lic}",
              "scripts": {{
                "test": "node --test test/",
                "lint": "eslint src"
              }}
            }}
            """),
        "src/index.js": dedent("""\
            'use strict';

            const { replaceAll } = require('./replace');

            /**
             * Walk the text nodes under `root` and apply the replacements.
             */
            function run(root, rules) {
              const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
              let node;
              let changed = 0;
              while ((node = walker.nextNode())) {
                const next = replaceAll(node.nodeValue, rules);
                if (next !== node.nodeValue) {
                  node.nodeValue = next;
                  changed += 1;
                }
              }
              return changed;
            }

            module.exports = { run };
            """),
        "src/replace.js": dedent("""\
            'use strict';

            function escape(text) {
              return text.replace(/[.*+?^${}()|[\\]\\\\]/g, '\\\\$&');
            }

            function replaceAll(text, rules) {
              return rules.reduce(
                (acc, [from, to]) => acc.replace(new RegExp(`\\\\b${escape(from)}\\\\b`, 'gi'), to),
                text,
              );
            }

            module.exports = { replaceAll };
            """),
        "test/replace.test.js": dedent("""\
            const test = require('node:test');
            const assert = require('node:assert');
            const { replaceAll } = require('../src/replace');

            test('replaces whole words only', () => {
              assert.strictEqual(replaceAll('the cloud clouds', [['cloud', 'sky']]), 'the sky clouds');
            });
            """),
        ".eslintrc.json": '{\n  "extends": "eslint:recommended",\n  "env": { "node": true, "browser": true }\n}\n',
        ".gitignore": "node_modules/\ndist/\ncoverage/\n",
    }


def _typescript(name: str, desc: str, lic: str, features: list[str]) -> dict[str, str]:
    return {
        "package.json": dedent(f"""\
            {{
              "name": "{name}",
              "version": "0.9.0",
              "description": "{desc}",
              "license": "{lic}",
              "scripts": {{ "build": "tsc", "test": "vitest run" }},
              "devDependencies": {{ "typescript": "^5.1.0", "vitest": "^0.32.0" }}
            }}
            """),
        "tsconfig.json": '{\n  "compilerOptions": {\n    "target": "ES2020",\n    "module": "ESNext",\n    "strict": true,\n    "outDir": "dist"\n  },\n  "include": ["src"]\n}\n',
        "src/index.ts": dedent("""\
            export interface Entry {
              id: number;
              title: string;
              date: string; // YYYY-MM-DD
              notes?: string;
            }

            export function upcoming(entries: Entry[], today: string): Entry[] {
              return entries.filter((e) => e.date >= today).sort((a, b) => a.date.localeCompare(b.date));
            }
            """),
        "src/storage.ts": dedent("""\
            import type { Entry } from './index';

            const KEY = 'entries';

            export function save(entries: Entry[]): void {
              localStorage.setItem(KEY, JSON.stringify(entries));
            }

            export function load(): Entry[] {
              const raw = localStorage.getItem(KEY);
              return raw ? (JSON.parse(raw) as Entry[]) : [];
            }
            """),
        "src/components/EntryList.tsx": dedent("""\
            import type { Entry } from '../index';

            export function EntryList({ entries }: { entries: Entry[] }) {
              return (
                <ul className="entry-list">
                  {entries.map((e) => (
                    <li key={e.id}>
                      <time dateTime={e.date}>{e.date}</time> {e.title}
                    </li>
                  ))}
                </ul>
              );
            }
            """),
        "test/upcoming.test.ts": dedent("""\
            import { expect, test } from 'vitest';
            import { upcoming } from '../src/index';

            test('keeps future entries in date order', () => {
              const out = upcoming(
                [{ id: 1, title: 'b', date: '2023-07-02' }, { id: 2, title: 'a', date: '2023-06-20' }],
                '2023-06-12',
              );
              expect(out.map((e) => e.id)).toEqual([2, 1]);
            });
            """),
        ".gitignore": "node_modules/\ndist/\n",
    }


def _css(name: str, desc: str, lic: str, features: list[str]) -> dict[str, str]:
    return {
        "themes/a11y-dark.css": dedent("""\
            /* a11y-dark: WCAG AA contrast on a dark background */
            code[class*="language-"], pre[class*="language-"] {
              color: #f8f8f2;
              background: #2b2b2b;
              font-family: Consolas, Monaco, "Andale Mono", monospace;
            }
            .token.comment, .token.prolog { color: #d4d0ab; }
            .token.keyword { color: #dcc6e0; }
            .token.string { color: #abe338; }
            .token.number, .token.boolean { color: #f5ab35; }
            .token.function { color: #ffd700; }
            """),
        "themes/a11y-light.css": dedent("""\
            /* a11y-light: WCAG AA contrast on a light background */
            code[class*="language-"], pre[class*="language-"] {
              color: #545454;
              background: #fefefe;
            }
            .token.comment { color: #696969; }
            .token.keyword { color: #7928a1; }
            .token.string { color: #008000; }
            .token.number { color: #aa5d00; }
            .token.function { color: #007faa; }
            """),
        "demo/index.html": dedent(f"""\
            <!DOCTYPE html>
            <html lang="en">
            <head>
              <meta charset="utf-8">
              <title>{name} demo</title>
              <link rel="stylesheet" href="../themes/a11y-dark.css">
            </head>
            <body>
              <pre><code class="language-js">const answer = 42; // a comment</code></pre>
            </body>
            </html>
            """),
        "package.json": f'{{\n  "name": "{name}",\n  "version": "2.1.0",\n  "license": "{lic}",\n  "files": ["themes"]\n}}\n',
    }


def _shell(name: str, desc: str, lic: str, features: list[str]) -> dict[str, str]:
    return {
        "install.sh": dedent("""\
            #!/usr/bin/env bash
            # Link every dotfile into $HOME, keeping a backup of what was there.
            set -euo pipefail
            here="$(cd "$(dirname "$0")" && pwd)"
            for f in bashrc zshrc vimrc gitconfig tmux.conf; do
              target="$HOME/.$f"
              if [ -e "$target" ] && [ ! -L "$target" ]; then
                mv "$target" "$target.backup"
              fi
              ln -sf "$here/$f" "$target"
              echo "linked $target"
            done
            """),
        "bashrc": "# ~/.bashrc\nexport EDITOR=vim\nexport HISTSIZE=10000\nalias ll='ls -alF'\nalias gs='git status'\n[ -f ~/.aliases ] && . ~/.aliases\n",
        "zshrc": "# ~/.zshrc\nexport EDITOR=vim\nsetopt HIST_IGNORE_DUPS\nautoload -Uz compinit && compinit\nPROMPT='%F{cyan}%~%f %# '\n",
        "vimrc": '" ~/.vimrc\nset number\nset expandtab shiftwidth=4 tabstop=4\nsyntax on\nfiletype plugin indent on\n',
        "gitconfig": "[user]\n\tname = Ari Blaze\n[alias]\n\tco = checkout\n\tst = status -sb\n[pull]\n\trebase = true\n",
        "tmux.conf": "set -g mouse on\nset -g history-limit 50000\nbind r source-file ~/.tmux.conf\n",
        "scripts/update.sh": '#!/usr/bin/env bash\nset -e\ngit -C "$(dirname "$0")/.." pull --ff-only\n',
    }


def _ruby(name: str, desc: str, lic: str, features: list[str]) -> dict[str, str]:
    return {
        "Gemfile": "source 'https://rubygems.org'\n\ngem 'sinatra', '~> 3.0'\ngem 'sqlite3', '~> 1.6'\n\ngroup :test do\n  gem 'rspec', '~> 3.12'\nend\n",
        "app.rb": dedent("""\
            require 'sinatra'
            require_relative 'lib/catalog'

            catalog = Catalog.new(ENV.fetch('CATALOG_DB', 'catalog.db'))

            get '/search' do
              @results = catalog.search(params[:q].to_s)
              erb :results
            end
            """),
        "lib/catalog.rb": dedent("""\
            require 'sqlite3'

            class Catalog
              def initialize(path)
                @db = SQLite3::Database.new(path)
              end

              def search(query)
                return [] if query.strip.empty?
                @db.execute('SELECT title, author FROM books WHERE title LIKE ? LIMIT 50', "%#{query}%")
              end
            end
            """),
        "spec/catalog_spec.rb": "require_relative '../lib/catalog'\n\nRSpec.describe Catalog do\n  it 'returns nothing for a blank query' do\n    expect(Catalog.new(':memory:').search(' ')).to eq([])\n  end\nend\n",
        "views/results.erb": "<ul>\n<% @results.each do |title, author| %>\n  <li><%= title %> by <%= author %></li>\n<% end %>\n</ul>\n",
    }


def _cpp(name: str, desc: str, lic: str, features: list[str]) -> dict[str, str]:
    return {
        "CMakeLists.txt": f"cmake_minimum_required(VERSION 3.16)\nproject({_ident(name)} CXX)\nset(CMAKE_CXX_STANDARD 17)\nadd_executable({name} src/main.cpp src/timer.cpp)\n",
        "src/timer.h": dedent("""\
            #pragma once
            #include <chrono>
            #include <vector>

            class SplitTimer {
             public:
              void start();
              void split();
              std::vector<double> splits() const { return splits_; }

             private:
              std::chrono::steady_clock::time_point begin_;
              std::vector<double> splits_;
            };
            """),
        "src/timer.cpp": dedent("""\
            #include "timer.h"

            void SplitTimer::start() { begin_ = std::chrono::steady_clock::now(); splits_.clear(); }

            void SplitTimer::split() {
              auto now = std::chrono::steady_clock::now();
              splits_.push_back(std::chrono::duration<double>(now - begin_).count());
            }
            """),
        "src/main.cpp": dedent("""\
            #include <iostream>
            #include <string>
            #include "timer.h"

            int main() {
              SplitTimer timer;
              timer.start();
              std::string line;
              while (std::getline(std::cin, line)) {
                timer.split();
                std::cout << "split " << timer.splits().size() << ": " << timer.splits().back() << "s\\n";
              }
              return 0;
            }
            """),
        "splits/example.json": '{\n  "game": "Celeste",\n  "category": "Any%",\n  "segments": ["Forsaken City", "Old Site", "Celestial Resort"]\n}\n',
    }


def _java(name: str, desc: str, lic: str, features: list[str]) -> dict[str, str]:
    return {
        "pom.xml": dedent(f"""\
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <groupId>org.portalder</groupId>
              <artifactId>{name}</artifactId>
              <version>1.0.0</version>
              <properties><maven.compiler.release>17</maven.compiler.release></properties>
            </project>
            """),
        "src/main/java/org/portalder/shifts/Shift.java": dedent("""\
            package org.portalder.shifts;

            import java.time.LocalDateTime;

            public record Shift(String ward, String nurse, LocalDateTime start, LocalDateTime end) {
                public long hours() {
                    return java.time.Duration.between(start, end).toHours();
                }
            }
            """),
        "src/main/java/org/portalder/shifts/Planner.java": dedent("""\
            package org.portalder.shifts;

            import java.util.ArrayList;
            import java.util.List;

            public class Planner {
                private final List<Shift> shifts = new ArrayList<>();

                public void add(Shift shift) {
                    shifts.add(shift);
                }

                public long hoursFor(String nurse) {
                    return shifts.stream().filter(s -> s.nurse().equals(nurse)).mapToLong(Shift::hours).sum();
                }
            }
            """),
        "src/test/java/org/portalder/shifts/PlannerTest.java": "package org.portalder.shifts;\n\nclass PlannerTest {\n    // see issue #3: add tests for overlapping shifts\n}\n",
    }


def _ocaml(name: str, desc: str, lic: str, features: list[str]) -> dict[str, str]:
    return {
        "dune-project": "(lang dune 3.0)\n",
        "bin/dune": "(executable\n (name main)\n (libraries minic))\n",
        "bin/main.ml": "let () =\n  let lexbuf = Lexing.from_channel stdin in\n  let prog = Minic.Parser.program Minic.Lexer.token lexbuf in\n  Minic.Eval.run prog\n",
        "lib/ast.ml": "type expr =\n  | Int of int\n  | Var of string\n  | Binop of string * expr * expr\n  | Let of string * expr * expr\n",
        "lib/eval.ml": 'open Ast\n\nlet rec eval env = function\n  | Int n -> n\n  | Var x -> List.assoc x env\n  | Binop ("+", a, b) -> eval env a + eval env b\n  | Binop ("*", a, b) -> eval env a * eval env b\n  | Binop (op, _, _) -> failwith ("unknown operator " ^ op)\n  | Let (x, e, body) -> eval ((x, eval env e) :: env) body\n\nlet run e = print_int (eval [] e)\n',
        "homework/hw1.md": "# Homework 1\n\nWrite a lexer for the `minic` language. Due Friday.\n",
    }


def _r(name: str, desc: str, lic: str, features: list[str]) -> dict[str, str]:
    return {
        "analysis.R": dedent("""\
            library(readr)
            library(dplyr)

            rides <- read_csv("data/rides.csv")
            monthly <- rides %>%
              group_by(month = format(date, "%Y-%m")) %>%
              summarise(km = sum(distance_km), rides = n())
            print(monthly)
            """),
        "data/rides.csv": "date,distance_km,minutes,route\n2022-01-03,7.4,24,Riverside Park path\n2022-01-04,7.6,26,Alder Bridge\n2022-01-05,7.4,23,Riverside Park path\n",
        "plots/README.md": "Plots are written here by `analysis.R`.\n",
    }


def _yaml(name: str, desc: str, lic: str, features: list[str]) -> dict[str, str]:
    return {
        "templates/python.gitlab-ci.yml": dedent("""\
            .python-test:
              image: python:3.11
              stage: test
              script:
                - pip install -r requirements.txt
                - pytest -q
            """),
        "templates/docker.gitlab-ci.yml": dedent("""\
            .docker-build:
              image: docker:24
              services: [docker:24-dind]
              stage: build
              script:
                - docker build -t "$CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA" .
                - docker push "$CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA"
            """),
        "templates/node.gitlab-ci.yml": ".node-test:\n  image: node:18\n  stage: test\n  script:\n    - npm ci\n    - npm test\n",
        ".gitlab-ci.yml": "include:\n  - local: templates/python.gitlab-ci.yml\n\nlint:\n  image: alpine:3.18\n  script:\n    - apk add yamllint\n    - yamllint templates/\n",
        "examples/basic.yml": "include:\n  - project: yusuf_kaya/ci-templates\n    file: templates/python.gitlab-ci.yml\n\ntest:\n  extends: .python-test\n",
    }


def _html(name: str, desc: str, lic: str, features: list[str]) -> dict[str, str]:
    return {
        "index.html": dedent(f"""\
            <!DOCTYPE html>
            <html lang="en">
            <head>
              <meta charset="utf-8">
              <title>{_title(name)}</title>
              <link rel="stylesheet" href="css/site.css">
            </head>
            <body>
              <header><h1>{_title(name)}</h1></header>
              <main>
                <p>{desc}</p>
              </main>
              <footer>{CITY}, {STATE}</footer>
            </body>
            </html>
            """),
        "css/site.css": "body { font-family: Georgia, serif; margin: 0 auto; max-width: 60rem; }\nheader { padding: 2rem 0; }\n",
        "about.html": f'<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>About</title></head>\n<body><p>{desc}</p></body>\n</html>\n',
        "images/README.md": "Images are kept out of the repository and served from the CDN.\n",
    }


def _markdown(name: str, desc: str, lic: str, features: list[str]) -> dict[str, str]:
    return {
        "docs/index.md": f"# {_title(name)}\n\n{desc}\n\n" + "\n".join(f"- {f}" for f in features) + "\n",
        "docs/2023/january.md": "# January 2023\n\n- Kick-off meeting\n- Agreed on the schedule for the year\n",
        "docs/2023/march.md": "# March 2023\n\n- Reviewed open items\n- Next meeting: first Tuesday of the month\n",
        "mkdocs.yml": f"site_name: {_title(name)}\nnav:\n  - Home: docs/index.md\n",
    }


LANGUAGE_FILES = {
    "Python": _python,
    "Rust": _rust,
    "Go": _go,
    "JavaScript": _javascript,
    "TypeScript": _typescript,
    "CSS": _css,
    "Shell": _shell,
    "Ruby": _ruby,
    "C++": _cpp,
    "Java": _java,
    "OCaml": _ocaml,
    "R": _r,
    "YAML": _yaml,
    "HTML": _html,
    "Markdown": _markdown,
}

INSTALL = {
    "Python": ("pip install {name}", "{name} data.csv --pretty", "shell"),
    "Rust": ("cargo install {name}", "{name} input.txt --verbose", "shell"),
    "Go": ("go install gitlab.portalder.dev/{name}@latest", "{name} -dir ./data", "shell"),
    "JavaScript": ("npm install {name}", "npm test", "shell"),
    "TypeScript": ("npm install\nnpm run build", "npm test", "shell"),
    "CSS": ("npm install {name}", '<link rel="stylesheet" href="themes/a11y-dark.css">', "html"),
    "Shell": ("git clone http://127.0.0.1:8023/byteblaze/dotfiles.git ~/dotfiles", "~/dotfiles/install.sh", "shell"),
    "Ruby": ("bundle install", "bundle exec ruby app.rb", "shell"),
    "C++": ("cmake -B build && cmake --build build", "./build/{name}", "shell"),
    "Java": ("mvn package", "java -jar target/{name}-1.0.0.jar", "shell"),
    "OCaml": ("opam install dune", "dune exec bin/main.exe < examples/fact.mc", "shell"),
    "R": ('install.packages(c("readr", "dplyr"))', 'source("analysis.R")', "r"),
    "YAML": ("# nothing to install", "include:\n  - project: {path}\n    file: templates/python.gitlab-ci.yml", "yaml"),
    "HTML": ("python -m http.server 8000", "open http://localhost:8000/", "shell"),
    "Markdown": ("pip install mkdocs", "mkdocs serve", "shell"),
}


def project_files(
    path: str,
    name: str,
    description: str,
    language: str,
    license_kind: str,
    holder: str,
    features: list[str],
    readme_extra: str = "",
    extra_files: dict[str, str] | None = None,
) -> dict[str, str]:
    """All files of one repository, {path: text}."""
    install, usage, lang = INSTALL[language]
    files = LANGUAGE_FILES[language](name, description, license_kind, features)
    files["README.md"] = _readme(
        name,
        description,
        install.format(name=name, path=path),
        usage.format(name=name, path=path),
        features,
        license_kind,
        readme_extra,
        lang,
    )
    files["LICENSE"] = license_text(license_kind, holder)
    files["CONTRIBUTING.md"] = CONTRIBUTING
    files.update(extra_files or {})
    return dict(sorted(files.items()))
