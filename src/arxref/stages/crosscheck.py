"""The cross-check stage: a stored version's e-print and PDF both read, their entries aligned and stored.

`arxref crosscheck ID` runs `crosscheck_stage` (fetching the PDF first when only the e-print was
fetched); the extract stage calls `store_crosscheck` for every version when ARXREF_FETCH_PDF=always.
The alignment itself is `evaluate.crosscheck`'s, a pure function.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def store_crosscheck(
    engine: sa.Engine,
    settings: Settings,
    paper: PaperVersion,
    eprint_refs: Sequence[RawReference],
    pdf: bytes,
) -> CrossCheck:
    """Read the PDF, align its entries with the e-print's, store the result; a PDF the path cannot
    read leaves every e-print entry alone (agreement 0) and says why."""
    pdf_error = None
    try:
        pdf_refs: Sequence[RawReference] = extract_pdf_references(pdf).references
    except ArxrefError as exc:
        pdf_refs, pdf_error = (), f"{type(exc).__name__}: {exc}"
    check = cross_check(eprint_refs, pdf_refs)
    with database_errors(), engine.begin() as conn:
        replace_crosscheck(
            conn, paper, check, len(eprint_refs), len(pdf_refs), settings.extractor_version, pdf_error
        )
    return check
