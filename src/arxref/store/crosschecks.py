"""Writing and reading a version's cross-check (its e-print and PDF entries aligned).

`replace_crosscheck` deletes the version's old rows and writes the new ones in the caller's
transaction, so a rerun replaces, never duplicates, as `replace_references` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa

from arxref.domain import PaperVersion
from arxref.evaluate.crosscheck import CrossCheck
from arxref.store.tables import paper_crosscheck_rows, paper_crosschecks, paper_versions
from arxref.store.versions import utcnow


@dataclass(frozen=True)
class StoredCrossCheck:
    """A version's cross-check as stored: its figure, counts and the rows that disagree or all rows."""

    paper: PaperVersion
    agreement: float
    counts: dict[str, int]
    eprint_entries: int
    pdf_entries: int
    pdf_error: str | None
    extractor_version: str
    checked_at: datetime
    rows: tuple[dict, ...] = ()


def _version_id(conn: sa.Connection, paper: PaperVersion) -> int | None:
    return conn.execute(
        sa.select(paper_versions.c.id).where(
            paper_versions.c.arxiv_id == paper.arxiv_id, paper_versions.c.version == paper.version
        )
    ).scalar()


def replace_crosscheck(
    conn: sa.Connection,
    paper: PaperVersion,
    check: CrossCheck,
    eprint_entries: int,
    pdf_entries: int,
    extractor_version: str,
    pdf_error: str | None = None,
) -> None:
    """Store a version's cross-check in place of any earlier one (in the caller's transaction)."""
    version_id = _version_id(conn, paper)
    if version_id is None:
        raise LookupError(f"{paper.key}: no such version")
    conn.execute(paper_crosscheck_rows.delete().where(paper_crosscheck_rows.c.version_id == version_id))
    conn.execute(paper_crosschecks.delete().where(paper_crosschecks.c.version_id == version_id))
    conn.execute(
        paper_crosschecks.insert().values(
            version_id=version_id,
            agreement=check.agreement,
            counts=check.counts,
            eprint_entries=eprint_entries,
            pdf_entries=pdf_entries,
            pdf_error=pdf_error,
            extractor_version=extractor_version,
            checked_at=utcnow(),
        )
    )
    rows = [
        {
            "version_id": version_id,
            "position": position,
            "agreement": row.agreement.value,
            "disagreement": row.disagreement.value if row.disagreement else None,
            "similarity": row.similarity,
            "index_agrees": row.index_agrees,
            "eprint_bibliography": row.eprint.bibliography if row.eprint else None,
            "eprint_index": row.eprint.index if row.eprint else None,
            "eprint_text": row.eprint.raw if row.eprint else None,
            "pdf_bibliography": row.pdf.bibliography if row.pdf else None,
            "pdf_index": row.pdf.index if row.pdf else None,
            "pdf_text": row.pdf.raw if row.pdf else None,
        }
        for position, row in enumerate(check.rows)
    ]
    if rows:
        conn.execute(paper_crosscheck_rows.insert(), rows)


_ROW_COLUMNS = [c for c in paper_crosscheck_rows.columns if c.name not in ("version_id",)]


def load_crosscheck(
    conn: sa.Connection, paper: PaperVersion, disagreeing_only: bool = False
) -> StoredCrossCheck | None:
    """A version's stored cross-check with its rows (only those that disagree, if asked), or None."""
    head = conn.execute(
        sa.select(paper_crosschecks, paper_versions.c.arxiv_id, paper_versions.c.version)
        .join(paper_versions, paper_versions.c.id == paper_crosschecks.c.version_id)
        .where(paper_versions.c.arxiv_id == paper.arxiv_id, paper_versions.c.version == paper.version)
    ).first()
    if head is None:
        return None
    query = (
        sa.select(*_ROW_COLUMNS)
        .where(paper_crosscheck_rows.c.version_id == head.version_id)
        .order_by(paper_crosscheck_rows.c.position)
    )
    if disagreeing_only:
        query = query.where(paper_crosscheck_rows.c.disagreement.is_not(None))
    rows = tuple(dict(r._mapping) for r in conn.execute(query))
    return _stored(head, rows)


def list_crosschecks(
    conn: sa.Connection, below: float | None = None, limit: int = 1000
) -> list[StoredCrossCheck]:
    """Versions by agreement, worst first (only those below `below`, if given); no rows."""
    query = (
        sa.select(paper_crosschecks, paper_versions.c.arxiv_id, paper_versions.c.version)
        .join(paper_versions, paper_versions.c.id == paper_crosschecks.c.version_id)
        .order_by(paper_crosschecks.c.agreement, paper_versions.c.arxiv_id, paper_versions.c.version)
        .limit(limit)
    )
    if below is not None:
        query = query.where(paper_crosschecks.c.agreement < below)
    return [_stored(head, ()) for head in conn.execute(query)]


def count_disagreements(conn: sa.Connection, below: float | None = None) -> dict[str, int]:
    """Rows that disagree, by kind, over every cross-checked version (below `below`, if given)."""
    query = (
        sa.select(paper_crosscheck_rows.c.disagreement, sa.func.count())
        .join(paper_crosschecks, paper_crosschecks.c.version_id == paper_crosscheck_rows.c.version_id)
        .where(paper_crosscheck_rows.c.disagreement.is_not(None))
        .group_by(paper_crosscheck_rows.c.disagreement)
    )
    if below is not None:
        query = query.where(paper_crosschecks.c.agreement < below)
    return {kind: n for kind, n in conn.execute(query)}


def _stored(head: sa.Row, rows: tuple[dict, ...]) -> StoredCrossCheck:
    return StoredCrossCheck(
        paper=PaperVersion(head.arxiv_id, head.version),
        agreement=head.agreement,
        counts=dict(head.counts or {}),
        eprint_entries=head.eprint_entries,
        pdf_entries=head.pdf_entries,
        pdf_error=head.pdf_error,
        extractor_version=head.extractor_version,
        checked_at=head.checked_at,
        rows=rows,
    )
