"""Who is writing into a runs directory: one locked file per live writing process.

A process that writes transcripts under RUNS_DIR holds an exclusive `flock` on
`RUNS_DIR/.writers/<id>.lock` for as long as it lives. The kernel drops the lock when
the process ends, however it ends (SIGKILL included), so "can I take this lock?" tells
a dead writer from a live one without trusting pids, clocks or heartbeats. The id goes
into every transcript header the process writes; start-up recovery
(`mag_mcp.env.recovery`) finalizes an unfinished transcript only when its writer's lock
is free, and so never touches the episodes of another server still running on the same
runs directory. This relies on `flock` working on the runs directory's file system
(local disks do; NFS v4 does through its lock manager).
"""

from __future__ import annotations

import atexit
import fcntl
import json
import os
import re
import secrets
import socket
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

WRITERS_DIR = ".writers"
RECOVERY_LOCK = "recovery.lock"
_ID = re.compile(r"^[A-Za-z0-9_.-]{1,120}$")

WriterState = Literal["alive", "gone"]


@dataclass
class _Held:
    id: str
    path: Path
    fd: int


_held: dict[Path, _Held] = {}  # resolved runs dir -> this process's lock there
_guard = threading.Lock()


def writers_dir(runs_dir: Path) -> Path:
    return runs_dir / WRITERS_DIR


def writer_id(runs_dir: Path) -> str:
    """This process's writer id for `runs_dir`, taking its lock on first use."""
    key = runs_dir.resolve()
    with _guard:
        held = _held.get(key)
        if held is None:
            held = _claim(key)
            _held[key] = held
        return held.id


def own_ids() -> set[str]:
    with _guard:
        return {h.id for h in _held.values()}


def _claim(runs_dir: Path) -> _Held:
    folder = writers_dir(runs_dir)
    folder.mkdir(parents=True, exist_ok=True)
    host = re.sub(r"[^A-Za-z0-9_.-]", "_", socket.gethostname())[:40] or "host"
    ident = f"{host}-{os.getpid()}-{secrets.token_hex(4)}"
    path = folder / f"{ident}.lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a fresh name: nobody else holds it
    info = {"pid": os.getpid(), "host": socket.gethostname(), "since": datetime.now(UTC).isoformat(timespec="seconds")}
    os.write(fd, json.dumps(info).encode())
    return _Held(ident, path, fd)


def writer_state(runs_dir: Path, ident: str) -> WriterState:
    """Whether the process that wrote under `ident` still runs: its lock file is held.
    A missing lock file means the writer ended (its lock was released or cleaned up)."""
    if ident in own_ids():
        return "alive"
    if not _ID.match(ident):
        return "gone"  # not an id this module makes: nobody can be holding it
    path = writers_dir(runs_dir) / f"{ident}.lock"
    try:
        fd = os.open(path, os.O_RDWR | os.O_CLOEXEC)
    except FileNotFoundError:
        return "gone"
    except OSError:
        return "alive"  # unreadable (another user's?): assume the worst, touch nothing
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return "alive"
    finally:
        os.close(fd)  # closing drops the lock we may have taken
    return "gone"


def remove_gone_writers(runs_dir: Path) -> int:
    """Delete the lock files of writers that are gone; returns how many."""
    folder = writers_dir(runs_dir)
    if not folder.is_dir():
        return 0
    removed = 0
    for path in folder.glob("*.lock"):
        ident = path.name.removesuffix(".lock")
        if path.name == RECOVERY_LOCK or writer_state(runs_dir, ident) == "alive":
            continue
        try:
            path.unlink()
            removed += 1
        except FileNotFoundError:
            pass
    return removed


class RecoveryLock:
    """Exclusive while one process recovers a runs directory (two servers starting together
    must not both finalize the same episode). Blocking: use it in a worker thread."""

    def __init__(self, runs_dir: Path) -> None:
        self.path = writers_dir(runs_dir) / RECOVERY_LOCK
        self.fd: int | None = None

    def __enter__(self) -> RecoveryLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        fcntl.flock(self.fd, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


@atexit.register
def _release_all() -> None:
    """On a normal exit, remove this process's lock files (a killed process leaves them, unlocked,
    for the next recovery to remove)."""
    with _guard:
        for held in _held.values():
            try:
                held.path.unlink()
                os.close(held.fd)
            except OSError:
                pass
        _held.clear()
