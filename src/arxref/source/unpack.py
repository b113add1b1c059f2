"""Unpack an e-print into memory, refusing anything that could escape, explode or mislead.

Nothing is written to disk: members become a `{path: bytes}` mapping. Every refusal is an
`UnsafeArchive`, `TooLarge` or `CorruptArchive` with a message naming the member. Every member
header is checked and counts against the limits, but only members the source path can read are
kept: figures, media and archives (by extension, see `is_readable_member`) are skipped unread.
"""

from __future__ import annotations

import io
import posixpath
import re
import tarfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from arxref.content import detect_kind, is_html, is_withdrawal_notice
from arxref.domain import BlobKind
from arxref.errors import CorruptArchive, TooLarge, UnsafeArchive, Withdrawn

_MIB = 1 << 20
_CHUNK = 1 << 20
SINGLE_FILE_NAME = "main.tex"
# Formats that \includegraphics or a media package reads, never \input or bibtex: their bytes are
# never looked at. Everything else is kept, since \input takes a file of any name (.tikz, .pdf_tex).
_UNREAD_SUFFIXES = frozenset((
    "pdf", "png", "jpg", "jpeg", "gif", "eps", "ps", "svg", "tif", "tiff", "bmp", "webp", "ico", "jp2",
    "mp3", "mp4", "mov", "avi", "wav", "ogg", "webm", "gz", "tgz", "zip", "tar", "bz2", "xz", "7z",
    "rar", "npy", "npz", "pkl", "h5", "hdf5", "fits", "fit", "otf", "ttf", "pfb", "woff", "docx", "xlsx",
    "pptx", "odt", "ods",
))


@dataclass(frozen=True)
class UnpackLimits:
    """Caps on what one e-print may unpack to; over a cap the e-print is refused as TooLarge."""

    max_total_bytes: int = 512 * _MIB
    max_members: int = 20000
    max_member_bytes: int = 128 * _MIB


DEFAULT_LIMITS = UnpackLimits()


def gunzip_bounded(data: bytes, cap: int, what: str = "gzip stream") -> bytes:
    """Decompress (possibly multi-member) gzip data, stopping as soon as the output passes `cap`."""
    out: list[bytes] = []
    total = 0
    rest = data
    while rest:
        dec = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            buf = rest
            while True:
                piece = dec.decompress(buf, _CHUNK)
                total += len(piece)
                if total > cap:
                    raise TooLarge(f"{what} decompresses to more than {cap} bytes (gzip bomb?)")
                out.append(piece)
                buf = dec.unconsumed_tail
                if dec.eof or not buf:
                    break
        except zlib.error as exc:
            raise CorruptArchive(f"corrupt {what}: {exc}") from exc
        if not dec.eof:
            raise CorruptArchive(f"corrupt {what}: truncated gzip data")
        rest = dec.unused_data.lstrip(b"\x00")
        if rest and rest[:2] != b"\x1f\x8b":
            break
    return b"".join(out)


def is_readable_member(name: str) -> bool:
    """False for figures, media and archives, which no stage of the source path ever reads."""
    base = posixpath.basename(name)
    return "." not in base or base.rsplit(".", 1)[1].lower() not in _UNREAD_SUFFIXES


def safe_member_name(name: str) -> str:
    """Return the normalised relative path of an archive member, or raise UnsafeArchive."""
    clean = name.replace("\\", "/")
    if clean.startswith("/") or (len(clean) > 1 and clean[1] == ":"):
        raise UnsafeArchive(f"archive member {name!r} has an absolute path")
    if ".." in clean.split("/"):
        raise UnsafeArchive(f"archive member {name!r} climbs out with '..'")
    norm = posixpath.normpath(clean)
    return "" if norm == "." else norm


def _untar(raw: bytes, limits: UnpackLimits, keep: Callable[[str], bool]) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    total = 0
    count = 0
    try:
        with tarfile.open(fileobj=io.BytesIO(raw), mode="r:") as tar:
            for member in tar:
                count += 1
                if count > limits.max_members:
                    raise TooLarge(f"archive has more than {limits.max_members} members")
                name = safe_member_name(member.name)
                if member.issym() or member.islnk():
                    raise UnsafeArchive(f"archive member {member.name!r} is a link to {member.linkname!r}")
                if member.isdev():
                    raise UnsafeArchive(f"archive member {member.name!r} is a device or fifo")
                if member.isdir():
                    continue
                if not member.isreg():
                    raise UnsafeArchive(f"archive member {member.name!r} is not a regular file")
                if member.size > limits.max_member_bytes:
                    raise TooLarge(f"archive member {member.name!r} is {member.size} bytes, "
                                   f"over the {limits.max_member_bytes} cap")
                total += member.size
                if total > limits.max_total_bytes:
                    raise TooLarge(f"archive unpacks to more than {limits.max_total_bytes} bytes")
                if not name or not keep(name):
                    continue
                handle = tar.extractfile(member)
                if handle is None:
                    continue
                files[name] = handle.read()
    except tarfile.TarError as exc:
        raise CorruptArchive(f"corrupt tar archive: {exc}") from exc
    return files


def unpack_eprint(data: bytes, limits: UnpackLimits = DEFAULT_LIMITS,
                  keep: Callable[[str], bool] = is_readable_member) -> dict[str, bytes]:
    """Turn whatever arXiv served as e-print into `{member path: bytes}` of the members `keep` accepts.

    `limits` and the safety checks apply to every member, kept or not.
    """
    kind = detect_kind(data)
    if kind is BlobKind.PDF:
        raise CorruptArchive("the e-print is a PDF, not LaTeX source: read it on the PDF path")
    if kind is BlobKind.TEX:
        if len(data) > limits.max_member_bytes:
            raise TooLarge(f"single-file e-print is {len(data)} bytes, over the cap")
        return {SINGLE_FILE_NAME: _single_tex(data, "e-print")}
    if kind is BlobKind.TAR:
        return _untar(data, limits, keep)
    # Tar headers and padding add at most ~1 KiB per member on top of the content.
    cap = limits.max_total_bytes + 1024 * (limits.max_members + 2)
    if kind is BlobKind.GZ:
        cap = min(cap, limits.max_member_bytes)
    raw = gunzip_bounded(data, cap, "gzip'd e-print")
    if kind is BlobKind.TAR_GZ:
        return _untar(raw, limits, keep)
    if raw.lstrip()[:5] == b"%PDF-":
        raise CorruptArchive("the gzip'd e-print holds a PDF, not LaTeX source: read it on the PDF path")
    return {SINGLE_FILE_NAME: _single_tex(raw, "gzip'd e-print")}


_TEX_COMMAND = re.compile(rb"\\[a-zA-Z]|\x00\\\x00[a-zA-Z]|\\\x00[a-zA-Z]\x00")  # \x, also in UTF-16


def _single_tex(data: bytes, what: str) -> bytes:
    """A single-file e-print that is TeX; a notice page, an HTML page or other bytes are named as such."""
    if is_withdrawal_notice(data):
        raise Withdrawn(f"the {what} is a withdrawal notice")
    if is_html(data):
        raise CorruptArchive(f"the {what} is an HTML page, not LaTeX source, a PDF or an archive")
    if _TEX_COMMAND.search(data[:1 << 20]) is None:
        size = len(data)
        raise CorruptArchive(f"the {what} is not LaTeX, a PDF or an archive: no TeX command in {size} bytes")
    return data


def read_source_folder(path: Path, limits: UnpackLimits = DEFAULT_LIMITS,
                       keep: Callable[[str], bool] = is_readable_member) -> dict[str, bytes]:
    """Read an unpacked source folder into `{relative path: bytes}` under the same rules as an archive."""
    files: dict[str, bytes] = {}
    total = count = 0
    for item in sorted(path.rglob("*")):
        rel = item.relative_to(path).as_posix()
        if item.is_symlink():
            raise UnsafeArchive(f"source member {rel!r} is a symbolic link")
        if item.is_dir():
            continue
        if not item.is_file():
            raise UnsafeArchive(f"source member {rel!r} is not a regular file")
        size = item.stat().st_size
        if size > limits.max_member_bytes:
            raise TooLarge(f"source member {rel!r} is {size} bytes, over the cap")
        total += size
        count += 1
        if total > limits.max_total_bytes or count > limits.max_members:
            raise TooLarge(f"source folder {path} is over the size or member cap")
        if keep(rel):
            files[rel] = item.read_bytes()
    return files
