"""The extract stage: a version's stored blobs read, its references resolved and stored.

Kept apart from the other stages because of what it loads: PyMuPDF, pylatexenc, the parser and
the resolver. A fetch worker, and the main process of any worker (which only forks the children
that run tasks), never import this module, so they stay small; `pool.run_extract` loads it on
first use. With ARXREF_FETCH_PDF=always it also cross-checks the version (`crosscheck`), and an
e-print entry composed from biblatex fields takes the text its PDF prints (`extract.printed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import sqlalchemy as sa

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
from arxref.errors import NotFound
from arxref.evaluate.crosscheck import CrossCheck, cross_check
from arxref.extract.choice import SOURCE_UNUSABLE, extract_references
from arxref.extract.printed import with_printed_text
from arxref.parse import parse_references
from arxref.resolve import resolve_parsed
from arxref.settings import Settings
from arxref.stages.crosscheck import PdfReading, read_pdf, save_crosscheck
from arxref.stages.version import Next, advance_stage, load_blob, version_row
from arxref.store import versions
from arxref.store.citations import own_tables_catalog
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
    checked: tuple[Sequence[RawReference], PdfReading, CrossCheck] | None = None
    from_eprint = extraction.source == ReferenceSource.ARXIV_SOURCE
    if settings.fetch_pdf == "always" and from_eprint and pdf is not None:  # ARXREF_FETCH_PDF=always
        reading = read_pdf(pdf)
        check = cross_check(extraction.references, reading.references)
        checked = (extraction.references, reading, check)
        extraction = replace(extraction, references=with_printed_text(extraction.references, check))
    advance_stage(engine, paper, Stage.RESOLVE)
    with database_errors(), engine.connect() as conn, timed(settings.metrics_dir, Stage.RESOLVE):
        resolved = resolve_extraction(extraction, own_tables_catalog(conn))  # the catalog, and papers we hold
    advance_stage(engine, paper, Stage.STORE)
    with timed(settings.metrics_dir, Stage.STORE):
        _store(engine, settings, paper, extraction, resolved)
    if checked is not None:
        save_crosscheck(engine, settings, paper, *checked)
    return Next.DONE


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
