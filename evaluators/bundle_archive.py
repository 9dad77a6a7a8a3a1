"""The bundle's container: a zip archive, written atomically and read defensively.

Zip rather than .tar.gz: each member is compressed (and CRC-checked) on its
own, so a damaged byte is traced to the file it belongs to instead of breaking
the rest of a single compressed stream; members can be read without unpacking
the whole archive; and every operating system opens it without extra tools.
Screenshots (already compressed PNGs) are stored, everything else deflated.

Reading never trusts the archive: member names must be plain relative paths
(no absolute paths, no `..`, no backslashes), members are only read through
the manifest's list, and sizes and counts are bounded.
"""

from __future__ import annotations

import hashlib
import os
import zipfile
import zlib
from pathlib import Path, PurePosixPath
from typing import Self

from evaluators.bundle_models import BundleError, FileEntry

MAX_MEMBERS = 200_000
MAX_TOTAL_BYTES = 8 * 1024**3  # uncompressed, over all members
MAX_JSON_BYTES = 64 * 1024**2  # manifest.json, signature.json, scores.json
STORED_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif")
CHUNK = 1024 * 1024


class MemberError(Exception):
    """A member that cannot be read back intact (bad CRC, bad compressed data, too big)."""


class BundleWriter:
    """Writes a bundle atomically: members go to a temporary file beside `out`, which
    replaces `out` when the `with` block ends without an error (and is removed otherwise).

    The zip's central directory sits at its end, so the manifest can be written
    last, from the hashes of the bytes actually written."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
        self._zip: zipfile.ZipFile | None = None

    def __enter__(self) -> Self:
        self.out.parent.mkdir(parents=True, exist_ok=True)
        self._zip = zipfile.ZipFile(self.tmp, "w", allowZip64=True)
        return self

    def add_bytes(self, name: str, data: bytes) -> FileEntry:
        """Add a member; return its manifest entry."""
        assert self._zip is not None
        compress = zipfile.ZIP_STORED if name.lower().endswith(STORED_SUFFIXES) else zipfile.ZIP_DEFLATED
        self._zip.writestr(name, data, compress_type=compress)
        return FileEntry(path=name, sha256=hashlib.sha256(data).hexdigest(), size=len(data))

    def add_file(self, name: str, path: Path) -> FileEntry:
        """Add a file from disk (read once: the entry describes exactly the bytes stored)."""
        return self.add_bytes(name, path.read_bytes())

    def __exit__(self, exc_type: object, *_: object) -> None:
        assert self._zip is not None
        try:
            self._zip.close()
            if exc_type is None:
                os.replace(self.tmp, self.out)
        finally:
            self.tmp.unlink(missing_ok=True)


def open_bundle(path: Path) -> zipfile.ZipFile:
    """The bundle's zip archive; BundleError when `path` is missing or not a zip archive."""
    if not path.exists():
        raise BundleError(f"{path} does not exist")
    if not path.is_file():
        raise BundleError(f"{path} is not a file")
    try:
        return zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as e:
        raise BundleError(f"{path} is not a submission bundle (not a zip archive: {e})") from None


def unsafe_name(name: str) -> bool:
    """Whether a member name could escape the folder it is extracted into, or is no plain path."""
    if not name or name.startswith("/") or "\\" in name or ":" in name or "\0" in name:
        return True
    parts = PurePosixPath(name).parts
    return any(p in ("", ".", "..") for p in parts) or name.endswith("/")


def archive_problems(zf: zipfile.ZipFile) -> list[str]:
    """What makes the archive unsafe to read: bad names, duplicates, too many or too large members."""
    infos = zf.infolist()
    problems: list[str] = []
    if len(infos) > MAX_MEMBERS:
        problems.append(f"{len(infos)} members (at most {MAX_MEMBERS})")
    total = sum(i.file_size for i in infos)
    if total > MAX_TOTAL_BYTES:
        problems.append(f"{total} bytes uncompressed (at most {MAX_TOTAL_BYTES})")
    bad = [i.filename for i in infos if unsafe_name(i.filename)]
    if bad:
        problems.append(f"unsafe member name {bad[0]!r}")
    names = [i.filename for i in infos]
    dups = sorted({n for n in names if names.count(n) > 1}) if len(set(names)) != len(names) else []
    if dups:
        problems.append(f"member {dups[0]!r} appears twice")
    return problems


def read_member(zf: zipfile.ZipFile, name: str, limit: int = MAX_JSON_BYTES) -> bytes:
    """A small member's bytes; MemberError when it is damaged or over `limit`."""
    info = zf.getinfo(name)
    if info.file_size > limit:
        raise MemberError(f"{name} is {info.file_size} bytes (at most {limit})")
    try:
        return zf.read(info)
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError) as e:
        raise MemberError(f"{name} is damaged ({e})") from None


def copy_member(zf: zipfile.ZipFile, name: str, dest: Path | None) -> tuple[str, int]:
    """(hex SHA-256, size) of a member, copying it to `dest` when given; MemberError when damaged."""
    h, size = hashlib.sha256(), 0
    out = None
    try:
        if dest is not None:
            dest.parent.mkdir(parents=True, exist_ok=True)
            out = dest.open("wb")
        with zf.open(name) as f:
            while block := f.read(CHUNK):
                h.update(block)
                size += len(block)
                if out is not None:
                    out.write(block)
    except (zipfile.BadZipFile, zlib.error, EOFError) as e:
        raise MemberError(f"damaged in the archive ({e})") from None
    finally:
        if out is not None:
            out.close()
    return h.hexdigest(), size
