"""Source writers for Java, Ruby and C++ (template conventions as in `codegen`). Each returns
(module, test, shapes) for one noun of the project's domain."""

from __future__ import annotations

import random

from .codegen import ModuleWords, fill, pick_shapes

# --- Java ----------------------------------------------------------------------------------------

JAVA_SHAPES = {
    "filter": '''    /** The {@code @ns@} whose @aC@ is at least {@code min}, largest first. */
    public static List<@N@> active(Collection<@N@> items, double min) {
        return items.stream()
                .filter(x -> x.@aC@() >= min)
                .sorted(Comparator.comparingDouble(@N@::@aC@).reversed())
                .collect(Collectors.toList());
    }
''',
    "group": '''    /** Groups @ns@ by @tC@; an empty value is grouped under "unknown". */
    public static Map<String, List<@N@>> groupBy@TP@(Collection<@N@> items) {
        return items.stream().collect(Collectors.groupingBy(
                x -> x.@tC@() == null || x.@tC@().isBlank() ? "unknown" : x.@tC@()));
    }
''',
    "validate": '''    /** Problems with one @n@ (empty when it is valid). */
    public static List<String> validate(@N@ x) {
        List<String> problems = new ArrayList<>();
        if (x.name() == null || x.name().isBlank()) {
            problems.add("name is empty");
        }
        if (x.@aC@() < 0 || x.@aC@() > @C@) {
            problems.add("@aC@ out of range: " + x.@aC@());
        }
        return problems;
    }
''',
    "stats": '''    /** Average @aC@, or 0 for no @ns@. */
    public static double mean@AP@(Collection<@N@> items) {
        return items.stream().mapToDouble(@N@::@aC@).average().orElse(0);
    }
''',
}


def java_module(rng: random.Random, w: ModuleWords, domain_text: str, package: str) -> tuple[str, str, list[str]]:
    shapes = pick_shapes(rng, JAVA_SHAPES, 2, 4)
    src = fill(f'''package {package};

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** {w.words["Ns"]}: {domain_text} */
public final class @N@s {{
    /** The largest accepted @aC@. */
    public static final int @C@ = @LIMIT@;

    private @N@s() {{
    }}

    /** One @n@. */
    public record @N@(String id, String name, double @aC@, double @a2C@, String @tC@) {{
    }}
''', w.words) + "".join("\n" + fill(JAVA_SHAPES[s], w.words) for s in shapes) + "}\n"
    test = fill(f'''package {package};

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class @N@sTest {{
    @Test
    void limitIsPositive() {{
        assertEquals(true, @N@s.@C@ > 0);
    }}
''', w.words) + ('''
    @Test
    void validateFindsEmptyName() {
        List<String> problems = @N@s.validate(new @N@s.@N@("a", " ", 1, 0, ""));
        assertEquals(List.of("name is empty"), problems);
    }
''' if "validate" in shapes else "").replace("@N@", w.words["N"]) + "}\n"
    return src, test, shapes


# --- Ruby ----------------------------------------------------------------------------------------

RUBY_SHAPES = {
    "filter": '''    # The @ns@ whose @a@ is at least +min+, largest first.
    def self.active(items, min: 0)
      items.select { |x| x.@a@ >= min }.sort_by { |x| -x.@a@ }
    end
''',
    "group": '''    # Groups @ns@ by @t@ ("unknown" when blank).
    def self.group_by_@t@(items)
      items.group_by { |x| x.@t@.to_s.empty? ? "unknown" : x.@t@ }
    end
''',
    "validate": '''    # Problems with this @n@ (empty when valid).
    def problems
      out = []
      out << "name is empty" if name.to_s.strip.empty?
      out << "@a@ must not be negative" if @a@.negative?
      out << "@a@ is above #{@C@}" if @a@ > @C@
      out
    end
''',
    "to_h": '''    def to_h
      { id: id, name: name, @a@: @a@, @t@: @t@ }
    end
''',
}


def ruby_module(rng: random.Random, w: ModuleWords, domain_text: str, mod: str) -> tuple[str, str, list[str]]:
    shapes = pick_shapes(rng, RUBY_SHAPES, 2, 4)
    src = fill(f'''# frozen_string_literal: true

module {mod}
  # {w.words["Ns"]}: {domain_text}
  class @N@
    @C@ = @LIMIT@

    attr_reader :id, :name, :@a@, :@t@

    def initialize(id:, name:, @a@: 0, @t@: nil)
      @id = id
      @name = name
      @@a@ = @a@
      @@t@ = @t@
    end
''', w.words) + "".join("\n" + fill(RUBY_SHAPES[s], w.words) for s in shapes) + "  end\nend\n"
    test = fill(f'''# frozen_string_literal: true

require "spec_helper"

RSpec.describe {mod}::@N@ do
  it "keeps its name" do
    expect(described_class.new(id: "a", name: "Alpha").name).to eq("Alpha")
  end
''', w.words) + ('''
  it "reports a blank name" do
    expect(described_class.new(id: "a", name: " ").problems).to include("name is empty")
  end
''' if "validate" in shapes else "") + "end\n"
    return src, test, shapes


# --- C++ -----------------------------------------------------------------------------------------

def cpp_module(rng: random.Random, w: ModuleWords, domain_text: str, ns: str) -> tuple[str, str, list[str]]:
    """(header + implementation joined by a form feed, test, shapes)."""
    shapes = pick_shapes(rng, {"filter": "", "mean": "", "describe": ""}, 2, 3)
    header = fill(f'''// {w.words["Ns"]}: {domain_text}
#pragma once

#include <string>
#include <vector>

namespace {ns} {{

constexpr int k@AP@Limit = @LIMIT@;

struct @N@ {{
  std::string id;
  std::string name;
  double @a@ = 0.0;
  double @a2@ = 0.0;
  std::string @t@;
}};

''', w.words)
    decls = {"filter": "std::vector<@N@> active_@ns@(const std::vector<@N@>& items, double min);",
             "mean": "double mean_@a@(const std::vector<@N@>& items);",
             "describe": "std::string describe(const @N@& x);"}
    header += "\n".join(fill(decls[s], w.words) for s in shapes) + f"\n\n}}  // namespace {ns}\n"
    impls = {
        "filter": '''std::vector<@N@> active_@ns@(const std::vector<@N@>& items, double min) {
  std::vector<@N@> out;
  std::copy_if(items.begin(), items.end(), std::back_inserter(out),
               [min](const @N@& x) { return x.@a@ >= min; });
  std::sort(out.begin(), out.end(), [](const @N@& a, const @N@& b) { return a.@a@ > b.@a@; });
  return out;
}
''',
        "mean": '''double mean_@a@(const std::vector<@N@>& items) {
  if (items.empty()) return 0.0;
  double sum = 0.0;
  for (const auto& x : items) sum += x.@a@;
  return sum / static_cast<double>(items.size());
}
''',
        "describe": '''std::string describe(const @N@& x) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "%-24s %-12s %10.2f", x.name.c_str(), x.@t@.c_str(), x.@a@);
  return buf;
}
''',
    }
    impl = fill(f'#include "@n@.hpp"\n\n#include <algorithm>\n#include <cstdio>\n#include <iterator>\n\nnamespace {ns} {{\n\n',
                w.words) + "\n".join(fill(impls[s], w.words) for s in shapes) + f"\n}}  // namespace {ns}\n"
    test = fill(f'''#include "@n@.hpp"

#include <cassert>

int main() {{
  using namespace {ns};
  std::vector<@N@> items{{{{"a", "A", 1.0}}, {{"b", "B", 5.0}}}};
''', w.words) + (fill("  assert(active_@ns@(items, 2.0).size() == 1);\n", w.words) if "filter" in shapes else "") + (
        fill("  assert(mean_@a@(items) == 3.0);\n", w.words) if "mean" in shapes else "") + "  return 0;\n}\n"
    return header + "\f" + impl, test, shapes
