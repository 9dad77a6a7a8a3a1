"""The state navbox ({{Oregon}}) at the foot of the articles on the state's places.

On Wikipedia every town, county and geographic feature of a state ends with the state's
navigation box: its counties, its largest cities and its rivers, lakes, mountains, islands
and parks. Here it is built from the wiki's own articles (population from the infoboxes),
collapsed, as Wikipedia's navboxes are ("autocollapse") when the page has another navbox.
"""

from __future__ import annotations

from html import escape

from .markup import article_url

STATE = "Oregon"
# article kinds that carry the state navbox
KINDS = {"city", "town", "county", "river", "lake", "mountain", "island", "park"}
LARGEST = 25
_GROUPS = (("Rivers", "river"), ("Lakes", "lake"), ("Mountains", "mountain"), ("Islands", "island"),
           ("Parks", "park"))


def _link(title: str, label: str | None = None, current: str = "") -> str:
    label = label or title
    if title == current:
        return f'<b class="mw-selflink">{escape(label)}</b>'
    return f'<a href="{escape(article_url(title))}" title="{escape(title)}">{escape(label)}</a>'


def _population(value: str) -> int:
    digits = "".join(ch for ch in value.split("(")[0] if ch.isdigit())
    return int(digits) if digits else 0


def db_key(conn) -> str:
    """The content database behind `conn` (the main one where none is attached): the key of what
    is cached from it, which never changes once built. Not the episode's own database: every
    episode has one, and a key per episode would grow the caches with every reset."""
    files = {name: path for _, name, path in conn.execute("PRAGMA database_list")}
    return files.get("content") or files.get("main", "")


_CACHE: dict[str, list[tuple[str, list[tuple[str, str]]]]] = {}


def _groups(conn) -> list[tuple[str, list[tuple[str, str]]]]:
    """(group, [(title, label)]) of the navbox, read once per content database."""
    key = db_key(conn)
    if key not in _CACHE:
        counties = [r[0] for r in conn.execute("SELECT title FROM articles WHERE kind = 'county' ORDER BY title")]
        groups = [("Counties", [(t, t.removesuffix(f", {STATE}")) for t in counties])]
        places = conn.execute("SELECT a.title, r.value_html FROM articles a JOIN infobox_rows r ON r.article_id = a.id "
                              "WHERE a.kind IN ('city', 'town') AND r.label LIKE 'Population%'").fetchall()
        largest = sorted(places, key=lambda r: -_population(r[1]))[:LARGEST]
        groups.append(("Largest cities", [(t, t.removesuffix(f", {STATE}")) for t, _ in largest]))
        for label, k in _GROUPS:
            titles = [r[0] for r in conn.execute("SELECT title FROM articles WHERE kind = ? ORDER BY title LIMIT 80",
                                                 (k,))]
            if titles:
                groups.append((label, [(t, t) for t in titles]))
        _CACHE[key] = groups
    return _CACHE[key]


def state_navbox(conn, title: str, kind: str, collapsed: bool) -> str:
    """The navbox's HTML for the article `title`, or "" when its kind does not carry it."""
    if kind not in KINDS:
        return ""
    rows = "".join(f'<tr><th scope="row" class="navbox-group">{label}</th><td class="navbox-list"><ul>'
                   + "".join(f"<li>{_link(t, lab, title)}</li>" for t, lab in items) + "</ul></td></tr>"
                   for label, items in _groups(conn))
    head = _link(STATE, f"State of {STATE}", title)
    return (f'<details class="navbox-collapsible"{"" if collapsed else " open"}>'
            f'<summary class="navbox-title navbox-summary"><span class="navbox-toggle" aria-hidden="true"></span>'
            f'{head}</summary><table class="navbox" aria-label="State of {STATE}"><tbody>{rows}</tbody></table>'
            f'</details>')
