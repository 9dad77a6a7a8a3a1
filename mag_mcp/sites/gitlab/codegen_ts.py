"""TypeScript and JavaScript writers for the generated repositories (templates and conventions
as in `codegen`): a module of exported functions and a small class per noun, with vitest tests.
JavaScript is the TypeScript with its type annotations taken out."""

from __future__ import annotations

import random
import re

from .codegen import ModuleWords, fill, pick_shapes

# --- TypeScript / JavaScript --------------------------------------------------------------------

TS_SHAPES = {
    "active": '''export function active@Ns@(items: @N@[], minimum = 0): @N@[] {
  return items
    .filter((item) => item.@aC@ >= minimum)
    .sort((a, b) => b.@aC@ - a.@aC@);
}
''',
    "group": '''export function groupBy@TP@(items: @N@[]): Map<string, @N@[]> {
  const groups = new Map<string, @N@[]>();
  for (const item of items) {
    const key = item.@tC@ || "unknown";
    const list = groups.get(key) ?? [];
    list.push(item);
    groups.set(key, list);
  }
  return groups;
}
''',
    "validate": '''export function validate@N@(item: @N@): string[] {
  const problems: string[] = [];
  if (!item.name.trim()) problems.push("name is empty");
  if (item.@aC@ < 0) problems.push(`@aC@ must not be negative (got ${item.@aC@})`);
  if (item.@aC@ > @C@) problems.push(`@aC@ is above the limit of ${@C@}`);
  return problems;
}
''',
    "stats": '''export function summarize@Ns@(items: @N@[]): { count: number; mean: number; max: number } {
  if (items.length === 0) return { count: 0, mean: 0, max: 0 };
  const values = items.map((item) => item.@aC@);
  const sum = values.reduce((acc, v) => acc + v, 0);
  return { count: values.length, mean: sum / values.length, max: Math.max(...values) };
}
''',
    "fetch": '''export async function fetch@Ns@(baseUrl: string, attempts = 3): Promise<@N@[]> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(`${baseUrl}/@ns@`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as @N@[];
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** (attempt - 1)));
    }
  }
  throw lastError;
}
''',
    "format": '''export function describe@N@(item: @N@): string {
  const @tC@ = item.@tC@ || "-";
  return `${item.name.padEnd(24)} ${@tC@.padEnd(12)} ${item.@aC@.toFixed(2).padStart(10)}`;
}
''',
    "debounce": '''export function debounce<T extends (...args: never[]) => void>(fn: T, waitMs = @K@): T {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return ((...args: Parameters<T>) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => fn(...args), waitMs);
  }) as T;
}
''',
    "store": '''export class @N@Store {
  private readonly byId = new Map<string, @N@>();

  add(item: @N@): void {
    if (this.byId.has(item.id)) throw new Error(`duplicate @n@ ${item.id}`);
    this.byId.set(item.id, item);
  }

  get(id: string): @N@ | undefined {
    return this.byId.get(id);
  }

  search(text: string): @N@[] {
    const needle = text.toLowerCase();
    return [...this.byId.values()].filter((item) => item.name.toLowerCase().includes(needle));
  }

  get size(): number {
    return this.byId.size;
  }
}
''',
    "chunk": '''export function* chunk@Ns@(items: Iterable<@N@>, size = @K@): Generator<@N@[]> {
  let batch: @N@[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}
''',
}
TS_INTERFACE = '''export interface @N@ {
  id: string;
  name: string;
  @aC@: number;
  @a2C@: number;
  @tC@?: string;
  tags: string[];
}
'''
TS_TESTS = {
    "active": '''  it("keeps @ns@ over the minimum, largest first", () => {
    const items = [make("a", 1), make("b", 5), make("c", 3)];
    expect(active@Ns@(items, 2).map((i) => i.id)).toEqual(["b", "c"]);
  });
''',
    "validate": '''  it("reports a negative @aC@", () => {
    expect(validate@N@(make("a", -1))).toEqual(["@aC@ must not be negative (got -1)"]);
  });
''',
    "stats": '''  it("summarizes an empty list", () => {
    expect(summarize@Ns@([]).count).toBe(0);
  });
''',
    "chunk": '''  it("chunks into batches", () => {
    const sizes = [...chunk@Ns@([make("a", 1), make("b", 2), make("c", 3)], 2)].map((b) => b.length);
    expect(sizes).toEqual([2, 1]);
  });
''',
    "store": '''  it("refuses duplicate ids", () => {
    const store = new @N@Store();
    store.add(make("a", 1));
    expect(() => store.add(make("a", 2))).toThrow();
  });
''',
}


def ts_module(rng: random.Random, w: ModuleWords, domain_text: str, typed: bool) -> tuple[str, str, list[str]]:
    """(module, test, shapes) in TypeScript, or in JavaScript (types stripped) when not `typed`."""
    shapes = pick_shapes(rng, TS_SHAPES, 3, 6)
    head = f"/**\n * {w.words['Ns']}: {domain_text}\n */\n\nexport const @C@ = @LIMIT@;\n"
    parts = [fill(head, w.words)]
    if typed:
        parts.append(fill(TS_INTERFACE, w.words))
    parts += [fill(TS_SHAPES[s], w.words) for s in shapes]
    src = "\n".join(parts)
    tested = [s for s in shapes if s in TS_TESTS]
    names = sorted({_ts_name(s, w) for s in tested})
    ext_imports = ", ".join([w.words["C"]] + names)
    mk = ('const make = (id: string, value: number): @N@ => ({ id, name: id.toUpperCase(), @aC@: value, @a2C@: 0, tags: [] });'
          if typed else 'const make = (id, value) => ({ id, name: id.toUpperCase(), @aC@: value, @a2C@: 0, tags: [] });')
    test = (f'import {{ describe, expect, it }} from "vitest";\nimport {{ {ext_imports}'
            f'{", type " + w.words["N"] if typed else ""} }} from "../src/{w.words["nC"]}";\n\n'
            + fill(mk, w.words) + "\n\n" + f'describe("{w.words["nC"]}", () => {{\n'
            + "".join(fill(TS_TESTS[s], w.words) + "\n" for s in tested)
            + fill('''  it("exports a limit", () => {
    expect(@C@).toBeGreaterThan(0);
  });
''', w.words) + "});\n")
    if not typed:
        src, test = _strip_types(src), _strip_types(test)
    return src, test, shapes


def _ts_name(shape: str, w: ModuleWords) -> str:
    return fill({"active": "active@Ns@", "validate": "validate@N@", "stats": "summarize@Ns@", "chunk": "chunk@Ns@",
                 "store": "@N@Store"}[shape], w.words)


def _strip_types(src: str) -> str:
    """A rough TypeScript -> JavaScript pass for the templates above (annotations and generics)."""
    src = re.sub(r"let (\w+): [^=;]+;", r"let \1;", src)
    src = re.sub(r"let (\w+): [^=]+ = ", r"let \1 = ", src)
    src = re.sub(r", type \w+", "", src)
    src = re.sub(r"<T extends \(\.\.\.args: never\[\]\) => void>", "", src)
    src = re.sub(r"\): (Promise<)?[\w<>\[\]{}:;, |]+? \{", ") {", src)
    src = re.sub(r"\): [\w<>\[\] |]+ =>", ") =>", src)
    src = re.sub(r"(\w+)(\?)?: (string|number|boolean|unknown|T|@?\w+\[\]|[A-Z]\w*(<[^>]*>)?|Parameters<T>)(?=[,)=\s])",
                 r"\1", src)
    src = re.sub(r"new Map<[^>]*>\(\)", "new Map()", src)
    src = re.sub(r"new Promise<[^>]*>", "new Promise", src)
    src = re.sub(r"private readonly ", "", src)
    src = re.sub(r" as \w+(\[\])?", "", src)
    src = re.sub(r"\n  get size\(\)(: number)? \{", "\n  get size() {", src)
    return src
