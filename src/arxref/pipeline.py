"""fetch → extract → resolve → store for one paper version, as plain function calls.

`process_version` is what the CLI runs in-process and what the Celery tasks
split into queues. Every failure is recorded on the version (stage, error
class, message) and the function returns normally: one bad paper never stops
a run, and `arxref reprocess --failed` can pick it up again.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import sqlalchemy as sa

from arxref.blobs import put_blob
from arxref.catalog import CatalogLookup
from arxref.domain import Extraction, PaperVersion, ResolvedReference, Stage
from arxref.errors import ArxrefError, StageNotImplemented
from arxref.extract import extract_references
from arxref.fetch import FetchedFiles, fetch_from_folder
from arxref.parse import parse_reference
from arxref.resolve import resolve_reference
from arxref.settings import Settings
from arxref.source import detect_kind
from arxref.store import versions
from arxref.store.catalog import SqlCatalog
from arxref.store.references import replace_references

log = logging.getLogger(__name__)


def fetch_version(settings: Settings, paper: PaperVersion) -> FetchedFiles:
    """The version's e-print and PDF bytes, from the configured local folder."""
    if settings.source_dir is None:
        raise StageNotImplemented(
            "fetching from arXiv over HTTP is not built yet; "
            "set ARXREF_SOURCE_DIR to a folder of e-prints/PDFs"
        )
    return fetch_from_folder(settings.source_dir, paper, settings.max_download_bytes)


def resolve_extraction(extraction: Extraction, catalog: CatalogLookup) -> list[ResolvedReference]:
    """Parse and resolve every entry; the fields the source states win over parsed ones."""
    resolved = []
    for raw in extraction.references:
        parsed = parse_reference(raw.raw, stated=raw.fields)
        resolved.append(
            ResolvedReference(raw=raw, parsed=parsed, resolution=resolve_reference(parsed, raw.raw, catalog))
        )
    return resolved


def process_version(engine: sa.Engine, settings: Settings, paper: PaperVersion) -> versions.VersionRow:
    """Run every stage for one version and record its outcome; never raises for a bad paper."""
    with engine.begin() as conn:
        versions.enqueue_version(conn, paper)
        versions.mark_started(conn, paper, Stage.FETCH)
    stage = Stage.FETCH
    try:
        files = fetch_version(settings, paper)
        _store_blobs(engine, settings, paper, files)
        stage = _advance(engine, paper, Stage.EXTRACT)
        extraction = extract_references(files.eprint, files.pdf)
        stage = _advance(engine, paper, Stage.RESOLVE)
        with engine.connect() as conn:
            resolved = resolve_extraction(extraction, SqlCatalog(conn))
        stage = _advance(engine, paper, Stage.STORE)
        _store(engine, settings, paper, extraction, resolved)
    except ArxrefError as exc:
        _record_failure(engine, paper, stage, exc)
    except Exception as exc:  # a bug must not lose the paper: record it, keep going
        log.exception("%s: unexpected error in %s", paper.key, stage)
        _record_failure(engine, paper, stage, exc)
    with engine.connect() as conn:
        row = versions.get_version(conn, paper)
    assert row is not None
    return row


def _advance(engine: sa.Engine, paper: PaperVersion, stage: Stage) -> Stage:
    with engine.begin() as conn:
        versions.mark_stage(conn, paper, stage)
    return stage


def _store_blobs(engine: sa.Engine, settings: Settings, paper: PaperVersion, files: FetchedFiles) -> None:
    eprint = put_blob(settings.blob_dir, files.eprint, detect_kind(files.eprint)) if files.eprint else None
    pdf = put_blob(settings.blob_dir, files.pdf, detect_kind(files.pdf)) if files.pdf else None
    with engine.begin() as conn:
        versions.mark_fetched(conn, paper, eprint and eprint.sha256, pdf and pdf.sha256)


def _store(
    engine: sa.Engine,
    settings: Settings,
    paper: PaperVersion,
    extraction: Extraction,
    resolved: Sequence[ResolvedReference],
) -> None:
    with engine.begin() as conn:
        replace_references(
            conn, paper, extraction.source, resolved, settings.extractor_version, notes=extraction.notes
        )


def _record_failure(engine: sa.Engine, paper: PaperVersion, stage: Stage, exc: BaseException) -> None:
    with engine.begin() as conn:
        versions.mark_failed(conn, paper, stage, exc)
