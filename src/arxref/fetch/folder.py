"""Reading a version from a local folder laid out as `<id>v<n>.pdf` / `.tar.gz` / `.gz` / `.tex`.

Old-style ids drop their slash, as arXiv's bulk data names them:
`hep-th/9901001v2` is `hep-th9901001v2.pdf`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from arxref.domain import PaperVersion
from arxref.errors import CorruptArchive, CorruptPdf, NotFound, TooLarge

EPRINT_SUFFIXES = (".tar.gz", ".tgz", ".gz", ".tar", ".tex")


@dataclass(frozen=True)
class FetchedFiles:
    """The raw bytes of a version's e-print and PDF, either possibly absent."""

    eprint: bytes | None
    pdf: bytes | None


def version_file_stem(paper: PaperVersion) -> str:
    """The file name of a version without its suffix."""
    return paper.key.replace("/", "")


def fetch_from_folder(folder: Path, paper: PaperVersion, max_bytes: int) -> FetchedFiles:
    """Both files of a version from the folder; NotFound when neither is there."""
    stem = version_file_stem(paper)
    eprint = next((folder / f"{stem}{s}" for s in EPRINT_SUFFIXES if (folder / f"{stem}{s}").is_file()), None)
    pdf = folder / f"{stem}.pdf"
    present = [p for p in (eprint, pdf) if p is not None and p.is_file()]
    if not present:
        raise NotFound(f"{paper.key}: no e-print or PDF in {folder}")
    if all(p.stat().st_size == 0 for p in present):  # they exist: not NotFound, but nothing to read
        empty = CorruptPdf if present[0] == pdf else CorruptArchive
        raise empty(f"{present[0].name} is an empty file (0 bytes) in {folder}")
    return FetchedFiles(
        eprint=_read_capped(eprint, max_bytes) if eprint else None,
        pdf=_read_capped(pdf, max_bytes) if pdf.is_file() else None,
    )


def _read_capped(path: Path, max_bytes: int) -> bytes | None:
    """The file's bytes; None for an empty file (its sibling is read instead)."""
    size = path.stat().st_size
    if size > max_bytes:
        raise TooLarge(f"{path.name} is {size} bytes, over the {max_bytes}-byte cap")
    return path.read_bytes() or None
