"""Tell what a paper's file is by its content alone (magic bytes), never by its name.

What arXiv's e-print endpoint served (PDF, gzip'd tar, gzip'd file, tar, TeX), and what a file
that should be a paper is instead: a withdrawal notice, an HTML page. Light on purpose: the
fetch workers, the PDF path and the e-print path all ask.
"""

from __future__ import annotations

import re
import zlib

from arxref.domain import BlobKind

_TAR_BLOCK = 512
_NOTICE_LIMIT = 64 * 1024
_WITHDRAWN = re.compile(
    rb"(?i)(?:(?:paper|article|submission|manuscript|version)\s+(?:has\s+been|was|is)\s+withdrawn"
    rb"|withdrawn\s+by\s+the\s+authors?)"
)
_HTML = re.compile(rb"^\s*(?:<!doctype\s+html|<html|<head|<body)", re.IGNORECASE)


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


def is_withdrawal_notice(data: bytes) -> bool:
    """arXiv serves a withdrawn version as a tiny TeX/HTML note saying so, not as a paper."""
    if len(data) > _NOTICE_LIMIT:
        return False
    text = data
    if data[:2] == b"\x1f\x8b":
        try:
            text = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(data, _NOTICE_LIMIT)
        except zlib.error:
            return False
    if b"\\begin{document}" in text or b"\\bibitem" in text or text.lstrip()[:5] == b"%PDF-":
        return False
    return _WITHDRAWN.search(text) is not None


def is_html(data: bytes) -> bool:
    """An HTML page (an error or notice page saved where a paper's file belongs)."""
    return _HTML.match(data[:1024]) is not None
