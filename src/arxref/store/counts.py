"""Counts kept as references and links change (migration 0014), read instead of counting large tables.

The writer of references (`store.references`) gathers what a transaction changes into a
`CountChanges` and adds it with `apply`: one batch of upserts per table, in key order, so that
two workers storing papers that cite the same papers take the count rows' locks in the same order
and never deadlock. Versions by state are kept by a trigger (every state change is one row).
`recount` rebuilds all three from the tables, for a bulk load that bypassed the writer.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from arxref.domain import ResolutionStatus
from arxref.store.tables import (
    COUNT_SLOTS,
    paper_inbound_counts,
    paper_reference_links,
    paper_references,
    paper_versions,
    reference_counts,
    version_state_counts,
)

RESOLVED = (ResolutionStatus.VERIFIED_EXACT, ResolutionStatus.VERIFIED_FUZZY)
"""A link with one of these statuses resolves to the paper it names: an inbound citation of it."""


def inline(*values: str) -> list[sa.BindParameter]:
    """Values written into the SQL, not bound: PostgreSQL proves a partial index's predicate
    (`status IN (...)`, migrations 0009 and 0015) only from constants, and a prepared statement's
    generic plan would otherwise scan the table."""
    return [sa.literal(str(value), literal_execute=True) for value in values]


@dataclass
class CountChanges:
    """What one transaction adds to (or, negative, takes from) the kept counts."""

    slot: int
    references: Counter[tuple[str, str]] = field(default_factory=Counter)  # (source, status)
    inbound: Counter[str] = field(default_factory=Counter)  # cited arXiv id

    def add(self, source: str, status: str, cited_arxiv_id: str | None, sign: int = 1) -> None:
        """Count one reference stored (sign 1) or removed (sign -1) with its link."""
        self.references[(str(source), str(status))] += sign
        if cited_arxiv_id and status in RESOLVED:
            self.inbound[cited_arxiv_id] += sign


def slot_of(version_id: int) -> int:
    """The count rows a version's changes go to."""
    return version_id % COUNT_SLOTS


def apply(conn: sa.Connection, changes: CountChanges, now: datetime) -> None:
    """Add the changes to the kept counts, in key order (see the module's docstring)."""
    references = sorted((key, n) for key, n in changes.references.items() if n)
    if references:
        rows = [
            {"source": source, "status": status, "slot": changes.slot, "total": n}
            for (source, status), n in references
        ]
        _add(conn, reference_counts, rows, ["source", "status", "slot"], {})
    # Every paper touched, its total changed or not (a citation removed and another added moves the
    # paper's pages): its revision goes up.
    inbound = sorted(changes.inbound.items())
    if inbound:
        rows = [{"arxiv_id": paper, "total": n, "changed_at": now, "revision": 1} for paper, n in inbound]
        revision = {"changed_at": now, "revision": paper_inbound_counts.c.revision + 1}
        _add(conn, paper_inbound_counts, rows, ["arxiv_id"], revision)


def _add(conn: sa.Connection, table: sa.Table, rows: list[dict], key: list[str], also: dict) -> None:
    insert = (postgresql if conn.dialect.name == "postgresql" else sqlite).insert(table)
    statement = insert.on_conflict_do_update(
        index_elements=key, set_={"total": table.c.total + insert.excluded.total, **also}
    )
    conn.execute(statement, rows)


def references_by_source_and_status(conn: sa.Connection) -> dict[tuple[str, str], int]:
    """Stored references by (source, resolution status) (pairs with none left out)."""
    c = reference_counts.c
    query = sa.select(c.source, c.status, sa.func.sum(c.total)).group_by(c.source, c.status)
    return {(source, status): int(n) for source, status, n in conn.execute(query) if n}


def inbound(conn: sa.Connection, arxiv_id: str) -> tuple[int, datetime | None]:
    """How many stored references resolve to this paper, and when that last changed."""
    c = paper_inbound_counts.c
    row = conn.execute(sa.select(c.total, c.changed_at).where(c.arxiv_id == arxiv_id)).first()
    return (0, None) if row is None else (int(row.total), row.changed_at)


def recount(conn: sa.Connection) -> None:
    """Count all three again from the tables (after a bulk load that wrote rows directly)."""
    for table in (version_state_counts, reference_counts, paper_inbound_counts):
        conn.execute(table.delete())
    v, r, lk = paper_versions.c, paper_references.c, paper_reference_links.c
    slots = sa.literal_column(str(COUNT_SLOTS))  # inline: the same text in SELECT and GROUP BY
    conn.execute(
        version_state_counts.insert().from_select(
            ["state", "slot", "total"],
            sa.select(v.state, v.id % slots, sa.func.count()).group_by(v.state, v.id % slots),
        )
    )
    slot = r.version_id % slots
    conn.execute(
        reference_counts.insert().from_select(
            ["source", "status", "slot", "total"],
            sa.select(r.source, lk.status, slot, sa.func.count())
            .select_from(paper_references.join(paper_reference_links))
            .group_by(r.source, lk.status, slot),
        )
    )
    conn.execute(
        paper_inbound_counts.insert().from_select(
            ["arxiv_id", "total", "changed_at"],
            sa.select(lk.cited_arxiv_id, sa.func.count(), sa.func.max(lk.observed_at))
            .where(lk.status.in_(RESOLVED), lk.cited_arxiv_id.is_not(None))
            .group_by(lk.cited_arxiv_id),
        )
    )
