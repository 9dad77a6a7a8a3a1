"""`mag tasks import-webarena` reads WebArena-Verified and VisualWebArena task files too.

The samples are hand-written in each format's shape (a few tasks each), not copied data.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mag_core.tasks import Task
from mag_mcp.cli import app
from mag_mcp.tasks import visualwebarena_import as vwa
from mag_mcp.tasks import webarena_verified_import as wav
from mag_mcp.tasks.import_formats import ImportProblem, detect_format

# Every variable a converter reads, unset, so the machine's environment cannot leak in.
CLEAN_ENV = {f"{p}{v}": None for p in ("", "WA_", "VWA_")
             for v in ("SHOPPING", "SHOPPING_ADMIN", "REDDIT", "GITLAB", "MAP", "WIKIPEDIA")}


def agent(task_type: str, status: str = "SUCCESS", data=None, items: dict | None = None, **extra) -> dict:
    schema = {"type": "array", "items": items or {"type": "string"}} if data is not None else {"type": "null"}
    return {"evaluator": "AgentResponseEvaluator", "results_schema": schema,
            "expected": {"task_type": task_type, "status": status, "retrieved_data": data}, **extra}


def event(**expected) -> dict:
    return {"evaluator": "NetworkEventEvaluator", "expected": expected}


def verified(task_id: int, evals: list[dict], sites=("shopping_admin",), start_urls=("__SHOPPING_ADMIN__",)) -> dict:
    return {"sites": list(sites), "task_id": task_id, "intent_template_id": 900 + task_id,
            "start_urls": list(start_urls), "intent": f"Verified intent {task_id}",
            "intent_template": "Verified intent {{n}}", "instantiation_dict": {"n": task_id},
            "eval": evals, "revision": 2}


VERIFIED = [
    verified(100, [agent("retrieve", data=["Quest Lumaflex™ Band (revised)"])]),
    verified(101, [agent("retrieve", data=["Alpha", "Beta"])], sites=("shopping",), start_urls=("__SHOPPING__",)),
    verified(102, [agent("retrieve", data=[47.0], items={"type": "number"})]),
    verified(103, [agent("retrieve", status="NOT_FOUND_ERROR")]),
    verified(104, [agent("navigate"), event(url="__GITLAB__/dashboard/merge_requests",
                                            query_params={"assignee_username": ["byteblaze"]})],
             sites=("gitlab", "reddit"), start_urls=("__GITLAB__", "__REDDIT__")),
    # a state change, checked on the POST it sends: Verified's counterpart of program_html
    verified(105, [agent("mutate"), event(url="__SHOPPING_ADMIN__/sales/order/cancel/order_id/302/",
                                          http_method="POST", response_status=302)]),
    verified(106, [agent("navigate"), event(url="__HOMEPAGE__")], sites=("homepage",),
             start_urls=("__HOMEPAGE__",)),
    verified(107, [agent("retrieve", data=[{"name": "Pittsburgh", "postcode": "15231"}],
                         items={"type": "object"})]),
    verified(108, [agent("retrieve", data=[["Digital Watch", "Band"]])]),
    verified(109, [agent("navigate"), event(url="^__SHOPPING__/[a-z-]*guard[a-z-]*\\.html$")],
             sites=("shopping",), start_urls=("__SHOPPING__",)),
    verified(110, [agent("navigate"), event(url=["__GITLAB__/dashboard/todos",
                                                 "__GITLAB__/dashboard/todos?state=pending"])],
             sites=("gitlab",), start_urls=("__GITLAB__",)),
    verified(111, [agent("mutate", status="ACTION_NOT_ALLOWED_ERROR")]),
    verified(112, [agent("retrieve", data=["2 days"], items={"type": "string", "format": "duration"})]),
    verified(113, [agent("retrieve", data=["First", "Second"], ordered=True)]),
]


def vwa_task(task_id: int, ev: dict, sites=("shopping",), start_url="__SHOPPING__", **extra) -> dict:
    base = {"sites": list(sites), "task_id": task_id, "require_login": True,
            "storage_state": f"./.auth/{sites[0]}_state.json", "start_url": start_url, "geolocation": None,
            "intent_template": "VWA intent {{n}}", "intent": f"VWA intent {task_id}", "instantiation_dict": {"n": task_id},
            "require_reset": False, "eval": {"reference_answers": None, "reference_url": "", "program_html": [], **ev},
            "intent_template_id": 800 + task_id, "reasoning_difficulty": "easy", "visual_difficulty": "medium",
            "overall_difficulty": "medium", "comments": "", "image": None}
    return {**base, **extra}


def program_html(url: str, locator: str, **contents) -> dict:
    return {"eval_types": ["program_html"], "program_html": [{"url": url, "locator": locator,
                                                             "required_contents": contents}]}


VWA = [
    vwa_task(0, {"eval_types": ["string_match"], "string_note": "",
                 "reference_answers": {"must_include": ["Nike Slide Red", "42.81"]}}),
    vwa_task(1, {"eval_types": ["url_match"], "url_note": "EXACT",
                 "reference_url": "__SHOPPING__/dualshock-4-controller-magma-red.html"}),
    vwa_task(2, program_html("func:shopping_get_latest_order_url()",
                             'document.querySelector(".order-details-items.ordered").outerText',
                             must_include=["B0983XCYK6", "Red"])),
    vwa_task(3, {"eval_types": ["string_match"], "reference_answers": {"fuzzy_match": "N/A"},
                 "string_note": "there is no such forum"}, sites=("reddit",), start_url="__REDDIT__"),
    vwa_task(4, {"eval_types": ["url_match"], "reference_url": "__CLASSIFIEDS__/index.php?page=item&id=1"},
             sites=("classifieds",), start_url="__CLASSIFIEDS__"),
    vwa_task(5, {"eval_types": ["string_match"], "reference_answers": {"exact_match": "blue"}},
             image="environment_docker/webarena-homepage/static/input_images/shopping/task_5/input_0.png"),
    vwa_task(6, {"eval_types": ["page_image_query"], "page_image_query": [
        {"eval_image_url": "last", "eval_image_class": ".item-photos", "eval_fuzzy_image_match": "a red chair"}]}),
    vwa_task(7, program_html("last", "func:get_query_text(__page__, '.price')", must_include=["270.00"])),
    vwa_task(8, {"eval_types": ["string_match"], "reference_answers": {"must_include": ["12 |OR| twelve"]}}),
    vwa_task(9, program_html("__REDDIT__/f/wallstreetbets", "", must_include=["__WIKIPEDIA__/wiki/Stock"]),
             sites=("wikipedia", "reddit"), start_url="__WIKIPEDIA__ |AND| __REDDIT__"),
]


VWA_ONLY = ("reasoning_difficulty", "visual_difficulty", "overall_difficulty", "comments", "image")


def run_import(tmp_path: Path, data, *args: str, env: dict | None = None):
    src, out = tmp_path / "in.json", tmp_path / "out.json"
    src.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(app, ["tasks", "import-webarena", str(src), "--out", str(out), *args],
                                env={**CLEAN_ENV, **(env or {})})
    tasks = json.loads(out.read_text(encoding="utf-8")) if result.exit_code == 0 else None
    return result, {str(t["task_id"]): t for t in tasks or []}


def skip_count(output: str, reason: str) -> int:
    line = next((ln for ln in output.splitlines() if ln.strip().endswith(")") and reason in ln), None)
    return int(line.split()[0]) if line else 0


def test_webarena_verified_converts_and_counts_skips(tmp_path):
    result, tasks = run_import(tmp_path, VERIFIED)
    assert result.exit_code == 0, result.output
    assert "converted 6 WebArena-Verified tasks, skipped 8" in result.output
    assert sorted(tasks, key=int) == ["100", "101", "102", "103", "104", "111"]
    for t in tasks.values():
        task = Task.model_validate(t)
        assert task.checker_mode == "webarena" and task.mag.gold == {}
    t = tasks["100"]  # the revised answer, not WebArena's
    assert t["intent"] == "Verified intent 100" and t["sites"] == ["shopping_admin"]
    assert t["eval"]["eval_types"] == ["string_match"]
    assert t["eval"]["reference_answers"] == {"exact_match": "Quest Lumaflex™ Band (revised)"}
    assert t["start_url"] == "__SHOPPING_ADMIN__" and t["intent_template_id"] == 1000 and t["revision"] == 2
    assert t["intent_template"] == "Verified intent {{n}}" and t["instantiation_dict"] == {"n": 100}
    assert tasks["101"]["eval"]["reference_answers"] == {"must_include": ["Alpha", "Beta"]}
    assert tasks["102"]["eval"]["reference_answers"] == {"exact_match": "47"}
    na = tasks["103"]
    assert na["eval"]["reference_answers"] == {"fuzzy_match": "N/A"} and na["mag"]["tags"]["features"] == ["unachievable"]
    assert na["eval"]["string_note"] == wav.STATUS_NOTES["NOT_FOUND_ERROR"]
    assert tasks["111"]["mag"]["tags"]["features"] == ["unachievable"]
    nav = tasks["104"]
    assert nav["eval"]["eval_types"] == ["url_match"] and nav["sites"] == ["gitlab", "reddit"]
    assert nav["eval"]["reference_url"] == "__GITLAB__/dashboard/merge_requests?assignee_username=byteblaze"
    assert nav["start_url"] == "__GITLAB__ |AND| __REDDIT__"
    assert "features" not in nav["mag"]["tags"]
    out = result.output
    assert skip_count(out, wav.NETWORK_EVENTS) == 2 and "(ids 105, 109)" in out
    assert skip_count(out, wav.SITE_NOT_SERVED) == 1 and "(ids 106)" in out
    assert skip_count(out, wav.TYPED_ANSWER) == 2 and "(ids 107, 112)" in out
    assert skip_count(out, wav.ALTERNATIVES) == 1
    assert skip_count(out, wav.URL_ALTERNATIVES) == 1
    assert skip_count(out, wav.ORDERED) == 1


def test_webarena_verified_urls_from_browsergym_variables(tmp_path):
    result, tasks = run_import(tmp_path, VERIFIED[:5], "--format", "webarena-verified",
                               env={"WA_GITLAB": "http://git.example:8023", "REDDIT": "http://forum.example:9999"})
    assert result.exit_code == 0, result.output
    assert "substituted from the environment" in result.output
    nav = tasks["104"]
    assert nav["eval"]["reference_url"] == "http://git.example:8023/dashboard/merge_requests?assignee_username=byteblaze"
    assert nav["start_url"] == "http://git.example:8023 |AND| http://forum.example:9999"
    assert tasks["100"]["start_url"] == "__SHOPPING_ADMIN__"  # not set: kept for `mag serve` to resolve


def test_visualwebarena_converts_and_counts_skips(tmp_path):
    result, tasks = run_import(tmp_path, VWA)
    assert result.exit_code == 0, result.output
    assert "converted 5 VisualWebArena tasks, skipped 5" in result.output
    assert sorted(tasks, key=int) == ["0", "1", "2", "3", "9"]
    for t in tasks.values():
        Task.model_validate(t)
        assert t["mag"]["checker_mode"] == "webarena"
    s = tasks["0"]
    assert s["intent"] == "VWA intent 0" and s["sites"] == ["shopping"] and s["start_url"] == "__SHOPPING__"
    assert s["eval"]["reference_answers"] == {"must_include": ["Nike Slide Red", "42.81"]}
    assert s["reasoning_difficulty"] == "easy"  # VisualWebArena's own fields are kept
    assert tasks["1"]["eval"]["eval_types"] == ["url_match"]
    assert tasks["1"]["eval"]["reference_url"] == "__SHOPPING__/dualshock-4-controller-magma-red.html"
    ph = tasks["2"]["eval"]
    assert ph["eval_types"] == ["program_html"] and ph["program_html"][0]["required_contents"] == {
        "must_include": ["B0983XCYK6", "Red"]}
    assert tasks["3"]["mag"]["tags"]["features"] == ["unachievable"]
    assert tasks["9"]["sites"] == ["wikipedia", "reddit"]
    assert tasks["9"]["start_url"] == "__WIKIPEDIA__ |AND| __REDDIT__"
    out = result.output
    assert skip_count(out, vwa.SITE_NOT_SERVED) == 1 and "(ids 4)" in out
    assert skip_count(out, vwa.NEEDS_IMAGE) == 1 and "(ids 5)" in out
    assert skip_count(out, vwa.EVAL_TYPE) == 1 and "(ids 6)" in out
    assert skip_count(out, vwa.CHECK) == 2 and "(ids 7, 8)" in out


def test_visualwebarena_urls_from_browsergym_variables(tmp_path):
    result, tasks = run_import(tmp_path, VWA, env={"VWA_SHOPPING": "http://shop.example:7770/"})
    assert result.exit_code == 0, result.output
    assert tasks["1"]["eval"]["reference_url"] == "http://shop.example:7770/dualshock-4-controller-magma-red.html"
    assert tasks["9"]["eval"]["program_html"][0]["url"] == "__REDDIT__/f/wallstreetbets"


def test_webarena_file_keeps_its_message(tmp_path):
    wa = vwa_task(7, {"eval_types": ["string_match"], "reference_answers": {"exact_match": "5"}})
    wa = {k: v for k, v in wa.items() if k not in VWA_ONLY}
    result, tasks = run_import(tmp_path, [wa])
    assert result.exit_code == 0, result.output
    assert "converted 1 tasks → " in result.output and "skipped" not in result.output
    assert {k: v for k, v in tasks["7"].items() if k != "mag"} == wa


def test_detect_format():
    assert detect_format(VERIFIED) == "webarena-verified"
    assert detect_format(VWA) == "visualwebarena"
    assert detect_format(VWA[0]) == "visualwebarena"
    plain = {k: v for k, v in VWA[1].items() if k not in VWA_ONLY}
    assert detect_format([plain]) == "webarena"
    with pytest.raises(ImportProblem, match="no known format"):
        detect_format([{"task_id": 3, "intent": "x"}])
    with pytest.raises(ImportProblem, match="mixes"):
        detect_format([VERIFIED[0], plain])


@pytest.mark.parametrize(("data", "args", "names"), [
    ([{**VERIFIED[0], "eval": [{"evaluator": "AgentResponseEvaluator", "results_schema": {},
                                "expected": {"task_type": "retrieve"}}]}], (), ("100", "status")),
    ([{k: v for k, v in VWA[0].items() if k != "intent"}], ("--format", "visualwebarena"), ("0", "intent")),
    ([{"task_id": 5, "eval": "string_match"}], (), ("5", "no known format")),
    ([VERIFIED[0]], ("--format", "webarena-2"), ("--format",)),
])
def test_malformed_file_is_a_one_line_error(tmp_path, data, args, names):
    result, _ = run_import(tmp_path, data, *args)
    assert result.exit_code == 2, result.output
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in result.output
    for name in names:
        assert name in lines[0]
