"""Does each declared distractor exist in its site's seed? (`mag tasks stats`)

A distractor with `sql` exists when its SELECT returns a row on the site's seed (the read-only
content database attached as `content`, as the site itself sees it). Without `sql`, it exists
when some text column of some table of the seed or of the content database holds its name
exactly (one scan per table, every text column compared). The seed of a site that serves
another site's database (the shop admin) is that site's. A seed that cannot be built or read,
or a query that fails, leaves the distractor undecided (`exists` None, with a note).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import quote

from mag_core.task_design import Distractor
from mag_core.tasks import Task
from mag_mcp.tasks.stats.observed import DistractorRecord, Observed
from mag_mcp.tasks.stats.world_keys import distractor_id, world_key


def _connect(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{quote(path.resolve().as_posix())}?mode=ro", uri=True)


def seed_files(site: str) -> tuple[Path, Path | None]:
    """The site's seed and content databases (built into MAG's home if missing)."""
    from mag_mcp.sites.base import SiteStateStore
    from mag_mcp.sites.registry import site_spec

    spec = site_spec(site)
    store = SiteStateStore(site_spec(spec.state_owner or site))
    return store.seed_path, store.content_path


def _text_columns(conn: sqlite3.Connection, schema: str) -> dict[str, list[str]]:
    tables = [r[0] for r in conn.execute(
        f"SELECT name FROM {schema}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    out: dict[str, list[str]] = {}
    for table in tables:
        cols = [r[1] for r in conn.execute(f'PRAGMA {schema}.table_info("{table}")')
                if not r[2] or "CHAR" in r[2].upper() or "TEXT" in r[2].upper() or "CLOB" in r[2].upper()]
        if cols:
            out[table] = cols
    return out


def name_exists(conn: sqlite3.Connection, name: str, schemas: list[str]) -> bool:
    for schema in schemas:
        for table, cols in _text_columns(conn, schema).items():
            where = " OR ".join(f'"{c}" = ?' for c in cols)
            if conn.execute(f'SELECT 1 FROM {schema}."{table}" WHERE {where} LIMIT 1', [name] * len(cols)).fetchone():
                return True
    return False


def check_distractor(d: Distractor) -> DistractorRecord:
    world = world_key([d.site])
    try:
        seed, content = seed_files(d.site)
    except Exception as e:  # noqa: BLE001 - a site whose seed cannot be built cannot tell
        return DistractorRecord(world=world, exists=None, note=f"the seed of {d.site} is unavailable: {e}"[:300])
    conn = _connect(seed)
    try:
        schemas = ["main"]
        if content is not None:
            conn.execute("ATTACH DATABASE ? AS content", (f"file:{quote(content.resolve().as_posix())}?mode=ro",))
            schemas.append("content")
        if d.sql is not None:
            found = conn.execute(d.sql, d.params).fetchone() is not None
            return DistractorRecord(world=world, exists=found, note="" if found else "the query returns no row")
        found = name_exists(conn, d.name, schemas)
        return DistractorRecord(world=world, exists=found, note="" if found else "no text column holds this name")
    except sqlite3.Error as e:
        return DistractorRecord(world=world, exists=None, note=f"query failed: {e}"[:300])
    finally:
        conn.close()


def refresh_distractors(tasks: list[Task], observed: Observed) -> int:
    """Check every declared distractor whose record is missing or not current; returns how many."""
    done = 0
    for t in tasks:
        for d in t.mag.distractors if t.mag else []:
            key = distractor_id(d)
            rec = observed.distractor(key)
            if rec is None or rec.world != world_key([d.site]):
                observed.distractors[key] = check_distractor(d)
                done += 1
    return done
