"""The catalog's search index follows the rows: a record re-loaded with a new title is found by it alone.

Triggers keep the word -> id postings and the word counts (migration 0005): row triggers on
SQLite, statement triggers on PostgreSQL; a reload (or harvest) that changes a title must leave
no trace of the old words, and the counts must stay those of the postings.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace

import pytest
import sqlalchemy as sa
from alembic import command

from arxref.catalog.records import CatalogRecord, MemoryCatalog, normalize_title
from arxref.store.catalog import HEAD_SIZE, SqlCatalog, load_catalog
from arxref.store.catalog_bulk import bulk_load_catalog
from arxref.store.engine import _alembic_config, make_engine, upgrade_schema

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
    from arxref.catalog import records as catalog_module

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


def _terminate_backend(engine: sa.Engine, conn: sa.Connection) -> None:
    """The server ends the connection's backend, as an administrator or a restart would."""
    pid = conn.exec_driver_sql("SELECT pg_backend_pid()").scalar_one()
    conn.rollback()
    with engine.connect() as other:
        other.exec_driver_sql(f"SELECT pg_terminate_backend({pid})")


def _leave_mid_command(_engine: sa.Engine, conn: sa.Connection) -> None:
    """A query sent and never read: the state psycopg leaves a connection in when the server's socket
    closes as a query is being sent (CI met it after pg_terminate_backend). psycopg raises before it
    calls the connection broken, SQLAlchemy's only test of a disconnect."""
    conn.exec_driver_sql("SELECT 1")
    driver = conn.connection.dbapi_connection
    driver.pgconn.send_query(b"SELECT pg_sleep(0.1)")
    assert not driver.broken


@pytest.mark.postgres
@pytest.mark.parametrize("lose", [_terminate_backend, _leave_mid_command])
def test_a_lost_connection_is_invalidated_as_sqlalchemy_does(postgres_url: str, lose: Callable) -> None:
    """A server connection gone mid-lookup raises SQLAlchemy's error marked `connection_invalidated`
    (what `database_errors` turns into DatabaseUnavailable, a retry), and the next lookup reconnects.
    A connection left inside a command can run nothing more (not even the ROLLBACK that returns it to
    the pool), so it is lost all the same."""
    with _migrated(postgres_url) as engine:
        load_catalog(engine, [OLD, OTHER])
        with engine.connect() as conn:
            lose(engine, conn)
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


# Migration 0013's heads as they must be: each word's HEAD_SIZE first postings, with the titles of now.
EXPECTED_HEADS = (
    "SELECT term, arxiv_id, title_norm FROM (SELECT p.term, p.arxiv_id, c.title_norm, "
    "row_number() OVER (PARTITION BY p.term ORDER BY p.arxiv_id) AS k FROM arxiv_catalog_postings AS p "
    "JOIN arxiv_catalog AS c ON c.arxiv_id = p.arxiv_id) AS r WHERE k <= {size} ORDER BY 1, 2"
)
HEADS = "SELECT term, arxiv_id, title_norm FROM arxiv_catalog_heads ORDER BY 1, 2"


def _heads_hold(engine: sa.Engine) -> int:
    """Assert the heads are the first ids of each word's postings with their titles; their number."""
    with engine.connect() as conn:
        heads = [tuple(row) for row in conn.exec_driver_sql(HEADS)]
        expected = [tuple(row) for row in conn.exec_driver_sql(EXPECTED_HEADS.format(size=HEAD_SIZE))]
    assert heads == expected
    return len(heads)


@pytest.mark.postgres
def test_word_heads_follow_inserts_updates_and_deletes(postgres_url: str) -> None:
    """The heads stay each word's first HEAD_SIZE ids (bytewise) with their titles through a bulk load in
    batches, upserts of new and changed rows (a title losing or keeping a word, an id pushed out by
    smaller ones) and deletes that leave a word fewer than HEAD_SIZE; the search reads them as it
    read the postings, each hit's title with it."""
    rng = random.Random(13)
    numbers = list(range(1, 3 * HEAD_SIZE))
    rng.shuffle(numbers)
    records = [
        CatalogRecord(f"2001.{n:05d}", f"Graph {'lattice ' * (n % 3 > 0)}models number {n}", "Emmy Noether")
        for n in numbers
    ]
    with _migrated(postgres_url) as engine:
        assert bulk_load_catalog(engine, records[:25], batch_size=10) == 25
        assert _heads_hold(engine) > 0
        load_catalog(engine, records[25:])
        assert _heads_hold(engine) > 0
        first = sorted(records, key=lambda r: r.arxiv_id)
        changed = [
            replace(first[0], title="Lattice models number 1"),  # loses "graph"
            replace(first[1], title="Graph models renumbered"),  # keeps "graph", loses its number
            replace(first[2], authors="Alan Turing"),  # the title as it was
            CatalogRecord("2001.00000", "Graph lattice models zero", "Ada Lovelace"),  # pushes one out
        ]
        load_catalog(engine, changed)
        _heads_hold(engine)
        with engine.begin() as conn:
            conn.exec_driver_sql("DELETE FROM arxiv_catalog WHERE arxiv_id < '2001.00030'")
        _heads_hold(engine)
        with engine.begin() as conn:
            retitle = "UPDATE arxiv_catalog SET title_norm = {} WHERE arxiv_id = '{}'"
            conn.exec_driver_sql(retitle.format("NULL", "2001.00031"))
            conn.exec_driver_sql(retitle.format("'graph'", "2001.00032"))
        _heads_hold(engine)
        with engine.connect() as conn:
            rows = conn.exec_driver_sql("SELECT arxiv_id, title_norm FROM arxiv_catalog").all()
            memory = MemoryCatalog(CatalogRecord(aid, title_norm) for aid, title_norm in rows)
            norms = {aid: title_norm for aid, title_norm in rows}
            sql = SqlCatalog(conn)
            texts = ["graph", "lattice", "models number", "renumbered graph"]
            for limit in (3, HEAD_SIZE, HEAD_SIZE + 5):
                ranked, titles, _ = sql.search_hits_many(texts, limit)
                assert ranked == [[r.arxiv_id for r in memory.search(text, limit)] for text in texts]
                # The first ids of each word read come with their titles (within the limit), the one-word
                # queries' ("graph", "lattice") among them; past HEAD_SIZE the postings carry none.
                assert titles == {aid: norms[aid] for aid in titles}
                assert set(ranked[0] + ranked[1]) <= titles.keys() if limit <= HEAD_SIZE else titles == {}


@pytest.mark.postgres
def test_migration_0013_fills_the_heads_of_a_loaded_catalog(postgres_url: str) -> None:
    """A catalog loaded before 0013 gets its heads, and the first author's titles from its index."""
    records = [
        CatalogRecord(f"2001.{n:05d}", f"Spin glass number {n % 7}", "Alan Turing", year=2020)
        for n in range(1, 40)
    ]
    engine = make_engine(postgres_url)
    try:
        config = _alembic_config()
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.upgrade(config, "0012")
        load_catalog(engine, records)
        upgrade_schema(engine)
        assert _heads_hold(engine) == HEAD_SIZE * 3 + len(records)  # "spin", "glass", "number"; "0" .. "6"
        with engine.connect() as conn:
            ids, titles = SqlCatalog(conn).first_author_hits([("turing", (2000, 2030))])
            assert titles == {r.arxiv_id: normalize_title(r.title) for r in records}
    finally:
        engine.dispose()
