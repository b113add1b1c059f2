"""Writing and reading a version's references and their resolutions.

`replace_references` is the only writer: it deletes the version's old rows and
inserts the new ones inside the caller's transaction, so a reader sees either the
old set or the new set, never a mix, and a rerun never duplicates rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
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
    """Replace all references of a version and mark it done, in the caller's transaction."""
    # The row lock serialises two runs of the same version (a redelivered task): the second
    # waits, then deletes what the first inserted, so rows are never duplicated.
    version_id = conn.execute(
        sa.select(paper_versions.c.id)
        .where(paper_versions.c.arxiv_id == paper.arxiv_id, paper_versions.c.version == paper.version)
        .with_for_update()
    ).scalar_one()
    old_ids = sa.select(paper_references.c.id).where(paper_references.c.version_id == version_id)
    conn.execute(paper_reference_links.delete().where(paper_reference_links.c.reference_id.in_(old_ids)))
    conn.execute(paper_references.delete().where(paper_references.c.version_id == version_id))
    now = utcnow()
    for position, item in enumerate(references, start=1):
        reference_id = conn.execute(
            paper_references.insert()
            .values(_reference_values(version_id, paper, position, item, now, extractor_version))
            .returning(paper_references.c.id)
        ).scalar_one()
        conn.execute(paper_reference_links.insert().values(_link_values(reference_id, item.resolution, now)))
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
    link_earlier_citations(conn, paper.arxiv_id)


def link_earlier_citations(conn: sa.Connection, arxiv_id: str) -> int:
    """Resolve to a newly processed paper the entries that printed its id before we had it; how many.

    Papers processed earlier printed a valid id the catalog lacked: `unresolved` by `arxiv_id`.
    Now that the paper is ours, the resolver would link them (`resolve.own_tables`); it is not
    asked again for papers it already decided with a catalog record.
    """
    in_catalog = sa.select(arxiv_catalog.c.arxiv_id).where(arxiv_catalog.c.arxiv_id == arxiv_id)
    if conn.execute(in_catalog).first() is not None:
        return 0
    links = paper_reference_links.c
    query = sa.select(
        links.reference_id, links.status, links.resolver_source, links.cited_arxiv_id, links.cited_doi
    ).where(
        links.cited_arxiv_id == arxiv_id,
        links.status == ResolutionStatus.UNRESOLVED,
        links.resolver_source == ResolverSource.ARXIV_ID,
    )
    changed = 0
    for row in conn.execute(query).all():
        source = ResolverSource(row.resolver_source)
        stored = Resolution(ResolutionStatus(row.status), source, row.cited_arxiv_id, row.cited_doi)
        resolution = earlier_citation(stored, arxiv_id)
        if resolution is not None:
            replace_resolution(conn, row.reference_id, resolution)
            changed += 1
    return changed


def replace_resolution(conn: sa.Connection, reference_id: int, resolution: Resolution) -> None:
    """Re-resolution of a stored reference (new catalog data) without re-extracting."""
    conn.execute(paper_reference_links.delete().where(paper_reference_links.c.reference_id == reference_id))
    conn.execute(paper_reference_links.insert().values(_link_values(reference_id, resolution, utcnow())))


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
    raw, parsed = item.raw, item.parsed
    provenance = asdict(raw.provenance)
    provenance["pages"] = list(raw.provenance.pages)
    provenance["bbox"] = list(raw.provenance.bbox) if raw.provenance.bbox else None
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
        **{name: value for name, value in asdict(parsed).items() if name != "confidence"},
        "authors": list(parsed.authors),
        "parse_confidence": parsed.confidence,
        "source": raw.source,
        "source_observed_at": observed_at,
        "extractor_version": extractor_version,
        "provenance": provenance,
        "flags": list(raw.flags),
    }


def _link_values(reference_id: int, resolution: Resolution, observed_at: datetime) -> dict:
    return {
        "reference_id": reference_id,
        "status": resolution.status,
        "resolver_source": resolution.resolver_source,
        "cited_arxiv_id": resolution.cited_arxiv_id,
        "cited_doi": resolution.cited_doi,
        "score": resolution.score,
        "candidates": [asdict(c) for c in resolution.candidates],
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
