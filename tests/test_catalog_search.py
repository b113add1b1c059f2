"""The catalog's search index follows the rows: a record re-loaded with a new title is found by it alone.

Triggers keep the word -> id postings and the word counts (migration 0005): row triggers on
SQLite, statement triggers on PostgreSQL; a reload (or harvest) that changes a title must leave
no trace of the old words, and the counts must stay those of the postings.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import sqlalchemy as sa

from arxref.catalog import CatalogRecord, MemoryCatalog
from arxref.store.catalog import SqlCatalog, load_catalog
from arxref.store.catalog_bulk import bulk_load_catalog
from arxref.store.engine import make_engine, upgrade_schema

OLD = CatalogRecord("2001.00001", "Quasicrystalline tilings of hyperbolic manifolds", "Ada Lovelace")
NEW = CatalogRecord("2001.00001", "Ornithopter aerodynamics with flapping membranes", "Ada Lovelace")
OTHER = CatalogRecord("2001.00002", "Hyperbolic manifolds and their volumes", "Alan Turing")
WORD_COUNTS = "SELECT term, doc FROM arxiv_catalog_words WHERE doc > 0"
POSTING_COUNTS = "SELECT term, count(*) FROM arxiv_catalog_postings GROUP BY term"


@contextmanager
def _migrated(url: str) -> Iterator[sa.Engine]:
    """A migrated database with an empty catalog (each test loads its own records), disposed after."""
    engine = make_engine(url)
    upgrade_schema(engine)
    try:
        yield engine
    finally:
        engine.dispose()


def _found(catalog: SqlCatalog, text: str) -> list[str]:
    return [r.arxiv_id for r in catalog.search(text, 5)]


def test_search_follows_a_changed_title(database_url: str) -> None:
    with _migrated(database_url) as engine:
        load_catalog(engine, [OLD, OTHER])
        with engine.connect() as conn:
            catalog = SqlCatalog(conn)
            assert _found(catalog, "quasicrystalline tilings of hyperbolic manifolds")[0] == OLD.arxiv_id
        load_catalog(engine, [NEW])
        with engine.connect() as conn:
            catalog = SqlCatalog(conn)
            assert _found(catalog, "ornithopter aerodynamics with flapping membranes") == [NEW.arxiv_id]
            assert OLD.arxiv_id not in _found(catalog, "quasicrystalline tilings of hyperbolic manifolds")
            assert _found(catalog, "hyperbolic manifolds and their volumes")[0] == OTHER.arxiv_id
            assert catalog.by_title("quasicrystalline tilings of hyperbolic manifolds") == []
            counts = {t: n for t, n in conn.execute(sa.text(WORD_COUNTS))}
            assert counts == {t: n for t, n in conn.execute(sa.text(POSTING_COUNTS))}
            assert counts["hyperbolic"] == 1
            assert counts["ornithopter"] == 1
            assert "quasicrystalline" not in counts
        with engine.begin() as conn:
            conn.execute(sa.text("DELETE FROM arxiv_catalog WHERE arxiv_id = :id"), {"id": OTHER.arxiv_id})
        with engine.connect() as conn:
            assert _found(SqlCatalog(conn), "hyperbolic manifolds and their volumes") == []
            counts = {t: n for t, n in conn.execute(sa.text(WORD_COUNTS))}
            assert counts == {t: n for t, n in conn.execute(sa.text(POSTING_COUNTS))}
            assert "volumes" not in counts


def test_bulk_load_keeps_the_search_tables_and_later_upserts_work(database_url: str) -> None:
    with _migrated(database_url) as engine:
        assert bulk_load_catalog(engine, [OLD, OTHER]) == 2
        load_catalog(engine, [NEW])
        with engine.connect() as conn:
            catalog = SqlCatalog(conn)
            assert _found(catalog, "ornithopter aerodynamics with flapping membranes") == [NEW.arxiv_id]
            assert _found(catalog, "hyperbolic manifolds and their volumes") == [OTHER.arxiv_id]
            counts = {t: n for t, n in conn.execute(sa.text(WORD_COUNTS))}
            assert counts == {t: n for t, n in conn.execute(sa.text(POSTING_COUNTS))}
            assert counts["manifolds"] == 1


def test_search_many_ranks_each_text_as_memory_does(database_url: str) -> None:
    """Texts of one batch sharing words (read once for the batch) are ranked each on its own."""
    tiling = CatalogRecord("2001.00003", "Hyperbolic tilings", "Emmy Noether")
    with _migrated(database_url) as engine:
        load_catalog(engine, [OLD, OTHER, tiling])
        texts = ["hyperbolic manifolds and their volumes", "quasicrystalline hyperbolic tilings", "nope", ""]
        with engine.connect() as conn:
            found = SqlCatalog(conn).search_many(texts, 5)
        assert [[r.arxiv_id for r in records] for records in found] == [
            ["2001.00002", "2001.00001", "2001.00003"],
            ["2001.00001", "2001.00003", "2001.00002"],
            [],
            [],
        ]
        memory = MemoryCatalog([OLD, OTHER, tiling])
        assert found == [memory.search(text, 5) for text in texts]


def test_one_word_queries_rank_by_id_as_counted_ones_do(database_url: str, monkeypatch) -> None:
    """A query whose budget leaves it one word (its ids ranked without counting) and one keeping two
    rank as MemoryCatalog does, ties by id, the limit cutting ids given out of order."""
    from arxref import catalog as catalog_module

    records = [CatalogRecord(f"2001.{n:05d}", f"Graph {'lattice ' if n % 3 == 0 else ''}models {n}") for n in
               (7, 3, 12, 1, 9, 6, 2, 15, 4)]
    with _migrated(database_url) as engine:
        load_catalog(engine, records)
        memory = MemoryCatalog(records)
        texts = ["lattice graph", "graph models", "lattice"]
        # 5: "lattice" alone (5 titles), "graph models" nothing; 14: "lattice" and "graph" (9), "graph" alone
        for budget in (5, 14):
            monkeypatch.setattr(catalog_module, "POSTINGS_BUDGET", budget)
            with engine.connect() as conn:
                found = SqlCatalog(conn).search_many(texts, 4)
            assert found == [memory.search(text, 4) for text in texts]
            assert found[0]
            assert found[2]
            assert bool(found[1]) == (budget == 14)


def test_lookups_of_values_with_line_breaks_or_empty_find_what_they_name(database_url: str) -> None:
    """PostgreSQL gets a lookup's values as one string split at line breaks; values that hold one, or an
    empty one, still find exactly their rows (they go as a list)."""
    records = [
        CatalogRecord("2001.00001", "Hyperbolic manifolds", doi="10.1/a"),
        CatalogRecord("2001.00002", "Tilings", doi="10.1/b"),
    ]
    with _migrated(database_url) as engine:
        load_catalog(engine, records)
        with engine.connect() as conn:
            sql = SqlCatalog(conn)
            assert set(sql.by_ids(["2001.00001", "2001.00002", "2001.00003"])) == {"2001.00001", "2001.00002"}
            assert set(sql.by_dois(["10.1/a", "10.1/a\n10.1/b"])) == {"10.1/a"}
            assert sql.by_dois([""]) == {}
            assert list(sql.by_titles(["tilings", "hyperbolic\nmanifolds"])) == ["tilings"]
            assert sql.title_norms(["2001.00002", ""]) == {"2001.00002": "tilings"}


def test_title_norms_pair_each_id_with_its_own_title_a_titleless_one_too(database_url: str) -> None:
    """PostgreSQL sends the ids and titles as two joined lists, paired by position: a record without a
    title (no title_norm) keeps its place, and ids the catalog lacks are left out."""
    records = [
        CatalogRecord("2001.00001", "Hyperbolic manifolds"),
        CatalogRecord("2001.00002", None),
        CatalogRecord("2001.00003", "Tilings"),
    ]
    with _migrated(database_url) as engine:
        load_catalog(engine, records)
        with engine.connect() as conn:
            sql = SqlCatalog(conn)
            asked = ["2001.00003", "2001.00002", "2001.00009", "2001.00001"]
            expected = {"2001.00001": "hyperbolic manifolds", "2001.00002": "", "2001.00003": "tilings"}
            assert sql.title_norms(asked) == expected
            assert sql.title_norms(["2001.00009"]) == {}


def test_lookups_run_in_the_connections_transaction_and_fail_as_sqlalchemy_does(database_url: str) -> None:
    """The lookups go to the driver's cursor, not through SQLAlchemy's execution: they still open the
    transaction a statement would (the caller ends it), and a database error is SQLAlchemy's error."""
    with _migrated(database_url) as engine:
        load_catalog(engine, [OLD, OTHER])
        with engine.connect() as conn:
            assert not conn.in_transaction()
            assert set(SqlCatalog(conn).by_ids([OLD.arxiv_id])) == {OLD.arxiv_id}
            assert conn.in_transaction()
            conn.rollback()
            conn.exec_driver_sql("DROP TABLE arxiv_catalog_words")
            with pytest.raises(sa.exc.DBAPIError) as failed:
                SqlCatalog(conn).search_many(["hyperbolic"], 5)
            assert not failed.value.connection_invalidated
            conn.rollback()  # the failed transaction ends as after any failed statement
            assert SqlCatalog(conn).by_ids(["nope"]) == {}


@pytest.mark.postgres
def test_a_lost_connection_is_invalidated_as_sqlalchemy_does(postgres_url: str) -> None:
    """A server connection gone mid-lookup raises SQLAlchemy's error marked `connection_invalidated`
    (what `database_errors` turns into DatabaseUnavailable, a retry), and the next lookup reconnects."""
    with _migrated(postgres_url) as engine:
        load_catalog(engine, [OLD, OTHER])
        with engine.connect() as conn:
            pid = conn.exec_driver_sql("SELECT pg_backend_pid()").scalar_one()
            conn.rollback()
            with engine.connect() as other:
                other.exec_driver_sql(f"SELECT pg_terminate_backend({pid})")
            with pytest.raises(sa.exc.OperationalError) as failed:
                SqlCatalog(conn).by_ids([OLD.arxiv_id])
            assert failed.value.connection_invalidated
            assert conn.invalidated
            conn.rollback()
            assert set(SqlCatalog(conn).by_ids([OLD.arxiv_id])) == {OLD.arxiv_id}


@pytest.mark.postgres
def test_the_postings_statement_keeps_a_generic_plan(postgres_url: str) -> None:
    """The server plans the postings statement once, not at each paper: once psycopg has prepared it,
    its plan cache turns to a generic plan (which it did not while the planner saw the word lists).
    Its answers are those of the memory catalog throughout."""
    records = [OLD, OTHER, CatalogRecord("2001.00003", "Volumes of hyperbolic knots", "Emmy Noether")]
    memory = MemoryCatalog(records)
    texts = ["hyperbolic manifolds", "volumes", "hyperbolic knots volumes", "tilings", "knots"]
    with _migrated(postgres_url) as engine:
        load_catalog(engine, records)
        with engine.connect() as conn:
            sql = SqlCatalog(conn)
            expected = [[r.arxiv_id for r in memory.search(text, 20)] for text in texts]
            for _ in range(15):  # psycopg prepares at the 5th call; the server tries 5 custom plans first
                assert sql.search_ids_many(texts, 20) == expected
            plans = conn.exec_driver_sql(
                "SELECT generic_plans FROM pg_prepared_statements "
                "WHERE statement LIKE '%%arxiv_catalog_postings%%'"
            ).scalars().all()
            assert plans
            assert max(plans) > 0
