"""A small deterministic phrase grammar: the engine the forum's text generator writes with.

Template syntax
---------------
``[a|b|c]``   one of the alternatives, chosen uniformly (nesting allowed; ``[a|]`` may be empty)
``{name}``    a value of the bank ``name``, drawn once per text: every ``{name}`` in one text (a
              post with its title and body, or one comment) is the same value
``{name2}``   another value of the bank ``name`` (also ``{name3}``), never equal to ``{name}``: a
              template can compare two things without ever writing "X or X"
``{@rule}``   the expansion of one template of the rule ``rule``
``{!name=value}`` binds ``name`` to ``value`` for the rest of the text and writes nothing (a
              title can say which bank its answers come from: ``{!answers=purchase}``)
``{name:bare}`` the value without its leading article ("a cat tree" -> "cat tree"), for "Best {thing:bare}?";
              ``{name:lower}`` with its first letter in lower case (unless the value starts with an acronym)

Bank values are templates themselves (``"a [cheap|used] {gadget}"``), expanded when drawn.
Templates are parsed once and cached. `tidy` fixes what slot filling leaves behind: "a" before
a vowel sound, the capital letter starting each sentence, stray spaces and doubled
punctuation.

A text is expanded against a `Scope`: the random stream, the banks (a chain of mappings:
post, forum, family, world), the rules, and the values bound so far. Nothing here reads
the clock or global state, so the same seed always writes the same words.
"""

from __future__ import annotations

import re
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

# --- parsing ---------------------------------------------------------------------------------

Node = "str | Choice | Slot | Rule"


@dataclass(frozen=True)
class Slot:
    bank: str  # the bank drawn from ("thing")
    key: str  # the bound name ("thing2")
    mod: str = ""  # "bare": without a leading "a", "an" or "the"; "lower": first letter in lower case


@dataclass(frozen=True)
class Rule:
    name: str


@dataclass(frozen=True)
class Bind:
    name: str
    value: str


@dataclass(frozen=True)
class Choice:
    options: tuple[tuple, ...]  # each option is a sequence of nodes


_TOKEN = re.compile(r"(\[|\]|\||\{[@A-Za-z_][A-Za-z_0-9]*(?::bare|:lower)?\}|\{![A-Za-z_]+=[A-Za-z_0-9]+\})")
_BARE = re.compile(r"^(?:a|an|the) ", re.I)
_SLOT_INDEX = re.compile(r"^([A-Za-z_]+?)([23])?$")
_cache: dict[str, tuple] = {}


def compile_template(text: str) -> tuple:
    """The parsed form of `text` (cached)."""
    hit = _cache.get(text)
    if hit is not None:
        return hit
    tokens = [t for t in _TOKEN.split(text) if t]
    pos = 0

    def seq(depth: int) -> tuple[list, bool]:
        nonlocal pos
        out: list = []
        while pos < len(tokens):
            tok = tokens[pos]
            if tok == "[":
                pos += 1
                options = []
                while True:
                    part, closed = seq(depth + 1)
                    options.append(tuple(part))
                    if closed:
                        break
                out.append(Choice(tuple(options)))
            elif tok in ("|", "]") and depth > 0:
                pos += 1
                return out, tok == "]"
            elif tok.startswith("{!"):
                name, _, value = tok[2:-1].partition("=")
                out.append(Bind(name, value))
                pos += 1
            elif tok.startswith("{@"):
                out.append(Rule(tok[2:-1]))
                pos += 1
            elif tok.startswith("{"):
                name, _, modifier = tok[1:-1].partition(":")
                m = _SLOT_INDEX.match(name)
                out.append(Slot(m.group(1) if m else name, name, modifier))
                pos += 1
            else:
                out.append(tok)
                pos += 1
        if depth > 0:
            raise ValueError(f"unclosed [ in template {text!r}")
        return out, True

    nodes, _ = seq(0)
    result = tuple(nodes)
    _cache[text] = result
    return result


# --- expansion -------------------------------------------------------------------------------


class MissingBank(KeyError):
    """A template names a bank that no mapping in the scope provides."""


@dataclass
class Scope:
    """What one text is written against: randomness, banks, rules and the values bound so far."""

    rng: random.Random
    banks: Sequence[Mapping[str, Sequence[str]]]  # searched in order: the first that has a bank wins
    rules: Mapping[str, Sequence[str]]
    bound: dict[str, str] = field(default_factory=dict)

    def bank(self, name: str) -> Sequence[str]:
        for layer in self.banks:
            values = layer.get(name)
            if values:
                return values
        raise MissingBank(name)

    def has(self, name: str) -> bool:
        return any(layer.get(name) for layer in self.banks)

    def value(self, bank: str, key: str) -> str:
        """The value bound to `key`, drawing one from `bank` (unlike its siblings) if unbound; a bank
        named like the key itself ("district2") is used for it when there is one."""
        got = self.bound.get(key)
        if got is not None:
            return got
        values = self.bank(key) if key != bank and self.has(key) else self.bank(bank)
        taken = {self.bound.get(bank), self.bound.get(bank + "2"), self.bound.get(bank + "3")} if bank in self.bound \
            or bank + "2" in self.bound else ()
        for _ in range(8):
            raw = values[self.rng.randrange(len(values))]
            text = expand(raw, self) if ("{" in raw or "[" in raw) else raw
            if text not in taken:
                break
        self.bound[key] = text
        return text

    def child(self, **bound: str) -> Scope:
        """A scope for another text that starts with `bound` (same randomness, banks and rules)."""
        return Scope(self.rng, self.banks, self.rules, dict(bound))


_VERB_AFTER = re.compile(r"^(\s*(?:still |really |just |always |never |also |honestly )?)(is|was|has|does|doesn't|isn't|wasn't|makes|matters|looks|needs|feels|gets|pulls|stands|"
                         r"sticks|takes|holds|deserves|comes|changes|sells|carries)\b")
_PLURAL_VERBS = {"is": "are", "was": "were", "has": "have", "does": "do", "doesn't": "don't", "isn't": "aren't",
                 "wasn't": "weren't"}
_SUBJECT_BANKS = frozenset({"aspect", "thing"})  # banks whose values are often a sentence's subject
_NOT_PLURAL = re.compile(r"(?:ss|us|is|ics|ness|news|series|lens|canvas|bass)$")


def _plural(value: str) -> bool:
    """A common noun phrase ("the views", "trekking poles") whose head is plural; names stay singular."""
    words = value.split()
    if not words or words[-1][:1].isupper() or (words[0][:1].isupper() and words[0].lower() != "the"):
        return False
    if len(words) > 1 and words[0].lower() == "the" and words[1][:1].isupper():
        return False
    if any(w in ("of", "with", "for", "in", "on") for w in words[1:]):
        return False  # "the pacing of season two": the head comes before the preposition
    last = words[-1].lower()
    return last.endswith("s") and not _NOT_PLURAL.search(last)


def _agree(text: str) -> str:
    """The literal after a plural slot value, with its verb made plural ("is" -> "are")."""
    m = _VERB_AFTER.match(text)
    if not m:
        return text
    verb = m.group(2)
    plural = _PLURAL_VERBS.get(verb) or (verb[:-3] + "y" if verb.endswith("ies") else verb[:-1])
    return f"{m.group(1)}{plural}{text[m.end():]}"


def _walk(nodes: tuple, scope: Scope, out: list[str], plural_before: bool = False) -> None:
    for node in nodes:
        if isinstance(node, str):
            out.append(_agree(node) if plural_before else node)
            plural_before = plural_before and not node.strip()  # a bare space keeps waiting for the verb
            continue
        if isinstance(node, Slot):
            value = scope.value(node.bank, node.key)
            if node.mod == "bare":
                value = _BARE.sub("", value)
            elif node.mod == "lower" and value[:2] != value[:2].upper():
                value = value[:1].lower() + value[1:]
            out.append(value)
            plural_before = node.bank in _SUBJECT_BANKS and _plural(value)
            continue
        if isinstance(node, Choice):
            _walk(node.options[scope.rng.randrange(len(node.options))], scope, out, plural_before)
        elif isinstance(node, Bind):
            scope.bound[node.name] = node.value
            continue
        else:
            templates = scope.rules[node.name]
            _walk(compile_template(templates[scope.rng.randrange(len(templates))]), scope, out)
        plural_before = False


def expand(template: str, scope: Scope) -> str:
    """`template` written out in `scope` (raw: call `tidy` on the finished text)."""
    out: list[str] = []
    _walk(compile_template(template), scope, out)
    return "".join(out)


def uses(template: str) -> set[str]:
    """The bank names a template draws from directly (not through rules)."""
    found: set[str] = set()

    def walk(nodes: tuple) -> None:
        for node in nodes:
            if isinstance(node, Slot):
                found.add(node.bank)
            elif isinstance(node, Choice):
                for option in node.options:
                    walk(option)

    walk(compile_template(template))
    return found


# --- tidying ---------------------------------------------------------------------------------

_AN_EXCEPTIONS = re.compile(r"^(?:uni|use|usu|uti|ure|eu|one|once|ubi)", re.I)
_AN_SILENT_H = re.compile(r"^(?:hour|honest|honou?r|heir)", re.I)
_ARTICLE = re.compile(r"(?<![\w.])([Aa])n? ([\"'(*]?)([A-Za-z0-9][\w'-]*)")
_SPACES = re.compile(r"[ \t]{2,}")
_SPACE_PUNCT = re.compile(r" +([,.;:!?])")
_DOUBLE_PUNCT = re.compile(r"([!?])\.+|,([.!?])|(?<!\.)\.\.(?!\.)|([!?])\3{2,}")
_SENTENCE_START = re.compile(r"(^|(?<!\.\.)[.!?]\s+|\n\s*(?:> )?)([a-z])")  # an ellipsis goes on


def _article(m: re.Match) -> str:
    a, lead, word = m.group(1), m.group(2), m.group(3)
    if word.startswith(("Xbox", "X-", "NVMe", "LLM")):
        vowel = True
    elif word.isupper() and len(word) > 1 and not word.isdigit():
        vowel = word[0] in "AEFHILMNORSX"
    elif word[0].isdigit():
        vowel = word.startswith(("8", "11", "18")) and not word.startswith(("80", "81", "82", "83", "84", "85",
                                                                              "86", "87", "88", "89", "110",
                                                                              "111", "180"))
    else:
        vowel = (word[0] in "aeiouAEIOU" and not _AN_EXCEPTIONS.match(word)) or bool(_AN_SILENT_H.match(word))
    return f"{a}{'n' if vowel else ''} {lead}{word}"


_MAYBE_DOUBLE = re.compile(r"[!?,.]\.|[!?]{3}")


def _cap(m: re.Match) -> str:
    return m.group(1) + m.group(2).upper()


def tidy(text: str) -> str:
    """Fix articles, spacing, doubled punctuation and sentence capitals of generated text."""
    if "a " in text or "A " in text:
        text = _ARTICLE.sub(_article, text)
    if "  " in text:
        text = _SPACES.sub(" ", text)
    if " ," in text or " ." in text or " ?" in text or " !" in text or " ;" in text or " :" in text:
        text = _SPACE_PUNCT.sub(r"\1", text)
    if _MAYBE_DOUBLE.search(text):
        text = _DOUBLE_PUNCT.sub(lambda m: m.group(1) or m.group(2) or m.group(3) or ".", text)
    if "\n" in text:
        text = "\n".join(line.strip() for line in text.split("\n"))
    return _SENTENCE_START.sub(_cap, text.strip())


_DOUBLED = re.compile(r"\b(\w[\w' .-]{2,40}?) (?:vs\.?|or|and|versus) \1\b", re.I)


def doubled_phrase(text: str) -> bool:
    """A generator artefact: the same phrase on both sides of "vs", "or" or "and" ("Hades or Hades")."""
    return bool(_DOUBLED.search(text))
