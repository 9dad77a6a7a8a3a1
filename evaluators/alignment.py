"""Align an agent's steps with a task's gold steps (DESIGN §7).

Each agent step gets at most one gold step, whose guide its own guide is then
judged against; an unaligned step is judged against its action alone.

The alignment runs in two passes, both order-preserving:

1. **Anchors.** A pair (agent step, gold step) is an anchor when

   - both act on the same element (``by="target"``): normalised role and
     accessible name are equal (case- and whitespace-insensitive; a role
     missing on either side is not compared, so a gold target given only by
     visible text matches an agent target whose name is that text), and both
     actions act on an element (click, double_click, hover, select, type —
     any two of them on the same element match); or
   - both have a known, equal URL transition (``by="url"``): a ``goto`` value
     or a ``url_after`` that differs from the page before, compared after
     dropping the scheme, the fragment and a trailing ``/``.

   The largest order-preserving set of anchors is chosen by a weighted LCS
   (each step used at most once). Ties prefer target anchors over URL anchors,
   then pairs with the same action kind. The final ``stop`` steps of both
   sides are always an anchor (reported as ``by="target"``: the end of the
   episode is the target of a ``stop``).

2. **DTW between anchors.** The agent and gold steps left between consecutive
   anchors (and before the first / after the last) are aligned by a dynamic
   time warping that may map several agent steps to one gold step, gives each
   agent step at most one gold step, and may leave steps of either side
   unmatched. Matching agent step *a* with gold step *g* costs
   ``1 - similarity(a, g)``; leaving *a* unaligned costs ``1 - MIN_SIMILARITY``,
   so pairs below ``MIN_SIMILARITY`` are never aligned. Skipping a gold step
   costs ``GOLD_SKIP_COST`` (small): among equally similar pairings the one that
   walks through the gold steps in order wins, instead of piling every agent
   step onto one gold step.

``similarity(a, g) = W_KIND * kind(a, g) + W_TEXT * overlap(a, g)`` where
``kind`` is 1 for equal action kinds, ``KIND_FAMILY_SCORE`` for kinds of one
family (pointer: click/double_click/hover; input: type/select/press;
navigation: goto/go_back/go_forward/tab_focus/close_tab) and 0 otherwise, and
``overlap`` is the overlap coefficient |A ∩ B| / min(|A|, |B|) of the word
tokens of (target accessible name + value) of both steps; when both are
empty it is 1 for equal kinds (two `go_back`s) and 0 otherwise, and 0 when
only one is empty. Role words are left out so that two different
buttons do not look alike.

Non-compliant agent steps (no action) are never aligned. Everything is a pure,
deterministic function of its input and runs in O(n * m).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import urlsplit

from pydantic import BaseModel

from evaluators.models import AlignedBy, GoldStepView, StepView, TargetView

__all__ = [
    "GOLD_SKIP_COST",
    "KIND_FAMILY_SCORE",
    "MIN_SIMILARITY",
    "W_KIND",
    "W_TEXT",
    "Alignment",
    "align",
    "step_similarity",
]

MIN_SIMILARITY = 0.25  # a DTW pair below this similarity is left unaligned
W_KIND = 0.5  # weight of action-kind agreement in step_similarity
W_TEXT = 0.5  # weight of the token overlap of target name + value
KIND_FAMILY_SCORE = 0.4  # kind agreement of two different kinds of one family
GOLD_SKIP_COST = 0.02  # DTW: leaving a gold step unmatched (breaks ties towards the diagonal)

ELEMENT_KINDS = frozenset({"click", "double_click", "hover", "select", "type"})
_FAMILIES: tuple[frozenset[str], ...] = (
    frozenset({"click", "double_click", "hover"}),
    frozenset({"type", "select", "press"}),
    frozenset({"goto", "go_back", "go_forward", "tab_focus", "close_tab"}),
)
_TOKEN = re.compile(r"[a-z0-9]+")


class Alignment(BaseModel):
    """Where one agent step landed in the gold trajectory."""

    agent_index: int  # StepView.index (1-based, as in the transcript)
    gold_index: int | None = None  # 0-based gold step; None: unaligned
    by: AlignedBy | None = None  # "target" | "url" | "dtw"; None when unaligned
    similarity: float = 0.0  # step_similarity of the pair; 0.0 when unaligned


def _norm_text(s: str | None) -> str:
    return " ".join((s or "").split()).casefold()


def _norm_url(url: str | None) -> str | None:
    """Drop scheme, fragment and a trailing '/'; lower-case the host."""
    if not url or not url.strip():
        return None
    parts = urlsplit(url.strip())
    if not parts.netloc and "://" not in url and not url.startswith("//"):
        parts = urlsplit("//" + url.strip())
    out = parts.netloc.lower() + parts.path.rstrip("/")
    if parts.query:
        out += "?" + parts.query
    return out or None


def _same_target(a: TargetView | None, g: TargetView | None) -> bool:
    if a is None or g is None:
        return False
    name_a, name_g = _norm_text(a.name), _norm_text(g.name)
    if not name_a or name_a != name_g:
        return False
    role_a, role_g = _norm_text(a.role), _norm_text(g.role)
    return not role_a or not role_g or role_a == role_g


def _agent_urls(steps: Sequence[StepView]) -> list[set[str]]:
    out: list[set[str]] = []
    for s in steps:
        urls: set[str] = set()
        after, before = _norm_url(s.url_after), _norm_url(s.url)
        if s.action_kind == "goto":
            urls |= {u for u in (_norm_url(s.value), after) if u}
        elif after and after != before:
            urls.add(after)
        out.append(urls)
    return out


def _gold_urls(steps: Sequence[GoldStepView]) -> list[set[str]]:
    out: list[set[str]] = []
    previous: str | None = None
    for s in steps:
        urls: set[str] = set()
        after = _norm_url(s.url_after)
        if s.action_kind == "goto":
            urls |= {u for u in (_norm_url(s.value), after) if u}
        elif after and after != previous:
            urls.add(after)
        previous = after or previous
        out.append(urls)
    return out


def _tokens(target: TargetView | None, value: str | None) -> set[str]:
    text = f"{target.name if target else ''} {value or ''}".casefold()
    return set(_TOKEN.findall(text))


def step_similarity(agent: StepView, gold: GoldStepView) -> float:
    """Similarity in [0, 1] of an agent step and a gold step (formula: module docstring)."""
    ka, kg = agent.action_kind, gold.action_kind
    if ka is None:
        return 0.0
    if ka == kg:
        kind = 1.0
    elif any(ka in f and kg in f for f in _FAMILIES):
        kind = KIND_FAMILY_SCORE
    else:
        kind = 0.0
    ta, tg = _tokens(agent.target, agent.value), _tokens(gold.target, gold.value)
    if not ta and not tg:
        overlap = 1.0 if ka == kg else 0.0
    elif not ta or not tg:
        overlap = 0.0
    else:
        overlap = len(ta & tg) / min(len(ta), len(tg))
    return round(W_KIND * kind + W_TEXT * overlap, 6)


def _anchors(agent: Sequence[StepView], gold: Sequence[GoldStepView]) -> list[tuple[int, int, AlignedBy]]:
    """Largest order-preserving anchor set (positions into `agent` / `gold`), by weighted LCS."""
    n, m = len(agent), len(gold)
    if not n or not m:
        return []
    a_urls, g_urls = _agent_urls(agent), _gold_urls(gold)
    big = n + m + 1
    # weight = (1 anchor, target over url, same kind) compared lexicographically
    kinds: list[list[tuple[int, AlignedBy] | None]] = [[None] * m for _ in range(n)]
    for i, a in enumerate(agent):
        for j, g in enumerate(gold):
            by: AlignedBy
            if a.action_kind in ELEMENT_KINDS and g.action_kind in ELEMENT_KINDS and _same_target(a.target, g.target):
                by = "target"
            elif a_urls[i] & g_urls[j]:
                by = "url"
            else:
                continue
            w = big * big * big + big * big * (by == "target") + big * (a.action_kind == g.action_kind)
            kinds[i][j] = (w, by)
    dp = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        row, prev = dp[i], dp[i - 1]
        for j in range(1, m + 1):
            best = max(prev[j], row[j - 1])
            cell = kinds[i - 1][j - 1]
            if cell is not None:
                best = max(best, prev[j - 1] + cell[0])
            row[j] = best
    out: list[tuple[int, int, AlignedBy]] = []
    i, j = n, m
    while i > 0 and j > 0:
        cell = kinds[i - 1][j - 1]
        if cell is not None and dp[i][j] == dp[i - 1][j - 1] + cell[0]:
            out.append((i - 1, j - 1, cell[1]))
            i, j = i - 1, j - 1
        elif dp[i][j] == dp[i - 1][j]:
            i -= 1
        else:
            j -= 1
    out.reverse()
    return out


def _dtw(agent: Sequence[StepView], gold: Sequence[GoldStepView]) -> list[tuple[int | None, float]]:
    """Per agent step of a segment: (position in `gold` or None, similarity).

    cost[i][j]: best cost of placing agent[:i] against gold[:j]. Moves: leave an
    agent step unaligned (1 - MIN_SIMILARITY), match it with the next gold step
    (1 - similarity), match it with the gold step the previous agent step matched
    (1 - similarity + GOLD_SKIP_COST), or leave a gold step unmatched (GOLD_SKIP_COST).
    """
    n, m = len(agent), len(gold)
    if not m:
        return [(None, 0.0)] * n
    sim = [[step_similarity(a, g) for g in gold] for a in agent]
    skip, eps = 1.0 - MIN_SIMILARITY, GOLD_SKIP_COST
    cost = [[0.0] * (m + 1) for _ in range(n + 1)]
    move = [[0] * (m + 1) for _ in range(n + 1)]  # 0 agent unaligned, 1 new gold, 2 gold unmatched, 3 same gold
    cost[0] = [eps * j for j in range(m + 1)]
    for j in range(1, m + 1):
        move[0][j] = 2
    for i in range(1, n + 1):
        cost[i][0] = cost[i - 1][0] + skip
        for j in range(1, m + 1):
            s = sim[i - 1][j - 1]
            options = []
            if s >= MIN_SIMILARITY:
                options.append((cost[i - 1][j - 1] + 1.0 - s, 1))
            options.append((cost[i - 1][j] + skip, 0))
            options.append((cost[i][j - 1] + eps, 2))
            if s >= MIN_SIMILARITY:
                options.append((cost[i - 1][j] + 1.0 - s + eps, 3))
            cost[i][j], move[i][j] = min(options, key=lambda o: o[0])  # first wins ties
    out: list[tuple[int | None, float]] = [(None, 0.0)] * n
    i, j = n, m
    while i > 0:
        mv = move[i][j] if j > 0 else 0
        if mv == 2:
            j -= 1
            continue
        if mv in (1, 3):
            out[i - 1] = (j - 1, sim[i - 1][j - 1])
        if mv == 1:
            j -= 1
        i -= 1
    return out


def align(agent_steps: Sequence[StepView], gold_steps: Sequence[GoldStepView]) -> list[Alignment]:
    """Align agent steps with gold steps; one `Alignment` per agent step, in input order.

    `gold_index` is the 0-based position in `gold_steps` (which is expected to
    list the gold trajectory in order).
    """
    result = [Alignment(agent_index=s.index) for s in agent_steps]
    live = [k for k, s in enumerate(agent_steps) if s.action_kind is not None]
    agent = [agent_steps[k] for k in live]
    gold = list(gold_steps)
    anchors: list[tuple[int, int, AlignedBy]]
    if agent and gold and agent[-1].action_kind == "stop" and gold[-1].action_kind == "stop":
        anchors = [*_anchors(agent[:-1], gold[:-1]), (len(agent) - 1, len(gold) - 1, "target")]
    else:
        anchors = _anchors(agent, gold)

    def put(pos: int, gold_pos: int, by: AlignedBy, similarity: float) -> None:
        k = live[pos]
        result[k] = Alignment(agent_index=agent_steps[k].index, gold_index=gold_pos, by=by, similarity=similarity)

    prev_a, prev_g = -1, -1
    ends: list[tuple[int, int, AlignedBy]] = [*anchors, (len(agent), len(gold), "dtw")]  # last: a sentinel
    for ai, gi, by in ends:
        seg_a, seg_g = agent[prev_a + 1:ai], gold[prev_g + 1:gi]
        for off, (gpos, s) in enumerate(_dtw(seg_a, seg_g)):
            if gpos is not None:
                put(prev_a + 1 + off, prev_g + 1 + gpos, "dtw", s)
        if ai < len(agent):
            put(ai, gi, by, step_similarity(agent[ai], gold[gi]))
        prev_a, prev_g = ai, gi
    return result
