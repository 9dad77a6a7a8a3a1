"""strict mode, rule by rule: each table holds answers that must pass and answers
that must fail (docs/EVALUATION.md lists the same rules with an example each)."""

from __future__ import annotations

from typing import Any

import anyio
import pytest

from evaluators.checkers import CheckContext, check_task
from mag_core.checks import CheckResult
from mag_core.tasks import Task

WHERE = "Where is the nearest tea cafe to University of Pittsburgh, and what is the walking distance to it?"
COORDS = "Tell me the coordinates of Carnegie Mellon Café in DD format"
PRICES = "What is the price range of wireless earphone in the One Stop Market?"
ZIP = "What is the zip code of Yale University?"
PHONE = "What is the phone number of Western Pennsylvania Hospital?"
ORDER = "Draft a refund message for order 000000180 that broke after three days of use."
COUNT = "How many reviews mention the term \"disappointed\"?"
ROLE = "What is Chloe Martin's role in the project?"
CLOSED = "Open my latest created issue that has better in its title to check if it is closed"
ROUTE = "Compare the time for walking and driving route from AMC Waterfront to Carnegie Mellon University"
MODES = "How long does it take from CMU to the post office by car, by bike and on foot?"
TRIP = "How long is the walk from the hotel to the supermarket, and when does it open?"


class YesJudge:
    """A judge that accepts everything: a failure below is strict's own decision."""

    name = "always-yes"

    async def fuzzy_match(self, pred: str, reference: str, question: str) -> float:
        return 1.0

    async def ua_match(self, pred: str, reference: str, question: str) -> float:
        return 1.0


def task(intent: str, **eval_fields: Any) -> Task:
    eval_types = eval_fields.pop("eval_types", ["string_match"])
    return Task.model_validate({
        "sites": ["shopping"], "task_id": "t", "start_url": "__SHOPPING__", "intent": intent,
        "eval": {"eval_types": eval_types, **eval_fields}, "mag": {"checker_mode": "strict"},
    })


def score(refs: dict[str, Any], answer: str, intent: str, judge: Any = None) -> CheckResult:
    async def go() -> CheckResult:
        return await check_task(task(intent, reference_answers=refs), CheckContext(answer=answer, judge=judge))

    return anyio.run(go)


def check(refs: dict[str, Any], intent: str, answer: str, expected: bool) -> None:
    result = score(refs, answer, intent)
    assert result.success is expected and not result.needs_judge, result.summary()


def cases(refs: dict[str, Any], intent: str, good: list[str], bad: list[str]) -> list[Any]:
    return [pytest.param(refs, intent, a, True, id=f"pass:{a[:40]}") for a in good] + [
        pytest.param(refs, intent, a, False, id=f"fail:{a[:40]}") for a in bad]


# 1. text on whole words ------------------------------------------------------
WHOLE_WORDS = [
    *cases({"must_include": ["Carnegie Music Hall"]}, WHERE,
           ["It is Carnegie Music Hall.", "CARNEGIE MUSIC HALL", "carnegie  music hall"],
           ["Carnegie Music Hallxyz", "Carnegie Music", "Carnegie-Music-Hall"]),
    *cases({"must_include": ["Goldfish", "Roxanne Brandon Coffey"]}, "List the reviewers",
           ["Goldfish,Roxanne Brandon Coffey", "goldfish and roxanne brandon coffey"],
           ["Goldfishes, Roxanne Brandon Coffey", "Goldfish"]),
    *cases({"must_include": ["Airport, Southern Beltway"]}, WHERE,
           ["Airport,Southern Beltway", "Airport , Southern Beltway"], ["Airport Beltway"]),
    *cases({"must_include": ["Sprite Stasis Ball 65 cm", "doesn't work"]}, "Name the product and the fault",
           ["Sprite Stasis Ball 65cm: doesn’t work"], ["Sprite Stasis Ball 65 cm: does work"]),
    *cases({"must_include": ["thanks! I am a big fan of your website."]}, "Reply to the post",
           ["thanks! I am a big fan of your website. Cheers"], ["thanks! I am a big fan of your website.xyz"]),
]


@pytest.mark.parametrize(("refs", "intent", "answer", "expected"), WHOLE_WORDS)
def test_rule_1_text_on_whole_words(refs: dict, intent: str, answer: str, expected: bool) -> None:
    check(refs, intent, answer, expected)


# 2. values by value ------------------------------------------------------------
VALUES = [
    *cases({"exact_match": "0"}, COUNT, ["$0.00", "0.0", "0"], ["zero", "10", "0.5"]),
    *cases({"must_include": ["1234"]}, "How many orders were placed in 2022?",
           ["1,234 orders", "1234"], ["1,235 orders", "12,340"]),
    *cases({"must_include": ["$25.99"]}, "What does the mouse cost?",
           ["It costs 25.99 dollars", "25.99 USD", "$25.99"], ["$25.98", "$125.99"]),
    *cases({"must_include": ["0.14", "745.00"]}, PRICES, ["$0.14 - $745", "0.14,745.00"],
           ["0.144, 745.00", "0.14, 74.5"]),
    *cases({"must_include": ["15"]}, COUNT, ["15 reviews"], ["$2.15", "115", "1.5"]),
    # numbers after "," ":" "/" are numbers too
    *cases({"must_include": ["Fuku Tea", "3716", "Forbes Avenue", "653m"]}, WHERE,
           ["Fuku Tea,3716,Forbes Avenue,Central Oakland,653m", "Fuku Tea, 3716 Forbes Avenue (653 m)"],
           ["Fuku Tea,37160,Forbes Avenue,653m", "Fuku Tea,3716,Forbes Avenue,635m"]),
    *cases({"must_include": ["3"]}, COUNT, ["total:3", "reviews/3", "(3)"], ["total:30", "3rd"]),
    # durations, distances, clock times, dates
    *cases({"exact_match": "9 minutes"}, TRIP, ["0:09", "9 min", "9min", "9 minutes."],
           ["19 minutes", "9 hours", "0:19"]),
    *cases({"must_include": ["0:31"]}, "How long does it take to walk from Riverside Park to Old Mill Brewery?",
           ["0:31", "31 minutes", "it takes 31 min"], ["13 minutes", "0:13", "31 hours"]),
    *cases({"must_include": ["0:31"]}, "When does the last ferry leave?", ["0:31", "00:31"], ["31 minutes"]),
    *cases({"must_include": ["1h 35min"]}, ROUTE, ["1 hour and 35 minutes", "1:35", "95 minutes", "1 h 35 min"],
           ["1h 25min", "35 min"]),
    *cases({"exact_match": "748m"}, "Measure the walking distance", ["748 m", "0.748 km", "748 meters"],
           ["784 m", "748 km"]),
    *cases({"exact_match": "1.7km"}, "Measure the walking distance", ["1.7 km", "1,700 m"], ["1.8 km", "17 km"]),
    *cases({"must_include": ["2:55 PM"]}, TRIP, ["14:55", "2:55 pm", "2:55pm"], ["2:55 AM", "3:55 PM"]),
    *cases({"must_include": ["May 31, 2023"]}, "When was the order placed?",
           ["5/31/2023", "2023-05-31", "31 May 2023", "May 31st, 2023"], ["May 30, 2023", "6/1/2023"]),
    *cases({"must_include": ["Jan 16, 2030"]}, "When does the milestone start?", ["January 16, 2030"],
           ["January 16, 2031"]),
    # a bare number is stated by a quantity written with it (the question gives the unit)
    *cases({"must_include": ["186"]}, "What is the length of the main span of Alder Bridge?",
           ["186 m", "186 metres"], ["186.5 m", "86 m"]),
]


@pytest.mark.parametrize(("refs", "intent", "answer", "expected"), VALUES)
def test_rule_2_values_by_value(refs: dict, intent: str, answer: str, expected: bool) -> None:
    check(refs, intent, answer, expected)


# 3. precision -------------------------------------------------------------------
PRECISION = [
    *cases({"must_include": ["40.442", "-79.939"]}, COORDS,
           ["40.4424191, -79.9397388", "40.442, -79.939", "40.4424,-79.9397"],
           ["40.443, -79.939", "40.44, -79.93", "40.4424191, 79.9397388"]),
    *cases({"must_include": ["65 |OR| 3"]}, "What is the rating? Please round to the nearest whole number",
           ["Around 3.1 stars", "3", "65%"], ["3.6 stars", "4"]),
    # without a precision hint in the question a longer number is another number
    *cases({"must_include": ["40.442"]}, "What is the value shown?", ["40.442"], ["40.4424191"]),
    *cases({"must_include": ["260.69"]}, "What is the price of the fake tree?", ["$260.69"], ["260.694"]),
]


@pytest.mark.parametrize(("refs", "intent", "answer", "expected"), PRECISION)
def test_rule_3_precision(refs: dict, intent: str, answer: str, expected: bool) -> None:
    check(refs, intent, answer, expected)


# 4. identifiers -------------------------------------------------------------------
IDENTIFIERS = [
    *cases({"exact_match": "06516"}, ZIP, ["06516", "06516.", "The zip code is 06516"], ["6516", "06,516", "065160"]),
    *cases({"exact_match": "15213"}, "What is the zip code of Carnegie Mellon University?", ["15213"],
           ["15,213", "15213.0", "$15213"]),
    *cases({"exact_match": "4125785000"}, PHONE, ["4125785000", "(412) 578-5000", "412-578-5000"],
           ["4,125,785,000", "412578500"]),
    *cases({"must_include": ["000000180"]}, ORDER, ["000000180", "#000000180", "order 180"],
           ["$000000180.00", "1000000180", "000000181"]),
    *cases({"must_include": ["New York", "10001"]}, "Modify the address of order #299 to New York, NY, 10001",
           ["New York, NY 10001"], ["New York, $10001.00", "New York, 10,001"]),
]


@pytest.mark.parametrize(("refs", "intent", "answer", "expected"), IDENTIFIERS)
def test_rule_4_identifiers_are_digit_strings(refs: dict, intent: str, answer: str, expected: bool) -> None:
    check(refs, intent, answer, expected)


# 5. hedged and shotgun answers ----------------------------------------------------------
HEDGED = [
    *cases({"must_include": ["3"]}, COUNT, ["3", "There are 3 reviews (out of 50).", "3 reviews in 2 years"],
           ["2, 3 or 4", "3 reviews, or maybe 4", "2-3", "between 3 and 5", "1, 2, 3, 4, 5, 6"]),
    *cases({"must_include": ["6"]}, COUNT, ["6 reviews"], ["0 1 2 3 4 5 6 7 8 9", "6 or 7"]),
    *cases({"exact_match": "3"}, COUNT, ["3", "The answer is 3"], ["2, 3 or 4", "3/4", "3 or 4"]),
    *cases({"must_include": ["65 |OR| 3"]}, "What is the rating?", ["3 stars (65%)", "65 or 3"], ["3 or 4"]),
    *cases({"must_include": ["GPL-3.0"]}, "What license does the project use?",
           ["GPL-3.0", "The project uses GPL-3.0.", "GPL-3.0 (see its LICENSE file)"],
           ["MIT, GPL-3.0 or Apache-2.0", "GPL-3.0 or MIT", "either Apache-2.0 or GPL-3.0"]),
    *cases({"must_include": ["Mo-Th 10:00-20:00; Fr-Sa 10:00-18:00; Su 12:00-17:00"]},
           "What are the opening hours of the Harbor Books store?",
           ["Mo-Th 10:00-20:00; Fr-Sa 10:00-18:00; Su 12:00-17:00",
            "It is open Mo-Th 10:00-20:00; Fr-Sa 10:00-18:00; Su 12:00-17:00."],
           ["Mo-Sa 10:00-18:00, Mo-Th 10:00-20:00; Fr-Sa 10:00-18:00; Su 12:00-17:00 or Mo-Fr 08:00-17:00"]),
    *cases({"must_include": ["Maintainer"]}, "Is Ana a Developer or a Maintainer of the project?",
           ["Maintainer", "a Maintainer, not a Developer"], ["Developer"]),
]


@pytest.mark.parametrize(("refs", "intent", "answer", "expected"), HEDGED)
def test_rule_5_hedged_answers_fail(refs: dict, intent: str, answer: str, expected: bool) -> None:
    check(refs, intent, answer, expected)


# 6. labelled values by role -------------------------------------------------------------
ROLES = [
    *cases({"fuzzy_match": ["driving: 2min", "walking: 16min"]}, ROUTE,
           ["Driving takes 2 minutes and walking takes 16 minutes", "2 min by car, 16 min on foot",
            "walking: 16min; driving: 2min", "Drive: 0:02, walk: 0:16"],
           ["driving: 16min, walking: 2min", "Driving 16 minutes, walking 2 minutes", "16 min by car, 2 min on foot"]),
    *cases({"fuzzy_match": ["car: 5min", "bike: 12min", "foot: 40min"]}, MODES,
           ["By car 5 min, by bike 12 min, on foot 40 min", "walking 40 minutes, cycling 12 minutes, driving 5 minutes"],
           ["By car 12 min, by bike 40 min, on foot 5 min", "By car 5 min, by bike 40 min, on foot 12 min"]),
    *cases({"must_include": ["Susan Zhang: 70", "Stephen Roller: 51"]}, "List the top contributors and their commits",
           ["Susan Zhang (70 commits), Stephen Roller (51 commits)", "Susan Zhang: 70, Stephen Roller: 51"],
           ["Susan Zhang: 51, Stephen Roller: 70", "Susan Zhang, Stephen Roller"]),
    *cases({"fuzzy_match": ["Jan: 572.8", "Feb: 762.18"]}, "How much did I spend each month?",
           ["January: $572.80, February: $762.18"], ["January: $762.18, February: $572.80"]),
]


@pytest.mark.parametrize(("refs", "intent", "answer", "expected"), ROLES)
def test_rule_6_labelled_values_match_by_role(refs: dict, intent: str, answer: str, expected: bool) -> None:
    result = score(refs, answer, intent, judge=YesJudge())  # decided by the rules, not the judge
    assert result.success is expected, result.summary()
    assert "always-yes" not in result.summary()


# 7. a short sentence around an exact-match value ------------------------------------------
SENTENCES = [
    *cases({"exact_match": "Reporter"}, ROLE,
           ["Chloe Martin is a Reporter", "The answer is Reporter", "Reporter.", "Her role: Reporter"],
           ["Chloe Martin is not a Reporter", "Reporter or Editor", "Chloe Martin was a Reporter and an Editor",
            "Reporter and more", "Editor", "Probably Reporter"]),
    *cases({"exact_match": "Yoga ball"}, "What is the top-1 best-selling product type in Quarter 1 2022",
           ["The answer is Yoga ball", "The top-1 best-selling product type is Yoga ball."],
           ["Yoga ball and Yoga mat", "Yoga balls"]),
    # a question that offers alternatives lends no framing words
    *cases({"exact_match": "Complete"}, "Is the order Complete or Canceled?",
           ["Complete", "It is complete."], ["Complete, Canceled", "Canceled"]),
]


@pytest.mark.parametrize(("refs", "intent", "answer", "expected"), SENTENCES)
def test_rule_7_short_sentence_around_the_value(refs: dict, intent: str, answer: str, expected: bool) -> None:
    check(refs, intent, answer, expected)


# 8. yes/no questions; 9. references written as a sentence --------------------------------
YES_NO = [
    *cases({"exact_match": "Yes"}, CLOSED, ["Yes", "Closed", "Yes, it is closed"], ["Not closed", "No", "Yes and no"]),
    *cases({"exact_match": "No"}, CLOSED, ["Not closed", "It is not closed", "No."], ["Closed", "Yes"]),
    *cases({"fuzzy_match": ["No, it is open"]}, CLOSED, ["Not closed", "no"], ["Closed", "yes, it is closed"]),
    *cases({"must_include": ["The order is Princeton University, Yale University, Harvard University"]},
           "What would be the optimal route to travel through them all in order to minimize total travel time?",
           ["Princeton University, Yale University, Harvard University"],
           ["Yale University, Princeton University, Harvard University"]),
]


@pytest.mark.parametrize(("refs", "intent", "answer", "expected"), YES_NO)
def test_rules_8_and_9_yes_no_and_sentence_references(refs: dict, intent: str, answer: str, expected: bool) -> None:
    check(refs, intent, answer, expected)


def test_undecided_fuzzy_references_still_go_to_the_judge() -> None:
    pending = score({"fuzzy_match": ["The shop ships to Mars in two days"]}, "Ships quickly", "Where does it ship?")
    assert pending.needs_judge and not pending.success
    judged = score({"fuzzy_match": ["The shop ships to Mars in two days"]}, "Ships quickly", "Where does it ship?",
                   judge=YesJudge())
    assert judged.success and "always-yes" in judged.summary()
