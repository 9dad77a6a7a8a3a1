"""`mag tasks review --template T`: the gold guides of every instance of a template on one
read-only page, for the review every template gets (issue 20).

The page uses the stylesheet of `mag annotate`'s review page. For each instance it shows the
intent, the checker's references, the design declarations (features, negatives,
distractors) and both gold trajectories step by step: action, target, value, guide, and the
problems the guide checks find (`guide_flags`: empty, too long, naming a mark id or a
coordinate). Given a gold run's folder (`mag tasks verify`'s `RUN/gold`, or `mag run --agent
gold`), each step also shows the screenshot it was taken on with its target outlined, and the
observation-aware leak detector (`find_step_leak`) runs on the page's own numbers. A guide
written the same in every instance of the template gets a note (worth a look: a guide should
fit its element and page, though a generic step may rightly read the same). Screenshots are copied
next to the page, so the folder can be opened anywhere.
"""

from __future__ import annotations

import json
import shutil
import struct
from collections import Counter
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from pydantic import BaseModel, Field

from mag_core.guide_leaks import LeakContext, find_step_leak
from mag_core.tasks import GROUNDINGS, GoldStep, Grounding, Task
from mag_core.transcripts import StepRecord, read_transcript
from mag_mcp.guides.annotate_draft import guide_flags
from mag_mcp.guides.review import GROUNDING_NAMES, static_dir

PAGE_TEMPLATE = "review_page.html.j2"


class StepCard(BaseModel):
    number: int
    action: str
    guide: str
    flags: list[str] = Field(default_factory=list)  # problems by the guide checks
    notes: list[str] = Field(default_factory=list)  # worth a look, not necessarily wrong
    image: str | None = None
    box: dict[str, float] | None = None  # the target's outline, in percent of the screenshot


class InstanceView(BaseModel):
    task_id: str
    split: str
    intent: str
    references: str
    features: list[str]
    negatives: list[str]
    distractors: list[str]
    steps: dict[str, list[StepCard]]  # grounding name -> cards
    replayed: dict[str, bool]  # grounding name -> a transcript was found


def describe_step(step: GoldStep) -> str:
    parts = [step.action]
    if step.target is not None:
        parts.append(step.target.describe())
    if step.value:
        parts.append(f"“{step.value}”")
    if step.enter:
        parts.append("then Enter")
    return " ".join(parts)


def _png_size(path: Path) -> tuple[int, int] | None:
    """Width and height from a PNG's header (None for anything else)."""
    try:
        head = path.read_bytes()[:24]
    except OSError:
        return None
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    w, h = struct.unpack(">II", head[16:24])
    return (w, h) if w and h else None


def gold_transcripts(run_dir: Path | None) -> dict[tuple[str, str], Path]:
    """(task id, grounding) -> transcript of a gold run's episode."""
    if run_dir is None:
        return {}
    episodes = json.loads((run_dir / "results.json").read_text(encoding="utf-8")).get("episodes", [])
    out: dict[tuple[str, str], Path] = {}
    for e in episodes:
        if e.get("transcript") and Path(e["transcript"]).exists():
            out[(e["task_id"], e["grounding"])] = Path(e["transcript"])
    return out


def _cards(task: Task, grounding: Grounding, transcript: Path | None, shots: Path) -> list[StepCard]:
    assert task.mag is not None
    records = [StepRecord.model_validate(r) for r in read_transcript(transcript)
               if r.get("type") == "step"] if transcript else []
    cards = []
    for i, step in enumerate(task.mag.gold[grounding].steps, 1):
        card = StepCard(number=i, action=describe_step(step), guide=step.guide, flags=guide_flags(step.guide))
        rec = records[i - 1] if i <= len(records) else None
        if rec is not None and transcript is not None:
            leak = find_step_leak(step.guide, LeakContext.from_step(rec, task.intent))
            if leak is not None:
                card.flags.append(f"leaks a {leak.kind.replace('_', ' ')} (“{leak.fragment}”): {leak.why}")
            src = transcript.parent / rec.screenshot
            if src.exists():
                name = f"{task.id}-{grounding}-{i:03d}.png"
                shutil.copyfile(src, shots / name)
                card.image = f"shots/{name}"
                size = _png_size(src)
                if size and rec.target is not None:
                    b, (w, h) = rec.target.bbox, size
                    card.box = {"left": 100 * b.x / w, "top": 100 * b.y / h,
                                "width": 100 * b.width / w, "height": 100 * b.height / h}
        cards.append(card)
    return cards


def _references(task: Task) -> str:
    e = task.eval
    parts = [", ".join(e.eval_types)]
    if e.reference_answers is not None:
        parts.append(json.dumps(e.reference_answers.model_dump(mode="json", exclude_none=True), ensure_ascii=False))
    if e.reference_url:
        parts.append(e.reference_url)
    if e.state_checks:
        parts.append(f"{len(e.state_checks)} state checks, {len(e.state_guards)} state guards")
    return " · ".join(parts)


def instance_view(task: Task, transcripts: dict[tuple[str, str], Path], shots: Path) -> InstanceView:
    mag = task.mag
    assert mag is not None
    steps, replayed = {}, {}
    for g in GROUNDINGS:
        if g in mag.gold:
            path = transcripts.get((task.id, g))
            steps[GROUNDING_NAMES[g]] = _cards(task, g, path, shots)
            replayed[GROUNDING_NAMES[g]] = path is not None
    return InstanceView(
        task_id=task.id, split=mag.split, intent=task.intent, references=_references(task),
        features=list(mag.tags.features), negatives=[f"{n.label} ({n.why})" for n in mag.negatives],
        distractors=[f"{d.name} ({d.relation.replace('_', ' ')}, {d.site})" for d in mag.distractors],
        steps=steps, replayed=replayed,
    )


def flag_repeated_guides(views: list[InstanceView]) -> None:
    """A guide written word for word the same in every instance of a multi-instance template."""
    if len(views) < 2:
        return
    for grounding in {g for v in views for g in v.steps}:
        counts = Counter(c.guide for v in views for c in v.steps.get(grounding, []))
        for v in views:
            for c in v.steps.get(grounding, []):
                if counts[c.guide] == len(views) and c.action.split()[0] != "stop":
                    c.notes.append("the same guide in every instance of the template")


def write_review_page(tasks: list[Task], run_dir: Path | None, out: Path) -> Path:
    """Write `out/index.html` (and `out/shots/`) for the instances `tasks` of one template."""
    out.mkdir(parents=True, exist_ok=True)
    shots = out / "shots"
    if shots.exists():
        shutil.rmtree(shots)
    shots.mkdir()
    transcripts = gold_transcripts(run_dir)
    views = [instance_view(t, transcripts, shots) for t in tasks if t.mag and t.mag.gold]
    flag_repeated_guides(views)
    env = Environment(loader=FileSystemLoader(Path(__file__).parent), autoescape=select_autoescape(["html", "j2"]))
    t0 = tasks[0]
    html = env.get_template(PAGE_TEMPLATE).render(
        template=t0.intent_template_id, intent_template=t0.intent_template, sites=", ".join(t0.sites),
        instances=views, css=(static_dir() / "review.css").read_text(encoding="utf-8"),
        flagged=sum(bool(c.flags) for v in views for cs in v.steps.values() for c in cs),
        run=str(run_dir) if run_dir else None,
    )
    page = out / "index.html"
    page.write_text(html, encoding="utf-8")
    return page
