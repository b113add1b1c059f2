"""The store, run against SQLite and a real PostgreSQL server alike."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
import sqlalchemy as sa

from arxref.catalog.records import CatalogRecord, normalize_title
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
from arxref.store import versions
from arxref.store.catalog import SqlCatalog, count_catalog, load_catalog
from arxref.store.engine import head_revision, make_engine, schema_revision, upgrade_schema
from arxref.store.references import load_references, replace_references
from arxref.store.tables import metadata

PAPER = PaperVersion("2104.04473", 5)


@pytest.fixture
def engine(database_url: str) -> sa.Engine:
    engine = make_engine(database_url)
    upgrade_schema(engine)
    yield engine
    engine.dispose()


def _ref(index: int, text: str, status: ResolutionStatus = ResolutionStatus.UNRESOLVED) -> ResolvedReference:
    raw = RawReference(
        index=index, raw=text, source=ReferenceSource.ARXIV_SOURCE, label=str(index), key=f"k{index}"
    )
    resolution = Resolution(status=status)
    if status == ResolutionStatus.VERIFIED_EXACT:
        resolution = Resolution(status, ResolverSource.ARXIV_ID, cited_arxiv_id="1909.08053", score=100.0)
    return ResolvedReference(
        raw=raw, parsed=ParsedReference(title=text, authors=("A. Author",)), resolution=resolution
    )


def test_migration_creates_the_tables_of_the_code(engine: sa.Engine) -> None:
    assert schema_revision(engine) == head_revision()
    inspector = sa.inspect(engine)
    for table in metadata.sorted_tables:
        columns = {c["name"] for c in inspector.get_columns(table.name)}
        assert columns == {c.name for c in table.columns}, table.name


def test_sqlite_connections_read_the_file_through_a_memory_map(tmp_path) -> None:
    """Each pooled SQLite connection maps the database file (resolution's lookups at millions of rows)."""
    engine = make_engine(f"sqlite:///{tmp_path / 'mapped.db'}")
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA mmap_size").scalar_one() > 1 << 30
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar_one() == "wal"
    finally:
        engine.dispose()


def test_upgrade_is_idempotent(engine: sa.Engine) -> None:
    upgrade_schema(engine)
    assert schema_revision(engine) == head_revision()


_UPGRADE_AT = """
import sys, time
from arxref.store.engine import make_engine, upgrade_schema
engine = make_engine(sys.argv[1])
time.sleep(max(0.0, float(sys.argv[2]) - time.time()))  # every process starts the upgrade at once
upgrade_schema(engine)
"""


def test_first_runs_at_once_on_a_fresh_database_all_succeed(database_url: str) -> None:
    """Workers (or two `process` runs) starting together on an empty database: the schema upgrades
    are serialized, so none dies with "table already exists" / a duplicate type."""
    start = time.time() + 3.0
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", _UPGRADE_AT, database_url, str(start)], stderr=subprocess.PIPE
        )
        for _ in range(4)
    ]
    errors = [run.communicate(timeout=120)[1].decode() for run in runs]
    assert [run.returncode for run in runs] == [0, 0, 0, 0], errors
    engine = make_engine(database_url)
    assert schema_revision(engine) == head_revision()
    engine.dispose()


@pytest.mark.postgres
def test_a_statement_on_a_connection_left_mid_command_invalidates_it(postgres_url: str) -> None:
    """A connection psycopg left inside a command (its socket closed as a query was sent, before libpq
    read the failure) is not `broken` to SQLAlchemy's test; the engine calls it lost all the same, so
    the error is a disconnect (retried) and the next statement runs on a new connection."""
    engine = make_engine(postgres_url)
    with engine.connect() as conn:
        pid = conn.exec_driver_sql("SELECT pg_backend_pid()").scalar_one()
        conn.connection.dbapi_connection.pgconn.send_query(b"SELECT pg_sleep(0.1)")
        with pytest.raises(sa.exc.OperationalError) as failed:
            conn.exec_driver_sql("SELECT 1")
        assert failed.value.connection_invalidated
        conn.rollback()
        assert conn.exec_driver_sql("SELECT pg_backend_pid()").scalar_one() != pid
    engine.dispose()


def test_enqueue_twice_creates_one_job(engine: sa.Engine) -> None:
    with engine.begin() as conn:
        assert versions.enqueue_version(conn, PAPER) is True
        assert versions.enqueue_version(conn, PAPER) is False
        assert versions.enqueue_version(conn, PaperVersion(PAPER.arxiv_id, 6)) is True
        rows = versions.list_versions(conn)
    assert [(r.paper.version, r.state) for r in rows] == [(5, VersionState.QUEUED), (6, VersionState.QUEUED)]


def test_failure_is_recorded_on_the_version(engine: sa.Engine) -> None:
    with engine.begin() as conn:
        versions.enqueue_version(conn, PAPER)
        versions.mark_started(conn, PAPER, Stage.FETCH)
        versions.mark_failed(conn, PAPER, Stage.EXTRACT, CorruptPdf("cannot open: broken xref"))
        row = versions.get_version(conn, PAPER)
    assert row is not None
    assert (row.state, row.stage, row.attempts) == (VersionState.FAILED, Stage.EXTRACT, 1)
    assert (row.last_error_class, row.last_error_message) == ("CorruptPdf", "cannot open: broken xref")


def test_reprocessing_replaces_references_without_duplicates(engine: sa.Engine) -> None:
    with engine.begin() as conn:
        versions.enqueue_version(conn, PAPER)
    first = [_ref(1, "GPipe"), _ref(2, "Megatron-LM", ResolutionStatus.VERIFIED_EXACT), _ref(3, "Llama 3")]
    with engine.begin() as conn:
        replace_references(conn, PAPER, ReferenceSource.ARXIV_SOURCE, first, "0.1.0")
    with engine.begin() as conn:
        replace_references(conn, PAPER, ReferenceSource.ARXIV_SOURCE, first[:2], "0.1.1")
    with engine.connect() as conn:
        stored = load_references(conn, PAPER)
        links = conn.execute(sa.text("select count(*) from paper_reference_links")).scalar_one()
        row = versions.get_version(conn, PAPER)
    assert [s.reference.raw.raw for s in stored] == ["GPipe", "Megatron-LM"]
    assert links == 2
    assert stored[1].reference.resolution.status == ResolutionStatus.VERIFIED_EXACT
    assert stored[1].reference.resolution.cited_arxiv_id == "1909.08053"
    assert stored[0].extractor_version == "0.1.1"
    assert row is not None
    assert (row.state, row.reference_count) == (VersionState.DONE, 2)


def test_a_failed_replacement_leaves_the_old_references(engine: sa.Engine) -> None:
    with engine.begin() as conn:
        versions.enqueue_version(conn, PAPER)
        replace_references(conn, PAPER, ReferenceSource.ARXIV_SOURCE, [_ref(1, "old one")], "0.1.0")
    broken = [_ref(1, "new one"), _ref(2, None)]  # raw_text NOT NULL: the second insert fails
    with pytest.raises(sa.exc.IntegrityError), engine.begin() as conn:
        replace_references(conn, PAPER, ReferenceSource.ARXIV_SOURCE, broken, "0.2.0")
    with engine.connect() as conn:
        assert [s.reference.raw.raw for s in load_references(conn, PAPER)] == ["old one"]


def test_catalog_load_upserts_and_looks_up(engine: sa.Engine) -> None:
    records = [
        CatalogRecord(
            "1909.08053", "Megatron-LM: Training Multi-Billion Parameter Language Models", "M. Shoeybi"
        ),
        CatalogRecord(
            "1811.06965", "GPipe: Efficient Training of Giant Neural Networks", "Y. Huang", doi="10.5555/x"
        ),
    ]
    assert load_catalog(engine, records) == 2
    assert load_catalog(engine, [CatalogRecord("1811.06965", "GPipe: Efficient Training", "Y. Huang")]) == 1
    with engine.connect() as conn:
        catalog = SqlCatalog(conn)
        assert count_catalog(conn) == 2
        assert catalog.by_id("1811.06965").title == "GPipe: Efficient Training"
        title = normalize_title("Megatron-LM: training multi-billion parameter language models")
        assert [r.arxiv_id for r in catalog.by_title(title)] == ["1909.08053"]
        assert catalog.by_id("2401.00001") is None
