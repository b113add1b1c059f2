"""The cross-check stage: a stored version's e-print and PDF both read, their entries aligned and stored.

`arxref crosscheck ID` runs `crosscheck_stage` (fetching the PDF first when only the e-print was
fetched); the extract stage reads and aligns both for every version when ARXREF_FETCH_PDF=always
(`read_pdf`, `cross_check`, `save_crosscheck`), and gives composed entries the PDF's printed text.
The alignment itself is `evaluate.crosscheck`'s, a pure function.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa

from arxref.blobs import put_blob
from arxref.content import detect_kind
from arxref.domain import BlobKind, PaperVersion, RawReference
from arxref.errors import ArxrefError, NoBibliography, NotFound
from arxref.evaluate.crosscheck import CrossCheck, cross_check
from arxref.fetch import Fetcher, make_fetcher
from arxref.pdf import extract_pdf_references
from arxref.settings import Settings
from arxref.source import extract_source_references, unpack_eprint
from arxref.stages.version import load_blob, record_blobs, version_row
from arxref.store.crosschecks import replace_crosscheck
from arxref.store.engine import database_errors


def crosscheck_stage(
    engine: sa.Engine, settings: Settings, paper: PaperVersion, fetcher: Fetcher | None = None
) -> CrossCheck:
    """Read a stored version's e-print and PDF both and store how their entries align
    (`arxref crosscheck`); the PDF is fetched first when only the e-print was."""
    row = version_row(engine, paper)
    eprint = load_blob(settings, paper, row.eprint_sha256)
    if eprint is None or detect_kind(eprint) == BlobKind.PDF:
        raise NoBibliography(f"{paper.key}: no LaTeX e-print stored to compare its PDF with")
    pdf = load_blob(settings, paper, row.pdf_sha256)
    if pdf is None:
        pdf = (fetcher or make_fetcher(settings)).fetch_pdf(paper)
        if pdf is None:
            raise NotFound(f"{paper.key}: no PDF to compare its e-print with")
        stored = put_blob(settings.blob_dir, pdf, detect_kind(pdf))
        record_blobs(engine, paper, row.eprint_sha256, stored.sha256)
    source = extract_source_references(unpack_eprint(eprint))
    return store_crosscheck(engine, settings, paper, source.references, pdf)


@dataclass(frozen=True)
class PdfReading:
    """The PDF's entries, or why the PDF path could not read them."""

    references: tuple[RawReference, ...]
    error: str | None = None


def read_pdf(pdf: bytes) -> PdfReading:
    """The PDF path's entries; a PDF it cannot read gives none and says why."""
    try:
        return PdfReading(tuple(extract_pdf_references(pdf).references))
    except ArxrefError as exc:
        return PdfReading((), f"{type(exc).__name__}: {exc}")


def save_crosscheck(
    engine: sa.Engine,
    settings: Settings,
    paper: PaperVersion,
    eprint_refs: Sequence[RawReference],
    reading: PdfReading,
    check: CrossCheck,
) -> None:
    """Store an alignment: a PDF the path could not read left every e-print entry alone (agreement 0)."""
    with database_errors(), engine.begin() as conn:
        replace_crosscheck(
            conn,
            paper,
            check,
            len(eprint_refs),
            len(reading.references),
            settings.extractor_version,
            reading.error,
        )


def store_crosscheck(
    engine: sa.Engine,
    settings: Settings,
    paper: PaperVersion,
    eprint_refs: Sequence[RawReference],
    pdf: bytes,
) -> CrossCheck:
    """Read the PDF, align its entries with the e-print's, store the result."""
    reading = read_pdf(pdf)
    check = cross_check(eprint_refs, reading.references)
    save_crosscheck(engine, settings, paper, eprint_refs, reading, check)
    return check
