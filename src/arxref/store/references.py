"""Writing and reading a version's references and their resolutions.

`replace_references` is the only writer: it deletes the version's old rows and
inserts the new ones inside the caller's transaction, so a reader sees either the
old set or the new set, never a mix, and a rerun never duplicates rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import datetime

import sqlalchemy as sa

from arxref.domain import (
    Candidate,
    PaperVersion,
    ParsedReference,
    Provenance,
    RawReference,
    ReferenceSource,
    Resolution,
    ResolutionStatus,
    ResolvedReference,
    ResolverSource,
    VersionState,
)
from arxref.resolve.own_tables import earlier_citation
from arxref.store import counts
from arxref.store.tables import arxiv_catalog, paper_reference_links, paper_references, paper_versions
from arxref.store.versions import utcnow


@dataclass(frozen=True)
class StoredReference:
    """A reference row joined with its link row."""

    id: int
    paper: PaperVersion
    reference: ResolvedReference
    source_observed_at: datetime
    link_observed_at: datetime | None
    extractor_version: str


def replace_references(
    conn: sa.Connection,
    paper: PaperVersion,
    source: ReferenceSource,
    references: Sequence[ResolvedReference],
    extractor_version: str,
    notes: Sequence[str] = (),
) -> None:
    """Replace all references of a version and mark it done, in the caller's transaction.

    A handful of statements whatever the list's length: the rows go in as one batch each
    (the references' ids read back by position for their links), and the kept counts last.
    """
    # The row lock serialises two runs of the same version (a redelivered task): the second
    # waits, then deletes what the first inserted, so rows are never duplicated.
    version_id = conn.execute(
        sa.select(paper_versions.c.id)
        .where(paper_versions.c.arxiv_id == paper.arxiv_id, paper_versions.c.version == paper.version)
        .with_for_update()
    ).scalar_one()
    changes = counts.CountChanges(counts.slot_of(version_id))
    refs, links = paper_references.c, paper_reference_links.c
    old = conn.execute(
        sa.select(refs.source, links.status, links.cited_arxiv_id)
        .select_from(paper_references.join(paper_reference_links))
        .where(refs.version_id == version_id)
    )
    for row in old:
        changes.add(row.source, row.status, row.cited_arxiv_id, sign=-1)
    old_ids = sa.select(refs.id).where(refs.version_id == version_id)
    conn.execute(paper_reference_links.delete().where(links.reference_id.in_(old_ids)))
    conn.execute(paper_references.delete().where(refs.version_id == version_id))
    now = utcnow()
    if references:
        rows = [
            _reference_values(version_id, paper, position, item, now, extractor_version)
            for position, item in enumerate(references, start=1)
        ]
        # executemany, then the ids by position: one INSERT ... RETURNING of 40 rows is a statement of
        # 1,000 parameters that the driver parses anew each time (10 ms a version on PostgreSQL).
        conn.execute(paper_references.insert(), rows)
        ids = dict(conn.execute(sa.select(refs.position, refs.id).where(refs.version_id == version_id)).all())
        reference_ids = [ids[position] for position in range(1, len(references) + 1)]
        pairs = zip(reference_ids, references, strict=True)
        link_rows = [_link_values(rid, item.resolution, now) for rid, item in pairs]
        conn.execute(paper_reference_links.insert(), link_rows)
        for item in references:
            resolution = item.resolution
            changes.add(item.raw.source, resolution.status, resolution.cited_arxiv_id)
    conn.execute(
        paper_versions.update()
        .where(paper_versions.c.id == version_id)
        .values(
            state=VersionState.DONE,
            reference_source=source,
            reference_count=len(references),
            extraction_notes=list(notes),
            extractor_version=extractor_version,
            last_error_class=None,
            last_error_message=None,
            updated_at=now,
            finished_at=now,
        )
    )
    link_earlier_citations(conn, paper.arxiv_id, changes)
    counts.apply(conn, changes, now)


_ID_BATCH = 5000
"""Ids per IN list: under SQLite's and PostgreSQL's limits on a statement's parameters."""


def link_earlier_citations(conn: sa.Connection, arxiv_id: str, changes: counts.CountChanges) -> int:
    """Resolve to a newly processed paper the entries that printed its id before we had it; how many.

    Papers processed earlier printed a valid id the catalog lacked: `unresolved` by `arxiv_id`.
    Now that the paper is ours, the resolver would link them (`resolve.own_tables`); it is not
    asked again for papers it already decided with a catalog record. One UPDATE links them all
    (a paper may be cited 10,000 times before it arrives), and `changes` gets what it moved.
    """
    in_catalog = sa.select(arxiv_catalog.c.arxiv_id).where(arxiv_catalog.c.arxiv_id == arxiv_id)
    if conn.execute(in_catalog).first() is not None:
        return 0
    stored = Resolution(ResolutionStatus.UNRESOLVED, ResolverSource.ARXIV_ID, arxiv_id)
    resolution = earlier_citation(stored, arxiv_id)
    if resolution is None:
        return 0
    links = paper_reference_links.c
    earlier = sa.and_(
        links.cited_arxiv_id == arxiv_id,
        links.status == counts.inline(stored.status)[0],  # the partial index of migration 0015
        links.resolver_source == counts.inline(stored.resolver_source)[0],
    )
    values = _link_values(0, resolution, utcnow())
    del values["reference_id"], values["cited_doi"]  # an entry's printed DOI stays as it was stored
    update = paper_reference_links.update().where(earlier).values(values).returning(links.reference_id)
    moved = conn.execute(update).scalars().all()
    # The sources of exactly the rows moved, so the counts stay exact if another worker stored a
    # matching link meanwhile.
    for start in range(0, len(moved), _ID_BATCH):
        batch = moved[start : start + _ID_BATCH]
        by_source = conn.execute(
            sa.select(paper_references.c.source, sa.func.count())
            .where(paper_references.c.id.in_(batch))
            .group_by(paper_references.c.source)
        )
        for source, n in by_source:
            changes.references[(source, stored.status)] -= n
            changes.references[(source, resolution.status)] += n
    if resolution.status in counts.RESOLVED:
        changes.inbound[arxiv_id] += len(moved)
    return len(moved)


def replace_resolution(conn: sa.Connection, reference_id: int, resolution: Resolution) -> None:
    """Re-resolution of a stored reference (new catalog data) without re-extracting."""
    refs, links = paper_references.c, paper_reference_links.c
    stored = conn.execute(
        sa.select(refs.version_id, refs.source, links.status, links.cited_arxiv_id)
        .select_from(paper_references.outerjoin(paper_reference_links))
        .where(refs.id == reference_id)
    ).one()
    changes = counts.CountChanges(counts.slot_of(stored.version_id))
    if stored.status is not None:
        changes.add(stored.source, stored.status, stored.cited_arxiv_id, sign=-1)
    changes.add(stored.source, resolution.status, resolution.cited_arxiv_id)
    now = utcnow()
    conn.execute(paper_reference_links.delete().where(links.reference_id == reference_id))
    conn.execute(paper_reference_links.insert().values(_link_values(reference_id, resolution, now)))
    counts.apply(conn, changes, now)


def load_references(
    conn: sa.Connection, paper: PaperVersion | None = None, status: ResolutionStatus | None = None
) -> list[StoredReference]:
    """Stored references (of one version, or all), in the order they were extracted."""
    query = (
        sa.select(paper_references, paper_reference_links, paper_references.c.id.label("reference_row_id"))
        .select_from(paper_references.outerjoin(paper_reference_links))
        .order_by(paper_references.c.version_id, paper_references.c.position)
    )
    if paper is not None:
        query = query.where(
            paper_references.c.citing_arxiv_id == paper.arxiv_id,
            paper_references.c.citing_version == paper.version,
        )
    if status is not None:
        query = query.where(paper_reference_links.c.status == status)
    return [_to_stored(row) for row in conn.execute(query)]


def _reference_values(
    version_id: int,
    paper: PaperVersion,
    position: int,
    item: ResolvedReference,
    observed_at: datetime,
    extractor_version: str,
) -> dict:
    raw, parsed, where = item.raw, item.parsed, item.raw.provenance
    # Field by field, not dataclasses.asdict: that deep-copies every value (a fifth of a write's time).
    provenance = {name: getattr(where, name) for name in _PROVENANCE_FIELDS}
    provenance["pages"] = list(where.pages)
    provenance["bbox"] = list(where.bbox) if where.bbox else None
    return {
        "version_id": version_id,
        "citing_arxiv_id": paper.arxiv_id,
        "citing_version": paper.version,
        "position": position,
        "bibliography": raw.bibliography,
        "reference_index": raw.index,
        "label": raw.label,
        "key": raw.key,
        "raw_text": raw.raw,
        **{name: getattr(parsed, name) for name in _PARSED_FIELDS},
        "authors": list(parsed.authors),
        "parse_confidence": parsed.confidence,
        "source": raw.source,
        "source_observed_at": observed_at,
        "extractor_version": extractor_version,
        "provenance": provenance,
        "flags": list(raw.flags),
    }


_PARSED_FIELDS = [f.name for f in fields(ParsedReference) if f.name not in ("confidence", "authors")]
_PROVENANCE_FIELDS = [f.name for f in fields(Provenance)]
_CANDIDATE_FIELDS = [f.name for f in fields(Candidate)]


def _link_values(reference_id: int, resolution: Resolution, observed_at: datetime) -> dict:
    return {
        "reference_id": reference_id,
        "status": resolution.status,
        "resolver_source": resolution.resolver_source,
        "cited_arxiv_id": resolution.cited_arxiv_id,
        "cited_doi": resolution.cited_doi,
        "score": resolution.score,
        "candidates": [{name: getattr(c, name) for name in _CANDIDATE_FIELDS} for c in resolution.candidates],
        "observed_at": observed_at,
    }


def _to_stored(row: sa.Row) -> StoredReference:
    m = row._mapping
    prov = m["provenance"] or {}
    raw = RawReference(
        index=m["reference_index"],
        raw=m["raw_text"],
        source=ReferenceSource(m["source"]),
        label=m["label"],
        bibliography=m["bibliography"],
        key=m["key"],
        provenance=Provenance(
            file=prov.get("file"),
            pages=tuple(prov.get("pages") or ()),
            bbox=tuple(prov["bbox"]) if prov.get("bbox") else None,
            encoding=prov.get("encoding"),
            reconstructed=bool(prov.get("reconstructed")),
        ),
        flags=tuple(m["flags"] or ()),
    )
    parsed = ParsedReference(
        authors=tuple(m["authors"] or ()),
        et_al=m["et_al"],
        title=m["title"],
        year=m["year"],
        venue=m["venue"],
        volume=m["volume"],
        pages=m["pages"],
        arxiv_id=m["arxiv_id"],
        doi=m["doi"],
        url=m["url"],
        confidence=m["parse_confidence"],
    )
    if m["status"] is None:
        resolution = Resolution(status=ResolutionStatus.UNRESOLVED)
    else:
        resolution = Resolution(
            status=ResolutionStatus(m["status"]),
            resolver_source=ResolverSource(m["resolver_source"]) if m["resolver_source"] else None,
            cited_arxiv_id=m["cited_arxiv_id"],
            cited_doi=m["cited_doi"],
            score=m["score"],
            candidates=tuple(Candidate(**c) for c in m["candidates"] or ()),
        )
    return StoredReference(
        id=m["reference_row_id"],
        paper=PaperVersion(m["citing_arxiv_id"], m["citing_version"]),
        reference=ResolvedReference(raw=raw, parsed=parsed, resolution=resolution),
        source_observed_at=m["source_observed_at"],
        link_observed_at=m["observed_at"],
        extractor_version=m["extractor_version"],
    )
