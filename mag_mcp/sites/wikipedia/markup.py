"""A tiny wiki markup: ``[[Title]]``, ``[[Title|anchor]]``, ``'''bold'''``, ``''italic''`` and ``[#n]``.

The seed writes every article in this markup and renders it once, at build
time, to HTML (for the pages) and to plain text (for search, word counts and
checkers). Links resolve through a title index (article titles and redirects);
an unknown target is an error, so the seed never holds a dead internal link.
``[#n]`` is a footnote marker for the article's reference ``n``: a superscript
link to ``#cite_note-n`` in HTML (each marker with its own ``cite_ref`` id, for
the references list's back-links), nothing in the plain text.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

BOOK = "wikipedia_en_all_maxi_2022-05"
ARTICLE_PREFIX = f"/{BOOK}/A/"

LINK_RE = re.compile(r"\[\[([^\[\]|]+)(?:\|([^\[\]]+))?\]\]")
BOLD_RE = re.compile(r"'''(.+?)'''")
ITALIC_RE = re.compile(r"''(.+?)''")
REF_RE = re.compile(r"\[#(\d+)\]")


def slug_of(title: str) -> str:
    """The URL form of a title: spaces become underscores (as on Wikipedia and in Kiwix)."""
    return title.strip().replace(" ", "_")


def title_of(slug: str) -> str:
    return slug.replace("_", " ").strip()


def article_url(title: str, anchor: str | None = None) -> str:
    url = ARTICLE_PREFIX + quote(slug_of(title), safe="/:'(),!*")
    return url + (f"#{quote(slug_of(anchor), safe='')}" if anchor else "")


@dataclass(frozen=True)
class Link:
    target: str  # the canonical article title
    anchor: str  # the visible text


def _inline(text: str, resolve: Callable[[str], str], links: list[Link],
            refs: dict[int, int] | None = None) -> tuple[str, str]:
    """Render one piece of markup: (html, plain text). Bold and italic may span links.
    `refs` counts the markers met per reference (for unique ids); None leaves ``[#n]`` as text."""
    link_html: list[str] = []
    link_text: list[str] = []
    if refs is not None and "[#" in text:
        def ref(m: re.Match) -> str:
            n = int(m.group(1))
            k = refs.get(n, 0)
            refs[n] = k + 1
            link_html.append(f'<sup class="reference" id="cite_ref-{n}-{k}"><a href="#cite_note-{n}">[{n}]</a></sup>')
            link_text.append("")
            return f"\x00{len(link_html) - 1}\x00"

        text = REF_RE.sub(ref, text)

    def sub(m: re.Match) -> str:
        target = resolve(m.group(1).strip())
        anchor = (m.group(2) or m.group(1)).strip()
        links.append(Link(target, _strip_format(anchor)))
        link_html.append(f'<a href="{html.escape(article_url(target))}" title="{html.escape(target)}">'
                         f"{_format(html.escape(anchor, quote=False))}</a>")
        link_text.append(_strip_format(anchor))
        return f"\x00{len(link_html) - 1}\x00"

    marked = LINK_RE.sub(sub, text)
    out_html = _format(html.escape(marked, quote=False))
    out_text = _strip_format(marked)
    out_html = _TOKEN_RE.sub(lambda m: link_html[int(m.group(1))], out_html)
    out_text = _TOKEN_RE.sub(lambda m: link_text[int(m.group(1))], out_text)
    return out_html, out_text


_TOKEN_RE = re.compile("\x00(\\d+)\x00")


def _format(escaped: str) -> str:
    escaped = BOLD_RE.sub(r"<b>\1</b>", escaped)
    return ITALIC_RE.sub(r"<i>\1</i>", escaped)


def _strip_format(text: str) -> str:
    return ITALIC_RE.sub(r"\1", BOLD_RE.sub(r"\1", text))


_QUOTED_RE = re.compile(r"(&quot;|\")(.+?)(&quot;|\")")
_DATE_RE = re.compile(r"\b((?:January|February|March|April|May|June|July|August|September|October|November|"
                      r"December) \d{1,2}, \d{4})")


def _cite_spans(h: str) -> str:
    """A citation's HTML with its title and dates marked up as Wikipedia's citation templates do."""
    h = _QUOTED_RE.sub(r'<span class="cs1-title">"\2"</span>', h, count=1)
    return _DATE_RE.sub(r'<span class="cs1-date">\1</span>', h)


class Renderer:
    """Renders markup against a title index and collects the links it met."""

    def __init__(self, resolve: Callable[[str], str]) -> None:
        self.resolve = resolve
        self.links: list[Link] = []
        self.refs: dict[int, int] = {}  # reference number -> markers met so far

    def inline(self, text: str) -> tuple[str, str]:
        return _inline(text, self.resolve, self.links, self.refs)

    def references(self, citations: list[str]) -> tuple[str, str]:
        """The references list: one item per citation, with back-links to its markers."""
        if not citations:
            return "", ""
        hs, ts = [], []
        for n, c in enumerate(citations, start=1):
            h, t = _inline(c, self.resolve, self.links)
            uses = self.refs.get(n, 0)
            if uses == 1:
                back = f'<a href="#cite_ref-{n}-0" aria-label="Jump up to the text">^</a>'
            else:
                back = "^ " + " ".join(f'<a href="#cite_ref-{n}-{k}" aria-label="Jump up to use {k + 1}">'
                                       f"{chr(97 + k) if k < 26 else k}</a>" for k in range(uses))
            hs.append(f'<li id="cite_note-{n}"><span class="mw-cite-backlink">{back}</span> '
                      f'<span class="reference-text"><cite class="citation">{_cite_spans(h)}</cite></span></li>')
            ts.append(f"{n}. {t}")
        return '<ol class="references">' + "".join(hs) + "</ol>", "\n".join(ts)

    def paragraphs(self, paras: list[str]) -> tuple[str, str]:
        hs, ts = [], []
        for p in paras:
            h, t = self.inline(p)
            hs.append(f"<p>{h}</p>")
            ts.append(t)
        return "\n".join(hs), "\n\n".join(ts)

    def items(self, items: list[str]) -> tuple[str, str]:
        if not items:
            return "", ""
        hs, ts = [], []
        for it in items:
            h, t = self.inline(it)
            hs.append(f"<li>{h}</li>")
            ts.append(t)
        return "<ul>\n" + "\n".join(hs) + "\n</ul>", "\n".join(ts)

    def table(self, headers: list[str], rows: list[list[str]], caption: str = "") -> tuple[str, str]:
        if not rows:
            return "", ""
        head = "".join(f'<th scope="col">{self.inline(h)[0]}</th>' for h in headers)
        body, text = [], []
        for row in rows:
            cells = [self.inline(c) for c in row]
            body.append("<tr>" + "".join(f"<td>{h}</td>" for h, _ in cells) + "</tr>")
            text.append(" – ".join(t for _, t in cells))
        cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
        return (f'<table class="wikitable">{cap}<thead><tr>{head}</tr></thead><tbody>' + "".join(body)
                + "</tbody></table>", "\n".join(text))
