"""The fast first load leaves the same tables as the row-by-row load, and the triggers in place.

On SQLite `bulk_load_catalog` drops the insert triggers for each batch and fills the search
tables set-based instead (catalog_bulk's docstring); on PostgreSQL COPY fires the statement
triggers. Either way the catalog, the postings and the word counts must be exactly those of
`load_catalog` of the same records, and the triggers must still keep them afterwards.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest
import sqlalchemy as sa

from arxref.catalog.records import CatalogRecord, normalize_title, read_catalog_file
from arxref.store.catalog import load_catalog
from arxref.store.catalog_bulk import bulk_load_catalog
from arxref.store.engine import make_engine, upgrade_schema
from tests.conftest import SAMPLES, _fresh_postgres_database

TABLES = {
    "arxiv_catalog": "SELECT * FROM arxiv_catalog ORDER BY arxiv_id",
    "arxiv_catalog_postings": "SELECT term, arxiv_id FROM arxiv_catalog_postings ORDER BY term, arxiv_id",
    "arxiv_catalog_words": "SELECT term, doc FROM arxiv_catalog_words ORDER BY term",
}
# Beside the 256 real records: no title, and a title repeating its words (each counted once).
EXTRA = [
    CatalogRecord("2001.00001", None, "Ada Lovelace"),
    CatalogRecord("2001.00002", "Spin glasses: spin, glasses, and spin glasses", "Alan Turing"),
]
# The triggers on arxiv_catalog with their definitions: the bulk load must leave them as they were.
TRIGGERS = {
    "sqlite": "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'arxiv_catalog'",
    "postgresql": "SELECT tgname, pg_get_triggerdef(oid) FROM pg_trigger "
    "WHERE tgrelid = 'arxiv_catalog'::regclass AND NOT tgisinternal",
}


def _tables(engine: sa.Engine) -> dict[str, list[tuple]]:
    with engine.connect() as conn:
        return {name: [tuple(row) for row in conn.execute(sa.text(sql))] for name, sql in TABLES.items()}


def _triggers(engine: sa.Engine) -> dict[str, str]:
    with engine.connect() as conn:
        return {name: sql for name, sql in conn.execute(sa.text(TRIGGERS[engine.dialect.name]))}


@pytest.fixture
def reference_url(database_url: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """A second empty database on the same backend, for the row-by-row reference load."""
    if database_url.startswith("sqlite"):
        yield f"sqlite:///{tmp_path / 'reference.db'}"
        return
    yield from _fresh_postgres_database(request.getfixturevalue("postgres_server"))


def test_bulk_load_in_batches_equals_the_row_by_row_load(database_url: str, reference_url: str) -> None:
    records = [*read_catalog_file(SAMPLES / "catalog.jsonl"), *EXTRA]
    assert len(records) > 250
    early, rest = records[:30], records[30:]
    bulk, reference = make_engine(database_url), make_engine(reference_url)
    try:
        for engine in (bulk, reference):
            upgrade_schema(engine)
            load_catalog(engine, early)  # words already counted before the bulk load
        triggers = _triggers(bulk)
        assert "arxiv_catalog_postings_insert" in triggers

        seen: list[int] = []
        assert bulk_load_catalog(bulk, rest, seen.append, batch_size=100) == len(rest)
        assert seen == [100, 200, len(rest)]
        load_catalog(reference, rest)
        loaded = _tables(bulk)
        assert loaded == _tables(reference)
        assert len(loaded["arxiv_catalog"]) == len(records)
        assert ("spin", "2001.00002") in loaded["arxiv_catalog_postings"]
        assert _triggers(bulk) == triggers

        # The triggers still work: a title changed by load_catalog moves its postings and counts,
        # a new record gets its own.
        old = records[40]
        changed = replace(old, title="Ornithopter aerodynamics with flapping membranes")
        new = CatalogRecord("2001.00003", "Ornithopter wings", "Emmy Noether")
        for engine in (bulk, reference):
            load_catalog(engine, [changed, new])
        updated = _tables(bulk)
        assert updated == _tables(reference)
        postings = updated["arxiv_catalog_postings"]
        assert sorted(t for t, i in postings if i == old.arxiv_id) == sorted(
            set(normalize_title(changed.title).split())
        )
        assert ("ornithopter", 2) in updated["arxiv_catalog_words"]
        words = {t: n for t, n in updated["arxiv_catalog_words"] if n}
        assert words == Counter(term for term, _ in postings)
    finally:
        bulk.dispose()
        reference.dispose()


def test_bulk_load_of_a_present_id_fails_and_keeps_the_triggers(database_url: str) -> None:
    records = list(read_catalog_file(SAMPLES / "catalog.jsonl"))[:50]
    engine = make_engine(database_url)
    try:
        upgrade_schema(engine)
        triggers = _triggers(engine)
        load_catalog(engine, records[:10])
        before = _tables(engine)
        with pytest.raises((sqlite3.IntegrityError, psycopg.errors.UniqueViolation)):
            bulk_load_catalog(engine, records[5:], batch_size=100)
        assert _tables(engine) == before
        with pytest.raises((sqlite3.IntegrityError, psycopg.errors.UniqueViolation)):
            bulk_load_catalog(engine, [*records[20:30], records[25]], batch_size=100)
        assert _tables(engine) == before
        assert _triggers(engine) == triggers
        load_catalog(engine, records[10:])
        with engine.connect() as conn:
            postings = conn.execute(sa.text("SELECT count(DISTINCT arxiv_id) FROM arxiv_catalog_postings"))
            assert postings.scalar_one() == len(records)
    finally:
        engine.dispose()


def test_reloading_a_catalog_writes_only_what_changed(database_url: str, reference_url: str) -> None:
    """Loading a snapshot into a catalog that holds it updates no unchanged row (so no trigger runs: a
    reload costs lookups, not the full scans that made it 30-50x slower than the first load), and a
    changed title leaves the search tables exactly as a fresh load of the changed snapshot does."""
    records = [*read_catalog_file(SAMPLES / "catalog.jsonl"), *EXTRA]
    engine, reference = make_engine(database_url), make_engine(reference_url)
    written: list[int] = []

    @sa.event.listens_for(engine, "after_cursor_execute")
    def _count(conn, cursor, statement, parameters, context, executemany) -> None:  # noqa: ANN001
        if statement.lstrip().upper().startswith("INSERT INTO ARXIV_CATALOG "):
            written.append(cursor.rowcount)

    try:
        upgrade_schema(engine)
        load_catalog(engine, records)
        before = _tables(engine)
        written.clear()
        load_catalog(engine, records)
        assert sum(written) == 0
        assert _tables(engine) == before
        retitled = replace(records[5], title="Ornithopter aerodynamics with flapping membranes")
        changed = [retitled, *records[6:]]
        load_catalog(engine, changed)
        upgrade_schema(reference)
        load_catalog(reference, [*records[:5], *changed])
        ours, fresh = _tables(engine), _tables(reference)
        # A word no title holds any more keeps its row at count 0 (as since 0004): the same search.
        ours["arxiv_catalog_words"] = [(term, doc) for term, doc in ours["arxiv_catalog_words"] if doc]
        assert ours == fresh
    finally:
        engine.dispose()
        reference.dispose()
