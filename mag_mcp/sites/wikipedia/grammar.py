"""Sentence variation for the wiki's generated articles: a tiny template grammar.

A template is text with choice groups and format slots::

    "<The town|The community> <was founded|grew up> in {year}<| around a sawmill>."

``<a|b|c>`` picks one alternative (groups nest; an empty alternative drops the
group), then ``{name}`` slots are filled from keyword arguments. Choices are drawn
from the article's own `random.Random`, so an article reads the same in every build
and rewording one article never changes another. Templates are parsed once and
cached. Template text must not hold a literal ``<`` or ``>``; slot values may hold
anything (they are inserted after the choices are made).

Besides `vary`, this module holds the small formatting helpers every writer needs:
numbers in words, ordinals, dates in the American month-day-year style of US
articles, lists of names and percentages.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

Node = str | tuple  # a literal, or a tuple of alternatives (each a tuple of nodes)

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
_SMALL = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")
_ORD_WORDS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
              "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
              "eighteenth", "nineteenth", "twentieth")


class TemplateError(ValueError):
    """A template with unbalanced choice brackets."""


@lru_cache(maxsize=None)
def _parse(template: str) -> tuple[Node, ...]:
    """The template as nodes: literals and choice groups (tuples of alternatives)."""
    pos = 0

    def seq(depth: int) -> tuple[tuple[Node, ...], str]:
        nonlocal pos
        out: list[Node] = []
        buf: list[str] = []
        while pos < len(template):
            ch = template[pos]
            if ch == "<":
                pos += 1
                if buf:
                    out.append("".join(buf))
                    buf = []
                alts: list[tuple[Node, ...]] = []
                while True:
                    alt, end = seq(depth + 1)
                    alts.append(alt)
                    if end == ">":
                        break
                    if end != "|":
                        raise TemplateError(f"unclosed choice in {template!r}")
                out.append(tuple(alts))
                continue
            if depth and ch in "|>":
                pos += 1
                if buf:
                    out.append("".join(buf))
                return tuple(out), ch
            if ch == ">":
                raise TemplateError(f"stray '>' in {template!r}")
            buf.append(ch)
            pos += 1
        if depth:
            return tuple(out + (["".join(buf)] if buf else [])), ""
        if buf:
            out.append("".join(buf))
        return tuple(out), ""

    nodes, _ = seq(0)
    return nodes


def _expand(rng: random.Random, nodes: tuple[Node, ...], out: list[str]) -> None:
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
        else:
            _expand(rng, node[rng.randrange(len(node))], out)


def vary(rng: random.Random, template: str, **slots: object) -> str:
    """One wording of `template` (choices drawn from `rng`, then slots filled)."""
    out: list[str] = []
    _expand(rng, _parse(template), out)
    text = "".join(out)
    return text.format(**slots) if slots else text


def one_of(rng: random.Random, templates: Sequence[str], **slots: object) -> str:
    """`vary` on one template drawn from `templates`."""
    return vary(rng, templates[rng.randrange(len(templates))], **slots)


def sentence(text: str) -> str:
    """Capitalise the first letter and end with a full stop (unless it ends with punctuation)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" or text.endswith(".''") else text + "."


# --- numbers and dates -----------------------------------------------------------------


def words(n: int) -> str:
    """Small numbers in words, larger ones in figures (the Manual of Style's rule)."""
    return _SMALL[n] if 0 <= n < len(_SMALL) else f"{n:,}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def ordinal_word(n: int) -> str:
    return _ORD_WORDS[n] if 0 <= n < len(_ORD_WORDS) else ordinal(n)


def figure(n: float, digits: int = 1) -> str:
    """A number with thousands separators (integers without decimals)."""
    return f"{n:,}" if isinstance(n, int) else f"{n:,.{digits}f}"


def percent(x: float) -> str:
    return f"{x:.1f}%"


def mdy(year: int, month: int, day: int) -> str:
    """'March 4, 1902'."""
    return f"{MONTHS[month - 1]} {day}, {year}"


def random_date(rng: random.Random, year: int) -> tuple[int, int, int]:
    month = rng.randrange(1, 13)
    return year, month, rng.randrange(1, MONTH_DAYS[month - 1] + 1)


def decade(year: int) -> str:
    return f"the {year // 10 * 10}s"


def join(items: Sequence[str], conj: str = "and") -> str:
    items = [x for x in items if x]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return f"{items[0]} {conj} {items[1]}"
    return ", ".join(items[:-1]) + f", {conj} " + items[-1]


def a_an(phrase: str) -> str:
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def plural(noun: str, n: int = 2) -> str:
    if n == 1:
        return noun
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    if noun.endswith(("ch", "sh", "s", "x", "z")):
        return noun + "es"
    return noun + "s"


def count(n: int, noun: str) -> str:
    """'three bridges', '1 bridge', '42 bridges'."""
    return f"{words(n)} {plural(noun, n)}"


def link(title: str, anchor: str | None = None) -> str:
    """Wiki markup of a link (the anchor only where it differs from the title)."""
    return f"[[{title}]]" if anchor is None or anchor == title else f"[[{title}|{anchor}]]"


def cite(n: int) -> str:
    """Markup of a footnote marker pointing at the article's reference `n` (1-based)."""
    return f"[#{n}]"
