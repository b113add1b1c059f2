"""A content-addressed folder of fetched files: the same bytes are stored once."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from arxref.domain import Blob, BlobKind


def put_blob(blob_dir: Path, data: bytes, kind: BlobKind) -> Blob:
    """Store bytes under their SHA-256 (atomic rename, so a crash never leaves half a file)."""
    digest = hashlib.sha256(data).hexdigest()
    path = blob_path(blob_dir, digest)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".incoming-")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    return Blob(kind=kind, sha256=digest, path=str(path), size=len(data))


def blob_path(blob_dir: Path, sha256: str) -> Path:
    """Where the blob with this digest lives (two-level fan-out keeps folders small)."""
    return blob_dir / sha256[:2] / sha256


def read_blob(blob: Blob) -> bytes:
    """The bytes of a stored blob."""
    return Path(blob.path).read_bytes()
