"""The fetch stage: a version's e-print and/or PDF into the blob folder, their digests onto its row.

Light on purpose: a fetch worker imports this module and never the extraction code.
"""

from __future__ import annotations

import sqlalchemy as sa

from arxref.blobs import put_blob
from arxref.content import detect_kind
from arxref.domain import PaperVersion, Stage
from arxref.errors import ArxrefError, NoBibliography, NotFound, error_class
from arxref.fetch import Fetcher
from arxref.settings import Settings
from arxref.stages.version import is_stored, record_blobs, version_row
from arxref.store import versions
from arxref.telemetry import timed


def fetch_stage(
    engine: sa.Engine, settings: Settings, fetcher: Fetcher, paper: PaperVersion, want_pdf: bool = False
) -> None:
    """Store the version's bytes as blobs and record their digests; a remote fetch is done only once."""
    row = version_row(engine, paper)
    have_eprint = is_stored(settings, row.eprint_sha256)
    have_pdf = is_stored(settings, row.pdf_sha256)
    if fetcher.remote and have_eprint:
        if not want_pdf or have_pdf:
            return
        try:
            with timed(settings.metrics_dir, Stage.FETCH):
                pdf = fetcher.fetch_pdf(paper)
        except NotFound as exc:
            if row.last_error_class:
                raise _eprint_failure(row, exc) from exc
            raise
        pdf_sha = put_blob(settings.blob_dir, pdf, detect_kind(pdf)).sha256 if pdf else None
        record_blobs(engine, paper, row.eprint_sha256, pdf_sha)
        return
    try:
        with timed(settings.metrics_dir, Stage.FETCH):
            files = fetcher.fetch(paper, want_pdf)
    except NotFound as exc:
        if want_pdf and row.last_error_class:
            raise _eprint_failure(row, exc) from exc
        raise
    eprint = put_blob(settings.blob_dir, files.eprint, detect_kind(files.eprint)) if files.eprint else None
    pdf = put_blob(settings.blob_dir, files.pdf, detect_kind(files.pdf)) if files.pdf else None
    record_blobs(engine, paper, eprint and eprint.sha256, pdf and pdf.sha256)


def _eprint_failure(row: versions.VersionRow, missing: NotFound) -> ArxrefError:
    """The e-print's own failure, when the PDF asked for in its place does not exist either."""
    kind = error_class(row.last_error_class or "") or NoBibliography
    return kind(f"{row.last_error_message}; no PDF to read instead ({missing})")
