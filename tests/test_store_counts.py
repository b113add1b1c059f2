"""The kept counts (migration 0014) equal what counting the tables gives, after every kind of write,
on SQLite and a real PostgreSQL server alike."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from arxref.domain import (
    PaperVersion,
    ParsedReference,
    RawReference,
    ReferenceSource,
    Resolution,
    ResolutionStatus,
    ResolvedReference,
    ResolverSource,
    Stage,
    VersionState,
)
from arxref.errors import CorruptPdf
from arxref.store import counts, versions
from arxref.store.citations import inbound_count
from arxref.store.engine import make_engine, upgrade_schema
from arxref.store.references import load_references, replace_references, replace_resolution

CITING = [PaperVersion(f"2301.{n:05d}", 1) for n in range(1, 5)]
LATE = "2312.99999"  # printed by the citing papers before it is processed (not in the catalog)
KNOWN = "1706.03762"


def _ref(index: int, status: ResolutionStatus, cited: str | None, source=ReferenceSource.ARXIV_SOURCE):
    raw = RawReference(index=index, raw=f"Entry {index}.", source=source, label=str(index))
    by = ResolverSource.ARXIV_ID if cited else None
    resolution = Resolution(status, by, cited_arxiv_id=cited, score=100.0 if cited else None)
    return ResolvedReference(raw=raw, parsed=ParsedReference(title=f"Entry {index}"), resolution=resolution)


def _counted_from_tables(conn: sa.Connection) -> tuple[dict, dict, dict[str, int]]:
    by_state = dict(conn.execute(sa.text("SELECT state, count(*) FROM paper_versions GROUP BY state")).all())
    references = {
        (source, status): n
        for source, status, n in conn.execute(
            sa.text(
                "SELECT r.source, l.status, count(*) FROM paper_references r "
                "JOIN paper_reference_links l ON l.reference_id = r.id GROUP BY r.source, l.status"
            )
        )
    }
    inbound = dict(
        conn.execute(
            sa.text(
                "SELECT cited_arxiv_id, count(*) FROM paper_reference_links WHERE cited_arxiv_id IS NOT NULL "
                "AND status IN ('verified_exact', 'verified_fuzzy') GROUP BY cited_arxiv_id"
            )
        ).all()
    )
    return by_state, references, inbound


def _assert_kept_counts_are_exact(engine: sa.Engine) -> None:
    with engine.connect() as conn:
        by_state, references, inbound = _counted_from_tables(conn)
        assert versions.count_by_state(conn) == by_state
        assert counts.references_by_source_and_status(conn) == references
        for arxiv_id in (KNOWN, LATE, "2301.00001"):
            assert inbound_count(conn, arxiv_id)[0] == inbound.get(arxiv_id, 0)


def test_kept_counts_follow_queueing_failures_stores_replacements_late_links_and_re_resolution(
    database_url: str,
) -> None:
    engine = make_engine(database_url)
    try:
        upgrade_schema(engine)
        late = PaperVersion(LATE, 1)
        with engine.begin() as conn:
            versions.enqueue_versions(conn, [*CITING, late])
            versions.claim_version(conn, CITING[0], Stage.FETCH)
            versions.mark_failed(conn, CITING[1], Stage.FETCH, CorruptPdf("not a PDF"))
        _assert_kept_counts_are_exact(engine)

        unresolved, exact = ResolutionStatus.UNRESOLVED, ResolutionStatus.VERIFIED_EXACT
        for paper in CITING:
            refs = [
                _ref(1, exact, KNOWN),
                _ref(2, unresolved, LATE),  # a valid id nobody knew yet: unresolved by arxiv_id
                _ref(3, unresolved, None, ReferenceSource.PDF_TEXT),
                _ref(4, exact, "2301.00001"),
            ]
            with engine.begin() as conn:
                replace_references(conn, paper, ReferenceSource.ARXIV_SOURCE, refs, "0.1.0")
        _assert_kept_counts_are_exact(engine)
        with engine.connect() as conn:
            assert inbound_count(conn, KNOWN)[0] == 4
            assert inbound_count(conn, LATE)[0] == 0

        # A replacement that drops a resolved entry, and a version requeued then failed.
        with engine.begin() as conn:
            shorter = [_ref(1, exact, KNOWN)]
            replace_references(conn, CITING[0], ReferenceSource.ARXIV_SOURCE, shorter, "0.1.1")
            versions.mark_requeued(conn, CITING[2])
            versions.mark_failed(conn, CITING[2], Stage.EXTRACT, CorruptPdf("truncated"))
        _assert_kept_counts_are_exact(engine)

        # The late paper arrives: the three entries that still print its id link to it.
        with engine.begin() as conn:
            replace_references(conn, late, ReferenceSource.PDF_TEXT, [_ref(1, unresolved, None)], "0.1.1")
        _assert_kept_counts_are_exact(engine)
        with engine.connect() as conn:
            assert inbound_count(conn, LATE)[0] == 3
            linked = [s for s in load_references(conn) if s.reference.resolution.cited_arxiv_id == LATE]
        assert {s.reference.resolution.status for s in linked} == {exact}

        # `arxref resolve` changes one link's status; the counts follow.
        with engine.begin() as conn:
            replace_resolution(conn, linked[0].id, Resolution(ResolutionStatus.METADATA_MISMATCH))
        _assert_kept_counts_are_exact(engine)
        with engine.connect() as conn:
            assert inbound_count(conn, LATE)[0] == 2
            assert versions.count_by_state(conn)[VersionState.DONE] == 4

        # A bulk load that bypassed the writer is counted again from the tables.
        with engine.begin() as conn:
            conn.execute(sa.text("DELETE FROM reference_counts"))
            counts.recount(conn)
        _assert_kept_counts_are_exact(engine)
    finally:
        engine.dispose()


def test_the_migration_counts_what_was_stored_before_it(database_url: str) -> None:
    """A database stored at 0013 (no kept counts) is counted by 0014 and kept from then on."""
    from alembic import command

    from arxref.store.engine import _alembic_config

    engine = make_engine(database_url)
    try:
        with engine.begin() as conn:
            config = _alembic_config()
            config.attributes["connection"] = conn
            command.upgrade(config, "0013")
        exact = ResolutionStatus.VERIFIED_EXACT
        with engine.begin() as conn:
            versions.enqueue_versions(conn, CITING)
            versions.mark_failed(conn, CITING[3], Stage.FETCH, CorruptPdf("not a PDF"))
            for paper in CITING[:3]:
                refs = [_ref(1, exact, KNOWN), _ref(2, ResolutionStatus.UNRESOLVED, None)]
                # The 0013 writer, as it was: rows inserted without counts (0014's columns absent).
                replace_references_at_0013(conn, paper, refs)
        upgrade_schema(engine)
        with engine.connect() as conn:
            assert versions.count_by_state(conn) == {"done": 3, "failed": 1}
            assert counts.references_by_source_and_status(conn) == {
                ("arxiv_source", "verified_exact"): 3,
                ("arxiv_source", "unresolved"): 3,
            }
            assert inbound_count(conn, KNOWN)[0] == 3
        with engine.begin() as conn:
            versions.mark_requeued(conn, CITING[3])
        _assert_kept_counts_are_exact(engine)
    finally:
        engine.dispose()


def replace_references_at_0013(conn: sa.Connection, paper: PaperVersion, refs: list[ResolvedReference]):
    """Rows as a 0013 database holds them, written with plain SQL (today's writer keeps counts)."""
    version_id = conn.execute(
        sa.text("SELECT id FROM paper_versions WHERE arxiv_id = :a AND version = :v"),
        {"a": paper.arxiv_id, "v": paper.version},
    ).scalar_one()
    for position, item in enumerate(refs, 1):
        reference_id = conn.execute(
            sa.text(
                "INSERT INTO paper_references (version_id, citing_arxiv_id, citing_version, position, "
                "bibliography, reference_index, raw_text, authors, et_al, parse_confidence, source, "
                "source_observed_at, extractor_version, provenance, flags) VALUES (:v, :a, :n, :p, 1, :p, "
                "'x', '[]', false, 1.0, 'arxiv_source', CURRENT_TIMESTAMP, '0.1.0', '{}', '[]') RETURNING id"
            ),
            {"v": version_id, "a": paper.arxiv_id, "n": paper.version, "p": position},
        ).scalar_one()
        conn.execute(
            sa.text(
                "INSERT INTO paper_reference_links (reference_id, status, cited_arxiv_id, candidates, "
                "observed_at) VALUES (:r, :s, :c, '[]', CURRENT_TIMESTAMP)"
            ),
            {"r": reference_id, "s": str(item.resolution.status), "c": item.resolution.cited_arxiv_id},
        )
    conn.execute(sa.text("UPDATE paper_versions SET state = 'done' WHERE id = :v"), {"v": version_id})


def test_inbound_pages_read_from_the_end_are_the_pages_read_from_the_start(database_url: str) -> None:
    """A page past the middle is read backwards from the last citation (a paper cited 100,000 times
    pays for its last page what it pays for its first); each page holds what counting from the start
    puts there."""
    from arxref.store.citations import inbound_page

    engine = make_engine(database_url)
    try:
        upgrade_schema(engine)
        citing = [PaperVersion(f"2302.{n:05d}", 1) for n in range(1, 251)]
        with engine.begin() as conn:
            versions.enqueue_versions(conn, citing)
            for n, paper in enumerate(citing):
                refs = [_ref(1, ResolutionStatus.UNRESOLVED, None)] * (n % 3)  # ids not in citing order
                refs.append(_ref(len(refs) + 1, ResolutionStatus.VERIFIED_EXACT, KNOWN))
                replace_references(conn, paper, ReferenceSource.ARXIV_SOURCE, refs, "0.1.0")
        with engine.connect() as conn:
            total, _ = inbound_count(conn, KNOWN)
            every = [row.paper for row in inbound_page(conn, KNOWN, 0, 1000, total)]
            pages = {start: inbound_page(conn, KNOWN, start, 100, total) for start in (0, 100, 200, 240)}
        assert total == 250
        assert every == citing  # stored order
        for start, page in pages.items():
            assert [row.paper for row in page] == citing[start : start + 100], start
    finally:
        engine.dispose()


@pytest.mark.postgres
def test_postgresql_vacuums_the_links_soon_enough_for_index_only_pages(postgres_url: str) -> None:
    """Migration 0015: after 2 % of the links change, not 20 %, so a record's pages stay index-only."""
    engine = make_engine(postgres_url)
    try:
        upgrade_schema(engine)
        with engine.connect() as conn:
            options = conn.execute(
                sa.text("SELECT reloptions FROM pg_class WHERE relname = 'paper_reference_links'")
            ).scalar_one()
        assert sorted(options) == [
            "autovacuum_vacuum_insert_scale_factor=0.02",
            "autovacuum_vacuum_scale_factor=0.02",
        ]
    finally:
        engine.dispose()


def test_pages_of_a_much_cited_paper_start_from_anchors_that_follow_its_changes(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Anchors every 7 citations from 20 on (1,000 from 10,000 in production): each page holds what
    counting from the start puts there, before and after citations are removed and added (a
    replacement moves a citing version's citation to the end; the kept revision says the anchors
    read before are stale)."""
    from arxref.store import anchors
    from arxref.store.citations import inbound_page

    monkeypatch.setattr(anchors, "ANCHOR_EVERY", 7)
    monkeypatch.setattr("arxref.store.citations.ANCHORED_FROM", 20)
    engine = make_engine(database_url)
    try:
        upgrade_schema(engine)
        citing = [PaperVersion(f"2303.{n:05d}", 1) for n in range(1, 61)]
        cites = [_ref(1, ResolutionStatus.UNRESOLVED, None), _ref(2, ResolutionStatus.VERIFIED_EXACT, KNOWN)]
        with engine.begin() as conn:
            versions.enqueue_versions(conn, citing)
            for paper in citing:
                replace_references(conn, paper, ReferenceSource.ARXIV_SOURCE, cites, "0.1.0")

        def pages() -> dict[int, list[PaperVersion]]:
            with engine.connect() as conn:
                total, _ = inbound_count(conn, KNOWN)
                return {start: [row.paper for row in inbound_page(conn, KNOWN, start, 10, total)]
                        for start in range(0, total, 10)}  # fmt: skip

        assert pages() == {start: citing[start : start + 10] for start in range(0, 60, 10)}
        with engine.begin() as conn:  # citing[5] stored again: the same count, its citation comes last
            replace_references(conn, citing[5], ReferenceSource.ARXIV_SOURCE, cites, "0.1.1")
        now = [p for p in citing if p != citing[5]] + [citing[5]]
        assert pages() == {start: now[start : start + 10] for start in range(0, 60, 10)}
        with engine.begin() as conn:  # citing[9] cites it no more
            replace_references(conn, citing[9], ReferenceSource.ARXIV_SOURCE, cites[:1], "0.1.1")
        now.remove(citing[9])
        assert pages() == {start: now[start : start + 10] for start in range(0, 59, 10)}
    finally:
        engine.dispose()
