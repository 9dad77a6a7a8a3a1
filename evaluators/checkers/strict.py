"""strict mode's matching rules (docs/EVALUATION.md lists each with an example).

Answers (string_match) and page text (program_html) are compared by meaning
where the reference is a value, and on whole words where it is text:

1. Text on whole words, case, punctuation and spacing aside (phrases.py):
   "Carnegie Music Hall" is not in "Carnegie Music Hallxyz".
2. Values by value (values.py): "$0.00" = "0", "1,234" = "1234", "748 m" =
   "748m", "9 minutes" = "0:09" = "9 min" (and a reference "0:09" takes "9
   minutes" where the question asks how long), "May 31, 2023" = "5/31/2023";
   "0" is not in "10", "0.14" is not "0.144".
3. Precision: where the question asks for coordinates, a more precise number
   passes when it truncates or rounds to the reference ("40.4424191" for
   "40.442"); where it asks to round, when it rounds to it ("3.1" for "3").
4. Identifiers (zip codes, phone numbers, order numbers) compare as digit
   strings: "06516" != "6516", "15213" != "15,213", "$10001.00" is no zip code; a
   number zero-padded to a fixed width ("000000180") also matches unpadded ("180").
5. A single expected value fails when the answer offers it among alternatives
   ("2, 3 or 4", "0 1 2 3 4 5 6 7 8 9", "2-3"); a single expected text fails in a
   short list that offers it with other answers ("MIT, GPL-3.0 or Apache-2.0"),
   unless the question itself offers alternatives.
6. Labelled values match by role (roles.py): "driving: 2min" needs 2 min next
   to "driving"; swapped values fail.
7. exact_match (and a text fuzzy reference) accepts a short sentence around the
   value (phrases.framed): "Chloe Martin is a Reporter" for "Reporter".
8. Yes/no questions "... if it is closed": "closed" reads yes, "not closed" no.
9. A reference written as a sentence "The order is A, B, C" is matched on "A, B, C"
   when its lead-in words come from the question.

Fuzzy references are decided here when these rules can (a pass, or a
contradiction such as a swapped value); the rest go to the judge.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

from .phrases import contains_phrase, fold, framed, phrase_spans, words, yes_no_reading
from .roles import Role, match_roles, parse_role
from .text import clean_answer, shorten, split_alternatives
from .values import Value, amount_as, find_values, only_value, same_kind

_COORDINATE_HINTS = re.compile(r"coordinat|latitude|longitude|\bdd\b|decimal degrees|\bgps\b", re.IGNORECASE)
_ROUNDING_HINTS = re.compile(r"\bround|nearest (?:whole|integer)|decimal places", re.IGNORECASE)
_IDENTIFIER_HINTS = re.compile(
    r"\bzip\b|\bpostal|\bpost ?code|\bphone|\btelephone|\bfax\b|\bsku\b|\bisbn|\btracking", re.IGNORECASE
)
_ORDER_ID_HINTS = re.compile(r"\border\s*(?:#|number|no\b|id\b)|#\s*\d|\binvoice\b|\bid\b", re.IGNORECASE)
# a question about how long something takes: a clock form "0:31" in its reference is a duration
_DURATION_HINTS = re.compile(r"\bhow long\b|\bduration\b|\btakes?\b|\btravel time\b", re.IGNORECASE)
_QUANTITY_HINTS = re.compile(
    r"how many|how much|\bcount\b|number of|\btotal\b|amount|price|cost|spen[dt]|revenue|\bsum\b"
    r"|average|quantity|\bqty\b|rating|\bstars?\b|percent|budget|discount",
    re.IGNORECASE,
)
_ALTERNATIVE_GAP = re.compile(
    r"^[\s,;/|&+\-–—]*(?:(?:or|and|to|vs\.?|versus|maybe|perhaps|possibly|probably|either)\b[\s,;/\-–—]*)*$",
    re.IGNORECASE,
)
_HEDGED_GAP = re.compile(r"\b(?:or|maybe|perhaps|possibly|either)\b", re.IGNORECASE)
_LEAD_IN = re.compile(
    r"^(?:the\s+)?(?P<lead>(?:[\w']+\s+){0,2}?)(?:is|are)\s*:?\s+(?P<content>\S.*)$", re.DOTALL
)
_DESCRIBED = re.compile(r"^(?P<value>.+?)\s+(?P<words>[^\W\d_]+(?:\s+[^\W\d_]+)?)\.?$")


def is_identifier(ref: Value, intent: str) -> bool:
    """Is the reference number an identifier rather than a quantity? (rule 4)"""
    if ref.kind != "number" or ref.currency or ref.decimals or ref.grouped or ref.amount < 0:
        return False
    if ref.digits.startswith("0") and len(ref.digits) >= 2:
        return True
    if _IDENTIFIER_HINTS.search(intent):
        return True
    quantity = bool(_QUANTITY_HINTS.search(intent))
    return not quantity and (len(ref.digits) >= 5 or bool(_ORDER_ID_HINTS.search(intent)))


def _padded_match(ref_digits: str, digits: str) -> bool:
    padded = len(ref_digits) >= 6 and ref_digits.startswith("000")
    return padded and digits.lstrip("0") == ref_digits.lstrip("0") and digits != ""


def values_equal(ref: Value, other: Value, intent: str) -> bool:
    """Rules 2-4: does `other` state the reference value?"""
    if (ref.kind == "time" and ref.also_duration is not None and other.kind == "duration"
            and _DURATION_HINTS.search(intent)):  # "31 minutes" for a route time "0:31"
        return other.amount == ref.also_duration
    if not same_kind(ref, other):
        return False
    if is_identifier(ref, intent):
        plain = other.kind == "number" and not (other.currency or other.grouped or other.decimals)
        return plain and other.amount >= 0 and (
            other.digits == ref.digits or _padded_match(ref.digits, other.digits)
        )
    amount = amount_as(ref, other)
    if amount == ref.amount:
        return True
    if ref.kind == "number" and other.decimals > ref.decimals:
        step = Decimal(1).scaleb(-ref.decimals)
        if _COORDINATE_HINTS.search(intent):  # a coordinate given to some decimals: cut or rounded
            return ref.amount in (amount.quantize(step, ROUND_DOWN), amount.quantize(step, ROUND_HALF_UP))
        if _ROUNDING_HINTS.search(intent):
            return ref.amount == amount.quantize(step, ROUND_HALF_UP)
    return False


def _identifier_spans(ref: Value, text: str) -> list[tuple[int, int]]:
    """Long identifiers (phone numbers) written in groups: "412-578-5000", "(412) 578 5000"."""
    if len(ref.digits) < 7:
        return []
    spans = []
    for m in re.finditer(r"(?<![\d,.])\(?\d[\d\-. ()]*\d(?![\d,])", text):
        if re.sub(r"\D", "", m.group(0)) == ref.digits:
            spans.append((m.start(), m.end()))
    return spans


def value_spans(ref: Value, text: str, intent: str) -> list[tuple[int, int]]:
    spans = [(v.start, v.end) for v in find_values(text) if values_equal(ref, v, intent)]
    if is_identifier(ref, intent):
        spans += _identifier_spans(ref, text)
    return spans


def offered_among_alternatives(refs: list[Value], text: str, intent: str) -> bool:
    """Rule 5: an accepted value (one of `refs`, the entry's alternatives) is written
    in a list with a value of its kind that is not accepted ("2, 3 or 4", "2-3",
    "3 reviews or maybe 4")."""
    def accepted(v: Value) -> bool:
        return any(values_equal(ref, v, intent) for ref in refs)

    found = [v for v in find_values(text) if any(same_kind(ref, v) for ref in refs)]
    for a, b in itertools.pairwise(found):
        gap = text[a.end:b.start]
        joined = bool(_ALTERNATIVE_GAP.match(gap)) or (
            bool(_HEDGED_GAP.search(gap)) and len(words(gap)) <= 4
        )
        if joined and accepted(a) != accepted(b):
            return True
    return False


_LIST_SEPARATOR = re.compile(r"\s*[,;/]\s*(?:or\s+)?|\s+or\s+", re.IGNORECASE)
_OR = re.compile(r"\bor\b", re.IGNORECASE)
_LIST_ITEM_WORDS = 4
_REF_MARK = "\x00"


def offered_among_answers(ref: str, text: str, intent: str) -> bool:
    """Rule 5 for text: `text` is a short list with an "or" ("A, B or C") in which the
    reference `ref` is one item and the others (at most four words each, a word being what
    spaces separate: "Mo-Fr 08:00-17:00" is two) are not it."""
    if _OR.search(intent) or _OR.search(ref) or not _OR.search(text):
        return False
    folded = fold(text)
    spans = phrase_spans(text, ref)
    for start, end in reversed(spans):  # the reference is one item, whatever separators it holds
        folded = f"{folded[:start]} {_REF_MARK} {folded[end:]}"
    items = [i for i in _LIST_SEPARATOR.split(folded.strip().rstrip(".!?")) if i.strip()]
    holds = [_REF_MARK in i for i in items]
    others = [i for i, h in zip(items, holds, strict=True) if not h]
    return any(holds) and bool(others) and all(words(i) and len(i.split()) <= _LIST_ITEM_WORDS for i in others)


def _described_value(text: str) -> Value | None:
    """A value, or a value followed by up to two words ("8 orders", "$0 total spend")."""
    value = only_value(text)
    if value is not None:
        return value
    m = _DESCRIBED.match(text.strip())
    return only_value(m.group("value")) if m else None


def _lead_in_content(ref: str, intent: str) -> str | None:
    """Rule 9: "The order is A, B" -> "A, B" when "order" is a word of the question."""
    m = _LEAD_IN.match(ref.strip())
    if m is None:
        return None
    lead = words(m.group("lead"))
    if lead and not set(lead) <= set(words(intent)):
        return None
    return m.group("content")


# ---------------------------------------------------------------------------
# string_match
# ---------------------------------------------------------------------------


def strict_exact_answer(ref: str, pred: str, intent: str) -> tuple[bool, str]:
    """exact_match in strict mode: (ok, why). `pred` is the cleaned answer."""
    ref_c = clean_answer(ref)
    ref_value = only_value(ref_c)
    if ref_c == pred or (ref_value is None and words(ref_c) and words(ref_c) == words(pred)):
        return True, ""
    pred = fold(pred)
    if ref_value is not None:
        pred_value = only_value(pred)
        if pred_value is not None and same_kind(ref_value, pred_value):
            ok = values_equal(ref_value, pred_value, intent)
            return ok, "" if ok else "another value"
        return framed(pred, value_spans(ref_value, pred, intent), intent)
    if ref_c in ("yes", "no"):
        reading = yes_no_reading(pred, intent)
        if reading is not None:
            return reading == ref_c, "" if reading == ref_c else f"reads as {reading!r}"
    return framed(pred, phrase_spans(pred, ref_c), intent)


def _entry_found(alt: str, pred: str, intent: str, single: list[Value] | None) -> tuple[bool | None, str]:
    """One must_include alternative: True/False, or None for a labelled value (roles
    decide). `single`: the values of the one entry's alternatives, when the list
    has one entry (the hedge rule applies), else None."""
    value = only_value(alt)
    if value is not None:
        if not value_spans(value, pred, intent):
            return False, ""
        if single and offered_among_alternatives(single, pred, intent):
            return False, "offered among other values"
        return True, ""
    if contains_phrase(pred, alt):
        if single is not None and offered_among_answers(alt, pred, intent):
            return False, "offered among other answers"
        return True, ""
    role = parse_role(alt, _described_value)
    if role is not None and role.value is not None:
        return None, ""
    content = _lead_in_content(alt, intent)
    return (content is not None and contains_phrase(pred, content)), ""


def strict_must_include_answer(
    values: list[str], pred: str, intent: str
) -> list[tuple[str, bool, str]]:
    """must_include in strict mode: (label, ok, why) per entry."""
    results: list[tuple[str, bool | None, str]] = []
    pending: list[tuple[int, Role]] = []
    for i, value in enumerate(values):
        alternatives = split_alternatives(value)
        label = " or ".join(repr(shorten(a)) for a in alternatives)
        single = [v for v in map(only_value, alternatives) if v is not None] if len(values) == 1 else None
        outcomes = [_entry_found(a, pred, intent, single) for a in alternatives]
        if any(ok for ok, _ in outcomes):
            results.append((label, True, ""))
        elif any(ok is None for ok, _ in outcomes):
            role = parse_role(alternatives[0], _described_value)
            assert role is not None
            pending.append((i, role))
            results.append((label, None, ""))
        else:
            results.append((label, False, next((why for _, why in outcomes if why), "")))
    if pending:
        verdicts = match_roles([r for _, r in pending], pred, lambda a, b: values_equal(a, b, intent))
        for (i, role), verdict in zip(pending, verdicts):
            label = results[i][0]
            why = "" if verdict == "match" else (
                f"another value next to {role.label!r}" if verdict == "mismatch" else f"no value next to {role.label!r}"
            )
            results[i] = (label, verdict == "match", why)
    return [(label, bool(ok), why) for label, ok, why in results]


@dataclass(frozen=True)
class FuzzyCall:
    """strict's decision on one fuzzy reference: True / False, or None (ask the judge)."""

    verdict: bool | None
    why: str


def strict_fuzzy(references: list[str], pred: str, intent: str) -> list[FuzzyCall]:
    """Decide what strict's rules can decide among fuzzy references (see the module docstring)."""
    calls: list[FuzzyCall | None] = [None] * len(references)
    roles: list[tuple[int, Role]] = []
    used: set[tuple[int, int]] = set()
    pred = fold(pred)
    kinds = [v.kind for v in (_role_or_value(r) for r in references) if v is not None]
    for i, ref in enumerate(references):
        ref_c = clean_answer(ref)
        role = parse_role(ref, _described_value)
        if role is not None and role.value is not None:
            roles.append((i, role))
            continue
        value = _described_value(ref)
        if value is not None:  # each value reference needs a value of its own in the answer
            spans = [s for s in value_spans(value, pred, intent) if s not in used]
            if spans and not (len(references) == 1 and offered_among_alternatives([value], pred, intent)):
                used.add(spans[0])
                calls[i] = FuzzyCall(True, "value stated")
            continue
        if ref_c == pred:
            calls[i] = FuzzyCall(True, "== answer")
            continue
        if ref_c.split(",")[0].strip() in ("yes", "no"):
            reading = yes_no_reading(pred, intent)
            if reading is not None:
                agree = reading == ref_c.split(",")[0].strip()
                calls[i] = FuzzyCall(agree, "yes/no answer" if agree else f"answer reads {reading!r}")
                continue
        content = _lead_in_content(ref_c, intent) or ref_c
        ok, _ = framed(pred, phrase_spans(pred, content), intent)
        if ok:
            calls[i] = FuzzyCall(True, "stated")
    if roles:
        outcomes = match_roles([r for _, r in roles], pred, lambda a, b: values_equal(a, b, intent))
        for (i, role), outcome in zip(roles, outcomes):
            if outcome == "match":
                calls[i] = FuzzyCall(True, f"value next to {role.label!r}")
            elif outcome == "mismatch":
                calls[i] = FuzzyCall(False, f"another value next to {role.label!r}")
            else:
                calls[i] = _unlabelled(role, kinds, pred, intent)
    return [c if c is not None else FuzzyCall(None, "") for c in calls]


def _role_or_value(reference: str) -> Value | None:
    role = parse_role(reference, _described_value)
    return role.value if role is not None else _described_value(reference)


def _unlabelled(role: Role, kinds: list[str], pred: str, intent: str) -> FuzzyCall | None:
    """A labelled value whose label the answer does not write: decided when it is the
    only reference of its kind and the answer states exactly one value of that kind."""
    assert role.value is not None
    if kinds.count(role.value.kind) != 1:
        return None
    intent_raw = {v.raw.lower() for v in find_values(intent)}
    stated = [v for v in find_values(pred) if same_kind(role.value, v) and v.raw.lower() not in intent_raw]
    if len(stated) != 1:
        return None
    ok = values_equal(role.value, stated[0], intent)
    return FuzzyCall(ok, "the one value stated" if ok else f"states {stated[0].raw!r}")


# ---------------------------------------------------------------------------
# program_html (page text: no sentence rule, no roles)
# ---------------------------------------------------------------------------


def strict_exact_text(ref: str, text: str, intent: str) -> bool:
    ref_c, text_c = clean_answer(ref), clean_answer(text)
    ref_value = only_value(ref_c)
    if ref_value is None:
        return ref_c == text_c or bool(words(ref_c) and words(ref_c) == words(text_c))
    text_value = only_value(text_c)
    return ref_c == text_c or (text_value is not None and values_equal(ref_value, text_value, intent))


def strict_contains_text(ref: str, text: str, intent: str) -> bool:
    value = only_value(clean_answer(ref))
    if value is not None:
        return bool(value_spans(value, text, intent))
    return contains_phrase(text, ref)
