"""The MAG protocol — ONE copy of the action grammar, the output parser and the
prompt renderer, shared by the MCP tools, the model agents, the SFT data
builder and the GRPO rollouts (DESIGN §6).

Model output for one step::

    Thought: <optional>
    Action: <one action>
    Guide: <one sentence for a person: what to do and where>

A step's prompt is `render_messages` (system prompt + step text + screenshot),
the same for model agents and SFT samples.
"""

from __future__ import annotations

import base64
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from mag_core.tasks import Grounding

VIEWPORT_WIDTH = 1280
VIEWPORT_HEIGHT = 720
MAX_STEPS = 30
MAX_CONSECUTIVE_NONCOMPLIANT = 3
MAX_REPEATED_ACTION = 3
MAX_OUTPUT_CHARS = 20_000  # a whole model output for `act`; longer is non-compliant
MAX_ACT_INPUT_CHARS = 4 * MAX_OUTPUT_CHARS  # what the `act` tool accepts, so an over-long output is recorded
MAX_TEXT_CHARS = 4_000  # text typed, an answer, a URL, a key
MAX_GUIDE_CHARS = 600

ActionKind = Literal[
    "click", "double_click", "hover", "type", "select", "scroll", "press",
    "goto", "go_back", "go_forward", "tab_focus", "close_tab", "stop",
]
SOM_KINDS: frozenset[str] = frozenset(
    {"click", "type", "hover", "select", "scroll", "press", "goto", "go_back", "go_forward",
     "tab_focus", "close_tab", "stop"}
)
COORD_KINDS: frozenset[str] = frozenset(
    {"click", "double_click", "hover", "type", "scroll", "press", "goto", "go_back", "go_forward",
     "tab_focus", "close_tab", "stop"}
)


class ProtocolError(ValueError):
    """An action that does not fit the grammar of the episode's grounding."""


class Action(BaseModel):
    """One typed action. `render()` gives its canonical text in the grammar."""

    model_config = ConfigDict(extra="forbid")

    kind: ActionKind
    mark: int | None = None
    x: int | None = None
    y: int | None = None
    text: str | None = None  # typed text, option, key, url or answer
    enter: bool = False
    direction: Literal["up", "down"] | None = None
    tab: int | None = None

    def render(self) -> str:
        k = self.kind
        if k in ("go_back", "go_forward", "close_tab"):
            return k
        if k == "tab_focus":
            return f"tab_focus [{self.tab}]"
        if k in ("press", "goto"):
            return f"{k} [{self.text}]"
        if k == "stop":
            return f"stop [{self.text or ''}]"
        if k == "scroll":
            if self.x is not None:
                return f"scroll ({self.x}, {self.y}) [{self.direction}]"
            return f"scroll [{self.direction}]"
        if self.mark is not None:
            if k == "type":
                return f"type [{self.mark}] [{self.text}] [{int(self.enter)}]"
            if k == "select":
                return f"select [{self.mark}] [{self.text}]"
            return f"{k} [{self.mark}]"
        if k == "type":
            return f"type [{self.text}] [{int(self.enter)}]"
        return f"{k} ({self.x}, {self.y})"

    def validate_for(self, grounding: Grounding) -> None:
        """Raise ProtocolError if this action is not valid in `grounding`."""
        kinds = SOM_KINDS if grounding == "som" else COORD_KINDS
        if self.kind not in kinds:
            raise ProtocolError(f"'{self.kind}' is not an action of the {grounding_name(grounding)} grounding")
        needs_mark = grounding == "som" and self.kind in ("click", "type", "hover", "select")
        needs_xy = grounding == "coord" and self.kind in ("click", "double_click", "hover", "scroll")
        if needs_mark and self.mark is None:
            raise ProtocolError(f"'{self.kind}' needs a mark id in the Set-of-Mark grounding, e.g. {self.kind} [12]")
        if not needs_mark and self.mark is not None:
            raise ProtocolError(f"mark ids are not used by '{self.kind}' in the {grounding_name(grounding)} grounding")
        if needs_xy and (self.x is None or self.y is None):
            raise ProtocolError(f"'{self.kind}' needs coordinates in the coordinate grounding, e.g. {self.kind} (640, 360)")
        if not needs_xy and (self.x is not None or self.y is not None):
            raise ProtocolError(f"coordinates are not used by '{self.kind}' in the {grounding_name(grounding)} grounding")
        if self.x is not None and self.y is not None:
            if not (0 <= self.x < VIEWPORT_WIDTH and 0 <= self.y < VIEWPORT_HEIGHT):
                raise ProtocolError(
                    f"coordinates ({self.x}, {self.y}) are outside the {VIEWPORT_WIDTH}x{VIEWPORT_HEIGHT} screenshot"
                )
        if self.kind in ("type", "select", "press", "goto") and not self.text:
            raise ProtocolError(f"'{self.kind}' needs a non-empty text argument")
        if self.text is not None and len(self.text) > MAX_TEXT_CHARS:
            raise ProtocolError(f"text argument is {len(self.text):,} characters; the limit is {MAX_TEXT_CHARS:,}")
        if self.kind == "scroll" and self.direction is None:
            raise ProtocolError("'scroll' needs a direction: up or down")
        if self.kind == "tab_focus" and (self.tab is None or self.tab < 0):
            raise ProtocolError("'tab_focus' needs a tab index >= 0")
        if self.mark is not None and self.mark < 1:
            raise ProtocolError("mark ids start at 1")


def grounding_name(grounding: Grounding) -> str:
    return "Set-of-Mark" if grounding == "som" else "coordinate"


# ---------------------------------------------------------------- parsing

_NUM = r"(-?\d+)"
_XY = rf"\(\s*{_NUM}\s*,\s*{_NUM}\s*\)"
_PATTERNS: dict[Grounding, list[tuple[re.Pattern[str], str]]] = {
    "som": [
        (re.compile(r"^type \[(\d+)\] \[(.*)\] \[([01])\]$", re.S), "type_mark_enter"),
        (re.compile(r"^type \[(\d+)\] \[(.*)\]$", re.S), "type_mark"),
        (re.compile(r"^select \[(\d+)\] \[(.*)\]$", re.S), "select"),
        (re.compile(r"^(click|hover) \[(\d+)\]$"), "mark"),
        (re.compile(r"^scroll \[(up|down)\]$"), "scroll"),
    ],
    "coord": [
        (re.compile(rf"^(click|double_click|hover) {_XY}$"), "xy"),
        (re.compile(rf"^scroll {_XY} \[(up|down)\]$"), "scroll_xy"),
        (re.compile(r"^type \[(.*)\] \[([01])\]$", re.S), "type_enter"),
        (re.compile(r"^type \[(.*)\]$", re.S), "type"),
    ],
}
_COMMON: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^(press|goto) \[(.*)\]$", re.S), "text"),
    (re.compile(r"^(go_back|go_forward|close_tab)$"), "bare"),
    (re.compile(r"^tab_focus \[(\d+)\]$"), "tab"),
    (re.compile(r"^stop \[(.*)\]$", re.S), "stop"),
    (re.compile(r"^stop$"), "stop_empty"),
]


_MAX_DIGITS = 12  # a mark id, a coordinate or a tab index; int() refuses over 4,300 digits with a ValueError


def _number(digits: str) -> int:
    if len(digits.lstrip("-")) > _MAX_DIGITS:
        raise ProtocolError(f"the number {digits[:16]}... has {len(digits.lstrip('-')):,} digits; "
                            "mark ids, coordinates and tab indexes are small numbers")
    return int(digits)


def parse_action(text: str, grounding: Grounding) -> Action:
    """Parse one action string of the grammar into an `Action` (ProtocolError if it doesn't fit)."""
    s = text.strip().strip("`").strip()
    if not s:
        raise ProtocolError("empty action")
    for pattern, shape in _PATTERNS[grounding] + _COMMON:
        m = pattern.match(s)
        if not m:
            continue
        g = m.groups()
        if shape == "type_mark_enter":
            a = Action(kind="type", mark=_number(g[0]), text=g[1], enter=g[2] == "1")
        elif shape == "type_mark":
            a = Action(kind="type", mark=_number(g[0]), text=g[1], enter=True)
        elif shape == "select":
            a = Action(kind="select", mark=_number(g[0]), text=g[1])
        elif shape == "mark":
            a = Action(kind=g[0], mark=_number(g[1]))
        elif shape == "scroll":
            a = Action(kind="scroll", direction=g[0])
        elif shape == "xy":
            a = Action(kind=g[0], x=_number(g[1]), y=_number(g[2]))
        elif shape == "scroll_xy":
            a = Action(kind="scroll", x=_number(g[0]), y=_number(g[1]), direction=g[2])
        elif shape == "type_enter":
            a = Action(kind="type", text=g[0], enter=g[1] == "1")
        elif shape == "type":
            a = Action(kind="type", text=g[0], enter=True)
        elif shape == "text":
            a = Action(kind=g[0], text=g[1])
        elif shape == "bare":
            a = Action(kind=g[0])
        elif shape == "tab":
            a = Action(kind="tab_focus", tab=_number(g[0]))
        elif shape == "stop":
            a = Action(kind="stop", text=g[0])
        else:
            a = Action(kind="stop", text="")
        a.validate_for(grounding)
        return a
    verb = s.split(" ", 1)[0].split("[", 1)[0].split("(", 1)[0]
    other: Grounding = "coord" if grounding == "som" else "som"
    for pattern, _ in _PATTERNS[other]:
        if pattern.match(s):
            raise ProtocolError(
                f"'{s[:80]}' is written for the {grounding_name(other)} grounding; "
                f"this episode uses {grounding_name(grounding)}"
            )
    raise ProtocolError(f"cannot parse action '{s[:80]}' (verb '{verb[:20]}'); see the action grammar")


class ParsedOutput(BaseModel):
    """A model's raw output for one step, split and checked."""

    thought: str | None = None
    action: Action | None = None
    guide: str | None = None
    compliant: bool
    error: str | None = None


_THINKING_RE = re.compile(r"^\s*<think>.*?</think>", re.S)


def strip_thinking(raw: str) -> str:
    """The output without a leading `<think>...</think>` block (reasoning models such as Qwen3.5
    served with thinking on); an unclosed block is left as it is and fails to parse."""
    return _THINKING_RE.sub("", raw, count=1).lstrip() if raw.lstrip().startswith("<think>") else raw


# Leading blanks are matched within the line only (`[^\S\n]`): `^\s*` under re.M would rescan a run of
# blank lines from each of its line starts, quadratic time that froze the server for seconds on an
# `act` output of 20,000 newlines.
_FIELD_RE = re.compile(r"^[^\S\n]*(?:\*\*)?(Thought|Action|Guide)\s*(?:\*\*)?\s*:\s*(?:\*\*)?\s*", re.I | re.M)


def parse_output(raw: str, grounding: Grounding) -> ParsedOutput:
    """Parse `Thought/Action/Guide` output (after a leading thinking block, if any).
    Never raises: errors make it non-compliant."""
    raw = strip_thinking(raw)
    if len(raw) > MAX_OUTPUT_CHARS:
        return ParsedOutput(compliant=False, error=f"output is {len(raw):,} characters; the limit is {MAX_OUTPUT_CHARS:,}")
    fields: dict[str, str] = {}
    matches = list(_FIELD_RE.finditer(raw))
    for i, m in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(raw)
        name = m.group(1).lower()
        if name in fields:
            return ParsedOutput(compliant=False, error=f"'{name.title()}:' appears more than once; give exactly one action per step")
        fields[name] = raw[m.end():end].strip()
    thought = fields.get("thought")
    if "action" not in fields:
        return ParsedOutput(thought=thought, compliant=False, error="no 'Action:' line found")
    action_text = fields["action"]
    if "guide" not in fields or not fields["guide"].strip():
        return ParsedOutput(thought=thought, compliant=False, error="no 'Guide:' line found; every step needs a guide sentence")
    guide = " ".join(fields["guide"].split())
    problem = check_guide(guide)
    if problem:
        return ParsedOutput(thought=thought, guide=guide, compliant=False, error=problem)
    try:
        action = parse_action(action_text, grounding)
    except ProtocolError as e:
        return ParsedOutput(thought=thought, guide=guide, compliant=False, error=str(e))
    return ParsedOutput(thought=thought, action=action, guide=guide, compliant=True)


def check_guide(guide: str) -> str | None:
    """Format check of a guide sentence: present, not too long. (Leaks are scored, not rejected:
    `mag_core.guide_leaks`.)"""
    if not guide or not guide.strip():
        return "the guide is empty; write one sentence a person could follow"
    if len(guide) > MAX_GUIDE_CHARS:
        return f"the guide is {len(guide):,} characters; keep it to one sentence (limit {MAX_GUIDE_CHARS})"
    return None


def format_output(action: Action, guide: str, thought: str | None = None) -> str:
    """The canonical model output for a step (used for gold targets in SFT)."""
    head = f"Thought: {thought}\n" if thought else ""
    return f"{head}Action: {action.render()}\nGuide: {guide}"


# ---------------------------------------------------------------- prompts

_GRAMMAR_COMMON = """\
press [key]                press a key or combination, e.g. press [Control+a]
goto [url]                 open a URL in the current tab
go_back / go_forward       browser history
tab_focus [i]              switch to tab i (0-based)
close_tab                  close the current tab
stop [answer]              finish; put the answer in brackets if the task asks for one"""
_GRAMMAR = {
    "som": """\
click [id]                 click the element with mark id
type [id] [text] [1|0]     type text into the element (1 = press Enter after, 0 = don't)
hover [id]                 hover over the element
select [id] [option]       choose an option of a dropdown by its visible text
scroll [up|down]           scroll the page""",
    "coord": """\
click (x, y)               click at pixel (x, y) of the screenshot
double_click (x, y)        double-click at (x, y)
hover (x, y)               move the mouse to (x, y)
type [text] [1|0]          type into the focused element (1 = press Enter after); click the field first
                           (in an open dropdown, typing jumps to the option that starts with the text)
scroll (x, y) [up|down]    scroll the area under (x, y)""",
}


def render_system_prompt(grounding: Grounding) -> str:
    how = (
        "Each screenshot has numbered boxes (marks) on the elements you can interact with, and a list of "
        "the marks as `[id] role \"name\"`. Name the element by its mark id."
        if grounding == "som"
        else f"You see a plain {VIEWPORT_WIDTH}x{VIEWPORT_HEIGHT} screenshot. Name the element by the pixel "
        "coordinates (x, y) of a point inside it, origin at the top-left."
    )
    return f"""You are a web agent completing a task on a website, one action per step, seen through screenshots.
{how}

At every step also write a guide: one sentence a person looking at the same page could follow to do this step
themselves (what to do and where, using the visible labels). Never mention mark ids, coordinates or pixels in the guide.

Answer in exactly this format:
Thought: <your reasoning, optional>
Action: <one action>
Guide: <one sentence for a person>

Actions:
{_GRAMMAR[grounding]}
{_GRAMMAR_COMMON}

You have at most {MAX_STEPS} steps. When the task is done, or asks for information you found, use stop [answer]."""


class HistoryEntry(BaseModel):
    action: str
    guide: str | None = None
    error: str | None = None


class StepPrompt(BaseModel):
    """Everything the per-step user message is rendered from."""

    intent: str
    grounding: Grounding
    url: str
    tabs: list[str] = Field(default_factory=list)
    marks_text: str | None = None
    last_error: str | None = None
    steps_left: int
    history: list[HistoryEntry] = Field(default_factory=list)


def render_step_text(p: StepPrompt, history_window: int = 5) -> str:
    """The text part of the per-step user message (the screenshot goes beside it)."""
    lines = [f"Task: {p.intent}", f"URL: {p.url}"]
    if len(p.tabs) > 1:
        lines.append("Tabs: " + " | ".join(f"[{i}] {t}" for i, t in enumerate(p.tabs)))
    recent = p.history[-history_window:] if history_window > 0 else []
    if recent:
        lines.append("Previous steps:")
        first = len(p.history) - len(recent) + 1
        for i, h in enumerate(recent, start=first):
            line = f"{i}. {h.action}" + (f" — {h.guide}" if h.guide else "")
            if h.error:
                line += f" (error: {h.error})"
            lines.append(line)
    if p.last_error:
        lines.append(f"Last action failed: {p.last_error}")
    if p.grounding == "som" and p.marks_text is not None:
        lines.append("Marks:")
        lines.append(p.marks_text or "(no interactable elements visible)")
    lines.append(f"Steps left: {p.steps_left}")
    return "\n".join(lines)


def render_messages(p: StepPrompt, image_png: bytes | None, history_window: int = 5) -> list[dict[str, Any]]:
    """The chat messages of one step, in the OpenAI chat-completions format.

    ``[system: render_system_prompt(grounding), user: [text: render_step_text(p), image: the screenshot]]``
    (no image part when `image_png` is None). This is THE prompt of a step: the model agents send it
    and the SFT data builder must produce it byte for byte, so change it here only."""
    content: list[dict[str, Any]] = [{"type": "text", "text": render_step_text(p, history_window)}]
    if image_png is not None:
        url = "data:image/png;base64," + base64.b64encode(image_png).decode("ascii")
        content.append({"type": "image_url", "image_url": {"url": url}})
    return [
        {"role": "system", "content": render_system_prompt(p.grounding)},
        {"role": "user", "content": content},
    ]
