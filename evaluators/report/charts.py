"""Small inline SVG charts for the HTML report: grouped bars and a scatter.

No plotting dependency: each function returns one self-contained `<svg>` string
(no `xmlns` attribute, which inline SVG in HTML5 does not need, so the page
references no external URL). Every bar and point carries a `<title>` tooltip;
values are fractions in [0, 1] drawn on a 0–100 % axis.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

PALETTE = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
           "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]
FONT = "font-family:system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif"


def color(i: int) -> str:
    """The i-th series colour (cycled)."""
    return PALETTE[i % len(PALETTE)]


def _t(s: object) -> str:
    return escape(str(s), quote=True)


def _pct(v: float) -> str:
    return f"{100 * v:.1f}%"


@dataclass
class Point:
    """One scatter point: a label, x and y in [0, 1], and a tooltip."""

    label: str
    x: float
    y: float
    tooltip: str = ""


def _y_axis(x0: float, y0: float, h: float, width: float, label: str) -> list[str]:
    """Gridlines at 0, 25, ..., 100 % and a rotated axis label."""
    out: list[str] = []
    for k in range(5):
        y = y0 + h - h * k / 4
        out.append(f'<line class="grid" x1="{x0}" y1="{y:.1f}" x2="{x0 + width}" y2="{y:.1f}" '
                   f'stroke="#e3e3e3"/>')
        out.append(f'<text x="{x0 - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11" '
                   f'fill="#555">{25 * k}%</text>')
    out.append(f'<line x1="{x0}" y1="{y0}" x2="{x0}" y2="{y0 + h}" stroke="#888"/>')
    cy = y0 + h / 2
    out.append(f'<text class="axis-label" x="14" y="{cy:.1f}" text-anchor="middle" font-size="12" '
               f'transform="rotate(-90 14 {cy:.1f})">{_t(label)}</text>')
    return out


def _legend(series: Sequence[str], x: float, y: float) -> list[str]:
    """A legend of coloured squares, one line per series."""
    out = ['<g class="legend">']
    for i, name in enumerate(series):
        yy = y + 18 * i
        out.append(f'<rect x="{x}" y="{yy}" width="12" height="12" fill="{color(i)}"/>'
                   f'<text x="{x + 18}" y="{yy + 10}" font-size="12">{_t(name)}</text>')
    out.append("</g>")
    return out


def bar_chart(
    groups: Sequence[str],
    series: Sequence[str],
    values: dict[tuple[str, str], float | None],
    *,
    title: str,
    y_label: str,
    x_label: str = "",
    tooltips: dict[tuple[str, str], str] | None = None,
    errors: dict[tuple[str, str], tuple[float, float]] | None = None,
) -> str:
    """A grouped bar chart: one cluster per group, one bar per series.

    `values[(group, series)]` is a fraction in [0, 1] (missing or None: no bar);
    `errors[(group, series)]` an optional (low, high) interval drawn as a whisker.
    Bars are `<rect class="bar">` elements, each with a `<title>` tooltip.
    """
    tooltips = tooltips or {}
    errors = errors or {}
    n_series = max(1, len(series))
    bar_w = 14 if n_series > 4 else 20
    gap = 18
    group_w = n_series * bar_w + gap
    legend_w = 24 + 7 * max((len(s) for s in series), default=4)
    x0, y0, h = 60, 34, 200
    plot_w = max(220, group_w * max(1, len(groups)))
    longest = max((len(g) for g in groups), default=0)
    rotate = longest * 6.5 > group_w  # long group names: slanted labels
    drop = int(longest * 4.6) if rotate else 0
    width = x0 + plot_w + 24 + legend_w
    height = y0 + h + 70 + drop
    out = [(f'<svg class="chart bar-chart" role="img" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" style="{FONT}">'),
           f'<title>{_t(title)}</title>',
           f'<text x="{x0}" y="18" font-size="14" font-weight="600">{_t(title)}</text>']
    out += _y_axis(x0, y0, h, plot_w, y_label)
    for gi, group in enumerate(groups):
        gx = x0 + gap / 2 + gi * group_w
        for si, name in enumerate(series):
            v = values.get((group, name))
            if v is None:
                continue
            v = min(max(v, 0.0), 1.0)
            bh = h * v
            bx = gx + si * bar_w
            tip = tooltips.get((group, name)) or f"{name} · {group}: {_pct(v)}"
            out.append(f'<rect class="bar" x="{bx:.1f}" y="{y0 + h - bh:.1f}" width="{bar_w - 2}" '
                       f'height="{max(bh, 0.5):.1f}" fill="{color(si)}"><title>{_t(tip)}</title></rect>')
            if (group, name) in errors:
                lo, hi = errors[(group, name)]
                cx = bx + (bar_w - 2) / 2
                ylo, yhi = y0 + h - h * lo, y0 + h - h * hi
                out.append(f'<path class="whisker" d="M{cx:.1f} {ylo:.1f}V{yhi:.1f}M{cx - 3:.1f} {ylo:.1f}'
                           f'h6M{cx - 3:.1f} {yhi:.1f}h6" stroke="#333" fill="none"/>')
        lx = gx + n_series * bar_w / 2
        if rotate:
            ly = y0 + h + 12
            out.append(f'<text x="{lx:.1f}" y="{ly}" text-anchor="end" font-size="11" '
                       f'transform="rotate(-35 {lx:.1f} {ly})">{_t(group)}</text>')
        else:
            out.append(f'<text x="{lx:.1f}" y="{y0 + h + 16}" text-anchor="middle" font-size="11">'
                       f'{_t(group)}</text>')
    out.append(f'<line x1="{x0}" y1="{y0 + h}" x2="{x0 + plot_w}" y2="{y0 + h}" stroke="#888"/>')
    if x_label:
        out.append(f'<text class="axis-label" x="{x0 + plot_w / 2}" y="{y0 + h + 40 + drop}" '
                   f'text-anchor="middle" font-size="12">{_t(x_label)}</text>')
    out += _legend(series, x0 + plot_w + 24, y0)
    out.append("</svg>")
    return "".join(out)


def scatter_chart(
    points: Sequence[Point],
    *,
    title: str,
    x_label: str,
    y_label: str,
    diagonal: bool = True,
) -> str:
    """A scatter of fractions on 0–100 % axes, one coloured `<circle class="point">`
    per point (legend beside), with an optional dashed y = x line."""
    x0, y0, s = 60, 34, 240
    legend_w = 24 + 7 * max((len(p.label) for p in points), default=4)
    width = x0 + s + 30 + legend_w
    height = y0 + s + 56
    out = [(f'<svg class="chart scatter-chart" role="img" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" style="{FONT}">'),
           f'<title>{_t(title)}</title>',
           f'<text x="{x0}" y="18" font-size="14" font-weight="600">{_t(title)}</text>']
    out += _y_axis(x0, y0, s, s, y_label)
    for k in range(5):
        x = x0 + s * k / 4
        out.append(f'<text x="{x:.1f}" y="{y0 + s + 16}" text-anchor="middle" font-size="11" '
                   f'fill="#555">{25 * k}%</text>')
    out.append(f'<line x1="{x0}" y1="{y0 + s}" x2="{x0 + s}" y2="{y0 + s}" stroke="#888"/>')
    out.append(f'<text class="axis-label" x="{x0 + s / 2}" y="{y0 + s + 40}" text-anchor="middle" '
               f'font-size="12">{_t(x_label)}</text>')
    if diagonal:
        out.append(f'<line class="diagonal" x1="{x0}" y1="{y0 + s}" x2="{x0 + s}" y2="{y0}" '
                   f'stroke="#999" stroke-dasharray="4 4"><title>y = x</title></line>')
        out.append(f'<text x="{x0 + s - 4}" y="{y0 + 14}" text-anchor="end" font-size="11" '
                   f'fill="#777">y = x</text>')
    for i, p in enumerate(points):
        cx = x0 + s * min(max(p.x, 0.0), 1.0)
        cy = y0 + s - s * min(max(p.y, 0.0), 1.0)
        tip = p.tooltip or f"{p.label}: x {_pct(p.x)}, y {_pct(p.y)}"
        out.append(f'<circle class="point" cx="{cx:.1f}" cy="{cy:.1f}" r="6" fill="{color(i)}" '
                   f'fill-opacity="0.85" stroke="#333"><title>{_t(tip)}</title></circle>')
    out += _legend([p.label for p in points], x0 + s + 30, y0)
    out.append("</svg>")
    return "".join(out)
