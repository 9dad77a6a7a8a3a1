"""String primitives shared by string_match and program_html.

`clean_answer`, `exact_match` and `must_include` reproduce WebArena's
StringEvaluator; the `strict_*` variants add the number rule of strict mode.
`word_tokenize` emulates nltk's `word_tokenize` closely enough for the one
place WebArena uses it (is a one-character reference a whole token of the
answer?), without depending on nltk.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

OR_SEPARATOR = " |OR| "


def clean_answer(answer: str) -> str:
    """WebArena's clean_answer: strip, drop ONE pair of surrounding quotes, lower-case."""
    answer = answer.strip()
    if answer.startswith("'") and answer.endswith("'"):
        answer = answer[1:-1]
    elif answer.startswith('"') and answer.endswith('"'):
        answer = answer[1:-1]
    return answer.lower()


def shorten(text: str, limit: int = 80) -> str:
    """`text` on one line, cut to `limit` characters, for human-readable messages."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------------------
# Tokenizer: an emulation of nltk.word_tokenize (punkt sentence split followed
# by NLTKWordTokenizer's regex rules). Sentence splitting is approximated by
# "after . ! ? followed by white space".
# ---------------------------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_RULES: list[tuple[re.Pattern[str], str]] = [
    # starting quotes
    (re.compile(r"([«“‘„]|`+)"), r" \1 "),
    (re.compile(r'^"'), r"``"),
    (re.compile(r"(``)"), r" \1 "),
    (re.compile(r"([ (\[{<])(\"|'{2})"), r"\1 `` "),
    (re.compile(r"(?i)(?<!\w)(')(?!(?:re|ve|ll|m|t|s|d|n)\b)(?=\w)"), r"\1 "),
    # punctuation
    (re.compile(r"([^.])(\.)([\])}>\"'»”’]*)\s*$"), r"\1 \2 \3 "),
    (re.compile(r"([:,])([^\d])"), r" \1 \2"),
    (re.compile(r"([:,])$"), r" \1 "),
    (re.compile(r"\.{2,}"), r" \g<0> "),
    (re.compile(r"[;@#$%&]"), r" \g<0> "),
    (re.compile(r"[\u2012-\u2015]"), r" \g<0> "),
    (re.compile(r"[?!]"), r" \g<0> "),
    (re.compile(r"([^'])' "), r"\1 ' "),
    (re.compile(r"[*]"), r" \g<0> "),
    # brackets and double dashes
    (re.compile(r"[\]\[(){}<>]"), r" \g<0> "),
    (re.compile(r"--"), r" -- "),
]
_ENDING_RULES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"([»”’])"), r" \1 "),
    (re.compile(r"''"), " '' "),
    (re.compile(r'"'), " '' "),
    (re.compile(r"\s+"), " "),
    (re.compile(r"([^' ])('[sS]|'[mM]|'[dD]|') "), r"\1 \2 "),
    (re.compile(r"([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) "), r"\1 \2 "),
]


def word_tokenize(text: str) -> list[str]:
    """Split `text` into word tokens the way nltk.word_tokenize would (approximately).

    >>> word_tokenize("I bought 3, not 30.")
    ['I', 'bought', '3', ',', 'not', '30', '.']
    """
    tokens: list[str] = []
    for sentence in _SENTENCE_END.split(text.strip()):
        for pattern, repl in _RULES:
            sentence = pattern.sub(repl, sentence)
        sentence = f" {sentence} "
        for pattern, repl in _ENDING_RULES:
            sentence = pattern.sub(repl, sentence)
        tokens.extend(sentence.split())
    return tokens


# ---------------------------------------------------------------------------
# Numbers (strict mode): "$1,234.50" == "1234.5", "$0.00" == "0".
# ---------------------------------------------------------------------------

_CURRENCY = "$€£¥"
_NUMBER = re.compile(
    rf"^([+-]?)[{_CURRENCY}]?([+-]?)((?:\d{{1,3}}(?:,\d{{3}})+|\d+)(?:\.\d+)?|\.\d+)$"
)
# A number inside running text: not glued to a preceding word character, dot,
# comma, colon or slash, and not followed by more digits.
_NUMBER_IN_TEXT = re.compile(
    rf"(?<![\w.,:/])(-?)[{_CURRENCY}]?((?:\d{{1,3}}(?:,\d{{3}})+|\d+)(?:\.\d+)?)(?![\d]|[.,]\d)"
)


def parse_number(text: str) -> Decimal | None:
    """The value of `text` when the whole (cleaned) string is a number, else None.

    Accepts a leading currency symbol, a sign and thousands separators:
    "$1,234.50" -> 1234.50, "-$3" -> -3, "0.0" -> 0; "12 items" -> None.
    """
    m = _NUMBER.match(text.strip())
    if not m or (m.group(1) and m.group(2)):
        return None
    sign = "-" if "-" in (m.group(1) + m.group(2)) else ""
    try:
        return Decimal(sign + m.group(3).replace(",", ""))
    except InvalidOperation:  # pragma: no cover - the regex admits only digits
        return None


def numbers_in(text: str) -> list[Decimal]:
    """Every number that stands on its own in running text ("3 of 30, $1,234.5")."""
    found: list[Decimal] = []
    for m in _NUMBER_IN_TEXT.finditer(text):
        try:
            found.append(Decimal(m.group(1) + m.group(2).replace(",", "")))
        except InvalidOperation:  # pragma: no cover
            continue
    return found


# ---------------------------------------------------------------------------
# Matching primitives.
# ---------------------------------------------------------------------------


def exact_match(ref: str, pred: str) -> bool:
    """WebArena: equality of cleaned strings."""
    return clean_answer(pred) == clean_answer(ref)


def must_include(ref: str, pred: str, tokenize: bool = False) -> bool:
    """WebArena: cleaned ref is a substring of cleaned pred; with `tokenize` and a
    one-character ref, the ref must be one of pred's word tokens instead."""
    clean_ref = clean_answer(ref)
    clean_pred = clean_answer(pred)
    if tokenize and len(clean_ref) == 1 and len(word_tokenize(clean_ref)) == 1:
        return clean_ref in word_tokenize(clean_pred)
    return clean_ref in clean_pred


def strict_exact_match(ref: str, pred: str) -> bool:
    """Strict: numbers compare as numbers when both sides parse as numbers,
    otherwise WebArena's cleaned equality."""
    ref_n, pred_n = parse_number(clean_answer(ref)), parse_number(clean_answer(pred))
    if ref_n is not None and pred_n is not None:
        return ref_n == pred_n
    return exact_match(ref, pred)


def strict_must_include(ref: str, pred: str) -> bool:
    """Strict: a numeric ref must equal (as a number) a number standing on its own
    in pred — so "0" is not found in "10" and "$0.00" satisfies "0"; a
    one-character ref must be a whole token; anything else is a cleaned substring."""
    clean_ref = clean_answer(ref)
    clean_pred = clean_answer(pred)
    ref_n = parse_number(clean_ref)
    if ref_n is not None:
        return ref_n in numbers_in(clean_pred)
    if len(clean_ref) == 1:
        return clean_ref in word_tokenize(clean_pred)
    return clean_ref in clean_pred


def split_alternatives(ref: str) -> list[str]:
    """" |OR| "-separated alternatives of one reference entry."""
    return ref.split(OR_SEPARATOR)
