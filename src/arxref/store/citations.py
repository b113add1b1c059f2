"""Reading citations for a paper's record: its outbound references a page at a time, the stored
references that resolve to it (inbound), their counts, and what our tables know of papers.

Every query here is bounded by the page or by an index: outbound by (version_id, position),
inbound by the links that resolve to the paper (`ix_paper_reference_links_inbound`, migration
0009), so a record costs the same few statements whatever the size of the tables
(benchmarks/bench_record.py).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa

from arxref.domain import PaperVersion, VersionState
from arxref.resolve.own_tables import KnownPapers
from arxref.store import counts
from arxref.store.anchors import ANCHORED_FROM, anchored_start
from arxref.store.catalog import SqlCatalog
from arxref.store.counts import RESOLVED
from arxref.store.tables import paper_reference_links, paper_references, paper_versions


def own_tables_catalog(conn: sa.Connection) -> KnownPapers:
    """The SQL catalog, its id lookups also finding the processed papers it lacks (`resolve.own_tables`)."""
    return KnownPapers(SqlCatalog(conn), lambda ids: processed_versions(conn, ids))


def processed_versions(conn: sa.Connection, arxiv_ids: Sequence[str]) -> dict[str, int]:
    """The newest processed (done) version of each of these papers that has one."""
    if not arxiv_ids:
        return {}
    c = paper_versions.c
    query = (
        sa.select(c.arxiv_id, sa.func.max(c.version))
        .where(c.arxiv_id.in_(sorted(set(arxiv_ids))), c.state == VersionState.DONE)
        .group_by(c.arxiv_id)
    )
    return {arxiv_id: version for arxiv_id, version in conn.execute(query)}


@dataclass(frozen=True)
class VersionSummary:
    """A version of a paper as the record shows it: its state, and its failure if it failed."""

    paper: PaperVersion
    id: int
    state: VersionState
    stage: str | None
    error_class: str | None
    error_message: str | None
    attempts: int
    reference_count: int | None
    finished_at: datetime | None


def paper_versions_of(conn: sa.Connection, arxiv_id: str) -> list[VersionSummary]:
    """Every version of a paper we hold a job for, oldest first."""
    c = paper_versions.c
    query = (
        sa.select(
            c.id,
            c.arxiv_id,
            c.version,
            c.state,
            c.stage,
            c.last_error_class,
            c.last_error_message,
            c.attempts,
            c.reference_count,
            c.finished_at,
        )
        .where(c.arxiv_id == arxiv_id)
        .order_by(c.version)
    )
    return [
        VersionSummary(
            paper=PaperVersion(row.arxiv_id, row.version),
            id=row.id,
            state=VersionState(row.state),
            stage=row.stage,
            error_class=row.last_error_class,
            error_message=row.last_error_message,
            attempts=row.attempts,
            reference_count=row.reference_count,
            finished_at=row.finished_at,
        )
        for row in conn.execute(query)
    ]


@dataclass(frozen=True)
class CitationRow:
    """One stored reference with its link: the columns a record shows, and no more (one small JSON
    column, the flags: a record page reads 200 of them)."""

    citing_arxiv_id: str
    citing_version: int
    bibliography: int
    reference_index: int
    label: str | None
    raw_text: str
    title: str | None
    year: int | None
    venue: str | None
    doi: str | None
    source: str
    source_observed_at: datetime
    extractor_version: str
    status: str | None
    resolver_source: str | None
    cited_arxiv_id: str | None
    cited_doi: str | None
    score: float | None
    observed_at: datetime | None
    flags: list[str] | None  # e.g. "composed": the text was made from fields, not printed

    @property
    def paper(self) -> PaperVersion:
        """The citing version."""
        return PaperVersion(self.citing_arxiv_id, self.citing_version)


def _citations() -> sa.Select:
    refs, links = paper_references.c, paper_reference_links.c
    return sa.select(
        refs.citing_arxiv_id, refs.citing_version, refs.bibliography, refs.reference_index, refs.label,
        refs.raw_text, refs.title, refs.year, refs.venue, refs.doi, refs.source, refs.source_observed_at,
        refs.extractor_version, links.status, links.resolver_source, links.cited_arxiv_id, links.cited_doi,
        links.score, links.observed_at, refs.flags,
    )  # fmt: skip


def outbound_page(conn: sa.Connection, version_id: int, offset: int, limit: int) -> list[CitationRow]:
    """A page of a version's references in the order it printed them (the (version, position) key)."""
    query = (
        _citations()
        .select_from(paper_references.outerjoin(paper_reference_links))
        .where(paper_references.c.version_id == version_id)
        .order_by(paper_references.c.position)
        .offset(offset)
        .limit(limit)
    )
    return [CitationRow(*row) for row in conn.execute(query).all()]  # one fetch: not a round of calls a row


def outbound_counts(conn: sa.Connection, version_id: int) -> tuple[dict[str, int], datetime | None]:
    """A version's references by resolution status, and when the newest of them was resolved."""
    links = paper_reference_links.c
    query = (
        sa.select(links.status, sa.func.count(), sa.func.max(links.observed_at))
        .select_from(paper_references.join(paper_reference_links))
        .where(paper_references.c.version_id == version_id)
        .group_by(links.status)
    )
    counts: dict[str, int] = {}
    newest: datetime | None = None
    for status, n, observed in conn.execute(query):
        counts[status] = n
        newest = observed if newest is None or (observed is not None and observed > newest) else newest
    return counts, newest


def inbound_count(conn: sa.Connection, arxiv_id: str) -> tuple[int, datetime | None]:
    """How many stored references resolve to this paper, and when that last changed (a kept count:
    a paper cited 100,000 times would otherwise read 100,000 links at each request)."""
    return counts.inbound(conn, arxiv_id)


def inbound_page(
    conn: sa.Connection, arxiv_id: str, offset: int, limit: int, total: int
) -> list[CitationRow]:
    """A page of the stored references that resolve to this paper, in the order they were stored.

    Stored order keeps a page's contents as papers are added (they come after), and the page is
    read from the partial index of migration 0009 before its 100 references are joined: sorting
    by the citing paper would join every citing reference first. A paper cited `ANCHORED_FROM`
    times or more is read from the anchor before the page (`store.anchors`); another's page past
    the middle of `total` (the kept count) from the end. Either way a page of a paper cited
    100,000 times costs what its first does.
    """
    links = paper_reference_links.c
    resolving = sa.select(links.reference_id).where(
        links.cited_arxiv_id == arxiv_id, links.status.in_(counts.inline(*RESOLVED))
    )
    start = anchored_start(conn, arxiv_id, offset) if total >= ANCHORED_FROM and offset else None
    if start is not None:
        first, skip = start
        chosen = resolving.where(links.reference_id >= first).order_by(links.reference_id).offset(skip)
        chosen = chosen.limit(limit)
    elif offset > total - offset - limit:
        from_end, shown = max(0, total - offset - limit), min(limit, total - offset)
        chosen = resolving.order_by(links.reference_id.desc()).offset(from_end).limit(shown)
    else:
        chosen = resolving.order_by(links.reference_id).offset(offset).limit(limit)
    page = chosen.subquery()
    query = (
        _citations()
        .select_from(
            page.join(paper_references, paper_references.c.id == page.c.reference_id).join(
                paper_reference_links, paper_reference_links.c.reference_id == page.c.reference_id
            )
        )
        .order_by(page.c.reference_id)
    )
    return [CitationRow(*row) for row in conn.execute(query).all()]  # one fetch: not a round of calls a row


def titles_as_cited(conn: sa.Connection, arxiv_id: str, limit: int = 50) -> list[str]:
    """The titles that citing papers print for this paper (parsed from their resolved entries)."""
    links, refs = paper_reference_links.c, paper_references.c
    query = (
        sa.select(refs.title)
        .select_from(paper_reference_links.join(paper_references))
        .where(links.cited_arxiv_id == arxiv_id, links.status.in_(counts.inline(*RESOLVED)))
        .where(refs.title.is_not(None))
        .limit(limit)
    )
    return [title for (title,) in conn.execute(query)]


@dataclass
class StatementCount:
    """How many SQL statements a connection ran inside `statement_counter`."""

    count: int = 0


@contextmanager
def statement_counter(conn: sa.Connection) -> Iterator[StatementCount]:
    """Count the statements run on this connection meanwhile (the record's `caps.database_statements`)."""
    counted = StatementCount()

    def count(*_: object) -> None:
        counted.count += 1

    sa.event.listen(conn, "before_cursor_execute", count)
    try:
        yield counted
    finally:
        sa.event.remove(conn, "before_cursor_execute", count)
