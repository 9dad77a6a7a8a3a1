"""The shortcut-resistance rules `mag tasks stats` applies to every task (docs/TASKS.md says
the same in words).

**Search copied from the intent** (`search_copy`). The Set-of-Mark gold's first step, after
any clicks or hovers on the very field it then types into, is a `type` into a search box (a
`searchbox`, an element whose locator mentions "search", or a text box or combo box typed
into with Enter). The typed text and the intent are normalised (Unicode NFKC, case folded,
every run of letters or digits a token; punctuation and spacing dropped). With n = 2 for a
query of two or more tokens and n = 1 for a one-token query, the query is *copied* when at
least half of its word n-grams occur in the intent's n-grams (COPY_SHARE).

**Answer on the start page** (`answer_on_page`), for information tasks: the references the
checker needs (exact_match; every must_include entry, one of its " |OR| " alternatives
sufficing; every fuzzy_match reference; an "N/A" reference never counts) are looked for in
the start page the agent sees: the lines of each open tab's visible text (innerText and the
values of visible form fields) and the accessible names of its Set-of-Mark marks. The answer
*appears* when every reference is found:
- a value (number, money, date, duration, as the strict checker reads values) is found on a
  line that states an equal value *and* holds a content word of the intent (so "Issues: 19"
  answers "how many open issues ...", while a stray "19" elsewhere does not);
- a one-word text ("Owner", "Apache") likewise, as a whole word on a line with a content
  word of the intent; longer text (a name, a title) as a whole-word phrase anywhere;
- where the intent names the entity the question is about by a template value (a post's
  title, a product's name: `instantiation_dict` strings written in the intent), a value or a
  one-word text counts only within ENTITY_WINDOW lines of that name ("3 comments" next to
  the post's title, not next to another post's);
- a reference the intent itself names (one of the options of "which is older, A or B"),
  yes / no, and text under three characters are never looked for (finding them says
  nothing; the answer-space rule handles such questions).

**Answer space** (`answer_space`), per template: the author's `mag.answer_space` when the
instances declare one; 2 when every gold answer is yes or no; the number of options the
intents name when every gold answer is written in its own intent (a "which of A or B"
question); the number of distinct gold answers when two instances share an answer (a
small set shows itself by repeating); otherwise open (at least as many values as
instances, not flagged). A template whose every instance needs two or more references in
its answer (must_include entries or fuzzy references: the value and the entity it belongs
to) demands a justification and is never flagged.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from pydantic import BaseModel

from evaluators.checkers.phrases import contains_phrase, words
from evaluators.checkers.strict import value_spans
from evaluators.checkers.text import clean_answer, split_alternatives
from evaluators.checkers.values import only_value
from mag_core.tasks import GoldStep, Task

COPY_SHARE = 0.5
MIN_ANSWER_SPACE = 10
ENTITY_CHARS = 4  # a template value this long, written in the intent, names an entity
ENTITY_WINDOW = 4  # lines either side of a value in which the named entity must be written
SEARCH_ROLES = {"searchbox"}
TYPED_WITH_ENTER_ROLES = {"textbox", "combobox"}
STOPWORDS = frozenset(
    ["a", "an", "the", "of", "in", "on", "at", "to", "for", "from", "by", "with", "and", "or", "is", "are", "was", "were", "be", "been", "do", "does", "did", "how", "what", "which", "who", "whom", "whose", "when", "where", "why", "this", "that", "these", "those", "it", "its", "my", "me", "i", "you", "your", "our", "their", "there", "here", "has", "have", "had", "many", "much", "most", "more", "less", "least", "any", "some", "all", "each", "every", "one", "me", "tell", "show", "give", "find", "according"]
)


# ------------------------------------------------------------------ search copied from the intent

def normalise(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", unicodedata.normalize("NFKC", text).casefold())


def _ngrams(tokens: list[str], n: int) -> list[tuple[str, ...]]:
    return [tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)]


def copied_share(query: str, intent: str) -> float:
    """The share of the query's word n-grams that occur in the intent (see the module doc)."""
    q, i = normalise(query), normalise(intent)
    if not q:
        return 0.0
    n = 2 if len(q) >= 2 else 1
    grams, have = _ngrams(q, n), set(_ngrams(i, n))
    return sum(g in have for g in grams) / len(grams)


def _is_search_box(step: GoldStep) -> bool:
    t = step.target
    if t is None:
        return False
    if t.role in SEARCH_ROLES:
        return True
    if any("search" in (v or "").casefold() for v in (t.name, t.text, t.css)):
        return True
    return step.enter and t.role in TYPED_WITH_ENTER_ROLES


def first_search(task: Task) -> GoldStep | None:
    """The gold's first step when it types into a search box (clicks or hovers on that same
    field before it aside), else None."""
    if not task.mag or "som" not in task.mag.gold:
        return None
    steps = task.mag.gold["som"].steps
    typed = next((s for s in steps if s.action == "type"), None)
    if typed is None:
        return None
    for s in steps[:steps.index(typed)]:
        if not (s.action in ("click", "hover") and s.target == typed.target):
            return None
    return typed if _is_search_box(typed) else None


class SearchCopy(BaseModel):
    query: str
    share: float

    @property
    def copied(self) -> bool:
        return self.share >= COPY_SHARE


def search_copy(task: Task) -> SearchCopy | None:
    """The first search of the gold and how much of it comes from the intent (None: no search first)."""
    step = first_search(task)
    if step is None or not step.value:
        return None
    return SearchCopy(query=step.value, share=round(copied_share(step.value, task.intent), 3))


# ------------------------------------------------------------------ the answer on the start page

def reference_entries(task: Task) -> list[list[str]] | None:
    """The references an answer needs, each a list of alternatives; None when the task has no
    answer to find (no string_match, or WebArena's "N/A")."""
    refs = task.eval.reference_answers
    if refs is None or "string_match" not in task.eval.eval_types:
        return None
    entries: list[list[str]] = []
    if refs.exact_match is not None:
        entries.append([refs.exact_match])
    for entry in refs.must_include or []:
        entries.append(split_alternatives(str(entry)))
    if refs.fuzzy_match == "N/A":
        return None
    if isinstance(refs.fuzzy_match, list):
        entries += [[str(r)] for r in refs.fuzzy_match]
    return entries or None


def _stem(word: str) -> str:
    for suffix in ("ies", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def content_words(intent: str) -> frozenset[str]:
    """The intent's words that can label a value on a page: no stop words, no numbers."""
    return frozenset(_stem(w) for w in words(intent) if len(w) >= 3 and w not in STOPWORDS and not w.isdigit())


def _labelled(line: str, labels: frozenset[str], own: set[str]) -> bool:
    """Does the line hold a content word of the intent (not one of the reference's own words)?"""
    return bool((labels - own) & {_stem(w) for w in words(line)})


def named_entities(task: Task) -> list[str]:
    """The things the intent names by the template's values (a post's title, a product's name):
    string values of `instantiation_dict` written in the intent, of at least ENTITY_CHARS
    characters, that are not plain values."""
    out = []
    for v in task.instantiation_dict.values():
        if isinstance(v, str) and len(v) >= ENTITY_CHARS and only_value(v) is None and contains_phrase(task.intent, v):
            out.append(v)
    return out


def _near_entity(lines: list[str], i: int, entities: Sequence[str]) -> bool:
    if not entities:
        return True
    window = lines[max(0, i - ENTITY_WINDOW): i + ENTITY_WINDOW + 1]
    return any(contains_phrase(line, e) for line in window for e in entities)


def find_reference(alternatives: list[str], lines: list[str], intent: str, entities: Sequence[str] = ()) -> str | None:
    """The first line that states one of the alternatives (module doc), or None."""
    labels = content_words(intent)
    for alt in alternatives:
        ref = clean_answer(alt)
        value = only_value(ref)
        if (value is None and len(ref) < 3) or ref in ("yes", "no") or contains_phrase(intent, alt):
            continue
        own = {_stem(w) for w in words(ref)}
        for i, line in enumerate(lines):
            if value is None and len(words(ref)) > 1:
                if contains_phrase(line, alt):
                    return line
                continue
            stated = value_spans(value, line, intent) if value is not None else contains_phrase(line, alt)
            if stated and _labelled(line, labels, own) and _near_entity(lines, i, entities):
                return line
    return None


def answer_lines(entries: list[list[str]], lines: list[str], intent: str,
                 entities: Sequence[str] = ()) -> list[str] | None:
    """The lines that state every reference (one per reference), or None when one is not found."""
    found = []
    for alternatives in entries:
        hit = find_reference(alternatives, lines, intent, entities)
        if hit is None:
            return None
        found.append(hit)
    return found


# ------------------------------------------------------------------ answer space

def gold_answer(task: Task) -> str | None:
    if not task.mag or "som" not in task.mag.gold:
        return None
    steps = task.mag.gold["som"].steps
    return steps[-1].value if steps and steps[-1].action == "stop" and steps[-1].value else None


class AnswerSpace(BaseModel):
    """A template's answer space (module doc): `size` None means open."""

    size: int | None
    basis: str
    justified: bool = False

    @property
    def too_small(self) -> bool:
        return self.size is not None and self.size < MIN_ANSWER_SPACE and not self.justified


def answer_space(tasks: list[Task]) -> AnswerSpace | None:
    """The answer space of one template's instances; None when they answer nothing (no string_match)."""
    info = [t for t in tasks if reference_entries(t) is not None]
    if not info:
        return None
    justified = all(len(reference_entries(t) or []) >= 2 for t in info)
    declared = {t.mag.answer_space for t in info if t.mag and t.mag.answer_space}
    if declared:
        return AnswerSpace(size=min(declared), basis="declared by the author", justified=justified)
    answers = [clean_answer(a) for a in (gold_answer(t) for t in info) if a is not None]
    if answers and all(words(a)[:1] in (["yes"], ["no"]) for a in answers):
        return AnswerSpace(size=2, basis="yes or no", justified=justified)
    if answers and len(answers) == len(info) and all(
            contains_phrase(t.intent, a) for t, a in zip(info, answers, strict=True)):
        options = max(len(t.instantiation_dict) for t in info) or 2
        return AnswerSpace(size=options, basis="one of the options the intent names", justified=justified)
    distinct = len(set(answers))
    if distinct < len(answers):
        return AnswerSpace(size=distinct, basis=f"{distinct} distinct answers over {len(answers)} instances",
                           justified=justified)
    return AnswerSpace(size=None, basis=f"open ({distinct} distinct answers over {len(answers)} instances)",
                       justified=justified)
