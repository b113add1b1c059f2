"""The `arxiv_catalog` table: loading snapshot records and looking them up.

Candidate search (`SqlCatalog.search`) uses the index of migration 0003: on SQLite
the FTS5 table with the same rarest-words rule as `MemoryCatalog` (so both give the
same candidates); on PostgreSQL the pg_trgm index, best trigram similarity first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict
from itertools import islice

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from arxref.catalog import (
    CatalogRecord,
    first_author_surname,
    normalize_title,
    pick_terms,
    rank_candidates,
    search_terms,
)
from arxref.store.tables import arxiv_catalog

BATCH_SIZE = 2000
# pg_trgm: a title of 80 characters must share this much of its trigrams with the query; a longer
# query (an entry's whole text) holds the title as a smaller part, so the bar falls in proportion.
TRIGRAM_SIMILARITY = 0.45
TRIGRAM_REFERENCE_CHARS = 80

_FTS_TERMS = sa.text("SELECT term, doc FROM arxiv_catalog_terms WHERE term IN :terms").bindparams(
    sa.bindparam("terms", expanding=True)
)
_FTS_MATCH = sa.text(
    "SELECT c.arxiv_id, c.title_norm FROM arxiv_catalog_fts JOIN arxiv_catalog AS c "
    "ON c.rowid = arxiv_catalog_fts.rowid WHERE arxiv_catalog_fts MATCH :query"
)
_TRGM_MATCH = sa.text(
    "SELECT arxiv_id FROM arxiv_catalog WHERE title_norm % :query "
    "ORDER BY similarity(title_norm, :query) DESC, arxiv_id LIMIT :limit"
)


def load_catalog(
    engine: sa.Engine,
    records: Iterable[CatalogRecord],
    progress: Callable[[int], None] | None = None,
) -> int:
    """Insert or update records in batches (a reload refreshes them); returns the count."""
    total = 0
    iterator = iter(records)
    while batch := list(islice(iterator, BATCH_SIZE)):
        rows = [_row(record) for record in batch]
        # A snapshot may list an id twice; the last line wins, as a reload would.
        rows = list({row["arxiv_id"]: row for row in rows}.values())
        with engine.begin() as conn:
            conn.execute(_upsert(conn), rows)
        total += len(batch)
        if progress is not None:
            progress(total)
    return total


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
        if self._conn.dialect.name == "postgresql":
            ids = self._search_trigrams(text_norm, limit)
        else:
            ids = self._search_fts(text_norm, limit)
        if not ids:
            return []
        rows = self._conn.execute(sa.select(arxiv_catalog).where(arxiv_catalog.c.arxiv_id.in_(ids)))
        by_id = {row.arxiv_id: _record(row) for row in rows}
        return [by_id[aid] for aid in ids if aid in by_id]

    def _search_fts(self, text_norm: str, limit: int) -> list[str]:
        terms = search_terms(text_norm)
        if not terms:
            return []
        counts = {term: doc for term, doc in self._conn.execute(_FTS_TERMS, {"terms": terms})}
        picked = pick_terms(counts)
        if not picked:
            return []
        query = " OR ".join(f'"{term}"' for term in picked)
        titles = {aid: title for aid, title in self._conn.execute(_FTS_MATCH, {"query": query})}
        return rank_candidates(picked, titles, limit)

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


def _upsert(conn: sa.Connection) -> sa.Insert:
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(arxiv_catalog)
    updated = {c.name: statement.excluded[c.name] for c in arxiv_catalog.columns if c.name != "arxiv_id"}
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
