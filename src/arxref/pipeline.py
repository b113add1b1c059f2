"""The stages of DESIGN.md as plain functions over ids: fetch, then extract + resolve + store.

`fetch_stage` puts a version's bytes in the blob folder and records their
digests on `paper_versions`; `extract_stage` reads those blobs back by digest,
extracts, resolves and stores. Both take the engine and settings and raise an
ArxrefError when the version fails. `process_version` chains them in-process
and records any failure (the CLI's embedded mode), the fetch stage under the
pool's soft time limit and the extract stage under its soft and hard ones
(`limits`); the Celery tasks (`tasks`, via `pool`) run the same two functions
on two queues.
"""

from __future__ import annotations

import logging
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import sqlalchemy as sa

from arxref.blobs import blob_path, put_blob
from arxref.content import detect_kind
from arxref.domain import PaperVersion, Stage
from arxref.errors import ArxrefError, NoBibliography, NotFound, error_class
from arxref.fetch import Fetcher, make_fetcher
from arxref.limits import run_limited, soft_limited
from arxref.settings import Settings
from arxref.store import versions
from arxref.store.engine import database_errors
from arxref.telemetry import timed

if TYPE_CHECKING:
    from arxref.crosscheck import CrossCheck

log = logging.getLogger(__name__)


class Next(StrEnum):
    """What a version needs after the extract stage."""

    DONE = "done"
    FETCH_PDF = "fetch_pdf"  # the e-print has no usable bibliography and no PDF was fetched yet


def fetch_stage(
    engine: sa.Engine, settings: Settings, fetcher: Fetcher, paper: PaperVersion, want_pdf: bool = False
) -> None:
    """Store the version's bytes as blobs and record their digests; a remote fetch is done only once."""
    row = version_row(engine, paper)
    have_eprint = _stored(settings, row.eprint_sha256)
    have_pdf = _stored(settings, row.pdf_sha256)
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


def extract_stage(
    engine: sa.Engine, settings: Settings, paper: PaperVersion, can_fetch_pdf: bool = True
) -> Next:
    """Extract, resolve and store from the stored blobs; FETCH_PDF when the PDF is needed first.

    The work is in `arxref.extracting`, imported here on first use: it loads the extraction code,
    which fetch workers and a worker's main process never need.
    """
    from arxref import extracting

    return extracting.extract_stage(engine, settings, paper, can_fetch_pdf)


def crosscheck_stage(
    engine: sa.Engine, settings: Settings, paper: PaperVersion, fetcher: Fetcher | None = None
) -> CrossCheck:
    """Align a stored version's e-print and PDF entries and store the result (`arxref crosscheck`)."""
    from arxref import extracting

    return extracting.crosscheck_stage(engine, settings, paper, fetcher)


def process_version(
    engine: sa.Engine, settings: Settings, paper: PaperVersion, fetcher: Fetcher | None = None
) -> versions.VersionRow:
    """Run every stage for one version in-process and record its outcome; never raises for a bad paper."""
    with engine.begin() as conn:
        versions.enqueue_version(conn, paper)
        versions.mark_started(conn, paper, Stage.FETCH)
    try:
        fetcher = fetcher or make_fetcher(settings)
        _limited_fetch(engine, settings, fetcher, paper, want_pdf=False)
        if _limited_extract(engine, settings, paper, can_fetch_pdf=True) == Next.FETCH_PDF:
            advance_stage(engine, paper, Stage.FETCH)
            _limited_fetch(engine, settings, fetcher, paper, want_pdf=True)
            _limited_extract(engine, settings, paper, can_fetch_pdf=False)
    except ArxrefError as exc:
        record_failure(engine, paper, exc)
    except Exception as exc:  # a bug must not lose the paper: record it, keep going
        log.exception("%s: unexpected error", paper.key)
        record_failure(engine, paper, exc)
    return version_row(engine, paper)


def _limited_fetch(
    engine: sa.Engine, settings: Settings, fetcher: Fetcher, paper: PaperVersion, want_pdf: bool
) -> None:
    """The fetch stage under the fetch queue's soft time limit, as a worker runs it (in this process:
    `limits.soft_limited`)."""
    with soft_limited(settings.fetch_soft_time_limit, f"{paper.key} fetch"):
        fetch_stage(engine, settings, fetcher, paper, want_pdf)


def _limited_extract(engine: sa.Engine, settings: Settings, paper: PaperVersion, can_fetch_pdf: bool) -> Next:
    """The extract stage under the extract queue's soft and hard time limits, as a worker runs it."""
    return run_limited(
        lambda: extract_stage(engine, settings, paper, can_fetch_pdf=can_fetch_pdf),
        settings.extract_soft_time_limit,
        settings.extract_time_limit,
        f"{paper.key} extract",
        forget=lambda: engine.dispose(close=False),
    )


def record_failure(
    engine: sa.Engine, paper: PaperVersion, exc: BaseException, stage: Stage | None = None
) -> None:
    """Mark the version failed at `stage` (default: the stage it had reached)."""
    with database_errors(), engine.begin() as conn:
        versions.mark_failed(conn, paper, stage, exc)


def version_row(engine: sa.Engine, paper: PaperVersion) -> versions.VersionRow:
    with database_errors(), engine.connect() as conn:
        row = versions.get_version(conn, paper)
    if row is None:
        raise NotFound(f"{paper.key}: no job in paper_versions (enqueue it first)")
    return row


def _stored(settings: Settings, sha256: str | None) -> bool:
    return bool(sha256) and blob_path(settings.blob_dir, sha256).is_file()


def load_blob(settings: Settings, paper: PaperVersion, sha256: str | None) -> bytes | None:
    if not sha256:
        return None
    path: Path = blob_path(settings.blob_dir, sha256)
    if not path.is_file():
        raise NotFound(
            f"{paper.key}: blob {sha256[:12]} is not in {settings.blob_dir} (is the folder shared?)"
        )
    return path.read_bytes()


def advance_stage(engine: sa.Engine, paper: PaperVersion, stage: Stage) -> None:
    with database_errors(), engine.begin() as conn:
        versions.mark_stage(conn, paper, stage)


def record_blobs(engine: sa.Engine, paper: PaperVersion, eprint: str | None, pdf: str | None) -> None:
    with database_errors(), engine.begin() as conn:
        versions.mark_fetched(conn, paper, eprint, pdf)


