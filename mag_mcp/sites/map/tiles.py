"""The map's own tile server: ``GET /tile/<layer>/<z>/<x>/<y>.svg``, 256-pixel SVG tiles
numbered as OpenStreetMap's, drawn from the seeded world by `draw` and cached.

Layers are the base maps of `style.STYLES` plus ``gps`` (the public GPS traces, a
transparent overlay). A tile is drawn once per content database: kept on disk under the
store's ``tiles/<content database>/`` folder (written atomically, so concurrent servers
share it) and the most recent few hundred in memory; browsers may keep them an hour.
Zooms 12..19 exist; any other tile number is a 404.
"""

from __future__ import annotations

import json
import os
import threading
from collections import OrderedDict
from pathlib import Path

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from ..base import db
from .draw import Frame, draw_frame, svg_document, trace_lines
from .geo import TILE_SIZE, to_xy
from .mapdata import MapData, map_data
from .style import STYLES

MIN_ZOOM, MAX_ZOOM = 12, 19
CACHE_HEADERS = {"Cache-Control": "public, max-age=3600"}
_MEMORY: OrderedDict[tuple, bytes] = OrderedDict()
_MEMORY_MAX = 600
_LOCK = threading.Lock()
_TRACES: dict[int, list[list[tuple[float, float]]]] = {}


def tile_url(layer: str = "standard") -> str:
    """The URL template the page's map script fills in."""
    return f"/tile/{layer}/{{z}}/{{x}}/{{y}}.svg"


def render_tile(data: MapData, layer: str, z: int, x: int, y: int, traces: list | None = None) -> bytes:
    f = Frame(z, x * TILE_SIZE, y * TILE_SIZE, TILE_SIZE, TILE_SIZE)
    if layer == "gps":
        return svg_document(f, trace_lines(traces or [], f)).encode()
    return svg_document(f, draw_frame(data, STYLES[layer], f)).encode()


def _traces(data: MapData, request: Request) -> list[list[tuple[float, float]]]:
    with _LOCK:
        if id(data) not in _TRACES:
            rows = db(request).execute("SELECT points FROM traces WHERE visibility = 'public' ORDER BY id").fetchall()
            _TRACES.clear()
            _TRACES[id(data)] = [[to_xy(la, lo) for la, lo in json.loads(r[0])] for r in rows]
        return _TRACES[id(data)]


def tile(request: Request) -> Response:
    pp = request.path_params
    layer = pp["layer"]
    try:
        z, x, y = int(pp["z"]), int(pp["x"]), int(pp["y"])
    except ValueError:
        return PlainTextResponse("Tile numbers must be integers.", status_code=404)
    if (layer not in STYLES and layer != "gps") or not (MIN_ZOOM <= z <= MAX_ZOOM) or not (
            0 <= x < 2 ** z and 0 <= y < 2 ** z):
        return PlainTextResponse("No such tile.", status_code=404)
    key = (request.app.state.content_key, layer, z, x, y)
    with _LOCK:
        body = _MEMORY.get(key)
        if body is not None:
            _MEMORY.move_to_end(key)
    if body is None:
        path = Path(request.app.state.tiles_dir) / layer / str(z) / str(x) / f"{y}.svg"
        try:
            body = path.read_bytes()
        except OSError:
            data = map_data(db(request), request.app.state.content_key)
            body = render_tile(data, layer, z, x, y, _traces(data, request) if layer == "gps" else None)
            _store(path, body)
        with _LOCK:
            _MEMORY[key] = body
            while len(_MEMORY) > _MEMORY_MAX:
                _MEMORY.popitem(last=False)
    return Response(body, media_type="image/svg+xml", headers=CACHE_HEADERS)


def _store(path: Path, body: bytes) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        tmp.write_bytes(body)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only or full disk: the tile is drawn again next time
