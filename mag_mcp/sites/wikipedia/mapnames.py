"""Names of places the map shows in Port Alder, for the wiki's list articles.

The map keeps its named places in `map.places_data`; this module reads the few
lists the wiki needs, tolerating a list the map no longer has (it then yields
nothing, and the wiki simply has no such list article), so the wiki keeps
building while the map changes. Only names and the map's own tags (a hotel's
stars, a bank's name) are used: where a place is, the map says.
"""

from __future__ import annotations

from importlib import import_module


def _names(attr: str) -> tuple:
    try:
        data = import_module("mag_mcp.sites.map.places_data")
    except ImportError:
        return ()
    value = getattr(data, attr, ())
    return tuple(value) if isinstance(value, (tuple, list)) else ()


def hotels() -> list[tuple[str, str]]:
    out = []
    for x in _names("HOTELS"):
        if isinstance(x, tuple) and len(x) >= 2:
            out.append((str(x[0]), f"{x[1]}-star hotel"))
        elif isinstance(x, str):
            out.append((x, "hotel"))
    return out


def schools() -> list[tuple[str, str]]:
    return [(str(x), "school") for x in _names("SCHOOLS") if isinstance(x, str)] + \
        [(str(x), "preschool") for x in _names("KINDERGARTENS") if isinstance(x, str)]


def parks() -> list[tuple[str, str]]:
    return [(str(x), "city park") for x in _names("PARKS") if isinstance(x, str)]


def banks() -> list[tuple[str, str]]:
    return [(str(x), "bank branch") for x in _names("BANKS") if isinstance(x, str)]
