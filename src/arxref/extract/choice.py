"""Choosing the extraction path for a version, as DESIGN.md says.

The e-print's bibliography is the record (`arxiv_source`) when there is one; the
PDF is read (`pdf_text`) when the e-print is a PDF, has no bibliography, or cannot
be unpacked. Why the PDF was read is kept in the extraction's notes.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from arxref.content import detect_kind
from arxref.domain import BlobKind, Extraction
from arxref.errors import (
    CorruptArchive,
    NoBibliography,
    PermanentError,
    TexTooComplex,
    TooLarge,
    UnsafeArchive,
)
from arxref.pdf import extract_pdf_references

# Reasons to give up on the e-print and read the PDF instead (the pipeline fetches the PDF on these).
SOURCE_UNUSABLE = (NoBibliography, CorruptArchive, UnsafeArchive, TooLarge, TexTooComplex)


def extract_references(eprint: bytes | None, pdf: bytes | None) -> Extraction:
    """The references of one version from its e-print and/or PDF bytes."""
    if eprint is not None and detect_kind(eprint) == BlobKind.PDF:
        return _with_note(extract_pdf_references(eprint), "e-print is a PDF")
    if eprint is None:
        if pdf is None:
            raise NoBibliography("neither an e-print nor a PDF to read")
        return extract_pdf_references(pdf)
    from arxref.source import extract_source_references, unpack_eprint  # not for a PDF

    try:
        return extract_source_references(unpack_eprint(eprint))
    except SOURCE_UNUSABLE as exc:
        if pdf is None:
            raise
        return _with_note(extract_pdf_references(pdf), f"e-print unusable ({type(exc).__name__}: {exc})")


def extract_path(path: Path) -> Extraction:
    """References of a PDF, an e-print file (.tar.gz, .gz, .tex) or an unpacked source folder."""
    if path.is_dir():
        from arxref.source import extract_source_references, read_source_folder

        return extract_source_references(read_source_folder(path))
    if not path.is_file():
        raise PermanentError(f"{path}: no such file or folder")
    data = path.read_bytes()
    if detect_kind(data) == BlobKind.PDF:
        return extract_pdf_references(data)
    return extract_references(data, None)


def _with_note(extraction: Extraction, note: str) -> Extraction:
    return replace(extraction, notes=(note, *extraction.notes))
