"""Rows of a database being built: per table, tuples in the table's column order, and ids
counted per table (so that two builds number everything alike)."""

from __future__ import annotations

import sqlite3
from collections import defaultdict


class Rows:
    def __init__(self) -> None:
        self.tables: dict[str, list[tuple]] = defaultdict(list)
        self._ids: dict[str, int] = defaultdict(int)

    def next_id(self, table: str) -> int:
        self._ids[table] += 1
        return self._ids[table]

    def add(self, table: str, *values: object) -> None:
        self.tables[table].append(values)

    def write(self, conn: sqlite3.Connection, order: list[str] | None = None) -> None:
        """Insert every table's rows (in `order` first, for foreign keys)."""
        names = list(order or []) + sorted(t for t in self.tables if t not in (order or []))
        for table in names:
            rows = self.tables.get(table)
            if rows:
                conn.executemany(f"INSERT INTO {table} VALUES ({','.join('?' * len(rows[0]))})", rows)
