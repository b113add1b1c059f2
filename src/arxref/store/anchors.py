"""Where every thousandth inbound citation of a much-cited paper starts, so that a record's page in the
middle of 100,000 citations is read from the nearest anchor instead of after 50,000 skipped index
entries (6-9 ms at 20M references, the one record page that grew with the paper).

Derived data, kept in the process: a paper's anchors hold while its `revision` (kept count of
migration 0014, raised at every change of the paper's inbound links, net or not) is the one they
were read with; the revision and the anchors are read in one statement, so from one snapshot.
"""

from __future__ import annotations

import sqlalchemy as sa

from arxref.store.counts import RESOLVED, inline
from arxref.store.tables import paper_inbound_counts, paper_reference_links

ANCHOR_EVERY = 1000
"""Citations between two anchors: a page skips fewer than this many entries."""
ANCHORED_FROM = 10_000
"""Papers cited fewer times skip at most half of this from their nearer end (about 1 ms): no anchors."""
KEPT = 1024
"""Papers whose anchors a process keeps (the oldest read are dropped first)."""

_kept: dict[str, tuple[int, tuple[int, ...]]] = {}


def anchored_start(conn: sa.Connection, arxiv_id: str, offset: int) -> tuple[int, int] | None:
    """(the reference id to read from, the entries to skip after it) for the citation at `offset`,
    or None when the paper has no citations."""
    current = conn.execute(
        sa.select(paper_inbound_counts.c.revision).where(paper_inbound_counts.c.arxiv_id == arxiv_id)
    ).scalar()
    kept = _kept.get(arxiv_id)
    if kept is None or kept[0] != current:
        kept = _read(conn, arxiv_id)
        if kept is None:
            return None
        if len(_kept) >= KEPT:
            _kept.pop(next(iter(_kept)))
        _kept[arxiv_id] = kept
    anchors = kept[1]
    at = min(offset // ANCHOR_EVERY, len(anchors) - 1)
    return anchors[at], offset - at * ANCHOR_EVERY


def _read(conn: sa.Connection, arxiv_id: str) -> tuple[int, tuple[int, ...]] | None:
    """The paper's revision and the reference id of its 1st, 1001st, 2001st... citation."""
    links = paper_reference_links.c
    ranked = (
        sa.select(links.reference_id, sa.func.row_number().over(order_by=links.reference_id).label("number"))
        .where(links.cited_arxiv_id == arxiv_id, links.status.in_(inline(*RESOLVED)))
        .subquery()
    )
    revision = (
        sa.select(paper_inbound_counts.c.revision)
        .where(paper_inbound_counts.c.arxiv_id == arxiv_id)
        .scalar_subquery()
    )
    query = (
        sa.select(revision, ranked.c.reference_id)
        .where((ranked.c.number - 1) % ANCHOR_EVERY == 0)
        .order_by(ranked.c.reference_id)
    )
    rows = conn.execute(query).all()
    if not rows:
        return None
    return rows[0][0], tuple(reference_id for _, reference_id in rows)
