"""The catalog's fast first load, apart from catalog.py for its handling of the search triggers.

`bulk_load_catalog` leaves the same rows in `arxiv_catalog` and its two search tables
(`arxiv_catalog_postings`, `arxiv_catalog_words`, migrations 0004/0005) as `load_catalog`
of the same records, where the triggers keep them:

- PostgreSQL: COPY, one statement per batch, so the statement trigger of 0005 runs once per
  batch, set-based. Its SELECT DISTINCT would hash the (word, id) pairs, inserting them into
  the postings B-tree in random order; with hash aggregation off for the batch it sorts them,
  and the B-tree takes them in key order (1,000,000 rows: 361 -> 268 s).
- SQLite: its triggers are per row (split the title with json_each, upsert each word's
  count, insert each posting at a random place of a growing B-tree), most of a first load's
  time. So each batch, in one transaction, drops the two AFTER INSERT triggers, inserts its
  rows, adds the postings and word counts of just those rows with one sorted statement each
  (split and counted as the triggers do, set-based), and creates the triggers again from the
  SQL saved from sqlite_master before committing. SQLite's DDL is transactional: a failed
  batch or a crash leaves the triggers in place (1,000,000 rows: 597-625 -> 211 s).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import islice

import sqlalchemy as sa

from arxref.catalog.records import CatalogRecord
from arxref.store.catalog import _row

# Rows per COPY statement / SQLite transaction: each runs the search-table upkeep once, and a progress report.
BULK_SIZE = 100_000

# The AFTER INSERT triggers of migrations 0004 and 0005 that the statements below stand in for.
_INSERT_TRIGGERS = ("arxiv_catalog_words_insert", "arxiv_catalog_postings_insert")
# The words of each new title, split as the triggers split them (title_norm is words of [0-9a-z] joined by
# single spaces); NOT INDEXED: read the new rows by rowid range, not by a scan of the whole id index.
_NEW_WORDS = (
    "FROM arxiv_catalog AS c NOT INDEXED, "
    "json_each('[\"' || replace(c.title_norm, ' ', '\",\"') || '\"]') AS j "
    "WHERE c.rowid > ? AND c.title_norm IS NOT NULL"
)
# Each distinct (word, id) once, in key order: the postings B-tree takes them as one ordered merge.
_ADD_POSTINGS = (
    f"INSERT OR IGNORE INTO arxiv_catalog_postings (term, arxiv_id) SELECT j.value, c.arxiv_id {_NEW_WORDS} "
    "GROUP BY 1, 2 ORDER BY 1, 2"
)
# Per word, the number of new titles holding it (the triggers add 1 per title, each distinct word once).
_ADD_WORDS = (
    f"INSERT INTO arxiv_catalog_words (term, doc) SELECT j.value, count(DISTINCT c.rowid) {_NEW_WORDS} "
    "GROUP BY 1 ORDER BY 1 ON CONFLICT (term) DO UPDATE SET doc = doc + excluded.doc"
)


def bulk_load_catalog(
    engine: sa.Engine,
    records: Iterable[CatalogRecord],
    progress: Callable[[int], None] | None = None,
    batch_size: int = BULK_SIZE,
) -> int:
    """Insert records of ids not yet in the catalog, fast (COPY; executemany): a first load.

    The search tables end as `load_catalog` would leave them; an id already present, or listed
    twice, is an integrity error (use `load_catalog` to update): that batch is rolled back, the
    batches before it stay. `progress` gets the running count after each committed batch.
    """
    names = list(_row(CatalogRecord("", None)))  # the columns in the order `_row` gives them
    columns = ", ".join(names)
    postgres = engine.dialect.name == "postgresql"
    insert = f"INSERT INTO arxiv_catalog ({columns}) VALUES ({', '.join('?' for _ in names)})"
    total = 0
    iterator = iter(records)
    raw = engine.raw_connection()
    try:
        cursor = raw.cursor()
        while batch := [tuple(row.values()) for row in map(_row, islice(iterator, batch_size))]:
            if postgres:
                # For this transaction only; DISCARD PLANS: PL/pgSQL keeps the trigger's plans per session.
                cursor.execute("SET LOCAL enable_hashagg = off")
                cursor.execute("DISCARD PLANS")
                with cursor.copy(f"COPY arxiv_catalog ({columns}) FROM STDIN") as copy:
                    for row in batch:
                        copy.write_row(row)
            else:
                _sqlite_batch(cursor, insert, batch)
            raw.commit()
            total += len(batch)
            if progress is not None:
                progress(total)
    finally:
        raw.close()  # back to the pool, which rolls back a failed batch
    return total


def _sqlite_batch(cursor, insert: str, batch: list[tuple]) -> None:  # noqa: ANN001 (a DB-API cursor)
    """Insert one batch with the insert triggers off, in a transaction the caller commits."""
    cursor.execute("BEGIN IMMEDIATE")  # explicit: Python's sqlite3 would run the DDL outside a transaction
    found = dict(
        cursor.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'arxiv_catalog' "
            f"AND name IN ({', '.join('?' for _ in _INSERT_TRIGGERS)})",
            _INSERT_TRIGGERS,
        ).fetchall()
    )
    if len(found) != len(_INSERT_TRIGGERS):
        missing = sorted(set(_INSERT_TRIGGERS) - set(found))
        raise RuntimeError(f"bulk_load_catalog: the schema lacks the insert triggers {missing}")
    last = cursor.execute("SELECT coalesce(max(rowid), 0) FROM arxiv_catalog").fetchone()[0]
    for name in _INSERT_TRIGGERS:
        cursor.execute(f"DROP TRIGGER {name}")
    cursor.executemany(insert, batch)
    cursor.execute(_ADD_POSTINGS, (last,))
    cursor.execute(_ADD_WORDS, (last,))
    for name in _INSERT_TRIGGERS:
        cursor.execute(found[name])
