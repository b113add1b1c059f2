"""Tell what arXiv's e-print endpoint served, by content alone (magic bytes), never by name."""

from __future__ import annotations

import zlib

from arxref.domain import BlobKind

_TAR_BLOCK = 512


def looks_like_tar(block: bytes) -> bool:
    """True when `block` starts with a tar header (ustar magic, or a v7 header whose checksum adds up)."""
    if len(block) < _TAR_BLOCK:
        return False
    if block[257:262] == b"ustar":
        return True
    field = block[148:156].replace(b"\x00", b" ").strip()
    if not field or any(c not in b"01234567" for c in field):
        return False
    expected = int(field, 8)
    header = block[:_TAR_BLOCK]
    actual = sum(header[:148]) + 8 * 32 + sum(header[156:])
    return expected == actual and block[0] != 0


def _gunzip_head(data: bytes, size: int) -> bytes:
    try:
        return zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(data[: 1 << 16], size)
    except zlib.error:
        return b""


def detect_kind(data: bytes) -> BlobKind:
    """Classify an e-print as PDF, gzip'd tar, gzip'd single file, plain tar or TeX by its first bytes."""
    head = data[:1024]
    if head.lstrip()[:5] == b"%PDF-":
        return BlobKind.PDF
    if data[:2] == b"\x1f\x8b":
        return BlobKind.TAR_GZ if looks_like_tar(_gunzip_head(data, _TAR_BLOCK)) else BlobKind.GZ
    if looks_like_tar(data[:_TAR_BLOCK]):
        return BlobKind.TAR
    return BlobKind.TEX
