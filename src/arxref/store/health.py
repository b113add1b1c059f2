"""Reading the pool's health from `paper_versions`: the versions done most recently (the front page),
failures grouped with their latest messages, the failed versions a page at a time.

The database is the truth about every version, whichever process ran it, so the server's /status
and /metrics read it here rather than asking the workers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa

from arxref.domain import PaperVersion, VersionState
from arxref.store.counts import inline
from arxref.store.tables import paper_versions

FAILED = inline(VersionState.FAILED)[0]
"""Written into the SQL, so that PostgreSQL uses the partial index of failed versions (migration 0016)."""

LATEST_MESSAGES = 3
"""Messages shown per failure group: the newest distinct ones."""


@dataclass(frozen=True)
class FailedVersion:
    """A failed version: where it failed, why, after how many attempts, when."""

    paper: PaperVersion
    stage: str | None
    error_class: str | None
    message: str | None
    attempts: int
    failed_at: datetime | None


@dataclass(frozen=True)
class FailureGroup:
    """The failed versions of one stage and error class: how many, the newest, their newest messages."""

    stage: str | None
    error_class: str | None
    count: int
    latest_at: datetime | None
    latest: list[FailedVersion]


@dataclass(frozen=True)
class ProcessedVersion:
    """A version that finished with its references stored: what the front page lists."""

    paper: PaperVersion
    reference_count: int | None
    finished_at: datetime | None


def recent_done(conn: sa.Connection, limit: int) -> list[ProcessedVersion]:
    """The versions that finished most recently (by the finished_at index), newest first."""
    c = paper_versions.c
    query = (
        sa.select(c.arxiv_id, c.version, c.reference_count, c.finished_at)
        .where(c.state == VersionState.DONE)
        .order_by(c.finished_at.desc(), c.id.desc())
        .limit(limit)
    )
    return [
        ProcessedVersion(PaperVersion(row.arxiv_id, row.version), row.reference_count, row.finished_at)
        for row in conn.execute(query)
    ]


def failure_groups(conn: sa.Connection) -> list[FailureGroup]:
    """Failures by (stage, error class), most frequent first, each with its newest distinct messages."""
    c = paper_versions.c
    groups = conn.execute(
        sa.select(c.stage, c.last_error_class, sa.func.count().label("n"), sa.func.max(c.finished_at))
        .where(c.state == FAILED)
        .group_by(c.stage, c.last_error_class)
        .order_by(sa.desc("n"), c.stage, c.last_error_class)
    ).all()
    found = []
    for stage, error_class, count, latest_at in groups:
        newest = _failed_query(stage=stage, error_class=error_class, exact=True).limit(20)
        seen: set[str | None] = set()
        latest = []
        for version in map(_failed, conn.execute(newest)):
            if version.message not in seen:
                seen.add(version.message)
                latest.append(version)
            if len(latest) == LATEST_MESSAGES:
                break
        found.append(FailureGroup(stage, error_class, count, latest_at, latest))
    return found


def failed_versions(
    conn: sa.Connection, offset: int, limit: int, stage: str | None = None, error_class: str | None = None
) -> tuple[list[FailedVersion], int]:
    """A page of failed versions, newest failure first (one stage / error class if given), and the count."""
    query = _failed_query(stage=stage, error_class=error_class).offset(offset).limit(limit)
    rows = [_failed(row) for row in conn.execute(query)]
    count_query = sa.select(sa.func.count()).select_from(
        _failed_query(stage=stage, error_class=error_class).order_by(None).subquery()
    )
    return rows, conn.execute(count_query).scalar_one()


def _failed_query(stage: str | None, error_class: str | None, exact: bool = False) -> sa.Select:
    """Failed versions, newest first; `exact` matches a missing stage or class as NULL, else None is any."""
    c = paper_versions.c
    query = sa.select(
        c.arxiv_id, c.version, c.stage, c.last_error_class, c.last_error_message, c.attempts, c.finished_at
    ).where(c.state == FAILED)
    for column, value in ((c.stage, stage), (c.last_error_class, error_class)):
        if value is not None:
            query = query.where(column == value)
        elif exact:
            query = query.where(column.is_(None))
    return query.order_by(c.finished_at.desc(), c.id.desc())


def _failed(row: sa.Row) -> FailedVersion:
    return FailedVersion(
        paper=PaperVersion(row.arxiv_id, row.version),
        stage=row.stage,
        error_class=row.last_error_class,
        message=row.last_error_message,
        attempts=row.attempts,
        failed_at=row.finished_at,
    )
