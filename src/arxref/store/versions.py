"""The job table: one `paper_versions` row per arXiv version, the truth about its state.

Every write here is idempotent, because a Celery task may run twice (late acks).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

import sqlalchemy as sa

from arxref.domain import PaperVersion, Stage, VersionState
from arxref.store.tables import paper_versions, papers, version_state_counts

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
    eprint_sha256: str | None = None
    pdf_sha256: str | None = None
    task_runs: int = 0
    finished_at: datetime | None = None
    origin: str | None = None  # the local folder its files came from; None: as configured


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
    conn.execute(paper_versions.update().where(_is(paper)).values(**_running_values(stage)))


def set_origin(conn: sa.Connection, paper: PaperVersion, folder: str | None) -> None:
    """Remember the local folder a version is read from (None: arXiv or the mirror, as configured)."""
    conn.execute(paper_versions.update().where(_is(paper)).values(origin=folder))


def _running_values(stage: Stage) -> dict:
    """The row's values when a stage starts; a fetch starts a new attempt."""
    now = utcnow()
    return {
        "state": VersionState.RUNNING,
        "stage": stage,
        "attempts": paper_versions.c.attempts + (1 if stage == Stage.FETCH else 0),
        "started_at": now,
        "updated_at": now,
    }


def mark_stage(conn: sa.Connection, paper: PaperVersion, stage: Stage) -> None:
    """Record the stage a running job has reached (so a failure names it)."""
    conn.execute(paper_versions.update().where(_is(paper)).values(stage=stage, updated_at=utcnow()))


def mark_failed(conn: sa.Connection, paper: PaperVersion, stage: Stage | None, error: BaseException) -> None:
    """Record a failure on the version: stage (None: the stage it last reached), error class, message."""
    now = utcnow()
    conn.execute(
        paper_versions.update()
        .where(_is(paper))
        .values(
            state=VersionState.FAILED,
            stage=stage if stage is not None else paper_versions.c.stage,
            last_error_class=type(error).__name__,
            last_error_message=str(error)[:ERROR_MESSAGE_LIMIT],
            updated_at=now,
            finished_at=now,
        )
    )


def note_interruption(conn: sa.Connection, paper: PaperVersion, error: BaseException, requeue: bool) -> None:
    """Say on a version why its task did not finish (killed at the hard limit, worker died), while it
    is tried again: the error shows at once, `requeue` puts it back to queued (task_runs kept, so the
    poison guard still counts), else it stays running for the redelivered message to claim."""
    values = {
        "last_error_class": type(error).__name__,
        "last_error_message": str(error)[:ERROR_MESSAGE_LIMIT],
        "updated_at": utcnow(),
    }
    if requeue:
        values["state"] = VersionState.QUEUED
    conn.execute(paper_versions.update().where(_is(paper)).values(**values))


def mark_requeued(conn: sa.Connection, paper: PaperVersion) -> None:
    """Put a version back in the queue (reprocess); its last error stays until it succeeds."""
    conn.execute(
        paper_versions.update()
        .where(_is(paper))
        .values(state=VersionState.QUEUED, task_runs=0, updated_at=utcnow())
    )


def restore_version(conn: sa.Connection, before: VersionRow) -> None:
    """Undo `mark_requeued` of a version whose message could not be sent: a failed version stays
    failed (on /failures, for `reprocess --failed`), not queued with no message to run it."""
    conn.execute(
        paper_versions.update()
        .where(_is(before.paper), paper_versions.c.state == VersionState.QUEUED)
        .values(state=before.state, task_runs=before.task_runs, updated_at=before.updated_at)
    )


def mark_resent(conn: sa.Connection, paper: PaperVersion, stalled_before: datetime) -> bool:
    """Touch a stalled version whose message is sent again; False when it moved on since it was chosen.

    Only `updated_at` changes (the next sweep waits a whole stall age again): the state,
    stage and `task_runs` stay, so the claim goes on counting the runs of a version whose
    tasks keep dying and the poison guard still ends it.
    """
    c = paper_versions.c
    result = conn.execute(
        paper_versions.update()
        .where(
            _is(paper),
            c.state.in_([VersionState.QUEUED, VersionState.RUNNING]),
            c.updated_at < stalled_before,
        )
        .values(updated_at=utcnow())
    )
    return result.rowcount == 1


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
        eprint_sha256=row.eprint_sha256,
        pdf_sha256=row.pdf_sha256,
        task_runs=row.task_runs,
        finished_at=row.finished_at,
        origin=row.origin,
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


def enqueue_versions(conn: sa.Connection, papers: Iterable[PaperVersion]) -> list[PaperVersion]:
    """Create the jobs that do not exist yet; the new ones, in order (duplicates ignored)."""
    seen: set[PaperVersion] = set()
    new = []
    for paper in papers:
        if paper not in seen and enqueue_version(conn, paper):
            new.append(paper)
        seen.add(paper)
    return new


def _stage_group(stage: Stage | None) -> Stage | None:
    """Fetch is one task; extract, resolve and store are another (the extract queue)."""
    return stage if stage in (None, Stage.FETCH) else Stage.EXTRACT


def claim_version(conn: sa.Connection, paper: PaperVersion, stage: Stage) -> VersionRow | None:
    """Start a task's stage on a queued or running version; None when there is nothing to do.

    The row is locked so two deliveries of one message count their runs one after
    the other. `task_runs` counts runs of this stage group since the version was
    queued: a redelivered message (worker killed, hard time limit) shows up there.
    """
    row = conn.execute(_select_version(paper).with_for_update()).first()
    if row is None or row.state not in (VersionState.QUEUED, VersionState.RUNNING):
        return None
    same = _stage_group(Stage(row.stage) if row.stage else None) == _stage_group(stage)
    runs = row.task_runs + 1 if same and row.state == VersionState.RUNNING else 1
    conn.execute(paper_versions.update().where(_is(paper)).values(task_runs=runs, **_running_values(stage)))
    return get_version(conn, paper)


@dataclass(frozen=True)
class Selection:
    """Which versions `reprocess` puts back; every given criterion must hold."""

    failed: bool = False
    stage: Stage | None = None
    error_class: str | None = None
    since: datetime | None = None
    extractor_older_than: str | None = None
    stalled_before: datetime | None = None


def select_versions(conn: sa.Connection, selection: Selection) -> list[VersionRow]:
    """The versions a reprocess selection names, in id order."""
    c = paper_versions.c
    query = sa.select(paper_versions).order_by(c.id)
    if selection.failed:
        query = query.where(c.state == VersionState.FAILED)
    if selection.stage is not None:
        query = query.where(c.stage == selection.stage)
    if selection.error_class is not None:
        query = query.where(c.last_error_class == selection.error_class)
    if selection.since is not None:
        query = query.where(c.updated_at >= selection.since)
    if selection.stalled_before is not None:
        query = query.where(
            c.state.in_([VersionState.QUEUED, VersionState.RUNNING]), c.updated_at < selection.stalled_before
        )
    rows = [_to_version_row(row) for row in conn.execute(query)]
    if selection.extractor_older_than is not None:
        limit = version_key(selection.extractor_older_than)
        rows = [
            r
            for r in rows
            if r.state == VersionState.DONE and version_key(r.extractor_version or "0") < limit
        ]
    return rows


def version_key(version: str) -> tuple[int, ...]:
    """`0.10.0` sorts after `0.9.2`: compare extractor versions numerically."""
    return tuple(int(part) if part.isdigit() else 0 for part in version.split("."))


def count_by_state(conn: sa.Connection) -> dict[str, int]:
    """How many versions are in each state: read from the counts a trigger keeps (migration 0014)."""
    c = version_state_counts.c
    query = sa.select(c.state, sa.func.sum(c.total)).group_by(c.state)
    return {state: int(n) for state, n in conn.execute(query) if n}


def count_failures(conn: sa.Connection) -> dict[str, int]:
    """Failed versions by `stage/error class`, most frequent first."""
    c = paper_versions.c
    query = (
        sa.select(c.stage, c.last_error_class, sa.func.count().label("n"))
        .where(c.state == VersionState.FAILED)
        .group_by(c.stage, c.last_error_class)
        .order_by(sa.desc("n"))
    )
    return {f"{stage or '-'}/{error}": n for stage, error, n in conn.execute(query)}


def count_finished_since(conn: sa.Connection, since: datetime) -> dict[str, int]:
    """Versions that reached done or failed since a moment (throughput)."""
    c = paper_versions.c
    query = (
        sa.select(c.state, sa.func.count())
        .where(c.finished_at >= since, c.state.in_([VersionState.DONE, VersionState.FAILED]))
        .group_by(c.state)
    )
    return {row[0]: row[1] for row in conn.execute(query)}
