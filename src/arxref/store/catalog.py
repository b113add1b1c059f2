"""The `arxiv_catalog` table: loading snapshot records and looking them up.

Candidate search (`SqlCatalog.search`) uses the index of migration 0003: on SQLite
the FTS5 table with the same rarest-words rule as `MemoryCatalog` (so both give the
same candidates), in one statement that picks the words by the counts of migration
0004, counts the picked words each title holds and returns the best records whole;
on PostgreSQL the pg_trgm index, best trigram similarity first.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import asdict
from itertools import islice

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from arxref.catalog import (
    POSTINGS_BUDGET,
    SEARCH_TERMS,
    CatalogRecord,
    first_author_surname,
    normalize_title,
    search_terms,
)
from arxref.store.tables import arxiv_catalog

BATCH_SIZE = 2000
# pg_trgm: a title of 80 characters must share this much of its trigrams with the query; a longer
# query (an entry's whole text) holds the title as a smaller part, so the bar falls in proportion.
TRIGRAM_SIMILARITY = 0.45
TRIGRAM_REFERENCE_CHARS = 80

_RECORD_COLUMNS = (
    "c.arxiv_id, c.title, c.authors, c.doi, c.journal_ref, c.categories, c.latest_version, c.year, "
    "c.update_date"
)
# `pick_terms` and `rank_candidates` in SQL: the rarest words (running total of their counts within
# the budget, at most SEARCH_TERMS of them), each matched as an FTS5 phrase, titles ranked by how
# many picked words they hold, then by id. Words are [0-9a-z]+, so quoting them is safe.
_FTS_SEARCH = sa.text(
    f"""
    WITH counted AS (
        SELECT term, row_number() OVER (ORDER BY doc, term) AS k,
               sum(doc) OVER (ORDER BY doc, term ROWS UNBOUNDED PRECEDING) AS running
        FROM arxiv_catalog_words WHERE term IN (SELECT value FROM json_each(:terms)) AND doc > 0
    ),
    picked AS (SELECT term FROM counted WHERE k <= :max_terms AND running <= :budget),
    hits AS (
        SELECT f.rowid AS rid, count(*) AS n FROM picked JOIN arxiv_catalog_fts AS f
        ON f.arxiv_catalog_fts MATCH '"' || picked.term || '"' GROUP BY f.rowid
    )
    SELECT {_RECORD_COLUMNS} FROM hits JOIN arxiv_catalog AS c ON c.rowid = hits.rid
    ORDER BY hits.n DESC, c.arxiv_id LIMIT :limit
    """
)
_TRGM_MATCH = sa.text(
    "SELECT arxiv_id FROM arxiv_catalog WHERE title_norm % :query "
    "ORDER BY similarity(title_norm, :query) DESC, arxiv_id LIMIT :limit"
)
_STATE_READ = sa.text("SELECT value FROM catalog_state WHERE key = :key")
_STATE_WRITE = sa.text(
    "INSERT INTO catalog_state (key, value) VALUES (:key, :value) "
    "ON CONFLICT (key) DO UPDATE SET value = excluded.value"
)


def load_catalog(
    engine: sa.Engine,
    records: Iterable[CatalogRecord],
    progress: Callable[[int], None] | None = None,
    unknown: frozenset[str] = frozenset(),
) -> int:
    """Insert or update records in batches (a reload refreshes them); returns the count.

    `unknown`: columns the source does not carry (OAI-PMH's arXiv format has no versions):
    an existing row keeps its value there instead of having it erased.
    """
    total = 0
    iterator = iter(records)
    while batch := list(islice(iterator, BATCH_SIZE)):
        rows = [_row(record) for record in batch]
        # A snapshot may list an id twice; the last line wins, as a reload would.
        rows = list({row["arxiv_id"]: row for row in rows}.values())
        with engine.begin() as conn:
            conn.execute(_upsert(conn, unknown), rows)
        total += len(batch)
        if progress is not None:
            progress(total)
    return total


def read_state(conn: sa.Connection, key: str) -> str | None:
    """A catalog bookkeeping value (migration 0004's `catalog_state`), None when never written."""
    return conn.execute(_STATE_READ, {"key": key}).scalar()


def write_state(conn: sa.Connection, key: str, value: str) -> None:
    """Set a catalog bookkeeping value (the same statement on SQLite and PostgreSQL)."""
    conn.execute(_STATE_WRITE, {"key": key, "value": value})


def count_catalog(conn: sa.Connection) -> int:
    """How many records the catalog holds."""
    return conn.execute(sa.select(sa.func.count()).select_from(arxiv_catalog)).scalar_one()


class SqlCatalog:
    """Catalog lookups over one open connection (the `CatalogLookup` protocol)."""

    def __init__(self, conn: sa.Connection) -> None:
        self._conn = conn

    def by_id(self, arxiv_id: str) -> CatalogRecord | None:
        row = self._conn.execute(sa.select(arxiv_catalog).where(arxiv_catalog.c.arxiv_id == arxiv_id)).first()
        return _record(row) if row is not None else None

    def by_title(self, title_norm: str) -> list[CatalogRecord]:
        if not title_norm:
            return []
        rows = self._conn.execute(sa.select(arxiv_catalog).where(arxiv_catalog.c.title_norm == title_norm))
        return [_record(row) for row in rows]

    def by_doi(self, doi: str) -> list[CatalogRecord]:
        rows = self._conn.execute(sa.select(arxiv_catalog).where(arxiv_catalog.c.doi == doi.lower()))
        return [_record(row) for row in rows]

    def search(self, text_norm: str, limit: int) -> list[CatalogRecord]:
        if self._conn.dialect.name != "postgresql":
            return self._search_fts(text_norm, limit)
        ids = self._search_trigrams(text_norm, limit)
        if not ids:
            return []
        rows = self._conn.execute(sa.select(arxiv_catalog).where(arxiv_catalog.c.arxiv_id.in_(ids)))
        by_id = {row.arxiv_id: _record(row) for row in rows}
        return [by_id[aid] for aid in ids if aid in by_id]

    def _search_fts(self, text_norm: str, limit: int) -> list[CatalogRecord]:
        terms = search_terms(text_norm)
        if not terms:
            return []
        params = {
            "terms": json.dumps(terms),
            "max_terms": SEARCH_TERMS,
            "budget": POSTINGS_BUDGET,
            "limit": limit,
        }
        return [_record(row) for row in self._conn.execute(_FTS_SEARCH, params)]

    def _search_trigrams(self, text_norm: str, limit: int) -> list[str]:
        if not text_norm:
            return []
        bar = TRIGRAM_SIMILARITY * min(1.0, TRIGRAM_REFERENCE_CHARS / len(text_norm))
        self._conn.execute(
            sa.text("SELECT set_config('pg_trgm.similarity_threshold', :bar, false)"), {"bar": str(bar)}
        )
        return list(self._conn.execute(_TRGM_MATCH, {"query": text_norm, "limit": limit}).scalars())


def _row(record: CatalogRecord) -> dict:
    row = asdict(record)
    row["title_norm"] = normalize_title(record.title) or None
    row["first_author_norm"] = first_author_surname(record.authors) or None
    return row


def _upsert(conn: sa.Connection, unknown: frozenset[str] = frozenset()) -> sa.Insert:
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(arxiv_catalog)
    new = statement.excluded
    updated = {
        c.name: sa.func.coalesce(new[c.name], c) if c.name in unknown else new[c.name]
        for c in arxiv_catalog.columns
        if c.name != "arxiv_id"
    }
    return statement.on_conflict_do_update(index_elements=["arxiv_id"], set_=updated)


def _record(row: sa.Row) -> CatalogRecord:
    m = row._mapping
    return CatalogRecord(
        arxiv_id=m["arxiv_id"],
        title=m["title"],
        authors=m["authors"],
        doi=m["doi"],
        journal_ref=m["journal_ref"],
        categories=m["categories"],
        latest_version=m["latest_version"],
        year=m["year"],
        update_date=m["update_date"],
    )
