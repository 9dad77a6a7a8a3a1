"""Signing bundles: HMAC-SHA256 over the canonical manifest, with the server's key.

The canonical manifest is its JSON with sorted keys, no whitespace and UTF-8
text (`canonical_manifest`). Since the manifest holds the SHA-256 of every file
in the bundle, the one signature covers every byte of the submission.

The key is the hosted server's: a key file (`--key-file`, its content with
surrounding whitespace removed) or the `MAG_SERVER_KEY` environment variable;
at least 16 bytes. A signature names its key by `key_id` (the first 16 hex
digits of a SHA-256 of the key), so a wrong key is told apart from a changed
manifest without revealing the key.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
from pathlib import Path

from evaluators.bundle_models import SIGNATURE_ALGORITHM, BundleError, Manifest, Signature

KEY_ENV = "MAG_SERVER_KEY"
MIN_KEY_BYTES = 16


def canonical_manifest(manifest: Manifest) -> bytes:
    """The bytes that are signed: the manifest as compact JSON with sorted keys."""
    data = manifest.model_dump(mode="json")
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def key_id(key: bytes) -> str:
    """A short public name of a key."""
    return hashlib.sha256(b"mag-bundle-key-id:" + key).hexdigest()[:16]


def sign_manifest(manifest: Manifest, key: bytes) -> Signature:
    mac = hmac.new(key, canonical_manifest(manifest), hashlib.sha256).hexdigest()
    return Signature(algorithm=SIGNATURE_ALGORITHM, key_id=key_id(key), hmac=mac)


def signature_problem(manifest: Manifest, signature: Signature, key: bytes) -> str | None:
    """Why `signature` does not sign `manifest` with `key`; None when it does."""
    if signature.key_id != key_id(key):
        return (f"signed with another key (key id {signature.key_id}; the key given has id {key_id(key)})")
    expected = sign_manifest(manifest, key).hmac
    if not hmac.compare_digest(expected, signature.hmac):
        return "the signature does not match the manifest: the manifest was changed after signing"
    return None


def load_key(key_file: Path | None = None) -> bytes | None:
    """The server key from `key_file`, else from `MAG_SERVER_KEY`; None when neither is given."""
    if key_file is not None:
        try:
            key = key_file.read_bytes().strip()
        except OSError as e:
            raise BundleError(f"cannot read the key file {key_file}: {e.strerror or e}") from None
        source = str(key_file)
    elif os.environ.get(KEY_ENV):
        key, source = os.environ[KEY_ENV].strip().encode("utf-8"), KEY_ENV
    else:
        return None
    if len(key) < MIN_KEY_BYTES:
        raise BundleError(f"the key in {source} is too short ({len(key)} bytes; at least {MIN_KEY_BYTES})")
    return key
