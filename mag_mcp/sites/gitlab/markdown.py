"""A tiny, safe Markdown renderer (stdlib only) for READMEs, issues, merge requests and comments.

Everything is HTML-escaped first, so raw HTML in the source shows as text: no
script or style ever reaches the page. Supported: ATX headings, paragraphs,
fenced code blocks (```lang), indented code is not, bullet and numbered lists
(one level), block quotes, horizontal rules, simple pipe tables, and inline
`code`, **bold**, *italic* / _italic_, [links](url) (http, https, mailto and
site-relative URLs only), bare http(s) URLs, @mentions and #issue references
(when a base URL for issues is given).
"""

from __future__ import annotations

import html
import re

_FENCE = re.compile(r"^```\s*([\w+-]*)\s*$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^\s{0,3}[-*+]\s+(.*)$")
_NUMBERED = re.compile(r"^\s{0,3}\d+[.)]\s+(.*)$")
_RULE = re.compile(r"^\s{0,3}([-*_])(\s*\1){2,}\s*$")
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")

_CODE_SPAN = re.compile(r"`([^`]+)`")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])|(?<![\w_])_(?!\s)(.+?)(?<!\s)_(?![\w_])")
_URL = re.compile(r"(?<![\"'=>\w])(https?://[^\s<]+[^\s<.,;:!?)\]'\"])")
_MENTION = re.compile(r"(?<![\w/@.])@([A-Za-z0-9_][A-Za-z0-9_.-]*[A-Za-z0-9_])")
_ISSUE_REF = re.compile(r"(?<![\w&/#])#(\d+)\b")


def slug(text: str) -> str:
    """GitLab-style heading anchor."""
    return re.sub(r"[^\w\- ]", "", text.lower()).strip().replace(" ", "-")


def _safe_url(url: str) -> str | None:
    raw = html.unescape(url)
    if raw.startswith(("http://", "https://", "mailto:", "/", "#")) or re.match(r"^[\w.\-/]+$", raw):
        return url
    return None


def inline(text: str, issue_base: str | None = None) -> str:
    """Render one line of inline Markdown (the input is raw text)."""
    out = html.escape(text, quote=True)
    stash: list[str] = []

    def keep(fragment: str) -> str:
        stash.append(fragment)
        return f"\x00{len(stash) - 1}\x00"

    out = _CODE_SPAN.sub(lambda m: keep(f"<code>{m.group(1)}</code>"), out)

    def link(m: re.Match) -> str:
        url = _safe_url(m.group(2))
        if url is None:
            return m.group(0)
        return keep(f'<a href="{url}" rel="nofollow noreferrer noopener">{m.group(1)}</a>')

    out = _LINK.sub(link, out)
    out = _URL.sub(lambda m: keep(f'<a href="{m.group(1)}" rel="nofollow noreferrer noopener">{m.group(1)}</a>'), out)
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    out = _ITALIC.sub(lambda m: f"<em>{m.group(1) or m.group(2)}</em>", out)
    out = _MENTION.sub(lambda m: keep(f'<a class="gfm gfm-project_member" href="/{m.group(1)}">@{m.group(1)}</a>'), out)
    if issue_base:
        out = _ISSUE_REF.sub(
            lambda m: keep(f'<a class="gfm gfm-issue" href="{issue_base}/{m.group(1)}">#{m.group(1)}</a>'), out
        )
    while "\x00" in out:
        out = re.sub(r"\x00(\d+)\x00", lambda m: stash[int(m.group(1))], out)
    return out


def _cells(line: str) -> list[str]:
    line = line.strip()
    line = line.removeprefix("|")
    line = line.removesuffix("|")
    return [c.strip() for c in line.split("|")]


def render(source: str, issue_base: str | None = None) -> str:
    """Markdown source -> safe HTML."""
    lines = (source or "").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out: list[str] = []
    para: list[str] = []
    i = 0

    def flush() -> None:
        if para:
            out.append("<p>" + "<br>\n".join(inline(p, issue_base) for p in para) + "</p>")
            para.clear()

    while i < len(lines):
        line = lines[i]
        fence = _FENCE.match(line)
        if fence:
            flush()
            lang = fence.group(1)
            body = []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            i += 1
            cls = f' class="language-{html.escape(lang)}"' if lang else ""
            out.append('<div class="markdown-code-block">'
                       f'<pre class="code highlight"><code{cls}>' + html.escape("\n".join(body)) + "</code></pre>"
                       '<button class="btn btn-default btn-sm copy-code" type="button" title="Copy code" disabled>'
                       '<span class="sr-only">Copy code</span></button></div>')
            continue
        if not line.strip():
            flush()
            i += 1
            continue
        heading = _HEADING.match(line)
        if heading:
            flush()
            level = len(heading.group(1))
            text = heading.group(2)
            out.append(f'<h{level} id="{slug(text)}">{inline(text, issue_base)}'
                       f'<a class="anchor" href="#{slug(text)}" aria-hidden="true" tabindex="-1"></a></h{level}>')
            i += 1
            continue
        if _RULE.match(line):
            flush()
            out.append("<hr>")
            i += 1
            continue
        if line.lstrip().startswith(">"):
            flush()
            quoted = []
            while i < len(lines) and lines[i].lstrip().startswith(">"):
                quoted.append(lines[i].lstrip()[1:].lstrip())
                i += 1
            out.append("<blockquote>" + render("\n".join(quoted), issue_base) + "</blockquote>")
            continue
        if "|" in line and i + 1 < len(lines) and _TABLE_SEP.match(lines[i + 1]):
            flush()
            head = _cells(line)
            i += 2
            rows = []
            while i < len(lines) and "|" in lines[i] and lines[i].strip():
                rows.append(_cells(lines[i]))
                i += 1
            t = ["<table><thead><tr>"] + [f"<th>{inline(c, issue_base)}</th>" for c in head] + ["</tr></thead><tbody>"]
            for r in rows:
                t.append("<tr>" + "".join(f"<td>{inline(c, issue_base)}</td>" for c in r) + "</tr>")
            t.append("</tbody></table>")
            out.append("".join(t))
            continue
        for pattern, tag in ((_BULLET, "ul"), (_NUMBERED, "ol")):
            if pattern.match(line):
                flush()
                items = []
                while i < len(lines) and pattern.match(lines[i]):
                    text = pattern.match(lines[i]).group(1)
                    i += 1
                    # lazy continuation lines
                    while (
                        i < len(lines)
                        and lines[i].startswith("  ")
                        and lines[i].strip()
                        and not _BULLET.match(lines[i])
                        and not _NUMBERED.match(lines[i])
                    ):
                        text += " " + lines[i].strip()
                        i += 1
                    task = re.match(r"^\[([ xX])\]\s+(.*)$", text)
                    if task:
                        checked = " checked" if task.group(1) != " " else ""
                        items.append(
                            f'<li class="task-list-item"><input type="checkbox" disabled{checked}'
                            f' aria-label="Task done"> {inline(task.group(2), issue_base)}</li>'
                        )
                    else:
                        items.append(f"<li>{inline(text, issue_base)}</li>")
                out.append(f"<{tag}>" + "".join(items) + f"</{tag}>")
                break
        else:
            para.append(line.strip())
            i += 1
    flush()
    return "\n".join(out)


def first_paragraph_text(source: str) -> str:
    """Plain text of the first paragraph (for previews)."""
    for block in (source or "").split("\n\n"):
        block = block.strip()
        if block and not block.startswith(("#", "```", "|", ">")):
            return re.sub(r"[*_`]", "", " ".join(block.split()))
    return ""
