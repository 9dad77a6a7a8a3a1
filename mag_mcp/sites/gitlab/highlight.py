"""Syntax highlighting of one line of code at a time (keywords, strings, comments, numbers), as
HTML spans with GitLab's token classes, and parsing of stored unified diffs into rows.

A small regular-expression lexer per language family, not a parser: good enough to colour
the seeded code the way GitLab's viewer does, and fast (no state across lines except an
open block comment is not tracked).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

KEYWORDS = {
    "py": "and as assert async await break class continue def del elif else except False finally for from global if "
          "import in is lambda None nonlocal not or pass raise return True try while with yield",
    "js": "async await break case catch class const continue default delete do else export extends false finally for "
          "from function if import in instanceof let new null of return static super switch this throw true try "
          "typeof undefined var void while yield interface type readonly private public implements",
    "go": "break case chan const continue default defer else fallthrough for func go goto if import interface map "
          "package range return select struct switch type var nil true false",
    "rs": "as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod "
          "move mut pub ref return self Self static struct super trait true type unsafe use where while",
    "java": "abstract boolean break case catch class continue default do double else enum extends final finally float "
            "for if implements import instanceof int interface long new null package private protected public record "
            "return static super switch this throw throws try void while true false var",
    "rb": "alias and begin break case class def defined? do else elsif end ensure false for if in module next nil not "
          "or redo rescue retry return self super then true undef unless until when while yield require attr_reader",
    "c": "auto bool break case char const constexpr continue default do double else enum extern float for if include "
         "inline int long namespace return short signed sizeof static struct switch template typedef union unsigned "
         "using void volatile while std vector string pragma once",
    "sh": "if then else elif fi for while do done case esac function in local export set return echo",
}
FAMILY = {".py": "py", ".js": "js", ".ts": "js", ".tsx": "js", ".go": "go", ".rs": "rs", ".java": "java", ".kt": "java",
          ".cs": "java", ".rb": "rb", ".c": "c", ".h": "c", ".cpp": "c", ".hpp": "c", ".sh": "sh", ".lua": "sh"}
COMMENT = {"py": "#", "rb": "#", "sh": "#", "js": "//", "go": "//", "rs": "//", "java": "//", "c": "//"}
_TOKEN = re.compile(r'(?P<s>"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|`[^`]*`)|(?P<n>\b\d+(?:\.\d+)?\b)|(?P<w>[A-Za-z_]\w*\??)')
_KW = {k: set(v.split()) for k, v in KEYWORDS.items()}


def family(path: str) -> str | None:
    for ext, fam in FAMILY.items():
        if path.endswith(ext):
            return fam
    return None


def line_html(line: str, fam: str | None) -> str:
    """One line as escaped HTML with token spans (`k` keyword, `s` string, `c` comment, `m` number)."""
    if fam is None:
        return escape(line)
    marker = COMMENT[fam]
    code, comment = line, ""
    idx = _comment_start(line, marker)
    if idx is not None:
        code, comment = line[:idx], line[idx:]
    out, pos = [], 0
    kws = _KW[fam]
    for m in _TOKEN.finditer(code):
        out.append(escape(code[pos:m.start()]))
        text = escape(m.group(0))
        if m.lastgroup == "s":
            out.append(f'<span class="s">{text}</span>')
        elif m.lastgroup == "n":
            out.append(f'<span class="m">{text}</span>')
        elif m.group(0) in kws:
            out.append(f'<span class="k">{text}</span>')
        else:
            out.append(text)
        pos = m.end()
    out.append(escape(code[pos:]))
    if comment:
        out.append(f'<span class="c">{escape(comment)}</span>')
    return "".join(out)


def _comment_start(line: str, marker: str) -> int | None:
    """Where a line comment starts, outside string literals."""
    quote = None
    i = 0
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "\"'`":
            quote = ch
        elif line.startswith(marker, i):
            return i
        i += 1
    return None


@dataclass(frozen=True)
class DiffRow:
    kind: str  # 'hunk' | 'old' | 'new' | 'ctx'
    old: int | None
    new: int | None
    html: str


def diff_rows(hunks: str, path: str, limit: int = 400) -> tuple[list[DiffRow], bool]:
    """Rows of a stored unified diff (highlighted), and whether it was cut at `limit` lines."""
    fam = family(path)
    rows: list[DiffRow] = []
    old = new = 0
    lines = hunks.split("\n") if hunks else []
    for line in lines[:limit]:
        if line.startswith("@@"):
            m = re.match(r"@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@", line)
            old, new = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
            old, new = max(old, 1) if old else 1, max(new, 1) if new else 1
            rows.append(DiffRow("hunk", None, None, escape(line)))
        elif line.startswith("-"):
            rows.append(DiffRow("old", old, None, line_html(line[1:], fam)))
            old += 1
        elif line.startswith("+"):
            rows.append(DiffRow("new", None, new, line_html(line[1:], fam)))
            new += 1
        else:
            rows.append(DiffRow("ctx", old, new, line_html(line[1:], fam)))
            old += 1
            new += 1
    return rows, len(lines) > limit
