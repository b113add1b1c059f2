"""The job table: one `paper_versions` row per arXiv version, the truth about its state.

Every write here is idempotent, because a Celery task may run twice (late acks).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

import sqlalchemy as sa

from arxref.domain import PaperVersion, Stage, VersionState
from arxref.store.tables import paper_versions, papers

ERROR_MESSAGE_LIMIT = 2000


def utcnow() -> datetime:
    """Timestamps are stored in UTC, always timezone-aware."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class VersionRow:
    """A job as stored."""

    id: int
    paper: PaperVersion
    state: VersionState
    stage: Stage | None
    attempts: int
    last_error_class: str | None
    last_error_message: str | None
    reference_source: str | None
    reference_count: int | None
    extractor_version: str | None
    updated_at: datetime


def enqueue_version(conn: sa.Connection, paper: PaperVersion) -> bool:
    """Create the job for a version if it does not exist; True when it was new."""
    now = utcnow()
    if conn.execute(sa.select(papers.c.arxiv_id).where(papers.c.arxiv_id == paper.arxiv_id)).first() is None:
        conn.execute(papers.insert().values(arxiv_id=paper.arxiv_id, created_at=now))
    existing = conn.execute(_select_version(paper)).first()
    if existing is not None:
        return False
    conn.execute(
        paper_versions.insert().values(
            arxiv_id=paper.arxiv_id,
            version=paper.version,
            state=VersionState.QUEUED,
            attempts=0,
            created_at=now,
            updated_at=now,
        )
    )
    return True


def get_version(conn: sa.Connection, paper: PaperVersion) -> VersionRow | None:
    """The stored job for a version, or None."""
    row = conn.execute(_select_version(paper)).first()
    return _to_version_row(row) if row is not None else None


def list_versions(conn: sa.Connection, state: VersionState | None = None) -> list[VersionRow]:
    """Jobs in id order, optionally only those in one state."""
    query = sa.select(paper_versions).order_by(paper_versions.c.id)
    if state is not None:
        query = query.where(paper_versions.c.state == state)
    return [_to_version_row(row) for row in conn.execute(query)]


def mark_started(conn: sa.Connection, paper: PaperVersion, stage: Stage) -> None:
    """A stage begins: the attempt is counted before the work, so a crash still counts."""
    now = utcnow()
    conn.execute(
        paper_versions.update()
        .where(_is(paper))
        .values(
            state=VersionState.RUNNING,
            stage=stage,
            attempts=paper_versions.c.attempts + (1 if stage == Stage.FETCH else 0),
            started_at=now,
            updated_at=now,
        )
    )


def mark_stage(conn: sa.Connection, paper: PaperVersion, stage: Stage) -> None:
    """Record the stage a running job has reached (so a failure names it)."""
    conn.execute(paper_versions.update().where(_is(paper)).values(stage=stage, updated_at=utcnow()))


def mark_failed(conn: sa.Connection, paper: PaperVersion, stage: Stage, error: BaseException) -> None:
    """Record a failure on the version: stage, error class, message."""
    now = utcnow()
    conn.execute(
        paper_versions.update()
        .where(_is(paper))
        .values(
            state=VersionState.FAILED,
            stage=stage,
            last_error_class=type(error).__name__,
            last_error_message=str(error)[:ERROR_MESSAGE_LIMIT],
            updated_at=now,
            finished_at=now,
        )
    )


def mark_requeued(conn: sa.Connection, paper: PaperVersion) -> None:
    """Put a version back in the queue (reprocess); its last error stays until it succeeds."""
    conn.execute(
        paper_versions.update().where(_is(paper)).values(state=VersionState.QUEUED, updated_at=utcnow())
    )


def _is(paper: PaperVersion) -> sa.ColumnElement[bool]:
    return sa.and_(paper_versions.c.arxiv_id == paper.arxiv_id, paper_versions.c.version == paper.version)


def _select_version(paper: PaperVersion) -> sa.Select:
    return sa.select(paper_versions).where(_is(paper))


def _to_version_row(row: sa.Row) -> VersionRow:
    return VersionRow(
        id=row.id,
        paper=PaperVersion(row.arxiv_id, row.version),
        state=VersionState(row.state),
        stage=Stage(row.stage) if row.stage else None,
        attempts=row.attempts,
        last_error_class=row.last_error_class,
        last_error_message=row.last_error_message,
        reference_source=row.reference_source,
        reference_count=row.reference_count,
        extractor_version=row.extractor_version,
        updated_at=row.updated_at,
    )


def mark_fetched(
    conn: sa.Connection, paper: PaperVersion, eprint_sha256: str | None, pdf_sha256: str | None
) -> None:
    """Remember which blobs a version was read from (a refetch is skipped when they exist)."""
    conn.execute(
        paper_versions.update()
        .where(_is(paper))
        .values(eprint_sha256=eprint_sha256, pdf_sha256=pdf_sha256, updated_at=utcnow())
    )
