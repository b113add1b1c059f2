"""The extract stage: a version's stored blobs read, its references resolved and stored.

Kept apart from `pipeline` because of what it loads: PyMuPDF, pylatexenc, the parser and the
resolver. A fetch worker, and the main process of any worker (which only forks the children
that run tasks), never import this module, so they stay small; `pipeline.extract_stage` loads it
on first use.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa

from arxref.blobs import put_blob
from arxref.catalog.records import CatalogLookup
from arxref.content import detect_kind
from arxref.domain import (
    BlobKind,
    Extraction,
    PaperVersion,
    RawReference,
    ReferenceSource,
    ResolvedReference,
    Stage,
)
from arxref.errors import ArxrefError, NoBibliography, NotFound
from arxref.evaluate.crosscheck import CrossCheck, cross_check
from arxref.extract.choice import SOURCE_UNUSABLE, extract_references
from arxref.fetch import Fetcher, make_fetcher
from arxref.parse import parse_references
from arxref.pdf import extract_pdf_references
from arxref.resolve import resolve_parsed
from arxref.settings import Settings
from arxref.source import extract_source_references, unpack_eprint
from arxref.stages.process import Next, advance_stage, load_blob, record_blobs, version_row
from arxref.store import versions
from arxref.store.citations import own_tables_catalog
from arxref.store.crosschecks import replace_crosscheck
from arxref.store.engine import database_errors
from arxref.store.references import replace_references
from arxref.telemetry import timed


def extract_stage(
    engine: sa.Engine, settings: Settings, paper: PaperVersion, can_fetch_pdf: bool = True
) -> Next:
    """Extract, resolve and store from the stored blobs; FETCH_PDF when the PDF is needed first."""
    row = version_row(engine, paper)
    eprint = load_blob(settings, paper, row.eprint_sha256)
    pdf = load_blob(settings, paper, row.pdf_sha256)
    if eprint is None and pdf is None:
        raise NotFound(f"{paper.key}: no fetched e-print or PDF recorded")
    advance_stage(engine, paper, Stage.EXTRACT)
    try:
        with timed(settings.metrics_dir, Stage.EXTRACT):
            extraction = extract_references(eprint, pdf)
    except SOURCE_UNUSABLE as exc:
        eprint_is_pdf = eprint is not None and detect_kind(eprint) == BlobKind.PDF  # no other PDF to read
        if pdf is None and can_fetch_pdf and not eprint_is_pdf:
            with database_errors(), engine.begin() as conn:  # said if the PDF turns out missing too
                versions.note_interruption(conn, paper, exc, requeue=False)
            return Next.FETCH_PDF
        raise
    advance_stage(engine, paper, Stage.RESOLVE)
    with database_errors(), engine.connect() as conn, timed(settings.metrics_dir, Stage.RESOLVE):
        resolved = resolve_extraction(extraction, own_tables_catalog(conn))  # the catalog, and papers we hold
    advance_stage(engine, paper, Stage.STORE)
    with timed(settings.metrics_dir, Stage.STORE):
        _store(engine, settings, paper, extraction, resolved)
    from_eprint = extraction.source == ReferenceSource.ARXIV_SOURCE
    if settings.fetch_pdf == "always" and from_eprint and pdf is not None:  # ARXREF_FETCH_PDF=always
        store_crosscheck(engine, settings, paper, extraction.references, pdf)
    return Next.DONE


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


def resolve_extraction(extraction: Extraction, catalog: CatalogLookup) -> list[ResolvedReference]:
    """Parse and resolve every entry; the fields the source states win over parsed ones.

    The paper's entries are resolved together: a SQL catalog is asked once per kind of lookup.
    """
    parsed = parse_references(extraction.references)
    resolutions = resolve_parsed(extraction.references, parsed, catalog)
    return [
        ResolvedReference(raw=raw, parsed=p, resolution=resolution)
        for raw, p, resolution in zip(extraction.references, parsed, resolutions, strict=True)
    ]


def _store(
    engine: sa.Engine,
    settings: Settings,
    paper: PaperVersion,
    extraction: Extraction,
    resolved: Sequence[ResolvedReference],
) -> None:
    with database_errors(), engine.begin() as conn:
        replace_references(
            conn, paper, extraction.source, resolved, settings.extractor_version, notes=extraction.notes
        )
