"""An officeholder's article as Wikipedia lays it out ({{Infobox officeholder}}, succession boxes).

The infobox rows stored for a person list each office as "Mayor of [[Town]] (1958–1963)".
Wikipedia's officeholder infobox shows the offices first, one block each (the office, "In
office", "Preceded by", "Succeeded by"), then "Personal details"; the article ends with a
succession box and the "Mayors of Town" navbox. The predecessors and successors are the
other articles' holders of the same single-seat office (a town's mayor), by term start.
"""

from __future__ import annotations

import re
from html import escape

from .markup import article_url
from .navbox_state import db_key

_TERM = re.compile(r"^(?P<office>.+?) \((?P<start>\d{4})\s*[–-]\s*(?P<end>[^)]*)\)$")
_MAYOR = re.compile(r"^Mayor of (<a [^>]*>(?P<town>[^<]+)</a>)$")


def _link(title: str) -> str:
    return f'<a href="{escape(article_url(title))}" title="{escape(title)}">{escape(title)}</a>'


_HOLDERS: dict[str, dict[str, list[tuple[int, str, str]]]] = {}


def _holders(conn, office: str) -> list[tuple[int, str, str]]:
    """(start, end, title) of every holder of `office`, by start of term (all offices read once
    per content database)."""
    key = db_key(conn)
    if key not in _HOLDERS:
        table: dict[str, list[tuple[int, str, str]]] = {}
        for value, title in conn.execute(
                "SELECT r.value_html, a.title FROM infobox_rows r JOIN articles a ON a.id = r.article_id "
                "WHERE r.label = 'Office'"):
            m = _TERM.match(value)
            if m:
                table.setdefault(m["office"], []).append((int(m["start"]), m["end"], title))
        _HOLDERS[key] = {k: sorted(v) for k, v in table.items()}
    return _HOLDERS[key].get(office, [])


def officeholder(conn, title: str, rows) -> dict | None:
    """The infobox rows regrouped as an officeholder's, the succession box and the mayors' navboxes;
    None when the article's infobox lists no office."""
    offices = [r for r in rows if r["label"] == "Office" and _TERM.match(r["value_html"])]
    if not offices:
        return None
    infobox: list[dict] = []
    succession: list[dict] = []
    navboxes: list[dict] = []
    for r in offices:
        m = _TERM.match(r["value_html"])
        office, start, end = m["office"], int(m["start"]), m["end"]
        infobox.append({"header": office})
        infobox.append({"label": "In office", "value_html": f"{start} – {escape(end) or 'present'}"})
        mayor = _MAYOR.match(office)
        if not mayor:
            continue
        holders = _holders(conn, office)
        i = next((k for k, h in enumerate(holders) if h[2] == title and h[0] == start), None)
        if i is None:
            continue
        before = holders[i - 1][2] if i > 0 else None
        after = holders[i + 1][2] if i + 1 < len(holders) else None
        if before:
            infobox.append({"label": "Preceded by", "value_html": _link(before)})
        if after:
            infobox.append({"label": "Succeeded by", "value_html": _link(after)})
        succession.append({"office": office, "term": f"{start}–{end}",
                           "before": _link(before) if before else "", "after": _link(after) if after else ""})
        navboxes.append({"title": f"Mayors of {mayor['town']}", "town": mayor.group(1),
                         "holders": [(_link(t) if t != title else f"<b>{escape(t)}</b>", f"{s}–{e}")
                                     for s, e, t in holders]})
    infobox.append({"header": "Personal details"})
    infobox += [{"label": r["label"], "value_html": r["value_html"]} for r in rows if r not in offices]
    return {"infobox": infobox, "succession": succession, "mayor_navboxes": navboxes}
