"""A version's row, its blobs and its stage moves: what every stage reads and writes on `paper_versions`.

The one module the stages share, so that none imports another's caller: `fetch`, `extract` and
`crosscheck` read the row (`version_row`) and the stored bytes (`load_blob`), record what they
fetched (`record_blobs`) and where the version is (`advance_stage`, `record_failure`); `Next`
says what a version needs after the extract stage.
"""

from __future__ import annotations

from enum import StrEnum

import sqlalchemy as sa

from arxref.blobs import blob_path
from arxref.domain import PaperVersion, Stage
from arxref.errors import NotFound
from arxref.settings import Settings
from arxref.store import versions
from arxref.store.engine import database_errors


class Next(StrEnum):
    """What a version needs after the extract stage."""

    DONE = "done"
    FETCH_PDF = "fetch_pdf"  # the e-print has no usable bibliography and no PDF was fetched yet


def version_row(engine: sa.Engine, paper: PaperVersion) -> versions.VersionRow:
    """The version's job row; NotFound when it was never enqueued."""
    with database_errors(), engine.connect() as conn:
        row = versions.get_version(conn, paper)
    if row is None:
        raise NotFound(f"{paper.key}: no job in paper_versions (enqueue it first)")
    return row


def is_stored(settings: Settings, sha256: str | None) -> bool:
    """Whether a recorded digest's blob is in the blob folder (a remote fetch is done only once)."""
    return bool(sha256) and blob_path(settings.blob_dir, sha256).is_file()


def load_blob(settings: Settings, paper: PaperVersion, sha256: str | None) -> bytes | None:
    """The bytes of a recorded blob, None when none is recorded; NotFound when the file is gone."""
    if not sha256:
        return None
    path = blob_path(settings.blob_dir, sha256)
    if not path.is_file():
        raise NotFound(
            f"{paper.key}: blob {sha256[:12]} is not in {settings.blob_dir} (is the folder shared?)"
        )
    return path.read_bytes()


def record_blobs(engine: sa.Engine, paper: PaperVersion, eprint: str | None, pdf: str | None) -> None:
    """Record the digests of the version's fetched e-print and PDF."""
    with database_errors(), engine.begin() as conn:
        versions.mark_fetched(conn, paper, eprint, pdf)


def advance_stage(engine: sa.Engine, paper: PaperVersion, stage: Stage) -> None:
    """Record the stage the version has reached (a failure is recorded at it)."""
    with database_errors(), engine.begin() as conn:
        versions.mark_stage(conn, paper, stage)


def record_failure(
    engine: sa.Engine, paper: PaperVersion, exc: BaseException, stage: Stage | None = None
) -> None:
    """Mark the version failed at `stage` (default: the stage it had reached)."""
    with database_errors(), engine.begin() as conn:
        versions.mark_failed(conn, paper, stage, exc)
